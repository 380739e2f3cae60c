"""The program reads ``check``'s and ``refine``'s plain command lines without click (issue 31,
start-up).

``broadcheck.command.parse_check`` and ``parse_refine`` must read a command line exactly as the
click command in ``broadcheck.cli`` does, or leave it to click: their tables are held here to the
click commands' declarations (the source of truth), their readings to click's own, and whole runs
through both paths to the same stdout, stderr and exit code.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broadcheck import cli, command
from tests.waits import HANG


def _click_params(argv: list[str], name: str = "check") -> dict[str, object] | None:
    """What the click command passes ``check`` (or ``name``) for ``argv`` (after the command's
    name), or ``None`` on a usage error."""
    try:
        with getattr(cli, name).make_context(name, list(argv)) as ctx:
            return dict(ctx.params)
    except click.exceptions.ClickException:
        return None
    except click.exceptions.Exit:  # --help
        return None


@pytest.fixture(autouse=True)
def _no_envvars(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (*command.ENVVARS, command.COMPLETION):
        monkeypatch.delenv(name, raising=False)


TABLES = {
    "check": (command.FAST_OPTIONS, command.CLICK_ONLY),
    "refine": (command.REFINE_OPTIONS, command.REFINE_CLICK_ONLY),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_option_is_read_here_or_left_to_click(name: str) -> None:
    table, click_only = TABLES[name]
    declared: dict[str, click.Option] = {}
    for param in getattr(cli, name).params:
        if isinstance(param, click.Option):
            for opt in (*param.opts, *param.secondary_opts):
                declared[opt] = param
    declared["-h"] = declared["--help"] = click.Option(["--help"], is_flag=True)  # the help option
    assert set(table) | set(click_only) == set(declared)
    assert not set(table) & set(click_only)
    for opt, (param_name, kind, extra) in table.items():
        param = declared[opt]
        assert param.name == param_name, opt
        if param.count:
            assert kind == command.COUNT, opt
        elif param.secondary_opts:
            assert kind == command.SWITCH and extra == (opt in param.opts), opt
        elif param.is_flag:
            assert kind == command.FLAG and extra is True, opt
        elif param.multiple:
            assert kind == command.MANY, opt
        elif isinstance(param.type, click.IntRange):
            assert kind == command.JOBS and param.type.min == 1 and param.type.max is None, opt
        else:
            assert kind == command.VALUE, opt
            choices = tuple(param.type.choices) if isinstance(param.type, click.Choice) else None
            assert extra == choices, opt
            assert isinstance(param.type, click.Choice | click.types.StringParamType), (opt, param.type)


def test_the_defaults_are_click_s() -> None:
    assert command.parse_check(["check"]) == _click_params([]) == command.DEFAULTS
    refine = command.parse_refine(["refine", "a.mlir"])
    assert refine == _click_params(["a.mlir"], "refine") == {**command.REFINE_DEFAULTS, "path": "a.mlir"}


def test_the_variables_are_read_as_click_reads_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    envvars = {p.envvar for p in cli.check.params if isinstance(p, click.Option) and p.envvar}
    assert envvars == set(command.ENVVARS)
    (tmp_path / "file").write_text("")
    cases = [
        ("BROADCHECK_NO_CACHE", value)
        for value in ("1", "true", " On ", "yes", "0", "false", "OFF", "n", "", "x", "2", "truthy")
    ] + [("BROADCHECK_CACHE_DIR", value) for value in ("", "d", " d ", str(tmp_path), str(tmp_path / "file"))]
    read = 0
    for name, value in cases:
        for argv in (["check", "a"], ["check", "--no-cache", "a"]):
            monkeypatch.setenv(name, value)
            params = command.parse_check(argv)
            if params is not None:
                read += 1
                assert params == _click_params(argv[1:]), (name, value, argv)
            else:
                assert _click_params(argv[1:]) is None, (name, value, argv)
            monkeypatch.delenv(name)
    assert read == 2 * len(cases) - 3 - 2  # x, 2, truthy without --no-cache; the file


def test_a_shell_asking_for_completion_is_answered_by_click() -> None:
    assert command.parse_check(["check", "a"], environ={command.COMPLETION: "bash_complete"}) is None
    assert command.parse_check(["check", "a"], environ={command.COMPLETION: ""}) is not None
    assert command.parse_refine(["refine", "a"], environ={command.COMPLETION: "bash_complete"}) is None
    assert command.parse_refine(["refine", "a"], environ={command.COMPLETION: ""}) is not None


READ = [
    ["check"],
    ["check", "a.mlir", "b/", "-"],
    ["check", "--no-cache", "a.mlir"],
    ["check", "a.mlir", "--profile", "llvm", "--output-format=concise"],
    ["check", "--split-input-file", "a.mlir", "--verify-diagnostics"],
    ["check", "--split-input-file=// ---", "a.mlir", "--no-verify-diagnostics"],
    ["check", "--op", "x.*=mlir", "--op=y.z=none", "--select", "BC1", "--select", "BC2,BC3", "a.mlir"],
    ["check", "-j", "2", "--jobs=3", "-q", "-qq", "--quiet", "-v", "a"],
    ["check", "--color", "never", "--stdin-filename", "x.mlir", "-"],
    ["check", "--exit-zero", "--statistics", "--fix", "--unsafe-fixes", "--diff", "--show-skipped", "a"],
    ["check", "--respect-gitignore", "--no-respect-gitignore", "--isolated", "--show-settings", "--show-files"],
    ["check", "--ignore", "BC1", "--extend-select", "BC2", "--per-file-ignores", "t/*:BC1", "--exclude", "x"],
    ["check", "--extend-exclude", "y", "--profile", "spec", "--profile", "llvm", "a"],
    ["check", "-j", "007", "a"],
]
LEFT = [
    [],
    ["rules"],
    ["--debug", "check", "a"],
    ["check", "--help"],
    ["check", "-h"],
    ["check", "--profile", "x", "a"],
    ["check", "--output-format", "xml"],
    ["check", "--color"],
    ["check", "-j", "0"],
    ["check", "-j", "-1"],
    ["check", "-j", "x"],
    ["check", "-j4", "a"],
    ["check", "-qv", "a"],
    ["check", "--fix=1", "a"],
    ["check", "--output-file", "o.txt", "a"],
    ["check", "--config", "c.toml", "a"],
    ["check", "--cache-dir", "d", "a"],
    ["check", "--", "-a"],
    ["check", "-a"],
    ["check", "--no-such-option"],
    ["check", "--prof", "llvm"],
    ["check", "--select", "--fix"],
    ["check", ""],
    ["check", "--stdin-filename", ""],
]


@pytest.mark.parametrize("argv", READ, ids=lambda a: " ".join(a))
def test_a_plain_command_line_is_read_as_click_reads_it(argv: list[str]) -> None:
    params = command.parse_check(argv)
    assert params is not None
    assert params == _click_params(argv[1:])


@pytest.mark.parametrize("argv", LEFT, ids=lambda a: " ".join(a) or "(none)")
def test_any_other_command_line_is_left_to_click(argv: list[str]) -> None:
    assert command.parse_check(argv) is None


WORDS = [
    *command.FAST_OPTIONS,
    *command.CLICK_ONLY,
    "--split-input-file=M",
    "--profile=llvm",
    "--profile=x",
    "--jobs=2",
    "--fix=1",
    "-qq",
    "-qv",
    "-j0",
    "llvm",
    "spec",
    "concise",
    "never",
    "2",
    "0",
    "a.mlir",
    "-",
    "--",
    "",
    "BC1",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=8))
def test_whatever_is_read_here_is_what_click_reads(words: list[str]) -> None:
    # Random command lines: each one this parser reads, click reads the same way.
    params = command.parse_check(["check", *words])
    if params is not None:
        assert params == _click_params(words), words


READ_REFINE = [
    ["refine", "a.mlir", "--dim", "b=8"],
    ["refine", "--arg", "@main:0=tensor<4xf32>", "--arg=@f:1=tensor<2xi32>", "-"],
    ["refine", "a.mlir", "--dim=b=8", "--dim", "s=2", "-i", "--in-place", "--diff"],
    ["refine", "--profile", "llvm", "--output-format=json", "--stdin-filename", "x.mlir", "-", "-q", "-qq"],
    ["refine", "a.mlir", "--color", "never", "--quiet", "--profile=spec"],
]
LEFT_REFINE = [
    ["refine"],
    ["refine", "a.mlir", "b.mlir"],
    ["refine", "--help"],
    ["refine", "-h", "a"],
    ["refine", "a", "--output-file", "o.txt"],
    ["refine", "a", "--profile", "x"],
    ["refine", "a", "--output-format", "xml"],
    ["refine", "a", "--dim"],
    ["refine", "a", "--dim", "--diff"],
    ["refine", "a", "-iq"],
    ["refine", "a", "--diff=1"],
    ["refine", "a", "--fix"],
    ["refine", ""],
    ["refine", "--", "-a"],
    ["check", "a"],
]


@pytest.mark.parametrize("argv", READ_REFINE, ids=lambda a: " ".join(a))
def test_a_plain_refine_command_line_is_read_as_click_reads_it(argv: list[str]) -> None:
    params = command.parse_refine(argv)
    assert params is not None
    assert params == _click_params(argv[1:], "refine")


@pytest.mark.parametrize("argv", LEFT_REFINE, ids=lambda a: " ".join(a))
def test_any_other_refine_command_line_is_left_to_click(argv: list[str]) -> None:
    assert command.parse_refine(argv) is None


REFINE_WORDS = [*command.REFINE_OPTIONS, *command.REFINE_CLICK_ONLY, "b=8", "@main:0=tensor<4xf32>", "llvm", "json"]
REFINE_WORDS += ["never", "--diff=1", "-iq", "-qq", "a.mlir", "-", "--", "", "--dim=b=2"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(REFINE_WORDS), max_size=8))
def test_whatever_refine_reads_here_is_what_click_reads(words: list[str]) -> None:
    params = command.parse_refine(["refine", *words])
    if params is not None:
        assert params == _click_params(words, "refine"), words


CLEAN = (
    "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
)
BAD = CLEAN.replace("%a: tensor<4xf32>)", "%a: tensor<4xf32>, %b: tensor<3xf32>)").replace("%a, %a :", "%a, %b :")
BAD = BAD.replace("(tensor<4xf32>, tensor<4xf32>)", "(tensor<4xf32>, tensor<3xf32>)")
DYN = CLEAN.replace("tensor<4xf32>", "tensor<?xf32>")
STALE = CLEAN.replace("-> tensor<4xf32>\n  return", "-> tensor<5xf32>\n  return")
SPLIT = (
    "// RUN: broadcheck check --split-input-file --verify-diagnostics %s\n"
    + CLEAN
    + "\n// -----\n\n"
    + BAD.replace(
        "  %0 = tosa.add",
        "  // expected-error @+1 {{operands don't have broadcast-compatible shapes}}\n  %0 = tosa.add",
    )
)

RUNS = [
    ["check", "clean.mlir"],
    ["check", "--no-cache", "clean.mlir"],
    ["check", "bad.mlir"],
    ["check", "--no-cache", "-j", "1", "."],
    ["check", "--output-format", "concise", "bad.mlir", "clean.mlir"],
    ["check", "--output-format=json", "bad.mlir"],
    ["check", "--output-format", "sarif", "--no-cache", "bad.mlir"],
    ["check", "--output-format", "github", "bad.mlir"],
    ["check", "--statistics", "bad.mlir"],
    ["check", "--exit-zero", "-q", "bad.mlir"],
    ["check", "-qq", "bad.mlir"],
    ["check", "--select", "BC2", "bad.mlir"],
    ["check", "--ignore", "BC1", "bad.mlir"],
    ["check", "--select", "ZZ", "bad.mlir"],  # a usage error found while running: click says it
    ["check", "--per-file-ignores", "nocolon", "bad.mlir"],
    ["check", "--op", "bad spec", "bad.mlir"],
    ["check", "--split-input-file=", "bad.mlir"],
    ["check", "--fix", "--verify-diagnostics", "bad.mlir"],
    ["check", "--statistics", "--output-format", "sarif", "bad.mlir"],
    ["check", "--split-input-file", "--verify-diagnostics", "split.mlir"],
    ["check", "--split-input-file", "split.mlir"],
    ["check", "--diff", "stale.mlir"],
    ["check", "--show-settings", "clean.mlir"],
    ["check", "--show-files"],
    ["check", "-v", "--no-cache", "clean.mlir"],
    ["check", "missing.mlir"],
    ["check", "empty"],
    ["check", "--color", "always", "bad.mlir"],
    ["check", "--profile", "llvm", "--show-skipped", "bad.mlir"],
    ["check", "--profile", "x", "bad.mlir"],
    ["check", "--help"],
    ["check", "-j", "0", "bad.mlir"],
    ["rules", "BC101"],
    ["refine", "dyn.mlir", "--arg", "@f:0=tensor<4xf32>"],
    ["refine", "dyn.mlir", "--arg", "@f:0=tensor<4xf32>", "--diff"],
    ["refine", "dyn.mlir", "--arg", "@f:0=tensor<5xf32>", "--output-format", "json"],
    ["refine", "dyn.mlir", "--arg", "@f:0=tensor<5xf32>", "-q", "--color", "always"],
    ["refine", "dyn.mlir", "--arg", "@g:0=tensor<4xf32>"],
    ["refine", "dyn.mlir"],
    ["refine", "missing.mlir", "--dim", "b=2"],
    ["refine", "dyn.mlir", "--arg", "@f:0=tensor<4xf32>", "--in-place", "--diff"],
    ["refine", "--help"],
]


def _project(where: Path) -> None:
    (where / ".git").mkdir()
    (where / "empty").mkdir()
    for name, text in (("clean", CLEAN), ("bad", BAD), ("stale", STALE), ("split", SPLIT), ("dyn", DYN)):
        (where / f"{name}.mlir").write_text(text)


def _run(where: Path, prefix: list[str], argv: list[str]) -> tuple[str, str, int]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "CI", *command.ENVVARS)}
    env["BROADCHECK_CACHE_DIR"] = str(where / "cache")
    done = subprocess.run(
        [*prefix, *argv], cwd=where, env=env, capture_output=True, text=True, timeout=HANG, check=False
    )
    # -v says how long the run took: the one figure two runs may not share
    return done.stdout, re.sub(r"; \d+\.\d\d s$", "; T s", done.stderr, flags=re.M), done.returncode


FAST = [sys.executable, "-m", "broadcheck"]
CLICK = [sys.executable, "-c", "from broadcheck import cli; cli.main(program=True)"]
"""The program, and the click command line alone (``sys.argv[1:]`` is the command line)."""


@pytest.mark.parametrize("argv", RUNS, ids=lambda a: " ".join(a))
def test_both_paths_print_the_same_and_exit_the_same(tmp_path: Path, argv: list[str]) -> None:
    _project(tmp_path)
    fast = _run(tmp_path, FAST, argv)
    shutil.rmtree(tmp_path / "cache", ignore_errors=True)  # each path checks afresh
    slow = _run(tmp_path, CLICK, argv)
    assert fast == slow
    assert fast[2] in (0, 1, 2)


def test_a_plain_check_never_loads_click_and_a_usage_error_does(tmp_path: Path) -> None:
    # The control: the same count sees click when the command line goes to it.
    _project(tmp_path)
    plain = (
        (["check", "--no-cache", "clean.mlir"], False),
        (["refine", "dyn.mlir", "--arg", "@f:0=tensor<4xf32>"], False),
    )
    wrong = (["check", "--select", "ZZ", "."], True), (["refine", "dyn.mlir", "--arg", "@g:0=tensor<4xf32>"], True)
    for argv, loaded in (*plain, *wrong):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "broadcheck", *argv],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=HANG,
            check=False,
        )
        imported = {
            line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")
        }
        assert "broadcheck.command" in imported
        assert ("click" in imported) is loaded, argv
