"""Every op broadcheck knows, each declared once, in its dialect's module.

A dialect module lists its ops in ``OPS`` (:func:`broadcheck.dialects.op.ops`); it is
imported when broadcheck first meets an op of its dialect, so start-up does not grow
with coverage. :func:`lookup` is the only way in.
"""

from __future__ import annotations

import importlib
import os
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
        "shape": "shape",
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
BARE = MappingProxyType(
    {
        "return": "func.return",
        "call": "func.call",
        "call_indirect": "func.call_indirect",
        "constant": "func.constant",
        "module": "builtin.module",
    }
)

_NOTHING: dict[str, Op] = {}


_MERGED: dict[str, dict[str, Op]] = {}


def declarations(dialect: str) -> dict[str, Op]:
    """The ops ``dialect`` declares (empty for a dialect broadcheck does not know): its module's
    hand-written declarations, and what the generated ODS tables add (:func:`with_traits`). The
    module is imported on first use (Python keeps it); a run keeps what it looked up."""
    found = _MERGED.get(dialect)
    if found is not None:
        return found
    module = MODULES.get(dialect)
    if module is None:
        return _NOTHING
    table: dict[str, Op] = importlib.import_module(f"broadcheck.dialects.{module}").OPS
    found = _MERGED[dialect] = with_traits(dialect, table)
    return found


def with_traits(dialect: str, hand: dict[str, Op]) -> dict[str, Op]:
    """``hand`` with the checks the generated ODS table gives: a hand-written op without a check
    (known for its form only) gets its traits' check; an op of a dialect written in the generic
    form only that no module declares is declared with its traits' check. A hand-written check wins."""
    if dialect not in TRAIT_FALLBACK:  # (their tables add nothing: a run does not read them)
        return hand
    return merge_traits(dialect, hand)


TRAIT_FALLBACK = frozenset({"arith", "math", "tf"})
"""The dialects whose generated table gives a check to an op (tests/test_ods.py holds every other
dialect's table to adding none, so that a clean run reads no table and imports no json)."""


def merge_traits(dialect: str, hand: dict[str, Op]) -> dict[str, Op]:
    """:func:`with_traits` for any dialect with a generated table."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of
    from broadcheck.semantics import NOT_JUDGED

    generated = ods.table(dialect)
    if not generated:
        return hand
    unjudged = None if dialect in ("stablehlo", "mhlo", "chlo", "tosa") else NOT_JUDGED  # (their own audits)
    merged = dict(hand)
    for name, traits in generated.items():
        if not ods.checked(traits, dialect) or name in ods.NOT_GENERATED:
            continue
        decl = hand.get(name)
        if decl is None and dialect in ods.GENERIC_ONLY:
            merged[name] = Op(name, check=check_of(traits, unjudged), semantics=ods.SEMANTICS)
        elif decl is not None and decl.check is None:
            fields = {field: getattr(decl, field) for field in Op.__slots__}
            merged[name] = Op(**{**fields, "check": check_of(traits, unjudged), "semantics": ods.SEMANTICS})
    return merged


def lookup(name: str) -> Op | None:
    """The declaration of op ``name`` (``return`` is ``func.return``), or ``None``."""
    name = BARE.get(name, name)
    return declarations(name.partition(".")[0]).get(name)


def every() -> Iterator[Op]:
    """Every declared op, dialect by dialect (for the docs and tests)."""
    for dialect in MODULES:
        yield from declarations(dialect).values()


class Names:
    """The op names a dialect defines, in the version broadcheck follows (``opnames/<dialect>.txt``)."""

    __slots__ = ("generic_unknown", "names")

    def __init__(self, names: frozenset[str], generic_unknown: bool) -> None:
        self.names = names
        self.generic_unknown = generic_unknown
        """Whether the tool rejects an unknown name in the generic form too."""


SHARED_NAMES = frozenset({"check"})
"""Dialect names that more than one project defines, so that an op name of theirs is never
judged unknown: ``check`` is IREE's (``expect_eq``, ...) and StableHLO's interpreter's
(``expect_close``, ``expect_serialized_eq``, ...)."""


def _opnames(name: str) -> str:
    """The text of ``opnames/<name>`` beside this module (a plain file read: importlib.resources
    would load pathlib, tempfile, zipfile and more at start-up, a third of a small file's run)."""
    with open(os.path.join(os.path.dirname(__file__), "opnames", name), encoding="utf-8") as f:
        return f.read()


def _read_names(dialect: str) -> Names | None:
    if dialect in SHARED_NAMES:
        return None
    try:
        text = _opnames(f"{dialect}.txt")
    except (FileNotFoundError, OSError):
        return None
    names = frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))
    return Names(names, "\n# generic-unknown: error" in "\n" + text)


def _read_generic_only() -> frozenset[str]:
    text = _opnames("generic_only.txt")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


class Registry:
    """What a run knows of op names: which a dialect defines, which have no custom form.
    Lists are read when a dialect is first met, and kept by the run."""

    __slots__ = ("_generic_only", "_names")

    def __init__(self) -> None:
        self._names: dict[str, Names | None] = {}
        self._generic_only: frozenset[str] | None = None

    def names(self, dialect: str) -> Names | None:
        if dialect not in self._names:
            self._names[dialect] = _read_names(dialect)
        return self._names[dialect]

    def generic_only(self, name: str) -> bool:
        """Whether op ``name`` has no custom form (only ``"name"(...)`` parses)."""
        if self._generic_only is None:
            self._generic_only = _read_generic_only()
        return name in self._generic_only
