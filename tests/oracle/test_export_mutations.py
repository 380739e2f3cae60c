"""Mutation campaign on real exports: one type changed in a real model, the real tool's
verdict against broadcheck's (issue 29, "Must show", first bullet).

The exports are those of ``bench/torchexports.py`` (torch-mlir: ``*.linalg.mlir``,
``*.stablehlo.mlir``, ``*.tosa.generic.mlir``, in ``bench/.data/exports-torch/``),
``bench/tfexports.py`` (TensorFlow 2.21: ``*.tfstd.mlir``, ``*.tf.mlir``, in
``bench/.data/exports-tf/``) and ``bench/jaxexports.py`` (JAX 0.10.2: ``*.jit.mlir``,
``*.loc.mlir``, ``*.export.mlir``, ``*.generic.mlir``, in ``bench/.data/exports-jax/``; besides
the seeded draw, :func:`test_jax_exports` mutates every yield of a ``while``/``case`` body and the
results of the ops of :data:`JAX_OPS`); the mutants, one type each (an op's result type alone, or
with its uses retyped too; a yield's type; a constant's type), come from
:mod:`export_mutants`, seeded (the same seed gives the same mutants).

The real tools: iree-base-compiler 3.13's bindings (``ir.Module.parse``: parse and verify)
for linalg, stablehlo (and CHLO) and tosa; TensorFlow 2.21 (``tf.mlir.experimental.run_pass_pipeline(text,
'')``: parse and verify) for tf, in one worker process of its own environment fed every
mutant (importing TensorFlow takes seconds). Each gives its first error by (line, column),
the first emitted among those at the same place (an op's verifier may emit two there: IREE's
``inferred type(s) ... are incompatible`` then ``failed to infer returned types``).

Per mutant, the outcome is:

* ``accepted``: the tool accepts it and broadcheck reports no error;
* ``false error``: the tool accepts it, broadcheck reports an error;
* ``agree``: the tool rejects it, and broadcheck's first error, in the order of its report
  (``broadcheck check``: a module's parse errors before its verifiers', as MLIR meets them),
  is on the same line with the same message;
* ``found later``: broadcheck reports the tool's error (same line, same message), but not
  first (say, a verifier's error in a module whose parse error broadcheck did not classify
  as one);
* ``disagree``: broadcheck reports errors, none of them the tool's;
* ``missed``: the tool rejects it and broadcheck reports no error;
* ``raised``: broadcheck raised.

The test prints a table per family (and per kind of mutation) and fails with the first
differences (every outcome but ``accepted`` and ``agree``).

Knobs: ``BROADCHECK_MUTANTS`` (mutants per family, default 20: a quick run of about a
minute; broadcheck takes 0.2-3 s per mutant, by the export's size), ``BROADCHECK_MUTANTS_SEED``,
``BROADCHECK_MUTANTS_MAX_BYTES`` (exports larger than this are left out; default 2.5 MB,
which leaves out MobileNetV2's 13 MB tf files), ``BROADCHECK_TF_PYTHON`` (the Python of the
TensorFlow environment; default ``.venv-tf/bin/python``, as ``make oracle-tf`` makes it).
Without IREE the iree test fails; without TensorFlow the tf test is skipped, saying why.

The fixtures written for what the campaign found (:data:`IREE_FIXTURES`, :data:`TF_FIXTURES`) are
held to the real tools here too: iree-opt passes the first with ``--split-input-file
--verify-diagnostics``; TensorFlow gives, on each chunk of the second, the first expected-error
(its line and message) or accepts a chunk that expects none.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import os
import re
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR, verdict
from .common import ir as _ir
from .export_mutants import KINDS, Mutant, load, mutants, op_results, region_yields, without_locations

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
TORCH = ROOT / "bench" / ".data" / "exports-torch"
TF = ROOT / "bench" / ".data" / "exports-tf"
IREE_FAMILIES = ((".linalg.mlir", "linalg"), (".stablehlo.mlir", "stablehlo"), (".tosa.generic.mlir", "tosa"))
TF_FAMILIES = ((".tfstd.mlir", "tfstd"), (".tf.mlir", "tf"))
JAX = ROOT / "bench" / ".data" / "exports-jax"
JAX_FAMILIES = (
    (".jit.mlir", "jax"),
    (".loc.mlir", "jax-loc"),
    (".export.mlir", "jax-dyn"),
    (".generic.mlir", "jax-generic"),
)
JAX_KINDS = {"jax-generic": ("result+uses", "yield+def")}
"""The kinds drawn in a family (the others: ``result``, ``yield``, ``yield+def``, ``constant``). In the
generic form a result can be retyped at every use (``result+uses``), so that its op's verifier speaks;
in the custom forms a result changed alone meets the parser's check of its first use."""
JAX_REGIONS = ("stablehlo.while", "stablehlo.case")
""":func:`test_jax_exports` also mutates every yield of these ops' bodies (family ``jax-regions``)."""
JAX_OPS = (
    "chlo.top_k",
    "stablehlo.while",
    "stablehlo.case",
    "stablehlo.reduce_window",
    "stablehlo.select_and_scatter",
    "stablehlo.sort",
    "stablehlo.scatter",
    "stablehlo.gather",
    "stablehlo.reduce",
    "stablehlo.convolution",
    "stablehlo.dot_general",
    "stablehlo.pad",
    "stablehlo.dynamic_broadcast_in_dim",
    "stablehlo.dynamic_reshape",
    "stablehlo.dynamic_iota",
    "stablehlo.real_dynamic_slice",
    "stablehlo.dynamic_gather",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.get_dimension_size",
    "stablehlo.custom_call",
)
"""Ops whose result type :func:`test_jax_exports` changes in up to three statements of each custom-form
file (family ``jax-ops``: the parser's check of the first use speaks) and of each generic-form file, there
with every use retyped too (``jax-ops-generic``: the op's verifier speaks): the region ops, the
dynamic-shape ops, and those the issue names."""

COUNT = int(os.environ.get("BROADCHECK_MUTANTS", "20"))
SEED = int(os.environ.get("BROADCHECK_MUTANTS_SEED", "29"))
MAX_BYTES = int(os.environ.get("BROADCHECK_MUTANTS_MAX_BYTES", str(2_500_000)))
TF_PYTHON = os.environ.get("BROADCHECK_TF_PYTHON", str(ROOT / ".venv-tf" / "bin" / "python"))
SHOW = 4
FIXTURES = ROOT / "tests" / "fixtures"
IREE_FIXTURES = ("valueflow_tosa_shape.mlir", "tosa_slice_order.mlir", "mutant_parse_errors.mlir")
TF_FIXTURES = ("valueflow_tf_executor.mlir",)
JAX_FIXTURES = (
    "jax_export_mutants.mlir",
    "jax_while_arg_use.mlir",
    "jax_case_verify_order.mlir",
    "jax_literal_dynamic.mlir",
    "jax_literal_shape.mlir",
    "jax_generic_func.mlir",
    "jax_conv_generic.mlir",
)
"""What the JAX campaign found (what broadcheck says as iree-opt does), each passed by iree-opt."""

Error = tuple[int, int, str]
"""An error: line, column, message."""

OUTCOMES = ("accepted", "agree", "found later", "disagree", "missed", "false error", "raised")
GOOD = {"accepted", "agree"}
SHOWN = ("disagree", "missed", "false error", "raised", "found later")
"""The order in which the differences are shown (the first ``SHOW`` of each outcome in each family)."""


def iree_verdict(ctx: Any, text: str) -> Error | None:
    """The first error (by line, column; then in the order emitted) of IREE on ``text``."""
    errors = sorted(verdict(ctx, text), key=lambda e: (e[0], e[1]))
    return errors[0] if errors else None


_TF_WORKER = r"""
import json, re, sys
out = sys.stdout
sys.stdout = sys.stderr
import tensorflow as tf
loc = re.compile(r"^-:(\d+):(\d+): error: (.*)$", re.M)
out.write("@@ready\n"); out.flush()
for line in sys.stdin:
    text = json.loads(line)
    try:
        tf.mlir.experimental.run_pass_pipeline(text, "")
        found = []
    except Exception as exc:
        found = sorted(((int(a), int(b), m) for a, b, m in loc.findall(str(exc))), key=lambda e: e[:2])
        if not found:
            found = [(0, 0, str(exc).strip())]
    out.write("@@" + json.dumps(found[0] if found else None) + "\n"); out.flush()
"""


def tf_verdicts(python: str, texts: Sequence[str]) -> Iterator[Error | None]:
    """TensorFlow's first error on each of ``texts``, from one worker process."""
    with subprocess.Popen(
        [python, "-c", _TF_WORKER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"},
    ) as worker:
        assert worker.stdin is not None and worker.stdout is not None

        def answer() -> str:
            assert worker.stdout is not None
            for line in worker.stdout:
                if line.startswith("@@"):
                    return line[2:].strip()
            raise RuntimeError(f"the TensorFlow worker stopped (exit {worker.wait()})")

        assert answer() == "ready"
        for text in texts:
            worker.stdin.write(json.dumps(text) + "\n")
            worker.stdin.flush()
            found = json.loads(answer())
            yield None if found is None else (found[0], found[1], found[2])
        worker.stdin.close()


def broadcheck_verdict(text: str) -> tuple[Error, ...] | str:
    """broadcheck's errors in the order its report gives them (``broadcheck check``: each
    module's parse errors first), a string if it raised."""
    from broadcheck.engine.options import Options
    from broadcheck.optable import OpTable
    from broadcheck.runner import check_source
    from broadcheck.semantics import Profile

    try:
        diagnostics = check_source("<mutant>", text, Options(Profile("llvm"), OpTable(())), None).diagnostics
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    return tuple((d.line, d.column, d.message) for d in diagnostics if d.severity == "error")


def outcome(expected: Error | None, got: tuple[Error, ...] | str) -> str:
    """The outcome of one mutant (see the module's docstring)."""
    if isinstance(got, str):
        return "raised"
    if expected is None:
        return "accepted" if not got else "false error"
    if not got:
        return "missed"
    if (got[0][0], got[0][2]) == (expected[0], expected[2]):
        return "agree"
    if any((line, message) == (expected[0], expected[2]) for line, _, message in got):
        return "found later"
    return "disagree"


def show_tool(found: Error | None) -> str:
    """The tool's verdict on one line."""
    return "ok" if found is None else f"{found[0]}:{found[1]}: {found[2]}"


def show_broadcheck(found: tuple[Error, ...] | str) -> str:
    """broadcheck's verdict on one line: its first three errors."""
    if isinstance(found, str):
        return found
    errors = "; ".join(f"{line}:{column}: {message}" for line, column, message in found[:3])
    return (errors or "ok") + (f" (+{len(found) - 3} more)" if len(found) > 3 else "")


def report(rows: list[tuple[Mutant, Error | None, tuple[Error, ...] | str]]) -> tuple[str, dict[str, list[str]]]:
    """The summary table (per family, then per family and kind) and the differences by outcome and family."""
    counts: dict[str, collections.Counter[str]] = {}
    for mutant, expected, got in rows:
        result = outcome(expected, got)
        for key in (mutant.family, f"  {mutant.family}/{mutant.kind}"):
            counts.setdefault(key, collections.Counter())
            counts[key]["cases"] += 1
            counts[key]["rejects"] += expected is not None
            counts[key][result] += 1
    columns = ("cases", "rejects", *OUTCOMES)
    width = max([len("family"), *map(len, counts)])
    lines = [f"{'family':<{width}}  " + "  ".join(f"{c:>{max(len(c), 5)}}" for c in columns)]
    families = sorted({m.family for m, _, _ in rows})
    kinds = [*KINDS, *sorted({m.kind for m, _, _ in rows} - set(KINDS))]
    for family in families:
        for key in [family] + [f"  {family}/{k}" for k in kinds]:
            if key in counts:
                row = counts[key]
                lines.append(f"{key:<{width}}  " + "  ".join(f"{row[c]:>{max(len(c), 5)}}" for c in columns))
    diffs: dict[str, list[str]] = {}
    for mutant, expected, got in rows:
        result = outcome(expected, got)
        if result not in GOOD:
            line = mutant.text.split("\n")[mutant.line - 1].strip()
            diffs.setdefault(f"{result}' in {mutant.family}", []).append(
                f"{result}: {mutant.title()}\n    {line[:300]}\n"
                f"    tool:       {show_tool(expected)}\n    broadcheck: {show_broadcheck(got)}"
            )
    return "\n".join(lines), diffs


def finish(title: str, rows: list[tuple[Mutant, Error | None, tuple[Error, ...] | str]]) -> None:
    """Print the tables (and the first differences of each outcome); fail if there are differences."""
    summary, diffs = report(rows)
    text = f"{title}\n{summary}"
    for key in sorted(diffs, key=lambda k: (SHOWN.index(k.split("'")[0]), k)):
        found = diffs[key]
        text += f"\nfirst {min(SHOW, len(found))} of {len(found)} '{key}:\n" + "\n".join(found[:SHOW])
    print("\n" + text)
    total = sum(map(len, diffs.values()))
    if total:
        pytest.fail(f"{total} of {len(rows)} mutants differ (the report is printed above)", pytrace=False)


def _files(directory: Path, families: Sequence[tuple[str, str]]) -> list[tuple[str, str, str]]:
    if not directory.is_dir():
        pytest.fail(f"no exports in {directory}: run `make exports`", pytrace=False)
    found = load(directory, families, MAX_BYTES)
    assert found, f"no exports under {MAX_BYTES} bytes in {directory}"
    return found


def _mutants(
    files: list[tuple[str, str, str]], families: Sequence[tuple[str, str]], kinds: Sequence[str] = KINDS
) -> list[Mutant]:
    out: list[Mutant] = []
    for _, family in families:
        mine = [f for f in files if f[0] == family]
        out += mutants(mine, COUNT, SEED, kinds) if mine else []
    return out


def test_the_mutator_is_deterministic_and_changes_one_type() -> None:
    """The same seed gives the same mutants; each differs from its export on one line only."""
    files = load(TORCH, IREE_FAMILIES, MAX_BYTES)[:3] or [("x", "x.mlir", "%0 = arith.constant 0 : i32\n")]
    first = list(mutants(files, 30, 7))
    assert first == list(mutants(files, 30, 7))
    originals = {name: text.split("\n") for _, name, text in files}
    for mutant in first:
        before, after = originals[mutant.source], mutant.text.split("\n")
        changed = [i + 1 for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        assert changed == [mutant.line] or (mutant.kind == "result+uses" and mutant.line in changed), mutant.title()
        assert mutant.after in after[mutant.line - 1] and mutant.before != mutant.after


def test_iree_exports() -> None:
    """linalg, stablehlo and tosa (generic form) exports of torch-mlir, against iree 3.13."""
    if _ir is None:
        pytest.fail(f"the campaign needs IREE's MLIR bindings ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    files = _files(TORCH, IREE_FAMILIES)
    ctx = _ir.Context()
    bad = [name for _, name, text in files if iree_verdict(ctx, text) is not None]
    assert not bad, f"exports the tool rejects unmutated: {bad}"
    rows = [(m, iree_verdict(ctx, m.text), broadcheck_verdict(m.text)) for m in _mutants(files, IREE_FAMILIES)]
    finish(f"mutants of torch-mlir exports vs iree-opt 3.13 (seed {SEED}, {COUNT} per family)", rows)


def jax_verdict(ctx: Any, text: str) -> Error | None:
    """IREE's first error on ``text`` at the line of the op it names: read from the same text with
    its locations dropped (:func:`without_locations`: same lines), since on the export itself a
    verifier reports at the op's ``loc(...)``, a line of the Python source. Should the verdicts on
    the two texts differ (one accepts), the difference is the verdict, so the mutant is counted."""
    named = iree_verdict(ctx, without_locations(text))
    if (iree_verdict(ctx, text) is None) != (named is None):
        return (0, 0, f"iree accepts only one of the mutant and the mutant without locations ({named})")
    return named


def test_jax_exports() -> None:
    """StableHLO/CHLO exports of JAX 0.10.2 (``bench/jaxexports.py``: jit-lowered, with locations, and
    exported with symbolic shapes), against iree 3.13; then every yield of a ``while``/``case`` body."""
    if _ir is None:
        pytest.fail(f"the campaign needs IREE's MLIR bindings ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    files = _files(JAX, JAX_FAMILIES)
    ctx = _ir.Context()
    bad = [name for _, name, text in files if jax_verdict(ctx, text) is not None]
    assert not bad, f"exports the tool rejects unmutated: {bad}"
    cases: list[Mutant] = []
    for suffix, family in JAX_FAMILIES:
        kinds = JAX_KINDS.get(family, ("result", "yield", "yield+def", "constant"))
        cases += _mutants(files, ((suffix, family),), kinds)
    cases += [dataclasses.replace(m, family="jax-regions") for m in region_yields(files, JAX_REGIONS, SEED)]
    plain = [f for f in files if f[0] in ("jax", "jax-dyn")]
    cases += [dataclasses.replace(m, family="jax-ops") for m in op_results(plain, JAX_OPS, SEED)]
    generic = [f for f in files if f[0] == "jax-generic"]
    cases += [dataclasses.replace(m, family="jax-ops-generic") for m in op_results(generic, JAX_OPS, SEED, uses=True)]
    rows = [(m, jax_verdict(ctx, m.text), broadcheck_verdict(m.text)) for m in cases]
    finish(
        f"mutants of JAX 0.10.2 exports vs iree-opt 3.13 (seed {SEED}, {COUNT} per family + region yields + ops)", rows
    )


def test_tf_exports() -> None:
    """tf (standard pipeline and raw executor form) exports of TF 2.21, against TF 2.21."""
    if not Path(TF_PYTHON).exists():
        pytest.skip(f"no TensorFlow environment at {TF_PYTHON}: `make oracle-tf`, or set BROADCHECK_TF_PYTHON")
    files = _files(TF, TF_FAMILIES)
    cases = _mutants(files, TF_FAMILIES)
    texts = [text for _, _, text in files] + [m.text for m in cases]
    verdicts = list(tf_verdicts(TF_PYTHON, texts))
    bad = [name for (_, name, _), v in zip(files, verdicts, strict=False) if v is not None]
    assert not bad, f"exports the tool rejects unmutated: {bad}"
    rows = [(m, v, broadcheck_verdict(m.text)) for m, v in zip(cases, verdicts[len(files) :], strict=True)]
    finish(f"mutants of TF 2.21 exports vs TF 2.21 (seed {SEED}, {COUNT} per family)", rows)


@pytest.mark.parametrize("name", IREE_FIXTURES + JAX_FIXTURES)
def test_iree_fixtures_pass_iree_opt(name: str) -> None:
    """iree-opt meets every annotation of the fixture and reports nothing else."""
    if _ir is None:
        pytest.fail(f"the test needs IREE ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    import iree.compiler

    opt = Path(iree.compiler.__file__).parent / "_mlir_libs" / "iree-opt"
    command = [str(opt), "--split-input-file", "--verify-diagnostics", str(FIXTURES / name)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr


_EXPECTED = re.compile(r"//\s*expected-error\s*@\+(\d+)\s*\{\{(.*)\}\}")


def _chunks(text: str) -> Iterator[tuple[int, str]]:
    """The ``// -----`` chunks of ``text`` with the line each starts on (1-based)."""
    line = 1
    for chunk in text.split("\n// -----\n"):
        yield line, chunk
        line += chunk.count("\n") + 2


@pytest.mark.parametrize("name", TF_FIXTURES)
def test_tf_fixtures_are_tensorflows_words(name: str) -> None:
    """Each chunk's first expected-error is TensorFlow's first error (line and message); a chunk
    that expects none, TensorFlow accepts."""
    if not Path(TF_PYTHON).exists():
        pytest.skip(f"no TensorFlow environment at {TF_PYTHON}: `make oracle-tf`, or set BROADCHECK_TF_PYTHON")
    chunks = list(_chunks((FIXTURES / name).read_text()))
    wrong = []
    for (start, chunk), found in zip(chunks, tf_verdicts(TF_PYTHON, [c for _, c in chunks]), strict=True):
        expected = None
        for number, line in enumerate(chunk.split("\n"), start=start):
            m = _EXPECTED.search(line)
            if m:
                expected = (number + int(m.group(1)), m.group(2))
                break
        got = None if found is None else (found[0] + start - 1, found[2])
        if got != expected:
            wrong.append(f"chunk at line {start}: expected {expected}, TensorFlow {got}")
    assert not wrong, "\n".join(wrong)
