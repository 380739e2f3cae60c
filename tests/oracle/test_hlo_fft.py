"""Differential test: ``stablehlo.fft`` against iree-base-compiler 3.13 and ``mhlo.fft`` against
jaxlib 0.10.2 (issue 29).

Random FFTs of each type (FFT, IFFT, RFFT, IRFFT) on operands of rank 0-4 (sizes static or
``?``; elements f16, f32, f64, complex<f32>, complex<f64>) with 0-4 FFT lengths, mostly taken
from the operand's innermost sizes (for IRFFT, the last one ``2 * n - 2`` or so), now and then
another; the result is the inferred type, or that type changed (a size, the element type).
StableHLO's cases are written in the generic form or the custom one (``type = FFT, length =
[...]``); MHLO's in its generic form with ``dense<[...]> : tensor<Nxi64>`` lengths (or a splat).
Compared: the first error's message and line. ``BROADCHECK_FFT_CASES`` per dialect (default
2500), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os

import pytest

from .hlo_campaign import Case, Draw, module, oracle, run, tensor
from .test_mhlo_structural import verdicts

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_FFT_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

KINDS = [
    ("rank", r"rank must|operand rank"),
    ("element", r"requires f32 or f64|take a complex tensor"),
    ("lengths", r"compatible with fft_length"),
    ("inferred", r"inferred type"),
    ("ods", r"must be |failed to satisfy|requires attribute"),
]


def fft_case(draw: Draw, index: int, dialect: str) -> Case:
    kind = draw.pick(["FFT", "IFFT", "RFFT", "IRFFT"])
    real = draw.pick(["f32", "f64"])
    element = f"complex<{real}>" if kind != "RFFT" else real
    if draw.chance(0.12):
        element = draw.pick(["f16", "f32", "complex<f32>", "f64"])
    shape = list(draw.shape(draw.pick([0, 1, 1, 2, 2, 3, 4])))
    rank = draw.pick([1, 1, 1, 2, 2, 3]) if draw.chance(0.92) else draw.pick([0, 4])
    inner = shape[len(shape) - rank :] if rank <= len(shape) else list(shape)
    lengths = [d if d is not None else draw.int(1, 5) for d in inner]
    lengths += [draw.int(1, 5) for _ in range(rank - len(lengths))]
    if kind == "IRFFT" and lengths:
        last = inner[-1] if inner else None
        lengths[-1] = draw.pick([2 * last - 2, 2 * last - 1]) if last else draw.int(0, 6)
    if lengths and draw.chance(0.12):
        i = draw.int(0, len(lengths) - 1)
        lengths[i] = lengths[i] + draw.pick([1, 2])
    out_shape = list(shape)
    if shape and lengths and kind == "RFFT" and lengths[-1] != 0:
        out_shape[-1] = lengths[-1] // 2 + 1
    if shape and lengths and kind == "IRFFT":
        out_shape[-1] = lengths[-1]
    base = element[len("complex<") : -1] if element.startswith("complex<") else element
    out_element = f"complex<{base}>" if kind == "RFFT" else (base if kind == "IRFFT" else element)
    r = draw.rng.random()
    if r < 0.12 and out_shape:
        i = draw.int(0, len(out_shape) - 1)
        out_shape[i] = (out_shape[i] or 2) + 1
    elif r < 0.2:
        out_element = draw.pick(["f32", "complex<f32>", "f64"])
    elif r < 0.27 and out_shape:
        out_shape[draw.int(0, len(out_shape) - 1)] = None
    operand, result = tensor(shape, element), tensor(out_shape, out_element)
    custom = dialect == "stablehlo" and draw.chance(0.3)
    items = ", ".join(map(str, lengths))

    def line(names: list[str]) -> str:
        sig = f"({operand}) -> {result}"
        if custom:
            return f"%0 = stablehlo.fft {names[0]}, type = {kind}, length = [{items}] : {sig}"
        if dialect == "stablehlo":
            length = f"array<i64{': ' + items if lengths else ''}>"
        elif lengths and len(set(lengths)) == 1 and len(lengths) > 1 and draw.chance(0.5):
            length = f"dense<{lengths[0]}> : tensor<{len(lengths)}xi64>"
        else:
            length = f"dense<[{items}]> : tensor<{len(lengths)}xi64>" if lengths else "dense<> : tensor<0xi64>"
        attrs = f"fft_type = #{dialect}<fft_type {kind}>, fft_length = {length}"
        return f'%0 = "{dialect}.fft"({names[0]}) {{{attrs}}} : {sig}'

    return Case(index, f"{dialect}.fft", module([operand], line))


def _cases(dialect: str, seed: int) -> list[Case]:
    draw = Draw(seed)
    return [fft_case(draw, i, dialect) for i in range(COUNT)]


def _apart(expected: list[str]) -> list[str]:
    """The ODS's own constraints (an operand or result type outside ``HLO_FpOrComplexTensor``,
    an attribute's form): broadcheck passes such ops over and must say nothing."""
    return ["ok" if ("must be " in v and "#0 must be" in v) or "failed to satisfy" in v else v for v in expected]


def test_stablehlo_fft_against_iree() -> None:
    cases = _cases("stablehlo", SEED + 80)
    assert len(cases) >= 2000
    run("stablehlo.fft", cases, _apart(oracle(cases)), KINDS, ["rank", "element", "lengths", "inferred"])


def test_mhlo_fft_against_jaxlib() -> None:
    cases = _cases("mhlo", SEED + 81)
    assert len(cases) >= 2000
    run("mhlo.fft", cases, _apart(verdicts(cases)), KINDS, ["rank", "element", "lengths", "inferred"])
