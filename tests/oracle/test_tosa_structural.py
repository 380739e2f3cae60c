"""Differential test: TOSA's structural ops against the TOSA dialect of iree-base-compiler 3.13.

Each case is one function; its arguments feed one op in its custom form (``pad([..])
stride([..])`` properties in the op's own assembly), and shape operands come from
``tosa.const_shape`` ops in the same function. Families (``BROADCHECK_TOSA_STRUCTURAL_CASES``
cases each, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``conv``: ``conv2d``, ``depthwise_conv2d``, ``conv3d``, ``transpose_conv2d``: input, weight,
  bias and result shapes from the attributes (results right or off by one, ``?`` sizes),
  padding, strides and dilations in and out of range, bias sizes, element types mixed
  (float/int, bias/result, zero points);
* ``pool``: ``avg_pool2d``, ``max_pool2d``: kernels, strides and padding (also as large as the
  kernel), result sizes, accumulator types, element types;
* ``matmul``: batch dims (broadcast or not, ranks 2-4), contraction sizes, results, zero points;
* ``layout``: ``transpose``, ``reshape``, ``concat``, ``slice``, ``pad``, ``tile`` (constant
  shapes right or off, -1 entries);
* ``reduce``: ``reduce_*`` and ``argmax``: axes in and out of range, results right or off;
* ``gather``: ``gather`` and ``scatter``: N, K, W, C sizes;
* ``misc``: ``rfft2d`` (sizes, powers of two, element types) and ``const`` (the literal's
  shape against the result's);
* ``resize``: constant scales (now and then not positive), offsets and borders, input sizes
  (1 included: a broadcast the verifier does not check), output sizes right or off.

Not generated: attributes of the wrong length or kind (``pad([0, 0, 0])``: their messages are
the attribute constraints'), unranked or size-0 operands where the op's constraint takes them,
zero points given as constants (the verifier reads their values).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, dims, module

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TOSA_STRUCTURAL_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def t(shape: list[int | None] | None, element: str = "f32") -> str:
    return f"tensor<*x{element}>" if shape is None else f"tensor<{dims(shape)}{element}>"


def _off(rng: random.Random, d: int | None, p: float) -> int | None:
    if not _p(rng, p):
        return d
    if d is None:
        return rng.randint(1, 9)
    return rng.choice([None, d + 1, max(d - 1, 1)])


def _op(name: str, operands: list[tuple[str, str]], results: list[str], props: str = "",
        consts: list[str] | None = None) -> str:  # fmt: skip
    """A module with ``name`` on arguments ``operands`` (name, type); constant shapes first."""
    args = [(n, ty) for n, ty in operands if not n.startswith("%s")]
    names = ", ".join(n for n, _ in operands)
    types = ", ".join(ty for _, ty in operands)
    out = results[0] if len(results) == 1 else f"({', '.join(results)})"
    head = "%0 = " if len(results) == 1 else f"%0:{len(results)} = "
    body = [*(consts or []), f"{head}{name} {names}{' ' + props if props else ''} : ({types}) -> {out}"]
    return module(args, body)


def _shape_const(name: str, values: list[int]) -> str:
    text = f"[{', '.join(map(str, values))}]"
    return f"{name} = tosa.const_shape values(dense<{text}> : tensor<{len(values)}xindex>) : () -> !tosa.shape<{len(values)}>"


# ---------------------------------------------------------------- conv


def conv_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["conv2d", "conv2d", "depthwise_conv2d", "conv3d", "transpose_conv2d"])
    spatial = 3 if op == "conv3d" else 2
    integer = _p(rng, 0.2)
    el = "i8" if integer else rng.choice(["f32", "f16", "bf16"])
    acc = "i32" if integer else ("f32" if el != "f16" else rng.choice(["f16", "f32"]))
    bias_el = "i32" if integer else el
    n = rng.randint(1, 2)
    sizes = [rng.randint(2, 9) for _ in range(spatial)]
    cin = rng.randint(1, 4)
    kernel = [rng.randint(1, 3) for _ in range(spatial)]
    stride = [rng.randint(1, 2) for _ in range(spatial)]
    dilation = [rng.randint(1, 2) for _ in range(spatial)]
    pad = [rng.randint(0, 2) for _ in range(2 * spatial)]
    if op == "transpose_conv2d":
        pad = [rng.randint(-1, 1) for _ in range(4)]
    roll = rng.random()
    if roll < 0.04:
        pad[rng.randrange(len(pad))] = -1 if op != "transpose_conv2d" else -kernel[0] - 1
    elif roll < 0.07:
        stride[rng.randrange(spatial)] = 0
    elif roll < 0.1 and op != "transpose_conv2d":
        dilation[rng.randrange(spatial)] = 0
    cout = rng.randint(1, 5)
    multiplier = rng.randint(1, 2)
    out: list[int | None] = []
    for k in range(spatial):
        if op == "transpose_conv2d":
            o = (sizes[k] - 1) * max(stride[k], 1) + pad[2 * k] + pad[2 * k + 1] + kernel[k]
        else:
            num = sizes[k] - 1 + pad[2 * k] + pad[2 * k + 1] - (kernel[k] - 1) * max(dilation[k], 1)
            if num < 0:
                pad[2 * k + 1] += -num
                num = 0
            if num % max(stride[k], 1) and _p(rng, 0.8):
                pad[2 * k + 1] += max(stride[k], 1) - num % max(stride[k], 1)
                num = sizes[k] - 1 + pad[2 * k] + pad[2 * k + 1] - (kernel[k] - 1) * max(dilation[k], 1)
            o = num // max(stride[k], 1) + 1
        out.append(o)
    channels = cin * multiplier if op == "depthwise_conv2d" else cout
    inp = [n, *sizes, cin]
    if op == "depthwise_conv2d":
        weight: list[int | None] = [*kernel, cin, multiplier]
    else:
        weight = [cout, *kernel, cin]
    result: list[int | None] = [n, *out, channels]
    bias = [rng.choice([channels, 1]) if _p(rng, 0.9) else channels + 1]
    for shape_ in (inp, weight, result):
        for k in range(len(shape_)):
            if _p(rng, 0.04):
                shape_[k] = None
    k = rng.randrange(1, spatial + 1)
    result[k] = _off(rng, result[k], 0.15)
    w_el, out_el, zp_in, zp_w = el, bias_el, el, el
    roll = rng.random()
    if roll < 0.05:
        w_el = "f32" if integer else "i8"
    elif roll < 0.1:
        out_el = "f16" if bias_el == "f32" else "f32"
    elif roll < 0.13:
        zp_in = "i8" if not integer else "i16"
    elif roll < 0.16:
        zp_w = "i8" if not integer else "f32"
    operands = [
        ("%x", t(inp, el)), ("%w", t(weight, w_el)), ("%b", t(bias, bias_el)), ("%izp", t([1], zp_in)),
        ("%wzp", t([1], zp_w)),
    ]  # fmt: skip
    listed = lambda v: f"[{', '.join(map(str, v))}]"  # noqa: E731
    if op == "transpose_conv2d":
        props = f"out_pad({listed(pad)}) stride({listed(stride)}) acc_type({acc})"
    else:
        props = f"pad({listed(pad)}) stride({listed(stride)}) dilation({listed(dilation)}) acc_type({acc})"
    return Case(index, "conv", f"tosa.{op}", "custom", _op(f"tosa.{op}", operands, [t(result, out_el)], props))


# ---------------------------------------------------------------- pool


def pool_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["avg_pool2d", "max_pool2d"])
    integer = _p(rng, 0.2)
    el = rng.choice(["i8", "i16"]) if integer else rng.choice(["f32", "f16", "bf16"])
    kernel = [rng.randint(1, 3), rng.randint(1, 3)]
    stride = [rng.randint(1, 3), rng.randint(1, 3)]
    pad = [rng.randint(0, max(kernel[i // 2] - 1, 0)) for i in range(4)]
    roll = rng.random()
    if roll < 0.04:
        kernel[rng.randrange(2)] = 0
    elif roll < 0.07:
        stride[rng.randrange(2)] = 0
    elif roll < 0.1:
        pad[rng.randrange(4)] = -1
    elif roll < 0.16:
        i = rng.randrange(4)
        pad[i] = kernel[i // 2] + rng.randint(0, 1)
    sizes = [rng.randint(2, 9), rng.randint(2, 9)]
    out: list[int | None] = []
    for k in range(2):
        num = sizes[k] + pad[2 * k] + pad[2 * k + 1] - max(kernel[k], 1)
        if num < 0:
            sizes[k] += -num
            num = 0
        s = max(stride[k], 1)
        if num % s and _p(rng, 0.8):
            sizes[k] += s - num % s
            num += s - num % s
        out.append(num // s + 1)
    c = rng.randint(1, 4)
    inp: list[int | None] = [rng.randint(1, 2), *sizes, c]
    result: list[int | None] = [inp[0], *out, c]
    if _p(rng, 0.15):
        k = rng.randrange(1, 3)
        result[k] = _off(rng, result[k], 1.0)
    if _p(rng, 0.05):
        inp[rng.randrange(4)] = None
    out_el = el if _p(rng, 0.92) else ("f32" if el != "f32" else "f16")
    listed = lambda v: f"[{', '.join(map(str, v))}]"  # noqa: E731
    props = f"kernel({listed(kernel)}) stride({listed(stride)}) pad({listed(pad)})"
    if op == "max_pool2d":
        return Case(index, "pool", "tosa.max_pool2d", "custom",
                    _op("tosa.max_pool2d", [("%x", t(inp, el))], [t(result, out_el)], props))  # fmt: skip
    acc = {"f16": "f16", "bf16": "f32", "f32": "f32"}.get(el, "i32")
    if _p(rng, 0.1):
        acc = rng.choice(["f32", "f16", "i32"])
    zp_in, zp_out = el, out_el
    if _p(rng, 0.06):
        zp_in = "i8" if el != "i8" else "f32"
    elif _p(rng, 0.06):
        zp_out = "i8" if out_el != "i8" else "f32"
    operands = [("%x", t(inp, el)), ("%izp", t([1], zp_in)), ("%ozp", t([1], zp_out))]
    return Case(index, "pool", "tosa.avg_pool2d", "custom",
                _op("tosa.avg_pool2d", operands, [t(result, out_el)], f"{props} acc_type({acc})"))  # fmt: skip


# ---------------------------------------------------------------- matmul


def matmul_case(rng: random.Random, index: int) -> Case:
    el = rng.choice(["f32", "f16", "i8"])
    m, k, n = rng.randint(1, 5), rng.randint(1, 5), rng.randint(1, 5)
    batch_rank = rng.choice([0, 1, 1, 1, 2])
    batch = [rng.randint(1, 3) for _ in range(batch_rank)]
    ba = list(batch)
    bb = list(batch)
    if _p(rng, 0.15) and batch:
        i = rng.randrange(len(batch))
        (ba if _p(rng, 0.5) else bb)[i] = rng.choice([1, batch[i] + 1])
    if _p(rng, 0.1) and ba:
        bb = bb[1:]
    a: list[int | None] = [*ba, m, k]
    b: list[int | None] = [*bb, k if _p(rng, 0.9) else k + 1, n]
    full = max(len(ba), len(bb))
    pa, pb = [1] * (full - len(ba)) + ba, [1] * (full - len(bb)) + bb
    out_batch = [max(x, y) for x, y in zip(pa, pb, strict=True)]
    result: list[int | None] = [*out_batch, m, n]
    if _p(rng, 0.15):
        i = rng.randrange(len(result))
        result[i] = _off(rng, result[i], 1.0)
    if _p(rng, 0.04):
        result = result[1:] if len(result) > 2 else [1, *result]
    for shape_ in (a, b):
        if _p(rng, 0.05):
            shape_[rng.randrange(len(shape_))] = None
    out_el = "i32" if el == "i8" else el
    za, zb = el, el
    if _p(rng, 0.06):
        za = "i8" if el != "i8" else "f32"
    elif _p(rng, 0.06):
        zb = "i8" if el != "i8" else "f32"
    operands = [("%a", t(a, el)), ("%b", t(b, el)), ("%azp", t([1], za)), ("%bzp", t([1], zb))]
    return Case(index, "matmul", "tosa.matmul", "custom", _op("tosa.matmul", operands, [t(result, out_el)]))


# ---------------------------------------------------------------- layout


def layout_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["transpose", "reshape", "concat", "slice", "pad", "tile"])
    rank = rng.randint(1, 4)
    shape_: list[int | None] = [rng.randint(1, 5) for _ in range(rank)]
    if _p(rng, 0.08):
        shape_[rng.randrange(rank)] = None
    el = "f32"
    x = ("%x", t(shape_, el))
    if op == "transpose":
        perms = list(range(rank))
        rng.shuffle(perms)
        result: list[int | None] = [shape_[p] for p in perms]
        if _p(rng, 0.06):
            perms[rng.randrange(rank)] = rng.randrange(rank + 1)
        elif _p(rng, 0.05):
            perms = perms[:-1] if rank > 1 else [0, 1]
        if _p(rng, 0.15):
            i = rng.randrange(rank)
            result[i] = _off(rng, result[i], 1.0)
        if _p(rng, 0.04):
            result = [*result, 1]
        out_el = el if _p(rng, 0.96) else "i32"
        props = f"perms([{', '.join(map(str, perms))}])"
        return Case(index, "layout", "tosa.transpose", "custom",
                    _op("tosa.transpose", [x], [t(result, out_el)], props))  # fmt: skip
    if op == "reshape":
        static = [d if d is not None else 2 for d in shape_]
        count = 1
        for d in static:
            count *= d
        factors = [f for f in range(1, count + 1) if count % f == 0]
        first = rng.choice(factors)
        target = [first, count // first] if _p(rng, 0.6) else [count]
        values = list(target)
        if _p(rng, 0.2):
            values[rng.randrange(len(values))] = -1
        if _p(rng, 0.05):
            values = [-1] * len(values)
        result = list(target)
        if _p(rng, 0.15):
            i = rng.randrange(len(result))
            result[i] = _off(rng, result[i], 1.0)
        if _p(rng, 0.05):
            values = [*values, 1]
        x = ("%x", t(static, el))
        consts = [_shape_const("%s0", values)]
        return Case(index, "layout", "tosa.reshape", "custom",
                    _op("tosa.reshape", [x, ("%s0", f"!tosa.shape<{len(values)}>")], [t(result, el)], "", consts))  # fmt: skip
    if op == "concat":
        axis = rng.randrange(rank)
        inputs = []
        for _ in range(rng.randint(1, 3)):
            s = list(shape_)
            s[axis] = rng.randint(1, 4)
            if _p(rng, 0.08):
                j = rng.randrange(rank)
                s[j] = _off(rng, s[j], 1.0)
            if _p(rng, 0.04):
                s = [*s, 1]
            inputs.append(s)
        total = 0
        for s in inputs:
            total = total + s[axis] if total is not None and s[axis] is not None and len(s) > axis else None  # type: ignore[operator]
        result = list(shape_)
        result[axis] = total
        if _p(rng, 0.15):
            i = rng.randrange(rank)
            result[i] = _off(rng, result[i], 1.0)
        if _p(rng, 0.04):
            axis = rank + rng.randint(0, 1)
        operands = [(f"%a{i}", t(s, el if _p(rng, 0.97) else "i32")) for i, s in enumerate(inputs)]
        return Case(index, "layout", "tosa.concat", "custom",
                    _op("tosa.concat", operands, [t(result, el)], f"axis({axis})"))  # fmt: skip
    static = [d if d is not None else 4 for d in shape_]
    x = ("%x", t(static, el))
    if op == "slice":
        start = [rng.randint(0, max(d - 1, 0)) for d in static]
        size_ = [rng.randint(1, max(d - s, 1)) for d, s in zip(static, start, strict=True)]
        if _p(rng, 0.1):
            i = rng.randrange(rank)
            size_[i] += 1
        if _p(rng, 0.08):
            size_[rng.randrange(rank)] = -1
        result = [d - s if z == -1 else z for d, s, z in zip(static, start, size_, strict=True)]
        if _p(rng, 0.12):
            i = rng.randrange(rank)
            result[i] = _off(rng, result[i], 1.0)
        if _p(rng, 0.04):
            start = start[:-1] if rank > 1 else [0, 0]
        consts = [_shape_const("%s0", start), _shape_const("%s1", size_)]
        operands = [x, ("%s0", f"!tosa.shape<{len(start)}>"), ("%s1", f"!tosa.shape<{len(size_)}>")]
        return Case(index, "layout", "tosa.slice", "custom", _op("tosa.slice", operands, [t(result, el)], "", consts))
    if op == "pad":
        padding = [rng.randint(0, 2) for _ in range(2 * rank)]
        result = [d + padding[2 * i] + padding[2 * i + 1] for i, d in enumerate(static)]
        if _p(rng, 0.06):
            padding[rng.randrange(2 * rank)] = rng.choice([-1, -2])
        if _p(rng, 0.12):
            i = rng.randrange(rank)
            result[i] = _off(rng, result[i], 1.0)
        if _p(rng, 0.04):
            padding = padding[:-2] if rank > 1 else [0, 0, 0, 0]
        consts = [_shape_const("%s0", padding)]
        operands = [x, ("%s0", f"!tosa.shape<{len(padding)}>"), ("%c", t([1], el))]
        return Case(index, "layout", "tosa.pad", "custom", _op("tosa.pad", operands, [t(result, el)], "", consts))
    multiples = [rng.randint(1, 3) for _ in range(rank)]
    if _p(rng, 0.06):
        multiples[rng.randrange(rank)] = rng.choice([0, -1, -2])
    result = [d * m if m > 0 else None for d, m in zip(static, multiples, strict=True)]
    if _p(rng, 0.05):
        multiples = [*multiples, 1]
    if _p(rng, 0.05):
        result = [*result, 2]
    consts = [_shape_const("%s0", multiples)]
    operands = [x, ("%s0", f"!tosa.shape<{len(multiples)}>")]
    return Case(index, "layout", "tosa.tile", "custom", _op("tosa.tile", operands, [t(result, el)], "", consts))


# ---------------------------------------------------------------- reduce


def reduce_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["reduce_sum", "reduce_max", "reduce_min", "reduce_product", "reduce_all", "argmax", "argmax"])
    el = "i1" if op == "reduce_all" else rng.choice(["f32", "i32"])
    rank = rng.randint(1, 4)
    shape_: list[int | None] = [rng.randint(1, 5) for _ in range(rank)]
    if _p(rng, 0.08):
        shape_[rng.randrange(rank)] = None
    axis = rng.randrange(rank) if _p(rng, 0.92) else rng.choice([-1, rank, rank + 1])
    if op == "argmax":
        result = [d for i, d in enumerate(shape_) if i != axis]
        out_el = "i32" if _p(rng, 0.93) else "f32"
    else:
        result = [1 if i == axis else d for i, d in enumerate(shape_)]
        out_el = el if _p(rng, 0.95) else ("f16" if el != "f16" else "f32")
    if _p(rng, 0.15) and result:
        i = rng.randrange(len(result))
        result[i] = _off(rng, result[i], 1.0)
    if _p(rng, 0.05):
        result = result[1:] if result else [1]
    shape_x = None if _p(rng, 0.03) else shape_
    return Case(index, "reduce", f"tosa.{op}", "custom",
                _op(f"tosa.{op}", [("%x", t(shape_x, el))], [t(result, out_el)], f"axis({axis})"))  # fmt: skip


# ---------------------------------------------------------------- gather, scatter


def gather_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["gather", "scatter"])
    n, k, w, c = (rng.randint(1, 5) for _ in range(4))
    el = rng.choice(["f32", "i8"])
    values: list[int | None] = [n, k, c]
    indices: list[int | None] = [n, w]
    inp: list[int | None] = [n, w, c]
    out: list[int | None] = [n, w, c] if op == "gather" else [n, k, c]
    shapes = [values, indices, inp, out] if op == "scatter" else [values, indices, out]
    if _p(rng, 0.25):
        s = rng.choice(shapes)
        i = rng.randrange(len(s))
        s[i] = _off(rng, s[i], 1.0)
    if _p(rng, 0.08):
        s = rng.choice(shapes)
        s[rng.randrange(len(s))] = None
    idx_el = "i32" if _p(rng, 0.9) else "i64"
    out_el = el if _p(rng, 0.95) else ("i8" if el != "i8" else "f32")
    if op == "gather":
        operands = [("%v", t(values, el)), ("%i", t(indices, idx_el))]
    else:
        operands = [("%v", t(values, el)), ("%i", t(indices, idx_el)), ("%x", t(inp, el))]
    return Case(index, "gather", f"tosa.{op}", "custom", _op(f"tosa.{op}", operands, [t(out, out_el)]))


# ---------------------------------------------------------------- misc


def resize_case(rng: random.Random, index: int) -> Case:
    n, c = rng.randint(1, 2), rng.randint(1, 3)
    ih, iw = rng.choice([1, 2, 3, 4, 5, 8]), rng.choice([1, 2, 3, 4, 6])
    scale = [rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 3)]
    offset = [rng.randint(-1, 1), rng.randint(-1, 1)]
    border = [rng.randint(-1, 1), rng.randint(-1, 1)]
    out: list[int | None] = [n, 0, 0, c]
    for k, size in enumerate((ih, iw)):
        num = (size - 1) * scale[2 * k] - offset[k] + border[k]
        if num % scale[2 * k + 1] and _p(rng, 0.8):
            scale[2 * k + 1] = 1
            num = (size - 1) * scale[2 * k] - offset[k] + border[k]
        out[k + 1] = num // scale[2 * k + 1] + 1
    if _p(rng, 0.05):
        scale[rng.randrange(4)] = rng.choice([0, -1])
    if _p(rng, 0.15):
        k = rng.randint(1, 2)
        out[k] = _off(rng, out[k], 1.0)
    if _p(rng, 0.05):
        out[rng.randint(1, 2)] = None
    out = [d if d is None or d > 0 else 1 for d in out]
    el = rng.choice(["f32", "f16"])
    out_el = el if _p(rng, 0.95) else ("f16" if el == "f32" else "f32")
    consts = [_shape_const("%s0", scale), _shape_const("%s1", offset), _shape_const("%s2", border)]
    operands = [("%x", t([n, ih, iw, c], el)), ("%s0", "!tosa.shape<4>"), ("%s1", "!tosa.shape<2>"),
                ("%s2", "!tosa.shape<2>")]  # fmt: skip
    mode = rng.choice(["BILINEAR", "NEAREST_NEIGHBOR"])
    return Case(index, "resize", "tosa.resize", "custom",
                _op("tosa.resize", operands, [t(out, out_el)], f"mode<{mode}>", consts))  # fmt: skip


def misc_case(rng: random.Random, index: int) -> Case:
    if _p(rng, 0.6):
        n = rng.randint(1, 3)
        h = rng.choice([1, 2, 4, 8, 3, 6])
        w = rng.choice([1, 2, 4, 8, 16, 6])
        el = rng.choice(["f32", "f16", "bf16"])
        real: list[int | None] = [n, h, w // 2 + 1]
        imag = list(real)
        if _p(rng, 0.15):
            i = rng.randrange(3)
            real[i] = _off(rng, real[i], 1.0)
            if _p(rng, 0.5):
                imag[i] = real[i]
        if _p(rng, 0.05):
            imag = [*imag, 1] if _p(rng, 0.3) else imag
        out_el = el if _p(rng, 0.95) else "f32" if el != "f32" else "f16"
        return Case(index, "misc", "tosa.rfft2d", "custom",
                    _op("tosa.rfft2d", [("%x", t([n, h, w], el))], [t(real, el), t(imag, out_el)]))  # fmt: skip
    el = rng.choice(["f32", "i32"])
    shape_ = [rng.randint(1, 3) for _ in range(rng.randint(0, 3))]
    count = 1
    for d in shape_:
        count *= d
    literal = "dense<1.0>" if el == "f32" else "dense<2>"
    result = list(shape_)
    if _p(rng, 0.3):
        if result and _p(rng, 0.7):
            i = rng.randrange(len(result))
            result[i] += 1
        else:
            result = [*result, 2]
    out_el = el if _p(rng, 0.95) else ("i32" if el == "f32" else "f32")
    body = f"%0 = tosa.const values({literal} : {t(shape_, el)}) : () -> {t(result, out_el)}"
    return Case(index, "misc", "tosa.const", "custom", module([], body))


FAMILIES = {
    "conv": conv_case,
    "pool": pool_case,
    "matmul": matmul_case,
    "layout": layout_case,
    "reduce": reduce_case,
    "gather": gather_case,
    "misc": misc_case,
    "resize": resize_case,
}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_tosa_structural_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"tosa {family}", cases, ctx, seed=SEED)
