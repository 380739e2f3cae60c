"""``--output-format concise``: one line per problem, as compilers and editors expect."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from broadcheck.report import summary

if TYPE_CHECKING:
    from broadcheck.diagnostics import Result
    from broadcheck.inputs import InputError


def render(results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """``path:line:col: error: <message> [<CODE>]`` per problem, then the summary."""
    for result in results:
        for d in result.diagnostics:
            message = d.message.replace("\n", " ")
            out.write(f"{d.path}:{d.line}:{d.column}: {d.severity}: {message} [{d.code}]\n")
    out.write(summary(results, len(unread)) + "\n")
