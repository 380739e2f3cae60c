"""``broadcheck infer``: the broadcast of types given on the command line."""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.checker import Result, diagnose
from broadcheck.ops import ShapedType
from broadcheck.semantics import Profile, mlir
from broadcheck.syntax.parser import SyntaxProblem, parse_operation, parse_type
from broadcheck.text import Source

INFER_PATH = "<infer>"


class BadType(ValueError):
    """A command-line argument that is not a type."""


def infer(types: Sequence[str], result: str | None, profile: str) -> str | Result:
    """The inferred type as text, or a :class:`Result` holding the diagnostic."""
    for text in (*types, *([result] if result else [])):
        try:
            parse_type(text)
        except SyntaxProblem as bad:
            raise BadType(f"'{text}' is not a type: {bad.message} (column {bad.span.column})") from None
    first = parse_type(types[0])
    if not isinstance(first, ShapedType):
        raise BadType(f"'{types[0]}' is not a tensor or vector type")
    shown_result = result or f"{first.kind}<*x{first.element}>"
    statement = f'"infer"() : ({", ".join(types)}) -> {shown_result}'
    op = parse_operation(statement)
    operands = [u.type for u in op.operands]
    problem = mlir.verify(operands, [op.results[0].type], Profile(profile))
    if problem is not None:
        source = Source(INFER_PATH, statement)
        return Result.of(source, [diagnose(problem, op, INFER_PATH, op_name="")])
    shapes = [t.shape if isinstance(t, ShapedType) else None for t in operands]
    inferred = mlir.infer_result_shape(shapes, Profile(profile))
    if inferred is None:
        return shown_result
    return str(first.with_shape(inferred))
