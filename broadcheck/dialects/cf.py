"""The cf dialect: branches (forms only; value flow checks the successors' operands)."""

from broadcheck.dialects.op import NONE, OPERANDS, Op, ops

OPS = ops(
    Op("cf.br", NONE),
    Op("cf.cond_br", NONE),
    Op("cf.switch", NONE),
    Op("cf.assert", OPERANDS),
)
