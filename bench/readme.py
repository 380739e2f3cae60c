"""Put the last ``make bench`` run's tables into the README: the tables are written from the run,
never by hand.

``python -m bench.readme [RUN] [--readme README.md]`` replaces what stands between the README's
lines ``<!-- bench: start -->`` and ``<!-- bench: end -->`` with the output of a run of
``python -m bench.run`` (default: ``bench/.data/last-run.md``, which a complete run writes):
its header lines as a list, then its tables and notes as printed. Nothing else of the README
changes; the command fails (exit 1) when either marker is missing or the run's output has no
table.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
START = "<!-- bench: start -->"
END = "<!-- bench: end -->"
LAST_RUN = HERE / ".data" / "last-run.md"
README = HERE.parent / "README.md"


def section(run_output: str) -> str:
    """The run's output as Markdown: the header lines (before the first table) as a list."""
    lines = run_output.rstrip("\n").split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("|")), None)
    if first is None:
        raise ValueError("the run's output holds no table")
    head = [f"- {line.strip()}" for line in lines[:first] if line.strip()]
    return "\n".join([*head, "", *lines[first:]])


def replace(readme: str, run_output: str) -> str:
    """``readme`` with the text between the markers replaced by :func:`section` of ``run_output``."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the README has no {START} ... {END} markers")
    return readme[: start + len(START)] + "\n\n" + section(run_output) + "\n\n" + readme[end:]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the README's bench section in place."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", nargs="?", type=Path, default=LAST_RUN)
    parser.add_argument("--readme", type=Path, default=README)
    args = parser.parse_args(argv)
    try:
        text = replace(args.readme.read_text(), args.run.read_text())
    except (OSError, ValueError) as err:
        print(f"bench.readme: {err}", file=sys.stderr)
        return 1
    args.readme.write_text(text)
    print(f"{args.readme}: the bench section now holds {args.run}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
