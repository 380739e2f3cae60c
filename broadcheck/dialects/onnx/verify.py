"""onnx-mlir's verifiers (``ONNX<Op>Op::verify()`` in ``src/Dialect/ONNX/ONNXOps``) for the shape ops,
in their words: ``emitOpError`` sentences (BC804), ``emitError`` ones (BC805), and the messages of
``onnx_mlir::Diagnostic`` (an attribute out of its range BC801, an operand's rank BC802 or
dimension BC803).

``Diagnostic`` names an operand by printing the value: a block argument as ``<block argument> of
type 'T' at index: N`` (its index among the block's arguments), an op's result as that op. A check
sees neither: it gives the operand as a :class:`~broadcheck.semantics.ValueRef`, which the engine
words when it locates the problem (``broadcheck.messages.VALUES``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from broadcheck.dialects.common import attr_int, attr_ints, attr_str, constant_ints, detail, element, is_none, shape
from broadcheck.ops import Operation, Shape, ShapedType, Type
from broadcheck.semantics import Problem, ValueRef

Verifier = Callable[[Operation], Problem | None]


def ranked(t: Type) -> bool:
    """``hasShapeAndRank``: a ranked shaped type."""
    return isinstance(t, ShapedType) and t.shape is not None


def all_ranked(op: Operation) -> bool:
    """``hasShapeAndRank(Operation *)``: every operand (a ``none`` one is not)."""
    return all(ranked(u.type) for u in op.operands)


def op_error(name: str, **args: object) -> Problem:
    return Problem("BC804", detail("BC804", name, **args))


def error(name: str, **args: object) -> Problem:
    return Problem("BC805", detail("BC805", name, **args))


def out_of_range(op: Operation, name: str, value: int, low: int, high: int) -> Problem:
    return Problem("BC801", {"opname": op.name, "name": name, "value": value, "low": low, "high": high})


def bad_rank(op: Operation, index: int, rank: int, expected: str) -> Problem:
    return Problem("BC802", {"opname": op.name, "operand": ValueRef(index), "rank": rank, "expected": expected})


def bad_dim(op: Operation, index: int, dim: int, value: int | None, expected: str) -> Problem:
    v = -(2**63) if value is None else value
    return Problem(
        "BC803", {"opname": op.name, "operand": ValueRef(index), "index": dim, "value": v, "expected": expected}
    )


def _rank(op: Operation, index: int) -> int | None:
    s = shape(op.operands[index].type) if index < len(op.operands) else None
    return None if s is None else len(s)


# ------------------------------------------------------------------------------------------- data


def reshape(op: Operation) -> Problem | None:
    if len(op.operands) > 1 and ranked(op.operands[1].type) and _rank(op, 1) != 1:
        return op_error("reshape-rank")
    return None


def transpose(op: Operation) -> Problem | None:
    r = _rank(op, 0)
    perm = attr_ints(op, "perm")
    if r is None or perm is None or len(perm) < r:
        return None
    for i in range(r):
        p = perm[i]
        if p < 0:
            p += r
        if p < 0:
            return op_error("perm-low", p=p, i=i)
        if p >= r:
            return op_error("perm-high", p=p, i=i)
    return None


def concat(op: Operation) -> Problem | None:
    if not all_ranked(op) or not op.operands:
        return None
    shapes = [shape(u.type) or () for u in op.operands]
    common = next((s for s in shapes if not (len(s) == 1 and s[0] == 0)), None)
    if common is None:
        return None
    r = len(common)
    axis = attr_int(op, "axis")
    if axis is None:
        return None
    if axis < -r or axis >= r:
        return out_of_range(op, "axis", axis, -r, r - 1)
    if axis < 0:
        axis += r
    for i, s in enumerate(shapes):
        if len(s) == 1 and s[0] == 0:
            continue
        if len(s) != r:
            return bad_rank(op, i, len(s), str(r))
        for d in range(r):
            if d != axis and s[d] is not None and common[d] is not None and s[d] != common[d]:
                return bad_dim(op, i, d, s[d], str(common[d]))
    return None


def axis_in(op: Operation, index: int, default: int, inclusive: bool = False, whole: bool = False) -> Problem | None:
    """An ``axis`` attribute in [-r, r-1] (``inclusive``: [-r, r]) of operand ``index``'s rank r."""
    if whole and not all_ranked(op):
        return None
    r = _rank(op, index)
    if r is None:
        return None
    axis = attr_int(op, "axis", default)
    if axis is None:
        return None
    high = r if inclusive else r - 1
    if axis < -r or axis > high:
        return out_of_range(op, "axis", axis, -r, high)
    return None


def axis_first(op: Operation) -> Problem | None:
    """``ONNXGatherOp``, ``ONNXArgMaxOp``, ``ONNXArgMinOp::verify``: ``axis`` (default 0) in [-r, r-1]."""
    return axis_in(op, 0, 0, whole=True)


def split(op: Operation) -> Problem | None:
    return axis_in(op, 0, 0)


def flatten(op: Operation) -> Problem | None:
    return axis_in(op, 0, 1, inclusive=True)


def axis_last(op: Operation) -> Problem | None:
    """``ONNXSoftmaxOp``, ``ONNXHardmaxOp``, ``ONNXLogSoftmaxOp::verify``: ``axis`` (default -1) in [-r, r-1]."""
    return axis_in(op, 0, -1)


def gather_elements(op: Operation) -> Problem | None:
    if not all_ranked(op) or len(op.operands) != 2:
        return None
    data, indices = shape(op.operands[0].type) or (), shape(op.operands[1].type) or ()
    r = len(data)
    if r < 1:
        return bad_rank(op, 0, r, "> 0")
    if len(indices) != r:
        return bad_rank(op, 1, len(indices), str(r))
    return _axis_and_indices(op, data)


def _axis_and_indices(op: Operation, data: tuple[int | None, ...]) -> Problem | None:
    """GatherElements' and ScatterElements' last checks: ``axis`` (default 0) in [-r, r-1], and
    each index of a constant ``indices`` (operand 1) within that axis' size."""
    r = len(data)
    axis = attr_int(op, "axis", 0)
    if axis is None:
        return None
    if axis < -r or axis >= r:
        return out_of_range(op, "axis", axis, -r, r - 1)
    size = data[axis + r if axis < 0 else axis]
    values = constant_ints(op, 1)
    if size is not None and values is not None:
        for v in values:
            if not -size <= v < size:
                return out_of_range(op, "indices", v, -size, size - 1)
    return None


def gather_nd(op: Operation) -> Problem | None:
    if not all_ranked(op) or len(op.operands) != 2:
        return None
    data, indices = shape(op.operands[0].type) or (), shape(op.operands[1].type) or ()
    r, q = len(data), len(indices)
    if r < 1:
        return bad_rank(op, 0, r, "> 0")
    if q < 1:
        return bad_rank(op, 1, q, "> 0")
    b = attr_int(op, "batch_dims", 0)
    if b is None:
        return None
    last = indices[-1]
    low = min(r, q)
    if b >= low:
        return out_of_range(op, "batch_dims", b, 0, low - 1)
    for i in range(b):
        if indices[i] is not None and data[i] is not None and indices[i] != data[i]:
            return bad_dim(op, 1, i, indices[i], str(data[i]))
    if last == 0:
        return bad_dim(op, 1, q - 1, 0, ">= 1")
    if last is not None and last > r - b:
        return bad_dim(op, 1, q - 1, last, f"<= {r - b}")
    values = constant_ints(op, 1)
    if values is not None and last is not None and last > 0:
        for flat, v in enumerate(values):
            size = data[b + flat % last]
            if size is not None and not -size <= v <= size - 1:
                return out_of_range(op, f"indices[{flat}]", v, -size, size - 1)
    return None


def pad(op: Operation) -> Problem | None:
    if len(op.operands) > 2 and not is_none(op.operands[2].type):
        c = op.operands[2].type
        if isinstance(c, ShapedType) and element(c) != element(op.operands[0].type):
            return op_error("pad-element")
    if len(op.operands) > 3 and not is_none(op.operands[3].type):
        return op_error("pad-axes")
    return None


def range_(op: Operation) -> Problem | None:
    if len(op.operands) != 3 or not all_ranked(op):
        return None
    shapes = [shape(u.type) or () for u in op.operands]
    names = ("start", "limit", "delta")
    for n, s in zip(names, shapes, strict=True):
        if len(s) > 1:
            return error("range-rank", which=n)
    for n, s in zip(names, shapes, strict=True):
        if len(s) == 1 and s[0] is not None and s[0] > 1:
            return error("range-size", which=n)
    elements = [element(u.type) for u in op.operands]
    for n, e in zip(names, elements, strict=True):
        if not _int_or_float(e):
            return error("range-type", which=n)
    if len(set(elements)) != 1:
        return error("range-same")
    return None


def _int_or_float(e: str) -> bool:
    if e in ("index",):
        return False
    return e.startswith(("i", "si", "ui", "f", "bf", "tf32"))


def constant_of_shape(op: Operation) -> Problem | None:
    s = shape(op.operands[0].type) if op.operands else None
    if s is None:
        return None
    if len(s) != 1:
        return op_error("cos-rank")
    if s[0] is None:
        return None
    values = constant_ints(op, 0)
    if values is None:
        return None
    if any(v < 0 for v in values[: s[0]]):
        return op_error("cos-negative")
    if len(values) != s[0]:
        return op_error("cos-length")
    return None


def resize(op: Operation) -> Problem | None:
    if len(op.operands) < 4:
        return None
    scales, sizes = op.operands[2].type, op.operands[3].type
    for t in (scales, sizes):
        if isinstance(t, ShapedType) and (t.shape is None or None in t.shape):
            return None
    absent = [is_none(t) or (isinstance(t, ShapedType) and 0 in (t.shape or ())) for t in (scales, sizes)]
    if all(absent):
        return error("resize-absent")
    if not any(absent):
        return error("resize-both")
    return None


# ------------------------------------------------------------------------------------- conv, pools


def _kernel(op: Operation, filter_shape: Sequence[int | None] | None, spatial: int) -> Problem | None:
    kernel = attr_ints(op, "kernel_shape")
    if kernel is None:
        if filter_shape is not None:
            for i in range(spatial):
                if filter_shape[2 + i] == 0:
                    return error("filter-zero")
        return None
    if len(kernel) != spatial:
        return error("kernel-length")
    for i in range(spatial):
        if kernel[i] < 1:
            return error("kernel-positive")
        if filter_shape is not None:
            f = filter_shape[2 + i]
            if f is not None and f != kernel[i]:
                return error("kernel-filter")
    return None


def _window(op: Operation, spatial: int, output_shape: bool = False) -> Problem | None:
    for name in ("strides", "dilations"):
        values = attr_ints(op, name)
        if values is None:
            continue
        if len(values) != spatial:
            return error(f"{name}-length")
        if any(v < 1 for v in values[:spatial]):
            return error(f"{name}-positive")
    auto_pad = attr_str(op, "auto_pad")
    if auto_pad is None and op.attribute("auto_pad") is None:
        auto_pad = "NOTSET"
    if auto_pad not in ("SAME_UPPER", "SAME_LOWER", "VALID", "NOTSET"):
        return error("auto-pad")
    pads = attr_ints(op, "pads")
    if pads is not None:
        if len(pads) != 2 * spatial:
            return error("pads-length")
        if auto_pad == "NOTSET":
            if any(p < 0 for p in pads):
                return error("pads-negative")
        elif any(p != 0 for p in pads):
            return error("pads-notset")
    if output_shape:
        out = attr_ints(op, "output_shape")
        if out is not None:
            if len(out) != spatial:
                return error("output-shape-length")
            if any(v < 1 for v in out):
                return error("strides-positive")
    return None


def _conv_head(op: Operation) -> tuple[Shape | None, Shape, int, int] | Problem | None:
    """What ``Conv`` and ``ConvTranspose`` verify first: ``group`` at least 1, a filter of at
    least one spatial dimension; then (input shape, filter shape, group, spatial rank), or
    ``None`` where something is not known."""
    if len(op.operands) < 2:
        return None
    x, w = shape(op.operands[0].type), shape(op.operands[1].type)
    g = attr_int(op, "group", 1)
    if g is None:
        return None
    if g < 1:
        return op_error("group")
    if w is None:
        return None
    spatial = len(w) - 2
    if spatial < 1:
        return op_error("spatial")
    return x, w, g, spatial


def conv(op: Operation) -> Problem | None:
    found = _conv_head(op)
    if not isinstance(found, tuple):
        return found
    x, w, g, spatial = found
    if w[0] is not None and w[0] % g != 0:
        return op_error("channel-out-groups")
    if x is not None:
        if len(x) - 2 != spatial:
            return op_error("input-filter-rank")
        if x[1] is not None and x[1] % g != 0:
            return op_error("channel-in-groups")
        if x[1] is not None and w[1] is not None and x[1] != w[1] * g:
            return op_error("channel-in")
    if len(op.operands) > 2 and not is_none(op.operands[2].type):
        b = shape(op.operands[2].type)
        if b is not None:
            if len(b) != 1:
                return op_error("bias-rank")
            if b[0] is not None and w[0] is not None and w[0] != b[0]:
                return op_error("bias-conv")
    return _kernel(op, w, spatial) or _window(op, spatial)


def conv_transpose(op: Operation) -> Problem | None:
    found = _conv_head(op)
    if not isinstance(found, tuple):
        return found
    x, w, g, spatial = found
    if x is not None:
        if len(x) - 2 != spatial:
            return op_error("input-filter-rank")
        if x[1] is not None and w[0] is not None and x[1] != w[0]:
            return op_error("channel-in-transpose")
        if op.attribute("output_shape") is not None:
            for i in range(2, len(x)):
                if x[i] is None:
                    return op_error("output-shape-static", i=i)
    if len(op.operands) > 2 and not is_none(op.operands[2].type):
        b = shape(op.operands[2].type)
        if b is not None:
            if len(b) != 1:
                return op_error("bias-rank")
            if b[0] is not None and w[1] is not None and b[0] != w[1] * g:
                return op_error("bias-transpose")
    return _kernel(op, w, spatial) or _window(op, spatial, output_shape=True)


def pool(op: Operation) -> Problem | None:
    kernel = attr_ints(op, "kernel_shape")
    if kernel is None:
        return op_error("kernel-mandatory") if op.attribute("kernel_shape") is None else None
    spatial = len(kernel)
    if spatial < 1:
        return op_error("spatial")
    if op.name == "onnx.MaxPoolSingleOut" and attr_int(op, "storage_order", 0) != 0:
        return op_error("storage-order")
    x = shape(op.operands[0].type) if op.operands else None
    if x is not None and len(x) - 2 != spatial:
        return op_error("input-kernel-rank")
    return _kernel(op, None, spatial) or _window(op, spatial)


def instance_norm(op: Operation) -> Problem | None:
    if len(op.operands) != 3:
        return None
    x = shape(op.operands[0].type)
    if x is None:
        return None
    if len(x) - 2 < 1:
        return op_error("spatial")
    x_element = element(op.operands[0].type)
    for index, name in ((2, "bias"), (1, "scale")):
        s = shape(op.operands[index].type)
        if s is None:
            continue
        if len(s) != 1:
            return op_error(f"{name}-rank")
        if s[0] is not None and x[1] is not None and s[0] != x[1]:
            return op_error(f"{name}-dim")
        if element(op.operands[index].type) != x_element:
            return op_error(f"{name}-element")
    return None


# ------------------------------------------------------------------------------------------ einsum

_PARAMETER = r"[ A-Za-z]*(?:\. *\. *\.[ A-Za-z]*)?"
_EQUATION = rf"({_PARAMETER}(?:,{_PARAMETER})*)(?:- *>({_PARAMETER}))?"


def _einsum_error(equation: str, name: str, **args: object) -> Problem:
    return Problem("BC808", {"detail": f"equation '{equation}': {detail('BC808', name, **args)['detail']}"})


def einsum(op: Operation) -> Problem | None:
    """``ONNXEinsumOp::verify`` with ``einsum::verifyEquation`` and ``einsum::inferSignature``."""
    import re

    equation = attr_str(op, "equation")
    if equation is None:
        return None
    match = re.fullmatch(_EQUATION, equation)
    if match is None:
        return _einsum_error(equation, "syntax")
    count = equation.count(",") + 1
    if count != len(op.operands):
        return _einsum_error(equation, "inputs", count=count, actual=len(op.operands))
    inputs, output = match.group(1), match.group(2)
    if output is not None:
        for p, x in enumerate(output):
            if x >= "A":
                if x in output[p + 1 :]:
                    return _einsum_error(equation, "output-repeated", x=x)
                if x not in inputs:
                    return _einsum_error(equation, "output-missing", x=x)
    first = element(op.operands[0].type)
    if any(element(u.type) != first for u in op.operands):
        return Problem("BC808", detail("BC808", "element"))
    if not all_ranked(op):
        return None
    return _einsum_shapes(op, equation)


def _einsum_shapes(op: Operation, equation: str) -> Problem | None:
    head, _, tail = equation.partition("-")
    if len(head) < len(equation):
        output = tail.lstrip(" >")
    else:
        counts: dict[str, int] = {}
        for x in head:
            if x >= "A":
                counts[x] = counts.get(x, 0) + 1
        output = "..." + "".join(x for x in sorted(counts) if counts[x] == 1)
    ellipsis_rank = -1
    broadcast: dict[str, int] = {}
    dynamic: set[str] = set()
    for term, use in zip(head.split(","), op.operands, strict=True):
        s = shape(use.type) or ()
        rank = len(s)
        letters = len(term) - term.count(" ") - term.count(".")
        if "." not in term:
            if rank != letters:
                return _einsum_error(equation, "rank", letters=letters, rank=rank)
        else:
            if rank < letters:
                return _einsum_error(equation, "rank-exceeds", letters=letters, rank=rank)
            this = rank - letters
            if this > 10:
                return _einsum_error(equation, "ellipsis-max")
            if ellipsis_rank == -1:
                ellipsis_rank = this
            elif ellipsis_rank != this:
                return _einsum_error(equation, "ellipsis-disagree", a=ellipsis_rank, b=this)
        subscripts = _subscripts(term, rank)
        dims: dict[str, int] = {}
        for d, c in zip(s, subscripts, strict=True):
            if d is None:
                dynamic.add(c)
                continue
            d0 = dims.setdefault(c, d)
            if d0 != d:
                return _einsum_error(equation, "same-input", s=c, d0=d0, d=d)
        for c, d in reversed(dims.items()):  # libstdc++'s unordered_map: newest first
            if d != 1:
                d0 = broadcast.setdefault(c, d)
                if d0 != d:
                    return _einsum_error(equation, "conflict", s=c, d0=d0, d=d)
    if ellipsis_rank == -1:
        ellipsis_rank = 0
    if ellipsis_rank != 0 and "." not in output:
        return _einsum_error(equation, "output-ellipsis", rank=ellipsis_rank)
    return None


def _subscripts(term: str, rank: int) -> list[str]:
    prefix, dot, suffix = term.partition(".")
    out = [c for c in prefix if c != " "]
    if dot:
        rest = [c for c in suffix.lstrip(" .") if c != " "]
        out += [str(axis) for axis in range(rank - len(out) - len(rest))] + rest
    return out


# ---------------------------------------------------------------------------------- scatter, topk


def scatter_elements(op: Operation) -> Problem | None:
    """``ONNXScatterElementsOp::verify``: data, indices and updates of one rank r >= 1, ``axis`` in
    [-r, r-1], a constant index within the axis' size."""
    if not all_ranked(op) or len(op.operands) != 3:
        return None
    data = shape(op.operands[0].type) or ()
    r = len(data)
    if r < 1:
        return bad_rank(op, 0, r, "> 0")
    for index in (1, 2):
        q = _rank(op, index)
        if q != r:
            return bad_rank(op, index, q or 0, str(r))
    return _axis_and_indices(op, data)


def scatter_nd(op: Operation) -> Problem | None:
    """``ONNXScatterNDOp::verify``: data and indices of rank >= 1; updates of rank r + q - k - 1 (k the
    indices' last dimension, at most r); updates' sizes those of indices, then of data."""
    if not all_ranked(op) or len(op.operands) != 3:
        return None
    data, indices, updates = (shape(u.type) or () for u in op.operands)
    r, q, u = len(data), len(indices), len(updates)
    if r < 1:
        return bad_rank(op, 0, r, "> 0")
    if q < 1:
        return bad_rank(op, 1, q, "> 0")
    k = indices[-1]
    if k is not None and k > 0:
        if u != r + q - k - 1:
            return bad_rank(op, 2, u, str(r + q - k - 1))
        if k > r:
            return bad_dim(op, 1, q - 1, k, f"<= {r}")
    if None in indices or None in updates:
        return None
    for i in range(q - 1):
        if i >= u:
            return None  # (onnx-mlir asserts here)
        if updates[i] != indices[i]:
            return bad_dim(op, 2, i, updates[i], str(indices[i]))
    if None in data:
        return None
    assert k is not None
    for i, j in zip(range(k, r), range(q - 1, u), strict=False):
        if updates[j] != data[i]:
            return bad_dim(op, 2, j, updates[j], str(data[i]))
    return None


def topk(op: Operation) -> Problem | None:
    """``ONNXTopKOp::verify``: K of rank 0 or 1, ``axis`` in [-r, r-1] of X's rank r."""
    k = _rank(op, 1)
    if k is not None and k > 1:
        return bad_rank(op, 1, k, "< 2")
    return axis_in(op, 0, -1)


# ------------------------------------------------------------------------------ element types


def _float(e: str) -> bool:
    """``isa<FloatType>``."""
    return e in ("bf16", "tf32") or (e.startswith("f") and e[1:2].isdigit())


def _integer(e: str) -> bool:
    """``isa<IntegerType>`` (not ``index``)."""
    return e.lstrip("su").startswith("i") and e.lstrip("su")[1:].isdigit()


def mod(op: Operation) -> Problem | None:
    """``ONNXModOp::verify``: ``fmod`` 1 for floating-point inputs, 0 for integers."""
    if not op.operands or not isinstance(op.operands[0].type, ShapedType):
        return None
    e = element(op.operands[0].type)
    fmod = attr_int(op, "fmod", 0)
    if _float(e) and fmod != 1:
        return op_error("fmod-float")
    if _integer(e) and fmod != 0:
        return op_error("fmod-integer")
    return None


def _builtin(text: str) -> bool:
    """A builtin type's text (``f16``, ``i64``, ``tensor<...>``): not an alias or a dialect's type,
    whose spellings vary."""
    return "!" not in text and "#" not in text


def cast(op: Operation) -> Problem | None:
    """``ONNXCastOp::verify``: the result's element type is ``to``."""
    to = op.attribute("to")
    if to is None or not op.results or not _builtin(to.text) or not _builtin(str(op.results[0].type)):
        return None
    if element(op.results[0].type) != "".join(to.text.split()):
        return op_error("cast-to")
    return None


def cast_like(op: Operation) -> Problem | None:
    """``ONNXCastLikeOp::verify``: the result's element type is the target's."""
    if len(op.operands) != 2 or not op.results:
        return None
    result, target = op.results[0].type, op.operands[1].type
    if not (_builtin(str(result)) and _builtin(str(target))):
        return None
    if element(result) != element(target):
        return op_error("cast-like")
    return None


def prelu(op: Operation) -> Problem | None:
    """``ONNXPReluOp::verify``: the slope of no higher rank than X."""
    x, slope = _rank(op, 0), _rank(op, 1)
    if x is not None and slope is not None and slope > x:
        return error("slope")
    return None


# ---------------------------------------------------------------------------------- MatMulInteger


def _same_rank(op: Operation, a: str, ra: int, b: str, rb: int) -> Problem:
    return Problem("BC809", {"opname": op.name, "a": a, "ra": ra, "b": b, "rb": rb})


def _same_dim(op: Operation, a: str, i: int, da: int, b: str, db: int) -> Problem:
    return Problem("BC810", {"opname": op.name, "a": a, "i": i, "da": da, "b": b, "db": db})


def matmul_integer(op: Operation) -> Problem | None:
    """``ONNXMatMulIntegerOp::verify``: each zero point either a vector (of size 1, or with a
    matrix), or of its matrix's rank, matching it but in the broadcast (A's last, B's K) dimension,
    where it is 1."""
    if not all_ranked(op) or len(op.operands) != 4:
        return None
    for matrix, point, name, point_name in ((0, 2, "A", "aZeroPoint"), (1, 3, "B", "bZeroPoint")):
        m, p = shape(op.operands[matrix].type) or (), shape(op.operands[point].type) or ()
        if len(p) == 1 and p[0] is not None and p[0] != 1 and len(m) != 2:
            return bad_rank(op, matrix, len(m), "2")
        if len(p) > 1:
            if len(p) != len(m):
                return _same_rank(op, name, len(m), point_name, len(p))
            broadcast = len(m) - 1 if matrix == 0 else len(m) - 2
            for i in range(len(m)):
                if i != broadcast and m[i] is not None and p[i] is not None and m[i] != p[i]:
                    return _same_dim(op, name, i, m[i], point_name, p[i])  # type: ignore[arg-type]
            if p[broadcast] is not None and p[broadcast] != 1:
                return bad_dim(op, point, broadcast, p[broadcast], "1")
    return None


# --------------------------------------------------------------------------- axes, and a few more


def compress(op: Operation) -> Problem | None:
    """``ONNXCompressOp::verify``: ``axis``, if given, in [-r, r-1]; a condition of rank 1."""
    if not all_ranked(op) or len(op.operands) != 2:
        return None
    if op.attribute("axis") is not None:
        problem = axis_in(op, 0, 0)
        if problem is not None:
            return problem
    c = _rank(op, 1)
    if c is not None and c != 1:
        return out_of_range(op, "condition", c, 1, 1)
    return None


def unique(op: Operation) -> Problem | None:
    """``ONNXUniqueOp::verify``: ``sorted`` 0 or 1; ``axis``, if given, in [-r, r-1]."""
    sorted_ = attr_int(op, "sorted")
    if sorted_ is not None and not 0 <= sorted_ <= 1:
        return out_of_range(op, "sorted", sorted_, 0, 1)
    if op.attribute("axis") is not None:
        return axis_in(op, 0, 0)
    return None


def depth_to_space(op: Operation) -> Problem | None:
    """``ONNXDepthToSpaceOp::verify``: a 4-d input, its channels divisible by blocksize squared."""
    x = shape(op.operands[0].type) if op.operands else None
    if x is None:
        return None
    if len(x) != 4:
        return op_error("d2s-rank")
    b = attr_int(op, "blocksize")
    if b is None:
        return None
    if b < 0:
        return op_error("d2s-blocksize")
    if x[1] is not None and (b == 0 or x[1] % (b * b) != 0):
        return op_error("d2s-depth") if b else None  # (C % 0: undefined in C++; not judged)
    mode = attr_str(op, "mode")
    if mode is None and op.attribute("mode") is None:
        mode = "DCR"
    if mode not in ("DCR", "CRD"):
        return op_error("d2s-mode")
    return None


def space_to_depth(op: Operation) -> Problem | None:
    """``ONNXSpaceToDepthOp::verify``: a 4-d input, a blocksize not negative dividing its height and
    width where known."""
    x = shape(op.operands[0].type) if op.operands else None
    if x is None:
        return None
    if len(x) != 4:
        return op_error("d2s-rank")
    b = attr_int(op, "blocksize")
    if b is None:
        return None
    if b < 0:
        return op_error("d2s-blocksize")
    if b == 0:
        return None  # (H % 0: undefined in C++; not judged)
    for name, d in (("height", x[2]), ("width", x[3])):
        if d is not None and d % b:
            return Problem("BC1500", {"dim": name})
    return None


def split_to_sequence(op: Operation) -> Problem | None:
    """``ONNXSplitToSequenceOp::verify``: ``axis`` in [-r, r-1]; without a split, ``keepdims`` 0 or 1;
    else a split of rank 0 or 1, a constant one positive (a scalar) or of entries not negative adding up
    to the axis' size where known."""
    x = shape(op.operands[0].type) if op.operands else None
    if x is None:
        return None
    r = len(x)
    axis = attr_int(op, "axis", 0)
    if axis is None:
        return None
    if axis < -r or axis >= r:
        return out_of_range(op, "axis", axis, -r, r - 1)
    axis += r if axis < 0 else 0
    if len(op.operands) < 2 or is_none(op.operands[1].type):
        keep = attr_int(op, "keepdims", 1)
        if keep is not None and not 0 <= keep <= 1:
            return out_of_range(op, "keepdims", keep, 0, 1)
        return None
    split = shape(op.operands[1].type)
    if split is None:
        return None
    if len(split) > 1:
        return Problem("BC1512", {"rank": len(split)})
    values = constant_ints(op, 1)
    if values is None or not values:
        return None
    if not split:
        return Problem("BC1513", {"value": values[0]}) if values[0] <= 0 else None
    for v in values:
        if v < 0:
            return Problem("BC1514", {"value": v})
    if x[axis] is not None and x[axis] != sum(values):
        return Problem("BC1515", {"sum": sum(values), "size": x[axis]})
    return None


def _seq_element(t: Type) -> str | None:
    """The element type of the tensor type a ``!onnx.Seq<...>`` holds (``None`` if unread)."""
    from broadcheck.syntax.problem import SyntaxProblem
    from broadcheck.syntax.types import read_type

    text = "".join(str(t).split())
    if not text.startswith("!onnx.Seq<") or not text.endswith(">"):
        return None
    try:
        inner = read_type(text[len("!onnx.Seq<") : -1])
    except SyntaxProblem:  # (`!onnx.Seq<(i32) -> i32>`: no tensor type inside, read as unknown)
        return None
    return element(inner) if isinstance(inner, ShapedType) else None


def sequence_insert(op: Operation) -> Problem | None:
    """``ONNXSequenceInsertOp::verify``: the inserted tensor's element type is the sequence's."""
    if len(op.operands) < 2:
        return None
    held, inserted = _seq_element(op.operands[0].type), op.operands[1].type
    if held is None or not isinstance(inserted, ShapedType):
        return None
    return Problem("BC1516") if held != element(inserted) else None


def sequence_empty(op: Operation) -> Problem | None:
    """``ONNXSequenceEmptyOp::verify``: ``dtype`` (a TensorProto number, f32 when absent) is the
    element type of the result's tensors."""
    from broadcheck.dialects.onnx.tail import ONNX_DTYPES

    if len(op.results) != 1:
        return None
    held = _seq_element(op.results[0].type)
    dtype = attr_int(op, "dtype", 1)
    if held is None or dtype is None:
        return None
    names = {number: name for name, number in ONNX_DTYPES.items()}
    if dtype not in names or held not in ONNX_DTYPES:
        return None  # (a type ONNX has no number for: not judged)
    return Problem("BC1517") if names[dtype] != held else None


def one_hot(op: Operation) -> Problem | None:
    """``ONNXOneHotOp::verify``: ``axis`` in [-r-1, r] of ranked indices; values a 1-d tensor of 2 (where
    known); depth of rank 0, or 1 with one element (where known)."""
    if len(op.operands) < 3:
        return None
    indices, depth, values = (shape(u.type) for u in op.operands[:3])
    if indices is not None:
        r = len(indices)
        axis = attr_int(op, "axis", -1)
        if axis is not None and not 0 <= (axis + r + 1 if axis < 0 else axis) <= r:
            return Problem("BC1520")
    if values is not None:
        if len(values) != 1:
            return Problem("BC1521")
        if values[0] is not None and values[0] != 2:
            return Problem("BC1522")
    if depth is not None:
        if len(depth) == 1 and depth[0] is not None and depth[0] != 1:
            return Problem("BC1523")
        if len(depth) > 1:
            return Problem("BC1524")
    return None


def layout_transform(op: Operation) -> Problem | None:
    """``ONNXLayoutTransformOp::verify``: ranked data and output agree size by size, up to the first
    unknown size of either (where it stops, as the C++ loop returns there); an output of lower rank than
    the data (which the loop would read past) is not judged."""
    if not op.operands or not op.results:
        return None
    data, out = shape(op.operands[0].type), shape(op.results[0].type)
    if data is None or out is None or len(out) < len(data):
        return None
    for a, b in zip(data, out, strict=False):
        if a is None or b is None:
            return None
        if a != b:
            return Problem("BC1525")
    return None


def _clamped(axis: int, rank: int) -> int:
    """onnx-mlir's ``normalizeClampedPerSpec``."""
    if axis < 0:
        axis += rank
    return min(max(axis, 0), rank)


def shape_op(op: Operation) -> Problem | None:
    """``ONNXShapeOp::verify``: ``start`` not after ``end``, both counted from the back when
    negative and clamped to [0, r]."""
    r = _rank(op, 0)
    if r is None:
        return None
    start, end = attr_int(op, "start", 0), attr_int(op, "end", r)
    if start is None or end is None:
        return None
    start, end = _clamped(start, r), _clamped(end, r)
    if start > end:
        return op_error("shape-start", start=start, end=end)
    return None


def dim(op: Operation) -> Problem | None:
    """``ONNXDimOp::verify``: a ranked input, ``axis`` in [0, r-1]."""
    if not op.operands:
        return None
    r = _rank(op, 0)
    if r is None:
        return op_error("dim-ranked") if isinstance(op.operands[0].type, ShapedType) else None
    axis = attr_int(op, "axis", 0)
    if axis is not None and not 0 <= axis < r:
        return op_error("dim-axis", axis=axis, high=r - 1)
    return None


def grid_sample(op: Operation) -> Problem | None:
    """``ONNXGridSampleOp::verify``: its attributes' values, then the input and grid (N, C, D1...)
    and (N, D1_out..., r) of one rank and batch."""
    if attr_int(op, "align_corners", 0) not in (0, 1):
        return op_error("grid-align")
    mode = attr_str(op, "mode")
    if (mode is not None or op.attribute("mode") is None) and (mode or "linear") not in (
        "linear", "bilinear", "trilinear", "nearest", "cubic",
    ):  # fmt: skip
        return op_error("grid-mode")
    padding = attr_str(op, "padding_mode")
    if (padding is not None or op.attribute("padding_mode") is None) and (padding or "zeros") not in (
        "zeros", "border", "reflection",
    ):  # fmt: skip
        return op_error("grid-padding")
    if not all_ranked(op) or len(op.operands) != 2:
        return None
    x, grid = shape(op.operands[0].type) or (), shape(op.operands[1].type) or ()
    if len(x) != len(grid):
        return op_error("grid-rank", x=len(x), grid=len(grid))
    if not x:
        return None  # (onnx-mlir reads shape[0] of two 0-d types here)
    if x[0] != grid[0]:  # a dynamic size differs from a static one there
        return op_error("grid-batch")
    if grid[-1] is not None and grid[-1] != len(x) - 2:
        return op_error("grid-last", r=len(x) - 2, last=grid[-1])
    return None


def _scalar_length(t: Type) -> int | None:
    """``nonScalar1DLen``: a 1-d static length other than 1; ``None`` otherwise."""
    s = shape(t)
    return s[0] if s is not None and len(s) == 1 and s[0] is not None and s[0] != 1 else None


def dequantize_linear(op: Operation) -> Problem | None:
    """``ONNXDequantizeLinearOp::verify``: x_scale and x_zero_point scalars or one 1-d shape, a
    zero int32 zero point, and a per-axis length that is the input's at ``axis``."""
    if len(op.operands) < 2:
        return None
    scale = op.operands[1].type
    scale_shape = shape(scale)
    if scale_shape is not None and len(scale_shape) > 1:
        return op_error("dq-scale")
    scale_len = _scalar_length(scale)
    zero_len = None
    if len(op.operands) > 2 and not is_none(op.operands[2].type):
        zero = op.operands[2].type
        zero_shape = shape(zero)
        if zero_shape is not None:
            if len(zero_shape) > 1:
                return op_error("dq-zero")
            zero_len = _scalar_length(zero)
            if scale_shape is not None:
                scalar_scale = len(scale_shape) == 0 or scale_shape == (1,)
                scalar_zero = len(zero_shape) == 0 or zero_shape == (1,)
                if (
                    (scalar_scale and scale_len is not None)
                    or (zero_len is not None and scalar_zero)
                    or (zero_len is not None and scale_len is not None and zero_len != scale_len)
                ):
                    return op_error("dq-same")
        if element(zero).lstrip("su") == "i32" and zero_len != 0:
            values = constant_ints(op, 2)
            if values is not None and any(v != 0 for v in values):
                return op_error("dq-int32")
    if scale_len is None and zero_len is None:
        return None
    d = scale_len if scale_len is not None else zero_len
    x = shape(op.operands[0].type)
    if x is None:
        return None
    r = len(x)
    a = attr_int(op, "axis", 1)
    if a is None:
        return None
    if a < -r or a >= r:
        return out_of_range(op, "axis", a, -r, r - 1)
    if x[a + r if a < 0 else a] is not None and x[a + r if a < 0 else a] != d:
        return op_error("dq-axis")
    return None


# ------------------------------------------------------------------------------------ dtype results

DTYPES = {
    1: "f32", 2: "ui8", 3: "i8", 4: "ui16", 5: "i16", 6: "i32", 7: "i64", 9: "i1", 10: "f16", 11: "f64",
    12: "ui32", 13: "ui64", 16: "bf16", 17: "f8E4M3FN", 18: "f8E4M3FNUZ", 19: "f8E5M2", 20: "f8E5M2FNUZ",
    21: "ui4", 22: "i4",
}  # fmt: skip
"""onnx-mlir's ``convertONNXTypeToMLIRType``: an ONNX ``TensorProto`` data type -> its MLIR type (the
builtin ones)."""


def dtype_result(op: Operation) -> Problem | None:
    """``verifyResultElementTypeEqualsDtype`` (RandomNormal, RandomUniform: ``dtype``, default 1)
    and ``...WithFallBackToInputType`` (the ``Like`` ops, Bernoulli, EyeLike: ``dtype``, else the
    input's element type): the result's element type is that one."""
    if len(op.results) != 1 or not isinstance(op.results[0].type, ShapedType):
        return None
    like = bool(op.operands)
    dtype = attr_int(op, "dtype", None if like else 1)
    if dtype is None:
        if op.attribute("dtype") is not None or not like or not isinstance(op.operands[0].type, ShapedType):
            return None
        expected = element(op.operands[0].type)
    elif dtype in DTYPES:
        expected = DTYPES[dtype]
    else:
        return None
    actual = element(op.results[0].type)
    if not _builtin(actual) or actual == expected:
        return None
    return op_error("dtype-like" if like else "dtype", actual=actual, expected=expected)


# ---------------------------------------------------------------------------------------- regions


def _if_compatible(result: Type, branch: Type) -> bool | None:
    """``areCompatibleIfTypes``: tensors of one element type, or sequences (optionals) of compatible
    types; ``None`` where broadcheck cannot tell (an alias, a type it does not read)."""
    from broadcheck.dialects.onnx.constraints import container

    if isinstance(result, ShapedType):
        if isinstance(branch, ShapedType):
            if not _builtin(str(result)) or not _builtin(str(branch)):
                return None
            return element(result) == element(branch)
        return None if container(branch) is None and str(branch).startswith("!") else False
    kind = container(result)
    if kind is None:
        return None
    other = container(branch)
    if other is None:
        return None if str(branch).startswith("!") and not str(branch).startswith("!onnx.") else False
    if other[0] != kind[0]:
        return False
    if kind[1] is None or other[1] is None:
        return None
    return _if_compatible(kind[1], other[1])


def if_(op: Operation) -> Problem | None:
    """``ONNXIfOp::verify``: each branch yields as many values as the op has results, each compatible
    with its result (``areCompatibleIfTypes``: a tensor's element type; a sequence's or optional's, in
    turn). onnx-mlir reports every branch that disagrees; broadcheck the first."""
    if len(op.regions) != 2:
        return None
    n = len(op.results)
    for region, branch in zip(op.regions, ("then", "else"), strict=True):
        if not region.terminator:
            return None
        if len(region.yields) != n:
            return op_error("if-count", branch=branch, count=len(region.yields), n=n)
    for i, use in enumerate(op.results):
        for region, branch in zip(op.regions, ("then", "else"), strict=True):
            if _if_compatible(use.type, region.yields[i]) is False:
                return op_error("if-type", branch=branch, i=i + 1, n=n)
    return None
