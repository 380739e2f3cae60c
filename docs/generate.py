"""Write docs/codes.md and docs/ops.md from the catalogue and the op table (``make docs``).

The test suite checks that the committed files are what this writes, so the
documentation can never drift from the code.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from broadcheck import dialects
from broadcheck.dialects.func import VALUE_FLOW
from broadcheck.messages import RULES

DOCS = Path(__file__).resolve().parent


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def codes() -> str:
    """Every diagnostic code: name, severity, message template and what it means."""
    lines = [
        "# Diagnostic codes",
        "",
        "Generated from `broadcheck/messages.py` by `make docs`; `broadcheck rules CODE` shows one",
        "with an example. A message template's `{...}` parts are filled in; `'<op>' op ` comes first",
        "where MLIR prints it. Retired codes are never reported and never reused.",
        "",
        "| Code | Name | Severity | Message | Meaning |",
        "|---|---|---|---|---|",
    ]
    for code, rule in RULES.items():
        prefix = "`'<op>' op` " if rule.op_prefix else ""
        lines.append(
            f"| {code} | {rule.name} | {rule.severity} | {prefix}`{_cell(rule.template)}` | {_cell(rule.summary)} |"
        )
    return "\n".join(lines) + "\n"


def ops() -> str:
    """Per dialect: the ops it defines, those checked (by hand-written rules, or from their ODS
    traits), those with no shape rule, and the hand-written checks by rule family."""
    from broadcheck.dialects import ods

    by_dialect: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    generated: dict[str, list[str]] = defaultdict(list)
    declared_shapeless: dict[str, list[str]] = defaultdict(list)
    flow: dict[str, list[str]] = defaultdict(list)
    for decl in sorted(dialects.every(), key=lambda d: d.name):
        if not decl.checked and decl.semantics == VALUE_FLOW:
            dialect, _, op = decl.name.partition(".")
            flow[dialect].append(op)
        if decl.shapeless:
            dialect, _, op = decl.name.partition(".")
            declared_shapeless[dialect].append(op)
        if decl.checked:
            dialect, _, op = decl.name.partition(".")
            if decl.semantics == ods.SEMANTICS:
                generated[dialect].append(op)
            else:
                by_dialect[dialect][decl.semantics or ""].append(op)
    registry = dialects.Registry()
    lines = [
        "# The op table",
        "",
        "Generated from the op declarations (`broadcheck/dialects/`) and the ODS tables",
        "(`broadcheck/dialects/ods/`, `make ods`) by `make docs`. For each dialect: how many ops it",
        "defines (the real tool's op names, `broadcheck/dialects/opnames/`, or else its ODS table), how many",
        "broadcheck checks, how many have no shape rule (their definition relates no types: counted",
        "apart in the summary), then the hand-written checks by rule family and the ops checked from",
        "their ODS traits alone (`ods-traits`: `broadcheck/dialects/ods/traits.py`). The README says",
        "which version of each dialect the rules follow and how they were checked against the real tools.",
        f"Ops with no check of their own that the engine's value flow and symbol table check (`{VALUE_FLOW}`:",
        "returns against their function, calls and symbol references against their callee) are listed apart.",
        "",
    ]
    for dialect in sorted({*by_dialect, *generated, *flow}):
        names = registry.names(dialect)
        defined = len(names.names) if names is not None else len(ods.table(dialect))
        count = sum(len(v) for v in by_dialect[dialect].values()) + len(generated[dialect])
        shapeless = sorted(
            {*(n.partition(".")[2] for n in ods.table(dialect) if ods.shapeless(n)), *declared_shapeless[dialect]}
        )
        lines += [
            f"## {dialect} ({count} op{'' if count == 1 else 's'} checked"
            + (f"; {len(flow[dialect])} by value flow)" if flow[dialect] else ")"),
            "",
            f"Defined: {defined}; checked: {count} ({count - len(generated[dialect])} by hand-written rules, "
            f"{len(generated[dialect])} from ODS traits); no shape rule: {len(shapeless)}"
            + (f"; checked by value flow alone: {len(flow[dialect])}." if flow[dialect] else "."),
            "",
            f"Declarations: {_source(dialect)}.",
            "",
            "| Semantics | Ops |",
            "|---|---|",
        ]
        for semantics, found in sorted(by_dialect[dialect].items()):
            lines.append(f"| `{semantics}` | {', '.join(f'`{n}`' for n in found)} |")
        if generated[dialect]:
            lines.append(f"| `{ods.SEMANTICS}` | {', '.join(f'`{n}`' for n in generated[dialect])} |")
        if flow[dialect]:
            lines.append(f"| `{VALUE_FLOW}` (no op check) | {', '.join(f'`{n}`' for n in flow[dialect])} |")
        if shapeless:
            lines.append(f"| no shape rule | {', '.join(f'`{n}`' for n in shapeless)} |")
        lines.append("")
    return "\n".join(lines)


BY_HAND = {
    "test": "declared by hand: MLIR's trait test op (`test.broadcastable`)",
}
"""Where a dialect's declarations come from when no generated table holds them, and why."""


def _source(dialect: str) -> str:
    """Where ``dialect``'s declarations come from: a generated table (and what it was read from), or by hand."""
    import json

    from broadcheck.dialects import ods

    package = Path(ods.__file__).parents[1]
    if dialect in ods.DIALECTS:
        table = json.loads((package / "ods" / f"{dialect}.json").read_text(encoding="utf-8"))
        paths = ", ".join(f"`{source['path'].rpartition('/')[2]}`" for source in table["sources"])
        return (
            f"traits and constraints generated by `make ods` into `broadcheck/dialects/ods/{dialect}.json` from "
            f"{paths} ({table['generated-from']}); checks a verifier adds are written by hand"
        )
    if dialect == "onnx":
        source = json.loads((package / "onnx" / "constraints.json").read_text(encoding="utf-8"))["source"]
        paths = ", ".join(f"`{f['path'].rpartition('/')[2]}`" for f in source["files"])
        return (
            "operand and result type constraints generated by `make ods` into "
            f"`broadcheck/dialects/onnx/constraints.json` from {paths} ({source['repository']} at "
            f"{source['commit'][:12]}); checks a verifier or ONNX's shape inference adds are written by hand"
        )
    if dialect == "tosa":
        from broadcheck.dialects.tosa import generate as tosa_generate
        from broadcheck.dialects.tosa import specs as tosa_specs

        found = json.loads((package / "tosa" / "ods.json").read_text(encoding="utf-8"))["source"]
        from broadcheck.dialects.tosa.td import SOURCE as td

        by_commit: dict[str, list[str]] = {}
        for f in td["files"]:
            by_commit.setdefault(f["commit"][:12], []).append(f"`{f['path'].rpartition('/')[2]}`")
        files = "; ".join(f"{', '.join(names)} at {commit}" for commit, names in by_commit.items())
        added = ", ".join(f"`{name.removeprefix('tosa.')}`" for name in tosa_generate.DELTA)
        attributes = ", ".join(
            f"`{name.removeprefix('tosa.')}`'s `{a}`"
            for name, listed in tosa_generate.DELTA_ATTRIBUTES.items()
            for a, _ in listed
        )
        ruled = ", ".join(f"`{name.removeprefix('tosa.')}`" for name in sorted(tosa_specs.NAMES))
        return (
            "each op's operands, results, attributes and regions generated by `make ods` into "
            f"`broadcheck/dialects/tosa/ods.json` from the op classes `mlir-tblgen` wrote from `TosaOps.td`, "
            f"`TosaShapeOps.td` and `TosaUtilOps.td` for {found['package']} {found['version']} "
            f"(`{found['file'].rpartition('/')[2]}`); each op's traits and per-position type constraints generated "
            f"into `broadcheck/dialects/tosa/td.py` from TOSA's own `.td` files ({td['repository']}: {files}; "
            "the newest the index holds, older than iree 3.13's), with a delta for iree 3.13 written by hand in "
            f"`tosa/generate.py` (ops the `.td` files lack: {added}; attributes: {attributes}) and held to "
            f"`ods.json` op by op. The rules of {ruled} are built from `td.py` (`tosa/specs.py`: each "
            "constraint's words at iree 3.13, each trait's check, and what their `verify()` adds, by hand); the "
            "other ops' constraints and what `TosaOps.cpp` verifies are declared by hand"
        )
    if dialect == "tfl":
        source = json.loads((package / "tfl" / "ods.json").read_text(encoding="utf-8"))["source"]
        paths = ", ".join(f"`{f['path'].rpartition('/')[2]}`" for f in source["files"])
        return (
            "operands, results, regions and traits generated by `make ods` into `broadcheck/dialects/tfl/ods.json` "
            f"from {paths} ({source['repository']} at {source['commit'][:12]}, the commit TensorFlow 2.21's "
            "converter matches); the per-operand constraints are read from it, the traits and what a verifier "
            "adds are written by hand and tested equal to it (`tests/test_tfl_ods.py`)"
        )
    return BY_HAND.get(dialect, "declared by hand")


FILES = {"codes.md": codes, "ops.md": ops}


def main() -> int:
    for name, make in FILES.items():
        (DOCS / name).write_text(make())
    return 0


if __name__ == "__main__":
    sys.exit(main())
