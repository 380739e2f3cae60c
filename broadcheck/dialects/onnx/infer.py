"""ONNX's shape inference (the ``TypeAndShapeInferenceFunction`` of each op schema, onnx 1.23) for
the shape ops, on the op's operand types and the values of its constant operands.

A shape is a tuple of sizes (``None``: unknown) or ``None`` (unknown rank). :func:`infer` gives
each result's shape, or raises :class:`Rejected` with why inference fails (broadcheck's words:
ONNX's are in its C++ sources and vary between releases; the campaign compares verdicts and
shapes, not wording).
"""

from __future__ import annotations

import math
import struct
import sys
from collections.abc import Callable, Sequence

from broadcheck.dialects.common import attr_int, attr_ints, attr_str, constant_ints, element, is_none, shape
from broadcheck.ops import Dim, Operation, Shape
from broadcheck.syntax.attributes import Dense, value

S = Shape | None


class Rejected(Exception):
    """ONNX's shape inference fails on these operands."""


def _input(op: Operation, i: int) -> S:
    if i >= len(op.operands) or is_none(op.operands[i].type):
        return None
    return shape(op.operands[i].type)


def _present(op: Operation, i: int) -> bool:
    return i < len(op.operands) and not is_none(op.operands[i].type)


def _axes(axes: list[int], rank: int, what: str = "axis") -> list[int]:
    out = []
    for a in axes:
        if a < -rank or a >= rank:
            raise Rejected(f"{what} {a} is out of range [-{rank}, {rank - 1}]")
        out.append(a + rank if a < 0 else a)
    return out


def _product(dims: Shape) -> Dim:
    n = 1
    for d in dims:
        if d is None:
            return None
        n *= d
    return n


# ------------------------------------------------------------------------------------------- data


def same(op: Operation) -> list[S]:
    return [_input(op, 0)]


def softmax(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is not None:
        axis = attr_int(op, "axis", -1) or 0
        r = len(x)
        if axis < -r or axis >= r:
            raise Rejected(f"axis {axis} is out of range [-{r}, {r - 1}]")
    return [x]


def reshape(op: Operation) -> list[S]:
    x = _input(op, 0)
    target = constant_ints(op, 1)
    if target is None:
        s = _input(op, 1)
        if s is not None and len(s) == 1 and s[0] is not None:
            return [(None,) * s[0]]
        return [None]
    allowzero = attr_int(op, "allowzero", 0)
    out: list[Dim] = []
    minus = None
    product: int | None = 1
    unresolved: set[int] = set()
    for i, v in enumerate(target):
        if v == -1:
            if minus is not None:
                raise Rejected("the shape has more than one -1")
            minus = i
            out.append(None)
        elif v == 0 and not allowzero:
            if x is not None and i >= len(x):
                raise Rejected(f"a 0 at index {i} has no input dimension to copy")
            d = x[i] if x is not None else None
            out.append(d)
            if d is None:
                unresolved.add(i)
            elif product is not None:
                product *= d
        elif v >= 0:
            out.append(v)
            product = None if product is None else product * v
        else:
            raise Rejected(f"invalid dimension value {v}")
    if minus is not None and product is not None:
        if product == 0:
            raise Rejected("a shape with -1 has a product of 0")
        kept = None if x is None else tuple(d for i, d in enumerate(x) if i not in unresolved)
        if kept is not None and None not in kept:
            total = _product(kept) or 0
            if total % product:
                raise Rejected(f"{total} elements do not reshape to {target}")
            out[minus] = total // product
    return [tuple(out)]


def transpose(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    perm = attr_ints(op, "perm")
    if perm is None:
        return [tuple(reversed(x))]
    for p in perm:
        if p < 0 or p >= len(x):
            raise Rejected(f"perm {perm} names a dimension the input's {len(x)} do not have")
    if len(set(perm)) != len(perm):
        raise Rejected(f"perm {perm} repeats a value")
    return [tuple(x[p] for p in perm)]


def concat(op: Operation) -> list[S]:
    shapes = [_input(op, i) for i in range(len(op.operands))]
    if any(s is None for s in shapes) or not shapes:
        return [None]
    r = len(shapes[0] or ())
    axis = attr_int(op, "axis", 0) or 0
    if axis < -r or axis >= r:
        raise Rejected(f"axis {axis} is out of range [-{r}, {r - 1}]")
    axis = axis + r if axis < 0 else axis
    out: list[Dim] = [None] * r
    total: Dim = 0
    for s in shapes:
        assert s is not None
        if len(s) != r:
            raise Rejected("the inputs have different ranks")
        for d in range(r):
            size = s[d]
            if d == axis:
                total = None if total is None or size is None else total + size
            elif s[d] is not None:
                if out[d] is not None and out[d] != s[d]:
                    raise Rejected(f"the inputs differ in dimension {d}")
                out[d] = s[d]
    out[axis] = total
    return [tuple(out)]


def gather(op: Operation) -> list[S]:
    x, i = _input(op, 0), _input(op, 1)
    if x is None or i is None:
        return [None]
    r = len(x)
    if r < 1:
        raise Rejected("data has rank 0")
    axis = attr_int(op, "axis", 0) or 0
    if axis < -r or axis >= r:
        raise Rejected(f"axis {axis} is out of range [-{r}, {r - 1}]")
    axis = axis + r if axis < 0 else axis
    return [(*x[:axis], *i, *x[axis + 1 :])]


def squeeze(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    if _present(op, 1):
        axes = constant_ints(op, 1)
        if axes is None:
            return [None]
        picked = _axes(axes, len(x))
        out = []
        for i, d in enumerate(x):
            if i in picked:
                if d is not None and d != 1:
                    raise Rejected(f"dimension {i} is {d}, not 1")
            else:
                out.append(d)
        return [tuple(out)]
    if None in x:
        return [None]
    return [tuple(d for d in x if d != 1)]


def squeeze_v11(op: Operation) -> list[S]:
    """Squeeze-11: its ``axes`` attribute, each counted from the back when negative and not
    range-checked (an axis past the rank is ignored); without one, every size 1 of a static input."""
    x = _input(op, 0)
    if x is None:
        return [None]
    axes = attr_ints(op, "axes")
    if axes is None:
        if op.attribute("axes") is not None or None in x:
            return [None]
        axes = [i for i, d in enumerate(x) if d == 1]
    picked = {a + len(x) if a < 0 else a for a in axes}
    out = []
    for i, d in enumerate(x):
        if i in picked:
            if d is not None and d != 1:
                raise Rejected(f"dimension {i} is {d}, not 1")
        else:
            out.append(d)
    return [tuple(out)]


def unsqueeze(op: Operation) -> list[S]:
    return _unsqueeze(_input(op, 0), constant_ints(op, 1))


def unsqueeze_v11(op: Operation) -> list[S]:
    """Unsqueeze-11: its ``axes`` attribute, without duplicates as written, each within the output's
    rank; the output built as onnx's loop builds it (an axis repeated after counting from the back
    adds no dimension)."""
    x = _input(op, 0)
    axes = attr_ints(op, "axes")
    if x is None or axes is None:
        return [None]
    if len(set(axes)) != len(axes):
        raise Rejected("'axes' attribute must not contain any duplicates")
    r = len(x) + len(axes)
    if any(a < -r or a >= r for a in axes):
        raise Rejected("values in 'axes' are beyond the bounds of the computed output shape")
    picked = sorted(a + r if a < 0 else a for a in axes)
    out: list[Dim] = []
    j = 0
    for d in x:
        while j < len(picked) and picked[j] == len(out):
            out.append(1)
            j += 1
        out.append(d)
    while j < len(picked) and picked[j] == len(out):
        out.append(1)
        j += 1
    return [tuple(out)]


def _unsqueeze(x: S, axes: list[int] | None) -> list[S]:
    if x is None or axes is None:
        return [None]
    r = len(x) + len(axes)
    picked = _axes(axes, r)
    if len(set(picked)) != len(picked):
        raise Rejected("axes has duplicates")
    out: list[Dim] = []
    rest = iter(x)
    for i in range(r):
        out.append(1 if i in picked else next(rest))
    return [tuple(out)]


def flatten(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    r = len(x)
    axis = attr_int(op, "axis", 1)
    axis = 1 if axis is None else axis
    if axis < -r or axis > r:
        raise Rejected(f"axis {axis} is out of range [-{r}, {r}]")
    axis = axis + r if axis < 0 else axis
    return [(_product(x[:axis]), _product(x[axis:]))]


def tile(op: Operation) -> list[S]:
    x = _input(op, 0)
    repeats = constant_ints(op, 1)
    if x is None:
        return [None]
    if repeats is None:
        return [(None,) * len(x)]
    if len(repeats) != len(x):
        raise Rejected(f"repeats has {len(repeats)} values for an input of rank {len(x)}")
    return [tuple(None if d is None else d * k for d, k in zip(x, repeats, strict=True))]


# ------------------------------------------------------------------------------------- reductions


def reduce(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    keep = attr_int(op, "keepdims", 1)
    noop = attr_int(op, "noop_with_empty_axes", 0)
    if op.name.endswith(("V13", "V11")):
        axes = attr_ints(op, "axes") or []
    elif _present(op, 1):
        found = constant_ints(op, 1)
        if found is None:
            return [None]
        axes = found
    else:
        axes = []
    if noop and not axes:
        return [x]
    picked = _axes(axes, len(x))
    out: list[Dim] = []
    for i, d in enumerate(x):
        if picked and i not in picked:
            out.append(d)
        elif keep == 1:
            out.append(1)
    return [tuple(out)]


# ------------------------------------------------------------------------------------- conv, pools


def _ints(
    op: Operation, name: str, size: int, default: int = 1, low: int = 1, what: str = "must be positive"
) -> list[int]:
    """A per-axis attribute (``strides``, ``dilations``, ``pads``): ``size`` values of at least
    ``low``, or ``default`` for each if absent."""
    values = attr_ints(op, name)
    if values is None:
        return [default] * size
    if len(values) != size:
        raise Rejected(f"{name} has the wrong size")
    if any(v < low for v in values):
        raise Rejected(f"{name} {what}")
    return values


def _kernel(op: Operation, w: S, n: int) -> list[int] | None:
    """``kernel_shape``, or else the weight ``w``'s spatial sizes (a pool, without a weight,
    must give ``kernel_shape``); ``None`` where a weight size is unknown."""
    kernel = attr_ints(op, "kernel_shape")
    if kernel is not None:
        if len(kernel) != n:
            raise Rejected("kernel_shape has the wrong size")
    elif w is None:
        raise Rejected("kernel_shape is missing")
    else:
        kernel = []
        for d in w[2:]:
            if d is None:
                return None
            kernel.append(d)
        if len(kernel) != n:
            raise Rejected("the weight's spatial rank is not the input's")
    if any(k <= 0 for k in kernel):
        raise Rejected("kernel_shape must be positive")
    return kernel


def _conv_pool(op: Operation, kernel_required: bool, dilation: bool = True) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    w = None if kernel_required else _input(op, 1)
    if not kernel_required and w is None:
        return [None]
    if len(x) < 3:
        raise Rejected("the input has fewer than 3 dimensions")
    n = len(x) - 2
    dilations = _ints(op, "dilations", n) if dilation else [1] * n
    strides = _ints(op, "strides", n)
    kernel = _kernel(op, w, n)
    if kernel is None:
        return [None]
    effective = [(k - 1) * d + 1 for k, d in zip(kernel, dilations, strict=True)]
    pads = attr_ints(op, "pads")
    if pads is not None:
        if len(pads) != 2 * n:
            raise Rejected("pads has the wrong size")
        if any(p < 0 for p in pads):
            raise Rejected("pads must not be negative")
    else:
        pads = [0] * (2 * n)
        auto_pad = attr_str(op, "auto_pad")
        if auto_pad is not None and auto_pad != "VALID":
            for i in range(n):
                residual = 0
                if strides[i] > 1:
                    size = x[2 + i]
                    if size is None:
                        continue
                    residual = size % strides[i]
                total = effective[i] - strides[i] if residual == 0 else effective[i] - residual
                total = max(total, 0)
                small, big = total >> 1, total - (total >> 1)
                if auto_pad == "SAME_UPPER":
                    pads[i], pads[i + n] = small, big
                elif auto_pad == "SAME_LOWER":
                    pads[i], pads[i + n] = big, small
    if kernel_required:
        out: list[Dim] = [x[0], x[1]]
    else:
        assert w is not None
        if len(w) < 1:
            raise Rejected("the weight has rank 0")
        out = [x[0], w[0]]
    ceil = attr_int(op, "ceil_mode", 0)
    for i in range(n):
        size = x[2 + i]
        if size is None:
            out.append(None)
            continue
        numerator = size + pads[i] + pads[i + n] - effective[i]
        if ceil:  # onnx 1.23: the ceiling of the quotient
            result = -(-numerator // strides[i]) + 1
        else:  # C++'s division, toward zero
            q = abs(numerator) // strides[i]
            result = (q if numerator >= 0 else -q) + 1
        out.append(result)
    return [tuple(out)]


def conv(op: Operation) -> list[S]:
    return _conv_pool(op, kernel_required=False)


def pool(op: Operation) -> list[S]:
    return _conv_pool(op, kernel_required=True, dilation=True)


def global_pool(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    if len(x) < 2:
        return [None]  # (GlobalPoolingOpSchemaGenerator: no shape, no failure)
    return [(x[0], x[1], *([1] * (len(x) - 2)))]


# ---------------------------------------------------------------------- slicing, padding, gathers


def _numbers(op: Operation, i: int) -> list[float] | None:
    """The numbers (integers or floats) of the constant defining operand ``i``; ``None`` if not one."""
    literal = op.constant(i)
    if literal is None:
        return None
    v = value(literal)
    if not isinstance(v, Dense):
        return None
    flat: list[float] = []
    items = v.values if isinstance(v.values, list) else [v.values]
    stack = list(reversed(items))
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, bool):
            flat.append(int(item))
        elif isinstance(item, int | float):
            flat.append(item)
        else:
            return None
    if not isinstance(v.values, list):
        s = _input(op, i)
        if s is None or None in s:
            return None
        flat = flat * (_product(s) or 0)
    return flat


def _f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]  # type: ignore[no-any-return]


def _checked_axes(axes: list[int], rank: int) -> list[int]:
    """``checkAxesRange``, ``adjustNegativeAxes``, ``checkDuplicateAxes``."""
    picked = _axes(axes, rank)
    if len(set(picked)) != len(picked):
        raise Rejected(f"axes {axes} repeat an axis")
    return picked


def _ranked_operand(op: Operation, i: int) -> bool:
    return _present(op, i) and _input(op, i) is not None


def slice_(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    r = len(x)
    starts, ends = constant_ints(op, 1), constant_ints(op, 2)
    has_axes, has_steps = _ranked_operand(op, 3), _ranked_operand(op, 4)
    axes_v = constant_ints(op, 3) if has_axes else None
    steps_v = constant_ints(op, 4) if has_steps else None
    if starts is None or ends is None or (has_axes and axes_v is None) or (has_steps and steps_v is None):
        return [(None,) * r]
    if len(starts) != len(ends):
        raise Rejected("starts and ends differ in length")
    if axes_v is None:
        axes = list(range(len(starts)))
    else:
        if len(axes_v) != len(starts):
            raise Rejected("axes has the wrong length")
        axes = axes_v
    axes = _checked_axes(axes, r)
    steps = [1] * len(starts) if steps_v is None else steps_v
    if len(steps) != len(axes):
        raise Rejected("steps has the wrong length")
    out: list[Dim] = list(x)
    for a, start, end, step in zip(axes, starts, ends, steps, strict=False):
        size = x[a]
        if size is None:
            out[a] = None
            continue
        if step == 0:
            raise Rejected("a step is 0")
        if size == 0:
            start = end = 0
        else:
            if start < 0:
                start += size
            start = min(max(start, 0), size - 1 if step < 0 else size)
            if end < 0:
                end += size
            end = min(max(end, -1), size - 1) if step < 0 else min(max(end, 0), size)
        out[a] = max(math.ceil(1.0 * (end - start) / step), 0)
    return [tuple(out)]


def split(op: Operation) -> list[S]:
    x = _input(op, 0)
    n = len(op.results)
    if x is None:
        return [None] * n
    _, size, result = _split_axis(x, attr_int(op, "axis", 0) or 0)
    if size is None:
        return [result(None)] * n
    num_outputs = attr_int(op, "num_outputs")
    if _present(op, 1):
        if op.attribute("num_outputs") is not None:
            raise Rejected("both the split input and num_outputs are given")
        sizes = constant_ints(op, 1)
        return [None] * n if sizes is None else _split_sizes(sizes, n, size, result)
    if num_outputs is None:
        raise Rejected("neither a split input nor num_outputs is given")
    if num_outputs < 1:
        raise Rejected("num_outputs is below 1")
    if n > num_outputs:  # onnx reads past its list of sizes
        return [None] * n
    if size % num_outputs == 0:
        chunks = [size // num_outputs] * num_outputs
    else:
        chunk = size // num_outputs + 1
        chunks = [chunk] * (num_outputs - 1) + [size - chunk * (num_outputs - 1)]
    return [result(d) for d in chunks[:n]]


def split_v11(op: Operation) -> list[S]:
    """Split-11: ``axis`` in [-r, r-1]; the ``split`` attribute, one size per result adding up to the
    axis' size, or else even parts; an unknown size at the axis is unknown in every result."""
    x = _input(op, 0)
    n = len(op.results)
    if x is None:
        return [None] * n
    written = attr_int(op, "axis", 0)
    if written is None:
        return [None] * n
    _, size, result = _split_axis(x, written)
    if size is None:
        return [result(None)] * n
    sizes = attr_ints(op, "split")
    if sizes is not None:
        return _split_sizes(sizes, n, size, result)
    if op.attribute("split") is not None:
        return [None] * n
    if size % n != 0:
        raise Rejected(f"the input is not evenly splittable into {n}")
    return [result(size // n)] * n


def _split_axis(x: Shape, axis: int) -> tuple[int, Dim, Callable[[Dim], Shape]]:
    """Split's ``axis`` of ``x`` (in [-r, r-1]) made positive, its size, and the result shape with
    a given size there."""
    r = len(x)
    if axis < -r or axis >= r:
        raise Rejected(f"axis {axis} is out of range [-{r}, {r - 1}]")
    axis = axis + r if axis < 0 else axis

    def result(d: Dim) -> Shape:
        return (*x[:axis], d, *x[axis + 1 :])

    return axis, x[axis], result


def _split_sizes(sizes: Sequence[int], n: int, size: int, result: Callable[[Dim], Shape]) -> list[S]:
    """Split's results from its written sizes: one per result, adding up to the axis' size."""
    if len(sizes) != n:
        raise Rejected(f"{len(sizes)} split sizes for {n} results")
    if sum(sizes) != size:
        raise Rejected(f"the split sizes add up to {sum(sizes)}, not {size}")
    return [result(d) for d in sizes]


def pad(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    r = len(x)
    pads = constant_ints(op, 1)
    if pads is None or r == 0:
        return [(None,) * r]
    return [_padded(x, pads)]


def _padded(x: tuple[Dim, ...], pads: list[int]) -> S:
    """``x`` padded by ``pads``: each dimension's begin values, then its end values (ONNX's order)."""
    r = len(x)
    if len(pads) != 2 * r:
        raise Rejected(f"pads has {len(pads)} values, not {2 * r}")
    return tuple(None if d is None else d + pads[i] + pads[r + i] for i, d in enumerate(x))


def gather_elements(op: Operation) -> list[S]:
    return [_input(op, 1)]


def gather_nd(op: Operation) -> list[S]:
    x, i = _input(op, 0), _input(op, 1)
    if x is None or i is None:
        return [None]
    if len(x) < 1 or len(i) < 1:
        raise Rejected("data and indices need a rank above 0")
    last = i[-1]
    if last is None:
        return [None]
    b = attr_int(op, "batch_dims", 0) or 0
    if last + b > len(x):
        raise Rejected("the last dimension of indices exceeds the rank of data")
    out = (*i[:-1], *x[last + b :])
    return [out or None]  # onnx adds no dimension, so sets no shape, for a scalar


def range_(op: Operation) -> list[S]:
    values = [_numbers(op, i) for i in range(3)]
    if any(v is None for v in values):
        return [(None,)]
    elements = [element(u.type) for u in op.operands[:3]]
    if len(set(elements)) != 1:
        raise Rejected("the inputs differ in type")
    if any(_input(op, i) != () for i in range(3)):
        raise Rejected("the inputs are not scalars")
    start, limit, delta = (v[0] for v in values if v)
    e = elements[0]
    if e not in ("f32", "f64", "i32", "i64", "si32", "si64"):
        return [(None,)]
    if delta == 0:
        return [(None,)]  # onnx divides by zero
    if e == "f32":  # the constants are float32 tensors: each value rounded so, then `limit - start` in float
        start, limit, delta = _f32(start), _f32(limit), _f32(delta)
    diff = limit - start
    if e == "f32":
        diff = _f32(diff)
    return [(max(math.ceil(1.0 * diff / delta), 0),)]


def constant_of_shape(op: Operation) -> list[S]:
    values = constant_ints(op, 0)
    if values is not None:
        if any(v < 0 for v in values):
            raise Rejected("the shape has a negative value")
        return [tuple(values)]
    s = _input(op, 0)
    if s is None:
        return [None]
    if len(s) != 1:
        raise Rejected("the shape input is not 1-D")
    return [None if s[0] is None else (None,) * s[0]]


def resize(op: Operation) -> list[S]:
    x = _input(op, 0)
    if x is None:
        return [None]
    r = len(x)
    has_scales, has_sizes = _present(op, 2), _present(op, 3)
    scales = _numbers(op, 2) if has_scales else None
    if scales is not None and not scales:
        has_scales, scales = False, None
    sizes: list[int] | None = None
    if has_sizes:
        sizes = constant_ints(op, 3)
        if sizes is None:
            s = _input(op, 3)
            if s is not None:
                if len(s) != 1:
                    raise Rejected("the sizes input is not 1-D")
                if s[0] is not None:
                    sizes = [0] * s[0]
        if sizes is not None and not sizes:
            has_sizes = False
    if has_scales + has_sizes != 1:
        raise Rejected("either sizes or scales must be given, not both")
    policy = attr_str(op, "keep_aspect_ratio_policy") or "stretch"
    if policy not in ("stretch", "not_larger", "not_smaller"):
        raise Rejected(f"unknown keep_aspect_ratio_policy {policy}")
    if has_scales and policy != "stretch":
        raise Rejected("scales with a keep_aspect_ratio_policy other than stretch")
    axes_attr = attr_ints(op, "axes")
    axes = _checked_axes(axes_attr, r) if axes_attr else []
    out: list[Dim] = [None] * r
    if has_sizes:
        data = list(sizes or [])
        if axes and len(data) != len(axes):
            raise Rejected("sizes does not match axes")
        if not axes and len(data) != r:
            raise Rejected(f"sizes has {len(data)} values for rank {r}")
        if policy != "stretch":
            dims = [x[axes[i] if axes else i] for i in range(len(data))]
            if None in dims:
                data = [-1] * len(data)
            else:
                scale = sys.float_info.max if policy == "not_larger" else -sys.float_info.max
                for size, d in zip(data, dims, strict=True):
                    ratio = size / d if d else math.copysign(math.inf, size) if size else math.nan
                    if (ratio < scale) if policy == "not_larger" else (scale < ratio):  # std::min, std::max
                        scale = ratio
                products = [scale * (d or 0) for d in dims]
                if not all(math.isfinite(p) and abs(p) < 2**62 for p in products):
                    return [None]  # C++ casts these out of range
                data = [int(math.copysign(math.floor(abs(p) + 0.5), p)) for p in products]  # std::round
        if axes:
            full = [-1 if d is None else d for d in x]
            for i, a in enumerate(axes):
                full[a] = data[i]
            data = full
        for i in range(r):
            if data[i] > 0:
                out[i] = data[i]
        return [tuple(out)]
    if scales is None:
        return [tuple(out)]
    factors = [_f32(f) for f in scales]
    if axes:
        if len(factors) != len(axes):
            raise Rejected("scales does not match axes")
        full_f = [1.0] * r
        for i, a in enumerate(axes):
            full_f[a] = factors[i]
        factors = full_f
    elif len(factors) != r:
        raise Rejected(f"scales has {len(factors)} values for rank {r}")
    for i, d in enumerate(x):
        if d is not None:
            out[i] = math.floor(d * factors[i])
    return [tuple(out)]


def conv_transpose(op: Operation) -> list[S]:
    x, w = _input(op, 0), _input(op, 1)
    if x is None or w is None:
        return [None]
    g = attr_int(op, "group", 1) or 0
    if g <= 0:
        raise Rejected("group must be positive")
    if len(x) < 3:
        raise Rejected("the input has fewer than 3 dimensions")
    if len(w) < 3:
        raise Rejected("the weight has fewer than 3 dimensions")
    n = len(x) - 2
    dilations = _ints(op, "dilations", n)
    strides = _ints(op, "strides", n)
    kernel = _kernel(op, w, n)
    if kernel is None:
        return [None]
    effective = [(k - 1) * d + 1 for k, d in zip(kernel, dilations, strict=True)]
    auto_pad = attr_str(op, "auto_pad")
    if attr_ints(op, "pads") is not None:
        pads = _ints(op, "pads", 2 * n, 0, 0, "must not be negative")
        if auto_pad is not None and auto_pad != "NOTSET":
            raise Rejected("pads and auto_pad are both given")
    else:
        pads = [0] * (2 * n)
        if auto_pad is not None and auto_pad != "VALID":
            for i in range(n):
                total = max(effective[i] - strides[i], 0)
                small, big = total >> 1, total - (total >> 1)
                if auto_pad == "SAME_UPPER":
                    pads[i], pads[i + n] = small, big
                elif auto_pad == "SAME_LOWER":
                    pads[i], pads[i + n] = big, small
    output_shape = attr_ints(op, "output_shape")
    if output_shape is not None:
        if len(output_shape) != n:
            raise Rejected("output_shape has the wrong size")
        if any(v < 0 for v in output_shape):
            raise Rejected("output_shape must not be negative")
    output_padding = _ints(op, "output_padding", n, 0, 0, "must not be negative")
    out: list[Dim] = [x[0], None if w[1] is None else w[1] * g]
    if output_shape is not None:
        for i, v in enumerate(output_shape):
            d = x[i + 2]
            if d is not None and v < d:
                return [tuple(out)]
            out.append(v)
        return [tuple(out)]
    for i in range(n):
        d = x[i + 2]
        if d is None:
            out.append(None)
        else:
            out.append(strides[i] * (d - 1) + output_padding[i] + effective[i] - pads[i] - pads[i + n])
    return [tuple(out)]


# ------------------------------------------------------------------------- einsum, normalization


def einsum(op: Operation) -> list[S]:
    equation = (attr_str(op, "equation") or "").replace(" ", "")
    shapes = [_input(op, i) for i in range(len(op.operands))]
    if not equation or not shapes or any(s is None for s in shapes):
        return [None]
    left, arrow, right = equation.partition("->")
    labels: dict[str, Dim] = {}
    repeated: set[str] = set()
    ellipsis: list[Dim] | None = None
    ellipsis_rank: int | None = None
    terms = left.split(",")
    if len(terms) != len(shapes):
        raise Rejected("the equation's operands are not the inputs")
    for k, (term, s) in enumerate(zip(terms, shapes, strict=True)):
        assert s is not None
        letters = sum(c.isascii() and c.isalpha() for c in term)
        at = term.find("...")
        rank = len(s)
        if at >= 0 and rank < letters:
            raise Rejected(f"input {k} has rank {rank}, below its {letters} subscripts")
        if at < 0 and rank != letters:
            raise Rejected(f"input {k} has rank {rank}, not its {letters} subscripts")
        extra = 0
        skipped = 0
        index = 0
        while index < len(term):
            c = term[index]
            if index == at:
                extra = rank - letters
                dims = [s[index + j - skipped] for j in range(extra)]
                if ellipsis is None:
                    ellipsis = dims
                else:
                    for j, d in enumerate(dims):
                        if j >= len(ellipsis):
                            return [None]  # onnx indexes past its list
                        cur = ellipsis[j]
                        if d is not None and cur is not None and d > cur and cur == 1:
                            ellipsis[j] = d
                index += 3
                skipped += 3
                continue
            if not (c.isascii() and c.isalpha()):
                skipped += 1
                index += 1
                continue
            if c in labels:
                repeated.add(c)
            else:
                labels[c] = s[index + extra - skipped]
            index += 1
        if at >= 0:
            if ellipsis_rank is None:
                ellipsis_rank = rank - letters
            elif ellipsis_rank != rank - letters:
                raise Rejected("the ellipses stand for different ranks")
    lead = (ellipsis or [])[: ellipsis_rank or 0]
    out: list[Dim] = []
    if arrow:
        at = right.find("...")
        index = 0
        while index < len(right):
            c = right[index]
            if index == at:
                out.extend(lead)
                index += 3
                continue
            if c.isascii() and c.isalpha():
                if c not in labels:
                    raise Rejected(f"output label {c} is missing from the inputs")
                out.append(labels[c])
            index += 1
    else:
        out.extend(lead)
        out.extend(labels[c] for c in sorted(labels) if c not in repeated)
    return [tuple(out)]


def arg_reduce(op: Operation) -> list[S]:
    """ArgMax, ArgMin: the axis dropped, or kept as 1 (``keepdims`` 1, the default)."""
    x = _input(op, 0)
    if x is None:
        return [None]
    r = len(x)
    axis = attr_int(op, "axis", 0)
    if axis is None:
        return [None]
    if axis < -r or axis >= r:
        raise Rejected("'axis' must be in [-rank(indices), rank(indices)-1]")
    axis += r if axis < 0 else 0
    keep = attr_int(op, "keepdims", 1) == 1
    return [tuple(d if i != axis else 1 for i, d in enumerate(x) if i != axis or keep)]


def depth_to_space(op: Operation) -> list[S]:
    """DepthToSpace: (N, C / b^2, H * b, W * b) of a 4-d input."""
    b = attr_int(op, "blocksize", 0)
    if b is None:
        return [None]
    if b <= 0:
        raise Rejected("Blocksize must be positive")
    x = _input(op, 0)
    if x is None:
        return [None]
    if len(x) != 4:
        raise Rejected("Input tensor must be 4-dimensional")
    n, c, h, w = x
    return [(n, None if c is None else c // (b * b), None if h is None else h * b, None if w is None else w * b)]


def shape_(op: Operation) -> list[S]:
    """Shape: a 1-d tensor of ``end - start`` (clamped to [0, r], at least 0)."""
    x = _input(op, 0)
    if x is None:
        return [(None,)]
    r = len(x)
    start, end = attr_int(op, "start", 0), attr_int(op, "end", r)
    if start is None or end is None:
        return [(None,)]
    start, end = (min(max(v + r if v < 0 else v, 0), r) for v in (start, end))
    return [(max(end - start, 0),)]


def topk(op: Operation) -> list[S]:
    """TopK: X's shape with K at ``axis``, where K is a constant and that size is known."""
    x = _input(op, 0)
    if x is None:
        return [None, None]
    r = len(x)
    axis = attr_int(op, "axis", -1)
    if axis is None:
        return [None, None]
    if axis < 0:
        axis += r
    if axis < 0 or axis >= r:
        raise Rejected("Invalid value for attribute axis")
    k = constant_ints(op, 1)
    if k is None or x[axis] is None:
        unknown: Shape = (None,) * r
        return [unknown, unknown]
    if len(k) != 1 or _input(op, 1) != (1,):
        raise Rejected("K input must be a one-dimensional tensor of size 1.")
    if x[axis] < k[0]:  # type: ignore[operator]
        raise Rejected("Axis has less than the requested k elements.")
    out = (*x[:axis], k[0], *x[axis + 1 :])
    return [out, out]


def batch_norm(op: Operation) -> list[S]:
    x = _input(op, 0)
    training = attr_int(op, "training_mode", 0) or 0
    outputs = len(op.results)
    while outputs > 1 and is_none(op.results[outputs - 1].type):
        outputs -= 1
    for i in range(1, 5):
        s = _input(op, i)
        if s is not None and len(s) != 1:
            raise Rejected(f"input {i} has rank {len(s)}, not 1")
    channels: Dim = None
    known = False
    if x is not None:
        channels, known = (x[1], x[1] is not None) if len(x) > 1 else (1, True)
    for i in range(1, 5):
        s = _input(op, i)
        if s is None or s[0] is None:
            continue
        if known and channels != s[0]:
            raise Rejected(f"input {i} has {s[0]} channels, not {channels}")
        channels, known = s[0], True
    if training != 0 and outputs != 3:
        raise Rejected("training mode needs 3 results")
    if training == 0 and outputs != 1:
        raise Rejected("inference mode needs 1 result")
    return [x, (channels,), (channels,)][:outputs]


# ------------------------------------------------------------- recurrent ops and the rest of the tail


def recurrent(op: Operation) -> list[S]:
    """RNN, GRU, LSTM (``RNNShapeInference``): Y ``[seq, dirs, batch, hidden]`` and Y_h (and LSTM's
    Y_c) ``[dirs, batch, hidden]`` (``layout`` other than 0: batch first), from X of rank 3, the
    ``direction`` and the ``hidden_size`` attribute (not W's sizes); an absent (``none``) result is
    not inferred."""
    direction = attr_str(op, "direction") if op.attribute("direction") is not None else "forward"
    dirs: Dim = {"forward": 1, "reverse": 1, "bidirectional": 2}.get(direction or "")
    hidden = attr_int(op, "hidden_size", -1)
    size: Dim = hidden if hidden is not None and hidden > 0 else None
    layout = attr_int(op, "layout", 0)
    seq: Dim = None
    batch: Dim = None
    x = _input(op, 0)
    if x is not None:
        if len(x) != 3:
            raise Rejected("First input tensor must have rank 3")
        seq, batch = (x[0], x[1]) if layout == 0 else (x[1], x[0])
    y: Shape = (seq, dirs, batch, size) if layout == 0 else (batch, seq, dirs, size)
    state: Shape = (dirs, batch, size) if layout == 0 else (batch, dirs, size)
    shapes: list[S] = [y, state, state]
    return [None if is_none(u.type) else s for u, s in zip(op.results, shapes, strict=False)]


def space_to_depth(op: Operation) -> list[S]:
    """SpaceToDepth: (N, C * b^2, H / b, W / b) of a 4-d input."""
    b = attr_int(op, "blocksize", 0)
    if b is None:
        return [None]
    if b <= 0:
        raise Rejected("Blocksize must be positive")
    x = _input(op, 0)
    if x is None:
        return [None]
    if len(x) != 4:
        raise Rejected("Input tensor must be 4-dimensional")
    n, c, h, w = x
    return [(n, None if c is None else c * b * b, None if h is None else h // b, None if w is None else w // b)]


def size(op: Operation) -> list[S]:
    """Size: a scalar."""
    return [()]


def dropout(op: Operation) -> list[S]:
    """Dropout: the data's shape, for the output and the mask; ``ratio`` and ``training_mode`` scalars."""
    for i, name in ((1, "Ratio"), (2, "training_mode")):
        s = _input(op, i)
        if s is not None and len(s) != 0:
            raise Rejected(f"{name} of Dropout must be a scalar.")
    x = _input(op, 0)
    return [None if is_none(u.type) else x for u in op.results[:2]]


def dynamic_quantize_linear(op: Operation) -> list[S]:
    """DynamicQuantizeLinear: y of x's shape, a scalar scale and zero point."""
    return [_input(op, 0), (), ()]


def one_hot(op: Operation) -> list[S]:
    """OneHot-11: depth a scalar or one element, values two; the output is the indices' shape with the
    depth (its constant's value, else unknown) inserted at ``axis`` (in [-r-1, r])."""
    depth, values = _input(op, 1), _input(op, 2)
    if depth is not None:
        if len(depth) > 1:
            raise Rejected("Input 'depth' must be a scalar or rank 1 tensor.")
        if len(depth) == 1 and depth[0] is not None and depth[0] != 1:
            raise Rejected("Input 'depth' must have exactly one element.")
    if values is not None:
        if len(values) != 1:
            raise Rejected("Input 'values' must be rank 1 tensor.")
        if values[0] is not None and values[0] != 2:
            raise Rejected("Input 'values' must have exactly two elements.")
    x = _input(op, 0)
    if x is None:
        return [None]
    if len(x) < 1:
        raise Rejected("Indices tensor must have rank >= 1")
    out = len(x) + 1
    axis = attr_int(op, "axis", -1)
    if axis is None:
        return [None]
    if axis < -out or axis >= out:
        raise Rejected("'axis' must be in [-rank(indices), rank(indices)-1]")
    axis += out if axis < 0 else 0
    known = constant_ints(op, 1)
    size: Dim = known[0] if known is not None and len(known) == 1 and known[0] > 0 else None
    return [(*x[:axis], size, *x[axis:])]


# --------------------------------------------------------------- the ops declared last, and twins


def softmax_v11(op: Operation) -> list[S]:
    """Softmax-11: the input's shape; ``axis`` (default 1) in [-r, r-1]."""
    x = _input(op, 0)
    if x is not None:
        axis = attr_int(op, "axis", 1)
        r = len(x)
        if axis is not None and (axis < -r or axis >= r):
            raise Rejected(f"axis {axis} is out of range [-{r}, {r - 1}]")
    return [x]


def pad_v2(op: Operation) -> list[S]:
    """Pad-2: the ``pads`` attribute, two values per dimension."""
    x = _input(op, 0)
    pads = attr_ints(op, "pads")
    if x is None or pads is None:
        return [None]
    return [_padded(x, pads)]


def pad_v11(op: Operation) -> list[S]:
    """Pad-11 and Pad-13: ``pads`` a constant input of two values per dimension (a 0-d input too)."""
    x = _input(op, 0)
    if x is None:
        return [None]
    pads = constant_ints(op, 1)
    if pads is None:
        return [(None,) * len(x)]
    return [_padded(x, pads)]


def pad_v18(op: Operation) -> list[S]:
    """Pad-18: ``pads`` for the dimensions ``axes`` names (a constant; all when absent)."""
    x = _input(op, 0)
    if x is None:
        return [None]
    r = len(x)
    if not _present(op, 3):
        return pad(op)  # (as Pad-21: a 0-d input keeps its shape whatever pads says)
    axes = constant_ints(op, 3)
    if axes is None:
        return [None]  # (axes not known: not even the rank)
    if not axes:
        return [(None,) * r]  # (onnx 1.23 reads an empty axes as none known)
    picked = _axes(axes, r)
    if len(set(picked)) != len(picked):
        raise Rejected("an axis is named twice")
    pads = constant_ints(op, 1)
    if pads is None:
        return [(None,) * r]
    n = len(picked)
    if len(pads) != 2 * n:
        raise Rejected(f"pads has {len(pads)} values, not {2 * n}")
    out = list(x)
    for i, a in enumerate(picked):
        d = x[a]
        out[a] = None if d is None else d + pads[i] + pads[n + i]
    return [tuple(out)]


def split_v13(op: Operation) -> list[S]:
    """Split-13: the ``split`` input, one size per result adding up to the axis' size, or else even
    parts."""
    x = _input(op, 0)
    n = len(op.results)
    if x is None:
        return [None] * n
    written = attr_int(op, "axis", 0)
    if written is None:
        return [None] * n
    _, size, result = _split_axis(x, written)
    if _present(op, 1):
        sizes = constant_ints(op, 1)
        if sizes is None:
            return [None] * n
        if size is None:
            return [result(None)] * n
        return _split_sizes(sizes, n, size, result)
    if size is None:
        return [result(None)] * n
    if size % n != 0:
        raise Rejected(f"the input is not evenly splittable into {n}")
    return [result(size // n)] * n


def max_pool(op: Operation) -> list[S]:
    """MaxPool: the pooled shape, for Y and for Indices."""
    y = pool(op)
    return y * len(op.results)


def upsample_v7(op: Operation) -> list[S]:
    """Upsample-7: each size times its ``scales`` value, floored."""
    x = _input(op, 0)
    scales = _floats(op, "scales")
    if x is None:
        return [None]
    if scales is None:
        return [(None,) * len(x)]
    return [_scaled(x, scales)]


def _floats(op: Operation, name: str) -> list[float] | None:
    attr = op.attribute(name)
    if attr is None:
        return None
    read = value(attr.text)
    if not isinstance(read, list) or not all(isinstance(v, (int, float)) for v in read):
        return None
    return [float(v) for v in read]


def _scaled(x: Shape, scales: Sequence[float]) -> Shape:
    if len(scales) != len(x):
        raise Rejected(f"scales has {len(scales)} values for rank {len(x)}")
    return tuple(None if d is None else math.floor(d * _f32(f)) for d, f in zip(x, scales, strict=True))


def upsample(op: Operation) -> list[S]:
    """Upsample-9 (and Resize-10): each size times the constant ``scales`` input, floored."""
    x = _input(op, 0)
    if x is None:
        return [None]
    scales = _numbers(op, 1)
    if scales is None:
        return [(None,) * len(x)]
    return [_scaled(x, scales)]


def resize_v18(op: Operation) -> list[S]:
    """Resize-18: Resize-19's rule, but where a ``keep_aspect_ratio_policy`` scale is not finite (a size
    0 in the input) onnx 1.23 keeps the rank with every size unknown, where Resize-19 gives no shape."""
    out = resize(op)
    x = _input(op, 0)
    return [(None,) * len(x)] if out == [None] and x is not None else out


def trilu(op: Operation) -> list[S]:
    """Trilu: the input's shape, of rank 2 or more."""
    x = _input(op, 0)
    if x is not None and len(x) < 2:
        raise Rejected("the input has rank below 2")
    return [x]


def det(op: Operation) -> list[S]:
    """Det: the input's shape but its last two (equal) sizes."""
    x = _input(op, 0)
    if x is None:
        return [None]
    if len(x) < 2:
        raise Rejected("the input has rank below 2")
    a, b = x[-1], x[-2]
    if a is not None and b is not None and a != b:
        raise Rejected("the inner-most 2 dimensions differ")
    return [x[:-2]]


def non_zero(op: Operation) -> list[S]:
    """NonZero: (rank, ?); 2-d even for an unranked input."""
    x = _input(op, 0)
    return [(None if x is None else len(x), None)]


def roi_align(op: Operation) -> list[S]:
    """RoiAlign: (num_rois, C, output_height, output_width) of a 4-d X, 2-d rois and 1-d batch_indices."""
    x, rois, idx = _input(op, 0), _input(op, 1), _input(op, 2)
    for s, r, what in ((x, 4, "X"), (rois, 2, "rois"), (idx, 1, "batch_indices")):
        if s is not None and len(s) != r:
            raise Rejected(f"{what} does not have rank {r}")
    n: Dim = None
    a, b = (rois[0] if rois else None), (idx[0] if idx else None)
    if a is not None and b is not None and a != b:
        raise Rejected(f"rois has {a} rows, batch_indices {b} values")
    n = a if a is not None else b
    c = x[1] if x is not None else None
    return [(n, c, attr_int(op, "output_height", 1), attr_int(op, "output_width", 1))]


def max_roi_pool(op: Operation) -> list[S]:
    """MaxRoiPool: (num_rois, C, pooled_shape...)."""
    x, rois = _input(op, 0), _input(op, 1)
    pooled = attr_ints(op, "pooled_shape")
    if x is None or rois is None or pooled is None:
        return [None]
    return [(rois[0], x[1], *pooled)]


def non_max_suppression(op: Operation) -> list[S]:
    """NonMaxSuppression: (?, 3)."""
    return [(None, 3)]


def window(op: Operation) -> list[S]:
    """The window ops: a 1-d tensor of the constant ``size``; nothing known without its value."""
    size = constant_ints(op, 0)
    if size is None or len(size) != 1:
        return [None]  # (onnx 1.23 infers no shape without the size's value)
    return [(size[0],)]


def one_hot_encoder(op: Operation) -> list[S]:
    """OneHotEncoder: the input's shape and one more dimension, the number of categories."""
    x = _input(op, 0)
    ints, strings = attr_ints(op, "cats_int64s"), op.attribute("cats_strings")
    if x is None:
        return [None]
    n: Dim = None
    if ints is not None:
        n = len(ints)
    elif strings is not None:
        read = value(strings.text)
        n = len(read) if isinstance(read, list) else None
    return [(*x, n)]


INFER: dict[str, Callable[[Operation], list[S]]] = {
    "Identity": same,
    "Cast": same,
    "CastLike": same,
    "ScatterElements": same,
    "ScatterND": same,
    "TopK": topk,
    "ArgMax": arg_reduce,
    "ArgMin": arg_reduce,
    "Hardmax": softmax,
    "LogSoftmax": softmax,
    "DepthToSpace": depth_to_space,
    "Shape": shape_,
    "DequantizeLinear": same,
    "Softmax": softmax,
    "Reshape": reshape,
    "Transpose": transpose,
    "Concat": concat,
    "Gather": gather,
    "Squeeze": squeeze,
    "Unsqueeze": unsqueeze,
    "SqueezeV11": squeeze_v11,
    "SplitV11": split_v11,
    "UnsqueezeV11": unsqueeze_v11,
    "Flatten": flatten,
    "Tile": tile,
    "Conv": conv,
    "AveragePool": pool,
    "MaxPoolSingleOut": pool,
    "GlobalAveragePool": global_pool,
    "Slice": slice_,
    "Split": split,
    "Pad": pad,
    "GatherElements": gather_elements,
    "GatherND": gather_nd,
    "Range": range_,
    "ConstantOfShape": constant_of_shape,
    "Resize": resize,
    "ConvTranspose": conv_transpose,
    "Einsum": einsum,
    "BatchNormalization": batch_norm,
    "BatchNormalizationInferenceMode": batch_norm,
    "RNN": recurrent,
    "GRU": recurrent,
    "LSTM": recurrent,
    "ConvInteger": conv,
    "SpaceToDepth": space_to_depth,
    "GlobalMaxPool": global_pool,
    "GlobalLpPool": global_pool,
    "Size": size,
    "CumSum": same,
    "Dropout": dropout,
    "QuantizeLinear": same,
    "DynamicQuantizeLinear": dynamic_quantize_linear,
    "OneHot": one_hot,
}
for _name in ("Sum", "Mean", "Max", "Min", "Prod"):
    INFER[f"Reduce{_name}"] = reduce
for _name in ("SumV11", "MeanV13", "MaxV13", "MinV13", "ProdV13"):
    INFER[f"Reduce{_name}"] = reduce
# the twins declared last: ReduceL1..., their V13s (``axes`` an attribute), ReduceMax/MinV18 (an input)
for _name in ("L1", "L2", "LogSum", "LogSumExp", "SumSquare"):
    INFER[f"Reduce{_name}"] = INFER[f"Reduce{_name}V13"] = reduce
INFER["ReduceMaxV18"] = INFER["ReduceMinV18"] = reduce
INFER.update(
    {
        "SoftmaxV11": softmax_v11,
        "PadV2": pad_v2,
        "PadV11": pad_v11,
        "PadV13": pad_v11,
        "PadV18": pad_v18,
        "SplitV13": split_v13,
        "MaxPool": max_pool,
        "LpPool": pool,
        "UpsampleV7": upsample_v7,
        "Upsample": upsample,
        "ResizeV10": upsample,
        "ResizeV11": resize,
        "ResizeV13": resize,
        "ResizeV18": resize_v18,
        "Trilu": trilu,
        "Det": det,
        "NonZero": non_zero,
        "RoiAlign": roi_align,
        "MaxRoiPool": max_roi_pool,
        "NonMaxSuppression": non_max_suppression,
        "BlackmanWindow": window,
        "HammingWindow": window,
        "HannWindow": window,
        "OneHotEncoder": one_hot_encoder,
        **{name: same for name in ("ReverseSequence LRN LpNormalization Binarizer CategoryMapper").split()},
    }
)


def infer(op: Operation) -> list[S] | str | None:
    """Each result's shape as ONNX infers it, or why it fails; ``None`` for an op it does not model."""
    fn = INFER.get(op.name.removeprefix("onnx."))
    if fn is None:
        return None
    try:
        return fn(op)
    except Rejected as exc:
        return str(exc)
