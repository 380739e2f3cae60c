"""The conventions a ruff user expects: rules by prefix and through a pager, -q/-qq/-v,
--color, --show-settings, --show-files, per-file-ignores, extend-select, extend-exclude,
shell completion, a byte progress bar for one large file at a terminal."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from broadcheck.messages import RULES
from tests.conftest import Invoke
from tests.waits import HANG

BAD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
STALE = "%0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
GOOD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
BIN = Path(sys.executable).parent
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "ir").mkdir()
    (tmp_path / "ir" / "bad.mlir").write_text(BAD)
    (tmp_path / "ir" / "good.mlir").write_text(GOOD)
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.mlir").write_text(BAD)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def codes_listed(text: str) -> list[str]:
    return re.findall(r"^(BC\d+)  ", text, re.M)


# ---------------------------------------------------------------- rules


def test_rules_takes_prefixes_as_select_does(run: Invoke) -> None:
    listed = codes_listed(run("rules", "BC1", "--no-pager").out)
    assert listed == [c for c in RULES if c.startswith("BC1")] and "BC101" in listed and "BC201" not in listed
    both = codes_listed(run("rules", "bc90", "BC003").out)
    assert both == [c for c in RULES if c.startswith(("BC90", "BC003"))]
    unknown = run("rules", "BC1", "BCX")
    assert unknown.code == 2 and "unknown code 'BCX'" in unknown.err


def run_at_a_terminal(args: list[str], cwd: Path, env: dict[str, str], seconds: float = HANG) -> tuple[int, str]:
    """Run ``args`` with stdin, stdout and stderr on a pseudo-terminal; (exit code, what it showed)."""
    main, child = pty.openpty()
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdin=child, stdout=child, stderr=child, close_fds=True)
    os.close(child)
    shown = bytearray()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([main], [], [], 0.2)
        if ready:
            try:
                data = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            shown += data
        elif proc.poll() is not None:
            break
    code = proc.wait(timeout=HANG)
    os.close(main)
    return code, shown.decode("utf-8", "replace")


def terminal_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS", "NO_COLOR", "FORCE_COLOR")}
    env.update(PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", COLUMNS="100", TERM="xterm", **extra)
    env["BROADCHECK_CACHE_DIR"] = str(tmp_path / "cache")
    return env


def test_rules_go_through_the_pager_at_a_terminal_only(tmp_path: Path) -> None:
    paged, pager = tmp_path / "paged.txt", tmp_path / "pager"
    pager.write_text(f"#!/bin/sh\ncat > {paged}\n")
    pager.chmod(0o755)
    env = terminal_env(tmp_path, PAGER=str(pager))
    code, shown = run_at_a_terminal([str(BIN / "broadcheck"), "rules"], tmp_path, env)
    assert code == 0 and codes_listed(paged.read_text()) == list(RULES)
    assert "BC101  " not in shown
    paged.unlink()
    code, shown = run_at_a_terminal([str(BIN / "broadcheck"), "rules", "--no-pager", "BC10"], tmp_path, env)
    assert code == 0 and not paged.exists() and "BC101  operands-not-broadcastable" in shown
    # off a terminal: straight to stdout
    done = subprocess.run([str(BIN / "broadcheck"), "rules"], env=env, capture_output=True, text=True, check=True)
    assert not paged.exists() and codes_listed(done.stdout) == list(RULES)


# ---------------------------------------------------------------- quiet, verbose, colour


def test_quiet_and_verbose(run: Invoke, project: Path) -> None:
    plain = run("check", "--output-format", "concise", "ir")
    assert plain.out.endswith("Found 1 error in 1 of 2 files.\n")
    quiet = run("check", "-q", "--output-format", "concise", "ir")
    assert (
        quiet.code == 1
        and quiet.out
        == "ir/bad.mlir:1:6: error: 'tosa.add' op operands don't have broadcast-compatible shapes [BC101]\n"
    )
    silent = run("check", "-qq", "ir", "nowhere.mlir")
    assert (silent.code, silent.out) == (2, "") and "nowhere.mlir" in silent.err  # errors still say why
    assert run("check", "-qq", "ir").code == 1 and run("check", "-qq", "ir/good.mlir").out == ""
    verbose = run("check", "-v", "ir")
    assert verbose.out == run("check", "ir").out
    said = verbose.err.splitlines()
    assert said[0] == "broadcheck: settings from the defaults"
    assert said[1].startswith("broadcheck: cache ") and said[2].startswith(
        "broadcheck: 2 files to check, 2 from the cache; "
    )
    assert "cache off" in run("check", "-v", "--no-cache", "ir").err


def test_color(run: Invoke, project: Path) -> None:
    always = run("check", "--color", "always", "ir/bad.mlir").out
    never = run("check", "--color", "never", "ir/bad.mlir", env={"FORCE_COLOR": "1"}).out
    assert ANSI.search(always) and not ANSI.search(never)
    assert ANSI.sub("", always) == never
    assert not ANSI.search(run("check", "ir/bad.mlir").out)  # auto, off a terminal
    assert run("check", "--color", "sometimes", "ir").code == 2


# ---------------------------------------------------------------- settings and files


def test_show_settings_says_what_is_in_force_and_from_where(run: Invoke, project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.broadcheck]\nextend-select = ["BC3"]\nper-file-ignores = { "legacy/*" = ["BC101"] }\n'
    )
    shown = run("check", "--show-settings", "--extend-exclude", "gen", "ir")
    assert shown.code == 0
    lines = shown.out.splitlines()
    assert lines[0] == f"# settings from: {project / 'pyproject.toml'}"
    assert 'extend-select      = ["BC3"]' in lines
    assert 'per-file-ignores   = { "legacy/*" = ["BC101"] }' in lines
    assert 'extend-exclude     = ["gen"]' in lines
    assert f'cache-dir          = "{os.environ["BROADCHECK_CACHE_DIR"]}"' in lines
    assert "No problems" not in shown.out and "error" not in shown.out  # nothing checked


def test_show_files_lists_and_checks_nothing(run: Invoke, project: Path) -> None:
    (project / ".gitignore").write_text("build/\n")
    (project / "build").mkdir()
    (project / "build" / "gen.mlir").write_text(BAD)
    listed = run("check", "--show-files", ".")
    assert (listed.code, listed.out) == (0, "./ir/bad.mlir\n./ir/good.mlir\n./legacy/old.mlir\n")
    assert run("check", "--show-files", "--extend-exclude", "legacy", ".").out == "./ir/bad.mlir\n./ir/good.mlir\n"
    assert run("check", "--show-files", "--no-respect-gitignore", ".").out.startswith("./build/gen.mlir\n")
    # a file named on the command line is checked even where .gitignore would skip it
    assert run("check", "--show-files", "build/gen.mlir").out == "build/gen.mlir\n"


def test_per_file_ignores_and_extend_select(run: Invoke, project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.broadcheck]\nselect = ["BC2"]\nextend-select = ["BC101"]\nper-file-ignores = { "legacy/*" = ["BC1"] }\n'
    )
    found = json.loads(run("check", "--output-format", "json", ".").out)
    # per-file-ignores win over select, however specific (as in ruff)
    assert [(d["path"], d["code"]) for d in found] == [("./ir/bad.mlir", "BC101")]
    from_cli = run("check", "--isolated", "--per-file-ignores", "ir/*:BC101", "--output-format", "json", ".")
    assert [d["path"] for d in json.loads(from_cli.out)] == ["./legacy/old.mlir"]
    (project / "pyproject.toml").write_text(
        '[tool.broadcheck]\nselect = ["BC101"]\nper-file-ignores = { "legacy/*" = ["BC1"] }\n'
    )
    only = json.loads(run("check", "--output-format", "json", ".").out)
    assert [d["path"] for d in only] == ["./ir/bad.mlir"]
    bad = run("check", "--per-file-ignores", "ir/*", ".")
    assert bad.code == 2 and "is not GLOB:CODES" in bad.err
    wrong = run("check", "--isolated", "--extend-select", "XY", ".")
    assert wrong.code == 2 and "XY" in wrong.err


def test_the_unsafe_fixes_hint(run: Invoke, project: Path) -> None:
    (project / "ir" / "stale.mlir").write_text(
        "func.func @f(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x1xf32> {\n  "
        + STALE
        + "  return %0 : tensor<3x1xf32>\n}\n"
    )
    diff = run("check", "--diff", "ir/stale.mlir")
    assert diff.err == "No fixes available (1 hidden fix can be enabled with --unsafe-fixes).\n"
    stats = run("check", "--statistics", "ir/stale.mlir").out.splitlines()
    assert stats == [
        "1  BC102  [!] result-not-broadcast-compatible",
        "Found 1 error in 1 file.",
        "[!] 1 fixable with --fix --unsafe-fixes.",
    ]
    assert "--unsafe-fixes" not in run("check", "--diff", "--unsafe-fixes", "ir/stale.mlir").err


# ---------------------------------------------------------------- completion, progress


def test_shell_completion_as_the_readme_documents_it(tmp_path: Path) -> None:
    env = terminal_env(tmp_path, _BROADCHECK_COMPLETE="bash_complete", COMP_WORDS="broadcheck ch", COMP_CWORD="1")
    done = subprocess.run([str(BIN / "broadcheck")], env=env, capture_output=True, text=True)
    assert "plain,check" in done.stdout.splitlines()
    env.update(COMP_WORDS="broadcheck check --no-", COMP_CWORD="2")
    offered = subprocess.run([str(BIN / "broadcheck")], env=env, capture_output=True, text=True).stdout
    assert "plain,--no-cache" in offered.splitlines() and "plain,--no-respect-gitignore" in offered.splitlines()
    source = subprocess.run(
        [str(BIN / "broadcheck")], env={**env, "_BROADCHECK_COMPLETE": "bash_source"}, capture_output=True, text=True
    )
    assert "complete -o nosort -F _broadcheck_completion broadcheck" in source.stdout
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert 'eval "$(_BROADCHECK_COMPLETE=bash_source broadcheck)"' in readme


def test_one_large_file_shows_progress_by_bytes_at_a_terminal(tmp_path: Path) -> None:
    from broadcheck.runner import LARGE

    line = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
    big = tmp_path / "big.mlir"
    big.write_text(line * (LARGE // len(line) + 1000))
    env = terminal_env(tmp_path)
    code, shown = run_at_a_terminal([str(BIN / "broadcheck"), "check", "--no-cache", "big.mlir"], tmp_path, env, 600)
    assert code == 0, shown
    assert "checking big.mlir" in shown and re.search(r"\d+(\.\d+)?/\d+(\.\d+)? MB", shown), shown
    assert "No problems found in 1 file" in shown
    # not on a pipe, nor under CI
    done = subprocess.run(
        [str(BIN / "broadcheck"), "check", "--no-cache", "big.mlir"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert "checking big.mlir" not in done.stderr and done.stderr == ""
