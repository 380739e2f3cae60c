"""XLA broadcasting: explicit ``broadcast_dimensions``, and StableHLO's ``broadcast_in_dim``.

XLA never adds dims implicitly, except for scalars. An operand of lower rank
needs ``broadcast_dimensions``: one entry per dim of it, naming the higher-rank
dim it maps to, strictly increasing; then size-1 dims broadcast both ways.
Operands of the same rank broadcast their size-1 dims, and their
``broadcast_dimensions`` must be absent or the identity. The checks and messages
are XLA's (``ShapeInference::InferElementwiseBinaryOpShape``), in its order;
shapes print as XLA does, e.g. ``f32[2,3]``.

``chlo.broadcast_*`` ops follow these rules when they carry
``broadcast_dimensions`` and NumPy's without it (CHLO's own verifier lets
illegal dimensions through). ``stablehlo.broadcast_in_dim`` follows StableHLO
(constraints C2 to C5, its verifier's messages).

PASS::

    chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
    stablehlo.broadcast_in_dim %v, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>

FAIL::

    chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xi8>, tensor<3xi8>) -> tensor<4x3xi8>
    stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x2x2xi32>
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.ops import Dim, Operation, Shape, ShapedType
from broadcheck.semantics import Problem, Profile, Subject, numpy

# Word for word from XLA (xla/service/shape_inference.cc) and StableHLO (TypeInference.cpp), so users can
# grep for what they know; the catalogue's templates for these codes are the same text.
_MESSAGES = {
    "BC501": "Shapes must be equal rank, but are {smaller} and {larger}",
    "BC502": (
        "Size of broadcast_dimensions has to match lower-rank operand's rank;  "
        "lower-rank operand's rank is {rank}, size of broadcast_dimensions is {size}."
    ),
    "BC503": "Broadcast dimension number ({dim}) cannot be negative.",
    "BC504": "Broadcast dimension number ({dim}) too large; higher-rank operand has rank {rank}.",
    "BC505": "Broadcast dimension {index} mismatch: {small} != {large}; {smaller} and {larger}.",
    "BC506": "Broadcast dimensions order is wrong: {dim} comes after {previous}.",
    "BC507": (
        "Broadcast dimensions field must either be not set or be the identity on binary operations "
        "with operands of the same rank."
    ),
    "BC508": "Binary op with incompatible shapes: {lhs} and {rhs}.",
    "BC509": "Binary op {opcode} with different element types: {lhs} and {rhs}.",
    "BC511": "broadcast_dimensions size ({size}) does not match operand rank ({rank})",
    "BC512": "broadcast_dimensions should not have duplicates",
    "BC513": "broadcast_dimensions contains invalid value {value} for result with rank {rank}",
    "BC514": (
        "size of operand dimension {dim} ({size}) is not equal to 1 or size of result dimension {result_dim} "
        "({result_size})"
    ),
}

# The ODS constraints of stablehlo.broadcast_in_dim (StableHLO as in iree-base-compiler 3.13).
_ELEMENTS = (
    "4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements "
    "or per-tensor integer quantized or per-axis integer quantized values"
)
RANKED_OPERAND = f"ranked tensor of {_ELEMENTS}"
STATIC_RESULT = f"statically shaped or single bounded dimension tensor of {_ELEMENTS}"


class XlaError(ValueError):
    """A broadcast XLA or StableHLO rejects: ``str()`` is its message, ``code`` the catalogue code.

    ``operand`` is the operand at fault (0 or 1), where there is one.
    """

    def __init__(self, code: str, operand: int | None = None, **params: object):
        super().__init__(_MESSAGES[code].format(**params))
        self.code, self.params, self.operand = code, params, operand


def xla_element(element: str) -> str:
    """An MLIR element type as XLA names it: ``i32`` -> ``s32``, ``ui8`` -> ``u8``, ``i1`` -> ``pred``."""
    if element == "i1":
        return "pred"
    integer = re.fullmatch(r"(s|u)?i(\d+)", element)
    if integer:
        return ("u" if integer.group(1) == "u" else "s") + integer.group(2)
    complex_ = {"complex<f32>": "c64", "complex<f64>": "c128"}
    return complex_.get(element, element.lower())


def xla_shape(element: str, shape: Shape) -> str:
    """A shape as XLA prints it: ``f32[2,3]``, ``s32[]``, ``f32[?,3]``."""
    return f"{xla_element(element)}[{','.join('?' if d is None else str(d) for d in shape)}]"


def _degenerate(lhs: Shape, rhs: Shape, lhs_text: str, rhs_text: str) -> Shape:
    out: list[Dim] = []
    for a, b in zip(lhs, rhs, strict=True):
        if a == 1 or b == 1:
            out.append(b if a == 1 else a)
        elif a == b or a is None or b is None:
            out.append(a if b is None else b)
        else:
            raise XlaError("BC508", None, lhs=lhs_text, rhs=rhs_text)
    return tuple(out)


def broadcast(
    lhs: Shape,
    rhs: Shape,
    broadcast_dimensions: Sequence[int] | None,
    lhs_element: str = "f32",
    rhs_element: str | None = None,
    opcode: str = "add",
) -> Shape:
    """The shape of an XLA elementwise binary op; raises :class:`XlaError`.

    ``broadcast_dimensions`` ``None`` (not set) and ``()`` are the same to XLA.
    ``?`` sizes are XLA's unbounded dynamic sizes: compatible with any size.
    """
    rhs_element = lhs_element if rhs_element is None else rhs_element
    lhs_text, rhs_text = xla_shape(lhs_element, lhs), xla_shape(rhs_element, rhs)
    if xla_element(lhs_element) != xla_element(rhs_element):
        raise XlaError("BC509", 1, opcode=opcode, lhs=lhs_text, rhs=rhs_text)
    dims = tuple(broadcast_dimensions or ())
    if len(lhs) == len(rhs):
        if dims and dims != tuple(range(len(lhs))):
            raise XlaError("BC507")
        return _degenerate(lhs, rhs, lhs_text, rhs_text)
    small_index = 0 if len(lhs) < len(rhs) else 1
    smaller, larger = (lhs, rhs) if small_index == 0 else (rhs, lhs)
    smaller_text, larger_text = (lhs_text, rhs_text) if small_index == 0 else (rhs_text, lhs_text)
    if not dims and smaller:
        raise XlaError("BC501", small_index, smaller=smaller_text, larger=larger_text)
    if len(dims) != len(smaller):
        raise XlaError("BC502", small_index, rank=len(smaller), size=len(dims))
    in_dim = list(larger)
    for i, dim in enumerate(dims):
        if dim < 0:
            raise XlaError("BC503", dim=dim)
        if dim >= len(larger):
            raise XlaError("BC504", dim=dim, rank=len(larger))
        small, large = smaller[i], larger[dim]
        if small is not None and large is not None and small not in (large, 1) and large != 1:
            raise XlaError(
                "BC505", small_index, index=i, small=small, large=large, smaller=smaller_text, larger=larger_text
            )
        if i > 0 and dims[i - 1] >= dim:
            raise XlaError("BC506", dim=dim, previous=dims[i - 1])
        in_dim[dim] = small
    larger_element = rhs_element if small_index == 0 else lhs_element
    return _degenerate(tuple(in_dim), larger, xla_shape(larger_element, tuple(in_dim)), larger_text)


def broadcast_in_dim(operand_shape: Shape, dims: Sequence[int], result_shape: Shape) -> None:
    """StableHLO's ``broadcast_in_dim`` constraints C2, C4, then C3 and C5 per dim; raises :class:`XlaError`.

    A ``?`` operand size is not checked (as in StableHLO), nor a ``?`` result size.
    """
    if len(dims) != len(operand_shape):
        raise XlaError("BC511", size=len(dims), rank=len(operand_shape))
    if len(set(dims)) != len(dims):
        raise XlaError("BC512")
    for i, dim in enumerate(dims):
        if not 0 <= dim < len(result_shape):
            raise XlaError("BC513", value=dim, rank=len(result_shape))
        size, result_size = operand_shape[i], result_shape[dim]
        if size is not None and result_size is not None and size not in (1, result_size):
            raise XlaError("BC514", 0, dim=i, size=size, result_dim=dim, result_size=result_size)


_INTS = r"\s*(-?\d+(?:\s*,\s*-?\d+)*)?\s*"
_DIMS_FORMS = (
    re.compile(rf"array<\s*i\d+\s*(?::{_INTS})?>"),
    re.compile(rf"\[{_INTS}\]"),
    re.compile(rf"dense<\s*(?:\[{_INTS}\])?\s*>\s*:\s*tensor<\s*\d+\s*x\s*i\d+\s*>"),
)
_DENSE_SPLAT = re.compile(r"dense<\s*(-?\d+)\s*>\s*:\s*tensor<\s*(\d+)\s*x\s*i\d+\s*>")


def parse_dims(text: str) -> tuple[int, ...]:
    """The integers of a dimensions attribute: ``array<i64: 1, 2>``, ``[2, 1]``, ``dense<[0, 1]> : tensor<2xi64>``.

    Raises :class:`ValueError` for any other text.
    """
    text = text.strip()
    for form in _DIMS_FORMS:
        match = form.fullmatch(text)
        if match:
            values = match.group(1)
            return tuple(int(v) for v in values.split(",")) if values else ()
    splat = _DENSE_SPLAT.fullmatch(text)
    if splat:
        return (int(splat.group(1)),) * int(splat.group(2))
    raise ValueError(f"not a list of dimensions: {text!r}")


def _problem(err: XlaError) -> Problem:
    subject = Subject("operand", err.operand) if err.operand is not None else None
    return Problem(err.code, err.params, subject=subject)


def verify_chlo_op(op: Operation, profile: Profile) -> Problem | None:
    """A ``chlo.broadcast_*`` binary op: XLA's rules with ``broadcast_dimensions``, NumPy's without."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    attr = op.attribute("broadcast_dimensions")
    if attr is None:
        return numpy.verify(operands, results)
    if len(operands) != 2:
        return None
    lhs, rhs = operands
    if not (isinstance(lhs, ShapedType) and isinstance(rhs, ShapedType)) or lhs.shape is None or rhs.shape is None:
        return None
    try:
        dims = parse_dims(attr.text)
    except ValueError:
        return None
    opcode = op.name.removeprefix("chlo.broadcast_").replace("_", "-")
    try:
        inferred = broadcast(lhs.shape, rhs.shape, dims, lhs.element, rhs.element, opcode)
    except XlaError as err:
        return _problem(err)
    return numpy.check_results(results, inferred)


def verify_broadcast_in_dim_op(op: Operation, profile: Profile) -> Problem | None:
    """``stablehlo.broadcast_in_dim``: its type constraints (BC109), then C2 to C5."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return None
    operand, result = op.operands[0].type, op.results[0].type
    if not isinstance(operand, ShapedType) or not isinstance(result, ShapedType):
        return None
    if operand.shape is None:
        return Problem(
            "BC109",
            {"kind": "operand", "index": 0, "constraint": RANKED_OPERAND, "type": operand},
            Subject("operand", 0),
        )
    # A `?` result size is allowed only as a bounded dim, which needs an encoding.
    if result.shape is None or (None in result.shape and result.encoding is None):
        return Problem(
            "BC109",
            {"kind": "result", "index": 0, "constraint": STATIC_RESULT, "type": result},
            Subject("result", 0),
        )
    attr = op.attribute("broadcast_dimensions") or op.attribute("dims")
    if attr is None:
        return None
    try:
        dims = parse_dims(attr.text)
    except ValueError:
        return None
    try:
        broadcast_in_dim(operand.shape, dims, result.shape)
    except XlaError as err:
        return _problem(err)
    return None


VERIFIERS = {"xla": verify_chlo_op, "stablehlo-broadcast-in-dim": verify_broadcast_in_dim_op}
ATTRIBUTE_FREE: frozenset[str] = frozenset()
