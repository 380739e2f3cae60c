"""The op declarations (broadcheck/dialects/): every checked op is exercised by a fixture."""

from __future__ import annotations

import pytest

from broadcheck import dialects
from tests.test_optable import _fixture_ops

CHECKED = sorted(op.name for op in dialects.every() if op.checked)


@pytest.mark.parametrize("op", CHECKED)
def test_every_checked_op_has_a_fixture(op: str) -> None:
    assert op in _fixture_ops(), f"{op} is checked but no fixture in tests/fixtures/ has it"


def test_names_are_their_dialect_s() -> None:
    for dialect in dialects.MODULES:
        for name in dialects.declarations(dialect):
            assert name.partition(".")[0] == dialect, name


def test_a_dialect_name_two_projects_define_judges_no_op_name() -> None:
    # IREE's `check` has expect_eq...; StableHLO's interpreter's has expect_close: neither list
    # may call the other's ops unknown (a known name of a listed dialect still is: `tosa.ad`).
    from broadcheck.api import check_text

    text = (
        "func.func @f(%a: tensor<f16>, %b: tensor<f16>) {\n"
        "  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f16>\n"
        "  %0 = tosa.ad %a, %b : (tensor<f16>, tensor<f16>) -> tensor<f16>\n"
        "  return\n"
        "}\n"
    )
    assert [(d.code, d.line) for d in check_text(text, profile="llvm")] == [("BC030", 3)]
