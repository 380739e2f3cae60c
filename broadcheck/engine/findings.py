"""Stage *findings*: what every stage found in, diagnostics with the lines they show out.

The other stages hand their problems here: a :class:`~broadcheck.diagnostics.Diagnostic`
(:meth:`Findings.add`), a problem of :mod:`.control` (:meth:`Findings.control`), an op
passed over (:meth:`Findings.pass_over`). It keeps the text of every line a diagnostic
points at (the segment being read, or the file through ``fetch`` for earlier lines), and
places an op's name on its line (:meth:`Findings.op_where`). It holds the run's counts:
ops checked, ops passed over, lines checked (for ``--verify-diagnostics``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import islice

from broadcheck.diagnostics import NO_RULE, PARSE_CODES, UNKNOWN_OP, Diagnostic, Label, Note
from broadcheck.engine import diagnose
from broadcheck.engine.control import Found, Where
from broadcheck.engine.forms import Form
from broadcheck.engine.scan import Text
from broadcheck.ops import Span
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import QUOTED_NAME, SyntaxProblem

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from array import array

Lines = Callable[[Iterable[int]], Mapping[int, str]]
"""Fetches the text of some lines of the file (for notes that point at earlier lines)."""

OP_NAME = lazy(r'[ \t]*(?:%[^=\n]*?=[ \t]*)?(?:"(?P<generic>[\w$.\-]+)"|(?P<custom>[A-Za-z_][\w$]*(?:\.[\w$.]*)?))')
"""A statement's op name on its line."""

_CALL_CODES = frozenset({"BC024", "BC025", "BC026", "BC027"})
PARSE = PARSE_CODES
"""What MLIR's parser reports: the first stops it (one list, :data:`broadcheck.diagnostics.PARSE_CODES`)."""
PARSE_FLOW = frozenset({"BC011", "BC015", "BC016", "BC017", "BC018"})
"""Value flow's parse errors: the statement that has one never reaches a verifier."""


class Findings:
    """The diagnostics of one file so far, and the lines they point at."""

    def __init__(self, path: str, fetch: Lines | None, verify_diagnostics: bool) -> None:
        self.path = path
        self.fetch = fetch
        self.diagnostics: list[Diagnostic] = []
        self.lines: dict[int, str] = {}
        """The text of each line a diagnostic points at."""
        self.fetched: dict[int, str] = {}
        """The lines :meth:`places` last fetched from the file."""
        self.ops = 0
        self.passed_over: dict[tuple[str, str], int] = {}
        self.checked_lines: set[int] | None = set() if verify_diagnostics else None
        self.block_text = ""
        self.block_first = 1
        self.block_starts: Sequence[int] | None = None
        """Where each line of the segment starts in it (made when a line is first asked for:
        the segment split into lines was a second copy of it, issue 31's peak RSS)."""
        self.block_some: array[int] | list[int] | None = None
        """The first of :attr:`block_starts` while it is not made: up to the last line asked for
        and the next (a segment's calls ask for a few of its lines; its line ends past the last
        are never looked for)."""

    def unbalanced(
        self,
        line: int,
        column: int,
        what: str,
        end: tuple[int, str | None],
        first: int = 1,
        statement: Text | None = None,
    ) -> None:
        """Brackets that do not match (``what``: the ``}``, region, statement or label), or a token
        that starts no op in a region (``token``: a file metadata dictionary's ``{-#``, an alias's
        definition). ``end``:
        where the module ends, as :meth:`.read.Reader.module_end` says (where a region left open
        is reported); ``first``: the module's first line (its file's or ``--split-input-file``
        chunk's)."""
        notes: tuple[Note, ...] = ()
        opened = (line, column) if what == "region" else None
        if what in ("}", "region", "token"):
            # A `}` with no region open, or the end with one still open: the parser wanted an op
            # there, and says so where mlir-opt puts a token it did not expect.
            if what == "region":
                # MLIR names nothing more; the `{` left open (line:column) is our note.
                from broadcheck.messages import note  # the catalogue: only for a diagnostic

                notes = (Note("note", note("unclosed-brace", line=line, column=column)),)
                line, ending = end
                column = 1  # (a file metadata dictionary's `{-#`, at the start of its line)
                if ending is not None:  # the end of the text: mlir-opt moves back one character
                    last = len(self._line_back(line, {}, first))
                    column = last + 1 if ending or not last else last
            # (a `\r` before the last line end is a line end to it: the last line's comment goes too)
            line, column = self._wrong_token(line, column, first, what == "region" and end[1] == "\r\n")
            detail = "expected operation name in quotes"
        elif (said := self._bracket_problem(line, column, what, statement)) is not None:
            line, column, message = said  # (what the parser says of the label or statement first, as it says it)
            span = Span(line, column, line, column + 1)
            self.keep(span, self.fetch_line(line))
            self.diagnostics.append(diagnose.value("BC001", self.path, span, args={"detail": message}))
            return
        else:
            detail = {
                "statement": "statement is not finished before the end of its region or file",
                "label": "expected ':' after the block's arguments",
            }[what]
        span = Span(line, column, line, column + 1)
        if self._said_at(span, opened):
            return  # (a syntax error said there already, `}})`'s region list, or in the region left open)
        self.keep(span, self.fetch_line(line))
        self.diagnostics.append(diagnose.value("BC005", self.path, span, notes=notes, args={"detail": detail}))

    def _said_at(self, span: Span, opened: tuple[int, int] | None = None) -> bool:
        """Whether a syntax error (BC001) was said at ``span`` just before, or on its line before it,
        or after ``opened`` (a region's ``{`` left open): MLIR stops at it, so what the scanner
        finds unbalanced after it is its cascade."""
        place = (span.line, span.column)
        for d in self.diagnostics[-8:]:
            said = (d.span.line, d.span.column)
            before = d.span.line == span.line and said <= place
            if d.code == "BC001" and (before or (opened is not None and said > opened)):
                return True
        return False

    def _bracket_problem(
        self, line: int, column: int, what: str, statement: Text | None
    ) -> tuple[int, int, str] | None:
        """Where and what MLIR's parser says first of a block label at ``line``:``column`` whose
        brackets do not match (:func:`~broadcheck.syntax.generic_form.label_problem`, on it and the
        lines after), or of a ``statement`` left unfinished (its
        :func:`~broadcheck.syntax.generic_form.generic_problem`, or a custom form's types'); ``None``
        if neither says."""
        from broadcheck.syntax.generic_form import generic_problem, label_problem, literal_problem, signature_problem

        if what == "statement" and statement is not None:
            text = statement.text
            found = generic_problem(text) or literal_problem(text) or signature_problem(text)
            return None if found is None else (*statement.where(found[1]), found[0])
        if what != "label":
            return None
        text = "\n".join([self.fetch_line(line)[column - 1 :], *map(self.fetch_line, range(line + 1, line + 20))])
        found = label_problem(text)
        if found is None:
            return None
        message, at = found
        start = text.rfind("\n", 0, at) + 1
        return line + text.count("\n", 0, at), at - start + (column if start == 0 else 1), message

    def said(self, said: tuple[str, int] | None, text: Text) -> bool:
        """A syntax error a walk of MLIR's parser ``said`` (its words, its offset in ``text``), if any."""
        if said is None:
            return False
        line, column = text.where(said[1])
        self.add(diagnose.syntax(SyntaxProblem(said[0], Span(line, column, line, column + 1)), self.path), text)
        return True

    def wrong_token(self, line: int, column: int, first: int, detail: str) -> None:
        """A syntax error (BC001, ``detail``) at a token the parser did not expect at ``line``:``column``,
        placed as MLIR places it (:meth:`_wrong_token`; ``first``: the module's first line)."""
        line, column = self._wrong_token(line, column, first)
        span = Span(line, column, line, column + 1)
        if self._said_at(span):
            return
        self.keep(span, self.fetch_line(line))
        self.diagnostics.append(diagnose.value("BC001", self.path, span, args={"detail": detail}))

    def _wrong_token(self, line: int, column: int, first: int, comment: bool = False) -> tuple[int, int]:
        """Where MLIR's parser reports a token it did not expect at ``line``:``column``
        (``Parser::emitWrongTokenError``): just after the last character before it that is not a
        space or a tab, passing over line ends, and on each line before the token's what follows
        its comment (a ``//`` outside a string, MLIR's ``findCommentStart``); the token's own
        place if nothing comes before it in the module (which starts at line ``first``). With
        ``comment``, the token's own line is cut at its comment too."""
        from broadcheck.syntax.lexer import comment_start

        fetched: dict[int, str] = {}
        text = self._line_back(line, fetched, first)[: column - 1]
        number = line
        while True:
            if comment and (at := comment_start(text)) >= 0:
                text = text[:at]
            text = text.rstrip(" \t")
            if text:
                return number, len(text) + 1
            number -= 1
            if number < first:
                return line, column
            text, comment = self._line_back(number, fetched, first), True

    def _line_back(self, number: int, fetched: dict[int, str], first: int) -> str:
        """Line ``number``, for :meth:`_wrong_token`, which walks back from the module's end: from
        the segment (a blank line there is not fetched), kept, or fetched from the file with up
        to a thousand lines before it at once (a long run of comments is one read, not one each)."""
        bounds = self.line_bounds(number)
        if bounds is not None:
            return self.block_text[bounds[0] : bounds[1]]
        if number in self.lines:
            return self.lines[number]
        if number not in fetched and self.fetch is not None:
            fetched.update(self.fetch(range(max(first, number - 1023), number + 1)))
        return fetched.get(number, "")

    def segment(self, text: str, first: int) -> None:
        """The segment being read now: ``text``, from line ``first`` on."""
        self.block_text, self.block_first, self.block_starts, self.block_some = text, first, None, None

    def line_bounds(self, number: int) -> tuple[int, int] | None:
        """Where line ``number`` of the current segment starts and ends in :attr:`block_text`
        (without its line end), or ``None``."""
        i = number - self.block_first
        starts = self.block_starts
        if starts is None:
            starts = self._starts_to(i + 1)
        if not 0 <= i < len(starts):
            return None
        text = self.block_text
        end = starts[i + 1] - 1 if i + 1 < len(starts) else len(text)
        if end > starts[i] and text[end - 1] == "\r":
            end -= 1
        return starts[i], end

    def _starts_to(self, i: int) -> Sequence[int]:
        """Where lines up to the ``i``-th of the segment start (or every line, when it has no
        more): the line ends after the last found so far, each found by ``finditer`` in C."""
        some = self.block_some
        if some is None:
            if len(self.block_text) < _SMALL_SEGMENT:
                some = self.block_some = [0]  # (no array: its module's import is 9M instructions)
            else:
                from array import array

                some = self.block_some = array("q", [0])
        if len(some) <= i:
            some.extend(islice(map(_END_OF, _LINE_END.finditer(self.block_text, some[-1])), i + 1 - len(some)))
            if len(some) <= i:  # (the segment's end: every line is known)
                self.block_starts, self.block_some = some, None
        return some

    def line_text(self, number: int) -> str:
        """The text of line ``number`` of the current segment."""
        bounds = self.line_bounds(number)
        return "" if bounds is None else self.block_text[bounds[0] : bounds[1]]

    def token_line(self, number: int) -> str | None:
        """The first line after line ``number`` that holds a token (blank lines and comments
        passed over; at most 100 looked at), or ``None``."""
        for n in range(number + 1, number + 101):
            found = self.fetch_line(n).strip()
            if found and not found.startswith("//"):
                return found
        return None

    def after_word(self, number: int, word: str) -> int | None:
        """In line ``number`` of the segment with its indentation left out, the offset of the
        first non-blank after ``word`` (``None``: not on the line): what
        ``line.lstrip()`` would say, without copying a line that may be 10 MB."""
        bounds = self.line_bounds(number)
        if bounds is None:
            return None
        text, (start, end) = self.block_text, bounds
        at = text.find(word, start, end)
        if at < 0:
            return None
        indent = _BLANK.match(text, start, end).end()  # type: ignore[union-attr]
        return _BLANK.match(text, at + len(word), end).end() - indent  # type: ignore[union-attr]

    def fetch_line(self, number: int) -> str:
        """The text of line ``number``: kept, in the segment, or fetched from the file."""
        if number in self.lines:
            return self.lines[number]
        text = self.line_text(number)
        if not text and self.fetch is not None:
            text = self.fetched[number] if number in self.fetched else self.fetch((number,)).get(number, "")
        return text

    def places(self, ops: list[tuple[Form, int]], placed: bool = True) -> tuple[tuple[str, str, Where | None], ...]:
        """The name, key and :meth:`op_where` of each op (a form and its line); the lines no
        longer in the segment are fetched from the file together, in one read (a function's
        inner ops, placed when its body closes, may lie many blocks back). Not ``placed``: no
        line is read (``None`` for where each is) for ops no check places a problem at (a
        function's ``stablehlo.slice``s: gpt2-train-l480's 1,441 were read from the file again,
        the whole file line by line, as its main function closed)."""
        if not placed:
            return tuple((f.name, f.key, None) for f, _ in ops)
        if self.fetch is not None and len(ops) > 1:
            gone = [at for _, at in ops if at not in self.lines and self.line_bounds(at) is None]
            if len(gone) > 1:
                self.fetched = dict(self.fetch(gone))
        return tuple((f.name, f.key, self.op_where(at)) for f, at in ops)

    def keep(self, span: Span, text: str | None = None) -> None:
        """Keep the text of ``span``'s line for the report."""
        if span.line not in self.lines:
            self.lines[span.line] = text if text is not None else self.line_text(span.line)

    def add(self, d: Diagnostic, text: Text | None) -> None:
        """Report ``d``, found on the statement ``text`` (``None``: one line), and keep its lines. A
        syntax error said already (a generic function's head, walked as its region opens and read
        again as the op ends) is said once."""
        if d.code == "BC001" and d in self.diagnostics[-4:]:
            return
        self.diagnostics.append(d)
        for number in d.line_numbers():
            if number not in self.lines:
                if text is not None:
                    for piece in text.parts:
                        if piece.line == number:
                            self.lines[number] = self.line_text(number) or piece.text
                            break
                    else:
                        self.lines[number] = self.line_text(number)
                else:
                    self.lines[number] = self.line_text(number)

    def control(self, found: list[Found], op_name: str | None = None) -> None:
        """Problems :mod:`.control` found, as diagnostics."""
        for problem in found:
            where = problem.where
            span = Span(where.line, where.column, where.line, where.end)
            self.keep(span, self.fetch_line(where.line))
            labels = []
            for note_text, at in problem.notes:
                note_span = Span(at.line, at.column, at.line, at.end)
                self.keep(note_span, self.fetch_line(at.line))
                labels.append(Label(note_span, note_text, mlir_note=True))
            name = problem.op or op_name
            if problem.code in _CALL_CODES:
                name = "func.call"
            self.diagnostics.append(
                diagnose.value(problem.code, self.path, span, tuple(labels), op=name, args=problem.args)
            )

    def op_where(self, line: int, raw: str | None = None, text: Text | None = None) -> Where | None:
        """Where the op name of the statement at ``line`` (or ``text``) is."""
        if text is not None:
            m = OP_NAME.match(text.text) or QUOTED_NAME.match(text.text)
            if m is None:
                return None
            at = m.start("generic") - 1 if m.group("generic") else m.start("custom")
            width = len(m.group("generic")) + 2 if m.group("generic") else len(m.group("custom"))
            spot = text.where(at)
            return Where(spot[0], spot[1], spot[1] + width)
        raw = raw if raw is not None else self.fetch_line(line)
        m = OP_NAME.match(raw) or QUOTED_NAME.match(raw)
        if m is None:
            return None
        at = m.start("generic") - 1 if m.group("generic") else m.start("custom")
        width = len(m.group("generic")) + 2 if m.group("generic") else len(m.group("custom"))
        return Where(line, at + 1, at + 1 + width)

    def at_op(self, line: int, text: Text | None, code: str, args: dict[str, object]) -> bool:
        """Report ``code`` at the name of the op on ``line``; whether it could be placed."""
        where = self.op_where(line, None, text)
        if where is None:
            return False
        span = Span(where.line, where.column, where.line, where.end)
        self.keep(span, self.fetch_line(where.line))
        self.diagnostics.append(diagnose.value(code, self.path, span, args=args))
        return True

    def mark_checked(self, line: int) -> None:
        """The op on ``line`` was checked (``--verify-diagnostics`` holds its annotations)."""
        if self.checked_lines is not None:
            self.checked_lines.add(line)

    def pass_over(self, name: str, reason: str) -> None:
        """An op ``name`` was not checked, for ``reason``."""
        if reason == UNKNOWN_OP and _shapeless(name):
            reason = NO_RULE
        self.passed_over[name, reason] = self.passed_over.get((name, reason), 0) + 1


_BLANK = lazy(r"\s*")


_LINE_END = lazy("\n")
_END_OF = re.Match.end
_SMALL_SEGMENT = 1 << 18
"""A segment shorter than this (256 KB) keeps its line starts in a list; a longer one in
an ``array("q")``, an eighth of the memory (a 35 MB export's blocks)."""


@cache
def _shapeless(name: str) -> bool:
    """:func:`broadcheck.dialects.ods.shapeless`, imported when an op is first passed over (the
    generated tables are read then, not at start-up)."""
    from broadcheck.dialects.ods import shapeless

    return shapeless(name)


def parse_failed(diagnostics: list[Diagnostic], since: int) -> bool:
    """Whether value flow found a parse error among ``diagnostics`` from ``since`` on."""
    return any(d.code in PARSE_FLOW for d in diagnostics[since:])
