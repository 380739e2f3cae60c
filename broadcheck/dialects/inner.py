"""Ops whose verifiers read the op that holds their region, or that the op's verifier reads: the
engine hands them to that op's check, in its region's summary (``Region.inner``). Named here,
without loading their dialects, because the engine reads this at start-up."""

from __future__ import annotations

MASKABLE = frozenset(
    {
        "vector.transfer_read",
        "vector.transfer_write",
        "vector.contract",
        "vector.reduction",
        "vector.multi_reduction",
        "vector.gather",
        "vector.outerproduct",
    }
)
"""The ops of Vector that implement ``MaskableOpInterface`` in iree-opt 3.13 (each tried there):
``vector.mask``'s check reads the one it masks."""

INNER = frozenset({"linalg.index"}) | MASKABLE
"""``linalg.index`` (its dim against its op's loops) and the maskable ops."""
