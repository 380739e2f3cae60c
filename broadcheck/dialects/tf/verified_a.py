"""``tf`` ops whose ``verify()`` adds to their ODS invariants, part A (the ones real models and LiteRT
use), as tensorflow-cpu 2.21 checks them (``tf_ops_a_m.cc``: ``Conv2DBackpropInputOp``, ``Conv3DOp``,
``FusedBatchNormOp``, ``BiasAddGradOp``, ``DynamicStitchOp``, ``ConcatOffsetOp``,
``BroadcastGradientArgsOp``, ``InvertPermutationOp``, ``MatrixBandPartOp``, ``BitcastOp``,
``BatchToSpaceOp``, ``MaxPoolGradOp``, ``CaseOp``, ``CaseRegionOp``; ``tf_ops_n_z.cc``: ``ShapeNOp``,
``SizeOp``, ``VariableShapeOp``, ``SoftmaxCrossEntropyWithLogitsOp``,
``SparseSoftmaxCrossEntropyWithLogitsOp``, ``StridedSliceGradOp``, ``QrOp``, ``ParseExampleV2Op``,
``SetStaticDimensionBoundsOp``), each run after the op's generated traits and type constraints
(``broadcheck/dialects/ods``), in TensorFlow's words and order; constant operands are read from
``tf.Const`` as :mod:`broadcheck.dialects.tf.checks` reads them. The oracle is the tool
(``tests/oracle/test_tf_verify_a.py``).

PASS::

    %0 = "tf.InvertPermutation"(%p) : (tensor<3xi32>) -> tensor<3xi32>

FAIL::

    %0 = "tf.InvertPermutation"(%p) : (tensor<3x1xi32>) -> tensor<3x1xi32>
    // 'tf.InvertPermutation' op requires input x to be 1-dimensional
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from broadcheck.dialects.common import attr_int, attr_ints, attr_str, compatible, constant_ints, rank, shape, static
from broadcheck.dialects.op import FUNCTIONAL, Op, SymbolRule, Texts
from broadcheck.dialects.tf.base import cast_elements, dynamically_equal, operand_type, rank_at_least, rank_is
from broadcheck.dialects.tf.checks import strided_slice_base
from broadcheck.dialects.tf.regions import cast_compatible, ranges
from broadcheck.ops import Operation, Shape, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, then
from broadcheck.syntax.statement import Statement, symbol_name

Verify = Callable[[Operation], Problem | None]


def _what(code: str, what: str) -> Problem:
    return Problem(code, {"what": what})


def _bare(what: str) -> Problem:
    """A message TensorFlow emits without the op's name (``emitOptionalError``, ``emitError``)."""
    return Problem("BC1724", {"what": what})


def _required(op: Operation, *names: str) -> Problem | None:
    for name in names:
        if op.attribute(name) is None:
            return Problem("BC610", {"name": name})
    return None


def _element(t: Type) -> str:
    return "".join(t.element.split()) if isinstance(t, ShapedType) else ""


def _float(t: Type) -> bool:
    return _element(t) in ("f16", "f32", "f64", "bf16", "f8E4M3FN", "f8E5M2")


# ------------------------------------------------------------------------------------ convolutions


def _conv_attributes(n: int, strides: Sequence[int], dilations: Sequence[int]) -> Problem | None:
    """``VerifyConvOpAttributes`` (its messages carry no op name)."""
    if len(strides) != n:
        return _bare(f"requires strides attribute length to be {n}")
    if any(v <= 0 for v in strides):
        return _bare("requires positive strides")
    if len(dilations) != n:
        return _bare(f"requires dilations attribute length to be {n}")
    if any(v <= 0 for v in dilations):
        return _bare("requires positive dilations")
    return None


def conv_2d_backprop_input(op: Operation) -> Problem | None:
    """``tf.Conv2DBackpropInput``: 4-D (or unranked) ``filter``, ``out_backprop`` and result, then the
    strides' and dilations' lengths and signs."""
    if len(op.operands) != 3 or len(op.results) != 1:
        return None
    if not rank_is(operand_type(op, 2), 4) or not rank_is(operand_type(op, 1), 4):
        return _what("BC1710", "requires operands to be 4D tensor")
    if not rank_is(op.results[0].type, 4):
        return _what("BC1710", "requires result to be 4D tensor")
    strides = attr_ints(op, "strides")
    dilations = attr_ints(op, "dilations") if op.attribute("dilations") is not None else [1, 1, 1, 1]
    if strides is None or dilations is None:
        return None
    return _conv_attributes(4, strides, dilations)


def _windowed(size: int, window: int, dilation: int, stride: int, padding: str) -> int | None:
    """``GetWindowedOutputSizeVerboseV2`` for ``SAME``/``VALID`` (``None``: it fails)."""
    effective = (window - 1) * dilation + 1
    out = (size - effective + stride) // stride if padding == "VALID" else (size + stride - 1) // stride
    return out if out >= 0 else None


def conv_3d(op: Operation) -> Problem | None:
    """``tf.Conv3D``: 5-D (or unranked) operands, strides and dilations of length 5 and positive,
    input channels divisible by the filter's, then the result its type inference gives."""
    if len(op.operands) != 2 or len(op.results) != 1:
        return None
    fmt = attr_str(op, "data_format") if op.attribute("data_format") is not None else "NDHWC"
    padding = attr_str(op, "padding")
    strides = attr_ints(op, "strides")
    dilations = attr_ints(op, "dilations") if op.attribute("dilations") is not None else [1] * 5
    if fmt not in ("NDHWC", "NCDHW") or padding not in ("SAME", "VALID") or strides is None or dilations is None:
        return None
    x_type, w_type = op.operands[0].type, op.operands[1].type
    if not rank_is(operand_type(op, 0), 5) or not rank_is(operand_type(op, 1), 5):
        return _bare("requires operands to be 5D tensor")
    problem = _conv_attributes(5, strides, dilations)
    if problem is not None:
        return problem
    x, w = shape(x_type), shape(w_type)
    feature = 1 if fmt == "NCDHW" else 4
    channels = x[feature] if x is not None else None
    filter_channels = w[3] if w is not None else None
    if channels is not None and filter_channels and channels % filter_channels != 0:
        return Problem("BC776", {"input": channels, "filter": filter_channels})
    out: list[int | None] = [None] * 5
    if x is not None:
        out[0] = x[0]
    if w is not None:
        out[feature] = w[4]
    if x is not None and w is not None:
        spatial = (2, 3, 4) if fmt == "NCDHW" else (1, 2, 3)
        for i, dim in enumerate(spatial):
            size, window = x[dim], w[i]
            if size is None or window is None:
                continue
            value = _windowed(size, window, dilations[dim], strides[dim], padding)
            if value is None:
                return Problem("BC752")
            out[dim] = value
    result = op.results[0].type
    inferred = tuple(out)
    if not compatible(shape(result), inferred) or not cast_elements(x_type, result):
        elem = x_type.element if isinstance(x_type, ShapedType) else "?"
        printed = "tensor<" + "".join(f"{'?' if d is None else d}x" for d in inferred) + f"{elem}>"
        return Problem("BC723", {"inferred": f"'{printed}'", "actual": f"'{result}'"})
    return None


# ------------------------------------------------------------------------------ batch norm, bias


def fused_batch_norm(op: Operation) -> Problem | None:
    """``tf.FusedBatchNorm``: a ranked ``x`` is a 4-D float tensor; ranked ``scale``, ``offset``,
    ``mean``, ``variance`` 1-D float tensors."""
    if len(op.operands) != 5:
        return None
    for index, (name, want) in enumerate((("x", 4), ("scale", 1), ("offset", 1), ("mean", 1), ("variance", 1))):
        t = op.operands[index].type
        r = rank(t)
        if r is not None and (r != want or not _float(t)):
            return _what("BC1711", f"requires {name} to be a {want}D float tensor")
    return None


def bias_add_grad(op: Operation) -> Problem | None:
    """``tf.BiasAddGrad``: ``out_backprop`` of rank 2 or more (``NHWC``), 3 or more (``NCHW``)."""
    if len(op.operands) != 1:
        return None
    fmt = attr_str(op, "data_format") if op.attribute("data_format") is not None else "NHWC"
    if fmt == "NHWC" and not rank_at_least(operand_type(op, 0), 2):
        return _what("BC1712", "requires out_backprop operand to have rank at least two with `NHWC` data format")
    if fmt == "NCHW" and not rank_at_least(operand_type(op, 0), 3):
        return _what("BC1712", "requires out_backprop operand to have rank at least three with `NCHW` data format")
    return None


# ------------------------------------------------------------------------------------- shape ops


def _shape_result(operand: Type | None, result: Type, index: int | None) -> Problem | None:
    """``VerifyShapeOperandAndResult`` (``index``: the value's number in a variadic op)."""
    suffix = "" if index is None else f" #{index}"
    s = shape(result)
    if s is None:
        return None
    if len(s) != 1:
        return _what("BC1713", f"requires 1D type for result{suffix}")
    r = rank(operand) if operand is not None else None
    if r is not None and static(result) and r != 0 and s[0] != r:
        return _what("BC1713", f"requires dimension size of result{suffix} to match rank of operand{suffix}")
    if _element(result) not in ("i32", "i64"):
        return _what("BC1713", f"requires int32 or int64 return type for result{suffix}")
    return None


def shape_n(op: Operation) -> Problem | None:
    """``tf.ShapeN``: one result per operand, each checked as ``tf.Shape``'s."""
    n = len(op.operands)
    if len(op.results) != n:
        return _what("BC1713", f"requires {n} result(s), got {len(op.results)} result(s)")
    for i in range(n):
        problem = _shape_result(op.operands[i].type, op.results[i].type, i)
        if problem is not None:
            return problem
    return None


def _resource_subtypes(element: str) -> list[str] | None:
    """The subtypes a ``!tf_type.resource<...>`` names (``None``: not a resource)."""
    e = "".join(element.split())
    if e == "!tf_type.resource":
        return []
    if not (e.startswith("!tf_type.resource<") and e.endswith(">")):
        return None
    inner, depth, parts, start = e[len("!tf_type.resource<") : -1], 0, [], 0
    for i, ch in enumerate(inner):
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    return parts


def variable_shape(op: Operation) -> Problem | None:
    """``tf.VariableShape``: a resource of at most one subtype, whose shape the result holds."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return None
    t = op.operands[0].type
    subtypes = _resource_subtypes(t.element) if isinstance(t, ShapedType) else None
    if subtypes is None:
        return None
    if len(subtypes) > 1:
        return _what("BC1713", "requires resource input type to have at most 1 subtype")
    operand: Type | None = None
    if subtypes:
        from broadcheck.syntax.problem import SyntaxProblem
        from broadcheck.syntax.types import read_type

        try:
            operand = read_type(subtypes[0])
        except SyntaxProblem:
            return None
    return _shape_result(operand, op.results[0].type, None)


def size(op: Operation) -> Problem | None:
    """``tf.Size``: a 0-D (or unranked) output."""
    if len(op.results) == 1 and not rank_is(op.results[0].type, 0):
        return _what("BC1713", "requires scalar output")
    return None


# --------------------------------------------------------------------------------------- softmax


def _broadcast(a: Shape, b: Shape) -> list[int | None] | None:
    """``OpTrait::util::getBroadcastedShape`` (``None``: not broadcastable)."""
    out: list[int | None] = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x is None or y is None:
            if x is not None and x > 1:
                out.append(x)
            elif (y is not None and y > 1) or x == 1:
                out.append(y)
            elif y == 1:
                out.append(x)
            else:
                out.append(None)
        elif x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            return None
    return out[::-1]


def softmax_cross_entropy(op: Operation) -> Problem | None:
    """``tf.SoftmaxCrossEntropyWithLogits``: features and labels of one element type that broadcast
    to rank two (unranked passes)."""
    if len(op.operands) != 2:
        return None
    a, b = op.operands[0].type, op.operands[1].type
    bad = _what("BC1714", "requires features and labels to be broadcast compatible to rank two")
    if _element(a) != _element(b):
        return bad
    sa, sb = shape(a), shape(b)
    if sa is None or sb is None:
        return None
    joined = _broadcast(sa, sb)
    return bad if joined is None or len(joined) != 2 else None


def sparse_softmax_cross_entropy(op: Operation) -> Problem | None:
    """``tf.SparseSoftmaxCrossEntropyWithLogits``: 2-D features, 1-D labels, one batch size."""
    if len(op.operands) != 2:
        return None
    features, labels = op.operands[0].type, op.operands[1].type
    if not rank_is(operand_type(op, 0), 2):
        return _what("BC1714", "requires features operand of rank two")
    if not rank_is(operand_type(op, 1), 1):
        return _what("BC1714", "requires labels operand of rank one")
    sf, sl = shape(features), shape(labels)
    if sf is not None and sl is not None and sf[0] is not None and sl[0] is not None and sf[0] != sl[0]:
        return _what("BC1714", "requires features and labels with matching first dimension")
    return None


# ---------------------------------------------------------------------------- stitch and concat


def _dims(s: Sequence[int | None]) -> str:
    """Sizes as TensorFlow streams an ``ArrayRef<int64_t>``: a dynamic one as ``kDynamic``."""
    return ", ".join(str(-(1 << 63)) if d is None else str(d) for d in s)


def dynamic_stitch(op: Operation) -> Problem | None:
    """``tf.DynamicStitch``: at least one pair, a non-scalar output, non-negative constant indices,
    each data's shape led by its indices' shape and the rest (the item shape) agreeing between
    pairs, then, when every index is a constant, no index missing below the largest and an output
    cast compatible with ``[largest + 1] + item shape``."""
    n = len(op.operands) // 2
    if len(op.operands) % 2 or len(op.results) != 1:
        return None
    if n < 1:
        return _what("BC1715", "requires attribute N with value >= 1")
    out = op.results[0].type
    if rank(out) == 0:
        return _what("BC1715", "requires non scalar output")
    seen: set[int] = set()
    all_constant, largest = True, -1
    item: list[int | None] | None = None
    for i in range(n):
        values = constant_ints(op, i)
        if values is not None:
            for v in values:
                v = ((v + (1 << 31)) % (1 << 32)) - (1 << 31)  # read as int32_t
                if v < 0:
                    return _what("BC1715", f"requires non-negative index values; found {v}")
                largest = max(largest, v)
                seen.add(v)
        else:
            all_constant = False
        index_type, data_type = op.operands[i].type, op.operands[n + i].type
        si, sd = shape(index_type), shape(data_type)
        if si is None or sd is None:
            continue
        if len(sd) < len(si) or not compatible(si, sd[: len(si)]):
            return _what(
                "BC1715",
                f"requires shape of data with type '{data_type}' to have prefix matching with shape of the "
                f"corresponding index type '{index_type}'",
            )
        rest = list(sd[len(si) :])
        if item is None:
            item = rest
            continue
        if not compatible(tuple(rest), tuple(item)):
            return _what(
                "BC1715",
                f"has inconsistent shaped data and index pairs; inferred item shapes [{_dims(item)}] and "
                f"[{_dims(rest)}] don't match",
            )
        item = [d if d is not None else r for d, r in zip(item, rest, strict=True)]
    if all_constant:
        for i in range(largest + 1):
            if i not in seen:
                return _what("BC1715", f"missing index {i}")
        if item is not None:
            expected = (largest + 1, *item)
            if not compatible(shape(out), expected):
                printed = "tensor<" + "".join(f"{'?' if d is None else d}x" for d in expected) + _element(out) + ">"
                return _what("BC1715", f"has invalid output type; should be compatible with inferred type '{printed}'")
    return None


def concat_offset(op: Operation) -> Problem | None:
    """``tf.ConcatOffset``: two or more shapes, as many offsets, a 0-D ``concat_dim``, each shape 1-D
    and compatible with its offset, static shapes of one length."""
    n = len(op.operands) - 1
    if n < 2:
        return _what("BC1716", f"requires N to be at least 2, got {n}")
    if len(op.results) != n:
        return _what(
            "BC1716", f"requires sizes of shapes and offsets to be the same, got sizes {n} and {len(op.results)}"
        )
    r = rank(op.operands[0].type)
    if r is not None and r != 0:
        return _what("BC1716", f"requires concat_dim to be a scalar, got tensor of rank {r}")
    length = -1
    for i in range(n):
        s, offset = op.operands[1 + i].type, op.results[i].type
        if not compatible(s, offset):
            return _what("BC1716", f"requires operand and result {i} to have compatible shapes")
        dims = shape(s)
        if dims is None:
            continue
        if len(dims) != 1:
            return _what("BC1716", f"requires shape tensor operand {i} to be of rank 1, got tensor of rank {len(dims)}")
        if dims[0] is None:
            continue
        if length == -1:
            length = dims[0]
        elif dims[0] != length:
            return _what(
                "BC1716",
                f"requires shape tensor (rank 1) operand {i} to be of length {length}, got tensor (rank 1) of "
                f"length {dims[0]}",
            )
    return None


def _dense(values: Sequence[int], t: Type) -> str:
    """A ``DenseIntElementsAttr`` as MLIR prints it: a splat as its one value."""
    s = shape(t) or ()
    if values and all(v == values[0] for v in values):
        return f"dense<{values[0]}> : {t}"

    def nest(flat: Sequence[int], dims: Sequence[int | None]) -> str:
        if not dims:
            return str(flat[0])
        step = len(flat) // (dims[0] or 1)
        return "[" + ", ".join(nest(flat[i * step : (i + 1) * step], dims[1:]) for i in range(dims[0] or 0)) + "]"

    return f"dense<{nest(values, s)}> : {t}"


def broadcast_gradient_args(op: Operation) -> Problem | None:
    """``tf.BroadcastGradientArgs``: with both shapes constant, shapes that broadcast, and static
    results as long as the dimensions each side reduces."""
    if len(op.operands) != 2 or len(op.results) != 2:
        return None
    s0, s1 = constant_ints(op, 0), constant_ints(op, 1)
    if s0 is None or s1 is None:
        return None
    joined = _broadcast(tuple(s0), tuple(s1))
    if joined is None:
        a, b = _dense(s0, op.operands[0].type), _dense(s1, op.operands[1].type)
        return _what("BC1717", f"requires broadcast compatible shape tensors for 's0' and 's1', but got {a} and {b}")
    r0: list[int] = []
    r1: list[int] = []
    if s0 != s1:
        n = len(joined)
        for i in range(n, 0, -1):
            idx = n - i
            i0 = -1 if i > len(s0) else len(s0) - i
            i1 = -1 if i > len(s1) else len(s1) - i
            if i0 == -1:
                r0.append(idx)
                if s1[i1] == 1:
                    r1.append(idx)
            elif i1 == -1:
                r1.append(idx)
                if s0[i0] == 1:
                    r0.append(idx)
            elif s0[i0] != s1[i1]:
                (r0 if s0[i0] != joined[idx] else r1).append(idx)
            elif s0[i0] == 1:
                r0.append(idx)
                r1.append(idx)
    for name, found, t in (("r0", r0, op.results[0].type), ("r1", r1, op.results[1].type)):
        s = shape(t)
        if s is not None and static(t) and len(s) >= 1 and s[0] != len(found):
            return _what("BC1717", f"requires dimension 0 size of '{name}' to be {len(found)} but got {s[0]}")
    return None


# ------------------------------------------------------------------------------- operand ranks


def invert_permutation(op: Operation) -> Problem | None:
    """``tf.InvertPermutation``: a 1-D (or unranked) ``x``."""
    if len(op.operands) == 1 and not rank_is(operand_type(op, 0), 1):
        return _what("BC1718", "requires input x to be 1-dimensional")
    return None


def matrix_band_part(op: Operation) -> Problem | None:
    """``tf.MatrixBandPart``: ``input`` of rank 2 or more, 0-D ``num_lower`` and ``num_upper``."""
    if len(op.operands) != 3:
        return None
    x, lower, upper = (u.type for u in op.operands)
    if len(op.results) == 1 and not dynamically_equal(x, op.results[0].type):
        return Problem("BC1168", {"what": "all of {input, band} have dynamically equal types "})
    if not rank_at_least(operand_type(op, 0), 2):
        return _what("BC1718", f"requires `input` to have rank of at least 2, but found '{x}'")
    if not rank_is(operand_type(op, 1), 0):
        return _what("BC1718", f"requires `num_lower` to have 0 dimensions, but found '{lower}'")
    if not rank_is(operand_type(op, 2), 0):
        return _what("BC1718", f"requires `num_upper` to have 0 dimensions, but found '{upper}'")
    return None


def max_pool_grad(op: Operation) -> Problem | None:
    """``tf.MaxPoolGrad``: its attributes, then 4-D (or unranked) ``orig_input``, ``orig_output``, ``grad``."""
    if len(op.operands) != 3:
        return None
    for index, name in enumerate(("orig_input", "orig_output", "grad")):
        if not rank_is(operand_type(op, index), 4):
            return _what("BC1718", f"requires {name} to be rank 4")
    return None


def qr(op: Operation) -> Problem | None:
    """``tf.Qr``: a ranked input of rank 2 or more."""
    if len(op.operands) == 1 and not rank_at_least(operand_type(op, 0), 2):
        return _what("BC1718", "requires ranked input tensor to be of rank 2 or more")
    return None


# --------------------------------------------------------------------------------------- bitcast


def _bits(element: str) -> int | None:
    """``getIntOrFloatBitWidth`` of an integer or float element (``None``: neither)."""
    if element in ("bf16", "f16"):
        return 16
    if element.startswith("f8"):
        return 8
    for prefix in ("ui", "si", "i", "f"):
        if element.startswith(prefix) and element[len(prefix) :].isdigit():
            return int(element[len(prefix) :])
    return None


def bitcast(op: Operation) -> Problem | None:
    """``tf.Bitcast``: between static shapes of integer or float elements, the narrower side has one
    more dimension, sized by the ratio of the widths, and the others equal; equal widths keep the
    shape."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return None
    a, b = op.operands[0].type, op.results[0].type
    wa, wb = _bits(_element(a)), _bits(_element(b))
    if not static(a) or not static(b) or wa is None or wb is None:
        return None
    sa, sb = shape(a) or (), shape(b) or ()
    if wa < wb:
        if wb % wa:
            return _what("BC1719", "output element bitwidth is not multiple of input element bitwidth")
        if len(sa) != len(sb) + 1:
            return _what(
                "BC1719",
                f"rank of input tensor is {len(sa)}. rank of output tensor is expected to be {len(sa) - 1}, "
                f"instead of {len(sb)}.",
            )
        if not sa or sa[-1] != wb // wa:
            return _what(
                "BC1719",
                "input rightmost dimension size is not equal to the divisor. the last dimension of input is "
                f"expected to be {wb // wa}",
            )
        pairs = range(len(sb))
    elif wa > wb:
        if wa % wb:
            return _what("BC1719", "input element bitwidth is not multiple of output element bitwidth")
        if len(sa) + 1 != len(sb):
            return _what(
                "BC1719",
                f"rank of input tensor is {len(sa)}. rank of output tensor is expected to be {len(sa) + 1}, "
                f"instead of {len(sb)}.",
            )
        if sb[-1] != wa // wb:
            return _what(
                "BC1719",
                "output rightmost dimension size is not equal to the divisor. the last dimension of output is "
                f"expected to be {wa // wb}",
            )
        pairs = range(len(sa))
    else:
        if sa != sb:
            return _what("BC1719", "output tensor shape shall be equal to input tensor shape")
        return None
    for i in pairs:
        if sa[i] != sb[i]:
            return _what(
                "BC1719",
                f"the {i}th dim of output tensor is {sb[i]}. It is not equal to the one in input tensor, which is "
                f"{sa[i]}",
            )
    return None


# -------------------------------------------------------------------------------- batch to space


def batch_to_space(op: Operation) -> Problem | None:
    """``tf.BatchToSpace``: a 4-D input whose batch ``block_size**2`` divides, ``[2, 2]`` crops (not
    negative when constant), a 4-D output of the batch, spatial sizes and depth they give."""
    if len(op.operands) != 2 or len(op.results) != 1:
        return None
    block = attr_int(op, "block_size")
    if block is None or block < 2:
        return None
    x_type, crops_type, out_type = op.operands[0].type, op.operands[1].type, op.results[0].type
    x: list[int | None] = [None] * 4
    xs = shape(x_type)
    if xs is not None:
        if len(xs) != 4:
            return _what("BC1720", f"requires input to be a 4D tensor, but got '{x_type}'")
        if xs[0] is not None and xs[0] % (block * block):
            return _what(
                "BC1720",
                "requires input batch (dimension 0) to be evenly divisible by (block_size * block_size), but got "
                f"input batch {xs[0]} and block_size {block}",
            )
        x = list(xs)
    cs = shape(crops_type)
    if cs is not None:
        if len(cs) != 2:
            return _what("BC1720", f"requires crops to be a 2D tensor, but got '{crops_type}'")
        if any(d is not None and d != 2 for d in cs):
            return _what("BC1720", f"requires crops to be a tensor<2x2>, but got '{crops_type}'")
    crops = constant_ints(op, 1)
    if crops is not None:
        if len(crops) != 4:
            return None
        if any(v < 0 for v in crops):
            literal = _dense(crops, crops_type)
            return _what("BC1720", f"requires all crop values to be nonnegative, but got {literal}")
    os_ = shape(out_type)
    if os_ is None:
        return None
    if len(os_) != 4:
        return _what("BC1720", f"requires output to be a 4D tensor, but got '{out_type}'")
    if x[0] is not None and os_[0] is not None and os_[0] * block * block != x[0]:
        return _what(
            "BC1720",
            "requires output batch (dimension 0) to be equal to input batch (dimension 0) / (block_size * "
            f"block_size), but got output batch {os_[0]}, input batch {x[0]}, and block_size {block}",
        )
    names = ((1, "height", "crop_top", "crop_bottom"), (2, "width", "crop_left", "crop_right"))
    for dim, name, a_name, b_name in names:
        i, o = x[dim], os_[dim]
        if i is None or o is None:
            continue
        if crops is None and o > i * block:
            return _what(
                "BC1720",
                f"requires output {name} (dimension {dim}) to be less than or equal to input {name} (dimension "
                f"{dim}) * block_size, but got output {name} {o}, input {name} {i}, and block_size {block}",
            )
        if crops is not None:
            ca, cb = crops[2 * (dim - 1)], crops[2 * (dim - 1) + 1]
            if o != i * block - ca - cb:
                return _what(
                    "BC1720",
                    f"requires output {name} (dimension {dim}) to be equal to input {name} (dimension {dim}) * "
                    f"block_size - {a_name} - {b_name}, but got output {name} {o}, input {name} {i}, {a_name} "
                    f"{ca}, {b_name} {cb}, and block_size {block}",
                )
    if x[3] is not None and os_[3] is not None and x[3] != os_[3]:
        return _what(
            "BC1720",
            "requires output depth (dimension 3) to be equal to input depth (dimension 3), but got output depth "
            f"{os_[3]} and input depth {x[3]}",
        )
    return None


# ------------------------------------------------------------------------------ strided slice grad


def strided_slice_grad(op: Operation) -> Problem | None:
    """``tf.StridedSliceGrad``: a 1-D (or unranked) ``shape``, then ``VerifyStridedSliceBase``: 1-D
    ``begin``, ``end``, ``strides`` of one length (under 32), no zero constant stride, at most one
    ellipsis (:func:`broadcheck.dialects.tf.checks.strided_slice_base`, which ``tf.StridedSlice``
    runs after its own ODS checks)."""
    if len(op.operands) != 5:
        return None
    r = rank(op.operands[0].type)
    if r is not None and r != 1:
        return _what("BC1721", f"'shape' operand must be 1D tensor, but got {r}D tensor")
    return strided_slice_base(op)


# ------------------------------------------------------------------------------------ the rest


def set_static_dimension_bounds(op: Operation) -> Problem | None:
    """``tf.SetStaticDimensionBounds``: an input of rank 2 or less, a 1-D static shape as long as
    the input's rank."""
    if len(op.operands) != 2:
        return None
    r = rank(op.operands[0].type)
    if r is not None and r > 2:
        return _what("BC1723", "was used with an input tensor with rank > 2, only tensors of rank 1,2 are supported")
    bounds = op.operands[1].type
    s = shape(bounds)
    if s is not None and len(s) != 1:
        return _what("BC1723", "static shape must be of rank 1 (vector)")
    if r is not None and s is not None and static(bounds) and s[0] != r:
        return _what("BC1723", "static shape must have num_elements == rank of input tensor")
    return None


def parse_example_v2(op: Operation) -> Problem | None:
    """``tf.ParseExampleV2``: as many dense values as dense defaults (``Tdense``), ``num_sparse``
    sparse values (``sparse_types``) and as many sparse indices and shapes, as many ragged values as
    row splits (the result groups from ``resultSegmentSizes``)."""
    seg = op.attribute("resultSegmentSizes")
    num_sparse = attr_int(op, "num_sparse")
    if seg is None or num_sparse is None or len(op.operands) < 5:
        return None
    text = "".join(seg.text.split())
    if not (text.startswith("array<i32:") and text.endswith(">")):
        return None
    sizes = [int(v) for v in text[len("array<i32:") : -1].split(",") if v]
    if len(sizes) != 6 or sum(sizes) != len(op.results):
        return None
    sparse_indices, sparse_values, sparse_shapes, dense_values, ragged_values, ragged_splits = sizes
    if dense_values != len(op.operands) - 5:
        return _bare("output 'dense_values' should have same length as attribute 'Tdense'")
    if num_sparse != sparse_values:
        return _bare("attribute 'num_sparse' should be the same as the length of attribute 'sparse_types'")
    if sparse_indices != sparse_values:
        return _bare("output 'sparse_indices' should have same length as attribute 'sparse_types'")
    if sparse_shapes != sparse_values:
        return _bare("output 'sparse_shapes' should have same length as attribute 'sparse_types'")
    if ragged_values != ragged_splits:
        return _bare("attribute 'ragged_value_types' should have same length as attribute 'ragged_split_types'")
    return None


def _branch_index(op: Operation) -> Problem | None:
    """``VerifyCaseOpBase``: a 0-D (or unranked) ``branch_index``."""
    t = op.operands[0].type
    if not rank_is(operand_type(op, 0), 0):
        return _what("BC1722", f"expects 'branch_index' to be a scalar, but got '{t}'")
    return None


def case(op: Operation) -> Problem | None:
    """``tf.Case``: ``branches`` and ``is_stateless``, then a 0-D ``branch_index`` (the functions it
    names are checked once the module is read: :func:`symbol_uses`)."""
    if not op.operands:
        return None
    return _branch_index(op)


def case_region(op: Operation) -> Problem | None:
    """``tf.CaseRegion``: ``is_stateless``, a region or more, a 0-D ``branch_index``, then each
    branch's ``tf.Yield`` cast compatible with the results."""
    if len(op.operands) != 1:
        return None
    if not op.regions:
        return _what("BC1722", "expects to have at least 1 region")
    problem = _branch_index(op)
    if problem is not None:
        return problem
    if any(r.terminator != "tf.Yield" for r in op.regions):
        return None
    results = [u.type for u in op.results]
    for i, region in enumerate(op.regions):
        problem = ranges((region.yields, f"branch #{i} result"), (results, "result"))
        if problem is not None:
            return problem
    return None


# ------------------------------------------------------------------------------- tf.Case's symbols


def _case_rule(branches: tuple[str, ...]) -> SymbolRule:
    """``VerifyCaseOrIfOpBranchFunctions`` over ``tf.Case``'s branches (the words of ``tf.If``'s)."""
    from broadcheck.dialects.tf import calls

    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        verified = calls._verified(texts)
        if verified is None or not verified[0]:
            return None
        operands, results = verified
        if not rank_is(operands[0], 0) or _element(operands[0]) != "i32":
            return None  # the op's own checks reject it first
        seen: list[list[Type]] = []
        for i, (symbol, callee) in enumerate(zip(branches, callees, strict=True)):
            word = f"branch #{i}"
            if callee is None:
                return "BC1307", {"detail": f"expects {word} ({calls._printed(symbol)}) to point to a defined function"}
            sig = calls._signature(callee)
            if sig is None:
                return None
            problem = ranges((sig[0], f"{word} input"), (operands[1:], "input"), calls._CODES) or ranges(
                (sig[1], f"{word} result"), (results, "result"), calls._CODES
            )
            if problem is not None:
                return problem.code, dict(problem.args)
            seen.append(sig[0])
        for index in range(len(operands) - 1):
            column = [s[index] for s in seen]
            if not all(cast_compatible(column[0], t) for t in column[1:]):
                return "BC1310", {"types": ", ".join(str(t) for t in column), "index": index}
        return None

    return rule


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The functions a ``tf.Case`` names (its ``branches``) and the rule that holds it to them, or
    ``None`` when the attribute does not name them as flat references."""
    attr = next((a.text for a in statement.attributes if a.name == "branches"), None)
    stateless = next((a.text.strip() for a in statement.attributes if a.name == "is_stateless"), None)
    if attr is None or stateless not in ("true", "false"):
        return None
    text = "".join(attr.split())
    if not (text.startswith("[") and text.endswith("]")):
        return None
    written = [w for w in text[1:-1].split(",") if w]
    if not written or not all(w.startswith("@") and "::" not in w for w in written):
        return None
    names = tuple(symbol_name(w) for w in written)
    return names, _case_rule(names)


VERIFIERS: dict[str, Verify] = {
    "tf.Conv2DBackpropInput": conv_2d_backprop_input,
    "tf.Conv3D": conv_3d,
    "tf.FusedBatchNorm": fused_batch_norm,
    "tf.BiasAddGrad": bias_add_grad,
    "tf.ShapeN": shape_n,
    "tf.Size": size,
    "tf.VariableShape": variable_shape,
    "tf.SoftmaxCrossEntropyWithLogits": softmax_cross_entropy,
    "tf.SparseSoftmaxCrossEntropyWithLogits": sparse_softmax_cross_entropy,
    "tf.DynamicStitch": dynamic_stitch,
    "tf.ConcatOffset": concat_offset,
    "tf.BroadcastGradientArgs": broadcast_gradient_args,
    "tf.InvertPermutation": invert_permutation,
    "tf.MatrixBandPart": matrix_band_part,
    "tf.MaxPoolGrad": max_pool_grad,
    "tf.Qr": qr,
    "tf.Bitcast": bitcast,
    "tf.BatchToSpace": batch_to_space,
    "tf.StridedSliceGrad": strided_slice_grad,
    "tf.SetStaticDimensionBounds": set_static_dimension_bounds,
    "tf.ParseExampleV2": parse_example_v2,
    "tf.Case": case,
    "tf.CaseRegion": case_region,
}
"""Each op's ``verify()``, run after its ODS checks (:data:`CONSTRAINTS` added to its table's)."""

INT_OR_FLOAT = "tensor of integer or floating-point values"
CONSTRAINTS: dict[str, tuple[str, ...]] = {
    "tf.ConcatOffset": (
        "operand#0=tensor of 32-bit integer values",
        "operand#1=variadic of tensor of 32/64-bit signed integer values",
        "result#0=variadic of tensor of 32/64-bit signed integer values",
    ),
    "tf.DynamicStitch": (
        "operand#0=variadic of tensor of 32-bit integer values",
        "operand#1=variadic of tensor of tf.dtype values",
        "result#0=tensor of tf.dtype values",
    ),
    "tf.MaxPoolGrad": (
        f"operand#0={INT_OR_FLOAT}", f"operand#1={INT_OR_FLOAT}", f"operand#2={INT_OR_FLOAT}",
        f"result#0={INT_OR_FLOAT}",
    ),
    "tf.ShapeN": (
        "operand#0=variadic of tensor of tf.dtype values",
        "result#0=variadic of tensor of 32/64-bit signed integer values",
    ),
    "tf.Case": (
        "operand#0=tensor of 32-bit signless integer values",
        "operand#1=variadic of tensor of tf.dtype values",
        "result#0=variadic of tensor of tf.dtype values",
    ),
    "tf.CaseRegion": (
        "operand#0=tensor of 32-bit signless integer values",
        "result#0=variadic of tensor of tf.dtype values",
    ),
}  # fmt: skip
"""The ODS type constraints of the ops the wheel's generated table leaves without them (the tool's
words, asked one value at a time as ``tests/oracle/ods_probe.py`` does), checked where ODS checks
them: right after ``OpInvariants``."""


def traits(name: str) -> tuple[str, ...]:
    """Op ``name``'s generated traits with :data:`CONSTRAINTS` put in after ``OpInvariants``."""
    from broadcheck.dialects import ods

    found = ods.generated(name)
    extra = CONSTRAINTS.get(name, ())
    if not extra or "OpInvariants" not in found:
        return found
    at = found.index("OpInvariants") + 1
    return (*found[:at], *extra, *found[at:])


def _is_array(text: str) -> bool:
    """An ``ArrayAttr`` as written (``[1, 2]``; a dense ``array<i64: ...>`` is another attribute)."""
    return text.strip().startswith("[")


def _min_count(name: str, least: int) -> Callable[[Operation], Problem | None]:
    """ODS's ``ConfinedAttr<I64ArrayAttr, [ArrayMinCount<least>]>`` on attribute ``name``."""

    def check(op: Operation) -> Problem | None:
        attr, found = op.attribute(name), attr_ints(op, name)
        if attr is not None and (not _is_array(attr.text) or found is None or len(found) < least):
            constraint = f"64-bit integer array attribute with at least {least} elements"
            return Problem("BC562", {"name": name, "constraint": constraint})
        return None

    return check


def _int_array(name: str) -> Verify:
    """ODS's ``I64ArrayAttr`` on attribute ``name``: an array of integers."""

    def check(op: Operation) -> Problem | None:
        attr = op.attribute(name)
        if attr is not None and (not _is_array(attr.text) or attr_ints(op, name) is None):
            return Problem("BC562", {"name": name, "constraint": "64-bit integer array attribute"})
        return None

    return check


def _one_of(name: str, values: tuple[str, ...], words: str | None = None) -> Verify:
    """A string attribute of one of ``values`` (``words``: how TensorFlow's constraint reads, when
    not ``string attribute whose value is A, or B``)."""
    constraint = words or "string attribute whose value is " + ", or ".join(values)

    def check(op: Operation) -> Problem | None:
        if op.attribute(name) is not None and attr_str(op, name) not in values:
            return Problem("BC562", {"name": name, "constraint": constraint})
        return None

    return check


def _typed(name: str, pattern: str, constraint: str) -> Verify:
    """An attribute whose text must match ``pattern`` (``I64Attr``, ``BoolAttr``, ``F32Attr``)."""

    def check(op: Operation) -> Problem | None:
        attr = op.attribute(name)
        if attr is not None and re.fullmatch(pattern, attr.text.strip()) is None:
            return Problem("BC562", {"name": name, "constraint": constraint})
        return None

    return check


def _i64(name: str) -> Verify:
    return _typed(name, r"[-+]?\d+(?:\s*:\s*i64)?", "64-bit signless integer attribute")


def _bool(name: str) -> Verify:
    return _typed(name, r"true|false", "bool attribute")


def _f32(name: str) -> Verify:
    return _typed(name, r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+)\s*:\s*f32", "32-bit float attribute")


SHAPES = _typed("dense_shapes", r"\[\s*(?:#tf_type\.shape<[^>]*>\s*(?:,\s*#tf_type\.shape<[^>]*>\s*)*)?\]",
                "tensorflow shape attribute array")  # fmt: skip

CONVNET = _one_of("data_format", ("NHWC", "NCHW"), "'NHWC' or 'NCHW' convnet data format")


def _block_size(op: Operation) -> Problem | None:
    """``tf.BatchToSpace``'s ``block_size``: an ``i64`` of 2 or more."""
    attr = op.attribute("block_size")
    if attr is None:
        return None
    text = "".join(attr.text.split())
    value = attr_int(op, "block_size")
    if value is None or value < 2 or (":" in text and not text.endswith(":i64")):
        constraint = "64-bit signless integer attribute whose minimum value is 2"
        return Problem("BC562", {"name": "block_size", "constraint": constraint})
    return None


def _branches(op: Operation) -> Problem | None:
    """``tf.Case``'s ``branches``: an array of one or more symbol references."""
    attr = op.attribute("branches")
    if attr is None:
        return None
    text = "".join(attr.text.split())
    items = [w for w in text[1:-1].split(",") if w] if text.startswith("[") and text.endswith("]") else []
    if not items or not all(w.startswith("@") for w in items):
        constraint = "symbol ref array attribute with at least 1 elements"
        return Problem("BC562", {"name": "branches", "constraint": constraint})
    return None


def _attributes(names: tuple[str, ...], *constraints: tuple[str, Verify]) -> Verify:
    """ODS's attribute checks, first among the invariants: the constraints of the attributes written
    (``verifyInherentAttrs``, as the generic form is read: by name), then each required attribute."""
    ordered = [c for _, c in sorted(constraints, key=lambda named: named[0])]

    def check(op: Operation) -> Problem | None:
        return next((p for c in ordered if (p := c(op)) is not None), None) or _required(op, *names)

    return check


ATTRIBUTES: dict[str, Verify] = {
    "tf.Conv2DBackpropInput": _attributes(
        ("strides", "padding"),
        ("strides", _int_array("strides")),
        ("use_cudnn_on_gpu", _bool("use_cudnn_on_gpu")),
        ("padding", _one_of("padding", ("SAME", "VALID", "EXPLICIT"))),
        ("explicit_paddings", _int_array("explicit_paddings")),
        ("data_format", CONVNET),
        ("dilations", _int_array("dilations")),
    ),
    "tf.Conv3D": _attributes(
        ("strides", "padding"),
        ("strides", _min_count("strides", 5)),
        ("padding", _one_of("padding", ("SAME", "VALID"))),
        ("data_format", _one_of("data_format", ("NDHWC", "NCDHW"))),
        ("dilations", _int_array("dilations")),
    ),
    "tf.MaxPoolGrad": _attributes(
        ("ksize", "strides", "padding"),
        ("ksize", _min_count("ksize", 4)),
        ("strides", _min_count("strides", 4)),
        ("padding", _one_of("padding", ("SAME", "VALID", "EXPLICIT"))),
        ("data_format", CONVNET),
    ),
    "tf.BiasAddGrad": _attributes((), ("data_format", CONVNET)),
    "tf.FusedBatchNorm": _attributes(
        (),
        ("epsilon", _f32("epsilon")),
        ("exponential_avg_factor", _f32("exponential_avg_factor")),
        ("data_format", CONVNET),
        ("is_training", _bool("is_training")),
    ),
    "tf.StridedSliceGrad": _attributes(
        (), *((f"{m}_mask", _i64(f"{m}_mask")) for m in ("begin", "end", "ellipsis", "new_axis", "shrink_axis"))
    ),
    "tf.BatchToSpace": _attributes(("block_size",), ("block_size", _block_size)),
    "tf.ParseExampleV2": _attributes(
        ("num_sparse", "dense_shapes"),
        (
            "num_sparse",
            _typed(
                "num_sparse", r"\+?\d+(?:\s*:\s*i64)?", "64-bit signless integer attribute whose minimum value is 0"
            ),
        ),
        ("dense_shapes", SHAPES),
    ),
    "tf.Case": _attributes(
        ("branches", "is_stateless"), ("branches", _branches), ("is_stateless", _bool("is_stateless"))
    ),
    "tf.CaseRegion": _attributes(("is_stateless",), ("is_stateless", _bool("is_stateless"))),
}
"""The attribute checks the verifiers rely on, run before the type constraints as ODS runs them."""


def check(name: str) -> Callable[[Operation, Profile], Problem | None]:
    """Op ``name``'s check: its ODS traits and type constraints (:func:`traits`), then its verifier."""
    from broadcheck.dialects.ods.traits import check_of

    attributes, invariants, verify = ATTRIBUTES.get(name), check_of(traits(name), NOT_JUDGED), VERIFIERS[name]

    def run(op: Operation, profile: Profile) -> Problem | None:
        return (attributes(op) if attributes else None) or then(invariants(op, profile), lambda: verify(op))

    return run


FAMILIES = {"tf.Case": "tf-call", "tf.CaseRegion": "tf-region"}
OPS = [Op(name, FUNCTIONAL, check(name), FAMILIES.get(name, "tf-shape"), constants=True) for name in VERIFIERS]
"""The declarations (:mod:`broadcheck.dialects.tf` lists them with its own)."""
