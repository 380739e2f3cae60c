"""Stage *scan*: a module's lines in, its statements out, in MLIR's nesting.

Most lines are one whole op (``%3 = stablehlo.add %1, %2 : tensor<4xf32>``): the fast
pass reads a block's lines in one regular-expression pass (:data:`broadcheck.syntax.lines.ROW`)
and each line's key picks its :class:`~.forms.Form`. The rest go through a small state
machine over *pieces* of lines: a statement that runs over several lines (brackets still
open), a ``{`` that opens a region (its op's text is held until the region closes, then
read whole, regions elided), ``}`` that closes one, block labels, alias definitions, and a
region on one line (``func.func @f() { return }``). Comments are blank wherever they are.

Each statement, read, goes to value flow (:mod:`.flow`) and, when its op is checked, to
the checks (:mod:`.verify`), through :class:`Sink`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from broadcheck.engine.forms import ARGUMENT, RESULT, SUCCESSOR, USE, Form, read_form, synthesize
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import TOKEN, bracket_tokens, comment_start, depth
from broadcheck.syntax.lines import ROW, TRAILING_LOC, blank, key_text, names, starts_statement, strip_tail
from broadcheck.syntax.statement import REGION

if TYPE_CHECKING:
    pass


class Piece(NamedTuple):
    """Part of a line: ``source[start:end]`` (``end`` -1: to its end), from column ``column``
    (1-based) of line ``line``. The rest of a line is the line and an offset, not a copy: a
    line of regions nested 10k deep is cut 20k times."""

    line: int
    column: int
    source: str
    start: int = 0
    end: int = -1

    @property
    def stop(self) -> int:
        """Where the piece ends in ``source``."""
        return len(self.source) if self.end < 0 else self.end

    @property
    def text(self) -> str:
        """The piece's text (a copy, unless it is the whole of ``source``)."""
        if self.start == 0 and self.end < 0:
            return self.source
        return self.source[self.start : self.stop]

    def after(self, offset: int) -> Piece:
        """What follows ``offset`` (in ``source``) in the piece."""
        return Piece(self.line, self.column + offset - self.start, self.source, offset, self.end)


class Text:
    """A statement's text, as pieces of lines joined, with regions elided; it maps an
    offset in the text back to its line and column. Its pieces are joined when the text is
    asked for, so a statement of 100k lines is built in linear time."""

    __slots__ = ("_chunks", "_joined", "length", "parts", "starts")

    def __init__(self) -> None:
        self.parts: list[Piece] = []
        self.starts: list[int] = []
        self._chunks: list[str] = []
        self._joined = ""
        self.length = 0
        """``len(self.text)``, without joining."""

    @property
    def text(self) -> str:
        if self._chunks:
            self._joined += "".join(self._chunks)
            self._chunks.clear()
        return self._joined

    @text.setter
    def text(self, value: str) -> None:
        self._chunks.clear()
        self._joined = value
        self.length = len(value)

    def add(self, piece: Piece, separator: str = "\n") -> None:
        if self.parts:
            self._chunks.append(separator)
            self.length += len(separator)
        self.starts.append(self.length)
        self.parts.append(piece)
        text = piece.text
        self._chunks.append(text)
        self.length += len(text)

    def cut(self, length: int) -> None:
        """Keep the first ``length`` characters (and the pieces they come from)."""
        self.text = self.text[:length]
        while len(self.parts) > 1 and self.starts[-1] >= length:
            self.parts.pop()
            self.starts.pop()
        if self.parts:
            last, start = self.parts[-1], self.starts[-1]
            if start + len(last.text) > length:
                self.parts[-1] = Piece(last.line, last.column, last.text[: length - start])

    def where(self, offset: int) -> tuple[int, int]:
        """The (line, column) of ``offset`` (a binary search: a statement may hold 100k lines)."""
        i = max(bisect_right(self.starts, offset) - 1, 0)
        piece = self.parts[i]
        return piece.line, piece.column + offset - self.starts[i]

    @property
    def line(self) -> int:
        return self.parts[0].line


class Pending:
    """A statement being read: its text so far, and the brackets open at its end."""

    __slots__ = ("blanks", "brace", "complete", "kind", "op", "split", "stack", "text")

    def __init__(self, kind: str, op: OpenOp | None = None, stack: str = "") -> None:
        self.kind = kind
        """``op`` (a statement), ``tail`` (the rest of an op after a region), ``alias``."""
        self.op = op
        self.text = Text() if op is None else op.text
        self.stack = stack
        self.complete = False
        """Whole, unless the next line continues it (``reducer(...) {``)."""
        self.brace = -1
        """The offset of a ``{`` that ends a line, not yet known to open a region or a dictionary."""
        self.blanks: list[Piece] = []
        """Blank and comment lines after it, while it may still go on."""
        self.split = False
        """Cut once after a one-line region's ``{``: never cut again (the cut is the decision)."""


class OpenOp:
    """An op whose region is open: its text so far (regions elided), where it starts."""

    __slots__ = ("brace", "form", "isolated", "regions", "stack", "text")

    def __init__(self, text: Text, stack: str, isolated: bool, form: Form | None) -> None:
        self.text = text
        self.brace = (0, 0)
        """The (line, column) of the ``{`` that opened its innermost open region (named if never closed)."""
        self.stack = stack
        """The brackets open around its regions (``(`` for the generic form's region list)."""
        self.isolated = isolated
        self.regions = 1
        self.form = form
        """The form of its head, as read when its first region opened (its region arguments)."""


class Sink(Protocol):
    """Where the scanner sends what it reads (the engine implements it). A protocol, not a base
    class: an interpreted class may not inherit from a class compiled by mypyc."""

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, line_text: str, regions: int = 0
    ) -> None:
        """A whole statement; ``regions``: how many regions it had (they closed before it)."""
        raise NotImplementedError

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        """A region opens (``head``: its op's text so far); returns whether it is isolated."""
        raise NotImplementedError

    def closed(self, line: int) -> None:
        """The innermost region closes at ``line`` (-1: the text ended first)."""
        raise NotImplementedError

    def label(self, text: Text) -> None:
        raise NotImplementedError

    def alias(self, text: Text) -> None:
        raise NotImplementedError

    def unbalanced(self, line: int, column: int, what: str) -> None:
        raise NotImplementedError


_GENERIC = lazy(r'[ \t]*(?:%[\w$.\-]+(?::[0-9]+)?[ \t]*(?:,[ \t]*%[\w$.\-]+(?::[0-9]+)?[ \t]*)*=[ \t]*)?"')
"""A statement in the generic form (its op name is a string)."""
_NEW_STATEMENT = lazy(
    r'[ \t]*(?:%[\w$.\-]+(?::[0-9]+)?(?:[ \t]*,[ \t]*%[\w$.\-]+(?::[0-9]+)?)*[ \t]*=[ \t]*(?:"|[A-Za-z_][\w$]*\.)'
    r'|"[\w$.\-]+"[ \t]*\(|\^|func\.func\b|module\b|return\b|call(?:_indirect)?\b)'
)
"""A line that surely starts a statement: a statement still open before it is broken."""
_ALIAS = lazy(r"[!#][\w$.\-]+[ \t]*=")
_LOCATION_ALIAS = lazy(r'[ \t]*#[\w$.\-]+ = loc\((?:[^()"\n]|"(?:[^"\\\n]|\\.)*+")*+\)[ \t\r]*$')
"""``#loc3 = loc("file.py":3:4)`` on one line (a nested location goes the long way)."""
_NEXT_IS_ENTRY = lazy(r'[ \t]*(?:[A-Za-z_][\w$.\-]*|"(?:[^"\\\n]|\\.)*")[ \t]*(?:=|,|\}|$)')


LONG_KEY = 1 << 16
"""A line's key this long (a frozen graph's weights, written inline) is read and verified for its
line and not kept for the run: such a key is next to never seen twice, and keeping its form kept
about five copies of its literal (the key, the synthesized statement, the reader's items and
attributes) to the end of the run (issue 31's peak RSS)."""


class Scanner:
    """Feeds whole lines, in order, to a :class:`Sink` as statements."""

    def __init__(self, sink: Sink, forms: dict[object, Form], read: Callable[[str], Form] = read_form) -> None:
        self.sink = sink
        self.forms = forms
        self.read = read
        self.open: list[OpenOp] = []
        self.pending: Pending | None = None
        self.label_text: Text | None = None
        """A block label whose argument list goes on over lines (``^bb0(%a: T,`` then ``%b: U):``)."""
        self.label_open = 0
        """How many brackets of that label are still open (each line is read once)."""
        self.queue: deque[Piece] = deque()
        """Pieces to take next (:meth:`_feed`)."""
        self.draining = False

    # ---------------------------------------------------------------- blocks

    def block(self, text: str, first_line: int) -> int:
        """Scan the whole lines of ``text`` (the first is ``first_line``); the next line's number."""
        rows = ROW.findall(text)
        if text.endswith("\n"):
            rows.pop()  # the empty match after the final newline
        forms, read, sink = self.forms, self.read, self.sink
        count = len(rows)
        number = first_line - 1
        at_row, at = 0, 0  # the start of row `at_row` in `text` (a line is cut when the slow path takes it)
        for i, (results, generic, gops, custom, cops, rest, other) in enumerate(rows):
            number += 1
            pending = self.pending
            if pending is not None and pending.complete and (generic or custom) and not self.queue:
                self._finish(pending)  # an op starts here: the statement before it is whole
                self._drain()
            if self.pending is None and self.label_text is None and (generic or custom):
                if "//" in rest or rest.endswith(")"):
                    rest = strip_tail(rest)
                operands = gops or cops.lstrip()
                count_operands = operands.count(",") + 1 if operands else 0
                if results:
                    result_key = "%_" if "," not in results and ":" not in results else key_text(results)
                else:
                    result_key = ""
                rest_key = key_text(rest) if "%" in rest else rest
                key = (result_key, generic, custom, count_operands, rest_key)
                form = forms.get(key)
                if form is None:
                    form = read(synthesize(result_key, generic, custom, count_operands, rest_key))
                    form.complete = form.plain or _complete(form.key)
                    if len(rest_key) < LONG_KEY:
                        forms[key] = form
                following = i + 1
                while (
                    following < count and not (rows[following][1] or rows[following][3]) and blank(rows[following][6])
                ):
                    following += 1  # blank and comment lines continue nothing
                if (
                    form.complete
                    and form.error is None  # (read: its statement may have been let go, see Form.release)
                    and (
                        following == count
                        or rows[following][1]
                        or rows[following][3]
                        or starts_statement(rows[following][6])
                    )
                ):
                    row_names = results.split(", ") if results and ":" not in results else (
                        names(results) if results else [])  # fmt: skip
                    if operands:
                        row_names += operands.split(", ") if " " in operands or "," not in operands else names(operands)
                    if "%" in rest:
                        row_names += names(rest)
                    sink.statement(form, row_names, [number], None, "")
                    continue
            if other and self.pending is None and _LOCATION_ALIAS.match(other):
                continue  # `#loc12 = loc("...")`: a location's alias, nothing to check
            while at_row < i:
                at = text.find("\n", at) + 1
                at_row += 1
            end = text.find("\n", at)
            self.line(number, text[at:] if end < 0 else text[at:end])
        return number + 1

    # ---------------------------------------------------------------- lines

    def line(self, number: int, text: str) -> None:
        """One whole line."""
        self._feed(Piece(number, 1, text))

    def end(self) -> None:
        """The end of the module (file or split chunk)."""
        if self.label_text is not None:
            first = self.label_text.parts[0]
            self.label_text = None
            self.sink.unbalanced(first.line, first.column, "label")
        pending = self.pending
        if pending is not None:
            self._finish(pending)  # whole, or broken: the reader says what is wrong with it
            self._drain()
        while self.open:
            op = self.open.pop()
            self.sink.closed(-1)
            self.sink.unbalanced(*op.brace, "region")  # the `{` left open

    # ---------------------------------------------------------------- pieces

    def _feed(self, piece: Piece) -> None:
        """Take ``piece`` and whatever it leads to, in order, without recursion: a line
        with ten thousand ``}`` costs a loop, not Python's stack."""
        self.queue.append(piece)
        self._drain()

    def _drain(self) -> None:
        if self.draining:
            return
        self.draining = True
        try:
            queue = self.queue
            while queue:
                rest = self._step(queue.popleft())
                if rest is not None:
                    queue.appendleft(rest)
        finally:
            self.draining = False

    def _step(self, piece: Piece) -> Piece | None:
        """Take one piece; what is left of it to take next."""
        if self.label_text is not None:
            return self._label_goes_on(self.label_text, piece)
        pending = self.pending
        if pending is not None and (pending.complete or pending.brace >= 0):
            at = _SPACES.match(piece.source, piece.start, piece.stop).end()  # type: ignore[union-attr]
            if at == piece.stop or piece.source.startswith("//", at, piece.stop):
                pending.blanks.append(piece)  # kept if the statement goes on
                return None
            if pending.brace >= 0:
                return self._brace_decided(pending, piece)
            if not starts_statement(piece.text):
                return self._continue(pending, piece)
        elif pending is not None and _NEW_STATEMENT.match(piece.source, piece.start, piece.stop) is None:
            return self._continue(pending, piece)  # brackets left open: read on
        if pending is not None:
            waiting = len(self.queue)
            self._finish(pending)
            added = len(self.queue) - waiting
            if added:  # the statement had a region on one line: its pieces come first
                self.queue.insert(added, piece)
                return None
        return self._fresh(piece)

    def _fresh(self, piece: Piece) -> Piece | None:
        """A piece that starts something."""
        source, stop = piece.source, piece.stop
        at = _SPACES.match(source, piece.start, stop).end()  # type: ignore[union-attr]
        if at == stop or source.startswith("//", at, stop):
            return None
        piece = piece.after(at)
        first = source[at]
        if first == "}":
            return self._close(piece)
        if first == "^":
            return self._label(piece)
        kind = "alias" if first in "!#" and _ALIAS.match(source, at, stop) else "op"
        pending = Pending(kind)
        self.pending = pending
        return self._continue(pending, piece)

    def _continue(self, pending: Pending, piece: Piece) -> Piece | None:
        """Add ``piece`` to the statement being read and see where it stands."""
        text = pending.text
        if pending.blanks:  # blank and comment lines inside a statement stay in its text
            for blank_piece in pending.blanks:
                text.add(blank_piece)
            pending.blanks.clear()
        source, begin, stop = piece.source, piece.start, piece.stop
        # The scan stops at the first `{` that opens a region on this line (as `_finish` would
        # find it: the statement starts here) and at the first `}` that closes one, so that each
        # level of regions nested on one line reads only its own part of the line.
        rule = None
        if (
            pending.kind == "op"
            and not pending.split
            and not text.parts
            and not pending.stack
            and source.find("{", begin, stop) >= 0
        ):
            rule = _RegionBrace(source, begin, stop)
        state = depth(source, pending.stack, begin, stop, rule, bool(self.open))
        if state.region >= 0:  # `op ({ ...`: read as `op ({` and then what follows the `{`
            pending.split = True
            self._continue(pending, Piece(piece.line, piece.column, source, begin, state.region + 1))
            return piece.after(state.region + 1)
        if state.mismatch >= 0 and self.open and source[state.mismatch] == "}":
            # `... }`: the statement ends, and the `}` closes a region
            cut = state.mismatch
            text.add(Piece(piece.line, piece.column, source, begin, cut))
            text.cut(len(text.text.rstrip()))
            pending.stack = state.stack
            if pending.stack and not (
                pending.kind == "tail" and pending.op is not None and pending.stack == pending.op.stack
            ):
                self.pending = None
                self.sink.unbalanced(piece.line, piece.column + cut - begin, "statement")
            elif text.text.strip() or pending.kind == "tail":
                waiting = len(self.queue)
                self._finish(pending)
                added = len(self.queue) - waiting
                if added:  # the statement was cut in two: its second part comes before the `}`
                    self.queue.insert(added, piece.after(cut))
                    return None
            else:
                self.pending = None
            return piece.after(cut)
        text.add(piece)
        pending.stack = state.stack
        pending.complete = not pending.stack
        if pending.complete:
            return None
        if pending.stack.endswith("{") and state.last == "{" and pending.kind != "alias":
            brace = text.length - len(piece.text) + _last_brace(piece.text)
            region = _region_brace(text.text, brace, pending.stack)
            if region is None:  # decided by the next line
                pending.brace = brace
            elif region:
                self._open(pending, brace)
        return None

    def _brace_decided(self, pending: Pending, piece: Piece) -> Piece | None:
        """The line after a line-ending ``{`` says whether it opened a region."""
        brace = pending.brace
        pending.brace = -1
        entry = _NEXT_IS_ENTRY.match(piece.source, piece.start, piece.stop)
        if entry is not None and (
            entry.group().endswith("=")  # `mhlo.attributes = {...}`: no op starts so
            or not starts_statement(piece.text.lstrip().split("=")[0] + " ")  # (`func.return` alone does)
        ):
            return self._continue(pending, piece)  # a dictionary's entry
        self._open(pending, brace)
        return piece

    def _open(self, pending: Pending, brace: int) -> None:
        """The ``{`` at ``brace`` in the pending statement opens a region."""
        text = pending.text
        at = text.where(brace)
        head = text.text[:brace].rstrip()
        text.cut(len(head))
        stack = pending.stack[:-1]
        self.pending = None
        if pending.kind == "tail":
            op = pending.op
            assert op is not None
            op.regions += 1
            self.open.append(op)
            form = op.form
            first = False
        else:
            form = self._head_form(head, stack)
            op = OpenOp(text, stack, False, form)
            self.open.append(op)
            first = True
        offsets = _name_offsets(head)
        op.brace = at
        head_names = [head[a:b] for a, b in offsets]
        lines = [text.where(a)[0] for a, _ in offsets]
        op.isolated = self.sink.region(form, head_names, lines, first, text)

    def _head_form(self, head: str, stack: str) -> Form | None:
        """The form of an op's head (its text before its first region), for the values it
        defines for its regions: read as if its regions were empty."""
        closing = "".join({"(": ")", "[": "]", "<": ">", "{": "}"}[c] for c in reversed(stack))
        key = _then_region(key_text(head)) + closing
        form = self.forms.get(key)
        if form is None:
            form = self.read(key)
            self.forms[key] = form
        return form if form.statement is not None else None

    def _close(self, piece: Piece) -> Piece | None:
        """``}`` closes the innermost region; what follows it continues its op."""
        if not self.open:
            self.sink.unbalanced(piece.line, piece.column, "}")
            rest = piece.after(piece.start + 1)
            return rest if _NON_SPACE.search(rest.source, rest.start, rest.stop) else None
        op = self.open.pop()
        self.sink.closed(piece.line)
        op.text.text = _then_region(op.text.text)
        pending = Pending("tail", op, op.stack)
        self.pending = pending
        after = piece.after(piece.start + 1)
        if _NON_SPACE.search(after.source, after.start, after.stop):
            return self._continue(pending, after)
        pending.complete = not op.stack
        return None

    def _label(self, piece: Piece) -> Piece | None:
        """``^bb1(%a: T):`` and perhaps an op after it on the line."""
        text = piece.text
        end, _ = _label_end(text)
        if end < 0:
            open_ = depth(text).stack
            if open_.endswith("("):  # the argument list goes on over lines
                self.label_text = Text()
                self.label_text.add(piece)
                self.label_open = len(open_)
                return None
            self.sink.unbalanced(piece.line, piece.column, "label")
            return None
        label = Text()
        label.add(Piece(piece.line, piece.column, text[:end]))
        self.sink.label(label)
        rest = text[end + 1 :]
        return Piece(piece.line, piece.column + end + 1, rest) if rest.strip() else None

    def _label_goes_on(self, label: Text, piece: Piece) -> Piece | None:
        """The next line of a block label's argument list; what follows the label's ``:``.
        Each line is read once (a label never closed costs a pass, not a pass per line)."""
        if blank(piece.text):
            return None
        if _NEW_STATEMENT.match(piece.text) or piece.text.lstrip().startswith("}"):
            self._label_broken(label)  # an op or a `}` where the list should go on
            return piece
        end, self.label_open = _label_end(piece.text, self.label_open)
        if end < 0:
            label.add(piece)
            if self.label_open <= 0:  # the list closed without the label's `:`
                self._label_broken(label)
            return None
        self.label_text = None
        start = label.length + 1
        label.add(piece)
        label.cut(start + end)
        self.sink.label(label)
        rest = piece.text[end + 1 :]
        return Piece(piece.line, piece.column + end + 1, rest) if rest.strip() else None

    def _label_broken(self, label: Text) -> None:
        self.label_text = None
        first = label.parts[0]
        self.sink.unbalanced(first.line, first.column, "label")

    def _finish(self, pending: Pending) -> None:
        """A whole statement: read it and send it on."""
        self.pending = None
        text = pending.text
        if pending.kind == "alias":
            self.sink.alias(text)
            return
        body = text.text
        if pending.kind != "tail" and not pending.split:
            inline = _inline_region(body)
            if inline is not None:  # `func.func @f() { return }`: a region on one line
                self._split_inline(text, inline)
                return
        if pending.kind == "tail" and not body.endswith(REGION):
            body = _without_location(body)  # `} loc(#loc)`: read as the op's head was, once
        key = key_text(body.lstrip())
        form = self.forms.get(key)
        if form is None:
            form = self.read(key)
            self.forms[key] = form
        if form.statement is None and pending.kind == "op":
            cut = _second_statement(body)
            if cut is not None:  # `... -> tensor<2xf32>  return %0 : ...`: two ops on one line
                self._split_at(text, cut)
                return
        offsets = _name_offsets(body)
        statement_names = [body[a:b] for a, b in offsets]
        lines = [text.where(a)[0] for a, _ in offsets]
        regions = pending.op.regions if pending.kind == "tail" and pending.op is not None else 0
        self.sink.statement(form, statement_names, lines or [text.line], text, body, regions)

    def _split_at(self, text: Text, cut: int) -> None:
        """Send on the statement that ends before ``cut``; the pieces after it are taken
        next, before anything else."""
        head = Pending("op")
        tail: list[Piece] = []
        for i, piece in enumerate(text.parts):
            start = text.starts[i]
            end = start + len(piece.text)
            if end <= cut:
                head.text.add(piece)
            elif start >= cut:
                tail.append(piece)
            else:
                k = cut - start
                head.text.add(Piece(piece.line, piece.column, piece.text[:k].rstrip()))
                tail.append(Piece(piece.line, piece.column + k, piece.text[k:]))
        self.queue.extendleft(reversed(tail))
        self._finish(head)

    def _split_inline(self, text: Text, brace: int) -> None:
        """Read a statement holding a one-line region again, as its pieces cut after the
        region's ``{``: they are taken next, before anything else."""
        parts: list[Piece] = []
        for i, piece in enumerate(text.parts):
            start = text.starts[i]
            end = start + len(piece.text)
            if start <= brace < end:
                cut = brace - start + 1
                parts.append(Piece(piece.line, piece.column, piece.text[:cut]))
                parts.append(Piece(piece.line, piece.column + cut, piece.text[cut:]))
            else:
                parts.append(piece)
        first, *others = parts
        pending = Pending("op")
        pending.split = True
        self.pending = pending
        self._continue(pending, first)
        self.queue.extendleft(reversed(others))


def _without_location(body: str) -> str:
    """An op's text after its last region without the location that ends it, if that is all
    that follows the region."""
    end = body.rfind(REGION) + len(REGION)
    if end >= len(REGION) and TRAILING_LOC.fullmatch(" " + body[end:].strip()):
        return body[:end]
    return body


def _second_statement(body: str) -> int | None:
    """Where a second op starts in a statement the reader cannot take, if the text before it
    is a whole op: MLIR needs no line break between two ops (``}> : (T) -> T  return %0``)."""
    from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
    from broadcheck.syntax.statement import read_statement

    try:
        read_statement(body)
    except ReaderProblem as problem:
        at = problem.start
    else:
        return None
    if at <= 0 or at >= len(body) or _NEW_STATEMENT.match(body, at) is None:
        return None
    try:
        read_statement(body[:at].rstrip())
    except ReaderProblem:
        return None
    return at


def _complete(key: str) -> bool:
    """Whether a key is a whole statement on its own: brackets closed, no region in it."""
    state = depth(key)
    return not state.stack and state.mismatch < 0 and _inline_region(key) is None and "{" not in key[-1:]


def _then_region(text: str) -> str:
    """``text`` with an elided region after it: on a line of its own where ``text`` ends in a
    comment (``(\n  // cond\n  {``), which would hide it."""
    last = text[text.rfind("\n") + 1 :]
    return text + ("\n" if comment_start(last) >= 0 else " ") + REGION


def _last_brace(text: str) -> int:
    at = comment_start(text)
    body = text if at < 0 else text[:at]
    return body.rstrip().rfind("{")


def _label_end(text: str, level: int = 0) -> tuple[int, int]:
    """The offset of the ``:`` that ends a block label, or -1, and how many brackets are
    open at the end of ``text`` (``level`` of them were open before it)."""
    for m in TOKEN.finditer(text):
        kind, token = m.lastgroup, m.group()
        if kind == "open":
            level += 1
        elif kind == "close":
            level -= 1
        elif token == ":" and level == 0:
            return m.start(), level
    return -1, level


def _name_offsets(text: str) -> list[tuple[int, int]]:
    from broadcheck.syntax.lines import name_spans

    return name_spans(text)


def _previous_token(text: str, offset: int) -> str:
    before = text[:offset].rstrip()
    if not before:
        return ""
    if before.endswith("attributes") and (len(before) == 10 or not before[-11].isalnum()):
        return "attributes"
    return before[-1]


def _region_brace(text: str, brace: int, stack: str) -> bool | None:
    """Whether the ``{`` at ``brace`` (ending its line; ``stack`` the brackets open with it)
    opens a region: ``True``, ``False`` (a dictionary), or ``None`` (the next line says)."""
    generic = _GENERIC.match(text) is not None
    if stack.endswith("({") or (len(stack) >= 2 and stack[-2] == "("):
        return generic or None
    if generic and len(stack) == 1:
        return False
    previous = _previous_token(text, brace)
    if previous in ("=", "attributes", "<", ","):
        return False
    return None


def _inline_region(text: str) -> int | None:
    """The offset of the first ``{`` of ``text`` that opens a region on the same line, or ``None``."""
    if "{" not in text:
        return None
    stack: list[str] = []
    generic = _GENERIC.match(text) is not None
    for m in bracket_tokens(text):
        token = m.group(1)
        if token in _OPENERS:
            if token == "{":
                inside = "".join(stack)
                start, end = m.start(1), m.end(1)
                if generic:
                    if inside == "(" and _opens_region_text(text, end):
                        return start
                elif (
                    not inside
                    and _previous_token(text, start) not in ("=", "attributes", "<", ",")
                    and _opens_region_text(text, end)
                ):
                    return start
            stack.append(token)
        elif token in _CLOSERS and stack:
            stack.pop()
    return None


_OPENERS = frozenset("([{<")
_CLOSERS = frozenset(")]}>")


def _opens_region_text(text: str, after: int) -> bool:
    """Whether what follows a ``{`` on its line reads as a region's body rather than a
    dictionary's entries (``}`` alone: an empty dictionary, the same to value flow)."""
    newline = text.find("\n", after)
    return _opens_region_at(text, after, newline if newline >= 0 else len(text))


def _opens_region_at(text: str, after: int, end: int) -> bool:
    """:func:`_opens_region_text` for a line ending at ``end``, reading only the first token
    after the ``{`` (a comment there is the line's end)."""
    at = _SPACES.match(text, after, end).end()  # type: ignore[union-attr]
    if at == end or text.startswith("//", at, end) or text.startswith("}", at, end):
        return False  # (a `{` that ends its line was decided as it was read)
    return _ENTRY_AT.match(text, at, end) is None and not text.startswith(REGION[1:-1], at, end)


def _previous_token_at(text: str, start: int, offset: int) -> str:
    """:func:`_previous_token` of ``text[start:offset]``, without copying it."""
    at = offset
    while at > start and text[at - 1].isspace():
        at -= 1
    if at == start:
        return ""
    if text.endswith("attributes", start, at) and (at - start == 10 or not text[at - 11].isalnum()):
        return "attributes"
    return text[at - 1]


class _RegionBrace:
    """Whether a ``{`` of a statement starting at ``start`` in ``text`` (and ending with its
    line at ``end``) opens a region on its line, as :func:`_inline_region` decides it."""

    __slots__ = ("end", "generic", "start", "text")

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text, self.start, self.end = text, start, end
        self.generic = _GENERIC.match(text, start, end) is not None

    def __call__(self, offset: int, inside: str) -> bool:
        text = self.text
        if self.generic:
            return inside == "(" and _opens_region_at(text, offset + 1, self.end)
        return (
            not inside
            and _previous_token_at(text, self.start, offset) not in ("=", "attributes", "<", ",")
            and _opens_region_at(text, offset + 1, self.end)
        )


_SPACES = lazy(r"\s*")
_NON_SPACE = lazy(r"\S")
_ENTRY_AT = lazy(r'(?:[A-Za-z_][\w$.\-]*|"(?:[^"\\\n]|\\.)*")[ \t]*(?:=|,|\}|//|$)')
""":data:`_NEXT_IS_ENTRY` at the first token after a ``{``, a comment ending the line."""


__all__ = ["ARGUMENT", "RESULT", "SUCCESSOR", "USE", "OpenOp", "Piece", "Scanner", "Sink", "Text"]
