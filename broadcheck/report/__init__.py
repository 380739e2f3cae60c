"""The report layer: renderers turn complete results into text. They only render.

Each format is one function taking every result at once, so output order and
the summary never depend on how the checking was scheduled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from broadcheck.diagnostics import Result
    from broadcheck.inputs import InputError

FORMATS = ("full", "concise", "json", "sarif", "github")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary(results: Sequence[Result], unread: int = 0) -> str:
    """``Found 3 errors in 2 files.``, or what was checked when nothing was found.

    A run that could not read some path never says "No problems found".
    """
    errors = sum(1 for r in results for d in r.diagnostics if d.severity == "error")
    warnings = sum(1 for r in results for d in r.diagnostics if d.severity == "warning")
    files = sum(1 for r in results if r.diagnostics)
    if errors or warnings:
        parts = [_plural(errors, "error")] if errors else []
        if warnings:
            parts.append(_plural(warnings, "warning"))
        where = _plural(files, "file") if files == len(results) else f"{files} of {_plural(len(results), 'file')}"
        found = f"Found {' and '.join(parts)} in {where}"
        if unread:
            found += f"; {_plural(unread, 'path')} could not be read"
        return found + "." + _coverage(results, True)
    if not results:
        return f"{_plural(unread, 'path')} could not be read; nothing was checked." if unread else "No files checked."
    ops = sum(r.ops_checked for r in results)
    checked = f"{_plural(len(results), 'file')} ({_plural(ops, 'op')} checked)"
    if unread:
        return f"{_plural(unread, 'path')} could not be read; no problems in the {checked}." + _coverage(results)
    return f"No problems found in {checked}." + _coverage(results)


def _coverage(results: Sequence[Result], with_count: bool = False) -> str:
    """What was not checked, on lines of its own; empty when everything was. ``with_count``
    says how many ops were checked too (the first line did not)."""
    lines = []
    reasons = passed_over(results)
    if reasons:
        from broadcheck.diagnostics import UNKNOWN_OP, UNREADABLE

        unknown = sum(n for (_, why), n in reasons.items() if why == UNKNOWN_OP)
        unreadable = sum(n for (_, why), n in reasons.items() if why == UNREADABLE)
        parts = [f"{unknown} not in the op table"] if unknown else []
        if unreadable:
            parts.append(f"{unreadable} with unreadable types")
        reasons_text = f"passed over ({', '.join(parts)}); --show-skipped lists them."
        if with_count:
            ops = _plural(sum(r.ops_checked for r in results), "op")
            lines.append(f"Checked {ops}; {unknown + unreadable} {reasons_text}")
        else:
            lines.append(f"{_plural(unknown + unreadable, 'op statement')} {reasons_text}")
    not_held = sum(r.annotations_not_held for r in results)
    if not_held:
        lines.append(
            f"note: {_plural(not_held, 'expected-* annotation')} {'is' if not_held == 1 else 'are'} about what "
            "broadcheck does not check; not held against the file."
        )
    return "".join("\n" + line for line in lines)


def passed_over(results: Sequence[Result]) -> dict[tuple[str, str], int]:
    """(op name, reason) -> how many statements were passed over, over all results."""
    total: dict[tuple[str, str], int] = {}
    for result in results:
        for key, count in result.passed_over.items():
            total[key] = total.get(key, 0) + count
    return total


def fixed(count: int, files: int) -> str:
    """``--fix``: what was fixed."""
    return f"Fixed {_plural(count, 'problem')} in {_plural(files, 'file')}.\n"


def would_fix(count: int, files: int) -> str:
    """``--diff``: what ``--fix`` would fix."""
    if not files:
        return "No fixes available.\n"
    return f"Would fix {_plural(count, 'problem')} in {_plural(files, 'file')}.\n"


def skipped(results: Sequence[Result]) -> str:
    """``--show-skipped``: the ops passed over, most frequent first."""
    rows = sorted(passed_over(results).items(), key=lambda item: (-item[1], item[0]))
    if not rows:
        return "No op statements were passed over.\n"
    width = max(len(str(n)) for _, n in rows)
    name_width = max(len(name) for (name, _), _ in rows)
    return "Passed over:\n" + "".join(f"{n:>{width}}  {name:<{name_width}}  {why}\n" for (name, why), n in rows)


def coverage(results: Sequence[Result]) -> dict[str, object]:
    """What was checked and what was passed over, as data (JSON statistics, SARIF properties)."""
    return {
        "files_checked": len(results),
        "ops_checked": sum(r.ops_checked for r in results),
        "passed_over": [
            {"op": name, "reason": why, "count": n} for (name, why), n in sorted(passed_over(results).items())
        ],
        "annotations_not_held": sum(r.annotations_not_held for r in results),
    }


def statistics(results: Sequence[Result], as_json: bool = False) -> str:
    """``--statistics``: how many of each code, most frequent first; with ``as_json``, an
    object that also says what was checked and passed over (``--output-format json``)."""
    from collections import Counter

    from broadcheck.messages import RULES

    counts = Counter(d.code for r in results for d in r.diagnostics)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if as_json:
        import json

        data = {
            "codes": [{"code": code, "name": RULES[code].name, "count": n} for code, n in rows],
            **coverage(results),
        }
        return json.dumps(data, indent=2) + "\n"
    width = max((len(str(n)) for _, n in rows), default=1)
    return "".join(f"{n:>{width}}  {code}  {RULES[code].name}\n" for code, n in rows)


def render(results: Sequence[Result], output_format: str, out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """Render ``results`` in ``output_format`` (one of :data:`FORMATS`); ``unread`` are the
    paths that could not be read (the CLI reports them on stderr too). Only the full
    format loads Rich, and only when there is a diagnostic to draw."""
    if output_format in ("full", "concise") and not any(r.diagnostics for r in results):
        out.write(summary(results, len(unread)) + "\n")  # nothing to draw: both print just this
        return
    if output_format == "full":
        from broadcheck.report.full import render as full

        full(results, out, unread)
    elif output_format == "concise":
        from broadcheck.report.concise import render as concise

        concise(results, out, unread)
    elif output_format == "json":
        from broadcheck.report.json import render as json

        json(results, out, unread)
    elif output_format == "sarif":
        from broadcheck.report.sarif import render as sarif

        sarif(results, out, unread)
    elif output_format == "github":
        from broadcheck.report.github import render as github

        github(results, out, unread)
    else:
        raise ValueError(f"unknown output format '{output_format}'; choose {', '.join(FORMATS)}")
