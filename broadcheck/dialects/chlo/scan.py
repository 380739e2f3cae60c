"""``chlo.scan`` as iree-base-compiler 3.13 verifies it, and ``mhlo.scan`` as jaxlib 0.10.2 does (the
same steps after MHLO's ODS: ranked tensors; its inferred types compared with element types too)
(ChloOps.td, ``ScanOp::verify`` and ``ScanOp::inferReturnTypeComponents`` in ChloOps.cpp): its verifier
first (inputs or outputs, each input ranked and long enough in the scan dimension, of one size there, one
body argument per operand of the operand's type, an input's without the scan dimension), then the types
it infers from what its body returns (each output with the scan dimension put back), compared with its
results by shape only (CHLO).

The generic form's ``operandSegmentSizes`` and ``resultSegmentSizes`` tell inputs from inits; the custom
form ``chlo.scan (%x) inits (%c) dimension = 0 attributes {...} {...} : (T, U) -> (V, W)`` is read into the
same properties (:func:`read`).

PASS::

    %0:2 = "chlo.scan"(%x, %c) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>,
        resultSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):
      %2 = stablehlo.add %in, %carry : tensor<3xf32>
      stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
    }) : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
"""

from __future__ import annotations

import re

from broadcheck.dialects.op import Reading
from broadcheck.dialects.stablehlo.common import (
    TENSOR_AXIS,
    Reject,
    Unknown,
    checked,
    fail,
    is_mhlo,
    ods_operands,
    tensor,
)
from broadcheck.ops import Operation, ShapedType
from broadcheck.semantics import Problem
from broadcheck.semantics.stablehlo import Tensor, hlo_compatible
from broadcheck.syntax.statement import Attribute, Statement

_INTEGER = re.compile(r"\s*(\d+)\s*(?::\s*i64\s*)?")
_SEGMENTS = re.compile(r"\s*array<i32:\s*(\d+)\s*,\s*(\d+)\s*>\s*")


_DIMENSION = re.compile(r"dimension\s*=\s*(\d+)(?:\s+attributes)?")


def read(statement: Statement) -> Reading:
    """The custom form ``chlo.scan (%x) inits (%c) dimension = 0 attributes {...} {...} : (T, U) -> (V, W)``:
    the operands' and results' types from its function type, and the properties its parser makes
    (``dimension``, the operand segments from the two lists, the result segments: as many carries as inits)."""
    sig = statement.signature
    items = statement.items
    groups = [i for i in items if i.kind == "values" or (i.kind == "group" and not i.text.strip("() \t"))]
    clause = next((i for i in items if i.kind == "clause" and i.text.lstrip().startswith("dimension")), None)
    count = len(statement.operands)
    m = _DIMENSION.fullmatch(clause.text.strip()) if clause is not None else None
    unread = Reading([None] * count, [None] * statement.result_count)
    if sig is None or sig.kind != "function" or len(groups) != 2 or m is None or clause is None:
        return unread
    inputs, inits = groups[0].text.count("%"), groups[1].text.count("%")
    if inputs + inits != count or len(sig.inputs) != count or len(sig.outputs) < inits:
        return unread  # (the parser's own errors)
    at, end = clause.start, clause.end
    properties = (
        Attribute("dimension", f"{m.group(1)} : i64", at, end, True),
        Attribute("operandSegmentSizes", f"array<i32: {inputs}, {inits}>", at, end, True),
        Attribute("resultSegmentSizes", f"array<i32: {len(sig.outputs) - inits}, {inits}>", at, end, True),
    )
    return Reading(list(sig.inputs), list(sig.outputs), properties)


def _int(op: Operation, name: str) -> int | None:
    attr = next((a for a in op.attributes if a.name == name and a.property), None) or op.attribute(name)
    if attr is None:
        return None
    m = _INTEGER.fullmatch(attr.text)
    if m is None:
        raise Unknown(attr.text)
    return int(m.group(1))


def _segments(op: Operation, name: str) -> tuple[int, int] | None:
    attr = next((a for a in op.attributes if a.name == name and a.property), None)
    if attr is None:
        return None
    m = _SEGMENTS.fullmatch(attr.text)
    if m is None:
        raise Unknown(attr.text)
    return int(m.group(1)), int(m.group(2))


def _shape(t: Tensor) -> str:
    return str(t)


@checked
def scan(op: Operation) -> None:
    """``chlo.scan``, ``mhlo.scan``: ``ScanOp::verify``, then the inferred types against its results (CHLO:
    shapes only)."""
    if len(op.regions) != 1:
        raise Unknown("regions")
    mhlo = is_mhlo(op)
    if mhlo:  # (MHLO's ODS: variadic ranked tensors; its results' words are not read)
        ods_operands(op, [TENSOR_AXIS], variadic=0)
        if not all(isinstance(u.type, ShapedType) and u.type.shape is not None for u in op.results):
            raise Unknown("MHLO's result constraints")
    region = op.regions[0]
    dim = _int(op, "dimension")
    if dim is None:
        raise Unknown("no dimension")
    size = _int(op, "scan_dim_size")
    operands = _segments(op, "operandSegmentSizes")
    results = _segments(op, "resultSegmentSizes")
    if operands is None or results is None:
        raise Unknown("segment sizes")  # (a custom form not read)
    n_inputs, n_inits = operands
    n_outputs, n_carries = results
    if n_inputs + n_inits != len(op.operands) or n_outputs + n_carries != len(op.results):
        raise Unknown("segment sizes")
    if n_carries != n_inits:
        raise Unknown("carries and inits differ in number")  # (the parser's and the inference's)
    if n_inputs == 0 and n_outputs == 0:
        raise fail("BC1771")
    types = [u.type for u in op.operands]
    if not all(isinstance(t, ShapedType) and t.kind == "tensor" for t in types):
        raise Unknown("an operand other than a tensor")
    found = size
    for i, t in enumerate(types[:n_inputs]):
        assert isinstance(t, ShapedType)
        if t.shape is None:
            raise fail("BC1772", index=i)
        if dim >= len(t.shape):
            raise fail("BC1773", index=i)
        d = t.shape[dim]
        if d is None:
            continue
        if found is not None and found != d:
            raise fail("BC1774", index=i)
        found = d
    if len(region.arguments) != len(types):
        raise fail("BC1775", expected=len(types), count=len(region.arguments))
    for i, (t, argument) in enumerate(zip(types, region.arguments, strict=True)):
        assert isinstance(t, ShapedType)
        if t.shape is None:
            raise fail("BC1772", index=i)
        if not isinstance(argument, ShapedType) or argument.kind != "tensor":
            raise Unknown("a body argument other than a tensor")
        operand = tensor(t)
        if i < n_inputs:
            shape = list(t.shape)
            del shape[dim]
            operand = tensor(ShapedType("tensor", tuple(shape), t.element, t.encoding))
        if not hlo_compatible(operand, tensor(argument)):
            raise fail("BC1776", index=i)
    if not region.terminator:
        raise Unknown("its body's terminator")
    yields = region.yields
    if len(yields) < n_carries:
        raise fail("BC1777", count=n_carries)
    outputs = len(yields) - n_carries
    scan_size = size
    if scan_size is None:
        for t in types[:n_inputs]:
            assert isinstance(t, ShapedType) and t.shape is not None
            if scan_size is None:
                scan_size = t.shape[dim]
    inferred: list[Tensor] = []
    for i, y in enumerate(yields):
        if not isinstance(y, ShapedType) or y.kind != "tensor" or y.shape is None or y.encoding:
            raise Unknown("a body result other than a ranked tensor")
        shape = list(y.shape)
        if i < outputs:
            if dim > len(shape):
                raise Unknown("the scan dimension past an output's rank")
            shape.insert(dim, scan_size)
        inferred.append(tensor(ShapedType("tensor", tuple(shape), y.element)))
    actual = []
    for u in op.results:
        if not isinstance(u.type, ShapedType) or u.type.kind != "tensor":
            raise Unknown("a result other than a tensor")
        actual.append(tensor(u.type))
    same = hlo_compatible if mhlo else _shapes  # (MHLO compares element types too)
    if len(inferred) == len(actual) and all(same(a, b) for a, b in zip(inferred, actual, strict=True)):
        return
    args = {"inferred": "', '".join(_shape(t) for t in inferred), "actual": "', '".join(str(t) for t in actual)}
    raise Reject(Problem("BC521", args))


def _shapes(a: Tensor, b: Tensor) -> bool:
    """``verifyCompatibleShape``: equal ranks (or one unranked), sizes equal where both are static."""
    if a.shape is None or b.shape is None:
        return True
    return len(a.shape) == len(b.shape) and all(
        x is None or y is None or x == y for x, y in zip(a.shape, b.shape, strict=True)
    )
