"""Which ops broadcheck checks, and with which semantics.

The built-in table is a literal dict; ``--op PATTERN=SEMANTICS`` adds glob
patterns on top (later patterns win over earlier ones and over the table).
The semantics ``none`` turns checking off for the ops a pattern matches.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable

NONE = "none"

# Each dialect's section lists the ops whose verifier relates operand and result
# shapes (broadcasting or a same-shape rule), from the dialect's own ODS and C++
# verifier; the README names the version each section follows.

# ---------------------------------------------------------------- MLIR's test dialect
TEST_OPS: dict[str, str] = {
    "test.broadcastable": "mlir-tensor",
}

# ---------------------------------------------------------------- TOSA (semantics/tosa.py)
# TOSA 1.0 as MLIR's TOSA dialect defines it (TosaOps.td); semantics/tosa.py's
# table says, per op, which operands take part and what else the verifier checks.
_TOSA = (
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
TOSA_OPS: dict[str, str] = {
    **{f"tosa.{name}": "tosa" for name in _TOSA},
    # its verifier reads the scale32 and per_channel attributes
    "tosa.rescale": "tosa-rescale",
}

# ---------------------------------------------------------------- TensorFlow and TFLite (semantics/tf.py)
# tf: every op with ResultsBroadcastableShape in tf_generated_ops.td, as tensorflow-cpu 2.21 registers them.
_TF_BROADCASTING = (
    "Add AddV2 Atan2 BitwiseAnd BitwiseOr BitwiseXor Complex Div DivNoNan FloorDiv FloorMod Greater GreaterEqual "
    "Igamma IgammaGradA Igammac LeftShift Less LessEqual LogicalAnd LogicalOr Maximum Minimum Mod Mul MulNoNan "
    "NextAfter Polygamma Pow RandomGammaGrad RealDiv RightShift SelectV2 SquaredDifference Sub TruncateDiv "
    "TruncateMod Xdivy Xlogy Zeta"
).split()
# tfl: every op with ResultsBroadcastableShape in tfl_ops.td, as the TFLite dialect of tensorflow 2.21 has it.
_TFL_BROADCASTING = (
    "add sub mul div prelu maximum minimum less greater greater_equal less_equal equal not_equal pow logical_and "
    "logical_or floor_div floor_mod squared_difference select_v2 bitwise_xor"
).split()
TF_OPS: dict[str, str] = {
    **{f"tf.{name}": "tf" for name in _TF_BROADCASTING},
    "tf.Equal": "tf-compare",
    "tf.NotEqual": "tf-compare",
    "tf.Select": "tf-select",
    **{f"tfl.{name}": "tfl" for name in _TFL_BROADCASTING},
}

# ---------------------------------------------------------------- ONNX-MLIR (semantics/onnx.py)
_ONNX_MULTIDIRECTIONAL = (
    "Add Sub Mul Div Pow Mod And Or Xor BitShift BitwiseAnd BitwiseOr BitwiseXor Equal Greater GreaterOrEqual "
    "Less LessOrEqual Where Max Min Mean Sum"
).split()
ONNX_OPS: dict[str, str] = {
    **{f"onnx.{name}": "onnx" for name in _ONNX_MULTIDIRECTIONAL},
    "onnx.PRelu": "onnx-unidirectional",
    "onnx.Gemm": "onnx-unidirectional",
    "onnx.LayerNormalization": "onnx-unidirectional",
    "onnx.Expand": "onnx-expand",
    "onnx.Broadcast": "onnx-broadcast",
    "onnx.MatMul": "onnx-matmul",
    "onnx.MatMulInteger": "onnx-matmul",
    "onnx.QLinearMatMul": "onnx-matmul",
}

# -------------------------------------------------------- StableHLO and CHLO (semantics/stablehlo.py, xla.py)
# StableHLO and CHLO as in iree-base-compiler 3.13 (openxla/stablehlo StablehloOps.td, ChloOps.td,
# TypeInference.cpp, ChloOps.cpp).
_HLO_SHAPE_OPS = (
    # unary elementwise
    "abs cbrt ceil convert count_leading_zeros cosine exponential exponential_minus_one floor imag is_finite log "
    "log_plus_one logistic negate not popcnt real reduce_precision round_nearest_afz round_nearest_even rsqrt sign "
    "sine sqrt tan tanh "
    # binary elementwise
    "add and atan2 compare complex divide maximum minimum multiply or power remainder shift_left "
    "shift_right_arithmetic shift_right_logical subtract xor "
    # a predicate, or bounds, that may be scalars
    "select clamp"
).split()
_CHLO_BINARY = (
    "add and atan2 compare complex divide maximum minimum multiply next_after or polygamma power remainder "
    "shift_left shift_right_arithmetic shift_right_logical subtract xor zeta"
).split()
# Their verdict depends on their form or attributes too (see semantics/stablehlo.py).
_HLO_FORM_OPS = {"compare", "complex", "reduce_precision"}
STABLEHLO_OPS: dict[str, str] = {
    **{f"stablehlo.{name}": "stablehlo-form" if name in _HLO_FORM_OPS else "stablehlo" for name in _HLO_SHAPE_OPS},
    "stablehlo.broadcast_in_dim": "stablehlo-broadcast-in-dim",
    "stablehlo.dynamic_broadcast_in_dim": "stablehlo-dynamic-broadcast-in-dim",
    **{f"chlo.broadcast_{name}": "xla" for name in _CHLO_BINARY},
    "chlo.broadcast_select": "chlo-select",
}

# ---------------------------------------------------------------- MHLO (semantics/mhlo.py)
# MHLO's own definitions (openxla/xla xla/mlir_hlo/mhlo/IR/hlo_ops.td, hlo_ops.cc), as jaxlib 0.10.2
# ships them: StableHLO's elementwise ops and more (acos, cosh, erf, mulhi, ...), and mhlo.broadcast.
_MHLO_SHAPE_OPS = (
    # unary elementwise
    "abs acos acosh asin asinh atanh cbrt ceil convert cosh cosine count_leading_zeros erf exponential "
    "exponential_minus_one floor imag is_finite log log_plus_one logistic negate not popcnt real "
    "round_nearest_afz round_nearest_even rsqrt sign sine sinh sqrt tan tanh "
    # binary elementwise
    "add and atan2 divide maximum minimum mulhi multiply or power remainder shift_left shift_right_arithmetic "
    "shift_right_logical subtract xor "
    # a predicate, or bounds, that may be scalars
    "select clamp"
).split()
# Their verdict depends on their attributes or form too: no custom form (the broadcasts,
# stochastic_convert), a custom form that names only the result (complex), attributes.
_MHLO_FORM_OPS = (
    "compare complex reduce_precision stochastic_convert broadcast broadcast_in_dim dynamic_broadcast_in_dim"
).split()
MHLO_OPS: dict[str, str] = {
    **{f"mhlo.{name}": "mhlo" for name in _MHLO_SHAPE_OPS},
    **{f"mhlo.{name}": "mhlo-form" for name in _MHLO_FORM_OPS},
}

# ---------------------------------------------------------------- Linalg and Vector (semantics/linalg.py, vector.py)
LINALG_VECTOR_OPS: dict[str, str] = {
    "linalg.broadcast": "linalg-broadcast",
    "vector.broadcast": "vector-broadcast",
}

BUILTIN_OPS: dict[str, str] = {
    **TEST_OPS,
    **TOSA_OPS,
    **TF_OPS,
    **ONNX_OPS,
    **STABLEHLO_OPS,
    **MHLO_OPS,
    **LINALG_VECTOR_OPS,
}

# The dialects the table covers: their other ops are counted as passed over.
KNOWN_DIALECTS = frozenset(name.partition(".")[0] for name in BUILTIN_OPS)


class OpTableError(ValueError):
    """A ``PATTERN=SEMANTICS`` entry that cannot be used."""


def parse_op_spec(spec: str, known: Iterable[str]) -> tuple[str, str]:
    """Split ``PATTERN=SEMANTICS``, checking the semantics is one broadcheck has."""
    pattern, sep, semantics = spec.partition("=")
    pattern, semantics = pattern.strip(), semantics.strip()
    allowed = sorted({*known, NONE})
    if not sep or not pattern or not semantics:
        raise OpTableError(f"'{spec}' is not PATTERN=SEMANTICS (e.g. 'mydialect.*=mlir')")
    if semantics not in allowed:
        raise OpTableError(f"unknown semantics '{semantics}' in '{spec}'; choose from {', '.join(allowed)}")
    return pattern, semantics


class OpTable:
    """Op name -> semantics name, from the built-in table and user patterns."""

    def __init__(self, patterns: Iterable[tuple[str, str]] = ()):
        self.written = tuple(patterns)
        """The ``(PATTERN, SEMANTICS)`` pairs as given: two tables are equal when these are."""
        self._patterns = [(re.compile(fnmatch.translate(p)), s) for p, s in self.written][::-1]
        self._cache: dict[str, str | None] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OpTable) and other.written == self.written

    def __hash__(self) -> int:
        return hash(self.written)

    def semantics(self, name: str) -> str | None:
        """The semantics to check ``name`` with, or ``None`` if it is not checked."""
        try:
            return self._cache[name]
        except KeyError:
            pass
        found = next((s for regex, s in self._patterns if regex.match(name)), None)
        if found is None:
            found = BUILTIN_OPS.get(name)
        result = None if found == NONE else found
        self._cache[name] = result
        return result

    def override(self, name: str) -> str | None:
        """The semantics a user pattern gives ``name`` (``none`` included), or ``None``."""
        return next((s for regex, s in self._patterns if regex.match(name)), None)

    def is_checked(self, name: str) -> bool:
        return self.semantics(name) is not None

    def known_dialect(self, name: str) -> bool:
        """Whether ``name`` belongs to a dialect the built-in table covers (so an op of
        it that is not checked is counted as passed over)."""
        return name.partition(".")[0] in KNOWN_DIALECTS
