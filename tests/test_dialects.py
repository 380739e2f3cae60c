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
