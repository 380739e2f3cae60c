"""Differential test: ``tosa.conv2d_block_scaled`` against the TOSA dialect of iree-base-compiler 3.13
(``BROADCHECK_TOSA_CONV_BLOCK_CASES`` cases, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``).

Each case is one function: N, IH, IW, IC (a multiple of 32 or not), OC, KH, KW and pad, stride and dilation
from ``tosa.const_shape`` (negative or zero now and then; shapes of the wrong rank now and then); the output
computed from them or off; each of the four data and scale operands, the bias and the output right or off
(rank, one size, ``?``, unranked, a size-0 dim), element types mixed (micro-scaling data types, scale types,
bias and output floats, integers, a quantized bias), block sizes 32 and 1.

Compared: verdict, first message, line and column (:func:`tests.oracle.campaign.compare`).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case
from .test_tosa_newer import MX, _near
from .test_tosa_structural import _op, _p, _shape_const, t

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TOSA_CONV_BLOCK_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))


def _out(size: int, kernel: int, before: int, after: int, stride: int, dilation: int) -> int:
    return max((size - 1 + before + after - (kernel - 1) * dilation) // max(stride, 1) + 1, 1)


def conv2d_block_scaled_case(rng: random.Random, index: int) -> Case:
    n, ih, iw = rng.choice([1, 2]), rng.randint(1, 8), rng.randint(1, 8)
    ic = rng.choice([32, 64, 64, 96, 48]) if _p(rng, 0.95) else rng.choice([16, 33])
    oc, kh, kw = rng.choice([1, 4, 8]), rng.randint(1, 3), rng.randint(1, 3)
    pad = [rng.choice([0, 0, 1, 2]) for _ in range(4)]
    stride = [rng.choice([1, 1, 2]) for _ in range(2)]
    dilation = [rng.choice([1, 1, 2]) for _ in range(2)]
    if _p(rng, 0.06):
        rng.choice([pad, stride, dilation])[rng.randrange(2)] = rng.choice([-1, 0])
    oh = _out(ih, kh, pad[0], pad[1], stride[0], dilation[0])
    ow = _out(iw, kw, pad[2], pad[3], stride[1], dilation[1])
    blocks = max(ic // 32, 1) if _p(rng, 0.95) else rng.choice([1, 3])
    data, scale = _near(rng, [n, ih, iw, ic]), _near(rng, [n, ih, iw, blocks])
    weight, weight_scale = _near(rng, [oc, kh, kw, ic]), _near(rng, [oc, kh, kw, blocks])
    bias = _near(rng, [oc if _p(rng, 0.8) else 1])
    result = _near(rng, [n, oh, ow, oc])
    if result and _p(rng, 0.03):
        result[-1] = 0
    ed = rng.choice(MX)
    ew = ed if _p(rng, 0.88) else rng.choice(MX)
    scales = ["f8E8M0FNU" if _p(rng, 0.97) else rng.choice(["f32", "f8E4M3FN"]) for _ in range(2)]
    out = "f32" if _p(rng, 0.85) else rng.choice(["f16", "bf16", "i32"])
    eb = out if _p(rng, 0.9) else rng.choice(["f32", "f16", "!quant.uniform<i8:f32, 0.125>"])
    block = 32 if _p(rng, 0.92) else 1
    ranks = [4, 2, 2] if _p(rng, 0.96) else [rng.choice([3, 4, 5]), rng.choice([1, 2, 3]), 2]
    values = [pad, stride, dilation]
    consts = [
        _shape_const(f"%s{k}", [*v, 0, 0, 0][:r] if r > len(v) else v[:r])
        for k, (v, r) in enumerate(zip(values, ranks, strict=True))
    ]
    operands = [
        ("%d", t(data, ed)), ("%ds", t(scale, scales[0])), ("%w", t(weight, ew)), ("%ws", t(weight_scale, scales[1])),
        ("%b", t(bias, eb)), *((f"%s{k}", f"!tosa.shape<{r}>") for k, r in enumerate(ranks)),
    ]  # fmt: skip
    props = f"block_size<BLOCK_SIZE_{block}>"
    text = _op("tosa.conv2d_block_scaled", operands, [t(result, out)], props, consts)
    return Case(index, "conv2d_block_scaled", "tosa.conv2d_block_scaled", "custom", text)


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


def test_tosa_conv2d_block_scaled_matches_iree(ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case."""
    cases = campaign.generate("conv2d_block_scaled", COUNT, SEED, conv2d_block_scaled_case)
    campaign.compare("tosa conv2d_block_scaled", cases, ctx, seed=SEED)
