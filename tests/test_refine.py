"""``broadcheck refine``: golden fixtures, every option and exit code, and the file left alone
unless asked (issue 32).

Each ``tests/fixtures/refine/NAME.mlir`` holds its command in its ``// RUN:`` line (``not`` for
exit 1); ``NAME.expected`` holds the exit code, the concise diagnostics (standard error) and the
refined text (standard output). ``BROADCHECK_UPDATE_GOLDEN=1`` rewrites the expected files (read
the diff before committing it: the error messages are iree-opt 3.13's, see ``docs/refine.md``).
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from broadcheck.engine.refine import BadRequest, parse_arg, parse_dim, with_shape
from broadcheck.engine.refine_values import dims_of
from tests.conftest import FIXTURES, Invoke

CASES = FIXTURES / "refine"
FILES = sorted(CASES.glob("*.mlir"))
UPDATE = os.environ.get("BROADCHECK_UPDATE_GOLDEN") == "1"

RESHAPE = CASES / "reshape_breaks.mlir"
JAX = CASES / "jax_dims.mlir"


def _command(path: Path) -> tuple[int, list[str]]:
    line = path.read_text().splitlines()[0]
    words = shlex.split(line.removeprefix("// RUN:"))
    code = 1 if words[0] == "not" else 0
    words = words[1:] if code else words
    assert words[:2] == ["broadcheck", "refine"], line
    return code, [str(path.relative_to(CASES)) if w == "%s" else w for w in words[2:]]


def _golden(code: int, err: str, out: str) -> str:
    return f"exit: {code}\n--- stderr\n{err}--- stdout\n{out}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden(path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each fixture's exit code, diagnostics and refined text are its golden file's."""
    monkeypatch.chdir(CASES)
    code, args = _command(path)
    result = run("refine", *args, "--output-format", "concise")
    assert result.code == code, result.err
    got = _golden(result.code, result.err, result.out)
    expected = path.with_suffix(".expected")
    if UPDATE:
        expected.write_text(got)
    assert got == expected.read_text()


def test_every_fixture_has_its_golden_file() -> None:
    assert len(FILES) >= 6
    assert all(p.with_suffix(".expected").exists() for p in FILES)


def _types_out(text: str) -> str:
    return re.sub(r"tensor<[^<>]*>", "T", text)


CLONES = [p for p in FILES if p.stem.startswith("callee_clone")]
SIZES = [CASES / "tensor_empty_sizes.mlir"]


@pytest.mark.parametrize(
    "path", [p for p in FILES if _command(p)[0] == 0 and p not in CLONES + SIZES], ids=lambda p: p.stem
)
def test_only_types_change(path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """The refined text is the input, byte for byte, but for type texts."""
    monkeypatch.chdir(CASES)
    _, args = _command(path)
    result = run("refine", *args)
    before = path.read_text()
    assert result.out != before
    assert _types_out(result.out) == _types_out(before)
    assert result.out.count("\n") == before.count("\n")


@pytest.mark.parametrize("path", SIZES, ids=lambda p: p.stem)
def test_known_sizes_are_written_as_constants(path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """Besides types, only the size operands of ``tensor.empty``/``expand_shape`` change, as the
    canonicalizer writes them once known: ``tensor.empty(%dim)`` -> ``tensor.empty()``, and
    ``output_shape [%dim, ...]`` -> ``output_shape [8, ...]``."""
    monkeypatch.chdir(CASES)
    _, args = _command(path)
    result = run("refine", *args)
    before = path.read_text()
    assert result.code == 0
    assert "tensor.empty(%dim)" in before and "tensor.empty(%dim)" not in result.out
    sizes = re.compile(r"tensor\.empty\([^)]*\)|output_shape \[[^\]]*\]")
    assert _types_out(sizes.sub("S", result.out)) == _types_out(sizes.sub("S", before))
    assert "output_shape [8, 1, 20]" in result.out and "tensor.empty() : tensor<8x20xf32>" in result.out


@pytest.mark.parametrize("path", CLONES, ids=lambda p: p.stem)
def test_clones_are_appended(path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """A function refined with a second set of types is cloned: the input's lines keep their
    text but for types and the callee's name (``@f`` -> ``@f_0``), and each clone, after the
    last function, is its function's text but for types and its name."""
    monkeypatch.chdir(CASES)
    _, args = _command(path)
    result = run("refine", *args)
    before = path.read_text().rstrip("\n").split("\n")
    after = result.out.rstrip("\n").split("\n")
    assert result.code == 0 and len(after) > len(before)
    renamed = re.compile(r"(@\w+?|sym_name = \"\w+?)_\d+\b")  # (a generic function: its sym_name)
    kept = [_types_out(renamed.sub(r"\1", line)) for line in after[: len(before)]]
    assert kept == [_types_out(line) for line in before]
    source = "\n".join(_types_out(line) for line in before)
    for clone in "\n".join(after[len(before) :]).split("\nfunc.func")[0:]:
        text = _types_out(renamed.sub(r"\1", clone.strip("\n")))
        assert text.removeprefix("func.func") in source, clone


def test_the_file_is_not_changed_unless_asked(run: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "jax.mlir"
    target.write_bytes(JAX.read_bytes())
    for extra in ([], ["--diff"], ["--output-format", "json"]):
        run("refine", str(target), "--dim", "b=16", *extra)
        assert target.read_bytes() == JAX.read_bytes()


def test_in_place_rewrites_the_file(run: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "jax.mlir"
    target.write_bytes(JAX.read_bytes())
    printed = run("refine", str(target), "--dim", "b=16").out
    result = run("refine", "--in-place", str(target), "--dim", "b=16")
    assert result.code == 0 and result.out == ""
    assert target.read_text() == printed
    assert "tensor<16x3xf32>" in printed and "?" not in printed.split("module", 1)[1].split("error_message")[0]


def test_in_place_writes_nothing_when_something_breaks(run: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "reshape.mlir"
    target.write_bytes(RESHAPE.read_bytes())
    result = run("refine", "-i", str(target), "--arg", "@main:0=tensor<5x8xf32>")
    assert result.code == 1
    assert target.read_bytes() == RESHAPE.read_bytes()


def test_nothing_is_printed_when_something_breaks(run: Invoke) -> None:
    result = run("refine", str(RESHAPE), "--arg", "@main:0=tensor<5x8xf32>")
    assert result.code == 1 and result.out == ""
    assert "number of output elements (32) doesn't match expected number of elements (40)" in result.err
    assert "its new types follow from @main's argument #0 (now tensor<5x8xf32>, was tensor<4x8xf32>)" in result.err


def test_diff(run: Invoke) -> None:
    result = run("refine", str(JAX), "--dim", "b=16", "--diff")
    assert result.code == 0
    assert result.out.startswith(f"--- {JAX}\n+++ {JAX}\n")
    assert "-  func.func public @main(%arg0: tensor<?x3xf32>" in result.out
    assert "+  func.func public @main(%arg0: tensor<16x3xf32>" in result.out


def test_diff_shows_even_what_breaks(run: Invoke) -> None:
    result = run("refine", str(RESHAPE), "--arg", "@main:0=tensor<5x8xf32>", "--diff")
    assert result.code == 1
    assert "+  %1 = stablehlo.reshape %0 : (tensor<5x8xf32>) -> tensor<32xf32>" in result.out


def test_stdin_and_its_name(run: Invoke) -> None:
    result = run("refine", "-", "--dim", "b=4", "--stdin-filename", "x.mlir", stdin=JAX.read_text())
    assert result.code == 0 and "tensor<4x3xf32>" in result.out
    broken = run("refine", "-", "--arg", "@main:0=tensor<5x8xf32>", "--output-format", "concise",
                 stdin=RESHAPE.read_text())  # fmt: skip
    assert broken.code == 1 and broken.err.startswith("<stdin>:5:8: error: number of output elements")


def test_json_and_sarif(run: Invoke) -> None:
    result = run("refine", str(RESHAPE), "--arg", "@main:0=tensor<5x8xf32>", "--output-format", "json")
    found = json.loads(result.err)
    assert result.code == 1
    text = json.dumps(found)
    assert "BC573" in text and "its new types follow from" in text
    sarif = json.loads(run("refine", str(RESHAPE), "--arg", "@main:0=tensor<5x8xf32>", "--output-format", "sarif").err)
    assert sarif["runs"][0]["results"][0]["ruleId"] == "BC573"


def test_output_file(run: Invoke, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    result = run("refine", str(RESHAPE), "--arg", "@main:0=tensor<5x8xf32>", "--output-format", "json",
                 "--output-file", str(report))  # fmt: skip
    assert result.code == 1 and result.err == ""
    assert "BC573" in report.read_text()


def test_quiet(run: Invoke) -> None:
    loud = run("refine", str(JAX), "--dim", "b=2")
    assert "No problems found" in loud.err
    assert run("refine", str(JAX), "--dim", "b=2", "-q").err == ""
    silent = run("refine", str(RESHAPE), "--arg", "@main:0=tensor<5x8xf32>", "-qq")
    assert (silent.code, silent.err, silent.out) == (1, "", "")


def test_a_warning_alone_exits_0(run: Invoke) -> None:
    result = run("refine", str(CASES / "stops.mlir"), "--arg", "@main:0=tensor<2x4xf32>", "--output-format", "concise")
    assert result.code == 0
    assert "warning: 'mydialect.opaque' op refinement stops here" in result.err


def test_arg_and_dim_combine(run: Invoke) -> None:
    result = run("refine", str(CASES / "callee.mlir"), "--arg", "@main:0=tensor<3x4xf32>",
                 "--arg", "@main:1=tensor<4xf32>")  # fmt: skip
    assert result.code == 0 and "tensor<4x4xf32>" in result.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "nothing to refine"),
        (("--arg", "main=tensor<4xf32>"), "is not @FUNCTION:INDEX=TYPE"),
        (("--arg", "@main:0=tensor<4xf32"), "is not a type"),
        (("--arg", "@nope:0=tensor<4xf32>"), "no function @nope in the input (its functions: @main)"),
        (("--arg", "@main:3=tensor<4xf32>"), "@main has 1 arguments: there is no argument 3"),
        (("--dim", "b"), "is not NAME=SIZE"),
        (("--dim", "b=16"), "no dimension variable 'b' in the input"),
        (("--arg", "@main:0=tensor<5x8xf32>", "--in-place", "--diff"), "--in-place and --diff cannot be combined"),
    ],
)
def test_usage_errors_exit_2(run: Invoke, args: tuple[str, ...], message: str) -> None:
    result = run("refine", str(RESHAPE), *args)
    assert result.code == 2, result.err
    assert message in result.err
    assert result.out == ""


def test_usage_errors_of_inputs(run: Invoke, tmp_path: Path) -> None:
    missing = run("refine", str(tmp_path / "none.mlir"), "--dim", "b=1")
    assert missing.code == 2 and "none.mlir" in missing.err
    stdin = run("refine", "-", "--in-place", "--dim", "b=1", stdin="")
    assert stdin.code == 2 and "--in-place needs a file" in stdin.err


def test_parse_helpers() -> None:
    assert parse_arg("@main:2=tensor<16x128xi32>") == ("main", 2, "tensor<16x128xi32>")
    assert parse_arg('@"my fn":0 = tensor<f32>') == ("my fn", 0, "tensor<f32>")
    assert parse_dim(" b = 16 ") == ("b", 16)
    with pytest.raises(BadRequest):
        parse_dim("b=-1")
    assert with_shape("tensor<?x3xf32, #enc>", [4, 3]) == "tensor<4x3xf32, #enc>"
    # (an unranked type takes the rank it is given: tosa-infer-shapes ranks an unranked result)
    assert with_shape("tensor<*xf32>", [4, None]) == "tensor<4x?xf32>"
    assert with_shape("memref<*xf32>", [4]) is None
    assert dims_of("tensor<*xf32>") is None and dims_of("tensor<2x?xf32>") == [2, None]


def test_crlf_and_byte_order_mark_are_kept(run: Invoke, tmp_path: Path) -> None:
    source = (CASES / "callee.mlir").read_text()
    target = tmp_path / "crlf.mlir"
    target.write_bytes(b"\xef\xbb\xbf" + source.replace("\n", "\r\n").encode())
    result = run("refine", str(target), "--arg", "@main:0=tensor<16x4xf32>", "-q")
    plain = run("refine", str(CASES / "callee.mlir"), "--arg", "@main:0=tensor<16x4xf32>", "-q").out
    assert result.code == 0
    assert result.out == "\ufeff" + plain  # (click's runner shows CRLF as LF; the file below is read as bytes)
    run("refine", "-i", str(target), "--arg", "@main:0=tensor<16x4xf32>")
    assert target.read_bytes() == b"\xef\xbb\xbf" + plain.replace("\n", "\r\n").encode()


@pytest.mark.parametrize(
    "text",
    [
        "%0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>",
        "%12 = stablehlo.add %x, %long_name_3 : tensor<4xf32>",
        "return %0#1, %a#0 : f32, f32",
        "%0:2 = stablehlo.while(%iterArg = %arg0, %i = %c) : tensor<?x2xf32>, tensor<i32>",
        "%0 = stablehlo.dot %arg0, %arg1, precision = [%arg0] : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>",
        '%0 = stablehlo.custom_call @f(%a) {backend_config = "%b = %c"} : (tensor<i32>) -> tensor<i32>',
        "%sf = arith.addf{%a, %a} : f32",
        '%1 = "tf.AddV2"(%x, %yy) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>',
        "%0 = scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> (tensor<?xf32>) {",
    ],
)
def test_a_statement_reads_the_same_once_per_shape(text: str) -> None:
    """Refine reads a statement once per shape (its names blanked out, each as long as it was)
    and gives it its names back: the same statement as reading it whole."""
    from broadcheck.engine.refine_values import read_as_named
    from broadcheck.syntax.statement import SyntaxProblem, read_statement

    def outcome(read: Callable[[str], object], one: str) -> object:
        try:
            return read(one)
        except SyntaxProblem as problem:
            return str(problem)

    renamed = text.replace("%a", "%q").replace("%x", "%z")  # same lengths: one shape, two readings
    for one in (text, renamed):
        assert outcome(read_as_named, one) == outcome(read_statement, one)
