"""What only TensorFlow's shape functions check, as warnings: where the ``tf`` verifiers accept
an op, its shape function (:mod:`broadcheck.dialects.tf.infer`) may reject the operands (BC784,
with its message) or infer a result shape the written one contradicts (BC783).
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.common import compatible, shape, with_shape
from broadcheck.dialects.tf.infer import ShapeFunction, infer
from broadcheck.dialects.tf.window import windowed
from broadcheck.ops import Dim, Operation, Shape, ShapedType
from broadcheck.semantics import Problem, Subject

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import Literal


def lint(op: Operation, fn: ShapeFunction | None) -> Problem | None:
    """The verdict of the op's shape function ``fn`` on an op its verifier accepts."""
    if fn is None or not all(isinstance(u.type, ShapedType) for u in (*op.operands, *op.results)):
        return None
    inferred = infer(op, fn)
    if inferred is None:
        return None
    if isinstance(inferred, str):
        return Problem("BC784", {"detail": inferred})
    for index, (use, s) in enumerate(zip(op.results, inferred, strict=False)):
        if s is not None and not compatible(shape(use.type), s):
            t = use.type
            # (``expected``, where the shape function infers it wholly, is what ``refine`` writes)
            whole = isinstance(t, ShapedType) and t.kind == "tensor" and None not in s
            expected = ShapedType("tensor", tuple(s), t.element, t.encoding) if whole else None  # type: ignore[union-attr]
            return Problem(
                "BC783",
                {"index": index, "actual": use.type, "inferred": with_shape(use.type, s)},
                Subject("result", index) if whole else None,
                expected=expected,
            )
    return None


def conv_2d_type(
    op: Operation,
    padding: str,
    strides: Sequence[int],
    dilations: Sequence[int],
    explicit: Sequence[int],
    nchw: bool,
) -> Shape | Literal[False] | None:
    """``inferConvReturnTypeComponents``: the output's shape (``None`` dims unknown); ``False`` when
    a windowed size cannot be computed (the inference fails)."""
    x, w = shape(op.operands[0].type), shape(op.operands[1].type)
    out: list[Dim] = [None] * 4
    batch, feature = (0, 1) if nchw else (0, 3)
    spatial = (2, 3) if nchw else (1, 2)
    if x is not None:
        out[batch] = x[batch]
    if w is not None:
        out[feature] = w[3]
    if x is not None and w is not None:
        for i, dim in enumerate(spatial):
            size, window = x[dim], w[i]
            if size is None or window is None:
                continue
            stride, dilation = strides[dim], dilations[dim]
            if padding == "EXPLICIT":
                size += explicit[2 * dim] + explicit[2 * dim + 1]
                value = windowed(size, window, dilation, stride, "VALID")
            else:
                value = windowed(size, window, dilation, stride, padding)
            if value is None:
                return False
            out[dim] = value
    return tuple(out)
