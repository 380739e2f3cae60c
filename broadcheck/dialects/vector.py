"""Vector as in the LLVM that iree-base-compiler 3.13 carries (rules:
:mod:`broadcheck.semantics.vector`)."""

from broadcheck.dialects.op import CONVERSION, Op, family, ops

OPS = ops(
    Op("vector.broadcast", CONVERSION, family("vector-broadcast"), "vector-broadcast"),
)
