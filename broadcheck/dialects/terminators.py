"""The check of a region's terminator whose verifier relates it to the op that holds the region
(``linalg.yield``, ``stablehlo.return``, ``tensor.yield``): that op's check judges what it yields
from the region's summary (:class:`broadcheck.ops.Region`) and reports a problem at the
terminator where MLIR does (``Region.at``)."""

from __future__ import annotations

from broadcheck.ops import Operation, Region
from broadcheck.semantics import Problem, Profile


def by_parent(op: Operation, profile: Profile) -> Problem | None:
    """A terminator: nothing of its own to judge (its parent's check judges it)."""
    return None


LLVM_TERMINATORS = frozenset(
    {"llvm.br", "llvm.cond_br", "llvm.indirectbr", "llvm.resume", "llvm.return", "llvm.switch", "llvm.unreachable"}
)
"""LLVM's terminators (``LLVM_TerminatorOp`` in ``LLVMOps.td``, each tried in iree-opt 3.13): broadcheck
reads no table of LLVM's ops, but an implied terminator's rule reads whether a region ends in one."""


def is_terminator(name: str) -> bool | None:
    """Whether op ``name`` is a terminator (``IsTerminator`` in its ODS table), ``None`` if not known."""
    from broadcheck.dialects import BARE, ods

    if name in LLVM_TERMINATORS:
        return True
    found = ods.traits(BARE.get(name, name))
    return None if found is None else "IsTerminator" in found


def unterminated(region: Region) -> bool:
    """Whether ``region``'s one block ends in no terminator (MLIR's ``mightHaveTerminator`` false): it holds
    no op, or its last op is one known not to be a terminator."""
    return region.blocks == 1 and (not region.ops or is_terminator(region.terminator) is False)
