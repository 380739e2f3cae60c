"""How broadcheck does on upstream test files, each checked as its RUN line says.

``python -m bench.upstream [--broadcheck CMD] [--files] DIR ...`` checks every ``.mlir`` file under
each folder (upstream test files: llvm-project ``mlir/test/Dialect/*``, StableHLO, mlir-hlo, LiteRT,
onnx-mlir) with ``--profile llvm``, and ``--split-input-file`` / ``--verify-diagnostics`` where the
file's RUN line (``mlir-opt``, or the project's ``*-opt``; ``--split-input-file`` of a ``*-translate``
too) has them. ``-verify-diagnostics`` counts on an invocation that runs no pass: there the expected
errors are the parser's and the verifiers'; behind a pass they are the pass's, and the input itself
must verify. Some passes break that rule, and :data:`PASSES` says which and why (data, one entry per
pass): a pass that emits diagnostics of its own (``-tfl-runtime-verify``, the ``-hlo-test-infer``
passes, onnx-mlir's ``-shape-inference`` on its recurrent ops) makes a file's expected errors "from the verifier or the
pass" (a chunk that expects one need not verify; one broadcheck does not produce is counted apart,
as the pass's, not as unmet); a pass whose file's errors are all the verifier's would count as no
pass (``verifier``). Per folder (and per file with
``--files``) it prints:

* op statements checked, declared with no shape rule, and passed over (with the ops most passed over);
* false errors: errors in a file, or a ``// -----`` chunk, that the RUN line expects to verify;
* wrong errors: in a chunk that expects an error, an error that is not the expected one;
* ``expected-error`` annotations: met, unmet on an op broadcheck checks, about ops it does not check,
  and (behind a pass of :data:`PASSES` that emits its own) not produced, left to the pass.

The coverage issue's targets: >= 90% checked, no false error, and no unmet ``expected-error`` on a
checked op. With ``--oracle iree-opt`` each file is also run through the real tool with the same
flags: a chunk the real tool fails too (the file's llvm commit and the tool's differ: an op renamed
or removed, a message reworded) is counted apart as "skew" and judged by the tool, not the file.
Exit 1 when a file has a false error or could not be checked.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.coverage import measure
from broadcheck.expectations import parse_annotations

_RUN = re.compile(r"//\s*RUN:(.*)$")
_SPLIT = re.compile(r"^// -----")
# mlir-opt options that run no pass (what is left of an invocation is a pass pipeline).
_NO_PASS = frozenset(
    {
        "split-input-file",
        "verify-diagnostics",
        "allow-unregistered-dialect",
        "mlir-print-op-generic",
        "mlir-print-debuginfo",
        "mlir-print-local-scope",
        "mlir-disable-threading",
        "o",
    }
)

PASSES: dict[str, tuple[str, str]] = {
    "tfl-runtime-verify": (
        "pass",
        "LiteRT's ops.mlir: the pass runs each op's runtime checks (operand ranks and kinds the verifier "
        "leaves open) and its errors are annotated beside the verifiers'",
    ),
    "hlo-test-infer": (
        "pass",
        "StableHLO's infer_*.mlir: the test pass calls each op's type inference, whose failures ('failed to "
        "infer returned types', 'mismatched operand types') are annotated beside the verifiers'",
    ),
    "mhlo-test-infer-shaped-type-methods": (
        "pass",
        "mlir-hlo's mhlo_infer_shape_type_methods.mlir: as -hlo-test-infer, for MHLO's reified shapes",
    ),
    "onnx-pre-krnl-verify": (
        "pass",
        "onnx-mlir's onnx_pre_krnl_verify_error.mlir: the pass rejects unranked tensors before lowering "
        "('not ranked'); the input verifies",
    ),
    "shape-inference": (
        "pass",
        "onnx-mlir's onnx_shape_inference_error.mlir: most annotated errors are op verifiers', but the "
        "recurrent ops (onnx.LSTM, whose ops have no verifier) fail in the pass itself ('Failed to scan "
        "parameters successfully', 'shape inference failed'), annotated beside them",
    ),
}
"""Passes that break "behind a pass, the expected errors are the pass's": pass name -> (``pass``: it
emits diagnostics of its own, so a file's expected errors are the verifier's or the pass's;
``verifier``: the file's expected errors are all the verifier's, as with no pass; and why)."""


@dataclass(frozen=True)
class RunLine:
    """What a file's RUN lines ask of ``mlir-opt``; ``exception`` names the pass of :data:`PASSES`
    whose rule applies (``""``: none)."""

    split: bool = False
    verify: bool = False
    exception: str = ""
    unmodelled: bool = False
    """A RUN line verifies diagnostics behind passes :data:`PASSES` does not model: its expected
    errors may be the passes' or the verifier's, so an error in a chunk that expects one is not false."""
    fails: bool = False
    """A RUN line expects its tool to fail (``not heir-translate %s``) and verifies no diagnostics: the
    file may hold what its parser rejects, so no error in it is false."""

    @property
    def via(self) -> bool:
        """Whether the expected errors may be the pass's (one that emits its own)."""
        return bool(self.exception) and PASSES[self.exception][0] == "pass"

    @property
    def flags(self) -> tuple[str, ...]:
        """The ``broadcheck check`` flags that do the same."""
        return ("--profile", "llvm") + ("--split-input-file",) * self.split + ("--verify-diagnostics",) * self.verify


def read_run(text: str) -> RunLine:
    """The RUN lines of a test file, joined over ``\\`` continuations, as :class:`RunLine`."""
    commands: list[str] = []
    pending = ""
    for line in text.splitlines():
        m = _RUN.search(line)
        if m is None:
            continue
        part = m.group(1).strip()
        if part.endswith("\\"):
            pending += part[:-1] + " "
            continue
        commands.append(pending + part)
        pending = ""
    split = verify = unmodelled = fails = False
    exception = ""
    for command in commands:
        head = command.split("|", 1)[0]
        try:
            words = shlex.split(head)
        except ValueError:
            words = head.split()
        failing = bool(words) and words[0] == "not"
        words = words[1:] if failing else words
        if not words or not ("-opt" in words[0] or words[0].endswith("-translate")):
            continue  # mlir-opt, stablehlo-opt, tf-opt, tac-opt-all-backends, ...; mlir-translate, heir-translate
        options = [w.lstrip("-").split("=", 1)[0] for w in words[1:] if w.startswith("-")]
        split |= "split-input-file" in options
        fails |= failing and "verify-diagnostics" not in options
        if "-opt" not in words[0]:
            continue  # a translation's diagnostics are its own, not the parser's and the verifiers'
        if "verify-diagnostics" not in options:
            continue
        passes = [o for o in options if o not in _NO_PASS]
        if not passes:
            verify = True
        elif len(passes) == 1 and passes[0] in PASSES:
            verify = True
            exception = passes[0]
        else:
            unmodelled = True
    return RunLine(split, verify, exception, unmodelled and not verify, fails and not verify)


@dataclass
class Tally:
    """The counts of one file or of a folder."""

    files: int = 0
    checked: int = 0
    no_rule: int = 0
    skipped: int = 0
    false_errors: int = 0
    wrong_errors: int = 0
    expected: int = 0
    met: int = 0
    unmet: int = 0
    not_held: int = 0
    by_pass: int = 0
    skew: int = 0
    passed: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Fold another tally into this one."""
        for name in ("files", "checked", "no_rule", "skipped", "false_errors", "wrong_errors"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("expected", "met", "unmet", "not_held", "by_pass", "skew"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.passed.update(other.passed)

    @property
    def share(self) -> float:
        """Share of the op statements checked (of those checked or passed over)."""
        return self.checked / max(1, self.checked + self.skipped)


def _diagnostics(command: Sequence[str], path: Path, flags: Sequence[str]) -> list[dict[str, object]]:
    """The diagnostics ``broadcheck check`` reports on one file, as JSON objects."""
    done = subprocess.run(
        [*command, "check", "--no-cache", "--output-format", "json", *flags, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):
        raise RuntimeError((done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1])
    found: list[dict[str, object]] = json.loads(done.stdout)
    return found


def _chunks(lines: Sequence[str], split: bool) -> list[tuple[int, int, bool]]:
    """Each chunk's first and last line (1-based) and whether it holds an ``expected-error``."""
    bounds: list[tuple[int, int, bool]] = []
    start = 1
    for number, line in enumerate([*lines, "// -----"], 1):
        if number > len(lines) or (split and _SPLIT.match(line)):
            bounds.append((start, number - 1, any("expected-error" in t for t in lines[start - 1 : number - 1])))
            start = number + 1
    return bounds


def _oracle_lines(oracle: Sequence[str], path: Path, run: RunLine) -> set[int] | None:
    """The lines where the real tool, run with the same flags, reports an error; None if it crashed
    (then it judges no chunk). Its output is bytecode thrown away: its printer is not on trial (iree-opt
    3.13 crashes printing an `affine.parallel` whose bounds' groups do not match, after verifying it)."""
    flags = ["--allow-unregistered-dialect"] + ["--split-input-file"] * run.split
    flags += ["--verify-diagnostics"] * run.verify
    command = [*oracle, *flags, "--emit-bytecode", "-o", os.devnull, str(path)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode < 0:
        return None
    where = re.compile(re.escape(str(path)) + r":(\d+):\d+: error:")
    return {int(m.group(1)) for m in where.finditer(done.stderr)}


def _line(diagnostic: dict[str, object]) -> int:
    value = diagnostic.get("line")
    return value if isinstance(value, int) else 0


def check_file(command: Sequence[str], path: Path, oracle: Sequence[str] = ()) -> Tally:
    """Check one test file as its RUN line says and tally the outcome (the chunks ``oracle`` fails apart)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    lines = text.splitlines()
    run = read_run(text)
    tally = Tally(files=1)
    counts = measure(command, path, run.flags)
    if "error" in counts:
        tally.notes.append(f"could not be checked: {counts['error']}")
        tally.false_errors += 1
        return tally
    tally.checked = int(counts["checked"])  # type: ignore[call-overload]
    tally.no_rule = int(counts["no_rule"])  # type: ignore[call-overload]
    tally.skipped = int(counts["skipped"])  # type: ignore[call-overload]
    tally.passed.update(counts["passed"])  # type: ignore[arg-type]
    chunks = _chunks(lines, run.split)

    def expects_error(line: int) -> bool:
        return any(first <= line <= last and wants for first, last, wants in chunks)

    failed = _oracle_lines(oracle, path, run) if oracle else set()
    if failed is None:
        tally.notes.append("the oracle crashed: no chunk judged by it")
        failed = set(range(1, len(lines) + 1))
    skewed = [(first, last) for first, last, _ in chunks if any(first <= n <= last for n in failed)]

    def skew(line: int) -> bool:
        return any(first <= line <= last for first, last in skewed)

    for diagnostic in _diagnostics(command, path, run.flags):
        if diagnostic.get("severity") != "error":
            continue
        code = diagnostic.get("code")
        if skew(_line(diagnostic)):
            tally.skew += 1
        elif run.verify and code == "BC901":
            missing = str(diagnostic.get("message", "")).startswith("expected error")
            if run.via:
                tally.by_pass += missing
            else:
                tally.unmet += missing
        elif run.verify and code in ("BC902", "BC903"):
            if run.via and str(diagnostic.get("message", "")).startswith("'warning' diagnostic emitted when"):
                tally.by_pass += 1  # the pass's error, which broadcheck gives in its words as a warning (BC720)
            elif expects_error(_line(diagnostic)):
                tally.wrong_errors += 1
            else:
                tally.false_errors += 1
                tally.notes.append(f"line {_line(diagnostic)}: {diagnostic.get('message')}")
        elif not run.verify and not run.fails and not (run.unmodelled and expects_error(_line(diagnostic))):
            tally.false_errors += 1  # (where the file expects an error behind passes not modelled, not false)
            tally.notes.append(f"line {_line(diagnostic)}: {diagnostic.get('message')}")
    if run.verify:
        expectations, _ = parse_annotations(str(path), enumerate(lines, 1), len(lines))
        errors = [e for e in expectations if e.kind == "error" and not skew(e.span.line)]
        plain = [d for d in _diagnostics(command, path, run.flags[:-1]) if d.get("severity") == "error"]
        tally.expected = len(errors)
        tally.met = sum(any(_line(d) == e.line and e.matches(str(d.get("message", ""))) for d in plain) for e in errors)
        tally.not_held = max(0, tally.expected - tally.met - tally.unmet - tally.by_pass)
    if run.exception:
        tally.notes.insert(0, f"behind -{run.exception} ({PASSES[run.exception][0]}): {PASSES[run.exception][1]}")
    return tally


def _row(name: str, tally: Tally) -> str:
    top = ", ".join(f"{op} ({n})" for op, n in tally.passed.most_common(3)) or "-"
    return (
        f"| {name} | {tally.files} | {tally.checked} | {tally.no_rule} | {tally.skipped} | {tally.share:.1%} "
        f"| {tally.false_errors} | {tally.wrong_errors} | {tally.met}/{tally.expected} | {tally.unmet} "
        f"| {tally.not_held} | {tally.by_pass} | {tally.skew} | {top} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; exit 1 if a file has a false error or could not be checked."""
    parser = argparse.ArgumentParser(prog="python -m bench.upstream", description=__doc__.splitlines()[0])
    parser.add_argument("--broadcheck", default=f"{sys.executable} -m broadcheck", help="the command to run")
    parser.add_argument("--files", action="store_true", help="a row for each file too")
    parser.add_argument("--oracle", default="", help="the real tool (iree-opt, mlir-opt) to judge version skew")
    parser.add_argument("folders", nargs="+", type=Path)
    args = parser.parse_args(argv)
    command = shlex.split(args.broadcheck)
    print(
        "| folder | files | checked | no shape rule | passed over | checked % | false errors | wrong errors "
        "| expected-errors met | unmet on checked ops | about unchecked ops | left to the pass | skew "
        "| most passed over |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    total = Tally()
    details: list[str] = []
    for folder in args.folders:
        folder_tally = Tally()
        for path in sorted(folder.rglob("*.mlir")):
            tally = check_file(command, path, shlex.split(args.oracle))
            folder_tally.add(tally)
            name = str(path.relative_to(folder))
            if args.files:
                details.append(_row(name, tally))
            details.extend(f"  {name}: {note}" for note in tally.notes[:5])
        total.add(folder_tally)
        print(_row(str(folder), folder_tally))
    print(_row("all", total))
    if details:
        print()
        print("\n".join(details))
    return 1 if total.false_errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
