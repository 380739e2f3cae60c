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

from broadcheck.dialects.common import compatible, element, rank, shape, static, tensors
from broadcheck.dialects.tfl import ods, verifiers
from broadcheck.dialects.tfl.base import (
    confined,
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
from broadcheck.ops import OpaqueType, Operation, ShapedType
from broadcheck.semantics import NOT_JUDGED, Problem, Profile
from broadcheck.semantics.tf import quantized, storage
from broadcheck.syntax.named import NamedTuple

Step = tuple[object, ...]
"""One check of a declaration, by kind (the first entry) and its numbers and words."""

_IO = "input and output must have same element type"
_SPARSE = (
    "the first operand should have a rank <= 2, when its rank is 2 and has static shape, the second dim should be <= 4"
)

_BIAS = "bias and output must have same element type"
_BIAS_SIZE = "bias must has num of elements equals to 4th dim of filter"
_LSTM_RESULT = "the input and result tensor elemental types must be same"
_BOXES = ("dim-equals", 0, 1, 4, "boxes should have dim[1] == 4")
_CLIPS = (("cell_clip", "float-non-negative"), ("proj_clip", "float-non-negative"))  # DefaultValuedOptionalAttr
_BLOCK_SIZE = (("block_size", "positive"),)


class Declared(NamedTuple):
    """An op's counts (``None``: variadic) and its checks after them, in the verifier's order."""

    operands: int | None
    steps: tuple[Step, ...] = ()
    results: int = 1
    optional: bool = False
    """Whether an operand may be ``none`` (``TFL_TensorOfOrNone``: an absent optional input)."""
    constants: bool = False
    """Whether its check reads the values of constant operands (``tfl.scatter_nd``'s shape)."""
    attributes: tuple[tuple[str, str], ...] = ()
    """Its ``ConfinedAttr`` attributes in declaration order, each with its constraint (a key of
    :data:`~broadcheck.dialects.tfl.base.CONFINED`): checked where present, after the counts and before
    the operands' types (an absent one is not judged: TensorFlow's importer always writes them)."""

    def check(self, op: Operation, profile: Profile) -> Problem | None:
        """The op's verifier: its counts, then each step in order."""
        if self.results == 0 and op.results:  # ZeroResults, then ZeroOperands: MLIR's words
            return Problem("BC1162", {"kind": "results"})
        if self.operands == 0 and op.operands:
            return Problem("BC1162", {"kind": "operands"})
        problem = counts(op, self.operands or None, self.results or None)
        if problem is not None:
            return problem
        for name, kind in self.attributes:
            problem = confined(op, name, kind)
            if problem is not None:
                return problem
        problem = _required(op)
        if problem is not None:
            return problem
        if not tensors(tuple(u.type for u in op.operands), none=self.optional) or not tensors(
            tuple(u.type for u in op.results)
        ):
            return NOT_JUDGED  # a type the verifier's tensor constraints judge, not modelled here
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
    if kind == "same-operands-shape":  # SameOperandsShape
        operands = [shape(u.type) for u in op.operands]
        return None if all(compatible(operands[0], s) for s in operands[1:]) else Problem("BC1153")
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
    if kind == "nd":  # TFL_1DTensorOf, TFL_2DTensorOf: a type constraint (before every PredOpTrait)
        where, n, want = str(args[0]), int(args[1]), int(args[2])  # type: ignore[call-overload]
        t = (op.operands if where == "operand" else op.results)[n].type
        return None if rank(t) == want else Problem("BC1542", {"kind": where, "index": n, "rank": want, "type": t})
    if kind in ("none-or-rank", "none-or-rank-at-most"):  # TFL_OperandIsNoneOrHasRank(AtMost)<n, m>
        n, m = int(args[0]), int(args[1])  # type: ignore[call-overload]
        r = rank(op.operands[n].type)
        if kind == "none-or-rank":
            return pred(r is None or r == m, f"operand {n} is {m}-D")
        return pred(r is None or r <= m, f"operand {n} is at most {m}-D")
    if kind == "same-dims":  # TFL_OperandsHaveSameDimsTrait<x, y, i, j>
        x, y, i, j = (int(a) for a in args)  # type: ignore[call-overload]
        a, b = op.operands[x].type, op.operands[y].type
        sa, sb = shape(a), shape(b)
        holds = not (static(a) and static(b)) or sa is None or sb is None or len(sa) <= i or len(sb) <= j
        return pred(holds or sa[i] == sb[j], f"dim {i} of operand {x} equals to dim {j} of operand {y}")  # type: ignore[index]
    if kind == "num-elements":  # TFL_NumElementsTrait<x, n> (its words have two spaces)
        x, n = int(args[0]), int(args[1])  # type: ignore[call-overload]
        t = op.operands[x].type
        return pred(not static(t) or _elements(t) == n, f"operand {x} has num of elements equals to  {n}")
    if kind == "bias-like":  # Or<[TFL_OperandIsNoneType<operand>, TFL_TCresVTEtIsSameAsOp<result, operand>]>
        result, operand = int(args[0]), int(args[1])  # type: ignore[call-overload]
        if _none(op, operand):
            return None
        return result_like(op, result, operand, str(args[2]))
    if kind == "bias-elements":  # Or<[TFL_OperandIsNoneType<x>, TFL_NumElementsEqualsDim<x, y, j>]>
        x, y, j = (int(a) for a in args[:3])  # type: ignore[call-overload]
        if _none(op, x):
            return None
        a, b = op.operands[x].type, op.operands[y].type
        sb = shape(b)
        holds = not (static(a) and static(b)) or sb is None or len(sb) <= j or _elements(a) == sb[j]
        return pred(holds, str(args[3]))
    if kind == "lstm":  # the LSTM family's PredOpTraits on its optional operands (LstmCifgInputConstraint, ...)
        return _lstm(op, str(args[0]))
    if kind == "verify":  # the op's own C++ verify()
        return getattr(verifiers, str(args[0]))(op)  # type: ignore[no-any-return]
    assert kind == "same-scale", kind
    return same_scale(op)


def _required(op: Operation) -> Problem | None:
    """The operands' and then the results' type constraints, in order, for the ops of
    :data:`CONSTRAINED`: a ``none`` or another type that is not a tensor where the op takes a tensor, in the words
    of the constraint's summary."""
    name = op.name.removeprefix("tfl.")
    if name not in CONSTRAINED:
        return None
    for kind, uses, summaries in (
        ("operand", op.operands, ods.summaries(name, "operands")),
        ("result", op.results, ods.summaries(name, "results")),
    ):
        for index, (use, summary) in enumerate(zip(uses, summaries, strict=False)):
            t = use.type
            tensor = isinstance(t, ShapedType) and t.kind == "tensor"
            if summary is None:  # TFL_TensorOfOrNone
                tensor = tensor or "".join(str(t).split()) == "none"
            unknown = isinstance(t, OpaqueType) and t.text == "?"
            if summary not in ("1D", "2D") and not tensor and not unknown:
                return Problem("BC1557", {"kind": kind, "index": index, "summary": summary or _OR_NONE, "type": t})
    return None


_OR_NONE = "tensor of any type values or none type"


def _none(op: Operation, n: int) -> bool:
    return "".join(str(op.operands[n].type).split()) == "none"


def _elements(t: object) -> int | None:
    s = shape(t)  # type: ignore[arg-type]
    if s is None or None in s:
        return None
    n = 1
    for d in s:
        n *= d  # type: ignore[operator]
    return n


def _same16(op: Operation, i: int, j: int) -> bool:
    """``TFL_TCopVTEtAreSameAt<i, j, 16>``: one element type, both 16-bit unsigned, or both quantized on
    one storage type."""
    a, b = element(op.operands[i].type), element(op.operands[j].type)
    if a == b or (a in _UINT16 and b in _UINT16):
        return True
    return quantized(a) and quantized(b) and storage(a) == storage(b)


_UINT16 = ("ui16", "!tf_type.quint16")
_PEEPHOLE = "the optional peephole weights should all be specified or none"
_PROJECTION = (
    "either projection weight must be specified or both projection weight and projection bias must not be specified"
)


def _lstm(op: Operation, which: str) -> Problem | None:
    """The LSTM family's predicates on which optional operands are ``none``, by name."""
    none = [_none(op, i) for i in range(len(op.operands))]
    if which == "peephole":  # LstmOptionalPeepholeWeightConstraint
        holds = _same16(op, 10, 11) and (_same16(op, 9, 10) or (none[1] and none[9]))
        return element_pred(holds, _PEEPHOLE)
    if which == "projection":  # LstmProjectionWeightBiasConstraint
        return element_pred((none[16] and none[17]) or not none[16], _PROJECTION)
    if which == "cifg":  # LstmCifgInputConstraint
        cifg = all(none[i] for i in (1, 5, 9, 12, 20))
        return element_pred(
            cifg or not any(none[i] for i in (1, 5, 12)), "the cifg inputs should all be specified or none"
        )
    if which == "bidi-peephole":  # BidiLstmOptionalPeepholeWeightConstraint: MLIR's TCopVTEtAreSameAt
        held = {element(op.operands[i].type) for i in (9, 10, 11, 26, 27, 28)}
        return element_pred(len(held) == 1, _PEEPHOLE)
    assert which == "bidi-projection", which  # BidiLstmProjectionWeightBiasConstraint
    holds = all(none[i] for i in (16, 17, 33, 34)) or not (none[16] or none[33])
    return element_pred(holds, _PROJECTION)


_SCALE: Step = ("same-scale",)

DECLARED: dict[str, Declared] = {
    # The declaration relates nothing: the counts only.
    "shape": Declared(1),
    "arg_max": Declared(2),
    "arg_min": Declared(2),
    "where": Declared(1),
    "reduce_any": Declared(2),
    "reduce_all": Declared(2),
    "fake_quant": Declared(
        1,
        attributes=(("num_bits", "bits"), ("narrow_range", "false")),
    ),
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
    "depth_to_space": Declared(
        1,
        (("result-like", 0, 0, _IO), ("rank-at-most", 0, 4), _SCALE),
        attributes=_BLOCK_SIZE,
    ),
    "space_to_depth": Declared(
        1,
        (("result-like", 0, 0, _IO), ("rank-at-most", 0, 4), _SCALE),
        attributes=_BLOCK_SIZE,
    ),
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
    "reverse_sequence": Declared(
        2,
        (("result-like", 0, 0, _IO), ("rank", 1, 1)),
        attributes=(("seq_dim", "non-negative"), ("batch_dim", "non-negative")),
    ),
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
    # The ops new in the declaration of every tfl op (tfl_ops.td); the LSTM family's
    # LstmMandatoryInputsConstraint always holds (its Neg<TypeIsPred<"input", F32>> is true of a tensor).
    "leaky_relu": Declared(1, (("result-like", 0, 0, _IO), ("same-shape",))),
    # Resource ops: their operands' and results' tensor constraints (CONSTRAINED) are all they check.
    "var_handle": Declared(0),
    "assign_variable": Declared(2, results=0),
    "read_variable": Declared(1),
    "hashtable": Declared(0),
    "hashtable_find": Declared(3),
    "hashtable_import": Declared(3, results=0),
    "hashtable_size": Declared(1),
    "call_once": Declared(0, results=0),
    "external_const": Declared(0),
    "NumericVerify": Declared(2, (("same-operands-shape",),)),
    "scatter_nd": Declared(
        3,
        (
            ("nd", "operand", 2, 1),
            ("rank-at-least", 0, 1, "is"),
            ("rank-at-least", 1, 1, "is"),
            ("result-like", 0, 1, "updates and output must have same element type"),
            _SCALE,
            ("verify", "scatter_nd"),
        ),
        optional=True,  # a none shape fails its 1-D type constraint (the "nd" step)
        constants=True,
    ),
    "bitcast": Declared(1, (("verify", "bitcast"),)),
    "conv_3d": Declared(
        3,
        (
            ("rank", 0, 5),
            ("rank", 1, 5),
            ("same-dims", 0, 1, 4, 3),
            ("result-like", 0, 0, _IO),
            ("bias-like", 0, 2, _BIAS),
            ("bias-elements", 2, 1, 4, _BIAS_SIZE),
        ),
        optional=True,
    ),
    "conv_3d_transpose": Declared(
        4,
        (
            ("rank", 0, 1),
            ("rank", 1, 5),
            ("rank", 2, 5),
            ("num-elements", 0, 5),
            ("same-dims", 2, 1, 4, 4),
            ("result-like", 0, 2, _IO),
            ("bias-like", 0, 3, _BIAS),
            ("bias-elements", 3, 1, 4, _BIAS_SIZE),
        ),
        optional=True,
    ),
    "basic_lstm": Declared(
        5,
        (
            ("nd", "result", 0, 2),
            ("nd", "result", 1, 2),
            ("nd", "result", 2, 2),
            ("nd", "result", 3, 2),
            ("rank", 0, 2),
            ("rank", 1, 2),
            ("rank", 2, 2),
            ("rank", 3, 1),
            ("rank", 4, 2),
        ),
        results=4,
        attributes=_CLIPS,
    ),
    "svdf": Declared(
        5,
        (("result-like", 0, 0, _LSTM_RESULT),),
        optional=True,
        attributes=(("rank", "positive"),),
    ),
    "unidirectional_sequence_rnn": Declared(
        5,
        (
            ("rank", 4, 2),
            ("result-like", 0, 0, _IO),
            ("operands-like", 1, 2, "input and constant value operands must have same element type"),
        ),
    ),
    "lstm": Declared(
        24,
        (
            ("lstm", "peephole"),
            ("lstm", "projection"),
            ("lstm", "cifg"),
            ("result-like", 0, 0, _LSTM_RESULT),
            ("rank", 2, 2),
            ("rank", 3, 2),
            ("none-or-rank", 5, 2),
            ("rank", 6, 2),
            ("rank", 7, 2),
            ("none-or-rank", 9, 1),
            ("none-or-rank", 10, 1),
            ("none-or-rank", 11, 1),
            ("rank", 13, 1),
            ("rank", 14, 1),
            ("rank", 15, 1),
            ("none-or-rank", 16, 2),
            ("none-or-rank", 17, 1),
            ("verify", "lstm"),
        ),
        optional=True,
        attributes=_CLIPS,
    ),
    "unidirectional_sequence_lstm": Declared(
        24,
        (
            ("lstm", "peephole"),
            ("lstm", "projection"),
            ("lstm", "cifg"),
            ("result-like", 0, 0, _LSTM_RESULT),
            ("rank-at-least", 0, 2, "is at least"),
            ("none-or-rank", 1, 2),
            ("rank", 2, 2),
            ("rank", 3, 2),
            ("rank", 4, 2),
            ("none-or-rank-at-most", 5, 2),
            ("rank-at-most", 6, 2),
            ("rank-at-most", 7, 2),
            ("rank-at-most", 8, 2),
            ("none-or-rank", 9, 1),
            ("none-or-rank", 10, 1),
            ("none-or-rank", 11, 1),
            ("none-or-rank", 12, 1),
            ("rank", 13, 1),
            ("rank", 14, 1),
            ("rank", 15, 1),
            ("none-or-rank", 16, 2),
            ("none-or-rank", 17, 1),
            ("verify", "sequence_lstm"),
        ),
        optional=True,
        attributes=_CLIPS,
    ),
    "bidirectional_sequence_lstm": Declared(
        48,
        (
            ("lstm", "bidi-peephole"),
            ("lstm", "bidi-projection"),
            ("result-like", 0, 0, _LSTM_RESULT),
            ("rank", 0, 3),
            ("rank", 1, 2),
            ("rank", 2, 2),
            ("rank", 3, 2),
            ("rank", 4, 2),
            ("rank", 5, 2),
            ("rank", 6, 2),
            ("rank", 7, 2),
            ("rank", 8, 2),
            ("rank", 9, 1),
            ("rank", 10, 1),
            ("rank", 11, 1),
            ("rank", 12, 1),
            ("rank", 13, 1),
            ("rank", 14, 1),
            ("rank", 15, 1),
            ("rank", 16, 2),
            ("rank", 17, 1),
            ("rank", 18, 2),
            ("rank", 19, 2),
            ("rank", 20, 2),
            ("rank", 21, 2),
            ("rank", 22, 2),
            ("rank", 23, 2),
            ("rank", 24, 2),
            ("rank", 25, 2),
            ("rank", 26, 1),
            ("rank", 27, 1),
            ("rank", 28, 1),
            ("rank", 29, 1),
            ("rank", 30, 1),
            ("rank", 31, 1),
            ("rank", 32, 1),
            ("rank", 33, 2),
            ("rank", 34, 1),
        ),
        results=2,
        optional=True,
        attributes=_CLIPS,
    ),
}
"""Each op's declaration, as ``tfl_ops.td`` (TensorFlow 2.21) has it; the steps in its order."""


CONSTRAINED = frozenset(
    (
        "leaky_relu scatter_nd bitcast conv_3d conv_3d_transpose basic_lstm svdf unidirectional_sequence_rnn lstm "
        "unidirectional_sequence_lstm bidirectional_sequence_lstm assign_variable read_variable hashtable_find "
        "hashtable_import hashtable_size NumericVerify var_handle hashtable external_const"
    ).split()
)
"""The ops whose operands' and results' type constraints broadcheck checks for ``none`` and other types
that are not tensors (BC1557), each in the words of its summary as the generated table
(:mod:`broadcheck.dialects.tfl.ods`) has it: ``TFL_TensorOf<[...]>`` (its runtime types' words),
``TFL_TensorOfOrNone`` (``None``: takes ``none``), ``TFL_1DTensorOf``/``TFL_2DTensorOf`` (a step of its
own)."""
