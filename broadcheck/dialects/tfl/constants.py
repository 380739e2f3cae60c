"""``tfl``'s constants: ``tfl.pseudo_const``, ``tfl.pseudo_qconst`` and ``tfl.no_value``.

TensorFlow 2.21 ships no way to verify ``tfl`` text (its flatbuffer importer builds each constant
from its own tensor, so the types always agree there), so these are warnings (BC789, BC790):
a value whose type's shape cannot be the result's (``tfl.pseudo_const``'s type inference,
``verifyCompatibleShapes``, in tfl_ops.cc), a ``qtype`` that is not the result type
(``FirstAttrDerivedResultType``), a ``tfl.no_value`` whose result is not ``none``.

PASS::

    %0 = "tfl.pseudo_const"() <{value = dense_resource<__elided__> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>

FAIL::

    %0 = "tfl.pseudo_const"() <{value = dense<0.0> : tensor<3xf32>}> : () -> tensor<2xf32>
"""

from __future__ import annotations

from broadcheck.dialects.common import compatible
from broadcheck.dialects.literal import ELEMENTS, value_type
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem, Profile, Subject


def _compact(text: object) -> str:
    return "".join(str(text).split())


def pseudo_const(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.pseudo_const`` and ``tfl.pseudo_qconst``: the value's shape against the result's; the
    ``qtype`` of a ``pseudo_qconst``, the result type."""
    if len(op.results) != 1 or op.operands:
        return None
    result = op.results[0].type
    qtype = op.attribute("qtype")
    if qtype is not None and _compact(qtype.text) != _compact(result):
        return Problem("BC790", {"name": "qtype", "value": qtype.text.strip(), "result": result}, Subject("result", 0))
    attr = op.attribute("value")
    written = None if attr is None else value_type(attr.text)
    if written is None or written.kind not in ELEMENTS or not isinstance(written.type, ShapedType):
        return None
    if isinstance(result, ShapedType) and not compatible(written.type.shape, result.shape):
        args = {"name": "value", "value": written.type, "result": result}
        return Problem("BC790", args, Subject("result", 0))
    return None


def no_value(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.no_value``: its one result is ``none``."""
    if len(op.results) == 1 and _compact(op.results[0].type) != "none":
        return Problem("BC789", {"type": op.results[0].type}, Subject("result", 0))
    return None
