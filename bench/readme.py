"""Put the last ``make bench`` run's tables into the README: the tables are written from the run,
never by hand.

``python -m bench.readme [RUN ...] [--readme README.md]`` replaces what stands between the README's
lines ``<!-- bench: start -->`` and ``<!-- bench: end -->`` with the output of a run of
``python -m bench.run`` (default: ``bench/.data/last-run.md``, which a complete run writes, or,
when the parts in ``bench/.data/parts/`` that ``make bench BENCH_ROWS=...`` writes are newer,
those parts in the run's order): its header lines as a list, then its tables and notes as
printed; each part so in turn. Nothing else of the README changes; the command fails (exit 1)
when either marker is missing or a run's output has no table.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
START = "<!-- bench: start -->"
END = "<!-- bench: end -->"
LAST_RUN = HERE / ".data" / "last-run.md"
PARTS = HERE / ".data" / "parts"
ORDER = (
    "startup",
    "gen",
    "gen2",
    "exports",
    "literal",
    "testfiles",
    "copies",
    "many",
    "corpus",
    "growth",
    "cache",
    "refine",
)
"""bench.run's ROWS (not imported: bench.run loads the generators)."""
README = HERE.parent / "README.md"


_PROGRAM = re.compile(r"(?<=[\s`])/\S*/(broadcheck|iree-opt)(?=[\s`]|$)")
"""A program's absolute path on the machine that ran the benchmark: the README names the program."""


def section(run_output: str) -> str:
    """The run's output as Markdown: the header lines (before the first table) as a list."""
    lines = run_output.rstrip("\n").split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("|")), None)
    if first is None:
        raise ValueError("the run's output holds no table")
    head = ["- " + _PROGRAM.sub(r"\1", line.strip()) for line in lines[:first] if line.strip()]
    return "\n".join([*head, "", *lines[first:]])


def replace(readme: str, run_output: str, *more: str, notes: Sequence[str] = ()) -> str:
    """``readme`` with the text between the markers replaced by :func:`section` of ``run_output``
    (and of each of ``more``, the other parts of a run made in parts, in turn), after ``notes``
    as a list (what a run in parts did not reach, say)."""
    start, end = readme.find(START), readme.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the README has no {START} ... {END} markers")
    body = "\n\n".join(section(text) for text in (run_output, *more))
    if notes:
        body = "\n".join(f"- {note}" for note in notes) + "\n\n" + body
    return readme[: start + len(START)] + "\n\n" + body + "\n\n" + readme[end:]


def default_runs() -> list[Path]:
    """The last complete run, or the parts when any is newer, first part of the run first."""
    parts = sorted(PARTS.glob("*.md"), key=lambda p: [ORDER.index(r) if r in ORDER else 99 for r in p.stem.split("+")])
    newest = max((p.stat().st_mtime for p in parts), default=0.0)
    if LAST_RUN.exists() and LAST_RUN.stat().st_mtime >= newest:
        return [LAST_RUN]
    return parts or [LAST_RUN]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the README's bench section in place."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", nargs="*", type=Path)
    parser.add_argument("--readme", type=Path, default=README)
    parser.add_argument("--note", action="append", default=[], help="a line above the tables (repeatable)")
    args = parser.parse_args(argv)
    runs = args.run or default_runs()
    try:
        text = replace(args.readme.read_text(), *(run.read_text() for run in runs), notes=args.note)
    except (OSError, ValueError) as err:
        print(f"bench.readme: {err}", file=sys.stderr)
        return 1
    args.readme.write_text(text)
    print(f"{args.readme}: the bench section now holds {', '.join(map(str, runs))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
