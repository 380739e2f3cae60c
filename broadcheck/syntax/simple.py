"""Stage *read a statement*, fast: the common forms read by one regular expression each.

:func:`simple_statement` reads a key (a statement's text with its value names written
``%_``) in the commonest printed forms, :func:`simple_head` a function's head as JAX and
mlir-opt print it, without cutting the text into tokens; each gives what the token reader
(:func:`~.statement.read_statement`) gives, or ``None`` when the text is not in its form
(``tests/test_statement.py`` holds the two to each other).
"""

from __future__ import annotations

import re

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.parts import (
    ONE_RESULT,
    REGION,
    Item,
    Signature,
    Statement,
    TypeText,
    Use,
    arguments_at,
    comma_at,
    matched_types,
    operand_items,
    type_text,
    use_at,
    uses_at,
    value_at,
)

_SIMPLE_TYPE = r"!?[A-Za-z_][\w.$]*+(?:<[^<>()\[\]{}\"]*+(?<!-)>)?"
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
    results = ONE_RESULT if m.group("result") else ()
    generic = m.group("generic") is not None
    if generic:
        name, name_start, name_end = m.group("generic"), m.start("generic") - 1, m.end("generic") + 1
        at, ops = m.start("gops"), m.group("gops")
    else:
        name, name_start, name_end = m.group("custom"), m.start("custom"), m.end("custom")
        at, ops = m.start("cops"), m.group("cops")
    operands, items = _operands(at, ops, not generic)
    open_at = key.index(" : (", name_end) + 3
    ins = m.group("ins")
    inputs = _types(key, m.start("ins"), ins) if ins is not None else ()
    out = m.group("out")
    outputs = () if out == "()" else (type_text(key, m.start("out"), m.end("out")),)
    end = len(key)
    if not generic:
        items.append(Item("types", key[open_at:end], open_at, end))
    signature = Signature("function", inputs, outputs, open_at, end, open_at - 1)
    return Statement(
        name, name_start, name_end, generic, results, tuple(operands), (), (), (), signature, 0, tuple(items), end
    )


MANY = 1 << 8
"""Operands (or types) written in this many characters or more are made by ``map`` (:func:`.parts.uses_at`,
:func:`.parts.matched_types`), fewer by a loop (a few ``map`` and ``zip`` cost more than a loop of two)."""


def _operands(at: int, ops: str | None, with_items: bool) -> tuple[list[Use], list[Item]]:
    """The operands ``%_, %_, ...`` written at ``at`` (``ops``), and, for a custom form
    (``with_items``), their items (each value, a ``,`` between)."""
    if not ops:
        return [], []
    if len(ops) >= MANY:  # (by `map`: a JAX export's return of 17k values)
        return uses_at(at, len(ops)), operand_items(at, len(ops)) if with_items else []
    operands: list[Use] = []
    items: list[Item] = []
    for i in range(0, len(ops), 4):  # `%_, %_`: a name every four characters
        operands.append(use_at(at + i))
        if with_items:
            if i:
                items.append(comma_at(at + i - 2))
            items.append(value_at(at + i))
    return operands, items


def _types(key: str, base: int, ins: str) -> tuple[TypeText, ...]:
    """:func:`type_text` of each :data:`_SIMPLE_TYPES` of ``ins``, written at ``base`` in ``key``."""
    if len(ins) >= MANY:
        return tuple(matched_types(list(_SIMPLE_TYPES.finditer(key, base, base + len(ins))), 0))
    return tuple(type_text(key, base + t.start(), base + t.end()) for t in _SIMPLE_TYPES.finditer(ins))


def _simple_list(key: str, m: re.Match[str]) -> Statement:
    results = ONE_RESULT if m.group("result") else ()
    name, name_start, name_end = m.group("custom"), m.start("custom"), m.end("custom")
    at, ops = m.start("cops"), m.group("cops")
    operands, items = _operands(at, ops, True)
    ins, base = m.group("ins"), m.start("ins")
    inputs = _types(key, base, ins)
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
    rf"\((?P<arguments>(?:{_ARGUMENT}(?:, (?=%_: )|(?=\))))++)\)"
    rf"(?: (?P<arrow>-> (?:(?P<one>{_SIMPLE_TYPE})|\((?P<many>(?:{_RESULT_TYPE}(?:, (?=!?[A-Za-z_])|(?=\))))++)\))))?"
    rf" \{{\.\.\.\}}"
)
"""A head of arguments ``A, A, ...`` each followed by ``, `` and the next or by ``)``, and its results
likewise: what ``A(?:, A)*+`` matches (an argument starts with ``%_: ``, a result type with a letter or
``!``), each written once, so that compiling the pattern (every run with a function) costs two thirds
of what it cost (9.3M instructions; a test holds the two forms equal on generated heads)."""


_FLAT_DICT = lazy(rf"\{{{_FLAT}\}}")


def _values_read(key: str, start: int) -> bool:
    """Whether every type the values of the attribute dictionaries after ``start`` write
    (``{a = 0 : i32}``) reads; a head where one does not is the token reader's, whose walk
    (:mod:`.head`) says what MLIR's parser says of it."""
    from broadcheck.syntax.types import dictionary_types, type_problem

    for found in _FLAT_DICT.finditer(key, start, len(key) - len(REGION)):
        for _, typed in dictionary_types(key, found.start(), found.end()):
            if type_problem(typed) is not None:
                return False
    return True


def simple_head(key: str) -> Statement | None:
    """The statement of a function's head (``func.func ... {...}``) in the form JAX and
    mlir-opt print, read without the tokenizer, or ``None`` (then :func:`read_statement`
    reads it). What it gives is what :func:`read_statement` gives (``tests/test_statement.py``
    holds the two to each other)."""
    m = _SIMPLE_HEAD.fullmatch(key)
    if m is None or (key.find(" : ", m.start("arguments")) >= 0 and not _values_read(key, m.start("arguments"))):
        return None
    items: list[Item] = []
    if m.group("visibility"):
        items.append(Item("word", m.group("visibility"), m.start("visibility"), m.end("visibility")))
    items.append(Item("symbol", m.group("symbol"), m.start("symbol"), m.end("symbol")))
    open_at, close_at = m.start("arguments") - 1, m.end("arguments") + 1
    items.append(Item("arguments", key[open_at:close_at], open_at, close_at))
    arguments = list(_ARGUMENTS.finditer(key, open_at + 1, close_at - 1))
    definitions = arguments_at(arguments, matched_types(arguments, "type"))
    del arguments
    signature: Signature | None = None
    if m.group("arrow") is not None:
        if m.group("one") is not None:
            outputs: tuple[TypeText, ...] = (type_text(key, m.start("one"), m.end("one")),)
        else:
            outputs = tuple(matched_types(list(_RESULT_TYPES.finditer(key, m.start("many"), m.end("many"))), "type"))
        end = m.end("arrow")
        signature = Signature("arrow", (), outputs, outputs[0].start, end)
        items.append(Item("types", key[m.start("arrow") : end], m.start("arrow"), end))
    region = len(key) - len(REGION)
    items.append(Item("region", REGION, region, len(key)))
    return Statement("func.func", 0, 9, False, (), (), definitions, (), (), signature, 1, tuple(items), len(key))
