"""XLA broadcasting (seed 001), CHLO (errors and lint) and StableHLO broadcast_in_dim, with the tools' words."""

from __future__ import annotations

import pytest

from broadcheck.messages import RULES
from broadcheck.ops import Shape
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile, registry
from broadcheck.semantics.stablehlo import Tensor, element
from broadcheck.semantics.xla import (
    RANKED_OPERAND,
    STATIC_RESULT,
    XlaError,
    broadcast,
    broadcast_in_dim,
    chlo_broadcast,
    dense_set_order,
    parse_dims,
    with_bounds,
    xla_shape,
)
from broadcheck.syntax.parser import parse_operation

Q = None  # an unknown (unbounded dynamic) size, `?`

# Seed 001 ("Broadcasting semantics" in the XLA docs) and the table in XLA's InferInDimBroadcastShape.
SEED_VALID = [
    ((2, 3), (), None, (2, 3)),  # a scalar needs no broadcast_dimensions
    ((2, 3), (3,), (1,), (2, 3)),  # X + v
    ((3, 3), (3,), (1,), (3, 3)),  # each vector element becomes a column...
    ((3, 3), (3,), (0,), (3, 3)),  # ... or a row
    ((2, 3, 4), (3, 4), (1, 2), (2, 3, 4)),  # the 2x3x4 cuboid and the 3x4 matrix
    ((2, 3, 4, 5), (2,), (0,), (2, 3, 4, 5)),  # MxNxPxQ and a vector T: dim 0..3
    ((2, 3, 4, 5), (3,), (1,), (2, 3, 4, 5)),
    ((2, 3, 4, 5), (4,), (2,), (2, 3, 4, 5)),
    ((2, 3, 4, 5), (5,), (3,), (2, 3, 4, 5)),
    ((2, 3, 4, 5), (4, 5), (2, 3), (2, 3, 4, 5)),  # TxV: dims 2,3 / 1,2 / 0,3
    ((2, 3, 4, 5), (3, 4), (1, 2), (2, 3, 4, 5)),
    ((2, 3, 4, 5), (2, 5), (0, 3), (2, 3, 4, 5)),
    ((4, 3), (3,), (1,), (4, 3)),
    ((2, 3, 4), (2, 1), (0, 2), (2, 3, 4)),
    ((2, 1, 4), (2, 3), (0, 1), (2, 3, 4)),
    ((2, 3, 4), (2, 3), (0, 1), (2, 3, 4)),
    ((4,), (1, 2), (0,), (4, 2)),  # broadcast composition: InDim, then degenerate dims
    ((1, 2), (4, 3, 1), (1, 2), (4, 3, 2)),
    ((2, 1), (2, 3), None, (2, 3)),  # similar-rank arrays with degenerate dims
    ((1, 2, 5), (7, 2, 5), None, (7, 2, 5)),
    ((7, 2, 5), (7, 1, 5), None, (7, 2, 5)),
    ((2, 1), (1, 3), None, (2, 3)),  # the "outer operation"
    ((2, 3), (2, 3), (0, 1), (2, 3)),  # the identity is allowed on equal ranks
    ((), (), None, ()),
]


@pytest.mark.parametrize(("lhs", "rhs", "dims", "expected"), SEED_VALID)
def test_seed_examples(lhs: Shape, rhs: Shape, dims: tuple[int, ...] | None, expected: Shape) -> None:
    assert broadcast(lhs, rhs, dims) == expected
    assert broadcast(rhs, lhs, dims) == expected


# Seed 001's invalid cases, and one case per XLA message, with XLA's text.
Case = tuple[Shape, Shape, tuple[int, ...] | None, str, str]
SEED_INVALID: list[Case] = [
    ((2, 3), (3,), None, "BC551", "Shapes must be equal rank, but are f32[3] and f32[2,3]"),  # "without specifying broadcasting, this operation is invalid"
    ((4, 3), (3,), (0,), "BC555", "Broadcast dimension 0 mismatch: 3 != 4; f32[3] and f32[4,3]."),
    ((2, 1), (2, 3, 4), (1, 2), "BC555", "Broadcast dimension 0 mismatch: 2 != 3; f32[2,1] and f32[2,3,4]."),
    ((2, 3, 4, 5), (4, 3), (2, 1), "BC556", "Broadcast dimensions order is wrong: 1 comes after 2."),  # V to N and T to P
    ((2, 4, 4, 5), (4, 4), (2, 2), "BC556", "Broadcast dimensions order is wrong: 2 comes after 2."),  # one dim matched twice
    ((7, 2, 5), (7, 2, 6), None, "BC558", "Binary op with incompatible shapes: f32[7,2,5] and f32[7,2,6]."),
]  # fmt: skip
MESSAGES: list[Case] = [
    ((2, 3), (3,), (0, 1), "BC552", "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 1, size of broadcast_dimensions is 2."),
    ((2, 3), (), (0,), "BC552", "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 0, size of broadcast_dimensions is 1."),
    ((2, 3), (3,), (-1,), "BC553", "Broadcast dimension number (-1) cannot be negative."),
    ((2, 3), (3,), (2,), "BC554", "Broadcast dimension number (2) too large; higher-rank operand has rank 2."),
    ((2, 3), (2, 3), (1, 0), "BC557", "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."),
    ((2, 3), (2, 1), (0,), "BC557", "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."),
    ((3, 1), (1, 4, 3), None, "BC551", "Shapes must be equal rank, but are f32[3,1] and f32[1,4,3]"),
]  # fmt: skip


@pytest.mark.parametrize(("lhs", "rhs", "dims", "code", "message"), SEED_INVALID + MESSAGES)
def test_invalid(lhs: Shape, rhs: Shape, dims: tuple[int, ...] | None, code: str, message: str) -> None:
    with pytest.raises(XlaError) as err:
        broadcast(lhs, rhs, dims)
    assert (err.value.code, str(err.value)) == (code, message)
    with pytest.raises(XlaError) as swapped:
        broadcast(rhs, lhs, dims)
    assert swapped.value.code == code
    if code != "BC558":  # the others name the lower-rank operand first, whichever side it is on
        assert str(swapped.value) == message


# XLA's order: per dim of the lower-rank operand, negative, too large, size mismatch, then order.
ORDER = [
    ((2, 3, 4), (3, 4), (1, -1), "BC553"),  # negative, not "order is wrong"
    ((2, 3, 4), (3, 4), (1, 3), "BC554"),
    ((2, 3, 4), (4, 5), (2, 1), "BC555"),  # the mismatch at dim 1 is found before the order
    ((2, 3, 4), (5, 3), (1, 1), "BC555"),  # dim 0 already mismatches
    ((2, 3), (2, 3), (7,), "BC557"),  # same rank: nothing else is looked at
    ((2, 3), (4,), None, "BC551"),
    ((2, 3), (4,), (), "BC551"),  # empty is "not set"
]


@pytest.mark.parametrize(("lhs", "rhs", "dims", "code"), ORDER)
def test_check_order(lhs: Shape, rhs: Shape, dims: tuple[int, ...] | None, code: str) -> None:
    with pytest.raises(XlaError) as err:
        broadcast(lhs, rhs, dims)
    assert err.value.code == code


def test_element_types_are_checked_first() -> None:
    with pytest.raises(XlaError) as err:
        broadcast((2,), (3,), None, "f32", "i32")
    assert (err.value.code, str(err.value)) == (
        "BC559",
        "Binary op add with different element types: f32[2] and s32[3].",
    )
    assert broadcast((2,), (2,), None, "si32", "i32") == (2,)  # the same XLA type


def test_unknown_sizes_are_compatible() -> None:
    assert broadcast((Q, 3), (4, 1), None) == (4, 3)
    assert broadcast((Q, 3), (1, Q), None) == (Q, 3)
    assert broadcast((4, 3), (Q,), (1,)) == (4, 3)
    assert broadcast((Q, 3), (5,), (0,)) == (5, 3)


@pytest.mark.parametrize(
    ("element", "shape", "text"),
    [
        ("f32", (2, 3), "f32[2,3]"),
        ("i32", (), "s32[]"),
        ("si8", (1,), "s8[1]"),
        ("ui16", (1,), "u16[1]"),
        ("i1", (4,), "pred[4]"),
        ("bf16", (Q, 3), "bf16[?,3]"),
        ("complex<f32>", (2,), "c64[2]"),
        ("complex<f64>", (2,), "c128[2]"),
        ("f8E4M3FN", (2,), "f8e4m3fn[2]"),
    ],
)
def test_xla_shape(element: str, shape: Shape, text: str) -> None:
    assert xla_shape(element, shape) == text


# StableHLO broadcast_in_dim: verdicts and messages of the real verifier (iree-base-compiler 3.13).
IN_DIM_VALID = [
    ((1, 3), (2, 1), (2, 3, 2)),  # not required to increase
    ((Q, 3), (1, 0), (3, 7)),  # a `?` operand size is not checked
    ((), (), (3, 7)),
    ((0,), (0,), (0, 7)),
    ((1,), (0,), (0, 7)),
    ((3,), (1,), (2, 3)),
    ((1,), (1,), (3, Q)),  # a bounded `?` result size takes a 1
]
IN_DIM_INVALID = [
    ((1, 3), (2,), (2, 3, 2), "BC511", "broadcast_dimensions size (1) does not match operand rank (2)"),
    ((1, 3), (2, 2), (2, 3, 2), "BC512", "broadcast_dimensions should not have duplicates"),
    ((3, 3), (2, 2), (2, 3), "BC512", "broadcast_dimensions should not have duplicates"),  # before the range
    ((1, 3), (2, 5), (2, 3, 2), "BC513", "broadcast_dimensions contains invalid value 5 for result with rank 3"),
    ((1, 3), (-1, 1), (2, 3, 2), "BC513", "broadcast_dimensions contains invalid value -1 for result with rank 3"),
    ((2, 3), (0, 1), (2, 2, 2), "BC514", "size of operand dimension 1 (3) is not equal to 1 or size of result dimension 1 (2)"),
    ((3,), (1,), (1, 2, 3), "BC514", "size of operand dimension 0 (3) is not equal to 1 or size of result dimension 1 (2)"),
    ((2,), (1,), (3, Q), "BC514", "size of operand dimension 0 (2) is not equal to 1 or size of result dimension 1 (-9223372036854775808)"),
]  # fmt: skip


@pytest.mark.parametrize(("operand", "dims", "result"), IN_DIM_VALID)
def test_broadcast_in_dim_valid(operand: Shape, dims: tuple[int, ...], result: Shape) -> None:
    broadcast_in_dim(operand, dims, result)


@pytest.mark.parametrize(("operand", "dims", "result", "code", "message"), IN_DIM_INVALID)
def test_broadcast_in_dim_invalid(
    operand: Shape, dims: tuple[int, ...], result: Shape, code: str, message: str
) -> None:
    with pytest.raises(XlaError) as err:
        broadcast_in_dim(operand, dims, result)
    assert (err.value.code, str(err.value)) == (code, message)


PARSE_DIMS = [
    ("array<i64: 1, 2>", (1, 2)),
    ("array<i64:1>", (1,)),
    ("array<i64>", ()),
    ("[2, 1]", (2, 1)),
    ("[]", ()),
    ("[ -1 ]", (-1,)),
    ("dense<[0, 1]> : tensor<2xi64>", (0, 1)),
    ("dense<3> : tensor<2xi64>", (3, 3)),
    ("dense<> : tensor<0xi64>", ()),
]


@pytest.mark.parametrize(("text", "dims"), PARSE_DIMS)
def test_parse_dims(text: str, dims: tuple[int, ...]) -> None:
    assert parse_dims(text) == dims


@pytest.mark.parametrize("text", ["#dims", "array<f32: 1.0>", "[1, 2", "dense<[[0, 1]]> : tensor<1x2xi64>", "1"])
def test_parse_dims_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="not a list of dimensions"):
        parse_dims(text)


# --- ops ----------------------------------------------------------------------------------------


def diagnose(text: str) -> tuple[str, str, str] | None:
    """(code, severity, message) of the op in ``text``, as broadcheck words it; None if it passes."""
    op = parse_operation(text)
    verifier = registry()[OpTable().semantics(op.name) or ""]
    problem = verifier(op, Profile.LLVM)
    if problem is None:
        return None
    rule = RULES[problem.code]
    return problem.code, rule.severity, rule.format(op.name, **problem.args)


def _chlo(operands: str, result: str, attr: str = "", name: str = "add") -> str:
    return f"%0 = chlo.broadcast_{name} %a, %b {attr} : ({operands}) -> {result}"


# CHLO accepts every broadcast it cannot make sense of (it infers an unranked result).
CHLO_PASS = [
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = array<i64: 1>}"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf32>"),  # no dims: NumPy
    _chlo("tensor<4xf32>, tensor<1x2xf32>", "tensor<4x2xf32>", "{broadcast_dimensions = array<i64: 0>}"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<*xf32>", "{broadcast_dimensions = array<i64: 1>}"),
    _chlo("tensor<*xf32>, tensor<3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = array<i64: 0>}"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xi1>", "{broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction EQ>}", "compare"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = #unknown_alias}"),
    _chlo("tensor<?xf64, #stablehlo.bounds<10>>, tensor<f64>", "tensor<?xf64, #stablehlo.bounds<10>>"),
    '%0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<i1>, tensor<8x1xi32>, tensor<2x8x8xi32>) -> tensor<2x8x8xi32>',
]  # fmt: skip


@pytest.mark.parametrize("text", CHLO_PASS)
def test_chlo_passes(text: str) -> None:
    assert diagnose(text) is None


# CHLO's own errors: verdict and first message of the real verifier (iree-base-compiler 3.13).
CHLO_FAIL = [
    (_chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x4xf32>"), "BC521", "'chlo.broadcast_add' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'"),
    (_chlo("tensor<2x3xf32>, tensor<2xf32>", "tensor<2x4xf32>", "{broadcast_dimensions = array<i64: 0>}"), "BC521", "'chlo.broadcast_add' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'"),
    (_chlo("tensor<2x3xf32>, tensor<3xi32>", "tensor<2x3xf32>"), "BC526", "'chlo.broadcast_add' op requires compatible element types for all operands and results"),
    (_chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf64>", name="subtract"), "BC535", "'chlo.broadcast_subtract' op requires the same element type for all operands and results"),
    (_chlo("tensor<2x3xi32>, tensor<3xi8>", "tensor<2x3xi32>", name="and"), "BC536", "mismatched operand types"),
    ('%0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>', "BC537", "'chlo.broadcast_add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute"),
    (_chlo("tensor<2xindex>, tensor<2xindex>", "tensor<2xindex>"), "BC109", "'chlo.broadcast_add' op operand #0 must be tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<2xindex>'"),
    (_chlo("tensor<2xf32>, tensor<2xf32>", "tensor<2xcomplex<f64>>", name="complex"), "BC521", "'chlo.broadcast_complex' op inferred type(s) 'tensor<2xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<2xcomplex<f64>>'"),
    (_chlo("tensor<4xi32>, tensor<3xi32>", "tensor<4xi16>", name="and"), "BC521", "'chlo.broadcast_and' op inferred type(s) 'tensor<*xi32>' are incompatible with return type(s) of operation 'tensor<4xi16>'"),
    ('%0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>', "BC521", "'chlo.broadcast_select' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x4xf32>'"),
    ('%0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf64>) -> tensor<2x3xf32>', "BC536", "mismatched operand types"),
    ('%0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<*xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>', "BC109", "'chlo.broadcast_select' op operand #0 must be ranked tensor of bool values, but got 'tensor<*xi1>'"),
    ('%0 = "chlo.broadcast_add"(%a, %b, %c) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>', "BC515", "'chlo.broadcast_add' op expected 2 operands, but found 3"),
    # The attribute is converted while the op is read, before any other check.
    ('%0 = "chlo.broadcast_add"(%a, %b, %c) {broadcast_dimensions = [1]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>', "BC537", "'chlo.broadcast_add' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code", "message"), CHLO_FAIL)
def test_chlo_errors(text: str, code: str, message: str) -> None:
    assert diagnose(text) == (code, "error", message)


# What CHLO accepts but XLA's client rules (with broadcast_dimensions) or NumPy's forbid: warnings.
CHLO_LINT = [
    (_chlo("tensor<4x3xf32>, tensor<3xf32>", "tensor<4x3xf32>", "{broadcast_dimensions = array<i64: 0>}"), "BC555", "Broadcast dimension 0 mismatch: 3 != 4; f32[3] and f32[4,3]."),
    (_chlo("tensor<4x3xi32>, tensor<3xi32>", "tensor<4x3xi32>", "{broadcast_dimensions = array<i64>}", "shift_left"), "BC551", "Shapes must be equal rank, but are s32[3] and s32[4,3]"),
    (_chlo("tensor<3xf32>, tensor<4x3xf32>", "tensor<4x3xf32>", "{broadcast_dimensions = array<i64: 0, 1>}"), "BC552", "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 1, size of broadcast_dimensions is 2."),
    (_chlo("tensor<2x3x4xf64>, tensor<2x3x4xf64>", "tensor<2x3x4xi1>", "{broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction EQ>}", "compare"), "BC557", "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."),
    (_chlo("tensor<2x3xf32>, tensor<2x3xf32>", "tensor<3x2xf32>", "{broadcast_dimensions = array<i64: 1, 0>}"), "BC557", "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."),
    (_chlo("tensor<2x3xf32>, tensor<4xf32>", "tensor<2x3xf32>"), "BC560", "incompatible shapes for broadcasting 3 and 4"),
    (_chlo("tensor<?xf32, #stablehlo.bounds<4>>, tensor<4xf32>", "tensor<?xf32>"), "BC561", "cannot mix bounded and static dimensions in broadcast"),
    ('%0 = "chlo.broadcast_select"(%p, %a, %b) : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>', "BC560", "incompatible shapes for broadcasting 2 and 3"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code", "message"), CHLO_LINT)
def test_chlo_lint_is_a_warning(text: str, code: str, message: str) -> None:
    assert diagnose(text) == (code, "warning", message)


@pytest.mark.parametrize(
    ("x", "y", "dims", "shape"),
    [
        ((2, 3), (3, 2), (1, 0), (3, 2)),  # same ranks are mapped too: the rhs is the larger one
        ((4, 2, 3), (4, 4), (0, 0), (4, 2, 3)),  # duplicates: only the filtered sizes must broadcast
        ((3,), (4, 2, Q), (2,), (4, 2, 3)),
        ((4, 2), (3,), (0,), None),  # 3 does not broadcast with 4: unranked
        ((4, 2, 3), (3,), (), None),  # wrong number of dims: unranked
        ((3, 2), (3,), (5,), None),
        ((Q, 5), (1, Q), None, (Q, 5)),  # MLIR's NumPy rules when a `?` has no bound
        ((0, 5), (1, Q), None, (0, 5)),
        ((2, 5), (3, 5), None, None),
    ],
)
def test_chlo_broadcast_shapes(x: Shape, y: Shape, dims: tuple[int, ...] | None, shape: Shape | None) -> None:
    f32 = element("f32")
    assert chlo_broadcast(Tensor(x, f32), Tensor(y, f32), dims).shape == shape


def test_chlo_bounds() -> None:
    f32 = element("f32")
    bounded = Tensor((None,), f32, (4,))
    fold = with_bounds([bounded, Tensor((1,), f32)])
    assert (fold.shape, fold.bounds, fold.lint) == ((None,), (4,), None)
    # A `?` without a bound in an encoded type counts as StableHLO's kDynamic size.
    fold = with_bounds([Tensor((), f32), Tensor((3, None, None), f32, (None, None, 2))])
    assert (fold.shape, fold.bounds) == ((3, None, None), (None, None, 2))
    fold = with_bounds([Tensor((1, None), f32, (None, None)), Tensor((1, 4), f32)])
    assert fold.lint is not None and dict(fold.lint.args) == {"a": -9223372036854775808, "b": 4}


IN_DIM_OPS = [
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", None),
    ('%0 = "stablehlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<1x3xi32>) -> tensor<2x3x2xi32>', None),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<?x3xi32>) -> tensor<?x3xi32, #stablehlo.bounds<4, ?>>", None),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<1xf32>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>>", None),
    ('%0 = "stablehlo.broadcast_in_dim"(%v) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x3xi32>) -> tensor<2x3xi32>', "'stablehlo.broadcast_in_dim' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "broadcast_dimensions size (1) does not match operand rank (2)"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 2] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "broadcast_dimensions should not have duplicates"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 5] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "broadcast_dimensions contains invalid value 5 for result with rank 3"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x2x2xi32>", "size of operand dimension 1 (3) is not equal to 1 or size of result dimension 1 (2)"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<2xf32>) -> tensor<3x?xf32, #stablehlo.bounds<?, 4>>", "size of operand dimension 0 (2) is not equal to 1 or size of result dimension 1 (-9223372036854775808)"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf64>", "'stablehlo.broadcast_in_dim' op requires compatible element types for all operands and results"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<?x3x2xi32>", f"'stablehlo.broadcast_in_dim' op result #0 must be {STATIC_RESULT}, but got 'tensor<?x3x2xi32>'"),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<*xi32>) -> tensor<2x3xi32>", f"'stablehlo.broadcast_in_dim' op operand #0 must be {RANKED_OPERAND}, but got 'tensor<*xi32>'"),
    ('%0 = "stablehlo.broadcast_in_dim"(%v, %v) {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>', "'stablehlo.broadcast_in_dim' op requires a single operand"),
    ('%0 = "stablehlo.broadcast_in_dim"(%v) : (tensor<2xi32>) -> tensor<2xi32>', "'stablehlo.broadcast_in_dim' op requires attribute 'broadcast_dimensions'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), IN_DIM_OPS)
def test_broadcast_in_dim_op(text: str, message: str | None) -> None:
    got = diagnose(text)
    assert (got and got[2]) == message


def _dynamic(types: str, result: str, dims: str, hints: str = "") -> str:
    attrs = f"broadcast_dimensions = array<i64: {dims}>{hints}"
    return f'%0 = "stablehlo.dynamic_broadcast_in_dim"(%v, %s) {{{attrs}}} : ({types}) -> {result}'


_HINTS = ", known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>"
DYNAMIC_OPS = [
    (_dynamic("tensor<2xf32>, tensor<2xi64>", "tensor<3x2xf32>", "1"), None),
    (_dynamic("tensor<2xf32>, tensor<2xindex>", "tensor<?x?xf32>", "1"), None),
    (_dynamic("tensor<?xf32, #stablehlo.bounds<4>>, tensor<2xi64>", "tensor<?x5xf32>", "1"), None),
    ("%0 = stablehlo.dynamic_broadcast_in_dim %v, %s, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>", None),
    (_dynamic("tensor<2xf32>, tensor<?xi64>", "tensor<?x?xf32>", "1"), "'stablehlo.dynamic_broadcast_in_dim' op operand #1 must be statically shaped 1-dimensional tensor of index or 2/4/8/16/32/64-bit integer values, but got 'tensor<?xi64>'"),
    (_dynamic("tensor<2xf32>, tensor<2xi64>", "tensor<?x?xf64>", "1"), "expects operand and result to have compatible element type. Got: 'tensor<2xf32>' and 'tensor<?x?xf64>'"),
    (_dynamic("tensor<2x3xf32>, tensor<1xi64>", "tensor<?xf32>", "0"), "broadcast_dimensions size (1) does not match operand rank (2)"),
    (_dynamic("tensor<2x3xf32>, tensor<1xi64>", "tensor<?xf32>", "0, 1"), "result rank (1) is less than operand rank (2)"),
    (_dynamic("tensor<2x2xf32>, tensor<2xi64>", "tensor<?x?xf32>", "1, 1"), "broadcast_dimensions should not have duplicates"),
    (_dynamic("tensor<2xf32>, tensor<2xi64>", "tensor<?x3xf32>", "1"), "size of operand dimension 0 (2) is not compatible with size of result dimension 1 (3)"),
    (_dynamic("tensor<2xf32>, tensor<2xi64>", "tensor<?x?xf32>", "1", _HINTS), "duplicate expansion hint for at least one operand dimension"),
    (_dynamic("tensor<2xf32>, tensor<2xi64>", "tensor<?x?xf32>", "1", ", known_expanding_dimensions = array<i64: 1, -1>"), "hint for expanding dimension -1 does not refer to a valid operand dimension"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), DYNAMIC_OPS)
def test_dynamic_broadcast_in_dim_op(text: str, message: str | None) -> None:
    got = diagnose(text)
    assert (got and got[2]) == message


def test_expansion_hints_in_dense_set_order() -> None:
    # StableHLO checks the hints in the order of an LLVM DenseSet, not the order written.
    assert dense_set_order([1, -1]) == [-1, 1]
    assert dense_set_order([-1, 0]) == [0, -1]
    assert dense_set_order([3, 3, 2]) == [2, 3]


def test_static_result_constraint_reads_as_stablehlo_prints_it() -> None:
    # The real verifier: 'stablehlo.broadcast_in_dim' op result #0 must be <STATIC_RESULT>, but got 'tensor<?x3x2xi32>'
    assert STATIC_RESULT.startswith("statically shaped or single bounded dimension tensor of 4/6/8/16/32/64-bit float")
    assert STATIC_RESULT.endswith("or per-tensor integer quantized or per-axis integer quantized values")
