"""The text layer: a source held in memory and its lines; split-marker near misses."""

from __future__ import annotations

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


def split_marker(line: str, marker: str) -> tuple[bool, int] | None:
    """How mlir-opt's ``-split-input-file`` sees ``line``: ``(True, column)`` for a split,
    ``(False, column)`` for a near miss (warned about), ``None`` for neither.

    mlir-opt cuts the file at each ``marker`` less its last two characters (``// ---``)
    and splits where the cut is followed by those two (``--``, then not a ``0``); any
    other cut is a near miss, located just after it. So ``// ----`` and ``// ------ x``
    are near misses or splits alike in mid-line, and ``//-----`` is neither.
    """
    prefix, tail = marker[:-2], marker[-2:]
    at = line.find(prefix)
    if at < 0:
        return None
    rest = line[at + len(prefix) :]
    column = at + len(prefix) + 1
    return rest.startswith(tail) and (len(rest) == len(tail) or rest[len(tail)] != "0"), column
