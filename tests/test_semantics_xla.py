"""XLA broadcasting (seed 001) and StableHLO broadcast_in_dim, with XLA's and StableHLO's messages word for word."""

from __future__ import annotations

import pytest

from broadcheck.ops import Shape
from broadcheck.semantics import Profile, Subject
from broadcheck.semantics.xla import (
    RANKED_OPERAND,
    STATIC_RESULT,
    XlaError,
    broadcast,
    broadcast_in_dim,
    parse_dims,
    verify_broadcast_in_dim_op,
    verify_chlo_op,
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
    ((2, 3), (3,), None, "BC501", "Shapes must be equal rank, but are f32[3] and f32[2,3]"),  # "without specifying broadcasting, this operation is invalid"
    ((4, 3), (3,), (0,), "BC505", "Broadcast dimension 0 mismatch: 3 != 4; f32[3] and f32[4,3]."),
    ((2, 1), (2, 3, 4), (1, 2), "BC505", "Broadcast dimension 0 mismatch: 2 != 3; f32[2,1] and f32[2,3,4]."),
    ((2, 3, 4, 5), (4, 3), (2, 1), "BC506", "Broadcast dimensions order is wrong: 1 comes after 2."),  # V to N and T to P
    ((2, 4, 4, 5), (4, 4), (2, 2), "BC506", "Broadcast dimensions order is wrong: 2 comes after 2."),  # one dim matched twice
    ((7, 2, 5), (7, 2, 6), None, "BC508", "Binary op with incompatible shapes: f32[7,2,5] and f32[7,2,6]."),
]  # fmt: skip
MESSAGES: list[Case] = [
    ((2, 3), (3,), (0, 1), "BC502", "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 1, size of broadcast_dimensions is 2."),
    ((2, 3), (), (0,), "BC502", "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is 0, size of broadcast_dimensions is 1."),
    ((2, 3), (3,), (-1,), "BC503", "Broadcast dimension number (-1) cannot be negative."),
    ((2, 3), (3,), (2,), "BC504", "Broadcast dimension number (2) too large; higher-rank operand has rank 2."),
    ((2, 3), (2, 3), (1, 0), "BC507", "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."),
    ((2, 3), (2, 1), (0,), "BC507", "Broadcast dimensions field must either be not set or be the identity on binary operations with operands of the same rank."),
    ((3, 1), (1, 4, 3), None, "BC501", "Shapes must be equal rank, but are f32[3,1] and f32[1,4,3]"),
]  # fmt: skip


@pytest.mark.parametrize(("lhs", "rhs", "dims", "code", "message"), SEED_INVALID + MESSAGES)
def test_invalid(lhs: Shape, rhs: Shape, dims: tuple[int, ...] | None, code: str, message: str) -> None:
    with pytest.raises(XlaError) as err:
        broadcast(lhs, rhs, dims)
    assert (err.value.code, str(err.value)) == (code, message)
    with pytest.raises(XlaError) as swapped:
        broadcast(rhs, lhs, dims)
    assert swapped.value.code == code
    if code != "BC508":  # the others name the lower-rank operand first, whichever side it is on
        assert str(swapped.value) == message


# XLA's order: per dim of the lower-rank operand, negative, too large, size mismatch, then order.
ORDER = [
    ((2, 3, 4), (3, 4), (1, -1), "BC503"),  # negative, not "order is wrong"
    ((2, 3, 4), (3, 4), (1, 3), "BC504"),
    ((2, 3, 4), (4, 5), (2, 1), "BC505"),  # the mismatch at dim 1 is found before the order
    ((2, 3, 4), (5, 3), (1, 1), "BC505"),  # dim 0 already mismatches
    ((2, 3), (2, 3), (7,), "BC507"),  # same rank: nothing else is looked at
    ((2, 3), (4,), None, "BC501"),
    ((2, 3), (4,), (), "BC501"),  # empty is "not set"
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
        "BC509",
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
]
IN_DIM_INVALID = [
    ((1, 3), (2,), (2, 3, 2), "BC511", "broadcast_dimensions size (1) does not match operand rank (2)"),
    ((1, 3), (2, 2), (2, 3, 2), "BC512", "broadcast_dimensions should not have duplicates"),
    ((3, 3), (2, 2), (2, 3), "BC512", "broadcast_dimensions should not have duplicates"),  # before the range
    ((1, 3), (2, 5), (2, 3, 2), "BC513", "broadcast_dimensions contains invalid value 5 for result with rank 3"),
    ((1, 3), (-1, 1), (2, 3, 2), "BC513", "broadcast_dimensions contains invalid value -1 for result with rank 3"),
    ((2, 3), (0, 1), (2, 2, 2), "BC514", "size of operand dimension 1 (3) is not equal to 1 or size of result dimension 1 (2)"),
    ((3,), (1,), (1, 2, 3), "BC514", "size of operand dimension 0 (3) is not equal to 1 or size of result dimension 1 (2)"),
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


def _chlo(operands: str, result: str, attr: str = "", name: str = "add") -> str:
    return f"%0 = chlo.broadcast_{name} %a, %b {attr} : ({operands}) -> {result}"


CHLO_PASS = [
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = array<i64: 1>}"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf32>"),  # no dims: NumPy
    _chlo("tensor<4xf32>, tensor<1x2xf32>", "tensor<4x2xf32>", "{broadcast_dimensions = array<i64: 0>}"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<*xf32>", "{broadcast_dimensions = array<i64: 1>}"),
    _chlo("tensor<*xf32>, tensor<3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = array<i64: 0>}"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xi1>", "{broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction EQ>}", "compare"),
    _chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = #unknown_alias}"),
    '%0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>',
]  # fmt: skip


@pytest.mark.parametrize("text", CHLO_PASS)
def test_verify_chlo_op_passes(text: str) -> None:
    assert verify_chlo_op(parse_operation(text), Profile.SPEC) is None


CHLO_FAIL = [
    (_chlo("tensor<4x3xf32>, tensor<3xf32>", "tensor<4x3xf32>", "{broadcast_dimensions = array<i64: 0>}"), "BC505", {"index": 0, "small": 3, "large": 4, "smaller": "f32[3]", "larger": "f32[4,3]"}, 1),
    (_chlo("tensor<4x3xi32>, tensor<3xi32>", "tensor<4x3xi32>", "{broadcast_dimensions = array<i64>}", "shift_left"), "BC501", {"smaller": "s32[3]", "larger": "s32[4,3]"}, 1),
    (_chlo("tensor<4x3xi32>, tensor<4x3xf32>", "tensor<4x3xi32>", "{broadcast_dimensions = array<i64: 0, 1>}", "shift_left"), "BC509", {"opcode": "shift-left", "lhs": "s32[4,3]", "rhs": "f32[4,3]"}, 1),
    (_chlo("tensor<3xf32>, tensor<4x3xf32>", "tensor<4x3xf32>", "{broadcast_dimensions = array<i64: 0, 1>}"), "BC502", {"rank": 1, "size": 2}, 0),
    (_chlo("tensor<2x3xf32>, tensor<2x3xf32>", "tensor<2x3xf32>", "{broadcast_dimensions = array<i64: 1, 0>}"), "BC507", {}, None),
    (_chlo("tensor<2x3xf32>, tensor<4xf32>", "tensor<2x3xf32>"), "BC301", {"first": 0, "first_shape": "(2, 3)", "second": 1, "second_shape": "(4,)"}, 1),
    (_chlo("tensor<2x3xf32>, tensor<3xf32>", "tensor<2x4xf32>", "{broadcast_dimensions = array<i64: 1>}"), "BC302", {"index": 0, "actual": "'2x4'", "inferred": "'2x3'"}, None),
    (_chlo("tensor<4xf32>, tensor<1x2xf32>", "tensor<4x3xf32>", "{broadcast_dimensions = array<i64: 0>}"), "BC302", {"index": 0, "actual": "'4x3'", "inferred": "'4x2'"}, None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code", "args", "operand"), CHLO_FAIL)
def test_verify_chlo_op_fails(text: str, code: str, args: dict[str, object], operand: int | None) -> None:
    problem = verify_chlo_op(parse_operation(text), Profile.SPEC)
    assert problem is not None
    assert (problem.code, dict(problem.args)) == (code, args)
    if operand is not None:
        assert problem.subject == Subject("operand", operand)


def test_verify_select_is_numpy() -> None:
    from broadcheck.semantics.numpy import verify_op

    ok = "%0 = chlo.broadcast_select %p, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>"
    bad = "%0 = chlo.broadcast_select %p, %a, %b : (tensor<2xi1>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>"
    assert verify_op(parse_operation(ok), Profile.SPEC) is None
    problem = verify_op(parse_operation(bad), Profile.SPEC)
    assert problem is not None and problem.code == "BC301"


IN_DIM_OPS = [
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", None, {}),
    ('%0 = "stablehlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<1x3xi32>) -> tensor<2x3x2xi32>', None, {}),
    ('%0 = "stablehlo.broadcast_in_dim"(%v) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x3xi32>) -> tensor<2x3xi32>', None, {}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<?x3xi32>) -> tensor<?x3xi32, #stablehlo.bounds<4, ?>>", None, {}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "BC511", {"size": 1, "rank": 2}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 2] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "BC512", {}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 5] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "BC513", {"value": 5, "rank": 3}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x2x2xi32>", "BC514", {"dim": 1, "size": 3, "result_dim": 1, "result_size": 2}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<?x3x2xi32>", "BC109", {"kind": "result", "index": 0, "constraint": STATIC_RESULT}),
    ("%0 = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<*xi32>) -> tensor<2x3xi32>", "BC109", {"kind": "operand", "index": 0, "constraint": RANKED_OPERAND}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code", "args"), IN_DIM_OPS)
def test_verify_broadcast_in_dim_op(text: str, code: str | None, args: dict[str, object]) -> None:
    problem = verify_broadcast_in_dim_op(parse_operation(text), Profile.SPEC)
    if code is None:
        assert problem is None
        return
    assert problem is not None
    got = {k: v for k, v in problem.args.items() if k != "type"}
    assert (problem.code, got) == (code, args)


def test_static_result_constraint_reads_as_stablehlo_prints_it() -> None:
    # The real verifier: 'stablehlo.broadcast_in_dim' op result #0 must be <STATIC_RESULT>, but got 'tensor<?x3x2xi32>'
    assert STATIC_RESULT.startswith("statically shaped or single bounded dimension tensor of 4/6/8/16/32/64-bit float")
    assert STATIC_RESULT.endswith("or per-tensor integer quantized or per-axis integer quantized values")
