"""Differential test: StableHLO's ``dot_general``/``dot`` (contractions) and ``reduce`` against
iree-base-compiler 3.13.

* **Contractions**: operands of rank 0-4 with ``?`` sizes, batching and contracting dimensions
  drawn from them (right, or one changed, dropped, repeated or out of range, or paired with
  a dimension of another size), precisions (none, two, three), the result inferred or
  changed, in the custom form (``batching_dims = [0] x [0]``) and the generic one
  (``#stablehlo.dot<...>``); ``dot`` on vectors and matrices. Element types are unrelated in
  these ops (quantized ones are not modelled and not drawn).
* **Reduce**: one or two inputs, dimensions right or out of range or repeated, init values
  0-d or not, of the inputs' element types or others, the body's arguments and results
  right or of other types, shapes or counts, the result inferred or changed, in the compact
  form (``applies stablehlo.add``: one input, an inner op the parser takes and an element
  type it verifies), the ``reducer(...)`` form and the generic form.

Compared: the first error's message and line. ``BROADCHECK_HLO_CONTRACT_CASES`` (default
2500), ``BROADCHECK_HLO_REDUCE_CASES`` (default 2500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor

pytestmark = pytest.mark.oracle

CONTRACT_COUNT = int(os.environ.get("BROADCHECK_HLO_CONTRACT_CASES", 2500))
REDUCE_COUNT = int(os.environ.get("BROADCHECK_HLO_REDUCE_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

Dims = tuple[int | None, ...]


def func(args: list[str], body: list[str]) -> str:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return "func.func @f(" + params + ") {\n" + "\n".join("  " + b for b in body) + "\n  return\n}\n"


def lst(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


# ---------------------------------------------------------------- contractions


def change(draw: Draw, values: list[int], top: int) -> list[int]:
    out = list(values)
    r = draw.rng.random()
    if r < 0.25 and out:
        out.pop()
    elif r < 0.5:
        out.append(draw.int(-1, top))
    elif out:
        out[draw.rng.randrange(len(out))] = draw.int(-1, top)
    return out


def dot_general_case(draw: Draw, index: int) -> Case:
    e = draw.pick(["f32", "bf16", "i8", "f16"])
    batch = draw.pick([0, 0, 1, 1, 2])
    contract = draw.pick([0, 1, 1, 1, 2])
    free_l, free_r = draw.pick([0, 1, 1, 2]), draw.pick([0, 1, 1, 2])
    sizes = {k: draw.dim(0.1) for k in range(batch + contract)}
    lhs_dims = (
        [("b", i) for i in range(batch)] + [("c", i) for i in range(contract)] + [("l", i) for i in range(free_l)]
    )
    rhs_dims = (
        [("b", i) for i in range(batch)] + [("c", i) for i in range(contract)] + [("r", i) for i in range(free_r)]
    )
    draw.rng.shuffle(lhs_dims)
    draw.rng.shuffle(rhs_dims)
    free = {("l", i): draw.dim(0.1) for i in range(free_l)} | {("r", i): draw.dim(0.1) for i in range(free_r)}

    def size(d: tuple[str, int]) -> int | None:
        return sizes[d[1] if d[0] == "b" else batch + d[1]] if d[0] in "bc" else free[d]

    lhs = [size(d) for d in lhs_dims]
    rhs = [size(d) for d in rhs_dims]
    lb = [lhs_dims.index(("b", i)) for i in range(batch)]
    rb = [rhs_dims.index(("b", i)) for i in range(batch)]
    lc = [lhs_dims.index(("c", i)) for i in range(contract)]
    rc = [rhs_dims.index(("c", i)) for i in range(contract)]
    out = [lhs[i] if lhs[i] is not None else rhs[j] for i, j in zip(lb, rb, strict=True)]
    out += [lhs[i] for i in range(len(lhs)) if i not in lb and i not in lc]
    out += [rhs[i] for i in range(len(rhs)) if i not in rb and i not in rc]
    if draw.chance(0.08) and rhs:
        i = draw.rng.randrange(len(rhs))
        rhs[i] = (rhs[i] or 2) + 1
    if draw.chance(0.12):
        which = draw.pick(["lb", "rb", "lc", "rc"])
        top = len(lhs) if which[0] == "l" else len(rhs)
        changed = change(draw, {"lb": lb, "rb": rb, "lc": lc, "rc": rc}[which], top)
        lb, rb, lc, rc = (changed if which == k else v for k, v in (("lb", lb), ("rb", rb), ("lc", lc), ("rc", rc)))
    result = draw.vary(tuple(out), 0.3)
    result_e = e if draw.chance(0.9) else draw.pick(["f64", "i32"])
    precision = draw.pick([None, None, ["DEFAULT", "DEFAULT"], ["HIGH", "HIGHEST"], ["DEFAULT", "HIGH", "HIGHEST"], []])
    lt, rt, ot = tensor(tuple(lhs), e), tensor(tuple(rhs), draw.pick([e, e, "f32"])), tensor(result, result_e)
    sig = f"({lt}, {rt}) -> {ot}"
    if draw.chance(0.5):
        parts = []
        if lb or rb:
            parts.append(f"batching_dims = {lst(lb)} x {lst(rb)}")
        parts.append(f"contracting_dims = {lst(lc)} x {lst(rc)}")  # the custom form always has it
        if precision is not None and precision:
            parts.append(f"precision = [{', '.join(precision)}]")
        text = f"%0 = stablehlo.dot_general %a0, %a1, {', '.join(parts)} : {sig}" if parts else None
        if text is not None:
            return Case(index, "dot_general", func([lt, rt], [text]))
    fields = [
        f"lhs_batching_dimensions = {lst(lb)}" if lb else "",
        f"rhs_batching_dimensions = {lst(rb)}" if rb else "",
        f"lhs_contracting_dimensions = {lst(lc)}" if lc else "",
        f"rhs_contracting_dimensions = {lst(rc)}" if rc else "",
    ]
    attrs = (
        [f"dot_dimension_numbers = #stablehlo.dot<{', '.join(f for f in fields if f)}>"] if draw.chance(0.97) else []
    )
    if precision is not None:
        attrs.append("precision_config = [" + ", ".join(f"#stablehlo<precision {p}>" for p in precision) + "]")
    body = f'%0 = "stablehlo.dot_general"(%a0, %a1) {{{", ".join(attrs)}}} : {sig}'
    return Case(index, "dot_general", func([lt, rt], [body]))


def dot_case(draw: Draw, index: int) -> Case:
    e = draw.pick(["f32", "i32", "bf16"])
    rl, rr = draw.pick([1, 2, 2, 1, 0, 3]), draw.pick([1, 2, 2, 1])
    k = draw.dim(0.1)
    lhs = [draw.dim(0.1) for _ in range(rl - 1)] + [k] if rl else []
    rhs = [k] + [draw.dim(0.1) for _ in range(rr - 1)]
    if draw.chance(0.1) and rhs:
        rhs[0] = (rhs[0] or 2) + 1
    out = ([lhs[0]] if rl == 2 else []) + ([rhs[1]] if rr == 2 else [])
    result = draw.vary(tuple(out), 0.3)
    lt, rt, ot = tensor(tuple(lhs), e), tensor(tuple(rhs), e), tensor(result, e)
    precision = draw.pick(["", "", ", precision = [DEFAULT, HIGH]", ", precision = [DEFAULT, HIGH, HIGHEST]"])
    return Case(index, "dot", func([lt, rt], [f"%0 = stablehlo.dot %a0, %a1{precision} : ({lt}, {rt}) -> {ot}"]))


CONTRACT_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("attributes", r"requires attribute"),
    ("precision", r"precision config"),
    ("counts of dimensions", r"same number of (batching|contracting) dimensions"),
    ("duplicated", r"duplicated dimension"),
    ("range", r"is out of range"),
    ("sizes", r"dimension sizes must match"),
    ("ranks", r"ranks to be either 1 or 2"),
    ("inferred shape", r"inferred shape"),
]


@pytest.fixture(scope="module")
def contract_cases() -> list[Case]:
    draw = Draw(SEED + 4)
    return [(dot_general_case if i % 4 else dot_case)(draw, i) for i in range(CONTRACT_COUNT)]


def test_broadcheck_matches_stablehlo_contractions(contract_cases: list[Case]) -> None:
    """broadcheck's first error is StableHLO's (message and line) on every dot_general and dot."""
    assert len(contract_cases) >= 2000
    wanted = [k for k, _ in CONTRACT_KINDS if k not in ("type constraint", "attributes")]
    run("StableHLO contractions", contract_cases, oracle(contract_cases), CONTRACT_KINDS, wanted)


# ---------------------------------------------------------------- reduce


def reduce_case(draw: Draw, index: int) -> Case:
    n = 1 if draw.chance(0.75) else 2
    shape, _ = draw.bounded(draw.shape(draw.pick([1, 2, 2, 3])))
    shape = tuple(shape)
    elements = [draw.pick(["f32", "f32", "i32", "bf16", "i8"]) for _ in range(n)]
    inputs = [tensor(shape if i == 0 or draw.chance(0.9) else draw.vary(shape, 1.0), elements[i]) for i in range(n)]
    dims = sorted(draw.rng.sample(range(len(shape)), draw.int(0, len(shape))))
    if draw.chance(0.1):
        dims = change(draw, dims, len(shape) + 1)
    kept = tuple(s for i, s in enumerate(shape) if i not in dims)

    def elem_or_other(e: str) -> str:
        return e if draw.chance(0.9) else draw.pick(["f64", "i64", "i16", "f16", "i32"])

    # now and then the body works on non-scalars throughout: its arguments' shapes are then judged
    # against the result's
    body = () if draw.chance(0.9) else draw.pick([(1,), (2,), (5,), (1, 1), (3, 2)])
    inits = [tensor(body, elem_or_other(e)) if draw.chance(0.95) else tensor((1,), e) for e in elements]
    accs = [elem_or_other(e) if draw.chance(0.5) else e for e in elements]
    args = [tensor(body, a) if draw.chance(0.96) else tensor((draw.pick([1, 2, 5]),), a) for a in accs]
    args += [tensor(body, elem_or_other(a)) if draw.chance(0.96) else tensor((2,), a) for a in accs]
    if draw.chance(0.04):
        args = args[:-1] if draw.chance(0.5) else [*args, args[0]]
    picks = list(range(n))
    if draw.chance(0.06):
        picks = [draw.int(0, len(args) - 1) for _ in range(draw.pick([n, n + 1, max(n - 1, 1)]))]
    yields = [args[p] for p in picks if p < len(args)]
    results = [tensor(draw.vary(kept, 0.25), elem_or_other(accs[i] if i < len(accs) else accs[0])) for i in range(n)]
    operands = [*inputs, *inits]
    out = results[0] if n == 1 else "(" + ", ".join(results) + ")"
    bind = "%0" if n == 1 else f"%0:{n}"
    sig = f"({', '.join(operands)}) -> {out}"
    pairs = ", ".join(f"(%a{i} init: %a{n + i})" for i in range(n))
    form = draw.rng.random()
    compact = n == 1 and elements[0] != "i1" and draw.chance(0.7)
    if form < 0.45 and compact:
        inner = draw.pick(["add", "maximum", "minimum", "multiply"])
        dims_text = lst(dims)
        return Case(
            index,
            "reduce",
            func(
                operands,
                [f"{bind} = stablehlo.reduce{pairs} applies stablehlo.{inner} across dimensions = {dims_text} : {sig}"],
            ),
        )
    names = [f"%x{i}" for i in range(len(args))]
    ret = (
        f"stablehlo.return {', '.join(names[p] for p in picks if p < len(args))} : {', '.join(yields)}"
        if yields
        else "stablehlo.return"
    )
    if form < 0.75 and len(args) == 2 * n:
        groups = " ".join(f"({names[i]}: {args[i]}, {names[n + i]}: {args[n + i]})" for i in range(n))
        # the printer writes the pairs: (lhs_i, rhs_i) for each input i
        head = f"{bind} = stablehlo.reduce{pairs} across dimensions = {lst(dims)} : {sig}"
        return Case(index, "reduce", func(operands, [head, f" reducer{groups} {{", f"   {ret}", "  }"]))
    block = ", ".join(f"{names[i]}: {args[i]}" for i in range(len(args)))
    body = [
        f'{bind} = "stablehlo.reduce"({", ".join(f"%a{i}" for i in range(2 * n))}) ({{',
        f"  ^bb0({block}):",
        f"    {ret}",
        f"  }}) {{dimensions = array<i64{': ' if dims else ''}{', '.join(map(str, dims))}>}} : {sig}",
    ]
    return Case(index, "reduce", func(operands, body))


REDUCE_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("inputs", r"compatible shapes. Shape at input-index"),
    ("dimensions", r"Out-of-bounds dimension|Duplicate reduction dimension"),
    ("body parameters", r"must take \d+ parameters"),
    ("body results", r"must produce|return some value"),
    ("body types", r"reduction-region's parameter at index"),
    ("init values", r"differs from the op's corresponding init-value|promotable from the op's corresponding"),
    ("body arguments", r"reduction-region's argument at index"),
    ("inferred type", r"inferred type\(s\)"),
]


@pytest.fixture(scope="module")
def reduce_cases() -> list[Case]:
    draw = Draw(SEED + 5)
    return [reduce_case(draw, i) for i in range(REDUCE_COUNT)]


def test_broadcheck_matches_stablehlo_reduce(reduce_cases: list[Case]) -> None:
    """broadcheck's first error is StableHLO's (message and line) on every reduce, in its three forms."""
    assert len(reduce_cases) >= 2000
    wanted = [k for k, _ in REDUCE_KINDS if k != "type constraint"]
    run("StableHLO reduce", reduce_cases, oracle(reduce_cases), REDUCE_KINDS, wanted)
