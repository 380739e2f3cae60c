"""bench/upstream.py: how a test file's RUN lines are read, and how its chunks are cut."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.upstream import PASSES, RunLine, _chunks, check_file, read_run

RUN_LINES = [
    ("// RUN: mlir-opt %s -split-input-file -verify-diagnostics", RunLine(True, True)),
    ("// RUN: mlir-opt <%s -split-input-file -verify-diagnostics", RunLine(True, True)),
    ("// RUN: mlir-opt -allow-unregistered-dialect %s -split-input-file -verify-diagnostics", RunLine(True, True)),
    # behind a pass the expected errors are the pass's: the input itself must verify
    ("// RUN: mlir-opt <%s -split-input-file -verify-diagnostics -canonicalize", RunLine(True, unmodelled=True)),
    (
        "// RUN: mlir-opt %s -arith-expand -split-input-file -verify-diagnostics | FileCheck %s",
        RunLine(True, unmodelled=True),
    ),
    ("// RUN: mlir-opt %s | mlir-opt | FileCheck %s", RunLine(False, False)),
    ("// RUN: mlir-opt --split-input-file %s | mlir-opt | FileCheck %s", RunLine(True, False)),
    (
        "// RUN: mlir-opt %s -pass-pipeline='builtin.module(func.func(x{a=0,0}))' -verify-diagnostics",
        RunLine(unmodelled=True),
    ),
    (
        '// RUN: mlir-opt --arith-int-narrowing="x=1,8" \\\n// RUN:          --verify-diagnostics %s | FileCheck %s',
        RunLine(unmodelled=True),
    ),
    ("// RUN: stablehlo-opt %s -verify-diagnostics -split-input-file", RunLine(True, True)),
    ("// RUN: FileCheck %s < %s", RunLine()),
    # a translation splits its input as mlir-opt does; its diagnostics are the translation's own
    ("// RUN: heir-translate %s --emit-lattigo --split-input-file | FileCheck %s", RunLine(True, False)),
    ("// RUN: mlir-translate %s -split-input-file -verify-diagnostics -mlir-to-llvmir", RunLine(True, False)),
    # a tool expected to fail: the file may hold what the parser rejects, no error in it is false
    ("// RUN: not heir-translate %s --emit-lattigo --split-input-file 2>&1 | FileCheck %s", RunLine(True, fails=True)),
    ("// RUN: not mlir-opt %s -split-input-file -verify-diagnostics", RunLine(True, True)),
    # the passes of PASSES: one that emits its own diagnostics, one whose file's errors are the verifier's
    (
        "// RUN: litert-opt -split-input-file -verify-diagnostics -tfl-runtime-verify %s | FileCheck %s",
        RunLine(True, True, "tfl-runtime-verify"),
    ),
    (
        "// RUN: x-opt --hlo-test-infer --split-input-file --verify-diagnostics %s",
        RunLine(True, True, "hlo-test-infer"),
    ),
    (
        "// RUN: onnx-mlir-opt --shape-inference %s -split-input-file -verify-diagnostics",
        RunLine(True, True, "shape-inference"),
    ),
    # a pass of PASSES beside another pass, or without -verify-diagnostics: the general rule
    ("// RUN: x-opt --hlo-test-infer -canonicalize --verify-diagnostics %s", RunLine(unmodelled=True)),
    ("// RUN: x-opt --hlo-test-infer %s | FileCheck %s", RunLine()),
    ("// RUN: x-opt --shape-inference-extra --verify-diagnostics %s", RunLine(unmodelled=True)),
    ("func.func @f() { return }", RunLine()),
]


@pytest.mark.parametrize(("text", "expected"), RUN_LINES)
def test_read_run(text: str, expected: RunLine) -> None:
    """Split and verify as the first mlir-opt of each RUN command asks, verify only without a pass."""
    assert read_run(text) == expected


def test_flags() -> None:
    assert RunLine(True, True).flags == ("--profile", "llvm", "--split-input-file", "--verify-diagnostics")
    assert RunLine().flags == ("--profile", "llvm")


def test_chunks() -> None:
    lines = ["a", "// expected-error {{x}}", "// -----", "b", "// -----", "c"]
    assert _chunks(lines, split=True) == [(1, 2, True), (4, 4, False), (6, 6, False)]
    assert _chunks(lines, split=False) == [(1, 6, True)]


def test_passes_are_data() -> None:
    """Each exception is a kind (``pass`` or ``verifier``) and a reason; only ``pass`` ones are ``via``."""
    assert all(kind in ("pass", "verifier") and why for kind, why in PASSES.values())
    assert RunLine(True, True, "tfl-runtime-verify").via
    assert RunLine(True, True, "shape-inference").via
    assert not RunLine(True, True).via


_CHUNKS = """
func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "arith.addf"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @g(%a: tensor<*xf32>) {
  // expected-error @+1 {{not ranked}}
  %0 = arith.addf %a, %a : tensor<*xf32>
  return
}
"""


@pytest.mark.parametrize(
    ("run", "unmet", "by_pass"),
    [
        ("// RUN: mlir-opt %s -split-input-file -verify-diagnostics", 1, 0),
        ("// RUN: onnx-mlir-opt --onnx-pre-krnl-verify %s -split-input-file -verify-diagnostics", 0, 1),
    ],
)
def test_errors_left_to_the_pass(tmp_path: Path, run: str, unmet: int, by_pass: int) -> None:
    """An expected error broadcheck does not produce is unmet, or the pass's behind a pass that emits its own."""
    path = tmp_path / "t.mlir"
    path.write_text(run + "\n" + _CHUNKS)
    tally = check_file([sys.executable, "-m", "broadcheck"], path)
    assert (tally.expected, tally.met, tally.false_errors, tally.wrong_errors) == (2, 1, 0, 0)
    assert (tally.unmet, tally.not_held, tally.by_pass) == (unmet, 0, by_pass)
    assert any("onnx-pre-krnl-verify" in note for note in tally.notes) == bool(by_pass)


def test_an_expected_error_behind_passes_not_modelled_is_not_false(tmp_path: Path) -> None:
    """Behind passes bench/upstream does not model the input must verify, except in a chunk that
    expects an error: there the file says the error is wanted (by the passes or the verifier)."""
    path = tmp_path / "t.mlir"
    path.write_text("// RUN: x-opt -canonicalize -cse -split-input-file -verify-diagnostics %s\n" + _CHUNKS)
    tally = check_file([sys.executable, "-m", "broadcheck"], path)
    assert tally.false_errors == 0
    path.write_text(
        path.read_text().replace("// expected-error @+1 {{requires the same type for all operands and results}}\n", "")
    )
    tally = check_file([sys.executable, "-m", "broadcheck"], path)
    assert tally.false_errors == 1


_ORACLE = """import os, signal, sys
print("{path}:3:1: error: the oracle's own", file=sys.stderr) if {errs} else None
if {crash}:
    os.kill(os.getpid(), signal.SIGSEGV)
"""


@pytest.mark.parametrize(
    ("crash", "errs", "false", "skew"), [(False, False, 1, 0), (False, True, 0, 1), (True, False, 0, 1)]
)
def test_an_oracle_judges_chunks_unless_it_crashed(
    tmp_path: Path, crash: bool, errs: bool, false: int, skew: int
) -> None:
    """An error in a chunk the oracle accepts is false; in a chunk it rejects, skew; and an oracle that
    dies by a signal (iree-opt 3.13 printing some `affine.parallel`) accepts nothing: no chunk is judged."""
    path = tmp_path / "t.mlir"
    path.write_text("// RUN: mlir-opt %s\nfunc.func @f(%a: tensor<2xi32>, %b: tensor<3xi32>) {\n"
                    "  %0 = arith.addi %a, %b : tensor<2xi32>\n  return\n}\n")  # fmt: skip
    oracle = tmp_path / "oracle.py"
    oracle.write_text(_ORACLE.format(path=path, errs=errs, crash=crash))
    tally = check_file([sys.executable, "-m", "broadcheck"], path, [sys.executable, str(oracle)])
    assert (tally.false_errors, tally.skew) == (false, skew)
    assert any("crashed" in note for note in tally.notes) == crash
