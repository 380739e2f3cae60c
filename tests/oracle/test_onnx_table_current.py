"""ONNX-MLIR's type-constraint table (``broadcheck/dialects/onnx/constraints.json``) is current:
regenerated from the ODS files of the onnx-mlir commit it records, it is the file in the repository,
byte for byte. A changed generator shows as a difference; ``make ods ONNX_MLIR=...`` regenerates it.

It needs an onnx-mlir git directory holding that commit (``$BROADCHECK_ONNX_MLIR``, or a clone at
``.onnx-mlir``), and FAILS, saying where it looked, when there is none.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from broadcheck.dialects.onnx import generate

pytestmark = pytest.mark.oracle

TABLE = Path(generate.__file__).parent / "constraints.json"


def test_the_table_is_current() -> None:
    repo = generate.default_repo()
    commit = json.loads(TABLE.read_text(encoding="utf-8"))["source"]["commit"]
    found = subprocess.run(["git", "-C", str(repo), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
    assert found.returncode == 0, f"no onnx-mlir git directory holding {commit} at {repo}: set BROADCHECK_ONNX_MLIR"
    assert generate.render(generate.generate(repo, commit)) == TABLE.read_text(encoding="utf-8")
