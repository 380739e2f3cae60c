"""Every op broadcheck knows, each declared once, in its dialect's module.

A dialect module lists its ops in ``OPS`` (:func:`broadcheck.dialects.op.ops`); it is
imported when broadcheck first meets an op of its dialect, so start-up does not grow
with coverage. A dialect whose ops are many may declare them in parts (:func:`parts`): the
generated index (:mod:`broadcheck.dialects.index`, ``make index``) says which part declares
each op, and :func:`lookup` builds only that part (with the modules it imports).
:func:`lookup` is the only way in.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType

from broadcheck.dialects.op import Op, ops

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
_ONE: dict[str, Op | None] = {}
"""The ops :func:`lookup` found in one part of a dialect declared in parts, by name."""


class Parts(Mapping[str, Op]):
    """A dialect's ``OPS`` declared in parts (:func:`parts`): each part is built when an op of it
    is first looked up (:func:`lookup`, through the generated index); reading the mapping builds
    every part, in order, into the table :func:`broadcheck.dialects.op.ops` would make of them."""

    __slots__ = ("_builders", "_built", "_whole")

    def __init__(self, builders: tuple[Callable[[], Op | Sequence[Op]], ...]) -> None:
        self._builders = builders
        self._built: dict[int, dict[str, Op]] = {}
        self._whole: dict[str, Op] | None = None

    def __len__(self) -> int:
        return len(self.whole())

    @property
    def count(self) -> int:
        """How many parts."""
        return len(self._builders)

    def part(self, number: int) -> dict[str, Op]:
        """The ops part ``number`` declares, built once."""
        found = self._built.get(number)
        if found is None:
            found = self._built[number] = ops(self._builders[number]())
        return found

    def whole(self) -> dict[str, Op]:
        """Every part's ops, in order (each name once)."""
        if self._whole is None:
            self._whole = ops(*(list(self.part(i).values()) for i in range(len(self._builders))))
        return self._whole

    def __getitem__(self, name: str) -> Op:
        return self.whole()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.whole())


def parts(*builders: Callable[[], Op | Sequence[Op]]) -> Parts:
    """A dialect's ``OPS`` in parts: each builder returns its part's declarations (and imports the
    modules they need when called). ``make index`` records which part declares each op."""
    return Parts(builders)


def _hand(dialect: str) -> Mapping[str, Op]:
    module = f"broadcheck.dialects.{MODULES[dialect]}"
    __import__(module)  # (importlib.import_module without importlib, whose `warnings` a clean run would load)
    table: Mapping[str, Op] = sys.modules[module].OPS
    return table


def declarations(dialect: str) -> dict[str, Op]:
    """The ops ``dialect`` declares (empty for a dialect broadcheck does not know): its module's
    hand-written declarations, and what the generated ODS tables add (:func:`with_traits`). The
    module is imported on first use (Python keeps it); a run keeps what it looked up."""
    found = _MERGED.get(dialect)
    if found is not None:
        return found
    if dialect not in MODULES:
        return _NOTHING
    table = _hand(dialect)
    found = with_traits(dialect, table.whole() if isinstance(table, Parts) else dict(table))
    if dialect in _parted():  # the ops lookup() already gave keep their identity
        found = {name: _ONE.get(name) or op for name, op in found.items()}
    _MERGED[dialect] = found
    return found


class _Index(Mapping[str, Mapping[str, int]]):
    """The generated index (:mod:`broadcheck.dialects.index`): each dialect's entry, a text of a line an
    op, read into a mapping when first asked."""

    __slots__ = ("_read", "_texts")

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._texts = texts
        self._read: dict[str, dict[str, int]] = {}

    def __getitem__(self, dialect: str) -> Mapping[str, int]:
        found = self._read.get(dialect)
        if found is None:
            text = self._texts[dialect]  # (KeyError: a dialect not declared in parts)
            found = {}
            for line in text.split("\n"):
                name, _, number = line.partition(" ")
                if name:
                    found[name] = int(number)
            self._read[dialect] = found
        return found

    def __contains__(self, dialect: object) -> bool:
        return dialect in self._texts

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


_INDEX: list[_Index] = []


def _parted() -> Mapping[str, Mapping[str, int]]:
    """The generated index: for each dialect declared in parts, the part of each op it declares."""
    if not _INDEX:
        from broadcheck.dialects.index import PARTS

        _INDEX.append(_Index(PARTS))
    return _INDEX[0]


def _in_part(dialect: str, name: str, listed: Mapping[str, int]) -> Op | None:
    """:func:`lookup` of ``name`` in a dialect declared in parts: only the part the index names is
    built; the generated ODS table is read only where :func:`with_traits` would read it for ``name``
    (``-1``: an op the table alone declares). A name the index does not list is not declared (the
    index lists every name :func:`declarations` gives: ``tests/test_dialect_index.py``), so that a
    ``tf.NoOp`` builds nothing; a part that lacks a listed name (an index older than the module) is
    looked up in the whole table."""
    if name in _ONE:
        return _ONE[name]
    number = listed.get(name)
    if number is None:
        return None
    table = _hand(dialect)
    if not isinstance(table, Parts):
        return declarations(dialect).get(name)
    decl = None if number < 0 else table.part(number).get(name)
    if decl is None and number >= 0:
        return declarations(dialect).get(name)
    if dialect in TRAIT_FALLBACK and (decl is None or decl.check is None):
        decl = merge_traits(dialect, {name: decl} if decl is not None else {}, only=name).get(name)
    _ONE[name] = decl
    return decl


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


def merge_traits(dialect: str, hand: dict[str, Op], only: str | None = None) -> dict[str, Op]:
    """:func:`with_traits` for any dialect with a generated table (``only``: for that op alone)."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of
    from broadcheck.semantics import NOT_JUDGED

    if only is None:
        chosen = list(ods.table(dialect).items())
        if not chosen:
            return hand
    else:  # (the traits of that op alone: the table is not built)
        found = ods.traits(only) if only.partition(".")[0] == dialect else None
        chosen = [(only, found)] if found is not None else []
    unjudged = None if dialect in ("stablehlo", "mhlo", "chlo", "tosa") else NOT_JUDGED  # (their own audits)
    merged = dict(hand)
    for name, traits in chosen:
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
    dialect = name.partition(".")[0]
    found = _MERGED.get(dialect)
    if found is not None:
        return found.get(name)
    listed = _parted().get(dialect)
    if listed is not None:
        return _in_part(dialect, name, listed)
    return declarations(dialect).get(name)


def has_checks(dialect: str) -> bool:
    """Whether ``dialect`` declares an op with a check (without building a dialect declared in parts)."""
    if dialect not in _MERGED and dialect in _parted():
        from broadcheck.dialects.index import CHECKED

        return dialect in CHECKED
    return any(op.check is not None for op in declarations(dialect).values())


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


OTHER_DIALECTS = frozenset(
    {
        "acc", "amx", "async", "corert", "disc_ral", "dlti", "gml_st", "irdl", "lhlo_gpu", "lmhlo", "mesh",
        "mhlo_disc", "mlrt", "mpi", "omp", "polynomial", "ptr", "sdy", "shard", "tf_framework", "tf_mlrt",
        "tf_type", "tfg", "tfr", "tfrt", "tfrt_fallback", "tfrt_fallback_async", "thlo", "tpu", "triton_gpu",
        "triton_xla", "tt", "ttg", "ttng", "x86vector", "xegpu", "xla", "xla_cpu", "xla_framework", "xla_gpu",
    }
)  # fmt: skip
"""Dialects that exist beside the ones ``opnames/`` lists (LLVM's, TensorFlow's, XLA's, Triton's,
Shardy's): an unknown dialect name like one of these is never taken for a slip of a listed one."""


def _listed_dialects() -> list[str]:
    """The dialects ``opnames/`` lists, and the ones broadcheck declares ops of."""
    folder = os.path.join(os.path.dirname(__file__), "opnames")
    listed = {name[:-4] for name in os.listdir(folder) if name.endswith(".txt") and name != "generic_only.txt"}
    return sorted(listed | set(MODULES))


def _read_generic_only() -> str:
    """The names ``generic_only.txt`` lists, each on a line of its own, with a line end before the
    first and after the last: a name is found by one substring search (:meth:`Registry.generic_only`).
    The set of its 1,200 names was 2.5M instructions, 1.5% of a clean run that asks for one name."""
    text = _opnames("generic_only.txt")
    if "\r" in text or "\t" in text or " \n" in text or "\n " in text or text.startswith(" "):  # (never, as written)
        text = "\n".join(line.strip() for line in text.splitlines())
    return f"\n{text}\n"


class Registry:
    """What a run knows of op names: which a dialect defines, which have no custom form.
    Lists are read when a dialect is first met, and kept by the run."""

    __slots__ = ("_generic_only", "_listed", "_names", "_near")

    def __init__(self) -> None:
        self._names: dict[str, Names | None] = {}
        self._generic_only: dict[str, bool] = {}
        self._listed: str | None = None
        self._near: dict[str, str | None] = {}

    def near(self, dialect: str) -> str | None:
        """The dialect broadcheck lists (``opnames/``) whose name ``dialect``, a dialect it does
        not know, is a slip of (a letter or two off: ``sablehlo``, ``linlg``, ``rith``), if any.
        Names of four letters and more only, and never a dialect known to exist
        (:data:`OTHER_DIALECTS`)."""
        found = self._near.get(dialect, "")
        if found == "":
            known = _listed_dialects()
            found = None
            if len(dialect) >= 4 and dialect not in known and dialect not in OTHER_DIALECTS:
                from difflib import get_close_matches

                close = get_close_matches(dialect, known, n=1, cutoff=0.8)
                found = close[0] if close else None
            self._near[dialect] = found
        return found

    def names(self, dialect: str) -> Names | None:
        if dialect not in self._names:
            self._names[dialect] = _read_names(dialect)
        return self._names[dialect]

    def generic_only(self, name: str) -> bool:
        """Whether op ``name`` has no custom form (only ``"name"(...)`` parses)."""
        found = self._generic_only.get(name)
        if found is None:
            if self._listed is None:
                self._listed = _read_generic_only()
            # a whole line of the list (not a comment's: a name never starts with `#`)
            found = bool(name) and name[0] != "#" and "\n" not in name and f"\n{name}\n" in self._listed
            self._generic_only[name] = found
        return found
