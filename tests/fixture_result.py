"""A fixture checked as ``broadcheck check --split-input-file --verify-diagnostics`` checks it, for
the tests that look past its diagnostics (ops checked, passed over, annotations not held)."""

from __future__ import annotations

from pathlib import Path

from broadcheck.diagnostics import Result
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_result(name: str) -> Result:
    """The run's result on ``tests/fixtures/<name>``, under the spec profile and no op table."""
    path = FIXTURES / name
    return check_text(str(path), path.read_text(), Options(Profile("spec"), OpTable(()), "// -----", True))
