"""TOSA 1.0 as MLIR's TOSA dialect defines it (TosaOps.td at the LLVM that iree-base-compiler
3.13 carries). The elementwise rules are in :mod:`broadcheck.semantics.tosa`, which of them each op
runs generated from TOSA's ``.td`` (:mod:`.specs`, from :mod:`.td`); the structural ops' in
:mod:`.structural` (their type constraints from :mod:`.td` too), their custom forms
(``pad([0, 0, 0, 0]) stride([1, 1])``) in :mod:`.forms`.

Declared in parts (:func:`broadcheck.dialects.parts`, ``make index``): a file of elementwise ops
builds their part alone, without the structural, block-scaled, shape, control and variable ops'
modules (a clean one-op ``tosa.add`` file: 7% of its run)."""

from __future__ import annotations

from broadcheck.dialects import parts
from broadcheck.dialects.op import (
    FUNCTIONAL,
    NONE,
    OPERAND_LIST,
    OPERANDS,
    RESULT,
    Assembly,
    Op,
    custom,
    family,
)
from broadcheck.dialects.tosa import specs as _specs  # noqa: F401  (registers the ops' generated rules)
from broadcheck.dialects.tosa.forms import functional
from broadcheck.dialects.tosa.table import property_storage, required_attributes
from broadcheck.ops import Operation
from broadcheck.semantics import NOT_JUDGED, Problem, Profile

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import Literal

    from broadcheck.dialects.op import Check, Layout

FORM = custom(functional)
# ODS `functional-type(operands, results)`: a function type must give each operand its type
# (iree 3.13: `number of operands and types do not match`, at the first operand)
TYPED = Assembly("functional")

_CHECKED = (
    # elementwise binary (Tosa_ElementwiseOp): broadcasting, equal ranks
    "add sub maximum minimum pow intdiv arithmetic_right_shift bitwise_and bitwise_or bitwise_xor "
    "logical_and logical_or logical_xor logical_left_shift logical_right_shift equal greater greater_equal select "
    # elementwise unary (Tosa_ElementwiseUnaryOp): the same shape in and out
    "abs bitwise_not ceil clz cos erf exp floor log logical_not reciprocal rsqrt sigmoid sin tanh clamp "
    # own verifiers: cast, table, fft2d (same shape); mul's and negate's (constant operands): _shaped
    "cast table fft2d "
    # a codegen utility op on scalars, vectors or tensors (MLIR's Elementwise trait)
    "apply_scale"
).split()


def _elementwise() -> list[Op]:
    """The ops of TOSA's rule family (:mod:`.specs`) and ``tosa.rescale``."""
    return [
        *(
            _op(f"tosa.{name}", FUNCTIONAL, family("tosa"), "tosa", assembly=None if name == "clamp" else TYPED)
            for name in _CHECKED
        ),
        # its verifier reads the scale32 and per_channel attributes
        _op("tosa.rescale", FUNCTIONAL, family("tosa-rescale"), "tosa-rescale", assembly=TYPED),
    ]


def _structural() -> list[Op]:
    """The structural ops (:mod:`.structural`) whose checks read no constant operand, and the adaptive
    pools (the first of those that do)."""
    from broadcheck.dialects.tosa import structural as s

    checks = {
        "conv2d": s.check_conv,
        "conv3d": s.check_conv,
        "depthwise_conv2d": s.check_conv,
        "transpose_conv2d": s.check_transpose_conv,
        "avg_pool2d": s.check_avg_pool,
        "max_pool2d": s.check_max_pool,
        "matmul": s.check_matmul,
        "matmul_t": s.check_matmul_t,
        "transpose": s.check_transpose,
        "concat": s.check_concat,
        **{f"reduce_{name}": s.check_reduce for name in ("all", "any", "max", "min", "product", "sum")},
        "argmax": s.check_argmax,
        # ArgMinOp shares ArgMaxOp's verifier (its words name no op)
        "argmin": s.check_argmax,
        "gather": s.check_gather,
        "scatter": s.check_scatter,
        "rfft2d": s.check_rfft2d,
    }
    # Their checks read the constant shape operands (tosa.const_shape): these, row_gather's
    # (:func:`_row_gather`) and :func:`_shaped`'s.
    shaped = {
        "avg_pool2d_adaptive": s.check_avg_pool_adaptive,
        "max_pool2d_adaptive": s.check_max_pool_adaptive,
    }
    # (and these read their constant zero points: verifyZeroPoint)
    zero_points = {"conv2d", "conv3d", "depthwise_conv2d", "transpose_conv2d", "avg_pool2d", "matmul"}
    return [
        *(
            _op(f"tosa.{name}", FORM, check, "tosa-structural", constants=name in zero_points, assembly=TYPED)
            for name, check in checks.items()
        ),
        *(
            _op(f"tosa.{name}", FORM, check, "tosa-structural", constants=True, assembly=TYPED)
            for name, check in shaped.items()
        ),
    ]


def _row_gather() -> Op:
    """``tosa.row_gather`` (:mod:`.block_scaled`), which reads its constant shape operands."""
    from broadcheck.dialects.tosa import block_scaled as b

    return _op("tosa.row_gather", FORM, b.check_row_gather, "tosa-structural", constants=True, assembly=TYPED)


def _shaped() -> list[Op]:
    """The structural ops that read their constant shape operands, ``reverse`` and the constants
    (:mod:`.structural`)."""
    from broadcheck.dialects.tosa import structural as s

    shaped = {
        "reshape": s.check_reshape,
        "slice": s.check_slice,
        "pad": s.check_pad,
        "tile": s.check_tile,
        "resize": s.check_resize,
    }
    return [
        *(
            _op(f"tosa.{name}", FORM, check, "tosa-structural", constants=True, assembly=TYPED)
            for name, check in shaped.items()
        ),
        # TOSA's rule family (its traits), then its verifier's axis (`axis(1)` in its custom form)
        _op("tosa.reverse", FORM, s.check_reverse, "tosa", assembly=TYPED),
        # TOSA's rule family, with its verifier's constant shift for floats
        _op("tosa.mul", FUNCTIONAL, s.check_mul, "tosa", constants=True, assembly=TYPED),
        # TOSA's rule family, then its verifier's constant zero points
        _op("tosa.negate", FUNCTIONAL, s.check_negate, "tosa", constants=True, assembly=TYPED),
        _op("tosa.const", FORM, s.check_const, "tosa-structural", literal="values"),
        _op("tosa.const_shape", FORM, s.check_const_shape, "tosa-structural", literal="values"),
    ]


def _identity() -> Op:
    """``tosa.identity`` (:mod:`.shape_ops`)."""
    from broadcheck.dialects.tosa import shape_ops as h

    return _op("tosa.identity", FORM, h.check_identity, "tosa-structural", assembly=TYPED)


def _block_scaled() -> list[Op]:
    """The block-scaled ops (:mod:`.block_scaled`): no assembly check (newer LLVM writes
    ``{block_size = ...}``, iree 3.13 ``block_size<...>``)."""
    from broadcheck.dialects.tosa import block_scaled as b

    return [
        _op("tosa.cast_to_block_scaled", FORM, b.check_cast_to_block_scaled, "tosa-structural"),
        _op("tosa.matmul_t_block_scaled", FORM, b.check_matmul_t_block_scaled, "tosa-structural"),
        _op("tosa.cast_from_block_scaled", FORM, b.check_cast_from_block_scaled, "tosa-structural"),
        _op("tosa.reshape_block_scaled", FORM, b.check_reshape_block_scaled, "tosa-structural", constants=True),
        _op("tosa.row_gather_block_scaled", FORM, b.check_row_gather_block_scaled, "tosa-structural", constants=True),
        _op("tosa.conv2d_block_scaled", FORM, b.check_conv2d_block_scaled, "tosa-structural", constants=True),
    ]


def _shapes() -> list[Op]:
    """The shape ops (:mod:`.shape_ops`)."""
    from broadcheck.dialects.tosa import shape_ops as h

    return [
        *(
            _op(f"tosa.{name}_shape", FORM, h.check_shape_arithmetic, "tosa-shape", assembly=TYPED)
            for name in (*h.BINARY, *h.UNARY)
        ),
        _op("tosa.dim", FORM, h.check_dim, "tosa-shape", assembly=TYPED),
        _op("tosa.concat_shape", FORM, h.check_concat_shape, "tosa-shape", assembly=TYPED),
        _op("tosa.slice_shape", FORM, h.check_slice_shape, "tosa-shape", constants=True, assembly=TYPED),
        _op("tosa.assert_equal_shape", FORM, h.check_assert_equal_shape, "tosa-shape", assembly=TYPED),
    ]


def _control() -> list[Op]:
    """Control flow: each region's arguments and yields against the op's lists (:mod:`.control`)."""
    from broadcheck.dialects.tosa import control as c

    return [
        _op("tosa.cond_if", custom(c.read_cond_if), c.check_cond_if, "tosa-control", region_arguments="none"),
        _op("tosa.while_loop", FUNCTIONAL, c.check_while_loop, "tosa-control"),
        _op("tosa.yield", OPERAND_LIST, c.check_yield, "tosa-control"),
        # its ODS: each operand and result a tosa-conformant tensor (``Variadic<Tosa_Tensor>``); no verifier
        _op("tosa.custom", FORM, c.check_custom, "tosa-control", assembly=TYPED),
    ]


def _variables() -> list[Op]:
    """Variables: a symbol (``tosa.variable @v : T``) that reads and writes name (:mod:`.variables`)."""
    from broadcheck.dialects.tosa import variables as v

    return [
        _op("tosa.variable", NONE, v.check_variable, "tosa-variable"),
        _op("tosa.variable_read", RESULT, v.check_read, "tosa-variable"),
        _op("tosa.variable_write", OPERANDS, v.check_write, "tosa-variable"),
    ]


_COUNTS = frozenset({"BC107", "BC207", "BC208", "BC220", "BC1162"})
"""The codes of a wrong number of operands or results: the traits its verifier runs before the attributes."""


def _attributes(name: str, check: Check) -> Check:
    """``check``, after the parser's conversion of the generic form's properties (a value of another kind
    than the op's storage, :mod:`broadcheck.dialects.properties`) and, in the generic form, the ODS's
    required attributes (``td.py``): a missing one is reported once the value counts are right, before
    anything else (``requires attribute 'axis'``; the custom form's parser asks for its attributes itself)."""

    def verify(op: Operation, profile: Profile) -> Problem | None:
        if op.generic and any(a.property for a in op.attributes):
            from broadcheck.dialects.properties import Unreadable, conversion

            try:
                converted = conversion(op, property_storage(name))
            except Unreadable:
                return NOT_JUDGED  # a value broadcheck cannot print as iree-opt does
            if converted is not None:
                return converted
        if not op.generic and op.attribute("values") is not None:  # (the constants': td.py read for them only)
            kind = _custom_kind(op, property_storage(name))
            if kind is not None:
                return kind
        problem = check(op, profile)
        if (problem is None or problem.code not in _COUNTS) and op.generic:
            missing = next((a for a in required_attributes(name) if op.attribute(a) is None), None)
            if missing is not None:
                return Problem("BC1805", {"name": missing})
        return problem

    verify.__doc__ = check.__doc__
    return verify


def _custom_kind(op: Operation, declared: dict[str, str]) -> Problem | None:
    """The custom form's ``name(value)`` of an elements attribute the parser reads as any attribute
    and then casts (``parseCustomAttributeWithFallback``): a value of another kind is ``invalid kind of
    attribute specified``, at the value (``tosa.const_shape values(dense<[1.5]> : tensor<1xf32>)``)."""
    from broadcheck.dialects.literal import offset_span
    from broadcheck.dialects.properties import converts

    for attr in op.attributes:
        if declared.get(attr.name) == "DenseIntElementsAttr" and not converts(attr.text, "DenseIntElementsAttr"):
            at = offset_span(attr, 0, len(attr.text))
            return NOT_JUDGED if at is None else Problem("BC1892", {"op_name": op.name}, span=at)
    return None


def _op(
    name: str,
    layout: Layout,
    check: Check,
    semantics: str,
    *,
    region_arguments: Literal["first", "all", "none"] = "first",
    literal: str | None = None,
    constants: bool = False,
    assembly: Assembly | None = None,
) -> Op:
    """Op ``name``'s declaration, its check wrapped (:func:`_attributes`: ods.json is read only when a
    generic form is checked)."""
    return Op(
        name,
        layout,
        _attributes(name, check),
        semantics,
        region_arguments=region_arguments,
        literal=literal,
        constants=constants,
        assembly=assembly,
    )


OPS = parts(  # (make index: a torch-mlir export's reshape, matmul, const import neither block_scaled nor shape_ops)
    _elementwise,
    _structural,
    _row_gather,
    _shaped,
    _identity,
    _block_scaled,
    _shapes,
    _control,
    _variables,
)
