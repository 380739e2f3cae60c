"""``linalg.softmax`` and the Winograd transforms (``winograd_filter_transform``,
``winograd_input_transform``, ``winograd_output_transform``) as MLIR verifies them
(``LinalgOps.cpp``): after the destination-style checks, ``SoftmaxOp::verify`` (output shape,
dimension) and each transform's ``verify`` (the filter's or value's sizes against ``F(m, r)``, then
the output shape it gives; a ``?`` size matches any)."""

from __future__ import annotations

from broadcheck.dialects.linalg.structured import _inits, _Unread, destination_style
from broadcheck.dialects.shaped import view
from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Profile

_FMR = {"F_2_3": (2, 3), "F_4_3": (4, 3), "F_2_5": (2, 5)}


def _compatible(expected: list[int | None], found: tuple[int | None, ...]) -> bool:
    return len(expected) == len(found) and all(
        a is None or b is None or a == b for a, b in zip(expected, found, strict=True)
    )


def _shapes(op: Operation) -> tuple[tuple[int | None, ...], tuple[int | None, ...]] | None:
    """The input's and the init's shapes, once the destination-style checks pass."""
    if len(op.operands) != 2:
        return None
    source, init = view(op.operands[0].type), view(op.operands[1].type)
    if source is None or init is None or source.shape is None or init.shape is None:
        return None
    return source.shape, init.shape


def _destination(op: Operation) -> Problem | None:
    try:
        return destination_style(op, _inits(op))
    except _Unread:
        return None


def check_softmax(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.softmax``: the output shaped as the input, the dimension within its rank."""
    problem = _destination(op)
    shapes = _shapes(op)
    if problem or shapes is None:
        return problem
    source, init = shapes
    if not _compatible(list(source), init):
        return Problem("BC1323", {"detail": "incompatible output shape"})
    attr = op.attribute("dimension")
    text = None if attr is None else attr.text.strip()
    if text is None or not text.lstrip("-").isdigit():
        return None
    if not 0 <= int(text) < len(source):
        return Problem("BC1323", {"detail": "incorrect dimension specified"})
    return None


def _fmr(op: Operation) -> tuple[int, int] | None:
    attr = op.attribute("fmr")
    return None if attr is None else _FMR.get(attr.text.strip())


def check_winograd(op: Operation, profile: Profile) -> Problem | None:
    """The three Winograd transforms."""
    problem = _destination(op)
    shapes = _shapes(op)
    fmr = _fmr(op)
    if problem or shapes is None or fmr is None:
        return problem
    source, init = shapes
    kind = op.name.partition(".")[2]
    if kind == "winograd_filter_transform":
        return _filter(source, init, *fmr)
    if kind == "winograd_input_transform":
        return _input(source, init, *fmr)
    return _output(source, init, *fmr)


def _bad(detail: str) -> Problem:
    return Problem("BC1323", {"detail": detail})


_DYNAMIC = -9223372036854775808  # (MLIR compares a `?` size as this value)


def _size(d: int | None) -> int:
    return _DYNAMIC if d is None else d


def _filter(filt: tuple[int | None, ...], out: tuple[int | None, ...], m: int, r: int) -> Problem | None:
    if len(filt) != 4 or len(out) != 4:
        return None
    h, w = _size(filt[1]), _size(filt[2])
    if h not in (r, 1):
        return _bad("expect filter height either equals to r or 1")
    if w not in (r, 1):
        return _bad("expect filter width either equals to r or 1")
    if h == 1 and w == 1:
        return _bad("expect either filter height or width equals to r")
    expected = [m + r - 1 if h == r else 1, m + r - 1 if w == r else 1, filt[3], filt[0]]
    return None if _compatible(expected, out) else _bad("the output shape is not expected")


def _input(inp: tuple[int | None, ...], out: tuple[int | None, ...], m: int, r: int) -> Problem | None:
    if len(inp) != 4 or len(out) != 6:
        return None
    tile = m + r - 1
    expected: list[int | None] = [None] * 6
    for size, alpha, tiles in ((inp[1], 0, 2), (inp[2], 1, 3)):
        transform = _size(out[alpha]) != 1
        if size is None:
            expected[alpha], expected[tiles] = tile, None
        else:
            expected[alpha] = tile if transform else 1
            expected[tiles] = (size - (r - 1)) // m if transform else size
    expected[4], expected[5] = inp[0], inp[3]
    return None if _compatible(expected, out) else _bad("the output shape is not expected")


def _output(value: tuple[int | None, ...], out: tuple[int | None, ...], m: int, r: int) -> Problem | None:
    if len(value) != 6 or len(out) != 4:
        return None
    expected: list[int | None] = [None] * 4
    for alpha, tiles, dim, name in ((0, 2, 1, "height"), (1, 3, 2, "width")):
        size, count = value[alpha], value[tiles]
        transform = _size(size) != 1
        if size is None or count is None:
            expected[dim] = None
            continue
        if size != (m + r - 1 if transform else 1):
            return _bad(f"expect input {name} equals to input tile size")
        expected[dim] = (m if transform else 1) * count
    expected[0], expected[3] = value[4], value[5]
    return None if _compatible(expected, out) else _bad("the output shape is not expected")
