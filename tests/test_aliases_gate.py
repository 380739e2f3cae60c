"""The alias checks' gate (``engine/aliased.py``): a text with no ``#`` and no ``!`` where a use
would count is answered without the reader of uses (``syntax/aliases.py``: its patterns and its
scan), and the answer is the reader's."""

from __future__ import annotations

import pytest

from broadcheck.engine import aliased
from broadcheck.syntax import aliases as reader


class _Findings:
    path = "probe.mlir"

    def __init__(self) -> None:
        self.said: list[object] = []

    def add(self, diagnostic: object, text: object) -> None:
        self.said.append(diagnostic)

    def line_text(self, line: int) -> str:
        return ""


class _Text:
    line = 1

    def __init__(self, text: str) -> None:
        self.text = text

    def where(self, offset: int) -> tuple[int, int]:
        return 1, offset + 1


def _scanned(key: str, known: dict[str, int], after: int) -> bool:
    """What the reader of uses says: a use ``known`` does not hold, ending after ``after``."""
    uses = reader.alias_uses(key)
    return any(end > after and not reader.defined(name, known) for _, end, name in uses)


def test_a_definition_of_a_plain_type_asks_no_reader_of_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counts work (issue 31's start-up): bench/gen.py's files define `!act0 = tensor<...>`; the
    # gate answers them, so a clean file of such definitions never loads the reader (at ea872ef
    # each definition was scanned by it).
    scanned: dict[str, object] = {}
    monkeypatch.setattr(reader, "_USES", scanned)  # (the reader keeps each text it scans there)
    for text in ("!act0 = tensor<768x8x56x16xf32>", "#map = affine_map<(d0) -> (d0)>", "!t = i32  // a type"):
        findings = _Findings()
        assert not aliased.wrong_definition(findings, {}, lambda *a: None, _Text(text))  # type: ignore[arg-type]
        assert findings.said == []
    assert scanned == {}
    assert aliased.wrong_definition(_Findings(), {}, lambda *a: None, _Text("!t = tensor<4x!q>"))  # type: ignore[arg-type]
    assert scanned  # (the check can see the reader's scan)


@pytest.mark.parametrize(
    "text",
    ["!a = tensor<4x!b>", "!a", "#a", "!a tensor<4x!b>", "#a = #b", "#a = affine_map<(d0) -> (d0)>", "!a = !a",
     " !x = i32 // !c", "#loc = loc(#x)", "!a=!b", "x !b", "= !b", "!b =", "%0 = x.y %1#2 : tensor<4xf32>"],
)  # fmt: skip
def test_the_gate_answers_as_the_reader(text: str) -> None:
    # From every offset a caller gives: 0 (a statement, a label), a definition's `=`, and -1 (a
    # definition without one: every use counts).
    for known in ({}, {"#b": 1, "b": 1}, {"a": 1, "#a": 1}):
        for after in (-1, 0, text.find("=")):
            findings = _Findings()
            said = aliased.undefined(findings, known, text, 1, _Text(text), after)  # type: ignore[arg-type]
            assert said is _scanned(text, known, after), (text, known, after)
            assert len(findings.said) == int(said)
