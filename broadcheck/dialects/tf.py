"""TensorFlow's ``tf`` dialect as tensorflow-cpu 2.21 registers it: every op with
ResultsBroadcastableShape in tf_generated_ops.td (rules: :mod:`broadcheck.semantics.tf`)."""

from broadcheck.dialects.op import FUNCTIONAL, Op, family, ops

BROADCASTING = (
    "Add AddV2 Atan2 BitwiseAnd BitwiseOr BitwiseXor Complex Div DivNoNan FloorDiv FloorMod Greater GreaterEqual "
    "Igamma IgammaGradA Igammac LeftShift Less LessEqual LogicalAnd LogicalOr Maximum Minimum Mod Mul MulNoNan "
    "NextAfter Polygamma Pow RandomGammaGrad RealDiv RightShift SelectV2 SquaredDifference Sub TruncateDiv "
    "TruncateMod Xdivy Xlogy Zeta"
).split()

OPS = ops(
    [Op(f"tf.{name}", FUNCTIONAL, family("tf"), "tf") for name in BROADCASTING],
    Op("tf.Equal", FUNCTIONAL, family("tf-compare"), "tf-compare"),
    Op("tf.NotEqual", FUNCTIONAL, family("tf-compare"), "tf-compare"),
    Op("tf.Select", FUNCTIONAL, family("tf-select"), "tf-select"),
    Op("tf.Const", FUNCTIONAL, literal="value"),
)
