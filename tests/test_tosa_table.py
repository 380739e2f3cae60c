"""TOSA's generated op table (broadcheck/dialects/tosa/ods.json, ``make ods``): the generator's reading of
the op classes, and the table against the hand-written declarations: the same ops, and the hand tables'
operand and result counts equal to the ODS's."""

from __future__ import annotations

import pytest

from broadcheck import dialects
from broadcheck.dialects.tosa import generate, specs, table

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
    if note is not None: attributes["note"] = (note if (
    isinstance(note, _ods_ir.Attribute) or
    not _ods_ir.AttrBuilder.contains('tosa.Tosa_NoteAttr')) else
      _ods_ir.AttrBuilder.get('tosa.Tosa_NoteAttr')(note, context=_ods_context))
  @builtins.property
  def flag(self) -> _ods_ir.BoolAttr:
    return self.operation.attributes["flag"]
  @builtins.property
  def note(self) -> _Optional[_ods_ir.Attribute]:
    if "note" not in self.operation.attributes:
      return None
    return self.operation.attributes["note"]
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
            # each one's storage class: its getter's, or a dialect attribute's ODS name (its builder's)
            "attributes": [["flag", True, "BoolAttr"], ["note", False, "tosa.Tosa_NoteAttr"]],
            "regions": 1,
        }
    }


def test_each_property_storage_is_checked_or_takes_any_value() -> None:
    """The storage classes td.py gives TOSA's attributes (iree 3.13's op classes): each one a class the
    generic form's property conversion checks (dialects/properties.py), an enum attribute it knows how
    iree prints, or ``Attribute`` (any value converts)."""
    from broadcheck.dialects.properties import CHECKED

    storages = {storage for op in table.td_ops() for storage in table.property_storage(op).values()}
    assert storages - CHECKED - {"Attribute"} == set(table.ENUMS.values())


def test_every_op_the_table_defines_is_declared_and_no_other() -> None:
    declared = set(dialects.declarations("tosa"))
    assert declared == set(table.ops())


def test_the_table_holds_the_tools_op_names() -> None:
    names = dialects.Registry().names("tosa")
    assert names is not None
    assert set(names.names) == set(table.ops())


@pytest.mark.parametrize("name", sorted(specs.NAMES))
def test_the_generated_specs_count_the_values_the_ods_declares(name: str) -> None:
    spec = specs.specs()[name]
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


# ---------------------------------------------------------------- td.py: traits and constraints from the .td

# Op classes and an op of the shape TosaOpBase.td / TosaOps.td write them (our own example, not a copy).
TD_BASE = """
class Tosa_Op<string mnemonic, list<Trait> traits = []> :
    Op<Tosa_Dialect, mnemonic, !listconcat(traits, [TosaOpInterface])> {
  bit autogenAvailability = 1;
}

class Tosa_PairOp<string mnemonic, list<Trait> traits = []> :
    Tosa_Op<mnemonic, !listconcat(traits, [
              DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                                        ["inferReturnTypeComponents"]>,
              SameOperandsAndResultRank])> {}
"""
TD_OPS = """
def Tosa_PairOp : Tosa_PairOp<"pair", [
    AllElementTypesMatch<["first", "out"]>,
    Pure]> {
  let summary = "Pair.";
  let description = [{
    Not read: `let arguments = (ins Bogus:$x);` // nor this
  }];
  let arguments = (ins
    Tosa_Tensor3D:$first,  // a comment
    Variadic<Tosa_Tensor>: $rest,
    Tosa_IntArrayAttr2:$pad,
    DefaultValuedAttr<Tosa_NanPropagationModeAttr, "::mlir::tosa::NanPropagationMode::PROPAGATE">:$nan_mode,
    TypeAttrOf<Tosa_AccType>:$acc_type
  );
  let results = (outs Tosa_Tensor:$out);
  let regions = (region SizedRegion<1>:$a, SizedRegion<1>:$b);
  let hasVerifier = 1;
}

def Tosa_AccType : AnyTypeOf<[I<32>, F32]>;
"""


def test_the_generator_reads_an_op_of_a_td_file() -> None:
    classes = generate.read_classes(TD_BASE)
    assert classes == {
        "Tosa_Op": ("Op", ["TosaOpInterface"]),
        "Tosa_PairOp": (
            "Tosa_Op",
            ['DeclareOpInterfaceMethods<InferShapedTypeOpInterface, ["inferReturnTypeComponents"]>',
             "SameOperandsAndResultRank"],
        ),
    }  # fmt: skip
    assert generate.read_td_ops(TD_OPS, classes) == {
        "tosa.pair": {
            "class": "Tosa_PairOp",
            "operands": [["first", "Tosa_Tensor3D", "single"], ["rest", "Tosa_Tensor", "variadic"]],
            "results": [["out", "Tosa_Tensor", "single"]],
            "attributes": [["pad", True], ["nan_mode", False], ["acc_type", True]],
            # the op's own traits, then each class's additions, innermost first
            "traits": [
                'AllElementTypesMatch<["first", "out"]>',
                "Pure",
                'DeclareOpInterfaceMethods<InferShapedTypeOpInterface, ["inferReturnTypeComponents"]>',
                "SameOperandsAndResultRank",
                "TosaOpInterface",
            ],
            "regions": 2,
            "verifier": True,
        }
    }


def test_the_differences_with_the_op_classes_are_found() -> None:
    ods = {
        "tosa.a": {
            "operands": [["x", "single"]],
            "results": [["y", "single"]],
            "attributes": [["k", True]],
            "regions": 0,
        },
        "tosa.b": {"operands": [], "results": [], "attributes": [], "regions": 0},
    }
    td = {"tosa.a": {"operands": [["x", "T", "variadic"]], "results": [["z", "T", "single"]],
                     "attributes": [["k", False]], "regions": 1}}  # fmt: skip
    assert generate.differences(td, ods) == [
        "tosa.b: only in ods.json",
        "tosa.a: operands [['x', 'T', 'variadic']] against [['x', 'single']]",
        "tosa.a: results [['z', 'T', 'single']] against [['y', 'single']]",
        "tosa.a: attributes [['k', False]] against [['k', True]]",
        "tosa.a: 1 regions against 0",
    ]


def test_the_td_table_agrees_with_the_op_classes() -> None:
    """td.py (the .td files and the delta) and ods.json (iree 3.13's op classes): the same ops, value names and
    kinds, attributes and region counts."""
    assert generate.differences(table.td_ops(), table.ops()) == []


def test_the_td_table_says_where_each_op_comes_from() -> None:
    from broadcheck.dialects.tosa import td

    recorded = td.SOURCE
    assert recorded["delta"] == sorted({*generate.DELTA, *generate.DELTA_ATTRIBUTES, *generate.DELTA_CONSTRAINTS})
    found = {name: op["from"] for name, op in table.td_ops().items()}
    assert {name for name, where in found.items() if where.startswith("delta")} == set(generate.DELTA)
    assert set(found.values()) - {"TosaOps.td", "TosaShapeOps.td"} == {"delta", "delta: tosa.argmax's definition"}
    assert [f["commit"] for f in recorded["files"]] == [commit for commit, _ in generate.TD_FILES.values()]
    assert set(recorded["constraints"]) == {v[1] for op in table.td_ops().values() for v in
                                            (*op["operands"], *op["results"])}  # fmt: skip


def test_the_specs_use_every_constraint_they_name_and_know_every_trait() -> None:
    """specs.py's tables are exactly what its ops need: each constraint used, each trait checked or untyped."""
    ops = [table.td_ops()[name] for name in specs.NAMES]
    assert set(specs.CONSTRAINTS) == {v[1] for op in ops for v in (*op["operands"], *op["results"])}
    used = {trait for op in ops for trait in op["traits"]}
    assert set(specs.TRAITS) <= used
    assert used >= specs.UNTYPED
    with pytest.raises(ValueError, match="a TOSA trait broadcheck does not know: AllShapesMatch"):
        specs.checks_of(["Pure", 'AllShapesMatch<["values", "output"]>'])


def test_the_rules_of_an_op_follow_its_traits_in_order() -> None:
    from broadcheck.semantics import tosa as t

    assert specs.specs()["tosa.add"] == t.Spec(
        (t.NUMBER, t.NUMBER), (t.NUMBER,), (t.same_element_types, t.broadcastable, t.same_operands_and_result_rank)
    )
    assert specs.specs()["tosa.fft2d"].checks == (
        t.same_element_types, t.same_operands_and_result_shape, t.results_float, t.fft_sizes
    )  # fmt: skip
    assert specs.spec("tosa.conv2d") is None


HAND_LISTED = {
    "tosa.concat", "tosa.concat_shape", "tosa.reshape_block_scaled", "tosa.row_gather_block_scaled",
    "tosa.cond_if", "tosa.while_loop", "tosa.yield", "tosa.custom",
    "tosa.variable", "tosa.variable_read", "tosa.variable_write",
}  # fmt: skip
"""The ops whose per-position constraints are still written by hand: the variadic ones (iree 3.13 words a
variadic value `variadic of ...` for some ops and not for others: concat_shape's is, concat's is not) and the
variables (their types come from the symbol's declaration)."""


@pytest.mark.parametrize("name", sorted(set(table.td_ops()) - specs.NAMES - HAND_LISTED))
def test_the_structural_ops_read_their_constraints_from_the_td_table(name: str) -> None:
    from broadcheck.dialects.tosa import block_scaled

    operands, results = block_scaled.declared(name)
    op = table.td_ops()[name]
    assert [rule.summary for rule in operands] == [  # type: ignore[attr-defined]
        block_scaled.RULES[v[1]].summary  # type: ignore[attr-defined]
        for v in op["operands"]
    ]
    assert len(results) == len(op["results"])


def test_the_structural_rules_are_the_constraints_the_table_names() -> None:
    from broadcheck.dialects.tosa import block_scaled

    ops = [op for name, op in table.td_ops().items() if name not in specs.NAMES | HAND_LISTED]
    assert set(block_scaled.RULES) == {v[1] for op in ops for v in (*op["operands"], *op["results"])}


def test_iree_batches_matmul() -> None:
    """The delta's constraint: iree 3.13's matmul takes rank 2 and more (029c4da2eb44's .td: 3D)."""
    assert [v[1] for v in table.td_ops()["tosa.matmul"]["operands"][:2]] == ["Tosa_TensorAtLeast2D"] * 2
