"""Which ``tf`` ops TensorFlow 2.21's verifier lets relate no types: the evidence behind "no shape rule".

TableGen's op declarations (``broadcheck/dialects/ods/tf.json``) show native traits, verifiers and
type inference, but not the ``PredOpTrait`` constraints that ODS compiles into the op's invariants
(``AllTypesMatch``, ``TF_OperandHasRank``, ...). So an op whose declaration shows none of those is
only called "no shape rule" when TensorFlow accepted it with unrelated types: every op is written
with operands and results of random shapes (ranks 0-3), three times for each of twelve element
types, and it must be accepted at least once and never rejected by anything but its operand and
result type constraints (``operand #0 must be tensor of ...``) or a missing attribute.

Run in an environment with tensorflow-cpu 2.21 and this checkout on ``PYTHONPATH``::

    python -m tests.oracle.ods_probe     # writes broadcheck/dialects/ods/tf_probed.json
    BROADCHECK_TF_PYTHON=... python -m tests.oracle.ods_probe constraints   # tf_constraints.json

The second harvests the ODS type constraints of the ``tf`` ops checked from their traits, which the
wheel's ``.h.inc`` does not hold: each operand and result in turn is given an element type its
constraint rejects, and TensorFlow's message names the constraint.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

from broadcheck.dialects import ods

ELEMENTS = ("f32", "i32", "i1", "!tf_type.string", "complex<f32>", "i64", "!tf_type.resource", "ui8", "f16",
            "!tf_type.variant", "i8", "bf16")  # fmt: skip
TYPE_CONSTRAINT = re.compile(r"must be|requires attribute|attribute '[^']*' failed to satisfy")
OUT = Path(ods.__file__).parent / "tf_probed.json"


def _count(traits: tuple[str, ...], kind: str) -> int:
    for t in traits:
        if t.startswith(kind + "="):
            spec = t.split("=")[1]
            return 1 if spec == "*" else int(spec.rstrip("+"))
    return 0


def cases(seed: int = 1) -> list[tuple[str, str]]:
    """(op, module text) for every ``tf`` op whose declaration relates no types."""
    rng = random.Random(seed)
    table = ods.table("tf")

    def shape() -> str:
        return "tensor<" + "".join(f"{rng.randint(1, 5)}x" for _ in range(rng.randint(0, 3)))

    out = []
    for name, traits in table.items():
        if not ods.declared_shapeless(name):
            continue
        n, m = _count(traits, "operands"), _count(traits, "results")
        for element in ELEMENTS:
            for _ in range(3):
                ins = [shape() + element + ">" for _ in range(n)]
                outs = [shape() + element + ">" for _ in range(m)]
                args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
                uses = ", ".join(f"%a{i}" for i in range(n))
                res = f"%r:{m} = " if m > 1 else "%r = " if m == 1 else ""
                signature = f"({', '.join(ins)}) -> ({', '.join(outs)})"
                out.append((name, f'func.func @f({args}) {{\n  {res}"{name}"({uses}) : {signature}\n  func.return\n}}'))
    return out


def verdicts(texts: list[str]) -> list[str]:
    """TensorFlow's first error on each text, or ``ok``."""
    import tensorflow as tf  # type: ignore[import-untyped,import-not-found,unused-ignore]

    out = []
    for text in texts:
        try:
            tf.mlir.experimental.run_pass_pipeline(text, "", show_debug_info=False)
            out.append("ok")
        except Exception as exc:  # the binding raises a bare Exception
            errors = [line for line in str(exc).splitlines() if "error:" in line]
            out.append(errors[0] if errors else str(exc)[:300])
    return out


def judge(names: list[str], found: list[str]) -> dict[str, object]:
    """The committed evidence: the ops confirmed to relate no types, and what rejected the others."""
    accepted: dict[str, bool] = {}
    related: dict[str, set[str]] = {}
    for name, verdict in zip(names, found, strict=True):
        accepted[name] = accepted.get(name, False) or verdict == "ok"
        message = re.sub(r"^-:\d+:\d+: error: '[\w.]+' op ", "", verdict)
        if verdict != "ok" and not TYPE_CONSTRAINT.search(message):
            related.setdefault(name, set()).add(re.sub(r"\d+", "N", re.sub(r"'[^']*'", "'X'", message)))
    confirmed = sorted(n for n, ok in accepted.items() if ok and n not in related)
    return {
        "tool": "tensorflow-cpu 2.21.0, tf.mlir.experimental.run_pass_pipeline",
        "cases": len(names),
        "confirmed": confirmed,
        "never-accepted": sorted(n for n, ok in accepted.items() if not ok and n not in related),
        "related": {n: sorted(m) for n, m in sorted(related.items())},
    }


def main() -> int:
    """Probe and write :data:`OUT` (with ``constraints``: :data:`CONSTRAINTS`)."""
    if sys.argv[1:] == ["constraints"]:
        write_constraints()
        return 0
    made = cases()
    result = judge([n for n, _ in made], verdicts([t for _, t in made]))
    OUT.write_text(json.dumps(result, indent=0) + "\n", encoding="utf-8")
    return 0


CONSTRAINTS = Path(ods.__file__).parent / "tf_constraints.json"
_MUST = re.compile(r"'[\w.]+' op (operand|result) #(\d+) must be (.*), but got '")
WRONG = ("!tf_type.variant", "i1", "f32")
"""Element types put in one operand or result to make its ODS type constraint speak."""


def constraint_cases() -> list[tuple[str, str, int, str]]:
    """(op, operand/result, index, text) for each value of each ``tf`` op checked from its traits,
    written with an element type its constraint rejects (tried in the order of :data:`WRONG`)."""
    from broadcheck import dialects
    from tests.oracle.test_ods_traits import ATTRS, BASE, _elements

    names = sorted(n for n, d in dialects.declarations("tf").items() if d.semantics == ods.SEMANTICS)
    chosen = _elements("tf", "tf", names)
    out = []
    for name, (ins, outs) in sorted(chosen.items()):
        for kind, values in (("operand", ins), ("result", outs)):
            for index in range(len(values)):
                for wrong in WRONG:
                    types = {"operand": list(ins), "result": list(outs)}
                    types[kind][index] = wrong
                    base = BASE.get(name, "2x3x")
                    a = [f"tensor<{base}{e}>" for e in types["operand"]]
                    r = [f"tensor<{base}{e}>" for e in types["result"]]
                    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(a))
                    uses = ", ".join(f"%a{i}" for i in range(len(a)))
                    res = f"%r:{len(r)} = " if len(r) > 1 else "%r = " if r else ""
                    text = f'func.func @f({args}) {{\n  {res}"{name}"({uses}){ATTRS.get(name, "")} : ({", ".join(a)}) -> ({", ".join(r)})\n  func.return\n}}'
                    out.append((name, kind, index, text))
    return out


def write_constraints() -> None:
    """Write :data:`CONSTRAINTS`: op -> ``operand#0`` -> the summary of its ODS type constraint, in
    TensorFlow's words (the ``.cpp.inc`` that holds them is not in the wheel)."""
    from tests.oracle.test_ods_traits import tool_verdicts

    made = constraint_cases()
    found = tool_verdicts("tf", [t for *_, t in made])
    table: dict[str, dict[str, str]] = {}
    for (name, kind, index, _), verdict in zip(made, found, strict=True):
        m = _MUST.search(verdict)
        if m is not None and m.group(1) == kind and int(m.group(2)) == index:
            table.setdefault(name, {})[f"{kind}#{index}"] = m.group(3)
    text = {"tool": "tensorflow-cpu 2.21.0, tf.mlir.experimental.run_pass_pipeline", "ops": table}
    CONSTRAINTS.write_text(json.dumps(text, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
