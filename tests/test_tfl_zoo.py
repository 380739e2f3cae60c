"""The ``tfl`` zoo's valid neighbours (``tests/fixtures/tfl_zoo.mlir``): IR that TensorFlow 2.21's converter
wrote and its flatbuffer importer verified. broadcheck must say nothing on it under either profile, not even
a warning (the fixture's own ``--verify-diagnostics`` run lets an unannotated warning pass)."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from tests.conftest import FIXTURES

ZOO = FIXTURES / "tfl_zoo.mlir"


@pytest.mark.parametrize("profile", ["spec", "llvm"])
def test_silent(profile: str) -> None:
    diagnostics = check_text(ZOO.read_text(), path=str(ZOO), profile=profile, split_marker="// -----")
    assert [(d.line, d.severity, d.message) for d in diagnostics] == []
