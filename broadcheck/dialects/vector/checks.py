"""The verifiers of Vector's shape ops (``VectorOps.cpp`` of the MLIR that iree-base-compiler
3.13 carries), in their order: ODS predicates, ``verify()``, then the inferred result type
(``vector.extract``). Scalable dims (``[4]``) count by their base size where the verifier
compares sizes, and by their number where it counts them."""

from __future__ import annotations

import re
from math import prod

from broadcheck.dialects.linalg.affine import AffineMap, parse, printed_results
from broadcheck.dialects.shaped import (
    DYNAMIC,
    View,
    bit_width,
    constraint,
    element_of,
    int_list,
    is_float,
    is_int,
    is_signless_int,
    printed,
    split_top,
    view,
    view_text,
)
from broadcheck.ops import OpaqueType, Operation, Span, Type
from broadcheck.semantics import Problem, Profile, Subject


def _vector(t: Type) -> View | None:
    v = view(t)
    return v if v is not None and v.kind == "vector" and v.shape is not None else None


def _same_element(a: Type, b: Type, description: str) -> Problem | None:
    if element_of(a) != element_of(b):
        return Problem("BC613", {"description": description})
    return None


def _type_text(v: View, shape: list[int | None], scalable: list[bool], element: str) -> str:
    if not shape:
        return element
    return str(View("vector", tuple(shape), element, tuple(scalable) if any(scalable) else ()))


STEP = "vector of index or signless integer of at least 8 bits values of ranks 1"


def check_step(op: Operation, profile: Profile) -> Problem | None:
    """``vector.step``: its ODS result type (a 1-d vector of index or signless integers of 8 bits or more)."""
    if len(op.results) != 1 or op.operands:
        return None
    t = op.results[0].type
    v = view(t)
    ok = (
        v is not None
        and v.kind == "vector"
        and v.rank == 1
        and (v.element == "index" or (is_signless_int(v.element) and (bit_width(v.element) or 0) >= 8))
    )
    return None if ok else constraint("result", 0, STEP, t)


def _zero_d(t: Type) -> bool:
    """A 0-d vector (``vector<f32>``), which extract's result and insert's source may not be."""
    v = _vector(t)
    return v is not None and v.shape == ()


def check_extract(op: Operation, profile: Profile) -> Problem | None:
    """``vector.extract``: positions within the source, then the inferred result type."""
    if len(op.results) != 1 or not op.operands:
        return None
    source = _vector(op.operands[0].type)
    position = int_list(op, "static_position")
    if source is None or position is None or sum(1 for p in position if p == DYNAMIC) != len(op.operands) - 1:
        return None
    result = op.results[0].type
    problem = _same_element(source_type := op.operands[0].type, result, "operand and result have same element type")
    if problem:
        return problem
    if _zero_d(result):
        return Problem("BC1358", {"what": "result type"})
    assert source.shape is not None
    if len(position) > len(source.shape):
        return Problem("BC672", {"what": "vector rank"})
    for idx, p in enumerate(position):
        if p != DYNAMIC and p != -1 and not 0 <= p < (source.shape[idx] or 0):
            return Problem("BC671", {"n": idx + 1})
    rest = list(source.shape[len(position) :])
    scalable = [source.scalable_at(k) for k in range(len(position), len(source.shape))]
    inferred = _type_text(source, rest, scalable, source.element)
    if printed(result) != inferred:
        args = {"inferred": inferred, "actual": printed(result)}
        return Problem("BC255", args, Subject("result", 0))
    del source_type
    return None


def check_insert(op: Operation, profile: Profile) -> Problem | None:
    """``vector.insert``: the position's rank against the source's and dest's, then its values."""
    if len(op.results) != 1 or len(op.operands) < 2:
        return None
    dest = _vector(op.operands[1].type)
    position = int_list(op, "static_position")
    if dest is None or position is None or sum(1 for p in position if p == DYNAMIC) != len(op.operands) - 2:
        return None
    value, result = op.operands[0].type, op.results[0].type
    if printed(result) != printed(op.operands[1].type):
        return Problem("BC613", {"description": "all of {dest, result} have same type"}, Subject("result", 0))
    if element_of(value) != dest.element:
        return Problem("BC613", {"description": "source operand and result have same element type"})
    if _zero_d(value):
        return Problem("BC1358", {"what": "source operand"})
    assert dest.shape is not None
    if len(position) > len(dest.shape):
        return Problem("BC672", {"what": "dest vector rank"})
    source = _vector(value)
    if source is not None and source.rank + len(position) != len(dest.shape):
        return Problem("BC676")
    if source is None and len(position) != len(dest.shape):
        return Problem("BC677")
    for idx, p in enumerate(position):
        if p != DYNAMIC and p != -1 and not 0 <= p < (dest.shape[idx] or 0):
            return Problem("BC673", {"n": idx + 1})
    return None


def check_shape_cast(op: Operation, profile: Profile) -> Problem | None:
    """``vector.shape_cast``: element types, element counts, scalable dim counts."""
    if len(op.results) != 1 or len(op.operands) != 1:
        return None
    a, b = _vector(op.operands[0].type), _vector(op.results[0].type)
    if a is None or b is None:
        return None
    if a.element != b.element:
        return Problem("BC679", {"a": a.element, "b": b.element}, Subject("result", 0))
    na, nb = prod(a.shape or ()), prod(b.shape or ())  # type: ignore[arg-type]
    if na != nb:
        return Problem("BC678", {"a": na, "b": nb}, Subject("result", 0))
    sa, sb = sum(a.scalable), sum(b.scalable)
    if sa != sb:
        return Problem("BC680", {"a": sa, "b": sb}, Subject("result", 0))
    return None


def check_transpose(op: Operation, profile: Profile) -> Problem | None:
    """``vector.transpose``."""
    if len(op.results) != 1 or len(op.operands) != 1:
        return None
    a, b = _vector(op.operands[0].type), _vector(op.results[0].type)
    perm = int_list(op, "permutation")
    if a is None or b is None or perm is None:
        return None
    problem = _same_element(op.operands[0].type, op.results[0].type, "operand and result have same element type")
    if problem:
        return problem
    assert a.shape is not None and b.shape is not None
    rank = len(b.shape)
    if len(a.shape) != rank:
        return Problem("BC681", {"rank": rank}, Subject("result", 0))
    if len(perm) != rank:
        return Problem("BC682", {"size": len(perm)})
    seen: set[int] = set()
    for index, p in enumerate(perm):
        if not 0 <= p < rank:
            return Problem("BC683", {"v": p})
        if p in seen:
            return Problem("BC684", {"v": p})
        seen.add(p)
        if b.shape[index] != a.shape[p]:
            return Problem("BC685", {"v": p}, Subject("result", 0))
    return None


def check_bitcast(op: Operation, profile: Profile) -> Problem | None:
    """``vector.bitcast``: the leading dims alike, the minor 1-D vectors of one bit width."""
    if len(op.results) != 1 or len(op.operands) != 1:
        return None
    a, b = _vector(op.operands[0].type), _vector(op.results[0].type)
    if a is not None and b is not None and a.rank != b.rank:  # its ODS predicate
        return Problem("BC613", {"description": "all of {source, result} have same rank"}, Subject("result", 0))
    if a is None or b is None:
        return None
    assert a.shape is not None and b.shape is not None
    for i in range(len(a.shape) - 1):
        if a.shape[i] != b.shape[i]:
            return Problem("BC685", {"v": i}, Subject("result", 0))
    wa, wb = bit_width(a.element), bit_width(b.element)
    if wa is None or wb is None:
        return None
    if a.shape and (a.shape[-1] or 0) * wa != (b.shape[-1] or 0) * wb:
        return Problem("BC686", subject=Subject("result", 0))
    return None


def check_reduction(op: Operation, profile: Profile) -> Problem | None:
    """``vector.reduction``: its ODS predicates (the source's element type is the result's, the
    accumulator's type the result's), then its verifier: a 0-D or 1-D source, a combining kind
    that takes the result's type."""
    if len(op.results) != 1 or not 1 <= len(op.operands) <= 2:
        return None
    source = _vector(op.operands[0].type)
    if source is None:
        return None
    if not (is_int(source.element) or is_float(source.element) or source.element == "index"):
        return None  # (`vector<4xcomplex<f32>>` is not a vector type: the parser's)
    dest = op.results[0].type
    if source.element != element_of(dest):
        return Problem("BC613", {"description": "source operand and result have same element type"})
    if len(op.operands) == 2 and printed(op.operands[1].type) != printed(dest):
        return Problem("BC613", {"description": "dest and acc have the same type"})
    if source.rank > 1:
        return Problem("BC687", {"rank": source.rank}, Subject("operand", 0))
    kind = _kind(op)
    if kind is not None and not _supports(kind, dest):
        return Problem("BC294", {"type": printed(dest), "kind": kind})
    return None


def _kind(op: Operation) -> str | None:
    """A ``#vector.kind<...>`` attribute's kind (``add`` when the op writes none)."""
    attr = op.attribute("kind")
    if attr is None:
        return "add"
    text = attr.text.strip()
    if not (text.startswith("#vector.kind<") and text.endswith(">")):
        return None
    return text[len("#vector.kind<") : -1].strip()


def _supports(kind: str, t: Type) -> bool:
    """Vector's ``isSupportedCombiningKind``: integer kinds take integers and indices, float
    kinds floats, ``add`` and ``mul`` either; a shaped type, none."""
    v = view(t)
    if v is not None:
        return False
    element = printed(t)
    integer, floating = is_int(element) or element == "index", is_float(element)
    return floating if kind in _FLOAT_KINDS else integer if kind in _INTEGER_KINDS else integer or floating


def check_multi_reduction(op: Operation, profile: Profile) -> Problem | None:
    """``vector.multi_reduction``: the reduction dims, then the result's type."""
    if len(op.results) != 1 or len(op.operands) != 2:
        return None
    source = _vector(op.operands[0].type)
    dims = int_list(op, "reduction_dims")
    if source is None or dims is None:
        return None
    assert source.shape is not None
    seen: set[int] = set()
    for d in dims:
        if d in seen:
            return Problem("BC690", {"d": d})
        seen.add(d)
        if not 0 <= d < len(source.shape):
            return Problem("BC689", {"d": d})
    kept = [k for k in range(len(source.shape)) if k not in seen]
    shape = [source.shape[k] for k in kept]
    scalable = [source.scalable_at(k) for k in kept]
    expected = _type_text(source, shape, scalable, source.element)
    result = printed(op.results[0].type)
    if result != expected:
        args = {"dest": result, "source": str(source)}
        return Problem("BC688", args, Subject("result", 0))
    return None


# ---------------------------------------------------------------- transfers


def _map_text(m: AffineMap) -> str | None:
    inner = printed_results(m)
    if inner is None:
        return None
    return f"affine_map<({', '.join(f'd{i}' for i in range(m.dims))}) -> ({inner})>"


def _transfer(op: Operation, vector_at: int, source_at: int, segment: int) -> Problem | None:
    """``verifyTransferOp`` and the map checks shared by transfer_read and transfer_write."""
    vector, source = (
        _vector(op.operands[vector_at].type if vector_at >= 0 else op.results[0].type),
        view(op.operands[source_at].type),
    )
    if vector is None or source is None or source.shape is None or source.kind not in ("tensor", "memref"):
        return None
    attr = op.attribute("permutation_map")
    assert vector.shape is not None
    inner = view_text(source.element) if source.element.startswith("vector<") else None  # memref<?xvector<2xf32>>
    if inner is not None and not inner.shape:
        return None
    inner_rank = len(inner.shape) if inner is not None and inner.shape is not None else 0
    if attr is None:  # the parser's minor identity, of the dims the element vector does not cover
        rank, count = len(source.shape), len(vector.shape) - inner_rank
        if not 0 <= count <= rank:
            return None
        perm = AffineMap(rank, 0, tuple(("dim", d) for d in range(rank - count, rank)))
    else:
        found = parse(attr.text)
        if found is None:
            return None
        perm = found
    from broadcheck.dialects.shaped import segments

    parts = segments(op, 4)
    if parts is None:
        return None
    indices = len(parts[segment])
    if indices != len(source.shape):
        return Problem("BC691", {"n": len(source.shape)})
    sw, vw = bit_width(source.element), bit_width(vector.element)
    minor = (vector.shape[-1] or 0) if vector.shape else 1
    if inner is not None and inner.shape:
        inner_bits = bit_width(inner.element)
        if inner_bits is None or vw is None:
            return None
        if (vw * minor) % (inner_bits * (inner.shape[-1] or 1)):
            return Problem("BC039")
        if inner_rank > len(vector.shape):
            return Problem("BC813")
        if len(perm.results) != len(vector.shape) - inner_rank:
            return Problem("BC692")
    else:
        if sw is not None and vw is not None and (vw * minor) % sw:
            return Problem("BC698")
        if len(perm.results) != len(vector.shape):
            return Problem("BC692")
    if perm.symbols:
        return None
    if perm.dims != len(source.shape):
        return Problem("BC693")
    in_bounds = op.attribute("in_bounds")
    if in_bounds is not None:
        from broadcheck.syntax.attributes import value

        listed = value(in_bounds.text)
        if isinstance(listed, list) and len(listed) != len(perm.results):
            text = _map_text(perm)
            if text is None:
                return None
            return Problem("BC694", {"map": text, "n": len(listed)})
    return None


def _permutation(perm_text: str | None, rank: int) -> Problem | None:
    """``verifyPermutationMap``."""
    if perm_text is None:
        return None
    m = parse(perm_text)
    if m is None:
        return None
    seen: set[int] = set()
    for e in m.results:
        if e[0] == "const":
            if e[1] != 0:
                return Problem("BC696")
            continue
        if e[0] != "dim":
            return Problem("BC696")
        if e[1] in seen:
            return Problem("BC695")
        seen.add(e[1])
    return None


def _needs_map(op: Operation, source: int, vector: Type) -> Problem | None:
    """The parser of a transfer's custom form: with no ``permutation_map``, the vector's rank (less
    a vector element's) may not exceed the source's (reported at the ``:`` before the types)."""
    if op.generic or op.attribute("permutation_map") is not None:
        return None
    s, v = view(op.operands[source].type), _vector(vector)
    if s is None or s.shape is None or v is None or v.shape is None:
        return None
    inner = _vector(OpaqueType(s.element)) if s.element.startswith("vector<") else None
    rank = len(v.shape) - (len(inner.shape) if inner is not None and inner.shape is not None else 0)
    if len(s.shape) >= rank:
        return None
    at = op.operands[0].span  # the first type after the `:`
    span = Span(at.line, at.column - 2, at.line, at.column - 1) if at.column > 2 else op.name_span
    return Problem("BC1359", {"name": op.name}, span=span)


def check_transfer_read(op: Operation, profile: Profile) -> Problem | None:
    """``vector.transfer_read``: indices, the map, in_bounds, padding, then the map's form."""
    if len(op.results) != 1 or len(op.operands) < 2:
        return None
    problem = _needs_map(op, 0, op.results[0].type) or _transfer(op, -1, 0, 1)
    if problem:
        return problem
    source = view(op.operands[0].type)
    if source is None or source.element.startswith("vector<"):
        return None
    from broadcheck.dialects.shaped import segments

    parts = segments(op, 4)
    if parts is None or not parts[2]:
        return None
    padding = printed(op.operands[parts[2][0]].type)
    if padding != source.element and bit_width(padding) is not None:
        return Problem("BC697", subject=Subject("operand", parts[2][0]))
    attr = op.attribute("permutation_map")
    return _permutation(attr.text if attr is not None else None, 0)


def check_transfer_write(op: Operation, profile: Profile) -> Problem | None:
    """``vector.transfer_write``: as transfer_read, without padding."""
    if len(op.operands) < 2:
        return None
    from broadcheck.dialects.shaped import segments

    parts = segments(op, 4)
    source = view(op.operands[1].type)
    if parts is None or source is None or source.shape is None:
        return None
    problem = _needs_map(op, 1, op.operands[0].type)
    if problem:
        return problem
    if len(parts[2]) != len(source.shape):
        return Problem("BC691", {"n": len(source.shape)})
    attr = op.attribute("permutation_map")
    found = parse(attr.text) if attr is not None else None
    if found is not None and any(e == ("const", 0) for e in found.results):
        return Problem("BC699")
    problem = _transfer(op, 0, 1, 2)
    if problem:
        return problem
    return _permutation(attr.text if attr is not None else None, 0)


def check_extract_strided_slice(op: Operation, profile: Profile) -> Problem | None:
    """``vector.extract_strided_slice``: its element type (ODS), then its verifier in order: the
    three lists' lengths, each within the source's rank, offsets and sizes within its dims,
    unit strides, offsets + sizes within its dims, the inferred result type, and scalable dims
    taken whole."""
    if len(op.results) != 1 or len(op.operands) != 1:
        return None
    source, result = _vector(op.operands[0].type), op.results[0].type
    if source is None or source.shape is None:
        return None
    problem = _same_element(op.operands[0].type, result, "operand and result have same element type")
    if problem:
        return problem
    offsets, sizes, strides = (int_list(op, name) for name in ("offsets", "sizes", "strides"))
    if offsets is None or sizes is None or strides is None:
        return None
    if not len(offsets) == len(sizes) == len(strides):
        return Problem("BC1078")
    shape = [d or 0 for d in source.shape]
    for name, values in (("offsets", offsets), ("sizes", sizes), ("strides", strides)):
        if len(values) > len(shape):
            return Problem("BC1079", {"name": name})
    for name, values, low, high in (("offsets", offsets, 0, 0), ("sizes", sizes, 1, 1)):
        for i, v in enumerate(values):
            if not low <= v < shape[i] + high:
                return Problem("BC1080", {"name": name, "i": i, "low": low, "high": shape[i] + high})
    if any(s != 1 for s in strides):
        return Problem("BC1081", {"name": "strides", "low": 1, "high": 2})
    for i, (o, s) in enumerate(zip(offsets, sizes, strict=True)):
        if not 1 <= o + s < shape[i] + 1:
            return Problem("BC1082", {"a": "offsets", "b": "sizes", "i": i, "low": 1, "high": shape[i] + 1})
    out = [*sizes, *source.shape[len(sizes) :]]
    scalable = [source.scalable_at(k) for k in range(len(source.shape))]
    inferred = _type_text(source, out, scalable, source.element)
    if printed(result) != inferred:
        return Problem("BC1083", {"type": inferred}, Subject("result", 0))
    for i, s in enumerate(sizes):
        if source.scalable_at(i) and s != shape[i]:
            return Problem("BC1084", {"i": i, "size": s, "base": shape[i]})
    return None


_INTEGER_KINDS = frozenset({"minui", "minsi", "maxui", "maxsi", "and", "or", "xor"})
_FLOAT_KINDS = frozenset({"minnumf", "maxnumf", "minimumf", "maximumf"})


def check_outerproduct(op: Operation, profile: Profile) -> Problem | None:
    """``vector.outerproduct``: its ODS element-type predicates, then its verifier in order: an
    outer product (1-D lhs and rhs, a 2-D result of their sizes, lhs scalable only with rhs) or
    an AXPY (a scalar rhs, a 1-D result of lhs's size), the accumulator's type, the combining
    kind against the element type."""
    if len(op.results) != 1 or not 2 <= len(op.operands) <= 3:
        return None
    lhs, result = _vector(op.operands[0].type), _vector(op.results[0].type)
    rhs_type = op.operands[1].type
    if lhs is None or result is None:
        return None
    for name, t in (("lhs", op.operands[0].type), ("rhs", rhs_type)):
        problem = _same_element(t, op.results[0].type, f"{name} operand and result have same element type")
        if problem:
            return problem
    rhs = _vector(rhs_type)
    assert lhs.shape is not None and result.shape is not None
    if len(lhs.shape) != 1:
        return Problem("BC1085", {"n": 1}, Subject("operand", 0))
    if rhs is not None:
        assert rhs.shape is not None
        if len(rhs.shape) != 1:
            return Problem("BC1085", {"n": 2}, Subject("operand", 1))
        if len(result.shape) != 2:
            return Problem("BC1086", {"rank": 2}, Subject("result", 0))
        if lhs.shape[0] != result.shape[0]:
            return Problem("BC1087", {"n": 1}, Subject("result", 0))
        if rhs.shape[0] != result.shape[1]:
            return Problem("BC1087", {"n": 2}, Subject("result", 0))
        if lhs.scalable_at(0) and not rhs.scalable_at(0):
            return Problem("BC1088")
    else:
        if len(result.shape) != 1:
            return Problem("BC1086", {"rank": 1}, Subject("result", 0))
        if lhs.shape[0] != result.shape[0]:
            return Problem("BC1087", {"n": 1}, Subject("result", 0))
    if len(op.operands) == 3 and printed(op.operands[2].type) != printed(op.results[0].type):
        return Problem("BC1089", subject=Subject("operand", 2))
    kind = _kind(op)
    if kind is not None and not _supports(kind, OpaqueType(result.element)):
        return Problem("BC293", {"what": "outerproduct"})
    return None


_NAME = re.compile(r"[A-Za-z_][\w$]*")


def read_map(text: str) -> AffineMap | None:
    """``affine_map<...>`` whose dims and symbols may have any names (``(i, j, k) -> (i, k)``)."""
    found = parse(text)
    if found is not None:
        return found
    inner = text.strip().removeprefix("affine_map<").removesuffix(">")
    head = inner.partition("->")[0]
    dims, _, symbols = head.partition("[")
    names = {n: f"d{k}" for k, n in enumerate(_NAME.findall(dims))}
    names |= {n: f"s{k}" for k, n in enumerate(_NAME.findall(symbols))}
    return parse(_NAME.sub(lambda m: names.get(m.group(), m.group()), inner))


def _contract_maps(op: Operation) -> list[AffineMap] | None:
    """``indexing_maps = [affine_map<...>, ...]`` written inline (``None`` for aliases)."""
    attr = op.attribute("indexing_maps")
    text = attr.text.strip() if attr is not None else ""
    if not (text.startswith("[") and text.endswith("]")):
        return None
    maps = [read_map(item) if item.startswith("affine_map<") else None for item in split_top(text[1:-1])]
    return None if any(m is None for m in maps) else maps  # type: ignore[return-value]


def _iterators(op: Operation) -> list[str] | None:
    """``iterator_types``: ``["parallel", ...]`` or ``[#vector.iterator_type<parallel>, ...]``."""
    attr = op.attribute("iterator_types")
    text = attr.text.strip() if attr is not None else ""
    if not (text.startswith("[") and text.endswith("]")):
        return None
    out: list[str] = []
    for item in split_top(text[1:-1]) if text[1:-1].strip() else []:
        kind = item.strip().strip('"').removeprefix("#vector.iterator_type<").removesuffix(">")
        if kind not in ("parallel", "reduction"):
            return None
        out.append(kind)
    return out


def check_contract(op: Operation, profile: Profile) -> Problem | None:
    """``vector.contract``'s verifier in order: signless integers, three indexing maps (each with
    one input per iterator, one output per dim of its operand, a projected permutation), a
    contracting pair, the contracting and batch pairs' sizes, the accumulator's and result's
    shape (from the lhs and rhs sizes through the result's map), the combining kind."""
    if len(op.results) != 1 or len(op.operands) not in (3, 5):
        return None
    lhs, rhs = _vector(op.operands[0].type), _vector(op.operands[1].type)
    if lhs is None or rhs is None or lhs.shape is None or rhs.shape is None:
        return None
    if lhs.element != rhs.element:
        return Problem("BC613", {"description": "lhs and rhs have same element type"})
    if is_int(lhs.element) and not is_signless_int(lhs.element):
        return Problem("BC295")
    maps, iterators = _contract_maps(op), _iterators(op)
    if maps is None or iterators is None:
        return None
    if len(maps) != 3:
        return Problem("BC296")
    for index, m in enumerate(maps):
        operand = _vector(op.operands[index].type)
        rank = len(operand.shape) if operand is not None and operand.shape is not None else 0
        dims = [m.pure_dim(k) for k in range(len(m.results))]
        if m.symbols:
            detail = "have no symbols"
        elif m.dims != len(iterators):
            detail = f"have {len(iterators)} number of inputs"
        elif len(m.results) != rank:
            detail = f"have {rank} number of outputs"
        elif None in dims or len(set(dims)) != len(dims):
            detail = "be a projected permutation of its inputs"
        else:
            continue
        return Problem("BC297", {"index": index, "detail": detail})
    lhs_map, rhs_map, res_map = ([m.pure_dim(k) for k in range(len(m.results))] for m in maps)
    pairs = {
        kind: [
            (lhs_map.index(d), rhs_map.index(d))
            for d, it in enumerate(iterators)
            if it == kind and d in lhs_map and d in rhs_map
        ]
        for kind in ("reduction", "parallel")
    }
    if not pairs["reduction"]:
        return Problem("BC298")
    for kind, what in (("reduction", "contracting"), ("parallel", "batch")):
        if any(lhs.shape[a] != rhs.shape[b] for a, b in pairs[kind]):
            return Problem("BC299", {"what": what})
    problem = _contract_output(op, lhs, rhs, lhs_map, rhs_map, res_map, pairs, len(iterators))
    if problem:
        return problem
    result = op.results[0].type
    res = _vector(result)
    combining = _kind(op)
    if combining is not None and not _supports(combining, OpaqueType(res.element if res else printed(result))):
        return Problem("BC293", {"what": "contraction"})
    return None


def _contract_output(
    op: Operation,
    lhs: View,
    rhs: View,
    lhs_map: list[int | None],
    rhs_map: list[int | None],
    res_map: list[int | None],
    pairs: dict[str, list[tuple[int, int]]],
    loops: int,
) -> Problem | None:
    """``verifyOutputShape``: the accumulator's and the result's shape."""
    assert lhs.shape is not None and rhs.shape is not None
    lhs_contracting = {a for a, _ in pairs["reduction"]}
    rhs_skipped = {b for _, b in pairs["reduction"]} | {b for _, b in pairs["parallel"]}
    expected_dims = [d for i, d in enumerate(lhs.shape) if i not in lhs_contracting]
    expected_dims += [d for i, d in enumerate(rhs.shape) if i not in rhs_skipped]
    acc, res = _vector(op.operands[2].type), _vector(op.results[0].type)
    if not expected_dims:
        if acc is not None or res is not None:
            return Problem("BC037", {"expected": ""})
        return None
    if acc is None or res is None or res.shape is None:
        return Problem("BC037", {"expected": ""})
    if any(d not in lhs_map and d not in rhs_map for d in range(loops)):
        return Problem("BC038")
    extents: list[int | None] = [None] * loops
    for sizes, positions in ((lhs.shape, lhs_map), (rhs.shape, rhs_map)):
        for i, d in enumerate(positions):
            if d is not None and extents[d] is None:
                extents[d] = sizes[i]
    shape = [extents[d] if d is not None else None for d in res_map]
    expected = _type_text(res, shape, list(res.scalable) or [False] * len(shape), res.element)
    if printed(op.results[0].type) != expected or printed(op.operands[2].type) != expected:
        return Problem("BC037", {"expected": f", expected: '{expected}'"})
    return None
