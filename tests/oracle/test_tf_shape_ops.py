"""Differential test: the ``tf`` shape ops against tensorflow-cpu 2.21's own verifiers.

The oracle is ``tf.mlir.experimental.run_pass_pipeline(text, "")``, which parses and verifies
the text with TensorFlow's dialects (see :mod:`tests.oracle.test_tf_ops`). Each case is one op
in a function, its shape-like operands now constants (``tf.Const``: right, wrong, negative,
too long) and now arguments; ranks 0-5, sizes 0-8 and ``?``, unranked tensors, element types
the op takes and ones it does not (reference types, strings, ``i2``), attributes present,
missing, of the wrong type or out of range, written as a dictionary or as properties, and
results right or wrong. The first error must agree (broadcheck's warnings, TensorFlow's shape
functions, are not compared here).

Two families of at least 2,000 cases each: the ops that move data (``BroadcastTo``,
``BroadcastArgs``, ``Reshape``, ``Transpose``, ``ConcatV2``, ``Pack``, ``Unpack``, ``Split``,
``SplitV``, ``Slice``, ``StridedSlice``, ``Squeeze``, ``ExpandDims``, ``Tile``, ``Pad``,
``PadV2``, ``GatherV2``, ``Fill``, ``OneHot``, ``Range``, ``Where``, ``Cast``, ``Identity``) and
the others (``BatchMatMul``/``V2``/``V3``, ``MatMul``, ``Einsum``, ``Conv2D``,
``DepthwiseConv2dNative``, ``MaxPool``, ``AvgPool``, ``BiasAdd``, the five reductions,
``Softmax``).

Run by ``make oracle-tf``; FAILS (never skips) when TensorFlow is missing. Knobs:
``BROADCHECK_TF_SHAPE_CASES`` (per family, default 2500), ``BROADCHECK_TF_SHAPE_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from . import common

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TF_SHAPE_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_TF_SHAPE_SEED", 20260412))
SHOW = 12

Dim = int | None
Shape = tuple[Dim, ...] | None

ELEMENTS = [
    *["f32"] * 8,
    "f16",
    "bf16",
    "f64",
    "i32",
    "i32",
    "i64",
    "i8",
    "i16",
    "ui8",
    "i1",
    "complex<f32>",
    "!tf_type.string",
    "!tf_type.qint8",
    "!tf_type.f32ref",
    "i2",
    "f8E4M3FN",
]
INDEX = ["i32", "i32", "i32", "i64", "i64", "i16", "f32", "i8", "!tf_type.int32ref"]


@dataclass
class Operand:
    type: str
    value: str | None = None
    """A constant's literal (``dense<[1, 2]>``), or ``None`` for a function argument."""


@dataclass
class Case:
    index: int
    op: str
    operands: list[Operand]
    results: list[str]
    attrs: list[str] = field(default_factory=list)
    properties: bool = False

    @property
    def text(self) -> str:
        params, body, names = [], [], []
        for i, o in enumerate(self.operands):
            value = _literal(o)
            if value is not None:
                body.append(f'  %c{i} = "tf.Const"() {{value = {value} : {o.type}}} : () -> {o.type}')
                names.append(f"%c{i}")
            else:
                params.append(f"%a{i}: {o.type}")
                names.append(f"%a{i}")
        head = "%0 = " if len(self.results) == 1 else (f"%0:{len(self.results)} = " if self.results else "")
        result = self.results[0] if len(self.results) == 1 else f"({', '.join(self.results)})"
        attrs = ""
        if self.attrs:
            attrs = f" <{{{', '.join(self.attrs)}}}>" if self.properties else f" {{{', '.join(self.attrs)}}}"
        types = ", ".join(o.type for o in self.operands)
        body.append(f'  {head}"{self.op}"({", ".join(names)}){attrs} : ({types}) -> {result}')
        return f"func.func @f({', '.join(params)}) {{\n" + "\n".join(body) + "\n  func.return\n}\n"


_RANGES = {"i8": (-128, 127), "ui8": (0, 255), "i16": (-(2**15), 2**15 - 1), "i32": (-(2**31), 2**31 - 1)}
_RANGES["i64"] = (-(2**63), 2**63 - 1)


def _literal(o: Operand) -> str | None:
    """The constant's literal as ``tf.Const`` takes it (floats written as floats), or ``None``
    where it cannot hold the values (then the operand is a function argument)."""
    m = re.search(r"[<x]([a-z][a-z0-9]*)>$", o.type)
    if o.value is None or m is None:
        return None
    kind = m.group(1)
    if kind in ("f16", "f32", "f64", "bf16"):
        return re.sub(r"(-?\d+)", r"\1.0", o.value)
    if kind not in _RANGES:
        return None
    lo, hi = _RANGES[kind]
    return o.value if all(lo <= int(v) <= hi for v in re.findall(r"-?\d+", o.value)) else None


def tensor(shape: Shape, element: str = "f32") -> str:
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in shape) + element + ">"


def dense(values: list[int]) -> str:
    return "dense<[" + ", ".join(str(v) for v in values) + "]>"


class Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, *items):  # type: ignore[no-untyped-def]
        return self.rng.choice(items)

    def size(self) -> int:
        return self.rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5, 8))

    def dims(self, rank: int, dynamic: float = 0.1) -> tuple[Dim, ...]:
        return tuple(None if self.chance(dynamic) else self.size() for _ in range(rank))

    def shape(self, lo: int = 0, hi: int = 4, unranked: float = 0.05) -> Shape:
        return None if self.chance(unranked) else self.dims(self.rng.randint(lo, hi))

    def near(self, s: Shape, p: float = 0.25) -> Shape:
        if s is None or not self.chance(p):
            return s
        r = self.rng.random()
        if r < 0.1:
            return None
        if r < 0.25:
            return (*s, self.size()) if self.chance(0.5) or not s else tuple(s[:-1])
        out = list(s)
        if out:
            out[self.rng.randrange(len(out))] = None if self.chance(0.3) else self.size()
        return tuple(out)

    def element(self) -> str:
        return self.rng.choice(ELEMENTS)

    def index(self, natural: str = "i32") -> str:
        return natural if self.chance(0.85) else self.rng.choice(INDEX)

    def odd(self, e: str, p: float = 0.08) -> str:
        return e if not self.chance(p) else self.element()

    def vector_operand(self, values: list[int], element: str = "i32", const: float = 0.75) -> Operand:
        """A 1-D integer operand holding ``values``: a constant mostly, an argument now and then."""
        if self.chance(const):
            return Operand(tensor((len(values),), element), dense(values))
        return Operand(tensor(self.pick((len(values),), (len(values),), (None,), None), element))

    def scalar_operand(self, value: int, element: str = "i32", const: float = 0.75) -> Operand:
        if self.chance(const):
            shape = () if self.chance(0.9) else (1,)
            return Operand(tensor(shape, element), f"dense<{value}>" if shape == () else dense([value]))
        return Operand(tensor(self.pick((), (), (1,), None), element))

    def attr(self, name: str, value: str, bad: str | None = None, p: float = 0.04) -> list[str]:
        """An attribute, now and then missing or of the wrong type."""
        r = self.rng.random()
        if r < p:
            return []
        if bad is not None and r < 2 * p:
            return [f"{name} = {bad}"]
        return [f"{name} = {value}"]


# ------------------------------------------------------------------------------- data movement


def broadcast_to(g: Gen, i: int) -> Case:
    e = g.element()
    out = g.dims(g.rng.randint(0, 4), 0)
    inp = tuple(g.pick(1, d) for d in out[g.rng.randint(0, len(out)) :]) if g.chance(0.7) else g.shape()
    shape_op = g.vector_operand(list(out), g.index())
    return Case(i, "tf.BroadcastTo", [Operand(tensor(g.near(inp, 0.1), e)), shape_op], [tensor(g.near(out), g.odd(e))])


def broadcast_args(g: Gen, i: int) -> Case:
    e = g.index()
    a, b = g.dims(g.rng.randint(0, 3), 0), g.dims(g.rng.randint(0, 3), 0)
    return Case(
        i,
        "tf.BroadcastArgs",
        [g.vector_operand(list(a), e, 0.4), g.vector_operand(list(b), g.odd(e), 0.4)],
        [tensor((max(len(a), len(b)),), g.odd(e))],
    )


def reshape(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4)
    target = list(g.dims(g.rng.randint(0, 3), 0))
    if inp is not None and None not in inp and g.chance(0.7):
        n = 1
        for d in inp:
            n *= d or 0
        target = [n] if g.chance(0.3) or n == 0 else g.pick([1, n], [n, 1], [-1], [n // 2, 2] if n % 2 == 0 else [n])
    if target and g.chance(0.25):
        target[g.rng.randrange(len(target))] = -1
    if target and g.chance(0.05):
        target[g.rng.randrange(len(target))] = g.pick(-1, -3)
    shape_op = g.vector_operand(target, g.index())
    if g.chance(0.05):
        shape_op = Operand(tensor(g.pick((2, 2), (), None), "i32"))
    out: Shape = tuple(None if v == -1 else v for v in target) if min(target, default=0) >= -1 else g.shape()
    return Case(i, "tf.Reshape", [Operand(tensor(inp, e)), shape_op], [tensor(g.near(out, 0.3), g.odd(e, 0.05))])


def transpose(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4)
    r = len(inp) if inp is not None else g.rng.randint(0, 3)
    perm = list(range(r))
    g.rng.shuffle(perm)
    if perm and g.chance(0.15):
        perm[g.rng.randrange(r)] = g.pick(r, -1, -r - 1, 0)
    if g.chance(0.08):
        perm = perm[:-1] if perm and g.chance(0.5) else [*perm, 0]
    perm_op = g.vector_operand(perm, g.index())
    if g.chance(0.04):
        perm_op = Operand(tensor(g.pick((2, 2), (), None), "i32"))
    out = tuple(inp[p] if -len(inp) <= p < len(inp) else 1 for p in perm) if inp is not None else g.shape()
    return Case(i, "tf.Transpose", [Operand(tensor(inp, e)), perm_op], [tensor(g.near(out, 0.3), g.odd(e))])


def concat_v2(g: Gen, i: int) -> Case:
    e = g.element()
    base = g.dims(g.rng.randint(1, 3), 0.05)
    axis = g.rng.randrange(len(base))
    values = []
    for _ in range(g.rng.randint(1, 3)):
        s = list(base)
        s[axis] = g.size()
        values.append(Operand(tensor(g.near(tuple(s), 0.15), g.odd(e))))
    axis_op = g.scalar_operand(axis, g.index())
    if g.chance(0.05):
        axis_op = Operand(tensor(g.pick((1, 1), (2,)), "i32"))
    return Case(i, "tf.ConcatV2", [*values, axis_op], [tensor(g.shape(), g.odd(e))])


def pack(g: Gen, i: int) -> Case:
    e = g.element()
    base = g.shape(0, 3)
    n = g.rng.randint(1, 3)
    values = [Operand(tensor(g.near(base, 0.15), g.odd(e))) for _ in range(n)]
    r = len(base) if base is not None else 1
    axis = g.rng.randint(-r - 1, r) if g.chance(0.9) else g.pick(r + 1, -r - 2)
    attrs = g.attr("axis", f"{axis} : i64", bad=f"{axis} : i32")
    return Case(i, "tf.Pack", values, [tensor(g.shape(), e)], attrs, g.chance(0.3))


def unpack(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 3)
    r = len(inp) if inp is not None else 1
    axis = g.rng.randint(-r, max(r - 1, 0)) if g.chance(0.9) else g.pick(r, -r - 1)
    a = axis + r if axis < 0 else axis
    n = inp[a] if inp is not None and 0 <= a < r and inp[a] is not None and g.chance(0.85) else g.rng.randint(0, 3)
    n = min(n or 0, 5)
    results = [tensor(g.shape(), g.odd(e)) for _ in range(n)]
    return Case(i, "tf.Unpack", [Operand(tensor(inp, e))], results, g.attr("axis", f"{axis} : i64"), g.chance(0.3))


def split(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 3)
    r = len(inp) if inp is not None else 1
    axis = g.rng.randint(-r, r - 1) if r and g.chance(0.9) else g.pick(r, -r - 1, 0)
    n = g.pick(1, 2, 2, 3) if g.chance(0.97) else 0
    dim = g.scalar_operand(axis, g.index())
    results = [tensor(g.shape(), g.odd(e)) for _ in range(n)]
    return Case(i, "tf.Split", [dim, Operand(tensor(inp, e))], results)


def split_v(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 3)
    r = len(inp) if inp is not None else 1
    axis = g.rng.randint(-r, r - 1) if r and g.chance(0.9) else g.pick(r, -r - 1, 0)
    n = g.pick(1, 2, 2, 3)
    a = axis + r if axis < 0 else axis
    size = inp[a] if inp is not None and 0 <= a < r else None
    sizes = [g.size() for _ in range(n)]
    if size is not None and g.chance(0.6):
        sizes = [size // n] * n
        sizes[-1] += size - sum(sizes)
    if g.chance(0.25):
        sizes[g.rng.randrange(n)] = -1
    if g.chance(0.05):
        sizes[g.rng.randrange(n)] = -1
    if g.chance(0.05):
        sizes.append(1)
    sizes_op = g.vector_operand(sizes, g.index() if g.chance(0.9) else "i8", 0.8)
    if g.chance(0.04):
        sizes_op = Operand(tensor(g.pick((2, 2), ()), "i32"))
    dim = g.scalar_operand(axis, g.index())
    results = [tensor(g.shape(), g.odd(e)) for _ in range(n)]
    return Case(i, "tf.SplitV", [Operand(tensor(inp, e)), sizes_op, dim], results)


def slice_(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 3)
    r = len(inp) if inp is not None else 2
    dims = inp if inp is not None else (3,) * r
    begin = [g.rng.randint(0, d or 3) for d in dims]
    size = [g.rng.randint(-1, max((d or 3) - b, 0)) for d, b in zip(dims, begin, strict=True)]
    if begin and g.chance(0.15):
        begin[g.rng.randrange(r)] = g.pick(-1, 9)
    if size and g.chance(0.15):
        size[g.rng.randrange(r)] = g.pick(-2, 9)
    if g.chance(0.08):
        begin = [*begin, 0] if g.chance(0.5) else begin[:-1]
    element = g.index()
    b_op, s_op = g.vector_operand(begin, element), g.vector_operand(size, element)
    if g.chance(0.04):
        b_op = Operand(tensor(g.pick((2, 2), ()), element))
    out = tuple(
        ((d - b) if d is not None else None) if z == -1 else z for d, b, z in zip(dims, begin, size, strict=False)
    )
    out = tuple(None if d is not None and d < 0 else d for d in out)
    return Case(i, "tf.Slice", [Operand(tensor(inp, e)), b_op, s_op], [tensor(g.near(out, 0.3), g.odd(e, 0.05))])


def strided_slice(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4)
    r = len(inp) if inp is not None else 2
    n = r if g.chance(0.85) else g.rng.randint(0, r + 1)
    lengths = [n, n, n]
    if g.chance(0.08):
        lengths[g.rng.randrange(3)] = n + 1
    element = g.index()
    ops = []
    for k, length in enumerate(lengths):
        values = (
            [g.rng.randint(-2, 3) for _ in range(length)]
            if k < 2
            else [g.pick(1, 1, 1, 2, -1, 0) for _ in range(length)]
        )
        ops.append(g.vector_operand(values, element, 0.7))
    if g.chance(0.04):
        ops[g.rng.randrange(3)] = Operand(tensor(g.pick((2, 2), ()), element))
    attrs: list[str] = []
    for mask in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"):
        if g.chance(0.3):
            v = g.rng.randrange(1 << max(n, 1)) if mask != "ellipsis_mask" else g.pick(1, 2, 3, 4)
            attrs += g.attr(mask, f"{v} : i64", bad=f"{v} : i32")
    return Case(
        i, "tf.StridedSlice", [Operand(tensor(inp, e)), *ops], [tensor(g.shape(), g.odd(e))], attrs, g.chance(0.3)
    )


def squeeze(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4)
    dims = [g.rng.randint(-4, 4) for _ in range(g.rng.randint(0, 2))]
    attrs = (
        g.attr("squeeze_dims", "[" + ", ".join(str(d) for d in dims) + "]", bad="1") if dims or g.chance(0.3) else []
    )
    return Case(i, "tf.Squeeze", [Operand(tensor(inp, e))], [tensor(g.shape(), g.odd(e))], attrs, g.chance(0.3))


def expand_dims(g: Gen, i: int) -> Case:
    e = g.element()
    return Case(
        i,
        "tf.ExpandDims",
        [Operand(tensor(g.shape(0, 3), e)), g.scalar_operand(g.rng.randint(-3, 3), g.index())],
        [tensor(g.shape(), g.odd(e))],
    )


def tile(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 3)
    r = len(inp) if inp is not None else 2
    mult = [g.rng.randint(0, 3) for _ in range(r)]
    if mult and g.chance(0.1):
        mult[g.rng.randrange(r)] = -1
    if g.chance(0.08):
        mult = [*mult, 1] if g.chance(0.5) else mult[:-1]
    m_op = g.vector_operand(mult, g.index())
    if g.chance(0.04):
        m_op = Operand(tensor(g.pick((2, 2), ()), "i32"))
    out = (
        tuple(None if d is None or k < 0 else d * k for d, k in zip(inp, mult, strict=False))
        if inp is not None
        else None
    )
    return Case(i, "tf.Tile", [Operand(tensor(inp, e)), m_op], [tensor(g.near(out, 0.3), g.odd(e))])


def pad(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 3)
    r = len(inp) if inp is not None else 2
    values = [g.rng.randint(0, 2) for _ in range(2 * r)]
    p = (
        Operand(
            tensor((r, 2), g.index()),
            "dense<[" + ", ".join(f"[{values[2 * k]}, {values[2 * k + 1]}]" for k in range(r)) + "]>"
            if r
            else "dense<>",
        )
        if g.chance(0.6)
        else Operand(tensor(g.pick((r, 2), (None, 2), None, (r, 2), (2 * r,), (r, 2, 1), ()), g.index()))
    )
    operands = [Operand(tensor(inp, e)), p]
    name = "tf.Pad"
    if g.chance(0.4):
        name = "tf.PadV2"
        operands.append(Operand(tensor(g.pick((), (), (1,)), g.odd(e))))
    return Case(i, name, operands, [tensor(g.shape(), g.odd(e))])


def gather_v2(g: Gen, i: int) -> Case:
    e = g.element()
    params = g.shape(0, 3)
    indices = g.shape(0, 3)
    axis = g.rng.randint(-3, 3)
    batch = g.rng.randint(-2, 2) if g.chance(0.3) else None
    attrs = g.attr("batch_dims", f"{batch} : i64", bad="1.0") if batch is not None else []
    axis_op = g.scalar_operand(axis, g.index())
    if g.chance(0.04):
        axis_op = Operand(tensor((1, 1), "i32"))
    return Case(
        i,
        "tf.GatherV2",
        [Operand(tensor(params, e)), Operand(tensor(indices, g.index())), axis_op],
        [tensor(g.shape(), g.odd(e))],
        attrs,
    )


def fill(g: Gen, i: int) -> Case:
    e = g.element()
    dims = list(g.dims(g.rng.randint(0, 3), 0))
    d_op = g.vector_operand(dims, g.index(), 0.5)
    if g.chance(0.06):
        d_op = Operand(tensor(g.pick((2, 2), ()), "i32"))
    return Case(i, "tf.Fill", [d_op, Operand(tensor(g.pick((), (), (1,), None), e))], [tensor(g.shape(), g.odd(e))])


def one_hot(g: Gen, i: int) -> Case:
    e = g.element()
    indices = g.shape(0, 3)
    axis = g.rng.randint(-2, 3)
    depth = g.scalar_operand(g.rng.randint(-1, 4), g.index(), 0.6)
    scalars = [Operand(tensor(g.pick((), (), (), (1,)), g.odd(e))) for _ in range(2)]
    attrs = g.attr("axis", f"{axis} : i64", bad=f"{axis} : i32") if g.chance(0.8) else []
    return Case(
        i, "tf.OneHot", [Operand(tensor(indices, g.index())), depth, *scalars], [tensor(g.shape(), g.odd(e))], attrs
    )


def range_(g: Gen, i: int) -> Case:
    e = g.pick("i32", "i64", "f32", "f64")
    ops = [g.scalar_operand(g.rng.randint(-2, 6), g.odd(e, 0.1), 0.5) for _ in range(3)]
    return Case(i, "tf.Range", ops, [tensor(g.pick((None,), (3,), (2, 2), None), g.odd(e))])


def where(g: Gen, i: int) -> Case:
    return Case(
        i,
        "tf.Where",
        [Operand(tensor(g.shape(), g.pick("i1", "f32", "i32", "!tf_type.string")))],
        [tensor(g.pick((None, 2), (3, 1), (None,), None), g.pick("i64", "i64", "i32"))],
    )


def cast(g: Gen, i: int) -> Case:
    s = g.shape()
    attrs = g.attr("Truncate", "false", bad="1") if g.chance(0.3) else []
    return Case(i, "tf.Cast", [Operand(tensor(s, g.element()))], [tensor(g.near(s, 0.4), g.element())], attrs)


def identity(g: Gen, i: int) -> Case:
    s = g.shape()
    e = g.element()
    return Case(i, "tf.Identity", [Operand(tensor(s, e))], [tensor(g.near(s, 0.4), g.odd(e, 0.15))])


DATA: list[tuple[Callable[[Gen, int], Case], int]] = [
    (broadcast_to, 3),
    (broadcast_args, 1),
    (reshape, 4),
    (transpose, 4),
    (concat_v2, 3),
    (pack, 3),
    (unpack, 2),
    (split, 3),
    (split_v, 3),
    (slice_, 4),
    (strided_slice, 3),
    (squeeze, 2),
    (expand_dims, 1),
    (tile, 3),
    (pad, 2),
    (gather_v2, 3),
    (fill, 2),
    (one_hot, 2),
    (range_, 1),
    (where, 1),
    (cast, 1),
    (identity, 1),
]


# ------------------------------------------------------------------------------------ the rest


def batch_matmul(g: Gen, i: int) -> Case:
    name = g.pick("tf.BatchMatMul", "tf.BatchMatMulV2", "tf.BatchMatMulV2", "tf.BatchMatMulV3")
    e = g.pick("f32", "f32", "f32", "i32", "f16", "i8", "!tf_type.f32ref")
    r1, r2 = g.rng.randint(1, 4), g.rng.randint(1, 4)
    m, k, n = g.size(), g.size(), g.size()
    batch = g.dims(max(r1, r2) - 2, 0.1) if max(r1, r2) > 2 else ()
    x = (*tuple(g.pick(1, d) for d in batch[len(batch) - max(r1 - 2, 0) :]), m, k) if r1 >= 2 else g.dims(r1)
    y = (
        (*tuple(g.pick(1, d) for d in batch[len(batch) - max(r2 - 2, 0) :]), k if g.chance(0.9) else g.size(), n)
        if r2 >= 2
        else g.dims(r2)
    )
    adj_x, adj_y = g.chance(0.2), g.chance(0.2)
    if adj_x and len(x) >= 2:
        x = (*x[:-2], x[-1], x[-2])
    if adj_y and len(y) >= 2:
        y = (*y[:-2], y[-1], y[-2])
    attrs = []
    if adj_x or g.chance(0.1):
        attrs += g.attr("adj_x", str(adj_x).lower(), bad="1")
    if adj_y or g.chance(0.1):
        attrs += g.attr("adj_y", str(adj_y).lower(), bad="1")
    out = (*batch, m, n)
    re = "i32" if e == "i8" else e
    return Case(
        i,
        name,
        [Operand(tensor(g.near(x, 0.15), e)), Operand(tensor(g.near(y, 0.15), g.odd(e)))],
        [tensor(g.near(out, 0.3), g.odd(re))],
        attrs,
        g.chance(0.3),
    )


def matmul(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "i32", "f16", "i8", "!tf_type.f32ref")
    m, k, n = g.size(), g.size(), g.size()
    ta, tb = g.chance(0.2), g.chance(0.2)
    a, b = ((k, m) if ta else (m, k)), ((n, k) if tb else (k, n))
    attrs = (g.attr("transpose_a", "true", bad="1") if ta else []) + (g.attr("transpose_b", "true") if tb else [])
    return Case(
        i,
        "tf.MatMul",
        [Operand(tensor(g.near(a), e)), Operand(tensor(g.near(b), g.odd(e)))],
        [tensor(g.near((m, n)), g.odd(e))],
        attrs,
    )


def einsum(g: Gen, i: int) -> Case:
    e = g.element()
    n = g.pick(1, 2, 2, 2, 3)
    eq = g.pick('"ij,jk->ik"', '"ij->ji"', '"bij,bjk->bik"', '"i,i->"')
    operands = [Operand(tensor(g.shape(1, 3), g.odd(e))) for _ in range(n)]
    attrs = g.attr("equation", eq, bad="3", p=0.06)
    return Case(i, "tf.Einsum", operands, [tensor(g.shape(), e)], attrs)


def _conv_attrs(g: Gen, pool: bool = False, avg: bool = False) -> list[str]:
    attrs: list[str] = []
    four = lambda: "[" + ", ".join(str(v) for v in (1, g.rng.randint(1, 3), g.rng.randint(1, 3), 1)) + "]"  # noqa: E731
    if pool:
        attrs += g.attr("ksize", four(), bad=g.pick("[1, 2, 2]", "1"))
    strides = four() if g.chance(0.92) else g.pick("[1, 1]", "[1, 0, 1, 1]")
    attrs += g.attr("strides", strides, bad="[1, 2, 2]" if pool else "2")
    padding = g.pick('"SAME"', '"VALID"', '"VALID"', '"EXPLICIT"' if not avg else '"VALID"')
    attrs += g.attr("padding", padding, bad='"FOO"')
    if padding == '"EXPLICIT"' and g.chance(0.85):
        values = [0, 0, *(g.rng.randint(0, 2) for _ in range(4)), 0, 0]
        if g.chance(0.1):
            values = g.pick([0, 0, 0, 0], [0, 0, -1, 0, 0, 0, 0, 0])
        attrs.append("explicit_paddings = [" + ", ".join(str(v) for v in values) + "]")
    if g.chance(0.15):
        attrs += g.attr("data_format", g.pick('"NHWC"', '"NCHW"', '"NHWC"'), bad='"XYZ"')
    if not pool and g.chance(0.2):
        attrs.append("dilations = " + g.pick("[1, 1, 1, 1]", "[1, 2, 2, 1]", "[1, 1, 1]", "[1, 0, 1, 1]"))
    return attrs


def conv_2d(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "f16", "i32", "i8")
    c, o = g.rng.randint(1, 4), g.rng.randint(1, 4)
    x = g.near((g.pick(1, 2), g.rng.randint(1, 8), g.rng.randint(1, 8), c), 0.15)
    w = g.near((g.rng.randint(1, 4), g.rng.randint(1, 4), g.pick(c, c, 1, 2), o), 0.15)
    if w is not None and len(w) == 4 and w[2] == 0:  # TensorFlow 2.21 divides by it (SIGFPE)
        w = (*w[:2], 1, w[3])
    attrs = _conv_attrs(g)
    out = g.near((x[0] if x else 1, g.rng.randint(0, 8), g.rng.randint(0, 8), o), 0.2)
    if g.chance(0.5):  # the right output, as broadcheck computes it, to reach the checks after the inference
        out = _conv_output(x, w, attrs) or out
    if g.chance(0.4):
        return Case(
            i,
            "tf.DepthwiseConv2dNative",
            [Operand(tensor(x, e)), Operand(tensor(w, g.odd(e)))],
            [tensor(out, g.odd(e))],
            [a for a in attrs if not a.startswith("use_cudnn")],
            g.chance(0.3),
        )
    if g.chance(0.1):
        attrs += g.attr("use_cudnn_on_gpu", "true", bad="3")
    return Case(
        i,
        "tf.Conv2D",
        [Operand(tensor(x, e)), Operand(tensor(w, g.odd(e)))],
        [tensor(out, g.odd(e))],
        attrs,
        g.chance(0.3),
    )


def _conv_output(x: Shape, w: Shape, attrs: list[str]) -> Shape:
    """The NHWC output of an undilated SAME/VALID convolution of static ``x`` by ``w``, else ``None``."""
    from broadcheck.dialects.tfl.nn import windowed

    written = dict(a.split(" = ", 1) for a in attrs)
    strides = re.fullmatch(r"\[(\d+), (\d+), (\d+), (\d+)\]", written.get("strides", ""))
    padding = written.get("padding", "").strip('"')
    if x is None or w is None or len(x) != 4 or len(w) != 4 or None in x or None in w or strides is None:
        return None
    if padding not in ("SAME", "VALID") or "data_format" in written or "dilations" in written:
        return None
    sh, sw = int(strides.group(2)), int(strides.group(3))
    if sh <= 0 or sw <= 0:
        return None
    return (x[0], windowed(x[1] or 0, w[0] or 0, 1, sh, padding), windowed(x[2] or 0, w[1] or 0, 1, sw, padding), w[3])


def pool(g: Gen, i: int) -> Case:
    avg = g.chance(0.5)
    e = g.pick("f32", "f32", "f16", "i32", "!tf_type.qint8")
    x = g.near((1, g.rng.randint(1, 8), g.rng.randint(1, 8), 3), 0.2)
    return Case(
        i,
        "tf.AvgPool" if avg else "tf.MaxPool",
        [Operand(tensor(x, e))],
        [tensor(g.shape(), g.odd(e))],
        _conv_attrs(g, True, avg),
        g.chance(0.3),
    )


def bias_add(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "i32", "!tf_type.string")
    v = g.shape(0, 4)
    fmt = g.pick("NHWC", "NHWC", "NCHW")
    c = (v[1] if fmt == "NCHW" and len(v) > 1 else v[-1] if v else 3) if v is not None else 3
    b = g.near((c if c is not None else 3,), 0.3)
    attrs = g.attr("data_format", f'"{fmt}"', bad='"X"') if fmt == "NCHW" or g.chance(0.2) else []
    return Case(
        i, "tf.BiasAdd", [Operand(tensor(v, e)), Operand(tensor(b, g.odd(e)))], [tensor(g.near(v), g.odd(e))], attrs
    )


def reduce(g: Gen, i: int) -> Case:
    name = g.pick("tf.Sum", "tf.Mean", "tf.Max", "tf.Min", "tf.Prod")
    e = g.pick("f32", "f32", "i32", "i1", "complex<f32>", "!tf_type.qint8")
    axes = g.vector_operand([g.rng.randint(-2, 2)], g.index(), 0.6)
    attrs = g.attr("keep_dims", g.pick("true", "false"), bad="1") if g.chance(0.7) else []
    return Case(i, name, [Operand(tensor(g.shape(), e)), axes], [tensor(g.shape(), g.odd(e))], attrs)


def softmax(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "f16", "i32")
    s = g.shape()
    return Case(i, "tf.Softmax", [Operand(tensor(s, e))], [tensor(g.near(s, 0.3), g.odd(e, 0.1))])


OTHERS: list[tuple[Callable[[Gen, int], Case], int]] = [
    (batch_matmul, 5),
    (matmul, 2),
    (einsum, 2),
    (conv_2d, 6),
    (pool, 3),
    (bias_add, 3),
    (reduce, 2),
    (softmax, 2),
]


# ------------------------------------------------------------------------------------ the test


SILENT = "<the verifier fails without a message>"


def tf_first_error(text: str) -> str:
    """TensorFlow's first error on ``text``, ``ok``, or :data:`SILENT` (the binding then returns
    ``// error`` and raises nothing)."""
    from .test_tf_ops import tf

    try:
        out = tf.mlir.experimental.run_pass_pipeline(text, "", show_debug_info=False)
    except Exception as exc:  # the binding raises a plain Exception with the diagnostics as text
        for line in str(exc).splitlines():
            if ": error: " in line:
                return line.split(": error: ", 1)[1]
        return "unreadable: " + str(exc)[:200]
    return SILENT if out.strip() == "// error" else "ok"


def agree(want: str, got: str) -> bool:
    if want == SILENT:
        return "the verifier rejects this op without a message" in got
    return want == got or (want.startswith("unreadable") and got == "ok")


def cases(table: list[tuple[Callable[[Gen, int], Case], int]], seed: int, n: int) -> list[Case]:
    g = Gen(seed)
    makers = [maker for maker, weight in table for _ in range(weight)]
    return [g.rng.choice(makers)(g, i) for i in range(n)]


def _run(family: str, table: list[tuple[Callable[[Gen, int], Case], int]], seed: int) -> None:
    from .test_tf_ops import _require_tf

    _require_tf()
    batch = cases(table, seed, COUNT)
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    per_op: collections.Counter[str] = collections.Counter()
    diffs = []
    for case in batch:
        want = tf_first_error(case.text)
        got = common.broadcheck_first_error(case.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        per_op[case.op] += 1
        if not agree(want, got):
            diffs.append((case, want, got))
    summary = (
        f"tf {family}: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}; "
        f"ops {dict(sorted(per_op.items()))}"
    )
    print("\n" + summary)
    dump = os.environ.get("BROADCHECK_TF_SHAPE_DUMP")
    if dump:
        with open(dump, "w") as out:
            for case, want, got in diffs:
                out.write(f"--- case {case.index}\n{case.text}  tool:       {want}\n  broadcheck: {got}\n")
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes


def test_tf_data_ops_match_tensorflow() -> None:
    """broadcheck gives TensorFlow's verdict and first error on every data-movement case."""
    _run("data", DATA, SEED)


def test_tf_other_shape_ops_match_tensorflow() -> None:
    """broadcheck gives TensorFlow's verdict and first error on every matmul, conv, pool, reduce case."""
    _run("others", OTHERS, SEED + 1)
