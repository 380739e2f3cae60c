"""``tf`` ops whose ``verify()`` adds to their ODS invariants, part B: the uniform quantized ops, the
``Xla*`` ops that take window operands or name functions, and the TPU/IFRT/TFRT runtime ops, as
tensorflow-cpu 2.21 checks them (``tf_ops_n_z.cc``: ``VerifyScalesAndZeroPoints``,
``XlaConvV2Op::verify`` ... ``XlaVariadicSortOp::verify``, ``TPUPartitionedInputV2Op::verify``,
``TPUExecuteAndUpdateVariablesOp::verify``; ``host_runtime/tfrt_ops.cc``: ``_TfrtGetResourceOp``,
``PwStreamResultsOp``, ``IfrtCallOp``; ``tf_remaining_ops.cc``: ``_XlaHostComputeMlirOp``), in
TensorFlow's words, after what its generated verifier checks first: the attributes the parser
stores, the operand and result counts, the required attributes, the type constraints
(``ods.generated``). The functions the ``Xla*`` ops name are looked up once the module is read
(:func:`symbol_uses`). The oracle is the tool (``tests/oracle/test_tf_verify_b.py``).

PASS::

    %0 = "tf.UniformQuantize"(%x, %s, %z) {quantization_axis = 0 : i64, quantization_min_val = -128 : i64,
        quantization_max_val = 127 : i64} : (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) -> tensor<2x!tf_type.qint8>

FAIL::

    %0 = "tf.UniformQuantize"(%x, %s, %z) {quantization_min_val = -128 : i64, quantization_max_val = 127 : i64}
        : (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) -> tensor<2x!tf_type.qint8>
    // quantization_axis is -1, scales must have 0 rank.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from broadcheck.dialects.common import count, element, rank, shape, static
from broadcheck.dialects.op import FUNCTIONAL, Op, SymbolRule, Texts
from broadcheck.dialects.tf.base import ATTRIBUTE_CONSTRAINTS, Attr, holds, properties
from broadcheck.ops import Operation, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, then
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, symbol_name
from broadcheck.syntax.types import read_type

Verify = Callable[[Operation], Problem | None]

_WORDS = {
    **ATTRIBUTE_CONSTRAINTS,
    "i32s": "32-bit integer array attribute",
    "strs": "string array attribute",
}
_I32 = re.compile(r"-?\d+\s*:\s*i32")
_STR = re.compile(r'"(?:[^"\\]|\\.)*"')
_INT = re.compile(r"(-?\d+)(?:\s*:\s*i64)?")


def _items(text: str) -> list[str] | None:
    """The items of an array attribute written ``[a, b]`` (strings may hold commas), or ``None``."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    inner = text[1:-1].strip()
    return [m.group(0).strip() for m in re.finditer(r'\s*(?:"(?:[^"\\]|\\.)*"|[^,])+', inner)] if inner else []


def _holds(kind: str, text: str) -> bool:
    """Whether ``text`` is an attribute of ``kind`` (a key of :data:`_WORDS`)."""
    if kind in ("i32s", "strs"):
        items = _items(text)
        pattern = _I32 if kind == "i32s" else _STR
        return items is not None and all(pattern.fullmatch(i) for i in items)
    return holds(kind, text)


def _attribute_problem(op: Operation, attrs: Sequence[Attr], parse: bool) -> Problem | bool | None:
    """What the parser checks of the attributes (``parse``: the properties it cannot store, or each
    dictionary attribute's constraint in the order of the names), or what the generated verifier
    checks (the required ones present in the order of the names, then each constraint in the
    declared order); ``False``: written in a form not read here."""
    if parse and any(a.property for a in op.attributes):
        return properties(op, [(n, "i64s" if k in ("i32s", "strs") else k, r) for n, k, r in attrs])
    if parse:
        ordered = sorted(attrs)
    else:
        for name, _, needed in sorted(attrs):
            if needed and op.attribute(name) is None:
                return Problem("BC610", {"name": name})
        ordered = list(attrs)
    for name, kind, _ in ordered:
        attr = op.attribute(name)
        if attr is not None and not _holds(kind, attr.text):
            return Problem("BC562", {"name": name, "constraint": _WORDS[kind]})
    return None


def _int(op: Operation, name: str, default: int) -> int | None:
    """An ``I64Attr``'s value (``default`` when absent), ``None`` when not read here."""
    attr = op.attribute(name)
    if attr is None:
        return default
    m = _INT.fullmatch(attr.text.strip())
    return int(m.group(1)) if m else None


def _ints(op: Operation, name: str) -> list[int] | None:
    """An integer array attribute's values, ``None`` when absent or not read here."""
    attr = op.attribute(name)
    items = None if attr is None else _items(attr.text)
    if items is None:
        return None
    values = [re.match(r"-?\d+", i) for i in items]
    return None if not all(values) else [int(v.group(0)) for v in values if v]


def _int32(v: int) -> int:
    """``v`` as C++ truncates it to ``int32_t`` (the quantization axis helper's parameter)."""
    return (v + 2**31) % 2**32 - 2**31


# ---- the uniform quantized ops


def _quant_params(op: Operation, scales: int, zero_points: int, prefix: str) -> Problem | None:
    """TensorFlow's ``VerifyScalesAndZeroPoints``: per-tensor (axis -1) scales and zero points of
    rank 0, per-axis ones of rank 1 and of one size (unranked and dynamic pass)."""
    axis = _int(op, f"{prefix}quantization_axis", -1)
    if axis is None or max(scales, zero_points) >= len(op.operands):
        return None
    s, z = op.operands[scales].type, op.operands[zero_points].type
    per_tensor = _int32(axis) == -1
    want, words = (0, "is -1") if per_tensor else (1, "is not -1")
    for what, t in (("scales", s), ("zero_points", z)):
        r = rank(t)
        if r is not None and r != want:
            return Problem("BC1725", {"what": f"quantization_axis {words}, {what} must have {want} rank."})
    if not per_tensor and static(s) and static(z) and count(shape(s) or ()) != count(shape(z) or ()):
        return Problem("BC1725", {"what": "scales and zero points must have same number of elements."})
    return None


def _quant(*groups: tuple[int, int, str]) -> Verify:
    """The verifier of an op whose scales and zero points sit at these operands (with the prefix of
    their attributes), checked in order."""

    def verify(op: Operation) -> Problem | None:
        for scales, zero_points, prefix in groups:
            problem = _quant_params(op, scales, zero_points, prefix)
            if problem is not None:
                return problem
        return None

    return verify


_BOTH = _quant((2, 3, "lhs_"), (4, 5, "rhs_"), (6, 7, "output_"))
"""``VerifyLhsRhsBothUniformQuantizedOp``: lhs, rhs, then output parameters."""


def _q(prefix: str) -> list[Attr]:
    return [(f"{prefix}quantization_axis", "i64", False), (f"{prefix}quantization_min_val", "i64", True),
            (f"{prefix}quantization_max_val", "i64", True)]  # fmt: skip


_CONV: list[Attr] = [
    ("window_strides", "i64s", False), ("padding", "str", True), ("explicit_padding", "i64s", False),
    ("lhs_dilation", "i64s", False), ("rhs_dilation", "i64s", False), ("batch_group_count", "i64", False),
    ("feature_group_count", "i64", False), ("dimension_numbers", "str", False),
]  # fmt: skip
_QUANT_TYPES = {
    "tf.UniformQuantizedAdd": ("32-bit quantized integer",) * 2 + ("32-bit float", "32-bit integer") * 3
    + ("32-bit quantized integer",),
    "tf.UniformQuantizedConvolution": ("8-bit quantized integer",) * 2 + ("32-bit float", "32-bit integer") * 3
    + ("32-bit quantized integer",),
    "tf.UniformQuantizedDot": ("8-bit quantized integer",) * 2 + ("32-bit float", "32-bit integer") * 3
    + ("32-bit quantized integer",),
}  # fmt: skip
"""The type constraints the generated tables do not hold for these ops (operands, then the result),
as TensorFlow words them (asked of the tool one value at a time)."""
_ANY = "variadic of tensor of tf.dtype values"
_VARIADIC_TYPES: dict[str, tuple[str, ...]] = {
    "tf.XlaVariadicReduce": ("operand#0=XLA", "operand#1=XLA", "result#0=XLA"),
    "tf.XlaVariadicReduceV2": (f"operand#0={_ANY}", f"operand#1={_ANY}", f"result#0={_ANY}"),
    "tf.XlaVariadicSort": (f"operand#0={_ANY}", "operand#1=tensor of 32-bit integer values", f"result#0={_ANY}"),
    "tf.IfrtCall": (f"operand#0={_ANY}", f"result#0={_ANY}"),
    "tf.PwStreamResults": (f"operand#0={_ANY}",),
    "tf.TPUExecuteAndUpdateVariables": (f"operand#0={_ANY}", "operand#1=tensor of string values", f"result#0={_ANY}"),
    "tf.TPUPartitionedInputV2": (f"operand#0={_ANY}", "result#0=tensor of tf.dtype values"),
    "tf._TfrtGetResource": (f"result#0={_ANY}",),
    "tf._XlaHostComputeMlir": (f"operand#0={_ANY}", f"result#0={_ANY}"),
}
"""The same for the ops of variadic groups (``XLA``: the element types ``tf.XlaReduceWindow``'s input
takes, which ``tf.XlaVariadicReduce``'s values take too)."""


# ---- the Xla* ops


def _literal_type(op: Operation, index: int) -> Type | None:
    """The type of the constant attribute that defines operand ``index`` (``m_Constant``), or ``None``."""
    literal = op.constant(index)
    if literal is None or ":" not in literal:
        return None
    try:
        return read_type(literal.rsplit(":", 1)[1].strip())
    except SyntaxProblem:
        return None


def _dims(s: Sequence[int | None]) -> str:
    """A shape as TensorFlow's message prints an ``ArrayRef<int64_t>``."""
    return ", ".join(str(-(2**63)) if d is None else str(d) for d in s)


def xla_conv_v2(op: Operation) -> Problem | None:
    """``tf.XlaConvV2``: when its five window operands are all constants, a vector of strides, an
    Nx2 padding, vectors of dilations and a scalar feature group count."""
    if len(op.operands) != 7:
        return None
    types = [_literal_type(op, i) for i in range(2, 7)]
    if any(t is None for t in types):
        return None
    ranks = [rank(t) for t in types if t is not None]
    pad = shape(types[1]) if types[1] is not None else None
    if ranks[0] != 1:
        return Problem("BC1726", {"what": "expects window_stride to be a vector"})
    if pad is None or len(pad) != 2 or pad[1] != 2:
        return Problem("BC1726", {"what": "expects padding to be a matrix with minor dimension 2"})
    if ranks[2] != 1:
        return Problem("BC1726", {"what": "expects lhs_dilation to be a vecotr"})
    if ranks[3] != 1:
        return Problem("BC1726", {"what": "expects rhs_dilation to be a vecotr"})
    if ranks[4] != 0:
        return Problem("BC1726", {"what": "expects feature_group_count to be a scalar"})
    return None


def _window(op: Operation, index: int, name: str, input_rank: int | None, rank_rule: bool) -> Problem | None:
    """A constant window operand: a vector (``rank_rule``) of as many entries as the input's rank."""
    t = _literal_type(op, index)
    s = shape(t) if t is not None else None
    if s is None:
        return None
    if rank_rule and len(s) != 1:
        return Problem("BC1727", {"what": f"expects the rank of {name}to be 1, got {len(s)}"})
    if input_rank is not None and None not in s and count(s) != input_rank:
        space = " " if rank_rule else ""
        what = f"expects the size of {name}{space}to be equal to the input rank ({count(s)} vs. {input_rank})"
        return Problem("BC1727", {"what": what})
    return None


def _padding(op: Operation, index: int) -> Problem | None:
    """A constant padding operand: an Nx2 matrix."""
    t = _literal_type(op, index)
    s = shape(t) if t is not None else None
    if s is not None and (len(s) != 2 or s[1] != 2):
        return Problem("BC1727", {"what": f"expects padding to be a matrix with minor dimension 2, got {_dims(s)}"})
    return None


def xla_reduce_window(op: Operation) -> Problem | None:
    """``tf.XlaReduceWindow``: constant window operands that are vectors of the input's rank, a
    constant padding of Nx2 (its reduction function: :func:`symbol_uses`)."""
    if len(op.operands) != 7:
        return None
    r = rank(op.operands[0].type)
    names = ("window_dimensions", "window_strides", "base_dilations", "window_dilations")
    for index, name in enumerate(names, start=2):
        problem = _window(op, index, name, r, True)
        if problem is not None:
            return problem
    return _padding(op, 6)


def xla_select_and_scatter(op: Operation) -> Problem | None:
    """``tf.XlaSelectAndScatter``: constant window operands of as many entries as the operand's rank,
    a constant padding of Nx2 (its functions: :func:`symbol_uses`)."""
    if len(op.operands) != 6:
        return None
    r = rank(op.operands[0].type)
    for index, name in ((1, "window_dimensions"), (2, "window_strides")):
        problem = _window(op, index, name, r, False)
        if problem is not None:
            return problem
    return _padding(op, 3)


def xla_variadic_reduce(op: Operation) -> Problem | None:
    """``tf.XlaVariadicReduce``: at least one input, all of one element type."""
    half = len(op.operands) // 2
    if half == 0:
        return Problem("BC1728", {"what": "No input"})
    elements = {element(u.type) for u in op.operands[:half]}
    if len(elements) > 1:
        return Problem("BC1728", {"what": "This version is limited to operands of the same dtype"})
    return None


def _same_static_shapes(types: Sequence[Type], word: str) -> Problem | None:
    """Inputs of one shape where both it and the first are static."""
    first = types[0]
    if not static(first):
        return None
    for i, t in enumerate(types[1:], start=1):
        if static(t) and shape(t) != shape(first):
            s, s0 = shape(t) or (), shape(first) or ()
            what = f"{word}[{i}] has shape [{_dims(s)}] different than the shape of {word}[0]: {_dims(s0)}"
            return Problem("BC1728", {"what": what})
    return None


def _segments(op: Operation) -> tuple[int, int] | None:
    """``operandSegmentSizes`` (two groups), or ``None`` when not read here."""
    attr = op.attribute("operandSegmentSizes")
    m = re.fullmatch(r"array<i32:\s*(\d+)\s*,\s*(\d+)\s*>", attr.text.strip()) if attr else None
    return (int(m.group(1)), int(m.group(2))) if m else None


def xla_variadic_reduce_v2(op: Operation) -> Problem | None:
    """``tf.XlaVariadicReduceV2``: inputs, as many init values, inputs of one static shape, no more
    dimensions to reduce than their rank, scalar init values (its reducer: :func:`symbol_uses`)."""
    sizes = _segments(op)
    if sizes is None:
        return None
    if sum(sizes) != len(op.operands):
        return Problem("BC1734", {"count": len(op.operands), "total": sum(sizes)})
    n, m = sizes
    if n < 1:
        return Problem("BC1728", {"what": "No inputs"})
    if m != n:
        return Problem("BC1728", {"what": f"Number of inputs ({n}) is different than number of init_values ({m})"})
    inputs = [u.type for u in op.operands[:n]]
    problem = _same_static_shapes(inputs, "inputs")
    if problem is not None:
        return problem
    dims = _ints(op, "dimensions_to_reduce")
    r = rank(inputs[0])
    if static(inputs[0]) and dims is not None and r is not None and len(dims) > r:
        return Problem("BC1728", {"what": "Invalid dimensions_to_reduce argument to XlaVariadicReduceV2"})
    for i, u in enumerate(op.operands[n:]):
        s = shape(u.type)
        if s is not None and s:
            return Problem("BC1728", {"what": f"init_values[{i}] must be a scalar but got [{_dims(s)}]"})
    return None


def xla_variadic_sort(op: Operation) -> Problem | None:
    """``tf.XlaVariadicSort``: inputs of one static shape, a scalar constant dimension (its
    comparator: :func:`symbol_uses`)."""
    if len(op.operands) < 2:
        return None
    problem = _same_static_shapes([u.type for u in op.operands[:-1]], "input")
    if problem is not None:
        return problem
    t = _literal_type(op, len(op.operands) - 1)
    s = shape(t) if t is not None else None
    if s is not None and s:
        return Problem("BC1728", {"what": "dimension must be a scalar"})
    return None


# ---- the runtime ops


def _resource(t: Type) -> bool:
    """Whether ``getElementTypeOrSelf(t)`` is ``!tf_type.resource`` (any subtypes)."""
    e = element(t)
    return e == "!tf_type.resource" or e.startswith("!tf_type.resource<")


def ifrt_call(op: Operation) -> Problem | None:
    """``tf.IfrtCall``: no resource arguments or results, variable argument indices that are not
    negative and ascend (its parent function's ``tfrt_ifrt_serving.program_id`` is not read)."""
    if any(_resource(u.type) for u in op.operands):
        return Problem("BC1729", {"what": "does not support passing '!tf.resource' values as arguments"})
    if any(_resource(u.type) for u in op.results):
        return Problem("BC1729", {"what": "does not support returning '!tf.resource' values as results"})
    previous = -1
    for index in _ints(op, "variable_arg_indices") or []:
        if index < 0:
            return Problem("BC1729", {"what": "variable_arg_indices must be positive"})
        if index <= previous:
            return Problem("BC1729", {"what": "variable_arg_indices must be sorted in ascending order"})
        previous = index
    return None


def pw_stream_results(op: Operation) -> Problem | None:
    """``tf.PwStreamResults``: one name per argument."""
    attr = op.attribute("names")
    names = _items(attr.text) if attr is not None else None
    if names is not None and len(names) != len(op.operands):
        what = f"has a mismatch between the number of arguments and their names ({len(op.operands)} vs. {len(names)})"
        return Problem("BC1730", {"what": what})
    return None


def tpu_execute_and_update_variables(op: Operation) -> Problem | None:
    """``tf.TPUExecuteAndUpdateVariables``: one read index (at least 0) and one update index (at least
    -1) per resource argument."""
    handles = sum(_resource(u.type) for u in op.operands[:-1])
    for name, least in (("device_var_reads_indices", 0), ("device_var_updates_indices", -1)):
        values = _ints(op, name)
        if values is None:
            return None
        if len(values) != handles:
            what = (
                f"requires '{name}' to be the same size as number of resource handles in 'args' ({handles}), "
                f"but got {len(values)}"
            )
            return Problem("BC1731", {"what": what})
        for i, v in enumerate(values):
            if v < least:
                what = f"requires '{name}' to contain values of at least {least}, but got {v} at index {i}"
                return Problem("BC1731", {"what": what})
    return None


def tpu_partitioned_input_v2(op: Operation) -> Problem | None:
    """``tf.TPUPartitionedInputV2``: as many inputs as the partitions multiply to (one when packed),
    any number when replicated (no partition dimensions, not packed)."""
    dims = _ints(op, "partition_dims")
    packed = op.attribute("is_packed")
    if dims is None or (packed is not None and packed.text.strip() not in ("true", "false")):
        return None
    is_packed = packed is not None and packed.text.strip() == "true"
    partitions = 1
    for d in dims:
        partitions = _int32(partitions * d)
    expected = 1 if is_packed else partitions
    n = len(op.operands)
    if not ((not dims and not is_packed) or n == expected):
        return Problem("BC1732", {"what": f"expected {expected} inputs, got {n}"})
    return None


def tfrt_get_resource(op: Operation) -> Problem | None:
    """``tf._TfrtGetResource``: ``indices``, ``shared_name`` and ``container`` of one length."""
    sizes = []
    for name in ("indices", "shared_name", "container"):
        attr = op.attribute(name)
        items = _items(attr.text) if attr is not None else None
        if items is None:
            return None
        sizes.append(len(items))
    if len(set(sizes)) > 1:
        return Problem("BC1733", {"indices": sizes[0], "shared_name": sizes[1], "container": sizes[2]})
    return None


def xla_host_compute_mlir(op: Operation) -> Problem | None:
    """``tf._XlaHostComputeMlir``: an empty ``host_mlir_module`` passes; a serialized module is not
    read here (TensorFlow deserializes it and holds its ``host_func`` to the op's counts)."""
    return None


# ---- the functions the Xla* ops name


_FUNCTIONS: dict[str, tuple[str, ...]] = {
    "tf.XlaReduceWindow": ("computation",),
    "tf.XlaSelectAndScatter": ("select", "scatter"),
    "tf.XlaVariadicReduceV2": ("reducer",),
    "tf.XlaVariadicSort": ("comparator",),
}


def _normal(text: str) -> str:
    try:
        return str(read_type(text))
    except SyntaxProblem:
        return " ".join(text.split())


def _element_of(text: str) -> str:
    """``getElementTypeOrSelf`` of a type as written."""
    try:
        return element(read_type(text))
    except SyntaxProblem:
        return ""


def _xla_rule(name: str) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if name == "tf.XlaReduceWindow":
            callee = callees[0]
            if callee is None:
                return "BC1739", {"what": "has no reduction function specified"}
            if len(callee[0]) != 2:
                n = len(callee[0])
                return "BC1739", {"what": f"expects reduction function to take 2 parameters, but has {n} parameter(s)"}
            return None
        if name == "tf.XlaSelectAndScatter":
            select, scatter = callees
            if select is None:
                return "BC1739", {"what": "has no select function specified"}
            if len(select[0]) != 2:
                n = len(select[0])
                return "BC1739", {"what": f"expects select function to take 2 parameters, but has {n} parameter(s)"}
            if not select[1]:
                return None  # (TensorFlow reads a result that is not there)
            got = _normal(select[1][0])
            if len(select[1]) != 1 or _element_of(select[1][0]) not in ("i1", "si1", "ui1"):
                return "BC1739", {"what": f"expects select function to return a single boolean result but got '{got}'"}
            if scatter is None:
                return "BC1739", {"what": "has no scatter function specified"}
            if len(scatter[0]) != 2:
                n = len(scatter[0])
                return "BC1739", {"what": f"expects scatter function to take 2 parameters, but has {n} parameter(s)"}
            return None
        if callees[0] is None:
            return "BC1739", {"what": "No reducer" if name == "tf.XlaVariadicReduceV2" else "No comparator"}
        return None

    return rule


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The functions an ``Xla*`` op names and the rule its ``verify()`` holds them to once its other
    checks pass, or ``None`` when its attributes fail their own checks or do not name flat symbols
    (the rule's code sorts after the op's other problems at the op). Not read: whether a reducer or
    comparator has exactly one block (TensorFlow rejects a declaration or a function of several
    blocks: "reducer has more than one block")."""
    texts = {a.name: "".join(a.text.split()) for a in statement.attributes}
    attrs = SPECS[statement.name.removeprefix("tf.")][0]
    for name, kind, needed in attrs:
        if (needed and name not in texts) or (name in texts and not _holds(kind, texts[name])):
            return None  # the op's own check fails first
    names = []
    for key in _FUNCTIONS[statement.name]:
        written = texts.get(key, "")
        if not written.startswith("@") or "::" in written:
            return None
        names.append(symbol_name(written))
    return tuple(names), _xla_rule(statement.name)


# ---- the declarations

SPECS: dict[str, tuple[list[Attr], Verify]] = {
    "UniformDequantize": (_q(""), _quant((1, 2, ""))),
    "UniformQuantize": (_q(""), _quant((1, 2, ""))),
    "UniformQuantizedAdd": ([*_q("lhs_"), *_q("rhs_"), *_q("output_")], _BOTH),
    "UniformQuantizedClipByValue": (_q(""), _quant((3, 4, ""))),
    "UniformQuantizedConvolution": ([*_CONV, *_q("lhs_"), *_q("rhs_"), *_q("output_")], _BOTH),
    "UniformQuantizedConvolutionHybrid": ([*_CONV, *_q("rhs_")], _quant((2, 3, "rhs_"))),
    "UniformQuantizedDot": ([*_q("lhs_"), *_q("rhs_"), *_q("output_")], _BOTH),
    "UniformQuantizedDotHybrid": (_q("rhs_"), _quant((2, 3, "rhs_"))),
    "UniformRequantize": ([*_q("input_"), *_q("output_")], _quant((1, 2, "input_"), (3, 4, "output_"))),
    "XlaConvV2": (
        [("dimension_numbers", "str", True), ("precision_config", "str", True), ("batch_group_count", "i64", False)],
        xla_conv_v2,
    ),
    "XlaReduceWindow": ([("computation", "symref", True)], xla_reduce_window),
    "XlaSelectAndScatter": ([("select", "symref", True), ("scatter", "symref", True)], xla_select_and_scatter),
    "XlaVariadicReduce": (
        [("dimensions_to_reduce", "i64s", True), ("reducer", "symref", True)], xla_variadic_reduce
    ),
    "XlaVariadicReduceV2": (
        [("dimensions_to_reduce", "i64s", True), ("reducer", "symref", True)], xla_variadic_reduce_v2
    ),
    "XlaVariadicSort": ([("comparator", "symref", True), ("is_stable", "bool", True)], xla_variadic_sort),
    "IfrtCall": ([("program_id", "i64", True), ("variable_arg_indices", "i32s", True)], ifrt_call),
    "PwStreamResults": ([("names", "strs", True)], pw_stream_results),
    "TPUExecuteAndUpdateVariables": (
        [("device_var_reads_indices", "i64s", True), ("device_var_updates_indices", "i64s", True)],
        tpu_execute_and_update_variables,
    ),
    "TPUPartitionedInputV2": (
        [("partition_dims", "i64s", True), ("is_packed", "bool", False)], tpu_partitioned_input_v2
    ),
    "_TfrtGetResource": (
        [("indices", "i64s", True), ("shared_name", "strs", True), ("container", "strs", True)], tfrt_get_resource
    ),
    "_XlaHostComputeMlir": (
        [("send_key", "str", True), ("recv_key", "str", True), ("host_mlir_module", "str", False),
         ("manual_sharding", "bool", False)],
        xla_host_compute_mlir,
    ),
}  # fmt: skip
"""Each op's attributes as its ODS declares them (name, kind, required; asked of the tool) and its verifier."""


def _traits(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The op's generated traits split where ``OpInvariants`` runs: the counts before (with the
    group layout), the type constraints after (with those the tables miss)."""
    from broadcheck.dialects import ods

    steps = tuple(ods.generated(name))
    cut = steps.index("OpInvariants") if "OpInvariants" in steps else len(steps)
    groups = tuple(s for s in steps if s.startswith(("operand-groups=", "result-groups=")))
    after = steps[cut:]
    extra = _QUANT_TYPES.get(name)
    xla = next(t for t in ods.generated("tf.XlaReduceWindow") if t.startswith("operand#0=")).partition("=")[2]
    after = (*after, *(t.replace("=XLA", f"=variadic of {xla}") for t in _VARIADIC_TYPES.get(name, ())))
    if extra is not None:
        n = len(extra) - 1
        after = (*after, *(f"operand#{i}=tensor of {w} values" for i, w in enumerate(extra[:n])),
                 f"result#0=tensor of {extra[n]} values")  # fmt: skip
    segments = tuple(s for s in steps if s == "AttrSizedOperandSegments")
    return (*steps[:cut], *groups, *segments), (*after, *groups, *segments)


def _check(name: str, attrs: list[Attr], verify: Verify) -> Callable[[Operation, Profile], Problem | None]:
    """The op's check in TensorFlow's order: the parser's attribute checks, the counts, the required
    attributes, the type constraints, then its ``verify()``."""
    from broadcheck.dialects.ods.traits import check_of

    before, after = (check_of(t, NOT_JUDGED) for t in _traits(name))

    def check(op: Operation, profile: Profile) -> Problem | None:
        stored = _attribute_problem(op, attrs, True)
        if stored is not None:
            return stored if isinstance(stored, Problem) else NOT_JUDGED
        counted = before(op, profile)
        if counted is not None and counted is not NOT_JUDGED:
            return counted

        def rest() -> Problem | None:
            required = _attribute_problem(op, attrs, False)
            if required is not None:
                return required if isinstance(required, Problem) else NOT_JUDGED
            return then(after(op, profile), lambda: verify(op))

        return then(counted, rest)

    return check


OPS: tuple[Op, ...] = tuple(
    Op(f"tf.{name}", FUNCTIONAL, _check(f"tf.{name}", attrs, verify), "tf-shape", constants=True)
    for name, (attrs, verify) in SPECS.items()
)
"""The declarations (``broadcheck/dialects/tf/__init__.py`` lists them with the other ``tf`` ops)."""
