"""StableHLO's collectives: ``all_reduce``, ``reduce_scatter``, ``all_gather``, ``all_to_all``,
``collective_permute``, ``collective_broadcast`` and ``collective_reduce``, as iree-base-compiler
3.13 verifies them (``verifyReplicaGroups``, ``verifyAllReduceOp``, ``verifyReduceScatterOp``,
``verifyAllGatherOp``, ``inferAllToAllOp``, ``verifyCollectivePermuteOp``, ``verifyCollectiveBroadcastOp``,
``verifyCollectiveReduceOp`` in TypeInference.cpp), in their generic form, in MLIR's order: the ODS
constraints, the traits (``PairwiseSameOperandAndResultElementType``, ``SameOperandsAndResultElementType``), the op's
``verify()``, then the inferred result types.

The verifiers' messages have no ``'op' op`` prefix and are reported at the op. Replica groups
written as the mesh axes of a mesh symbol (``#stablehlo.replica_group_mesh_axes<mesh = @m, axes =
[0, 1]>``) have no group to check (the verifiers look at dense groups only); the symbol is looked
up once the module verified (:func:`symbol_uses`). Passed over: mesh axes of another form (an inline
mesh), quantized or bounded types, a body broadcheck cannot read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from broadcheck.dialects.op import SymbolRule, Texts
from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    Reject,
    Tensor,
    Unknown,
    checked,
    fail,
    i64,
    is_mhlo,
    ods_operands,
    ods_results,
    ranked,
    require,
    returned,
    tensors,
)
from broadcheck.dialects.stablehlo.reduce import reducer_shape
from broadcheck.dialects.stablehlo.regions import inferred_types
from broadcheck.dialects.terminators import unterminated
from broadcheck.ops import OpaqueType, Operation, Region, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile
from broadcheck.semantics.stablehlo import DYNAMIC, compatible_shapes, element, hlo_compatible, type_text
from broadcheck.syntax.attributes import Dense, Struct, value
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Statement, symbol_name

__all__ = [
    "all_gather",
    "all_reduce",
    "all_to_all",
    "attributes",
    "collective_broadcast",
    "collective_permute",
    "collective_reduce",
    "reduce_scatter",
]

REPLICA_GROUPS = "64-bit signless integer elements attribute or mesh and axes based replica groups representation."
"""``StableHLO_ReplicaGroups`` (``AnyAttrOf<[I64ElementsAttr, ReplicaGroupMeshAxes]>``), as ODS words it."""
I64_ELEMENTS = "64-bit signless integer elements attribute"
I64_POSITIVE = "64-bit signless integer attribute whose value is positive"


def elements_i64(op: Operation, name: str, constraint: str) -> tuple[tuple[int, ...], list[int]] | None:
    """An ``I64ElementsAttr``: its shape and its values in row-major order; ``None`` if absent.
    Another elements attribute fails ``constraint``; a form broadcheck does not read is Unknown."""
    attr = op.attribute(name)
    if attr is None:
        return None
    found = value(attr.text)
    if not isinstance(found, Dense):
        if isinstance(found, Struct) and found.name.startswith("#stablehlo.replica_group"):
            raise Unknown(attr.text)  # mesh axes: checked against a symbol, not modelled
        raise Unknown(attr.text)
    typ = found.type.strip()
    if not (typ.startswith("tensor<") and typ.endswith(">")):
        raise Unknown(typ)
    *sizes, elem = typ[len("tensor<") : -1].split("x")
    if elem != "i64":
        raise fail("BC562", name=name, constraint=constraint)
    try:
        shape = tuple(int(s) for s in sizes)
    except ValueError:
        raise Unknown(typ) from None
    count = 1
    for s in shape:
        count *= s
    values = found.values
    if values is None:
        if count:
            raise Unknown(attr.text)  # a hex blob
        return shape, []
    if isinstance(values, int) and not isinstance(values, bool):
        return shape, [values] * count
    flat: list[int] = []

    def walk(v: object, depth: int) -> None:
        if isinstance(v, list):
            for x in v:
                walk(x, depth + 1)
        elif isinstance(v, int) and not isinstance(v, bool) and depth == len(shape):
            flat.append(v)
        else:
            raise Unknown(attr.text)

    walk(values, 0)
    if len(flat) != count:
        raise Unknown(attr.text)
    return shape, flat


Reader = Callable[[Operation, str], object]


def attributes(op: Operation, readers: Mapping[str, Reader], required: Sequence[str]) -> dict[str, object]:
    """The op's attributes in MLIR's order: the generic parser checks the constraints of those
    written in the dictionary, by name; the verifier then wants the required ones (in the op's
    order), then checks those written as properties (``<{...}>``; a property of another kind of
    attribute is the parser's "invalid properties": passed over)."""
    values: dict[str, object] = {}
    for name in sorted(readers):
        attr = op.attribute(name)
        if attr is not None and not attr.property:
            values[name] = readers[name](op, name)
    require(op, *required)
    for name in sorted(readers):
        attr = op.attribute(name)
        if attr is not None and attr.property:
            try:
                values[name] = readers[name](op, name)
            except Reject:
                found = value(attr.text)
                if isinstance(found, bool) or not isinstance(found, (int, Dense)):
                    raise Unknown(attr.text) from None  # another kind: the parser's "invalid properties"
                raise
    return values


MESH_AXES: tuple[tuple[int, ...], list[int]] = ((), [])
"""Replica groups written as mesh axes of a mesh named by a symbol: the verifiers check no group
(``verifyReplicaGroups`` and the others take a ``DenseIntElementsAttr`` only); compared by identity."""

_MESH_AXES = lazy(
    r"#stablehlo\.replica_group_mesh_axes<\s*mesh\s*=\s*@[\w$.\-]+\s*,\s*axes\s*="
    r"\s*\[(?:[^\[\]<>]|#stablehlo\.axis_ref<[^<>\[\]]*>)*\]\s*>"
)
"""Mesh axes of a mesh symbol: integers or ``#stablehlo.axis_ref<name = "x">`` (their names are
looked up in an inline mesh only, which is passed over)."""


def groups_attribute(op: Operation, name: str) -> tuple[tuple[int, ...], list[int]] | None:
    """``StableHLO_ReplicaGroups``: an ``I64ElementsAttr`` read, or :data:`MESH_AXES` (StableHLO's
    mesh axes of a mesh symbol, looked up once the module verified: :func:`symbol_uses`)."""
    attr = op.attribute(name)
    if attr is not None and not is_mhlo(op) and _MESH_AXES.fullmatch(" ".join(attr.text.split())):
        return MESH_AXES
    return elements_i64(op, name, REPLICA_GROUPS)


def non_negative(op: Operation, name: str) -> int | None:
    """``ConfinedAttr<I64Attr, [IntNonNegative]>``."""
    return i64(op, name, non_negative=True)


def channel_attribute(op: Operation, name: str) -> int:
    """``StableHLO_ChannelHandle``: its handle."""
    return channel_id(op)


def _groups(values: dict[str, object]) -> tuple[tuple[int, ...], list[int]]:
    groups = values.get("replica_groups")
    if groups is None:
        raise Unknown("replica_groups")
    return groups  # type: ignore[return-value]


def verify_replica_groups(
    groups: tuple[tuple[int, ...], list[int]], same_size: bool, global_ids: bool, group_size: int | None = None
) -> None:
    """``verifyReplicaGroups``: rank 2, not empty under ``use_global_device_ids``, ids 0..n-1 once each
    (``-1`` pads a group where groups may differ in size), and the expected group size."""
    if groups is MESH_AXES:
        return
    shape, ids = groups
    if len(shape) != 2:
        raise fail("BC1225", what="replica groups should be a rank 2 tensor")
    if global_ids and shape[0] * shape[1] == 0:
        raise fail("BC1225", what="if `use_global_device_ids` is set, the replica groups cannot be empty")
    seen: set[int] = set()
    for i in ids:
        if i == -1:
            if not same_size:
                continue
            raise fail("BC1228", what="Invalid replica id", id=-1)
        if i in seen:
            raise fail("BC1227", id=i, what="seen more than once")
        seen.add(i)
    for i in range(len(seen)):
        if i not in seen:
            raise fail("BC1227", id=i, what="not seen in replica groups")
    if same_size and group_size is not None and (shape[0] == 0 or len(ids) // shape[0] != group_size):
        raise fail("BC1229", size=group_size)


def channel_id(op: Operation) -> int:
    """The ``handle`` of ``channel_handle`` (0 without one)."""
    attr = op.attribute("channel_handle")
    if attr is None:
        return 0
    found = value(attr.text)
    handle = found.fields.get("handle") if isinstance(found, Struct) and found.name.endswith("channel_handle") else None
    if not isinstance(handle, int) or isinstance(handle, bool):
        raise Unknown(attr.text)
    return handle


def _global_ids(op: Operation) -> bool:
    attr = op.attribute("use_global_device_ids")
    if attr is None:
        return False
    if attr.text.strip() not in ("", "unit"):
        raise Unknown(attr.text)
    return True


def collective_check(steps: Callable[[Operation], None]) -> Callable[[Operation, Profile], Problem | None]:
    """:func:`~.common.checked`, but MHLO's attribute constraints are kept: jaxlib 0.10.2 words these
    ops' (``replica_groups``, ``all_gather_dim``, ``split_count``, ...) as StableHLO does."""
    check = checked(steps)

    def mhlo_too(op: Operation, profile: Profile) -> Problem | None:
        if not is_mhlo(op) or not op.generic:
            return check(op, profile)
        if any(isinstance(u.type, ShapedType) and u.type.encoding for u in (*op.operands, *op.results)):
            return NOT_JUDGED  # (MHLO's bounds: not modelled)
        try:
            steps(op)
        except Reject as reject:
            return NOT_JUDGED if reject.problem.code in ("BC109", "BC564") else reject.problem  # (MHLO's words)
        except Unknown:
            return NOT_JUDGED
        return None

    mhlo_too.__doc__ = steps.__doc__
    mhlo_too.__name__ = steps.__name__
    return mhlo_too


def _elements(op: Operation, name: str) -> tuple[tuple[int, ...], list[int]] | None:
    return elements_i64(op, name, I64_ELEMENTS)


def _generic(op: Operation) -> None:
    if not op.generic:
        raise Unknown("a custom form")
    if any(not isinstance(u.type, ShapedType) for u in (*op.operands, *op.results)):
        raise Unknown("a type broadcheck did not read")


def _plain(op: Operation) -> None:
    """Past the ODS constraints: bounded and quantized types are not modelled."""
    if any(t.shape is None or t.bounds is not None for t in _all(op)):  # hloquant: quantized types checked
        raise Unknown("unranked or bounded types")


def _all(op: Operation) -> list[Tensor]:
    operands, results = tensors(op)
    return [*operands, *results]


def _body(op: Operation, index: int = 0) -> Region:
    """A region of the op, ending in the dialect's ``return`` or in no terminator (:func:`reducer` says so)."""
    if len(op.regions) <= index:
        raise Unknown("a region broadcheck did not read")
    region = op.regions[index]
    returned(region, op)
    return region


def pairwise_elements(op: Operation) -> None:
    """``PairwiseSameOperandAndResultElementType``."""
    operands, results = tensors(op)
    if len(operands) != len(results):
        raise fail("BC1226", what="number of operands and results")
    for i, (a, b) in enumerate(zip(operands, results, strict=True)):
        if a.element.text != b.element.text:
            raise fail("BC1226", what=f"element type for operand and result at index {i}")


def _global_channel(global_ids: bool, channel: int, positive: bool) -> None:
    if not global_ids:
        return
    if positive and channel <= 0:
        raise fail("BC1230", rule="must be positive", got=f" but got: {channel}")
    if not positive and channel < 0:
        raise fail("BC1230", rule="cannot be negative", got="")


_TUPLE = lazy(r"tuple<[\w<>,?]*>")


def tuple_text(t: Type) -> str | None:
    """A tuple of tensors as MLIR prints it (``tuple<tensor<f32>, tensor<i32>>``), or ``None``."""
    if not isinstance(t, OpaqueType) or not _TUPLE.fullmatch(t.text):
        return None
    return t.text.replace(",", ", ")


def reducer(body: Region, input_: Tensor, init: Tensor) -> Tensor:
    """``verifyReducerShape`` of a one-input body with no dimension left (all_reduce, reduce_scatter,
    select_and_scatter's scatter); the accumulator. A tuple returned is reported as MLIR prints it."""
    arguments, yields, terminated = body.arguments, body.yields, not unterminated(body)
    if len(arguments) == 2 and len(yields) == 1 and terminated:
        tuple_ = tuple_text(yields[0])
        if tuple_ is not None:
            raise fail("BC1069", type=f"'{tuple_}'")
    (acc,) = reducer_shape(arguments, yields, [input_], [init], (), None, terminated)
    return Tensor(acc.shape, element(acc.element))


def _reducer(region: Region, operand: Tensor) -> Tensor:
    return reducer(region, operand, Tensor((), operand.element))


_inferred = inferred_types


# ---------------------------------------------------------------- all_reduce


def _reduction_head(op: Operation) -> tuple[tuple[tuple[int, ...], list[int]], list[Tensor], list[Tensor], bool]:
    """What all_reduce and collective_reduce check first, in their verifiers' order: the generic
    form, the attributes, the ODS operand and result kinds; then their replica groups, operand and
    result tensors and ``use_global_device_ids``."""
    _generic(op)
    values = attributes(
        op, {"replica_groups": groups_attribute, "channel_handle": channel_attribute}, ["replica_groups"]
    )
    groups = _groups(values)
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR], variadic=True)
    _plain(op)
    operands, results = tensors(op)
    return groups, operands, results, _global_ids(op)


@collective_check
def all_reduce(op: Operation) -> None:
    """``stablehlo.all_reduce``: all_reduce_c1 to c5 (replica groups, channel, the body per operand),
    then the inferred types (c6, c7: each operand's shape, the body's element type)."""
    groups, operands, results, global_ids = _reduction_head(op)
    verify_replica_groups(groups, same_size=False, global_ids=global_ids)
    _global_channel(global_ids, channel_id(op), positive=True)
    region = _body(op)
    for t in operands:
        _reducer(region, t)
    if not operands:
        raise Unknown("no operand")
    acc = _reducer(region, operands[0])
    _inferred([Tensor(t.shape, acc.element) for t in operands], results)


# ---------------------------------------------------------------- collective_reduce


@checked
def collective_reduce(op: Operation) -> None:
    """``stablehlo.collective_reduce`` (``verifyCollectiveReduceOp``): its replica groups (groups
    may differ in size), the channel under ``use_global_device_ids``, its data operands and, with
    ``has_dynamic_root``, the root operand, the body per data operand; then the inferred types
    (each data operand's shape, the body's element type)."""
    groups, operands, results, global_ids = _reduction_head(op)
    dynamic_root = op.attribute("has_dynamic_root") is not None and _unit(op, "has_dynamic_root")
    verify_replica_groups(groups, same_size=False, global_ids=global_ids)
    _global_channel(global_ids, channel_id(op), positive=True)
    if not dynamic_root and not operands:
        raise fail("BC1146", what="collective_reduce requires at least one data operand")
    data = _dynamic_root(op, operands, "collective_reduce", "BC1146") if dynamic_root else operands
    region = _body(op)
    accumulators = [_reducer(region, t) for t in data]
    if not results:  # (MLIR prints an empty type list without quotes)
        inferred = "', '".join(str(Tensor(t.shape, acc.element)) for t, acc in zip(data, accumulators, strict=True))
        raise fail("BC1147", inferred=inferred)
    _inferred([Tensor(t.shape, acc.element) for t, acc in zip(data, accumulators, strict=True)], results)


# ---------------------------------------------------------------- reduce_scatter


@collective_check
def reduce_scatter(op: Operation) -> None:
    """``stablehlo.reduce_scatter``: reduce_scatter_c2 to c9."""
    _generic(op)
    readers = {
        "scatter_dimension": non_negative,
        "replica_groups": groups_attribute,
        "channel_handle": channel_attribute,
    }
    values = attributes(op, readers, ["scatter_dimension", "replica_groups"])
    groups, dim = _groups(values), values.get("scatter_dimension")
    if len(op.operands) != 1 or len(op.results) != 1 or not isinstance(dim, int):
        raise Unknown("counts")
    ods_operands(op, [TENSOR])
    ods_results(op, [TENSOR])
    _plain(op)
    (operand,), (result,) = tensors(op)
    global_ids = _global_ids(op)
    verify_replica_groups(groups, same_size=True, global_ids=global_ids)
    acc = _reducer(_body(op), operand)
    a, r = ranked(operand), ranked(result)
    if len(a) != len(r):
        raise fail("BC1235", what="operand and result should have same rank")
    if dim >= len(a):
        raise fail("BC1231", what="scatter dim should be less than operand/result rank")
    _global_channel(global_ids, channel_id(op), positive=True)
    if a[dim] is None or r[dim] is None:
        return
    if r[dim] == 0:
        raise fail("BC1232", what="result dimension size at scatter_dimension")
    if a[dim] == 0:
        raise fail("BC1232", what="operand dimension size at scatter_dimension")
    if a[dim] % r[dim]:  # type: ignore[operator]
        raise fail(
            "BC1234", what="operand scatter dimension", size=a[dim], of="result scatter dimension size", other=r[dim]
        )
    for i, (x, y) in enumerate(zip(a, r, strict=True)):
        if i != dim and x is not None and y is not None and x != y:
            raise fail("BC1235", what=f"non scatter dimensions should be same for operand ({x}) and result ({y})")
    if result.element.text != acc.element.text:
        raise fail("BC1236", expected=f"'{acc.element.text}'", got=f"'{result.element.text}'")


# ---------------------------------------------------------------- all_gather


@collective_check
def all_gather(op: Operation) -> None:
    """``stablehlo.all_gather``: all_gather_c1 to c6."""
    _generic(op)
    readers = {"all_gather_dim": non_negative, "replica_groups": groups_attribute, "channel_handle": channel_attribute}
    values = attributes(op, readers, ["all_gather_dim", "replica_groups"])
    groups, dim = _groups(values), values.get("all_gather_dim")
    if not isinstance(dim, int):
        raise Unknown("all_gather_dim")
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR], variadic=True)
    _plain(op)
    operands, results = tensors(op)
    if is_mhlo(op):  # MHLO's SameOperandsAndResultElementType, then its own counts
        if len({t.element.text for t in (*operands, *results)}) > 1:
            raise fail("BC1152")
        if not operands:
            raise fail("BC1233", what="AllGather must have have at least one operand")
        if len(operands) != len(results):
            raise fail("BC1233", what="AllGather requires the same number of operands and results")
    else:
        pairwise_elements(op)
    global_ids = _global_ids(op)
    verify_replica_groups(groups, same_size=True, global_ids=global_ids)
    _global_channel(global_ids, channel_id(op), positive=False)
    for operand, result in zip(operands, results, strict=True):
        a, r = ranked(operand), ranked(result)
        if dim >= len(a):
            raise fail("BC1231", what="all_gather_dim must be a valid index of operand")
        if a[dim] == 0:
            raise fail("BC1232", what="dimension size of operand at 'all_gather_dim'")
        if len(r) != len(a):
            raise fail("BC1235", what="operand and result must have the same rank")
        for i, (x, y) in enumerate(zip(a, r, strict=True)):
            if i != dim and x is not None and y is not None and x != y:
                raise fail(
                    "BC1235",
                    what="operand and result should have the same shape except for the dimension size at "
                    "'all_gather_dim'",
                )
        if a[dim] is None or r[dim] is None:
            if is_mhlo(op):  # (MHLO verifies each pair on its own; StableHLO stops at the first)
                continue
            return
        if r[dim] % a[dim]:  # type: ignore[operator]
            raise fail(
                "BC1234", what="result gather dimension", size=r[dim], of="operand gather dimension size", other=a[dim]
            )


# ---------------------------------------------------------------- all_to_all


def _positive(op: Operation, name: str) -> int:
    """``ConfinedAttr<I64Attr, [IntPositive]>``."""
    attr = op.attribute(name)
    if attr is None:
        raise Unknown(name)
    text = attr.text
    found = value(text)
    _, colon, typ = text.partition(":")
    if isinstance(found, bool) or not isinstance(found, int) or (colon and typ.strip() != "i64"):
        raise Unknown(text)
    if found <= 0:
        raise fail("BC562", name=name, constraint=I64_POSITIVE)
    return found


@collective_check
def all_to_all(op: Operation) -> None:
    """``stablehlo.all_to_all``: the pairwise element types, then inferAllToAllOp (all_to_all_c1 to c8:
    replica groups of split_count ids, the split and concat dimensions) and its inferred types."""
    _generic(op)
    readers = {
        "split_dimension": non_negative,
        "concat_dimension": non_negative,
        "split_count": _positive,
        "replica_groups": groups_attribute,
        "channel_handle": channel_attribute,
    }
    if is_mhlo(op) and not all(op.attribute(n) for n in ("split_dimension", "concat_dimension", "split_count")):
        raise Unknown("MHLO's tuple form (no split attributes)")
    values = attributes(op, readers, ["split_dimension", "concat_dimension", "split_count", "replica_groups"])
    groups = _groups(values)
    split, concat, count = values.get("split_dimension"), values.get("concat_dimension"), values.get("split_count")
    if not (isinstance(split, int) and isinstance(concat, int) and isinstance(count, int)):
        raise Unknown("attributes")
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR], variadic=True)
    _plain(op)
    operands, results = tensors(op)
    if is_mhlo(op):  # MHLO's SameOperandsShape, then its array form's one operand
        if not compatible_shapes([ranked(t) for t in operands]):
            raise fail("BC1153")
        if len(operands) != 1:
            raise fail("BC1233", what="ArrayAllToAll should have exactly one operand")
    else:
        pairwise_elements(op)
    verify_replica_groups(groups, same_size=True, global_ids=False, group_size=count)
    inferred = []
    for operand in operands:
        shape = list(ranked(operand))
        if split >= len(shape):
            raise fail("BC1231", what=f"AllToAll split_dimension {split} is out-of-bounds for input rank {len(shape)}")
        if concat >= len(shape):
            raise fail(
                "BC1231", what=f"AllToAll concat_dimension {concat} is out-of-bounds for input rank {len(shape)}"
            )
        size = shape[split]
        if size is not None and size % count:
            raise fail("BC1234", what="split dimension", size=size, of="split_count", other=count)
        if size is not None:
            shape[split] = size // count
        if shape[concat] is not None:
            shape[concat] = shape[concat] * count  # type: ignore[operator]
        inferred.append(Tensor(tuple(shape), operand.element))
    _inferred(inferred, results)


# ---------------------------------------------------------------- collective_permute, collective_broadcast


@collective_check
def collective_permute(op: Operation) -> None:
    """``stablehlo.collective_permute``: SameOperandsAndResultElementType, then
    verifyCollectivePermuteOp (c1 to c4: the pairs' shape, ids >= 0, no source or target twice),
    then the inferred type (the operand's)."""
    _generic(op)
    readers = {"source_target_pairs": _elements, "channel_handle": channel_attribute}
    pairs = attributes(op, readers, ["source_target_pairs"]).get("source_target_pairs")
    if not isinstance(pairs, tuple):
        raise Unknown("source_target_pairs")
    if len(op.operands) != 1 or len(op.results) != 1:
        raise Unknown("counts")
    ods_operands(op, [TENSOR])
    ods_results(op, [TENSOR])
    _plain(op)
    (operand,), (result,) = tensors(op)
    if is_mhlo(op):  # MHLO's HLO_CompatibleOperandsAndResultType
        if not hlo_compatible(operand, result):
            raise fail("BC517")
    elif operand.element.text != result.element.text:
        raise fail("BC1152")
    shape, ids = pairs
    if len(shape) != 2:
        raise fail("BC1237", what=f"expect source_target_pairs attribute to be of rank 2, but got rank {len(shape)}")
    if shape[1] != 2:
        raise fail(
            "BC1237",
            what=f"expect source_target_pairs attribute of shape (N, 2), but got ({', '.join(map(str, shape))})",
        )
    sources: set[int] = set()
    targets: set[int] = set()
    for i, v in enumerate(ids):
        if v < 0:
            raise fail("BC1237", what="replica ids in source_target_pairs must be >= 0.")
        seen, which = (sources, "sources") if i % 2 == 0 else (targets, "targets")
        if v in seen:
            raise fail("BC1237", what=f"duplicate {which} not allowed.")
        seen.add(v)
    if not is_mhlo(op):
        _inferred([operand], [result])


@collective_check
def collective_broadcast(op: Operation) -> None:
    """``stablehlo.collective_broadcast``: verifyCollectiveBroadcastOp (c1, c2: rank-2 groups of
    non-negative ids, none twice; a data operand, and with ``has_dynamic_root`` a last operand of
    one i32 root per data operand), then the inferred types (the data operands')."""
    _generic(op)
    readers = {"replica_groups": groups_attribute, "channel_handle": channel_attribute, "has_dynamic_root": _unit}
    values = attributes(op, readers, ["replica_groups"])
    groups = _groups(values)
    dynamic_root = "has_dynamic_root" in values
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR], variadic=True)
    _plain(op)
    operands, results = tensors(op)
    if is_mhlo(op):  # MHLO's one operand and result, HLO_CompatibleOperandsAndResultType
        if dynamic_root:
            raise Unknown("has_dynamic_root")
        if len(results) != 1:
            raise fail("BC107")
        if len(operands) != 1:
            raise Unknown("counts")
        if not hlo_compatible(operands[0], results[0]):
            raise fail("BC517")
    shape, ids = groups
    if groups is not MESH_AXES and len(shape) != 2:
        raise fail("BC1225", what=f"replica groups should be a rank 2 tensor,but instead it is of rank {len(shape)}")
    seen: set[int] = set()
    for i in ids:
        if i < 0:
            raise fail("BC1228", what="replica_groups values must be positive, but was given", id=i)
        if i in seen:
            raise fail("BC1227", id=i, what="seen more than once")
        seen.add(i)
    if not dynamic_root:
        if not operands:
            raise fail("BC1233", what="collective_broadcast requires at least one data operand")
        _inferred(operands, results)
        return
    _inferred(_dynamic_root(op, operands, "collective_broadcast", "BC1233"), results)


def _unit(op: Operation, name: str) -> bool:
    attr = op.attribute(name)
    if attr is None or attr.text.strip() not in ("", "unit"):
        raise Unknown(name)
    return True


def _dynamic_root(op: Operation, operands: list[Tensor], name: str, code: str) -> list[Tensor]:
    """The data operands of a collective with ``has_dynamic_root``: every operand but the last, the
    root, a rank-1 ``i32`` tensor of one element per data operand (``code`` words what is not)."""
    if len(operands) < 2:
        raise fail(code, what=f"{name} with has_dynamic_root=true requires at least two operands (data + root)")
    root = op.operands[-1].type
    words = f"last operand of {name} with has_dynamic_root=true must"
    if not (isinstance(root, ShapedType) and root.element.strip() == "i32" and root.shape is not None
            and len(root.shape) == 1):  # fmt: skip
        raise fail(code, what=f"{words} be a rank-1 i32 tensor, but got '{type_text(root)}'")
    count = root.shape[0]
    if count != len(operands) - 1:
        got = DYNAMIC if count is None else count
        raise fail(
            code, what=f"{words} have the same number of elements as data operands ({len(operands) - 1}), but got {got}"
        )
    return operands[:-1]


_MESH = lazy(r"#stablehlo\.replica_group_mesh_axes<\s*mesh\s*=\s*(@[\w$.\-]+|@\"[^\"]*\")")


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The mesh a collective's ``replica_groups`` names (``#stablehlo.replica_group_mesh_axes<mesh =
    @m, ...>``) and the rule that looks it up once the module verified
    (``ReplicaGroupMeshAxesAttr::verifySymbolUses``: any symbol of the module will do), or ``None``."""
    attr = next((a for a in statement.attributes if a.name == "replica_groups"), None)
    m = None if attr is None else _MESH.match(attr.text.strip())
    if m is None:
        return None
    symbol = symbol_name(m.group(1))

    def rule(found: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        return ("BC1477", {"symbol": symbol}) if found[0] is None else None

    return (symbol,), rule
