"""The ODS type constraints of the ``tf`` shape ops, as tensorflow-cpu 2.21 checks them.

Read from the tool itself: each operand and result of each op was given every element type
TensorFlow knows (and a non-tensor), and the verifier's words kept (``operand #1 must be
tensor of 32/64-bit signed integer values, but got 'tensor<2xf32>'``). Reference types
(``!tf_type.f32ref``) stand for their value type, as in every ``tf`` constraint
(:func:`broadcheck.semantics.tf.tf_element`).
"""

from __future__ import annotations

Constraint = tuple[str, frozenset[str]]
"""A constraint's summary (as the verifier words it) and the element types it takes."""


def _c(summary: str, elements: str) -> Constraint:
    return summary, frozenset(elements.split())


_C0 = _c(
    "tensor of tf.dtype values",
    "f16 bf16 f32 f64 i1 i4 i8 i16 i32 i64 ui4 ui8 ui16 ui32 ui64 complex<f32> complex<f64> "
    "!tf_type.string !tf_type.qint8 !tf_type.quint8 !tf_type.qint16 !tf_type.quint16 !tf_type.qint32 "
    "!tf_type.resource !tf_type.variant f8E4M3FN f8E5M2",
)
_C1 = _c(
    "tensor of 32/64-bit signed integer values",
    "i32 i64",
)
_C2 = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 32-bit integer or 64-bit integer values",
    "f16 bf16 f32 f64 i32 i64 complex<f32> complex<f64>",
)
_C3 = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 16-bit integer or 32-bit integer or 64-bit integer or 16-bit unsigned integer or 32-bit "
    "unsigned integer or 64-bit unsigned integer or 8-bit unsigned integer values",
    "f16 bf16 f32 f64 i16 i32 i64 ui8 ui16 ui32 ui64 complex<f32> complex<f64>",
)
_C4 = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 16-bit integer or 32-bit integer or 64-bit integer or 8-bit integer or 8-bit unsigned "
    "integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui8 complex<f32> complex<f64>",
)
_C5 = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 16-bit integer or 32-bit integer or 64-bit integer values",
    "f16 bf16 f32 f64 i16 i32 i64 complex<f32> complex<f64>",
)
_C6 = _c(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit "
    "float or 32-bit integer or 64-bit integer or 16-bit unsigned integer or 32-bit unsigned integer or "
    "64-bit unsigned integer or 8-bit unsigned integer values",
    "f16 bf16 f32 f64 i32 i64 ui8 ui16 ui32 ui64 complex<f32> complex<f64>",
)
_C7 = _c(
    "tensor of 32-bit integer values",
    "i32",
)
_C8 = _c(
    "tensor of 32-bit integer or 64-bit integer or 8-bit integer values",
    "i8 i32 i64",
)
_C9 = _c(
    "tensor of 16-bit integer or 32-bit integer or 64-bit integer values",
    "i16 i32 i64",
)
_C10 = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 32-bit integer values",
    "f16 bf16 f32 f64 i32",
)
_C11 = _c(
    "tensor of floating-point values",
    "f16 bf16 f32 f64 f8E4M3FN f8E5M2",
)
_C12 = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 16-bit integer or 32-bit "
    "integer or 64-bit integer or 8-bit integer or 8-bit quantized integer or 16-bit unsigned integer or "
    "8-bit unsigned integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ui16 !tf_type.qint8",
)
_C13 = _c(
    "tensor of number values",
    "f16 bf16 f32 f64 i4 i8 i16 i32 i64 ui4 ui8 ui16 ui32 ui64 complex<f32> complex<f64> !tf_type.qint8 "
    "!tf_type.quint8 !tf_type.qint16 !tf_type.quint16 !tf_type.qint32 f8E4M3FN f8E5M2",
)
_C14 = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 16-bit integer or 32-bit "
    "integer or 64-bit integer or 8-bit integer or 16-bit quantized integer or 32-bit quantized integer "
    "or 8-bit quantized integer or 16-bit quantized unsigned integer or 8-bit quantized unsigned integer "
    "or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer or 8-bit unsigned "
    "integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ui16 ui32 ui64 !tf_type.qint8 !tf_type.quint8 !tf_type.qint16 "
    "!tf_type.quint16 !tf_type.qint32",
)
_C15 = _c(
    "tensor of bfloat16 or 16-bit float or 32-bit float or 64-bit float or 16-bit integer or 32-bit "
    "integer or 64-bit integer or 8-bit integer or 16-bit unsigned integer or 32-bit unsigned integer or "
    "64-bit unsigned integer values",
    "f16 bf16 f32 f64 i8 i16 i32 i64 ui16 ui32 ui64",
)
_C16 = _c(
    "tensor of 32-bit integer or 64-bit integer or 8-bit integer or 8-bit unsigned integer values",
    "i8 i32 i64 ui8",
)
_C17 = _c(
    "tensor of bfloat16 or bool or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or "
    "64-bit float or 16-bit integer or 32-bit integer or 64-bit integer or 8-bit integer or 16-bit "
    "quantized integer or 32-bit quantized integer or 8-bit quantized integer or 16-bit quantized "
    "unsigned integer or 8-bit quantized unsigned integer or 16-bit unsigned integer or 32-bit unsigned "
    "integer or 64-bit unsigned integer or 8-bit unsigned integer values",
    "f16 bf16 f32 f64 i1 i8 i16 i32 i64 ui8 ui16 ui32 ui64 complex<f32> complex<f64> !tf_type.qint8 "
    "!tf_type.quint8 !tf_type.qint16 !tf_type.quint16 !tf_type.qint32",
)
_C18 = _c(
    "tensor of 64-bit integer values",
    "i64",
)


# op -> (operands, results): each a (constraint, variadic) pair, in order; a variadic pair stands for
# every operand (result) of its group.
OPS: dict[str, tuple[tuple[tuple[Constraint, bool], ...], tuple[tuple[Constraint, bool], ...]]] = {
    "tf.BroadcastTo": (
        (
            (_C0, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.BroadcastArgs": (
        (
            (_C1, False),
            (_C1, False),
        ),
        ((_C1, False),),
    ),
    "tf.BatchMatMul": (
        (
            (_C2, False),
            (_C2, False),
        ),
        ((_C2, False),),
    ),
    "tf.BatchMatMulV2": (
        (
            (_C3, False),
            (_C3, False),
        ),
        ((_C3, False),),
    ),
    "tf.BatchMatMulV3": (
        (
            (_C4, False),
            (_C4, False),
        ),
        ((_C5, False),),
    ),
    "tf.MatMul": (
        (
            (_C6, False),
            (_C6, False),
        ),
        ((_C6, False),),
    ),
    "tf.Einsum": (((_C0, True),), ((_C0, False),)),
    "tf.Reshape": (
        (
            (_C0, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.Transpose": (
        (
            (_C0, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.ConcatV2": (
        (
            (_C0, True),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.Pack": (((_C0, True),), ((_C0, False),)),
    "tf.Unpack": (((_C0, False),), ((_C0, True),)),
    "tf.Split": (
        (
            (_C7, False),
            (_C0, False),
        ),
        ((_C0, True),),
    ),
    "tf.SplitV": (
        (
            (_C0, False),
            (_C8, False),
            (_C7, False),
        ),
        ((_C0, True),),
    ),
    "tf.Slice": (
        (
            (_C0, False),
            (_C1, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.StridedSlice": (
        (
            (_C0, False),
            (_C9, False),
            (_C9, False),
            (_C9, False),
        ),
        ((_C0, False),),
    ),
    "tf.Squeeze": (((_C0, False),), ((_C0, False),)),
    "tf.ExpandDims": (
        (
            (_C0, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.Tile": (
        (
            (_C0, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.Pad": (
        (
            (_C0, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.PadV2": (
        (
            (_C0, False),
            (_C1, False),
            (_C0, False),
        ),
        ((_C0, False),),
    ),
    "tf.GatherV2": (
        (
            (_C0, False),
            (_C9, False),
            (_C1, False),
        ),
        ((_C0, False),),
    ),
    "tf.Conv2D": (
        (
            (_C10, False),
            (_C10, False),
        ),
        ((_C10, False),),
    ),
    "tf.DepthwiseConv2dNative": (
        (
            (_C11, False),
            (_C11, False),
        ),
        ((_C11, False),),
    ),
    "tf.MaxPool": (((_C12, False),), ((_C12, False),)),
    "tf.AvgPool": (((_C11, False),), ((_C11, False),)),
    "tf.BiasAdd": (
        (
            (_C13, False),
            (_C13, False),
        ),
        ((_C13, False),),
    ),
    "tf.Sum": (
        (
            (_C13, False),
            (_C1, False),
        ),
        ((_C13, False),),
    ),
    "tf.Mean": (
        (
            (_C13, False),
            (_C1, False),
        ),
        ((_C13, False),),
    ),
    "tf.Max": (
        (
            (_C14, False),
            (_C1, False),
        ),
        ((_C14, False),),
    ),
    "tf.Min": (
        (
            (_C14, False),
            (_C1, False),
        ),
        ((_C14, False),),
    ),
    "tf.Prod": (
        (
            (_C13, False),
            (_C1, False),
        ),
        ((_C13, False),),
    ),
    "tf.Softmax": (((_C11, False),), ((_C11, False),)),
    "tf.Cast": (((_C0, False),), ((_C0, False),)),
    "tf.Identity": (((_C0, False),), ((_C0, False),)),
    "tf.Range": (
        (
            (_C15, False),
            (_C15, False),
            (_C15, False),
        ),
        ((_C15, False),),
    ),
    "tf.Fill": (
        (
            (_C1, False),
            (_C0, False),
        ),
        ((_C0, False),),
    ),
    "tf.OneHot": (
        (
            (_C16, False),
            (_C7, False),
            (_C0, False),
            (_C0, False),
        ),
        ((_C0, False),),
    ),
    "tf.Where": (((_C17, False),), ((_C18, False),)),
}
