"""StableHLO's (and MHLO's) rules for quantized element types, as iree-base-compiler 3.13 checks them
(``TypeInference.cpp``: ``verifyTransposeOp``, ``verifyReshapeOpQuantizationConstraints``,
``verifyBroadcastInDimOpQuantConstraints``, ``verifyDotGeneralOpQuantizationConstraints``,
``verifyConvolutionOpQuantizationConstraints``, ``isPromotableElementType``).

The family modules call these after their shape checks, where StableHLO does; each returns the
first problem or ``None``. What an ODS constraint says of a quantized type (a signless storage
type of 2 to 32 bits, zero points within the storage range) is
:attr:`broadcheck.semantics.stablehlo.Quant.valid`.

PASS::

    %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1, 0.2}>>)
           -> tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>

FAIL::

    %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32, 0.1>>)
           -> tensor<2x2x!quant.uniform<i8:f32, 0.2>>   // expect same quantization scale and zero_point
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.stablehlo.common import TENSOR, TENSOR_AXIS, Reject, is_mhlo, ods_operands, ods_results
from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import Problem
from broadcheck.semantics.stablehlo import Element, Quant, Tensor, Unknown, element


def reject(problem: Problem | None) -> None:
    """Raise ``problem`` (a check's answer) if there is one."""
    if problem is not None:
        raise Reject(problem)


def _same_axis_params(a: Quant, b: Quant) -> bool:
    # isSameQuantPerAxisScaleZeroPoint compares its first type's count with itself, then zips:
    # the shorter list decides.
    return all(x == y for x, y in zip(a.params, b.params, strict=False))


def same_params(operand: Tensor, result: Tensor) -> Problem | None:
    """transpose_c1, reshape_c1: per-tensor types equal, per-axis scales and zero points equal."""
    q1, q2 = operand.element.quant, result.element.quant
    if q1 is None or q2 is None:
        return None
    if not q1.per_axis and not q2.per_axis and q1.text != q2.text:
        return Problem("BC1440", {"operand": str(operand), "result": str(result)})
    if q1.per_axis and q2.per_axis and not _same_axis_params(q1, q2):
        return Problem("BC1441", {"operand": str(operand), "result": str(result)})
    return None


def transpose(operand: Tensor, result: Tensor, permutation: Sequence[int]) -> Problem | None:
    """``verifyTransposeOp``: transpose_c1, then c4 (the result quantizes the permuted dimension)."""
    problem = same_params(operand, result)
    if problem:
        return problem
    q1, q2 = operand.element.quant, result.element.quant
    if q2 is None or q2.axis is None:
        return None
    if q1 is None or q1.axis is None:
        raise Unknown("a per-axis result of another operand")  # StableHLO casts regardless: undefined
    if q1.axis != permutation[q2.axis]:
        return Problem("BC1442", {"operand": q1.axis, "dim": q2.axis, "value": permutation[q2.axis]})
    return None


def reshape(operand: Tensor, result: Tensor) -> Problem | None:
    """``verifyReshapeOpQuantizationConstraints``: reshape_c1, then c3 (the quantized dimension kept,
    with as many elements before it)."""
    problem = same_params(operand, result)
    if problem:
        return problem
    q1, q2 = operand.element.quant, result.element.quant
    if q1 is None or q2 is None or q1.axis is None or q2.axis is None:
        return None
    a, b = operand.shape, result.shape
    if a is None or b is None:
        return None
    size1, size2 = a[q1.axis], b[q2.axis]
    if size1 is not None and size2 is not None and size1 != size2:
        return Problem("BC1443", {"operand": str(operand), "result": str(result)})
    if None in a or None in b:
        return None
    before1, before2 = _product(a[: q1.axis]), _product(b[: q2.axis])
    if before1 != before2:
        return Problem("BC1444", {"operand": before1, "result": before2})
    return None


def _product(sizes: Sequence[int | None]) -> int:
    out = 1
    for size in sizes:
        assert size is not None
        out *= size
    return out


def _common(lhs: Element, rhs: Element, result: Element) -> Problem | None:
    # verifyConvolutionDotGeneralCommonQuantizationConstraints
    ql, qr, qo = lhs.quant, rhs.quant, result.quant
    if qr is None or (ql is None) != (qo is None):
        return Problem("BC1447")
    if ql is not None:
        assert qo is not None
        if ql.storage != qr.storage:
            return Problem("BC1448")
        if not ql.expressed == qr.expressed == qo.expressed:
            return Problem("BC1449")
        if not qr.per_axis and qo.per_axis:
            return Problem("BC1450")
        return None
    if not lhs.text == qr.expressed == result.text:
        return Problem("BC1451")
    return None


def quantized(*types: Tensor) -> bool:
    """Whether any of ``types`` has a quantized element type."""
    return any(t.element.quant is not None for t in types)


def dot_general(lhs: Tensor, rhs: Tensor, result: Tensor, rhs_contracting: Sequence[int]) -> Problem | None:
    """``verifyDotGeneralOpQuantizationConstraints`` (dot_general_c14 to c20), when any type is quantized."""
    if not quantized(lhs, rhs, result):
        return None
    q = rhs.element.quant
    if q is not None and not q.per_axis and q.params[0][1] != 0:
        return Problem("BC1452")
    if q is not None and q.axis is not None:
        if any(zero != 0 for _, zero in q.params):
            return Problem("BC1453")
        if q.axis in rhs_contracting:
            return Problem("BC1454")
    return _common(lhs.element, rhs.element, result.element)


def convolution(
    lhs: Tensor, rhs: Tensor, result: Tensor, kernel_output_feature: int, output_feature: int
) -> Problem | None:
    """``verifyConvolutionOpQuantizationConstraints`` (convolution_c28 to c34), when any type is quantized."""
    if not quantized(lhs, rhs, result):
        return None
    qr, qo = rhs.element.quant, result.element.quant
    if qr is not None and qr.axis is not None and qr.axis != kernel_output_feature:
        return Problem("BC1455")
    if qo is not None and qo.axis is not None and qo.axis != output_feature:
        return Problem("BC1456")
    return _common(lhs.element, rhs.element, result.element)


def promotable(a: str, b: str) -> bool | None:
    """``isPromotableElementType`` when ``a`` or ``b`` is quantized (``None`` otherwise): both
    quantized, with one expressed type, and ``a``'s storage no wider than ``b``'s."""
    ea, eb = element(a), element(b)
    qa, qb = ea.quant, eb.quant
    if qa is None and qb is None:
        return None
    if qa is None or qb is None:
        return False
    return qa.expressed == qb.expressed and qa.width <= qb.width


def normalized(types: Sequence[Type]) -> tuple[Type, ...]:
    """``types`` with each quantized element type written as MLIR prints it (``0.1`` ->
    ``1.000000e-01``), so that equal types compare and print equal."""
    out: list[Type] = []
    for t in types:
        if isinstance(t, ShapedType) and "!quant." in t.element:
            t = ShapedType(t.kind, t.shape, element(t.element).text, t.encoding, t.scalable)
        out.append(t)
    return tuple(out)


def ods_tensors(op: Operation) -> None:
    """``map`` and ``sort``: ``Variadic<HLO_Tensor>`` inputs, and ``HLO_Tensor`` results (variadic for
    ``sort``), which take no per-axis quantized type; MHLO's constraints differ (not modelled)."""
    if is_mhlo(op):
        return
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR], variadic=op.name.endswith(".sort"))


def storage_width(t: Tensor) -> int | None:
    """``getBitWidth`` of a quantized element (its storage type's), ``None`` for another; a type its
    ODS constraint rejects is passed over (that constraint is not modelled where this is called)."""
    q = t.element.quant
    if q is None:
        return None
    if not q.valid:
        raise Unknown(q.text)
    return q.width


def printed(text: str) -> str:
    """An element type's text as MLIR prints it, for a quantized one (``0.1`` -> ``1.000000e-01``);
    another's with its spaces collapsed."""
    if "!quant." in text:
        return element(text).text
    return " ".join(text.split())


def stored(t: Tensor) -> Tensor:
    """``t`` with a quantized element replaced by its storage type (``ConstantOp::isCompatibleReturnTypes``
    compares a literal so)."""
    q = t.element.quant
    return t if q is None else Tensor(t.shape, element(q.storage), t.bounds)


def ods_quantized(op: Operation, operands: Sequence[Tensor], results: Sequence[Tensor]) -> None:
    """Where an op's check models no ODS constraint: with a quantized type, StableHLO's
    ``HLO_TensorOrPerAxisQuantizedTensor`` of each operand and result (which rejects the
    quantized types of :attr:`Quant.valid`'s rules); MHLO's are passed over."""
    if not quantized(*operands, *results):
        return
    if is_mhlo(op):
        raise Unknown("quantized")  # (jaxlib's MHLO context cannot read them)
    ods_operands(op, [TENSOR_AXIS] * len(operands))
    ods_results(op, [TENSOR_AXIS] * len(results))
