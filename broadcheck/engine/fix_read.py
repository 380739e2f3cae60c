"""The fix stage's reading: a module's functions, each as the statements the planner may rewrite.

Takes a source's text and the line range of one module; gives a :class:`PlannedFunction` per
``func.func`` (its header and its statements, each a :class:`PlannedStatement` read when the
planner first asks for it) and the module's type aliases, through the engine's scanner
(:mod:`.scan`) in blocks of whole lines. Its state: the functions read, and the one being read.
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_right
from collections.abc import Sequence

from broadcheck.engine.forms import Form
from broadcheck.engine.scan import Scanner, Text
from broadcheck.inputs import BOM
from broadcheck.ops import Type
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, Use, read_statement
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem


class PlannedStatement:
    """One statement of a function, on one line, as the planner needs it: its text, where it
    starts (offset in the source, line, column), and what the reader read. A statement is
    read when the planner first asks for it: most are in functions no fix reaches."""

    __slots__ = ("_offset", "_statement", "column", "line", "text")

    def __init__(self, text: str, offset: int, line: int, column: int, statement: Statement | None) -> None:
        self.text, self._offset, self.line, self.column, self._statement = text, offset, line, column, statement

    @property
    def statement(self) -> Statement:
        if self._statement is None:
            try:
                self._statement = read_statement(self.text)
            except ReaderProblem:
                self._statement, self._offset = _UNREAD, UNREAD_AT  # not rewritten
        return self._statement

    @property
    def spans_lines(self) -> bool:
        """Whether the statement is on several lines or holds regions (it is not rewritten)."""
        return self._offset == UNREAD_AT

    @property
    def offset(self) -> int:
        _ = self.statement
        return self._offset


UNREAD_AT = -1
"""The offset of a statement the planner cannot rewrite (on several lines, or unread)."""


class _LineStatement(PlannedStatement):
    """A :class:`PlannedStatement` that is the whole of its line but its indent: its text is cut
    from the source when asked, not kept (a copy of every line of the module was about a quarter
    of the fix stage's memory on bench/gen.py's 100k ops, issue 31)."""

    __slots__ = ("_end", "_source", "_start")

    def __init__(self, source: str | Paged, start: int, end: int, line: int, column: int) -> None:
        self._source, self._start, self._end = source, start, end
        self._offset, self.line, self.column, self._statement = start, line, column, None

    @property
    def text(self) -> str:  # type: ignore[override]  # (read-only here: nothing sets it)
        """The statement's text (``source[start:end]``)."""
        return self._source[self._start : self._end]


class PlannedFunction:
    """A function as the planner needs it: its name, its header, its statements (see
    :attr:`kept`), and its lines."""

    __slots__ = ("count", "first", "header", "kept", "last", "name", "statements")

    def __init__(self, name: str, header: PlannedStatement | None, first: int = 0) -> None:
        self.name, self.header = name, header
        self.statements: list[PlannedStatement] = []
        self.first = first
        """The line its header starts on (0: not known)."""
        self.last = 0
        """The line of the ``}`` that closes it (0: not yet closed)."""
        self.kept = True
        """Whether :attr:`statements` are all here: a function with no fixable error lets them
        go as it closes (:class:`_LineCollector`), and is read again only if a chain reaches it."""
        self.count = 0
        """How many statements it had, if they were let go."""

    def let_go(self, last: int) -> None:
        """Keep only the function's name, header and lines (it closed at line ``last``)."""
        self.last, self.count, self.kept = last, len(self.statements), False
        self.statements = []

    def add(self, statement: PlannedStatement) -> None:
        """One more statement."""
        self.statements.append(statement)

    def holds(self, lines: set[int]) -> bool:
        """Whether a statement of it starts on one of ``lines``."""
        return any(s.line in lines for s in self.statements)


class _RowFunction(PlannedFunction):
    """A :class:`PlannedFunction` of the fix stage that keeps each statement that is a whole line
    as its line's number, and makes its :class:`_LineStatement` each time :attr:`statements` is
    asked for: the statements of the functions with a fixable error were most of the fix
    stage's memory on bench/gen.py's 100k ops (65k of them, about 180 bytes each, issue 31)."""

    __slots__ = ("_others", "_rows", "_source")

    def __init__(self, name: str, header: PlannedStatement | None, first: int, source: _Lines) -> None:
        self._source = source
        self._rows = array("q")
        """Each statement in order: a line's number (> 0), or ``-i`` for ``_others[i]``."""
        self._others: list[PlannedStatement] = []
        super().__init__(name, header, first)

    @property  # (over the base's slot: read and written)
    def statements(self) -> list[PlannedStatement]:
        others, line_statement = self._others, self._source.statement
        return [line_statement(row) if row > 0 else others[-row] for row in self._rows]

    @statements.setter
    def statements(self, statements: list[PlannedStatement]) -> None:
        self._others = list(statements)
        self._rows = array("q", range(0, -len(statements), -1))

    def add(self, statement: PlannedStatement) -> None:
        """One more statement, held as it is."""
        self._rows.append(-len(self._others))
        self._others.append(statement)

    def let_go(self, last: int) -> None:
        self.last, self.count, self.kept = last, len(self._rows), False
        self.statements = []

    def holds(self, lines: set[int]) -> bool:
        others = self._others
        return any((row if row > 0 else others[-row].line) in lines for row in self._rows)


class Collector:
    """Collects each function's statements (one line each; others are not rewritten)."""

    def __init__(self, lines: Sequence[str], starts: list[int]) -> None:
        self.lines, self.starts = lines, starts
        self.functions: list[PlannedFunction] = []
        self.stack: list[PlannedFunction | None] = []
        self.aliases: dict[str, Type | SyntaxProblem] = {}

    def _one_line(self, line: int, text: Text | None, body: str) -> PlannedStatement | None:
        if text is not None:
            if len({p.line for p in text.parts}) != 1:
                return None
            piece = text.parts[0]
            raw, column = body, piece.column
        else:
            full = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            raw = full.lstrip()
            column = len(full) - len(raw) + 1
        return PlannedStatement(raw, self.starts[line - 1] + column - 1, line, column, None)

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        current = self.function()
        if current is None:
            return
        one = self._one_line(lines[0], text, body) if not regions else None
        if one is None:  # a statement on several lines, or with regions: not rewritten
            one = _FormStatement(body, lines[0], form)
        current.add(one)

    def function(self) -> PlannedFunction | None:
        """The function being read (its nested regions are part of it)."""
        return next((f for f in reversed(self.stack) if f is not None), None)

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        if first and form is not None and form.name == "func.func":
            header = (
                self._one_line(lines[0] if lines else head.line, head, head.text)
                if len({p.line for p in head.parts}) == 1
                else None
            )
            function = self._function(_symbol(form)[1:].strip('"'), header, head.line)
            self.functions.append(function)
            self.stack.append(function)
        else:
            self.stack.append(None)
        return False

    def closed(self, line: int) -> None:
        if self.stack:
            self.stack.pop()

    def _function(self, name: str, header: PlannedStatement | None, first: int) -> PlannedFunction:
        """A function the module starts (its statements to come)."""
        return PlannedFunction(name, header, first)

    def label(self, text: Text) -> None:
        pass

    def alias(self, text: Text) -> None:
        from broadcheck.syntax.types import read_alias

        found = read_alias(text.text.strip(), self.aliases)
        if found is not None:
            self.aliases[found[0]] = found[1]

    def unbalanced(self, line: int, column: int, what: str, statement: Text | None = None) -> None:
        pass


_UNREAD = read_statement('"unread.unread"() : () -> ()')


class _FormStatement(PlannedStatement):
    """A statement on several lines, or with regions (not rewritten): what the reader read is
    its form's (its key's statement), asked of the form when the planner asks for it, as most
    are never asked (the check let most statements go once used, :meth:`.forms.Form.release`:
    reading every one again to plan a few fixes was 60 ms on bench/gen2.py's 100k ops)."""

    __slots__ = ("_form",)

    def __init__(self, text: str, line: int, form: Form) -> None:
        super().__init__(text, UNREAD_AT, line, 1, None)
        self._form = form

    @property
    def statement(self) -> Statement:
        return self._form.statement or _UNREAD

    @property
    def offset(self) -> int:
        return UNREAD_AT


_HEAD_SYMBOL = lazy(r"func\.func (?:(?:public|private|nested) )?(@[A-Za-z_][\w$.]*)\(")
"""A function's head as most are written: its symbol, the first its statement's reader finds."""


def _symbol(form: Form) -> str:
    """The symbol a ``func.func`` head form names (``@?`` if it cannot be read): the first of its
    statement's, or of its key's plain start, as its statement is not read again for it."""
    if form.error is None and (m := _HEAD_SYMBOL.match(form.key)) is not None:
        return m.group(1)
    statement = form.statement
    return next((i.text for i in statement.items if i.kind == "symbol"), "@?") if statement else "@?"


class Paged:
    """The text of a file as the fix stage reads it, its pages decoded again when asked for, not
    held: the runner read the whole file into one string to plan a few fixes (issue 31's peak
    memory: 12 MB for a 100k-op file, and as much again in its bytes while it was decoded). It
    is read once as it is made, to count its characters and where its lines start; then
    ``paged[a:b]``, :meth:`find` and :meth:`rfind` read again (from disk) the pages that hold
    ``[a, b)``, the last page asked for kept. Offsets are characters, as in the decoded text
    (``utf-8-sig``, line ends as written); the file must not change in between. Nothing is read
    before :meth:`read` (:class:`_Lines` calls it: a file with no fix to plan is not read)."""

    __slots__ = ("_cached", "_chars", "_offsets", "path", "size", "starts")

    PAGE = 1 << 18
    """About how many bytes each page holds (whole lines, or one longer line)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.starts = array("q", [0])
        """Where each line starts (characters)."""
        self._chars = array("q")
        """Where each page starts (characters), and :attr:`size` after the last."""
        self._offsets = array("q")
        """Where each page starts in the file (bytes)."""
        self._cached: tuple[int, str] = (-1, "")
        """The last page asked for: its number, its text."""
        self.size = -1
        """How many characters the text holds (-1: not yet read, see :meth:`read`)."""

    def read(self) -> None:
        """Read the file once through (the first time): its pages and where its lines start."""
        if self.size >= 0:
            return
        chars, at = 0, 0
        with open(self.path, "rb") as f:
            if os.fstat(f.fileno()).st_size < 1 << 32:  # (4 bytes a line, not 8: 100k lines are 0.4 MB)
                self.starts = array("I", [0])
            starts = self.starts
            carry = f.read(max(self.PAGE, len(BOM)))
            if carry.startswith(BOM):
                carry, at = carry[3:] or f.read(self.PAGE), 3
            while carry:
                more = f.read(self.PAGE)
                cut = carry.rfind(b"\n") + 1 if more else len(carry)
                while cut == 0 and more:  # a line longer than a page: the page holds it whole
                    carry += more
                    more = f.read(self.PAGE)
                    cut = carry.rfind(b"\n") + 1 if more else len(carry)
                page = carry[:cut].decode("utf-8")
                self._chars.append(chars)
                self._offsets.append(at)
                found = page.find("\n")
                while found >= 0:
                    starts.append(chars + found + 1)
                    found = page.find("\n", found + 1)
                chars += len(page)
                at += cut
                carry = carry[cut:] + more
        self.size = chars
        self._chars.append(chars)
        self._offsets.append(at)

    def __len__(self) -> int:
        return self.size

    def page(self, number: int) -> str:
        """The text of page ``number`` (read again, unless it was the last asked for)."""
        cached = self._cached
        if cached[0] == number:
            return cached[1]
        with open(self.path, "rb") as f:
            f.seek(self._offsets[number])
            text = f.read(self._offsets[number + 1] - self._offsets[number]).decode("utf-8")
        self._cached = number, text
        return text

    def at(self, offset: int) -> tuple[int, str]:
        """The page that holds character ``offset``: where it starts (characters), its text."""
        if self.size == 0:
            return 0, ""
        number = bisect_right(self._chars, offset) - 1
        number = min(max(number, 0), len(self._chars) - 2)
        return self._chars[number], self.page(number)

    def __getitem__(self, cut: slice) -> str:
        start, stop, _ = cut.indices(self.size)
        if stop <= start:
            return ""
        chars = self._chars
        first = bisect_right(chars, start) - 1
        last = bisect_right(chars, stop - 1) - 1
        if first == last:
            return self.page(first)[start - chars[first] : stop - chars[first]]
        with open(self.path, "rb") as f:  # (several pages: read together, not cached)
            f.seek(self._offsets[first])
            text = f.read(self._offsets[last + 1] - self._offsets[first]).decode("utf-8")
        return text[start - chars[first] : stop - chars[first]]

    def find(self, sub: str, start: int, end: int) -> int:
        """As ``str.find`` (its offsets the whole text's)."""
        at = self[start:end].find(sub)
        return at + start if at >= 0 else -1

    def rfind(self, sub: str, start: int, end: int) -> int:
        """As ``str.rfind`` (its offsets the whole text's)."""
        at = self[start:end].rfind(sub)
        return at + start if at >= 0 else -1


class _Lines:
    """The lines of a text, each cut from it when asked for (without its ``\\r``): the fix
    stage held the whole file split into lines beside the text (issue 31's peak memory). The
    text is a string, or a file's :class:`Paged` text."""

    __slots__ = ("starts", "text")

    def __init__(self, text: str | Paged) -> None:
        self.text = text
        if isinstance(text, Paged):
            text.read()
            self.starts = text.starts
            return
        self.starts = array("q", [0])
        """Where each line starts in the text."""
        at = text.find("\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = text.find("\n", at + 1)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index: int) -> str:
        starts = self.starts
        end = starts[index + 1] - 1 if index + 1 < len(starts) else len(self.text)
        return self.text[starts[index] : end].removesuffix("\r")

    def statement(self, line: int) -> PlannedStatement:
        """The statement that is the whole of line ``line`` but its indent."""
        if not 0 < line <= len(self.starts):
            return PlannedStatement("", self.starts[line - 1], line, 1, None)
        starts, whole = self.starts, self.text
        begin = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(whole)
        if isinstance(whole, str):
            page, base = whole, 0
        else:  # (a file's pages: the line is in one)
            base, page = whole.at(begin)
        if end > begin and page[end - 1 - base] == "\r":
            end -= 1
        at = begin
        while at < end and page[at - base].isspace():  # (as str.lstrip)
            at += 1
        return _LineStatement(whole, at, end, line, at - begin + 1)


class _LineCollector(Collector):
    """:class:`Collector` over :class:`_Lines`, not a list of the lines. Given the lines with a
    fixable error (``candidates``), a function with none of them lets its statements go as it
    closes: the planner starts only from those lines, and most functions have none (issue 31's
    peak memory: every statement of a 100k-op module was held to plan 98 fixes)."""

    def __init__(self, lines: _Lines, candidates: set[int] | None = None) -> None:
        super().__init__([], [])
        self.source = lines
        self.candidates = candidates

    def _function(self, name: str, header: PlannedStatement | None, first: int) -> PlannedFunction:
        return _RowFunction(name, header, first, self.source)

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        current = self.function()
        if text is None and not regions and lines[0] > 0 and isinstance(current, _RowFunction):
            current._rows.append(lines[0])  # (its statement made when asked for: _Lines.statement)
            return
        super().statement(form, names, lines, text, body, regions)

    def statements(self, batch: list[tuple[Form, list[str], int]]) -> None:
        """Whole one-line statements in a row (the scanner's fast pass): each kept as its line."""
        current = self.function()
        if isinstance(current, _RowFunction):
            current._rows.extend([line for _, _, line in batch])
        elif current is not None:
            for form, names, line in batch:
                self.statement(form, names, [line], None, "")

    def closed(self, line: int) -> None:
        if not self.stack:
            return
        function = self.stack.pop()
        candidates = self.candidates
        if (
            function is not None
            and candidates is not None
            and line > 0
            and function.first > 0
            and not function.holds(candidates)
        ):
            function.let_go(line)

    def _one_line(self, line: int, text: Text | None, body: str) -> PlannedStatement | None:
        if text is not None:
            if len({p.line for p in text.parts}) != 1:
                return None
            return PlannedStatement(
                body, self.source.starts[line - 1] + text.parts[0].column - 1, line, text.parts[0].column, None
            )
        return self.source.statement(line)


SCAN_BLOCK = 1 << 18
"""The fix stage reads a module in blocks of about this many characters: its scanner's rows of a
whole 12 MB module were most of the fix stage's peak memory (issue 31), and those of a block of a
megabyte, as the check reads a file, were still its peak on bench/gen.py's 100k ops (2.6 MB
more than a quarter of a megabyte's)."""


def scan_blocks(scanner: Scanner, text: str | Paged, start: int, stop: int, line: int) -> None:
    """Scan the whole lines of ``text[start:stop]`` (the first is ``line``), then a line end,
    in blocks of whole lines."""
    while stop - start > SCAN_BLOCK:
        cut = text.rfind("\n", start, start + SCAN_BLOCK)
        if cut < 0:
            cut = text.find("\n", start + SCAN_BLOCK, stop)
            if cut < 0:
                break
        line = scanner.block(text[start : cut + 1], line)
        start = cut + 1
    scanner.block(text[start:stop] + "\n", line)


def result_keys(statement: Statement) -> list[str]:
    """The value-flow key of each result: ``%0``, or ``%0``, ``%0#1`` for ``%0:2``."""
    return [r.name if k == 0 else f"{r.name}#{k}" for r in statement.results for k in range(r.size)]


def use_key(use: Use) -> str:
    """The value-flow key of a use: ``%0``, or ``%0#1``."""
    return use.name if use.number == 0 else f"{use.name}#{use.number}"
