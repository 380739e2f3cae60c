"""The func dialect: functions, calls and returns (forms only; value flow checks them)."""

from broadcheck.dialects.op import FUNCTIONAL, OPERAND_LIST, Op, ops

OPS = ops(
    Op("func.func", FUNCTIONAL, isolated=True),
    Op("func.return", OPERAND_LIST),
    Op("func.call", FUNCTIONAL),
    Op("func.call_indirect", FUNCTIONAL),
    Op("func.constant", FUNCTIONAL),
)
