"""The command line as a user meets it: (exit code, stdout, stderr)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from broadcheck import __version__
from tests.conftest import FIXTURES, Invoke
from tests.waits import HANG

BAD = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
GOOD = '%0 = "tf.AddV2"(%a, %b) : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>\n'


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ir" / "nested").mkdir(parents=True)
    (tmp_path / "ir" / ".hidden").mkdir()
    (tmp_path / "ir" / "good.mlir").write_text(GOOD)
    (tmp_path / "ir" / "nested" / "bad.mlir").write_text(BAD)
    (tmp_path / "ir" / ".hidden" / "bad.mlir").write_text(BAD)
    (tmp_path / "ir" / "notes.txt").write_text(BAD)
    return tmp_path


def test_clean_file_exits_0(run: Invoke, tree: Path) -> None:
    result = run("check", "ir/good.mlir")
    assert (result.code, result.out, result.err) == (0, "No problems found in 1 file (1 op checked).\n", "")


def test_problem_exits_1_with_concise_line(run: Invoke, tree: Path) -> None:
    result = run("check", "--output-format", "concise", "ir/nested/bad.mlir")
    assert result.code == 1
    assert result.out == (
        "ir/nested/bad.mlir:1:6: error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC101]\n"
        "Found 1 error in 1 file.\n"
    )


def test_directories_are_searched_for_mlir_files_skipping_hidden(run: Invoke, tree: Path) -> None:
    result = run("check", "--output-format", "concise", "ir")
    assert result.code == 1
    assert result.out.splitlines() == [
        f"{os.path.join('ir', 'nested', 'bad.mlir')}:1:6: error: 'tf.AddV2' op operands don't have "
        "broadcast-compatible shapes [BC101]",
        "Found 1 error in 1 of 2 files.",
    ]


def test_stdin_with_a_name(run: Invoke, tree: Path) -> None:
    result = run("check", "--output-format", "concise", "-", "--stdin-filename", "pasted.mlir", stdin=BAD)
    assert result.code == 1
    assert result.out.startswith("pasted.mlir:1:6: error: 'tf.AddV2' op operands")
    result = run("check", "--output-format", "concise", "-", stdin=BAD)
    assert result.out.startswith("<stdin>:1:6: error:")


def test_missing_path_exits_2_and_still_checks_the_rest(run: Invoke, tree: Path) -> None:
    result = run("check", "--output-format", "concise", "nope.mlir", "ir/nested/bad.mlir")
    assert result.code == 2
    assert "ir/nested/bad.mlir:1:6: error" in result.out
    assert result.err == "broadcheck: error: cannot read 'nope.mlir': No such file or directory\n"


def test_invalid_utf8_is_located(run: Invoke, tree: Path) -> None:
    Path("bin.mlir").write_bytes(b"// ok\n%0 = \xff\n")
    result = run("check", "--output-format", "concise", "bin.mlir", "ir/good.mlir")
    assert result.code == 1
    assert result.out.splitlines()[0] == "bin.mlir:2:6: error: invalid UTF-8: byte 0xff cannot be decoded [BC002]"


def test_profile_changes_the_verdict(run: Invoke, tree: Path) -> None:
    Path("dyn.mlir").write_text('%0 = "test.broadcastable"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>\n')
    assert run("check", "dyn.mlir").code == 1
    assert run("check", "--profile", "llvm", "dyn.mlir").code == 0


def test_op_patterns_extend_and_disable_the_table(run: Invoke, tree: Path) -> None:
    Path("mine.mlir").write_text(BAD.replace("tf.AddV2", "mydialect.add"))
    assert run("check", "mine.mlir").code == 0
    result = run("check", "--op", "mydialect.*=mlir", "--output-format", "concise", "mine.mlir")
    assert result.code == 1
    assert "'mydialect.add' op operands don't have broadcast-compatible shapes" in result.out
    assert run("check", "--op", "tf.*=none", "ir/nested/bad.mlir").code == 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [("nonsense", "is not PATTERN=SEMANTICS"), ("x.*=fortran", "unknown semantics 'fortran'")],
)
def test_bad_op_pattern_is_a_usage_error(run: Invoke, tree: Path, spec: str, message: str) -> None:
    result = run("check", "--op", spec, "ir/good.mlir")
    assert result.code == 2
    assert message in result.err


def test_bad_option_is_a_usage_error(run: Invoke, tree: Path) -> None:
    result = run("check", "--profile", "gcc", "ir/good.mlir")
    assert result.code == 2
    assert "Invalid value for '--profile'" in result.err


def test_split_input_file_flag_does_not_swallow_the_path(run: Invoke) -> None:
    result = run("check", "--split-input-file", str(FIXTURES / "trait_llvm.mlir"), "--profile", "llvm")
    assert result.code == 1  # 6 expected errors, not verified here
    assert "Found 6 errors in 1 file." in result.out


def test_infer_prints_the_broadcast_type(run: Invoke) -> None:
    result = run("infer", "tensor<8x1x6x1xi32>", "tensor<7x1x5xi32>")
    assert (result.code, result.out) == (0, "tensor<8x7x6x5xi32>\n")
    assert run("infer", "tensor<?xf32>", "tensor<1xf32>").out == "tensor<?xf32>\n"
    assert run("infer", "tensor<*xf32>", "tensor<3x1xf32>").out == "tensor<3x1xf32>\n"


def test_infer_explains_a_failure(run: Invoke) -> None:
    result = run("infer", "tensor<3xi32>", "tensor<4xi32>")
    assert result.code == 1
    assert "error[BC101]: operands don't have broadcast-compatible shapes" in result.out


def test_infer_checks_a_result(run: Invoke) -> None:
    result = run("infer", "tensor<?xi32>", "tensor<?xi32>", "--result", "tensor<4xi32>")
    assert result.code == 1
    assert "help: the result type should be tensor<?xi32>" in result.out
    result = run("infer", "tensor<?xi32>", "tensor<?xi32>", "--result", "tensor<4xi32>", "--profile", "llvm")
    assert (result.code, result.out) == (0, "tensor<?xi32>\n")


def test_infer_rejects_a_non_type(run: Invoke) -> None:
    result = run("infer", "tensor<3xi32", "tensor<4xi32>")
    assert result.code == 2
    assert (
        result.err
        == "broadcheck: error: 'tensor<3xi32' is not a type or a shape: expected '>' in tensor type (column 13)\n"
    )


def test_rules_lists_every_code(run: Invoke) -> None:
    from broadcheck.messages import RULES

    result = run("rules")
    assert result.code == 0
    for code in RULES:
        assert code in result.out
    assert run("rules", "BC101").out.startswith("BC101  operands-not-broadcastable")
    assert run("rules", "BC999").code == 2


def test_version_and_help(run: Invoke) -> None:
    version = run("--version").out.splitlines()
    assert version[0] == f"broadcheck, version {__version__}"
    # the tools whose dialects it follows, with their versions (from the op-name lists)
    assert "  chlo, linalg, stablehlo, tensor, tosa, vector: iree-base-compiler 3.13.0" in version
    assert "  tf, tfl: tensorflow-cpu 2.21.0" in version and "  mhlo: jax/jaxlib 0.10.2" in version
    help_text = run("--help").out
    assert "Examples:" in help_text and "broadcheck check" in help_text
    assert "--split-input-file" in run("check", "--help").out


def test_no_path_checks_the_current_directory_as_ruff_does(run: Invoke, tree: Path) -> None:
    # `broadcheck check` alone was a usage error ("Missing argument 'PATHS...'").
    alone = run("check", "--output-format", "concise")
    dot = run("check", "--output-format", "concise", ".")
    assert (alone.code, alone.out, alone.err) == (dot.code, dot.out, dot.err)
    assert alone.code == 1 and "bad.mlir:1:6: error: 'tf.AddV2' op" in alone.out
    assert alone.out.endswith("Found 1 error in 1 of 2 files.\n")


def test_show_settings_needs_no_path(run: Invoke, tree: Path) -> None:
    result = run("check", "--isolated", "--show-settings")
    assert result.code == 0, result.err
    assert result.out == run("check", "--isolated", "--show-settings", ".").out
    assert 'profile            = "spec"' in result.out.splitlines()


NO_BROADCAST = ["tensor<8x1x6x1xi32>", "tensor<7x1x5xi32>", "tensor<3x9x9x9x9x9x9xi32>"]


@pytest.mark.parametrize(
    "args",
    [
        ["infer", *NO_BROADCAST, "--semantics", "all"],
        ["infer", "2x1", "1x3", "--semantics", "all"],
        ["explain", "8x1x6x1", "7x1x5"],
        ["rules", "BC101"],
    ],
    ids=["infer-all-errors", "infer-all-ok", "explain", "rules"],
)
def test_columns_never_changes_piped_output(args: list[str], tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "FORCE_COLOR", "GITHUB_ACTIONS")}
    outputs = set()
    for columns in (None, "20", "80", "400"):
        command = [sys.executable, "-m", "broadcheck", *args]
        done = subprocess.run(
            command, env=env if columns is None else {**env, "COLUMNS": columns}, capture_output=True, timeout=HANG
        )
        assert done.returncode in (0, 1) and done.stderr == b"", done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1  # `infer --semantics all` followed COLUMNS (and 80 without it) through a pipe


def test_piped_infer_all_never_wraps_a_message(run: Invoke) -> None:
    result = run("infer", *NO_BROADCAST, "--semantics", "all")
    assert result.code == 1
    numpy_row = next(line for line in result.out.splitlines() if "numpy" in line)
    assert "Mismatch is between arg 0 with shape (8, 1, 6, 1) and arg 2 with shape (3, 9, 9, 9, 9, 9, 9)." in numpy_row
    assert "broadcast-compatible shapes" in next(line for line in result.out.splitlines() if "mlir (spec)" in line)


@pytest.mark.parametrize(
    ("text", "error_at", "brace_at"),
    [
        ("func.func @f(%a: tensor<3xf32>) -> tensor<3xf32> {\n  return %a : tensor<3xf32>\n", "2:28", (1, 50)),
        ("module {\n  func.func @f() {\n    return\n  }\n", "4:4", (1, 8)),
        ('"test.op"() ({\n  "test.x"() : () -> ()\n', "2:24", (1, 14)),
        ('module {\n  func.func @g() {\n    %0 = "test.y"() ({\n    }) : () -> i32\n', "4:19", (2, 18)),
    ],
)
def test_an_unclosed_brace_is_named(
    text: str, error_at: str, brace_at: tuple[int, int], run: Invoke, tmp_path: Path
) -> None:
    # iree-opt says only "expected operation name in quotes" at the end (no note): ours names the `{`.
    (tmp_path / "u.mlir").write_text(text)
    result = run("check", "--isolated", "--no-cache", str(tmp_path / "u.mlir"))
    assert result.code == 1
    assert f"--> {tmp_path / 'u.mlir'}:{error_at}" in result.out
    assert "error[BC005]: expected operation name in quotes" in result.out
    line, column = brace_at
    assert f"= note: the region opened by '{{' at line {line}, column {column} is never closed" in result.out
    assert text.splitlines()[line - 1][column - 1] == "{"


OP_OF = "%0 = tosa.add %a, %b : ({}, tensor<3xf32>) -> tensor<3xf32>\n"  # the type starts at column 25


@pytest.mark.parametrize(
    ("nested", "column", "message"),
    [
        # 600 nested `tensor<` raised RecursionError (an internal error, exit 2)
        ("tensor<" * 600 + "f32" + ">" * 600, 25 + 599 * 7, "invalid tensor element type"),
        ("tensor<" * 5000 + "f32" + ">" * 5000, 25 + 4999 * 7, "invalid tensor element type"),
        (
            "vector<2x" * 600 + "f32" + ">" * 600,
            25 + 598 * 9,
            "failed to verify 'elementType': VectorElementTypeInterface instance",
        ),
    ],
    ids=["tensor-600", "tensor-5000", "vector-600"],
)
def test_nesting_of_any_depth_is_a_located_error(
    nested: str, column: int, message: str, run: Invoke, tmp_path: Path
) -> None:
    # Where and what iree-opt 3.13 says (1:4218 and 1:5407 for the 600-deep ones).
    (tmp_path / "deep.mlir").write_text(OP_OF.format(nested))
    result = run("check", "--isolated", "--no-cache", "--output-format", "concise", str(tmp_path / "deep.mlir"))
    assert (result.code, result.err) == (1, "")
    assert result.out.splitlines()[0] == f"{tmp_path / 'deep.mlir'}:1:{column}: error: {message} [BC001]"


def test_no_hypothesis_deadline() -> None:
    # A deadline is a wall-clock assertion: the suite's profile has none (tests/conftest.py).
    from hypothesis import settings

    assert settings.default.deadline is None
