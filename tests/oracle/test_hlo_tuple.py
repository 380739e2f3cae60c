"""Differential test: ``tuple`` and ``get_tuple_element`` of StableHLO (iree-base-compiler 3.13)
and MHLO (jaxlib 0.10.2), issue 29.

Random generic ``tuple`` ops of 1-3 operands (tensors of rank 0-2, static or dynamic, and now and
then a tuple) whose result is the tuple of their types, or that tuple changed (an element's
size made static or dynamic, its element type, one element too few or too many); now and then
the custom form. Random ``get_tuple_element`` on a tuple of 1-3 elements with an index within or
past it and a result that is the element, a compatible one, or another. Compared: the first
error's message and line. ``BROADCHECK_TUPLE_CASES`` per dialect (default 2500),
``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor
from .test_mhlo_structural import verdicts

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TUPLE_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

KINDS = [("index", r"out of bounds"), ("inferred", r"inferred type"), ("constraint", r"failed to satisfy constraint")]


def _tensor(draw: Draw) -> str:
    return tensor(draw.shape(draw.int(0, 2)), draw.pick(["f32", "i32", "f16"]))


def _element(draw: Draw) -> str:
    if draw.chance(0.12):
        return "tuple<" + ", ".join(_tensor(draw) for _ in range(draw.int(1, 2))) + ">"
    return _tensor(draw)


def _changed(draw: Draw, t: str) -> str:
    """``t`` with one thing changed: a size, the element type, or another type altogether."""
    if t.startswith("tuple<") or draw.chance(0.2):
        return _tensor(draw)
    body = t[len("tensor<") : -1]
    dims, element = body.rsplit("x", 1) if "x" in body else ("", body)
    if dims and draw.chance(0.6):
        parts = dims.split("x")
        i = draw.int(0, len(parts) - 1)
        parts[i] = "?" if parts[i] != "?" else str(draw.int(1, 4))
        return f"tensor<{'x'.join(parts)}x{element}>"
    other = draw.pick([e for e in ("f32", "i32", "f16") if e != element])
    return f"tensor<{dims + 'x' if dims else ''}{other}>"


def tuple_case(draw: Draw, index: int, dialect: str) -> Case:
    operands = [_element(draw) for _ in range(draw.int(1, 3))]
    result = list(operands)
    r = draw.rng.random()
    if r < 0.3:
        i = draw.int(0, len(result) - 1)
        result[i] = _changed(draw, result[i])
    elif r < 0.4:
        result = result[:-1] if len(result) > 1 and draw.chance(0.5) else [*result, _tensor(draw)]
    whole = "tuple<" + ", ".join(result) + ">"
    custom = result == operands and draw.chance(0.2)

    def line(names: list[str]) -> str:
        if custom:
            return f"%0 = {dialect}.tuple {', '.join(names)} : {whole}"
        return f'%0 = "{dialect}.tuple"({", ".join(names)}) : ({", ".join(operands)}) -> {whole}'

    return Case(index, f"{dialect}.tuple", module(operands, line))


def get_tuple_element_case(draw: Draw, index: int, dialect: str) -> Case:
    elements = [_element(draw) for _ in range(draw.int(1, 3))]
    operand = "tuple<" + ", ".join(elements) + ">"
    at = draw.int(0, len(elements) - 1) if draw.chance(0.85) else draw.int(len(elements), len(elements) + 1)
    if draw.chance(0.06):
        at = -draw.int(1, 2)  # (a non-negative I32Attr)
    typ = "i64" if draw.chance(0.04) else "i32"
    result = elements[at] if 0 <= at < len(elements) else _tensor(draw)
    if 0 <= at < len(elements) and draw.chance(0.45):
        result = _changed(draw, result)

    def line(names: list[str]) -> str:
        return f'%0 = "{dialect}.get_tuple_element"({names[0]}) {{index = {at} : {typ}}} : ({operand}) -> {result}'

    return Case(index, f"{dialect}.get_tuple_element", module([operand], line))


def _cases(dialect: str, seed: int) -> list[Case]:
    draw = Draw(seed)
    return [(tuple_case if i % 2 == 0 else get_tuple_element_case)(draw, i, dialect) for i in range(COUNT)]


def test_stablehlo_tuples_against_iree() -> None:
    cases = _cases("stablehlo", SEED + 70)
    assert len(cases) >= 2000
    run("stablehlo tuple/get_tuple_element", cases, oracle(cases), KINDS, ["index", "inferred", "constraint"])


def test_mhlo_tuples_against_jaxlib() -> None:
    cases = _cases("mhlo", SEED + 71)
    assert len(cases) >= 2000
    run("mhlo tuple/get_tuple_element", cases, verdicts(cases), KINDS, ["index", "inferred", "constraint"])
