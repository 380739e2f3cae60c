"""HLO tokens reach the checks (issue 29): their fixture's ops are all checked, none passed over."""

from __future__ import annotations

from pathlib import Path

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile

FIXTURE = Path(__file__).parent / "fixtures" / "hlo_tokens.mlir"


def test_token_ops_are_checked_not_passed_over() -> None:
    options = Options(Profile("spec"), OpTable(()), "// -----", True)
    result = check_text(str(FIXTURE), FIXTURE.read_text(), options)
    assert result.diagnostics == []
    assert result.passed_over == {}
    assert result.annotations_not_held == 0  # each expected error is met by a check, not waived
    assert result.ops_checked == 12
