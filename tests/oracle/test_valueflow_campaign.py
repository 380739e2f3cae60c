"""Differential campaign: value flow and scoping against MLIR's parser and verifiers.

The cases come from :mod:`flowgen`: random small modules (1-3 functions, a few blocks,
regions, calls, casts and trailing-type forms, static and dynamic dims), a quarter of them
valid and the rest each with one planted mistake of one kind (a use's written type, an
undeclared or redefined name, a name used outside its region or before its definition, a
branch, a call or a return against what it targets, ...).

For each case the real tool (``iree.compiler.ir`` of iree-base-compiler 3.13: parse and
verify) gives its verdict: its first error by (line, column), the error's message and its
notes (without ``see current operation``, which the bindings add and ``iree-opt
--verify-diagnostics`` does not). broadcheck (``check_text(..., profile="llvm")``) must give
the same first error by (line, column): message, line, column, and its MLIR notes (the
labels it marks as MLIR's own, such as ``prior use here``). The test prints the counts per
kind of case and per outcome, and fails on any difference.

Why the tool's first error by position and not the first it emitted: a parse error stops
the parser, so there is only one; the verifier may emit several, in its own order (ops,
then symbol uses, then dominance), and ``--verify-diagnostics`` does not care about order.

The same module holds the value-flow fixtures to the real tool: ``iree-opt
--split-input-file --verify-diagnostics`` passes each of them (those of ``tests/fixtures/``
that came from here and the pending ones of ``tests/pending/``), broadcheck meets each
annotation strictly in the first, and not yet in the second (a strict xfail: once one
passes, it moves to ``tests/fixtures/``).

Knobs: ``BROADCHECK_FLOW_CASES`` (default 3000; the point is at least 2000) and
``BROADCHECK_FLOW_SEED``. Run by ``make oracle``; without IREE it fails, never skips.
"""

from __future__ import annotations

import collections
import os
import re
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR, kind
from .common import ir as _ir
from .flowgen import DEFAULT_COUNT, DEFAULT_SEED, KINDS, Case, generate

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_FLOW_CASES", DEFAULT_COUNT))
SEED = int(os.environ.get("BROADCHECK_FLOW_SEED", DEFAULT_SEED))
SHOW = 40

Note = tuple[int, int, str]
Error = tuple[int, int, str, tuple[Note, ...]]
"""An error: line, column, message, and its notes as (line, column, message)."""

_LOC = re.compile(r":(\d+):(\d+)\)$")

OUTCOMES = (
    "ok",
    "same error",
    "missed",
    "false error",
    "other message",
    "other location",
    "other notes",
    "raised",
)
AGREE = {"ok", "same error"}
REUSE = "reusing its result name"
"""The feature of a region whose names reuse its op's result name (legal, and today the
first thing broadcheck gets wrong in a case that holds one)."""

# What the tool's messages are, for the summary (name, regex).
MESSAGES = (
    ("use type", r"^use of value '.*' expects different type than prior uses"),
    ("undeclared", r"^use of undeclared SSA value name$"),
    ("redefinition", r"^redefinition of SSA value"),
    ("forward definition type", r"^definition of SSA value '.*' has type"),
    ("entry argument in use", r"^region entry argument '.*' is already in use"),
    ("invalid result number", r"^reference to invalid result number"),
    ("dominance", r"^operand #\d+ does not dominate this use$"),
    ("isolation", r"op using value defined outside the region$"),
    ("bb argument type", r"^type mismatch for bb argument #\d+ of successor #\d+$"),
    ("branch operand count", r"^branch has \d+ operands for successor #\d+, but target block has \d+$"),
    ("undefined block", r"^reference to an undefined block$"),
    ("block redefinition", r"^redefinition of block"),
    ("call operand type", r"^'func.call' op operand type mismatch"),
    ("call operand count", r"^'func.call' op incorrect number of operands for callee"),
    ("call result type", r"^'func.call' op result type mismatch at index \d+$"),
    ("call result count", r"^'func.call' op incorrect number of results for callee"),
    ("call symbol", r"^'func.call' op '.*' does not reference a valid function$"),
    ("return type", r"^type of return operand \d+ \('.*'\) doesn't match function result type"),
    ("return count", r"^'func.return' op has \d+ operands, but enclosing function"),
    ("yield type", r"^'scf.if' op along control flow edge .* successor operand type"),
    ("yield count", r"^'scf.if' op along control flow edge .* region branch point has"),
)


def _loc(location: Any) -> tuple[int, int]:
    m = _LOC.search(str(location))
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def tool_verdict(ctx: Any, text: str) -> tuple[Error | None, int]:
    """The tool's first error by (line, column), with its notes; and how many it emitted."""
    assert _ir is not None
    try:
        _ir.Module.parse(text, ctx)
    except _ir.MLIRError as err:
        errors = []
        for diag in err.error_diagnostics:
            notes = tuple(
                (*_loc(n.location), n.message) for n in diag.notes if not n.message.startswith("see current operation")
            )
            errors.append((*_loc(diag.location), diag.message, notes))
        errors.sort(key=lambda e: (e[0], e[1]))
        return errors[0], len(errors)
    return None, 0


def broadcheck_verdict(check_text: Any, text: str) -> Error | str | None:
    """broadcheck's first error by (line, column), with its MLIR notes (a string if it raised)."""
    try:
        diagnostics = check_text(text, path="<case>", profile="llvm")
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    errors = sorted((d for d in diagnostics if d.severity == "error"), key=lambda d: (d.line, d.column))
    if not errors:
        return None
    first = errors[0]
    notes = tuple((lb.span.line, lb.span.column, lb.text) for lb in first.labels if lb.mlir_note)
    return (first.line, first.column, first.message, notes)


def outcome(expected: Error | None, got: Error | str | None) -> str:
    if isinstance(got, str):
        return "raised"
    if expected is None:
        return "ok" if got is None else "false error"
    if got is None:
        return "missed"
    if got[2] != expected[2]:
        return "other message"
    if got[:2] != expected[:2]:
        return "other location"
    if got[3] != expected[3]:
        return "other notes"
    return "same error"


def show(verdict: Error | str | None) -> str:
    if verdict is None or isinstance(verdict, str):
        return verdict or "ok"
    line, col, message, notes = verdict
    return f"{line}:{col}: {message}" + "".join(f"\n      note {nl}:{nc}: {nm}" for nl, nc, nm in notes)


def table(rows: dict[str, collections.Counter[str]], columns: tuple[str, ...], title: str) -> str:
    used = [c for c in columns if any(r[c] for r in rows.values())]
    width = max(len(title), *(len(k) for k in rows))
    head = f"{title:<{width}}  " + "  ".join(f"{c:>{max(len(c), 5)}}" for c in used)
    lines = [head]
    for name, counts in rows.items():
        lines.append(f"{name:<{width}}  " + "  ".join(f"{counts[c]:>{max(len(c), 5)}}" for c in used))
    return "\n".join(lines)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return list(generate(COUNT, SEED))


@pytest.fixture(scope="module")
def tool(cases: list[Case]) -> list[tuple[Error | None, int]]:
    """The tool's verdict on every case (fails, never skips, without IREE)."""
    if _ir is None:
        pytest.fail(
            f"the campaign needs IREE's MLIR bindings ({IREE_IMPORT_ERROR}); run `make oracle`",
            pytrace=False,
        )
    ctx = _ir.Context()
    return [tool_verdict(ctx, case.text) for case in cases]


def test_the_cases_cover_every_kind(cases: list[Case], tool: list[tuple[Error | None, int]]) -> None:
    """At least 2,000 cases, every kind well represented, and every valid case verifies
    (a valid case the tool rejects is a generator bug, not a finding)."""
    assert len(cases) >= 2000 or COUNT < 2000, f"only {len(cases)} cases"
    counts = collections.Counter(case.kind for case in cases)
    missing = [k for k in KINDS if counts[k] < COUNT // (2 * len(KINDS))]
    assert not missing, f"kinds too rare: {missing}; {counts}"
    rejected = [(c, v) for c, (v, _) in zip(cases, tool, strict=True) if c.kind == "valid" and v is not None]
    assert not rejected, "valid cases the tool rejects:\n" + "\n".join(f"{c.text}=> {show(v)}" for c, v in rejected[:3])
    planted = [v for c, (v, _) in zip(cases, tool, strict=True) if c.kind != "valid"]
    assert sum(v is not None for v in planted) > 0.9 * len(planted), "most planted mistakes must be errors"


def test_the_generator_is_deterministic() -> None:
    """The same seed gives the same cases, whatever the string hash seed (no set order leaks)."""
    import sys

    code = (
        "import hashlib, sys; from tests.oracle.flowgen import generate; "
        "print(hashlib.sha256(''.join(c.kind + c.text for c in generate(400, 7)).encode()).hexdigest())"
    )
    root = Path(__file__).resolve().parent.parent.parent
    digests = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("0", "1", "2")
    }
    assert len(digests) == 1, digests


def test_broadcheck_matches_the_tool(cases: list[Case], tool: list[tuple[Error | None, int]]) -> None:
    """broadcheck's first error (message, line, column, notes) is the tool's, on every case."""
    from broadcheck.api import check_text

    start = time.perf_counter()
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    by_message: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    by_feature: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    plain: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    diffs: list[tuple[Case, Error | None, Error | str | None, str]] = []
    several = 0
    for case, (expected, emitted) in zip(cases, tool, strict=True):
        got = broadcheck_verdict(check_text, case.text)
        result = outcome(expected, got)
        several += emitted > 1
        by_kind[case.kind][result] += 1
        if not any(REUSE in feature for feature in case.features):
            plain[case.kind][result] += 1
        by_message[kind(expected[2], MESSAGES) if expected else "ok"][result] += 1
        if case.kind == "valid":
            for feature in sorted(case.features):
                by_feature[feature][result] += 1
        if result not in AGREE:
            diffs.append((case, expected, got, result))
    elapsed = time.perf_counter() - start

    totals = collections.Counter(outcome for counts in by_kind.values() for outcome in counts.elements())
    plain_totals = collections.Counter(outcome for counts in plain.values() for outcome in counts.elements())
    summary = "\n\n".join(
        [
            f"value-flow campaign: {len(cases)} cases (seed {SEED}) in {elapsed:.1f} s of broadcheck; "
            f"{len(diffs)} differences; {several} cases where the tool emitted more than one error",
            "outcomes: " + ", ".join(f"{name}: {totals[name]}" for name in OUTCOMES if totals[name]),
            table(dict(sorted(by_kind.items())), OUTCOMES, "kind of case"),
            f"the same, in the {sum(plain_totals.values())} cases where no region reuses its op's result name:",
            table(dict(sorted(plain.items())), OUTCOMES, "kind of case"),
            table(dict(sorted(by_message.items())), OUTCOMES, "tool's first error"),
            table(dict(sorted(by_feature.items())), OUTCOMES, "valid cases holding"),
        ]
    )
    print(summary)
    if not diffs:
        return
    # One difference per (kind, outcome) first, then the rest, up to SHOW.
    seen: set[tuple[str, str]] = set()
    first = [d for d in diffs if (d[0].kind, d[3]) not in seen and not seen.add((d[0].kind, d[3]))]  # type: ignore[func-returns-value]
    shown = (first + [d for d in diffs if d not in first])[:SHOW]
    lines = [summary, f"\n{len(shown)} of the {len(diffs)} differences:"]
    for case, expected, got, result in shown:
        lines += [
            f"--- case {case.index}, {case.kind}: {result}",
            case.text.rstrip(),
            f"  mlir:       {show(expected)}",
            f"  broadcheck: {show(got)}",
        ]
    report = "\n".join(lines)
    print(report)
    pytest.fail(report, pytrace=False)


PENDING = sorted((Path(__file__).resolve().parent.parent / "pending").glob("*.mlir"))
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PASSED = [
    FIXTURES / name
    for name in (
        "valueflow_cf.mlir",
        "valueflow_calls.mlir",
        "valueflow_scopes.mlir",
        "valueflow_module.mlir",
        "dominance.mlir",
        "parse_errors_custom.mlir",
    )
]
"""Fixtures once pending: iree-opt still holds them, broadcheck still meets them strictly."""
_ANNOTATION = re.compile(r"expected-(error|note) *@\+(\d+) *\{\{(.*)\}\}$")


def _iree_opt() -> Path:
    if _ir is None:
        pytest.fail(f"the test needs iree-base-compiler ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    import iree.compiler

    return Path(iree.compiler.__file__).parent / "_mlir_libs" / "iree-opt"


def _verify(opt: Path, path: Path) -> subprocess.CompletedProcess[str]:
    command = [str(opt), "--split-input-file", "--verify-diagnostics", str(path)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_there_are_pending_fixtures() -> None:
    assert PENDING, "tests/pending/ is empty: drop the pending tests"
    assert all(path.exists() for path in PASSED)


_FILES = [*PASSED, *(pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="pending")) for p in PENDING)]


@pytest.mark.parametrize("path", [*PASSED, *PENDING], ids=lambda p: p.name)
def test_fixture_passes_iree_opt(path: Path, tmp_path: Path) -> None:
    """The real tool meets every annotation and emits nothing else; and it does check them:
    with the first expected error taken out, it fails."""
    opt = _iree_opt()
    result = _verify(opt, path)
    assert result.returncode == 0, result.stderr
    lines = path.read_text().split("\n")
    first = next(i for i, line in enumerate(lines) if "expected-error" in line)
    lines[first] = lines[first][: lines[first].index("expected-error")]  # the line count stays
    (tmp_path / path.name).write_text("\n".join(lines))
    result = _verify(opt, tmp_path / path.name)
    assert result.returncode != 0 and "unexpected error" in result.stderr, result.stderr


@pytest.mark.parametrize("path", _FILES, ids=lambda p: p.name)
def test_broadcheck_meets_the_fixture_strictly(path: Path) -> None:
    """broadcheck's ``--verify-diagnostics`` passes the file without its leniency: every
    expected error and note met (same kind, line, text), nothing else reported, and no
    annotation excused as being about an op broadcheck does not check. A pending fixture
    is expected to fail (strictly: once it passes, it moves to ``tests/fixtures/``)."""
    from broadcheck.engine.options import Options
    from broadcheck.engine.run import check_text
    from broadcheck.optable import OpTable
    from broadcheck.semantics import Profile

    text = path.read_text()
    run = next(line for line in text.splitlines() if line.startswith("// RUN:"))
    profile = "llvm" if "--profile llvm" in run else "spec"
    result = check_text(path.name, text, Options(Profile(profile), OpTable(()), "// -----", True))
    report = [f"{path.name}: {result.annotations_not_held} annotations excused"]
    report += [f"  {d.line}: {d.message}" for d in result.diagnostics]
    print("\n".join(report))
    assert not result.diagnostics and result.annotations_not_held == 0, "\n".join(report)
