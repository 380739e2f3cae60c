"""broadcheck as a gate: a run never passes by accident.

Every path that cannot be read (named, or met while walking a directory) is
reported by name on stderr and makes the exit code 2, and every other path is
still checked; named paths that hold nothing to check exit 2 with a warning;
the summary never says "No problems found" for a run that could not read
something. Permissions are tested as a user who cannot read everything: when
the suite runs as root (as CI does here), the unreadable case runs under
``setpriv`` with the capabilities that let root read anything dropped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.waits import HANG

BAD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
GOOD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>\n"


def _as_unprivileged() -> list[str]:
    """A command prefix that runs as a user for whom mode 000 means unreadable."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot create an unreadable path (the rest of the suite runs)")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]


def _broadcheck(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [*_as_unprivileged(), sys.executable, "-m", "broadcheck", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=HANG, check=False)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "hidden_bad.mlir").write_text(BAD)
    (tmp_path / "noperm.mlir").write_text(BAD)
    (tmp_path / "bad.mlir").write_text(BAD)
    (tmp_path / "sub").chmod(0)
    (tmp_path / "noperm.mlir").chmod(0)
    yield tmp_path
    (tmp_path / "sub").chmod(0o755)
    (tmp_path / "noperm.mlir").chmod(0o644)


def test_an_unreadable_subdirectory_is_reported_and_fails_the_run(tree: Path) -> None:
    result = _broadcheck("check", "--isolated", "--output-format", "concise", ".", cwd=tree)
    assert result.returncode == 2
    assert result.stdout.splitlines() == [
        "./bad.mlir:1:6: error: 'tosa.add' op operands don't have broadcast-compatible shapes [BC101]",
        "Found 1 error in 1 file; 2 paths could not be read.",
    ]
    assert result.stderr.splitlines() == [
        "broadcheck: error: cannot read './noperm.mlir': Permission denied",
        "broadcheck: error: cannot read './sub': Permission denied",
    ]


def test_an_unreadable_named_file_does_not_stop_the_others(tree: Path) -> None:
    result = _broadcheck("check", "--isolated", "--output-format", "concise", "noperm.mlir", "bad.mlir", cwd=tree)
    assert result.returncode == 2
    assert result.stdout.splitlines()[0].startswith("bad.mlir:1:6: error:")
    assert result.stderr == "broadcheck: error: cannot read 'noperm.mlir': Permission denied\n"


def test_unreadable_alone_never_claims_no_problems(tree: Path) -> None:
    result = _broadcheck("check", "--isolated", "noperm.mlir", cwd=tree)
    assert (result.returncode, result.stdout) == (2, "1 path could not be read; nothing was checked.\n")
    (tree / "good.mlir").write_text(GOOD)
    result = _broadcheck("check", "--isolated", "noperm.mlir", "good.mlir", cwd=tree)
    assert result.returncode == 2
    assert result.stdout == "1 path could not be read; no problems in the 1 file (1 op checked).\n"
    assert "No problems found" not in result.stdout


def test_machine_formats_carry_unreadable_paths(tree: Path) -> None:
    sarif = json.loads(_broadcheck("check", "--isolated", "--output-format", "sarif", "noperm.mlir", cwd=tree).stdout)
    invocation = sarif["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["message"]["text"] == (
        "cannot read 'noperm.mlir': Permission denied"
    )
    github = _broadcheck("check", "--isolated", "--output-format", "github", "noperm.mlir", cwd=tree)
    assert github.stdout == "::error file=noperm.mlir,title=broadcheck::cannot read: Permission denied\n"


def test_a_missing_path_is_not_a_clean_run(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("check", "--isolated", "nonexistent.mlir")
    assert (result.code, result.out) == (2, "1 path could not be read; nothing was checked.\n")
    assert result.err == "broadcheck: error: cannot read 'nonexistent.mlir': No such file or directory\n"


def test_nothing_to_check_exits_2_with_a_warning(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("empty").mkdir()
    Path("other").mkdir()
    Path("other/notes.txt").write_text("x")
    result = run("check", "--isolated", "empty", "other")
    assert (result.code, result.out) == (2, "No files checked.\n")
    assert result.err.splitlines() == [
        "broadcheck: warning: no .mlir files found under 'empty'",
        "broadcheck: warning: no .mlir files found under 'other'",
    ]
    # An empty directory beside a file that is checked: a warning, and the file's own verdict.
    Path("good.mlir").write_text(GOOD)
    result = run("check", "--isolated", "empty", "good.mlir")
    assert result.code == 0
    assert result.err == "broadcheck: warning: no .mlir files found under 'empty'\n"


def test_files_that_exclude_removes_stay_a_clean_exit(
    run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pre-commit names every staged .mlir file; `exclude` in the config may remove them all.
    monkeypatch.chdir(tmp_path)
    Path(".git").mkdir()
    Path("pyproject.toml").write_text('[tool.broadcheck]\nexclude = ["gen"]\n')
    Path("gen").mkdir()
    Path("gen/a.mlir").write_text(BAD)
    result = run("check", "gen/a.mlir")
    assert result.code == 0
    assert result.err == "broadcheck: warning: every file found (1) was excluded ('exclude')\n"


def test_ctrl_c_exits_130_quietly(tmp_path: Path) -> None:
    import signal
    import time

    # broadcheck waits on standard input; Ctrl-C reaches it there.
    process = subprocess.Popen(
        [sys.executable, "-m", "broadcheck", "check", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    # Ctrl-C once it blocks on the read (the kernel says so: not a guessed delay, which a loaded
    # machine outlasts); a signal during Python's own start-up, before broadcheck runs, would be
    # Python's to handle.
    wchan = Path(f"/proc/{process.pid}/wchan")
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        if not wchan.exists() or "pipe" in wchan.read_text() or process.poll() is not None:
            break
        time.sleep(0.01)
    if not wchan.exists():
        time.sleep(1.5)  # no /proc: let it start and block on the read
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=HANG)
    assert process.returncode == 130
    assert (out, err) == ("", "")


def test_a_config_file_that_is_not_utf8_is_a_config_error(
    run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(".git").mkdir()
    Path("pyproject.toml").write_bytes(b'[tool.broadcheck]\nprofile = "\xff"\n')
    Path("a.mlir").write_text(GOOD)
    result = run("check", "a.mlir")
    assert result.code == 2
    assert result.err.startswith("broadcheck: error: ")
    assert "pyproject.toml: invalid TOML: not UTF-8 (byte 0xff" in result.err
    assert "internal error" not in result.err


@pytest.mark.parametrize(
    "args",
    [
        ["explain", "2x1", "8x4x3"],
        ["infer", "3", "4x3", "--semantics", "all"],
        ["check", "--isolated", "u.mlir"],
    ],
)
def test_an_ascii_only_output_falls_back_to_ascii(args: list[str], tmp_path: Path) -> None:
    (tmp_path / "u.mlir").write_text("// café ─\n" + BAD.rstrip("\n") + "  // ─ é\n")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run(
        [sys.executable, "-m", "broadcheck", *args],
        cwd=tmp_path,
        capture_output=True,
        env=env,
        timeout=HANG,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert b"internal error" not in result.stderr
    assert result.stdout.isascii()


def test_infer_errors_show_the_shapes_as_typed(run: Invoke) -> None:
    result = run("infer", "4x3x2", "3x3")
    assert result.code == 1
    assert result.out.splitlines()[1:5] == [
        " --> <command line>:1:7",
        "  |",
        "1 | 4x3x2 3x3",
        "  |       --- operand #1",
    ]
