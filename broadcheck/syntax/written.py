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

import re
from collections.abc import Iterator

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import strip_comments
from broadcheck.syntax.parts import Statement, TypeText
from broadcheck.syntax.parts import SyntaxProblem as ReaderProblem
from broadcheck.syntax.statement import read_statement
from broadcheck.syntax.types import WRONG_TOKEN, type_problem


def written_types(statement: Statement) -> Iterator[TypeText]:
    """Every type a statement writes: its signature's, its values' (``%x: T``, ``ins(%a : T)``),
    its successors' operands'."""
    signature = statement.signature
    if signature is not None:
        yield from signature.inputs
        yield from signature.outputs
    for definition in statement.definitions:
        if definition.type is not None:
            yield definition.type
    for use in statement.operands:
        if use.type is not None:
            yield use.type
    for successor in statement.successors:
        for use in successor.operands:
            if use.type is not None:
                yield use.type
    for attribute in statement.attributes:
        value = attribute.text
        if ":" in value or value.startswith(_TYPE_VALUES):
            typed = _attribute_type(value, attribute.end - len(value))
            if typed is not None:
                yield typed


_OPENING = frozenset("<([{")
_CLOSING = frozenset(">)]}")
_TYPE_VALUES = ("tensor<", "vector<", "memref<", "complex<", "tuple<")
"""How an attribute value that is a builtin type (a ``TypeAttr``) starts."""
_TYPED_VALUE = lazy(r"[ \t\n]*+(?:(?:tensor|vector|memref|complex|tuple)<.*|[A-Za-z_][\w$.]*+)[ \t\n]*+", re.S)
"""What may follow an attribute value's top-level ``:``: a builtin type or a word (``dense<1> : T``)."""


def _attribute_type(value: str, base: int) -> TypeText | None:
    """The builtin type attribute value ``value`` (at ``base``) writes: the type it is, or the
    type after its top-level ``:`` (``dense<1.0> : tensor<4xf32>``, ``1 : i32``); else ``None``."""
    if value.startswith(_TYPE_VALUES):
        return TypeText(value, base, base + len(value), value)
    depth = 0
    i = 0
    while i < len(value):
        c = value[i]
        if c == '"':
            close = value.find('"', i + 1)
            if close < 0:
                return None
            i = close + 1
            continue
        if c == "-" and value.startswith("->", i):
            i += 2
            continue
        if c in _OPENING:
            depth += 1
        elif c in _CLOSING:
            depth -= 1
        elif c == ":" and depth == 0:
            if value.startswith("::", i) or value[i - 1 : i] == ":":
                return None  # (a nested symbol's `@a::@b`)
            rest = value[i + 1 :]
            if _TYPED_VALUE.fullmatch(rest) is None:
                return None
            start = i + 1 + len(rest) - len(rest.lstrip())
            written = rest.strip()
            return TypeText(written, base + start, base + start + len(written), written)  # (its key unused)
        i += 1
    return None


def written_type_problem(statement: Statement, text: str) -> tuple[str, int] | None:
    """The first type ``statement`` (read from ``text``) writes that MLIR's parser rejects: its
    message and the offset in ``text`` it is at (``emitWrongTokenError``'s just after the token
    before a type no type starts so); ``None`` if every type it writes reads."""
    first: tuple[int, str, int] | None = None
    for written in written_types(statement):
        found = type_problem(written.text)
        if found is not None and (first is None or written.start < first[0]):
            first = (written.start, *found)
    if first is None:
        return None
    start, message, offset = first
    if offset == 0 and message == WRONG_TOKEN:
        return message, len(strip_comments(text[:start]).rstrip())
    return message, start + offset


def type_wrong(source: str, custom: bool) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``source``, the text of a statement the engine could not
    take, and the offset it names, if it is a type the statement writes (:func:`written_type_problem`);
    a custom form only if ``custom`` (its op is declared: an unknown op's parser never reads its
    types). ``None`` otherwise."""
    try:
        statement = read_statement(source)
    except ReaderProblem:
        return None
    if not (statement.generic or custom):
        return None
    return written_type_problem(statement, source)


_TYPE_AFTER = lazy(r"[ \t\n]*:[ \t\n]*")


def argument_type_problem(text: str, after: int, key: str) -> tuple[str, int] | None:
    """What MLIR's parser says first of the type of a block's argument ``%x: T`` in ``text``
    (``after``: where its name ends; ``key``: its type without blanks), and the offset in
    ``text`` it says it at; ``None`` if the type reads (or is not one this module judges)."""
    found = type_problem(key)
    if found is None:
        return None
    m = _TYPE_AFTER.match(text, after)
    start = after if m is None else m.end()
    if found[1] == 0 and found[0] == WRONG_TOKEN:
        return found[0], len(text[:start].rstrip())
    return found[0], start + found[1]


__all__ = ["argument_type_problem", "type_wrong", "written_type_problem", "written_types"]
