"""MHLO's last ops without a StableHLO twin, as jaxlib 0.10.2 verifies them (mlir-hlo's ``hlo_ops.td``,
``hlo_ops.cc``): ``fusion`` (its verifier: the output-operand aliases, as ``custom_call``'s), and
``dynamic_conv``, which has no verifier (its ODS alone: its required attributes and
their constraints, checked in the order of their names when the generic form is parsed, then its counts,
its required attributes, its operands' and result's types).

PASS::

    %0 = "mhlo.dynamic_conv"(%lhs, %rhs, %pad) {batch_group_count = 1 : i64, dimension_numbers =
        #mhlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}
        : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x2x2x1xf32>

FAIL::

    %0 = "mhlo.dynamic_conv"(%lhs, %rhs, %pad) {batch_group_count = 0 : i64, ...} : ...
"""

from __future__ import annotations

import re

from broadcheck.dialects.stablehlo.common import (
    TENSOR_AXIS,
    Unknown,
    checked,
    counts,
    fail,
    ods_operands,
    ods_results,
    require,
)
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics.stablehlo import element
from broadcheck.syntax.attributes import Dense, Enum, value

_POSITIVE = "64-bit signless integer attribute whose value is positive"
_I64_ELEMENTS = "64-bit signless integer elements attribute"
_INTEGER = re.compile(r"(-?\d+)(?:\s*:\s*(\w+))?")
_I64_TENSOR = re.compile(r"tensor<(?:[0-9]+x)*i64>")
_FUSION_KIND = re.compile(r"#mhlo<fusion_kind k(?:Loop|Input|Output|Custom)>")
_BOOL_TENSOR = re.compile(r"tensor<(?:[0-9]+x)*i1>")


def _positive(text: str) -> bool:
    """``ConfinedAttr<I64Attr, [IntPositive]>``: ``1 : i64`` (or ``1``); raises :class:`Unknown` for a
    text broadcheck does not read."""
    m = _INTEGER.fullmatch(text.strip())
    if m is None:
        if value(text) is None:
            raise Unknown(text)
        return False  # (another kind of attribute)
    if m.group(2) is not None and m.group(2).startswith("ui") and m.group(1).startswith("-"):
        raise Unknown(text)  # (the literal's own error, where it is written)
    return (m.group(2) or "i64") == "i64" and int(m.group(1)) > 0


def _i64_elements(text: str) -> bool:
    """``I64ElementsAttr``: ``dense<...> : tensor<...xi64>`` of any shape."""
    v = value(text)
    if v is None:
        raise Unknown(text)
    return isinstance(v, Dense) and bool(_I64_TENSOR.fullmatch(v.type.replace(" ", "")))


def _precision_config(text: str) -> bool:
    v = value(text)
    if not isinstance(v, list):
        raise Unknown(text)
    return all(isinstance(x, Enum) and x.name == "#mhlo" and x.words[:1] == ("precision",) for x in v)


def _attributes(op: Operation) -> None:
    """Each given attribute's constraint, in the order of their names (the order of the op's properties:
    the generic parser checks them, before the verifier's counts); an attribute written as a property,
    or of a form not read, is passed over."""
    if any(a.property for a in op.attributes):
        raise Unknown("properties")
    for name in ("batch_group_count", "dimension_numbers", "feature_group_count", "lhs_dilation", "padding",
                 "precision_config", "rhs_dilation", "window_reversal", "window_strides"):  # fmt: skip
        given = op.attribute(name)
        if given is None:
            continue
        text = given.text.strip()
        if name in ("batch_group_count", "feature_group_count"):
            ok, words = _positive(text), _POSITIVE
        elif name == "dimension_numbers":
            if text.startswith("#mhlo.conv<"):
                continue  # (its parser's errors are not modelled)
            if not _INTEGER.fullmatch(text) and not text.startswith('"'):
                raise Unknown(text)
            ok, words = False, "Structure of dimension information for conv op"
        elif name == "precision_config":
            ok, words = _precision_config(text), "Precision Config attribute"
        elif name == "window_reversal":
            v = value(text)
            if not (isinstance(v, Dense) and _BOOL_TENSOR.fullmatch(v.type.replace(" ", ""))):
                raise Unknown(text)
            continue
        else:
            ok, words = _i64_elements(text), _I64_ELEMENTS
        if not ok:
            raise fail("BC562", name=name, constraint=words)


@checked
def dynamic_conv(op: Operation) -> None:
    """``mhlo.dynamic_conv``: its ODS only (no verifier): the attributes' constraints, three operands and a
    result, the required attributes, then ``MHLO_Tensor`` for each operand and the result."""
    _attributes(op)
    counts(op, operands=3)
    require(op, "batch_group_count", "dimension_numbers", "feature_group_count")
    ods_operands(op, [TENSOR_AXIS, TENSOR_AXIS, TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS])


@checked
def fusion(op: Operation) -> None:
    """``mhlo.fusion``: one block in its region, then ``FusionOp::verify``: its output-operand aliases. Its
    ODS types (tensors or tokens in; tensors or tuples out) and attributes are MHLO's own words: an op
    whose types are not ranked tensors (or a tuple result), or with a ``fusion_kind`` not read, is passed over."""
    from broadcheck.dialects.stablehlo.custom_call import output_operand_aliases

    if len(op.regions) != 1 or not op.regions[0].terminator:
        raise Unknown("its region's blocks")  # (one block: SizedRegion<1>, not told apart from an empty one)
    if any(a.property for a in op.attributes):
        raise Unknown("properties")
    kind_ = op.attribute("fusion_kind")
    if kind_ is not None and not _FUSION_KIND.fullmatch(kind_.text.strip()):
        raise Unknown(kind_.text)
    for use in op.operands:
        if not (isinstance(use.type, ShapedType) and use.type.kind == "tensor" and use.type.shape is not None):
            raise Unknown("an operand other than a ranked tensor")
        if use.type.encoding or element(use.type.element).quant is not None:
            raise Unknown("bounds or quantized elements")
    for use in op.results:
        t = use.type
        ranked_tensor = isinstance(t, ShapedType) and t.kind == "tensor" and t.shape is not None and not t.encoding
        if not ranked_tensor and not str(t).startswith("tuple<"):
            raise Unknown("a result other than a ranked tensor or a tuple")
    output_operand_aliases(op)
