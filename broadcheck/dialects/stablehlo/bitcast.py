"""``stablehlo.bitcast_convert`` and ``mhlo.bitcast_convert``, as ``verifyBitcastConvertOp`` checks
them (TypeInference.cpp at iree-base-compiler 3.13; jaxlib 0.10.2's MHLO calls it too): real to
real or complex to complex; between elements of different bit widths, the narrower side has one
more dimension, whose size times its width is the wider width; the other sizes compatible.

Not modelled (passed over): unranked, bounded and quantized types, element types outside the
ODS constraint (its ODS words them).
"""

from __future__ import annotations

import re

from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import Unknown, checked, fail, tensors
from broadcheck.ops import Operation

__all__ = ["bitcast_convert"]

_WIDTH = re.compile(r"[su]?i(\d+)|f(\d+)(?:E\w*)?|bf16|tf32")


def _width(text: str) -> int:
    """``getBitWidth``: a complex element's twice its part's."""
    m = re.fullmatch(r"complex<(\w+)>", text)
    if m is not None:
        return 2 * _width(m.group(1))
    m = _WIDTH.fullmatch(text)
    if m is None:
        raise Unknown(text)
    if text == "bf16":
        return 16
    if text == "tf32":
        return 19
    return int(m.group(1) or m.group(2))


@checked
def bitcast_convert(op: Operation) -> None:
    """``bitcast_convert``: bitcast_convert_c1 and c2."""
    if len(op.operands) != 1 or len(op.results) != 1:
        raise Unknown("counts")
    (operand,), (result,) = tensors(op)
    if any(t.shape is None or t.bounds is not None for t in (operand, result)):
        raise Unknown("unranked or bounded")
    quant.ods_quantized(op, [operand], [result])  # hloquant
    if (operand.element.family == "complex") != (result.element.family == "complex"):
        raise fail("BC1221", operand=f"'{operand}'", result=f"'{result}'")
    wide_in = quant.storage_width(operand) or _width(operand.element.text)  # hloquant
    wide_out = quant.storage_width(result) or _width(result.element.text)
    assert operand.shape is not None and result.shape is not None
    smaller, bigger = (operand.shape, result.shape) if wide_in < wide_out else (result.shape, operand.shape)
    prefix = smaller
    if wide_in != wide_out:
        narrow, wide = min(wide_in, wide_out), max(wide_in, wide_out)
        if len(smaller) != len(bigger) + 1:
            raise fail("BC1222", smaller=len(smaller), bigger=len(bigger))
        prefix = smaller[:-1]
        last = smaller[-1]
        if last is not None and last * narrow != wide:
            raise fail("BC1223", operand=f"'{operand}'", result=f"'{result}'", narrow=narrow, last=last, wide=wide)
    for a, b in zip(prefix, bigger, strict=False):
        if a is not None and b is not None and a != b:
            raise fail("BC1224", operand=f"'{operand}'", result=f"'{result}'")
