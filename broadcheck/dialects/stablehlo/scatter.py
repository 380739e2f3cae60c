"""``stablehlo.scatter``, as StableHLO's verifier checks it (``verifyScatterOp``,
``validateScatterDimensionNumbers``, ``verifyReducerShape`` and ``inferScatterOp`` in
TypeInference.cpp at iree-base-compiler 3.13). It has the generic form only, with its
``update_computation`` region:

    %0 = "stablehlo.scatter"(%input, %indices, %updates) <{scatter_dimension_numbers =
        #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        stablehlo.return %b : tensor<f32>
    }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>

Not modelled (passed over): bounded and quantized types, a region broadcheck cannot read.
"""

from __future__ import annotations

from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    Reject,
    Tensor,
    Unknown,
    checked,
    dialect_of,
    fail,
    kind,
    ods_operands,
    ods_results,
    ranked,
    returned,
    shaped,
    tensors,
)
from broadcheck.dialects.stablehlo.gather import distinct, in_bounds
from broadcheck.dialects.stablehlo.reduce import reducer_shape
from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import element, hlo_compatible
from broadcheck.syntax.attributes import Struct, value

INDICES = kind("ANYINT", "IDX", words="ranked tensor of integer or index values")
VARIADIC = kind(*TENSOR.atoms, words=f"variadic of {TENSOR.words}")
_FIELDS = ("update_window_dims", "inserted_window_dims", "input_batching_dims", "scatter_indices_batching_dims",
           "scatter_dims_to_operand_dims", "index_vector_dim")  # fmt: skip


def _numbers(text: str, dialect: str) -> tuple[tuple[int, ...], ...]:
    v = value(text)
    if not isinstance(v, Struct) or v.name != f"#{dialect}.scatter" or v.positional or set(v.fields) - set(_FIELDS):
        raise Unknown(text)
    out: list[tuple[int, ...]] = []
    for name in _FIELDS[:-1]:
        found = v.fields.get(name, [])
        if not isinstance(found, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in found):
            raise Unknown(text)
        out.append(tuple(int(x) for x in found))
    ivd = v.fields.get("index_vector_dim", 0)
    if not isinstance(ivd, int) or isinstance(ivd, bool):
        raise Unknown(text)
    out.append((ivd,))
    return tuple(out)


def _join(values: tuple[int, ...]) -> str:
    return ", ".join(map(str, values))


def _compatible(a: tuple[int | None, ...], b: tuple[int | None, ...]) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True))


@checked
def scatter(op: Operation) -> None:
    """``stablehlo.scatter``: scatter_c1 to c25."""
    if any(a.property and a.name not in ("scatter_dimension_numbers", "indices_are_sorted", "unique_indices")
           for a in op.attributes):  # fmt: skip
        raise Unknown("a property scatter does not declare")
    m = len(op.operands)
    if m < 3 or m % 2 == 0:
        raise Unknown("operands scatter's segments cannot split")
    n = (m - 1) // 2
    attr = op.attribute("scatter_dimension_numbers")
    if attr is None:
        if op.generic:
            raise fail("BC1070", name="scatter_dimension_numbers")
        raise Unknown("scatter's form")
    uwd, iwd, ibd, sibd, sdod, (ivd,) = _numbers(attr.text, dialect_of(op))
    ods_operands(op, [*(VARIADIC,) * n, INDICES, *(VARIADIC,) * n])
    ods_results(op, [TENSOR], variadic=True)
    everything, results = tensors(op)
    inputs, indices, updates = everything[:n], everything[n], everything[n + 1 :]
    if any(t.bounds is not None for t in (*everything, *results)):  # hloquant: quantized types checked
        raise Unknown("bounded")
    if not all(_compatible(ranked(inputs[0]), ranked(t)) for t in inputs):
        raise fail("BC1056")
    if not all(_compatible(ranked(updates[0]), ranked(t)) for t in updates):
        raise fail("BC1057")
    ishape = ranked(indices)
    if not 0 <= ivd <= len(ishape):
        raise fail("BC1045", name="index_vector_dim", bound_name="rank-of('scatter_indices')", bound=len(ishape),
                   dim=ivd)  # fmt: skip
    if not op.regions:
        raise Unknown("a region broadcheck did not read")
    region = op.regions[0]
    terminated = returned(region, op)
    inits = [Tensor((), u.element) for u in updates]
    accumulators = reducer_shape(region.arguments, region.yields, inputs, inits, (), None, terminated)
    expanded = (*ishape, 1) if ivd == len(ishape) else ishape
    for u in updates:
        expected = len(expanded) - 1 + len(uwd)
        if len(ranked(u)) != expected:
            raise fail("BC1058", expected=expected, rank=len(ranked(u)))
    for operand, update in zip(inputs, updates, strict=True):
        _dimension_numbers(ranked(operand), expanded, len(ranked(update)), uwd, iwd, ibd, sibd, sdod, ivd)
    for operand, update in zip(inputs, updates, strict=True):
        _bounds(ranked(operand), ranked(update), expanded, uwd, iwd, ibd, ivd)
    types = [Tensor(ranked(t), element(acc.element)) for t, acc in zip(inputs, accumulators, strict=True)]
    if len(types) == len(results) and all(hlo_compatible(a, b) for a, b in zip(types, results, strict=True)):
        return
    args = {"inferred": "', '".join(map(str, types)), "actual": "', '".join(map(str, results))}
    if len(types) == 1 == len(results):
        raise Reject(Problem("BC521", args, Subject("result", 0), expected=shaped(types[0])))
    raise Reject(Problem("BC521", args))


def _dimension_numbers(
    operand: tuple[int | None, ...],
    indices: tuple[int | None, ...],
    update_rank: int,
    uwd: tuple[int, ...],
    iwd: tuple[int, ...],
    ibd: tuple[int, ...],
    sibd: tuple[int, ...],
    sdod: tuple[int, ...],
    ivd: int,
) -> None:
    """``validateScatterDimensionNumbers``."""
    rank = len(operand)
    size = len(uwd) + len(iwd) + len(ibd)
    if rank != size:
        raise fail("BC1059", size=size, rank=rank)
    if list(uwd) != sorted(uwd):
        raise fail("BC1060", name="update_window_dims", dims=_join(uwd))
    if len(set(uwd)) != len(uwd):
        raise fail("BC1061", name="update_window_dims", dims=_join(uwd))
    in_bounds(uwd, update_rank, "update_window_dims", "rank-of('updates')")
    distinct(iwd, ibd, "inserted_window_dims", "input_batching_dims")
    if list(iwd) != sorted(iwd):
        raise fail("BC1060", name="inserted_window_dims", dims=_join(iwd))
    in_bounds(iwd, rank, "inserted_window_dims", "rank-of('operand')")
    if list(ibd) != sorted(ibd):
        raise fail("BC1060", name="input_batching_dims", dims=_join(ibd))
    in_bounds(ibd, rank, "input_batching_dims", "rank-of('operand')")
    if len(set(sibd)) != len(sibd):
        raise fail("BC1061", name="scatter_indices_batching_dims", dims=_join(sibd))
    in_bounds(sibd, len(indices), "scatter_indices_batching_dims", "rank-of('scatter_indices')")
    if ivd in sibd:
        raise fail("BC1062", dim=ivd)
    if len(ibd) != len(sibd):
        raise fail("BC1063")
    for i, (a, b) in enumerate(zip(ibd, sibd, strict=True)):
        x, y = operand[a], indices[b]
        if x is not None and y is not None and x != y:
            raise fail("BC1064", index=i, a=x, b=y)
    bound = indices[ivd]
    if bound is not None and len(sdod) != bound:
        raise fail("BC1065", count=len(sdod), dim=ivd, bound=bound)
    distinct(sdod, ibd, "scatter_dims_to_operand_dims", "input_batching_dims")
    in_bounds(sdod, rank, "scatter_dims_to_operand_dims", "rank-of('operand')")


def _bounds(
    operand: tuple[int | None, ...],
    update: tuple[int | None, ...],
    indices: tuple[int | None, ...],
    uwd: tuple[int, ...],
    iwd: tuple[int, ...],
    ibd: tuple[int, ...],
    ivd: int,
) -> None:
    """The window and scatter dimensions of the updates against the operand and the indices."""
    inserted = batching = 0
    largest: list[int | None] = []
    for i in range(len(operand)):
        if inserted < len(iwd) and iwd[inserted] == i:
            inserted += 1
        elif batching < len(ibd) and ibd[batching] == i:
            batching += 1
        else:
            largest.append(operand[i])
    for i, d in enumerate(uwd):
        if update[d] is None or largest[i] is None:
            continue
        if update[d] > largest[i]:  # type: ignore[operator]
            raise fail("BC1066", dim=d, update=update[d], operand=largest[i])
    seen = 0
    for i in range(len(update)):
        if i in uwd:
            continue
        if seen == ivd:
            seen += 1
        a, b = update[i], indices[seen]
        if a is not None and b is not None and a != b:
            raise fail("BC1067", dim=i, update=a, indices=b)
        seen += 1
