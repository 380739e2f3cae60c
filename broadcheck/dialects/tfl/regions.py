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
from broadcheck.dialects.op import Reading
from broadcheck.dialects.tf.base import tf
from broadcheck.dialects.tf.regions import cast_compatible
from broadcheck.dialects.tfl import ods
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, then
from broadcheck.syntax.statement import Statement, TypeText

CONTROL = TypeText("!tfl.control", 0, 0, "!tfl.control")


def _unknown(types: tuple[Type, ...]) -> bool:
    return any(isinstance(t, OpaqueType) and t.text == "?" for t in types)


def verify(op: Operation) -> Problem | None:
    """``WhileOp::verify`` (``tfl_ops.cc``): as many results as operands, as many condition arguments
    as body arguments, each pair of them of compatible shapes (``verifyCompatibleShape``: the
    element types are not compared)."""
    if len(op.operands) != len(op.results):
        return tf("BC1304", "results", n=len(op.operands), m=len(op.results))
    if len(op.regions) != 2:
        return NOT_JUDGED
    cond, body = op.regions
    if _unknown(cond.arguments) or _unknown(body.arguments):
        return NOT_JUDGED
    if len(cond.arguments) != len(body.arguments):
        return tf("BC1304", "arguments", n=len(cond.arguments), m=len(body.arguments))
    for a, b in zip(cond.arguments, body.arguments, strict=True):
        if not (isinstance(a, ShapedType) and isinstance(b, ShapedType)):
            if "".join(str(a).split()) != "".join(str(b).split()):
                return NOT_JUDGED  # another kind of type: not modelled
            continue
        if not compatible(a.shape, b.shape):
            return tf("BC1304", "argument-type", a=a, b=b)
    return None


def while_(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.while``: its verifier; then, as warnings, the operands against the results, the
    regions' arguments and the body's yields."""
    return then(verify(op), lambda: _warnings(op))


def _warnings(op: Operation) -> Problem | None:
    """``tfl.while``'s warnings: the operands against the results, the regions' arguments and the body's yields."""
    if len(op.regions) != 2 or any(r.terminator != "tfl.yield" for r in op.regions):
        return NOT_JUDGED
    cond, body = op.regions
    if any(_unknown(r.arguments) or _unknown(r.yields) for r in op.regions):
        return NOT_JUDGED
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


def constraints(op: Operation) -> Problem | None:
    """The op's operand and result type constraints as its ODS (the generated table) declares them, each
    value of a variadic group numbered among all, in the words MLIR's generated verifier prints
    (``operand #1 must be variadic of tensor of any type values or none type, but got 'i32'``)."""
    entry = ods.entry(op.name.removeprefix("tfl."))
    for kind, uses, declared in (("operand", op.operands, entry["operands"]), ("result", op.results, entry["results"])):
        variadic = len(uses) - (len(declared) - 1)  # how many values the (one) variadic group takes
        index = 0
        for _, constraint, summary in declared:
            many = variadic if constraint.startswith("variadic-") else 1
            for use in uses[index : index + many]:
                if not _meets(use.type, constraint.removeprefix("variadic-")):
                    return Problem("BC1557", {"kind": kind, "index": index, "summary": summary, "type": use.type})
                index += 1
    return None


def _meets(t: Type, constraint: str) -> bool:
    text = "".join(str(t).split())
    if isinstance(t, OpaqueType) and (t.text == "?" or (text.startswith("!") and not text.startswith("!tfl."))):
        return True  # unread, an alias or another dialect's type: not judged here (the engine passes them over)
    tensor = isinstance(t, ShapedType) and t.kind == "tensor"
    if constraint == "tensor":
        return tensor
    if constraint == "tensor-or-none":
        return tensor or text == "none"
    if constraint == "control":
        return text == "!tfl.control"
    return True


def _no_arguments(op: Operation) -> Problem | None:
    """``NoRegionArguments``: each region's entry block takes no arguments."""
    for index, region in enumerate(op.regions):
        if region.arguments:
            return Problem("BC1820", {"index": index})
    return None


def _ends_with_yield(op: Operation) -> Problem | None:
    """``SingleBlockImplicitTerminator<"YieldOp">``: a region that is not empty ends with ``tfl.yield``."""
    for region in op.regions:
        if region.terminator and region.terminator != "tfl.yield":
            return Problem("BC1821", {"found": region.terminator})
    return None


def if_(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.if``: its ODS (one operand; tensors), ``SingleBlockImplicitTerminator`` and
    ``NoRegionArguments``; then, as warnings, each branch's yields against the results, which its
    verifier does not relate (``tfl.yield`` is no ``RegionBranchTerminatorOpInterface``)."""
    if len(op.operands) != 1:
        return Problem("BC702", {"expected": 1, "count": len(op.operands)})
    problem = constraints(op) or _no_arguments(op) or _ends_with_yield(op)  # (a region trait: after the rest)
    if problem is not None or len(op.regions) != 2:
        return problem
    results = tuple(u.type for u in op.results)
    for index, region in enumerate(op.regions):
        if region.terminator != "tfl.yield" or _unknown(region.yields) or _unknown(results):
            continue
        if len(region.yields) != len(results):
            return Problem("BC1822", {"region": index, "n": len(region.yields), "m": len(results)})
        for k, (given, written) in enumerate(zip(region.yields, results, strict=True)):
            if "".join(str(given).split()) != "".join(str(written).split()):
                return Problem("BC1823", {"region": index, "index": k, "type": given, "result": written})
    return None


def control_node_form(statement: Statement) -> Reading:
    """``tfl.control_node(%ctl, ...) controls "tfl.add"(%a, %b) ... : (T, U) -> V`` (``ControlNodeOp::print``
    when the body forwards one op): the controls in parentheses, each ``!tfl.control``; the wrapped op's
    operands and results as its function type says, then a control result. (The importer prints it for
    a flatbuffer's control dependencies.) The region form writes no types."""
    from broadcheck.dialects.tf_executor import controls_first

    n, items = len(statement.operands), statement.items
    controls = controls_first(statement)
    operands: list[TypeText | None] = [CONTROL] * controls + [None] * (n - controls)
    results: list[TypeText | None] = [None] * statement.result_count
    sig = statement.signature
    wrapped = any(item.kind == "word" and item.text == "controls" for item in items)
    if wrapped and sig is not None and sig.kind == "function" and len(sig.inputs) == n - controls:
        operands[controls:] = sig.inputs
        if len(sig.outputs) + 1 == statement.result_count:
            results = [*sig.outputs, CONTROL]
    return Reading(operands, results)


def control_node_results(terminator: str, types: tuple[str | None, ...]) -> tuple[str | None, ...] | None:
    """A ``tfl.control_node``'s results in its region form: its ``tfl.yield``'s operands, then a control."""
    return (*types, CONTROL.key) if terminator == "tfl.yield" else None


def control_node(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.control_node``: its ODS (``!tfl.control`` operands, tensors then one ``!tfl.control``
    result), then ``ControlNodeOp::verify`` (``tfl_ops.cc``, before the terminator trait, a region trait): a
    body without arguments, ending with a ``tfl.yield`` that gives the results but the last, each of the
    same type (the terminator's problems reported at it, as MLIR does)."""
    if len(op.regions) != 1:  # its short form (`tfl.control_node(%c) controls "tfl.add"(...) ...`): the
        return NOT_JUDGED  # types written are the wrapped op's
    problem = constraints(op)
    if problem is not None:
        return problem
    body = op.regions[0]
    if body.arguments:
        return Problem("BC1824")
    if body.terminator and body.terminator != "tfl.yield":  # its verify() runs before the terminator trait
        return Problem("BC1827", {"found": body.terminator}, span=body.at)
    results = tuple(u.type for u in op.results)[:-1]
    if body.terminator != "tfl.yield" or _unknown(body.yields) or _unknown(results):
        return None
    if len(body.yields) != len(results):
        return Problem("BC1825", {"n": len(body.yields), "m": len(results)}, span=body.at)
    for index, (given, written) in enumerate(zip(body.yields, results, strict=True)):
        if "".join(str(given).split()) != "".join(str(written).split()):
            return Problem("BC1826", {"index": index}, span=body.at)
    return None


def custom(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.custom``, ``tfl.custom_tf``, ``tfl.poly_call``: their ODS (tensors or ``none`` in, tensors
    out) and, for those with a body, ``SingleBlockImplicitTerminator`` (``CustomOp::verify`` accepts
    everything; ``poly_call`` names no region edges, so its verifier relates no region to it)."""
    return constraints(op) or _ends_with_yield(op)
