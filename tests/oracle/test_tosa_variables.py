"""Differential test: ``tosa.variable``, ``tosa.variable_read`` and ``tosa.variable_write`` against the TOSA
dialect of iree-base-compiler 3.13 (``BROADCHECK_TOSA_VARIABLE_CASES`` cases, default 2500, at least 2000;
``BROADCHECK_ORACLE_SEED``).

Each case is a module: one or two variables (custom form ``tosa.variable @v : T`` or ``= dense<...> : T``, or
the generic form with ``var_shape`` and ``type``, now and then a ``var_shape`` of ``i64`` elements), maybe a
function named like the variable a read names, then a function that reads or writes one name (custom or
generic form): the variable's, another's, or none declared; the value's type the variable's, or another
element type, another size, rank or ``?``, unranked, a size-0 dimension, a signed integer (outside TOSA's
numbers), a vector (generic form only: the custom parser rejects it at the type); in the generic form now
and then a wrong count of operands or results.

Compared: verdict, first message, line and column (:func:`tests.oracle.campaign.compare`).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case
from .test_tosa_structural import _p, t

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TOSA_VARIABLE_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))

ELEMENTS = ["f32", "f16", "bf16", "i8", "i16", "i32", "i1", "!quant.uniform<i8:f32, 0.125>"]


def _shape(rng: random.Random) -> list[int | None]:
    return [rng.randint(1, 4) for _ in range(rng.randint(0, 3))]


def _variable(rng: random.Random, name: str, shape: list[int | None], el: str) -> str:
    form = rng.random()
    if form < 0.45:
        return f"tosa.variable @{name} : {t(shape, el)}"
    if form < 0.6 and el in ("f32", "i32", "i8") and None not in shape:
        init = "1.0" if el == "f32" else "1"
        return f"tosa.variable @{name} = dense<{init}> : {t(shape, el)}"
    index = "i64" if _p(rng, 0.05) else "index"
    sizes = ", ".join("-1" if d is None else str(d) for d in shape)
    return (
        f'"tosa.variable"() <{{sym_name = "{name}", var_shape = dense<[{sizes}]> : tensor<{len(shape)}x{index}>, '
        f"type = {el}}}> : () -> ()"
    )


def _value_type(rng: random.Random, shape: list[int | None], el: str, generic: bool) -> str:
    roll = rng.random()
    if roll < 0.45:
        return t(shape, el)
    if roll < 0.57:
        return t(shape, rng.choice(ELEMENTS))
    if roll < 0.67 and shape:
        changed = list(shape)
        i = rng.randrange(len(changed))
        changed[i] = rng.choice([None, (changed[i] or 1) + 1])
        return t(changed, el)
    if roll < 0.74:
        return t(_shape(rng), el)
    if roll < 0.8:
        return t(None, el)
    if roll < 0.85:
        return t([*shape, 0] if _p(rng, 0.5) else [0], el)
    if roll < 0.9:
        return t(shape, rng.choice(["si32", "ui8", "f64", "index"]))
    if roll < 0.95 and generic:
        return f"vector<{''.join(f'{d or 2}x' for d in shape) or '2x'}{el}>"
    return t(shape, el)


def variable_case(rng: random.Random, index: int) -> Case:
    shape = [rng.choice([1, 2, 3, None]) if _p(rng, 0.1) else rng.randint(1, 4) for _ in range(rng.randint(0, 3))]
    el = rng.choice(ELEMENTS[:6])
    lines = [_variable(rng, "v", shape, el)]
    if _p(rng, 0.2):
        lines.append(_variable(rng, "w", _shape(rng), rng.choice(ELEMENTS[:6])))
    name = "v" if _p(rng, 0.8) else rng.choice(["w", "u", "g"])
    if _p(rng, 0.5):
        lines.append("func.func @g() {\n  return\n}")
    generic = _p(rng, 0.35)
    typed = _value_type(rng, shape, el, generic)
    read = _p(rng, 0.5)
    if read:
        if generic:
            results = [typed] if _p(rng, 0.92) else rng.choice([[], [typed, typed]])
            args = "(%x)" if _p(rng, 0.05) else "()"
            operands = "tensor<2xf32>" if args == "(%x)" else ""
            outs = f"({', '.join(results)})"
            head = "" if not results else ("%0 = " if len(results) == 1 else f"%0:{len(results)} = ")
            op = f'{head}"tosa.variable_read"{args} <{{name = "{name}"}}> : ({operands}) -> {outs}'
        else:
            op = f"%0 = tosa.variable_read @{name} : {typed}"
        params = [("%x", "tensor<2xf32>")]
    else:
        if generic:
            operands = ["%x"] if _p(rng, 0.92) else rng.choice([[], ["%x", "%x"]])
            results = "tensor<2xf32>" if _p(rng, 0.04) else ""
            head = "%0 = " if results else ""
            ins = ", ".join(typed for _ in operands)
            op = f'{head}"tosa.variable_write"({", ".join(operands)}) <{{name = "{name}"}}> : ({ins}) -> ({results})'
        else:
            op = f"tosa.variable_write @{name}, %x : {typed}"
        params = [("%x", typed)]
    lines.append(campaign.module(params, op))
    form = "generic" if generic else "custom"
    return Case(index, "variable", "tosa.variable_read" if read else "tosa.variable_write", form, "\n".join(lines))


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


def test_tosa_variables_match_iree(ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case."""
    cases = campaign.generate("variable", COUNT, SEED, variable_case)
    campaign.compare("tosa variable", cases, ctx, seed=SEED)
