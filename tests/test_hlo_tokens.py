"""HLO tokens reach the checks (issue 29): an op that takes tensors only rejects one, in its
verifier's words; custom_call judges tokens (its declaration says so); the other ops that take
tokens (if, while and their return) stay passed over (no check of theirs judges a token valid)."""

from __future__ import annotations

from tests.fixture_result import fixture_result


def test_token_errors_are_met_and_token_ops_passed_over() -> None:
    result = fixture_result("hlo_tokens.mlir")
    assert result.diagnostics == []
    assert result.annotations_not_held == 0  # each expected error is met by a check, none waived
    # the three ops that reject a token, the two custom calls, and the while cond's compare and return
    assert result.ops_checked == 7
    assert {name for name, _ in result.passed_over} == {"stablehlo.if", "stablehlo.while", "stablehlo.return"}
