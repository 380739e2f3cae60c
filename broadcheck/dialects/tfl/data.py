"""The ``tfl`` ops that move data: broadcast_to, reshape, transpose, concatenation, pack,
unpack, split, split_v, slice, strided_slice, squeeze, expand_dims, tile, pad, padv2,
gather, gather_nd, fill, one_hot, cast, broadcast_args.

Each check follows the op's ODS (``tfl_ops.td``) and ``verify()`` (``tfl_ops.cc``) as
TensorFlow 2.21 builds them, in their order and words; the TFLite flatbuffer importer
of tensorflow-cpu 2.21 (which verifies the ops it builds) is the oracle
(``tests/oracle/test_tfl_shape_ops.py``). What the verifier leaves to the TFLite kernels
(``broadcast_to``'s shapes, ``tile``'s, ``squeeze``'s, ...) is a warning
(:mod:`broadcheck.dialects.tfl.kernels`).

PASS::

    %0 = "tfl.transpose"(%x, %perm) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>
    %1:2 = "tfl.split"(%d, %x) <{num_splits = 2 : i32}> : (tensor<i32>, tensor<4x3xf32>)
        -> (tensor<2x3xf32>, tensor<2x3xf32>)

FAIL::

    %0 = "tfl.broadcast_to"(%x, %s) : (tensor<1x3xf32>, tensor<2x2xi32>) -> tensor<4x3xf32>
    %0 = "tfl.concatenation"(%a, %b) <{axis = 0 : i32, fused_activation_function = "NONE"}>
        : (tensor<1x3xf32>, tensor<2x4xf32>) -> tensor<3x3xf32>
"""

from __future__ import annotations

import re

from broadcheck.dialects import common
from broadcheck.dialects.common import detail
from broadcheck.dialects.tfl import kernels
from broadcheck.dialects.tfl.base import (
    attr_int,
    compatible,
    confined,
    constant_ints,
    count,
    counts,
    element,
    element_pred,
    enums,
    first,
    has_rank,
    has_rank_at_least,
    has_rank_at_most,
    inferred,
    operands_like,
    per_axis,
    pred,
    rank,
    required,
    result_like,
    same_element_as,
    same_scale,
    same_shape,
    shape,
    static,
    tensors,
    with_shape,
    without_axis,
)
from broadcheck.ops import Operation, Shape
from broadcheck.semantics import Problem, Profile
from broadcheck.semantics.tf import operands_same

SAME_ELEMENT = "input and output must have same element type"
VALUES_SAME_ELEMENT = "values and output must have same element type"


def _all(op: Operation, none: bool = False) -> bool:
    return tensors((u.type for u in (*op.operands, *op.results)), none)


# ------------------------------------------------------------------------------------ broadcast_to


def broadcast_to(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.broadcast_to``: the element type, the ranks of both operands, the scale; the
    shapes themselves are the kernel's (a warning)."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem

    def shape_size() -> Problem | None:
        s = shape(op.operands[1].type)
        ok = s is None or (len(s) > 0 and (s[0] is None or s[0] <= 8))
        return pred(ok, "output dimension count must be at most 8")

    return first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank_at_most(op, 0, 8),
        lambda: has_rank(op, 1, 1),
        shape_size,
        lambda: same_scale(op, same_axes=False),
        lambda: kernels.broadcast_to(op),
    )


def broadcast_args(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.broadcast_args``: two 1-D shapes of one element type, and the result's."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    a, b = element(op.operands[0].type), element(op.operands[1].type)
    return first(
        lambda: element_pred(operands_same(a, b), "BroadcastArgs op operands have same element type"),
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank(op, 0, 1),
        lambda: has_rank(op, 1, 1),
        lambda: kernels.broadcast_args(op),
    )


# ----------------------------------------------------------------------------------------- reshape

_MULTIPLE_DYNAMIC = (
    "requires 'shape' to have at most one dynamic dimension, but got multiple dynamic dimensions at indices "
    "{0} and {1}. You need to set up the unspecified size(s) to avoid this problem, for example,setting batch "
    "size in keras model or setting unspecified input size(s) with fixed ones."
)


_RESHAPE = {"shape-rank": "BC724", "two-dynamic": "BC725", "negative": "BC726", "multiple": "BC727"}


def reshape_type(op: Operation) -> tuple[Shape | None, Problem | None]:
    """``GetReshapeOutputType``: the shape the ``shape`` operand gives (``None``: unranked), or its problem."""
    return common.reshape_type(op, lambda kind, args: Problem(_RESHAPE[kind], args))


def _cast_compatible(output: str, input_: str) -> bool:
    """``TF::AreCastCompatible`` on element types: equal; per-axis quantized types are compared without
    their axis (the expected type's axis follows the reshape), and sub-channel ones are not judged."""
    if output == input_:
        return True
    if per_axis(output) and per_axis(input_):
        return ":{" in output or ":{" in input_ or without_axis(output) == without_axis(input_)
    return False


def reshape(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.reshape``: the ``shape`` operand (its rank, its constant values) against the input and the output."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    problem = same_scale(op, same_axes=False)  # a native trait: before the op's own verifier
    if problem is not None:
        return problem
    expected, problem = reshape_type(op)
    if problem is not None:
        return problem
    input_type, output = op.operands[0].type, op.results[0].type
    out = shape(output)
    if out is None:
        return None
    if static(output) and static(input_type):
        n_out, n_in = count(out), count(shape(input_type) or ())
        if n_out != n_in:
            return Problem("BC728", {"output": n_out, "input": n_in})
    if not compatible(out, expected) or not _cast_compatible(element(output), element(input_type)):
        return Problem("BC729", {"actual": output, "expected": with_shape(input_type, expected)})
    return None


# --------------------------------------------------------------------------------------- transpose


def transpose(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.transpose``: the permutation's rank and constant values, and the output's shape.

    TensorFlow 2.21 limits the input to 6 dimensions other than 1 (later versions, 8)."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    input_type, perm_type = op.operands[0].type, op.operands[1].type
    s = shape(input_type)

    def effective_rank() -> Problem | None:
        return pred(s is None or sum(1 for d in s if d != 1) <= 6, "operand 0 is at most 6-D")

    problem = first(
        effective_rank,
        lambda: has_rank(op, 1, 1),
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: same_scale(op, same_axes=False),
    )
    if problem is not None:
        return problem
    if s is not None and static(input_type) and static(perm_type) and count(shape(perm_type) or ()) != len(s):
        return Problem("BC730")
    perm = constant_ints(op, 1)
    if perm is None:
        return None
    axes: list[int] = []
    for index, axis in enumerate(perm):
        if axis < 0:
            axis += len(s) if s is not None else 0  # an unranked type's rank reads as 0
        if axis < 0 or (s is not None and axis >= len(s)):
            return Problem("BC731", {"index": index})
        if axis in axes:
            return Problem("BC732", {"index": index})
        axes.append(axis)
    output = op.results[0].type
    if s is not None and static(input_type) and static(output):
        transposed = tuple(s[a] for a in axes)
        if not compatible(shape(output), transposed):
            return Problem("BC733", {"expected": with_shape(input_type, transposed), "actual": output})
    # Per-axis quantized input and output: the output's quantized dimension must come from the input's.
    in_axis, out_axis = _per_axis(element(input_type)), _per_axis(element(output))
    if in_axis is not None and out_axis is not None and out_axis < len(axes) and axes[out_axis] != in_axis:
        return Problem("BC786")
    return None


_PER_AXIS = re.compile(r"!quant\.uniform<\s*\w+(?:<[^>]*>)?\s*:\s*\w+\s*:\s*(\d+)\s*,\s*\{")


def _per_axis(e: str) -> int | None:
    """The quantized dimension of a per-axis quantized element type (``!quant.uniform<i8:f32:1, {...}>``)."""
    m = _PER_AXIS.match(e)
    return int(m.group(1)) if m else None


# ---------------------------------------------------------------------------------- concatenation


def concatenation(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.concatenation``: the axis, each operand's rank and sizes against the output's."""
    problem = (
        counts(op, None) or required(op, "axis", "fused_activation_function") or enums(op, "fused_activation_function")
    )
    if problem is not None or not _all(op) or not op.operands:
        return problem
    problem = first(
        lambda: result_like(op, 0, 0, VALUES_SAME_ELEMENT),
        lambda: same_scale(op, exempt=lambda signed, width: not signed and width == 8),  # uint8 need not agree
    )
    if problem is not None:
        return problem
    out = shape(op.results[0].type)
    axis = attr_int(op, "axis")
    if out is None or axis is None:
        return None
    rank_ = len(out)
    if axis < 0:
        axis += rank_
    if axis < 0 or axis >= rank_:
        return Problem("BC734")
    sizes: list[int | None] = list(out)
    sizes[axis] = 0
    where: list[int | None] = [None] * rank_
    for index, use in enumerate(op.operands):
        s = shape(use.type)
        if s is None:
            sizes[axis] = None
            continue
        if len(s) != rank_:
            return Problem("BC735", {"index": index, "expected": rank_, "actual": len(s)})
        for d in range(rank_):
            size, want = s[d], sizes[d]
            if d == axis:
                sizes[axis] = None if size is None or want is None else want + size
                continue
            if size is None:
                continue
            if want is None:
                sizes[d] = size
                where[d] = index
                continue
            if want != size:
                other = "output" if where[d] is None else f"operand #{where[d]}"
                return Problem("BC736", {"dim": d, "index": index, "other": other, "expected": want, "actual": size})
    total, declared = sizes[axis], out[axis]
    if declared is not None and total is not None and total != declared:
        return Problem("BC737", {"axis": axis, "expected": total, "actual": declared})
    return None


# -------------------------------------------------------------------------------------- pack/unpack


def pack(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.pack``: ``values_count``, the axis, and one shape for every operand."""
    problem = counts(op, None) or required(op, "values_count", "axis") or confined(op, "values_count", "positive")
    if problem is not None or not _all(op) or not op.operands:
        return problem
    problem = first(lambda: result_like(op, 0, 0, VALUES_SAME_ELEMENT), lambda: same_scale(op))
    if problem is not None:
        return problem
    if len(op.operands) != attr_int(op, "values_count"):
        return Problem("BC738")
    first_type = op.operands[0].type
    s = shape(first_type)
    axis = attr_int(op, "axis")
    if s is not None and axis is not None:
        value = axis + len(s) + 1 if axis < 0 else axis
        if value < 0 or value >= len(s) + 1:
            return Problem(
                "BC739", {"rank": len(s), "axis": axis & 0xFFFFFFFF}
            )  # printed as the uint32_t it is read as
    for use in op.operands:
        if not compatible(first_type, use.type):
            return Problem("BC740", {"first": first_type, "other": use.type})
    return kernels.pack(op)


def unpack(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.unpack``: the element types, then the inferred results (``num`` along ``axis``)."""
    problem = counts(op, 1, None) or required(op, "num", "axis") or confined(op, "num", "non-negative")
    if problem is not None or not _all(op):
        return problem
    elements = {element(u.type) for u in (*op.operands, *op.results)}
    if len(elements) > 1:
        return Problem("BC712")
    problem = same_scale(op)
    if problem is not None:
        return problem
    num, axis = attr_int(op, "num"), attr_int(op, "axis")
    if num is None or axis is None:
        return None
    input_type = op.operands[0].type
    s = shape(input_type)
    if s is None:
        expected: list[str] = [with_shape(input_type, None)] * num
    else:
        if static(input_type) and count(s) <= 0:
            return Problem("BC741", detail("BC741", "empty"))
        if not s:
            return Problem("BC741", detail("BC741", "scalar"))
        a = axis + len(s) if axis < 0 else axis
        if a < 0 or a >= len(s):
            return Problem("BC741", detail("BC741", "axis", axis=axis, rank=len(s)))
        if s[a] is not None and s[a] != num:
            return Problem("BC741", detail("BC741", "count"))
        expected = [with_shape(input_type, s[:a] + s[a + 1 :])] * num
        if len(op.results) == num and all(compatible(shape(u.type), s[:a] + s[a + 1 :]) for u in op.results):
            return None
    if len(op.results) == num and s is None:
        return None
    return inferred(op, expected, [u.type for u in op.results])


# --------------------------------------------------------------------------------------- split(_v)


def _split_dim(op: Operation, index: int) -> int | None:
    """``ExtractConstantIntFromTensor``: a constant's value when it holds exactly one."""
    values = constant_ints(op, index)
    return values[0] if values is not None and len(values) == 1 else None


def _split_outputs(op: Operation, s: Shape, axis: int, sizes: list[int]) -> Problem | None:
    input_type = op.operands[1 if op.name == "tfl.split" else 0].type
    for i, size in enumerate(sizes):
        want = (*s[:axis], size, *s[axis + 1 :])
        got = op.results[i].type
        if not compatible(shape(got), want):
            return Problem("BC744", {"index": i, "expected": with_shape(input_type, want), "actual": got})
    return None


def split(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.split``: a scalar ``split_dim``, ``num_splits`` results of even sizes."""
    problem = counts(op, 2, None) or required(op, "num_splits") or confined(op, "num_splits", "positive")
    if problem is not None or not _all(op):
        return problem
    d = shape(op.operands[0].type)
    scalar = d is not None and (len(d) == 0 or (len(d) == 1 and d[0] == 1))
    problem = first(
        lambda: pred(scalar, "operand #0 is an 0-d tensor or 1-d tensor w/ 1 element"),
        lambda: same_scale(op),
    )
    if problem is not None:
        return problem
    found = _split_axis(op, 0, 1)
    if not isinstance(found, tuple):
        return found
    num, s, axis, size = found
    if size % num != 0:
        return Problem("BC745")
    return _split_outputs(op, s, axis, [size // num] * num)


def _split_axis(op: Operation, dim: int, value: int) -> tuple[int, Shape, int, int] | Problem | None:
    """What ``tfl.split`` and ``split_v`` check alike: as many results as ``num_splits``, the
    ``split_dim`` operand (``dim``) an axis of the ``value`` operand; then (num_splits, the
    value's shape, the axis, its size), or ``None`` where something is not known."""
    num = attr_int(op, "num_splits")
    if num is None:
        return None
    if len(op.results) != num:
        return Problem("BC742")
    axis = _split_dim(op, dim)
    s = shape(op.operands[value].type)
    if axis is None or s is None:
        return None
    if axis < 0:
        axis += len(s)
    if axis < 0 or axis >= len(s):
        return Problem("BC743")
    size = s[axis]
    return None if size is None else (num, s, axis, size)


def split_v(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.split_v``: 1-D ``size_splits`` and 0-D ``split_dim`` of i32, and sizes that add up."""
    problem = counts(op, 3, None) or required(op, "num_splits") or confined(op, "num_splits", "positive")
    if problem is not None or not _all(op):
        return problem
    for index, want in ((1, 1), (2, 0)):
        t = op.operands[index].type
        if rank(t) != want or element(t) != "i32":
            return Problem(
                "BC701",
                {
                    "kind": "operand",
                    "index": index,
                    "constraint": f"{want}D tensor of 32-bit signless integer values",
                    "type": t,
                },
            )
    problem = same_scale(op)
    if problem is not None:
        return problem
    found = _split_axis(op, 2, 0)
    if not isinstance(found, tuple):
        return found
    num, s, axis, size = found
    sizes = constant_ints(op, 1)
    if sizes is None:
        return None
    if len(sizes) != num:
        return Problem("BC746", {"type": f"tensor<{num}x{element(op.operands[1].type)}>"})
    negative = -1
    total = 0
    for i, v in enumerate(sizes):
        if v >= 0:
            total += v
            continue
        if v < -1:
            return Problem("BC747", detail("BC747", "below"))
        if negative != -1:
            return Problem("BC747", detail("BC747", "two"))
        negative = i
    if negative != -1:
        if total > size:
            return Problem("BC747", detail("BC747", "over"))
        sizes[negative] = size - total
        total = size
    if total != size:
        return Problem("BC747", detail("BC747", "sum"))
    return _split_outputs(op, s, axis, sizes)


# -------------------------------------------------------------------------------------------- slice


def slice_(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.slice``: ``begin`` and ``size`` against the input (constant values where known)."""
    problem = counts(op, 3)
    if problem is not None or not _all(op):
        return problem
    problem = first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank_at_most(op, 1, 1),
        lambda: has_rank_at_most(op, 2, 1),
        lambda: same_scale(op),
    )
    if problem is not None:
        return problem
    input_type, begin_type, size_type = (u.type for u in op.operands)
    s = shape(input_type)
    if s is not None and static(input_type) and static(begin_type) and static(size_type):
        if len(s) != count(shape(begin_type) or ()):
            return Problem("BC748", detail("BC748", "begin-size"))
        if len(s) != count(shape(size_type) or ()):
            return Problem("BC748", detail("BC748", "size-size"))
    begin, size = constant_ints(op, 1), constant_ints(op, 2)
    for i, b in enumerate(begin or ()):
        if b < 0:
            return Problem("BC748", detail("BC748", "begin-negative", index=i))
    for i, z in enumerate(size or ()):
        if z < -1:
            return Problem("BC748", detail("BC748", "size-negative", index=i))
    if begin is not None and size is not None and s is not None and static(input_type):
        for i, b in enumerate(begin):
            if i >= len(size) or i >= len(s):
                return None  # the C++ reads past the end
            z, d = _i32(size[i]), s[i]
            b = _i32(b)
            assert d is not None
            if b > d:
                return Problem("BC749", {"index": i, "size": d})
            if z >= 0 and b + z > d:
                return Problem("BC748", detail("BC748", "past-end", index=i, size=d))
    return kernels.slice_rank(op)


def _i32(v: int) -> int:
    """A value as the C++ ``int`` it is read into."""
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


def strided_slice(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.strided_slice``: 1-D ``begin``, ``end``, ``strides`` no longer than the input's rank."""
    problem = counts(op, 4) or required(
        op, "begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask", "offset"
    )
    if problem is not None or not _all(op):
        return problem
    problem = first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank(op, 1, 1),
        lambda: has_rank(op, 2, 1),
        lambda: has_rank(op, 3, 1),
        lambda: same_scale(op),
    )
    if problem is not None:
        return problem
    s = shape(op.operands[0].type)
    if s is None:
        return kernels.strided_slice_rank(op)
    for index, name in ((1, "begin"), (2, "end"), (3, "strides")):
        t = shape(op.operands[index].type)
        if t is not None and t[0] is not None and t[0] > len(s):
            return Problem("BC750", {"name": name, "size": t[0], "rank": len(s)})
    return kernels.strided_slice_rank(op)


# ------------------------------------------------------------------------ ops the kernels check


def squeeze(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.squeeze``: at most 8 ``squeeze_dims``, the scale; the shapes are the kernel's."""
    problem = counts(op, 1)
    if problem is not None or not _all(op):
        return problem
    return first(lambda: same_scale(op), lambda: kernels.squeeze(op))


def expand_dims(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.expand_dims``: the element type and scale; the shapes are the kernel's."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    return first(lambda: result_like(op, 0, 0, SAME_ELEMENT), lambda: same_scale(op), lambda: kernels.expand_dims(op))


def tile(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.tile``: the element type and scale; the shapes are the kernel's."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    return first(lambda: result_like(op, 0, 0, SAME_ELEMENT), lambda: same_scale(op), lambda: kernels.tile(op))


def _padding_rank(op: Operation) -> Problem | None:
    """``TFL_OperandRankEquals1DimOfOperand<0, 1>``."""
    s0, s1 = shape(op.operands[0].type), shape(op.operands[1].type)
    ok = s0 is None or s1 is None or not static(op.operands[1].type) or len(s0) == s1[0]
    return pred(ok, "operand 0's rank equals operand 1's size")


def _padding_size(op: Operation) -> Problem | None:
    s1 = shape(op.operands[1].type)
    ok = s1 is None or (len(s1) > 0 and (s1[0] is None or s1[0] <= 5))
    return pred(ok, "the first dim size of the padding argument must be at most 5")


def pad(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.pad``: input of rank 5 or less, 2-D padding with one row per input dimension."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    return first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank_at_most(op, 0, 5),
        lambda: has_rank(op, 1, 2),
        lambda: _padding_rank(op),
        lambda: _padding_size(op),
        lambda: same_scale(op),
        lambda: kernels.pad(op),
    )


def padv2(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.padv2``: ``tfl.pad``'s rules, and a 0-D constant value of the input's element type."""
    problem = counts(op, 3)
    if problem is not None or not _all(op):
        return problem
    return first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank_at_most(op, 0, 5),
        lambda: has_rank(op, 1, 2),
        lambda: has_rank(op, 2, 0),
        lambda: _padding_rank(op),
        lambda: _padding_size(op),
        lambda: operands_like(op, 0, 2, "input and constant value operands must have same element type"),
        lambda: same_scale(op),
        lambda: kernels.pad(op),
    )


def gather(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.gather``: params of rank 1 or more (1 for strings), the element type, the scale."""
    problem = counts(op, 2) or required(op, "axis")
    if problem is not None or not _all(op):
        return problem
    params = op.operands[0].type
    problem = first(
        lambda: has_rank_at_least(op, 0, 1),
        lambda: result_like(op, 0, 0, "params and output must have same element type"),
        lambda: same_scale(op),
    )
    if problem is not None:
        return problem
    r = rank(params)
    if element(params) == "!tf_type.string" and r is not None and r != 1:
        return Problem("BC751", {"type": params})
    return kernels.gather(op)


def gather_nd(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.gather_nd``: the element type and scale; the shapes are the kernel's."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    return first(
        lambda: result_like(op, 0, 0, "params and output must have same element type"),
        lambda: same_scale(op),
        lambda: kernels.gather_nd(op),
    )


def fill(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.fill``: the value's element type is the result's; the shape is the kernel's."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    return first(
        lambda: result_like(op, 0, 1, "input and result must have same element type"),
        lambda: same_scale(op),
        lambda: kernels.fill(op),
    )


def one_hot(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.one_hot``: nothing in the verifier; the shapes are the kernel's."""
    problem = counts(op, 4) or required(op, "axis")
    if problem is not None or not _all(op):
        return problem
    return kernels.one_hot(op)


def cast(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.cast``: the same shape in and out."""
    problem = counts(op, 1)
    if problem is not None or not _all(op):
        return problem
    return same_shape(op)


__all__ = [
    "broadcast_args",
    "broadcast_to",
    "cast",
    "concatenation",
    "expand_dims",
    "fill",
    "gather",
    "gather_nd",
    "one_hot",
    "pack",
    "pad",
    "padv2",
    "reshape",
    "same_element_as",
    "slice_",
    "split",
    "split_v",
    "squeeze",
    "strided_slice",
    "tile",
    "transpose",
    "unpack",
]
