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

import re
from collections.abc import Sequence

from broadcheck.dialects.common import compatible
from broadcheck.dialects.terminators import by_parent as by_parent
from broadcheck.dialects.tf.base import Spec, cast_elements, type_constraints
from broadcheck.dialects.tf.types import DTYPE, VARIANT, Many
from broadcheck.ops import OpaqueType, Operation, Region, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.types import read_type

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
        return NOT_JUDGED
    cond, body = regions
    forwarded = len(cond.yields) == 1 + len(cond.arguments)
    if len(cond.yields) != 1 and not forwarded:
        return Problem("BC1828")
    if not _bool_scalar(cond.yields[0]):
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


def _bool_scalar(t: Type) -> bool:
    """``0DTensorOf<[I1]>``: a ``tensor<i1>``."""
    return isinstance(t, ShapedType) and t.kind == "tensor" and t.shape == () and t.element == "i1"


def if_region(op: Operation, profile: Profile) -> Problem | None:
    """``tf.IfRegion``: ``is_stateless``, a ``tensor<i1>`` condition (its ODS type constraint); each
    branch yields as many values as the op has results (the region-branch interface's words), then
    each yield cast compatible with its result, the ``then`` branch first."""
    if op.attribute("is_stateless") is None:
        return Problem("BC610", {"name": "is_stateless"})
    cond = op.operands[0].type if len(op.operands) == 1 else None
    if cond is not None and not _bool_scalar(cond):
        args = {"kind": "operand", "index": 0, "constraint": "0D tensor of 1-bit signless integer values", "type": cond}
        return Problem("BC701", args, Subject("operand", 0))
    regions = _regions(op, 2)
    if regions is None:
        return NOT_JUDGED
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


_ITEM = lazy(r"\s*,\s*")
_SHAPE = lazy(r"#tf_type\.shape<[^<>]*>")
_NOT_A_TYPE = lazy(r'-?\d[\w.+-]*|"(?:[^"\\]|\\.)*"|true|false|unit|#tf_type\.shape<[^<>]*>')
_GENERATOR_ATTRIBUTES = (
    ("metadata", "string attribute"),
    ("output_shapes", "tensorflow shape attribute array with at least 1 elements"),
    ("output_types", "type array attribute with at least 1 elements"),
)
"""``tf.GeneratorDatasetRegion``'s attributes, by name (the order TensorFlow's parser checks them in),
with their constraints in TensorFlow's words; the last two are required."""
_GENERATOR_VALUES = Spec((Many(DTYPE),), (VARIANT,), lambda op, spec: None)
"""Its operands' and results' ODS type constraints (asked of TensorFlow 2.21: the harvest of
``tests/oracle/ods_probe.py`` writes no region, so it cannot reach them)."""
_GENERATOR_REGIONS = ("init", "next", "finalize")


def _attribute_fits(name: str, text: str) -> bool | None:
    """Whether the value ``text`` of attribute ``name`` meets its constraint (``None``: not known)."""
    text = text.strip()
    if name == "metadata":
        return text.startswith('"') and text.endswith('"') and len(text) > 1
    if not (text.startswith("[") and text.endswith("]")):
        return False if _NOT_A_TYPE.fullmatch(text) else None
    items = [i for i in _ITEM.split(text[1:-1].strip()) if i]
    if not items:
        return False
    if name == "output_shapes":
        if all(_SHAPE.fullmatch(i) for i in items):
            return True
        return False if any(_NOT_A_TYPE.fullmatch(i) for i in items) else None
    if any(_NOT_A_TYPE.fullmatch(i) for i in items):
        return False
    try:
        for item in items:
            read_type(item)
    except SyntaxProblem:
        return None
    return True


def _total(text: str) -> int | None:
    """The sum of a dense ``array<i32: ...>``, or ``None`` when written otherwise."""
    m = re.fullmatch(r"array<i32(?::((?:\d+,)*\d+))?>", "".join(text.split()))
    return None if m is None else sum(int(v) for v in (m.group(1) or "0").split(","))


def _edge(source: str, target: str, given: int, wanted: int) -> Problem:
    detail = (
        f"along control flow edge from {source} to {target}: region branch point has {given} operands, "
        f"but region successor needs {wanted} inputs"
    )
    return Problem("BC028", {"detail": detail})


def generator_dataset_region(op: Operation, profile: Profile) -> Problem | None:
    """``tf.GeneratorDatasetRegion`` in TensorFlow 2.21's order: its attributes' constraints (by name),
    three regions, one result, ``operandSegmentSizes``, the required attributes, the type constraints,
    a block in each region; then ``RegionBranchOpInterface``'s counts along each edge (types are not
    compared): the op's ``init`` operands to ``init``'s arguments; what ``init`` yields to ``next``'s
    arguments, and what ``next`` yields to ``next``'s and ``finalize``'s, each successor taking the
    first as many arguments as ``init`` yields (``take_front``: all when it has fewer)."""
    for name, constraint in _GENERATOR_ATTRIBUTES:
        written = op.attribute(name)
        if written is None:
            continue
        fits = _attribute_fits(name, written.text)
        if fits is None:
            return NOT_JUDGED
        if not fits:
            return Problem("BC562", {"name": name, "constraint": constraint})
    if len(op.regions) != 3:
        return Problem("BC1118", {"count": 3})
    if any(r.blocks > 1 for r in op.regions):
        return NOT_JUDGED  # (SingleBlock's "expects region #1 to have 0 or 1 blocks": its place not probed)
    if len(op.results) != 1:
        return Problem("BC1166")
    sizes = op.attribute("operandSegmentSizes")
    total = 0 if sizes is None else _total(sizes.text)
    if total is None:
        return NOT_JUDGED
    if total != len(op.operands):
        return Problem("BC1734", {"count": len(op.operands), "total": total})
    for name, _ in _GENERATOR_ATTRIBUTES[1:]:
        if op.attribute(name) is None:
            return Problem("BC610", {"name": name})
    problem = type_constraints(op, _GENERATOR_VALUES)
    if problem is not None:
        return problem
    for index, (name, region) in enumerate(zip(_GENERATOR_REGIONS, op.regions, strict=True)):
        if region.blocks == 0:
            return Problem("BC1789", {"index": index, "name": name})
    if any(r.terminator != "tf.Yield" or _unknown(r.arguments) or _unknown(r.yields) for r in op.regions):
        return NOT_JUDGED  # (another terminator is an error of its own, where it stands)
    init, after, final = op.regions
    first = int(re.findall(r"\d+", sizes.text.partition(":")[2])[0]) if sizes is not None and op.operands else 0
    if first != len(init.arguments):
        return _edge("parent", "Region #0", first, len(init.arguments))
    state = len(init.yields)
    for given, region, target in ((state, after, "Region #1"), (len(after.yields), after, "Region #1")):
        wanted = min(state, len(region.arguments))
        if given != wanted:
            return _edge("Operation tf.Yield", target, given, wanted)
    wanted = min(state, len(final.arguments))
    if len(after.yields) != wanted:
        return _edge("Operation tf.Yield", "Region #2", len(after.yields), wanted)
    return None
