"""bench/upstream.py: how a test file's RUN lines are read, and how its chunks are cut."""

from __future__ import annotations

import pytest

from bench.upstream import RunLine, _chunks, read_run

RUN_LINES = [
    ("// RUN: mlir-opt %s -split-input-file -verify-diagnostics", RunLine(True, True)),
    ("// RUN: mlir-opt <%s -split-input-file -verify-diagnostics", RunLine(True, True)),
    ("// RUN: mlir-opt -allow-unregistered-dialect %s -split-input-file -verify-diagnostics", RunLine(True, True)),
    # behind a pass the expected errors are the pass's: the input itself must verify
    ("// RUN: mlir-opt <%s -split-input-file -verify-diagnostics -canonicalize", RunLine(True, False)),
    ("// RUN: mlir-opt %s -arith-expand -split-input-file -verify-diagnostics | FileCheck %s", RunLine(True, False)),
    ("// RUN: mlir-opt %s | mlir-opt | FileCheck %s", RunLine(False, False)),
    ("// RUN: mlir-opt --split-input-file %s | mlir-opt | FileCheck %s", RunLine(True, False)),
    ("// RUN: mlir-opt %s -pass-pipeline='builtin.module(func.func(x{a=0,0}))' -verify-diagnostics", RunLine()),
    (
        '// RUN: mlir-opt --arith-int-narrowing="x=1,8" \\\n// RUN:          --verify-diagnostics %s | FileCheck %s',
        RunLine(),
    ),
    ("// RUN: stablehlo-opt %s -verify-diagnostics -split-input-file", RunLine(True, True)),
    ("// RUN: FileCheck %s < %s", RunLine()),
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
