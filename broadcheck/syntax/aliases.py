"""Stage *read a statement*: the aliases a text names, as MLIR's parser resolves them.

A file may name an attribute (``#enc = #sparse_tensor.encoding<...>``) or a type (``!t =
tensor<4xf32>``) at its top level, and use the name after: ``tensor<4xf32, #enc>``, ``memref<4xf32,
#map>``, ``{map = #map}``, ``!t``. MLIR's parser (``parseExtendedSymbol``) reads a ``#`` or ``!``
identifier with no ``.`` and no ``<`` body after it as an alias, which must have been defined
before, in the file's order: else "undefined symbol alias id 'enc'", said at the token after the
name (``emitWrongTokenError``: just after the name). A location alias in ``loc(...)`` may come
later (``#loc3 = loc(...)`` at the end of the file: the parser resolves those at the end), and a
string or a comment names none. An alias defined twice is "redefinition of attribute alias id
'enc'" (or "type alias"), at the second definition; a name no ``=`` follows, "expected '=' in
attribute alias definition" (its ``=`` may be on the next line: a line break is a blank).

:func:`alias_uses` finds the uses in a text (a statement's key or its text, an alias's body),
:func:`undefined_alias` the first that the aliases defined so far (the engine's, by name: an
attribute alias under its ``#name``, a type alias under its name without ``!``) do not hold. The
engine asks once per distinct key (a cache), only of a key holding a ``#`` or a ``!``.
"""

from __future__ import annotations

from collections.abc import Container

from broadcheck.syntax.brackets import scan
from broadcheck.syntax.lazyre import lazy

_TOKENS = lazy(
    r'(?P<string>"(?:[^"\\\n]|\\.)*")'
    r"|(?P<comment>//[^\n]*)"
    r"|(?P<loc>(?<![\w$.])loc\()"
    r"|(?P<use>[#!][A-Za-z_][\w$]*)(?![\w$.]|\s*<)"
)
"""A string, a comment or a location (passed over: nothing in them is a use), or an alias's use:
``#name`` or ``!name`` with no ``.`` (a dialect's attribute or type) and no ``<`` body after it (a
value's result number, ``%0#1``, starts with a digit)."""

_CANDIDATE = lazy(r"[#!][A-Za-z_][\w$]*(?![\w$.]|\s*<)")
"""A use's shape anywhere (strings, comments and locations not passed over): a text with none uses
no alias, told by one search that skips to each ``#`` and ``!`` (:data:`_TOKENS` tries its four
kinds at every offset: a per-channel quantized type's 28k-character scale list, whose
``!quant.uniform<`` is not a use, took 0.4 ms a key)."""

_USES: dict[str, tuple[tuple[int, int, str], ...]] = {}
""":func:`alias_uses`' answer per distinct text (a pure function's cache)."""


def alias_uses(text: str) -> tuple[tuple[int, int, str], ...]:
    """The aliases ``text`` uses, in order: where each starts and ends, and its name with its
    sigil (``#enc``, ``!t``); ``()`` for a text with no ``#`` and no ``!`` (one substring test
    each). Asked once per distinct text."""
    if "#" not in text and "!" not in text:
        return ()
    found = _USES.get(text)
    if found is not None:
        return found
    if _CANDIDATE.search(text) is None:
        return ()
    uses: list[tuple[int, int, str]] = []
    at, end = 0, len(text)
    search = _TOKENS.search
    while (m := search(text, at)) is not None:
        at = m.end()
        if m.lastgroup == "use":
            uses.append((m.start(), at, m.group()))
        elif m.lastgroup == "loc":  # (its own brackets, strings and all: to its `)`)
            close, mark = scan(text, at, end)
            at = close + 1 if mark == ")" else end
    if len(_USES) >= 4096:
        _USES.clear()
    _USES[text] = found = tuple(uses)
    return found


def defined(name: str, aliases: Container[str]) -> bool:
    """Whether alias ``name`` (``#enc``, ``!t``) is among ``aliases`` (the engine's: an attribute
    alias under its ``#name``, a type alias under its name)."""
    return (name if name[0] == "#" else name[1:]) in aliases


def undefined_alias(text: str, aliases: Container[str]) -> tuple[str, int] | None:
    """MLIR's error at the first alias ``text`` uses that ``aliases`` does not hold, and the offset
    in ``text`` it says it at (just after the name); ``None`` if every one is defined."""
    for _, end, name in alias_uses(text):
        if not defined(name, aliases):
            return f"undefined symbol alias id '{name[1:]}'", end
    return None


def redefinition(name: str) -> str:
    """MLIR's error at a second definition of alias ``name`` (``#enc``, ``!t``)."""
    kind = "attribute" if name[0] == "#" else "type"
    return f"redefinition of {kind} alias id '{name[1:]}'"


def no_equals(name: str) -> str:
    """MLIR's error at an alias's name that no ``=`` follows (``#map`` alone on its line)."""
    kind = "attribute" if name[0] == "#" else "type"
    return f"expected '=' in {kind} alias definition"


__all__ = ["alias_uses", "defined", "no_equals", "redefinition", "undefined_alias"]
