"""The builtin dialect: ``module`` and ``unrealized_conversion_cast`` (forms only)."""

from broadcheck.dialects.op import FUNCTIONAL, Op, ops

OPS = ops(
    Op("builtin.module", FUNCTIONAL, isolated=True),
    Op("builtin.unrealized_conversion_cast", FUNCTIONAL),
)
