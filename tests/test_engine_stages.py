"""The engine's per-statement path stays readable as stages (docs/architecture.md): each stage
is a module of its own, says in its docstring what it takes and gives, and stays small."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "broadcheck" / "engine"

STATEMENT_PATH = ["read", "findings", "values", "verdicts", "regions", "follow", "transfers", "outcome", "run"]
"""The modules that one statement's trip through :class:`~broadcheck.engine.run.FileRun` enters."""


@pytest.mark.parametrize("stage", STATEMENT_PATH)
def test_a_stage_is_a_few_hundred_lines_at_most(stage: str) -> None:
    lines = (ENGINE / f"{stage}.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"engine/{stage}.py has {lines} lines: split it where the data changes hands"


@pytest.mark.parametrize("stage", STATEMENT_PATH)
def test_a_stage_says_what_it_takes_and_gives(stage: str) -> None:
    doc = ast.get_docstring(ast.parse((ENGINE / f"{stage}.py").read_text(encoding="utf-8")))
    assert doc is not None, stage
    first = doc.splitlines()[0]
    assert re.search(r"\bin[,;]? .*\bout\b", first) or "->" in doc, first


def test_the_architecture_page_names_every_stage() -> None:
    page = (ENGINE.parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [stage for stage in STATEMENT_PATH if f"`{stage}.py`" not in page]
    assert not missing, missing


def test_every_call_like_op_keeps_its_own_form() -> None:
    """A call-like op's form is never shared with another op's (a shared form skips its symbol's
    lookup): every op of ``transfers.CALL_LIKE`` is one value flow does more for."""
    from broadcheck.engine import forms, transfers

    assert set(transfers.CALL_LIKE) <= forms._SPECIAL
