"""Stage *read a statement*: the types and attribute values of a statement the reader cannot
take, walked as MLIR's type and attribute parsers read them (:class:`ValueWalk`, the cursor of
:mod:`.generic_form`'s walks).

A type is held to MLIR's type parser (:func:`~.types.type_problem`); an attribute's value is read
as ``Parser::parseAttribute`` reads its first tokens: a bare word that is no attribute's or type's
keyword is "expected attribute value", an elements literal (``dense<...>``) wants its ``: T``
("expected ':'"), and what follows a value (a closer none of its brackets opened) is its caller's
to say. What it does not follow (a bracket that does not close, a body of another bracket's) is
:class:`~.head.Unsure`.
"""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.syntax.brackets import STRING, scan
from broadcheck.syntax.head import Unsure, Walk
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.parts import REGION, SyntaxProblem
from broadcheck.syntax.problem import NO_VALUE, TYPE_KEYWORDS, attribute_word

_TYPE_WORD = lazy(r"!?[A-Za-z_][\w$.]*")
"""A type's first token: a builtin type's keyword, a dialect's type's or an alias's name."""
_ATOM = lazy(
    r'(?P<word>[#!]?[A-Za-z_][\w$.\-]*)|(?P<symbol>@(?:[A-Za-z_$.\-][\w$.\-]*|"(?:[^"\\\n]|\\.)*")'
    r'(?:::@(?:[A-Za-z_$.\-][\w$.\-]*|"(?:[^"\\\n]|\\.)*"))*)'
    r"|(?P<number>-?(?:0x[0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?))(?![\w.])"
)
"""An attribute value's first token: a word (a keyword, ``#name``, ``!name``), a symbol, a number."""
ELEMENTS = frozenset({"dense", "dense_resource", "sparse"})
"""The literals whose type follows them, required (``dense<1.0> : tensor<f32>``)."""
_OPENS = frozenset("[{(")


class ValueWalk(Walk):
    """:class:`~.head.Walk` with the parts of a statement MLIR's type and attribute parsers read."""

    def wrong(self, message: str) -> Exception:
        """:meth:`~.head.Walk.after`, but not known where the text before is an elided body (the
        scanner closed it at a ``}`` of its own)."""
        return Unsure() if self.text[: self.pos].rstrip().endswith(REGION) else self.after(message)

    def expect(self, token: str, message: str) -> None:
        self.skip()
        if not self.at(token):
            raise self.wrong(message)
        self.pos += len(token)

    def listed(self, item: Callable[[], None], close: str, message: str) -> None:
        """Items at the cursor (each ``item``), ``,`` between, up to ``close``: ``message`` where
        neither follows one."""
        while True:
            self.skip()
            item()
            self.skip()
            if not self.at(","):
                self.expect(close, message)
                return
            self.pos += 1

    # ---------------------------------------------------------------- attribute values

    def attribute_value(self) -> None:
        """An attribute's value at the cursor (past blanks), and its ``: T`` if written: its first
        token (a word with the bracket group after it, a string, a number, a symbol, a bracket
        group), the words ``parseAttribute`` knows only; an elements literal's type required."""
        text = self.text
        if self.pos < len(text) and text[self.pos] in _OPENS:
            self.pos = self._group(self.pos)
        elif (string := STRING.match(text, self.pos)) is not None:
            self.pos = string.end()
        else:
            atom = _ATOM.match(text, self.pos)
            if atom is None:
                raise Unsure  # (`<`, a string that does not end: the lexer's or another reader's)
            word = atom.group("word")
            if word is not None and word[0] not in "#!" and not attribute_word(word):
                raise self.wrong(NO_VALUE)
            self.pos = atom.end()
            if word is not None:
                if word == "distinct":
                    raise Unsure  # (`distinct[0]<...>`: not followed)
                self.skip()
                if self.at("<") or (self.at("(") and word == "loc"):
                    if self.at("<<") and word in ELEMENTS:  # (`dense<<1.0>`: no element starts so)
                        raise self.here_at(self.pos + 1, "expected element literal of primitive type")
                    self.pos = self._group(self.pos, word == "affine_set")
                    if word in TYPE_KEYWORDS or word[0] == "!":
                        return  # (a type: its `<...>` read, not judged here)
                self.skip()
                if word in ELEMENTS and not (self.at(":") and not self.at("::@")):
                    raise self.wrong("expected ':'")
        self.skip()
        if self.at(":") and not self.at("::@"):
            self.pos += 1
            self.skip()
            self.any_type()

    def here_at(self, at: int, message: str) -> SyntaxProblem:
        """``emitError`` at offset ``at``."""
        return SyntaxProblem(message, at, at + 1)

    def _group(self, at: int, comparisons: bool = False) -> int:
        """Where the bracket group that opens at ``at`` ends (after its closer); not followed
        (:class:`~.head.Unsure`) if it does not close there."""
        close, mark = scan(self.text, at + 1, len(self.text), None, comparisons)
        if mark != {"[": "]", "{": "}", "(": ")", "<": ">"}[self.text[at]]:
            raise Unsure
        return close + 1

    # ---------------------------------------------------------------- types

    def types(self) -> None:
        """Types at the cursor, ``,`` or ``->`` between, each a function type or not, as far as
        they go."""
        while True:
            self.skip()
            self.any_type()
            self.skip()
            if self.at(",") or self.at("->"):
                self.pos += 1 if self.at(",") else 2
                continue
            return

    def any_type(self) -> None:
        """A type at the cursor, a function type (its ``(``) or not."""
        if self.at("("):
            self.function_type()
        else:
            self.type()

    def function_type(self) -> None:
        """``(T, ...) -> T`` or ``-> (T, ...)`` at the cursor (its ``(``)."""
        self.type_list()
        self.expect("->", "expected '->' in function type")
        self.skip()
        if self.at("("):
            self.type_list()
        else:
            self.type()

    def type_list(self) -> None:
        """``(T, ...)`` at the cursor (its ``(``): each a type, a function type too."""
        self.pos += 1
        self.skip()
        if self.at(")"):
            self.pos += 1
            return
        self.listed(self.any_type, ")", "expected ')'")

    def type(self) -> None:
        """A type at the cursor that is no function type, as MLIR's type parser takes it: a word
        (``i32``, ``!alias``) and, for a builtin type's keyword that takes one (``tensor``) or a
        dialect's type, the ``<...>`` right after it, held to that parser
        (:func:`~.types.type_problem`; a dialect's type only for its brackets). A bracket that
        does not close there: what that parser says of the text up to it, if anything."""
        from broadcheck.syntax.types import WRONG_TOKEN, type_problem

        text, start = self.text, self.pos
        word = _TYPE_WORD.match(text, start)
        if word is None:
            raise self.wrong(WRONG_TOKEN)
        end = word.end()
        if text.startswith("<", end) and (text[start] == "!" or word.group() in TYPE_KEYWORDS):
            close, mark = scan(text, end + 1, len(text))
            if mark != ">":
                found = None if text[start] == "!" else type_problem(text[start:close])
                if found is None or start + found[1] > close:
                    raise Unsure
                raise SyntaxProblem(found[0], start + found[1], start + found[1] + 1)
            end = close + 1
        found = type_problem(text[start:end])  # (a dialect's type: its mnemonic only)
        if found is not None:
            message, at = found[0], start + found[1]
            raise self.wrong(message) if at == start and message == WRONG_TOKEN else SyntaxProblem(message, at, at + 1)
        self.pos = end


__all__ = ["ELEMENTS", "ValueWalk"]
