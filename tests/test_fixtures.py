"""Every ``.mlir`` fixture runs through broadcheck as its ``// RUN:`` lines say.

A fixture states its own command (lit style): ``// RUN: broadcheck check ... %s``
must exit 0 (with ``--verify-diagnostics``, that means every ``expected-error``
annotation was met and nothing else was reported, and no annotation was excused as
being about an op broadcheck does not check); ``// RUN: not broadcheck ...``
must exit 1.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, Invoke

FILES = sorted(FIXTURES.rglob("*.mlir"))


def run_lines(path: Path) -> list[tuple[bool, list[str]]]:
    lines = []
    for line in path.read_text().splitlines():
        if line.startswith("// RUN:"):
            words = shlex.split(line.removeprefix("// RUN:"))
            negate = words[0] == "not"
            words = words[1:] if negate else words
            assert words[0] == "broadcheck", line
            lines.append((negate, [str(path) if w == "%s" else w for w in words[1:]]))
    return lines


def test_there_are_fixtures() -> None:
    assert len(FILES) >= 5
    assert all(run_lines(f) for f in FILES), "every fixture needs a // RUN: line"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_fixture(path: Path, run: Invoke) -> None:
    for negate, args in run_lines(path):
        result = run(*args, "--output-format", "concise")
        expected = 1 if negate else 0
        assert result.code == expected, f"broadcheck {' '.join(args)}\n{result.out}{result.err}"
        # A fixture holds broadcheck to every annotation: none is excused as being about an op
        # broadcheck does not check (the leniency its --verify-diagnostics has for users' files).
        assert "not held against the file" not in result.out + result.err, result.out + result.err
