"""The checks of ONNX-MLIR's shape ops: onnx-mlir's verifier first (errors,
:mod:`broadcheck.dialects.onnx.verify`), then, where it accepts, ONNX's shape inference
(:mod:`broadcheck.dialects.onnx.infer`) as warnings: operands it rejects (BC807) or a result
whose shape contradicts the inferred one (BC806)."""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.dialects.common import compatible, shape, with_shape
from broadcheck.dialects.onnx.infer import infer
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem, Profile, Subject

Verifier = Callable[[Operation], Problem | None]


def inference(op: Operation) -> Problem | None:
    """ONNX shape inference's verdict on an op onnx-mlir's verifier accepts."""
    if not all(isinstance(u.type, ShapedType) or u.type.text == "none" for u in op.operands):
        return None
    if not all(isinstance(u.type, ShapedType) or u.type.text == "none" for u in op.results):
        return None
    inferred = infer(op)
    if inferred is None:
        return None
    if isinstance(inferred, str):
        return Problem("BC807", {"detail": inferred})
    for index, (use, s) in enumerate(zip(op.results, inferred, strict=False)):
        if s is not None and isinstance(use.type, ShapedType) and not compatible(shape(use.type), s):
            t = use.type
            # (``expected``, where the inference gives it wholly, is what ``refine`` writes)
            whole = t.kind == "tensor" and None not in s
            return Problem(
                "BC806",
                {"index": index, "actual": t, "inferred": with_shape(t, s)},
                Subject("result", index) if whole else None,
                expected=ShapedType("tensor", tuple(s), t.element, t.encoding) if whole else None,
            )
    return None


def checked(verifier: Verifier | None) -> Callable[[Operation, Profile], Problem | None]:
    def check(op: Operation, profile: Profile) -> Problem | None:
        if verifier is not None:
            problem = verifier(op)
            if problem is not None:
                return problem
        return inference(op)

    return check


def before(
    verifier: Verifier, then: Callable[[Operation, Profile], Problem | None]
) -> Callable[[Operation, Profile], Problem | None]:
    """onnx-mlir's verifier of a broadcasting op (Mod's fmod, PRelu's slope, MatMulInteger's zero
    points) first, then its family's check (``then``) where it accepts."""

    def check(op: Operation, profile: Profile) -> Problem | None:
        return verifier(op) or then(op, profile)

    return check


def constrained(then: Callable[[Operation, Profile], Problem | None]) -> Callable[[Operation, Profile], Problem | None]:
    """The op's ODS type constraints first (:func:`broadcheck.dialects.onnx.constraints.ods_problem`), as
    MLIR's ``verifyInvariants`` runs before ``verify()``, then ``then``: the constraints' table is read when
    such an op is first checked, not when it is declared."""

    def check(op: Operation, profile: Profile) -> Problem | None:
        from broadcheck.dialects.onnx.constraints import ods_problem

        return ods_problem(op) or then(op, profile)

    return check
