"""Read one op statement: what it defines and uses, its attributes and its types.

This is the one reader of a statement. Checking, value flow and fixes all take what
it reads. A statement arrives as its text with its regions elided (each region is
written :data:`REGION`), so an op whose regions span a hundred lines reads like a
one-line op: ``%0 = stablehlo.reduce(%a init: %b) across dimensions = [1] :
(T, T) -> T reducer(%x: T, %y: T) {...}``.

It reads MLIR's two forms:

* the generic form, exactly (``"op"(%a) [^bb] <{props}> ({...}) {attrs} : (T) -> U``);
* a custom form as a sequence of items, with what MLIR's printers share: value uses,
  ``%a = %b`` bindings and ``%a: T`` arguments (the values an op defines for its
  regions), typed value lists (``ins(%a, %b : T, U)``, ``^bb1(%0 : T)``), ``name =
  value`` clauses, attribute dictionaries, keywords, and the types after the ``:``
  (a function type, one type or a list, ``A to B``, ``T -> U``).

Which operand a custom form's types belong to is the op's own knowledge (its
declaration's layout, :mod:`broadcheck.dialects`), not this module's. What it cannot
read is a :class:`SyntaxProblem` at the offending token; the grammar
(``grammars/mlir.lark``) words the syntax errors of checked ops.

Offsets are 0-based into the statement's text. Nothing here recurses: brackets are
matched with an explicit stack, so nesting depth costs memory, not Python's stack.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import TOKEN, strip_comments

REGION = "{...}"
"""How an elided region is written in a statement's text."""

_SKIP = frozenset({"space", "newline", "comment"})
_new_tuple = tuple.__new__
_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_VALUE = lazy(r"%[A-Za-z0-9_$.\-]+")
_USE = lazy(r"(%[A-Za-z0-9_$.\-]+)(?:#([0-9]+))?")
_RESULT = lazy(r"(%[A-Za-z0-9_$.\-]+)(?::([0-9]+))?")
_OP_NAME = lazy(r"[A-Za-z_][\w$.\-]*")
_BARE_OP = lazy(r"[A-Za-z_][\w$]*(?:\.[\w$.]+)?")
_INT = lazy(r"[0-9]+")
_SCALAR = lazy(r"-?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+)")
"""A number as a custom form may print a scalar literal (``5``, ``-2.5e3``, ``0x7F``)."""


class Token(NamedTuple):
    kind: str
    """``string``, ``arrow``, ``open``, ``close``, ``word``, ``punct``."""
    text: str
    start: int
    end: int


class TypeText(NamedTuple):
    """A type as written, where it is, and its key (its text without spaces)."""

    text: str
    start: int
    end: int
    key: str


class Use(NamedTuple):
    """A value used: ``%a`` or ``%a#1`` (``number`` 1); ``type`` when the statement writes it
    beside the use."""

    name: str
    number: int
    start: int
    end: int
    type: TypeText | None = None


class Result(NamedTuple):
    """A result name: ``%0`` (one result) or ``%0:2`` (``size`` results)."""

    name: str
    size: int
    start: int
    end: int


class Definition(NamedTuple):
    """A value an op defines for its regions (``%i`` of ``scf.for %i = ...``, ``%x: T``)."""

    name: str
    start: int
    end: int
    type: TypeText | None


class Attribute(NamedTuple):
    """An attribute, property or ``name = value`` clause, with its value as written."""

    name: str
    text: str
    start: int
    end: int
    property: bool = False
    """Written in the properties, ``<{...}>`` (the parser reads those into the op's properties)."""


class Successor(NamedTuple):
    """A branch target: ``^bb1`` with its operands (``^bb1(%a : T)``)."""

    label: str
    start: int
    end: int
    operands: tuple[Use, ...]


class Item(NamedTuple):
    """One item of a custom form, in order: a ``word``, ``value``, ``binding`` (``%a = %b``),
    ``clause`` (``name = value``), ``group`` (a bracketed part), ``values`` (``(%a, %b)``),
    ``typed`` (``ins(%a : T)``), ``arguments`` (``(%x: T)``), ``bindings`` (``(%x = %a)``),
    ``indices`` (``(%i) in``), ``dict``, ``props``, ``region``, ``string``, ``symbol``
    (``@f``), ``successor``, ``punct`` or ``types``."""

    kind: str
    text: str
    start: int
    end: int


class Signature(NamedTuple):
    """The types after a statement's ``:``.

    ``kind`` is ``function`` (``(T, U) -> V``), ``list`` (``T`` or ``T, U``), ``to``
    (``A to B``) or ``arrow`` (``T -> U``).
    """

    kind: str
    inputs: tuple[TypeText, ...]
    outputs: tuple[TypeText, ...]
    start: int
    end: int
    after: int = -1
    """Where the token before the types (the ``:``) ends: a parser's "expected ..." for a
    missing first token sits there."""


class Statement(NamedTuple):
    """One op statement as read."""

    name: str
    name_start: int
    name_end: int
    generic: bool
    results: tuple[Result, ...]
    operands: tuple[Use, ...]
    """The values used, in order (a successor's operands are its own)."""
    definitions: tuple[Definition, ...]
    successors: tuple[Successor, ...]
    attributes: tuple[Attribute, ...]
    signature: Signature | None
    regions: int
    items: tuple[Item, ...]
    """A custom form's items (empty for the generic form)."""
    end: int
    """Where the statement ends, before a trailing location."""

    @property
    def result_count(self) -> int:
        return sum(r.size for r in self.results)


class SyntaxProblem(Exception):
    """Text the reader cannot take, with the offset where reading stopped."""

    def __init__(self, message: str, start: int, end: int) -> None:
        super().__init__(message)
        self.message, self.start, self.end = message, start, end


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


class _Reader:
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
            return _type_text(self.text, start, self._last_end())
        if tok is None or tok.kind != "word" or tok.text.startswith(("%", "^", "@", "#")) or tok.text == "...":
            raise self.problem("expected type")
        if tok.text == "(":
            raise self.problem("expected non-function type")
        start = tok.start
        self.pos += 1
        end = tok.end
        while self.at("<") and self.peek() is not None and self.peek().start == end:  # type: ignore[union-attr]
            _, end = self.skip_group()
        return _type_text(self.text, start, end)

    def function_type_here(self) -> bool:
        """Whether the ``(`` at the cursor starts a function type: ``(...) ->``."""
        close = self.group_end()
        return close + 1 < len(self.toks) and self.toks[close + 1].text == "->"

    def type_list(self) -> list[TypeText]:
        types = [self.type()]
        while self.at(","):
            nxt = self.peek(1)
            if nxt is None or not _can_start_type(nxt):
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
        if self.at("->"):
            self.pos += 1
            outputs = self.type_group()
            return Signature("arrow", (one,), tuple(outputs), start, self._last_end(), after)
        types = [one]
        while self.at(",") and self.peek(1) is not None and _can_start_type(self.peek(1)):  # type: ignore[arg-type]
            self.pos += 1
            types.append(self.type())
        if self.at("->"):  # `T, U -> V` (chlo.zeta %x, %q : T, U -> V): the operands' types, then the results'
            self.pos += 1
            outputs = self.type_group()
            return Signature("arrow", tuple(types), tuple(outputs), start, self._last_end(), after)
        return Signature("list", tuple(types), (), start, self._last_end(), after)

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
            use = _use(tok)
            if use is None:
                raise SyntaxProblem(f"expected SSA operand, found '{tok.text}'", tok.start, tok.end)
            uses.append(use)
            if self.pos < close:
                self.expect(",", "')'")
        return uses


def _use(tok: Token) -> Use | None:
    m = _USE.fullmatch(tok.text)
    if m is None or tok.kind != "word":
        return None
    return Use(m.group(1), int(m.group(2) or 0), tok.start, tok.end)


def _can_start_type(tok: Token) -> bool:
    return (tok.kind == "word" and not tok.text.startswith(("%", "^", "@", "#")) and tok.text[:1].isalpha()) or (
        tok.kind == "word" and tok.text.startswith("!")
    )


def _type_text(text: str, start: int, end: int) -> TypeText:
    written = text[start:end]
    return TypeText(written, start, end, "".join(written.split()) if " " in written or "\n" in written else written)


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


# ---------------------------------------------------------------- statements


# ---------------------------------------------------------------- the common forms, fast

_SIMPLE_TYPE = r"!?[A-Za-z_][\w.$]*+(?:<[^<>()\[\]{}\"]*+>)?"
_SIMPLE = lazy(
    rf"(?P<result>%_ = )?"
    rf'(?:"(?P<generic>[A-Za-z_][\w$.\-]*+)"\((?P<gops>%_(?:, %_)*+)?\)'
    rf"|(?P<custom>[A-Za-z_][\w$]*+\.[\w$.]++)(?: (?P<cops>%_(?:, %_)*+))?)"
    rf" : \((?P<ins>{_SIMPLE_TYPE}(?:, {_SIMPLE_TYPE})*+)?\) -> (?P<out>{_SIMPLE_TYPE}|\(\))"
)
_SIMPLE_TYPES = lazy(_SIMPLE_TYPE)
_SIMPLE_LIST = lazy(
    rf"(?P<result>%_ = )?(?P<custom>[A-Za-z_][\w$]*+\.[\w$.]++|return)(?: (?P<cops>%_(?:, %_)*+))?"
    rf" : (?P<ins>{_SIMPLE_TYPE}(?:, {_SIMPLE_TYPE})*+)"
)
"""A custom form whose types are a list (``return %_, %_ : T, U``, ``%_ = stablehlo.add %_, %_ : T``)."""


def simple_statement(key: str) -> Statement | None:
    """The statement of a key in the commonest form, read without the tokenizer, or ``None``
    (then :func:`read_statement` reads it): one result or none, a generic or custom op with
    plain operands (``%_, %_``), and a function type of builtin or aliased types without
    nested brackets (``: (tensor<2x?xf32>, !a) -> tensor<2x3xf32>``), in MLIR's printed
    spacing. What it gives is what :func:`read_statement` gives (``tests/test_statement.py``
    holds the two to each other)."""
    m = _SIMPLE.fullmatch(key)
    if m is None:
        m = _SIMPLE_LIST.fullmatch(key)
        return None if m is None else _simple_list(key, m)
    results = (Result("%_", 1, 0, 2),) if m.group("result") else ()
    generic = m.group("generic") is not None
    if generic:
        name, name_start, name_end = m.group("generic"), m.start("generic") - 1, m.end("generic") + 1
        at, ops = m.start("gops"), m.group("gops")
    else:
        name, name_start, name_end = m.group("custom"), m.start("custom"), m.end("custom")
        at, ops = m.start("cops"), m.group("cops")
    operands: list[Use] = []
    items: list[Item] = []
    if ops:
        for i in range(0, len(ops), 4):  # `%_, %_`: a name every four characters
            operands.append(Use("%_", 0, at + i, at + i + 2))
            if not generic:
                if i:
                    items.append(Item("punct", ",", at + i - 2, at + i - 1))
                items.append(Item("value", "%_", at + i, at + i + 2))
    open_at = key.index(" : (", name_end) + 3
    inputs: tuple[TypeText, ...] = ()
    if m.group("ins") is not None:
        base = m.start("ins")
        inputs = tuple(
            _type_text(key, base + t.start(), base + t.end()) for t in _SIMPLE_TYPES.finditer(m.group("ins"))
        )
    out = m.group("out")
    outputs = () if out == "()" else (_type_text(key, m.start("out"), m.end("out")),)
    end = len(key)
    if not generic:
        items.append(Item("types", key[open_at:end], open_at, end))
    signature = Signature("function", inputs, outputs, open_at, end, open_at - 1)
    return Statement(
        name, name_start, name_end, generic, results, tuple(operands), (), (), (), signature, 0, tuple(items), end
    )


def _simple_list(key: str, m: re.Match[str]) -> Statement:
    results = (Result("%_", 1, 0, 2),) if m.group("result") else ()
    name, name_start, name_end = m.group("custom"), m.start("custom"), m.end("custom")
    at, ops = m.start("cops"), m.group("cops")
    operands: list[Use] = []
    items: list[Item] = []
    if ops:
        for i in range(0, len(ops), 4):
            operands.append(Use("%_", 0, at + i, at + i + 2))
            if i:
                items.append(Item("punct", ",", at + i - 2, at + i - 1))
            items.append(Item("value", "%_", at + i, at + i + 2))
    base = m.start("ins")
    inputs = tuple(_type_text(key, base + t.start(), base + t.end()) for t in _SIMPLE_TYPES.finditer(m.group("ins")))
    end = len(key)
    items.append(Item("types", key[base:end], base, end))
    signature = Signature("list", inputs, (), base, end, base - 1)
    return Statement(
        name, name_start, name_end, False, results, tuple(operands), (), (), (), signature, 0, tuple(items), end
    )


# A function's head, read as if its body were empty: `func.func public @main(%_: T {a = "x"} loc(#l1), ...)
# -> (T {b = "y"}, U) {...}` (JAX's exports: one argument and one result per parameter, so a
# 100k-op export's head is a line of megabytes).
_STRING = r'"(?:[^"\\\n]++|\\.)*+"'
_FLAT = rf'(?:[^{{}}()\[\]<>"\n]++|{_STRING})*+'
"""Text without brackets but inside strings."""
_DICT = rf"(?: \{{{_FLAT}\}})?"
_LOC = rf"(?: loc\((?:[^()\[\]<>{{}}\"\n]++|{_STRING}|\({_FLAT}\))*+\))?"
_ARGUMENTS = lazy(rf"%_: (?P<type>{_SIMPLE_TYPE}){_DICT}{_LOC}")
_RESULT_TYPES = lazy(rf"(?P<type>{_SIMPLE_TYPE}){_DICT}")
_ARGUMENT = rf"%_: {_SIMPLE_TYPE}{_DICT}{_LOC}"
_RESULT_TYPE = rf"{_SIMPLE_TYPE}{_DICT}"
_SIMPLE_HEAD = lazy(
    rf"func\.func (?:(?P<visibility>public|private|nested) )?(?P<symbol>@[A-Za-z_][\w$.]*+)"
    rf"\((?P<arguments>{_ARGUMENT}(?:, {_ARGUMENT})*+)\)"
    rf"(?: (?P<arrow>-> (?:(?P<one>{_SIMPLE_TYPE})|\((?P<many>{_RESULT_TYPE}(?:, {_RESULT_TYPE})*+)\))))? \{{\.\.\.\}}"
)


def simple_head(key: str) -> Statement | None:
    """The statement of a function's head (``func.func ... {...}``) in the form JAX and
    mlir-opt print, read without the tokenizer, or ``None`` (then :func:`read_statement`
    reads it). What it gives is what :func:`read_statement` gives (``tests/test_statement.py``
    holds the two to each other)."""
    m = _SIMPLE_HEAD.fullmatch(key)
    if m is None:
        return None
    items: list[Item] = []
    if m.group("visibility"):
        items.append(Item("word", m.group("visibility"), m.start("visibility"), m.end("visibility")))
    items.append(Item("symbol", m.group("symbol"), m.start("symbol"), m.end("symbol")))
    open_at, close_at = m.start("arguments") - 1, m.end("arguments") + 1
    items.append(Item("arguments", key[open_at:close_at], open_at, close_at))
    definitions = tuple(
        Definition("%_", a.start(), a.start() + 2, _type_text(key, a.start("type"), a.end("type")))
        for a in _ARGUMENTS.finditer(key, open_at + 1, close_at - 1)
    )
    signature: Signature | None = None
    if m.group("arrow") is not None:
        if m.group("one") is not None:
            outputs: tuple[TypeText, ...] = (_type_text(key, m.start("one"), m.end("one")),)
        else:
            outputs = tuple(
                _type_text(key, t.start("type"), t.end("type"))
                for t in _RESULT_TYPES.finditer(key, m.start("many"), m.end("many"))
            )
        end = m.end("arrow")
        signature = Signature("arrow", (), outputs, outputs[0].start, end)
        items.append(Item("types", key[m.start("arrow") : end], m.start("arrow"), end))
    region = len(key) - len(REGION)
    items.append(Item("region", REGION, region, len(key)))
    return Statement("func.func", 0, 9, False, (), (), definitions, (), (), signature, 1, tuple(items), len(key))


_ESCAPE = lazy(r"\\(?:([0-9A-Fa-f]{2})|(.))")
_ESCAPED = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def symbol_name(symbol: str) -> str:
    """The name of a symbol reference as MLIR reads it: ``@f`` -> ``f``, ``@"a/b\\22"`` -> ``a/b"``."""
    if not symbol.startswith('@"'):
        return symbol[1:]
    return _ESCAPE.sub(
        lambda m: chr(int(m.group(1), 16)) if m.group(1) else _ESCAPED.get(m.group(2), m.group(2)),
        symbol[2:-1] if symbol.endswith('"') and len(symbol) > 2 else symbol[2:],
    )


def read_statement(text: str) -> Statement:
    """Read one op statement (regions elided as :data:`REGION`); raises :class:`SyntaxProblem`.
    Comments are read as the spaces they stand for: no value's text holds one."""
    r = _Reader(strip_comments(text))
    results: list[Result] = []
    if r.peek() is not None and r.peek().text.startswith("%"):  # type: ignore[union-attr]
        while True:
            tok = r.take()
            m = _RESULT.fullmatch(tok.text)
            if m is None:
                raise SyntaxProblem(f"expected SSA value name, found '{tok.text}'", tok.start, tok.end)
            count = 1
            if r.at(":") and r.peek(1) is not None and _INT.fullmatch(r.peek(1).text):  # type: ignore[union-attr]
                r.pos += 1
                count_tok = r.take()
                count = int(count_tok.text)
                if count < 1:  # `%0:0`
                    raise SyntaxProblem(
                        "expected named operation to have at least 1 result", count_tok.start, count_tok.end
                    )
            results.append(Result(m.group(1), count, tok.start, tok.start + len(m.group(1))))
            if r.at(","):
                r.pos += 1
                continue
            r.expect("=", "'=' after the results")
            break
    head = r.peek()
    if head is None:
        raise r.problem("expected operation name")
    if head.kind == "string":
        return _generic(r, results, head)
    if head.kind == "word" and _BARE_OP.fullmatch(head.text):
        return _custom(r, results, head)
    raise r.problem("expected operation name")


def _generic(r: _Reader, results: list[Result], head: Token) -> Statement:
    name = head.text[1:-1]
    if not _OP_NAME.fullmatch(name):
        raise SyntaxProblem(f"invalid operation name '{name}'", head.start, head.end)
    r.pos += 1
    close = r.group_end() if r.at("(") else -1
    if close < 0:
        raise r.problem("expected '(' to start operand list")
    r.pos += 1
    operands = r.value_list(close)
    r.pos = close + 1
    successors: list[Successor] = []
    if r.at("["):
        close = r.group_end()
        r.pos += 1
        while r.pos < close:
            successors.append(_successor(r, r.take()))
            if r.pos < close:
                r.expect(",", "',' or ']'")
        r.pos = close + 1
    attributes: list[Attribute] = []
    if r.at("<") and r.at("{", 1):
        close = r.group_end()
        r.pos += 1
        r.dictionary(attributes, properties=True)
        if r.pos != close:
            raise r.problem("expected '>' to close properties")
        r.pos = close + 1
    regions = 0
    if r.at("(") and r.at("{", 1):
        close = r.group_end()
        r.pos += 1
        while r.pos < close:
            if not r.region_here():
                raise r.problem("expected region")
            r.pos += 3
            regions += 1
            if r.pos < close:
                r.expect(",", "',' or ')'")
        r.pos = close + 1
    if r.at("{"):
        r.dictionary(attributes)
    r.expect(":", "':' and the function type")
    signature = r.signature()
    if signature.kind != "function":
        raise SyntaxProblem("expected function type", signature.start, signature.end)
    end = signature.end
    _trailing_location(r)
    return Statement(
        name, head.start, head.end, True, tuple(results), tuple(operands), (), tuple(successors),
        tuple(attributes), signature, regions, (), end,
    )  # fmt: skip


def _successor(r: _Reader, tok: Token) -> Successor:
    if not tok.text.startswith("^"):
        raise SyntaxProblem(f"expected block name, found '{tok.text}'", tok.start, tok.end)
    uses: list[Use] = []
    end = tok.end
    if r.at("(") and r.peek().start == tok.end:  # type: ignore[union-attr]
        close = r.group_end()
        r.pos += 1
        uses = _typed_uses(r, close)
        end = r.toks[close].end
        r.pos = close + 1
    return Successor(tok.text, tok.start, end, tuple(uses))


def _typed_uses(r: _Reader, close: int) -> list[Use]:
    """``%a, %b : T, U`` up to the token at ``close``: uses with their types."""
    uses: list[Use] = []
    while r.pos < close and not r.at(":"):
        tok = r.take()
        use = _use(tok)
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


def _trailing_location(r: _Reader) -> None:
    if r.at("loc") and r.at("(", 1):
        r.pos += 1
        r.skip_group()
    tok = r.peek()
    if tok is not None:
        raise SyntaxProblem(f"unexpected '{tok.text}' after the statement", tok.start, tok.end)


def _custom(r: _Reader, results: list[Result], head: Token) -> Statement:
    r.pos += 1
    operands: list[Use] = []
    definitions: list[Definition] = []
    successors: list[Successor] = []
    attributes: list[Attribute] = []
    items: list[Item] = []
    signature: Signature | None = None
    regions = 0
    end = head.end
    while r.peek() is not None:
        tok = r.peek()
        assert tok is not None
        if tok.text == "loc" and r.at("(", 1) and r.matching.get(r.pos + 1, -2) == len(r.toks) - 1:
            break  # the trailing location
        if r.region_here():
            items.append(Item("region", "{...}", tok.start, r.toks[r.pos + 2].end))
            r.pos += 3
            regions += 1
            end = items[-1].end
            continue
        if tok.text == ":" and signature is None:
            r.pos += 1
            nxt = r.peek()
            if nxt is not None and nxt.text.startswith("%"):  # `init: %v`: a keyword's colon
                items.append(Item("punct", ":", tok.start, tok.end))
                continue
            signature = r.signature()
            items.append(Item("types", r.text[signature.start : signature.end], signature.start, signature.end))
            end = signature.end
            continue
        if tok.text == "->" and signature is None:
            # Result types without a `:`: `func.func @f(...) -> (T, U)`, `scf.for ... -> (T)`,
            # `linalg.generic ... {...} -> tensor<4xf32>` (after the region)
            r.pos += 1
            outputs = r.type_group()
            signature = Signature("arrow", (), tuple(outputs), outputs[0].start if outputs else tok.end, r._last_end())
            items.append(Item("types", r.text[tok.start : signature.end], tok.start, signature.end))
            end = signature.end
            continue
        if not items and _SCALAR.fullmatch(tok.text) and r.at(":", 1):
            # `arith.constant 5.0 : i32`: a scalar literal printed without its attribute's name
            attributes.append(Attribute("", tok.text, tok.start, tok.end))
        _custom_item(r, tok, operands, definitions, successors, attributes, items)
        end = items[-1].end if items else end
    if r.peek() is not None:
        _trailing_location(r)
    return Statement(
        head.text, head.start, head.end, False, tuple(results), tuple(operands), tuple(definitions),
        tuple(successors), tuple(attributes), signature, regions, tuple(items), end,
    )  # fmt: skip


def _custom_item(
    r: _Reader,
    tok: Token,
    operands: list[Use],
    definitions: list[Definition],
    successors: list[Successor],
    attributes: list[Attribute],
    items: list[Item],
) -> None:
    """Read the custom-form item at the cursor."""
    text = tok.text
    if tok.kind == "word" and text.startswith("%"):
        r.pos += 1
        use = _use(tok)
        if use is None:
            raise SyntaxProblem(f"invalid SSA value '{text}'", tok.start, tok.end)
        if r.at("="):  # `%i = %lb` (scf.for) or `%i = 0` (affine.for): a value defined for the region
            r.pos += 1
            definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            items.append(Item("binding", text, tok.start, tok.end))
            return
        operands.append(use)
        items.append(Item("value", text, tok.start, tok.end))
        return
    if tok.kind == "word" and text.startswith("^"):
        r.pos += 1
        successors.append(_successor(r, tok))
        items.append(Item("successor", r.text[tok.start : successors[-1].end], tok.start, successors[-1].end))
        return
    if tok.kind == "open":
        start, end = tok.start, r.toks[r.group_end()].end
        if text == "{":
            r.dictionary(attributes)
            items.append(Item("dict", r.text[start:end], start, end))
            return
        if text == "<" and r.at("{", 1):  # properties
            close = r.group_end()
            r.pos += 1
            r.dictionary(attributes, properties=True)
            r.pos = close + 1
            items.append(Item("props", r.text[start:end], start, end))
            return
        if text == "(":
            _paren_group(r, operands, definitions, items)
            return
        operands.extend(_uses_in_group(r))  # `%t[%i, 0]`, `[%a, 4]`: values used inside brackets
        r.skip_group()
        items.append(Item("group", r.text[start:end], start, end))
        if text == "[":  # `stablehlo.slice %a [0:2, 1:3]`: an attribute printed without its name
            attributes.append(Attribute("", r.text[start:end], start, end))
        return
    if tok.kind == "word" and r.at("=", 1) and not text.startswith(("@", "#", "!")):
        # `dims = [1, 2]`, `contracting_dims = [1] x [0]`: a clause up to a depth-0 `,` or `:`
        r.pos += 2
        vstart = r.peek().start if r.peek() is not None else tok.end  # type: ignore[union-attr]
        vend = vstart
        while r.peek() is not None and r.peek().text not in (",", ":") and not r.region_here():  # type: ignore[union-attr]
            nxt = r.peek()
            assert nxt is not None
            if nxt.kind == "open":
                if nxt.text == "(" and _word_before_paren(r):
                    break
                if nxt.text == "{" and vend > vstart:  # `window = {...} {attrs}`: the op's dictionary follows
                    break
                if nxt.text == "(" and vend > vstart and _arguments_follow(r):
                    break  # `manual_axes={"a"} (%arg1: T) {...}`: the region's arguments follow
                operands.extend(_uses_in_group(r))  # `inner_tiles = [%t, 4]`
                _, vend = r.skip_group()
            elif (nxt.kind == "word" and nxt.text.startswith("%")) or (nxt.kind == "word" and r.at("=", 1)):
                break
            else:
                vend = nxt.end
                r.pos += 1
        attributes.append(Attribute(text, r.text[vstart:vend], tok.start, vend))
        items.append(Item("clause", r.text[tok.start : vend], tok.start, vend))
        return
    r.pos += 1
    if tok.kind == "word" and r.at("<") and r.peek().start == tok.end:  # type: ignore[union-attr]
        _, end = r.skip_group()  # `dense<0>`, `nan_mode<PROPAGATE>`: one word
        items.append(Item("word", r.text[tok.start : end], tok.start, end))
        if text in _LITERALS:  # `stablehlo.constant dense<...> : T`: an attribute printed without its name
            attributes.append(Attribute("", r.text[tok.start : end], tok.start, end))
        return
    if tok.kind == "string":
        items.append(Item("string", text, tok.start, tok.end))
    elif tok.kind == "punct" or tok.kind == "arrow":
        items.append(Item("punct", text, tok.start, tok.end))
    elif text.startswith("@"):
        quoted = r.peek()
        if text == "@" and quoted is not None and quoted.kind == "string" and quoted.start == tok.end:
            r.pos += 1  # `@"functional_1/lstm_1/while/body"`: a quoted symbol name is one item
            items.append(Item("symbol", r.text[tok.start : quoted.end], tok.start, quoted.end))
            return
        items.append(Item("symbol", text, tok.start, tok.end))
    else:
        items.append(Item("word", text, tok.start, tok.end))


def _uses_in_group(r: _Reader) -> list[Use]:
    """The values used inside the bracket group at the cursor, at any depth, in order."""
    close = r.group_end()
    return [use for tok in r.toks[r.pos + 1 : close] if tok.text.startswith("%") and (use := _use(tok)) is not None]


def _word_before_paren(r: _Reader) -> bool:
    """Whether the ``(`` at the cursor follows a word directly (``iter_args(``, ``reducer(``)."""
    prev = r.toks[r.pos - 1] if r.pos else None
    tok = r.peek()
    return prev is not None and tok is not None and prev.kind == "word" and prev.end == tok.start


def _paren_group(r: _Reader, operands: list[Use], definitions: list[Definition], items: list[Item]) -> None:
    """A ``(...)`` item of a custom form: operands (``(%a, %b)``, ``(%a init: %b)``), typed
    operands (``ins(%a, %b : T, U)``), bindings (``(%x = %a, ...)``), arguments (``(%x: T, ...)``)."""
    open_tok = r.peek()
    assert open_tok is not None
    close = r.group_end()
    start, end = open_tok.start, r.toks[close].end
    inner = r.toks[r.pos + 1 : close]
    prev = r.toks[r.pos - 1] if r.pos else None
    # `ins (%a : T)`: linalg's printer puts no space there, but its parser takes one
    touching = prev is not None and (prev.end == open_tok.start or prev.text in ("ins", "outs"))
    keyword = prev.text if prev is not None and touching and prev.kind == "word" else ""
    kind = _group_kind(inner)
    r.pos += 1
    single = len(_values_in(inner)) == 1
    # `index_base(%base : index)`: a keyword's one operand, printed ` : ` (an argument prints `%x: T`)
    spaced = kind == "arguments" and single and keyword[:1].isalpha() and inner[1].start > inner[0].end
    if kind == "arguments" and not (single and (keyword in _TYPED_USE_KEYWORDS or spaced)):
        while r.pos < close:
            tok = r.take()
            use = _use(tok)
            if use is None:  # `(%a: T, 5 %b: T)`
                raise SyntaxProblem("expected SSA identifier", tok.start, tok.end)
            r.expect(":")
            type_ = r.type()
            definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), type_))
            while r.pos < close and not r.at(","):  # `%a: T {attrs}` or `%a: T loc(...)`
                if r.peek().kind == "open":  # type: ignore[union-attr]
                    r.skip_group()
                else:
                    r.pos += 1
            if r.at(","):
                r.pos += 1
        items.append(Item("arguments", r.text[start:end], start, end))
    elif kind in ("typed", "arguments"):
        operands.extend(_typed_uses(r, close))
        items.append(Item("typed", r.text[start:end], start, end))
    elif kind == "bindings":
        while r.pos < close:
            tok = r.take()
            use = _use(tok)
            if use is None:  # `iter_args(5 = %a)`
                raise SyntaxProblem("expected SSA operand", tok.start, tok.end)
            definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
            r.expect("=")
            value = r.take()
            bound = _use(value)
            if bound is not None:
                operands.append(bound)
            if r.at(","):
                r.pos += 1
        items.append(Item("bindings", r.text[start:end], start, end))
    elif kind == "values" and not keyword and _introduces_indices(r, close):
        for tok in inner:  # `scf.forall (%i, %j) in (4, 8)`, `scf.parallel (%i) = (%a) to ...`
            use = _use(tok)
            if use is not None:
                definitions.append(Definition(use.name, tok.start, tok.start + len(use.name), None))
        items.append(Item("indices", r.text[start:end], start, end))
    elif kind == "values":
        for tok in inner:
            use = _use(tok)
            if use is not None:
                operands.append(use)
        items.append(Item("values", r.text[start:end], start, end))
    else:
        items.append(Item("group", r.text[start:end], start, end))
    r.pos = close + 1


def _arguments_follow(r: _Reader) -> bool:
    """Whether the ``(`` at the reader names arguments: ``(%x: T, ...)``."""
    toks = r.toks
    return r.pos + 2 < len(toks) and toks[r.pos + 1].text.startswith("%") and toks[r.pos + 2].text == ":"


def _introduces_indices(r: _Reader, close: int) -> bool:
    """Whether the ``(%i, ...)`` closing at ``close`` names a loop's induction variables: it is
    followed by ``in`` (``scf.forall``) or ``=`` (``scf.parallel``, ``affine.parallel``)."""
    after = r.toks[close + 1] if close + 1 < len(r.toks) else None
    return after is not None and after.text in ("in", "=")


_LITERALS = frozenset({"dense", "sparse", "dense_resource", "array"})
"""The words that start an elements or array literal, which a custom form may print without its
attribute's name (:class:`Attribute` ``""``)."""

_TYPED_USE_KEYWORDS = frozenset({"ins", "outs", "iter_args", "args", "init", "padding_value"})


def _values_in(inner: list[Token]) -> list[Token]:
    return [t for t in inner if t.kind == "word" and t.text.startswith("%")]


def _group_kind(inner: list[Token]) -> str:
    """How a custom form's ``(...)`` reads: ``values``, ``typed``, ``arguments``, ``bindings``
    or ``other`` (anything else: kept as text)."""
    if not inner:
        return "other"
    depth0 = []
    depth = 0
    for t in inner:
        if depth == 0:
            depth0.append(t)
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
    texts = [t.text for t in depth0]
    first = depth0[0]
    if not first.text.startswith("%"):
        return "other"
    if len(texts) >= 3 and texts[1] == "=":
        return (
            "bindings" if all(texts[i + 1] == "=" for i in range(0, len(texts), 4) if i + 1 < len(texts)) else "other"
        )
    if len(texts) >= 3 and texts[1] == ":" and not texts[2].startswith("%"):
        # `%a: T, %b: U` (arguments) or `%a : T` (one typed operand: the same text)
        colon_count = texts.count(":")
        values = sum(1 for t in texts if t.startswith("%"))
        return "arguments" if colon_count == values else "other"
    if ":" in texts:
        colon = texts.index(":")
        if all(t.startswith("%") or t == "," for t in texts[:colon]) and colon + 1 < len(texts):
            if texts[colon + 1].startswith("%"):  # `(%a init: %b)`
                return (
                    "values"
                    if all(t.startswith("%") or t in (",", ":") or t.isidentifier() for t in texts)
                    else "other"
                )
            return "typed"
        if all(t.startswith("%") or t in (",", ":") or re.fullmatch(r"[A-Za-z_]\w*", t) for t in texts):
            return "values"
        return "other"
    if all(t.startswith("%") or t == "," for t in texts):
        return "values"
    if _values_then_named(texts):
        return "values"
    return "other"


def _values_then_named(texts: list[str]) -> bool:
    """``%x, k = 4, is_stable = false``: values, then named attributes (``chlo.top_k(...)``)."""
    at = next((i for i, t in enumerate(texts) if not (t.startswith("%") or t == ",")), len(texts))
    if at == 0 or texts[at - 1] != ",":
        return False
    rest = texts[at:]
    return len(rest) % 4 == 3 and all(
        re.fullmatch(r"[A-Za-z_]\w*", rest[i]) and rest[i + 1] == "=" and (i + 3 >= len(rest) or rest[i + 3] == ",")
        for i in range(0, len(rest), 4)
    )
