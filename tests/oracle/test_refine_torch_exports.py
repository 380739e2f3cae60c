"""torch-mlir exports with a dynamic batch (issue 32): ``bench/refine_torch.py`` (made by the
interpreter ``BROADCHECK_TORCH_PYTHON``, which has torch and torch-mlir, when missing) exports an
MLP with ``dynamic_shapes`` as StableHLO, Linalg-on-tensors and TOSA, and at batch 1, 8 and 64
(the static twins). broadcheck refines each dynamic export at each batch: its output must keep no
``?``, have no diagnostic, verify with iree-opt 3.13, and give ``@main`` the twin's signature.

Linalg holds: its inits are ``tensor.empty`` of ``tensor.dim`` values, which refine writes as
the canonicalizer does (``tensor.empty() : tensor<8x32xf32>``, and ``expand_shape``'s
``output_shape`` as constants). StableHLO holds: torch-mlir computes its broadcast shapes with
the ``shape`` dialect (``shape.shape_of``, ``shape.const_shape``, ``shape.broadcast``), which
refine folds to known extents, and ``shape.assuming`` takes what its region yields. TOSA does not
yet (a strict expected failure, the reason in its ``xfail``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.oracle.test_refine_tosa import iree_complaint

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / ".data" / "exports-refine-torch"
TORCH_PYTHON = os.environ.get("BROADCHECK_TORCH_PYTHON") or sys.executable

_WHY = {
    "tosa": "tosa.reshape with a -1 in its shape does not infer (BC1860); iree-opt 3.13 does not read "
    "torch-mlir's tosa.const_shape {values = ...} form either",
}


def _signature(text: str) -> str:
    found = re.search(r"func\.func @main\((.*?)\) -> (.*?) \{", text)
    assert found is not None
    return found.group(0)


@pytest.mark.parametrize("batch", [1, 8, 64])
@pytest.mark.parametrize(
    "kind",
    [
        "linalg-on-tensors",
        "stablehlo",
        *(pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=why)) for k, why in _WHY.items()),
    ],
)
def test_torch_exports(kind: str, batch: int) -> None:
    """The dynamic export at this batch refines to the twin's signature and verifies."""
    path, twin = OUT / f"mlp.dyn.{kind}.mlir", OUT / f"mlp.b{batch}.{kind}.mlir"
    if not path.exists() or not twin.exists():
        done = subprocess.run(
            [TORCH_PYTHON, "-m", "bench.refine_torch"], cwd=ROOT, capture_output=True, text=True, timeout=1800
        )
        if done.returncode != 0:
            pytest.fail(f"needs torch and torch-mlir (BROADCHECK_TORCH_PYTHON): {done.stderr[-500:]}", pytrace=False)
    text = path.read_text()
    after, diagnostics, _ = refine_text(path.name, text, Request({("main", 0): f"tensor<{batch}x20xf32>"}), Options())
    problems = [f"broadcheck: {d.line}: {d.severity}: {d.message} [{d.code}]" for d in diagnostics]
    left = re.findall(r"tensor<(?:[^>]*x)?\?[^>]*>", after)
    if left:
        problems.append(f"{len(left)} dynamic types left, e.g. {left[0]}")
    complaint = iree_complaint(after)
    if complaint is not None:
        problems.append(f"iree-opt rejects broadcheck's output: {complaint[:300]}")
    if _signature(after) != _signature(twin.read_text()):
        problems.append(f"@main: broadcheck {_signature(after)!r}, the static export {_signature(twin.read_text())!r}")
    assert not problems, "\n".join(problems[:10])
