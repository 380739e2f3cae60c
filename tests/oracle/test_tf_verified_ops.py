"""Differential test: ``tf`` ops declared with their verifier (``broadcheck/dialects/tf``: ``tf.Concat``,
``tf.Cumsum``, ``tf.Cumprod``, ``tf.CumulativeLogsumexp``, ``tf.FakeQuantWithMinMaxVarsPerChannel``,
``tf.DataFormatVecPermute``)
against tensorflow-cpu 2.21.

Random cases in the generic form: element types each constraint takes or not, operands of other
ranks and sizes, an axis of rank 0, 1 or 2, written as an argument or as a ``tf.Const`` in and out
of range, attributes of the right kind or not. The verdict and the first error message must agree.
Knobs: ``BROADCHECK_TF_VERIFIED_CASES`` (default 2400), ``BROADCHECK_ODS_SEED``; the tool runs through
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

CASES = int(os.environ.get("BROADCHECK_TF_VERIFIED_CASES", "2400"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))
ELEMENTS = ("f32", "f32", "i32", "i64", "i1", "!tf_type.string", "complex<f32>", "ui8", "!tf_type.qint8")


def _tensor(shape: list[int] | None, element: str) -> str:
    return f"tensor<*x{element}>" if shape is None else f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"


def _axis(rng: random.Random, lines: list[str], args: list[str], rank: int) -> str:
    """An axis operand: a ``tf.Const`` (in or out of range) or an argument of rank 0, 1 or 2."""
    element = rng.choice(["i32", "i32", "i64", "f32"])
    if rng.random() < 0.6 and element != "f32":
        shape = rng.choice(["", "", "", "1x"])
        value = rng.randint(-rank - 2, rank + 1)
        literal = f"dense<{value}>" if not shape else f"dense<[{value}]>"
        lines.append(
            f'  %axis = "tf.Const"() {{value = {literal} : tensor<{shape}{element}>}} : () -> tensor<{shape}{element}>'
        )
        return f"%axis : tensor<{shape}{element}>"
    t = rng.choice(
        [
            f"tensor<{element}>",
            f"tensor<{element}>",
            f"tensor<2x{element}>",
            f"tensor<1x1x{element}>",
            f"tensor<*x{element}>",
        ]
    )
    args.append(t)
    return f"%a{len(args) - 1} : {t}"


def _shape(rng: random.Random, base: list[int]) -> list[int] | None:
    roll = rng.random()
    if roll < 0.6:
        return list(base)
    if roll < 0.75 and base:
        s = list(base)
        s[rng.randrange(len(s))] += 1
        return s
    if roll < 0.9:
        return [*base, 2] if rng.random() < 0.5 or not base else base[1:]
    return None


def _function(args: list[str], lines: list[str]) -> str:
    head = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return f"func.func @f({head}) {{\n" + "\n".join(lines) + "\n  return\n}\n"


def cumulative_case(rng: random.Random) -> str:
    """One ``tf.Cumsum``/``Cumprod``/``CumulativeLogsumexp`` case."""
    name = rng.choice(["tf.Cumsum", "tf.Cumprod", "tf.CumulativeLogsumexp"])
    base = [rng.randint(1, 4) for _ in range(rng.randint(0, 3))]
    element = rng.choice(ELEMENTS)
    x = _tensor(_shape(rng, base) if rng.random() < 0.3 else base, element)
    args, lines = [x], []
    axis = _axis(rng, lines, args, len(base))
    out = x if rng.random() < 0.8 else _tensor(_shape(rng, base), rng.choice(ELEMENTS))
    attrs = rng.choice(["", "", " {exclusive = false, reverse = true}", " {exclusive = 1 : i64}"])
    value, axis_type = axis.split(" : ")
    lines.append(f'  %r = "{name}"(%a0, {value}){attrs} : ({x}, {axis_type}) -> {out}')
    return _function(args, lines)


def concat_case(rng: random.Random) -> str:
    """One ``tf.Concat`` case."""
    base = [rng.randint(1, 4) for _ in range(rng.randint(0, 3))]
    element = rng.choice(ELEMENTS[:4])
    args: list[str] = []
    lines: list[str] = []
    axis = _axis(rng, lines, args, len(base))
    values = []
    for _ in range(rng.randint(0, 3)):
        e = element if rng.random() < 0.9 else rng.choice(ELEMENTS)
        args.append(_tensor(_shape(rng, base), e))
        values.append((f"%a{len(args) - 1}", args[-1]))
    out = _tensor(_shape(rng, base), element if rng.random() < 0.9 else rng.choice(ELEMENTS))
    value, axis_type = axis.split(" : ")
    uses = ", ".join([value, *(v for v, _ in values)])
    types = ", ".join([axis_type, *(t for _, t in values)])
    lines.append(f'  %r = "tf.Concat"({uses}) : ({types}) -> {out}')
    return _function(args, lines)


def fake_quant_case(rng: random.Random) -> str:
    """One ``tf.FakeQuantWithMinMaxVarsPerChannel`` case."""

    def dim() -> str:
        return rng.choice(["3", "3", "3", "4", "?"])

    rank = rng.choice([0, 1, 2, 2, 3, None])
    x = "tensor<*xf32>" if rank is None else f"tensor<{''.join(f'{dim()}x' for _ in range(rank))}f32>"
    if rng.random() < 0.05:
        x = x.replace("f32", rng.choice(["f16", "i32"]))

    def bound() -> str:
        roll = rng.random()
        element = "f32" if rng.random() < 0.95 else "f64"
        if roll < 0.7:
            return f"tensor<{dim()}x{element}>"
        return rng.choice([f"tensor<{element}>", f"tensor<*x{element}>", f"tensor<3x3x{element}>"])

    lo, hi = bound(), bound()
    bits = rng.choice(["", "", " {num_bits = 8 : i64}", " {num_bits = 1 : i64}", " {num_bits = 17 : i64}",
                       " {num_bits = 16 : i64, narrow_range = true}", " {num_bits = 2 : i64}"])  # fmt: skip
    out = x if rng.random() < 0.9 else "tensor<5xf32>"
    return _function(
        [x, lo, hi],
        [f'  %r = "tf.FakeQuantWithMinMaxVarsPerChannel"(%a0, %a1, %a2){bits} : ({x}, {lo}, {hi}) -> {out}'],
    )


def permute_case(rng: random.Random) -> str:
    """One ``tf.DataFormatVecPermute`` case (its ODS traits, then its verifier)."""
    rank = rng.choice([0, 1, 1, 2, 2, 3, None])
    dims = [rng.choice(["4", "2", "4", "2", "1", "5", "?"]) for _ in range(rank or 0)]
    element = rng.choice(["i32", "i32", "i64", "f32"])
    x = f"tensor<*x{element}>" if rank is None else f"tensor<{''.join(d + 'x' for d in dims)}{element}>"
    out = x if rng.random() < 0.85 else rng.choice([f"tensor<4x{element}>", "tensor<4xi64>", "tensor<?x2xi32>"])
    return _function([x], [f'  %r = "tf.DataFormatVecPermute"(%a0) : ({x}) -> {out}'])


def test_verified_tf_ops_agree_with_tensorflow() -> None:
    rng = random.Random(f"{SEED}:tf-verified")
    makers = (concat_case, cumulative_case, fake_quant_case, permute_case)
    texts = [makers[k % len(makers)](rng) for k in range(CASES)]
    expected = tool_verdicts("tf", texts)
    diffs = []
    kinds: collections.Counter[str] = collections.Counter()
    for text, want in zip(texts, expected, strict=True):
        got = broadcheck_verdict(text)
        kinds[re.sub(r"'[^']*'|-?\d+", "_", re.sub(r"^\d+:\d+: ", "", want))[:70]] += 1
        if got != want:
            diffs.append((text, want, got))
    print(f"tf verified ops: {len(texts)} cases; {len(diffs)} differences")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(14)))
    shown = "\n".join(f"---\n{t}  tool:       {w}\n  broadcheck: {g}" for t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences:\n{shown}"
    assert kinds["ok"] >= len(texts) // 10 and len(texts) - kinds["ok"] >= len(texts) // 10


def write_fixture(count: int = 40) -> None:
    """Write ``tests/fixtures/tf_verified_ops.mlir``: the first ``count`` cases of a fixed seed, each
    annotated with TensorFlow's first error, copied."""
    from pathlib import Path

    rng = random.Random("fixture:tf-verified")
    makers = (concat_case, cumulative_case, fake_quant_case, permute_case)
    texts = [makers[k % len(makers)](rng) for k in range(count)]
    chunks = []
    for text, want in zip(texts, tool_verdicts("tf", texts), strict=True):
        if want != "ok":
            line, _, message = want.partition(": ")
            lines = text.splitlines()
            at = int(line.split(":")[0]) - 1
            lines.insert(at, f"  // expected-error @+1 {{{{{message}}}}}")
            text = "\n".join(lines) + "\n"
        chunks.append(text)
    head = (
        "// RUN: broadcheck check --split-input-file --verify-diagnostics %s\n//\n"
        "// tf.Concat, the cumulative ops, FakeQuantWithMinMaxVarsPerChannel and DataFormatVecPermute, declared with their verifiers, against tensorflow-cpu 2.21.\n"
        "// Written by tests/oracle/test_tf_verified_ops.py (python -m tests.oracle.test_tf_verified_ops):\n"
        "// every annotation is the tool's own first error.\n\n"
    )
    path = Path(__file__).parent.parent / "fixtures" / "tf_verified_ops.mlir"
    path.write_text(head + "\n// -----\n\n".join(chunks), encoding="utf-8")


if __name__ == "__main__":
    write_fixture()
