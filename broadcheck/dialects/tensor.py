"""The tensor dialect (forms only, for now)."""

from broadcheck.dialects.op import CONVERSION, FIRST, NONE, RESULT, Op, ops

OPS = ops(
    Op("tensor.cast", CONVERSION),
    Op("tensor.bitcast", CONVERSION),
    Op("tensor.empty", RESULT),
    Op("tensor.dim", FIRST, implicit=(None, "index")),
    Op("tensor.yield", NONE),
)
