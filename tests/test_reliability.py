"""Every input gets a located diagnostic or a clear error, the promised exit code, no traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from broadcheck import cli
from tests.conftest import Invoke

BAD = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
GOOD = '%0 = "tf.AddV2"(%a, %b) : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>\n'


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, shell=True, cwd=cwd, capture_output=True, text=True, executable="/bin/bash", check=False
    )


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------ input faults


def test_binary_file_is_a_located_diagnostic(run: Invoke, here: Path) -> None:
    Path("blob.mlir").write_bytes(bytes(range(256)))
    Path("ok.mlir").write_text(BAD)
    result = run("check", "--isolated", "--output-format", "concise", "blob.mlir", "ok.mlir")
    assert result.code == 1
    assert result.out.splitlines()[:2] == [
        "blob.mlir:2:118: error: invalid UTF-8: byte 0x80 cannot be decoded [BC002]",
        "ok.mlir:1:6: error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC101]",
    ]


def test_unreadable_file_is_named_and_the_rest_checked(
    run: Invoke, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from collections.abc import Iterator

    from broadcheck import runner

    real = runner.read_blocks

    def deny(path: str, **where: int | None) -> Iterator[bytes]:
        if path.endswith("secret.mlir"):
            raise PermissionError(13, "Permission denied", path)
        return real(path, **where)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "read_blocks", deny)
    Path("secret.mlir").write_text(GOOD)
    Path("bad.mlir").write_text(BAD)
    result = run("check", "--isolated", "--output-format", "concise", "secret.mlir", "bad.mlir")
    assert result.code == 2
    assert result.err == "broadcheck: error: cannot read 'secret.mlir': Permission denied\n"
    assert result.out.startswith("bad.mlir:1:6: error:")


def test_broken_symlink(run: Invoke, here: Path) -> None:
    Path("dangling.mlir").symlink_to(here / "gone.mlir")
    result = run("check", "--isolated", "dangling.mlir")
    assert (result.code, result.err) == (2, "broadcheck: error: cannot read 'dangling.mlir': broken symbolic link\n")


def test_stdin_closed(here: Path) -> None:
    result = shell(f"{sys.executable} -m broadcheck check --isolated - <&-", here)
    assert result.returncode == 2
    assert result.stderr == "broadcheck: error: cannot read '<stdin>': standard input is closed\n"


def test_stdin_empty(here: Path) -> None:
    result = shell(f"{sys.executable} -m broadcheck check --isolated - </dev/null", here)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        "No problems found in 1 file (0 ops checked).\n",
        "",
    )


@pytest.mark.parametrize("fmt", ["full", "concise", "json"])
def test_output_pipe_closed_early(here: Path, fmt: str) -> None:
    big = here / "big"
    big.mkdir()
    for i in range(400):
        (big / f"f{i:03d}.mlir").write_text(BAD * 20)
    result = shell(
        f"{sys.executable} -m broadcheck check --isolated --output-format {fmt} big | head -1; exit ${{PIPESTATUS[0]}}",
        here,
    )
    assert result.stderr == ""
    assert result.returncode == 1
    assert len(result.stdout.splitlines()) == 1


# ------------------------------------------------------------------ the top level


def _explode(*_: object) -> None:
    raise ZeroDivisionError("boom")


def test_internal_error_names_the_input_without_traceback(
    here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from broadcheck.engine import verify

    monkeypatch.setattr(verify.Checks, "check_of", lambda self, name: ("tf", _explode))
    Path("x.mlir").write_text(BAD)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["check", "--isolated", "-j", "1", "x.mlir"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("broadcheck: internal error while checking 'x.mlir': ZeroDivisionError: boom\n")
    assert "please report it" in err.lower() or "Please report it" in err
    assert "Traceback" not in err


def test_debug_shows_the_traceback(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from broadcheck.engine import verify

    monkeypatch.setattr(verify.Checks, "check_of", lambda self, name: ("tf", _explode))
    Path("x.mlir").write_text(BAD)
    with pytest.raises(Exception, match=r"x\.mlir") as err:
        cli.main(["--debug", "check", "--isolated", "-j", "1", "x.mlir"])
    assert isinstance(err.value.__cause__, ZeroDivisionError)


# ------------------------------------------------------------------ generated extremes

Extreme = tuple[str, str, int, str]
EXTREMES: list[Extreme] = [
    # (a region's first token `(`: MLIR's parser wants an op's name there, as iree-opt 3.13 says at 1:33)
    ("10k nested regions", '%0 = "test.broadcastable"(%a) ' + "({" * 10_000 + "})" * 10_000 + " : (tensor<2xf32>) -> tensor<2xf32>\n", 1, "x.mlir:1:33: error: expected operation name in quotes"),
    ("10k nested brackets", '%0 = "test.broadcastable"(%a) : (tensor<2x!a.b' + "<" * 10_000 + ">" * 10_000 + ">) -> tensor<2xf32>\n", 0, ""),
    ("10k unbalanced", '%0 = "test.broadcastable"(%a) : (' + "(" * 10_000 + " -> tensor<2xf32>\n", 1, "error: expected type or ')', found '('"),
    ("5000 operands", '%0 = "test.broadcastable"(' + ", ".join(f"%a{i}" for i in range(5000)) + ") : (" + ", ".join(["tensor<2xf32>"] * 5000) + ") -> tensor<2xf32>\n", 0, ""),
    ("rank 1000", '%0 = "test.broadcastable"(%a, %b) : (tensor<' + "1x" * 1000 + "f32>, tensor<2xf32>) -> tensor<" + "1x" * 999 + "3xf32>\n", 1, "result type"),
    ("dim beyond 2^63", '%0 = "test.broadcastable"(%a) : (tensor<9223372036854775808xf32>) -> tensor<1xf32>\n', 1, "error: invalid dimension"),
    ("dim 2^63 - 1", '%0 = "test.broadcastable"(%a) : (tensor<9223372036854775807xf32>) -> tensor<9223372036854775807xf32>\n', 0, ""),
    ("CRLF", '%0 = "tf.AddV2"(%a, %b)\r\n   : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\r\n', 1, "x.mlir:1:6: error"),
    ("UTF-8 BOM", "\ufeff" + BAD, 1, "x.mlir:1:6: error"),
    ("tabs", '\t%0 = "tf.AddV2"(%a,\t%b)\t:\t(tensor<2xf32>,\ttensor<3xf32>)\t->\ttensor<2xf32>\n', 1, "x.mlir:1:7: error"),
    ("one-line regions in a statement over lines", 'func.func @f(%a: i32) {\n  %0 = "test.op"(%a) ({ "test.x"() : () -> () }) {k = 1}\n     : (i32) -> i32\n  "test.y"() ({ "test.x"() : () -> () }) : () -> () }\n', 0, ""),
    ("a statement over 100k lines", 'func.func @f(%a: tensor<2xf32>) {\n  %0 = "test.op"(%a,\n' + "    %a,\n" * 100_000 + "    %a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n", 1, "x.mlir:100003:11: error: expected 100002 operand types but had 1"),
    ("a block label never closed, then 100k lines", "func.func @f(%c: i1) {\n  cf.br ^bb1\n^bb1(%a: i32,\n" + "   %b: i32,\n" * 100_000 + "}\n", 1, "x.mlir:3:1: error: expected ':' after the block's arguments"),
    ("empty", "", 0, ""),
    ("only comments", "// RUN: nothing\n// CHECK: %0 = \"tf.AddV2\"(%a) : (tensor<3xf32) -> x\n", 0, ""),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "code", "expected"), EXTREMES, ids=[e[0] for e in EXTREMES])
def test_extreme_inputs(name: str, text: str, code: int, expected: str, run: Invoke, here: Path) -> None:
    Path("x.mlir").write_bytes(text.encode("utf-8"))
    result = run("check", "--isolated", "--output-format", "concise", "x.mlir")
    assert result.code == code, result.out + result.err
    assert expected in result.out


def test_a_10mb_line(run: Invoke, here: Path) -> None:
    Path("x.mlir").write_text(
        '%0 = "tf.AddV2"(%a, %b) {s = "' + "x" * 10_000_000 + '"} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n'
    )
    result = run("check", "--isolated", "--output-format", "concise", "x.mlir")
    assert result.code == 1
    assert result.out.startswith("x.mlir:1:6: error: 'tf.AddV2' op operands don't have broadcast-compatible shapes")


# ------------------------------------------------------------------ output safety

AWKWARD = ["with space.mlir", "co:lon.mlir", "com,ma.mlir", "per%cent.mlir", "ünï cødé.mlir", "a:1:2: b.mlir"]


@pytest.mark.parametrize("name", AWKWARD)
def test_awkward_paths_stay_parseable(name: str, run: Invoke, here: Path) -> None:
    Path(name).write_text(BAD)
    concise = run("check", "--isolated", "--output-format", "concise", name).out.splitlines()[0]
    m = re.match(r"^(.*):(\d+):(\d+): error: (.*) \[(BC\d+)\]$", concise)
    assert m is not None and m.group(1) == name and m.group(2, 3, 5) == ("1", "6", "BC101")
    assert json.loads(run("check", "--isolated", "--output-format", "json", name).out)[0]["path"] == name
    sarif = json.loads(run("check", "--isolated", "--output-format", "sarif", name).out)
    uri = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert unquote(uri) == name and " " not in uri
    github = run("check", "--isolated", "--output-format", "github", name).out.splitlines()[0]
    file_property = github.split("::")[1].split(",")[0].removeprefix("error file=")
    assert unquote(file_property) == name
    assert "," not in file_property and ":" not in file_property


# ------------------------------------------------------------------ determinism


def test_same_input_same_bytes(here: Path) -> None:
    from tests.conftest import EXAMPLES

    runs = [shell(f"{sys.executable} -m broadcheck check --isolated {EXAMPLES}", here) for _ in range(2)]
    assert runs[0].returncode == runs[1].returncode == 1
    assert runs[0].stdout == runs[1].stdout
