"""Differential test: ``stablehlo.bitcast_convert`` against iree-base-compiler 3.13 and
``mhlo.bitcast_convert`` against jaxlib 0.10.2 (issue 29).

Random bitcasts between element types of 8-64 bits (integers, floats, complex) on operands of
rank 0-3 (sizes static or ``?``): the result is the valid bitcast (the narrower side with one more
innermost dimension of the width ratio), or that changed (a size, the innermost size, the rank,
real against complex). StableHLO's custom form now and then. Compared: the first error's message
and line. ``BROADCHECK_BITCAST_CASES`` per dialect (default 2500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor
from .test_mhlo_structural import verdicts

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_BITCAST_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

ELEMENTS = {"i8": 8, "i16": 16, "f16": 16, "bf16": 16, "i32": 32, "f32": 32, "i64": 64, "f64": 64, "ui8": 8}
COMPLEX = {"complex<f32>": 64, "complex<f64>": 128}
KINDS = [
    ("real/complex", r"real and complex"),
    ("rank", r"rank of smaller"),
    ("bit widths", r"compatible bit widths"),
    ("shapes", r"shapes must match"),
    ("ods", r"must be "),
]


def bitcast_case(draw: Draw, index: int, dialect: str) -> Case:
    pool = COMPLEX if draw.chance(0.2) else ELEMENTS
    a = draw.pick(sorted(pool))
    b = draw.pick(sorted(pool)) if draw.chance(0.85) else draw.pick(sorted({**ELEMENTS, **COMPLEX}))
    wa, wb = {**ELEMENTS, **COMPLEX}[a], {**ELEMENTS, **COMPLEX}[b]
    shape = list(draw.shape(draw.int(0, 3)))
    out = list(shape)
    if wa > wb:
        out = [*shape, wa // wb]
    elif wa < wb:
        if shape:
            shape[-1] = wb // wa if draw.chance(0.8) else shape[-1]
            out = shape[:-1]
        else:
            shape = [wb // wa]
            out = []
    r = draw.rng.random()
    if r < 0.12 and out:
        i = draw.int(0, len(out) - 1)
        out[i] = (out[i] or 2) + 1
    elif r < 0.2:
        out = [*out, 2] if draw.chance(0.5) or not out else out[:-1]
    elif r < 0.28 and out:
        out[draw.int(0, len(out) - 1)] = None
    operand, result = tensor(shape, a), tensor(out, b)
    custom = dialect == "stablehlo" and draw.chance(0.3)

    def line(names: list[str]) -> str:
        if custom:
            return f"%0 = stablehlo.bitcast_convert {names[0]} : ({operand}) -> {result}"
        return f'%0 = "{dialect}.bitcast_convert"({names[0]}) : ({operand}) -> {result}'

    return Case(index, f"{dialect}.bitcast_convert", module([operand], line))


def _cases(dialect: str, seed: int) -> list[Case]:
    draw = Draw(seed)
    return [bitcast_case(draw, i, dialect) for i in range(COUNT)]


WANTED = ["real/complex", "rank", "bit widths", "shapes"]


def test_stablehlo_bitcast_against_iree() -> None:
    cases = _cases("stablehlo", SEED + 90)
    assert len(cases) >= 2000
    run("stablehlo.bitcast_convert", cases, oracle(cases), KINDS, WANTED)


def test_mhlo_bitcast_against_jaxlib() -> None:
    cases = _cases("mhlo", SEED + 91)
    assert len(cases) >= 2000
    run("mhlo.bitcast_convert", cases, verdicts(cases), KINDS, WANTED)
