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

SOURCES = frozenset({"vector.mask"})
"""Ops whose verifier compares what their region's terminator yields with the results of the ops in
the region, by value (``MaskOp::verify``: the masked op's results): the engine follows the values their
regions' ops define (``Region.sources``)."""

DESTINATIONS: dict[str, int] = {"tensor.parallel_insert_slice": 1}
"""The ``ParallelCombiningOpInterface`` ops broadcheck reads: the operand each updates (its destination),
which ``InParallelOp::verify`` wants to be an output block argument of the ``scf.forall`` around it."""


def destination_problem(
    name: str, operands: list[str], parent: str, holder: str, arguments: tuple[str, ...], results: int
) -> str | None:
    """The code ``InParallelOp::verify`` reports at op ``name`` (of :data:`DESTINATIONS`, with value
    names ``operands``) in a region of ``parent`` held by ``holder``, whose entry block's arguments are
    ``arguments`` and whose results number ``results`` (-1: not known); ``None`` when it inserts into
    one of its output arguments (the last ``results`` arguments) or when that is not known."""
    at = DESTINATIONS.get(name)
    if at is None or parent != "scf.forall.in_parallel" or holder != "scf.forall":
        return None
    if at >= len(operands) or not arguments or results > len(arguments):
        return None
    # (-1: not known; an induction variable, an index, is no destination the parser lets through)
    outputs = arguments[len(arguments) - results :] if results > 0 else () if results == 0 else arguments
    return None if operands[at] in outputs else "BC1811"


PARENTS: dict[str, tuple[str, ...]] = {
    "func.return": ("func.func",),
    "scf.condition": ("scf.while",),
    "scf.forall.in_parallel": ("scf.forall",),
    "scf.reduce": ("scf.parallel",),
    "scf.reduce.return": ("scf.reduce",),
    "scf.yield": ("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"),
    "tensor.yield": ("tensor.generate", "tensor.pad"),
    "tf.Yield": ("tf.CaseRegion", "tf.IfRegion", "tf.WhileRegion", "tf.GeneratorDatasetRegion"),
    "linalg.yield": (),
    "linalg.index": (),
}
"""Ops whose verifier reads the name of the op that holds them: ``HasParent``/``ParentOneOf``
(``FuncOps.td``, ``SCFOps.td``, ``TensorOps.td``, ``tf_ops.td``; ``tests/test_parents.py`` holds
them to the ODS tables) and ``linalg.yield``/``linalg.index`` (``()``: a parent with ``LinalgOp``'s
interface, any linalg op with a region)."""

_ONE_REGION = frozenset({"func.func", "scf.for", "scf.forall", "scf.parallel", "scf.execute_region", "scf.reduce",
                         "tensor.generate", "tensor.pad", "builtin.module", "module"})  # fmt: skip
"""Ops with exactly one region (``linalg.yield`` words a parent of another count otherwise)."""
_TWO_REGIONS = frozenset({"scf.if", "scf.while"})
"""Ops with two regions, even where the custom form writes one (``scf.if`` without ``else``)."""


def parent_problem(name: str, parent: str) -> tuple[str, dict[str, object]] | None:
    """What the verifier of ``name`` says where ``parent`` holds it (code, arguments), or ``None``."""
    allowed = PARENTS.get(name)
    if allowed is None:
        return None
    if not allowed:  # linalg: LinalgOp's interface (every linalg op that has a region)
        if parent.startswith("linalg."):
            return None
        if name == "linalg.yield" and parent in _TWO_REGIONS:
            return "BC1791", {}
        if name == "linalg.yield" and parent not in _ONE_REGION:
            return None  # (a parent whose count of regions is not known here)
        return "BC1787", {}
    if parent in allowed:
        return None
    if len(allowed) == 1:
        return "BC1620", {"parent": allowed[0]}
    return "BC1621", {"parents": ", ".join(allowed)}
