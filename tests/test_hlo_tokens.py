"""HLO tokens reach the checks (issue 29): an op that takes tensors only rejects one, in its
verifier's words; an op that takes tokens stays passed over (no check judges a token valid)."""

from __future__ import annotations

from pathlib import Path

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile

FIXTURE = Path(__file__).parent / "fixtures" / "hlo_tokens.mlir"


def test_token_errors_are_met_and_token_ops_passed_over() -> None:
    options = Options(Profile("spec"), OpTable(()), "// -----", True)
    result = check_text(str(FIXTURE), FIXTURE.read_text(), options)
    assert result.diagnostics == []
    assert result.annotations_not_held == 0  # each expected error is met by a check, none waived
    assert result.ops_checked == 5  # the three ops that reject a token, and the while cond's compare and return
    assert {name for name, _ in result.passed_over} == {
        "stablehlo.custom_call", "mhlo.custom_call", "stablehlo.if", "stablehlo.while", "stablehlo.return",
    }  # fmt: skip
