"""The scf dialect: structured control flow (forms only: value flow and :mod:`broadcheck.engine.control`
judge what their regions yield, ``RegionBranchOpInterface``'s edges)."""

from broadcheck.dialects.op import FOR, FUNCTIONAL, NONE, OPERAND_LIST, Op, Reading, custom, ops
from broadcheck.syntax.statement import Statement, TypeText


def condition(statement: Statement) -> Reading:
    """``scf.condition(%c) %x, %y : T, U``: an ``i1``, then the values forwarded, typed by the list."""
    sig = statement.signature
    forwarded = list(sig.inputs) if sig is not None and sig.kind == "list" else []
    if len(forwarded) != len(statement.operands) - 1:
        forwarded = [None] * (len(statement.operands) - 1)  # type: ignore[list-item]
    operands: list[TypeText | None] = [TypeText("i1", 0, 0, "i1"), *forwarded]
    return Reading(operands[: len(statement.operands)], [])


def forall(statement: Statement) -> Reading:
    """``scf.forall (%i) in (%n) shared_outs(%o = %a) -> (T)``: the bounds are ``index``, each
    shared output the result type in its place."""
    sig = statement.signature
    outputs = list(sig.outputs) if sig is not None and sig.kind == "arrow" else []
    shared = next((i for i in statement.items if i.kind == "bindings"), None)
    index = TypeText("index", 0, 0, "index")
    operands: list[TypeText | None] = []
    k = 0
    for use in statement.operands:
        if shared is not None and shared.start <= use.start < shared.end:
            operands.append(outputs[k] if k < len(outputs) else None)
            k += 1
        else:
            operands.append(index)
    if k != len(outputs):
        return Reading([None] * len(statement.operands), [None] * statement.result_count)
    return Reading(operands, list(outputs) if len(outputs) == statement.result_count else [None] * len(outputs))


OPS = ops(
    Op("scf.for", FOR),
    Op("scf.forall", custom(forall)),
    Op("scf.parallel", NONE),
    Op("scf.if", NONE, implicit=("i1",)),
    Op("scf.while", FUNCTIONAL),
    Op("scf.execute_region", NONE),
    Op("scf.index_switch", NONE),
    Op("scf.yield", OPERAND_LIST),
    Op("scf.condition", custom(condition)),
    Op("scf.reduce", NONE),
    Op("scf.reduce.return", OPERAND_LIST),
    Op("scf.in_parallel", NONE),
)
