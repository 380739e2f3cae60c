"""The verifiers of the tensor dialect's ops that relate shapes (``TensorOps.td``,
``TensorOps.cpp`` of the MLIR that iree-base-compiler 3.13 carries), in the real
verifier's order: the op's structure (generic form), its ODS constraints and predicates,
its interfaces' verifiers, ``verify()``, then its regions."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import prod

from broadcheck.dialects.shaped import (
    DYNAMIC,
    Rule,
    View,
    bit_width,
    check_types,
    dynamic_count,
    in_bounds,
    int_list,
    is_float,
    is_int,
    offsets_sizes_strides,
    predicate,
    printed,
    rank_reduced,
    segment_sizes,
    segments,
    size,
    slice_problem,
    view,
)
from broadcheck.ops import Operation, Region, Shape, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.syntax.attributes import value

# ---------------------------------------------------------------- ODS type constraints


def _tensor(t: Type) -> bool:
    v = view(t)
    return v is not None and v.kind == "tensor"


def _ranked(t: Type) -> bool:
    v = view(t)
    return v is not None and v.kind == "tensor" and v.shape is not None


def _index(t: Type) -> bool:
    return str(t).strip() == "index"


def _static(t: Type) -> bool:
    v = view(t)
    return v is not None and v.kind == "tensor" and v.static


def _not_0_ranked(t: Type) -> bool:
    v = view(t)
    return v is not None and v.kind == "tensor" and v.rank != 0


def _bitcastable(t: Type) -> bool:
    v = view(t)
    return v is not None and v.kind == "tensor" and (is_int(v.element) or is_float(v.element))


def _int_or_index_tensor(t: Type) -> bool:
    v = view(t)
    return (
        v is not None
        and v.kind == "tensor"
        and v.shape is not None
        and (v.element == "index" or (is_int(v.element) and v.element.startswith("i")))
    )


def _shape_operand(t: Type) -> bool:
    v = view(t)
    return (
        v is not None
        and v.kind == "tensor"
        and v.shape is not None
        and len(v.shape) == 1
        and (v.element == "index" or (is_int(v.element) and v.element.startswith("i")))
    )


TENSOR: Rule = ("tensor of any non-token type values", _tensor)
RANKED: Rule = ("ranked tensor of any non-token type values", _ranked)
INDEX: Rule = ("index", _index)
INDICES: Rule = ("variadic of index", _index)
STATIC: Rule = ("statically shaped tensor of any non-token type values", _static)
DIM_SOURCE: Rule = ("non-0-ranked or unranked tensor", _not_0_ranked)
BITCAST: Rule = (
    "tensor of signless integer or unsigned integer or signed integer or floating-point values",
    _bitcastable,
)
GATHER_INDICES: Rule = ("ranked tensor of signless integer or index values", _int_or_index_tensor)
SHAPE: Rule = ("1D tensor of signless integer or index values", _shape_operand)


def _rules(rule: Rule, count: int) -> list[Rule | None]:
    return [rule] * count


# ---------------------------------------------------------------- structure (the generic form)


def _one_result(op: Operation) -> Problem | None:
    return Problem("BC107") if len(op.results) != 1 else None


def _exact_operands(op: Operation, count: int) -> Problem | None:
    if len(op.operands) == count:
        return None
    if count == 1:
        return Problem("BC655")
    return Problem("BC609", {"expected": count, "count": len(op.operands)})


def _required(op: Operation, *names: str) -> Problem | None:
    for name in names:
        if op.attribute(name) is None:
            return Problem("BC610", {"name": name})
    return None


def _v(t: Type) -> View:
    found = view(t)
    assert found is not None
    return found


def _same_without_encoding(a: View, b: View) -> bool:
    return a.kind == b.kind and a.shape == b.shape and a.element == b.element


def compatible(a: Shape | None, b: Shape | None) -> bool:
    """MLIR's ``verifyCompatibleShape``: unranked matches all; else equal ranks, and a ``?``
    matches any size."""
    if a is None or b is None:
        return True
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True))


# ---------------------------------------------------------------- cast, bitcast


def check_cast(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.cast``: ``CastOpInterface``: same element type, compatible shapes."""
    problem = _one_result(op) or _exact_operands(op, 1) or check_types(op, [TENSOR], [TENSOR])
    if problem:
        return problem
    a, b = _v(op.operands[0].type), _v(op.results[0].type)
    if a.element != b.element or not compatible(a.shape, b.shape):
        return _cast_incompatible(op)
    return None


def _cast_incompatible(op: Operation) -> Problem:
    args = {"a": printed(op.operands[0].type), "b": printed(op.results[0].type)}
    return Problem("BC624", args, Subject("result", 0))


def check_bitcast(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.bitcast``: compatible shapes, element types of one width."""
    problem = _one_result(op) or _exact_operands(op, 1) or check_types(op, [BITCAST], [BITCAST])
    if problem:
        return problem
    a, b = _v(op.operands[0].type), _v(op.results[0].type)
    if bit_width(a.element) != bit_width(b.element) or not compatible(a.shape, b.shape):
        return _cast_incompatible(op)
    return None


# ---------------------------------------------------------------- element access


def check_extract(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.extract``: the result is the element type; one index per dim."""
    problem = (
        _one_result(op) or _at_least(op, 1) or check_types(op, [RANKED, *_rules(INDICES, len(op.operands) - 1)], [None])
    )
    if problem:
        return problem
    t = _v(op.operands[0].type)
    if printed(op.results[0].type) != t.element:
        return predicate("result type matches element type of tensor", Subject("result", 0))
    if t.rank != len(op.operands) - 1:
        return Problem("BC625")
    return None


def _at_least(op: Operation, count: int) -> Problem | None:
    if len(op.operands) >= count:
        return None
    return Problem("BC623", {"expected": count, "count": len(op.operands)})


def check_insert(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.insert``: the result is the dest's type, the scalar its element; one index per dim."""
    problem = (
        _one_result(op)
        or _at_least(op, 2)
        or check_types(op, [None, RANKED, *_rules(INDICES, len(op.operands) - 2)], [RANKED])
    )
    if problem:
        return problem
    dest = _v(op.operands[1].type)
    if _v(op.results[0].type) != dest:
        return predicate("result type matches type of dest", Subject("result", 0))
    if printed(op.operands[0].type) != dest.element:
        return predicate("scalar type matches element type of dest", Subject("operand", 0))
    if dest.rank != len(op.operands) - 2:
        return Problem("BC626")
    return None


def _ranked_written(op: Operation) -> Problem | None:
    """The parser of a custom form whose one type is a ``RankedTensorType``: another type (an
    unranked tensor, a memref) is "invalid kind of type specified", at the type."""
    if op.generic or len(op.results) != 1:
        return None
    t = op.results[0].type
    if isinstance(t, ShapedType) and t.kind == "tensor" and t.shape is not None:
        return None
    if not str(t).startswith(("tensor<", "memref<", "vector<")) and str(t).startswith("!"):
        return None  # a dialect's type or an alias: not judged here
    return Problem("BC1361", {"name": op.name, "type": str(t)}, span=op.results[0].span)


def check_from_elements(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.from_elements``: a static result with one operand per element, of its element type.
    Its custom form's parser checks the result's constraint (at the op) and then resolves one operand
    per element (at the first operand), before any verifier."""
    problem = _ranked_written(op) or _one_result(op)
    if problem:
        return problem
    t = _v(op.results[0].type)
    if not op.generic and not _static(op.results[0].type):
        written = {"name": op.name, "operand": "result", "constraint": STATIC[0], "type": str(op.results[0].type)}
        return Problem("BC1357", written)
    assert t.shape is not None
    count = prod(d for d in t.shape if d is not None)
    if not op.generic and len(op.operands) != count:
        args = {"name": op.name, "operands": len(op.operands), "types": count}
        return Problem("BC1367", args, span=op.operands[0].span if op.operands else None)
    problem = check_types(op, [], [STATIC])
    if problem:
        return problem
    if len(op.operands) != count or any(printed(u.type) != t.element for u in op.operands):
        return predicate("operand types match result element type")
    return None


def check_splat(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.splat``: the value is the result's element type; one size per ``?``."""
    problem = (
        _ranked_written(op)
        or _one_result(op)
        or _at_least(op, 1)
        or check_types(op, [None, *_rules(INDICES, len(op.operands) - 1)], [RANKED])
    )
    if problem:
        return problem
    t = _v(op.results[0].type)
    if printed(op.operands[0].type) != t.element:
        return predicate("operand type matches element type of result", Subject("operand", 0))
    assert t.shape is not None
    return dynamic_count(t.shape, len(op.operands) - 1)


def check_empty(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.empty``: one size per ``?`` of its type."""
    problem = _one_result(op) or check_types(op, _rules(INDICES, len(op.operands)), [RANKED])
    if problem:
        return problem
    shape = _v(op.results[0].type).shape
    assert shape is not None
    return dynamic_count(shape, len(op.operands))


def check_generate(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.generate``: one size per ``?``; its body takes one index per dim and yields an element."""
    problem = _one_result(op) or check_types(op, _rules(INDICES, len(op.operands)), [RANKED])
    if problem:
        return problem
    t = _v(op.results[0].type)
    assert t.shape is not None
    problem = dynamic_count(t.shape, len(op.operands))
    if problem or not op.regions:
        return problem
    body = op.regions[0]
    if any(_known(a) and str(a).strip() != "index" for a in body.arguments):  # (GenerateOp::verifyRegions' order)
        return Problem("BC657")
    if len(body.arguments) != len(t.shape):
        return Problem("BC656")
    if _yields_other(body, t.element):
        return Problem("BC658")
    return None


def _known(t: Type) -> bool:
    """Whether the engine knows a region type (an unknown one reads as ``?``)."""
    return str(t).strip() != "?"


def _yields_other(body: Region, element: str) -> bool:
    """Whether a body ends in a ``tensor.yield`` of a known type other than ``element``."""
    return (
        body.terminator == "tensor.yield"
        and len(body.yields) == 1
        and _known(body.yields[0])
        and printed(body.yields[0]) != element
    )


# ---------------------------------------------------------------- slices


def _slice_lists(op: Operation) -> tuple[list[int], list[int], list[int]] | Problem:
    problem = _required(op, "static_offsets", "static_sizes", "static_strides")
    if problem:
        return problem
    lists = [int_list(op, n) for n in ("static_offsets", "static_sizes", "static_strides")]
    if any(x is None for x in lists):
        raise _Unread
    offsets, sizes, strides = (list(x) for x in lists if x is not None)
    return offsets, sizes, strides


class _Unread(Exception):
    """An attribute broadcheck cannot read: the op is not judged."""


def _segments(op: Operation, count: int) -> list[range] | Problem:
    problem = segment_sizes(op, count)
    if problem:
        return problem
    found = segments(op, count)
    if found is None:
        raise _Unread  # (a dictionary of another length: its conversion's, in the parser)
    return found


def _view_like(op: Operation, rank: int, parts: list[range], first: int) -> Problem | tuple[list[int], ...]:
    lists = _slice_lists(op)
    if isinstance(lists, Problem):
        return lists
    offsets, sizes, strides = lists
    dynamic = (len(parts[first]), len(parts[first + 1]), len(parts[first + 2]))
    named = list(zip(("offsets", "sizes", "strides"), lists, dynamic, strict=True))
    for name, values, n in reversed(named):  # (iree 3.13 says the strides' first, the offsets' last)
        wanted = sum(1 for v in values if v == DYNAMIC)
        if wanted != n:
            return Problem("BC1876", {"name": name, "operands": n, "dynamic": wanted})
    problem = offsets_sizes_strides(offsets, sizes, strides, (rank, rank, rank))
    return problem if problem else (offsets, sizes, strides)


def check_extract_slice(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.extract_slice``: the slice lists, the result against the sizes (rank-reduced
    allowed), then the slice within the source's static dims."""
    try:
        problem = _one_result(op)
        if problem:
            return problem
        parts = _segments(op, 4)
        if isinstance(parts, Problem):
            return parts
        rules = [RANKED, *_rules(INDICES, len(op.operands) - 1)]
        problem = _required(op, "static_offsets", "static_sizes", "static_strides") or check_types(op, rules, [RANKED])
        if problem:
            return problem
        source = _v(op.operands[0].type)
        assert source.shape is not None
        lists = _view_like(op, len(source.shape), parts, 1)
        if isinstance(lists, Problem):
            return lists
        offsets, sizes, strides = lists
        expected = View("tensor", tuple(None if s == DYNAMIC else s for s in sizes), source.element)
        problem = slice_problem(rank_reduced(expected, _v(op.results[0].type)), expected, Subject("result", 0))
        return problem or in_bounds(source.shape, offsets, sizes, strides)
    except _Unread:
        return None


def check_insert_slice(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.insert_slice`` and ``tensor.parallel_insert_slice``: the slice lists, the source
    against the sizes (rank-reduced allowed), then the slice within the dest's static dims."""
    parallel = op.name.endswith("parallel_insert_slice")
    try:
        if parallel and op.results:
            return None
        problem = None if parallel else _one_result(op)
        if problem:
            return problem
        parts = _segments(op, 5)
        if isinstance(parts, Problem):
            return parts
        rules = [RANKED, RANKED, *_rules(INDICES, len(op.operands) - 2)]
        problem = _required(op, "static_offsets", "static_sizes", "static_strides") or check_types(
            op, rules, [] if parallel else [RANKED]
        )
        if problem:
            return problem
        if not parallel and _v(op.results[0].type) != _v(op.operands[1].type):
            return predicate("all of {dest, result} have same type", Subject("result", 0))
        dest = _v(op.operands[1].type)
        assert dest.shape is not None
        lists = _view_like(op, len(dest.shape), parts, 2)
        if isinstance(lists, Problem):
            return lists
        offsets, sizes, strides = lists
        expected = View("tensor", tuple(None if s == DYNAMIC else s for s in sizes), dest.element)
        problem = slice_problem(rank_reduced(expected, _v(op.operands[0].type)), expected, Subject("operand", 0))
        return problem or in_bounds(dest.shape, offsets, sizes, strides)
    except _Unread:
        return None


# ---------------------------------------------------------------- reshapes


def _reassociation(op: Operation) -> list[list[int]] | None:
    attr = op.attribute("reassociation")
    if attr is None:
        return None
    found = value(attr.text)
    if not isinstance(found, list) or not all(
        isinstance(g, list) and all(isinstance(i, int) and not isinstance(i, bool) for i in g) for g in found
    ):
        raise _Unread
    return [list(g) for g in found]


def verify_reshape_like(op: Operation, expanded: View, collapsed: View, groups: list[list[int]]) -> Problem | None:
    """``verifyReshapeLikeTypes`` and ``reshapeLikeShapesAreCompatible`` (ReshapeOpsUtils)."""
    assert expanded.shape is not None and collapsed.shape is not None
    if any(not group for group in groups):
        return Problem("BC1350")
    expanded_rank, collapsed_rank = len(expanded.shape), len(collapsed.shape)
    if expanded_rank < collapsed_rank:
        return Problem("BC627", {"expanded": str(expanded), "collapsed": str(collapsed)})
    if collapsed_rank != len(groups):
        return Problem("BC628", {"rank": collapsed_rank, "count": len(groups)})
    if collapsed_rank == 0:
        if None not in expanded.shape and prod(expanded.shape) != 1:  # type: ignore[arg-type]
            return Problem("BC629", {"a": prod(expanded.shape), "b": 1})  # type: ignore[arg-type]
        return None
    # (getSymbolLessAffineMaps: each map's dims are one more than the largest index, all as
    # unsigned 32-bit positions: an index of -1 makes maps of 0 dims)
    dims = (max((i & 0xFFFFFFFF for g in groups for i in g), default=0) + 1) & 0xFFFFFFFF
    for index, _ in enumerate(groups):
        if dims != expanded_rank:
            return Problem("BC630", {"index": index, "rank": expanded_rank, "size": dims})
    following = 0
    for index, group in enumerate(groups):
        for i in group:
            if i != following:
                return Problem("BC631", {"index": index})
            following += 1
    start = 0
    for index, group in enumerate(groups):
        part = expanded.shape[start : start + len(group)]
        start += len(group)
        if None in part:
            if collapsed.shape[index] is not None:
                return Problem("BC632", {"dim": index})
        else:
            linear = prod(part)  # type: ignore[arg-type]
            if collapsed.shape[index] != linear:
                return Problem("BC633", {"dim": index, "size": linear})
    return None


def _collapsed_type(expanded: View, groups: list[list[int]]) -> View:
    """``CollapseShapeOp::inferCollapsedType``."""
    assert expanded.shape is not None
    shape: list[int | None] = []
    for group in groups:
        part = [expanded.shape[i] for i in group if i < len(expanded.shape)]
        shape.append(None if None in part else prod(part))  # type: ignore[arg-type]
    return View("tensor", tuple(shape), expanded.element)


def _reshape_op(op: Operation, expanded: View, collapsed: View, groups: list[list[int]]) -> Problem | None:
    problem = verify_reshape_like(op, expanded, collapsed, groups)
    if problem:
        return problem
    expected = _collapsed_type(expanded, groups)
    if not _same_without_encoding(expected, collapsed):
        return Problem("BC634", {"expected": str(expected), "actual": str(collapsed)})
    return None


def check_collapse_shape(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.collapse_shape``."""
    try:
        problem = _one_result(op) or _exact_operands(op, 1)
        groups = _reassociation(op)
        if problem or groups is None:
            return problem or Problem("BC610", {"name": "reassociation"})
        problem = check_types(op, [RANKED], [RANKED])
        if problem:
            return problem
        found = _reshape_op(op, _v(op.operands[0].type), _v(op.results[0].type), groups)
        return _with_expected(op, found, _collapsed_type(_v(op.operands[0].type), groups).shape, ("BC632", "BC633"))
    except _Unread:
        return None


def _with_expected(
    op: Operation, found: Problem | None, inferred: Shape | None, codes: tuple[str, ...]
) -> Problem | None:
    """``found`` (one of ``codes``, about the result's sizes) with the result type the op infers,
    where it infers every size: what ``refine`` writes for the result."""
    t = op.results[0].type if op.results else None
    if found is None or found.code not in codes or inferred is None or None in inferred:
        return found
    if not isinstance(t, ShapedType) or t.kind != "tensor":
        return found
    expected = ShapedType("tensor", tuple(inferred), t.element, t.encoding)
    return Problem(found.code, found.args, Subject("result", 0), found.inferred, expected, found.notes, found.span)


def check_expand_shape(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.expand_shape``: ``output_shape`` against the result type, then as a reshape."""
    try:
        problem = _one_result(op) or _at_least(op, 1)
        groups = _reassociation(op)
        if problem or groups is None:
            return problem or Problem("BC610", {"name": "reassociation"})
        problem = _required(op, "static_output_shape") or check_types(
            op, [RANKED, *_rules(INDICES, len(op.operands) - 1)], [RANKED]
        )
        if problem:
            return problem
        static = int_list(op, "static_output_shape")
        if static is None:
            return None
        result = _v(op.results[0].type)
        assert result.shape is not None
        if len(static) != len(result.shape):
            return Problem("BC635", {"rank": len(result.shape), "count": len(static)})
        wanted = sum(1 for s in static if s == DYNAMIC)
        if wanted != len(op.operands) - 1:
            return Problem("BC1875", {"dynamic": wanted, "values": len(op.operands) - 1})
        problem = dynamic_count(result.shape, len(op.operands) - 1)
        if problem:
            return problem
        for pos, d in enumerate(result.shape):
            if d is not None and d != static[pos]:
                return Problem("BC636", {"pos": pos})
        return _reshape_op(op, result, _v(op.operands[0].type), groups)
    except _Unread:
        return None


def check_reshape(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.reshape``: element types, element counts, and the shape operand's length."""
    problem = _one_result(op) or _exact_operands(op, 2) or check_types(op, [TENSOR, SHAPE], [TENSOR])
    if problem:
        return problem
    source, shape, result = _v(op.operands[0].type), _v(op.operands[1].type), _v(op.results[0].type)
    if source.element != result.element:
        return Problem("BC637")
    if source.static and result.static:
        assert source.shape is not None and result.shape is not None
        if prod(source.shape) != prod(result.shape):  # type: ignore[arg-type]
            return Problem("BC638")
    assert shape.shape is not None
    if result.shape is not None and shape.shape[0] is None:
        return Problem("BC661")
    if result.shape is not None and shape.shape[0] != len(result.shape):
        return Problem("BC639")
    return None


# ---------------------------------------------------------------- pad, concat


def check_pad(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.pad``: the result against the padded source; its body's arguments and yield."""
    try:
        problem = _one_result(op)
        if problem:
            return problem
        parts = _segments(op, 3)
        if isinstance(parts, Problem):
            return parts
        rules = [RANKED, *_rules(INDICES, len(op.operands) - 1)]
        problem = _required(op, "static_low", "static_high") or check_types(op, rules, [RANKED])
        if problem:
            return problem
        low, high = int_list(op, "static_low"), int_list(op, "static_high")
        if low is None or high is None:
            return None
        source, result = _v(op.operands[0].type), _v(op.results[0].type)
        assert source.shape is not None and result.shape is not None
        rank = len(source.shape)
        if len(low) != rank or len(high) != rank:
            args = {"source": str(source), "result": str(result)}
            return Problem("BC640", args, Subject("result", 0))
        expected = tuple(
            None if d is None or lo == DYNAMIC or hi == DYNAMIC else d + lo + hi
            for d, lo, hi in zip(source.shape, low, high, strict=True)
        )
        inferred = View("tensor", expected, source.element)
        mismatch = len(result.shape) != rank or any(
            r != e and e is not None for r, e in zip(result.shape, expected, strict=True)
        )
        if mismatch:
            return Problem("BC641", {"result": str(result), "expected": str(inferred)}, Subject("result", 0))
        if not op.regions:
            return None
        body = op.regions[0]
        if len(body.arguments) != len(result.shape):
            return Problem("BC642", {"rank": len(result.shape)})
        for index, arg in enumerate(body.arguments, start=1):
            if _known(arg) and str(arg).strip() != "index":
                return Problem("BC643", {"index": index})
        if _yields_other(body, result.element):
            return Problem("BC644")
        return None
    except _Unread:
        return None


def check_dim(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.dim``: its ODS types (a source of rank 1 or more, or unranked; index in and out)."""
    return _one_result(op) or _exact_operands(op, 2) or check_types(op, [DIM_SOURCE, INDEX], [INDEX])


def check_rank(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.rank``: its ODS types (any tensor in, index out)."""
    return _one_result(op) or _exact_operands(op, 1) or check_types(op, [TENSOR], [INDEX])


def check_concat(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.concat``: equal ranks and element types, the dim in range, equal sizes off the
    dim, and the result's static sizes."""
    problem = _one_result(op) or _required(op, "dim")
    if problem:
        return problem
    dim_attr = op.attribute("dim")
    assert dim_attr is not None
    dim = value(dim_attr.text)
    if not isinstance(dim, int) or isinstance(dim, bool):
        return None
    problem = check_types(op, _rules(RANKED, len(op.operands)), [RANKED])
    if problem:
        return problem
    if not op.operands:
        return Problem("BC1112")
    result = _v(op.results[0].type)
    assert result.shape is not None
    rank = len(result.shape)
    inputs = [_v(u.type) for u in op.operands]
    for index, t in enumerate(inputs):
        if t.rank != rank:
            return Problem("BC645", subject=Subject("operand", index))
    for index, t in enumerate(inputs):
        if t.element != result.element:
            return Problem("BC646", subject=Subject("operand", index))
    if dim >= rank:
        return Problem("BC647")
    shape: list[int | None] = []
    for i in range(rank):
        if i == dim:
            shape.append(None)
            continue
        found: int | None = None
        for t in inputs:
            assert t.shape is not None
            d = t.shape[i]
            if found is not None and d is not None and d != found:
                return Problem("BC648", {"dim": i})
            found = d if d is not None else found
        shape.append(found)
    if dim < 0:  # (I64Attr read as int64_t: every dim is off the concatenation; then it indexes out of bounds)
        return NOT_JUDGED
    total: int | None = 0
    for t in inputs:
        assert t.shape is not None
        d = t.shape[dim]
        total = None if total is None or d is None else total + d
    shape[dim] = total
    inferred = View("tensor", tuple(shape), inputs[0].element)
    if not compatible(tuple(shape), result.shape):
        rejected = Problem("BC660", {"result": str(result), "inferred": str(inferred)}, Subject("result", 0))
        return _with_expected(op, rejected, tuple(shape), ("BC660",))
    return None


def _size_text(d: int | None) -> str:
    return str(size(d))


# ---------------------------------------------------------------- gather, scatter


def _gather_dims(dims: Sequence[int], indices: Shape, rank: int, word: str, operand: str) -> Problem | None:
    """``verifyGatherOrScatterDims``."""
    detail = None
    if not dims:
        detail = "empty"
    elif len(dims) > rank:
        detail = "overflow"
    elif not indices or indices[-1] != len(dims):
        detail = "length"
    elif any(d < 0 for d in dims):
        detail = "negative"
    elif any(d >= rank for d in dims):
        detail = "range"
    elif any(a >= b for a, b in itertools.pairwise(dims)):
        detail = "order"
    if detail is None:
        return None
    from broadcheck.messages import GATHER_DIMS  # (the catalogue: loaded when a message is worded)

    return Problem("BC649", {"word": word, "detail": GATHER_DIMS[detail].format(operand=operand)})


def gather_type(source: View, indices: Shape, dims: Sequence[int], rank_reduced: bool) -> View:
    """``GatherOp::inferResultType``."""
    assert source.shape is not None
    shape = list(indices[:-1])
    for i, d in enumerate(source.shape):
        if i in dims:
            if not rank_reduced:
                shape.append(1)
            continue
        shape.append(d)
    return View("tensor", tuple(shape), source.element, (), source.extras)


def check_gather(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.gather``."""
    problem = _one_result(op) or _exact_operands(op, 2) or _required(op, "gather_dims")
    if problem:
        return problem
    dims = int_list(op, "gather_dims")
    if dims is None:
        return None
    problem = check_types(op, [RANKED, GATHER_INDICES], [RANKED])
    if problem:
        return problem
    source, indices, result = (_v(u.type) for u in (*op.operands, op.results[0]))
    assert source.shape is not None and indices.shape is not None
    problem = _gather_dims(dims, indices.shape, len(source.shape), "gather", "source")
    if problem:
        return problem
    full, reduced = (gather_type(source, indices.shape, dims, r) for r in (False, True))
    if result != full and result != reduced:
        args = {"what": "result", "full": str(full), "reduced": str(reduced), "actual": str(result)}
        return Problem("BC650", args, Subject("result", 0))
    return None


def check_scatter(op: Operation, profile: Profile) -> Problem | None:
    """``tensor.scatter``."""
    problem = _one_result(op) or _exact_operands(op, 3) or _required(op, "scatter_dims")
    if problem:
        return problem
    dims = int_list(op, "scatter_dims")
    if dims is None:
        return None
    problem = check_types(op, [RANKED, RANKED, GATHER_INDICES], [RANKED])
    if problem:
        return problem
    source, dest, indices = (_v(u.type) for u in op.operands)
    assert dest.shape is not None and indices.shape is not None
    problem = _gather_dims(dims, indices.shape, len(dest.shape), "scatter", "dest")
    if problem:
        return problem
    if op.attribute("unique") is None:
        return Problem("BC659")
    full, reduced = (gather_type(dest, indices.shape, dims, r) for r in (False, True))
    if source != full and source != reduced:
        args = {"what": "source", "full": str(full), "reduced": str(reduced), "actual": str(source)}
        return Problem("BC650", args, Subject("operand", 0))
    return None


__all__ = ["bit_width"]
