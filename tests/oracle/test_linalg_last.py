"""Differential test: the last Linalg named ops and ``arith.convertf`` against iree-base-compiler 3.13.

Families (``BROADCHECK_LINALG_CASES`` each, default 2000, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``quantized``: ``linalg.quantized_matmul``, ``quantized_batch_matmul``, ``conv_2d_nhwgc_gfhwc_q``
  and ``fill_rng_2d`` in their custom form: sizes right or off by one, ``?`` sizes, an operand of
  the wrong rank, a zero point (or ``fill_rng_2d``'s min, max, seed) of another scalar type or a
  tensor, an init that is a scalar, result types right or off, a result missing;
* ``maps``: ``linalg.generic`` whose input map is a sum of dims times constants and a constant
  (``3 - i``, ``d0 * -2 + 3``, ``d0 - d0``, ``d0 + s0``; not ``-(d0 - 1)``, ``d1 + d0``, which
  broadcheck does not print as MLIR does and passes over), dims named ``d0``... or ``i``...,
  symbols now and then, sizes small enough to read before the first element; and a
  ``linalg.index`` in the body naming a loop from -2 to one past the last;
* ``arity``: named ops (``matmul``, ``fill``, ``copy``, ``conv_2d_nhwc_hwcf``, ``pooling_nhwc_sum``,
  ``quantized_matmul``, ``fill_rng_2d``, ...) with an ``ins`` or ``outs`` too many or too few
  (``parseNamedStructuredOpRegion``'s count, reported at the next statement) or right;
* ``convertf``: ``arith.convertf`` between scalars, vectors and tensors of float and integer
  elements, shapes alike or not.

iree-opt reports an ``arith`` op of a built body over two types (``'arith.addi' op requires the
same type for all operands and results``) at an unknown location (``0:0``); broadcheck reports it
at the op whose body it is. For those cases (and only those) the location is not compared.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, dims, module
from .campaign import broadcheck_verdict as campaign_verdict
from .common import Verdict, verdict

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LINALG_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

# name: (loops, maps of the shaped operands as loop lists, the scalars' position, how many scalars)
_QUANTIZED = {
    "quantized_matmul": (3, [[0, 2], [2, 1]], [0, 1]),
    "quantized_batch_matmul": (4, [[0, 1, 3], [0, 3, 2]], [0, 1, 2]),
}


def _p(rng: random.Random, p: float) -> bool:
    return rng.random() < p


def _shaped(kind: str, shape: list[int | None], element: str) -> str:
    return f"{kind}<{dims(shape)}{element}>"


def _off(rng: random.Random, d: int | None) -> int | None:
    return rng.randint(1, 6) if d is None else rng.choice([d + 1, max(d - 1, 1), None])


def _mutate(rng: random.Random, shapes: list[list[int | None]]) -> None:
    if _p(rng, 0.3):
        s = rng.choice(shapes)
        if s:
            i = rng.randrange(len(s))
            s[i] = _off(rng, s[i])
    if _p(rng, 0.06):
        s = rng.choice(shapes)
        if s:
            s.pop() if _p(rng, 0.5) else s.append(2)


def _scalar(rng: random.Random, usual: str) -> str:
    roll = rng.random()
    if roll < 0.8:
        return usual
    if roll < 0.93:
        return rng.choice(["i8", "i16", "i32", "i64", "f32", "f16", "index"])
    return f"tensor<{rng.choice(['', '2x'])}{usual}>"


def _case(name: str, ins: list[str], out: str, result: str | None, index: int) -> Case:
    operands = [(f"%i{k}", t) for k, t in enumerate(ins)] + [("%o0", out)]
    ins_text = f"ins({', '.join(n for n, _ in operands[:-1])} : {', '.join(ins)})"
    head = "%0 = " if result else ""
    tail = f" -> {result}" if result else ""
    return Case(
        index,
        "quantized",
        f"linalg.{name}",
        "custom",
        module(operands, f"{head}linalg.{name} {ins_text} outs(%o0 : {out}){tail}"),
    )


def quantized_case(rng: random.Random, index: int) -> Case:
    name = rng.choice([*_QUANTIZED, "conv_2d_nhwgc_gfhwc_q", "fill_rng_2d"])
    element_in = rng.choice(["i8", "i8", "i8", "i16", "f32"])
    element_out = rng.choice(["i32", "i32", "i32", "i64", "f32", "i8"])
    zero = "i32" if _p(rng, 0.7) else element_in
    if name == "fill_rng_2d":
        out_shape: list[int | None] = [rng.randint(1, 6) for _ in range(2)]
        if _p(rng, 0.08):
            out_shape = out_shape[:1] if _p(rng, 0.5) else [*out_shape, 2]
        if _p(rng, 0.05):
            out_shape[0] = None
        ins = [_scalar(rng, "f64"), _scalar(rng, "f64"), _scalar(rng, "i32")]
        element_out = rng.choice(["f32", "f32", "f64", "f16", "i32"])
        shapes = [out_shape]
    elif name == "conv_2d_nhwgc_gfhwc_q":
        n, g, c, f = rng.randint(1, 2), rng.randint(1, 2), rng.randint(1, 3), rng.randint(1, 3)
        kh, kw, oh, ow = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 4)
        shapes = [[n, oh + kh - 1, ow + kw - 1, g, c], [g, f, kh, kw, c], [n, oh, ow, g, f]]
        _mutate(rng, shapes)
        ins = [_shaped("tensor", shapes[0], element_in), _shaped("tensor", shapes[1], element_in)]
        ins += [_scalar(rng, zero), _scalar(rng, zero)]
        out_shape = shapes[2]
    else:
        loops, maps, out_dims = _QUANTIZED[name]
        sizes = [rng.randint(1, 6) for _ in range(loops)]
        shapes = [[sizes[d] for d in m] for m in [*maps, out_dims]]
        _mutate(rng, shapes)
        ins = [_shaped("tensor", shapes[0], element_in), _shaped("tensor", shapes[1], element_in)]
        ins += [_scalar(rng, zero), _scalar(rng, zero)]
        out_shape = shapes[2]
    kind = "memref" if _p(rng, 0.08) else "tensor"
    out = _shaped(kind, out_shape, element_out)
    if _p(rng, 0.03):
        out = element_out
    result: str | None = out if kind == "tensor" else None
    if result is not None and _p(rng, 0.08):
        r = list(out_shape)
        if r:
            r[rng.randrange(len(r))] = _off(rng, r[0])
        result = _shaped("tensor", r, element_out)
    if _p(rng, 0.03):
        result = None if result else _shaped("tensor", out_shape, element_out)
    return _case(name, ins, out, result, index)


_FLOATS = ["f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2", "tf32"]


def convertf_case(rng: random.Random, index: int) -> Case:
    a = rng.choice(_FLOATS)
    same = {"f16": "bf16", "bf16": "f16", "f8E4M3FN": "f8E5M2", "f8E5M2": "f8E4M3FN"}
    r = same.get(a, a) if _p(rng, 0.6) else rng.choice([*_FLOATS, "i16", "i32"])
    if _p(rng, 0.05):
        a = rng.choice(["i16", "i8", "index"])
    kind = rng.choice(["scalar", "tensor", "vector"])
    shape = [rng.randint(1, 5) for _ in range(rng.randint(1, 3))]
    if kind == "scalar":
        ta, tr = a, r
    else:
        ta = _shaped(kind, shape, a)
        other = list(shape)
        if _p(rng, 0.1):
            other[0] += 1
        rkind = kind if _p(rng, 0.93) else ("vector" if kind == "tensor" else "tensor")
        tr = _shaped(rkind, other, r)
        if _p(rng, 0.05):
            tr = r
    return Case(
        index, "convertf", "arith.convertf", "custom", module([("%a", ta)], f"%0 = arith.convertf %a : {ta} to {tr}")
    )


def _expr(rng: random.Random, names: list[str]) -> str:
    """A result: dims in order, times constants, plus a constant (the forms broadcheck prints as
    MLIR does; it passes over products of sums such as ``-(d0 - 1)`` and dims out of order)."""
    a, b = names[0], names[-1]
    if len(names) > 1 and _p(rng, 0.5):
        a = b
    c, k = rng.randint(0, 5), rng.choice([-3, -2, -1, 2, 3])
    return rng.choice(
        [a, f"{c} - {a}", f"{a} * {k} + {c}", f"-{a}", f"{a} - {c}", f"{names[0]} + {b}", f"{names[0]} - {b}",
         f"{c} + {a} * {k}", f"{a} + {c}", f"{k} * {a}", f"{a} - {a}", f"{a} - 0"]
    )  # fmt: skip


def maps_case(rng: random.Random, index: int) -> Case:
    loops = rng.randint(1, 2)
    names = [f"d{i}" for i in range(loops)] if _p(rng, 0.5) else ["i", "j"][:loops]
    head = f"({', '.join(names)})"
    symbols = _p(rng, 0.1)
    rank_in = rng.randint(1, 2)
    results = [_expr(rng, names) for _ in range(rank_in)]
    if symbols:
        results[rng.randrange(rank_in)] += " + s0"
    in_map = f"affine_map<{head}{'[s0]' if symbols else ''} -> ({', '.join(results)})>"
    out_map = f"affine_map<{head} -> ({', '.join(names)})>"
    out_shape: list[int | None] = [rng.randint(1, 6) for _ in range(loops)]
    in_shape: list[int | None] = [rng.randint(1, 9) for _ in range(rank_in)]
    if _p(rng, 0.05):
        in_shape[0] = None
    if _p(rng, 0.05):
        in_shape.append(2)
    t_in, t_out = _shaped("tensor", in_shape, "f32"), _shaped("tensor", out_shape, "f32")
    iterators = ", ".join(['"parallel"'] * loops)
    body = ["^bb0(%a: f32, %b: f32):"]
    if _p(rng, 0.3):
        body.append(f"  %x = linalg.index {rng.randint(-2, loops)} : index")
    body.append("  linalg.yield %a : f32")
    lines = [
        f"%0 = linalg.generic {{indexing_maps = [{in_map}, {out_map}], iterator_types = [{iterators}]}} "
        f"ins(%i : {t_in}) outs(%o : {t_out}) {{",
        *body,
        f"}} -> {t_out}",
    ]
    return Case(index, "maps", "linalg.generic", "custom", module([("%i", t_in), ("%o", t_out)], lines))


_ARITY = {
    # name: operand types of a valid op (ins, then the one init)
    "matmul": ["tensor<4x8xf32>", "tensor<8x16xf32>", "tensor<4x16xf32>"],
    "batch_matmul": ["tensor<2x4x8xf32>", "tensor<2x8x16xf32>", "tensor<2x4x16xf32>"],
    "matvec": ["tensor<4x8xf32>", "tensor<8xf32>", "tensor<4xf32>"],
    "dot": ["tensor<8xf32>", "tensor<8xf32>", "tensor<f32>"],
    "fill": ["f32", "tensor<4x16xf32>"],
    "copy": ["tensor<4x16xf32>", "tensor<4x16xf32>"],
    "conv_2d_nhwc_hwcf": ["tensor<1x5x5x3xf32>", "tensor<3x3x3x2xf32>", "tensor<1x3x3x2xf32>"],
    "pooling_nhwc_sum": ["tensor<1x5x5x3xf32>", "tensor<3x3xf32>", "tensor<1x3x3x3xf32>"],
    "quantized_matmul": ["tensor<4x8xi8>", "tensor<8x16xi8>", "i32", "i32", "tensor<4x16xi32>"],
    "fill_rng_2d": ["f64", "f64", "i32", "tensor<4x16xf32>"],
}


def arity_case(rng: random.Random, index: int) -> Case:
    name = rng.choice(list(_ARITY))
    types = list(_ARITY[name])
    ins, outs = types[:-1], types[-1:]
    roll = rng.random()
    if roll < 0.25 and ins:
        ins = ins[:-1]
    elif roll < 0.5:
        ins = [*ins, ins[-1] if ins else outs[0]]
    elif roll < 0.6:
        outs = []
    elif roll < 0.7:
        outs = [*outs, outs[0]]
    result: str | None = outs[0] if outs and outs[0].startswith("tensor") and _p(rng, 0.8) else None
    operands = [(f"%i{k}", t) for k, t in enumerate(ins)] + [(f"%o{k}", t) for k, t in enumerate(outs)]
    ins_text = f"ins({', '.join(n for n, _ in operands[: len(ins)])} : {', '.join(ins)}) " if ins else ""
    outs_text = f"outs({', '.join(n for n, _ in operands[len(ins) :])} : {', '.join(outs)})" if outs else ""
    head, tail = ("%0 = ", f" -> {result}") if result else ("", "")
    text = module(operands, f"{head}linalg.{name} {ins_text}{outs_text}{tail}")
    return Case(index, "arity", f"linalg.{name}", "custom", text)


FAMILIES = {"quantized": quantized_case, "convertf": convertf_case, "maps": maps_case, "arity": arity_case}


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_linalg_last_ops_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    unknown = _unknown_locations(cases, ctx)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(campaign, "verdict", lambda c, text: unknown.get(text) or verdict(c, text))
        patch.setattr(campaign, "broadcheck_verdict", lambda case: _placed(case, unknown))
        campaign.compare(f"linalg-last {family}", cases, ctx, seed=SEED)


def _unknown_locations(cases: list[Case], ctx: Any) -> dict[str, Verdict]:
    """The oracle's verdicts whose first error has no location, by case text."""
    found = {}
    for case in cases:
        v = verdict(ctx, case.text)
        if v and v[0][:2] == (0, 0):
            found[case.text] = v
    return found


def _placed(case: Case, unknown: dict[str, Verdict]) -> Verdict | str:
    """broadcheck's verdict, its first error put at ``0:0`` where the oracle's has no location."""
    got = campaign_verdict(case)
    if case.text in unknown and not isinstance(got, str) and got:
        return ((0, 0, got[0][2]), *got[1:])
    return got
