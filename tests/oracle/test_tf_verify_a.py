"""Differential test: the ``tf`` ops of :mod:`broadcheck.dialects.tf.verified_a` (their ODS checks, then
their ``verify()``) against tensorflow-cpu 2.21 (``tf.mlir.experimental.run_pass_pipeline``).

Each case writes one op with random operand and result types (ranks around the ones the verifier
wants, unranked now and then, sizes that agree or not, now and then an element its constraints
reject), random attributes where the verifier reads them (strides, dilations, data formats, block
sizes, masks, counts) and, where it reads constants, ``tf.Const`` operands of random values. The
verdict and the first error message must agree. Knobs: ``BROADCHECK_TF_VERIFY_A_CASES`` (default
2300), ``BROADCHECK_ODS_SEED``; the tool runs through ``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import collections
import os
import random
import re
from collections.abc import Callable

import pytest

from tests.oracle.test_ods_traits import broadcheck_verdict, tool_verdicts

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_TF_VERIFY_A_CASES", "2300"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))

Dims = list[int | None]


def _dims(rng: random.Random, rank: int, low: int = 1, high: int = 4) -> Dims:
    return [None if rng.random() < 0.1 else rng.randint(low, high) for _ in range(rank)]


def _t(dims: Dims | None, element: str) -> str:
    if dims is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join("?x" if d is None else f"{d}x" for d in dims) + element + ">"


def _maybe(rng: random.Random, dims: Dims, p: float = 0.08) -> Dims | None:
    return None if rng.random() < p else dims


def _rand(rng: random.Random, rank_choices: list[int], element: str, p: float = 0.08) -> str:
    return _t(_maybe(rng, _dims(rng, rng.choice(rank_choices)), p), element)


def _el(rng: random.Random, good: str, bad: list[str], p: float = 0.06) -> str:
    return rng.choice(bad) if rng.random() < p else good


def _dense(values: list[int], t: str) -> str:
    """A constant of ``t`` (static) holding ``values`` (nested by its shape)."""
    m = re.fullmatch(r"tensor<((?:\d+x)*)\w+>", t)
    assert m is not None
    dims = [int(d) for d in m.group(1).split("x") if d]

    def nest(flat: list[int], ds: list[int]) -> str:
        if not ds:
            return str(flat[0])
        step = len(flat) // ds[0] if ds[0] else 0
        return "[" + ", ".join(nest(flat[i * step : (i + 1) * step], ds[1:]) for i in range(ds[0])) + "]"

    return f"dense<{nest(values, dims)}> : {t}"


class Case:
    """One op's module: its operand types, constants, result types and attributes."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.ins: list[str] = []
        self.outs: list[str] = []
        self.consts: dict[int, str] = {}
        self.attrs: list[str] = []
        self.regions = ""
        self.before = ""

    def text(self) -> str:
        args = [f"%a{i}: {t}" for i, t in enumerate(self.ins) if i not in self.consts]
        lines = [f'  %a{i} = "tf.Const"() <{{value = {v}}}> : () -> {self.ins[i]}' for i, v in self.consts.items()]
        n = len(self.outs)
        res = f"%r:{n} = " if n > 1 else "%r = " if n else ""
        uses = ", ".join(f"%a{i}" for i in range(len(self.ins)))
        attrs = " {" + ", ".join(self.attrs) + "}" if self.attrs else ""
        body = f'{res}"{self.name}"({uses}){self.regions}{attrs} : ({", ".join(self.ins)}) -> ({", ".join(self.outs)})'
        return (
            f"{self.before}func.func @f({', '.join(args)}) {{\n" + "\n".join([*lines, "  " + body]) + "\n  return\n}\n"
        )


def _ints(values: list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _strides(rng: random.Random, n: int) -> list[int]:
    r = rng.random()
    if r < 0.06:
        return [1] * (n - 1)
    if r < 0.12:
        s = [1] * n
        s[rng.randrange(n)] = rng.choice([0, -1])
        return s
    return [1, *[rng.choice([1, 1, 2]) for _ in range(n - 2)], 1]


def _spoil(rng: random.Random, c: Case, p: float = 0.08) -> None:
    """Now and then, one attribute written wrong: another string, a scalar for an array, an ``i32``."""
    if not c.attrs or rng.random() > p:
        return
    i = rng.randrange(len(c.attrs))
    name, _, value = c.attrs[i].partition(" = ")
    if name == "resultSegmentSizes":  # (the segment sizes trait: not these ops' verifiers)
        return
    if value.startswith('"'):
        value = rng.choice(['"NDHWC"', '"NHWC"', '"EXPLICIT"', '"FOO"'])
    elif value.startswith("["):
        value = rng.choice(["1", "[1, 1]", "array<i64: 1, 1, 1, 1>"])
    else:
        value = rng.choice(["1 : i64", "2 : i32", "true", "[@b0]", "[]"])
    c.attrs[i] = f"{name} = {value}"


def conv_2d_backprop_input(rng: random.Random) -> Case:
    c = Case("tf.Conv2DBackpropInput")
    el = rng.choice(["f32", "f32", "f16", "i32"])
    c.ins = [
        _rand(rng, [1, 1, 1, 2], _el(rng, "i32", ["f32", "i64"])),
        _rand(rng, [4] * 8 + [3, 5], _el(rng, el, ["i1", "i8"], 0.03)),
        _rand(rng, [4] * 8 + [3, 5], _el(rng, el, ["i1"], 0.03)),
    ]
    c.outs = [_rand(rng, [4] * 8 + [3], _el(rng, el, ["i1"], 0.03))]
    if rng.random() > 0.04:
        c.attrs.append(f"strides = {_ints(_strides(rng, 4))}")
    if rng.random() > 0.04:
        c.attrs.append(f'padding = "{rng.choice(["SAME", "VALID"])}"')
    if rng.random() < 0.5:
        c.attrs.append(f"dilations = {_ints(_strides(rng, 4))}")
    return c


def conv_3d(rng: random.Random) -> Case:
    c = Case("tf.Conv3D")
    el = rng.choice(["f32", "f32", "f16", "bf16"])
    fmt = rng.choice(["NDHWC", "NDHWC", "NCDHW", None])
    padding = rng.choice(["SAME", "VALID"])
    strides = _strides(rng, 5)
    dilations = _strides(rng, 5) if rng.random() < 0.4 else None
    ci, _, co = rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 4)
    fc = ci if rng.random() < 0.7 else rng.randint(1, 3)
    spatial = [rng.randint(2, 6) for _ in range(3)]
    window = [rng.randint(1, 3) for _ in range(3)]
    x = [2, *spatial, ci] if fmt != "NCDHW" else [2, ci, *spatial]
    w = [*window, fc, co]
    if rng.random() < 0.1:
        x = x[:-1]
    if rng.random() < 0.05:
        w = w[:-1]
    xd: Dims = [d if rng.random() > 0.08 else None for d in x]
    c.ins = [_t(_maybe(rng, xd, 0.05), _el(rng, el, ["i32"])), _t(_maybe(rng, list(w), 0.05), _el(rng, el, ["i1"]))]
    sd = strides if len(strides) == 5 else [1] * 5
    dd = dilations if dilations is not None and len(dilations) == 5 else [1] * 5
    sp = (1, 2, 3) if fmt != "NCDHW" else (2, 3, 4)
    out: Dims = [2, 0, 0, 0, 0]
    out[4 if fmt != "NCDHW" else 1] = co
    for i, dim in enumerate(sp):
        size = spatial[i]
        eff = (window[i] - 1) * max(dd[dim], 1) + 1
        stride = max(sd[dim], 1)
        out[dim] = (size - eff + stride) // stride if padding == "VALID" else (size + stride - 1) // stride
    if rng.random() < 0.25:
        i = rng.randrange(5)
        out[i] = (out[i] or 1) + rng.choice([-1, 1])
    out = [d if d is None or d >= 0 else 0 for d in out]
    c.outs = [_t(_maybe(rng, [d if rng.random() > 0.1 else None for d in out], 0.05), _el(rng, el, ["f64"], 0.04))]
    c.attrs = [f"strides = {_ints(strides)}", f'padding = "{padding}"']
    if fmt is not None:
        c.attrs.append(f'data_format = "{fmt}"')
    if dilations is not None:
        c.attrs.append(f"dilations = {_ints(dilations)}")
    return c


def fused_batch_norm(rng: random.Random) -> Case:
    c = Case("tf.FusedBatchNorm")
    c.ins = [_rand(rng, [4, 4, 4, 3, 2], _el(rng, "f32", ["f16"], 0.04))] + [
        _rand(rng, [1, 1, 1, 1, 1, 1, 0, 2], _el(rng, "f32", ["f16"], 0.03)) for _ in range(4)
    ]
    c.outs = [_rand(rng, [4], "f32")] + [_rand(rng, [1], "f32") for _ in range(4)]
    if rng.random() < 0.3:
        c.attrs.append("epsilon = 0.001 : f32")
    if rng.random() < 0.3:
        c.attrs.append(f'data_format = "{rng.choice(["NHWC", "NCHW"])}"')
    return c


def bias_add_grad(rng: random.Random) -> Case:
    c = Case("tf.BiasAddGrad")
    el = rng.choice(["f32", "i32", "f16"])
    c.ins = [_rand(rng, [0, 1, 2, 2, 3, 3, 4], _el(rng, el, ["i1", "!tf_type.string"]))]
    c.outs = [_rand(rng, [1, 1, 0], _el(rng, el, ["i1"], 0.03))]
    fmt = rng.choice([None, "NHWC", "NCHW", "NCHW"])
    if fmt is not None:
        c.attrs.append(f'data_format = "{fmt}"')
    return c


def shape_n(rng: random.Random) -> Case:
    c = Case("tf.ShapeN")
    n = rng.randint(1, 3)
    inputs = [_maybe(rng, _dims(rng, rng.randint(0, 3))) for _ in range(n)]
    c.ins = [_t(d, rng.choice(["f32", "i32", "i1"])) for d in inputs]
    m = n if rng.random() < 0.85 else max(0, n + rng.choice([-1, 1]))
    outs = []
    for i in range(m):
        r = len(inputs[i]) if i < n and inputs[i] is not None else rng.randint(0, 3)  # type: ignore[arg-type]
        size: Dims = [r if rng.random() < 0.7 else rng.randint(0, 4)]
        if rng.random() < 0.1:
            size = [None]
        if rng.random() < 0.08:
            size = [*size, 2]
        outs.append(_t(_maybe(rng, size, 0.05), _el(rng, rng.choice(["i32", "i64"]), ["f32", "i16"], 0.05)))
    c.outs = outs
    return c


def size(rng: random.Random) -> Case:
    c = Case("tf.Size")
    c.ins = [_rand(rng, [0, 1, 2, 3], rng.choice(["f32", "i1", "!tf_type.string"]))]
    c.outs = [_rand(rng, [0, 0, 0, 1, 2], _el(rng, rng.choice(["i32", "i64"]), ["f32", "i16"]))]
    return c


def variable_shape(rng: random.Random) -> Case:
    c = Case("tf.VariableShape")
    r = rng.randint(0, 3)
    inner = _t(_maybe(rng, _dims(rng, r), 0.15), "f32")
    resource = rng.choice(
        [f"!tf_type.resource<{inner}>"] * 4 + ["!tf_type.resource", f"!tf_type.resource<{inner}, tensor<2xf32>>", "f32"]
    )
    c.ins = [_t(_maybe(rng, [], 0.05), resource)]
    size_: Dims = [r if rng.random() < 0.6 else rng.randint(0, 4)]
    if rng.random() < 0.1:
        size_ = [None]
    if rng.random() < 0.1:
        size_ = [*size_, 1]
    c.outs = [_t(_maybe(rng, size_, 0.05), _el(rng, rng.choice(["i32", "i64"]), ["f32", "i8"]))]
    return c


def _broadcastable(rng: random.Random) -> tuple[Dims, Dims]:
    base = _dims(rng, rng.choice([1, 2, 2, 2, 3]))
    a = [d if rng.random() > 0.2 else 1 for d in base]
    b = [d if rng.random() > 0.2 else 1 for d in base]
    if rng.random() < 0.2:
        b = b[rng.randint(0, len(b)) :]
    if rng.random() < 0.15 and a:
        a[rng.randrange(len(a))] = rng.randint(2, 5)
    return a, b


def softmax_cross_entropy(rng: random.Random) -> Case:
    c = Case("tf.SoftmaxCrossEntropyWithLogits")
    a, b = _broadcastable(rng)
    el = rng.choice(["f32", "f32", "f16"])
    c.ins = [_t(_maybe(rng, a), el), _t(_maybe(rng, b), _el(rng, el, ["f16", "f64"], 0.1))]
    c.outs = [_rand(rng, [1], _el(rng, el, ["i32"], 0.03)), _rand(rng, [2], el)]
    return c


def sparse_softmax_cross_entropy(rng: random.Random) -> Case:
    c = Case("tf.SparseSoftmaxCrossEntropyWithLogits")
    batch = rng.randint(1, 4)
    f = [batch if rng.random() < 0.8 else rng.randint(1, 4), rng.randint(1, 5)]
    if rng.random() < 0.1:
        f = f[:1] if rng.random() < 0.5 else [*f, 2]
    lab: Dims = [batch if rng.random() < 0.8 else None]
    if rng.random() < 0.1:
        lab = [*lab, 2] if rng.random() < 0.5 else []
    el = rng.choice(["f32", "f16"])
    c.ins = [_t(_maybe(rng, f), _el(rng, el, ["i32"])), _t(_maybe(rng, lab), _el(rng, "i32", ["i64", "f32"], 0.1))]
    c.outs = [_rand(rng, [1], el), _rand(rng, [2], el)]
    return c


def dynamic_stitch(rng: random.Random) -> Case:
    c = Case("tf.DynamicStitch")
    n = rng.choice([1, 2, 2, 3])
    item = _dims(rng, rng.randint(0, 2))
    total = 0
    indices, data = [], []
    for _ in range(n):
        idx = [rng.randint(1, 3)] if rng.random() < 0.8 else []
        total += idx[0] if idx else 1
        it = list(item) if rng.random() < 0.85 else _dims(rng, len(item))
        d = [*idx, *it]
        if rng.random() < 0.1 and d:
            d[0] = (d[0] or 1) + 1
        indices.append(idx)
        data.append(d)
    c.ins = [_t(_maybe(rng, i, 0.05), _el(rng, "i32", ["i64"], 0.03)) for i in indices] + [
        _t(_maybe(rng, d, 0.05), "f32") for d in data
    ]
    pool = list(range(total))
    rng.shuffle(pool)
    at = 0
    for i, idx in enumerate(indices):
        if "*" in c.ins[i] or "?" in c.ins[i] or "i64" in c.ins[i] or rng.random() < 0.15:
            continue
        k = idx[0] if idx else 1
        values = pool[at : at + k]
        at += k
        if len(values) < k:
            values += [0] * (k - len(values))
        if rng.random() < 0.1:
            values[0] = rng.choice([-1, total + 1])
        c.consts[i] = _dense(values, c.ins[i])
    out = [total if rng.random() < 0.75 else rng.randint(1, 6), *item]
    if rng.random() < 0.05:
        out = []
    c.outs = [_t(_maybe(rng, out, 0.05), _el(rng, "f32", ["f16"], 0.03))]
    return c


def concat_offset(rng: random.Random) -> Case:
    c = Case("tf.ConcatOffset")
    n = rng.choice([1, 2, 2, 3, 3])
    length = rng.randint(1, 4)
    shapes: list[Dims] = []
    for _ in range(n):
        s: Dims = [length if rng.random() < 0.85 else rng.randint(1, 4)]
        if rng.random() < 0.08:
            s = [None]
        if rng.random() < 0.06:
            s = [*s, 2]
        shapes.append(s)
    c.ins = [_rand(rng, [0, 0, 0, 0, 1], _el(rng, "i32", ["i64"], 0.03))] + [
        _t(_maybe(rng, s, 0.05), _el(rng, "i32", ["f32"], 0.03)) for s in shapes
    ]
    m = n if rng.random() < 0.85 else n + rng.choice([-1, 1])
    outs = []
    for i in range(max(m, 0)):
        s = list(shapes[i]) if i < n and rng.random() < 0.85 else [rng.randint(1, 4)]
        outs.append(_t(_maybe(rng, s, 0.05), "i32"))
    c.outs = outs
    return c


def broadcast_gradient_args(rng: random.Random) -> Case:
    c = Case("tf.BroadcastGradientArgs")
    el = rng.choice(["i32", "i64"])
    s0 = [rng.choice([1, 1, 2, 3]) for _ in range(rng.randint(1, 3))]
    s1 = [d if rng.random() < 0.6 else rng.choice([1, 2, 3]) for d in s0]
    if rng.random() < 0.3:
        s1 = s1[rng.randint(0, len(s1) - 1) :]
    c.ins = [_t([len(s0)], el), _t([len(s1)], _el(rng, el, ["i32", "i64"], 0.05))]
    if rng.random() < 0.85:
        c.consts[0] = _dense(s0, c.ins[0])
    if rng.random() < 0.85:
        c.consts[1] = _dense(s1, c.ins[1])
    c.outs = [_t(_maybe(rng, [rng.randint(0, 3) if rng.random() < 0.9 else None], 0.05), el) for _ in range(2)]
    return c


def invert_permutation(rng: random.Random) -> Case:
    c = Case("tf.InvertPermutation")
    el = _el(rng, rng.choice(["i32", "i64"]), ["f32", "i16"])
    c.ins = [_rand(rng, [1, 1, 0, 2], el)]
    c.outs = [_rand(rng, [1, 1, 2], el)]
    return c


def matrix_band_part(rng: random.Random) -> Case:
    c = Case("tf.MatrixBandPart")
    el = rng.choice(["f32", "i32", "i1"])
    c.ins = [
        _rand(rng, [1, 2, 2, 3], el),
        _rand(rng, [0, 0, 0, 1], _el(rng, "i64", ["f32"], 0.03)),
        _rand(rng, [0, 0, 0, 1], _el(rng, "i64", ["f32"], 0.03)),
    ]
    c.outs = [c.ins[0] if rng.random() < 0.8 else _rand(rng, [2, 3], el)]
    return c


def max_pool_grad(rng: random.Random) -> Case:
    c = Case("tf.MaxPoolGrad")
    el = rng.choice(["f32", "f32", "i32"])
    c.ins = [_rand(rng, [4, 4, 4, 3, 5], _el(rng, el, ["i1"], 0.03)) for _ in range(3)]
    c.outs = [_rand(rng, [4, 4, 3], el)]
    c.attrs = ["ksize = [1, 2, 2, 1]", "strides = [1, 2, 2, 1]", 'padding = "VALID"']
    if rng.random() < 0.3:
        c.attrs.append(f'data_format = "{rng.choice(["NHWC", "NCHW"])}"')
    if rng.random() < 0.05:
        c.attrs.pop(rng.randrange(3))
    return c


def qr(rng: random.Random) -> Case:
    c = Case("tf.Qr")
    el = rng.choice(["f32", "f64", "complex<f32>"])
    c.ins = [_rand(rng, [0, 1, 2, 2, 3], _el(rng, el, ["i32", "bf16"]))]
    c.outs = [_rand(rng, [1, 2, 3], el), _rand(rng, [2], el)]
    return c


def bitcast(rng: random.Random) -> Case:
    c = Case("tf.Bitcast")
    ea, eb = (
        rng.choice(["i8", "i16", "i32", "f32", "i64", "f16", "ui8", "complex<f32>"]),
        rng.choice(["i8", "i16", "i32", "f32", "i64", "f64", "ui32"]),
    )
    base = [rng.randint(1, 3) for _ in range(rng.randint(0, 2))]
    width = {"i8": 8, "ui8": 8, "i16": 16, "f16": 16, "i32": 32, "f32": 32, "ui32": 32, "i64": 64, "f64": 64}
    wa, wb = width.get(ea, 64), width[eb]
    a, b = list(base), list(base)
    if wa < wb:
        a.append(wb // wa if rng.random() < 0.8 else rng.randint(1, 4))
    elif wa > wb:
        b.append(wa // wb if rng.random() < 0.8 else rng.randint(1, 4))
    if rng.random() < 0.15:
        (a if rng.random() < 0.5 else b).insert(0, rng.randint(1, 3))
    if rng.random() < 0.1 and b:
        b[0] = b[0] + 1
    c.ins = [_t(_maybe(rng, [d if rng.random() > 0.05 else None for d in a], 0.05), ea)]
    c.outs = [_t(_maybe(rng, b, 0.05), eb)]
    return c


def batch_to_space(rng: random.Random) -> Case:
    c = Case("tf.BatchToSpace")
    block = rng.choice([2, 2, 3])
    batch, h, w, d = rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
    crops = [rng.choice([0, 0, 0, 1]) for _ in range(4)]
    if rng.random() < 0.08:
        crops[rng.randrange(4)] = -1
    x: Dims = [batch * block * block if rng.random() < 0.85 else rng.randint(1, 9), h, w, d]
    if rng.random() < 0.06:
        x = x[:3]
    x = [v if rng.random() > 0.08 else None for v in x]
    crops_dims: Dims = [2, 2] if rng.random() < 0.9 else rng.choice([[4], [2, 3], [None, 2]])
    c.ins = [_t(_maybe(rng, x, 0.05), "f32"), _t(_maybe(rng, crops_dims, 0.05), _el(rng, "i32", ["i64", "f32"], 0.05))]
    if rng.random() < 0.6 and re.fullmatch(r"tensor<2x2xi(32|64)>", c.ins[1]):
        c.consts[1] = _dense(crops, c.ins[1])
    out: Dims = [batch, h * block - crops[0] - crops[1], w * block - crops[2] - crops[3], d]
    if rng.random() < 0.3:
        i = rng.randrange(4)
        out[i] = (out[i] or 0) + rng.choice([1, 2, -1])
    if rng.random() < 0.05:
        out = out[:3]
    out = [v if v is None or v >= 0 else 0 for v in out]
    c.outs = [_t(_maybe(rng, out, 0.05), "f32")]
    c.attrs = [f"block_size = {block} : i64"]
    return c


def strided_slice_grad(rng: random.Random) -> Case:
    c = Case("tf.StridedSliceGrad")
    el = rng.choice(["i32", "i64"])
    n = rng.randint(1, 3)
    lens = [n if rng.random() < 0.85 else rng.randint(1, 4) for _ in range(3)]
    c.ins = [_rand(rng, [1, 1, 1, 0, 2], _el(rng, el, ["f32"], 0.03))] + [
        _t(_maybe(rng, [k] if rng.random() > 0.06 else [k, 1], 0.05), el) for k in lens
    ]
    c.ins.append(_rand(rng, [1, 2], "f32"))
    if rng.random() < 0.4 and "*" not in c.ins[3] and re.fullmatch(r"tensor<\d+xi\d+>", c.ins[3]):
        k = int(re.findall(r"\d+", c.ins[3])[0])
        c.consts[3] = _dense([rng.choice([1, 1, 2, 0]) for _ in range(k)], c.ins[3])
    c.outs = [_rand(rng, [1, 2], "f32")]
    if rng.random() < 0.3:
        c.attrs.append(f"ellipsis_mask = {rng.choice([0, 1, 2, 3, 5])} : i64")
    return c


def set_static_dimension_bounds(rng: random.Random) -> Case:
    c = Case("tf.SetStaticDimensionBounds")
    r = rng.choice([0, 1, 2, 2, 3])
    size_: Dims = [r if rng.random() < 0.7 else rng.randint(0, 4)]
    if rng.random() < 0.1:
        size_ = [None]
    if rng.random() < 0.1:
        size_ = [*size_, 2]
    c.ins = [_rand(rng, [r], "f32"), _t(_maybe(rng, size_), _el(rng, rng.choice(["i32", "i64"]), ["f32"]))]
    c.outs = [_rand(rng, [r], "f32")]
    return c


def parse_example_v2(rng: random.Random) -> Case:
    c = Case("tf.ParseExampleV2")
    n_dense = rng.randint(0, 2)
    sizes = [rng.randint(0, 2) for _ in range(6)]
    base_sparse = rng.randint(0, 2)
    for i in (0, 1, 2):
        sizes[i] = base_sparse if rng.random() < 0.85 else rng.randint(0, 2)
    sizes[3] = n_dense if rng.random() < 0.85 else rng.randint(0, 2)
    sizes[5] = sizes[4] if rng.random() < 0.8 else rng.randint(0, 2)
    c.ins = ["tensor<2x!tf_type.string>"] * 5 + ["tensor<0xf32>"] * n_dense
    groups = [
        "tensor<?x2xi64>", "tensor<?xf32>", "tensor<2xi64>", "tensor<2x1xf32>", "tensor<?xf32>", "tensor<?xi64>",
    ]  # fmt: skip
    c.outs = [g for g, k in zip(groups, sizes, strict=True) for _ in range(k)]
    num_sparse = sizes[1] if rng.random() < 0.85 else rng.randint(0, 2)
    c.attrs = [
        f"num_sparse = {num_sparse} : i64",
        "dense_shapes = [" + ", ".join(["#tf_type.shape<1>"] * n_dense) + "]",
        f"resultSegmentSizes = array<i32: {', '.join(str(s) for s in sizes)}>",
    ]
    return c


def _branch_fns(rng: random.Random, k: int, ins: list[str], outs: list[str]) -> str:
    fns = []
    for i in range(k):
        args = [
            t if rng.random() < 0.85 else rng.choice(["tensor<3xf32>", "tensor<*xf32>", "tensor<2xi32>"]) for t in ins
        ]
        if rng.random() < 0.05:
            args = args[:-1]
        res = [t if rng.random() < 0.85 else rng.choice(["tensor<3xf32>", "tensor<?xf32>"]) for t in outs]
        if rng.random() < 0.05:
            res = [*res, "tensor<f32>"]
        fns.append(f"func.func private @b{i}({', '.join(args)}) -> ({', '.join(res)})\n")
    return "".join(fns)


def case_op(rng: random.Random) -> Case:
    c = Case("tf.Case")
    n = rng.randint(0, 2)
    ins = [rng.choice(["tensor<2xf32>", "tensor<?xf32>", "tensor<2xi32>"]) for _ in range(n)]
    outs = [rng.choice(["tensor<2xf32>", "tensor<?xf32>"]) for _ in range(rng.randint(0, 2))]
    k = rng.randint(1, 3)
    c.ins = [_rand(rng, [0, 0, 0, 0, 1], _el(rng, "i32", ["i64"], 0.03)), *ins]
    c.outs = outs
    c.before = _branch_fns(rng, k, ins, outs)
    names = [f"@b{i}" for i in range(k)]
    if rng.random() < 0.05:
        names.append("@missing")
    c.attrs = [f"branches = [{', '.join(names)}]"]
    if rng.random() > 0.04:
        c.attrs.append("is_stateless = false")
    return c


def case_region(rng: random.Random) -> Case:
    c = Case("tf.CaseRegion")
    outs = [rng.choice(["tensor<2xf32>", "tensor<?xf32>", "tensor<*xf32>"]) for _ in range(rng.randint(0, 2))]
    k = rng.randint(1, 3)
    c.ins = [_rand(rng, [0, 0, 0, 0, 1], _el(rng, "i32", ["i64"], 0.03)), "tensor<2xf32>", "tensor<3xf32>"]
    regions = []
    for _ in range(k):
        yields = [t if rng.random() < 0.85 else "tensor<3xf32>" for t in outs]
        if rng.random() < 0.05:
            yields = [*yields, "tensor<2xf32>"]
        vals = ", ".join("%a2" if y == "tensor<3xf32>" else f"%c{j}" for j, y in enumerate(yields))
        casts = "".join(
            f'    %c{j} = "tf.Cast"(%a1) : (tensor<2xf32>) -> {y}\n'
            for j, y in enumerate(yields)
            if y != "tensor<3xf32>"
        )
        regions.append(f'{{\n{casts}    "tf.Yield"({vals}) : ({", ".join(yields)}) -> ()\n  }}')
    c.regions = " (" + ", ".join(regions) + ")"
    c.outs = outs
    if rng.random() > 0.04:
        c.attrs.append("is_stateless = true")
    return c


def _case_region_text(c: Case) -> str:
    """A tf.CaseRegion takes only ``branch_index``; the other values feed its regions."""
    args = [f"%a{i}: {t}" for i, t in enumerate(c.ins) if i not in c.consts]
    n = len(c.outs)
    res = f"%r:{n} = " if n > 1 else "%r = " if n else ""
    attrs = " {" + ", ".join(c.attrs) + "}" if c.attrs else ""
    body = f'{res}"tf.CaseRegion"(%a0){c.regions}{attrs} : ({c.ins[0]}) -> ({", ".join(c.outs)})'
    return f"func.func @f({', '.join(args)}) {{\n  {body}\n  return\n}}\n"


MAKERS: dict[str, Callable[[random.Random], Case]] = {
    "tf.Conv2DBackpropInput": conv_2d_backprop_input,
    "tf.Conv3D": conv_3d,
    "tf.FusedBatchNorm": fused_batch_norm,
    "tf.BiasAddGrad": bias_add_grad,
    "tf.ShapeN": shape_n,
    "tf.Size": size,
    "tf.VariableShape": variable_shape,
    "tf.SoftmaxCrossEntropyWithLogits": softmax_cross_entropy,
    "tf.SparseSoftmaxCrossEntropyWithLogits": sparse_softmax_cross_entropy,
    "tf.DynamicStitch": dynamic_stitch,
    "tf.ConcatOffset": concat_offset,
    "tf.BroadcastGradientArgs": broadcast_gradient_args,
    "tf.InvertPermutation": invert_permutation,
    "tf.MatrixBandPart": matrix_band_part,
    "tf.MaxPoolGrad": max_pool_grad,
    "tf.Qr": qr,
    "tf.Bitcast": bitcast,
    "tf.BatchToSpace": batch_to_space,
    "tf.StridedSliceGrad": strided_slice_grad,
    "tf.SetStaticDimensionBounds": set_static_dimension_bounds,
    "tf.ParseExampleV2": parse_example_v2,
    "tf.Case": case_op,
    "tf.CaseRegion": case_region,
}


def make_case(rng: random.Random, name: str) -> str:
    """One case of op ``name`` (see the module's docstring)."""
    c = MAKERS[name](rng)
    _spoil(rng, c)
    return _case_region_text(c) if name == "tf.CaseRegion" else c.text()


def cases(n: int, seed: int = SEED) -> list[tuple[str, str]]:
    """``n`` cases, the ops in turn."""
    rng = random.Random(f"{seed}:tf-verify-a")
    names = list(MAKERS)
    return [(name, make_case(rng, name)) for name in (names[i % len(names)] for i in range(n))]


def test_tf_verify_a_agrees_with_tensorflow() -> None:
    found = cases(CASES)
    expected = tool_verdicts("tf", [t for _, t in found])
    diffs = []
    per_op: collections.Counter[str] = collections.Counter()
    rejected: collections.Counter[str] = collections.Counter()
    for (name, text), want in zip(found, expected, strict=True):
        got = broadcheck_verdict(text)
        per_op[name] += 1
        rejected[name] += want != "ok"
        if got != want:
            diffs.append((name, text, want, got))
    print(f"tf verify part A: {len(found)} cases over {len(per_op)} ops; {len(diffs)} differences")
    print("  per op (cases/rejected): " + "; ".join(f"{n}: {per_op[n]}/{rejected[n]}" for n in MAKERS))
    by_op = collections.Counter(n for n, *_ in diffs)
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences ({dict(by_op)}):\n{shown}"
    for name in MAKERS:  # every op is hit, and both ways
        assert 0 < rejected[name] < per_op[name], name


def write_fixture(n: int = CASES) -> None:
    """Write ``tests/fixtures/tf_verify_a.mlir``: of ``n`` cases of the fixed seed, the first accepted
    one of each op and the first of each kind of error (the op and its message, numbers blanked),
    annotated with TensorFlow's first error, copied."""
    from pathlib import Path

    found = cases(n, seed=0)
    kept: dict[tuple[str, str], tuple[str, str]] = {}
    for (name, text), want in zip(found, tool_verdicts("tf", [t for _, t in found]), strict=True):
        kind = "ok" if want == "ok" else re.sub(r"'[^']*'|\d+", "N", want.partition(": ")[2])
        kept.setdefault((name, kind), (text, want))
    chunks = []
    for name in MAKERS:
        for (op, _), (text, want) in kept.items():
            if op != name:
                continue
            if want != "ok":
                line, _, message = want.partition(": ")
                lines = text.splitlines()
                lines.insert(int(line.split(":")[0]) - 1, f"  // expected-error @+1 {{{{{message}}}}}")
                text = "\n".join(lines) + "\n"
            chunks.append(text)
    head = (
        "// RUN: broadcheck check --split-input-file --verify-diagnostics %s\n//\n"
        "// The tf ops of broadcheck/dialects/tf/verified_a.py (their ODS checks, then their verify()), against\n"
        "// tensorflow-cpu 2.21. Written by tests/oracle/test_tf_verify_a.py (python -m tests.oracle.test_tf_verify_a):\n"
        "// one accepted case per op and one case per kind of error; every annotation is the tool's own first error.\n\n"
    )
    path = Path(__file__).parent.parent / "fixtures" / "tf_verify_a.mlir"
    path.write_text(head + "\n// -----\n\n".join(chunks), encoding="utf-8")


if __name__ == "__main__":
    write_fixture()
