"""The ops layer: what broadcheck knows about one operation statement.

Everything here is produced by :mod:`broadcheck.syntax` and consumed by the
semantics; locations come from the parser and are never recomputed.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from operator import attrgetter

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, Literal


class Frozen:
    """An immutable value type, as ``@dataclass(frozen=True, slots=True)`` makes one, without
    the cost of generating its code at import (about half a millisecond a class).

    A subclass names its fields in ``__slots__`` and ``__match_args__`` (the fields
    shown, compared and hashed) and sets them in ``__init__`` with ``object.__setattr__``.
    It gets the dataclass's ``repr``, ``==`` (same class, equal fields), ``hash`` (of
    the fields' tuple), ``FrozenInstanceError`` on assignment or deletion, and pickling.

    It is not a dataclass: where ``dataclasses.replace`` (or ``fields``) must accept it,
    decorate it with ``@dataclass(init=False, repr=False, eq=False)`` too, which generates
    no method (about a tenth of the cost); its fields are then annotations only (no
    class-level defaults: they are ``__init__``'s).
    """

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()
    _values: ClassVar[Callable[[Any], tuple[object, ...]]]

    def __init_subclass__(cls) -> None:
        names = cls.__match_args__
        get = attrgetter(*names) if names else (lambda obj: ())
        cls._values = staticmethod(get if len(names) != 1 else lambda obj: (get(obj),))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            values = type(self)._values
            return values(self) == values(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(type(self)._values(self))

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __getstate__(self) -> list[object]:
        names: tuple[str, ...] = self.__slots__
        return [getattr(self, name) for name in names]

    def __setstate__(self, state: list[object]) -> None:
        names: tuple[str, ...] = self.__slots__
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)


Dim = int | None
"""One dimension: a static size, or ``None`` for a dynamic (``?``) size."""

Shape = tuple[Dim, ...]


class Span(Frozen):
    """A region of a file: 1-based lines and columns, ``end_column`` exclusive."""

    __slots__ = __match_args__ = ("line", "column", "end_line", "end_column")
    line: int
    column: int
    end_line: int
    end_column: int

    def __init__(self, line: int, column: int, end_line: int, end_column: int) -> None:
        put = object.__setattr__
        put(self, "line", line)
        put(self, "column", column)
        put(self, "end_line", end_line)
        put(self, "end_column", end_column)

    def shifted(self, line: int, column: int) -> Span:
        """This span, relative to a statement starting at ``line:column``, made file-absolute."""
        return Span(
            self.line + line - 1,
            self.column + column - 1 if self.line == 1 else self.column,
            self.end_line + line - 1,
            self.end_column + column - 1 if self.end_line == 1 else self.end_column,
        )


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class ShapedType(Frozen):
    """A tensor or vector type; ``shape`` is ``None`` for an unranked tensor."""

    __slots__ = __match_args__ = ("kind", "shape", "element", "encoding", "scalable")
    kind: Literal["tensor", "vector"]
    shape: Shape | None
    element: str
    encoding: str | None
    scalable: tuple[bool, ...]

    def __init__(
        self,
        kind: Literal["tensor", "vector"],
        shape: Shape | None,
        element: str,
        encoding: str | None = None,
        scalable: tuple[bool, ...] = (),
    ) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "shape", shape)
        put(self, "element", element)
        put(self, "encoding", encoding)
        put(self, "scalable", scalable)

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


class OpaqueType(Frozen):
    """Any other type (``i32``, ``none``, ``memref<...>``, ``!dialect.type``), carried as text."""

    __slots__ = __match_args__ = ("text",)
    text: str

    def __init__(self, text: str) -> None:
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text


Type = ShapedType | OpaqueType


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class TypeUse(Frozen):
    """A type as written in an op's signature, with where it was written."""

    __slots__ = __match_args__ = ("type", "span")
    type: Type
    span: Span

    def __init__(self, type: Type, span: Span) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "span", span)


class Attribute(Frozen):
    """An attribute or property value, kept as its source text."""

    __slots__ = __match_args__ = ("name", "text", "span", "property")
    name: str
    text: str
    span: Span
    property: bool
    """Whether it is written in the generic form's properties, ``<{...}>`` (the parser reads
    those into the op's properties, the attribute dictionary's otherwise)."""

    def __init__(self, name: str, text: str, span: Span, property: bool = False) -> None:
        put = object.__setattr__
        put(self, "name", name)
        put(self, "text", text)
        put(self, "span", span)
        put(self, "property", property)


class Region(Frozen):
    """What a check may know of one of an op's regions: its entry block's arguments, and
    its last op (the terminator) with the types of what it yields and where its name is
    (for the problems its own verifier reports there, such as ``linalg.yield``'s)."""

    __slots__ = __match_args__ = ("arguments", "terminator", "yields", "at", "inner", "blocks", "ops", "sources")
    arguments: tuple[Type, ...]
    terminator: str
    """The terminator's op name ('' when the region is empty or its last op is unknown)."""
    yields: tuple[Type, ...]
    at: Span | None
    """The terminator's op name in the file (``None`` when not known)."""
    inner: tuple[tuple[str, str, Span | None], ...]
    """Its ops whose verifiers read the op that holds it (``linalg.index``), and the ops broadcheck
    could not read (name ``''`` when not even that): name, statement (value names written ``%_``),
    where the name is."""
    blocks: int
    """How many blocks it has: 0, 1, or 2 for two or more."""
    ops: int
    """How many op statements it holds, its terminator too (``stablehlo.async_start``'s one op)."""
    sources: tuple[tuple[int, int] | None, ...] | None
    """For each value its terminator yields, the op of the region that defines it: (its ordinal
    among the region's ops, the result's), ``None`` where none does; ``None`` where not followed
    (``dialects.inner.SOURCES`` names the ops whose regions are)."""

    def __init__(
        self,
        arguments: tuple[Type, ...] = (),
        terminator: str = "",
        yields: tuple[Type, ...] = (),
        at: Span | None = None,
        inner: tuple[tuple[str, str, Span | None], ...] = (),
        blocks: int = 1,
        ops: int = 0,
        sources: tuple[tuple[int, int] | None, ...] | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "blocks", blocks)
        put(self, "arguments", arguments)
        put(self, "terminator", terminator)
        put(self, "yields", yields)
        put(self, "at", at)
        put(self, "inner", inner)
        put(self, "ops", ops)
        put(self, "sources", sources)


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Operation(Frozen):
    """One op statement: its name, signature and attributes, with locations.

    ``regions`` describes its regions (:class:`Region`), in order, for the ops whose
    checks read them. ``constants`` gives, per operand, the literal of the constant op
    that defines it in the same function (``dense<[2, 3]> : tensor<2xi64>`` of a
    ``tf.Const`` or ``arith.constant``), or ``None``: for the checks that read an operand's
    value (``tf.Reshape``'s shape). ``dictionary`` is where a custom form's attribute dictionary
    opens (its ``{``), if it writes one: the parser checks the entries against the op's ODS
    constraints there.
    """

    __slots__ = __match_args__ = (
        "name",
        "name_span",
        "span",
        "operands",
        "results",
        "attributes",
        "generic",
        "regions",
        "constants",
        "dictionary",
    )
    name: str
    name_span: Span
    span: Span
    operands: tuple[TypeUse, ...]
    results: tuple[TypeUse, ...]
    attributes: tuple[Attribute, ...]
    generic: bool
    regions: tuple[Region, ...]
    constants: tuple[str | None, ...]
    dictionary: Span | None

    def __init__(
        self,
        name: str,
        name_span: Span,
        span: Span,
        operands: tuple[TypeUse, ...],
        results: tuple[TypeUse, ...],
        attributes: tuple[Attribute, ...] = (),
        generic: bool = True,
        regions: tuple[Region, ...] = (),
        constants: tuple[str | None, ...] = (),
        dictionary: Span | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "name", name)
        put(self, "name_span", name_span)
        put(self, "span", span)
        put(self, "operands", operands)
        put(self, "results", results)
        put(self, "attributes", attributes)
        put(self, "generic", generic)
        put(self, "regions", regions)
        put(self, "constants", constants)
        put(self, "dictionary", dictionary)

    def constant(self, index: int) -> str | None:
        """The literal of the constant that defines operand ``index``, if known."""
        return self.constants[index] if index < len(self.constants) else None

    def attribute(self, name: str) -> Attribute | None:
        """The attribute or property called ``name``, if the op has one."""
        for attr in self.attributes:
            if attr.name == name:
                return attr
        return None


def shape_str(shape: Shape) -> str:
    """A shape as MLIR prints it in messages: ``4x?x2``; empty for 0-d."""
    return "x".join("?" if d is None else str(d) for d in shape)
