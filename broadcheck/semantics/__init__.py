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
from typing import Any, Literal

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
    """Every semantics by the name ``--op PATTERN=SEMANTICS`` uses.

    Each semantics module lists its own in ``VERIFIERS`` (a literal dict).
    """
    return {name: verifier for module in _modules() for name, verifier in module.VERIFIERS.items()}


def attribute_free() -> frozenset[str]:
    """The semantics whose verdict depends only on an op's name and types, never on its attributes.

    Each module lists its own in ``ATTRIBUTE_FREE``; the checker gives such ops
    one verdict per (name, signature).
    """
    return frozenset(name for module in _modules() for name in module.ATTRIBUTE_FREE)


def _modules() -> tuple[Any, ...]:
    from broadcheck.semantics import linalg, mlir, numpy, onnx, stablehlo, tf, tosa, vector, xla

    return (mlir, tosa, tf, numpy, onnx, xla, stablehlo, linalg, vector)
