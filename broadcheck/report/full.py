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

from broadcheck.report import UNSAFE, escape_char, shown, summary

if TYPE_CHECKING:
    from rich.text import Text

    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.inputs import InputError
    from broadcheck.ops import Span

_SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow", "note": "bold cyan"}
_GUTTER = "bold blue"


# What a source line may not send to a terminal is shown escaped (broadcheck.report.UNSAFE).
_HIDDEN = UNSAFE
TAB_WIDTH = 4
OFF_TERMINAL_WIDTH = 120
"""The width source lines are fitted to when the output is not a terminal (a pipe, a file, CI
logs) and ``COLUMNS`` does not say another."""
_MIN_WIDTH = 40


def _shown(char: str) -> str:
    """How one source character is shown: escaped if it is not safe for a terminal."""
    if char == "\t":
        return " " * TAB_WIDTH
    if _HIDDEN.match(char):
        return escape_char(char)
    return char


def _cells(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


class _Window:
    """The parts of one source line that are shown, and where each column lands on screen.

    A line that fits is shown whole. A longer one is cut around its marked spans
    (the op and each label), with ``...`` where text is left out, so two marks far
    apart on a 2 MB line are both shown. Every character is shown safely (see
    :func:`_shown`), so a marker's screen column is computed, never assumed.
    """

    def __init__(self, text: str, spans: Sequence[tuple[int, int]], budget: int):
        self.text = text
        n = len(text)
        if n <= budget and text.isascii() and not _HIDDEN.search(text) and "\t" not in text:
            self.segments = [(1, n + 1)]
        else:
            self.segments = self._cut(spans, budget)
        # Screen columns: (source column, screen column) at the start of each segment.
        self._starts: list[tuple[int, int, int]] = []
        shown: list[str] = []
        screen = 0
        for lo, hi in self.segments:
            if lo > 1 or shown:
                shown.append("...")
                screen += 3
            self._starts.append((lo, hi, screen))
            part = "".join(_shown(c) for c in text[lo - 1 : hi - 1])
            shown.append(part)
            screen += _cells(part)
        if self.segments[-1][1] <= n:
            shown.append("...")
        self._line = "".join(shown)

    def _cut(self, spans: Sequence[tuple[int, int]], budget: int) -> list[tuple[int, int]]:
        n = len(self.text)
        # One window, if every mark fits in it: the line is cut at its ends only.
        first = max(1, min((s for s, _ in spans), default=1))
        last = min(n + 1, max((max(e, s + 1) for s, e in spans), default=first + 1))
        room = budget - 6  # for a "..." at each end
        if last - first <= room:
            lo = max(1, min(first - (room - (last - first)) // 2, n + 1 - room))
            hi = min(n + 1, lo + room)
            if _cells("".join(_shown(c) for c in self.text[lo - 1 : hi - 1])) <= room:
                return [(lo, hi)]
        regions: list[tuple[int, int]] = []
        for start, end in sorted((max(1, min(s, n + 1)), max(min(e, n + 1), min(s, n + 1) + 1)) for s, e in spans):
            if regions and start <= regions[-1][1] + 16:
                regions[-1] = (regions[-1][0], max(regions[-1][1], end))
            else:
                regions.append((start, end))
        cap = max(1, budget // max(len(regions), 1))
        context = budget
        while True:
            segments: list[tuple[int, int]] = []
            for start, end in regions:
                lo, hi = max(1, start - context), min(n + 1, min(end, start + cap) + context)
                if segments and lo <= segments[-1][1]:
                    segments[-1] = (segments[-1][0], hi)
                else:
                    segments.append((lo, hi))
            width = sum(_cells("".join(_shown(c) for c in self.text[lo - 1 : hi - 1])) for lo, hi in segments)
            if width + 3 * (len(segments) + 1) <= budget or (context == 0 and cap == 1):
                return segments
            if context > 0:
                context //= 2
            else:
                cap = max(1, cap // 2)

    def line(self) -> str:
        """The shown text."""
        return self._line

    def column(self, source_column: int) -> int:
        """The 1-based screen column of a 1-based source column (a left-out column is
        shown at the ``...`` that stands for it)."""
        for lo, hi, screen in self._starts:
            if source_column < lo:
                return max(screen - 2, 1)
            if source_column <= hi:
                part = "".join(_shown(c) for c in self.text[lo - 1 : source_column - 1])
                return screen + _cells(part) + 1
        lo, hi, screen = self._starts[-1]
        return screen + _cells("".join(_shown(c) for c in self.text[lo - 1 : hi - 1])) + 1


def _markers(line: int, window: _Window, spans: Sequence[tuple[Span, str, str, str]]) -> Text | None:
    """The marker row under source line ``line``: ``^^^`` for the op, ``---`` for a label."""
    from rich.text import Text

    cells: list[tuple[int, int, str, str]] = []
    label_text = ""
    label_style = ""
    for span, char, style, label in spans:
        if span.line > line or span.end_line < line:
            continue
        start = window.column(span.column if span.line == line else 1)
        end = window.column(span.end_column if span.end_line == line else len(window.text) + 1)
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


def _wrapped(text: str, width: int | None, indent: int) -> str:
    """``text`` escaped and wrapped between words to ``width``, continuation lines indented by
    ``indent``; never wrapped when ``width`` is None (off a terminal)."""
    import textwrap

    safe = shown(text)
    if width is None or len(safe) + indent <= width:
        return safe
    lines = textwrap.wrap(safe, width=max(width - indent, 20), break_long_words=False, break_on_hyphens=False)
    return ("\n" + " " * indent).join(lines)


def render_diagnostic(
    d: Diagnostic, source_lines: Mapping[int, str], width: int = OFF_TERMINAL_WIDTH, wrap: bool = True
) -> Text:
    """One diagnostic: header, location, source lines with markers, notes; source lines fitted
    to ``width``, and messages wrapped to it too if ``wrap`` (on a terminal)."""
    from rich.text import Text

    width = max(width, _MIN_WIDTH)
    wrap_at = width if wrap else None
    out = Text()
    style = _SEVERITY_STYLE.get(d.severity, "bold")
    head = f"{d.severity}[{d.code}]"
    out.append(head, style=style)
    out.append(": ")
    out.append(_wrapped(d.message, wrap_at, len(head) + 2), style="bold")
    out.append("\n")
    spans: list[tuple[Span, str, str, str]] = [(d.span, "^", style, "")]
    spans += [(label.span, "-", "bold blue", label.text) for label in d.labels]
    lines = sorted({n for span, *_ in spans for n in (span.line, span.end_line)})
    number_width = len(str(lines[-1]))
    pad = " " * number_width
    out.append(f"{pad}--> ", style=_GUTTER)
    out.append(_wrapped(f"{d.path}:{d.line}:{d.column}", None, 0) + "\n")
    budget = width - number_width - 3
    if source_lines.get(d.line) is not None:
        out.append(f"{pad} |\n", style=_GUTTER)
        previous = None
        for number in lines:
            if previous is not None and number > previous + 1:
                out.append(f"{pad}...\n", style=_GUTTER)
            previous = number
            on_line = [
                (span.column if span.line == number else 1, span.end_column if span.end_line == number else 1 << 62)
                for span, *_ in spans
                if span.line <= number <= span.end_line
            ]
            window = _Window(source_lines.get(number, ""), on_line, budget)
            out.append(f"{number:>{number_width}} | ", style=_GUTTER)
            out.append(window.line() + "\n")
            row = _markers(number, window, spans)
            if row is not None:
                out.append(f"{pad} | ", style=_GUTTER)
                out.append_text(row)
                out.append("\n")
        out.append(f"{pad} |\n", style=_GUTTER)
    notes: list[tuple[str, str]] = [(n.kind, n.message) for n in d.notes]
    if d.fix is not None:
        how = "--fix" if d.fix.safe else "--fix --unsafe-fixes"
        notes.append(("fix" if d.fix.safe else "fix (unsafe)", f"{d.fix.message} [{how}]"))
    for kind, message in notes:
        prefix = f"{pad} = {kind}: "
        out.append(f"{pad} = ", style=_GUTTER)
        out.append(f"{kind}:", style="bold")
        out.append(f" {_wrapped(message, wrap_at, len(prefix))}\n")
    return out


def _columns() -> int:
    """``COLUMNS`` if it holds a positive number, else :data:`OFF_TERMINAL_WIDTH`."""
    import os

    value = os.environ.get("COLUMNS", "")
    return int(value) if value.isdigit() and 0 < int(value) < 100_000 else OFF_TERMINAL_WIDTH


def render(
    results: Sequence[Result],
    out: TextIO,
    unread: Sequence[InputError] = (),
    with_summary: bool = True,
    color: bool | None = None,
) -> None:
    """Every diagnostic in full, a blank line between them, then the summary. ``color``
    true or false forces colour on or off (``--color``); None leaves it to Rich (a terminal,
    ``NO_COLOR``, ``FORCE_COLOR``)."""
    if not any(r.diagnostics for r in results):
        # Nothing to draw: no need to load Rich (start-up time matters to a hook).
        if with_summary:
            out.write(summary(results, unread) + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(
        file=out,
        soft_wrap=True,
        highlight=False,
        emoji=False,
        markup=False,
        force_terminal=True if color else None,
        color_system=None if color is False else "standard" if color else "auto",
    )
    # On a terminal, its width (Rich honours COLUMNS), and messages wrap to it. Off a terminal
    # (FORCE_COLOR colours a pipe, but a pipe has no width) messages are never wrapped, so that
    # each stays on one line for grep; source lines are cut to COLUMNS if set, else 120.
    on_terminal = hasattr(out, "isatty") and out.isatty()
    width = console.size.width if on_terminal else _columns()
    for result in results:
        for d in result.diagnostics:
            console.print(render_diagnostic(d, result.lines, width, wrap=on_terminal))
    if with_summary:
        console.print(Text(summary(results, unread), style="bold"))
