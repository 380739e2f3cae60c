"""Differential test: ``stablehlo.constant`` with an empty dense literal (``dense<>``) against
iree-base-compiler 3.13 (issue 29: the parser takes it for a type of no element only).

Random static shapes of rank 0-3 (half of them with a 0 size), now and then a dynamic one; element
types ``f32``, ``i64``, ``i1``, ``bf16``, ``complex<f32>`` and a quantized type; the custom form or
the generic form (whose result is the literal's type or another); now and then a literal of one
number (``f32``, ``i64``, ``bf16``) beside it to keep the parser's path honest. Compared: the first error's message and line.
``BROADCHECK_EMPTY_LITERAL_CASES`` (default 2000), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_EMPTY_LITERAL_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

KINDS = [
    ("zero elements", r"parsed zero elements"),
    ("static", r"static shape"),
    ("inferred", r"inferred type"),
    ("constraint", r"must be "),
    ("literal", r"literal for a floating point value"),
]
_ELEMENTS = ["f32", "i64", "i1", "bf16", "complex<f32>", "!quant.uniform<i8:f32, 2.0:3>"]


def _shape(draw: Draw) -> list[int | None]:
    shape: list[int | None] = [draw.pick([1, 2, 3]) for _ in range(draw.int(0, 3))]
    if shape and draw.chance(0.5):
        shape[draw.int(0, len(shape) - 1)] = 0
    if shape and draw.chance(0.06):
        shape[draw.int(0, len(shape) - 1)] = None
    return shape


def empty_case(draw: Draw, index: int) -> Case:
    shape, element = _shape(draw), draw.pick(_ELEMENTS)
    literal = tensor(shape, element)
    result = literal
    if draw.chance(0.25):
        other = list(shape) if draw.chance(0.5) else _shape(draw)
        if other and draw.chance(0.6):
            i = draw.int(0, len(other) - 1)
            other[i] = 0 if other[i] != 0 else 1
        result = tensor(other, draw.pick(_ELEMENTS) if draw.chance(0.3) else element)
    simple = element in ("f32", "i64", "bf16")  # (a literal of complex or quantized elements is passed over)
    body = "" if draw.chance(0.9) or not simple else "0"
    if draw.chance(0.5):
        line = f"%0 = stablehlo.constant dense<{body}> : {literal}"
    else:
        line = f'%0 = "stablehlo.constant"() {{value = dense<{body}> : {literal}}} : () -> {result}'
    return Case(index, "stablehlo.constant", f"func.func @f() {{\n  {line}\n  return\n}}\n")


def test_empty_literals_against_iree() -> None:
    draw = Draw(SEED + 1844)
    cases = [empty_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    run("stablehlo empty literal", cases, oracle(cases), KINDS, ["zero elements", "inferred"])
