"""How many regions an op has, how many blocks they hold, and whether a block holds ops: what MLIR
verifies of an op's regions before the op's own verifier, from three places.

* ``OneRegion`` / ``NRegions<N>`` (the first traits verified): how many regions a generic form writes
  (``requires one region``, ``expected 2 regions``).
* ``SingleBlock`` (an op trait; ``SingleBlockImplicitTerminator`` includes it): each region holds one
  block at most (``expects region #1 to have 0 or 1 blocks``) and, the op not ``NoTerminator``, that
  block holds an op (``expects a non-empty block``). The traits verify before the op's invariants:
  before its attributes', operands' and results' constraints.
* ODS's ``SizedRegion<1>`` (a region constraint of the op's invariants): the region holds exactly one
  block (``region #0 ('body') failed to verify constraint: region with 1 blocks``); a Linalg structured
  op without a named region says it in its interface's words (``expects to have 1 region with 1
  block``; ``linalg.generic``'s check says so itself, in its order).

Each op here was probed with iree-opt 3.13: its generic form with each region emptied, and with each
region's block emptied (``tests/fixtures/region_shapes.mlir`` keeps one of each kind). A custom form is
judged only where its parser keeps the block as written (``stablehlo.while``'s ``cond``/``do``,
``scf.while``'s, ``linalg.generic``'s): the others add the terminator the block lacks, or build the
region themselves.
The region constraints run after the attributes' and operands' constraints, which the ops' checks
judge; an op wrong in both is reported here first (a known difference, in no export seen).
"""

from __future__ import annotations

from broadcheck.ops import Operation
from broadcheck.semantics import Problem

__all__ = ["problem"]

_SIZED: dict[str, tuple[str, ...]] = {
    "chlo.scan": ("body",),
    "linalg.broadcast": ("region",),
    "linalg.contract": ("combiner",),
    "linalg.map": ("mapper",),
    "linalg.reduce": ("combiner",),
    "linalg.scaled_contract": ("combiner",),
    "linalg.transpose": ("region",),
    "scf.for": ("region",),
    "scf.forall": ("region",),
    "scf.forall.in_parallel": ("region",),
    "scf.if": ("thenRegion", ""),
    "scf.index_switch": ("defaultRegion", "caseRegions*"),
    "scf.parallel": ("region",),
    "scf.reduce": ("reductions*",),
    "scf.while": ("before", "after"),
    "shape.assuming": ("doRegion",),
    "shape.reduce": ("region",),
    "stablehlo.all_reduce": ("computation",),
    "stablehlo.case": ("branches*",),
    "stablehlo.collective_reduce": ("computation",),
    "stablehlo.if": ("true_branch", "false_branch"),
    "stablehlo.map": ("computation",),
    "stablehlo.reduce": ("body",),
    "stablehlo.reduce_scatter": ("computation",),
    "stablehlo.reduce_window": ("body",),
    "stablehlo.scatter": ("update_computation",),
    "stablehlo.select_and_scatter": ("select", "scatter"),
    "stablehlo.sort": ("comparator",),
    "stablehlo.while": ("cond", "body"),
    "tensor.generate": ("body",),
    "tensor.pad": ("region",),
    "tosa.cond_if": ("then_graph", "else_graph"),
    "tosa.while_loop": ("cond_graph", "body_graph"),
    "vector.mask": ("maskRegion",),
}
"""The ops whose regions ODS declares ``SizedRegion<1>``, by op: each region's name in order (``''``: a
region of another constraint, ``scf.if``'s ``MaxSizedRegion<1>`` else; a name ending in ``*``: a
variadic group, the name of every region from there on)."""

_SINGLE_BLOCK = frozenset(
    "scf.for scf.forall scf.if scf.index_switch scf.parallel scf.while shape.assuming shape.reduce "
    "stablehlo.all_reduce stablehlo.case stablehlo.collective_reduce stablehlo.if stablehlo.map stablehlo.reduce "
    "stablehlo.reduce_window stablehlo.while tensor.generate tensor.pad tosa.cond_if tosa.while_loop "
    "vector.mask".split()
)
"""The ops with the ``SingleBlock`` trait (besides every Linalg op with a region) whose block must hold an
op. (``stablehlo.sort``, ``select_and_scatter``, ``reduce_scatter``, ``chlo.scan``, ``scf.reduce`` have it
not: their own verifiers, or the block's, speak of an empty block.)"""

_CUSTOM = {"linalg.generic": 0, "scf.while": 1, "stablehlo.while": 2}
"""The ops whose custom form keeps a block as written (no terminator added, the region not built), with
how many of their first regions its parser gives a block of arguments even when nothing is written in
it (``scf.while``'s ``before``, the two of ``stablehlo.while``: a block without ops), when the op has operands
(``scf.while : () -> () { } do { }`` has no block)."""


def problem(op: Operation) -> Problem | None:
    """What MLIR rejects in the blocks of ``op``'s regions before its own verifier runs, if anything."""
    name = op.name
    names = _SIZED.get(name)
    if op.generic and names is not None and not names[-1].endswith("*") and len(op.regions) != len(names):
        count = len(names)  # (NRegions / OneRegion: the first trait verified)
        return Problem("BC912") if count == 1 else Problem("BC1118", {"count": count})
    if not op.regions or not (op.generic or name in _CUSTOM):
        return None
    made = _CUSTOM[name] if not op.generic and op.operands else 0  # (no operand: no argument, no block made)
    blocks = [max(region.blocks, 1) if index < made else region.blocks for index, region in enumerate(op.regions)]
    linalg = name.startswith("linalg.")
    if linalg or name in _SINGLE_BLOCK:
        for index, region in enumerate(op.regions):
            if blocks[index] > 1:
                return Problem("BC1785", {"index": index})
            if blocks[index] == 1 and not region.ops:
                return Problem("BC1788")
    if names is None:
        if linalg and name != "linalg.generic" and any(count != 1 for count in blocks):
            return Problem("BC1786")
        return None
    for index, count in enumerate(blocks):
        named = names[min(index, len(names) - 1)] if names[-1].endswith("*") or index < len(names) else ""
        if named and count != 1:
            return Problem("BC1789", {"index": index, "name": named.rstrip("*")})
    return None
