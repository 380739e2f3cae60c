"""``linalg.pack`` and ``linalg.unpack`` as MLIR verifies them (``LinalgOps.cpp``,
``commonVerifierPackAndUnPackOp``, then ``PackOp::verify``'s padding rules): tiles, the
positions and permutation of the tiled dims, the packed rank, the tiles against the packed
type's inner dims, the packed type's outer dims, then (pack) the padding value's type and
full tiles without one.

A tile written as an SSA value is taken as dynamic (MLIR folds a constant's: such a tile is
judged as a dynamic one, which is what the verifier reports for ``arith.constant`` tiles in
iree-opt 3.13's tests)."""

from __future__ import annotations

import re

from broadcheck.dialects.shaped import View, element_of, view
from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Profile

_LIST = re.compile(r"\[([^\]]*)\]")


def _list(op: Operation, name: str) -> list[int | None] | None:
    """An ``[a, b, %c]`` clause's entries (``None`` for an SSA value); ``[]`` when absent."""
    attr = op.attribute(name)
    if attr is None:
        return []
    m = _LIST.search(attr.text)
    if m is None:
        return None
    out: list[int | None] = []
    for item in (x.strip() for x in m.group(1).split(",") if x.strip()):
        if item.startswith("%"):
            out.append(None)
        elif re.fullmatch(r"-?\d+", item):
            out.append(int(item))
        else:
            return None
    return out


def _positions_invalid(positions: list[int], rank: int) -> bool:
    return len(set(positions)) != len(positions) or any(p < 0 or p >= rank for p in positions)


def _ceil(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else -(-a // b)


def _text(v: View, shape: list[int | None]) -> str:
    dims = "".join(f"{'?' if d is None else d}x" for d in shape)
    return f"{v.kind}<{dims}{v.element}>"


def check_pack(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.pack`` / ``linalg.unpack``."""
    if op.generic or len(op.operands) < 2:
        return None
    is_pack = op.name == "linalg.pack"
    source, dest = view(op.operands[0].type), view(op.operands[-1].type)
    tiles, positions, perm = _list(op, "inner_tiles"), _list(op, "inner_dims_pos"), _list(op, "outer_dims_perm")
    if source is None or dest is None or source.shape is None or dest.shape is None:
        return None
    if tiles is None or positions is None or perm is None or None in positions or None in perm:
        return None
    unpacked, packed = (source, dest) if is_pack else (dest, source)
    assert unpacked.shape is not None and packed.shape is not None
    rank = len(unpacked.shape)
    pos = [p for p in positions if p is not None]
    outer = [p for p in perm if p is not None]
    if 0 in tiles:
        return Problem("BC1320", {"detail": "invalid zero tile factor"})
    if _positions_invalid(pos, rank):
        return Problem("BC1320", {"detail": "invalid inner_dims_pos vector"})
    if _positions_invalid(outer, rank):
        return Problem("BC1320", {"detail": "invalid outer_dims_perm vector"})
    if outer and len(outer) != rank:
        return Problem("BC1320", {"detail": "outer_dims_perm must be a permutation or empty"})
    if len(tiles) > rank:
        detail = "tiling factors must be less than or equal to the input rank for pack or output rank for unpack"
        return Problem("BC1320", {"detail": detail})
    if len(tiles) != len(pos):
        return Problem("BC1320", {"detail": "tiling factors must equal the number of dimensions to tile"})
    if len(packed.shape) != rank + len(tiles):
        detail = f"packed rank != (unpacked rank + num tiling factors), got {len(packed.shape)} != {rank + len(tiles)}"
        return Problem("BC1320", {"detail": detail})
    inner = packed.shape[rank:]
    for i, (t, d) in enumerate(zip(tiles, inner, strict=True)):
        if t is None:
            if d is not None:
                detail = (
                    f"mismatch in inner tile sizes specified at index {i}: got static shape {d} but dynamic tile size"
                )
                return Problem("BC1320", {"detail": detail})
            continue
        if t != d:
            got = -9223372036854775808 if d is None else d  # (MLIR prints a `?` size as kDynamic)
            detail = (
                "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type at index "
                f"{i}: got {got} != {t}"
            )
            return Problem("BC1320", {"detail": detail})
    expected: list[int | None] = list(unpacked.shape)
    for p, t in zip(pos, tiles, strict=True):
        expected[p] = _ceil(expected[p], t)
    if outer:
        expected = [expected[p] for p in outer]
    outer_found = packed.shape[:rank]
    if any(a is not None and b is not None and a != b for a, b in zip(expected, outer_found, strict=True)):
        want = _text(packed, [*expected, *tiles])
        found = _text(packed, list(packed.shape))
        return Problem("BC1320", {"detail": f"expected '{want}' for the packed domain value, got '{found}'"})
    if not is_pack:
        return None
    return _padding(op, source, pos, tiles, outer, outer_found)


def _padding(
    op: Operation,
    source: View,
    pos: list[int],
    tiles: list[int | None],
    outer: list[int],
    found: tuple[int | None, ...],
) -> Problem | None:
    """``PackOp::verify``: the padding value of the source's element type; without one, full tiles."""
    has_padding = len(op.operands) > 2 and _is_padding(op)
    if has_padding:
        element = element_of(op.operands[1].type)
        if element not in ("?", source.element):
            return Problem("BC1321", {"expected": source.element, "got": element})
        return None
    assert source.shape is not None
    inverse = {p: i for i, p in enumerate(outer)} if outer else None
    for p, t in zip(pos, tiles, strict=True):
        size = source.shape[p]
        if size is None:
            continue
        if t is None:  # (a dynamic tile: the dest's outer size at that dim must divide)
            out = found[inverse[p]] if inverse is not None else found[p]
            if out is not None and size % out:
                return Problem("BC1322")
        elif size % t:
            return Problem("BC1322")
    return None


def _is_padding(op: Operation) -> bool:
    """Whether the operand after the source is the padding value (a type not ``index``)."""
    return str(op.operands[1].type).strip() != "index"
