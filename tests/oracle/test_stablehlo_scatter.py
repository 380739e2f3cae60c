"""Differential test: ``stablehlo.scatter`` against iree-base-compiler 3.13.

Random scatters built to be valid (one or two inputs of rank 1-3; inserted, batching and
window dimensions; indices with the index vector anywhere or implied; updates of the shape
that follows; a body of 0-d arguments returning one of them), then now and then broken:
a list unsorted, repeated, out of range or of another length, the index vector of
another size, updates too large or of another rank or shape, batching sizes that differ,
inputs or updates that disagree, the body's arguments or results of other types or
counts, the result changed. Compared: the first error's message and line.
``BROADCHECK_HLO_SCATTER_CASES`` (default 2500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_HLO_SCATTER_CASES", 2500))
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


def scatter_case(draw: Draw, index: int) -> Case:
    n = 1 if draw.chance(0.85) else 2
    rank = draw.pick([1, 2, 2, 3])
    operand = [draw.pick([2, 3, 4, 5, None]) for _ in range(rank)]
    dims = list(range(rank))
    nb = 1 if rank >= 2 and draw.chance(0.2) else 0
    ibd = sorted(draw.rng.sample(dims, nb))
    rest = [d for d in dims if d not in ibd]
    iwd = sorted(draw.rng.sample(rest, draw.int(0, len(rest))))
    window = [d for d in rest if d not in iwd]
    k = draw.pick([1, 1, 2]) if rest else 1
    sdod = draw.rng.sample(rest, min(k, len(rest))) if rest else []
    k = max(len(sdod), 1)
    batch = [draw.pick([1, 2, 3, None]) for _ in range(draw.pick([0, 1, 1, 2]))]
    sibd: list[int] = []
    if nb:
        batch = [operand[ibd[0]] if draw.chance(0.9) else 7, *batch]
    trailing = k == 1 and draw.chance(0.3)
    if trailing:
        indices = list(batch)
        ivd = len(indices)
    else:
        ivd = draw.int(0, len(batch))
        indices = [*batch[:ivd], k, *batch[ivd:]]
    if nb:
        sibd = [0 if ivd != 0 else 1]
    update_rank = len(batch) + len(window)
    uwd = sorted(draw.rng.sample(range(update_rank), len(window)))
    update: list[int | None] = []
    bi = 0
    wi = 0
    for i in range(update_rank):
        if i in uwd:
            size = operand[window[wi]]
            update.append(draw.int(0, size) if size is not None else draw.pick([1, None]))
            wi += 1
        else:
            update.append(batch[bi])
            bi += 1
    r = draw.rng.random()
    if r < 0.05:
        uwd = spoil(draw, uwd, update_rank)
    elif r < 0.09:
        iwd = spoil(draw, iwd, rank)
    elif r < 0.12:
        sdod = spoil(draw, sdod, rank)
    elif r < 0.18 and update:
        i = draw.rng.randrange(len(update))
        update[i] = (update[i] or 2) + draw.pick([1, 3])
    elif r < 0.21:
        update = [*update, 1] if draw.chance(0.5) or not update else update[:-1]
    elif r < 0.24:
        ivd = draw.pick([ivd + 1, len(indices) + 1])
    elif r < 0.27:
        ibd, sibd = spoil(draw, ibd, rank), spoil(draw, sibd, len(indices))
    e = [draw.pick(["f32", "i32", "bf16"]) for _ in range(n)]
    inputs = [tensor(tuple(operand) if i == 0 or draw.chance(0.9) else (9,), e[i]) for i in range(n)]
    it = tensor(tuple(indices), draw.pick(["i32", "i64", "si32", "index"]) if draw.chance(0.97) else "f32")
    updates = [
        tensor(tuple(update) if i == 0 or draw.chance(0.9) else (8,), e[i] if draw.chance(0.95) else "f64")
        for i in range(n)
    ]
    accs = [e[i] if draw.chance(0.93) else draw.pick(["f64", "i64", "f16"]) for i in range(n)]
    args = [tensor((), accs[i % n]) for i in range(2 * n)]
    if draw.chance(0.03):
        args = args[:-1]
    if draw.chance(0.03):
        args[0] = tensor((1,), accs[0])
    picks = [n + i if draw.chance(0.5) else i for i in range(n)]
    if draw.chance(0.03):
        picks = picks[:-1] if draw.chance(0.5) else [*picks, 0]
    picks = [p for p in picks if p < len(args)]
    results = [
        tensor(
            draw.vary(tuple(operand), 0.1) if draw.chance(0.95) else tuple(operand),
            accs[i] if draw.chance(0.95) else "f64",
        )
        for i in range(n)
    ]
    fields = [
        f"update_window_dims = {lst(uwd)}" if uwd else "",
        f"inserted_window_dims = {lst(iwd)}" if iwd else "",
        f"input_batching_dims = {lst(ibd)}" if ibd else "",
        f"scatter_indices_batching_dims = {lst(sibd)}" if sibd else "",
        f"scatter_dims_to_operand_dims = {lst(sdod)}" if sdod else "",
        f"index_vector_dim = {ivd}",
    ]
    dn = f"#stablehlo.scatter<{', '.join(f for f in fields if f)}>"
    operands = [*inputs, it, *updates]
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    block = ", ".join(f"%x{i}: {t}" for i, t in enumerate(args))
    ret = (
        f"stablehlo.return {', '.join(f'%x{p}' for p in picks)} : {', '.join(args[p] for p in picks)}"
        if picks
        else "stablehlo.return"
    )
    out = results[0] if n == 1 else "(" + ", ".join(results) + ")"
    bind = "%0" if n == 1 else f"%0:{n}"
    attrs = f"indices_are_sorted = false, scatter_dimension_numbers = {dn}, unique_indices = false"
    body = f"<{{{attrs}}}>" if draw.chance(0.6) else f"{{{attrs}}}"
    lines = (
        [
            f'{bind} = "stablehlo.scatter"({names}) ({{',
            f"  ^bb0({block}):",
            f"    {ret}",
            f"  }}) {body} : ({', '.join(operands)}) -> {out}",
        ]
        if body.startswith("{")
        else [
            f'{bind} = "stablehlo.scatter"({names}) {body} ({{',
            f"  ^bb0({block}):",
            f"    {ret}",
            f"  }}) : ({', '.join(operands)}) -> {out}",
        ]
    )
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operands))
    return Case(
        index, "scatter", f"func.func @f({params}) {{\n" + "\n".join("  " + ln for ln in lines) + "\n  return\n}\n"
    )


KINDS = [
    ("update rank", r"updates tensor must be of rank"),
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("inputs and updates", r"Not all (inputs|updates)"),
    ("index vector", r"index_vector_dim|scatter_dims_to_operand_dims and"),
    ("body", r"Reduction-region|reduction-region"),
    ("operand rank", r"rank-of operand to match"),
    ("lists", r"to be sorted|to not repeat|duplicated dimension|Expects each element of"),
    ("batching", r"batching_dims"),
    ("bounds", r"expects bounds of the"),
    ("inferred type", r"inferred type\(s\)"),
]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    draw = Draw(SEED + 8)
    return [scatter_case(draw, i) for i in range(COUNT)]


def test_broadcheck_matches_stablehlo_scatter(cases: list[Case]) -> None:
    """broadcheck's first error is StableHLO's (message and line) on every scatter."""
    assert len(cases) >= 2000
    run("StableHLO scatter", cases, oracle(cases), KINDS, [k for k, _ in KINDS])
