"""Stage *read a statement*, its result: what one op statement reads as.

The value types every reader of a statement gives and every later stage takes: a
:class:`Statement` with its :class:`Result` names, :class:`Use` of values, the
:class:`Definition` of values for its regions, :class:`Attribute`, :class:`Successor`,
a custom form's :class:`Item` and the :class:`Signature` of :class:`TypeText` after its
``:``; a :class:`Token` of the token reader (:mod:`.cursor`), and the :class:`SyntaxProblem`
raised where a statement cannot be read. Offsets are 0-based into the statement's text.
Nothing here reads: :mod:`.simple` (the common forms, by one regular expression each),
:mod:`.cursor`, :mod:`.custom` and :mod:`.statement` (the token reader) fill these in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import repeat

from broadcheck.syntax.named import NamedTuple

REGION = "{...}"
"""How an elided region is written in a statement's text."""


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


class ParserWords(SyntaxProblem):
    """Text the reader cannot take where MLIR's parser rejects it too, in its words and at its place."""


class OpWords(ParserWords):
    """:class:`ParserWords` that an op's own parser says, of an op the engine knows only, as it
    words them (:data:`OpParser`). ``kind``: ``any`` (the same words for any op: an elements
    literal's), ``operands`` (what follows its operands, ``taken`` of them, the first at ``first``)."""

    def __init__(self, message: str, start: int, end: int, kind: str = "any", taken: int = 0, first: int = -1):
        super().__init__(message, start, end)
        self.kind, self.taken, self.first = kind, taken, first


OpParser = Callable[[OpWords], "tuple[str, int] | None"]
"""What a known op's parser says at the place of an :class:`OpWords` (its words and the offset it
names them at, or ``None`` where the engine does not know them)."""

_new_tuple = tuple.__new__


def type_text(text: str, start: int, end: int) -> TypeText:
    """The type written at ``text[start:end]``, its key its text without spaces (and without a
    tensor's empty encoding, :func:`~.types.same_type_key`: the type's identity, as MLIR's)."""
    written = text[start:end]
    key = "".join(written.split()) if " " in written or "\n" in written else written
    if ",>" in key:  # (a tensor's empty encoding, `tensor<4xf32, >`: MLIR's `tensor<4xf32>`)
        from broadcheck.syntax.types import same_type_key

        key = same_type_key(key)
    # tuple.__new__, as TypeText._make does, skips the class's Python-level __new__ (the fast
    # readers make one for each type of each distinct statement)
    return _new_tuple(TypeText, (written, start, end, key))


def matched_types(found: list[re.Match[str]], group: str | int) -> list[TypeText]:
    """:func:`type_text` of group ``group`` of each match of ``found`` (a JAX export's head: 17k
    arguments and 17k results), made by ``map`` and ``zip`` (no Python step a type) where no type
    is written with a space, a line end or ``,>`` (each its own key then)."""
    written = list(map(_GROUP, found, repeat(group)))
    joined = "\0".join(written)
    if " " in joined or "\n" in joined or ",>" in joined:
        return [type_text(m.string, *m.span(group)) for m in found]
    starts, ends = map(_START, found, repeat(group)), map(_END, found, repeat(group))
    return list(map(_new_tuple, repeat(TypeText), zip(written, starts, ends, written, strict=True)))


def arguments_at(found: list[re.Match[str]], types: list[TypeText]) -> tuple[Definition, ...]:
    """A head's ``%_`` arguments, one at the start of each match of ``found``, of ``types``."""
    at = list(map(_START, found))
    return tuple(map(_new_tuple, repeat(Definition), zip(repeat("%_"), at, map(_PLUS_TWO, at), types, strict=False)))


_GROUP, _START, _END = re.Match.group, re.Match.start, re.Match.end
_PLUS_TWO = (2).__add__
_PLUS_ONE = (1).__add__


def use_at(at: int) -> Use:
    """A ``%_`` used at ``at`` (made with tuple.__new__, as :func:`type_text`'s)."""
    return _new_tuple(Use, ("%_", 0, at, at + 2, None))


def value_at(at: int) -> Item:
    """A custom form's ``%_`` item at ``at``."""
    return _new_tuple(Item, ("value", "%_", at, at + 2))


def comma_at(at: int) -> Item:
    """A custom form's ``,`` item at ``at``."""
    return _new_tuple(Item, ("punct", ",", at, at + 1))


def uses_at(at: int, size: int) -> list[Use]:
    """:func:`use_at` of each ``%_`` of the operands ``%_, %_, ...`` (``size`` characters) written
    at ``at``: a name every four characters, made by ``map`` (no Python step a name: a JAX
    export's ``return`` of 17k values)."""
    starts = range(at, at + size, 4)
    ends = map(_PLUS_TWO, starts)
    return list(map(_new_tuple, repeat(Use), zip(repeat("%_"), repeat(0), starts, ends, repeat(None))))


def operand_items(at: int, size: int) -> list[Item]:
    """A custom form's items of the operands ``%_, %_, ...`` (``size`` characters) written at
    ``at``: :func:`value_at` of each, :func:`comma_at` between them, in order, made by ``map``."""
    starts = range(at, at + size, 4)
    commas = range(at + 2, at + size, 4)
    items: list[Item] = [None] * (len(starts) + len(commas))  # type: ignore[list-item]  # (each filled below)
    items[0::2] = map(_new_tuple, repeat(Item), zip(repeat("value"), repeat("%_"), starts, map(_PLUS_TWO, starts)))
    items[1::2] = map(_new_tuple, repeat(Item), zip(repeat("punct"), repeat(","), commas, map(_PLUS_ONE, commas)))
    return items


ONE_RESULT = (Result("%_", 1, 0, 2),)
"""The results of a statement whose text starts ``%_ = `` (a constant: named tuples are immutable)."""
