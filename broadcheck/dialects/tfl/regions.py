"""``tfl.while``: what the loop carries, as warnings.

Its verifier (``WhileOp::verify``) checks the counts of operands and results, of the condition's
and the body's arguments, and the shapes of those arguments pairwise: errors (BC1304) in its
words, confirmed on TensorFlow 2.21's flatbuffer importer, which builds each region's arguments
from its subgraph's signature (``tests/oracle/test_tfl_while_new.py``). The rest it does not
check, so broadcheck warns where the loop's type lists disagree: the operands, the results, each
region's arguments and what the body yields, in count (BC795) and per value (BC796, the types not
cast compatible); and where the condition does not yield one ``tensor<i1>`` (BC797).

PASS::

    %r = "tfl.while"(%i) ({^bb0(%a: tensor<i32>): ... "tfl.yield"(%c) : (tensor<i1>) -> ()},
                          {^bb0(%a: tensor<i32>): "tfl.yield"(%a) : (tensor<i32>) -> ()})
        : (tensor<i32>) -> tensor<i32>
"""

from __future__ import annotations

from broadcheck.dialects.common import compatible
from broadcheck.dialects.tf.base import tf
from broadcheck.dialects.tf.regions import cast_compatible
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile


def _unknown(types: tuple[Type, ...]) -> bool:
    return any(isinstance(t, OpaqueType) and t.text == "?" for t in types)


def verify(op: Operation) -> Problem | None:
    """``WhileOp::verify`` (``tfl_ops.cc``): as many results as operands, as many condition arguments
    as body arguments, each pair of them of compatible shapes (``verifyCompatibleShape``: the
    element types are not compared)."""
    if len(op.operands) != len(op.results):
        return tf("BC1304", "results", n=len(op.operands), m=len(op.results))
    if len(op.regions) != 2:
        return None
    cond, body = op.regions
    if _unknown(cond.arguments) or _unknown(body.arguments):
        return None
    if len(cond.arguments) != len(body.arguments):
        return tf("BC1304", "arguments", n=len(cond.arguments), m=len(body.arguments))
    for a, b in zip(cond.arguments, body.arguments, strict=True):
        if not (isinstance(a, ShapedType) and isinstance(b, ShapedType)):
            if "".join(str(a).split()) != "".join(str(b).split()):
                return None  # another kind of type: not modelled
            continue
        if not compatible(a.shape, b.shape):
            return tf("BC1304", "argument-type", a=a, b=b)
    return None


def while_(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.while``: its verifier; then, as warnings, the operands against the results, the
    regions' arguments and the body's yields."""
    problem = verify(op)
    if problem is not None:
        return problem
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
