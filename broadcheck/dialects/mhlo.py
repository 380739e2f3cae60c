"""MHLO (openxla/xla ``xla/mlir_hlo``) as jaxlib 0.10.2 ships it: its own ODS and verifiers,
not a copy of StableHLO's (``broadcast_dimensions`` is an i64 elements attribute, ``compare``
and ``clamp`` want the same element types, ...). Each op's rule, constraints and attributes
are in :data:`broadcheck.semantics.mhlo.OPS`; here, its printed form and what its custom
parser checks (:class:`~broadcheck.dialects.assembly.Assembly`: MHLO's ``hlo_ops.td`` uses the
custom directives StableHLO does, with the same words). The structural ops (``transpose``,
``slice``, ``constant``, ...) mirror StableHLO's checks with MHLO's own rules where they differ
(:func:`broadcheck.dialects.stablehlo.structural`)."""

from broadcheck.dialects.assembly import exponent_mantissa
from broadcheck.dialects.chlo import scan as chlo_scan
from broadcheck.dialects.op import COMPLEX, FUNCTIONAL, SAME, Assembly, Layout, Op, ops
from broadcheck.dialects.stablehlo import contract, mhlo_only, structural
from broadcheck.semantics.mhlo import OPS as RULES
from broadcheck.semantics.mhlo import verify_op

# `mhlo.select %p, %a, %b : (P, T, T) -> T` or one type list: the predicate's, then the others'.
SELECT = Layout("list", operands=(0, 1, 1), results=(1,))


def _layout(name: str) -> Layout:
    rule = RULES[name]
    if not rule.custom:
        return FUNCTIONAL  # the generic form only: a function type
    if rule.complex_form:
        return COMPLEX
    if name == "select":
        return SELECT
    return SAME if len(rule.operands) <= 3 else FUNCTIONAL


def _assembly(name: str) -> Assembly | None:
    """What MHLO's custom parser checks (checked against jaxlib 0.10.2): the elementwise ops
    list their operands one by one (``$lhs, $rhs``) and take their types by
    ``custom<SameOperandsAndResultType>``, but ``is_finite`` (``functional-type``), ``complex``
    (``custom<ComplexOpType>``), ``reduce_precision`` (``, format = e5m10``) and ``select``
    (``operands`` then ``custom<SelectOpType>``) and ``compare`` (its direction first); the ops
    without a custom form are the verifier's (BC563)."""
    rule = RULES[name]
    if not rule.custom:
        return None
    if name == "compare":  # `$comparison_direction, $lhs, $rhs (, $compare_type)? : functional-type`
        return Assembly("functional", at_name=True, compare="mhlo")
    count = len(rule.operands)
    if name == "is_finite":  # `$x attr-dict : functional-type(operands, results)`
        return Assembly("functional", count, at_name=True)
    if name == "complex":
        return Assembly("complex", count)
    if name == "reduce_precision":
        return Assembly("same", count, keyword="format", value=exponent_mantissa)
    if name == "select":
        return Assembly("select")
    return Assembly("same", count)


OPS = ops(
    [
        Op(f"mhlo.{name}", _layout(name), verify_op, "mhlo" if rule.fast else "mhlo-form", assembly=_assembly(name))
        for name, rule in RULES.items()
    ],
    structural("mhlo"),  # (with `tuple` and `optimization_barrier`, known for their custom forms)
    # generic form only; CHLO's verifier with MHLO's attribute (`#mhlo.ragged_dot<dot_dimension_numbers = ..>`)
    Op("mhlo.ragged_dot", FUNCTIONAL, contract.ragged_dot, "mhlo-contract"),
    # generic form only, no verifier: its ODS (.mhlo_only)
    Op("mhlo.dynamic_conv", FUNCTIONAL, mhlo_only.dynamic_conv, "mhlo-dynamic"),
    # `"mhlo.fusion"(%a) ({ ... }) {fusion_kind = #mhlo<fusion_kind kLoop>} : (T) -> U`: its aliases (.mhlo_only)
    Op("mhlo.fusion", FUNCTIONAL, mhlo_only.fusion, "mhlo-fusion", tokens=True),
    # generic form only here, as chlo.scan's (dialects/chlo/scan.py)
    Op("mhlo.scan", FUNCTIONAL, chlo_scan.scan, "mhlo-scan", isolated=True),
)
