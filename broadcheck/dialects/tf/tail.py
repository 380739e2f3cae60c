"""The ``tf`` ops of real exports' tail: ``tf.Shape``, ``tf.SpaceToBatchND``, ``tf.BatchToSpaceND``,
``tf.All``, ``tf.Any``, ``tf.StopGradient`` and the ``tf.TensorList`` ops of Keras' LSTM loops, as
tensorflow-cpu 2.21 checks them
(``tf_ops_n_z.cc``: ``VerifyShapeOperandAndResult``, ``SpaceToBatchNDOp::verify``;
``tf_ops_a_m.cc``: ``BatchToSpaceNDOp::verify``; ``tf_arith_ops_folder.cc``:
``VerifyReductionInputAndDims``; ``TensorListReserveOp::verify``, ``TensorListStackOp::verify``),
after the ODS counts and type constraints (probed from the tool), in their words;
the oracle is the tool (``tests/oracle/test_tf_tail_new.py``).

PASS::

    %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>

FAIL::

    %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<3xi32>
"""

from __future__ import annotations

from broadcheck.dialects.common import constant_ints, rank, shape, static
from broadcheck.dialects.tf.base import Spec, begin, operand_type, rank_at_least, rank_is, tf
from broadcheck.dialects.tf.regions import cast_compatible
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem


def _start(op: Operation, spec: Spec, operands: int, attrs: tuple[tuple[str, str, bool], ...] = ()) -> bool | Problem:
    """The ODS checks (``True``: go on to the verifier; ``False``: a type not judged here)."""
    if operands == 1 and len(op.results) == 1 and len(op.operands) != 1:
        return Problem("BC1165")  # OneOperand
    if operands == 1 and len(op.results) != 1:
        return Problem("BC1166")
    found = begin(op, spec, operands, 1, attrs)
    if found is False:
        return False
    return found if isinstance(found, Problem) else True


def shape_op(op: Operation, spec: Spec) -> Problem | None:
    """``tf.Shape``: a 1-D result (unranked passes) whose size is the operand's rank where both are
    known (a rank-0 operand passes), of ``i32``/``i64`` elements."""
    go = _start(op, spec, 1)
    if go is not True:
        return go or None
    result, operand = op.results[0].type, op.operands[0].type
    s = shape(result)
    if s is None:
        return None
    if len(s) != 1:
        return tf("BC1300", "rank")
    r = rank(operand)
    if r is not None and static(result) and r != 0 and s[0] != r:
        return tf("BC1300", "size")
    if isinstance(result, ShapedType) and result.element not in ("i32", "i64"):
        return tf("BC1300", "element")
    return None


def _static_shape(t: object) -> tuple[int, ...] | None:
    s = shape(t)  # type: ignore[arg-type]
    if s is None or any(d is None for d in s):
        return None
    return tuple(d for d in s if d is not None)


def space_to_batch_nd(op: Operation, spec: Spec) -> Problem | None:
    """``tf.SpaceToBatchND``: a 1-D ``block_shape`` and ``[M, 2]`` paddings, an input of rank
    ``1 + M`` or more, block sizes of 1 or more, paddings of 0 or more, each padded spatial size
    divisible by its block size (the constants read from ``tf.Const`` operands)."""
    go = _start(op, spec, 3)
    if go is not True:
        return go or None
    x, block, pads = (u.type for u in op.operands)
    # The ranks are the constants' (``IsOfRankOrUnranked``), the rank worded and the sizes compared
    # the types written: where those have fewer dimensions, TensorFlow reads past their shapes.
    if not rank_is(operand_type(op, 1), 1):
        return None if rank(block) is None else tf("BC1301", "block-rank", rank=rank(block))
    if not rank_is(operand_type(op, 2), 2):
        return None if rank(pads) is None else tf("BC1301", "paddings-rank", rank=rank(pads))
    block_s, pads_s = _static_shape(block), _static_shape(pads)
    if (block_s is not None and len(block_s) < 1) or (pads_s is not None and len(pads_s) < 2):
        return None
    if pads_s is not None and pads_s[1] != 2:
        return tf("BC1301", "paddings-2", size=pads_s[1])
    if block_s is not None and pads_s is not None and block_s[0] != pads_s[0]:
        return tf("BC1301", "block-paddings")
    m = block_s[0] if block_s is not None else (pads_s[0] if pads_s is not None else None)
    if m is None:
        return None
    r = rank(x)
    if r is not None and r < 1 + m:
        return tf("BC1301", "input-rank")
    sizes = constant_ints(op, 1)
    for i, v in enumerate(sizes or ()):
        if v < 1:
            return tf("BC1301", "block-values", i=i)
    paddings = constant_ints(op, 2)
    if paddings is not None and len(paddings) < 2 * m:
        return None  # TensorFlow reads past the constant's values (not modelled)
    for i in range(m if paddings is not None else 0):
        assert paddings is not None
        if paddings[2 * i] < 0 or paddings[2 * i + 1] < 0:
            return tf("BC1301", "paddings-values", i=i)
    xs = _static_shape(x)
    if xs is not None and sizes is not None and paddings is not None:
        for i in range(m):
            if i >= len(sizes) or sizes[i] == 0:
                return None
            if (xs[1 + i] + paddings[2 * i] + paddings[2 * i + 1]) % sizes[i] != 0:
                return tf("BC1301", "divides", i=i)
    return None


def batch_to_space_nd(op: Operation, spec: Spec) -> Problem | None:
    """``tf.BatchToSpaceND``: where ``block_shape`` and ``crops`` have static shapes, crops is ``[M, 2]``
    with ``M`` the block's size."""
    go = _start(op, spec, 3)
    if go is not True:
        return go or None
    _, block, crops = (u.type for u in op.operands)
    block_s, crops_s = _static_shape(block), _static_shape(crops)
    if block_s is None or crops_s is None or not block_s:
        return None
    m = block_s[0]
    if len(crops_s) != 2 or crops_s[0] != m or crops_s[1] != 2:
        return tf("BC1302", "crops", m=m, shape=", ".join(str(d) for d in crops_s))  # ArrayRef printed bare
    return None


def reduction(op: Operation, spec: Spec) -> Problem | None:
    """``tf.All`` and ``tf.Any``: 0-D or 1-D reduction indices, each in ``[-rank, rank)`` of a ranked
    input where they are a constant."""
    go = _start(op, spec, 2, (("keep_dims", "bool", False),))
    if go is not True:
        return go or None
    x, dims = op.operands[0].type, op.operands[1].type
    d = rank(dims)
    if d is None:
        return None
    if d > 1:
        return tf("BC1303", "rank")
    r = rank(x)
    values = constant_ints(op, 1)
    if r is None or values is None:
        return None
    for i, v in enumerate(values):
        if v < -r or v >= r:
            return tf("BC1303", "range", i=i, rank=r)
    return None


def _subtypes(element: str) -> int:
    """How many subtypes a ``!tf_type.variant<...>`` element type names."""
    text = "".join(element.split())
    if not text.startswith("!tf_type.variant<"):
        return 0
    depth, count = 0, 1
    for ch in text[len("!tf_type.variant<") : -1]:
        depth += ch == "<"
        depth -= ch == ">"
        count += ch == "," and depth == 0
    return count


def tensor_list(op: Operation, spec: Spec) -> Problem | None:
    """``tf.TensorListFromTensor``, ``GetItem``, ``SetItem``, ``Length``: the ODS checks alone (no verifier)."""
    go = _start(op, spec, len(spec.operands))
    return go if isinstance(go, Problem) else None


def tensor_list_reserve(op: Operation, spec: Spec) -> Problem | None:
    """``tf.TensorListReserve``: a result variant of exactly one subtype, a 0-D/1-D ``element_shape``,
    a 0-D ``num_elements``."""
    go = _start(op, spec, 2)
    if go is not True:
        return go or None
    result = op.results[0].type
    if isinstance(result, ShapedType) and _subtypes(result.element) != 1:
        return tf("BC1305", "subtype")
    if not (rank_is(operand_type(op, 0), 0) or rank_is(operand_type(op, 0), 1)):
        return tf("BC1305", "element-shape")
    if not rank_is(operand_type(op, 1), 0):
        return tf("BC1305", "num-elements")
    return None


def tensor_list_stack(op: Operation, spec: Spec) -> Problem | None:
    """``tf.TensorListStack``: a 0-D/1-D ``element_shape``."""
    go = _start(op, spec, 2, (("num_elements", "i64", False),))
    if go is not True:
        return go or None
    if not (rank_is(operand_type(op, 1), 0) or rank_is(operand_type(op, 1), 1)):
        return tf("BC1305", "element-shape")
    return None


def fake_quant(op: Operation, spec: Spec) -> Problem | None:
    """``tf.FakeQuantWithMinMaxVars``: 0-D float ``min`` and ``max`` (unranked passes), ``num_bits`` in
    ``[2, 16]``; the result's shape is not related to the input's."""
    go = _start(op, spec, 3, (("num_bits", "i64", False), ("narrow_range", "bool", False)))
    if go is not True:
        return go or None
    for index, name in ((1, "min"), (2, "max")):
        t = operand_type(op, index)
        r = rank(t)
        floating = isinstance(t, ShapedType) and t.element in ("f16", "bf16", "f32", "f64")  # a ref is not
        if r is not None and (r != 0 or not floating):
            return tf("BC1306", "bound", operand=name)
    bits = op.attribute("num_bits")
    value = int(bits.text.split(":")[0]) if bits is not None else 8
    if not 2 <= value <= 16:
        return tf("BC1306", "bits")
    return None


def fake_quant_per_channel(op: Operation, spec: Spec) -> Problem | None:
    """``tf.FakeQuantWithMinMaxVarsPerChannel``: 1-D float ``min`` and ``max`` (unranked passes), an
    input of rank 1 or more, ``num_bits`` in ``[2, 16]``, then ``min`` and ``max`` as long as the
    input's last dimension (as the verifier compares them: a dynamic last dimension reads as 0, and a
    dynamic ``min`` or ``max`` length equals nothing)."""
    go = _start(op, spec, 3, (("num_bits", "i64", False), ("narrow_range", "bool", False)))
    if go is not True:
        return go or None
    bounds = []
    for index, name in ((1, "min"), (2, "max")):
        t = operand_type(op, index)
        s = shape(t)
        floating = isinstance(t, ShapedType) and t.element in ("f16", "bf16", "f32", "f64")
        if s is not None and (len(s) != 1 or not floating):
            return Problem("BC1702", {"operand": name})
        bounds.append(s)
    inputs = shape(op.operands[0].type)
    if not rank_at_least(operand_type(op, 0), 1):
        return Problem("BC1703")
    bits = op.attribute("num_bits")
    value = int(bits.text.split(":")[0]) if bits is not None else 8
    if not 2 <= value <= 16:
        return tf("BC1306", "bits")
    if inputs is None:
        return None
    depth = inputs[-1] if inputs[-1] is not None else 0  # the verifier's ``int``: a dynamic size reads as 0
    if any(b is not None and (b[0] is None or b[0] != depth) for b in bounds):
        return Problem("BC1704")
    return None


def same_type(op: Operation, spec: Spec) -> Problem | None:
    """``tf.StopGradient``: one operand, one result, tensors of ``tf.dtype``, then TensorFlow's
    ``AllTypesMatch`` on input and output, which holds them cast compatible (one element type,
    resources and variants whatever their subtypes; shapes equal where both are known)."""
    go = _start(op, spec, 1)
    if go is not True:
        return go or None
    if not cast_compatible(op.operands[0].type, op.results[0].type):
        return Problem("BC1312")
    return None


def add_n(op: Operation, spec: Spec) -> Problem | None:
    """``tf.AddN``: its ODS types only. TensorFlow 2.21 has no verifier for it: operands of other
    shapes or element types than each other's or the result's, or none at all, verify."""
    found = begin(op, spec, None)
    return found if isinstance(found, Problem) else None
