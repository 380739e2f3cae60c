"""StableHLO's dynamic-shape ops whose sizes come from operands: ``dynamic_iota``,
``dynamic_reshape``, ``set_dimension_size``, ``dynamic_pad`` and ``real_dynamic_slice``, as
iree-base-compiler 3.13 verifies them (``verifyDynamicIotaOp``, ``verifyDynamicReshapeOp``,
``inferSetDimensionSizeOp``, ``verifyDynamicPadOp``, ``verifyRealDynamicSliceOp`` in
TypeInference.cpp). A shape operand's values are read where a constant defines it
(``matchInts``: ``stablehlo.constant`` or ``arith.constant`` of integers); otherwise the
checks that need them are skipped, as the verifier skips them.

``dynamic_conv`` and ``dynamic_gather`` are checked with their static twins
(:mod:`.convolution`, :mod:`.gather`).

Not modelled (passed over): quantized types (their extra constraints).
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.common import constant_ints
from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    SCALAR,
    TENSOR,
    TENSOR_AXIS,
    Attrs,
    Kind,
    Reject,
    Spec,
    Tensor,
    Unknown,
    checked,
    counts,
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
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.stablehlo import compatible_elements, hlo_compatible
from broadcheck.semantics.xla import verify_dynamic_broadcast_in_dim_op
from broadcheck.syntax.attributes import ints
from broadcheck.syntax.lazyre import lazy

SHAPE = kind("IDX", "I", shape="static", words="statically shaped 1-dimensional tensor of index or "
             "2/4/8/16/32/64-bit integer values")  # fmt: skip
"""``HLO_StaticDimensionTensor``."""
DIMENSIONS = kind("IDX", "I", shape="1d")
"""``HLO_DimensionTensor`` (``1D tensor of index or ... integer values``)."""
I32_RANKED = kind("I32", words="ranked tensor of 32-bit signless integer values")
"""``I32RankedTensor``."""
_EMPTY = lazy(r"dense<\s*>\s*:\s*tensor<0x[\w.]+>")


def static_1d(op: Operation, index: int, kind_: Kind) -> None:
    """An operand constrained to a statically shaped 1-d tensor (``kind_`` words it): the rank
    is part of the constraint, which :class:`Kind` does not hold by itself."""
    t = op.operands[index].type
    if kind_.accepts(t) and isinstance(t, ShapedType) and t.shape is not None and len(t.shape) == 1:
        return
    args = {"kind": "operand", "index": index, "constraint": kind_.words, "type": str(t)}
    raise Reject(Problem("BC109", args, Subject("operand", index)))


def _length(t: Tensor) -> int:
    shape = ranked(t)
    if len(shape) != 1 or shape[0] is None:
        raise Unknown(str(t))
    return shape[0]


def _elements(shape: Sequence[int | None]) -> int | None:
    out = 1
    for d in shape:
        if d is None:
            return None
        out *= d
    return out


def matched_ints(op: Operation, index: int) -> list[int] | None:
    """``matchInts``: the integers of the constant that defines operand ``index`` (``dense<>`` of
    a size-0 tensor holds none), if a constant does."""
    literal = op.constant(index)
    if literal is not None and _EMPTY.fullmatch(literal.strip()):
        return []
    return constant_ints(op, index)


def shape_operand(op: Operation, index: int, result: Tensor) -> None:
    """``verifyShapeOperandIsCompatibleWithResultType``: a constant shape operand against the
    result type (a negative value is never compatible)."""
    values = matched_ints(op, index)
    if values is None:
        return
    as_type = Tensor(tuple(values), result.element)
    if any(v < 0 for v in values) or not hlo_compatible(as_type, result):
        raise fail("BC1240", shape=", ".join(map(str, values)), type=f"'{result}'")


# ---------------------------------------------------------------- dynamic_iota


@checked
def dynamic_iota(op: Operation) -> None:
    """``stablehlo.dynamic_iota``: dynamic_iota_c1, c2."""
    attrs = Attrs(op, Spec("iota_dimension", "i64-non-negative", "dim")).parse()
    counts(op, operands=1)
    dimension = attrs.verify()["iota_dimension"]
    assert isinstance(dimension, int)
    static_1d(op, 0, SHAPE)
    ods_results(op, [TENSOR])
    _, (result,) = tensors(op)
    if dimension >= len(ranked(result)):
        raise fail("BC583")
    shape_operand(op, 0, result)


# ---------------------------------------------------------------- dynamic_broadcast_in_dim

# The verifier's steps after C7 (``output_dimensions`` against the result): the expansion hints
# (C8 to C10), then the constant shape's values against the operand, then C6 (quantization).
_HINTS = frozenset({"BC533", "BC534"})
_QUANTIZED = "BC546"


def dynamic_broadcast_in_dim(op: Operation, profile: Profile) -> Problem | None:
    """``stablehlo.dynamic_broadcast_in_dim``: :mod:`broadcheck.semantics.xla`'s C1 to C6, C8 to
    C10, with what reads a constant ``output_dimensions`` in its place (``verifyDynamicBroadcastInDimOp``):
    C7 before the hints, and the operand's static sizes against the shape's values after them."""
    problem = verify_dynamic_broadcast_in_dim_op(op, profile)
    if problem is not None and problem.code not in _HINTS and problem.code != _QUANTIZED:
        return problem
    try:
        _output_dimensions(op, hints=problem if problem is not None and problem.code in _HINTS else None)
    except Reject as reject:
        return reject.problem
    except (Unknown, ValueError):
        pass
    return problem


def _output_dimensions(op: Operation, hints: Problem | None) -> None:
    if len(op.operands) != 2 or len(op.results) != 1:
        return
    attribute = op.attribute("broadcast_dimensions") or (None if op.generic else op.attribute("dims"))
    operand, result = op.operands[0].type, op.results[0].type
    if attribute is None or not isinstance(operand, ShapedType) or not isinstance(result, ShapedType):
        return
    dims = ints(attribute.text)
    if dims is None:
        return
    (operand_t, _), (result_t,) = tensors(op)
    if result_t.shape is None:
        return
    shape_operand(op, 1, result_t)
    if hints is not None:
        raise Reject(hints)
    values = matched_ints(op, 1)
    shape = operand_t.shape
    if values is None or shape is None or any(d is None for d in shape):
        return
    for i, (size, dim) in enumerate(zip(shape, dims, strict=True)):
        if size != 1 and size != values[dim]:
            raise fail("BC1470", dim=i, size=size, index=dim, value=values[dim])


# ---------------------------------------------------------------- dynamic_reshape


@checked
def dynamic_reshape(op: Operation) -> None:
    """``stablehlo.dynamic_reshape``: dynamic_reshape_c1 to c4."""
    counts(op, operands=2)
    ods_operands(op, [TENSOR_AXIS])
    static_1d(op, 1, SHAPE)
    ods_results(op, [TENSOR_AXIS])
    (operand, shape), (result,) = tensors(op)
    if quant.quantized(operand, result) and is_mhlo(op):  # hloquant: StableHLO's rules are quant.py's
        raise Unknown("quantized")
    if not quant.quantized(operand, result) and not compatible_elements(operand.element, result.element):
        raise fail("BC1241", operand=f"'{operand}'", result=f"'{result}'")
    given, wanted = _elements(ranked(operand)), _elements(ranked(result))
    if given is not None and wanted is not None and given != wanted:
        raise fail("BC573", result=wanted, operand=given)
    shape_operand(op, 1, result)
    if _length(shape) != len(ranked(result)):
        raise fail("BC1242")
    values = matched_ints(op, 1)
    if given is not None and values is not None:
        product = 1
        for v in values:
            product *= v
        if product != given:
            raise fail("BC1243", operand=given, shape=product)
    quant.reject(quant.reshape(operand, result))  # hloquant


# ---------------------------------------------------------------- set_dimension_size


@checked
def set_dimension_size(op: Operation) -> None:
    """``stablehlo.set_dimension_size``: its type inference (``inferSetDimensionSizeOp``)."""
    attrs = Attrs(op, Spec("dimension", "i64-non-negative", "dim")).parse()
    counts(op, operands=2)
    dimension = attrs.verify()["dimension"]
    assert isinstance(dimension, int)
    ods_operands(op, [TENSOR, I32_RANKED])
    ods_results(op, [TENSOR])
    # (from the types as written, before any bounds are read: MHLO's are not modelled)
    written, size = op.operands[0].type, op.operands[1].type
    if isinstance(size, ShapedType) and size.shape:
        raise fail("BC1244")
    if isinstance(written, ShapedType) and written.shape is not None and dimension >= len(written.shape):
        raise fail("BC1001", rank=len(written.shape), dim=dimension)
    (operand, _), (result,) = tensors(op)
    shape = ranked(operand)
    sizes = list(shape)
    bounds: list[int | None] = list(operand.bounds) if operand.bounds is not None else [None] * len(shape)
    if sizes[dimension] is not None:
        bounds[dimension] = sizes[dimension]
    sizes[dimension] = None
    value = matched_ints(op, 1)
    if value is not None and len(value) == 1 and value[0] == bounds[dimension]:
        sizes[dimension], bounds[dimension] = value[0], None
    encoded = None if all(b is None for b in bounds) else tuple(bounds)
    got = Tensor(tuple(sizes), operand.element, encoded)
    if encoded is not None and is_mhlo(op) and not hlo_compatible(got, result):
        # MHLO prints bounds as `#mhlo.type_extensions<bounds = [?, 3]>`
        bounds_text = ", ".join("?" if b is None else str(b) for b in encoded)
        text = (
            str(Tensor(got.shape, got.element)).removesuffix(">")
            + f", #mhlo.type_extensions<bounds = [{bounds_text}]>>"
        )
        raise Reject(Problem("BC521", {"inferred": text, "actual": str(result)}, Subject("result", 0)))
    inferred(got, result)


# ---------------------------------------------------------------- dynamic_pad


@checked
def dynamic_pad(op: Operation) -> None:
    """``stablehlo.dynamic_pad``: dynamic_pad_c1 to c4; ``mhlo.dynamic_pad``: MHLO's ODS and traits (no
    rank trait), then the same verifier (``hlo::verifyDynamicPadOp``)."""
    counts(op, operands=5)
    if is_mhlo(op):  # MHLO_Tensor operand and padding value (of any rank), HLO_DimensionTensor paddings
        ods_operands(op, [TENSOR_AXIS, TENSOR_AXIS, DIMENSIONS, DIMENSIONS, DIMENSIONS])
        ods_results(op, [TENSOR_AXIS])
    else:
        ods_operands(op, [TENSOR, SCALAR])
        for index in (2, 3, 4):
            static_1d(op, index, SHAPE)
        ods_results(op, [TENSOR])
    (operand, value, low, high, interior), (result,) = tensors(op)
    if not operand.element.text == value.element.text == result.element.text:
        raise fail("BC1002", names="operand, padding_value, result")
    if not str(low) == str(high) == str(interior):
        raise fail("BC1068", names="edge_padding_low, edge_padding_high, interior_padding")
    shape, out = ranked(operand), ranked(result)
    if len(shape) != len(out):
        if is_mhlo(op):  # MHLO has no rank trait, and its verifier reads past the shorter shape: undefined
            raise Unknown("mhlo.dynamic_pad of two ranks")
        raise fail("BC1168", what="all of {operand, result} have same rank")
    if _length(low) != len(shape):
        raise fail("BC1245", size=_length(low), rank=len(shape))
    interior_values = matched_ints(op, 4)
    if interior_values is not None and any(v < 0 for v in interior_values):
        raise fail("BC1246", values=", ".join(map(str, interior_values)))
    lows, highs = matched_ints(op, 2), matched_ints(op, 3)
    if None in shape or None in out or interior_values is None or lows is None or highs is None:
        return
    for i, (n, got, lo, hi, mid) in enumerate(zip(shape, out, lows, highs, interior_values, strict=False)):
        assert n is not None
        want = n + lo + max(n - 1, 0) * mid + hi
        if got != want:
            raise fail("BC1247", index=i, want=want, got=got)


# ---------------------------------------------------------------- real_dynamic_slice


@checked
def real_dynamic_slice(op: Operation) -> None:
    """``stablehlo.real_dynamic_slice``: its element types, index types and index lengths."""
    counts(op, operands=4)
    ods_operands(op, [TENSOR, DIMENSIONS, DIMENSIONS, DIMENSIONS])
    ods_results(op, [TENSOR])
    (operand, start, limit, strides), (result,) = tensors(op)
    if operand.element.text != result.element.text:
        raise fail("BC1002", names="operand, result")
    if not str(start) == str(limit) == str(strides):
        raise fail("BC1068", names="start_indices, limit_indices, strides")
    rank = len(ranked(operand))
    for name, t in (("start_indices", start), ("limit_indices", limit), ("strides", strides)):
        if _length(t) != rank:
            raise fail("BC1248", rank=rank, name=name, size=_length(t))


# ---------------------------------------------------------------- rng

_PRED_INT_FP = "bool or 2/4/8/16/32/64-bit integer or 4/6/8/16/32/64-bit float values"
RNG_SCALAR = kind("B", "I", "F", shape="0d", words=f"0D tensor of {_PRED_INT_FP}")
"""``0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>``."""
RNG_RESULT = kind("B", "I", "F", words=f"ranked tensor of {_PRED_INT_FP}")
"""``HLO_PredIntOrFpTensor``."""
MHLO_SHAPE = kind("IDX", "I", shape="1d", words="1D tensor of index or 2/4/8/16/32/64-bit integer values")
"""MHLO's ``rng`` shape (``MHLO_DimensionTensor``: any length, in jaxlib 0.10.2's words)."""


@checked
def rng(op: Operation) -> None:
    """``stablehlo.rng`` (and MHLO's, whose shape may be of any length): its ODS,
    ``AllElementTypesMatch<a, b, result>``, then ``inferRngOp``: a normal distribution's mu and sigma
    are floats; the result has the constant shape's sizes (or as many ``?`` as the shape operand holds)."""
    counts(op, operands=3)
    require(op, "rng_distribution")
    ods_operands(op, [RNG_SCALAR, RNG_SCALAR])
    static_1d(op, 2, MHLO_SHAPE if is_mhlo(op) else SHAPE)
    ods_results(op, [RNG_RESULT])
    (a, b, shape), (result,) = tensors(op)
    if not a.element.text == b.element.text == result.element.text:
        raise fail("BC1002", names="a, b, result")
    attr = op.attribute("rng_distribution") or (None if op.generic else op.attribute("distribution"))
    if attr is None:
        raise Unknown("distribution")
    words = attr.text.replace(" ", "")
    if words.endswith("NORMAL>") or words == "NORMAL":
        if a.element.family != "float" or b.element.family != "float":
            raise fail("BC1259")
    elif not (words.endswith("UNIFORM>") or words == "UNIFORM"):
        raise Unknown(attr.text)
    values = matched_ints(op, 2)
    if values is None and is_mhlo(op) and ranked(shape) == (None,):
        values = []  # (jaxlib 0.10.2 infers a 0-d result from a shape of unknown length)
    sizes: tuple[int | None, ...] = (None,) * _length(shape) if values is None else tuple(values)
    # (a negative size is compatible with `?` only, and printed as it is: `tensor<-1xf32>`)
    inferred(Tensor(sizes, b.element), result)
