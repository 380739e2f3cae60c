"""The MLIR ``Broadcastable`` trait: InferDim, ExpandRank, InferShape,
InferResultShape and Verify, under two rule sets.

``Profile.SPEC`` follows MLIR's Broadcastable document exactly. ``Profile.LLVM``
follows the C++ verifier (``verifyCompatibleOperandBroadcast`` in
``mlir/lib/Dialect/Traits.cpp``): it skips vectors, ignores the result count,
accepts a static result dim where the inferred one is dynamic, and accepts
extra leading result dims. Messages are MLIR's, word for word.

PASS::

    "test.broadcastable"(%a, %b) : (tensor<8x1x6x1xi32>, tensor<7x1x5xi32>) -> tensor<8x7x6x5xi32>

FAIL::

    "test.broadcastable"(%a, %b) : (tensor<4x3x2xi32>, tensor<3x3xi32>) -> tensor<4x3x2xi32>
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.ops import Dim, Operation, Shape, ShapedType, Type, shape_str
from broadcheck.semantics import Problem, Profile, Subject


class IncompatibleDims(ValueError):
    """Two static dimensions that are neither equal nor 1."""

    def __init__(self, d0: Dim, d1: Dim):
        super().__init__(f"{d0} vs {d1}")
        self.d0, self.d1 = d0, d1


def infer_dim(d0: Dim, d1: Dim, profile: Profile = Profile.SPEC) -> Dim:
    """InferDim: the broadcast of two dimensions (``None`` is ``?``).

    Raises :class:`IncompatibleDims` for two static sizes that are neither
    equal nor 1. Size 0 is a static size other than 1; the two profiles differ
    only for ``0`` against ``?``: ``0`` in spec, ``?`` in llvm (its dynamic
    branch only looks for sizes ``> 1`` and ``== 1``).
    """
    if d0 is None or d1 is None:
        static = d1 if d0 is None else d0
        if static is None or static == 1:
            return None
        if profile is Profile.LLVM and static < 1:
            return None
        return static
    if d0 == d1 or d1 == 1:
        return d0
    if d0 == 1:
        return d1
    raise IncompatibleDims(d0, d1)


def expand_rank(shape: Shape, rank: int) -> Shape:
    """ExpandRank: ``shape`` with 1s prepended up to ``rank`` dimensions."""
    return (1,) * (rank - len(shape)) + tuple(shape)


def infer_shape(shape0: Shape, shape1: Shape, profile: Profile = Profile.SPEC) -> Shape:
    """InferShape: the broadcast of two ranked shapes (raises :class:`IncompatibleDims`)."""
    if shape0 == shape1:  # every dimension against itself: itself (the common case, kept fast)
        return tuple(shape0)
    rank = max(len(shape0), len(shape1))
    return tuple(
        infer_dim(a, b, profile) for a, b in zip(expand_rank(shape0, rank), expand_rank(shape1, rank), strict=True)
    )


class IncompatibleOperands(ValueError):
    """The ranked operands do not broadcast; says where the fold failed."""

    def __init__(self, index: int, so_far: Shape, shape: Shape, dim: int, err: IncompatibleDims):
        super().__init__(f"operand #{index}")
        self.index, self.so_far, self.shape, self.dim, self.dims = index, so_far, shape, dim, err


def infer_result_shape(shapes: Sequence[Shape | None], profile: Profile = Profile.SPEC) -> Shape | None:
    """InferResultShape: fold InferShape over the ranked shapes (``None`` = unranked).

    ``None`` if no shape is ranked; raises :class:`IncompatibleOperands` naming
    the operand (index into ``shapes``) at which the fold failed.
    """
    inferred: Shape | None = None
    for index, shape in enumerate(shapes):
        if shape is None:
            continue
        if inferred is None:
            inferred = shape
            continue
        try:
            inferred = infer_shape(inferred, shape, profile)
        except IncompatibleDims as err:
            rank = max(len(inferred), len(shape))
            left, right = expand_rank(inferred, rank), expand_rank(shape, rank)
            dim = next(i for i in range(rank) if _clash(left[i], right[i]))
            raise IncompatibleOperands(index, inferred, shape, dim, err) from None
    return inferred


def _clash(a: Dim, b: Dim) -> bool:
    return a is not None and b is not None and a != b and a != 1 and b != 1


def _quoted(shape: Shape) -> str:
    return f"'{shape_str(shape)}'"


def _operands_problem(err: IncompatibleOperands, code: str = "BC101") -> Problem:
    rank = max(len(err.so_far), len(err.shape))
    return Problem(
        code,
        subject=Subject("operand", err.index),
        notes=(
            (
                "dim-clash",
                {
                    "index": err.index,
                    "shape": _quoted(err.shape),
                    "so_far": _quoted(err.so_far),
                    "dim": err.dim - (rank - len(err.shape)),
                    "a": err.dims.d1,
                    "b": err.dims.d0,
                },
            ),
        ),
    )


def _result_problem(code: str, index: int, actual: ShapedType, inferred: Shape, expected: Shape) -> Problem:
    assert actual.shape is not None
    return Problem(
        code,
        {"actual": _quoted(actual.shape), "inferred": _quoted(inferred)},
        subject=Subject("result", index),
        inferred=inferred,
        expected=actual.with_shape(expected),
    )


def _shaped(types: Sequence[Type]) -> list[ShapedType | None]:
    return [t if isinstance(t, ShapedType) else None for t in types]


def verify_spec(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """Verify as the Broadcastable document says (``Profile.SPEC``)."""
    if not operands:
        return Problem("BC106", {"count": 0})
    if len(results) != 1:
        return Problem("BC107")
    for kind, types in (("operand", operands), ("result", results)):
        for index, t in enumerate(types):
            if not isinstance(t, ShapedType):
                return Problem("BC108", {"kind": kind, "index": index, "type": t}, Subject(kind, index))  # type: ignore[arg-type]
    shaped = [t for t in operands if isinstance(t, ShapedType)]
    try:
        inferred = infer_result_shape([t.shape for t in shaped], Profile.SPEC)
    except IncompatibleOperands as err:
        return _operands_problem(err)
    result = results[0]
    assert isinstance(result, ShapedType)
    if result.shape is None or inferred is None:
        return None
    if len(inferred) != len(result.shape):
        return _result_problem("BC103", 0, result, inferred, inferred)
    # The result may relax a static inferred dim to `?`, never the other way.
    expected = tuple(None if a is None else i for i, a in zip(inferred, result.shape, strict=True))
    for inferred_dim, actual_dim in zip(inferred, result.shape, strict=True):
        if inferred_dim is None and actual_dim is not None:
            return _result_problem("BC104", 0, result, inferred, expected)
        if actual_dim is not None and inferred_dim != actual_dim:
            return _result_problem("BC102", 0, result, inferred, expected)
    return None


def verify_llvm(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """Verify as MLIR's C++ ``verifyCompatibleOperandBroadcast`` does (``Profile.LLVM``)."""
    every = [*operands, *results]
    has_tensor = any(isinstance(t, ShapedType) and t.kind == "tensor" for t in every)
    has_vector = any(isinstance(t, ShapedType) and t.kind == "vector" for t in every)
    if has_tensor and has_vector:
        return Problem("BC105")
    ranked = [t.shape if _is_ranked_tensor(t) else None for t in operands]  # type: ignore[union-attr]
    if all(shape is None for shape in ranked):
        return None
    try:
        inferred = infer_result_shape(ranked, Profile.LLVM)
    except IncompatibleOperands as err:
        return _operands_problem(err)
    assert inferred is not None
    for index, result in enumerate(results):
        if not _is_ranked_tensor(result):
            continue
        assert isinstance(result, ShapedType) and result.shape is not None
        actual = result.shape
        suffix = actual[len(actual) - len(inferred) :] if len(actual) >= len(inferred) else actual
        if len(suffix) != len(inferred) or any(
            a is not None and i is not None and a != i for i, a in zip(inferred, suffix, strict=False)
        ):
            expected = inferred
            if len(suffix) == len(inferred):  # keep extra leading dims, and `?` where inferred
                lead = actual[: len(actual) - len(inferred)]
                expected = lead + tuple(a if i is None else i for i, a in zip(inferred, suffix, strict=True))
            return _result_problem("BC102", index, result, inferred, expected)
    return None


def _is_ranked_tensor(t: Type) -> bool:
    return isinstance(t, ShapedType) and t.kind == "tensor" and t.shape is not None


def verify(operands: Sequence[Type], results: Sequence[Type], profile: Profile) -> Problem | None:
    """Verify: the trait's check of an op's operand and result types."""
    if profile is Profile.LLVM:
        return verify_llvm(operands, results)
    return verify_spec(operands, results)


def _types(op: Operation) -> tuple[list[Type], list[Type]]:
    return [u.type for u in op.operands], [u.type for u in op.results]


def verify_op(op: Operation, profile: Profile) -> Problem | None:
    """An op that carries the trait and nothing else (``tf.AddV2``, ``tfl.add``, ...)."""
    return verify(*_types(op), profile)


def verify_tensor_op(op: Operation, profile: Profile) -> Problem | None:
    """``test.broadcastable``: ODS constraints (one result, tensors only), then the trait.

    Under ``Profile.SPEC`` the op is the document's: its operands and result may
    be tensors or vectors, as the document says, so the ODS constraints are not applied.
    """
    operands, results = _types(op)
    if profile is Profile.SPEC:
        return verify_spec(operands, results)
    if len(results) != 1:
        return Problem("BC107")
    for index, t in enumerate(operands):
        if not (isinstance(t, ShapedType) and t.kind == "tensor"):
            return Problem(
                "BC109",
                {"kind": "operand", "index": index, "constraint": "variadic of tensor of any type values", "type": t},
                Subject("operand", index),
            )
    if not (isinstance(results[0], ShapedType) and results[0].kind == "tensor"):
        return Problem(
            "BC109",
            {"kind": "result", "index": 0, "constraint": "tensor of any type values", "type": results[0]},
            Subject("result", 0),
        )
    return verify(operands, results, profile)


def verify_dialect(operands: Sequence[Type], results: Sequence[Type], profile: Profile) -> Problem | None:
    """The trait as a dialect op's real verifier runs it, with the document's stricter rules as a lint.

    Errors are exactly what MLIR's C++ verifier reports (``Profile.LLVM``),
    whatever the profile: an error means the real tool rejects the op. Under
    ``Profile.SPEC``, what the Broadcastable document forbids beyond that is a
    BC110 warning.
    """
    problem = verify_llvm(operands, results)
    if problem is not None or profile is not Profile.SPEC:
        return problem
    stricter = verify_spec(operands, results)
    if stricter is None:
        return None
    return Problem(
        "BC110",
        {"rule": stricter.code, **stricter.args},
        stricter.subject,
        stricter.inferred,
        stricter.expected,
        stricter.notes,
    )


def verify_dialect_op(op: Operation, profile: Profile) -> Problem | None:
    """A dialect op whose only shape rule is ``ResultsBroadcastableShape`` (``tf.AddV2``, ``tfl.add``, ...)."""
    return verify_dialect(*_types(op), profile)


VERIFIERS = {"mlir": verify_op, "mlir-tensor": verify_tensor_op, "broadcastable": verify_dialect_op}
ATTRIBUTE_FREE = frozenset(VERIFIERS)
