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
from itertools import islice

from broadcheck.engine.forms import ARGUMENT, RESULT, SUCCESSOR, USE, Form, read_form, synthesize
from broadcheck.engine.scan_brace import complete
from broadcheck.engine.scan_brace import name_offsets as _name_offsets
from broadcheck.engine.scan_pieces import OpenOp, PieceScanner
from broadcheck.engine.scan_text import Piece, Sink, Text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import WEIGHTS, elide_weights
from broadcheck.syntax.lines import (
    ROW,
    VALUE,
    blank,
    key_text,
    names,
    starts_on_its_own,
    strip_tail,
)

_LOCATION_ALIAS = lazy(r'[ \t]*#[\w$.\-]+ = loc\((?:[^()"\n]|"(?:[^"\\\n]|\\.)*+")*+\)[ \t\r]*$')
"""``#loc3 = loc("file.py":3:4)`` on one line (a nested location goes the long way)."""
_LOCATION = r'[ \t]*+#[\w$.\-]++ = loc\((?:[^()"\n]++|"(?:[^"\\\n]++|\\.)*+")*+\)[ \t\r]*+\n'
_LOCATION_ALIASES = lazy(f"(?:{_LOCATION})++")
"""The lines of :data:`_LOCATION_ALIAS` a block starts with, each with its line end, in one match (a
JAX export with debug locations starts with 17k of them, each a row of :meth:`Scanner._rows` else),
its runs of characters possessive (the same lines: 7 ms over the 17k, where one alternative a
character took 18)."""


LONG_KEY = 1 << 16
"""A line's key this long (a frozen graph's weights, written inline) is read and verified for its
line and not kept for the run: such a key is next to never seen twice, and keeping its form kept
about five copies of its literal (the key, the synthesized statement, the reader's items and
attributes) to the end of the run (issue 31's peak RSS)."""


BATCH = 256
"""Whole one-line statements sent on together (:meth:`.scan_text.Sink.statements`): at most this
many are held, their names with them."""


KEYED_TEXT = 1 << 15
"""A text this long may be read as keys (:meth:`Scanner._keyed`); a shorter one line by line."""

SAMPLE = 1 << 16
"""How much of a block (its end) tells whether its lines repeat, while that is undecided."""

SHORT = 1 << 10
"""A block is read as keys only if its lines are this long on average, or shorter."""

KEYED_LINE = 1 << 12
"""A line this long is never taken whole through its key (its form is read line by line)."""

SHAPES = 1 << 15
"""At most this many keys' shapes are kept for a file."""

YOUNG = 1 << 13
"""A form the fast pass read and took whole for a line is forgotten (let go from the forms) once
between this many and twice as many keys have been read after it, unless a line of its key came
back to the fast pass before (then it is kept for the run). Most keys of a file of distinct
statements are seen once (bench/gen2.py's 100k ops: 49k of 63k), and a form with its key is
about 300 bytes (issue 31's peak RSS); a key that comes back after it is forgotten is read
again (its verdict is the same pure function of its key). The fix stage reads the file again,
and the lines the check took whole need no form there (:attr:`Scanner.given`)."""

Shape = tuple[Form | None, int, bool, bool]
"""What every line of one key is to the scanner (:meth:`Scanner._shape`): its form if it is
whole by itself, else None; its count of names; whether it starts something new; whether it is blank."""

TAKEN = Form("", None, None, None)
"""The form of a line a scan before took whole and whose form it forgot (:attr:`Scanner.given`)."""
TAKEN.complete = True

_END: Shape = (None, 0, True, False)
"""After a block's last line: the text ends (what is before it may be whole)."""

_OPERANDS = tuple(", ".join(("%_",) * n) for n in range(16))
"""A fast row's operands as its key writes them, by their count (:func:`.forms.synthesize`)."""

_TOKEN = lazy(VALUE)
"""A value's name, as a key is written (``\\0``) and a key's line gives its names."""

_TOKEN_SPLIT = lazy(f"({VALUE})")
_LOC_REF = lazy(r"loc\(#[A-Za-z0-9_$.\-]+\)")
_STRING = lazy(r'"(?:[^"\\\n]++|\\.)*+"?')


def _keys(text: str) -> tuple[list[str], list[str]]:
    """The keys of the lines of ``text`` (each line with its names written ``\\0`` and its
    location aliases ``loc(\\1)``), and its names: one :data:`_TOKEN_SPLIT` over the text (the
    names are every second piece, a key the pieces between)."""
    parts = _TOKEN_SPLIT.split(text)
    tokens = parts[1::2]
    keyed = "\0".join(parts[0::2])
    del parts
    if "loc(#" in keyed:
        keyed = _LOC_REF.sub("loc(\1)", keyed)
    keys = keyed.split("\n")
    if text.endswith("\n"):
        keys.pop()
    return keys, tokens


class Scanner:
    """Feeds whole lines, in order, to a :class:`Sink` as statements."""

    def __init__(self, sink: Sink, forms: dict[object, Form], read: Callable[[str], Form] = read_form) -> None:
        self.sink = sink
        self.forms = forms
        self.read = read
        self.pieces = PieceScanner(sink, forms, read)
        """The slow path, for every line the fast pass does not take whole."""
        self.keyed: bool | None = None
        """Whether a block is read as keys (:meth:`_keyed`): None, undecided (the next block tells)."""
        self.shapes: dict[str, Shape] = {}
        """The :data:`Shape` of each key read so far (:meth:`_keyed`)."""
        self.young: dict[str, Form] = {}
        """The forms the fast pass read and took whole whose keys it has not seen again, oldest
        first (:data:`YOUNG`)."""
        self.taken = bytearray()
        """A bit for each line the fast pass took whole with a form it read for it, one it may
        forget (bit ``n & 7`` of byte ``n >> 3`` for line ``n``): a line whose form it found is
        one whose key it has seen again, and such a form is kept."""
        self.given: bytearray | None = None
        """:attr:`taken` of a scan of the same text before (the check's, for the fix stage's scan):
        a line taken whole there whose form was forgotten (:data:`YOUNG`) is taken whole again,
        with :data:`TAKEN` for its form (a sink that asks only for the lines of such rows: the
        fix stage's collector), not read again."""
        self.statements: Callable[[list[tuple[Form, list[str], int]]], None] | None = getattr(sink, "statements", None)
        """The sink's rows of whole one-line statements; None: it takes them one by one
        (:meth:`_one_by_one`, bound in :meth:`block`: kept here it would make a cycle, and refine
        reads with the collector off)."""

    def block(self, text: str, first_line: int) -> int:
        """Scan the whole lines of ``text`` (the first is ``first_line``); the next line's number."""
        if text[:1] == "#" and self.pieces.pending is None and not self.pieces.open:
            line_end = text.find("\n")
            if text.find(" = loc(", 0, len(text) if line_end < 0 else line_end) > 0:  # (not `#map = ...`)
                aliases = _LOCATION_ALIASES.match(text)  # (each a line :meth:`_rows` passes over)
                if aliases is not None:
                    first_line += text.count("\n", 0, aliases.end())
                    text = text[aliases.end() :]
                    if not text:
                        return first_line
        keyed = self.keyed
        if keyed is not False and len(text) >= KEYED_TEXT:
            if not keyed:  # (undecided: do the block's last lines repeat?)
                at = text.find("\n", max(len(text) - SAMPLE, 0))
                sample = _keys(text[at + 1 :])[0] if at >= 0 else []
                if len(sample) >= 64:
                    keyed = self.keyed = len(set(sample)) * 4 <= len(sample)
            if keyed and "\0" not in text and "\1" not in text:  # (what keys are written with)
                keys, tokens = _keys(text)
                lines = len(keys) - (not text.endswith("\n"))  # (its line ends: counted by the split, not again)
                if lines * SHORT >= len(text):  # (not a frozen graph's lines of weights)
                    return self._keyed(text, first_line, keys, tokens)
                del keys, tokens
        forms = self.forms
        known = len(forms)
        after = self._rows(text, first_line)
        if len(forms) - known < (after - first_line) // 8 and after - first_line >= 256:
            self.keyed = None  # its lines repeat: the next block is asked
        return after

    def _keyed(self, text: str, first_line: int, keys: list[str], tokens: list[str]) -> int:
        """:meth:`block` over lines that repeat, each ``keys[i]`` the line with its names written
        ``\\0`` and its location aliases ``loc(\\1)``: a key seen before gives the line's
        :data:`Shape` with no Python step over its text, and the line's names are the next
        :data:`_TOKEN` matches of the block. The lines a shape does not take whole go
        (consecutive ones together) through :meth:`_rows`."""
        memo = self.shapes
        count = len(keys)
        found = list(map(memo.get, keys))
        made = 0
        if None in found:  # the keys not seen before, each read from its first line
            first = dict(zip(reversed(keys), range(count - 1, -1, -1), strict=True))
            extra: dict[str, Shape] = {}  # (too long to keep, or too many)
            at_row, at = 0, 0  # the start of line `at_row` in `text`
            for i in sorted(i for key, i in first.items() if key not in memo):
                while at_row < i:
                    at = text.find("\n", at) + 1
                    at_row += 1
                end = text.find("\n", at)
                key = keys[i]
                shape = self._shape(key, text[at : len(text) if end < 0 else end])
                made += 1
                if len(memo) < SHAPES and len(key) < KEYED_LINE:
                    memo[key] = shape
                else:
                    extra[key] = shape
            del first
            found = list(map((memo | extra).get if extra else memo.get, keys))
        shapes: list[Shape] = found  # type: ignore[assignment]  # (every key's shape is known now)
        self.keyed = True if made * 4 <= count else None  # (many new keys: the next block is asked again)
        del keys
        shapes.append(_END)
        pieces = self.pieces
        labels = pieces.labels
        rows_sent = self.statements or self._one_by_one
        batch: list[tuple[Form, list[str], int]] = []
        quiet = pieces.pending is None and labels.text is None  # (the slow path holds nothing)
        held = -1  # the first of the lines held for :meth:`_rows` (-1: none)
        at_row, at = 0, 0
        p = 0  # the names of the lines before this one
        for i in range(count):
            shape = shapes[i]
            form = shape[0]
            if form is not None:
                if held >= 0:  # the lines held go first
                    if batch:
                        rows_sent(batch)
                        batch = []
                    while at_row < held:
                        at = text.find("\n", at) + 1
                        at_row += 1
                    start = at
                    while at_row < i:
                        at = text.find("\n", at) + 1
                        at_row += 1
                    self._rows(text[start:at], first_line + held)
                    held = -1
                    quiet = pieces.pending is None and labels.text is None
                if not quiet and (pending := pieces.pending) is not None and pending.brace >= 0:
                    # (a header's `{`: this line tells, as in :meth:`_rows`; nothing is pending while quiet)
                    while at_row < i:
                        at = text.find("\n", at) + 1
                        at_row += 1
                    end = text.find("\n", at)
                    pieces.follows(first_line + i, text, at, len(text) if end < 0 else end)
                    quiet = pieces.pending is None and labels.text is None
                if quiet:
                    after = shapes[i + 1]  # the next line that is not blank
                    if after[3]:
                        following = i + 2
                        while after[3]:
                            after = shapes[following]
                            following += 1
                    if after[2]:
                        n = shape[1]
                        batch.append((form, tokens[p : p + n], first_line + i))
                        p += n
                        if len(batch) >= BATCH:
                            rows_sent(batch)
                            batch = []
                        continue
            if held < 0:
                held = i
            p += shape[1]
        if batch:
            rows_sent(batch)
        if held >= 0:
            while at_row < held:
                at = text.find("\n", at) + 1
                at_row += 1
            self._rows(text[at:], first_line + held)
        return first_line + count

    def _shape(self, key: str, line: str) -> Shape:
        """What :meth:`_rows` makes of ``line`` (whose key is ``key``) that holds for every line of
        that key: its form if the line is whole and its names are all of its :data:`_TOKEN`
        matches (else None), how many those are, whether it starts something new, whether it is blank."""
        row = ROW.match(line)
        results, generic, gops, custom, cops, rest, other = row.groups("") if row is not None else ("",) * 7
        op = bool(generic or custom)
        shape: Shape = (None, key.count("\0"), op or starts_on_its_own(other), not op and blank(other))
        if (
            not op
            or (rest[-1:] == "{" and "//" not in rest)
            or len(line) >= KEYED_LINE
            or ('"' in key and any("\0" in s or "\1" in s for s in _STRING.findall(key)))
        ):
            return shape
        if "//" in rest or rest.endswith(")"):
            rest = strip_tail(rest)
        operands = gops or cops.lstrip()
        count_operands = operands.count(",") + 1 if operands else 0
        result_key = ("%_" if "," not in results and ":" not in results else key_text(results)) if results else ""
        rest_key = key_text(rest) if "%" in rest else rest
        if "\1" in key and "loc(#" in rest_key:
            return shape  # (a location alias's name in the key)
        form_key = synthesize(result_key, generic, custom, count_operands, rest_key)
        form = self.forms.get(form_key)
        if form is None:
            form = self.read(form_key)
            if form.complete is None:  # (not a fast reader's: :attr:`.forms.Form.plain`)
                form.complete = complete(form_key)
            self.forms[form_key] = form
            if not form.complete:
                form.release()  # (no line of its key is taken whole: its statement is not asked for)
        elif form.complete is None:  # (read by the slow path, whose key is the same text)
            form.complete = complete(form_key)
        if not form.complete or form.error is not None:
            return shape
        row_names = results.split(", ") if results and ":" not in results else names(results) if results else []
        if operands:
            row_names += operands.split(", ") if " " in operands or "," not in operands else names(operands)
        if "%" in rest:
            row_names += names(rest)
        if row_names != _TOKEN.findall(line):
            return shape
        return (form, shape[1], shape[2], shape[3])

    def _rows(self, text: str, first_line: int) -> int:
        """:meth:`block` line by line: each line cut by :data:`ROW`, its key built from its pieces."""
        rows = ROW.findall(text)
        if text.endswith("\n"):
            rows.pop()  # the empty match after the final newline
        forms, read, pieces = self.forms, self.read, self.pieces
        young, taken, given = self.young, self.taken, self.given
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
            if pending is not None and pending.brace >= 0 and (generic or custom):
                while at_row < i:  # (a header's line-ending `{` before it: this line tells, as the slow path's would)
                    at = text.find("\n", at) + 1
                    at_row += 1
                end = text.find("\n", at)
                pieces.follows(number, text, at, len(text) if end < 0 else end)
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
                if ("/" in rest and "//" in rest) or rest.endswith(")"):  # (`/` in memchr: a frozen graph's weights)
                    rest = strip_tail(rest)
                operands = gops or cops.lstrip()
                count_operands = operands.count(",") + 1 if operands else 0
                if results:
                    result_key = "%_" if "," not in results and ":" not in results else key_text(results)
                else:
                    result_key = ""
                rest_key = key_text(rest) if "%" in rest else rest
                if len(rest_key) >= WEIGHTS and (
                    (generic == "tf.Const" and rest_key.startswith(" <{"))
                    or (custom == "tf_executor.island" and rest_key.startswith(' wraps "tf.Const"()'))
                ):
                    rest_key = elide_weights(rest_key, rest=True)  # (a frozen graph's weights: not in the key)
                    if "%" not in rest:  # (nor in the row: the line is cut from `text` if the slow path takes it)
                        rows[i], rest = (), ""
                head = f"{result_key} = " if result_key else ""  # (the key: :func:`.forms.synthesize`)
                uses = _OPERANDS[count_operands] if count_operands < 16 else ", ".join(("%_",) * count_operands)
                if generic:
                    key = f'{head}"{generic}"({uses}){rest_key}'
                elif count_operands:
                    key = f"{head}{custom} {uses}{rest_key}"
                else:
                    key = f"{head}{custom}{rest_key}"
                form = forms.get(key)
                fresh = form is None
                if form is not None:
                    if form.complete is None:  # (read by the slow path, whose key is the same text)
                        form.complete = complete(key)
                    if young:
                        young.pop(key, None)  # (its key came back: kept)
                elif given is not None and number >> 3 < len(given) and given[number >> 3] >> (number & 7) & 1:
                    form, fresh = TAKEN, False  # (forgotten; the scan before took this line whole)
                else:
                    form = read(key)
                    if form.complete is None:  # (not a fast reader's: :attr:`.forms.Form.plain`)
                        form.complete = complete(key)
                    if len(rest_key) < LONG_KEY:
                        forms[key] = form
                    else:
                        fresh = False
                    if not form.complete:
                        form.release()  # (no line of its key is taken whole: its statement is not asked for)
                following = i + 1
                after = rows[following] if following < count else None  # the next row that is not blank
                while after is not None and not (after[1] or after[3]) and blank(after[6]):
                    following += 1  # blank and comment lines continue nothing
                    after = rows[following] if following < count else None
                if (
                    form.complete
                    and form.error is None  # (read: its statement may have been let go, see Form.release)
                    and (after is None or after[1] or after[3] or starts_on_its_own(after[6]))
                ):
                    row_names = results.split(", ") if results and ":" not in results else (
                        names(results) if results else [])  # fmt: skip
                    if operands:
                        row_names += operands.split(", ") if " " in operands or "," not in operands else names(operands)
                    if "%" in rest:
                        row_names += names(rest)
                    batch.append((form, row_names, number))
                    if fresh and type(form) is Form:  # (only such a form is forgotten: its line is marked)
                        if number >> 3 >= len(taken):
                            taken.extend(bytes((number >> 3) + 64))  # (at least doubled, past this line's byte)
                        taken[number >> 3] |= 1 << (number & 7)
                        young[key] = form
                        if len(young) >= 2 * YOUNG:
                            self._forget()
                    if len(rest) >= LONG_KEY or len(rest_key) >= LONG_KEY:  # (a literal of megabytes)
                        rows[i] = ()  # (cut, as the slow path cuts it: checked now, its copies let go)
                        rest = rest_key = key = ""
                        rows_sent(batch)
                        batch = []
                    elif len(batch) >= BATCH:
                        rows_sent(batch)
                        batch = []
                    continue
                form.release()  # (the next line goes on: the slow path reads the statement under its own key)
            if batch:  # (what the slow path reads comes after them)
                rows_sent(batch)
                batch = []
            if other and pieces.pending is None and not pieces.open and _LOCATION_ALIAS.match(other):
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

    def _forget(self) -> None:
        """Let go the older half of :attr:`young` from the forms (:data:`YOUNG`)."""
        young, forms = self.young, self.forms
        for key, form in list(islice(young.items(), YOUNG)):
            del young[key]
            if forms.get(key) is form:
                del forms[key]

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
