"""Differential test: Vector's structural ops against iree-base-compiler 3.13 (issue 29).

Each case is one function whose arguments feed one op in its custom form
(``BROADCHECK_VECTOR_CASES`` per family, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``strided``: ``vector.extract_strided_slice`` on sources of rank 1-3 (some dims scalable):
  lists of equal length or not, longer than the rank, offsets and sizes in and out of their
  dims, strides 1 or 2, offset + size past the dim, results right, off by a dim or of another
  element type, scalable dims sliced or whole;
* ``outer``: ``vector.outerproduct`` in its custom (the parser derives the result and the
  accumulator's type) and generic forms: outer products and AXPYs (a scalar rhs), lhs or rhs
  of rank 2, scalable dims, element types that differ, combining kinds against the element
  type (``index`` too), accumulators of the result's type or not, results right or off;
* ``reduction``: ``vector.reduction`` in both forms: 0-D, 1-D and 2-D sources, every kind
  against integer, index, i1 and float elements, results of another element type or shaped,
  accumulators of the result's type or not;
* ``contract``: ``vector.contract`` in both forms: batched matmul-like contractions with their
  loops, operands' dims and result's dims in shuffled orders, some dims scalable, then one
  mistake or none (a size off in rhs or the result, a result map short or repeating a dim,
  no reduction iterator, an iterator too few or too many, a result of an extra dim, two maps
  only), element types (``si8`` too) against combining kinds;
* ``elementvector``: ``transfer_read``/``transfer_write`` on memrefs and tensors of vectors
  (``memref<?x?xvector<2xf32>>``): the element vector's rank and width against the vector
  transferred, with and without a permutation map, an index too many.

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
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261128))


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _list(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def strided_case(rng: random.Random, index: int) -> Case:
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 6) for _ in range(rank)]
    scalable = [_p(rng, 0.12) for _ in range(rank)]
    n = rng.randint(0, rank)
    offsets, sizes = [], []
    for k in range(n):
        if scalable[k] and _p(rng, 0.6):
            offsets.append(0)
            sizes.append(shape[k])
            continue
        size = rng.randint(1, shape[k])
        offsets.append(rng.randint(0, shape[k] - size))
        sizes.append(size)
    strides = [1] * n
    roll = rng.random()
    if roll < 0.05 and n:
        offsets[rng.randrange(n)] += rng.choice([1, 2, shape[0]])
    elif roll < 0.1 and n:
        sizes[rng.randrange(n)] += rng.choice([1, 2])
    elif roll < 0.13 and n:
        strides[rng.randrange(n)] = 2
    elif roll < 0.16:
        offsets = [*offsets, 0]
    elif roll < 0.19:
        offsets, sizes, strides = [*offsets, 0], [*sizes, 1], [*strides, 1]
    elif roll < 0.21 and n:
        offsets[rng.randrange(n)] = -1
    out = [*sizes[: len(offsets)], *shape[len(sizes) :]] if len(sizes) <= rank else list(shape)
    out = out[:rank] if len(out) > rank else out
    oscal = list(scalable[: len(out)])
    element = "f32"
    roll = rng.random()
    if roll < 0.08 and out:
        i = rng.randrange(len(out))
        out[i] = out[i] + 1
    elif roll < 0.12:
        element = "f16"
    elif roll < 0.15 and out:
        oscal[rng.randrange(len(out))] ^= True
    source = vector(shape, "f32", scalable)
    result = vector(out, element, oscal) if out else element
    body = (
        f"%0 = vector.extract_strided_slice %v offsets = {_list(offsets)}, sizes = {_list(sizes)}, "
        f"strides = {_list(strides)} : {source} to {result}"
    )
    return Case(index, "strided", "vector.extract_strided_slice", "custom", module([("%v", source)], body))


def outer_case(rng: random.Random, index: int) -> Case:
    el = rng.choice(["f32", "i32", "f16", "index"])
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    lhs_shape = [m] if _p(rng, 0.9) else [m, rng.randint(1, 3)]
    lhs_scal = [_p(rng, 0.12)] + [False] * (len(lhs_shape) - 1)
    axpy = _p(rng, 0.25)
    rhs_el = el if _p(rng, 0.93) else ("f64" if el != "f64" else "f32")
    if axpy:
        rhs = rhs_el
        result_shape, result_scal = [m], lhs_scal[:1]
    else:
        rhs_shape = [n] if _p(rng, 0.9) else [n, rng.randint(1, 3)]
        rhs_scal = [_p(rng, 0.15)] + [False] * (len(rhs_shape) - 1)
        rhs = vector(rhs_shape, rhs_el, rhs_scal)
        result_shape, result_scal = [m, n], [lhs_scal[0], rhs_scal[0]]
    lhs = vector(lhs_shape, el, lhs_scal)
    kind = rng.choice(["add", "add", "mul", "maxnumf", "minimumf", "maxsi", "minui", "and", "xor"])
    attr = "" if kind == "add" and _p(rng, 0.5) else f" {{kind = #vector.kind<{kind}>}}"
    acc = _p(rng, 0.4)
    result = vector(result_shape, el, result_scal)
    acc_type = result
    if acc and _p(rng, 0.15):
        shape = list(result_shape)
        shape[-1] += 1
        acc_type = vector(shape, el, result_scal)
    args = [("%a", lhs), ("%b", rhs)] + ([("%c", acc_type)] if acc else [])
    names = "%a, %b" + (", %c" if acc else "")
    if _p(rng, 0.7):
        body = f"%0 = vector.outerproduct {names}{attr} : {lhs}, {rhs}"
        return Case(index, "outer", "vector.outerproduct", "custom", module(args, body))
    out_shape, out_el = list(result_shape), el
    roll = rng.random()
    if roll < 0.1:
        out_shape[rng.randrange(len(out_shape))] += 1
    elif roll < 0.15:
        out_shape = [*out_shape, 1]
    elif roll < 0.2:
        out_shape = out_shape[:1] if len(out_shape) > 1 else [*out_shape, 2]
    elif roll < 0.25:
        out_el = "f64" if el != "f64" else "f32"
    out = vector(out_shape, out_el, result_scal[: len(out_shape)] + [False] * (len(out_shape) - len(result_scal)))
    props = f"<{{kind = #vector.kind<{kind}>}}>"
    types = ", ".join(t for _, t in args)
    body = f'%0 = "vector.outerproduct"({names}) {props} : ({types}) -> {out}'
    return Case(index, "outer", "vector.outerproduct", "generic", module(args, body))


def reduction_case(rng: random.Random, index: int) -> Case:
    el = rng.choice(["f32", "i32", "f16", "index", "i1", "bf16"])
    rank = rng.choice([0, 1, 1, 1, 1, 2])
    shape = [rng.randint(1, 6) for _ in range(rank)]
    scalable = [_p(rng, 0.12) for _ in range(rank)]
    source = vector(shape, el, scalable) if rank else f"vector<{el}>"
    kind = rng.choice(["add", "mul", "maxnumf", "minimumf", "maxsi", "minui", "and", "xor"])
    dest = el if _p(rng, 0.9) else rng.choice(["f64", "i8", f"vector<1x{el}>"])
    acc = _p(rng, 0.35)
    acc_type = dest if _p(rng, 0.85) else rng.choice(["f64", "i8"])
    args = [("%v", source)] + ([("%a", acc_type)] if acc else [])
    names = "%v" + (", %a" if acc else "")
    if _p(rng, 0.6) and not dest.startswith("vector"):
        fast = " fastmath<fast>" if _p(rng, 0.1) else ""
        body = f"%0 = vector.reduction <{kind}>, {names}{fast} : {source} into {dest}"
        return Case(index, "reduction", "vector.reduction", "custom", module(args, body))
    types = ", ".join(t for _, t in args)
    body = f'%0 = "vector.reduction"({names}) <{{kind = #vector.kind<{kind}>}}> : ({types}) -> {dest}'
    return Case(index, "reduction", "vector.reduction", "generic", module(args, body))


def _map(loops: int, results: list[int]) -> str:
    names = ", ".join(f"d{i}" for i in range(loops))
    return f"affine_map<({names}) -> ({', '.join(f'd{r}' for r in results)})>"


def contract_case(rng: random.Random, index: int) -> Case:
    """A batched matmul-like contraction: loops are batch dims, then m, n, then k dims, in a
    shuffled order; each operand lists its loops in a shuffled order; then one mistake, or none."""
    batch, free_l, free_r, red = rng.randint(0, 1), rng.randint(0, 2), rng.randint(0, 2), rng.randint(1, 2)
    kinds = ["b"] * batch + ["m"] * free_l + ["n"] * free_r + ["k"] * red
    loops = list(range(len(kinds)))
    rng.shuffle(loops)
    role = {loop: kinds[i] for i, loop in enumerate(loops)}
    size = {loop: rng.randint(1, 5) for loop in loops}
    scal = {loop: _p(rng, 0.06) for loop in loops}
    lhs_loops = [d for d in loops if role[d] in "bmk"]
    rhs_loops = [d for d in loops if role[d] in "bnk"]
    res_loops = [d for d in loops if role[d] in "bmn"]
    for group in (lhs_loops, rhs_loops, res_loops):
        rng.shuffle(group)
    iterators = ["reduction" if role[d] == "k" else "parallel" for d in range(len(kinds))]
    lhs_shape = [size[d] for d in lhs_loops]
    rhs_shape = [size[d] for d in rhs_loops]
    res_shape = [size[d] for d in res_loops]
    el = rng.choice(["f32", "f32", "i32", "f16", "si8"])
    kind = rng.choice(["add", "add", "add", "mul", "maxnumf", "maxsi"])
    roll = rng.random()
    if roll < 0.08 and rhs_shape:
        rhs_shape[rng.randrange(len(rhs_shape))] += 1
    elif roll < 0.16 and res_shape:
        res_shape[rng.randrange(len(res_shape))] += 1
    elif roll < 0.2:
        res_loops = res_loops[:-1] if res_loops else [0]
    elif roll < 0.24 and len(res_loops) > 1:
        res_loops = [res_loops[0]] * len(res_loops)
    elif roll < 0.28:
        iterators = ["parallel"] * len(iterators)
    elif roll < 0.31:
        iterators = iterators[:-1]
    elif roll < 0.34:
        iterators = [*iterators, "parallel"]
    elif roll < 0.38:
        res_shape = [*res_shape, 2]
    lhs_t = vector(lhs_shape, el, [scal[d] for d in lhs_loops])
    rhs_t = vector(rhs_shape, el, [scal[d] for d in rhs_loops])
    res_scal = [scal[d] for d in res_loops[: len(res_shape)]]
    res_scal += [False] * (len(res_shape) - len(res_scal))
    res_t = vector(res_shape, el, res_scal) if res_shape else el
    loops_n = len(kinds)
    maps = [_map(loops_n, lhs_loops), _map(loops_n, rhs_loops), _map(loops_n, res_loops)]
    if _p(rng, 0.03):
        maps = maps[:2]
    args = [("%a", lhs_t), ("%b", rhs_t), ("%c", res_t)]
    if _p(rng, 0.7):
        its = ", ".join(f'"{it}"' for it in iterators)
        attrs = f"indexing_maps = [{', '.join(maps)}], iterator_types = [{its}], kind = #vector.kind<{kind}>"
        body = f"%0 = vector.contract {{{attrs}}} %a, %b, %c : {lhs_t}, {rhs_t} into {res_t}"
        return Case(index, "contract", "vector.contract", "custom", module(args, body))
    its = ", ".join(f"#vector.iterator_type<{it}>" for it in iterators)
    props = f"indexing_maps = [{', '.join(maps)}], iterator_types = [{its}], kind = #vector.kind<{kind}>"
    out = res_t if _p(rng, 0.85) else vector([*res_shape, 1], el)
    body = f'%0 = "vector.contract"(%a, %b, %c) <{{{props}}}> : ({lhs_t}, {rhs_t}, {res_t}) -> {out}'
    return Case(index, "contract", "vector.contract", "generic", module(args, body))


def element_vector_case(rng: random.Random, index: int) -> Case:
    """A transfer on a memref or tensor of vectors: the element vector's rank and width
    against the vector transferred, with and without a permutation map."""
    kind = rng.choice(["memref", "tensor"])
    rank = rng.randint(1, 3)
    inner = [rng.randint(1, 4) for _ in range(rng.randint(1, 2))]
    inner_el = rng.choice(["f32", "f32", "i8", "f16"])
    element = vector(inner, inner_el)
    source = f"{kind}<{'?x' * rank}{element}>"
    el = inner_el if _p(rng, 0.8) else rng.choice(["f32", "i8", "f16", "i32"])
    lead = [rng.randint(1, 4) for _ in range(rng.randint(0, rank))]
    tail = list(inner) if _p(rng, 0.6) else [rng.randint(1, 8) for _ in range(rng.randint(1, 2))]
    shape = [*lead, *tail] or [1]
    result = vector(shape, el)
    indices = ", ".join(["%i"] * (rank if _p(rng, 0.95) else rank + 1))
    attrs = ""
    # (without a map the parser wants the source's rank; it rejects the rest, which is not modelled)
    if _p(rng, 0.3) or len(shape) - len(inner) != rank:
        count = rng.randint(0, rank)
        dims = sorted(rng.sample(range(rank), count))
        names = ", ".join(f"d{d}" for d in range(rank))
        attrs = f" {{permutation_map = affine_map<({names}) -> ({', '.join(f'd{d}' for d in dims)})>}}"
    args = [("%m", source), ("%p", element), ("%i", "index")]
    if kind == "memref" and _p(rng, 0.3):
        body = f"vector.transfer_write %v, %m[{indices}]{attrs} : {result}, {source}"
        args.append(("%v", result))
        return Case(index, "elementvector", "vector.transfer_write", "custom", module(args, body))
    if kind == "tensor" and _p(rng, 0.3):
        body = f"%0 = vector.transfer_write %v, %m[{indices}]{attrs} : {result}, {source}"
        args.append(("%v", result))
        return Case(index, "elementvector", "vector.transfer_write", "custom", module(args, body))
    body = f"%0 = vector.transfer_read %m[{indices}], %p{attrs} : {source}, {result}"
    return Case(index, "elementvector", "vector.transfer_read", "custom", module(args, body))


FAMILIES = {
    "strided": strided_case,
    "outer": outer_case,
    "reduction": reduction_case,
    "contract": contract_case,
    "elementvector": element_vector_case,
}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_vector_structural_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"vector {family}", cases, ctx, seed=SEED)
