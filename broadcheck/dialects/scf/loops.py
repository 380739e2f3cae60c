"""SCF's loops: ``scf.for`` and ``scf.while``, in the order iree-base-compiler 3.13 verifies them.

MLIR verifies an op in two phases: on entry its traits, its ODS constraints and its ``verify()``;
after the ops in its regions, its region traits (``SingleBlockImplicitTerminator``,
``LoopLikeOpInterface``, ``RegionBranchOpInterface``'s edges) and its ``verifyRegions()``. Each
check below follows that order (probed with iree-opt: ``tests/oracle/test_scf_campaign.py``).

PASS::

    %r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (f32) { scf.yield %x : f32 }

FAIL (``along control flow edge from Operation scf.yield to Region #0: ...``)::

    %r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (f32) { scf.yield %n : i32 }
"""

from __future__ import annotations

import re

from broadcheck.dialects.scf.common import (
    Unknown,
    checked,
    constraint,
    edge,
    fail,
    full_name,
    implicit_terminator,
    implied,
    is_index,
    key,
    known,
    misplaced,
    operand_types,
    result_types,
    signless_or_index,
    terminated,
    text,
    unknown,
)
from broadcheck.dialects.shaped import split_top
from broadcheck.dialects.terminators import is_terminator
from broadcheck.ops import OpaqueType, Operation, Region
from broadcheck.syntax.attributes import ints

__all__ = ["for_", "forall", "in_parallel", "parallel", "reduce", "while_"]


@checked
def for_(op: Operation) -> None:
    """``scf.for``: ``OneRegion``, ``AtLeastNOperands<3>``, its bounds' ODS type and
    ``AllTypesMatch``, ``ForOp::verify``; then its terminator, ``LoopLikeOpInterface``'s counts
    and induction variable, the edges (parent to the body, to the results; the yield to the body, to the results)
    and ``ForOp::verifyRegions`` (the induction variable has the bounds' type)."""
    if len(op.regions) != 1:
        raise fail("BC912")
    types = operand_types(op)
    if len(types) < 3:
        raise fail("BC623", expected=3, count=len(types))
    if op.regions[0].blocks > 1:
        raise fail("BC1785", index=0)  # SingleBlock
    for i, t in enumerate(known(types[:3])):
        if not signless_or_index(t):
            raise constraint(i, "signless integer or index", t)
    if len({key(t) for t in types[:3]}) != 1:
        raise fail("BC1068", names="lowerBound, upperBound, step")
    region = terminated(implied(op, op.regions[0], "scf.yield"))
    arguments = known(region.arguments)
    if not arguments:
        raise fail("BC915", expected=1, count=0)
    inits, results = known(types[3:]), known(result_types(op))
    if len(inits) != len(results):
        raise fail("BC916")
    # the region phase
    implicit_terminator(op, region, "scf.yield")
    iter_args, yields = arguments[1:], known(region.yields)
    if len(inits) != len(iter_args):
        raise fail("BC917", inits=len(inits), iter=len(iter_args))
    if yields and len(iter_args) != len(yields):
        raise fail("BC041", iter=len(iter_args), yielded=len(yields))
    induction = arguments[0]
    if not signless_or_index(induction):
        raise fail("BC918", index=0, type=text(induction))
    edge("parent", "Region #0", inits, iter_args, op.name_span)  # (the body is the parent's first successor)
    edge("parent", "Operation scf.for", inits, results, op.name_span)
    edge("Operation scf.yield", "Region #0", yields, iter_args, region.at)
    edge("Operation scf.yield", "Operation scf.for", yields, results, region.at)
    if key(induction) != key(types[0]):
        raise fail("BC919")


@checked
def while_(op: Operation) -> None:
    """``scf.while``: two regions, ``WhileOp::verify`` (the 'before' region ends with
    ``scf.condition``, the 'after' region with ``scf.yield``), then the edges: the operands to
    the 'before' region, the condition's values to the results and to the 'after' region, the
    yield to the 'before' region."""
    if len(op.regions) != 2:
        raise fail("BC1118", count=2)
    # (SingleBlock and SizedRegion<1>: dialects.region_shapes, before this check)
    before, after = (terminated(r) for r in op.regions)
    for region, name, expected in ((before, "before", "scf.condition"), (after, "after", "scf.yield")):
        if region.terminator != expected:
            raise fail("BC1601", ("mlir-terminator-here", region.at), region=name, expected=expected)
    operands, results = known(operand_types(op)), known(result_types(op))
    # the custom form's parser gives the 'before' block the operands' types
    before_args = known(before.arguments) if op.generic else operands
    edge("parent", "Region #0", operands, before_args, op.name_span)
    condition = known(before.yields)
    if not condition:
        raise Unknown("a condition without its flag")
    passed = condition[1:]
    edge("Operation scf.condition", "Operation scf.while", passed, results, before.at)
    edge("Operation scf.condition", "Region #1", passed, known(after.arguments), before.at)
    edge("Operation scf.yield", "Region #0", known(after.yields), before_args, after.at)


def _step(literal: str | None) -> int | None:
    """The integer a constant's literal holds (``0 : index``), if it is one."""
    if literal is None:
        return None
    head = literal.partition(":")[0].strip()
    try:
        return int(head)
    except ValueError:
        return None


@checked
def parallel(op: Operation) -> None:
    """``scf.parallel``: its bounds are ``index`` (ODS), ``ParallelOp::verify``: at least one of
    each, no constant step below 1, an ``index`` induction variable per bound, a body that ends
    with ``scf.reduce`` reducing one value per result, each of its result's type (reported at
    the ``scf.reduce``)."""
    segments = op.attribute("operandSegmentSizes")
    sizes = ints(segments.text) if segments is not None else None
    types = known(operand_types(op))
    if sizes is None or len(sizes) != 4 or sum(sizes) != len(types) or len(op.regions) != 1:
        raise Unknown("operand segments")
    for i, t in enumerate(types[: sum(sizes[:3])]):
        if not is_index(t):
            raise constraint(i, "variadic of index", t)
    count = sizes[2]
    if count == 0:
        raise fail("BC1608")
    first_step = sizes[0] + sizes[1]
    for i in range(first_step, first_step + count):
        value = _step(op.constant(i))
        if value is not None and value <= 0:
            raise fail("BC1622")
    body = op.regions[0]
    if not op.generic and (not body.terminator or is_terminator(body.terminator) is False):
        # its parser ends a body that does not end in a terminator with `scf.reduce`
        body = Region(body.arguments, "scf.reduce", (), op.name_span)
    elif not op.generic and body.terminator != "scf.reduce" and is_terminator(body.terminator) is None:
        raise Unknown("a custom form's body ending in an op not known (`memref.store`: scf.reduce is implied)")
    body = terminated(body)
    # the custom form's parser makes an ``index`` of each induction variable
    arguments = known(body.arguments) if op.generic else [OpaqueType("index")] * count
    if len(arguments) != count:
        raise fail("BC1609", ivs=len(arguments), bounds=count)
    if any(not is_index(t) for t in arguments):
        raise fail("BC1610")
    if body.terminator != "scf.reduce":
        raise fail("BC1613", ("mlir-terminator-here", body.at))
    results, reduced = known(result_types(op)), known(body.yields)
    if len(results) != len(reduced):
        raise fail("BC1611", results=len(results), what="reductions", count=len(reduced))
    if len(results) != sizes[3]:
        raise fail("BC1611", results=len(results), what="initial values", count=sizes[3])
    for i, (result, operand) in enumerate(zip(results, reduced, strict=True)):
        if key(result) != key(operand):
            raise fail("BC1612", span=body.at, index=i, operand=text(operand), result=text(result))


@checked
def reduce(op: Operation) -> None:
    """``scf.reduce``: each reduction region's ``scf.reduce.return`` has its first argument's type
    (``ReduceReturnOp::verify``, reported there, a verifier of an op inside it, so first); then
    ``ReduceOp::verifyRegions``: each region takes two arguments of its operand's type and ends
    with ``scf.reduce.return``."""
    types = known(operand_types(op))
    if len(op.regions) != len(types):
        raise Unknown("regions")
    if any(region.blocks == 1 and not region.ops for region in op.regions):
        raise fail("BC1790")  # (the verifier's, on the blocks of each region, before the ops in them)
    if any(misplaced(region, "scf.reduce") for region in op.regions):
        raise Unknown("an op in its regions fails first")
    for region in op.regions:
        if region.terminator == "scf.reduce.return" and region.arguments and len(region.yields) == 1:
            expected, given = region.arguments[0], region.yields[0]
            if not unknown(expected) and not unknown(given) and key(expected) != key(given):
                raise fail("BC1616", span=region.at, type=text(expected))
    for index, (t, region) in enumerate(zip(types, op.regions, strict=True)):
        region = terminated(region)
        arguments = known(region.arguments)
        if len(arguments) != 2 or any(key(a) != key(t) for a in arguments):
            raise fail("BC1614", type=text(t), index=index)
        if region.terminator != "scf.reduce.return":
            raise fail("BC1615")


@checked
def forall(op: Operation) -> None:
    """``scf.forall``: ``ForallOp::verify`` (its generic form: the custom form's parser builds the
    block from the induction variables and the shared outputs): a result per output, a block argument
    per loop and per output, the loops' ``index``, each output's type, its mapping; then its region
    trait, the implied terminator (the custom form: only after a terminator of another op)."""
    if op.generic is False and len(op.regions) == 1:
        # the custom form's parser builds the block: an argument per loop, then per output
        _mapping(op, len(op.regions[0].arguments) - len(op.results))
        body = op.regions[0]
        ended = full_name(body.terminator) if body.terminator else ""
        if body.blocks == 1 and ended and ended != "scf.forall.in_parallel" and is_terminator(ended):
            # its parser adds `scf.forall.in_parallel` only after a last op that is no terminator
            _own_parent_first(body)
            raise fail("BC913", ("mlir-implied-terminator", op.name_span), expected="scf.forall.in_parallel",
                       found=ended)  # fmt: skip
    if op.generic is False or len(op.regions) != 1:
        raise Unknown("the custom form")
    segments = op.attribute("operandSegmentSizes")
    sizes = ints(segments.text) if segments is not None else None
    bounds = op.attribute("staticUpperBound")
    loops = ints(bounds.text) if bounds is not None else None
    types = known(operand_types(op))
    if sizes is None or len(sizes) != 4 or sum(sizes) != len(types) or loops is None:
        raise Unknown("operand segments")
    region = terminated(op.regions[0])
    outputs, results = types[sum(sizes[:3]) :], known(result_types(op))
    if len(results) != len(outputs):
        raise Unknown("results")
    arguments = known(region.arguments)
    rank = len(loops)
    if len(arguments) != rank + len(outputs):
        raise fail("BC1617", count=rank)
    for i in range(rank):
        if not is_index(arguments[i]):
            raise fail("BC1618", index=i)
    for i, output in enumerate(outputs):
        if key(arguments[rank + i]) != key(output):
            raise fail("BC1619", index=i)
    _mapping(op, rank)
    if region.terminator != "scf.forall.in_parallel":  # (a region trait: after the ops in it, and verify())
        _own_parent_first(region)
        raise fail("BC913", ("mlir-implied-terminator", op.name_span), expected="scf.forall.in_parallel",
                   found=region.terminator)  # fmt: skip


def _own_parent_first(region: Region) -> None:
    """Unknown where the op that ends ``region`` has a parent rule of its own (``HasParent``:
    ``func.return``, ``scf.yield``): its verifier, run before ``scf.forall``'s region traits, fails first."""
    from broadcheck.dialects import ods

    found = ods.traits(full_name(region.terminator)) or ()
    if misplaced(region, "scf.forall") or any(t.startswith("HasParent=") for t in found):
        raise Unknown("its terminator's own verifier fails first")


_DEVICE = re.compile(r"#gpu\.(?:block|thread|warp|warpgroup|lane)<[^<>]*>")
"""GPU's device mapping attributes (not its masking ones, which the count leaves out)."""
_MASK = re.compile(r"#gpu\.mask<[^<>]*>")
"""GPU's device masking attribute (``DeviceMaskingAttrInterface``)."""


def _mapping(op: Operation, rank: int) -> None:
    """``ForallOp::verify``'s ``mapping``: as many device mapping attributes as loops, then at most
    one device masking attribute (judged only where every entry is one of GPU's block, thread,
    warp, warpgroup, lane or mask attributes)."""
    attr = op.attribute("mapping")
    text = attr.text.strip() if attr is not None else ""
    if not (text.startswith("[") and text.endswith("]")):
        return
    entries = [e.strip() for e in split_top(text[1:-1])]
    masks = sum(1 for e in entries if _MASK.fullmatch(e))
    if not entries or not all(_DEVICE.fullmatch(e) or _MASK.fullmatch(e) for e in entries):
        return
    if len(entries) - masks != rank:
        raise fail("BC1796")
    if masks > 1:
        raise fail("BC1810")


_COMBINING = frozenset({"tensor.parallel_insert_slice"})
"""The ops of the dialects broadcheck reads that implement ``ParallelCombiningOpInterface``."""


@checked
def in_parallel(op: Operation) -> None:
    """``scf.forall.in_parallel``: ``InParallelOp::verify``, every op of its region a parallel
    combining op (judged on its last op, where its ODS table is known)."""
    from broadcheck.dialects import ods

    for region in op.regions:
        last = region.terminator
        if last and last not in _COMBINING and ods.traits(last) is not None:
            raise fail("BC1797")
