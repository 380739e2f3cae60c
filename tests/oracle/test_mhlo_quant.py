"""Differential test: MHLO's elementwise ops on quantized types against jaxlib 0.10.2's MHLO verifier.

jaxlib registers ``mhlo`` but not ``quant``; ``tests/oracle/mhlo_quant_jaxlib.py`` loads ``quant``
into its context (a no-op run of ``vhlo-legalize-to-stablehlo``, whose dependent dialects include it),
so MHLO's verifiers judge ``!quant.uniform`` element types as ``mlir-hlo-opt`` does. It runs in its own
interpreter, ``BROADCHECK_JAX_PYTHON`` (by default this one, which then needs jax and jaxlib 0.10.2).

The cases are those of :mod:`tests.oracle.test_mhlo_ops` (every op of
:data:`broadcheck.semantics.mhlo.OPS`: the elementwise ops, ``compare``, ``select``, ``clamp``, the
broadcasts; generic and custom forms), drawn with quantized element types most of the time: per-tensor
(``i8``, ``u8``, ``i4``, ``i16``, a narrowed range ``i8<-127:127>``; expressed ``f32``, ``f16``,
``bf16``, ``f64``; scales and zero points varied) and per-axis (the quantized dimension in and out of
range, one scale per element or not), beside plain ones; bounded (MHLO's and StableHLO's encodings)
now and then. ``BROADCHECK_MHLO_QUANT_CASES`` per family
(default 2000, at least 2000), seed ``BROADCHECK_MHLO_SEED``. Verdict, message, line and column of the
first error must equal jaxlib's on every case. Run by ``make oracle`` only.
"""

from __future__ import annotations

import collections
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from . import test_mhlo_ops as base
from .common import Verdict, fail_on_differences, show

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_MHLO_QUANT_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_MHLO_SEED", 20261129))
JAX_PYTHON = os.environ.get("BROADCHECK_JAX_PYTHON") or sys.executable
"""An interpreter with jax and jaxlib 0.10.2 (``make oracle`` installs them into the test venv)."""
HELPER = Path(__file__).with_name("mhlo_quant_jaxlib.py")

PER_TENSOR = [
    "!quant.uniform<i8:f32, 0.5>",
    "!quant.uniform<i8:f32, 0.25:3>",
    "!quant.uniform<i8:f32, 1.0:-128>",
    "!quant.uniform<u8:f32, 0.5>",
    "!quant.uniform<i4:f32, 0.5>",
    "!quant.uniform<i16:f32, 0.5>",
    "!quant.uniform<i8<-127:127>:f32, 0.5>",
    "!quant.uniform<i8:f16, 0.5>",
    "!quant.uniform<i8:bf16, 0.5:1>",
    "!quant.uniform<i8:f64, 0.5>",
    "!quant.uniform<u4:f32, 2.0:1>",
    "!quant.uniform<i32:f32, 0.125>",
]
PER_AXIS = [
    "!quant.uniform<i8:f32:0, {0.5,0.25}>",
    "!quant.uniform<i8:f32:0, {0.5:1,0.25:2}>",
    "!quant.uniform<i8:f32:1, {0.5,0.25,0.125}>",
    "!quant.uniform<i8:f32:0, {0.5}>",
    "!quant.uniform<u8:f16:1, {0.5,0.25}>",
    "!quant.uniform<i8:f32:2, {0.5,0.25}>",
]


class QuantDraw(base.Draw):
    """:class:`tests.oracle.test_mhlo_ops.Draw` with quantized element types most of the time."""

    def element(self, natural: list[str]) -> str:
        r = self.rng.random()
        if r < 0.55:
            return str(self.pick(PER_TENSOR))
        if r < 0.75:
            return str(self.pick(PER_AXIS))
        return base.Draw.element(self, natural)

    def tensor(self, shape: base.Shape | None, element: str, unranked: float = 0.02) -> str:
        """:meth:`tests.oracle.test_mhlo_ops.Draw.tensor`, with bounds on quantized tensors now and then too."""
        if "!quant" in element and shape and None in shape and self.chance(0.15):
            bounds = tuple(None if d is not None or self.chance(0.2) else self.pick([1, 2, 3, 4]) for d in shape)
            return base._tensor(shape, element, bounds, self)
        return base.Draw.tensor(self, shape, element, unranked)

    def other_element(self, element: str, natural: list[str]) -> str:
        """Mostly ``element``; else another quantized type like it, a plain one, or any."""
        r = self.rng.random()
        if r < 0.7:
            return element
        if r < 0.82 and "!quant" in element:
            return self.pick(PER_AXIS if ":f32:" in element or ":f16:" in element else PER_TENSOR)
        if r < 0.9:
            return self.pick(natural)
        return self.element([*base.FLOATS, *base.INTS, "i1"])


_PER_AXIS = re.compile(r"!quant\.uniform<[^,]*:\w+:\d+, \{")


def _first_type(text: str) -> str:
    """The first type of a type list (up to its ``>`` that closes the first ``<``)."""
    depth = 0
    for i, ch in enumerate(text):
        depth += {"<": 1, ">": -1}.get(ch, 0)
        if ch == ">" and depth == 0:
            return text[: i + 1]
    return text


def undefined(case: base.Case) -> bool:
    """A ``dynamic_broadcast_in_dim`` of a per-axis quantized result from an operand that is not: its
    verifier casts the operand's element type to a per-axis one regardless (undefined behaviour:
    jaxlib 0.10.2 crashes, or names a quantized dimension it read from elsewhere). broadcheck passes
    it over; the campaign draws none."""
    if case.op != "dynamic_broadcast_in_dim":
        return False
    line = case.text.split("\n")[1]
    head, _, result = line.rpartition("->")
    operand = _first_type(head.rpartition(": (")[2])
    return bool(_PER_AXIS.search(result)) and not _PER_AXIS.search(operand)


def generate(family: str, count: int, seed: int) -> list[base.Case]:
    """``count`` cases of one family, reproducible from ``seed`` (none :func:`undefined`)."""
    draw = QuantDraw(random.Random(f"quant:{family}:{seed}"))
    cases: list[base.Case] = []
    while len(cases) < count:
        case = base.FAMILIES[family](draw, len(cases))
        if not undefined(case):
            cases.append(case)
    return cases


def jaxlib_verdicts(texts: list[str]) -> list[Verdict | None]:
    """jaxlib's verdict on each text (``mhlo_quant_jaxlib.py`` in ``BROADCHECK_JAX_PYTHON``);
    ``None`` where jaxlib crashed (the rest are run again after it)."""
    if not Path(JAX_PYTHON).exists():
        pytest.fail(f"BROADCHECK_JAX_PYTHON={JAX_PYTHON} does not exist", pytrace=False)
    out: list[Verdict | None] = []
    while len(out) < len(texts):
        rest = texts[len(out) :]
        done = subprocess.run(
            [JAX_PYTHON, str(HELPER)], input=json.dumps(rest), capture_output=True, text=True, timeout=3600
        )
        lines = done.stdout.splitlines()
        if done.returncode != 0 and not lines and "Traceback" in done.stderr:
            pytest.fail(f"the MHLO oracle needs jax and jaxlib 0.10.2 (`make oracle`):\n{done.stderr[-2000:]}")
        out += [tuple((int(a), int(b), str(c)) for a, b, c in json.loads(line)) for line in lines]
        if done.returncode != 0:
            out.append(None)  # (the text after the last verdict crashed jaxlib)
    return out


@pytest.mark.parametrize("family", list(base.FAMILIES))
def test_broadcheck_matches_mhlo_on_quantized_types(family: str) -> None:
    """Verdict, first message, line and column equal jaxlib's MHLO (with ``quant``) on every case."""
    assert COUNT >= 2000, f"only {COUNT} cases; the point is to compare at least 2000 per family"
    cases = generate(family, COUNT, SEED)
    oracle = jaxlib_verdicts([c.text for c in cases])
    crashed = [c for c, v in zip(cases, oracle, strict=True) if v is None]
    assert not crashed, f"{len(crashed)} cases crash jaxlib (generate none such), e.g.\n{crashed[0].text}"
    kinds = [base.kind(v) for v in oracle if v is not None]
    assert "quantized" not in kinds, "jaxlib did not load the quant dialect"
    diffs = []
    quantized = 0
    for case, expected in zip(cases, oracle, strict=True):
        assert expected is not None
        got = base.broadcheck_verdict(case.text)
        quantized += "!quant" in case.text
        if got != expected[:1]:  # (the custom form's failed inference adds "failed to infer returned types")
            diffs.append((case, expected, got))
    verdict_diffs = sum(1 for _, e, g in diffs if isinstance(g, str) or bool(g) != bool(e))
    counts = collections.Counter(k if not k.startswith("other") else "other" for k in kinds)
    summary = (
        f"{family} (quantized): compared {len(cases)} cases over {len({c.op for c in cases})} ops "
        f"({quantized} with a quantized type; seed {SEED}); oracle verdicts: "
        f"{', '.join(f'{k}: {n}' for k, n in counts.most_common())}; "
        f"differences: {len(diffs)} ({verdict_diffs} in verdict)"
    )
    fail_on_differences(summary, diffs, lambda case: f"--- case {case.index} ({case.op}, {case.form})", base.SHOW)
    assert counts["ok"] >= 50 and quantized >= COUNT // 2, f"too few valid or quantized cases: {dict(counts)}"


def test_the_oracle_rejects_and_accepts_quantized_mhlo() -> None:
    """The oracle is real: mlir-hlo's ``mhlo_quantized.mlir`` C1 case rejected in MHLO's words, a valid one accepted."""
    bad = (
        "func.func @f(%a: tensor<2xf32>) {\n"
        '  %0 = "mhlo.uniform_quantize"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f64, 0.1>>\n'
        "  return\n}\n"
    )
    good = "func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 0.1>>) {\n  %0 = mhlo.ceil %a : tensor<2x!quant.uniform<i8:f32, 0.1>>\n  return\n}\n"
    rejected, accepted = jaxlib_verdicts([bad, good])
    assert show(rejected) == "2:8: Expressed type of result expected to be 'f32', but got 'f64'"
    assert accepted == ()


FIXTURES = ("mhlo_quant.mlir", "mhlo_quantized.mlir")


@pytest.mark.parametrize("name", FIXTURES)
def test_the_fixtures_say_what_jaxlib_says(name: str) -> None:
    """Each chunk of the quantized MHLO fixtures gets from jaxlib exactly the first error it expects (or none)."""
    path = os.path.join(os.path.dirname(__file__), os.pardir, "fixtures", name)
    chunks = base.fixture_chunks(path)
    verdicts = jaxlib_verdicts(["\n" * (start - 1) + text for start, text, _ in chunks])
    wrong = []
    for (start, _, expected), got in zip(chunks, verdicts, strict=True):
        assert got is not None, f"chunk at line {start} crashes jaxlib"
        assert len(expected) <= 1, f"chunk at line {start}: jaxlib stops at the first error; one per chunk"
        first = got[:1]
        if not expected and first:
            wrong.append(f"line {start}: expected no error, jaxlib says {show(first)}")
        elif expected and not (first and first[0][0] == expected[0][0] and expected[0][1] == first[0][2]):
            wrong.append(f"line {expected[0][0]}: expected {expected[0][1]!r}, jaxlib says {show(first)}")
    assert not wrong, "\n".join(wrong)
    assert sum(1 for *_, e in chunks if e) >= 4
