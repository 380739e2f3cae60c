"""Differential test: StableHLO's rules for quantized element types against iree-base-compiler 3.13
(issue 29; dialects/stablehlo/quant.py and semantics/stablehlo.py's ``Quant``).

Random ``!quant.uniform`` types (storage ``i2``-``i32``, ``u8``, ``ui8``, now and then ``si8``, ``i3``
or a narrowed range; ``f32``/``f16``/``bf16`` expressed; per-tensor or per-axis; zero points now and
then out of range), each op's result derived from its operands' types and then, half of the time,
changed (a scale, a zero point, the storage or expressed type, the granularity, the quantized
dimension). Families, each ``BROADCHECK_QUANT_CASES`` cases (default 250; 14 families, so 3,500 in
all), ``BROADCHECK_HLO_SEED``:

* ``elementwise``: ``add``, ``subtract``, ``multiply``, ``maximum``, ``negate``, ``abs``, ``clamp``
  (the ODS constraints of quantized types; ``add``'s add_c2 to c7; compatible types);
* ``transpose`` (transpose_c1, c4), ``reshape`` and ``dynamic_reshape`` (c1, c3), ``broadcast_in_dim`` (c1, c6 and
  its scales), ``dot_general`` (c14 to c20), ``convolution`` (c28 to c34), ``constant`` (a literal
  of the result's storage type), ``bitcast_convert`` (a quantized type's width is its storage's);
* ``dot`` (its own test, ``BROADCHECK_QUANT_DOT_CASES`` cases, default 2,000: the ODS constraints
  of quantized types and the shapes; StableHLO's verifyDotOp has no quantized rule);
* the reduction bodies of ``reduce``, ``reduce_window``, ``scatter``, ``select_and_scatter`` and
  ``all_reduce`` (``verifyReducerShape``: element types promotable from the inputs' and init
  values').

Compared: the first error's message and line.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_QUANT_CASES", 250))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

KINDS = [
    ("ods", r"must be "),
    ("scale and zero_point", r"expect same quantization scale"),
    ("quantization dimension", r"quantization_dimension|quantization dimension|product of dimensions"),
    ("broadcast scales", r"mismatch result (scale|zero_point)"),
    ("rhs quantized", r"rhs should be quantized|Zero points? of rhs|Quantization dimension of rhs"),
    ("contract types", r"mismatched (lhs|rhs)"),
    ("add", r"quantized or non-quantized|mismatched operands and result|per_axis quantized"),
    ("promotable", r"promotable"),
    ("compatible elements", r"compatible element types?"),
    ("inferred", r"inferred type|incompatible|compatible types|failed to infer"),
    ("shape rules", r"."),
]

_SCALES = [0.1, 0.2, 0.5, 1.0, 2.0, 0.25]


class Q:
    """A quantized element type to write: storage, range, expressed type, axis and parameters."""

    def __init__(
        self, storage: str, expressed: str, params: list[tuple[float, int]], axis: int | None, limits: str = ""
    ) -> None:
        self.storage, self.expressed, self.params, self.axis, self.limits = storage, expressed, params, axis, limits

    def copy(self) -> Q:
        return Q(self.storage, self.expressed, list(self.params), self.axis, self.limits)

    def __str__(self) -> str:
        items = [f"{s}:{z}" if z else f"{s}" for s, z in self.params]
        if self.axis is None:
            return f"!quant.uniform<{self.storage}{self.limits}:{self.expressed}, {items[0]}>"
        return f"!quant.uniform<{self.storage}{self.limits}:{self.expressed}:{self.axis}, {{{', '.join(items)}}}>"


def _storage(draw: Draw) -> str:
    r = draw.rng.random()
    if r < 0.03:
        return draw.pick(["si8", "i3"])
    return draw.pick(["i8", "i8", "i8", "u8", "ui8", "i16", "i4", "i32"])


def _zero(draw: Draw, storage: str) -> int:
    if draw.chance(0.03):
        return draw.pick([300, -129, 256, -1])
    if storage.startswith("u"):
        return draw.pick([0, 0, 1, 3, 15])
    return draw.pick([0, 0, -3, 1, 3, 7])


def quant(draw: Draw, count: int | None = None, axis: int | None = None) -> Q:
    """A random quantized type: per-axis (``count`` parameters along ``axis``) when ``axis`` is given."""
    storage = _storage(draw)
    expressed = "f32" if draw.chance(0.85) else draw.pick(["f16", "bf16"])
    limits = "<-10:10>" if storage == "i8" and draw.chance(0.03) else ""
    n = 1 if axis is None else (count or 1)
    one = (draw.pick(_SCALES), _zero(draw, storage))
    params = [one if draw.chance(0.5) else (draw.pick(_SCALES), _zero(draw, storage)) for _ in range(n)]
    return Q(storage, expressed, params, axis, limits)


def mutate(draw: Draw, q: Q, rank: int, size: Callable[[int], int]) -> Q:
    """``q`` with one thing changed (``size(axis)``: how many parameters a new axis takes)."""
    out = q.copy()
    r = draw.rng.random()
    if r < 0.25:
        i = draw.int(0, len(out.params) - 1)
        s, z = out.params[i]
        out.params[i] = (draw.pick([x for x in _SCALES if x != s]), z) if draw.chance(0.5) else (s, z + 1)
    elif r < 0.4:
        out.storage, out.limits = draw.pick(["i8", "u8", "ui8", "i16", "i4"]), ""
    elif r < 0.5:
        out.expressed = draw.pick(["f32", "f16", "bf16"])
    elif r < 0.75 and rank:
        axis = draw.int(0, rank - 1)
        out.axis, out.params = axis, [out.params[0]] * max(size(axis), 1)
    else:
        out.axis, out.params = None, [out.params[0]]
    return out


def _shape(draw: Draw, rank: int) -> list[int]:
    return [draw.pick([1, 2, 2, 3, 4]) for _ in range(rank)]


def _element(draw: Draw, shape: list[int], per_axis: float = 0.4) -> Q:
    if shape and draw.chance(per_axis):
        axis = draw.int(0, len(shape) - 1)
        return quant(draw, shape[axis], axis)
    return quant(draw)


def _t(shape: list[int] | tuple[int, ...], element: object) -> str:
    return tensor(list(shape), str(element))


# ---------------------------------------------------------------- families


def elementwise(draw: Draw, index: int) -> Case:
    shape = _shape(draw, draw.int(1, 2))
    op = draw.pick(["add", "add", "add", "subtract", "multiply", "maximum", "negate", "abs", "clamp"])
    arity = {"negate": 1, "abs": 1, "clamp": 3}.get(op, 2)
    first = _element(draw, shape)
    elements: list[object] = [first]
    for _ in range(arity - 1):
        elements.append(first if draw.chance(0.6) else mutate(draw, first, len(shape), lambda a: shape[a]))
    result: object = first if draw.chance(0.5) else mutate(draw, first, len(shape), lambda a: shape[a])
    if draw.chance(0.08):
        result = "f32"
    operands = [_t(shape, e) for e in elements]
    res = _t(shape, result)
    return Case(
        index,
        f"stablehlo.{op}",
        module(operands, lambda n: f'%0 = "stablehlo.{op}"({", ".join(n)}) : ({", ".join(operands)}) -> {res}'),
    )


def transpose(draw: Draw, index: int) -> Case:
    rank = draw.int(1, 3)
    shape = _shape(draw, rank)
    perm = list(range(rank))
    draw.rng.shuffle(perm)
    out = [shape[p] for p in perm]
    q = _element(draw, shape, 0.6)
    r = q.copy()
    if q.axis is not None:
        r.axis = perm.index(q.axis)
    if draw.chance(0.5):
        r = mutate(draw, r, rank, lambda a: out[a])
    operand, result = _t(shape, q), _t(out, r)
    return Case(
        index,
        "stablehlo.transpose",
        module(
            [operand],
            lambda n: (
                f'%0 = "stablehlo.transpose"({n[0]}) {{permutation = array<i64: {", ".join(map(str, perm))}>}} '
                f": ({operand}) -> {result}"
            ),
        ),
    )


def _factor(draw: Draw, total: int) -> list[int]:
    out: list[int] = []
    while total > 1:
        f = draw.pick([d for d in range(2, total + 1) if total % d == 0])
        out.append(f)
        total //= f
    if draw.chance(0.3):
        out.insert(draw.int(0, len(out)), 1)
    return out or [1]


def reshape(draw: Draw, index: int) -> Case:
    shape = _shape(draw, draw.int(1, 3))
    total = 1
    for d in shape:
        total *= d
    out = _factor(draw, total)
    q = _element(draw, shape, 0.7)
    r = q.copy()
    if q.axis is not None:
        # a dimension of the result with the same size, if any
        same = [i for i, d in enumerate(out) if d == shape[q.axis]]
        r.axis = draw.pick(same) if same and draw.chance(0.8) else draw.int(0, len(out) - 1)
        r.params = [q.params[0]] * out[r.axis] if out[r.axis] != len(q.params) else list(q.params)
    if draw.chance(0.4):
        r = mutate(draw, r, len(out), lambda a: out[a])
    operand, result = _t(shape, q), _t(out, r)
    return Case(
        index,
        "stablehlo.reshape",
        module([operand], lambda n: f'%0 = "stablehlo.reshape"({n[0]}) : ({operand}) -> {result}'),
    )


def dynamic_reshape(draw: Draw, index: int) -> Case:
    made = reshape(draw, index)
    line = made.text.splitlines()[1]
    operand = line[line.index(": (") + 3 : line.index(") -> ")]
    result = line[line.index(") -> ") + 5 :]
    if draw.chance(0.3):  # a dynamic size now and then
        inner = result[len("tensor<") :]
        result = "tensor<?" + inner[inner.index("x") :] if "x" in inner else result
    rank = result.count("x")
    operands = [operand, f"tensor<{rank}xi64>"]
    return Case(
        index,
        "stablehlo.dynamic_reshape",
        module(
            operands,
            lambda n: f'%0 = "stablehlo.dynamic_reshape"({n[0]}, {n[1]}) : ({operand}, {operands[1]}) -> {result}',
        ),
    )


def broadcast_in_dim(draw: Draw, index: int) -> Case:
    shape = [draw.pick([1, 1, 2, 3]) for _ in range(draw.int(1, 2))]
    extra = draw.int(0, 2)
    rank = len(shape) + extra
    dims = sorted(draw.rng.sample(range(rank), len(shape)))
    out = [draw.pick([2, 3]) for _ in range(rank)]
    for i, d in enumerate(dims):
        out[d] = shape[i] if shape[i] != 1 else draw.pick([1, 2, 3])
    q = _element(draw, shape, 0.7)
    r = q.copy()
    if q.axis is not None:
        r.axis = dims[q.axis]
        n = out[r.axis]
        r.params = q.params * n if len(q.params) == 1 else list(q.params)
    if draw.chance(0.5):
        r = mutate(draw, r, rank, lambda a: out[a])
    operand, result = _t(shape, q), _t(out, r)
    text = ", ".join(map(str, dims))
    return Case(
        index,
        "stablehlo.broadcast_in_dim",
        module(
            [operand],
            lambda n: (
                f'%0 = "stablehlo.broadcast_in_dim"({n[0]}) {{broadcast_dimensions = array<i64: {text}>}} '
                f": ({operand}) -> {result}"
            ),
        ),
    )


def _contract_elements(draw: Draw, rhs_shape: list[int], rhs_axes: list[int]) -> tuple[object, object, object]:
    lhs_quantized = draw.chance(0.6)
    rhs = _element(draw, rhs_shape, 0.5)
    if rhs.axis is not None and draw.chance(0.8):
        rhs.axis = draw.pick(rhs_axes)
        rhs.params = [rhs.params[0]] * rhs_shape[rhs.axis]
    if draw.chance(0.7):
        rhs.params = [(s, 0) for s, _ in rhs.params]
    if lhs_quantized:
        lhs: object = quant(draw)
        assert isinstance(lhs, Q)
        if draw.chance(0.8):
            lhs.storage, lhs.expressed, lhs.limits = rhs.storage, rhs.expressed, rhs.limits
        result: object = quant(draw)
        assert isinstance(result, Q)
        result.storage, result.expressed, result.limits = lhs.storage, lhs.expressed, lhs.limits
    else:
        lhs = result = rhs.expressed if draw.chance(0.85) else draw.pick(["f32", "f16"])
    r = draw.rng.random()
    if r < 0.08:
        rhs_: object = "f32"
        return lhs, rhs_, result
    if r < 0.16:
        result = "f32" if lhs_quantized else quant(draw)
    return lhs, rhs, result


def dot_general(draw: Draw, index: int) -> Case:
    m, k, n = draw.pick([1, 2, 3]), draw.pick([2, 3]), draw.pick([2, 3, 4])
    rhs_shape = [k, n]
    lhs_e, rhs_e, res_e = _contract_elements(draw, rhs_shape, [0, 1])
    res_shape = [m, n]
    if isinstance(res_e, Q) and res_e.axis is None and draw.chance(0.3):
        res_e.axis, res_e.params = 1, [res_e.params[0]] * n
    operands = [_t([m, k], lhs_e), _t(rhs_shape, rhs_e)]
    result = _t(res_shape, res_e)
    attr = "#stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>"
    return Case(
        index,
        "stablehlo.dot_general",
        module(
            operands,
            lambda names: (
                f'%0 = "stablehlo.dot_general"({names[0]}, {names[1]}) {{dot_dimension_numbers = {attr}}} '
                f": ({operands[0]}, {operands[1]}) -> {result}"
            ),
        ),
    )


def dot(draw: Draw, index: int) -> Case:
    """``stablehlo.dot``: vector or matrix operands of quantized (or mixed) element types; its
    verifier has no quantized rule (the ODS constraints and the shapes are all there is)."""
    m, k, n = draw.pick([1, 2, 3]), draw.pick([2, 3]), draw.pick([2, 3, 4])
    lhs_shape = [m, k] if draw.chance(0.7) else [k]
    rhs_shape = [k, n] if draw.chance(0.7) else [k]
    if draw.chance(0.1):
        rhs_shape[0] += 1
    lhs_e, rhs_e, res_e = _contract_elements(draw, rhs_shape, list(range(len(rhs_shape))))
    if isinstance(lhs_e, Q) and draw.chance(0.1):
        lhs_e.axis, lhs_e.params = 0, [lhs_e.params[0]] * lhs_shape[0]
    res_shape = lhs_shape[:-1] + rhs_shape[1:]
    if draw.chance(0.1):
        res_shape = [*res_shape, 2] if draw.chance(0.5) or not res_shape else [x + 1 for x in res_shape]
    if isinstance(res_e, Q) and res_e.axis is None and res_shape and draw.chance(0.3):
        res_e.axis = draw.int(0, len(res_shape) - 1)
        res_e.params = [res_e.params[0]] * (res_shape[res_e.axis] + (1 if draw.chance(0.1) else 0))
    operands = [_t(lhs_shape, lhs_e), _t(rhs_shape, rhs_e)]
    result = _t(res_shape, res_e)
    return Case(
        index,
        "stablehlo.dot",
        module(
            operands,
            lambda names: f'%0 = "stablehlo.dot"({names[0]}, {names[1]}) : ({operands[0]}, {operands[1]}) -> {result}',
        ),
    )


def convolution(draw: Draw, index: int) -> Case:
    c, o = draw.pick([1, 2]), draw.pick([1, 2, 3])
    kernel = [3, 3, c, o]
    lhs_e, rhs_e, res_e = _contract_elements(draw, kernel, [3, 3, 3, 2])
    out = [1, 4, 4, o]
    if isinstance(res_e, Q) and res_e.axis is None and draw.chance(0.3):
        res_e.axis = 3 if draw.chance(0.7) else 0
        res_e.params = [res_e.params[0]] * out[res_e.axis]
    operands = [_t([1, 4, 4, c], lhs_e), _t(kernel, rhs_e)]
    result = _t(out, res_e)
    return Case(
        index,
        "stablehlo.convolution",
        module(
            operands,
            lambda n: (
                f"%0 = stablehlo.convolution({n[0]}, {n[1]}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
                "window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} "
                "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} "
                f": ({operands[0]}, {operands[1]}) -> {result}"
            ),
        ),
    )


def _wider(draw: Draw, q: Q) -> Q:
    out = q.copy()
    out.storage = draw.pick(["i8", "i16", "i32", "i4"])
    out.params = [(s, max(min(z, 7), -8)) for s, z in out.params]
    out.limits = ""
    if draw.chance(0.15):
        out.expressed = draw.pick(["f32", "f16", "bf16"])
    return out


def reduce(draw: Draw, index: int) -> Case:
    inp = quant(draw)
    init = inp.copy() if draw.chance(0.6) else _wider(draw, inp)
    acc: object = init.copy() if draw.chance(0.4) else _wider(draw, init)
    if draw.chance(0.05):
        acc = "f32"
    n = draw.pick([2, 3, 4])
    a = tensor([], str(acc))
    operands = [_t([n], inp), tensor([], str(init))]
    result = a if draw.chance(0.9) else tensor([], str(inp))

    def line(names: list[str]) -> str:
        return (
            f"%0 = stablehlo.reduce({names[0]} init: {names[1]}) across dimensions = [0] "
            f": ({operands[0]}, {operands[1]}) -> {result}\n"
            f"    reducer(%x: {a}, %y: {a}) {{\n"
            f"      stablehlo.return %x : {a}\n"
            "    }"
        )

    return Case(index, "stablehlo.reduce", module(operands, line))


def constant(draw: Draw, index: int) -> Case:
    shape = [draw.pick([1, 2, 3])]
    q = _element(draw, shape, 0.3)
    storage = draw.pick(["i8", "i8", "ui8", "i16", "i32", "i4"])
    if q.storage in ("i8", "u8") and draw.chance(0.5):
        storage = "i8"
    values = ", ".join(str(v) for v in range(1, shape[0] + 1))
    literal = f"dense<[{values}]> : {_t(shape, storage)}"
    result = _t(shape if draw.chance(0.9) else [shape[0] + 1], q)
    return Case(
        index,
        "stablehlo.constant",
        module([], lambda n: f'%0 = "stablehlo.constant"() {{value = {literal}}} : () -> {result}'),
    )


def _body(draw: Draw, inp: Q) -> tuple[Q, str]:
    """An init value's element for ``inp`` and the body's argument type (0-d) for both."""
    init = inp.copy() if draw.chance(0.6) else _wider(draw, inp)
    acc: object = init.copy() if draw.chance(0.5) else _wider(draw, init)
    if draw.chance(0.05):
        acc = "f32"
    return init, tensor([], str(acc))


def _region(a: str) -> str:
    return f'({{\n  ^bb0(%x: {a}, %y: {a}):\n    "stablehlo.return"(%x) : ({a}) -> ()\n  }})'


def reduce_window(draw: Draw, index: int) -> Case:
    inp = quant(draw)
    init, a = _body(draw, inp)
    operands = [_t([4], inp), tensor([], str(init))]
    result = tensor([3], a[len("tensor<") : -1]) if draw.chance(0.9) else _t([3], inp)
    return Case(
        index,
        "stablehlo.reduce_window",
        module(
            operands,
            lambda n: (
                f'%0 = "stablehlo.reduce_window"({n[0]}, {n[1]}) {_region(a)} '
                f"{{window_dimensions = array<i64: 2>}} : ({operands[0]}, {operands[1]}) -> {result}"
            ),
        ),
    )


def scatter(draw: Draw, index: int) -> Case:
    inp = quant(draw)
    update, a = _body(draw, inp)
    operands = [_t([4], inp), "tensor<2x1xi32>", _t([2], update)]
    numbers = "#stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>"
    result = tensor([4], a[len("tensor<") : -1]) if draw.chance(0.9) else _t([4], inp)
    return Case(
        index,
        "stablehlo.scatter",
        module(
            operands,
            lambda n: (
                f'%0 = "stablehlo.scatter"({", ".join(n)}) {_region(a)} {{scatter_dimension_numbers = {numbers}}} '
                f": ({', '.join(operands)}) -> {result}"
            ),
        ),
    )


def select_and_scatter(draw: Draw, index: int) -> Case:
    inp = quant(draw)
    source = inp.copy() if draw.chance(0.7) else _wider(draw, inp)
    init, a = _body(draw, source)
    s = tensor([], str(inp))
    operands = [_t([4], inp), _t([2], source), tensor([], str(init))]
    select = (
        f'({{\n  ^bb0(%x: {s}, %y: {s}):\n    %c = "stablehlo.compare"(%x, %y) '
        f"{{comparison_direction = #stablehlo<comparison_direction GE>}} : ({s}, {s}) -> tensor<i1>\n"
        '    "stablehlo.return"(%c) : (tensor<i1>) -> ()\n  }, {'
        f'\n  ^bb0(%x: {a}, %y: {a}):\n    "stablehlo.return"(%x) : ({a}) -> ()\n  }})'
    )
    result = tensor([4], a[len("tensor<") : -1]) if draw.chance(0.9) else _t([4], inp)
    return Case(
        index,
        "stablehlo.select_and_scatter",
        module(
            operands,
            lambda n: (
                f'%0 = "stablehlo.select_and_scatter"({", ".join(n)}) {select} '
                "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} "
                f": ({', '.join(operands)}) -> {result}"
            ),
        ),
    )


def all_reduce(draw: Draw, index: int) -> Case:
    inp = quant(draw)
    _, a = _body(draw, inp)
    operand = _t([4], inp)
    result = tensor([4], a[len("tensor<") : -1]) if draw.chance(0.9) else operand
    return Case(
        index,
        "stablehlo.all_reduce",
        module(
            [operand],
            lambda n: (
                f'%0 = "stablehlo.all_reduce"({n[0]}) {_region(a)} '
                f"{{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : ({operand}) -> {result}"
            ),
        ),
    )


def bitcast_convert(draw: Draw, index: int) -> Case:
    q = quant(draw)
    width = {"i2": 2, "i3": 3, "i4": 4, "i8": 8, "u8": 8, "ui8": 8, "si8": 8, "i16": 16, "i32": 32}[q.storage]
    other = draw.pick(["i8", "i16", "i32", "f32", "f16"])
    bits = {"i8": 8, "i16": 16, "i32": 32, "f32": 32, "f16": 16}[other]
    shape = [2, 3]
    out = [2, 3] if bits == width else ([2, 3, width // bits] if bits < width else [2])
    if bits > width:
        shape = [2, bits // width if width and bits % width == 0 else 3]
    if draw.chance(0.3):
        out = [*out[:-1], out[-1] + 1] if out else [1]
    operand, result = _t(shape, q), _t(out, other)
    if draw.chance(0.5):
        operand, result = result, operand
    return Case(
        index,
        "stablehlo.bitcast_convert",
        module([operand], lambda n: f'%0 = "stablehlo.bitcast_convert"({n[0]}) : ({operand}) -> {result}'),
    )


FAMILIES: dict[str, tuple[Callable[[Draw, int], Case], list[str]]] = {
    "elementwise": (elementwise, ["ods", "add", "inferred"]),
    "transpose": (transpose, ["scale and zero_point", "quantization dimension", "compatible elements"]),
    "reshape": (reshape, ["scale and zero_point", "quantization dimension", "compatible elements"]),
    "dynamic_reshape": (dynamic_reshape, ["scale and zero_point", "quantization dimension"]),
    "broadcast_in_dim": (broadcast_in_dim, ["scale and zero_point", "quantization dimension", "broadcast scales"]),
    "dot_general": (dot_general, ["rhs quantized", "contract types"]),
    "convolution": (convolution, ["rhs quantized", "contract types", "quantization dimension"]),
    "reduce": (reduce, ["promotable"]),
    "constant": (constant, ["inferred"]),
    "reduce_window": (reduce_window, ["promotable"]),
    "scatter": (scatter, ["promotable"]),
    "select_and_scatter": (select_and_scatter, ["promotable"]),
    "all_reduce": (all_reduce, ["promotable"]),
    "bitcast_convert": (bitcast_convert, ["shape rules"]),
}


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_quantized_rules_against_iree(name: str) -> None:
    make, wanted = FAMILIES[name]
    draw = Draw(SEED + 1440 + sorted(FAMILIES).index(name))
    cases = [make(draw, i) for i in range(COUNT)]
    run(f"quantized {name}", cases, oracle(cases), KINDS, wanted)


DOT_COUNT = int(os.environ.get("BROADCHECK_QUANT_DOT_CASES", 2000))


def test_quantized_dot_against_iree() -> None:
    """``stablehlo.dot`` with quantized types (issue 29's three ``quantized_dot_*`` of
    ops_stablehlo.mlir were passed over): ``BROADCHECK_QUANT_DOT_CASES`` cases (default 2,000)."""
    draw = Draw(SEED + 1460)
    cases = [dot(draw, i) for i in range(DOT_COUNT)]
    assert len(cases) >= 2000
    run("quantized dot", cases, oracle(cases), KINDS, ["ods", "shape rules"])


def test_the_campaign_has_enough_cases() -> None:
    assert COUNT * len(FAMILIES) >= 2000
