"""The func dialect: functions, calls and returns (``FuncOps.td``).

Value flow checks functions, calls and returns; the symbol table checks ``func.call``'s
callee. ``func.constant`` and ``func.call_indirect`` print one function type: the constant's
result has it, and ``call_indirect``'s callee, whose inputs and results are the call's own
(the custom form derives them from it, so value flow holds each argument's definition to
it, as the parser does). The generic form's ``TypesMatchWith`` predicates are not checked:
broadcheck's type grammar does not read a function type as an operand's type.
"""

from __future__ import annotations

from broadcheck.dialects.op import FUNCTIONAL, OPERAND_LIST, Op, Reading, custom, ops
from broadcheck.dialects.shaped import reading, unplaced
from broadcheck.syntax.statement import Statement, TypeText


def _function_type(statement: Statement) -> TypeText | None:
    """The function type a custom form writes after its ``:``, as one type."""
    sig = statement.signature
    if sig is None or sig.kind != "function":
        return None
    item = next((i for i in statement.items if i.kind == "types"), None)
    if item is None:
        return None
    return TypeText(item.text, item.start, item.end, "".join(item.text.split()))


def constant_form(statement: Statement) -> Reading:
    """``func.constant @f : (T) -> U``: the result is the function type."""
    whole = _function_type(statement)
    if whole is None or statement.result_count != 1:
        return unplaced(statement)
    return reading([], [whole])


def call_indirect_form(statement: Statement) -> Reading:
    """``func.call_indirect %f(%a) : (T) -> U``: ``%f`` is the function type, ``%a`` its
    input, the results its results."""
    whole = _function_type(statement)
    sig = statement.signature
    if whole is None or sig is None or len(sig.inputs) != len(statement.operands) - 1:
        return unplaced(statement)
    return reading([whole, *sig.inputs], list(sig.outputs))


OPS = ops(
    Op("func.func", FUNCTIONAL, isolated=True),
    Op("func.return", OPERAND_LIST),
    Op("func.call", FUNCTIONAL),
    Op("func.call_indirect", custom(call_indirect_form)),
    Op("func.constant", custom(constant_form)),
)
