"""Differential test: ``tf.WhileRegion`` and ``tf.IfRegion`` against TensorFlow 2.21's verifiers.

Each case is one region op whose operands, results, region arguments and yields are drawn
from a few tensor types (sizes that agree, differ or are unknown, other element types, unranked
tensors), with lists of different lengths, a condition that yields something other than a
``tensor<i1>``, ``shape_invariant`` or not, ``is_stateless`` missing. The first error (or ``ok``)
must agree.

Run by ``make oracle-tf``; fails (never skips) without TensorFlow. Knobs:
``BROADCHECK_TF_REGION_CASES`` (default 2000), ``BROADCHECK_TF_REGION_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
from typing import NamedTuple

import pytest

from . import common
from .test_tf_shape_ops import agree, tf_first_error

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TF_REGION_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_TF_REGION_SEED", 20261129))
TYPES = ["tensor<i32>", "tensor<2xf32>", "tensor<3xf32>", "tensor<?xf32>", "tensor<*xf32>", "tensor<2xi32>"]


class Case(NamedTuple):
    text: str


def _near(rng: random.Random, types: list[str], p: float = 0.15) -> list[str]:
    """``types`` mostly, sometimes one type changed, one dropped or one added."""
    out = [rng.choice(TYPES) if rng.random() < p else t for t in types]
    roll = rng.random()
    if roll < 0.04 and out:
        out.pop()
    elif roll < 0.08:
        out.append(rng.choice(TYPES))
    return out


def _args(types: list[str]) -> str:
    return ", ".join(f"%x{i}: {t}" for i, t in enumerate(types))


def _yield(types: list[str], names: list[str]) -> str:
    return f'"tf.Yield"({", ".join(names)}) : ({", ".join(types)}) -> ()'


def while_case(rng: random.Random) -> str:
    """A ``tf.WhileRegion`` in a function whose arguments give every value it uses."""
    base = [rng.choice(TYPES) for _ in range(rng.choice([1, 2, 2, 3]))]
    results, cond_args, body_args, body_yield = (_near(rng, base) for _ in range(4))
    cond_yield = "tensor<i1>" if rng.random() < 0.9 else rng.choice(["tensor<i32>", "tensor<1xi1>", "tensor<*xi1>"])
    pool = [*base, *body_yield, cond_yield]
    params = ", ".join(f"%p{i}: {t}" for i, t in enumerate(pool))
    value = {t: f"%p{i}" for i, t in reversed(list(enumerate(pool)))}
    attrs = [] if rng.random() < 0.03 else ["is_stateless = true"]
    if rng.random() < 0.2:
        attrs.append("shape_invariant")
    names = f"%r:{len(results)} = " if len(results) > 1 else "%r = " if results else ""
    return (
        f"func.func @f({params}) {{\n"
        f'  {names}"tf.WhileRegion"({", ".join(value[t] for t in base)}) ({{\n'
        f"  ^bb0({_args(cond_args)}):\n"
        f"    {_yield([cond_yield], [value[cond_yield]])}\n"
        f"  }}, {{\n"
        f"  ^bb0({_args(body_args)}):\n"
        f"    {_yield(body_yield, [value[t] for t in body_yield])}\n"
        f"  }}) {{{', '.join(attrs)}}} : ({', '.join(base)}) -> ({', '.join(results)})\n"
        f"  func.return\n}}\n"
    )


def if_case(rng: random.Random) -> str:
    """A ``tf.IfRegion`` whose branches yield function arguments."""
    results = [rng.choice(TYPES) for _ in range(rng.choice([1, 1, 2, 3]))]
    then, other = _near(rng, results, 0.2), _near(rng, results, 0.2)
    pool = [*then, *other]
    params = ", ".join(["%c: tensor<i1>", *(f"%p{i}: {t}" for i, t in enumerate(pool))])
    value = {t: f"%p{i}" for i, t in reversed(list(enumerate(pool)))}
    attrs = "" if rng.random() < 0.03 else "is_stateless = false"
    names = f"%r:{len(results)} = " if len(results) > 1 else "%r = "
    return (
        f"func.func @f({params}) {{\n"
        f'  {names}"tf.IfRegion"(%c) ({{\n'
        f"    {_yield(then, [value[t] for t in then])}\n"
        f"  }}, {{\n"
        f"    {_yield(other, [value[t] for t in other])}\n"
        f"  }}) {{{attrs}}} : (tensor<i1>) -> ({', '.join(results)})\n"
        f"  func.return\n}}\n"
    )


def test_tf_region_ops_match_tensorflow() -> None:
    """broadcheck gives TensorFlow's verdict and first error on every region-op case."""
    from .test_tf_ops import _require_tf

    _require_tf()
    rng = random.Random(SEED)
    batch = [Case(while_case(rng) if rng.random() < 0.6 else if_case(rng)) for _ in range(COUNT)]
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    diffs = []
    for one in batch:
        want = tf_first_error(one.text)
        got = common.broadcheck_first_error(one.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        if not agree(want, got):
            diffs.append((one, want, got))
    summary = f"tf regions: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    common.fail_on_differences(summary, diffs, lambda one: "---", 20)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes
