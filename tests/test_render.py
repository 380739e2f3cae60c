"""Golden outputs: the rendering of real errors, byte for byte, colour off.

Run with ``BROADCHECK_UPDATE_GOLDEN=1`` to rewrite the golden files after a
deliberate change; review the diff before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT, Invoke

GOLDEN = ROOT / "tests" / "golden"
CASES = [
    ("every_error.full.txt", ["check", "examples/every_error.mlir"]),
    ("every_error.concise.txt", ["check", "--output-format", "concise", "examples/every_error.mlir"]),
    ("every_error.llvm.txt", ["check", "--profile", "llvm", "examples/every_error.mlir"]),
    ("seed_typo.full.txt", ["check", "examples/seed_typo.mlir"]),
    ("infer.full.txt", ["infer", "tensor<4x3x2xi32>", "tensor<3x3xi32>"]),
]


@pytest.mark.parametrize(("name", "args"), CASES, ids=[c[0] for c in CASES])
def test_golden(name: str, args: list[str], run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    result = run(*args)
    assert result.code == 1
    golden = GOLDEN / name
    if os.environ.get("BROADCHECK_UPDATE_GOLDEN"):
        golden.write_text(result.out)
    assert result.out == golden.read_text()
    assert "\x1b[" not in result.out


def test_force_color_and_no_color(run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = run("check", "examples/seed_typo.mlir", env={"FORCE_COLOR": "1"})
    assert "\x1b[" in coloured.out
    assert re.search(r"\x1b\[[0-9;]*3[0-7]m", coloured.out)  # a foreground colour
    # NO_COLOR removes colour; emphasis (bold) may stay, as no-color.org allows.
    no_colour = run("check", "examples/seed_typo.mlir", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert not re.search(r"\x1b\[[0-9;]*(3[0-9]|9[0-7])(;[0-9]+)*m", no_colour.out)
    assert re.sub(r"\x1b\[[0-9;]*m", "", no_colour.out) == Path(GOLDEN / "seed_typo.full.txt").read_text()
