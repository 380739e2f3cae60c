"""Stage *follow*: a region's statements by value name in; what its op's verifier compares out.

Most checks see types only. Two verifiers compare values themselves: ``vector.mask``'s wants its
``vector.yield`` to yield the results of the op it masks (``MaskOp::verify``), and
``scf.forall.in_parallel``'s wants each ``tensor.parallel_insert_slice`` to insert into an output
argument of the ``scf.forall`` around it (``InParallelOp::verify``). :func:`follow` keeps, for the
regions of :data:`~broadcheck.dialects.inner.SOURCES`, which op defines each value and what the last
statement uses (the region's summary says where what it yields comes from); :func:`destination`
judges an op of :data:`~broadcheck.dialects.inner.DESTINATIONS` against the open regions' argument
names.
"""

from __future__ import annotations

from broadcheck.dialects.inner import destination_problem
from broadcheck.engine.control import Found
from broadcheck.engine.findings import Findings
from broadcheck.engine.forms import RESULT, USE, Form
from broadcheck.engine.open_region import OpenRegion
from broadcheck.engine.scan import Text


def follow(region: OpenRegion, form: Form, names: list[str]) -> None:
    """A statement of a region whose values are followed: the values it defines (``%r`` or, for a
    pack ``%r:2``, ``%r#0`` and ``%r#1``) and the names it uses."""
    values = region.values
    assert values is not None
    ordinal = region.ops - 1
    statement = form.statement
    sizes = [r.size for r in statement.results] if statement is not None else []
    uses: list[str] = []
    group = index = 0
    for name, role in zip(names, form.roles, strict=False):
        if role == RESULT:
            size = sizes[group] if group < len(sizes) else 1
            if size == 1:
                values[name] = (ordinal, index)
            for k in range(size if size > 1 else 0):
                values[f"{name}#{k}"] = (ordinal, index + k)
            group, index = group + 1, index + size
        elif role == USE:
            uses.append(name)
    region.uses = tuple(uses)


def destination(
    findings: Findings, regions: list[OpenRegion], form: Form, names: list[str], line: int, text: Text | None
) -> None:
    """``InParallelOp::verify``: the op of ``form``, in the innermost of ``regions``, inserts into an
    output argument of the ``scf.forall`` around (by value name); reported at the op."""
    if len(regions) < 2:
        return
    outer = regions[-2]
    operands = [n for n, role in zip(names, form.roles, strict=False) if role == USE]
    code = destination_problem(form.name, operands, regions[-1].op, outer.op, outer.names, outer.results)
    if code is not None:
        where = findings.op_where(line, None, text)
        if where is not None:
            findings.control([Found(code, where, {}, op=form.name)])
