"""TensorFlow's shape functions for the ``tf`` shape ops, where its verifiers say nothing: warnings.

(Filled in below.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from broadcheck.dialects.common import shape
from broadcheck.ops import Dim, Operation, Shape
from broadcheck.semantics import Problem


def _none(op: Operation) -> Problem | None:
    return None


broadcast_to = broadcast_args = batch_matmul = matmul = einsum = transpose = concat_v2 = pack = unpack = _none
slice_ = strided_slice = squeeze = expand_dims = pad = gather_v2 = depthwise_conv = pool = bias_add = _none
reduce = range_ = fill = one_hot = where = _none


def split(op: Operation, dim: int | None) -> Problem | None:
    return None


def split_v(op: Operation, dim: int | None) -> Problem | None:
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
    from broadcheck.dialects.tfl.nn import windowed

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
