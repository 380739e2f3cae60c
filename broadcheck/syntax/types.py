"""Read a type's text into a :class:`broadcheck.ops.Type`.

The common types (``tensor<4x?xf32>``, ``vector<4xf32>``, ``f32``) are read by one
regular expression; anything else (encodings, scalable dims, dialect types, complex
element types, a missing ``>``) by the grammar, which also words what is wrong.
Both give the same types (tests/test_types.py holds them to each other).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from broadcheck.ops import OpaqueType, ShapedType, Type
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem

INT64_MAX = 2**63 - 1

# The grammar's BUILTIN_TYPE names.
_ELEMENTS = frozenset(
    "index none bf16 tf32 f16 f32 f64 f80 f128 f8E5M2FNUZ f8E5M2 f8E4M3FNUZ f8E4M3FN f8E4M3B11FNUZ f8E4M3 "
    "f8E3M4 f8E8M0FNU f6E2M3FN f6E3M2FN f4E2M1FN".split()
)
_INTEGER = lazy(r"[su]?i[1-9][0-9]*")
_SIMPLE = lazy(
    r"tensor<(?P<dims>(?:(?:[0-9]+|\?)x)*)(?P<element>[A-Za-z]\w*)>"
    r"|tensor<\*x(?P<unranked>[A-Za-z]\w*)>"
    r"|vector<(?P<vdims>(?:[1-9][0-9]*x)*)(?P<velement>[A-Za-z]\w*)>"
    r"|(?P<builtin>[A-Za-z]\w*)"
)

# A tensor of a dialect's element type written in full (``tensor<64x!quant.uniform<i8:f32:0,
# {0.5,...}>>``): a per-axis quantized type's scales run to tens of thousands of characters.
_DIALECT_ELEMENT = lazy(
    r"(?P<kind>tensor|vector)<(?P<dims>(?:(?:[0-9]+|\?)x)*+)"
    r"(?P<element>![A-Za-z_][\w$]*+\.[\w$.]*+<[^\"()\[\]/]*>)>"
)
_ANGLES = lazy(r"[<>{}]")
_OPEN_OF = {">": "<", "}": "{"}

Aliases = Mapping[str, "Type | SyntaxProblem"]
_NO_ALIASES: Aliases = {}


def builtin_element(text: str) -> bool:
    """Whether ``text`` names a builtin element type (``f32``, ``i8``, ``index``, ...)."""
    return text in _ELEMENTS or _INTEGER.fullmatch(text) is not None


def _too_wide(element: str) -> bool:
    """An integer type wider than MLIR's limit (16777215 bits)."""
    return len(element) > 8 and _INTEGER.fullmatch(element) is not None and int(element.lstrip("su")[1:]) > 16777215


def simple_type(text: str) -> Type | None:
    """The type ``text`` if it is one of the common forms (no spaces, no encoding), else ``None``."""
    m = _SIMPLE.fullmatch(text)
    if m is None:
        return None
    element = m.group("element") or m.group("unranked") or m.group("velement") or m.group("builtin")
    if not builtin_element(element) or _too_wide(element):
        return None  # (an integer wider than MLIR's limit: the grammar says so)
    if m.group("builtin") is not None:
        return OpaqueType(text)
    if m.group("unranked") is not None:
        return ShapedType("tensor", None, element)
    vector = m.group("velement") is not None
    dims = (m.group("vdims") if vector else m.group("dims")).split("x")[:-1]
    shape = tuple(None if d == "?" else int(d) for d in dims)
    if any(d is not None and d > INT64_MAX for d in shape):
        return None  # the grammar says what is wrong
    return ShapedType("vector" if vector else "tensor", shape, element)


def dialect_element_type(text: str) -> Type | None:
    """The type ``text`` if it is a tensor (or vector) of a dialect's element type written in
    full, brackets balanced (``tensor<4x!quant.uniform<i8:f32:0, {0.5,0.25}>>``), read in
    linear time, else ``None``: the grammar would read it the same, token by token."""
    m = _DIALECT_ELEMENT.fullmatch(text)
    if m is None:
        return None
    element = m.group("element")
    if "->" in element or ">=" in element:
        return None
    brackets = _ANGLES.findall(element)
    opened: list[str] = []
    for i, bracket in enumerate(brackets):
        if bracket in "<{":
            opened.append(bracket)
        elif not opened or opened.pop() != _OPEN_OF[bracket]:
            return None
        if not opened and i != len(brackets) - 1:
            return None  # the element's own '<' closed before its end
    if opened:
        return None
    dims = m.group("dims").split("x")[:-1]
    shape = tuple(None if d == "?" else int(d) for d in dims)
    vector = m.group("kind") == "vector"
    if any(d is not None and d > INT64_MAX for d in shape) or (vector and (None in shape or 0 in shape)):
        return None  # the grammar says what is wrong
    return ShapedType("vector" if vector else "tensor", shape, element)


def read_type(text: str, aliases: Aliases = _NO_ALIASES) -> Type:
    """The type ``text``; raises :class:`SyntaxProblem` (relative to the text) if it is not one."""
    found = simple_type(text)
    if found is not None:
        return found
    if text.endswith(">>"):
        found = dialect_element_type(text)
        if found is not None:
            return found
    if text.startswith("!") and text[1:] in aliases and "<" not in text:
        target = aliases[text[1:]]
        if isinstance(target, SyntaxProblem):
            raise target
        return target
    from broadcheck.syntax.parser import parse_type  # the grammar, only for what needs it

    return parse_type(text, aliases)


_ALIAS = lazy(r"[ \t]*!([\w$.\-]+)[ \t]*=[ \t]*(.*?)[ \t\r]*$", re.S)


def read_alias(text: str, aliases: Aliases, line: int = 1, column: int = 1) -> tuple[str, Type | SyntaxProblem] | None:
    """A type alias definition ``!name = type`` (at ``line:column``): its name, and its type or
    what is wrong with it; ``None`` if ``text`` is not one."""
    m = _ALIAS.match(text)
    if m is None:
        return None
    name, body = m.group(1), m.group(2)
    found = simple_type(body)
    if found is not None:
        return name, found
    from broadcheck.syntax.parser import parse_alias

    try:
        return parse_alias(text.strip(), aliases, line, column)
    except SyntaxProblem as problem:  # kept for the module: without the frames of its traceback
        return name, problem.with_traceback(None)
