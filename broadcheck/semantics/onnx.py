"""ONNX broadcasting: multidirectional, unidirectional, Expand, and the SONNX ``Broadcast`` op.

* Multidirectional (Add, Sub, Mul, Div, Pow, Where, Max, Sum, ...): NumPy's rules,
  as ONNX's reference shape inference applies them: a static size other than 1
  (0 included) wins over ``?``; a clash is ``[ShapeInferenceError] Incompatible
  dimensions``.
* Unidirectional (Gemm's C to (M, N), PRelu's slope to X, LayerNormalization's
  Scale and B to X): B broadcasts to A, never the other way; the output is A.
* Expand: the input broadcast with the ``shape`` operand's values, both ways;
  when the values are unknown, only ranks are known.
* MatMul, MatMulInteger, QLinearMatMul: NumPy's ``matmul`` (1-d operands
  promoted, the last two dims contract, the batch dims before them broadcast
  multidirectionally), with ONNX's messages: ``Input tensors of wrong rank
  (0).``, ``Incompatible dimensions for matrix multiplication``, then
  ``Incompatible dimensions`` for the batch dims.
* ``Z1, ..., ZN = Broadcast(X1, ..., XN)`` (SONNX profile): every output has the
  common shape (max rank, max size per dimension); E1 when an input size is
  neither that max nor 1; C1 when Zm's element type is not Xm's. The max rule
  makes ``0 & 1`` an E1 error, where NumPy gives ``0``.

Optional operands written with type ``none`` are skipped.

PASS::

    %0 = "onnx.Add"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<*xf32>
    %0 = "onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<5xf32>) -> tensor<3x4x5xf32>
    %0 = "onnx.MatMul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>

FAIL::

    %0 = "onnx.Add"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<*xf32>
    %0 = "onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<4xf32>) -> tensor<3x4x5xf32>
    %0 = "onnx.MatMul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<*xf32>
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from broadcheck.ops import Dim, Operation, Shape, ShapedType, Type, shape_str
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.numpy import BroadcastError, broadcast_shapes, check_result, check_results, ranked_operands

INCOMPATIBLE = "[ShapeInferenceError] Incompatible dimensions"
"""ONNX's reference shape inference message for shapes that do not broadcast."""


class IncompatibleDimensions(ValueError):
    """Shapes that are not multidirectional broadcastable; says which two and where."""

    def __init__(self, err: BroadcastError):
        super().__init__(INCOMPATIBLE)
        self.first, self.first_shape = err.first, err.first_shape
        self.second, self.second_shape = err.second, err.second_shape
        self.dim = err.dim


def multidirectional(*shapes: Shape) -> Shape:
    """Multidirectional broadcasting of any number of shapes; raises :class:`IncompatibleDimensions`."""
    try:
        return broadcast_shapes(*shapes)
    except BroadcastError as err:
        raise IncompatibleDimensions(err) from None


class NotUnidirectional(ValueError):
    """B is not unidirectional broadcastable to A: it has more dims, or a size that is neither A's nor 1."""

    def __init__(self, a_shape: Shape, b_shape: Shape, dim: int | None):
        super().__init__(f"{shape_str(b_shape)} is not unidirectional broadcastable to {shape_str(a_shape)}")
        self.a_shape, self.b_shape, self.dim = a_shape, b_shape, dim


def unidirectional(a_shape: Shape, b_shape: Shape) -> Shape:
    """B broadcast to A: the output is A's shape; raises :class:`NotUnidirectional`.

    ``?`` on either side is accepted: only two static sizes can be seen to clash.
    """
    if len(b_shape) > len(a_shape):
        raise NotUnidirectional(a_shape, b_shape, None)
    offset = len(a_shape) - len(b_shape)
    for k, b in enumerate(b_shape):
        a = a_shape[offset + k]
        if a is not None and b is not None and b != a and b != 1:
            raise NotUnidirectional(a_shape, b_shape, k)
    return tuple(a_shape)


def expand(input_shape: Shape, shape_values: Sequence[int] | None, shape_len: int | None) -> Shape | None:
    """The shape of ``Expand(input, shape)``; ``None`` when not even its rank is known.

    With the target values, the bidirectional broadcast of the input with them
    (raises :class:`IncompatibleDimensions`, the input being arg 0). Without
    them, a target of ``shape_len`` unknown sizes: the rank is the larger one,
    and only the input's static sizes other than 1 are certain.
    """
    if shape_values is not None:
        return multidirectional(input_shape, tuple(shape_values))
    if shape_len is None:
        return None
    return multidirectional(input_shape, (None,) * shape_len)


class BroadcastE1(ValueError):
    """The SONNX ``Broadcast`` error E1: an input size that is neither the common size nor 1."""

    def __init__(self, index: int, shape: Shape, dim: int, common: int):
        size = shape[dim]
        super().__init__(f"input {index} dimension {dim} has size {size}, neither {common} nor 1")
        self.index, self.shape, self.dim, self.size, self.common = index, shape, dim, size, common


def broadcast(*shapes: Shape) -> Shape:
    """The common shape of ``Broadcast(X1, ..., XN)``: max rank, max size per dimension; raises :class:`BroadcastE1`.

    ``?`` is taken to be at most the largest static size, and unknown where the
    static sizes are all 1 (or 0).
    """
    rank = max((len(shape) for shape in shapes), default=0)
    padded = [(1,) * (rank - len(shape)) + tuple(shape) for shape in shapes]
    common: list[Dim] = []
    for position in range(rank):
        sizes = [shape[position] for shape in padded]
        largest = max((d for d in sizes if d is not None), default=1)
        common.append(None if None in sizes and largest <= 1 else largest)
    for index, shape in enumerate(shapes):
        offset = rank - len(shape)
        for dim, d in enumerate(shape):
            target = common[offset + dim]
            if d is not None and target is not None and d not in (target, 1):
                raise BroadcastE1(index, tuple(shape), dim, target)
    return tuple(common)


def _quoted(shape: Shape) -> str:
    return f"'{shape_str(shape)}'"


def _clash_note(err: IncompatibleDimensions, indices: Sequence[int], rank: int) -> tuple[str, dict[str, object]]:
    """The note naming the two clashing operands; ``rank`` is the broadcast rank over ALL operands
    (``err.dim`` counts from its left), which can exceed both clashing shapes' ranks."""
    first, second = err.first_shape, err.second_shape
    return (
        "broadcast-clash",
        {
            "first": indices[err.first],
            "first_shape": _quoted(first),
            "second": indices[err.second],
            "second_shape": _quoted(second),
            "a": first[err.dim - rank + len(first)],
            "b": second[err.dim - rank + len(second)],
        },
    )


def check_multidirectional(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """The multidirectional check of an op's operand and result types (BC401, then BC302).

    Like ONNX's shape inference (``hasNInputShapes``), nothing is checked unless
    every operand is ranked: with one unknown shape ONNX infers nothing and
    reports nothing.
    """
    indices, shapes, complete = ranked_operands(operands)
    if not shapes or not complete:
        return None
    try:
        inferred = multidirectional(*shapes)
    except IncompatibleDimensions as err:
        rank = max(len(shape) for shape in shapes)
        return Problem(
            "BC401", subject=Subject("operand", indices[err.second]), notes=(_clash_note(err, indices, rank),)
        )
    return check_results(results, inferred)


def legacy_axis(a_shape: Shape, b_shape: Shape, axis: int) -> Shape:
    """ONNX before opset 7 (``broadcast = 1``, ``axis``): B matches A's dims from ``axis`` on; the output is A."""
    if axis < 0:
        axis += len(a_shape)
    window = a_shape[axis : axis + len(b_shape)]
    if (
        axis < 0
        or len(window) != len(b_shape)
        or any(a is not None and b is not None and a != b and b != 1 for a, b in zip(window, b_shape, strict=True))
    ):
        raise NotUnidirectional(a_shape, b_shape, None)
    return a_shape


def verify_multidirectional(op: Operation, profile: Profile) -> Problem | None:
    """An ONNX op with multidirectional broadcasting (Add, Where, Sum, ...).

    Old models (opset < 7) say ``broadcast = 1`` with an ``axis``: B is matched
    against A from that axis, one way, and the output has A's shape.
    """
    operands = [u.type for u in op.operands]
    if _int_attr(op, "broadcast", 0) == 1 and op.attribute("axis") is not None and len(operands) == 2:
        a, b = (_ranked(t) for t in operands)
        if a is None or b is None:
            return None
        try:
            inferred = legacy_axis(a, b, _int_attr(op, "axis", 0))
        except NotUnidirectional:
            return Problem("BC402", {"index": 1, "shape": _quoted(b), "target": _quoted(a)}, Subject("operand", 1))
        return check_results([u.type for u in op.results], inferred)
    return check_multidirectional(operands, [u.type for u in op.results])


def _ranked(t: Type | None) -> Shape | None:
    return t.shape if isinstance(t, ShapedType) else None


def _int_attr(op: Operation, name: str, default: int) -> int:
    attr = op.attribute(name)
    match = re.match(r"\s*(-?\d+)", attr.text) if attr is not None else None
    return int(match.group(1)) if match else default


def _gemm_target(op: Operation, a: Shape | None, b: Shape | None) -> Shape:
    """Gemm's (M, N): M from A (MxK, or KxM with transA), N from B (KxN, or NxK with transB)."""
    m = n = None
    if a is not None and len(a) == 2:
        m = a[1] if _int_attr(op, "transA", 0) else a[0]
    if b is not None and len(b) == 2:
        n = b[0] if _int_attr(op, "transB", 0) else b[1]
    return (m, n)


def _gemm_operands(op: Operation, a: Shape | None, b: Shape | None) -> Problem | None:
    """ONNX's Gemm inference on A and B: each of rank 2 (A first), then the contracted K of
    B against A's (``unifyDim``: B's first in its message)."""
    for index, shape in enumerate((a, b)):
        if shape is not None and len(shape) != 2:
            return Problem("BC812", {"index": index, "rank": len(shape)}, Subject("operand", index))
    if a is None or b is None:
        return None
    k_a = a[0] if _int_attr(op, "transA", 0) else a[1]
    k_b = b[1] if _int_attr(op, "transB", 0) else b[0]
    if k_a is not None and k_b is not None and k_a != k_b:
        return Problem("BC811", {"b": k_b, "a": k_a}, Subject("operand", 1))
    return None


def verify_unidirectional(op: Operation, profile: Profile) -> Problem | None:
    """An ONNX op with unidirectional broadcasting: Gemm's C onto (M, N); otherwise operands 1.. onto operand 0."""
    types = [u.type for u in op.operands]
    if op.name == "onnx.Gemm":
        a, b = (_ranked(types[i]) if i < len(types) else None for i in (0, 1))
        problem = _gemm_operands(op, a, b)
        if problem is not None:
            return problem
        target: Shape | None = _gemm_target(op, a, b)
        broadcast_operands = [2]
    else:
        target = _ranked(types[0]) if types else None
        broadcast_operands = list(range(1, len(types)))
    if target is None:
        return None
    for index in broadcast_operands:
        shape = _ranked(types[index]) if index < len(types) else None
        if shape is None:
            continue
        try:
            unidirectional(target, shape)
        except NotUnidirectional:
            return Problem(
                "BC402",
                {"index": index, "shape": _quoted(shape), "target": _quoted(target)},
                subject=Subject("operand", index),
            )
    return check_result(0, op.results[0].type, target) if op.results else None


MATMUL_RANK = "[ShapeInferenceError] Input tensors of wrong rank (0)."
MATMUL_CONTRACTION = "[ShapeInferenceError] Incompatible dimensions for matrix multiplication"


class MatMulError(ValueError):
    """``MatMul``'s operands cannot be multiplied: a 0-d operand, or contracted sizes that differ."""

    def __init__(self, message: str, k: tuple[Dim, Dim] | None = None):
        super().__init__(message)
        self.k = k


def matmul(a: Shape, b: Shape) -> Shape:
    """The shape of NumPy's ``matmul(a, b)``, as ONNX's ``MatMulShapeInference`` computes it.

    A 1-d ``a`` is a row (``1 x K``) and a 1-d ``b`` a column (``K x 1``), whose
    added dim is dropped again; the last two dims contract (``K == K``, checked
    first, ``?`` matches anything); the dims before them broadcast both ways
    (raises :class:`IncompatibleDimensions`). Raises :class:`MatMulError`.
    """
    if not a or not b:
        raise MatMulError(MATMUL_RANK)
    left = (1, a[0]) if len(a) == 1 else tuple(a)
    right = (b[0], 1) if len(b) == 1 else tuple(b)
    k_left, k_right = left[-1], right[-2]
    if k_left is not None and k_right is not None and k_left != k_right:
        raise MatMulError(MATMUL_CONTRACTION, (k_left, k_right))
    batch = multidirectional(left[:-2], right[:-2])
    return batch + ((left[-2],) if len(a) != 1 else ()) + ((right[-1],) if len(b) != 1 else ())


MATMUL_OPERANDS = {"onnx.MatMul": (0, 1), "onnx.MatMulInteger": (0, 1), "onnx.QLinearMatMul": (0, 3)}
"""Which operands multiply (the others are scales and zero points)."""


def check_matmul(operands: Sequence[Type], results: Sequence[Type], which: tuple[int, int] = (0, 1)) -> Problem | None:
    """``MatMul``'s check of its two multiplied operands and its result (BC407, BC408, BC401, then BC302).

    As in ONNX, nothing is inferred unless both operands are ranked.
    """
    i, j = which
    if max(which) >= len(operands):
        return None
    a, b = _ranked(operands[i]), _ranked(operands[j])
    if a is None or b is None:
        return None
    try:
        inferred = matmul(a, b)
    except MatMulError as err:
        if err.k is None:
            return Problem("BC407", subject=Subject("operand", i if not a else j))
        note = (
            "matmul-contraction",
            {
                "first": i,
                "first_shape": _quoted(a),
                "second": j,
                "second_shape": _quoted(b),
                "a": err.k[0],
                "b": err.k[1],
            },
        )
        return Problem("BC408", subject=Subject("operand", j), notes=(note,))
    except IncompatibleDimensions as err:
        rank = max(len(a), len(b)) - 2
        batch_a, batch_b = a[: max(len(a) - 2, 0)], b[: max(len(b) - 2, 0)]
        note = (
            "broadcast-clash",
            {
                "first": i,
                "first_shape": _quoted(a),
                "second": j,
                "second_shape": _quoted(b),
                "a": batch_a[err.dim - rank + len(batch_a)],
                "b": batch_b[err.dim - rank + len(batch_b)],
            },
        )
        return Problem("BC401", subject=Subject("operand", j), notes=(note,))
    return check_result(0, results[0], inferred) if results else None


def verify_matmul(op: Operation, profile: Profile) -> Problem | None:
    """``onnx.MatMul``, ``onnx.MatMulInteger``, ``onnx.QLinearMatMul``: NumPy matmul of two operands."""
    which = MATMUL_OPERANDS.get(op.name, (0, 1))
    return check_matmul([u.type for u in op.operands], [u.type for u in op.results], which)


def check_expand(
    operands: Sequence[Type], results: Sequence[Type], shape_values: Sequence[int] | None
) -> Problem | None:
    """Expand's check, given the values of its ``shape`` operand when they are known (BC403, then BC302)."""
    if len(operands) < 2:
        return None
    input_shape, target = _ranked(operands[0]), _ranked(operands[1])
    if input_shape is None:
        return None
    shape_len = len(shape_values) if shape_values is not None else None
    if shape_len is None and target is not None and len(target) == 1:
        shape_len = target[0]
    try:
        inferred = expand(input_shape, shape_values, shape_len)
    except IncompatibleDimensions as err:
        rank = max(len(err.first_shape), len(err.second_shape))
        return Problem(
            "BC403",
            subject=Subject("operand", 0),
            notes=(
                (
                    "expand-clash",
                    {
                        "input": _quoted(err.first_shape),
                        "target": f"[{', '.join(str(v) for v in err.second_shape)}]",
                        "a": err.first_shape[err.dim - rank + len(err.first_shape)],
                        "b": err.second_shape[err.dim - rank + len(err.second_shape)],
                    },
                ),
            ),
        )
    if inferred is None or not results:
        return None
    return check_result(0, results[0], inferred)


def verify_expand(op: Operation, profile: Profile) -> Problem | None:
    """``onnx.Expand``: the ``shape`` operand's values are not in the op, so only ranks and static sizes are checked."""
    return check_expand([u.type for u in op.operands], [u.type for u in op.results], None)


def verify_broadcast(op: Operation, profile: Profile) -> Problem | None:
    """``Z1..ZN = Broadcast(X1..XN)``: N outputs (BC406), E1 (BC404), then per output C1 (BC405) and shape (BC302)."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    if len(results) != len(operands):
        return Problem("BC406", {"expected": len(operands), "count": len(results)})
    indices, shapes, complete = ranked_operands(operands)
    try:
        common = broadcast(*shapes)
    except BroadcastE1 as err:
        return Problem(
            "BC404",
            {"index": indices[err.index], "dim": err.dim, "size": err.size, "common": err.common},
            subject=Subject("operand", indices[err.index]),
        )
    for index, (operand, result) in enumerate(zip(operands, results, strict=True)):
        if isinstance(operand, ShapedType) and isinstance(result, ShapedType) and operand.element != result.element:
            return Problem(
                "BC405",
                {"index": index, "actual": result.element, "expected": operand.element},
                subject=Subject("result", index),
                expected=replace(result, element=operand.element),
            )
        if complete and shapes:
            problem = check_result(index, result, common)
            if problem is not None:
                return problem
    return None


VERIFIERS = {
    "onnx": verify_multidirectional,
    "onnx-unidirectional": verify_unidirectional,
    "onnx-expand": verify_expand,
    "onnx-broadcast": verify_broadcast,
    "onnx-matmul": verify_matmul,
}
