"""mlir-opt's ``-verify-diagnostics``: check diagnostics against inline annotations.

An annotation is ``expected-(error|note|remark|warning)(-re)? (@+N|@-N|@above|
@below|@unknown)? {{message}}`` anywhere on a line. Plain messages match as a
substring; in ``-re`` messages each ``{{...}}`` is a regex. The failures are
mlir-opt's, word for word: ``expected error "..." was not produced``,
``unexpected error: ...`` and ``'warning' diagnostic emitted when expecting a
'error'``. broadcheck's own ``note:``/``help:`` explanations are renderings,
not MLIR notes, so they need no ``expected-note``.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Container, Iterable, Sequence
from functools import cache

from broadcheck.diagnostics import Diagnostic
from broadcheck.messages import RULES
from broadcheck.ops import Span


@cache
def _annotation() -> re.Pattern[str]:
    """An annotation's pattern, compiled when a line first mentions ``expected-``."""
    return re.compile(
        r"expected-(?P<kind>error|note|remark|warning)(?P<re>-re)? *"
        r"(?:@(?P<where>[+-][0-9]+|above|below|unknown))? *\{\{(?P<text>.*)\}\}$"
    )


class Expectation:
    """One annotation: what kind and text is expected on which line."""

    __slots__ = ("kind", "line", "matched", "pattern", "span", "text")

    def __init__(self, kind: str, text: str, pattern: re.Pattern[str] | None, line: int | None, span: Span):
        self.kind = kind
        self.text = text
        self.pattern = pattern
        self.line = line
        self.span = span
        self.matched = False

    def matches(self, message: str) -> bool:
        if self.pattern is not None:
            return self.pattern.search(message) is not None
        return self.text in message


def _regex(text: str) -> str:
    """Literal text with each ``{{...}}`` a regex, as MLIR builds it; raises ValueError."""
    out: list[str] = []
    rest = text
    while rest:
        start = rest.find("{{")
        if start < 0:
            out.append(re.escape(rest))
            break
        out.append(re.escape(rest[:start]))
        rest = rest[start + 2 :]
        end = rest.find("}}")
        if end < 0:
            raise ValueError("found start of regex with no end '}}'")
        out.append(f"({rest[:end]})")
        rest = rest[end + 2 :]
    return "".join(out)


def parse_annotations(
    path: str, lines: Iterable[tuple[int, str]], line_count: int
) -> tuple[list[Expectation], list[Diagnostic]]:
    """The annotations among numbered lines (only lines with ``expected-`` matter) of a
    file of ``line_count`` lines, and diagnostics for the ones that cannot be read."""
    found: list[tuple[int, re.Match[str]]] = []
    annotated: set[int] = set()
    for number, line in lines:
        if "expected-" not in line:
            continue
        m = _annotation().search(line.rstrip())
        if m is not None:
            found.append((number, m))
            annotated.add(number)
    expectations: list[Expectation] = []
    problems: list[Diagnostic] = []
    for number, m in found:
        span = Span(number, m.start() + 1, number, m.end() + 1)
        where = m.group("where")
        target: int | None = number
        if where == "unknown":
            target = None
        elif where == "above":
            target = next((n for n in range(number - 1, 0, -1) if n not in annotated), 0)
        elif where == "below":
            target = next((n for n in range(number + 1, line_count + 1) if n not in annotated), line_count + 1)
        elif where is not None:
            target = number + int(where)
        text = m.group("text")
        pattern = None
        if m.group("re"):
            try:
                with warnings.catch_warnings():  # e.g. "possible set difference": the user's regex, as written
                    warnings.simplefilter("ignore", FutureWarning)
                    pattern = re.compile(_regex(text))
            except re.error as err:
                detail = f"invalid regex: {err.msg}"
            except ValueError as err:
                detail = str(err)
            else:
                detail = ""
            if pattern is None:
                rule = RULES["BC904"]
                problems.append(Diagnostic(rule.code, rule.severity, rule.format(detail=detail), path, span))
                continue
        expectations.append(Expectation(m.group("kind"), text, pattern, target, span))
    return expectations, problems


# The diagnostics broadcheck gives for every statement it reads, not only for the ops it
# checks (the parser's and value flow's), and the notes MLIR attaches to them: an annotation
# that expects one of them is held against the file wherever it is.
_EVERYWHERE = (
    "BC005", "BC011", "BC012", "BC013", "BC014", "BC015", "BC016", "BC017", "BC018", "BC019", "BC020", "BC021",
    "BC022", "BC023", "BC024", "BC025", "BC026", "BC027", "BC028", "BC030", "BC031", "BC032",
)  # fmt: skip
_NOTES = (
    "prior use here",
    "previously defined here",
    "previously used here with type",
    "previously referenced here",
    "required by region isolation constraints",
    "region branch point",
    "op result types: ",
    "callee result types: ",
)


@cache
def _everywhere() -> tuple[str, ...]:
    """The fixed parts of those messages, the longest of each (``{...}`` fields cut out)."""
    parts = []
    for code in _EVERYWHERE:
        template = RULES[code].template
        pieces = [p.strip(" '(),:#@") for p in re.split(r"\{[^}]*\}", template)]
        longest = max(pieces, key=len)
        if len(longest) >= 10:
            parts.append(longest)
    return tuple(parts)


def held_everywhere(expectation: Expectation) -> bool:
    """Whether ``expectation`` is about what broadcheck checks on every statement."""
    text = expectation.text
    if expectation.kind == "note":
        return any(note.strip() in text or (len(text) >= 12 and text in note) for note in _NOTES)
    return expectation.kind == "error" and any(
        part in text or (len(text) >= 20 and text in part) for part in _everywhere()
    )


def verify(
    path: str,
    lines: Iterable[tuple[int, str]],
    line_count: int,
    diagnostics: Sequence[Diagnostic],
    checked_lines: Container[int],
) -> tuple[list[Diagnostic], int]:
    """The verification failures (what was produced but not expected, and vice versa),
    and how many unmet annotations were not held against the file.

    An annotation that targets no line where broadcheck checked an op (another
    op, ``@unknown``) is about something broadcheck does not check: it is
    counted, not failed, so that upstream test files can be gated unchanged. So
    is an unmet annotation beside a met one on the same line: MLIR's follow-up
    diagnostic of an op broadcheck found at fault.
    """
    expectations, failures = parse_annotations(path, lines, line_count)
    by_line: dict[int | None, list[Expectation]] = {}
    for expectation in expectations:
        by_line.setdefault(expectation.line, []).append(expectation)
    produced: list[tuple[str, str, Span, Diagnostic]] = []  # (kind, message, where, diagnostic)
    for diag in diagnostics:
        produced.append((diag.severity, diag.message, diag.span, diag))
        # MLIR's own notes (`prior use here`) need their `expected-note`, as in mlir-opt.
        produced.extend(("note", label.text, label.span, diag) for label in diag.labels if label.mlir_note)
    for kind, text, span, diag in produced:
        if diag.code == "BC905":  # mlir-opt prints near misses outside the verifier
            failures.append(diag)
            continue
        candidates = [e for e in by_line.get(span.line, ()) if e.matches(text)]
        same_kind = [e for e in candidates if e.kind == kind]
        if same_kind:
            for expectation in same_kind:
                expectation.matched = True
        elif candidates:
            rule = RULES["BC903"]
            message = rule.format(actual=kind, expected=candidates[0].kind)
            failures.append(Diagnostic(rule.code, rule.severity, message, diag.path, span))
        elif kind == "warning":
            # broadcheck's own lint warnings (stricter than the real verifier) are matched when
            # annotated, never held against a file that mlir-opt would pass.
            continue
        else:
            rule = RULES["BC902"]
            message = rule.format(kind=kind, text=text)
            failures.append(Diagnostic(rule.code, rule.severity, message, diag.path, span))
    not_held = 0
    # A line whose op broadcheck found at fault (an annotation there was met) may carry
    # MLIR's follow-up diagnostics too (`failed to infer returned types`): not held.
    met_lines = {e.line for e in expectations if e.matched}
    for expectation in expectations:
        if not expectation.matched and expectation.line in met_lines:
            continue  # a follow-up of an error met on its line
        if not expectation.matched and (
            expectation.line is None or (expectation.line not in checked_lines and not held_everywhere(expectation))
        ):
            not_held += 1
        elif not expectation.matched:
            rule = RULES["BC901"]
            message = rule.format(kind=expectation.kind, text=expectation.text)
            failures.append(Diagnostic(rule.code, rule.severity, message, path, expectation.span))
    return failures, not_held
