"""The literals of constant ops reach the checks of the ops that use them (``op.constant(i)``)."""

from __future__ import annotations

import pytest

from broadcheck.engine import forms
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
    ],
)
def test_a_literal_carries_its_type_once(text: str, literal: str) -> None:
    statement = read_statement(text)
    assert forms.literal(statement, "value") == literal
