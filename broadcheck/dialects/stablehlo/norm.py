"""StableHLO's ``batch_norm_grad``, ``batch_norm_inference`` and ``batch_norm_training`` as
iree-base-compiler 3.13 verifies them: their ODS (ranked float operands, 1-d scales),
``HLO_CompatibleOperandsAndResultElementType``, then their type inference (``verifyBatchNorm``,
``inferBatchNormOp`` in TypeInference.cpp): the multi-dimensional operands' shapes, the
single-dimensional ones', the feature index, the feature count, and the inferred result types.

Not modelled (passed over): quantized and bounded types, a wrong number of results.
"""

from __future__ import annotations

from broadcheck.dialects.stablehlo.common import (
    Attrs,
    Spec,
    Tensor,
    Unknown,
    checked,
    compatible_elements,
    counts,
    fail,
    inferred_many,
    is_mhlo,
    kind,
    ods_operands,
    ods_results,
    ranked,
    require,
    tensors,
)
from broadcheck.ops import Operation
from broadcheck.semantics.stablehlo import compatible_shapes

RANKED = kind("F", "QT")
"""``RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>``."""
ONE_D = kind("F", "QT", shape="1d")
"""``1DTensorOf<[HLO_Float, HLO_QuantizedInt]>``."""

# name: (operand kinds, how many of the operands are multi-dimensional (the first, and the last
# for grad), result kinds)
FORMS = {
    "batch_norm_grad": ([RANKED, ONE_D, ONE_D, ONE_D, RANKED], [RANKED, ONE_D, ONE_D]),
    "batch_norm_inference": ([RANKED, ONE_D, ONE_D, ONE_D, ONE_D], [RANKED]),
    "batch_norm_training": ([RANKED, ONE_D, ONE_D], [RANKED, ONE_D, ONE_D]),
}


MHLO_SAME_ELEMENTS = {
    "batch_norm_grad": "operand, grad_operand, grad_scale, grad_offset",
    "batch_norm_inference": "operand, result",
    "batch_norm_training": "operand, output, batch_mean, batch_var",
}
"""MHLO's ``AllElementTypesMatch`` (in place of StableHLO's compatible element types)."""


def _epsilon(op: Operation) -> None:
    """``F32Attr:$epsilon``: required (a value of another type is the parser's or passed over)."""
    require(op, "epsilon")
    attr = op.attribute("epsilon")
    if attr is None or not attr.text.replace(" ", "").endswith(":f32"):
        raise Unknown("epsilon")


@checked
def batch_norm(op: Operation) -> None:
    """The three batch norm ops: ODS, compatible element types, then ``inferBatchNormOp``."""
    name = op.name.partition(".")[2]
    operand_kinds, result_kinds = FORMS[name]
    attrs = Attrs(op, Spec("feature_index", "i64-non-negative")).parse()
    if len(op.results) != len(result_kinds):
        raise Unknown("results")  # ("expected 3 results": not modelled)
    counts(op, operands=len(operand_kinds), results=len(result_kinds))
    _epsilon(op)
    feature = attrs.verify()["feature_index"]
    assert isinstance(feature, int)
    ods_operands(op, operand_kinds)
    ods_results(op, result_kinds)
    operands, results = tensors(op)
    if any(t.element.quant is not None or t.bounds is not None for t in (*operands, *results)):
        raise Unknown("quantized or bounded")
    if is_mhlo(op):  # MHLO's AllElementTypesMatch: the operand and the results only
        if len({t.element.text for t in (operands[0], *results)}) > 1:
            raise fail("BC1002", names=MHLO_SAME_ELEMENTS[name])
    elif not compatible_elements([*operands, *results]):
        raise fail("BC526")
    multi = [t for t, k in zip(operands, operand_kinds, strict=True) if k is RANKED]
    single = [t for t, k in zip(operands, operand_kinds, strict=True) if k is ONE_D]
    if not compatible_shapes([t.shape for t in multi]):
        raise fail("BC1254", kind="multi")
    if not compatible_shapes([t.shape for t in single]):
        raise fail("BC1254", kind="single")
    shape = ranked(multi[0])
    if feature >= len(shape):
        raise fail("BC1255", index=feature, rank=len(shape))
    count, size = shape[feature], ranked(single[0])[0]
    if count is not None and size is not None and count != size:
        raise fail("BC1256", size=size, count=count)
    first = Tensor(shape, multi[0].element)
    vector = Tensor((count,), multi[0].element)
    inferred_many([first, vector, vector][: len(results)], results)
