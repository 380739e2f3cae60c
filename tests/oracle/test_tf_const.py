"""Differential test: ``tf.Const`` against TensorFlow 2.21's verifier.

Each case is one ``tf.Const`` whose value (``dense``, ``dense_resource``, a string tensor, a
vector, a scalar attribute) and result differ in shape (ranks 0-3, sizes 0-4 and ``?``,
unranked results), element type (``f32``/``f16``/``i32``/``i64``/``ui32``/``i1``, refs, resources)
and count (no result, two results, an operand, no ``value``). The first error (or ``ok``) must
agree: the op's type inference (``tf_type::BroadcastCompatible``), its counts and constraints.
Not generated, because broadcheck passes them over on purpose: a scalar value written as a
property (``<{value = 1 : i32}>``: the parser's ``invalid properties``), ``true``/``false``
values, and ``dense`` literals of TensorFlow's own element types (hex strings).

Run by ``make oracle-tf``; fails (never skips) without TensorFlow. Knobs:
``BROADCHECK_TF_CONST_CASES`` (default 2500), ``BROADCHECK_TF_CONST_SEED``.
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

COUNT = int(os.environ.get("BROADCHECK_TF_CONST_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_TF_CONST_SEED", 20261128))
ELEMENTS = ["f32", "f32", "f32", "f16", "i32", "i32", "i64", "ui32", "i1"]
LITERALS = {"f32": "1.0", "f16": "2.0", "i32": "3", "i64": "4", "ui32": "5", "i1": "true"}


class Case(NamedTuple):
    text: str


def _shape(rng: random.Random, dynamic: bool) -> str:
    dims = [rng.choice(["1", "2", "2", "3", "4", "0"]) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))]
    if dynamic and dims and rng.random() < 0.3:
        dims[rng.randrange(len(dims))] = "?"
    return "".join(d + "x" for d in dims)


def _near(rng: random.Random, dims: str) -> str:
    """Another shape, often the same or one that broadcasts with ``dims``."""
    sizes = dims.split("x")[:-1]
    roll = rng.random()
    if roll < 0.35:
        return dims
    if roll < 0.5 and sizes:
        sizes[rng.randrange(len(sizes))] = rng.choice(["1", "?"])
    elif roll < 0.6:
        sizes.insert(0, "1")
    elif roll < 0.7 and sizes:
        sizes.reverse()
    else:
        return _shape(rng, True)
    return "".join(s + "x" for s in sizes)


def case(rng: random.Random) -> str:
    """One ``tf.Const`` in a function."""
    e = rng.choice(ELEMENTS)
    dims = _shape(rng, False)
    value_type = f"tensor<{dims}{e}>"
    value = f"dense<{LITERALS[e]}> : {value_type}"
    roll = rng.random()
    if roll < 0.12:
        value = f"dense_resource<__elided__> : {value_type}"
    elif roll < 0.16:
        value = f'dense<"ab"> : tensor<{dims}!tf_type.string>'
        e = "!tf_type.string"
    elif roll < 0.18 and e != "i1":  # a scalar (an attribute dictionary only: see below)
        value = f"{LITERALS[e]} : {e}"
    elif roll < 0.2 and e in ("f32", "i32"):
        value = f"dense<{LITERALS[e]}> : vector<2x{e}>"
    result_element = e if rng.random() < 0.8 else rng.choice([*ELEMENTS, "!tf_type.f32ref"])
    result = f"tensor<*x{result_element}>" if rng.random() < 0.08 else f"tensor<{_near(rng, dims)}{result_element}>"
    results, operands, args = [result], "", ""
    roll = rng.random()
    if roll < 0.03:
        results = [result, result]
    elif roll < 0.05:
        results = []
    elif roll < 0.08:
        operands, args = "%a", "tensor<f32>"
    attrs = "" if rng.random() < 0.03 else f"{{value = {value}}}"
    if attrs and rng.random() < 0.2 and value.startswith(("dense", "sparse")):
        attrs = f"<{attrs}>"
    names = "%0:2 = " if len(results) == 2 else "" if not results else "%0 = "
    signature = f"({args}) -> ({', '.join(results)})"
    arg = "%a: tensor<f32>" if operands else ""
    return f'func.func @f({arg}) {{\n  {names}"tf.Const"({operands}) {attrs} : {signature}\n  func.return\n}}\n'


def test_tf_const_matches_tensorflow() -> None:
    """broadcheck gives TensorFlow's verdict and first error on every ``tf.Const`` case."""
    from .test_tf_ops import _require_tf

    _require_tf()
    rng = random.Random(SEED)
    batch = [Case(case(rng)) for _ in range(COUNT)]
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    diffs = []
    for one in batch:
        want = tf_first_error(one.text)
        got = common.broadcheck_first_error(one.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        if not agree(want, got):
            diffs.append((one, want, got))
    summary = f"tf.Const: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    common.fail_on_differences(summary, diffs, lambda one: "---", 30)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes
