"""Differential test: ``linalg.conv_1d``, ``conv_2d``, ``conv_3d`` (the plain convolutions: no
batch, no channel, no strides) against IREE's build of MLIR (iree-base-compiler 3.13).

Each case is one op in its custom form, on tensors (with a result) or memrefs; the sizes are
consistent (output = input - filter + 1) or mutated (a size off by one or more, a dynamic size,
an operand of another rank, another element type on the init). broadcheck's first error (line,
column, message) must equal the tool's first; a case it accepts must have none.
``BROADCHECK_CONV_CASES`` cases (default 2400, at least 2000), ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
from dataclasses import dataclass
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR as _IREE_IMPORT_ERROR
from .common import Verdict, fail_on_differences, verdict
from .common import ir as _ir

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_CONV_CASES", 2400))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))


@dataclass(frozen=True)
class Case:
    """One op in one module."""

    index: int
    form: str
    text: str


def _shaped(kind: str, shape: list[int | None], element: str) -> str:
    dims = "".join(f"{'?' if d is None else d}x" for d in shape)
    return f"{kind}<{dims}{element}>"


def _case(rng: random.Random, index: int) -> Case:
    n = rng.choice([1, 2, 3])
    kind = rng.choice(["tensor", "memref"])
    el = rng.choice(["f32", "f32", "i32"])
    inp = [rng.randint(3, 9) for _ in range(n)]
    fil = [rng.randint(1, d) for d in inp]
    out = [i - k + 1 for i, k in zip(inp, fil, strict=True)]
    shapes: list[list[int | None]] = [list(inp), list(fil), list(out)]
    form = "ok"
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        which = rng.randrange(3)
        roll = rng.random()
        if roll < 0.5 and shapes[which]:
            k = rng.randrange(len(shapes[which]))
            d = shapes[which][k]
            shapes[which][k] = (d or 1) + rng.choice([-2, -1, 1, 2]) if d is not None else 4
            if shapes[which][k] is not None and shapes[which][k] < 1:  # type: ignore[operator]
                shapes[which][k] = 1
            form = "size"
        elif roll < 0.7 and shapes[which]:
            shapes[which][rng.randrange(len(shapes[which]))] = None
            form = "dynamic"
        elif roll < 0.85:
            shapes[which] = [*shapes[which], 2] if rng.random() < 0.5 else shapes[which][1:]
            form = "rank"
        else:
            form = "element"
    init_el = "f16" if form == "element" and el == "f32" else el
    types = [_shaped(kind, shapes[0], el), _shaped(kind, shapes[1], el), _shaped(kind, shapes[2], init_el)]
    args = ", ".join(f"%{name}: {t}" for name, t in zip("iko", types, strict=True))
    if kind == "tensor":
        line = f"  %0 = linalg.conv_{n}d ins(%i, %k : {types[0]}, {types[1]}) outs(%o : {types[2]}) -> {types[2]}"
    else:
        line = f"  linalg.conv_{n}d ins(%i, %k : {types[0]}, {types[1]}) outs(%o : {types[2]})"
    return Case(index, f"conv_{n}d {kind} {form}", f"func.func @f({args}) {{\n{line}\n  return\n}}\n")


def generate(count: int, seed: int) -> list[Case]:
    """``count`` cases from ``seed``."""
    rng = random.Random(f"{seed}-conv-plain")
    return [_case(rng, i) for i in range(count)]


@pytest.fixture(scope="module")
def ctx() -> Any:
    if _ir is None:
        pytest.skip(f"iree-base-compiler is not installed: {_IREE_IMPORT_ERROR}")
    return _ir.Context()


def test_broadcheck_matches_mlir(ctx: Any) -> None:
    """The first error (line, column, message) equals IREE's on every case; a clean case is clean."""
    assert COUNT >= 2000, f"only {COUNT} cases; the point is to compare at least 2000"
    from broadcheck.api import check_text

    cases = generate(COUNT, SEED)
    diffs = []
    counts: collections.Counter[str] = collections.Counter()
    for case in cases:
        expected = verdict(ctx, case.text)
        try:
            got: Verdict | str = tuple(
                (d.line, d.column, d.message)
                for d in check_text(case.text, path="<case>", profile="llvm")
                if d.severity == "error"
            )
        except Exception as exc:  # a traceback is a difference
            got = f"raised {type(exc).__name__}: {exc}"
        first = expected[0] if expected else None
        counts["ok" if first is None else first[2].split(" has ")[0].split(" to ")[0][:50]] += 1
        if (got[0] if got and not isinstance(got, str) else got or None) != first:
            diffs.append((case, expected, got))
    summary = (
        f"conv_1d/2d/3d: compared {len(cases)} cases (seed {SEED}); oracle first errors: "
        f"{', '.join(f'{k}: {n}' for k, n in counts.most_common())}; differences: {len(diffs)}"
    )
    fail_on_differences(summary, diffs, lambda case: f"--- case {case.index} ({case.form})", 20)
    assert counts["ok"] >= len(cases) // 20, f"too few valid cases: {dict(counts)}"
