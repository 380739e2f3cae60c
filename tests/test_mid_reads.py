"""Issue 31, Build 1 (task ``mid2``): what a mid-size export's reading no longer steps through.

A frozen graph's weights (``lexer.elide_weights``) are checked in C, not stepped through by a
pattern; the checks give what ``130bc9d``'s patterns gave (kept here). Work is counted, never timed.
"""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.runner import check_one
from broadcheck.syntax import lexer
from tests.test_first_use import LINALG, STABLEHLO, TF, TOSA
from tests.waits import HANG

# ---------------------------------------------------------------- a frozen graph's weights

_NAME = r"%[\w$.\-]++"
_OLD_HEX = r'value = dense<)"0x[0-9A-Fa-f]{256,}+"(?=>)'
_OLD_WEIGHTS = re.compile(
    rf'(\s*+(?:{_NAME} = "tf\.Const"|{_NAME}, {_NAME} = tf_executor\.island wraps "tf\.Const")\(\) <\{{' + _OLD_HEX
)
_OLD_REST = re.compile(r'((?: wraps "tf\.Const"\(\))? <\{' + _OLD_HEX)


def _old_elide(key: str, rest: bool = False) -> str:
    """``130bc9d``'s ``elide_weights``: one pattern over the digits."""
    if len(key) < lexer.WEIGHTS:
        return key
    m = (_OLD_REST if rest else _OLD_WEIGHTS).match(key)
    if m is None:
        return key
    return f'{m.group(1)}"0x"{key[m.end() :]}'


_HEADS = (
    ('%cst = "tf.Const"() <{', False),
    ('    %cst_4 = "tf.Const"() <{', False),
    ('%outputs, %control = tf_executor.island wraps "tf.Const"() <{', False),
    (" <{", True),
    (' wraps "tf.Const"() <{', True),
    ("() <{", True),
    ('%cst = "tf.Other"() <{', False),
)
_TAILS = ('"> : tensor<10xf32>}> : () -> tensor<10xf32>', '">}>', '"', '" >', '">', "")
_ODD = ("G", "g", " ", '"', "\\", "é", "\u4e00", "\n", "x", "-", "0x")


def _digits(rng: random.Random, size: int) -> str:
    return "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(size))


def _keys(rng: random.Random, count: int) -> list[tuple[str, bool]]:
    out = []
    for _ in range(count):
        head, rest = rng.choice(_HEADS)
        size = rng.choice((0, 1, 254, 255, 256, 257, 300, 511, 512, 513, 1024, 2047, 2048, 2049, rng.randrange(4000)))
        digits = _digits(rng, size)
        if digits and rng.random() < 0.4:  # a character that is not a digit, somewhere
            at = rng.randrange(len(digits) + 1)
            digits = digits[:at] + rng.choice(_ODD) + digits[at:]
        value = rng.choice(('value = dense<"0x', 'value = dense<"0X', 'value = dense<"', "value = dense<0x"))
        out.append((f"{head}{value}{digits}{rng.choice(_TAILS)}", rest))
    return out


@pytest.mark.parametrize("run", [1 << 18, 64, 2])
def test_weights_are_elided_as_the_pattern_over_the_digits_did(monkeypatch: pytest.MonkeyPatch, run: int) -> None:
    """On 3,000 generated keys (heads that are and are not a ``tf.Const``'s, digits around
    ``WEIGHTS`` and the run's size, odd and even counts, a character that is not a hexadecimal
    digit anywhere: a letter, a space, a quote, a backslash, a non-ASCII one), with the digits
    decoded a run of ``run`` at a time: what 130bc9d's pattern made of each."""
    monkeypatch.setattr(lexer, "_HEX_RUN", run)
    rng = random.Random(run)
    keys = _keys(rng, 3000)
    elided = 0
    for key, rest in keys:
        got = lexer.elide_weights(key, rest=rest)
        assert got == _old_elide(key, rest=rest), key[:80]
        if got is key:
            assert _old_elide(key, rest=rest) is key
        else:
            elided += 1
    assert elided > 60  # (the cases are not all kept)


def test_the_pattern_stops_before_the_weights() -> None:
    """The pattern that finds a ``tf.Const``'s value stops at its ``"0x``: the megabyte of digits
    after it is passed over by ``str.find`` and checked in C (130bc9d's pattern stepped through
    every digit: 22 ms over ``mobilenetv2.tfstd``'s 13 MB, where ``bytes``' C passes take 9)."""
    digits = "3C" * (1 << 19)
    key = f'%cst = "tf.Const"() <{{value = dense<"0x{digits}"> : tensor<262144xf32>}}> : () -> tensor<262144xf32>'
    rest = key[key.index(" <{") :]
    for text, is_rest, pattern, old in (
        (key, False, lexer._WEIGHTS, _OLD_WEIGHTS),
        (rest, True, lexer._WEIGHTS_REST, _OLD_REST),
    ):
        m = pattern.match(text)
        assert m is not None and m.end() < 64  # the characters the pattern steps through
        assert (old.match(text) or pytest.fail()).end() > len(digits)  # (130bc9d's: every digit)
        assert lexer.elide_weights(text, rest=is_rest) == text.replace(digits, "")


# ---------------------------------------------------------------- the code of the records, made at import

COUNT_COMPILES = """
import builtins, os, sys

compiled = []
original = builtins.compile
def counting(source, *args, **kwargs):
    if isinstance(source, str):  # (a text; a module's source whose bytecode is stale comes as bytes)
        compiled.append(source)
    return original(source, *args, **kwargs)
builtins.compile = counting
leave = os._exit
def done(code):
    print(repr(compiled), file=sys.stderr)
    leave(code)
os._exit = done
sys.argv[1:] = ["check", "--no-cache", "one.mlir"]
from broadcheck.__main__ import main
main()
"""


@pytest.mark.parametrize("dialect", ["tosa", "linalg", "stablehlo", "tf"])
def test_a_checking_run_compiles_no_code_for_its_records(tmp_path: Path, dialect: str) -> None:
    """A checking run compiles no text: the named tuples' ``__new__`` is made from code compiled
    with ``syntax.named``'s bytecode (a lambda for each count of fields), not compiled for each
    class (about a million instructions each), and the rules' records (StableHLO's ``Tensor`` and
    ``Constraint``, TensorFlow's ``Constraint``, ``TfOp``, ``TflOp`` and ``Context``, Linalg's
    ``AffineMap`` and ``Buffer``) are :class:`~broadcheck.ops.Frozen` or plain classes, whose
    ``dataclass`` generated their methods' code at each run's import (``exec`` of about seven
    texts a frozen class, 0.8 ms). At 130bc9d a run compiled 27 (TOSA), 36 (Linalg), 42
    (StableHLO), 47 (TensorFlow) texts."""
    text = {"tosa": TOSA, "linalg": LINALG, "stablehlo": STABLEHLO, "tf": TF}[dialect]
    (tmp_path / ".git").mkdir()  # (no configuration of a parent directory is read)
    (tmp_path / "one.mlir").write_text(text)
    done = subprocess.run(
        [sys.executable, "-c", COUNT_COMPILES], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=HANG
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert " ops checked)" in done.stdout, done.stdout  # (the control: the run checked its ops)
    compiled = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    assert compiled == []


# ---------------------------------------------------------------- the reader's passes over a block


def _counted(run: Callable[[], object]) -> list[int]:
    """The length of each string ``str.count`` was called on while ``run`` ran (its C calls, as
    the profiler sees them)."""
    lengths: list[int] = []

    def profile(frame: object, event: str, arg: object) -> None:
        if (
            event == "c_call"
            and getattr(arg, "__name__", "") == "count"
            and type(getattr(arg, "__self__", None)) is str
        ):
            lengths.append(len(arg.__self__))  # type: ignore[attr-defined]

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return lengths


def test_a_block_s_lines_are_counted_by_the_scanner_not_again(tmp_path: Path) -> None:
    """The reader takes a block's count of lines from the scanner (the line after the segment it
    scanned), not from a ``str.count`` of its own over the whole block (5 ms over
    ``mobilenetv2.tfstd``'s 13 MB); the lines the check reports are those it reported. At 130bc9d
    ``str.count`` went over every block of the file: 1.0x its size or more."""
    digits = "3C" * (1 << 17)
    ops = "".join(
        f'    %{i} = "tf.AddV2"(%{i - 1}, %cst) : (tensor<65536xf32>, tensor<65536xf32>) -> tensor<65536xf32>\n'
        for i in range(1, 50)
    )
    text = (
        "func.func @main(%arg0: tensor<65536xf32>) -> tensor<65536xf32> {\n"
        f'    %cst = "tf.Const"() <{{value = dense<"0x{digits}"> : tensor<65536xf32>}}> : () -> tensor<65536xf32>\n'
        '    %0 = "tf.Identity"(%arg0) : (tensor<65536xf32>) -> tensor<65536xf32>\n'
        f"{ops}"
        '    %bad = "tf.AddV2"(%0, %cst) : (tensor<65536xf32>, tensor<65536xf32>) -> tensor<4xf32>\n'
        "    return %49 : tensor<65536xf32>\n"
        "}\n"
    )
    path = tmp_path / "graph.mlir"
    path.write_text(text)
    check_one(str(path), Options(), "-")  # (imports and tables first)
    results: list[object] = []
    lengths = _counted(lambda: results.append(check_one(str(path), Options(), "-")))
    result = results[0]
    assert not isinstance(result, BaseException)
    assert [d.line for d in result.diagnostics] == [text.count("\n") - 2]  # the `%bad` line, counted right
    assert sum(lengths) < len(text) // 10, (len(text), sorted(lengths)[-5:])


def test_a_metadata_dictionary_s_lines_are_not_stepped_through(tmp_path: Path) -> None:
    """A torch-mlir export's resources (lines of hexadecimal at the file's end, blanked for the
    scanner): their line ends are found by ``str.find``, and the line of the ``{-#`` is counted from
    the scanner's count of lines, not by ``str.count`` over the text before it (at 130bc9d two
    passes over the whole text, and one more for the block's lines). Where a diagnostic asks where
    the module ends (a brace or a region left open, during the scan or at its end) it gets the
    line 130bc9d gave (the expected lines are 130bc9d's), with ``\\r\\n`` and without a last line end."""
    weights = "".join(f'      t{i}: "0x04000000{"AB" * 60_000}",\n' for i in range(8))
    ops = "".join(f"  %{i} = arith.addf %{i - 1}, %cst : tensor<4xf32>\n" for i in range(1, 40))
    body = (
        "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %cst = arith.constant dense_resource<t0> : tensor<4xf32>\n"
        "  %0 = arith.addf %arg0, %cst : tensor<4xf32>\n"
        f"{ops}"
        "  return %39 : tensor<4xf32>\n}\n"
    )
    tail = "{-#\n  dialect_resources: {\n    builtin: {\n" + weights + '      last: "0x0400"\n    }\n  }\n#-}\n'
    unclosed = f"module {{\n{body}\n{tail}"
    cases = [
        (f"{body}\n{tail}", []),
        (f"{body}}}\n\n{tail}", [("BC005", 44, 2)]),
        (f"module {{\n{body}}}\n}}\n{tail}", [("BC005", 46, 2)]),
        (
            f"{body}  }}\n  %x = arith.addf %0, %0 : tensor<4xf32>\n}}\n{tail}",
            [("BC005", 44, 2), ("BC014", 46, 19), ("BC005", 46, 41)],
        ),
        (unclosed, [("BC005", 45, 2)]),
        (unclosed.replace("\n", "\r\n"), [("BC005", 45, 2)]),
        (unclosed.rstrip("\n"), [("BC005", 45, 2)]),
        (f"{unclosed}\n\n", [("BC005", 45, 2)]),
    ]
    for text, expected in cases:
        path = tmp_path / "export.mlir"
        path.write_bytes(text.encode())
        check_one(str(path), Options(), "-")  # (imports and tables first)
        results: list[object] = []
        lengths = _counted(lambda path=path, results=results: results.append(check_one(str(path), Options(), "-")))
        result = results[0]
        assert not isinstance(result, BaseException)
        assert [(d.code, d.line, d.column) for d in result.diagnostics] == expected
        if text is cases[0][0]:
            assert sum(lengths) < len(text) // 10, (len(text), sorted(lengths)[-5:])
