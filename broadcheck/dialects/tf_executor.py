"""TensorFlow's executor dialect: ``tf_executor.island wraps "tf.AddV2"(...) ...`` holds an op."""

from broadcheck.dialects.op import FUNCTIONAL, Op, ops

OPS = ops(
    Op("tf_executor.island", FUNCTIONAL, wraps=True),
)
