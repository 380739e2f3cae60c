"""Differential test: constant ops against iree-base-compiler 3.13: ``arith.constant``,
``tosa.const``, ``tosa.const_shape`` and ``stablehlo.constant``, their value attribute's type
(``dense``, ``dense_resource<__elided__>``, ``sparse``, scalars) against their result's.

Each case is one constant in the generic form (the only form where the two types are written
apart) or the custom form, with shapes that agree, differ in a size or in rank, or are dynamic,
other element types, extra results. iree's first error must be at the op, and broadcheck's
the same message on the same line (tests/oracle/hlo_campaign.py). At least 2,000 cases.
Knobs: ``BROADCHECK_CONSTANT_CASES`` (default 2400), ``BROADCHECK_CONSTANT_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_CONSTANT_CASES", 2400))
SEED = int(os.environ.get("BROADCHECK_CONSTANT_SEED", 20261128))
LITERAL = {"f32": "1.0", "f16": "2.0", "i32": "3", "i64": "4", "i8": "5", "index": "6"}
KINDS = [
    ("same type", r"have same type"),
    ("same shape", r"have same shape"),
    ("element", r"same attr/result element types"),
    ("inferred", r"inferred type"),
    ("count", r"to be equal to the rank"),
    ("rank 1", r"with rank 1"),
    ("index", r"index elements attribute"),
    ("results", r"requires one result"),
    ("result type", r"must be"),
    ("literal", r"literal|does not match type"),
]


def _value(d: Draw, t: str, element: str) -> str:
    """A value attribute of type ``t``."""
    roll = d.rng.random()
    if roll < 0.3:
        return f"dense_resource<__elided__> : {t}"
    return f"dense<{LITERAL[element]}> : {t}"


def arith(d: Draw) -> str:
    e = d.pick(["f32", "f32", "i32", "i64", "f16"])
    if d.chance(0.15):  # a scalar
        other = e if d.chance(0.6) else d.pick(["f32", "i32", "i64", "f16"])
        return f'%0 = "arith.constant"() <{{value = {LITERAL[e]} : {e}}}> : () -> {other}'
    s = d.shape(dynamic=0.0)
    value = _value(d, tensor(s, e), e)
    out = tensor(d.vary(s, 0.5), e if d.chance(0.8) else d.pick(["f32", "i32", "f16"]))
    if d.chance(0.05):
        return f'%0:2 = "arith.constant"() <{{value = {value}}}> : () -> ({out}, {out})'
    return f'%0 = "arith.constant"() <{{value = {value}}}> : () -> {out}'


def tosa_const(d: Draw) -> str:
    e = d.pick(["f32", "f32", "i32", "i8", "f16"])
    s = d.shape(dynamic=0.0)
    value = _value(d, tensor(s, e), e)
    out = tensor(d.vary(s, 0.5), e if d.chance(0.8) else d.pick(["f32", "i32", "f16"]))
    return f'%0 = "tosa.const"() <{{values = {value}}}> : () -> {out}'


def const_shape(d: Draw) -> str:
    n = d.pick([0, 1, 2, 3, 4])
    values = ", ".join(str(d.int(1, 5)) for _ in range(n))
    lit = f"dense<[{values}]> : tensor<{n}xindex>"
    roll = d.rng.random()
    if roll < 0.08:
        lit = f"dense<[[{values}]]> : tensor<1x{n}xindex>" if n else "dense<7> : tensor<index>"
    elif roll < 0.14 and n:
        lit = f"dense<[{values}]> : tensor<{n}xi64>"
    rank = n if d.chance(0.6) else d.pick([0, 1, 2, 3, 4, 5])
    out = f"!tosa.shape<{rank}>" if d.chance(0.95) else f"tensor<{n}xindex>"
    custom = out.startswith("!") and lit.startswith("dense<[") and "index" in lit and "[[" not in lit
    if d.chance(0.5) and custom:  # iree 3.13's custom form
        return f"%0 = tosa.const_shape values({lit}) : () -> {out}"
    if d.chance(0.04):
        return f'%0:2 = "tosa.const_shape"() <{{values = {lit}}}> : () -> ({out}, {out})'
    return f'%0 = "tosa.const_shape"() <{{values = {lit}}}> : () -> {out}'


def stablehlo(d: Draw) -> str:
    e = d.pick(["f32", "f32", "i32", "f16"])
    s = d.shape(dynamic=0.0)
    t = tensor(s, e)
    out = tensor(d.vary(s, 0.5), e if d.chance(0.8) else d.pick(["f32", "i32", "f16"]))
    if d.chance(0.25):
        return f"%0 = stablehlo.constant dense_resource<__elided__> : {t}"
    return f'%0 = "stablehlo.constant"() <{{value = dense_resource<__elided__> : {t}}}> : () -> {out}'


MAKERS = [("arith.constant", arith), ("tosa.const", tosa_const), ("tosa.const_shape", const_shape)]
MAKERS += [("stablehlo.constant", stablehlo)]


def cases() -> list[Case]:
    d = Draw(SEED)
    out = []
    for i in range(COUNT):
        name, make = d.pick(MAKERS)
        out.append(Case(i, name, module([], lambda _names, make=make: make(d))))  # type: ignore[misc]
    return out


def test_constants_match_iree() -> None:
    """broadcheck gives iree's first error (or none) on every constant."""
    batch = cases()
    assert len(batch) >= 2000
    run("constants", batch, oracle(batch), KINDS, ["same type", "inferred", "count", "rank 1", "results"])
