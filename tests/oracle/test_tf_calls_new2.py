"""Differential test: ``tf.If`` and ``tf.While`` in function form, ``tf.PartitionedCall`` and
``tf.StatefulPartitionedCall``, against TensorFlow 2.21.

Each case is a module of function declarations and one or two ``tf.If``/``tf.While`` ops that
name them: signatures near the op's types (a type changed, a value dropped or added, a function
missing, quoted names), the attributes sometimes missing or of another kind, ``shape_invariant``,
``parallel_iterations``, a ``cond`` function of another result count, non-tensor operands. The
op's own checks run with every op; the functions are checked once the module verified (the
symbol table), the first failure only. TensorFlow's first error (or ``ok``) must agree.

Run by ``make oracle-tf``; fails (never skips) without TensorFlow. Knobs:
``BROADCHECK_TF_CALL_CASES`` (default 2400), ``BROADCHECK_TF_CALL_SEED``.
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

COUNT = int(os.environ.get("BROADCHECK_TF_CALL_CASES", 2400))
SEED = int(os.environ.get("BROADCHECK_TF_CALL_SEED", 20261129))
TYPES = [
    "tensor<i32>", "tensor<2xf32>", "tensor<3xf32>", "tensor<?xf32>", "tensor<*xf32>", "tensor<2xi32>",
    "tensor<i1>", "tensor<!tf_type.resource<tensor<2xf32>>>", "tensor<!tf_type.resource>", "tensor<2x3xf32>",
]  # fmt: skip


class Case(NamedTuple):
    text: str


FLOATS = ["tensor<2xf32>", "tensor<3xf32>", "tensor<?xf32>", "tensor<*xf32>", "tensor<2x3xf32>"]


def _near(rng: random.Random, types: list[str], p: float = 0.12) -> list[str]:
    """``types`` mostly, sometimes one type changed, one dropped or one added."""
    out = [rng.choice(TYPES) if rng.random() < p else t for t in types]
    roll = rng.random()
    if roll < 0.04 and out:
        out.pop()
    elif roll < 0.08:
        out.append(rng.choice(TYPES))
    return out


def _name(rng: random.Random, stem: str) -> str:
    return f'@"{stem}/x"' if rng.random() < 0.1 else f"@{stem}"


class _Module:
    """The declarations and the ops of one case."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.decls: list[str] = []
        self.ops: list[str] = []
        self.params: list[str] = []
        self.count = 0

    def function(self, stem: str, inputs: list[str], outputs: list[str]) -> str:
        """A declared function (sometimes none: the name is then undefined)."""
        self.count += 1
        name = _name(self.rng, f"{stem}{self.count}")
        if self.rng.random() < 0.04:
            return name
        self.decls.append(f"func.func private {name}({', '.join(inputs)}) -> ({', '.join(outputs)})")
        return name

    def value(self, t: str) -> str:
        self.params.append(t)
        return f"%p{len(self.params) - 1}"

    def attrs(self, pairs: list[tuple[str, str]]) -> str:
        rng = self.rng
        kept = [(k, v) for k, v in pairs if rng.random() > 0.015]
        # TensorFlow checks an attribute's kind as it parses the op, before any op of the module is
        # verified; broadcheck reports it with the op's own checks, in the order of the lines: a
        # wrong kind only on the first op keeps the first error comparable
        if self.ops:
            kept = [(k, v) for k, v in kept if v not in ("0", '"a"', "false")]
        if rng.random() < 0.04 and kept and not self.ops:
            k, _ = kept[0]
            # (a nested reference whose root is no function of the module is left alone: it may name
            # a function of a nested module, whose names broadcheck does not keep)
            kept[0] = (k, rng.choice(['"f"', "3", "true"] if k == "f" else ['"f"', "3", "@a::@b", "true"]))
        if rng.random() < 0.05:
            kept.append(("_lower_using_switch_merge", "true"))
        body = ", ".join(f"{k} = {v}" if v != "" else k for k, v in kept)
        return f"<{{{body}}}>" if rng.random() < 0.05 else f"{{{body}}}"

    def text(self) -> str:
        params = ", ".join(f"%p{i}: {t}" for i, t in enumerate(self.params))
        body = "\n".join(f"  {op}" for op in self.ops)
        return "\n".join([*self.decls, f"func.func @main({params}) {{", body, "  func.return", "}", ""])


def _results(types: list[str]) -> str:
    if not types:
        return ""
    return f"%r{len(types)}:{len(types)} = " if len(types) > 1 else "%r = "


def if_op(m: _Module) -> None:
    rng = m.rng
    inputs = [rng.choice(TYPES) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    results = [rng.choice(TYPES) for _ in range(rng.choice([0, 1, 1, 2]))]
    then_inputs, else_inputs = _near(rng, inputs), _near(rng, inputs)
    if inputs and rng.random() < 0.2:  # inputs of unknown sizes, branches that may disagree on them
        inputs = [rng.choice(["tensor<*xf32>", "tensor<?xf32>"]) for _ in inputs]
        then_inputs, else_inputs = ([rng.choice(FLOATS) for _ in inputs] for _ in range(2))
    then = m.function("then", then_inputs, _near(rng, results))
    other = m.function("else", else_inputs, _near(rng, results))
    cond = rng.choice(["tensor<i1>"] * 8 + ["tensor<2xi1>", "tensor<f32>", "i1"])
    operands = [] if rng.random() < 0.02 else [cond]
    operands += inputs
    values = ", ".join(m.value(t) for t in operands)
    stateless = rng.choice(["false", "true"])
    attrs = m.attrs([("then_branch", then), ("else_branch", other), ("is_stateless", stateless)])
    result_types = [("i32" if rng.random() < 0.02 else t) for t in results]
    m.ops.append(
        f'{_results(results).replace("%r", f"%i{len(m.ops)}_")}"tf.If"({values}) {attrs} : '
        f"({', '.join(operands)}) -> ({', '.join(result_types)})"
    )


def while_op(m: _Module) -> None:
    rng = m.rng
    base = [rng.choice(TYPES) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    cond_results = (
        ["tensor<i1>"] if rng.random() < 0.9 else rng.choice([[], ["tensor<i1>", "tensor<i1>"], ["tensor<f32>"]])
    )
    cond = m.function("cond", _near(rng, base), cond_results)
    body = m.function("body", _near(rng, base), _near(rng, base))
    results = _near(rng, base)
    operands = [("i32" if rng.random() < 0.02 else t) for t in base]
    values = ", ".join(m.value(t) for t in operands)
    pairs = [("cond", cond), ("body", body), ("is_stateless", rng.choice(["false", "true"]))]
    if rng.random() < 0.2:
        pairs.append(("parallel_iterations", rng.choice(["10", "1 : i64", "0", '"a"'])))
    if rng.random() < 0.25:
        pairs.append(("shape_invariant", rng.choice(["", "", "", "unit", "false"])))
    attrs = m.attrs(pairs)
    m.ops.append(
        f'{_results(results).replace("%r", f"%w{len(m.ops)}_")}"tf.While"({values}) {attrs} : '
        f"({', '.join(operands)}) -> ({', '.join(results)})"
    )


def partitioned_call(m: _Module) -> None:
    rng = m.rng
    stateful = rng.random() < 0.5
    inputs = [rng.choice(TYPES) for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    results = [rng.choice(TYPES) for _ in range(rng.choice([0, 1, 1, 2]))]
    f = m.function("f", _near(rng, inputs, 0.3), _near(rng, results, 0.3))
    if rng.random() < 0.03:
        f = f + "::@g"
    operands = [("i32" if rng.random() < 0.02 else t) for t in inputs]
    values = ", ".join(m.value(t) for t in operands)
    pairs = [("f", f)]
    if stateful or rng.random() < 0.5:
        pairs += [("config", '""'), ("config_proto", '""'), ("executor_type", '""')]
    if rng.random() < 0.03 and len(pairs) > 1:
        i = rng.randrange(1, len(pairs))
        pairs[i] = (pairs[i][0], "1")
    attrs = m.attrs(pairs)
    op = "tf.StatefulPartitionedCall" if stateful else "tf.PartitionedCall"
    m.ops.append(
        f'{_results(results).replace("%r", f"%c{len(m.ops)}_")}"{op}"({values}) {attrs} : '
        f"({', '.join(operands)}) -> ({', '.join(results)})"
    )


def case(rng: random.Random) -> str:
    """One module: one op mostly, two sometimes."""
    m = _Module(rng)
    for _ in range(2 if rng.random() < 0.2 else 1):
        rng.choice([if_op, if_op, while_op, while_op, partitioned_call])(m)
    return m.text()


def first_error(text: str) -> str:
    """broadcheck's first error as TensorFlow orders them: the ops' own verifiers first, the symbol
    table (the functions an op names) only once every op verified (broadcheck reports both, by line)."""
    from broadcheck.api import check_text
    from broadcheck.engine.control import SYMBOL_CODES

    errors = [d for d in check_text(text, path="<case>", profile="llvm") if d.severity == "error"]
    first = next((d for d in errors if d.code not in SYMBOL_CODES), errors[0] if errors else None)
    return first.message if first is not None else "ok"


def test_tf_call_ops_match_tensorflow() -> None:
    """broadcheck gives TensorFlow's verdict and first error on every function-form case."""
    from .test_tf_ops import _require_tf

    _require_tf()
    rng = random.Random(SEED)
    batch = [Case(case(rng)) for _ in range(COUNT)]
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    diffs = []
    for one in batch:
        want = tf_first_error(one.text)
        got = first_error(one.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        if not agree(want, got):
            diffs.append((one, want, got))
    summary = f"tf calls: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    common.fail_on_differences(summary, diffs, lambda one: "---", 20)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes
