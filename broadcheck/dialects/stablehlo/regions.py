"""StableHLO's control flow: ``while``, ``case`` and ``if`` against their regions, as
iree-base-compiler 3.13 verifies them (``verifyWhileOp``, ``inferConditionalOp`` in
TypeInference.cpp; the inferred result types first, as the ``InferTypeOpInterface`` trait
verifies them before the op's ``verify()``).

``while``'s custom form (``stablehlo.while(%x = %a) : T cond {...} do {...}``) gives both
regions the operands' types as arguments; its generic form writes each region's block.
Messages of these verifiers have no ``'op' op`` prefix and are reported at the op.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.stablehlo.common import Reject, Tensor, Unknown, checked, fail, shaped, tensor, tensors
from broadcheck.ops import Operation, Region, ShapedType, Type
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import hlo_compatible

__all__ = ["case", "while_"]


def _types(types: Sequence[Tensor]) -> str:
    """A type list as StableHLO's messages print it: ``'tensor<4xf32>', 'tensor<i32>'``."""
    return ", ".join(f"'{t}'" for t in types)


def _read(types: Sequence[Type]) -> list[Tensor]:
    if any(str(t).strip() == "?" for t in types):
        raise Unknown("a type broadcheck did not read")
    return [tensor(t) for t in types]


def _compatible(a: Sequence[Tensor], b: Sequence[Tensor]) -> bool:
    """``isCompatibleForHloTypeInference`` of two type lists."""
    return len(a) == len(b) and all(hlo_compatible(x, y) for x, y in zip(a, b, strict=True))


def _terminated(region: Region, op: Operation) -> Region:
    if region.terminator != f"{op.name.partition('.')[0]}.return":
        raise Unknown("a region broadcheck cannot read")
    return region


def _inferred(inferred: Sequence[Tensor], results: Sequence[Tensor]) -> None:
    """The ``InferTypeOpInterface`` trait: the inferred types against the written results."""
    if _compatible(inferred, results):
        return
    expected = shaped(inferred[0]) if len(inferred) == 1 == len(results) else None
    subject = Subject("result", 0) if expected is not None else None
    inferred_, actual = "', '".join(map(str, inferred)), "', '".join(map(str, results))
    raise Reject(Problem("BC521", {"inferred": inferred_, "actual": actual}, subject, expected=expected))


@checked
def while_(op: Operation) -> None:
    """``stablehlo.while``: its results are its operands' types, then while_c1 and while_c2."""
    if len(op.regions) != 2:
        raise Unknown("regions")
    operands, results = tensors(op)
    _inferred(operands, results)
    cond, body = op.regions
    if op.generic:
        cond_args, body_args = _read(cond.arguments), _read(body.arguments)
    else:  # the custom form's parser gives both blocks the operands' types
        cond_args = body_args = operands
    if not _compatible(operands, cond_args):
        raise fail("BC1105", operands=_types(operands), arguments=_types(cond_args))
    if not _compatible(operands, body_args):
        raise fail("BC1106", operands=_types(operands), arguments=_types(body_args))
    returns = _read(_terminated(body, op).yields)
    if not _compatible(operands, returns):
        raise fail("BC1107", operands=_types(operands), returns=_types(returns))
    condition = _terminated(cond, op).yields
    if len(condition) != 1:
        raise fail("BC1108", count=len(condition))
    t = condition[0]
    if not isinstance(t, ShapedType) or t.shape is None:
        raise Unknown(str(t))
    if t.shape != () or t.element != "i1":
        raise fail("BC1109", type=f"'{tensor(t)}'")


@checked
def case(op: Operation) -> None:
    """``stablehlo.case`` and ``stablehlo.if``: each branch takes no argument and returns branch
    0's types (case_c2, c3; if_c1, c2); the results are the least specific of them."""
    if not op.regions or len(op.operands) != 1:
        raise Unknown("regions")
    index = tensor(op.operands[0].type)
    if index.shape is None or index.shape != ():
        raise Unknown("a predicate or index that is not 0-d")
    branches = [_terminated(r, op) for r in op.regions]
    first = _read(branches[0].yields)
    for i, region in enumerate(branches):
        if region.arguments:
            raise fail("BC1111", index=i, count=len(region.arguments))
        returned = _read(region.yields)
        if not _compatible(first, returned):
            raise fail("BC1110", index=i, first=_types(first), other=_types(returned))
    _, results = tensors(op)
    if any(t.bounds is not None or t.element.quant is not None for t in (*first, *results)):
        raise Unknown("bounds or quantized types")
    least = []
    for k, t in enumerate(first):
        shapes = [_read(r.yields)[k].shape for r in branches]
        if t.shape is None or any(s is None for s in shapes):
            raise Unknown("unranked")
        dims = tuple(d if all(s is not None and s[j] == d for s in shapes) else None for j, d in enumerate(t.shape))
        least.append(Tensor(dims, t.element))
    _inferred(least, results)
