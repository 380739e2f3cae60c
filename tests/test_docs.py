"""The documentation says what the code does: docs/codes.md and docs/ops.md are generated
from the catalogue and the op table, and the README names every dialect of the table."""

from __future__ import annotations

import pytest

from broadcheck.optable import known_dialects
from docs.generate import DOCS, FILES
from tests.conftest import ROOT
from tests.waits import HANG


@pytest.mark.parametrize("name", sorted(FILES))
def test_generated_docs_are_current(name: str) -> None:
    assert (DOCS / name).read_text() == FILES[name](), f"docs/{name} is stale: run `make docs`"


def test_the_readme_names_every_dialect_and_its_version() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Which ops are checked") :]
    section = section[: section.index("\n## ", 3)]
    for dialect in sorted(known_dialects()):
        assert f"`{dialect}`" in section or f"`{dialect}.`" in section, dialect


def test_every_rule_has_its_own_name() -> None:
    """A rule's name is how `broadcheck rule` and the docs refer to it: one code per name."""
    from collections import Counter

    from broadcheck.messages import RULES

    twice = [name for name, n in Counter(rule.name for rule in RULES.values()).items() if n > 1]
    assert twice == []


def test_make_test_says_what_it_deselects_and_how_to_run_it() -> None:
    """`make test` runs pytest with `-m 'not oracle'`: its count of deselected tests comes with
    what they are and the targets that run them."""
    import re
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/oracle", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    said = re.search(
        r"^(\d+) deselected: the oracle tests.*Run them with `make oracle` and `make oracle-tf`\.$", done.stdout, re.M
    )
    counted = re.search(r"\((\d+) deselected\)", done.stdout)
    assert said and counted and said.group(1) == counted.group(1) != "0", done.stdout
    makefile = (ROOT / "Makefile").read_text()
    assert "\noracle:" in makefile and "\noracle-tf:" in makefile
