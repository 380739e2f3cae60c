"""How much of real exports broadcheck checks: one row per file, from its own statistics.

``python -m bench.coverage [--broadcheck CMD] [DIR ...]`` runs ``broadcheck check --statistics
--output-format json`` on every ``.mlir`` file of the export caches (:mod:`bench.exports`,
:mod:`bench.tfexports`, :mod:`bench.torchexports`, :mod:`bench.jaxexports`; or the folders named) and prints, per file,
the op statements checked, declared with no shape rule, and passed over (with the most frequent
op passed over), the share checked, and the codes reported (real exports are valid IR: any
error is a false one). The coverage issue's target is >= 95% checked and no error.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDERS = (
    HERE / ".data" / "exports",
    HERE / ".data" / "exports-tf",
    HERE / ".data" / "exports-torch",
    HERE / ".data" / "exports-jax",
)


def measure(command: Sequence[str], path: Path, flags: Sequence[str] = ()) -> dict[str, object]:
    """What ``broadcheck check`` (with ``flags``) says of one file, as counts."""
    done = subprocess.run(
        [*command, "check", "--no-cache", "--statistics", "--output-format", "json", *flags, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):
        return {"error": done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]}
    stats = json.loads(done.stdout)
    passed = stats.get("passed_over", [])
    skipped = sum(entry["count"] for entry in passed if entry.get("reason") != "no shape rule")
    no_rule = sum(entry["count"] for entry in passed if entry.get("reason") == "no shape rule")
    top = max((e for e in passed if e.get("reason") != "no shape rule"), key=lambda e: e["count"], default=None)
    checked = int(stats["ops_checked"])
    return {
        "checked": checked,
        "no_rule": no_rule,
        "skipped": skipped,
        "share": checked / max(1, checked + skipped),
        "codes": sorted({str(c["code"] if isinstance(c, dict) else c) for c in stats.get("codes", [])}),
        "top": f"{top['op']} ({top['count']})" if top else "",
        "passed": {e["op"]: e["count"] for e in passed if e.get("reason") != "no shape rule"},
        "not_held": int(stats.get("annotations_not_held", 0)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; exit 1 if any file gave an error code or could not be checked."""
    parser = argparse.ArgumentParser(prog="python -m bench.coverage", description=__doc__.splitlines()[0])
    parser.add_argument("--broadcheck", default=f"{sys.executable} -m broadcheck", help="the command to run")
    parser.add_argument("folders", nargs="*", type=Path, default=list(FOLDERS))
    args = parser.parse_args(argv)
    command = shlex.split(args.broadcheck)
    print("| file | checked | no shape rule | passed over | checked % | codes | most passed over |")
    print("|---|---|---|---|---|---|---|")
    bad = False
    for folder in args.folders:
        for path in sorted(folder.glob("*.mlir")):
            row = measure(command, path)
            if "error" in row:
                bad = True
                print(f"| {path.name} | could not be checked: {row['error']} |")
                continue
            bad |= bool(row["codes"])
            share = float(row["share"])  # type: ignore[arg-type]
            codes = ", ".join(row["codes"]) or "-"  # type: ignore[arg-type]
            print(
                f"| {path.name} | {row['checked']} | {row['no_rule']} | {row['skipped']} | {share:.0%} | {codes} "
                f"| {row['top']} |"
            )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
