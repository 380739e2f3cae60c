"""Differential test: ``linalg.scaled_contract`` against iree-base-compiler 3.13.

One family (``BROADCHECK_LINALG_CASES``, default 2000, at least 2000; ``BROADCHECK_ORACLE_SEED``):
``ins(A, scaleA, B, scaleB) outs(C)`` with ``m``, ``n``, ``k`` of 1 to 70 or ``?``; A's map
``(m, k)`` or ``(k, m)``, B's ``(k, n)`` or ``(n, k)``, C's ``(m, n)`` (now and then ``(m, n, k)``,
a sum, or a map of another rank); each scale map a few of its data operand's dims, each pure or
``floordiv`` a block of 1 to 32 (now and then ``mod``, or a dim its data operand lacks), its scale sized the data size over the
block rounded up, or one off, or ``?``; elements ``i8``, ``f8E4M3FN``, ``f4E2M1FN``, ``f32``
(scales ``f8E8M0FNU`` mostly), an ``i32`` output now and then, four maps now and then, the
result's type right or off, a size of A, B or C off by one.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, dims, module

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LINALG_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

_NAMES = ("m", "n", "k")


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _size(rng: random.Random) -> int | None:
    return None if _p(rng, 0.1) else rng.choice([1, 2, 7, 16, 32, 33, 64, 70])


def _scale_map(rng: random.Random, data: list[int]) -> list[tuple[int, int, str]]:
    picked = [d for d in data if _p(rng, 0.7)]
    if _p(rng, 0.04):  # a dim its data operand does not have
        picked.insert(rng.randint(0, len(picked)), next(d for d in (1, 0, 2) if d not in data))
    out = []
    for d in picked:
        roll = rng.random()
        kind = "mod" if roll < 0.04 else "pure" if roll < 0.3 else "floordiv"
        out.append((d, rng.choice([1, 2, 4, 8, 16, 32]) if kind != "pure" else 1, kind))
    return out


def _expr(d: int, block: int, kind: str) -> str:
    if kind == "pure":
        return _NAMES[d]
    return f"{_NAMES[d]} {kind} {block}"


def _amap(results: list[str]) -> str:
    return f"affine_map<(m, n, k) -> ({', '.join(results)})>"


def scaled_case(rng: random.Random, index: int) -> Case:
    sizes = {d: _size(rng) for d in range(3)}
    a_dims = [0, 2] if _p(rng, 0.8) else [2, 0]
    b_dims = [2, 1] if _p(rng, 0.7) else [1, 2]
    c_dims = [0, 1]
    c_map = [_NAMES[d] for d in c_dims]
    if _p(rng, 0.04):
        c_map = ["m", "n", "k"]
        c_dims = [0, 1, 2]
    elif _p(rng, 0.03):
        c_map = ["m + n", "n"]
    a_map = [_NAMES[d] for d in a_dims]
    if _p(rng, 0.03):
        a_map = a_map[:1]
    scales = [_scale_map(rng, a_dims), _scale_map(rng, b_dims)]

    def shape_of(ds: list[int]) -> list[int | None]:
        return [sizes[d] for d in ds]

    def scale_shape(s: list[tuple[int, int, str]]) -> list[int | None]:
        out: list[int | None] = []
        for d, block, kind in s:
            size = sizes[d]
            if size is None or _p(rng, 0.08):
                out.append(None)
            elif kind == "mod":
                out.append(block)
            else:
                expected = -(-size // block)
                out.append(expected + rng.choice([-1, 1]) if _p(rng, 0.12) and expected > 1 else expected)
        if _p(rng, 0.03):
            out.append(2)
        return out

    a_shape, b_shape, c_shape = shape_of(a_dims), shape_of(b_dims), shape_of(c_dims)
    if _p(rng, 0.15):
        target = rng.choice([a_shape, b_shape, c_shape])
        i = rng.randrange(len(target))
        target[i] = campaign.perturb(rng, target[i])
    data = rng.choice(["i8", "i8", "f8E4M3FN", "f4E2M1FN", "f32"])
    scale = "f8E8M0FNU" if _p(rng, 0.9) else rng.choice(["f32", "i8"])
    out = "f32" if _p(rng, 0.85) else rng.choice(["f16", "bf16", "i32"])
    types = [
        f"tensor<{dims(a_shape)}{data}>",
        f"tensor<{dims(scale_shape(scales[0]))}{scale}>",
        f"tensor<{dims(b_shape)}{data}>",
        f"tensor<{dims(scale_shape(scales[1]))}{scale}>",
        f"tensor<{dims(c_shape)}{out}>",
    ]
    result = types[4]
    if _p(rng, 0.05):
        result = f"tensor<{dims([campaign.perturb(rng, d) for d in c_shape])}{out}>"
    maps = [
        _amap(a_map),
        _amap([_expr(*e) for e in scales[0]]),
        _amap([_NAMES[d] for d in b_dims]),
        _amap([_expr(*e) for e in scales[1]]),
        _amap(c_map),
    ]
    if _p(rng, 0.04):
        maps.pop(rng.randrange(5))
    args = [(f"%v{i}", t) for i, t in enumerate(types)]
    text = module(
        args,
        f"%0 = linalg.scaled_contract indexing_maps = [{', '.join(maps)}] "
        f"ins(%v0, %v1, %v2, %v3 : {', '.join(types[:4])}) outs(%v4 : {types[4]}) -> {result}",
    )
    return Case(index, "scaled", "linalg.scaled_contract", "custom", text)


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


def test_linalg_scaled_contract_matches_iree(ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case."""
    cases = campaign.generate("scaled", COUNT, SEED, scaled_case)
    campaign.compare("linalg scaled_contract", cases, ctx, seed=SEED)
