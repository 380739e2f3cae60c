"""``--output-format github``: GitHub Actions workflow commands, which become
annotations on the pull request. Chosen automatically when ``GITHUB_ACTIONS=true``
and no format was asked for (as yamllint and ruff do).

``::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=TITLE::MESSAGE``,
with ``%``, CR and LF escaped in the message, and also ``:`` and ``,`` in the
property values, as the Actions runner requires. Before that, every control character
of a file name or a message is shown escaped (``\\x1b``, ``\\x0a``): a name holding a
line feed and ``::error ...`` stays inside its own command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from broadcheck.report import shown

if TYPE_CHECKING:
    from broadcheck.diagnostics import Result
    from broadcheck.inputs import InputError

_COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    """Escape a workflow command's message: the runner's own escapes (``%``, CR, LF), then
    every other character that may not reach a log shown escaped (:func:`broadcheck.report.shown`:
    no ESC or NUL from a name or a token)."""
    return shown(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    """Escape a workflow command's property value."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _what(bad: InputError) -> str:
    """What failed on a path, which the command's ``file`` already names."""
    if bad.action == "check":
        return f"internal error while checking it: {bad.reason}"
    return f"cannot {bad.action}: {bad.reason}"


def render(results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """One workflow command per diagnostic (notes follow the message on new lines), and
    one ``::error`` per path that could not be read."""
    for bad in unread:
        out.write(f"::error file={escape_property(bad.path)},title=broadcheck::{escape_data(_what(bad))}\n")
    for result in results:
        for d in result.diagnostics:
            props = ",".join(
                f"{key}={escape_property(str(value))}"
                for key, value in (
                    ("file", d.path),
                    ("line", d.line),
                    ("col", d.column),
                    ("endLine", d.end_line),
                    ("endColumn", d.end_column),
                    ("title", f"broadcheck {d.code}"),
                )
            )
            message = "\n".join([d.message, *(f"{n.kind}: {n.message}" for n in d.notes)])
            out.write(f"::{_COMMAND.get(d.severity, 'error')} {props}::{escape_data(message)}\n")
