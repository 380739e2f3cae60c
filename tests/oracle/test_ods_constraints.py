"""Differential test: the ``tf`` ops checked from their operand and result type constraints alone
(``ods.constraints_only``: no relating trait, no verifier; ``tf_constraints.json``) against
tensorflow-cpu 2.21 (``tf.mlir.experimental.run_pass_pipeline``).

Every such op is hit (the cases go round the ops), each written in the generic form with the
attributes it requires (``tf_attrs.json``, found with its constraints by ``tests/oracle/ods_probe.py
constraints``); each operand and result gets, at random, an element its constraint accepts or any
element of :data:`POOL`, a random shape (ranks 0-3, ``?``, unranked), or now and then a scalar. The
verdict and the first error message must agree. Knobs: ``BROADCHECK_ODS_CASES`` (default 2400),
``BROADCHECK_ODS_SEED``; the tool runs through ``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import collections
import json
import os
import random
import re
from pathlib import Path

import pytest

from broadcheck import dialects
from broadcheck.dialects import ods
from tests.oracle.test_ods_traits import broadcheck_verdict, tool_verdicts

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_ODS_CASES", "2400"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))
ATTRS = Path(__file__).with_name("tf_attrs.json")

POOL = ("f16", "f32", "f64", "bf16", "i1", "i4", "i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64",
        "complex<f32>", "complex<f64>", "!tf_type.string", "!tf_type.resource", "!tf_type.variant",
        "!tf_type.qint8", "!tf_type.quint8", "!tf_type.qint16", "!tf_type.quint16", "!tf_type.qint32",
        "!tf_type.resource<tensor<2xf32>>", "ui4", "f8E4M3FN", "!tf_type.f32ref", "index")  # fmt: skip
"""The element types the cases draw from."""


def constraint_ops() -> list[str]:
    """The ``tf`` ops whose check is their type constraints alone."""
    return sorted(
        n
        for n, d in dialects.declarations("tf").items()
        if d.semantics == ods.SEMANTICS and ods.constraints_only(ods.table("tf")[n])
    )


def _shape(rng: random.Random, rank: int | None) -> str:
    if rank is None:
        roll = rng.random()
        if roll < 0.08:
            return "*x"
        rank = rng.randint(0, 3)
    return "".join("?x" if rng.random() < 0.1 else f"{rng.randint(1, 4)}x" for _ in range(rank))


def _accepted(summary: str) -> list[str]:
    from broadcheck.dialects.ods.traits import _tf_alternatives

    read = _tf_alternatives(summary)
    assert read is not None
    return [e for e in POOL if any(re.fullmatch(a, e.split("<tensor")[0]) for a in read[1])]


def _layout(rng: random.Random, traits: tuple[str, ...], kind: str) -> tuple[list[str], str]:
    """The constraint key of each value of ``kind`` (``operand``/``result``) in one case, and the
    segment sizes attribute to write (``""``: none): a fixed count as declared; a variadic or optional
    group (``operand-groups=1,*``) given 0-3 values (0-1 when optional), several such groups split
    evenly unless the op's segment sizes say otherwise."""
    groups = next((t.partition("=")[2].split(",") for t in traits if t.startswith(f"{kind}-groups=")), None)
    if groups is None:
        n = next(int(t.split("=")[1]) for t in traits if t.startswith(f"{kind}s="))
        return [f"{kind}#{i}" for i in range(n)], ""
    segmented = ("AttrSizedOperandSegments" if kind == "operand" else "AttrSizedResultSegments") in traits
    even = rng.randint(0, 3)
    sizes = [
        1 if g == "1" else rng.randint(0, 1) if g == "?" else rng.randint(0, 3) if segmented else even for g in groups
    ]
    keys = [f"{kind}#{g}" for g, size in enumerate(sizes) for _ in range(size)]
    return keys, (f"{kind}SegmentSizes = array<i32: {', '.join(map(str, sizes))}>" if segmented else "")


def make_case(rng: random.Random, name: str, attrs: dict[str, str]) -> str:
    """One case for op ``name``: each value's type drawn at random (see the module's docstring)."""
    traits = ods.table("tf")[name]
    (ins_keys, in_segments), (out_keys, out_segments) = _layout(rng, traits, "operand"), _layout(rng, traits, "result")
    constraints = {
        k: v.removeprefix("variadic of ")
        for k, v in (t.split("=", 1) for t in traits if t.startswith(("operand#", "result#")))
    }
    good = rng.random() < 0.35  # every value meets its constraint, most of the time

    def one(key: str) -> str:
        summary = constraints.get(key)
        rank = None
        if summary is not None:
            r = re.match(r"(\d)D ", summary)
            rank = int(r.group(1)) if r and rng.random() < 0.8 else None
        if rng.random() < 0.04 and not good:
            return rng.choice(["f32", "i32"])
        accepted = _accepted(summary) if summary is not None else list(POOL)
        element = rng.choice(accepted if (good or rng.random() < 0.75) and accepted else POOL)
        return f"tensor<{_shape(rng, rank)}{element}>"

    ins = [one(k) for k in ins_keys]
    outs = [one(k) for k in out_keys]
    n, m = len(ins), len(outs)
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
    uses = ", ".join(f"%a{i}" for i in range(n))
    res = f"%r:{m} = " if m > 1 else "%r = " if m else ""
    given = {k: v for k, v in attrs.items() if not k.endswith("SegmentSizes")}
    written = [f"{k} = {v}" for k, v in given.items()] + [s for s in (in_segments, out_segments) if s]
    at = " {" + ", ".join(written) + "}" if written else ""
    signature = f"({', '.join(ins)}) -> ({', '.join(outs)})"
    return f'func.func @f({args}) {{\n  {res}"{name}"({uses}){at} : {signature}\n  return\n}}\n'


def test_tf_constraints_agree_with_tensorflow() -> None:
    names = constraint_ops()
    attrs: dict[str, dict[str, str]] = json.loads(ATTRS.read_text(encoding="utf-8"))["ops"]
    rng = random.Random(f"{SEED}:tf-constraints")
    per_op = max(1, -(-CASES // len(names)))
    cases = [(name, make_case(rng, name, attrs.get(name, {}))) for name in names for _ in range(per_op)]
    expected = tool_verdicts("tf", [t for _, t in cases])
    diffs = []
    kinds: collections.Counter[str] = collections.Counter()
    for (name, text), want in zip(cases, expected, strict=True):
        got = broadcheck_verdict(text)
        kinds[
            "ok" if want == "ok" else re.sub(r"^\d+:\d+: '[\w.]+' op (\w+) #\d+ must.*", r"\1 constraint", want)[:60]
        ] += 1
        if got != want:
            diffs.append((name, text, want, got))
    print(f"tf constraints: {len(cases)} cases over {len(names)} ops; {len(diffs)} differences")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(12)))
    by_op = collections.Counter(n for n, *_ in diffs)
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences ({dict(by_op)}):\n{shown}"
    assert kinds["ok"] >= len(cases) // 10 and len(cases) - kinds["ok"] >= len(cases) // 10


FIXTURE = Path(__file__).parent.parent / "fixtures" / "ods_tf_constraints.mlir"


def write_fixture() -> None:
    """Write :data:`FIXTURE`: each op checked from its constraints alone, once with every value met
    and once with its first constrained value given an element its constraint rejects; each
    annotation is TensorFlow's first error, copied."""
    from tests.oracle.ods_probe import good_type

    attrs: dict[str, dict[str, str]] = json.loads(ATTRS.read_text(encoding="utf-8"))["ops"]
    chunks = []
    for name in constraint_ops():
        traits = ods.table("tf")[name]
        one_each = random.Random(0)
        one_each.randint = lambda a, b: min(max(a, 1), b)  # type: ignore[method-assign]  # one value a group
        (ins, in_seg), (outs, out_seg) = _layout(one_each, traits, "operand"), _layout(one_each, traits, "result")
        n = len(ins)
        constraints = {
            k: v.removeprefix("variadic of ")
            for k, v in (t.split("=", 1) for t in traits if t.startswith(("operand#", "result#")))
        }
        keys = ins + outs
        good = {k: good_type(constraints.get(k)) for k in keys}
        first = next(k for k in keys if k in constraints)
        rejected = [f"tensor<2x{e}>" for e in POOL if e not in _accepted(constraints[first])]
        wrong = rejected[0] if rejected else "f32"  # a scalar, where any tensor does
        given = {k: v for k, v in attrs.get(name, {}).items() if not k.endswith("SegmentSizes")}
        for seg in (in_seg, out_seg):
            if seg:
                given[seg.partition(" = ")[0]] = seg.partition(" = ")[2]
        for types in (good, {**good, first: wrong}):
            chunks.append((name, [types[k] for k in keys[:n]], [types[k] for k in keys[n:]], given))

    def function(index: int, name: str, ins: list[str], outs: list[str], at: dict[str, str], want: str) -> str:
        args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
        uses = ", ".join(f"%a{i}" for i in range(len(ins)))
        res = f"%r:{len(outs)} = " if len(outs) > 1 else "%r = " if outs else ""
        written = " {" + ", ".join(f"{k} = {v}" for k, v in at.items()) + "}" if at else ""
        note = f"  // expected-error @+1 {{{{{want}}}}}\n" if want != "ok" else ""
        signature = f"({', '.join(ins)}) -> ({', '.join(outs)})"
        return f'func.func @f{index}({args}) {{\n{note}  {res}"{name}"({uses}){written} : {signature}\n  return\n}}\n'

    found = tool_verdicts("tf", [function(0, *c, "ok") for c in chunks])
    body = [function(k, *c, re.sub(r"^\d+:\d+: ", "", v)) for k, (c, v) in enumerate(zip(chunks, found, strict=True))]
    head = (
        "// RUN: broadcheck check --profile llvm --split-input-file --verify-diagnostics %s\n//\n"
        "// tf ops checked from their operand and result type constraints alone (broadcheck/dialects/ods/\n"
        "// tf_constraints.json), against tensorflow-cpu 2.21. Written by tests/oracle/test_ods_constraints.py\n"
        "// (python -m tests.oracle.test_ods_constraints): every annotation is the tool's own first error.\n\n"
    )
    FIXTURE.write_text(head + "\n// -----\n\n".join(body), encoding="utf-8")


if __name__ == "__main__":
    write_fixture()
