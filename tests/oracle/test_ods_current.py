"""The ODS-derived op tables (``broadcheck/dialects/ods/*.json``) are current: regenerated from the
TableGen output they were read from (tensorflow-cpu 2.21's ``include`` directory), they are the
files in the repository, byte for byte. A changed source file or a changed generator shows as a
difference; ``make ods`` then regenerates them.

``make test`` checks the rendering alone (``tests/test_ods.py``); this test needs the wheel's
headers, so it runs with the TensorFlow campaigns (``make oracle-tf``), and it FAILS, saying
where it looked, when they are not there: ``BROADCHECK_ODS_INCLUDE``, ``.venv-tf``,
``.venv-bench-tf`` or an importable ``tensorflow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.dialects import ods
from broadcheck.dialects.ods import generate

pytestmark = pytest.mark.oracle

TABLES = Path(ods.__file__).parent


def test_tables_are_current() -> None:
    include = generate.default_include()
    assert include.is_dir(), f"no TableGen output at {include}: set BROADCHECK_ODS_INCLUDE or run make oracle-tf"
    for dialect, table in generate.generate(include).items():
        assert generate.render(table) == (TABLES / f"{dialect}.json").read_text(encoding="utf-8"), dialect
