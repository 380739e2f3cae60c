"""The text layer: a source held in memory and its lines; split-marker near misses."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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


def is_near_miss(line: str) -> bool:
    """Whether a line looks like the default split marker without being it (mlir-opt warns)."""
    return _NEAR_MISS.match(line) is not None
