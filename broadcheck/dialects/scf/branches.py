"""SCF's branches: ``scf.if``, ``scf.execute_region`` and ``scf.index_switch``, in the order
iree-base-compiler 3.13 verifies them (entry: traits, ODS, ``verify()``; then, after the ops in
their regions, the terminator trait and ``RegionBranchOpInterface``'s edges).

PASS::

    %r = scf.if %c -> (f32) { scf.yield %a : f32 } else { scf.yield %b : f32 }

FAIL (``must have an else block if defining values``)::

    %r = scf.if %c -> (f32) { scf.yield %a : f32 }
"""

from __future__ import annotations

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
    no_arguments,
    operand_types,
    result_types,
    terminated,
    text,
)
from broadcheck.ops import Operation, Region
from broadcheck.syntax.attributes import ints

__all__ = ["execute_region", "if_", "index_switch"]


def _empty(region: Region) -> bool:
    """A region with no block (or, not told apart, a block with no op and no argument)."""
    return not region.terminator and not region.arguments


@checked
def if_(op: Operation) -> None:
    """``scf.if``: two regions (the custom form may leave out the else region), one operand,
    ``NoRegionArguments``, an ``i1`` condition, ``IfOp::verify`` (an else region where it has
    results); then each region's terminator and its yield to the results."""
    regions = tuple(implied(op, region, "scf.yield") for region in op.regions)
    if len(regions) != 2 and (op.generic or len(regions) != 1):
        raise fail("BC1118", count=2)
    if len(op.operands) != 1:
        raise fail("BC1602")
    no_arguments(op)
    condition = known(operand_types(op))[0]
    if key(condition) != "i1":
        raise constraint(0, "1-bit signless integer", condition)
    then = terminated(regions[0])
    other = regions[1] if len(regions) == 2 and not _empty(regions[1]) else None
    results = known(result_types(op))
    if results and other is None:
        raise fail("BC040")
    branches = (then,) if other is None else (then, other)
    for region in branches:
        implicit_terminator(op, region, "scf.yield")
    for region in branches:
        edge("Operation scf.yield", "Operation scf.if", known(region.yields), results, region.at)


@checked
def execute_region(op: Operation) -> None:
    """``scf.execute_region``: its region takes no argument (``ExecuteRegionOp::verify``); a
    ``scf.yield`` that ends it passes the results' types (its region may end in another
    terminator, or branch to more blocks: broadcheck sees the last op of its text only)."""
    if len(op.regions) != 1:
        raise Unknown("regions")
    region = op.regions[0]
    if region.arguments:
        raise fail("BC1600")
    if region.terminator == "scf.yield":
        edge(
            "Operation scf.yield", "Operation scf.execute_region", known(region.yields), known(result_types(op)),
            region.at,
        )  # fmt: skip


def _cases(op: Operation) -> tuple[int, ...]:
    attr = op.attribute("cases")
    values = ints(attr.text) if attr is not None else None
    if values is None:
        raise Unknown("cases")
    return tuple(values)


@checked
def index_switch(op: Operation) -> None:
    """``scf.index_switch``: an ``index`` operand; ``IndexSwitchOp::verify``: as many case values as
    case regions, no value twice, then the default region and each case region in turn end with a
    ``scf.yield`` of the results' types (its note at that yield). The custom form writes the
    default region last; it is region #0."""
    if len(op.operands) != 1 or not op.regions:
        raise Unknown("operands")
    selector = known(operand_types(op))[0]
    if not is_index(selector):
        raise constraint(0, "index", selector)
    if op.generic:
        default, cases = op.regions[0], op.regions[1:]
    else:
        default, cases = op.regions[-1], op.regions[:-1]
    values = _cases(op)
    if len(values) != len(cases):
        raise fail("BC1603", regions=len(cases), values=len(values))
    seen: set[int] = set()
    for value in values:
        if value in seen:
            raise fail("BC1604", value=value)
        seen.add(value)
    results = known(result_types(op))
    for region, name in ((default, "default region"), *((c, f"case region #{i}") for i, c in enumerate(cases))):
        region = terminated(region)
        if region.terminator != "scf.yield":
            if not op.generic:
                raise Unknown("a custom form's implicit terminator")
            raise fail("BC1605", found=full_name(region.terminator))
        yields = known(region.yields)
        if len(yields) != len(results):
            note = ("mlir-see-yield", region.at)
            raise fail("BC1606", note, count=len(results), region=name, yielded=len(yields))
        for index, (result, given) in enumerate(zip(results, yields, strict=True)):
            if key(result) != key(given):
                note = ("mlir-region-returns", region.at)
                raise fail("BC1607", note, index=index, type=text(result), region=name, found=text(given))
