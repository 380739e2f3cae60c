"""``--output-format full``: compiler-quality diagnostics rendered with Rich.

::

    error[BC102]: 'test.broadcastable' op result type '4x3x3' not broadcast compatible ...
      --> traits.mlir:12:8
       |
    12 |   %0 = "test.broadcastable"(%a, %b) : (tensor<4x3x2xi32>, tensor<3x1xi32>) -> tensor<4x3x3xi32>
       |        ^^^^^^^^^^^^^^^^^^^^                                                   ----------------- result #0
       |
       = note: the operands broadcast to '4x3x2'
       = help: the result type should be tensor<4x3x2xi32>

Rich draws no carets, so the gutter and markers are built from ``rich.text.Text``.
Colour follows Rich: none when the output is not a terminal, ``NO_COLOR`` and
``FORCE_COLOR`` honoured. Source text is never interpreted as markup.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.text import Text

from broadcheck.checker import Result
from broadcheck.diagnostics import Diagnostic
from broadcheck.inputs import InputError
from broadcheck.ops import Span
from broadcheck.report import summary

_SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan"}
_GUTTER = "bold blue"


def _markers(line: int, text: str, spans: Sequence[tuple[Span, str, str, str]]) -> Text | None:
    """The marker row under source line ``line``: ``^^^`` for the op, ``---`` for a label."""
    from rich.text import Text

    cells: list[tuple[int, int, str, str]] = []
    label_text = ""
    label_style = ""
    for span, char, style, label in spans:
        if span.line > line or span.end_line < line:
            continue
        start = span.column if span.line == line else 1
        end = span.end_column if span.end_line == line else len(text) + 1
        cells.append((start, max(end, start + 1), char, style))
        if label:
            label_text, label_style = label, style
    if not cells:
        return None
    row = Text()
    cursor = 1
    for start, end, char, style in sorted(cells):
        if start < cursor:
            continue
        row.append(" " * (start - cursor))
        row.append(char * (end - start), style=style)
        cursor = end
    if label_text:
        row.append(" " + label_text, style=label_style)
    return row


def render_diagnostic(d: Diagnostic, source_lines: Mapping[int, str]) -> Text:
    """One diagnostic: header, location, source lines with markers, notes."""
    from rich.text import Text

    out = Text()
    style = _SEVERITY_STYLE.get(d.severity, "bold")
    out.append(f"{d.severity}[{d.code}]", style=style)
    out.append(": ")
    out.append(d.message, style="bold")
    out.append("\n")
    spans: list[tuple[Span, str, str, str]] = [(d.span, "^", style, "")]
    spans += [(label.span, "-", "bold blue", label.text) for label in d.labels]
    lines = sorted({n for span, *_ in spans for n in (span.line, span.end_line)})
    width = len(str(lines[-1]))
    pad = " " * width
    out.append(f"{pad}--> ", style=_GUTTER)
    out.append(f"{d.path}:{d.line}:{d.column}\n")
    if source_lines.get(d.line):
        out.append(f"{pad} |\n", style=_GUTTER)
        previous = None
        for number in lines:
            if previous is not None and number > previous + 1:
                out.append(f"{pad}...\n", style=_GUTTER)
            previous = number
            text = source_lines.get(number, "").replace("\t", " ")
            out.append(f"{number:>{width}} | ", style=_GUTTER)
            out.append(text + "\n")
            row = _markers(number, text, spans)
            if row is not None:
                out.append(f"{pad} | ", style=_GUTTER)
                out.append_text(row)
                out.append("\n")
        out.append(f"{pad} |\n", style=_GUTTER)
    for n in d.notes:
        out.append(f"{pad} = ", style=_GUTTER)
        out.append(f"{n.kind}:", style="bold")
        out.append(f" {n.message}\n")
    return out


def render(
    results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = (), with_summary: bool = True
) -> None:
    """Every diagnostic in full, a blank line between them, then the summary."""
    if not any(r.diagnostics for r in results):
        # Nothing to draw: no need to load Rich (start-up time matters to a hook).
        if with_summary:
            out.write(summary(results, len(unread)) + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=out, soft_wrap=True, highlight=False, emoji=False, markup=False)
    for result in results:
        for d in result.diagnostics:
            console.print(render_diagnostic(d, result.lines))
    if with_summary:
        console.print(Text(summary(results, len(unread)), style="bold"))
