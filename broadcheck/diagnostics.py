"""The one diagnostic type: a stable code, a severity, a message and a location."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from broadcheck.messages import Severity
from broadcheck.ops import Span

if TYPE_CHECKING:
    from broadcheck.fixes import Fix


@dataclass(frozen=True, slots=True)
class Label:
    """A secondary marker under part of the source, e.g. the offending result type."""

    span: Span
    text: str
    mlir_note: bool = False
    """The label is a note MLIR itself attaches there (``prior use here``): under
    ``--verify-diagnostics`` it needs an ``expected-note``, as in mlir-opt."""


@dataclass(frozen=True, slots=True)
class Note:
    """An explanation attached to a diagnostic: a ``note:`` or a ``help:`` line."""

    kind: Literal["note", "help"]
    message: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A located problem, ready for any renderer."""

    code: str
    severity: Severity
    message: str
    path: str
    span: Span
    notes: tuple[Note, ...] = ()
    labels: tuple[Label, ...] = ()
    fix: Fix | None = None
    """A fix for this problem (broadcheck.fixes), where there is one."""

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    @property
    def end_line(self) -> int:
        return self.span.end_line

    @property
    def end_column(self) -> int:
        return self.span.end_column

    def line_numbers(self) -> set[int]:
        """The source lines this diagnostic points at (a renderer shows them)."""
        return {n for span in (self.span, *(label.span for label in self.labels)) for n in (span.line, span.end_line)}

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.span.line, self.span.column, self.code)
