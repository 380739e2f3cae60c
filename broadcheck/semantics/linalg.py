"""``linalg.broadcast``: its ``dimensions`` attribute lists the init dims that are added.

Follows MLIR's ``BroadcastOp`` in ``mlir/include/mlir/Dialect/Linalg/IR/LinalgStructuredOps.td``
and ``BroadcastOp::verify`` in ``mlir/lib/Dialect/Linalg/IR/LinalgOps.cpp``, in the order the
real verifier runs: the operand count, the ``dimensions`` property, the ODS type constraints,
``BroadcastOp::verify`` (rank, range, duplicates, then every input dim equals the init dim it maps
to, ``?`` only matching ``?``), the identity region's ``linalg.yield`` (pretty form only: the
generic form's region is the user's), then the destination-style and pure-semantics rules.

PASS::

    %r = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : tensor<16x64xf32>) dimensions = [1]

FAIL::

    %r = linalg.broadcast ins(%x : tensor<4xf32>) outs(%y : tensor<5x64xf32>) dimensions = [1]
"""

from __future__ import annotations

import re

from broadcheck.ops import Dim, Frozen, Operation, Shape, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.syntax.lazyre import lazy

OPERAND_CONSTRAINT = "memref of any non-token type values or ranked tensor of any non-token type values"
RESULT_CONSTRAINT = "variadic of tensor of any non-token type values"

DYNAMIC = -9223372036854775808
"""How MLIR prints a ``?`` size in these messages: ``ShapedType::kDynamic``."""


class Buffer(Frozen):
    """What the verifier needs of a ranked tensor or memref operand. (A :class:`~broadcheck.ops.Frozen`,
    as ``@dataclass(frozen=True, slots=True)`` made it, without generating its code at each run.)"""

    __slots__ = __match_args__ = ("kind", "shape", "element")
    kind: str
    shape: Shape
    element: str

    def __init__(self, kind: str, shape: Shape, element: str) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "shape", shape)
        put(self, "element", element)


_MEMREF_DIMS = lazy(r"memref<\s*((?:(?:\d+|\?)\s*x\s*)*)(.*)>", re.DOTALL)


def _top_level_split(text: str) -> list[str]:
    """``text`` split at the commas that are not inside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def memref_parts(text: str) -> tuple[Shape | None, str] | None:
    """A memref type's shape (``None`` if unranked) and element type, read from its text."""
    text = text.strip()
    if text.startswith("memref<*"):
        rest = re.sub(r"^memref<\s*\*\s*x\s*", "", text)
        return None, _top_level_split(rest[:-1])[0]
    match = _MEMREF_DIMS.fullmatch(text)
    if match is None:
        return None
    dims = [d.strip() for d in match.group(1).split("x") if d.strip()]
    shape = tuple(None if d == "?" else int(d) for d in dims)
    return shape, _top_level_split(match.group(2))[0]


def element_type(t: Type) -> str:
    """MLIR's ``getElementTypeOrSelf`` as text: a tensor's, vector's or memref's element, else the type."""
    if isinstance(t, ShapedType):
        return t.element
    parts = memref_parts(t.text) if t.text.strip().startswith("memref<") else None
    return parts[1] if parts is not None else t.text.strip()


def as_buffer(t: Type) -> Buffer | None:
    """A ranked tensor or memref (what ``linalg.broadcast`` operands must be), else ``None``."""
    if isinstance(t, ShapedType):
        return Buffer("tensor", t.shape, t.element) if t.kind == "tensor" and t.shape is not None else None
    parts = memref_parts(t.text) if t.text.strip().startswith("memref<") else None
    if parts is None or parts[0] is None:
        return None
    return Buffer("memref", parts[0], parts[1])


def _is_tensor(t: Type) -> bool:
    return isinstance(t, ShapedType) and t.kind == "tensor"


class BadDimensions(ValueError):
    """A ``dimensions`` value that is not an ``i64`` dense array; carries MLIR's normalized text."""

    def __init__(self, printed: str):
        super().__init__(printed)
        self.printed = printed


_INTS = r"\s*(-?\d+(?:\s*,\s*-?\d+)*)?\s*"
_ARRAY = lazy(rf"array<\s*i(\d+)\s*(?::{_INTS})?>")
_LIST = lazy(rf"\[{_INTS}\]")


def _ints(group: str | None) -> tuple[int, ...]:
    return tuple(int(v) for v in group.split(",")) if group else ()


def parse_dimensions(text: str, generic: bool) -> tuple[int, ...] | None:
    """The integers of a ``dimensions`` value, or ``None`` when the text is not understood.

    The generic form's property must be ``array<i64: ...>``; ``[1]`` or ``array<i32: 1>`` there
    raise :class:`BadDimensions`. The pretty form writes ``[1]``.
    """
    text = text.strip()
    array = _ARRAY.fullmatch(text)
    listed = _LIST.fullmatch(text)
    if array is not None:
        values = _ints(array.group(2))
        if array.group(1) == "64":
            return values
        if generic:
            raise BadDimensions(f"array<i{array.group(1)}" + (f": {', '.join(map(str, values))}>" if values else ">"))
        return None
    if listed is not None:
        values = _ints(listed.group(1))
        if generic:
            raise BadDimensions(f"[{', '.join(map(str, values))}]")
        return values
    return None


def _size(d: Dim) -> int:
    return DYNAMIC if d is None else d


def verify_dimensions(input_shape: Shape, init_shape: Shape, dims: tuple[int, ...]) -> Problem | None:
    """``BroadcastOp::verify``: rank, range, duplicates, then each mapped input dim equals its init dim."""
    input_rank, init_rank = len(input_shape), len(init_shape)
    if input_rank + len(dims) != init_rank:
        return Problem("BC601", {"input_rank": input_rank, "size": len(dims), "init_rank": init_rank})
    for index, dim in enumerate(dims):
        if not 0 <= dim < init_rank:
            return Problem("BC602", {"index": index, "max": init_rank - 1, "dim": dim})
    if len(set(dims)) != len(dims):
        return Problem("BC603")
    mapped = [d for d in range(init_rank) if d not in dims]
    for input_dim, init_dim in enumerate(mapped):
        if input_shape[input_dim] != init_shape[init_dim]:
            args = {
                "input_dim": input_dim,
                "init_dim": init_dim,
                "input": _size(input_shape[input_dim]),
                "init": _size(init_shape[init_dim]),
            }
            return Problem("BC604", args, Subject("operand", 1))
    return None


def _type_constraints(operands: list[Type], results: list[Type]) -> Problem | None:
    for index, t in enumerate(operands):
        if as_buffer(t) is None:
            args = {"kind": "operand", "index": index, "constraint": OPERAND_CONSTRAINT, "type": t}
            return Problem("BC109", args, Subject("operand", index))
    for index, t in enumerate(results):
        if not _is_tensor(t):
            args = {"kind": "result", "index": index, "constraint": RESULT_CONSTRAINT, "type": t}
            return Problem("BC109", args, Subject("result", index))
    return None


def _destination_style(init: Type, results: list[Type]) -> Problem | None:
    """``DestinationStyleOpInterface``: one result per tensor init, of the init's type."""
    tensor_inits = 1 if _is_tensor(init) else 0
    if len(results) != tensor_inits:
        return Problem("BC606", {"results": len(results), "inits": tensor_inits})
    if results and str(results[0]) != str(init):
        return Problem("BC607", {"init": init, "result": results[0]}, Subject("result", 0))
    return None


def verify_broadcast_op(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.broadcast`` on tensors or memrefs, generic or pretty form."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    attr = op.attribute("dimensions")
    try:
        dims = parse_dimensions(attr.text, op.generic) if attr is not None else None
    except BadDimensions as err:  # found by the parser, before any verifier runs
        if len(op.attributes) != 1:  # MLIR prints the whole property dict; only this one is predictable
            return None
        return Problem("BC611", {"op_name": op.name, "name": "dimensions", "value": err.printed})
    if len(operands) != 2:
        return Problem("BC609", {"expected": 2, "count": len(operands)})
    if attr is None:
        return Problem("BC610", {"name": "dimensions"}) if op.generic else None
    problem = _type_constraints(operands, results)
    if problem is not None or dims is None:
        return problem
    source, init = as_buffer(operands[0]), as_buffer(operands[1])
    assert source is not None and init is not None
    problem = verify_dimensions(source.shape, init.shape, dims)
    if problem is not None:
        return problem
    if not op.generic and source.element != init.element:
        # The pretty form's region is built by the parser and yields the input element.
        return Problem("BC605", {"operand": 1, "type": source.element, "element": init.element})
    problem = _destination_style(operands[1], results)
    if problem is not None:
        return problem
    if source.kind != init.kind:
        return Problem("BC608")
    return None


VERIFIERS = {"linalg-broadcast": verify_broadcast_op}
