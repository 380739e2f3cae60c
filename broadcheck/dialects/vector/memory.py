"""Vector's memory ops (``vector.load``, ``store``, ``maskedload``, ``maskedstore``, ``gather``,
``scatter``, ``expandload``, ``compressstore``, ``type_cast``) and its mask builders
(``create_mask``, ``constant_mask``): their custom forms and their verifiers (``VectorOps.cpp``
of the MLIR that iree-base-compiler 3.13 carries), in the verifier's order."""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.common import detail
from broadcheck.dialects.linalg.affine import parse
from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import (
    View,
    array_property,
    constraint,
    groups,
    index_at,
    int_list,
    printed,
    reading,
    split_top,
    static_values,
    trailing_types,
    unplaced,
    uses_in,
    view,
    view_text,
)
from broadcheck.ops import Operation, Type
from broadcheck.semantics import Problem, Profile
from broadcheck.syntax.statement import Statement, TypeText

# ---------------------------------------------------------------- forms


def _indexed(statement: Statement, order: Sequence[int], result: int | None) -> Reading:
    """``%base[%i, %j]...`` forms: the operands in the first ``[...]`` are indices (``index``);
    the others take the written types ``order`` gives, in turn; the result, type ``result``."""
    types = trailing_types(statement)
    found = groups(statement)
    wanted = len(order) + (result is not None)
    if not found or len(types) != wanted:
        return unplaced(statement)
    indices = set(uses_in(statement, found[0]))
    rest = [k for k in range(len(statement.operands)) if k not in indices]
    results = [types[result]] if result is not None else []
    if len(rest) != len(order) or len(results) != statement.result_count:
        return unplaced(statement)
    placed: list[TypeText | None] = [None] * len(statement.operands)
    for k in indices:
        placed[k] = index_at(statement.operands[k])
    for k, t in zip(rest, order, strict=True):
        placed[k] = types[t]
    return reading(placed, results)


def load(statement: Statement) -> Reading:
    """``vector.load %m[%i, %j] : M, V``."""
    return _indexed(statement, (0,), 1)


def store(statement: Statement) -> Reading:
    """``vector.store %v, %m[%i, %j] : M, V``."""
    return _indexed(statement, (1, 0), None)


def masked_load(statement: Statement) -> Reading:
    """``vector.maskedload %m[%i], %mask, %pass : M, K, P into V`` (``expandload`` alike)."""
    return _indexed(statement, (0, 1, 2), 3)


def masked_store(statement: Statement) -> Reading:
    """``vector.maskedstore %m[%i], %mask, %v : M, K, V`` (``compressstore`` alike)."""
    return _indexed(statement, (0, 1, 2), None)


def gather(statement: Statement) -> Reading:
    """``vector.gather %m[%i][%v], %mask, %pass : M, I, K, P into V``."""
    return _indexed(statement, (0, 1, 2, 3), 4)


def scatter(statement: Statement) -> Reading:
    """``vector.scatter %m[%i][%v], %mask, %value : M, I, K, V``."""
    return _indexed(statement, (0, 1, 2, 3), None)


def create_mask(statement: Statement) -> Reading:
    """``vector.create_mask %a, %b : vector<4x3xi1>``: the operands are indices."""
    types = trailing_types(statement)
    if len(types) != 1 or statement.result_count != 1:
        return unplaced(statement)
    return reading([index_at(u) for u in statement.operands], [types[0]])


def constant_mask(statement: Statement) -> Reading:
    """``vector.constant_mask [3, 2] : vector<4x3xi1>``: ``mask_dim_sizes``."""
    types = trailing_types(statement)
    found = groups(statement)
    values = static_values(found[0]) if found else None
    if len(types) != 1 or statement.operands or values is None or statement.result_count != 1:
        return unplaced(statement)
    return reading([], [types[0]], [array_property("mask_dim_sizes", values, found[0])])


# ---------------------------------------------------------------- checks


def _memory(t: Type, tensor: bool = False) -> View | None:
    v = view(t)
    kinds = ("memref", "tensor") if tensor else ("memref",)
    return v if v is not None and v.kind in kinds and v.shape is not None else None


def _vector(t: Type) -> View | None:
    v = view(t)
    return v if v is not None and v.kind == "vector" and v.shape is not None else None


def _layout(t: Type) -> str | None:
    """A memref's layout as written (``""``: the identity), or ``None`` if it cannot be read."""
    text = printed(t).strip()
    if not text.startswith("memref<") or not text.endswith(">"):
        return None
    parts = split_top(text[len("memref<") : -1])
    extra = [p.strip() for p in parts[1:]]
    layouts = [p for p in extra if not (p.isdigit() or p.startswith("#gpu") or p.startswith('"'))]
    if len(layouts) > 1:
        return None
    return layouts[0] if layouts else ""


def _unit_stride(t: Type) -> bool | None:
    """``MemRefType::isLastDimUnitStride`` for the identity layout and ``strided<[...]>``."""
    layout = _layout(t)
    if layout is None:
        return None
    if layout == "" or (layout.startswith("affine_map<") and _identity_map(layout)):
        return True
    if layout.startswith("affine_map<") and not any(w in layout for w in ("mod", "floordiv", "ceildiv")):
        m = parse(layout)
        if m is None or len(m.results) != 1 or m.symbols or not m.dims:
            return None
        zero, unit = m.evaluate([0] * m.dims), m.evaluate([0] * (m.dims - 1) + [1])
        return None if zero is None or unit is None else unit[0] - zero[0] == 1
    if layout.startswith("strided<[") and "]" in layout:
        strides = split_top(layout[len("strided<[") : layout.index("]")])
        return not strides or strides[-1].strip() == "1"
    return None


def _identity_map(text: str) -> bool:
    inner = text.removeprefix("affine_map<").removesuffix(">")
    head, _, tail = inner.partition("->")
    return "".join(head.split()) == "".join(tail.split())


def _load_store(op: Operation, vector_type: Type, base_type: Type, indices: int, load: bool) -> Problem | None:
    """``vector.load`` / ``vector.store``: the minor stride, the ranks, a vector element, the element
    type, the indices."""
    vector, base = _vector(vector_type), _memory(base_type)
    if vector is None or base is None:
        return None
    assert vector.shape is not None and base.shape is not None
    scalar = not any(vector.scalable) and (not vector.shape or _count(vector.shape) == 1)
    if not scalar:
        unit = _unit_stride(base_type)
        if unit is None:
            return None
        if not unit:
            return Problem("BC1363", detail("BC1363", "minor-stride"))
    what = "result" if load else "valueToStore"
    if len(base.shape) < len(vector.shape):
        return Problem("BC1363", detail("BC1363", "lower-rank-load" if load else "lower-rank-store"))
    element = base.element
    if element.startswith("vector<"):
        inner = view_text(element)
        if inner is None:
            return None
        if str(inner) != str(vector):
            return Problem("BC1363", detail("BC1363", "vector-memref", what=what))
        element = inner.element
    if vector.element != element:
        return Problem("BC1363", detail("BC1363", "element-load" if load else "element", what=what))
    if indices != len(base.shape):
        return Problem("BC1363", detail("BC1363", "indices", n=len(base.shape)))
    return None


def _count(shape: Sequence[int | None]) -> int:
    out = 1
    for d in shape:
        out *= d or 0
    return out


def check_load(op: Operation, profile: Profile) -> Problem | None:
    """``vector.load``."""
    if len(op.results) != 1 or not op.operands:
        return None
    return _load_store(op, op.results[0].type, op.operands[0].type, len(op.operands) - 1, True)


def check_store(op: Operation, profile: Profile) -> Problem | None:
    """``vector.store``."""
    if op.results or len(op.operands) < 2:
        return None
    return _load_store(op, op.operands[0].type, op.operands[1].type, len(op.operands) - 2, False)


def _base_element(base: View, vector: View, what: str) -> Problem | None:
    if base.element != vector.element:
        return Problem("BC1362", {"base": base.element, "what": what, "other": vector.element})
    return None


def _shape(v: View) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
    assert v.shape is not None
    return v.shape, tuple(v.scalable_at(k) for k in range(len(v.shape)))


def check_masked_load(op: Operation, profile: Profile) -> Problem | None:
    """``vector.maskedload`` (and ``vector.expandload``): element types, indices, the mask's shape,
    the pass-through's type."""
    if len(op.results) != 1 or len(op.operands) < 3:
        return None
    base, mask, result = _memory(op.operands[0].type), _vector(op.operands[-2].type), _vector(op.results[0].type)
    if base is None or mask is None or result is None or _vector(op.operands[-1].type) is None:
        return None
    assert base.shape is not None
    problem = _base_element(base, result, "result")
    if problem:
        return problem
    if len(op.operands) - 3 != len(base.shape):
        return Problem("BC1363", detail("BC1363", "indices", n=len(base.shape)))
    if _shape(result) != _shape(mask):
        return Problem("BC1363", detail("BC1363", "shape-mask", what="result"))
    if printed(op.operands[-1].type) != printed(op.results[0].type):
        return Problem("BC1363", detail("BC1363", "pass-thru"))
    return None


def check_masked_store(op: Operation, profile: Profile) -> Problem | None:
    """``vector.maskedstore`` (and ``vector.compressstore``): element types, indices, the mask's shape."""
    if op.results or len(op.operands) < 3:
        return None
    base, mask, value = _memory(op.operands[0].type), _vector(op.operands[-2].type), _vector(op.operands[-1].type)
    if base is None or mask is None or value is None:
        return None
    assert base.shape is not None
    problem = _base_element(base, value, "valueToStore")
    if problem:
        return problem
    if len(op.operands) - 3 != len(base.shape):
        return Problem("BC1363", detail("BC1363", "indices", n=len(base.shape)))
    if _shape(value) != _shape(mask):
        return Problem("BC1363", detail("BC1363", "shape-mask", what="valueToStore"))
    return None


GATHER_BASE = "Tensor or MemRef of any non-token type values"


def check_gather(op: Operation, profile: Profile) -> Problem | None:
    """``vector.gather``: its base (ODS), element types, offsets, the index vector's and the mask's
    shape, the pass-through's type."""
    if len(op.results) != 1 or len(op.operands) < 4:
        return None
    base_type = op.operands[0].type
    b = view(base_type)
    if b is not None and b.kind == "vector":
        return constraint("operand", 0, GATHER_BASE, base_type)
    base, result = _memory(base_type, tensor=True), _vector(op.results[0].type)
    indices, mask = _vector(op.operands[-3].type), _vector(op.operands[-2].type)
    if base is None or result is None or indices is None or mask is None:
        return None
    problem = _by_index(op, base, result, indices, mask, "result")
    if problem:
        return problem
    if printed(op.operands[-1].type) != printed(op.results[0].type):
        return Problem("BC1363", detail("BC1363", "pass-thru"))
    return None


def check_scatter(op: Operation, profile: Profile) -> Problem | None:
    """``vector.scatter``: element types, offsets, the index vector's and the mask's shape."""
    if op.results or len(op.operands) < 4:
        return None
    base, value = _memory(op.operands[0].type), _vector(op.operands[-1].type)
    indices, mask = _vector(op.operands[-3].type), _vector(op.operands[-2].type)
    if base is None or value is None or indices is None or mask is None:
        return None
    return _by_index(op, base, value, indices, mask, "valueToStore")


def _by_index(op: Operation, base: View, vector: View, indices: View, mask: View, what: str) -> Problem | None:
    """What gather and scatter check alike: the base's element type against ``vector``'s (named
    ``what``), one offset per base dimension, then the index vector's and the mask's size."""
    assert base.shape is not None
    problem = _base_element(base, vector, what)
    if problem:
        return problem
    if len(op.operands) - 4 != len(base.shape):
        return Problem("BC1363", detail("BC1363", "indices", n=len(base.shape)))
    if _shape(vector)[0] != _shape(indices)[0]:
        return Problem("BC1363", detail("BC1363", "dim-indices", what=what))
    if _shape(vector)[0] != _shape(mask)[0]:
        return Problem("BC1363", detail("BC1363", "dim-mask", what=what))
    return None


def check_type_cast(op: Operation, profile: Profile) -> Problem | None:
    """``vector.type_cast``: a memref of the identity layout."""
    if len(op.operands) != 1 or len(op.results) != 1 or _memory(op.operands[0].type) is None:
        return None
    layout = _layout(op.operands[0].type)
    if layout is not None and layout != "" and not (layout.startswith("affine_map<") and _identity_map(layout)):
        return Problem("BC1363", detail("BC1363", "type-cast-layout"))
    return None


MASK_RESULT = "vector of 1-bit signless integer values"


def _mask_result(op: Operation) -> View | Problem | None:
    t = op.results[0].type
    v = _vector(t)
    if v is None or v.element != "i1":
        return constraint("result", 0, MASK_RESULT, t) if view(t) is not None or printed(t) else None
    return v


def check_create_mask(op: Operation, profile: Profile) -> Problem | None:
    """``vector.create_mask``: an operand per dim (one for a 0-D mask)."""
    if len(op.results) != 1:
        return None
    found = _mask_result(op)
    if not isinstance(found, View):
        return found
    assert found.shape is not None
    if not found.shape:
        if len(op.operands) != 1:
            return Problem("BC1364", detail("BC1364", "create-0d"))
    elif len(op.operands) != len(found.shape):
        return Problem("BC1364", detail("BC1364", "create-dims"))
    return None


def check_constant_mask(op: Operation, profile: Profile) -> Problem | None:
    """``vector.constant_mask``: its sizes against the result's dims."""
    if len(op.results) != 1 or op.operands:
        return None
    found = _mask_result(op)
    sizes = int_list(op, "mask_dim_sizes")
    if not isinstance(found, View) or sizes is None:
        return found if isinstance(found, Problem) else None
    assert found.shape is not None
    if not found.shape:
        if len(sizes) != 1:
            return Problem("BC1365", detail("BC1365", "length"))
        if sizes[0] not in (0, 1):
            return Problem("BC1365", detail("BC1365", "size"))
        return None
    if len(sizes) != len(found.shape):
        return Problem("BC1364", detail("BC1364", "constant-rank"))
    for k, s in enumerate(sizes):
        dim = found.shape[k] or 0
        if s < 0 or s > dim:
            return Problem("BC1364", detail("BC1364", "constant-bounds"))
        if found.scalable_at(k) and s not in (0, dim):
            return Problem("BC1364", detail("BC1364", "constant-scalable"))
    if 0 in sizes and any(sizes):
        return Problem("BC1364", detail("BC1364", "constant-zeros"))
    return None
