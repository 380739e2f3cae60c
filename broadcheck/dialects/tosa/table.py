"""TOSA's generated op table (``ods.json``, ``make ods``: :mod:`.generate`): each op's operands, results,
attributes and regions as its ODS at iree-base-compiler 3.13 declares them. Read when first asked."""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def ops() -> dict[str, Any]:
    """Every op TOSA defines, by name."""
    import json  # (a clean run of custom forms never reads the table)
    from pathlib import Path

    text = (Path(__file__).parent / "ods.json").read_text(encoding="utf-8")
    found: dict[str, Any] = json.loads(text)["ops"]
    return found


def value_names(name: str, kind: str) -> list[str]:
    """The names of op ``name``'s ``operands`` or ``results`` (its ODS's ``$input1``, ...)."""
    return [value[0] for value in ops()[name][kind]]


def required_attributes(name: str) -> list[str]:
    """Op ``name``'s attributes its ODS requires (no default, not optional), in the order its generated
    verifier asks for them (by name)."""
    return sorted(attribute for attribute, required in ops()[name]["attributes"] if required)
