"""The math dialect (forms only): one trailing type for every operand and the result; the ops
newer than the ODS tables (``clampf``, ``sincos``) checked as their kin's traits."""

from collections.abc import Callable
from functools import cache

from broadcheck.dialects import parts
from broadcheck.dialects.op import COMPARE, SAME, Layout, Op
from broadcheck.ops import Operation
from broadcheck.semantics import NOT_JUDGED, Problem, Profile

_SAME = (
    "absf absi acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh ctlz cttz ctpop erf erfc exp exp2 "
    "expm1 floor fma log log10 log1p log2 powf round roundeven rsqrt sin sinh sqrt tan tanh trunc"
).split()


_FPOWI = Layout("list", operands=(0, 1), results=(0,))
"""``math.fpowi %a, %b : F, I``: the result is of the first type (``AllTypesMatch<["lhs", "result"]>``)."""


@cache
def _kin(kin: str, results: int = 1) -> Callable[[Operation, Profile], Problem | None]:
    """The generated check of ``kin`` (the same ODS class), with ``results`` float results."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of

    traits = list(ods.traits(kin) or ())
    if results != 1:
        traits = [f"results={results}" if t == "results=1" else t for t in traits]
        at = traits.index("result#0=floating-point-like") + 1
        traits[at:at] = [f"result#{k}=floating-point-like" for k in range(1, results)]
    return check_of(tuple(traits), NOT_JUDGED)


def _clampf(op: Operation, profile: Profile) -> Problem | None:
    """``math.clampf %a to [%lo, %hi] : T``: three float operands of one type, as ``fma``."""
    return _kin("math.fma")(op, profile)


def _sincos(op: Operation, profile: Profile) -> Problem | None:
    """``%s, %c = math.sincos %a : T``: as ``sin``, with two results (probed against iree-opt 3.13)."""
    return _kin("math.sin", 2)(op, profile)


def _classification(op: Operation, profile: Profile) -> Problem | None:
    """``math.isnan`` and its kin (``$operand attr-dict : type($operand)``, an ``i1`` result of its
    shape): the checks of their generated traits; the custom form's parser checks the one written
    type against the operand's constraint first, in its own words (probed against iree-opt 3.13)."""
    problem = _kin(op.name)(op, profile)
    if problem is not None and problem.code == "BC1167" and not op.generic and problem.args.get("kind") == "operand":
        return Problem("BC1357", {**problem.args, "name": op.name, "operand": "operand"})
    return problem


def _declared() -> list[Op]:
    """Every op: the one part of :data:`OPS`."""
    return [
        *(Op(f"math.{name}", SAME) for name in _SAME),
        Op("math.fpowi", _FPOWI),
        Op("math.ipowi", SAME),
        Op("math.isnan", COMPARE, _classification, "ods-traits"),
        Op("math.isinf", COMPARE, _classification, "ods-traits"),
        Op("math.isfinite", COMPARE, _classification, "ods-traits"),
        Op("math.isnormal", COMPARE, _classification, "ods-traits"),
        Op("math.clampf", SAME, _clampf, "ods-traits"),
        Op("math.sincos", SAME, _sincos, "ods-traits"),
    ]


OPS = parts(_declared)  # (make index: a lookup merges the generated traits of its op alone, not the table's)
