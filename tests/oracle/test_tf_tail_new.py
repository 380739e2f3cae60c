"""Differential test: ``tf.Shape``, ``tf.SpaceToBatchND``, ``tf.BatchToSpaceND``, ``tf.All`` and
``tf.Any``, ``tf.FakeQuantWithMinMaxVars``, ``tf.StopGradient`` and the ``tf.TensorList`` ops against tensorflow-cpu 2.21 (``run_pass_pipeline(text, "")`` parses and verifies).

Shapes of rank 0-5 with ``?`` and unranked tensors; ``tf.Shape`` results of the operand's rank or
near it, of other ranks and element types; block shapes, paddings and crops as ``tf.Const``
operands (right, of the wrong shape, with values below their bounds) or function arguments;
reduction indices in and out of range, of rank 0-2; ``tf.StopGradient`` results near the operand's
type (resource and variant handles with and without subtypes). The first error must agree.

Run with TensorFlow's environment (``make oracle-tf``); FAILS (never skips) when TensorFlow is
missing. Knobs: ``BROADCHECK_TF_TAIL_CASES`` (default 2500), ``BROADCHECK_TF_TAIL_SEED``.
"""

from __future__ import annotations

import collections
import os

import pytest

from . import common
from .test_tf_shape_ops import Case, Gen, Operand, agree, dense, tensor, tf_first_error

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TF_TAIL_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_TF_TAIL_SEED", 20261129))
SHOW = 12


def shape_op(g: Gen, i: int) -> Case:
    x = g.shape(0, 5)
    n = len(x) if x is not None else g.pick(0, 1, 2, 3)
    result = g.pick((n,), (n,), (n,), (None,), g.size(), ()) if g.chance(0.85) else None
    if isinstance(result, int):
        result = (result,)
    if g.chance(0.06):
        result = (n, 1)
    element = g.pick("i32", "i64") if g.chance(0.9) else g.pick("f32", "i16", "i8", "!tf_type.int32ref", "i1")
    return Case(i, "tf.Shape", [Operand(tensor(x, g.odd("f32")))], [tensor(result, element)])


def _matrix(rows: list[list[int]]) -> str:
    return "dense<[" + ", ".join("[" + ", ".join(str(v) for v in r) + "]" for r in rows) + "]>"


def _pairs(g: Gen, m: int, low: int) -> list[list[int]]:
    return [[g.pick(0, 0, 1, 2, low), g.pick(0, 0, 1, 2, low)] for _ in range(m)]


def _pair_operand(g: Gen, m: int, low: int) -> Operand:
    """``[m, 2]`` paddings or crops: a constant mostly (now and then of another shape), or an argument."""
    r = g.rng.random()
    if r < 0.7:
        rows = m + (g.pick(1, -1) if g.chance(0.08) and m > 1 else 0)
        if g.chance(0.06):
            values = [[g.pick(0, 1), g.pick(0, 1), 0] for _ in range(rows)]
            return Operand(tensor((rows, 3), "i32"), _matrix(values))
        return Operand(tensor((rows, 2), g.index()), _matrix(_pairs(g, rows, low)))
    return Operand(tensor(g.pick((m, 2), (None, 2), (m, 3), (2,), (m, 2, 1), None), g.index()))


def space_to_batch_nd(g: Gen, i: int) -> Case:
    m = g.pick(1, 1, 2, 2, 3)
    x = g.shape(max(0, m - 1), m + 2, unranked=0.05)
    block = [g.pick(1, 2, 2, 3) if g.chance(0.9) else g.pick(0, -1) for _ in range(m)]
    if g.chance(0.1):
        block_operand = Operand(tensor(g.pick((m,), (None,), (), (m, 1)), g.index()))
    else:
        block_operand = g.vector_operand(block, g.index(), const=0.85)
    result = tensor(g.shape(0, 5))
    return Case(
        i, "tf.SpaceToBatchND", [Operand(tensor(x, g.odd("f32"))), block_operand, _pair_operand(g, m, -1)], [result]
    )


def batch_to_space_nd(g: Gen, i: int) -> Case:
    m = g.pick(1, 1, 2, 2, 3)
    x = g.shape(m, m + 2)
    block_operand = g.vector_operand([g.pick(1, 2, 3) for _ in range(m)], g.index(), const=0.6)
    result = tensor(g.shape(0, 5))
    return Case(
        i, "tf.BatchToSpaceND", [Operand(tensor(x, g.odd("f32"))), block_operand, _pair_operand(g, m, -1)], [result]
    )


def reduction(g: Gen, i: int) -> Case:
    x = g.shape(0, 4)
    r = len(x) if x is not None else 3
    dims = [g.rng.randint(-r - 1, r) for _ in range(g.pick(1, 1, 2))]
    if g.chance(0.15):
        dims_operand = Operand(tensor(g.pick((), (2,), (1, 1), (2, 2, 1), None), g.index()))
    elif g.chance(0.2):
        dims_operand = Operand(tensor((), g.index()), f"dense<{dims[0]}>")
    else:
        dims_operand = Operand(tensor((len(dims),), g.index()), dense(dims))
    keep = g.chance(0.5)
    attrs = g.attr("keep_dims", "true" if keep else "false", bad="1 : i64")
    result = tensor(g.shape(0, 4), g.odd("i1", 0.05))
    return Case(i, g.pick("tf.All", "tf.Any"), [Operand(tensor(x, g.odd("i1", 0.05))), dims_operand], [result], attrs)


def fake_quant(g: Gen, i: int) -> Case:
    x = g.shape(0, 4)
    bounds = [Operand(tensor(g.pick((), (), (), (1,), (None,), None), g.odd("f32"))) for _ in range(2)]
    attrs = g.attr("num_bits", f"{g.pick(8, 8, 4, 2, 16, 1, 17, 0)} : i64", bad="true", p=0.1)
    attrs += g.attr("narrow_range", g.pick("true", "false"), bad="1 : i64", p=0.1)
    return Case(
        i,
        "tf.FakeQuantWithMinMaxVars",
        [Operand(tensor(x, g.odd("f32"))), *bounds],
        [tensor(g.near(x), g.odd("f32"))],
        attrs,
    )


_HANDLES = [
    "!tf_type.resource<tensor<2xf32>>", "!tf_type.resource", "!tf_type.variant", "!tf_type.variant<tensor<i32>>",
]  # fmt: skip


def stop_gradient(g: Gen, i: int) -> Case:
    x = g.shape(0, 3)
    element = g.pick(*_HANDLES) if g.chance(0.1) else g.odd("f32", 0.15)
    result_element = g.pick(*_HANDLES) if element in _HANDLES and g.chance(0.5) else g.odd(element, 0.1)
    operands = [Operand(tensor(x, element)) for _ in range(g.pick(*[1] * 30, 0, 2))]
    results = [tensor(g.near(x, 0.4), result_element)] * g.pick(*[1] * 30, 2)
    return Case(i, "tf.StopGradient", operands, results)


TABLE = [
    (shape_op, 3), (space_to_batch_nd, 3), (batch_to_space_nd, 2), (reduction, 2), (fake_quant, 2),
    (stop_gradient, 2),
]  # fmt: skip

_SLOTS = {
    "variant": [
        "tensor<!tf_type.variant<tensor<2xf32>>>", "tensor<!tf_type.variant<tensor<?x3xi32>>>",
        "tensor<!tf_type.variant>", "tensor<*x!tf_type.variant>", "tensor<2x!tf_type.variant>",
    ],
    "i32": ["tensor<i32>", "tensor<i32>", "tensor<2xi32>", "tensor<*xi32>", "tensor<1x2xi32>"],
    "signed": ["tensor<2xi32>", "tensor<2xi64>", "tensor<i32>", "tensor<?xi64>", "tensor<*xi32>", "tensor<2x2xi32>"],
    "any": ["tensor<3x2xf32>", "tensor<*xi32>", "tensor<2xf16>", "tensor<!tf_type.variant>", "tensor<i1>"],
    "reserved": [
        "tensor<!tf_type.variant<tensor<2xf32>>>", "tensor<!tf_type.variant<tensor<2xf32>>>",
        "tensor<!tf_type.variant>", "tensor<!tf_type.variant<tensor<2xf32>, tensor<i32>>>",
    ],
}  # fmt: skip
_BAD = ["tensor<2xf32>", "tensor<i64>", "tensor<2xi16>", "tensor<!tf_type.string>", "tensor<2x!tf_type.resource>"]
_LISTS = {
    "tf.TensorListFromTensor": (["any", "signed"], "variant"),
    "tf.TensorListGetItem": (["variant", "i32", "signed"], "any"),
    "tf.TensorListSetItem": (["variant", "i32", "any"], "variant"),
    "tf.TensorListLength": (["variant"], "i32"),
    "tf.TensorListReserve": (["signed", "i32"], "reserved"),
    "tf.TensorListStack": (["variant", "i32"], "any"),
}


def tensor_list(g: Gen, i: int) -> Case:
    op = g.pick(*_LISTS)
    slots, result = _LISTS[op]

    def one(slot: str) -> str:
        return g.pick(*_BAD) if g.chance(0.07) else g.pick(*_SLOTS[slot])

    attrs = g.attr("num_elements", str(g.pick(-1, 3)), bad="true") if op == "tf.TensorListStack" else []
    return Case(i, op, [Operand(one(s)) for s in slots], [one(result)], attrs)


def test_tf_tail_ops_match_tensorflow() -> None:
    """broadcheck gives TensorFlow's verdict and first error on every case."""
    _run("tail", TABLE, SEED)


def test_tf_tensor_lists_match_tensorflow() -> None:
    """The same for ``tf.TensorListFromTensor``, ``GetItem``, ``SetItem``, ``Length``, ``Reserve``, ``Stack``."""
    _run("tensor lists", [(tensor_list, 1)], SEED + 1)


def _run(family: str, table: list, seed: int) -> None:  # type: ignore[type-arg]
    from .test_tf_ops import _require_tf

    _require_tf()
    g = Gen(seed)
    makers = [maker for maker, weight in table for _ in range(weight)]
    batch = [g.rng.choice(makers)(g, i) for i in range(COUNT)]
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    per_op: collections.Counter[str] = collections.Counter()
    diffs = []
    for case in batch:
        want = tf_first_error(case.text)
        got = common.broadcheck_first_error(case.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        per_op[case.op] += 1
        if not agree(want, got):
            diffs.append((case, want, got))
    summary = (
        f"tf {family}: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}; "
        f"ops {dict(sorted(per_op.items()))}"
    )
    print("\n" + summary)
    dump = os.environ.get("BROADCHECK_TF_TAIL_DUMP")
    if dump:
        with open(dump, "w") as out:
            for case, want, got in diffs:
                out.write(f"--- case {case.index}\n{case.text}  tool:       {want}\n  broadcheck: {got}\n")
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes
