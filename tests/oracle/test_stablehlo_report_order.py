"""The report-order cases of ``tests/test_report_order.py`` held to iree-opt 3.13: its first error
(by position, as the export campaign takes it) is the one recorded, which is broadcheck's first."""

from __future__ import annotations

import pytest

from tests.test_report_order import CASES

from .common import IREE_IMPORT_ERROR, ir, verdict

pytestmark = pytest.mark.oracle


@pytest.mark.parametrize(("name", "text", "tool"), [c[:3] for c in CASES], ids=[c[0] for c in CASES])
def test_the_recorded_first_error_is_iree_opts(name: str, text: str, tool: tuple[int, str]) -> None:
    """iree-opt rejects each case, and its first error is the recorded one."""
    if ir is None:
        pytest.fail(f"the test needs IREE ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    errors = sorted(verdict(ir.Context(), text), key=lambda e: e[:2])
    assert errors, "iree-opt accepts it"
    assert (errors[0][0], errors[0][2]) == tool
