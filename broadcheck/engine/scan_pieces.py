"""The scanner's slow path: a state machine over *pieces* of lines, for what is not one whole op
on one line: a statement that runs over several lines (brackets still open), a ``{`` that opens
a region (its op's text is held until the region closes, then read whole, regions elided), ``}``
that closes one, block labels (:mod:`.scan_labels`), alias definitions, and a region on one line
(``func.func @f() { return }``). Comments are blank wherever they are.

Takes whole lines (:meth:`PieceScanner.line`); gives the :class:`~.scan_text.Sink` whole
statements, regions opened and closed, labels and aliases. Its state: the statement being
read, the ops whose regions are open, and the pieces queued to take next.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from broadcheck.engine.forms import OP_AFTER, OP_OR_LABEL_AFTER, Form, TwoOps, read_form, second_op
from broadcheck.engine.scan_brace import (
    NEW_STATEMENT,
    NON_SPACE,
    SPACES,
    RegionBrace,
    inline_region,
    last_brace,
    name_offsets,
    piece_depth,
    region_brace,
    second_statement,
    then_region,
    without_location,
)
from broadcheck.engine.scan_labels import Labels
from broadcheck.engine.scan_text import Piece, Sink, Text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import depth, elide_weights, strip_comments
from broadcheck.syntax.lines import blank, dangles, ends_with_name, key_text, starts_statement, values_alone
from broadcheck.syntax.problem import NO_STATEMENT
from broadcheck.syntax.statement import REGION

_LONG_KEY = 1 << 16
"""A key this long is read for its statement and not kept for the run (:data:`.scan.LONG_KEY`)."""


class Pending:
    """A statement being read: its text so far, and the brackets open at its end."""

    __slots__ = ("blanks", "brace", "complete", "kind", "op", "split", "stack", "text")

    def __init__(self, kind: str, op: OpenOp | None = None, stack: str = "") -> None:
        self.kind = kind
        """``op`` (a statement), ``tail`` (the rest of an op after a region), ``alias``, or
        ``metadata`` (a file metadata dictionary, ``{-#`` ... ``#-}``, passed over: no op is in it)."""
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

    __slots__ = ("brace", "form", "isolated", "known", "long", "regions", "stack", "text")

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
        self.known: tuple[str, list[str]] | None = None
        """Its text once its regions closed, and its names, if its head's form and names are its own
        (:meth:`PieceScanner.open_known`, refine's reader): its `}` alone sends it with them."""
        self.long = False
        """Whether :attr:`known` is its own long head's (:meth:`PieceScanner._open`): then also a
        `}` followed by a location sends it with them (its key is the head form's all the same)."""


_KEYWORD = r"(?:[A-Za-z_][\w$.\-]*+|-?[0-9]++)"
_KEYWORDS_THEN_BRACE = lazy(rf"[ \t]*+{_KEYWORD}(?:[ \t]++{_KEYWORD})*+[ \t]*+\{{")
"""Keywords, then a ``{``: a region op's next region on a later line of it (``} do {``, ``case 2 {``,
``default {``), whatever follows the ``{`` on that line."""
_ALIAS = lazy(r"[!#][\w$.\-]+[ \t]*(?:=|(?://.*)?$)")
"""An alias's definition: its name, then its `=`, or the end of its line (its `=` on the next: a line
break is a blank)."""


def _stray(piece: Piece, whole: Callable[[], bool]) -> bool:
    """Whether a line starts with a closer of a bracket, which goes on no whole statement, or with
    a digit or a lone ``/`` after a statement the reader takes whole (``whole``): the parser wanted
    the next op's name there, and says so where the statement before it ends."""
    at = SPACES.match(piece.source, piece.start, piece.stop).end()  # type: ignore[union-attr]
    if at == piece.stop:
        return False
    first = piece.source[at]
    if first in ")]>":
        return True
    return (first.isdigit() or (first == "/" and not piece.source.startswith("//", at))) and whole()


def _second_op(body: str) -> int | None:
    """Where a second op starts on a statement's line, after the first read whole (``-> T  return %0 : T``)."""
    lead = len(body) - len(body.lstrip())
    statement = read_form(body[lead:]).statement
    at = second_op(statement, body, lead) if statement is not None else -1
    return at if at >= 0 else None


def _after(text: Text, cut: int, head: Text | None = None) -> list[Piece]:
    """The pieces of ``text`` after offset ``cut``, last first; those before it go to ``head``, if given."""
    tail: list[Piece] = []
    for i, piece in enumerate(text.parts):
        start = text.starts[i]
        end = start + len(piece.text)
        if end <= cut:
            if head is not None:
                head.add(piece)
        elif start >= cut:
            tail.append(piece)
        else:
            k = cut - start
            if head is not None:
                head.add(Piece(piece.line, piece.column, piece.text[:k].rstrip()))
            tail.append(Piece(piece.line, piece.column + k, piece.text[k:]))
    return tail[::-1]


def _after_alias(body: str) -> int | None:
    """Where a statement starts on an alias's line after its value (an op, another alias), outside
    its brackets: MLIR needs no line break between them. The first few places are tried."""
    flat = strip_comments(body)
    value = flat.find("=") + 1
    for pattern in (_NEXT_ALIAS, OP_AFTER):
        for tried, m in enumerate(pattern.finditer(flat, value)):
            if tried == 4:
                break
            if flat[value : m.start()].strip() and not depth(flat, "", value, m.start()).stack:
                return m.end()
    return None


_NEXT_ALIAS = lazy(r"[ \t]++(?=[#!][\w$.\-]++[ \t]*+=)")


def _op_after_a_whole_op(body: str) -> int | None:
    """Where a second op, or a block's label, starts on a line of a statement that does not read, if
    the text before it reads whole (``... : i8 into vector<5xi8>  return``: the grammar that finds the
    cut of :func:`.scan_brace.second_statement` may stop earlier, at a custom form it does not know;
    ``cf.cond_br %c, ^bb1, ^bb2 ^bb1:``: an op that writes no types ends at its last successor). The
    first few places are tried, no more (a broken line of megabytes costs a few reads)."""
    flat = strip_comments(body)
    tried = 0
    for m in OP_OR_LABEL_AFTER.finditer(flat):
        if flat.startswith("^", m.end()) and not _whole_label(flat, m.end()):
            continue  # (a successor: `^bb1(%a : T)`, followed by no `:`)
        tried += 1
        if tried == 5:
            break
        head = body[: m.start()].lstrip()
        if head and not dangles(head) and _reads_whole(read_form(key_text(head))):
            return m.end()  # (not after `=`, `,`, `:`, `->`: `padded = tensor.pad ...` is one broken op)
    return None


def _reads_whole(form: Form) -> bool:
    """Whether a statement's text read as a whole op: read with no error, as an op whose custom form
    broadcheck knows, or in the generic form. An op it does not know reads as anything, and its form
    may write a generic op's name and more after it (``torch.operator "onnx.If"(%a) : (T) -> T {``)."""
    return form.error is None and (form.decl is not None or (form.statement is not None and form.statement.generic))


def _whole_label(flat: str, at: int) -> bool:
    """Whether a block's label starts at ``flat[at]`` and ends on that line: its name, its arguments'
    parentheses if any, then its ``:``; not a successor and its operands (``^bb1(%a : T)``)."""
    k = at + 1
    while k < len(flat) and (flat[k].isalnum() or flat[k] in "_$.-"):
        k += 1
    while k < len(flat) and flat[k] in " \t":
        k += 1
    if flat.startswith("(", k):
        open_ = 0
        for close in range(k, len(flat)):
            open_ += (flat[close] == "(") - (flat[close] == ")")
            if open_ == 0:
                break
        else:
            return False
        k = close + 1
        while k < len(flat) and flat[k] in " \t":
            k += 1
    return flat.startswith(":", k) and not flat.startswith("::", k)


def _after_brace(source: str, at: int) -> bool:
    """Whether the text before offset ``at`` of its line ends with a ``{`` (a region's first op is
    wanted), not the ``{`` of ``linalg.map``'s and ``linalg.reduce``'s short form (``{arith.addf}``:
    their parser wants a payload op's name there, and words what it finds itself)."""
    k = at - 1
    while k >= 0 and source[k] in " \t":
        k -= 1
    return k >= 0 and source[k] == "{" and _PAYLOAD_BRACE.search(source, max(0, k - 64), k + 1) is None


_PAYLOAD_BRACE = lazy(r"\blinalg\.(?:map|reduce)[ \t]*+\{\Z")


_LONE_WORD = lazy(r"[ \t]*+[A-Za-z_][\w$.]*+[ \t]*+(?:$|//|[)\]}])")
"""A line that holds one bare word (a dialect's name and a dot, ``stablehlo.``, or an op's name,
``stablehlo.abs``, too), or a bare word and a closer no bracket opened (``x}``): after a
whole statement, no custom form goes on with it (none in the corpus, the fixtures or the real
exports), so the parser reads it as the next op's name (``abc``: "custom op 'abc' is unknown"; in
a dictionary's entries a unit attribute is one)."""
_NEXT_IS_ENTRY = lazy(r'[ \t]*(?:[A-Za-z_][\w$.\-]*|"(?:[^"\\\n]|\\.)*")[ \t]*(?:=|,|\}|$)')


_VALUE_NAME = lazy(r"[ \t]*+%")


def _entry(piece: Piece) -> bool:
    """Whether ``piece``, the line after a line-ending ``{``, is an entry of the dictionary it opened, or
    of a custom form's list: a value's name no op's results write (``%scope::%key[%o] -> %t[...]``)."""
    if _VALUE_FIRST.match(piece.source, piece.start, piece.stop) is not None:
        return True
    entry = _NEXT_IS_ENTRY.match(piece.source, piece.start, piece.stop)
    return entry is not None and (
        (entry.group().endswith("=") and _VALUE_NAME.match(piece.source, entry.end(), piece.stop) is None)
        # (`mhlo.attributes = {...}`: no op starts so; no attribute's value is a value's name: `scf.yield = %x`)
        or not starts_statement(piece.text.lstrip().split("=")[0] + " ")  # (`func.return` alone does)
    )


_VALUE_FIRST = lazy(r'[ \t]*+(?:%[\w$.\-]++(?:#[0-9]++)?(?:::|[ \t]*+(?:\[|->))|\[|@|"[^"\n]*+"[ \t]*+=)')
"""A line that starts with a value's name, then ``::``, ``[`` or ``->`` (no op's results: they are
followed by ``=``, ``,`` or ``:N``), with a ``[`` (``stream.resource.pack slices({`` then
``[0, 0] = %c1024``), with a symbol (``stream.cmd.dispatch {`` then ``@ex::@x86::@dispatch,``), or
with a string and ``=`` (``pdl.operation ... {`` then ``"min_val" = %min``): no op starts so."""


class PieceScanner:
    """Takes whole lines, and pieces of them, in order; sends statements to a :class:`Sink`."""

    def __init__(self, sink: Sink, forms: dict[object, Form], read: Callable[[str], Form]) -> None:
        self.sink = sink
        self.forms = forms
        self.read = read
        self.open: list[OpenOp] = []
        self.pending: Pending | None = None
        self.labels = Labels(sink)
        self.queue: deque[Piece] = deque()
        """Pieces to take next (:meth:`_feed`)."""
        self.draining = False

    def line(self, number: int, text: str, start: int = 0, end: int = -1) -> None:
        """One whole line (``text[start:end]``: a long line is not copied out of its block)."""
        self._feed(Piece(number, 1, text, start, end))

    def finish(self, pending: Pending) -> None:
        """``pending`` is whole (an op starts on the next line): send it on, and what it leads to."""
        self._finish(pending)
        self._drain()

    def end(self) -> None:
        """The end of the module (file or split chunk)."""
        self.labels.end()
        while (pending := self.pending) is not None:  # (a statement cut in two leaves its second pending)
            if pending.kind == "metadata":
                self.pending = None  # (a dictionary the end of the text cut: nothing in it is an op)
            else:
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
        labels = self.labels
        if labels.text is not None:
            return labels.goes_on(labels.text, piece)
        pending = self.pending
        if pending is not None and pending.kind == "metadata":
            return self._metadata(piece)
        if pending is not None and (pending.complete or pending.brace >= 0):
            at = SPACES.match(piece.source, piece.start, piece.stop).end()  # type: ignore[union-attr]
            if at == piece.stop or piece.source.startswith("//", at, piece.stop):
                pending.blanks.append(piece)  # kept if the statement goes on
                return None
            if pending.brace >= 0:
                return self._brace_decided(pending, piece)
            if (
                not starts_statement(piece.text)
                and _LONE_WORD.match(piece.text) is None
                and not _stray(piece, lambda: self._whole(pending))
            ) or (
                values_alone(piece.text) and (ends_with_name(pending.text.text) or not self._whole(pending))
            ):  # (`%out = torch.quantized...` or `vector.contract {...}`, then `%a, %b`: its operands)
                return self._continue(pending, piece)
        elif pending is not None and (
            not pending.stack or NEW_STATEMENT.match(piece.source, piece.start, piece.stop) is None
        ):
            if not pending.stack and blank(piece.text):
                pending.blanks.append(piece)  # (a token no statement ends with: the statement goes on after it)
                return None
            return self._continue(pending, piece)  # brackets left open, or a token no statement ends with: read on
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
        at = SPACES.match(source, piece.start, stop).end()  # type: ignore[union-attr]
        if at == stop or source.startswith("//", at, stop):
            return None
        whole = piece.column == 1  # (a line of its own: not what follows a `}` or another op on it)
        piece = piece.after(at)
        first = source[at]
        if first == "}":
            return self._close(piece)
        if first == "^":
            return self.labels.start(piece)
        if first in NO_STATEMENT and (whole or _after_brace(source, at)):
            # (no statement starts so: a value's `%` lost, a stray `)`: the parser wanted an op's name)
            self.sink.unbalanced(piece.line, piece.column, "token")
        if first == "{" and source.startswith("{-#", at, stop):
            # MLIR's lexer reads `{-#` as a file metadata dictionary's start wherever it is; its
            # parser takes one only at the top level, and in a region wanted an op there.
            if self.open:
                self.sink.unbalanced(piece.line, piece.column, "token")
            self.pending = Pending("metadata")
            return self._metadata(piece.after(at + 3))
        kind = "alias" if first in "!#" and _ALIAS.match(source, at, stop) else "op"
        if kind == "alias" and self.open:  # (an alias is defined at the top level only: the parser wanted an op)
            self.sink.unbalanced(piece.line, piece.column, "token")
        pending = Pending(kind)
        self.pending = pending
        return self._continue(pending, piece)

    def _metadata(self, piece: Piece) -> Piece | None:
        """Pass over a file metadata dictionary to its ``#-}``; what follows it is taken next."""
        end = piece.source.find("#-}", piece.start, piece.stop)
        if end < 0:
            return None
        self.pending = None
        rest = piece.after(end + 3)
        return rest if NON_SPACE.search(rest.source, rest.start, rest.stop) else None

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
            (pending.kind == "op" or pending.kind == "tail")
            and not pending.split
            and not pending.stack
            and source.find("{", begin, stop) >= 0
            and ((pending.kind == "op" and not text.parts) or _KEYWORDS_THEN_BRACE.match(source, begin, stop))
        ):  # (a statement's later line, a region op's tail, after keywords: `} do {  %1 = ...`, `case 2 {  scf.yield`)
            rule = RegionBrace(source, begin, stop)
        state = piece_depth(source, pending.stack, begin, stop, rule, bool(self.open))
        if state.mismatch >= 0 and not self.open and pending.kind == "tail" and source[state.mismatch] == "}":
            # (`} }` with the last region closed by the first: the second closes none, :meth:`_close`)
            state = piece_depth(source, pending.stack, begin, stop, rule, True)
        if state.region >= 0:  # `op ({ ...`: read as `op ({` and then what follows the `{`
            pending.split = True
            waiting = len(self.queue)
            self._continue(pending, Piece(piece.line, piece.column, source, begin, state.region + 1))
            rest = piece.after(state.region + 1)
            if len(self.queue) > waiting:  # (its head was two statements: the second's pieces come first)
                self.queue.insert(len(self.queue) - waiting, rest)
                return None
            return rest
        if state.mismatch >= 0 and (self.open or pending.kind == "tail") and source[state.mismatch] == "}":
            # `... }`: the statement ends, and the `}` closes a region (or none: :meth:`_close`)
            cut = state.mismatch
            text.add(Piece(piece.line, piece.column, source, begin, cut))
            text.cut(len(text.text.rstrip()))
            pending.stack = state.stack
            if pending.stack and not (
                pending.kind == "tail" and pending.op is not None and pending.stack == pending.op.stack
            ):
                self.pending = None
                self.sink.unbalanced(piece.line, piece.column + cut - begin, "statement", text)
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
            if pending.kind == "op" and dangles(source, begin, stop):
                pending.complete = False  # (`cf.cond_br %c,` / `^bb1, ^bb2`: the next line goes on with it)
            return None
        if pending.stack.endswith("{") and state.last == "{" and pending.kind != "alias":
            brace = text.length - len(piece.text) + last_brace(piece.text)
            region = region_brace(text.text, brace, pending.stack)
            if region is None:  # decided by the next line
                pending.brace = brace
            elif region:
                self._open(pending, brace)
        return None

    def _brace_decided(self, pending: Pending, piece: Piece) -> Piece | None:
        """The line after a line-ending ``{`` says whether it opened a region."""
        brace = pending.brace
        pending.brace = -1
        if _entry(piece):
            return self._continue(pending, piece)  # a dictionary's entry
        waiting = len(self.queue)
        if not self._open(pending, brace):  # (two statements: the second's pieces come before this line)
            self.queue.insert(len(self.queue) - waiting, piece)
            return None
        return piece

    def head_follows(self, number: int, line: str, start: int) -> bool:
        """Line ``number``, an op's head from ``start`` (refine's function header,
        :class:`.refine_replay.Replay`), comes next: a line-ending ``{`` still undecided before it
        opened a region, as :meth:`_brace_decided` would tell; whether nothing is pending now."""
        self.follows(number, line, start, len(line), start + 1)
        return self.pending is None

    def follows(self, number: int, source: str, start: int, stop: int, column: int = 1) -> None:
        """Line ``number``, ``source[start:stop]`` (from ``column``), comes next and is not blank:
        a line-ending ``{`` still undecided before it opened a region unless the line is an entry
        of the dictionary it opened, as :meth:`_brace_decided` would tell (the line not copied:
        the scanner's fast pass, whose line may be a literal of megabytes)."""
        pending = self.pending
        if (
            pending is not None
            and pending.brace >= 0
            and not self.queue
            and self.labels.text is None
            and not _entry(Piece(number, column, source, start, stop))
        ):
            brace = pending.brace
            pending.brace = -1
            if not self._open(pending, brace):  # (two statements: the second, with its `{`, read first)
                self._drain()
                self.follows(number, source, start, stop, column)

    def _open(self, pending: Pending, brace: int) -> bool:
        """The ``{`` at ``brace`` in the pending statement opens a region; or, if its head is a whole
        op and then another op's head on its line (``func.func private @f(%a: T) -> T func.func @g(...) {``,
        ``%x = arith.constant 0 : index  %r = scf.for ... {``), the first is sent, the second's pieces
        are queued to be read again from its start, and this is ``False``."""
        text = pending.text
        head = text.text[:brace].rstrip()
        stack = pending.stack[:-1]
        if pending.kind == "tail":
            form = None
            closed = head.rfind("}") + 1  # (`} else {`, `} do {`: its next region; `}  %1 = scf.if ... {`: an op)
            if not stack and _KEYWORDS_THEN_BRACE.match(text.text, closed, brace + 1) is None:
                cut = _op_after_a_whole_op(text.text[:brace])
                if cut is not None:
                    self._cut(text, cut)
                    self._finish(pending)
                    return False
        else:
            form = self._head_form(head, stack)
            if form is None or type(form) is TwoOps:
                cut = _op_after_a_whole_op(text.text[:brace])  # (the head is open: its brackets close after the region)
                if cut is not None:
                    self.pending = None
                    self._split_at(text, cut)
                    return False
        at = text.where(brace)
        text.cut(len(head))
        self.pending = None
        if pending.kind == "tail":
            op = pending.op
            assert op is not None
            op.regions += 1
            self.open.append(op)
            form = op.form
            first = False
        else:
            op = OpenOp(text, stack, False, form)
            self.open.append(op)
            first = True
        offsets = name_offsets(head)
        op.brace = at
        head_names = [head[a:b] for a, b in offsets]
        lines = text.lines_at(offsets)
        if first and form is not None and not stack and len(text.parts) == 1 and len(head) >= _LONG_KEY:
            body = then_region(head)  # (a JAX export's head of 2 MB: its `}` alone sends it, not read again)
            if elide_weights(body) is body:  # (then its key is its head form's: :meth:`open_known`)
                op.known, op.long = (body, head_names), True
        op.isolated = self.sink.region(form, head_names, lines, first, text)
        return True

    def open_known(self, number: int, line: str, start: int, brace: int, form: Form, names: list[str]) -> None:
        """Line ``number`` is an op's head from ``start`` and, at ``brace``, its last character, the
        ``{`` of its first region, and the caller knows the head's form (read from its key) and names
        (refine's re-typed function header, :class:`.refine_replay.Replay`): open the region as
        :meth:`_open` does, without scanning the line; a ``}`` alone that closes it sends the op
        with that form and those names too. Only with nothing pending."""
        head = line[start:brace].rstrip()
        text = Text()
        text.add(Piece(number, start + 1, head))
        op = OpenOp(text, "", False, form)
        op.brace = (number, brace + 1)
        body = then_region(head)
        if elide_weights(body) is body:  # (then the op's key is its head form's; a long head's, as :meth:`_open`)
            op.known, op.long = (body, names), len(head) >= _LONG_KEY
        self.open.append(op)
        op.isolated = self.sink.region(form, list(names), [number] * len(names), True, text)

    def _head_form(self, head: str, stack: str) -> Form | None:
        """The form of an op's head (its text before its first region), for the values it
        defines for its regions: read as if its regions were empty."""
        closing = "".join({"(": ")", "[": "]", "<": ">", "{": "}"}[c] for c in reversed(stack))
        key = then_region(key_text(head)) + closing
        form = self.forms.get(key)
        if form is None:
            form = self.read(key)
            self.forms[key] = form
        return form if form.error is None else None  # (its statement is read when asked for)

    def _close(self, piece: Piece) -> Piece | None:
        """``}`` closes the innermost region; what follows it continues its op."""
        if not self.open:
            self.sink.unbalanced(piece.line, piece.column, "}")
            rest = piece.after(piece.start + 1)
            return rest if NON_SPACE.search(rest.source, rest.start, rest.stop) else None
        op = self.open.pop()
        self.sink.closed(piece.line)
        op.text.text = then_region(op.text.text)
        pending = Pending("tail", op, op.stack)
        self.pending = pending
        after = piece.after(piece.start + 1)
        if NON_SPACE.search(after.source, after.start, after.stop):
            return self._continue(pending, after)
        pending.complete = not op.stack
        return None

    def _whole(self, pending: Pending) -> bool:
        """Whether the reader takes the statement ``pending`` as it stands (asked only of a line after
        it that starts as no statement and no closer: a digit, a ``/``)."""
        key = key_text(elide_weights(pending.text.text).lstrip())
        form = self.forms.get(key) or self.read(key)
        statement = form.statement if pending.kind == "op" and form.error is None else None
        if statement is None:
            return False
        decl = form.decl  # (a custom form its op's parser rejects as it stands: `%0 = arith.constant`, then `1 : i32`)
        return decl is None or decl.assembly is None or statement.generic or decl.assembly.problem(statement) is None

    def _finish(self, pending: Pending) -> None:
        """A whole statement: read it and send it on."""
        self.pending = None
        text = pending.text
        if pending.kind == "alias":
            cut = _after_alias(text.text)
            if cut is not None:  # `#map = affine_map<...> func.func @f(...) {`: the next statement on its line
                self._cut(text, cut)
            self.sink.alias(text)
            return
        body = text.text
        if pending.kind != "tail" and not pending.split:
            inline = inline_region(body)
            if inline is not None:  # `func.func @f() { return }`: a region on one line
                self._split_inline(text, inline)
                return
        op = pending.op if pending.kind == "tail" else None
        if op is not None and op.known is not None and op.form is not None and op.known[0] == body:
            names = list(op.known[1])  # (:meth:`open_known`: its key and names are its head's)
            self.sink.statement(op.form, names, [text.line] * len(names) or [text.line], text, body, op.regions)
            return
        if pending.kind == "tail" and not body.endswith(REGION):
            body = without_location(body)  # `} loc(#loc)`: read as the op's head was, once
            if op is not None and op.long and op.form is not None and op.known is not None and op.known[0] == body:
                names = list(op.known[1])
                self.sink.statement(op.form, names, [text.line] * len(names) or [text.line], text, body, op.regions)
                return
        key = key_text(elide_weights(body).lstrip())  # (a frozen graph's weights: not in the key)
        form = self.forms.get(key)
        if form is None:
            form = self.read(key)
            if len(key) < _LONG_KEY:
                self.forms[key] = form
        if form.error is not None and pending.kind == "op":  # (not read: its statement is read when asked for)
            cut = second_statement(body)
            if cut is None:
                cut = _op_after_a_whole_op(body)
            if cut is not None:  # `... -> tensor<2xf32>  return %0 : ...`: two ops on one line
                self._split_at(text, cut)
                return
        elif pending.kind == "op" and type(form) is TwoOps:
            cut = _second_op(body)  # (read to its last type, and an op after it: :func:`.forms.trailing_op`)
            if cut is not None:  # `... -> tensor<2xf32>  return %0 : ...`: two ops on one line
                self._split_at(text, cut)
                return
        elif pending.kind == "tail" and (type(form) is TwoOps or form.error is not None):
            cut = _second_op(body) if form.error is None else _op_after_a_whole_op(body)
            if cut is not None:  # `}) : (T) -> T   return %0 : T`: an op after a region op's tail
                self._cut(text, cut)  # (in place: its regions are elided in it as they were)
                self._finish(pending)
                return
        offsets = name_offsets(body)
        statement_names = [body[a:b] for a, b in offsets]
        lines = text.lines_at(offsets)
        regions = pending.op.regions if pending.kind == "tail" and pending.op is not None else 0
        self.sink.statement(form, statement_names, lines or [text.line], text, body, regions)

    def _cut(self, text: Text, cut: int) -> None:
        """Keep ``text`` up to ``cut`` (in place); the pieces after it are taken next, before anything else."""
        for piece in _after(text, cut):
            self.queue.appendleft(piece)
        text.cut(len(text.text[:cut].rstrip()))

    def _split_at(self, text: Text, cut: int) -> None:
        """Send on the statement that ends before ``cut``; the pieces after it are taken
        next, before anything else."""
        head = Pending("op")
        for piece in _after(text, cut, head.text):
            self.queue.appendleft(piece)
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
