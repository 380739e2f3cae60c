"""Differential test: the TOSA ops checked for issue 29 against the TOSA dialect of iree-base-compiler 3.13.

Each case is one function whose arguments feed one op in its custom form. Families
(``BROADCHECK_TOSA_NEWER_CASES`` cases each, default 2500, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``matmul_t``: ``tosa.matmul_t`` (b is ``[..., W, C]``) as ``tosa.matmul``'s campaign builds it
  (batch dims broadcast or not, ranks 2-4, channels, results, zero points), and half the cases wild:
  ranks 1-4 or unranked for every operand and the result, element types mixed (floats, integers,
  f8, quantized), zero points of rank 0-2;
* ``matmul_wild``: ``tosa.matmul``, 60% wild as above (its campaign in ``test_tosa_structural.py`` has no
  unranked operand: the batch dims inferred against an unranked one are shared with ``matmul_t``).
* ``cast_to_block_scaled``: input ranks 0-4 or unranked, last sizes multiples of 32 or not, data and
  scale shapes right or off (rank, one size, unranked), block sizes 32 and 1, element types in and out of
  the micro-scaling sets;
* ``matmul_t_block_scaled``: N, H, W, C (a multiple of 32 or not), B's batch A's or not, each operand and
  the result right or off (rank, one size, unranked), element types mixed, block sizes 32 and 1;
* ``shape``: the shape arithmetic ops (``add_shape`` ... ``log2_ceil_shape``) on ``tosa.const_shape``
  values (and on an ``add_shape`` of them), operand and result ranks equal or not, a tensor result now and
  then. Operands that are not compile time resolvable (function arguments) are not generated: broadcheck
  does not judge that check;
* ``adaptive_pool``: ``max_pool2d_adaptive`` and ``avg_pool2d_adaptive`` with kernel, stride and pad from
  ``tosa.const_shape`` (sizes out of range now and then, shapes of the wrong rank), inputs with ``?`` sizes,
  results right or off, element, zero point and accumulator types mixed;
* ``row_gather``: values [N, K, C], indices [N, W], row_count a constant (now and then not positive) or an
  argument, each shape right or off (rank, one size, unranked), element and index types mixed;
* ``identity``: operand and result of any rank (size-0 dims now and then), equal or not, element types
  in and out of TOSA's number set.

Compared: verdict, first message, line and column (:func:`tests.oracle.campaign.compare`).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case
from .test_tosa_structural import _off, _op, _p, _shape_const, matmul_case, t

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TOSA_NEWER_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))

ELEMENTS = ["f32", "f16", "bf16", "i8", "i16", "i32", "f8E4M3FN", "f8E5M2", "!quant.uniform<i8:f32, 0.125>"]


def _wild_shape(rng: random.Random, low: int = 1, high: int = 4) -> list[int | None] | None:
    if _p(rng, 0.12):
        return None
    return [rng.choice([1, 2, 3, 4, None]) for _ in range(rng.randint(low, high))]


def matmul_t_case(rng: random.Random, index: int) -> Case:
    if _p(rng, 0.5):
        return _wild_matmul_t(rng, index)
    el = rng.choice(["f32", "f16", "i8"])
    m, k, n = rng.randint(1, 5), rng.randint(1, 5), rng.randint(1, 5)
    batch = [rng.randint(1, 3) for _ in range(rng.choice([0, 1, 1, 1, 2]))]
    ba, bb = list(batch), list(batch)
    if _p(rng, 0.15) and batch:
        i = rng.randrange(len(batch))
        (ba if _p(rng, 0.5) else bb)[i] = rng.choice([1, batch[i] + 1])
    if _p(rng, 0.1) and ba:
        bb = bb[1:]
    a: list[int | None] = [*ba, m, k]
    b: list[int | None] = [*bb, n, k if _p(rng, 0.9) else k + 1]
    full = max(len(ba), len(bb))
    pa, pb = [1] * (full - len(ba)) + ba, [1] * (full - len(bb)) + bb
    result: list[int | None] = [*(max(x, y) for x, y in zip(pa, pb, strict=True)), m, n]
    if _p(rng, 0.15):
        i = rng.randrange(len(result))
        result[i] = _off(rng, result[i], 1.0)
    if _p(rng, 0.04):
        result = result[1:] if len(result) > 2 else [1, *result]
    for shape_ in (a, b):
        if _p(rng, 0.05):
            shape_[rng.randrange(len(shape_))] = None
    out_el = "i32" if el == "i8" else el
    za, zb = el, el
    if _p(rng, 0.06):
        za = "i8" if el != "i8" else "f32"
    elif _p(rng, 0.06):
        zb = "i8" if el != "i8" else "f32"
    operands = [("%a", t(a, el)), ("%b", t(b, el)), ("%azp", t([1], za)), ("%bzp", t([1], zb))]
    return Case(index, "matmul_t", "tosa.matmul_t", "custom", _op("tosa.matmul_t", operands, [t(result, out_el)]))


def matmul_wild_case(rng: random.Random, index: int) -> Case:
    if _p(rng, 0.4):
        return matmul_case(rng, index)
    return _wild_matmul_t(rng, index, "tosa.matmul")


def _wild_matmul_t(rng: random.Random, index: int, name: str = "tosa.matmul_t") -> Case:
    ea = rng.choice(ELEMENTS)
    eb = ea if _p(rng, 0.8) else rng.choice(ELEMENTS)
    storage = {e: "i8" if e.startswith("!quant") else e for e in ELEMENTS}
    za = storage[ea] if _p(rng, 0.9) else rng.choice(ELEMENTS[:-1])
    zb = storage[eb] if _p(rng, 0.9) else rng.choice(ELEMENTS[:-1])
    zr = [rng.choice([1, 1, 1, 1, 0, 2]) for _ in range(2)]
    zshapes = [[1] if r == 1 else [] if r == 0 else [1, 1] for r in zr]
    out_el = rng.choice([*ELEMENTS[:-1], "i1", "f64"])
    operands = [
        ("%a", t(_wild_shape(rng), ea)),
        ("%b", t(_wild_shape(rng), eb)),
        ("%azp", t(zshapes[0], za)),
        ("%bzp", t(zshapes[1], zb)),
    ]
    result = t(_wild_shape(rng, 2, 5), out_el)
    return Case(index, name[5:], name, "wild", _op(name, operands, [result]))


DATA_IN = ["f32", "bf16", "f16", "i8", "f32"]
MX = ["f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "!tosa.mxint8"]


def _near(rng: random.Random, shape: list[int | None] | None) -> list[int | None] | None:
    """``shape`` mostly; now and then unranked, of another rank, or with one size changed."""
    if shape is None or _p(rng, 0.08):
        return None if _p(rng, 0.5) else [rng.choice([1, 2, 32]) for _ in range(rng.randint(1, 4))]
    out = list(shape)
    if out and _p(rng, 0.2):
        out[rng.randrange(len(out))] = rng.choice([1, 2, None, 64])
    return out


def cast_to_block_scaled_case(rng: random.Random, index: int) -> Case:
    r = rng.choice([1, 2, 3, 3, 4, None, 0])
    x = None if r is None else [rng.choice([1, 2, 32, 64, 96, None]) for _ in range(r)]
    block = 32 if _p(rng, 0.9) else 1
    data = _near(rng, x)
    scale = None if x is None else [*x[:-1], None if x[-1] is None else max(x[-1] // 32, 1)] if x else []
    scale = _near(rng, scale)
    el = rng.choice(DATA_IN)
    out = rng.choice(MX) if _p(rng, 0.9) else rng.choice(["f32", "i8", "f8E8M0FNU"])
    sel = "f8E8M0FNU" if _p(rng, 0.92) else rng.choice(["f32", "i8", "f8E4M3FN"])
    props = f"block_size<BLOCK_SIZE_{block}>"
    text = _op("tosa.cast_to_block_scaled", [("%x", t(x, el))], [t(data, out), t(scale, sel)], props)
    return Case(index, "cast_to_block_scaled", "tosa.cast_to_block_scaled", "custom", text)


def matmul_t_block_scaled_case(rng: random.Random, index: int) -> Case:
    n, h, w, c = rng.choice([1, 2, 4]), rng.choice([1, 3, 8]), rng.choice([1, 5, 16]), rng.choice([32, 64, 32, 48])
    d = n if _p(rng, 0.85) else rng.choice([1, 2])
    rank = 3 if _p(rng, 0.9) else rng.choice([2, 4])
    lead = {3: [], 2: None, 4: [2]}[rank]

    def shaped(*dims_: int) -> list[int | None] | None:
        full = [*dims_] if lead is not None else list(dims_[1:])
        return _near(rng, [*(lead or []), *full] if lead else full)

    a, sa, b, sb = shaped(n, h, c), shaped(n, h, max(c // 32, 1)), shaped(d, w, c), shaped(d, w, max(c // 32, 1))
    result = _near(rng, [n, h, w])
    ea = rng.choice(MX)
    eb = ea if _p(rng, 0.85) else rng.choice(MX)
    scales = ["f8E8M0FNU" if _p(rng, 0.96) else "f32" for _ in range(2)]
    out = "f32" if _p(rng, 0.9) else rng.choice(["f16", "bf16", "i32", "f8E4M3FN"])
    block = 32 if _p(rng, 0.92) else 1
    operands = [("%a", t(a, ea)), ("%as", t(sa, scales[0])), ("%b", t(b, eb)), ("%bs", t(sb, scales[1]))]
    text = _op("tosa.matmul_t_block_scaled", operands, [t(result, out)], f"block_size<BLOCK_SIZE_{block}>")
    return Case(index, "matmul_t_block_scaled", "tosa.matmul_t_block_scaled", "custom", text)


SHAPE_BINARY = "add sub mul div_floor div_ceil mod min max".split()
SHAPE_UNARY = "exp2 log2_floor log2_ceil".split()


def shape_case(rng: random.Random, index: int) -> Case:
    name = f"tosa.{rng.choice(SHAPE_BINARY + SHAPE_UNARY)}_shape"
    binary = name[5:-6] in SHAPE_BINARY
    rank = rng.randint(1, 4)
    ranks = [rank, rank if _p(rng, 0.8) else rng.randint(1, 5)][: 2 if binary else 1]
    consts = [_shape_const(f"%s{i}", [rng.randint(1, 8) for _ in range(r)]) for i, r in enumerate(ranks)]
    operands = [(f"%s{i}", f"!tosa.shape<{r}>") for i, r in enumerate(ranks)]
    if _p(rng, 0.2):  # an operand made by another shape op on constants
        consts.append(
            f"%s9 = tosa.add_shape %s0, %s0 : (!tosa.shape<{rank}>, !tosa.shape<{rank}>) -> !tosa.shape<{rank}>"
        )
        operands[0] = ("%s9", f"!tosa.shape<{rank}>")
    out = rank if _p(rng, 0.8) else rng.randint(1, 5)
    result = f"!tosa.shape<{out}>" if _p(rng, 0.95) else f"tensor<{out}xindex>"
    return Case(index, "shape", name, "custom", _op(name, operands, [result], consts=consts))


def adaptive_pool_case(rng: random.Random, index: int) -> Case:
    h, w, c = rng.randint(1, 9), rng.randint(1, 9), rng.choice([1, 3, 8])
    kernel, stride = [rng.randint(1, 4), rng.randint(1, 4)], [rng.randint(1, 3), rng.randint(1, 3)]
    pad = [rng.randint(0, 2) for _ in range(4)]
    if _p(rng, 0.08):
        kernel[rng.randrange(2)] = rng.choice([0, -1])
    if _p(rng, 0.08):
        stride[rng.randrange(2)] = rng.choice([0, -1])
    if _p(rng, 0.08):
        pad[rng.randrange(4)] = -1
    sizes = [max((n + a + b - k) // s_ + 1, 1) if s_ > 0 else 1 for n, a, b, k, s_ in
             ((h, pad[0], pad[1], kernel[0], stride[0]), (w, pad[2], pad[3], kernel[1], stride[1]))]  # fmt: skip
    x: list[int | None] | None = [1, h if _p(rng, 0.9) else None, w if _p(rng, 0.9) else None, c]
    result: list[int | None] | None = [1, *sizes, c]
    if _p(rng, 0.2):
        result[rng.randrange(4)] = rng.choice([1, 2, None, 7])  # type: ignore[index]
    if _p(rng, 0.04):
        x = None if _p(rng, 0.5) else [1, h, w]
    if _p(rng, 0.03):
        result = None
    el = rng.choice(["f32", "f16", "bf16", "i8"])
    out_el = el if _p(rng, 0.95) else ("i8" if el != "i8" else "f32")
    ranks = [2 if _p(rng, 0.96) else 3, 2, 4 if _p(rng, 0.96) else 3]
    values = zip((kernel, stride, pad), ranks, strict=True)
    consts = [_shape_const(f"%s{i}", [*v, 1, 1][:r]) for i, (v, r) in enumerate(values)]
    shapes = [(f"%s{i}", f"!tosa.shape<{r}>") for i, r in enumerate(ranks)]
    if _p(rng, 0.5):
        text = _op("tosa.max_pool2d_adaptive", [("%x", t(x, el)), *shapes], [t(result, out_el)], consts=consts)
        return Case(index, "adaptive_pool", "tosa.max_pool2d_adaptive", "custom", text)
    zp = {"i8": "i8"}.get(el, el)
    acc = {"f32": "f32", "f16": rng.choice(["f16", "f32"]), "bf16": "f32", "i8": "i32"}[el]
    if _p(rng, 0.05):
        acc = rng.choice(["f16", "i32", "f32"])
    zps = [("%zi", t([1], zp if _p(rng, 0.95) else "i16")), ("%zo", t([1], zp))]
    text = _op(
        "tosa.avg_pool2d_adaptive", [("%x", t(x, el)), *zps, *shapes], [t(result, out_el)], f"acc_type({acc})", consts
    )
    return Case(index, "adaptive_pool", "tosa.avg_pool2d_adaptive", "custom", text)


def row_gather_case(rng: random.Random, index: int) -> Case:
    n, k, c, w, rows = rng.randint(1, 3), rng.randint(1, 6), rng.randint(1, 4), rng.randint(1, 5), rng.randint(1, 3)
    values, indices, result = _near(rng, [n, k, c]), _near(rng, [n, w]), _near(rng, [n, w * rows, c])
    el = rng.choice(["f32", "i8", "f16"])
    out_el = el if _p(rng, 0.92) else rng.choice(["f32", "i8"])
    index_el = rng.choice(["i32", "i32", "i64", "i16"] if _p(rng, 0.2) else ["i32", "i64"])
    operands = [("%v", t(values, el)), ("%i", t(indices, index_el))]
    consts = []
    if _p(rng, 0.7):
        count = rows if _p(rng, 0.85) else rng.choice([0, -1])
        consts.append(f'%s0 = "tosa.const"() <{{values = dense<{count}> : tensor<1xi32>}}> : () -> tensor<1xi32>')
        operands.append(("%s0", "tensor<1xi32>"))
    else:  # a row_count whose value is not known
        operands.append(("%rc", rng.choice(["tensor<1xi32>", "tensor<1xi32>", "tensor<i32>", "tensor<1xi64>"])))
    text = _op("tosa.row_gather", operands, [t(result, out_el)], consts=consts)
    return Case(index, "row_gather", "tosa.row_gather", "custom", text)


def identity_case(rng: random.Random, index: int) -> Case:
    def shaped() -> list[int | None] | None:
        found = _wild_shape(rng, 0, 4)
        if found and _p(rng, 0.1):
            found[rng.randrange(len(found))] = 0
        return found

    elements = ["f32", "f16", "bf16", "i8", "i32", "i1", "f64", "si8", "index", "!quant.uniform<i8:f32, 0.125>"]
    el = rng.choice(elements)
    out_el = el if _p(rng, 0.7) else rng.choice(elements)
    x = shaped()
    result = x if _p(rng, 0.6) else shaped()
    text = _op("tosa.identity", [("%x", t(x, el))], [t(result, out_el)])
    return Case(index, "identity", "tosa.identity", "custom", text)


FAMILIES = {
    "matmul_t": matmul_t_case,
    "matmul_wild": matmul_wild_case,
    "cast_to_block_scaled": cast_to_block_scaled_case,
    "matmul_t_block_scaled": matmul_t_block_scaled_case,
    "shape": shape_case,
    "adaptive_pool": adaptive_pool_case,
    "row_gather": row_gather_case,
    "identity": identity_case,
}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_tosa_newer_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"tosa {family}", cases, ctx, seed=SEED)
