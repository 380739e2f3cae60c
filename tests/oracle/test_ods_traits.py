"""Differential test: the checks generated from ODS traits (``broadcheck/dialects/ods``) against
the real verifiers: ``arith`` and ``math`` against IREE 3.13's MLIR (``iree.compiler.ir``), ``tf``
against tensorflow-cpu 2.21 (``tf.mlir.experimental.run_pass_pipeline``).

Cases: every op whose check comes from its generated traits, written in the generic form with one
base type (an element type the tool accepts for the op with every value of one type, found by
asking it first; ops it rejects with every candidate, such as those needing an attribute, are
left out and counted), then each operand and result kept or changed: another static size, ``?``,
another rank, unranked, another element type of the same family (``f16`` for ``f32``), a scalar
or a vector (``arith``/``math``), an operand or result too many or too few (now and then). The
verdict and the first error message must agree.

The tools run in this process when importable; otherwise through the Python named by
``BROADCHECK_IREE_PYTHON`` / ``BROADCHECK_TF_PYTHON`` (an environment with the tool only). The test
FAILS when neither is there. Knobs: ``BROADCHECK_ODS_CASES`` (per family, default 2000),
``BROADCHECK_ODS_SEED``.
"""

from __future__ import annotations

import collections
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence

import pytest

from broadcheck import dialects
from broadcheck.dialects import ods

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_ODS_CASES", "2000"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))

_IREE = """
import json, sys
from iree.compiler import ir
out = []
for text in json.load(open(sys.argv[1])):
    ctx = ir.Context()
    try:
        ir.Module.parse(text, ctx)
        out.append("ok")
    except ir.MLIRError as err:
        d = err.error_diagnostics[0]
        out.append(str(d.location).split(":", 1)[-1].rstrip(")") + ": " + d.message)
json.dump(out, open(sys.argv[2], "w"))
"""
_TF = """
import json, sys
import tensorflow as tf
out = []
for text in json.load(open(sys.argv[1])):
    try:
        tf.mlir.experimental.run_pass_pipeline(text, "", show_debug_info=False)
        out.append("ok")
    except Exception as exc:
        lines = [l for l in str(exc).splitlines() if "error:" in l]
        first = lines[0] if lines else str(exc)
        m = __import__("re").match(r"-:(\\d+):(\\d+): error: (.*)", first)
        out.append(f"{m.group(1)}:{m.group(2)}: {m.group(3)}" if m else first)
json.dump(out, open(sys.argv[2], "w"))
"""


def tool_verdicts(tool: str, texts: Sequence[str]) -> list[str]:
    """The tool's first error on each text as ``line:col: message``, or ``ok``."""
    module, script, env = (
        ("iree", _IREE, "BROADCHECK_IREE_PYTHON") if tool == "iree" else ("tensorflow", _TF, "BROADCHECK_TF_PYTHON")
    )
    python = os.environ.get(env)
    if python is None:
        try:
            __import__(module)
        except ImportError:
            pytest.fail(f"{module} is not importable and {env} is not set", pytrace=False)
        python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.json"), os.path.join(tmp, "out.json")
        with open(src, "w") as f:
            json.dump(list(texts), f)
        subprocess.run([python, "-c", script, src, dst], check=True, capture_output=True)
        with open(dst) as f:
            found: list[str] = json.load(f)
    return found


def broadcheck_verdict(text: str) -> str:
    """broadcheck's first error as ``line:col: message``, or ``ok``."""
    from broadcheck.api import check_text

    try:
        errors = [d for d in check_text(text, path="<case>", profile="llvm") if d.severity == "error"]
    except Exception as exc:  # reported as a difference
        return f"raised {type(exc).__name__}: {exc}"
    return f"{errors[0].line}:{errors[0].column}: {errors[0].message}" if errors else "ok"


FAMILIES = {"float": ["f32", "f16", "f64", "bf16"], "int": ["i32", "i64", "i8", "i16"], "bool": ["i1"], "index": ["index"],
            "complex": ["complex<f32>", "complex<f64>"], "string": ["!tf_type.string"]}  # fmt: skip
CANDIDATES = {"tf": ["f32", "i32", "i1", "complex<f32>", "!tf_type.string"], "arith": ["f32", "i32", "i1"],
              "math": ["f32", "i32"]}  # fmt: skip
PAIRS = [("f16", "f32"), ("f32", "f16"), ("i8", "i32"), ("i32", "i8"), ("f32", "i32"), ("i32", "f32"),
         ("index", "i32"), ("i32", "index"), ("f32", "i1"), ("i32", "i1"), ("f8E4M3FN", "f32")]  # fmt: skip
"""(operand element, result element) for the ops that change the element type (casts, tests)."""
TF_PAIRS = [("f32", "i1"), ("complex<f32>", "f32"), ("i32", "ui8"), ("!tf_type.string", "i1"), ("f32", "i32")]
MIXED = {"math.fpowi": (["f32", "i32"], ["f32"]), "arith.select": (["i1", "f32", "f32"], ["f32"])}
"""Ops whose operands take different element types."""

Elements = tuple[list[str], list[str]]


def candidates(name: str, dialect: str, n: int, m: int) -> list[Elements]:
    """The element types to try for ``name``'s operands and results, in order."""
    if name in MIXED:
        return [MIXED[name]]
    same = [([e] * n, [e] * m) for e in CANDIDATES[dialect]]
    return same + [([a] * n, [b] * m) for a, b in (PAIRS if dialect != "tf" else TF_PAIRS)]


def _family(element: str) -> list[str]:
    return next(f for f in FAMILIES.values() if element in f)


def _count(traits: tuple[str, ...], kind: str, rng: random.Random) -> int:
    spec = next((t.split("=")[1] for t in traits if t.startswith(kind + "=")), "0")
    if spec == "*":
        return rng.randint(1, 2)
    return int(spec.rstrip("+")) + (rng.randint(0, 1) if spec.endswith("+") else 0)


def _type(shape: list[int | None] | None, element: str, kind: str = "tensor") -> str:
    if kind == "scalar":
        return element
    if shape is None:
        return f"tensor<*x{element}>"
    return f"{kind}<{''.join('?x' if d is None else f'{d}x' for d in shape)}{element}>"


def _text(name: str, ins: list[str], outs: list[str], attrs: str = "") -> str:
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
    uses = ", ".join(f"%a{i}" for i in range(len(ins)))
    res = f"%r:{len(outs)} = " if len(outs) > 1 else "%r = " if outs else ""
    return f'func.func @f({args}) {{\n  {res}"{name}"({uses}){attrs} : ({", ".join(ins)}) -> ({", ".join(outs)})\n  return\n}}\n'


ATTRS = {
    "arith.cmpf": " <{predicate = 1 : i64}>",
    "arith.cmpi": " <{predicate = 0 : i64}>",
    "tf.CollectiveReduce": ' {group_size = 1 : i64, group_key = 1 : i64, instance_key = 1 : i64, merge_op = "Add",'
    ' final_op = "Id", subdiv_offsets = []}',
    "tf.NcclAllReduce": ' {reduction = "sum", num_devices = 1 : i64, shared_name = "x"}',
    "tf.StaticRegexFullMatch": ' {pattern = "a"}',
    "tf._UnaryOpsComposition": ' {op_names = ["Relu"]}',
    "tf.Bucketize": " {boundaries = [1.0 : f32]}",
    "tf.CheckNumerics": ' {message = "m"}',
}
BASE = {"tf.BroadcastGradientArgs": "3x", "tf.DataFormatVecPermute": "4x"}
"""The shape an op is tried with, where ``2x3`` does not do (its verifier wants a vector)."""
"""The attributes an op requires, written after its operands."""


def make_case(rng: random.Random, name: str, elements: Elements, dialect: str) -> str:
    traits = ods.table(dialect)[name]
    ins_el, outs_el = elements
    n, m = len(ins_el), len(outs_el)
    if rng.random() < 0.04:
        ins_el = ins_el[:-1] if ins_el and rng.random() < 0.5 else [*ins_el, ins_el[0] if ins_el else "f32"]
    if rng.random() < 0.03:
        outs_el = outs_el[:-1] if outs_el and rng.random() < 0.5 else [*outs_el, outs_el[0] if outs_el else "f32"]
    del traits, n, m
    kind = "tensor" if dialect == "tf" else rng.choice(["tensor", "tensor", "vector", "scalar"])
    base: list[int | None] = [rng.randint(1, 5) for _ in range(rng.randint(0 if kind != "vector" else 1, 3))]

    def one(el: str) -> str:
        roll = rng.random()
        shape: list[int | None] | None = list(base)
        k = kind
        if roll < 0.55:
            pass
        elif roll < 0.65 and shape:
            i = rng.randrange(len(shape))
            shape[i] = (shape[i] or 1) + 1
        elif roll < 0.73 and shape:
            shape[rng.randrange(len(shape))] = None
        elif roll < 0.8:
            shape = [*shape, rng.randint(1, 3)] if rng.random() < 0.5 or not shape else shape[1:]
        elif roll < 0.85 and k == "tensor":
            shape = None
        elif roll < 0.93:
            el = rng.choice(_family(el)) if any(el in f for f in FAMILIES.values()) else el
        elif dialect != "tf":
            k = rng.choice(["tensor", "vector", "scalar"])
            if k == "vector" and not shape:
                shape = [2]
        if k == "vector" and shape is not None and (not shape or None in shape):
            shape = [d or 2 for d in shape] or [2]
        return _type(shape, el, k)

    return _text(name, [one(e) for e in ins_el], [one(e) for e in outs_el], ATTRS.get(name, ""))


def _elements(tool: str, dialect: str, names: list[str]) -> dict[str, Elements]:
    """For each op, the first candidate element types the tool accepts (every value of one shape)."""
    probes = []
    for name in names:
        traits = ods.table(dialect)[name]
        rng = random.Random(0)
        n, m = _count(traits, "operands", rng), _count(traits, "results", rng)
        for ins, outs in candidates(name, dialect, n, m):
            text = _text(
                name,
                [f"tensor<{BASE.get(name, '2x3x')}{e}>" for e in ins],
                [f"tensor<{BASE.get(name, '2x3x')}{e}>" for e in outs],
                ATTRS.get(name, ""),
            )
            probes.append((name, (ins, outs), text))
    found = tool_verdicts(tool, [t for _, _, t in probes])
    chosen: dict[str, Elements] = {}
    for (name, elements, _), verdict in zip(probes, found, strict=True):
        if verdict == "ok" and name not in chosen:
            chosen[name] = elements
    return chosen


def run(dialect: str, tool: str) -> None:
    decls = dialects.declarations(dialect)
    names = sorted(n for n, d in decls.items() if d.semantics == ods.SEMANTICS and n in ods.table(dialect))
    chosen = _elements(tool, dialect, names)
    left_out = sorted(set(names) - set(chosen))
    rng = random.Random(f"{SEED}:{dialect}")
    usable = sorted(chosen)
    cases = [(name, make_case(rng, name, chosen[name], dialect)) for name in (rng.choice(usable) for _ in range(CASES))]
    expected = tool_verdicts(tool, [t for _, t in cases])
    diffs = []
    kinds: collections.Counter[str] = collections.Counter()
    for (name, text), want in zip(cases, expected, strict=True):
        got = broadcheck_verdict(text)
        kinds[re.sub(r"'[^']*'", "'T'", re.sub(r"^\d+:\d+: ", "", want))[:80]] += 1
        if got != want:
            diffs.append((name, text, want, got))
    print(f"{dialect}: {len(cases)} cases over {len(usable)} ops (left out: {left_out}); {len(diffs)} differences")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common()))
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:15])
    assert not diffs, f"{len(diffs)} differences:\n{shown}"
    assert kinds["ok"] >= len(cases) // 20 and len(cases) - kinds["ok"] >= len(cases) // 20


def test_arith_traits_agree_with_iree() -> None:
    run("arith", "iree")


def test_math_traits_agree_with_iree() -> None:
    run("math", "iree")


def test_tf_traits_agree_with_tensorflow() -> None:
    run("tf", "tf")
