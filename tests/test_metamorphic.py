"""Comments are whitespace: a comment line at every line boundary, or a trailing ``// ...`` on
every line, changes nothing in the diagnostics but their line numbers.

The files are every fixture and example; ``BROADCHECK_METAMORPHIC_DIRS`` (directories joined
with ``os.pathsep``) adds more, such as a checkout of upstream test files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from broadcheck.diagnostics import Diagnostic
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.semantics import Profile
from tests.conftest import ROOT

MARKER = "// -----"
LINE_COMMENT = '// a comment line: {[(<" \' >)]} %0 = "x.y"() : () -> ()'
TRAILING = '  // a trailing comment: {[(<" %1 ^bb0 }'


def _files() -> list[Path]:
    files = sorted((ROOT / "tests" / "fixtures").rglob("*.mlir")) + sorted((ROOT / "examples").rglob("*.mlir"))
    for folder in filter(None, os.environ.get("BROADCHECK_METAMORPHIC_DIRS", "").split(os.pathsep)):
        files += sorted(Path(folder).rglob("*.mlir"))
    return files


FILES = _files()


def _options(text: str) -> Options:
    return Options(Profile.LLVM, split_marker=MARKER if MARKER in text else None)


def _keep_as_is(line: str) -> bool:
    """Lines a comment must not touch: split markers and suppressions (which name the next line)."""
    return line.lstrip().startswith(MARKER[:6]) or "broadcheck:" in line


def _seen(diagnostics: list[Diagnostic], line_of: list[int]) -> list[tuple[object, ...]]:
    """The diagnostics with their lines given back in the original file's numbers."""
    return [
        (line_of[d.line], d.column, line_of[d.end_line], d.end_column, d.code, d.severity, d.message)
        for d in diagnostics
    ]


def _ends_chunk(lines: list[str], number: int) -> bool:
    """Whether a comment line put after line ``number`` would be the last line of its chunk (or
    file): mlir-opt puts the error of a region left open at the end of the text there, after that
    comment (it moves back one character from the end, then backs up over blanks: the last line's
    comment is not passed over, ``tests/test_wrong_token.py``), so the comment would move it."""
    rest = lines[number:]
    return rest in ([], [""]) or rest[0].lstrip().startswith(MARKER[:6])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_comment_lines_change_only_line_numbers(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    out: list[str] = []
    line_of = [0]  # new line number -> original line number
    for number, line in enumerate(lines, 1):
        out.append(line)
        line_of.append(number)
        if not _keep_as_is(line) and not _ends_chunk(lines, number):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(indent + LINE_COMMENT)
            line_of.append(number + 1)  # a diagnostic placed on it belongs to the next line
    line_of.append(len(lines) + 1)
    options = _options(text)
    before = _seen(check_text(path.name, text, options).diagnostics, list(range(len(lines) + 2)))
    after = _seen(check_text(path.name, "\n".join(out), options).diagnostics, line_of)
    assert after == before


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_trailing_comments_change_nothing(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    out = [line if _keep_as_is(line) or not line.strip() else line + TRAILING for line in lines]
    options = _options(text)
    same = list(range(len(lines) + 2))
    before = _seen(check_text(path.name, text, options).diagnostics, same)
    after = _seen(check_text(path.name, "\n".join(out), options).diagnostics, same)
    assert after == before
