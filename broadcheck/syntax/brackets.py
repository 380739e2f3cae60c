"""Stage *read a statement*: brackets matched as MLIR's lexer sees them, from mark to mark.

Every reader that needs where a bracket closes, where a top-level ``,`` or ``:`` is, or where
a type written in a function's head ends, asks :func:`scan`, so a rule of bracket handling is
written once:

* a string (``"..."``, with ``\\`` escapes, on one line) is passed over whole, brackets and all;
* ``->`` is one token: its ``>`` closes nothing;
* a ``>`` closes a ``<``: where the innermost open bracket is another, it is a mismatch, as in
  MLIR's scan of a dialect's type or attribute body ("unbalanced '>' character"); a caller
  reading an attribute dictionary may pass such a ``>`` over (``comparisons``: ``d0 >= 0``);
* ``(``/``)``, ``[``/``]``, ``{``/``}``, ``<``/``>`` nest; a closer of another kind than the
  innermost open bracket is a mismatch (where MLIR's parser reports the one it expected).

The walk goes from mark to mark: one regular-expression search (C) per string, bracket, ``->``
or stop, never a Python step per character; a million-element ``dense<[...]>`` is a few steps.
Inside brackets the walk looks for brackets and strings only, so a caller's stops (a ``,``, a
``:``, a blank) cost a step only where they count, outside the brackets it opened.
"""

from __future__ import annotations

from broadcheck.syntax.lazyre import lazy

TYPE_CHECKING = False  # not typing's: start-up time
if TYPE_CHECKING:
    import re

CLOSER = {"(": ")", "[": "]", "{": "}", "<": ">"}
"""Each opening bracket's closing one."""
MISMATCH = "mismatch"
""":func:`scan`'s answer at a closer that closes another kind of bracket than the innermost."""
UNCLOSED = '"'
""":func:`scan`'s answer at a string that does not end (at its ``"``)."""

_MARKS = r'["()\[\]{}<>]'
"""A string's start, a bracket: one character class, so that ``re`` skips from candidate to
candidate in C (an alternation ``[...]|->`` has no such prefix: the 1M literal's 12 MB scan took
82 ms, not 28). A ``>`` just after a ``-`` is ``->``'s, told in Python (a ``-`` is no mark: a
negative number's costs nothing)."""
_NESTED = lazy(_MARKS)
"""The marks inside brackets."""
STRING = lazy(r'"(?:[^"\\\n]++|\\.)*+"')
"""A whole string, as MLIR's lexer reads one (escapes; no line break)."""
_STOPS: dict[str, re.Pattern[str]] = {}


def stops(marks: str) -> re.Pattern[str]:
    """The marks of a walk that also stops, outside its own brackets, at what ``marks`` (a
    regular expression: ``[,]``, ``:``, ``[,{\\s]|->``) matches; made once per ``marks``. A stop
    comes before a bracket: ``{`` may stop a walk outside brackets and open one inside."""
    found = _STOPS.get(marks)
    if found is None:
        found = _STOPS[marks] = lazy(rf"({marks})|{_MARKS}")
    return found


def scan(
    text: str, start: int, end: int, top: re.Pattern[str] | None = None, comparisons: bool = False
) -> tuple[int, str]:
    """Walk ``text[start:end]`` from mark to mark and say where it stops, and at what:

    * a stop of ``top`` (:func:`stops`) outside the brackets opened in the walk: its offset and
      its text (``","``, ``":"``, ``"->"``, a blank);
    * a closer outside them: its offset and the closer (the one that closes the bracket the
      caller started the walk in, or one that closes nothing);
    * a closer of another kind than the innermost bracket opened: its offset and :data:`MISMATCH`;
    * a string that does not end: the offset of its ``"`` and :data:`UNCLOSED`;
    * the end: ``end`` and ``""``.

    With ``comparisons``, a ``>`` that closes no ``<`` is passed over (``d0 >= 0``, ``a > b``), as
    an attribute's parser reads it; else it is a closer as any other."""
    opened: list[str] = []  # the closers awaited, innermost last
    found = (search := (_NESTED if top is None else top).search)(text, start, end)
    while found is not None:  # (its branches in the order that takes the fewest steps)
        c = text[i := found.start()]
        if c in CLOSER and not found.lastindex:
            opened.append(CLOSER[c])
        elif opened and c == opened[-1] and (c != ">" or not text.startswith("->", i - 1)):
            opened.pop()
        elif found.lastindex:  # (a stop: `top` is searched outside the walk's brackets only)
            return i, found.group()
        elif c == '"':  # (a megabyte `dense<"0x...">` is a `find`: the regex is 2.5 ns a character)
            close = text.find('"', i + 1, end)
            if close < 0 or text.find("\\", i, close) >= 0 or text.find("\n", i, close) >= 0:
                if (string := STRING.match(text, i, end)) is None:
                    return i, UNCLOSED
                close = string.end() - 1
            i = close
        elif (c != ">" or not comparisons) and not (c == ">" and text.startswith("->", i - 1)):
            return i, MISMATCH if opened else c
        found = (_NESTED.search if opened else search)(text, i + 1, end)
    return end, ""


__all__ = ["CLOSER", "MISMATCH", "UNCLOSED", "scan", "stops"]
