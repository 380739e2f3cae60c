"""Differential test: the Linalg rules taken from llvm-project's Linalg tests, against
iree-base-compiler 3.13 (``BROADCHECK_LINALG_CORE_CASES`` each, default 2000;
``BROADCHECK_ORACLE_SEED``).

* ``layouts``: the named convolutions, depthwise convolutions and pools broadcheck reads by their
  layout letters (``conv_1d_ncw_fcw``, ``conv_2d_ngchw_gfchw``, ``depthwise_conv_1d_nwc_wcm``,
  ``pooling_ndhwc_max``, the ``_q`` ops with their zero points, ...) and ``mmt4d`` /
  ``batch_mmt4d``: sizes right, off by one or ``?``, strides and dilations 1-2, operands of the
  wrong rank, memrefs now and then;
* ``rules``: ``linalg.fill`` of scalars, vectors and tensors of the init's element type or not
  (BC1315, BC675), ``linalg.transpose`` with permutations repeated, out of range, short or long,
  inputs and inits of other ranks (BC1316-BC1318, BC674), and ``pooling_*_{max,min}_unsigned`` on
  floats, i1 and wider integers (BC1319);
* ``pack``: ``linalg.pack``/``unpack`` (BC1320-BC1322): tiles right, zero or dynamic, positions and
  permutations valid or not, packed ranks and dims right or off, padding values of the right or
  wrong type, full tiles or not, tensors and memrefs;
* ``transforms``: ``linalg.softmax`` (output shapes, dimensions in and out of range) and the
  Winograd filter, input and output transforms for ``F(2,3)``, ``F(4,3)``, ``F(2,5)`` with sizes
  right, off by one, 1 or ``?`` (BC1323);
* ``contract``: ``linalg.contract`` with inline maps (BC1324, then the structured shapes);
* ``matmul``: ``matmul``/``batch_matmul``/``batch_reduce_matmul`` with ``indexing_maps`` (BC1325).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, module
from .test_linalg_structured import _op, _p, shaped

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LINALG_CORE_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))

CONVS = [
    "conv_1d_ncw_fcw",
    "conv_1d_nwc_wcf",
    "conv_2d_nhwc_fhwc",
    "conv_2d_ngchw_fgchw",
    "conv_2d_ngchw_gfchw",
    "conv_2d_nhwgc_gfhwc",
    "conv_3d_ncdhw_fcdhw",
    "conv_2d_nhwc_hwcf_q",
    "conv_2d_nchw_fchw_q",
    "conv_2d_nhwc_fhwc_q",
    "depthwise_conv_1d_ncw_cw",
    "depthwise_conv_1d_nwc_wcm",
    "depthwise_conv_2d_nchw_chw",
    "depthwise_conv_2d_nhwc_hwcm",
    "depthwise_conv_2d_nhwc_hwc_q",
    "depthwise_conv_3d_ncdhw_cdhw",
    "depthwise_conv_3d_ndhwc_dhwc",
    "depthwise_conv_3d_ndhwc_dhwcm",
    "pooling_nwc_sum",
    "pooling_nwc_max",
    "pooling_nwc_min_unsigned",
    "pooling_ncw_max",
    "pooling_ndhwc_sum",
    "pooling_ndhwc_min",
    "conv_2d_ngchw_gfchw_q",
    "conv_3d_ndhwc_dhwcf_q",
    "depthwise_conv_2d_nhwc_hwcm_q",
    "pooling_ncw_sum",
    "pooling_ndhwc_max",
    "pooling_nwc_min",
]


def _layouts(name: str) -> tuple[str, str, str, bool]:
    parts = name.split("_")
    q = parts[-1] == "q"
    if name.startswith("pooling"):
        inp = parts[1]
        return inp, "".join(c for c in inp if c in "dhw"), inp, q
    if name.startswith("depthwise"):
        inp, kernel = parts[3], parts[4]
        return inp, kernel, inp + ("m" if "m" in kernel else ""), q
    return parts[2], parts[3], parts[2].replace("c", "f"), q


def conv_case(rng: random.Random, index: int) -> Case:
    if _p(rng, 0.15):
        return _mmt4d_case(rng, index)
    name = rng.choice(CONVS)
    inp, kernel, out, q = _layouts(name)
    spatial = [c for c in inp if c in "dhw"]
    sizes = {c: rng.randint(1, 3) for c in "ncfgm"}
    win = {c: rng.randint(1, 3) for c in spatial}
    outs = {c: rng.randint(1, 4) for c in spatial}
    strides = {c: rng.randint(1, 2) for c in spatial}
    dilations = {c: rng.randint(1, 2) for c in spatial}
    extra = {c: rng.choice([0, 0, 0, 1]) for c in spatial}
    ins = {c: (outs[c] - 1) * strides[c] + (win[c] - 1) * dilations[c] + 1 + extra[c] for c in spatial}
    shapes: list[list[int | None]] = [
        [ins[c] if c in ins else sizes[c] for c in inp],
        [win[c] if c in win else sizes[c] for c in kernel],
        [outs[c] if c in outs else sizes[c] for c in out],
    ]
    if _p(rng, 0.3):
        s = rng.choice(shapes)
        i = rng.randrange(len(s))
        s[i] = rng.choice([(s[i] or 1) + 1, max((s[i] or 1) - 1, 1), None])
    if _p(rng, 0.05):
        s = rng.choice(shapes)
        s.pop() if _p(rng, 0.5) else s.append(2)
    element = "i8" if q or name.endswith("unsigned") else "f32"
    kind = "tensor" if _p(rng, 0.85) else "memref"
    types = [shaped(kind, s, element) for s in shapes]
    if q:
        types[2] = shaped(kind, shapes[2], "i32")
    attrs = ""
    if _p(rng, 0.8):

        def listed(v: dict[str, int]) -> str:
            values = [v[c] for c in spatial]
            return f"dense<[{', '.join(map(str, values))}]> : tensor<{len(values)}xi64>"

        attrs = f"{{dilations = {listed(dilations)}, strides = {listed(strides)}}} "
    elif any(strides[c] != 1 or dilations[c] != 1 for c in spatial):
        attrs = "{dilations = dense<1> : tensor<" + str(len(spatial)) + "xi64>} "
    ins_types = [types[0], types[1]] + (["i32", "i32"] if q else [])
    results = [types[2]] if kind == "tensor" else []
    return Case(
        index, "layouts", f"linalg.{name}", "custom", _op(f"linalg.{name}", ins_types, [types[2]], results, attrs)
    )


def _mmt4d_case(rng: random.Random, index: int) -> Case:
    batch = _p(rng, 0.4)
    name = "batch_mmt4d" if batch else "mmt4d"
    b, m, n, k, m0, n0, k0 = (rng.randint(1, 4) for _ in range(7))
    shapes: list[list[int | None]] = [[m, k, m0, k0], [n, k, n0, k0], [m, n, m0, n0]]
    if batch:
        shapes = [[b, *s] for s in shapes]
    if _p(rng, 0.4):
        s = rng.choice(shapes)
        i = rng.randrange(len(s))
        s[i] = rng.choice([(s[i] or 1) + 1, None])
    if _p(rng, 0.05):
        rng.choice(shapes).pop()
    types = [shaped("tensor", s) for s in shapes]
    return Case(index, "layouts", f"linalg.{name}", "custom", _op(f"linalg.{name}", types[:2], types[2:], types[2:]))


def rules_case(rng: random.Random, index: int) -> Case:
    which = rng.random()
    if which < 0.35:
        return _fill_case(rng, index)
    if which < 0.75:
        return _transpose_case(rng, index)
    return _unsigned_case(rng, index)


def _fill_case(rng: random.Random, index: int) -> Case:
    element = rng.choice(["f32", "f16", "i32", "vector<2xf32>", "vector<2x4xf32>"])
    init = shaped(
        rng.choice(["tensor", "tensor", "memref"]), [rng.randint(1, 4) for _ in range(rng.randint(0, 2))], element
    )
    value = rng.choice(
        [element, element, "f32", "f64", "i16", "vector<2xf32>", "vector<4xf32>", "tensor<2xf32>", "memref<f32>"]
    )
    results = [init] if init.startswith("tensor") else []
    return Case(index, "rules", "linalg.fill", "custom", _op("linalg.fill", [value], [init], results))


def _transpose_case(rng: random.Random, index: int) -> Case:
    rank = rng.randint(1, 4)
    source = [rng.randint(1, 5) for _ in range(rank)]
    perm = list(range(rank))
    rng.shuffle(perm)
    init: list[int | None] = [source[p] for p in perm]
    pick = rng.random()
    if pick < 0.15 and rank > 1:
        perm[rng.randrange(rank)] = perm[(perm.index(perm[0]) + 1) % rank]  # a repeat
    elif pick < 0.25:
        perm[rng.randrange(rank)] = rank + rng.randint(0, 1)  # out of range
    elif pick < 0.35:
        perm = perm[:-1] if rank > 1 else [0, 1]
    elif pick < 0.45:
        init = [*init, 2] if _p(rng, 0.5) else init[:-1]
    elif pick < 0.55:
        source = [*source, 3]
    elif pick < 0.7:
        i = rng.randrange(len(init))
        init[i] = (init[i] or 1) + 1
    ins = [shaped("tensor", source)]  # type: ignore[arg-type]
    outs = [shaped("tensor", init)]
    tail = f" permutation = [{', '.join(map(str, perm))}]"
    return Case(index, "rules", "linalg.transpose", "custom", _op("linalg.transpose", ins, outs, outs, "", tail))


def _unsigned_case(rng: random.Random, index: int) -> Case:
    name = rng.choice(["pooling_nhwc_max_unsigned", "pooling_nhwc_min_unsigned", "pooling_nwc_max_unsigned"])
    element = rng.choice(["f32", "f16", "i1", "i8", "i32"])
    two = "nhwc" in name
    inp: list[int | None] = [1, 4, 4, 1] if two else [1, 4, 1]
    kernel: list[int | None] = [2, 2] if two else [2]
    out: list[int | None] = [1, 3, 3, 1] if two else [1, 3, 1]
    types = [shaped("tensor", s, element) for s in (inp, kernel, out)]
    attrs = (
        "{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} " if two and _p(rng, 0.5) else ""
    )
    return Case(
        index, "rules", f"linalg.{name}", "custom", _op(f"linalg.{name}", types[:2], types[2:], types[2:], attrs)
    )


def pack_case(rng: random.Random, index: int) -> Case:
    """``linalg.pack``/``unpack``: tiles right, zero or dynamic, positions and permutations valid or
    not, packed ranks and dims right or off, padding values of the right or wrong type, full tiles or
    not, tensors or memrefs."""
    is_pack = _p(rng, 0.6)
    rank = rng.randint(1, 3)
    unpacked: list[int | None] = [rng.choice([4, 6, 8, 9, 12, 16]) for _ in range(rank)]
    tiled = rng.sample(range(rank), rng.randint(0, rank))
    tiles: list[int | str] = [rng.choice([1, 2, 3, 4, 8]) for _ in tiled]
    perm = list(range(rank))
    rng.shuffle(perm)
    use_perm = _p(rng, 0.5)
    outer = [-(-unpacked[p] // t) if isinstance(t, int) else None for p, t in zip(tiled, tiles, strict=True)]  # type: ignore[operator]
    outer_dims: list[int | None] = list(unpacked)
    for p, o in zip(tiled, outer, strict=True):
        outer_dims[p] = o
    if use_perm:
        outer_dims = [outer_dims[p] for p in perm]
    packed: list[int | None] = [*outer_dims, *(t if isinstance(t, int) else None for t in tiles)]
    pick = rng.random()
    if pick < 0.08 and tiles:
        tiles[rng.randrange(len(tiles))] = 0
    elif pick < 0.16 and tiled:
        tiled[rng.randrange(len(tiled))] = rank + rng.randint(0, 1) if _p(rng, 0.5) else tiled[0]
    elif pick < 0.22 and use_perm:
        perm = perm[:-1] if rank > 1 else [1]
    elif pick < 0.3:
        packed = packed[:-1] if packed else [2]
    elif pick < 0.45 and packed:
        i = rng.randrange(len(packed))
        packed[i] = rng.choice([(packed[i] or 1) + 1, None])
    elif pick < 0.5 and tiles:
        tiles[rng.randrange(len(tiles))] = "%t"
    kind = "tensor" if _p(rng, 0.85) else "memref"
    unpacked_t, packed_t = shaped(kind, unpacked), shaped(kind, packed)
    source, dest = (unpacked_t, packed_t) if is_pack else (packed_t, unpacked_t)
    args = [("%s", source), ("%d", dest), ("%t", "index")]
    padding = ""
    if is_pack and _p(rng, 0.4):
        pad_type = "f32" if _p(rng, 0.8) else "i32"
        args.append(("%p", pad_type))
        padding = f"padding_value(%p : {pad_type}) "
    clauses = f"outer_dims_perm = [{', '.join(map(str, perm))}] " if use_perm else ""
    clauses += f"inner_dims_pos = [{', '.join(map(str, tiled))}] inner_tiles = [{', '.join(map(str, tiles))}]"
    name = "linalg.pack" if is_pack else "linalg.unpack"
    head = "%0 = " if kind == "tensor" else ""
    tail = f" : {source} -> {dest}"
    return Case(index, "pack", name, "custom", module(args, f"{head}{name} %s {padding}{clauses} into %d{tail}"))


def transforms_case(rng: random.Random, index: int) -> Case:
    """``linalg.softmax`` and the three Winograd transforms with sizes right, off or ``?``."""
    which = rng.choice(["softmax", "filter", "input", "output"])
    if which == "softmax":
        shape: list[int | None] = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
        out = list(shape)
        if _p(rng, 0.3):
            i = rng.randrange(len(out))
            out[i] = rng.choice([(out[i] or 1) + 1, None])
        if _p(rng, 0.1):
            out.append(2)
        dim = rng.randint(-1, len(shape)) if _p(rng, 0.3) else rng.randrange(len(shape))
        ins, outs = [shaped("tensor", shape)], [shaped("tensor", out)]
        return Case(
            index,
            "transforms",
            "linalg.softmax",
            "custom",
            _op("linalg.softmax", ins, outs, outs, f"dimension({dim}) "),
        )
    fmr = rng.choice(["F_2_3", "F_4_3", "F_2_5"])
    m, r = {"F_2_3": (2, 3), "F_4_3": (4, 3), "F_2_5": (2, 5)}[fmr]
    alpha = m + r - 1
    n, c, f = rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 3)
    th, tw = rng.randint(1, 3), rng.randint(1, 3)
    if which == "filter":
        h, w = rng.choice([(r, r), (r, r), (1, r), (r, 1), (1, 1), (r + 1, r), (r, 2)])
        source: list[int | None] = [f, h, w, c]
        target: list[int | None] = [alpha if h == r else 1, alpha if w == r else 1, c, f]
    elif which == "input":
        h, w = th * m + (r - 1), tw * m + (r - 1)
        source, target = [n, h, w, c], [alpha, alpha, th, tw, n, c]
    else:
        source, target = [alpha, alpha, th, tw, n, f], [n, th * m, tw * m, f]
    if _p(rng, 0.35):
        s = rng.choice([source, target])
        i = rng.randrange(len(s))
        s[i] = rng.choice([(s[i] or 1) + 1, max((s[i] or 1) - 1, 1), None, 1])
    name = f"linalg.winograd_{which}_transform"
    ins, outs = [shaped("tensor", source)], [shaped("tensor", target)]
    return Case(index, "transforms", name, "custom", _op(name, ins, outs, outs, f"fmr({fmr}) "))


def contract_case(rng: random.Random, index: int) -> Case:
    """``linalg.contract`` with inline maps: matmul-like and batched contractions, broadcasts,
    maps not projected permutations, of other dim counts or ranks, dims unused or used once."""
    loops = rng.randint(2, 4)
    sizes = [rng.randint(1, 5) for _ in range(loops)]
    dims = list(range(loops))
    k = rng.choice(dims)
    rest = [d for d in dims if d != k]
    a = [*sorted(rng.sample(rest, rng.randint(0, len(rest)))), k]
    b = [k, *sorted(rng.sample(rest, rng.randint(0, len(rest))))]
    out = sorted(set(rest))
    maps = [a, b, out]
    if _p(rng, 0.2):
        m = rng.choice(maps)
        m.pop() if m and _p(rng, 0.5) else m.append(rng.randrange(loops))
    map_dims = [loops] * 3
    if _p(rng, 0.06):
        map_dims[rng.randrange(3)] = loops + 1
    texts = []
    for d, m in zip(map_dims, maps, strict=True):
        results = ", ".join(f"d{x}" for x in m)
        if _p(rng, 0.04) and m:
            results = f"d{m[0]} + d{m[-1]}" + (", " + ", ".join(f"d{x}" for x in m[1:]) if len(m) > 1 else "")
        texts.append(f"affine_map<({', '.join(f'd{x}' for x in range(d))}) -> ({results})>")
    shapes: list[list[int | None]] = [[sizes[x] if x < loops else 2 for x in m] for m in maps]
    if _p(rng, 0.25):
        s_ = rng.choice(shapes)
        if s_:
            i = rng.randrange(len(s_))
            s_[i] = rng.choice([(s_[i] or 1) + 1, None])
    if _p(rng, 0.06):
        rng.choice(shapes).append(3)
    types = [shaped("tensor", s_) for s_ in shapes]
    if _p(rng, 0.05):
        types[rng.randrange(2)] = "f32"
    attrs = f"indexing_maps = [{', '.join(texts)}] "
    return Case(
        index, "contract", "linalg.contract", "custom", _op("linalg.contract", types[:2], types[2:], types[2:], attrs)
    )


MATMULS = {
    "matmul": (3, [[0, 2], [2, 1], [0, 1]]),
    "batch_matmul": (4, [[0, 1, 3], [0, 3, 2], [0, 1, 2]]),
    "batch_reduce_matmul": (4, [[0, 1, 3], [0, 3, 2], [1, 2]]),
}


def matmul_maps_case(rng: random.Random, index: int) -> Case:
    """``matmul``, ``batch_matmul`` and ``batch_reduce_matmul`` with ``indexing_maps``: the default
    maps, transposes, broadcasts (one or two dims dropped), dims from outside the default map, an
    extra result, a map too few; shapes that follow the maps, now and then off."""
    name = rng.choice(list(MATMULS))
    loops, defaults = MATMULS[name]
    sizes = [rng.randint(1, 5) for _ in range(loops)]
    maps = [list(m) for m in defaults]
    for m in maps:
        pick = rng.random()
        if pick < 0.15:
            m.reverse()
        elif pick < 0.35 and len(m) > 1:
            del m[rng.randrange(len(m))]
            if len(m) > 1 and _p(rng, 0.3):
                del m[rng.randrange(len(m))]
        elif pick < 0.45:
            m[rng.randrange(len(m))] = rng.randrange(loops)
        elif pick < 0.5:
            m.append(rng.randrange(loops))
    if _p(rng, 0.04):
        maps = maps[:-1]
    texts = [
        f"affine_map<({', '.join(f'd{x}' for x in range(loops))}) -> ({', '.join(f'd{x}' for x in m)})>" for m in maps
    ]
    shapes: list[list[int | None]] = [[sizes[x] for x in m] for m in maps]
    while len(shapes) < 3:
        shapes.append([sizes[x] for x in defaults[len(shapes)]])
    if _p(rng, 0.15):
        s_ = rng.choice(shapes)
        if s_:
            s_[rng.randrange(len(s_))] = rng.choice([7, None])
    kind = "tensor" if _p(rng, 0.7) else "memref"
    types = [shaped(kind, s_) for s_ in shapes]
    results = types[2:] if kind == "tensor" else []
    attrs = f"indexing_maps = [{', '.join(texts)}] "
    return Case(
        index, "matmul", f"linalg.{name}", "custom", _op(f"linalg.{name}", types[:2], types[2:], results, attrs)
    )


FAMILIES = {
    "layouts": conv_case,
    "rules": rules_case,
    "pack": pack_case,
    "transforms": transforms_case,
    "contract": contract_case,
    "matmul": matmul_maps_case,
}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_linalg_core_rules_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"linalg {family}", cases, ctx, seed=SEED)
