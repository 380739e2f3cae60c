"""The helpers of the export mutation campaigns that need no real tool: where a yield's region is,
which op a line belongs to, the ``yield+def`` mutants, and the text without locations on which the
JAX campaign reads the tool's line (tests/oracle/export_mutants.py)."""

from __future__ import annotations

from tests.oracle.export_mutants import (
    mutants,
    op_results,
    region_parents,
    region_yields,
    statement_ops,
    without_locations,
)

# The shape JAX prints: a while (custom form, `cond {` / `} do {`), a case holding a case (generic form).
EXPORT = """\
#loc1 = loc("x")
module @jit_f {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<4xf32> loc("x")) -> (tensor<4xf32>) {
    %c = stablehlo.constant dense<0> : tensor<i32> loc(#loc1)
    %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %c) : tensor<4xf32>, tensor<i32>
    cond {
      %c_1 = stablehlo.constant dense<3> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_0, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = stablehlo.convert %iterArg : (tensor<4xf32>) -> tensor<4xf32>
      stablehlo.return %1, %iterArg_0 : tensor<4xf32>, tensor<i32>
    }
    %2 = "stablehlo.case"(%arg0) ({
      %3 = "stablehlo.case"(%arg0) ({
        stablehlo.return %0#0 : tensor<4xf32>
      }) : (tensor<i32>) -> tensor<4xf32>
      stablehlo.return %3 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32> loc(#loc1)
    return %2 : tensor<4xf32>
  }
}"""
LINES = EXPORT.split("\n")


def test_region_parents_follow_cond_do_and_nested_cases() -> None:
    parents = region_parents(LINES)
    assert parents[8] == parents[11] == "stablehlo.while"  # the cond's yield, the body's yield
    assert parents[15] == parents[17] == "stablehlo.case"
    assert parents[19] == "func.func"  # return


def test_statement_ops_name_the_op_a_closing_line_belongs_to() -> None:
    ops = statement_ops(LINES)
    assert ops[16] == ops[18] == "stablehlo.case"  # `}) : (...) -> ...` of the inner and the outer case
    assert ops[4] == "stablehlo.while" and ops[10] == "stablehlo.convert"


def test_region_yields_change_the_yield_and_for_yield_def_its_definition() -> None:
    found = list(region_yields([("jax", "f.mlir", EXPORT)], ("stablehlo.while",), 1))
    assert {m.kind for m in found} == {"yield in stablehlo.while", "yield+def in stablehlo.while"}
    for mutant in found:
        changed = [i for i, (a, b) in enumerate(zip(LINES, mutant.text.split("\n"), strict=True)) if a != b]
        if mutant.kind.startswith("yield+def"):
            # The body yields %iterArg_0 last (a block argument, no definition): only the cond's %1 has one.
            assert changed == [7, 8], mutant.title()
        else:
            assert changed == [mutant.line - 1], mutant.title()


def test_op_results_change_a_region_op_on_its_closing_line() -> None:
    found = list(op_results([("jax", "f.mlir", EXPORT)], ("stablehlo.case",), 1))
    assert sorted(m.line for m in found) == [17, 19]
    assert all(m.before == "tensor<4xf32>" for m in found)


def test_without_locations_keeps_every_line_and_drops_every_loc() -> None:
    text = without_locations(
        EXPORT + '\n#loc2 = loc("f.py":3:4)\n  %x = "a.b"() : () -> () loc(callsite("a(b)" at #loc2))'
    )
    assert text.count("\n") == EXPORT.count("\n") + 2
    assert "loc(" not in text
    assert (
        text.split("\n")[2] == "  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>) {"
    )
    assert text.split("\n")[-1] == '  %x = "a.b"() : () -> ()'


def test_yield_def_mutants_are_seeded() -> None:
    files = [("jax", "f.mlir", EXPORT)]
    first = list(mutants(files, 5, 3, ("yield+def",)))
    assert first == list(mutants(files, 5, 3, ("yield+def",)))
    assert all(m.kind == "yield+def" for m in first)
