"""The ODS type constraints the ``tf`` shape ops' declarations (:mod:`broadcheck.dialects.tf`)
are written with, as tensorflow-cpu 2.21 checks them.

Read from the tool itself: each operand and result of each op was given every element type
TensorFlow knows (and a non-tensor), and the verifier's words kept (``operand #1 must be
tensor of 32/64-bit signed integer values, but got 'tensor<2xf32>'``). Reference types
(``!tf_type.f32ref``) stand for their value type, as in every ``tf`` constraint
(:func:`broadcheck.semantics.tf.tf_element`).
"""

from __future__ import annotations

from broadcheck.syntax.named import NamedTuple

Constraint = tuple[str, frozenset[str]]
"""A constraint's summary (as the verifier words it) and the element types it takes."""


class Many(NamedTuple):
    """A variadic group of operands (results) under one constraint."""

    constraint: Constraint


Slot = Constraint | Many
"""One operand (result) of a declaration, or a variadic group of them."""


def _c(summary: str, elements: str) -> Constraint:
    return summary, frozenset(elements.split())


DTYPE = _c(
    "tensor of tf.dtype values",
    "f16 bf16 f32 f64 i1 i4 i8 i16 i32 i64 ui4 ui8 ui16 ui32 ui64 complex<f32> complex<f64> "
    "!tf_type.string !tf_type.qint8 !tf_type.quint8 !tf_type.qint16 !tf_type.quint16 !tf_type.qint32 "
    "!tf_type.resource !tf_type.variant f8E4M3FN f8E5M2",
)
SIGNED_32_64 = _c(
    "tensor of 32/64-bit signed integer values",
    "i32 i64",
)
BATCH_MATMUL = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 32-bit integer or 64-bit integer values",
    "f16 bf16 f32 f64 i32 i64 complex<f32> complex<f64>",
)
BATCH_MATMUL_V2 = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 16-bit integer or 32-bit integer or 64-bit integer or 16-bit unsigned integer or 32-bit "
    "unsigned integer or 64-bit unsigned integer or 8-bit unsigned integer values",
    "f16 bf16 f32 f64 i16 i32 i64 ui8 ui16 ui32 ui64 complex<f32> complex<f64>",
)
BATCH_MATMUL_V3_IN = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 16-bit integer or 32-bit integer or 64-bit integer or 8-bit integer or 8-bit unsigned "
    "integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui8 complex<f32> complex<f64>",
)
BATCH_MATMUL_V3_OUT = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 16-bit integer or 32-bit integer or 64-bit integer values",
    "f16 bf16 f32 f64 i16 i32 i64 complex<f32> complex<f64>",
)
MATMUL = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 32-bit integer or 64-bit integer or 16-bit unsigned integer or 32-bit unsigned integer or "
    "64-bit unsigned integer or 8-bit unsigned integer values",
    "f16 bf16 f32 f64 i32 i64 ui8 ui16 ui32 ui64 complex<f32> complex<f64>",
)
I32 = _c(
    "tensor of 32-bit integer values",
    "i32",
)
I8_32_64 = _c(
    "tensor of 32-bit integer or 64-bit integer or 8-bit integer values",
    "i8 i32 i64",
)
I16_32_64 = _c(
    "tensor of 16-bit integer or 32-bit integer or 64-bit integer values",
    "i16 i32 i64",
)
CONV = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 32-bit integer values",
    "f16 bf16 f32 f64 i32",
)
FLOAT = _c(
    "tensor of floating-point values",
    "f16 bf16 f32 f64 f8E4M3FN f8E5M2",
)
MAX_POOL = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 16-bit integer or 32-bit "
    "integer or 64-bit integer or 8-bit integer or 8-bit quantized integer or 16-bit unsigned integer or "
    "8-bit unsigned integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ui16 !tf_type.qint8",
)
NUMBER = _c(
    "tensor of number values",
    "f16 bf16 f32 f64 i4 i8 i16 i32 i64 ui4 ui8 ui16 ui32 ui64 complex<f32> complex<f64> !tf_type.qint8 "
    "!tf_type.quint8 !tf_type.qint16 !tf_type.quint16 !tf_type.qint32 f8E4M3FN f8E5M2",
)
MIN_MAX = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 16-bit integer or 32-bit "
    "integer or 64-bit integer or 8-bit integer or 16-bit quantized integer or 32-bit quantized integer "
    "or 8-bit quantized integer or 16-bit quantized unsigned integer or 8-bit quantized unsigned integer "
    "or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer or 8-bit unsigned "
    "integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ui16 ui32 ui64 !tf_type.qint8 !tf_type.quint8 !tf_type.qint16 "
    "!tf_type.quint16 !tf_type.qint32",
)
RANGE = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 16-bit integer or 32-bit "
    "integer or 64-bit integer or 8-bit integer or 16-bit unsigned integer or 32-bit unsigned integer or "
    "64-bit unsigned integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui16 ui32 ui64",
)
ONE_HOT_INDICES = _c(
    "tensor of 32-bit integer or 64-bit integer or 8-bit integer or 8-bit unsigned integer values",
    "i8 i32 i64 ui8",
)
WHERE = _c(
    "tensor of bfloat16 or bool or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or "
    "64-bit float or 16-bit integer or 32-bit integer or 64-bit integer or 8-bit integer or 16-bit "
    "quantized integer or 32-bit quantized integer or 8-bit quantized integer or 16-bit quantized "
    "unsigned integer or 8-bit quantized unsigned integer or 16-bit unsigned integer or 32-bit unsigned "
    "integer or 64-bit unsigned integer or 8-bit unsigned integer values",
    "f16 bf16 f32 f64 i1 i8 i16 i32 i64 ui8 ui16 ui32 ui64 complex<f32> complex<f64> !tf_type.qint8 "
    "!tf_type.quint8 !tf_type.qint16 !tf_type.quint16 !tf_type.qint32",
)
I64 = _c(
    "tensor of 64-bit integer values",
    "i64",
)
RESOURCE = _c(
    "tensor of resource values",
    "!tf_type.resource",
)
BOOL = _c(
    "tensor of bool values",
    "i1",
)
VARIANT = _c(
    "tensor of variant values",
    "!tf_type.variant",
)
ADD_N = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit float or "
    "16-bit integer or 32-bit integer or 64-bit integer or 8-bit integer or 16-bit quantized integer or 32-bit "
    "quantized integer or 8-bit quantized integer or 16-bit quantized unsigned integer or 8-bit quantized unsigned "
    "integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer or 8-bit unsigned "
    "integer or variant values",
    "bf16 complex<f64> complex<f32> f16 f32 f64 i16 i32 i64 i8 !tf_type.qint16 !tf_type.qint32 !tf_type.qint8 "
    "!tf_type.quint16 !tf_type.quint8 ui16 ui32 ui64 ui8 !tf_type.variant",
)
F32 = _c(
    "tensor of 32-bit float values",
    "f32",
)
