"""Where broadcheck spends its time: cProfile of ``broadcheck check`` on a generated file.

``python -m bench.prof [--ops 100000] [--top 15] [--gen2 | --export NAME | --file PATH]`` runs
``python -m cProfile`` of ``broadcheck check FILE`` (through click's ``main``, which leaves the
process to end itself) in a child process (the same interpreter;
the file comes from the bench cache, see :mod:`bench.run`: :mod:`bench.gen`'s, or
:mod:`bench.gen2`'s with ``--gen2``, or with ``--export`` a real model export of
:mod:`bench.exports`, such as ``gpt2-train-l480.loc``, or with ``--file`` any file; never
from the result cache) and prints two tables: the top
functions by cumulative time (time inside the function and everything it
calls) and by self time (time in the function's own code). cProfile slows
Python-heavy code down by roughly 1.5-2x, so read the shares, not the absolute
seconds. ``--save FILE`` keeps the raw profile for snakeviz or pstats. A third table
sums the self time by stage of the engine (:data:`STAGES`: the reader, forms, checks,
value flow, regions, block labels, the run's wiring), so that a change to one stage shows
where the time moved.
"""

from __future__ import annotations

import argparse
import pstats
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench import exports
from bench.run import cached_file, cached_file2

_REPO = str(Path(__file__).resolve().parent.parent) + "/"
_STDLIB = sysconfig.get_paths()["stdlib"] + "/"
_SITE = sysconfig.get_paths()["purelib"] + "/"


def _where(file: str, line: int, name: str) -> str:
    for prefix, shown in ((_REPO, ""), (_SITE, ""), (_STDLIB, "<stdlib>/")):
        if file.startswith(prefix):
            file = shown + file[len(prefix) :]
            break
    if file == "~":  # a built-in
        return name
    return f"{file}:{line}({name})"


STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("labels", ("engine/regions.py:label", "engine/regions.py:_label_arguments", "engine/scan_labels.py")),
    (
        "reader",
        (
            "syntax/",
            "engine/scan.py",
            "engine/scan_text.py",
            "engine/scan_brace.py",
            "engine/scan_pieces.py",
            "engine/read.py",
        ),
    ),
    ("form", ("engine/forms.py",)),
    ("check", ("engine/verify.py", "engine/verdicts.py", "engine/diagnose.py", "semantics/", "dialects/")),
    ("values", ("engine/values.py", "engine/flow.py", "engine/dominance.py")),
    ("regions", ("engine/regions.py", "engine/transfers.py", "engine/control.py")),
    ("run", ("engine/run.py", "engine/findings.py", "engine/outcome.py")),
)
"""Where each stage's code is (a file, a folder, or ``file:function``), the first match
winning; built-ins (``re``, ``str``, ``dict``) and the rest of the package are their own rows."""


def stage_of(file: str, name: str) -> str:
    """The stage of :data:`STAGES` whose code a profiled function is (``other`` if none)."""
    if file == "~":
        return "built-ins"
    if not file.startswith(_REPO + "broadcheck/"):
        return "other"
    local = file[len(_REPO + "broadcheck/") :]
    for stage, places in STAGES:
        for place in places:
            path, _, function = place.partition(":")
            if local.startswith(path) and (not function or name == function):
                return stage
    return "other"


def by_stage(stats: pstats.Stats, total: float) -> list[str]:
    """The self time summed by stage (:func:`stage_of`), as text rows, most first."""
    entries = stats.stats  # type: ignore[attr-defined]
    sums: dict[str, float] = {}
    for (file, _, name), (_, _, tottime, _, _) in entries.items():
        if not _wrapper(file, name):
            stage = stage_of(file, name)
            sums[stage] = sums.get(stage, 0.0) + tottime
    out = [f"{'self s':>8} {'%':>6}  stage"]
    for stage, seconds in sorted(sums.items(), key=lambda item: item[1], reverse=True):
        out.append(f"{seconds:>8.2f} {100 * seconds / total:>5.0f}%  {stage}")
    return out


def _wrapper(file: str, name: str) -> bool:
    """Start-up frames that only wrap the whole run (runpy, exec, click's dispatch)."""
    return file in ("<string>", "<frozen runpy>") or "/click/" in file or name == "<built-in method builtins.exec>"


def table(stats: pstats.Stats, key: int, top: int, total: float) -> list[str]:
    """The ``top`` functions by ``key`` (2: self time, 3: cumulative time) as text rows, wrappers left out."""
    entries = stats.stats  # type: ignore[attr-defined]
    kept = [item for item in entries.items() if not _wrapper(item[0][0], item[0][2])]
    rows = sorted(kept, key=lambda item: item[1][key], reverse=True)[:top]
    out = [f"{'calls':>10} {'self s':>8} {'cum s':>8} {'cum %':>6}  function"]
    for (file, line, name), (_, calls, tottime, cumtime, _) in rows:
        share = 100 * cumtime / total
        out.append(f"{calls:>10} {tottime:>8.2f} {cumtime:>8.2f} {share:>5.0f}%  {_where(file, line, name)}")
    return out


RUN_CHECK = """import sys
from broadcheck.cli import main
try:
    main(sys.argv[1:], program=False)
except SystemExit:
    pass
"""
"""The script cProfile runs: the command line of its arguments, the process left to end itself."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.prof", description=__doc__.split("\n\n")[0])
    parser.add_argument("--ops", type=int, default=100_000, help="ops in the generated file (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument("--top", type=int, default=15, help="rows per table (default 15)")
    parser.add_argument("--save", metavar="FILE", help="keep the raw cProfile output here")
    parser.add_argument("--gen2", action="store_true", help="profile bench.gen2's file (exported models)")
    parser.add_argument(
        "--export", metavar="NAME", help="profile a model export (bench.exports), e.g. gpt2-forward.loc"
    )
    parser.add_argument("--file", metavar="PATH", help="profile this file instead (any .mlir)")
    parser.add_argument("--split-input-file", action="store_true", help="check it with --split-input-file")
    args = parser.parse_args(argv)
    if args.file:
        path = Path(args.file)
        if not path.exists():
            parser.error(f"no file {path}")
        text = path.read_text(encoding="utf-8", errors="replace")
        about = f"{text.count(chr(10))} lines"
    elif args.export:
        path = exports.OUT / (args.export.removesuffix(".mlir") + ".mlir")
        if not path.exists():
            parser.error(f"no export {path} (make bench writes them)")
        text = path.read_text()
        about = f"{text.count(chr(10))} lines, {sum(exports.count_ops(text).values())} op statements"
    else:
        path, stats = cached_file2(args.ops, args.seed) if args.gen2 else cached_file(args.ops, args.seed)
        about = f"{stats.lines} lines, {stats.ops} ops ({stats.checked} checked)"
    with tempfile.TemporaryDirectory() as tmp:
        out = args.save or str(Path(tmp) / "broadcheck.prof")
        split = ["--split-input-file"] if args.split_input_file else []
        # The command line through click's main, in this process: the program (`-m broadcheck`)
        # ends its process with os._exit, before cProfile writes the profile.
        script = Path(tmp) / "check.py"
        script.write_text(RUN_CHECK)
        check = [str(script), "check", "--no-cache", *split, str(path)]
        cmd = [sys.executable, "-m", "cProfile", "-o", out, *check]
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - start
        if done.returncode not in (0, 1):
            print(f"warning: broadcheck exited {done.returncode}: this profiles a failed run", file=sys.stderr)
        profile = pstats.Stats(out)
    total = profile.total_tt  # type: ignore[attr-defined]
    print(f"broadcheck check {path.name}: {about}")
    print(f"wall {wall:.2f} s under cProfile; profiled total {total:.2f} s\n")
    print(f"Top {args.top} by cumulative time:")
    print("\n".join(table(profile, 3, args.top, total)))
    print(f"\nTop {args.top} by self time:")
    print("\n".join(table(profile, 2, args.top, total)))
    print("\nSelf time by stage:")
    print("\n".join(by_stage(profile, total)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
