"""StableHLO's data-movement ops: ``transpose``, ``reshape``, ``reverse``, ``slice``, ``iota``,
``concatenate``, ``dynamic_slice``, ``dynamic_update_slice``, ``pad``, ``broadcast`` and
``get_dimension_size``, as StableHLO's verifier checks them (StablehloOps.td and
TypeInference.cpp in iree-base-compiler 3.13).

Each check follows MLIR's order: the count traits, the required attributes and their ODS
constraints, the operands' and result's ODS types, the op's traits (element types), its own
``verify()``, then its type inference (messages without the ``'op' op`` prefix) and the
inferred type against the result (``Problem.expected`` carries it, for ``--fix``).

PASS::

    %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %1 = stablehlo.slice %a [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>

FAIL::

    %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>
    %1 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.assembly import Wrong, clause_name, is_comma
from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    INT_0D,
    SCALAR,
    TENSOR,
    TENSOR_AXIS,
    Attrs,
    Spec,
    Tensor,
    Unknown,
    checked,
    compatible_elements,
    counts,
    dims,
    fail,
    inferred,
    is_mhlo,
    kind,
    ods_operands,
    ods_results,
    ranked,
    same_elements,
    tensors,
)
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics.stablehlo import element, hlo_compatible
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Statement

STATIC_OR_BOUNDED = kind(
    "F", "B", "I", "C", "QT", "QA", shape="bounded",
    words="statically shaped or single bounded dimension tensor of 4/6/8/16/32/64-bit float or bool or "
    "2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized "
    "or per-axis integer quantized values",
)  # fmt: skip
STATIC_INT_FP_COMPLEX_QT = kind("I", "F", "C", "QT", shape="static")
I32_RANKED = kind("I32", words="ranked tensor of 32-bit signless integer values")


def _ints(v: object) -> tuple[int, ...]:
    assert isinstance(v, tuple)
    return v


def _int(v: object) -> int:
    assert isinstance(v, int)
    return v


def _no_quant(*types: Tensor) -> None:
    """Quantized element types: their extra constraints are not modelled (the op is passed over)."""
    if any(t.element.quant is not None for t in types):
        raise Unknown("quantized")


# ---------------------------------------------------------------- transpose


@checked
def transpose(op: Operation) -> None:
    """``stablehlo.transpose``: transpose_c1 to c4."""
    attrs = Attrs(op, Spec("permutation", "i64-array", "dims")).parse()
    counts(op, operands=1)
    permutation = _ints(attrs.verify()["permutation"])
    ods_operands(op, [TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS])
    (operand,), (result,) = tensors(op)
    if not compatible_elements([operand, result]):
        raise fail("BC526")
    if is_mhlo(op):  # hloquant: StableHLO's quantized rules are quant.py's
        _no_quant(operand, result)
    assert permutation is not None
    rank = len(ranked(operand))
    if len(permutation) != rank:
        raise fail("BC571", rank=rank, size=len(permutation))
    if sorted(permutation) != list(range(rank)):
        raise fail("BC572", range=", ".join(map(str, range(rank))), permutation=", ".join(map(str, permutation)))
    shape = ranked(operand)
    bounds = operand.bounds
    out = Tensor(
        tuple(shape[d] for d in permutation),
        operand.element,
        None if bounds is None else tuple(bounds[d] for d in permutation),
    )
    inferred(out, result)
    quant.reject(quant.transpose(operand, result, permutation))  # hloquant


# ---------------------------------------------------------------- reshape


@checked
def reshape(op: Operation) -> None:
    """``stablehlo.reshape``: the element count of static shapes (reshape_c2)."""
    counts(op, operands=1)
    ods_operands(op, [TENSOR_AXIS])
    ods_results(op, [STATIC_OR_BOUNDED])
    (operand,), (result,) = tensors(op)
    if not compatible_elements([operand, result]):
        raise fail("BC526")
    a, b = ranked(operand), ranked(result)
    if None in a or None in b:
        return
    n, m = _product(a), _product(b)
    if n != m:
        raise fail("BC573", result=m, operand=n)
    if is_mhlo(op):  # hloquant: StableHLO's quantized rules are quant.py's
        _no_quant(operand, result)
    quant.reject(quant.reshape(operand, result))


def _product(shape: Sequence[int | None]) -> int:
    out = 1
    for d in shape:
        assert d is not None
        out *= d
    return out


# ---------------------------------------------------------------- reverse


@checked
def reverse(op: Operation) -> None:
    """``stablehlo.reverse``: reverse_c1 to c3, then the inferred type (the operand's)."""
    attrs = Attrs(op, Spec("dimensions", "i64-array", "dims")).parse()
    counts(op, operands=1)
    dimensions = _ints(attrs.verify()["dimensions"])
    ods_operands(op, [TENSOR])
    ods_results(op, [TENSOR])
    (operand,), (result,) = tensors(op)
    if is_mhlo(op):  # MHLO's reverse has the compatible-types trait instead
        if not hlo_compatible(result, operand):
            raise fail("BC517")
    elif not same_elements([operand, result]):
        raise fail("BC535")
    assert dimensions is not None
    if len(set(dimensions)) != len(dimensions):
        raise fail("BC574", dims=", ".join(map(str, dimensions)))
    rank = len(ranked(operand))
    for d in dimensions:
        if d < 0:
            raise fail("BC575", dim=d)
        if d >= rank:
            raise fail("BC576", rank=rank, dim=d)
    inferred(operand, result)


# ---------------------------------------------------------------- slice

_RANGE = lazy(r"\s*(-?\d+)\s*:\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?")


def _slice_ranges(op: Operation) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None:
    """The custom form's ``[0:2, 1:3:2]``; ``None`` if the generic form is written."""
    if op.generic:
        return None
    group = next((a for a in op.attributes if a.name == ""), None)
    if group is None:
        raise Unknown("slice ranges")
    inner = group.text.strip()[1:-1].strip()
    starts: list[int] = []
    limits: list[int] = []
    strides: list[int] = []
    for item in inner.split(",") if inner else []:
        m = _RANGE.fullmatch(item)
        if m is None:
            raise Unknown(group.text)
        starts.append(int(m.group(1)))
        limits.append(int(m.group(2)))
        strides.append(int(m.group(3)) if m.group(3) is not None else 1)
    return tuple(starts), tuple(limits), tuple(strides)


@checked
def slice_(op: Operation) -> None:
    """``stablehlo.slice``: slice_c1 to c5."""
    ranges = _slice_ranges(op)
    if ranges is None:
        names = ("start_indices", "limit_indices", "strides")
        attrs = Attrs(op, *(Spec(n, "i64-array") for n in names)).parse()
        counts(op, operands=1)
        found = attrs.verify()
        starts, limits, strides = (_ints(found[n]) for n in names)
    else:
        counts(op, operands=1)
        starts, limits, strides = ranges
    ods_operands(op, [TENSOR])
    ods_results(op, [TENSOR])
    if not len(starts) == len(limits) == len(strides):
        # MHLO compares the attributes' types (tensor<Nxi64>)
        raise fail("BC1068" if is_mhlo(op) else "BC1072", names="start_indices, limit_indices, strides")
    (operand,), (result,) = tensors(op)
    if not same_elements([operand, result]):
        raise fail("BC535")
    shape = ranked(operand)
    rank = len(shape)
    if len(starts) != rank:
        raise fail("BC577", size=len(starts), rank=rank)
    out: list[int | None] = []
    for i in range(rank):
        if starts[i] < 0:
            raise fail("BC578", start=starts[i], dim=i)
        size, bound = shape[i], operand.bound(i)
        if size is not None or bound is not None:
            limit = size if size is not None else bound
            if limits[i] > limit:  # type: ignore[operator]
                raise fail("BC579", limit=limits[i], what="size" if size is not None else "bound", size=limit, dim=i)
        if starts[i] > limits[i]:
            raise fail("BC580", start=starts[i], limit=limits[i], dim=i)
        if strides[i] <= 0:
            raise fail("BC581", stride=strides[i], dim=i)
        out.append(-(-(limits[i] - starts[i]) // strides[i]))
    inferred(Tensor(tuple(out), operand.element), result)  # every bound of the result is `?`: none


# ---------------------------------------------------------------- iota


@checked
def iota(op: Operation) -> None:
    """``stablehlo.iota``: iota_c1."""
    attrs = Attrs(op, Spec("iota_dimension", "i64-non-negative", "dim")).parse()
    counts(op, operands=0)
    dimension = _int(attrs.verify()["iota_dimension"])
    ods_results(op, [STATIC_INT_FP_COMPLEX_QT])
    _, (result,) = tensors(op)
    rank = len(ranked(result))
    if rank == 0:
        raise fail("BC582")
    assert dimension is not None
    if dimension >= rank:
        raise fail("BC583")


# ---------------------------------------------------------------- concatenate


@checked
def concatenate(op: Operation) -> None:
    """``stablehlo.concatenate``: concatenate_c1 to c6."""
    attrs = Attrs(op, Spec("dimension", "i64-non-negative", "dim")).parse()
    counts(op, at_least=1)
    dimension = _int(attrs.verify()["dimension"])
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR])
    inputs, (result,) = tensors(op)
    if not same_elements([*inputs, result]):
        raise fail("BC535")
    assert dimension is not None
    first = ranked(inputs[0])
    rank = len(first)
    if rank == 0:
        raise fail("BC584")
    if dimension >= rank:
        raise fail("BC585", dim=dimension, rank=rank)
    for i, t in enumerate(inputs):
        shape = ranked(t)
        if len(shape) != rank:
            raise fail("BC586", index=i)
        for d in range(rank):
            if d != dimension and first[d] is not None and shape[d] is not None and first[d] != shape[d]:
                raise fail("BC587", index=i, dim=d, first=dims(first), shape=dims(shape))
    if any(t.bounds is not None for t in inputs):
        raise Unknown("bounded concatenate")  # the bounds' inference is not modelled
    sizes: list[int | None] = []
    for d in range(rank):
        column = [ranked(t)[d] for t in inputs]
        if d == dimension:
            sizes.append(None if None in column else sum(c for c in column if c is not None))
        else:
            static = [c for c in column if c is not None]
            sizes.append(static[0] if static else None)
    inferred(Tensor(tuple(sizes), inputs[0].element), result)


# ---------------------------------------------------------------- dynamic_slice


@checked
def dynamic_slice(op: Operation) -> None:
    """``stablehlo.dynamic_slice``: dynamic_slice_c1 to c5."""
    attrs = Attrs(op, Spec("slice_sizes", "i64-array", "sizes")).parse()
    counts(op, at_least=1)
    sizes = _ints(attrs.verify()["slice_sizes"])
    ods_operands(op, [TENSOR, INT_0D], variadic=1)
    ods_results(op, [TENSOR])
    (operand, *starts), (result,) = tensors(op)
    if operand.element.text != result.element.text:
        raise fail("BC1002", names="operand, result")
    assert sizes is not None
    if len(starts) != len(sizes):
        raise fail("BC588", sizes=len(sizes), starts=len(starts))
    shape = ranked(operand)
    if len(shape) != len(starts):
        raise fail("BC589", starts=len(starts), rank=len(shape))
    if len({t.element.text for t in starts}) > 1:
        raise fail("BC590")
    for i, size in enumerate(sizes):
        if size < 0:
            raise fail("BC591", size=size)
        if shape[i] is not None and size > shape[i]:  # type: ignore[operator]
            raise fail("BC592", size=size, dim_size=shape[i], dim=i)
    inferred(Tensor(tuple(sizes), operand.element), result)


# ---------------------------------------------------------------- dynamic_update_slice


@checked
def dynamic_update_slice(op: Operation) -> None:
    """``stablehlo.dynamic_update_slice``: dynamic_update_slice_c1 to c6."""
    counts(op, at_least=2)
    ods_operands(op, [TENSOR, TENSOR, INT_0D], variadic=2)
    ods_results(op, [TENSOR])
    (operand, update, *starts), (result,) = tensors(op)
    if not operand.element.text == update.element.text == result.element.text:
        raise fail("BC1002", names="operand, update, result")
    a, u = ranked(operand), ranked(update)
    if len(u) != len(a):
        raise fail("BC593", update=len(u), operand=len(a))
    if len(starts) != len(a):
        raise fail("BC594", starts=len(starts), rank=len(a))
    if len({t.element.text for t in starts}) > 1:
        raise fail("BC590")
    for i, (x, y) in enumerate(zip(a, u, strict=True)):
        if y is not None and x is not None and y > x:
            raise fail("BC595", dim=i, size=x, update=y)
    inferred(operand, result)


# ---------------------------------------------------------------- pad


@checked
def pad(op: Operation) -> None:
    """``stablehlo.pad``: pad_c1 to c4."""
    attrs = Attrs(
        op,
        Spec("edge_padding_low", "i64-array", "low"),
        Spec("edge_padding_high", "i64-array", "high"),
        Spec("interior_padding", "i64-array", "interior"),
    ).parse()
    counts(op, operands=2)
    found = attrs.verify()
    low, high, interior = (_ints(found[n]) for n in ("edge_padding_low", "edge_padding_high", "interior_padding"))
    ods_operands(op, [TENSOR, SCALAR])
    ods_results(op, [TENSOR])
    assert low is not None and high is not None and interior is not None
    mhlo_lengths = is_mhlo(op) and not len(low) == len(high) == len(interior)
    if not mhlo_lengths and not len(low) == len(high) == len(interior):
        raise fail("BC1072", names="edge_padding_low, edge_padding_high, interior_padding")
    (operand, value), (result,) = tensors(op)
    if not same_elements([operand, value, result]):
        raise fail("BC535")
    if mhlo_lengths:  # MHLO does not compare the lengths, and reads past the shorter ones
        raise Unknown("paddings of different lengths")
    shape = ranked(operand)
    if len(low) != len(shape):
        raise fail("BC596", size=len(low), rank=len(shape))
    if operand.bounds is not None:
        raise Unknown("bounded pad")
    out: list[int | None] = []
    for i, size in enumerate(shape):
        if interior[i] < 0:
            raise fail("BC597", value=interior[i])
        if size is None:
            out.append(None)
            continue
        padded = size + low[i] + high[i] + max(size - 1, 0) * interior[i]
        if padded < 0:
            raise fail("BC598", what="size", dim=i)
        out.append(padded)
    inferred(Tensor(tuple(out), operand.element), result)


# ---------------------------------------------------------------- broadcast


@checked
def broadcast(op: Operation) -> None:
    """``stablehlo.broadcast``: sizes prepended to the operand's shape."""
    attrs = Attrs(op, Spec("broadcast_sizes", "i64-array", "sizes")).parse()
    counts(op, operands=1)
    sizes = _ints(attrs.verify()["broadcast_sizes"])
    ods_operands(op, [TENSOR])
    ods_results(op, [TENSOR_AXIS])
    (operand,), (result,) = tensors(op)
    if not same_elements([operand, result]):
        raise fail("BC535")
    assert sizes is not None
    for size in sizes:
        if size < 0:
            raise fail("BC599", size=size)
    _no_quant(operand, result)
    inferred(Tensor((*sizes, *ranked(operand)), operand.element), result)


# ---------------------------------------------------------------- get_dimension_size


@checked
def get_dimension_size(op: Operation) -> None:
    """``stablehlo.get_dimension_size``: the dimension is the operand's; the result is ``tensor<i32>``."""
    attrs = Attrs(op, Spec("dimension", "i64-non-negative", "dim")).parse()
    counts(op, operands=1)
    dimension = _int(attrs.verify()["dimension"])
    ods_operands(op, [TENSOR_AXIS])
    result_type = op.results[0].type
    mhlo_unranked = is_mhlo(op) and isinstance(result_type, ShapedType) and result_type.shape is None
    if not (mhlo_unranked and isinstance(result_type, ShapedType) and result_type.element == "i32"):
        ods_results(op, [I32_RANKED])  # (MHLO's result may be unranked)
    (operand,), (result,) = tensors(op)
    assert dimension is not None
    rank = len(ranked(operand))
    if dimension >= rank:
        raise fail("BC1001", rank=rank, dim=dimension)
    inferred(Tensor((), element("i32")), result)


def concatenate_form(statement: Statement, custom: str) -> Wrong | None:
    """``custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension``: each operand
    followed by a ``,``, then the keyword ``dim`` and its ``=`` (checked with iree 3.13)."""
    items = statement.items
    at = 0
    while at < len(items) and items[at].kind == "value":
        if not is_comma(items, at + 1):
            return "expected ','", items[at].end
        at += 2
    if at >= len(items):
        return None
    item = items[at]
    if item.kind == "clause":
        return None if clause_name(item) == "dim" else (f"{custom}expected 'dim'", item.start)
    if item.kind == "word" and item.text == "dim":
        return "expected '='", item.end
    if item.kind == "types":
        signature = statement.signature
        return (f"{custom}expected 'dim'", signature.after - 1) if signature is not None else None
    return f"{custom}expected 'dim'", item.start
