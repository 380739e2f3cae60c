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
    python -m tests.oracle.ods_probe tf.A tf.B   # probes these ops only, merged into it
    BROADCHECK_TF_PYTHON=... python -m tests.oracle.ods_probe constraints   # tf_constraints.json
    BROADCHECK_TF_PYTHON=... python -m tests.oracle.ods_probe unjudged   # tf_constraints.json, tf_attrs.json

The second harvests the ODS type constraints of the ``tf`` ops checked from their traits, which the
wheel's ``.h.inc`` does not hold: each operand and result in turn is given an element type its
constraint rejects, and TensorFlow's message names the constraint. The third does the same for the
ops neither checked nor "no shape rule" (:func:`unjudged`), which TensorFlow rejected with every
type the first tried: value by value (:func:`harvest`), supplying each attribute the tool says it
requires (``tests/oracle/tf_attrs.json``); an op whose every constraint ``traits.py`` words is then
checked from them alone (``ods.constraints_only``, ``tests/oracle/test_ods_constraints.py``). Each
attribute so found required is then given a ``unit`` value, and the tool's words name its kind
(``attribute:NAME=64-bit signless integer attribute``, :func:`attribute_constraints`): the check
reports the first one missing, as the tool does (``tests/oracle/test_ods_tfc.py``). With op names
after it (``unjudged tf.A tf.B``), the third asks about those ops only.
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
    """How many values of ``kind`` (``operands``/``results``) a probe writes: one for each group."""
    groups = next((t for t in traits if t.startswith(kind[:-1] + "-groups=")), None)
    if groups is not None:
        return len(groups.partition("=")[2].split(","))
    for t in traits:
        if t.startswith(kind + "="):
            spec = t.split("=")[1]
            return 1 if spec == "*" else int(spec.rstrip("+"))
    return 0


def cases(seed: int = 1, only: frozenset[str] | None = None) -> list[tuple[str, str]]:
    """(op, module text) for every ``tf`` op whose declaration relates no types (of ``only``, when given)."""
    rng = random.Random(seed)
    table = ods.table("tf")

    def shape() -> str:
        return "tensor<" + "".join(f"{rng.randint(1, 5)}x" for _ in range(rng.randint(0, 3)))

    required = json.loads(ATTRS.read_text(encoding="utf-8"))["ops"] if ATTRS.exists() else {}
    out = []
    for name, traits in table.items():
        if not ods.declared_shapeless(name) or (only is not None and name not in only):
            continue
        n, m = _count(traits, "operands"), _count(traits, "results")
        attrs = [f"{k} = {v}" for k, v in required.get(name, {}).items()]
        written = " {" + ", ".join(attrs) + "}" if attrs else ""
        for element in ELEMENTS:
            for _ in range(3):
                ins = [shape() + element + ">" for _ in range(n)]
                outs = [shape() + element + ">" for _ in range(m)]
                args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
                uses = ", ".join(f"%a{i}" for i in range(n))
                res = f"%r:{m} = " if m > 1 else "%r = " if m == 1 else ""
                signature = f"({', '.join(ins)}) -> ({', '.join(outs)})"
                text = f'func.func @f({args}) {{\n  {res}"{name}"({uses}){written} : {signature}\n  func.return\n}}'
                out.append((name, text))
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
    if sys.argv[1:2] == ["unjudged"]:  # (with op names: those only)
        state = harvest(sys.argv[2:] or unjudged())
        attribute_constraints(state)
        write_harvest(state)
        return 0
    if sys.argv[1:]:  # probe these ops only, and merge their evidence into OUT
        made = cases(only=frozenset(sys.argv[1:]))
        merge(judge([n for n, _ in made], verdicts([t for _, t in made])))
        return 0
    made = cases()
    result = judge([n for n, _ in made], verdicts([t for _, t in made]))
    OUT.write_text(json.dumps(result, indent=0) + "\n", encoding="utf-8")
    return 0


def merge(result: dict[str, object]) -> None:
    """Put the evidence of a probe of some ops into :data:`OUT`, replacing theirs."""
    old = json.loads(OUT.read_text(encoding="utf-8"))
    names = {*result["confirmed"], *result["never-accepted"], *result["related"]}  # type: ignore[misc]
    keep = lambda items: [n for n in items if n not in names]  # noqa: E731
    old["cases"] += result["cases"]
    old["confirmed"] = sorted([*keep(old["confirmed"]), *result["confirmed"]])  # type: ignore[misc]
    old["never-accepted"] = sorted([*keep(old["never-accepted"]), *result["never-accepted"]])  # type: ignore[misc]
    related = {n: m for n, m in old["related"].items() if n not in names}
    related.update(result["related"])  # type: ignore[call-overload]
    old["related"] = dict(sorted(related.items()))
    OUT.write_text(json.dumps(old, indent=0) + "\n", encoding="utf-8")


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
    kept = json.loads(CONSTRAINTS.read_text(encoding="utf-8"))["ops"] if CONSTRAINTS.exists() else {}
    table = {**kept, **table}  # an op this run did not reach (``unjudged`` found it) keeps its entry
    text = {"tool": "tensorflow-cpu 2.21.0, tf.mlir.experimental.run_pass_pipeline", "ops": table}
    CONSTRAINTS.write_text(json.dumps(text, indent=0, sort_keys=True) + "\n", encoding="utf-8")


# ---- the constraints (and required attributes) of the tf ops neither checked nor "no shape rule"

ATTRS = Path(__file__).with_name("tf_attrs.json")
SPEAK = ("!tf_type.variant", "i1", "f32", "!tf_type.string", "i32", None)
"""What each round puts at the first unknown value and after it (``None``: a scalar ``f32``)."""
_REQUIRES = re.compile(r"requires attribute '(\w+)'")
_ATTRIBUTE = re.compile(r"attribute '(\w+)' failed to satisfy constraint: (.*)")
_GOOD = [("bfloat16", "bf16"), (r"(\d+)-bit float", "f{}"), (r"(\d+)/\d+-bit float", "f{}"),
         (r"(\d+)-bit (?:signless )?integer", "i{}"), (r"(\d+)/\d+-bit signed integer", "i{}"),
         (r"(\d+)-bit unsigned integer", "ui{}"), ("64-bit complex", "complex<f32>"), ("128-bit complex", "complex<f64>"),
         ("bool", "i1"), ("string", "!tf_type.string"), ("floating-point", "f32"), ("complex", "complex<f32>"),
         ("integer", "i32"), ("resource", "!tf_type.resource"), ("variant", "!tf_type.variant"),
         (r"(\d+)-bit quantized integer", "!tf_type.qint{}"), (r"(\d+)-bit quantized unsigned integer", "!tf_type.quint{}")]  # fmt: skip
_ATTR_VALUES = {"64-bit signless integer attribute": "1 : i64", "32-bit signless integer attribute": "1 : i32",
                "string attribute": '"a"', "bool attribute": "false", "32-bit float attribute": "1.0 : f32",
                "type attribute": "f32", "64-bit integer array attribute": "[1]", "string array attribute": '["a"]',
                "symbol reference attribute": "@f", "array attribute": "[]", "TensorFlow shape attribute": "#tf_type.shape<2x3>",
                "64-bit float attribute": "1.0 : f64", "type array attribute": "[f32]", "32-bit float array attribute": "[1.0 : f32]",
                "TensorFlow shape attribute array": "[#tf_type.shape<2x3>]", "dictionary of named attribute values": "{}",
                "tensorflow shape attribute array": "[#tf_type.shape<2x3>]", "i1 dense array attribute": "array<i1: true>",
                "flat symbol reference attribute": "@f", "symbol ref array attribute": "[@f]",
                "32-bit integer array attribute": "[1 : i32]"}  # fmt: skip


def good_type(summary: str | None) -> str:
    """A tensor type that meets TensorFlow's constraint ``summary`` (its first alternative)."""
    m = re.fullmatch(r"(?:(\d)D )?tensor of (.*) values", (summary or "").removeprefix("variadic of "))
    if m is None:
        return "tensor<2x3xf32>"
    rank = int(m.group(1)) if m.group(1) else 2
    first = m.group(2).split(" or ")[0]
    element = "f32"
    for pattern, value in _GOOD:
        found = re.fullmatch(pattern, first)
        if found is not None:
            element = value.format(*found.groups())
            break
    return "tensor<" + "".join(["2x", "3x", "4x"][:rank]) + element + ">"


def attribute_value(description: str | None) -> str | None:
    """A value for an attribute TensorFlow requires (``None``: its constraint is not known)."""
    if description is None:
        return "1 : i64"
    if description.startswith("64-bit signless integer attribute whose minimum value is"):
        return description.rsplit(" ", 1)[1] + " : i64"
    at_least = re.fullmatch(r"(.*) with at least (\d+) elements", description)
    if at_least is not None:
        one = {"tensorflow shape attribute array": "#tf_type.shape<2x3>", "string array attribute": '"a"',
               "64-bit integer array attribute": "1", "type array attribute": "f32",
               "32-bit integer array attribute": "1 : i32"}.get(at_least.group(1))  # fmt: skip
        return None if one is None else "[" + ", ".join([one] * int(at_least.group(2))) + "]"
    if description == "any type attribute":
        return "f32"
    if description.startswith("string attribute whose value is"):
        return '"' + re.findall(r"[\w-]+", description.split(" is ", 1)[1])[0] + '"'
    return _ATTR_VALUES.get(description)


class Harvest:
    """One op's state in :func:`harvest`: the attributes it requires, the constraints found, the
    next value to ask about (``-1``: given up), and the values that took every type tried."""

    def __init__(self, operands: int, results: int) -> None:
        self.values = [("operand", i) for i in range(operands)] + [("result", i) for i in range(results)]
        self.attrs: dict[str, str] = {}
        self.known: dict[str, str] = {}
        self.free: list[str] = []
        self.at = 0
        self.why = ""
        self.settled = False
        """(An op of no values: whether the tool has stopped asking for attributes.)"""

    def text(self, name: str, speak: str | None) -> str:
        """The op with its known values met and ``speak`` from the value asked about on."""
        types: dict[str, list[str]] = {"operand": [], "result": []}
        for k, (kind, i) in enumerate(self.values):
            wrong = "f32" if speak is None else f"tensor<2x3x{speak}>"
            types[kind].append(good_type(self.known.get(f"{kind}#{i}")) if k < self.at else wrong)
        ins, outs = types["operand"], types["result"]
        args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
        uses = ", ".join(f"%a{i}" for i in range(len(ins)))
        res = f"%r:{len(outs)} = " if len(outs) > 1 else "%r = " if outs else ""
        at = " {" + ", ".join(f"{k} = {v}" for k, v in self.attrs.items()) + "}" if self.attrs else ""
        return f'func.func @f({args}) {{\n  {res}"{name}"({uses}){at} : ({", ".join(ins)}) -> ({", ".join(outs)})\n  func.return\n}}'

    def learn(self, found: list[str]) -> None:
        """Take in the tool's verdicts on :meth:`text` with each of :data:`SPEAK`."""
        firsts = []
        for verdict in found:
            required, bad, must = _REQUIRES.search(verdict), _ATTRIBUTE.search(verdict), _MUST.search(verdict)
            if required or bad:
                attr, description = (required.group(1), None) if required else (bad.group(1), bad.group(2))  # type: ignore[union-attr]
                value = attribute_value(description)
                if value is None or self.attrs.get(attr) == value:
                    self.at, self.why = -1, verdict
                else:
                    self.attrs[attr] = value
                return
            if must is not None:
                key = (must.group(1), int(must.group(2)))
                q = self.values.index(key) if key in self.values else len(self.values)
                if q == self.at:
                    self.known[f"{key[0]}#{key[1]}"] = must.group(3)
                    self.at += 1
                    return
                firsts.append(q)
            else:
                firsts.append(len(self.values))
        self.settled = not self.values
        q = min(firsts)
        self.free += [f"{kind}#{i}" for kind, i in self.values[self.at : q]]
        self.at = q


def harvest(names: list[str], rounds: int = 64) -> dict[str, Harvest]:
    """Ask TensorFlow, value by value, the type constraint and the required attributes of each op
    in ``names`` (an op with variadic or optional groups, ``operand-groups=1,*``, is given one value
    in each, so that ``operand#1`` is its second group's constraint, worded ``variadic of ...``): each round puts each of :data:`SPEAK` at the
    first value not known yet and every value after it; the first value rejected names its
    constraint, the values before it took every type tried."""
    from tests.oracle.test_ods_traits import tool_verdicts

    state = {}
    for name in names:
        traits = ods.table("tf").get(name)
        if traits is None:
            continue
        sizes = {}
        for kind in ("operand", "result"):
            spec = next((t.partition("=")[2] for t in traits if t.startswith(f"{kind}s=")), "0")
            groups = next((t.partition("=")[2].split(",") for t in traits if t.startswith(f"{kind}-groups=")), None)
            sizes[kind] = len(groups) if groups is not None else int(spec) if spec.isdigit() else None
        if sizes["operand"] is None or sizes["result"] is None:
            continue
        state[name] = Harvest(sizes["operand"], sizes["result"])
        for kind, trait in (("operand", "AttrSizedOperandSegments"), ("result", "AttrSizedResultSegments")):
            if trait in traits:  # one value in each group, so that a value's position is its group's
                state[name].attrs[f"{kind}SegmentSizes"] = "array<i32: " + ", ".join(["1"] * sizes[kind]) + ">"
    for _ in range(rounds):
        todo = [n for n, s in state.items() if 0 <= s.at < len(s.values) or not (s.values or s.settled)]
        if not todo:
            break
        found = tool_verdicts("tf", [state[n].text(n, w) for n in todo for w in SPEAK])
        for k, name in enumerate(todo):
            state[name].learn(found[k * len(SPEAK) : (k + 1) * len(SPEAK)])
    return state


def attribute_constraints(state: dict[str, Harvest]) -> None:
    """Ask TensorFlow the constraint of each attribute a finished harvest found required: the op with
    its values met and that attribute given a ``unit`` value (no constraint takes it) names its
    constraint; it is kept as ``attribute:NAME`` (``any attribute`` when the tool takes the unit)."""
    from tests.oracle.test_ods_traits import tool_verdicts

    asked = []
    for name, s in state.items():
        if s.at != len(s.values):
            continue
        for attr in sorted(a for a in s.attrs if not a.endswith("SegmentSizes")):
            kept = dict(s.attrs)
            s.attrs[attr] = "unit"
            asked.append((name, attr, s.text(name, None)))
            s.attrs = kept
    found = tool_verdicts("tf", [t for *_, t in asked])
    for (name, attr, _), verdict in zip(asked, found, strict=True):
        bad = _ATTRIBUTE.search(verdict)
        if bad is not None and bad.group(1) == attr:
            state[name].known[f"attribute:{attr}"] = bad.group(2)
        elif verdict == "ok":
            state[name].known[f"attribute:{attr}"] = "any attribute"
        else:  # another error speaks first: the attribute's constraint is not known
            state[name].at, state[name].why = -1, verdict


def unjudged() -> list[str]:
    """The ``tf`` ops of the table neither checked nor known to have no shape rule."""
    from broadcheck import dialects

    decls = dialects.declarations("tf")
    return sorted(n for n in ods.table("tf") if (n not in decls or decls[n].check is None) and not ods.shapeless(n))


def write_harvest(state: dict[str, Harvest]) -> None:
    """Merge the harvested constraints into :data:`CONSTRAINTS` and the attributes into :data:`ATTRS`."""
    text = json.loads(CONSTRAINTS.read_text(encoding="utf-8"))
    attrs = {"tool": text["tool"], "ops": {}}
    if ATTRS.exists():
        attrs = json.loads(ATTRS.read_text(encoding="utf-8"))
    for name, s in sorted(state.items()):
        if s.at != len(s.values):  # given up, or not finished: nothing is known of its later values
            continue
        if s.known:
            text["ops"][name] = s.known
        if s.attrs:
            attrs["ops"][name] = s.attrs
    CONSTRAINTS.write_text(json.dumps(text, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    ATTRS.write_text(json.dumps(attrs, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
