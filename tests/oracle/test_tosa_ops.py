"""Differential test: every TOSA op broadcheck checks, against the TOSA dialect of iree-base-compiler 3.13.

Each case is one module holding one ``func.func`` whose arguments feed one TOSA op of
:data:`broadcheck.dialects.tosa.specs.NAMES` (their rules generated from TOSA's ``.td``). The types are drawn from a seeded random stream:
ranks 0-4, sizes 1/2/3/? (now and then 0 or a large size), unranked tensors, vectors and
memrefs, element types the op takes and ones it does not (signed integers, ``index``,
``complex``, 12-bit quantized types), mixed element types, quantized types
(``!quant.uniform``, per-axis, ``!quant.any``), wrong shift and zero-point operands of
``tosa.mul`` and ``tosa.negate``, and now and then an operand too many or too few.
Attributes are always valid (``clamp``'s bounds match its element type), because
broadcheck does not check attribute values.

Both sides read each case on its own; the verdict and the first error message must agree.
Builtin scalar operands (``f32``) are never generated: the real tool crashes on them
(segmentation fault), so there is no verdict to compare.

Run by ``make oracle`` only; FAILS (never skips) when IREE is missing. Knobs:
``BROADCHECK_TOSA_CASES`` (default 20000), ``BROADCHECK_TOSA_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from broadcheck.dialects.tosa.specs import NAMES
from broadcheck.semantics.tosa import mlir_float

from . import common
from .common import IREE_IMPORT_ERROR as _IREE_IMPORT_ERROR
from .common import ir as _ir
from .gen import Generator as ShapeGenerator
from .gen import Shape

pytestmark = pytest.mark.oracle


COUNT = int(os.environ.get("BROADCHECK_TOSA_CASES", 20_000))
SEED = int(os.environ.get("BROADCHECK_TOSA_SEED", 20260117))
SHOW = 15

NUMBERS = [
    *"f32 f16 bf16 f64 tf32 f8E4M3FN f8E5M2 i1 i4 i8 i16 i32 i48 i64 ui8 ui32".split(),
    "!quant.uniform<i8:f32, 0.1>",
    "!quant.uniform<i8:f32, 0.7>",
    "!quant.uniform<u8:f32, 0.0039215688593685627:128>",
    "!quant.uniform<i16:f32, 3.0517578125e-05>",
    "!quant.uniform<i8<-127:127>:f32, 0.25:-3>",
    "!quant.uniform<i8:f32:0, {0.1,0.2:1}>",
    "!quant.any<i8:f32>",
    "!tosa.mxint8",
]
NOT_NUMBERS = ["si32", "si8", "index", "complex<f32>", "!quant.uniform<i12:f32, 0.1>"]
BUILTIN = re.compile(r"(f|bf|tf|i|ui)\d+|f8E4M3FN|f8E5M2")
# clamp's verifier reads its bounds with the element type's bit width: only plain types and
# per-tensor quantized ones, or the real tool crashes.
CLAMP_SAFE = ["f32", "f16", "bf16", "i8", "i16", "i32", "i1", "ui8", "!quant.uniform<i8:f32, 0.1>"]

UNARY = {"abs", "bitwise_not", "ceil", "clz", "exp", "floor", "log", "reciprocal", "rsqrt", "clamp", "erf"}
UNARY |= {"sigmoid", "tanh", "cos", "sin", "logical_not", "cast", "reverse"}
COMPARISONS = {"equal", "greater", "greater_equal"}
# The ops with custom verifiers get more cases.
OP_NAMES = sorted(NAMES)
OP_WEIGHTS = [{"tosa.mul": 5, "tosa.negate": 3, "tosa.select": 2, "tosa.rescale": 5}.get(op, 1) for op in OP_NAMES]


def natural_elements(name: str) -> list[str]:
    """The element types the op is meant for (a case starts from one of them)."""
    if name == "intdiv":
        return ["i32", "i64"]
    if name.startswith("logical_") and not name.endswith("shift"):
        return ["i1"]
    if name in ("cos", "sin"):
        return ["f32", "f16", "bf16"]
    if name == "clamp":
        return CLAMP_SAFE
    return NUMBERS


def storage(element: str) -> str:
    m = re.match(r"!quant\.\w+<([iu])(\d+)", element)
    if m:
        return f"i{m.group(2)}" if m.group(1) == "i" else f"ui{m.group(2)}"
    return element


@dataclass
class Case:
    index: int
    op: str
    operands: list[str]
    results: list[str]
    text: str


def tensor(shape: Shape, element: str, kind: str = "tensor") -> str:
    if shape is None:
        return f"tensor<*x{element}>"
    return f"{kind}<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


ROUNDING = "rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>"


class Cases:
    """Draws cases from a seeded random stream."""

    def __init__(self, seed: int) -> None:
        self.shapes = ShapeGenerator(seed)
        self.rng = self.shapes.rng

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def mutate_shape(self, shape: Shape) -> Shape:
        """Now and then a size 0 or an unranked tensor."""
        if self.chance(0.04):
            if not shape:
                return (0,)
            i = self.rng.randrange(len(shape))
            return (*shape[:i], 0, *shape[i + 1 :])
        if self.chance(0.03):
            return None
        return shape

    def slot(self, shape: Shape, element: str) -> str:
        """One operand or result type; now and then a vector or a memref instead of a tensor."""
        shape = self.mutate_shape(shape)
        builtin = BUILTIN.fullmatch(element) is not None
        if shape is not None and builtin and all(d is not None and d > 0 for d in shape) and self.chance(0.03):
            return tensor(shape, element, self.rng.choice(["vector", "vector", "memref"]))
        return tensor(shape, element)

    def other_element(self, name: str) -> str:
        if name == "clamp":
            return self.rng.choice(CLAMP_SAFE)
        if name == "rescale":  # the real tool crashes on some non-integers there
            return self.rng.choice(["i8", "i16", "i32", "i64", "ui8", "f32", "si32", "!quant.uniform<i8:f32, 0.1>"])
        if name == "apply_scale":  # scalars of a dialect type (`!quant...`) are passed over by broadcheck
            return self.rng.choice(["i8", "i16", "i32", "i64", "ui8", "f32", "si32", "index"])
        return self.rng.choice(NUMBERS + NOT_NUMBERS)

    def case(self, index: int) -> Case:
        op = self.rng.choices(OP_NAMES, OP_WEIGHTS)[0]
        name = op.removeprefix("tosa.")
        build = {"apply_scale": self.apply_scale, "rescale": self.rescale, "fft2d": self.fft2d, "table": self.table}
        operands, results, attrs = build.get(name, self.elementwise)(name)
        if self.chance(0.01):
            operands = operands[:-1] if len(operands) > 1 and self.chance(0.5) else [*operands, operands[0]]
        return Case(index, op, operands, results, self.module(op, operands, results, attrs))

    def mix(self, name: str, elements: list[str]) -> None:
        """Mixed element types: now and then one operand or the result gets another one."""
        if self.chance(0.25):
            elements[self.rng.randrange(len(elements))] = self.other_element(name)

    def elementwise(self, name: str) -> tuple[list[str], list[str], str]:
        element = self.rng.choice(natural_elements(name))
        if name in UNARY or name == "negate":
            ins = list(self.shapes.operands(1))
            out = self.shapes.result(ins) if self.chance(0.5) else ins[0]
        else:
            ins = list(self.shapes.operands(3 if name == "select" else 2))
            out = self.shapes.result(ins)
        elements = [element] * len(ins) + ["i1" if name in COMPARISONS else element]
        if name == "select":
            elements[0] = "i1"
        if name == "mul" and BUILTIN.fullmatch(element) and element.startswith("i") and self.chance(0.3):
            elements[-1] = self.rng.choice(["i8", "i16", "i32", "i64"])
        extra: list[str] = []
        if name == "mul":
            extra = [self.pick("tensor<1xi8>", "tensor<*xi8>", "tensor<i8>", "tensor<2xi8>", "tensor<1xi32>")]
        if name == "negate":
            zp = storage(element)
            extra = [self.pick(f"tensor<1x{zp}>", f"tensor<*x{zp}>", f"tensor<{zp}>", "tensor<1xi16>", "tensor<1xf32>")]
            extra.append(self.pick(f"tensor<1x{zp}>", "tensor<1xi16>", "tensor<1xf32>"))
        self.mix(name, elements)
        operands = [self.slot(s, e) for s, e in zip(ins, elements, strict=False)] + extra
        attrs = ""
        if name == "clamp":
            bound = storage(elements[-1])
            low, high = ("0.0", "1.0") if bound.startswith(("f", "bf")) else ("0", "1")
            attrs = f"min_val = {low} : {bound}, max_val = {high} : {bound}"
        elif name == "arithmetic_right_shift":
            attrs = "round = false"
        elif name == "reverse":
            attrs = "axis = 0 : i32"
        return operands, [self.slot(out, elements[-1])], attrs

    def pick(self, usual: str, *others: str) -> str:
        """``usual`` most of the time, else one of ``others``."""
        return usual if self.chance(0.75) else self.rng.choice(others)

    def table(self, name: str) -> tuple[list[str], list[str], str]:
        element = self.rng.choice(["i8", "i16", "f32"])
        ins = list(self.shapes.operands(1))
        out = self.shapes.result(ins) if self.chance(0.5) else ins[0]
        elements = [element, self.rng.choice(["i8", "i16", "i32"])]
        self.mix(name, elements)
        lookup = self.pick("tensor<256xi8>", "tensor<513xi16>", "tensor<*xi8>", "tensor<256x1xi8>", "tensor<0xi8>")
        return [self.slot(ins[0], elements[0]), lookup], [self.slot(out, elements[1])], ""

    def fft2d(self, name: str) -> tuple[list[str], list[str], str]:
        def dim() -> int | None:
            return self.rng.choice([1, 2, 3, 4, 8, 6, None])

        base = (dim(), dim(), dim())
        shapes: list[Shape] = [base if self.chance(0.7) else (dim(), dim(), dim()) for _ in range(4)]
        if self.chance(0.1):
            shapes[self.rng.randrange(4)] = base[1:]
        element = self.rng.choice(["f32", "f16", "bf16"])
        elements = [element] * 4
        self.mix(name, elements)
        types = [self.slot(s, e) for s, e in zip(shapes, elements, strict=True)]
        results = types[2:] if self.chance(0.95) else types[2:3]
        return types[:2], results, "inverse = false"

    def like(self, shape: Shape, element: str, kind: str) -> str:
        """A scalar, a vector or a tensor, for tosa.apply_scale."""
        if kind == "scalar" or (kind == "vector" and (shape is None or None in shape or 0 in shape)):
            return element
        if kind == "vector":
            return tensor(shape, element, "vector")
        return self.slot(shape, element)

    def apply_scale(self, name: str) -> tuple[list[str], list[str], str]:
        ins = list(self.shapes.operands(3))
        out = self.shapes.result(ins) if self.chance(0.3) else ins[0]
        kind = self.rng.choice(["scalar", "vector", "tensor", "tensor"])
        kinds = [kind if self.chance(0.8) else self.rng.choice(["scalar", "vector", "tensor"]) for _ in range(4)]
        element = self.rng.choice(["i32", "i64", "i16"])
        elements = [element, element, "i8", element]
        self.mix(name, elements)
        shapes = [*ins, out]
        types = [self.like(s, e, k) for s, e, k in zip(shapes, elements, kinds, strict=True)]
        return types[:3], types[3:], ROUNDING

    def rescale(self, name: str) -> tuple[list[str], list[str], str]:
        ins = list(self.shapes.operands(1))
        out = self.shapes.result(ins) if self.chance(0.4) else ins[0]
        value = self.rng.choice(
            ["i8", "i16", "i32", "ui8", "!quant.uniform<i8:f32, 0.1>", "!quant.uniform<u8:f32, 0.5:128>"]
        )
        elements = [value, self.rng.choice(["i8", "i16", "i32"])]
        self.mix(name, elements)
        scale32, per_channel = self.chance(0.6), self.chance(0.3)
        shape = ins[0]
        channels = 1
        if per_channel and shape and shape[-1] is not None:
            channels = shape[-1]
        count = channels if self.chance(0.8) else self.rng.choice([1, 2, 3])
        multiplier = f"tensor<{count}x{'i32' if scale32 == self.chance(0.9) else 'i16'}>"
        shift = self.pick(f"tensor<{count}xi8>", "tensor<*xi8>", "tensor<2xi8>", "tensor<1xi16>")
        zps = [
            self.pick(f"tensor<1x{storage(e)}>", "tensor<1xi16>", "tensor<1xi32>", "tensor<1xf32>", "tensor<*xi8>")
            for e in elements
        ]
        attrs = (
            f"scale32 = {str(scale32).lower()}, {ROUNDING}, per_channel = {str(per_channel).lower()}, "
            "input_unsigned = false, output_unsigned = false"
        )
        operands = [self.slot(shape, elements[0]), multiplier, shift, *zps]
        return operands, [self.slot(out, elements[1])], attrs

    def module(self, op: str, operands: list[str], results: list[str], attrs: str) -> str:
        names = [f"%a{i}" for i in range(len(operands))]
        args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
        signature = f"({', '.join(operands)}) -> ({', '.join(results)})"
        bind = "%0 = " if len(results) == 1 else f"%0:{len(results)} = "
        if attrs or self.chance(0.5):
            line = f'{bind}"{op}"({", ".join(names)}){" <{" + attrs + "}>" if attrs else ""} : {signature}'
        else:
            line = f"{bind}{op} {', '.join(names)} : {signature}"
        return f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"


def generate(count: int, seed: int) -> list[Case]:
    cases = Cases(seed)
    return [cases.case(i) for i in range(count)]


def _first_error(ctx: Any, text: str) -> str:
    """The real verifier's first error on ``text``, or ``ok``."""
    assert _ir is not None
    try:
        _ir.Module.parse(text, ctx)
    except _ir.MLIRError as exc:
        return exc.error_diagnostics[0].message
    return "ok"


def _broadcheck(check_text: Any, text: str, profile: str) -> str:
    return common.broadcheck_first_error(text, profile)


_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("element types", r"requires the same element type for all operands and results"),
    ("operand element types", r"requires the same element type for all operands$"),
    ("input/output element types", r"to have same element type"),
    ("zero point element type", r"its zero point"),
    ("operand count", r"operands, but found|requires a single operand"),
    ("operands broadcast", r"op operands don't have broadcast-compatible shapes"),
    ("result broadcast", r"result type '.*' not broadcast compatible"),
    ("operand ranks", r"op operands don't have matching ranks"),
    ("result rank", r"result type has different rank than operands"),
    ("same shape", r"requires the same shape for all"),
    ("negate shape", r"requires the same shape for input1 and output"),
    ("mul result width", r"invalid data type size"),
    ("mul ranks", r"a and b operands don't have matching ranks"),
    ("mul broadcast", r"a and b operands don't have broadcast-compatible"),
    ("mul result rank", r"result type has different rank than [ab],"),
    ("output shape", r"expected output shape"),
    ("result count", r"requires one result|expected \d+ results"),
    ("elementwise", r"non-scalar"),
    ("fft2d", r"floating point type|power of two"),
    ("table", r"dim\(result|does not match result rank"),
    ("rescale", r"integer element type|both be integer|for multiplier|per_channel|expect shape of"),
]


def kind(message: str) -> str:
    return common.kind(message, _KINDS)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return generate(COUNT, SEED)


@pytest.fixture(scope="module")
def oracle(cases: list[Case]) -> list[str]:
    if _ir is None:
        pytest.fail(
            f"the oracle tests need IREE's MLIR bindings ({_IREE_IMPORT_ERROR}); run `make oracle`, or "
            "`pip install iree-base-compiler==3.13.0` into this environment",
            pytrace=False,
        )
    ctx = _ir.Context()
    return [_first_error(ctx, case.text) for case in cases]


def test_cases_stay_inside_the_ops(cases: list[Case], oracle: list[str]) -> None:
    """Every case reaches the op's verifier (no syntax error), every op and outcome is well covered."""
    assert len(cases) >= 2000
    strays = [(c, o) for c, o in zip(cases, oracle, strict=True) if o != "ok" and not o.startswith(f"'{c.op}' op ")]
    assert not strays, "cases the real tool rejects before the op's verifier:\n" + "\n".join(
        f"{c.text}=> {o}" for c, o in strays[:5]
    )
    per_op = collections.Counter(c.op for c in cases)
    assert set(per_op) == set(OP_NAMES) and min(per_op.values()) >= len(cases) // (4 * len(OP_NAMES)), per_op
    kinds = collections.Counter(kind(o) for o in oracle)
    assert all(kinds[k] >= max(1, len(cases) // 2000) for k, _ in _KINDS), kinds
    assert kinds["ok"] >= len(cases) // 10, kinds


def _check(cases: list[Case], oracle: list[str]) -> tuple[str, list[str]]:
    """Compare broadcheck with the oracle on ``cases``: a summary line and the differences, worded."""
    from broadcheck.api import check_text

    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    verdicts = 0
    for case, expected in zip(cases, oracle, strict=True):
        outcomes[kind(expected)] += 1
        got = _broadcheck(check_text, case.text, "llvm")
        # Under the spec profile the errors are the same; the document's stricter rules are only warnings.
        spec = _broadcheck(check_text, case.text, "spec")
        if got != expected or spec != expected:
            verdicts += (got == "ok") != (expected == "ok")
            diffs.append(
                f"--- case {case.index}\n{case.text.rstrip()}\n  tool:       {expected}\n"
                f"  broadcheck: {got}\n  (spec):     {spec}"
            )
    summary = (
        f"compared {len(cases)} cases over {len({c.op for c in cases})} TOSA ops (seed {SEED}); oracle outcomes: "
        f"{', '.join(f'{k}: {n}' for k, n in outcomes.most_common())}; agreements: {len(cases) - len(diffs)}; "
        f"differences: {len(diffs)} ({verdicts} in verdict)"
    )
    return summary, diffs


def test_broadcheck_matches_the_tosa_verifier(cases: list[Case], oracle: list[str]) -> None:
    """broadcheck gives the real tool's verdict and first error message on every case (llvm and spec)."""
    summary, diffs = _check(cases, oracle)
    print(summary)
    if diffs:
        pytest.fail("\n".join([summary, *diffs[:SHOW]]), pytrace=False)


# Cases the generator does not make: encodings, result counts, odd quantized scales.
EDGES = [
    ("tosa.add", ['tensor<2xf32, "enc">', "tensor<3xf32>"], 'tensor<0xf32, "enc">'),
    ("tosa.add", ['tensor<2xf32, "enc">', "tensor<3xf32>"], "tensor<3xf32>"),
    ("tosa.add", ["tensor<2xf32>", "tensor<2xf32>"], "()"),
    ("tosa.mul", ["tensor<2xf32>", "tensor<2xf32>"], "(tensor<2xf32>, tensor<2xf32>)"),
    ("tosa.abs", ["tensor<2x!quant.uniform<i8:f32, 1234567.0>>"], "tensor<0x!quant.uniform<i8:f32, 1234567.0>>"),
    ("tosa.cos", ["tensor<2x!quant.uniform<i8:f32, 0.000001>>"], "tensor<2x!quant.uniform<i8:f32, 0.000001>>"),
    (
        "tosa.select",
        ["tensor<2xi1>", "tensor<2x!quant.uniform<i8:f32, 0.1>>", "tensor<2x!quant.uniform<i8:f32, 1.0e-1>>"],
        "tensor<2x!quant.uniform<i8:f32, 0.1>>",
    ),
    (
        "tosa.add",
        ["tensor<2x!quant.uniform<i8<-128:127>:f32, 0.1:0>>", "tensor<2x!quant.uniform<i8:f32, 0.1>>"],
        "tensor<3x!quant.uniform<i8:f32, 0.1>>",
    ),
    ("tosa.negate", ["tensor<2x!quant.uniform<i8:f32:0, {0.1,0.2}>>", "tensor<1xi8>", "tensor<1xi8>"], "tensor<2xi8>"),
    ("tosa.mul", ["tensor<2x3xi8>", "tensor<3x2xi8>", "tensor<1xi8>"], "tensor<2x3x!quant.uniform<i8:f32, 0.7>>"),
    (
        "tosa.mul",
        ["tensor<2x3x!quant.uniform<i8:f32, 0.7>>", "tensor<3x2x!quant.uniform<i8:f32, 0.7>>", "tensor<1xi8>"],
        "tensor<2x3x!quant.uniform<i8:f32, 0.7>>",
    ),
    ("tosa.equal", ["tensor<?x?xf32>", "tensor<?x?xf32>"], "tensor<2x3xi1>"),
    ("tosa.add", ["tensor<?xf32>", "tensor<?xf32>"], "tensor<4xf32>"),
    ("tosa.abs", ["tensor<?xf32>"], "tensor<4xf32>"),
]


def test_edge_cases() -> None:
    """Hand-written cases outside the generator's reach."""
    if _ir is None:
        pytest.fail(f"IREE's MLIR bindings are missing ({_IREE_IMPORT_ERROR})", pytrace=False)
    ctx = _ir.Context()
    cases = []
    for index, (op, operands, result) in enumerate(EDGES):
        names = [f"%a{i}" for i in range(len(operands))]
        args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
        bind = "" if result == "()" else "%0:2 = " if result.startswith("(") else "%0 = "
        line = f'{bind}"{op}"({", ".join(names)}) : ({", ".join(operands)}) -> {result}'
        cases.append(Case(index, op, operands, [result], f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"))
    summary, diffs = _check(cases, [_first_error(ctx, c.text) for c in cases])
    print(summary)
    assert not diffs, "\n".join(diffs)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_float_printing_matches_mlir(seed: int) -> None:
    """Quantized scales in messages are printed as MLIR prints doubles (checked on random values)."""
    if _ir is None:
        pytest.fail(f"IREE's MLIR bindings are missing ({_IREE_IMPORT_ERROR})", pytrace=False)
    ctx = _ir.Context()
    rng = random.Random(seed)
    for _ in range(300):
        value = rng.choice(
            [rng.random(), rng.random() * 10 ** rng.randint(-9, 9), round(rng.random(), rng.randint(1, 8))]
        )
        value = value or 0.5
        text = str(_ir.Type.parse(f"!quant.uniform<i8:f32, {value!r}>", ctx)) if "e" not in repr(value) else None
        if text is None:
            continue
        assert text == f"!quant.uniform<i8:f32, {mlir_float(value)}>", value
