"""Differential test: the tensor dialect's shape ops against iree-base-compiler 3.13.

Each case is one function whose arguments feed one tensor op, in its custom form (mostly)
or the generic form. Families and what they draw (a fixed seed; ``BROADCHECK_TENSOR_CASES``
cases per family, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``cast``: ``tensor.cast`` and ``tensor.bitcast`` between ranked and unranked tensors of
  ranks 0-3, sizes 0-6 and ``?``, of element types alike or not (widths alike or not); in the
  generic form also vectors and memrefs, and one operand too many or one result too few.
* ``element``: ``extract``, ``insert``, ``from_elements``, ``splat``, ``empty`` and ``generate``
  with the right or wrong number of indices and sizes; the generic form also with the wrong
  result or scalar type.
* ``slice``: ``extract_slice`` and ``insert_slice`` with static and dynamic offsets, sizes and
  strides, in bounds or not, lists of the wrong length, negative offsets and sizes, the slice
  type right, rank-reduced, or wrong in rank, size or element type.
* ``reshape``: ``expand_shape``, ``collapse_shape`` (reassociations right, too short or long,
  out of order, of the wrong group count; shapes right or off; 0-d) and ``tensor.reshape``.
* ``pad``: ``tensor.pad`` with static and dynamic low and high sizes, lists of the wrong length,
  the result right or off, of the source's element type or not; its body with one index per
  dim or not (one too many or few, an ``i32``), yielding the result's element type or not
  (``generate``'s body likewise).
* ``concat``: ``tensor.concat`` over 1-3 inputs, ranks and sizes alike or not, the dim in range
  or not (never negative: the real tool crashes on ``dim(-1)``).
* ``gather``: ``tensor.gather`` and ``tensor.scatter`` with dims lists right or broken in each
  way the verifier words, and results (sources) right, rank-reduced or off.

Not generated: custom forms whose parser rejects the types (``tensor.cast`` of a vector: the
parser's ``invalid kind of type specified`` is located at the type, and broadcheck reports no
parse errors of these ops), and ``tensor.parallel_insert_slice`` (it lives in ``scf.forall``,
whose induction variables broadcheck's reader takes for uses).
"""

from __future__ import annotations

import itertools
import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, memref, module, perturb, shape, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TENSOR_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))

ELEMENTS = ["f32", "f16", "i32", "i8", "i1", "index", "bf16", "i64", "f64"]


def _element(rng: random.Random) -> str:
    return rng.choice(ELEMENTS)


def _other(rng: random.Random, element: str) -> str:
    return rng.choice([e for e in ELEMENTS if e != element])


def _maybe(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _generic(rng: random.Random) -> bool:
    return _maybe(rng, 0.2)


# ---------------------------------------------------------------- cast


def cast_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["tensor.cast", "tensor.bitcast"])
    element = rng.choice(["f32", "i32", "f16", "i16", "i8", "bf16"])
    src = shape(rng)
    dst = [perturb(rng, d) if _maybe(rng, 0.25) else d for d in src]
    if _maybe(rng, 0.1):
        dst = [*dst, rng.randint(1, 3)] if _maybe(rng, 0.5) or not dst else dst[:-1]
    if _maybe(rng, 0.4):
        dst = [None if _maybe(rng, 0.5) else d for d in dst]
    out_element = element if _maybe(rng, 0.6) else rng.choice(["f32", "i32", "f16", "i16", "i8", "bf16", "f64"])
    a = tensor(None if _maybe(rng, 0.08) else src, element)
    b = tensor(None if _maybe(rng, 0.08) else dst, out_element)
    if _generic(rng):
        roll = rng.random()
        if roll < 0.1:
            b = f"vector<4x{out_element}>"
        elif roll < 0.2:
            b = memref([4], out_element)
        elif roll < 0.25 and op == "tensor.bitcast":
            b = tensor(dst, "index")
        if roll > 0.9:
            text = module([("%a", a)], f'%0 = "{op}"(%a, %a) : ({a}, {a}) -> {b}')
        elif roll > 0.85:
            text = module([("%a", a)], f'"{op}"(%a) : ({a}) -> ()')
        else:
            text = module([("%a", a)], f'%0 = "{op}"(%a) : ({a}) -> {b}')
        return Case(index, "cast", op, "generic", text)
    return Case(index, "cast", op, "custom", module([("%a", a)], f"%0 = {op} %a : {a} to {b}"))


# ---------------------------------------------------------------- element ops


def element_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["extract", "insert", "from_elements", "splat", "empty", "generate"])
    element = _element(rng)
    s = shape(rng, zero=0.0)
    t = tensor(s, element)
    args = [("%t", t), ("%i", "index"), ("%v", element)]
    rank = len(s)
    count = rank if _maybe(rng, 0.7) else max(0, rank + rng.choice([-1, 1, 2]))
    indices = ", ".join(["%i"] * count)
    dynamic = sum(1 for d in s if d is None)
    sizes = dynamic if _maybe(rng, 0.7) else max(0, dynamic + rng.choice([-1, 1]))
    generic = _generic(rng)
    if op == "extract":
        if generic:
            result = element if _maybe(rng, 0.7) else _other(rng, element)
            types = ", ".join([t, *["index"] * count])
            body = f'%0 = "tensor.extract"(%t{", " + indices if count else ""}) : ({types}) -> {result}'
        else:
            body = f"%0 = tensor.extract %t[{indices}] : {t}"
    elif op == "insert":
        if generic:
            result = t if _maybe(rng, 0.7) else tensor([perturb(rng, d) for d in s] or [2], element)
            scalar = element if _maybe(rng, 0.8) else _other(rng, element)
            args.append(("%w", scalar))
            types = ", ".join([scalar, t, *["index"] * count])
            body = f'%0 = "tensor.insert"(%w, %t{", " + indices if count else ""}) : ({types}) -> {result}'
        else:
            body = f"%0 = tensor.insert %v into %t[{indices}] : {t}"
    elif op == "from_elements":
        static = [d if d is not None else rng.randint(1, 3) for d in s]
        n = 1
        for d in static:
            n *= d
        n = min(n, 12)
        static = static if n < 12 else [2, 3]
        n = 1
        for d in static:
            n *= d
        result = tensor(static, element)
        count_el = n if _maybe(rng, 0.7) else max(0, n + rng.choice([-1, 1]))
        operands = ", ".join(["%v"] * count_el)
        if generic or count_el != n:
            if _maybe(rng, 0.2):
                result = tensor([None, *static[1:]] if static else [None], element)
            types = ", ".join([element] * count_el)
            body = f'%0 = "tensor.from_elements"({operands}) : ({types}) -> {result}'
        else:
            body = f"%0 = tensor.from_elements {operands} : {result}"
    elif op == "splat":
        dyn = ", ".join(["%i"] * sizes)
        if generic:
            value = element if _maybe(rng, 0.8) else _other(rng, element)
            args.append(("%w", value))
            types = ", ".join([value, *["index"] * sizes])
            body = f'%0 = "tensor.splat"(%w{", " + dyn if sizes else ""}) : ({types}) -> {t}'
        else:
            body = f"%0 = tensor.splat %v{'[' + dyn + ']' if sizes else ''} : {t}"
    elif op == "empty":
        dyn = ", ".join(["%i"] * sizes)
        if generic:
            types = ", ".join(["index"] * sizes)
            body = f'%0 = "tensor.empty"({dyn}) : ({types}) -> {t}'
        else:
            body = f"%0 = tensor.empty({dyn}) : {t}"
    else:
        dyn = ", ".join(["%i"] * sizes)
        block, yielded = _body(rng, rank, element)
        args.append(("%w", yielded))
        region = f"^bb0({block}):\n    tensor.yield %w : {yielded}\n  }}"
        body = f"%0 = tensor.generate {dyn} {{\n  {region} : {t}"
        return Case(index, "element", "tensor.generate", "custom", module(args, body))
    return Case(index, "element", f"tensor.{op}", "generic" if generic else "custom", module(args, body))


# ---------------------------------------------------------------- slices


def _slice_lists(
    rng: random.Random, source: list[int | None]
) -> tuple[list[str], list[str], list[str], list[int | None]]:
    """Offsets, sizes and strides (``%i`` where dynamic) for ``source``, and the sizes' shape."""
    offsets, sizes, strides, result = [], [], [], []
    for d in source:
        extent = d if d is not None else 8
        off = rng.randint(0, max(extent - 1, 0)) if extent else 0
        if _maybe(rng, 0.1):
            off = extent + rng.randint(0, 2)
        length = rng.randint(0, max(extent - off, 0)) if _maybe(rng, 0.9) else rng.randint(1, extent + 2)
        stride = 1 if _maybe(rng, 0.7) else rng.choice([2, 3, 0, -1])
        if stride > 1 and length:
            length = max(1, (extent - off - 1) // stride + 1) if _maybe(rng, 0.8) else length
        if _maybe(rng, 0.03):
            off = -1
        if _maybe(rng, 0.03):
            length = -2
        offsets.append("%i" if _maybe(rng, 0.15) else str(off))
        dyn_size = _maybe(rng, 0.15)
        sizes.append("%i" if dyn_size else str(length))
        strides.append("%i" if _maybe(rng, 0.1) else str(stride))
        result.append(None if dyn_size else length)
    return offsets, sizes, strides, result


def _slice_type(rng: random.Random, sizes: list[int | None], element: str) -> tuple[list[int | None], str]:
    shape_ = list(sizes)
    roll = rng.random()
    if roll < 0.2 and 1 in shape_:
        shape_.remove(1)  # rank-reduced
    elif roll < 0.3 and shape_:
        k = rng.randrange(len(shape_))
        shape_[k] = perturb(rng, shape_[k]) if shape_[k] is None or shape_[k] >= 0 else 1
    elif roll < 0.35:
        shape_.append(1)
    elif roll < 0.4:
        element = rng.choice(["i32", "f16"])
    return shape_, element


def _fix(d: int | None) -> int | None:
    return None if d is not None and d < 0 else d


def slice_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["tensor.extract_slice", "tensor.insert_slice"])
    src = shape(rng, 1, 3, high=8, zero=0.02)
    element = rng.choice(["f32", "i8"])
    offsets, sizes, strides, result = _slice_lists(rng, src)
    roll = rng.random()
    if roll < 0.04:
        offsets = offsets[:-1]
    elif roll < 0.08:
        strides = [*strides, "1"]
    elif roll < 0.12:
        offsets, sizes, strides, result = [*offsets, "0"], [*sizes, "1"], [*strides, "1"], [*result, 1]
    elif roll < 0.14:
        sizes = sizes[:-1]
        result = result[:-1]
    slice_shape, slice_element = _slice_type(rng, result, element)
    slice_type = tensor([_fix(d) for d in slice_shape], slice_element)
    source = tensor(src, element)
    lists = f"[{', '.join(offsets)}] [{', '.join(sizes)}] [{', '.join(strides)}]"
    args = [("%t", source), ("%s", slice_type), ("%i", "index")]
    if op == "tensor.extract_slice":
        body = f"%0 = tensor.extract_slice %t{lists} : {source} to {slice_type}"
    else:
        body = f"%0 = tensor.insert_slice %s into %t{lists} : {slice_type} into {source}"
    return Case(index, "slice", op, "custom", module(args, body))


# ---------------------------------------------------------------- reshapes


def _groups(rng: random.Random, rank: int) -> list[list[int]]:
    """A reassociation of ``rank`` dims into contiguous groups (none when rank is 0)."""
    if rank == 0:
        return []
    cuts = sorted(rng.sample(range(1, rank), rng.randint(0, rank - 1))) if rank > 1 else []
    bounds = [0, *cuts, rank]
    return [list(range(a, b)) for a, b in itertools.pairwise(bounds)]


def _break(rng: random.Random, groups: list[list[int]]) -> list[list[int]]:
    roll = rng.random()
    g = [list(x) for x in groups]
    if roll < 0.25 and g and len(g[-1]) > 0:
        g[-1] = g[-1][:-1] or g[-1]
        if len(g[-1]) == len(groups[-1]) and len(g) > 1:
            g = g[:-1]
    elif roll < 0.5 and g:
        g[-1] = [*g[-1], g[-1][-1] + 1]
    elif roll < 0.7 and g and len(g[0]) > 1:
        g[0] = list(reversed(g[0]))
    elif roll < 0.85 and len(g) > 1:
        g = [g[0] + g[1], *g[2:]]
    else:
        g = [*g, [g[-1][-1] + 1]] if g else [[0]]
    return g


def _collapse(expanded: list[int | None], groups: list[list[int]]) -> list[int | None]:
    out: list[int | None] = []
    for group in groups:
        part = [expanded[i] for i in group]
        if None in part:
            out.append(None)
        else:
            n = 1
            for d in part:
                n *= d  # type: ignore[operator]
            out.append(n)
    return out


def reshape_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["tensor.expand_shape", "tensor.collapse_shape", "tensor.collapse_shape", "tensor.reshape"])
    element = "f32"
    if op == "tensor.reshape":
        src = shape(rng, 0, 3, zero=0.0)
        dst = shape(rng, 0, 3, zero=0.0) if _maybe(rng, 0.5) else list(reversed(src))
        n = len(dst) if _maybe(rng, 0.8) else len(dst) + 1
        n_text = "?" if _maybe(rng, 0.1) else str(n)
        result = tensor(None if _maybe(rng, 0.05) else dst, element if _maybe(rng, 0.9) else "i32")
        shape_type = f"tensor<{n_text}x{'index' if _maybe(rng, 0.5) else 'i64'}>"
        args = [("%t", tensor(src, element)), ("%s", shape_type)]
        body = f"%0 = tensor.reshape %t(%s) : ({tensor(src, element)}, {shape_type}) -> {result}"
        return Case(index, "reshape", op, "custom", module(args, body))
    expanded = shape(rng, 0, 4, high=4, zero=0.02, dynamic=0.15)
    groups = _groups(rng, len(expanded))
    collapsed = _collapse(expanded, groups)
    if _maybe(rng, 0.12):
        groups = _break(rng, groups)
    if _maybe(rng, 0.15) and collapsed:
        k = rng.randrange(len(collapsed))
        collapsed[k] = perturb(rng, collapsed[k])
    if _maybe(rng, 0.1) and expanded:
        k = rng.randrange(len(expanded))
        expanded[k] = perturb(rng, expanded[k])
    if _maybe(rng, 0.03):
        collapsed = [*collapsed, 1]
    out_element = element if _maybe(rng, 0.95) else "i32"
    reassociation = "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in groups) + "]"
    if op == "tensor.collapse_shape":
        a, b = tensor(expanded, element), tensor(collapsed, out_element)
        body = f"%0 = tensor.collapse_shape %t {reassociation} : {a} into {b}"
        return Case(index, "reshape", op, "custom", module([("%t", a)], body))
    a, b = tensor(collapsed, element), tensor(expanded, out_element)
    output: list[str] = []
    for d in expanded:
        if d is None:
            output.append("%i" if _maybe(rng, 0.9) else str(rng.randint(1, 4)))
        else:
            output.append(str(d) if _maybe(rng, 0.93) else ("%i" if _maybe(rng, 0.5) else str(d + 1)))
    if _maybe(rng, 0.04):
        output = output[:-1] if output else ["2"]
    body = f"%0 = tensor.expand_shape %t {reassociation} output_shape [{', '.join(output)}] : {a} into {b}"
    return Case(index, "reshape", op, "custom", module([("%t", a), ("%i", "index")], body))


# ---------------------------------------------------------------- pad, concat


def _body(rng: random.Random, rank: int, element: str) -> tuple[str, str]:
    """A body's block arguments (one index per dim, now and then one more or less, or not an
    index) and the type it yields (now and then another than ``element``)."""
    types = ["index"] * rank
    roll = rng.random()
    if roll < 0.05:
        types = types[:-1]
    elif roll < 0.1:
        types = [*types, "index"]
    elif roll < 0.15 and types:
        types[rng.randrange(len(types))] = "i32"
    yielded = element if _maybe(rng, 0.93) else ("i64" if element != "i64" else "f32")
    return ", ".join(f"%b{k}: {t}" for k, t in enumerate(types)), yielded


def pad_case(rng: random.Random, index: int) -> Case:
    element = rng.choice(["f32", "i32"])
    src = shape(rng, 1, 3, zero=0.02)
    low = ["%i" if _maybe(rng, 0.15) else str(rng.randint(0, 3)) for _ in src]
    high = ["%i" if _maybe(rng, 0.15) else str(rng.randint(0, 3)) for _ in src]
    result: list[int | None] = []
    for d, lo, hi in zip(src, low, high, strict=True):
        result.append(None if d is None or "%" in lo + hi else d + int(lo) + int(hi))
    roll = rng.random()
    if roll < 0.05:
        low = low[:-1]
    elif roll < 0.1:
        high = [*high, "1"]
    if _maybe(rng, 0.2) and result:
        k = rng.randrange(len(result))
        result[k] = perturb(rng, result[k])
    if _maybe(rng, 0.04):
        result = [*result, 2]
    out_element = element if _maybe(rng, 0.97) else "f16"
    out = tensor(result, out_element)
    block, yielded = _body(rng, len(result), out_element)
    nofold = " nofold" if _maybe(rng, 0.1) else ""
    body = [
        f"%0 = tensor.pad %t{nofold} low[{', '.join(low)}] high[{', '.join(high)}] {{",
        f"^bb0({block}):",
        f"  tensor.yield %w : {yielded}",
        f"}} : {tensor(src, element)} to {out}",
    ]
    args = [("%t", tensor(src, element)), ("%i", "index"), ("%w", yielded)]
    return Case(index, "pad", "tensor.pad", "custom", module(args, body))


def concat_case(rng: random.Random, index: int) -> Case:
    rank = rng.randint(1, 3)
    element = "f32"
    base = [campaign.size(rng, zero=0.02) for _ in range(rank)]
    dim = rng.randrange(rank) if _maybe(rng, 0.93) else rank + rng.randint(0, 1)
    inputs = []
    for _ in range(rng.randint(1, 3)):
        s = list(base)
        if dim < rank:
            s[dim] = campaign.size(rng, zero=0.02)
        if _maybe(rng, 0.1):
            k = rng.randrange(rank)
            s[k] = perturb(rng, s[k])
        if _maybe(rng, 0.04):
            s = [*s, 1]
        inputs.append(tensor(s, element if _maybe(rng, 0.97) else "i32"))
    result = list(base)
    if dim < rank:
        total: int | None = 0
        for t in inputs:
            d = t[len("tensor<") :].split("x")[dim]
            total = None if total is None or d == "?" else total + int(d)
        result[dim] = total
    if _maybe(rng, 0.2):
        k = rng.randrange(rank)
        result[k] = perturb(rng, result[k])
    out = tensor(result, element)
    names = [f"%a{k}" for k in range(len(inputs))]
    args = list(zip(names, inputs, strict=True))
    body = f"%0 = tensor.concat dim({dim}) {', '.join(names)} : ({', '.join(inputs)}) -> {out}"
    return Case(index, "concat", "tensor.concat", "custom", module(args, body))


# ---------------------------------------------------------------- gather, scatter


def gather_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["tensor.gather", "tensor.scatter"])
    rank = rng.randint(1, 4)
    src = [campaign.size(rng, zero=0.0) for _ in range(rank)]
    dims = sorted(rng.sample(range(rank), rng.randint(1, rank)))
    batch = shape(rng, 1, 2, zero=0.0)
    roll = rng.random()
    if roll < 0.04:
        dims = []
    elif roll < 0.08:
        dims = list(reversed(dims)) if len(dims) > 1 else [rank]
    elif roll < 0.1:
        dims = [*dims, rank + 1]
    elif roll < 0.12:
        dims = [-1, *dims]
    elif roll < 0.14:
        dims = list(range(rank + 1))
    last = len(dims) if _maybe(rng, 0.93) else len(dims) + 1
    indices = tensor([*batch, last], "index" if _maybe(rng, 0.7) else "i32")
    reduced = _maybe(rng, 0.3)
    result = list(batch)
    for i, d in enumerate(src):
        if i in dims:
            if not reduced:
                result.append(1)
        else:
            result.append(d)
    if _maybe(rng, 0.15) and result:
        k = rng.randrange(len(result))
        result[k] = perturb(rng, result[k])
    source = tensor(src, "f32")
    other = tensor(result, "f32" if _maybe(rng, 0.97) else "i32")
    dims_text = f"[{', '.join(map(str, dims))}]"
    unique = (
        " unique"
        if (op == "tensor.gather" and _maybe(rng, 0.2)) or (op == "tensor.scatter" and _maybe(rng, 0.9))
        else ""
    )
    if op == "tensor.gather":
        args = [("%s", source), ("%x", indices)]
        body = f"%0 = tensor.gather %s[%x] gather_dims({dims_text}){unique} : ({source}, {indices}) -> {other}"
    else:
        args = [("%v", other), ("%d", source), ("%x", indices)]
        body = (
            f"%0 = tensor.scatter %v into %d[%x] scatter_dims({dims_text}){unique} : "
            f"({other}, {source}, {indices}) -> {source}"
        )
    return Case(index, "gather", op, "custom", module(args, body))


FAMILIES = {
    "cast": cast_case,
    "element": element_case,
    "slice": slice_case,
    "reshape": reshape_case,
    "pad": pad_case,
    "concat": concat_case,
    "gather": gather_case,
}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_tensor_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"tensor {family}", cases, ctx, seed=SEED)
