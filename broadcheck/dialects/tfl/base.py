"""What the checks of the ``tfl`` shape ops share: reading an op's types, constants and
attributes, and the checks ODS generates for them, in the order it generates them.

A ``tfl`` op's verifier runs, in order: its operand and result counts; its attributes'
constraints; its operands' and results' type constraints (``tensor of ...``: any tensor,
the element lists being the TFLite runtime's; ``1D tensor of ...``); its ``PredOpTrait``
predicates, in the order the ODS lists them (``failed to verify that operand 1 is 1-D``);
its native traits (``SameOperandsAndResultsScale``, ``SameOperandsAndResultShape``, the
inferred result types); then its own ``verify()``. Each check below returns the first
problem, or ``None``; :func:`first` runs them lazily in that order.

A type broadcheck cannot read as a tensor (an alias, another dialect's type) leaves the op
unchecked: :func:`tensors` says so.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from broadcheck.dialects.common import (
    Check,
    attr_bool,
    attr_int,
    attr_ints,
    attr_str,
    compatible,
    constant_ints,
    count,
    element,
    first,
    is_none,
    rank,
    required,
    shape,
    static,
    tensors,
    text,
    with_shape,
)
from broadcheck.dialects.tf.window import windowed  # (TensorFlow's: the tf shape functions share it)
from broadcheck.ops import Dim, Operation, Shape, Type
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.tf import quantized, same_or_storage, storage, tfl_enums
from broadcheck.semantics.tosa import element as tosa_element
from broadcheck.syntax.attributes import value

__all__ = [
    "Check",
    "attr_bool",
    "attr_int",
    "attr_ints",
    "attr_str",
    "compatible",
    "constant_ints",
    "count",
    "element",
    "enums",
    "first",
    "is_none",
    "rank",
    "required",
    "shape",
    "static",
    "tensors",
    "text",
    "windowed",
    "with_shape",
]


def same_element_as(result: Type, operand: Type) -> bool:
    """``TFL_TCresVTEtIsSameAsOp``: one element type, both 8-bit unsigned (``ui8``/``quint8``),
    both 4-bit, or both quantized on one storage type."""
    r, o = element(result), element(operand)
    if same_or_storage(r, o):
        return True
    return _four_bit(r) and _four_bit(o)


def same_resolved(a: str, b: str) -> bool:
    """``GetElementTypeOrSelfResolveRef`` of both equal (``!tf_type.f32ref`` is ``f32``)."""

    def resolve(e: str) -> str:
        if e.startswith("!tf_type.") and e.endswith("ref"):
            return {"float": "f32", "double": "f64", "half": "f16", "bool": "i1"}.get(e[9:-3], e[9:-3])
        return e

    return resolve(a) == resolve(b)


def _four_bit(e: str) -> bool:
    if e in ("i4", "si4", "ui4"):
        return True
    if quantized(e):
        q = tosa_element(e)
        return q.known and q.width == 4
    return False


# ------------------------------------------------------------------------------- generated checks


def counts(op: Operation, operands: int | None, results: int | None = 1) -> Problem | None:
    """``OneResult`` (or ``NResults<n>``) then ``OneOperand`` or ``NOperands<n>``; ``None`` counts are
    variadic."""
    if results == 1 and len(op.results) != 1:
        return Problem("BC107")
    if results is not None and results != 1 and len(op.results) != results:
        return Problem("BC1540", {"expected": results})
    if operands == 1 and len(op.operands) != 1:
        return Problem("BC655")
    if operands is not None and len(op.operands) != operands:
        return Problem("BC702", {"expected": operands, "count": len(op.operands)})
    return None


enums = tfl_enums
"""``TFL_AFAttr``, ``TFL_PaddingAttr``: the named string enum attributes, in ODS order (after
:func:`required`, before the operands' types)."""

# The ``ConfinedAttr`` constraints of ``tfl_ops.td``: what the value must be, and the constraint's words
# (``attribute 'block_size' failed to satisfy constraint: ...``, as TensorFlow 2.21's importer prints them).
CONFINED: dict[str, tuple[Callable[[object], bool], str]] = {
    "positive": (
        lambda v: not isinstance(v, int) or isinstance(v, bool) or v > 0,
        "32-bit signless integer attribute whose value is positive",
    ),
    "non-negative": (
        lambda v: not isinstance(v, int) or isinstance(v, bool) or v >= 0,
        "32-bit signless integer attribute whose value is non-negative",
    ),
    "bits": (  # IntMinValue<2>, IntMaxValue<16>
        lambda v: not isinstance(v, int) or isinstance(v, bool) or 2 <= v <= 16,
        "32-bit signless integer attribute whose minimum value is 2 whose maximum value is 16",
    ),
    "false": (lambda v: v is not True, "bool attribute whose value is false"),  # TFL_BoolFalse
    "float-non-negative": (  # TFL_FloatNonNegative: APFloat::isNegative, so -0.0 fails too
        lambda v: not isinstance(v, float) or math.copysign(1.0, v) > 0,
        "32-bit float attribute whose value is non-negative",
    ),
}


def confined(op: Operation, name: str, kind: str) -> Problem | None:
    """A ``ConfinedAttr`` that is there and breaks its constraint (:data:`CONFINED`); an absent one is
    :func:`required`'s, a value of another kind the attribute's type constraint's (neither judged here)."""
    attr = op.attribute(name)
    holds, words = CONFINED[kind]
    if attr is None or holds(value(attr.text)):
        return None
    return Problem("BC562", {"name": name, "constraint": words})


def pred(holds: bool, text: str) -> Problem | None:
    """A ``PredOpTrait`` about shapes: ``failed to verify that <text>``."""
    return None if holds else Problem("BC721", {"predicate": text})


def element_pred(holds: bool, text: str) -> Problem | None:
    """A ``PredOpTrait`` about element types: ``failed to verify that <text>``."""
    return None if holds else Problem("BC711", {"predicate": text})


def has_rank(op: Operation, n: int, m: int) -> Problem | None:
    """``TFL_OperandHasRank<n, m>``: unranked, or rank ``m``."""
    r = rank(op.operands[n].type)
    return pred(r is None or r == m, f"operand {n} is {m}-D")


def has_rank_at_least(op: Operation, n: int, m: int, words: str = "is") -> Problem | None:
    """``TFL_OperandHasAtleastRank<n, m>`` (``operand n is m-D``) and ``TFL_OperandHasRankAtLeast``
    (``words='is at least'``)."""
    r = rank(op.operands[n].type)
    return pred(r is None or r >= m, f"operand {n} {words} {m}-D")


def has_rank_at_most(op: Operation, n: int, m: int) -> Problem | None:
    """``TFL_OperandHasRankAtMost<n, m>``."""
    r = rank(op.operands[n].type)
    return pred(r is None or r <= m, f"operand {n} is at most {m}-D")


def result_like(op: Operation, result: int, operand: int, text: str) -> Problem | None:
    """``PredOpTrait<text, TFL_TCresVTEtIsSameAsOp<result, operand>>``."""
    return element_pred(same_element_as(op.results[result].type, op.operands[operand].type), text)


def operands_like(op: Operation, i: int, j: int, text: str) -> Problem | None:
    """``PredOpTrait<text, TFL_TCopVTEtAreSameAt<i, j>>``."""
    return element_pred(same_or_storage(element(op.operands[i].type), element(op.operands[j].type)), text)


_AXIS = re.compile(r"^(!quant\.uniform<[a-z]+\d+(?:<[^>]*>)?:[^:,]+):\d+,")


def without_axis(text: str) -> str:
    """A per-axis quantized type's text without its quantized dimension."""
    return _AXIS.sub(r"\1,", text)


def per_axis(e: str) -> bool:
    """A per-axis (or sub-channel) quantized element type: its scales in braces."""
    return quantized(e) and "{" in e


def same_scale(
    op: Operation, exempt: Callable[[bool, int], bool] | None = None, same_axes: bool = True
) -> Problem | None:
    """``SameOperandsAndResultsScale`` (``quant::VerifySameScales``): every quantized operand and
    result has the first one's quantized type, except where ``exempt(signed, width)`` says the op
    does not require it for that storage type; an op whose ``RequiredSameQuantizedAxes()`` is false
    (``same_axes=False``: reshape, transpose, broadcast_to) lets per-axis types differ in their axis."""
    found = []
    for use in (*op.operands, *op.results):
        e = element(use.type)
        if quantized(e):
            q = tosa_element(e)
            if not q.known:
                return None
            found.append(q)
    for other in found[1:]:
        expected = found[0]
        if other.text == expected.text:
            continue
        per_axis_pair = not other.uniform and not expected.uniform and "{" in other.text and "{" in expected.text
        if not same_axes and per_axis_pair and without_axis(other.text) == without_axis(expected.text):
            continue
        signed = expected.signedness == "signed"
        if (
            exempt is not None
            and (other.signedness == "signed") == signed
            and other.width == expected.width
            and exempt(signed, expected.width or 0)
        ):
            continue
        return Problem("BC717", {"expected": expected.text, "actual": other.text})
    return None


def same_shape(op: Operation) -> Problem | None:
    """``SameOperandsAndResultShape``: every shape compatible with the first."""
    types = [u.type for u in (*op.operands, *op.results)]
    ranked = [shape(t) for t in types]
    for s in ranked[1:]:
        if not compatible(ranked[0], s):
            return Problem("BC722")
    return None


def inferred(op: Operation, expected: Sequence[str], actual: Sequence[Type]) -> Problem:
    """``InferTypeOpInterface``: the inferred result types do not fit the written ones."""
    return Problem(
        "BC723",
        {"inferred": ", ".join(f"'{t}'" for t in expected), "actual": ", ".join(f"'{t}'" for t in actual)},
    )


def dim(s: Shape, i: int) -> Dim:
    return s[i]


def storage_of(e: str) -> str:
    return storage(e)


def subject(kind: str, index: int) -> Subject:
    return Subject("operand" if kind == "operand" else "result", index)
