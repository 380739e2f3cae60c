"""Draw ``broadcheck explain`` pictures and ``infer --semantics all`` tables with Rich.

The picture follows the Array API document's examples: the operands'
dimensions in columns, right-aligned (or placed by ``--dims``), then the
result row. ``(1)`` marks a dimension added by padding, ``*`` a size-1
dimension stretched to the result's size, ``^`` the column that fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from broadcheck.shell import Cell, Picture, Verdict

_PADDED, _STRETCHED, _FAILED = "dim", "bold yellow", "bold red"


def _cell(cell: Cell) -> tuple[str, str]:
    text = "?" if cell.size is None else str(cell.size)
    if cell.padded:
        text = f"({text})"
    if cell.stretched:
        text += "*"
    style = _STRETCHED if cell.stretched else _PADDED if cell.padded else ""
    return text, style


def picture(p: Picture, ascii_only: bool = False) -> Text:
    """The picture as styled text; ``ascii_only`` for an output that cannot encode ``─`` and ``✗``."""
    rule, cross = ("-", "x") if ascii_only else ("─", "✗")
    columns = len(p.rows[0]) if p.rows else 0
    cells = [[_cell(c) for c in row] for row in p.rows]
    result = ["?" if d is None else str(d) for d in p.result] if p.result is not None else []
    width = max([len(t) for row in cells for t, _ in row] + [len(r) for r in result] + [1]) + 2
    label_width = max([len(label) for label in p.labels] + [len("result")]) + 2
    out = Text()
    out.append(f"{p.semantics} broadcasting\n\n", style="bold")
    for label, row in zip(p.labels, cells, strict=True):
        out.append(label.ljust(label_width))
        for column, (text, style) in enumerate(row):
            out.append(text.rjust(width), style=_FAILED if column == p.failure_column else style)
        out.append("\n")
    out.append(" " * label_width + rule * (width * max(columns, 1)) + "\n")
    out.append("result".ljust(label_width), style="bold")
    if p.result is not None:
        out.append("".join(r.rjust(width) for r in result) or "scalar".rjust(width), style="bold")
        out.append("\n")
    else:
        out.append(cross.rjust(width * ((p.failure_column or 0) + 1)) + "\n", style=_FAILED)
        if p.failure_column is not None:
            out.append(" " * (label_width + width * (p.failure_column + 1) - 1) + "^", style=_FAILED)
            out.append(f" dimension {p.failure_column} does not broadcast\n", style=_FAILED)
        out.append(f"error: {p.reason}\n", style=_FAILED)
    legend = []
    if any(c.padded for row in p.rows for c in row):
        legend.append("(1) a dimension the operand does not have (padding)")
    if any(c.stretched for row in p.rows for c in row):
        legend.append("1* a size-1 dimension repeated to the result's size")
    if legend:
        out.append("\n" + "\n".join(legend) + "\n", style="dim")
    return out


def _matrix(values: Any) -> list[str]:
    """A 0-, 1- or 2-d nested list as the XLA document draws it: ``|1 2 3|`` rows."""
    if not isinstance(values, list):
        return [str(values)]
    rows = values if values and isinstance(values[0], list) else [values]
    texts = [[str(v) for v in row] for row in rows]
    width = max((len(t) for row in texts for t in row), default=1)
    return ["|" + " ".join(t.rjust(width) for t in row) + "|" for row in texts]


def value_blocks(label: str, values: Any, prefix: tuple[int, ...] = ()) -> list[str]:
    """Lines showing ``values``; arrays of 3 or more dims as 2-d slices ``[i, :, :]``."""
    depth, probe = 0, values
    while isinstance(probe, list) and probe:
        depth, probe = depth + 1, probe[0]
    if depth <= 2:
        head = f"{label}[{', '.join(map(str, prefix))}, :, :] =" if prefix else f"{label} ="
        return [head, *("  " + line for line in _matrix(values))]
    return [line for i, sub in enumerate(values) for line in value_blocks(label, sub, (*prefix, i))]


def render_picture(p: Picture, out: TextIO, values: Sequence[tuple[str, Any]] = ()) -> None:
    """Print the picture, then (with ``--values``) each operand's broadcast values."""
    console = Console(file=out, soft_wrap=True, highlight=False, emoji=False, markup=False)
    console.print(picture(p, ascii_only=not _encodes(out, "─✗")), end="")
    for label, broadcast in values:
        console.print(Text("\n" + "\n".join(value_blocks(label, broadcast))))


def _encodes(out: TextIO, text: str) -> bool:
    """Whether ``out`` can write ``text`` (a terminal or pipe may be ASCII-only)."""
    try:
        text.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


_UNBOUNDED = 1 << 20
"""A console width no table reaches: a table is as wide as its cells, never padded to it."""


def render_verdicts(verdicts: Sequence[Verdict], out: TextIO) -> None:
    """``infer --semantics all``: one row per semantics. On a terminal the table fits its width;
    elsewhere (a pipe, a file) it takes the width its cells need, whatever ``COLUMNS`` says,
    so that no message wraps."""
    on_terminal = hasattr(out, "isatty") and out.isatty()
    width = None if on_terminal else _UNBOUNDED
    console = Console(file=out, soft_wrap=True, highlight=False, emoji=False, markup=False, width=width)
    table = Table("semantics", "verdict", "shape or message")
    for v in verdicts:
        ok = v.result is None and not v.reason
        table.add_row(
            v.semantics,
            Text("ok", style="bold green") if ok else Text("error", style="bold red"),
            v.text if ok else v.reason,
        )
    console.print(table)
