"""NumPy / Array API broadcasting: the seed's tables, NumPy's own messages, and NumPy as the oracle."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from broadcheck.ops import Shape, ShapedType
from broadcheck.semantics import Profile, Subject
from broadcheck.semantics.numpy import BroadcastError, broadcast_shapes, numpy_str, verify_op
from broadcheck.syntax.parser import parse_operation

Q = None  # an unknown size, `?`
MISMATCH = "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "

# Array API "Broadcasting" (seed 002): the compatible examples.
SEED_VALID = [
    ((8, 1, 6, 1), (7, 1, 5), (8, 7, 6, 5)),
    ((5, 4), (1,), (5, 4)),
    ((5, 4), (4,), (5, 4)),
    ((15, 3, 5), (15, 1, 5), (15, 3, 5)),
    ((15, 3, 5), (3, 5), (15, 3, 5)),
    ((15, 3, 5), (3, 1), (15, 3, 5)),
]
# The shapes that do not broadcast, with NumPy 2.4's message (checked against numpy.broadcast_shapes).
SEED_INVALID = [
    ((3,), (4,), "arg 0 with shape (3,) and arg 1 with shape (4,)."),
    ((2, 1), (8, 4, 3), "arg 0 with shape (2, 1) and arg 1 with shape (8, 4, 3)."),
    ((15, 3, 5), (15, 3), "arg 0 with shape (15, 3, 5) and arg 1 with shape (15, 3)."),  # only leading 1s are added
]


@pytest.mark.parametrize(("a", "b", "expected"), SEED_VALID)
def test_seed_examples(a: Shape, b: Shape, expected: Shape) -> None:
    assert broadcast_shapes(a, b) == expected
    assert broadcast_shapes(b, a) == expected


@pytest.mark.parametrize(("a", "b", "message"), SEED_INVALID)
def test_seed_counter_examples(a: Shape, b: Shape, message: str) -> None:
    with pytest.raises(BroadcastError) as err:
        broadcast_shapes(a, b)
    assert str(err.value) == MISMATCH + message
    assert (err.value.first, err.value.second) == (0, 1)


# N-ary: NumPy scans the broadcast dims outermost first, then the args in order, and names the
# first arg with a non-1 size there and the first that disagrees with it (not a left fold).
NARY_INVALID = [
    ([(3,), (3,), (4,)], "arg 0 with shape (3,) and arg 2 with shape (4,)."),
    ([(1,), (3,), (4,)], "arg 1 with shape (3,) and arg 2 with shape (4,)."),
    ([(2, 3), (3,), (4,)], "arg 0 with shape (2, 3) and arg 2 with shape (4,)."),
    ([(5, 1), (1, 3), (4, 1)], "arg 0 with shape (5, 1) and arg 2 with shape (4, 1)."),
    ([(2, 3), (2, 4), (5, 3)], "arg 0 with shape (2, 3) and arg 2 with shape (5, 3)."),
    ([(), (3,), (2, 1), (2, 4)], "arg 1 with shape (3,) and arg 3 with shape (2, 4)."),
    ([(5,), (1,), (1, 3), (2, 1)], "arg 0 with shape (5,) and arg 2 with shape (1, 3)."),
    ([(1, 0), (3, 1), (2, 5)], "arg 1 with shape (3, 1) and arg 2 with shape (2, 5)."),
    ([(0,), (1,), (5,)], "arg 0 with shape (0,) and arg 2 with shape (5,)."),
]


@pytest.mark.parametrize(("shapes", "message"), NARY_INVALID)
def test_nary_messages_name_the_args_numpy_names(shapes: list[tuple[int, ...]], message: str) -> None:
    with pytest.raises(BroadcastError) as err:
        broadcast_shapes(*shapes)
    assert str(err.value) == MISMATCH + message
    with pytest.raises(ValueError, match=r"^shape mismatch") as oracle:
        np.broadcast_shapes(*shapes)
    assert str(oracle.value) == str(err.value)


NARY_VALID = [
    ([], ()),
    ([()], ()),
    ([(4,)], (4,)),
    ([(1, 2), (3, 1), (3, 2)], (3, 2)),
    ([(6, 7), (5, 6, 1), (7,), (5, 1, 7)], (5, 6, 7)),
    ([(4, 1), (5,), (3, 1, 1)], (3, 4, 5)),
]


@pytest.mark.parametrize(("shapes", "expected"), NARY_VALID)
def test_nary(shapes: list[Shape], expected: Shape) -> None:
    assert broadcast_shapes(*shapes) == expected


# Size 0 is an ordinary size; `?` follows the Array API: `? & 1 -> ?`, `? & N -> N`, `? & ? -> ?`.
DIMS = [
    ((0,), (1,), (0,)),
    ((0,), (0,), (0,)),
    ((2, 0), (2, 1), (2, 0)),
    ((Q,), (1,), (Q,)),
    ((Q,), (5,), (5,)),
    ((Q,), (Q,), (Q,)),
    ((Q,), (0,), (0,)),
    ((Q, 1), (3,), (Q, 3)),
    ((1, 2, Q, Q, Q), (Q, Q, Q, 4, 1), (Q, 2, Q, 4, Q)),
]


@pytest.mark.parametrize(("a", "b", "expected"), DIMS)
def test_size_zero_and_unknown_sizes(a: Shape, b: Shape, expected: Shape) -> None:
    assert broadcast_shapes(a, b) == expected
    assert broadcast_shapes(b, a) == expected


def test_unknown_sizes_never_clash() -> None:
    assert broadcast_shapes((3, Q), (Q, 4), (Q, 1)) == (3, 4)
    with pytest.raises(BroadcastError) as err:
        broadcast_shapes((Q, 3), (Q, 4))
    assert str(err.value) == MISMATCH + "arg 0 with shape (None, 3) and arg 1 with shape (None, 4)."


def test_numpy_str() -> None:
    assert [numpy_str(s) for s in [(), (3,), (2, 3), (Q, 3)]] == ["()", "(3,)", "(2, 3)", "(None, 3)"]


# Property: on static shapes (size 0 included) the same shape as NumPy, or the same message.
shape = st.lists(st.integers(0, 4), max_size=4).map(tuple)


@given(st.lists(shape, max_size=5))
def test_agrees_with_numpy(shapes: list[tuple[int, ...]]) -> None:
    try:
        expected: Shape | str = tuple(np.broadcast_shapes(*shapes))
    except ValueError as err:
        expected = str(err)
    try:
        got: Shape | str = broadcast_shapes(*shapes)
    except BroadcastError as err:
        got = str(err)
    assert got == expected


def _op(operands: str, results: str = "tensor<*xf32>") -> str:
    return f'%0 = "np.add"(%a, %b) : ({operands}) -> {results}'


VERIFY_PASS = [
    ("tensor<8x1x6x1xf32>, tensor<7x1x5xf32>", "tensor<8x7x6x5xf32>"),
    ("tensor<8x1x6x1xf32>, tensor<7x1x5xf32>", "tensor<8x?x6x?xf32>"),
    ("tensor<?x3xf32>, tensor<4x1xf32>", "tensor<4x3xf32>"),
    ("tensor<?xf32>, tensor<1xf32>", "tensor<7xf32>"),  # the inferred `?` admits any size
    ("tensor<10x10xf32>, tensor<10x1xf32>", "tensor<*xf32>"),
    ("tensor<3x2xf32>, tensor<*xf32>", "tensor<5x3x2xf32>"),  # an unranked operand: the result is not checked
    ("tensor<3x2xf32>, none", "tensor<3x2xf32>"),
    ("tensor<0x1xf32>, tensor<3xf32>", "tensor<0x3xf32>"),
    ("tensor<f32>, tensor<4xf32>", "tensor<4xf32>"),
]


@pytest.mark.parametrize(("operands", "result"), VERIFY_PASS)
def test_verify_op_passes(operands: str, result: str) -> None:
    assert verify_op(parse_operation(_op(operands, result)), Profile.SPEC) is None


def test_verify_op_operand_mismatch_uses_numpy_words_and_operand_numbers() -> None:
    op = parse_operation(
        '%0 = "np.where"(%c, %n, %x, %y) : (tensor<3xi1>, none, tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>'
    )
    problem = verify_op(op, Profile.SPEC)
    assert problem is not None
    assert problem.code == "BC301"
    assert problem.args == {"first": 0, "first_shape": "(3,)", "second": 3, "second_shape": "(4,)"}
    assert problem.subject == Subject("operand", 3)


VERIFY_RESULT_FAIL = [
    ("tensor<8x1x6x1xf32>, tensor<7x1x5xf32>", "tensor<8x7x6x1xf32>", "'8x7x6x1'", "'8x7x6x5'", "tensor<8x7x6x5xf32>"),
    ("tensor<3xf32>, tensor<3xf32>", "tensor<1x3xf32>", "'1x3'", "'3'", "tensor<3xf32>"),
    ("tensor<?x3xf32>, tensor<4x1xf32>", "tensor<?x2xf32>", "'?x2'", "'4x3'", "tensor<?x3xf32>"),
    ("tensor<?x1xf32>, tensor<1x3xf32>", "tensor<5x4xf32>", "'5x4'", "'?x3'", "tensor<5x3xf32>"),
    ("tensor<2xf32>, tensor<2xf32>", "tensor<f32>", "''", "'2'", "tensor<2xf32>"),
]


@pytest.mark.parametrize(("operands", "result", "actual", "inferred", "expected"), VERIFY_RESULT_FAIL)
def test_verify_op_result_mismatch(operands: str, result: str, actual: str, inferred: str, expected: str) -> None:
    problem = verify_op(parse_operation(_op(operands, result)), Profile.SPEC)
    assert problem is not None
    assert problem.code == "BC302"
    assert problem.args == {"index": 0, "actual": actual, "inferred": inferred}
    assert problem.subject == Subject("result", 0)
    assert str(problem.expected) == expected


def test_verify_op_names_the_wrong_result() -> None:
    op = parse_operation(
        '%0:2 = "np.pair"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>)'
    )
    problem = verify_op(op, Profile.SPEC)
    assert problem is not None and problem.code == "BC302"
    assert problem.args["index"] == 1
    assert problem.subject == Subject("result", 1)
    assert problem.inferred == (2, 3)
    assert problem.expected == ShapedType("tensor", (2, 3), "f32")


def test_more_than_64_shapes_are_numbered_from_the_start() -> None:
    # NumPy broadcasts 64 args at a time and numbers the args of later chunks from the chunk's start
    # (arg 0 being the shape so far); broadcheck keeps every arg's own number.
    shapes: list[tuple[int, ...]] = [(3,), *[(1,)] * 70, (4,)]
    with pytest.raises(ValueError, match="arg 0 with shape \\(3,\\) and arg 8 with"):
        np.broadcast_shapes(*shapes)
    with pytest.raises(BroadcastError) as err:
        broadcast_shapes(*shapes)
    assert (err.value.first, err.value.second) == (0, 71)
