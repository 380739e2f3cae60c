"""The ops of ONNX-MLIR that are not shape ops: ``onnx.Constant``, ``onnx.NoValue``, the unary
elementwise tail (Relu, Sigmoid, Tanh, Sqrt, ...) and what ``onnx.Return`` checks.

* ``onnx.NoValue`` (``AdditionalONNXOps.td``: ``outs NoneType``, no operands): its ODS traits in
  the order MLIR runs them: one result, zero operands, the result ``none`` (errors: onnx-mlir's own
  verifier rejects these).
* ``onnx.Constant`` has no ``verify()`` (``ONNXOps/Tensor/Constant.cpp``): its result's type is
  what its value says (``resultTypeInference``) only to ONNX's shape inference; a result that
  contradicts the value is a warning in ONNX's words (``onnx.shape_inference``, strict mode).
* The unary ops' verifiers (and Clip's) check nothing beyond their ODS element types; ONNX's
  inference keeps the (first) input's shape and element type: a result that contradicts them is
  the same warning.
* ``onnx.Return`` (``ONNXOps/Additional/Return.cpp``): :func:`return_problem` is its verifier,
  for value flow to call with the enclosing function's result types (the engine knows them).
"""

from __future__ import annotations

from broadcheck.dialects.common import attr_int, attr_str, element, is_none, shape
from broadcheck.dialects.literal import value_type
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.syntax.attributes import value

ONNX_DTYPES = {
    "f32": 1, "ui8": 2, "i8": 3, "ui16": 4, "i16": 5, "i32": 6, "i64": 7, "!onnx.String": 8, "i1": 9,
    "f16": 10, "f64": 11, "ui32": 12, "ui64": 13, "complex<f32>": 14, "complex<f64>": 15, "bf16": 16,
    "f8E4M3FN": 17, "f8E4M3FNUZ": 18, "f8E5M2": 19, "f8E5M2FNUZ": 20,
}  # fmt: skip
"""An MLIR element type -> the ``TensorProto`` data type ONNX's messages print for it."""

UNARY = (
    "Abs Acos Acosh Asin Asinh Atan Atanh BitwiseNot Ceil Celu Cos Cosh Elu Erf Exp Floor Gelu HardSigmoid "
    "HardSwish LeakyRelu Log Mish Neg Not Reciprocal Relu Round Selu Shrink Sigmoid Sign Sin Sinh Softplus "
    "Softsign Sqrt Tan Tanh ThresholdedRelu"
).split()
"""The unary elementwise ops (one input, one output of its shape and element type in ONNX's
inference; onnx-mlir's ``ElementwiseUnary.cpp`` verifies none of them)."""

BOOL_RESULT = ("IsInf", "IsNaN")
"""Ops whose one output ONNX's inference gives the input's shape with ``i1`` elements."""

FIRST_INPUT = ("Clip", "ClipV6", "ClipV11", "ClipV12")
"""Ops whose one output ONNX's inference gives the first input's type (``Clip``'s ``min`` and ``max``,
optional, are not looked at; onnx-mlir has no verifier for them)."""


# ---------------------------------------------------------------------------------------- NoValue


def no_value(op: Operation, profile: Profile) -> Problem | None:
    """``onnx.NoValue``: ``OneResult``, ``ZeroOperands``, then ``result #0 must be none type``."""
    if len(op.results) != 1:
        return Problem("BC1166")
    if op.operands:
        return Problem("BC1162", {"kind": "operands"})
    t = op.results[0].type
    if not is_none(t):
        return Problem("BC1167", {"kind": "result", "index": 0, "constraint": "none type", "type": str(t)})
    return None


# ------------------------------------------------------------------------ what ONNX infers, compared


def _compare(actual: Type, inferred: ShapedType) -> Problem | None:
    """ONNX's merge of an inferred type into a declared one (strict mode): the element type, then the
    rank, then each size both know (``mergeInShapeInfo``), in its words."""
    if not isinstance(actual, ShapedType) or actual.kind != "tensor":
        return None
    a, i = "".join(actual.element.split()), "".join(inferred.element.split())
    if a != i:
        if a not in ONNX_DTYPES or i not in ONNX_DTYPES:
            return None  # (a type ONNX has no number for: not compared)
        return Problem("BC1262", {"inferred": ONNX_DTYPES[i], "actual": ONNX_DTYPES[a]}, Subject("result", 0))
    if actual.shape is None or inferred.shape is None:
        return None
    if len(actual.shape) != len(inferred.shape):
        return Problem("BC1260", {"inferred": len(inferred.shape), "actual": len(actual.shape)}, Subject("result", 0))
    for d, (x, y) in enumerate(zip(inferred.shape, actual.shape, strict=True)):
        if x is not None and y is not None and x != y:
            return Problem("BC1261", {"index": d, "inferred": x, "actual": y}, Subject("result", 0))
    return None


def unary(op: Operation, profile: Profile) -> Problem | None:
    """A unary elementwise op (``ONNXGeluOp::verify`` first: ``approximate`` ``none`` or ``tanh``;
    ``ONNXIsInfOp::verify``: on a ranked input, not both ``detect_*`` 0): its result against ONNX's
    inference (the input's type; ``i1`` elements for IsInf and IsNaN)."""
    if op.name == "onnx.Gelu":
        approximate = attr_str(op, "approximate")
        if approximate is not None and approximate not in ("none", "tanh"):
            return Problem("BC1265", {"value": approximate})
    ranked = bool(op.operands) and shape(op.operands[0].type) is not None
    if (
        op.name == "onnx.IsInf"
        and ranked
        and attr_int(op, "detect_positive", 1) == attr_int(op, "detect_negative", 1) == 0
    ):
        return Problem("BC1266")
    if not op.operands or len(op.results) != 1 or (len(op.operands) != 1 and op.name[5:] not in FIRST_INPUT):
        return None
    x = op.operands[0].type
    if not isinstance(x, ShapedType) or x.kind != "tensor":
        return None
    if op.name[5:] in BOOL_RESULT:
        x = ShapedType("tensor", x.shape, "i1")
    return _compare(op.results[0].type, x)


# --------------------------------------------------------------------------------------- Constant

_VALUE_ATTRIBUTES = ("sparse_value", "value", "value_float", "value_floats", "value_int", "value_ints")


def constant_type(op: Operation) -> ShapedType | None:
    """``ONNXConstantOp::resultTypeInference``: the type its value attribute gives its result (the
    first of ``value``, ``sparse_value``, ``value_float(s)``, ``value_int(s)`` present); ``None`` when
    broadcheck cannot tell (a string value, an attribute it cannot read)."""
    for name in ("value", "sparse_value"):
        attr = op.attribute(name)
        if attr is not None:
            written = value_type(attr.text)
            if written is None or written.kind not in ("dense", "dense_resource", "sparse"):
                return None
            t = written.type
            return t if isinstance(t, ShapedType) and t.kind == "tensor" else None
    for name, elem in (("value_float", "f32"), ("value_floats", "f32"), ("value_int", "i64"), ("value_ints", "i64")):
        attr = op.attribute(name)
        if attr is None:
            continue
        if name.endswith("s"):
            read = value(attr.text)
            if not isinstance(read, list):
                return None
            return ShapedType("tensor", (len(read),), elem)
        return ShapedType("tensor", (), elem)
    return None


def constant(op: Operation, profile: Profile) -> Problem | None:
    """``onnx.Constant``: its result against the type its value gives it (ONNX's inference); the
    custom form ``onnx.Constant dense<...> : T`` writes that type once, so only a written result
    type can differ."""
    if len(op.results) != 1 or op.operands:
        return None
    inferred = constant_type(op)
    if inferred is None:
        return None
    return _compare(op.results[0].type, inferred)


# ----------------------------------------------------------------------------------------- Return


def _shape_same_or_more_specific(lhs: ShapedType, rhs: ShapedType) -> bool:
    """``shapeIsSameOrMoreSpecific``: ``rhs`` (the function's) unranked, or of ``lhs``'s rank with
    each size ``?`` or ``lhs``'s."""
    if rhs.shape is None:
        return True
    if lhs.shape is None or len(lhs.shape) != len(rhs.shape):
        return False
    return all(r is None or r == x for x, r in zip(lhs.shape, rhs.shape, strict=True))


def same_or_more_specific(returned: Type, declared: Type) -> bool:
    """``typeIsSameOrMoreSpecific``: the same type, or shaped types of one element type whose
    returned shape is the declared one or more specific."""
    if not isinstance(returned, ShapedType) and not isinstance(declared, ShapedType):
        return "".join(str(returned).split()) == "".join(str(declared).split())
    if not isinstance(returned, ShapedType) or not isinstance(declared, ShapedType):
        return False
    if element(returned) != element(declared):
        return False
    return _shape_same_or_more_specific(returned, declared)


CONTAINERS = ("!onnx.Seq<", "!onnx.Opt<")
"""ONNX's sequence and optional types: equal when their element types are (``SeqType::parse``
always sets the length it does not print to dynamic)."""


def _container(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.text.startswith(CONTAINERS)


def _foreign(t: Type) -> bool:
    """A type whose spelling may vary: an alias, another dialect's type (ONNX's containers are read)."""
    text = str(t)
    return ("!" in text or "#" in text) and not _container(t)


def _printed(t: Type) -> str:
    return "".join(str(t).split()) if _container(t) else str(t)


def return_problem(returned: list[Type], declared: list[Type], function: str) -> Problem | None:
    """``ONNXReturnOp::verify``: as many operands as the function has results (BC1263), each the
    same type as its result or more specific (BC1264)."""
    if len(returned) != len(declared):
        return Problem("BC1263", {"count": len(returned), "name": function, "expected": len(declared)})
    for i, (r, d) in enumerate(zip(returned, declared, strict=True)):
        if _foreign(r) or _foreign(d):
            continue  # (an alias or another dialect's type: spellings vary)
        if not same_or_more_specific(r, d):
            actual, expected = _printed(r), _printed(d)
            return Problem("BC1264", {"index": i, "actual": actual, "expected": expected, "name": function})
    return None
