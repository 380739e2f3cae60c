"""TensorFlow (``tf``) and TFLite (``tfl``) ops that broadcast, checked as their verifiers check them.

Both dialects put MLIR's ``ResultsBroadcastableShape`` trait on their binary
ops, so the shape check is :func:`broadcheck.semantics.mlir.verify_dialect`
(extra leading result dims pass). What each verifier checks besides, in its
order, is below; the tables were read from the ODS (``tf_generated_ops.td``,
``tfl_ops.td``) and confirmed op by op against the dialects of
tensorflow-cpu 2.21 (``tf.mlir.experimental.run_pass_pipeline`` for ``tf``,
the flatbuffer importer for ``tfl``).

``tf`` (ODS, then traits, then the op's verifier):
the ``incompatible_shape_error`` attribute's type where there is one, one result
(``requires one result``), the operand count, each operand's and
the result's element type (``operand #1 must be tensor of floating-point
values, but got 'tensor<3xi32>'``), the trait, then for 18 ops
``requires compatible element types for all operands and results``.
``tf.Equal``/``tf.NotEqual`` check shapes only while ``incompatible_shape_error``
is true (the default). ``tf.Select`` has no trait but its own rules: ``t`` and
``e`` have compatible shapes, and the condition is a scalar, has their rank,
or is a vector as long as their first dimension.

``tfl``: operands are any tensors (the element lists in the ODS are only
checked by the TFLite runtime), then the op's element-type predicates
(``failed to verify that binary op operands have same element type``), the
trait, ``tfl.bitwise_xor``'s same element type and ``tfl.prelu``'s own
verifier. The runtime's rank limits for broadcasting (``operands do not have
the same shape or broadcastable shapes within the rank 4``) are not part of
the verifier, so they are a warning (BC720).

Element types broadcheck does not know (another dialect's ``!x.y``) leave
the op unchecked.

PASS::

    %0 = "tf.AddV2"(%a, %b) : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>
    %0 = "tfl.less"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>

FAIL::

    %0 = "tf.Sub"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<*xf32>
    %0 = "tf.Add"(%a, %b) : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
    %0 = "tfl.sub"(%a, %b) : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from broadcheck.ops import Frozen, OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject, mlir
from broadcheck.syntax.lazyre import lazy

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from broadcheck.semantics import tosa

# ---------------------------------------------------------------------------------------- element types

_FLOAT = frozenset({"bf16", "f16", "f32", "f64", "f8E4M3FN", "f8E5M2"})
_SINT = frozenset({"i4", "i8", "i16", "i32", "i64"})
_UINT = frozenset({"ui4", "ui8", "ui16", "ui32", "ui64"})
_COMPLEX = frozenset({"complex<f32>", "complex<f64>"})
_TF_OTHER = frozenset(
    f"!tf_type.{name}" for name in "string qint8 qint16 qint32 quint8 quint16 variant resource".split()
)
_DTYPE = _FLOAT | _SINT | _UINT | _COMPLEX | {"i1"} | _TF_OTHER

# TensorFlow's reference types stand for their value type in every constraint above.
_REFS = {
    "halfref": "f16",
    "bfloat16ref": "bf16",
    "f32ref": "f32",
    "f64ref": "f64",
    "float8e4m3fnref": "f8E4M3FN",
    "float8e5m2ref": "f8E5M2",
    "boolref": "i1",
    "complex64ref": "complex<f32>",
    "complex128ref": "complex<f64>",
    **{f"int{w}ref": f"i{w}" for w in (4, 8, 16, 32, 64)},
    **{f"uint{w}ref": f"ui{w}" for w in (4, 8, 16, 32, 64)},
    **{
        f"{name}ref": f"!tf_type.{name}"
        for name in "string qint8 qint16 qint32 quint8 quint16 resource variant".split()
    },
}
_REF = lazy(r"!tf_type\.(\w+ref)$")
_BUILTIN = lazy(r"(s?i|ui|f)\d+|bf16|tf32|index|f\d+E\d+M\d+\w*|complex<.*>")
REJECTED = "<rejected>"
"""A builtin element type that no TensorFlow constraint accepts (``i2``, ``f80``, ``index``, ...)."""


def _compact(element: str) -> str:
    return "".join(element.split())


def tf_element(element: str) -> str | None:
    """The element type as TensorFlow's constraints see it (refs resolved); ``None`` when not known here."""
    text = _compact(element)
    if text in _DTYPE:
        return text
    for family in ("!tf_type.variant", "!tf_type.resource"):
        if text.startswith(family + "<"):
            return family
    ref = _REF.fullmatch(text)
    if ref:
        return _REFS.get(ref.group(1))
    if _BUILTIN.fullmatch(text):
        return REJECTED
    return None


class Constraint(Frozen):
    """An ODS type constraint: its summary (as MLIR words it) and the element types it takes.
    (A :class:`~broadcheck.ops.Frozen`, as ``@dataclass(frozen=True, slots=True)`` made it: the
    dataclass's code was generated at each run's import, about 0.8 ms for each of the three.)"""

    __slots__ = __match_args__ = ("summary", "elements")
    summary: str
    elements: frozenset[str]

    def __init__(self, summary: str, elements: frozenset[str]) -> None:
        put = object.__setattr__
        put(self, "summary", summary)
        put(self, "elements", elements)


_C_NUMBER_OR_STR = Constraint(
    "tensor of floating-point or signed integer or complex or 8-bit unsigned integer or string values",
    _FLOAT | _SINT | _COMPLEX | {"ui8", "!tf_type.string"},
)
_ARITH_SUMMARY = (
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit float or "
    "16-bit integer or 32-bit integer or 64-bit integer or 8-bit integer"
)
_C_ARITH = Constraint(
    _ARITH_SUMMARY + " or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer or "
    "8-bit unsigned integer values",
    _FLOAT - {"f8E4M3FN", "f8E5M2"} | _SINT - {"i4"} | _UINT - {"ui4"} | _COMPLEX,
)
_C_POW = Constraint(_ARITH_SUMMARY + " values", _FLOAT - {"f8E4M3FN", "f8E5M2"} | _SINT - {"i4"} | _COMPLEX)
_C_SQUARED_DIFFERENCE = Constraint(
    "tensor of bfloat16 or 128-bit complex or 64-bit complex or 16-bit float or 32-bit float or 64-bit float or "
    "32-bit integer or 64-bit integer values",
    _FLOAT - {"f8E4M3FN", "f8E5M2"} | {"i32", "i64"} | _COMPLEX,
)
_C_FLOAT = Constraint("tensor of floating-point values", _FLOAT)
_C_INT = Constraint("tensor of integer values", _SINT | _UINT)
_C_F32_F64 = Constraint("tensor of 32/64-bit float values", frozenset({"f32", "f64"}))
_C_COMPLEX = Constraint("tensor of 128-bit complex or 64-bit complex values", _COMPLEX)
_C_FLOAT_OR_COMPLEX = Constraint("tensor of floating-point or complex values", _FLOAT | _COMPLEX)
_C_DTYPE = Constraint("tensor of tf.dtype values", _DTYPE)
_C_INT_OR_FLOAT = Constraint("tensor of integer or floating-point values", _SINT | _UINT | _FLOAT)
_C_BOOL = Constraint("tensor of bool values", frozenset({"i1"}))
_C_FLOAT_OR_I32_I64 = Constraint("tensor of floating-point or 32/64-bit signed integer values", _FLOAT | {"i32", "i64"})


class TfOp(Frozen):
    """A ``tf`` op: its operands' and result's type constraints, and whether element types must agree."""

    __slots__ = __match_args__ = ("operands", "result", "same_element")
    operands: tuple[Constraint, ...]
    result: Constraint
    same_element: bool
    """``TF_SameOperandsAndResultElementTypeResolveRef``: checked after the trait."""

    def __init__(self, operands: tuple[Constraint, ...], result: Constraint, same_element: bool = False) -> None:
        put = object.__setattr__
        put(self, "operands", operands)
        put(self, "result", result)
        put(self, "same_element", same_element)


def _binary(c: Constraint, same_element: bool, result: Constraint | None = None) -> TfOp:
    return TfOp((c, c), result or c, same_element)


# tensorflow/compiler/mlir/tensorflow/ir/tf_generated_ops.td: every op with ResultsBroadcastableShape
# (tf.Equal and tf.NotEqual run the same check from their own verifier).
TF_OPS: dict[str, TfOp] = {
    "tf.Add": _binary(_C_NUMBER_OR_STR, True),
    "tf.AddV2": _binary(_C_ARITH, True),
    "tf.Atan2": _binary(_C_FLOAT, True),
    "tf.BitwiseAnd": _binary(_C_INT, False),
    "tf.BitwiseOr": _binary(_C_INT, False),
    "tf.BitwiseXor": _binary(_C_INT, False),
    "tf.Complex": _binary(_C_F32_F64, False, _C_COMPLEX),
    "tf.Div": _binary(_C_ARITH, True),
    "tf.DivNoNan": _binary(_C_FLOAT_OR_COMPLEX, True),
    "tf.Equal": _binary(_C_DTYPE, False, _C_BOOL),
    "tf.FloorDiv": _binary(_C_ARITH, False),
    "tf.FloorMod": _binary(_C_INT_OR_FLOAT, True),
    "tf.Greater": _binary(_C_INT_OR_FLOAT, False, _C_BOOL),
    "tf.GreaterEqual": _binary(_C_INT_OR_FLOAT, False, _C_BOOL),
    "tf.Igamma": _binary(_C_FLOAT, True),
    "tf.IgammaGradA": _binary(_C_F32_F64, True),
    "tf.Igammac": _binary(_C_FLOAT, True),
    "tf.LeftShift": _binary(_C_INT, False),
    "tf.Less": _binary(_C_INT_OR_FLOAT, False, _C_BOOL),
    "tf.LessEqual": _binary(_C_INT_OR_FLOAT, False, _C_BOOL),
    "tf.LogicalAnd": _binary(_C_BOOL, False),
    "tf.LogicalOr": _binary(_C_BOOL, False),
    "tf.Maximum": _binary(_C_INT_OR_FLOAT, True),
    "tf.Minimum": _binary(_C_INT_OR_FLOAT, True),
    "tf.Mod": _binary(_C_FLOAT_OR_I32_I64, True),
    "tf.Mul": _binary(_C_ARITH, True),
    "tf.MulNoNan": _binary(_C_FLOAT_OR_COMPLEX, False),
    "tf.NextAfter": _binary(_C_F32_F64, False),
    "tf.NotEqual": _binary(_C_DTYPE, False, _C_BOOL),
    "tf.Polygamma": _binary(_C_F32_F64, False),
    "tf.Pow": _binary(_C_POW, True),
    "tf.RandomGammaGrad": _binary(_C_F32_F64, False),
    "tf.RealDiv": _binary(_C_ARITH, False),
    "tf.RightShift": _binary(_C_INT, False),
    "tf.SelectV2": TfOp((_C_BOOL, _C_DTYPE, _C_DTYPE), _C_DTYPE),
    "tf.SquaredDifference": _binary(_C_SQUARED_DIFFERENCE, False),
    "tf.Sub": _binary(_C_ARITH, True),
    "tf.TruncateDiv": _binary(_C_ARITH, False),
    "tf.TruncateMod": _binary(_C_FLOAT_OR_I32_I64, True),
    "tf.Xdivy": _binary(_C_FLOAT_OR_COMPLEX, True),
    "tf.Xlogy": _binary(_C_FLOAT_OR_COMPLEX, True),
    "tf.Zeta": _binary(_C_F32_F64, False),
}
TF_SELECT = TfOp((_C_BOOL, _C_DTYPE, _C_DTYPE), _C_DTYPE)
"""``tf.Select``: no trait; its own verifier (``SelectOp::verify`` in ``tf_ops_n_z.cc``)."""


# ---------------------------------------------------------------------------------------- shared checks


def _counts(op: Operation, operands: int) -> Problem | None:
    """ODS's ``OneResult`` then ``NOperands<n>`` traits, which run before everything else."""
    if len(op.results) != 1:
        return Problem("BC107")
    if len(op.operands) != operands:
        return Problem("BC702", {"expected": operands, "count": len(op.operands)})
    return None


# TFLite's string enum attributes (tfl_op_enums.td, ``TFL_AnyStrAttrOf``): their allowed values.
TFL_ENUMS: dict[str, tuple[str, ...]] = {
    "fused_activation_function": ("NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH", "SIGN_BIT"),
    "padding": ("SAME", "VALID"),
}
_STRING = lazy(r'"((?:[^"\\]|\\.)*)"')
_NOT_STRING = lazy(r"-?\d[\w.+-]*(?:\s*:\s*\w+)?|true|false|unit|\[.*\]", re.S)


def tfl_enums(op: Operation, *names: str) -> Problem | None:
    """``TFL_AFAttr``, ``TFL_PaddingAttr``: each named attribute, in the order the op's ODS lists them,
    that is present must be one of its strings (``attribute 'padding' failed to satisfy constraint:
    string attribute whose value is SAME, or VALID``). Text broadcheck cannot read (an alias) passes."""
    for name in names:
        attr = op.attribute(name)
        if attr is None:
            continue
        written = attr.text.strip()
        m = _STRING.fullmatch(written)
        if m is not None and m.group(1) in TFL_ENUMS[name]:
            continue
        if m is None and _NOT_STRING.fullmatch(written) is None:
            continue
        words = ", or ".join(TFL_ENUMS[name])
        return Problem("BC562", {"name": name, "constraint": f"string attribute whose value is {words}"})
    return None


# The ops above with a fused activation function (an ODS attribute, checked before the operands' types).
_FUSED = frozenset({"tfl.add", "tfl.sub", "tfl.mul", "tfl.div"})


def _type_constraint(kind: str, index: int, t: Type, summary: str) -> Problem:
    return Problem("BC701", {"kind": kind, "index": index, "constraint": summary, "type": t}, Subject(kind, index))  # type: ignore[arg-type]


def _tf_types(op: Operation, spec: TfOp) -> Problem | str | None:
    """The ODS type constraints, operands first; ``"unknown"`` when an element type is not known here."""
    slots = [("operand", i, u.type, c) for i, (u, c) in enumerate(zip(op.operands, spec.operands, strict=True))]
    slots.append(("result", 0, op.results[0].type, spec.result))
    for kind, index, t, constraint in slots:
        if isinstance(t, ShapedType):
            if t.kind != "tensor":
                return _type_constraint(kind, index, t, constraint.summary)
            element = tf_element(t.element)
            if element is None:
                return "unknown"
            if element not in constraint.elements:
                return _type_constraint(kind, index, t, constraint.summary)
        elif t.text.startswith("!") and not t.text.startswith("!tf_type."):
            return "unknown"  # perhaps an alias of a tensor type
        else:
            return _type_constraint(kind, index, t, constraint.summary)
    return None


def _with_lint(error: Problem | None, lint: Problem | None) -> Problem | None:
    return error if error is not None else lint


def _trait(op: Operation, profile: Profile) -> tuple[Problem | None, Problem | None]:
    """The trait's error (as the C++ verifier) and, apart, the spec profile's BC110 warning."""
    problem = mlir.verify_dialect([u.type for u in op.operands], [u.type for u in op.results], profile)
    if problem is not None and problem.code == "BC110":
        return None, problem
    return problem, None


# ---------------------------------------------------------------------------------------- tf


def _elements_compatible(op: Operation) -> bool:
    """``TF_SameOperandsAndResultElementTypeResolveRef``: one element type, refs resolved."""
    elements = {tf_element(u.type.element) for u in (*op.results, *op.operands) if isinstance(u.type, ShapedType)}
    return len(elements) <= 1


def _verify_tf(op: Operation, profile: Profile, *, shapes: bool = True) -> Problem | None:
    spec = TF_OPS[op.name]
    problem = _counts(op, len(spec.operands))
    if problem is not None:
        return problem
    typed = _tf_types(op, spec)
    if isinstance(typed, str):
        return None
    if typed is not None:
        return typed
    error, lint = _trait(op, profile) if shapes else (None, None)
    if error is None and spec.same_element and not _elements_compatible(op):
        error = Problem("BC704")
    return _with_lint(error, lint)


def verify_tf(op: Operation, profile: Profile) -> Problem | None:
    """A ``tf`` op with ``ResultsBroadcastableShape`` (``tf.AddV2``, ``tf.Less``, ``tf.SelectV2``, ...)."""
    spec = TF_OPS.get(op.name)
    if spec is None:
        return mlir.verify_dialect_op(op, profile)
    return _verify_tf(op, profile)


def verify_tf_compare(op: Operation, profile: Profile) -> Problem | None:
    """``tf.Equal``/``tf.NotEqual``: the broadcast check only while ``incompatible_shape_error`` is true."""
    if op.name not in TF_OPS:
        return mlir.verify_dialect_op(op, profile)
    # Inherent attributes are verified before the ODS traits, counts included.
    attr = op.attribute("incompatible_shape_error")
    value = attr.text.strip() if attr is not None else "true"
    if value not in ("true", "false"):
        return Problem("BC703", {"name": "incompatible_shape_error"})
    return _verify_tf(op, profile, shapes=value == "true")


def _select_elements_compatible(a: str, b: str) -> bool | None:
    """``AreCastCompatible`` on element types: equal, or variant/resource with a missing subtype."""
    a, b = _compact(a), _compact(b)
    if a == b:
        return True
    for family in ("!tf_type.variant", "!tf_type.resource"):
        if a.startswith(family) and b.startswith(family):
            return True if family in (a, b) else None
    return False


def _shapes_compatible(a: ShapedType, b: ShapedType) -> bool:
    if a.shape is None or b.shape is None:
        return True
    return len(a.shape) == len(b.shape) and all(
        x is None or y is None or x == y for x, y in zip(a.shape, b.shape, strict=True)
    )


def verify_tf_select(op: Operation, profile: Profile) -> Problem | None:
    """``tf.Select(cond, t, e)``: ``t`` and ``e`` compatible, ``cond`` a scalar, of their rank, or a vector."""
    problem = _counts(op, 3)
    if problem is not None:
        return problem
    typed = _tf_types(op, TF_SELECT)
    if isinstance(typed, str):
        return None
    if typed is not None:
        return typed
    cond, then, other = (u.type for u in op.operands)
    assert isinstance(cond, ShapedType) and isinstance(then, ShapedType) and isinstance(other, ShapedType)
    same = _select_elements_compatible(then.element, other.element)
    if same is None:
        return None
    if not same or not _shapes_compatible(then, other):
        return Problem("BC705", subject=Subject("operand", 2))
    ranked = [t.shape for t in (then, other) if t.shape is not None]
    if not ranked or cond.shape is None:
        return None
    data_rank = len(ranked[0])
    firsts = [shape[0] for shape in ranked if shape and shape[0] is not None]
    if len(cond.shape) in (0, data_rank):
        return None
    if len(cond.shape) == 1:
        if data_rank == 0:
            return Problem("BC706", subject=Subject("operand", 0))
        if firsts and cond.shape[0] is not None and max(firsts) != cond.shape[0]:
            return Problem("BC707", subject=Subject("operand", 0))
        return None
    return Problem("BC708", subject=Subject("operand", 0))


# ---------------------------------------------------------------------------------------- tfl

_QUANT = lazy(r"!quant\.(?:uniform|any|calibrated)<\s*([a-z]+\d+)")


def _storage(element: str) -> str:
    """``quant::QuantizedType::castToStorageType``: a quantized type's storage type, anything else itself.

    ``u8`` storage is an unsigned 8-bit integer in MLIR's quant dialect, which
    is still the signless ``i8`` type once cast to storage.
    """
    match = _QUANT.match(element)
    if match is None:
        return _compact(element)
    storage = match.group(1)
    return "i" + storage[1:] if storage.startswith("u") else storage


def _is_quantized(element: str) -> bool:
    return _QUANT.match(element) is not None


_STORAGE = lazy(r"<(?:(u)i|s?(i))(\d+)")


def _quant(element: str) -> tosa.Element:
    """A quantized element type read as TOSA reads it, its storage type written the builtin way too
    (``!quant.any<ui8:f32>`` is ``u8``, ``si8`` is ``i8``: MLIR's parser takes both); TOSA's rules are
    imported here, for a quantized type (a TensorFlow file of float types does not load them)."""
    from broadcheck.semantics import tosa

    return tosa.element(_STORAGE.sub(lambda m: f"<{m.group(1) or m.group(2)}{m.group(3)}", element, count=1))


def _operands_same(a: str, b: str) -> bool:
    """``OperandsSameElementTypeConstraintBase``: equal, or both quantized on one storage type."""
    return _compact(a) == _compact(b) or (_is_quantized(a) and _is_quantized(b) and _storage(a) == _storage(b))


_UINT8 = {"ui8", "!tf_type.quint8"}


def _same_or_storage(a: str, b: str) -> bool:
    """``TFL_TCresVTEtIsSameAsOp`` / ``TFL_TCopVTEtAreSameAt``: equal, both 8-bit unsigned, or both
    quantized on one storage type (``castToStorageType`` is null for a type that is not quantized)."""
    if _compact(a) == _compact(b):
        return True
    if _compact(a) in _UINT8 and _compact(b) in _UINT8:
        return True
    return _is_quantized(a) and _is_quantized(b) and _storage(a) == _storage(b)


# The element-type predicates above, for the ``tfl`` shape ops (:mod:`broadcheck.dialects.tfl`).
quantized = _is_quantized
storage = _storage
same_or_storage = _same_or_storage
operands_same = _operands_same

# (message after "failed to verify that", check over (operand elements, result element)), in ODS order.
Predicate = tuple[str, Callable[[Sequence[str], str], bool]]
_BINARY_SAME: Predicate = ("binary op operands have same element type", lambda o, r: _operands_same(o[0], o[1]))
_COMPARISON_SAME: Predicate = (
    "comparison op operands have same element type",
    lambda o, r: _operands_same(o[0], o[1]),
)


def _result_as_lhs(text: str) -> Predicate:
    return (text, lambda o, r: _same_or_storage(r, o[0]))


class TflOp(Frozen):
    """A ``tfl`` op: its operand count and type summaries, element predicates, and extra rules."""

    __slots__ = __match_args__ = (
        "summaries",
        "predicates",
        "same_element",
        "same_scale",
        "max_rank",
        "runtime_description",
    )
    summaries: tuple[str, ...]
    predicates: tuple[Predicate, ...]
    same_element: bool
    """``SameOperandsAndResultElementType``, checked after the trait."""
    same_scale: bool
    """``SameOperandsAndResultsScale``: every quantized operand and result has the same quantized type."""
    max_rank: int | None
    """The TFLite runtime's rank limit for broadcasting (a lint, BC720)."""
    runtime_description: str | None

    def __init__(
        self,
        summaries: tuple[str, ...],
        predicates: tuple[Predicate, ...] = (),
        same_element: bool = False,
        same_scale: bool = False,
        max_rank: int | None = None,
        runtime_description: str | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "summaries", summaries)
        put(self, "predicates", predicates)
        put(self, "same_element", same_element)
        put(self, "same_scale", same_scale)
        put(self, "max_rank", max_rank)
        put(self, "runtime_description", runtime_description)


def _tfl(
    summary: str,
    arity: int = 2,
    *predicates: Predicate,
    max_rank: int | None = None,
    runtime_description: str | None = None,
    same_scale: bool = False,
) -> TflOp:
    return TflOp(
        (summary,) * arity,
        tuple(predicates),
        same_scale=same_scale,
        max_rank=max_rank,
        runtime_description=runtime_description,
    )


_Q = "QI8 type or QUI8 type"
_BOOL_TENSOR = "tensor of 1-bit signless integer values"
_SELECT_DATA = (
    "tensor of 32-bit float or 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or "
    "32-bit signless integer or 64-bit signless integer or 32-bit unsigned integer or QI8 type or QUI8 type or "
    "QI16 type or TFLite quint8 type values"
)

# tensorflow/compiler/mlir/lite/ir/tfl_ops.td: every op with ResultsBroadcastableShape, as TF 2.21 has it.
TFL_OPS: dict[str, TflOp] = {
    "tfl.add": _tfl(
        "tensor of 32-bit float or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or "
        f"{_Q} or QI16 type values",
        max_rank=6,
        runtime_description="Operands should have valid shapes and element type needs to match",
    ),
    "tfl.sub": _tfl(
        f"tensor of 32-bit float or 32-bit signless integer or 64-bit signless integer or {_Q} or QI16 type values",
        2,
        _BINARY_SAME,
        max_rank=6,
        runtime_description="Operands do not have valid shapes",
    ),
    "tfl.mul": _tfl(
        "tensor of 32-bit float or 32-bit signless integer or 32-bit unsigned integer or 64-bit signless integer or "
        f"{_Q} or QI16 type or 16-bit signless integer or complex type with 32-bit float elements values",
        2,
        _BINARY_SAME,
        max_rank=6,
        runtime_description="Operands do not have valid shapes",
    ),
    "tfl.div": _tfl(
        "tensor of 32-bit float or 32-bit signless integer or QUI8 type or QI8 type or QI16 type values",
        2,
        _BINARY_SAME,
        max_rank=6,
    ),
    "tfl.prelu": _tfl(
        "tensor of 32-bit float or QI8 type or QUI8 type or TFLite quint8 type values",
        2,
        _BINARY_SAME,
        _result_as_lhs("input and output must have the same element type"),
        max_rank=4,
    ),
    "tfl.maximum": _tfl(
        f"tensor of 32-bit float or 32/64-bit signless integer or {_Q} or QI16 type values", max_rank=5, same_scale=True
    ),
    "tfl.minimum": _tfl(
        f"tensor of 32-bit float or 32/64-bit signless integer or {_Q} or QI16 type values", max_rank=5, same_scale=True
    ),
    "tfl.less": _tfl(
        "tensor of 32-bit float or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or "
        "QUI8 type or QI8 type or TFLite quint8 type values",
        2,
        _COMPARISON_SAME,
        max_rank=4,
    ),
    "tfl.greater": _tfl(
        "tensor of 32-bit float or 32-bit signless integer or 64-bit signless integer or QUI8 type or QI8 type or "
        "TFLite quint8 type values",
        2,
        _COMPARISON_SAME,
        max_rank=4,
    ),
    "tfl.greater_equal": _tfl(
        "tensor of 32-bit float or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or "
        "QUI8 type or QI8 type values",
        2,
        _COMPARISON_SAME,
        max_rank=4,
    ),
    "tfl.less_equal": _tfl(
        f"tensor of 32-bit float or 32-bit signless integer or 64-bit signless integer or {_Q} values",
        2,
        _COMPARISON_SAME,
        max_rank=4,
    ),
    "tfl.equal": _tfl(
        "tensor of 1-bit signless integer or 32-bit float or 16-bit signless integer or 32-bit signless integer or "
        f"64-bit signless integer or {_Q} or QI16 type or 8-bit unsigned integer or TFLite string type values",
        2,
        _COMPARISON_SAME,
        max_rank=4,
    ),
    "tfl.not_equal": _tfl(
        "tensor of 1-bit signless integer or 32-bit float or 32-bit signless integer or 64-bit signless integer or "
        "QUI8 type or QI8 type or QI16 type or TFLite quint8 type or TFLite string type values",
        2,
        _COMPARISON_SAME,
        max_rank=4,
    ),
    "tfl.pow": _tfl("tensor of 32-bit float or 32-bit signless integer values", max_rank=4),
    "tfl.logical_and": _tfl(_BOOL_TENSOR),
    "tfl.logical_or": _tfl(_BOOL_TENSOR),
    "tfl.floor_div": _tfl(
        "tensor of 32-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer values",
        2,
        _BINARY_SAME,
        _result_as_lhs("lhs and output must have same element type"),
        max_rank=4,
    ),
    "tfl.floor_mod": _tfl(
        "tensor of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless "
        "integer or 32-bit float values",
        2,
        _BINARY_SAME,
        _result_as_lhs("lhs and output must have same element type"),
        max_rank=4,
    ),
    "tfl.squared_difference": _tfl(
        "tensor of 32-bit float or 32-bit signless integer or QI8 type values",
        2,
        _BINARY_SAME,
        _result_as_lhs("values and output must have same element type"),
        max_rank=4,
    ),
    "tfl.select_v2": TflOp(
        (_BOOL_TENSOR, _SELECT_DATA, _SELECT_DATA),
        (
            ("operands have same element type", lambda o, r: _same_or_storage(o[1], o[2])),
            ("operands and result have same element type", lambda o, r: _same_or_storage(r, o[1])),
        ),
        same_scale=True,
        max_rank=5,
    ),
    "tfl.bitwise_xor": TflOp(
        (
            "tensor of 8-bit signless integer or 8-bit unsigned integer or 16-bit signless integer or 16-bit "
            "unsigned integer or 32-bit signless integer or 32-bit unsigned integer values",
        )
        * 2,
        same_element=True,
    ),
}


def _prelu(input_: ShapedType, alpha: ShapedType, output: ShapedType) -> Problem | None:
    """``PReluOp::verify`` (``tfl_ops.cc``): alpha one rank less and broadcastable, output the input's shape.

    Only static shapes are compared, as in the C++.
    """
    if _static(input_) and _static(alpha):
        assert input_.shape is not None and alpha.shape is not None
        if len(input_.shape) != len(alpha.shape) + 1:
            return Problem("BC713", subject=Subject("operand", 1))
        for dim, size in enumerate(alpha.shape):
            if size != input_.shape[dim + 1] and size != 1:
                return Problem("BC714", {"dim": dim}, Subject("operand", 1))
    if _static(input_) and _static(output):
        assert input_.shape is not None and output.shape is not None
        if len(input_.shape) != len(output.shape):
            return Problem("BC715", subject=Subject("result", 0))
        if input_.shape != output.shape:
            return Problem("BC716", subject=Subject("result", 0))
    return None


def _same_scale(elements: Sequence[str]) -> Problem | None:
    """``quant::VerifySameScales``: the quantized operands and results, in order, all equal the first."""
    quantized = [_quant(e) for e in elements if _is_quantized(e)]
    if any(not q.known for q in quantized):
        return None
    for other in quantized[1:]:
        if other.text != quantized[0].text:
            return Problem("BC717", {"expected": quantized[0].text, "actual": other.text})
    return None


def _static(t: ShapedType) -> bool:
    return t.shape is not None and None not in t.shape


def _runtime_rank(spec: TflOp, operands: Sequence[ShapedType], result: str = "") -> Problem | None:
    """The runtime's shape predicate (``VerifyOperandsHaveSameShapesOrBroadcastableShape`` and, for
    ``add``, ``sub`` and ``mul``, ``Verify{Add,Sub,Mul}OpShapeConstraints`` of TensorFlow 2.21), where
    the types decide it; ``result`` is the result's element type.

    Shapes that are all static and all the same pass at any rank; otherwise the
    highest rank must be within the limit. (With an unknown shape the runtime also
    accepts operands broadcast from one ``tfl.broadcast_args``, which the types do not
    show, so only all-static operands are judged.) An 8-bit quantized ``mul`` result of a
    16-bit quantized lhs needs operands of one shape; ``add`` needs one element type.
    ``add``'s 16-bit quantized branch (operands of one shape) is not judged: the converter
    quantizes after its runtime verification and itself emits a 16x8 ``add`` of a tensor
    and a scalar constant, which the TFLite kernel runs.
    """
    if spec.max_rank is None:
        return None
    description = spec.runtime_description or (
        f"operands do not have the same shape or broadcastable shapes within the rank {spec.max_rank}"
    )
    problem = Problem("BC720", {"description": description, "rank": spec.max_rank})
    if (
        spec is TFL_OPS["tfl.add"]
        and len(operands) == 2
        and not _operands_same(operands[0].element, operands[1].element)
    ):
        return problem
    if _same_shape_only(spec, operands, result):
        a, b = (t.shape for t in operands[:2])
        if (
            a is not None
            and b is not None
            and (len(a) != len(b) or any(x is not None and y is not None and x != y for x, y in zip(a, b, strict=True)))
        ):
            return problem
        return None
    if not all(_static(t) for t in operands):
        return None
    shapes = [t.shape for t in operands]
    if all(shape == shapes[0] for shape in shapes) or max(len(s or ()) for s in shapes) <= spec.max_rank:
        return None
    return problem


def _same_shape_only(spec: TflOp, operands: Sequence[ShapedType], result: str) -> bool:
    """The runtime branches that take operands of one (compatible) shape only."""
    if not _is_quantized(result):
        return False
    q = _quant(result)
    if spec is TFL_OPS["tfl.mul"] and q.known and q.width == 8 and _is_quantized(operands[0].element):
        lhs = _quant(operands[0].element)
        return lhs.known and lhs.width == 16 and lhs.signedness == "signed"
    return False


def verify_tfl(op: Operation, profile: Profile) -> Problem | None:
    """A ``tfl`` op with ``ResultsBroadcastableShape`` (``tfl.add``, ``tfl.less``, ``tfl.select_v2``, ...)."""
    spec = TFL_OPS.get(op.name)
    if spec is None:
        return mlir.verify_dialect_op(op, profile)
    return _verify_tfl(op, spec, profile)


def _verify_tfl(op: Operation, spec: TflOp, profile: Profile) -> Problem | None:
    problem = _counts(op, len(spec.summaries))
    if problem is None and op.name in _FUSED:
        problem = tfl_enums(op, "fused_activation_function")
    if problem is not None:
        return problem
    for index, (use, summary) in enumerate(zip(op.operands, spec.summaries, strict=True)):
        t = use.type
        if isinstance(t, ShapedType) and t.kind == "tensor":
            continue
        if isinstance(t, OpaqueType) and t.text.startswith("!"):
            return NOT_JUDGED  # perhaps an alias of a tensor type
        return _type_constraint("operand", index, t, summary)
    result = op.results[0].type
    if not (isinstance(result, ShapedType) and result.kind == "tensor"):
        return NOT_JUDGED  # the result's summary is not in the table
    operands = [u.type for u in op.operands]
    assert all(isinstance(t, ShapedType) for t in operands)
    elements = [t.element for t in operands if isinstance(t, ShapedType)]
    for text, holds in spec.predicates:
        if not holds(elements, result.element):
            return Problem("BC711", {"predicate": text})
    error, lint = _trait(op, profile)
    if error is None and spec.same_element and len({_compact(e) for e in (*elements, result.element)}) > 1:
        error = Problem("BC712")
    if error is None and spec.same_scale:
        error = _same_scale([*elements, result.element])
    if error is None and op.name == "tfl.prelu":
        input_, alpha = operands
        assert isinstance(input_, ShapedType) and isinstance(alpha, ShapedType)
        error = _prelu(input_, alpha, result)
    if error is None and lint is None:
        lint = _runtime_rank(spec, [t for t in operands if isinstance(t, ShapedType)], result.element)
    return _with_lint(error, lint)


VERIFIERS = {
    "tf": verify_tf,
    "tf-compare": verify_tf_compare,
    "tf-select": verify_tf_select,
    "tfl": verify_tfl,
}
