"""Differential test: CHLO's elementwise ops without broadcasting (``chlo.square``, ``erf``,
``is_inf``, ``zeta``, ``mulhi``, ...) against iree-base-compiler 3.13.

Random single-op modules: shapes of rank 0-3 (``?`` and bounded sizes, unranked tensors), the
result's shape right, a size or the rank changed, or unranked; element types the op takes
or not (ints, complex, quantized, ``i1``); vectors and scalars (generic form only: the custom
form's parser rejects them at the type, which is not modelled); an operand or result too
many or too few now and then; both printed forms. Compared: the first error's message and
line. ``BROADCHECK_CHLO_ELEMENTWISE_CASES`` (default 3000), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from broadcheck.dialects.chlo.elementwise import BINARY, RULES, UNARY

from .hlo_campaign import Case, Draw, module, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_CHLO_ELEMENTWISE_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

FLOATS = ["f32", "f16", "bf16", "f64"]
NATURAL = {
    **{
        n: [*FLOATS, "complex<f32>", "complex<f64>"]
        for n in UNARY
        if "F" in RULES[n].operand.atoms and "C" in RULES[n].operand.atoms
    },
    **{n: FLOATS for n in UNARY if RULES[n].operand.atoms == frozenset({"F"})},
    "_asin_acos_kernel": ["complex<f32>", "complex<f64>"],
    **{n: FLOATS for n in ("next_after", "polygamma", "zeta")},
    "mulhi": ["i8", "i32", "i64", "ui16"],
}
OTHER = ["i32", "i1", "f32", "complex<f32>", "!quant.uniform<i8:f32, 0.5>", "index", "complex<f16>"]
OPS = [*UNARY, *BINARY]

KINDS = [
    ("counts", r"operands, but found|requires a single operand|requires one result"),
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("compatible types", r"requires compatible types for all operands and results"),
    ("elementwise", r"all non-scalar operands/results"),
    ("inferred type", r"inferred type\(s\)"),
]


def case(draw: Draw, index: int) -> Case:
    name = OPS[index % len(OPS)]
    rule = RULES[name]
    element = draw.pick(NATURAL[name])
    shape, bounds = draw.bounded(draw.shape())
    operands = []
    for _ in range(rule.operands):
        s = draw.vary(shape, 0.15)
        b = bounds if s == shape else None
        e = element if not draw.chance(0.06) else draw.pick(OTHER)
        operands.append(tensor(None, e) if draw.chance(0.08) else tensor(s, e, b))
    out_element = "i1" if rule.predicate else element
    if draw.chance(0.08):
        out_element = draw.pick(OTHER)
    r = draw.rng.random()
    if r < 0.08:
        result = tensor(None, out_element)
    else:
        varied = draw.vary(shape, 0.4)
        keep = (
            bounds is not None
            and len(varied) == len(shape)
            and all(d is None for d, b in zip(varied, bounds, strict=True) if b is not None)
        )
        result = tensor(varied, out_element, bounds if keep and draw.chance(0.5) else None)
        if bounds is not None and "bounds" not in result and draw.chance(0.3):
            result = tensor(tuple(3 if d is None else d for d in shape), out_element)
    results = [result]
    if draw.chance(0.04):
        operands = [*operands, operands[0]] if draw.chance(0.5) else operands[:-1]
    if draw.chance(0.02):
        results = [] if draw.chance(0.5) else [result, result]
    if draw.chance(0.04):
        operands = [draw.pick(["vector<4xf32>", "vector<2x3xf64>", "f32"]) for _ in operands]
    custom_ok = (
        len(operands) == rule.operands
        and len(results) == 1
        and all(t.startswith("tensor<") for t in (*operands, *results))
        and (name != "mulhi" or "*x" not in "".join((*operands, *results)))
    )
    generic = not custom_ok or draw.chance(0.4)

    def line(names: list[str]) -> str:
        out = "(" + ", ".join(results) + ")" if len(results) != 1 else results[0]
        bind = "" if not results else ("%0 = " if len(results) == 1 else f"%0:{len(results)} = ")
        if generic:
            return f'{bind}"chlo.{name}"({", ".join(names)}) : ({", ".join(operands)}) -> {out}'
        return f"{bind}chlo.{name} {', '.join(names)} : {', '.join(operands)} -> {out}"

    return Case(index, name, module(operands, line))


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    draw = Draw(SEED)
    return [case(draw, i) for i in range(COUNT)]


def test_broadcheck_matches_chlo_elementwise(cases: list[Case]) -> None:
    """broadcheck's first error is CHLO's (message and line) on every case; every op and outcome is reached."""
    assert len(cases) >= 2000
    run("CHLO elementwise", cases, oracle(cases), KINDS, [k for k, _ in KINDS])
