"""StableHLO's elementwise ops, select and clamp: verdicts and messages of the real verifier, word for word.

Every expected message below was produced by iree-base-compiler 3.13 on the same IR.
"""

from __future__ import annotations

import pytest

from broadcheck.messages import RULES
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile, registry
from broadcheck.semantics.stablehlo import (
    OPS,
    InferenceError,
    Tensor,
    Unknown,
    element,
    most_specific,
    tensor,
)
from broadcheck.syntax.parser import parse_operation

Q = None


def diagnose(text: str) -> tuple[str, str] | None:
    """(code, message) of the op in ``text`` as broadcheck words it; None if it passes."""
    op = parse_operation(text)
    problem = registry()[OpTable().semantics(op.name) or ""](op, Profile.LLVM)
    if problem is None:
        return None
    return problem.code, RULES[problem.code].format(op.name, **problem.args)


def generic(name: str, operands: list[str], result: str, attrs: str = "") -> str:
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    return f'%0 = "stablehlo.{name}"({names}){attrs} : ({", ".join(operands)}) -> {result}'


HLO_TENSOR = (
    "ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit "
    "float elements or per-tensor integer quantized or per-axis integer quantized values"
)
B3 = "#stablehlo.bounds<3>"
LT = " {comparison_direction = #stablehlo<comparison_direction LT>}"

VALID = [
    generic("add", ["tensor<2x3xf32>", "tensor<2x3xf32>"], "tensor<2x3xf32>"),
    generic("add", ["tensor<?x3xf32>", "tensor<2x?xf32>"], "tensor<2x3xf32>"),
    generic("add", ["tensor<?xf32>", "tensor<?xf32>"], "tensor<4xf32>"),  # `?` is compatible with any size
    generic("add", ["tensor<0xf32>", "tensor<0xf32>"], "tensor<0xf32>"),
    generic("add", ["tensor<2xi1>", "tensor<2xi1>"], "tensor<2xi1>"),
    generic("add", [f"tensor<?xf32, {B3}>", "tensor<3xf32>"], "tensor<?xf32>"),
    generic("add", ["tensor<?xf32>", f"tensor<?xf32, {B3}>"], "tensor<4xf32>"),  # operand #0 has no bounds
    generic("add", ["tensor<2x!quant.uniform<i8:f32, 1.0>>", "tensor<2x!quant.uniform<i8:f32, 2.0>>"], "tensor<2x!quant.uniform<i8:f32, 1.0>>"),
    generic("atan2", ["tensor<?xf32>", f"tensor<?xf32, {B3}>"], "tensor<4xf32>"),
    generic("abs", ["tensor<2xcomplex<f64>>"], "tensor<2xf64>"),
    generic("imag", ["tensor<2xf32>"], "tensor<2xf32>"),
    generic("is_finite", ["tensor<?x3xf32>"], "tensor<2x?xi1>"),
    generic("convert", ["tensor<2xf32>"], "tensor<2xi32>"),
    generic("complex", ["tensor<4xf32>", f"tensor<?xf32, {B3}>"], "tensor<?xcomplex<f32>>"),
    generic("compare", ["tensor<2xf32>", "tensor<2xf32>"], "tensor<2xi1>", " {comparison_direction = #stablehlo<comparison_direction LT>}"),
    "%0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<?xi1>",
    generic("select", ["tensor<i1>", "tensor<2x3xf32>", "tensor<2x3xf32>"], "tensor<2x3xf32>"),
    generic("select", ["tensor<2x3xi1>", "tensor<?x3xf32>", "tensor<?x?xf32>"], "tensor<5x3xf32>"),
    generic("select", ["tensor<4xi1>", "tensor<?xf32>", "tensor<?xf32>"], "tensor<2xf32>"),
    generic("clamp", ["tensor<f32>", "tensor<2x3xf32>", "tensor<f32>"], "tensor<2x3xf32>"),
    generic("clamp", ["tensor<f32>", f"tensor<?xf32, {B3}>", "tensor<f32>"], "tensor<4xf32>"),  # clamp infers no bounds
    generic("reduce_precision", ["tensor<2xf32>"], "tensor<2xf32>", " {exponent_bits = 5 : i32, mantissa_bits = 2 : i32}"),
    "%0 = stablehlo.add %a, %b : tensor<2x3xf32>",
]  # fmt: skip


@pytest.mark.parametrize("text", VALID)
def test_valid(text: str) -> None:
    assert diagnose(text) is None


def test_an_element_type_it_cannot_read_is_not_judged() -> None:
    """An unknown element type: the check says it cannot judge (passed over), not that the op is valid."""
    from broadcheck.semantics import NOT_JUDGED

    op = parse_operation(generic("add", ["tensor<2x!my.alias>", "tensor<3x!my.alias>"], "tensor<2x!my.alias>"))
    assert registry()[OpTable().semantics(op.name) or ""](op, Profile.LLVM) is NOT_JUDGED


INVALID = [
    # counts, then ODS constraints, operands before results
    (generic("add", ["tensor<2xf32>"] * 3, "tensor<2xf32>"), "BC515", "'stablehlo.add' op expected 2 operands, but found 3"),
    ('%0:2 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)', "BC107", "'stablehlo.add' op requires one result"),
    (generic("abs", ["tensor<2xf32>"] * 2, "tensor<2xf32>"), "BC516", "'stablehlo.abs' op requires a single operand"),
    (generic("add", ["tensor<2xf32>", "tensor<*xf32>"], "tensor<*xf32>"), "BC109", f"'stablehlo.add' op operand #1 must be {HLO_TENSOR}, but got 'tensor<*xf32>'"),
    (generic("add", ["tensor<2xf32>", "tensor<2xf32>"], "f32"), "BC109", f"'stablehlo.add' op result #0 must be {HLO_TENSOR}, but got 'f32'"),
    (generic("add", ["vector<2xf32>", "vector<2xf32>"], "vector<2xf32>"), "BC109", f"'stablehlo.add' op operand #0 must be {HLO_TENSOR}, but got 'vector<2xf32>'"),
    (generic("count_leading_zeros", ["tensor<2xf32>"], "tensor<2xf32>"), "BC109", "'stablehlo.count_leading_zeros' op operand #0 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<2xf32>'"),
    (generic("floor", ["tensor<4xi32>"], "tensor<4xi32>"), "BC109", "'stablehlo.floor' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or per-tensor integer quantized values, but got 'tensor<4xi32>'"),
    (generic("is_finite", ["tensor<2xf32>"], "tensor<2xf32>"), "BC109", "'stablehlo.is_finite' op result #0 must be ranked tensor of bool values, but got 'tensor<2xf32>'"),
    (generic("add", ["tensor<2xsi8>", "tensor<2xsi8>"], "tensor<2xsi8>"), "BC109", f"'stablehlo.add' op operand #0 must be {HLO_TENSOR}, but got 'tensor<2xsi8>'"),
    # add: same shape, then element types (its own words, no op prefix), then the inferred type
    (generic("add", ["tensor<2x3xf32>", "tensor<3xf32>"], "tensor<2x3xf32>"), "BC518", "'stablehlo.add' op requires the same shape for all operands and results"),
    (generic("add", ["tensor<f32>", "tensor<2xf32>"], "tensor<2xf32>"), "BC518", "'stablehlo.add' op requires the same shape for all operands and results"),
    (generic("add", ["tensor<2xf32>", "tensor<2xi32>"], "tensor<2xf32>"), "BC519", "op requires the same element type for all operands and results"),
    (generic("add", ["tensor<?xf32, #stablehlo.bounds<4>>", "tensor<5xf32>"], "tensor<?xf32>"), "BC522", "Mismatched dimension size 5 and bound 4 in dimension 0"),
    (generic("add", ["tensor<?xf32, #stablehlo.bounds<4>>", "tensor<?xf32>"], "tensor<5xf32>"), "BC521", "'stablehlo.add' op inferred type(s) 'tensor<?xf32, #stablehlo.bounds<4>>' are incompatible with return type(s) of operation 'tensor<5xf32>'"),
    (generic("add", ["tensor<2x!quant.uniform<i8:f32, 1.0>>", "tensor<2xf32>"], "tensor<2x!quant.uniform<i8:f32, 1.0>>"), "BC538", "expects  all operands and results to be either quantized or non-quantized"),
    (generic("add", ["tensor<1x!quant.uniform<i8:f32, 1.0:17>>"] * 2, "tensor<1x!quant.uniform<u8:f32, 1.0:17>>"), "BC521", "'stablehlo.add' op inferred type(s) 'tensor<1x!quant.uniform<i8:f32, 1.000000e+00:17>>' are incompatible with return type(s) of operation 'tensor<1x!quant.uniform<u8:f32, 1.000000e+00:17>>'"),
    (generic("add", ["tensor<2x!quant.uniform<i8:f32, 1.0>>", "tensor<2x!quant.uniform<i16:f32, 1.0>>"], "tensor<2x!quant.uniform<i8:f32, 1.0>>"), "BC539", "mismatched operands and result quantization storage types"),
    (generic("add", ["tensor<2x!quant.uniform<i8:f32, 1.0>>", "tensor<2x!quant.uniform<i8:f16, 1.0>>"], "tensor<2x!quant.uniform<i8:f32, 1.0>>"), "BC540", "mismatched operands and result quantization expressed types"),
    # CompatibleOperandsAndResultType (against operand #0), then the same shape, then the inferred type
    (generic("atan2", ["tensor<2xf32>", "tensor<3xf32>"], "tensor<2xf32>"), "BC517", "'stablehlo.atan2' op requires compatible types for all operands and results"),
    (generic("negate", ["tensor<2xf32>"], "tensor<2xf64>"), "BC517", "'stablehlo.negate' op requires compatible types for all operands and results"),
    (generic("atan2", [f"tensor<?xf32, {B3}>", "tensor<?xf32>"], "tensor<4xf32>"), "BC517", "'stablehlo.atan2' op requires compatible types for all operands and results"),
    (generic("maximum", ["tensor<?x1x2xf16>", "tensor<1x1x2xf16>"], "tensor<3x1x2xf16>"), "BC518", "'stablehlo.maximum' op requires the same shape for all operands and results"),
    (generic("atan2", ["tensor<?xf32>", "tensor<4xf32>"], f"tensor<?xf32, {B3}>"), "BC521", f"'stablehlo.atan2' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<?xf32, {B3}>'"),
    # Elementwise first, then the inferred type (abs, real, imag, is_finite; reduce_precision: then compatible types)
    (generic("abs", ["tensor<2x3xf32>"], "tensor<2x4xf32>"), "BC520", "'stablehlo.abs' op all non-scalar operands/results must have the same shape and base type"),
    (generic("abs", ["tensor<1x2xf32>"], "tensor<1x2xf64>"), "BC521", "'stablehlo.abs' op inferred type(s) 'tensor<1x2xf32>' are incompatible with return type(s) of operation 'tensor<1x2xf64>'"),
    (generic("real", ["tensor<2xcomplex<f64>>"], "tensor<2xf32>"), "BC521", "'stablehlo.real' op inferred type(s) 'tensor<2xf64>' are incompatible with return type(s) of operation 'tensor<2xf32>'"),
    (generic("is_finite", [f"tensor<?xf32, {B3}>"], "tensor<4xi1>"), "BC521", f"'stablehlo.is_finite' op inferred type(s) 'tensor<?xi1, {B3}>' are incompatible with return type(s) of operation 'tensor<4xi1>'"),
    (generic("reduce_precision", ["tensor<2xf32>"], "tensor<3xf32>", " {exponent_bits = 5 : i32, mantissa_bits = 2 : i32}"), "BC520", "'stablehlo.reduce_precision' op all non-scalar operands/results must have the same shape and base type"),
    (generic("convert", ["tensor<2xf32>"], "tensor<3xi32>"), "BC518", "'stablehlo.convert' op requires the same shape for all operands and results"),
    # complex: the operands' element types, then the shapes, then the inferred type (from the lhs)
    (generic("complex", ["tensor<2xf32>", "tensor<2xf64>"], "tensor<2xcomplex<f32>>"), "BC524", "'stablehlo.complex' op requires the same element type for all operands"),
    (generic("complex", ["tensor<2xf32>", "tensor<3xf32>"], "tensor<2xcomplex<f32>>"), "BC518", "'stablehlo.complex' op requires the same shape for all operands and results"),
    (generic("complex", [f"tensor<?xf32, {B3}>", "tensor<?xf32>"], "tensor<4xcomplex<f32>>"), "BC521", f"'stablehlo.complex' op inferred type(s) 'tensor<?xcomplex<f32>, {B3}>' are incompatible with return type(s) of operation 'tensor<4xcomplex<f32>>'"),
    # compare: Elementwise, the operands' element types, then the inferred type (from the lhs)
    (generic("compare", ["tensor<2xf32>", "tensor<3xf32>"], "tensor<2xi1>"), "BC1070", "'stablehlo.compare' op requires attribute 'comparison_direction'"),  # (before the shapes)
    (generic("compare", ["tensor<2xf32>", "tensor<3xf32>"], "tensor<2xi1>", LT), "BC520", "'stablehlo.compare' op all non-scalar operands/results must have the same shape and base type"),
    (generic("compare", ["tensor<2xf32>", "tensor<2xf64>"], "tensor<2xi1>", LT), "BC525", "'stablehlo.compare' op requires compatible element types for all operands"),
    (generic("compare", [f"tensor<?xf32, {B3}>", "tensor<?xf32>"], "tensor<4xi1>", LT), "BC521", f"'stablehlo.compare' op inferred type(s) 'tensor<?xi1, {B3}>' are incompatible with return type(s) of operation 'tensor<4xi1>'"),
    # select (its type inference's words, no op prefix)
    (generic("select", ["tensor<3xi1>", "tensor<2x3xf32>", "tensor<2x3xf32>"], "tensor<2x3xf32>"), "BC528", "requires the same shape for all operands"),
    (generic("select", ["tensor<3xi1>", "tensor<2x4xf32>", "tensor<2x3xf32>"], "tensor<2x3xf32>"), "BC527", "requires compatible types for non-predicate operands"),
    (generic("select", ["tensor<2xi1>", "tensor<2xf16>", "tensor<2xf32>"], "tensor<2xf32>"), "BC527", "requires compatible types for non-predicate operands"),
    (generic("select", ["tensor<i1>", "tensor<2x3xf32>", "tensor<2x3xf32>"], "tensor<2x3xi32>"), "BC521", "'stablehlo.select' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xi32>'"),
    (generic("select", ["tensor<?xi1>", "tensor<4xf32>", f"tensor<?xf32, {B3}>"], "tensor<?xf32>"), "BC522", "Mismatched dimension size 4 and bound 3 in dimension 0"),
    (generic("select", ["tensor<2x3xi8>", "tensor<2x3xf32>", "tensor<2x3xf32>"], "tensor<2x3xf32>"), "BC109", "'stablehlo.select' op operand #0 must be ranked tensor of bool values, but got 'tensor<2x3xi8>'"),
    # clamp: element types, min and max (scalar or the operand's shape; `?` prints as kDynamic), inferred type
    (generic("clamp", ["tensor<f64>", "tensor<2x3xf32>", "tensor<f32>"], "tensor<2x3xf32>"), "BC526", "'stablehlo.clamp' op requires compatible element types for all operands and results"),
    (generic("clamp", ["tensor<3xf32>", "tensor<2x3xf32>", "tensor<f32>"], "tensor<2x3xf32>"), "BC529", "min shape [3] is not scalar and is not compatible to operand shape [2, 3]"),
    (generic("clamp", ["tensor<f32>", "tensor<2x?xf32>", "tensor<3x?xf32>"], "tensor<2x3xf32>"), "BC529", "max shape [3, -9223372036854775808] is not scalar and is not compatible to operand shape [2, -9223372036854775808]"),
    (generic("clamp", ["tensor<f32>", "tensor<2x?xf32>", "tensor<f32>"], "tensor<3x?xf32>"), "BC521", "'stablehlo.clamp' op inferred type(s) 'tensor<2x?xf32>' are incompatible with return type(s) of operation 'tensor<3x?xf32>'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code", "message"), INVALID)
def test_invalid(text: str, code: str, message: str) -> None:
    assert diagnose(text) == (code, message)


def test_every_op_has_a_rule_and_a_table_entry() -> None:
    table = OpTable()
    for name in OPS:
        form = "-form" if name in ("compare", "complex", "reduce_precision") else ""
        assert table.semantics(f"stablehlo.{name}") == f"stablehlo{form}"


@pytest.mark.parametrize(
    ("text", "family", "printed"),
    [
        ("f32", "float", "f32"),
        ("f8E4M3FN", "float", "f8E4M3FN"),
        ("tf32", "other", "tf32"),
        ("i1", "bool", "i1"),
        ("i4", "sint", "i4"),
        ("ui32", "uint", "ui32"),
        ("si8", "other", "si8"),
        ("i3", "other", "i3"),
        ("index", "other", "index"),
        ("complex<f64>", "complex", "complex<f64>"),
        ("complex<f16>", "other", "complex<f16>"),
        ("!quant.uniform<i8:f32, 1.0>", "quant", "!quant.uniform<i8:f32, 1.000000e+00>"),
        ("!quant.uniform<u8:f32, 0.25:128>", "quant", "!quant.uniform<u8:f32, 2.500000e-01:128>"),
        ("!quant.uniform<i8<-127:127>:f32, 0.5>", "quant", "!quant.uniform<i8<-127:127>:f32, 5.000000e-01>"),
        ("!quant.uniform<i8<-128:127>:f32, 0.5:0>", "quant", "!quant.uniform<i8:f32, 5.000000e-01>"),
    ],
)
def test_elements(text: str, family: str, printed: str) -> None:
    e = element(text)
    assert (e.family, e.text) == (family, printed)


def test_unknown_elements_and_encodings_are_passed_over() -> None:
    with pytest.raises(Unknown):
        element("!my.alias")
    with pytest.raises(Unknown):
        tensor(parse_operation("%0 = x.y %a : (tensor<2xf32, #enc>) -> tensor<2xf32>").operands[0].type)
    with pytest.raises(Unknown):  # a static size with a bound: the tool rejects the type itself
        tensor(parse_operation("%0 = x.y %a : (tensor<2xf32, #stablehlo.bounds<4>>) -> tensor<2xf32>").operands[0].type)


def test_most_specific_keeps_bounds_only_when_the_first_type_has_them() -> None:
    f32 = element("f32")
    bounded, plain = Tensor((Q,), f32, (3,)), Tensor((Q,), f32)
    assert str(most_specific([bounded, plain])) == "tensor<?xf32, #stablehlo.bounds<3>>"
    assert str(most_specific([plain, bounded])) == "tensor<?xf32>"
    assert str(most_specific([Tensor((Q,), f32, (4,)), bounded])) == "tensor<?xf32, #stablehlo.bounds<3>>"
    assert str(most_specific([plain, Tensor((2,), f32)])) == "tensor<2xf32>"
    with pytest.raises(InferenceError):
        most_specific([Tensor((4,), f32), bounded])
