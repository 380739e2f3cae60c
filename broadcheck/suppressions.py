"""Inline suppressions, in the style of ruff's ``noqa`` and clang-tidy's ``NOLINT``.

* ``// broadcheck: ignore[BC101]`` (or ``ignore[BC101, BC102]``, or a bare
  ``ignore`` for every code) at the end of the diagnostic's line, or alone on
  the line above it;
* ``// broadcheck: file-ignore[BC101]`` (or bare) anywhere in the file.

The comment must begin with ``broadcheck:``, so ``// RUN:``, ``// CHECK:``,
``// expected-...`` and ``// -----`` lines are never directives. A directive
that suppresses nothing is reported (BC003), so suppressions do not rot.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from broadcheck.diagnostics import Diagnostic
from broadcheck.messages import RULES
from broadcheck.ops import Span


@cache
def _directive() -> re.Pattern[str]:
    """The directive's pattern, compiled when a line first mentions ``broadcheck:``."""
    return re.compile(r"//[ \t]*broadcheck:[ \t]*(?P<kind>file-ignore|ignore)\b(?:\[(?P<codes>[^\]]*)\])?")


class Directive:
    """One ``broadcheck: ignore[...]`` comment and which of its codes were used."""

    __slots__ = ("codes", "file_wide", "line", "span", "standalone", "text", "used")

    def __init__(self, file_wide: bool, codes: tuple[str, ...], line: int, standalone: bool, span: Span, text: str):
        self.file_wide = file_wide
        self.codes = codes  # empty: every code
        self.line = line
        self.standalone = standalone  # alone on its line: it covers the next line
        self.span = span
        self.text = text
        self.used: set[str] = set()

    def covers(self, diag: Diagnostic) -> bool:
        if not self.file_wide and not (diag.line == self.line or (self.standalone and diag.line == self.line + 1)):
            return False
        return not self.codes or diag.code in self.codes


def directives(lines: Iterable[tuple[int, str]]) -> list[Directive]:
    """The suppression directives among numbered lines (only lines with ``broadcheck:`` matter)."""
    found: list[Directive] = []
    for number, line in lines:
        if "broadcheck:" not in line:
            continue
        m = _directive().search(line)
        if m is None:
            continue
        codes = tuple(c.strip().upper() for c in (m.group("codes") or "").split(",") if c.strip())
        span = Span(number, m.start() + 1, number, m.end() + 1)
        standalone = not line[: m.start()].strip()
        found.append(Directive(m.group("kind") == "file-ignore", codes, number, standalone, span, m.group()))
    return found


def apply(path: str, lines: Iterable[tuple[int, str]], diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics no directive suppresses, plus one BC003 per unused directive (or code)."""
    found = directives(lines)
    if not found:
        return list(diagnostics)
    kept: list[Diagnostic] = []
    for diag in diagnostics:
        covering = [d for d in found if d.covers(diag)]
        for directive in covering:
            directive.used.add(diag.code)
        if not covering:
            kept.append(diag)
    rule = RULES["BC003"]
    for directive in found:
        unused = [c for c in directive.codes if c not in directive.used] if directive.codes else []
        if directive.codes and unused:
            what = f"{directive.text.split(':', 1)[1].strip().split('[')[0]}[{', '.join(unused)}]"
        elif not directive.codes and not directive.used:
            what = directive.text.split(":", 1)[1].strip()
        else:
            continue
        kept.append(Diagnostic(rule.code, rule.severity, rule.format(directive=what), path, directive.span))
    return kept
