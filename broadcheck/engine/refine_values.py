"""Refine's values: the shapes of type texts, and the integer contents of small shape tensors
as the refinement passes fold them (constants, the arithmetic on them), and what refining one
function knows (:class:`Scope`), for :mod:`.refine`."""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from broadcheck.engine.fix import PlannedFunction, PlannedStatement
from broadcheck.syntax.lines import name_spans
from broadcheck.syntax.statement import Definition, Item, Result, Statement, TypeText, Use, read_statement
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic
    from broadcheck.engine.control import Summary

Values = tuple[int, ...]
"""The known contents of a small integer tensor, flattened (a scalar is one value)."""

PROBE = 999_983
"""A dimension size no real result has: a result type with it makes a check say the right one."""


MAX_VALUES = 64
"""Integer tensors up to this many elements are followed (shape computations are small)."""


def dims_of(text: str) -> list[int | None] | None:
    """The shape of a ranked tensor type's text, or ``None``."""
    compact = "".join(text.split())
    match = re.match(r"tensor<((?:(?:\d+|\?)x)*)", compact)
    if match is None or compact.startswith("*", match.end()):  # (unranked)
        return None
    return [None if d == "?" else int(d) for d in match.group(1).split("x")[:-1]]


def with_shape(text: str, dims: Sequence[int | None]) -> str | None:
    """``text`` (a tensor type; an unranked one takes the rank of ``dims``) with shape ``dims``, its
    element type and encoding as written."""
    match = re.match(r"\s*tensor<((?:(?:\d+|\?)x)*)", text)
    if match is not None and text[match.end() :].startswith("*") and not match.group(1):
        unranked = re.match(r"\s*tensor<\s*\*\s*x", text)
        if unranked is not None:
            rest = text[unranked.end() :].rstrip()
            return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in dims) + rest
    if match is None or text[match.end() :].startswith("*"):
        return None
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in dims) + text[match.end() :].rstrip()


def probe(text: str, index: int) -> str | None:
    dims = dims_of(text)
    if dims is None:
        return None
    return with_shape(text, [PROBE + index] * len(dims))


def const_shape(text: str) -> Values | None:
    """The extents of ``shape.const_shape [32, 10] : tensor<2xindex>`` (the text after its name)."""
    match = re.match(r"\s*\[([-\d,\s]*)\]", text)
    if match is None:
        return None
    found = tuple(int(n) for n in re.findall(r"-?\d+", match.group(1)))
    return found if len(found) <= MAX_VALUES else None


def int_literal(text: str) -> Values | None:
    """The integers of ``dense<...> : tensor<...xiN>`` (a splat filled out), or of a scalar
    ``N : index`` / ``N : iN``, or ``None``."""
    scalar = re.fullmatch(r"(-?\d+)\s*:\s*(?:index|i\d+)", text.strip())
    if scalar is not None:
        return (int(scalar.group(1)),)
    match = re.fullmatch(r"dense<(.*)>\s*:\s*(tensor<[^>]*>)", text.strip(), re.S)
    if match is None:
        return None
    body, type_text = match.group(1).strip(), match.group(2)
    if not re.search(r"x?i\d+>$|xindex>$|<i\d+>$|<index>$", type_text):
        return None
    dims = dims_of(type_text)
    if dims is None or any(d is None for d in dims):
        return None
    count = 1
    for d in dims:
        count *= d or 0
    if count > MAX_VALUES:
        return None
    if body in ("true", "false"):
        return (int(body == "true"),) * count
    numbers = re.findall(r"-?\d+|true|false", body)
    if not numbers or re.search(r"[.e]\d|0x", body):
        return None
    found = tuple(1 if n == "true" else 0 if n == "false" else int(n) for n in numbers)
    if len(found) == 1:
        return found * count
    return found if len(found) == count else None


def fold(name: str, args: list[Values], direction: str | None) -> Values | None:
    """An elementwise integer op on known values (a scalar broadcast), as the folders compute it."""
    if not args or any(len(a) == 0 for a in args):
        return None
    size = max(len(a) for a in args)
    if any(len(a) not in (1, size) for a in args):
        return None
    wide = [a * size if len(a) == 1 else a for a in args]
    out: list[int] = []
    for row in zip(*wide, strict=True):
        value = _one(name, row, direction)
        if value is None:
            return None
        out.append(value)
    return tuple(out)


def _one(name: str, row: tuple[int, ...], direction: str | None) -> int | None:
    op = name.rpartition(".")[2]
    a = row[0]
    b = row[1] if len(row) > 1 else 0
    if op in ("add", "addi"):
        return a + b
    if op in ("subtract", "subi"):
        return a - b
    if op in ("multiply", "muli"):
        return a * b
    if op in ("divide", "divsi", "floordivsi") and b != 0:
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q
    if op in ("remainder", "remsi") and b != 0:
        return a - b * _one("divide", (a, b), None)  # type: ignore[operator]
    if op in ("maximum", "maxsi"):
        return max(a, b)
    if op in ("minimum", "minsi"):
        return min(a, b)
    if op == "and" or op == "andi":
        return a & b
    if op == "or" or op == "ori":
        return a | b
    if op == "negate":
        return -a
    if op == "select" and len(row) == 3:
        return row[1] if a else row[2]
    if op in ("compare", "cmpi") and direction is not None:
        table = {
            "EQ": a == b, "NE": a != b, "LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b,
            "eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b,
        }  # fmt: skip
        found = table.get(direction)
        return None if found is None else int(found)
    return None


FOLDED = frozenset("add subtract multiply divide remainder maximum minimum and or negate select compare".split())
PASSED = frozenset(
    {"stablehlo.reshape", "stablehlo.convert", "arith.index_cast", "arith.index_castui", "tf.Cast", "tf.Identity",
     "onnx.Cast", "onnx.Identity", "shape.to_extent_tensor", "tensor.cast"}
)  # fmt: skip
CALLS = frozenset({"func.call", "call"})
SHAPES = frozenset({"tf.Shape", "onnx.Shape", "shape.shape_of"})
"""The ops whose result is the shape of their operand (``tf-shape-inference``, ONNX's shape
inference and the ``shape`` dialect's folder fold them once it is static)."""


def broadcast(shapes: list[Values]) -> Values | None:
    """``shape.broadcast`` of known extents (numpy's rule, as its folder applies it), ``None``
    where two extents differ and neither is 1 (the folder leaves it; the ``assuming`` fails)."""
    rank = max((len(s) for s in shapes), default=0)
    out: list[int] = []
    for at in range(rank):
        extents = {s[len(s) - rank + at] for s in shapes if len(s) - rank + at >= 0} - {1}
        if len(extents) > 1:
            return None
        out.append(extents.pop() if extents else 1)
    return tuple(out)


TF_FOLDED = {
    "tf.AddV2": "add", "tf.Add": "add", "tf.Sub": "subtract", "tf.Mul": "multiply", "tf.FloorDiv": "divide",
    "tf.Maximum": "maximum", "tf.Minimum": "minimum", "tf.Neg": "negate",
    "onnx.Add": "add", "onnx.Sub": "subtract", "onnx.Mul": "multiply", "onnx.Max": "maximum", "onnx.Min": "minimum",
    "onnx.Neg": "negate",
}  # fmt: skip
"""TensorFlow's and ONNX's integer arithmetic on shape values, as the folders compute it."""


def shape_of(st: Statement, source: str) -> Values | None:
    """``tf.Shape``/``onnx.Shape`` of a value of type ``source``, if its shape is static (ONNX's
    ``start``/``end`` attributes taken as ONNX takes them, negative from the end)."""
    dims = dims_of(source)
    if dims is None:
        return None
    start, end = 0, len(dims)
    if st.name == "onnx.Shape":
        for a in st.attributes:
            match = re.match(r"\s*(-?\d+)", a.text)
            if match is not None and a.name in ("start", "end"):
                at = int(match.group(1))
                at = max(0, min(len(dims), at + len(dims) if at < 0 else at))
                start, end = (at, end) if a.name == "start" else (start, at)
    part = dims[start:end]
    if any(d is None for d in part):
        return None
    return tuple(d for d in part if d is not None)


def strided_slice(st: Statement, args: list[Values]) -> Values | None:
    """``tf.StridedSlice`` of a known vector with one begin, end and stride (the masks TF's
    folder reads for a shape's element: ``begin_mask``, ``end_mask``, ``shrink_axis_mask``)."""
    data, begin, end, strides = args
    if len(begin) != 1 or len(end) != 1 or len(strides) != 1 or strides[0] == 0:
        return None
    if any((attribute_int(st, m) or 0) != 0 for m in ("ellipsis_mask", "new_axis_mask")):
        return None
    n, step = len(data), strides[0]
    first = 0 if (attribute_int(st, "begin_mask") or 0) & 1 else begin[0]
    last = n if (attribute_int(st, "end_mask") or 0) & 1 else end[0]
    if step < 0:
        return None
    first, last = (first + n if first < 0 else first), (last + n if last < 0 else last)
    if (attribute_int(st, "shrink_axis_mask") or 0) & 1:
        return (data[first],) if 0 <= first < n else None
    return data[max(0, first) : max(0, min(n, last)) : step]


def callee_of(st: Statement) -> str | None:
    symbol = next((i.text for i in st.items if i.kind == "symbol"), None)
    if symbol is None:
        symbol = next((a.text for a in st.attributes if a.name in ("callee", "call_target_name")), None)
    return None if symbol is None else symbol.strip().lstrip("@").strip('"')


def attribute_int(st: Statement, *names: str) -> int | None:
    for a in st.attributes:
        if a.name in names:
            match = re.match(r"\s*(\d+)", a.text)
            if match:
                return int(match.group(1))
    return None


def direction_of(text: str, st: Statement) -> str | None:
    for a in st.attributes:
        if a.name in ("comparison_direction", "predicate"):
            match = re.search(r"(EQ|NE|LT|LE|GT|GE|eq|ne|slt|sle|sgt|sge)\b", a.text)
            if match:
                return match.group(1)
    match = re.search(r"\b(?:compare|cmpi)\s+(EQ|NE|LT|LE|GT|GE|eq|ne|slt|sle|sgt|sge)\b", text)
    return match.group(1) if match else None


def literal(values: Values, written: TypeText | None) -> str | None:
    """A known integer operand as the constant the refinement passes fold it to."""
    if written is None:
        return None
    if re.fullmatch(r"!tosa\.shape<\d+>", "".join(written.text.split())):  # a tosa.const_shape's values
        return f"dense<[{', '.join(map(str, values))}]> : tensor<{len(values)}xindex>"
    dims = dims_of(written.text)
    match = re.search(r"x?(i\d+|index)>$", "".join(written.text.split()))
    if dims is None or match is None:
        return None
    if len(dims) > 1:
        # (a 2-D constant, ``tf.Pad``'s paddings: nested as written, when its sizes are known)
        if len(dims) != 2 or None in dims or dims[0] * dims[1] != len(values):  # type: ignore[operator]
            return None
        step = dims[1] or 0
        rows = ["[" + ", ".join(map(str, values[i : i + step])) + "]" for i in range(0, len(values), step)]
        return f"dense<[{', '.join(rows)}]> : tensor<{dims[0]}x{dims[1]}x{match.group(1)}>"
    body = str(values[0]) if not dims else "[" + ", ".join(map(str, values)) + "]"
    shape = f"{len(values)}x" if dims else ""
    return f"dense<{body}> : tensor<{shape}{match.group(1)}>"


@dataclass
class Scope:
    """What refining one function (or one loop's body) knows: the new type of each value (by its
    name), the known integer contents of shape values, the argument each new type follows from,
    and which value is the sum of which two (for ``real_dynamic_slice``)."""

    fn: PlannedFunction
    types: dict[str, str]
    values: dict[str, Values]
    origins: dict[str, str]
    sums: dict[str, tuple[str, str]] = field(default_factory=dict)


_READ: dict[str, Statement | ReaderProblem] = {}
"""Statements read, by their text with each value name written ``%___`` (as long as the name)."""


def read_as_named(text: str) -> Statement:
    """``read_statement(text)``, read once per shape of the text: value names do not change how
    a statement reads, so a statement is read with its names blanked out (each as long as it
    was, so every offset holds) and given its own names back; raises the reader's
    :class:`~broadcheck.syntax.statement.SyntaxProblem`."""
    spans = name_spans(text)
    if not spans:
        return read_statement(text)
    pieces: list[str] = []
    at = 0
    for a, b in spans:
        pieces.append(text[at:a])
        hash_ = text.find("#", a, b)  # `%0#1`: the result number stays
        cut = b if hash_ < 0 else hash_
        pieces.append("%" + "_" * (cut - a - 1) + text[cut:b])
        at = b
    pieces.append(text[at:])
    template = "".join(pieces)
    found = _READ.get(template)
    if found is None:
        try:
            found = read_statement(template)
        except ReaderProblem as problem:
            found = problem
        if len(_READ) < 100_000:
            _READ[template] = found
    if isinstance(found, ReaderProblem):
        raise found
    if any("%_" in a.text or "%_" in a.name for a in found.attributes):
        return read_statement(text)  # a name in an attribute (rare): read as it is
    return _named(found, template, text)


def _named(st: Statement, template: str, text: str) -> Statement:
    """``st``, read from ``template``, with the names of ``text`` (each where its blank was)."""
    new = tuple.__new__  # (NamedTuple's own __new__ is a Python call per field set: refine reads them all)

    def use(u: Use) -> Use:
        return new(Use, (text[u.start : u.start + len(u.name)], u.number, u.start, u.end, u.type))

    results = tuple(new(Result, (text[r.start : r.start + len(r.name)], r.size, r.start, r.end)) for r in st.results)
    operands = tuple(use(u) for u in st.operands)
    definitions = (
        tuple(new(Definition, (text[d.start : d.start + len(d.name)], d.start, d.end, d.type)) for d in st.definitions)
        if st.definitions
        else ()
    )
    successors = (
        tuple(x._replace(operands=tuple(use(u) for u in x.operands)) for x in st.successors) if st.successors else ()
    )
    items = st.items
    if any("%_" in i.text for i in items):
        items = tuple(
            new(Item, (i.kind, text[i.start : i.end], i.start, i.end)) if "%_" in i.text else i for i in items
        )
    return new(
        Statement,
        (st.name, st.name_start, st.name_end, st.generic, results, operands, definitions, successors,
         st.attributes, st.signature, st.regions, items, st.end),
    )  # fmt: skip


def reshaped(shape: Values, source: Sequence[int | None] | None, copy_zero: bool) -> Values | None:
    """The result shape of ``tf.Reshape``/``onnx.Reshape`` to a known ``shape`` from a value of
    shape ``source``: ``-1`` takes the rest of the element count, and, for ONNX without
    ``allowzero``, ``0`` copies the source's dimension; ``None`` if that needs an unknown size."""
    out = list(shape)
    if copy_zero:
        for i, d in enumerate(shape):
            if d == 0:
                copied = source[i] if source is not None and i < len(source) else None
                if copied is None:
                    return None
                out[i] = copied
    if out.count(-1) > 1 or any(d < -1 for d in out):
        return None
    if -1 in out:
        if source is None or any(d is None for d in source):
            return None
        total = 1
        for size in source:
            total *= size or 0
        rest = 1
        for d in out:
            rest *= d if d != -1 else 1
        if rest == 0 or total % rest:
            return None
        out[out.index(-1)] = total // rest
    return tuple(out)


class Refining(Protocol):
    """What the fold and region stages use of the refiner driving them (:class:`.refine.Refiner`):
    its reading of statements, its edits, its diagnostics, and its own per-op and per-block steps."""

    path: str
    edits: list[tuple[int, int, str]]
    diagnostics: list[Diagnostic]
    regions: dict[int, tuple[Summary, ...]]

    def block(self, statements: list[PlannedStatement], depth: int, scope: Scope) -> dict[int, str]:
        """Refine one block's statements; the new types of what its terminator returns."""

    def op(self, s: PlannedStatement, st: Statement, scope: Scope, origin: str | None) -> None:
        """Re-type one op: its operands' types written anew, its results' inferred."""

    def depth(self, s: PlannedStatement) -> int:
        """How deep in an op's regions ``s`` stands."""

    def edit_at(self, s: PlannedStatement, start: int, end: int, new: str) -> None:
        """Write ``new`` over ``s.text[start:end]``."""

    def labels(
        self, view: PlannedStatement, inner: Sequence[PlannedStatement], depth: int
    ) -> list[tuple[PlannedStatement, list[tuple[str, int, int]]]]:
        """The block labels of an op's regions and their arguments."""

    def labels_within(
        self, first: int, last: int, depth: int
    ) -> list[tuple[PlannedStatement, list[tuple[str, int, int]]]]:
        """The block labels between two lines, at a depth."""

    def line(self, s: PlannedStatement) -> str:
        """The first line of a statement."""

    def line_start(self, line: int) -> int:
        """Where line ``line`` (1-based) starts in the text."""

    def origin_of(self, st: Statement, scope: Scope) -> str | None:
        """The changed argument an operand of ``st`` follows from."""

    def placed(self, st: Statement) -> tuple[list[TypeText | None], list[TypeText | None]]:
        """The written types of ``st``'s operands and results."""

    def stop(self, s: PlannedStatement, why: str, origins: Mapping[str, str]) -> None:
        """Refinement stops at ``s`` (a warning saying why)."""

    def uses(self, s: PlannedStatement, *known: Container[str]) -> bool:
        """Whether ``s`` uses a value named in any of ``known``."""

    def view(self, s: PlannedStatement) -> PlannedStatement | None:
        """An op over several lines read as one statement."""

    def where(self, s: PlannedStatement, start: int) -> tuple[int, int]:
        """The line and column of an offset of ``s``."""
