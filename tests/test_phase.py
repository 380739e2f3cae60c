"""When MLIR meets each problem (its parser, its verifiers, never) and the order the report gives
them in: a module's parse errors first, as mlir-opt meets them (issue 29, "found later")."""

from __future__ import annotations

import re

import pytest

from broadcheck.diagnostics import OWN_CODES, PARSE_CODES, Diagnostic, parse_first, phase
from broadcheck.messages import RULES
from broadcheck.ops import Span
from tests.conftest import FIXTURES, Invoke


def test_every_classified_code_is_in_the_catalogue() -> None:
    assert sorted((PARSE_CODES | OWN_CODES) - set(RULES)) == []
    assert not PARSE_CODES & OWN_CODES


def test_every_code_the_catalogue_says_the_parser_reports_is_a_parse_code() -> None:
    """A rule whose summary says the parser rejects it ("The parser: ...", "(mlir-opt's parser
    rejects it)") is classified as one: a new parse error's code cannot be forgotten."""
    said = {
        code
        for code, rule in RULES.items()
        if rule.summary.startswith("The parser") or re.search(r"parser rejects (it|the file)\)?\.?$", rule.summary)
    }
    assert sorted(said - PARSE_CODES) == []


@pytest.mark.parametrize(
    ("code", "expected"),
    [("BC001", "parse"), ("BC011", "parse"), ("BC1400", "parse"), ("BC101", "verify"), ("BC029", "verify"),
     ("BC003", "own"), ("BC902", "own")],
)  # fmt: skip
def test_phase_of_a_code(code: str, expected: str) -> None:
    assert phase(code) == expected
    assert _d(code, 1).phase == expected


def _d(code: str, line: int, severity: str = "error") -> Diagnostic:
    return Diagnostic(code, severity, code, "f.mlir", Span(line, 1, line, 2))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("given", "chunks", "expected"),
    [
        # no parse error: position order, untouched
        ([_d("BC101", 2), _d("BC203", 5)], [1], ["BC101@2", "BC203@5"]),
        # the verifier's error on the definition, the parser's at the use: the parser's first
        ([_d("BC203", 2), _d("BC011", 3)], [1], ["BC011@3", "BC203@2"]),
        # parse errors keep their own order; warnings and verifier errors follow, in theirs
        ([_d("BC101", 1), _d("BC800", 2, "warning"), _d("BC011", 3), _d("BC1400", 4)], [1],
         ["BC011@3", "BC1400@4", "BC101@1", "BC800@2"]),
        # each split chunk on its own; chunks stay in order
        ([_d("BC101", 2), _d("BC203", 12), _d("BC011", 13), _d("BC101", 22)], [1, 10, 20],
         ["BC101@2", "BC011@13", "BC203@12", "BC101@22"]),
        # a parse code as a warning does not reorder
        ([_d("BC101", 2), _d("BC011", 3, "warning")], [1], ["BC101@2", "BC011@3"]),
    ],
)  # fmt: skip
def test_parse_first(given: list[Diagnostic], chunks: list[int], expected: list[str]) -> None:
    assert [f"{d.code}@{d.line}" for d in parse_first(given, chunks)] == expected


_FOUND_LATER = [
    "14:17: error: use of value '%0' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<3xf32>' [BC011]",
    "12:8: error: 'tosa.abs' op requires the same shape for all operands and results [BC203]",
    "24:22: error: use of value '%0' expects different type than prior uses: 'tensor<64x1x1xf32>' vs "
    "'tensor<63x1x1xf32>' [BC011]",
    "22:8: error: number of output elements (63) doesn't match expected number of elements (64) [BC573]",
    "37:10: error: use of value '%0' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<5xf32>' [BC011]",
    "32:8: error: 'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding "
    "result ('tensor<5xf32>') [BC662]",
    "52:17: error: use of value '%0' expects different type than prior uses: 'tensor<3xf32>' vs 'tensor<4xf32>' [BC011]",
    "45:8: error: 'tosa.add' op operands don't have broadcast-compatible shapes [BC101]",
]


@pytest.mark.parametrize("stdin", [False, True])
def test_the_report_gives_each_chunk_s_parse_error_first(run: Invoke, stdin: bool) -> None:
    """found_later.mlir without --verify-diagnostics: mlir-opt's error first in each chunk, then
    the verifier's error it would report once that is fixed; the same from a file and from stdin."""
    path = FIXTURES / "found_later.mlir"
    args = ("check", "--profile", "llvm", "--split-input-file", "--output-format", "concise")
    if stdin:
        result = run(*args, "-", "--stdin-filename", "x.mlir", stdin=path.read_text())
        prefix = "x.mlir:"
    else:
        result = run(*args, str(path))
        prefix = f"{path}:"
    assert result.code == 1
    assert result.out.splitlines()[:-1] == [prefix + line for line in _FOUND_LATER]
