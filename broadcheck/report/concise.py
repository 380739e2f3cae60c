"""``--output-format concise``: one line per problem, as compilers and editors expect."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from broadcheck.report import shown, summary

if TYPE_CHECKING:
    from broadcheck.diagnostics import Result
    from broadcheck.inputs import InputError


def render(
    results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = (), with_summary: bool = True
) -> None:
    """``path:line:col: error: <message> [<CODE>]`` per problem, then the summary. File names and
    messages are escaped (:func:`broadcheck.report.shown`): each problem is one line, and nothing
    of the input reaches a terminal or a problem matcher as a control sequence."""
    for result in results:
        path = shown(result.path)
        for d in result.diagnostics:
            where = path if d.path == result.path else shown(d.path)
            out.write(f"{where}:{d.line}:{d.column}: {d.severity}: {shown(d.message)} [{d.code}]\n")
    if with_summary:
        out.write(summary(results, unread) + "\n")
