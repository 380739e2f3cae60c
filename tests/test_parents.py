"""The parents ``dialects/inner.py`` names (``PARENTS``) are those the ODS tables record
(``HasParent``/``ParentOneOf`` of func, scf, tensor and tf, from the ``.h.inc`` files ``make ods`` read)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from broadcheck.dialects.inner import PARENTS, parent_problem

ODS = Path(__file__).resolve().parent.parent / "broadcheck" / "dialects" / "ods"


def _op_name(dialect: str, cls: str) -> str:
    """``mlir::tensor::GenerateOp`` -> ``tensor.generate``; ``IndexSwitchOp`` -> ``scf.index_switch``;
    ``IfRegionOp`` -> ``tf.IfRegion`` (tf keeps TensorFlow's op names)."""
    base = cls.rpartition("::")[2].removesuffix("Op")
    if dialect == "tf":
        return f"tf.{base}"
    return f"{dialect}.{re.sub(r'(?<!^)(?=[A-Z])', '_', base).lower()}"


def _recorded(dialect: str) -> dict[str, tuple[str, ...]]:
    ops = json.loads((ODS / f"{dialect}.json").read_text())["ops"]
    found: dict[str, tuple[str, ...]] = {}
    for name, traits in ops.items():
        for trait in traits:
            if trait.startswith("HasParent="):
                found[name] = tuple(sorted(_op_name(dialect, c) for c in trait.partition("=")[2].split(",")))
    return found


@pytest.mark.parametrize("dialect", ["func", "scf", "tensor", "tf"])
def test_parents_are_the_ods_ones(dialect: str) -> None:
    declared = {n: tuple(sorted(p)) for n, p in PARENTS.items() if n.startswith(dialect + ".")}
    assert declared == _recorded(dialect)


@pytest.mark.parametrize(
    ("name", "parent", "code"),
    [
        ("scf.yield", "scf.for", None),
        ("scf.yield", "scf.parallel", "BC1621"),
        ("scf.reduce", "func.func", "BC1620"),
        ("scf.reduce", "scf.parallel", None),
        ("linalg.yield", "linalg.generic", None),
        ("linalg.yield", "func.func", "BC1787"),
        ("linalg.yield", "scf.if", "BC1791"),  # two regions
        ("linalg.yield", "test.op", None),  # how many regions: not known
        ("linalg.index", "scf.if", "BC1787"),
        ("tf.Yield", "tf.WhileRegion", None),
        ("tf.Yield", "func.func", "BC1621"),
        ("arith.addf", "func.func", None),
    ],
)
def test_parent_problem(name: str, parent: str, code: str | None) -> None:
    problem = parent_problem(name, parent)
    assert (problem[0] if problem else None) == code
