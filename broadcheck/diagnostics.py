"""The one diagnostic type: a stable code, a severity, a message and a location."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from broadcheck.ops import Frozen, Span

if TYPE_CHECKING:
    from broadcheck.fixes import Fix
    from broadcheck.messages import Severity


class Label(Frozen):
    """A secondary marker under part of the source, e.g. the offending result type."""

    __slots__ = __match_args__ = ("span", "text", "mlir_note")
    span: Span
    text: str
    mlir_note: bool
    """The label is a note MLIR itself attaches there (``prior use here``): under
    ``--verify-diagnostics`` it needs an ``expected-note``, as in mlir-opt."""

    def __init__(self, span: Span, text: str, mlir_note: bool = False) -> None:
        put = object.__setattr__
        put(self, "span", span)
        put(self, "text", text)
        put(self, "mlir_note", mlir_note)


class Note(Frozen):
    """An explanation attached to a diagnostic: a ``note:`` or a ``help:`` line."""

    __slots__ = __match_args__ = ("kind", "message")
    kind: Literal["note", "help"]
    message: str

    def __init__(self, kind: Literal["note", "help"], message: str) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "message", message)


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Diagnostic(Frozen):
    """A located problem, ready for any renderer."""

    __slots__ = __match_args__ = ("code", "severity", "message", "path", "span", "notes", "labels", "fix")
    code: str
    severity: Severity
    message: str
    path: str
    span: Span
    notes: tuple[Note, ...]
    labels: tuple[Label, ...]
    fix: Fix | None
    """A fix for this problem (broadcheck.fixes), where there is one."""

    def __init__(
        self,
        code: str,
        severity: Severity,
        message: str,
        path: str,
        span: Span,
        notes: tuple[Note, ...] = (),
        labels: tuple[Label, ...] = (),
        fix: Fix | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "code", code)
        put(self, "severity", severity)
        put(self, "message", message)
        put(self, "path", path)
        put(self, "span", span)
        put(self, "notes", notes)
        put(self, "labels", labels)
        put(self, "fix", fix)

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
