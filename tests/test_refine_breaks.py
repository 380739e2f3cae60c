"""What breaks under new shapes (issue 32): for each rule (a reshape's element count, ``tf.Reshape``
with a constant shape, ``dot_general``'s contracting sizes, a concatenation's other dimensions,
broadcasting, a convolution's window against its input, ``linalg.matmul``'s sizes), a function
under ``tests/fixtures/refine/breaks/`` that verifies at one argument size and not at another.

Each fixture's first line is the command that breaks (``// RUN: not broadcheck refine %s --arg
...``), its second the arguments it verifies with (``// VERIFIES: --arg ...``); its golden
``NAME.expected`` holds both outcomes: the exit code and the concise diagnostics of the breaking
one, the exit code and the refined text of the other. The error messages, lines and columns are
the real tools' on the refined text (iree-opt 3.13 for ``stablehlo``/``tosa``/``linalg``,
TensorFlow 2.21's verifier for ``tf``): ``test_breaks_are_the_tools`` (marked ``oracle``) holds
each golden to them. ``BROADCHECK_UPDATE_GOLDEN=1`` rewrites the goldens (read the diff).
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, Invoke

BREAKS = FIXTURES / "refine" / "breaks"
FILES = sorted(BREAKS.glob("*.mlir"))
UPDATE = os.environ.get("BROADCHECK_UPDATE_GOLDEN") == "1"


def commands(path: Path) -> tuple[list[str], list[str]]:
    """The arguments that break the fixture's function and those it verifies with."""
    first, second = path.read_text().splitlines()[:2]
    words = shlex.split(first.removeprefix("// RUN:"))
    assert words[:3] == ["not", "broadcheck", "refine"] and words[3] == "%s", first
    assert second.startswith("// VERIFIES:"), second
    return words[4:], shlex.split(second.removeprefix("// VERIFIES:"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_breaks_at_one_size_and_not_another(path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """The golden: the breaking size's error at the op, and the verifying size's refined text."""
    monkeypatch.chdir(BREAKS)
    breaking, verifying = commands(path)
    broken = run("refine", path.name, *breaking, "--output-format", "concise")
    fine = run("refine", path.name, *verifying, "--output-format", "concise")
    assert broken.code == 1 and broken.out == "", broken.err
    assert fine.code == 0 and "error" not in fine.err, fine.err
    got = (
        f"exit: {broken.code}\n--- stderr\n{broken.err}"
        f"--- verifies with {' '.join(verifying)}\nexit: {fine.code}\n--- stdout\n{fine.out}"
    )
    expected = path.with_suffix(".expected")
    if UPDATE:
        expected.write_text(got)
    assert got == expected.read_text()


def test_every_rule_has_a_fixture() -> None:
    """One fixture per rule the issue names, and each has its golden."""
    stems = {p.stem for p in FILES}
    for rule in ("reshape_count", "tf_reshape_const", "dot_contracting", "concat", "broadcast", "conv_window"):
        assert any(rule in s for s in stems), rule
    assert all(p.with_suffix(".expected").exists() for p in FILES)


_FIRST = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)$", re.M)


def golden_error(path: Path) -> tuple[int, int, str]:
    """The first error of the fixture's golden: (line, column, message without its code)."""
    found = _FIRST.search(path.with_suffix(".expected").read_text())
    assert found is not None
    return int(found.group(2)), int(found.group(3)), re.sub(r" \[BC\d+\]$", "", found.group(4))
