"""Differential test: ``chlo.ragged_dot`` against iree-base-compiler 3.13 and ``mhlo.ragged_dot``
against jaxlib 0.10.2 (issue 29, task hlo).

Random cases of the three modes (the lhs ragged dimension a non-contracting, a contracting or a
batching one) built valid, then now and then one thing changed: a size, the ragged or group
dimensions (none, two, out of range, the wrong kind), ``group_sizes``' rank, shape or element type,
the result's shape, rank or element type (unranked too), a dimension list of dot_general's
(counts, duplicates, ranges), the precision config's length, an operand too few. The generic form
only (neither op has a custom form); CHLO's ``#chlo.ragged_dot<...>`` with its six lists, MHLO's
``#mhlo.ragged_dot<dot_dimension_numbers = #mhlo.dot<...>, ...>`` (always with its dot dimension
numbers: jaxlib crashes without them). Unranked operands are not drawn (both verifiers cast them to
ranked types unchecked). ``BROADCHECK_RAGGED_CASES`` per family (default 2000), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor
from .test_mhlo_structural import verdicts

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_RAGGED_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))

KINDS = [
    ("ods", r"must be "),
    ("counts", r"operands, but found"),
    ("precision", r"precision config"),
    ("dot numbers", r"batching dimensions|contracting dimensions|duplicated|out of range|sizes must match"),
    ("ragged", r"ragged dimension|group dimension|lhs_ragged_dim|rhs_group_dim"),
    ("group sizes", r"group_sizes"),
    ("inferred", r"inferred shape"),
]


def _list(xs: list[int]) -> str:
    return "[" + ", ".join(str(x) for x in xs) + "]"


def ragged_case(draw: Draw, index: int, prefix: str) -> Case:
    """One ``<prefix>.ragged_dot`` case (see the module's docstring)."""
    mode = draw.pick(["non-contracting", "contracting", "batch"])
    nb = draw.int(1 if mode == "batch" else 0, 2)
    nc = draw.int(1 if mode == "contracting" else 0, 2)
    nm = draw.int(1 if mode == "non-contracting" else 0, 2)
    nn = draw.int(0, 2)
    batch = [draw.dim(0.1) for _ in range(nb)]
    contract = [draw.dim(0.1) for _ in range(nc)]
    groups = draw.dim(0.1)
    lhs_roles = [("b", i) for i in range(nb)] + [("c", i) for i in range(nc)] + [("m", i) for i in range(nm)]
    draw.rng.shuffle(lhs_roles)
    rhs_roles = [("b", i) for i in range(nb)] + [("c", i) for i in range(nc)] + [("n", i) for i in range(nn)]
    if mode == "non-contracting":
        rhs_roles.append(("g", 0))
    draw.rng.shuffle(rhs_roles)
    ms = [draw.dim(0.1) for _ in range(nm)]
    ns = [draw.dim(0.1) for _ in range(nn)]

    def size(role: tuple[str, int], side: str) -> int | None:
        kind, i = role
        return {"b": batch, "c": contract, "m": ms, "n": ns}[kind][i] if kind != "g" else groups

    ls = [size(r, "l") for r in lhs_roles]
    rs = [size(r, "r") for r in rhs_roles]
    lb = [lhs_roles.index(("b", i)) for i in range(nb)]
    rb = [rhs_roles.index(("b", i)) for i in range(nb)]
    lc = [lhs_roles.index(("c", i)) for i in range(nc)]
    rc = [rhs_roles.index(("c", i)) for i in range(nc)]
    pick = {"batch": "b", "contracting": "c", "non-contracting": "m"}[mode]
    ragged_role = (pick, draw.int(0, {"b": nb, "c": nc, "m": nm}[pick] - 1))
    ragged = [lhs_roles.index(ragged_role)]
    group = [rhs_roles.index(("g", 0))] if mode == "non-contracting" else []
    # group_sizes: [b..., x..., g] or [g]
    dim = ragged[0]
    if mode == "batch":
        prefix_dims = lb[: lb.index(dim)]
    elif mode == "contracting":
        prefix_dims = [*lb, *lc[: lc.index(dim)]]
    else:
        prefix_dims = [*lb, *(i for i in range(dim) if i not in lb and i not in lc)]
    gs = [ls[i] for i in prefix_dims] + [groups] if draw.chance(0.7) else [groups]
    out = [groups] if mode == "contracting" else []
    out += [ls[i] for i in lb]
    out += [ls[i] for i in range(len(ls)) if i not in lb and i not in lc]
    out += [rs[i] for i in range(len(rs)) if i not in rb and i not in rc and i not in group]
    element, gel, rel = draw.pick(["f32", "bf16", "f16", "i8"]), draw.pick(["i64", "i32"]), None
    precision = [] if draw.chance(0.7) else [draw.pick(["DEFAULT", "HIGH", "HIGHEST"]) for _ in range(draw.int(1, 2))]
    result: list[int | None] | None = list(out)
    operands = 3
    # one change now and then
    if draw.chance(0.6):
        what = draw.pick(
            ["size", "size", "ragged", "group", "gs-rank", "gs-shape", "gs-element", "result", "result", "unranked",
             "dims", "dims", "precision", "operands", "result-element"]
        )  # fmt: skip
        if what == "size" and (ls or rs):
            side = draw.pick([x for x in (ls, rs, gs) if x])
            i = draw.int(0, len(side) - 1)
            side[i] = draw.pick([None, 1, (side[i] or 2) + 1, 7])
        elif what == "ragged":
            ragged = draw.pick([[], [dim, dim], [len(ls) + draw.int(0, 2)], [-1], [draw.int(0, max(len(ls) - 1, 0))]])
        elif what == "group":
            group = draw.pick([[], [draw.int(0, len(rs))], [*group, *group], [draw.int(0, max(len(rs) - 1, 0))], [-1]])
        elif what == "gs-rank":
            gs = draw.pick([[], [*gs, 2], [*gs[1:]], [groups, groups]])
        elif what == "gs-shape":
            i = draw.int(0, len(gs) - 1)
            gs[i] = draw.pick([None, (gs[i] or 2) + 1, 1])
        elif what == "gs-element":
            gel = draw.pick(["f32", "i1", "index", "ui32"])
        elif what == "result" and result:
            i = draw.int(0, len(result) - 1)
            result[i] = draw.pick([None, (result[i] or 2) + 1])
            if draw.chance(0.3):
                result = result[:-1] if draw.chance(0.5) else [*result, 2]
        elif what == "unranked":
            result = None
        elif what == "dims":
            target = draw.pick([lb, rb, lc, rc])
            change = draw.pick(["drop", "add", "dup", "range"])
            if change == "drop" and target:
                target.pop()
            elif change == "add":
                target.append(draw.int(0, 3))
            elif change == "dup" and target:
                target.append(target[0])
            else:
                target.append(draw.pick([-1, 5, len(ls)]))
        elif what == "precision":
            precision = ["DEFAULT", "HIGH", "DEFAULT"]
        elif what == "operands":
            operands = 2
        elif what == "result-element":
            rel = draw.pick(["i32", "f64", "complex<f32>"])
    types = [tensor(ls, element), tensor(rs, element), tensor(gs, gel)][:operands]
    result_type = tensor(result, rel or element)
    if prefix == "chlo":
        fields = [
            ("lhs_batching_dimensions", lb), ("rhs_batching_dimensions", rb), ("lhs_contracting_dimensions", lc),
            ("rhs_contracting_dimensions", rc), ("lhs_ragged_dimensions", ragged), ("rhs_group_dimensions", group),
        ]  # fmt: skip
        kept = [(n, v) for n, v in fields if v or draw.chance(0.7)]
        numbers = "#chlo.ragged_dot<" + ", ".join(f"{n} = {_list(v)}" for n, v in kept) + ">"
    else:
        dot = [
            ("lhs_batching_dimensions", lb), ("rhs_batching_dimensions", rb), ("lhs_contracting_dimensions", lc),
            ("rhs_contracting_dimensions", rc),
        ]  # fmt: skip
        dot_text = "#mhlo.dot<" + ", ".join(f"{n} = {_list(v)}" for n, v in dot if v) + ">"
        numbers = (
            f"#mhlo.ragged_dot<dot_dimension_numbers = {dot_text}, lhs_ragged_dimensions = {_list(ragged)}, "
            f"rhs_group_dimensions = {_list(group)}>"
        )
    attrs = f"ragged_dot_dimension_numbers = {numbers}"
    if precision:
        attrs += ", precision_config = [" + ", ".join(f"#{prefix}<precision {p}>" for p in precision) + "]"
    names = [f"%a{i}" for i in range(operands)]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, types, strict=True))
    line = f'%0 = "{prefix}.ragged_dot"({", ".join(names)}) {{{attrs}}} : ({", ".join(types)}) -> {result_type}'
    text = f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"
    return Case(index, f"{prefix}.ragged_dot", text)


def cases(prefix: str, seed: int) -> list[Case]:
    draw = Draw(seed)
    return [ragged_case(draw, i, prefix) for i in range(COUNT)]


def test_chlo_ragged_dot() -> None:
    """``chlo.ragged_dot`` against iree-base-compiler 3.13."""
    made = cases("chlo", SEED)
    assert len(made) >= 2000
    run("chlo.ragged_dot", made, oracle(made), KINDS, ["ods", "ragged", "group sizes", "inferred", "dot numbers"])


def test_mhlo_ragged_dot() -> None:
    """``mhlo.ragged_dot`` against jaxlib 0.10.2's MHLO (its own type constraints: any ranked tensor)."""
    made = cases("mhlo", SEED + 1)
    assert len(made) >= 2000
    run("mhlo.ragged_dot", made, verdicts(made), KINDS, ["ragged", "group sizes", "inferred", "dot numbers"])
