"""CHLO's elementwise ops without broadcasting (ChloOps.td at iree-base-compiler 3.13).

The unary ops (``CHLO_UnaryElementwiseOp``: ``square``, ``erf``, ``lgamma``, ``digamma``,
``tan``, ``is_inf``, ...) print as ``chlo.square %x : tensor<4xf32> -> tensor<4xf32>``;
the binary ones (``next_after``, ``polygamma``, ``zeta``, ``mulhi``) as
``chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>``. Their operands
may be unranked (``TensorOf``, not ``RankedTensorOf``). The verifier checks, in order:
one result, the operand count, the ODS type of each operand and the result, then the
traits in their order: ``HLO_CompatibleOperandsAndResultType`` (each type against
operand #0, with bounds), for the unary ops MLIR's ``Elementwise`` (a ranked and an
unranked tensor are different base types) and ``SameOperandsAndResultShape``, and last
the inferred type (the operands' most specific type; ``is_inf``'s is ``i1`` of the
operand's shape and bounds) against the result.

PASS::

    %0 = chlo.square %x : tensor<4xf32> -> tensor<?xf32>
    %1 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>

FAIL::

    %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<3xf32>
    %1 = chlo.square %x : tensor<4xf32> -> tensor<*xf32>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from broadcheck.ops import Frozen, Operation, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.semantics.stablehlo import (
    INT,
    Constraint,
    InferenceError,
    Tensor,
    Unknown,
    check_counts,
    check_types,
    compatible_shapes,
    constraint,
    element,
    hlo_compatible,
    most_specific,
    shaped,
    tensor,
)

FP = constraint("F", ranked=False)
FP_COMPLEX = constraint("F", "C", ranked=False)
COMPLEX = constraint("C", ranked=False)
PRED = constraint("B", ranked=False)


class Rule(Frozen):
    """One op: its operands' ODS constraint, its result's, and whether it is a unary
    ``Elementwise`` op (``Elementwise`` and ``SameOperandsAndResultShape``) and whether its result
    is ``i1`` (``is_inf``: ``InferTypeOpInterface`` instead of the compatible-types trait). (A
    :class:`~broadcheck.ops.Frozen`, as ``@dataclass(frozen=True, slots=True)`` made it, without
    generating its code at each run.)"""

    __slots__ = __match_args__ = ("operands", "operand", "result", "predicate")
    operands: int
    operand: Constraint
    result: Constraint
    predicate: bool

    def __init__(self, operands: int, operand: Constraint, result: Constraint, predicate: bool = False) -> None:
        put = object.__setattr__
        put(self, "operands", operands)
        put(self, "operand", operand)
        put(self, "result", result)
        put(self, "predicate", predicate)


_FP_COMPLEX_OPS = "acos acosh asin asinh atan atanh bessel_i1e conj cosh sinh tan square".split()
_FP_OPS = "digamma erf erf_inv erfc lgamma".split()
UNARY = (*_FP_COMPLEX_OPS, *_FP_OPS, "_asin_acos_kernel", "is_inf", "is_neg_inf", "is_pos_inf")
BINARY = ("next_after", "polygamma", "zeta", "mulhi")

RULES: dict[str, Rule] = {
    **{name: Rule(1, FP_COMPLEX, FP_COMPLEX) for name in _FP_COMPLEX_OPS},
    **{name: Rule(1, FP, FP) for name in _FP_OPS},
    "_asin_acos_kernel": Rule(1, COMPLEX, COMPLEX),
    **{name: Rule(1, FP, PRED, predicate=True) for name in ("is_inf", "is_neg_inf", "is_pos_inf")},
    **{name: Rule(2, FP, FP) for name in ("next_after", "polygamma", "zeta")},
    "mulhi": Rule(2, INT, INT),
}


def _parsable(t: Type, rule: Rule) -> bool:
    """Whether the custom form's parser takes ``t``: a tensor (``TensorType``), ranked for ``mulhi``
    (``RankedTensorType``)."""
    return isinstance(t, ShapedType) and t.kind == "tensor" and (t.shape is not None or rule.operand.ranked is False)


def _base(t: Tensor) -> bool:
    return t.shape is not None


def check(op: Operation, profile: Profile) -> Problem | None:
    """A CHLO elementwise op of :data:`RULES`, as CHLO's verifier checks it."""
    rule = RULES[op.name.partition(".")[2]]
    operands: list[Type] = [u.type for u in op.operands]
    results: list[Type] = [u.type for u in op.results]
    if not op.generic and not all(_parsable(t, rule) for t in (*operands, *results)):
        return NOT_JUDGED  # the custom form's parser rejects it: "invalid kind of type specified" (not modelled)
    try:
        problem = check_counts(len(operands), len(results), rule.operands)
        if problem or (problem := check_types(operands, results, (rule.operand,) * rule.operands, rule.result)):
            return problem
        ins, out = [tensor(t) for t in operands], tensor(results[0])
        return _traits(rule, ins, out)
    except Unknown:
        return NOT_JUDGED


def _traits(rule: Rule, ins: Sequence[Tensor], out: Tensor) -> Problem | None:
    first = ins[0]
    if not rule.predicate and not all(hlo_compatible(t, first) for t in (*ins, out)):
        return _result_problem("BC517", ins, out)
    if rule.operands == 1:
        types = (*ins, out)
        if len({_base(t) for t in types}) != 1 or not compatible_shapes([t.shape for t in types]):
            return _result_problem("BC520", ins, out)
    # SameOperandsAndResultShape holds after Elementwise (the same base type and compatible shapes).
    if rule.predicate:
        inferred: Tensor | None = replace(first, element=element("i1"))
    else:
        try:
            inferred = most_specific(ins)
        except InferenceError:  # unreachable after the compatible-types trait
            return None
    assert inferred is not None
    if hlo_compatible(inferred, out):
        return None
    args = {"inferred": str(inferred), "actual": str(out)}
    return Problem("BC521", args, Subject("result", 0), expected=shaped(inferred))


def _result_problem(code: str, ins: Sequence[Tensor], out: Tensor) -> Problem:
    """``code``, with the result type that would verify where the operands agree and only the
    result is wrong (for ``--fix``)."""
    if all(hlo_compatible(t, ins[0]) for t in ins):
        try:
            expected = shaped(most_specific(ins))
        except InferenceError:
            expected = None
        if expected is not None:
            return Problem(code, subject=Subject("result", 0), expected=expected)
    return Problem(code)


VERIFIERS = {"chlo-elementwise": check}
