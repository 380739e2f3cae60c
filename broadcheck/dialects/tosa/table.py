"""TOSA's generated op tables (``make ods``: :mod:`.generate`): ``ods.json``, each op's operands, results,
attributes and regions as its ODS at iree-base-compiler 3.13 declares them; ``td.py``, each op's traits and
per-position type constraints as TOSA's ``.td`` files declare them (with the delta for iree 3.13). Read when
first asked; a run reads ``td.py`` alone (a module: no JSON), ``ods.json`` is the generator's and the tests'
check of it."""

from __future__ import annotations

from functools import cache

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import Any


def _read(name: str) -> dict[str, Any]:
    import json  # (a clean run of custom forms never reads the tables)
    from pathlib import Path

    found: dict[str, Any] = json.loads((Path(__file__).parent / name).read_text(encoding="utf-8"))["ops"]
    return found


@cache
def ops() -> dict[str, Any]:
    """Every op TOSA defines, by name."""
    return _read("ods.json")


def td_ops() -> dict[str, Any]:
    """Every op TOSA defines, by name: its ``class``, ``operands`` and ``results`` (``[name, constraint,
    kind]``), ``attributes``, ``traits`` (in the order MLIR verifies them), ``regions``, ``verifier`` and
    where it comes from (``from``)."""
    from broadcheck.dialects.tosa.td import OPS  # (a Python module: a clean run reads no JSON)

    return OPS


def value_names(name: str, kind: str) -> list[str]:
    """The names of op ``name``'s ``operands`` or ``results`` (its ODS's ``$input1``, ...): ``td.py``'s, which
    are ``ods.json``'s (``generate.differences``, ``tests/test_tosa_table.py``), so that a run reads no JSON."""
    return [value[0] for value in td_ops()[name][kind]]


def required_attributes(name: str) -> list[str]:
    """Op ``name``'s attributes its ODS requires (no default, not optional), in the order its generated
    verifier asks for them (by name): ``td.py``'s, the same set as ``ods.json``'s (as :func:`value_names`)."""
    return sorted(attribute for attribute, required, _ in td_ops()[name]["attributes"] if required)


ENUMS = {
    "tosa.Tosa_NanPropagationModeAttr": "#tosa.nan_mode",
    "tosa.Tosa_RoundingModeAttr": "#tosa.rounding_mode",
    "tosa.Tosa_ResizeModeAttr": "#tosa.resize_mode",
    "tosa.Tosa_BlockSizeAttr": "#tosa.block_size",
}
"""TOSA's enum attributes (their ODS names, as ``td.py`` gives their storage) and how iree 3.13 prints them."""


def property_storage(name: str) -> dict[str, str]:
    """Op ``name``'s attributes and the storage class the parser converts each generic-form property into
    (``td.py``'s, from iree 3.13's op classes: :func:`broadcheck.dialects.tosa.generate.with_storage`); an
    enum attribute by its printed head (:data:`ENUMS`)."""
    return {attribute: ENUMS.get(storage, storage) for attribute, _, storage in td_ops()[name]["attributes"]}
