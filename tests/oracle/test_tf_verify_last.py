"""Differential test: the ``tf`` ops declared with their ``verify()`` after their ODS traits
(:mod:`broadcheck.dialects.tf.verified`: ``tf.VarHandleOp``, ``tf.TopKV2``,
``tf.UnsortedSegmentSum``/``Max``/``Min``/``Prod``, ``tf.RandomUniform``, ``tf.EmptyTensorList``,
``tf.TensorScatterUpdate``), and the ops declared by hand from TensorFlow's quantization ``.td``
(``tf.CustomAggregator``, ``tf.DumpTensor``, ``tf.UniformQuantizedDotGeneral``: their constraints) against tensorflow-cpu 2.21
(``tf.mlir.experimental.run_pass_pipeline``).

Each case writes one op with random operand and result types: ranks 0-3 or unranked, sizes that
agree or not, elements its type constraints accept or not, and now and then a constant operand
(``tf.Const``) where the verifier reads one. The verdict and the first error message must agree.
Knobs: ``BROADCHECK_TF_VERIFY_CASES`` (default 2400), ``BROADCHECK_ODS_SEED``; the tool runs through
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

CASES = int(os.environ.get("BROADCHECK_TF_VERIFY_CASES", "2400"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))

SEGMENT_OPS = ("tf.UnsortedSegmentSum", "tf.UnsortedSegmentMax", "tf.UnsortedSegmentMin", "tf.UnsortedSegmentProd")
RESOURCES = ("!tf_type.resource", "!tf_type.resource<tensor<2xf32>>", "!tf_type.resource<tensor<*xi32>>",
             "!tf_type.resource<tensor<2xf32>, tensor<3xi32>>", "f32", "!tf_type.variant")  # fmt: skip


def _dims(rng: random.Random, rank: int) -> list[int | None]:
    return [None if rng.random() < 0.1 else rng.randint(1, 4) for _ in range(rank)]


def _tensor(dims: list[int | None] | None, element: str) -> str:
    if dims is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join("?x" if d is None else f"{d}x" for d in dims) + element + ">"


def _maybe_unranked(rng: random.Random, dims: list[int | None]) -> list[int | None] | None:
    return None if rng.random() < 0.1 else dims


def _function(ins: list[str], body: str, consts: dict[int, str]) -> str:
    args = [f"%a{i}: {t}" for i, t in enumerate(ins) if i not in consts]
    lines = [f'  %a{i} = "tf.Const"() <{{value = {v}}}> : () -> {ins[i]}' for i, v in consts.items()]
    return f"func.func @f({', '.join(args)}) {{\n" + "\n".join([*lines, "  " + body]) + "\n  return\n}\n"


NO_ODS_ATTRS = {
    "tf.CustomAggregator": '{id = "a", calibration_method = 1 : i32, num_bins = 32 : i32, min_percentile = 0.0 : f32, '
    "max_percentile = 0.0 : f32}",
    "tf.DumpTensor": '{enabled = false, file_name = "a", func_name = "f", log_dir_path = "/tmp/a", node_name = "n"}',
    "tf.UniformQuantizedDotGeneral": '{dimension_numbers = ""}',
}
"""The attributes the hand-declared ops outside the wheel's TableGen output require."""
POOL = ("f32", "f16", "i32", "i64", "i8", "i1", "!tf_type.qint8", "!tf_type.qint32", "!tf_type.string", "complex<f32>")


def make_no_ods(rng: random.Random, name: str) -> str:
    """One case of a hand-declared op of :data:`~broadcheck.dialects.tf.verified.NO_ODS`: each value
    an element its constraint accepts (mostly) or any of :data:`POOL`, any rank or unranked, now and
    then a scalar or a result too few."""
    from broadcheck.dialects.tf.verified import NO_ODS

    traits = NO_ODS[name]
    summaries = [t.partition("=")[2] for t in traits if t.startswith(("operand#", "result#"))]
    n = int(next(t for t in traits if t.startswith("operands=")).partition("=")[2])
    good = rng.random() < 0.4

    def one(summary: str) -> str:
        if not good and rng.random() < 0.03:
            return "f32"
        first = summary.removeprefix("tensor of ").split(" or ")[0]
        liked = {"32-bit float": "f32", "64-bit integer": "i64", "32-bit integer": "i32", "tf.dtype": "i1",
                 "8-bit quantized integer": "!tf_type.qint8", "32-bit quantized integer": "!tf_type.qint32"}  # fmt: skip
        element = liked.get(first, "f32") if good or rng.random() < 0.8 else rng.choice(POOL)
        return _tensor(_maybe_unranked(rng, _dims(rng, rng.randint(0, 3))), element)

    types = [one(x) for x in summaries]
    ins, outs = types[:n], types[n:]
    if not good and outs and rng.random() < 0.05:
        outs = outs[:-1]
    res = f"%r:{len(outs)} = " if len(outs) > 1 else "%r = " if outs else ""
    uses = ", ".join(f"%a{i}" for i in range(n))
    body = f'{res}"{name}"({uses}) {NO_ODS_ATTRS[name]} : ({", ".join(ins)}) -> ({", ".join(outs)})'
    return _function(ins, body, {})


def make_case(rng: random.Random, name: str) -> str:
    """One case of op ``name`` (see the module's docstring)."""
    consts: dict[int, str] = {}
    if name in NO_ODS_ATTRS:
        return make_no_ods(rng, name)
    if name == "tf.VarHandleOp":
        t = _tensor(_maybe_unranked(rng, _dims(rng, rng.choice([0, 0, 1, 2]))), rng.choice(RESOURCES))
        attrs = ' {container = "", shared_name = "v"}' if rng.random() < 0.5 else ""
        return _function([], f'%r = "tf.VarHandleOp"(){attrs} : () -> {t}', consts)
    if name == "tf.TopKV2":
        el = rng.choice(["f32", "f32", "i32", "i1"])
        base = _dims(rng, rng.choice([0, 1, 1, 2, 3]))
        x = _tensor(_maybe_unranked(rng, base), el)
        k = _tensor(
            _maybe_unranked(rng, _dims(rng, rng.choice([0, 0, 0, 1, 2]))), rng.choice(["i32", "i32", "i64", "f32"])
        )
        out = [*base[:-1], rng.randint(1, 3)] if base else []
        values = _tensor(_maybe_unranked(rng, out), el if rng.random() < 0.9 else "f16")
        indices = _tensor(_maybe_unranked(rng, out), rng.choice(["i32", "i32", "i64", "f32"]))
        ins = [x, k]
        return _function(ins, f'%r:2 = "tf.TopKV2"(%a0, %a1) : ({x}, {k}) -> ({values}, {indices})', consts)
    if name == "tf.RandomUniform":
        x = _tensor(_maybe_unranked(rng, _dims(rng, rng.choice([0, 1, 1, 2]))), rng.choice(["i32", "i64", "f32"]))
        out = _tensor(_maybe_unranked(rng, _dims(rng, rng.randint(0, 3))), rng.choice(["f32", "f32", "bf16", "i32"]))
        return _function([x], f'%r = "tf.RandomUniform"(%a0) : ({x}) -> {out}', consts)
    if name == "tf.EmptyTensorList":
        ins = [
            _tensor(
                _maybe_unranked(rng, _dims(rng, rng.choice([0, 1, 1, 2]))), rng.choice(["i32", "i32", "i64", "f32"])
            ),
            _tensor(_maybe_unranked(rng, _dims(rng, rng.choice([0, 0, 1]))), rng.choice(["i32", "i32", "i64"])),
        ]
        variant = rng.choice(["!tf_type.variant", "!tf_type.variant<tensor<2xf32>>", "!tf_type.variant<tensor<*xi32>>",
                              "!tf_type.variant<tensor<2xf32>, tensor<i32>>", "f32"])  # fmt: skip
        out = _tensor(_maybe_unranked(rng, _dims(rng, rng.choice([0, 0, 1]))), variant)
        return _function(ins, f'%r = "tf.EmptyTensorList"(%a0, %a1) : ({ins[0]}, {ins[1]}) -> {out}', consts)
    if name == "tf.TensorScatterUpdate":
        el = rng.choice(["f32", "f32", "i32", "!tf_type.string"])
        data = _dims(rng, rng.choice([0, 1, 2, 3]))
        idx = [*_dims(rng, rng.choice([0, 1, 1])), rng.randint(0, 4)] if rng.random() < 0.9 else []
        ins = [
            _tensor(_maybe_unranked(rng, data), el),
            _tensor(_maybe_unranked(rng, idx), rng.choice(["i32", "i64", "i16", "f32"])),
            _tensor(_maybe_unranked(rng, _dims(rng, rng.randint(0, 3))), el),
        ]
        out = _tensor(_maybe_unranked(rng, data), el)
        return _function(ins, f'%r = "tf.TensorScatterUpdate"(%a0, %a1, %a2) : ({", ".join(ins)}) -> {out}', consts)
    el = rng.choice(["f32", "f32", "i32", "i1"])
    data = _dims(rng, rng.randint(0, 3))
    cut = rng.randint(0, len(data) + 1)
    ids_dims = list(data[:cut]) if cut <= len(data) else [*data, rng.randint(1, 3)]
    if ids_dims and rng.random() < 0.3:
        i = rng.randrange(len(ids_dims))
        ids_dims[i] = (ids_dims[i] or 2) + 1
    segments_dims = _dims(rng, rng.choice([0, 0, 0, 1]))
    segments_el = rng.choice(["i32", "i32", "i64", "f32"])
    segments = _tensor(_maybe_unranked(rng, segments_dims), segments_el)
    ins = [
        _tensor(_maybe_unranked(rng, data), el),
        _tensor(_maybe_unranked(rng, ids_dims), rng.choice(["i32", "i64", "i32", "f32"])),
        segments,
    ]
    if rng.random() < 0.3 and segments_el != "f32" and segments_dims == [] and "*" not in segments:
        consts[2] = f"dense<{rng.choice([-2, -1, 0, 3])}> : {segments}"
    result = _tensor(_maybe_unranked(rng, [rng.randint(1, 5), *data[cut:]]), el)
    return _function(ins, f'%r = "{name}"(%a0, %a1, %a2) : ({", ".join(ins)}) -> {result}', consts)


def test_tf_verified_ops_agree_with_tensorflow() -> None:
    names = [
        "tf.VarHandleOp",
        "tf.TopKV2",
        *SEGMENT_OPS,
        "tf.RandomUniform",
        "tf.EmptyTensorList",
        "tf.TensorScatterUpdate",
        *NO_ODS_ATTRS,
    ]
    rng = random.Random(f"{SEED}:tf-verify-last")
    cases = [(name, make_case(rng, name)) for name in (names[i % len(names)] for i in range(CASES))]
    expected = tool_verdicts("tf", [t for _, t in cases])
    diffs = []
    kinds: collections.Counter[str] = collections.Counter()
    for (name, text), want in zip(cases, expected, strict=True):
        got = broadcheck_verdict(text)
        kinds[re.sub(r"'[^']*'", "'T'", re.sub(r"^\d+:\d+: ", "", want))[:70]] += 1
        if got != want:
            diffs.append((name, text, want, got))
    print(f"tf verified ops: {len(cases)} cases over {len(names)} ops; {len(diffs)} differences")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(14)))
    by_op = collections.Counter(n for n, *_ in diffs)
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences ({dict(by_op)}):\n{shown}"
    assert kinds["ok"] >= len(cases) // 10 and len(cases) - kinds["ok"] >= len(cases) // 10
