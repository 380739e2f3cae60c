"""ONNX's shape inference (the ``TypeAndShapeInferenceFunction`` of each op schema, onnx 1.23) for
the shape ops, on the op's operand types and the values of its constant operands.

A shape is a tuple of sizes (``None``: unknown) or ``None`` (unknown rank). :func:`infer` gives
each result's shape, or raises :class:`Rejected` with why inference fails (broadcheck's words:
ONNX's are in its C++ sources and vary between releases; the campaign compares verdicts and
shapes, not wording).
"""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.dialects.common import attr_int, attr_ints, attr_str, constant_ints, is_none, shape
from broadcheck.ops import Dim, Operation, Shape

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


def unsqueeze(op: Operation) -> list[S]:
    x = _input(op, 0)
    axes = constant_ints(op, 1)
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
    dilations = attr_ints(op, "dilations") if dilation else None
    if dilations is not None:
        if len(dilations) != n:
            raise Rejected("dilations has the wrong size")
        if any(d <= 0 for d in dilations):
            raise Rejected("dilations must be positive")
    else:
        dilations = [1] * n
    strides = attr_ints(op, "strides")
    if strides is not None:
        if len(strides) != n:
            raise Rejected("strides has the wrong size")
        if any(s <= 0 for s in strides):
            raise Rejected("strides must be positive")
    else:
        strides = [1] * n
    kernel = attr_ints(op, "kernel_shape")
    if kernel is not None:
        if len(kernel) != n:
            raise Rejected("kernel_shape has the wrong size")
    elif kernel_required:
        raise Rejected("kernel_shape is missing")
    else:
        assert w is not None
        kernel = []
        for d in w[2:]:
            if d is None:
                return [None]
            kernel.append(d)
        if len(kernel) != n:
            raise Rejected("the weight's spatial rank is not the input's")
    if any(k <= 0 for k in kernel):
        raise Rejected("kernel_shape must be positive")
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
        raise Rejected("the input has fewer than 2 dimensions")
    return [(x[0], x[1], *([1] * (len(x) - 2)))]


INFER: dict[str, Callable[[Operation], list[S]]] = {
    "Identity": same,
    "Cast": same,
    "Softmax": softmax,
    "Reshape": reshape,
    "Transpose": transpose,
    "Concat": concat,
    "Gather": gather,
    "Squeeze": squeeze,
    "Unsqueeze": unsqueeze,
    "Flatten": flatten,
    "Tile": tile,
    "Conv": conv,
    "AveragePool": pool,
    "MaxPoolSingleOut": pool,
    "GlobalAveragePool": global_pool,
}
for _name in ("Sum", "Mean", "Max", "Min", "Prod"):
    INFER[f"Reduce{_name}"] = reduce
for _name in ("SumV11", "MeanV13", "MaxV13", "MinV13", "ProdV13"):
    INFER[f"Reduce{_name}"] = reduce


def infer(op: Operation) -> list[S] | str | None:
    """Each result's shape as ONNX infers it, or why it fails; ``None`` for an op it does not model."""
    fn = INFER.get(op.name.removeprefix("onnx."))
    if fn is None:
        return None
    try:
        return fn(op)
    except Rejected as exc:
        return str(exc)
