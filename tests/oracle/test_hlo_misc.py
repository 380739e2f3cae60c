"""Differential test: the StableHLO and MHLO rules of issue 29's last unmet expected-errors (the
``hlomisc`` task) against iree-opt 3.13 (StableHLO) and jaxlib 0.10.2 (MHLO).

Random cases, one op each (on line 2, or line 3 after a constant), compared by the first error's
message and line (``hlo_campaign.run``). ``BROADCHECK_HLO_MISC_CASES`` cases per family (default
1200), ``BROADCHECK_HLO_SEED``:

* ``stablehlo forms``: ``dot``'s precision clause, ``concatenate``'s ``dim`` clause and ``reduce``'s
  compact form, correct and broken (the parsers' errors);
* ``stablehlo verifiers``: ``dynamic_broadcast_in_dim`` with a constant ``output_dimensions``,
  ``dot_general`` with an algorithm and precisions, ``set_dimension_size`` with bounds (negative
  ones too);
* ``mhlo``: ``set_dimension_size`` with ``#mhlo.type_extensions`` bounds, ``transpose``'s permutation,
  ``cholesky``/``batch_norm_*`` element types, ``convolution``'s raw dimension numbers and splat
  windows, ``reduce``'s compact form, ``while`` with tuples, ``reshape`` with bounds, ``reduce_window``
  without ``window_dimensions``, ``dot``'s ``precision_config``.

What broadcheck does not model by design is mapped to ``ok`` and counted: MHLO's words for
constraints broadcheck leaves to MHLO's ODS. (An algorithm StableHLO does not know, the attribute's
own verifier, was mapped so too until the ``shq`` task modelled it: test_hlo_dot_algorithm.py.)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

import pytest

from .hlo_campaign import Case, Draw, oracle, run
from .test_mhlo_structural import _context

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_HLO_MISC_CASES", 1200))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))

KINDS = [
    (
        "algorithm",
        r"dot algorithm not known|component count must be positive|num primitive operations must be positive",
    ),
    ("custom form", r"^custom op |^expected '|expected bare identifier|expected operation name"),
    ("output shape", r"^output shape \["),
    ("shape values", r"not equal to 1 or value of shape"),
    ("algorithm precision", r"DEFAULT precision config"),
    ("precision count", r"precision config to be empty"),
    ("dimension range", r"dimension attribute in range|non-negative dimension"),
    ("conv dimension numbers", r"dimension-numbers|spatial-dimensions|padding-entries|window dimensions"),
    ("permutation", r"must be a permutation"),
    ("constraints", r"must be |requires attribute|failed to satisfy constraint"),
    ("inferred", r"inferred|incompatible with return type|is incompatible|does not match|compatible"),
    ("other verifier", r"broadcast_dimensions|hint|rank|size|dimension|operand|result|type"),
]

Family = Callable[[Draw, int], tuple[Case, int]]


def _t(shape: Sequence[int | None], element: str, encoding: str = "") -> str:
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}{element}{encoding}>"


def _func(args: Sequence[str], body: Sequence[str]) -> str:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    lines = "\n".join(f"  {line}" for line in body)
    return f"func.func @f({params}) {{\n{lines}\n  return\n}}\n"


# ---------------------------------------------------------------- StableHLO custom forms

_PRECISIONS = ["DEFAULT", "HIGH", "HIGHEST", '"HIGH"', '"DEFAULT"', "FOO", "%a0", "1", "high", "[HIGH]"]


def _dot_form(draw: Draw, i: int) -> tuple[Case, int]:
    lhs, rhs = draw.pick([((2, 3), (3, 4)), ((3,), (3,)), ((2, 3), (3,)), ((2, 3), (4, 5))])
    out = draw.pick([(2, 4), (), (2,), (4, 5)])
    items = ", ".join(draw.pick(_PRECISIONS[:3] if draw.chance(0.6) else _PRECISIONS) for _ in range(draw.int(0, 3)))
    clause = draw.pick(
        [
            "",
            f", precision = [{items}]",
            f", precision = [{items}]",
            f", precision = [{items}]",
            f", precison = [{items}]",
            f", precision [{items}]",
            f", [{items}]",
            ", precision = {}",
            ", precision = HIGH",
            ",",
            f" precision = [{items}]",
        ]
    )
    types = f"({_t(lhs, 'f32')}, {_t(rhs, 'f32')}) -> {_t(out, 'f32')}"
    line = f"%0 = stablehlo.dot %a0, %a1{clause} : {types}"
    return Case(i, "stablehlo.dot (form)", _func([_t(lhs, "f32"), _t(rhs, "f32")], [line])), 2


def _concatenate_form(draw: Draw, i: int) -> tuple[Case, int]:
    n = draw.int(1, 3)
    shapes = [(4, draw.int(1, 3)) for _ in range(n)]
    names = [f"%a{k}" for k in range(n)]
    parts = names[0]
    for name in names[1:]:
        parts += draw.pick([", ", ", ", ", ", " "]) + name
    total = sum(s[1] for s in shapes) + (1 if draw.chance(0.2) else 0)
    tail = draw.pick([", dim = 1", ", dim = 1", ", dim = 1", " dim = 1", ", dimension = 1", ", ", "", ", dim = 0"])
    types = f"({', '.join(_t(s, 'f32') for s in shapes)}) -> {_t((4, total), 'f32')}"
    line = f"%0 = stablehlo.concatenate {parts}{tail} : {types}"
    return Case(i, "stablehlo.concatenate (form)", _func([_t(s, "f32") for s in shapes], [line])), 2


_INNER = [
    "add", "multiply", "maximum", "minimum", "and", "or", "xor", "divide", "subtract", "compare", "reshape",
    "abs", "foo", "atan2", "power", "remainder",
]  # fmt: skip


def _reduce_form(draw: Draw, i: int, dialect: str = "stablehlo") -> tuple[Case, int]:
    name = draw.pick(_INNER)
    element = "i32" if name in ("and", "or", "xor") or draw.chance(0.3) else "f32"
    inner = draw.pick([f"{dialect}.{name}"] * 6 + ["std.add", "arith.addf", "add", f'"{dialect}.add"', "mhlo.add"])
    if dialect == "mhlo" and inner == "mhlo.add" and draw.chance(0.5):
        inner = "stablehlo.add"
    # (MHLO's compact form is read for its inner op only: its result is drawn right)
    out = draw.pick([(3,), (3,), (4,)]) if dialect == "stablehlo" else (3,)
    types = f"({_t((3, 4), element)}, {_t((), element)}) -> {_t(out, element)}"
    line = f"%0 = {dialect}.reduce(%a0 init: %a1) applies {inner} across dimensions = [1] : {types}"
    return Case(i, f"{dialect}.reduce (compact)", _func([_t((3, 4), element), _t((), element)], [line])), 2


# ---------------------------------------------------------------- StableHLO verifiers


def _array(values: Sequence[int]) -> str:
    return f"array<i64: {', '.join(map(str, values))}>" if values else "array<i64>"


def _dynamic_broadcast(draw: Draw, i: int) -> tuple[Case, int]:
    rank = draw.int(0, 2)
    operand = tuple(draw.pick([1, 1, 2, 3, None]) for _ in range(rank))
    result_rank = rank + draw.int(0, 2) if draw.chance(0.9) else max(rank - 1, 1)
    result_rank = max(result_rank, 1)
    dims = sorted(draw.rng.sample(range(result_rank), min(rank, result_rank)))
    if draw.chance(0.1) and dims:
        dims[-1] = result_rank
    result: list[int | None] = [draw.pick([2, 3, 4, None]) for _ in range(result_rank)]
    for k, d in enumerate(dims):
        if d < result_rank and k < len(operand) and draw.chance(0.7):
            result[d] = operand[k] if operand[k] is not None and draw.chance(0.7) else result[d]
    values = [r if r is not None else draw.pick([1, 2, 3, 4]) for r in result]
    if draw.chance(0.3):  # a dynamic result: the shape's values against the operand's static sizes
        result = [None] * result_rank
    if draw.chance(0.4):
        values[draw.rng.randrange(len(values))] = draw.pick([-1, 1, 2, 3, 4, 5])
    if draw.chance(0.1):
        values.append(2)
    result_type = _t(result, "f32")
    shape_type = f"tensor<{len(values)}xi64>"
    attrs = f"broadcast_dimensions = {_array(dims)}"
    if draw.chance(0.25):
        hints = [draw.int(0, rank + 1) for _ in range(draw.int(1, 2))]
        attrs += f", known_expanding_dimensions = {_array(hints)}"
    constant = f"%c = stablehlo.constant dense<[{', '.join(map(str, values))}]> : {shape_type}"
    op = (
        f'%0 = "stablehlo.dynamic_broadcast_in_dim"(%a0, %c) {{{attrs}}} : '
        f"({_t(operand, 'f32')}, {shape_type}) -> {result_type}"
    )
    return Case(i, "stablehlo.dynamic_broadcast_in_dim", _func([_t(operand, "f32")], [constant, op])), 3


_ALGORITHMS = [
    ("f32", "f32", "f32", 1), ("bf16", "bf16", "f32", 3), ("tf32", "tf32", "f32", 1), ("f16", "f16", "f16", 1),
    ("f64", "f64", "f64", 1), ("bf16", "bf16", "bf16", 1), ("f32", "f32", "f32", 3), ("f8E4M3FN", "f8E5M2", "f32", 1),
]  # fmt: skip


def _dot_algorithm(draw: Draw, i: int) -> tuple[Case, int]:
    out = draw.pick([(2, 4), (2, 4), (2, 5)])
    precisions = [draw.pick(["DEFAULT", "DEFAULT", "HIGH", "HIGHEST"]) for _ in range(draw.pick([0, 2, 2, 1, 3]))]
    lhs_t, rhs_t, acc, ops = draw.pick(_ALGORITHMS)
    counts = (1, 1) if draw.chance(0.9) else (draw.int(0, 2), 1)
    imprecise = "true" if draw.chance(0.1) else "false"
    fields = (
        f"lhs_precision_type = {lhs_t}, rhs_precision_type = {rhs_t}, accumulation_type = {acc}, "
        f"lhs_component_count = {counts[0]}, rhs_component_count = {counts[1]}, num_primitive_operations = {ops}, "
        f"allow_imprecise_accumulation = {imprecise}"
    )
    types = f"({_t((2, 3), 'f32')}, {_t((3, 4), 'f32')}) -> {_t(out, 'f32')}"
    algorithm = draw.chance(0.85)
    if draw.chance(0.5):
        props = [
            "dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>"
        ]
        if precisions:
            props.append("precision_config = [" + ", ".join(f"#stablehlo<precision {p}>" for p in precisions) + "]")
        if algorithm:
            props.append(f"algorithm = #stablehlo.dot_algorithm<{fields}>")
        line = f'%0 = "stablehlo.dot_general"(%a0, %a1) <{{{", ".join(props)}}}> : {types}'
    else:
        clause = f", precision = [{', '.join(precisions)}]" if precisions else ""
        clause += f", algorithm = <{fields}>" if algorithm else ""
        line = f"%0 = stablehlo.dot_general %a0, %a1, contracting_dims = [1] x [0]{clause} : {types}"
    return Case(i, "stablehlo.dot_general (algorithm)", _func([_t((2, 3), "f32"), _t((3, 4), "f32")], [line])), 2


def _bounds(draw: Draw, shape: Sequence[int | None], dialect: str) -> str:
    if not any(d is None for d in shape) or draw.chance(0.2):
        return ""
    bounds = [draw.pick(["?", "3", "5", "-1"]) if d is None else "?" for d in shape]
    if dialect == "mhlo":
        return f", #mhlo.type_extensions<bounds = [{', '.join(bounds)}]>"
    if draw.chance(0.5):
        return f", #stablehlo.type_extensions<bounds = [{', '.join(bounds)}]>"
    return f", #stablehlo.bounds<{', '.join(bounds)}>"


def _set_dimension_size(draw: Draw, i: int, dialect: str = "stablehlo") -> tuple[Case, int]:
    shape = tuple(draw.pick([None, None, 3]) for _ in range(draw.int(1, 2)))
    operand = _t(shape, "f32", _bounds(draw, shape, dialect))
    dimension = draw.pick([-1, 0, 0, 1, 1, 2])
    result_shape = tuple(
        draw.pick([None, 3]) if draw.chance(0.8) else 4 for _ in range(len(shape) + (draw.chance(0.1)))
    )
    result = _t(result_shape, "f32")
    line = (
        f'%0 = "{dialect}.set_dimension_size"(%a0, %a1) {{dimension = {dimension} : i64}} : '
        f"({operand}, tensor<i32>) -> {result}"
    )
    return Case(i, f"{dialect}.set_dimension_size", _func([operand, "tensor<i32>"], [line])), 2


# ---------------------------------------------------------------- MHLO


def _mhlo_transpose(draw: Draw, i: int) -> tuple[Case, int]:
    rank = draw.int(1, 4)
    shape = tuple(draw.int(1, 4) for _ in range(rank))
    perm = list(range(rank))
    draw.rng.shuffle(perm)
    if draw.chance(0.5):
        perm[draw.rng.randrange(rank)] = draw.int(-1, rank + 1)
    if draw.chance(0.05):
        perm.append(0)
    result = tuple(shape[p] if 0 <= p < rank else 1 for p in perm[:rank]) if draw.chance(0.8) else shape
    dense = f"dense<[{', '.join(map(str, perm))}]> : tensor<{len(perm)}xi64>"
    line = f'%0 = "mhlo.transpose"(%a0) <{{permutation = {dense}}}> : ({_t(shape, "i32")}) -> {_t(result, "i32")}'
    return Case(i, "mhlo.transpose", _func([_t(shape, "i32")], [line])), 2


_ELEMENTS = ["f32", "f32", "f16", "bf16", "i32", "i1", "complex<f32>", "f64"]


def _mhlo_float_ops(draw: Draw, i: int) -> tuple[Case, int]:
    element = draw.pick(_ELEMENTS)
    which = draw.pick(["cholesky", "grad", "training", "inference"])
    if which == "cholesky":
        shape = draw.pick([(2, 2), (1, 2, 2), None])
        t = "tensor<*x" + element + ">" if shape is None else _t(shape, element)
        line = f'%0 = "mhlo.cholesky"(%a0) {{lower = true}} : ({t}) -> {t}'
        return Case(i, "mhlo.cholesky", _func([t], [line])), 2
    x = "tensor<*xf32>" if draw.chance(0.1) else _t((2, 2, 2), draw.pick(["f32", "f32", element]))
    s = _t((2,), draw.pick(["f32", "f32", element])) if draw.chance(0.9) else _t((2, 2), "f32")
    attrs = "{epsilon = 0.001 : f32, feature_index = 0 : i64}"
    if which == "inference":
        r = _t((2, 2, 2), draw.pick(["f32", "f32", element]))
        line = f'%0 = "mhlo.batch_norm_inference"(%a0, %a1, %a1, %a1, %a1) {attrs} : ({x}, {s}, {s}, {s}, {s}) -> {r}'
        return Case(i, "mhlo.batch_norm_inference", _func([x, s], [line])), 2
    r1 = _t((2,), draw.pick(["f32", "f32", element])) if draw.chance(0.9) else _t((2, 2), "f32")
    if which == "training":
        line = f'%0:3 = "mhlo.batch_norm_training"(%a0, %a1, %a1) {attrs} : ({x}, {s}, {s}) -> ({x}, {r1}, {s})'
        return Case(i, "mhlo.batch_norm_training", _func([x, s], [line])), 2
    line = (
        f'%0:3 = "mhlo.batch_norm_grad"(%a0, %a1, %a1, %a1, %a0) {attrs} : ({x}, {s}, {s}, {s}, {x}) -> '
        f"({x}, {r1}, {s})"
    )
    return Case(i, "mhlo.batch_norm_grad", _func([x, s], [line])), 2


_CONV_FIELDS = [
    ("input_batch_dimension", 0), ("input_feature_dimension", 3), ("input_spatial_dimensions", [1, 2]),
    ("kernel_input_feature_dimension", 2), ("kernel_output_feature_dimension", 3), ("kernel_spatial_dimensions", [0, 1]),
    ("output_batch_dimension", 0), ("output_feature_dimension", 3), ("output_spatial_dimensions", [1, 2]),
]  # fmt: skip


def _mhlo_conv(draw: Draw, i: int) -> tuple[Case, int]:
    fields = []
    for name, good in _CONV_FIELDS:
        if draw.chance(0.1):
            continue  # left out
        v: object = good
        if draw.chance(0.15):
            v = [draw.int(0, 4) for _ in range(draw.pick([2, 2, 1]))] if isinstance(good, list) else draw.int(0, 4)
        fields.append(f"{name} = {v}")
    attrs = [
        "batch_group_count = 1 : i64",
        f"dimension_numbers = #mhlo.conv<raw {', '.join(fields)}>",
        "feature_group_count = 1 : i64",
    ]
    for name in ("lhs_dilation", "rhs_dilation", "window_strides"):
        if draw.chance(0.4):
            n = draw.pick([2, 2, 2, 1, 3])
            attrs.append(f"{name} = dense<{draw.pick([1, 1, 2])}> : tensor<{n}xi64>")
    if draw.chance(0.4):
        attrs.append(f"padding = dense<{draw.pick([0, 1])}> : tensor<{draw.pick([2, 2, 1, 3])}x2xi64>")
    out = draw.pick([(3, 4, 4, 8), (3, 4, 4, 8), (3, 5, 5, 8)])
    types = f"({_t((3, 5, 5, 4), 'f32')}, {_t((2, 2, 4, 8), 'f32')}) -> {_t(out, 'f32')}"
    line = f'%0 = "mhlo.convolution"(%a0, %a1) {{{", ".join(attrs)}}} : {types}'
    return Case(i, "mhlo.convolution", _func([_t((3, 5, 5, 4), "f32"), _t((2, 2, 4, 8), "f32")], [line])), 2


def _mhlo_while(draw: Draw, i: int) -> tuple[Case, int]:
    x = _t((3,), "f32")
    tuple_t = f"tuple<{x}, {x}>"
    operands = [draw.pick(["tensor<i32>", x, tuple_t, tuple_t]) for _ in range(draw.int(1, 3))]
    args = ", ".join(f"%b{k}: {t}" for k, t in enumerate(operands))
    names = ", ".join(f"%b{k}" for k in range(len(operands)))
    types = ", ".join(operands)
    cond = '%c = mhlo.constant dense<true> : tensor<i1>\n    "mhlo.return"(%c) : (tensor<i1>) -> ()'
    results = f"%0:{len(operands)}" if len(operands) > 1 else "%0"
    line = (
        f'{results} = "mhlo.while"({", ".join(f"%a{k}" for k in range(len(operands)))}) ({{\n'
        f"  ^bb0({args}):\n    {cond}\n  }}, {{\n  ^bb0({args}):\n"
        f'    "mhlo.return"({names}) : ({types}) -> ()\n  }}) : ({types}) -> ({types})'
    )
    return Case(i, "mhlo.while", _func(operands, [line])), 2


def _mhlo_reshape(draw: Draw, i: int) -> tuple[Case, int]:
    operand = "tensor<?x?xi32, #mhlo.type_extensions<bounds = [4, 6]>>"
    result = draw.pick(
        [
            "tensor<?x?xi32, #mhlo.type_extensions<bounds = [6, 4]>>",
            "tensor<2x?xi32, #mhlo.type_extensions<bounds = [?, 12]>>",
            "tensor<?x2xi32, #mhlo.type_extensions<bounds = [12, ?]>>",
            "tensor<?x?xi32>",
            "tensor<24xi32>",
            "tensor<?xi32, #mhlo.type_extensions<bounds = [24]>>",
            "tensor<?x?x?xi32, #mhlo.type_extensions<bounds = [2, 3, 4]>>",
        ]
    )
    line = draw.pick(
        [f"%0 = mhlo.reshape %a0 : ({operand}) -> {result}", f'%0 = "mhlo.reshape"(%a0) : ({operand}) -> {result}']
    )
    return Case(i, "mhlo.reshape", _func([operand], [line])), 2


def _mhlo_reduce_window(draw: Draw, i: int) -> tuple[Case, int]:
    attrs = []
    if draw.chance(0.5):
        dims = draw.pick(["2, 1", "1, 1", "2", "2, 1, 1"])
        attrs.append(f"window_dimensions = dense<[{dims}]> : tensor<{dims.count(',') + 1}xi64>")
    if draw.chance(0.5):
        attrs.append("window_strides = dense<[2, 1]> : tensor<2xi64>")
    out = draw.pick([(3, 3), (6, 3), (5, 3)])
    body = (
        "({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %s = mhlo.add %x, %y : tensor<f32>\n"
        '    "mhlo.return"(%s) : (tensor<f32>) -> ()\n  })'
    )
    line = (
        f'%0 = "mhlo.reduce_window"(%a0, %a1) {body} {{{", ".join(attrs)}}} : '
        f"({_t((6, 3), 'f32')}, tensor<f32>) -> {_t(out, 'f32')}"
    )
    return Case(i, "mhlo.reduce_window", _func([_t((6, 3), "f32"), "tensor<f32>"], [line])), 2


def _mhlo_dot(draw: Draw, i: int) -> tuple[Case, int]:
    items = [
        draw.pick(['"FOO"', "#mhlo<precision HIGHEST>", "#mhlo<precision DEFAULT>", "1"]) for _ in range(draw.int(0, 3))
    ]
    out = draw.pick([(2, 2), (2, 3)])
    line = (
        f'%0 = "mhlo.dot"(%a0, %a0) {{precision_config = [{", ".join(items)}]}} : '
        f"({_t((2, 2), 'f32')}, {_t((2, 2), 'f32')}) -> {_t(out, 'f32')}"
    )
    return Case(i, "mhlo.dot", _func([_t((2, 2), "f32")], [line])), 2


def _draw(makers: Sequence[Family], seed: int) -> tuple[list[Case], list[int]]:
    draw = Draw(seed)
    cases: list[Case] = []
    lines: list[int] = []
    for i in range(COUNT):
        case, line = makers[i % len(makers)](draw, i)
        cases.append(case)
        lines.append(line)
    return cases, lines


def _mhlo_verdicts(cases: Sequence[Case], lines: Sequence[int]) -> list[str]:
    from jaxlib.mlir import ir

    ctx = _context()
    out = []
    with ctx:
        for case, line in zip(cases, lines, strict=True):
            try:
                ir.Module.parse(case.text)
            except ir.MLIRError as exc:
                diag = exc.error_diagnostics[0]
                m = re.search(r":(\d+):\d+\)$", str(diag.location))
                at = m is not None and int(m.group(1)) == line
                out.append(str(diag.message) if at else f"elsewhere: {diag.location}: {diag.message}")
                continue
            out.append("ok")
    return out


def test_stablehlo_forms() -> None:
    cases, lines = _draw([_dot_form, _concatenate_form, _reduce_form], SEED)
    run("stablehlo forms", cases, oracle(cases, lines), KINDS, ["custom form"], lines)


def test_stablehlo_verifiers() -> None:
    cases, lines = _draw([_dynamic_broadcast, _dot_algorithm, _set_dimension_size], SEED + 1)
    wanted = ["output shape", "shape values", "algorithm precision", "algorithm"]
    run("stablehlo verifiers", cases, oracle(cases, lines), KINDS, wanted, lines)


def test_mhlo() -> None:
    makers: list[Family] = [
        lambda d, i: _set_dimension_size(d, i, "mhlo"), _mhlo_transpose, _mhlo_float_ops, _mhlo_conv,
        lambda d, i: _reduce_form(d, i, "mhlo"), _mhlo_while, _mhlo_reshape, _mhlo_reduce_window, _mhlo_dot,
    ]  # fmt: skip
    cases, lines = _draw(makers, SEED + 2)
    verdicts = _mhlo_verdicts(cases, lines)
    run("mhlo", cases, verdicts, KINDS, ["permutation", "conv dimension numbers", "constraints", "custom form"], lines)
