"""The semantics layer: pure functions from an op's types to a problem or nothing.

A semantics never prints, reads files or formats locations: it returns a
:class:`Problem` naming a catalogue code, the message arguments and which
operand or result is at fault; :mod:`broadcheck.checker` turns that into a
located :class:`broadcheck.diagnostics.Diagnostic`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from broadcheck.ops import Operation, Shape, ShapedType


class Profile(StrEnum):
    """Which rule set of the MLIR Broadcastable trait to apply."""

    SPEC = "spec"
    """The trait as MLIR's Broadcastable document specifies it (the default)."""
    LLVM = "llvm"
    """What MLIR's C++ verifier does today (more permissive)."""


@dataclass(frozen=True, slots=True)
class Subject:
    """The operand or result a problem is about."""

    kind: Literal["operand", "result"]
    index: int


@dataclass(frozen=True, slots=True)
class Problem:
    """What a semantics found wrong with an op, before it is located and worded."""

    code: str
    args: Mapping[str, object] = field(default_factory=dict)
    subject: Subject | None = None
    inferred: Shape | None = None
    """The shape the operands broadcast to, where it is known."""
    expected: ShapedType | None = None
    """The result type the op should have, where one can be suggested."""
    notes: tuple[tuple[str, Mapping[str, object]], ...] = ()
    """Extra explanations, as (note code, arguments) for the catalogue."""


Verifier = Callable[[Operation, Profile], Problem | None]


def registry() -> Mapping[str, Verifier]:
    """Every semantics by the name ``--op PATTERN=SEMANTICS`` uses."""
    from broadcheck.semantics import mlir, numpy, onnx, tosa, xla

    return {
        "mlir": mlir.verify_op,
        "mlir-tensor": mlir.verify_tensor_op,
        "tosa": tosa.verify_op,
        "tosa-unary": tosa.verify_unary_op,
        "numpy": numpy.verify_op,
        "onnx": onnx.verify_multidirectional,
        "onnx-unidirectional": onnx.verify_unidirectional,
        "onnx-expand": onnx.verify_expand,
        "onnx-broadcast": onnx.verify_broadcast,
        "xla": xla.verify_chlo_op,
        "stablehlo-broadcast-in-dim": xla.verify_broadcast_in_dim_op,
    }
