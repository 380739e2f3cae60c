"""The collectives and ``select_and_scatter`` as ops of StableHLO and MHLO: their declarations
(checks in :mod:`.collectives` and :mod:`.select_scatter`)."""

from __future__ import annotations

from broadcheck.dialects.op import FUNCTIONAL, Op
from broadcheck.dialects.stablehlo import collectives as c
from broadcheck.dialects.stablehlo.select_scatter import select_and_scatter

__all__ = ["MHLO", "declare"]

MHLO = frozenset(
    {
        "all_reduce",
        "reduce_scatter",
        "select_and_scatter",
        "collective_permute",
        "collective_broadcast",
        "all_gather",
        "all_to_all",
    }
)
"""The ops whose MHLO mirror jaxlib 0.10.2 verifies with the same ``hlo::verify*`` functions, in the
same words, but for MHLO's own traits and counts (tests/oracle/test_hlo_collectives.py):
``collective_permute`` and ``collective_broadcast`` take one operand and result of compatible types
(HLO_CompatibleOperandsAndResultType) where StableHLO infers them; ``all_gather`` has
SameOperandsAndResultElementType and counts its operands in its verifier; ``all_to_all`` has
SameOperandsShape, one operand in its array form (its tuple form, without the split attributes,
is passed over) and no pairwise element types."""


def declare(prefix: str) -> list[Op]:
    """The collectives and ``select_and_scatter`` under ``prefix`` (``stablehlo``, or ``mhlo`` for
    :data:`MHLO`), in their generic form."""
    checks = {
        "all_reduce": c.all_reduce,
        "reduce_scatter": c.reduce_scatter,
        "all_gather": c.all_gather,
        "all_to_all": c.all_to_all,
        "collective_permute": c.collective_permute,
        "collective_broadcast": c.collective_broadcast,
        "collective_reduce": c.collective_reduce,
        "select_and_scatter": select_and_scatter,
    }
    return [
        Op(f"{prefix}.{name}", FUNCTIONAL, check, f"{prefix}-collectives")
        for name, check in checks.items()
        if prefix == "stablehlo" or name in MHLO
    ]
