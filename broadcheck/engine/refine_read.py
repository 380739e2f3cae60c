"""Refine's reader: the functions of a text as the fix stage reads them (:class:`.fix.Collector`),
with how deep in an op's regions each statement is, the pieces of lines of each op on several lines
or with regions, the block labels, and where each function's text is (for a clone).

A statement on one line is kept with the scanner's form and names (:class:`Lazy`) and read only
when refine asks for it (most statements of an export use no value whose type changes), then once
per shape, without its location (:func:`.refine_values.read_as_named`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from operator import add, attrgetter, itemgetter, sub
from typing import cast

from broadcheck.engine.fix import UNREAD_AT, Collector, PlannedFunction, PlannedStatement, use_key
from broadcheck.engine.forms import USE, Form, Rich, read_form
from broadcheck.engine.refine_generic import GENERIC_HEAD, GenericFunction, GenericHead, properties_after, symbol_of
from broadcheck.engine.refine_header import from_head, from_key, in_key, key_starts, retyped
from broadcheck.engine.refine_rows import RUN, Lines
from broadcheck.engine.refine_values import CALLS, attribute_int, callee_of, direction_of, read_as_named
from broadcheck.engine.scan import Piece, Scanner, Text
from broadcheck.engine.scan_brace import then_region
from broadcheck.engine.scan_pieces import PieceScanner
from broadcheck.inputs import BLOCK_SIZE
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import elide_weights
from broadcheck.syntax.lines import _LOC_DEPTH
from broadcheck.syntax.statement import REGION, Statement, TypeText
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem

_LINE_END = lazy("\n")
"""A line's end (the lines' starts: :func:`read_functions`)."""

INDENT = lazy(r"\s*")
"""A line's indent (what ``str.lstrip`` strips: ``\\s`` is ``str.isspace``)."""

LONG = 4096
"""A statement on one line this long is read from its form (:attr:`Lazy.statement`)."""


class Deferred(PlannedStatement):
    """A statement on one line, read when first asked for (once per shape, without its location)."""

    __slots__ = ()

    @property
    def statement(self) -> Statement:
        found = self._statement
        if found is None:
            text = self.text
            if text.endswith(")") and "loc(" in text:
                # A location does not change how a statement reads, and keeps statements of one
                # shape apart: read without it (it is last, so every offset holds).
                text = strip_location(text)
            try:
                found = self._statement = read_as_named(text)
            except ReaderProblem:
                return PlannedStatement.statement.fget(self)  # type: ignore[attr-defined,no-any-return]
        return found


class Header(Deferred):
    """A function's header on one line: its statement made from the form the scanner read its head
    as (:func:`.refine_header.from_head`), not read again; read as a :class:`Deferred` if it cannot."""

    __slots__ = ("_starts", "form", "names")

    def __init__(self, text: str, offset: int, line: int, column: int, form: Form, names: list[str]) -> None:
        super().__init__(text, offset, line, column, None)
        self.form, self.names = form, names
        self._starts: list[int] | None = None

    @property
    def starts(self) -> list[int]:
        """Where each name of its head's key starts (:func:`.refine_header.key_starts`; ``[-1]``
        if not each ``%_``): found once, for its statement and for its re-typing (:meth:`retyped`)."""
        found = self._starts
        if found is None:
            key = self.form.key
            found = self._starts = key_starts(key[: -len(_TAIL)] if key.endswith(_TAIL) else key)
        return found

    @property
    def statement(self) -> Statement:
        found = self._statement
        if found is None:
            form, text = self.form, self.text
            head = form.statement if form.error is None else None
            if head is not None and not (text.endswith(")") and "loc(" in text and strip_location(text) != text):
                found = from_head(head, form.key, text, self.names, self.starts if form.key.endswith(_TAIL) else None)
            if found is None:
                return Deferred.statement.fget(self)  # type: ignore[attr-defined,no-any-return]
            self._statement = found
        return found

    def retyped(self, edits: Sequence[tuple[int, int, str]]) -> Form | None:
        """The head form of its header re-typed by ``edits`` (offsets in the source, ordered, each
        inside it), made from its head form as :func:`.refine_replay.retyped_form` makes a
        statement's (the scanner then finds it by its key, :meth:`.scan_pieces.PieceScanner._head_form`);
        ``None`` where that cannot be told. Its key's names are not looked for again (:attr:`starts`)."""
        form = self.form
        st = form.statement if form.error is None else None
        if st is None or not form.key.endswith(_TAIL):
            return None
        at, text, names = self.offset, self.text, self.names
        head = form.key[: -len(_TAIL)]
        moved = in_key(head, text, names, [(a - at, b - at, new) for a, b, new in edits], self.starts)
        # (in_key takes a key that starts the text, each name `%_` in it: a header's is all of it,
        # so the key with its names written back is as long as the text)
        if moved is None or len(head) + sum(map(len, names)) - 2 * len(names) != len(text):
            return None
        found = retyped(st, form.key, moved)
        return None if found is None else read_form(*found)


_TAIL = " " + REGION
"""What ends a head form's key: its region, elided (:meth:`.scan_pieces.PieceScanner._head_form`)."""


class Lazy(Deferred):
    """A statement on one line, read when first asked for: its form and names (the scanner's) say
    which values it uses before it is read."""

    __slots__ = ("_source", "_start", "form", "names")
    # Made by the reader slot by slot (:meth:`Reader.statements`: no call of an `__init__`, 377,737
    # of them at 480 layers), six of them: `_source`, `_offset` (where its text starts), `line`,
    # `_statement`, `form`, `names`. Its text is cut from the source when asked, not kept: most
    # statements are passed by on their form alone, and a copy of each line was a tenth of refine's
    # peak memory; its end and its column are found when asked. (`_offset` is -1 if it does not
    # read: `_start` is where its text starts then, set before it is first read.)
    _source: str
    _start: int
    form: Form
    names: list[str]

    @property
    def _first(self) -> int:
        """Where its text starts in the source."""
        first = self._offset
        return first if first >= 0 else self._start

    @property
    def text(self) -> str:  # type: ignore[override]  # (read-only here: nothing sets it)
        """The statement's text (its line but for the indent), cut from the source."""
        source, first = self._source, self._first
        return source[first : _line_end(source, first)]

    @property
    def end(self) -> int:
        """Where its text ends in the source (its line's end but a ``\\r``): found when asked
        (the reader does not look for each line's end: most statements are never cut)."""
        return _line_end(self._source, self._first)

    @property
    def column(self) -> int:  # type: ignore[override]  # (read-only here: nothing sets it)
        """Its column (found when asked: few are)."""
        first = self._first
        return first - self._source.rfind("\n", 0, first)

    @property
    def size(self) -> int:
        """How long its text is (without cutting it)."""
        first = self._first
        return _line_end(self._source, first) - first

    @property
    def at(self) -> int:
        """Where it starts in the source (without reading it)."""
        return self._offset

    @property
    def statement(self) -> Statement:
        found = self._statement
        if found is None:
            self._start = self._offset  # (where its text starts, should its reading fail: `_first`)
        if found is None and self.size >= LONG:
            # A long statement (a call or a return of every parameter of a model) is read from its
            # form, which the scanner read (:func:`.refine_header.from_key`), not a second time.
            text, form = self.text, self.form
            if text.endswith(")") and "loc(" in text:
                text = strip_location(text)
            head = form.statement if form.error is None else None
            found = from_key(head, form.key, text, self.names) if head is not None else None
            if found is not None:
                self._statement = found
                return found
        return Deferred.statement.fget(self)  # type: ignore[attr-defined,no-any-return]

    def operand_names(self) -> list[str] | None:
        """The names of the values it uses (as value flow keys them), without reading it; ``None``
        if the form does not say."""
        form, names = self.form, self.names
        roles = form.roles
        if len(roles) != len(names):
            return None
        split = form.split
        used = names[split:] if split >= 0 else [n for n, r in zip(names, roles, strict=True) if r == USE]
        # `%0#0` is keyed `%0` (:func:`.fix.use_key`)
        return [n[:-2] if n.endswith("#0") else n for n in used] if "#" in "".join(used) else used


class Row:
    """A row of :data:`.refine_rows.RUN` or more of the scanner's one-line statements at a
    function's top level (its ``batch``: form, names, line, as :attr:`Reader.rows` keeps it), none
    with a reading error nor an op :func:`dimension_sources` reads but a call (made on its own for
    it, :meth:`some`), in its place among the function's statements: refine's pass passes most such
    rows by on their forms and names alone (:func:`.refine_rows.passed_by`), re-types most of the
    others from templates with where each statement starts (:meth:`starts`), and makes the row's
    statements (:class:`Lazy`) only where it takes a run of them one by one (:meth:`some`). At 480
    layers, 1,659 rows are so kept (370,981 statements; 1,181 of them, with no call, were so kept
    before the fifteenth stop, the others made whole) and 24,888 statements are made of 377,737
    (116,859 before)."""

    __slots__ = ("_made", "_some", "_source", "_starts", "batch")

    def __init__(self, batch: list[tuple[Form, list[str], int]], source: str, starts: Sequence[int]) -> None:
        self.batch = batch
        self._source, self._starts = source, starts
        self._made: list[Lazy] | None = None
        self._some: dict[int, Lazy] = {}
        """Statements made on their own, by their place in the row (:meth:`some`): the calls the
        reader notes for :func:`dimension_sources`, a run refine's pass takes one by one."""

    def statements(self) -> list[Lazy]:
        """Its statements, made once (:func:`lazies`; those made before, :meth:`some`, kept)."""
        made = self._made
        if made is None:
            made = self._made = lazies(self.batch, self._source, self._starts)
            for at, lazy in self._some.items():
                made[at] = lazy
        return made

    def some(self, first: int, last: int) -> list[Lazy]:
        """Its statements from place ``first`` to ``last`` (not included), each made once: a run
        refine's pass takes one by one, the rest of the row not made (at 480 layers, the rows that
        hold a call: 102,883 statements, of which the pass takes 7,612 on their own)."""
        if self._made is not None or (not first and last == len(self.batch)):
            return self.statements()[first:last]
        some = self._some
        made = lazies(self.batch[first:last], self._source, self._starts)
        for at in range(first, last):
            found = some.get(at)
            if found is None:
                some[at] = made[at - first]
            else:
                made[at - first] = found
        return made

    def starts(self) -> list[int] | None:
        """Where each of its statements starts in the source (what its :class:`Lazy` would say,
        :attr:`Lazy.at`), without making them: each line's start moved by the first's indent, if
        every line of the row has that indent (in C, no step per statement; ``None`` if not). A
        span of the row re-typed from a template needs no more (:meth:`.refine_spans.Template.apply`)."""
        made = self._made
        if made is not None:
            return list(map(_AT, made))
        source = self._source
        line_starts = list(map(self._starts.__getitem__, map(sub, map(_LINE, self.batch), repeat(1))))
        start = line_starts[0]
        width = INDENT.match(source, start).end() - start  # type: ignore[union-attr]  # (it always matches)
        firsts = list(map(add, line_starts, repeat(width)))
        # (as lazies finds them: the indent ends where the line's text starts, no space after it)
        if all(map(source.startswith, repeat(source[start : start + width]), line_starts)) and not any(
            map(str.isspace, map(source.__getitem__, firsts))
        ):
            return firsts
        return None


def lazies(batch: list[tuple[Form, list[str], int]], source: str, starts: Sequence[int]) -> list[Lazy]:
    """The statements of a row of one-line statements (form, names, line) of ``source`` (its lines
    start at ``starts``), each a :class:`Lazy` made slot by slot (no call of an ``__init__``)."""
    made: list[Lazy] = []
    append = made.append
    new, indent = Lazy.__new__, INDENT.match
    spaces = ""  # the indent of the statement before (those of a row mostly have one)
    for form, names, line in batch:
        start = starts[line - 1]
        first = start + len(spaces)
        # (a statement's line is never blank: its indent ends before the line does)
        if not source.startswith(spaces, start) or source[first].isspace():
            first = indent(source, start).end()  # type: ignore[union-attr]  # (it always matches)
            spaces = source[start:first]
        lazy = new(Lazy)
        lazy._source, lazy._offset, lazy.line, lazy._statement, lazy.form, lazy.names = (
            source, first, line, None, form, names)  # fmt: skip
        append(lazy)
    return made


def made(statements: Sequence[object]) -> list[PlannedStatement]:
    """``statements`` (a function's, as refine's reader keeps them) with each :class:`Row` made
    its statements."""
    found: list[PlannedStatement] = []
    for s in statements:
        if type(s) is Row:
            found += s.statements()
        else:
            found.append(cast("PlannedStatement", s))
    return found


def _line_end(source: str, first: int) -> int:
    """Where the line of ``source`` that ``first`` is on ends (its ``\n``, or a ``\r`` before it)."""
    end = source.find("\n", first)
    if end < 0:
        end = len(source)
    if end > first and source[end - 1] == "\r":
        end -= 1
    return end


def strip_location(text: str) -> str:
    """``text`` without its trailing location (and the spaces before it): where ``TRAILING_LOC``
    would match first, trying it at each ``loc`` from the left (the spaces before it backed over),
    found by one search in C (:data:`_LOCATION_AT`), not a Python step and a match at each ``loc``
    (a 2 MB header holds 17k of them, none trailing: 12 ms)."""
    found = _LOCATION_AT.search(text) if "loc" in text else None
    if found is None:
        return text
    start = found.start()
    while start and text[start - 1] in " \t":
        start -= 1
    return text[:start]


_LOCATION_AT = lazy(rf"loc[ \t]*+\((?:{_LOC_DEPTH})*+\)[ \t\r]*+$")
"""``TRAILING_LOC`` from its ``loc`` on (:func:`strip_location`: its literal start found in C)."""


class Reader(Collector):
    """The fix stage's collector, also noting how deep in an op's regions each statement is."""

    def __init__(self, lines: Sequence[str], starts: list[int], source: str = "") -> None:
        super().__init__(lines, starts)
        self.source = source
        """The text the lines are of (a statement on one line is cut from it when asked)."""
        self.depths: dict[int, int] = {}
        self.spread: dict[int, tuple[list[Piece], list[int]]] = {}
        """An op on several lines or with regions: the pieces of lines its text was joined from."""
        self.labels: list[tuple[int, int, PlannedStatement, tuple[list[Piece], list[int]]]] = []
        """Each block label in a function: (line, depth, its text, its pieces)."""
        self.spans: dict[str, tuple[int, int]] = {}
        """Each function's text in the file: from its header's line to the end of its closing line."""
        self.noted: dict[int, list[PlannedStatement]] = {}
        """By function (``id``): the statements :func:`dimension_sources` may read, in order (an op
        of one line it reads, :data:`_SOURCES`, and every statement on several lines or with
        regions), so that it does not walk every statement of the module."""
        self.runs: dict[int, dict[int, int]] = {}
        """By a function's list of statements (``id``): where a row of :data:`RUN` or more of the
        scanner's one-line statements starts in it, and how many (:meth:`statements`): refine's pass
        may pass such a row by at once (:meth:`.refine.Refiner.block`)."""
        self.rows: list[list[tuple[Form, list[str], int]]] = []
        """The scanner's rows of one-line statements in a function (form, names, line), in line
        order, as it sent them (a statement with a reading error left out, its row cut there):
        the check of the refined text takes them unscanned (:class:`.refine_replay.Replay`)."""
        self.unread_generic = 0
        """Generic ``func.func`` heads not read as functions (no ``sym_name`` before the region, nor
        properties on its closing line: :func:`.refine_generic.unread_hint`)."""
        self.pieces: PieceScanner | None = None
        """The scanner's slow path (:func:`read_functions`): a header's closing takes its head's key."""
        self._current: PlannedFunction | None = None
        self._depth_now = 0

    def _depth(self) -> int:
        depth = 0
        for entry in reversed(self.stack):
            if entry is not None:
                break
            depth += 1
        return depth

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        current = self._current
        if current is None:
            return
        if text is None and not regions and form.error is None:  # one line (most): read when asked for
            self.statements([(form, names, lines[0])])
            return
        super().statement(form, names, lines, text, body, regions)
        if current is not None and current.statements:
            last = current.statements[-1]
            self.noted.setdefault(id(current), []).append(last)
            self.depths[id(last)] = self._depth_now
            if last.spans_lines and text is not None:
                self.spread[id(last)] = (list(text.parts), list(text.starts))

    def statements(self, batch: list[tuple[Form, list[str], int]]) -> None:
        """The scanner's rows of whole one-line statements (form, names, line), each as
        :meth:`statement` takes it; nothing between them changes the function or the depth."""
        current = self._current
        if current is None:
            return
        if not any(map(_ERROR, map(_FORM, batch))):
            self._row(current, batch, True)
            return
        kept = 0  # (`batch[kept:]`: the row kept from there)
        for i, (form, names, line) in enumerate(batch):
            if form.error is not None:  # (rare: its row cut there, it read as one on several lines)
                if i > kept:
                    self._row(current, batch[kept:i], False)
                kept = i + 1
                self.statement(form, names, [line], None, "")
        if kept < len(batch):
            self._row(current, batch[kept:], False)

    def _row(self, current: PlannedFunction, batch: list[tuple[Form, list[str], int]], whole: bool) -> None:
        """A row of one-line statements with no reading error (``whole``: all the scanner sent):
        kept for the check of the refined text (:attr:`rows`), its statements made :class:`Lazy`
        (:func:`lazies`); a whole row of :data:`RUN` or more noted in :attr:`runs`, and kept as a
        :class:`Row` if it is at a function's top level and holds no op :func:`dimension_sources`
        reads but calls (its calls made and noted for it; its other statements made only where
        refine's pass takes them one by one)."""
        self.rows.append(batch)
        statements, depth = current.statements, self._depth_now
        names = list(map(_NAME, map(_FORM, batch)))
        if whole and len(batch) >= RUN:
            if not depth and _READ.isdisjoint(names):
                self.runs.setdefault(id(statements), {})[len(statements)] = 1
                row = Row(batch, self.source, self.starts)
                statements.append(row)  # type: ignore[arg-type]  # (in its statements' place)
                calls = list(compress(range(len(names)), map(CALLS.__contains__, names)))
                if calls:  # (made on their own, for dimension_sources: the rest of the row is not)
                    sources = [row.some(at, at + 1)[0] for at in calls]
                    self.noted.setdefault(id(current), []).extend(sources)
                return
            self.runs.setdefault(id(statements), {})[len(statements)] = len(batch)
        made = lazies(batch, self.source, self.starts)
        statements += made
        if depth:
            self.depths.update(zip(map(id, made), repeat(depth)))
        sources = list(compress(made, map(_SOURCES.__contains__, names)))
        if sources:
            self.noted.setdefault(id(current), []).extend(sources)

    def _one_line(self, line: int, text: Text | None, body: str) -> PlannedStatement | None:
        """The fix stage's statement on one line (a function's header, an op written in pieces),
        read when refine asks for it (the header of a function refine does not enter is not read)."""
        if text is not None:
            if len({p.line for p in text.parts}) != 1:
                return None
            raw, column = body, text.parts[0].column
        else:
            full = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            raw = full.lstrip()
            column = len(full) - len(raw) + 1
        return Deferred(raw, self.starts[line - 1] + column - 1, line, column, None)

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        if first and form is None and head.text.startswith(GENERIC_HEAD):  # (a generic `func.func`)
            text, parts, starts = head.text, head.parts, head.starts
            symbol = symbol_of(text)
            if symbol is None and (after := properties_after(self.source, self.starts, head)) is not None:
                text, parts, starts = after  # (its properties after its region: read with its head)
                symbol = symbol_of(text)
            if symbol is None:
                self.unread_generic += 1
            else:
                column = head.parts[0].column
                at = self.starts[head.line - 1] + column - 1
                generic = GenericFunction(symbol, GenericHead(text, at, head.line, column, None), head.line)
                if len(parts) > 1:  # (a head over lines: its offsets mapped back to the file)
                    self.spread[id(generic.header)] = (list(parts), list(starts))
                self.functions.append(generic)
                self.stack.append(generic)
                self._current, self._depth_now = generic, 0
                return False
        isolated = super().region(form, names, lines, first, head)
        if first and form is not None and form.name == "func.func" and self.functions:
            fn = self.functions[-1]
            header = fn.header
            if type(header) is Deferred and fn is self.function():  # (its statement not read yet)
                fn.header = Header(header.text, header._offset, header.line, header.column, form, names)
                op = self.pieces.open[-1] if self.pieces is not None and self.pieces.open else None
                if op is not None and op.form is form and not op.stack and len(head.parts) == 1:
                    # The `}` alone that closes it makes its statement from its head's key and names
                    # (:meth:`.PieceScanner.open_known`), not by cutting the 2 MB text again.
                    body = then_region(head.text)
                    if elide_weights(body) is body:
                        op.known = (body, names)
        self._current, self._depth_now = self.function(), self._depth()
        return isolated

    def closed(self, line: int) -> None:
        top = self.stack[-1] if self.stack else None
        super().closed(line)
        self._current, self._depth_now = self.function(), self._depth()
        if isinstance(top, PlannedFunction) and top.header is not None and 0 < line <= len(self.lines):
            self.spans[top.name] = (self.starts[top.header.line - 1], self.starts[line - 1] + len(self.lines[line - 1]))

    def label(self, text: Text) -> None:
        if self.function() is not None and text.parts:
            first = text.parts[0]
            planned = PlannedStatement(text.text, 0, first.line, first.column, None)
            self.labels.append((first.line, self._depth(), planned, (list(text.parts), list(text.starts))))
            generic = self._current
            if (
                type(generic) is GenericFunction
                and generic.entry is None
                and not generic.statements
                and not self._depth()
            ):
                generic.entry = planned  # (its entry block's label: its arguments)


def read_fast_pass(key: str) -> Form:
    """:func:`.forms.read_form` for the scanner's fast pass, but for a long key that ends in an open
    ``{`` (a function's header: its region starts there): the fast pass cannot take such a line
    whatever the key reads as (it is not a whole statement: :func:`.scan_brace.complete`), so the
    key is not read (reading a 2 MB header that far only to find its ``{`` unbalanced was 0.9 s a
    header on the 480-layer export); its slow path reads the header whole, as before."""
    if len(key) >= LONG and key.endswith("{") and "//" not in key[-3:]:
        return Rich(key, None, _OPEN, None)
    return read_form(key)


_OPEN = ReaderProblem("a region or dictionary opens at the end of the line", 0, 0)


def read_functions(text: str, forms: dict[object, Form] | None = None) -> tuple[list[PlannedFunction], Reader]:
    """The functions of ``text`` (one module), as the fix stage reads them (``forms``: the forms
    read so far, by key, filled with those of ``text``)."""
    starts = [0, *[m.end() for m in _LINE_END.finditer(text)]]  # (each line's start: in C but a step a line)
    reader = Reader(Lines(text, starts), starts, text)
    scanner = Scanner(reader, {} if forms is None else forms, read_form)
    scanner.read = read_fast_pass
    reader.pieces = scanner.pieces
    at, line, size = 0, 1, len(text)
    while at < size:  # in blocks of about a megabyte at line ends, as `check` reads a file: the
        # scanner asks each block whether its lines repeat (:meth:`.Scanner.block`), and a whole
        # file would be asked once, of its last lines (a JAX export's location aliases)
        end = text.find("\n", at + BLOCK_SIZE)
        end = size if end < 0 else end + 1
        line = scanner.block(text[at:end], line)  # (the next line's number)
        at = end
    scanner.end()
    reader.pieces = None  # (the scanner holds the reader: a cycle would keep every statement read)
    return reader.functions, reader


def arguments_of(fn: PlannedFunction) -> list[tuple[str, TypeText]]:
    if type(fn) is GenericFunction:
        return fn.arguments()
    header = fn.header
    if header is None:
        return []
    return [(d.name, d.type) for d in header.statement.definitions if d.type is not None]


_FORM, _LINE, _ERROR, _NAME, _AT = (
    itemgetter(0),
    itemgetter(2),
    attrgetter("error"),
    attrgetter("name"),
    attrgetter("_offset"),
)
"""(:meth:`Reader.statements`, :meth:`Row.starts`: a row's forms and lines, their reading errors,
their ops' names; a statement's start)"""

_READ = frozenset({"stablehlo.compare", "stablehlo.custom_call", "stablehlo.get_dimension_size"})
"""The ops :func:`dimension_sources` reads, but the calls (a call in a :class:`Row` is made on its own)."""
_SOURCES = _READ | CALLS
"""The ops :func:`dimension_sources` reads."""


def dimension_sources(
    name: str, functions: list[PlannedFunction], noted: dict[int, list[PlannedStatement]] | None = None
) -> list[tuple[str, int, int]]:
    """Where dimension variable ``name`` comes from: (function, argument, dimension), from the
    calls that pass a ``get_dimension_size`` of an argument to a callee argument that
    ``jax.global_constant = "name"`` marks. ``noted``: the statements of each function it may read
    (:attr:`Reader.noted`; without it, every statement is looked at)."""
    marked: dict[str, set[int]] = {}
    for fn in functions:
        if fn.header is None or "jax.global_constant" not in fn.header.text:
            continue  # (before its arguments: a header is read when asked for)
        header = fn.header.text
        wanted = f'jax.global_constant = "{name}"'
        if type(fn) is GenericFunction:  # (its `arg_attrs`, one dictionary an argument)
            marked[fn.name] = {i for i, attrs in enumerate(fn.argument_attributes()) if wanted in attrs}
            continue
        for index, (_, type_text) in enumerate(arguments_of(fn)):
            end = header.find("%arg", type_text.end)  # (not a copy of the rest: headers of 17k arguments)
            attrs = header[type_text.end : end if end >= 0 else len(header)]
            if wanted in attrs:
                marked.setdefault(fn.name, set()).add(index)
    found: list[tuple[str, int, int]] = []
    callees = [name.join(("@", "")) for name in marked] + [name.join(('@"', '"')) for name in marked]
    for fn in functions:
        sizes: dict[str, tuple[int, int]] = {}
        equal: list[tuple[str, str, str]] = []
        asserted: set[str] = set()
        sources: list[str] = []
        arguments: dict[str, int] | None = None  # (read with the header, when first needed)
        for s in made(fn.statements) if noted is None else noted.get(id(fn), ()):
            if type(s) is Lazy:  # its op's name, without reading it (`s.offset` reads it), nor cutting its text
                name = s.form.name
                if name not in _SOURCES:
                    continue
                if name == "stablehlo.compare":
                    if "EQ" not in s.text:
                        continue
                elif name == "stablehlo.custom_call" and "shape_assertion" not in s.text:
                    continue
                elif name in CALLS and (not sizes or not any(callee in s.text for callee in callees)):
                    # (a call of no function that takes a dimension variable, or before any
                    # `get_dimension_size` of an argument here, so that none of its operands is
                    # one: not read. A JAX export's helpers each take the variable: 1,443 calls
                    # at 480 layers, all in the callee, where no `get_dimension_size` is)
                    continue
            elif not any(w in s.text for w in ("get_dimension_size", "compare", "shape_assertion", "call")):
                continue
            if s.offset == UNREAD_AT:
                continue
            st = s.statement
            if st.name == "stablehlo.get_dimension_size":
                if arguments is None:
                    arguments = {a: i for i, (a, _) in enumerate(arguments_of(fn))}
                dim = attribute_int(st, "dimension", "dim")
                if st.operands and st.results and dim is not None and st.operands[0].name in arguments:
                    sizes[st.results[0].name] = (arguments[st.operands[0].name], dim)
            elif st.name == "stablehlo.compare" and direction_of(s.text, st) == "EQ" and len(st.operands) == 2:
                equal.append((st.results[0].name, use_key(st.operands[0]), use_key(st.operands[1])))
            elif st.name == "stablehlo.custom_call" and callee_of(st) == "shape_assertion" and st.operands:
                asserted.add(use_key(st.operands[0]))
            elif st.name in CALLS:
                callee = callee_of(st)
                for index in marked.get(callee or "", ()):
                    if index < len(st.operands) and st.operands[index].name in sizes:
                        sources.append(st.operands[index].name)
        # The other dimensions JAX asserts equal to the variable's (`compare EQ` fed to a
        # shape_assertion) have its size too.
        group = set(sources)
        for _ in range(len(equal)):
            for result, left, right in equal:
                if result in asserted and (left in group) != (right in group):
                    group |= {left, right}
        for key in sorted(group, key=lambda k: sizes.get(k, (0, 0))):
            if key in sizes and (fn.name, *sizes[key]) not in found:
                found.append((fn.name, *sizes[key]))
    return found


# ---------------------------------------------------------------- a function
