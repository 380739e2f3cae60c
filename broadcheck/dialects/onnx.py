"""ONNX-MLIR's ``onnx`` dialect, with ONNX's shape inference rules (onnx 1.23; rules:
:mod:`broadcheck.semantics.onnx`)."""

from broadcheck.dialects.op import FUNCTIONAL, Op, family, ops

MULTIDIRECTIONAL = (
    "Add Sub Mul Div Pow Mod And Or Xor BitShift BitwiseAnd BitwiseOr BitwiseXor Equal Greater GreaterOrEqual "
    "Less LessOrEqual Where Max Min Mean Sum"
).split()

OPS = ops(
    [Op(f"onnx.{name}", FUNCTIONAL, family("onnx"), "onnx") for name in MULTIDIRECTIONAL],
    [
        Op(f"onnx.{name}", FUNCTIONAL, family("onnx-unidirectional"), "onnx-unidirectional")
        for name in ("PRelu", "Gemm", "LayerNormalization")
    ],
    Op("onnx.Expand", FUNCTIONAL, family("onnx-expand"), "onnx-expand"),
    Op("onnx.Broadcast", FUNCTIONAL, family("onnx-broadcast"), "onnx-broadcast"),
    [
        Op(f"onnx.{name}", FUNCTIONAL, family("onnx-matmul"), "onnx-matmul")
        for name in ("MatMul", "MatMulInteger", "QLinearMatMul")
    ],
    Op("onnx.Constant", FUNCTIONAL, literal="value"),
)
