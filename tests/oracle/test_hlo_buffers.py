"""Differential test: ``memref`` (``HLO_Buffer``) types in StableHLO's ``tuple``,
``get_tuple_element`` and ``while`` (iree-base-compiler 3.13), issue 29.

Random generic ``tuple`` ops whose operands mix tensors and ranked memrefs (now and then a memory
space, ``0`` included, or a ``strided`` layout, written with odd spacing) and whose result is their
tuple or that tuple changed; ``get_tuple_element`` of such tuples with a result that is the element
(printed otherwise), a compatible one, a tensor of its shape, or another; generic ``while`` ops
over a ``tensor<i1>`` and memrefs whose blocks' arguments, yields (a permutation of the body's
arguments) and results are the operands' types or changed. Compared: the first error's message and
line. The tuple cases run as MHLO too (jaxlib 0.10.2). ``BROADCHECK_BUFFER_CASES`` (default 2400),
``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_BUFFER_CASES", 2400))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

KINDS = [
    ("inferred", r"inferred type"),
    ("condition", r"condition block arguments"),
    ("body", r"body block arguments"),
    ("yield", r"body block return types"),
]
_ELEMENTS = ["f32", "i32", "f16"]


def _shape(draw: Draw) -> tuple[int | None, ...]:
    return draw.shape(draw.int(0, 2))


def _memref(shape: tuple[int | None, ...], element: str, draw: Draw) -> str:
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    extra = ""
    r = draw.rng.random()
    if r < 0.15:
        strides = ", ".join(str(draw.pick([1, 2, 4])) for _ in shape)
        offset = draw.pick(["", ", offset: 0", ", offset: ?", ",offset:3"])
        extra = f", strided<[{strides}]{offset}>"
    elif r < 0.3:
        extra = f", {draw.pick([0, 1, 2])}"
    return f"memref<{dims}{element}{extra}>"


def _value(draw: Draw) -> str:
    shape, element = _shape(draw), draw.pick(_ELEMENTS)
    return _memref(shape, element, draw) if draw.chance(0.6) else tensor(shape, element)


def _changed(draw: Draw, t: str) -> str:
    """``t`` with one thing changed: a size, the element type, memref for tensor, or another type."""
    r = draw.rng.random()
    if r < 0.15:
        return _value(draw)
    kind, _, body = t.partition("<")
    body = body[:-1]
    head, _, extra = body.partition(",")
    extra = f",{extra}" if extra else ""
    dims, element = head.rsplit("x", 1) if "x" in head else ("", head)
    if r < 0.3:
        return f"{'tensor' if kind == 'memref' else 'memref'}<{dims + 'x' if dims else ''}{element}>"
    if dims and r < 0.75:
        parts = dims.split("x")
        i = draw.int(0, len(parts) - 1)
        parts[i] = "?" if parts[i] != "?" else str(draw.int(1, 4))
        return f"{kind}<{'x'.join(parts)}x{element}{extra}>"
    other = draw.pick([e for e in _ELEMENTS if e != element])
    return f"{kind}<{dims + 'x' if dims else ''}{other}{extra}>"


def tuple_case(draw: Draw, index: int) -> Case:
    operands = [_value(draw) for _ in range(draw.int(1, 3))]
    result = list(operands)
    if draw.chance(0.4):
        i = draw.int(0, len(result) - 1)
        result[i] = _changed(draw, result[i])
    whole = "tuple<" + ", ".join(result) + ">"

    def line(names: list[str]) -> str:
        return f'%0 = "stablehlo.tuple"({", ".join(names)}) : ({", ".join(operands)}) -> {whole}'

    return Case(index, "stablehlo.tuple", module(operands, line))


def get_tuple_element_case(draw: Draw, index: int) -> Case:
    elements = [_value(draw) for _ in range(draw.int(1, 3))]
    operand = "tuple<" + ", ".join(elements) + ">"
    at = draw.int(0, len(elements) - 1)
    result = elements[at]
    if draw.chance(0.5):
        result = _changed(draw, result)

    def line(names: list[str]) -> str:
        return f'%0 = "stablehlo.get_tuple_element"({names[0]}) {{index = {at} : i32}} : ({operand}) -> {result}'

    return Case(index, "stablehlo.get_tuple_element", module([operand], line))


def while_case(draw: Draw, index: int) -> Case:
    operands = ["tensor<i1>", *(_value(draw) for _ in range(draw.int(1, 2)))]
    cond, body, results = list(operands), list(operands), list(operands)
    r = draw.rng.random()
    which = cond if r < 0.15 else body if r < 0.3 else results if r < 0.5 else None
    if which is not None:
        i = draw.int(1, len(which) - 1)
        which[i] = _changed(draw, which[i])
    order = list(range(len(body)))
    if draw.chance(0.25):
        draw.rng.shuffle(order)
    yields = [f"%y{i}" for i in order]
    yield_types = [body[i] for i in order]

    def line(names: list[str]) -> str:
        cargs = ", ".join(f"%c{i}: {t}" for i, t in enumerate(cond))
        bargs = ", ".join(f"%y{i}: {t}" for i, t in enumerate(body))
        return (
            f'%0:{len(results)} = "stablehlo.while"({", ".join(names)}) ({{\n'
            f"  ^bb0({cargs}):\n    stablehlo.return %c0 : tensor<i1>\n  }}, {{\n"
            f"  ^bb0({bargs}):\n    stablehlo.return {', '.join(yields)} : {', '.join(yield_types)}\n"
            f"  }}) : ({', '.join(operands)}) -> ({', '.join(results)})"
        )

    return Case(index, "stablehlo.while", module(operands, line))


def test_stablehlo_buffers_against_iree() -> None:
    draw = Draw(SEED + 90)
    makers = [tuple_case, get_tuple_element_case, while_case]
    cases = [makers[i % 3](draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    run("stablehlo memref tuple/get_tuple_element/while", cases, oracle(cases), KINDS, [k for k, _ in KINDS])


def test_mhlo_buffers_against_jaxlib() -> None:
    """The same ``tuple`` and ``get_tuple_element`` cases as MHLO's (jaxlib 0.10.2): its tuple ops
    share StableHLO's check (``while`` over memrefs is StableHLO's only here: MHLO's is passed over)."""
    from .test_mhlo_structural import verdicts

    draw = Draw(SEED + 91)
    makers = [tuple_case, get_tuple_element_case]
    cases = []
    for i in range(COUNT):
        made = makers[i % 2](draw, i)
        cases.append(
            Case(made.index, made.op.replace("stablehlo.", "mhlo."), made.text.replace('"stablehlo.', '"mhlo.'))
        )
    assert len(cases) >= 2000
    run("mhlo memref tuple/get_tuple_element", cases, verdicts(cases), KINDS, ["inferred"])
