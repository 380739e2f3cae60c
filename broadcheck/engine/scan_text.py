"""The scanner's pieces of text: a :class:`Piece` of a line, a statement's :class:`Text` (pieces
joined, each offset mapped back to its line and column), and the :class:`Sink` the scanner
sends what it reads to.

Takes nothing but lines; gives the types every later stage locates a statement with.
"""

from __future__ import annotations

from bisect import bisect_right

from broadcheck.engine.forms import Form
from broadcheck.syntax.named import NamedTuple, Protocol


class Piece(NamedTuple):
    """Part of a line: ``source[start:end]`` (``end`` -1: to its end), from column ``column``
    (1-based) of line ``line``. The rest of a line is the line and an offset, not a copy: a
    line of regions nested 10k deep is cut 20k times."""

    line: int
    column: int
    source: str
    start: int = 0
    end: int = -1

    @property
    def stop(self) -> int:
        """Where the piece ends in ``source``."""
        return len(self.source) if self.end < 0 else self.end

    @property
    def text(self) -> str:
        """The piece's text (a copy, unless it is the whole of ``source``)."""
        if self.start == 0 and self.end < 0:
            return self.source
        return self.source[self.start : self.stop]

    def after(self, offset: int) -> Piece:
        """What follows ``offset`` (in ``source``) in the piece."""
        return Piece(self.line, self.column + offset - self.start, self.source, offset, self.end)


class Text:
    """A statement's text, as pieces of lines joined, with regions elided; it maps an
    offset in the text back to its line and column. Its pieces are joined when the text is
    asked for, so a statement of 100k lines is built in linear time."""

    __slots__ = ("_chunks", "_joined", "length", "parts", "starts")

    def __init__(self) -> None:
        self.parts: list[Piece] = []
        self.starts: list[int] = []
        self._chunks: list[str] = []
        self._joined = ""
        self.length = 0
        """``len(self.text)``, without joining."""

    @property
    def text(self) -> str:
        if self._chunks:
            self._joined += "".join(self._chunks)
            self._chunks.clear()
        return self._joined

    @text.setter
    def text(self, value: str) -> None:
        self._chunks.clear()
        self._joined = value
        self.length = len(value)

    def add(self, piece: Piece, separator: str = "\n") -> None:
        if self.parts:
            self._chunks.append(separator)
            self.length += len(separator)
        self.starts.append(self.length)
        self.parts.append(piece)
        text = piece.text
        self._chunks.append(text)
        self.length += len(text)

    def cut(self, length: int) -> None:
        """Keep the first ``length`` characters (and the pieces they come from)."""
        self.text = self.text[:length]
        while len(self.parts) > 1 and self.starts[-1] >= length:
            self.parts.pop()
            self.starts.pop()
        if self.parts:
            last, start = self.parts[-1], self.starts[-1]
            if start + len(last.text) > length:
                self.parts[-1] = Piece(last.line, last.column, last.text[: length - start])

    def where(self, offset: int) -> tuple[int, int]:
        """The (line, column) of ``offset`` (a binary search: a statement may hold 100k lines)."""
        i = max(bisect_right(self.starts, offset) - 1, 0)
        piece = self.parts[i]
        return piece.line, piece.column + offset - self.starts[i]

    def lines_at(self, spans: list[tuple[int, int]]) -> list[int]:
        """The line of each span's start (:meth:`where`'s line, for many: a function's head names
        tens of thousands of arguments, most often on its one line)."""
        if len(self.parts) == 1:
            return [self.parts[0].line] * len(spans)
        return [self.where(a)[0] for a, _ in spans]

    @property
    def line(self) -> int:
        return self.parts[0].line


class Sink(Protocol):
    """Where the scanner sends what it reads (the engine implements it). A protocol, not a base
    class: an interpreted class may not inherit from a class compiled by mypyc. A sink may also
    take whole one-line statements in a row, ``statements([(form, names, line), ...])``, each as
    :meth:`statement` takes ``(form, names, [line], None, "")`` (the engine's ``FileRun`` does:
    what a row cannot change is read once); the scanner sends them one by one to a sink without it."""

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, line_text: str, regions: int = 0
    ) -> None:
        """A whole statement; ``regions``: how many regions it had (they closed before it)."""
        raise NotImplementedError

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        """A region opens (``head``: its op's text so far); returns whether it is isolated."""
        raise NotImplementedError

    def closed(self, line: int) -> None:
        """The innermost region closes at ``line`` (-1: the text ended first)."""
        raise NotImplementedError

    def label(self, text: Text) -> None:
        raise NotImplementedError

    def alias(self, text: Text) -> None:
        raise NotImplementedError

    def unbalanced(self, line: int, column: int, what: str, statement: Text | None = None) -> None:
        raise NotImplementedError


__all__ = ["Piece", "Sink", "Text"]
