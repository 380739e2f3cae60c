"""Linalg's bodies as MLIR verifies them (``LinalgOps.cpp`` in the LLVM of iree-base-compiler 3.13):
``linalg.yield`` against the enclosing op's inits (its own verifier: reported at the yield),
``linalg.map``'s and ``linalg.reduce``'s own verifiers (arity, block arguments, shapes,
dimensions), and the body the parser builds for ``linalg.transpose``.

Order, as iree-opt showed it: the op's own ``verify()`` runs first (entering the op), then the
ops of its body (the yield), then the interfaces verified with the regions (destination style,
indexing maps): :func:`yields` sits between the two in each check.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from broadcheck.dialects.linalg.structured import body, destination_style
from broadcheck.dialects.shaped import View, view
from broadcheck.ops import Operation, Type
from broadcheck.semantics import Problem, Profile
from broadcheck.syntax.attributes import DenseArray, value

DYNAMIC = -9223372036854775808
"""How MLIR prints a dynamic size in a list of sizes (``ShapedType::kDynamic``)."""


def _text(t: Type) -> str:
    return " ".join(str(t).split())  # (as MLIR prints a type)


def _sizes(shape: Sequence[int | None]) -> str:
    return ", ".join(str(DYNAMIC if d is None else d) for d in shape)


def _views(op: Operation) -> list[View] | None:
    views = [view(u.type) for u in op.operands]
    if any(v is None or v.shape is None for v in views):
        return None
    return [v for v in views if v is not None]


def _dimensions(op: Operation) -> list[int] | None:
    attr = op.attribute("dimensions")
    found = None if attr is None else value(attr.text)
    items = found.values if isinstance(found, DenseArray) else found if isinstance(found, list) else None
    if items is None or not all(isinstance(d, int) for d in items):
        return None
    return [d for d in items if isinstance(d, int)]


def check_map(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.map``: ODS's init (one operand at least), ``MapOp::verify`` (arity, inputs'
    element types, shapes), then its yield."""
    if not op.operands:
        return Problem("BC623", {"expected": 1, "count": 0})
    views = _views(op)
    if views is None or not views or not op.regions:
        return None
    inputs, init = views[:-1], views[-1]
    arguments = op.regions[0].arguments
    if len(inputs) + 1 != len(arguments):
        return Problem("BC1091", {"expected": len(inputs) + 1, "count": len(arguments)})
    for arg, v in zip(arguments, inputs, strict=False):
        if _text(arg) == "?":
            return None
        if _text(arg) != v.element:
            return Problem("BC1092", {"element": v.element, "arg": _text(arg)})
    assert init.shape is not None
    for v in inputs:
        assert v.shape is not None
        if v.shape != init.shape:
            return Problem("BC1093", {"input": _sizes(v.shape), "output": _sizes(init.shape)})
    return body(op, 1, len(init.shape)) or destination_style(op, 1) or _init_argument(op, init, len(inputs))


def _init_argument(op: Operation, init: View, index: int) -> Problem | None:
    """The structured interface's block-argument rule for the init's argument."""
    arg = op.regions[0].arguments[index]
    if _text(arg) not in ("?", init.element):
        return Problem("BC669", {"index": index, "arg": _text(arg), "element": init.element})
    return None


def check_reduce(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.reduce``: ODS (equal input and init counts, sorted dimensions), ``ReduceOp::verify``
    (shapes, dimensions, block arguments), then its yield."""
    views = _views(op)
    dims = _dimensions(op)
    if views is None or dims is None or len(views) < 2:
        return None
    n = len(views) // 2  # (SameVariadicOperandSize: half the operands are inputs, whatever the form wrote)
    if any(b <= a for a, b in pairwise(dims)):
        return Problem("BC1103")
    if len(views) % 2:
        return Problem("BC1102", {"inputs": n + 1, "outputs": n})
    inputs, inits = views[:n], views[n:]
    for i, v in enumerate(inputs[1:], 1):
        if v.shape != inputs[0].shape:
            return Problem("BC1094", {"index": i})
    for i, v in enumerate(inits[1:], 1):
        if v.shape != inits[0].shape:
            return Problem("BC1095", {"index": i})
    shape, init_shape = inputs[0].shape, inits[0].shape
    assert shape is not None and init_shape is not None
    for d in dims:
        if not 0 <= d < len(shape):
            return Problem("BC1096", {"last": len(shape) - 1})
    reduced = [size for i, size in enumerate(shape) if i not in dims]
    if len(reduced) != len(init_shape):
        return Problem("BC1097", {"count": len(reduced), "rank": len(init_shape)})
    if tuple(reduced) != init_shape:
        return Problem("BC1098", {"init": _sizes(init_shape), "reduced": _sizes(reduced)})
    if not op.regions:
        return None  # the short form `{ arith.addf }`: the parser builds the body
    arguments = op.regions[0].arguments
    if len(arguments) != len(views):
        return Problem("BC1099")
    for v, arg in zip(inputs, arguments, strict=False):
        if _text(arg) == "?":
            return None
        if _text(arg) != v.element:
            return Problem("BC1100", {"element": v.element, "arg": _text(arg)})
    for v, arg in zip(inits, arguments[n:], strict=True):
        if _text(arg) == "?":
            return None
        if _text(arg) != v.element:
            return Problem("BC1101", {"element": v.element, "arg": _text(arg)})
    return body(op, n, len(shape)) or destination_style(op, n)
