"""The ``tfl`` ops of neural networks: batch_matmul, fully_connected, conv_2d,
depthwise_conv_2d, transpose_conv, max_pool_2d, average_pool_2d, the reductions (mean,
sum, reduce_max, reduce_min, reduce_prod) and softmax.

As in :mod:`broadcheck.dialects.tfl.data`: the ODS and ``verify()`` of TensorFlow 2.21,
in their order and words; what only the TFLite kernels check is a warning
(:mod:`broadcheck.dialects.tfl.kernels`).

PASS::

    %0 = "tfl.batch_matmul"(%x, %y) <{adj_x = false, adj_y = false}>
        : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>

FAIL::

    %0 = "tfl.batch_matmul"(%x, %y) <{adj_x = false, adj_y = false}>
        : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
"""

from __future__ import annotations

from broadcheck.dialects.tfl import kernels
from broadcheck.dialects.tfl.base import (
    attr_bool,
    attr_int,
    attr_str,
    compatible,
    confined,
    count,
    counts,
    enums,
    first,
    has_rank,
    has_rank_at_least,
    inferred,
    is_none,
    required,
    result_like,
    same_scale,
    same_shape,
    shape,
    static,
    tensors,
    windowed,
    with_shape,
)
from broadcheck.ops import Dim, Operation, Shape
from broadcheck.semantics import Problem, Profile
from broadcheck.semantics.mlir import IncompatibleDims, infer_shape

SAME_ELEMENT = "input and output must have same element type"


def _all(op: Operation, none: bool = False) -> bool:
    return tensors((u.type for u in (*op.operands, *op.results)), none)


# ------------------------------------------------------------------------------------ batch_matmul


def batch_matmul(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.batch_matmul``: batch dimensions that broadcast, and the output's rank and sizes."""
    problem = counts(op, 2)
    if problem is not None or not _all(op):
        return problem
    problem = first(lambda: has_rank_at_least(op, 0, 2), lambda: has_rank_at_least(op, 1, 2))
    if problem is not None:
        return problem
    x_type, y_type = op.operands[0].type, op.operands[1].type
    x, y = shape(x_type), shape(y_type)
    if x is None or y is None:
        return kernels.batch_matmul(op)
    try:
        batch = infer_shape(x[:-2], y[:-2], Profile.LLVM)
    except IncompatibleDims:
        return Problem("BC753", {"lhs": x_type, "rhs": y_type})
    out = shape(op.results[0].type)
    if out is None:
        return kernels.batch_matmul(op)
    expected_rank = max(len(x), len(y))
    if len(out) != expected_rank:
        return Problem("BC754", {"expected": expected_rank, "actual": len(out)})
    for i, b in enumerate(batch):
        if out[i] is not None and b is not None and out[i] != b:
            return Problem("BC755", {"input": b, "output": out[i]})
    adj_x, adj_y = attr_bool(op, "adj_x"), attr_bool(op, "adj_y")
    row = x[-1] if adj_x else x[-2]
    col = y[-2] if adj_y else y[-1]
    if row is not None and out[-2] is not None and out[-2] != row:
        return Problem("BC756", {"which": "row", "expected": row, "actual": out[-2]})
    if col is not None and out[-1] is not None and out[-1] != col:
        return Problem("BC756", {"which": "col", "expected": col, "actual": out[-1]})
    return kernels.batch_matmul(op)


# --------------------------------------------------------------------------------- fully_connected


def fully_connected(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.fully_connected``: a 2-D filter whose sizes divide the input's and output's elements."""
    problem = (
        counts(op, 3, None)
        or required(op, "fused_activation_function", "weights_format", "keep_num_dims")
        or enums(op, "fused_activation_function")
    )
    if problem is not None or not _all(op, none=True) or not op.results:
        return problem
    input_type, filter_type = op.operands[0].type, op.operands[1].type
    f = shape(filter_type)
    if f is not None and len(f) != 2:
        return Problem("BC757", {"type": filter_type})
    if not static(input_type) or not static(filter_type):
        return kernels.fully_connected(op)
    assert f is not None
    z_in = f[1]
    n_in = count(shape(input_type) or ())
    assert z_in is not None
    if z_in != 0 and n_in % z_in != 0:
        return Problem("BC758", {"which": "input", "z": z_in, "got": f"input type '{input_type}'"})
    if attr_str(op, "weights_format") == "DEFAULT":
        output = op.results[0].type
        if not static(output):
            return kernels.fully_connected(op)
        n_out = count(shape(output) or ())
        z_out = f[0]
        assert z_out is not None
        if z_out == 0:
            return None  # the C++ divides by it
        if n_out % z_out != 0:
            return Problem("BC758", {"which": "output", "z": z_out, "got": f"'{output}'"})
        if z_in != 0 and n_in // z_in != n_out // z_out:
            return Problem("BC759")
    return kernels.fully_connected(op)


# -------------------------------------------------------------------------------------------- convs


def conv_2d(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.conv_2d``: 4-D input and filter, and the output its type inference gives. (Its bias is any
    tensor in TensorFlow 2.21; later versions want a 1-D one.)"""
    problem = (
        counts(op, 3)
        or required(
            op, "dilation_h_factor", "dilation_w_factor", "fused_activation_function", "padding", "stride_h", "stride_w"
        )
        or enums(op, "fused_activation_function", "padding")
    )
    if problem is not None or not _all(op, none=True) or is_none(op.operands[0].type) or is_none(op.operands[1].type):
        return problem
    input_type, filter_type = op.operands[0].type, op.operands[1].type
    x, w = shape(input_type), shape(filter_type)
    if (x is not None and len(x) != 4) or (w is not None and len(w) != 4):
        return Problem("BC760")
    if x is None or w is None:
        return kernels.conv_2d(op)
    padding = attr_str(op, "padding")
    if padding not in ("SAME", "VALID"):
        return None  # the attribute's own constraint says so first
    out: list[Dim] = [x[0], None, None, w[0]]
    for axis, name in ((1, "h"), (2, "w")):
        stride = attr_int(op, f"stride_{name}")
        dilation = attr_int(op, f"dilation_{name}_factor")
        if stride is None or dilation is None:
            return None
        size, window = x[axis], w[axis]
        if size is not None and window is not None:
            value = windowed(size, window, dilation, stride, padding)
            if value is None:
                return Problem("BC752")
            out[axis] = value
    result = op.results[0].type
    if not compatible(shape(result), tuple(out)):
        return inferred(op, [with_shape(input_type, tuple(out))], [result])
    return kernels.conv_2d(op)


def depthwise_conv_2d(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.depthwise_conv_2d``: nothing in TensorFlow 2.21's verifier; the shapes are the kernel's."""
    problem = (
        counts(op, 3)
        or required(
            op,
            "dilation_h_factor",
            "dilation_w_factor",
            "fused_activation_function",
            "padding",
            "stride_h",
            "stride_w",
            "depth_multiplier",
        )
        or enums(op, "fused_activation_function", "padding")
    )
    if problem is not None or not _all(op, none=True):
        return problem
    return kernels.depthwise_conv_2d(op)


def transpose_conv(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.transpose_conv``: ranks of the output shape, weights and input, and the output against the
    constant output shape."""
    # The attributes' constraints run in ODS order: padding, stride_h, stride_w, the activation.
    problem = (
        counts(op, 4)
        or required(op, "padding", "stride_h", "stride_w", "fused_activation_function")
        or enums(op, "padding")
    )
    if problem is None:
        problem = (
            confined(op, "stride_h", "positive")
            or confined(op, "stride_w", "positive")
            or enums(op, "fused_activation_function")
        )
    if problem is not None or not _all(op, none=True):
        return problem
    problem = first(
        lambda: has_rank(op, 0, 1),
        lambda: has_rank(op, 1, 4),
        lambda: has_rank(op, 2, 4),
        lambda: result_like(op, 0, 2, SAME_ELEMENT),
    )
    if problem is not None:
        return problem
    from broadcheck.dialects.tfl.base import constant_ints

    output = op.results[0].type
    shape_type = op.operands[0].type
    s = shape(shape_type)
    out = shape(output)
    if out is not None and s is not None and static(shape_type) and len(out) != s[0]:
        return Problem("BC761", {"rank": s[0], "type": output})
    values = constant_ints(op, 0)
    if values is None:
        return kernels.transpose_conv(op)
    want: Shape = tuple(None if v == -1 else v for v in values)
    if not compatible(out, want):
        return Problem("BC733", {"expected": with_shape(output, want), "actual": output})
    return kernels.transpose_conv(op)


# ----------------------------------------------------------------------------------------- pooling


def max_pool_2d(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.max_pool_2d``: a 4-D input, the element type, the scale; the output is the kernel's."""
    problem = (
        counts(op, 1)
        or required(op, "padding", "stride_w", "stride_h", "filter_width", "filter_height", "fused_activation_function")
        or enums(op, "padding", "fused_activation_function")
    )
    if problem is not None or not _all(op):
        return problem
    return first(
        lambda: has_rank(op, 0, 4),
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: same_scale(op),
        lambda: kernels.pool(op),
    )


def average_pool_2d(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.average_pool_2d``: the scale; the output is the kernel's."""
    problem = (
        counts(op, 1)
        or required(op, "filter_height", "filter_width", "padding", "stride_h", "stride_w", "fused_activation_function")
        or enums(op, "padding", "fused_activation_function")
    )
    if problem is not None or not _all(op):
        return problem
    return first(lambda: same_scale(op), lambda: kernels.pool(op))


# ----------------------------------------------------------------------------------------- reduce


def reduce(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.mean``, ``sum``, ``reduce_max``, ``reduce_min``, ``reduce_prod``: the element type (and the
    scale for max and min); the output's shape is the kernel's."""
    problem = counts(op, 2) or required(op, "keep_dims")
    if problem is not None or not _all(op):
        return problem
    scaled = op.name in ("tfl.reduce_max", "tfl.reduce_min")
    return first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: same_scale(op) if scaled else None,
        lambda: kernels.reduce(op),
    )


def softmax(op: Operation, profile: Profile) -> Problem | None:
    """``tfl.softmax``: the element type, rank 1 or more, and the input's shape."""
    problem = counts(op, 1) or required(op, "beta")
    if problem is not None or not _all(op):
        return problem
    return first(
        lambda: result_like(op, 0, 0, SAME_ELEMENT),
        lambda: has_rank_at_least(op, 0, 1, "is at least"),
        lambda: same_shape(op),
    )
