"""Differential test: ``#stablehlo.dot_algorithm`` on ``stablehlo.dot_general`` against
iree-base-compiler 3.13 (issue 29; ``verifyDotAlgorithmAttr``, run by the parser as it builds the
attribute, and ``getKnownDotAlgorithm``).

Random algorithms (precision and accumulation types among the f8 types, ``f16``, ``bf16``,
``tf32``, ``f32``, ``f64`` and now and then ``i8``; component counts and numbers of operations
from -1 to 9; precise or not), mostly near a known one, in the generic form (attribute dictionary
or properties) or the custom form (``algorithm = <...>``), on operands whose shapes now and then
disagree (the op's verifier then runs) and with a precision config now and then (dot_general_c21).
Compared: the first error's message and line. ``BROADCHECK_DOT_ALGORITHM_CASES`` (default 2000),
``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_DOT_ALGORITHM_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

KINDS = [
    ("components", r"component count must be positive"),
    ("operations", r"num primitive operations must be positive"),
    ("unknown", r"dot algorithm not known"),
    ("precision", r"DEFAULT precision config"),
    ("shape", r"inferred shape|contracting dimension sizes|batching dimension sizes"),
]

_F8 = ["f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E3M4", "f8E4M3", "f8E4M3B11FNUZ"]
_KNOWN = [
    ("f16", "f16", "f16", 1), ("f16", "f16", "f32", 1), ("bf16", "bf16", "bf16", 1), ("bf16", "bf16", "f32", 1),
    ("bf16", "bf16", "f32", 3), ("bf16", "bf16", "f32", 6), ("bf16", "bf16", "f32", 9), ("tf32", "tf32", "f32", 1),
    ("tf32", "tf32", "f32", 3), ("f32", "f32", "f32", 1), ("f64", "f64", "f64", 1),
]  # fmt: skip
_TYPES = ["f16", "bf16", "tf32", "f32", "f64", "i8", *_F8[:2]]


def _algorithm(draw: Draw) -> str:
    if draw.chance(0.25):
        lhs, rhs, acc, ops = draw.pick(_F8), draw.pick(_F8), "f32", 1
    else:
        lhs, rhs, acc, ops = draw.pick(_KNOWN)
    imprecise = draw.chance(0.2)
    counts = [1, 1]
    r = draw.rng.random()
    if r < 0.1:
        lhs = draw.pick(_TYPES)
    elif r < 0.2:
        rhs = draw.pick(_TYPES)
    elif r < 0.3:
        acc = draw.pick(_TYPES)
    elif r < 0.4:
        ops = draw.pick([-1, 0, 2, 3, 6, 9])
    elif r < 0.55:
        counts[draw.int(0, 1)] = draw.pick([-1, 0, 2])
        if draw.chance(0.3):
            ops = draw.pick([0, 1])
    return (
        f"lhs_precision_type = {lhs}, rhs_precision_type = {rhs}, accumulation_type = {acc}, "
        f"lhs_component_count = {counts[0]}, rhs_component_count = {counts[1]}, num_primitive_operations = {ops}, "
        f"allow_imprecise_accumulation = {'true' if imprecise else 'false'}"
    )


def algorithm_case(draw: Draw, index: int) -> Case:
    b, m, k, n = draw.pick([1, 2]), draw.pick([2, 3]), draw.pick([2, 4]), draw.pick([2, 5])
    lhs, rhs, res = [b, m, k], [b, k, n], [b, m, n]
    if draw.chance(0.1):
        rhs[1] += 1
    if draw.chance(0.1):
        res[2] += 1
    types = [f"tensor<{'x'.join(map(str, s))}xf32>" for s in (lhs, rhs, res)]
    algorithm = _algorithm(draw)
    precision = draw.pick(["DEFAULT", "HIGHEST"]) if draw.chance(0.15) else None
    form = draw.pick(["dict", "properties", "custom"])

    def line(names: list[str]) -> str:
        a, c = names
        signature = f"({types[0]}, {types[1]}) -> {types[2]}"
        if form == "custom":
            extra = f", precision = [{precision}, {precision}]" if precision else ""
            return (
                f"%0 = stablehlo.dot_general {a}, {c}, batching_dims = [0] x [0], contracting_dims = [2] x [1]"
                f"{extra}, algorithm = <{algorithm}> : {signature}"
            )
        numbers = (
            "#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
            "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>"
        )
        items = [f"dot_dimension_numbers = {numbers}", f"algorithm = #stablehlo.dot_algorithm<{algorithm}>"]
        if precision:
            items.append(f"precision_config = [#stablehlo<precision {precision}>, #stablehlo<precision {precision}>]")
        body = ", ".join(items)
        attrs = f"<{{{body}}}>" if form == "properties" else f"{{{body}}}"
        return f'%0 = "stablehlo.dot_general"({a}, {c}) {attrs} : {signature}'

    return Case(index, "stablehlo.dot_general", module(types[:2], line))


def test_dot_algorithms_against_iree() -> None:
    draw = Draw(SEED + 1840)
    cases = [algorithm_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    run("stablehlo dot_general algorithm", cases, oracle(cases), KINDS, [k for k, _ in KINDS])
