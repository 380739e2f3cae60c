"""stablehlo.dot_general's custom form: where its parser stops (contract.dot_general_form), each row
iree-opt 3.13's column (1-based, in the statement as written alone on its line) and message."""

from __future__ import annotations

import pytest

from broadcheck.dialects.stablehlo.contract import dot_general_form
from broadcheck.syntax.statement import read_statement

CUSTOM = "custom op 'stablehlo.dot_general' "
PLACES = [
    (
        "%0 = stablehlo.dot_general %a, %b, precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x24xf32>) -> tensor<8x24xf32>",
        36,
        "custom op 'stablehlo.dot_general' expected 'contracting_dims'",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        63,
        "custom op 'stablehlo.dot_general' expected 'contracting_dims'",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x24xf32>) -> tensor<8x24xf32>",
        64,
        "expected ':'",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] : (tensor<8x16xf32>, tensor<16x24xf32>) -> tensor<8x24xf32>",
        59,
        "custom op 'stablehlo.dot_general' expected 'x'",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        34,
        "expected ','",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0] contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        61,
        "expected ','",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, contracting_dims [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        52,
        "expected '='",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [1], batching_dims = [0] x [0] : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        66,
        "custom op 'stablehlo.dot_general' expected 'precision'",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, batching_dims = [0], contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        55,
        "custom op 'stablehlo.dot_general' expected 'x'",
    ),
    (
        "%0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x 1 : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>",
        60,
        "expected '['",
    ),
]


@pytest.mark.parametrize(("text", "column", "message"), PLACES)
def test_dot_general_form_stops_where_iree_opt_does(text: str, column: int, message: str) -> None:
    wrong = dot_general_form(read_statement(text), CUSTOM)
    assert wrong is not None
    assert (wrong[0], wrong[1] + 1) == (message, column)


def test_a_whole_form_reads() -> None:
    text = (
        "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], "
        "precision = [DEFAULT, DEFAULT] : (tensor<2x8x16xf32>, tensor<2x16x24xf32>) -> tensor<2x8x24xf32>"
    )
    assert dot_general_form(read_statement(text), CUSTOM) is None
