"""Write docs/codes.md and docs/ops.md from the catalogue and the op table (``make docs``).

The test suite checks that the committed files are what this writes, so the
documentation can never drift from the code.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from broadcheck import dialects
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
    """Every checked op of the declarations, by dialect, with the rule family it is checked with."""
    by_dialect: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for decl in sorted(dialects.every(), key=lambda d: d.name):
        if decl.checked:
            dialect, _, op = decl.name.partition(".")
            by_dialect[dialect][decl.semantics or ""].append(op)
    lines = [
        "# The op table",
        "",
        "Generated from the op declarations (`broadcheck/dialects/`) by `make docs`. Each op is checked",
        "with the named rule family; the README says which version of each dialect the rules follow",
        "and how they were checked against the real tools.",
        "",
    ]
    for dialect in sorted(by_dialect):
        count = sum(len(v) for v in by_dialect[dialect].values())
        lines += [f"## {dialect} ({count} op{'' if count == 1 else 's'})", "", "| Semantics | Ops |", "|---|---|"]
        for semantics, names in sorted(by_dialect[dialect].items()):
            lines.append(f"| `{semantics}` | {', '.join(f'`{n}`' for n in names)} |")
        lines.append("")
    return "\n".join(lines)


FILES = {"codes.md": codes, "ops.md": ops}


def main() -> int:
    for name, make in FILES.items():
        (DOCS / name).write_text(make())
    return 0


if __name__ == "__main__":
    sys.exit(main())
