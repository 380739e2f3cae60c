"""Differential test: StableHLO and CHLO ops broadcheck checks, against iree-base-compiler 3.13.

Two campaigns, each of random single-op modules from a seeded stream:

* **StableHLO**: every op of :data:`broadcheck.semantics.stablehlo.OPS` (the elementwise ops,
  ``compare``, ``select``, ``clamp``), ``broadcast_in_dim`` and ``dynamic_broadcast_in_dim``.
  Shapes of rank 0-3 over sizes 1/2/3/?, now and then 0 or 5, bounded ``?`` sizes
  (``#stablehlo.bounds<...>``), unranked tensors, vectors, builtin scalars; operand shapes
  mostly equal, else one size or the rank changed; results right or wrong; the op's natural
  element types, other ones it does or does not take (``index``, ``si32``, ``tf32``,
  ``complex<f16>``) and per-tensor quantized types; an operand or result too many now and
  then; ``broadcast_dimensions`` right or wrong (size, duplicates, range) and expansion hints.
  Compared: verdict and first error message, under ``--profile llvm`` and ``spec``.
  (Never a per-axis quantized result of ``dynamic_broadcast_in_dim`` for another operand: the tool
  crashes on it.)
* **CHLO**: every ``chlo.broadcast_*`` op of the table. Shapes that broadcast (NumPy or XLA
  style) or not, with and without ``broadcast_dimensions`` (identity, XLA-legal, illegal;
  never negative: the tool reads out of bounds and crashes on them), bounded sizes, element
  types mixed now and then. Compared: verdict and first *error* (CHLO errors only; broadcheck's
  lint warnings are counted, not compared).

The oracle's first error is its first diagnostic located at the op: CHLO's type inference
also prints ``incompatible shapes for broadcasting 2 and 3`` at an operand's definition
(even when the op verifies), which broadcheck reports as the lint BC560 instead.

Run by ``make oracle`` only; FAILS (never skips) when IREE is missing. Knobs:
``BROADCHECK_STABLEHLO_CASES`` (default 6000), ``BROADCHECK_CHLO_CASES`` (default 4000),
``BROADCHECK_STABLEHLO_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from broadcheck.semantics.stablehlo import OPS
from broadcheck.semantics.xla import CHLO_OPS

from . import common
from .common import IREE_IMPORT_ERROR as _IREE_IMPORT_ERROR
from .common import ir as _ir

pytestmark = pytest.mark.oracle


STABLEHLO_COUNT = int(os.environ.get("BROADCHECK_STABLEHLO_CASES", 6000))
CHLO_COUNT = int(os.environ.get("BROADCHECK_CHLO_CASES", 4000))
SEED = int(os.environ.get("BROADCHECK_STABLEHLO_SEED", 20261016))
SHOW = 15

Dim = int | None
Shape = tuple[Dim, ...] | None

QUANT = [
    "!quant.uniform<i8:f32, 0.5>",
    "!quant.uniform<i8:f32, 2.0:3>",
    "!quant.uniform<u8:f32, 0.25:128>",
    "!quant.uniform<i16:f32, 1.0>",
    "!quant.uniform<i8<-127:127>:f32, 0.5>",
    "!quant.uniform<i8:bf16, 0.5>",
    "!quant.uniform<i8:f32, 0.7>",
    "!quant.uniform<i8:f32:0, {0.5:1,0.25}>",
    "!quant.uniform<i8:f32:1, {0.5,0.7:-2}>",
]
FLOATS = ["f32", "f16", "bf16", "f64", "f8E4M3FN"]
INTS = ["i8", "i16", "i32", "i64", "ui8", "ui32", "i4"]
OTHERS = ["index", "si32", "tf32", "complex<f16>", "i3", "f80"]
# The element types each op is meant for (a case starts from one of them).
NATURAL: dict[str, list[str]] = {
    **{n: [*FLOATS, "complex<f32>"] for n in "cbrt cosine exponential exponential_minus_one log log_plus_one".split()},
    **{n: [*FLOATS, "complex<f64>"] for n in "logistic rsqrt sine sqrt tan tanh atan2".split()},
    **{n: FLOATS for n in "ceil floor round_nearest_afz round_nearest_even is_finite reduce_precision".split()},
    **{n: INTS for n in "count_leading_zeros popcnt shift_left shift_right_arithmetic shift_right_logical".split()},
    **{n: [*INTS, "i1"] for n in ("not", "and", "or", "xor")},
    **{n: FLOATS + INTS + ["complex<f32>"] for n in "negate divide power remainder subtract".split()},
    "sign": [*FLOATS, "i32", "complex<f32>"],
    "abs": [*FLOATS, "i32", "i8", "complex<f32>", "complex<f64>"],
    "real": ["complex<f32>", "complex<f64>", "f32"],
    "imag": ["complex<f32>", "complex<f64>", "f32"],
    "convert": FLOATS + INTS + ["i1", "complex<f32>"],
    "complex": ["f32", "f64"],
    **{n: FLOATS + INTS + ["i1", "complex<f32>"] for n in "add maximum minimum multiply compare select clamp".split()},
    "broadcast_in_dim": FLOATS + INTS + ["i1"],
    "dynamic_broadcast_in_dim": FLOATS + INTS + ["i1"],
}
UNARY = {n for n, rule in OPS.items() if len(rule.operands) == 1}
STABLEHLO_OPS = [*sorted(OPS), "broadcast_in_dim", "dynamic_broadcast_in_dim"]
CHLO_NATURAL: dict[str, list[str]] = {
    **{n: [*FLOATS, "i32", "i8", "complex<f32>"] for n in "add maximum minimum multiply subtract divide power".split()},
    **{n: FLOATS for n in "atan2 next_after polygamma zeta complex remainder".split()},
    **{n: [*INTS, "i1"] for n in "and or xor".split()},
    **{n: INTS for n in "shift_left shift_right_arithmetic shift_right_logical".split()},
    "compare": FLOATS + INTS + ["i1"],
    "select": FLOATS + INTS,
}
CHLO_OP_NAMES = [*sorted(CHLO_OPS), "select"]


@dataclass
class Case:
    index: int
    op: str
    text: str


def tensor(shape: Shape, element: str, bounds: tuple[Dim, ...] | None = None, kind: str = "tensor") -> str:
    if shape is None:
        return f"tensor<*x{element}>"
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    encoding = ""
    if bounds is not None:
        encoding = ", #stablehlo.bounds<" + ", ".join("?" if b is None else str(b) for b in bounds) + ">"
    return f"{kind}<{dims}{element}{encoding}>"


class Draw:
    """Draws types from a seeded random stream."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def dim(self) -> Dim:
        return self.rng.choice([1, 2, 2, 3, 3, None, None, 0, 5] if self.chance(0.1) else [1, 2, 3, None])

    def shape(self, rank: int | None = None) -> tuple[Dim, ...]:
        rank = self.rng.choice([0, 1, 1, 2, 2, 3]) if rank is None else rank
        return tuple(self.dim() for _ in range(rank))

    def vary(self, shape: tuple[Dim, ...]) -> tuple[Dim, ...]:
        """The same shape mostly; else one size changed (to ?, 1 or another), or the rank."""
        r = self.rng.random()
        if r < 0.6 or (r < 0.85 and not shape):
            return shape
        if r < 0.85:
            i = self.rng.randrange(len(shape))
            return (*shape[:i], self.rng.choice([None, 1, 2, 3, 4]), *shape[i + 1 :])
        if r < 0.93 or not shape:
            return (*shape, self.dim())
        return shape[1:]

    def bounds(self, shape: Shape) -> tuple[Dim, ...] | None:
        if shape is None or None not in shape or not self.chance(0.4):
            return None
        return tuple(None if d is not None or self.chance(0.2) else self.rng.choice([1, 2, 3, 4]) for d in shape)

    def slot(self, shape: Shape, element: str, bounded: bool = True) -> str:
        """One type: mostly a tensor (bounded now and then), sometimes unranked, a vector or a scalar."""
        r = self.rng.random()
        if r < 0.02:
            shape = None
        elif r < 0.03 and shape and None not in shape and 0 not in shape and element in FLOATS + INTS:
            return tensor(shape, element, kind="vector")
        elif r < 0.035 and element in FLOATS + INTS:
            return element
        elif r < 0.12 and bounded and shape and any(d is not None for d in shape):
            # A static size made a bounded `?`, its bound the size, one less or one more.
            i = self.rng.choice([i for i, d in enumerate(shape) if d is not None])
            size = shape[i]
            assert size is not None
            bounds = tuple(max(0, size + self.rng.choice([-1, 0, 0, 1])) if j == i else None for j in range(len(shape)))
            return tensor((*shape[:i], None, *shape[i + 1 :]), element, bounds)
        return tensor(shape, element, self.bounds(shape) if bounded else None)

    def element(self, natural: list[str]) -> str:
        r = self.rng.random()
        if r < 0.07:
            return self.rng.choice(QUANT)
        if r < 0.1:
            return self.rng.choice(OTHERS)
        return self.rng.choice(natural)

    def other_element(self, element: str, natural: list[str]) -> str:
        """Mostly ``element``; now and then another natural one, or any."""
        r = self.rng.random()
        if r < 0.82:
            return element
        if r < 0.92:
            return self.rng.choice(natural)
        return self.element(FLOATS + INTS + ["i1"])

    def dims(self, operand_rank: int, result_rank: int) -> list[int]:
        """broadcast_dimensions: mostly legal, else the wrong size, a duplicate or out of range."""
        legal = sorted(self.rng.sample(range(result_rank), operand_rank)) if operand_rank <= result_rank else []
        r = self.rng.random()
        if r < 0.7 and operand_rank <= result_rank:
            return legal if self.chance(0.7) else self.rng.sample(legal, len(legal))
        if r < 0.8:
            return [self.rng.randrange(max(result_rank, 1)) for _ in range(operand_rank + self.rng.choice([-1, 1]))][
                : max(0, operand_rank + 1)
            ]
        if r < 0.9 and operand_rank >= 2:
            d = self.rng.randrange(max(result_rank, 1))
            return [d] * operand_rank
        return [self.rng.choice([result_rank, result_rank + 1, -1, 0]) for _ in range(operand_rank)]


def _array(dims: list[int]) -> str:
    return "array<i64" + (": " + ", ".join(map(str, dims)) if dims else "") + ">"


def _module(operands: list[str], line_of: Any) -> str:
    names = [f"%a{i}" for i in range(len(operands))]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
    return f"func.func @f({args}) {{\n  {line_of(names)}\n  return\n}}\n"


def _results(results: list[str]) -> tuple[str, str]:
    bind = "" if not results else "%0 = " if len(results) == 1 else f"%0:{len(results)} = "
    out = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    return bind, out


def stablehlo_case(draw: Draw, index: int) -> Case:
    name = draw.rng.choice(STABLEHLO_OPS)
    op = f"stablehlo.{name}"
    natural = NATURAL[name]
    base = draw.shape()
    attrs = ""
    pretty: Any = None
    if name in ("broadcast_in_dim", "dynamic_broadcast_in_dim"):
        result_shape = draw.shape(draw.rng.choice([1, 2, 3, 3]))
        operand_rank = draw.rng.randint(0, len(result_shape))
        dims = draw.dims(operand_rank, len(result_shape))
        operand_shape = tuple(
            result_shape[d] if 0 <= d < len(result_shape) and draw.chance(0.6) else draw.dim() for d in dims
        )[:operand_rank]
        operand_shape = operand_shape + tuple(draw.dim() for _ in range(operand_rank - len(operand_shape)))
        element = draw.element(natural)
        if name == "broadcast_in_dim" and draw.chance(0.8):
            result_shape = tuple(2 if d is None else d for d in result_shape)
        out_element = draw.other_element(element, natural)
        if name == "dynamic_broadcast_in_dim" and ":f32:" in out_element and ":f32:" not in element:
            # A per-axis quantized result of another operand crashes the tool (C6 casts the operand).
            out_element = element
        operands = [draw.slot(operand_shape, element)]
        results = [draw.slot(result_shape, out_element)]
        if name == "dynamic_broadcast_in_dim":
            length = len(result_shape) if draw.chance(0.8) else draw.rng.randint(0, 4)
            operands.append(
                draw.rng.choice([f"tensor<{length}xi64>", f"tensor<{length}xindex>"])
                if draw.chance(0.95)
                else draw.rng.choice(["tensor<?xi64>", "tensor<2xf32>", "tensor<i64>"])
            )
        hints = ""
        if name == "dynamic_broadcast_in_dim" and draw.chance(0.3):
            a = [draw.rng.randrange(-1, operand_rank + 1) for _ in range(draw.rng.randint(0, 2))]
            b = [draw.rng.randrange(0, operand_rank + 1) for _ in range(draw.rng.randint(0, 2))]
            hints = f", known_expanding_dimensions = {_array(a)}, known_nonexpanding_dimensions = {_array(b)}"
        attrs = f" {{broadcast_dimensions = {_array(dims)}{hints}}}"
        if draw.chance(0.04):  # the old form, which the attribute's constraint rejects
            attrs = f" {{broadcast_dimensions = dense<[{', '.join(map(str, dims))}]> : tensor<{len(dims)}xi64>}}"
        if draw.chance(0.4) and not hints and "dense<" not in attrs:
            listed = ", ".join(map(str, dims))

            def pretty(names: list[str], results: list[str]) -> str:
                bind, out = _results(results)
                return f"{bind}{op} {', '.join(names)}, dims = [{listed}] : ({', '.join(operands)}) -> {out}"
    else:
        rule = OPS[name]
        count = len(rule.operands)
        element = draw.element(natural)
        shapes = [draw.vary(base) for _ in range(count)]
        elements = [draw.other_element(element, natural) for _ in range(count)]
        if name == "select":
            shapes[0] = () if draw.chance(0.4) else draw.vary(base)
            elements[0] = "i1" if draw.chance(0.9) else draw.element(["i8", "f32"])
        if name == "clamp":
            for i in (0, 2):
                shapes[i] = () if draw.chance(0.5) else draw.vary(base)
        out_element = {"is_finite": "i1", "compare": "i1", "real": "f32", "imag": "f32"}.get(name, element)
        if name == "complex":
            out_element = f"complex<{element}>" if element in ("f32", "f64") else "complex<f32>"
        if name in ("real", "imag", "abs") and element.startswith("complex<"):
            out_element = element[8:-1]
        if name == "convert":
            out_element = draw.element(natural)
        out_element = draw.other_element(out_element, natural)
        operands = [draw.slot(s, e) for s, e in zip(shapes, elements, strict=True)]
        results = [draw.slot(draw.vary(base), out_element)]
        if name in ("add", "select") and base and draw.chance(0.25):
            # A static size against a bound below or at it, in the operands StableHLO merges.
            i = draw.rng.randrange(len(base))
            size = draw.rng.choice([2, 3])
            static = tuple(size if j == i else d for j, d in enumerate(base))
            dynamic = tuple(None if j == i else d for j, d in enumerate(base))
            bounds = tuple(size - draw.rng.choice([0, 1]) if j == i else None for j in range(len(base)))
            pair = [tensor(static, element), tensor(dynamic, element, bounds)]
            draw.rng.shuffle(pair)
            operands[-2:] = pair
            results = [tensor(dynamic, out_element)]
        if name == "compare":
            attrs = " {comparison_direction = #stablehlo<comparison_direction LT>}"
            if draw.chance(0.4):

                def pretty(names: list[str], results: list[str]) -> str:
                    bind, out = _results(results)
                    return f"{bind}{op} LT, {', '.join(names)} : ({', '.join(operands)}) -> {out}"

        if name == "reduce_precision":
            attrs = " {exponent_bits = 5 : i32, mantissa_bits = 2 : i32}"
        elif name not in ("compare", "select", "clamp") and draw.chance(0.3):
            # The custom form, with a functional type; `stablehlo.complex %a, %b : T` names only the
            # result, whose real parts are the operands.
            single = name == "complex" and results[0].endswith(("complex<f32>>", "complex<f64>>")) and draw.chance(0.5)
            if single:
                operands = [re.sub(r"complex<(\w+)>", r"\1", results[0])] * 2

            def pretty(names: list[str], results: list[str]) -> str:
                bind, out = _results(results)
                if single:
                    return f"{bind}{op} {', '.join(names)} : {out}"
                return f"{bind}{op} {', '.join(names)} : ({', '.join(operands)}) -> {out}"

    if draw.chance(0.015):
        operands = operands[:-1] if len(operands) > 1 and draw.chance(0.5) else [*operands, operands[0]]
        pretty = None
    if draw.chance(0.01):
        results = [*results, results[0]]
        pretty = None

    def generic(names: list[str]) -> str:
        bind, out = _results(results)
        return f'{bind}"{op}"({", ".join(names)}){attrs} : ({", ".join(operands)}) -> {out}'

    # The custom forms read tensor types only (anything else is a syntax error, not the verifier's).
    if pretty and not all(t.startswith("tensor<") for t in (*operands, *results)):
        pretty = None
    return Case(index, op, _module(operands, (lambda n: pretty(n, results)) if pretty else generic))


def chlo_case(draw: Draw, index: int) -> Case:
    name = draw.rng.choice(CHLO_OP_NAMES)
    op = f"chlo.broadcast_{name}"
    natural = CHLO_NATURAL[name]
    element = draw.element(natural)
    base = draw.shape(draw.rng.choice([0, 1, 2, 2, 3, 3]))
    count = 3 if name == "select" else 2
    shapes: list[tuple[Dim, ...]] = []
    for _ in range(count):
        r = draw.rng.random()
        if r < 0.45:
            shapes.append(draw.vary(base))
        elif r < 0.75:  # a suffix of the base (NumPy), or any dims of it (XLA)
            k = draw.rng.randint(0, len(base))
            shapes.append(
                base[len(base) - k :]
                if draw.chance(0.6)
                else tuple(base[i] for i in sorted(draw.rng.sample(range(len(base)), k)))
            )
        else:
            shapes.append(tuple(1 if draw.chance(0.4) else d for d in draw.vary(base)))
    elements = [draw.other_element(element, natural) for _ in range(count)]
    attrs = ""
    if name == "select":
        elements[0] = "i1"
    elif draw.chance(0.45):
        small = min(len(shapes[0]), len(shapes[1]))
        large = max(len(shapes[0]), len(shapes[1]))
        r = draw.rng.random()
        if r < 0.5:
            dims = sorted(draw.rng.sample(range(large), small)) if small <= large else []
        elif r < 0.7:
            dims = list(range(large - small, large))
        else:
            dims = [draw.rng.randrange(large + 1) for _ in range(small + draw.rng.choice([0, 0, -1, 1]))]
            dims = [d for d in dims if d >= 0]
        attrs = f"broadcast_dimensions = {_array(dims)}"
        if draw.chance(0.05):  # the old form, which CHLO's attribute constraint rejects
            attrs = f"broadcast_dimensions = dense<[{', '.join(map(str, dims))}]> : tensor<{len(dims)}xi64>"
    if name == "compare":
        direction = "comparison_direction = #chlo<comparison_direction EQ>"
        attrs = f"{attrs}, {direction}" if attrs else direction
    out_element = {"compare": "i1"}.get(name, element)
    if name == "complex":
        out_element = f"complex<{element}>" if element in ("f32", "f64") else "complex<f32>"
    out_element = draw.other_element(out_element, natural)
    numpy = _numpy(shapes)
    result_shape = numpy if numpy is not None and draw.chance(0.6) else draw.vary(base)
    operands = [draw.slot(s, e) for s, e in zip(shapes, elements, strict=True)]
    results = [draw.slot(result_shape, out_element)]
    extra = draw.chance(0.01)
    if extra:
        operands = [*operands, operands[0]]
    attr_text = f" {{{attrs}}}" if attrs else ""
    # The custom form only reads tensor types (else a syntax error, not the verifier's).
    generic = extra or not all(t.startswith("tensor") for t in (*operands, *results)) or draw.chance(0.5)
    generic = generic or (name == "select" and operands[0].startswith("tensor<*"))  # a ranked predicate
    generic = generic or "dense<" in attrs  # the custom form rejects it while parsing, in other words

    def line(names: list[str]) -> str:
        bind, out = _results(results)
        signature = f"({', '.join(operands)}) -> {out}"
        if generic:
            return f'{bind}"{op}"({", ".join(names)}){attr_text} : {signature}'
        return f"{bind}{op} {', '.join(names)}{attr_text} : {signature}"

    return Case(index, op, _module(operands, line))


def _numpy(shapes: list[tuple[Dim, ...]]) -> tuple[Dim, ...] | None:
    rank = max(len(s) for s in shapes)
    out: list[Dim] = []
    for i in range(rank):
        sizes = {s[i - rank + len(s)] for s in shapes if i - rank + len(s) >= 0} - {1}
        static = {d for d in sizes if d is not None}
        if len(static) > 1:
            return None
        out.append(static.pop() if static else (None if None in sizes else 1))
    return tuple(out)


def generate(kind: str, count: int, seed: int) -> list[Case]:
    draw = Draw(seed)
    make = stablehlo_case if kind == "stablehlo" else chlo_case
    return [make(draw, i) for i in range(count)]


_LOC = re.compile(r":(\d+):\d+\)$")


def first_error(ctx: Any, text: str) -> str:
    """The real verifier's first error located at the op (line 2), or ``ok``."""
    assert _ir is not None
    try:
        _ir.Module.parse(text, ctx)
    except _ir.MLIRError as exc:
        for diag in exc.error_diagnostics:
            m = _LOC.search(str(diag.location))
            if m and m.group(1) == "2":
                return str(diag.message)
        return "elsewhere: " + exc.error_diagnostics[0].message
    return "ok"


def broadcheck(check_text: Any, text: str, profile: str) -> tuple[str, list[str]]:
    """broadcheck's first error (or ``ok``) and the codes of its warnings."""
    try:
        diagnostics = check_text(text, path="<case>", profile=profile)
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}", []
    # The op's verdict: value-flow checks across ops (BC011, SSA types) are another module's concern.
    errors = [d for d in diagnostics if d.severity == "error" and d.code != "BC011"]
    warnings = [d.code for d in diagnostics if d.severity == "warning"]
    return (errors[0].message if errors else "ok"), warnings


KINDS = [
    ("dims attribute", r"failed to satisfy constraint"),
    ("mismatched operand types", r"mismatched operand types"),
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("counts", r"operands, but found|requires a single operand|requires one result"),
    ("compatible types", r"requires compatible types for all operands and results"),
    ("same shape", r"requires the same shape for all operands and results"),
    ("elementwise", r"all non-scalar operands/results"),
    ("inferred type", r"inferred type\(s\)"),
    ("element types", r"element type|quantized or non-quantized|quantization (storage|expressed) types"),
    ("bounds", r"Mismatched dimension"),
    ("select", r"non-predicate operands|requires the same shape for all operands$"),
    ("clamp", r"is not scalar and is not compatible"),
    ("broadcast dims", r"broadcast_dimensions|size of operand dimension|result rank|expansion hint|hint for expanding"),
]


def kind(message: str) -> str:
    return common.kind(message, KINDS)


def _oracle(cases: list[Case]) -> list[str]:
    if _ir is None:
        pytest.fail(
            f"the oracle tests need IREE's MLIR bindings ({_IREE_IMPORT_ERROR}); run `make oracle`, or "
            "`pip install iree-base-compiler==3.13.0` into this environment",
            pytrace=False,
        )
    ctx = _ir.Context()
    return [first_error(ctx, case.text) for case in cases]


@pytest.fixture(scope="module")
def stablehlo_cases() -> list[Case]:
    return generate("stablehlo", STABLEHLO_COUNT, SEED)


@pytest.fixture(scope="module")
def chlo_cases() -> list[Case]:
    return generate("chlo", CHLO_COUNT, SEED + 1)


@pytest.fixture(scope="module")
def stablehlo_oracle(stablehlo_cases: list[Case]) -> list[str]:
    return _oracle(stablehlo_cases)


@pytest.fixture(scope="module")
def chlo_oracle(chlo_cases: list[Case]) -> list[str]:
    return _oracle(chlo_cases)


def compare(cases: list[Case], oracle: list[str], profiles: tuple[str, ...]) -> tuple[str, list[str]]:
    """broadcheck against the oracle: a summary line and the differences, worded."""
    from broadcheck.api import check_text

    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    verdicts = 0
    warned: collections.Counter[str] = collections.Counter()
    for case, expected in zip(cases, oracle, strict=True):
        outcomes[kind(expected)] += 1
        got = [broadcheck(check_text, case.text, p) for p in profiles]
        warned.update(got[0][1])
        if any(g[0] != expected for g in got):
            verdicts += (got[0][0] == "ok") != (expected == "ok")
            diffs.append(
                f"--- case {case.index}\n{case.text.rstrip()}\n  tool:       {expected}\n"
                + "".join(f"  broadcheck ({p}): {g[0]}\n" for p, g in zip(profiles, got, strict=True))
            )
    summary = (
        f"compared {len(cases)} cases over {len({c.op for c in cases})} ops (seed {SEED}); oracle outcomes: "
        f"{', '.join(f'{k}: {n}' for k, n in outcomes.most_common())}; agreements: {len(cases) - len(diffs)}; "
        f"differences: {len(diffs)} ({verdicts} in verdict); broadcheck warnings: "
        f"{', '.join(f'{k}: {n}' for k, n in sorted(warned.items())) or 'none'}"
    )
    return summary, diffs


STABLEHLO_KINDS = (
    "type-constraint counts compatible-types same-shape elementwise inferred-type element-types bounds select clamp "
    "broadcast-dims dims-attribute"
).split()
CHLO_KINDS = "type-constraint counts inferred-type element-types mismatched-operand-types dims-attribute".split()


def _coverage(cases: list[Case], oracle: list[str], ops: int, wanted: list[str]) -> None:
    strays = [(c, o) for c, o in zip(cases, oracle, strict=True) if o.startswith("elsewhere")]
    assert not strays, "cases the tool rejects away from the op:\n" + "\n".join(
        f"{c.text}=> {o}" for c, o in strays[:5]
    )
    per_op = collections.Counter(c.op for c in cases)
    assert len(per_op) == ops and min(per_op.values()) >= len(cases) // (4 * ops), per_op
    kinds = collections.Counter(kind(o) for o in oracle)
    assert kinds["ok"] >= len(cases) // 10 and kinds["other"] == 0, kinds
    missing = [k for k in wanted if kinds[k.replace("-", " ")] == 0]
    assert not missing, f"no case gets {missing}: {kinds}"


def test_stablehlo_cases_cover_the_ops(stablehlo_cases: list[Case], stablehlo_oracle: list[str]) -> None:
    """At least 2,000 cases, every op and every kind of outcome."""
    assert len(stablehlo_cases) >= 2000
    _coverage(stablehlo_cases, stablehlo_oracle, len(STABLEHLO_OPS), STABLEHLO_KINDS)


def test_chlo_cases_cover_the_ops(chlo_cases: list[Case], chlo_oracle: list[str]) -> None:
    """At least 2,000 cases, every op and every kind of outcome."""
    assert len(chlo_cases) >= 2000
    _coverage(chlo_cases, chlo_oracle, len(CHLO_OP_NAMES), CHLO_KINDS)


def test_broadcheck_matches_stablehlo(stablehlo_cases: list[Case], stablehlo_oracle: list[str]) -> None:
    """broadcheck's first error equals the real tool's on every StableHLO case (llvm and spec)."""
    summary, diffs = compare(stablehlo_cases, stablehlo_oracle, ("llvm", "spec"))
    print(summary)
    if diffs:
        pytest.fail("\n".join([summary, *diffs[:SHOW]]), pytrace=False)


def test_broadcheck_matches_chlo(chlo_cases: list[Case], chlo_oracle: list[str]) -> None:
    """broadcheck errors exactly where CHLO errors, with CHLO's first message (llvm)."""
    summary, diffs = compare(chlo_cases, chlo_oracle, ("llvm",))
    print(summary)
    if diffs:
        pytest.fail("\n".join([summary, *diffs[:SHOW]]), pytrace=False)
