"""``tf`` ops whose ``verify()`` adds to their ODS invariants, as tensorflow-cpu 2.21 checks them
(``tf_ops_n_z.cc``: ``VarHandleOp::verify``, ``TopKV2Op::verify``,
``VerifyUnsortedSegmentReduction``), run after the op's generated traits and type constraints
(``broadcheck/dialects/ods``), in TensorFlow's words; the oracle is the tool
(``tests/oracle/test_tf_verify_last.py``).

PASS::

    %0:2 = "tf.TopKV2"(%x, %k) : (tensor<4xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)

FAIL::

    %0:2 = "tf.TopKV2"(%x, %k) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
"""

from __future__ import annotations

import re
import struct

from broadcheck.dialects.common import constant_ints, rank, shape
from broadcheck.dialects.tf.base import operand_type, rank_at_least, tf
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem


def _subtypes(element: str) -> int | None:
    """How many subtypes a ``!tf_type.resource<...>`` element names (``None``: not a resource)."""
    if element == "!tf_type.resource":
        return 0
    m = re.fullmatch(r"!tf_type\.resource<(.*)>", element)
    if m is None:
        return None
    depth, parts = 0, 1
    for ch in m.group(1):
        depth += ch == "<"
        depth -= ch == ">"
        parts += ch == "," and depth == 0
    return parts


def var_handle(op: Operation) -> Problem | None:
    """``tf.VarHandleOp``: its result's resource type names exactly one subtype."""
    if len(op.results) != 1:
        return None
    t = op.results[0].type
    n = _subtypes(t.element) if isinstance(t, ShapedType) else None
    return None if n is None or n == 1 else Problem("BC1706")


def top_k_v2(op: Operation) -> Problem | None:
    """``tf.TopKV2``: a ranked input of rank 1 or more, and a 0-D (or unranked) ``k``."""
    if len(op.operands) != 2:
        return None
    r = rank(operand_type(op, 0))
    if r is not None and r < 1:
        return Problem("BC1707", {"what": "requires input operand to have at least 1 dimension"})
    k = rank(operand_type(op, 1))
    if k is not None and k != 0:
        return Problem("BC1707", {"what": "requires k operand to be 0D tensor"})
    return None


def unsorted_segment(op: Operation) -> Problem | None:
    """``tf.UnsortedSegmentSum``/``Max``/``Min``/``Prod``: a 0-D (or unranked) number of segments, then,
    where data and segment ids are ranked, ids of no greater rank whose shape is a prefix of the
    data's (dynamic sizes match), then a constant number of segments that is not negative."""
    if len(op.operands) != 3:
        return None
    data, ids = op.operands[0].type, op.operands[1].type
    r = rank(operand_type(op, 2))
    if r is not None and r > 0:
        return Problem("BC1708", {"what": "number of segments should be a 0-D tensor"})
    ds, ids_shape = shape(data), shape(ids)
    if ds is not None and ids_shape is not None:
        if len(ds) < len(ids_shape):
            return Problem("BC1708", {"what": "requires segment ids rank to be less than or equal to data's rank"})
        for i, (a, b) in enumerate(zip(ids_shape, ds, strict=False)):
            if a is not None and b is not None and a != b:
                what = (
                    f"requires segment ids shape to be a prefix of data shape, but dimension #{i} differs: {a} vs. {b}"
                )
                return Problem("BC1708", {"what": what})
    n = constant_ints(op, 2)
    if n and n[0] < 0:
        return Problem("BC1708", {"what": "num of segments cannot be negative"})
    return None


_FLOAT = re.compile(r"([-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan))(?:\s*:\s*f(?:32|64))?")


def _float_attribute(op: Operation, name: str, default: float) -> float | None:
    """A float attribute's value as the ``float`` the verifier reads (``None``: a form not read here)."""
    attr = op.attribute(name)
    m = _FLOAT.fullmatch(attr.text.strip()) if attr is not None else None
    if attr is not None and m is None:
        return None
    value = float(m.group(1)) if m is not None else default
    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return None


def fake_quant_args(op: Operation) -> Problem | None:
    """``tf.FakeQuantWithMinMaxArgs``: ``min`` below ``max`` (read as ``float``, worded by ``std::to_string``),
    then ``num_bits`` in ``[2, 16]``."""
    low, high = _float_attribute(op, "min", -6.0), _float_attribute(op, "max", 6.0)
    if low is None or high is None:
        return None
    if low >= high:
        return Problem("BC1900", {"low": f"{low:f}", "high": f"{high:f}"})
    bits = op.attribute("num_bits")
    m = re.fullmatch(r"(-?\d+)(?:\s*:\s*i64)?", bits.text.strip()) if bits is not None else None
    value = int(m.group(1)) if m is not None else 8 if bits is None else None
    if value is not None and not 2 <= value <= 16:
        return tf("BC1306", "bits")
    return None


def _variant_subtypes(element: str) -> int | None:
    """How many subtypes a ``!tf_type.variant<...>`` element names (``None``: not a variant)."""
    if element == "!tf_type.variant":
        return 0
    m = re.fullmatch(r"!tf_type\.variant<(.*)>", element)
    if m is None:
        return None
    return _subtypes(f"!tf_type.resource<{m.group(1)}>")


def _rank_or_unranked(t: object, *ranks: int) -> bool:
    """TensorFlow's ``IsOfRankOrUnranked``: unranked, or of one of ``ranks``."""
    r = rank(t)  # type: ignore[arg-type]
    return r is None or r in ranks


def random_uniform(op: Operation) -> Problem | None:
    """``tf.RandomUniform``: a 1-D (or unranked) ``shape``."""
    if len(op.operands) == 1 and not _rank_or_unranked(operand_type(op, 0), 1):
        return Problem("BC1709", {"what": "shape must be 1D tensor"})
    return None


def empty_tensor_list(op: Operation) -> Problem | None:
    """``tf.EmptyTensorList``: a result variant of exactly one subtype, a 0-D/1-D ``element_shape``
    and a 0-D ``max_num_elements`` (unranked passes)."""
    if len(op.operands) != 2 or len(op.results) != 1:
        return None
    t = op.results[0].type
    n = _variant_subtypes(t.element) if isinstance(t, ShapedType) else None
    if n is not None and n != 1:
        return Problem("BC1709", {"what": "must have exactly one subtype in the result variant type"})
    if not _rank_or_unranked(operand_type(op, 0), 0, 1):
        return Problem("BC1709", {"what": "requires element_shape operand to be 0D/1D tensor"})
    if not _rank_or_unranked(operand_type(op, 1), 0):
        return Problem("BC1709", {"what": "requires max_num_elements operand to be 0D tensor"})
    return None


def tensor_scatter_update(op: Operation) -> Problem | None:
    """``tf.TensorScatterUpdate``: ``tensor`` and ``indices`` of rank 1 or more (unranked passes), and
    no more index dimensions (``indices``' last size, when static) than ``tensor``'s rank."""
    if len(op.operands) != 3:
        return None
    if not rank_at_least(operand_type(op, 0), 1):
        return Problem("BC1709", {"what": "requires tensor operand to have at least 1 dimension"})
    if not rank_at_least(operand_type(op, 1), 1):
        return Problem("BC1709", {"what": "requires indices operand to have at least 1 dimension"})
    tensor = rank(op.operands[0].type)
    s = shape(op.operands[1].type)
    if tensor is None or s is None or s[-1] is None:
        return None
    if s[-1] > tensor:
        what = "requires tensor operand with rank greater than or equal to the indices operand's last dimensions"
        return Problem("BC1709", {"what": what})
    return None


NO_ODS: dict[str, tuple[str, ...]] = {
    "tf.CustomAggregator": (
        "regions=0", "results=4", "operands=1", "OpInvariants",
        "operand#0=tensor of 32-bit float values", "result#0=tensor of 32-bit float values",
        "result#1=tensor of 32-bit float values", "result#2=tensor of 32-bit float values",
        "result#3=tensor of 64-bit integer values",
    ),
    "tf.DumpTensor": ("regions=0", "results=0", "operands=1", "OpInvariants", "operand#0=tensor of tf.dtype values"),
    "tf.UniformQuantizedDotGeneral": (
        "regions=0", "results=1", "operands=8", "OpInvariants",
        "operand#0=tensor of 32-bit float or 8-bit quantized integer values",
        "operand#1=tensor of 8-bit quantized integer values", "operand#2=tensor of 32-bit float values",
        "operand#3=tensor of 32-bit integer values", "operand#4=tensor of 32-bit float values",
        "operand#5=tensor of 32-bit integer values", "operand#6=tensor of 32-bit float values",
        "operand#7=tensor of 32-bit integer values", "result#0=tensor of 32-bit quantized integer values",
    ),
}  # fmt: skip
"""The ``tf`` ops TensorFlow 2.21 registers from definitions outside the wheel's TableGen output
(``tensorflow/compiler/mlir/quantization/tensorflow/passes/tf_quant_ops.td``), declared by hand in
the generated tables' terms: their counts and type constraints, as the tool words them (asked one
value at a time by ``tests/oracle/ods_probe.py``'s harvest; no verifier, no relating trait)."""
