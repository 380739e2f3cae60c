"""The ``tfl`` zoo's valid neighbours (``tests/fixtures/tfl_zoo.mlir``: IR that TensorFlow 2.21's converter
wrote and its flatbuffer importer verified; ``tfl_zoo_control.mlir``: ``tfl.control_node``'s short form).
broadcheck must say nothing on them under either profile, not even a warning (a fixture's own
``--verify-diagnostics`` run lets an unannotated warning pass)."""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.api import check_text
from tests.conftest import FIXTURES

ZOO = [FIXTURES / "tfl_zoo.mlir", FIXTURES / "tfl_zoo_control.mlir"]


@pytest.mark.parametrize("profile", ["spec", "llvm"])
@pytest.mark.parametrize("path", ZOO, ids=lambda p: p.name)
def test_silent(path: Path, profile: str) -> None:
    diagnostics = check_text(path.read_text(), path=str(path), profile=profile, split_marker="// -----")
    assert [(d.line, d.severity, d.message) for d in diagnostics] == []
