"""What ``--fix`` writes in the golden tests of ``tf``, verified by TensorFlow's verifiers
(``make oracle-tf``), and what the fix used to write through ``tf.Relu``, which they reject."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.oracle

GOLDEN = ROOT / "tests" / "golden" / "fix"


def _verdict(text: str) -> str:
    import tensorflow as tf

    try:
        tf.mlir.experimental.run_pass_pipeline(text, "")
    except Exception as err:  # TensorFlow raises a bare Exception with the diagnostics
        return next(line for line in str(err).splitlines() if ": error: " in line)
    return "ok"


@pytest.mark.parametrize("name", ["follow.fixed.mlir"])
def test_tensorflow_accepts_what_fix_wrote(name: str) -> None:
    assert _verdict((GOLDEN / name).read_text()) == "ok"


def test_tensorflow_rejects_what_fix_wrote_through_an_unchecked_op() -> None:
    """Why stop.mlir has no fix: retyping tf.Relu's operand alone gives IR TensorFlow rejects."""
    text = (GOLDEN / "stop.mlir").read_text()
    text = text[: text.index("func.func @yield")]  # TensorFlow registers no scf or tosa
    old_fix = text.replace("tensor<1x5xf32>) -> tensor<8x1xf32>\n  %3", "tensor<1x5xf32>) -> tensor<8x5xf32>\n  %3")
    old_fix = old_fix.replace('"tf.Relu"(%2) : (tensor<8x1xf32>)', '"tf.Relu"(%2) : (tensor<8x5xf32>)')
    assert "'tf.Relu' op requires the same shape for all operands and results" in _verdict(old_fix)
