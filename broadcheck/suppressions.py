"""Inline suppressions, in the style of ruff's ``noqa`` and clang-tidy's ``NOLINT``.

* ``// broadcheck: ignore[BC101]`` (or ``ignore[BC101, BC102]``, or a bare
  ``ignore`` for every code) at the end of the diagnostic's line, or alone on
  the line above it;
* ``// broadcheck: file-ignore[BC101]`` (or bare) anywhere in the file.

A directive is a comment: the text after a ``//`` that starts the line's comment
(:func:`broadcheck.text.comment_start`: never inside a string literal), or after another
``//`` within that comment (``// stale // broadcheck: ignore``). It must begin with
``broadcheck:``, so ``// RUN:``, ``// CHECK:``, ``// expected-...`` and ``// -----``
lines are never directives. A comment that begins with ``broadcheck:`` but is not a
well-formed directive (``ignore[BC102`` without ``]``, ``ignore BC102``,
``ignore:BC102``, ``ignore[]``) suppresses nothing and is an error of its own (BC004),
never a blanket ignore. A directive that suppresses nothing is reported (BC003), so
suppressions do not rot.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from broadcheck.diagnostics import Diagnostic
from broadcheck.messages import RULES
from broadcheck.ops import Span
from broadcheck.text import comment_start


@cache
def _start() -> re.Pattern[str]:
    """Where a directive starts: ``//`` and ``broadcheck:`` (compiled when first needed)."""
    return re.compile(r"//[ \t]*broadcheck:")


_CODE = re.compile(r"BC[0-9]{3}", re.IGNORECASE)
_KINDS = ("file-ignore", "ignore")
_SHOWN = 60
"""A malformed directive is quoted up to this many characters."""


class Directive:
    """One ``broadcheck: ignore[...]`` comment and which of its codes were used."""

    __slots__ = ("codes", "file_wide", "kind", "line", "span", "standalone", "used")

    def __init__(self, kind: str, codes: tuple[str, ...], line: int, standalone: bool, span: Span):
        self.kind = kind
        self.file_wide = kind == "file-ignore"
        self.codes = codes  # empty: every code (a bare `ignore`)
        self.line = line
        self.standalone = standalone  # alone on its line: it covers the next line
        self.span = span
        self.used: set[str] = set()

    def covers(self, diag: Diagnostic) -> bool:
        if not self.file_wide and not (diag.line == self.line or (self.standalone and diag.line == self.line + 1)):
            return False
        return not self.codes or diag.code in self.codes

    def shown(self, codes: Sequence[str]) -> str:
        """How the directive is quoted: ``ignore[BC101]``, or the bare kind."""
        return f"{self.kind}[{', '.join(codes)}]" if codes else self.kind


class Malformed:
    """A comment that begins with ``broadcheck:`` but is not a directive, and why."""

    __slots__ = ("reason", "span", "text")

    def __init__(self, text: str, reason: str, span: Span):
        self.text, self.reason, self.span = text, reason, span


def parse(line: str, number: int) -> Iterator[Directive | Malformed]:
    """The directives (and malformed ones) of one line, ``number``; linear in the line."""
    comment = comment_start(line)
    if comment < 0 or "broadcheck:" not in line[comment:]:
        return
    standalone = not line[:comment].strip()
    found = list(_start().finditer(line, comment))
    for i, m in enumerate(found):
        # A directive runs to the next `//` that starts one, or to the end of the line.
        end = found[i + 1].start() if i + 1 < len(found) else len(line)
        yield _directive(line, number, m.start(), m.end(), end, standalone)


def _directive(line: str, number: int, at: int, pos: int, end: int, standalone: bool) -> Directive | Malformed:
    def malformed(reason: str) -> Malformed:
        text = line[at:end].rstrip()
        shown = text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
        return Malformed(shown, reason, Span(number, at + 1, number, at + len(text) + 1))

    pos = _skip_blanks(line, pos, end)
    kind = next((k for k in _KINDS if line.startswith(k, pos, end)), None)
    after = pos + len(kind) if kind is not None else pos
    if kind is None or (after < end and (line[after].isalnum() or line[after] in "-_")):
        return malformed("expected 'ignore' or 'file-ignore' after 'broadcheck:'")
    pos = _skip_blanks(line, after, end)
    codes: list[str] = []
    if pos < end and line[pos] == "[":
        close = line.find("]", pos, end)
        if close < 0:
            return malformed("expected ']' after the codes")
        for entry in line[pos + 1 : close].split(","):
            entry = entry.strip(" \t")
            if not entry:
                continue
            if not _CODE.fullmatch(entry):
                return malformed(f"'{entry[:20]}' is not a code such as BC101")
            codes.append(entry.upper())
        if not codes:
            return malformed("an empty list of codes (a bare 'ignore' covers every code)")
        pos = _skip_blanks(line, close + 1, end)
    directive_end = pos
    if pos < end and not line.startswith("//", pos):
        if (not codes and line[pos] in "(:{<=") or _CODE.match(line, pos):
            return malformed(f"the codes go in brackets, as in '{kind}[BC101]'")
        return malformed("unexpected text after the directive (a reason may follow after another '//')")
    span = Span(number, at + 1, number, len(line[:directive_end].rstrip()) + 1)
    return Directive(kind, tuple(dict.fromkeys(codes)), number, standalone, span)


def _skip_blanks(line: str, pos: int, end: int) -> int:
    while pos < end and line[pos] in " \t":
        pos += 1
    return pos


def directives(lines: Iterable[tuple[int, str]]) -> tuple[list[Directive], list[Malformed]]:
    """The suppression directives among numbered lines, and the malformed ones."""
    found: list[Directive] = []
    bad: list[Malformed] = []
    for number, line in lines:
        if "broadcheck:" not in line:
            continue
        for item in parse(line, number):
            if isinstance(item, Directive):
                found.append(item)
            else:
                bad.append(item)
    return found, bad


def apply(path: str, lines: Iterable[tuple[int, str]], diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics no directive suppresses, plus one BC003 per unused directive (or code)
    and one BC004 per malformed directive."""
    found, bad = directives(lines)
    if not found and not bad:
        return list(diagnostics)
    kept: list[Diagnostic] = []
    for diag in diagnostics:
        covering = [d for d in found if d.covers(diag)]
        for directive in covering:
            directive.used.add(diag.code)
        if not covering:
            kept.append(diag)
    unused_rule = RULES["BC003"]
    for directive in found:
        unused = [c for c in directive.codes if c not in directive.used]
        if (directive.codes and unused) or (not directive.codes and not directive.used):
            message = unused_rule.format(directive=directive.shown(unused))
            kept.append(Diagnostic(unused_rule.code, unused_rule.severity, message, path, directive.span))
    malformed_rule = RULES["BC004"]
    for item in bad:
        message = malformed_rule.format(directive=item.text, reason=item.reason)
        kept.append(Diagnostic(malformed_rule.code, malformed_rule.severity, message, path, item.span))
    return kept
