"""The wheel a user installs: the grammar ships inside it and the CLI runs anywhere."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def test_wheel_installs_and_runs_from_an_unrelated_directory(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("broadcheck-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "broadcheck/grammars/mlir.lark" in names
    assert "broadcheck/py.typed" in names  # the library API is typed (PEP 561)
    assert not any(name.startswith("tests/") for name in names)

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, capture_output=True)

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "bad.mlir").write_text(
        '%r = "test.broadcastable"(%a, %b) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>\n'
    )
    result = subprocess.run(
        [str(env_dir / "bin" / "broadcheck"), "check", "--output-format", "concise", "bad.mlir"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[0] == "bad.mlir:1:69: error: expected '>' in tensor type [BC001]"
    # The installed package reads its own grammar, not this checkout's.
    where = subprocess.run(
        [str(python), "-c", "from broadcheck.syntax.grammar import grammar_path; print(grammar_path())"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(env_dir) in where.stdout
