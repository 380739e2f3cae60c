"""Differential test: MHLO's last ops against jaxlib 0.10.2's MHLO (issue 29, task hlo).

* ``dynamic_conv``: no verifier, its ODS only. Random generic forms: three operands (now and then
  two or four) of random ranks and element types (unranked tensors, vectors, scalars, tokens now and
  then), one result (now and then none or two), the required attributes (each now and then missing),
  the group counts of several values and integer types, the optional i64 elements attributes in
  several forms (``dense<..> : tensor<Nxi64>``, a splat, ``i32`` elements, ``array<i64: ..>``, an
  integer), ``window_reversal``, ``precision_config`` (0 to 3 entries, or not precisions), and a
  ``dimension_numbers`` that is not one now and then.

Compared: the first error's message and line. ``BROADCHECK_MHLO_LAST_CASES`` per family (default
2000), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os
import re

import pytest

from .hlo_campaign import Case, Draw, run, tensor
from .test_mhlo_structural import verdicts

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_MHLO_LAST_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))

ELEMENTS = ["f32", "f16", "bf16", "i32", "i8", "i1", "complex<f32>", "ui8", "f64"]
ODD = ["index", "tf32", "i3"]


def _type(draw: Draw) -> str:
    r = draw.rng.random()
    if r < 0.04:
        return tensor(None, draw.pick(ELEMENTS))
    if r < 0.06:
        return draw.pick(["f32", "vector<2xf32>", "!mhlo.token"])  # (a tuple's text is not worded: passed over)
    element = draw.pick(ELEMENTS) if draw.chance(0.95) else draw.pick(ODD)
    return tensor(draw.shape(draw.pick([0, 1, 2, 3, 4, 4])), element)


def _count(draw: Draw, value: int) -> str:
    n = draw.pick([1, 1, 1, 2, 3]) if draw.chance(0.93) else draw.pick([0, -1])
    suffix = draw.pick([" : i64", " : i64", ""]) if draw.chance(0.9) else draw.pick([" : i32", " : ui64", ".0 : f32"])
    if suffix == " : ui64":
        n = abs(n)  # (a negative unsigned literal is the literal parser's error, not the op's)
    return f"{n}{suffix}"


def _i64s(draw: Draw) -> str:
    n = draw.int(1, 3)
    values = ", ".join(str(draw.int(0, 3)) for _ in range(n))
    form = draw.pick(["dense", "splat"]) if draw.chance(0.8) else draw.pick(["i32", "array", "int"])
    if form == "dense":
        return f"dense<[{values}]> : tensor<{n}xi64>"
    if form == "splat":
        return f"dense<1> : tensor<{n}x{draw.pick(['2x', ''])}i64>".replace("x2x", "x2x")
    if form == "i32":
        return f"dense<[{values}]> : tensor<{n}xi32>"
    if form == "array":
        return f"array<i64: {values}>"
    return "1 : i64"


def dynamic_conv_case(draw: Draw, index: int) -> Case:
    """One generic ``mhlo.dynamic_conv`` (see the module's docstring)."""
    n_operands = 3 if draw.chance(0.93) else draw.pick([2, 4])
    operands = [_type(draw) for _ in range(n_operands)]
    results = [_type(draw)] if draw.chance(0.95) else draw.pick([[], [_type(draw), _type(draw)]])
    attrs: list[tuple[str, str]] = []
    conv = "#mhlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>" if draw.chance(0.95) else draw.pick(["3", '"conv"'])
    for name, text in (
        ("batch_group_count", _count(draw, 1)),
        ("feature_group_count", _count(draw, 1)),
        ("dimension_numbers", conv),
    ):
        if draw.chance(0.95):
            attrs.append((name, text))
    for name in ("window_strides", "padding", "lhs_dilation", "rhs_dilation"):
        if draw.chance(0.3):
            attrs.append((name, _i64s(draw)))
    if draw.chance(0.2):
        attrs.append(("window_reversal", "dense<false> : tensor<2xi1>"))
    if draw.chance(0.25):
        if draw.chance(0.9):
            items = [f"#mhlo<precision {draw.pick(['DEFAULT', 'HIGH', 'HIGHEST'])}>" for _ in range(draw.int(0, 3))]
        else:
            items = ["1"]
        attrs.append(("precision_config", "[" + ", ".join(items) + "]"))
    draw.rng.shuffle(attrs)
    names = [f"%a{i}" for i in range(n_operands)]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
    attr_text = "{" + ", ".join(f"{k} = {v}" for k, v in attrs) + "}"
    result_text = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    defined = "%0 = " if len(results) == 1 else "%0:2 = " if results else ""
    line = f'{defined}"mhlo.dynamic_conv"({", ".join(names)}) {attr_text} : ({", ".join(operands)}) -> {result_text}'
    text = f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"
    return Case(index, "mhlo.dynamic_conv", text)


KINDS = [
    ("counts", r"operands, but found|requires one result|results, but found"),
    ("required attribute", r"requires attribute"),
    ("attribute constraint", r"failed to satisfy constraint"),
    ("type constraint", r"#\d+ must be "),
    ("parser", r"expected|invalid|unknown|custom op"),
]


def test_mhlo_dynamic_conv() -> None:
    """``mhlo.dynamic_conv``'s ODS against jaxlib."""
    draw = Draw(SEED + 70)
    cases = [dynamic_conv_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    run(
        "mhlo.dynamic_conv",
        cases,
        verdicts(cases),
        KINDS,
        ["counts", "required attribute", "attribute constraint", "type constraint"],
    )


def _fusion_type(draw: Draw) -> str:
    r = draw.rng.random()
    if r < 0.04:
        return tensor(None, "f32")
    if r < 0.1:
        return f"tuple<{tensor((draw.int(1, 3),), 'f32')}, {tensor((2,), 'i32')}>"
    return tensor(draw.shape(draw.pick([0, 1, 1, 2])), draw.pick(["f32", "i32", "bf16"]))


def fusion_case(draw: Draw, index: int) -> Case:
    """One generic ``mhlo.fusion``: random operands and results (ranked tensors, now and then a tuple or
    an unranked tensor), 0-2 output-operand aliases (operand indices in and out of range, tuple indices
    into tuples and not, parts of equal and other types), a ``fusion_kind`` now and then, a region of one
    block (now and then none or two)."""
    operands = [_fusion_type(draw) for _ in range(draw.int(0, 3))]
    results = [_fusion_type(draw) for _ in range(draw.pick([1, 1, 1, 2, 0]))]
    if operands and results and draw.chance(0.5):  # (an alias that may hold)
        results[0] = draw.pick(operands)
    aliases = []
    # (no alias without results: jaxlib reads the first result unchecked, and crashes)
    for _ in range(draw.pick([0, 1, 1, 1, 2]) if results else 0):
        index = draw.int(0, len(operands)) if draw.chance(0.85) else draw.pick([-1, len(operands) + 2])
        out_idx = [] if draw.chance(0.7) else [draw.pick([0, 1, 2, -1])]
        in_idx = [] if draw.chance(0.8) else [draw.pick([0, 1, 5])]
        aliases.append(
            f"#mhlo.output_operand_alias<output_tuple_indices = [{', '.join(map(str, out_idx))}], "
            f"operand_index = {index}, operand_tuple_indices = [{', '.join(map(str, in_idx))}]>"
        )
    attrs = []
    if aliases:
        attrs.append(f"output_operand_aliases = [{', '.join(aliases)}]")
    if draw.chance(0.3):
        attrs.append(f"fusion_kind = #mhlo<fusion_kind {draw.pick(['kLoop', 'kInput', 'kOutput', 'kCustom'])}>")
    names = [f"%a{i}" for i in range(len(operands))]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
    blocks = draw.pick([1, 1, 1, 1, 1, 1, 1, 1, 0, 2])
    body = []
    for b in range(blocks):
        if blocks > 1:
            body.append(f"  ^bb{b}:")
        body.append('    "mhlo.return"() : () -> ()')
    head = "%0 = " if len(results) == 1 else f"%0:{len(results)} = " if results else ""
    result_text = results[0] if len(results) == 1 else f"({', '.join(results)})"
    attr_text = " {" + ", ".join(attrs) + "}" if attrs else ""
    lines = [
        f"func.func @f({args}) {{",
        f'  {head}"mhlo.fusion"({", ".join(names)}) ({{',
        *body,
        f"  }}){attr_text} : ({', '.join(operands)}) -> {result_text}",
        "  return",
        "}",
    ]
    return Case(index, "mhlo.fusion", "\n".join(lines) + "\n")


FUSION_KINDS = [
    ("passed over", "^$"),
    ("operand index", r"operandIndex"),
    ("tuple indices", r"tuple_indices"),
    ("shapes", r"shapes mismatch"),
]
FUSION_APART = re.compile(r"#\d+ must be |failed to verify constraint: region with 1 blocks|failed to satisfy")


def test_mhlo_fusion() -> None:
    """``mhlo.fusion``'s verifier (its output-operand aliases) against jaxlib; its ODS words and region
    constraint (MHLO's own words, or an empty region) are passed over and must give nothing."""
    draw = Draw(SEED + 71)
    cases = [fusion_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    expected = verdicts(cases)
    apart = sum(1 for v in expected if FUSION_APART.search(v))
    expected = ["ok" if FUSION_APART.search(v) else v for v in expected]
    run("mhlo.fusion", cases, expected, FUSION_KINDS, ["operand index", "tuple indices", "shapes"])
    print(f"mhlo.fusion: {apart} cases worded apart or with an empty region (passed over, as required)")
