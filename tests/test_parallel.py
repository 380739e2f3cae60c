"""Many files: -j N gives the same bytes as -j 1, ordered by path; walking is safe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Invoke


def _broadcheck(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "broadcheck", *args], cwd=cwd, capture_output=True, text=True, check=False
    )


@pytest.fixture
def fifty(tmp_path: Path) -> Path:
    for i in range(50):
        sub = tmp_path / "ir" / f"group{i % 7}"
        sub.mkdir(parents=True, exist_ok=True)
        ops = [
            f'%{k} = "tf.AddV2"(%a, %b) : (tensor<{i + 2}x{k + 1}xf32>, tensor<{k + 2}xf32>) -> tensor<{i + 2}x{k + 2}xf32>'
            for k in range(i % 5 + 1)
        ]
        ops.append(f"%r = tosa.add %a, %b : (tensor<{i + 2}xf32>, tensor<{i + 3}xf32>) -> tensor<{i + 2}xf32>")
        (sub / f"file{i:02d}.mlir").write_text("\n".join(ops) + "\n")
    return tmp_path


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "sarif", "github"])
def test_jobs_do_not_change_the_output(fifty: Path, fmt: str) -> None:
    serial = _broadcheck("check", "--isolated", "-j", "1", "--output-format", fmt, "ir", cwd=fifty)
    parallel = _broadcheck("check", "--isolated", "-j", "2", "--output-format", fmt, "ir", cwd=fifty)
    assert serial.returncode == parallel.returncode == 1
    assert serial.stdout == parallel.stdout
    assert serial.stderr == parallel.stderr == ""  # no progress bar on a pipe
    if fmt == "concise":
        paths = [line.split(":")[0] for line in serial.stdout.splitlines()[:-1]]
        assert paths == sorted(paths)
        assert len(set(paths)) == 50


def test_symlink_loops_and_hidden_directories(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ir" / "deep").mkdir(parents=True)
    (tmp_path / "ir" / "deep" / "ok.mlir").write_text("// nothing\n")
    os.symlink(tmp_path / "ir", tmp_path / "ir" / "deep" / "loop")
    (tmp_path / "ir" / ".cache").mkdir()
    (tmp_path / "ir" / ".cache" / "bad.mlir").write_text('%0 = "tf.AddV2"(%a) : (tensor<3xf32) -> tensor<3xf32>\n')
    result = run("check", "--isolated", "ir")
    assert (result.code, result.out) == (0, "No problems found in 1 file (0 ops checked).\n")


def test_a_directory_without_mlir_files(run: Invoke, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing")
    result = run("check", "--isolated", str(tmp_path))
    # A gate that finds nothing to check must not pass (exit 2), and says why.
    assert (result.code, result.out) == (2, "No files checked.\n")
    assert result.err == f"broadcheck: warning: no .mlir files found under '{tmp_path}'\n"
