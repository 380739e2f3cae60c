"""What the C++ ``verify()`` of a few ``tfl`` ops adds to their declaration (``tfl_ops.cc``):
``tfl.scatter_nd``'s shapes against its indices and its constant ``shape``, ``tfl.bitcast``'s element
bit widths, and ``tfl.lstm``'s dimensions. Each runs after the steps of its declaration
(:mod:`broadcheck.dialects.tfl.traits`), in the order and words of its C++ source.

PASS::

    %0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>

FAIL::

    %0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<3x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
"""

from __future__ import annotations

import re

from broadcheck.dialects.common import compatible, constant_ints, element, rank, shape, static
from broadcheck.dialects.tfl.base import inferred
from broadcheck.ops import Operation
from broadcheck.semantics import Problem
from broadcheck.semantics.tf import quantized, storage


def scatter_nd(op: Operation) -> Problem | None:
    """``ScatterNdOp::verify``: with static indices and updates, their outer sizes; the length of
    ``shape`` and the output's rank; a constant ``shape``'s values against the updates and the output."""
    indices, updates, shape_t, output = (
        op.operands[0].type,
        op.operands[1].type,
        op.operands[2].type,
        op.results[0].type,
    )
    si, su = shape(indices), shape(updates)
    if not (static(indices) and static(updates)) or si is None or su is None:
        return None
    outer = len(si) - 1
    if outer < 0:
        return None  # a 0-d indices fails its rank predicate first
    outermost = si[outer]
    assert outermost is not None
    for i in range(outer):
        if i >= len(su) or si[i] != su[i]:
            if i >= len(su):
                return None  # C++ reads past the updates' shape: not modelled
            return Problem("BC1543", {"i": i, "a": si[i], "b": su[i]})
    output_rank = outermost + len(su) - outer
    ss = shape(shape_t)
    if static(shape_t) and ss is not None:
        if ss[0] != output_rank:
            return Problem("BC1544", {"n": output_rank})
        r = rank(output)
        if r is not None and r != output_rank:
            return Problem("BC1545", {"n": output_rank})
    values = constant_ints(op, 2)
    if values is None:
        return None
    if any(v <= 0 for v in values):
        return Problem("BC1546")
    for i, v in enumerate(values):
        if i >= outermost:
            corresponding = i - outermost + outer
            if corresponding >= len(su):
                return None  # C++ reads past the updates' shape: not modelled
            if v != su[corresponding]:
                return Problem("BC1547", {"i": i, "a": su[corresponding], "b": v})
    so = shape(output)
    if static(output) and so is not None:
        for i, v in enumerate(values):
            if i >= len(so):
                return None
            if so[i] != v:
                literal = op.constant(2)
                return Problem("BC1548", {"shape": ", ".join(str(d) for d in so), "value": literal})
    return None


_WIDTH = re.compile(r"^(?:[su]?i|f|bf)(\d+)$")
_FLOAT8 = re.compile(r"^f(?:4|6|8)E")


def bit_width(e: str) -> int | None:
    """``GetTypeBitWidth``: a quantized type's storage width, an integer's or float's width (at least
    8); ``None`` for any other type."""
    if quantized(e):
        m = _WIDTH.match(storage(e))
        return None if m is None else int(m.group(1))
    if e == "index":
        return None
    if e in ("tf32",):
        return 32
    if _FLOAT8.match(e):
        return 8
    m = _WIDTH.match(e)
    if m is None:
        return None
    return max(int(m.group(1)), 8)


def bitcast(op: Operation) -> Problem | None:
    """``BitcastOp::verify``: with a static input, the element bit widths divide one another, and a
    narrower input's last size divides by their ratio."""
    source, target = op.operands[0].type, op.results[0].type
    if not static(source):
        return None
    a, b = bit_width(element(source)), bit_width(element(target))
    if a is None or b is None:
        return Problem("BC1549")
    s = shape(source)
    assert s is not None
    if a < b:
        if b % a:
            return Problem("BC1550")
        last = s[-1] if s else None
        if last is None or last % (b // a):
            return Problem("BC1551")
    elif a > b and a % b:
        return Problem("BC1552")
    return None


def lstm(op: Operation) -> Problem | None:
    """``LSTMOp::verify``: with a static input, its rank; with static states and output weights, the
    dimensions they share; with layer norm coefficients, their shape."""
    types = [u.type for u in op.operands]
    source = types[0]
    if not static(source):
        return None
    s = shape(source)
    assert s is not None
    if len(s) < 2:
        return Problem("BC1553")
    activation, cell, in_out, rec_out = types[18], types[19], types[4], types[8]
    if not all(static(t) for t in (activation, cell, in_out, rec_out)):
        return None
    sa, sc, sio, sro = (shape(t) for t in (activation, cell, in_out, rec_out))
    assert sa is not None and sc is not None and sio is not None and sro is not None
    if len(sio) != 2 or len(sro) != 2:
        return Problem("BC1554")  # C++ reads their sizes before it compares their ranks: it fails either way
    n_input = s[-1]
    n_cell, n_output = sio[0], sro[1]
    n_batch = s[0] if len(s) == 2 else s[1]
    assert n_input is not None and n_cell is not None and n_output is not None and n_batch is not None
    if (
        _count(sa) != n_batch * n_output
        or _count(sc) != n_batch * n_cell
        or sio[1] != n_input
        or len(sro) != 2
        or sro[0] != n_cell
        or len(sio) != 2
    ):
        return Problem("BC1554")
    norm = types[21]
    if "".join(str(norm).split()) != "none":
        sn = shape(norm)
        if sn is None or len(sn) != 1 or sn[0] != n_cell:
            return Problem("BC1555")
    return None


def _count(s: tuple[int | None, ...]) -> int:
    n = 1
    for d in s:
        n *= d or 0
    return n


def sequence_lstm(op: Operation) -> Problem | None:
    """``UnidirectionalSequenceLSTMOp``'s type inference: a 3-D input and a 2-D output state give
    ``[batch, time, n_output]`` (``time_major``: ``[time, batch, ...]``), which the result's shape must
    fit (its element type is not compared); otherwise an unranked result of the input's element type."""
    source, state, result = op.operands[0].type, op.operands[18].type, op.results[0].type
    si, ss = shape(source), shape(state)
    if (si is not None and len(si) != 3) or (ss is not None and len(ss) != 2):
        return Problem("BC1556")
    if si is None or ss is None:
        return None
    major = op.attribute("time_major")
    time_major = major is not None and major.text.strip() == "true"
    batch, time = (si[1], si[0]) if time_major else (si[0], si[1])
    dims = (time, batch, ss[1]) if time_major else (batch, time, ss[1])
    if compatible(dims, shape(result)):
        return None
    text = "tensor<" + "".join(f"{'?' if d is None else d}x" for d in dims) + element(source) + ">"
    return inferred(op, [text], [result])
