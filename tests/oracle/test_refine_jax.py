"""Differential campaign: ``broadcheck refine`` against jaxlib 0.10.2's shape refinement (issue 32).

1. The JAX symbolic exports (``bench/.data/exports-jax/*-dyn.export.mlir``, made by ``jax.export``
   with symbolic batch dimensions; git-ignored: ``make exports`` or a copy), refined with
   ``--dim`` at batch 1, 8 and 64 (a second variable, the decoder's ``s``, at 12): broadcheck's
   output must keep no dynamic dimension, verify with iree-opt 3.13, and refine, through jaxlib's
   ``refine_polymorphic_shapes``, to the very text jaxlib makes of the export itself (the same
   wrapper, the same static arguments): every type broadcheck wrote is the one jaxlib infers, or
   the two outputs would differ.
2. A generated campaign (``bench/refine_gen.py``) of small StableHLO functions written as
   ``jax.export`` writes them (a symbolic batch read by ``get_dimension_size``, shape operands
   built by ``reshape``/``concatenate``/arithmetic, ``dynamic_broadcast_in_dim``,
   ``dynamic_reshape``, ``dynamic_iota``, elementwise ops, ``dot_general``, ``concatenate``,
   a private callee that takes the dimension; ops with regions: ``stablehlo.if``/``case``, a
   generic ``stablehlo.while``, ``sort``; a private function called with two sets of types, which
   refine clones), compared the same way.

jaxlib runs in its own interpreter (``BROADCHECK_JAX_PYTHON``: by default this one, which needs jax), through
``tests/oracle/refine_jaxlib.py``. Knobs: ``BROADCHECK_REFINE_CASES`` (default 1000) and
``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = ROOT / "bench" / ".data" / "exports-jax"
JAX_PYTHON = os.environ.get("BROADCHECK_JAX_PYTHON") or sys.executable
"""An interpreter with jax (``make oracle`` installs it into the test venv; else name one)."""
IREE_OPT = (
    os.environ.get("BROADCHECK_IREE_OPT")
    or shutil.which("iree-opt", path=str(Path(sys.executable).parent))
    or "iree-opt"
)
HELPER = Path(__file__).with_name("refine_jaxlib.py")
COUNT = int(os.environ.get("BROADCHECK_REFINE_CASES", 1000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))
_DYNAMIC = re.compile(r"tensor<(?:[^>]*x)?\?")


def _need_tools() -> None:
    no_jax = sys.executable == JAX_PYTHON and importlib.util.find_spec("jax") is None
    if no_jax or not Path(JAX_PYTHON).exists() or (shutil.which(IREE_OPT) is None and not Path(IREE_OPT).exists()):
        pytest.fail(
            "needs jaxlib (BROADCHECK_JAX_PYTHON) and iree-opt (BROADCHECK_IREE_OPT): run `make oracle`", pytrace=False
        )


def jaxlib(jobs: list[dict[str, object]]) -> list[dict[str, object]]:
    """jaxlib's refinement of each job (see ``refine_jaxlib.py``)."""
    done = subprocess.run(
        [JAX_PYTHON, str(HELPER)], input=json.dumps(jobs), capture_output=True, text=True, check=True, timeout=3600
    )
    outcomes: list[dict[str, object]] = json.loads(done.stdout)
    return outcomes


def iree_verifies(texts: list[str]) -> list[str | None]:
    """iree-opt's complaint about each text, or ``None`` where it parses and verifies: one run over
    them all (``--split-input-file``), then one run each only if that one complains."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write("\n// -----\n".join(texts))
    try:
        done = subprocess.run(
            [IREE_OPT, "--split-input-file", handle.name, "-o", os.devnull],
            capture_output=True, text=True, timeout=3000,
        )  # fmt: skip
    finally:
        os.unlink(handle.name)
    if done.returncode == 0:
        return [None] * len(texts)
    return [_verify_one(text) for text in texts]


def _verify_one(text: str) -> str | None:
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
    try:
        done = subprocess.run(
            [IREE_OPT, "--allow-unregistered-dialect", handle.name, "-o", os.devnull],
            capture_output=True,
            text=True,
            timeout=600,
        )
    finally:
        os.unlink(handle.name)
    return None if done.returncode == 0 else done.stderr[:2000]


def main_arguments(text: str) -> list[str]:
    """The argument types of ``@main``."""
    match = re.search(r"func\.func public @main\((.*?)\) -> ", text)
    assert match is not None
    return re.findall(r"%arg\d+: (tensor<[^>]*>)", match.group(1))


def dimension_names(text: str) -> list[str]:
    """The symbolic dimension names ``jax.export`` recorded, in order of first mention."""
    return list(dict.fromkeys(re.findall(r'jax\.global_constant = "(\w+)"', text)))


def compare(cases: list[tuple[str, str, dict[str, int]]]) -> tuple[int, list[str]]:
    """Refine each (name, text, dims) with broadcheck and with jaxlib; (types compared, differences)."""
    jobs: list[dict[str, object]] = []
    ours: list[str | None] = []
    problems: list[str] = []
    for name, text, dims in cases:
        after, diagnostics, _ = refine_text(name, text, Request({}, dims), Options())
        said = [f"{d.line}:{d.column}: {d.severity}: {d.message}" for d in diagnostics]
        static = {
            str(i): new for i, (old, new) in enumerate(zip(main_arguments(text), main_arguments(after), strict=True))
            if old != new
        }  # fmt: skip
        jobs.append({"text": text, "static": static})
        jobs.append({"text": after, "static": static})
        if said:
            problems.append(f"{name}: broadcheck says {said[:3]}")
            ours.append(None)
            continue
        left = [m.group(0) for m in _DYNAMIC.finditer(after)]
        if left:
            problems.append(f"{name}: broadcheck leaves dynamic types: {left[:3]}")
        ours.append(after)
    outcomes = jaxlib(jobs)
    written = [after for after in ours if after is not None]
    complaints = dict(zip(map(id, written), iree_verifies(written), strict=True))
    types = 0
    for (name, _, _), after, theirs, again in zip(cases, ours, outcomes[0::2], outcomes[1::2], strict=True):
        if after is None:
            continue
        if not theirs["ok"]:
            problems.append(f"{name}: jaxlib fails on the export: {str(theirs['error'])[:300]}")
            continue
        complaint = complaints[id(after)]
        if complaint is not None:
            problems.append(f"{name}: iree-opt rejects broadcheck's output: {complaint[:300]}")
        if not again["ok"]:
            problems.append(f"{name}: jaxlib fails on broadcheck's output: {str(again['error'])[:300]}")
        elif again["text"] != theirs["text"]:
            problems.append(f"{name}: jaxlib refines broadcheck's output to another module than the export")
        types += len(re.findall(r"tensor<", after))
    return types, problems


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("batch", [1, 8, 64])
def test_jax_exports(batch: int) -> None:
    """Every -dyn export at this batch: broadcheck's refined types are jaxlib's."""
    _need_tools()
    files = sorted(EXPORTS.glob("*-dyn.export.mlir"))
    if not files:
        pytest.skip(f"no JAX symbolic exports in {EXPORTS} (make exports, or copy them there)")
    cases = []
    for path in files:
        text = path.read_text()
        dims = {name: batch if k == 0 else 12 for k, name in enumerate(dimension_names(text))}
        cases.append((path.name, text, dims))
    types, problems = compare(cases)
    print(f"\nrefine at batch {batch}: {len(cases)} exports, {types} types in the outputs, {len(problems)} differences")
    assert not problems, "\n".join(problems)


@pytest.mark.timeout(7200)
def test_generated_functions() -> None:
    """The generated campaign: 0 differences in every refined type."""
    _need_tools()
    sys.path.insert(0, str(ROOT))
    from bench.refine_gen import generate

    cases = generate(COUNT, SEED)
    types, problems = compare(cases)
    print(f"\nrefine campaign: {len(cases)} functions, {types} types in the outputs, {len(problems)} differences")
    assert not problems, "\n".join(problems[:20])


BREAKS = sorted((ROOT / "tests" / "fixtures" / "refine").glob("*.mlir"))
_FIRST = re.compile(r":(\d+):(\d+): error: (.*)")


def _request(path: Path) -> tuple[bool, Request]:
    """Whether the fixture's RUN line expects exit 1, and its request."""
    from broadcheck.engine.refine import parse_arg, parse_dim

    words = path.read_text().splitlines()[0].removeprefix("// RUN:").split()
    request = Request()
    for flag, value in itertools.pairwise(words):
        if flag == "--arg":
            name, index, text = parse_arg(value)
            request.args[name, index] = text
        elif flag == "--dim":
            dim, size = parse_dim(value)
            request.dims[dim] = size
    return words[0] == "not", request


@pytest.mark.parametrize("path", BREAKS, ids=lambda p: p.stem)
def test_what_breaks(path: Path) -> None:
    """Each fixture that breaks: broadcheck's first error is the real tool's, at its place (iree-opt
    on the refined text; jaxlib's refinement for a shape assertion); each that does not, iree-opt
    verifies (and finds no error broadcheck does not)."""
    _need_tools()
    breaks, request = _request(path)
    text = path.read_text()
    after, diagnostics, _ = refine_text(path.name, text, request, Options())
    errors = [d for d in diagnostics if d.severity == "error"]
    if any(d.code == "BC1861" for d in errors):
        static = {
            str(i): new for i, (old, new) in enumerate(zip(main_arguments(text), main_arguments(after), strict=True))
            if old != new
        }  # fmt: skip
        (theirs,) = jaxlib([{"text": text, "static": static}])
        assert not theirs["ok"]
        assert errors[0].message in str(theirs["error"])
        return
    complaint = _verify_one(after)
    if not breaks:
        assert complaint is None and not errors, complaint
        return
    assert complaint is not None and errors
    found = _FIRST.search(complaint)
    assert found is not None, complaint
    assert (errors[0].line, errors[0].column, errors[0].message) == (
        int(found.group(1)), int(found.group(2)), found.group(3),
    )  # fmt: skip
