"""Every op broadcheck knows, each declared once, in its dialect's module.

A dialect module lists its ops in ``OPS`` (:func:`broadcheck.dialects.op.ops`); it is
imported when broadcheck first meets an op of its dialect, so start-up does not grow
with coverage. :func:`lookup` is the only way in.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from types import MappingProxyType

from broadcheck.dialects.op import Op

# The module that declares each dialect's ops: a literal table.
MODULES = MappingProxyType(
    {
        "builtin": "builtin",
        "func": "func",
        "arith": "arith",
        "math": "math",
        "cf": "cf",
        "scf": "scf",
        "tensor": "tensor",
        "test": "test",
        "tosa": "tosa",
        "stablehlo": "stablehlo",
        "mhlo": "mhlo",
        "chlo": "chlo",
        "tf": "tf",
        "tfl": "tfl",
        "tf_executor": "tf_executor",
        "onnx": "onnx",
        "linalg": "linalg",
        "vector": "vector",
    }
)

# Ops that their dialect lets a region print without the prefix.
BARE = MappingProxyType({"return": "func.return", "call": "func.call", "module": "builtin.module"})

_NOTHING: dict[str, Op] = {}


def declarations(dialect: str) -> dict[str, Op]:
    """The ops ``dialect`` declares (empty for a dialect broadcheck does not know). The
    module is imported on first use (Python keeps it); a run keeps what it looked up."""
    module = MODULES.get(dialect)
    if module is None:
        return _NOTHING
    table: dict[str, Op] = importlib.import_module(f"broadcheck.dialects.{module}").OPS
    return table


def lookup(name: str) -> Op | None:
    """The declaration of op ``name`` (``return`` is ``func.return``), or ``None``."""
    name = BARE.get(name, name)
    return declarations(name.partition(".")[0]).get(name)


def every() -> Iterator[Op]:
    """Every declared op, dialect by dialect (for the docs and tests)."""
    for dialect in MODULES:
        yield from declarations(dialect).values()
