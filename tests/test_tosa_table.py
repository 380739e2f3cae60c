"""TOSA's generated op table (broadcheck/dialects/tosa/ods.json, ``make ods``): the generator's reading of
the op classes, and the table against the hand-written declarations: the same ops, and the hand tables'
operand and result counts equal to the ODS's."""

from __future__ import annotations

import pytest

from broadcheck import dialects
from broadcheck.dialects.tosa import generate, table
from broadcheck.semantics import tosa as semantics

# An op class of the shape mlir-tblgen writes (our own example, not a copy).
CLASS = """
class PairOp(_ods_ir.OpView):
  OPERATION_NAME = "tosa.pair"
  _ODS_REGIONS = (1, True)
  def __init__(self, first, rest, maybe, flag, *, results=None, note=None, loc=None, ip=None):
    operands = []
    attributes = {}
    operands.append(_get_op_results_or_values(first))
    operands.extend(_get_op_results_or_values(rest))
    if maybe is not None: operands.append(_get_op_results_or_values(maybe))
    attributes["flag"] = flag
    if note is not None: attributes["note"] = note
  @builtins.property
  def out(self) -> _ods_ir.OpResult:
    return self.operation.results[0]
  @builtins.property
  def more(self) -> _ods_ir.OpResultList:
    return self.operation.results[1:]

class PairOpAdaptor(_ods_ir.OpAdaptor):
  OPERATION_NAME = "tosa.pair"
"""


def test_the_generator_reads_an_op_class() -> None:
    assert generate.read_ops(CLASS) == {
        "tosa.pair": {
            "operands": [["first", "single"], ["rest", "variadic"], ["maybe", "optional"]],
            "results": [["out", "single"], ["more", "variadic"]],
            "attributes": [["flag", True], ["note", False]],
            "regions": 1,
        }
    }


def test_every_op_the_table_defines_is_declared_and_no_other() -> None:
    declared = set(dialects.declarations("tosa"))
    assert declared == set(table.ops())


def test_the_table_holds_the_tools_op_names() -> None:
    names = dialects.Registry().names("tosa")
    assert names is not None
    assert set(names.names) == set(table.ops())


@pytest.mark.parametrize("name", sorted({*semantics.OPS, "tosa.rescale"}))
def test_the_hand_tables_count_the_values_the_ods_declares(name: str) -> None:
    spec = semantics.RESCALE if name == "tosa.rescale" else semantics.OPS[name]
    op = table.ops()[name]
    assert [kind for _, kind in op["operands"]] == ["single"] * len(spec.operands)
    assert [kind for _, kind in op["results"]] == ["single"] * len(spec.results)


COUNT_CODES = {"BC107", "BC207", "BC208", "BC220", "BC1162"}
"""The codes of a wrong number of operands or results (as TOSA's verifiers word it)."""
FIXED = sorted(
    name
    for name, op in table.ops().items()
    if all(kind == "single" for _, kind in (*op["operands"], *op["results"]))
    and (decl := dialects.lookup(name)) is not None
    and decl.check is not None
)


def _codes(name: str, operands: int, results: int) -> set[str]:
    """The codes broadcheck gives ``name`` in the generic form with that many ``tensor<2xf32>`` values."""
    from broadcheck.api import check_text

    ins = ", ".join(["%a"] * operands)
    types = ", ".join(["tensor<2xf32>"] * operands)
    outs = ", ".join(["tensor<2xf32>"] * results)
    head = "" if not results else "%0 = " if results == 1 else f"%0:{results} = "
    text = f'func.func @f(%a: tensor<2xf32>) {{\n  {head}"{name}"({ins}) : ({types}) -> ({outs})\n  return\n}}\n'
    return {d.code for d in check_text(text, path="<case>", profile="llvm") if d.line == 2}


@pytest.mark.parametrize("name", FIXED)
def test_the_checks_count_the_values_the_ods_declares(name: str) -> None:
    """A hand-written check's counts are the ODS's: exactly them pass, one operand or result more fails."""
    op = table.ops()[name]
    operands, results = len(op["operands"]), len(op["results"])
    assert not _codes(name, operands, results) & COUNT_CODES
    assert _codes(name, operands + 1, results) & COUNT_CODES
    if results:
        assert _codes(name, operands, results + 1) & COUNT_CODES
