"""Block labels as the scanner meets them: ``^bb1(%a: T):`` on its line, or with its argument
list going on over lines; what follows the label's ``:`` goes back to the scanner.

The arguments of a whole label are read for the region that opens with it by
:func:`label_arguments`.

Takes pieces that start with ``^`` (and the lines after one whose list is still open); gives the
:class:`~.scan_text.Sink` each whole label (or where one was left unbalanced). Its state: the
label still open, and how many of its brackets are.
"""

from __future__ import annotations

from broadcheck.engine.scan_brace import NEW_STATEMENT
from broadcheck.engine.scan_text import Piece, Sink, Text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import bracket_tokens, comment_start, depth
from broadcheck.syntax.lines import blank


class Labels:
    """The block labels of one scanner."""

    __slots__ = ("open", "sink", "text")

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.text: Text | None = None
        """A block label whose argument list goes on over lines (``^bb0(%a: T,`` then ``%b: U):``)."""
        self.open = 0
        """How many brackets of that label are still open (each line is read once)."""

    def end(self) -> None:
        """The end of the module: a label still open is unbalanced."""
        if self.text is not None:
            first = self.text.parts[0]
            self.text = None
            self.sink.unbalanced(first.line, first.column, "label")

    def start(self, piece: Piece) -> Piece | None:
        """``^bb1(%a: T):`` and perhaps an op after it on the line."""
        text = piece.text
        end, _ = label_end(text)
        if end < 0:
            open_ = depth(text).stack
            if open_.startswith("(") or _WAITING.match(text) is not None:
                # the argument list goes on over lines (perhaps inside a type), or the list or the `:`
                # is on the next line (`^bb0` then `(%a: T):`, `^bb0(%a: T)` then `:`)
                self.text = Text()
                self.text.add(_code(piece))
                self.open = len(open_)
                return None
            self.sink.unbalanced(piece.line, piece.column, "label")
            return None
        label = Text()
        label.add(Piece(piece.line, piece.column, text[:end]))
        self.sink.label(label)
        rest = text[end + 1 :]
        return Piece(piece.line, piece.column + end + 1, rest) if rest.strip() else None

    def goes_on(self, label: Text, piece: Piece) -> Piece | None:
        """The next line of a block label's argument list; what follows the label's ``:``.
        Each line is read once (a label never closed costs a pass, not a pass per line)."""
        if blank(piece.text):
            return None
        if NEW_STATEMENT.match(piece.text) or piece.text.lstrip().startswith("}"):
            self._broken(label)  # an op or a `}` where the list should go on
            return piece
        end, self.open = label_end(piece.text, self.open)
        if end < 0:
            code = _code(piece)
            label.add(code)
            if self.open <= 0 and not (self.open == 0 and code.text.rstrip().endswith(")")):
                self._broken(label)  # the list closed without the label's `:` (which may be on the next line)
            return None
        self.text = None
        start = label.length + 1
        label.add(piece)
        label.cut(start + end)
        self.sink.label(label)
        rest = piece.text[end + 1 :]
        return Piece(piece.line, piece.column + end + 1, rest) if rest.strip() else None

    def _broken(self, label: Text) -> None:
        self.text = None
        first = label.parts[0]
        self.sink.unbalanced(first.line, first.column, "label")


def _code(piece: Piece) -> Piece:
    """``piece`` without its ``//`` comment: a label goes on over it, and a comment inside an
    argument's type (``tensor<4xf32,  // ...`` then ``>):``) is not the type's text."""
    text = piece.text
    at = comment_start(text) if "//" in text else -1
    return piece if at < 0 else Piece(piece.line, piece.column, text[:at])


def label_end(text: str, level: int = 0) -> tuple[int, int]:
    """The offset of the ``:`` that ends a block label, or -1, and how many brackets are
    open at the end of ``text`` (``level`` of them were open before it). Only the brackets
    (with the strings, comments, ``->`` and ``>=`` that hide them) are matched: a ``:``
    outside them is a token of its own, looked for between them where none is open."""
    at = 0  # where the text since the last bracket token starts
    for m in bracket_tokens(text):
        start = m.start(1)
        if level == 0:
            colon = text.find(":", at, start)
            if colon >= 0:
                return colon, level
        token = m.group(1)
        first = token[0]
        if first in "([{<":
            level += 1
        elif first in ")]}" or token == ">":
            level -= 1
        at = m.end(1)
    if level == 0:
        colon = text.find(":", at)
        if colon >= 0:
            return colon, level
    return -1, level


_WAITING = lazy(r"[ \t]*+\^[\w$.\-]++[ \t]*+(?:\([^\n]*\)[ \t]*+)?(?://[^\n]*+)?$")
"""A label whose `:` is not on its line (nor its argument list, or that list closed): the next line may
bring them, to MLIR's lexer a line break is a blank."""

_ARGUMENT = lazy(r"(%[\w$.\-]+)\s*:\s*")
"""A block argument: its name, then its type."""

LabelArgument = tuple[int, int, str, str | None]
"""A block label's argument: where its name starts and ends in the label, its name, its
type's key (``None`` where it cannot be read)."""


def label_arguments(body: str, open_at: int) -> list[LabelArgument]:
    """A block label's arguments (``%a: T``). The label is read into tokens once (a label of
    a thousand arguments is common in exported ``while`` loops)."""
    from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
    from broadcheck.syntax.statement import _Reader

    try:
        r = _Reader(body)
    except ReaderProblem:
        return [(m.start(1), m.end(1), m.group(1), None) for m in _ARGUMENT.finditer(body, open_at + 1)]
    index = {tok.start: i for i, tok in enumerate(r.toks)}
    found: list[LabelArgument] = []
    for m in _ARGUMENT.finditer(body, open_at + 1):
        at = index.get(m.end())
        key: str | None = None
        if at is not None:
            r.pos = at
            try:
                key = r.type().key
            except ReaderProblem:
                key = None
        found.append((m.start(1), m.end(1), m.group(1), key))
    return found
