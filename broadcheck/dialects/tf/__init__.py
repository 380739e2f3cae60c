"""TensorFlow's ``tf`` dialect as tensorflow-cpu 2.21 registers it.

* Every op with ResultsBroadcastableShape in tf_generated_ops.td, ``tf.Equal``/``tf.NotEqual``
  and ``tf.Select``: :mod:`broadcheck.semantics.tf`.
* The shape ops (``tf.Reshape``, ``tf.Transpose``, ``tf.StridedSlice``, ``tf.Conv2D``, ...):
  :mod:`broadcheck.dialects.tf.ops`, with what only TensorFlow's shape functions check as
  warnings (:mod:`broadcheck.dialects.tf.shapes`).

Every ``tf`` op prints in the generic form. ``tf.Const`` defines the constants the shape
ops' checks read (a reshape's shape, a transpose's permutation).
"""

from broadcheck.dialects.op import FUNCTIONAL, Op, family, ops

BROADCASTING = (
    "Add AddV2 Atan2 BitwiseAnd BitwiseOr BitwiseXor Complex Div DivNoNan FloorDiv FloorMod Greater GreaterEqual "
    "Igamma IgammaGradA Igammac LeftShift Less LessEqual LogicalAnd LogicalOr Maximum Minimum Mod Mul MulNoNan "
    "NextAfter Polygamma Pow RandomGammaGrad RealDiv RightShift SelectV2 SquaredDifference Sub TruncateDiv "
    "TruncateMod Xdivy Xlogy Zeta"
).split()


def _shape_ops() -> list[Op]:
    from broadcheck.dialects.tf import checks as tf

    table = {
        "BroadcastTo": tf.broadcast_to,
        "BroadcastArgs": tf.broadcast_args,
        "BatchMatMul": tf.batch_matmul,
        "BatchMatMulV2": tf.batch_matmul,
        "BatchMatMulV3": tf.batch_matmul_v3,
        "MatMul": tf.matmul,
        "Einsum": tf.einsum,
        "Reshape": tf.reshape,
        "Transpose": tf.transpose,
        "ConcatV2": tf.concat_v2,
        "Pack": tf.pack,
        "Unpack": tf.unpack,
        "Split": tf.split,
        "SplitV": tf.split_v,
        "Slice": tf.slice_,
        "StridedSlice": tf.strided_slice,
        "Squeeze": tf.squeeze,
        "ExpandDims": tf.expand_dims,
        "Tile": tf.tile,
        "Pad": tf.pad,
        "PadV2": tf.pad,
        "GatherV2": tf.gather_v2,
        "Conv2D": tf.conv_2d,
        "DepthwiseConv2dNative": tf.depthwise_conv,
        "MaxPool": tf.max_pool,
        "AvgPool": tf.avg_pool,
        "BiasAdd": tf.bias_add,
        "Sum": tf.reduce,
        "Mean": tf.reduce,
        "Max": tf.reduce,
        "Min": tf.reduce,
        "Prod": tf.reduce,
        "Softmax": tf.softmax,
        "Cast": tf.cast,
        "Identity": tf.identity,
        "Range": tf.range_,
        "Fill": tf.fill,
        "OneHot": tf.one_hot,
        "Where": tf.where,
    }
    return [Op(f"tf.{name}", FUNCTIONAL, check, "tf-shape", constants=True) for name, check in table.items()]


OPS = ops(
    [Op(f"tf.{name}", FUNCTIONAL, family("tf"), "tf") for name in BROADCASTING],
    Op("tf.Equal", FUNCTIONAL, family("tf-compare"), "tf-compare"),
    Op("tf.NotEqual", FUNCTIONAL, family("tf-compare"), "tf-compare"),
    Op("tf.Select", FUNCTIONAL, family("tf-select"), "tf-select"),
    _shape_ops(),
    Op("tf.Const", FUNCTIONAL, literal="value"),
)
