"""What reaches standard output: off a terminal, a message is never wrapped, whatever COLUMNS
says, so grep finds it; a machine-readable format (json, sarif, github, junit, gitlab) is all there is on
standard output; file names and text from the input are escaped in every format, so no name
or token can become a workflow command or a terminal control sequence; and a file that
fails with an internal error does not stop the others' reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from broadcheck.report.github import escape_data
from tests.conftest import EXAMPLES, Invoke
from tests.waits import HANG

EVERY_ERROR = EXAMPLES / "every_error.mlir"
BAD = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'


def broadcheck(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run on a pipe (stdout and stderr are not terminals)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "FORCE_COLOR", "COLUMNS")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "broadcheck", *args], cwd=cwd, capture_output=True, timeout=HANG, env=environment
    )


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Every diagnostic of every_error.mlir, from the JSON report."""
    result = broadcheck("check", "--isolated", "--output-format", "json", str(EVERY_ERROR), cwd=Path.cwd())
    data: list[dict[str, Any]] = json.loads(result.stdout)
    assert any(len(d["message"]) > 120 for d in data)  # long enough to have been wrapped
    return data


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "sarif", "github"])
@pytest.mark.parametrize("columns", ["20", "40", "80", "120", "200", "400"])
def test_every_format_keeps_each_message_on_one_line(fmt: str, columns: str, reference: list[dict[str, Any]]) -> None:
    result = broadcheck(
        "check", "--isolated", "--output-format", fmt, str(EVERY_ERROR), cwd=Path.cwd(), env={"COLUMNS": columns}
    )
    assert result.returncode == 1
    out = result.stdout.decode()
    lines = out.splitlines()
    for d in reference:
        message, notes = d["message"], [f"{n['kind']}: {n['message']}" for n in d["notes"]]
        if fmt == "full":
            assert f"{d['severity']}[{d['code']}]: {message}" in lines
            for note in notes:  # each note is one line too, after the gutter
                assert any(line.endswith(f"= {note}") for line in lines), note
        elif fmt == "concise":
            where = f"{d['path']}:{d['line']}:{d['column']}"
            assert f"{where}: {d['severity']}: {message} [{d['code']}]" in lines
        elif fmt == "github":
            text = escape_data("\n".join([message, *notes]))
            assert any(line.startswith("::") and line.endswith(f"::{text}") for line in lines), message
    if fmt == "json":
        assert [d["message"] for d in json.loads(out)] == [d["message"] for d in reference]
    if fmt == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        assert [r["message"]["text"].split("\n")[0] for r in results] == [d["message"] for d in reference]
    if fmt == "full":  # source lines are fitted to COLUMNS (at least 40), cut with "..." as documented
        width = max(int(columns), 40)
        assert all(len(line) <= width for line in lines if line.split(" | ")[0].strip().isdigit())


@pytest.mark.parametrize("fmt", ["json", "sarif", "github", "junit", "gitlab"])
@pytest.mark.parametrize("extra", [[], ["--statistics"], ["--show-skipped"], ["--statistics", "--show-skipped"]])
def test_a_machine_format_owns_standard_output(fmt: str, extra: list[str]) -> None:
    if fmt in ("sarif", "junit", "gitlab") and "--statistics" in extra:
        return  # a usage error (below)
    result = broadcheck("check", "--isolated", "--output-format", fmt, *extra, str(EXAMPLES), cwd=Path.cwd())
    assert result.returncode == 1
    out = result.stdout.decode()
    if fmt == "github":
        assert out and all(line.startswith("::") for line in out.splitlines())
    elif fmt == "junit":
        from xml.etree import ElementTree

        assert ElementTree.fromstring(out).tag == "testsuites"  # the whole of it, and nothing after
    else:
        json.loads(out)  # the whole of it, and nothing after
    if "--show-skipped" in extra:  # its list (or its "No op statements were passed over.") goes to stderr
        assert "passed over" in result.stderr.decode().lower()


def test_combinations_that_cannot_own_standard_output_are_usage_errors(run: Invoke, tmp_path: Path) -> None:
    result = run("check", "--isolated", "--statistics", "--output-format", "sarif", str(EVERY_ERROR))
    assert result.code == 2 and "--statistics has no SARIF form" in result.err
    for fmt, name in (("junit", "JUnit"), ("gitlab", "GitLab Code Quality")):
        result = run("check", "--isolated", "--statistics", "--output-format", fmt, str(EVERY_ERROR))
        assert (result.code, result.out) == (2, "") and f"--statistics has no {name} form" in result.err
    result = run("check", "--isolated", "--diff", "--output-format", "json", str(EVERY_ERROR))
    assert result.code == 2 and "--diff prints a unified diff" in result.err


def test_fix_with_json_prints_json_alone(tmp_path: Path) -> None:
    stale = (Path(__file__).parent / "golden" / "fix" / "stale.mlir").read_bytes()
    (tmp_path / "s.mlir").write_bytes(stale)
    result = broadcheck("check", "--isolated", "--fix", "--output-format", "json", "s.mlir", cwd=tmp_path)
    assert result.returncode == 1
    assert len(json.loads(result.stdout)) == 2


# ----------------------------------------------------------------------------- names


@pytest.fixture
def odd(tmp_path: Path) -> Path:
    """A file whose name is not UTF-8, and one whose name would be a workflow command."""
    (tmp_path / os.fsdecode(b"bad\xff.mlir")).write_text(BAD)
    (tmp_path / "x\n::error file=README.md,line=1::pwned\n.mlir").write_text(BAD)
    (tmp_path / "e\x1b]0;title\x07\x1b[2J.mlir").write_text(BAD)
    return tmp_path


@pytest.mark.parametrize("fmt", ["full", "concise", "json", "sarif", "github"])
def test_odd_names_are_escaped_in_every_format(fmt: str, odd: Path) -> None:
    result = broadcheck("check", "--isolated", "--output-format", fmt, ".", cwd=odd, env={"GITHUB_ACTIONS": "true"})
    assert result.returncode == 1, result.stderr
    out = result.stdout.decode("utf-8")  # valid UTF-8 in every format
    assert b"Traceback" not in result.stderr
    for raw in ("\x1b", "\x07", "\x00"):
        assert raw not in out
    assert not any(line.startswith("::error file=README.md") for line in out.splitlines())
    if fmt == "json":
        paths = {os.fsencode(d["path"]) for d in json.loads(out)}
        assert b"./bad\xff.mlir" in paths and b"./x\n::error file=README.md,line=1::pwned\n.mlir" in paths
    elif fmt == "sarif":
        uris = {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]
        }
        assert any(uri.endswith("bad%FF.mlir") for uri in uris)
    else:
        assert "bad\\xff.mlir" in out
        assert ("x%0A%3A%3Aerror file=README.md" if fmt == "github" else "x\\x0a::error file=README.md") in out


def test_json_with_an_output_file_is_complete(odd: Path) -> None:
    for fmt in ("json", "sarif"):
        result = broadcheck("check", "--isolated", "--output-format", fmt, "--output-file", "r.json", ".", cwd=odd)
        assert result.returncode == 1 and result.stdout == b""
        json.loads((odd / "r.json").read_bytes().decode("utf-8"))


def test_names_reach_stderr_escaped(tmp_path: Path) -> None:
    (tmp_path / "x\n::error file=README.md,line=1::pwned\x1b[2J.mlir").symlink_to("gone")
    result = broadcheck("check", "--isolated", ".", cwd=tmp_path, env={"GITHUB_ACTIONS": "true"})
    assert result.returncode == 2
    err = result.stderr.decode()
    assert err.splitlines()[0] == (
        "broadcheck: error: cannot read './x\\x0a::error file=README.md,line=1::pwned\\x1b[2J.mlir': "
        "broken symbolic link"
    )
    assert "\x1b" not in err and not any(line.startswith("::") for line in err.splitlines())


def test_string_tokens_in_messages_are_escaped(tmp_path: Path) -> None:
    (tmp_path / "t.mlir").write_bytes(
        b'%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4x\x1b]0;x\x07\x00f32>\n'
    )
    for fmt in ("full", "concise", "github"):
        result = broadcheck("check", "--isolated", "--output-format", fmt, "t.mlir", cwd=tmp_path)
        out = result.stdout.decode()
        assert result.returncode == 1, out
        assert "\x1b" not in out and "\x07" not in out and "\x00" not in out


# ----------------------------------------------------------------------------- keep going


def _explode_on(name: str) -> Any:
    """``Checks.check_of`` that gives every op of the file ``name`` a check that raises."""
    import inspect

    from broadcheck.engine import verify
    from broadcheck.engine.run import FileRun

    real = verify.Checks.check_of

    def check_of(self: verify.Checks, op: str) -> Any:
        for frame in inspect.stack():
            run = frame.frame.f_locals.get("self")
            if isinstance(run, FileRun) and run.path.endswith(name):
                return ("tf", _boom)
        return real(self, op)

    return check_of


def _boom(*_: object) -> None:
    raise ZeroDivisionError("boom")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_failing_file_does_not_stop_the_others(
    jobs: str, run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from broadcheck.engine import verify

    monkeypatch.chdir(tmp_path)
    for i in range(10):
        (tmp_path / f"f{i}.mlir").write_text(BAD)
    monkeypatch.setattr(verify.Checks, "check_of", _explode_on("f5.mlir"))
    result = run("check", "--isolated", "-j", jobs, "--output-format", "concise", ".")
    assert result.code == 2
    assert len([line for line in result.out.splitlines() if "[BC101]" in line]) == 9
    assert result.out.splitlines()[-1] == "Found 9 errors in 9 files; 1 file could not be checked (internal error)."
    assert (
        result.err.splitlines()[0] == "broadcheck: internal error while checking './f5.mlir': ZeroDivisionError: boom"
    )
    assert "Traceback" not in result.err
    # SARIF is still written, with the failure as a notification.
    result = run(
        "check", "--isolated", "-j", jobs, "--exit-zero", "--output-format", "sarif", "--output-file", "r.sarif", "."
    )
    assert result.code == 2
    run_ = json.loads((tmp_path / "r.sarif").read_text())["runs"][0]
    assert len(run_["results"]) == 9
    assert run_["invocations"][0]["executionSuccessful"] is False
    assert "f5.mlir" in run_["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]


def test_a_deeply_nested_type_in_one_of_many_files(tmp_path: Path) -> None:
    for i in range(10):
        (tmp_path / f"f{i}.mlir").write_text(BAD)
    nested = "tensor<" * 500 + "f32" + ">" * 500
    (tmp_path / "f5.mlir").write_text(f"%0 = tosa.add %a, %b : ({nested}, tensor<2xf32>) -> tensor<3xf32>\n")
    result = broadcheck("check", "--isolated", "-j", "2", "--output-format", "concise", ".", cwd=tmp_path)
    assert result.returncode in (1, 2)  # 2 while nesting this deep is an internal error (the reader's)
    assert len([line for line in result.stdout.decode().splitlines() if "[BC101]" in line]) >= 9
    assert b"Traceback" not in result.stderr and len(result.stderr.splitlines()) <= 4
