"""What the differential tests share: the real tool's bindings, its verdicts, and the
classification of messages into the outcome counts each campaign prints."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

try:
    from iree.compiler import ir
except ImportError as exc:  # pragma: no cover - depends on the environment
    ir: Any = None  # type: ignore[no-redef]
    IREE_IMPORT_ERROR: ImportError | None = exc
else:
    IREE_IMPORT_ERROR = None

Verdict = tuple[tuple[int, int, str], ...]
"""The diagnostics of one case as (line, column, message); empty means the case verifies."""

_LOC = re.compile(r":(\d+):(\d+)\)$")


def verdict(ctx: Any, text: str) -> Verdict:
    """What the real tool (``ir.Module.parse``: parse and verify) says of ``text``."""
    assert ir is not None
    try:
        ir.Module.parse(text, ctx)
    except ir.MLIRError as err:
        out = []
        for diag in err.error_diagnostics:
            m = _LOC.search(str(diag.location))
            line, column = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
            out.append((line, column, diag.message))
        return tuple(out)
    return ()


def kind(message: str, kinds: Sequence[tuple[str, str]]) -> str:
    """The outcome a message counts as: the first of ``kinds`` (name, regex) that it matches."""
    if message == "ok":
        return "ok"
    for name, pattern in kinds:
        if re.search(pattern, message):
            return name
    return "other"


def broadcheck_first_error(text: str, profile: str = "llvm") -> str:
    """broadcheck's first error on ``text`` (its message), ``ok``, or what it raised."""
    from broadcheck.api import check_text

    try:
        diagnostics = check_text(text, path="<case>", profile=profile)
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    errors = [d for d in diagnostics if d.severity == "error"]
    return errors[0].message if errors else "ok"


def show(verdict: Verdict | str) -> str:
    """A verdict on one line: ``ok``, or ``line:col: message; ...``."""
    if isinstance(verdict, str):
        return verdict
    return "; ".join(f"{line}:{col}: {msg}" for line, col, msg in verdict) or "ok"


def fail_on_differences(summary: str, diffs: Sequence[tuple[Any, Any, Any]], title: Any, limit: int) -> None:
    """Print the campaign's summary; fail with the first ``limit`` differences, if any.

    Each difference is (case, the tool's verdict, broadcheck's); ``title(case)`` heads it.
    """
    import pytest

    print(summary)
    if not diffs:
        return
    lines = [summary, f"first {min(limit, len(diffs))} differences:"]
    for case, expected, got in diffs[:limit]:
        lines += [title(case), case.text.rstrip(), f"  mlir:       {show(expected)}", f"  broadcheck: {show(got)}"]
    report = "\n".join(lines)
    print(report)
    pytest.fail(report, pytrace=False)
