"""``broadcheck refine`` on the JAX symbolic exports in MLIR's generic form (issue 32's ``refgeneric``).

Each ``bench/.data/exports-jax/*-dyn.export.generic.mlir`` (``jax.export``'s module printed with
``--mlir-print-op-generic``; git-ignored: ``make exports`` or a copy) refined with ``--dim`` at batch
1, 8 and 64 (the decoder's ``s`` at 12) must say nothing, keep no dynamic dimension, verify with
iree-opt 3.13, and be, op by op and type by type, what its custom-form twin
(``*-dyn.export.mlir``, whose refinement ``test_refine_jax.py`` holds equal to jaxlib's) refines
to: iree-opt prints both refined modules in the generic form, and the two prints are the same text.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = ROOT / "bench" / ".data" / "exports-jax"
IREE_OPT = (
    os.environ.get("BROADCHECK_IREE_OPT")
    or shutil.which("iree-opt", path=str(Path(sys.executable).parent))
    or "iree-opt"
)
MODELS = ["mlp", "lstm", "decoder", "vit"]
_DYNAMIC = re.compile(r"tensor<(?:[^>]*x)?\?")


def _printed(text: str) -> str:
    """iree-opt's generic print of ``text`` (it must parse and verify)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
    try:
        done = subprocess.run(
            [IREE_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic", handle.name],
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    finally:
        os.unlink(handle.name)
    assert done.returncode == 0, done.stderr[:2000]
    return done.stdout


def _refined(path: Path, dims: dict[str, int]) -> str:
    after, diagnostics, _ = refine_text(str(path), path.read_text(), Request({}, dims), Options())
    assert [d.message for d in diagnostics] == []
    assert _DYNAMIC.search(after) is None, _DYNAMIC.search(after)
    return after


@pytest.mark.parametrize("batch", [1, 8, 64])
@pytest.mark.parametrize("model", MODELS)
def test_generic_export_refines_as_its_custom_twin(model: str, batch: int) -> None:
    if shutil.which(IREE_OPT) is None and not Path(IREE_OPT).exists():
        pytest.fail("needs iree-opt (BROADCHECK_IREE_OPT): run `make oracle`", pytrace=False)
    generic = EXPORTS / f"{model}-dyn.export.generic.mlir"
    custom = EXPORTS / f"{model}-dyn.export.mlir"
    assert generic.exists() and custom.exists(), "needs the JAX exports: `make exports`"
    dims = {"b": batch, **({"s": 12} if model == "decoder" else {})}
    ours = _refined(generic, dims)
    assert ours != generic.read_text()
    assert _printed(ours) == _printed(_refined(custom, dims))
