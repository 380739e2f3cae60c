"""A function's head as MLIR's function parser reads it (``broadcheck/syntax/head.py``): what it
rejects, in ``iree-opt`` 3.13's words and at its column (the fixture
``tests/fixtures/function_head_syntax.mlir`` holds the same heads in whole files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.syntax.head import head_problem
from broadcheck.syntax.statement import SyntaxProblem, read_statement
from tests.conftest import Invoke

# (head, iree-opt's message, its 1-based column on the head's line)
BROKEN = [
    ("func.func @f(%arg0 tensor<4xf32>) -> tensor<4xf32> {...}", "expected ':'", 19),
    ("func.func @f(%arg0: tensor<4xf32) -> tensor<4xf32> {...}", "expected '>' in tensor type", 33),
    ("func.func @f(%arg0: tensor<4xf32> -> tensor<4xf32> {...}", "expected ')'", 34),
    ("func.func @f(%arg0: tensor<4xf32> %arg1: tensor<4xf32>) -> tensor<4xf32> {...}", "expected ')'", 34),
    (
        "func.func @f(%arg0: tensor<4xf32>) tensor<4xf32> {...}",
        "custom op 'tensor' is unknown (tried 'builtin.tensor' as well)",
        36,
    ),
    (
        "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> foo {...}",
        "custom op 'foo' is unknown (tried 'builtin.foo' as well)",
        53,
    ),
    ("func.func @f(%arg0: tensor<4xf32>) : tensor<4xf32> {...}", "expected operation name in quotes", 35),
    (
        "func.func private(%arg0: tensor<4xf32>) {...}",
        "custom op 'func.func' expected valid '@'-identifier for symbol name",
        18,
    ),
    (
        "func.func f(%arg0: tensor<4xf32>) {...}",
        "custom op 'func.func' expected valid '@'-identifier for symbol name",
        11,
    ),
    ("func.func @f(%arg0: ) -> tensor<4xf32> {...}", "expected non-function type", 20),
    ("func.func @f(%arg0: tensor<4xf32>) -> {...}", "expected non-function type", 38),
    ("func.func @f(%arg0: tensor<4xf32>,) -> tensor<4xf32> {...}", "custom op 'func.func' expected SSA identifier", 35),
    ("func.func @f(%arg0: tensor<4xf32>, tensor<4xf32>) {...}", "custom op 'func.func' expected SSA identifier", 36),
    ("func.func @f(%arg0: tensor<4xf32>) -> (tensor<4xf32>, ) {...}", "expected non-function type", 54),
    ("func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32 {...}", "expected '>' in tensor type", 51),
    ("func.func @f(%arg0: tensor<4xf32> {a.b = 1) -> tensor<4xf32> {...}", "expected '}' in attribute dictionary", 43),
    ("func.func private @g(tensor<4xf32) -> tensor<4xf32>", "expected '>' in tensor type", 34),
    # a type MLIR's type parser rejects (tests/test_type_syntax.py holds more, in whole files)
    ("func.func @f(%a: tensor<4xf33>) -> tensor<4xf32> {...}", "expected non-function type", 27),
    ("func.func @f(%a: f33) -> tensor<4xf32> {...}", "expected non-function type", 17),
    ("func.func @f(%a: memref<4x?xx>) -> tensor<4xf32> {...}", "expected non-function type", 29),
    (
        "func.func @f(%a: vector<0xf32>) -> tensor<4xf32> {...}",
        "vector types must have positive constant sizes but got 0",
        18,
    ),
    ("func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4x?xx>) {...}", "expected non-function type", 63),
]

READ = [
    "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {...}",
    'func.func private @d(tensor<4xf32> {a.b}, i32 loc("x")) -> (tensor<4xf32> {a.c = 1 : i32}, i32)'
    " attributes {sym.x = affine_map<(d0) -> (d0)>}",
    'func.func public @f(%arg0: !t {a.b = "x, )"} loc("y"), %arg1: memref<?xf32, strided<[1], offset: ?>>,\n'
    "    %arg2: tensor<2x!quant.uniform<i8:f32, 0.1>>) -> (!t, i32) attributes {x} {...}",
    "func.func @g() -> () {...}",
    "func.func @h(%a: !alias<x>, %b: tensor<4x!alias>) loc(#loc3)",
    'func.func @"quoted name"(%arg0: i32) {...}',
    "func.func @g(%a: tensor<4xi0>, %b: tensor<4xf32, >, %c: memref<*xf32>, %d: tuple<>) {...}",
]


@pytest.mark.parametrize(("head", "message", "column"), BROKEN)
def test_a_broken_head_is_mlir_s_error_at_its_column(head: str, message: str, column: int) -> None:
    problem = head_problem(head)
    assert problem is not None
    assert (problem.message, problem.start + 1) == (message, column)
    with pytest.raises(SyntaxProblem) as raised:  # the token reader raises it, where it stands
        read_statement(head)
    assert (raised.value.message, raised.value.start) == (message, problem.start)


@pytest.mark.parametrize("head", READ)
def test_a_head_that_reads_is_no_problem(head: str) -> None:
    assert head_problem(head) is None
    assert read_statement(head).name == "func.func"


def test_a_multi_line_head_s_error_is_on_its_line() -> None:
    head = "func.func @f(%arg0:\n    tensor<4xf32) -> tensor<4xf32> {...}"
    problem = head_problem(head)
    assert problem is not None and problem.message == "expected '>' in tensor type"
    assert head[: problem.start].count("\n") == 1 and problem.start - head.index("\n") == 17


def test_a_broken_head_s_arguments_are_no_finding_of_their_own(tmp_path: Path, run: Invoke) -> None:
    """After a function that reads, a broken head's body used its arguments as undeclared
    values (BC014): iree-opt stops at the head, and the head fixed, they are declared."""
    path = tmp_path / "second.mlir"
    path.write_text(
        "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n  return %arg0 : tensor<4xf32>\n}\n"
        "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32 {\n  return %arg0 : tensor<4xf32>\n}\n"
    )
    result = run("check", "--no-cache", "--output-format", "concise", str(path))
    assert result.out.splitlines()[:-1] == [f"{path}:4:51: error: expected '>' in tensor type [BC001]"]


@pytest.mark.parametrize("follows", ["", "func.func @g() {\n  return\n}\n"])
def test_a_head_left_open_holds_no_return_against_results(tmp_path: Path, run: Invoke, follows: str) -> None:
    """A head whose argument list is left open before its body (``@f(%a: T {``) is a syntax error;
    the reader still took the head, with no results: its ``return`` of a value was BC013
    ("returns 0"), an error iree-opt never says (it stops at the head)."""
    path = tmp_path / "open.mlir"
    path.write_text(f"func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32> {{\n  return %a : tensor<4xf32>\n}}\n{follows}")
    result = run("check", "--no-cache", "--output-format", "concise", str(path))
    found = result.out.splitlines()[:-1]
    assert len(found) == 1 and found[0].startswith(f"{path}:1:") and found[0].endswith("[BC001]"), found
