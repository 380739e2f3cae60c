"""The hook for real: `pre-commit try-repo` against this working tree, in a scratch repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow

GOOD = "%0 = tosa.add %a, %b : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
BAD = "%0 = tosa.add %a, %b : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_manifest_is_valid() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-manifest", str(ROOT / ".pre-commit-hooks.yaml")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_try_repo_fails_on_the_bad_file_and_passes_once_fixed(tmp_path: Path) -> None:
    # A copy of the working tree as a git repository: try-repo needs one, and the
    # checkout under test may carry uncommitted changes.
    hook_repo = tmp_path / "broadcheck"
    shutil.copytree(
        ROOT, hook_repo, ignore=shutil.ignore_patterns(".venv*", ".git", "__pycache__", "*.egg-info", ".*_cache")
    )
    _git("init", "-q", cwd=hook_repo)
    _git("add", "-A", cwd=hook_repo)
    _git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "snapshot", cwd=hook_repo)

    work = tmp_path / "work"
    work.mkdir()
    _git("init", "-q", cwd=work)
    (work / "good.mlir").write_text(GOOD)
    (work / "bad.mlir").write_text(BAD)
    (work / "notes.txt").write_text(BAD)  # not an .mlir file: never checked
    _git("add", "-A", cwd=work)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "broadcheck", "--all-files"]

    failed = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "error[BC101]: 'tosa.add' op operands don't have broadcast-compatible shapes" in failed.stdout
    assert "--> bad.mlir:1:6" in failed.stdout
    assert "good.mlir" not in failed.stdout.split("error[BC101]")[1]

    (work / "bad.mlir").write_text(GOOD)
    _git("add", "-A", cwd=work)
    passed = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout
