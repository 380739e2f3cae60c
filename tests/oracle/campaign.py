"""What the campaigns of the Tensor, Linalg, Vector and TOSA shape ops share: a case (one op
in one function), random shapes and types, and the comparison of broadcheck's verdict
(message, line and column of its first error) with the real tool's, per family.

A family's generator returns cases; :func:`compare` runs both tools on each and fails
with the first differences, printing the counts of each verdict kind either way.
"""

from __future__ import annotations

import collections
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR, Verdict, fail_on_differences, verdict
from .common import ir as _ir

SHOW = 15

Dim = int | None


@dataclass(frozen=True)
class Case:
    """One op in one function: ``text`` is the whole module."""

    index: int
    family: str
    op: str
    form: str
    text: str


def module(args: Sequence[tuple[str, str]], body: str | Sequence[str]) -> str:
    """One function taking ``args`` (name, type) and running ``body`` (one line or several)."""
    params = ", ".join(f"{name}: {t}" for name, t in args)
    lines = [body] if isinstance(body, str) else list(body)
    inner = "".join(f"  {line}\n" for line in lines)
    return f"func.func @f({params}) {{\n{inner}  return\n}}\n"


def dims(shape: Sequence[Dim], scalable: Sequence[bool] = ()) -> str:
    """``4x?x`` (``[4]x`` for a scalable dim)."""
    return "".join(
        f"[{d}]x" if scalable and scalable[i] else f"{'?' if d is None else d}x" for i, d in enumerate(shape)
    )


def tensor(shape: Sequence[Dim] | None, element: str = "f32") -> str:
    return f"tensor<*x{element}>" if shape is None else f"tensor<{dims(shape)}{element}>"


def vector(shape: Sequence[int], element: str = "f32", scalable: Sequence[bool] = ()) -> str:
    return f"vector<{dims(shape, scalable)}{element}>"


def memref(shape: Sequence[Dim] | None, element: str = "f32", layout: str = "") -> str:
    body = f"*x{element}" if shape is None else f"{dims(shape)}{element}"
    return f"memref<{body}{', ' + layout if layout else ''}>"


def size(rng: random.Random, low: int = 1, high: int = 6, dynamic: float = 0.15, zero: float = 0.03) -> Dim:
    roll = rng.random()
    if roll < dynamic:
        return None
    if roll < dynamic + zero:
        return 0
    return rng.randint(low, high)


def shape(rng: random.Random, low_rank: int = 0, high_rank: int = 3, **kw: Any) -> list[Dim]:
    return [size(rng, **kw) for _ in range(rng.randint(low_rank, high_rank))]


def perturb(rng: random.Random, d: Dim) -> Dim:
    """Another size: a neighbour, ``?``, or a static size for ``?``."""
    if d is None:
        return rng.randint(1, 6)
    return rng.choice([None, d + 1, max(d - 1, 0), d + 2])


def ctx_or_fail() -> Any:
    if _ir is None:
        pytest.fail(
            "the oracle tests need IREE's MLIR bindings, which are not importable "
            f"({IREE_IMPORT_ERROR}); run `make oracle`, or `pip install iree-base-compiler==3.13.0`",
            pytrace=False,
        )
    ctx = _ir.Context()
    ctx.allow_unregistered_dialects = False
    return ctx


def broadcheck_verdict(case: Case) -> Verdict | str:
    """What broadcheck says about ``case`` (its errors; a string when it raised)."""
    from broadcheck.api import check_text

    try:
        diags = check_text(case.text, path="<case>", profile="llvm")
    except Exception as exc:  # pragma: no cover - reported as a difference
        return f"raised {type(exc).__name__}: {exc}"
    return tuple((d.line, d.column, d.message) for d in diags if d.severity == "error")


_OP_PREFIX = re.compile(r"^'[\w.]+' op ")
_NUMBERS = re.compile(r"-?\d+")


def kind(v: Verdict) -> str:
    """A verdict's kind, for the counts: ``ok`` or its first message with numbers and types blanked."""
    if not v:
        return "ok"
    text = _OP_PREFIX.sub("", v[0][2])
    text = re.sub(r"'[^']*'", "'T'", text)
    return _NUMBERS.sub("N", text)[:90]


def compare(family: str, cases: Sequence[Case], ctx: Any, minimum: int = 2000, seed: int = 0) -> None:
    """Both tools on every case: verdict, first message, line and column must agree."""
    assert len(cases) >= minimum, f"only {len(cases)} cases; the point is to compare at least {minimum}"
    diffs = []
    oracle: list[Verdict] = []
    for case in cases:
        expected = verdict(ctx, case.text)
        oracle.append(expected)
        got = broadcheck_verdict(case)
        first = expected[:1]
        if isinstance(got, str) or got[:1] != first:
            diffs.append((case, first, got))
    counts = collections.Counter(kind(v) for v in oracle)
    ops = collections.Counter(c.op for c in cases)
    forms = collections.Counter(c.form for c in cases)
    verdict_diffs = sum(1 for _, e, g in diffs if isinstance(g, str) or bool(g) != bool(e))
    lines = [
        f"{family}: compared {len(cases)} cases (seed {seed}); ops {dict(ops)}; forms {dict(forms)}",
        f"  verdicts ({len(counts)} kinds): " + "; ".join(f"{k}: {n}" for k, n in counts.most_common()),
        f"  differences: {len(diffs)} ({verdict_diffs} in verdict)",
    ]
    fail_on_differences("\n".join(lines), diffs, lambda case: f"--- case {case.index} ({case.op}, {case.form})", SHOW)
    assert counts["ok"] >= len(cases) // 20, f"too few valid cases: {counts['ok']}"
    assert len(cases) - counts["ok"] >= len(cases) // 20, "too few invalid cases"


def generate(family: str, count: int, seed: int, make: Callable[[random.Random, int], Case]) -> list[Case]:
    """``count`` cases of ``family`` from ``make``, on a stream seeded by the family's name too."""
    rng = random.Random(f"{seed}:{family}")
    return [make(rng, i) for i in range(count)]
