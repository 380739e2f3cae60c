"""Stages *read* and *split*: blocks of the file in, modules of whole lines to the scanner out.

A file comes in blocks (the runner's 1 MB, the tests' few characters); a :class:`Reader`
holds back a line cut at a block's end, cuts the text at ``--split-input-file`` markers
(each chunk is a module of its own, ended through ``end_module``), and hands each segment
of whole lines to the scanner (:mod:`.scan`). On the way it keeps the lines that
suppressions and ``--verify-diagnostics`` annotations need (:attr:`Reader.marked`), and blanks
for the scanner the lines of a file's metadata (``{-#`` ... ``#-}``), which hold no op.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from broadcheck.diagnostics import Diagnostic
from broadcheck.engine.findings import Findings
from broadcheck.engine.options import Options
from broadcheck.engine.scan import Scanner
from broadcheck.ops import Span
from broadcheck.syntax.lazyre import lazy
from broadcheck.text import split_marker, split_probe

_META_OPEN = lazy(r"[ \t]*\{-#[ \t]*\r?")
"""The line that opens a file's metadata dictionary (``{-#``), alone on its line as MLIR prints it."""
_META_KEY = r'(?:[A-Za-z_][\w$.\-]*+|"[^"\\\n]*+")[ \t]*+:[ \t]*+'
_META_LINE = lazy(
    r"[ \t]*+(?:"
    + _META_KEY
    + r'(?:\{(?:[ \t]*+\})?|"[^"\\\n]*+"|true|false|-?[0-9]++)[ \t]*+,?|\}[ \t]*+,?)?[ \t]*+\r?'
)
"""A line of a metadata dictionary's entries, without its line end: ``dialect_resources: {``,
``builtin: {``, a resource ``name: "0x0400..."`` (a torch-mlir export's weights, megabytes a
line), ``}``, or blank."""
_META_STRING = lazy(r"[ \t]*+" + _META_KEY + '"')
"""A long line's start, up to its value's opening quote (:func:`_entries`)."""
_META_AFTER = lazy(r"[ \t]*+,?[ \t]*+\r?")
"""What may follow a value's closing quote on its line."""
_META_CLOSE = lazy(r"[ \t]*#-\}[ \t]*\r?(?:\n|$)")
"""The line that closes it (``#-}``)."""
_BLANK = lazy(r"\s*+")
"""Blank text (what may follow the dictionary that ends a module), matched where it is, not copied."""
_LONG = 256
"""A line of a dictionary longer than this is read by :func:`_long_entry`, its string by ``str.find``."""
_WALK = 64
"""How many blank lines at a text's end :func:`_may_end_in_metadata` passes over."""
HOLD = 1 << 25
"""A file metadata dictionary still open at a block's end is held back until it closes, this
long at most (its lines are blank to the scanner only once the whole of it is known to be of
the shape :func:`_metadata` reads; a longer one is scanned as it comes)."""


class Reader:
    """Reads one file's blocks, in order, into the scanner."""

    def __init__(
        self, options: Options, scanner: Scanner, findings: Findings, end_module: Callable[[], None], chunks: list[int]
    ) -> None:
        self.options = options
        self.scanner = scanner
        self.findings = findings
        self.end_module = end_module
        self.next_line = 1
        self.chunks = chunks
        """The first line of each ``--split-input-file`` chunk (``[1]`` to start with; the structure's too)."""
        self.marked: list[tuple[int, str]] = []
        """The lines that hold suppressions (and annotations), with their numbers."""
        self.carry = ""
        self.top = True
        """Whether the text read so far ends at the top level, as :func:`_metadata` tells it."""
        self._segment_end = 0
        """The last line of the segment being read (-1: not counted yet, :attr:`segment_end`)."""
        self._scanning: tuple[str, int] = ("", 1)
        """The segment being scanned and its first line, while its line ends are not counted."""
        self.segment_ending = "\n"
        """The line end the segment being read ends with (``"\\n"``, ``"\\r\\n"``), or ``""``."""
        self._metadata_line: int | None = None
        """The line of the ``{-#`` of the file metadata dictionary the module ends with, if it
        was left out of the scan (:meth:`_without_metadata`); -1: not counted yet
        (:attr:`metadata_line`)."""
        self._metadata_at = (0, 0)
        """Where that ``{-#`` line starts in the segment being scanned, and the line ends from there on."""

    @property
    def block_line(self) -> int:
        """The number of the first line of the next block fed."""
        return self.next_line + self.carry.count("\n")

    def feed(self, block: str | list[str], final: bool) -> None:
        """Read one more block of the file (blocks end at line ends, but the last). A block given
        in a list is taken out of it, so that once the text is cut nothing else holds the block:
        a frozen graph's line of 10 MB is not held twice while it is checked (issue 31's peak RSS)."""
        if isinstance(block, list):
            block = block.pop()
        text = self.carry + block
        block = ""
        if not final:  # the last line waits for the next block: it may go on there
            cut = text.rfind("\n", 0, len(text) - 1) + 1 if not text.endswith("\n") else text.rfind("\n", 0, -1) + 1
            text, self.carry = text[:cut], text[cut:]
            found = _metadata(text, self.top) if _may_end_in_metadata(text) and _holds_meta_open(text) else None
            if found is not None and len(text) - found[0] + len(self.carry) <= HOLD:
                held = found[0]
                text, self.carry = text[:held], text[held:] + self.carry  # (see HOLD)
        else:
            self.carry = ""
        if not text:
            if final:
                self._end()
            return
        self._mark(text)
        marker = self.options.split_marker
        start, first = 0, self.next_line
        if marker is not None and split_probe(marker) in text:
            for number, offset, after in self._markers(text, marker):
                self._segment(text[start:offset], first, True)
                self._end()
                start, first = after, number + 1
                self.chunks.append(first)
        self.next_line = self._segment(text[start:], first, final)  # (the scanner counts its lines)
        if final:
            self._end()

    def _end(self) -> None:
        self.top = True
        self.end_module()
        self._metadata_line = None

    @property
    def metadata_line(self) -> int | None:
        """The line of the ``{-#`` of the file metadata dictionary the module ends with, if it was
        left out of the scan (counted here only if asked for while the scanner reads the segment:
        :meth:`_segment` counts it from the scanner's count of lines)."""
        if self._metadata_line == -1:
            text, first = self._scanning
            self._metadata_line = first + text.count("\n", 0, self._metadata_at[0])
        return self._metadata_line

    def module_end(self) -> tuple[int, str | None]:
        """Where the module being read ends, as MLIR's parser meets its end: the ``{-#`` of the
        file metadata dictionary it ends with (a token at the start of that line: ``None``), or
        the end of the file or chunk, after its last line (with the line end that ends it, or
        ``""``)."""
        if self.metadata_line is not None:
            return self.metadata_line, None
        return self.segment_end, self.segment_ending

    @property
    def segment_end(self) -> int:
        """The last line of the segment being read (counted here only if asked for while the
        scanner reads it: :meth:`_segment`)."""
        if self._segment_end < 0:
            text, first = self._scanning
            self._segment_end = first + text.count("\n") - (1 if self.segment_ending else 0)
        return self._segment_end

    def _mark(self, text: str) -> None:
        """Keep the lines suppressions (and ``--verify-diagnostics``' annotations) need."""
        needles = ("broadcheck:", "expected-") if self.options.verify_diagnostics else ("broadcheck:",)
        for number, _, line in _lines_at(text, needles, self.next_line):
            self.marked.append((number, line))

    def _markers(self, text: str, marker: str) -> list[tuple[int, int, int]]:
        """The split markers of ``text``: (line, offset of the line, offset after it); and
        mlir-opt's near misses (BC905), located where it puts them."""
        found = []
        for number, offset, line in _lines_at(text, (split_probe(marker),), self.next_line):
            kind = split_marker(line, marker)
            if kind is None:
                continue
            if kind[0]:
                end = text.find("\n", offset)
                found.append((number, offset, end + 1 if end >= 0 else len(text)))
            else:
                from broadcheck.messages import RULES  # the catalogue: only for a diagnostic

                rule = RULES["BC905"]
                span = Span(number, kind[1], number, kind[1] + 1)
                findings = self.findings
                findings.diagnostics.append(Diagnostic(rule.code, rule.severity, rule.format(), findings.path, span))
                findings.lines[number] = line
        return found

    def _segment(self, text: str, first: int, last: bool) -> int:
        """Hand ``text`` (whole lines, the first ``first``) to the scanner; ``last``: the module
        (the file or a split chunk) ends with it. The number of the line after it: the scanner's
        count of its lines (a pass of ``str.count`` over each block, 5 ms over a frozen graph's
        13 MB, is made only if a diagnostic asks where the module ends while it is scanned)."""
        self.segment_ending = "\r\n" if text.endswith("\r\n") else "\n" if text.endswith("\n") else ""
        if not text:
            self._segment_end = first
            return first
        self._segment_end, self._scanning = -1, (text, first)
        self.findings.segment(text, first)
        ends = last and _may_end_in_metadata(text) and _holds_meta_open(text)
        scanned = self._without_metadata(text, first) if ends else text
        after = self.scanner.block(scanned, first)
        del scanned
        self._segment_end, self._scanning = after - 1, ("", first)  # (its last line; the text let go)
        if self._metadata_line == -1:  # (the line ends before the dictionary: all of them but its own)
            self._metadata_line = after - (0 if self.segment_ending else 1) - self._metadata_at[1]
        self.top = _after_top(text, len(text), self.top)
        return after

    def _without_metadata(self, text: str, first: int) -> str:
        """``text`` (the end of a module) with the file metadata dictionary it ends with blank, if
        :func:`_metadata` finds one (nothing in it is an op, and the scanner would read each of its
        lines: a torch-mlir export's resources are megabytes of hexadecimal, half of its check)."""
        found = _metadata(text, self.top)
        if found is None or not found[1]:  # (not closed: the end of the text came first)
            return text
        start = found[0]
        ends = _line_ends(text, start)
        self._metadata_line, self._metadata_at = -1, (start, ends)  # (its line: counted by the scanner)
        return text[:start] + "\n" * ends + ("" if text.endswith("\n") else " ")


def _line_ends(text: str, start: int) -> int:
    """``text.count("\\n", start)``: a metadata dictionary's lines found by ``str.find``
    (``memchr``) where they are few and long (a torch-mlir export's resources: megabytes of
    hexadecimal in a few dozen lines, which ``str.count`` steps through one by one), by
    ``str.count`` past the first 64."""
    count, at = 0, start
    while count < 64:
        at = text.find("\n", at) + 1
        if not at:
            return count
        count += 1
    return count + text.count("\n", at)


def _may_end_in_metadata(text: str) -> bool:
    """Whether ``text`` may end with a file metadata dictionary, or within one, as :func:`_metadata`
    finds it, told from its last line that is not blank: one that is no line of entries
    (:data:`_META_LINE`; a long line may be one) and holds neither ``#-}`` nor ``{-#`` ends no
    dictionary, and the text is not searched for ``{-#`` (a file with debug locations holds ``#``
    on every line, and the search stepped through each of its blocks: 29 ms over a 42 MB export).
    Otherwise the search says, as it did."""
    stop = len(text) - 1 if text.endswith("\n") else len(text)
    for _ in range(_WALK):  # (blank lines passed over)
        start = text.rfind("\n", 0, stop) + 1
        if _BLANK.fullmatch(text, start, stop) is None:
            return (
                stop - start > _LONG
                or _META_LINE.fullmatch(text, start, stop) is not None
                or text.find("{-#", start, stop) >= 0
                or text.find("#-}", start, stop) >= 0
            )
        if not start:
            return True
        stop = start - 1
    return True


def _holds_meta_open(text: str) -> bool:
    """Whether ``text`` holds ``{-#``: its ``#`` looked for first, in ``memchr`` (a frozen graph's
    13 MB of weights hold none: 0.3 ms, where the search for the three characters is 8 ms)."""
    return "#" in text and "{-#" in text


def _metadata(text: str, top: bool) -> tuple[int, bool] | None:
    """Where the file metadata dictionary ``text`` ends with starts, if it ends with one (blank
    lines apart), or within one, and whether it is closed: ``{-#`` alone on its line, at the top
    level; each line after it an entry, an entry's opening or closing, or blank; then ``#-}`` alone
    on its line (or the end of ``text``). At the top level, as MLIR prints it: after a line that
    starts with ``}`` (a module's or a function's end) or ``#-}``, blank lines apart, or at the
    start (``top``: whether the text before ``text`` ended so). Any other (on one line, holding
    other text, after it more text, in an op) is read as it is."""
    at, size = 0, len(text)
    while (found := text.find("{-#", at)) >= 0:
        start = text.rfind("\n", 0, found) + 1
        stop = text.find("\n", found)
        stop = size if stop < 0 else stop
        if start < at or _META_OPEN.fullmatch(text, start, stop) is None:
            at = found + 3
            continue
        end = _entries(text, min(stop + 1, size))
        close = _META_CLOSE.match(text, end)
        if close is not None:
            end = close.end()
        if _BLANK.fullmatch(text, end) is not None and (close is not None or end >= size):
            return (start, close is not None) if _after_top(text, start, top) else None
        at = end + 1
    return None


def _entries(text: str, at: int) -> int:
    """Where the lines of a metadata dictionary's entries (:data:`_META_LINE`, each with its line
    end) that start at ``at`` end. A long line's string is passed over by ``str.find`` (``memchr``):
    a pattern stepped through a torch-mlir export's megabytes of weights one character at a time
    (each block of the file again while the dictionary was open: 40% of ``encoder.linalg``'s run)."""
    size = len(text)
    while at < size:
        stop = text.find("\n", at)
        if stop < 0:
            return at  # (a last line without its line end is not one)
        if stop - at <= _LONG:
            if _META_LINE.fullmatch(text, at, stop) is None:
                return at
        elif not _long_entry(text, at, stop):
            return at
        at = stop + 1
    return at


def _long_entry(text: str, start: int, stop: int) -> bool:
    """Whether ``text[start:stop]``, a long line, is one of :data:`_META_LINE`: a key and a string
    (``name: "0x0400..."``), its string found by ``str.find``, or any other line by the pattern."""
    head = _META_STRING.match(text, start, stop)
    if head is None:
        return _META_LINE.fullmatch(text, start, stop) is not None
    closing = text.find('"', head.end(), stop)
    return (
        closing >= 0
        and text.find("\\", head.end(), closing) < 0
        and _META_AFTER.fullmatch(text, closing + 1, stop) is not None
    )


def _after_top(text: str, end: int, top: bool) -> bool:
    """Whether ``text[:end]`` ends at the top level as :func:`_metadata` tells it: its last line
    not blank starts with ``}`` or ``#-}``; ``top`` if every line is blank."""
    window = max(0, end - 4096)
    end = window + len(text[window:end].rstrip())
    if end == window and window:  # (a long run of blanks)
        end = len(text[:window].rstrip())
    return text.startswith(("}", "#-}"), text.rfind("\n", 0, end) + 1) if end else top


def _lines_at(text: str, needles: tuple[str, ...], first: int) -> list[tuple[int, int, str]]:
    """(number, offset, line) of the lines of ``text`` holding any of ``needles``."""
    hits = sorted({m for needle in needles for m in _find_all(text, needle)})
    out: list[tuple[int, int, str]] = []
    last = -1
    number, counted = first, 0
    for pos in hits:
        start = text.rfind("\n", 0, pos) + 1
        if start == last:
            continue
        last = start
        number += text.count("\n", counted, start)
        counted = start
        end = text.find("\n", pos)
        out.append((number, start, text[start : end if end >= 0 else len(text)].removesuffix("\r")))
    return out


def _find_all(text: str, needle: str) -> Iterable[int]:
    if not needle:
        raise ValueError("no text to look for")
    pos = text.find(needle)
    while pos >= 0:
        yield pos
        pos = text.find(needle, pos + len(needle))
