"""Differential campaign: ``broadcheck refine`` on TOSA functions against their static twins and
iree-opt 3.13 (issue 32).

iree-base-compiler 3.13 has no ``tosa-infer-shapes``; torch-mlir's Python bindings run it, but
their TOSA's assembly differs from iree-opt's (``tosa.const_shape``, the attributes of the
structural ops), so the oracle here is the static twin: ``bench/refine_static.py`` writes each
function with a ``?`` batch and again at a random static batch; broadcheck refines the first with
``--arg`` and its output must be the twin, type for type (each signature and each statement,
``tests/oracle/refine_compare.py``), with no diagnostic, and iree-opt must verify it (and the
inputs and twins, so that a case is sound). Knobs: ``BROADCHECK_REFINE_CASES`` (default 1000),
``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.oracle.refine_compare import count_types, differences, functions

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
COUNT = int(os.environ.get("BROADCHECK_REFINE_CASES", 1000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))
IREE_OPT = (
    os.environ.get("BROADCHECK_IREE_OPT")
    or shutil.which("iree-opt", path=str(Path(sys.executable).parent))
    or "iree-opt"
)


def iree_complaint(text: str) -> str | None:
    """iree-opt's complaint about ``text``, or ``None`` when it parses and verifies."""
    if shutil.which(IREE_OPT) is None and not Path(IREE_OPT).exists():
        pytest.fail("needs iree-opt (BROADCHECK_IREE_OPT): run `make oracle`", pytrace=False)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
    try:
        done = subprocess.run([IREE_OPT, handle.name, "-o", os.devnull], capture_output=True, text=True, timeout=1200)
    finally:
        os.unlink(handle.name)
    return None if done.returncode == 0 else done.stderr[:2000]


def campaign(family: str) -> tuple[int, int, list[str]]:
    """(functions, types compared, differences) of the static-twin campaign of ``family``."""
    sys.path.insert(0, str(ROOT))
    from bench.refine_static import generate, module

    cases = generate(COUNT, SEED, family)
    text, twin = module([c[1] for c in cases]), module([c[2] for c in cases])
    request = Request({(name, i): t for name, _, _, static in cases for i, t in static.items()})
    after, diagnostics, _ = refine_text(f"{family}.mlir", text, request, Options())
    problems = [f"broadcheck: {d.line}: {d.severity}: {d.message} [{d.code}]" for d in diagnostics]
    for what, checked in (("the input", text), ("the twin", twin), ("broadcheck's output", after)):
        complaint = iree_complaint(checked)
        if complaint is not None:
            problems.append(f"iree-opt rejects {what}: {complaint}")
    ours, theirs = functions(after), functions(twin)
    types = 0
    for name, _, _, _ in cases:
        problems += differences(name, ours[name], theirs[name])
        types += count_types(ours[name])
    return len(cases), types, problems


def test_generated_tosa_functions() -> None:
    """TOSA: broadcheck's refined output is the static twin and verifies."""
    count, types, problems = campaign("tosa")
    print(f"\nrefine TOSA campaign: {count} functions, {types} types compared, {len(problems)} differences")
    assert not problems, "\n".join(problems[:30])
