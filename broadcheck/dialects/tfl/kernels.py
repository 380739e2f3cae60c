"""What TFLite checks that the ``tfl`` verifier does not: warnings.

Two sources, both stricter than the verifier (which accepts these ops), so both warnings:

* the converter's runtime verification (``-tfl-runtime-verify``: ``TFL_RuntimePredOpTrait``
  in ``tfl_ops.td``), whose rank limits are BC720 (``input must have rank at most 6``);
* the TFLite kernels' ``Prepare``, which computes each result's shape from the operands
  and rejects operands it cannot take: BC762 when the written result differs from the
  shape the kernel computes, BC763 when the kernel rejects the operands
  (``tfl.broadcast_to`` of a ``2x3`` input to ``[4, 3]``).

A check says nothing when it cannot know: a size that is ``?``, a shape operand that is
not a constant, an unranked operand.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.common import detail
from broadcheck.dialects.tfl.base import (
    attr_bool,
    attr_int,
    attr_ints,
    attr_str,
    constant_ints,
    is_none,
    rank,
    shape,
    static,
    windowed,
)
from broadcheck.ops import Dim, Operation, Shape
from broadcheck.semantics import Problem


def _dims(s: Sequence[Dim]) -> str:
    return "[" + ", ".join("?" if d is None else str(d) for d in s) + "]"


def _reject(name: str, **args: object) -> Problem:
    return Problem("BC763", detail("BC763", name, **args))


def _runtime(description: str) -> Problem:
    return Problem("BC720", {"description": description})


def result_shape(op: Operation, expected: Sequence[Dim], index: int = 0) -> Problem | None:
    """BC762 when result ``index`` is ranked and differs from ``expected`` where both sizes are known."""
    if index >= len(op.results):
        return None
    t = op.results[index].type
    s = shape(t)
    if s is None:
        return None
    if len(s) == len(expected) and all(a is None or b is None or a == b for a, b in zip(s, expected, strict=True)):
        return None
    return Problem("BC762", {"index": index, "actual": t, "shape": _dims(expected)})


def _axis(axis: int, rank_: int) -> int | None:
    """An axis in ``[-rank, rank)``, made non-negative; ``None`` when out of range."""
    a = axis + rank_ if axis < 0 else axis
    return a if 0 <= a < rank_ else None


# ------------------------------------------------------------------------------------ broadcasting


def broadcast_to(op: Operation) -> Problem | None:
    """``BroadcastTo``'s kernel: the input broadcasts (from the right, size 1 stretching) to the
    ``shape`` operand's values, which are the output's shape."""
    s = shape(op.operands[0].type)
    values = constant_ints(op, 1)
    target: Shape | None
    if values is not None:
        if any(v < 0 for v in values):
            return None
        target = tuple(values)
    else:
        target = shape(op.results[0].type)
        n = shape(op.operands[1].type)
        if target is not None and n is not None and len(n) == 1 and n[0] is not None and n[0] != len(target):
            return result_shape(op, (None,) * n[0])
    if s is None or target is None:
        return None
    if len(s) > len(target):
        return _reject("broadcast-rank", input=_dims(s), target=_dims(target))
    offset = len(target) - len(s)
    for d, t in zip(s, target[offset:], strict=True):
        if d is not None and t is not None and d != 1 and d != t:
            return _reject("broadcast", input=_dims(s), target=_dims(target))
    return result_shape(op, target) if values is not None else None


def broadcast_args(op: Operation) -> Problem | None:
    """``BroadcastArgs``' kernel: two shapes that broadcast; the result holds the longer's length."""
    a, b = shape(op.operands[0].type), shape(op.operands[1].type)
    va, vb = constant_ints(op, 0), constant_ints(op, 1)
    if va is not None and vb is not None:
        n = max(len(va), len(vb))
        xa, xb = [1] * (n - len(va)) + va, [1] * (n - len(vb)) + vb
        for x, y in zip(xa, xb, strict=True):
            if x != y and x != 1 and y != 1:
                return _reject("broadcast-args", a=_dims(va), b=_dims(vb))
    if a is None or b is None or len(a) != 1 or len(b) != 1 or a[0] is None or b[0] is None:
        return None
    return result_shape(op, (max(a[0], b[0]),))


def pack(op: Operation) -> Problem | None:
    """``Pack``: the operands' shape with their count inserted at ``axis``."""
    s = shape(op.operands[0].type)
    axis = attr_int(op, "axis")
    if s is None or axis is None:
        return None
    a = axis + len(s) + 1 if axis < 0 else axis
    if not 0 <= a <= len(s):
        return None  # the verifier says so
    return result_shape(op, (*s[:a], len(op.operands), *s[a:]))


# ----------------------------------------------------------------------------------- runtime ranks


def slice_rank(op: Operation) -> Problem | None:
    """The runtime's ``input must have rank at most 6``."""
    r = rank(op.operands[0].type)
    return _runtime("input must have rank at most 6") if r is not None and r > 6 else None


def strided_slice_rank(op: Operation) -> Problem | None:
    """The runtime's ``input (with new_axis) must have rank at most 6``: the input's rank and the
    axes ``new_axis_mask`` adds outside ``ellipsis_mask``."""
    r = rank(op.operands[0].type)
    if r is None:
        return None
    ellipsis, new_axis = attr_int(op, "ellipsis_mask", 0) or 0, attr_int(op, "new_axis_mask", 0) or 0
    added = sum(1 for i in range(8) if not (1 << i) & ellipsis and (1 << i) & new_axis)
    return _runtime("input (with new_axis) must have rank at most 6") if r + added > 6 else None


def batch_matmul(op: Operation) -> Problem | None:
    """The runtime's rank limit (2 to 5), then the kernel's contracted sizes (after ``adj_x``/``adj_y``)."""
    x, y = shape(op.operands[0].type), shape(op.operands[1].type)
    if (x is not None and len(x) > 5) or (y is not None and len(y) > 5):
        return _runtime("lhs and rhs of this op must have rank between [2, 5]")
    if x is None or y is None:
        return None
    k_x = x[-2] if attr_bool(op, "adj_x") else x[-1]
    k_y = y[-1] if attr_bool(op, "adj_y") else y[-2]
    if k_x is not None and k_y is not None and k_x != k_y:
        return _reject("contract", a=k_x, b=k_y)
    return None


# -------------------------------------------------------------------------------- shape functions


def squeeze(op: Operation) -> Problem | None:
    """``Squeeze``: the dimensions ``squeeze_dims`` names (all of size 1), or every size-1 dimension."""
    s = shape(op.operands[0].type)
    if s is None:
        return None
    dims = attr_ints(op, "squeeze_dims") or []
    if not dims:
        if None in s:
            return None
        return result_shape(op, tuple(d for d in s if d != 1))
    drop: set[int] = set()
    for d in dims:
        a = _axis(d, len(s))
        if a is None:
            return _reject("axis", axis=d, rank=len(s))
        if s[a] is not None and s[a] != 1:
            return _reject("squeeze", dim=d, size=s[a])
        drop.add(a)
    return result_shape(op, tuple(d for i, d in enumerate(s) if i not in drop))


def expand_dims(op: Operation) -> Problem | None:
    """``ExpandDims``: a 1 inserted at the constant axis (``-1`` is after the last dimension)."""
    s = shape(op.operands[0].type)
    axis = constant_ints(op, 1)
    if s is None or axis is None or len(axis) != 1:
        return None
    a = axis[0] + len(s) + 1 if axis[0] < 0 else axis[0]
    if not 0 <= a <= len(s):
        return _reject("axis", axis=axis[0], rank=len(s) + 1)
    return result_shape(op, (*s[:a], 1, *s[a:]))


def tile(op: Operation) -> Problem | None:
    """``Tile``: one multiple per input dimension; each size multiplied."""
    s = shape(op.operands[0].type)
    multiples = constant_ints(op, 1)
    if s is None or multiples is None:
        return None
    if len(multiples) != len(s):
        return _reject("tile", count=len(multiples), rank=len(s))
    return result_shape(op, tuple(None if d is None else d * m for d, m in zip(s, multiples, strict=True)))


def pad(op: Operation) -> Problem | None:
    """``Pad``/``PadV2``: each size grown by its row of the constant padding (no negative padding)."""
    s = shape(op.operands[0].type)
    values = constant_ints(op, 1)
    if not s or values is None or len(values) != 2 * len(s):
        return None  # (a 0-d input: the kernel leaves the output as it is)
    if any(v < 0 for v in values):
        return _reject("pad")
    return result_shape(
        op, tuple(None if d is None else d + values[2 * i] + values[2 * i + 1] for i, d in enumerate(s))
    )


def fill(op: Operation) -> Problem | None:
    """``Fill``: the shape is the constant ``dims``."""
    values = constant_ints(op, 0)
    if values is None or any(v < 0 for v in values):
        return None
    return result_shape(op, tuple(values))


def gather(op: Operation) -> Problem | None:
    """``Gather``: ``params`` with dimension ``axis`` replaced by ``indices``' dimensions (after
    ``batch_dims``)."""
    params, indices = shape(op.operands[0].type), shape(op.operands[1].type)
    axis, batch = attr_int(op, "axis", 0), attr_int(op, "batch_dims", 0)
    if params is None or indices is None or axis is None or batch is None:
        return None
    a = _axis(axis, len(params))
    if a is None:
        return _reject("axis", axis=axis, rank=len(params))
    b = batch + len(indices) if batch < 0 else batch
    if not 0 <= b <= min(a, len(indices)):
        return None
    return result_shape(op, (*params[:a], *indices[b:], *params[a + 1 :]))


def gather_nd(op: Operation) -> Problem | None:
    """``GatherNd``: ``indices``' outer dimensions, then ``params``' beyond the indexed ones."""
    params, indices = shape(op.operands[0].type), shape(op.operands[1].type)
    if params is None or indices is None or not indices or indices[-1] is None:
        return None
    depth = indices[-1]
    if depth > len(params):
        return _reject("gather-nd", depth=depth, rank=len(params))
    return result_shape(op, (*indices[:-1], *params[depth:]))


def one_hot(op: Operation) -> Problem | None:
    """``OneHot``: the constant ``depth`` inserted at ``axis`` (``-1``: last) in ``indices``' shape."""
    s = shape(op.operands[0].type)
    depth = constant_ints(op, 1)
    axis = attr_int(op, "axis", -1)
    if s is None or depth is None or len(depth) != 1 or axis is None:
        return None
    a = len(s) if axis == -1 else axis
    if not 0 <= a <= len(s):
        return _reject("axis", axis=axis, rank=len(s) + 1)
    return result_shape(op, (*s[:a], depth[0], *s[a:]))


def reduce(op: Operation) -> Problem | None:
    """The reductions: the constant axes removed (or kept as 1 with ``keep_dims``)."""
    s = shape(op.operands[0].type)
    axes = constant_ints(op, 1)
    keep = attr_bool(op, "keep_dims")
    if s is None or axes is None or keep is None:
        return None
    if not s:
        return result_shape(op, ())  # the kernel reduces a 0-d input to itself, whatever the axes
    drop: set[int] = set()
    for axis in axes:
        a = _axis(axis, len(s))
        if a is None:
            return _reject("axis", axis=axis, rank=len(s))
        drop.add(a)
    if keep:
        return result_shape(op, tuple(1 if i in drop else d for i, d in enumerate(s)))
    return result_shape(op, tuple(d for i, d in enumerate(s) if i not in drop))


# ------------------------------------------------------------------------------- convs and pools


def _window(size: Dim, window: int, dilation: int, stride: int, padding: str | None) -> Dim | bool:
    """A windowed output size; ``None`` when unknown; ``False`` when the kernel rejects it."""

    if size is None or padding not in ("SAME", "VALID"):
        return None
    value = windowed(size, window, dilation, stride, padding)
    return False if value is None else value


def pool(op: Operation) -> Problem | None:
    """``MaxPool2D``/``AveragePool2D``: NHWC, the window over H and W, the channels kept."""
    s = shape(op.operands[0].type)
    if s is None or len(s) != 4:
        return None
    padding = attr_str(op, "padding")
    out: list[Dim] = [s[0], None, None, s[3]]
    for axis, name, filt in ((1, "h", "filter_height"), (2, "w", "filter_width")):
        stride, window = attr_int(op, f"stride_{name}"), attr_int(op, filt)
        if stride is None or window is None or stride <= 0 or window <= 0:
            return None
        v = _window(s[axis], window, 1, stride, padding)
        if v is False:
            return None
        out[axis] = v
    return result_shape(op, out)


def _conv_window(op: Operation, x: Shape, w: Shape) -> list[Dim] | None:
    padding = attr_str(op, "padding")
    out: list[Dim] = [x[0], None, None, None]
    for axis, name in ((1, "h"), (2, "w")):
        stride, dilation = attr_int(op, f"stride_{name}"), attr_int(op, f"dilation_{name}_factor")
        if stride is None or dilation is None or w[axis] is None:
            return None
        v = _window(x[axis], w[axis] or 0, dilation, stride, padding)
        if v is False:
            return None
        out[axis] = v
    return out


def conv_2d(op: Operation) -> Problem | None:
    """``Conv2D`` (its verifier infers the output): input channels a multiple of the filter's."""
    x, w = shape(op.operands[0].type), shape(op.operands[1].type)
    if x is None or w is None or x[3] is None or w[3] is None or w[3] == 0:
        return None
    if x[3] % w[3] != 0:
        return _reject("channels", a=x[3], b=w[3])
    return _bias(op, 2, w[0])


def _bias(op: Operation, index: int, channels: Dim) -> Problem | None:
    b = op.operands[index].type
    s = shape(b)
    if is_none(b) or s is None or channels is None or not static(b):
        return None
    n = 1
    for d in s:
        n *= d or 0
    return _reject("bias", count=n, channels=channels) if n != channels else None


def depthwise_conv_2d(op: Operation) -> Problem | None:
    """``DepthwiseConv2D``: a filter ``[1, H, W, C * multiplier]`` and the windowed output."""
    x, w = shape(op.operands[0].type), shape(op.operands[1].type)
    if x is None or w is None or len(x) != 4 or len(w) != 4:
        return None
    multiplier = attr_int(op, "depth_multiplier")
    known = x[3] is not None and w[3] is not None and multiplier is not None and multiplier > 0
    if known and w[3] != x[3] * multiplier:  # type: ignore[operator]
        return _reject("depthwise", c=x[3], m=multiplier, out=w[3])
    problem = _bias(op, 2, w[3])
    if problem is not None:
        return problem
    out = _conv_window(op, x, w)
    if out is None:
        return None
    out[3] = w[3]
    return result_shape(op, out)


def transpose_conv(op: Operation) -> Problem | None:
    """``TransposeConv``: the input's channels are the weights' last dimension."""
    w, x = shape(op.operands[1].type), shape(op.operands[2].type)
    if w is None or x is None or len(w) != 4 or len(x) != 4 or w[3] is None or x[3] is None:
        return None
    if w[3] != x[3]:
        return _reject("channels-equal", a=x[3], b=w[3])
    return None


def fully_connected(op: Operation) -> Problem | None:
    """``FullyConnected``: one bias value per output channel (the verifier checks the sizes)."""
    x, w = shape(op.operands[0].type), shape(op.operands[1].type)
    if x is None or w is None or len(w) != 2 or not x or x[-1] is None or w[1] is None:
        return None
    return _bias(op, 2, w[0])
