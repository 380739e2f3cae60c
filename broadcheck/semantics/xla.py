"""XLA-style broadcasting: CHLO's ``chlo.broadcast_*`` ops, and StableHLO's ``broadcast_in_dim`` ops.

**CHLO** (``chlo.broadcast_add`` ... ``chlo.broadcast_select``) is checked the way
CHLO's own verifier checks it (the CHLO in ``iree-base-compiler`` 3.13): counts,
``broadcast_dimensions`` must be an ``array<i64>``, ODS type constraints, the
op's element-type trait, ``mismatched operand types``, then the type CHLO
*infers* must be compatible with the result. CHLO infers an unranked type for
operands that do not broadcast, so such ops verify: CHLO never rejects an
illegal broadcast. Those are **warnings** (lint), with their own codes:

* with ``broadcast_dimensions``, XLA's client rules
  (``ShapeInference::InferElementwiseBinaryOpShape``, XLA's words, shapes as
  ``f32[2,3]``): BC551-BC559;
* without it (NumPy-style prefix padding), the pair of sizes that does not
  broadcast, in the words CHLO prints (as a stray ``error:`` diagnostic at an
  operand, even though the op verifies): BC560, BC561.

**stablehlo.broadcast_in_dim** and **stablehlo.dynamic_broadcast_in_dim**
follow StableHLO's verifier (constraints C1-C10), with its messages; the
values of ``output_dimensions`` (a constant operand) and the per-axis scale
comparisons of C6 are not modelled (the op is passed over).

PASS::

    chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
    stablehlo.broadcast_in_dim %v, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>

FAIL::

    chlo.broadcast_add %a, %b : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x4xi8>
    stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x2x2xi32>

WARNING (lint; CHLO verifies it)::

    chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xi8>, tensor<3xi8>) -> tensor<4x3xi8>
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.ops import Dim, Frozen, Operation, Shape
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.semantics.stablehlo import (
    DYNAMIC,
    HLO_TENSOR,
    PRED,
    Constraint,
    Element,
    Tensor,
    Unknown,
    broadcast_scales,
    check_counts,
    check_types,
    compatible_elements,
    compatible_shapes,
    constraint,
    element,
    hlo_compatible,
    same_element,
    tensor,
)
from broadcheck.syntax.lazyre import lazy

# Word for word from XLA (xla/service/shape_inference.cc) and StableHLO (TypeInference.cpp), so users can
# grep for what they know; the catalogue's templates for these codes are the same text.
_MESSAGES = {
    "BC551": "Shapes must be equal rank, but are {smaller} and {larger}",
    "BC552": (
        "Size of broadcast_dimensions has to match lower-rank operand's rank;  "
        "lower-rank operand's rank is {rank}, size of broadcast_dimensions is {size}."
    ),
    "BC553": "Broadcast dimension number ({dim}) cannot be negative.",
    "BC554": "Broadcast dimension number ({dim}) too large; higher-rank operand has rank {rank}.",
    "BC555": "Broadcast dimension {index} mismatch: {small} != {large}; {smaller} and {larger}.",
    "BC556": "Broadcast dimensions order is wrong: {dim} comes after {previous}.",
    "BC557": (
        "Broadcast dimensions field must either be not set or be the identity on binary operations "
        "with operands of the same rank."
    ),
    "BC558": "Binary op with incompatible shapes: {lhs} and {rhs}.",
    "BC559": "Binary op {opcode} with different element types: {lhs} and {rhs}.",
    "BC511": "broadcast_dimensions size ({size}) does not match operand rank ({rank})",
    "BC512": "broadcast_dimensions should not have duplicates",
    "BC513": "broadcast_dimensions contains invalid value {value} for result with rank {rank}",
    "BC514": (
        "size of operand dimension {dim} ({size}) is not equal to 1 or size of result dimension {result_dim} "
        "({result_size})"
    ),
}

# The ODS constraints of stablehlo.broadcast_in_dim (StableHLO as in iree-base-compiler 3.13).
RANKED_OPERAND = HLO_TENSOR.words
STATIC_RESULT = "statically shaped or single bounded dimension " + HLO_TENSOR.words.removeprefix("ranked ")
_STATIC_RESULT = Constraint(STATIC_RESULT, HLO_TENSOR.atoms, shape="static-or-single-bounded")
_SHAPE_OPERAND = Constraint(
    "statically shaped 1-dimensional tensor of index or 2/4/8/16/32/64-bit integer values",
    frozenset({"IDX", "SI", "UI"}),
    shape="static-1d",
)


class XlaError(ValueError):
    """A broadcast XLA or StableHLO rejects: ``str()`` is its message, ``code`` the catalogue code.

    ``operand`` is the operand at fault (0 or 1), where there is one.
    """

    def __init__(self, code: str, operand: int | None = None, **params: object):
        super().__init__(_MESSAGES[code].format(**params))
        self.code, self.params, self.operand = code, params, operand


def xla_element(element_: str) -> str:
    """An MLIR element type as XLA names it: ``i32`` -> ``s32``, ``ui8`` -> ``u8``, ``i1`` -> ``pred``."""
    if element_ == "i1":
        return "pred"
    integer = re.fullmatch(r"(s|u)?i(\d+)", element_)
    if integer:
        return ("u" if integer.group(1) == "u" else "s") + integer.group(2)
    complex_ = {"complex<f32>": "c64", "complex<f64>": "c128"}
    return complex_.get(element_, element_.lower())


def xla_shape(element_: str, shape: Shape) -> str:
    """A shape as XLA prints it: ``f32[2,3]``, ``s32[]``, ``f32[?,3]``."""
    return f"{xla_element(element_)}[{','.join('?' if d is None else str(d) for d in shape)}]"


def _degenerate(lhs: Shape, rhs: Shape, lhs_text: str, rhs_text: str) -> Shape:
    out: list[Dim] = []
    for a, b in zip(lhs, rhs, strict=True):
        if a == 1 or b == 1:
            out.append(b if a == 1 else a)
        elif a == b or a is None or b is None:
            out.append(a if b is None else b)
        else:
            raise XlaError("BC558", None, lhs=lhs_text, rhs=rhs_text)
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
        raise XlaError("BC559", 1, opcode=opcode, lhs=lhs_text, rhs=rhs_text)
    dims = tuple(broadcast_dimensions or ())
    if len(lhs) == len(rhs):
        if dims and dims != tuple(range(len(lhs))):
            raise XlaError("BC557")
        return _degenerate(lhs, rhs, lhs_text, rhs_text)
    small_index = 0 if len(lhs) < len(rhs) else 1
    smaller, larger = (lhs, rhs) if small_index == 0 else (rhs, lhs)
    smaller_text, larger_text = (lhs_text, rhs_text) if small_index == 0 else (rhs_text, lhs_text)
    if not dims and smaller:
        raise XlaError("BC551", small_index, smaller=smaller_text, larger=larger_text)
    if len(dims) != len(smaller):
        raise XlaError("BC552", small_index, rank=len(smaller), size=len(dims))
    in_dim = list(larger)
    for i, dim in enumerate(dims):
        if dim < 0:
            raise XlaError("BC553", dim=dim)
        if dim >= len(larger):
            raise XlaError("BC554", dim=dim, rank=len(larger))
        small, large = smaller[i], larger[dim]
        if small is not None and large is not None and small not in (large, 1) and large != 1:
            raise XlaError(
                "BC555", small_index, index=i, small=small, large=large, smaller=smaller_text, larger=larger_text
            )
        if i > 0 and dims[i - 1] >= dim:
            raise XlaError("BC556", dim=dim, previous=dims[i - 1])
        in_dim[dim] = small
    larger_element = rhs_element if small_index == 0 else lhs_element
    return _degenerate(tuple(in_dim), larger, xla_shape(larger_element, tuple(in_dim)), larger_text)


def broadcast_in_dim(operand_shape: Shape, dims: Sequence[int], result_shape: Shape) -> None:
    """StableHLO's ``broadcast_in_dim`` constraints C2, C4, then C3 and C5 per dim; raises :class:`XlaError`.

    A ``?`` operand size is not checked; a ``?`` (bounded) result size is, and
    StableHLO prints it as ``-9223372036854775808``.
    """
    if len(dims) != len(operand_shape):
        raise XlaError("BC511", size=len(dims), rank=len(operand_shape))
    if len(set(dims)) != len(dims):
        raise XlaError("BC512")
    for i, dim in enumerate(dims):
        if not 0 <= dim < len(result_shape):
            raise XlaError("BC513", value=dim, rank=len(result_shape))
        size, result_size = operand_shape[i], result_shape[dim]
        if size is not None and size != 1 and size != result_size:
            shown = DYNAMIC if result_size is None else result_size
            raise XlaError("BC514", 0, dim=i, size=size, result_dim=dim, result_size=shown)


_INTS = r"\s*(-?\d+(?:\s*,\s*-?\d+)*)?\s*"
_ARRAY = lazy(rf"array<\s*i64\s*(?::{_INTS})?>")
_DIMS_FORMS = (
    lazy(rf"array<\s*i\d+\s*(?::{_INTS})?>"),
    lazy(rf"\[{_INTS}\]"),
    lazy(rf"dense<\s*(?:\[{_INTS}\])?\s*>\s*:\s*tensor<\s*\d+\s*x\s*i\d+\s*>"),
)
_DENSE_SPLAT = lazy(r"dense<\s*(-?\d+)\s*>\s*:\s*tensor<\s*(\d+)\s*x\s*i\d+\s*>")


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


class _AttributeProblem(Exception):
    def __init__(self, problem: Problem | None):
        super().__init__("attribute")
        self.problem = problem


def _dims_attribute(op: Operation, name: str) -> tuple[int, ...] | None:
    """An ``array<i64>`` attribute's values: ``None`` if absent; raises :class:`_AttributeProblem`.

    ``dims = [..]`` in the custom assembly is ``broadcast_dimensions``. In the
    attribute dictionary the attribute must be a dense array, else the tool
    stops at it while reading the op, before any other check (BC537).
    """
    attr = op.attribute(name)
    if attr is None and name == "broadcast_dimensions":
        custom = op.attribute("dims")
        if custom is not None and not op.generic:
            try:
                return parse_dims(custom.text)
            except ValueError:
                raise _AttributeProblem(None) from None
    if attr is None:
        return None
    text = attr.text.strip()
    if text.startswith("#"):  # an alias: whatever it stands for is unknown
        raise _AttributeProblem(None)
    if not _ARRAY.fullmatch(text) and (op.generic or not text.startswith("[")):  # `name = [..]` is custom assembly
        raise _AttributeProblem(Problem("BC537", {"name": name}))
    try:
        return parse_dims(text)
    except ValueError:
        raise _AttributeProblem(None) from None


# ---------------------------------------------------------------- stablehlo.broadcast_in_dim


def verify_broadcast_in_dim_op(op: Operation, profile: Profile) -> Problem | None:
    """``stablehlo.broadcast_in_dim``: the attribute's form, counts, ODS, element types, then C1 to C6."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    try:
        dims = _dims_attribute(op, "broadcast_dimensions")
        problem = check_counts(len(operands), len(results), 1)
        if problem or dims is None:  # (the generic form's ODS check; the custom form's parser is not modelled)
            return problem or (Problem("BC1070", {"name": "broadcast_dimensions"}) if op.generic else None)
        problem = check_types(operands, results, [HLO_TENSOR], _STATIC_RESULT)
        if problem:
            return problem
        operand, result = tensor(operands[0]), tensor(results[0])
        if operand.shape is None or result.shape is None:
            return None  # (unreachable: the ODS constraints reject unranked tensors)
        if not compatible_elements(operand.element, result.element):
            return Problem("BC526")
        q1, q2 = operand.element.quant, result.element.quant
        if q1 and q2 and not q1.per_axis and not q2.per_axis and q1.text != q2.text:
            return Problem("BC545", {"operand": str(operand), "result": str(result)})  # C1
        broadcast_in_dim(operand.shape, dims, result.shape)
        return quantized_dimension(operand, dims, result)
    except _AttributeProblem as err:
        return err.problem
    except XlaError as err:
        return _problem(err)
    except Unknown:
        return NOT_JUDGED
    return None


# ---------------------------------------------------------------- stablehlo.dynamic_broadcast_in_dim


def verify_dynamic_broadcast_in_dim_op(op: Operation, profile: Profile) -> Problem | None:
    """``stablehlo.dynamic_broadcast_in_dim``: C1 to C5, C8 to C10 (not the ``output_dimensions`` values)."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    try:
        dims = _dims_attribute(op, "broadcast_dimensions")
        expanding = _dims_attribute(op, "known_expanding_dimensions") or ()
        nonexpanding = _dims_attribute(op, "known_nonexpanding_dimensions") or ()
        problem = check_counts(len(operands), len(results), 2)
        if problem or dims is None:  # (the generic form's ODS check; the custom form's parser is not modelled)
            return problem or (Problem("BC1070", {"name": "broadcast_dimensions"}) if op.generic else None)
        problem = check_types(operands, results, [HLO_TENSOR, _SHAPE_OPERAND], HLO_TENSOR)
        if problem:
            return problem
        operand, result = tensor(operands[0]), tensor(results[0])
        if operand.shape is None or result.shape is None:
            return None  # (unreachable, as above)
        quantized = operand.element.quant or result.element.quant
        if not quantized and not compatible_elements(operand.element, result.element):
            return Problem("BC530", {"operand": str(operand), "result": str(result)})
        problem = _dynamic_dims(operand.shape, dims, result.shape, (*expanding, *nonexpanding))
        return problem or quantized_dimension(operand, dims, result)
    except _AttributeProblem as err:
        return err.problem
    except Unknown:
        return NOT_JUDGED


def _dynamic_dims(operand: Shape, dims: Sequence[int], result: Shape, hints: Sequence[int]) -> Problem | None:
    if len(dims) != len(operand):
        return Problem("BC511", {"size": len(dims), "rank": len(operand)})
    if len(result) < len(operand):
        return Problem("BC531", {"result": len(result), "operand": len(operand)}, Subject("result", 0))
    if len(set(dims)) != len(dims):
        return Problem("BC512")
    for i, dim in enumerate(dims):
        if not 0 <= dim < len(result):
            return Problem("BC513", {"value": dim, "rank": len(result)})
        size, result_size = operand[i], result[dim]
        if size != 1 and not compatible_shapes([(size,), (result_size,)]):
            args = {"dim": i, "size": size, "result_dim": dim, "result_size": result_size}
            return Problem("BC532", args, Subject("operand", 0))
    if len(set(hints)) != len(hints):
        return Problem("BC533")
    for hint in dense_set_order(hints):
        if not 0 <= hint < len(operand):
            return Problem("BC534", {"dim": hint})
    return None


def quantized_dimension(operand: Tensor, dims: Sequence[int], result: Tensor) -> Problem | None:
    """C6 of both broadcast_in_dim ops: a per-axis quantized result quantizes the operand's dimension."""
    q1, q2 = operand.element.quant, result.element.quant
    if q2 is None or q2.axis is None:
        return None
    if q1 is None or q1.axis is None:
        raise Unknown("per-axis result of another operand")  # StableHLO casts regardless: undefined
    if q2.axis != dims[q1.axis]:
        return Problem("BC546", {"result": q2.axis, "operand": q1.axis, "dim": dims[q1.axis]})
    return broadcast_scales(operand, result)  # hloquant


def dense_set_order(values: Sequence[int]) -> list[int]:
    """The order LLVM's ``DenseSet<int64_t>`` (64 buckets, hash ``v * 37``) iterates ``values`` in.

    StableHLO checks the expansion hints in this order, so it decides which bad hint it names.
    """
    buckets: list[int | None] = [None] * 64
    for value in values:
        if value in buckets:
            continue
        index, probe = (value * 37) & 0xFFFFFFFF & 63, 1
        while buckets[index] is not None:
            index, probe = (index + probe) & 63, probe + 1
        buckets[index] = value
    return [v for v in buckets if v is not None]


# ---------------------------------------------------------------- CHLO


class ChloRule(Frozen):
    """A ``chlo.broadcast_*`` binary op: its ODS constraints, element-type trait and inferred element."""

    __slots__ = __match_args__ = ("operand", "result", "trait", "infers")
    operand: Constraint
    result: Constraint
    trait: str | None
    """``"compatible"`` (HLO_CompatibleOperandsAndResultElementType), ``"same"`` (SameOperandsAndResultElementType)."""
    infers: str
    """The inferred result element: the lhs's, ``i1`` or ``complex`` of the lhs's."""

    def __init__(self, operand: Constraint, result: Constraint, trait: str | None, infers: str = "lhs") -> None:
        put = object.__setattr__
        put(self, "operand", operand)
        put(self, "result", result)
        put(self, "trait", trait)
        put(self, "infers", infers)


_ANY = Constraint(HLO_TENSOR.words.removeprefix("ranked "), HLO_TENSOR.atoms, ranked=False)
_ANY_FP = constraint("F", ranked=False)
_ANY_PRED_INT = Constraint(
    "tensor of bool or 2/4/8/16/32/64-bit integer values", frozenset({"B", "SI", "UI"}), ranked=False
)
_ANY_PRED = constraint("B", ranked=False)
_ANY_COMPLEX = constraint("C", ranked=False)

CHLO_OPS: dict[str, ChloRule] = {
    **{name: ChloRule(_ANY, _ANY, "compatible") for name in ("add", "maximum", "minimum")},
    **{
        name: ChloRule(_ANY, _ANY, "same")
        for name in (
            "atan2 divide multiply next_after polygamma power remainder subtract shift_left shift_right_arithmetic "
            "shift_right_logical"
        ).split()
    },
    "zeta": ChloRule(_ANY_FP, _ANY_FP, "same"),
    **{name: ChloRule(_ANY_PRED_INT, _ANY, None) for name in ("and", "or", "xor")},
    "complex": ChloRule(_ANY_FP, _ANY_COMPLEX, None, "complex"),
    "compare": ChloRule(_ANY, _ANY_PRED, None, "i1"),
}


class _Fold(Frozen):
    """What CHLO infers for a broadcast: a shape (``None``: unranked) and bounds, and the lint, if any."""

    __slots__ = __match_args__ = ("shape", "bounds", "lint")
    shape: Shape | None
    bounds: tuple[Dim, ...] | None
    lint: Problem | None

    def __init__(self, shape: Shape | None, bounds: tuple[Dim, ...] | None = None, lint: Problem | None = None) -> None:
        put = object.__setattr__
        put(self, "shape", shape)
        put(self, "bounds", bounds)
        put(self, "lint", lint)


def _numpy_pair(x: Shape, y: Shape) -> tuple[int, int] | None:
    # The first static pair, from the right, that neither matches nor is 1.
    for a, b in zip(reversed(x), reversed(y), strict=False):
        if a is not None and b is not None and a != b and 1 not in (a, b):
            return a, b
    return None


def _classic(x: Shape, y: Shape) -> Shape | None:
    """MLIR's ``getBroadcastedShape``: NumPy rules, ``?`` broadcasts with anything."""
    rank = max(len(x), len(y))
    out: list[Dim] = []
    for a, b in zip((1,) * (rank - len(x)) + tuple(x), (1,) * (rank - len(y)) + tuple(y), strict=True):
        if a is None or b is None:
            if a is not None and a > 1:
                out.append(a)
            elif (b is not None and b > 1) or a == 1:
                out.append(b)
            elif b == 1:
                out.append(a)
            else:
                out.append(None)
        elif a == b or b == 1:
            out.append(a)
        elif a == 1:
            out.append(b)
        else:
            return None
    return tuple(out)


def _unbounded(types: Sequence[Tensor]) -> bool:
    """Whether a type without a bounds encoding has a ``?`` size: CHLO then falls back to MLIR's rules."""
    return any(t.bounds is None and None in (t.shape or ()) for t in types)


def with_bounds(types: Sequence[Tensor]) -> _Fold:
    """CHLO's bounds-aware NumPy broadcast of static-or-bounded shapes, in operand order.

    (StableHLO's ``getNumpyBroadcastShape``.) A bounded size counts as its
    bound; it broadcasts with 1 and with an equal bounded size, not with an
    equal static one. The lint names the operand being folded in.
    """

    def dims(t: Tensor) -> list[tuple[int, bool]]:
        # A `?` of an encoded type is "bounded", by its bound or by StableHLO's kDynamic if it has none.
        assert t.shape is not None
        return [(d, False) if d is not None else (_or_dynamic(t.bound(i)), True) for i, d in enumerate(t.shape)]

    out = dims(types[0])
    for index, t in enumerate(types[1:], start=1):
        b = dims(t)
        rank = max(len(out), len(b))
        merged: list[tuple[int, bool]] = []
        for i in range(1, rank + 1):
            da = out[-i] if i <= len(out) else (1, False)
            db = b[-i] if i <= len(b) else (1, False)
            if da[0] == 1:
                merged.append(db)
            elif db[0] == 1:
                merged.append(da)
            elif da[0] != db[0]:
                return _Fold(None, lint=Problem("BC560", {"a": da[0], "b": db[0]}, Subject("operand", index)))
            elif da[1] != db[1]:
                return _Fold(None, lint=Problem("BC561", subject=Subject("operand", index)))
            else:
                merged.append(da)
        out = merged[::-1]
    shape = tuple(None if bounded else size for size, bounded in out)
    bounds = tuple(None if not bounded or size == DYNAMIC else size for size, bounded in out)
    return _Fold(shape, bounds if any(b is not None for b in bounds) else None)


def _or_dynamic(bound: Dim) -> int:
    return DYNAMIC if bound is None else bound


def chlo_broadcast(x: Tensor, y: Tensor, dims: Sequence[int] | None) -> _Fold:
    """The shape CHLO infers for ``x`` and ``y`` (``getBroadcastType``), and a lint for an illegal broadcast."""
    if x.shape is None or y.shape is None:
        return _Fold(None)
    if dims is None:
        if not _unbounded([x, y]):
            return with_bounds([x, y])
        shape = _classic(x.shape, y.shape)
        if shape is not None:
            return _Fold(shape)
        pair = _numpy_pair(x.shape, y.shape)
        lint = Problem("BC560", {"a": pair[0], "b": pair[1]}, Subject("operand", 1)) if pair else None
        return _Fold(None, lint=lint)
    return _Fold(_with_dimensions(x.shape, y.shape, dims))


def _with_dimensions(x: Shape, y: Shape, dims: Sequence[int]) -> Shape | None:
    """The shape CHLO infers with ``broadcast_dimensions`` (``None``: unranked)."""
    large = x if len(x) > len(y) else y
    small = x if len(x) <= len(y) else y
    # A negative dimension makes CHLO read out of bounds (the tool can crash): say unranked.
    if len(dims) != len(small) or any(not 0 <= d < len(large) for d in dims):
        return None
    filtered = _classic(small, tuple(large[d] for d in dims))
    if filtered is None:
        return None
    out = list(large)
    for i, d in enumerate(dims):
        out[d] = filtered[i]
    return tuple(out)


def _inferred_problem(inferred: Tensor, result: Tensor, shapes_only: bool = False) -> Problem | None:
    ok = compatible_shapes([inferred.shape, result.shape]) if shapes_only else hlo_compatible(inferred, result)
    if ok:
        return None
    return Problem("BC521", {"inferred": str(inferred), "actual": str(result)}, Subject("result", 0))


def _element_trait(trait: str | None, types: Sequence[Tensor]) -> Problem | None:
    first = types[0].element
    if trait == "compatible" and not all(compatible_elements(t.element, first) for t in types):
        return Problem("BC526")
    if trait == "same" and not all(same_element(t.element, first) for t in types):
        return Problem("BC535")
    return None


def _xla_lint(op: Operation, lhs: Tensor, rhs: Tensor, dims: Sequence[int]) -> Problem | None:
    if lhs.shape is None or rhs.shape is None:
        return None
    opcode = op.name.removeprefix("chlo.broadcast_").replace("_", "-")
    try:
        broadcast(lhs.shape, rhs.shape, dims, lhs.element.text, lhs.element.text, opcode)
    except XlaError as err:
        return _problem(err)
    return None


def verify_chlo_op(op: Operation, profile: Profile) -> Problem | None:
    """A ``chlo.broadcast_*`` binary op: CHLO's errors, then the broadcasting lint (warnings)."""
    rule = CHLO_OPS.get(op.name.removeprefix("chlo.broadcast_"))
    if rule is None:
        return None
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    try:
        dims = _dims_attribute(op, "broadcast_dimensions")
        problem = check_counts(len(operands), len(results), 2)
        if problem:
            return problem
        problem = check_types(operands, results, [rule.operand, rule.operand], rule.result)
        if problem:
            return problem
        lhs, rhs = (tensor(t) for t in operands)
        result = tensor(results[0])
        problem = _element_trait(rule.trait, [lhs, rhs, result])
        if problem:
            return problem
        if not compatible_elements(lhs.element, rhs.element):
            return Problem("BC536", subject=Subject("operand", 1))
        elem: Element = {"lhs": lhs.element, "i1": element("i1")}.get(rule.infers) or element(
            f"complex<{lhs.element.text}>"
        )
        fold = chlo_broadcast(lhs, rhs, dims)
        problem = _inferred_problem(Tensor(fold.shape, elem, fold.bounds), result)
        if problem:
            return problem
        return _xla_lint(op, lhs, rhs, dims) if dims is not None else fold.lint
    except _AttributeProblem as err:
        return err.problem
    except Unknown:
        return NOT_JUDGED


def verify_chlo_select_op(op: Operation, profile: Profile) -> Problem | None:
    """``chlo.broadcast_select``: CHLO's errors, then the NumPy-broadcasting lint (a warning)."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    try:
        problem = check_counts(len(operands), len(results), 3)
        if problem:
            return problem
        problem = check_types(operands, results, [PRED, _ANY, _ANY], _ANY)
        if problem:
            return problem
        pred, on_true, on_false = (tensor(t) for t in operands)
        result = tensor(results[0])
        if not same_element(on_true.element, on_false.element):
            return Problem("BC536", subject=Subject("operand", 2))
        if all(t.shape is not None for t in (pred, on_true, on_false)) and not _unbounded([pred, on_true, on_false]):
            fold = with_bounds([pred, on_true, on_false])
        else:  # MLIR's NumPy broadcast, folded over the predicate, on_true, then on_false
            shape: Shape | None = pred.shape
            lint = None
            for index, t in ((1, on_true), (2, on_false)):
                if shape is None or t.shape is None:
                    shape = None
                    break
                pair, shape = _numpy_pair(shape, t.shape), _classic(shape, t.shape)
                if shape is None:
                    lint = Problem("BC560", {"a": pair[0], "b": pair[1]}, Subject("operand", index)) if pair else None
                    break
            fold = _Fold(shape, lint=lint)
        inferred = Tensor(fold.shape, on_true.element, fold.bounds)
        return _inferred_problem(inferred, result, shapes_only=True) or fold.lint
    except Unknown:
        return NOT_JUDGED


VERIFIERS = {
    "xla": verify_chlo_op,
    "chlo-select": verify_chlo_select_op,
    "stablehlo-broadcast-in-dim": verify_broadcast_in_dim_op,
    "stablehlo-dynamic-broadcast-in-dim": verify_dynamic_broadcast_in_dim_op,
}
