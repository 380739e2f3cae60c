"""Differential test: Linalg's structured ops against iree-base-compiler 3.13.

Each case is one function whose arguments feed one op in its custom form (``ins(..)
outs(..) -> T``). Families (``BROADCHECK_LINALG_CASES`` each, default 2500, at least 2000;
``BROADCHECK_ORACLE_SEED``):

* ``named``: ``matmul``, ``batch_matmul``, ``batch_reduce_matmul``, ``matvec``, ``vecmat``,
  ``dot``, ``copy``, ``batch_matvec``, ``transpose``: tensors (now and then memrefs, mixed), sizes
  right or off by one, ``?`` sizes (which stop the shape checks), an operand of the wrong rank,
  result types right or off, a result missing or one too many;
* ``conv``: ``conv_2d_nhwc_hwcf``, ``conv_2d_nchw_fchw``, ``depthwise_conv_2d_nhwc_hwc``,
  ``pooling_nhwc_sum``/``max``, ``pooling_nchw_max``, strides and dilations 1-2 (written as
  ``dense<..>`` or not at all), output sizes right or off, inputs too small;
* ``generic``: ``linalg.generic`` with inline maps (permutations, projections, broadcasts,
  reductions over 1-3 loops), shapes right or off, a map too many or too few, maps of another
  dim count, iterators too many or few, non-invertible maps, block arguments of the wrong
  count or type.

Not generated: maps referred to by aliases (``#map``: broadcheck does not read attribute
aliases, so it does not judge such ops), maps with symbols, ``linalg.fill`` of a scalar operand
(its region is built by the parser), and yields of the wrong type in ``linalg.generic`` (MLIR
reports them at the ``linalg.yield``, before the op's own checks; broadcheck does not check the
yield yet, and says nothing about such an op).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, dims, module

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LINALG_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def shaped(kind: str, shape: list[int | None], element: str = "f32") -> str:
    return f"{kind}<{dims(shape)}{element}>"


def _off(rng: random.Random, d: int | None) -> int | None:
    if d is None:
        return rng.randint(1, 6)
    return rng.choice([d + 1, max(d - 1, 1), None])


def _op(name: str, ins: list[str], outs: list[str], results: list[str], attrs: str = "", tail: str = "") -> str:
    operands = [(f"%i{k}", t) for k, t in enumerate(ins)] + [(f"%o{k}", t) for k, t in enumerate(outs)]
    ins_text = f"ins({', '.join(n for n, _ in operands[: len(ins)])} : {', '.join(ins)}) " if ins else ""
    outs_text = f"outs({', '.join(n for n, _ in operands[len(ins) :])} : {', '.join(outs)})"
    head = "" if not results else ("%0 = " if len(results) == 1 else f"%0:{len(results)} = ")
    result_text = (
        "" if not results or tail else f" -> {results[0] if len(results) == 1 else '(' + ', '.join(results) + ')'}"
    )
    return module(operands, f"{head}{name} {attrs}{ins_text}{outs_text}{tail}{result_text}")


NAMED = {
    # name: (loops, operand maps as loop lists)
    "matmul": (3, [[0, 2], [2, 1], [0, 1]]),
    "batch_matmul": (4, [[0, 1, 3], [0, 3, 2], [0, 1, 2]]),
    "batch_reduce_matmul": (4, [[0, 1, 3], [0, 3, 2], [1, 2]]),
    "matvec": (2, [[0, 1], [1], [0]]),
    "vecmat": (2, [[1], [1, 0], [0]]),
    "dot": (1, [[0], [0], []]),
    "copy": (2, [[0, 1], [0, 1]]),
    "batch_matvec": (3, [[0, 1, 2], [0, 2], [0, 1]]),
}


def named_case(rng: random.Random, index: int) -> Case:
    name = rng.choice([*NAMED, "transpose"])
    kind = "tensor" if _p(rng, 0.85) else "memref"
    if name == "transpose":
        rank = rng.randint(1, 4)
        shape_ = [rng.randint(1, 5) for _ in range(rank)]
        perm = list(range(rank))
        rng.shuffle(perm)
        out: list[int | None] = [shape_[p] for p in perm]
        if _p(rng, 0.3):
            i = rng.randrange(rank)
            out[i] = _off(rng, out[i])
        if _p(rng, 0.05):
            shape_[rng.randrange(rank)] = None  # type: ignore[call-overload]
        ins = [shaped(kind, shape_)]  # type: ignore[arg-type]
        outs = [shaped(kind, out)]
        results = outs if kind == "tensor" else []
        tail = f" permutation = [{', '.join(map(str, perm))}]"
        return Case(index, "named", "linalg.transpose", "custom", _op("linalg.transpose", ins, outs, results, "", tail))
    loops, maps = NAMED[name]
    sizes = [rng.randint(1, 6) for _ in range(loops)]
    shapes: list[list[int | None]] = [[sizes[d] for d in m] for m in maps]
    if _p(rng, 0.3):
        s = rng.choice(shapes)
        if s:
            i = rng.randrange(len(s))
            s[i] = _off(rng, s[i])
    if _p(rng, 0.06):
        s = rng.choice(shapes)
        if s:
            s.pop() if _p(rng, 0.5) else s.append(2)
    if _p(rng, 0.05):
        s = rng.choice(shapes)
        if s:
            s[rng.randrange(len(s))] = None
    elements = ["f32"] * len(shapes)
    if _p(rng, 0.05):
        elements[-1] = "i32"
    types = [shaped(kind, s, e) for s, e in zip(shapes, elements, strict=True)]
    if _p(rng, 0.05):
        k = rng.randrange(len(types))
        types[k] = shaped("memref" if kind == "tensor" else "tensor", shapes[k])
    ins, outs = types[:-1], types[-1:]
    out_kind = outs[0].split("<")[0]
    results = list(outs) if out_kind == "tensor" else []
    if _p(rng, 0.08) and results:
        r = list(shapes[-1])
        if r:
            r[rng.randrange(len(r))] = _off(rng, r[0])
        results = [shaped("tensor", r)]
    if _p(rng, 0.03):
        results = [*results, results[0]] if results else [shaped("tensor", shapes[-1])]
    return Case(index, "named", f"linalg.{name}", "custom", _op(f"linalg.{name}", ins, outs, results))


def conv_case(rng: random.Random, index: int) -> Case:
    name = rng.choice(
        [
            "conv_2d_nhwc_hwcf",
            "conv_2d_nchw_fchw",
            "depthwise_conv_2d_nhwc_hwc",
            "pooling_nhwc_sum",
            "pooling_nhwc_max",
            "pooling_nchw_max",
        ]
    )
    n, c, f = rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 3)
    kh, kw = rng.randint(1, 3), rng.randint(1, 3)
    strides = [rng.randint(1, 2), rng.randint(1, 2)]
    dilations = [rng.randint(1, 2), rng.randint(1, 2)]
    oh, ow = rng.randint(1, 5), rng.randint(1, 5)
    ih = (oh - 1) * strides[0] + (kh - 1) * dilations[0] + 1 + rng.choice([0, 0, 0, 1, 2])
    iw = (ow - 1) * strides[1] + (kw - 1) * dilations[1] + 1 + rng.choice([0, 0, 0, 1, 2])
    if _p(rng, 0.15):
        ih -= 1
    out_h, out_w = oh, ow
    if _p(rng, 0.1):
        out_h = oh + 1
    nhwc = "nhwc" in name
    if name.startswith("conv"):
        inp = [n, ih, iw, c] if nhwc else [n, c, ih, iw]
        kernel = [kh, kw, c, f] if nhwc else [f, c, kh, kw]
        out = [n, out_h, out_w, f] if nhwc else [n, f, out_h, out_w]
    elif name.startswith("depthwise"):
        inp, kernel, out = [n, ih, iw, c], [kh, kw, c], [n, out_h, out_w, c]
    else:
        inp = [n, ih, iw, c] if nhwc else [n, c, ih, iw]
        kernel = [kh, kw]
        out = [n, out_h, out_w, c] if nhwc else [n, c, out_h, out_w]
    if _p(rng, 0.1):
        k = rng.randrange(len(kernel))
        kernel[k] = kernel[k] + 1
    shapes: list[list[int | None]] = [list(inp), list(kernel), list(out)]
    if _p(rng, 0.06):
        s = rng.choice(shapes)
        s[rng.randrange(len(s))] = None
    types = [shaped("tensor", s) for s in shapes]
    attrs = ""
    if _p(rng, 0.85):

        def listed(v: list[int]) -> str:
            if v[0] != v[1] or _p(rng, 0.5):
                return f"dense<[{v[0]}, {v[1]}]> : tensor<2xi64>"
            return f"dense<{v[0]}> : tensor<2xi64>"  # a splat

        attrs = f"{{dilations = {listed(dilations)}, strides = {listed(strides)}}} "
    elif strides != [1, 1] or dilations != [1, 1]:
        strides = dilations = [1, 1]
    return Case(
        index, "conv", f"linalg.{name}", "custom", _op(f"linalg.{name}", types[:2], types[2:], types[2:], attrs)
    )


def _affine(loops: int, results: list[int]) -> str:
    ds = ", ".join(f"d{i}" for i in range(loops))
    return f"affine_map<({ds}) -> ({', '.join(f'd{i}' for i in results)})>"


def generic_case(rng: random.Random, index: int) -> Case:
    loops = rng.randint(1, 3)
    sizes = [rng.randint(1, 5) for _ in range(loops)]
    reduction = [i for i in range(loops) if _p(rng, 0.25)]
    out_dims = [i for i in range(loops) if i not in reduction]
    rng.shuffle(out_dims)
    n_in = rng.randint(1, 2)
    maps: list[list[int]] = []
    for _ in range(n_in):
        m = list(range(loops)) if _p(rng, 0.6) else rng.sample(range(loops), rng.randint(0, loops))
        if _p(rng, 0.5):
            rng.shuffle(m)
        maps.append(m)
    maps.append(out_dims)
    map_dims = [loops] * len(maps)
    shapes: list[list[int | None]] = [[sizes[d] for d in m] for m in maps]
    if _p(rng, 0.25):
        s = rng.choice(shapes)
        if s:
            i = rng.randrange(len(s))
            s[i] = _off(rng, s[i])
    if _p(rng, 0.05):
        shapes[rng.randrange(len(shapes))].append(3)
    if _p(rng, 0.05):
        map_dims[rng.randrange(len(map_dims))] = loops + 1
    iterators = ["reduction" if i in reduction else "parallel" for i in range(loops)]
    if _p(rng, 0.04):
        iterators = iterators[:-1] if len(iterators) > 1 else [*iterators, "parallel"]
    map_texts = [_affine(d, m) for d, m in zip(map_dims, maps, strict=True)]
    if _p(rng, 0.04):
        map_texts = map_texts[:-1] if len(map_texts) > 1 else [*map_texts, map_texts[0]]
    if _p(rng, 0.04):
        map_texts[rng.randrange(len(map_texts))] = _affine(loops, [])  # may leave a loop unnamed
    elements = ["f32"] * len(shapes)
    types = [shaped("tensor", s, e) for s, e in zip(shapes, elements, strict=True)]
    args = ["f32"] * len(shapes)
    if _p(rng, 0.05):
        args[rng.randrange(len(args))] = "f16"
    if _p(rng, 0.04):
        args = args[:-1]
    yielded = "f32"
    block = ", ".join(f"%b{k}: {t}" for k, t in enumerate(args))
    attrs = f"{{indexing_maps = [{', '.join(map_texts)}], iterator_types = [{', '.join(repr(i).replace(chr(39), chr(34)) for i in iterators)}]}} "
    operands = [(f"%i{k}", t) for k, t in enumerate(types[:-1])] + [("%o0", types[-1]), ("%y", yielded)]
    body = [
        f"%0 = linalg.generic {attrs}ins({', '.join(f'%i{k}' for k in range(n_in))} : {', '.join(types[:-1])}) "
        f"outs(%o0 : {types[-1]}) {{",
        f"^bb0({block}):",
        f"  linalg.yield %y : {yielded}",
        f"}} -> {types[-1]}",
    ]
    return Case(index, "generic", "linalg.generic", "custom", module(operands, body))


FAMILIES = {"named": named_case, "conv": conv_case, "generic": generic_case}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_linalg_structured_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"linalg {family}", cases, ctx, seed=SEED)
