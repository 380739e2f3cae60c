"""TOSA's control flow, ``tosa.cond_if`` and ``tosa.while_loop``, and their terminator ``tosa.yield``, as the
TOSA dialect of iree-base-compiler 3.13 verifies them: the ODS types (``Tosa_I1Tensor`` condition, variadic
``Tosa_Tensor`` lists), then ``IfOp::verify`` / ``WhileOp::verify`` (TosaOps.cpp), which compare each region's
arguments and yields with the op's lists by ``errorIfTypeOrShapeMismatch``: the counts, then per value the
element type (equal) and the shape (``verifyCompatibleShape``), in the words
``require same ... for 'then_graph' results (...) and 'output_list' (...)``.

Custom forms: ``tosa.cond_if %c (%x = %a) : tensor<i1> (tensor<f32>) -> tensor<f32> {^bb0(%x: ...): ...}`` (each
branch writes its own block arguments; the head's bindings only name them), ``tosa.while_loop (%x = %a) : (T) -> (T)
{...} do {^bb0(%x: T): ...}`` (the condition's arguments are the head's bindings, of the operands' types).
``tosa.yield`` has no ``HasParent``: anywhere, only its operands' types are checked.

A value of a type that is no shaped type (``f32`` as a block argument) fails ``errorIfTypeOrShapeMismatch``
without a message (the tool's behaviour there is not a diagnostic): not judged.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import derived, reading, split_top, unplaced
from broadcheck.dialects.tosa.structural import ANY, Rank, _e, _types
from broadcheck.ops import Operation, Region, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.tosa import type_text
from broadcheck.syntax.statement import Statement, TypeText

LISTED = Rank(f"variadic of {ANY.summary}")
CONDITION = Rank("tosa-conformant tensor of 1-bit signless integer values", lambda e: e.text == "i1")


class _Unknown(Exception):
    """A type or region broadcheck cannot read: the op is not judged."""


def _types_in(text: str, at: int) -> list[TypeText]:
    inner = text.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    return [derived(part, TypeText(part, at, at + len(text), part)) for part in split_top(inner) if part.strip()]


def read_cond_if(statement: Statement) -> Reading:
    """``%c : C -> R`` or ``%c (%x = %a, ...) : C (T, ...) -> R``: the condition's type, the inputs', the
    results'."""
    sig = statement.signature
    if sig is None or not sig.inputs:
        return unplaced(statement)
    if sig.kind == "arrow" and len(statement.operands) == 1:
        return reading([sig.inputs[0]], list(sig.outputs))
    if sig.kind != "list" or len(sig.inputs) != 1:
        return unplaced(statement)
    items = statement.items
    after = [i for i, item in enumerate(items) if item.kind == "types"]
    rest = items[after[0] + 1 :] if after else ()
    if len(rest) < 3 or rest[0].kind != "group" or rest[1].text != "->":
        return unplaced(statement)
    inputs = _types_in(rest[0].text, rest[0].start)
    outputs = _types_in(rest[2].text, rest[2].start)
    if len(inputs) != len(statement.operands) - 1:
        return unplaced(statement)
    return reading([sig.inputs[0], *inputs], outputs)


def _values(types: Sequence[Type]) -> list[ShapedType]:
    out = []
    for t in types:
        if not isinstance(t, ShapedType) or t.kind != "tensor":
            raise _Unknown(str(t))
        if not _e(t).known:
            raise _Unknown(str(t))
        out.append(t)
    return out


def _compatible(a: ShapedType, b: ShapedType) -> bool:
    """``verifyCompatibleShape``: ranks equal where both are ranked, sizes equal where both are static."""
    if a.shape is None or b.shape is None:
        return True
    return len(a.shape) == len(b.shape) and all(
        x is None or y is None or x == y for x, y in zip(a.shape, b.shape, strict=True)
    )


def _mismatch(first: Sequence[Type], name1: str, second: Sequence[Type], name2: str) -> Problem | None:
    """``errorIfTypeOrShapeMismatch`` of two value lists."""
    if len(first) != len(second):
        return Problem("BC1526", {"a": name1, "n": len(first), "b": name2, "m": len(second)})
    for x, y in zip(_values(first), _values(second), strict=True):
        ex, ey = _e(x), _e(y)
        if ex.text != ey.text:
            return Problem("BC1527", {"a": name1, "x": ex.text, "b": name2, "y": ey.text})
        if not _compatible(x, y):
            return Problem("BC1528", {"a": name1, "x": type_text(x), "b": name2, "y": type_text(y)})
    return None


def _size_one(t: Type) -> bool:
    """``errorIfShapeNotSizeOne``: an unranked or dynamic shape passes."""
    if not isinstance(t, ShapedType) or t.shape is None or None in t.shape:
        return True
    count = 1
    for d in t.shape:
        count *= d or 0
    return count == 1


def _yielding(region: Region) -> Region:
    if region.terminator != "tosa.yield" or any(str(t).strip() == "?" for t in region.yields):
        raise _Unknown("a region broadcheck cannot read")
    return region


def _ods(op: Operation, condition: bool) -> Problem | None:
    first = [CONDITION] if condition else []
    operands = [*first, *[LISTED] * (len(op.operands) - len(first))]
    return _types(op, operands, [LISTED] * len(op.results))


def check_cond_if(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.cond_if``: the ODS types, two regions, then each branch's arguments against the inputs, each
    branch's yields against the results, then a condition of one element."""
    if not op.operands:
        return None
    problem = _ods(op, True)
    if problem or len(op.regions) != 2:
        return problem
    try:
        then, else_ = (_yielding(r) for r in op.regions)
        inputs = [u.type for u in op.operands[1:]]
        results = [u.type for u in op.results]
        problem = (
            _mismatch(then.arguments, "'then_graph' arguments", inputs, "'input_list'")
            or _mismatch(else_.arguments, "'else_graph' arguments", inputs, "'input_list'")
            or _mismatch(then.yields, "'then_graph' results", results, "'output_list'")
            or _mismatch(else_.yields, "'else_graph' results", results, "'output_list'")
        )
    except _Unknown:
        return None
    if problem:
        return problem
    condition = op.operands[0].type
    if not _size_one(condition):
        return Problem("BC1529", {"type": type_text(condition)}, Subject("operand", 0))
    return None


def check_while_loop(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.while_loop``: the ODS types, then the inputs against the results, the condition's and the body's
    arguments and the body's yields against the inputs, then one ``i1`` of one element from the condition."""
    problem = _ods(op, False)
    if problem or len(op.regions) != 2:
        return problem
    inputs = [u.type for u in op.operands]
    try:
        cond, body = (_yielding(r) for r in op.regions)
        cond_arguments = cond.arguments if op.generic else inputs  # its custom form binds them to the operands
        problem = (
            _mismatch(inputs, "'input_list'", [u.type for u in op.results], "'output_list'")
            or _mismatch(cond_arguments, "'cond_graph' arguments", inputs, "'input_list'")
            or _mismatch(body.arguments, "'body_graph' arguments", inputs, "'input_list'")
            or _mismatch(body.yields, "'body_graph' results", inputs, "'input_list'")
        )
    except _Unknown:
        return None
    if problem:
        return problem
    if len(cond.yields) != 1:
        return Problem("BC1630")
    flag = cond.yields[0]
    if not _size_one(flag):
        return Problem("BC1631", {"type": type_text(flag)})
    e = _e(flag)
    if e.known and e.text != "i1":
        return Problem("BC1632", {"type": type_text(flag)})
    return None


def check_yield(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.yield``: each operand a tosa-conformant tensor (its ODS); the op that holds it judges the rest."""
    return _types(op, [LISTED] * len(op.operands), [])


def check_custom(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.custom``: each operand and result a tosa-conformant tensor (its ODS; it has no verifier)."""
    return _types(op, [LISTED] * len(op.operands), [LISTED] * len(op.results))
