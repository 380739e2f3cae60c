"""``broadcheck infer`` and ``broadcheck explain``: one broadcast, from the shell.

Operands are types (``tensor<8x1x6x1xi32>``) or plain shapes (``8x1x6x1``, ``?x3``,
``scalar``); with ``--values``, small ``dense<...> : tensor<...>`` literals. Every
semantics answers with its inferred shape or the diagnostic its file check gives.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from broadcheck.diagnostics import Result
from broadcheck.engine.diagnose import diagnose
from broadcheck.ops import Dim, Operation, Shape, ShapedType, Span, TypeUse, shape_str
from broadcheck.semantics import Profile, judged, registry
from broadcheck.syntax.parser import SyntaxProblem, parse_operation, parse_type

INFER_PATH = "<command line>"
SEMANTICS = ("mlir", "numpy", "onnx", "xla")
_PLAIN = re.compile(r"^(?:scalar|(?:[0-9]+|\?)(?:x(?:[0-9]+|\?))*)$")
# The op each semantics is checked as, and the registry entry it uses.
_AS_OP = {
    "mlir": ("infer", "mlir"),
    "numpy": ("infer", "numpy"),
    "onnx": ("infer", "onnx"),
    "xla": ("chlo.broadcast_add", "xla"),
}


class BadOperand(ValueError):
    """A command-line operand that is neither a type nor a plain shape."""


@dataclass(frozen=True)
class Operand:
    """One operand as the user wrote it, and as a type."""

    text: str
    type: ShapedType
    plain: bool


def operand(text: str) -> Operand:
    """``tensor<...>``/``vector<...>``, or a plain shape (``8x1x6x1``; ``scalar`` is 0-d)."""
    text = text.strip()
    if _PLAIN.match(text):
        dims = "" if text == "scalar" else text + "x"
        shape = _dims(dims)
        if any(d is not None and d > 2**63 - 1 for d in shape):
            raise BadOperand(f"'{text}' is not a shape: invalid dimension (sizes are 64-bit)")
        return Operand(text, ShapedType("tensor", shape, "f32"), True)
    try:
        parsed = parse_type(text)
    except SyntaxProblem as bad:
        raise BadOperand(f"'{text}' is not a type or a shape: {bad.message} (column {bad.span.column})") from None
    if not isinstance(parsed, ShapedType):
        raise BadOperand(f"'{text}' is not a tensor or vector type")
    return Operand(text, parsed, False)


def _dims(text: str) -> Shape:
    return tuple(None if d == "?" else int(d) for d in text.split("x")[:-1])


@dataclass
class Verdict:
    """One semantics' answer: the inferred shape, or a diagnostic (in ``result``)."""

    semantics: str
    shape: Shape | None = None
    text: str = ""
    result: Result | None = None
    reason: str = ""


def _infer_shape(
    semantics: str, shapes: list[Shape | None], dims: Sequence[int] | None, profile: Profile
) -> Shape | None:
    from broadcheck.semantics import mlir, numpy, onnx, xla

    ranked = [s for s in shapes if s is not None]
    if semantics == "mlir":
        return mlir.infer_result_shape(shapes, profile)
    if not ranked:
        return None
    if semantics == "numpy":
        return numpy.broadcast_shapes(*ranked)
    if semantics == "onnx":  # ONNX's shape inference infers nothing from an unranked input
        return onnx.multidirectional(*ranked) if len(ranked) == len(shapes) else None
    if len(ranked) != len(shapes):
        return None  # an unranked operand: nothing to infer
    if len(ranked) != 2:
        raise BadOperand("xla broadcasts exactly two operands")
    return xla.broadcast(ranked[0], ranked[1], dims or None)


def infer(
    operands: Sequence[Operand],
    semantics: str = "mlir",
    profile: Profile = Profile.SPEC,
    dims: Sequence[int] | None = None,
    result: Operand | None = None,
) -> Verdict:
    """What ``semantics`` makes of these operands (and result type, if given)."""
    first = operands[0].type
    if result is None and first.kind == "vector":
        raise BadOperand("a vector has no unranked form: give the result type with --result")
    result_text = str(result.type) if result is not None else f"{first.kind}<*x{first.element}>"
    name, entry = _AS_OP[semantics]
    if semantics == "xla" and dims is None:
        dims = ()  # XLA itself: no implicit rank promotion (CHLO without the attribute would be NumPy)
    attrs = (
        f" {{broadcast_dimensions = array<i64{': ' if dims else ''}{', '.join(map(str, dims or ()))}>}}"
        if dims is not None
        else ""
    )
    statement = f'"{name}"(){attrs} : ({", ".join(str(o.type) for o in operands)}) -> {result_text}'
    try:
        op = parse_operation(statement)
    except SyntaxProblem as bad:  # e.g. a dimension too large for 64 bits
        raise BadOperand(f"these types cannot be checked: {bad.message}") from None
    label = semantics if semantics != "mlir" else f"mlir ({profile})"
    problem = judged(registry()[entry](op, profile))  # (not judged: as before, no problem)
    if problem is not None:
        typed, typed_op = _as_typed(op, operands, result)
        diagnostic = diagnose(problem, typed_op, INFER_PATH, op_name="")
        if diagnostic.labels:  # point at the operand (or result) at fault, as typed
            diagnostic = replace(diagnostic, span=diagnostic.labels[0].span)
        return Verdict(label, result=Result.of(INFER_PATH, {1: typed}, [diagnostic]), reason=diagnostic.message)
    shape = _infer_shape(semantics, [o.type.shape for o in operands], dims, profile)
    if shape is None:
        return Verdict(label, None, result_text)
    text = shape_str(shape) if all(o.plain for o in operands) else str(first.with_shape(shape))
    return Verdict(label, shape, text or "scalar")


def _as_typed(op: Operation, operands: Sequence[Operand], result: Operand | None) -> tuple[str, Operation]:
    """The command line's operands as the user typed them (``3 4x3 --result 4x4``), and
    ``op`` located in that line, so that a diagnostic points at what was typed."""
    parts = [o.text for o in operands] + (["--result", result.text] if result is not None else [])
    starts = []
    column = 1
    for part in parts:
        starts.append(column)
        column += len(part) + 1
    typed = " ".join(parts)

    def span(index: int) -> Span:
        return Span(1, starts[index], 1, starts[index] + max(len(parts[index]), 1))

    whole = Span(1, 1, 1, len(typed) + 1)
    uses = tuple(TypeUse(u.type, span(i)) for i, u in enumerate(op.operands))
    results = tuple(TypeUse(u.type, span(len(parts) - 1) if result is not None else whole) for u in op.results)
    return typed, replace(op, name_span=whole, span=whole, operands=uses, results=results)


def infer_all(operands: Sequence[Operand], dims: Sequence[int] | None, result: Operand | None) -> list[Verdict]:
    """Every semantics side by side, both MLIR profiles included."""
    verdicts = [
        infer(operands, "mlir", Profile.SPEC, None, result),
        infer(operands, "mlir", Profile.LLVM, None, result),
    ]
    for semantics in ("numpy", "onnx"):
        verdicts.append(infer(operands, semantics, Profile.SPEC, None, result))
    if len(operands) == 2:
        verdicts.append(infer(operands, "xla", Profile.SPEC, dims, result))
    else:
        verdicts.append(Verdict("xla", reason="xla broadcasts exactly two operands"))
    return verdicts


# ---------------------------------------------------------------- explain


@dataclass
class Cell:
    """One operand's size in one column of the picture."""

    size: Dim
    padded: bool = False  # added on the left (or, with --dims, an unmapped dimension)
    stretched: bool = False  # a 1 (or padding) repeated to the result's size


@dataclass
class Picture:
    """The data of an ``explain`` picture; :mod:`broadcheck.report.explain` draws it."""

    semantics: str
    labels: list[str]
    rows: list[list[Cell]]
    result: Shape | None
    failure_column: int | None = None
    reason: str = ""
    values: list[Any] = field(default_factory=list)


def _placed(shape: Shape, rank: int, dims: Sequence[int] | None) -> list[Cell]:
    if dims is not None and len(shape) < rank and len(dims) == len(shape) and all(0 <= d < rank for d in dims):
        cells = [Cell(1, padded=True) for _ in range(rank)]
        for size, d in zip(shape, dims, strict=True):
            cells[d] = Cell(size)
        return cells
    return [Cell(1, padded=True) for _ in range(rank - len(shape))] + [Cell(d) for d in shape]


def explain(operands: Sequence[Operand], semantics: str, profile: Profile, dims: Sequence[int] | None) -> Picture:
    """Place the operands in columns (right-aligned, or by ``dims``), mark padding and stretching."""
    # The picture is about shapes: a vector is drawn as a tensor of its shape.
    as_tensors = [
        replace(o, type=ShapedType("tensor", o.type.shape, o.type.element)) if o.type.kind == "vector" else o
        for o in operands
    ]
    verdict = infer(as_tensors, semantics, profile, dims)
    shapes = [o.type.shape for o in operands]
    ranked = [s for s in shapes if s is not None]
    rank = max((len(s) for s in ranked), default=0)
    rows = [_placed(s, rank, dims) if s is not None else [Cell(None, padded=True) for _ in range(rank)] for s in shapes]
    result = verdict.shape
    failure = None
    if result is None and verdict.result is not None:
        for column in range(rank):
            sizes = {row[column].size for row in rows if row[column].size not in (None, 1)}
            if len(sizes) > 1:
                failure = column
                break
    if result is not None and len(result) == rank:
        for row in rows:
            for cell, size in zip(row, result, strict=True):
                cell.stretched = cell.size == 1 and size != 1
    labels = [o.text for o in operands]
    return Picture(verdict.semantics, labels, rows, result, failure, verdict.reason)


_TRUE_FALSE = {"true": "True", "false": "False"}


def dense_values(text: str) -> tuple[Any, Operand]:
    """The values and type of ``dense<...> : tensor<...>``; a splat fills the type's shape."""
    from broadcheck.semantics.values import broadcast_to, shape_of

    m = re.fullmatch(r"\s*dense<(?P<body>.*)>\s*:\s*(?P<type>tensor<.*>)\s*", text, re.S)
    if m is None:
        raise BadOperand(f"'{text}' is not a dense literal such as 'dense<[1, 2, 3]> : tensor<3xi32>'")
    typed = operand(m.group("type"))
    body = re.sub(r"\b(true|false)\b", lambda w: _TRUE_FALSE[w.group()], m.group("body"))
    try:
        values = ast.literal_eval(body)
    except (ValueError, SyntaxError):
        raise BadOperand(f"cannot read the values of '{text}'") from None
    shape = typed.type.shape
    if shape is None or any(d is None for d in shape):
        raise BadOperand(f"'{m.group('type')}' must have a static shape to hold values")
    static = tuple(d for d in shape if d is not None)
    if not isinstance(values, list):
        values = broadcast_to(values, static)
    elif shape_of(values) != static:
        raise BadOperand(f"the values of '{text}' have shape {shape_of(values)}, not {static}")
    return values, typed
