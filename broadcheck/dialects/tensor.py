"""The tensor dialect (forms only, for now)."""

from broadcheck.dialects.op import CONVERSION, NONE, RESULT, Op, ops

OPS = ops(
    Op("tensor.cast", CONVERSION),
    Op("tensor.bitcast", CONVERSION),
    Op("tensor.empty", RESULT),
    Op("tensor.dim", NONE),
    Op("tensor.yield", NONE),
)
