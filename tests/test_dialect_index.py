"""The op index (issue 31's start-up): a dialect declared in parts (``broadcheck.dialects.parts``)
builds only the part of the op a run meets, through ``broadcheck/dialects/index.py``.

The index is generated (``make index``, also run by ``make docs``); these tests hold it current
and hold a lookup through it to the declarations the whole table gives.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from broadcheck import dialects
from broadcheck.dialects import index, make_index, ods
from tests.waits import HANG

PARTED = sorted(index.PARTS)
LISTED = dialects._parted()  # (each dialect's entry, read from its text)


def test_the_index_is_current() -> None:
    assert make_index.TARGET.read_text(encoding="utf-8") == make_index.render(), (
        "broadcheck/dialects/index.py is stale: run `make index`"
    )
    for path, text in make_index.kept().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run `make index`"


def test_stablehlo_is_declared_in_parts() -> None:
    # the check above can see a part: the StableHLO dialect is split, and its elementwise ops
    # are in the first part
    assert "stablehlo" in PARTED
    assert LISTED["stablehlo"]["stablehlo.add"] == 0
    assert LISTED["stablehlo"]["stablehlo.reduce"] != 0


# A fresh process per dialect: lookup() first (each op of the dialect, and names it does not
# declare), then the whole table; both must give the same declarations, field by field.
SAME = """
import sys
from broadcheck import dialects
from broadcheck.dialects import index
from broadcheck.dialects.op import Op

dialect = sys.argv[1]
names = [*dialects._parted()[dialect], dialect + ".no_such_op"]
looked = {name: dialects.lookup(name) for name in names}
whole = dialects.declarations(dialect)
for name in names:
    a, b = looked[name], whole.get(name)
    assert (a is None) == (b is None), name
    if a is not None:
        assert a is b, name  # the same object, not an equal copy
assert dialects.has_checks(dialect) == any(op.check is not None for op in whole.values())
print(len(names))
"""


@pytest.mark.parametrize("dialect", PARTED)
def test_a_lookup_through_the_index_gives_the_whole_table_s_declaration(dialect: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SAME, dialect], capture_output=True, text=True, timeout=HANG, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout) == len(LISTED[dialect]) + 1


def test_the_whole_table_is_the_parts_in_order() -> None:
    for dialect in PARTED:
        table = dialects.declarations(dialect)
        hand = [name for name in table if name in LISTED[dialect]]  # (less what ODS adds)
        assert hand == list(LISTED[dialect]), dialect
        numbers = list(LISTED[dialect].values())
        parted = [n for n in numbers if n >= 0]  # (-1, an op the generated table alone declares: last)
        assert numbers == parted + [-1] * (len(numbers) - len(parted)), dialect
        assert parted == sorted(parted), dialect


ONE_PART = """
import sys
from broadcheck import dialects

assert dialects.lookup("stablehlo.add") is not None
assert dialects.has_checks("stablehlo")
print(sorted(m for m in sys.modules if m.startswith(("broadcheck.dialects.stablehlo", "broadcheck.semantics."))))
"""


def test_an_elementwise_op_builds_only_its_part() -> None:
    # Counts work, not time: `stablehlo.add` imports none of the structural ops' modules
    # (reduce, gather, convolution, ...), which the whole table needs, nor the broadcasts' (XLA's
    # rules, stablehlo/dynamic.py): its own rules only.
    done = subprocess.run([sys.executable, "-c", ONE_PART], capture_output=True, text=True, timeout=HANG, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = set(eval(done.stdout))  # a list of module names
    assert "broadcheck.dialects.stablehlo" in loaded
    assert "broadcheck.semantics.stablehlo" in loaded
    modules = ("reduce", "gather", "convolution", "data", "dynamic")
    assert not loaded & {*(f"broadcheck.dialects.stablehlo.{m}" for m in modules), "broadcheck.semantics.xla"}
    everything = dialects.declarations("stablehlo")  # the control: the whole table loads them
    assert "stablehlo.reduce" in everything
    assert "broadcheck.dialects.stablehlo.reduce" in sys.modules


def test_a_stale_index_falls_back_to_the_whole_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # A module that is not declared in parts any more is read whole; a part that lacks a name the
    # index lists is looked up in the whole table (test_the_index_is_current holds the index to
    # listing every name the table declares).
    monkeypatch.setattr(dialects, "_MERGED", {})
    monkeypatch.setattr(dialects, "_ONE", {})

    plain = {"stablehlo.add": dialects.Op("stablehlo.add")}
    monkeypatch.setattr(dialects, "_hand", lambda dialect: plain)
    decl = dialects.lookup("stablehlo.add")
    assert decl is not None and decl.check is None


def test_a_dialect_with_generated_traits_merges_them_op_by_op(monkeypatch: pytest.MonkeyPatch) -> None:
    # `tf` is declared in parts: a lookup merges one op's generated traits as
    # with_traits merges the whole table: the same ops declared, the same semantics, a check
    # where the table gives one (a hand-written check wins), for every op of the table.
    import importlib

    from broadcheck.dialects import ods

    hand = dict(importlib.import_module("broadcheck.dialects.tf").OPS)
    whole = dialects.with_traits("tf", hand)
    split = dialects.Parts((lambda: list(hand.values()),))
    monkeypatch.setattr(dialects, "_MERGED", {})
    monkeypatch.setattr(dialects, "_ONE", {})
    monkeypatch.setattr(dialects, "_hand", lambda dialect: split)
    listed = {**dict.fromkeys(whole, -1), **dict.fromkeys(hand, 0)}  # as make_index lists them
    monkeypatch.setattr(dialects, "_parted", lambda: {"tf": listed})
    names = sorted({*ods.table("tf"), *hand, "tf.NoSuchOp"})
    merged = 0
    for name in names:
        a, b = dialects.lookup(name), whole.get(name)
        assert (a is None) == (b is None), name
        if a is not None and b is not None:
            assert (a.semantics, a.check is None, a.layout) == (b.semantics, b.check is None, b.layout), name
            merged += a is not hand.get(name)
    assert merged > 100  # the check can see merged ops (the generic-only ones, with the traits' check)


def test_an_op_the_index_does_not_list_builds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # The index lists every op the table declares, so a name it does not list (`tf.NoOp`,
    # `tf.Placeholder`: ops TensorFlow defines that broadcheck does not declare) is not declared,
    # and finding so builds no part; a listed name that its part lacks is looked up in the whole table.
    monkeypatch.setattr(dialects, "_MERGED", {})
    monkeypatch.setattr(dialects, "_ONE", {})
    built: list[int] = []

    def part(number: int, *declared: dialects.Op) -> object:
        return lambda: built.append(number) or list(declared)

    split = dialects.Parts((part(0, dialects.Op("stablehlo.add")), part(1, dialects.Op("stablehlo.later"))))
    monkeypatch.setattr(dialects, "_hand", lambda dialect: split)
    monkeypatch.setattr(dialects, "_parted", lambda: {"stablehlo": {"stablehlo.add": 0, "stablehlo.moved": 0}})
    assert dialects.lookup("stablehlo.unlisted") is None
    assert built == []
    assert dialects.lookup("stablehlo.add") is not None
    assert built == [0]
    assert dialects.lookup("stablehlo.moved") is None  # listed, in no part: the whole table says so
    assert built == [0, 1]


STRUCTURAL = """
import sys
from broadcheck import dialects

for name in ("stablehlo.constant", "stablehlo.reshape", "stablehlo.dot_general", "stablehlo.reduce"):
    assert dialects.lookup(name) is not None, name
print(sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("broadcheck.dialects.stablehlo.")))
"""


def test_a_jax_export_s_structural_ops_build_only_their_families() -> None:
    # Counts work, not time (issue 31, mid-size exports): StableHLO's structural ops are declared in
    # parts by family, so the ops every JAX export names (constant, reshape, dot_general, reduce)
    # import their families' modules and not the collectives', the I/O ops', fft's, the legacy ops',
    # the batch norms' and solvers', the bitcast's, scatter's nor the regions' (64436d8: one part
    # imported them all). The control: the whole table imports them.
    done = subprocess.run([sys.executable, "-c", STRUCTURAL], capture_output=True, text=True, timeout=HANG, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = set(eval(done.stdout))  # a list of module names
    assert {"constant", "data", "contract", "reduce"} <= loaded
    unused = {"collectives", "collective_ops", "io", "fft", "legacy", "norm", "solve", "bitcast", "scatter", "regions"}
    assert not loaded & unused, loaded & unused
    assert "stablehlo.all_reduce" in dialects.declarations("stablehlo")  # the control
    assert all(f"broadcheck.dialects.stablehlo.{m}" in sys.modules for m in unused)


KEPT = """
import sys
from broadcheck import dialects
from broadcheck.dialects import ods

names = sys.argv[1].split()
for name in names:
    assert dialects.lookup(name) is not None and dialects.lookup(name).check is not None, name
shapeless = [n for n in sys.argv[2].split() if ods.shapeless(n)]
print(ods._sources.cache_info().currsize, "json" in sys.modules, len(shapeless))
"""


@pytest.mark.parametrize(
    ("names", "shapeless", "found"),
    [
        # torch-mlir's Linalg exports: arith and math ops in every body
        ("arith.addf arith.mulf arith.cmpf arith.select arith.maximumnumf math.exp math.sincos", "", 0),
        # TensorFlow's exports: ops only the generated table declares (`tf.Relu6`), ops of no shape rule
        ("tf.Relu6 tf.Rsqrt tf.AddV2", "tf.AddN tf.Assert", 2),
    ],
    ids=["arith-math", "tf"],
)
def test_an_op_s_generated_traits_read_no_json_table(names: str, shapeless: str, found: int) -> None:
    # Counts work, not time (issue 31, the mid-size exports): arith and math are declared in parts,
    # so a lookup merges its op's generated traits alone (64436d8: the whole table's, a check built
    # for each of its 97 ops); those traits, and tf's (834 ops, TensorFlow's constraints merged), and
    # the tf ops the tool accepted with unrelated types, come from the modules `make index` writes
    # (ods/kept.py, ods/kept_tf.py), so that no JSON table is read and json is not imported
    # (64436d8: arith.json and math.json; tf.json, tf_constraints.json and tf_probed.json).
    done = subprocess.run(
        [sys.executable, "-c", KEPT, names, shapeless], capture_output=True, text=True, timeout=HANG, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["0", "False", str(found)]  # (tables read, json imported, shapeless ops)


@pytest.mark.parametrize("dialect", ods.KEPT)
def test_the_kept_traits_are_the_tables(dialect: str) -> None:
    # ods.traits of a kept dialect's op reads the module make index wrote: the same traits as its
    # JSON table's entry (the table's names, and no other), for every op; and tf's probed ops.
    table = ods.table(dialect)
    assert table and all(ods.traits(name) == traits for name, traits in table.items())
    assert ods.traits(f"{dialect}.no_such_op") is None
    assert ods._probed() == ods.probed() and len(ods.probed()) > 200


FAMILIES = """
import sys
from broadcheck import dialects

for name in sys.argv[1].split():
    assert dialects.lookup(name) is not None, name
print(sorted(m for m in sys.modules if m.startswith("broadcheck.dialects.")))
"""


@pytest.mark.parametrize(
    ("names", "used", "unused"),
    [
        # torch-mlir's Linalg exports: the structured ops and their bodies' terminators
        (
            "linalg.generic linalg.fill linalg.matmul linalg.yield",
            {"linalg.structured"},
            {"linalg.pack", "linalg.regions", "linalg.transforms"},
        ),
        # JAX's exports name chlo's elementwise ops (`chlo.square`, `chlo.erf`)
        ("chlo.square chlo.erf", {"chlo.elementwise"}, {"chlo.scan", "chlo.top_k", "chlo.constant"}),
        # torch-mlir's TOSA exports: no block-scaled op, no `tosa.identity`
        (
            "tosa.reshape tosa.matmul tosa.const tosa.const_shape tosa.transpose tosa.slice",
            {"tosa.structural"},
            {"tosa.block_scaled", "tosa.shape_ops"},
        ),
    ],
    ids=["linalg", "chlo", "tosa"],
)
def test_a_lookup_builds_only_its_family_s_part(names: str, used: set[str], unused: set[str]) -> None:
    # Counts work, not time (issue 31, mid-size exports): Linalg and CHLO are declared in parts by
    # family (64436d8: one table, every family's module imported by the first lookup), and TOSA's
    # structural ops apart from the block-scaled ops and `tosa.identity` (64436d8: one part).
    done = subprocess.run(
        [sys.executable, "-c", FAMILIES, names], capture_output=True, text=True, timeout=HANG, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = {m.removeprefix("broadcheck.dialects.") for m in eval(done.stdout)}  # a list of module names
    assert used <= loaded, used - loaded
    assert not loaded & unused, loaded & unused


READ = """
import sys
from broadcheck import dialects

for name in sys.argv[1].split():
    dialects.lookup(name)
print(sorted(dialects._parted()._read))
"""


def test_a_run_reads_the_index_entries_of_the_dialects_it_meets() -> None:
    # Counts work, not time (issue 31's start-up): every run loads the index; each dialect's entry is
    # a text read into a mapping when a run first meets that dialect, so that a TOSA file builds the
    # 100 names of TOSA's entry, not the 1,500 of every dialect declared in parts (64436d8: a dict
    # of dicts, built whole by every run).
    done = subprocess.run(
        [sys.executable, "-c", READ, "tosa.add tosa.sub func.return"],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["['tosa']"]
