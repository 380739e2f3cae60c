"""The scf dialect: structured control flow (forms only)."""

from broadcheck.dialects.op import FOR, FUNCTIONAL, NONE, OPERAND_LIST, Op, ops

OPS = ops(
    Op("scf.for", FOR),
    Op("scf.forall", NONE),
    Op("scf.parallel", NONE),
    Op("scf.if", NONE, implicit=("i1",)),
    Op("scf.while", FUNCTIONAL),
    Op("scf.execute_region", NONE),
    Op("scf.index_switch", NONE),
    Op("scf.yield", OPERAND_LIST),
    Op("scf.condition", NONE, implicit=("i1",)),
    Op("scf.reduce", NONE),
    Op("scf.reduce.return", OPERAND_LIST),
    Op("scf.in_parallel", NONE),
)
