"""The README's examples are what the commands print: every ``console`` block's ``$ ...``
commands are run from the repository's top, as a shell runs them, and what they print must
be the block's text byte for byte (standard output, then standard error, as a terminal shows
them when the command writes its report before its last word on stderr). A line ``...`` alone
stands for any number of lines left out, and a carriage return that ends a line (a CRLF file's
diff), which a terminal does not show, is not written; nothing else is loose."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.waits import HANG

README = ROOT / "README.md"
BIN = Path(sys.executable).parent


def examples() -> list[tuple[int, str, list[str]]]:
    """(line number, command, expected lines) for each ``$ command`` of a console block."""
    found: list[tuple[int, str, list[str]]] = []
    inside = False
    for number, line in enumerate(README.read_text(encoding="utf-8").split("\n"), 1):
        if line.startswith("```"):
            inside = line == "```console"
            continue
        if not inside:
            continue
        if line.startswith("$ "):
            found.append((number, line[2:], []))
        elif found and found[-1][0] < number:
            found[-1][2].append(line)
    for _, _, expected in found:
        while expected and expected[-1] == "":
            expected.pop()
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line + "\n") for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


EXAMPLES = examples()


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 17
    assert all(command.startswith(("broadcheck ", "echo ")) for _, command, _ in EXAMPLES)


@pytest.mark.parametrize(("line", "command", "expected"), EXAMPLES, ids=[f"README:{n}" for n, _, _ in EXAMPLES])
def test_an_example_prints_what_the_readme_shows(line: int, command: str, expected: list[str], tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "CI", "BROADCHECK_NO_CACHE")}
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["BROADCHECK_CACHE_DIR"] = str(tmp_path / "cache")
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, stdin=subprocess.DEVNULL, timeout=HANG
    )
    printed = (done.stdout + done.stderr).decode("utf-8")
    actual = [line.removesuffix("\r") for line in printed.split("\n")]
    if actual and actual[-1] == "":
        actual.pop()
    while actual and actual[-1] == "":
        actual.pop()
    assert matches(expected, actual), f"README.md:{line}: `{command}` printed:\n{printed}"


def test_an_elision_is_the_only_looseness() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert not matches(["a", "...", "d"], ["a", "b", "d", "e"])
    assert not matches(["a.c"], ["abc"])


def _pre_commit_rev() -> str:
    """The ``rev:`` of the README's pre-commit snippet."""
    found = re.findall(r"^\s+rev: (\S+)", README.read_text(encoding="utf-8"), re.M)
    assert len(found) == 1, found
    return str(found[0])


def test_the_pre_commit_rev_is_a_commit_of_this_history() -> None:
    # `rev: v0.1.0` named a tag that never existed: pre-commit failed at the first commit.
    rev = _pre_commit_rev()
    assert re.fullmatch(r"[0-9a-f]{40}", rev), f"{rev}: a full commit hash until a release is tagged"
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (an sdist): no history to look the commit up in")
    kind = subprocess.run(["git", "cat-file", "-t", rev], cwd=ROOT, capture_output=True, text=True, timeout=HANG)
    assert kind.stdout.strip() == "commit", kind.stderr
    ancestor = subprocess.run(["git", "merge-base", "--is-ancestor", rev, "HEAD"], cwd=ROOT, timeout=HANG)
    assert ancestor.returncode == 0, f"{rev} is not in HEAD's history"


def test_make_lsp_keeps_the_editable_install() -> None:
    # `pip install '.[lsp]'` into make's .venv replaced the editable install with a copy; the
    # server now needs nothing beyond the runtime, so `make lsp` is the editable install alone.
    assert "make lsp" in README.read_text(encoding="utf-8")
    planned = subprocess.run(
        ["make", "-n", "-W", "pyproject.toml", "lsp"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert planned.returncode == 0, planned.stderr
    installs = [line for line in planned.stdout.splitlines() if "pip install" in line]
    assert installs and all(" -e ." in line for line in installs), planned.stdout
