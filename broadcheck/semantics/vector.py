"""``vector.broadcast``: a scalar or vector source to a vector of at least its rank.

Follows MLIR's ``Vector_BroadcastOp`` in ``mlir/include/mlir/Dialect/Vector/IR/VectorOps.td``
and ``isBroadcastableTo`` / ``BroadcastOp::verify`` in ``mlir/lib/Dialect/Vector/IR/VectorOps.cpp``,
in the real verifier's order: one result, one operand, the result is a vector, source and result
have the same element type, then the source is a scalar (accepted) or a vector whose rank is
not higher and whose trailing dims are each ``1`` or equal to the result's. Scalable dims: a
fixed ``1`` stretches to ``[4]``; ``[1]`` stretches to nothing but ``[1]``; ``4`` and ``[4]``
differ.

PASS::

    %0 = "vector.broadcast"(%v) : (vector<1x[4]xf32>) -> vector<2x3x[4]xf32>

FAIL::

    %0 = "vector.broadcast"(%v) : (vector<3x1xf32>) -> vector<2x4x3xf32>
"""

from __future__ import annotations

from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.linalg import element_type

RESULT_CONSTRAINT = "vector of any non-token type values"


def _dim(size: int | None, scalable: bool) -> str:
    """A vector dim as MLIR prints it in messages: ``4`` or ``[4]``."""
    return f"[{size}]" if scalable else str(size)


def broadcastable(source: ShapedType, result: ShapedType) -> Problem | None:
    """``isBroadcastableTo`` for a vector source, as ``BroadcastOp::verify`` words its failures."""
    assert source.shape is not None and result.shape is not None
    if len(source.shape) > len(result.shape):
        return Problem("BC651", subject=Subject("operand", 0))
    lead = len(result.shape) - len(source.shape)
    source_scalable = source.scalable or (False,) * len(source.shape)
    result_scalable = result.scalable or (False,) * len(result.shape)
    for r, (src, src_scalable) in enumerate(zip(source.shape, source_scalable, strict=True)):
        dst, dst_scalable = result.shape[lead + r], result_scalable[lead + r]
        mismatch = (
            (src != 1 and src != dst)
            or (src == 1 and src_scalable and dst != 1)
            # A fixed 1 may become [N]; any other change of scalability is a mismatch.
            or (src_scalable != dst_scalable and (src != 1 or src_scalable))
        )
        if mismatch:
            args = {"source": _dim(src, src_scalable), "result": _dim(dst, dst_scalable)}
            return Problem("BC652", args, Subject("operand", 0))
    return None


def verify_broadcast_op(op: Operation, profile: Profile) -> Problem | None:
    """``vector.broadcast``, generic or pretty form."""
    if len(op.results) != 1:
        return Problem("BC107")
    if len(op.operands) != 1:
        return Problem("BC655")
    source, result = op.operands[0].type, op.results[0].type
    if not (isinstance(result, ShapedType) and result.kind == "vector" and result.shape is not None):
        args = {"kind": "result", "index": 0, "constraint": RESULT_CONSTRAINT, "type": result}
        return Problem("BC109", args, Subject("result", 0))
    if element_type(source) != result.element:
        return Problem("BC654", subject=Subject("operand", 0))
    if isinstance(source, ShapedType) and source.kind == "vector" and source.shape is not None:
        return broadcastable(source, result)
    if isinstance(source, ShapedType) or source.text.strip().startswith("memref<"):
        return Problem("BC653", subject=Subject("operand", 0))
    return None


VERIFIERS = {"vector-broadcast": verify_broadcast_op}
