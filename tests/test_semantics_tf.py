"""TensorFlow and TFLite semantics: case tables whose verdicts come from tensorflow-cpu 2.21.

Every expected message below is what TF 2.21 says about the op (``tf`` through
``tf.mlir.experimental.run_pass_pipeline``, ``tfl`` through its flatbuffer importer);
tests/oracle/test_tf_ops.py compares thousands of random cases the same way.
"""

from __future__ import annotations

import pytest

from broadcheck.messages import RULES
from broadcheck.optable import builtin_ops
from broadcheck.semantics import Problem, Profile, registry
from broadcheck.semantics.tf import (
    TF_OPS,
    TFL_OPS,
    tf_element,
    verify_tf,
    verify_tf_compare,
    verify_tf_select,
    verify_tfl,
)
from broadcheck.syntax.parser import parse_operation

TABLE = {n: v for n, v in builtin_ops().items() if n.startswith(("tf.", "tfl."))}

_VERIFIERS = {"tf": verify_tf, "tf-compare": verify_tf_compare, "tf-select": verify_tf_select, "tfl": verify_tfl}


def _message(text: str, profile: Profile = Profile.LLVM) -> str | None:
    op = parse_operation(text)
    problem = _VERIFIERS[TABLE[op.name]](op, profile)
    return None if problem is None else _format(op.name, problem)


def _format(name: str, problem: Problem) -> str:
    return RULES[problem.code].format(name, **problem.args)


def test_every_table_entry_has_its_semantics() -> None:
    """The op table names only tf/tfl ops the semantics know, with registered semantics."""
    assert set(TABLE.values()) <= set(registry())
    assert {n for n, s in TABLE.items() if s in ("tf", "tf-compare")} == set(TF_OPS)
    assert {n for n, s in TABLE.items() if s == "tfl"} == set(TFL_OPS)


def _op(name: str, operands: list[str], result: str, attrs: str = "") -> str:
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    return f'%0 = "{name}"({names}){attrs} : ({", ".join(operands)}) -> {result}'


TF_CASES = [
    # The trait, with MLIR's (llvm) rules: extra leading result dims, `?` against a static result.
    (_op("tf.AddV2", ["tensor<8x1x6x1xf32>", "tensor<7x1x5xf32>"], "tensor<8x7x6x5xf32>"), None),
    (_op("tf.AddV2", ["tensor<3xf32>", "tensor<3xf32>"], "tensor<5x3xf32>"), None),
    (_op("tf.Sub", ["tensor<?xf32>", "tensor<?xf32>"], "tensor<4xf32>"), None),
    (_op("tf.Mul", ["tensor<0xf32>", "tensor<?xf32>"], "tensor<7xf32>"), None),
    (
        _op("tf.Sub", ["tensor<3xf32>", "tensor<4xf32>"], "tensor<*xf32>"),
        "'tf.Sub' op operands don't have broadcast-compatible shapes",
    ),
    (
        _op("tf.Maximum", ["tensor<4x3x2xf32>", "tensor<3x1xf32>"], "tensor<4x3x3xf32>"),
        "'tf.Maximum' op result type '4x3x3' not broadcast compatible with broadcasted operands's shapes '4x3x2'",
    ),
    # Counts and ODS type constraints come first.
    (_op("tf.Pow", ["tensor<3xf32>"] * 3, "tensor<3xf32>"), "'tf.Pow' op expected 2 operands, but found 3"),
    (
        '%0:2 = "tf.Pow"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> (tensor<3xf32>, tensor<3xf32>)',
        "'tf.Pow' op requires one result",
    ),
    (
        _op("tf.Atan2", ["tensor<3xf32>", "tensor<4xi32>"], "tensor<3xf32>"),
        "'tf.Atan2' op operand #1 must be tensor of floating-point values, but got 'tensor<4xi32>'",
    ),
    (
        _op("tf.Less", ["tensor<3xf32>", "tensor<4xf32>"], "tensor<3xf32>"),
        "'tf.Less' op result #0 must be tensor of bool values, but got 'tensor<3xf32>'",
    ),
    (
        _op("tf.Add", ["vector<3xf32>", "tensor<3xf32>"], "tensor<3xf32>"),
        "'tf.Add' op operand #0 must be tensor of floating-point or signed integer or complex or 8-bit unsigned "
        "integer or string values, but got 'vector<3xf32>'",
    ),
    (
        _op("tf.LeftShift", ["tensor<3xi32>", "i32"], "tensor<3xi32>"),
        "'tf.LeftShift' op operand #1 must be tensor of integer values, but got 'i32'",
    ),
    (
        _op("tf.BitwiseAnd", ["tensor<3xi1>", "tensor<3xi1>"], "tensor<3xi1>"),
        "'tf.BitwiseAnd' op operand #0 must be tensor of integer values, but got 'tensor<3xi1>'",
    ),
    (_op("tf.Complex", ["tensor<2x1xf32>", "tensor<3xf64>"], "tensor<2x3xcomplex<f64>>"), None),
    # Element types: after the trait, for the ops with TF_SameOperandsAndResultElementTypeResolveRef.
    (
        _op("tf.Add", ["tensor<3xf32>", "tensor<3xf64>"], "tensor<3xf32>"),
        "'tf.Add' op requires compatible element types for all operands and results",
    ),
    (
        _op("tf.Add", ["tensor<3xf32>", "tensor<4xf64>"], "tensor<3xf32>"),
        "'tf.Add' op operands don't have broadcast-compatible shapes",
    ),
    (_op("tf.Add", ["tensor<3x!tf_type.f32ref>", "tensor<3xf32>"], "tensor<3xf32>"), None),
    (_op("tf.RealDiv", ["tensor<3xf32>", "tensor<3xf64>"], "tensor<3xf16>"), None),
    # Element types broadcheck does not know leave the op unchecked.
    (_op("tf.Add", ["tensor<3x!foo.bar>", "tensor<4x!foo.bar>"], "tensor<3x!foo.bar>"), None),
    # tf.Equal / tf.NotEqual: incompatible_shape_error.
    (
        _op("tf.Equal", ["tensor<3xf32>", "tensor<4xf32>"], "tensor<*xi1>"),
        "'tf.Equal' op operands don't have broadcast-compatible shapes",
    ),
    (
        _op("tf.Equal", ["tensor<3xf32>", "tensor<4xf32>"], "tensor<*xi1>", " {incompatible_shape_error = false}"),
        None,
    ),
    (
        _op("tf.NotEqual", ["tensor<3xf32>", "tensor<3xf32>"], "tensor<2xi1>", " <{incompatible_shape_error = false}>"),
        None,
    ),
    (
        _op("tf.NotEqual", ["tensor<3xf32>"], "tensor<3xi1>", " {incompatible_shape_error = 1 : i64}"),
        "'tf.NotEqual' op attribute 'incompatible_shape_error' failed to satisfy constraint: bool attribute",
    ),
    # tf.Select's own verifier.
    (_op("tf.Select", ["tensor<3xi1>", "tensor<3x2xf16>", "tensor<3x2xf16>"], "tensor<3x2xf16>"), None),
    (_op("tf.Select", ["tensor<4xi1>", "tensor<?x2xf32>", "tensor<*xf32>"], "tensor<3xf32>"), None),
    (
        _op("tf.Select", ["tensor<i1>", "tensor<8x1xi32>", "tensor<2x8x8xi32>"], "tensor<2x8x8xi32>"),
        "'tf.Select' op requires t and e have compatible shapes",
    ),
    (
        _op("tf.Select", ["tensor<3xi1>", "tensor<3xf32>", "tensor<3xf64>"], "tensor<3xf32>"),
        "'tf.Select' op requires t and e have compatible shapes",
    ),
    (
        _op("tf.Select", ["tensor<2xi1>", "tensor<i32>", "tensor<i32>"], "tensor<2xi32>"),
        "'tf.Select' op requires that t and e are nonscalar when pred is a vector",
    ),
    (
        _op("tf.Select", ["tensor<4xi1>", "tensor<?x2xf32>", "tensor<3x2xf32>"], "tensor<3xf32>"),
        "'tf.Select' op requires that, when pred is a vector, the shape matches the first dimension of t and e",
    ),
    (
        _op("tf.Select", ["tensor<1x8xi1>", "tensor<1x8x8xi32>", "tensor<1x8x8xi32>"], "tensor<1x8x8xi32>"),
        "'tf.Select' op requires that pred is a scalar OR has the same rank as t and e OR is a vector",
    ),
]


@pytest.mark.parametrize(("text", "expected"), TF_CASES)
def test_tf(text: str, expected: str | None) -> None:
    assert _message(text) == expected


Q8 = "!quant.uniform<i8:f32, 5.000000e-01:1>"
Q8B = "!quant.uniform<i8:f32, 2.500000e-01:-3>"
QU8 = "!quant.uniform<u8:f32, 5.000000e-01:128>"

TFL_CASES = [
    # The verifier takes any element types; the runtime's predicate wants one (a warning).
    (
        _op("tfl.add", ["tensor<2x1x3xf32>", "tensor<4x3xi32>"], "tensor<2x4x3xi16>"),
        "'tfl.add' op failed to verify that Operands should have valid shapes and element type needs to match",
    ),
    (_op("tfl.add", ["tensor<2x1x3xf32>", "tensor<4x3xf32>"], "tensor<2x4x3xi16>"), None),
    # TensorFlow 2.21's runtime limits: div 6, pow, prelu, squared_difference 4, select_v2 5.
    (_op("tfl.div", ["tensor<2x1x3x4x5x6xf32>", "tensor<1x2x3x4x5x6xf32>"], "tensor<2x2x3x4x5x6xf32>"), None),
    (
        _op("tfl.pow", ["tensor<2x1x3x4x5xf32>", "tensor<1x2x3x4x5xf32>"], "tensor<2x2x3x4x5xf32>"),
        "'tfl.pow' op failed to verify that operands do not have the same shape or broadcastable shapes within "
        "the rank 4",
    ),
    (
        _op(
            "tfl.select_v2",
            ["tensor<2x1x3x4x5x6xi1>", "tensor<1x2x3x4x5x6xf32>", "tensor<6xf32>"],
            "tensor<2x2x3x4x5x6xf32>",
        ),
        "'tfl.select_v2' op failed to verify that operands do not have the same shape or broadcastable shapes within "
        "the rank 5",
    ),
    # A 16-bit quantized add that broadcasts: TensorFlow 2.21's converter emits it (16x8 quantization of
    # `x + 1.0`) and the kernel runs it, though VerifyAddOpShapeConstraints wants one shape: silent.
    (
        _op(
            "tfl.add",
            ["tensor<2x3x!quant.uniform<i16:f32, 5.000000e-01>>", "tensor<3x!quant.uniform<i16:f32, 5.000000e-01>>"],
            "tensor<2x3x!quant.uniform<i16:f32, 5.000000e-01>>",
        ),
        None,
    ),
    (
        _op("tfl.add", ["tensor<3xf32>", "tensor<4xf32>"], "tensor<*xf32>"),
        "'tfl.add' op operands don't have broadcast-compatible shapes",
    ),
    (
        _op("tfl.sub", ["tensor<3xf32>", "tensor<4xi32>"], "tensor<3xf32>"),
        "'tfl.sub' op failed to verify that binary op operands have same element type",
    ),
    (_op("tfl.sub", [f"tensor<3x{Q8}>", f"tensor<3x{Q8B}>"], "tensor<3xf32>"), None),
    (
        _op("tfl.less", [f"tensor<3x{Q8}>", "tensor<3xi8>"], "tensor<3xi1>"),
        "'tfl.less' op failed to verify that comparison op operands have same element type",
    ),
    (
        _op("tfl.floor_mod", ["tensor<3xi32>", "tensor<3xi32>"], "tensor<3xi64>"),
        "'tfl.floor_mod' op failed to verify that lhs and output must have same element type",
    ),
    (_op("tfl.squared_difference", [f"tensor<3x{Q8}>"] * 2, f"tensor<3x{Q8B}>"), None),
    (
        _op("tfl.squared_difference", [f"tensor<3x{Q8}>"] * 2, "tensor<3xi8>"),
        "'tfl.squared_difference' op failed to verify that values and output must have same element type",
    ),
    (_op("tfl.select_v2", ["tensor<3xi32>", f"tensor<3x{Q8}>", f"tensor<1x{Q8}>"], f"tensor<3x{Q8}>"), None),
    (
        _op("tfl.select_v2", ["tensor<i1>", f"tensor<3x{Q8}>", f"tensor<3x{QU8}>"], f"tensor<3x{QU8}>"),
        f"'tfl.select_v2' op quantization parameters violate the same scale constraint: {Q8} vs. {QU8}",
    ),
    (
        _op("tfl.bitwise_xor", ["tensor<3xi32>", "tensor<4xi8>"], "tensor<3xi32>"),
        "'tfl.bitwise_xor' op operands don't have broadcast-compatible shapes",
    ),
    (
        _op("tfl.bitwise_xor", ["tensor<3xi32>", "tensor<3xi8>"], "tensor<3xi32>"),
        "'tfl.bitwise_xor' op requires the same element type for all operands and results",
    ),
    (
        _op("tfl.prelu", ["tensor<7x3x2x14xf32>", "tensor<7x3x2x14xf32>"], "tensor<7x3x2x14xf32>"),
        "'tfl.prelu' op 'alpha' should have one less rank than 'input'.",
    ),
    (
        _op("tfl.prelu", ["tensor<2x1x4xf32>", "tensor<3x4xf32>"], "tensor<2x3x4xf32>"),
        "'tfl.prelu' op 'alpha' is not broadcastable at dimension 0.",
    ),
    (
        _op("tfl.prelu", ["tensor<2x3xf32>", "tensor<3xf32>"], "tensor<5x2x3xf32>"),
        "'tfl.prelu' op 'input' and 'output' should have the same rank.",
    ),
    (
        _op("tfl.prelu", ["tensor<2x1xf32>", "tensor<?xf32>"], "tensor<2x5xf32>"),
        "'tfl.prelu' op 'input' and 'output' should have the same shape.",
    ),
    (
        _op("tfl.pow", ["vector<3xf32>", "tensor<3xf32>"], "tensor<3xf32>"),
        "'tfl.pow' op operand #0 must be tensor of 32-bit float or 32-bit signless integer values, but got "
        "'vector<3xf32>'",
    ),
    # The runtime's rank limit is a warning, not the verifier's business.
    (
        _op("tfl.less", ["tensor<2x1x3x4x5xf32>", "tensor<1x2x3x4x5xf32>"], "tensor<2x2x3x4x5xi1>"),
        "'tfl.less' op failed to verify that operands do not have the same shape or broadcastable shapes within "
        "the rank 4",
    ),
    (_op("tfl.less", ["tensor<2x2x3x4x5xf32>"] * 2, "tensor<2x2x3x4x5xi1>"), None),
    (_op("tfl.less", ["tensor<2x?x3x4x5xf32>", "tensor<1x2x3x4x5xf32>"], "tensor<2x2x3x4x5xi1>"), None),
]


@pytest.mark.parametrize(("text", "expected"), TFL_CASES)
def test_tfl(text: str, expected: str | None) -> None:
    assert _message(text) == expected


def test_runtime_rank_is_a_warning() -> None:
    op = parse_operation(_op("tfl.maximum", ["tensor<1x2x1x2x1x2xf32>", "tensor<2x1x2x1x2x1xf32>"], "tensor<*xf32>"))
    problem = verify_tfl(op, Profile.LLVM)
    assert problem is not None and problem.code == "BC720"
    assert RULES["BC720"].severity == "warning"


def test_spec_profile_adds_the_documents_rules_as_warnings() -> None:
    """Under the spec profile the trait's stricter document rules are BC110 warnings, after the real errors."""
    op = parse_operation(_op("tf.AddV2", ["tensor<?xf32>", "tensor<?xf32>"], "tensor<4xf32>"))
    assert verify_tf(op, Profile.LLVM) is None
    problem = verify_tf(op, Profile.SPEC)
    assert problem is not None and problem.code == "BC110"
    op = parse_operation(_op("tf.Add", ["tensor<?xf32>", "tensor<?xf64>"], "tensor<4xf32>"))
    problem = verify_tf(op, Profile.SPEC)
    assert problem is not None and problem.code == "BC704"


@pytest.mark.parametrize(
    ("element", "expected"),
    [
        ("f32", "f32"),
        ("!tf_type.f32ref", "f32"),
        ("!tf_type.halfref", "f16"),
        ("!tf_type.variant<tensor<f32>>", "!tf_type.variant"),
        ("complex< f32 >", "complex<f32>"),
        ("i2", "<rejected>"),
        ("index", "<rejected>"),
        ("!quant.uniform<i8:f32, 1.0>", None),
        ("!tf_type.unknown", None),
    ],
)
def test_tf_element(element: str, expected: str | None) -> None:
    assert tf_element(element) == expected
