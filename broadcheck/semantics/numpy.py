"""NumPy and Python Array API broadcasting: implicit, right-aligned, N-ary.

Shapes are right-aligned and missing leading dims count as 1; in each position
the sizes must be equal or 1, and the broadcast size is the non-1 one. Size 0 is
an ordinary size (``0 & 1 -> 0``, ``0 & 5`` fails). Unknown sizes (``?``) follow
the Array API: ``? & 1 -> ?``, ``? & 5 -> 5``, ``? & ? -> ?``. The operands'
message is NumPy's (``numpy.broadcast_shapes``), word for word, naming the same
two arguments. Unranked and non-tensor operands are skipped; results are checked
against the broadcast shape only when every tensor operand is ranked.

PASS::

    %0 = "np.add"(%a, %b) : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>

FAIL::

    %0 = "np.add"(%a, %b) : (tensor<2x1xf32>, tensor<8x4x3xf32>) -> tensor<8x4x3xf32>
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.ops import Operation, Shape, ShapedType, Type, shape_str
from broadcheck.semantics import Problem, Profile, Subject


class BroadcastError(ValueError):
    """Shapes that do not broadcast; ``str()`` is NumPy's message.

    ``first`` and ``second`` index the two arguments NumPy names; ``dim`` is the
    position in the broadcast shape (0 = outermost) where they clash.
    """

    def __init__(self, first: int, first_shape: Shape, second: int, second_shape: Shape, dim: int):
        super().__init__(
            "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
            f"arg {first} with shape {numpy_str(first_shape)} and arg {second} with shape {numpy_str(second_shape)}."
        )
        self.first, self.first_shape = first, first_shape
        self.second, self.second_shape = second, second_shape
        self.dim = dim


def numpy_str(shape: Shape) -> str:
    """A shape as NumPy prints it: ``(3,)``, ``(2, 3)``, ``()``; ``None`` for ``?``."""
    return repr(tuple(shape))


def broadcast_shapes(*shapes: Shape) -> Shape:
    """The broadcast of any number of shapes (``()`` for none); raises :class:`BroadcastError`."""
    rank = max((len(shape) for shape in shapes), default=0)
    result: list[int | None] = []
    # NumPy's order (PyArray_Broadcast): outermost dimension first, then the
    # arguments in order; the first non-1 size at a position is the one the
    # others are compared with, so the error names the same pair NumPy does.
    for position in range(rank):
        size, source, unknown = 1, -1, False
        for index, shape in enumerate(shapes):
            k = position + len(shape) - rank
            if k < 0:
                continue
            d = shape[k]
            if d == 1:
                continue
            if d is None:
                unknown = True
            elif size == 1:
                size, source = d, index
            elif d != size:
                raise BroadcastError(source, shapes[source], index, shape, position)
        result.append(None if unknown and size == 1 else size)
    return tuple(result)


def _quoted(shape: Shape) -> str:
    return f"'{shape_str(shape)}'"


def check_result(index: int, result: Type, inferred: Shape) -> Problem | None:
    """Whether result ``index`` has the broadcast shape: same rank, equal static sizes; ``?`` on either side matches."""
    if not isinstance(result, ShapedType) or result.shape is None:
        return None
    actual = result.shape
    if len(actual) == len(inferred) and all(
        a is None or i is None or a == i for a, i in zip(actual, inferred, strict=True)
    ):
        return None
    expected = inferred
    if len(actual) == len(inferred):  # keep the result's own `?` and its sizes where the inferred one is `?`
        expected = tuple(a if a is None or i is None else i for a, i in zip(actual, inferred, strict=True))
    return Problem(
        "BC302",
        {"index": index, "actual": _quoted(actual), "inferred": _quoted(inferred)},
        subject=Subject("result", index),
        inferred=inferred,
        expected=result.with_shape(expected),
    )


def check_results(results: Sequence[Type], inferred: Shape) -> Problem | None:
    """The first result whose shape is not the broadcast shape, as a BC302 problem."""
    for index, result in enumerate(results):
        problem = check_result(index, result, inferred)
        if problem is not None:
            return problem
    return None


def ranked_operands(operands: Sequence[Type]) -> tuple[list[int], list[Shape], bool]:
    """The ranked operands' indices and shapes, and whether every shaped operand is ranked."""
    indices: list[int] = []
    shapes: list[Shape] = []
    complete = True
    for index, t in enumerate(operands):
        if not isinstance(t, ShapedType):
            continue
        if t.shape is None:
            complete = False
            continue
        indices.append(index)
        shapes.append(t.shape)
    return indices, shapes, complete


def verify(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """The NumPy check of an op's operand and result types."""
    indices, shapes, complete = ranked_operands(operands)
    if not shapes:
        return None
    try:
        inferred = broadcast_shapes(*shapes)
    except BroadcastError as err:
        first, second = indices[err.first], indices[err.second]
        return Problem(
            "BC301",
            {
                "first": first,
                "first_shape": numpy_str(err.first_shape),
                "second": second,
                "second_shape": numpy_str(err.second_shape),
            },
            subject=Subject("operand", second),
        )
    return check_results(results, inferred) if complete else None


def verify_op(op: Operation, profile: Profile) -> Problem | None:
    """An op with NumPy broadcasting over all its operands, every result the broadcast shape."""
    return verify([u.type for u in op.operands], [u.type for u in op.results])


VERIFIERS = {"numpy": verify_op}
ATTRIBUTE_FREE = frozenset(VERIFIERS)
