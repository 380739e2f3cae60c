"""TOSA elementwise ops: the Broadcastable trait, then ``SameOperandsAndResultRank``.

The TOSA specification requires equal ranks; MLIR's TOSA dialect enforces it
with ``SameOperandsAndResultRank`` (unranked types exempt), which runs after the
trait. So ``(3x2, 3)`` gives the trait's broadcast error and ``(3x2, 2)`` the
rank error.

PASS::

    %0 = tosa.add %a, %b : (tensor<13x21x1xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>

FAIL::

    %0 = tosa.add %a, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject, mlir


def same_operands_and_result_rank(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """MLIR's ``verifySameOperandsAndResultRank``; unranked types are exempt."""
    ranked_operands = [
        (i, t.shape) for i, t in enumerate(operands) if isinstance(t, ShapedType) and t.shape is not None
    ]
    ranked_results = [(i, t.shape) for i, t in enumerate(results) if isinstance(t, ShapedType) and t.shape is not None]
    if not ranked_operands and not ranked_results:
        return None
    rank = len((ranked_operands or ranked_results)[0][1])
    for index, shape in ranked_operands:
        if len(shape) != rank:
            return Problem("BC201", {"rank": len(shape), "expected": rank}, Subject("operand", index))
    for index, shape in ranked_results:
        if len(shape) != rank:
            return Problem("BC202", {"rank": len(shape), "expected": rank}, Subject("result", index))
    return None


def same_operands_and_result_shape(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """MLIR's ``verifySameOperandsAndResultShape``: ranks and static sizes agree; ``?`` and ``*`` match anything."""
    shapes = [t.shape for t in (*operands, *results) if isinstance(t, ShapedType) and t.shape is not None]
    for shape in shapes[1:]:
        if len(shape) != len(shapes[0]) or any(
            a is not None and b is not None and a != b for a, b in zip(shape, shapes[0], strict=True)
        ):
            return Problem("BC203")
    return None


def verify_op(op: Operation, profile: Profile) -> Problem | None:
    """A TOSA elementwise op: the trait, then the equal-rank rule."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    return mlir.verify(operands, results, profile) or same_operands_and_result_rank(operands, results)


def verify_unary_op(op: Operation, profile: Profile) -> Problem | None:
    """A unary TOSA op (``tosa.abs``, ``tosa.clamp``, ...): same shape in and out, checked before the trait."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    return same_operands_and_result_shape(operands, results) or verify_op(op, profile)


VERIFIERS = {"tosa": verify_op, "tosa-unary": verify_unary_op}
ATTRIBUTE_FREE = frozenset(VERIFIERS)
