"""Stage *read a statement*, its types judged: the first type a statement writes that MLIR's type
parser rejects, in its words and at its place.

MLIR parses every type where it is written, whatever the op (its generic form, or a custom form
its dialect declares), so a statement that writes ``tensor<4xf33>`` stops the parser there, before
its op is verified or its operands resolved. The readers (:mod:`.statement`) cut a statement's
types out as text; :func:`~.types.type_problem` judges each distinct text once. The engine asks
once per key (:mod:`broadcheck.engine.forms`), again on the statement's own text to word it
(:func:`type_wrong`), and of each block label's arguments (:func:`argument_type_problem`).
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from sys import intern

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import strip_comments
from broadcheck.syntax.parts import OpParser, OpWords, ParserWords, Statement, TypeText
from broadcheck.syntax.parts import SyntaxProblem as ReaderProblem
from broadcheck.syntax.problem import KEYWORD, NO_VALUE, attribute_word
from broadcheck.syntax.statement import read_statement
from broadcheck.syntax.types import TYPE_VALUES, WRONG_TOKEN, attribute_type, strided_problem, type_problem


def _attribute_type(value: str, base: int) -> TypeText | None:
    """The builtin type attribute value ``value`` (at ``base``) writes (:func:`~.types.attribute_type`)."""
    found = attribute_type(value)
    if found is None:
        return None
    start, written = found
    return TypeText(written, base + start, base + start + len(written), written)  # (its key unused)


CLEAN = 1 << 16
"""How many type texts :data:`_CLEAN` keeps (then it starts again)."""
_CLEAN: set[str] = set()
"""Type texts (as written) that read: judged once (a pure cache of :func:`~.types.type_problem`'s
``None``, whose own cache is smaller). Kept by type, not by signature (``(T, U) -> V``): a file of
distinct statements has a few thousand types among tens of thousands of signatures, each kept as
its own text (issue 31's peak RSS: 5 MB on bench/gen2.py's 100k ops); each text is interned, the
one string the forms' type keys hold."""
_TYPE_OF = itemgetter(4)
"""A :class:`~.parts.Use`'s type (``None``: not written beside it)."""


def written_type_problem(statement: Statement, text: str) -> tuple[str, int] | None:
    """The first type ``statement`` (read from ``text``) writes that MLIR's parser rejects: in its
    signature, its values' (``%x: T``, ``ins(%a : T)``, a successor's), an attribute value's
    (``dense<1> : T``); its message and the offset in ``text`` it is at (``emitWrongTokenError``'s
    just after the token before a type no type starts so). ``None`` if every type it writes reads.
    Asked once per distinct statement: a type judged before is one set lookup."""
    found: list[tuple[int, str, int]] = []
    signature = statement.signature
    if signature is not None:
        _judge(signature.inputs, found)
        _judge(signature.outputs, found)
    if statement.definitions:
        _judge([d.type for d in statement.definitions if d.type is not None], found)
    if any(map(_TYPE_OF, statement.operands)):
        _judge([u.type for u in statement.operands if u.type is not None], found)
    for successor in statement.successors:
        _judge([u.type for u in successor.operands if u.type is not None], found)
    if not statement.generic and statement.name in VALUE_FIRST and statement.items:
        first = statement.items[0]  # (`stablehlo.constant dens<1.0> : T`: its value, mistyped)
        if first.kind == "word" and (said := value_problem(first.text)) is not None:
            found.append((first.start, *said))
    for attribute in statement.attributes:
        value = attribute.text
        if statement.generic and value and (said := value_problem(value)) is not None:
            found.append((attribute.end - len(value), *said))
        if ":" in value or value.startswith(TYPE_VALUES):
            typed = _attribute_type(value, attribute.end - len(value))
            if typed is not None:
                _judge((typed,), found)
    if not found:
        return None
    start, message, offset = min(found)
    if offset == 0 and message in (WRONG_TOKEN, NO_VALUE):
        return message, len(strip_comments(text[:start]).rstrip())
    return message, start + offset


def value_problem(value: str) -> tuple[str, int] | None:
    """What ``Parser::parseAttribute`` says first of an attribute's value written ``value`` (a
    generic form's: a custom form's parser may read its own words there), and the offset in it:
    a punctuation mark or a bare word it does not know (``dens<1.0>``: :data:`~.problem.NO_VALUE`, at
    offset 0, placed as a wrong token), a dialect's attribute its parser does not define (``#stablehlo.gathr<...>``),
    a second ``:`` where its type starts (``dense<0> :: T``), a second type (``0 : i64 : T``), an affine
    map's undeclared dimension (``affine_map<(d0) -> (d1)>``); ``None`` otherwise."""
    first = value[0]
    if first in "=:,":  # (`a == 1`: no attribute starts so)
        return NO_VALUE, 0
    if first.isalpha():
        end = 1  # (the bare word, `[A-Za-z_][\w$.]*`, by string methods: no pattern compiled on a clean run)
        while end < len(value) and (value[end].isalnum() or value[end] in "_$."):
            end += 1
        if not attribute_word(value[:end]):
            return NO_VALUE, 0
    if "#" in value:  # (nested too: `mode = #stablehlo.resul<...>`)
        from broadcheck.syntax.mnemonics import mnemonic_problem  # (only where a value names one)

        if (slip := mnemonic_problem(value)) is not None:
            return slip
    twice = _TWO_COLONS.search(value) if "::" in value and '"' not in value else None  # (a string may hold `::`)
    if twice is not None:
        return WRONG_TOKEN, twice.start() + 1  # (`dense<0> :: T`: no type starts so)
    if value.count(":") > 1 and (second := _second_type(value)) is not None:
        return "expected '}' in attribute dictionary", second  # (`0 : i64 : T`: the value ends with its type)
    return _undeclared(value) if "affine_map<" in value else None


def _second_type(value: str) -> int | None:
    """Where the text before a second ``:`` outside brackets and strings of ``value`` ends (a
    symbol's ``::`` is none)."""
    from broadcheck.syntax.brackets import scan, stops

    colons: list[int] = []
    at, end = 0, len(value)
    while len(colons) < 2:
        at, mark = scan(value, at, end, stops(":"))
        if mark != ":":
            return None
        if value.startswith("::", at):
            at += 2
            continue
        colons.append(at)
        at += 1
    return len(value[: colons[1]].rstrip())


def _undeclared(value: str) -> tuple[str, int] | None:
    """The first identifier an ``affine_map<(d0, ...)[s0, ...] -> (...)>`` in ``value`` uses that it
    does not declare: "use of undeclared identifier", at it."""
    from broadcheck.syntax.brackets import scan

    at = value.find("affine_map<")
    while at >= 0:
        start = at + len("affine_map<")
        arrow = value.find("->", start)
        opened = value.find("(", arrow)
        if arrow < 0 or opened < 0 or value[arrow + 2 : opened].strip():
            return None
        declared = {name.strip(" ()[]") for name in value[start:arrow].replace("[", ",").split(",")}
        close = scan(value, opened + 1, len(value))[0]
        i = opened + 1
        while i < close:
            if value[i].isalpha() or value[i] == "_":
                end = i + 1
                while end < close and (value[end].isalnum() or value[end] in "_$"):
                    end += 1
                if value[i:end] not in declared and value[i:end] not in _AFFINE_WORDS:
                    return "use of undeclared identifier", i
                i = end
            else:
                i += 1
        at = value.find("affine_map<", close)
    return None


_AFFINE_WORDS = frozenset({"mod", "floordiv", "ceildiv"})


_TWO_COLONS = lazy(r"(?<![:@\w]):(?=:(?!:*@))")
"""The ``:`` before a value's type, then another (not a symbol's ``::@``)."""
VALUE_FIRST = frozenset({"arith.constant", "chlo.constant", "mhlo.constant", "stablehlo.constant"})
"""Ops whose custom form starts with their value, read by ``parseAttribute``
(``stablehlo.constant dense<1.0> : T``)."""


def _judge(written: Iterable[TypeText], found: list[tuple[int, str, int]]) -> None:
    for typed in written:
        text = typed.text
        if text in _CLEAN:
            continue
        problem = type_problem(text)
        if problem is not None:
            found.append((typed.start, *problem))
        else:
            if len(_CLEAN) >= CLEAN:
                _CLEAN.clear()
            _CLEAN.add(intern(text))


def type_wrong(source: str, custom: bool, parser: OpParser | None = None) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``source``, the text of a statement the engine could not
    take, and the offset it names, if it is a type the statement writes (:func:`written_type_problem`)
    or a place where the reader stopped as MLIR's parser does (:class:`~.parts.ParserWords`; an op's
    own parser's words, :class:`~.parts.OpWords`, as ``parser`` words them); a custom form only if
    ``custom`` (its op is declared: an unknown op's parser never reads its types). ``None`` otherwise."""
    try:
        statement = read_statement(source)
    except OpWords as said:
        return parser(said) if parser is not None else (said.message, said.start) if _GENERIC.match(source) else None
    except ParserWords as said:  # (the reader stopped where MLIR's parser does, and says it so)
        return said.message, said.start
    except ReaderProblem:
        return _glued(source) if custom or _GENERIC.match(source) else None
    if not (statement.generic or custom):
        return None
    return written_type_problem(statement, source)


_GENERIC = lazy(r'\s*(?:%[^=]*=\s*)?"')
_GLUED = lazy(rf"(?:[(,:]|->)[ \t\n]*+(?P<word>(?:{KEYWORD})[\w$.])")


def _glued(source: str) -> tuple[str, int] | None:
    """A statement the reader cannot take whose types, after its ``:``, hold a type's keyword glued to
    its shape (``(tensor2xf32>, ...)``: one identifier to MLIR's lexer, no type): ``expected
    non-function type``, just after the text before it; ``None`` where none does."""
    depth = 0
    for i, c in enumerate(source):
        arrow = c in "<>" and source.startswith("-", i - 1)
        if c in "([{<" and not arrow:
            depth += 1
        elif c in ")]}>" and not arrow:
            depth -= 1
        elif c == ":" and depth == 0 and ":" not in (source[i - 1 : i], source[i + 1 : i + 2]):
            m = _GLUED.search(source, i)
            return None if m is None else (WRONG_TOKEN, len(source[: m.start("word")].rstrip()))
    return None


def open_layout(source: str) -> tuple[str, int] | None:
    """A memref's strided layout whose brackets do not close (``memref<?xf32, strided<[>>``): the
    reader cannot cut its type out, but MLIR's layout parser stops at the token it wants an integer
    at, whatever follows (:func:`~.types.strided_problem`); ``None`` where there is none."""
    at = source.find("strided<")
    if at < 0 or source.rfind("memref<", 0, at) < 0:
        return None
    found = strided_problem(source, at)
    return found if isinstance(found, tuple) else None


_TYPE_AFTER = lazy(r"[ \t\n]*:[ \t\n]*")


def argument_type_problem(text: str, after: int, key: str) -> tuple[str, int] | None:
    """What MLIR's parser says first of the type of a block's argument ``%x: T`` in ``text``
    (``after``: where its name ends; ``key``: its type without blanks), and the offset in
    ``text`` it says it at; ``None`` if the type reads (or is not one this module judges)."""
    found = type_problem(key)
    if found is None:
        return None
    start, written = argument_type(text, after, key)
    if found[1] and written != key:  # (blanks inside: judged as written, for its offset)
        found = type_problem(written) or found
    if found[1] == 0 and found[0] == WRONG_TOKEN:
        return found[0], len(text[:start].rstrip())
    return found[0], start + found[1]


def argument_type(text: str, after: int, key: str) -> tuple[int, str]:
    """Where the type of a block's argument ``%x: T`` in ``text`` starts and the type as written
    (``after``: where its name ends; ``key``: its type without blanks)."""
    m = _TYPE_AFTER.match(text, after)
    start = after if m is None else m.end()
    if text.startswith(key, start):
        return start, key
    end, left = start, len(key)
    while left and end < len(text):
        left -= not text[end].isspace()
        end += 1
    written = text[start:end]
    return start, written if "".join(written.split()) == key else key


__all__ = ["argument_type", "argument_type_problem", "type_wrong", "written_type_problem"]
