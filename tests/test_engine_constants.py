"""The literals of constant ops reach the checks of the ops that use them (``op.constant(i)``)."""

from __future__ import annotations

from typing import Any

import pytest

from broadcheck.api import check_text
from broadcheck.engine import forms
from broadcheck.engine import verify as verify_stage
from broadcheck.syntax.statement import read_statement


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        (
            '%0 = "tfl.pseudo_const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>',
            "dense<[1, 0]> : tensor<2xi32>",
        ),
        ('%0 = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>', "dense<2> : tensor<i32>"),
        ("%0 = arith.constant dense<[1, 0]> : tensor<2xi32>", "dense<[1, 0]> : tensor<2xi32>"),
        # MLIR's lexer takes spaces between `dense` and its `<`
        ("%0 = arith.constant dense <[-1, 1]> : tensor<2xi32>", "dense<[-1, 1]> : tensor<2xi32>"),
        ("%0 = arith.constant array <i64: 1, 2> : tensor<2xi64>", "array<i64: 1, 2> : tensor<2xi64>"),
    ],
)
def test_a_literal_carries_its_type_once(text: str, literal: str) -> None:
    statement = read_statement(text)
    assert forms.literal(statement, "value") == literal


def test_the_fast_path_hands_constants_to_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-line statement in a function takes the engine's fast path; its operands' constants
    still reach its check (here the first statement of the function defines one)."""
    seen: list[tuple[str, tuple[Any, ...]]] = []
    original = verify_stage.Checks.verdict

    def verdict(self: Any, form: Any, aliases: Any, regions: Any = (), constants: Any = ()) -> Any:
        seen.append((form.statement.name, tuple(constants)))
        return original(self, form, aliases, regions, constants)

    monkeypatch.setattr(verify_stage.Checks, "verdict", verdict)
    check_text(
        "func.func @f(%x: tensor<4x3xf32>) -> tensor<3x4xf32> {\n"
        '  %0 = "tfl.pseudo_const"() <{value = dense<[1, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>\n'
        '  %1 = "tfl.transpose"(%x, %0) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>\n'
        "  return %1 : tensor<3x4xf32>\n}\n"
    )
    assert ("tfl.transpose", (None, "dense<[1, 0]> : tensor<2xi32>")) in seen
