"""``tf.WhileRegion`` and ``tf.IfRegion`` (and their terminator, ``tf.Yield``) as TensorFlow 2.21's verifiers check them
(``tf_ops_n_z.cc``: ``VerifyWhileTypes``, ``VerifyTypeRangesAreCompatible``; ``tf_ops_a_m.cc``:
``IfRegionOp::verify``), in their order and words: each pair of type lists must be cast
compatible (``AreCastCompatible``: one element type, resources and variants whatever their
subtypes; shapes equal where both are known).

PASS::

    %0 = "tf.IfRegion"(%p) ({ "tf.Yield"(%a) : (tensor<2xf32>) -> () },
                           { "tf.Yield"(%b) : (tensor<?xf32>) -> () }) {is_stateless = true}
        : (tensor<i1>) -> tensor<2xf32>

FAIL::

    ... {"tf.Yield"(%c) : (tensor<3xf32>) -> ()} ... : (tensor<i1>) -> tensor<2xf32>

``tf.Yield`` (``ReturnLike``, operands of any type) is judged by its parent's verifier
(:func:`~broadcheck.dialects.terminators.by_parent`); its ``HasParent`` (``CaseRegion``, ``IfRegion``,
``WhileRegion``, ``GeneratorDatasetRegion``) is not: an op's check does not see where it stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.common import compatible
from broadcheck.dialects.terminators import by_parent as by_parent
from broadcheck.dialects.tf.base import cast_elements
from broadcheck.ops import OpaqueType, Operation, Region, ShapedType, Type
from broadcheck.semantics import Problem, Profile

Range = tuple[Sequence[Type], str]
"""A list of types and what the verifier calls it (``input``, ``body result``, ...)."""


def cast_compatible(a: Type, b: Type) -> bool:
    """``AreCastCompatible`` of two types."""
    if isinstance(a, ShapedType) and isinstance(b, ShapedType):
        return a.kind == b.kind and cast_elements(a, b) and compatible(a, b)
    return "".join(str(a).split()) == "".join(str(b).split())


def _text(t: Type) -> str:
    return "".join(str(t).split())


def _unknown(types: Sequence[Type]) -> bool:
    return any(isinstance(t, OpaqueType) and t.text == "?" for t in types)


def ranges(first: Range, second: Range, codes: tuple[str, str] = ("BC791", "BC792")) -> Problem | None:
    """``VerifyTypeRangesAreCompatible``: the same count, then each pair cast compatible (``codes``:
    of the counts, of a pair)."""
    (a, name_a), (b, name_b) = first, second
    if len(a) != len(b):
        return Problem(codes[0], {"first": name_a, "n": len(a), "second": name_b, "m": len(b)})
    for index, (x, y) in enumerate(zip(a, b, strict=True)):
        if not cast_compatible(x, y):
            return Problem(codes[1], {"first": name_a, "a": x, "second": name_b, "b": y, "index": index})
    return None


def while_types(
    inputs: Range, results: Range, around: tuple[Range, Range, Range], invariant: bool,
    codes: tuple[str, str] = ("BC791", "BC792"),
) -> Problem | None:  # fmt: skip
    """``VerifyWhileTypes``: the operands against the results (not under ``shape_invariant``), the
    condition's and the body's inputs; the results against the three lists ``around`` (what the
    body returns, the condition's inputs, the body's inputs); those three against each other."""
    pairs: list[tuple[Range, Range]] = []
    if not invariant:
        pairs.append((inputs, results))
    pairs += [(inputs, around[1]), (inputs, around[2])]
    pairs += [(results, r) for r in around]
    pairs += [(around[i], around[j]) for i in range(3) for j in range(i + 1, 3)]
    for pair in pairs:
        problem = ranges(*pair, codes)
        if problem is not None:
            return problem
    return None


def _regions(op: Operation, count: int) -> tuple[Region, ...] | None:
    """The op's regions when broadcheck sees all of them, each ended by ``tf.Yield``."""
    if len(op.regions) != count or any(r.terminator != "tf.Yield" for r in op.regions):
        return None
    if any(_unknown(r.arguments) or _unknown(r.yields) for r in op.regions):
        return None
    return op.regions


def while_region(op: Operation, profile: Profile) -> Problem | None:
    """``tf.WhileRegion``: ``is_stateless``; the condition yields one value or that value and its
    arguments, a ``tensor<i1>`` first; then ``VerifyWhileTypes`` over the operands, the results, the
    condition's arguments, the body's arguments and what the body yields (operands and results only
    without ``shape_invariant``); last, the condition's arguments after its flag (by their types)."""
    if op.attribute("is_stateless") is None:
        return Problem("BC610", {"name": "is_stateless"})
    regions = _regions(op, 2)
    if regions is None:
        return None
    cond, body = regions
    forwarded = len(cond.yields) == 1 + len(cond.arguments)
    if len(cond.yields) != 1 and not forwarded:
        return Problem("BC1828")
    first = cond.yields[0]
    if not (isinstance(first, ShapedType) and first.kind == "tensor" and first.shape == () and first.element == "i1"):
        return Problem("BC793")

    invariant = op.attribute("shape_invariant")
    inputs: Range = ([u.type for u in op.operands], "input")
    results: Range = ([u.type for u in op.results], "result")
    around: tuple[Range, Range, Range] = (
        (body.yields, "body result"),
        (cond.arguments, "condition input"),
        (body.arguments, "body input"),
    )
    problem = while_types(inputs, results, around, invariant is not None and invariant.text.strip() != "false")
    # (which values it yields is not known here: a value of an argument's type is taken for it)
    pairs = zip(cond.yields[1:], cond.arguments, strict=False) if forwarded else ()
    if problem is None and any(_text(y) != _text(a) for y, a in pairs):
        return Problem("BC1829")
    return problem


def if_region(op: Operation, profile: Profile) -> Problem | None:
    """``tf.IfRegion``: ``is_stateless``; each branch yields as many values as the op has results
    (the region-branch interface's words), then each yield cast compatible with its result, the
    ``then`` branch first."""
    if op.attribute("is_stateless") is None:
        return Problem("BC610", {"name": "is_stateless"})
    regions = _regions(op, 2)
    if regions is None:
        return None
    results = [u.type for u in op.results]
    for region in regions:
        if len(region.yields) != len(results):
            detail = (
                "along control flow edge from Operation tf.Yield to parent: region branch point has "
                f"{len(region.yields)} operands, but region successor needs {len(results)} inputs"
            )
            return Problem("BC028", {"detail": detail})
    for name, region in zip(("then", "else"), regions, strict=True):
        for index, (given, wanted) in enumerate(zip(region.yields, results, strict=True)):
            if not cast_compatible(given, wanted):
                args = {"first": f"{name} result", "a": given, "second": "result", "b": wanted, "index": index}
                return Problem("BC792", args)
    return None
