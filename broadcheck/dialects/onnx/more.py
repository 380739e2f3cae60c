"""onnx-mlir's verifiers (``ONNX<Op>Op::verify()``) of the ops declared last: the ML ops (CategoryMapper,
OneHotEncoder), the optionals, ShapeTransform, ReverseSequence, RoiAlign, NonMaxSuppression, Upsample,
Attention, ConcatFromSequence, Fused, Im2Col, LpNormalization, UpsampleAndPad; in their words
(``emitOpError``: BC804, ``emitError``: BC805, ``onnx_mlir::Diagnostic``: BC801, BC802).

Each runs after the op's ODS type constraints (:mod:`broadcheck.dialects.onnx.constraints`), as MLIR
runs ``verifyInvariants`` before ``verify()``.
"""

from __future__ import annotations

import re

from broadcheck.dialects.common import attr_int, attr_ints, attr_str, element, is_none, shape
from broadcheck.dialects.onnx.verify import Verifier, bad_rank, error, op_error, out_of_range, ranked
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem


def _rank(t: Type) -> int | None:
    s = shape(t)
    return None if s is None else len(s)


def _operand(op: Operation, i: int) -> Type | None:
    return op.operands[i].type if i < len(op.operands) else None


def _string(t: Type) -> bool:
    return "".join(element(t).split()) == "!onnx.String"


def category_mapper(op: Operation) -> Problem | None:
    """``ONNXCategoryMapperOp::verify``: an i64 or string input, both category lists of one size, the
    default of the other kind."""
    x = _operand(op, 0)
    if x is None or not ranked(x):
        return None
    e = "".join(element(x).split())
    if e != "i64" and not _string(x):
        return op_error("cm-input")
    ints, strings = op.attribute("cats_int64s"), op.attribute("cats_strings")
    if ints is None:
        return op_error("cm-ints")
    if strings is None:
        return op_error("cm-strings")
    a, b = attr_ints(op, "cats_int64s"), _count(strings.text)
    if a is not None and b is not None and len(a) != b:
        return op_error("cm-size")
    if e == "i64" and op.attribute("default_string") is None:
        return op_error("cm-default-string")
    if e != "i64" and op.attribute("default_int64") is None:
        return op_error("cm-default-int64")
    return None


def _count(text: str) -> int | None:
    """The number of items of an array attribute (``["a", "b"]``)."""
    from broadcheck.syntax.attributes import value

    try:
        items = value(text)
    except Exception:  # (an attribute broadcheck cannot read: not judged)
        return None
    return len(items) if isinstance(items, list) else None


def one_hot_encoder(op: Operation) -> Problem | None:
    """``ONNXOneHotEncoderOp::verify``: an integer or float input needs ``cats_int64s``, another one
    ``cats_strings``."""
    x = _operand(op, 0)
    if x is None or not ranked(x):
        return None
    if not _string(x):
        if op.attribute("cats_int64s") is None:
            return op_error("ohe-ints")
    elif op.attribute("cats_strings") is None:
        return op_error("ohe-strings")
    return None


def optional(op: Operation) -> Problem | None:
    """``ONNXOptionalOp::verify``: a ``type`` attribute exactly when the input is none."""
    x = _operand(op, 0)
    if x is None:
        return None
    if (op.attribute("type") is not None) != is_none(x):
        return error("optional")
    return None


def _opt(t: Type) -> bool:
    return isinstance(t, OpaqueType) and "".join(t.text.split()).startswith("!onnx.Opt<")


def optional_get_element(op: Operation) -> Problem | None:
    """``ONNXOptionalGetElementOp::verify``: an optional input."""
    x = _operand(op, 0)
    return error("optional-get") if x is not None and not _opt(x) else None


def optional_has_element(op: Operation) -> Problem | None:
    """``ONNXOptionalHasElementOp::verify``: an optional input."""
    x = _operand(op, 0)
    return error("optional-has") if x is not None and not _opt(x) else None


_SYMBOLS = re.compile(r"affine_map\s*<\s*\([^)]*\)\s*\[")


def shape_transform(op: Operation) -> Problem | None:
    """``ONNXShapeTransformOp::verify``: an ``index_map`` without symbols, a static input, as many
    elements out as in."""
    index_map = op.attribute("index_map")
    if index_map is not None and _SYMBOLS.match(index_map.text.strip()):
        return error("st-symbols")
    x = _operand(op, 0)
    if not isinstance(x, ShapedType):
        return None
    s = shape(x)
    if s is None or None in s:
        return error("st-dynamic")
    if op.results:
        out = shape(op.results[0].type)
        if out is not None and None not in out and _product(s) != _product(out):
            return error("st-elements")
    return None


def _product(s: tuple[int | None, ...]) -> int:
    n = 1
    for d in s:
        n *= d or 0
    return n


def reverse_sequence(op: Operation) -> Problem | None:
    """``ONNXReverseSequenceOp::verify``: a 1-d ``sequence_lens``, an input of rank 2 or more, the one's
    length the other's size at ``batch_axis``."""
    x, lens = _operand(op, 0), _operand(op, 1)
    xs = shape(x) if x is not None else None
    ls = shape(lens) if lens is not None else None
    if ls is not None and len(ls) != 1:
        return op_error("rs-lens")
    if xs is not None and len(xs) < 2:
        return op_error("rs-input")
    if xs is not None and ls is not None:
        axis = attr_int(op, "batch_axis", 1)
        known = axis is not None and 0 <= axis < len(xs) and ls[0] is not None and xs[axis] is not None
        if known and ls[0] != xs[axis]:  # type: ignore[index]
            return op_error("rs-length")
    return None


def roi_align(op: Operation) -> Problem | None:
    """``ONNXRoiAlignOp::verify``: X 4-d, batch_indices 1-d (both ranked)."""
    x, b = _operand(op, 0), _operand(op, 2)
    if x is None or b is None or not ranked(x) or not ranked(b):
        return None
    if _rank(x) != 4:
        return op_error("roi-x")
    if _rank(b) != 1:
        return op_error("roi-batch")
    return None


def non_max_suppression(op: Operation) -> Problem | None:
    """``ONNXNonMaxSuppressionOp::verify``: boxes 3-d of last size 4, scores 3-d, the three thresholds of
    rank 0 or 1."""
    boxes, scores = _operand(op, 0), _operand(op, 1)
    bs = shape(boxes) if boxes is not None else None
    if bs is not None:
        if len(bs) != 3:
            return op_error("nms-boxes")
        if bs[2] is not None and bs[2] != 4:
            return op_error("nms-boxes-last")
    ss = shape(scores) if scores is not None else None
    if ss is not None and len(ss) != 3:
        return op_error("nms-scores")
    for i, name in ((2, "nms-max"), (3, "nms-score"), (4, "nms-iou")):
        t = _operand(op, i)
        r = _rank(t) if t is not None else None
        if r is not None and r > 1:
            return op_error(name)
    return None


def upsample(op: Operation) -> Problem | None:
    """``ONNXUpsampleOp::verify``: ranked X and scales: scales 1-d, of X's rank values."""
    x, scales = _operand(op, 0), _operand(op, 1)
    if x is None or scales is None or not ranked(x) or not ranked(scales):
        return None
    s = shape(scales) or ()
    if len(s) != 1:
        return error("upsample-rank")
    if s[0] != _rank(x):
        return error("upsample-shape")
    return None


def attention(op: Operation) -> Problem | None:
    """``ONNXAttentionOp::verify``: Q of rank 3 or 4, K and V of Q's rank, past_key and past_value both or
    neither (4-d), present_key and present_value both or neither, softcap not negative,
    qk_matmul_output_mode in [0, 3]."""
    q = _operand(op, 0)
    q_rank = _rank(q) if q is not None else None
    if q_rank is not None:
        if q_rank not in (3, 4):
            return bad_rank(op, 0, q_rank, "3 or 4")
        for i in (1, 2):
            t = _operand(op, i)
            r = _rank(t) if t is not None else None
            if r is not None and r != q_rank:
                return bad_rank(op, i, r, str(q_rank))
    past = [_operand(op, i) for i in (4, 5)]
    present = [not is_none(t) for t in past if t is not None]
    if len(present) == 2 and present[0] != present[1]:
        return op_error("att-past")
    for i, t in zip((4, 5), past, strict=True):
        r = _rank(t) if t is not None and not is_none(t) else None
        if r is not None and r != 4:
            return bad_rank(op, i, r, "4")
    outs = [not is_none(op.results[i].type) for i in (1, 2) if i < len(op.results)]
    if len(outs) == 2 and outs[0] != outs[1]:
        return op_error("att-present")
    softcap = op.attribute("softcap")
    if softcap is not None and softcap.text.strip().startswith("-"):
        value = _float(softcap.text)
        if value is not None and value < 0:
            return op_error("att-softcap")
    mode = attr_int(op, "qk_matmul_output_mode", 0)
    if mode is not None and not 0 <= mode <= 3:
        return out_of_range(op, "qk_matmul_output_mode", mode, 0, 3)
    return None


def _float(text: str) -> float | None:
    head = text.split(":")[0].strip()
    try:
        return float(head)
    except ValueError:
        return None


def concat_from_sequence(op: Operation) -> Problem | None:
    """``ONNXConcatFromSequenceOp::verify``: ``axis`` in [-r, r-1], or [-r-1, r] with ``new_axis`` 1, r
    the rank of the sequence's tensors."""
    seq = _operand(op, 0)
    if not isinstance(seq, OpaqueType):
        return None
    text = "".join(seq.text.split())
    if not text.startswith("!onnx.Seq<"):
        return None
    from broadcheck.syntax.types import read_type

    try:
        inner = read_type(text[len("!onnx.Seq<") : -1], {})
    except Exception:  # (an element type broadcheck cannot read: not judged)
        return None
    r = _rank(inner)
    if r is None:
        return None
    axis = attr_int(op, "axis")
    if axis is None:
        return None
    if attr_int(op, "new_axis", 0) == 1:
        if axis < -r - 1 or axis > r:
            return out_of_range(op, "axis", axis, -r - 1, r)
    elif axis < -r or axis >= r:
        return out_of_range(op, "axis", axis, -r, r - 1)
    return None


def fused(op: Operation) -> Problem | None:
    """``ONNXFusedOp::verify``: the body ends in ``onnx.Yield`` of one value per result, and takes one
    argument per input, of its type."""
    if not op.regions:
        return None
    body = op.regions[0]
    if not body.terminator:
        return None  # (empty, or a last op broadcheck does not know)
    if body.terminator != "onnx.Yield":
        return op_error("fused-yield")
    if len(body.yields) != len(op.results):
        return op_error("fused-yield-count", yields=len(body.yields), results=len(op.results))
    if len(body.arguments) != len(op.operands):
        return op_error("fused-arguments", arguments=len(body.arguments), inputs=len(op.operands))
    for i, (a, u) in enumerate(zip(body.arguments, op.operands, strict=True)):
        if "".join(str(a).split()) != "".join(str(u.type).split()):
            return op_error("fused-argument-type", i=i, argument=a, input=u.type)
    return None


def im2col(op: Operation) -> Problem | None:
    """``ONNXIm2ColOp::verify``: kernel_shape given and positive, X of rank kernel size + 2 (at least
    3), dilations and strides of that size and at least 1, auto_pad known, pads of twice that size and
    not negative."""
    kernel = attr_ints(op, "kernel_shape")
    if kernel is None:
        return None  # (absent: ODS's "requires attribute 'kernel_shape'" speaks first; not modelled)
    if not kernel:
        return error("im2col-kernel")
    n = len(kernel)
    if any(k <= 0 for k in kernel):
        return error("im2col-kernel-positive")
    x = _operand(op, 0)
    r = _rank(x) if x is not None else None
    if r is not None:
        if r < 3:
            return error("im2col-rank")
        if r != n + 2:
            return error("im2col-spatial")
    for name, size, low in (
        ("dilations", "im2col-dilations", "im2col-dilation"),
        ("strides", "im2col-strides", "im2col-stride"),
    ):
        values = attr_ints(op, name)
        if values is None:
            continue
        if len(values) != n:
            return error(size)
        if any(v < 1 for v in values):
            return error(low)
    auto_pad = attr_str(op, "auto_pad")
    if auto_pad is None:
        auto_pad = "NOTSET" if op.attribute("auto_pad") is None else None
    if auto_pad is None:
        return None
    if auto_pad not in ("NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"):
        return error("im2col-auto-pad")
    pads = attr_ints(op, "pads")
    if auto_pad == "NOTSET" and pads is not None:
        if len(pads) != 2 * n:
            return error("im2col-pads")
        if any(p < 0 for p in pads):
            return error("im2col-pad")
    return None


def lp_normalization(op: Operation) -> Problem | None:
    """``ONNXLpNormalizationOp::verify``: ``axis`` (default -1) in [-r, r-1], ``p`` (default 2) 1 or 2."""
    x = _operand(op, 0)
    r = _rank(x) if x is not None else None
    if r is None:
        return None
    axis = attr_int(op, "axis", -1)
    if axis is not None and (axis < -r or axis >= r):
        return out_of_range(op, "axis", axis, -r, r - 1)
    p = attr_int(op, "p", 2)
    if p is not None and p not in (1, 2):
        return op_error("lp-p", p=p)
    return None


def upsample_and_pad(op: Operation) -> Problem | None:
    """``ONNXUpsampleAndPadOp::verify``: k strides (or half the pads, or the rank) at most the rank,
    each stride positive, 2k pads."""
    x = _operand(op, 0)
    r = _rank(x) if x is not None else None
    if r is None:
        return None
    strides, pads = attr_ints(op, "strides"), attr_ints(op, "pads")
    if (op.attribute("strides") is not None and strides is None) or (op.attribute("pads") is not None and pads is None):
        return None
    k = len(strides) if strides is not None else len(pads) // 2 if pads is not None else r
    if k > r:
        return op_error("uap-rank", k=k, rank=r)
    for i, s in enumerate(strides or []):
        if s <= 0:
            return op_error("uap-stride", i=i, stride=s)
    if pads is not None and len(pads) != 2 * k:
        return op_error("uap-pads", size=len(pads), expected=2 * k)
    return None


VERIFIERS: dict[str, Verifier] = {
    "CategoryMapper": category_mapper,
    "OneHotEncoder": one_hot_encoder,
    "Optional": optional,
    "OptionalGetElement": optional_get_element,
    "OptionalHasElement": optional_has_element,
    "ShapeTransform": shape_transform,
    "ReverseSequence": reverse_sequence,
    "RoiAlign": roi_align,
    "NonMaxSuppression": non_max_suppression,
    "Upsample": upsample,
    "Attention": attention,
    "ConcatFromSequence": concat_from_sequence,
    "Fused": fused,
    "Im2Col": im2col,
    "LpNormalization": lp_normalization,
    "UpsampleAndPad": upsample_and_pad,
}
"""The ops declared last whose onnx-mlir ``verify()`` checks types or attributes (GroupNormalizationV18's
only prints a warning and accepts)."""
