"""The op table: every op in it is exercised by a fixture, and the table is well formed."""

from __future__ import annotations

import functools
import re

import pytest

from broadcheck.optable import OpTable, builtin_ops, known_dialects
from broadcheck.semantics import registry
from tests.conftest import FIXTURES

# An op statement in a fixture, generic or custom: `%r = "d.op"(`, `%r = d.op `, or `d.op ` at a line start.
_STATEMENT = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([A-Za-z_][\w$]*\.[\w$.-]+)"?[\s(<{]', re.M)


@functools.cache  # read once: one test per op asks (the fixtures never change during a run)
def _fixture_ops() -> frozenset[str]:
    ops: set[str] = set()
    for path in FIXTURES.rglob("*.mlir"):
        text = "\n".join(line for line in path.read_text().splitlines() if not line.lstrip().startswith("//"))
        ops.update(_STATEMENT.findall(text))
    return frozenset(ops)


@pytest.mark.parametrize("op", sorted(builtin_ops()))
def test_every_op_in_the_table_has_a_fixture(op: str) -> None:
    assert op in _fixture_ops(), f"{op} is in the op table but no fixture in tests/fixtures/ has it"


def test_every_semantics_in_the_table_exists() -> None:
    assert set(builtin_ops().values()) <= set(registry())


def test_ops_of_known_dialects_are_told_apart_from_others() -> None:
    table = OpTable()
    assert table.known_dialect("tosa.conv2d") and not table.is_checked("tosa.conv2d")
    assert not table.known_dialect("func.func")
    assert {"tosa", "tf", "tfl", "onnx", "chlo", "stablehlo", "mhlo", "linalg", "vector"} <= known_dialects()


def test_the_providers_table_names_each_module_s_own_semantics() -> None:
    from broadcheck.semantics import PROVIDERS, modules

    found = {name: module.__name__.rsplit(".", 1)[1] for module in modules() for name in module.VERIFIERS}
    assert found == dict(PROVIDERS)
