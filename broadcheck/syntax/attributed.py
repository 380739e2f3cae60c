"""Stage *read a statement*, fast: the common forms with attributes, read without tokens.

:func:`~.simple.simple_statement` takes a statement whose parts are value names and types.
Most of what it leaves are the same forms with attributes: the generic form with its
properties and attribute dictionary (``"tfl.add"(%_, %_) <{fused_activation_function =
"NONE"}> : (T, T) -> T``, ``"onnx.Add"(%_, %_) {onnx_node_name = "/a/Add"} : ...``), and a
custom form whose items are values, keywords, an attribute dictionary, ``name = value``
clauses and literals (``stablehlo.broadcast_in_dim %_, dims = [1] : (T) -> U``,
``stablehlo.constant dense<1.0> : T``, ``stablehlo.compare  GT, %_, %_,  FLOAT : ...``).
:func:`attributed_statement` reads those with a few regular expressions over the whole text,
in MLIR's printed spacing, and gives what the token reader (:func:`~.statement.read_statement`)
gives, or ``None`` for anything else (then the token reader reads it): a value written other
than ``%_``, a string with an escape, a bracket nested deeper than three levels, a comment, a
line break, a region, a location, a keyword's group (``ins(...)``), a successor.
``tests/test_statement_fast.py`` holds the two to each other on real and random texts.

What the token reader does that these patterns must do too: a value's text is what lies
between its ``=`` and the ``,`` (or the end) at its own depth, without the spaces around it;
``>=`` is one word, ``->`` one token (its ``>`` closes nothing); a custom form's word directly
followed by ``<...>`` is one item (a literal's, when the word is ``dense``, ``array``,
``sparse`` or ``dense_resource``: an attribute without a name); a number alone before the
``:`` is an attribute without a name (``arith.constant 5 : i32``); a clause's value runs to
the next ``,`` or ``:``.
"""

from __future__ import annotations

import re

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.parts import Attribute, Item, Result, Signature, Statement, TypeText, Use, type_text

_STRING = r'"[^"\\\n]*+"'
"""A string without escapes (one with an escape is the token reader's)."""
_FLAT = r'(?:[^"()\[\]{}<>\n/\-]|-(?!>)|/(?!/)|->|' + _STRING + ")"
"""One piece inside brackets that opens or closes nothing (``->``'s ``>`` closes nothing)."""


def _group(inside: str, kinds: str) -> str:
    pairs = {"<": r"<{0}*+>(?!=)", "[": r"\[{0}*+\]", "(": r"\({0}*+\)", "{": r"\{{{0}*+\}}"}
    return "(?:" + "|".join(pairs[k].format(inside) for k in kinds) + ")"


_G1 = _group(_FLAT, "<[(")
_G2 = _group(f"(?:{_FLAT}|{_G1})", "<[({")
_GROUP = _group(f"(?:{_FLAT}|{_G2})", "<[({")
"""A bracket group, balanced, three levels deep at most."""
_ANGLE = _group(f"(?:{_FLAT}|{_G2})", "<")

_NAME = r"[A-Za-z_][\w.$]*+"
_PIECE = rf'(?:[^\s"()\[\]{{}}<>,/\-]|-(?!>)|/(?!/)|->|{_STRING}|{_GROUP})++'
_VALUE = rf"{_PIECE}(?: {_PIECE})*+"
"""An attribute's value: up to a ``,`` at its depth, no space at either end."""
_ENTRY = rf"{_NAME}(?: = {_VALUE})?"
_DICT = rf"\{{{_ENTRY}(?:, {_ENTRY})*+\}}"
_ENTRIES = lazy(rf"(?P<name>{_NAME})(?: = (?P<value>{_VALUE}))?(?:, |$)")

_TYPE = rf"!?[A-Za-z][\w.$]*+(?:{_ANGLE})?"
"""A type (a word and its ``<...>``) that can start a type list's next type."""
_TYPES = rf"{_TYPE}(?:, {_TYPE})*+"
_OUT = rf"(?:{_TYPE}|\((?:{_TYPES})?\))"
_ONE_TYPE = lazy(_TYPE)
_FUNCTION = rf"\((?P<fins>{_TYPES})?\) -> (?P<fout>{_OUT})"
_SIGNATURE = (
    rf"(?P<sig>{_FUNCTION}"
    rf"|(?P<to1>{_TYPE}) to (?P<to2>{_TYPE})"
    rf"|(?P<ains>{_TYPES}) -> (?P<aout>{_OUT})"
    rf"|(?P<list>{_TYPES}))"
)
_RESULTS = r"(?P<results>%_(?:, %_)*+ = )?"
_GENERIC = lazy(
    rf'{_RESULTS}"(?P<name>[A-Za-z_][\w$.\-]*+)"\((?P<ops>%_(?:, %_)*+)?\)'
    rf"(?: <(?P<props>{_DICT})>)?(?: (?P<attrs>{_DICT}))? : (?P<sig>{_FUNCTION})"
)
"""The generic form (its types are a function type: anything else is the token reader's error)."""
_CUSTOM = lazy(rf"{_RESULTS}(?P<name>[A-Za-z_][\w$]*+(?:\.[\w$.]++)?)(?P<body> [^\n]*?)?(?<! ) : {_SIGNATURE}")
_WORD = r"(?:[\w.$+]|-(?!>))++"
_ITEM = lazy(
    r" *+(?:"
    r"(?P<value>%_)(?=[ ,]|$)"
    r"|(?P<comma>,)"
    rf"|(?P<clause>{_NAME}) = (?P<cvalue>\[[\w.+\-, ]*+\]|{_WORD})(?=,|$)"
    rf"|(?P<dict>{_DICT})(?=[ ,]|$)"
    rf"|(?P<props><{_DICT}>)(?=[ ,]|$)"
    rf"|(?P<literal>{_NAME}{_ANGLE})(?=[ ,]|$)"
    rf"|(?P<word>{_WORD})(?=[ ,]|$)"
    r")"
)
_SCALAR = lazy(r"-?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+)")
_LITERALS = frozenset({"dense", "sparse", "dense_resource", "array"})


def attributed_statement(key: str) -> Statement | None:
    """The statement of ``key`` in a common form with attributes (see the module docstring),
    read without the tokenizer, or ``None`` (then :func:`~.statement.read_statement` reads it)."""
    if "\n" in key or key[-1:] in ("{", "}", ""):  # (a region's head: a function's, a module's)
        return None
    if key[:1] == '"' or '= "' in key:
        m = _GENERIC.fullmatch(key)
        if m is not None:
            return _generic(key, m)
    m = _CUSTOM.fullmatch(key)
    return None if m is None else _custom(key, m)


def _results(m: re.Match[str]) -> tuple[Result, ...]:
    written = m.group("results")
    if not written:
        return ()
    return tuple(Result("%_", 1, at, at + 2) for at in range(0, len(written) - 3, 4))


def _uses(key: str, m: re.Match[str], group: str) -> tuple[Use, ...]:
    at, ops = m.start(group), m.group(group)
    if not ops:
        return ()
    return tuple(Use("%_", 0, at + i, at + i + 2) for i in range(0, len(ops), 4))


def _entries(key: str, start: int, end: int, properties: bool, into: list[Attribute]) -> None:
    """The attributes of the dictionary ``key[start:end]`` (its braces included)."""
    pos, stop = start + 1, end - 1
    while pos < stop:
        e = _ENTRIES.match(key, pos, stop)
        if e is None:  # (the dictionary's pattern matched: it cannot happen)
            raise AssertionError(key)
        if e.group("value") is None:
            into.append(Attribute(e.group("name"), "unit", e.start("name"), e.end("name"), properties))
        else:
            into.append(Attribute(e.group("name"), e.group("value"), e.start("name"), e.end("value"), properties))
        pos = e.end()


def _types(key: str, start: int, end: int) -> tuple[TypeText, ...]:
    return tuple(type_text(key, t.start(), t.end()) for t in _ONE_TYPE.finditer(key, start, end))


def _out(key: str, m: re.Match[str], group: str) -> tuple[TypeText, ...]:
    start, end = m.span(group)
    if key[start] == "(":
        return _types(key, start + 1, end - 1)
    return (type_text(key, start, end),)


def _signature(key: str, m: re.Match[str]) -> Signature:
    """The types after the ``:`` (the statement's last part, after ``: ``)."""
    start, end = m.start("sig"), len(key)
    if m.group("fout") is not None:
        inputs = _types(key, start + 1, m.end("fins")) if m.group("fins") is not None else ()
        return Signature("function", inputs, _out(key, m, "fout"), start, end, start - 1)
    if m.group("to1") is not None:
        one = (type_text(key, start, m.end("to1")),)
        return Signature("to", one, (type_text(key, m.start("to2"), m.end("to2")),), start, end, start - 1)
    if m.group("ains") is not None:
        inputs = _types(key, start, m.end("ains"))
        return Signature("arrow", inputs, _out(key, m, "aout"), start, end, start - 1)
    return Signature("list", _types(key, start, end), (), start, end, start - 1)


def _generic(key: str, m: re.Match[str]) -> Statement:
    attributes: list[Attribute] = []
    if m.group("props") is not None:
        _entries(key, m.start("props"), m.end("props"), True, attributes)
    if m.group("attrs") is not None:
        _entries(key, m.start("attrs"), m.end("attrs"), False, attributes)
    name_start, name_end = m.start("name") - 1, m.end("name") + 1
    signature = _signature(key, m)
    return Statement(
        m.group("name"), name_start, name_end, True, _results(m), _uses(key, m, "ops"), (), (),
        tuple(attributes), signature, 0, (), len(key),
    )  # fmt: skip


def _custom(key: str, m: re.Match[str]) -> Statement | None:
    operands: list[Use] = []
    attributes: list[Attribute] = []
    items: list[Item] = []
    if m.group("body") is not None:
        pos, stop = m.span("body")
        match = _ITEM.match
        while pos < stop:
            it = match(key, pos, stop)
            if it is None or it.end() == pos:
                return None
            kind = it.lastgroup
            if kind == "value":
                start = it.start("value")
                operands.append(Use("%_", 0, start, start + 2))
                items.append(Item("value", "%_", start, start + 2))
            elif kind == "comma":
                start = it.start("comma")
                items.append(Item("punct", ",", start, start + 1))
            elif kind == "cvalue":
                start, end = it.start("clause"), it.end("cvalue")
                attributes.append(Attribute(it.group("clause"), it.group("cvalue"), start, end))
                items.append(Item("clause", key[start:end], start, end))
            elif kind == "dict":
                start, end = it.span("dict")
                _entries(key, start, end, False, attributes)
                items.append(Item("dict", key[start:end], start, end))
            elif kind == "props":
                start, end = it.span("props")
                _entries(key, start + 1, end - 1, True, attributes)
                items.append(Item("props", key[start:end], start, end))
            elif kind == "literal":
                start, end = it.span("literal")
                text = key[start:end]
                items.append(Item("word", text, start, end))
                if text[: text.index("<")] in _LITERALS:
                    attributes.append(Attribute("", text, start, end))
            else:
                start, end = it.span("word")
                text = key[start:end]
                if not items and end == stop and _SCALAR.fullmatch(text):
                    attributes.append(Attribute("", text, start, end))  # `arith.constant 5 : i32`
                items.append(Item("word", text, start, end))
            pos = it.end()
    signature = _signature(key, m)
    items.append(Item("types", key[signature.start :], signature.start, signature.end))
    return Statement(
        m.group("name"), m.start("name"), m.end("name"), False, _results(m), tuple(operands), (), (),
        tuple(attributes), signature, 0, tuple(items), len(key),
    )  # fmt: skip
