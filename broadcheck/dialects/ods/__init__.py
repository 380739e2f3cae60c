"""Op tables generated from the dialects' own ODS definitions, and what they declare.

``<dialect>.json`` (written by :mod:`broadcheck.dialects.ods.generate`, ``make ods``) lists every
op a dialect defines with the native traits of its TableGen'erated declaration that relate its
types, in the order its verifier runs them. From them an op a dialect module does not check by
hand gets a check (:mod:`broadcheck.dialects.ods.traits`), or is known to have no shape rule.
Hand-written declarations win.
"""

from __future__ import annotations

import os
from functools import cache
from types import MappingProxyType

from broadcheck.dialects.ods.traits import CHECKED_TRAITS, tf_exact

SEMANTICS = "ods-traits"
"""The rule family of the checks made from generated traits (``--op PATTERN=...`` does not name it)."""

DIALECTS = (
    "arith",
    "math",
    "cf",
    "func",
    "scf",
    "shape",
    "tensor",
    "linalg",
    "vector",
    "stablehlo",
    "chlo",
    "mhlo",
    "tf",
)
"""The dialects with a generated table."""

GENERIC_ONLY = frozenset({"tf"})
"""Dialects whose ops are written in the generic form only: an op of theirs that no module
declares by hand is checked from its traits alone (elsewhere a custom form would need a layout)."""

RELATING = frozenset(
    {
        "SameOperandsAndResultType", "SameOperandsAndResultShape", "SameOperandsAndResultElementType",
        "SameOperandsShape", "SameOperandsElementType", "SameTypeOperands", "SameOperandsAndResultRank",
        "Elementwise", "ResultsBroadcastableShape", "TF::SameOperandsAndResultTypeResolveRef",
        "TF::SameOperandsAndResultElementTypeResolveRef", "TF::OperandsSameAsResultsTypeOrRef",
        "hlo::CompatibleOperandsAndResultType", "hlo::CompatibleOperandsAndResultElementType",
        "hlo::CompatibleOperandsElementType", "hlo::PairwiseSameOperandAndResultType",
        "hlo::PairwiseSameOperandAndResultElementType", "ReturnLike", "IsTerminator", "InferTypeOpInterface",
        "InferShapedTypeOpInterface", "InferTensorType", "ConstantLike", "verify", "verifyRegions",
        "CastOpInterface", "SymbolUserOpInterface", "AttrSizedOperandSegments", "AttrSizedResultSegments",
    }
)  # fmt: skip
"""What in a declaration relates (or may relate) an op's types: an op with none of these, no
regions and no parent constraint has no shape rule."""


def _read(name: str) -> str:
    """A file beside this module (a plain read: importlib.resources imports pathlib, zipfile,
    tempfile and more, about 1.5x ``python -c pass`` of a run that reads a table)."""
    with open(os.path.join(os.path.dirname(__file__), name), encoding="utf-8") as f:
        return f.read()


@cache
def table(dialect: str) -> MappingProxyType[str, tuple[str, ...]]:
    """Op name -> its traits, for ``dialect`` (empty when it has no generated table)."""
    if dialect not in DIALECTS:
        return MappingProxyType({})
    ops, _ = _sources(dialect)
    names = [*ops, *(name for name in NO_TABLEGEN if name not in ops)] if dialect == "tf" else ops
    entries = {name: _one(dialect, name) for name in names}
    return MappingProxyType({name: traits for name, traits in entries.items() if traits is not None})


@cache
def _sources(dialect: str) -> tuple[dict[str, list[str]], dict[str, dict[str, str]] | None]:
    """The generated table of ``dialect`` as written, and (``tf``) the type constraints TensorFlow
    named (``tf_constraints.json``: the ``.cpp.inc`` that holds them is not in the wheel;
    ``tests/oracle/ods_probe.py`` asks the tool; ``None`` without it)."""
    import json  # (a run that asks only the traits the index keeps imports none)

    ops: dict[str, list[str]] = json.loads(_read(f"{dialect}.json"))["ops"]
    constraints: dict[str, dict[str, str]] | None = None
    if dialect == "tf" and os.path.isfile(os.path.join(os.path.dirname(__file__), "tf_constraints.json")):
        constraints = json.loads(_read("tf_constraints.json"))["ops"]
    return ops, constraints


@cache
def _one(dialect: str, name: str) -> tuple[str, ...] | None:
    """Op ``name``'s traits in :func:`table` (``None``: not in it), made for that op alone, so that a
    run that looks up a few ``tf`` ops merges the constraints of those alone (:func:`traits`)."""
    if dialect not in DIALECTS:
        return None
    ops, found = _sources(dialect)
    listed = NO_TABLEGEN.get(name) if dialect == "tf" else None
    traits = list(listed) if listed is not None else ops.get(name)
    if traits is None:
        return None
    if found is not None:
        traits = _with_constraints(traits, found.get(name), UNSEEN.get(name, ()))
    return tuple(traits)


NO_TABLEGEN: dict[str, tuple[str, ...]] = {
    "tf.CalibrationStatisticsSaver": ("regions=0", "results=0", "operands=*", "OpInvariants", "operand-groups=*"),
}
"""``tf`` ops TensorFlow 2.21 registers whose ODS is not in the wheel's TableGen output, declared by hand in
the generated table's terms; their type constraints and required attributes are harvested from the tool
like every other op's (``tests/oracle/ods_probe.py unjudged``, into ``tf_constraints.json``).
``tf.CalibrationStatisticsSaver`` comes with the quantizer's ops (its kernel's ``REGISTER_OP``: ``args: Tin``,
a ``list(type) >= 0``; ``ids``, ``calibration_methods``, ``output_file_path``): variadic operands, no result,
no trait (the tool names its attributes and constraints alone)."""


def _with_constraints(traits: list[str], constraints: dict[str, str] | None, unseen: tuple[str, ...]) -> list[str]:
    """Put the type constraints TensorFlow named where ODS checks them: first among the invariants,
    operands before results; then what :data:`UNSEEN` adds."""
    if constraints is not None and "OpInvariants" in traits:
        order = sorted(constraints, key=_order)
        at = traits.index("OpInvariants") + 1
        traits = [*traits[:at], *(f"{k}={constraints[k]}" for k in order), *traits[at:]]
    return [*traits, *unseen]


UNSEEN: dict[str, tuple[str, ...]] = {
    "tf.CrossReplicaSum": ("pred=all of {input, output} have dynamically equal types @o0,r0",),
    "tf.InplaceAdd": ("pred=all of {x, y} have dynamically equal types @o0,r0",),
    "tf.MirrorPad": ("pred=operand 1 is 2-D@o1",),
    "tf.MirrorPadGrad": ("pred=operand 1 is 2-D@o1",),
    "tf.DebugIdentity": ("inferred=operand#0",),
    "tf.ToBool": ("inferred=~tensor<i1>",),
}
"""What TensorFlow checks of these ``tf`` ops that neither the ``.h.inc`` nor the harvest shows, after
their type constraints, as the tool words it (``tests/oracle/test_ods_constraints.py``): ODS
``PredOpTrait``s (``TF_AllTypesMatch``: ``AreCastCompatible``, its message ending in a space;
``TF_OperandHasRank``), and the type that ``InferTypeOpInterface`` infers, which must equal the
result's (``tf.DebugIdentity``: its operand's, exactly; ``tf.ToBool``: ``tensor<i1>``, or a type cast compatible
with it, ``~``: its own ``isCompatibleReturnTypes``), checked last."""


def _order(key: str) -> tuple[int, int, str]:
    """Where ODS's generated verifier checks a constraint: the required attributes first (by name),
    then the operands, then the results (by position)."""
    kind, _, at = key.partition("#")
    if kind.startswith("attribute:"):
        return (0, 0, kind)
    return (1 if kind == "operand" else 2, int(at), "")


def traits(name: str) -> tuple[str, ...] | None:
    """The generated traits of op ``name``, or ``None`` when no table defines it (made for that op
    alone: :func:`table`'s entry; for a dialect :data:`KEPT` lists, its entry in the module that keeps
    them, which ``tests/test_dialect_index.py`` holds to the table)."""
    dialect = name.partition(".")[0]
    if dialect in KEPT:
        kept = _kept(dialect)
        if kept is not None:
            return kept.get(name)
    return _one(dialect, name)


KEPT = {"arith": "kept", "math": "kept", "tf": "kept_tf"}
"""The dialects whose generated traits a Python module beside this one keeps (``make index`` writes it from
their JSON tables, :func:`table`), by that module's name: a lookup of one of their ops merges that op's
traits (``dialects._in_part``), and reads no JSON table nor imports ``json``. ``kept``: arith's 51 ops and
math's 46, which every torch-mlir Linalg export asks; ``kept_tf``: ``tf``'s 834, TensorFlow's constraints
merged (reading ``tf.json`` and ``tf_constraints.json``, 226 KB, with ``json``, was about 3 ms of a
TensorFlow export's run, whose ``tf.Relu6``, ``tf.Rsqrt`` only the table declares; the module, 0.6 ms)."""


def _kept(dialect: str) -> dict[str, tuple[str, ...]] | None:
    """The traits :data:`KEPT`'s module keeps for ``dialect`` (``None``: no such module yet, or one older
    than :data:`KEPT`, which ``make index`` writes)."""
    try:
        if KEPT[dialect] == "kept_tf":
            from broadcheck.dialects.ods.kept_tf import TRAITS
        else:
            from broadcheck.dialects.ods.kept import TRAITS
    except ImportError:
        return None
    return TRAITS.get(dialect)


def generated(name: str) -> tuple[str, ...]:
    """:func:`traits` of an op a table defines (``KeyError`` for another)."""
    found = traits(name)
    if found is None:
        raise KeyError(name)
    return found


NOT_GENERATED = frozenset(
    {
        "arith.scaling_extf", "arith.scaling_truncf", "tf.BroadcastGradientArgs", "tf.GeneratorDatasetRegion",
    }
)  # fmt: skip
"""Ops whose verifier's words a check from their generated table would not all say, so none is made
(found by the differential campaigns and the probes): arith's scaling casts' CastOpInterface (two
operands) runs before ``Elementwise`` and is not modelled; ``tf.BroadcastGradientArgs`` has rank
``PredOpTrait``s (``operand 1 is 1-D``) that the ``.h.inc`` does not show (``tf.MirrorPad``'s,
``tf.InplaceAdd``'s and the like are :data:`UNSEEN`). The ``SymbolUserOpInterface`` ops
``tf.BatchFunction``, ``tf.LegacyCall``, ``tf.TPUPartitionedCall`` and ``tf.XlaCallModule`` (their
callees: ``'f' attribute refers to an undefined function: nope``) are declared by hand in
:mod:`broadcheck.dialects.tf.verified_c`, with ``tf.XlaSetDynamicDimensionSize``'s and
``tf.XlaBroadcastHelper``'s own type inference (``inferred type(s) 'tensor<?x?xf32>' are incompatible
...``). ``tf.GeneratorDatasetRegion`` (three regions related by its ``RegionBranchOpInterface``: the counts
along each edge, types not compared; its type constraints are not in the harvest, which writes no region)
is declared by hand in :mod:`broadcheck.dialects.tf.regions`."""


def checked(found: tuple[str, ...], dialect: str = "") -> bool:
    """Whether a generic check can come from these traits: one of them is checked, or (``tf``) they
    relate no types and every operand and result type constraint among them is worded exactly."""
    return any(t in CHECKED_TRAITS for t in found) or (dialect == "tf" and constraints_only(found))


def constraints_only(found: tuple[str, ...]) -> bool:
    """Whether a declaration checks its operands' and results' type constraints one by one and
    nothing else that relates types (no relating trait, no region, no parent; a kind of value whose
    count is not fixed has its groups recorded, ``operand-groups=1,*``, and split by their count or
    the op's segment sizes), and :mod:`~broadcheck.dialects.ods.traits` words every one of those
    constraints exactly."""
    constraints = [t.partition("=")[2] for t in found if t.startswith(("operand#", "result#"))]
    grouped = {t.partition("-")[0] for t in found if t.startswith(("operand-groups=", "result-groups="))}
    fixed = all(
        t.partition("=")[2].isdigit() or t.partition("s=")[0] in grouped
        for t in found
        if t.startswith(("operands=", "results="))
    )
    segments = {"AttrSizedOperandSegments": "operand", "AttrSizedResultSegments": "result"}
    inferred = any(t.startswith("inferred=") for t in found)  # (its inference is modelled: UNSEEN)
    relating = tuple(t for t in found if segments.get(t) not in grouped and not (inferred and t in INFERENCE))
    return (
        bool(constraints)
        and fixed
        and declared_shapeless_traits(relating)
        and all(map(tf_exact, (c.removeprefix("variadic of ") for c in constraints)))
    )


INFERENCE = frozenset({"InferTypeOpInterface", "InferShapedTypeOpInterface", "InferTensorType"})
"""The traits of type inference, which an ``inferred=`` step (:data:`UNSEEN`) models."""


def declared_shapeless(name: str) -> bool:
    """Whether op ``name``'s declaration shows nothing that relates types: no such trait, no
    verifier, no type inference, no regions, no parent."""
    found = traits(name)
    return found is not None and declared_shapeless_traits(found)


def declared_shapeless_traits(found: tuple[str, ...]) -> bool:
    """:func:`declared_shapeless` of a declaration's traits."""
    return not any(
        t in RELATING or t.startswith("HasParent=") or (t.startswith("regions=") and t != "regions=0") for t in found
    )


@cache
def probed() -> frozenset[str]:
    """The ``tf`` ops the real tool accepted with unrelated types (``tf_probed.json``, as written)."""
    import json

    text = _read("tf_probed.json")
    confirmed: list[str] = json.loads(text)["confirmed"]
    return frozenset(confirmed)


def _probed() -> frozenset[str]:
    """:func:`probed`, as ``kept_tf`` keeps it (``make index``: no JSON read, no ``json`` imported)."""
    try:
        from broadcheck.dialects.ods.kept_tf import PROBED
    except ImportError:  # (a module older than PROBED, which `make index` writes)
        return probed()
    return PROBED


def shapeless(name: str) -> bool:
    """Whether op ``name``'s definition relates no types (``no shape rule``): its dialect module
    declares it so (``Op(..., shapeless=True)``), or, for ``tf``, its generated declaration shows
    nothing that does (:func:`declared_shapeless`) and the real tool, given unrelated types,
    accepted it (``tf_probed.json``, ``tests/oracle/ods_probe.py``: the ODS constraints TableGen
    compiles into the verifier are not in the declarations)."""
    from broadcheck.dialects import lookup

    decl = lookup(name)
    if decl is not None and decl.shapeless:
        return True
    return name.startswith("tf.") and declared_shapeless(name) and name in _probed()
