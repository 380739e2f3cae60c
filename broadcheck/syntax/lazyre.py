"""Regular expressions compiled on their first use, not at import.

A module-level ``_X = lazy(r"...")`` costs nothing until a line needs it: a clean run of a
small file used only about half of the patterns its modules declared, and compiling the rest
(``re``'s parser and compiler are Python code) was about a tenth of its start-up. After the
first use the object holds the compiled pattern's bound methods in its slots, so a call costs
what a call on the pattern costs (one slot read).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # not typing's: start-up time
if TYPE_CHECKING:
    from typing import Any

_METHODS = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split", "scanner")
_FIELDS = ("pattern", "flags", "groups", "groupindex")


class _Lazy:
    """A pattern's text and flags; compiled, and its methods kept, when first asked for."""

    __slots__ = ("_source", "_flags", *_METHODS, *_FIELDS)

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # Only reached for a slot not yet set: compile once, then every slot is set.
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self._source, self._flags)
        for attribute in (*_METHODS, *_FIELDS):
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source!r})"


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, done when the pattern is first used."""
    return _Lazy(source, flags)  # type: ignore[return-value]  # it has every method the callers use
