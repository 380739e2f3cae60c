"""Stage *scan*: a module's lines in, its statements out, in MLIR's nesting.

Most lines are one whole op (``%3 = stablehlo.add %1, %2 : tensor<4xf32>``): the fast
pass here reads a block's lines in one regular-expression pass (:data:`broadcheck.syntax.lines.ROW`)
and each line's key picks its :class:`~.forms.Form`. The rest (statements over several lines,
regions, block labels, aliases) go to the slow path, a state machine over pieces of lines
(:mod:`.scan_pieces`, with :mod:`.scan_labels` and :mod:`.scan_brace`).

Each statement, read, goes to value flow (:mod:`.flow`) and, when its op is checked, to
the checks (:mod:`.verify`), through a :class:`~.scan_text.Sink`. The scanner's own state is
the forms read so far (keyed by a line's key); the slow path keeps the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.engine.forms import ARGUMENT, RESULT, SUCCESSOR, USE, Form, read_form, synthesize
from broadcheck.engine.scan_brace import complete
from broadcheck.engine.scan_brace import name_offsets as _name_offsets
from broadcheck.engine.scan_pieces import OpenOp, PieceScanner
from broadcheck.engine.scan_text import Piece, Sink, Text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import WEIGHTS, elide_weights
from broadcheck.syntax.lines import ROW, blank, key_text, names, starts_statement, strip_tail

_LOCATION_ALIAS = lazy(r'[ \t]*#[\w$.\-]+ = loc\((?:[^()"\n]|"(?:[^"\\\n]|\\.)*+")*+\)[ \t\r]*$')
"""``#loc3 = loc("file.py":3:4)`` on one line (a nested location goes the long way)."""


LONG_KEY = 1 << 16
"""A line's key this long (a frozen graph's weights, written inline) is read and verified for its
line and not kept for the run: such a key is next to never seen twice, and keeping its form kept
about five copies of its literal (the key, the synthesized statement, the reader's items and
attributes) to the end of the run (issue 31's peak RSS)."""


BATCH = 256
"""Whole one-line statements sent on together (:meth:`.scan_text.Sink.statements`): at most this
many are held, their names with them."""


class Scanner:
    """Feeds whole lines, in order, to a :class:`Sink` as statements."""

    def __init__(self, sink: Sink, forms: dict[object, Form], read: Callable[[str], Form] = read_form) -> None:
        self.sink = sink
        self.forms = forms
        self.read = read
        self.pieces = PieceScanner(sink, forms, read)
        """The slow path, for every line the fast pass does not take whole."""
        self.statements: Callable[[list[tuple[Form, list[str], int]]], None] | None = getattr(sink, "statements", None)
        """The sink's rows of whole one-line statements; None: it takes them one by one
        (:meth:`_one_by_one`, bound in :meth:`block`: kept here it would make a cycle, and refine
        reads with the collector off)."""

    def block(self, text: str, first_line: int) -> int:
        """Scan the whole lines of ``text`` (the first is ``first_line``); the next line's number."""
        rows = ROW.findall(text)
        if text.endswith("\n"):
            rows.pop()  # the empty match after the final newline
        forms, read, pieces = self.forms, self.read, self.pieces
        labels = pieces.labels
        rows_sent = self.statements or self._one_by_one
        batch: list[tuple[Form, list[str], int]] = []  # whole one-line statements, sent on in a row
        count = len(rows)
        number = first_line - 1
        at_row, at = 0, 0  # the start of row `at_row` in `text` (a line is cut when the slow path takes it)
        for i in range(count):  # (not enumerate: its pair would keep a row let go below)
            results, generic, gops, custom, cops, rest, other = rows[i]
            number += 1
            pending = pieces.pending
            if pending is not None and pending.complete and (generic or custom) and not pieces.queue:
                if batch:
                    rows_sent(batch)
                    batch = []
                pieces.finish(pending)  # an op starts here: the statement before it is whole
                pending = pieces.pending  # (the one finished goes: a line of it may be a literal of megabytes)
            if (
                pending is None
                and labels.text is None
                and (generic or custom)
                and (rest[-1:] != "{" or "//" in rest)  # (a line whose `{` opens a region is never whole)
            ):
                if "//" in rest or rest.endswith(")"):
                    rest = strip_tail(rest)
                operands = gops or cops.lstrip()
                count_operands = operands.count(",") + 1 if operands else 0
                if results:
                    result_key = "%_" if "," not in results and ":" not in results else key_text(results)
                else:
                    result_key = ""
                rest_key = key_text(rest) if "%" in rest else rest
                if len(rest_key) >= WEIGHTS and (
                    (generic == "tf.Const" and rest_key.startswith("()"))
                    or (custom == "tf_executor.island" and rest_key.startswith(' wraps "tf.Const"()'))
                ):
                    rest_key = elide_weights(rest_key, rest=True)  # (a frozen graph's weights: not in the key)
                    if "%" not in rest:  # (nor in the row: the line is cut from `text` if the slow path takes it)
                        rows[i], rest = (), ""
                key = (result_key, generic, custom, count_operands, rest_key)
                form = forms.get(key)
                if form is None:
                    form = read(synthesize(result_key, generic, custom, count_operands, rest_key))
                    form.complete = form.plain or complete(form.key)
                    if len(rest_key) < LONG_KEY:
                        forms[form.keyed(key)] = form
                following = i + 1
                after = rows[following] if following < count else None  # the next row that is not blank
                while after is not None and not (after[1] or after[3]) and blank(after[6]):
                    following += 1  # blank and comment lines continue nothing
                    after = rows[following] if following < count else None
                if (
                    form.complete
                    and form.error is None  # (read: its statement may have been let go, see Form.release)
                    and (after is None or after[1] or after[3] or starts_statement(after[6]))
                ):
                    row_names = results.split(", ") if results and ":" not in results else (
                        names(results) if results else [])  # fmt: skip
                    if operands:
                        row_names += operands.split(", ") if " " in operands or "," not in operands else names(operands)
                    if "%" in rest:
                        row_names += names(rest)
                    batch.append((form, row_names, number))
                    if len(batch) >= BATCH:
                        rows_sent(batch)
                        batch = []
                    continue
            if batch:  # (what the slow path reads comes after them)
                rows_sent(batch)
                batch = []
            if other and pieces.pending is None and _LOCATION_ALIAS.match(other):
                continue  # `#loc12 = loc("...")`: a location's alias, nothing to check
            if len(rest) >= LONG_KEY:  # the slow path cuts the line from `text`: the row's copies go
                rows[i] = ()
                rest = rest_key = ""
            while at_row < i:
                at = text.find("\n", at) + 1
                at_row += 1
            end = text.find("\n", at)
            stop = len(text) if end < 0 else end
            if stop - at >= LONG_KEY:  # (a literal of megabytes: the piece is the line's place in `text`)
                pieces.line(number, text, at, stop)
            else:
                pieces.line(number, text[at:stop])
        if batch:
            rows_sent(batch)
        return number + 1

    def _one_by_one(self, batch: list[tuple[Form, list[str], int]]) -> None:
        """A sink without :meth:`~.scan_text.Sink.statements` takes a row of statements one by one."""
        for form, row_names, line in batch:
            self.sink.statement(form, row_names, [line], None, "")

    def line(self, number: int, text: str) -> None:
        """One whole line."""
        self.pieces.line(number, text)

    def end(self) -> None:
        """The end of the module (file or split chunk)."""
        self.pieces.end()


__all__ = ["ARGUMENT", "RESULT", "SUCCESSOR", "USE", "OpenOp", "Piece", "Scanner", "Sink", "Text", "_name_offsets"]
