"""Linalg as in the LLVM that iree-base-compiler 3.13 carries (rules:
:mod:`broadcheck.semantics.linalg`)."""

from broadcheck.dialects.op import NONE, OPERAND_LIST, Op, family, ops

OPS = ops(
    Op("linalg.broadcast", NONE, family("linalg-broadcast"), "linalg-broadcast"),
    Op("linalg.yield", OPERAND_LIST),
)
