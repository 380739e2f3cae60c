"""Differential test: ``tf.Yield``, the terminator of ``tf.IfRegion`` and ``tf.WhileRegion``, against
tensorflow-cpu 2.21: its operands against the parent's results and block arguments, as the parents'
verifiers judge them (``broadcheck/dialects/tf/regions.py``), and ``tf.Yield`` itself (any operand
types; ``ReturnLike``).

Each case is one region op whose every ``tf.Yield`` yields 0-3 values drawn from a few types (the
parent's own types most of the time; another size, ``?``, another rank, unranked, another element type,
a resource or variant with or without subtypes), the ``cond`` of a while its ``tensor<i1>`` or not, alone or
followed by its arguments (or by a value of another type in an argument's place: broadcheck judges the
forwarding by types, so another value of the argument's type is not drawn). The
verdict and the first error message must agree. ``tf.Yield`` outside these parents ("expects parent op
to be one of ...") is not judged (an op's check does not see its parent) and not drawn. Knobs:
``BROADCHECK_TF_YIELD_CASES`` (default 600), ``BROADCHECK_TF_YIELD_SEED``; the tool runs through
``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import collections
import os
import random
import re

import pytest

from tests.oracle.test_ods_traits import broadcheck_verdict, tool_verdicts

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_TF_YIELD_CASES", "600"))
SEED = int(os.environ.get("BROADCHECK_TF_YIELD_SEED", "0"))

TYPES = ("tensor<2xf32>", "tensor<3xf32>", "tensor<?xf32>", "tensor<*xf32>", "tensor<2x1xf32>", "tensor<2xi32>",
         "tensor<f32>", "tensor<i1>", "tensor<!tf_type.variant>", "tensor<!tf_type.variant<tensor<2xf32>>>",
         "tensor<!tf_type.resource>", "tensor<!tf_type.resource<tensor<4xf32>>>")  # fmt: skip


def _values(rng: random.Random, given: list[str]) -> list[str]:
    """What a region yields: ``given`` most of the time, else with a value changed, added or dropped."""
    out = list(given)
    roll = rng.random()
    if roll < 0.45:
        return out
    if roll < 0.8 and out:
        out[rng.randrange(len(out))] = rng.choice(TYPES)
    elif roll < 0.9:
        out.append(rng.choice(TYPES))
    elif out:
        out.pop(rng.randrange(len(out)))
    return out


def _yield(types: list[str], pool: dict[str, str]) -> str:
    names = ", ".join(pool[t] for t in types)
    return f'"tf.Yield"({names}) : ({", ".join(types)}) -> ()'


def make_case(rng: random.Random) -> str:
    """One ``tf.IfRegion`` or ``tf.WhileRegion`` in a function that takes one argument of each type."""
    pool = {t: f"%a{i}" for i, t in enumerate(TYPES)}
    args = ", ".join(f"{v}: {t}" for t, v in pool.items())
    results = [rng.choice(TYPES) for _ in range(rng.randint(0, 3))]
    res = f"%r:{len(results)} = " if len(results) > 1 else "%r = " if results else ""
    out = f"({', '.join(results)})"
    if rng.random() < 0.5:
        branches = [_yield(_values(rng, results), pool) for _ in range(2)]
        body = f'{res}"tf.IfRegion"({pool["tensor<i1>"]}) ({{\n    {branches[0]}\n  }}, {{\n    {branches[1]}\n  }})'
        head = f"{body} {{is_stateless = true}} : (tensor<i1>) -> {out}"
    else:
        inputs = results if rng.random() < 0.8 else _values(rng, results)
        uses = ", ".join(pool[t] for t in inputs)
        cond_args = ", ".join(
            f"%c{i}: {t}" for i, t in enumerate(_values(rng, inputs) if rng.random() < 0.2 else inputs)
        )
        body_args = ", ".join(
            f"%b{i}: {t}" for i, t in enumerate(_values(rng, inputs) if rng.random() < 0.2 else inputs)
        )
        flag = ["tensor<i1>"] if rng.random() < 0.85 else [rng.choice(TYPES)]
        cond = _yield([*flag, *([] if rng.random() < 0.85 else [rng.choice(TYPES)])], pool)
        if cond_args and rng.random() < 0.2:  # the condition's flag and its arguments (or values of other types)
            forward = [(f"%c{i}", t) for i, t in enumerate(re.findall(r"%c\d+: ([^,]+(?:<[^>]*>>?)?)", cond_args))]
            if rng.random() < 0.3:
                k = rng.randrange(len(forward))
                other = [t for t in TYPES if t != forward[k][1]]
                forward[k] = (pool[other[0]], other[0]) if other else forward[k]
            names = ", ".join([pool[flag[0]], *(n for n, _ in forward)])
            cond = f'"tf.Yield"({names}) : ({", ".join([flag[0], *(t for _, t in forward)])}) -> ()'
        back = _yield(_values(rng, inputs), pool)
        ins = f"({', '.join(inputs)})"
        head = (
            f'{res}"tf.WhileRegion"({uses}) ({{\n  ^bb0({cond_args}):\n    {cond}\n  }}, {{\n  ^bb0({body_args}):\n'
            f"    {back}\n  }}) {{is_stateless = true}} : {ins} -> {out}"
        )
        head = head.replace("^bb0():\n", "")
    return f"func.func @f({args}) {{\n  {head}\n  return\n}}\n"


def test_tf_yield_agrees_with_tensorflow() -> None:
    rng = random.Random(f"{SEED}:tf-yield")
    cases = [make_case(rng) for _ in range(CASES)]
    expected = tool_verdicts("tf", cases)
    diffs = []
    kinds: collections.Counter[str] = collections.Counter()
    for text, want in zip(cases, expected, strict=True):
        got = broadcheck_verdict(text)
        kinds["ok" if want == "ok" else re.sub(r"^\d+:\d+: |'[^']*'|\d+", "", want)[:60]] += 1
        if got != want:
            diffs.append((text, want, got))
    print(f"tf.Yield: {len(cases)} cases; {len(diffs)} differences")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(12)))
    shown = "\n".join(f"---\n{t}  tool:       {w}\n  broadcheck: {g}" for t, w, g in diffs[:8])
    assert not diffs, f"{len(diffs)} differences:\n{shown}"
    assert kinds["ok"] >= len(cases) // 10 and len(cases) - kinds["ok"] >= len(cases) // 10
