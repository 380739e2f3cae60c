"""The check of the refined text, scanned only where refine changed it.

``refine`` checks the text it wrote as ``check`` would (:func:`.refine_run.refine_text`). Refine's
reader scanned the input already, and an edit changes type text only, within a line, so every
line keeps its number; a statement the scanner's fast pass took whole (one line: its form and its
names) on a line no edit touches is the same statement in the refined text. The reader keeps the
scanner's rows of such statements as it sent them (:attr:`.refine_read.Reader.rows`);
:func:`unchanged` gives each statement on a line the edits touch the form it now has, looking only
at those lines. :class:`Replay` stands for the check's scanner: it hands each row to the check
whole, as the scanner would (``Sink.statements(row)``), and gives every other line (a line of an
op on several lines or with regions, a label, a line outside the functions, a re-typed statement
whose form cannot be told) to the real scanner, in runs of whole lines, so the scanner's state
(an op still open, a region, a label) is its own. Before a row, a statement the scanner holds whole
is finished, as the scanner finishes it when the next op starts; a line the scanner would not take
by its fast pass there (it still holds an unfinished statement) is scanned instead.

So the input is scanned once, its unchanged statements' keys are never built again, and the
replay takes no Python step per statement (a step per row and per line an edit touches).
``tests/test_refine_replay.py`` holds it: the same diagnostics as the whole check of the refined
text, how many lines it scans, and how many steps it takes.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate, islice
from operator import add, ge, itemgetter, sub
from typing import Any, overload

from broadcheck.engine.forms import Form, read_form
from broadcheck.engine.refine_header import in_key, retyped
from broadcheck.engine.refine_read import INDENT
from broadcheck.engine.refine_spans import Template
from broadcheck.engine.scan import _LOCATION_ALIAS, Scanner
from broadcheck.engine.scan_brace import complete
from broadcheck.engine.scan_text import Sink
from broadcheck.syntax.lazyre import lazy

Row = list[tuple[Form, list[str], int]]
"""A row of the scanner's one-line statements (form, names, line), as it sent them to refine's
reader (:meth:`.refine_read.Reader.statements`), in line order."""


class Replayed:
    """What the check of the refined text takes unscanned: the rows of one-line statements refine's
    reader kept, each statement on a line an edit touches given the form it now has, or split out
    of its row to be scanned; and where each line of the input starts in the refined text."""

    __slots__ = ("_cuts", "_shifts", "_size", "_starts", "rows", "templated")

    def __init__(
        self,
        rows: list[Row],
        starts: Sequence[int],
        columns: tuple[Sequence[int], Sequence[int], Sequence[str]],
        size: int,
    ) -> None:
        self.rows = rows
        self.templated = 0
        """Spans whose statements' forms their template gave (:func:`_handed_over`)."""
        self._starts, self._size = starts, size
        cuts, ends, news = columns  # (the edits' starts, ends and new texts)
        self._cuts = cuts
        grown = map(sub, map(len, news), map(sub, ends, cuts))
        self._shifts: array[int] = array("q", accumulate(grown, initial=0))  # (how far each edit moves what follows)

    def offset(self, line: int) -> int:
        """Where ``line`` (1-based, a line of the input) starts in the refined text: no edit holds a
        line end, so each line keeps its number and moves by the edits before it (the line after
        the last: the end of the text)."""
        at = self._starts[line - 1] if line <= len(self._starts) else self._size
        return at + self._shifts[bisect_left(self._cuts, at)]

    def __len__(self) -> int:
        return sum(map(len, self.rows))

    @property
    def size(self) -> int:
        """How long the refined text is."""
        return self._size + self._shifts[-1]


class LineStarts(Sequence[int]):
    """Where each line of the refined text starts (:meth:`Replayed.offset`), for the check's
    findings (:attr:`.findings.Findings.block_starts`), which would otherwise find every line end
    of the whole refined text again to locate one line."""

    __slots__ = ("_count", "_offset")

    def __init__(self, replayed: Replayed) -> None:
        self._offset, self._count = replayed.offset, len(replayed._starts)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._offset(index + 1)


def unchanged(
    rows: list[Row],
    edits: Sequence[tuple[int, int, str]],
    starts: Sequence[int],
    text: str,
    handed: Sequence[tuple[Template, list[int], int, int]] = (),
) -> Replayed | None:
    """What the check of the refined text takes unscanned (:class:`Replayed`): the rows of
    ``rows`` (taken over: changed in place), a statement on a line ``edits`` touch given the form it
    now has (:func:`retyped_form`: made once for the statements of one form, names as long and
    edits at the same offsets, as refine's re-typing repeats them) or cut out of its row (its line
    scanned); ``None`` if an edit adds or removes a line (a clone written after the last function),
    so that the lines of the refined text are not those of ``text`` (whose lines start at
    ``starts``). Only the lines the edits touch are looked at, one step each, in line order with
    the rows: no step per statement in Python; and not those of a span refine's pass re-typed from a
    template (``handed``: :attr:`.refine.Refiner.handed`) whose edits are the template's in the end:
    their forms are the template's (:func:`_handed_over`)."""
    if not edits:
        return Replayed(rows, starts, ((), (), ()), len(text))
    columns = columns_of(edits)
    if "\n" in "".join(columns[2]):
        return None
    firsts = [row[0][2] for row in rows]
    if any(map(ge, firsts, islice(firsts, 1, None))):
        return None  # (not in line order: never, but then nothing is replayed)
    cuts = columns[0]
    made: dict[object, Form | None] = {}
    by_key: dict[str, Form] = {}
    cut_rows: dict[int, list[int]] = {}  # rows with a statement whose form cannot be made: its positions
    claimed = _handed_over(rows, columns, starts, text, handed, made, by_key) if handed else {}
    lines, size, count = len(starts), len(text), len(edits)
    r, row_count = 0, len(rows)
    k = 0
    while k < count:
        if k in claimed:  # (the lines of a span whose forms its template gave)
            k = claimed[k]
            continue
        start, stop, new = edits[k]
        line = bisect_right(starts, start)  # (the line of `start`, 1-based)
        begin = starts[line - 1]
        end = starts[line] - 1 if line < lines else size  # (its `\n`)
        k += 1
        if k < count and cuts[k] <= end:  # more edits on the line (the edits are relative to its start)
            following = bisect_right(cuts, end, k)
            mine = edits[k - 1 : following]
            k = following
            stop = mine[-1][1]
            moved: tuple[tuple[int, int, str], ...] = tuple([(a - begin, b - begin, n) for a, b, n in mine])
        else:
            moved = ((start - begin, stop - begin, new),)
        if stop > end:
            return None  # (an edit across a line end)
        while r < row_count and rows[r][-1][2] < line:
            r += 1
        if r == row_count:
            break
        row = rows[r]
        i = line - row[0][2]
        if i < 0:
            continue  # (a header, a label, an op on several lines: scanned)
        if i >= len(row) or row[i][2] != line:  # (a row's lines may hold blank and comment lines)
            i = next((p for p, entry in enumerate(row) if entry[2] == line), -1)
            if i < 0:
                continue
        form, names, _ = row[i]
        memo = (form, tuple(map(len, names)), moved)  # (a line's indent is in its edits' offsets)
        found = made.get(memo, _UNMADE)  # (one hash of the memo, not two)
        if found is _UNMADE:
            found = made[memo] = _retyped_line(form, text, begin, end, names, moved)
            if found is not None:
                found = made[memo] = by_key.setdefault(found.key, found)
        if found is None:
            cut_rows.setdefault(r, []).append(i)
        else:
            row[i] = (found, names, line)
    if cut_rows:  # (rare: a re-typed statement whose form cannot be told)
        kept: list[Row] = []
        for r, row in enumerate(rows):
            if r in cut_rows:
                at = 0
                for i in cut_rows[r]:
                    if i > at:
                        kept.append(row[at:i])
                    at = i + 1
                if at < len(row):
                    kept.append(row[at:])
            else:
                kept.append(row)
        rows = kept
    replayed = Replayed(rows, starts, columns, len(text))
    replayed.templated = len(claimed)
    return replayed


def columns_of(edits: Sequence[tuple[int, int, str]]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    """``edits`` (``(start, end, new)``) as three columns, each a tuple: their starts, ends and new
    texts. Each column in one C pass (``zip(*edits)`` steps 162k iterators at once: three times as long)."""
    return tuple(map(_FIRST, edits)), tuple(map(_SECOND, edits)), tuple(map(_THIRD, edits))


_FIRST, _SECOND, _THIRD = itemgetter(0), itemgetter(1), itemgetter(2)


def _handed_over(
    rows: list[Row],
    columns: tuple[Sequence[int], Sequence[int], Sequence[str]],
    starts: Sequence[int],
    text: str,
    handed: Sequence[tuple[Template, list[int], int, int]],
    made: dict[object, Form | None],
    by_key: dict[str, Form],
) -> dict[int, int]:
    """Give the statements of each span of ``handed`` (re-typed from a template by refine's pass:
    the template, its statements' offsets, the line of its row's first statement, where it starts
    in the row) the forms their template made (:func:`_template_forms`), where the edits of the
    span's lines in the end (the edits' starts, ends and new texts, ``columns``, each a tuple: the
    pass may have undone a region op's edits, or written a span twice) are the template's; the
    spans so taken, as (their first edit: the edit after their last) for :func:`unchanged` to step over."""
    by_line = {row[0][2]: r for r, row in enumerate(rows) if row}
    lines, size = len(starts), len(text)
    cuts, ends, texts = columns
    claimed: dict[int, int] = {}
    for template, offsets, line, first in handed:
        r = by_line.get(line)
        at, firsts, lasts, news = template.edits
        if r is None or not at or template.forms == []:
            continue
        row = rows[r]
        last = first + len(offsets) - 1
        if last >= len(row):
            continue
        end_line = row[last][2]
        k0 = bisect_left(cuts, offsets[0])
        k1 = bisect_left(cuts, starts[end_line] if end_line < lines else size)
        if k0 in claimed or k1 - k0 != len(at) or news != texts[k0:k1]:
            continue
        moved = list(map(offsets.__getitem__, at))  # (compared column by column: no tuple made per edit)
        if cuts[k0:k1] != tuple(map(add, moved, firsts)) or ends[k0:k1] != tuple(map(add, moved, lasts)):
            continue
        forms = template.forms
        if forms is None:
            forms = template.forms = _template_forms(template, row, first, offsets, starts, text, made, by_key)
        for j, form in forms:
            _, names, line_at = row[first + j]
            row[first + j] = (form, names, line_at)
        claimed[k0] = k1
    return claimed


def _template_forms(
    template: Template,
    row: Row,
    first: int,
    offsets: list[int],
    starts: Sequence[int],
    text: str,
    made: dict[object, Form | None],
    by_key: dict[str, Form],
) -> list[tuple[int, Form]]:
    """The new form of each statement ``template`` re-types (by its place in the span), made from
    the span of ``row`` from ``first`` (its statements at ``offsets``) as :func:`unchanged` makes
    a line's: a statement's form depends on its form, its names' lengths and its edits from its
    start, which every span of the template shares; none if one cannot be made."""
    mine: dict[int, list[tuple[int, int, str]]] = {}
    for j, a, b, new in zip(*template.edits, strict=True):
        mine.setdefault(j, []).append((a, b, new))
    forms: list[tuple[int, Form]] = []
    for j, written in mine.items():
        form, names, line = row[first + j]
        begin = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(text)
        indent = offsets[j] - begin
        if not 0 <= indent <= end - begin:
            return []
        moved = tuple([(a + indent, b + indent, new) for a, b, new in written])
        memo = (form, tuple(map(len, names)), moved)
        found = made.get(memo, _UNMADE)
        if found is _UNMADE:
            found = made[memo] = _retyped_line(form, text, begin, end, names, moved)
            if found is not None:
                found = made[memo] = by_key.setdefault(found.key, found)
        if found is None:
            return []
        forms.append((j, found))
    return forms


def _retyped_line(
    form: Form, text: str, begin: int, end: int, names: list[str], edits: tuple[tuple[int, int, str], ...]
) -> Form | None:
    """:func:`retyped_form` of the statement on the line of ``text`` from ``begin`` to ``end`` (its
    line end), ``edits`` relative to ``begin``."""
    if end > begin and text[end - 1] == "\r":
        end -= 1
    at = INDENT.match(text, begin, end).end()  # type: ignore[union-attr]  # (it always matches)
    indent = at - begin
    return retyped_form(form, text[at:end], names, [(a - indent, b - indent, new) for a, b, new in edits])


_UNMADE: Any = object()
"""(:func:`unchanged`: no form made for a memo yet; ``None`` is a memo's that cannot be told)"""


def retyped_form(form: Form, text: str, names: list[str], edits: Sequence[tuple[int, int, str]]) -> Form | None:
    """The form of a statement of one line (``text``, its line but for the indent; the scanner read
    it as ``form`` with ``names``) after ``edits`` (offsets in ``text``, type text only), from its
    form (:func:`.refine_header.retyped`), as the scanner would read it from the refined line;
    ``None`` where that cannot be told (then the line is scanned)."""
    st = form.statement if form.error is None else None
    if st is None or st.regions:
        return None
    moved = in_key(form.key, text, names, edits)
    found = retyped(st, form.key, moved) if moved is not None else None
    if found is None:
        return None
    key, statement = found
    new = read_form(key, statement)
    new.complete = new.plain or (form.complete and _brackets_kept(text, edits)) or complete(key)
    return new if new.complete and new.error is None else None


def _brackets_kept(text: str, edits: Sequence[tuple[int, int, str]]) -> bool:
    """Whether ``edits`` of ``text`` keep its brackets as they were: each new text has the brackets
    of the text it replaces, in order, and neither holds a brace, a quote, a slash or a ``-`` (so
    not a region, a string, a comment nor the ``->`` of a function type). A whole statement stays
    whole then (:func:`.scan_brace.complete` would walk a megabyte key to say so)."""
    for a, b, new in edits:
        old = text[a:b]
        if _UNSAFE.search(old) or _UNSAFE.search(new) or _BRACKETS.findall(old) != _BRACKETS.findall(new):
            return False
    return True


_BRACKETS = lazy(r"[<>()\[\]]")
_UNSAFE = lazy(r'[{}"/-]')


class Replay:
    """The check's scanner for the refined text (see the module docstring): :meth:`block` and
    :meth:`end`, as the reader uses a :class:`~.scan.Scanner`."""

    def __init__(
        self,
        scanner: Scanner,
        sink: Sink,
        statements: Replayed,
        heads: dict[int, tuple[str, Form, list[str]]] | None = None,
    ) -> None:
        self.scanner, self.sink = scanner, sink
        self._statements = statements
        self._heads = heads or {}
        """Re-typed function headers by line: their new text, head form and names."""
        self._next = 0
        self.replayed = 0
        """Statements handed to the check unscanned."""
        self.scanned = 0
        """Lines given to the scanner (a header opened from its form counted too)."""
        self.opened = 0
        """Headers of ``heads`` whose region opened from their form (:meth:`.PieceScanner.open_known`)."""
        self.passed = 0
        """Location alias lines the text starts with, not given to the scanner (:func:`_location_aliases`)."""

    def block(self, text: str, first_line: int) -> int:
        """Check the whole lines of ``text`` (the first is ``first_line``); the next line's number."""
        scanner, kept = self.scanner, self._statements
        pieces = scanner.pieces
        labels = pieces.labels
        rows, offset = kept.rows, kept.offset
        base = offset(first_line)
        size, count = len(text), len(rows)
        number, at = first_line, 0  # the line that starts at offset `at` of `text`
        r = self._next
        replayed = 0
        send = getattr(self.sink, "statements", None) or self._one_by_one
        findings = getattr(self.sink, "findings", None)
        if first_line == 1 and size == kept.size and findings is not None and findings.block_text is text:
            findings.block_starts = LineStarts(kept)  # (the whole refined text: its lines known)
        if first_line == 1 and pieces.pending is None and (at := _location_aliases(text)):
            # The location aliases the text starts with (a JAX export's 17,297 at 480 layers):
            # the scanner passes each by, nothing pending, and changes nothing (refine's reading
            # scanned them): not given to it again. (Not if a row would start among them: never.)
            number = 1 + text.count("\n", 0, at)
            if r < count and rows[r][0][2] < number:
                number, at = first_line, 0
            self.passed += number - 1
        while r < count:
            row = rows[r]
            first, last = row[0][2], row[-1][2]
            if first < number:  # (lines the scanner took already)
                row = [entry for entry in row if entry[2] >= number]
                if not row:
                    r += 1
                    continue
                first = row[0][2]
            begin, after = offset(first) - base, offset(last + 1) - base
            if after > size:
                break  # (the text ends before it)
            if first > number:  # the lines before it: scanned
                self.scanned += first - number
                self._scan(text, at, begin, number)
                at, number = begin, first
            pending = pieces.pending
            if pending is not None and pending.complete and not pieces.queue:
                pieces.finish(pending)  # an op starts here: the statement before it is whole
            if pieces.pending is None and labels.text is None:
                send(row)
                replayed += len(row)
                rows[r] = _GONE  # (its names go once it is checked)
                at, number = after, last + 1
                r += 1
                continue
            # (the scanner still holds a statement: its fast pass would not take the first line)
            end = offset(first + 1) - base
            self.scanned += 1
            scanner.block(text[begin:end], first)
            at, number = end, first + 1
            if len(row) > 1:
                rows[r] = row[1:]
            else:
                r += 1
        self._next = r
        self.replayed += replayed
        if at < size:
            rest = text.count("\n", at) + (0 if text.endswith("\n") else 1)
            self.scanned += rest
            self._scan(text, at, size, number)
            number += rest
        return number

    def _one_by_one(self, batch: list[tuple[Form, list[str], int]]) -> None:
        """A sink without :meth:`~.scan_text.Sink.statements` takes a row of statements one by one."""
        for form, names, line in batch:
            self.sink.statement(form, names, [line], None, "")

    def _scan(self, text: str, start: int, stop: int, first: int) -> None:
        """Give the lines of ``text[start:stop]`` (the first is ``first``) to the scanner, but a
        re-typed header's line, whose region :meth:`_open` opens from its form if it can."""
        heads, scanner = self._heads, self.scanner
        if heads:
            last = first + text.count("\n", start, stop)
            for line in sorted(h for h in heads if first <= h <= last):  # (a few: the re-typed headers)
                at, number = start, first
                while number < line:
                    at = text.index("\n", at, stop) + 1
                    number += 1
                end = text.find("\n", at, stop)
                end = stop if end < 0 else end
                if at > start:
                    scanner.block(text[start:at], first)
                start, first = at, line
                if self._open(line, text[at:end]):
                    start, first = min(end + 1, stop), line + 1
        if start < stop:
            scanner.block(text[start:stop], first)

    def _open(self, line: int, line_text: str) -> bool:
        """Open the region of the header of ``heads`` on ``line`` (``line_text``) from its form and
        names, as the scanner would after reading the line, if the line is that header and the
        scanner holds nothing unfinished; whether it did."""
        head, form, names = self._heads[line]
        brace = len(line_text) - 1
        start = len(line_text) - len(line_text.lstrip())
        if not line_text.endswith("{") or line_text[start:brace].rstrip() != head:
            return False
        pieces = self.scanner.pieces
        pending = pieces.pending
        if pending is not None and pending.complete and not pieces.queue:
            pieces.finish(pending)  # an op starts here: the statement before it is whole
        if not pieces.head_follows(line, line_text, start) or pieces.labels.text is not None or pieces.queue:
            return False  # (`module ... {` before it: its `{` opens a region, the line after says so)
        pieces.open_known(line, line_text, start, brace, form, names)
        self.opened += 1
        return True

    def end(self) -> None:
        """The end of the module."""
        self.scanner.end()


def _location_aliases(text: str) -> int:
    """How long the run of whole lines ``text`` starts with that are each a location alias the
    scanner passes by (its ``_LOCATION_ALIAS``, one line each: ``#loc3 = loc("f.py":3:4)``; a
    nested location is not one, the scanner reads it as an alias) is: one match in C."""
    if not text.startswith(("#", " ", "\t")):
        return 0
    line = _LOCATION_ALIAS.pattern
    if not line.endswith("$"):
        return 0  # (the scanner's pattern is not one line's as it was: nothing passed by)
    found = re.match(f"(?:{line[:-1]}\n)*+", text)
    return found.end() if found is not None else 0


_GONE: Row = []
