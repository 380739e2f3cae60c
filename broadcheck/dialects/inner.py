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

ASYNC_WRAPPED = frozenset(
    f"stablehlo.{name}"
    for name in (
        "all_gather all_reduce all_to_all collective_broadcast collective_permute collective_reduce dynamic_slice "
        "dynamic_update_slice reduce_scatter slice"
    ).split()
)
"""The ops ``stablehlo.async_start``'s region may hold (``AsyncStartOp::inferReturnTypes``, iree 3.13)."""

INNER = frozenset({"linalg.index"}) | MASKABLE | ASYNC_WRAPPED
"""``linalg.index`` (its dim against its op's loops), the maskable ops, and what ``async_start`` wraps."""
