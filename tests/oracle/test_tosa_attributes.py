"""Every TOSA op with required attributes, in the generic form with none of them, against the TOSA dialect of
iree-base-compiler 3.13: with the value counts its ODS declares (``broadcheck/dialects/tosa/ods.json``) the tool
asks for the first missing attribute by name; with one operand more, for the count first. Values are
``tensor<2xf32>``. Each op is one case (34 ops, 68 cases: every such op, not a random campaign).

Compared: verdict, first message, line and column.
"""

from __future__ import annotations

from typing import Any

import pytest

from broadcheck.dialects.tosa import table

from . import campaign
from .common import verdict

pytestmark = pytest.mark.oracle

NAMES = sorted(
    name
    for name, op in table.ops().items()
    if table.required_attributes(name) and all(kind == "single" for _, kind in (*op["operands"], *op["results"]))
)


def _text(name: str, extra: int) -> str:
    op = table.ops()[name]
    operands, results = len(op["operands"]) + extra, len(op["results"])
    ins = ", ".join(["%a"] * operands)
    types = ", ".join(["tensor<2xf32>"] * operands)
    outs = ", ".join(["tensor<2xf32>"] * results)
    head = "" if not results else "%0 = " if results == 1 else f"%0:{results} = "
    return f'func.func @f(%a: tensor<2xf32>) {{\n  {head}"{name}"({ins}) : ({types}) -> ({outs})\n  return\n}}\n'


@pytest.fixture(scope="module")
def ctx() -> Any:
    return campaign.ctx_or_fail()


@pytest.mark.parametrize("extra", [0, 1])
def test_required_attributes_match_iree(ctx: Any, extra: int) -> None:
    """The first message of each op without its attributes is the tool's."""
    assert len(NAMES) >= 30
    diffs = []
    for name in NAMES:
        case = campaign.Case(0, "attributes", name, "generic", _text(name, extra))
        expected, got = verdict(ctx, case.text)[:1], campaign.broadcheck_verdict(case)
        if isinstance(got, str) or got[:1] != expected:
            diffs.append((name, expected, got))
    assert not diffs, "\n".join(f"{n}: mlir {e}; broadcheck {g}" for n, e, g in diffs)
