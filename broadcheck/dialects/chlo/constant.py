"""``chlo.constant`` and ``chlo.constant_like`` as iree-base-compiler 3.13 verifies them
(ChloOps.td, ``ConstantLikeOp::verify`` in ChloOps.cpp).

``chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>`` is written as ``stablehlo.constant`` is
(``attr-dict $value``; its result type is its value's) and checked by the same steps: the
literal as the parser reads it, a static result, the value's type inferred
(:func:`broadcheck.dialects.stablehlo.constant.constant`). ``chlo.constant_like`` (generic form
only): its typed ``value``, a tensor in and out of one shape (``SameOperandsAndResultShape``),
then its verifier: the value's type is the result's element type.
"""

from __future__ import annotations

import re

from broadcheck.dialects.stablehlo.common import (
    TENSOR_AXIS,
    Unknown,
    checked,
    counts,
    fail,
    kind,
    ods_operands,
    ods_results,
    require,
)
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics.stablehlo import compatible_shapes

ANY_TENSOR = kind(*TENSOR_AXIS.atoms, shape="any")
"""``HLO_AnyTensor``: ranked or unranked."""
_TYPED = re.compile(r"(.*\S)\s*:\s*([^:]+)", re.S)
_INTEGER = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?\d+\.\d*(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+")


def value_type(text: str) -> str:
    """The type of a ``TypedAttr`` as written (``1.0 : f32`` -> ``f32``, ``1`` -> ``i64``, ``true`` ->
    ``i1``); raises :class:`Unknown` where broadcheck cannot tell."""
    text = text.strip()
    m = _TYPED.fullmatch(text)
    if m is not None and not m.group(1).rstrip().endswith(("<", "(")):
        typed = " ".join(m.group(2).split())
        if re.fullmatch(r"[a-z]\w*|tensor<[^<>]*>", typed):
            return typed
        raise Unknown(text)
    if _INTEGER.fullmatch(text):
        return "i64"
    if _FLOAT.fullmatch(text):
        return "f64"
    if text in ("true", "false"):
        return "i1"
    raise Unknown(text)


@checked
def constant_like(op: Operation) -> None:
    """``chlo.constant_like``: its ``value``, a tensor in and out (ODS), one shape, then the value's type."""
    counts(op, operands=1)
    require(op, "value")
    ods_operands(op, [ANY_TENSOR])
    ods_results(op, [ANY_TENSOR])
    a, r = op.operands[0].type, op.results[0].type
    assert isinstance(a, ShapedType) and isinstance(r, ShapedType)
    if a.shape is not None and r.shape is not None and not compatible_shapes([tuple(a.shape), tuple(r.shape)]):
        raise fail("BC518")
    attr = op.attribute("value")
    assert attr is not None
    if "!quant" in r.element or r.encoding or a.encoding:
        raise Unknown("quantized or encoded")
    if value_type(attr.text) != " ".join(r.element.split()):
        raise fail("BC1474")
