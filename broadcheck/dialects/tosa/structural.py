"""TOSA 1.0's structural ops (convolutions, pools, matmul, data layout, reductions, gather and
scatter, rfft2d, const), as the TOSA dialect of iree-base-compiler 3.13 verifies them: the
operand count, the ODS type constraints, ``verify()``, then the check of the inferred result
type (``InferTypeOpInterface``: ``inferred type(s) ... are incompatible ...``), in its words.

Attributes are read in either form (``pad([0, 0, 0, 0])`` or ``pad = array<i64: ...>``);
shape operands (``!tosa.shape<N>``) through the literal of the ``tosa.const_shape`` that
defines them, when the engine knows it. What broadcheck cannot read is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from math import prod

from broadcheck.dialects.literal import value_type
from broadcheck.dialects.op import family
from broadcheck.dialects.shaped import element_of, is_float, is_int, view_text
from broadcheck.dialects.tosa.table import td_ops
from broadcheck.ops import Dim, Operation, Shape, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.mlir import IncompatibleDims, infer_shape
from broadcheck.semantics.tosa import (
    SCALAR_INT_OR_FLOAT,
    Constraint,
    Element,
    conforms,
    element,
    type_text,
)
from broadcheck.syntax.attributes import Dense, ints, value

# ---------------------------------------------------------------- constraints


def _number(e: Element) -> bool:
    if e.kind == "int":
        return e.signedness != "signed"
    if e.kind == "quant":
        return e.width in (4, 8, 16, 32)
    return e.kind in ("float", "mxint8")


class Rank:
    """An ODS constraint of a TOSA tensor: its words, element types, and rank rule."""

    def __init__(self, summary: str, accepts: Callable[[Element], bool] = _number, rank: int = -1, least: int = 0):
        self.summary, self.base, self.rank, self.least = summary, Constraint(summary, accepts), rank, least

    def __call__(self, t: Type) -> bool:
        if not conforms(t, self.base):
            return False
        if not isinstance(t, ShapedType) or t.shape is None:
            return True
        if self.rank >= 0 and len(t.shape) != self.rank:
            return False
        return len(t.shape) >= self.least


T1 = Rank("1D tosa-conformant tensor of number values", rank=1)
T3 = Rank("3D tosa-conformant tensor of number values", rank=3)
T4 = Rank("4D tosa-conformant tensor of number values", rank=4)
T5 = Rank("5D tosa-conformant tensor of number values", rank=5)
ANY = Rank("tosa-conformant tensor of number values")
LEAST1 = Rank("tosa-conformant tensor of at least rank 1 of number values", least=1)
LEAST2 = Rank("tosa-conformant tensor of at least rank 2 of number values", least=2)
INDICES = Rank(
    "2D tosa-conformant tensor of 32-bit signless integer or 64-bit signless integer values",
    lambda e: e.text in ("i32", "i64"),
    rank=2,
)


class _Scalar:
    summary = SCALAR_INT_OR_FLOAT.summary

    def __call__(self, t: Type) -> bool:
        return conforms(t, SCALAR_INT_OR_FLOAT)


ZP = _Scalar()


class _ScalarNumber:
    summary = "tosa-conformant scalar tensor of number values"
    base = Constraint(summary, _number, "scalar")

    def __call__(self, t: Type) -> bool:
        return conforms(t, self.base)


SCALAR_NUMBER = _ScalarNumber()


def _shape_type(t: Type) -> bool:
    return str(t).replace(" ", "").startswith("!tosa.shape<")


class _ShapeOperand:
    summary = "Shape with static rank and Index element type"

    def __call__(self, t: Type) -> bool:
        return _shape_type(t)


SHAPE = _ShapeOperand()

Check = Callable[[Type], bool]


def _types(op: Operation, operands: Sequence[Check | None], results: Sequence[Check | None]) -> Problem | None:
    for kind, uses, rules in (("operand", op.operands, operands), ("result", op.results, results)):
        for index, (use, rule) in enumerate(zip(uses, rules, strict=False)):
            if rule is not None and not rule(use.type):
                summary = getattr(rule, "summary", "")
                args = {"kind": kind, "index": index, "constraint": summary, "type": type_text(use.type)}
                return Problem("BC204", args, Subject("operand" if kind == "operand" else "result", index))
    return None


def _count(op: Operation, operands: int, results: int = 1) -> Problem | None:
    if len(op.results) != results:
        return Problem("BC107") if results == 1 else Problem("BC220", {"expected": results})
    if len(op.operands) != operands:
        if operands == 1:
            return Problem("BC208")
        return Problem("BC207", {"expected": operands, "count": len(op.operands)})
    return None


# ---------------------------------------------------------------- reading values


class _Unread(Exception):
    """An attribute or type broadcheck cannot read: the op is not judged."""


def _attr_ints(op: Operation, name: str, length: int | None = None) -> list[int]:
    attr = op.attribute(name)
    found = None if attr is None else ints(attr.text)
    if found is None or (length is not None and len(found) != length):
        raise _Unread
    return list(found)


def _attr_int(op: Operation, name: str) -> int:
    attr = op.attribute(name)
    found = None if attr is None else value(attr.text)
    if isinstance(found, list) and len(found) == 1:
        found = found[0]
    if not isinstance(found, int) or isinstance(found, bool):
        raise _Unread
    return found


def shape_values(literal: str | None) -> list[int] | None:
    """The values of a ``tosa.const_shape`` literal (``dense<[1, 2]> : tensor<2xindex>``;
    a splat ``dense<0> : tensor<4xindex>`` gives four zeros)."""
    if literal is None:
        return None
    found = value(literal)
    if not isinstance(found, Dense):
        return None
    values = found.values
    if values is None or (isinstance(values, int) and not isinstance(values, bool)):
        from broadcheck.dialects.shaped import view_text

        v = view_text(found.type)
        if values is None:  # ``dense<> : tensor<0xindex>``, the shape of a rank-0 tensor
            return [] if v is not None and v.shape == (0,) else None
        if v is None or v.shape is None or len(v.shape) != 1 or v.shape[0] is None:
            return None
        return [values] * v.shape[0]
    listed = ints(literal)
    return None if listed is None else list(listed)


def _tensor(t: Type) -> ShapedType | None:
    return t if isinstance(t, ShapedType) and t.kind == "tensor" else None


def _shape(t: Type) -> Shape | None:
    s = _tensor(t)
    return None if s is None else s.shape


def _e(t: Type) -> Element:
    return element(t.element) if isinstance(t, ShapedType) else Element("unknown", str(t))


def _infers(
    infer: Callable[[Operation], Shape | None],
) -> Callable[[Callable[[Operation, Profile], Problem | None]], Callable[[Operation, Profile], Problem | None]]:
    """A check whose rejection of its result's sizes carries the result type ``infer`` gives from
    the operands (when it gives every size) as ``Problem.expected``: what ``refine`` writes."""

    def wrap(check: Callable[[Operation, Profile], Problem | None]) -> Callable[[Operation, Profile], Problem | None]:
        def checked(op: Operation, profile: Profile) -> Problem | None:
            found = check(op, profile)
            if found is None or found.expected is not None or found.subject != Subject("result", 0):
                return found
            out = _tensor(op.results[0].type) if op.results else None
            try:
                shape = infer(op)
            except (_Unread, IndexError):
                return found
            if out is None or shape is None or None in shape or shape == out.shape:
                return found
            expected = ShapedType("tensor", shape, out.element, out.encoding)
            return Problem(found.code, found.args, found.subject, found.inferred, expected, found.notes, found.span)

        checked.__doc__ = check.__doc__
        return checked

    return wrap


def _transposed(op: Operation) -> Shape | None:
    si = _shape(op.operands[0].type)
    return None if si is None else tuple(si[p] for p in _attr_ints(op, "perms"))


def _concatenated(op: Operation) -> Shape | None:
    shapes = [_shape(u.type) for u in op.operands]
    axis = _attr_int(op, "axis")
    if not shapes or any(s is None for s in shapes):
        return None
    first = shapes[0]
    assert first is not None
    sizes = [s[axis] for s in shapes if s is not None]
    total = None if None in sizes else sum(d for d in sizes if d is not None)
    return (*first[:axis], total, *first[axis + 1 :])


def _reduced(op: Operation) -> Shape | None:
    si = _shape(op.operands[0].type)
    axis = _attr_int(op, "axis")
    return None if si is None else tuple(1 if i == axis else d for i, d in enumerate(si))


def _argmaxed(op: Operation) -> Shape | None:
    si = _shape(op.operands[0].type)
    axis = _attr_int(op, "axis")
    return None if si is None else tuple(d for i, d in enumerate(si) if i != axis)


def _padded(op: Operation) -> Shape | None:
    si, padding = _shape(op.operands[0].type), shape_values(op.constant(1))
    if si is None or padding is None or len(padding) != 2 * len(si):
        return None
    lows, highs = padding[0::2], padding[1::2]
    return tuple(
        None if d is None or lo == -1 or hi == -1 else d + lo + hi for d, lo, hi in zip(si, lows, highs, strict=True)
    )


def _windowed(size: Dim, kernel: Dim, pad: tuple[int, int], stride: int, dilation: int = 1) -> Dim:
    """An output size of a convolution or pool window (TOSA's inference), ``None`` when unknown."""
    if size is None or kernel is None:
        return None
    return (size - 1 + pad[0] + pad[1] - (kernel - 1) * dilation) // stride + 1


def _convolved(op: Operation) -> Shape | None:
    """``tosa.conv2d``'s inferred shape: the input's batch, the windows, the weight's (else the bias's) channels."""
    if op.name != "tosa.conv2d":
        return None
    si, sw, sb = _shape(op.operands[0].type), _shape(op.operands[1].type), _shape(op.operands[2].type)
    pad, stride, dilation = _attr_ints(op, "pad", 4), _attr_ints(op, "stride", 2), _attr_ints(op, "dilation", 2)
    if si is None or sw is None or len(si) != 4 or len(sw) != 4:
        return None
    channels = sw[0] if sw[0] is not None else (sb[0] if sb is not None and sb[0] != 1 else None)
    spatial = tuple(
        _windowed(si[k + 1], sw[k + 1], (pad[2 * k], pad[2 * k + 1]), stride[k], dilation[k]) for k in range(2)
    )
    return (si[0], *spatial, channels)


def _pooled(op: Operation) -> Shape | None:
    """``tosa.max_pool2d``/``avg_pool2d``'s inferred shape."""
    si = _shape(op.operands[0].type)
    kernel, stride, pad = _attr_ints(op, "kernel", 2), _attr_ints(op, "stride", 2), _attr_ints(op, "pad", 4)
    if si is None or len(si) != 4:
        return None
    spatial = tuple(
        None if si[k + 1] is None else (si[k + 1] + pad[2 * k] + pad[2 * k + 1] - kernel[k]) // stride[k] + 1  # type: ignore[operator]
        for k in range(2)
    )
    return (si[0], *spatial, si[3])


def _storage(t: Type) -> Element:
    """TOSA's ``getStorageElementTypeOrSelf``: a quantized type's storage type (any kind)."""
    e = _e(t)
    return element(e.storage) if e.kind == "quant" and e.storage else e


def _listed(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def _sizes(shape: Sequence[Dim]) -> str:
    """A shape as TOSA prints an ``ArrayRef<int64_t>``: ``?`` is kDynamic's value."""
    return ", ".join(str(_DYNAMIC if d is None else d) for d in shape)


def _dims(shape: Sequence[Dim]) -> str:
    return ", ".join("?" if d is None else str(d) for d in shape)


def _same_elements(a: Type, b: Type, names: tuple[str, str], subject: Subject) -> Problem | None:
    """TOSA's ``verifySameElementTypes``."""
    ea, eb = _e(a), _e(b)
    if not (ea.known and eb.known) or ea.text == eb.text:
        return None
    if not all(e.kind in ("int", "float") or e.uniform for e in (ea, eb)):
        return None
    return Problem("BC209", {"a": names[0], "b": names[1], "x": ea.text, "y": eb.text}, subject)


def _incompatible(inferred: ShapedType, actual: Type) -> Problem | None:
    """``InferTypeOpInterface``'s check: the result's element type and shape against the inferred."""
    result = _tensor(actual)
    if result is None:
        return None
    ei, er = element(inferred.element), _e(result)
    same_element = not (ei.known and er.known) or ei.text == er.text
    compatible = (
        inferred.shape is None
        or result.shape is None
        or (
            len(inferred.shape) == len(result.shape)
            and all(a is None or b is None or a == b for a, b in zip(inferred.shape, result.shape, strict=True))
        )
    )
    if same_element and compatible:
        return None
    args = {"inferred": type_text(inferred), "actual": type_text(result)}
    return Problem("BC255", args, Subject("result", 0))


# ---------------------------------------------------------------- convolutions


_FP8 = ("f8E5M2", "f8E4M3FN")
_DYNAMIC = -9223372036854775808


def _conv_elements(op: Operation) -> Problem | None:
    """``verifyConvOp``: element types of the input, weight, bias, result and zero points."""
    inp, weight, bias, input_zp, weight_zp = (u.type for u in op.operands)
    ei, ew, eb, er = _storage(inp), _storage(weight), _storage(bias), _storage(op.results[0].type)
    if not all(e.known for e in (ei, ew, eb, er)):
        return None
    if eb.kind == "float" and er.kind == "float" and eb.text != er.text:
        return Problem("BC234", {"a": eb.text, "b": er.text}, Subject("result", 0))
    # (iree 3.13's order, found by tests/oracle/test_tosa_constraints.py: float-or-not, the zero points, then fp8)
    if (ei.kind == "float") != (ew.kind == "float"):
        return Problem("BC235", {"a": ei.text, "b": ew.text}, Subject("operand", 1))
    for name, e, zp, index in (("input", ei, input_zp, 3), ("weight", ew, weight_zp, 4)):
        ez = _storage(zp)
        if ez.known and ez.text != e.text:
            return Problem("BC216", {"name": name, "x": e.text, "y": ez.text}, Subject("operand", index))
    if (ei.text in _FP8 or ew.text in _FP8) and ei.text != ew.text:
        return Problem("BC236", {"a": ei.text, "b": ew.text}, Subject("operand", 1))
    return _zero_points(op, ("input", 3), ("weight", 4))


_INT8 = re.compile(r"[su]?i8")


def _zero_points(op: Operation, *named: tuple[str, int]) -> Problem | None:
    """``verifyZeroPoint`` of each (name, operand) whose value is a constant (``getZeroPoint``): one that
    is not zero is an error unless its element type is an 8-bit integer (of any signedness)."""
    for name, index in named:
        zp = op.constant(index)
        found = value(zp) if zp is not None else None
        if not isinstance(found, Dense):
            continue
        first = found.values
        while isinstance(first, list) and first:
            first = first[0]
        literal = view_text(found.type)
        if literal is None or isinstance(first, bool) or not isinstance(first, int | float):
            continue
        if is_float(literal.element) and isinstance(first, int) and first != 0:
            continue  # a float written as its bits: not read here
        if not is_float(literal.element) and not (is_int(literal.element) and isinstance(first, int)):
            continue
        if first != 0 and not _INT8.fullmatch(element_of(op.operands[index].type)):
            return Problem("BC1874", {"name": name})
    return None


def _at_least(what: str, values: Sequence[int], bound: int, brackets: bool = False) -> Problem | None:
    if any(v < bound for v in values):
        listed = f"[{_listed(values)}]" if brackets else _listed(values)
        return Problem("BC230", {"what": what, "bound": bound, "values": listed})
    return None


_AXES = (("depth", "d", "front", "back"), ("height", "y", "top", "bottom"), ("width", "x", "left", "right"))


def _conv_output(inp: int | None, kernel: int | None, out: int | None, pad: tuple[int, int], stride: int, dilation: int,
                 names: tuple[str, str, str, str]) -> Problem | None:  # fmt: skip
    if inp is None or kernel is None:
        return None
    numerator = inp - 1 + pad[0] + pad[1] - (kernel - 1) * dilation
    dim, axis, before, after = names
    if numerator % stride:
        args = {"dim": dim, "axis": axis, "before": before, "after": after, "i": inp, "pb": pad[0], "pa": pad[1],
                "k": kernel, "d": dilation, "s": stride}  # fmt: skip
        return Problem("BC231", args)
    calculated = numerator // stride + 1
    if out is not None and out != calculated:
        return Problem("BC232", {"dim": dim, "calculated": calculated, "expected": out}, Subject("result", 0))
    return None


def _bias_channels(op: Operation) -> Problem | None:
    bias, result = _shape(op.operands[2].type), _shape(op.results[0].type)
    if bias is None or result is None or bias[0] is None or result[-1] is None:
        return None
    if bias[0] != result[-1] and bias[0] != 1:
        return Problem("BC233", {"out": result[-1], "bias": bias[0]}, Subject("operand", 2))
    return None


@_infers(_convolved)
def check_conv(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.conv2d``, ``tosa.conv3d``, ``tosa.depthwise_conv2d``."""
    three = op.name == "tosa.conv3d"
    depthwise = op.name == "tosa.depthwise_conv2d"
    problem = _count(op, 5) or _types(op, *declared(op.name))
    if problem:
        return problem
    try:
        spatial = 3 if three else 2
        pad = _attr_ints(op, "pad", 2 * spatial)
        stride = _attr_ints(op, "stride", spatial)
        dilation = _attr_ints(op, "dilation", spatial)
    except _Unread:
        return None
    problem = (
        _conv_elements(op)
        or _at_least("padding", pad, 0)
        or _at_least("stride", stride, 1)
        or _at_least("dilation", dilation, 1)
    )
    if problem:
        return problem
    inp, weight, out = _shape(op.operands[0].type), _shape(op.operands[1].type), _shape(op.results[0].type)
    if out is None:
        return None
    if inp is not None and weight is not None:
        axes = _AXES if three else _AXES[1:]
        for k, names in enumerate(axes):
            kernel = weight[k] if depthwise else weight[k + 1]
            found = _conv_output(inp[k + 1], kernel, out[k + 1], (pad[2 * k], pad[2 * k + 1]), stride[k],
                                 dilation[k], names)  # fmt: skip
            if found:
                return found
    return _bias_channels(op)


def check_transpose_conv(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.transpose_conv2d``."""
    problem = _count(op, 5) or _types(op, *declared(op.name))
    if problem:
        return problem
    try:
        out_pad = _attr_ints(op, "out_pad", 4)
        stride = _attr_ints(op, "stride", 2)
    except _Unread:
        return None
    problem = _conv_elements(op) or _at_least("stride", stride, 1, brackets=True)
    if problem:
        return problem
    inp, weight, out = _shape(op.operands[0].type), _shape(op.operands[1].type), _shape(op.results[0].type)
    kernel: list[int | None] = [None, None]
    if weight is not None:
        kernel = [weight[1], weight[2]]
        for k, (side_a, side_b, name) in enumerate((("top", "bottom", "KH"), ("left", "right", "KW"))):
            size_ = kernel[k]
            if size_ is None:
                continue
            for side, pad in ((side_a, out_pad[2 * k]), (side_b, out_pad[2 * k + 1])):
                if pad <= -size_:
                    return Problem("BC237", {"side": side, "name": name, "pad": pad, "kernel": size_})
    if inp is None or out is None or weight is None:
        return None
    for k, (o, i, axis, a, b, kname) in enumerate(
        (("OH", "IH", "y", "top", "bottom", "KH"), ("OW", "IW", "x", "left", "right", "KW"))
    ):
        isize, osize = inp[k + 1], out[k + 1]
        known = kernel[k]
        ksize = _DYNAMIC if known is None else known  # a `?` kernel size counts as kDynamic
        if isize is None or osize is None:
            continue
        expected = (isize - 1) * stride[k] + out_pad[2 * k] + out_pad[2 * k + 1] + ksize
        if osize != expected:
            args = {"o": o, "i": i, "axis": axis, "a": a, "b": b, "kname": kname, "out": osize, "isize": isize,
                    "stride": stride[k], "pa": out_pad[2 * k], "pb": out_pad[2 * k + 1], "k": ksize}  # fmt: skip
            return Problem("BC238", args, Subject("result", 0))
    return _bias_channels(op)


# ---------------------------------------------------------------- pools


def _pooling(op: Operation, given: tuple[list[int], list[int], list[int]] | None = None) -> Problem | None:
    """``verifyPoolingOp``, on the kernel, stride and pad attributes (or the values ``given``: the
    adaptive pools' shape operands)."""
    if given is not None:
        kernel, stride, pad = given
    else:
        kernel, stride, pad = _attr_ints(op, "kernel", 2), _attr_ints(op, "stride", 2), _attr_ints(op, "pad", 4)
    problem = _at_least("kernel", kernel, 1) or _at_least("stride", stride, 1) or _at_least("padding", pad, 0)
    if problem:
        return problem
    if pad[2] >= kernel[1] or pad[3] >= kernel[1]:
        args = {"side": "left/right", "dim": "width", "a": "left", "b": "right", "x": pad[2], "y": pad[3],
                "axis": "x", "k": kernel[1]}  # fmt: skip
        return Problem("BC239", args)
    if pad[0] >= kernel[0] or pad[1] >= kernel[0]:
        args = {"side": "top/bottom", "dim": "height", "a": "top", "b": "bottom", "x": pad[0], "y": pad[1],
                "axis": "y", "k": kernel[0]}  # fmt: skip
        return Problem("BC239", args)
    inp, out = _shape(op.operands[0].type), _shape(op.results[0].type)
    if inp is None or out is None:
        return None
    for k, (dim, axis, before, after) in enumerate(_AXES[1:]):
        isize, osize = inp[k + 1], out[k + 1]
        if isize is None:
            continue
        numerator = isize + pad[2 * k] + pad[2 * k + 1] - kernel[k]
        if numerator % stride[k]:
            args = {"dim": dim, "axis": axis, "before": before, "after": after, "i": isize, "pb": pad[2 * k],
                    "pa": pad[2 * k + 1], "k": kernel[k], "s": stride[k]}  # fmt: skip
            return Problem("BC240", args)
        calculated = numerator // stride[k] + 1
        if osize is not None and osize != calculated:
            return Problem("BC232", {"dim": dim, "calculated": calculated, "expected": osize}, Subject("result", 0))
    return None


@_infers(_pooled)
def check_max_pool(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.max_pool2d``."""
    problem = _count(op, 1) or _types(op, *declared(op.name))
    if problem:
        return problem
    try:
        return _same_elements(op.operands[0].type, op.results[0].type, ("input", "output"), Subject("result", 0)) or (
            _pooling(op)
        )
    except _Unread:
        return None


class _ShapeOfRank:
    """ODS ``Tosa_Shape`` of a fixed rank (the adaptive pools' kernel, stride and pad operands)."""

    def __init__(self, rank: int) -> None:
        self.rank, self.summary = rank, f"Tosa shape type of rank {rank}"

    def __call__(self, t: Type) -> bool:
        return _shape_rank(t) == self.rank


SHAPE2, SHAPE4 = _ShapeOfRank(2), _ShapeOfRank(4)

RULES: dict[str, Check] = {
    "Tosa_Tensor": ANY,
    "Tosa_Tensor1D": T1,
    "Tosa_Tensor3D": T3,
    "Tosa_Tensor4D": T4,
    "Tosa_Tensor5D": T5,
    "Tosa_TensorAtLeast1D": LEAST1,
    "Tosa_TensorAtLeast2D": LEAST2,
    "Tosa_IndexTensor2D": INDICES,
    "Tosa_ScalarIntOrFloatTensor": ZP,
    "Tosa_ScalarTensor": SCALAR_NUMBER,
    "Tosa_Shape": SHAPE,
    "Rank2TosaShape": SHAPE2,
    "Rank4TosaShape": SHAPE4,
}
"""Each ODS type constraint (as ``td.py`` names it) of the ops checked here: its words and rule at iree 3.13."""


def declared(name: str, rules: Mapping[str, Check] = RULES) -> tuple[list[Check], list[Check]]:
    """Op ``name``'s operand and result constraints as ``td.py`` gives them (TOSA's ``.td`` and the delta for
    iree 3.13), each as ``rules`` words and checks it."""
    op = td_ops()[name]
    return [rules[v[1]] for v in op["operands"]], [rules[v[1]] for v in op["results"]]


def _pool_values(op: Operation, first: int) -> tuple[list[int], list[int], list[int]] | None:
    """The kernel, stride and pad of an adaptive pool, from the ``tosa.const_shape`` literals that define
    its operands ``first`` .. ``first + 2`` (``None`` when one is not known: its verifier's "not compile
    time resolvable" is not judged)."""
    found = [shape_values(op.constant(i)) for i in range(first, first + 3)]
    if any(v is None for v in found) or [len(v or ()) for v in found] != [2, 2, 4]:
        return None
    kernel, stride, pad = (v or [] for v in found)
    return kernel, stride, pad


def check_max_pool_adaptive(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.max_pool2d_adaptive``: ``tosa.max_pool2d``'s rules and words, kernel, stride and pad given as
    ``!tosa.shape`` operands."""
    problem = _count(op, 4) or _types(op, *declared(op.name))
    if problem:
        return problem
    values = _pool_values(op, 1)
    if values is None:
        return None
    problem = _same_elements(op.operands[0].type, op.results[0].type, ("input", "output"), Subject("result", 0))
    return problem or _pooling(op, values)


def check_avg_pool_adaptive(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.avg_pool2d_adaptive``: ``tosa.avg_pool2d``'s rules and words, kernel, stride and pad given as
    ``!tosa.shape`` operands."""
    problem = _count(op, 6) or _types(op, *declared(op.name))
    if problem:
        return problem
    values = _pool_values(op, 3)
    if values is None:
        return None
    return _avg_pool(op, values)


_ACC = {"f16": ("f16", "f32"), "bf16": ("f32",), "f32": ("f32",)}


@_infers(_pooled)
def check_avg_pool(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.avg_pool2d``: as max_pool2d, then the accumulator type and the zero points."""
    problem = _count(op, 3) or _types(op, *declared(op.name))
    if problem:
        return problem
    return _avg_pool(op, None)


def _avg_pool(op: Operation, given: tuple[list[int], list[int], list[int]] | None) -> Problem | None:
    try:
        problem = _same_elements(op.operands[0].type, op.results[0].type, ("input", "output"), Subject("result", 0))
        problem = problem or _pooling(op, given)
        if problem:
            return problem
        attr = op.attribute("acc_type")
        if attr is None:
            return None
        acc = attr.text.strip()
    except _Unread:
        return None
    ei = _storage(op.operands[0].type)
    if ei.kind == "int" and acc != "i32":
        return Problem("BC241", {"input": "integer", "acc": "i32"})
    if ei.text in _ACC and acc not in _ACC[ei.text]:
        return Problem("BC241", {"input": ei.text, "acc": "/".join(_ACC[ei.text])})
    for name, value_, zp, index in (
        ("input", op.operands[0].type, op.operands[1].type, 1),
        ("output", op.results[0].type, op.operands[2].type, 2),
    ):
        e, ez = _storage(value_), _storage(zp)
        if e.known and ez.known and e.text != ez.text:
            return Problem("BC216", {"name": name, "x": e.text, "y": ez.text}, Subject("operand", index))
    return _zero_points(op, ("input", 1), ("output", 2))


# ---------------------------------------------------------------- matmul


def check_matmul(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.matmul``: zero points, then the contraction, batch and output shapes."""
    return _matmul(op, transposed=False)


def check_matmul_t(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.matmul_t`` (b is ``[..., W, C]``): the rules and words of ``tosa.matmul`` (iree 3.13)."""
    return _matmul(op, transposed=True)


def _matmul(op: Operation, transposed: bool) -> Problem | None:
    problem = _count(op, 4) or _types(op, *declared(op.name))
    if problem:
        return problem
    a, b, a_zp, b_zp = (u.type for u in op.operands)
    ea, eb = _e(a), _e(b)
    if ea.known and eb.known and (ea.kind == "quant") != (eb.kind == "quant"):
        return Problem("BC242", {"a": ea.text, "b": eb.text})
    for name, t, zp, index in (("a", a, a_zp, 2), ("b", b, b_zp, 3)):
        e, ez = _storage(t), _storage(zp)
        if e.known and ez.known and e.text != ez.text:
            return Problem("BC243", {"name": name, "x": e.text, "y": ez.text}, Subject("operand", index))
    if not transposed:  # (MatMulTOp has no zero point helpers)
        problem = _zero_points(op, ("a", 2), ("b", 3))
        if problem:
            return problem
    sa, sb, so = _shape(a), _shape(b), _shape(op.results[0].type)
    channels, width = (-1, -2) if transposed else (-2, -1)
    if sa is not None and sb is not None and sa[-1] is not None and sb[channels] is not None and sa[-1] != sb[channels]:
        return Problem("BC244", {"size": sa[-1], "got": sb[channels]}, Subject("operand", 1))
    rank = max(len(sa) if sa is not None else 0, len(sb) if sb is not None else 0)
    if so is not None and len(so) < rank:
        return Problem("BC246", {"rank": rank, "got": len(so)}, Subject("result", 0))
    batch: list[int | None] | None = None
    if sa is not None and sb is not None:
        try:
            batch = list(infer_shape(sa[:-2], sb[:-2], Profile.LLVM))
        except IncompatibleDims:
            args = {"a": _listed_dims(sa[:-2]), "b": _listed_dims(sb[:-2])}
            return Problem("BC245", args, Subject("operand", 1))
    if so is None:
        return None
    if batch is None:  # one operand unranked: its batch dims broadcast, unknown, against the other's
        known = sa if sa is not None else sb
        own = [] if known is None else list(known[:-2])
        batch = [None] * (len(so) - 2)
        for i in range(1, min(len(own), len(batch)) + 1):
            d = own[-i]
            batch[-i] = None if d == 1 else d
    inferred = [*batch, sa[-2] if sa is not None else None, sb[width] if sb is not None else None]
    if len(inferred) != len(so) or any(
        x is not None and y is not None and x != y for x, y in zip(inferred, so, strict=True)
    ):
        args = {"actual": _dims(so), "inferred": _dims(inferred)}
        out = op.results[0].type
        found = out.with_shape(tuple(inferred)) if isinstance(out, ShapedType) else None  # (refine reads it)
        return Problem("BC214", args, Subject("result", 0), expected=found)
    return None


def _listed_dims(shape: Sequence[Dim]) -> str:
    return ", ".join("?" if d is None else str(d) for d in shape)


# ---------------------------------------------------------------- data layout


def _permutation(perms: Sequence[int]) -> bool:
    return sorted(perms) == list(range(len(perms)))


@_infers(_transposed)
def check_transpose(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.transpose``."""
    problem = _count(op, 1) or _types(op, *declared(op.name))
    if problem:
        return problem
    try:
        perms = _attr_ints(op, "perms")
    except _Unread:
        return None
    inp, out = op.operands[0].type, op.results[0].type
    ei, eo = _e(inp), _e(out)
    if ei.known and eo.known and ei.text != eo.text:
        return Problem("BC250", {"description": "all of {input1, output} have same element type"})
    si, so = _shape(inp), _shape(out)
    if si is not None and len(perms) != len(si):
        return Problem("BC247", {"rank": len(si), "which": "input", "size": len(perms)})
    if si is not None and so is not None and len(si) != len(so):
        return Problem("BC248", subject=Subject("result", 0))
    if so is not None and len(perms) != len(so):
        return Problem("BC247", {"rank": len(so), "which": "output", "size": len(perms)})
    if not _permutation(perms):
        return Problem("BC249")
    if si is not None and so is not None and None not in si and None not in so:
        a, b = prod(si), prod(so)  # type: ignore[arg-type]
        if a != b:
            return Problem("BC251", {"a": a, "b": b}, Subject("result", 0))
    if si is not None and so is not None:
        for i, d in enumerate(so):
            src = si[perms[i]]
            if d is None or src is None:
                continue
            if d != src:
                return Problem("BC252", {"i": i, "p": perms[i], "size": src}, Subject("result", 0))
    return None


def check_reshape(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.reshape`` against its constant shape operand."""
    problem = _count(op, 2) or _types(op, *declared(op.name))
    if problem:
        return problem
    inp, out = op.operands[0].type, op.results[0].type
    problem = _same_elements(inp, out, ("input", "output"), Subject("result", 0))
    if problem:
        return problem
    values = shape_values(op.constant(1))
    if values is None:
        return None
    if values.count(-1) > 1:
        return Problem("BC253")
    so, si = _shape(out), _shape(inp)
    if so is None:
        return _reshape_inferred(values, inp, out)
    if len(values) != len(so):
        return Problem("BC254", subject=Subject("result", 0))
    for new, d in zip(values, so, strict=True):
        if new != -1 and d is not None and new != d:
            return Problem("BC256", subject=Subject("result", 0))
        if new < -1:
            return Problem("BC257", {"size": new})
    if si is not None and None not in si:
        count = prod(si)  # type: ignore[arg-type]
        if None not in so and count != prod(so):  # type: ignore[arg-type]
            return Problem("BC258", {"a": count, "b": prod(so)}, Subject("result", 0))  # type: ignore[arg-type]
        new_count = prod(v for v in values if v > 0)
        static = all(v > 0 for v in values)
        if (static and count != new_count) or (new_count and count % new_count):
            return Problem("BC258", {"a": count, "b": new_count})
    return _reshape_inferred(values, inp, out)


def _reshape_inferred(values: list[int], inp: Type, out: Type) -> Problem | None:
    """The inferred type's check after ``verify()``: the new shape (a -1 resolved from a static input) of the
    input's element type; ``verifySameElementTypes`` passes over ``!tosa.mxint8``, this does not."""
    ei, eo, si = _e(inp), _e(out), _shape(inp)
    if not (ei.known and eo.known) or ei.text == eo.text:
        return None
    shape: list[Dim] = list(values)
    if -1 in values:
        if si is None or None in si or 0 in values:
            return None
        shape[values.index(-1)] = prod(d for d in si if d is not None) // prod(v for v in values if v != -1)
    return _incompatible(ShapedType("tensor", tuple(shape), ei.text), out)


@_infers(_concatenated)
def check_concat(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.concat``: verify(), then the inferred result type."""
    if len(op.results) != 1:
        return Problem("BC107")
    problem = _types(op, [LEAST1] * len(op.operands), [LEAST1])
    if problem:
        if problem.subject is not None and problem.subject.kind == "operand":
            args = dict(problem.args)
            args["constraint"] = "variadic of " + str(args["constraint"])
            return Problem("BC204", args, problem.subject)
        return problem
    try:
        axis = _attr_int(op, "axis")
    except _Unread:
        return None
    if not op.operands:
        return None
    out = op.results[0].type
    for index, u in enumerate(op.operands):
        problem = _same_elements(u.type, out, ("input", "output"), Subject("operand", index))
        if problem:
            return problem
    shapes = [_shape(u.type) for u in op.operands]
    first = next((s for s in shapes if s is not None), None)
    if first is not None and not 0 <= axis < len(first):
        return Problem("BC259", {"axis": axis})
    so = _shape(out)
    inferred: list[int | None] | None = None
    if all(s is not None for s in shapes) and first is not None:
        for index, s in enumerate(shapes[1:], start=1):
            assert s is not None
            if len(s) != len(first):
                return Problem("BC260", {"a": len(first), "b": len(s), "i": index}, Subject("operand", index))
            for i, (d, f) in enumerate(zip(s, first, strict=True)):
                if i != axis and d is not None and f is not None and d != f:
                    return Problem("BC261", {"a": d, "b": f, "i": i, "n": index}, Subject("operand", index))
        if so is not None and len(so) != len(first):
            return Problem("BC262", {"a": len(so), "b": len(first)}, Subject("result", 0))
        total: int | None = 0
        for s in shapes:
            assert s is not None
            d = s[axis]
            total = None if total is None or d is None else total + d
        if total is not None and so is not None and so[axis] is not None and total != so[axis]:
            return Problem("BC263", {"a": total, "b": so[axis]}, Subject("result", 0))
        inferred = []
        for i in range(len(first)):
            if i == axis:
                inferred.append(total)
                continue
            inferred.append(next((s[i] for s in shapes if s is not None and s[i] is not None), None))
    elif first is not None:
        inferred = [None if i == axis else next((s[i] for s in shapes if s is not None and s[i] is not None), None)
                    for i in range(len(first))]  # fmt: skip
    e = _e(op.operands[0].type)
    if not e.known:
        return None
    result = ShapedType("tensor", tuple(inferred) if inferred is not None else None, e.text)
    return _incompatible(result, out)


def check_slice(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.slice`` against its constant start and size operands."""
    problem = _count(op, 3) or _types(op, *declared(op.name))
    if problem:
        return problem
    inp, out = op.operands[0].type, op.results[0].type
    problem = _same_elements(inp, out, ("input", "output"), Subject("result", 0))
    if problem:
        return problem
    si, so = _shape(inp), _shape(out)
    if si is not None and so is not None and len(si) != len(so):
        return Problem("BC1420", {"a": len(si), "b": len(so)}, Subject("result", 0))
    start, size_ = shape_values(op.constant(1)), shape_values(op.constant(2))
    if si is not None:
        for name, values in (("start", start), ("size", size_)):
            if values is not None and len(values) != len(si):
                return Problem("BC264", {"what": name})
    if start is not None and any(v < 0 and v != -1 for v in start):
        return Problem("BC1806", {"values": _listed(start)}, Subject("operand", 1))
    if size_ is not None and any(v <= 0 and v != -1 for v in size_):
        return Problem("BC1807", {"values": _listed(size_)}, Subject("operand", 2))
    if start is None or size_ is None:
        return None
    if so is not None and (
        len(size_) != len(so) or any(d is not None and v != -1 and d != v for d, v in zip(so, size_, strict=False))
    ):  # (an unranked input too)
        args = {"type": type_text(out), "sizes": _listed(size_)}
        return Problem("BC265", args, Subject("result", 0))
    if si is None:
        return None
    for i, (s, z, d) in enumerate(zip(start, size_, si, strict=True)):
        if d is None or s == -1 or z == -1:
            continue
        if s + z > d:
            return Problem("BC266", {"start": s, "size": z, "dim": d, "i": i})
    return None


@_infers(_padded)
def check_pad(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.pad`` against its constant padding operand."""
    problem = _count(op, 3) or _types(op, *declared(op.name))
    if problem:
        return problem
    inp, out = op.operands[0].type, op.results[0].type
    problem = _same_elements(inp, out, ("input", "output"), Subject("result", 0))
    # (the pad value's element type against the output's, in the same words)
    problem = problem or _same_elements(op.operands[2].type, out, ("input", "output"), Subject("operand", 2))
    if problem:
        return problem
    si, so = _shape(inp), _shape(out)
    if si is not None and so is not None and len(si) != len(so):
        return Problem("BC290", {"a": len(si), "b": len(so)}, Subject("result", 0))
    padding = shape_values(op.constant(1))
    if si is None or padding is None:
        return None
    if len(padding) != 2 * len(si):
        return Problem("BC267", {"rank": len(si), "n": 2 * len(si), "got": len(padding)}, Subject("operand", 1))
    for i in range(len(si)):
        lo, hi = padding[2 * i], padding[2 * i + 1]
        if (lo < 0 and lo != -1) or (hi < 0 and hi != -1):
            return Problem("BC268", {"i": i, "lo": lo, "hi": hi}, Subject("operand", 1))
    if so is None:
        return None
    for i, d in enumerate(si):
        lo, hi = padding[2 * i], padding[2 * i + 1]
        if d is None or so[i] is None:
            continue
        if d + lo + hi != so[i]:
            args = {"i": i, "d": d, "lo": lo, "hi": hi, "e": d + lo + hi, "got": so[i]}
            return Problem("BC269", args, Subject("result", 0))
    return None


def check_reverse(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.reverse``: its traits (TOSA's rule family), then its verifier's axis checks."""
    problem = family("tosa")(op, profile)
    if problem:
        return problem
    try:
        axis = _attr_int(op, "axis")
    except _Unread:
        return None
    if axis < 0:
        return Problem("BC291")
    si = _shape(op.operands[0].type)
    if si is not None and axis >= len(si):
        return Problem("BC292", {"rank": len(si), "axis": axis})
    return None


_MUL_SHAPES = frozenset({"BC211", "BC212", "BC213", "BC214"})
"""``MulOp::verify``'s checks after its shift's: the ranks and shapes of a, b and the output."""


def check_mul(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.mul``: its traits and verifier (TOSA's rule family), where a float product's constant
    shift must be 0 (after the element types, before the shapes)."""
    problem = family("tosa")(op, profile)
    if (problem is not None and problem.code not in _MUL_SHAPES) or len(op.operands) != 3 or not op.results:
        return problem
    shift = shape_values(op.constant(2))
    if shift and shift[0] != 0 and is_float(element_of(op.results[0].type)):
        return Problem("BC1891")
    return problem


def check_negate(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.negate``: its traits and verifier (TOSA's rule family), then its constant zero points'
    values (``verifyZeroPoint``, last)."""
    problem = family("tosa")(op, profile)
    if problem is not None or len(op.operands) != 3:
        return problem
    return _zero_points(op, ("input1", 1), ("output", 2))


def check_tile(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.tile``: the multiples' rank (its type), the ranks, and the constant multiples."""
    problem = _count(op, 2) or _types(op, *declared(op.name))
    if problem:
        return problem
    inp, mult, out = op.operands[0].type, op.operands[1].type, op.results[0].type
    problem = _same_elements(inp, out, ("input", "output"), Subject("result", 0))
    if problem:
        return problem
    rank = _shape_rank(mult)
    if rank is None:
        return None
    si, so = _shape(inp), _shape(out)
    if si is not None:
        if len(si) != rank:
            return Problem("BC270", {"rank": len(si), "got": rank}, Subject("operand", 1))
        if so is not None and len(si) != len(so):
            return Problem("BC271", {"a": len(si), "b": len(so)}, Subject("result", 0))
    elif so is not None and len(so) != rank:
        return Problem("BC272", {"rank": len(so), "got": rank}, Subject("operand", 1))
    values = shape_values(op.constant(1))
    if values is not None and any(v <= 0 and v != -1 for v in values):
        return Problem("BC273", subject=Subject("operand", 1))
    return None


def _shape_rank(t: Type) -> int | None:
    text = str(t).replace(" ", "")
    if not text.startswith("!tosa.shape<") or not text.endswith(">"):
        return None
    try:
        return int(text[len("!tosa.shape<") : -1])
    except ValueError:
        return None


# ---------------------------------------------------------------- reductions


@_infers(_reduced)
def check_reduce(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.reduce_*``: the axis, the ranks, the reduced dim; then the inferred type."""
    problem = _count(op, 1) or _types(op, *declared(op.name))
    if problem:
        return problem
    try:
        axis = _attr_int(op, "axis")
    except _Unread:
        return None
    inp, out = op.operands[0].type, op.results[0].type
    si, so = _shape(inp), _shape(out)
    if si is not None:
        if axis < 0:
            return Problem("BC274")
        if axis >= len(si):
            return Problem("BC275", {"rank": len(si), "axis": axis})
    if so is not None:
        if si is not None and len(so) != len(si):
            return Problem("BC276", subject=Subject("result", 0))
        if axis < 0:
            return Problem("BC274")
        if axis >= len(so):
            return Problem("BC277", {"rank": len(so), "axis": axis})
        if so[axis] is not None and so[axis] != 1:
            return Problem("BC278", {"size": so[axis]}, Subject("result", 0))
    e = _e(inp)
    if not e.known:
        return None
    inferred = None if si is None else tuple(1 if i == axis else d for i, d in enumerate(si))
    return _incompatible(ShapedType("tensor", inferred, e.text), out)


@_infers(_argmaxed)
def check_argmax(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.argmax``: an integer result, the axis, and the result's shape."""
    problem = _count(op, 1) or _types(op, *declared(op.name))
    if problem:
        return problem
    try:
        axis = _attr_int(op, "axis")
    except _Unread:
        return None
    out = op.results[0].type
    eo = _e(out)
    if eo.known and eo.kind != "int":
        return Problem("BC279", subject=Subject("result", 0))
    si, so = _shape(op.operands[0].type), _shape(out)
    if si is None:
        return None
    if axis < 0 or axis >= len(si):
        return Problem("BC280")
    if so is None:
        return None
    expected = [d for i, d in enumerate(si) if i != axis]
    if len(so) != len(expected) or any(
        a is not None and b is not None and a != b for a, b in zip(expected, so, strict=False)
    ):
        args = {"expected": _sizes(expected), "actual": _sizes(so)}
        return Problem("BC281", args, Subject("result", 0))
    return None


# ---------------------------------------------------------------- gather, scatter


def _dims_match(pairs: Sequence[tuple[str, int, Dim, Dim]]) -> Problem | None:
    for what, i, want, got in pairs:
        if want is not None and got is not None and want != got:
            return Problem("BC282", {"what": what, "i": i, "size": want, "got": got})
    return None


def check_gather(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.gather``: values [N, K, C], indices [N, W], output [N, W, C]."""
    problem = _count(op, 2) or _types(op, *declared(op.name))
    if problem:
        return problem
    values, indices, out = op.operands[0].type, op.operands[1].type, op.results[0].type
    problem = _same_elements(values, out, ("input", "output"), Subject("result", 0))
    if problem:
        return problem
    sv, si, so = _shape(values), _shape(indices), _shape(out)
    n: Dim = None
    w: Dim = None
    c: Dim = None
    if sv is not None:
        n, c = sv[0], sv[2]
    if si is not None:
        n = n if n is not None else si[0]
        if sv is not None and si[0] is not None and sv[0] is not None and si[0] != sv[0]:
            return Problem("BC282", {"what": "indices", "i": 0, "size": sv[0], "got": si[0]})
        w = si[1]
    if so is None:
        return None
    return _dims_match([("output", 0, n, so[0]), ("output", 1, w, so[1]), ("output", 2, c, so[2])])


def check_scatter(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.scatter``: values_in [N, K, C], indices [N, W], input [N, W, C], values_out as values_in."""
    problem = _count(op, 3) or _types(op, *declared(op.name))
    if problem:
        return problem
    values, indices, inp = (u.type for u in op.operands)
    out = op.results[0].type
    problem = _same_elements(values, out, ("input", "output"), Subject("result", 0)) or _same_elements(
        inp, out, ("input", "output"), Subject("operand", 2)
    )
    if problem:
        return problem
    sv, si, sn, so = _shape(values), _shape(indices), _shape(inp), _shape(out)
    n: Dim = sv[0] if sv is not None else None
    k: Dim = sv[1] if sv is not None else None
    c: Dim = sv[2] if sv is not None else None
    w: Dim = None
    if si is not None:
        problem = _dims_match([("indices", 0, n, si[0])])
        if problem:
            return problem
        n = n if n is not None else si[0]
        w = si[1]
    if sn is not None:
        problem = _dims_match([("input", 0, n, sn[0]), ("input", 1, w, sn[1]), ("input", 2, c, sn[2])])
        if problem:
            return problem
        n, w, c = (n if n is not None else sn[0]), (w if w is not None else sn[1]), (c if c is not None else sn[2])
    if so is not None:
        problem = _dims_match([("values_out", 0, n, so[0]), ("values_out", 1, k, so[1]), ("values_out", 2, c, so[2])])
        if problem:
            return problem
        k = k if k is not None else so[1]
    if k is not None and w is not None and k < w:
        return Problem("BC286", {"k": k, "w": w})
    return None


# ---------------------------------------------------------------- rfft2d, const


def check_rfft2d(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.rfft2d``: equal element types and output shapes; height and width powers of two;
    outputs [N, H, W/2 + 1]."""
    problem = _count(op, 1, 2) or _types(op, *declared(op.name))
    if problem:
        return problem
    types = [op.operands[0].type, *(r.type for r in op.results)]
    elements = [_e(t) for t in types]
    if all(e.known for e in elements) and len({e.text for e in elements}) > 1:
        return Problem("BC205", subject=Subject("result", 0))
    real, imag = (_shape(r.type) for r in op.results)
    if (
        real is not None
        and imag is not None
        and any(a is not None and b is not None and a != b for a, b in zip(real, imag, strict=True))
    ):
        args = {"a": type_text(op.results[0].type), "b": type_text(op.results[1].type)}
        return Problem("BC284", args, Subject("result", 1))
    si = _shape(op.operands[0].type)
    if si is None:
        return None
    for name, d in (("height", si[1]), ("width", si[2])):
        if d is not None and (d <= 0 or d & (d - 1)):
            return Problem("BC222", {"name": name, "size": d}, Subject("operand", 0))
    # (its verifier reads the real output only: an unranked one ends the checks, whatever the imaginary one is)
    out, which = real, op.results[0].type
    if out is None:
        return None
    if any(a is not None and b is not None and a != b for a, b in zip(si[:2], out[:2], strict=True)):
        args = {"a": type_text(op.operands[0].type), "b": type_text(which)}
        return Problem("BC285", args, Subject("result", 0))
    if si[2] is not None and out[2] is not None and out[2] != si[2] // 2 + 1:
        return Problem("BC283", {"got": out[2]}, Subject("result", 0))
    return None


def check_const(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.const``: its literal's type (``dense`` or ``dense_resource``) against its result's."""
    if len(op.results) != 1:
        return Problem("BC107")
    if op.operands:
        return Problem("BC1162", {"kind": "operands"})
    problem = _types(op, *declared(op.name))
    if problem is not None:
        return problem
    attr = op.attribute("values")
    written = None if attr is None else value_type(attr.text)
    if written is None or written.kind not in ("dense", "dense_resource"):
        return None
    literal, out = written.type, op.results[0].type
    if not isinstance(literal, ShapedType) or not isinstance(out, ShapedType) or literal.shape is None:
        return None
    # (AllShapesMatch compares getShape(): an unranked result's is empty, a rank-0 literal's too)
    if tuple(literal.shape) != tuple(out.shape or ()):
        return Problem("BC250", {"description": "all of {values, output} have same shape"}, Subject("result", 0))
    eo = element(out.element)
    if eo.kind == "quant":  # (compared with its storage type: ``ui8`` for ``u8``)
        if eo.storage and element(literal.element).text != eo.storage:
            return Problem("BC287", subject=Subject("result", 0))
        return None
    if element(literal.element).text != eo.text:
        return Problem("BC287", subject=Subject("result", 0))
    return None


def check_const_shape(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.const_shape``: an index elements literal of rank 1 with as many values as the
    result's ``!tosa.shape<N>`` has dimensions (one value for ``!tosa.shape<0>`` too)."""
    if len(op.results) != 1:
        return Problem("BC107")
    if op.operands:
        return Problem("BC1162", {"kind": "operands"})
    attr = op.attribute("values")
    written = None if attr is None else value_type(attr.text)
    if written is None or written.kind != "dense" or not isinstance(written.type, ShapedType):
        return None  # dense_resource is an invalid property here; the rest is not read
    literal = written.type
    if "".join(literal.element.split()) != "index":
        return Problem("BC562", {"name": "values", "constraint": "index elements attribute"})
    problem = _types(op, *declared(op.name))
    if problem is not None:
        return problem
    rank = _shape_rank(op.results[0].type)
    if literal.shape is None or rank is None:
        return None
    if len(literal.shape) != 1:
        return Problem("BC787")
    if literal.shape[0] is not None and literal.shape[0] != rank and (literal.shape[0], rank) != (1, 0):
        return Problem("BC788", {"count": literal.shape[0], "rank": rank}, Subject("result", 0))
    return None


# ---------------------------------------------------------------- resize


def check_resize(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.resize`` against its constant scale, offset and border: positive scales, then each
    output size (height, width) when the input's is known and not 1 (a broadcast)."""
    # (its ODS: ``Rank4TosaShape:$scale, Rank2TosaShape:$offset, Rank2TosaShape:$border``)
    problem = _count(op, 4) or _types(op, *declared(op.name))
    if problem:
        return problem
    inp, out = op.operands[0].type, op.results[0].type
    scale, offset, border = (shape_values(op.constant(i)) for i in (1, 2, 3))
    if scale is None or offset is None or border is None or len(scale) != 4 or len(offset) != 2 or len(border) != 2:
        return None
    if any(s <= 0 for s in scale):
        return Problem("BC288", {"values": _listed(scale)}, Subject("operand", 1))
    si, so = _shape(inp), _shape(out)
    if si is None or so is None:
        return None
    for k, (dim, axis) in enumerate((("height", "y"), ("width", "x"))):
        size = si[k + 1]
        if size is None or size == 1:
            continue
        n, d = scale[2 * k], scale[2 * k + 1]
        numerator = (size - 1) * n - offset[k] + border[k]
        if numerator % d:
            args = {"dim": dim, "axis": axis, "i": size, "n": n, "o": offset[k], "b": border[k], "d": d}
            return Problem("BC289", args, Subject("operand", 1))
        calculated = numerator // d + 1
        if so[k + 1] is not None and so[k + 1] != calculated:
            return Problem("BC232", {"dim": dim, "calculated": calculated, "expected": so[k + 1]}, Subject("result", 0))
    return None
