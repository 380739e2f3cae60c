"""The statement reader (``broadcheck.syntax.statement``): what it reads of custom forms."""

from __future__ import annotations

import pytest

from broadcheck.syntax.statement import read_statement


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # values used inside brackets are operands, in order
        ("%0 = tensor.extract %t[%i, %j] : tensor<4x4xf32>", ["%t", "%i", "%j"]),
        (
            "%0 = tensor.extract_slice %t[%i, 0] [%n, 4] [1, %s] : tensor<8x16xf32> to tensor<?x4xf32>",
            ["%t", "%i", "%n", "%s"],
        ),
        (
            "%0 = tensor.insert_slice %a into %t[0, %i] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>",
            ["%a", "%t", "%i"],
        ),
        ("%0 = vector.extract %v[0, %i] : f32 from vector<4x4xf32>", ["%v", "%i"]),
        # and inside a clause's brackets
        (
            "%0 = linalg.pack %a inner_dims_pos = [0] inner_tiles = [%t] into %b : tensor<8xf32> -> tensor<1x?xf32>",
            ["%a", "%t", "%b"],
        ),
        # brackets without values add nothing
        ("%0 = tensor.collapse_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>", ["%t"]),
    ],
)
def test_values_inside_brackets_are_operands(text: str, names: list[str]) -> None:
    statement = read_statement(text)
    assert [u.name for u in statement.operands] == names
    for use in statement.operands:
        assert text[use.start : use.end] == use.name
