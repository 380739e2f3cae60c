"""Find the statements of the ops broadcheck checks, without parsing the rest.

The scanner only delimits text: it finds candidate op names (``"dialect.op"(``
anywhere, or ``dialect.op`` at the start of a statement), asks whether the op is
checked, and takes the statement from its result list to the end of its
functional type (and trailing ``loc(...)``), across lines if brackets are open.
Whether that text is valid is the grammar's decision, not the scanner's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import NamedTuple

from broadcheck.syntax.fastpath import simple_key

_VALUE = r"%[\w$.\-]+(?::[0-9]+)?"
_RESULTS = rf"{_VALUE}(?:[ \t]*,[ \t]*{_VALUE})*[ \t]*=[ \t]*"

_CANDIDATE = re.compile(
    # A statement at the start of its line: results, then a generic or custom name.
    rf'^[ \t]*(?P<results>{_RESULTS})?(?:"(?P<lgeneric>[A-Za-z_][\w$.\-]*)"[ \t]*\('
    rf"|(?P<custom>[A-Za-z_][\w$]*\.[\w$.]+)(?=[ \t\r\n{{(<]|$))"
    # A generic op anywhere else (`... wraps "tf.AddV2"(...)`).
    r'|"(?P<generic>[A-Za-z_][\w$.\-]*)"[ \t]*\(',
    re.M,
)


# Compiled when first used: a clean run of simple lines needs none of the patterns below but
# _ALIAS_LINE and _ALIAS_LINES.
@cache
def _results_before() -> re.Pattern[str]:
    return re.compile(rf"(?:{_RESULTS})$")


# `torch.operator "onnx.Add"(...)`: the string is an operand of the op named before it
# (whereas `tf_executor.island wraps "tf.AddV2"(...)` wraps a real op after a keyword).
@cache
def _operand_of_another_op() -> re.Pattern[str]:
    return re.compile(r"[A-Za-z_][\w$]*\.[\w$.]+[ \t]*$")


@cache
def _alias_def() -> re.Pattern[str]:
    return re.compile(r"^[ \t]*!(?P<name>[\w$.\-]+)[ \t]*=", re.M)


_ALIAS_LINE = re.compile(r"[ \t]*!")
_ALIAS_LINES = re.compile(r"\n[ \t]*!")  # the same after a line break: found in C, like a literal


@cache
def _new_statement() -> re.Pattern[str]:
    return re.compile(
        rf'[ \t]*(?:{_RESULTS}|[}}^]|"[\w$.\-]+"[ \t]*\(|[A-Za-z_][\w$]*\.[\w$.]+(?:[ \t]|$)|return\b|\r?$)'
    )


@cache
def _token() -> re.Pattern[str]:
    return re.compile(r'->|//[^\n]*|"(?:[^"\\\n]|\\.)*"|[<>()\[\]{}:\n]')


@cache
def _type_word() -> re.Pattern[str]:
    return re.compile(r"[ \t]*[\w.!$]+")


@cache
def _loc() -> re.Pattern[str]:
    return re.compile(r"[ \t]*loc[ \t]*\(")


_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}


class Statement(NamedTuple):
    """The text of one op statement and where it starts (1-based line and column).

    ``key`` is set when the statement is a *simple line* (see
    :data:`broadcheck.syntax.fastpath.SIMPLE`):
    then its verdict depends only on the key, so a checker may reuse the verdict
    of an earlier statement with the same key. ``simple`` is the line's text as
    the simple form reads it, to confirm that it is the whole statement.
    """

    name: str
    text: str
    line: int
    column: int
    key: str | None = None
    simple: str | None = None
    offset: int = 0
    name_end: int = 0
    name_start: int = 0
    line_start: int = 0


class Incomplete(NamedTuple):
    """A statement that runs past the text scanned so far: scan again with more text.

    ``line_start`` is the offset of its line, ``line`` that line's number and
    ``name_start`` the offset of its op name.
    """

    name_start: int
    line_start: int
    line: int


class AliasDefinition(NamedTuple):
    """The text of ``!name = type`` and where it starts."""

    name: str
    text: str
    line: int
    column: int
    offset: int = 0


class _LineCounter:
    """Line numbers, columns and line starts of increasing offsets, in amortized O(1).

    Each character between two offsets is looked at once, so a file with
    thousands of ops on one line is still checked in linear time.
    """

    def __init__(self, text: str, start: int, line: int):
        self.text, self.offset, self.line = text, start, line
        self.line_start = text.rfind("\n", 0, start) + 1

    def advance(self, pos: int) -> None:
        newlines = self.text.count("\n", self.offset, pos)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.offset, pos) + 1
        self.offset = pos

    def at(self, pos: int) -> tuple[int, int]:
        """The line and column of ``pos``, which must not be before the previous one."""
        self.advance(pos)
        return self.line, pos - self.line_start + 1


# How far before an op name a result list (`%a, %b =`) is looked for.
_RESULTS_LOOKBACK = 4096


def _line_end(text: str, pos: int, end: int) -> int:
    nl = text.find("\n", pos, end)
    return end if nl < 0 else nl


def _matching(text: str, pos: int, end: int) -> int:
    """The offset just past the bracket group opening at ``pos``; ``end`` if it never closes."""
    stack: list[str] = []
    for m in _token().finditer(text, pos, end):
        tok = m.group()
        if tok in "<([{":
            stack.append(tok)
        elif tok in _CLOSERS:
            if not stack or stack.pop() != _CLOSERS[tok]:
                return _line_end(text, m.start(), end)
            if not stack:
                return m.end()
    return end


def _after_type(text: str, pos: int, end: int) -> int:
    """The end of the type group starting at ``pos`` (after ``->``), with any trailing ``loc(...)``.

    The type may start on a later line: MLIR allows a line break anywhere whitespace is.
    """
    while pos < end:
        if text[pos] in " \t\r\n":
            pos += 1
        elif text.startswith("//", pos):
            pos = _line_end(text, pos, end)
        else:
            break
    if pos < end and text[pos] == "(":
        pos = _matching(text, pos, end)
    else:
        word = _type_word().match(text, pos, end)
        if word is not None:
            pos = word.end()
            if pos < end and text[pos] == "<":
                pos = _matching(text, pos, end)
    loc = _loc().match(text, pos, end)
    if loc is not None:
        pos = _matching(text, loc.end() - 1, end)
    return pos


def _continues(text: str, pos: int, end: int) -> bool | None:
    """Whether the statement goes on after the newline at ``pos`` (no brackets open);
    ``None`` if the text ends before that can be told."""
    while pos + 1 < end:
        line_end = _line_end(text, pos + 1, end)
        line = text[pos + 1 : line_end]
        if line_end == end and not text.endswith("\n", 0, end):
            return None  # a last line without its newline may be incomplete
        if not line.lstrip().startswith("//"):
            return _new_statement().match(line) is None
        pos = line_end
    return None


UNDECIDED = -1


def statement_end(text: str, pos: int, end: int, final: bool = True) -> int:
    """The end of the op statement whose name ends at ``pos``.

    That is the end of its functional type (``: (T, T) -> T``) and trailing
    location; or, for text the grammar will reject, the end of the line where a
    bracket is mismatched or where the statement stops without a type. When
    more text may follow ``end`` (``final=False``), a statement that reaches
    ``end`` is :data:`UNDECIDED`: the caller reads on and asks again.
    """
    found = _statement_end(text, pos, end, final)
    return UNDECIDED if found == end and not final else found


def _statement_end(text: str, pos: int, end: int, final: bool) -> int:
    stack: list[str] = []
    colon = False
    for m in _token().finditer(text, pos, end):
        tok = m.group()
        if tok[0] == "/" or tok[0] == '"':
            continue
        if tok == "\n":
            if not stack:
                goes_on = _continues(text, m.start(), end)
                if goes_on is None and not final:
                    return end
                if not goes_on:
                    return m.start()
        elif tok in "<([{":
            stack.append(tok)
        elif tok in _CLOSERS:
            if not stack or stack.pop() != _CLOSERS[tok]:
                return _line_end(text, m.start(), end)
        elif stack:
            continue
        elif tok == ":":
            colon = True
        elif tok == "->" and colon:
            return _after_type(text, m.end(), end)
    return end


def scan(
    text: str,
    start: int,
    end: int,
    line: int,
    is_checked: Callable[[str], bool],
    fast: bool = True,
    final: bool = True,
    skip_before: int = 0,
    ranges: Sequence[tuple[int, int, int]] | None = None,
) -> Iterator[Statement | Incomplete]:
    """The statements of checked ops in ``text[start:end]``, which starts at line ``line``.

    A simple line comes with its key and an empty ``text``; ask :func:`extent`
    for the text when it is needed. ``fast=False`` gives every statement's text.
    With ``final=False`` more text follows ``end``: a statement that runs to
    ``end`` ends the scan with :class:`Incomplete`. Op names before
    ``skip_before`` were seen in an earlier scan and are passed over.
    ``ranges`` (``(start, stop, line)``, whole lines, in order) limits where op names are
    looked for: the lines between them were read already; statements may still run past them.
    """
    for range_start, range_stop, range_line in ranges if ranges is not None else ((start, end, line),):
        found = _scan(text, range_start, range_stop, range_line, end, is_checked, fast, final, skip_before)
        for statement in found:
            yield statement
            if isinstance(statement, Incomplete):
                return


def _scan(
    text: str,
    start: int,
    stop: int,
    line: int,
    end: int,
    is_checked: Callable[[str], bool],
    fast: bool,
    final: bool,
    skip_before: int,
) -> Iterator[Statement | Incomplete]:
    names = _LineCounter(text, start, line)
    comment_line = -1  # the line start of the last line seen to hold `//` before an op name
    comment_scanned = start
    for m in _CANDIDATE.finditer(text, start, stop):
        group = m.lastgroup or ""
        if group != "generic":  # at the start of its line
            name = m[group]
            generic = group == "lgeneric"
            name_start = m.start(group) - 1 if generic else m.start(group)  # a generic name's `"`
            if name_start < skip_before or not is_checked(name):
                continue
            stmt_start = m.start("results") if m.start("results") >= 0 else name_start
            simple = _simple_key(text, stmt_start, end, final) if fast else None
            names.advance(name_start)
        else:
            generic = True
            name = m.group("generic")
            name_start = m.start()
            names.advance(name_start)
            line_start = max(names.line_start, start)
            # A generic name after `//` on its line is in a comment (e.g. a CHECK line).
            scan_from = max(line_start, comment_scanned)
            if comment_line != line_start and text.find("//", scan_from, name_start) >= 0:
                comment_line = line_start
            comment_scanned = name_start
            if comment_line == line_start or name_start < skip_before or not is_checked(name):
                continue
            prefix = text[max(line_start, name_start - _RESULTS_LOOKBACK) : name_start]
            results = _results_before().search(prefix)
            if results is None and _operand_of_another_op().search(prefix):
                continue  # e.g. `torch.operator "onnx.Add"(...)`: a string operand of another op, not an op
            stmt_start = name_start - len(prefix) + results.start() if results is not None else name_start
            simple = _simple_key(text, stmt_start, end, final) if fast else None
        name_end = name_start + len(name) + (2 if generic else 0)
        if simple is not None:
            key, simple_end, _ = simple
            # The statement's extent is only needed if its key has no verdict yet.
            yield Statement(
                name, "", names.line, stmt_start - names.line_start + 1, key, text[stmt_start:simple_end],
                stmt_start, name_end, name_start, names.line_start,
            )  # fmt: skip
            continue
        column = stmt_start - names.line_start + 1
        stmt_end = statement_end(text, name_end, end, final)
        if stmt_end == UNDECIDED:
            yield Incomplete(name_start, names.line_start, names.line)
            return
        # The result list is on the name's line, so they share a line number.
        yield Statement(name, text[stmt_start:stmt_end], names.line, column, offset=stmt_start)


def _simple_key(text: str, start: int, end: int, final: bool) -> tuple[str, int, bool] | None:
    """:func:`simple_key`, when the statement is the simple line alone: one trailing type
    ends the statement only where the next line does not go on with it."""
    simple = simple_key(text, start, end)
    if simple is not None and simple[2] and not ends_at_line_end(text, simple[1], end, final):
        return None
    return simple


def ends_at_line_end(text: str, pos: int, end: int, final: bool) -> bool:
    """Whether a statement with no bracket open at the end of its line (``pos``) ends there."""
    newline = text.find("\n", pos, end)
    if newline < 0:
        return final
    goes_on = _continues(text, newline, end)
    return goes_on is False or (goes_on is None and final)


def may_define_aliases(text: str, start: int, end: int) -> bool:
    """Whether a line of ``text[start:end]`` (whole lines) starts with ``!``: the cheap test
    before :func:`scan_aliases` (most blocks use aliases but define none)."""
    return _ALIAS_LINE.match(text, start, end) is not None or _ALIAS_LINES.search(text, start, end) is not None


def scan_aliases(
    text: str, start: int, end: int, line: int, final: bool = True
) -> Iterator[AliasDefinition | Incomplete]:
    """The type alias definitions (``!name = type``) in ``text[start:end]``; with
    ``final=False``, one that runs to ``end`` ends the scan with :class:`Incomplete`."""
    lines = _LineCounter(text, start, line)
    for m in _alias_def().finditer(text, start, end):
        def_start = m.start("name") - 1
        stack_end = _alias_end(text, m.end(), end)
        def_line, column = lines.at(def_start)
        if stack_end == end and not final:
            yield Incomplete(def_start, lines.line_start, def_line)
            return
        yield AliasDefinition(m.group("name"), text[def_start:stack_end], def_line, column, def_start)


def _alias_end(text: str, pos: int, end: int) -> int:
    stack: list[str] = []
    for m in _token().finditer(text, pos, end):
        tok = m.group()
        if tok[0] in '/"' or tok == ":" or tok == "->":
            continue
        if tok == "\n":
            if not stack:
                return m.start()
        elif tok in "<([{":
            stack.append(tok)
        elif tok in _CLOSERS and (not stack or stack.pop() != _CLOSERS[tok]):
            return _line_end(text, m.start(), end)
    return end


def extent(text: str, statement: Statement, end: int, final: bool = True) -> str | Incomplete:
    """The full text of a statement :func:`scan` gave only a key for (the slow path),
    or :class:`Incomplete` if it runs past ``end`` and more text follows."""
    if statement.key is None:
        return statement.text
    found = statement_end(text, statement.name_end, end, final)
    if found == UNDECIDED:
        return Incomplete(statement.name_start, statement.line_start, statement.line)
    return text[statement.offset : found]
