"""The long fuzz campaign: ``python -m tests.fuzz_campaign --inputs 1000000`` (``make fuzz``).

Inputs, in rotation: mutated fixtures and examples (whole files, as
tests/test_fuzz.py does), mutated small pieces of them (a chunk between split
markers, a few lines: most inputs, so that a million of them take minutes; with
``--seeds-from DIR``, pieces of the real exports there too),
random bytes, and now and then a huge or deeply nested text. Each input is
checked under a rotating set of options and rendered in a rotating output
format (full, concise, json, sarif, github), in memory; every 500th input goes
through the real command line from a file, whose bytes must not change. The
campaign stops at the first input that crashes broadcheck, gets an unlocated
diagnostic, prints a traceback or changes a file, and writes it to
``fuzz-crash-<n>.mlir`` for a regression fixture. ``--jobs`` runs seeds in
parallel. It prints how many inputs it ran, and how fast.

Then, for ``--outer-seconds``, the outer layer's scenarios (tests/fuzz_outer.py): walks
over FIFOs, device links, sockets and names that are not UTF-8 or hold control
characters; ``--fix`` interrupted by SIGTERM, SIGHUP or SIGINT; ``--fix`` while another
program edits the file. Each runs the real command line as a process with a time bound.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import random
import sys
import tempfile
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from broadcheck.diagnostics import Result
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.inputs import decode
from broadcheck.optable import OpTable
from broadcheck.report import FORMATS, render
from broadcheck.semantics import Profile
from tests.mutations import corpus, mutate

OPTIONS = [
    Options(),
    Options(Profile.LLVM),
    Options(Profile.LLVM, OpTable(), "// -----", True),
    Options(Profile.SPEC, OpTable([("*", "mlir")])),
    Options(Profile.SPEC, OpTable([("*.*", "numpy")])),
    Options(Profile.LLVM, OpTable([("*.*", "onnx")]), "// -----"),
]


def _pieces(texts: list[str], chunks: bool = True) -> list[str]:
    """Small seeds: each split chunk (if ``chunks``), runs of up to 6 lines around each op, and
    every 10th op a run of 40 lines (a region's body with its op, a function's head)."""
    pieces: list[str] = []
    for text in texts:
        if chunks:
            pieces.extend(chunk for chunk in text.split("// -----") if chunk.strip())
        lines = text.split("\n")
        ops = 0
        for i, line in enumerate(lines):
            if "=" in line and ("." in line or '"' in line):
                pieces.append("\n".join(lines[max(0, i - 2) : i + 4]))
                ops += 1
                if ops % 10 == 0:
                    pieces.append("\n".join(lines[max(0, i - 20) : i + 20]))
    return pieces


def _exports(folders: list[str]) -> list[str]:
    """The texts of the ``.mlir`` files under ``folders`` (real exports: ``make exports`` puts them
    in ``bench/.data``) of at most 4 MB: seeds of pieces only, never mutated whole."""
    paths = sorted(p for folder in folders for p in Path(folder).rglob("*.mlir") if p.stat().st_size <= 4 << 20)
    return [p.read_text(encoding="utf-8", errors="replace") for p in paths]


def _extreme(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:  # a huge literal in a checked op
        n = rng.choice([10_000, 200_000])
        return f'%0 = "tf.AddV2"(%a, %b) {{v = dense<[{"1, " * n}2]> : tensor<{n + 1}xi32>}} : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>\n'
    if kind == 1:  # deep nesting
        n = rng.choice([1_000, 5_000])
        return '%0 = "tosa.add"(%a, %b) ' + "({" * n + "})" * n + " : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n"
    if kind == 2:  # a long line of many ops
        return "; ".join(
            '%0 = "tosa.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>' for _ in range(2000)
        )
    return "\x1b[2J\x00\t" * 1000 + '"tf.AddV2"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n'


def _input(count: int, rng: random.Random, files: list[str], pieces: list[str]) -> bytes:
    if count % 5000 == 4999:
        return _extreme(rng).encode()
    kind = count % 20
    if kind == 0:
        return mutate(rng.choice(files), rng, rng.randint(1, 8)).encode()
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))
    text = mutate(rng.choice(pieces), rng, rng.randint(0, 6))
    if kind == 2:  # invalid bytes inside otherwise valid text
        at = rng.randrange(len(text) + 1)
        return text[:at].encode() + bytes([rng.choice([0x80, 0xC3, 0xFF, 0x00, 0x1B])]) + text[at:].encode()
    return text.encode()


def _check(data: bytes, count: int) -> None:
    """Check and render one input; raise on any failure."""
    source, problem = decode("fuzz.mlir", data)
    options = OPTIONS[count % len(OPTIONS)]
    result = (
        Result.of(source.path, dict(enumerate(source.lines, 1)), [problem])
        if problem is not None
        else check_text(source.path, source.text, options)
    )
    last = source.text.count("\n") + 2
    bad = [d for d in result.diagnostics if not (1 <= d.line <= last and d.column >= 1)]
    if bad:
        raise AssertionError(f"unlocated diagnostic: {bad[0]}")
    out = io.StringIO()
    render([result], FORMATS[count % len(FORMATS)], out)
    if "Traceback" in out.getvalue() and "Traceback" not in source.text:
        raise AssertionError("a traceback in the output")


def _through_the_cli(data: bytes, count: int, folder: Path) -> None:
    """Run the real command line on a file holding ``data``: no internal error, no
    traceback, and the file is unchanged."""
    from broadcheck import cli

    path = folder / f"input{count}.mlir"
    path.write_bytes(data)
    before = hashlib.sha256(data).hexdigest()
    fmt = FORMATS[count % len(FORMATS)]
    stdout, stderr = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            cli.main(["check", "--isolated", "-j", "1", "--output-format", fmt, str(path)])
        except SystemExit as done:
            code = int(done.code or 0)
    if code not in (0, 1) or "internal error" in stderr.getvalue() or "Traceback" in stderr.getvalue():
        raise AssertionError(f"exit {code}: {stderr.getvalue()[:2000]}")
    if hashlib.sha256(path.read_bytes()).hexdigest() != before:
        raise AssertionError("the input file changed")
    path.unlink()


def campaign(
    seed: int, inputs: int, seconds: float, seeds_from: list[str] | None = None
) -> tuple[int, float, str | None]:
    """Run one seed's share; returns (inputs run, seconds, the failure or None)."""
    rng = random.Random(seed)
    files = corpus()
    pieces = _pieces(files) + _pieces(_exports(seeds_from or []), chunks=False)
    start = time.monotonic()
    count = 0
    with tempfile.TemporaryDirectory() as tmp:
        while count < inputs and time.monotonic() - start < seconds:
            data = _input(count, rng, files, pieces)
            try:
                if count % 500 == 0:
                    _through_the_cli(data, count, Path(tmp))
                else:
                    _check(data, count)
            except Exception:
                out = Path(f"fuzz-crash-{seed}-{count}.mlir")
                out.write_bytes(data)
                return count, time.monotonic() - start, f"{traceback.format_exc()}\ninput saved to {out}"
            count += 1
    return count, time.monotonic() - start, None


def _checksums(root: Path) -> dict[str, str]:
    paths = [*sorted((root / "tests" / "fixtures").rglob("*")), *sorted((root / "examples").rglob("*"))]
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths if p.is_file()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3600.0)
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--outer-seconds", type=float, default=600.0, help="the outer layer's scenarios (0: none)")
    parser.add_argument(
        "--seeds-from", action="append", default=[], metavar="DIR",
        help="also mutate pieces of the .mlir files under DIR (real exports: bench/.data)",
    )  # fmt: skip
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    before = _checksums(root)
    share = -(-args.inputs // args.jobs)
    start = time.monotonic()
    with ProcessPoolExecutor(args.jobs) as pool:
        runs = list(pool.map(campaign, range(args.seed, args.seed + args.jobs), [share] * args.jobs,
                             [args.seconds] * args.jobs, [args.seeds_from] * args.jobs))  # fmt: skip
    elapsed = time.monotonic() - start
    total = sum(count for count, _, _ in runs)
    failures = [failure for _, _, failure in runs if failure is not None]
    verdict = "failed" if failures else "no crash, no traceback, no changed file"
    print(
        f"{total} inputs in {elapsed:.0f} s ({total / elapsed:.0f}/s) with {args.jobs} jobs, "
        f"seeds {args.seed}-{args.seed + args.jobs - 1}: {verdict}",
        flush=True,
    )
    if args.outer_seconds > 0:
        from tests import fuzz_outer

        start = time.monotonic()
        with ProcessPoolExecutor(args.jobs) as pool:
            seeds = range(args.seed, args.seed + args.jobs)
            outer = list(pool.map(fuzz_outer.campaign, seeds, [args.outer_seconds] * args.jobs))
        elapsed = time.monotonic() - start
        counts = {kind: sum(c[kind] for c, _, _ in outer) for kind in ("walk", "signal", "edit", "python start-up")}
        outer_failures = [failure for _, _, failure in outer if failure is not None]
        failures.extend(outer_failures)
        print(
            f"outer layer: {counts['walk']} walks, {counts['signal']} --fix runs with a signal "
            f"({counts['python start-up']} of them during Python's own start-up), "
            f"{counts['edit']} --fix runs with a concurrent edit in {elapsed:.0f} s with {args.jobs} jobs: "
            + ("failed" if outer_failures else "no hang, no traceback, no changed or lost byte, no file left")
        )
    if _checksums(root) != before:
        failures.append("a fixture or example file changed")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
