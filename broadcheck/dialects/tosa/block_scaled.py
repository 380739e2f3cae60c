"""TOSA's block-scaled (micro-scaling) ops and ``tosa.row_gather``, as the TOSA dialect of
iree-base-compiler 3.13 verifies them: ``tosa.cast_to_block_scaled``, ``tosa.matmul_t_block_scaled``,
``tosa.row_gather`` (which gathers sizes as ``matmul_t_block_scaled`` does). Their rules and words were read
off iree-opt 3.13 (its LLVM's ``TosaOps.cpp`` is newer than the copies the search index holds) and are held
to it by ``tests/oracle/test_tosa_newer.py``.

``block_size`` is written ``block_size<BLOCK_SIZE_32>`` in iree 3.13's custom form and
``{block_size = #tosa.block_size<BLOCK_SIZE_32> : i32}`` in newer LLVM's; both are read.
"""

from __future__ import annotations

import re
from math import prod

from broadcheck.dialects.common import constant_ints
from broadcheck.dialects.tosa.structural import (
    ANY,
    INDICES,
    SHAPE,
    Check,
    Rank,
    _count,
    _dims,
    _e,
    _same_elements,
    _shape,
    _shape_rank,
    _types,
    shape_values,
)
from broadcheck.dialects.tosa.structural import RULES as STRUCTURAL_RULES
from broadcheck.dialects.tosa.structural import declared as structural_declared
from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.tosa import Constraint, Element, conforms, type_text

MX_DATA = frozenset("f8E4M3FN f8E5M2 f6E2M3FN f6E3M2FN f4E2M1FN !tosa.mxint8".split())
"""The element types of ``Tosa_MXFPDataTensor`` ("micro-scaling format number values")."""


def _mx(e: Element) -> bool:
    return e.text in MX_DATA


def _scale(e: Element) -> bool:
    return e.text == "f8E8M0FNU"


MX_TENSOR = Rank("tosa-conformant tensor of at least rank 1 of micro-scaling format number values", _mx, least=1)
SCALE_TENSOR = Rank(
    "tosa-conformant tensor of at least rank 1 of micro-scaling format scale number values", _scale, least=1
)

LISTED_INPUT = Rank(f"variadic of {ANY.summary}")

_BLOCK = re.compile(r"BLOCK_SIZE_(\d+)")


def block_size(op: Operation) -> int | None:
    """The ``block_size`` property's value (``BLOCK_SIZE_32`` -> 32), in either form; ``None`` if unread."""
    attr = op.attribute("block_size")
    m = _BLOCK.search(attr.text) if attr is not None else None
    return int(m.group(1)) if m else None


def _compatible(a: tuple[int | None, ...], b: tuple[int | None, ...]) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True))


def check_cast_to_block_scaled(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.cast_to_block_scaled``: the ODS types, then ``verify()``: input and output data of
    compatible shapes, a block size of 32, the input's last dimension a multiple of it, data and scale alike
    but for the last dimension, the scale's last dimension the data's / block size."""
    problem = _count(op, 1, 2) or _types(op, *declared(op.name))
    if problem:
        return problem
    block = block_size(op)
    if block is None:
        return None
    x, data, scale = op.operands[0].type, op.results[0].type, op.results[1].type
    sx, sd, ss = _shape(x), _shape(data), _shape(scale)
    if sx is not None and sd is not None and not _compatible(sx, sd):
        return Problem("BC1501", {"a": type_text(x), "b": type_text(data)}, Subject("result", 0))
    if block != 32:
        return Problem("BC1502", {"got": block})
    if sx is not None and sx[-1] is not None and sx[-1] % block:
        return Problem("BC1504", {"size": sx[-1], "block": block}, Subject("operand", 0))
    if sd is not None and ss is not None and not _compatible(sd[:-1], ss[:-1]):
        return Problem("BC1503", {"a": type_text(data), "b": type_text(scale)}, Subject("result", 1))
    if sd is not None and ss is not None and sd[-1] is not None and ss[-1] is not None and ss[-1] != sd[-1] // block:
        return Problem("BC1505", {"got": ss[-1], "expected": sd[-1] // block}, Subject("result", 1))
    return None


def check_cast_from_block_scaled(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.cast_from_block_scaled``: the ODS types, then ``verify()``: input and output data of compatible
    shapes, a block size of 32, the input's last dimension a multiple of it, data and scale alike but for the
    last dimension, the scale's last dimension the data's / block size (``cast_to_block_scaled``'s checks, run
    the other way)."""
    problem = _count(op, 2) or _types(op, *declared(op.name))
    if problem:
        return problem
    block = block_size(op)
    if block is None:
        return None
    data, scale, out = op.operands[0].type, op.operands[1].type, op.results[0].type
    sd, ss, so = _shape(data), _shape(scale), _shape(out)
    if sd is None:
        return None  # (its verifier checks nothing more, not even the block size, on unranked data)
    if so is not None and not _compatible(sd, so):
        return Problem("BC1501", {"a": type_text(data), "b": type_text(out)}, Subject("result", 0))
    if block != 32:
        return Problem("BC1502", {"got": block})
    if sd[-1] is not None and sd[-1] % block:
        return Problem("BC1504", {"size": sd[-1], "block": block}, Subject("operand", 0))
    if ss is not None and not _compatible(sd[:-1], ss[:-1]):
        return Problem("BC1539", {"a": type_text(data), "b": type_text(scale)}, Subject("operand", 1))
    if ss is not None and sd[-1] is not None and ss[-1] is not None and ss[-1] != sd[-1] // block:
        return Problem("BC1633", {"got": ss[-1], "expected": sd[-1] // block}, Subject("operand", 1))
    return None


def _reshape(new: list[int], out: tuple[int | None, ...], what: tuple[str, str]) -> Problem | None:
    """A result against the new shape: its rank (``what[0]``), then each static size (``what[1]``)."""
    if len(new) != len(out):
        return Problem(what[0], subject=Subject("result", 0 if what[0] == "BC1641" else 1))
    if any(d is not None and d != v for d, v in zip(out, new, strict=True)):
        return Problem(what[1], subject=Subject("result", 0 if what[1] == "BC1642" else 1))
    return None


def check_reshape_block_scaled(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.reshape_block_scaled``: its verifier (:func:`_verify_reshape_block_scaled`), then the check of
    the types it infers (each of its input's element type: unranked data too)."""
    problem = _verify_reshape_block_scaled(op)
    if problem is not None or len(op.operands) < 2 or len(op.results) != len(op.operands) - 1:
        return problem
    new, block = shape_values(op.constant(len(op.operands) - 1)), block_size(op)
    if new is None or block is None:
        return None
    return _inferred_types(op, new, block)


def _verify_reshape_block_scaled(op: Operation) -> Problem | None:
    """``tosa.reshape_block_scaled`` (data, an optional scale, a ``tosa.const_shape``): the ODS types, the
    counts, the element types, the block size (1 without a scale, 32 with one); on ranked data, the scale
    against the data (rank, sizes but the last, the data's last size a multiple of the block size, the scale's
    last the data's / block size), the new shape's last size a multiple of it; on a ranked result, the
    result against the new shape (rank, static sizes), then the result scale against the new
    shape with its last size / block size (rank, static sizes), then the element count. Read off iree-opt
    3.13 (its LLVM's source is newer than the copies the search index holds) and held to it by
    ``tests/oracle/test_tosa_control.py``."""
    data_count = len(op.operands) - 1
    inputs = [LISTED_INPUT] * data_count
    problem = _types(op, [*inputs, SHAPE] if data_count >= 0 else [], [LISTED_INPUT] * len(op.results))
    if problem or data_count < 1:
        return problem
    if data_count > 2:
        return Problem("BC1634")
    if len(op.results) != data_count:
        return Problem("BC1635")
    sd = _shape(op.operands[0].type)
    for i in range(data_count):
        if i == 1 and sd is None:
            return None  # (on unranked data its verifier checks nothing more, not even the scale's element type)
        problem = _same_elements(op.operands[i].type, op.results[i].type, ("input", "output"), Subject("result", i))
        if problem:
            return problem
        # (block-scaled: a new shape of rank 0 on any data, then, on ranked data, no input, then no result, of
        # rank 0, before the scale's element type; found by tests/oracle/test_tosa_constraints.py, seed 14)
        if i == 0 and data_count == 2 and _shape_rank(op.operands[2].type) == 0:
            return Problem("BC1735")
        if i == 0 and data_count == 2 and sd is not None:
            given = [sd, _shape(op.operands[1].type)]
            if any(r is not None and len(r) == 0 for r in given):
                return Problem("BC1809", {"what": "input"})
            if any(r is not None and len(r) == 0 for r in (_shape(u.type) for u in op.results)):
                return Problem("BC1809", {"what": "result"})
    block = block_size(op)
    if block is None or sd is None:
        return None  # (on unranked data its verifier checks nothing more, not even the block size)
    scaled = data_count == 2
    if scaled and block != 32:
        return Problem("BC1502", {"got": block})
    if not scaled and block != 1:
        return Problem("BC1636", {"got": block})
    new = shape_values(op.constant(data_count))
    if scaled:
        ss = _shape(op.operands[1].type)
        if ss is not None:
            if len(ss) != len(sd):
                return Problem("BC1637", subject=Subject("operand", 1))
            for i, (a, b) in enumerate(zip(sd[:-1], ss[:-1], strict=True)):
                if a is not None and b is not None and a != b:
                    return Problem("BC1638", {"dim": i}, Subject("operand", 1))
            last = sd[-1]
            if last is not None and last % block:
                return Problem("BC1504", {"size": last, "block": block}, Subject("operand", 0))
            if last is not None and ss[-1] is not None and ss[-1] != last // block:
                return Problem("BC1639", {"got": ss[-1], "size": last, "block": block}, Subject("operand", 1))
        if new is not None and new and new[-1] % block:
            return Problem("BC1640", {"size": new[-1], "block": block})
    so = _shape(op.results[0].type)
    if new is None or so is None:
        return None
    problem = _reshape(new, so, ("BC1641", "BC1642"))
    if problem:
        return problem
    if scaled:
        sso = _shape(op.results[1].type)
        if sso is not None and new:
            problem = _reshape([*new[:-1], new[-1] // block], sso, ("BC1643", "BC1644"))
            if problem:
                return problem
    if None not in sd and all(v > 0 for v in new):  # (after the result scale's checks)
        count, new_count = prod(d for d in sd if d is not None), prod(new)
        if count != new_count:
            return Problem("BC258", {"a": count, "b": new_count}, Subject("result", 0))
    return None


def _inferred_types(op: Operation, new: list[int], block: int) -> Problem | None:
    """``InferTypeOpInterface``'s check, after ``verify()``: each result's element type against its input's
    (which ``verifySameElementTypes`` passes over for ``!tosa.mxint8``); the message gives the inferred types,
    the new shape's (the scale's: its last size / block size)."""
    if not new:
        return None
    last = abs(new[-1]) // block * (1 if new[-1] >= 0 else -1)  # (C++'s division; a -1 stays as written)
    shapes = [tuple(new), (*new[:-1], last)][: len(op.results)]
    elements = [_e(op.operands[i].type) for i in range(len(op.results))]
    if any(not e.known for e in elements):
        return None
    inferred = [ShapedType("tensor", s, e.text) for s, e in zip(shapes, elements, strict=True)]
    # (its compatibility check compares the element types only: a size or rank the new shape contradicts passes)
    if all(e.text == _e(r.type).text or not _e(r.type).known for e, r in zip(elements, op.results, strict=True)):
        return None
    inferred_ = [type_text(t) for t in inferred]
    actual = [type_text(r.type) for r in op.results]
    args = {"inferred": "', '".join(inferred_), "actual": "', '".join(actual)}
    return Problem("BC255", args, Subject("result", 0))


MX3 = Rank("3D tosa-conformant tensor of micro-scaling format number values", _mx, rank=3)
SCALE3 = Rank("3D tosa-conformant tensor of micro-scaling format scale number values", _scale, rank=3)


class _Mismatch(Exception):
    """A size that contradicts one already known (``tryUpdateDimOrFailure``)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__()
        self.problem = problem


def _update(known: int | None, new: int | None, operand: str, dim: str, index: int) -> int | None:
    """The size known so far, or ``new`` if none is; a known size that ``new`` contradicts fails."""
    if known is None:
        return new
    if new is not None and new != known:
        args = {"dim": dim, "operand": operand, "size": known, "got": new}
        raise _Mismatch(Problem("BC1506", args, Subject("operand", index)))
    return known


def check_matmul_t_block_scaled(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.matmul_t_block_scaled``: the ODS types, A_data's and B_data's element types, then N, H, C,
    D, W and C/block_size gathered from the four operands in order, B's batch against A's, the block size,
    C against it, the scales' last dimension, and the result against [N, H, W]."""
    problem = _count(op, 4) or _types(op, *declared(op.name))
    if problem:
        return problem
    a, a_scale, b, b_scale = (u.type for u in op.operands)
    problem = _same_elements(a, b, ("A_data", "B_data"), Subject("operand", 2))
    if problem:
        return problem
    block = block_size(op)
    if block is None:
        return None
    n = h = c = d = w = multiple = None
    sa, ssa, sb, ssb = _shape(a), _shape(a_scale), _shape(b), _shape(b_scale)
    try:
        if sa is not None:
            n, h, c = sa
        if ssa is not None:
            n = _update(n, ssa[0], "a_scale", "batch", 1)
            h = _update(h, ssa[1], "a_scale", "height", 1)
            multiple = ssa[2]
        if sb is not None:
            d = _update(d, sb[0], "b_data", "batch", 2)
            c = _update(c, sb[2], "b_data", "channels", 2)
            w = sb[1]
        if ssb is not None:
            d = _update(d, ssb[0], "b_scale", "batch", 3)
            w = _update(w, ssb[1], "b_scale", "width", 3)
            multiple = _update(multiple, ssb[2], "b_scale", "C/block_size", 3)
    except _Mismatch as mismatch:
        return mismatch.problem
    if n is not None and d is not None and n != d and d != 1:
        return Problem("BC1507", {"d": d, "n": n}, Subject("operand", 2))
    if block != 32:
        return Problem("BC1502", {"got": block})
    if c is not None and c % block:
        return Problem("BC1508", {"c": c, "block": block})
    if c is not None and multiple is not None and multiple != c // block:
        return Problem("BC1509", {"c": c, "block": block, "got": multiple})
    so = _shape(op.results[0].type)
    expected = (d if n is None else n, h, w)
    if so is not None and not _compatible(so, expected):
        args = {"actual": _dims(so), "expected": _dims(expected)}
        return Problem("BC1510", args, Subject("result", 0))
    return None


# ---------------------------------------------------------------- row_gather


class _ScalarI32:
    summary = "tosa-conformant scalar tensor of 32-bit signless integer values"
    base = Constraint(summary, lambda e: e.text == "i32", "scalar")

    def __call__(self, t: Type) -> bool:
        return conforms(t, self.base)


SCALAR_I32 = _ScalarI32()


def check_row_gather(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.row_gather``: values [N, K, C], indices [N, W], a row_count R > 0 -> [N, W * R, C]; the
    ODS types, the element types, R (when a constant), then N and C gathered from the operands in order,
    then the output's rows."""
    problem = _count(op, 3) or _types(op, *declared(op.name))
    if problem:
        return problem
    values, indices, out = op.operands[0].type, op.operands[1].type, op.results[0].type
    problem = _same_elements(values, out, ("input", "output"), Subject("result", 0))
    if problem:
        return problem
    counted = constant_ints(op, 2)
    rows = counted[0] if counted and len(counted) == 1 else None
    if rows is not None and rows <= 0:
        return Problem("BC1518", {"value": rows}, Subject("operand", 2))
    sv, si, so = _shape(values), _shape(indices), _shape(out)
    n = c = w = None
    try:
        if sv is not None:
            n, c = sv[0], sv[2]
        if si is not None:
            n = _update(n, si[0], "indices", "batch", 1)
            w = si[1]
        if so is not None:
            n = _update(n, so[0], "output", "batch", 0)
            c = _update(c, so[2], "output", "channels", 0)
    except _Mismatch as mismatch:
        return mismatch.problem
    if rows is not None and w is not None and so is not None and so[1] is not None and so[1] != w * rows:
        return Problem("BC1519", {"expected": w * rows, "got": so[1]}, Subject("result", 0))
    return None


LISTED3 = Rank("variadic of 3D tosa-conformant tensor of number values", rank=3)


def check_row_gather_block_scaled(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.row_gather_block_scaled``: values [N, K, C] (and a scale [N, K, C/block_size]), indices [N, W], a
    row_count R > 0 -> [N, W * R, C] (and [N, W * R, C/block_size]); the ODS types, the block size against the
    number of values, the element types, R (when a constant), then N, K, C and the scale's channels gathered
    from values[0] (C a multiple of the block size), the indices, output[0] (then its rows), values[1],
    output[1] (its rows before its channels), then the scale's channels against C / block size. Read off
    iree-opt 3.13, held to it by ``tests/oracle/test_tosa_control.py``."""
    count = len(op.operands) - 2
    problem = _types(op, [*[LISTED3] * count, INDICES, SCALAR_I32] if count >= 0 else [], [LISTED3] * len(op.results))
    if problem or count < 0:
        return problem  # (fewer than two operands: not modelled)
    if count not in (1, 2):
        return Problem("BC1808", {"count": count})
    if len(op.results) != count:
        return Problem("BC1647", {"results": len(op.results), "inputs": count})
    block = block_size(op)
    if block is None:
        return None
    if (count == 1) != (block == 1):
        return Problem("BC1646", {"what": "be" if count == 1 else "not be", "count": count})
    for i in range(count):
        names = (f"values[{i}]", f"output[{i}]")
        problem = _same_elements(op.operands[i].type, op.results[i].type, names, Subject("result", i))
        if problem:
            return problem
    counted = constant_ints(op, count + 1)
    rows = counted[0] if counted and len(counted) == 1 else None
    if rows is not None and rows <= 0:
        return Problem("BC1518", {"value": rows}, Subject("operand", count + 1))
    shapes = [_shape(u.type) for u in op.operands[: count + 1]]
    outs = [_shape(r.type) for r in op.results]
    n = k = c = cs = w = None

    def output_rows(i: int) -> Problem | None:
        out = outs[i]
        if rows is not None and w is not None and out is not None and out[1] is not None and out[1] != w * rows:
            return Problem(
                "BC1645", {"operand": f"output[{i}]", "expected": w * rows, "got": out[1]}, Subject("result", i)
            )
        return None

    try:
        if shapes[0] is not None:
            n, k, c = shapes[0]
            if count == 2 and c is not None and c % block:
                return Problem("BC1648", {"c": c, "block": block}, Subject("operand", 0))
        indices = shapes[count]
        if indices is not None:
            n = _update(n, indices[0], "indices", "batch", count)
            w = indices[1]
        if outs[0] is not None:
            n = _update(n, outs[0][0], "output[0]", "batch", 0)
            c = _update(c, outs[0][2], "output[0]", "channels", 0)
        problem = output_rows(0)
        if problem or count == 1:
            return problem
        if shapes[1] is not None:
            n = _update(n, shapes[1][0], "values[1]", "batch", 1)
            k = _update(k, shapes[1][1], "values[1]", "rows", 1)
            cs = shapes[1][2]
        if outs[1] is not None:
            n = _update(n, outs[1][0], "output[1]", "batch", 0)
            problem = output_rows(1)
            if problem:
                return problem
            cs = _update(cs, outs[1][2], "output[1]", "channels", 0)
    except _Mismatch as mismatch:
        return mismatch.problem
    if count == 2 and c is not None and cs is not None and cs != c // block:
        return Problem("BC1649", {"c": c, "block": block, "got": cs})
    return None


MX4 = Rank("4D tosa-conformant tensor of micro-scaling format number values", _mx, rank=4)
SCALE4 = Rank("4D tosa-conformant tensor of micro-scaling format scale number values", _scale, rank=4)

_CONV_DIMS = (
    ("input_scale", ("batch size", "input height", "input width", "")),
    ("weight_data", ("", "", "", "input channels")),
    ("weight_scale", ("output channels", "kernel height", "kernel width", "input channel blocks")),
)
"""What ``tosa.conv2d_block_scaled``'s verifier calls each size of the operands after ``input_data`` that it
holds to the sizes known so far (``""``: it only learns the size there)."""


def check_conv2d_block_scaled(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.conv2d_block_scaled``: the ODS types; the data's and the bias's element types against the
    weight's and the output's; N, IH, IW, IC, IC/block_size, OC, KH, KW gathered from the four data and scale
    operands in order; the block size, IC against it, the scales' channel blocks; the constant pad, stride and
    dilation bounds; the output height and width (``tosa.conv2d``'s rule and words); the bias channels. The
    output's batch and channels are not held to the operands'. Read off iree-opt 3.13 and held to it by
    ``tests/oracle/test_tosa_conv_block_scaled.py``."""
    from broadcheck.dialects.tosa.structural import _at_least, _conv_output

    problem = _count(op, 8) or _types(op, *declared(op.name))
    if problem:
        return problem
    data, _, weight, _, bias = (u.type for u in op.operands[:5])
    out = op.results[0].type
    problem = _same_elements(data, weight, ("input_data", "weight_data"), Subject("operand", 2))
    problem = problem or _same_elements(bias, out, ("bias", "output"), Subject("operand", 4))
    if problem:
        return problem
    block = block_size(op)
    if block is None:
        return None
    shapes = [_shape(u.type) for u in op.operands[:4]]
    first = shapes[0]
    # [N, IH, IW, IC], then the channel blocks, OC, KH, KW
    sizes: list[int | None] = list(first) if first is not None else [None] * 4
    blocks = oc = kh = kw = None
    try:
        for (operand, names), shape, index in zip(_CONV_DIMS, shapes[1:], (1, 2, 3), strict=True):
            if shape is None:
                continue
            if operand == "input_scale":
                for k in range(3):
                    sizes[k] = _update(sizes[k], shape[k], operand, names[k], index)
                blocks = shape[3]
            elif operand == "weight_data":
                oc, kh, kw = shape[0], shape[1], shape[2]
                sizes[3] = _update(sizes[3], shape[3], operand, names[3], index)
            else:
                oc = _update(oc, shape[0], operand, names[0], index)
                kh = _update(kh, shape[1], operand, names[1], index)
                kw = _update(kw, shape[2], operand, names[2], index)
                blocks = _update(blocks, shape[3], operand, names[3], index)
    except _Mismatch as mismatch:
        return mismatch.problem
    if block != 32:
        return Problem("BC1502", {"got": block})
    ic = sizes[3]
    if ic is not None and ic % block:
        return Problem("BC1803", {"ic": ic, "block": block})
    if ic is not None and blocks is not None and blocks != ic // block:
        return Problem("BC1804", {"ic": ic, "block": block, "got": blocks})
    values = [shape_values(op.constant(i)) for i in (5, 6, 7)]
    if any(v is None for v in values) or [len(v or ()) for v in values] != [4, 2, 2]:
        return None
    pad, stride, dilation = (v or [] for v in values)
    problem = _at_least("padding", pad, 0) or _at_least("stride", stride, 1) or _at_least("dilation", dilation, 1)
    if problem:
        return problem
    so = _shape(out)
    if so is None:
        return None
    for k, (names, kernel) in enumerate(zip((("height", "y", "top", "bottom"), ("width", "x", "left", "right")),
                                            (kh, kw), strict=True)):  # fmt: skip
        found = _conv_output(sizes[k + 1], kernel, so[k + 1], (pad[2 * k], pad[2 * k + 1]), stride[k],
                             dilation[k], names)  # fmt: skip
        if found:
            return found
    # (on a ranked output) the output channels: the output's, else the weights'
    channels = so[3] if so[3] is not None else oc
    sb = _shape(bias)
    if sb is not None and sb[0] is not None and channels is not None and sb[0] not in (channels, 1):
        return Problem("BC233", {"out": channels, "bias": sb[0]}, Subject("operand", 4))
    return None


RULES: dict[str, Check] = {
    **STRUCTURAL_RULES,
    "Tosa_MXFPDataTensorAtLeast1D": MX_TENSOR,
    "Tosa_MXFPScaleTensorAtLeast1D": SCALE_TENSOR,
    "Tosa_MXFPDataTensor3D": MX3,
    "Tosa_MXFPScaleTensor3D": SCALE3,
    "Tosa_MXFPDataTensor4D": MX4,
    "Tosa_MXFPScaleTensor4D": SCALE4,
    "Tosa_ScalarInt32Tensor": SCALAR_I32,
}
""":data:`.structural.RULES` and the block-scaled ops' constraints (``td.py``'s names), as iree 3.13 words them."""


def declared(name: str) -> tuple[list[Check], list[Check]]:
    """Op ``name``'s operand and result constraints from ``td.py``, with the block-scaled ones."""
    return structural_declared(name, RULES)
