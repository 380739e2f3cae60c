"""A function's header as refine reads it: from the form the scanner read it as, not read again.

The scanner reads each op that opens a region once, as its *head form* (its text before its first
region, value names written ``%_``, then ``{...}``: :meth:`.scan_pieces.PieceScanner._head_form`).
A ``func.func`` header of an export holds every argument of the model (17k at 480 layers, 2 MB on
one line), and reading it is a tenth of a check; refine read it a second time for its arguments and
result types. :func:`from_head` gives the statement that second reading gave (the header's text
read on its own, with its names), from the head form's statement: every offset moved by the
lengths of the names before it, each ``%_`` given its name back, the elided region taken off.
``None`` where that cannot be told apart from a reading (then the header is read as before);
``tests/test_refine_header.py`` holds it equal to the reading on every header of the fixtures.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Container, Sequence
from itertools import accumulate, compress, count, repeat
from operator import add, attrgetter, getitem, itemgetter, le, lt, sub
from typing import cast

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lines import name_spans
from broadcheck.syntax.statement import (
    REGION,
    Attribute,
    Definition,
    Item,
    Result,
    Signature,
    Statement,
    Successor,
    TypeText,
    Use,
)


def key_starts(key: str) -> list[int]:
    """Where each value name of ``key`` (a statement's text with its names written ``%_``, not
    inside strings) starts, each ending two characters later; ``[-1]`` if one is not ``%_``
    (then no statement is made from ``key``). Found by ``str.split`` where every ``%`` of the key
    starts a ``%_`` that no name character follows and none is in a string (a header's key: 2 MB,
    17k names); else by :func:`.lines.name_spans`."""
    count = key.count("%_")
    if (
        key.count("%") == count
        and _LONGER.search(key) is None
        and ('"' not in key or "%" not in "".join(_strings(key)))
    ):
        lengths = list(map(len, key.split("%_")))
        lengths.pop()
        return list(map(add, accumulate(lengths), range(0, 2 * count, 2)))
    spans = name_spans(key)
    starts: list[int] = list(map(itemgetter(0), spans))
    if list(map(sub, map(itemgetter(1), spans), starts)).count(2) != len(spans):
        return [-1]
    return starts


def _strings(key: str) -> list[str]:
    """What is inside the strings of ``key`` (as :data:`_STRING` finds them, quotes aside): without
    a backslash or a line end in it, what is between a quote and the next (one ``str.split``;
    17k strings in a header's key), else :data:`_STRING`'s matches."""
    if "\\" in key or "\n" in key:
        return _STRING.findall(key)
    return key.split('"')[1::2]


_LONGER = lazy(r"%_(?:[A-Za-z0-9_$.\-]|#[0-9])")
"""A name in a key that is longer than ``%_`` (a name of :data:`.lines.VALUE` with its ``#N``)."""
_STRING = lazy(r'"(?:[^"\\\n]++|\\.)*+"?')
"""A string as :func:`.lines.name_spans` skips one."""


def from_head(
    st: Statement, key: str, text: str, names: Sequence[str], starts: list[int] | None = None
) -> Statement | None:
    """The statement ``text`` (a header, its names ``names``) reads as, from ``st``, the head form
    read from ``key`` (``text`` with its names written ``%_``, then `` {...}``); ``None`` if the
    key is not that, or the statement holds a name where it cannot be moved. ``starts``:
    :func:`key_starts` of the key without its `` {...}``, if known."""
    tail = " " + REGION
    if not key.endswith(tail) or st.regions != 1:
        return None
    return from_key(st, key[: -len(tail)], text, names, True, starts)


def from_key(
    st: Statement, head: str, text: str, names: Sequence[str], region: bool = False, starts: list[int] | None = None
) -> Statement | None:
    """The statement ``text`` (its names ``names``) reads as, from ``st``, read from ``head``:
    ``text`` with each name written ``%_`` (and, if ``region``, then `` {...}``, which the result
    has not); ``None`` if ``head`` is not that, or the statement holds a name where it cannot be
    moved. ``starts``: :func:`key_starts` of ``head``, if known."""
    if region != (st.regions == 1) or (not region and st.regions):
        return None
    # (in C, not a step per name: a header holds every argument of a model, 17k at 480 layers)
    if starts is None:
        starts = key_starts(head)
    if len(starts) != len(names) or starts[:1] == [-1]:
        return None
    lengths = list(map(len, names))
    if len(head) + sum(lengths) - 2 * len(names) != len(text):
        return None
    pieces: list[str] = [""] * (2 * len(names) + 1)
    pieces[0::2] = map(head.__getitem__, map(slice, [0, *map((2).__add__, starts)], [*starts, len(head)]))
    pieces[1::2] = names
    if "".join(pieces) != text:
        return None
    shifts: list[int] = list(accumulate(map(sub, lengths, repeat(2)), initial=0))
    index = dict(zip(starts, range(len(starts)), strict=True))
    limit = len(head)
    below, above = [-1, *starts], [*starts, limit + 1]  # (around each `bisect_left(starts, x)`)
    last = len(starts)

    def at(x: int) -> int:
        return x + shifts[bisect_left(starts, x)]

    new = tuple.__new__

    def name_at(start: int, name: str) -> str | None:
        if name == "%_":
            i = index.get(start)
            return names[i] if i is not None else None
        return name if "%_" not in name else None

    def number_at(start: int) -> tuple[str, int] | None:
        """A use's name and result number (``%4#1``: ``%4``, 1)."""
        i = index.get(start)
        if i is None:
            return None
        name, _, number = names[i].partition("#")
        return name, int(number or 0)

    def typed(t: TypeText | None) -> TypeText | None:
        if t is None:
            return None
        return new(TypeText, (t.text, at(t.start), at(t.end), t.key))

    def use(u: Use) -> Use | None:
        if u.name != "%_" or u.number:
            return None
        found = number_at(u.start)
        if found is None:
            return None
        return new(Use, (found[0], found[1], at(u.start), at(u.end), typed(u.type)))

    def shifted(xs: list[int], guess: list[int] | int = last) -> list[int]:
        """:func:`at` of each of ``xs``, asked in C (a header's 17k arguments, a call's operands):
        ``guess``, where each lies among the names (``bisect_left(starts, x)``; one for all), is
        checked and taken, else each is looked for."""
        found = [guess] * len(xs) if isinstance(guess, int) else guess
        if not (all(map(lt, map(below.__getitem__, found), xs)) and all(map(le, xs, map(above.__getitem__, found)))):
            found = list(map(bisect_left, repeat(starts), xs))
        return list(map(add, xs, map(shifts.__getitem__, found)))

    def placed(xs: list[int], found: list[int]) -> list[int]:
        """:func:`at` of each of ``xs``, each the start of name ``found[i]`` (``index``: exactly
        where :func:`shifted` would find it, not checked again)."""
        return list(map(add, xs, map(shifts.__getitem__, found)))

    def typed_all(ts: Sequence[TypeText | None], guess: list[int] | int = last) -> list[TypeText | None]:
        """:func:`typed` of each of ``ts``."""
        if None in ts:
            return [typed(t) for t in ts] if any(ts) else [None] * len(ts)
        begins, ends = shifted(list(map(_START, ts)), guess), shifted(list(map(_END, ts)), guess)
        return list(map(new, repeat(TypeText), zip(map(_TEXT, ts), begins, ends, map(_KEY, ts), strict=True)))

    def found_of(parts: Sequence[Use] | Sequence[Definition]) -> list[int] | None:
        """Which name each of ``parts`` is (each written ``%_``, with no number, where a name
        starts); ``None`` if that is not so of every one (then each is taken on its own)."""
        if not parts or list(map(_NAME, parts)).count("%_") != len(parts):
            return None
        found = list(map(index.get, map(_START, parts)))
        return None if None in found else found  # type: ignore[return-value]

    try:
        results = []
        for r in st.results:
            name = name_at(r.start, r.name)
            if name is None:
                return None
            results.append(new(Result, (name, r.size, at(r.start), at(r.end))))
        uses = st.operands
        found = found_of(uses) if not any(map(_NUMBER, uses)) else None
        if found is not None:  # (every operand `%_`: each as :func:`use` moves it, in C)
            named = list(map(names.__getitem__, found))
            numbers: Sequence[int] = repeat(0, len(named))  # type: ignore[assignment]
            if "#" in "".join(named):  # (`%4#1`: `%4`, 1)
                parted = list(map(str.partition, named, repeat("#")))
                named = list(map(_FIRST, parted))
                numbers = list(map(int, map(add, repeat("0"), map(_THIRD, parted))))
            after = list(map((1).__add__, found))
            begins, ends = placed(list(map(_START, uses)), found), shifted(list(map(_END, uses)), after)
            types = typed_all(list(map(_TYPE, uses)), after)
            moved_uses = zip(named, numbers, begins, ends, types, strict=True)
            operands: list[Use | None] = list(map(new, repeat(Use), moved_uses))
        else:
            operands = [use(u) for u in uses]
        defined = st.definitions
        found = found_of(defined)
        if found is not None:  # (every definition `%_`: a header's arguments, in C)
            named = list(map(names.__getitem__, found))
            after = list(map((1).__add__, found))
            begins, ends = placed(list(map(_START, defined)), found), shifted(list(map(_END, defined)), after)
            moved_definitions = zip(named, begins, ends, typed_all(list(map(_TYPE, defined)), after), strict=True)
            definitions = list(map(new, repeat(Definition), moved_definitions))
        else:
            definitions = []
            for d in defined:
                name = name_at(d.start, d.name)
                if name is None:
                    return None
                definitions.append(new(Definition, (name, at(d.start), at(d.end), typed(d.type))))
        successors = []
        for x in st.successors:
            moved = [use(u) for u in x.operands]
            if None in moved:
                return None
            successors.append(new(Successor, (x.label, at(x.start), at(x.end), tuple(moved))))
        attributes = []
        for a in st.attributes:
            if "%_" in a.text or "%_" in a.name or a.end > limit:
                return None
            attributes.append(new(Attribute, (a.name, a.text, at(a.start), at(a.end), a.property)))
        parts = st.items
        firsts = list(map(_START, parts))
        if firsts and max(firsts) >= limit:  # the elided region (and nothing else: checked below)
            items = []
            for i in parts:
                if i.start >= limit:
                    if not region or i.text != REGION or i.start != limit + 1:
                        return None
                    continue
                start, end = at(i.start), at(i.end)
                items.append(new(Item, (i.kind, text[start:end] if "%_" in i.text else i.text, start, end)))
        else:  # (in C: a call's or a return's items, two an operand)
            named_at = list(map(index.__contains__, firsts))  # (an item that is a name: `%_`)
            guess = list(map(sub, map((1).__add__, accumulate(map(index.get, firsts, repeat(-1)), max)), named_at))
            begins = shifted(firsts, guess)
            finishes = shifted(list(map(_END, parts)), list(map(add, guess, named_at)))
            texts = list(map(_TEXT, parts))
            holds = list(map(str.__contains__, texts, repeat("%_")))  # (its text cut from `text`, else kept)
            cuts = map(text.__getitem__, map(slice, begins, finishes))
            texts = list(map(getitem, zip(texts, cuts, strict=True), holds))
            items = list(map(new, repeat(Item), zip(map(_KIND, parts), texts, begins, finishes, strict=True)))
        signature = st.signature
        if signature is not None:
            if signature.end > limit or signature.after > limit:
                return None
            inputs = tuple(typed_all(signature.inputs))
            outputs = tuple(typed_all(signature.outputs))
            after_at = signature.after if signature.after < 0 else at(signature.after)
            signature = new(
                Signature, (signature.kind, inputs, outputs, at(signature.start), at(signature.end), after_at)
            )
    except IndexError:
        return None
    if None in operands or st.name_end > limit:
        return None
    return new(
        Statement,
        (st.name, at(st.name_start), at(st.name_end), st.generic, tuple(results), tuple(operands),
         tuple(definitions), tuple(successors), tuple(attributes), signature, 0, tuple(items),
         len(text) if region else at(st.end)),
    )  # fmt: skip


_NAME, _NUMBER, _START, _END, _TYPE = (attrgetter(n) for n in ("name", "number", "start", "end", "type"))
_TEXT, _KEY = attrgetter("text"), attrgetter("key")
_FIRST, _THIRD = itemgetter(0), itemgetter(2)
_KIND, _PROPERTY = attrgetter("kind"), attrgetter("property")


def retyped(st: Statement, key: str, edits: Sequence[tuple[int, int, str]]) -> tuple[str, Statement] | None:
    """``key`` (read as ``st``) with ``edits`` (``(start, end, new type)``, ordered, in ``key``'s
    offsets, each a type ``st`` writes) made, and the statement it reads as: ``st`` with those
    types and every offset after them moved; ``None`` where an edit is not exactly a written type,
    or falls inside something else ``st`` holds (an attribute, a part of an item). The offsets of
    each kind of part are moved together, in C (a header of 17k arguments, a call of 17k operands)."""
    types = [*map(_TYPE, st.operands), *map(_TYPE, st.definitions)]
    if st.signature is not None:
        types += (*st.signature.inputs, *st.signature.outputs)
    types = list(filter(None, types))  # (every type it writes, in C: a header's 17k)
    written: Container[tuple[int, int]]
    if len(edits) < _FEW and len(types) > _MANY:  # (each edit looked for: a header's edit or two)
        written = _Spans(list(map(_START, types)), list(map(_END, types)))
    else:
        written = set(zip(map(_START, types), map(_END, types), strict=True))
    new_types: dict[int, tuple[int, str]] = {}
    starts: list[int] = []
    ends: list[int] = []
    shifts = [0]
    last = -1
    pieces: list[str] = []
    for start, end, type_text in edits:
        if start < last or (start, end) not in written or "%" in type_text:
            return None
        pieces.append(key[max(last, 0) : start])
        pieces.append(type_text)
        last = end
        new_types[start] = (end, type_text)
        starts.append(start)
        ends.append(end)
        shifts.append(shifts[-1] + len(type_text) - (end - start))
    pieces.append(key[max(last, 0) :])
    text = "".join(pieces)
    following = [*starts, len(key) + 1]  # (the first edit that does not end at or before an offset)

    def moved(xs: list[int]) -> list[int]:
        """Each offset of ``xs`` where it is after the edits: moved by those that end at or before
        it; raises :class:`_Inside` if one is inside an edited type."""
        if len(xs) > _MANY and len(ends) < _MANY and xs == sorted(xs):
            # (in order, and few edits: each run of offsets between two edits moved at once, and
            # none looked for in the edits: a header's 17k offsets, re-typed by an edit or two)
            out: list[int] = []
            lo = 0
            for j, (first, last) in enumerate(zip(starts, ends, strict=True)):
                until = bisect_left(xs, last, lo)  # (those before the end of edit `j`)
                if bisect_right(xs, first, lo) < until:
                    raise _Inside
                out += map(add, xs[lo:until], repeat(shifts[j]))
                lo = until
            if xs[-1] > following[-1]:
                raise _Inside  # (past the key's end: as below)
            out += map(add, xs[lo:], repeat(shifts[-1]))
            return out
        found = list(map(bisect_right, repeat(ends), xs))
        if any(map(lt, map(following.__getitem__, found), xs)):
            raise _Inside
        return list(map(add, xs, map(shifts.__getitem__, found)))

    def spanned(firsts: list[int], lasts: list[int]) -> list[bool]:
        """Whether an edit lies in each ``[first, last)``."""
        return list(map(lt, map(following.__getitem__, map(bisect_right, repeat(ends), firsts)), lasts))

    new = tuple.__new__

    def typed_all(ts: Sequence[TypeText | None]) -> list[TypeText | None]:
        if None in ts:
            if not any(ts):
                return [None] * len(ts)
            return [None if t is None else typed_all([t])[0] for t in ts]
        firsts = list(map(_START, ts))
        lasts = list(map(_END, ts))
        texts, keys = list(map(_TEXT, ts)), list(map(_KEY, ts))
        for i in compress(count(), map(new_types.__contains__, firsts)):  # (a step for each edited one only)
            hit = new_types[firsts[i]]
            if hit[0] == lasts[i]:
                texts[i] = hit[1]
                keys[i] = _key_of(hit[1])
        return list(map(new, repeat(TypeText), zip(texts, moved(firsts), moved(lasts), keys, strict=True)))

    def moved_uses(uses: Sequence[Use]) -> tuple[Use, ...]:
        spans = moved(list(map(_START, uses))), moved(list(map(_END, uses)))
        fields = zip(map(_NAME, uses), map(_NUMBER, uses), *spans, typed_all(list(map(_TYPE, uses))), strict=True)
        return tuple(map(new, repeat(Use), fields))

    try:
        results = tuple(new(Result, (r.name, r.size, *moved([r.start, r.end]))) for r in st.results)
        operands = moved_uses(st.operands)
        defined = st.definitions
        spans = moved(list(map(_START, defined))), moved(list(map(_END, defined)))
        fields = zip(map(_NAME, defined), *spans, typed_all(list(map(_TYPE, defined))), strict=True)
        definitions = tuple(map(new, repeat(Definition), fields))
        successors = tuple(
            new(Successor, (x.label, *moved([x.start, x.end]), moved_uses(x.operands))) for x in st.successors
        )
        held = st.attributes
        firsts, lasts = list(map(_START, held)), list(map(_END, held))
        if any(spanned(firsts, lasts)):
            return None
        attributes = tuple(
            map(
                new,
                repeat(Attribute),
                zip(map(_NAME, held), map(_TEXT, held), moved(firsts), moved(lasts), map(_PROPERTY, held), strict=True),
            )
        )
        parts = st.items
        firsts, lasts = list(map(_START, parts)), list(map(_END, parts))
        begins, finishes = moved(firsts), moved(lasts)
        texts = list(map(_TEXT, parts))
        for i, inside in enumerate(spanned(firsts, lasts)):
            if inside:
                texts[i] = text[begins[i] : finishes[i]]
        items = tuple(map(new, repeat(Item), zip(map(_KIND, parts), texts, begins, finishes, strict=True)))
        signature = st.signature
        if signature is not None:
            inputs = tuple(typed_all(signature.inputs))
            outputs = tuple(typed_all(signature.outputs))
            after = signature.after if signature.after < 0 else moved([signature.after])[0]
            signature = new(
                Signature, (signature.kind, inputs, outputs, *moved([signature.start, signature.end]), after)
            )
        name_start, name_end, end = moved([st.name_start, st.name_end, st.end])
    except _Inside:
        return None
    statement = new(
        Statement,
        (st.name, name_start, name_end, st.generic, results, operands, definitions, successors,
         attributes, signature, st.regions, items, end),
    )  # fmt: skip
    return text, statement


class _Spans:
    """The spans of the types a statement writes: whether one is ``(start, end)``, looked for in
    C (``list.index``), without a set of them all."""

    __slots__ = ("ends", "starts")

    def __init__(self, starts: list[int], ends: list[int]) -> None:
        self.starts, self.ends = starts, ends

    def __contains__(self, span: object) -> bool:
        start, end = cast("tuple[int, int]", span)
        starts, ends = self.starts, self.ends
        at = -1
        while True:
            try:
                at = starts.index(start, at + 1)
            except ValueError:
                return False
            if ends[at] == end:
                return True


_FEW = 8
"""(:func:`retyped`: fewer edits than this are each looked for among the written types' spans)"""
_MANY = 32
"""(:func:`retyped`: offsets this many, edits fewer, are moved a run at a time)"""


class _Inside(Exception):
    """An offset inside an edited type."""


def _key_of(written: str) -> str:
    return "".join(written.split()) if " " in written or "\n" in written else written


def in_key(
    key: str,
    text: str,
    names: Sequence[str],
    edits: Sequence[tuple[int, int, str]],
    starts: list[int] | None = None,
) -> list[tuple[int, int, str]] | None:
    """``edits`` of ``text`` (offsets in ``text``) at the offsets of ``key``, ``text``'s key (its
    names ``names`` written ``%_``; what follows the key in ``text``, a location, unedited);
    ``None`` if ``key`` is not that, or an edit touches a name or what follows the key.
    ``starts``: :func:`key_starts` of ``key``, if known (a header's: :attr:`.refine_read.Header.starts`)."""
    if starts is None:
        spans = name_spans(key)
        # (in C, not a step per name: a call or a header of 17k names)
        begins: list[int] = list(map(itemgetter(0), spans))
        finishes: list[int] = list(map(itemgetter(1), spans))
        if len(spans) != len(names) or list(map(sub, finishes, begins)).count(2) != len(spans):
            return None
    else:
        if len(starts) != len(names) or starts[:1] == [-1]:
            return None
        begins, finishes = starts, list(map((2).__add__, starts))
    lengths = list(map(len, names))
    pieces: list[str] = [""] * (2 * len(names) + 1)
    pieces[0::2] = map(key.__getitem__, map(slice, [0, *finishes], [*begins, len(key)]))
    pieces[1::2] = names
    written = "".join(pieces)
    if not text.startswith(written):
        return None
    shifts: list[int] = list(accumulate(map(sub, lengths, repeat(2)), initial=0))  # (before each name)
    real = list(map(add, begins, shifts))  # where each name starts in `text`
    moved: list[tuple[int, int, str]] = []
    for start, end, new in edits:
        if end > len(written) or "%" in text[start:end]:
            return None
        i = bisect_left(real, start)
        if i and real[i - 1] + lengths[i - 1] > start:
            return None  # (inside a name)
        back = shifts[i]
        moved.append((start - back, end - back, new))
    return moved


__all__ = ["from_head", "from_key", "in_key", "key_starts", "retyped"]
