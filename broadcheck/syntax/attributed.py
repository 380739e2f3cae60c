"""Stage *read a statement*, fast: the common forms with attributes, read without tokens.

:func:`~.simple.simple_statement` takes a statement whose parts are value names and types.
Most of what it leaves are the same forms with attributes: the generic form with its
properties and attribute dictionary (``"tfl.add"(%_, %_) <{fused_activation_function =
"NONE"}> : (T, T) -> T``, ``"onnx.Add"(%_, %_) {onnx_node_name = "/a/Add"} : ...``), and a
custom form whose items are values, keywords, an attribute dictionary, ``name = value``
clauses, literals, symbols, the values of a group right after a word and a keyword's group
without values (``stablehlo.broadcast_in_dim %_, dims = [1] : (T) -> U``, ``stablehlo.constant
dense<1.0> : T``, ``stablehlo.compare  GT, %_, %_,  FLOAT : ...``, ``call @f(%_) : (T) -> U``,
``stablehlo.reduce(%_ init: %_) across dimensions = [1] : ...``, ``tosa.const values(dense<1> :
T) : () -> T``), either form with a trailing location. :func:`attributed_statement` reads those
with a few small regular expressions, an item, a dictionary's entry or a type at a time, in
MLIR's printed spacing, and gives what the token reader (:func:`~.statement.read_statement`)
gives, or ``None`` for anything else (then the token reader reads it): a value written other
than ``%_``, a string with an escape, a bracket nested deeper than three levels, a comment, a
line break, a region, a keyword's group with values (``ins(%_ : T)``), a successor.
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
from broadcheck.syntax.parts import (
    ONE_RESULT,
    Attribute,
    Item,
    Result,
    Signature,
    Statement,
    TypeText,
    Use,
    comma_at,
    type_text,
    use_at,
    value_at,
)

_STRING = r'"[^"\\\n]*+"'
"""A string without escapes (one with an escape is the token reader's)."""
_FLAT = r'(?:[^"()\[\]{}<>\n/\-]++|-(?!>)|/(?!/)|->|' + _STRING + ")"
"""One piece inside brackets that opens or closes nothing (``->``'s ``>`` closes nothing)."""


def _group(inside: str, kinds: str) -> str:
    pairs = {"<": r"<{0}*+>(?!=)", "[": r"\[{0}*+\]", "(": r"\({0}*+\)", "{": r"\{{{0}*+\}}"}
    return "(?:" + "|".join(pairs[k].format(inside) for k in kinds) + ")"


_G1 = _group(_FLAT, "<[({")
_G2 = _group(f"(?:{_FLAT}|{_G1})", "<[({")
_GROUP = _group(f"(?:{_FLAT}|{_G2})", "<[({")
"""A bracket group, balanced, three levels deep at most."""
_ANGLE = _group(f"(?:{_FLAT}|{_G2})", "<")

_NAME = r"[A-Za-z_][\w.$]*+"
_PIECE = rf'(?:[^\s"()\[\]{{}}<>,/\-]++|-(?!>)|/(?!/)|->|{_STRING}|{_GROUP})++'
_ENTRY = lazy(rf"(?P<name>{_NAME})(?: = (?P<value>{_PIECE}(?: {_PIECE})*+))?(?P<next>, |\}})")
"""One entry of an attribute dictionary, and what follows it. A value runs up to a ``,`` at its
depth, with no space at either end."""
_TYPE = lazy(rf"!?[A-Za-z][\w.$]*+(?:{_ANGLE})?(?=[,) ]|$)")
"""A type (a word and its ``<...>``) that can start a type list's next type."""
_GENERIC = lazy(r'(?P<results>%_(?:, %_)*+ = )?"(?P<name>[A-Za-z_][\w$.\-]*+)"\((?P<ops>%_(?:, %_)*+)?\)')
_CUSTOM = lazy(r"(?P<results>%_(?:, %_)*+ = )?(?P<name>[A-Za-z_][\w$]*+(?:\.[\w$.]++)?)(?=[ (]|$)")
_WORD = r"(?:[\w.$+]|-(?!>))++"
_LIST = r"\[[\w.+\-, ]*+\]"
_KEYWORD_GROUP = _group(f"(?:{_FLAT}|{_G2})", "([")
_ITEM = lazy(
    r" *+(?:"
    r"(?P<value>%_)(?=[ ,]|$)"
    r"|(?P<comma>,)"
    r"|(?P<colon>(?<= ): )"
    rf"|(?P<clause>{_NAME}) = (?P<cvalue>(?:{_LIST}|{_WORD})(?: (?:{_LIST}|{_WORD}))*+)(?=,| : )"
    r"|(?P<dict>\{)"
    r"|(?P<props><\{)"
    r"|(?<=[\w$.])(?P<values>\((?:%_(?:, %_)*+(?: init: %_(?:, %_)*+)?)?\))(?=[ ,]|$)"
    r"|(?P<symbol>@[A-Za-z_][\w$.]*+)(?=[ ,(]|$)"
    r'|(?P<string>"[^"\\\n]*+")(?P<svalues>\((?:%_(?:, %_)*+)?\))?(?=[ ,]|$)'
    rf"|(?P<keyword>{_NAME})(?P<group>{_KEYWORD_GROUP})(?=[ ,])"
    rf"|(?P<literal>{_NAME}{_ANGLE})(?=[ ,])"
    rf"|(?P<word>{_WORD})(?=[ ,])"
    r")"
)
"""One item of a custom form, up to its signature's ``: ``: a value, a ``,``, a clause (``name =``
and a value up to the next ``,`` or ``:``), a dictionary or properties (read by
:func:`_dictionary`), the values of a group right after a word (``@f(%_)``, ``reduce(%_ init:
%_)``), a symbol, a keyword's group without values (``round(true)``, ``low[0, 1]``), a word
with its ``<...>`` (``dense<1.0>``), a word."""
_LOCATION = lazy(rf" loc\((?:{_FLAT}|{_G2})*+\)")
"""A trailing location."""
_SCALAR = lazy(r"-?(?:[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+)")
_LITERALS = frozenset({"dense", "sparse", "dense_resource", "array"})


class _Unread(Exception):
    """The text is not in a form this module reads (the token reader reads it)."""


def attributed_statement(key: str) -> Statement | None:
    """The statement of ``key`` in a common form with attributes (see the module docstring),
    read without the tokenizer, or ``None`` (then :func:`~.statement.read_statement` reads it)."""
    if "\n" in key or key[-1:] in ("{", "}", ""):  # (a region's head: a function's, a module's)
        return None
    if key[-1] == ")" and " loc(" in key:
        at = key.rfind(" loc(")
        if _LOCATION.fullmatch(key, at) is None:
            return None
        key = key[:at]  # (read as the token reader reads it: the statement ends before its location)
    try:
        if key[:1] == '"' or '= "' in key:
            m = _GENERIC.match(key)
            if m is not None:
                return _generic(key, m)
        m = _CUSTOM.match(key)
        return None if m is None else _custom(key, m)
    except _Unread:
        return None


def _results(m: re.Match[str]) -> tuple[Result, ...]:
    written = m.group("results")
    if not written:
        return ()
    if len(written) == 5:  # `%_ = `
        return ONE_RESULT
    return tuple(Result("%_", 1, at, at + 2) for at in range(0, len(written) - 3, 4))


def _uses(m: re.Match[str]) -> tuple[Use, ...]:
    at, ops = m.start("ops"), m.group("ops")
    if not ops:
        return ()
    return tuple(use_at(at + i) for i in range(0, len(ops), 4))


def _dictionary(key: str, start: int, properties: bool, into: list[Attribute]) -> int:
    """The attributes of the dictionary whose ``{`` is at ``start``; where it ends."""
    pos = start + 1
    match = _ENTRY.match
    while True:
        e = match(key, pos)
        if e is None:
            raise _Unread
        if e.group("value") is None:
            into.append(Attribute(e.group("name"), "unit", e.start("name"), e.end("name"), properties))
        else:
            into.append(Attribute(e.group("name"), e.group("value"), e.start("name"), e.end("value"), properties))
        pos = e.end()
        if e.group("next") == "}":
            return pos


def _type(key: str, pos: int) -> TypeText:
    t = _TYPE.match(key, pos)
    if t is None:
        raise _Unread
    return type_text(key, pos, t.end())


def _type_list(key: str, pos: int) -> list[TypeText]:
    """``T, U`` from ``pos``."""
    types = [_type(key, pos)]
    while key.startswith(", ", types[-1].end):
        types.append(_type(key, types[-1].end + 2))
    return types


def _paren_types(key: str, pos: int) -> tuple[tuple[TypeText, ...], int]:
    """``(T, U)`` with its ``(`` at ``pos``; the types and where the ``)`` ends."""
    if key.startswith(")", pos + 1):
        return (), pos + 2
    types = _type_list(key, pos + 1)
    end = types[-1].end
    if not key.startswith(")", end):
        raise _Unread
    return tuple(types), end + 1


def _results_types(key: str, pos: int) -> tuple[TypeText, ...]:
    """The types after a ``->`` (from ``pos``), which end the statement."""
    if key.startswith("(", pos):
        types, end = _paren_types(key, pos)
    else:
        one = _type(key, pos)
        types, end = (one,), one.end
    if end != len(key):
        raise _Unread
    return types


def _signature(key: str, start: int, generic: bool) -> Signature:
    """The types after the ``: `` that ends at ``start`` (the statement's last part)."""
    end = len(key)
    if key.startswith("(", start):
        inputs, close = _paren_types(key, start)
        if not key.startswith(" -> ", close):
            raise _Unread
        return Signature("function", inputs, _results_types(key, close + 4), start, end, start - 1)
    if generic:
        raise _Unread  # (the token reader's error: the generic form writes a function type)
    one = _type(key, start)
    if key.startswith(" to ", one.end):
        other = _type(key, one.end + 4)
        if other.end != end:
            raise _Unread
        return Signature("to", (one,), (other,), start, end, start - 1)
    types = _type_list(key, start)
    last = types[-1].end
    if last == end:
        return Signature("list", tuple(types), (), start, end, start - 1)
    if not key.startswith(" -> ", last):
        raise _Unread
    return Signature("arrow", tuple(types), _results_types(key, last + 4), start, end, start - 1)


def _generic(key: str, m: re.Match[str]) -> Statement:
    attributes: list[Attribute] = []
    pos = m.end()
    if key.startswith(" <{", pos):
        pos = _dictionary(key, pos + 2, True, attributes)
        if not key.startswith(">", pos):
            raise _Unread
        pos += 1
    if key.startswith(" {", pos):
        pos = _dictionary(key, pos + 1, False, attributes)
    if not key.startswith(" : ", pos):
        raise _Unread
    signature = _signature(key, pos + 3, True)
    return Statement(
        m.group("name"), m.start("name") - 1, m.end("name") + 1, True, _results(m), _uses(m), (), (),
        tuple(attributes), signature, 0, (), len(key),
    )  # fmt: skip


def _custom(key: str, m: re.Match[str]) -> Statement:
    operands: list[Use] = []
    attributes: list[Attribute] = []
    items: list[Item] = []
    pos, stop = m.end(), len(key)
    match = _ITEM.match
    while True:
        it = match(key, pos)
        if it is None:
            raise _Unread
        kind = it.lastgroup
        if kind == "colon":
            break
        if kind == "value":
            start = it.start("value")
            operands.append(use_at(start))
            items.append(value_at(start))
        elif kind == "comma":
            start = it.start("comma")
            items.append(comma_at(start))
        elif kind == "cvalue":
            start, end = it.start("clause"), it.end("cvalue")
            attributes.append(Attribute(it.group("clause"), it.group("cvalue"), start, end))
            items.append(Item("clause", key[start:end], start, end))
        elif kind == "dict":
            start = it.start("dict")
            end = _dictionary(key, start, False, attributes)
            items.append(Item("dict", key[start:end], start, end))
            it = None
            pos = end
        elif kind == "props":
            start = it.start("props")
            end = _dictionary(key, start + 1, True, attributes)
            if not key.startswith(">", end):
                raise _Unread
            end += 1
            items.append(Item("props", key[start:end], start, end))
            it = None
            pos = end
        elif kind == "values":
            start, end = it.span("values")
            if end - start == 2:
                items.append(Item("group", "()", start, end))  # `tensor.empty()`, `call @f()`
            else:
                for at in range(start + 1, end - 1):
                    if key[at] == "%":
                        operands.append(use_at(at))
                items.append(Item("values", key[start:end], start, end))
        elif kind == "symbol":
            start, end = it.span("symbol")
            items.append(Item("symbol", key[start:end], start, end))
        elif kind in ("string", "svalues"):
            # `tf_executor.island wraps "tf.Add"(%_, %_) {...} : ...`: the op it wraps, in the generic form
            start, end = it.span("string")
            if kind == "string" and not items and key.startswith(" : ", end):
                attributes.append(Attribute("", key[start:end], start, end))  # `arith.constant "s" : none`
            items.append(Item("string", key[start:end], start, end))
            if kind == "svalues":
                start, end = it.span("svalues")
                if key[end : end + 8].lstrip().startswith(("in", "=")):
                    raise _Unread  # (`"x"(%i) in ...`: the group would name induction variables)
                if end - start == 2:
                    items.append(Item("group", "()", start, end))
                else:
                    for at in range(start + 1, end - 1, 4):
                        operands.append(use_at(at))
                    items.append(Item("values", key[start:end], start, end))
        elif kind == "group":
            start, end = it.span("keyword")
            text = key[start:end]
            if text == "loc" or "%" in key[end : it.end()]:
                raise _Unread  # (a location; a keyword's values: `ins(%_ : T)`, `iter_args(%_ = %_)`)
            items.append(Item("word", text, start, end))
            group = key[end : it.end()]
            items.append(Item("group", group, end, it.end()))
            if group[0] == "[":  # `low[0, 1]`: an attribute printed without its name
                attributes.append(Attribute("", group, end, it.end()))
        elif kind == "literal":
            start, end = it.span("literal")
            text = key[start:end]
            items.append(Item("word", text, start, end))
            if text[: text.index("<")] in _LITERALS:
                attributes.append(Attribute("", text, start, end))
        else:
            start, end = it.span("word")
            text = key[start:end]
            if not items and key.startswith(" : ", end) and _SCALAR.fullmatch(text):
                attributes.append(Attribute("", text, start, end))  # `arith.constant 5 : i32`
            items.append(Item("word", text, start, end))
        if it is not None:
            pos = it.end()
        elif not key.startswith((" ", ","), pos):
            raise _Unread  # (a dictionary is followed by a space or a comma)
    signature = _signature(key, it.end(), False)
    items.append(Item("types", key[signature.start : stop], signature.start, signature.end))
    return Statement(
        m.group("name"), m.start("name"), m.end("name"), False, _results(m), tuple(operands), (), (),
        tuple(attributes), signature, 0, tuple(items), stop,
    )  # fmt: skip
