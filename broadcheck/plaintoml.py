"""A plain subset of TOML read without :mod:`tomllib` (start-up: issue 31, Build 3).

A configured clean run reads one small ``pyproject.toml``; importing :mod:`tomllib` (its
patterns, ``datetime``, ``string``) cost such a run about a quarter of its instructions.
:func:`loads` reads the subset a ``[tool.broadcheck]`` table is written in and returns exactly
what ``tomllib.loads`` returns for it, or ``None`` for anything outside the subset, valid or not,
which the caller then hands to :mod:`tomllib` (so every error message stays tomllib's).
``tests/test_config_plain.py`` holds it to :mod:`tomllib` on fixed and generated documents.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any


_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_BLANK = " \t"
_ENDS = frozenset(" \t,]}#\n")


class _NotPlain(Exception):
    """The document steps outside :func:`loads`'s subset: tomllib reads it."""


def loads(text: str) -> dict[str, Any] | None:
    """What ``tomllib.loads(text)`` returns, for an ASCII document in a plain subset of TOML
    (the one a ``[tool.broadcheck]`` table is written in): comments, ``[a.b]`` headers and
    ``key = value`` lines with (dotted) keys, ASCII strings without escapes, ``true``/``false``,
    decimal integers, arrays (over several lines) and inline tables of those. Anything else,
    valid or not (``[[...]]``, escapes, floats, dates, a key or table given twice,
    a table reopened that TOML may or may not allow, a control character, ``\r``), is None:
    tomllib reads it, and says its errors. Importing tomllib costs a configured clean run
    about a quarter of its instructions (its patterns, ``datetime``, ``string``)."""
    if not text.isascii() or any((c < " " and c not in "\t\n") or c == "\x7f" for c in text):
        return None
    try:
        return _PlainReader(text).document()
    except (_NotPlain, IndexError, ValueError):  # (ValueError: a string not closed)
        return None


class _PlainReader:
    """The reader of :func:`loads`: raises :class:`_NotPlain` where the subset ends."""

    __slots__ = ("at", "dotted", "frozen", "headers", "text")

    def __init__(self, text: str) -> None:
        self.text = text + "\n"
        self.at = 0
        self.headers: set[tuple[str, ...]] = set()
        """The tables a ``[header]`` defined."""
        self.dotted: set[tuple[str, ...]] = set()
        """The tables dotted keys made."""
        self.frozen: set[tuple[str, ...]] = set()
        """The inline tables."""

    def document(self) -> dict[str, Any]:
        root: dict[str, Any] = {}
        table: dict[str, Any] = root
        where: tuple[str, ...] = ()
        section: set[tuple[str, ...]] = set()  # the tables this header's dotted keys made
        text = self.text
        while self.at < len(text):
            self.blank()
            c = text[self.at]
            if c == "\n":
                self.at += 1
            elif c == "#":
                self.at = text.index("\n", self.at) + 1
            elif c == "[":
                if text[self.at + 1] == "[":
                    raise _NotPlain
                self.at += 1
                where = self.key()
                if text[self.at] != "]" or where in self.headers:
                    raise _NotPlain
                self.at += 1
                self.end_of_line()
                table = root
                for n in range(1, len(where) + 1):
                    if where[:n] in self.dotted or where[:n] in self.frozen:
                        raise _NotPlain
                    table = table.setdefault(where[n - 1], {})
                    if type(table) is not dict:
                        raise _NotPlain
                self.headers.add(where)
                section = set()
            else:
                key = self.key()
                if text[self.at] != "=":
                    raise _NotPlain
                self.at += 1
                self.blank()
                self.put(table, where, key, section, self.value(where + key, 0))
                self.end_of_line()
        return root

    def put(
        self,
        table: dict[str, Any],
        where: tuple[str, ...],
        key: tuple[str, ...],
        section: set[tuple[str, ...]],
        value: Any,
    ) -> None:
        """``key = value`` in ``table`` (at ``where``), making the tables a dotted key names."""
        for n, part in enumerate(key[:-1], len(where) + 1):
            path = where + key[: n - len(where)]
            if part in table:
                if path not in section:
                    raise _NotPlain
            else:
                table[part] = {}
                section.add(path)
                self.dotted.add(path)
            table = table[part]
        if key[-1] in table:
            raise _NotPlain
        table[key[-1]] = value

    def blank(self) -> None:
        text = self.text
        while text[self.at] in _BLANK:
            self.at += 1

    def end_of_line(self) -> None:
        """Blanks, a comment, the line's end."""
        self.blank()
        if self.text[self.at] == "#":
            self.at = self.text.index("\n", self.at)
        if self.text[self.at] != "\n":
            raise _NotPlain
        self.at += 1

    def space(self) -> None:
        """Blanks, comments and line ends (inside an array)."""
        text = self.text
        while True:
            self.blank()
            if text[self.at] == "#":
                self.at = text.index("\n", self.at)
            if text[self.at] != "\n":
                return
            self.at += 1

    def key(self) -> tuple[str, ...]:
        """A bare key, or bare keys joined by dots; the blanks after it read."""
        text = self.text
        parts = []
        while True:
            self.blank()
            start = self.at
            if text[start] == '"' or text[start] == "'":
                parts.append(self.string())
            else:
                while text[self.at] in _BARE:
                    self.at += 1
                if self.at == start:
                    raise _NotPlain
                parts.append(text[start : self.at])
            self.blank()
            if text[self.at] != ".":
                return tuple(parts)
            self.at += 1

    def string(self) -> str:
        """A string (or a quoted key) on one line, without escapes."""
        text = self.text
        c = text[self.at]
        end = text.index(c, self.at + 1)
        found = text[self.at + 1 : end]
        if (end == self.at + 1 and text[end + 1] == c) or "\n" in found or (c == '"' and "\\" in found):
            raise _NotPlain  # a multi-line string, a line end, an escape
        self.at = end + 1
        return found

    def value(self, path: tuple[str, ...], depth: int) -> Any:
        text = self.text
        c = text[self.at]
        if depth > 32:
            raise _NotPlain
        if c == '"' or c == "'":
            return self.string()
        if c == "[":
            self.at += 1
            items = []
            while True:
                self.space()
                if text[self.at] == "]":
                    break
                items.append(self.value(path, depth + 1))
                self.space()
                if text[self.at] == ",":
                    self.at += 1
                elif text[self.at] != "]":
                    raise _NotPlain
            self.at += 1
            return items
        if c == "{":
            opened = self.at
            self.at += 1
            table: dict[str, Any] = {}
            self.frozen.add(path)
            self.blank()
            if text[self.at] == "}":
                self.at += 1
                return table
            inner: set[tuple[str, ...]] = set()
            while True:
                key = self.key()
                if text[self.at] != "=":
                    raise _NotPlain
                self.at += 1
                self.blank()
                self.put(table, path, key, inner, self.value(path + key, depth + 1))
                self.blank()
                if text[self.at] == "}":
                    self.at += 1
                    if "\n" in text[opened : self.at]:  # (an array in it over lines)
                        raise _NotPlain
                    return table
                if text[self.at] != ",":
                    raise _NotPlain
                self.at += 1
        start = self.at
        while text[self.at] not in _ENDS:
            self.at += 1
        word = text[start : self.at]
        if word == "true" or word == "false":
            return word == "true"
        digits = word.removeprefix("-")
        if digits.isdigit() and (digits == "0" or digits[0] != "0"):
            return int(word)
        raise _NotPlain
