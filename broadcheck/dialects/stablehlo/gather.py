"""``stablehlo.gather``, as StableHLO's verifier checks it (``verifyGather``, ``inferGatherOp``
in TypeInference.cpp at iree-base-compiler 3.13). It has the generic form only:
``"stablehlo.gather"(%operand, %indices) <{dimension_numbers = #stablehlo.gather<offset_dims
= [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
slice_sizes = array<i64: 1, 768>}> : (T, U) -> V``.

Not modelled (passed over): bounded and quantized types, dimension numbers broadcheck
cannot read.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    Attrs,
    Spec,
    Tensor,
    Unknown,
    checked,
    counts,
    dialect_of,
    fail,
    inferred,
    is_mhlo,
    kind,
    ods_operands,
    ods_results,
    ranked,
    require,
    tensors,
)
from broadcheck.ops import Operation
from broadcheck.syntax.attributes import Struct, value

INT_TENSOR = kind("I")
_FIELDS = ("offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
           "start_index_map", "index_vector_dim")  # fmt: skip


class GatherDims:
    """``#stablehlo.gather<...>``'s fields (absent lists are empty, ``index_vector_dim`` 0)."""

    def __init__(self, text: str, dialect: str = "stablehlo") -> None:
        v = value(text)
        if not isinstance(v, Struct) or v.name != f"#{dialect}.gather" or v.positional or set(v.fields) - set(_FIELDS):
            raise Unknown(text)
        lists: dict[str, tuple[int, ...]] = {}
        for name in _FIELDS[:-1]:
            found = v.fields.get(name, [])
            if not isinstance(found, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in found):
                raise Unknown(text)
            lists[name] = tuple(int(x) for x in found)
        ivd = v.fields.get("index_vector_dim", 0)
        if not isinstance(ivd, int) or isinstance(ivd, bool):
            raise Unknown(text)
        self.offset = lists["offset_dims"]
        self.collapsed = lists["collapsed_slice_dims"]
        self.operand_batching = lists["operand_batching_dims"]
        self.indices_batching = lists["start_indices_batching_dims"]
        self.start_index_map = lists["start_index_map"]
        self.index_vector_dim = ivd


def _join(values: Sequence[int]) -> str:
    return ", ".join(map(str, values))


def distinct(first: Sequence[int], second: Sequence[int], first_name: str, second_name: str) -> None:
    """``checkDimsDistinct``: no dimension in both lists (or twice)."""
    seen: set[int] = set()
    for d in (*first, *second):
        if d in seen:
            raise fail("BC1009", lhs=first_name, rhs=second_name, dim=d)
        seen.add(d)


def in_bounds(dims: Sequence[int], bound: int, name: str, bound_name: str) -> None:
    """``checkDimsInBounds``."""
    for d in dims:
        if not 0 <= d < bound:
            raise fail("BC1049", name=name, bound_name=bound_name, bound=bound, dim=d)


def sorted_unique(dims: Sequence[int], name: str, unique: bool = True, sort: bool = True) -> None:
    if sort and list(dims) != sorted(dims):
        raise fail("BC1047", name=name, dims=_join(dims))
    if unique and len(set(dims)) != len(dims):
        raise fail("BC1048", name=name, dims=_join(dims))


def verify_gather(operand: Sequence[int | None], indices: Sequence[int | None], sizes: int, g: GatherDims) -> None:
    """``verifyGather``: the dimension numbers against the operand and the start indices."""
    rank, irank = len(operand), len(indices)
    implied = len(g.offset) + len(g.collapsed) + len(g.operand_batching)
    if rank != implied:
        raise fail("BC1044", offset=len(g.offset), collapsed=len(g.collapsed), batching=len(g.operand_batching),
                   rank=rank)  # fmt: skip
    ivd = g.index_vector_dim
    if not 0 <= ivd <= irank:
        raise fail("BC1045", name="index_vector_dim", bound_name="rank-of('start_indices')", bound=irank, dim=ivd)
    trailing = ivd == irank
    if trailing or indices[ivd] is not None:
        effective = 1 if trailing else indices[ivd]
        if effective != len(g.start_index_map):
            raise fail("BC1046", size=len(g.start_index_map), dim=ivd, effective=effective)
    sorted_unique(g.offset, "offset_dims")
    distinct(g.collapsed, g.operand_batching, "collapsed_slice_dims", "operand_batching_dims")
    sorted_unique(g.collapsed, "collapsed_slice_dims", unique=False)
    in_bounds(g.collapsed, rank, "collapsed_slice_dims", "rank-of('operand')")
    sorted_unique(g.operand_batching, "operand_batching_dims", unique=False)
    in_bounds(g.operand_batching, rank, "operand_batching_dims", "rank-of('operand')")
    sorted_unique(g.indices_batching, "start_indices_batching_dims", sort=False)
    in_bounds(g.indices_batching, irank, "start_indices_batching_dims", "rank-of('start_indices')")
    if ivd in g.indices_batching:
        raise fail("BC1050", dim=ivd)
    if len(g.operand_batching) != len(g.indices_batching):
        raise fail("BC1051")
    for i, (a, b) in enumerate(zip(g.operand_batching, g.indices_batching, strict=True)):
        x, y = operand[a], indices[b]
        if x is not None and y is not None and x != y:
            raise fail("BC1052", index=i, a=x, b=y)
    distinct(g.start_index_map, g.operand_batching, "start_index_map", "operand_batching_dims")
    in_bounds(g.start_index_map, rank, "start_index_map", "rank-of('operand')")
    if sizes != rank:
        raise fail("BC1053", size=sizes, rank=rank)


def gather_shape(indices: Sequence[int | None], slice_size: Sequence[int | None], g: GatherDims) -> list[int | None]:
    """``inferGatherShape``: the result's sizes (after the implied-result-rank check)."""
    irank = len(indices) + (1 if g.index_vector_dim == len(indices) else 0)
    result_rank = len(g.offset) + irank - 1
    in_bounds(g.offset, result_rank, "offset_dims", "implied-result-rank")
    skipped = (*g.collapsed, *g.operand_batching)
    top = max(skipped, default=-1)
    prefix = [slice_size[d] for d in range(top + 1) if d not in skipped]

    def adjusted(index: int) -> int | None:
        if index < len(prefix):
            return prefix[index]
        return slice_size[index + len(g.collapsed) + len(g.operand_batching)]

    batch_dims = [d for d in range(result_rank) if d not in g.offset]
    out: list[int | None] = []
    for i in range(result_rank):
        if i in g.offset:
            out.append(adjusted(g.offset.index(i)))
            continue
        index = batch_dims.index(i)
        if index >= g.index_vector_dim:
            index += 1
        out.append(indices[index])
    return out


@checked
def gather(op: Operation) -> None:
    """``stablehlo.gather``: gather_c1 to c23."""
    attrs = Attrs(op, Spec("slice_sizes", "i64-array")).parse()
    counts(op, operands=2)
    require(op, "dimension_numbers")
    found = attrs.verify()
    sizes = found["slice_sizes"]
    assert isinstance(sizes, tuple)
    dn = op.attribute("dimension_numbers")
    assert dn is not None
    g = GatherDims(dn.text, dialect_of(op))
    ods_operands(op, [TENSOR, INT_TENSOR])
    ods_results(op, [TENSOR])
    (operand, indices), (result,) = tensors(op)
    if any(t.bounds is not None or t.element.quant is not None for t in (operand, indices, result)):
        raise Unknown("bounded or quantized")
    if operand.element.text != result.element.text and not is_mhlo(op):  # (MHLO has no AllElementTypesMatch)
        raise fail("BC1002", names="operand, result")
    shape, ishape = ranked(operand), ranked(indices)
    verify_gather(shape, ishape, len(sizes), g)
    for name, dims in (("collapsed_slice_dims", g.collapsed), ("operand_batching_dims", g.operand_batching)):
        for d in dims:
            if sizes[d] > 1:
                raise fail("BC1054", name=name, size=sizes[d])
    for i, size in enumerate(sizes):
        if size < 0 or (shape[i] is not None and size > shape[i]):
            dim_size = shape[i] if shape[i] is not None else -9223372036854775808
            raise fail("BC1055", size=size, dim_size=dim_size, index=i)
    out = gather_shape(ishape, list(sizes), g)
    inferred(Tensor(tuple(out), operand.element), result)


# dyn: ``stablehlo.dynamic_gather``: gather with its slice sizes as an operand
SLICE_SIZES = kind("I", shape="static", words="statically shaped 1-dimensional integer tensor of 2/4/8/16/32/64-bit "
                   "integer values")  # fmt: skip
"""``HLO_Static1DIntTensor``."""


@checked
def dynamic_gather(op: Operation) -> None:
    """``stablehlo.dynamic_gather`` (generic form only): ``verifyGather`` with the slice sizes'
    length, the slice sizes' values where a constant gives them, then the inferred type (a size
    taken from a slice size it cannot read is ``?``). No element type rule."""
    from broadcheck.dialects.stablehlo.dynamic import matched_ints, static_1d

    if not op.generic:
        raise Unknown("no custom form")  # the parser's error
    counts(op, operands=3)
    require(op, "dimension_numbers")
    dn = op.attribute("dimension_numbers")
    assert dn is not None
    g = GatherDims(dn.text, dialect_of(op))
    ods_operands(op, [TENSOR, INT_TENSOR])
    static_1d(op, 2, SLICE_SIZES)
    ods_results(op, [TENSOR])
    (operand, indices, slice_sizes), (result,) = tensors(op)
    if any(t.bounds is not None or t.element.quant is not None for t in (operand, indices, result)):
        raise Unknown("bounded or quantized")
    shape, ishape = ranked(operand), ranked(indices)
    count = ranked(slice_sizes)[0]
    assert count is not None
    verify_gather(shape, ishape, count, g)
    sizes = matched_ints(op, 2)
    if sizes is not None:
        for name, dims in (("collapsed_slice_dims", g.collapsed), ("operand_batching_dims", g.operand_batching)):
            for d in dims:
                if sizes[d] > 1:
                    raise fail("BC1054", name=name, size=sizes[d])
        for i, size in enumerate(sizes):
            bound = shape[i]
            if size < 0 or (bound is not None and size > bound):
                raise fail("BC1055", size=size, dim_size=-9223372036854775808 if bound is None else bound, index=i)
    slice_dims: list[int | None] = list(sizes) if sizes is not None else [None] * count
    out = gather_shape(ishape, slice_dims, g)
    inferred(Tensor(tuple(out), operand.element), result)
