"""The arith dialect (forms only): ``arith.addf %a, %b : f32`` gives every operand and the
result one type, ``arith.cmpf oeq, %a, %b : f32`` the operands alone, casts ``A to B``."""

from broadcheck.dialects.literal import same_type
from broadcheck.dialects.op import COMPARE, CONVERSION, RESULT, SAME, SELECT, Op, ops

_SAME = (
    "addf addi addui_extended ceildivsi ceildivui divf divsi divui floordivsi maximumf maxnumf maxsi maxui minimumf "
    "minnumf minsi minui mulf muli mulsi_extended mului_extended negf remf remsi remui subf subi andi ori xori "
    "shli shrsi shrui"
).split()
_CASTS = (
    "bitcast extf extsi extui fptosi fptoui index_cast index_castui sitofp uitofp truncf trunci scaling_extf "
    "scaling_truncf"
).split()

OPS = ops(
    [Op(f"arith.{name}", SAME) for name in _SAME if not name.endswith("_extended")],
    [Op(f"arith.{name}", CONVERSION) for name in _CASTS],
    Op("arith.cmpf", COMPARE),
    Op("arith.cmpi", COMPARE),
    Op("arith.constant", RESULT, same_type, "constant", literal="value"),
    # `arith.select %c, %a, %b : T`, or `: C, T` for a shaped condition
    Op("arith.select", SELECT, implicit=("i1",)),
)
