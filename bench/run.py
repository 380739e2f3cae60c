"""The benchmark harness: broadcheck against MLIR's own C++ parser and verifier.

``python -m bench.run [--quick]`` prints one table (progress goes to stderr):

* **wall time** of ``broadcheck check FILE`` on a generated 100k-op file (see
  :mod:`bench.gen`) against the ``iree-opt`` binary on the same file. The two
  run alternately in the same loop (the order flips every round, so drift in
  machine load hits both), after one untimed warm-up each; the figure is the
  median of ``--runs`` (at least 5) and the ratio is broadcheck / iree-opt.
  ``iree-opt`` is the raw binary from ``site-packages/iree/compiler/_mlir_libs``
  (not the Python console script, which adds about 0.1 s) with
  ``--allow-unregistered-dialect --emit-bytecode -o /dev/null``: it parses and
  verifies every op (TOSA's broadcast rules included, with MLIR's default
  multi-threaded verifier) and writes compact bytecode to nowhere, the fastest
  of the modes tried (text to /dev/null and ``--verify-diagnostics`` are equal
  or slower). That it really verifies is checked on each run: a generated file
  with one incompatible ``tosa.add`` put in must be rejected with MLIR's message;
* **throughput**: lines/s and ops/s (all ops, and checked ops) of broadcheck;
* **start-up**: ``broadcheck check`` on a clean 1-op file against
  ``python -c pass`` (the same interpreter), alternately, median of 11 each;
* **peak RSS** of broadcheck on the 100k- and 1M-op files (``ru_maxrss`` of
  each child from ``os.wait4``, so one run's peak never leaks into another's),
  and their ratio: a streaming checker stays flat;
* **time growth**: 1M-op time / 100k-op time (10x the ops; linear is 10x),
  with iree-opt's own growth (one run on the 1M file) and its peak RSS there;
* ``-j 1`` against ``-j 2`` on 20 files of 10k ops, only when
  ``broadcheck check --help`` lists ``--jobs`` (median of ``--par-runs``; the
  ratio is the speed-up), next to the ceiling this machine allows right then:
  two CPU-bound ``python -c`` loops at once against one (2.0 = two free cores);
* **diagnostics**: whether broadcheck reported exactly the deliberately wrong
  ops of the files (and iree-opt accepted them), so a fast but wrong broadcheck
  cannot look good.

Every time comes with its fastest-slowest range, and the header gives the load
average and the git commit (flagged if broadcheck's code changed during the
run), because a busy or changing machine makes the figures meaningless.

Targets sit next to the figures (wall ratio <= 0.5, start-up <= 2.0x, RSS ratio
<= 1.5, growth <= 11x). The harness reports; it does not gate: it exits 0 when
targets are missed. ``--quick`` uses 5k/50k-op files for development.

Generated files are cached in ``bench/.data/`` (git-ignored), keyed by the
generator version, op count, seed and error rate, and reused.

broadcheck runs as ``sys.executable -m broadcheck`` unless ``--broadcheck PATH``
names a console script. iree-opt comes from ``--iree-opt PATH`` or from the
``iree.compiler`` package of this interpreter (``pip install
iree-base-compiler==3.13.0``); without it the reference columns say n/a.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench import gen

DATA = Path(__file__).resolve().parent / ".data"
TARGET_WALL_RATIO = 0.5
TARGET_STARTUP_RATIO = 2.0
TARGET_RSS_RATIO = 1.5
TARGET_GROWTH = 11.0
IREE_ARGS = ("--allow-unregistered-dialect", "--emit-bytecode", "-o", os.devnull)
_LOCATION = re.compile(r"^\s*--> (?P<path>.+):(?P<line>\d+):(?P<column>\d+)$", re.M)
_PROBE = """\
  func.func @probe_incompatible(%a: tensor<3x4xf32>, %b: tensor<2x4xf32>) -> tensor<3x4xf32> {
    %0 = tosa.add %a, %b : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
"""
_PROBE_MESSAGE = "'tosa.add' op operands don't have broadcast-compatible shapes"


@dataclass(frozen=True)
class Sizes:
    big: int
    huge: int
    files: int
    file_ops: int


FULL = Sizes(big=100_000, huge=1_000_000, files=20, file_ops=10_000)
QUICK = Sizes(big=5_000, huge=50_000, files=20, file_ops=500)


@dataclass(frozen=True)
class Run:
    """One finished child process."""

    wall: float
    rss_kb: int
    code: int
    output: str


@dataclass(frozen=True)
class Row:
    metric: str
    value: str
    reference: str = ""
    ratio: str = ""
    target: str = ""
    verdict: str = ""


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def run(cmd: Sequence[str], keep_output: bool = True) -> Run:
    """Run ``cmd`` to completion: wall time, its own peak RSS (KiB), exit code and output (stdout + stderr)."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        text = ""
        if keep_output:
            out.seek(0)
            text = out.read().decode("utf-8", "replace")
    return Run(wall, usage.ru_maxrss, proc.returncode, text)


def cached_file(ops: int, seed: int, error_rate: float = gen.DEFAULT_ERROR_RATE) -> tuple[Path, gen.Stats]:
    """A generated file from the cache, written first if missing; and its statistics."""
    DATA.mkdir(parents=True, exist_ok=True)
    stem = f"gen-v{gen.VERSION}-ops{ops}-seed{seed}-err{error_rate:g}"
    path, meta = DATA / f"{stem}.mlir", DATA / f"{stem}.json"
    if path.exists() and meta.exists():
        return path, gen.Stats(**json.loads(meta.read_text()))
    log(f"generating {path.name} ...")
    start = time.perf_counter()
    tmp = path.with_suffix(".tmp")
    stats = gen.write(str(tmp), ops, seed, error_rate)
    tmp.replace(path)
    meta.write_text(json.dumps(dataclasses.asdict(stats)))
    log(f"  {stats.lines} lines, {path.stat().st_size / 1e6:.1f} MB in {time.perf_counter() - start:.1f} s")
    return path, stats


def cached_dir(files: int, ops: int, seed: int) -> tuple[Path, int]:
    """A directory of ``files`` generated files (seeds ``seed``, ``seed + 1``, ...); and their deliberate errors."""
    folder = DATA / f"dir-v{gen.VERSION}-{files}x{ops}-seed{seed}"
    folder.mkdir(parents=True, exist_ok=True)
    wrong = 0
    for i in range(files):
        source, stats = cached_file(ops, seed + i)
        target = folder / f"model_{i:02}.mlir"
        if not target.exists():
            os.link(source, target)
        wrong += stats.wrong
    return folder, wrong


def literal_file(elements: int) -> Path:
    """A valid file whose one checked op carries a dense attribute of ``elements`` floats."""
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"literal-{elements}.mlir"
    if not path.exists():
        values = ", ".join(f"{i % 97}.5" for i in range(elements))
        path.write_text(
            "func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {\n"
            f'  %0 = "tosa.add"(%a, %b) {{payload = dense<[{values}]> : tensor<{elements}xf32>}}'
            " : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n"
            "  return %0 : tensor<2x3xf32>\n}\n"
        )
    return path


def find_iree_opt(explicit: str | None) -> Path | None:
    """``--iree-opt``, else the binary inside this interpreter's ``iree.compiler`` package."""
    if explicit:
        return Path(explicit)
    try:
        spec = importlib.util.find_spec("iree.compiler")
    except ImportError:
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "_mlir_libs" / "iree-opt"
        if candidate.exists():
            return candidate
    return None


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def alternate(commands: Sequence[Callable[[], Run]], rounds: int) -> list[list[Run]]:
    """Run the commands in turn, ``rounds`` times, flipping the order every round; the runs of each."""
    runs: list[list[Run]] = [[] for _ in commands]
    order = list(range(len(commands)))
    for r in range(rounds):
        for i in order if r % 2 == 0 else reversed(order):
            runs[i].append(commands[i]())
    return runs


def spread(runs: Sequence[Run]) -> str:
    """`` (1.02-1.31 s)``: the fastest and slowest of the runs, to judge the noise."""
    walls = [r.wall for r in runs]
    return f" ({seconds(min(walls))}-{seconds(max(walls))})" if len(walls) > 1 else ""


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def count(n: int) -> str:
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1000 and n % 1000 == 0:
        return f"{n // 1000}k"
    return str(n)


def rate(n: float) -> str:
    return f"{n / 1e6:.2f}M" if n >= 1e6 else f"{n / 1e3:.1f}k" if n >= 1e3 else f"{n:.0f}"


def megabytes(kb: int) -> str:
    return f"{kb / 1024:.0f} MB"


def verdict(ratio: float, target: float) -> str:
    return "ok" if ratio <= target else "MISS"


def reported_lines(output: str) -> list[int]:
    """The line numbers of broadcheck's diagnostics (full format: `` --> path:line:col``)."""
    return sorted(int(m.group("line")) for m in _LOCATION.finditer(output))


def diagnostics_verdict(result: Run, stats: gen.Stats) -> tuple[str, bool]:
    """Whether broadcheck reported exactly the deliberately wrong ops, in words."""
    if result.code not in (0, 1):
        last = result.output.strip().splitlines()[-1:] or [""]
        return f"exit {result.code}: {last[0]}", False
    found = reported_lines(result.output)
    expected = sorted(stats.wrong_lines)
    if found == expected and result.code == (1 if expected else 0):
        return f"{len(found)}/{len(expected)} planted errors", True
    missed = sorted(set(expected) - set(found))
    extra = sorted(set(found) - set(expected))
    return f"{len(found)} errors for {len(expected)} planted; missed lines {missed[:3]}, extra {extra[:3]}", False


def iree_probe(iree: Path, seed: int) -> tuple[bool, str]:
    """Does iree-opt, as run here, verify? A generated file plus one broadcast error must be rejected."""
    source, _ = cached_file(2000, seed, error_rate=0.0)
    text = source.read_text()
    end = text.rstrip().rfind("}")
    probe = DATA / "probe-tosa-error.mlir"
    probe.write_text(text[:end] + _PROBE + text[end:])
    result = run([str(iree), *IREE_ARGS, str(probe)])
    rejected = result.code != 0 and _PROBE_MESSAGE in result.output
    return rejected, "rejects a planted tosa.add error" if rejected else f"MISSES a planted error (exit {result.code})"


_SPIN = "sum(i * i for i in range(6_000_000))"


def parallel_capacity(rounds: int = 3) -> float:
    """How many CPU-bound processes this machine really runs at once: 2 x t(one) / t(two at once), best times.

    2.0 means two real cores; a VM whose two vCPUs share one core's quota gives about 1.0, and then no
    ``-j 2`` can be faster than ``-j 1``.
    """
    cmd = [sys.executable, "-c", _SPIN]
    ones, twos = [], []
    for _ in range(rounds):
        ones.append(run(cmd).wall)
        start = time.perf_counter()
        procs = [subprocess.Popen(cmd) for _ in range(2)]
        for proc in procs:
            proc.wait()
        twos.append(time.perf_counter() - start)
    return 2 * min(ones) / min(twos)


_CODE = ("broadcheck", "grammars", "pyproject.toml")
"""What decides broadcheck's behaviour: a change here during a run is flagged in the table's header."""


def revision() -> str:
    """The repository's commit (``+dirty`` with changes to broadcheck's code), if this is a git checkout."""
    repo = str(DATA.parent.parent)
    try:
        git = ["git", "-C", repo]
        head = subprocess.run([*git, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        dirty = subprocess.run([*git, "status", "--porcelain", "--", *_CODE], capture_output=True)
    except OSError:
        return "?"
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "") if head.returncode == 0 else "?"


def render(rows: Sequence[Row], header: Sequence[str]) -> str:
    titles = Row("metric", "broadcheck", "reference", "ratio", "target", "")
    table = [dataclasses.astuple(titles), *(dataclasses.astuple(r) for r in rows)]
    widths = [max(len(str(line[i])) for line in table) for i in range(len(titles.__dataclass_fields__))]
    out = [*header, ""]
    for n, line in enumerate(table):
        out.append("| " + " | ".join(str(cell).ljust(w) for cell, w in zip(line, widths, strict=True)) + " |")
        if n == 0:
            out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"small files ({count(QUICK.big)}/{count(QUICK.huge)})")
    parser.add_argument("--broadcheck", metavar="PATH", help="a broadcheck console script (default: python -m)")
    parser.add_argument("--iree-opt", metavar="PATH", help="the iree-opt binary (default: from iree.compiler)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per tool on the 100k file (min 5)")
    parser.add_argument("--huge-runs", type=int, default=1, help="timed runs on the 1M file (default 1)")
    parser.add_argument("--par-runs", type=int, default=3, help="runs per mode for -j 1 vs -j 2 (default 3)")
    parser.add_argument("--startup-runs", type=int, default=11, help="runs per command for start-up (default 11)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    args = parser.parse_args(argv)
    runs = max(5, args.runs)
    sizes = QUICK if args.quick else FULL
    broadcheck = [args.broadcheck] if args.broadcheck else [sys.executable, "-m", "broadcheck"]
    iree = find_iree_opt(args.iree_opt)
    if iree is not None and not iree.exists():
        log(f"iree-opt not found at {iree}")
        iree = None

    load_before, revision_before = os.getloadavg()[0], revision()
    big, big_stats = cached_file(sizes.big, args.seed)
    huge, huge_stats = cached_file(sizes.huge, args.seed)
    tiny, _ = cached_file(1, args.seed, error_rate=0.0)
    rows: list[Row] = []

    def bc(path: Path, *extra: str) -> Callable[[], Run]:
        return lambda: run([*broadcheck, "check", *extra, str(path)])

    # Warm-up: byte-compiled modules, page cache.
    log("warming up ...")
    warm = run([*broadcheck, "check", str(tiny)])
    if warm.code != 0:
        log(f"broadcheck on the 1-op file exited {warm.code}:\n{warm.output}")

    # Start-up.
    log(f"start-up: {args.startup_runs} runs each ...")
    python_pass = [sys.executable, "-c", "pass"]
    start_bc, start_py = alternate([bc(tiny), lambda: run(python_pass)], args.startup_runs)
    t_start, t_py = median([r.wall for r in start_bc]), median([r.wall for r in start_py])
    startup_ratio = t_start / t_py
    rows.append(
        Row(
            f"start-up, 1-op file (median of {args.startup_runs})",
            seconds(t_start) + spread(start_bc),
            f"python -c pass: {seconds(t_py)}{spread(start_py)}",
            f"{startup_ratio:.1f}x",
            f"<= {TARGET_STARTUP_RATIO:.1f}x",
            verdict(startup_ratio, TARGET_STARTUP_RATIO),
        )
    )

    # Wall time against iree-opt, alternately.
    probe_note, probe_ok = "n/a", False
    iree_runs: list[Run] = []
    if iree is not None:
        probe_ok, probe_note = iree_probe(iree, args.seed)
        log(f"iree-opt {probe_note}")
        run([str(iree), *IREE_ARGS, str(big)], keep_output=False)  # warm-up
        log(f"{count(sizes.big)}-op file: broadcheck and iree-opt alternately, {runs} runs each ...")
        big_runs, iree_runs = alternate([bc(big), lambda: run([str(iree), *IREE_ARGS, str(big)])], runs)
    else:
        log(f"{count(sizes.big)}-op file: broadcheck, {runs} runs (no iree-opt) ...")
        big_runs = [bc(big)() for _ in range(runs)]
    t_big = median([r.wall for r in big_runs])
    label = f"{count(sizes.big)}-op file"
    t_iree = median([r.wall for r in iree_runs]) if iree_runs else 0.0
    if iree_runs:
        wall_ratio = t_big / t_iree
        rows.append(
            Row(
                f"wall time, {label} (median of {runs})",
                seconds(t_big) + spread(big_runs),
                f"iree-opt: {seconds(t_iree)}{spread(iree_runs)}",
                f"{wall_ratio:.2f}x",
                f"<= {TARGET_WALL_RATIO}x",
                verdict(wall_ratio, TARGET_WALL_RATIO),
            )
        )
        iree_lines = f"iree-opt: {rate(big_stats.lines / t_iree)} lines/s, {rate(big_stats.ops / t_iree)} ops/s"
    else:
        rows.append(Row(f"wall time, {label} (median of {runs})", seconds(t_big), "iree-opt: n/a (not found)"))
        iree_lines = "iree-opt: n/a"
    rows.append(
        Row(
            f"throughput, {label}",
            f"{rate(big_stats.lines / t_big)} lines/s, {rate(big_stats.ops / t_big)} ops/s "
            f"({rate(big_stats.checked / t_big)} checked ops/s)",
            iree_lines,
        )
    )

    # The 1M file: growth and memory.
    log(f"{count(sizes.huge)}-op file: broadcheck, {args.huge_runs} run(s) ...")
    huge_runs = [bc(huge)() for _ in range(max(1, args.huge_runs))]
    iree_huge = run([str(iree), *IREE_ARGS, str(huge)], keep_output=False) if iree is not None else None
    t_huge = median([r.wall for r in huge_runs])
    rss_big, rss_huge = max(r.rss_kb for r in big_runs), max(r.rss_kb for r in huge_runs)
    rss_iree = f"iree-opt: {megabytes(max(r.rss_kb for r in iree_runs))}" if iree_runs else ""
    rows.append(Row(f"peak RSS, {label}", megabytes(rss_big), rss_iree))
    rss_ratio = rss_huge / rss_big
    rows.append(
        Row(
            f"peak RSS, {count(sizes.huge)}-op file",
            megabytes(rss_huge),
            f"{count(sizes.big)}: {megabytes(rss_big)}"
            + (f"; iree-opt: {megabytes(iree_huge.rss_kb)}" if iree_huge else ""),
            f"{rss_ratio:.2f}x",
            f"<= {TARGET_RSS_RATIO}x",
            verdict(rss_ratio, TARGET_RSS_RATIO),
        )
    )
    growth = t_huge / t_big
    iree_growth = ""
    if iree_huge is not None and t_iree:
        iree_growth = f"; iree-opt: {seconds(iree_huge.wall)}, {iree_huge.wall / t_iree:.1f}x"
    rows.append(
        Row(
            f"time growth, {count(sizes.huge)} / {count(sizes.big)} ops",
            seconds(t_huge),
            f"{count(sizes.big)}: {seconds(t_big)}" + iree_growth,
            f"{growth:.1f}x",
            f"<= {TARGET_GROWTH:.0f}x",
            verdict(growth, TARGET_GROWTH),
        )
    )

    # A huge attribute on a checked op: linear time, flat memory, nothing echoed whole.
    literal = literal_file(1_000_000)
    log("1M-element dense attribute: broadcheck and iree-opt alternately, 3 runs each ...")
    lit_commands = [bc(literal)] + ([lambda: run([str(iree), *IREE_ARGS, str(literal)])] if iree else [])
    lit_runs = alternate(lit_commands, 3)
    t_lit = median([r.wall for r in lit_runs[0]])
    lit_reference = "iree-opt: n/a"
    if iree:
        t_lit_iree = median([r.wall for r in lit_runs[1]])
        lit_reference = f"iree-opt: {seconds(t_lit_iree)}, {megabytes(max(r.rss_kb for r in lit_runs[1]))}"
    lit_ok = lit_runs[0][0].code == 0 and all(r.code == 0 for r in (lit_runs[1] if iree else []))
    rows.append(
        Row(
            f"1M-element dense attribute ({literal.stat().st_size / 1e6:.0f} MB, median of 3)",
            f"{seconds(t_lit)}, {megabytes(max(r.rss_kb for r in lit_runs[0]))}",
            lit_reference,
            f"{t_lit / t_lit_iree:.1f}x" if iree else "",
            "linear",
            "ok" if lit_ok else "WRONG: a tool rejected the valid file",
        )
    )

    # Parallel mode.
    helptext = run([*broadcheck, "check", "--help"]).output
    par_label = f"-j 1 vs -j 2, {sizes.files} files x {count(sizes.file_ops)} ops"
    if "--jobs" in helptext:
        folder, wrong = cached_dir(sizes.files, sizes.file_ops, args.seed)
        log(f"{par_label}: {args.par_runs} runs each ...")
        j1, j2 = alternate([bc(folder, "--jobs", "1"), bc(folder, "--jobs", "2")], args.par_runs)
        t1, t2 = median([r.wall for r in j1]), median([r.wall for r in j2])
        found = [len(reported_lines(r.output)) for r in (*j1, *j2)]
        same = ""
        if set(found) != {wrong}:
            codes = sorted({r.code for r in (*j1, *j2)})
            same = f"; WRONG: errors found {sorted(set(found))}, planted {wrong}, exit codes {codes}"
        capacity = parallel_capacity()
        rows.append(
            Row(
                f"{par_label} (median of {args.par_runs})",
                f"-j 2: {seconds(t2)}",
                f"-j 1: {seconds(t1)}",
                f"{t1 / t2:.2f}x faster{same}",
                f"machine: {capacity:.2f}x",
            )
        )
    else:
        rows.append(Row(par_label, "n/a (no parallel mode yet)"))

    # Are the answers right?
    answers, all_right = [], True
    for result, stats in ((big_runs[0], big_stats), (huge_runs[0], huge_stats)):
        words, right = diagnostics_verdict(result, stats)
        answers.append(words)
        all_right &= right
    if iree_runs:
        accepts = all(r.code == 0 for r in iree_runs)
        iree_words = f"iree-opt: {'exit 0' if accepts else 'REJECTS the file'}; {probe_note}"
        all_right &= accepts and probe_ok
    else:
        iree_words = "iree-opt: n/a"
    rows.append(
        Row(
            f"diagnostics, {count(sizes.big)} / {count(sizes.huge)}-op files",
            " / ".join(answers),
            iree_words,
            "",
            "exact",
            "ok" if all_right else "WRONG",
        )
    )

    version = run([*broadcheck, "--version"]).output.strip()
    commit = revision()
    if commit != revision_before:
        commit = f"{revision_before} -> {commit}: the code CHANGED during the run"
    header = [
        f"broadcheck benchmark{' (--quick)' if args.quick else ''}: {version or 'broadcheck ?'}"
        f" (commit {commit}) via `{' '.join(broadcheck[-2:]) if not args.broadcheck else args.broadcheck}`;"
        f" Python {platform.python_version()}, {os.cpu_count()} CPUs, {platform.machine()},"
        f" load average {load_before:.2f} before / {os.getloadavg()[0]:.2f} after",
        f"files: bench.gen v{gen.VERSION} seed {args.seed}: {count(sizes.big)} ops = {big_stats.lines} lines,"
        f" {big.stat().st_size / 1e6:.1f} MB, {big_stats.checked} checked ops, {big_stats.wrong} deliberate errors,"
        f" {big_stats.distinct_signatures} distinct signatures; {count(sizes.huge)} ops = {huge_stats.lines} lines,"
        f" {huge.stat().st_size / 1e6:.0f} MB, {huge_stats.wrong} deliberate errors",
        f"iree-opt: {iree} {' '.join(IREE_ARGS)}" if iree else "iree-opt: not found",
        f"ratios are broadcheck / reference; targets: wall <= {TARGET_WALL_RATIO}, start-up <= {TARGET_STARTUP_RATIO},"
        f" RSS <= {TARGET_RSS_RATIO}, growth <= {TARGET_GROWTH:g}; 'planted' = the generator's deliberately wrong ops",
    ]
    print(render(rows, header))
    if not all_right:
        log("the diagnostics row is not right (see the table)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
