"""Differential test: the Vector ops declared for llvm-project's tests against iree-base-compiler 3.13
(issue 29, task vector).

Each case is one function whose arguments feed one op in its custom form
(``BROADCHECK_VECTOR_CASES`` per family, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``memory``: ``vector.load``/``store`` (identity, strided and affine layouts, vector elements, ranks
  and element types off, an index too many or too few), ``maskedload``/``maskedstore``,
  ``expandload``/``compressstore`` (masks and pass-throughs of other shapes and types, base element
  types off), ``gather``/``scatter`` (memref and tensor bases, index vectors and masks of other
  sizes), ``type_cast`` (identity and strided layouts);
* ``masks``: ``create_mask`` (0-D and N-D, operands one per dim or not) and ``constant_mask``
  (sizes in and out of the dims, zeros, scalable dims, 0-D);
* ``elements``: ``shuffle`` (0-D, 1-D, N-D, ranks and trailing dims off, masks of every length
  and index, element types off), ``interleave``/``deinterleave`` (scalable dims, results off),
  ``from_elements`` (operands one per element or not, or an operand's type off: not both, since
  broadcheck's value flow reports the wrong type before the parser's count, which MLIR reports
  first), ``to_elements``,
  ``scalable.insert``/``scalable.extract`` (positions, element types), ``insert_strided_slice``
  (offsets and strides of every length and value, scalable dims, the older dictionary form).

Verdict, first message, line and column must equal iree-opt's (``campaign.compare``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, module, vector

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_VECTOR_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _shape(rng: random.Random, low: int = 1, high: int = 3) -> list[int]:
    return [rng.randint(1, 6) for _ in range(rng.randint(low, high))]


def _off(rng: random.Random, shape: list[int]) -> list[int]:
    """``shape`` with one dim changed (or one added), now and then."""
    out = list(shape)
    roll = rng.random()
    if roll < 0.08 and out:
        i = rng.randrange(len(out))
        out[i] += rng.choice([1, 2])
    elif roll < 0.12:
        out = [*out, 2]
    return out


def _element(rng: random.Random, element: str, p: float = 0.08) -> str:
    return rng.choice(["f16", "i32", "f64"]) if _p(rng, p) else element


def memory_case(rng: random.Random, index: int) -> Case:
    el = rng.choice(["f32", "i32", "f16"])
    rank = rng.randint(1, 3)
    base_shape: list[int | None] = [rng.choice([None, rng.randint(2, 9)]) for _ in range(rank)]
    indices = rank + rng.choice([0] * 18 + [1, -1])
    op = rng.choice(
        ["load", "store", "maskedload", "maskedstore", "expandload", "compressstore", "gather", "scatter", "type_cast"]
    )
    idx = ", ".join(["%i"] * max(indices, 0))
    if op in ("load", "store"):
        layout = ""
        roll = rng.random()
        if roll < 0.15:
            layout = rng.choice(
                ["strided<[?, 1]>", "strided<[?, ?]>", "strided<[8, 2]>", "strided<[16, 1], offset: ?>"]
            )
            if rank != 2:
                layout = ""
        elif roll < 0.2 and rank == 2:
            layout = rng.choice(["affine_map<(d0, d1) -> (200*d0 + 2*d1)>", "affine_map<(d0, d1) -> (d0 * 100 + d1)>"])
        vshape = _shape(rng, 0 if _p(rng, 0.1) else 1, min(rank + (1 if _p(rng, 0.1) else 0), 3))
        vel = _element(rng, el)
        inner = ""
        if _p(rng, 0.1):
            inner = vector(_off(rng, vshape) or [4], el)
        base = campaign.memref(base_shape, inner or el, layout)
        vec = vector(vshape, vel, [_p(rng, 0.05)] + [False] * (len(vshape) - 1) if vshape else [])
        if op == "load":
            body = f"%0 = vector.load %m[{idx}] : {base}, {vec}"
            args = [("%m", base), ("%i", "index")]
        else:
            body = f"vector.store %v, %m[{idx}] : {base}, {vec}"
            args = [("%m", base), ("%i", "index"), ("%v", vec)]
        return Case(index, "memory", f"vector.{op}", "custom", module(args, body))
    if op == "type_cast":
        shape = [rng.randint(1, 8) for _ in range(rank)]
        layout = rng.choice(["", "", "", "strided<[1, 8]>"]) if rank == 2 else ""
        base = campaign.memref(shape, el, layout)
        result = f"memref<{vector(shape, el)}>"
        body = f"%0 = vector.type_cast %m : {base} to {result}"
        return Case(index, "memory", "vector.type_cast", "custom", module([("%m", base)], body))
    n = rng.randint(1, 16)
    vshape = [n] if op not in ("gather", "scatter") or _p(rng, 0.8) else [n, rng.randint(1, 3)]
    mask = vector(_off(rng, vshape), "i1")
    vel = _element(rng, el)
    vec = vector(vshape, vel)
    base_el = _element(rng, el, 0.06)
    tensor = op == "gather" and _p(rng, 0.3)
    base = campaign.tensor(base_shape, base_el) if tensor else campaign.memref(base_shape, base_el)
    args = [("%m", base), ("%i", "index"), ("%k", mask)]
    if op in ("maskedload", "expandload"):
        passthru = vector(_off(rng, vshape), _element(rng, vel, 0.05))
        args.append(("%p", passthru))
        body = f"%0 = vector.{op} %m[{idx}], %k, %p : {base}, {mask}, {passthru} into {vec}"
    elif op in ("maskedstore", "compressstore"):
        args.append(("%v", vec))
        body = f"vector.{op} %m[{idx}], %k, %v : {base}, {mask}, {vec}"
    else:
        ivec = vector(_off(rng, vshape), rng.choice(["i32", "index"]))
        args.append(("%x", ivec))
        if op == "gather":
            passthru = vector(_off(rng, vshape), _element(rng, vel, 0.05))
            args.append(("%p", passthru))
            body = f"%0 = vector.gather %m[{idx}][%x], %k, %p : {base}, {ivec}, {mask}, {passthru} into {vec}"
        else:
            args.append(("%v", vec))
            body = f"vector.scatter %m[{idx}][%x], %k, %v : {base}, {ivec}, {mask}, {vec}"
    return Case(index, "memory", f"vector.{op}", "custom", module(args, body))


def mask_case(rng: random.Random, index: int) -> Case:
    rank = rng.choice([0, 1, 1, 2, 2, 3])
    shape = [rng.randint(1, 6) for _ in range(rank)]
    scalable = [_p(rng, 0.15) for _ in range(rank)]
    result = vector(shape, "i1", scalable) if rank else "vector<i1>"
    if _p(rng, 0.4):
        n = rank if _p(rng, 0.8) else rng.choice([0, 1, 2, 3])
        if rank == 0 and _p(rng, 0.8):
            n = 1
        body = f"%0 = vector.create_mask {', '.join(['%i'] * n)} : {result}".replace("create_mask  :", "create_mask :")
        return Case(index, "masks", "vector.create_mask", "custom", module([("%i", "index")], body))
    if rank == 0:
        sizes = [rng.choice([0, 1, 1, 2])] if _p(rng, 0.85) else rng.choice([[], [0, 1]])
    else:
        if _p(rng, 0.25):
            sizes = [0] * rank
        else:
            sizes = [
                rng.choice([rng.randint(1, d), d]) if not s else rng.choice([0, d, d])
                for d, s in zip(shape, scalable, strict=True)
            ]
        roll = rng.random()
        if roll < 0.08:
            sizes[rng.randrange(rank)] += rng.choice([1, 2])
        elif roll < 0.12:
            sizes[rng.randrange(rank)] = -1
        elif roll < 0.16:
            sizes = [*sizes, 1]
        elif roll < 0.22:
            sizes[rng.randrange(rank)] = 0
        elif roll < 0.26 and any(scalable):
            k = scalable.index(True)
            sizes[k] = max(1, shape[k] - 1)
    body = f"%0 = vector.constant_mask [{', '.join(map(str, sizes))}] : {result}"
    return Case(index, "masks", "vector.constant_mask", "custom", module([], body))


def elements_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(
        [
            "shuffle",
            "shuffle",
            "interleave",
            "deinterleave",
            "from_elements",
            "to_elements",
            "scalable.insert",
            "scalable.extract",
            "insert_strided_slice",
            "insert_strided_slice",
        ]
    )
    if op == "insert_strided_slice":
        return strided_case(rng, index)
    el = rng.choice(["f32", "i8", "index"])
    if op == "shuffle":
        rank = rng.choice([0, 1, 1, 2])
        tail = [rng.randint(1, 4) for _ in range(max(rank - 1, 0))]
        a = [rng.randint(1, 5), *tail] if rank else []
        b = [rng.randint(1, 5), *tail] if rank else []
        roll = rng.random()
        if roll < 0.06 and rank:
            b = b[1:] or [2, 2]
        elif roll < 0.1 and rank == 2:
            b[1] += 1
        size = (a[0] if a else 1) + (b[0] if b else 1)
        mask = [rng.randint(-1, size - 1) for _ in range(rng.randint(0 if _p(rng, 0.05) else 1, 6))]
        if mask and _p(rng, 0.08):
            mask[rng.randrange(len(mask))] = size + rng.randint(0, 2)
        va = vector(a, el, [_p(rng, 0.04)] + [False] * (len(a) - 1) if a else [])
        vb = vector(b, _element(rng, el, 0.05))
        body = f"%0 = vector.shuffle %a, %b [{', '.join(map(str, mask))}] : {va}, {vb}"
        return Case(index, "elements", "vector.shuffle", "custom", module([("%a", va), ("%b", vb)], body))
    if op in ("interleave", "deinterleave"):
        shape = _shape(rng, 0 if op == "interleave" else 1, 3)
        scal = [False] * (len(shape) - 1) + [_p(rng, 0.2)] if shape else []
        src = vector(shape, el, scal)
        if op == "interleave":
            out = [*shape[:-1], shape[-1] * 2] if shape else [2]
            out = _off(rng, out)
            res = vector(out, _element(rng, el, 0.05), scal if len(out) == len(scal) else [])
            body = f"%0 = vector.interleave %a, %a : {src} -> {res}"
        else:
            if _p(rng, 0.8):
                shape[-1] = shape[-1] * 2
                src = vector(shape, el, scal)
            out = _off(rng, [*shape[:-1], max(shape[-1] // 2, 1)])
            res = vector(out, _element(rng, el, 0.05), scal if len(out) == len(scal) else [])
            body = f"%0, %1 = vector.deinterleave %a : {src} -> {res}"
        return Case(index, "elements", f"vector.{op}", "custom", module([("%a", src)], body))
    if op in ("from_elements", "to_elements"):
        shape = _shape(rng, 0, 2)
        count = 1
        for d in shape:
            count *= d
        vec = vector(shape, el)
        if op == "from_elements":
            n = count if _p(rng, 0.85) else max(count + rng.choice([-1, 1]), 1)
            other = _element(rng, el, 0.08) if n == count else el  # (one mistake: see the docstring)
            names = ["%s"] * n
            if other != el:
                names[rng.randrange(n)] = "%t"
            body = f"%0 = vector.from_elements {', '.join(names)} : {vec}"
            return Case(index, "elements", "vector.from_elements", "custom", module([("%s", el), ("%t", other)], body))
        body = f"%0:{count} = vector.to_elements %a : {vec}" if count > 1 else f"%0 = vector.to_elements %a : {vec}"
        return Case(index, "elements", "vector.to_elements", "custom", module([("%a", vec)], body))
    big = rng.choice([4, 8, 16])
    small = rng.choice([1, 2, 4, 8])
    pos = rng.choice([0, small, 2 * small, small + 1, rng.randint(0, 16)])
    sv = vector([big], el, [True])
    sub = vector([small], _element(rng, el, 0.06), [_p(rng, 0.2)])
    if op == "scalable.insert":
        body = f"%0 = vector.scalable.insert %s, %v[{pos}] : {sub} into {sv}"
        return Case(index, "elements", "vector.scalable.insert", "custom", module([("%s", sub), ("%v", sv)], body))
    body = f"%0 = vector.scalable.extract %v[{pos}] : {sub} from {sv}"
    return Case(index, "elements", "vector.scalable.extract", "custom", module([("%v", sv)], body))


def strided_case(rng: random.Random, index: int) -> Case:
    """``vector.insert_strided_slice``: offsets and strides of every length, in and out of the
    dest's dims, strides 1 or more, scalable dims alike or not, element types off, the older
    dictionary form now and then."""
    drank = rng.randint(1, 3)
    dest = [rng.randint(1, 6) for _ in range(drank)]
    dscal = [_p(rng, 0.15) for _ in range(drank)]
    srank = rng.randint(1, drank) if _p(rng, 0.93) else drank + 1
    diff = max(drank - srank, 0)
    src = [rng.randint(1, dest[diff + k]) if diff + k < drank else 2 for k in range(srank)]
    sscal = [dscal[diff + k] if diff + k < drank else False for k in range(srank)]
    if _p(rng, 0.05) and srank:
        sscal[rng.randrange(srank)] ^= True
    inner = [src[k - diff] if diff <= k < diff + srank else 1 for k in range(drank)]
    offsets = [rng.randint(0, max(dest[k] - inner[k], 0)) for k in range(drank)]
    strides = [1] * srank
    roll = rng.random()
    if roll < 0.06:
        offsets[rng.randrange(drank)] += rng.choice([1, 3])
    elif roll < 0.1:
        strides[rng.randrange(srank)] = 2
    elif roll < 0.14:
        offsets = offsets[:-1] if rng.random() < 0.5 else [*offsets, 0]
    elif roll < 0.18:
        strides = [*strides, 1]
    sv = vector(src, _element(rng, "f32", 0.05), sscal)
    dv = vector(dest, "f32", dscal)
    attrs = f"offsets = [{', '.join(map(str, offsets))}], strides = [{', '.join(map(str, strides))}]"
    if _p(rng, 0.04):
        attrs = "{" + attrs + "}"
    body = f"%0 = vector.insert_strided_slice %s, %d {attrs} : {sv} into {dv}"
    return Case(index, "elements", "vector.insert_strided_slice", "custom", module([("%s", sv), ("%d", dv)], body))


FAMILIES = {"memory": memory_case, "masks": mask_case, "elements": elements_case}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_vector_more_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"vector {family}", cases, ctx, seed=SEED)
