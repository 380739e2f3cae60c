"""What the language server knows of a document, and the pure steps between broadcheck's
diagnostics and LSP's data: positions, diagnostics, code actions. No I/O here:
everything is plain dicts in LSP's JSON shape, so it is tested without a client.

Positions: broadcheck counts lines from 1 and columns in characters from 1 (``end_column``
one past the end); LSP counts both from 0, and characters in the code units the client and
server agreed on (UTF-16 unless the client offers UTF-8 or UTF-32). Lines end at ``\\n``,
``\\r\\n`` or a lone ``\\r``, as LSP counts them (the server reads a lone ``\\r`` as ``\\n`` for
the engine), and nowhere else: a form feed or a U+2028 inside a line never shifts what follows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Edit

SEVERITY = {"error": 1, "warning": 2, "note": 3}
SOURCE = "broadcheck"
BREAK = re.compile(r"\r\n|\r|\n")


class Lines:
    """A document's lines, for converting positions."""

    __slots__ = ("encoding", "lines")

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.lines = BREAK.split(text)
        self.encoding = encoding

    def line(self, number: int) -> str:
        """Line ``number`` (1-based); empty past the end."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""

    def units(self, text: str) -> int:
        """How many code units of the agreed encoding ``text`` takes."""
        if self.encoding == "utf-32" or text.isascii():
            return len(text)
        if self.encoding == "utf-8":
            return len(text.encode("utf-8", "surrogatepass"))
        return len(text.encode("utf-16-le", "surrogatepass")) // 2

    def position(self, line: int, column: int) -> dict[str, int]:
        """The LSP position of broadcheck's ``line:column`` (1-based, in characters)."""
        text = self.line(line)
        return {"line": max(line - 1, 0), "character": self.units(text[: max(column - 1, 0)])}

    def range(self, line: int, column: int, end_line: int, end_column: int) -> dict[str, Any]:
        return {"start": self.position(line, column), "end": self.position(end_line, end_column)}

    def column(self, line: int, character: int) -> int:
        """broadcheck's 1-based column of an LSP position's ``character`` on 0-based ``line``."""
        text = self.lines[line] if 0 <= line < len(self.lines) else ""
        if self.encoding == "utf-32" or text.isascii():
            return min(character, len(text)) + 1
        count = 0
        for i, char in enumerate(text):
            if count >= character:
                return i + 1
            count += self.units(char)
        return len(text) + 1


def apply_change(text: str, change: dict[str, Any], encoding: str = "utf-16") -> str:
    """``text`` after one ``contentChanges`` entry: the whole text, or its ``range`` replaced.
    Positions past a line's end or the text's end are clamped to them (as LSP asks); a range
    whose ends are the wrong way round is read the right way round."""
    new = str(change["text"])
    where = change.get("range")
    if where is None:
        return new
    try:
        start, known = _offset(text, where["start"], encoding)
        end, _ = _offset(text, where["end"], encoding, known)
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"a content change with a bad range: {err}") from err
    if end < start:
        start, end = end, start
    return text[:start] + new + text[end:]


def _offset(
    text: str, position: dict[str, Any], encoding: str, known: tuple[int, int] = (0, 0)
) -> tuple[int, tuple[int, int]]:
    """The index in ``text`` of an LSP position, and its line's (number, start) for the next
    position: a range's end is found from its start's line, not from the top again."""
    line, character = position["line"], position["character"]
    if not isinstance(line, int) or not isinstance(character, int) or line < 0 or character < 0:
        raise ValueError(f"not a position: {position!r}")
    at, start = known if known[0] <= line else (0, 0)
    if line > at:
        for count, m in enumerate(BREAK.finditer(text, start), at + 1):
            if count == line:
                start = m.end()
                break
        else:
            return len(text), known  # past the last line
    after = BREAK.search(text, start)
    stop = after.start() if after is not None else len(text)
    if encoding == "utf-32" or text[start:stop].isascii():
        return min(start + character, stop), (line, start)
    units = Lines("", encoding).units
    count = 0
    for i in range(start, stop):
        if count >= character:
            return i, (line, start)
        count += units(text[i])
    return stop, (line, start)


def diagnostic(d: Diagnostic, lines: Lines, uri: str) -> dict[str, Any]:
    """An LSP diagnostic: the code, severity and message as the CLI prints them; the labels
    (the operand or result at fault) and the notes as ``relatedInformation``."""
    here = lines.range(d.line, d.column, d.end_line, d.end_column)
    related = [
        {"location": {"uri": uri, "range": lines.range(*_span(label.span))}, "message": label.text}
        for label in d.labels
    ]
    related += [{"location": {"uri": uri, "range": here}, "message": f"{n.kind}: {n.message}"} for n in d.notes]
    if d.fix is not None:
        how = "--fix" if d.fix.safe else "--fix --unsafe-fixes"
        kind = "fix" if d.fix.safe else "fix (unsafe)"
        related.append({"location": {"uri": uri, "range": here}, "message": f"{kind}: {d.fix.message} [{how}]"})
    out: dict[str, Any] = {
        "range": here,
        "severity": SEVERITY.get(d.severity, 1),
        "code": d.code,
        "source": SOURCE,
        "message": d.message,
    }
    if related:
        out["relatedInformation"] = related
    if d.code == "BC003":
        out["tags"] = [1]  # Unnecessary: an unused suppression
    return out


def _span(span: Any) -> tuple[int, int, int, int]:
    return (span.line, span.column, span.end_line, span.end_column)


def overlaps(d: Diagnostic, lines: Lines, start: dict[str, int], end: dict[str, int]) -> bool:
    """Whether ``d``'s range meets the LSP range ``start``-``end`` (a cursor is an empty range)."""
    here = lines.range(d.line, d.column, d.end_line, d.end_column)
    a, b = (here["start"]["line"], here["start"]["character"]), (here["end"]["line"], here["end"]["character"])
    s, e = (start["line"], start["character"]), (end["line"], end["character"])
    return a <= e and s <= b


def text_edits(edits: Iterable[Edit], lines: Lines) -> list[dict[str, Any]]:
    """LSP text edits for broadcheck's edits (each replaces a span of type text)."""
    return [{"range": lines.range(*_span(e.span)), "newText": e.new} for e in sorted(edits, key=lambda e: e.start)]


def fix_action(d: Diagnostic, lines: Lines, uri: str, version: int | None) -> dict[str, Any] | None:
    """The quick fix of ``d``, if it has one: a safe one is preferred, an unsafe one says so."""
    if d.fix is None:
        return None
    title = f"{'Fix' if d.fix.safe else 'Fix (unsafe: changes a signature)'}: {d.fix.message}"
    return {
        "title": title,
        "kind": "quickfix",
        "diagnostics": [diagnostic(d, lines, uri)],
        "isPreferred": d.fix.safe,
        "edit": _workspace_edit(uri, version, text_edits(d.fix.edits, lines)),
    }


def fix_all_action(
    diagnostics: Sequence[Diagnostic], lines: Lines, uri: str, version: int | None
) -> dict[str, Any] | None:
    """``source.fixAll.broadcheck``: every safe fix of the document, as ``--fix`` applies them."""
    from broadcheck.engine.fix import fixes_of

    fixes = fixes_of(diagnostics, False)
    edits = {(e.start, e.end, e.new): e for fix in fixes for e in fix.edits}
    if not edits:
        return None
    return {
        "title": f"Fix all safe problems ({sum(1 for d in diagnostics if d.fix is not None and d.fix.safe)})",
        "kind": "source.fixAll.broadcheck",
        "edit": _workspace_edit(uri, version, text_edits(edits.values(), lines)),
    }


def suppress_actions(d: Diagnostic, lines: Lines, uri: str, version: int | None) -> list[dict[str, Any]]:
    """Code actions that add a suppression comment for ``d``'s code: on its line (into an
    ``ignore[...]`` already at the end of the line, if there is one), or for the whole file."""
    from broadcheck.suppressions import Directive, parse

    if d.code in ("BC003", "BC004"):
        return []  # about suppressions themselves
    text = lines.line(d.line)
    edit: dict[str, Any] | None = None
    existing = [item for item in parse(text, d.line) if isinstance(item, Directive)]
    last = existing[-1] if existing else None
    if last is not None and not last.file_wide and not last.standalone and last.codes:
        if d.code in last.codes:
            return []
        close = text.rfind("]", 0, last.span.end_column - 1 + 1)
        if close >= 0:
            at = lines.position(d.line, close + 1)
            edit = {"range": {"start": at, "end": at}, "newText": f", {d.code}"}
    if edit is None:
        end = lines.position(d.line, len(text) + 1)
        edit = {"range": {"start": end, "end": end}, "newText": f"  // broadcheck: ignore[{d.code}]"}
    top = {"line": 0, "character": 0}
    return [
        {
            "title": f"Suppress {d.code} on this line",
            "kind": "quickfix",
            "diagnostics": [diagnostic(d, lines, uri)],
            "edit": _workspace_edit(uri, version, [edit]),
        },
        {
            "title": f"Suppress {d.code} in this file",
            "kind": "quickfix",
            "diagnostics": [diagnostic(d, lines, uri)],
            "edit": _workspace_edit(
                uri,
                version,
                [{"range": {"start": top, "end": top}, "newText": f"// broadcheck: file-ignore[{d.code}]\n"}],
            ),
        },
    ]


def _workspace_edit(uri: str, version: int | None, edits: list[dict[str, Any]]) -> dict[str, Any]:
    """A workspace edit of one document (``changes``, which every client supports; ``version``
    is the one the edits were computed for: a client applies them to that text)."""
    del version
    return {"changes": {uri: edits}}
