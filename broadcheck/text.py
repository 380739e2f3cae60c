"""The text layer: a source file, its lines, and its ``--split-input-file`` chunks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from broadcheck.config import DEFAULT_SPLIT_MARKER

# What mlir-opt treats as a mistyped split marker: a `//` line of dashes.
_NEAR_MISS = re.compile(r"^[ \t]*//[ \t]*-{3,}[ \t]*$|^[ \t]*/?[ \t]*-{5,}[ \t]*$")


@dataclass(frozen=True, slots=True)
class Source:
    """One input: the path as the user named it, and its decoded text."""

    path: str
    text: str
    lines: list[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Lines end at "\n" only, as in MLIR (str.splitlines would also split at
        # \v, \f, \x1c-\x1e, \x85 and U+2028, and disagree with the scanner).
        lines = self.text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        object.__setattr__(self, "lines", [line.removesuffix("\r") for line in lines])

    def line(self, number: int) -> str:
        """Line ``number`` (1-based) without its line ending; empty past the end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""


@dataclass(frozen=True, slots=True)
class Chunk:
    """A part of a source checked on its own: ``text[start:end]``, starting at ``line``."""

    start: int
    end: int
    line: int


def split_chunks(text: str, marker: str | None) -> tuple[list[Chunk], list[int]]:
    """Split ``text`` at lines equal to ``marker`` (mlir-opt's ``-split-input-file``).

    Returns the chunks and the line numbers of near misses: lines that look like a
    split marker but are not one. With no marker, the whole text is one chunk.
    """
    if marker is None:
        return [Chunk(0, len(text), 1)], []
    chunks: list[Chunk] = []
    near_misses: list[int] = []
    start, start_line, offset = 0, 1, 0
    for number, line in enumerate(text.split("\n"), start=1):
        line += "\n"
        stripped = line.rstrip("\r\n").strip()
        if stripped == marker:
            chunks.append(Chunk(start, offset, start_line))
            start, start_line = offset + len(line), number + 1
        elif marker == DEFAULT_SPLIT_MARKER and _NEAR_MISS.match(line.rstrip("\r\n")):
            near_misses.append(number)
        offset += len(line)
    chunks.append(Chunk(min(start, len(text)), len(text), start_line))
    return chunks, near_misses


def is_near_miss(line: str) -> bool:
    """Whether a line looks like the default split marker without being it (mlir-opt warns)."""
    return _NEAR_MISS.match(line) is not None
