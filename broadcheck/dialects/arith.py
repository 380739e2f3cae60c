"""The arith dialect (forms only): ``arith.addf %a, %b : f32`` gives every operand and the
result one type, ``arith.cmpf oeq, %a, %b : f32`` the operands alone, casts ``A to B``."""

from broadcheck.dialects.literal import same_type
from broadcheck.dialects.op import CONVERSION, RESULT, SAME, Op, Reading, custom, ops
from broadcheck.dialects.shaped import derived, reading, trailing_types, unplaced, view_text
from broadcheck.syntax.statement import Statement

_SAME = (
    "addf addi addui_extended ceildivsi ceildivui divf divsi divui floordivsi maximumf maxnumf maxsi maxui minimumf "
    "minnumf minsi minui mulf muli mulsi_extended mului_extended negf remf remsi remui subf subi andi ori xori "
    "shli shrsi shrui"
).split()
_CASTS = (
    "bitcast extf extsi extui fptosi fptoui index_cast index_castui sitofp uitofp truncf trunci scaling_extf "
    "scaling_truncf"
).split()


def _compare(statement: Statement) -> Reading:
    """``arith.cmpf oeq, %a, %b : T``: the operands are ``T``, the result ``T`` with ``i1`` elements
    (``vector<3xindex>`` gives ``vector<3xi1>``: the element is replaced whole, never by its text)."""
    types = trailing_types(statement)
    if len(types) != 1 or len(statement.operands) != 2:
        return unplaced(statement)
    v = view_text(types[0].text)
    result = derived("i1" if v is None else str(v._replace(element="i1")), types[0])
    return reading([types[0]] * 2, [result])


def _sum_and_overflow(statement: Statement) -> Reading:
    """``arith.addui_extended %a, %b : T, B``: the operands and the sum are ``T``, the overflow ``B``."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) != 2:
        return unplaced(statement)
    return reading([types[0]] * 2, [types[0], types[1]])


def _select(statement: Statement) -> Reading:
    """``arith.select %c, %a, %b : T`` (the condition ``i1``) or ``: C, T``: the values and the
    result are ``T``."""
    types = trailing_types(statement)
    if len(types) not in (1, 2) or len(statement.operands) != 3:
        return unplaced(statement)
    value = types[-1]
    condition = types[0] if len(types) == 2 else derived("i1", statement.operands[0])
    return reading([condition, value, value], [value])


OPS = ops(
    [Op(f"arith.{name}", SAME) for name in _SAME if name != "addui_extended"],
    # `%sum, %overflow = arith.addui_extended %a, %b : T, B`
    Op("arith.addui_extended", custom(_sum_and_overflow)),
    [Op(f"arith.{name}", CONVERSION) for name in _CASTS],
    Op("arith.cmpf", custom(_compare)),
    Op("arith.cmpi", custom(_compare)),
    Op("arith.constant", RESULT, same_type, "constant", literal="value"),
    # `arith.select %c, %a, %b : T`, or `: C, T` for a shaped condition
    Op("arith.select", custom(_select)),
)
