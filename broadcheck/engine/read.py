"""Stages *read* and *split*: blocks of the file in, modules of whole lines to the scanner out.

A file comes in blocks (the runner's 1 MB, the tests' few characters); a :class:`Reader`
holds back a line cut at a block's end, cuts the text at ``--split-input-file`` markers
(each chunk is a module of its own, ended through ``end_module``), and hands each segment
of whole lines to the scanner (:mod:`.scan`). On the way it keeps the lines that
suppressions and ``--verify-diagnostics`` annotations need (:attr:`Reader.marked`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from broadcheck.diagnostics import Diagnostic
from broadcheck.engine.findings import Findings
from broadcheck.engine.options import Options
from broadcheck.engine.scan import Scanner
from broadcheck.ops import Span
from broadcheck.text import split_marker, split_probe


class Reader:
    """Reads one file's blocks, in order, into the scanner."""

    def __init__(self, options: Options, scanner: Scanner, findings: Findings, end_module: Callable[[], None]) -> None:
        self.options = options
        self.scanner = scanner
        self.findings = findings
        self.end_module = end_module
        self.next_line = 1
        self.chunks: list[int] = [1]
        """The first line of each ``--split-input-file`` chunk."""
        self.marked: list[tuple[int, str]] = []
        """The lines that hold suppressions (and annotations), with their numbers."""
        self.carry = ""
        self.segment_end = 0
        """The last line of the segment being read."""

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
        else:
            self.carry = ""
        if not text:
            if final:
                self.end_module()
            return
        self._mark(text)
        newlines = text.count("\n")  # (once: the segment's end is counted from it)
        marker = self.options.split_marker
        start, first = 0, self.next_line
        if marker is not None and split_probe(marker) in text:
            for number, offset, after in self._markers(text, marker):
                self._segment(text[start:offset], first)
                self.end_module()
                start, first = after, number + 1
                self.chunks.append(first)
        self._segment(text[start:], first, newlines if start == 0 else -1)
        self.next_line += newlines + (0 if text.endswith("\n") else 1)
        if final:
            self.end_module()

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

    def _segment(self, text: str, first: int, newlines: int = -1) -> None:
        """A segment of whole lines (``newlines``: its count of line ends, if known)."""
        if newlines < 0:
            newlines = text.count("\n")
        self.segment_end = first + newlines - (1 if text.endswith("\n") else 0)
        if not text:
            return
        self.findings.segment(text, first)
        self.scanner.block(text, first)


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
