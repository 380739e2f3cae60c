"""Refine's rows: what its reader and its pass share about the scanner's rows of one-line statements.

In: the text's lines (:class:`Lines`, a view of it), a function's one-line statements in rows as the
scanner's fast pass sent them (:attr:`.refine_read.Reader.runs`). Out: whether refine's pass
(:meth:`.refine.Refiner.block`) passes a whole row by at once (:func:`passed_by`), and which TOSA
ops it infers whatever their operands (:func:`open_tosa`)."""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence
from typing import TYPE_CHECKING, overload

from broadcheck.syntax.lazyre import lazy

if TYPE_CHECKING:
    from broadcheck.syntax.statement import Statement

RUN = 32
"""A row of the scanner's one-line statements this long is noted (:attr:`.refine_read.Reader.runs`)."""


def passed_by(passable: bool, names: list[str], *known: Mapping[str, object]) -> bool:
    """Whether :meth:`.refine.Refiner.block` would pass every statement of a row (one-line
    statements of one depth, as the scanner's fast pass read them; ``passable``: each one's form
    says which of its names it uses, and none is an op refine reads anyway or a TOSA op,
    :attr:`.refine_spans.Shape.passable`) by unread: none uses a value refine knows more of
    (``names``: the names the row uses, no ``#``; a name it defines is not known before it).
    Asked in C over the whole row, not in Python per statement."""
    return passable and all(found.keys().isdisjoint(names) for found in known)


def uses(text: str, *known: Container[str]) -> bool:
    """Whether ``text`` uses a value named in any of ``known`` (an op with regions, read whole): a
    name written in it and not followed by a character of a name (``%5`` is used by ``%5#1``, not
    by ``%51``). The text's names are looked up, not every known name looked for in the text (the
    sets of names known were about 190k names at 480 layers, each looked for in every region op)."""
    for token in _TOKEN.findall(text):
        base = token.partition("#")[0]
        for names in known:
            if token in names or base in names:
                return True
    return False


_TOKEN = lazy(r"%[\w$.\-]+(?:#[0-9]+(?![\w$.\-]))?")
"""A value name as :func:`uses` reads one in a text (a use's ``#N`` with it, if whole)."""


def open_tosa(text: str, st: Statement) -> bool:
    """Whether ``st`` is a TOSA op with a result type that says less than a static shape (``?`` or
    unranked): ``tosa-infer-shapes`` infers every TOSA op, not only those whose operands change."""
    return bool(st.results) and open_tosa_text(st.name, text)


def open_tosa_text(name: str, text: str) -> bool:
    """:func:`open_tosa` from the op's name and text alone (a statement not read yet)."""
    if not name.startswith("tosa."):
        return False
    arrow = text.rfind("->")
    return arrow >= 0 and bool(re.search(r"tensor<(?:[^<>]*\?|\s*\*)", text[arrow:]))


class Lines(Sequence[str]):
    """The lines of a text, without their line endings, each cut from it when asked (a list of
    them was a copy of the whole input, kept for the whole run)."""

    __slots__ = ("_source", "_starts")

    def __init__(self, source: str, starts: list[int]) -> None:
        self._source, self._starts = source, starts

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        starts = self._starts
        if index < 0:
            index += len(starts)
        start = starts[index]  # (an IndexError past the end, as a list's)
        end = starts[index + 1] - 1 if index + 1 < len(starts) else len(self._source)
        return self._source[start:end].removesuffix("\r")


__all__ = ["RUN", "Lines", "open_tosa", "open_tosa_text", "passed_by", "uses"]
