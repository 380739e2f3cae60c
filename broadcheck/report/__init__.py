"""The report layer: renderers turn complete results into text. They only render.

Each format is one function taking every result at once, so output order and
the summary never depend on how the checking was scheduled.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.checker import Result

FORMATS = ("full", "concise")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(results: Sequence[Result]) -> str:
    """``Found 3 errors in 2 files.``, or what was checked when nothing was found."""
    errors = sum(1 for r in results for d in r.diagnostics if d.severity == "error")
    warnings = sum(1 for r in results for d in r.diagnostics if d.severity == "warning")
    files = sum(1 for r in results if r.diagnostics)
    if errors or warnings:
        parts = [_plural(errors, "error")] if errors else []
        if warnings:
            parts.append(_plural(warnings, "warning"))
        return f"Found {' and '.join(parts)} in {_plural(files, 'file')}."
    ops = sum(r.ops_checked for r in results)
    return f"No problems found in {_plural(len(results), 'file')} ({_plural(ops, 'op')} checked)."
