"""TOSA 1.0 as MLIR's TOSA dialect defines it (TosaOps.td at the LLVM that iree-base-compiler
3.13 carries). The rules are in :mod:`broadcheck.semantics.tosa`."""

from broadcheck.dialects.op import FUNCTIONAL, RESULT, Op, family, ops

_CHECKED = (
    # elementwise binary (Tosa_ElementwiseOp): broadcasting, equal ranks
    "add sub maximum minimum pow intdiv arithmetic_right_shift bitwise_and bitwise_or bitwise_xor "
    "logical_and logical_or logical_xor logical_left_shift logical_right_shift equal greater greater_equal select "
    # elementwise unary (Tosa_ElementwiseUnaryOp): the same shape in and out
    "abs bitwise_not ceil clz cos erf exp floor log logical_not reciprocal rsqrt sigmoid sin tanh clamp "
    # own verifiers: mul (a shift operand), negate (zero point operands), cast, reverse, table, fft2d (same shape)
    "mul negate cast reverse table fft2d "
    # a codegen utility op on scalars, vectors or tensors (MLIR's Elementwise trait)
    "apply_scale"
).split()

OPS = ops(
    [Op(f"tosa.{name}", FUNCTIONAL, family("tosa"), "tosa") for name in _CHECKED],
    # its verifier reads the scale32 and per_channel attributes
    Op("tosa.rescale", FUNCTIONAL, family("tosa-rescale"), "tosa-rescale"),
    Op("tosa.const", RESULT, literal="values"),
    Op("tosa.const_shape", RESULT, literal="values"),
)
