"""Differential test: StableHLO's token and host ops and the small ops around them
(dialects/stablehlo/io.py, issue 29) against iree-base-compiler 3.13.

Random ``create_token``, ``after_all``, ``replica_id``, ``partition_id``, ``outfeed``, ``send``,
``recv``, ``infeed``, ``optimization_barrier``, ``rng_bit_generator``, ``uniform_quantize``,
``uniform_dequantize``, ``einsum``, ``unary_einsum``, ``composite`` (with a decomposition
function after the op's, or none), ``collective_reduce`` (replica groups, a dynamic root, a body
of another element type or shape), and ``get_tuple_element`` (custom form) and ``tuple`` on
tuples holding tokens: each with its operands and results drawn from tensors (static or
dynamic, now and then quantized) and tokens, now and then the wrong one, its attributes now and
then missing or off (channel types, host transfer, infeed layouts, names). Compared: the first
error's message and line. ``BROADCHECK_REMAINING_CASES`` (default 3500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_REMAINING_CASES", 3500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

TOKEN = "!stablehlo.token"
QUANT = "!quant.uniform<i8:f32, 2.000000e+00:3>"

KINDS = [
    ("constraint", r"must be .*, but got"),
    ("inferred", r"inferred type"),
    ("channel", r"channel_type should be"),
    ("feed results", r"result is expected|result types is expected|except the last element"),
    ("layout", r"layout-attribute"),
    ("attribute", r"requires attribute"),
    ("pairwise", r"requires the same type for operand and result"),
    ("state", r"output state shape"),
    ("shape", r"requires the same shape|non-scalar operands/results must have the same shape"),
    ("expressed", r"Expressed type"),
    ("composite", r"namespaced op name|does not reference a valid function|decomposition has"),
    ("index", r"out of bounds"),
    ("count", r"operands?, but found|requires (zero|a single|one)|expected \d+ (or more )?operands"),
    ("collective", r"replica|channel_id|collective_reduce|[Rr]eduction-region"),
]

Maker = Callable[[Draw, int], Case]


def _tensor(draw: Draw, static: bool = False, elements: tuple[str, ...] = ("f32", "i32", "i1")) -> str:
    return tensor(draw.shape(draw.int(0, 2), 0.0 if static else 0.15), draw.pick(elements))


def _value(draw: Draw, token: float = 0.15) -> str:
    """A tensor, or now and then a token."""
    return TOKEN if draw.chance(token) else _tensor(draw)


def _sig(operands: list[str], results: list[str]) -> str:
    out = results[0] if len(results) == 1 and not results[0].startswith("(") else f"({', '.join(results)})"
    return f"({', '.join(operands)}) -> {out}"


def _results(n: int) -> str:
    return "" if n == 0 else "%0 = " if n == 1 else f"%0:{n} = "


def _generic(name: str, operands: list[str], results: list[str], attrs: str = "") -> Callable[[list[str]], str]:
    def line(names: list[str]) -> str:
        return f'{_results(len(results))}"stablehlo.{name}"({", ".join(names)}) {attrs}: {_sig(operands, results)}'

    return line


def create_token(draw: Draw, index: int) -> Case:
    result = TOKEN if draw.chance(0.6) else _tensor(draw)
    if draw.chance(0.5):
        return Case(index, "create_token", module([], lambda _: f"%0 = stablehlo.create_token : {result}"))
    operands = [TOKEN] if draw.chance(0.1) else []
    return Case(index, "create_token", module(operands, _generic("create_token", operands, [result])))


def after_all(draw: Draw, index: int) -> Case:
    operands = [TOKEN if draw.chance(0.85) else _tensor(draw) for _ in range(draw.int(0, 3))]
    result = TOKEN if draw.chance(0.85) else _tensor(draw)
    if all(t == TOKEN for t in (*operands, result)) and draw.chance(0.5):
        return Case(
            index, "after_all", module(operands, lambda n: f"%0 = stablehlo.after_all {', '.join(n)} : {TOKEN}")
        )
    return Case(index, "after_all", module(operands, _generic("after_all", operands, [result])))


def replica_id(draw: Draw, index: int) -> Case:
    name = draw.pick(["replica_id", "partition_id"])
    result = draw.pick(
        ["tensor<ui32>"] * 4 + ["tensor<2xui32>", "tensor<?xui32>", "tensor<i32>", "tensor<ui64>", TOKEN]
    )
    if draw.chance(0.4):
        return Case(index, name, module([], lambda _: f"%0 = stablehlo.{name} : {result}"))
    return Case(index, name, module([], _generic(name, [], [result])))


def _channel(draw: Draw) -> str:
    parts = []
    if draw.chance(0.92):
        parts.append(f"channel_handle = #stablehlo.channel_handle<handle = {draw.int(0, 3)}, type = {draw.int(0, 3)}>")
    if draw.chance(0.5):
        parts.append(f"is_host_transfer = {draw.pick(['true', 'false'])}")
    if not parts:
        return ""
    return "{" + ", ".join(parts) + "} "


def _inputs(draw: Draw) -> list[str]:
    inputs = [_tensor(draw) for _ in range(draw.int(0, 2))]
    if draw.chance(0.08) and inputs:
        inputs[draw.int(0, len(inputs) - 1)] = TOKEN
    return [*inputs, TOKEN if draw.chance(0.9) else _tensor(draw)] if draw.chance(0.97) else inputs


def outfeed(draw: Draw, index: int) -> Case:
    operands = _inputs(draw)
    result = TOKEN if draw.chance(0.85) else _tensor(draw)
    attrs = '{outfeed_config = "x"} ' if draw.chance(0.3) else ""
    return Case(index, "outfeed", module(operands, _generic("outfeed", operands, [result], attrs)))


def send(draw: Draw, index: int) -> Case:
    operands = _inputs(draw)
    result = TOKEN if draw.chance(0.9) else _tensor(draw)
    return Case(index, "send", module(operands, _generic("send", operands, [result], _channel(draw))))


def _feed_results(draw: Draw) -> list[str]:
    out = [_tensor(draw, static=draw.chance(0.85)) for _ in range(draw.int(0, 2))]
    if draw.chance(0.1) and out:
        out[draw.int(0, len(out) - 1)] = TOKEN
    if draw.chance(0.9):
        out.append(TOKEN)
    elif draw.chance(0.5):
        out.append(_tensor(draw, static=True))
    return out


def recv(draw: Draw, index: int) -> Case:
    operand = [TOKEN if draw.chance(0.95) else _tensor(draw)]
    results = _feed_results(draw)
    return Case(index, "recv", module(operand, _generic("recv", operand, results, _channel(draw))))


def infeed(draw: Draw, index: int) -> Case:
    operand = [TOKEN if draw.chance(0.95) else _tensor(draw)]
    results = _feed_results(draw)
    attrs = []
    if draw.chance(0.3):
        attrs.append('infeed_config = "x"')
    if draw.chance(0.5):
        n = max(len(results) - 1, 0) + draw.pick([0, 0, 0, 1, -1])
        entries = []
        for _ in range(max(n, 0)):
            r = draw.rng.random()
            entries.append("0" if r < 0.1 else "[0, []]" if r < 0.2 else f"[{', '.join('0' * draw.int(0, 2))}]")
        attrs.append(f"layout = [{', '.join(entries)}]")
    text = "{" + ", ".join(attrs) + "} " if attrs else ""
    return Case(index, "infeed", module(operand, _generic("infeed", operand, results, text)))


def optimization_barrier(draw: Draw, index: int) -> Case:
    operands = [_value(draw, 0.3) if draw.chance(0.97) else "tuple<tensor<2xf32>>" for _ in range(draw.int(1, 3))]
    results = list(operands)
    if draw.chance(0.35):
        i = draw.int(0, len(results) - 1)
        results[i] = _value(draw, 0.3)
    if results == operands and draw.chance(0.4):
        return Case(
            index,
            "optimization_barrier",
            module(
                operands,
                lambda n: f"{_results(len(n))}stablehlo.optimization_barrier {', '.join(n)} : {', '.join(operands)}",
            ),
        )
    return Case(index, "optimization_barrier", module(operands, _generic("optimization_barrier", operands, results)))


def rng_bit_generator(draw: Draw, index: int) -> Case:
    ints = ("ui64", "ui32", "i64", "f32", "i1")
    state = tensor(draw.shape(1, 0.1), draw.pick(ints[:3]) if draw.chance(0.9) else draw.pick(ints))
    shape = state[len("tensor<") : state.rindex("x")].split("x") if "x" in state else []
    out_state = state
    if draw.chance(0.3):
        out_state = tensor((draw.pick([None, 2, 3, 4]),), draw.pick(ints[:3]))
    output = tensor(draw.shape(draw.int(1, 2), 0.1), draw.pick(ints) if draw.chance(0.3) else "ui32")
    del shape
    attrs = "{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} " if draw.chance(0.95) else ""
    if attrs and draw.chance(0.3):
        return Case(
            index,
            "rng_bit_generator",
            module(
                [state],
                lambda n: (
                    f"%0, %1 = stablehlo.rng_bit_generator {n[0]}, algorithm = DEFAULT : "
                    f"({state}) -> ({out_state}, {output})"
                ),
            ),
        )
    return Case(
        index, "rng_bit_generator", module([state], _generic("rng_bit_generator", [state], [out_state, output], attrs))
    )


def _quant(expressed: str = "f32") -> str:
    return f"!quant.uniform<i8:{expressed}, 2.000000e+00:3>"


def uniform(draw: Draw, index: int) -> Case:
    shape = draw.shape(draw.int(0, 2), 0.1)
    other = draw.vary(shape, 0.2)
    if draw.chance(0.5):
        given = draw.pick(["f32", "f32", "f16", _quant(), _quant("f16"), "i32"])
        made = draw.pick([_quant(), _quant(), _quant("f16"), _quant("f64"), "f32"])
        name = "uniform_quantize"
    else:
        given = draw.pick([_quant(), _quant(), _quant("f16"), "f32"])
        made = draw.pick(["f32", "f32", "f16", "bf16", "i32", _quant()])
        name = "uniform_dequantize"
    a, r = tensor(shape, given), tensor(other, made)
    if draw.chance(0.4):
        return Case(index, name, module([a], lambda n: f"%0 = stablehlo.{name} {n[0]} : ({a}) -> {r}"))
    return Case(index, name, module([a], _generic(name, [a], [r])))


def einsum(draw: Draw, index: int) -> Case:
    unary = draw.chance(0.3)
    name = "unary_einsum" if unary else "einsum"
    operands = [_value(draw, 0.1) for _ in range(1 if unary else 2)]
    if draw.chance(0.05):
        operands.append(_tensor(draw))
    result = _value(draw, 0.1)
    attrs = '{einsum_config = "ab,bc->ac"} ' if draw.chance(0.93) else ""
    return Case(index, name, module(operands, _generic(name, operands, [result], attrs)))


def _float(draw: Draw) -> str:
    return _tensor(draw, static=True, elements=("f32", "f16"))


def composite(draw: Draw, index: int, dialect: str = "stablehlo") -> Case:
    operands = [_float(draw) for _ in range(draw.int(0, 2))]
    results = [_float(draw) for _ in range(draw.int(0, 1))]
    name = draw.pick(["my.op", "a.b.c", "my_ns.op_1", "foo", "foo.", ".foo", "0.foo", "foo.%", "f00._.$"])
    inputs, outputs = list(operands), list(results)
    r = draw.rng.random()
    if r < 0.15 and inputs:
        inputs[draw.int(0, len(inputs) - 1)] = _float(draw)
    elif r < 0.25:
        inputs = inputs[:-1] if inputs and draw.chance(0.5) else [*inputs, "tensor<f32>"]
    elif r < 0.35:
        outputs = outputs[:-1] if outputs else ["tensor<f32>"]
    elif r < 0.45 and outputs:
        outputs = [_float(draw)]
    defined = draw.chance(0.9)
    args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(inputs))
    body = "\n".join(f"  %r{i} = {dialect}.constant dense<0.0> : {t}" for i, t in enumerate(outputs))
    ret = (
        f"  return {', '.join(f'%r{i}' for i in range(len(outputs)))} : {', '.join(outputs)}" if outputs else "  return"
    )
    ret_type = f" -> ({', '.join(outputs)})" if outputs else ""
    decomposition = f"func.func @decomposition({args}){ret_type} {{\n{body}\n{ret}\n}}\n" if defined else ""
    decomposition = decomposition.replace("{\n\n", "{\n")

    def line(names: list[str]) -> str:
        head = _results(len(results))
        if draw.chance(0.5):
            return (
                f'{head}{dialect}.composite "{name}" {", ".join(names)} {{decomposition = @decomposition}} : '
                f"({', '.join(operands)}) -> ({', '.join(results)})"
            )
        attrs = f'{{name = "{name}", decomposition = @decomposition}} '
        return f'{head}"{dialect}.composite"({", ".join(names)}) {attrs}: ({", ".join(operands)}) -> ({", ".join(results)})'

    return Case(index, f"{dialect}.composite", module(operands, line) + decomposition)


def tuples(draw: Draw, index: int) -> Case:
    elements = [_value(draw, 0.35) for _ in range(draw.int(1, 3))]
    whole = "tuple<" + ", ".join(elements) + ">"
    if draw.chance(0.5):
        at = draw.int(0, len(elements) - 1) if draw.chance(0.9) else len(elements)
        result = elements[at] if at < len(elements) and draw.chance(0.6) else _value(draw, 0.4)
        return Case(
            index,
            "get_tuple_element",
            module([whole], lambda n: f"%0 = stablehlo.get_tuple_element {n[0]}[{at}] : ({whole}) -> {result}"),
        )
    result_elements = list(elements)
    if draw.chance(0.35):
        i = draw.int(0, len(elements) - 1)
        result_elements[i] = _value(draw, 0.4)
    out = "tuple<" + ", ".join(result_elements) + ">"
    if out == whole and draw.chance(0.5):
        return Case(index, "tuple", module(elements, lambda n: f"%0 = stablehlo.tuple {', '.join(n)} : {whole}"))
    return Case(index, "tuple", module(elements, _generic("tuple", elements, [out])))


def collective_reduce(draw: Draw, index: int) -> Case:
    element = draw.pick(["f32", "i32"])
    data = [tensor(draw.shape(draw.int(0, 2), 0.1), element) for _ in range(draw.pick([0, 1, 1, 1, 2]))]
    dynamic_root = draw.chance(0.3)
    operands = list(data)
    if dynamic_root and draw.chance(0.9):
        size = len(data) if draw.chance(0.8) else draw.pick([None, len(data) + 1])
        operands.append(tensor((size,), "i32") if draw.chance(0.9) else draw.pick(["tensor<i32>", "tensor<2xf32>"]))
    results = list(data)
    if results and draw.chance(0.3):
        i = draw.int(0, len(results) - 1)
        results[i] = tensor(draw.vary(draw.shape(1), 0.5), draw.pick(["f32", "i32"]))
    elif draw.chance(0.05):
        results = results[:-1] if results else [f"tensor<{element}>"]
    groups = draw.pick(["[[0, 1]]", "[[0, 1], [2, 3]]", "[[0, -1], [1, 2]]", "[[0, 0]]", "[[0, 2]]", "[0, 1]"])
    groups_type = "tensor<2xi64>" if groups == "[0, 1]" else f"tensor<{groups.count('[') - 1}x2xi64>"
    attrs = [f"replica_groups = dense<{groups}> : {groups_type}"]
    if draw.chance(0.2):
        attrs.append("use_global_device_ids")
        attrs.append(f"channel_handle = #stablehlo.channel_handle<handle = {draw.int(0, 2)}, type = 1>")
    if dynamic_root:
        attrs.append("has_dynamic_root")
    body_element = element if draw.chance(0.9) else draw.pick(["f32", "i32", "f16"])
    scalar = f"tensor<{body_element}>" if draw.chance(0.95) else f"tensor<2x{body_element}>"
    body = (
        f"^bb0(%x: {scalar}, %y: {scalar}):\n"
        f"    %s = stablehlo.add %x, %y : {scalar}\n"
        f"    stablehlo.return %s : {scalar}\n"
    )
    head = _results(len(results))

    def line(names: list[str]) -> str:
        return (
            f'{head}"stablehlo.collective_reduce"({", ".join(names)}) ({{\n  {body}  }}) {{{", ".join(attrs)}}} : '
            f"{_sig(operands, results) if results else '(' + ', '.join(operands) + ') -> ()'}"
        )

    return Case(index, "collective_reduce", module(operands, line))


MAKERS: list[Maker] = [
    create_token,
    after_all,
    replica_id,
    outfeed,
    send,
    recv,
    infeed,
    optimization_barrier,
    rng_bit_generator,
    uniform,
    einsum,
    composite,
    tuples,
    collective_reduce,
]


def _cases(seed: int) -> list[Case]:
    draw = Draw(seed)
    return [MAKERS[i % len(MAKERS)](draw, i) for i in range(COUNT)]


def test_remaining_stablehlo_ops_against_iree() -> None:
    cases = _cases(SEED + 290)
    assert len(cases) >= 2000
    wanted = [k for k, _ in KINDS if k != "count"]
    run("stablehlo io/composite/tuple tokens", cases, oracle(cases), KINDS, wanted)


MHLO_COUNT = int(os.environ.get("BROADCHECK_REMAINING_MHLO_CASES", 2000))


def test_mhlo_composite_against_jaxlib() -> None:
    """``mhlo.composite``, the one MHLO twin declared: jaxlib 0.10.2 words its rules as StableHLO does."""
    from .test_mhlo_structural import verdicts

    draw = Draw(SEED + 291)
    cases = [composite(draw, i, "mhlo") for i in range(MHLO_COUNT)]
    assert len(cases) >= 2000
    run("mhlo.composite", cases, verdicts(cases), KINDS, ["composite"])
