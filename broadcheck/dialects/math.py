"""The math dialect (forms only): one trailing type for every operand and the result."""

from broadcheck.dialects.op import OPERAND_LIST, OPERANDS, SAME, Op, ops

_SAME = (
    "absf absi acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh ctlz cttz ctpop erf erfc exp exp2 "
    "expm1 floor fma log log10 log1p log2 powf round roundeven rsqrt sin sinh sqrt tan tanh trunc"
).split()

OPS = ops(
    [Op(f"math.{name}", SAME) for name in _SAME],
    Op("math.fpowi", OPERAND_LIST),
    Op("math.ipowi", SAME),
    Op("math.isnan", OPERANDS),
    Op("math.isinf", OPERANDS),
    Op("math.isfinite", OPERANDS),
    Op("math.isnormal", OPERANDS),
)
