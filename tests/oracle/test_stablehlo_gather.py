"""Differential test: ``stablehlo.gather`` against iree-base-compiler 3.13.

Random gathers built to be valid (an operand of rank 1-3; collapsed, batching and offset
dimensions; start indices with the index vector anywhere or implied; slice sizes within
the operand), then now and then broken: a list unsorted, repeated, out of range or of
another length, slice sizes too large, negative or of another count, the index vector of
another size, batching sizes that differ, element types that differ, the result changed.
Compared: the first error's message and line. ``BROADCHECK_HLO_GATHER_CASES`` (default
2500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_HLO_GATHER_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))


def lst(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def spoil(draw: Draw, values: list[int], top: int) -> list[int]:
    out = list(values)
    r = draw.rng.random()
    if r < 0.3 and out:
        out.append(out[0])
    elif r < 0.5 and len(out) > 1:
        out.reverse()
    elif r < 0.75:
        out.append(top)
    elif out:
        out.pop()
    return out


def gather_case(draw: Draw, index: int) -> Case:
    from broadcheck.dialects.stablehlo.gather import GatherDims, gather_shape

    rank = draw.pick([1, 2, 2, 3, 3])
    operand = [draw.pick([2, 3, 4, 5, None]) if draw.chance(0.95) else 1 for _ in range(rank)]
    dims = list(range(rank))
    nb = 1 if rank >= 2 and draw.chance(0.25) else 0
    batching = sorted(draw.rng.sample(dims, nb))
    rest = [d for d in dims if d not in batching]
    collapsed = sorted(draw.rng.sample(rest, draw.int(0, len(rest))))
    offset_count = rank - len(collapsed) - nb
    k = draw.pick([1, 1, 2]) if rest else 1
    start_index_map = draw.rng.sample(rest, min(k, len(rest))) if rest else []
    k = len(start_index_map)
    batch_shape = [draw.pick([1, 2, 3, None]) for _ in range(draw.pick([0, 1, 1, 2]))]
    indices_batching: list[int] = []
    if nb:
        batch_shape = [operand[batching[0]] if draw.chance(0.9) else 7, *batch_shape]
    trailing = k == 1 and draw.chance(0.3)
    if trailing:
        indices = list(batch_shape)
        ivd = len(indices)
    else:
        ivd = draw.int(0, len(batch_shape))
        indices = [*batch_shape[:ivd], k, *batch_shape[ivd:]]
    if nb:
        indices_batching = [0 if ivd != 0 else 1]
    irank = len(indices) + (1 if trailing else 0)
    result_rank = offset_count + irank - 1
    offset = (
        sorted(draw.rng.sample(range(result_rank), offset_count))
        if offset_count <= result_rank
        else list(range(offset_count))
    )
    slice_sizes = [
        1
        if d in collapsed or d in batching
        else (draw.int(0, operand[d]) if operand[d] is not None else draw.pick([1, 2]))
        for d in dims
    ]
    r = draw.rng.random()
    if r < 0.05:
        offset = spoil(draw, offset, result_rank)
    elif r < 0.1:
        collapsed = spoil(draw, collapsed, rank)
    elif r < 0.14:
        start_index_map = spoil(draw, start_index_map, rank)
    elif r < 0.18:
        slice_sizes = spoil(draw, slice_sizes, 3)
    elif r < 0.22 and slice_sizes:
        i = draw.rng.randrange(len(slice_sizes))
        slice_sizes[i] = draw.pick([-1, 9, 2])
    elif r < 0.25:
        ivd = draw.pick([ivd + 1, irank + 1, -1 if draw.chance(0.1) else ivd])
    elif r < 0.28:
        batching, indices_batching = spoil(draw, batching, rank), spoil(draw, indices_batching, len(indices))
    fields = [
        f"offset_dims = {lst(offset)}" if offset else "",
        f"collapsed_slice_dims = {lst(collapsed)}" if collapsed else "",
        f"operand_batching_dims = {lst(batching)}" if batching else "",
        f"start_indices_batching_dims = {lst(indices_batching)}" if indices_batching else "",
        f"start_index_map = {lst(start_index_map)}" if start_index_map else "",
        f"index_vector_dim = {ivd}",
    ]
    dn = f"#stablehlo.gather<{', '.join(f for f in fields if f)}>"
    try:
        out = tuple(gather_shape(indices, slice_sizes, GatherDims(dn))) if len(slice_sizes) == rank else None
    except Exception:
        out = None
    result_shape = draw.vary(out, 0.2) if out is not None else tuple(indices)
    result_shape = tuple(d if d is None or d >= 0 else 1 for d in result_shape)
    e = draw.pick(["f32", "i32", "bf16"])
    ot = tensor(result_shape, e if draw.chance(0.95) else "f64")
    it = tensor(tuple(indices), draw.pick(["i32", "i32", "i64", "ui32"]) if draw.chance(0.97) else "f32")
    opt = tensor(tuple(operand), e)
    attrs = f"dimension_numbers = {dn}, indices_are_sorted = false, slice_sizes = array<i64{': ' if slice_sizes else ''}{', '.join(map(str, slice_sizes))}>"
    body = f"<{{{attrs}}}>" if draw.chance(0.6) else f"{{{attrs}}}"
    line = f'%0 = "stablehlo.gather"(%a0, %a1) {body} : ({opt}, {it}) -> {ot}'
    return Case(index, "gather", f"func.func @f(%a0: {opt}, %a1: {it}) {{\n  {line}\n  return\n}}\n")


KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("element types", r"same element type"),
    ("operand rank", r"is not equal to operand rank"),
    ("index vector", r"index_vector_dim|start_index_map size"),
    ("lists", r"to be sorted|to not repeat|duplicated dimension|Expects each element of"),
    ("batching", r"batching_dims"),
    ("slice sizes", r"slice_sizes|slice size"),
    ("inferred type", r"inferred type\(s\)"),
]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    draw = Draw(SEED + 7)
    return [gather_case(draw, i) for i in range(COUNT)]


def test_broadcheck_matches_stablehlo_gather(cases: list[Case]) -> None:
    """broadcheck's first error is StableHLO's (message and line) on every gather."""
    assert len(cases) >= 2000
    run("StableHLO gather", cases, oracle(cases), KINDS, [k for k, _ in KINDS])
