"""Differential test: broadcheck (``profile="llvm"``) against the real MLIR C++ verifier.

The oracle is the TOSA dialect inside IREE's Python bindings (``pip install
iree-base-compiler==3.13.0``): ``ir.Module.parse`` parses and verifies, and a failure raises
``ir.MLIRError`` whose diagnostics carry the exact MLIR text and ``loc("-":line:col)``.
Every generated case (see :mod:`gen` for what is generated and what is excluded, and why) is
parsed on its own by both sides; verdict, message text, line and column must all agree.

The oracle's messages for these cases are exactly four: the trait's ``operands don't have
broadcast-compatible shapes`` and ``result type '...' not broadcast compatible with broadcasted
operands's shapes '...'``, then (only when the trait passes) TOSA's SameOperandsAndResultRank
``operands don't have matching ranks`` and ``result type has different rank than operands``.
So broadcheck must apply that rank rule to ``tosa.*`` elementwise ops under this profile.

This module needs the oracle and is run only by ``make oracle``; if IREE is missing the tests
FAIL (they never skip). Knobs: ``BROADCHECK_ORACLE_CASES`` (default 20000, at least 5000 is
the point of the test), ``BROADCHECK_ORACLE_SEED``, ``BROADCHECK_ORACLE_PROFILE`` (default
``llvm``).
"""

from __future__ import annotations

import collections
import os
import re
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR as _IREE_IMPORT_ERROR
from .common import fail_on_differences, show, verdict
from .common import ir as _ir
from .gen import DEFAULT_COUNT, DEFAULT_SEED, Case, generate

pytestmark = pytest.mark.oracle


COUNT = int(os.environ.get("BROADCHECK_ORACLE_CASES", DEFAULT_COUNT))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", DEFAULT_SEED))
PROFILE = os.environ.get("BROADCHECK_ORACLE_PROFILE", "llvm")
SHOW = 20

Verdict = tuple[tuple[int, int, str], ...]
"""The diagnostics of one case as (line, column, message); empty means the case verifies."""

_LOC = re.compile(r":(\d+):(\d+)\)$")

# The only messages the generated cases may get from the oracle: the Broadcastable trait's two
# and TOSA's SameOperandsAndResultRank's two. Anything else means the generator produced a case
# outside what this test is meant to compare.
_KINDS = {
    "operands": re.compile(r"'[\w.]+' op operands don't have broadcast-compatible shapes"),
    "result": re.compile(
        r"'[\w.]+' op result type '[0-9?x]*' not broadcast compatible with "
        r"broadcasted operands's shapes '[0-9?x]*'"
    ),
    "operand ranks": re.compile(r"'[\w.]+' op operands don't have matching ranks"),
    "result rank": re.compile(r"'[\w.]+' op result type has different rank than operands"),
}


def _kind(verdict: Verdict) -> str:
    if not verdict:
        return "ok"
    if len(verdict) != 1:
        return "several diagnostics"
    for name, pattern in _KINDS.items():
        if pattern.fullmatch(verdict[0][2]):
            return name
    return "other: " + verdict[0][2]


def _oracle_verdict(ctx: Any, text: str) -> Verdict:
    """What the C++ verifier says about ``text``."""
    return verdict(ctx, text)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return list(generate(COUNT, SEED))


@pytest.fixture(scope="module")
def oracle(cases: list[Case]) -> list[Verdict]:
    """The oracle's verdict for every case (fails, never skips, when IREE is missing)."""
    if _ir is None:
        pytest.fail(
            "the oracle tests need IREE's MLIR bindings, which are not importable "
            f"({_IREE_IMPORT_ERROR}); run `make oracle`, or "
            "`pip install iree-base-compiler==3.13.0` into this environment",
            pytrace=False,
        )
    ctx = _ir.Context()
    return [_oracle_verdict(ctx, case.text) for case in cases]


def _broadcheck_verdict(check_text: Any, text: str) -> Verdict | str:
    """What broadcheck says about ``text`` (a string when it raised)."""
    try:
        diags = check_text(text, path="<case>", profile=PROFILE)
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    return tuple((d.line, d.column, d.message) for d in diags)


def _show(verdict: Verdict | str) -> str:
    return show(verdict)


def _distribution(verdicts: list[Verdict]) -> str:
    counts = collections.Counter(_kind(v) for v in verdicts)
    return ", ".join(f"{name}: {n}" for name, n in counts.most_common())


def test_generator_stays_inside_the_compared_rules(cases: list[Case], oracle: list[Verdict]) -> None:
    """Every case gets ok or one of the four modelled messages, and each is well covered."""
    assert len(cases) >= 5000, f"only {len(cases)} cases; the point is to compare at least 5000"
    counts = collections.Counter(_kind(v) for v in oracle)
    strays = [(c, v) for c, v in zip(cases, oracle, strict=True) if _kind(v) not in {"ok", *_KINDS}]
    assert not strays, (
        f"{len(strays)} cases fail in the oracle for reasons outside the compared rules, e.g.\n"
        + "\n".join(f"{c.text}=> {_show(v)}" for c, v in strays[:5])
    )
    minimum = len(cases) // 50
    thin = {k: counts[k] for k in ("ok", *_KINDS) if counts[k] < minimum}
    assert not thin, f"verdicts too rare (< {minimum}): {thin}; all: {_distribution(oracle)}"


def test_broadcheck_matches_mlir_verifier(cases: list[Case], oracle: list[Verdict]) -> None:
    """broadcheck's verdict, message, line and column equal the C++ verifier's on every case."""
    try:
        from broadcheck.api import check_text
    except ImportError as exc:
        pytest.fail(f"cannot import broadcheck.api.check_text: {exc}", pytrace=False)

    diffs = []
    verdict_diffs = 0
    for case, expected in zip(cases, oracle, strict=True):
        got = _broadcheck_verdict(check_text, case.text)
        if got != expected:
            diffs.append((case, expected, got))
            if isinstance(got, str) or bool(got) != bool(expected):
                verdict_diffs += 1

    summary = (
        f"compared {len(cases)} cases (seed {SEED}, profile {PROFILE!r}); oracle verdicts: "
        f"{_distribution(oracle)}; differences: {len(diffs)} ({verdict_diffs} in verdict, "
        f"{len(diffs) - verdict_diffs} in message/location only)"
    )
    fail_on_differences(summary, diffs, lambda case: f"--- case {case.index}: {case.op} {case.signature()}", SHOW)
