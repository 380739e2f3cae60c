"""Differential test: ``stablehlo.convolution`` against iree-base-compiler 3.13.

Random convolutions of 1-3 spatial dimensions with random layouts (``[b, 0, 1, f]x[0, 1, i,
o]->[b, 0, 1, f]`` in any order), ``?`` sizes, feature and batch group counts (right, wrong
or both above 1), the kernel's features right or not, strides, paddings (negative too),
base and window dilations (zero too), window attributes of the wrong length, precisions,
element types mixed now and then, ranks that do not fit the layout, the result inferred or
changed; in the custom form (``window = {...}``) and the generic form (``window_strides``,
``padding = dense<...> : tensor<Nx2xi64>``, ...). Compared: the first error's message and
line. ``BROADCHECK_HLO_CONV_CASES`` (default 2500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_HLO_CONV_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))


def layout(draw: Draw, a: str, b: str, spatial: int) -> list[str]:
    items = [a, b, *map(str, range(spatial))]
    draw.rng.shuffle(items)
    return items


def conv_case(draw: Draw, index: int) -> Case:
    s = draw.pick([1, 2, 2, 2, 3])
    ilay, klay, olay = layout(draw, "b", "f", s), layout(draw, "i", "o", s), layout(draw, "b", "f", s)
    fgc = draw.pick([1, 1, 1, 2, 3])
    bgc = draw.pick([1, 1, 1, 2]) if fgc == 1 or draw.chance(0.05) else 1
    batch = draw.pick([1, 2, 4, 6, None]) if draw.chance(0.95) else 3
    cin = fgc * draw.pick([1, 2, 3]) if draw.chance(0.95) else draw.pick([5, 7])
    cout = bgc * fgc * draw.pick([1, 2]) if draw.chance(0.95) else draw.pick([3, 5])
    kin = cin // fgc if draw.chance(0.93) else cin + 1
    spatial_in = [draw.pick([1, 3, 4, 5, 8, None]) for _ in range(s)]
    kernel = [draw.pick([1, 2, 3]) if draw.chance(0.97) else draw.pick([0, None]) for _ in range(s)]
    strides = [draw.pick([1, 1, 2]) if draw.chance(0.97) else 0 for _ in range(s)]
    pads = [(draw.pick([0, 0, 1, 2, -1]), draw.pick([0, 0, 1, 2])) for _ in range(s)]
    lhs_d = [draw.pick([1, 1, 2]) if draw.chance(0.98) else 0 for _ in range(s)]
    rhs_d = [draw.pick([1, 1, 2]) if draw.chance(0.98) else 0 for _ in range(s)]
    sizes = {"b": batch, "f": cin}
    lhs = [sizes[x] if x in sizes else spatial_in[int(x)] for x in ilay]
    ksizes = {"i": kin, "o": cout}
    rhs = [ksizes[x] if x in ksizes else kernel[int(x)] for x in klay]
    out_spatial = []
    for i in range(s):
        base, k = spatial_in[i], kernel[i]
        if base is None or k is None or k <= 0 or strides[i] <= 0 or lhs_d[i] <= 0 or rhs_d[i] <= 0:
            out_spatial.append(None)
            continue
        dilated = 0 if base == 0 else (base - 1) * lhs_d[i] + 1
        padded = pads[i][0] + dilated + pads[i][1]
        window = 0 if k == 0 else (k - 1) * rhs_d[i] + 1
        out_spatial.append(0 if padded <= 0 or window > padded else (padded - window) // strides[i] + 1)
    osizes = {"b": None if batch is None else batch // bgc, "f": cout}
    out = [osizes[x] if x in osizes else out_spatial[int(x)] for x in olay]
    if draw.chance(0.04):  # a rank the layout does not describe
        lhs, rhs = [*lhs, 1], [*rhs, 1]
    e = draw.pick(["f32", "f32", "bf16", "f16"])
    lt = tensor(tuple(lhs), e)
    rt = tensor(tuple(rhs), e if draw.chance(0.95) else draw.pick(["f64", "i32"]))
    ot = tensor(draw.vary(tuple(out), 0.25), e)
    dims = f"[{', '.join(ilay)}]x[{', '.join(klay)}]->[{', '.join(olay)}]"
    if draw.chance(0.03):  # another number of spatial dimensions in the output's layout
        olay_more = [*olay, str(s)]
        dims = f"[{', '.join(ilay)}]x[{', '.join(klay)}]->[{', '.join(olay_more)}]"
    counts = f"batch_group_count = {bgc} : i64, feature_group_count = {fgc} : i64"
    precision = draw.pick(["", "", ", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]",
                           ", precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>, #stablehlo<precision HIGH>]"])  # fmt: skip

    def wrong(values: list[object]) -> list[object]:
        return [*values, values[0]] if draw.chance(0.03) and values else values

    strides_w, lhs_w, rhs_w = wrong(list(strides)), wrong(list(lhs_d)), wrong(list(rhs_d))
    pads_w = wrong(list(pads))
    sig = f"({lt}, {rt}) -> {ot}"

    def text(values: list[object]) -> str:
        return "[" + ", ".join(map(str, values)) + "]"

    if draw.chance(0.55):
        parts = []
        if draw.chance(0.9):
            parts.append(f"stride = {text(strides_w)}")
        if draw.chance(0.9):
            parts.append("pad = [" + ", ".join(f"[{a}, {b}]" for a, b in pads_w) + "]")  # type: ignore[misc]
        if draw.chance(0.8):
            parts.append(f"lhs_dilate = {text(lhs_w)}")
        if draw.chance(0.8):
            parts.append(f"rhs_dilate = {text(rhs_w)}")
        line = (
            f"%0 = stablehlo.convolution(%a0, %a1) dim_numbers = {dims}, window = {{{', '.join(parts)}}} "
            f"{{{counts}{precision}}} : {sig}"
        )
    else:
        attrs = [f"dimension_numbers = #stablehlo.conv<{dims}>", counts]
        if draw.chance(0.85):
            attrs.append(f"window_strides = array<i64: {', '.join(map(str, strides_w))}>")
        if draw.chance(0.85):
            rows = ", ".join(f"[{a}, {b}]" for a, b in pads_w)  # type: ignore[misc]
            attrs.append(f"padding = dense<[{rows}]> : tensor<{len(pads_w)}x2xi64>")
        if draw.chance(0.7):
            attrs.append(f"lhs_dilation = array<i64: {', '.join(map(str, lhs_w))}>")
        if draw.chance(0.7):
            attrs.append(f"rhs_dilation = array<i64: {', '.join(map(str, rhs_w))}>")
        line = f'%0 = "stablehlo.convolution"(%a0, %a1) {{{", ".join(attrs)}{precision}}} : {sig}'
        if draw.chance(0.4):  # the properties form JAX's generic print writes
            line = f'%0 = "stablehlo.convolution"(%a0, %a1) <{{{", ".join(attrs)}{precision}}}> : {sig}'
    body = f"func.func @f(%a0: {lt}, %a1: {rt}) {{\n  {line}\n  return\n}}\n"
    return Case(index, "convolution", body)


KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("ranks", r"convolution arguments to have"),
    ("elements", r"compatible element type"),
    ("dimension numbers", r"spatial-dimensions|dimension-numbers"),
    ("groups", r"group_count"),
    ("precision", r"precision config"),
    ("window", r"window dimensions|window to have positive"),
    ("inferred shape", r"inferred shape"),
]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    draw = Draw(SEED + 6)
    return [conv_case(draw, i) for i in range(COUNT)]


def test_broadcheck_matches_stablehlo_convolution(cases: list[Case]) -> None:
    """broadcheck's first error is StableHLO's (message and line) on every convolution."""
    assert len(cases) >= 2000
    run("StableHLO convolution", cases, oracle(cases), KINDS, [k for k, _ in KINDS if k != "type constraint"])
