"""The check of a region's terminator whose verifier relates it to the op that holds the region
(``linalg.yield``, ``stablehlo.return``, ``tensor.yield``): that op's check judges what it yields
from the region's summary (:class:`broadcheck.ops.Region`) and reports a problem at the
terminator where MLIR does (``Region.at``)."""

from __future__ import annotations

from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Profile


def by_parent(op: Operation, profile: Profile) -> Problem | None:
    """A terminator: nothing of its own to judge (its parent's check judges it)."""
    return None
