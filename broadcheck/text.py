"""The text layer: a source held in memory and its lines; split markers as mlir-opt cuts them;
where a line's ``//`` comment starts."""

from __future__ import annotations

import re

from broadcheck.ops import Frozen


class Source(Frozen):
    """One input: the path as the user named it, and its decoded text."""

    __slots__ = ("lines", "path", "text")
    __match_args__ = ("path", "text")
    path: str
    text: str
    lines: list[str]
    """The lines, without their line endings (not shown, compared or hashed)."""

    def __init__(self, path: str, text: str) -> None:
        put = object.__setattr__
        put(self, "path", path)
        put(self, "text", text)
        # Lines end at "\n" only, as in MLIR (str.splitlines would also split at
        # \v, \f, \x1c-\x1e, \x85 and U+2028, and disagree with the scanner).
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        put(self, "lines", [line.removesuffix("\r") for line in lines])

    def line(self, number: int) -> str:
        """Line ``number`` (1-based) without its line ending; empty past the end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""


def split_probe(marker: str) -> str:
    """The text mlir-opt cuts a file at for ``marker``: the marker less its last two characters
    (``// ---`` for ``// -----``), or, for a marker of one or two characters, the whole marker.

    mlir-opt's own rule leaves nothing to cut at for a marker that short (``XX``, ``//``): it
    splits the file at the empty string, forever, and runs out of memory (iree-opt 3.13: ``LLVM
    ERROR: out of memory``, even on an empty file). broadcheck cuts at the whole marker instead,
    with no near misses. An empty marker is refused before it gets here (a usage error).
    """
    return marker[:-2] if len(marker) > 2 else marker


def split_marker(line: str, marker: str) -> tuple[bool, int] | None:
    """How mlir-opt's ``-split-input-file`` sees ``line``: ``(True, column)`` for a split,
    ``(False, column)`` for a near miss (warned about), ``None`` for neither.

    mlir-opt cuts the file at each ``marker`` less its last two characters (``// ---``)
    and splits where the cut is followed by those two (``--``, then not a ``0``); any
    other cut is a near miss, located just after it. So ``// ----`` and ``// ------ x``
    are near misses or splits alike in mid-line, and ``//-----`` is neither. A marker of
    one or two characters splits wherever it occurs, and never nearly (see :func:`split_probe`).
    """
    prefix = split_probe(marker)
    at = line.find(prefix)
    if at < 0:
        return None
    column = at + len(prefix) + 1
    if len(prefix) == len(marker):
        return True, column
    tail = marker[-2:]
    rest = line[at + len(prefix) :]
    return rest.startswith(tail) and (len(rest) == len(tail) or rest[len(tail)] != "0"), column


def check_marker(marker: str) -> str | None:
    """Why ``marker`` cannot be a split marker (empty, or holding a line break), or None."""
    if not marker:
        return "the split marker is empty (give --split-input-file alone for the default, '// -----')"
    if "\n" in marker or "\r" in marker:
        return "a split marker is matched within one line: it cannot hold a line break"
    return None


def comment_start(line: str) -> int:
    """Where the ``//`` comment of one line starts, or -1 if the line has none.

    A comment starts at the first ``//`` outside a string literal (``"..."``, where ``\\``
    escapes the next character), as MLIR's lexer reads it; a string left open runs to the
    end of the line, and so hides any ``//`` after it. Linear in the line: the common case
    is two searches in C, and a line with quotes before its ``//`` takes one regular
    expression match whose repetitions never backtrack.
    """
    slash = line.find("//")
    if slash < 0:
        return -1
    if line.find('"', 0, slash) < 0:
        return slash
    found = _COMMENT.match(line)
    return -1 if found is None else found.end() - 2


# Anything but a quote or a slash, a slash not followed by one, or a whole string literal,
# each taken possessively (``*+``: no backtracking), up to the first ``//``.
_COMMENT = re.compile(r'(?:[^"/]++|/(?!/)|"(?:[^"\\]++|\\.)*+")*+//', re.DOTALL)
