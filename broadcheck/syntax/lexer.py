"""The lexical layer of the reader: MLIR's strings, comments and brackets, in linear time.

MLIR allows a comment (``//`` to the end of the line) wherever whitespace is, and a
string may hold any bracket or ``//``. Everything in the reader that must know where
a statement ends, whether a ``{`` opens a region, or where a comment starts asks this
module, so no other regular expression has to know about strings or comments.

Every pattern here is linear in its input: an unterminated string runs to the end of
its line (it is one token, not a retry from each quote), and nothing recurses.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# One token at a time. An unterminated string is a token up to its line's end (the
# parser then reports it), so a line of 64k escaped quotes costs one pass.
TOKEN = re.compile(
    r'(?P<string>"(?:[^"\\\n]++|\\.)*+(?:"|(?=\n)|$))'
    r"|(?P<comment>//[^\n]*+)"
    r"|(?P<arrow>->)"
    r"|(?P<open>[(\[{<])"
    r"|(?P<close>[)\]}]|>(?!=))"
    r"|(?P<newline>\n)"
    r"|(?P<space>[ \t\r\f\v]++)"
    r'|(?P<word>(?:[^\s"()\[\]{}<>,:=/\-]|-(?!>)|/(?!/))++|>=)'
    r"|(?P<punct>[,:=])"
)

_PAIRS = {")": "(", "]": "[", "}": "{", ">": "<"}

# A line with none of these characters is lexically trivial (no string, comment or bracket).
_SPECIAL = re.compile(r'["/(){}\[\]<>]')


def comment_start(line: str) -> int:
    """The offset of the ``//`` comment of ``line`` (one line, no newline), or -1.

    A ``//`` inside a string literal does not count.
    """
    at = line.find("//")
    if at < 0:
        return -1
    quote = line.find('"')
    if quote < 0 or quote > at:
        return at
    for m in TOKEN.finditer(line, quote):
        kind = m.lastgroup
        if kind == "comment":
            return m.start()
    return -1


def strip_comments(text: str) -> str:
    """``text`` with every comment replaced by spaces, so offsets and line numbers stay put."""
    if "//" not in text:
        return text
    parts: list[str] = []
    last = 0
    for m in TOKEN.finditer(text):
        if m.lastgroup == "comment":
            parts.append(text[last : m.start()])
            parts.append(" " * (m.end() - m.start()))
            last = m.end()
    parts.append(text[last:])
    return "".join(parts)


class Depth(NamedTuple):
    """How the brackets of a piece of text stand at its end."""

    stack: str
    """The brackets still open, outermost first (``({`` for a generic op's region list)."""
    last: str
    """The last token that is not a space, comment or newline ('' for none)."""
    unterminated: bool
    """A string runs to the end of a line without its closing quote."""
    mismatch: int
    """The offset of a closing bracket that matches nothing open (-1 for none)."""


# The tokens :func:`depth` needs (and the ones that hide brackets: strings, comments,
# ``->`` and ``>=``), each as :data:`TOKEN` cuts it.
_BRACKETS = re.compile(r'"(?:[^"\\\n]++|\\.)*+(?:"|(?=\n)|$)|//[^\n]*+|->|>=|[(\[{<)\]}>]')
_LAST = frozenset(("(", "[", "{", "<", ")", "]", "}", ">", "->", ",", ":"))


def depth(text: str, stack: str = "") -> Depth:
    """Scan ``text`` (given the brackets already open before it) to its end.

    ``<`` and ``>`` count as brackets, except the ``>`` of ``->``.
    """
    if _SPECIAL.search(text) is None:
        stripped = text.rstrip()
        return Depth(stack, stripped.split()[-1] if stripped else "", False, -1)
    if len(text) > 80:  # (brackets only, without tokens: a long head is a long loop)
        fast = _bracket_depth(text, stack)
        if fast is not None:
            return fast
    return _token_depth(text, stack)


def _bracket_depth(text: str, stack: str) -> Depth | None:
    """:func:`depth` from the brackets alone, or ``None`` where they cannot say: a closing
    bracket that matches nothing, or a last token that is not a bracket, ``->``, ``,`` or ``:``."""
    tail = text.rstrip()
    last = "->" if tail.endswith("->") else tail[-1:]
    if last not in _LAST:
        return None
    opened = list(stack)
    unterminated = False
    token = ""
    for token in _BRACKETS.findall(text):
        first = token[0]
        if first in "([{<":
            opened.append(first)
        elif first in ")]}" or token == ">":
            if not opened or opened[-1] != _PAIRS[first]:
                return None
            opened.pop()
        elif first == '"' and not _closed_string(token):
            unterminated = True
    if token[:1] == '"' or token[:2] == "//" or (last not in ",:" and token != last):
        return None  # the text ends inside a string or comment, or after one
    return Depth("".join(opened), last, unterminated, -1)


def _token_depth(text: str, stack: str) -> Depth:
    opened = list(stack)
    last = ""
    unterminated = False
    mismatch = -1
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("space", "newline", "comment"):
            continue
        token = m.group()
        if kind == "open":
            opened.append(token)
        elif kind == "close":
            if opened and opened[-1] == _PAIRS[token]:
                opened.pop()
            elif mismatch < 0:
                mismatch = m.start()
        elif kind == "string" and not _closed_string(token):
            unterminated = True
        last = token
    return Depth("".join(opened), last, unterminated, mismatch)


def _closed_string(token: str) -> bool:
    """Whether a string token ends with its own closing quote (not an escaped one)."""
    if len(token) < 2 or not token.endswith('"'):
        return False
    backslashes = len(token) - 1 - len(token[:-1].rstrip("\\"))
    return backslashes % 2 == 0
