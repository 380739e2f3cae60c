"""A module's symbol table (BC034; ``tests/fixtures/symbol_table.mlir`` holds where it is reported,
each annotation iree-opt 3.13's): the help a test file read whole gets, and the order of MLIR's
checks (the symbol table only once every op of the module verified)."""

from __future__ import annotations

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text

TWICE = "func.func private @f()\n{between}func.func private @f()\n"
HELP = "--split-input-file (or `split-input-file = true`) reads each part"


def test_a_symbol_defined_again_in_a_later_part_of_a_file_read_whole_gets_a_help() -> None:
    (found,) = check_text("t.mlir", TWICE.format(between="\n// -----\n\n"), Options()).diagnostics
    assert found.code == "BC034"
    assert [n.kind for n in found.notes] == ["help"] and HELP in found.notes[0].message
    assert (
        check_text("t.mlir", TWICE.format(between="\n// -----\n\n"), Options(split_marker="// -----")).diagnostics == []
    )


def test_a_symbol_defined_again_in_the_same_part_gets_none() -> None:
    (found,) = check_text("t.mlir", TWICE.format(between="// a comment\n"), Options()).diagnostics
    assert found.code == "BC034" and found.notes == ()


def test_the_symbol_table_is_checked_only_once_every_op_verified() -> None:
    """iree-opt 3.13 reports the op's error, and not the redefinition, of this module."""
    text = (
        "func.func private @g()\n"
        "func.func @g(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {\n"
        "  %0 = tosa.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n"
        "  return %0 : tensor<2xf32>\n"
        "}\n"
    )
    everything = check_text("t.mlir", text, Options()).diagnostics
    assert sorted(d.code for d in everything) == ["BC034", "BC101"]
    as_mlir_opt = check_text("t.mlir", text, Options(verify_diagnostics=True)).diagnostics
    (unexpected,) = [d for d in as_mlir_opt if d.code in ("BC034", "BC101", "BC902")]
    assert unexpected.code == "BC902" and "broadcast-compatible" in unexpected.message
