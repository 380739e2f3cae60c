"""The ops layer: what broadcheck knows about one operation statement.

Everything here is produced by :mod:`broadcheck.syntax` and consumed by the
semantics; locations come from the parser and are never recomputed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Dim = int | None
"""One dimension: a static size, or ``None`` for a dynamic (``?``) size."""

Shape = tuple[Dim, ...]


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a file: 1-based lines and columns, ``end_column`` exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    def shifted(self, line: int, column: int) -> Span:
        """This span, relative to a statement starting at ``line:column``, made file-absolute."""
        return Span(
            self.line + line - 1,
            self.column + column - 1 if self.line == 1 else self.column,
            self.end_line + line - 1,
            self.end_column + column - 1 if self.end_line == 1 else self.end_column,
        )


@dataclass(frozen=True, slots=True)
class ShapedType:
    """A tensor or vector type; ``shape`` is ``None`` for an unranked tensor."""

    kind: Literal["tensor", "vector"]
    shape: Shape | None
    element: str
    encoding: str | None = None
    scalable: tuple[bool, ...] = ()

    @property
    def ranked(self) -> bool:
        return self.shape is not None

    def __str__(self) -> str:
        if self.shape is None:
            return f"{self.kind}<*x{self.element}>"
        dims = "".join(
            f"[{d}]x" if scalable else f"{'?' if d is None else d}x"
            for d, scalable in zip(self.shape, self.scalable or (False,) * len(self.shape), strict=True)
        )
        encoding = f", {self.encoding}" if self.encoding else ""
        return f"{self.kind}<{dims}{self.element}{encoding}>"

    def with_shape(self, shape: Shape) -> ShapedType:
        """The same kind, element type and encoding, with another shape."""
        return ShapedType(self.kind, shape, self.element, self.encoding)


@dataclass(frozen=True, slots=True)
class OpaqueType:
    """Any other type (``i32``, ``none``, ``memref<...>``, ``!dialect.type``), carried as text."""

    text: str

    def __str__(self) -> str:
        return self.text


Type = ShapedType | OpaqueType


@dataclass(frozen=True, slots=True)
class TypeUse:
    """A type as written in an op's signature, with where it was written."""

    type: Type
    span: Span


@dataclass(frozen=True, slots=True)
class Attribute:
    """An attribute or property value, kept as its source text."""

    name: str
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Operation:
    """One op statement: its name, signature and attributes, with locations."""

    name: str
    name_span: Span
    span: Span
    operands: tuple[TypeUse, ...]
    results: tuple[TypeUse, ...]
    attributes: tuple[Attribute, ...] = ()
    generic: bool = True

    def attribute(self, name: str) -> Attribute | None:
        """The attribute or property called ``name``, if the op has one."""
        for attr in self.attributes:
            if attr.name == name:
                return attr
        return None


def shape_str(shape: Shape) -> str:
    """A shape as MLIR prints it in messages: ``4x?x2``; empty for 0-d."""
    return "x".join("?" if d is None else str(d) for d in shape)
