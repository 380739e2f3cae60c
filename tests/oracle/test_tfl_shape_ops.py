"""Differential test: the ``tfl`` shape ops against TensorFlow 2.21's TFLite importer.

Each case is one op as a one-op TFLite model (:mod:`tests.oracle.tflmodel`), which the
importer builds and verifies, and the same op as MLIR text for broadcheck (constants as
``tfl.pseudo_const``, options as attributes). The first error must agree (broadcheck's
warnings, what only the TFLite kernels check, are not compared).

Two families, each at least 2,000 cases: the ops that move data (``broadcast_to``,
``reshape``, ``transpose``, ``concatenation``, ``pack``, ``unpack``, ``split``, ``split_v``,
``slice``, ``strided_slice``, ``squeeze``, ``expand_dims``, ``tile``, ``pad``, ``padv2``,
``gather``, ``gather_nd``, ``fill``, ``one_hot``, ``cast``, ``broadcast_args``) and those of
neural networks (``batch_matmul``, ``fully_connected``, ``conv_2d``, ``depthwise_conv_2d``,
``transpose_conv``, ``max_pool_2d``, ``average_pool_2d``, the five reductions, ``softmax``):
ranks 0-9, sizes 0-9 and ``?``, unranked tensors, shape operands that are constants (right,
wrong, negative, too long) or graph inputs, attributes in and out of range, element types
that agree or not, quantized types, and results that are right or wrong.

Run by ``make oracle-tf`` (TensorFlow in its own environment); FAILS (never skips) when
TensorFlow is missing. Knobs: ``BROADCHECK_TFL_SHAPE_CASES`` (per family, default 2500),
``BROADCHECK_TFL_SHAPE_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
from collections.abc import Callable

import pytest

from . import common, tflmodel
from .tflmodel import Case, Shape, Tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_SHAPE_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_TFL_SHAPE_SEED", 20260411))
SHOW = 12

ELEMENTS = ["f32", "f32", "f32", "i32", "i32", "i64", "i8", "ui8", "i1", "i16", "f16", *tflmodel.QUANT]
PADDING = {0: "SAME", 1: "VALID"}
"""Padding values and their strings; other values are out of range (the importer writes "")."""
ACTIVATION = {0: "NONE", 1: "RELU", 3: "RELU6"}


class Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # ------------------------------------------------------------------------------- basics

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, *items):  # type: ignore[no-untyped-def]
        return self.rng.choice(items)

    def size(self) -> int:
        return self.rng.choice((0, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8))

    def dims(self, rank: int, dynamic: float = 0.12) -> tuple[int | None, ...]:
        return tuple(None if self.chance(dynamic) else self.size() for _ in range(rank))

    def shape(self, lo: int = 0, hi: int = 4, unranked: float = 0.05, dynamic: float = 0.12) -> Shape:
        if self.chance(unranked):
            return None
        return self.dims(self.rng.randint(lo, hi), dynamic)

    def element(self) -> str:
        return self.rng.choice(ELEMENTS)

    def near(self, s: Shape, p: float = 0.25) -> Shape:
        """``s`` mostly; now and then a size changed, made dynamic, the rank changed, or unranked."""
        if s is None or not self.chance(p):
            return s
        r = self.rng.random()
        if r < 0.1:
            return None
        if r < 0.25:
            return (*tuple(s), self.size()) if self.chance(0.5) or not s else tuple(s[:-1])
        out = list(s)
        if out:
            i = self.rng.randrange(len(out))
            out[i] = None if self.chance(0.3) else self.size()
        return tuple(out)

    def int_tensor(self, values: list[int] | None, element: str = "i32", shape: Shape = None) -> Tensor:
        if shape is None and values is not None:
            shape = (len(values),)
        return Tensor(shape, element, values)

    def shape_operand(self, values: list[int], element: str = "i32", const: float = 0.8) -> Tensor:
        """A 1-D integer operand holding ``values``: a constant mostly, a graph input now and then."""
        if self.chance(const):
            return Tensor((len(values),), element, list(values))
        return Tensor(self.pick((len(values),), (len(values),), (None,)), element)

    def out_elem(self, e: str) -> str:
        return e if self.chance(0.85) else self.element()


def static(s: Shape) -> bool:
    return s is not None and None not in s


def count(s: tuple[int | None, ...]) -> int:
    n = 1
    for d in s:
        n *= d or 0
    return n


# ------------------------------------------------------------------------------ data movement


def broadcast_to(g: Gen, i: int) -> Case:
    e = g.element()
    out = g.dims(g.rng.randint(0, 9 if g.chance(0.15) else 5), 0.0)
    inp = tuple(g.pick(1, d) for d in out[g.rng.randint(0, len(out)) :]) if g.chance(0.7) else g.shape()
    shape_t = g.shape_operand(list(out), g.pick("i32", "i64"))
    if g.chance(0.1):
        shape_t = Tensor(g.pick((), (2, 2), (1, 1), None), "i32")
    result = g.near(out) if g.chance(0.8) else g.shape()
    return Case(i, "tfl.broadcast_to", [Tensor(g.near(inp, 0.1), e), shape_t], [Tensor(result, g.out_elem(e))])


def broadcast_args(g: Gen, i: int) -> Case:
    e = g.pick("i32", "i64")
    a, b = g.dims(g.rng.randint(0, 4), 0), g.dims(g.rng.randint(0, 4), 0)
    ta = g.shape_operand(list(a), e if g.chance(0.9) else g.pick("i32", "i64"), 0.5)
    tb = g.shape_operand(list(b), e, 0.5)
    if g.chance(0.1):
        ta = Tensor(g.pick((), (2, 2), None), e)
    out = (max(len(a), len(b)),) if g.chance(0.8) else (g.size(),)
    return Case(i, "tfl.broadcast_args", [ta, tb], [Tensor(out, e if g.chance(0.9) else g.pick("i32", "i64"))])


def reshape(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4, dynamic=0.1)
    if static(inp) and g.chance(0.8):
        assert inp is not None
        n = count(inp)
        target = [n] if g.chance(0.2) else list(g.rng.choice(_factorizations(n)))
    else:
        target = list(g.dims(g.rng.randint(0, 4), 0))
    if target and g.chance(0.3):
        target[g.rng.randrange(len(target))] = -1
    if target and g.chance(0.06):
        target[g.rng.randrange(len(target))] = g.pick(-1, -2, -5)
    shape_t = g.shape_operand([v for v in target], "i32", 0.75)
    if g.chance(0.06):
        shape_t = Tensor(g.pick((2, 2), (), None), "i32")
    out: Shape = tuple(None if v == -1 else v for v in target) if all(v >= -1 for v in target) else g.shape()
    if out is not None and -1 in target and min(target) >= -1 and static(inp) and g.chance(0.7):
        assert inp is not None
        known = 1
        for v in target:
            known *= v if v > 0 else 1
        out = tuple((count(inp) // known if known else 0) if v == -1 else v for v in target)
    return Case(i, "tfl.reshape", [Tensor(inp, e), shape_t], [Tensor(g.near(out), g.out_elem(e))])


def _factorizations(n: int) -> list[tuple[int, ...]]:
    outs = [(n,), (1, n), (n, 1)]
    for a in range(2, n + 1):
        if n % a == 0:
            outs.append((a, n // a))
            for b in range(2, n // a + 1):
                if (n // a) % b == 0:
                    outs.append((a, b, n // a // b))
    if n == 0:
        outs += [(0, 3), (2, 0, 1)]
    return outs


def transpose(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 5 if g.chance(0.9) else 10, dynamic=0.08)
    r = len(inp) if inp is not None else g.rng.randint(1, 4)
    perm = list(range(r))
    g.rng.shuffle(perm)
    if g.chance(0.15) and perm:
        perm[g.rng.randrange(r)] = g.pick(r, -1, 0, r + 1, -r - 1)
    if g.chance(0.1):
        perm = perm[:-1] if perm and g.chance(0.5) else [*perm, 0]
    perm_t = g.shape_operand(perm, "i32", 0.8)
    if g.chance(0.05):
        perm_t = Tensor(g.pick((), (2, 2), None), "i32")
    out = tuple(inp[p] if 0 <= p < len(inp) else 1 for p in perm) if inp is not None and g.chance(0.8) else g.shape()
    return Case(i, "tfl.transpose", [Tensor(inp, e), perm_t], [Tensor(g.near(out), g.out_elem(e))])


def concatenation(g: Gen, i: int) -> Case:
    e = g.element()
    base = g.dims(g.rng.randint(1, 4), 0.05)
    n = g.rng.randint(1, 4)
    axis = g.rng.randrange(len(base))
    inputs = []
    total: int | None = 0
    for _ in range(n):
        s = list(base)
        s[axis] = g.size() if g.chance(0.9) else None
        s2 = g.near(tuple(s), 0.15)
        inputs.append(Tensor(s2, g.out_elem(e)))
        if s2 is None or len(s2) != len(base) or s2[axis] is None or total is None:
            total = None
        else:
            total += s2[axis]
    out = list(base)
    out[axis] = total
    a = axis - len(base) if g.chance(0.3) else axis
    if g.chance(0.08):
        a = g.pick(len(base), -len(base) - 1, 5)
    af, af_text = _activation(g)
    return Case(
        i,
        "tfl.concatenation",
        inputs,
        [Tensor(g.near(tuple(out), 0.2), g.out_elem(e))],
        ("ConcatenationOptions", {"axis": a, "fusedActivationFunction": af}),
        f'axis = {a} : i32, fused_activation_function = "{af_text}"',
    )


def pack(g: Gen, i: int) -> Case:
    e = g.element()
    base = g.shape(0, 3, dynamic=0.05)
    n = g.rng.randint(1, 4)
    inputs = [Tensor(g.near(base, 0.1), g.out_elem(e) if g.chance(0.3) else e) for _ in range(n)]
    r = len(base) if base is not None else 2
    axis = g.rng.randint(-r - 1, r) if g.chance(0.9) else g.pick(r + 1, -r - 2)
    a = axis + r + 1 if axis < 0 else axis
    out = (*tuple(base[:a]), n, *tuple(base[a:])) if base is not None and 0 <= a <= r else g.shape()
    count_ = n if g.chance(0.9) else g.pick(n + 1, n - 1, 0)
    return Case(
        i,
        "tfl.pack",
        inputs,
        [Tensor(g.near(out, 0.15), g.out_elem(e))],
        ("PackOptions", {"valuesCount": count_, "axis": axis}),
        f"axis = {axis} : i32, values_count = {count_} : i32",
    )


def unpack(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4, dynamic=0.08)
    r = len(inp) if inp is not None else 2
    axis = g.rng.randint(-r, max(r - 1, 0)) if g.chance(0.9) else g.pick(r, -r - 1)
    a = axis + r if axis < 0 else axis
    num = inp[a] if inp is not None and 0 <= a < r and inp[a] is not None and g.chance(0.85) else g.rng.randint(0, 4)
    num = min(num or 0, 6)
    piece = tuple(inp[:a]) + tuple(inp[a + 1 :]) if inp is not None and 0 <= a < r else g.shape()
    outs = [Tensor(g.near(piece, 0.1), e if g.chance(0.95) else g.element()) for _ in range(num)]
    if g.chance(0.05):
        outs.append(Tensor(piece, e))
    if not outs:
        outs = [Tensor(piece, e)]
    return Case(
        i,
        "tfl.unpack",
        [Tensor(inp, e)],
        outs,
        ("UnpackOptions", {"num": num, "axis": axis}),
        f"axis = {axis} : i32, num = {num} : i32",
    )


def split(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(1, 4, dynamic=0.08)
    r = len(inp) if inp is not None else 2
    axis = g.rng.randint(-r, r - 1) if g.chance(0.9) else g.pick(r, -r - 1)
    num = g.pick(1, 2, 2, 3, 4) if g.chance(0.95) else 0
    a = axis + r if axis < 0 else axis
    size = inp[a] if inp is not None and 0 <= a < r else None
    piece_size = size // num if size is not None and num and size % num == 0 else (g.size() if size else None)
    piece = (*tuple(inp[:a]), piece_size, *tuple(inp[a + 1 :])) if inp is not None and 0 <= a < r else g.shape()
    n_out = num if g.chance(0.92) else num + 1
    outs = [Tensor(g.near(piece, 0.1), g.out_elem(e)) for _ in range(max(n_out, 1))]
    dim = g.pick(Tensor((), "i32", [axis]), Tensor((), "i32", [axis]), Tensor((1,), "i32", [axis]))
    if g.chance(0.1):
        dim = g.pick(Tensor((), "i32"), Tensor((2,), "i32", [axis, axis]), Tensor(None, "i32"), Tensor((None,), "i32"))
    return Case(
        i, "tfl.split", [dim, Tensor(inp, e)], outs, ("SplitOptions", {"numSplits": num}), f"num_splits = {num} : i32"
    )


def split_v(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(1, 4, dynamic=0.08)
    r = len(inp) if inp is not None else 2
    axis = g.rng.randint(-r, r - 1) if g.chance(0.9) else g.pick(r, -r - 1)
    num = g.pick(1, 2, 2, 3) if g.chance(0.97) else 0
    a = axis + r if axis < 0 else axis
    size = inp[a] if inp is not None and 0 <= a < r else None
    sizes = [g.size() for _ in range(num)]
    if size is not None and num and g.chance(0.7):
        sizes = [size // num] * num
        sizes[-1] += size - sum(sizes)
    if sizes and g.chance(0.25):
        sizes[g.rng.randrange(num)] = -1
    if sizes and g.chance(0.05):
        sizes[g.rng.randrange(num)] = g.pick(-2, -1)
    if g.chance(0.05):
        sizes.append(1)
    sizes_t = Tensor((len(sizes),), "i32", sizes) if g.chance(0.85) else Tensor((len(sizes),), "i32")
    if g.chance(0.05):
        sizes_t = Tensor(g.pick((), (1, 2), None), g.pick("i32", "i64"))
    dim = Tensor((), "i32", [axis]) if g.chance(0.9) else g.pick(Tensor((1,), "i32", [axis]), Tensor((), "i64", [axis]))
    known = [s for s in sizes if s >= 0]
    outs = []
    for s in sizes[: max(num, 1)] if g.chance(0.92) else [*sizes, 1]:
        piece_size = s if s >= 0 else (size - sum(known) if size is not None and size >= sum(known) else None)
        piece = (*tuple(inp[:a]), piece_size, *tuple(inp[a + 1 :])) if inp is not None and 0 <= a < r else None
        outs.append(Tensor(g.near(piece, 0.1), g.out_elem(e)))
    if not outs:
        outs = [Tensor(inp, e)]
    return Case(
        i,
        "tfl.split_v",
        [Tensor(inp, e), sizes_t, dim],
        outs,
        ("SplitVOptions", {"numSplits": num}),
        f"num_splits = {num} : i32",
    )


def slice_(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 5 if g.chance(0.9) else 8, dynamic=0.08)
    r = len(inp) if inp is not None else 2
    begin = [g.rng.randint(0, d or 3) for d in (inp or (3,) * r)]
    size = [g.rng.randint(-1, (d or 3) - b) for d, b in zip(inp or (3,) * r, begin, strict=True)]
    if begin and g.chance(0.15):
        begin[g.rng.randrange(r)] = g.pick(-1, 9, 4)
    if size and g.chance(0.15):
        size[g.rng.randrange(r)] = g.pick(-2, 9, 3)
    if g.chance(0.08):
        begin = [*begin, 0] if g.chance(0.5) else begin[:-1]
    elem = g.pick("i32", "i32", "i64")
    bt = g.shape_operand(begin, elem, 0.75)
    st = g.shape_operand(size, elem, 0.75)
    if g.chance(0.05):
        bt = Tensor(g.pick((2, 2), None), elem)
    out = (
        tuple((d - b if d is not None else None) if z == -1 else z for d, b, z in zip(inp, begin, size, strict=False))
        if inp is not None
        else None
    )
    if out is not None and any(d is not None and d < 0 for d in out):
        out = tuple(None if d is not None and d < 0 else d for d in out)
    return Case(i, "tfl.slice", [Tensor(inp, e), bt, st], [Tensor(g.near(out), g.out_elem(e))])


def strided_slice(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 5, dynamic=0.08)
    r = len(inp) if inp is not None else 2
    n = r if g.chance(0.8) else g.rng.randint(0, r + 2)
    begin = [g.rng.randint(0, 2) for _ in range(n)]
    end = [g.rng.randint(1, 4) for _ in range(n)]
    strides = [1] * n
    masks = {
        k: (g.rng.randrange(1 << max(n, 1)) if g.chance(0.2) else 0)
        for k in ("begin", "end", "new_axis", "shrink_axis", "ellipsis")
    }
    if masks["ellipsis"] and g.chance(0.5):
        masks["ellipsis"] = 0
    lens = [n, n, n]
    if g.chance(0.08):
        lens[g.rng.randrange(3)] = n + 1
    tensors = [
        g.shape_operand(v[: lens[k]] + [1] * (lens[k] - len(v)), "i32", 0.7)
        for k, v in enumerate((begin, end, strides))
    ]
    if g.chance(0.05):
        tensors[g.rng.randrange(3)] = Tensor(g.pick((), (2, 2), None), "i32")
    out = g.shape()
    opts = {
        "beginMask": masks["begin"],
        "endMask": masks["end"],
        "ellipsisMask": masks["ellipsis"],
        "newAxisMask": masks["new_axis"],
        "shrinkAxisMask": masks["shrink_axis"],
        "offset": False,
    }
    attrs = (
        f"begin_mask = {masks['begin']} : i32, ellipsis_mask = {masks['ellipsis']} : i32, end_mask = {masks['end']} : i32, "
        f"new_axis_mask = {masks['new_axis']} : i32, offset = false, shrink_axis_mask = {masks['shrink_axis']} : i32"
    )
    return Case(
        i,
        "tfl.strided_slice",
        [Tensor(inp, e), *tensors],
        [Tensor(out, g.out_elem(e))],
        ("StridedSliceOptions", opts),
        attrs,
    )


def squeeze(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 5)
    dims = [g.rng.randint(-3, 3) for _ in range(g.rng.randint(0, 3))]
    attr = "[" + ", ".join(f"{d}" for d in dims) + "]" if dims else "[]"
    return Case(
        i,
        "tfl.squeeze",
        [Tensor(inp, e)],
        [Tensor(g.shape(), g.out_elem(e))],
        ("SqueezeOptions", {"squeezeDims": dims}),
        f"squeeze_dims = {attr}",
    )


def expand_dims(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4)
    axis = g.rng.randint(-3, 3)
    at = Tensor((), g.pick("i32", "i64"), [axis]) if g.chance(0.7) else Tensor(g.pick((), (1,), None), "i32")
    return Case(i, "tfl.expand_dims", [Tensor(inp, e), at], [Tensor(g.shape(), g.out_elem(e))])


def tile(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 4)
    r = len(inp) if inp is not None else 2
    mult = [g.rng.randint(0, 3) for _ in range(r)]
    return Case(
        i,
        "tfl.tile",
        [Tensor(inp, e), g.shape_operand(mult, g.pick("i32", "i64"), 0.6)],
        [Tensor(g.shape(), g.out_elem(e))],
    )


def _padding(g: Gen, r: int) -> Tensor:
    rows = r if g.chance(0.85) else g.rng.randint(0, 7)
    values = [g.rng.randint(0, 2) for _ in range(rows * 2)]
    elem = g.pick("i32", "i64")
    t = Tensor((rows, 2), elem, values) if g.chance(0.6) else Tensor((rows, g.pick(2, 2, 3)), elem)
    if g.chance(0.08):
        t = Tensor(g.pick((rows,), (), (None, 2), None), elem)
    return t


def pad(g: Gen, i: int) -> Case:
    e = g.element()
    inp = g.shape(0, 7 if g.chance(0.2) else 5)
    r = len(inp) if inp is not None else 2
    inputs = [Tensor(inp, e), _padding(g, r)]
    if g.chance(0.5):
        cv = Tensor(g.pick((), (), (), (1,), None), g.out_elem(e))
        return Case(i, "tfl.padv2", [*inputs, cv], [Tensor(g.shape(), g.out_elem(e))])
    return Case(i, "tfl.pad", inputs, [Tensor(g.shape(), g.out_elem(e))])


def gather(g: Gen, i: int) -> Case:
    e = g.pick(*ELEMENTS, "!tf_type.string")
    params = g.shape(0, 4)
    axis = g.rng.randint(-2, 2)
    if g.chance(0.5):
        idx = Tensor(g.shape(0, 3), g.pick("i32", "i64"))
        return Case(
            i,
            "tfl.gather",
            [Tensor(params, e), idx],
            [Tensor(g.shape(), g.out_elem(e))],
            ("GatherOptions", {"axis": axis, "batchDims": 0}),
            f"axis = {axis} : i32, batch_dims = 0 : i32",
        )
    idx = Tensor(g.shape(1, 3), g.pick("i32", "i64"))
    return Case(i, "tfl.gather_nd", [Tensor(params, e), idx], [Tensor(g.shape(), g.out_elem(e))])


def fill(g: Gen, i: int) -> Case:
    e = g.pick("f32", "i32", "i64", "i1")
    dims = list(g.dims(g.rng.randint(0, 3), 0))
    return Case(
        i,
        "tfl.fill",
        [g.shape_operand(dims, g.pick("i32", "i64"), 0.5), Tensor(g.pick((), (), (1,)), e)],
        [Tensor(g.shape(), g.out_elem(e))],
    )


def one_hot(g: Gen, i: int) -> Case:
    e = g.pick("f32", "i32", "i64", "i1")
    axis = g.rng.randint(-1, 2)
    return Case(
        i,
        "tfl.one_hot",
        [
            Tensor(g.shape(0, 3), g.pick("i32", "i64")),
            Tensor((), "i32", [g.rng.randint(1, 4)]),
            Tensor((), e),
            Tensor((), e),
        ],
        [Tensor(g.shape(), e)],
        ("OneHotOptions", {"axis": axis}),
        f"axis = {axis} : i32",
    )


def cast(g: Gen, i: int) -> Case:
    inp = g.shape()
    return Case(
        i,
        "tfl.cast",
        [Tensor(inp, g.pick("f32", "i32", "i64", "i1"))],
        [Tensor(g.near(inp, 0.4), g.pick("f32", "i32", "i1"))],
    )


DATA: list[tuple[Callable[[Gen, int], Case], int]] = [
    (broadcast_to, 5),
    (broadcast_args, 2),
    (reshape, 5),
    (transpose, 4),
    (concatenation, 4),
    (pack, 3),
    (unpack, 3),
    (split, 4),
    (split_v, 4),
    (slice_, 4),
    (strided_slice, 3),
    (squeeze, 1),
    (expand_dims, 1),
    (tile, 1),
    (pad, 3),
    (gather, 2),
    (fill, 1),
    (one_hot, 1),
    (cast, 1),
]


# ----------------------------------------------------------------------------- neural networks


def batch_matmul(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "i8", "!quant.uniform<i8:f32, 5.000000e-01:1>")
    r1, r2 = g.rng.randint(1, 5), g.rng.randint(1, 5)
    m, k, n = g.size(), g.size(), g.size()
    batch = g.dims(max(r1, r2) - 2, 0.1) if max(r1, r2) > 2 else ()
    x = (*tuple(g.pick(1, d) for d in batch[len(batch) - max(r1 - 2, 0) :]), m, k) if r1 >= 2 else g.dims(r1)
    y = (
        (*tuple(g.pick(1, d) for d in batch[len(batch) - max(r2 - 2, 0) :]), k if g.chance(0.9) else g.size(), n)
        if r2 >= 2
        else g.dims(r2)
    )
    x, y = g.near(x, 0.15), g.near(y, 0.15)
    adj_x, adj_y = g.chance(0.2), g.chance(0.2)
    if adj_x and x is not None and len(x) >= 2:
        x = (*tuple(x[:-2]), x[-1], x[-2])
    if adj_y and y is not None and len(y) >= 2:
        y = (*tuple(y[:-2]), y[-1], y[-2])
    out = (*tuple(batch), m, n)
    re = "i32" if e == "i8" else e
    return Case(
        i,
        "tfl.batch_matmul",
        [Tensor(x, e), Tensor(y, e)],
        [Tensor(g.near(out, 0.3), re)],
        ("BatchMatMulOptions", {"adjX": adj_x, "adjY": adj_y, "asymmetricQuantizeInputs": False}),
        f"adj_x = {str(adj_x).lower()}, adj_y = {str(adj_y).lower()}, asymmetric_quantize_inputs = false",
    )


def fully_connected(g: Gen, i: int) -> Case:
    batch, k, n = g.size(), g.size() or 1, g.size() or 1
    inp = g.near((batch, k), 0.3) if g.chance(0.8) else g.shape(1, 4)
    w = g.near((n, k), 0.25)
    if w is not None and w and w[0] == 0:
        w = (1, *w[1:])  # a filter of 0 rows makes TensorFlow's verifier divide by zero (it crashes)
    bias = Tensor((n,), "f32") if g.chance(0.6) else None
    out = g.near((batch, n), 0.3)
    af, af_text = _activation(g)
    return Case(
        i,
        "tfl.fully_connected",
        [Tensor(inp, "f32"), Tensor(w, "f32"), bias],
        [Tensor(out, "f32")],
        ("FullyConnectedOptions", {"fusedActivationFunction": af, "weightsFormat": 0, "keepNumDims": False}),
        f'asymmetric_quantize_inputs = false, fused_activation_function = "{af_text}", keep_num_dims = false, '
        'weights_format = "DEFAULT"',
    )


def _activation(g: Gen) -> tuple[int, str]:
    """A fused activation function: its value and its string; now and then one the enum has not
    (9: the importer writes an out-of-range value as "")."""
    return (9, "") if g.chance(0.04) else (0, "NONE")


def _window(g: Gen) -> tuple[int, int, int, int, int, int, int]:
    return (
        g.rng.randint(1, 8),
        g.rng.randint(1, 8),
        g.rng.randint(1, 4),
        g.rng.randint(1, 3) if g.chance(0.95) else 0,
        g.rng.randint(1, 3) if g.chance(0.95) else 0,
        g.pick(0, 1) if g.chance(0.96) else 5,
        g.rng.randint(1, 2) if g.chance(0.95) else 0,
    )


def _conv_out(size: int | None, window: int | None, dilation: int, stride: int, padding: str) -> int | None:
    from broadcheck.dialects.tfl.nn import windowed

    if size is None or window is None or padding not in ("SAME", "VALID"):
        return None
    return windowed(size, window, dilation, stride, padding)


def conv_2d(g: Gen, i: int) -> Case:
    h, w, kh, sh, sw, pad_, dil = _window(g)
    kw = g.rng.randint(1, 4)
    c, o = g.rng.randint(1, 4), g.rng.randint(1, 4)
    inp = g.near((g.pick(1, 2), h, w, c), 0.2)
    filt = g.near((o, kh, kw, c), 0.15)
    padding = PADDING.get(pad_, "")
    af, af_text = _activation(g)
    oh = _conv_out(
        inp[1] if inp and len(inp) == 4 else None, filt[1] if filt and len(filt) == 4 else None, dil, sh, padding
    )
    ow = _conv_out(
        inp[2] if inp and len(inp) == 4 else None, filt[2] if filt and len(filt) == 4 else None, dil, sw, padding
    )
    out = (inp[0] if inp and len(inp) == 4 else 1, oh, ow, filt[0] if filt and len(filt) == 4 else o)
    bias = g.pick(Tensor((o,), "f32"), Tensor((o,), "f32"), None, Tensor((1, o), "f32"), Tensor(None, "f32"))
    opts = {
        "padding": pad_,
        "strideW": sw,
        "strideH": sh,
        "fusedActivationFunction": af,
        "dilationWFactor": dil,
        "dilationHFactor": dil,
    }
    attrs = (
        f'dilation_h_factor = {dil} : i32, dilation_w_factor = {dil} : i32, fused_activation_function = "{af_text}", '
        f'padding = "{padding}", stride_h = {sh} : i32, stride_w = {sw} : i32'
    )
    if g.chance(0.3):
        mult = g.rng.randint(1, 2)
        dout = (out[0], out[1], out[2], c * mult)
        dfilt = g.near((1, kh, kw, c * mult), 0.15)
        return Case(
            i,
            "tfl.depthwise_conv_2d",
            [Tensor(inp, "f32"), Tensor(dfilt, "f32"), bias],
            [Tensor(g.near(dout, 0.2), "f32")],
            ("DepthwiseConv2DOptions", {**opts, "depthMultiplier": mult}),
            attrs.replace("dilation_h_factor", f"depth_multiplier = {mult} : i32, dilation_h_factor"),
        )
    return Case(
        i,
        "tfl.conv_2d",
        [Tensor(inp, "f32"), Tensor(filt, "f32"), bias],
        [Tensor(g.near(out, 0.2), "f32")],
        ("Conv2DOptions", opts),
        attrs,
    )


def transpose_conv(g: Gen, i: int) -> Case:
    h, w, kh, sh, sw, pad_, _ = _window(g)
    c, o = g.rng.randint(1, 4), g.rng.randint(1, 4)
    out = (1, h * sh, w * sw, o)
    shape_t = g.shape_operand(list(out), "i32", 0.7)
    if g.chance(0.08):
        shape_t = Tensor(g.pick((), (4, 1), (3,), None), "i32")
    weights = g.near((o, kh, kh, c), 0.1)
    inp = g.near((1, h, w, c), 0.1)
    bias = g.pick(None, Tensor((o,), "f32"))
    af, af_text = _activation(g)
    return Case(
        i,
        "tfl.transpose_conv",
        [shape_t, Tensor(weights, "f32"), Tensor(inp, "f32"), bias],
        [Tensor(g.near(out, 0.3), g.out_elem("f32"))],
        ("TransposeConvOptions", {"padding": pad_, "strideW": sw, "strideH": sh, "fusedActivationFunction": af}),
        f'fused_activation_function = "{af_text}", padding = "{PADDING.get(pad_, "")}", stride_h = {sh} : i32, '
        f"stride_w = {sw} : i32",
    )


def pool(g: Gen, i: int) -> Case:
    h, w, kh, sh, sw, pad_, _ = _window(g)
    e = g.pick("f32", "f32", "!quant.uniform<i8:f32, 5.000000e-01:1>", "i32")
    inp = g.near((1, h, w, 3), 0.2)
    op = g.pick("tfl.max_pool_2d", "tfl.average_pool_2d")
    af, af_text = _activation(g)
    return Case(
        i,
        op,
        [Tensor(inp, e)],
        [Tensor(g.shape(), g.out_elem(e))],
        (
            "Pool2DOptions",
            {
                "padding": pad_,
                "strideW": sw,
                "strideH": sh,
                "filterWidth": kh,
                "filterHeight": kh,
                "fusedActivationFunction": af,
            },
        ),
        f'filter_height = {kh} : i32, filter_width = {kh} : i32, fused_activation_function = "{af_text}", '
        f'padding = "{PADDING.get(pad_, "")}", stride_h = {sh} : i32, stride_w = {sw} : i32',
    )


def reduce(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "i32", "!quant.uniform<i8:f32, 5.000000e-01:1>", "!quant.uniform<i8:f32, 2.500000e-01:-3>")
    op = g.pick("tfl.mean", "tfl.sum", "tfl.reduce_max", "tfl.reduce_min", "tfl.reduce_prod")
    inp = g.shape(0, 4)
    axes = Tensor((1,), "i32", [g.rng.randint(-2, 2)]) if g.chance(0.7) else Tensor(g.shape(0, 2), "i32")
    keep = g.chance(0.5)
    code = {
        "tfl.mean": "MEAN",
        "tfl.sum": "SUM",
        "tfl.reduce_max": "REDUCE_MAX",
        "tfl.reduce_min": "REDUCE_MIN",
        "tfl.reduce_prod": "REDUCE_PROD",
    }[op]
    return Case(
        i,
        op,
        [Tensor(inp, e), axes],
        [Tensor(g.shape(), g.out_elem(e))],
        ("ReducerOptions", {"keepDims": keep}),
        f"keep_dims = {str(keep).lower()}",
        code=code,
    )


def softmax(g: Gen, i: int) -> Case:
    e = g.pick("f32", "f32", "!quant.uniform<i8:f32, 5.000000e-01:1>")
    inp = g.shape(0, 4)
    return Case(
        i,
        "tfl.softmax",
        [Tensor(inp, e)],
        [Tensor(g.near(inp, 0.3), g.out_elem(e))],
        ("SoftmaxOptions", {"beta": 1.0}),
        "beta = 1.000000e+00 : f32",
    )


NN: list[tuple[Callable[[Gen, int], Case], int]] = [
    (batch_matmul, 4),
    (fully_connected, 3),
    (conv_2d, 5),
    (transpose_conv, 2),
    (pool, 2),
    (reduce, 2),
    (softmax, 1),
]


# ------------------------------------------------------------------------------------ the test


def folds(case: Case) -> bool:
    """Whether the op's folder would replace it before the importer verifies it: the importer runs
    a greedy pattern pass (VHLO to StableHLO) that folds every op, so an op that folds is never
    verified there, while MLIR's parser verifies it as written. Such cases tell nothing; they are
    left out (and counted)."""
    op = case.op
    inp = case.inputs[0] if case.inputs else None
    out = case.outputs[0]
    same_type = inp is not None and inp.shape == out.shape and inp.element == out.element
    if op in ("tfl.reshape", "tfl.pad", "tfl.padv2"):
        return same_type and static(out.shape)
    if op == "tfl.slice":
        return same_type and static(out.shape)
    if op == "tfl.squeeze":
        return same_type and out.shape is not None
    if op == "tfl.cast":
        return same_type
    if op == "tfl.concatenation":
        return any(t is not None and static(t.shape) and count(t.shape or ()) == 0 for t in case.inputs)
    if op == "tfl.strided_slice":
        assert inp is not None
        begin, end, strides = case.inputs[1:4]
        masks_clear = "new_axis_mask = 0" in case.attrs and all(
            f"{m}_mask = 0 :" in case.attrs for m in ("begin", "end", "ellipsis", "shrink_axis")
        )
        if (
            not masks_clear
            or not static(inp.shape)
            or any(t is None or t.values is None for t in (begin, end, strides))
        ):
            return False
        assert begin is not None and end is not None and strides is not None and inp.shape is not None
        assert begin.values is not None and end.values is not None and strides.values is not None
        if any(v != 0 for v in begin.values) or any(v != 1 for v in strides.values):
            return False
        return len(end.values) > len(inp.shape) or all(v == d for v, d in zip(end.values, inp.shape, strict=False))
    return False


def cases(table: list[tuple[Callable[[Gen, int], Case], int]], seed: int, n: int) -> tuple[list[Case], int]:
    """``n`` cases the importer verifies as written, and how many were left out because they fold."""
    g = Gen(seed)
    makers = [maker for maker, weight in table for _ in range(weight)]
    out: list[Case] = []
    folded = 0
    i = 0
    while len(out) < n:
        case = g.rng.choice(makers)(g, i)
        i += 1
        if folds(case):
            folded += 1
        else:
            out.append(case)
    return out, folded


def _require() -> None:
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(
            f"the tfl oracle needs tensorflow-cpu 2.21 ({tflmodel.IMPORT_ERROR}); see this module", pytrace=False
        )


def _same(want: str, got: str) -> bool:
    if want == tflmodel.SILENT:
        return "the verifier rejects this op without a message" in got
    return want == got


def _run(family: str, table: list[tuple[Callable[[Gen, int], Case], int]], seed: int) -> None:
    _require()
    batch, folded = cases(table, seed, COUNT)
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    per_op: collections.Counter[str] = collections.Counter()
    diffs = []
    for case in batch:
        want = tflmodel.first_error(tflmodel.model(case))
        got = common.broadcheck_first_error(case.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        per_op[case.op] += 1
        if not _same(want, got):
            diffs.append((case, want, got))
    summary = (
        f"tfl {family}: {len(batch)} cases, {len(batch) - len(diffs)} agree ({folded} more left out: they fold "
        f"before the importer verifies them); oracle outcomes {dict(outcomes)}; "
        f"ops {dict(sorted(per_op.items()))}"
    )
    print("\n" + summary)
    dump = os.environ.get("BROADCHECK_TFL_SHAPE_DUMP")
    if dump:
        with open(dump, "w") as out:
            for case, want, got in diffs:
                out.write(f"--- case {case.index}\n{case.text}  tool:       {want}\n  broadcheck: {got}\n")
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes


def test_tfl_data_ops_match_the_importer() -> None:
    """broadcheck gives the TFLite dialect's verdict and first error on every data-movement case."""
    _run("data", DATA, SEED)


def test_tfl_nn_ops_match_the_importer() -> None:
    """broadcheck gives the TFLite dialect's verdict and first error on every neural-network case."""
    _run("nn", NN, SEED + 1)
