"""The type a constant op's value attribute is written with, whatever its form: ``dense<...> : T``,
``dense_resource<blob> : T`` (``__elided__`` included), ``sparse<...> : T``, ``opaque<...> : T``, or
a scalar ``1.0 : f32``. The constant ops' checks (``tf.Const``, ``tfl.pseudo_const``, ``tosa.const``,
``arith.constant``, ...) compare it with their result's type; the values themselves are not read.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from broadcheck.ops import Operation, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.types import read_type

Kind = Literal["dense", "dense_resource", "sparse", "opaque", "array", "other"]
ELEMENTS: frozenset[Kind] = frozenset({"dense", "dense_resource", "sparse", "opaque"})
"""The forms that are MLIR ``ElementsAttr``s (``array<...>`` is a ``DenseArrayAttr``)."""

_HEAD = re.compile(r"\s*(dense_resource|dense|sparse|opaque|array)<")


class Value(NamedTuple):
    """A value attribute's form and the type written after its ``:``."""

    kind: Kind
    type: Type


def _close(text: str, start: int) -> int:
    """The offset of the ``>`` closing the ``<`` before ``start`` (strings skipped); -1 if none."""
    depth, j = 1, start
    while j < len(text):
        c = text[j]
        if c == '"':
            j = text.find('"', j + 1)
            if j < 0:
                return -1
        elif c == "<":
            depth += 1
        elif c == ">" and text[j - 1] != "-":  # `->` in a function type
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return -1


def value_type(text: str) -> Value | None:
    """The form and written type of the attribute ``text``; ``None`` when it writes no type this
    reads (``unit``, a symbol, a type that does not parse)."""
    m = _HEAD.match(text)
    kind: Kind = "other"
    rest = text
    if m is not None:
        end = _close(text, m.end())
        if end < 0:
            return None
        kind = m.group(1)  # type: ignore[assignment]
        rest = text[end + 1 :]
        if not rest.lstrip().startswith(":"):
            return None
    elif text.lstrip().startswith(("[", "{", '"', "#", "@", "(")):
        return None
    colon = rest.find(":")
    if colon < 0:
        return None
    try:
        return Value(kind, read_type(rest[colon + 1 :].strip()))
    except SyntaxProblem:
        return None


def same_type(op: Operation, profile: Profile) -> Problem | None:
    """``AllTypesMatch<["value", "result"]>`` (``arith.constant``): one result, a ``value``, and the
    type it is written with the result's, exactly (``dense_resource`` and ``sparse`` included). The
    custom form writes the type once: only the generic form can differ."""
    if not op.generic:
        return None
    if len(op.results) != 1:
        return Problem("BC107")
    attr = op.attribute("value")
    if attr is None:
        return Problem("BC610", {"name": "value"})
    written = value_type(attr.text)
    if written is None:
        return None
    if "".join(str(written.type).split()) != "".join(str(op.results[0].type).split()):
        return Problem("BC1068", {"names": "value, result"}, Subject("result", 0))
    return None
