"""Regular expressions compiled on their first use, not at import.

A module-level ``_X = lazy(r"...")`` costs nothing until a line needs it: a clean run of a
small file used only about half of the patterns its modules declared, and compiling the rest
(``re``'s parser and compiler are Python code) was about a tenth of its start-up. After the
first use the object holds the compiled pattern's bound methods in its slots, so a call costs
what a call on the pattern costs (one slot read).

A pattern's first use takes its compiled code from :mod:`.kept_patterns` when that table was
written by this interpreter's regular-expression compiler (``python -m
broadcheck.syntax.keep_patterns``; a test holds it current): what ``re`` would compute, handed
to ``_sre.compile`` as ``re`` hands it, without parsing the pattern again in every process
(about a million instructions a pattern; a mid-size export's run used sixty). Any other
interpreter, or a pattern the table lacks, is compiled by ``re`` as always.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # not typing's: start-up time
if TYPE_CHECKING:
    from typing import Any

_METHODS = ("match", "fullmatch", "search", "finditer", "findall", "sub", "subn", "split", "scanner")
_FIELDS = ("pattern", "flags", "groups", "groupindex")

_kept: dict[tuple[str, int], tuple[int, str, int, dict[str, int], tuple[str | None, ...]]] | None = None


def build() -> tuple[object, ...]:
    """What a kept pattern's code depends on: the interpreter's version and its engine's."""
    import _sre  # type: ignore[import-not-found]  # re's engine, built in (no stub)
    import sys

    return (tuple(sys.version_info[:3]), _sre.MAGIC, _sre.CODESIZE, sys.byteorder)


def _from_table(source: str, flags: int) -> re.Pattern[str] | None:
    """The compiled pattern from :mod:`.kept_patterns`, or ``None`` (not there, or not this build's)."""
    global _kept
    if _kept is None:
        from broadcheck.syntax import kept_patterns

        _kept = kept_patterns.PATTERNS if build() == kept_patterns.BUILD else {}
    entry = _kept.get((source, int(flags)))
    if entry is None:
        return None
    import _sre
    import binascii
    import zlib

    try:
        final, packed, groups, groupindex, indexgroup = entry
        code = list(memoryview(zlib.decompress(binascii.a2b_base64(packed))).cast("I"))
        made: re.Pattern[str] = _sre.compile(source, final, code, groups, groupindex, indexgroup)
    except (RuntimeError, TypeError, ValueError, OverflowError, zlib.error, binascii.Error):
        return None  # (a damaged entry: _sre checks the code)
    return made


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
        compiled = _from_table(self._source, self._flags) or re.compile(self._source, self._flags)
        for attribute in (*_METHODS, *_FIELDS):
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source!r})"


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, done when the pattern is first used."""
    return _Lazy(source, flags)  # type: ignore[return-value]  # it has every method the callers use
