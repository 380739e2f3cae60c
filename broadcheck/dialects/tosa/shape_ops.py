"""``tosa.identity``; ``tosa.dim``, ``concat_shape``, ``slice_shape`` and ``assert_equal_shape``; and TOSA's
shape arithmetic (``tosa.add_shape``, ``sub_shape``, ``mul_shape``,
``div_floor_shape``, ``div_ceil_shape``, ``mod_shape``, ``min_shape``, ``max_shape``; the unary ``exp2_shape``,
``log2_floor_shape``, ``log2_ceil_shape``) on ``!tosa.shape<N>`` values, as iree-base-compiler 3.13
verifies them: the operand and result counts, the ODS types (``Shape with static rank and Index element
type``), the operands' ranks, then the result's rank against theirs.

Its last check, that each operand is "compile time resolvable" (made by ``tosa.const_shape`` or by
shape ops on such), is not judged: broadcheck does not follow a value back through the ops that made it.
"""

from __future__ import annotations

from broadcheck.dialects.tosa.block_scaled import declared
from broadcheck.dialects.tosa.structural import (
    SHAPE,
    _attr_int,
    _count,
    _shape,
    _shape_rank,
    _types,
    _Unread,
)
from broadcheck.ops import Operation, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.tosa import type_text

BINARY = "add sub mul div_floor div_ceil mod min max".split()
UNARY = "exp2 log2_floor log2_ceil".split()


def check_shape_arithmetic(op: Operation, profile: Profile) -> Problem | None:
    """A shape op's counts, types, then ``operands don't have matching ranks`` (BC201) and ``result
    shape has different rank than operands`` (BC1511)."""
    binary = op.name[5:].removesuffix("_shape") in BINARY
    # (their ODS: single ``Tosa_Shape`` operands; only concat_shape's is variadic)
    problem = _count(op, 2 if binary else 1) or _types(op, *declared(op.name))
    if problem:
        return problem
    ranks = [_shape_rank(u.type) for u in op.operands]
    out = _shape_rank(op.results[0].type)
    if None in ranks or out is None:
        return None
    if len(set(ranks)) > 1:
        return Problem("BC201", subject=Subject("operand", 1))
    if out != ranks[0]:
        return Problem("BC1511", subject=Subject("result", 0))
    return None


def check_identity(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.identity``: one operand and one result, each a tosa-conformant tensor of number values (its
    ODS); iree 3.13 relates their types no further (``(tensor<2x3xf32>) -> tensor<2x4xf16>`` verifies)."""
    return _count(op, 1) or _types(op, *declared(op.name))


def check_dim(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.dim``: the ODS types, a ``!tosa.shape<1>`` result, then the axis in the input's rank."""
    problem = _count(op, 1) or _types(op, *declared(op.name))
    if problem:
        return problem
    out = op.results[0].type
    if _shape_rank(out) not in (1, None):
        return Problem("BC1530", {"type": type_text(out)}, Subject("result", 0))
    si = _shape(op.operands[0].type)
    try:
        axis = _attr_int(op, "axis")
    except _Unread:
        return None
    if si is not None and not 0 <= axis < len(si):
        return Problem("BC1531", {"rank": len(si), "axis": axis})
    return None


class _Shapes:
    summary = f"variadic of {SHAPE.summary}"

    def __call__(self, t: Type) -> bool:
        return SHAPE(t)


SHAPES = _Shapes()


def check_concat_shape(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.concat_shape``: the ODS types, at least one operand, none of rank 0, the result's rank the sum of
    theirs."""
    problem = _count(op, len(op.operands)) or _types(op, [SHAPES] * len(op.operands), [SHAPE])
    if problem:
        return problem
    if not op.operands:
        return Problem("BC1532")
    ranks = [_shape_rank(u.type) for u in op.operands]
    if 0 in ranks:
        return Problem("BC1538", subject=Subject("operand", ranks.index(0)))
    out = _shape_rank(op.results[0].type)
    if out is None or any(r is None for r in ranks):
        return None
    total = sum(r for r in ranks if r is not None)
    if out != total:
        return Problem("BC1533", {"sum": total, "got": out}, Subject("result", 0))
    return None


def _scalar_value(literal: str | None) -> int | None:
    """The one value of a ``tosa.const`` literal (``dense<2> : tensor<1xi32>``)."""
    from broadcheck.syntax.attributes import Dense, ints, value

    if literal is None:
        return None
    found = value(literal)
    if not isinstance(found, Dense):
        return None
    if isinstance(found.values, int) and not isinstance(found.values, bool):
        return found.values
    listed = ints(literal)
    return listed[0] if listed is not None and len(listed) == 1 else None


def check_slice_shape(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.slice_shape``: the ODS types, then its start and size where constants: a start >= 0, a size > 0,
    the result's rank the size, start + size within the input's rank."""
    problem = _count(op, 3) or _types(op, *declared(op.name))
    if problem:
        return problem
    start, size = _scalar_value(op.constant(1)), _scalar_value(op.constant(2))
    if start is not None and start < 0:
        return Problem("BC1534", {"start": start}, Subject("operand", 1))
    if size is None:
        return None
    if size <= 0:
        return Problem("BC1535", {"size": size}, Subject("operand", 2))
    out, rank = _shape_rank(op.results[0].type), _shape_rank(op.operands[0].type)
    if out is not None and out != size:
        return Problem("BC1536", {"got": out, "size": size}, Subject("result", 0))
    if start is not None and rank is not None and start + size > rank:
        return Problem("BC1537", {"rank": rank, "got": start + size})
    return None


def check_assert_equal_shape(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.assert_equal_shape``: two ``!tosa.shape`` operands of one rank (its values are not compared when
    verified)."""
    if op.results:
        return None  # (not modelled: ``requires zero results``)
    problem = _count(op, 2, 0) or _types(op, *declared(op.name))
    if problem:
        return problem
    ranks = [_shape_rank(u.type) for u in op.operands]
    if None not in ranks and ranks[0] != ranks[1]:
        return Problem("BC201", subject=Subject("operand", 1))
    return None
