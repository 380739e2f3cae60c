"""What ``--fix`` writes in the golden tests of StableHLO and CHLO, verified by iree-opt's parser
and verifiers (``iree.compiler.ir``, ``make oracle``), and what it used to write through
``scf.yield``, which they reject; the tf ones are in ``test_tf_fix_verified.py`` (``make oracle-tf``)."""

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


def test_iree_rejects_what_fix_wrote_through_a_yield() -> None:
    """Why stop.mlir's @yield has no fix: retyping scf.yield's operand alone breaks its scf.if."""
    from iree.compiler import ir

    text = (GOLDEN / "stop.mlir").read_text()
    text = text[text.index("func.func @yield") :]
    old_fix = text.replace(
        "-> tensor<8x1xf32>\n    scf.yield %0 : tensor<8x1xf32>",
        "-> tensor<8x5xf32>\n    scf.yield %0 : tensor<8x5xf32>",
    )
    assert old_fix != text
    with ir.Context() as ctx, pytest.raises(ir.MLIRError, match="successor operand type #0 'tensor<8x5xf32>'"):
        ir.Module.parse(old_fix, ctx)
