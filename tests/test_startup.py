"""Start-up (issue 12): a run imports only what it needs.

A run is a whole process (``python -X importtime -m broadcheck``), so that what it
imports is what a user's run imports. Each test directory holds ``.git``, so that
configuration discovery stops there and never reads a ``pyproject.toml`` above it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CLEAN = (
    "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
)
BAD = (
    "func.func @f(%a: tensor<4xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {\n"
    "  %0 = tosa.add %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
)
FORMATS = ["full", "concise", "json", "sarif", "github"]
# What a clean run never needs: the grammar (Lark), the renderer (Rich), JSON (but for the
# JSON formats), worker processes (one file), TOML (no configuration file).
HEAVY = {"lark", "rich", "json", "multiprocessing", "concurrent", "tomllib"}


def project(tmp_path: Path, text: str, pyproject: str | None = None) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "one.mlir").write_text(text)
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject)
    return tmp_path


def run(cwd: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``broadcheck check ARGS``; also the top-level packages it imported."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "broadcheck", "check", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    imported = {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and not line.endswith("imported package")
    }
    assert "broadcheck" in imported
    return done, imported


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_clean_run_imports_only_what_it_needs(tmp_path: Path, fmt: str) -> None:
    done, imported = run(project(tmp_path, CLEAN), "--output-format", fmt, "one.mlir")
    assert done.returncode == 0
    allowed = {"json"} if fmt in ("json", "sarif") else set()
    assert imported & HEAVY == allowed


def test_a_clean_run_says_so(tmp_path: Path) -> None:
    done, _ = run(project(tmp_path, CLEAN), "one.mlir")
    assert (done.returncode, done.stdout) == (0, "No problems found in 1 file (1 op checked).\n")


def test_a_configuration_table_is_read_with_tomllib_only(tmp_path: Path) -> None:
    where = project(tmp_path, CLEAN, '[tool.broadcheck]\nprofile = "llvm"\n')
    done, imported = run(where, "one.mlir")
    assert (done.returncode, done.stdout) == (0, "No problems found in 1 file (1 op checked).\n")
    assert imported & HEAVY == {"tomllib"}


def test_a_bad_configuration_is_still_an_error(tmp_path: Path) -> None:
    done, _ = run(project(tmp_path, CLEAN, "[tool.broadcheck]\nprofile = 'x'\n"), "one.mlir")
    assert done.returncode == 2
    said = [line for line in done.stderr.splitlines() if not line.startswith("import time:")]
    assert said == [
        f"broadcheck: error: {tmp_path / 'pyproject.toml'}: [tool.broadcheck] 'profile' is 'x'; allowed: spec, llvm"
    ]


@pytest.mark.parametrize("fmt", ["concise", "json", "sarif", "github"])
def test_only_the_full_format_loads_rich(tmp_path: Path, fmt: str) -> None:
    done, imported = run(project(tmp_path, BAD), "--output-format", fmt, "one.mlir")
    assert done.returncode == 1
    assert "rich" not in imported


def test_the_full_format_draws_with_rich(tmp_path: Path) -> None:
    # The check above can see Rich: here it is loaded.
    done, imported = run(project(tmp_path, BAD), "--output-format", "full", "one.mlir")
    assert done.returncode == 1
    assert done.stdout.endswith("Found 1 error in 1 file.\n")
    assert "rich" in imported


def test_the_whole_output_is_written_before_the_process_ends(tmp_path: Path) -> None:
    # The program ends itself once the output is flushed (broadcheck.cli._exit).
    for i in range(200):
        (tmp_path / f"f{i:03d}.mlir").write_text(BAD)
    done = subprocess.run(
        [sys.executable, "-m", "broadcheck", "check", "--isolated", "-j", "1", "--output-format", "concise", "."],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 201
    assert lines[-1] == "Found 200 errors in 200 files."
