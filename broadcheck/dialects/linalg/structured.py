"""Linalg's structured ops as MLIR verifies them (``LinalgInterfaces.cpp``: the destination-style
and structured-op interfaces; ``IndexingMapOpInterface``): one result per tensor init of its
type, pure tensor or buffer semantics, one indexing map per operand over the op's loops with
one result per operand dim, invertible maps, and the static shapes against the loop ranges the
maps give; for ``linalg.generic`` also its block's arguments.

The named ops carry their maps here (``NAMED``: the maps of ``LinalgNamedStructuredOps.yaml``,
strides and dilations read from their attributes); ``indexing_maps`` written inline override
them. A map referred to by an alias (``#map``) is not read: such an op is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from broadcheck.dialects.linalg.affine import AffineMap, Expr, identity, of, parse, printed_map, printed_results
from broadcheck.dialects.shaped import View, constraint, element_of, segment_sizes, split_top, view
from broadcheck.ops import Operation, ShapedType, Span, Type, TypeUse
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.syntax.attributes import Dense, DenseArray, ints, value
from broadcheck.syntax.lazyre import lazy

Maps = Callable[[Operation, list[View]], list[AffineMap] | None]


def _fixed(*maps: tuple[int, list[int]]) -> Maps:
    built = [of(dims, results) for dims, results in maps]
    return lambda op, views: built


def _same(op: Operation, views: list[View]) -> list[AffineMap] | None:
    """Elementwise named ops and ``linalg.copy``: identity maps of the init's rank."""
    rank = views[-1].rank
    return [identity(rank)] * len(views) if rank >= 0 else None


def _fill(op: Operation, views: list[View]) -> list[AffineMap] | None:
    rank = views[-1].rank
    return [AffineMap(rank, 0, ()), identity(rank)] if rank >= 0 else None


def _window(op: Operation, spatial: int) -> tuple[list[int], list[int]] | None:
    """A convolution's or pool's strides and dilations (1 when absent)."""
    out = []
    for name in ("strides", "dilations"):
        attr = op.attribute(name)
        if attr is None:
            out.append([1] * spatial)
            continue
        found = ints(attr.text)
        if found is not None and len(found) == 1 and spatial > 1 and "dense<" in attr.text and "[" not in attr.text:
            found = found * spatial  # a splat: `dense<1> : tensor<2xi64>`
        if found is None or len(found) != spatial:
            return None
        out.append(list(found))
    return out[0], out[1]


def _conv_index(loop: int, window: int, stride: int, dilation: int) -> tuple[object, ...]:
    """``loop * stride + window * dilation`` as MLIR builds it: a factor 1 dropped, a term times 0
    gone (a stride of 0 leaves the window's dim alone)."""
    terms = [
        ("dim", d) if c == 1 else ("*", ("dim", d), ("const", c)) for d, c in ((loop, stride), (window, dilation)) if c
    ]
    return ("+", *terms) if len(terms) == 2 else terms[0] if terms else ("const", 0)


def _conv(layout: str, spatial: int, depthwise: bool = False, pool: bool = False) -> Maps:
    """Maps of ``conv_*``, ``depthwise_conv_*`` and ``pooling_*`` by their layout letters."""

    def maps(op: Operation, views: list[View]) -> list[AffineMap] | None:
        window = _window(op, spatial)
        if window is None:
            return None
        strides, dilations = window
        # loops: batch, output spatial..., then (for conv) output channel, window..., input channel
        batch = 0
        out_sp = list(range(1, 1 + spatial))
        if pool or depthwise:
            win = list(range(1 + spatial, 1 + 2 * spatial))
            chan = 1 + 2 * spatial
            loops = chan + 1
            sp = [_conv_index(o, w, s, d) for o, w, s, d in zip(out_sp, win, strides, dilations, strict=True)]
            if layout == "nhwc":
                inp = [("dim", batch), *sp, ("dim", chan)]
                out = [("dim", batch), *(("dim", o) for o in out_sp), ("dim", chan)]
            else:
                inp = [("dim", batch), ("dim", chan), *sp]
                out = [("dim", batch), ("dim", chan), *(("dim", o) for o in out_sp)]
            kernel = [("dim", w) for w in win] + ([("dim", chan)] if depthwise else [])
            return [
                AffineMap(loops, 0, tuple(inp)),
                AffineMap(loops, 0, tuple(kernel)),
                AffineMap(loops, 0, tuple(out)),
            ]
        fout = 1 + spatial
        win = list(range(2 + spatial, 2 + 2 * spatial))
        fin = 2 + 2 * spatial
        loops = fin + 1
        sp = [_conv_index(o, w, s, d) for o, w, s, d in zip(out_sp, win, strides, dilations, strict=True)]
        if layout == "nhwc":
            inp = [("dim", batch), *sp, ("dim", fin)]
            kernel = [*(("dim", w) for w in win), ("dim", fin), ("dim", fout)]
            out = [("dim", batch), *(("dim", o) for o in out_sp), ("dim", fout)]
        else:
            inp = [("dim", batch), ("dim", fin), *sp]
            kernel = [("dim", fout), ("dim", fin), *(("dim", w) for w in win)]
            out = [("dim", batch), ("dim", fout), *(("dim", o) for o in out_sp)]
        return [AffineMap(loops, 0, tuple(inp)), AffineMap(loops, 0, tuple(kernel)), AffineMap(loops, 0, tuple(out))]

    return maps


def _layout(inp: str, kernel: str, out: str, zero_points: int = 0) -> Maps:
    """Maps of a convolution or pool from its layout letters (``nhwc``, ``fhwc``, ...): ``n``, ``c``,
    ``f``, ``g``, ``m`` are loops of their own; each spatial letter (``d``, ``h``, ``w``, in the
    input's order) is an output loop and a window loop, the input reading ``o * stride + k *
    dilation``. The ``_q`` ops' zero points are scalars (maps without results)."""
    spatial = [c for c in inp if c in "dhw"]

    def maps(op: Operation, views: list[View]) -> list[AffineMap] | None:
        window = _window(op, len(spatial))
        if window is None:
            return None
        strides, dilations = window
        letters = sorted({c for c in inp + kernel + out if c not in "dhw"})
        loop = {c: i for i, c in enumerate(letters)}
        outer = {c: len(letters) + i for i, c in enumerate(spatial)}
        win = {c: len(letters) + len(spatial) + i for i, c in enumerate(spatial)}
        loops = len(letters) + 2 * len(spatial)

        def read(c: str) -> tuple[object, ...]:
            if c in outer:
                i = spatial.index(c)
                return _conv_index(outer[c], win[c], strides[i], dilations[i])
            return ("dim", loop[c])

        built = [
            AffineMap(loops, 0, tuple(read(c) for c in inp)),
            AffineMap(loops, 0, tuple(("dim", win[c]) if c in win else ("dim", loop[c]) for c in kernel)),
            *[AffineMap(loops, 0, ())] * zero_points,
            AffineMap(loops, 0, tuple(("dim", outer[c]) if c in outer else ("dim", loop[c]) for c in out)),
        ]
        return built

    return maps


def _conv_named(name: str) -> Maps:
    """``conv_{1,2,3}d_<input>_<filter>[_q]``: the output is the input's layout with ``f`` for ``c``."""
    parts = name.split("_")
    q = 2 if parts[-1] == "q" else 0
    inp, kernel = parts[2], parts[3]
    return _layout(inp, kernel, inp.replace("c", "f"), q)


def _depthwise_named(name: str) -> Maps:
    """``depthwise_conv_{1,2,3}d_<input>_<filter>[_q]``: the output adds the multiplier ``m``."""
    parts = name.split("_")
    q = 2 if parts[-1] == "q" else 0
    inp, kernel = parts[3], parts[4]
    return _layout(inp, kernel, inp + ("m" if "m" in kernel else ""), q)


def _pool_named(name: str) -> Maps:
    """``pooling_<layout>_<kind>``: the window's shape only (no channel), the output the input's layout."""
    inp = name.split("_")[1]
    return _layout(inp, "".join(c for c in inp if c in "dhw"), inp)


def _plain_conv(spatial: int) -> Maps:
    """``conv_{1,2,3}d`` (no batch, no channel, no strides): loops (o..., k...); the input at
    ``o + k``, the filter at ``k``, the output at ``o``."""
    loops = 2 * spatial
    found = [
        AffineMap(loops, 0, tuple(("+", ("dim", i), ("dim", spatial + i)) for i in range(spatial))),
        AffineMap(loops, 0, tuple(("dim", spatial + i) for i in range(spatial))),
        AffineMap(loops, 0, tuple(("dim", i) for i in range(spatial))),
    ]

    def maps(op: Operation, views: list[View]) -> list[AffineMap] | None:
        return found

    return maps


_CONVS = (
    "conv_1d_ncw_fcw conv_2d_nhwc_fhwc conv_2d_ngchw_fgchw conv_2d_ngchw_gfchw conv_2d_nhwgc_gfhwc "
    "conv_3d_ncdhw_fcdhw conv_2d_nhwc_hwcf_q conv_2d_nchw_fchw_q conv_2d_ngchw_gfchw_q conv_2d_nhwc_fhwc_q "
    "conv_3d_ndhwc_dhwcf_q conv_2d_nhwgc_gfhwc_q"
).split()
_DEPTHWISE = (
    "depthwise_conv_1d_ncw_cw depthwise_conv_1d_nwc_wcm depthwise_conv_2d_nchw_chw depthwise_conv_2d_nhwc_hwcm "
    "depthwise_conv_2d_nhwc_hwc_q depthwise_conv_2d_nhwc_hwcm_q depthwise_conv_3d_ncdhw_cdhw "
    "depthwise_conv_3d_ndhwc_dhwc depthwise_conv_3d_ndhwc_dhwcm"
).split()
_POOLS = [
    *(f"pooling_nwc_{k}" for k in ("sum", "max", "min", "max_unsigned", "min_unsigned")),
    *(f"pooling_ncw_{k}" for k in ("sum", "max")),
    *(f"pooling_ndhwc_{k}" for k in ("sum", "max", "min")),
]

NAMED: dict[str, Maps] = {
    "matmul": _fixed((3, [0, 2]), (3, [2, 1]), (3, [0, 1])),
    "batch_matmul": _fixed((4, [0, 1, 3]), (4, [0, 3, 2]), (4, [0, 1, 2])),
    "batch_reduce_matmul": _fixed((4, [0, 1, 3]), (4, [0, 3, 2]), (4, [1, 2])),
    "matvec": _fixed((2, [0, 1]), (2, [1]), (2, [0])),
    "vecmat": _fixed((2, [1]), (2, [1, 0]), (2, [0])),
    "batch_matvec": _fixed((3, [0, 1, 2]), (3, [0, 2]), (3, [0, 1])),
    "batch_vecmat": _fixed((3, [0, 2]), (3, [0, 2, 1]), (3, [0, 1])),
    "dot": _fixed((1, [0]), (1, [0]), (1, [])),
    # the zero points (and fill_rng_2d's min, max and seed) are scalars: maps without results
    "quantized_matmul": _fixed((3, [0, 2]), (3, [2, 1]), (3, []), (3, []), (3, [0, 1])),
    "quantized_batch_matmul": _fixed((4, [0, 1, 3]), (4, [0, 3, 2]), (4, []), (4, []), (4, [0, 1, 2])),
    "fill_rng_2d": _fixed((2, []), (2, []), (2, []), (2, [0, 1])),
    "copy": _same,
    "elementwise": _same,
    "fill": _fill,
    **{f"conv_{n}d": _plain_conv(n) for n in (1, 2, 3)},
    "conv_2d_nhwc_hwcf": _conv("nhwc", 2),
    "conv_2d_nchw_fchw": _conv("nchw", 2),
    "conv_1d_nwc_wcf": _conv("nhwc", 1),
    "conv_3d_ndhwc_dhwcf": _conv("nhwc", 3),
    "depthwise_conv_2d_nhwc_hwc": _conv("nhwc", 2, depthwise=True),
    "depthwise_conv_1d_nwc_wc": _conv("nhwc", 1, depthwise=True),
    **{f"pooling_nhwc_{k}": _conv("nhwc", 2, pool=True) for k in ("sum", "max", "min", "max_unsigned", "min_unsigned")},
    **{f"pooling_nchw_{k}": _conv("nchw", 2, pool=True) for k in ("sum", "max")},
    **{name: _conv_named(name) for name in _CONVS},
    **{name: _depthwise_named(name) for name in _DEPTHWISE},
    **{name: _pool_named(name) for name in _POOLS},
    "mmt4d": _fixed((6, [0, 2, 3, 5]), (6, [1, 2, 4, 5]), (6, [0, 1, 3, 4])),
    "batch_mmt4d": _fixed((7, [0, 1, 3, 4, 6]), (7, [0, 2, 3, 5, 6]), (7, [0, 1, 2, 4, 5])),
}
"""The named ops whose maps broadcheck knows (by name without ``linalg.``)."""

# ---------------------------------------------------------------- the checks


class _Unread(Exception):
    """What broadcheck cannot read (an alias, a map with symbols): the op is not judged."""


def _inits(op: Operation) -> int:
    """How many operands are outs: from ``operandSegmentSizes``, else the named op's maps."""
    attr = op.attribute("operandSegmentSizes")
    sizes = ints(attr.text) if attr is not None else None
    if sizes is None or len(sizes) != 2 or sum(sizes) != len(op.operands):
        raise _Unread
    return sizes[1]


def destination_style(op: Operation, inits: int) -> Problem | None:
    """``DestinationStyleOpInterface``: one result per tensor init, of its type; pure semantics."""
    outs = op.operands[len(op.operands) - inits :]
    tensors = [u for u in outs if _kind(u.type) == "tensor"]
    if len(op.results) != len(tensors):
        return Problem("BC606", {"results": len(op.results), "inits": len(tensors)})
    first = len(op.operands) - inits
    k = 0
    for index, u in enumerate(outs):
        if _kind(u.type) != "tensor":
            continue
        result = op.results[k].type
        if str(view(result)) != str(view(u.type)):
            args = {"index": first + index, "init": str(view(u.type)), "result": str(view(result))}
            # (``expected``: the init's type, what ``refine`` writes for the result)
            expected = u.type if isinstance(u.type, ShapedType) else None
            return Problem("BC662", args, Subject("result", k), expected=expected)
        k += 1
    kinds = {_kind(u.type) for u in op.operands if _kind(u.type) in ("tensor", "memref")}
    if len(kinds) > 1:
        return Problem("BC608")
    return None


def _kind(t: Type) -> str:
    v = view(t)
    return v.kind if v is not None and v.shape is not None else "scalar"


def _map_text(m: AffineMap) -> str | None:
    inner = printed_results(m)
    if inner is None:
        return None
    dims = ", ".join(f"d{i}" for i in range(m.dims))
    return f"({dims}) -> ({inner})"


def structured(op: Operation, maps: Sequence[AffineMap], loops: int, views: Sequence[View | None]) -> Problem | None:
    """``IndexingMapOpInterface::verifyImpl`` and ``verifyStructuredOpInterface``, in their order:
    one map per operand, each operand's rank, invertible maps, the static shapes against the
    loop ranges, then each map's dims against the op's loops."""
    if len(maps) != len(views):
        return Problem("BC666", {"maps": len(maps), "operands": len(views)})
    for index, (m, v) in enumerate(zip(maps, views, strict=True)):
        if m.symbols:
            return Problem("BC1781", {"index": index})
        rank = 0 if v is None else v.rank
        if rank < 0:
            return None
        if len(m.results) != rank:
            return Problem("BC663", {"index": index, "rank": rank, "size": len(m.results)}, Subject("operand", index))
    dims = max((m.dims for m in maps), default=0)
    first: dict[int, tuple[int, int]] = {}
    for mi, m in enumerate(maps):
        for k in range(len(m.results)):
            d = m.pure_dim(k)
            if d is not None and d not in first:
                first[d] = (mi, k)
    if any(d not in first for d in range(dims)):
        joined = AffineMap(dims, 0, tuple(e for m in maps for e in m.results))
        text = _map_text(joined)
        return None if text is None else Problem("BC667", {"map": text})
    problem = _shapes(maps, views, dims, first)
    if problem is not None:
        return problem if isinstance(problem, Problem) else None
    for index, m in enumerate(maps):
        if m.dims != loops:
            return Problem("BC668", {"index": index, "loops": loops})
    return None


def _shapes(
    maps: Sequence[AffineMap], views: Sequence[View | None], dims: int, first: dict[int, tuple[int, int]]
) -> Problem | bool | None:
    """The static shapes against the loop ranges (``None``: all agree or some size is ``?``;
    ``True``: a map broadcheck cannot evaluate)."""
    ranges: list[int] = []
    for d in range(dims):
        mi, k = first[d]
        v = views[mi]
        size = None if v is None or v.shape is None else v.shape[k]
        if size is None:
            return None
        ranges.append(size)
    start = [0] * dims
    end = [r - 1 for r in ranges]
    for index, (m, v) in enumerate(zip(maps, views, strict=True)):
        if v is None or v.shape is None:
            continue
        low, high = m.evaluate(start + [0] * (m.dims - dims)), m.evaluate(end + [0] * (m.dims - dims))
        if low is None or high is None:
            return True
        for dim, size in enumerate(v.shape):
            if size is None or size == 0:
                continue
            inferred = max(low[dim], high[dim]) + 1
            if min(low[dim], high[dim]) < 0:
                text = printed_map(m)
                return True if text is None else Problem("BC1782", {"dim": dim, "map": text})
            args = {"index": index, "dim": dim, "size": inferred, "found": size}
            if m.pure_dim(dim) is not None:
                if inferred != size:
                    return Problem("BC664", args, Subject("operand", index))
            elif inferred > size:
                return Problem("BC665", args, Subject("operand", index))
    return None


_ALIAS = lazy(r"![A-Za-z_][\w$\-]*")
"""A type alias's name (a dialect's type has a ``.``)."""


def block_arguments(op: Operation, views: Sequence[View | None]) -> Problem | None:
    """The generic op's block: one argument per operand, of its element type (or its type)."""
    if not op.regions:
        return None
    arguments = op.regions[0].arguments
    if len(arguments) != len(op.operands):
        return Problem("BC670")
    for index, (use, arg) in enumerate(zip(op.operands, arguments, strict=True)):
        if str(arg).strip() == "?":
            continue
        element = element_of(use.type)
        if _ALIAS.fullmatch(element):  # an alias inside a memref's text: not resolved here
            continue
        if " ".join(str(arg).split()) != element:
            return Problem("BC669", {"index": index, "arg": " ".join(str(arg).split()), "element": element})
    return None


_INDEX = lazy(r"linalg\.index\s+(-?\d+)|\bdim\s*=\s*(-?\d+)(?:\s*:\s*(\w+))?")


def body(op: Operation, inits: int, loops: int | None) -> Problem | None:
    """The ops of the body whose verifiers read the op, in their order: each ``linalg.index``'s
    dim against the op's loops (reported at the index op), then the ``linalg.yield``."""
    if op.regions and loops is not None:
        for name, key, at in op.regions[0].inner:
            m = _INDEX.search(key) if name == "linalg.index" else None
            if name == "linalg.index" and m is None and '"linalg.index"()' in key and "dim" not in key:
                return Problem("BC1887", span=at)  # (the generic form's, without its property)
            if m is not None and (int(m.group(1) or m.group(2)) < 0 or m.group(3) not in (None, "i64")):
                return Problem("BC1783", span=at)  # (its attribute's constraint, first)
            if m is not None and int(m.group(1) or m.group(2)) >= loops:
                return Problem("BC1104", {"dim": int(m.group(1) or m.group(2)), "loops": loops}, span=at)
    return yields(op, inits)


def yields(op: Operation, inits: int) -> Problem | None:
    """``linalg.yield``'s verifier in the op's body: one value per init, each of the init's
    element type (reported at the yield)."""
    if not op.regions or op.regions[0].terminator != "linalg.yield":
        return None
    region = op.regions[0]
    outs = op.operands[len(op.operands) - inits :]
    if len(region.yields) != len(outs):
        return Problem("BC1090", {"count": len(region.yields), "expected": len(outs)}, span=region.at)
    for n, (t, out) in enumerate(zip(region.yields, outs, strict=True)):
        if _printed(t) == "?":
            continue
        element = element_of(out.type)
        if _ALIAS.fullmatch(element):  # an alias inside a memref's text (`memref<?x!vec>`): not resolved here
            continue
        if _printed(t) != element:
            return Problem("BC605", {"operand": n + 1, "type": _printed(t), "element": element}, span=region.at)
    return None


def transpose_body(op: Operation) -> Problem | None:
    """The body the parser builds for ``linalg.transpose`` yields the input's element: the
    yield's verifier against the init's element type (reported at the op)."""
    if op.generic or len(op.operands) != 2:
        return None
    source, init = element_of(op.operands[0].type), element_of(op.operands[1].type)
    if source != init:
        return Problem("BC605", {"operand": 1, "type": source, "element": init})
    return None


def _views(op: Operation) -> list[View | None]:
    return [view(u.type) for u in op.operands]


def _inline_maps(op: Operation) -> list[AffineMap] | None:
    """``indexing_maps = [affine_map<...>, ...]`` written inline; ``_Unread`` for aliases."""
    attr = op.attribute("indexing_maps")
    if attr is None:
        return None
    text = attr.text.strip()
    head, _, tail = text.rpartition("]")
    if tail.strip() in ("ins", "outs"):  # `indexing_maps = [...] ins(...)`: the clause as read runs on
        text = head + "]"
    if not (text.startswith("[") and text.endswith("]")):
        raise _Unread
    maps = []
    for item in split_top(text[1:-1]):
        m = parse(item) if item.startswith("affine_map<") else None
        if m is None:
            raise _Unread
        maps.append(m)
    return maps


def check_named(op: Operation, profile: Profile) -> Problem | None:
    """A named structured op (``linalg.matmul``, ``conv_*``, ...)."""
    name = op.name.partition(".")[2]
    if _maps_after_operands(op):
        return None  # (the parser fails on `indexing_maps` written after `ins(...)`)
    problem = segment_sizes(op, 2) or _window_attributes(op, name) or _region_arguments(op, name)
    problem = problem or _unsigned_pooling(op, name)
    problem = problem or _named_ods(op)
    if problem:
        return problem
    problem = _convolution(op, name) or _built_body(op, name)
    if problem:
        return problem
    views = _views(op)
    if name == "fill" and views:
        if views[0] is not None and views[0].kind != "vector":  # (FillOpInterface verifies first)
            return Problem("BC675")
        views[0] = None  # a vector value fills as a scalar does (its map has no results)
    try:
        inits = _inits(op)
        problem = destination_style(op, inits)
        if problem:
            return problem
        maps = _inline_maps(op)
        if maps is not None and name in _MATMULS:
            problem = _matmul_maps(name, maps)
            if problem:
                return problem
        loops = maps[0].dims if maps else 0
        if maps is None:
            maps = NAMED[name](op, [v if v is not None else View("scalar", (), "") for v in views])
            if maps is None or len(maps) != len(views):  # (the `_q` ops' zero points have maps of their own)
                return None
            loops = maps[0].dims if maps else 0  # (its iterator types, whatever maps are memoized)
            maps = _memoized(op) or maps
        if name == "elementwise" and views and views[-1] is not None and views[-1].shape is not None:
            loops = len(views[-1].shape)  # (ElementwiseOp::getNumLoops: the init's rank)
        problem = structured(op, maps, loops, views) or (block_arguments(op, views) if op.generic else None)
        if problem is None and name in _MATMULS and op.attribute("indexing_maps") is not None:
            problem = _projected(maps)
        return problem or (_fill_value(op) if name == "fill" else None)
    except _Unread:
        return None


def _region_arguments(op: Operation, name: str) -> Problem | None:
    """``parseNamedStructuredOpRegion``: the body the parser builds takes one argument per operand
    of the op's definition; ``ins`` and ``outs`` must give as many. The parser stands at the next
    token: taken as the next statement, the next line at this statement's indentation."""
    if op.generic or name in ("elementwise",):
        return None
    expected = 2 if name in ("fill", "copy") else 4 if name == "fill_rng_2d" else 3
    if name.startswith("quantized_") or name.endswith("_q"):
        expected = 5
    if len(op.operands) == expected:
        return None
    line = op.span.end_line + 1
    span = Span(line, op.span.column, line, op.span.column + 1)
    return Problem("BC1784", {"name": op.name, "expected": expected, "got": len(op.operands)}, span=span)


def _built_body(op: Operation, name: str) -> Problem | None:
    """The ``arith`` ops of a body the parser built (:mod:`.bodies`): their verifiers run before
    the op's interfaces (``verifyWithRegions``)."""
    from broadcheck.dialects.linalg.bodies import BUILT, build

    if name not in BUILT or op.generic:
        return None
    types = []
    for use in op.operands:
        v = view(use.type)
        types.append(v.element if v is not None and v.kind in ("tensor", "memref") else _printed(use.type))
    body = build(name, types)
    if body is None or body.mismatch is None or "?" in types:
        return None
    return Problem("BC1780", {"inner": body.mismatch})


def _memoized(op: Operation) -> list[AffineMap] | None:
    """``linalg.memoized_indexing_maps``, which a named op's maps are when it is written."""
    attr = op.attribute("linalg.memoized_indexing_maps")
    text = attr.text.strip() if attr is not None else ""
    if not (text.startswith("[") and text.endswith("]")):
        return None
    maps = [parse(item) if item.startswith("affine_map<") else None for item in split_top(text[1:-1])]
    return None if any(m is None for m in maps) else maps  # type: ignore[return-value]


def _conv_access(results: tuple[Expr, ...]) -> bool:
    """``ConvAccessExprWalker`` over the input map: each result a dim, or the sum of two terms
    each a dim or a dim times a constant; no dim used twice."""
    seen: set[int] = set()

    def term(e: Expr) -> bool:
        if e[0] == "dim":
            d = int(e[1])
        elif e[0] == "*" and e[1][0] == "dim" and e[2][0] in ("const", "sym"):
            d = int(e[1][1])
        elif e[0] == "*" and e[2][0] == "dim" and e[1][0] in ("const", "sym"):
            d = int(e[2][1])
        else:
            return False
        if d in seen:
            return False
        seen.add(d)
        return True

    for e in results:
        if e[0] == "dim":
            if not term(e):
                return False
        elif e[0] != "+" or not (term(e[1]) and term(e[2])):
            return False
    return True


_SPATIAL = lazy(r"(?:conv|depthwise_conv)_(\d)d_\w+|pooling_n(?:c?(w|hw|dhw)c?)_\w+")
"""A convolution's or pooling's name with strides and dilations, and its spatial dims (``conv_2d``
alone has neither)."""
_I64_ELEMENTS = lazy(r"(?:vector|tensor)<(\d+)xi64>")


def _window_attributes(op: Operation, name: str) -> Problem | None:
    """The custom form's parser checks a convolution's or pooling's ``strides`` and ``dilations`` as
    it reads its attribute dictionary (``verifyInherentAttrs``, in their names' order): dense i64
    elements, one per spatial dim (vector or tensor)."""
    m = _SPATIAL.fullmatch(name)
    if m is None:
        return None
    spatial = int(m.group(1)) if m.group(1) else len(m.group(2) or "") or 0
    if op.generic:
        return _window_properties(op, spatial)
    for attribute in ("dilations", "strides"):
        attr = op.attribute(attribute)
        if attr is None:
            continue
        found = value(attr.text)
        shape = _I64_ELEMENTS.fullmatch(found.type.strip()) if isinstance(found, Dense) else None
        if shape is None or int(shape.group(1)) != spatial:
            at = min((a.span for a in op.attributes if not a.property), key=lambda sp: (sp.line, sp.column))
            brace = Span(at.line, at.column + 1, at.line, at.column + 2)  # (the dictionary's `{`)
            return Problem("BC1815", {"name": op.name, "attribute": attribute, "size": spatial}, span=brace)
    return None


def _window_properties(op: Operation, spatial: int) -> Problem | None:
    """The generic form's ``strides`` and ``dilations`` against their ODS constraint, in their
    declaration's order (``RankedI64ElementsAttr<[N]>``: dense i64 elements of shape ``[N]``)."""
    for attribute in ("strides", "dilations"):
        attr = op.attribute(attribute)
        found = None if attr is None else value(attr.text)
        if attr is None:
            continue
        if not isinstance(found, Dense):
            return NOT_JUDGED  # (another kind of attribute: its property conversion's, in the parser)
        if (shape := _I64_ELEMENTS.fullmatch(found.type.strip())) is None or int(shape.group(1)) != spatial:
            constraint = f"64-bit signless int elements attribute of shape [{spatial}]"
            return Problem("BC562", {"name": attribute, "constraint": constraint})
    return None


def _convolution(op: Operation, name: str) -> Problem | None:
    """``verifyConvolutionInterface`` (conv, depthwise and pooling ops) on memoized maps: two
    inputs and one init, the input map's accesses, projected permutations for filter and output,
    then each loop's part in the convolution."""
    if not name.startswith(("conv_", "depthwise_conv_", "pooling_")):
        return None
    build = NAMED.get(name)
    try:
        own = None if build is None else build(op, [v if v is not None else View("scalar", (), "") for v in _views(op)])
    except _Unread:
        own = None
    memoized = _memoized(op)
    maps = memoized or own
    if maps is None or len(maps) < 3:
        return None
    if not _conv_access(maps[0].results):
        return Problem("BC1369")
    for m in (maps[1], maps[-1]):
        dims = [m.pure_dim(k) for k in range(len(m.results))]
        if None in dims or len(set(dims)) != len(dims):  # (isProjectedPermutation: no constant 0 either)
            return Problem("BC1370")
    if not own:
        return None
    # (the ops' iterator types put their output loops first, whatever order broadcheck's own maps use)
    parallel = set(range(len(own[-1].results))) if memoized else set(_dims(own[-1]))
    code = _conv_loops(maps, parallel, own[0].dims)
    return None if code is None else Problem(code)


def _dims(m: AffineMap) -> list[int]:
    """The loops of a map whose results are pure dims (a projected permutation), in order."""
    return [int(e[1]) for e in m.results if e[0] == "dim"]


def _conv_loops(maps: Sequence[AffineMap], parallel: set[int], loops: int) -> str | None:
    """``isConvolutionInterfaceImpl`` after the input walk: each output loop a batch, output image,
    output channel or depth loop (parallel), each filter loop a window or input channel loop
    (reduction), each loop once; the code of the first failure. The op's iterator types are its
    own (``parallel``: the loops of its output), whatever maps are memoized."""
    unconvolved = {int(e[1]) for e in maps[0].results if e[0] == "dim"}
    convolved = {d for e in maps[0].results if e[0] == "+" for side in e[1:] for d in _term_dims(side)}
    outputs, filters = _dims(maps[-1]), _dims(maps[1])
    seen: set[int] = set()
    for d in outputs:
        if d in convolved and d in filters:
            return "BC1888"
        if d not in unconvolved and d not in convolved and d not in filters:
            return "BC1888"
        if d not in parallel:
            return "BC1889"
        seen.add(d)
    for d in filters:
        if d in outputs and (d in unconvolved or d not in convolved):
            continue  # (an output channel or a depth loop: seen)
        if d in outputs or (d not in convolved and d not in unconvolved):
            return "BC1888"
        if d in parallel:
            return "BC1890"
        if d in seen:
            return "BC1888"
        seen.add(d)
    return "BC1888" if len(seen) != loops else None


def _term_dims(e: Expr) -> list[int]:
    """The dim of one term of a convolved access (``d1`` or ``d1 * 2``)."""
    if e[0] == "dim":
        return [int(e[1])]
    return [int(x[1]) for x in e[1:] if x[0] == "dim"]


_SCALAR = lazy(r"(?:i\d+|si\d+|ui\d+|f\d+|bf16|tf32|index|f8\w*)")
"""A builtin scalar type's text (an ODS shaped or tensor constraint fails on it)."""


def _named_ods(op: Operation) -> Problem | None:
    """The named ops' ODS: the inits are shaped (``Variadic<AnyShaped>``), the results ranked
    tensors (``Variadic<AnyRankedTensor>``)."""
    try:
        inits = _inits(op)
    except _Unread:
        return None
    first = len(op.operands) - inits
    for index in range(first, len(op.operands)):
        t = op.operands[index].type
        if _SCALAR.fullmatch(_printed(t)):
            return constraint("operand", index, "variadic of shaped of any non-token type values", t)
    for index, use in enumerate(op.results):
        v = view(use.type)
        if _SCALAR.fullmatch(_printed(use.type)) or (v is not None and (v.kind != "tensor" or v.shape is None)):
            return constraint("result", index, "variadic of ranked tensor of any non-token type values", use.type)
    return None


def _unsigned_pooling(op: Operation, name: str) -> Problem | None:
    """The parser builds a ``pooling_*_{max,min}_unsigned`` body only on integers wider than i1."""
    m = re.fullmatch(r"pooling_\w+_(max|min)_unsigned", name)
    if m is None or op.generic or not op.operands:
        return None
    element = element_of(op.operands[-1].type)
    if re.fullmatch(r"i(\d+)", element) and element != "i1":
        return None
    if element == "?" or _ALIAS.fullmatch(element):
        return None
    # (where the parser stood: just after the op's name, one space printed)
    at = op.name_span
    span = Span(at.end_line, at.end_column + 1, at.end_line, at.end_column + 2)
    return Problem("BC1319", {"name": op.name, "kind": m.group(1)}, span=span)


def _fill_value(op: Operation) -> Problem | None:
    """``FillOp::verify``: the value is of the init's element type."""
    if len(op.operands) != 2:
        return None
    value_type, element = _printed(op.operands[0].type), element_of(op.operands[1].type)
    if "?" in (value_type, element) or _ALIAS.fullmatch(element) or value_type == element:
        return None
    return Problem("BC1315", {"value": value_type, "element": element})


def check_generic(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.generic``: its segments and required attributes (ODS), maps and iterators, shapes,
    its block's arguments and yield."""
    problem = segment_sizes(op, 2)
    for name in ("indexing_maps", "iterator_types"):
        problem = problem or (Problem("BC610", {"name": name}) if op.attribute(name) is None else None)
    if problem:
        return problem
    try:
        inits = _inits(op)
        iterators = op.attribute("iterator_types")
        found = value(iterators.text) if iterators is not None else None
        loops = len(found) if isinstance(found, list) else None
        blocks = op.regions[0].blocks if op.regions else 1
        if blocks > 1:  # (SingleBlock: a trait, before the body's ops)
            return Problem("BC1785", {"index": 0})
        problem = body(op, inits, loops) or destination_style(op, inits)  # (the body's ops verify first)
        if problem:
            return problem
        if blocks == 0:
            return Problem("BC1786")
        maps = _inline_maps(op)
        if maps is None or not isinstance(found, list):
            return None
        views = _views(op)
        return structured(op, maps, len(found), views) or block_arguments(op, views)
    except _Unread:
        return None


def check_transpose(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.transpose``: ODS's two operands, then ``TransposeOp::verify`` (a permutation, the
    ranks, then the init is the input permuted)."""
    if len(op.operands) != 2:
        return Problem("BC609", {"expected": 2, "count": len(op.operands)})
    attr = op.attribute("permutation")
    if attr is None:  # (the custom form's parser asks for it itself)
        return Problem("BC610", {"name": "permutation"}) if op.generic else None
    problem = destination_style(op, 1)  # (input, init: no segments)
    if problem:
        return problem
    found = None if attr is None else value(attr.text)
    perm = list(found.values) if isinstance(found, DenseArray) else found if isinstance(found, list) else None
    if perm is None or not all(isinstance(p, int) for p in perm):
        return None
    if sorted(perm) != list(range(len(perm))):
        return Problem("BC1316")
    inp, init = view(op.operands[0].type), view(op.operands[1].type)
    if inp is None or init is None or inp.shape is None or init.shape is None:
        return None
    if len(inp.shape) != len(init.shape):
        return Problem("BC1317", {"input": len(inp.shape), "init": len(init.shape)})
    if len(perm) != len(inp.shape):
        return Problem("BC1318", {"size": len(perm), "rank": len(inp.shape)})
    for i, p in enumerate(perm):
        a, b = init.shape[i], inp.shape[p]
        if a != b:
            args = {"i": i, "r": _dyn(a), "s": _dyn(b)}
            return Problem("BC674", args, Subject("operand", 1))
    return transpose_body(op)


def _printed(t: Type) -> str:
    return " ".join(str(t).split())


def _dyn(d: int | None) -> int:
    return -9223372036854775808 if d is None else d


def check_contract(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.contract``: its inline maps as ``ContractOp::verify`` reads them (projected
    permutations of one iteration space, one result per operand dim, each dim used by an input
    and the output or by both inputs alone, a contracting dim), then the shapes. Without
    ``indexing_maps`` the parser fails (at the token after the name): not judged here."""
    if op.attribute("indexing_maps") is None or op.generic or _maps_after_operands(op):
        return None  # (written after `ins(...)`, the parser fails on `ins`)
    try:
        inits = _inits(op)
        problem = destination_style(op, inits)
        if problem:
            return problem
        maps = _inline_maps(op)
    except _Unread:
        return None
    if maps is None or len(maps) != 3 or len(op.operands) != 3:
        return None
    problem = _contract_maps(op, maps)
    if problem:
        return problem
    return structured(op, maps, maps[0].dims, _views(op))


def _contract_maps(op: Operation, maps: Sequence[AffineMap], uses: Sequence[TypeUse] | None = None) -> Problem | None:
    dims = -1
    uses_in: list[int] = []
    uses_out: list[int] = []
    for index, (m, use) in enumerate(zip(maps, op.operands if uses is None else uses, strict=True)):
        found = [m.pure_dim(k) for k in range(len(m.results))]
        if m.symbols or None in found or len(set(found)) != len(found):
            return Problem("BC1324", {"detail": "provided affine_map is not a projected permutation"})
        v = view(use.type)
        if v is not None:
            if v.shape is not None and len(m.results) != len(v.shape):
                return Problem(
                    "BC1324", {"detail": "ranks of shaped operand and results of corresponding affine_map differ"}
                )
        elif m.results:
            return Problem("BC1324", {"detail": "affine_map specifies shaped access while operand has non-shaped type"})
        if dims == -1:
            dims = m.dims
            uses_in, uses_out = [0] * dims, [0] * dims
        elif dims != m.dims:
            return Problem("BC1324", {"detail": "iteration spaces of provided affine_maps differ"})
        for d in found:
            assert d is not None
            (uses_in if index < 2 else uses_out)[d] += 1
    contracting = False
    for d in range(dims):
        contracting |= uses_in[d] == 2 and uses_out[d] == 0
        if uses_in[d] == 0 and uses_out[d] == 0:
            return Problem("BC1324", {"detail": f"iteration space dim at index {d} not used to access any operand"})
        if uses_in[d] == 1 and uses_out[d] != 1:
            detail = f"iteration space dim at index {d} is neither a contracting dim nor of parallel iteration type"
            return Problem("BC1324", {"detail": detail})
    if not contracting:
        return Problem("BC1324", {"detail": "'indexing_maps' do not specify a contracting dimension"})
    return None


_MATMULS: dict[str, list[tuple[int, tuple[int, ...]]]] = {
    "matmul": [(3, (0, 2)), (3, (2, 1)), (3, (0, 1))],
    "batch_matmul": [(4, (0, 1, 3)), (4, (0, 3, 2)), (4, (0, 1, 2))],
    "batch_reduce_matmul": [(4, (0, 1, 3)), (4, (0, 3, 2)), (4, (1, 2))],
}
"""The default maps (dims, results) of the matmul ops that take ``indexing_maps``."""


def _matmul_maps(name: str, maps: Sequence[AffineMap]) -> Problem | None:
    """``MatmulOp::verify`` / ``verifyExtendedBatchVariantMatmulSemantic`` on user maps (each input
    map's results among the default map's, broadcasts of the allowed dims only, the batch dim
    first; the batch variants' output map the default one)."""
    if name != "matmul" and len(maps) != 3:
        return Problem("BC1325", {"detail": "Indexing_map attribute must have 3 affine maps."})
    defaults = _MATMULS[name]
    for index, m in enumerate(maps[:3]):
        found = [m.pure_dim(k) for k in range(len(m.results))]
        default = defaults[index][1]
        subset = None not in found and all(d in default for d in found)
        if name == "matmul":
            if index == 2:
                continue
            if not subset:
                return Problem("BC1325", {"detail": "Unexpected dim expression in map result."})
            if len(found) < len(default) and (len(found) != 1 or found[0] != m.dims - 1):
                return Problem("BC1325", {"detail": "Invalid broadcast requested, should be (d2)."})
            continue
        if index == 2:
            if len(found) != len(default):
                return Problem("BC1325", {"detail": f"expects {len(default)} dims, but got ({len(found)})."})
            if tuple(found) != default:
                return Problem("BC1325", {"detail": "Invalid output map result dimension."})
            continue
        if not subset:
            detail = "Unexpected result dim expression (outside the set of default result dims)."
            return Problem("BC1325", {"detail": detail})
        if len(found) > 3:
            return Problem("BC1325", {"detail": "no. of result dim expressions exceeds 3."})
        if len(found) < len(default):
            if not _batch_broadcast(found, index == 0):
                return Problem("BC1325", {"detail": "Invalid broadcast requested."})
        elif found[0] != 0:
            return Problem("BC1325", {"detail": "Invalid batch dimension expression."})
    return None


def _projected(maps: Sequence[AffineMap]) -> Problem | None:
    """The matmul ops' user maps as projected permutations (iree-opt 3.13 reports it after the
    structured checks)."""
    for m in maps:
        found = [m.pure_dim(k) for k in range(len(m.results))]
        if m.symbols or None in found or len(set(found)) != len(found):
            return Problem("BC1326")
    return None


def _batch_broadcast(found: list[int | None], lhs: bool) -> bool:
    """``isValidLhsRhsBroadcastMap`` of the batch variants (dims: batch 0, m 1, n 2, k 3)."""
    batch, m, n, k = 0, 1, 2, 3
    if len(found) == 1:
        return found[0] == k
    if len(found) == 2:
        a, b = found
        if lhs:
            return a in (batch, m) and b == k
        return (a == batch and b == k) or (a == k and b == n)
    return False


def _maps_after_operands(op: Operation) -> bool:
    """Whether ``indexing_maps = [...]`` is written after the operands (where the parser fails)."""
    attr = op.attribute("indexing_maps")
    first = op.operands[0].span if op.operands else None
    return attr is not None and first is not None and (attr.span.line, attr.span.column) > (first.line, first.column)


def check_scaled_contract(op: Operation, profile: Profile) -> Problem | None:
    """``linalg.scaled_contract`` (``ins(A, scaleA, B, scaleB) outs(C)``): ``ScaledContractOp::verify``
    as iree-opt 3.13 answers: five maps, a float output no narrower than any input, the data
    operands' maps as ``linalg.contract``'s, each scale map's results a dim of its data operand or
    that dim ``floordiv`` a block, of the scale's rank, each static scale size the data size over
    its block (rounded up); then its result against its init, then the shapes."""
    if op.attribute("indexing_maps") is None or op.generic or _maps_after_operands(op):
        return None
    try:
        inits = _inits(op)
        maps = _inline_maps(op)
    except _Unread:
        return None
    if maps is None:
        return None
    if len(maps) != 5 or len(op.operands) != 5:
        return Problem("BC1792")
    views = _views(op)
    if any(v is None or v.shape is None for v in views):
        return None
    elements = [v.element for v in views if v is not None]
    if any(_ALIAS.fullmatch(e) for e in elements):
        return None
    if not _FLOAT.fullmatch(elements[4]):
        return Problem("BC1793")
    out = _bits(elements[4])
    widths = [w for w in (_bits(e) for e in elements[:4]) if w is not None]
    if out is None or len(widths) != 4:
        return None
    if any(w > out for w in widths):
        return Problem("BC1795")
    problem = _contract_maps(op, [maps[0], maps[2], maps[4]], (op.operands[0], op.operands[2], op.operands[4]))
    if problem:
        return problem
    problem = _scale_maps(op, maps) or destination_style(op, inits)
    return problem or structured(op, [_folded(m) for m in maps], maps[0].dims, views)


_FLOAT = lazy(r"f\d+|bf16|tf32|f\d+E\d+M\d+\w*")
_BITS = lazy(r"[a-z]*?(\d+)(?:E\d+M\d+\w*)?")


def _bits(element: str) -> int | None:
    """An int's or float's bitwidth (``f8E4M3FN``: 8, ``bf16``: 16), ``None`` for another type."""
    if element == "index" or not element:
        return None
    m = _BITS.fullmatch(element)
    return int(m.group(1)) if m is not None and element[0] in "ifbtus" else None


def _scale_block(e: Expr) -> tuple[int, int] | str:
    """A scale map's result as (dim, block) (``d`` is block 1, as MLIR folds ``d floordiv 1``), or
    what ``ScaledContractOp::verify`` says of it."""
    if e[0] == "dim":
        return int(e[1]), 1
    if e[0] == "const" or (e[0] == "mod" and e[2] == ("const", 1)):  # (`d mod 1` folds to 0)
        return "unsupported scaling variant"
    if e[0] == "floordiv" and e[1][0] == "dim" and e[2][0] == "const" and int(e[2][1]) > 0:
        return int(e[1][1]), int(e[2][1])
    return "only block scale with floordiv is supported for now"


def _scale_maps(op: Operation, maps: Sequence[AffineMap]) -> Problem | None:
    """The scale maps (operands 1 and 3) against the data maps (0 and 2): for both, the map's
    results and the scale's rank; then for each, its rank at most its data's, and each result in
    turn: a dim of its data, then its static size (reported at the data's dim)."""
    pairs = ((1, 0), (3, 2))
    blocks: dict[int, list[tuple[int, int]]] = {}
    for scale, source in pairs:
        blocks[scale] = []
        for e in maps[scale].results:
            found = _scale_block(e)
            if isinstance(found, str):
                return Problem("BC1794", {"detail": found})
            blocks[scale].append(found)
        v, data = view(op.operands[scale].type), view(op.operands[source].type)
        if v is None or v.shape is None or data is None or data.shape is None:
            return None
        if len(v.shape) != len(maps[scale].results):
            detail = "scale ranks of shaped operand and results of corresponding affine_map differ"
            return Problem("BC1794", {"detail": detail})
    for scale, source in pairs:
        v, data = view(op.operands[scale].type), view(op.operands[source].type)
        if v is None or v.shape is None or data is None or data.shape is None:
            return None
        if len(v.shape) > len(data.shape):
            return Problem("BC1794", {"detail": "scale must have at most the same rank as input"})
        dm = maps[source]
        positions = [dm.pure_dim(k) for k in range(len(dm.results))]
        for j, (d, block) in enumerate(blocks[scale]):
            if d not in positions:
                return Problem("BC1794", {"detail": "scale map must contain corresponding input dimensions only"})
            i = positions.index(d)
            size, got = data.shape[i] if i < len(data.shape) else None, v.shape[j]
            if block == 1 or size is None or got is None:
                continue
            expected = -(-size // block)
            if expected != got:
                detail = f"Invalid scale shape at dim {i}, expected {expected} but got {got}"
                return Problem("BC1794", {"detail": detail})
    return None


def _folded(m: AffineMap) -> AffineMap:
    """``m`` with ``d floordiv 1`` as ``d`` (MLIR folds it when it reads the map)."""
    results = tuple(e[1] if e[0] == "floordiv" and e[2] == ("const", 1) and e[1][0] == "dim" else e for e in m.results)
    return AffineMap(m.dims, m.symbols, results)
