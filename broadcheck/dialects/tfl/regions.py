"""``tfl.while``: what the loop carries, as warnings.

TensorFlow 2.21 cannot verify ``tfl`` text (its flatbuffer importer builds a while loop from
the signatures of its subgraphs, so they agree there), so broadcheck warns where the loop's
type lists disagree: the operands, the results, each region's arguments and what the body
yields, in count (BC795) and per value (BC796, the types not cast compatible); and where the
condition does not yield one ``tensor<i1>`` (BC797).

PASS::

    %r = "tfl.while"(%i) ({^bb0(%a: tensor<i32>): ... "tfl.yield"(%c) : (tensor<i1>) -> ()},
                          {^bb0(%a: tensor<i32>): "tfl.yield"(%a) : (tensor<i32>) -> ()})
        : (tensor<i32>) -> tensor<i32>
"""

from __future__ import annotations

from broadcheck.dialects.tf.regions import cast_compatible
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile


def _unknown(types: tuple[Type, ...]) -> bool:
    return any(isinstance(t, OpaqueType) and t.text == "?" for t in types)


def while_(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.while``: the operands against the results, the regions' arguments and the body's yields."""
    if len(op.regions) != 2 or any(r.terminator != "tfl.yield" for r in op.regions):
        return None
    cond, body = op.regions
    if any(_unknown(r.arguments) or _unknown(r.yields) for r in op.regions):
        return None
    flag = cond.yields[0] if len(cond.yields) == 1 else None
    if not (isinstance(flag, ShapedType) and flag.kind == "tensor" and flag.shape in ((), None)):
        return Problem("BC797")
    if flag.element != "i1":
        return Problem("BC797")
    operands = tuple(u.type for u in op.operands)
    lists = (
        ("result", tuple(u.type for u in op.results)),
        ("condition argument", cond.arguments),
        ("body argument", body.arguments),
        ("body yield", body.yields),
    )
    for what, types in lists:
        if len(types) != len(operands):
            return Problem("BC795", {"n": len(operands), "what": what, "m": len(types)})
    for what, types in lists:
        for index, (given, carried) in enumerate(zip(types, operands, strict=True)):
            if not cast_compatible(given, carried):
                return Problem("BC796", {"what": what, "index": index, "type": given, "operand": carried})
    return None
