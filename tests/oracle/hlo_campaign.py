"""What the StableHLO, CHLO and MHLO shape-op campaigns share: random types, one op per module,
the real tool's first error at the op, broadcheck's, and the summary each campaign prints.

A case is a function whose arguments are the op's operands (``%a0``, ``%a1``, ...) and whose
second line is the op; the tool's first error must be on that line (a case rejected anywhere
else is a mistake of the generator, and fails the coverage test). broadcheck's first error
(value flow's BC011 aside) must have the same message on the same line.
"""

from __future__ import annotations

import collections
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR, ir

SHOW = 12

Dim = int | None


@dataclass
class Case:
    index: int
    op: str
    text: str


def tensor(shape: Sequence[Dim] | None, element: str, bounds: Sequence[Dim] | None = None) -> str:
    """``tensor<2x?xf32>``, ``tensor<*xf32>``, with ``#stablehlo.bounds<...>`` where given."""
    if shape is None:
        return f"tensor<*x{element}>"
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    encoding = ""
    if bounds is not None:
        encoding = ", #stablehlo.bounds<" + ", ".join("?" if b is None else str(b) for b in bounds) + ">"
    return f"tensor<{dims}{element}{encoding}>"


class Draw:
    """Random choices from a seeded stream."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, items: Sequence[Any]) -> Any:
        return self.rng.choice(items)

    def int(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def dim(self, dynamic: float = 0.15) -> Dim:
        if self.chance(dynamic):
            return None
        return self.rng.choice([1, 2, 2, 3, 3, 4, 5] if self.chance(0.9) else [0, 6, 7])

    def shape(self, rank: int | None = None, dynamic: float = 0.15) -> tuple[Dim, ...]:
        rank = self.rng.choice([0, 1, 1, 2, 2, 3]) if rank is None else rank
        return tuple(self.dim(dynamic) for _ in range(rank))

    def vary(self, shape: Sequence[Dim], p: float = 0.5) -> tuple[Dim, ...]:
        """``shape``, or now and then one size (or the rank) changed."""
        out = list(shape)
        if not self.chance(p):
            return tuple(out)
        r = self.rng.random()
        if r < 0.15:
            return (*out, self.dim()) if self.chance(0.5) or not out else tuple(out[:-1])
        if out:
            i = self.rng.randrange(len(out))
            out[i] = self.rng.choice([None, 1, (out[i] or 2) + 1])
        return tuple(out)

    def bounded(self, shape: Sequence[Dim]) -> tuple[tuple[Dim, ...], tuple[Dim, ...] | None]:
        """``shape`` with one size made a bounded ``?`` now and then."""
        if not shape or not self.chance(0.1):
            return tuple(shape), None
        i = self.rng.randrange(len(shape))
        out = list(shape)
        bound = (out[i] or 3) + self.rng.choice([0, 0, 1, -1])
        out[i] = None
        bounds: list[Dim] = [None] * len(out)
        bounds[i] = max(bound, 0)
        return tuple(out), tuple(bounds)


def module(operands: Sequence[str], line: Callable[[list[str]], str]) -> str:
    """A function taking ``operands`` whose second line is ``line(names)``."""
    names = [f"%a{i}" for i in range(len(operands))]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
    return f"func.func @f({args}) {{\n  {line(names)}\n  return\n}}\n"


_LOC = re.compile(r":(\d+):\d+\)$")


def first_error(ctx: Any, text: str, line: int = 2) -> str:
    """The real tool's first error, which must be at the op's ``line``; ``ok``; or ``elsewhere: ...``."""
    assert ir is not None
    try:
        ir.Module.parse(text, ctx)
    except ir.MLIRError as exc:
        diag = exc.error_diagnostics[0]
        m = _LOC.search(str(diag.location))
        if m and int(m.group(1)) == line:
            return str(diag.message)
        return f"elsewhere: {diag.location}: {diag.message}"
    return "ok"


def oracle(cases: Sequence[Case], lines: Sequence[int] | None = None) -> list[str]:
    """The tool's verdict on each case (fails, never skips, without IREE); ``lines``: each case's
    op line, where not line 2 (a case that defines constants first)."""
    if ir is None:
        pytest.fail(
            f"the oracle tests need IREE's MLIR bindings ({IREE_IMPORT_ERROR}); run `make oracle`, or "
            "`pip install iree-base-compiler==3.13.0` into this environment",
            pytrace=False,
        )
    ctx = ir.Context()
    if lines is None:
        return [first_error(ctx, case.text) for case in cases]
    return [first_error(ctx, case.text, line) for case, line in zip(cases, lines, strict=True)]


def broadcheck(text: str, line: int = 2) -> str:
    """broadcheck's first error on ``text`` (``ok`` for none; its line if not the op's)."""
    from broadcheck.api import check_text

    try:
        diagnostics = check_text(text, path="<case>", profile="llvm")
    except Exception as exc:  # a crash is a difference, shown as such
        return f"raised {type(exc).__name__}: {exc}"
    errors = [d for d in diagnostics if d.severity == "error" and d.code != "BC011"]
    if not errors:
        return "ok"
    first = errors[0]
    return first.message if first.line == line else f"elsewhere: line {first.line}: {first.message}"


def kind(message: str, kinds: Sequence[tuple[str, str]]) -> str:
    if message == "ok":
        return "ok"
    for name, pattern in kinds:
        if re.search(pattern, message):
            return name
    return "other"


def run(
    title: str,
    cases: Sequence[Case],
    verdicts: Sequence[str],
    kinds: Sequence[tuple[str, str]],
    wanted: Sequence[str],
    lines: Sequence[int] | None = None,
) -> None:
    """Compare broadcheck with the tool on every case; print the counts; fail on a difference,
    on a case rejected away from its op, or on an outcome no case reaches."""
    outcomes: collections.Counter[str] = collections.Counter()
    per_op: collections.Counter[str] = collections.Counter()
    diffs: list[str] = []
    for number, (case, expected) in enumerate(zip(cases, verdicts, strict=True)):
        outcomes[kind(expected, kinds)] += 1
        per_op[case.op] += 1
        got = broadcheck(case.text, 2 if lines is None else lines[number])
        if got != expected:
            diffs.append(
                f"--- case {case.index} ({case.op})\n{case.text.rstrip()}\n  tool:       {expected}\n  broadcheck: {got}"
            )
    summary = (
        f"{title}: {len(cases)} cases over {len(per_op)} ops; tool outcomes: "
        f"{', '.join(f'{k}: {n}' for k, n in outcomes.most_common())}; differences: {len(diffs)}"
    )
    print(summary)
    strays = [f"{c.text}=> {v}" for c, v in zip(cases, verdicts, strict=True) if v.startswith("elsewhere")]
    problems = []
    if strays:
        problems.append("cases the tool rejects away from the op:\n" + "\n".join(strays[:5]))
    missing = [k for k in wanted if outcomes[k] == 0]
    if missing:
        problems.append(f"no case reaches {missing}")
    if outcomes["ok"] < len(cases) // 10:
        problems.append(f"too few valid cases: {outcomes['ok']}")
    if outcomes["other"]:
        problems.append(
            "unclassified messages: " + "; ".join(sorted({v for v in verdicts if kind(v, kinds) == "other"})[:8])
        )
    if diffs or problems:
        pytest.fail("\n".join([summary, *problems, *diffs[:SHOW]]), pytrace=False)
