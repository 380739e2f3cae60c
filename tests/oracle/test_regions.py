"""Differential test: ops with regions and their terminators against iree-base-compiler 3.13.

Each case is one function running one op with a region (or two); valid cases are built first,
then, now and then, one thing is changed (``BROADCHECK_REGION_CASES`` per family, default 2500;
``BROADCHECK_ORACLE_SEED``). The first error's line, column and message must agree:

* ``linalg``: ``linalg.generic`` (identity maps, 1-2 inputs and inits of f32/f16/i32): a block
  argument of another type or one too few, a yield of another type or count, a result of
  another type; ``linalg.map`` (arity, argument types, shapes, yield); ``linalg.reduce``
  (dimensions unsorted or out of range, init shapes and ranks, input and init counts, block
  arguments, yield); ``linalg.transpose`` (element types); ``linalg.index`` (its dim against the
  loop count);
* ``hlo``: ``stablehlo.while`` in its custom and generic forms (block arguments, what the body
  returns, the condition's count and type, the results), ``stablehlo.case`` and
  ``stablehlo.if`` (branch arguments, branch types, static against dynamic sizes, results),
  ``stablehlo.reduce_window`` (window attributes of the wrong length or below 1, the body's
  return type, the result's sizes), ``stablehlo.sort`` (dimension, comparator arguments and
  result, results), ``stablehlo.map`` (computation arity, arguments, result, dimensions);
* ``tensor-chlo``: ``chlo.top_k`` in its custom form (k against the last dimension, rank 0,
  results), ``tensor.concat`` without inputs, ``tensor.dim``'s types.

Values of a changed type are made by a constant of that type, so that no case stops at the
parser's ``use of value ... expects different type``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from . import campaign
from .campaign import Case, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_REGION_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261128))

ELEMENTS = ("f32", "f16", "i32")


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _other(rng: random.Random, element: str) -> str:
    return rng.choice([e for e in ELEMENTS if e != element])


def _scalar(name: str, element: str) -> str:
    literal = "0.0" if element.startswith("f") else "0"
    return f"{name} = arith.constant {literal} : {element}"


def _hlo_constant(name: str, t: str) -> str:
    element = t.rsplit("x", 1)[-1].rstrip(">") if "x" in t else t[len("tensor<") : -1]
    literal = "true" if element == "i1" else "0.0" if element.startswith("f") else "0"
    return f"{name} = stablehlo.constant dense<{literal}> : {t}"


def _static_shape(rng: random.Random, low: int = 1, high: int = 3) -> list[int | None]:
    return [rng.randint(1, 5) for _ in range(rng.randint(low, high))]


# ---------------------------------------------------------------- linalg


def _generic(rng: random.Random, index: int) -> Case:
    shape = _static_shape(rng)
    if _p(rng, 0.15):
        shape[rng.randrange(len(shape))] = None
    rank = len(shape)
    n_in, n_out = rng.randint(1, 2), rng.randint(1, 2)
    elements = [rng.choice(ELEMENTS) for _ in range(n_in + n_out)]
    types = [tensor(shape, e) for e in elements]
    arg_types = list(elements)
    results = [types[n_in + k] for k in range(n_out)]
    body: list[str] = []
    yields = [(f"%b{n_in + k}", elements[n_in + k]) for k in range(n_out)]
    mutation = rng.random()
    if mutation < 0.12:
        i = rng.randrange(len(arg_types))
        arg_types[i] = _other(rng, arg_types[i])
        yields = [(n, arg_types[int(n[2:])]) if n.startswith("%b") else (n, t) for n, t in yields]
    elif mutation < 0.2:
        arg_types.pop()
        yields = [(n, t) if int(n[2:]) < len(arg_types) else ("%y", t) for n, t in yields]
        if any(n == "%y" for n, _ in yields):
            body.append(_scalar("%y", yields[-1][1]))
    elif mutation < 0.35:
        k = rng.randrange(n_out)
        element = _other(rng, elements[n_in + k])
        body.append(_scalar("%c", element))
        yields[k] = ("%c", element)
    elif mutation < 0.45:
        if _p(rng, 0.5) or n_out == 1:
            yields.append(("%b0", arg_types[0]))
        else:
            yields.pop()
    elif mutation < 0.55:
        k = rng.randrange(n_out)
        results[k] = tensor(shape, _other(rng, elements[n_in + k]))
    elif mutation < 0.7:
        dim = rng.choice([rng.randrange(rank), rank, rank + 1])
        body.append(f"%i = linalg.index {dim} : index")
    ident = (
        "affine_map<("
        + ", ".join(f"d{i}" for i in range(rank))
        + ") -> ("
        + ", ".join(f"d{i}" for i in range(rank))
        + ")>"
    )
    maps = ", ".join([ident] * (n_in + n_out))
    iterators = ", ".join(['"parallel"'] * rank)
    args = [(f"%a{i}", t) for i, t in enumerate(types)]
    ins = f"ins({', '.join(n for n, _ in args[:n_in])} : {', '.join(types[:n_in])})"
    outs = f"outs({', '.join(n for n, _ in args[n_in:])} : {', '.join(types[n_in:])})"
    block = ", ".join(f"%b{i}: {t}" for i, t in enumerate(arg_types))
    yielded = f"linalg.yield {', '.join(n for n, _ in yields)} : {', '.join(t for _, t in yields)}"
    if not yields:
        yielded = "linalg.yield"
    head = f"%r:{n_out}" if n_out > 1 else "%r"
    lines = [
        f"{head} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}} {ins} {outs} {{",
        f"^bb0({block}):",
        *[f"  {line}" for line in body],
        f"  {yielded}",
        f"}} -> {results[0] if len(results) == 1 else '(' + ', '.join(results) + ')'}",
    ]
    return Case(index, "linalg", "linalg.generic", "custom", campaign.module(args, lines))


def _map(rng: random.Random, index: int) -> Case:
    shape = _static_shape(rng)
    n_in = rng.randint(1, 2)
    elements = [rng.choice(ELEMENTS) for _ in range(n_in + 1)]
    shapes = [list(shape) for _ in range(n_in + 1)]
    arg_types = list(elements)
    body: list[str] = []
    yielded = ("%b0", elements[0]) if elements[0] == elements[-1] else (f"%b{n_in}", elements[-1])
    mutation = rng.random()
    if mutation < 0.15:
        if _p(rng, 0.5):
            arg_types.pop()
        else:
            arg_types.append(rng.choice(ELEMENTS))
        yielded = ("%y", elements[-1])
        body.append(_scalar("%y", elements[-1]))
    elif mutation < 0.3:
        i = rng.randrange(len(arg_types))
        arg_types[i] = _other(rng, arg_types[i])
        yielded = ("%y", elements[-1])
        body.append(_scalar("%y", elements[-1]))
    elif mutation < 0.45:
        i = rng.randrange(n_in)
        s = shapes[i]
        s[rng.randrange(len(s))] += 1  # type: ignore[operator]
    elif mutation < 0.6:
        element = _other(rng, elements[-1])
        body.append(_scalar("%c", element))
        yielded = ("%c", element)
    types = [tensor(s, e) for s, e in zip(shapes, elements, strict=True)]
    args = [(f"%a{i}", t) for i, t in enumerate(types)]
    ins = f"ins({', '.join(n for n, _ in args[:n_in])} : {', '.join(types[:n_in])})"
    outs = f"outs({args[-1][0]} : {types[-1]})"
    block = ", ".join(f"%b{i}: {t}" for i, t in enumerate(arg_types))
    lines = [
        f"%r = linalg.map {ins} {outs}",
        f"  ({block}) {{",
        *[f"    {line}" for line in body],
        f"    linalg.yield {yielded[0]} : {yielded[1]}",
        "  }",
    ]
    return Case(index, "linalg", "linalg.map", "custom", campaign.module(args, lines))


def _reduce(rng: random.Random, index: int) -> Case:
    shape = _static_shape(rng, 1, 3)
    rank = len(shape)
    dims = sorted(rng.sample(range(rank), rng.randint(1, rank)))
    n = rng.randint(1, 2)
    in_elements = [rng.choice(ELEMENTS) for _ in range(n)]
    out_elements = list(in_elements) if _p(rng, 0.7) else [rng.choice(ELEMENTS) for _ in range(n)]
    in_shapes = [list(shape) for _ in range(n)]
    out_shape = [d for i, d in enumerate(shape) if i not in dims]
    out_shapes = [list(out_shape) for _ in range(n)]
    n_out = n
    arg_types = [*in_elements, *out_elements]
    body: list[str] = []
    yields = [(f"%b{n + k}", out_elements[k]) for k in range(n)]
    mutation = rng.random()
    if mutation < 0.08:
        dims = list(reversed(dims)) if len(dims) > 1 else [*dims, *dims]
    elif mutation < 0.16:
        dims = [*dims[:-1], rank + rng.randint(0, 1)] if dims[-1] < rank + 1 else dims
    elif mutation < 0.26:
        if _p(rng, 0.5) or not out_shape:
            out_shapes = [[*s, rng.randint(1, 4)] for s in out_shapes]
        else:
            k = rng.randrange(len(out_shape))
            out_shapes = [[d + 1 if i == k else d for i, d in enumerate(s)] for s in out_shapes]  # type: ignore[operator]
    elif mutation < 0.33 and n == 2:
        in_shapes[1][0] += 1  # type: ignore[operator]
    elif mutation < 0.38:
        n_out = n + 1 if n == 1 else n - 1
    elif mutation < 0.46:
        arg_types.pop()
        yields = [("%y", out_elements[k]) for k in range(n)]
        body.append(_scalar("%y", out_elements[0]))
        yields = [("%y", out_elements[0])] * n
    elif mutation < 0.58:
        i = rng.randrange(len(arg_types))
        arg_types[i] = _other(rng, arg_types[i])
        yields = [("%y", out_elements[0])] * n
        body.append(_scalar("%y", out_elements[0]))
    elif mutation < 0.68:
        element = _other(rng, out_elements[0])
        body.append(_scalar("%c", element))
        yields[0] = ("%c", element)
    elif mutation < 0.74:
        yields = yields[:-1] if n == 2 else [*yields, yields[0]]
    ins_types = [tensor(s, e) for s, e in zip(in_shapes, in_elements, strict=True)]
    out_types = [tensor(out_shapes[k % n], out_elements[k % n]) for k in range(n_out)]
    args = [(f"%a{i}", t) for i, t in enumerate([*ins_types, *out_types])]
    ins = f"ins({', '.join(n_ for n_, _ in args[:n])} : {', '.join(ins_types)})"
    outs = f"outs({', '.join(n_ for n_, _ in args[n:])} : {', '.join(out_types)})"
    block = ", ".join(f"%b{i}: {t}" for i, t in enumerate(arg_types))
    head = f"%r:{n_out}" if n_out > 1 else "%r"
    yielded = f"linalg.yield {', '.join(x for x, _ in yields)} : {', '.join(t for _, t in yields)}"
    lines = [
        f"{head} = linalg.reduce {ins} {outs} dimensions = [{', '.join(map(str, dims))}]",
        f"  ({block}) {{",
        *[f"    {line}" for line in body],
        f"    {yielded}",
        "  }",
    ]
    return Case(index, "linalg", "linalg.reduce", "custom", campaign.module(args, lines))


def _transpose(rng: random.Random, index: int) -> Case:
    shape = _static_shape(rng, 1, 3)
    perm = list(range(len(shape)))
    rng.shuffle(perm)
    element = rng.choice(ELEMENTS)
    out_element = element if _p(rng, 0.6) else _other(rng, element)
    out = [shape[p] for p in perm]
    args = [("%a0", tensor(shape, element)), ("%a1", tensor(out, out_element))]
    line = (
        f"%r = linalg.transpose ins(%a0 : {args[0][1]}) outs(%a1 : {args[1][1]}) "
        f"permutation = [{', '.join(map(str, perm))}]"
    )
    return Case(index, "linalg", "linalg.transpose", "custom", campaign.module(args, line))


def _linalg(rng: random.Random, index: int) -> Case:
    make = rng.choices([_generic, _map, _reduce, _transpose], weights=[4, 2, 4, 1])[0]
    return make(rng, index)


# ---------------------------------------------------------------- stablehlo


def _hlo_types(rng: random.Random, count: int) -> list[str]:
    out = []
    for _ in range(count):
        shape = [rng.choice([1, 2, 4, None]) if _p(rng, 0.15) else rng.randint(1, 4) for _ in range(rng.randint(0, 2))]
        out.append(tensor(shape, rng.choice(["f32", "f16", "i32", "i1"])))
    return out


def _changed(rng: random.Random, t: str) -> str:
    """Another tensor type: another element type, or another size or rank."""
    if _p(rng, 0.5):
        element = "f16" if not t.endswith("f16>") else "f32"
        return t.rsplit("x", 1)[0] + "x" + element + ">" if "x" in t else f"tensor<{element}>"
    return "tensor<7xf32>" if t != "tensor<7xf32>" else "tensor<3xf32>"


class _Values:
    """Values of given types for a case: function arguments (a constant of a dynamic type would
    not parse), named ``%v0``, ``%v1``, ..."""

    def __init__(self) -> None:
        self.args: list[tuple[str, str]] = []

    def of(self, t: str) -> str:
        name = f"%v{len(self.args)}"
        self.args.append((name, t))
        return name


def _ret(values: list[tuple[str, str]]) -> str:
    if not values:
        return "stablehlo.return"
    return f"stablehlo.return {', '.join(n for n, _ in values)} : {', '.join(t for _, t in values)}"


def _while(rng: random.Random, index: int) -> Case:
    k = rng.randint(1, 3)
    types = _hlo_types(rng, k)
    values = _Values()
    generic = _p(rng, 0.4)
    cond_args, body_args, results = list(types), list(types), list(types)
    cond_body = [_hlo_constant("%c", "tensor<i1>")]
    cond_ret = [("%c", "tensor<i1>")]
    body_lines: list[str] = []
    body_ret = [(f"%x{i}", t) for i, t in enumerate(types)]
    mutation = rng.random()
    if mutation < 0.15:
        t = rng.choice(["tensor<i32>", "tensor<2xi1>", "tensor<f32>"])
        cond_body = [_hlo_constant("%c", t)]
        cond_ret = [("%c", t)]
    elif mutation < 0.22:
        cond_ret = [("%c", "tensor<i1>"), ("%c", "tensor<i1>")] if _p(rng, 0.6) else []
    elif mutation < 0.37:
        i = rng.randrange(k)
        t = _changed(rng, types[i])
        body_ret[i] = (values.of(t), t)
    elif mutation < 0.45:
        body_ret = body_ret[:-1] if _p(rng, 0.5) else [*body_ret, body_ret[0]]
    elif generic and mutation < 0.6:
        which = cond_args if _p(rng, 0.5) else body_args
        i = rng.randrange(k)
        which[i] = _changed(rng, which[i])
        if which is body_args:
            body_ret[i] = (values.of(types[i]), types[i])
    elif generic and mutation < 0.68:
        (cond_args if _p(rng, 0.5) else body_args).pop()
        body_ret = [(values.of(t), t) for t in types]
    elif generic and mutation < 0.78:
        i = rng.randrange(k)
        results[i] = _changed(rng, results[i])
    if generic and _p(rng, 0.15):  # two things wrong: which the tool reports first
        i = rng.randrange(k)
        results[i] = _changed(rng, results[i])
    args = [(f"%a{i}", t) for i, t in enumerate(types)]
    head = f"%r:{k}" if k > 1 else "%r"
    ret = _ret
    if generic:
        lines = [
            f'{head} = "stablehlo.while"({", ".join(n for n, _ in args)}) ({{',
            f"^bb0({', '.join(f'%w{i}: {t}' for i, t in enumerate(cond_args))}):",
            *[f"  {line}" for line in cond_body],
            f"  {ret(cond_ret)}",
            "}, {",
            f"^bb0({', '.join(f'%x{i}: {t}' for i, t in enumerate(body_args))}):",
            *[f"  {line}" for line in body_lines],
            f"  {ret(body_ret)}",
            f"}}) : ({', '.join(types)}) -> ({', '.join(results)})",
        ]
    else:
        bindings = ", ".join(f"%x{i} = %a{i}" for i in range(k))
        lines = [
            f"{head} = stablehlo.while({bindings}) : {', '.join(types)}",
            "cond {",
            *[f"  {line}" for line in cond_body],
            f"  {ret(cond_ret)}",
            "} do {",
            *[f"  {line}" for line in body_lines],
            f"  {ret(body_ret)}",
            "}",
        ]
    form = "generic" if generic else "custom"
    return Case(index, "hlo", "stablehlo.while", form, campaign.module([*args, *values.args], lines))


def _case(rng: random.Random, index: int) -> Case:
    is_if = _p(rng, 0.35)
    branches = 2 if is_if else rng.randint(1, 3)
    k = rng.randint(1, 2)
    types = _hlo_types(rng, k)
    returned = [list(types) for _ in range(branches)]
    results = list(types)
    arguments = [False] * branches
    mutation = rng.random()
    if mutation < 0.2 and branches > 1:
        b, i = rng.randrange(1, branches), rng.randrange(k)
        returned[b][i] = _changed(rng, returned[b][i])
    elif mutation < 0.3 and branches > 1:
        b = rng.randrange(1, branches)
        returned[b] = returned[b][:-1] if _p(rng, 0.5) else [*returned[b], types[0]]
    elif mutation < 0.4:
        arguments[rng.randrange(branches)] = True
    elif mutation < 0.55:
        i = rng.randrange(k)
        results[i] = _changed(rng, results[i])
    elif mutation < 0.65:
        i = rng.randrange(k)
        if "x" in results[i]:  # a static size made dynamic: compatible
            results[i] = "tensor<" + "?x" * results[i].count("x") + results[i].rsplit("x", 1)[1]
    if _p(rng, 0.15):  # two things wrong
        i = rng.randrange(k)
        results[i] = _changed(rng, results[i])
    pred = "tensor<i1>" if is_if else "tensor<i32>"
    values = _Values()
    lines = [f'{"%r:" + str(k) if k > 1 else "%r"} = "stablehlo.{"if" if is_if else "case"}"(%p) ({{']
    for b in range(branches):
        if arguments[b]:
            lines.append("^bb0(%q: tensor<f32>):")
        if _p(rng, 0.3) and returned[b] and "?" not in returned[b][0]:
            lines.append(f"  {_hlo_constant('%c', returned[b][0])}")
            returns = [("%c", returned[b][0])] + [(values.of(t), t) for t in returned[b][1:]]
        else:
            returns = [(values.of(t), t) for t in returned[b]]
        lines.append(f"  {_ret(returns)}")
        lines.append("}, {" if b < branches - 1 else f"}}) : ({pred}) -> ({', '.join(results)})")
    op = "stablehlo.if" if is_if else "stablehlo.case"
    return Case(index, "hlo", op, "generic", campaign.module([("%p", pred), *values.args], lines))


def _window_output(
    size: int | None, window: int, stride: int, base: int, dilation: int, pad: tuple[int, int]
) -> int | None:
    if size is None:
        return None
    padded = pad[0] + (0 if size == 0 else (size - 1) * base + 1) + pad[1]
    dilated = (window - 1) * dilation + 1
    return 0 if padded == 0 or dilated > padded else (padded - dilated) // stride + 1


def _reduce_window(rng: random.Random, index: int) -> Case:
    rank = rng.randint(1, 3)
    shape: list[int | None] = [rng.randint(1, 8) for _ in range(rank)]
    if _p(rng, 0.1):
        shape[rng.randrange(rank)] = None
    element = rng.choice(["f32", "f16", "i32"])
    dims = [rng.randint(1, 3) for _ in range(rank)]
    strides = [rng.randint(1, 2) for _ in range(rank)] if _p(rng, 0.7) else None
    base = [rng.randint(1, 2) for _ in range(rank)] if _p(rng, 0.2) else None
    dilation = [rng.randint(1, 2) for _ in range(rank)] if _p(rng, 0.2) else None
    pads = [(rng.randint(0, 1), rng.randint(0, 1)) for _ in range(rank)] if _p(rng, 0.4) else None
    out = [
        _window_output(d, dims[i], strides[i] if strides else 1, base[i] if base else 1,
                       dilation[i] if dilation else 1, pads[i] if pads else (0, 0))
        for i, d in enumerate(shape)
    ]  # fmt: skip
    arg = f"tensor<{element}>"
    body_ret = arg
    result_shape: list[int | None] = list(out)
    mutation = rng.random()
    if mutation < 0.1:
        dims = dims[:-1] if rank > 1 and _p(rng, 0.5) else [*dims, 1]
    elif mutation < 0.2:
        which = rng.choice(["strides", "base", "dilation", "pads"])
        if which == "strides":
            strides = [*(strides or [1] * rank), 1]
        elif which == "base":
            base = [*(base or [1] * rank)][:-1] or [1, 1]
        elif which == "dilation":
            dilation = [*(dilation or [1] * rank), 2]
        else:
            pads = [*(pads or [(0, 0)] * rank), (0, 0)]
    elif mutation < 0.28:
        i = rng.randrange(rank)
        if _p(rng, 0.5):
            dims[i] = rng.choice([0, -1])
        else:
            strides = list(strides or [1] * rank)
            strides[i] = 0
    elif mutation < 0.4:
        body_ret = f"tensor<{_other(rng, element)}>"
    elif mutation < 0.55:
        i = rng.randrange(rank)
        d = result_shape[i]
        result_shape[i] = 1 if d is None else d + 1
    if _p(rng, 0.15):  # two things wrong
        i = rng.randrange(rank)
        result_shape[i] = 1 if result_shape[i] is None else result_shape[i] + 2  # type: ignore[operator]
    attrs = [f"window_dimensions = array<i64: {', '.join(map(str, dims))}>"]
    if strides:
        attrs.append(f"window_strides = array<i64: {', '.join(map(str, strides))}>")
    if base:
        attrs.append(f"base_dilations = array<i64: {', '.join(map(str, base))}>")
    if dilation:
        attrs.append(f"window_dilations = array<i64: {', '.join(map(str, dilation))}>")
    if pads:
        rows = ", ".join(f"[{a}, {b}]" for a, b in pads)
        attrs.append(f"padding = dense<[{rows}]> : tensor<{len(pads)}x2xi64>")
    values = _Values()
    ret_value = "%s" if body_ret == arg else values.of(body_ret)
    body = "%s = stablehlo.add %x, %y : " + arg if body_ret == arg else None
    out_element = element if body_ret == arg else body_ret[len("tensor<") : -1]
    result = tensor(result_shape, out_element)
    source = tensor(shape, element)
    lines = [
        f'%r = "stablehlo.reduce_window"(%a0, %a1) <{{{", ".join(attrs)}}}> ({{',
        f"^bb0(%x: {arg}, %y: {arg}):",
        *([f"  {body}"] if body else []),
        f"  stablehlo.return {ret_value} : {body_ret}",
        f"}}) : ({source}, {arg}) -> {result}",
    ]
    args = [("%a0", source), ("%a1", arg), *values.args]
    return Case(index, "hlo", "stablehlo.reduce_window", "generic", campaign.module(args, lines))


def _sort(rng: random.Random, index: int) -> Case:
    n = rng.randint(1, 3)
    shape = [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]
    elements = [rng.choice(["f32", "f16", "i32"]) for _ in range(n)]
    types = [tensor(shape, e) for e in elements]
    results = list(types)
    dimension: int | None = rng.randint(-len(shape), len(shape) - 1) if _p(rng, 0.8) else None
    args = [f"tensor<{e}>" for e in elements for _ in range(2)]
    ret = ("%c", "tensor<i1>")
    values = _Values()
    mutation = rng.random()
    if mutation < 0.1:
        dimension = rng.choice([len(shape), len(shape) + 1, -len(shape) - 1])
    elif mutation < 0.2:
        args = args[:-1] if _p(rng, 0.5) else [*args, "tensor<f32>"]
    elif mutation < 0.3:
        i = rng.randrange(len(args))
        args[i] = rng.choice(["tensor<f64>", "tensor<i8>", "tensor<2xf32>"])
    elif mutation < 0.4:
        t = rng.choice(["tensor<i32>", "tensor<2xi1>", "tensor<f32>"])
        ret = (values.of(t), t)
    elif mutation < 0.5:
        i = rng.randrange(n)
        results[i] = tensor(shape, _other(rng, elements[i]))
    elif mutation < 0.6:
        i = rng.randrange(n)
        results[i] = tensor([*shape[:-1], shape[-1] + 1], elements[i])
    if _p(rng, 0.15):  # two things wrong
        i = rng.randrange(n)
        results[i] = tensor(shape, _other(rng, elements[i]))
    props = f" <{{dimension = {dimension} : i64}}>" if dimension is not None else ""
    two = ret[0] == "%c" and _p(rng, 0.08)
    lines = [
        f'{"%r:" + str(n) if n > 1 else "%r"} = "stablehlo.sort"({", ".join(f"%a{i}" for i in range(n))}){props} ({{',
        f"^bb0({', '.join(f'%x{i}: {t}' for i, t in enumerate(args))}):",
        "  %c = stablehlo.constant dense<true> : tensor<i1>",
        f"  {_ret([ret, ret] if two else [ret])}",
        f"}}) : ({', '.join(types)}) -> ({', '.join(results)})",
    ]
    fn_args = [(f"%a{i}", t) for i, t in enumerate(types)]
    return Case(index, "hlo", "stablehlo.sort", "generic", campaign.module([*fn_args, *values.args], lines))


def _hlo_map(rng: random.Random, index: int) -> Case:
    n = rng.randint(1, 3)
    shape = [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]
    elements = [rng.choice(["f32", "f16", "i32"]) for _ in range(n)]
    types = [tensor(shape, e) for e in elements]
    args = [f"tensor<{e}>" for e in elements]
    dims = list(range(len(shape)))
    out_element = elements[0]
    ret = ("%x0", args[0])
    result = tensor(shape, out_element)
    values = _Values()
    mutation = rng.random()
    if mutation < 0.1:
        args = args[:-1] if n > 1 else [*args, "tensor<f32>"]
    elif mutation < 0.2:
        i = rng.randrange(n)
        args[i] = rng.choice([f"tensor<1x{elements[i]}>", f"tensor<{_other(rng, elements[i])}>"])
        ret = (values.of(f"tensor<{out_element}>"), f"tensor<{out_element}>")
    elif mutation < 0.3:
        t = rng.choice(["tensor<2xf32>", f"tensor<{_other(rng, out_element)}>"])
        ret = (values.of(t), t)
        if t != "tensor<2xf32>":
            result = tensor(shape, t[len("tensor<") : -1])
    elif mutation < 0.38:
        dims = list(reversed(dims)) if len(dims) > 1 else [0, 0]
    elif mutation < 0.46:
        dims = dims[:-1]
    elif mutation < 0.56:
        result = tensor(shape, _other(rng, out_element))
    elif mutation < 0.64:
        result = tensor([*shape[:-1], shape[-1] + 1], out_element)
    two = _p(rng, 0.05)
    block = ", ".join(f"%x{i}: {t}" for i, t in enumerate(args))
    lines = [
        f'%r = "stablehlo.map"({", ".join(f"%a{i}" for i in range(n))}) '
        f"<{{dimensions = array<i64{': ' if dims else ''}{', '.join(map(str, dims))}>}}> ({{",
        f"^bb0({block}):",
        f"  {_ret([ret, ret] if two else [ret])}",
        f"}}) : ({', '.join(types)}) -> {result}",
    ]
    fn_args = [(f"%a{i}", t) for i, t in enumerate(types)]
    return Case(index, "hlo", "stablehlo.map", "generic", campaign.module([*fn_args, *values.args], lines))


def _hlo(rng: random.Random, index: int) -> Case:
    return rng.choices([_while, _case, _reduce_window, _sort, _hlo_map], weights=[4, 3, 3, 2, 2])[0](rng, index)


# ---------------------------------------------------------------- chlo.top_k, tensor.concat, tensor.dim


def _top_k(rng: random.Random, index: int) -> Case:
    shape = [rng.randint(1, 6) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))]
    if shape and _p(rng, 0.15):
        shape[-1] = None  # type: ignore[call-overload]
    k = rng.randint(1, 6)
    element = rng.choice(["f32", "f16", "i32"])
    out = [*shape[:-1], k] if shape else [k]
    values, indices = tensor(out, element), tensor(out, "i32")
    mutation = rng.random()
    if mutation < 0.15:
        values = tensor([*out[:-1], k + 1], element)
    elif mutation < 0.25:
        indices = tensor(out, "i64")
    elif mutation < 0.35:
        values = tensor(out, _other(rng, element))
    stable = rng.choice(["", "", ", is_stable = false", ", is_stable = true"])
    line = f"%r:2 = chlo.top_k(%a0, k = {k}{stable}) : {tensor(shape, element)} -> ({values}, {indices})"
    return Case(index, "tensor-chlo", "chlo.top_k", "custom", campaign.module([("%a0", tensor(shape, element))], line))


def _concat(rng: random.Random, index: int) -> Case:
    n = rng.choice([0, 0, 1, 2])
    shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 2))]
    args = [(f"%a{i}", tensor(shape)) for i in range(n)]
    out = list(shape)
    out[0] = shape[0] * max(n, 1) + (1 if _p(rng, 0.2) else 0)
    generic = _p(rng, 0.3)
    names, types = ", ".join(x for x, _ in args), ", ".join(t for _, t in args)
    if generic:
        line = f'%r = "tensor.concat"({names}) <{{dim = 0 : i64}}> : ({types}) -> {tensor(out)}'
    else:
        line = f"%r = tensor.concat dim(0) {names} : ({types}) -> {tensor(out)}".replace("  ", " ")
    return Case(index, "tensor-chlo", "tensor.concat", "generic" if generic else "custom", campaign.module(args, line))


def _dim(rng: random.Random, index: int) -> Case:
    source = rng.choice(["tensor<4x?xf32>", "tensor<f32>", "tensor<*xf32>", "f32", "memref<4xf32>", "tensor<3xi8>"])
    index_type = "index" if _p(rng, 0.8) else "i64"
    result = "index" if _p(rng, 0.8) else "i32"
    args = [("%a0", source), ("%a1", index_type)]
    if source.startswith("tensor") and index_type == "index" and result == "index" and _p(rng, 0.5):
        line = f"%r = tensor.dim %a0, %a1 : {source}"
        form = "custom"
    else:
        line = f'%r = "tensor.dim"(%a0, %a1) : ({source}, {index_type}) -> {result}'
        form = "generic"
    return Case(index, "tensor-chlo", "tensor.dim", form, campaign.module(args, line))


def _tensor_chlo(rng: random.Random, index: int) -> Case:
    return rng.choices([_top_k, _concat, _dim], weights=[3, 1, 1])[0](rng, index)


@pytest.mark.parametrize(
    ("family", "make"),
    [("linalg", _linalg), ("hlo", _hlo), ("tensor-chlo", _tensor_chlo)],
    ids=["linalg", "hlo", "tensor-chlo"],
)
def test_regions_against_iree(family: str, make: Callable[[random.Random, int], Case]) -> None:
    ctx = campaign.ctx_or_fail()
    cases = campaign.generate(family, COUNT, SEED, make)
    campaign.compare(family, cases, ctx, minimum=min(COUNT, 2000), seed=SEED)
