"""The cf dialect: branches (forms only; value flow checks the successors' operands)."""

from broadcheck.dialects.op import NONE, Op, ops

OPS = ops(
    Op("cf.br", NONE),
    Op("cf.cond_br", NONE, implicit=("i1",)),
    Op("cf.switch", NONE),
    Op("cf.assert", NONE, implicit=("i1",)),
)
