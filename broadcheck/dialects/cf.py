"""The cf dialect (``ControlFlowOps.td``, ``ControlFlowOps.cpp``): branches and ``cf.assert``,
checked as iree-base-compiler 3.13 verifies them.

The ops' own checks are their ODS constraints (an ``i1`` condition, a signless integer flag) and
``SwitchOp::verify`` (the case values against the flag and the destinations); what each branch
passes to its successor block against that block's arguments (``BranchOpInterface``: ``branch
has N operands for successor #j, but target block has M``, ``type mismatch for bb argument #i of
successor #j``) value flow checks, for the custom form (``^bb1(%a : T)``) and, through
:func:`successor_operands`, the generic form (``"cf.br"(%a)[^bb1] : (T) -> ()``).

PASS::

    cf.cond_br %c, ^bb1(%a : tensor<4xf32>), ^bb2

FAIL (``'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'``)::

    "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
"""

from __future__ import annotations

import re

from broadcheck.dialects.op import Op, Reading, custom, ops
from broadcheck.dialects.shaped import array_property, split_top
from broadcheck.ops import OpaqueType, Operation, Type
from broadcheck.semantics import Problem, Profile
from broadcheck.syntax.attributes import ints
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText

_SIGNLESS = lazy(r"i[1-9][0-9]*")
_INTEGER = lazy(r"[su]?i[1-9][0-9]*")
_DENSE = lazy(r"dense<(.*)>\s*:\s*(?:tensor|vector)<(?:(\d+)x)?([^>]+)>\s*$", re.S)


def _key(t: Type) -> str:
    return "".join(str(t).split())


def _unknown(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.text in ("?", "")


def _ints(statement_or_op: Statement | Operation, name: str) -> tuple[int, ...] | None:
    for attr in statement_or_op.attributes:
        if attr.name == name:
            return ints(attr.text)
    return None


def _constraint(t: Type, words: str, ok: bool) -> Problem | None:
    if ok or _unknown(t):
        return None
    return Problem("BC109", {"kind": "operand", "index": 0, "constraint": words, "type": str(t)})


def condition(op: Operation, profile: Profile) -> Problem | None:
    """``cf.assert`` and ``cf.cond_br``: operand #0 is an ``i1`` (ODS)."""
    if not op.operands:
        return None
    t = op.operands[0].type
    problem = _constraint(t, "1-bit signless integer", _key(t) == "i1")
    weights = _ints(op, "branch_weights") if op.name == "cf.cond_br" else None
    if problem is not None or weights is None:
        return problem
    if len(weights) != 2:  # (WeightedBranchOpInterface, after the ODS invariants)
        return Problem("BC1798", {"count": len(weights), "successors": 2})
    return Problem("BC1799") if not any(weights) else None


def branch(op: Operation, profile: Profile) -> Problem | None:
    """``cf.br``: no constraint of its own (value flow checks its successor's operands)."""
    return None


def _case_values(op: Operation) -> tuple[int, str] | None:
    """``cf.switch``'s ``case_values``: how many, and their element type (``None``: none)."""
    attr = op.attribute("case_values")
    if attr is None:
        return None
    m = _DENSE.match(attr.text.strip())
    if m is None:
        return None
    values = ints(f"[{m.group(1)}]") if m.group(1).strip() else ()
    count = int(m.group(2)) if m.group(2) is not None else (len(values) if values is not None else 1)
    return count, "".join(m.group(3).split())


def switch(op: Operation, profile: Profile) -> Problem | None:
    """``cf.switch``: its case operands add up to ``case_operand_segments`` (ODS), the flag is
    a signless integer (ODS), then ``SwitchOp::verify``: the case values' type is the flag's,
    and there are as many as case destinations."""
    if not op.operands:
        return None
    sizes = _ints(op, "operandSegmentSizes")
    cases = _ints(op, "case_operand_segments")
    if op.generic and sizes is not None and len(sizes) == 3 and cases is not None and sum(cases) != sizes[2]:
        return Problem("BC1755", {"count": sizes[2], "total": sum(cases)})
    flag = op.operands[0].type
    if not op.generic and not _unknown(flag) and not (isinstance(flag, OpaqueType) and _INTEGER.fullmatch(flag.text)):
        return Problem("BC1756", {"type": str(flag)}, span=op.operands[0].span)  # (its parser's, at the type)
    problem = _constraint(
        flag, "signless integer", isinstance(flag, OpaqueType) and bool(_SIGNLESS.fullmatch(flag.text))
    )
    if problem is not None or _unknown(flag):
        return problem
    values = _case_values(op)
    if values is None:
        return None
    count, element = values
    if element != _key(flag):
        return Problem("BC1753", {"flag": str(flag), "case": element})
    destinations = _ints(op, "case_operand_segments")
    if op.generic and destinations is not None and count != len(destinations):
        return Problem("BC1754", {"count": count, "destinations": len(destinations)})
    return None


def successor_operands(statement: Statement) -> tuple[tuple[int, ...], ...] | None:
    """Which operands of a generic ``cf.br``, ``cf.cond_br`` or ``cf.switch`` go to each
    successor (``None``: its segments cannot be read)."""
    count = len(statement.operands)
    successors = len(statement.successors)
    if statement.name == "cf.br":
        return (tuple(range(count)),) if successors == 1 else None
    sizes = _ints(statement, "operandSegmentSizes")
    if sizes is None or len(sizes) != 3 or sum(sizes) != count or min(sizes) < 0:
        return None
    first, second = range(sizes[0], sizes[0] + sizes[1]), range(sizes[0] + sizes[1], count)
    if statement.name == "cf.cond_br":
        return (tuple(first), tuple(second)) if successors == 2 else None
    cases = _ints(statement, "case_operand_segments")
    if cases is None or sum(cases) != sizes[2] or len(cases) != successors - 1 or min(cases, default=0) < 0:
        return None
    groups, start = [tuple(first)], second.start
    for n in cases:
        groups.append(tuple(range(start, start + n)))
        start += n
    return tuple(groups)


def condition_form(statement: Statement) -> Reading:
    """``cf.cond_br %c weights([1, 2]), ^bb1(...), ^bb2`` and ``cf.assert %c, "..."``: the condition
    is an ``i1`` (the successors' operands are typed in their own lists); the weights are the
    ``branch_weights`` property."""
    items = statement.items
    properties: list[Property] = []
    for i in range(len(items) - 1):
        if items[i].kind == "word" and items[i].text == "weights" and items[i + 1].text.startswith("(["):
            values = ints(items[i + 1].text[1:-1])
            if values is not None:
                properties.append(array_property("branch_weights", values, items[i + 1], "i32"))
            break
    return Reading([TypeText("i1", 0, 0, "i1")] * len(statement.operands), [], tuple(properties))


def switch_form(statement: Statement) -> Reading:
    """``cf.switch %flag : i32, [default: ^bb1(%a : T), 42: ^bb2]``: the flag's type follows the
    ``:``; each successor's operands are typed in its own list (the reader sees them as the op's
    operands after the flag)."""
    sig = statement.signature
    flag = sig.inputs[0] if sig is not None and sig.kind == "list" and sig.inputs else None
    typed: dict[int, TypeText] = {}
    group = next((i for i in statement.items if i.kind == "group" and i.text.startswith("[")), None)
    if group is not None:
        for m in _SUCCESSOR_LIST.finditer(group.text):
            values, _, types = m.group(1).partition(":")
            names = [v for v in (x.strip() for x in values.split(",")) if v]
            texts = _split(types)
            if len(names) != len(texts):
                continue
            offsets = [group.start + m.start(1) + i for i in _value_offsets(m.group(1))]
            for at, text in zip(offsets, texts, strict=False):
                # (a function type the type reader does not take: written, but not compared)
                typed[at] = _UNREAD if "->" in text else TypeText(text, 0, 0, "".join(text.split()))
    operands: list[TypeText | None] = [flag]
    operands += [typed.get(u.start) for u in statement.operands[1:]]
    return Reading(operands[: len(statement.operands)], [])


_UNREAD = TypeText("none", 0, 0, "?")
"""A successor operand of a function type: the check reads it as ``none`` (it judges the flag only),
value flow not at all (its key is ``?``)."""
_SUCCESSOR_LIST = lazy(r"\^[\w$.\-]+\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


def _value_offsets(text: str) -> list[int]:
    """Where each ``%value`` of a successor's operand list starts in it."""
    head = text.partition(":")[0]
    return [m.start() for m in re.finditer(r"%", head)]


def _split(text: str) -> list[str]:
    """A type list's types, split at its top-level commas."""
    return split_top(text) if text.strip() else []


def branch_form(statement: Statement) -> Reading:
    """``cf.br ^bb1(%a : T)``: no operand outside the successor's list."""
    return Reading([None] * len(statement.operands), [])


OPS = ops(
    Op("cf.br", custom(branch_form), branch, "cf", successors=successor_operands),
    Op("cf.cond_br", custom(condition_form), condition, "cf", implicit=("i1",), successors=successor_operands),
    Op("cf.switch", custom(switch_form), switch, "cf", successors=successor_operands),
    Op("cf.assert", custom(condition_form), condition, "cf", implicit=("i1",)),
)
