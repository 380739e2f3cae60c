"""The ``tfl`` ops whose verifier is their ODS declaration alone (no ``verify()``): ``tfl.select``,
``reverse_v2``, ``depth_to_space``, ``range``, ``resize_bilinear``, ``topk_v2``,
``unsorted_segment_sum``, ``real``, ``right_shift``, ``atan2``, ...

Each is declared here as its ``tfl_ops.td`` entry reads (TensorFlow 2.21), and checked in the
order its verifier runs: the operand and result counts; then its ``PredOpTrait`` predicates in
the order the declaration lists them (``failed to verify that operand 1 is 1-D``,
``... input and output must have same element type``); then its native traits in their order
(``SameOperandsAndResultShape``, ``SameOperandsAndResultElementType``,
``SameOperandsAndResultType``, TensorFlow's ``SameOperandsAndResultTypeResolveRef``,
``SameOperandsAndResultsScale``). Their ``TFL_TensorOf<[...]>`` element lists are the TFLite
runtime's (``-tfl-runtime-verify``), not the verifier's, as for the ops of
:mod:`broadcheck.dialects.tfl.unary`. An op whose declaration relates nothing (``tfl.shape``,
``arg_max``, ``where``, ``reduce_any``, the random ops) is checked for its counts only.

``tests/oracle/test_tfl_traits.py`` holds every op here against TensorFlow 2.21's TFLite importer.

PASS::

    %0 = "tfl.reverse_v2"(%x, %axis) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>

FAIL::

    %0 = "tfl.reverse_v2"(%x, %axis) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
"""

from __future__ import annotations

from typing import NamedTuple

from broadcheck.dialects.common import compatible, element, rank, shape, tensors
from broadcheck.dialects.tfl.base import (
    counts,
    element_pred,
    has_rank,
    has_rank_at_least,
    has_rank_at_most,
    inferred,
    operands_like,
    pred,
    result_like,
    same_resolved,
    same_scale,
    same_shape,
)
from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Profile

Step = tuple[object, ...]
"""One check of a declaration, by kind (the first entry) and its numbers and words."""

_IO = "input and output must have same element type"
_SPARSE = (
    "the first operand should have a rank <= 2, when its rank is 2 and has static shape, the second dim should be <= 4"
)
_BOXES = ("dim-equals", 0, 1, 4, "boxes should have dim[1] == 4")


class Declared(NamedTuple):
    """An op's counts (``None``: variadic) and its checks after them, in the verifier's order."""

    operands: int | None
    steps: tuple[Step, ...] = ()
    results: int = 1

    def check(self, op: Operation, profile: Profile) -> Problem | None:
        """The op's verifier: its counts, then each step in order."""
        problem = counts(op, self.operands, self.results)
        if problem is not None:
            return problem
        if not tensors(tuple(u.type for u in (*op.operands, *op.results))):
            return None  # a type the verifier's tensor constraints judge, not modelled here
        for step in self.steps:
            problem = _run(op, step)
            if problem is not None:
                return problem
        return None


def _run(op: Operation, step: Step) -> Problem | None:
    """One step of a declaration."""
    kind, *args = step
    if kind == "rank":
        return has_rank(op, int(args[0]), int(args[1]))  # type: ignore[call-overload]
    if kind == "rank-at-least":  # TFL_OperandHasRankAtLeast: "is at least"; TFL_OperandHasAtleastRank: "is"
        return has_rank_at_least(op, int(args[0]), int(args[1]), str(args[2]))  # type: ignore[call-overload]
    if kind == "rank-at-most":
        return has_rank_at_most(op, int(args[0]), int(args[1]))  # type: ignore[call-overload]
    if kind == "rank-range":  # TFL_OperandHasRankRange<n, x, y>
        n, low, high = (int(a) for a in args)  # type: ignore[call-overload]
        r = rank(op.operands[n].type)
        return pred(r is None or low <= r <= high, f"operand {n} has rank range [{low}, {high}]")
    if kind == "0d":  # TFL_0DTensorOf: an operand's type constraint (before every PredOpTrait)
        t = op.operands[int(args[0])].type  # type: ignore[call-overload]
        return None if rank(t) == 0 else Problem("BC1541", {"index": args[0], "type": t})
    if kind == "dim-equals":  # PredOpTrait<text, TFL_OperandDimEquals<n, dim, size>>: ranked, that size
        n, d, size = (int(a) for a in args[:3])  # type: ignore[call-overload]
        s = shape(op.operands[n].type)
        return pred(s is not None and len(s) > d and s[d] == size, str(args[3]))
    if kind == "sparse-indices":  # tfl.sparse_to_dense's own PredOpTrait on its first operand
        s = shape(op.operands[0].type)
        holds = s is None or len(s) <= 1 or (len(s) == 2 and (None in s or (s[1] is not None and s[1] <= 4)))
        return pred(holds, _SPARSE)
    if kind == "result-like":  # TFL_TCresVTEtIsSameAsOp<result, operand>
        return result_like(op, int(args[0]), int(args[1]), str(args[2]))  # type: ignore[call-overload]
    if kind == "operands-like":  # TFL_TCopVTEtAreSameAt<i, j>
        return operands_like(op, int(args[0]), int(args[1]), str(args[2]))  # type: ignore[call-overload]
    if kind == "result-is":  # MLIR's TCresVTEtIsSameAsOp(Base)<0, j> for each j: one element type, exactly
        result = element(op.results[0].type)
        same = all(element(op.operands[int(j)].type) == result for j in args[:-1])  # type: ignore[call-overload]
        return element_pred(same, str(args[-1]))
    if kind == "same-shape":
        return same_shape(op)
    if kind == "same-element":
        distinct = {element(u.type) for u in (*op.operands, *op.results)}
        return None if len(distinct) == 1 else Problem("BC712")
    if kind == "same-type":  # SameOperandsAndResultType (each operand against the result), then the type
        # it infers: the first operand's, exactly
        lead, written = op.operands[0].type, op.results[0].type
        if any(element(u.type) != element(written) or not compatible(u.type, written) for u in op.operands):
            return Problem("BC1150")
        same = "".join(str(lead).split()) == "".join(str(written).split())
        return None if same else inferred(op, [str(lead)], [written])
    if kind == "resolve-ref":  # TF_SameOperandsAndResultTypeResolveRef: the shapes, then the elements
        problem = same_shape(op)
        if problem is not None:
            return problem
        elements = [element(u.type) for u in (*op.operands, *op.results)]
        return None if all(same_resolved(elements[0], e) for e in elements[1:]) else Problem("BC1161")
    assert kind == "same-scale", kind
    return same_scale(op)


_SCALE: Step = ("same-scale",)

DECLARED: dict[str, Declared] = {
    # The declaration relates nothing: the counts only.
    "shape": Declared(1),
    "arg_max": Declared(2),
    "arg_min": Declared(2),
    "where": Declared(1),
    "reduce_any": Declared(2),
    "reduce_all": Declared(2),
    "fake_quant": Declared(1),
    "random_standard_normal": Declared(1),
    "random_uniform": Declared(1),
    "multinomial": Declared(2),
    # PredOpTraits, then native traits.
    "select": Declared(
        3,
        (
            ("operands-like", 1, 2, "operands have same element type"),
            ("result-like", 0, 1, "operands and result have same element type"),
            _SCALE,
        ),
    ),
    "reverse_v2": Declared(2, (("result-like", 0, 0, _IO), ("rank", 1, 1))),
    "depth_to_space": Declared(1, (("result-like", 0, 0, _IO), ("rank-at-most", 0, 4), _SCALE)),
    "space_to_depth": Declared(1, (("result-like", 0, 0, _IO), ("rank-at-most", 0, 4), _SCALE)),
    "range": Declared(
        3,
        (
            ("rank", 0, 0),
            ("rank", 1, 0),
            ("rank", 2, 0),
            ("result-is", 0, 1, 2, "operands and output must have same element type"),
        ),
    ),
    "real": Declared(1, (("same-shape",),)),
    "imag": Declared(1, (("same-shape",),)),
    "complex_abs": Declared(1, (("same-shape",),)),
    "add_n": Declared(None, (_SCALE,)),
    "right_shift": Declared(2, (("same-element",),)),
    "atan2": Declared(2, (("same-type",),)),
    "topk_v2": Declared(
        2,
        (
            ("rank-at-least", 0, 1, "is at least"),
            ("rank", 1, 0),
            ("result-like", 0, 0, "result and input element type match"),
            _SCALE,
        ),
        results=2,
    ),
    "resize_bilinear": Declared(2, (("result-like", 0, 0, _IO), ("rank", 0, 4), ("rank", 1, 1), _SCALE)),
    "resize_nearest_neighbor": Declared(2, (("result-like", 0, 0, _IO), ("rank", 0, 4), ("rank", 1, 1), _SCALE)),
    "unsorted_segment_sum": Declared(3, (("result-like", 0, 0, _IO),)),
    "unsorted_segment_max": Declared(3, (("result-like", 0, 0, _IO),)),
    "unsorted_segment_min": Declared(3, (("result-like", 0, 0, _IO),)),
    "unsorted_segment_prod": Declared(3, (("result-like", 0, 0, _IO),)),
    "densify": Declared(1, (("result-like", 0, 0, _IO),)),
    "dilate": Declared(
        3,
        (
            ("0d", 2),
            ("result-like", 0, 0, "output and input must have same element type"),
            ("result-is", 2, "output and padding value must have same element type"),
        ),
    ),
    "embedding_lookup": Declared(2, (("rank", 0, 1), ("rank-at-least", 1, 2, "is at least"))),
    "local_response_normalization": Declared(1, (("rank", 0, 4), ("resolve-ref",))),
    "rank": Declared(1),
    "rfft2d": Declared(2),
    "l2_normalization": Declared(1),
    "bucketize": Declared(1, (("same-shape",),)),
    "cumsum": Declared(2, (("result-like", 0, 0, _IO), ("rank", 1, 0))),
    "dynamic_update_slice": Declared(3, (("result-like", 0, 0, _IO),)),  # no same-scale rule in TF 2.21
    "matrix_diag": Declared(
        1, (("rank-at-least", 0, 1, "is"), ("result-like", 0, 0, "operand and result must have the same element type"))
    ),
    "matrix_set_diag": Declared(
        2, (("rank-at-least", 0, 2, "is"), ("result-like", 0, 0, "input and result must have the same element type"))
    ),
    "mirror_pad": Declared(2, (("rank", 1, 2), _SCALE)),
    "reverse_sequence": Declared(2, (("result-like", 0, 0, _IO), ("rank", 1, 1))),
    "segment_sum": Declared(2, (("result-like", 0, 0, _IO),)),
    "sparse_to_dense": Declared(
        4,
        (
            ("result-like", 0, 2, "sparse_values and dense must have same element type"),
            ("result-like", 0, 3, "default_value and dense must have same element type"),
            ("rank-at-most", 0, 2),
            ("rank-at-most", 1, 1),
            ("rank-at-most", 2, 1),
            ("sparse-indices",),
        ),
    ),
    "unique": Declared(1, (("rank", 0, 1),), results=2),
    "non_max_suppression_v4": Declared(
        5, (("rank", 0, 2), _BOXES, ("rank", 1, 1), ("rank", 2, 0), ("rank", 3, 0), ("rank", 4, 0)), results=2
    ),
    "non_max_suppression_v5": Declared(
        6,
        (("rank", 0, 2), _BOXES, ("rank", 1, 1), ("rank", 2, 0), ("rank", 3, 0), ("rank", 4, 0), ("rank", 5, 0)),
        results=3,
    ),
    "space_to_batch_nd": Declared(3, (("rank-range", 0, 3, 4), ("result-like", 0, 0, _IO), _SCALE)),
    "batch_to_space_nd": Declared(
        3, (("result-like", 0, 0, _IO), ("rank-range", 0, 3, 4), ("rank", 1, 1), ("rank", 2, 2), _SCALE)
    ),
}
"""Each op's declaration, as ``tfl_ops.td`` (TensorFlow 2.21) has it; the steps in its order."""
