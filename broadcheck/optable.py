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
_TOSA_BROADCASTING = (
    "add sub arithmetic_right_shift bitwise_and bitwise_or bitwise_xor intdiv logical_and logical_or "
    "logical_xor logical_left_shift logical_right_shift maximum minimum pow select equal greater "
    "greater_equal"
).split()
# One tensor operand; these also require the same shape in and out.
_TOSA_UNARY = (
    "abs ceil clz cos erf exp floor log logical_not bitwise_not reciprocal rsqrt sigmoid sin tanh clamp".split()
)
TOSA_OPS: dict[str, str] = {
    **{f"tosa.{name}": "tosa" for name in _TOSA_BROADCASTING},
    **{f"tosa.{name}": "tosa-unary" for name in _TOSA_UNARY},
}

# ---------------------------------------------------------------- TensorFlow and TFLite (semantics/tf.py)
TF_OPS: dict[str, str] = {
    "tf.Add": "broadcastable",
    "tf.AddV2": "broadcastable",
    "tf.Atan2": "broadcastable",
    "tf.SelectV2": "broadcastable",
    "tfl.add": "broadcastable",
    "tfl.prelu": "broadcastable",
    "tfl.select_v2": "broadcastable",
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
}

# -------------------------------------------------------- StableHLO, MHLO, CHLO (semantics/stablehlo.py, xla.py)
_CHLO_BINARY = (
    "add subtract multiply divide maximum minimum power remainder atan2 and or xor shift_left "
    "shift_right_arithmetic shift_right_logical next_after polygamma zeta complex compare"
).split()
STABLEHLO_OPS: dict[str, str] = {
    **{f"chlo.broadcast_{name}": "xla" for name in _CHLO_BINARY},
    "chlo.broadcast_select": "numpy",
    "stablehlo.broadcast_in_dim": "stablehlo-broadcast-in-dim",
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
    **LINALG_VECTOR_OPS,
}

# The dialects the table covers: their other ops are counted as passed over.
KNOWN_DIALECTS = frozenset(name.partition(".")[0] for name in BUILTIN_OPS) | {"mhlo"}


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
        self._patterns = [(re.compile(fnmatch.translate(p)), s) for p, s in patterns][::-1]
        self._cache: dict[str, str | None] = {}

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

    def is_checked(self, name: str) -> bool:
        return self.semantics(name) is not None

    def known_dialect(self, name: str) -> bool:
        """Whether ``name`` belongs to a dialect the built-in table covers (so an op of
        it that is not checked is counted as passed over)."""
        return name.partition(".")[0] in KNOWN_DIALECTS
