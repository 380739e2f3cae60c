"""MHLO (openxla/xla ``xla/mlir_hlo``) as jaxlib 0.10.2 ships it: its own ODS and verifiers,
not a copy of StableHLO's (``broadcast_dimensions`` is an i64 elements attribute, ``compare``
and ``clamp`` want the same element types, ...). Each op's rule, constraints and attributes
are in :data:`broadcheck.semantics.mhlo.OPS`; here, its printed form. The structural ops
(``transpose``, ``slice``, ``constant``, ...) mirror StableHLO's checks with MHLO's own rules
where they differ (:func:`broadcheck.dialects.stablehlo.structural`)."""

from broadcheck.dialects.op import COMPLEX, FUNCTIONAL, SAME, Layout, Op, ops
from broadcheck.dialects.stablehlo import structural
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


OPS = ops(
    [
        Op(f"mhlo.{name}", _layout(name), verify_op, "mhlo" if rule.fast else "mhlo-form")
        for name, rule in RULES.items()
    ],
    structural("mhlo"),
)
