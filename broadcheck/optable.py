"""Which ops broadcheck checks with a broadcasting semantics, and user patterns over them.

The built-in table is derived from the ops' declarations (``broadcheck/dialects``): every op
whose check is one of the semantics families (:func:`broadcheck.semantics.registry`) maps
to its family's name. ``--op PATTERN=SEMANTICS`` adds glob patterns on top (later patterns
win over earlier ones and over the table). The semantics ``none`` turns checking off for
the ops a pattern matches.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Mapping
from functools import cache

NONE = "none"


@cache
def builtin_ops() -> Mapping[str, str]:
    """Op name -> the semantics family its declaration checks it with (every dialect is
    loaded: for docs, tests and ``broadcheck rules``, never on a check's path)."""
    from broadcheck import dialects
    from broadcheck.semantics import registry

    families = registry()
    return {
        op.name: op.semantics
        for op in dialects.every()
        if op.check is not None and op.semantics is not None and op.semantics in families
    }


@cache
def known_dialects() -> frozenset[str]:
    """The dialects the built-in table covers."""
    return frozenset(name.partition(".")[0] for name in builtin_ops())


class OpTableError(ValueError):
    """A ``PATTERN=SEMANTICS`` entry that cannot be used."""


def parse_op_spec(spec: str, known: Iterable[str]) -> tuple[str, str]:
    """Split ``PATTERN=SEMANTICS``, checking the semantics is one broadcheck has."""
    pattern, sep, semantics = spec.partition("=")
    pattern, semantics = pattern.strip(), semantics.strip()
    allowed = sorted({*known, NONE})
    if not sep or not pattern or not semantics:
        raise OpTableError(f"'{spec}' is not PATTERN=SEMANTICS (e.g. 'mydialect.*=mlir')")
    if semantics not in allowed:
        raise OpTableError(f"unknown semantics '{semantics}' in '{spec}'; choose from {', '.join(allowed)}")
    return pattern, semantics


class OpTable:
    """Op name -> semantics name, from the built-in table and user patterns."""

    def __init__(self, patterns: Iterable[tuple[str, str]] = ()):
        self.written = tuple(patterns)
        """The ``(PATTERN, SEMANTICS)`` pairs as given: two tables are equal when these are."""
        self._patterns = [(re.compile(fnmatch.translate(p)), s) for p, s in self.written][::-1]
        self._cache: dict[str, str | None] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OpTable) and other.written == self.written

    def __hash__(self) -> int:
        return hash(self.written)

    def semantics(self, name: str) -> str | None:
        """The semantics to check ``name`` with, or ``None`` if it is not checked."""
        try:
            return self._cache[name]
        except KeyError:
            pass
        found = next((s for regex, s in self._patterns if regex.match(name)), None)
        if found is None:
            found = _declared(name)
        result = None if found == NONE else found
        self._cache[name] = result
        return result

    def override(self, name: str) -> str | None:
        """The semantics a user pattern gives ``name`` (``none`` included), or ``None``."""
        return next((s for regex, s in self._patterns if regex.match(name)), None)

    def is_checked(self, name: str) -> bool:
        return self.semantics(name) is not None

    def known_dialect(self, name: str) -> bool:
        """Whether ``name`` belongs to a dialect the built-in table covers (so an op of
        it that is not checked is counted as passed over)."""
        return name.partition(".")[0] in known_dialects()


def _declared(name: str) -> str | None:
    """The semantics family of op ``name``'s declaration (its dialect alone is loaded)."""
    from broadcheck import dialects
    from broadcheck.semantics import registry

    decl = dialects.lookup(name)
    if decl is None or decl.check is None or decl.semantics not in registry():
        return None
    return decl.semantics
