"""Write ``tests/fixtures/ods_<dialect>.mlir``: every op whose check comes from its generated ODS
traits, valid and then wrong, with the annotations the real tool gives (see
:mod:`tests.oracle.test_ods_traits` for the tools and how they are reached).

Each op is written in the generic form once with every value of one type (the element type the
tool accepts first), and then in five wrong ways, each its own chunk: a result of another shape, of
another rank, of another element type of the same family, an operand too many, and (for ops of
two or more operands) a second operand of another shape. A chunk's annotation is the tool's first
error, copied; a chunk the tool accepts has none.

    BROADCHECK_IREE_PYTHON=... BROADCHECK_TF_PYTHON=... python -m tests.oracle.make_ods_fixtures
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from broadcheck import dialects
from broadcheck.dialects import ods
from tests.oracle.test_ods_traits import ATTRS, BASE, FAMILIES, _elements, _family, tool_verdicts

FIXTURES = Path(__file__).parent.parent / "fixtures"
HEAD = {
    "arith": "arith ops, checked from their ODS (broadcheck/dialects/ods/arith.json), against IREE 3.13's MLIR",
    "math": "math ops, checked from their ODS (broadcheck/dialects/ods/math.json), against IREE 3.13's MLIR",
    "tf": "tf ops checked from their ODS traits alone (broadcheck/dialects/ods/tf.json), against tensorflow-cpu 2.21",
}


def _function(index: int, name: str, ins: list[str], outs: list[str], attrs: str, want: str | None) -> str:
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(ins))
    uses = ", ".join(f"%a{i}" for i in range(len(ins)))
    res = f"%r:{len(outs)} = " if len(outs) > 1 else "%r = " if outs else ""
    note = f"  // expected-error @+1 {{{{{want}}}}}\n" if want else ""
    signature = f"({', '.join(ins)}) -> ({', '.join(outs)})"
    return f'func.func @f{index}({args}) {{\n{note}  {res}"{name}"({uses}){attrs} : {signature}\n  return\n}}\n'


def variants(name: str, elements: tuple[list[str], list[str]]) -> list[tuple[list[str], list[str]]]:
    """The valid form, then the wrong ones."""
    ins_el, outs_el = elements

    def other(e: str) -> str:
        return next((x for x in _family(e) if x != e), "i8") if any(e in f for f in FAMILIES.values()) else "i8"

    base = BASE.get(name, "2x3x")
    ins, outs = [f"tensor<{base}{e}>" for e in ins_el], [f"tensor<{base}{e}>" for e in outs_el]
    out = [(ins, outs)]
    if outs:
        r = outs_el[0]
        out.append((ins, [f"tensor<3x3x{r}>", *outs[1:]]))
        out.append((ins, [f"tensor<3x{r}>", *outs[1:]]))
        out.append((ins, [f"tensor<2x3x{other(r)}>", *outs[1:]]))
    if ins:
        out.append(([*ins, ins[-1]], outs))
    if len(ins) >= 2:
        out.append(([ins[0], f"tensor<2x4x{ins_el[1]}>", *ins[2:]], outs))
    return out


def write(dialect: str, tool: str) -> Path:
    """The fixture of ``dialect``'s generated checks, annotated from ``tool``."""
    decls = dialects.declarations(dialect)
    names = sorted(n for n, d in decls.items() if d.semantics == ods.SEMANTICS and n in ods.table(dialect))
    chosen = _elements(tool, dialect, names)
    chunks = []
    for name in sorted(chosen):
        for ins, outs in variants(name, chosen[name]):
            chunks.append((name, ins, outs))
    texts = [_function(0, n, i, o, ATTRS.get(n, ""), None) for n, i, o in chunks]
    found = tool_verdicts(tool, texts)
    body = []
    for k, ((name, ins, outs), verdict) in enumerate(zip(chunks, found, strict=True)):
        want = None if verdict == "ok" else re.sub(r"^\d+:\d+: ", "", verdict)
        body.append(_function(k, name, ins, outs, ATTRS.get(name, ""), want))
    left = sorted(set(names) - set(chosen))
    head = (
        "// RUN: broadcheck check --profile llvm --split-input-file --verify-diagnostics %s\n//\n"
        f"// {HEAD[dialect]}.\n// Written by tests/oracle/make_ods_fixtures.py: every annotation is the tool's own first error.\n"
        + (f"// Not here (the tool accepts none of the element types tried): {', '.join(left)}.\n" if left else "")
        + "\n"
    )
    path = FIXTURES / f"ods_{dialect}.mlir"
    path.write_text(head + "\n// -----\n\n".join(body), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    """Write the fixtures of the dialects named (default: arith, math and tf)."""
    for dialect in argv or ["arith", "math", "tf"]:
        print(write(dialect, "tf" if dialect == "tf" else "iree"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
