"""What ``--fix`` writes in the golden tests of StableHLO and CHLO, verified by iree-opt's parser
and verifiers (``iree.compiler.ir``, ``make oracle``); the tf ones are in
``test_tf_fix_verified.py`` (``make oracle-tf``)."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.oracle

GOLDEN = ROOT / "tests" / "golden" / "fix"


@pytest.mark.parametrize("name", ["hlo.fixed.mlir"])
def test_iree_accepts_what_fix_wrote(name: str) -> None:
    from iree.compiler import ir

    with ir.Context() as ctx:
        ir.Module.parse((GOLDEN / name).read_text(), ctx)  # raises ir.MLIRError if rejected
