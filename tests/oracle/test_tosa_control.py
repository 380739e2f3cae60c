"""Differential test: TOSA's control flow and the last shape ops against the TOSA dialect of iree-base-compiler 3.13.

Each case is one function; its arguments give every value an op or a region uses. Families
(``BROADCHECK_TOSA_CONTROL_CASES`` cases each, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``cond_if``: ``tosa.cond_if`` in the generic form and both custom forms (``%c : C -> R`` and
  ``%c (%x = %a) : C (T) -> R``), 0-2 inputs and 0-3 results; each branch's block arguments and yields the
  op's lists or off (one value fewer or more, another element type, another rank or size, unranked, ``?``);
  conditions of one element or not (unranked, ``1x1``, ``2``), now and then not ``i1``; a size-0 result now and
  then;
* ``while_loop``: ``tosa.while_loop`` in the generic and the custom form, 1-3 loop values; results, the
  condition's arguments (generic form), the body's arguments and yields right or off as above; the condition
  yielding one ``i1`` of one element, or several values, more elements, another element type;
* ``shape``: ``tosa.dim`` (axes in and out of range, results ``!tosa.shape<1>`` or not, inputs of rank 0-4,
  unranked, size 0), ``tosa.concat_shape`` (0-3 operands from ``tosa.const_shape``, the result's rank right or
  off, a tensor operand now and then), ``tosa.slice_shape`` (start and size as ``tosa.const`` values in and
  out of range, or function arguments; results right or off), ``tosa.assert_equal_shape`` (ranks equal or
  not, values unequal) and ``tosa.argmin`` (axes, results, element types);
* ``cast_from_block_scaled``: data ranks 0-4 or unranked (a size 0 now and then), last sizes multiples of 32
  or not, scale and output shapes right or off (rank, one size, unranked), block sizes 32 and 1, element types
  in and out of the micro-scaling sets;
* ``reshape_block_scaled``: data alone (block size 1) or with a scale (32), ranks 1-3 or unranked, ``?`` sizes,
  last sizes multiples of 32 or not; the new shape (a ``tosa.const_shape``) of the data's element count or not,
  now and then with -1 or 0; each result and the scale right or off (rank, one size, unranked); element types
  and block sizes mixed; now and then three data operands or another result count;
* ``row_gather_block_scaled``: values alone (block size 1) or with a scale (32), indices and both results
  right or off (rank, one size, unranked), channels multiples of 32 or not, row_count a constant (now and then
  not positive) or an argument, element, index and block sizes mixed, now and then another result count;
* ``custom``: 0-3 operands and results of any tensor type (size 0, ``si8``, ``f64``, ``index``, quantized),
  now and then a vector or a memref.

Not generated: values of a type that is not shaped (``f32``, ``!tosa.shape<2>``: iree 3.13 crashes on some in
``tosa.custom``, and ``errorIfTypeOrShapeMismatch`` fails without a message on a region's); shape operands
that are not compile time resolvable (not judged, as for the shape arithmetic ops); ``tosa.cond_if``'s custom
form without results (``%c : tensor<i1> {``: broadcheck's reader does not take it) and an empty ``tosa.yield``
in its custom form (iree 3.13 prints ``tosa.yield :`` and cannot read it back).

Compared: verdict, first message, line and column (:func:`tests.oracle.campaign.compare`).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, module
from .test_tosa_newer import MX, _near
from .test_tosa_structural import _op, _p, _shape_const, t

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TOSA_CONTROL_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))

ELEMENTS = ["f32", "f32", "i32", "f16", "i8", "i1"]
Shape = list[int | None] | None


def _shape(rng: random.Random) -> Shape:
    if _p(rng, 0.08):
        return None
    return [rng.choice([1, 2, 3, None]) for _ in range(rng.randint(0, 2))]


def _tensor(rng: random.Random) -> tuple[Shape, str]:
    return _shape(rng), rng.choice(ELEMENTS)


def _vary(rng: random.Random, value: tuple[Shape, str], p: float) -> tuple[Shape, str]:
    """``value``, or now and then another element type, rank, size, unranked or dynamic."""
    shape, el = value
    if not _p(rng, p):
        return value
    roll = rng.random()
    if roll < 0.3:
        return shape, rng.choice([e for e in ELEMENTS if e != el])
    if roll < 0.45:
        return (None if shape is not None else [2]), el
    if shape is None or roll < 0.65:
        return ([*(shape or []), rng.choice([1, 2])] if _p(rng, 0.5) or not shape else shape[1:]), el
    out = list(shape)
    if out:
        i = rng.randrange(len(out))
        out[i] = rng.choice([None, 1, 2, 3, 4])
    return out, el


def _list(rng: random.Random, values: list[tuple[Shape, str]], p: float) -> list[tuple[Shape, str]]:
    """``values``, each perhaps varied; now and then one fewer or one more."""
    out = [_vary(rng, v, p) for v in values]
    if _p(rng, p / 3):
        if out and _p(rng, 0.5):
            out.pop(rng.randrange(len(out)))
        else:
            out.insert(rng.randint(0, len(out)), _tensor(rng))
    return out


class _Args:
    """The function's arguments: one per distinct type a region yields or the op takes."""

    def __init__(self) -> None:
        self.types: dict[str, str] = {}

    def of(self, text: str) -> str:
        if text not in self.types:
            self.types[text] = f"%v{len(self.types)}"
        return self.types[text]

    def list(self) -> list[tuple[str, str]]:
        return [(name, text) for text, name in self.types.items()]


def _text(value: tuple[Shape, str]) -> str:
    return t(value[0], value[1])


def _block(prefix: str, values: list[tuple[Shape, str]]) -> str:
    if not values:
        return ""
    return "^bb0(" + ", ".join(f"%{prefix}{i}: {_text(v)}" for i, v in enumerate(values)) + "):"


def _yield(args: _Args, values: list[tuple[Shape, str]], generic: bool) -> str:
    names = ", ".join(args.of(_text(v)) for v in values)
    types = ", ".join(_text(v) for v in values)
    if generic or not values:  # (iree 3.13 prints an empty yield ``tosa.yield :`` and cannot read that back)
        return f'"tosa.yield"({names}) : ({types}) -> ()'
    return f"tosa.yield {names} : {types}"


def _region(head: str, block: str, body: str) -> list[str]:
    return [head, *([f"  {block}"] if block else []), f"    {body}"]


def cond_if_case(rng: random.Random, index: int) -> Case:
    inputs = [_tensor(rng) for _ in range(rng.choice([0, 0, 1, 2]))]
    outputs = [_tensor(rng) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    if outputs and _p(rng, 0.03):
        outputs[0] = ([0], outputs[0][1])
    p = 0.12
    then_args, else_args = _list(rng, inputs, p), _list(rng, inputs, p)
    then_yields, else_yields = _list(rng, outputs, p), _list(rng, outputs, p)
    cond_shape: Shape = rng.choice([[], [], [], [1], [1, 1], None, [2], [None]])
    cond_el = "i1" if _p(rng, 0.95) else rng.choice(["i32", "f32"])
    args = _Args()
    cond = args.of(t(cond_shape, cond_el))
    operands = [args.of(_text(v)) for v in inputs]
    # (the custom form without results, ``%c : tensor<i1> {``, is not read by broadcheck: left out)
    form = rng.choice(["generic", "custom"]) if outputs else "generic"
    results = ", ".join(_text(v) for v in outputs)
    head = f"%r:{len(outputs)} = " if len(outputs) > 1 else "%r = " if outputs else ""
    if form == "generic":
        types = ", ".join([t(cond_shape, cond_el), *(_text(v) for v in inputs)])
        lines = [
            f'{head}"tosa.cond_if"({", ".join([cond, *operands])}) ({{',
            *([f"^bb0({', '.join(f'%t{i}: {_text(v)}' for i, v in enumerate(then_args))}):"] if then_args else []),
            f"  {_yield(args, then_yields, True)}",
            "}, {",
            *([f"^bb0({', '.join(f'%e{i}: {_text(v)}' for i, v in enumerate(else_args))}):"] if else_args else []),
            f"  {_yield(args, else_yields, True)}",
            f"}}) : ({types}) -> ({results})",
        ]
    else:
        arrow = f" -> ({results})" if len(outputs) != 1 else f" -> {results}"
        if inputs:
            bindings = ", ".join(f"%b{i} = {name}" for i, name in enumerate(operands))
            inputs_ = ", ".join(_text(v) for v in inputs)
            sig = f"{cond} ({bindings}) : {t(cond_shape, cond_el)} ({inputs_}){arrow if outputs else ' -> ()'}"
        else:
            sig = f"{cond} : {t(cond_shape, cond_el)}{arrow if outputs else ''}"
        lines = [
            f"{head}tosa.cond_if {sig} {{",
            *([_block("t", then_args)] if then_args else []),
            f"  {_yield(args, then_yields, False)}",
            "} else {",
            *([_block("e", else_args)] if else_args else []),
            f"  {_yield(args, else_yields, False)}",
            "}",
        ]
    return Case(index, "cond_if", "tosa.cond_if", form, module(args.list(), lines))


def while_loop_case(rng: random.Random, index: int) -> Case:
    inputs = [_tensor(rng) for _ in range(rng.randint(1, 3))]
    p = 0.1
    results = _list(rng, inputs, p)
    cond_args, body_args, body_yields = _list(rng, inputs, p), _list(rng, inputs, p), _list(rng, inputs, p)
    flag: list[tuple[Shape, str]] = [([], "i1")]
    roll = rng.random()
    if roll < 0.05:
        flag = [([], "i1"), ([], "i1")] if _p(rng, 0.7) else []
    elif roll < 0.12:
        flag = [(rng.choice([[2], [1, 2], None, [1, 1], [None]]), "i1")]
    elif roll < 0.18:
        flag = [([], rng.choice(["i32", "f32", "i8"]))]
    elif roll < 0.22:
        flag = [(rng.choice([[1], [1, 1], None]), "i1")]
    args = _Args()
    operands = [args.of(_text(v)) for v in inputs]
    form = rng.choice(["generic", "custom"])
    types = ", ".join(_text(v) for v in inputs)
    outs = ", ".join(_text(v) for v in results)
    head = f"%r:{len(results)} = " if len(results) > 1 else "%r = " if results else ""
    if form == "generic":
        lines = [
            f'{head}"tosa.while_loop"({", ".join(operands)}) ({{',
            *([f"^bb0({', '.join(f'%c{i}: {_text(v)}' for i, v in enumerate(cond_args))}):"] if cond_args else []),
            f"  {_yield(args, flag, True)}",
            "}, {",
            *([f"^bb0({', '.join(f'%d{i}: {_text(v)}' for i, v in enumerate(body_args))}):"] if body_args else []),
            f"  {_yield(args, body_yields, True)}",
            f"}}) : ({types}) -> ({outs})",
        ]
    else:
        bindings = ", ".join(f"%b{i} = {name}" for i, name in enumerate(operands))
        lines = [
            f"{head}tosa.while_loop ({bindings}) : ({types}) -> ({outs}) {{",
            f"  {_yield(args, flag, False)}",
            "} do {",
            *([_block("d", body_args)] if body_args else []),
            f"  {_yield(args, body_yields, False)}",
            "}",
        ]
    return Case(index, "while_loop", "tosa.while_loop", form, module(args.list(), lines))


def _const_i32(name: str, value: int) -> str:
    return f'{name} = "tosa.const"() <{{values = dense<{value}> : tensor<1xi32>}}> : () -> tensor<1xi32>'


def shape_case(rng: random.Random, index: int) -> Case:
    op = rng.choice(["dim", "concat_shape", "slice_shape", "assert_equal_shape", "argmin"])
    name = f"tosa.{op}"
    if op == "dim":
        rank = rng.choice([0, 1, 2, 3, 4, 4, None])
        shape: Shape = None if rank is None else [rng.choice([1, 2, 3, None]) for _ in range(rank)]
        if shape and _p(rng, 0.05):
            shape[0] = 0
        axis = rng.randint(-1, 4) if rank is None else rng.choice([*range(rank), -1, rank, rank + 2] if rank else [0])
        out = "!tosa.shape<1>" if _p(rng, 0.85) else rng.choice(["!tosa.shape<2>", "!tosa.shape<0>", "tensor<1xindex>"])
        el = rng.choice(["f32", "i32", "i8", "f16"])
        text = _op(name, [("%x", t(shape, el))], [out], f"axis({axis})")
    elif op == "concat_shape":
        ranks = [rng.randint(0, 3) for _ in range(rng.choice([0, 1, 2, 2, 3]))]
        consts = [_shape_const(f"%s{i}", [rng.randint(1, 5) for _ in range(r)]) for i, r in enumerate(ranks)]
        operands = [(f"%s{i}", f"!tosa.shape<{r}>") for i, r in enumerate(ranks)]
        if operands and _p(rng, 0.05):
            operands[-1] = ("%x", f"tensor<{max(ranks[-1], 1)}xindex>")
        out = sum(ranks) if _p(rng, 0.8) else rng.randint(0, 6)
        text = _op(name, operands, [f"!tosa.shape<{out}>"], consts=consts)
    elif op == "slice_shape":
        rank = rng.randint(1, 6)
        start = rng.randint(0, rank - 1) if _p(rng, 0.8) else rng.choice([-1, rank, rank + 1])
        size = rng.randint(1, rank - start) if 0 <= start < rank and _p(rng, 0.75) else rng.choice([-1, 0, 1, 2, 5])
        consts = [_shape_const("%s0", list(range(1, rank + 1)))]
        operands = [("%s0", f"!tosa.shape<{rank}>")]
        for n, v in (("%s1", start), ("%s2", size)):
            if _p(rng, 0.85):
                consts.append(_const_i32(n, v))
                operands.append((n, "tensor<1xi32>"))
            else:
                operands.append(
                    (n.replace("%s", "%a"), rng.choice(["tensor<1xi32>"] * 6 + ["tensor<i32>", "tensor<1xi64>"]))
                )
        out = size if size > 0 and _p(rng, 0.85) else rng.randint(1, 4)
        text = _op(name, operands, [f"!tosa.shape<{out}>"], consts=consts)
    elif op == "assert_equal_shape":
        ranks = [rng.randint(1, 3)]
        ranks.append(ranks[0] if _p(rng, 0.7) else rng.randint(1, 4))
        consts = [_shape_const(f"%s{i}", [rng.randint(1, 4) for _ in range(r)]) for i, r in enumerate(ranks)]
        operands = [(f"%s{i}", f"!tosa.shape<{r}>") for i, r in enumerate(ranks)]
        if _p(rng, 0.05):
            operands[0] = ("%x", "tensor<2xf32>")
        flag = rng.choice(["true", "false"])
        body = f"tosa.assert_equal_shape {', '.join(n for n, _ in operands)} allow_broadcast({flag}) : ({', '.join(ty for _, ty in operands)}) -> ()"
        args = [(n, ty) for n, ty in operands if not n.startswith("%s")]
        text = module(args, [*consts, body])
    else:
        rank = rng.randint(1, 4)
        shape = [rng.choice([1, 2, 3, None]) for _ in range(rank)]
        if _p(rng, 0.08):
            shape = None
        axis = rng.randint(0, rank - 1) if _p(rng, 0.85) else rng.choice([-1, rank, rank + 1])
        result: Shape = None if shape is None else [d for i, d in enumerate(shape) if i != axis]
        if result is not None and _p(rng, 0.2):
            if result and _p(rng, 0.6):
                result[rng.randrange(len(result))] = rng.choice([4, 5, None])
            else:
                result = [*result, 2]
        if result is None and shape is None:
            result = [rng.choice([1, 2, 3]) for _ in range(max(rank - 1, 0))]
        el = rng.choice(["f32", "i8", "f16"])
        out_el = "i32" if _p(rng, 0.9) else rng.choice(["f32", "i8"])
        text = _op(name, [("%x", t(shape, el))], [t(result, out_el)], f"axis({axis})")
    return Case(index, "shape", name, "custom", text)


def cast_from_block_scaled_case(rng: random.Random, index: int) -> Case:
    r = rng.choice([1, 2, 3, 3, 4, None, 0])
    data = None if r is None else [rng.choice([1, 2, 32, 64, 96, None]) for _ in range(r)]
    if data and _p(rng, 0.03):
        data[0] = 0
    block = 32 if _p(rng, 0.9) else 1
    scale = None if data is None else [*data[:-1], None if data[-1] is None else max(data[-1] // 32, 1)] if data else []
    scale, out = _near(rng, scale), _near(rng, data)
    el = rng.choice(MX) if _p(rng, 0.92) else rng.choice(["f32", "i8", "f8E8M0FNU"])
    sel = "f8E8M0FNU" if _p(rng, 0.92) else rng.choice(["f32", "i8", "f8E4M3FN"])
    out_el = rng.choice(["f32", "bf16", "f16", "f32", "i8", "f64", "f8E4M3FN"])
    operands = [("%a", t(data, el)), ("%b", t(scale, sel))]  # (`_op` takes "%s..." for constants)
    text = _op("tosa.cast_from_block_scaled", operands, [t(out, out_el)], f"block_size<BLOCK_SIZE_{block}>")
    return Case(index, "cast_from_block_scaled", "tosa.cast_from_block_scaled", "custom", text)


def _new_shape(rng: random.Random, data: list[int | None] | None, scaled: bool) -> list[int]:
    """A new shape for ``data``: of its element count mostly (its last size a multiple of 32 when scaled)."""
    if data is None or None in data or _p(rng, 0.1):
        return [rng.choice([1, 2, 4, 32, 64]) for _ in range(rng.randint(1, 3))]
    count = 1
    for d in data:
        count *= d or 0
    options = [[count], [1, count], list(reversed(data)), list(data)]
    if count % 2 == 0:
        options.append([count // 2, 2] if not scaled else [2, count // 2])
    if scaled:
        options = [o for o in options if o and o[-1] % 32 == 0] or [[count]]
    new = list(rng.choice(options))
    if _p(rng, 0.15):
        new[rng.randrange(len(new))] = rng.choice([-1, 0, 3, 48, 2])
    return new


def reshape_block_scaled_case(rng: random.Random, index: int) -> Case:
    scaled = _p(rng, 0.55)
    data: list[int | None] | None = [rng.choice([1, 2, 4]) for _ in range(rng.randint(0, 2))]
    data.append(rng.choice([32, 64, 96]) if scaled else rng.choice([1, 2, 3, 32]))
    if _p(rng, 0.06):
        data = None
    elif _p(rng, 0.06):
        data[rng.randrange(len(data))] = None
    elif scaled and _p(rng, 0.05):
        data[-1] = 33
    new = _new_shape(rng, data, scaled)
    el = rng.choice(MX) if scaled else rng.choice(["f32", "i8", "f16", *MX[:2]])
    out_el = el if _p(rng, 0.94) else rng.choice(["f32", "f8E4M3FN", "i8"])
    operands = [("%a", t(data, el))]
    typed: list[int | None] = [None if v < 0 else v for v in new]  # (a -1 entry: a dynamic size)
    results = [t(_near(rng, typed) if _p(rng, 0.3) else typed, out_el)]
    if scaled:
        scale = None if data is None else [*data[:-1], None if data[-1] is None else max(data[-1] // 32, 1)]
        sel = "f8E8M0FNU" if _p(rng, 0.95) else "f32"
        operands.append(("%b", t(_near(rng, scale) if _p(rng, 0.3) else scale, sel)))
        new_scale = [*typed[:-1], None if new[-1] < 0 else new[-1] // 32] if new else []
        results.append(t(_near(rng, new_scale) if _p(rng, 0.3) else new_scale, sel))
    if _p(rng, 0.03):
        operands.append(("%c", operands[-1][1]))
        results.append(results[-1])
    elif _p(rng, 0.03):
        results = results[:1] if len(results) == 2 else [*results, results[0]]
    block = (32 if scaled else 1) if _p(rng, 0.92) else (1 if scaled else 32)
    consts = [_shape_const("%s0", new)]
    operands.append(("%s0", f"!tosa.shape<{len(new)}>"))
    text = _op("tosa.reshape_block_scaled", operands, results, f"block_size<BLOCK_SIZE_{block}>", consts)
    return Case(index, "reshape_block_scaled", "tosa.reshape_block_scaled", "custom", text)


def row_gather_block_scaled_case(rng: random.Random, index: int) -> Case:
    scaled = _p(rng, 0.55)
    n, k, w, rows = rng.randint(1, 3), rng.randint(1, 6), rng.randint(1, 5), rng.randint(1, 3)
    c = rng.choice([32, 64, 33]) if scaled else rng.randint(1, 4)
    cs = max(c // 32, 1)
    el = rng.choice(MX) if scaled else rng.choice(["f32", "i8", "f16"])
    out_el = el if _p(rng, 0.94) else rng.choice(["f32", "i8", "f8E4M3FN"])
    operands = [("%v", t(_near(rng, [n, k, c]), el))]
    results = [t(_near(rng, [n, w * rows, c]), out_el)]
    if scaled:
        sel = "f8E8M0FNU" if _p(rng, 0.95) else "f32"
        operands.append(("%w", t(_near(rng, [n, k, cs]), sel)))
        results.append(t(_near(rng, [n, w * rows, cs]), sel if _p(rng, 0.95) else "f8E8M0FNU"))
    if _p(rng, 0.03):
        results = results[:1] if len(results) == 2 else [*results, results[0]]
    index_el = rng.choice(["i32", "i32", "i64"] if _p(rng, 0.9) else ["i16"])
    operands.append(("%i", t(_near(rng, [n, w]), index_el)))
    consts = []
    if _p(rng, 0.75):
        count = rows if _p(rng, 0.85) else rng.choice([0, -1])
        consts.append(f'%s0 = "tosa.const"() <{{values = dense<{count}> : tensor<1xi32>}}> : () -> tensor<1xi32>')
        operands.append(("%s0", "tensor<1xi32>"))
    else:
        operands.append(("%rc", rng.choice(["tensor<1xi32>", "tensor<1xi32>", "tensor<i32>"])))
    block = (32 if scaled else 1) if _p(rng, 0.92) else (1 if scaled else 32)
    text = _op("tosa.row_gather_block_scaled", operands, results, f"block_size<BLOCK_SIZE_{block}>", consts)
    return Case(index, "row_gather_block_scaled", "tosa.row_gather_block_scaled", "custom", text)


CUSTOM_TYPES = ["f32", "i32", "i8", "i1", "f16", "f64", "si8", "ui8", "index", "!quant.uniform<i8:f32, 0.5>"]


def custom_case(rng: random.Random, index: int) -> Case:
    def one() -> str:
        if _p(rng, 0.04):
            return rng.choice(["vector<2xf32>", "memref<2xf32>"])
        shape = _shape(rng)
        if shape and _p(rng, 0.06):
            shape[rng.randrange(len(shape))] = 0
        return t(shape, rng.choice(CUSTOM_TYPES))

    operands = [(f"%a{i}", one()) for i in range(rng.randint(0, 3))]
    results = [one() for _ in range(rng.randint(0, 3))]
    names = ", ".join(n for n, _ in operands)
    types = ", ".join(ty for _, ty in operands)
    head = f"%r:{len(results)} = " if len(results) > 1 else "%r = " if results else ""
    attrs = 'operator_name("x") domain_name("y") implementation_attrs("")'
    body = f"{head}tosa.custom {names}{' ' if names else ''}{attrs} : ({types}) -> ({', '.join(results)})"
    return Case(index, "custom", "tosa.custom", "custom", module(operands, body))


FAMILIES = {
    "cond_if": cond_if_case,
    "while_loop": while_loop_case,
    "shape": shape_case,
    "cast_from_block_scaled": cast_from_block_scaled_case,
    "custom": custom_case,
    "reshape_block_scaled": reshape_block_scaled_case,
    "row_gather_block_scaled": row_gather_block_scaled_case,
}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_tosa_control_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"tosa {family}", cases, ctx, seed=SEED)
