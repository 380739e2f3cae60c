"""tests/fixtures/math_forms.mlir: the math ops whose custom form writes not every type are all
checked, their results bound to names or not, and every expected error is met by a check."""

from __future__ import annotations

import re

from tests.fixture_result import FIXTURES, fixture_result


def test_every_math_op_of_the_fixture_is_checked() -> None:
    result = fixture_result("math_forms.mlir")
    assert result.diagnostics == []
    assert result.annotations_not_held == 0  # each expected error is met by a check, none waived
    assert set(result.passed_over) <= {("math.sincos", "not judged"), ("arith.mulsi_extended", "not judged")}
    ops = [
        line
        for line in (FIXTURES / "math_forms.mlir").read_text().splitlines()
        if re.search(r"\b(?:math|arith)\.", line.split("//")[0])
    ]
    assert result.ops_checked + sum(result.passed_over.values()) == len(ops)
