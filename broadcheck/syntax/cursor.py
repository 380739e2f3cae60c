"""Stage *read a statement*, the token reader: a statement's tokens and a cursor over them.

:func:`tokens` cuts a statement's text into :class:`~.parts.Token` (the lexer's
:data:`~broadcheck.syntax.lexer.TOKEN`, less spaces, newlines and comments); a
:class:`Reader` walks them, matching brackets with an explicit stack (nesting depth costs
memory, not Python's stack), and reads what both printed forms share: types and the
signature after a ``:``, attribute dictionaries, value lists, a successor with its
operands, typed uses (``%a, %b : T, U``) and a trailing ``loc(...)``. The generic form is
read in :mod:`.statement`, the custom form's items in :mod:`.custom`; what the reader cannot
take is a :class:`~.parts.SyntaxProblem` at the offending token.
"""

from __future__ import annotations

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import TOKEN
from broadcheck.syntax.parts import Attribute, Signature, Successor, SyntaxProblem, Token, TypeText, Use, type_text
from broadcheck.syntax.problem import TYPE_KEYWORDS

_SKIP = frozenset({"space", "newline", "comment"})
_new_tuple = tuple.__new__
_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_KEYWORDS = frozenset(TYPE_KEYWORDS)
_USE = lazy(r"(%[A-Za-z0-9_$.\-]+)(?:#([0-9]+))?")


def tokens(text: str) -> list[Token]:
    """The tokens of ``text`` but spaces, newlines and comments."""
    out: list[Token] = []
    append = out.append
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind is not None and kind not in _SKIP:
            start, end = m.span()
            # tuple.__new__, as Token._make does, skips the class's Python-level __new__: 11%
            # of this loop (25 tokens a line on bench/gen2.py's file)
            append(_new_tuple(Token, (kind, text[start:end], start, end)))
    return out


class Reader:
    """A cursor over a statement's tokens."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokens(text)
        self.pos = 0
        self.matching = _match_brackets(self.toks)

    # ---------------------------------------------------------------- cursor

    def peek(self, ahead: int = 0) -> Token | None:
        i = self.pos + ahead
        return self.toks[i] if i < len(self.toks) else None

    def at(self, text: str, ahead: int = 0) -> bool:
        tok = self.peek(ahead)
        return tok is not None and tok.text == text

    def at_value(self, ahead: int = 0) -> bool:
        """Whether the token ``ahead`` is a value's name (``%x``)."""
        tok = self.peek(ahead)
        return tok is not None and tok.text.startswith("%")

    def take(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise self.problem("expected more, found end of statement")
        self.pos += 1
        return tok

    def expect(self, text: str, what: str | None = None) -> Token:
        tok = self.peek()
        if tok is None or tok.text != text:
            raise self.problem(f"expected {what or repr(text)}")
        self.pos += 1
        return tok

    def problem(self, message: str) -> SyntaxProblem:
        tok = self.peek()
        if tok is None:
            end = self.toks[-1].end if self.toks else 0  # after the last token, not a comment after it
            return SyntaxProblem(f"{message}, found end of statement" if "found" not in message else message, end, end)
        return SyntaxProblem(f"{message}, found '{tok.text}'", tok.start, tok.end)

    def group_end(self) -> int:
        """The index of the token closing the bracket at the cursor."""
        close = self.matching.get(self.pos, -1)
        if close < 0:
            tok = self.toks[self.pos]
            raise SyntaxProblem(f"unbalanced '{tok.text}'", tok.start, tok.end)
        return close

    def skip_group(self) -> tuple[int, int]:
        """Pass over the bracket group at the cursor; its start and end offsets."""
        close = self.group_end()
        start, end = self.toks[self.pos].start, self.toks[close].end
        self.pos = close + 1
        return start, end

    def region_here(self) -> bool:
        return self.at("{") and self.at("...", 1) and self.at("}", 2)

    # ---------------------------------------------------------------- types

    def type(self) -> TypeText:
        """One type at the cursor (its extent: a word with its ``<...>`` groups)."""
        tok = self.peek()
        if tok is not None and tok.text == "(" and self.function_type_here():
            start = tok.start  # `(T) -> U`: a function type (a function's argument, `func.constant`'s)
            self.paren_types()
            self.pos += 1
            self.type_group()
            return type_text(self.text, start, self._last_end())
        if tok is None or tok.kind != "word" or tok.text.startswith(("%", "^", "@", "#")) or tok.text == "...":
            raise self.problem("expected type")
        if tok.text == "(":
            raise self.problem("expected non-function type")
        start = tok.start
        self.pos += 1
        end = tok.end
        spaced = tok.text in _KEYWORDS  # (`tensor <4xf32>`: blanks between a builtin type's tokens, as anywhere)
        while self.at("<") and self.peek() is not None and (spaced or self.peek().start == end):  # type: ignore[union-attr]
            _, end = self.skip_group()
            spaced = False
        return type_text(self.text, start, end)

    def function_type_here(self) -> bool:
        """Whether the ``(`` at the cursor starts a function type: ``(...) ->``."""
        close = self.group_end()
        return close + 1 < len(self.toks) and self.toks[close + 1].text == "->"

    def type_list(self) -> list[TypeText]:
        types = [self.type()]
        while self.at(","):
            nxt = self.peek(1)
            if nxt is None or not can_start_type(nxt):
                break
            self.pos += 1
            types.append(self.type())
        return types

    def paren_types(self) -> list[TypeText]:
        """``(T, U)``; a type may carry attributes (a function's results: ``(T {a = 1})``)."""
        self.expect("(")
        types: list[TypeText] = []
        while not self.at(")"):
            types.append(self.type())
            if self.at("{"):
                self.skip_group()
            if not self.at(")"):
                self.expect(",", "',' or ')'")
        self.pos += 1
        return types

    def type_group(self) -> list[TypeText]:
        if self.at("("):
            return self.paren_types()
        return [self.type()]

    def signature(self) -> Signature:
        """The types after a ``:``."""
        first = self.peek()
        start = first.start if first is not None else len(self.text)
        after = self._last_end() if self.pos else start
        if self.at("("):
            save = self.pos
            inputs = self.paren_types()
            if self.at("->"):
                self.pos += 1
                outputs = self.type_group()
                return Signature("function", tuple(inputs), tuple(outputs), start, self._last_end(), after)
            self.pos = save
            raise self.problem("expected non-function type")
        one = self.type()
        if self.at("to"):
            self.pos += 1
            other = self.type()
            return Signature("to", (one,), (other,), start, self._last_end(), after)
        if self._arrow_to_types():
            self.pos += 1
            outputs = self.type_group()
            return Signature("arrow", (one,), tuple(outputs), start, self._last_end(), after)
        types = [one]
        while self.at(",") and self.peek(1) is not None and can_start_type(self.peek(1)):  # type: ignore[arg-type]
            self.pos += 1
            types.append(self.type())
        if self._arrow_to_types():  # `T, U -> V` (chlo.zeta %x, %q : T, U -> V): the operands' types, then the results'
            self.pos += 1
            outputs = self.type_group()
            return Signature("arrow", tuple(types), tuple(outputs), start, self._last_end(), after)
        return Signature("list", tuple(types), (), start, self._last_end(), after)

    def _arrow_to_types(self) -> bool:
        """Whether an arrow to the results' types is at the cursor: not one before a value's name
        (``: i32 -> %t as T{%n}``, a tied result, the op's own syntax)."""
        return self.at("->") and not self.at_value(1)

    def _last_end(self) -> int:
        return self.toks[self.pos - 1].end

    # ---------------------------------------------------------------- attributes

    def dictionary(self, into: list[Attribute], properties: bool = False) -> None:
        """An attribute dictionary ``{a = 1, b}`` at the cursor (``properties``: inside ``<...>``)."""
        close = self.group_end()
        self.pos += 1
        while self.pos < close:
            tok = self.take()
            if tok.kind not in ("word", "string"):
                raise SyntaxProblem(f"expected attribute name, found '{tok.text}'", tok.start, tok.end)
            name = tok.text.strip('"') if tok.kind == "string" else tok.text
            if self.at("="):
                self.pos += 1
                vstart = self.peek().start if self.pos < close else tok.end  # type: ignore[union-attr]
                vend = self._value_end(close)
                into.append(Attribute(name, self.text[vstart:vend], tok.start, vend, properties))
            else:
                into.append(Attribute(name, "unit", tok.start, tok.end, properties))
            if self.pos < close:
                self.expect(",", "',' or '}'")
        self.pos = close + 1

    def _value_end(self, close: int) -> int:
        """Pass over an attribute value (up to a depth-0 ``,`` or ``close``); its end offset."""
        end = self.toks[self.pos].end if self.pos < close else self.toks[close].start
        while self.pos < close and not self.at(","):
            tok = self.toks[self.pos]
            if tok.kind == "open":
                _, end = self.skip_group()
            else:
                end = tok.end
                self.pos += 1
        return end

    # ---------------------------------------------------------------- values

    def value_list(self, close: int) -> list[Use]:
        uses = []
        while self.pos < close:
            tok = self.take()
            use = use_of(tok)
            if use is None:
                raise SyntaxProblem(f"expected SSA operand, found '{tok.text}'", tok.start, tok.end)
            uses.append(use)
            if self.pos < close:
                self.expect(",", "')'")
        return uses


def use_of(tok: Token) -> Use | None:
    m = _USE.fullmatch(tok.text)
    if m is None or tok.kind != "word":
        return None
    return Use(m.group(1), int(m.group(2) or 0), tok.start, tok.end)


def can_start_type(tok: Token) -> bool:
    return (tok.kind == "word" and not tok.text.startswith(("%", "^", "@", "#")) and tok.text[:1].isalpha()) or (
        tok.kind == "word" and tok.text.startswith("!")
    )


def _match_brackets(toks: list[Token]) -> dict[int, int]:
    """Each opening bracket's index -> its closing bracket's index (only matched pairs)."""
    stack: list[int] = []
    pairs: dict[int, int] = {}
    for i, tok in enumerate(toks):
        if tok.kind == "open":
            stack.append(i)
        elif tok.kind == "close":
            if stack and _CLOSERS[toks[stack[-1]].text] == tok.text:
                pairs[stack.pop()] = i
            else:
                stack.clear()  # a stray closer: what is open cannot be matched across it
    return pairs


def successor(r: Reader, tok: Token) -> Successor:
    if not tok.text.startswith("^"):
        raise SyntaxProblem(f"expected block name, found '{tok.text}'", tok.start, tok.end)
    uses: list[Use] = []
    end = tok.end
    if r.at("("):  # (`^bb3 (%a : T)`: to MLIR's lexer a blank)
        close = r.group_end()
        r.pos += 1
        uses = typed_uses(r, close)
        end = r.toks[close].end
        r.pos = close + 1
    return Successor(tok.text, tok.start, end, tuple(uses))


def typed_uses(r: Reader, close: int) -> list[Use]:
    """``%a, %b : T, U`` up to the token at ``close``: uses with their types."""
    uses: list[Use] = []
    while r.pos < close and not r.at(":"):
        tok = r.take()
        use = use_of(tok)
        if use is None:
            raise SyntaxProblem(f"expected SSA operand, found '{tok.text}'", tok.start, tok.end)
        uses.append(use)
        if r.at(","):
            r.pos += 1
    if r.pos < close:
        r.expect(":")
        types = r.type_list()
        if len(types) != len(uses):
            raise SyntaxProblem(
                f"expected {len(uses)} types to match the operands, found {len(types)}", types[0].start, types[-1].end
            )
        uses = [u._replace(type=t) for u, t in zip(uses, types, strict=True)]
    return uses


def trailing_location(r: Reader) -> None:
    if r.at("loc") and r.at("(", 1):
        r.pos += 1
        r.skip_group()
    tok = r.peek()
    if tok is not None:
        raise SyntaxProblem(f"unexpected '{tok.text}' after the statement", tok.start, tok.end)
