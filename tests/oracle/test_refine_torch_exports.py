"""torch-mlir exports with a dynamic batch (issue 32): ``bench/refine_torch.py`` (made by the
interpreter ``BROADCHECK_TORCH_PYTHON``, which has torch and torch-mlir, when missing) exports an
MLP with ``dynamic_shapes`` as StableHLO, Linalg-on-tensors and TOSA, and at batch 1, 8 and 64
(the static twins). broadcheck refines each dynamic export at each batch: its output must keep no
``?``, have no diagnostic, verify with iree-opt 3.13, and give ``@main`` the twin's signature.

Linalg holds: its inits are ``tensor.empty`` of ``tensor.dim`` values, which refine writes as
the canonicalizer does (``tensor.empty() : tensor<8x32xf32>``, and ``expand_shape``'s
``output_shape`` as constants). StableHLO holds: torch-mlir computes its broadcast shapes with
the ``shape`` dialect (``shape.shape_of``, ``shape.const_shape``, ``shape.broadcast``), which
refine folds to known extents, and ``shape.assuming`` takes what its region yields. TOSA holds
too: ``tosa.const_shape`` shapes are known, a ``tosa.reshape`` with a ``-1`` takes the rest of
the element count (as ``tosa-infer-shapes`` does) and ``tosa.matmul`` says the result it infers.
iree-opt 3.13 does not parse torch-mlir's TOSA custom forms, so torch-mlir (``BROADCHECK_TORCH_PYTHON``)
parses and verifies the refined TOSA and prints it generically for iree-opt (the test fails, naming the variable, without it).
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

_GENERIC = """
import sys
from torch_mlir import ir
with ir.Context() as context:
    context.load_all_available_dialects()
    sys.stdout.write(ir.Module.parse(sys.stdin.read()).operation.get_asm(print_generic_op_form=True))
"""
"""torch-mlir reads its own TOSA (``tosa.const_shape {values = ...}``, ``tosa.clamp %x {...}``,
which iree-opt 3.13's TOSA does not parse) and prints it in the generic form, which iree-opt reads."""


def _generic(text: str) -> tuple[str | None, str | None]:
    """(``text`` in the generic form, torch-mlir's complaint): torch-mlir parses and verifies it."""
    done = subprocess.run(
        [TORCH_PYTHON, "-c", _GENERIC], input=text, capture_output=True, text=True, timeout=600, check=False
    )
    if "No module named 'torch_mlir'" in done.stderr:
        pytest.fail(
            "TOSA: needs torch-mlir (set BROADCHECK_TORCH_PYTHON) to print torch-mlir's TOSA generically", pytrace=False
        )
    return (done.stdout, None) if done.returncode == 0 else (None, done.stderr[-2000:])


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
        "tosa",
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
    complaint = None
    if kind == "tosa":
        after_generic, complaint = _generic(after)
        if complaint is not None:
            problems.append(f"torch-mlir rejects broadcheck's output: {complaint[:300]}")
        else:
            assert after_generic is not None
            complaint = iree_complaint(after_generic)
    else:
        complaint = iree_complaint(after)
    if complaint is not None:
        problems.append(f"iree-opt rejects broadcheck's output: {complaint[:300]}")
    if _signature(after) != _signature(twin.read_text()):
        problems.append(f"@main: broadcheck {_signature(after)!r}, the static export {_signature(twin.read_text())!r}")
    assert not problems, "\n".join(problems[:10])
