"""StableHLO's ``triangular_solve`` and ``cholesky`` as iree-base-compiler 3.13 verifies them:
their ODS (ranked float or complex tensors), ``HLO_CompatibleOperandsAndResultElementType``, then
their type inference (``inferTriangularSolveOp``, ``inferCholeskyOp`` in TypeInference.cpp).

Not modelled (passed over): quantized and bounded types, attribute values broadcheck cannot read.
"""

from __future__ import annotations

from broadcheck.dialects.stablehlo.common import (
    Reject,
    Tensor,
    Unknown,
    checked,
    compatible_elements,
    counts,
    dialect_of,
    dims,
    fail,
    inferred,
    is_mhlo,
    kind,
    ods_operands,
    ods_results,
    ranked,
    require,
    tensors,
)
from broadcheck.ops import Operation
from broadcheck.semantics import Problem
from broadcheck.semantics.stablehlo import compatible_shapes

FP_OR_COMPLEX = kind("F", "C")
"""``HLO_FpOrComplexTensor``."""
FP_COMPLEX_OR_QUANT = kind("F", "C", "QT")
"""``HLO_FpComplexOrQuantizedIntTensor``."""


def _why(code: str, name: str, **args: object) -> Reject:
    """A rejection worded by sentence ``name`` of ``code``'s details."""
    from broadcheck.messages import detail  # the catalogue: only when a check rejects

    return Reject(Problem(code, detail(code, name, **args)))


def _elements(op: Operation, types: list[Tensor]) -> None:
    """StableHLO's compatible element types; MHLO's SameOperandsAndResultElementType."""
    if is_mhlo(op):
        if len({t.element.text for t in types}) > 1:
            raise fail("BC535")
    elif not compatible_elements(types):
        raise fail("BC526")


def _compatible(a: int | None, b: int | None) -> bool:
    return a is None or b is None or a == b


def _quoted(t: Tensor) -> str:
    return f"'{t}'"


@checked
def triangular_solve(op: Operation) -> None:
    """``stablehlo.triangular_solve``: ranks, minor, shared and batch dimensions, the transpose option."""
    counts(op, operands=2)
    require(op, "left_side", "lower", "transpose_a", "unit_diagonal")
    ods_operands(op, [FP_OR_COMPLEX, FP_OR_COMPLEX])
    ods_results(op, [FP_OR_COMPLEX])
    (a, b), (result,) = tensors(op)
    if any(t.bounds is not None for t in (a, b, result)):
        raise Unknown("bounded")
    _elements(op, [a, b, result])
    left = _flag(op, "left_side")
    sa, sb = ranked(a), ranked(b)
    if len(sa) < 2:
        raise _why("BC1257", "a_rank", a=_quoted(a))
    if not _compatible(sa[-2], sa[-1]):
        raise _why("BC1257", "a_minor", a=_quoted(a))
    if len(sa) != len(sb):
        raise _why("BC1257", "ranks", a=_quoted(a), b=_quoted(b))
    if not _compatible(sa[-1], sb[-2 if left else -1]):
        raise _why("BC1257", "shared", a=_quoted(a), b=_quoted(b))
    if not compatible_shapes([sa[:-2], sb[:-2]]):
        raise _why("BC1257", "batch", a=_quoted(a), b=_quoted(b))
    transpose = op.attribute("transpose_a")
    assert transpose is not None
    words = transpose.text.replace(" ", "").replace(f"#{dialect_of(op)}<", "#<")
    if words == "#<transposeTRANSPOSE_INVALID>":
        raise _why("BC1257", "transpose")
    if words not in ("#<transposeNO_TRANSPOSE>", "#<transposeTRANSPOSE>", "#<transposeADJOINT>"):
        raise Unknown(transpose.text)
    inferred(b, result)


def _flag(op: Operation, name: str) -> bool:
    attr = op.attribute(name)
    assert attr is not None
    if attr.text.strip() not in ("true", "false"):
        raise Unknown(attr.text)  # a BoolAttr's constraint: not modelled
    return attr.text.strip() == "true"


@checked
def cholesky(op: Operation) -> None:
    """``stablehlo.cholesky``: a rank of at least 2, square minor dimensions."""
    counts(op, operands=1)
    ods_operands(op, [FP_COMPLEX_OR_QUANT])
    ods_results(op, [FP_COMPLEX_OR_QUANT])
    (a,), (result,) = tensors(op)
    if any(t.bounds is not None or t.element.quant is not None for t in (a, result)):
        raise Unknown("bounded or quantized")
    _elements(op, [a, result])
    shape = ranked(a)
    if len(shape) < 2:
        raise _why("BC1258", "rank", shape=dims(shape))
    if not _compatible(shape[-2], shape[-1]):
        raise _why("BC1258", "minor", shape=dims(shape))
    inferred(a, result)
