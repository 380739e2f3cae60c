"""``stablehlo.fft`` and ``mhlo.fft``, as ``inferFftOp`` checks them (TypeInference.cpp at
iree-base-compiler 3.13; jaxlib 0.10.2's MHLO calls the same function): the FFT rank, the
operand's element type for the FFT type, the operand's rank and innermost sizes against
``fft_length``, then the inferred result type.

Not modelled (passed over): bounded and quantized types, operand or result types outside
``HLO_FpOrComplexTensor`` (their ODS words them), attributes of a form broadcheck does not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.stablehlo.common import (
    DYNAMIC,
    Tensor,
    Unknown,
    attribute_text,
    checked,
    dialect_of,
    fail,
    i64_array,
    inferred,
    is_mhlo,
    require,
    tensors,
)
from broadcheck.ops import Operation
from broadcheck.semantics.stablehlo import element
from broadcheck.syntax.attributes import Dense, Enum, Opaque, value

__all__ = ["fft"]

_TYPES = ("FFT", "IFFT", "RFFT", "IRFFT")


def _fft_type(op: Operation) -> str:
    text = attribute_text(op, "fft_type", "type")
    found = value(text) if text is not None else None
    if isinstance(found, Enum) and found.name == f"#{dialect_of(op)}" and found.words[:1] == ("fft_type",):
        kind = found.words[1] if len(found.words) == 2 else ""
    elif isinstance(found, Opaque) and not op.generic:
        kind = found.text
    else:
        raise Unknown(str(text))
    if kind not in _TYPES:
        raise Unknown(kind)
    return kind


def _splat(op: Operation) -> tuple[int, ...] | None:
    """MHLO's ``fft_length = dense<9> : tensor<3xi64>`` (a splat: ``9, 9, 9``), if so written."""
    attr = op.attribute("fft_length") if is_mhlo(op) else None
    found = value(attr.text) if attr is not None else None
    m = re.fullmatch(r"tensor<(\d+)xi64>", found.type) if isinstance(found, Dense) else None
    if m is None or not isinstance(found, Dense) or type(found.values) is not int:
        return None
    return (int(found.values),) * int(m.group(1)) or None


def _dims(shape: Sequence[int | None]) -> str:
    """A shape as MLIR's diagnostics print an ``ArrayRef<int64_t>``: ``3, 9``, a ``?`` as its sentinel."""
    return ", ".join(str(DYNAMIC if d is None else d) for d in shape)


def _compatible(a: int | None, b: int) -> bool:
    return a is None or a == b


@checked
def fft(op: Operation) -> None:
    """``fft``: its required attributes, then fft_c1 to c5 (inferFftOp), then the inferred result."""
    require(op, "fft_type", "fft_length")
    kind = _fft_type(op)
    lengths = _splat(op) or i64_array(op, "fft_length", "length")
    if lengths is None or len(op.operands) != 1 or len(op.results) != 1:
        raise Unknown("a form broadcheck does not read")
    (operand,), (result,) = tensors(op)
    for t in (operand, result):
        if t.shape is None or t.bounds is not None or t.element.family not in ("float", "complex"):
            raise Unknown("a type its ODS words, or bounds")
    rank = len(lengths)
    if not 1 <= rank <= 3:
        raise fail("BC1214", rank=rank)
    e = operand.element
    if kind == "RFFT":
        if e.text not in ("f32", "f64"):
            raise fail("BC1215", element=f"'{e.text}'")
        out = element(f"complex<{e.text}>")
    else:
        if e.family != "complex":
            raise fail("BC1216", type=f"'{operand}'")
        out = element(e.text[len("complex<") : -1]) if kind == "IRFFT" else e
    shape = operand.shape
    assert shape is not None
    if len(shape) < rank:
        raise fail("BC1217", rank=rank, type=f"'{operand}'")
    inferred_shape = list(shape)
    if kind == "RFFT":
        if not all(_compatible(d, n) for d, n in zip(shape[len(shape) - rank :], lengths, strict=True)):
            raise fail("BC1218", shape=_dims(shape), lengths=_dims(lengths))
        if lengths[-1] != 0:
            inferred_shape[-1] = lengths[-1] // 2 + 1
    if kind == "IRFFT":
        for d, n in zip(shape[len(shape) - rank : -1], lengths, strict=False):
            if not _compatible(d, n):
                raise fail("BC1219", shape=_dims(shape), lengths=_dims(lengths), dim=d, length=n)
        last = shape[-1]
        if (not _compatible(last, 0) or lengths[-1] != 0) and not _compatible(last, lengths[-1] // 2 + 1):
            raise fail("BC1220", dim=DYNAMIC if last is None else last, lengths=_dims(lengths))
        inferred_shape[-1] = lengths[-1]
    inferred(Tensor(tuple(inferred_shape), out), result)
