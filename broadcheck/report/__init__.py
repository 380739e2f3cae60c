"""The report layer: renderers turn complete results into text. They only render.

Each format is one function taking every result at once, so output order and
the summary never depend on how the checking was scheduled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from broadcheck.checker import Result

FORMATS = ("full", "concise", "json", "sarif", "github")


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


def statistics(results: Sequence[Result]) -> str:
    """``--statistics``: how many of each code, most frequent first."""
    from collections import Counter

    from broadcheck.messages import RULES

    counts = Counter(d.code for r in results for d in r.diagnostics)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    width = max((len(str(n)) for _, n in rows), default=1)
    return "".join(f"{n:>{width}}  {code}  {RULES[code].name}\n" for code, n in rows)


def render(results: Sequence[Result], output_format: str, out: TextIO) -> None:
    """Render ``results`` in ``output_format`` (one of :data:`FORMATS`)."""
    import importlib

    module = importlib.import_module(f"broadcheck.report.{output_format}")
    module.render(results, out)
