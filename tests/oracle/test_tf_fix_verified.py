"""What ``--fix`` writes in the golden tests of ``tf``, verified by TensorFlow's verifiers
(``make oracle-tf``), and what the fix would write through ``tf.EnsureShape``, which fails when run."""

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


def test_what_fix_would_write_through_an_unchecked_op_fails_when_the_graph_runs() -> None:
    """Why stop.mlir has no fix: retyping tf.EnsureShape's operand alone gives IR that TensorFlow's
    verifier accepts (it relates none of EnsureShape's types) and that fails when it runs (the op
    asserts its ``shape``). (The golden used tf.Relu, then tf.StopGradient: both are checked now.)"""
    import tensorflow as tf

    text = (GOLDEN / "stop.mlir").read_text()
    text = text[: text.index("func.func @callee")]  # the first function, the one with the fix
    old_fix = text.replace("tensor<1x5xf32>) -> tensor<8x1xf32>\n  %3", "tensor<1x5xf32>) -> tensor<8x5xf32>\n  %3")
    old_fix = old_fix.replace('"tf.EnsureShape"(%2) {shape = #tf_type.shape<8x1>} : (tensor<8x1xf32>)',
                              '"tf.EnsureShape"(%2) {shape = #tf_type.shape<8x1>} : (tensor<8x5xf32>)')  # fmt: skip
    assert old_fix != text and _verdict(old_fix) == "ok"
    with pytest.raises(tf.errors.InvalidArgumentError, match="Shape of tensor"):
        tf.ensure_shape(tf.zeros([8, 5]), [8, 1])
