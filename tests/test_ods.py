"""The ODS-derived op tables (broadcheck/dialects/ods): current, and their checks as MLIR words them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from broadcheck import dialects
from broadcheck.api import check_text
from broadcheck.dialects import ods
from broadcheck.dialects.ods import generate
from broadcheck.dialects.ods.traits import check_of
from broadcheck.ops import OpaqueType, Operation, ShapedType, Span, Type, TypeUse
from broadcheck.semantics import Profile
from tests.conftest import Invoke

TABLES = Path(ods.__file__).parent


def test_every_table_is_the_generator_s_rendering() -> None:
    for dialect in ods.DIALECTS:
        text = (TABLES / f"{dialect}.json").read_text(encoding="utf-8")
        table = json.loads(text)
        assert generate.render(table) == text, dialect
        assert table["sources"] and all(len(s["sha256"]) == 64 for s in table["sources"]), dialect
        assert all(name.startswith(dialect + ".") for name in table["ops"]), dialect


def test_the_generator_reads_traits_counts_and_verifiers() -> None:
    text = (
        "class ReluOp : public ::mlir::Op<ReluOp, ::mlir::OpTrait::ZeroRegions, ::mlir::OpTrait::OneResult, "
        "::mlir::OpTrait::NOperands<2>::Impl, ::mlir::OpTrait::OpInvariants, ::mlir::OpTrait::SameOperandsShape, "
        "::mlir::OpTrait::HasParent<::mlir::func::FuncOp>::Impl, ::mlir::InferTypeOpInterface::Trait> {\n"
        "public:\n  static constexpr ::llvm::StringLiteral getOperationName() {\n"
        '    return ::llvm::StringLiteral("x.relu");\n  }\n  ::llvm::LogicalResult verify();\n};\n'
    )
    assert generate.read_ops(text) == {
        "x.relu": [
            "regions=0", "results=1", "operands=2", "OpInvariants", "SameOperandsShape",
            "HasParent=mlir::func::FuncOp", "InferTypeOpInterface", "verify",
        ]
    }  # fmt: skip


def _t(text: str) -> Type:
    from broadcheck.syntax.types import read_type

    return read_type(text, {})


def _op(operands: list[str], results: list[str]) -> Operation:
    span = Span(1, 1, 1, 2)
    uses = lambda ts: tuple(TypeUse(_t(t), span) for t in ts)  # noqa: E731
    return Operation("x.op", span, span, uses(operands), uses(results), (), True, (), ())


# (traits, operands, results, the code of the first problem or None)
CASES = [
    (["SameOperandsAndResultType"], ["tensor<2xf32>", "tensor<?xf32>"], ["tensor<2xf32>"], None),
    (["SameOperandsAndResultType"], ["tensor<2xf32>", "tensor<3xf32>"], ["tensor<2xf32>"], "BC1150"),
    (["SameOperandsAndResultType"], ["tensor<2xf32>"], ["tensor<2xf16>"], "BC1150"),
    (["SameOperandsAndResultType"], ["tensor<*xf32>"], ["tensor<2x3xf32>"], None),
    (["SameOperandsAndResultType"], ["vector<2xf32>"], ["tensor<2xf32>"], None),  # shapes compatible
    (["SameOperandsAndResultType"], ["f32"], ["tensor<f32>"], "BC1150"),  # shaped vs not
    (["SameOperandsAndResultType"], ["memref<2xf32>"], ["tensor<3xf32>"], None),  # not judged
    (["SameOperandsAndResultShape"], ["tensor<2xf32>"], ["tensor<2xi32>"], None),
    (["SameOperandsAndResultShape"], ["tensor<2xf32>"], ["tensor<2x1xi32>"], "BC1151"),
    # verifyCompatibleShapes over all: ? is compatible with 1 and with 2, but 1 and 2 are not
    (["SameOperandsAndResultShape"], ["tensor<?x3xf32>", "tensor<1x3xf32>"], ["tensor<2x3xf32>"], "BC1151"),
    (["pred=input and output have the same tensor dimensions@o0,r0"], ["tensor<*xf32>"], ["tensor<*xf16>"], "BC1168"),
    (["operands=*", "operand#1=floating-point-like"], ["tensor<2xi32>"], ["f32"], None),  # absent value
    (["SameOperandsAndResultElementType"], ["tensor<2xf32>"], ["tensor<3xf16>"], "BC1152"),
    (["SameOperandsShape"], ["tensor<2xf32>", "tensor<3xf32>"], ["f32"], "BC1153"),
    (["SameOperandsElementType"], ["tensor<2xf32>", "tensor<2xi8>"], ["f32"], "BC1154"),
    (["SameTypeOperands"], ["tensor<2xf32>", "tensor<?xf32>"], ["i1"], "BC1155"),  # exact equality
    (["Elementwise"], ["f32"], ["tensor<4xf32>"], "BC1156"),
    (["Elementwise"], ["tensor<4xf32>"], ["f32"], "BC1157"),
    (["Elementwise"], ["tensor<4xf32>"], ["tensor<4xf32>", "i1"], "BC1158"),
    (["Elementwise"], ["tensor<4xf16>"], ["vector<4xf32>"], "BC1159"),
    (["Elementwise"], ["tensor<4xf16>"], ["tensor<*xf32>"], "BC1159"),  # ranked and unranked differ
    (["Elementwise"], ["f32", "tensor<4xf32>"], ["tensor<?xf32>"], None),
    (["TF::SameOperandsAndResultTypeResolveRef"], ["tensor<2x3xi32>"], ["tensor<3x3xf32>"], "BC1151"),
    (["TF::SameOperandsAndResultTypeResolveRef"], ["tensor<2x3xf32>"], ["tensor<2x3xf64>"], "BC1161"),
    (["TF::SameOperandsAndResultTypeResolveRef"], ["tensor<2x3xf32>"], ["tensor<?x3xf32>"], None),
    (["TF::SameOperandsAndResultElementTypeResolveRef"], ["tensor<!tf_type.f32ref>"], ["tensor<f32>"], None),
    (["operands=1", "results=1"], ["f32", "f32"], ["f32"], "BC1165"),
    (["operands=2"], ["f32"], ["f32"], "BC1163"),
    (["operands=2+"], ["f32"], ["f32"], "BC1164"),
    (["results=0"], ["f32"], ["f32"], "BC1162"),
    (["results=1"], ["f32"], [], "BC1166"),
    (["operand#0=floating-point-like"], ["tensor<2xi32>"], [], "BC1167"),
    (["operand#0=signless-integer-like"], ["index"], [], None),
    (["operand#0=signless-fixed-width-integer-like"], ["vector<2xindex>"], [], "BC1167"),
    (["pred=all of {lhs, result} have same type@o0,r0"], ["tensor<2xf32>"], ["tensor<?xf32>"], "BC1168"),
    (
        ["pred=result type has i1 element type and same shape as operands@o0,r0"],
        ["tensor<2xf32>"],
        ["tensor<2xi1>"],
        None,
    ),
    (
        ["pred=result type has i1 element type and same shape as operands@o0,r0"],
        ["tensor<2xf32>"],
        ["tensor<?xi1>"],
        "BC1168",
    ),
    (["pred=input and output have the same tensor dimensions@o0,r0"], ["f16"], ["f32"], None),
    (["SameOperandsAndResultType", "InferTypeOpInterface"], ["tensor<?xf32>"], ["tensor<5xf32>"], "BC1169"),
    (["TF::SameOperandsAndResultTypeResolveRef", "InferTypeOpInterface"], ["tensor<?xf32>"], ["tensor<5xf32>"], None),
    (["ResultsBroadcastableShape", "verify"], ["tensor<2xf32>"], ["tensor<9xf32>"], None),  # not modelled here
    # TensorFlow's constraint summaries, as tensorflow-cpu 2.21 reads them (tests/oracle/test_ods_constraints.py)
    (["operand#0=tensor of integer values"], ["tensor<2xui8>"], [], None),
    (["operand#0=tensor of integer values"], ["tensor<2xi1>"], [], "BC1167"),
    (["operand#0=0D tensor of 32-bit integer values"], ["tensor<2xi32>"], [], "BC1167"),
    (["operand#0=0D tensor of 32-bit integer values"], ["tensor<*xi32>"], [], "BC1167"),
    (["operand#0=tensor of number values"], ["tensor<2x!tf_type.qint8>"], [], None),
    (["operand#0=tensor of number values"], ["tensor<2x!tf_type.string>"], [], "BC1167"),
    (["operand#0=tensor of 32-bit float values"], ["tensor<2x!tf_type.f32ref>"], [], None),  # a ref as its value
    (["operand#0=tensor of 32-bit float values"], ["f32"], [], "BC1167"),  # not a tensor
    (["operand#0=tensor of resource values"], ["tensor<!tf_type.resource<tensor<2xf32>>>"], [], None),
    (["operand#0=tensor of tf.dtype values"], ["tensor<2xindex>"], [], "BC1167"),
    (["operand#0=tensor of tf.dtype values"], ["tensor<2x!tf_type.variant>"], [], None),
    # a variadic group: each of its values, numbered among all operands (tf._FusedMatMul's third)
    (
        ["operand#1=variadic of tensor of 32-bit float values"],
        ["tensor<2xf32>", "tensor<2xf32>", "tensor<2xf64>"],
        [],
        "BC1167",
    ),
    (
        ["operand#1=variadic of tensor of 32-bit float values"],
        ["tensor<2xf64>", "tensor<2xf32>", "tensor<2xf32>"],
        [],
        None,
    ),
    (
        ["operand#0=variadic of tensor of 32-bit float values", "operand#1=tensor of 64-bit float values"],
        ["tensor<2xf64>"],
        [],
        None,
    ),
]


@pytest.mark.parametrize(("traits", "operands", "results", "code"), CASES)
def test_trait_checks(traits: list[str], operands: list[str], results: list[str], code: str | None) -> None:
    problem = check_of(traits)(_op(operands, results), Profile.LLVM)
    assert (problem.code if problem is not None else None) == code
    if problem is not None and "variadic" in traits[0]:
        assert problem.args["index"] == 2


def test_hand_written_checks_win() -> None:
    # tf.AddV2 has a hand-written check (its broadcasting); ODS gives it traits too
    assert dialects.lookup("tf.AddV2").semantics != ods.SEMANTICS  # type: ignore[union-attr]
    assert "TF::SameOperandsAndResultElementTypeResolveRef" in ods.table("tf")["tf.AddV2"]
    assert dialects.lookup("tf.Relu6").semantics == ods.SEMANTICS  # type: ignore[union-attr]


def test_summary_counts_no_shape_rule(run: Invoke) -> None:
    # an op TensorFlow accepted with unrelated types, whose declaration relates none: counted apart
    name = next(n for n in sorted(ods._probed()) if {"operands=0", "results=0"} <= set(ods.table("tf")[n]))
    assert ods.shapeless(name) and dialects.lookup(name) is None
    text = (
        f'func.func @f(%a: tensor<2xf32>) {{\n  "{name}"() : () -> ()\n'
        '  %0 = "tf.Relu"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  "tf.Unknown"() : () -> ()\n  return\n}\n'
    )
    out = run("check", "-", "--show-skipped", stdin=text).out
    assert "No problems found in 1 file (1 op checked)." in out
    assert "1 op statement with no shape rule; 1 passed over (1 not in the op table); --show-skipped lists" in out
    assert f"{name}     no shape rule" in out or f"{name}  no shape rule" in out


def test_an_op_declared_shapeless_is_counted_as_no_shape_rule(run: Invoke) -> None:
    # any dialect's module may declare an op whose definition relates no types (Op(..., shapeless=True))
    declared = sorted(d.name for d in dialects.every() if d.shapeless)
    assert "onnx.EntryPoint" in declared
    assert all(dialects.lookup(n).check is None and ods.shapeless(n) for n in declared)  # type: ignore[union-attr]
    text = 'module {\n  "onnx.EntryPoint"() {func = @main_graph} : () -> ()\n}\n'
    out = run("check", "-", "--show-skipped", stdin=text).out
    assert "1 op statement with no shape rule; --show-skipped lists them." in out
    assert "onnx.EntryPoint  no shape rule" in out
    with pytest.raises(ValueError, match="has a check and is declared shapeless"):
        dialects.Op("x.y", check=lambda op, profile: None, shapeless=True)


def test_unary_tail_is_checked() -> None:
    text = (
        "func.func @f(%a: tensor<2x3xf32>) {\n"
        '  %0 = "tf.Relu6"(%a) : (tensor<2x3xf32>) -> tensor<3x3xf32>\n'
        "  %1 = math.tanh %a : tensor<2x3xf32>\n"
        "  return\n}\n"
    )
    found = [(d.code, d.line, d.message) for d in check_text(text, profile="llvm")]
    assert found == [("BC1151", 2, "'tf.Relu6' op requires the same shape for all operands and results")]


def test_shaped_types_print_as_mlir() -> None:
    assert str(ShapedType("tensor", (None, 3), "f32")) == "tensor<?x3xf32>" and str(OpaqueType("i1")) == "i1"


def test_only_the_fallback_dialects_gain_checks_from_their_tables() -> None:
    # A run reads a generated table only for the dialects in TRAIT_FALLBACK (a clean run
    # imports no json); every other table must add no check, or it would be silently dropped.
    import importlib

    from broadcheck.dialects import MODULES, TRAIT_FALLBACK, merge_traits

    gaining = set()
    for dialect, module in MODULES.items():
        hand = importlib.import_module(f"broadcheck.dialects.{module}").OPS
        merged = merge_traits(dialect, hand)
        if any(merged[name] is not hand.get(name) for name in merged):
            gaining.add(dialect)
    assert gaining == TRAIT_FALLBACK


def test_tf_constraints_alone_make_a_check() -> None:
    constraint = "operand#0=tensor of string values"
    assert ods.checked(("operands=1", "results=1", "OpInvariants", constraint), "tf")
    assert not ods.checked(("operands=1", "OpInvariants", constraint), "arith")  # tf's words only
    assert not ods.checked(("operands=1", "OpInvariants", constraint, "verify"), "tf")  # a verifier too
    assert not ods.checked(("operands=*", "OpInvariants", constraint), "tf")  # a variadic group
    assert not ods.checked(("operands=1", "OpInvariants", "operand#0=tensor of odd values"), "tf")  # not worded
    text = (
        "func.func @f(%a: tensor<2xf32>, %b: tensor<i32>) {\n"
        '  %0 = "tf.ReduceJoin"(%a, %b) : (tensor<2xf32>, tensor<i32>) -> tensor<!tf_type.string>\n'
        "  return\n}\n"
    )
    assert dialects.lookup("tf.ReduceJoin").semantics == ods.SEMANTICS  # type: ignore[union-attr]
    found = [(d.code, d.message) for d in check_text(text, profile="llvm")]
    assert found == [
        ("BC1167", "'tf.ReduceJoin' op operand #0 must be tensor of string values, but got 'tensor<2xf32>'")
    ]


def test_the_generator_reads_variadic_and_optional_groups() -> None:
    body = (
        "  ::mlir::TypedValue<::mlir::TensorType> getX() {\n"
        "    return ::llvm::cast<::mlir::TypedValue<::mlir::TensorType>>(*getODSOperands(0).begin());\n  }\n"
        "  ::mlir::Operation::operand_range getArgs() {\n    return getODSOperands(1);\n  }\n"
        "  ::mlir::TypedValue<::mlir::TensorType> getBias() {\n    auto operands = getODSOperands(2);\n  }\n"
        "  ::mlir::TypedValue<::mlir::TensorType> getY() {\n"
        "    return ::llvm::cast<::mlir::TypedValue<::mlir::TensorType>>(*getODSResults(0).begin());\n  }\n"
    )
    assert generate.read_groups(body) == ["operand-groups=1,*,?"]


@pytest.mark.parametrize(
    ("groups", "count", "segments", "expected"),
    [
        (["1", "*"], 4, None, [range(0, 1), range(1, 4)]),
        (["*", "1"], 3, None, [range(0, 2), range(2, 3)]),
        (["*", "*", "1"], 5, None, [range(0, 2), range(2, 4), range(4, 5)]),  # split evenly
        (["*", "*", "1"], 4, None, None),  # an odd remainder: not judged
        (["*", "*"], 3, "array<i32: 1, 2>", [range(0, 1), range(1, 3)]),
        (["*", "*"], 3, "array<i32: 1, 1>", None),  # the sizes do not add up
        (["1", "1"], 1, None, None),
    ],
)
def test_group_ranges(groups: list[str], count: int, segments: str | None, expected: list[range] | None) -> None:
    from broadcheck.dialects.ods.traits import group_ranges

    assert group_ranges(groups, count, segments) == expected


def test_a_variadic_group_s_constraint_is_checked_on_its_values_between_fixed_ones() -> None:
    traits = ["operands=2+", "OpInvariants", "operand#0=tensor of 32-bit integer values",
              "operand#1=variadic of tensor of 32-bit float values", "operand#2=tensor of bool values",
              "operand-groups=1,*,1"]  # fmt: skip
    check = check_of(traits)
    ok = _op(["tensor<i32>", "tensor<2xf32>", "tensor<f32>", "tensor<i1>"], [])
    assert check(ok, Profile.LLVM) is None
    bad = _op(["tensor<i32>", "tensor<2xf32>", "tensor<f32>", "tensor<i32>"], [])
    problem = check(bad, Profile.LLVM)
    assert problem is not None and problem.args["index"] == 3 and "bool" in str(problem.args["constraint"])


def _codes(body: str, args: str) -> list[tuple[str, str]]:
    text = f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"
    return [(d.code, d.message) for d in check_text(text, profile="llvm") if d.severity == "error"]


@pytest.mark.parametrize(
    ("body", "args", "expected"),
    [
        # a required attribute missing: the first by name, before the operands' constraints
        (
            '%r = "tf._TPUCompileMlir"(%f) : (tensor<2xf32>) -> tensor<!tf_type.string>',
            "%f: tensor<2xf32>",
            [("BC610", "'tf._TPUCompileMlir' op requires attribute 'metadata'")],
        ),
        (
            '%r = "tf._TPUCompileMlir"(%f) {metadata = "m"} : (tensor<2xf32>) -> tensor<!tf_type.string>',
            "%f: tensor<2xf32>",
            [
                (
                    "BC1167",
                    "'tf._TPUCompileMlir' op operand #0 must be variadic of tensor of 64-bit integer values, "
                    "but got 'tensor<2xf32>'",
                )
            ],
        ),
        # an attribute not of its kind: its constraint is not modelled, the op is not judged
        (
            '%r = "tf._TPUCompileMlir"(%f) {metadata = 1} : (tensor<2xf32>) -> tensor<!tf_type.string>',
            "%f: tensor<2xf32>",
            [],
        ),
        # a minimum value not met (TensorFlow: "attribute 'sample_count' failed to satisfy constraint: ..."):
        # not judged either, though an operand breaks its constraint
        (
            '"tf.ConvertToListOfSparseCoreCooTensors"(%f, %f, %f) {col_offset = 0 : i64, col_shift = 0 : i64, '
            'combiner = "sum", num_sc_shards = 1 : i64, row_offset = 0 : i64, sample_count = 0 : i64, '
            "stacked_table_sample_count = 1 : i64} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xf32>)",
            "%f: tensor<2xf32>",
            [],
        ),
        (
            '%r = "tf.MirrorPad"(%f, %i) {mode = "REFLECT"} : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>',
            "%f: tensor<2xf32>, %i: tensor<2xi32>",
            [("BC1168", "'tf.MirrorPad' op failed to verify that operand 1 is 2-D")],
        ),
        (
            '%r = "tf.InplaceAdd"(%f, %i, %f) : (tensor<2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<3xf32>',
            "%f: tensor<2xf32>, %i: tensor<i32>",
            [("BC1168", "'tf.InplaceAdd' op failed to verify that all of {x, y} have dynamically equal types ")],
        ),
        ('%r = "tf.ToBool"(%f) : (tensor<2xf32>) -> tensor<*xi1>', "%f: tensor<2xf32>", []),
        (
            '%r = "tf.DebugIdentity"(%f) : (tensor<2xf32>) -> tensor<?xf32>',
            "%f: tensor<2xf32>",
            [
                (
                    "BC1169",
                    "'tf.DebugIdentity' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of "
                    "operation 'tensor<?xf32>'",
                )
            ],
        ),
    ],
)
def test_tf_constraint_only_ops(body: str, args: str, expected: list[tuple[str, str]]) -> None:
    assert _codes(body, args) == expected


def test_the_constraint_only_ops_are_declared_or_known_shapeless() -> None:
    assert dialects.lookup("tf.CalibrationStatisticsSaver").semantics == ods.SEMANTICS  # type: ignore[union-attr]
    assert dialects.lookup("tf.Yield") is not None and dialects.lookup("tf.Yield").check is not None  # type: ignore[union-attr]
    assert ods.shapeless("tf.ConfigureTPUEmbedding") and ods.shapeless("tf.TPUReplicateMetadata")
    assert dialects.lookup("tf.LegacyCall").semantics == "tf-call"  # type: ignore[union-attr]  # verified_c, by hand
    steps = ods.table("tf")["tf.XlaSparseCoreAdam"]
    assert steps.index("attribute:feature_width=64-bit signless integer attribute") < steps.index(
        "operand#0=tensor of 32-bit float values"
    )
