"""Differential test: Vector's shape ops against iree-base-compiler 3.13.

Each case is one function whose arguments feed one op in its custom form. Families
(``BROADCHECK_VECTOR_CASES`` each, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``element``: ``vector.extract`` and ``vector.insert`` with static and dynamic positions in
  and out of range (and -1, poison), positions too long or short, results and sources of the
  right or wrong shape or element type, scalable dims;
* ``shape``: ``shape_cast`` (element counts, element types, scalable dims), ``transpose``
  (permutations right, short, out of range, repeated; results permuted or not) and
  ``bitcast`` (leading dims, minor widths);
* ``reduce``: ``reduction`` (1-D or not, element types) and ``multi_reduction`` (dims in and
  out of range, repeated, results right or off);
* ``transfer``: ``transfer_read`` and ``transfer_write`` on memrefs and tensors with indices
  right or not, permutation maps (minor identity, permutations, broadcasts, repeated dims,
  maps of another rank), ``in_bounds`` of the right or wrong length, masks, element widths.

Not generated: forms the custom parser rejects (a transfer whose ranks differ without a map:
``expected a custom permutation_map``), 0-d vectors where a scalar is expected, and the
generic forms (their mask and padding types are written out, so value flow sees them).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, module

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_VECTOR_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def vec(shape: list[int], element: str = "f32", scalable: list[bool] | None = None) -> str:
    if not shape:
        return element
    dims = "".join(f"[{d}]x" if scalable and scalable[i] else f"{d}x" for i, d in enumerate(shape))
    return f"vector<{dims}{element}>"


def _shape(rng: random.Random, low: int = 1, high: int = 3) -> tuple[list[int], list[bool]]:
    rank = rng.randint(low, high)
    shape = [rng.randint(1, 6) for _ in range(rank)]
    scalable = [_p(rng, 0.12) for _ in range(rank)]
    return shape, scalable


def element_case(rng: random.Random, index: int) -> Case:
    shape, scalable = _shape(rng)
    el = rng.choice(["f32", "i8", "f16"])
    source = vec(shape, el, scalable)
    n = rng.randint(0, len(shape)) if _p(rng, 0.92) else len(shape) + 1
    position = []
    for k in range(n):
        size = shape[k] if k < len(shape) else 2
        if _p(rng, 0.1):
            position.append("%i")
        elif _p(rng, 0.08):
            position.append(str(rng.choice([size, size + 1, -1, -2])))
        else:
            position.append(str(rng.randrange(size)))
    rest_shape, rest_scalable = shape[n:], scalable[n:]
    if _p(rng, 0.1) and rest_shape:
        rest_shape = [*rest_shape[:-1], rest_shape[-1] + 1]
    if _p(rng, 0.05):
        rest_shape = rest_shape[1:] if rest_shape else [2]
        rest_scalable = rest_scalable[1:] if rest_scalable else [False]
    part_el = el if _p(rng, 0.95) else ("i32" if el != "i32" else "f32")
    part = vec(rest_shape, part_el, rest_scalable)
    pos = f"[{', '.join(position)}]"
    if _p(rng, 0.5):
        args = [("%v", source), ("%i", "index")]
        return Case(
            index,
            "element",
            "vector.extract",
            "custom",
            module(args, f"%0 = vector.extract %v{pos} : {part} from {source}"),
        )
    args = [("%s", part), ("%v", source), ("%i", "index")]
    return Case(
        index,
        "element",
        "vector.insert",
        "custom",
        module(args, f"%0 = vector.insert %s, %v{pos} : {part} into {source}"),
    )


def shape_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["shape_cast", "transpose", "bitcast"])
    shape, scalable = _shape(rng)
    el = rng.choice(["f32", "i8", "f16", "i32"])
    source = vec(shape, el, scalable)
    if op == "shape_cast":
        n = 1
        for d in shape:
            n *= d
        target = [n] if _p(rng, 0.5) else [1, n]
        tscal = [any(scalable)] + [False] * (len(target) - 1)
        if _p(rng, 0.15):
            target[-1] += 1
        if _p(rng, 0.1):
            tscal = [False] * len(target)
        out_el = el if _p(rng, 0.93) else ("i32" if el != "i32" else "f32")
        return Case(index, "shape", "vector.shape_cast", "custom",
                    module([("%v", source)], f"%0 = vector.shape_cast %v : {source} to {vec(target, out_el, tscal)}"))  # fmt: skip
    if op == "transpose":
        perm = list(range(len(shape)))
        rng.shuffle(perm)
        out = [shape[p] for p in perm]
        oscal = [scalable[p] for p in perm]
        if _p(rng, 0.1):
            perm[rng.randrange(len(perm))] = rng.randrange(len(perm) + 1)
        elif _p(rng, 0.05):
            perm = perm[:-1] if len(perm) > 1 else [0, 1]
        if _p(rng, 0.15):
            k = rng.randrange(len(out))
            out[k] += 1
        if _p(rng, 0.04):
            out, oscal = [*out, 1], [*oscal, False]
        out_el = el if _p(rng, 0.95) else "i16"
        props = f"[{', '.join(map(str, perm))}]"
        return Case(index, "shape", "vector.transpose", "custom",
                    module([("%v", source)], f"%0 = vector.transpose %v, {props} : {source} to {vec(out, out_el, oscal)}"))  # fmt: skip
    widths = {"f32": 32, "i8": 8, "f16": 16, "i32": 32}
    out_el = rng.choice(["f32", "i8", "f16", "i32", "f64", "i64"])
    wa, wb = widths[el], {"f32": 32, "i8": 8, "f16": 16, "i32": 32, "f64": 64, "i64": 64}[out_el]
    out = list(shape)
    if (out[-1] * wa) % wb == 0 and _p(rng, 0.85):
        out[-1] = out[-1] * wa // wb
    if _p(rng, 0.08) and len(out) > 1:
        out[0] += 1
    return Case(index, "shape", "vector.bitcast", "custom",
                module([("%v", source)], f"%0 = vector.bitcast %v : {source} to {vec(out, out_el, scalable)}"))  # fmt: skip


def reduce_case(rng: random.Random, index: int) -> Case:
    el = rng.choice(["f32", "i32"])
    if _p(rng, 0.4):
        shape, scalable = _shape(rng, 1, 2)
        if _p(rng, 0.7):
            shape, scalable = shape[:1], scalable[:1]
        out_el = el if _p(rng, 0.93) else ("f16" if el == "f32" else "i8")
        kind = "add" if _p(rng, 0.5) else "maxnumf" if el == "f32" else "maxsi"
        acc = ", %a" if _p(rng, 0.3) else ""
        args = [("%v", vec(shape, el, scalable)), ("%a", out_el)]
        body = f"%0 = vector.reduction <{kind}>, %v{acc} : {vec(shape, el, scalable)} into {out_el}"
        return Case(index, "reduce", "vector.reduction", "custom", module(args, body))
    shape, scalable = _shape(rng, 1, 3)
    dims = sorted(rng.sample(range(len(shape)), rng.randint(1, len(shape))))
    if _p(rng, 0.06):
        dims = [*dims, dims[0]]
    elif _p(rng, 0.06):
        dims = [*dims, len(shape)]
    kept = [k for k in range(len(shape)) if k not in dims]
    out = [shape[k] for k in kept]
    oscal = [scalable[k] for k in kept]
    if _p(rng, 0.12) and out:
        out[-1] += 1
    result = vec(out, el, oscal)
    args = [("%v", vec(shape, el, scalable)), ("%a", result)]
    body = f"%0 = vector.multi_reduction <add>, %v, %a [{', '.join(map(str, dims))}] : {vec(shape, el, scalable)} to {result}"
    return Case(index, "reduce", "vector.multi_reduction", "custom", module(args, body))


def _affine(dims: int, results: list[str]) -> str:
    return f"affine_map<({', '.join(f'd{i}' for i in range(dims))}) -> ({', '.join(results)})>"


def transfer_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["transfer_read", "transfer_write"])
    src_rank = rng.randint(1, 3)
    vec_rank = rng.randint(1, src_rank)
    kind = "memref" if _p(rng, 0.7) else "tensor"
    el = rng.choice(["f32", "i8", "f16"])
    source = f"{kind}<{'x'.join(['?'] * src_rank)}x{el}>"
    vshape = [rng.randint(1, 6) for _ in range(vec_rank)]
    vscal = [_p(rng, 0.1) for _ in range(vec_rank)]
    vel = el if _p(rng, 0.9) else rng.choice(["f32", "i8", "f16", "i32"])
    vector = vec(vshape, vel, vscal)
    attrs = []
    perm = None
    if _p(rng, 0.35) or vec_rank != src_rank:
        dims = rng.sample(range(src_rank), vec_rank)
        if vec_rank == src_rank or _p(rng, 0.6):
            dims = sorted(dims)
        results = [f"d{d}" for d in dims]
        if _p(rng, 0.08):
            results[rng.randrange(vec_rank)] = "0"
        if _p(rng, 0.05):
            results[-1] = results[0] if vec_rank > 1 else "d0 + 1"
        if _p(rng, 0.05):
            results = results[:-1] if vec_rank > 1 else [*results, "d0"]
        in_dims = src_rank if _p(rng, 0.95) else src_rank + 1
        perm = _affine(in_dims, results)
        attrs.append(f"permutation_map = {perm}")
    if _p(rng, 0.3):
        n = vec_rank if _p(rng, 0.85) else vec_rank + rng.choice([-1, 1])
        attrs.append(f"in_bounds = [{', '.join(['true'] * max(n, 0))}]")
    index_count = src_rank if _p(rng, 0.93) else src_rank + rng.choice([-1, 1])
    indices = ", ".join(["%i"] * max(index_count, 0))
    attr_text = f" {{{', '.join(attrs)}}}" if attrs else ""
    args = [("%m", source), ("%i", "index"), ("%p", el), ("%v", vector)]
    if op == "transfer_read":
        body = f"%0 = vector.transfer_read %m[{indices}], %p{attr_text} : {source}, {vector}"
    else:
        head = "%0 = " if kind == "tensor" else ""
        body = f"{head}vector.transfer_write %v, %m[{indices}]{attr_text} : {vector}, {source}"
    return Case(index, "transfer", f"vector.{op}", "custom", module(args, body))


FAMILIES = {"element": element_case, "shape": shape_case, "reduce": reduce_case, "transfer": transfer_case}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_vector_shape_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"vector {family}", cases, ctx, seed=SEED)
