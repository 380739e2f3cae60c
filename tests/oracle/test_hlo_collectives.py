"""Differential test: StableHLO's collectives and ``select_and_scatter`` against iree-base-compiler 3.13,
and MHLO's against jaxlib 0.10.2 (issue 29).

Random cases, valid ones first and, now and then, one thing changed (``BROADCHECK_COLL_CASES`` per
family, default 2500; ``BROADCHECK_HLO_SEED``), each one op in its generic form:

* ``collectives``: ``all_reduce`` (replica groups: rank, ids twice or left out, ``-1``, empty under
  ``use_global_device_ids``; the channel; the body's arguments and return; results), ``reduce_scatter``
  (scatter dimension, ranks, sizes, zero sizes, the result's element type), ``all_gather`` (the
  gather dimension, ranks and sizes, element types), ``all_to_all`` (split and concat dimensions,
  split_count against the groups and the split size, results), ``collective_permute`` (the pairs'
  shape, negative and repeated ids, element types, results), ``collective_broadcast`` (groups,
  results);
* ``select_and_scatter``: the select body (arity, argument types, what it returns), the scatter body,
  the window (size, strides, padding) against the operand, the source, the result;
* the same ops in MHLO's words (``mhlo.`` names, ``dense<[..]> : tensor<Nxi64>`` for the window,
  ``#mhlo.channel_handle``), against jaxlib, with MHLO's own traits and counts
  (``collective_ops.MHLO``); cases with empty replica groups are not drawn there (jaxlib's MHLO
  divides by their count and stops the process), nor ``has_dynamic_root``.

Compared: the first error's message and line (the op's line; value flow's BC011 aside).
"""

from __future__ import annotations

import os
import re

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_COLL_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))

ELEMENTS = ("f32", "f16", "i32")

KINDS = [
    ("replica groups", r"replica|group size"),
    ("channel", r"channel_id"),
    ("attributes", r"requires attribute|failed to satisfy constraint|source_target_pairs|padding-attribute"),
    ("pairwise and element types", r"requires the same|element-type|element type"),
    ("body", r"region|Reduction-region|reduction-region|parameter"),
    ("window", r"window|source-type"),
    ("inferred", r"inferred type"),
    ("shape rules", r"."),
]


def _other(d: Draw, e: str) -> str:
    return str(d.pick([x for x in ELEMENTS if x != e]))


def _groups(d: Draw, size: int | None = None, ragged: bool = False) -> str:
    """A valid ``replica_groups`` (ids 0..n-1 once; groups of ``size``), or now and then a broken one."""
    k = size if size is not None else d.int(1, 3)
    g = d.int(1, 3)
    ids = list(range(k * g))
    d.rng.shuffle(ids)
    rows = [ids[i * k : (i + 1) * k] for i in range(g)]
    r = d.rng.random()
    if r < 0.05:
        return "dense<0> : tensor<1xi64>"
    if r < 0.08:
        return f"dense<[{', '.join(map(str, ids))}]> : tensor<{len(ids)}xi64>"
    if r < 0.11:
        return "dense<0> : tensor<0x2xi64>"
    if r < 0.16 and ids:
        rows[-1][-1] = rows[0][0] if len(ids) > 1 else 3
    elif r < 0.21:
        rows[-1][-1] = k * g + d.int(0, 2)
    elif r < 0.27 or ragged:
        rows[-1][-1] = -1
    elif r < 0.29:
        return f"dense<[{', '.join('[' + ', '.join(map(str, x)) + ']' for x in rows)}]> : tensor<{g}x{k}xi32>"
    body = ", ".join("[" + ", ".join(map(str, x)) + "]" for x in rows)
    return f"dense<[{body}]> : tensor<{g}x{k}xi64>"


def _channel(d: Draw) -> str:
    out = []
    if d.chance(0.3):
        out.append(f"channel_handle = #stablehlo.channel_handle<handle = {d.pick([-1, 0, 1, 2])}, type = 0>")
    if d.chance(0.25):
        out.append("use_global_device_ids")
    return ", ".join(out)


def _attrs(*parts: str) -> str:
    return "{" + ", ".join(p for p in parts if p) + "}"


def _body(d: Draw, e: str, n: int = 1, dialect: str = "stablehlo") -> tuple[list[str], str]:
    """A reduction body over 0-d ``e`` for ``n`` inputs (now and then broken), and the element it returns."""
    args = [f"tensor<{e}>"] * (2 * n)
    ret = e
    lines: list[str] = []
    returned = ["%x0"] * n
    r = d.rng.random()
    if r < 0.05:
        args.append(f"tensor<{e}>")
    elif r < 0.09:
        args.pop()
    elif r < 0.16:
        i = d.int(0, len(args) - 1)
        args[i] = f"tensor<{_other(d, e)}>"
    elif r < 0.2:
        args = [f"tensor<2x{e}>" if i == n else a for i, a in enumerate(args)]
    elif r < 0.28:
        ret = _other(d, e)
        literal = "0.0" if ret.startswith("f") else "0"
        lines.append(f"%c = {dialect}.constant dense<{literal}> : tensor<{ret}>")
        returned = ["%c"] * n
    elif r < 0.31:
        returned = []
    elif r < 0.34:
        returned = returned * 2
    elif r < 0.36:
        t = args[0]
        lines.append(f'%t = "{dialect}.tuple"(%x0, %x0) : ({t}, {t}) -> tuple<{t}, {t}>')
        returned = ["%t"]
    names = [f"%x{i}" for i in range(len(args))]
    if "%x0" in returned:
        ret = args[0][len("tensor<") : -1]  # (always 0-d: only the second half is given a shape)
    block = ", ".join(f"{n_}: {t}" for n_, t in zip(names, args, strict=True))
    types = {"%x0": args[0], "%c": f"tensor<{ret}>", "%t": f"tuple<{args[0]}, {args[0]}>"}
    ret_types = ", ".join(types[x] for x in returned)
    out = [f"^bb0({block}):", *lines, f'"{dialect}.return"({", ".join(returned)}) : ({ret_types}) -> ()']
    return out, ret


def _region(lines: list[str]) -> str:
    return "{\n    " + "\n    ".join(lines) + "\n  }"


def all_reduce_case(d: Draw, i: int) -> Case:
    n = d.pick([1, 1, 1, 2])
    e = d.pick(ELEMENTS)
    shapes = [d.shape() for _ in range(n)]
    body, acc = _body(d, e)
    results = [tensor(s, acc) for s in shapes]
    if d.chance(0.12):
        k = d.int(0, n - 1)
        results[k] = tensor(d.vary(shapes[k], 1.0), acc) if d.chance(0.5) else tensor(shapes[k], _other(d, acc))
    operands = [tensor(s, e) for s in shapes]
    attrs = _attrs(f"replica_groups = {_groups(d)}", _channel(d))

    def line(names: list[str]) -> str:
        head = f"%r:{n}" if n > 1 else "%r"
        return (
            f'{head} = "stablehlo.all_reduce"({", ".join(names)}) ({_region(body)}) {attrs} : '
            f"({', '.join(operands)}) -> ({', '.join(results)})"
        )

    return Case(i, "all_reduce", module(operands, line))


def reduce_scatter_case(d: Draw, i: int) -> Case:
    e = d.pick(ELEMENTS)
    shape = list(d.shape(d.int(1, 3)))
    dim = d.int(0, len(shape) - 1) if not d.chance(0.06) else len(shape)
    k = d.pick([1, 2, 3])
    result = list(shape)
    if dim < len(shape):
        if shape[dim] is not None and d.chance(0.8):
            shape[dim] = (shape[dim] or 1) * k
            result[dim] = shape[dim] // k  # type: ignore[operator]
        elif d.chance(0.3):
            result[dim] = None
    body, acc = _body(d, e)
    res_el = acc
    r = d.rng.random()
    if r < 0.08:
        result = list(d.vary(result, 1.0))
    elif r < 0.13:
        res_el = _other(d, acc)
    elif r < 0.17 and dim < len(shape):
        result[dim] = 0
    operand = tensor(shape, e)
    attrs = _attrs(f"scatter_dimension = {dim} : i64", f"replica_groups = {_groups(d)}", _channel(d))

    def line(names: list[str]) -> str:
        return (
            f'%r = "stablehlo.reduce_scatter"({names[0]}) ({_region(body)}) {attrs} : '
            f"({operand}) -> {tensor(result, res_el)}"
        )

    return Case(i, "reduce_scatter", module([operand], line))


def all_gather_case(d: Draw, i: int) -> Case:
    n = d.pick([1, 1, 2])
    e = d.pick(ELEMENTS)
    rank = d.int(1, 3)
    dim = d.int(0, rank - 1) if not d.chance(0.06) else rank
    k = d.pick([1, 2, 3])
    shapes, results = [], []
    for _ in range(n):
        s = d.shape(rank)
        out = list(s)
        if dim < rank and out[dim] is not None:
            out[dim] = out[dim] * k  # type: ignore[operator]
        r = d.rng.random()
        if r < 0.1:
            out = list(d.vary(out, 1.0))
        elif r < 0.14 and dim < rank and out[dim] is not None:
            out[dim] = out[dim] + 1  # type: ignore[operator]
        shapes.append(s)
        results.append(tensor(out, e if not d.chance(0.05) else _other(d, e)))
    if n > 1 and d.chance(0.08):
        results.pop()
    operands = [tensor(s, e) for s in shapes]
    attrs = _attrs(f"all_gather_dim = {dim} : i64", f"replica_groups = {_groups(d)}", _channel(d))

    def line(names: list[str]) -> str:
        head = f"%r:{len(results)}" if len(results) > 1 else "%r"
        return (
            f'{head} = "stablehlo.all_gather"({", ".join(names)}) {attrs} : '
            f"({', '.join(operands)}) -> ({', '.join(results)})"
        )

    return Case(i, "all_gather", module(operands, line))


def all_to_all_case(d: Draw, i: int) -> Case:
    n = d.pick([1, 1, 2])
    e = d.pick(ELEMENTS)
    rank = d.int(1, 3)
    split = d.int(0, rank - 1) if not d.chance(0.05) else rank
    concat = d.int(0, rank - 1) if not d.chance(0.05) else rank
    count = d.pick([1, 2, 3])
    shapes, results = [], []
    for _ in range(n):
        s = list(d.shape(rank))
        if split < rank and s[split] is not None and d.chance(0.85):
            s[split] = (s[split] or 1) * count
        out = list(s)
        if split < rank and concat < rank:
            if out[split] is not None:
                out[split] = out[split] // count  # type: ignore[operator]
            if out[concat] is not None:
                out[concat] = out[concat] * count  # type: ignore[operator]
        if d.chance(0.1):
            out = list(d.vary(out, 1.0))
        shapes.append(s)
        results.append(tensor(out, e if not d.chance(0.04) else _other(d, e)))
    groups = _groups(d, size=count if d.chance(0.85) else count + 1)
    operands = [tensor(s, e) for s in shapes]
    attrs = _attrs(
        f"split_dimension = {split} : i64",
        f"concat_dimension = {concat} : i64",
        f"split_count = {count if not d.chance(0.03) else 0} : i64",
        f"replica_groups = {groups}",
    )

    def line(names: list[str]) -> str:
        head = f"%r:{n}" if n > 1 else "%r"
        return (
            f'{head} = "stablehlo.all_to_all"({", ".join(names)}) {attrs} : '
            f"({', '.join(operands)}) -> ({', '.join(results)})"
        )

    return Case(i, "all_to_all", module(operands, line))


def collective_permute_case(d: Draw, i: int) -> Case:
    e = d.pick(ELEMENTS)
    shape = d.shape()
    m = d.int(1, 3)
    sources = d.rng.sample(range(5), m)
    targets = d.rng.sample(range(5), m)
    pairs = [[s, t] for s, t in zip(sources, targets, strict=True)]
    r = d.rng.random()
    if r < 0.06 and m > 1:
        pairs[1][0] = pairs[0][0]
    elif r < 0.12 and m > 1:
        pairs[1][1] = pairs[0][1]
    elif r < 0.17:
        pairs[-1][d.int(0, 1)] = -1
    written = "[" + ", ".join(f"[{a}, {b}]" for a, b in pairs) + "]"
    typ = f"tensor<{m}x2xi64>"
    if r > 0.95:
        written, typ = "[" + ", ".join(str(a) for a, _ in pairs) + "]", f"tensor<{m}xi64>"
    elif r > 0.9:
        written, typ = "[" + ", ".join(f"[{a}, {b}, {a}]" for a, b in pairs) + "]", f"tensor<{m}x3xi64>"
    result = tensor(shape, e)
    if d.chance(0.08):
        result = tensor(d.vary(shape, 1.0), e)
    elif d.chance(0.06):
        result = tensor(shape, _other(d, e))
    operand = tensor(shape, e)
    attrs = _attrs(
        f"source_target_pairs = dense<{written}> : {typ}",
        _channel(d).replace(", use_global_device_ids", "").replace("use_global_device_ids", ""),
    )

    def line(names: list[str]) -> str:
        return f'%r = "stablehlo.collective_permute"({names[0]}) {attrs} : ({operand}) -> {result}'

    return Case(i, "collective_permute", module([operand], line))


def collective_broadcast_case(d: Draw, i: int) -> Case:
    n = d.pick([0, 1, 1, 2]) if d.chance(0.5) else d.pick([1, 2])
    e = d.pick(ELEMENTS)
    shapes = [d.shape() for _ in range(n)]
    results = [tensor(s, e) for s in shapes]
    if n and d.chance(0.1):
        results[0] = tensor(d.vary(shapes[0], 1.0), e) if d.chance(0.5) else tensor(shapes[0], _other(d, e))
    operands = [tensor(s, e) for s in shapes]
    root = ""
    if d.chance(0.3):
        root = ", has_dynamic_root"
        count = n if d.chance(0.7) else d.pick([n + 1, max(n - 1, 0), None])
        operands.append(
            tensor([count], "i32" if d.chance(0.85) else d.pick(["i64", "f32"])) if d.chance(0.9) else "tensor<i32>"
        )
        if d.chance(0.1):
            operands.pop()
    attrs = _attrs(f"replica_groups = {_groups(d)}{root}")

    def line(names: list[str]) -> str:
        head = f"%r:{len(results)} = " if len(results) > 1 else "%r = " if results else ""
        return (
            f'{head}"stablehlo.collective_broadcast"({", ".join(names)}) {attrs} : '
            f"({', '.join(operands)}) -> ({', '.join(results)})"
        )

    return Case(i, "collective_broadcast", module(operands, line))


def _window_out(size: int | None, window: int, stride: int, pad: tuple[int, int]) -> int | None:
    if size is None:
        return None
    padded = pad[0] + size + pad[1]
    return 0 if padded == 0 or window > padded else (padded - window) // stride + 1


def _array(values: list[int]) -> str:
    return f"array<i64: {', '.join(map(str, values))}>" if values else "array<i64>"


def select_and_scatter_case(d: Draw, i: int) -> Case:
    e = d.pick(["f32", "f16", "i32"])
    rank = d.int(1, 3)
    shape = [d.pick([2, 3, 4, 5, 6]) if not d.chance(0.1) else None for _ in range(rank)]
    window = [d.int(1, 3) for _ in range(rank)]
    strides = [d.int(1, 2) for _ in range(rank)]
    pads = [(d.int(0, 1), d.int(0, 1)) for _ in range(rank)] if d.chance(0.4) else None
    source_shape = [
        _window_out(s, w, st, pads[k] if pads else (0, 0))
        for k, (s, w, st) in enumerate(zip(shape, window, strides, strict=True))
    ]
    src_el, init_el = e, e
    sel_args = [f"tensor<{e}>", f"tensor<{e}>"]
    sel_ret = "tensor<i1>"
    sel_lines = ["%c = stablehlo.constant dense<true> : tensor<i1>"]
    sel_returned = ["%c"]
    window_w, strides_w = list(window), list(strides)
    pads_w = pads
    r = d.rng.random()
    if r < 0.05:
        sel_args.append(f"tensor<{e}>")
    elif r < 0.1:
        sel_args[d.int(0, 1)] = f"tensor<{_other(d, e)}>" if d.chance(0.7) else f"tensor<2x{e}>"
    elif r < 0.15:
        sel_ret = d.pick(["tensor<i32>", "tensor<2xi1>"])
        sel_lines = [f"%c = stablehlo.constant dense<{'0' if sel_ret == 'tensor<i32>' else 'true'}> : {sel_ret}"]
    elif r < 0.18:
        sel_returned = ["%c", "%c"]
    elif r < 0.2:
        sel_lines.append('%t = "stablehlo.tuple"(%c) : (tensor<i1>) -> tuple<tensor<i1>>')
        sel_returned, sel_ret = ["%t"], "tuple<tensor<i1>>"
    elif r < 0.24:
        window_w = window_w[:-1] if d.chance(0.5) else [*window_w, 1]
    elif r < 0.28:
        strides_w = strides_w[:-1] if len(strides_w) > 1 and d.chance(0.5) else [*strides_w, 1]
    elif r < 0.32:
        window_w[d.int(0, rank - 1)] = d.pick([0, -1])
    elif r < 0.35:
        strides_w[d.int(0, rank - 1)] = 0
    elif r < 0.42:
        source_shape = list(d.vary(source_shape, 1.0))
    elif r < 0.46:
        src_el = _other(d, e)
    elif r < 0.5:
        init_el = _other(d, e)
    elif r < 0.53 and pads:
        pads_w = pads[:-1] if len(pads) > 1 else [*pads, (0, 0)]
    body, acc = _body(d, src_el)
    result = tensor(shape, acc)
    if d.chance(0.06):
        result = tensor(d.vary(shape, 1.0), acc) if d.chance(0.5) else tensor(shape, _other(d, acc))
    operands = [tensor(shape, e), tensor(source_shape, src_el), f"tensor<{init_el}>"]
    sel_block = ", ".join(f"%s{k}: {t}" for k, t in enumerate(sel_args))
    sel_types = ", ".join([sel_ret] * len(sel_returned))
    select = [f"^bb0({sel_block}):", *sel_lines, f'"stablehlo.return"({", ".join(sel_returned)}) : ({sel_types}) -> ()']
    parts = [f"window_dimensions = {_array(window_w)}"]
    if d.chance(0.6) or strides_w != strides:
        parts.append(f"window_strides = {_array(strides_w)}")
    elif strides != [1] * rank:
        source_shape2 = [
            _window_out(s, w, 1, pads[k] if pads else (0, 0))
            for k, (s, w) in enumerate(zip(shape, window, strict=True))
        ]
        if operands[1] == tensor(source_shape, src_el):
            operands[1] = tensor(source_shape2, src_el)
    if pads_w:
        body_p = ", ".join(f"[{a}, {b}]" for a, b in pads_w)
        parts.append(f"padding = dense<[{body_p}]> : tensor<{len(pads_w)}x2xi64>")
    attrs = _attrs(*parts)

    def line(names: list[str]) -> str:
        return (
            f'%r = "stablehlo.select_and_scatter"({", ".join(names)}) ({_region(select)}, {_region(body)}) {attrs} : '
            f"({', '.join(operands)}) -> {result}"
        )

    return Case(i, "select_and_scatter", module(operands, line))


COLLECTIVES = [
    all_reduce_case,
    reduce_scatter_case,
    all_gather_case,
    all_to_all_case,
    collective_permute_case,
    collective_broadcast_case,
]


def cases(makers: list, seed: int) -> list[Case]:  # type: ignore[type-arg]
    draw = Draw(seed)
    return [makers[i % len(makers)](draw, i) for i in range(COUNT)]


def test_collectives() -> None:
    """all_reduce, reduce_scatter, all_gather, all_to_all, collective_permute, collective_broadcast."""
    made = cases(COLLECTIVES, SEED)
    assert len(made) >= min(COUNT, 2000)
    run("StableHLO collectives", made, oracle(made), KINDS, ["replica groups", "inferred", "shape rules", "body"])


def test_select_and_scatter() -> None:
    """select_and_scatter's bodies, window and source."""
    made = cases([select_and_scatter_case], SEED + 1)
    assert len(made) >= min(COUNT, 2000)
    run("StableHLO select_and_scatter", made, oracle(made), KINDS, ["body", "window", "inferred"])


_ARRAY = re.compile(r"array<i64(?::\s*([^>]*))?>")
APART = re.compile(r"#\d+ must be |invalid properties|has no custom assembly")
"""What MHLO's own ODS words apart (its type constraints, its properties): passed over. Its attribute
constraints on these ops read as StableHLO's and are compared."""


def to_mhlo(text: str) -> str:
    """A case in MHLO's words."""

    def dense(m: re.Match[str]) -> str:
        items = [x.strip() for x in (m.group(1) or "").split(",") if x.strip()]
        return f"dense<[{', '.join(items)}]> : tensor<{len(items)}xi64>" if items else "dense<> : tensor<0xi64>"

    return _ARRAY.sub(dense, text).replace("stablehlo.", "mhlo.")


def _mhlo(made: list[Case]) -> list[Case]:
    # jaxlib's MHLO divides by the count of groups: empty replica groups stop the process (SIGFPE)
    return [
        Case(c.index, "mhlo." + c.op, to_mhlo(c.text))
        for c in made
        if "tensor<0x" not in c.text and "has_dynamic_root" not in c.text
    ]


def test_mhlo_collectives() -> None:
    """MHLO's collectives and select_and_scatter against jaxlib (MHLO's own ODS wordings passed over)."""
    from broadcheck.dialects.stablehlo.collective_ops import MHLO

    from .test_mhlo_structural import verdicts

    mirrored = [m for m in [*COLLECTIVES, select_and_scatter_case] if m.__name__.removesuffix("_case") in MHLO]
    made = _mhlo(cases(mirrored, SEED + 2))
    assert len(made) >= min(COUNT, 2000) * 9 // 10
    expected = verdicts(made)
    apart = [k for k, v in enumerate(expected) if APART.search(v)]
    for k in apart:
        expected[k] = "ok"
    run("MHLO collectives", made, expected, KINDS, ["replica groups", "inferred", "body", "window"])
    print(f"MHLO collectives: {len(apart)} cases MHLO words apart (passed over, as required)")
