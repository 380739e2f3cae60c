"""The check of the refined text, scanned only where refine changed it.

``refine`` checks the text it wrote as ``check`` would (:func:`.refine_run.refine_text`). Refine's
reader scanned the input already, and an edit changes type text only, within a line, so every
line keeps its number; a statement the scanner's fast pass took whole (one line: its form and its
names, :class:`.refine_read.Lazy`) on a line no edit touches is the same statement in the refined
text. :class:`Replay` stands for the check's scanner: it hands those statements to the check as
the scanner would (``Sink.statement(form, names, [line], None, "")``, in line order) and gives every
other line (an edited line, a line of an op on several lines or with regions, a label, a line
outside the functions) to the real scanner, in runs of whole lines, so the scanner's state (an op
still open, a region, a label) is its own. Before a replayed line, a statement the scanner holds
whole is finished, as the scanner finishes it when the next op starts; a line the scanner would
not take by its fast pass there (it still holds an unfinished statement) is scanned instead.

So the input is scanned once and its unchanged statements' keys are never built again: on the
480-layer GPT-2 export about 7 lines in 10 (``docs/refine.md``, Measured). ``tests/test_refine_replay.py``
holds it: the same diagnostics as the whole check of the refined text, and how many lines it scans.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from itertools import islice
from operator import ge
from typing import Any

from broadcheck.engine.forms import Form, read_form
from broadcheck.engine.refine_header import in_key, retyped
from broadcheck.engine.refine_read import Header, Lazy
from broadcheck.engine.scan import BATCH, Scanner
from broadcheck.engine.scan_brace import complete
from broadcheck.engine.scan_text import Sink
from broadcheck.syntax.statement import REGION


class Replayed:
    """The statements of one line the check of the refined text takes unscanned, in line order:
    each one's line, form and names, in three columns (a tuple each was 30 MB more at the peak of
    the 480-layer export)."""

    __slots__ = ("forms", "lines", "names")

    def __init__(self) -> None:
        self.lines = array("l")
        self.forms: list[Form | None] = []
        """(``None``: a re-typed statement whose form cannot be made: its line is scanned)"""
        self.names: list[list[str]] = []

    def add(self, line: int, form: Form, names: list[str]) -> None:
        self.lines.append(line)
        self.forms.append(form)
        self.names.append(names)

    def __len__(self) -> int:
        return len(self.lines)


def unchanged(
    groups: Iterable[Sequence[object]], edits: Sequence[tuple[int, int, str]], starts: Sequence[int], text: str
) -> Replayed | None:
    """What the check of the refined text takes unscanned: each statement of one line
    (:class:`.refine_read.Lazy`) of ``groups`` (the statements of each function, in line order) with
    its form, or, on a line ``edits`` touch, the form it now has (:func:`retyped_form`: made once for
    the statements of one form, names as long and edits at the same offsets, as refine's re-typing
    repeats them); ``None`` if an edit adds or removes a line (a clone written after the last
    function), so that the lines of the refined text are not those of ``text`` (whose lines start
    at ``starts``). The columns are taken from the statements whole (no step per statement in
    Python), then only the lines the edits touch are looked at."""
    touched: dict[int, list[tuple[int, int, str]]] = {}
    lines = len(starts)
    newline = -1  # where the line of the last edit ends (its `\n`; -1: not known)
    on_line: list[tuple[int, int, str]] = []
    for edit in edits:  # (ordered: the edits of one line are a run of them)
        start, end, new = edit
        if start > newline:  # a later line than the last edit's: found by bisection, once per line
            line = bisect_right(starts, start)
            newline = starts[line] - 1 if line < lines else -1  # (the last line: every edit bisects)
            on_line = touched.setdefault(line, [])
        if "\n" in new or (end > newline and "\n" in text[start:end]):
            return None
        on_line.append(edit)
    statements: list[Lazy] = [s for group in groups for s in group if type(s) is Lazy]
    kept = Replayed()
    numbers = kept.lines = array("l", [s.line for s in statements])
    if any(map(ge, numbers, islice(numbers, 1, None))):
        return None  # (not in line order: never, but then nothing is replayed)
    forms = kept.forms = [s.form for s in statements]
    kept.names = [s.names for s in statements]
    made: dict[object, Form | None] = {}
    by_key: dict[str, Form] = {}
    count = len(numbers)
    for line, mine in touched.items():
        i = bisect_left(numbers, line)
        if i == count or numbers[i] != line:
            continue  # (an edit of a header, a label, an op on several lines: scanned)
        s = statements[i]
        at = s._offset  # (`Lazy.at`)
        if len(mine) == 1:
            a, b, new = mine[0]
            moved: tuple[tuple[int, int, str], ...] = ((a - at, b - at, new),)
        else:
            moved = tuple((a - at, b - at, new) for a, b, new in mine)
        memo = (s.form, tuple(map(len, s.names)), moved)
        found = made.get(memo, _UNMADE)  # (one hash of the memo, not two)
        if found is _UNMADE:
            form = made[memo] = retyped_form(s, moved)
            if form is not None:
                form = made[memo] = by_key.setdefault(form.key, form)
        else:
            form = found
        forms[i] = form  # (`None`: the line is scanned, :meth:`Replay.block`)
    return kept


_UNMADE: Any = object()
"""(:func:`unchanged`: no form made for a memo yet; ``None`` is a memo's that cannot be told)"""


def retyped_head(header: Header, edits: Sequence[tuple[int, int, str]]) -> Form | None:
    """The head form of a function whose header ``edits`` re-type (offsets in the source), made
    from its head form as :func:`retyped_form` makes a statement's (the scanner then finds it by
    its key, :meth:`.scan_pieces.PieceScanner._head_form`); ``None`` where that cannot be told."""
    form = header.form
    st = form.statement if form.error is None else None
    tail = " " + REGION
    if st is None or not form.key.endswith(tail):
        return None
    at = header.offset
    text = header.text
    head, names = form.key[: -len(tail)], header.names
    moved = in_key(head, text, names, [(a - at, b - at, new) for a, b, new in edits])
    # (in_key takes a key that starts the text, each name `%_` in it: a header's is all of it,
    # so the key with its names written back is as long as the text)
    if moved is None or len(head) + sum(map(len, names)) - 2 * len(names) != len(text):
        return None
    found = retyped(st, form.key, moved)
    return None if found is None else read_form(*found)


def retyped_form(s: Lazy, edits: Sequence[tuple[int, int, str]]) -> Form | None:
    """The form of ``s`` after ``edits`` (offsets in its text, type text only), from its form
    (:func:`.refine_header.retyped`), as the scanner would read it from the refined line; ``None``
    where that cannot be told (then the line is scanned)."""
    form = s.form
    st = form.statement if form.error is None else None
    if st is None or st.regions:
        return None
    moved = in_key(form.key, s.text, s.names, edits)
    found = retyped(st, form.key, moved) if moved is not None else None
    if found is None:
        return None
    key, statement = found
    new = read_form(key, statement)
    new.complete = new.plain or complete(key)
    return new if new.complete and new.error is None else None


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

    def block(self, text: str, first_line: int) -> int:
        """Check the whole lines of ``text`` (the first is ``first_line``); the next line's number."""
        scanner, sink, statements = self.scanner, self.sink, self._statements
        pieces = scanner.pieces
        labels = pieces.labels
        find = text.find
        number, at = first_line, 0  # the line that starts at offset `at` of `text`
        size, count = len(text), len(statements)
        lines, forms, all_names = statements.lines, statements.forms, statements.names
        i = self._next
        replayed = 0
        batch: list[tuple[Form, list[str], int]] = []  # replayed statements, sent on in a row (as the scanner's)
        send = getattr(sink, "statements", None) or self._one_by_one
        while i < count:
            line, form = lines[i], forms[i]
            if line < number or form is None:
                all_names[i] = _GONE
                i += 1
                continue
            if line > number:  # the lines before it: scanned
                start, gap = at, number
                while number < line and at < size:
                    end = find("\n", at)
                    at = size if end < 0 else end + 1
                    number += 1
                if number < line:
                    break  # (the text ends before it)
                if batch:
                    send(batch)
                    batch = []
                self.scanned += line - gap
                self._scan(text, start, at, gap)
            if at >= size:
                break
            names = all_names[i]
            all_names[i] = _GONE  # (its names go once it is checked)
            i += 1
            pending = pieces.pending
            if pending is not None:
                if batch:
                    send(batch)
                    batch = []
                if pending.complete and not pieces.queue:
                    pieces.finish(pending)  # an op starts here: the statement before it is whole
                pending = pieces.pending
            end = find("\n", at)
            after = size if end < 0 else end + 1
            if pending is None and labels.text is None:
                batch.append((form, names, line))
                if len(batch) >= BATCH:
                    send(batch)
                    batch = []
                replayed += 1
            else:  # (the scanner still holds a statement: its fast pass would not take the line)
                if batch:
                    send(batch)
                    batch = []
                self.scanned += 1
                scanner.block(text[at:after], line)
            at, number = after, number + 1
        if batch:
            send(batch)
        del batch
        self._next = i
        self.replayed += replayed
        if at < size:
            rest = text[at:]
            more = rest.count("\n") + (0 if rest.endswith("\n") else 1)
            self.scanned += more
            self._scan(text, at, size, number)
            number += more
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
        if pieces.pending is not None or pieces.labels.text is not None or pieces.queue:
            return False
        pieces.open_known(line, line_text, start, brace, form, names)
        self.opened += 1
        return True

    def end(self) -> None:
        """The end of the module."""
        self.scanner.end()


_GONE: list[str] = []
