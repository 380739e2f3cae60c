"""Differential test: every ``mhlo`` op of the table against jaxlib 0.10.2's MHLO parser and verifier.

The oracle is jaxlib's MLIR (``pip install jax==0.10.2 jaxlib==0.10.2``) with MHLO registered:
``jax._src.interpreters.mlir.make_ir_context()``, ``jaxlib.mlir.dialects.mhlo.register_mhlo_dialect``,
then ``ir.Module.parse`` parses and verifies; a failure raises ``ir.MLIRError`` with MLIR's
messages and locations. Each random case is one ``func.func`` holding one op; broadcheck reads the
same text through :func:`broadcheck.api.check_text`; verdict, message, line and column must agree.

Six families, each of ``BROADCHECK_MHLO_CASES`` cases (default 3000, at least 2000), from a fixed
seed (``BROADCHECK_MHLO_SEED``):

* **elementwise**: every unary and binary op of :data:`broadcheck.semantics.mhlo.OPS` but
  ``compare``, ``select``, ``clamp`` and the broadcasts (``add``, ``abs``, ``acos``, ``convert``,
  ``complex``, ``reduce_precision``, ``stochastic_convert``, ...);
* **compare**, **select**, **clamp**, **broadcast_in_dim** (with ``mhlo.broadcast``) and
  **dynamic_broadcast_in_dim**.

Types: ranks 0-3 over sizes 1/2/3/?, now and then 0 or 5; bounded ``?`` sizes in MHLO's encoding
(``#mhlo.type_extensions<bounds = [...]>``) and StableHLO's (``#stablehlo.bounds<...>``); unranked
tensors, vectors and scalars now and then; operand shapes mostly alike, else one size or the rank
changed; the ops' own element types and others (``index``, ``si32``, ``tf32``, ``complex<f16>``,
``i3``, ...); an operand or a result too many or too few now and then.

Forms: the generic form with ``{...}`` and with ``<{...}>`` (and both), and the custom forms the
MHLO printer writes (``mhlo.add %a, %b : T``, ``mhlo.add %a, %b : (T, T) -> T``, also without a
result name, ``mhlo.compare LT, %a, %b, FLOAT : ...``, ``mhlo.select %p, %a, %b : P, T``,
``mhlo.complex %a, %b : C``, ``mhlo.reduce_precision %a, format = e5m2 : T``), and the StableHLO
custom form of the broadcasts, which MHLO does not have. Attributes in every printed form:
``dense<[..]> : tensor<Nxi64>``, its splat, other element types and shapes, ``array<i64: ..>``,
``[..]``, integers of other widths, floats, booleans, the StableHLO enum, missing ones.

Quantized element types are generated too (now and then; :mod:`tests.oracle.test_mhlo_quant` draws
them most of the time): jaxlib's context does not register the quant dialect, so
:func:`oracle_context` loads it (``tests/oracle/mhlo_quant_jaxlib.py``), and they are compared as
any other case.

Run by ``make oracle`` only; FAILS (never skips) when jaxlib is missing.
"""

from __future__ import annotations

import collections
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from broadcheck.semantics.mhlo import OPS

from .common import Verdict, fail_on_differences, show

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_MHLO_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_MHLO_SEED", 20261126))
SHOW = 20

Dim = int | None
Shape = tuple[Dim, ...]

FLOATS = ["f32", "f16", "bf16", "f64", "f8E4M3FN", "f4E2M1FN"]
INTS = ["i8", "i16", "i32", "i64", "ui8", "ui32", "i4", "i2"]
OTHERS = ["index", "si32", "tf32", "complex<f16>", "i3", "f80"]
QUANT = ["!quant.uniform<i8:f32, 0.5>", "!quant.uniform<i8:f32:0, {0.5,0.25}>"]
COMPLEX = ["complex<f32>", "complex<f64>"]

UNARY_OPS = sorted(n for n, d in OPS.items() if len(d.operands) == 1 and not n.startswith(("broadcast",)))
BINARY_OPS = sorted(
    n for n, d in OPS.items() if len(d.operands) == 2 and n not in ("compare", "dynamic_broadcast_in_dim")
)
ELEMENTWISE_OPS = UNARY_OPS + BINARY_OPS
NATURAL: dict[str, list[str]] = {
    **{n: [*FLOATS, *COMPLEX] for n in "cbrt cosine exponential exponential_minus_one log log_plus_one".split()},
    **{n: [*FLOATS, *COMPLEX] for n in "logistic rsqrt sine sqrt tan tanh atan2 acos acosh asin asinh".split()},
    **{n: [*FLOATS, *COMPLEX] for n in "atanh cosh sinh".split()},
    **{n: FLOATS for n in "ceil floor round_nearest_afz round_nearest_even is_finite reduce_precision erf".split()},
    **{n: INTS for n in "count_leading_zeros popcnt shift_left shift_right_arithmetic shift_right_logical".split()},
    "mulhi": INTS,
    **{n: [*INTS, "i1"] for n in ("not", "and", "or", "xor")},
    **{n: [*FLOATS, *INTS, "complex<f32>"] for n in "negate divide power remainder subtract".split()},
    "sign": [*FLOATS, "i32", "complex<f32>"],
    "abs": [*FLOATS, "i32", "i8", *COMPLEX],
    "real": [*COMPLEX, "f32"],
    "imag": [*COMPLEX, "f32"],
    "convert": [*FLOATS, *INTS, "i1", "complex<f32>"],
    "complex": ["f32", "f64"],
    "stochastic_convert": FLOATS,
    **{n: [*FLOATS, *INTS, "i1", "complex<f32>"] for n in "add maximum minimum multiply compare select clamp".split()},
    **{n: [*FLOATS, *INTS, "i1"] for n in ("broadcast_in_dim", "dynamic_broadcast_in_dim", "broadcast")},
}
UNRANKED_OPS = {"acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh"}
# The custom forms the MHLO printer writes: one type for all (`: T`), or a functional type.
SINGLE_TYPE = {n for n in ELEMENTWISE_OPS if n not in ("is_finite", "stochastic_convert", "complex")} | {"clamp"}
NO_CUSTOM = {"stochastic_convert", "broadcast", "broadcast_in_dim", "dynamic_broadcast_in_dim"}


@dataclass(frozen=True)
class Case:
    index: int
    family: str
    op: str
    form: str
    text: str


# ---------------------------------------------------------------------------- drawing types


class Draw:
    """Types, shapes and attribute texts from a seeded random stream."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, items: list[Any]) -> Any:
        return self.rng.choice(items)

    def dim(self) -> Dim:
        return self.pick([1, 2, 2, 3, 3, None, None, 0, 5] if self.chance(0.1) else [1, 2, 3, None])

    def shape(self, rank: int | None = None) -> Shape:
        rank = self.pick([0, 1, 1, 2, 2, 3]) if rank is None else rank
        return tuple(self.dim() for _ in range(rank))

    def vary(self, shape: Shape) -> Shape:
        """The same shape mostly; else one size changed (to ?, 1 or another), or the rank."""
        r = self.rng.random()
        if r < 0.6 or (r < 0.85 and not shape):
            return shape
        if r < 0.85:
            i = self.rng.randrange(len(shape))
            return (*shape[:i], self.pick([None, 1, 2, 3, 4]), *shape[i + 1 :])
        if r < 0.93 or not shape:
            return (*shape, self.dim())
        return shape[1:]

    def element(self, natural: list[str]) -> str:
        r = self.rng.random()
        if r < 0.01:
            return self.pick(QUANT)
        if r < 0.06:
            return self.pick(OTHERS)
        return self.pick(natural)

    def other_element(self, element: str, natural: list[str]) -> str:
        """Mostly ``element``; now and then another natural one, or any."""
        r = self.rng.random()
        if r < 0.85:
            return element
        if r < 0.94:
            return self.pick(natural)
        return self.element([*FLOATS, *INTS, "i1"])

    def tensor(self, shape: Shape | None, element: str, unranked: float = 0.02) -> str:
        """Mostly a tensor of ``shape`` (bounded now and then), sometimes unranked, a vector or a scalar."""
        r = self.rng.random()
        if r < unranked or shape is None:
            return f"tensor<*x{element}>"
        plain = "!" not in element and "complex" not in element  # (a vector takes neither)
        if r < unranked + 0.01 and shape and None not in shape and 0 not in shape and plain:
            return f"vector<{''.join(f'{d}x' for d in shape)}{element}>"
        if r < unranked + 0.015 and "!" not in element:
            return element
        dims = list(shape)
        if "!quant" in element:  # (a bounds encoding of a type jaxlib cannot read crashes it)
            return _tensor(tuple(dims), element, None, self)
        if r < 0.15 and any(d is not None for d in dims):
            # A static size made a bounded `?`: its bound the size, one less or one more.
            i = self.pick([i for i, d in enumerate(dims) if d is not None])
            bound = max(0, int(dims[i] or 0) + self.pick([-1, 0, 0, 1]))
            dims[i] = None
            return _tensor(tuple(dims), element, tuple(bound if j == i else None for j in range(len(dims))), self)
        if None in dims and self.chance(0.3):
            bounds = tuple(None if d is not None or self.chance(0.2) else self.pick([1, 2, 3, 4]) for d in dims)
            return _tensor(tuple(dims), element, bounds, self)
        return _tensor(tuple(dims), element, None, self)

    def ints(self, values: list[int], shape: tuple[int, ...] | None = None) -> str:
        """An ``I64ElementsAttr`` value in one of its printed forms, or a form of another kind."""
        listed = ", ".join(map(str, values))
        r = self.rng.random()
        n = len(values)
        if r < 0.45:
            return f"dense<[{listed}]> : tensor<{n}xi64>" if values else "dense<> : tensor<0xi64>"
        if r < 0.55 and values and len(set(values)) == 1:
            return f"dense<{values[0]}> : tensor<{n}xi64>"
        if r < 0.6 and values:
            return f"dense<[{listed}]> : vector<{n}xi64>"
        if r < 0.65 and values:
            return f"dense<[[{listed}]]> : tensor<1x{n}xi64>"
        if r < 0.72:
            return f"array<i64: {listed}>" if values else "array<i64>"
        if r < 0.77:
            return f"[{listed}]"
        if r < 0.84:
            other = self.pick(["i32", "index", "i8"] if min(values, default=0) < 0 else ["i32", "ui64", "index", "i8"])
            return f"dense<[{listed}]> : tensor<{n}x{other}>" if values else "dense<> : tensor<0xi32>"
        if r < 0.87:
            return (
                f"dense<[{', '.join(f'{v}.0' for v in values)}]> : tensor<{n}xf32>"
                if values
                else "dense<> : tensor<0xf32>"
            )
        if r < 0.9:
            return self.pick(["true", "1 : i64", '"dims"', "unit"])
        return f"dense<[{listed}]> : tensor<{n}xi64>" if values else "dense<> : tensor<0xi64>"


def _tensor(shape: Shape, element: str, bounds: tuple[Dim, ...] | None, draw: Draw) -> str:
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    encoding = ""
    if bounds is not None:
        listed = ", ".join("?" if b is None else str(b) for b in bounds)
        if draw.chance(0.5):
            encoding = f", #mhlo.type_extensions<bounds = [{listed}]>"
        else:
            encoding = f", #stablehlo.bounds<{listed}>"
    return f"tensor<{dims}{element}{encoding}>"


def _module(operands: list[str], line: str) -> str:
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operands))
    return f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"


def _bind(results: list[str]) -> tuple[str, str]:
    bind = "" if not results else "%0 = " if len(results) == 1 else f"%0:{len(results)} = "
    out = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    return bind, out


def _names(count: int) -> str:
    return ", ".join(f"%a{i}" for i in range(count))


def _dict(entries: list[str]) -> str:
    return "{" + ", ".join(entries) + "}"


def _generic(op: str, operands: list[str], results: list[str], props: list[str], attrs: list[str]) -> str:
    bind, out = _bind(results)
    text = f'{bind}"mhlo.{op}"({_names(len(operands))})'
    if props:
        text += f" <{_dict(props)}>"
    if attrs:
        text += f" {_dict(attrs)}"
    return f"{text} : ({', '.join(operands)}) -> {out}"


# Attributes an op does not define, in the forms MLIR prints in an `invalid properties {...}` message.
DISCARDABLE = [
    "mhlo.frontend = 1 : i32",
    'a_name = "x"',
    "b = 1.5",
    "c",
    "d = [1, 2.5, [3], true]",
    "e = dense<[1, 2]> : tensor<2xi32>",
    "f = false",
    "g = array<i32: 3, 4>",
    "h = 0.1 : f32",
    "i = -3",
    "j = #mhlo<comparison_direction GE>",
    "k = dense<[[1.5, 2.0]]> : tensor<1x2xf32>",
    "zz = dense<7> : tensor<3xi8>",
]


def _place(draw: Draw, inherent: list[str]) -> tuple[list[str], list[str], str]:
    """The inherent attributes in ``<{...}>``, in ``{...}``, or split; with a discardable one now and then."""
    extra = [draw.pick(DISCARDABLE)] if draw.chance(0.15) else []
    r = draw.rng.random()
    if r < 0.45:
        return [], inherent + extra, "generic {}"
    if r < 0.85 or not inherent:
        return inherent, extra, "generic <{}>"
    k = draw.rng.randrange(len(inherent))
    return inherent[:k], inherent[k:] + extra, "generic <{}> {}"


def _counts(draw: Draw, operands: list[str], results: list[str]) -> tuple[list[str], list[str], bool]:
    """Now and then an operand or a result too many or too few (the generic form only then)."""
    if draw.chance(0.015):
        return (operands[:-1] if len(operands) > 1 and draw.chance(0.5) else [*operands, operands[0]]), results, True
    if draw.chance(0.01):
        return operands, [*results, results[0]] if draw.chance(0.6) else [], True
    return operands, results, False


# ---------------------------------------------------------------------------- the families


# The ops of the family with rules of their own (attributes, no custom form, inference), drawn more often.
SPECIAL = [
    *["reduce_precision"] * 4,
    *["stochastic_convert"] * 3,
    *["complex"] * 2,
    *"convert is_finite abs real imag acos".split(),
]


def elementwise_case(draw: Draw, index: int) -> Case:
    op = draw.pick(SPECIAL if draw.chance(0.35) else ELEMENTWISE_OPS)
    natural = NATURAL[op]
    arity = len(OPS[op].operands)
    base = draw.shape()
    element = draw.element(natural)
    unranked = 0.15 if op in UNRANKED_OPS else 0.02
    shapes = [draw.vary(base) for _ in range(arity)]
    elements = [draw.other_element(element, natural) for _ in range(arity)]
    out_element = {"is_finite": "i1", "real": "f32", "imag": "f32"}.get(op, element)
    if op == "complex":
        out_element = f"complex<{element}>" if element in ("f32", "f64") else "complex<f32>"
    if op in ("real", "imag", "abs") and element.startswith("complex<"):
        out_element = element[8:-1]
    if op in ("convert", "stochastic_convert"):
        out_element = draw.element([*FLOATS, *INTS, "i1"])
    if op == "stochastic_convert":
        width = re.match(r"b?f(\d+)", element)
        bits = int(width.group(1)) if width else 32
        elements[1] = draw.pick([f"ui{bits}"] * 4 + ["ui8", "ui32", "i32", "f32"])
        shapes[1] = draw.pick([shapes[0], shapes[0], draw.vary(base)])
    out_element = draw.other_element(out_element, natural)
    operands = [draw.tensor(s, e, unranked) for s, e in zip(shapes, elements, strict=True)]
    results = [draw.tensor(draw.vary(base), out_element, unranked)]
    props: list[str] = []
    attrs: list[str] = []
    form = "generic"
    if op == "reduce_precision":
        props, attrs, form = _place(draw, _precision(draw))
    elif draw.chance(0.1):
        attrs = ["mhlo.frontend = 1 : i32"]
        form = "generic {}"
    operands, results, miscounted = _counts(draw, operands, results)
    line = _generic(op, operands, results, props, attrs)
    if not miscounted and op not in NO_CUSTOM and draw.chance(0.45) and _custom_ok(operands, results):
        line, form = _custom_elementwise(draw, op, operands, results)
    elif not miscounted and op in NO_CUSTOM and draw.chance(0.1) and _custom_ok(operands, results, quant=False):
        # (On one line and without attributes, broadcheck's fast path takes it for the generic form: see
        # the module docstring. With a dictionary the fast path does not read, the grammar reads the line.)
        attrs_text = " {mhlo.frontend = dense<1> : tensor<1xi64>}"
        line = f"%0 = mhlo.{op} {_names(len(operands))}{attrs_text} : ({', '.join(operands)}) -> {results[0]}"
        form = "custom (it has none)"
    return Case(index, "elementwise", op, form, _module(operands, line))


def _custom_ok(operands: list[str], results: list[str], quant: bool = True) -> bool:
    """Whether a custom form may be written: the custom forms read tensor types (anything else is the
    type parser's error, not the verifier's). ``quant`` false: no quantized type at all (the parser
    rejects a custom form of an op that has none at its name, before jaxlib stops at such a type)."""
    types = (*operands, *results)
    return all(t.startswith("tensor<") for t in types) and (quant or not any("!quant" in t for t in types))


def _precision(draw: Draw) -> list[str]:
    """``exponent_bits`` and ``mantissa_bits``: mostly right, else a value or kind they do not take."""
    out = []
    for name, good in (("exponent_bits", "5 : i32"), ("mantissa_bits", "2 : i32")):
        r = draw.rng.random()
        if r < 0.65:
            out.append(f"{name} = {good}")
        elif r < 0.72:
            out.append(f"{name} = {draw.pick(['0 : i32', '-1 : i32', '8 : i32'])}")
        elif r < 0.95:
            out.append(
                f"{name} = {draw.pick(['5', '5 : i64', '5 : ui32', 'true', '5.0', '[5]', 'dense<5> : tensor<i32>'])}"
            )
        # else: missing
    return out


def _custom_elementwise(draw: Draw, op: str, operands: list[str], results: list[str]) -> tuple[str, str]:
    names = _names(len(operands))
    single = op in SINGLE_TYPE and len(set((*operands, *results))) == 1
    clause = ""
    if op == "reduce_precision":
        clause = f", format = e{draw.pick([5, 5, 8, 0, 1])}m{draw.pick([2, 10, 0, 23])}"
    if op == "complex" and results[0].startswith("tensor<") and "complex<f" in results[0] and draw.chance(0.5):
        real = re.sub(r"complex<(\w+)>", r"\1", results[0])
        if all(t == real for t in operands):
            return f"%0 = mhlo.complex {names} : {results[0]}", "custom : C"
    if single and draw.chance(0.7):
        bind = "%0 = " if draw.chance(0.9) else ""
        return f"{bind}mhlo.{op} {names}{clause} : {results[0]}", "custom : T"
    return f"%0 = mhlo.{op} {names}{clause} : ({', '.join(operands)}) -> {results[0]}", "custom (T) -> T"


def compare_case(draw: Draw, index: int) -> Case:
    natural = NATURAL["compare"]
    base = draw.shape()
    element = draw.element(natural)
    elements = [element, draw.other_element(element, natural)]
    if draw.chance(0.05):
        elements[1] = {"i32": "ui32", "f32": "f64", "i8": "i4"}.get(element, "i16")
    operands = [draw.tensor(draw.vary(base), e) for e in elements]
    result_element = "i1" if draw.chance(0.9) else draw.element([*INTS, "f32"])
    results = [draw.tensor(draw.vary(base), result_element)]
    directions = ["EQ", "NE", "GE", "GT", "LE", "LT"]
    direction = draw.pick(directions)
    inherent = []
    r = draw.rng.random()
    if r < 0.8:
        inherent.append(f"comparison_direction = #mhlo<comparison_direction {direction}>")
    elif r < 0.87:
        inherent.append(f"comparison_direction = #stablehlo<comparison_direction {direction}>")
    elif r < 0.92:
        inherent.append(
            f"comparison_direction = {draw.pick(['1 : i32', '2', 'true', '[1]', 'dense<1> : tensor<i64>'])}"
        )
    types = ["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"]
    compare_type = draw.pick(types)
    r = draw.rng.random()
    if r < 0.35:
        inherent.append(f"compare_type = #mhlo<comparison_type {compare_type}>")
    elif r < 0.42:
        inherent.append(f"compare_type = {draw.pick(['1', '#stablehlo<comparison_type FLOAT>', 'unit'])}")
    operands, results, miscounted = _counts(draw, operands, results)
    props, attrs, form = _place(draw, inherent)
    line = _generic("compare", operands, results, props, attrs)
    if not miscounted and draw.chance(0.4) and _custom_ok(operands, results):
        kind = f", {compare_type}" if draw.chance(0.4) else ""
        line = f"%0 = mhlo.compare {direction}, %a0, %a1{kind} : ({', '.join(operands)}) -> {results[0]}"
        form = "custom"
    return Case(index, "compare", "compare", form, _module(operands, line))


def select_case(draw: Draw, index: int) -> Case:
    natural = NATURAL["select"]
    base = draw.shape()
    element = draw.element(natural)
    pred_shape = () if draw.chance(0.4) else draw.vary(base)
    pred_element = "i1" if draw.chance(0.92) else draw.pick(["i8", "f32", "i32"])
    operands = [
        draw.tensor(pred_shape, pred_element),
        draw.tensor(draw.vary(base), element),
        draw.tensor(draw.vary(base), draw.other_element(element, natural)),
    ]
    if draw.chance(0.2):
        operands[2] = operands[1]
    results = [draw.tensor(draw.vary(base), draw.other_element(element, natural))]
    if draw.chance(0.25):
        results = [operands[1]]
    operands, results, miscounted = _counts(draw, operands, results)
    attrs = ["mhlo.frontend = 1 : i32"] if draw.chance(0.05) else []
    line, form = _generic("select", operands, results, [], attrs), "generic"
    if not miscounted and draw.chance(0.45) and _custom_ok(operands, results):
        if operands[1] == operands[2] == results[0] and draw.chance(0.6):
            line, form = f"%0 = mhlo.select %a0, %a1, %a2 : {operands[0]}, {results[0]}", "custom P, T"
        else:
            line, form = (
                f"%0 = mhlo.select %a0, %a1, %a2 : ({', '.join(operands)}) -> {results[0]}",
                "custom (P, T, T) -> T",
            )
    return Case(index, "select", "select", form, _module(operands, line))


def clamp_case(draw: Draw, index: int) -> Case:
    natural = NATURAL["clamp"]
    base = draw.shape()
    element = draw.element(natural)
    shapes = [() if draw.chance(0.45) else draw.vary(base), base, () if draw.chance(0.45) else draw.vary(base)]
    operands = [draw.tensor(s, draw.other_element(element, natural)) for s in shapes]
    results = [draw.tensor(draw.vary(base), draw.other_element(element, natural))]
    operands, results, miscounted = _counts(draw, operands, results)
    line, form = _generic("clamp", operands, results, [], []), "generic"
    if not miscounted and draw.chance(0.45) and _custom_ok(operands, results):
        if len(set((*operands, *results))) == 1 and draw.chance(0.6):
            line, form = f"%0 = mhlo.clamp %a0, %a1, %a2 : {results[0]}", "custom : T"
        else:
            line, form = (
                f"%0 = mhlo.clamp %a0, %a1, %a2 : ({', '.join(operands)}) -> {results[0]}",
                "custom (T, T, T) -> T",
            )
    return Case(index, "clamp", "clamp", form, _module(operands, line))


def _dimensions(draw: Draw, operand_rank: int, result_rank: int) -> list[int]:
    """broadcast_dimensions: mostly legal, else the wrong size, a duplicate or out of range."""
    legal = sorted(draw.rng.sample(range(result_rank), operand_rank)) if operand_rank <= result_rank else []
    r = draw.rng.random()
    if r < 0.7 and operand_rank <= result_rank:
        return legal if draw.chance(0.7) else draw.rng.sample(legal, len(legal))
    if r < 0.8:
        size = max(0, operand_rank + draw.pick([-1, 1]))
        return [draw.rng.randrange(max(result_rank, 1)) for _ in range(size)]
    if r < 0.9 and operand_rank >= 2:
        return [draw.rng.randrange(max(result_rank, 1))] * operand_rank
    return [draw.pick([result_rank, result_rank + 1, -1, 0]) for _ in range(operand_rank)]


def _broadcast_shapes(draw: Draw, static: bool) -> tuple[Shape, Shape, list[int]]:
    result_shape = draw.shape(draw.pick([1, 2, 3, 3]))
    if static and draw.chance(0.85):
        result_shape = tuple(2 if d is None else d for d in result_shape)
    operand_rank = draw.rng.randint(0, len(result_shape))
    dims = _dimensions(draw, operand_rank, len(result_shape))
    operand = [result_shape[d] if 0 <= d < len(result_shape) and draw.chance(0.6) else draw.dim() for d in dims]
    operand = (operand + [draw.dim() for _ in range(operand_rank)])[:operand_rank]
    return tuple(operand), result_shape, dims


def broadcast_case(draw: Draw, index: int) -> Case:
    if draw.chance(0.25):
        return _mhlo_broadcast_case(draw, index)
    natural = NATURAL["broadcast_in_dim"]
    operand_shape, result_shape, dims = _broadcast_shapes(draw, static=True)
    element = draw.element(natural)
    operands = [draw.tensor(operand_shape, element)]
    results = [draw.tensor(result_shape, draw.other_element(element, natural))]
    inherent = [f"broadcast_dimensions = {draw.ints(dims)}"] if draw.chance(0.95) else []
    props, attrs, form = _place(draw, inherent)
    operands, results, miscounted = _counts(draw, operands, results)
    line = _generic("broadcast_in_dim", operands, results, props, attrs)
    if not miscounted and draw.chance(0.08) and _custom_ok(operands, results, quant=False):
        line = f"%0 = mhlo.broadcast_in_dim %a0, dims = [{', '.join(map(str, dims))}] : ({operands[0]}) -> {results[0]}"
        form = "StableHLO's custom form"
    return Case(index, "broadcast_in_dim", "broadcast_in_dim", form, _module(operands, line))


def _mhlo_broadcast_case(draw: Draw, index: int) -> Case:
    natural = NATURAL["broadcast"]
    operand_shape = draw.shape(draw.pick([0, 1, 2]))
    sizes = [draw.pick([1, 2, 3]) for _ in range(draw.pick([0, 1, 1, 2]))]
    if draw.chance(0.05) and sizes:
        sizes[0] = -sizes[0]
    element = draw.element(natural)
    result_shape: Shape = (*sizes, *operand_shape)
    if draw.chance(0.3):
        result_shape = draw.vary(result_shape)
    operands = [draw.tensor(operand_shape, element)]
    results = [
        draw.tensor(
            tuple(None if isinstance(d, int) and d < 0 else d for d in result_shape),
            draw.other_element(element, natural),
        )
    ]
    inherent = [f"broadcast_sizes = {draw.ints(sizes)}"] if draw.chance(0.95) else []
    props, attrs, form = _place(draw, inherent)
    operands, results, miscounted = _counts(draw, operands, results)
    line = _generic("broadcast", operands, results, props, attrs)
    if not miscounted and draw.chance(0.05) and _custom_ok(operands, results, quant=False):
        line = f"%0 = mhlo.broadcast %a0, sizes = [{', '.join(map(str, sizes))}] : ({operands[0]}) -> {results[0]}"
        form = "StableHLO's custom form"
    return Case(index, "broadcast_in_dim", "broadcast", form, _module(operands, line))


def dynamic_broadcast_case(draw: Draw, index: int) -> Case:
    natural = NATURAL["dynamic_broadcast_in_dim"]
    operand_shape, result_shape, dims = _broadcast_shapes(draw, static=False)
    element = draw.element(natural)
    out_element = draw.other_element(element, natural)
    length = len(result_shape) if draw.chance(0.8) else draw.rng.randint(0, 4)
    shape_operand = (
        draw.pick([f"tensor<{length}xi64>", f"tensor<{length}xindex>", f"tensor<{length}xi32>", "tensor<?xi64>"])
        if draw.chance(0.93)
        else draw.pick(["tensor<2xf32>", "tensor<i64>", "tensor<1x2xi64>", "tensor<*xi64>", "tensor<2xui8>"])
    )
    operands = [draw.tensor(operand_shape, element), shape_operand]
    results = [draw.tensor(result_shape, out_element)]
    inherent = [f"broadcast_dimensions = {draw.ints(dims)}"] if draw.chance(0.95) else []
    rank = len(operand_shape)
    for name in ("known_expanding_dimensions", "known_nonexpanding_dimensions"):
        if draw.chance(0.25):
            hints = [draw.rng.randrange(-1, rank + 1) for _ in range(draw.rng.randint(0, 2))]
            inherent.append(f"{name} = {draw.ints(hints)}")
    props, attrs, form = _place(draw, inherent)
    operands, results, miscounted = _counts(draw, operands, results)
    line = _generic("dynamic_broadcast_in_dim", operands, results, props, attrs)
    if not miscounted and draw.chance(0.06) and _custom_ok(operands, results, quant=False):
        listed = ", ".join(map(str, dims))
        line = (
            f"%0 = mhlo.dynamic_broadcast_in_dim %a0, %a1, dims = [{listed}] : ({', '.join(operands)}) -> {results[0]}"
        )
        form = "StableHLO's custom form"
    return Case(index, "dynamic_broadcast_in_dim", "dynamic_broadcast_in_dim", form, _module(operands, line))


FAMILIES: dict[str, Callable[[Draw, int], Case]] = {
    "elementwise": elementwise_case,
    "compare": compare_case,
    "select": select_case,
    "clamp": clamp_case,
    "broadcast_in_dim": broadcast_case,
    "dynamic_broadcast_in_dim": dynamic_broadcast_case,
}


def generate(family: str, count: int, seed: int) -> list[Case]:
    """``count`` cases of one family, reproducible from ``seed``."""
    draw = Draw(random.Random(f"{family}:{seed}"))
    return [FAMILIES[family](draw, i) for i in range(count)]


# ---------------------------------------------------------------------------- the two sides

_LOC = re.compile(r":(\d+):(\d+)\)$")


def oracle_context() -> Any:
    """jaxlib's MLIR context with MHLO registered and quant loaded (fails the test when jaxlib is missing)."""
    try:
        import jax._src.interpreters.mlir  # noqa: F401
        import jaxlib.mlir.dialects.mhlo  # noqa: F401
    except ImportError as exc:
        pytest.fail(
            f"the MHLO oracle needs jax and jaxlib 0.10.2 ({exc}); run `make oracle`, or "
            "`pip install jax==0.10.2 jaxlib==0.10.2` into this environment",
            pytrace=False,
        )
    from .mhlo_quant_jaxlib import context

    return context()  # (with the quant dialect loaded)


def oracle_verdict(ctx: Any, text: str) -> Verdict:
    """What jaxlib's parser and verifier say of ``text``: its error diagnostics as (line, column, message)."""
    from jaxlib.mlir import ir

    with ctx:
        try:
            ir.Module.parse(text)
        except ir.MLIRError as err:
            out = []
            for diag in err.error_diagnostics:
                m = _LOC.search(str(diag.location))
                out.append((int(m.group(1)), int(m.group(2)), diag.message) if m else (0, 0, diag.message))
            return tuple(out)
    return ()


def broadcheck_verdict(text: str) -> Verdict | str:
    """What broadcheck says of ``text`` (a string when it raised)."""
    from broadcheck.api import check_text

    try:
        diagnostics = check_text(text, path="<case>", profile="llvm")
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    return tuple((d.line, d.column, d.message) for d in diagnostics)


# Every message the cases may get; anything else is a case outside what is compared.
KINDS = {
    name: re.compile(pattern)
    for name, pattern in {
        "no custom form": r"custom op '[\w.]+' has no custom assembly form",
        "invalid properties": r"invalid properties .*",
        "attribute constraint": r".* op attribute '\w+' failed to satisfy constraint: .*",
        "missing attribute": r".* op requires attribute '\w+'",
        "counts": r".* op (expected \d+ operands, but found \d+|requires a single operand|requires one result)",
        "type constraint": r".* op (operand|result) #\d+ must be .*",
        "compatible types": r".* op requires compatible types for all operands and results",
        "same shape": r".* op requires the same shape for all operands and results",
        "elementwise": r".* op all non-scalar operands/results must have the same shape and base type",
        "same element type": r".* op requires the same element type for all operands( and results)?",
        "compatible elements": r".* op requires compatible element types for all operands and results",
        "inferred type": r".* op inferred type\(s\) .*",
        "select": r"requires compatible types for non-predicate operands|requires the same shape for all operands",
        "clamp": r"(min|max) shape \[.*\] is not scalar and is not compatible to operand shape \[.*\]",
        "shapes match": r".* op failed to verify that all of \{.*\} have same shape",
        "random bits": r".* op requires the random's bitwidth to match the operand's, but got: \d+ and \d+",
        "broadcast dims": (
            r"broadcast_dimensions .*|size of operand dimension .*|result rank .*|duplicate expansion hint .*"
            r"|hint for expanding dimension .*|expects operand and result to have compatible element type.*"
        ),
        "broadcast sizes": r"broadcast_sizes has rank \d+ instead of required rank 1\.|Broadcast with negative .*",
        "bounds": r"Mismatched dimension .*",
        "quantization": (
            r"expect same quantization scales? and zero_points? but got .*|result quantization_dimension \d+ not same "
            r"as broadcast_dimensions\[\d+\] = -?\d+|mismatch result (scale|zero_point) \d+ .*"
        ),
    }.items()
}
QUANT_MESSAGE = re.compile(r"`!\"quant\"<.*>` type created with unregistered dialect.*")

FAMILY_KINDS = {
    "elementwise": [
        "counts", "type constraint", "compatible types", "same shape", "elementwise", "inferred type",
        "same element type", "attribute constraint", "invalid properties", "missing attribute",
        "shapes match", "random bits", "no custom form",
    ],
    "compare": ["counts", "type constraint", "same shape", "same element type", "inferred type",
                "attribute constraint", "invalid properties", "missing attribute"],
    "select": ["counts", "type constraint", "select", "inferred type"],
    "clamp": ["counts", "type constraint", "same element type", "clamp", "inferred type"],
    "broadcast_in_dim": ["counts", "type constraint", "compatible elements", "broadcast dims", "no custom form",
                         "attribute constraint", "invalid properties", "missing attribute", "broadcast sizes",
                         "same element type", "inferred type"],
    "dynamic_broadcast_in_dim": ["counts", "type constraint", "broadcast dims", "no custom form",
                                 "attribute constraint", "invalid properties", "missing attribute"],
}  # fmt: skip


def kind(verdict: Verdict) -> str:
    if not verdict:
        return "ok"
    if QUANT_MESSAGE.fullmatch(verdict[0][2]):
        return "quantized"
    return next((name for name, p in KINDS.items() if p.fullmatch(verdict[0][2])), "other: " + verdict[0][2])


@pytest.fixture(scope="module")
def ctx() -> Any:
    return oracle_context()


@pytest.mark.parametrize("family", list(FAMILIES))
def test_broadcheck_matches_mhlo(family: str, ctx: Any) -> None:
    """Verdict, message, line and column equal jaxlib's MHLO on every case of the family."""
    assert COUNT >= 2000, f"only {COUNT} cases; the point is to compare at least 2000 per family"
    cases = generate(family, COUNT, SEED)
    oracle = [oracle_verdict(ctx, c.text) for c in cases]
    kinds = [kind(v) for v in oracle]
    strays = [(c, v) for c, v, k in zip(cases, oracle, kinds, strict=True) if k.startswith("other")]
    assert not strays, f"{len(strays)} cases outside the compared rules, e.g.\n" + "\n".join(
        f"{c.text}=> {show(v)}" for c, v in strays[:5]
    )
    diffs = []
    quantized = 0
    for case, expected, k in zip(cases, oracle, kinds, strict=True):
        got = broadcheck_verdict(case.text)
        if k == "quantized":  # jaxlib cannot read the type; broadcheck passes the op over
            quantized += 1
            if got != ():
                diffs.append((case, expected, got))
        elif got != expected[:1]:  # (the custom form's failed inference adds "failed to infer returned types")
            diffs.append((case, expected, got))
    verdict_diffs = sum(1 for _, e, g in diffs if isinstance(g, str) or bool(g) != bool(e))
    forms = collections.Counter(c.form for c in cases)
    counts = collections.Counter(kinds)
    summary = (
        f"{family}: compared {len(cases)} cases over {len({c.op for c in cases})} ops (seed {SEED}; "
        f"forms {dict(forms)}); oracle verdicts: {', '.join(f'{k}: {n}' for k, n in counts.most_common())}; "
        f"differences: {len(diffs)} ({verdict_diffs} in verdict; {quantized} quantized cases passed over)"
    )
    fail_on_differences(summary, diffs, lambda case: f"--- case {case.index} ({case.op}, {case.form})", SHOW)
    thin = {k: counts[k] for k in ("ok", *FAMILY_KINDS[family]) if counts[k] < 10}
    assert not thin, f"verdicts too rare (under 10 cases): {thin}; all: {dict(counts)}"
    if family == "elementwise":
        missing = set(ELEMENTWISE_OPS) - {c.op for c in cases}
        assert not missing, f"ops never drawn: {sorted(missing)}"


# ---------------------------------------------------------------------------- the fixture

FIXTURE = os.path.join(os.path.dirname(__file__), os.pardir, "fixtures", "mhlo.mlir")
_EXPECTED = re.compile(r"expected-error *(?:@([+-][0-9]+))? *\{\{(.*)\}\}$")


def fixture_chunks(path: str = FIXTURE) -> list[tuple[int, str, list[tuple[int, str]]]]:
    """The fixture's chunks (split at ``// -----``): first line, text, and its (line, message) expectations."""
    chunks: list[tuple[int, str, list[tuple[int, str]]]] = []
    start, lines = 1, []
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for number, line in enumerate([*text.split("\n"), "// -----"], start=1):
        if line.strip() == "// -----":
            expected = []
            for offset, own in enumerate(lines):
                m = _EXPECTED.search(own.rstrip())
                if m:
                    expected.append((start + offset + int(m.group(1) or 0), m.group(2)))
            chunks.append((start, "\n".join(lines), expected))
            start, lines = number + 1, []
        else:
            lines.append(line)
    return chunks


def test_the_fixture_says_what_jaxlib_says(ctx: Any) -> None:
    """Each chunk of tests/fixtures/mhlo.mlir gets from jaxlib exactly the error it expects (or none)."""
    chunks = fixture_chunks()
    wrong = []
    for start, text, expected in chunks:
        assert len(expected) <= 1, f"chunk at line {start}: jaxlib stops at the first error; one per chunk"
        got = oracle_verdict(ctx, "\n" * (start - 1) + text)
        first = got[:1]
        if not expected and first:
            wrong.append(f"line {start}: expected no error, jaxlib says {show(first)}")
        elif expected and not (first and first[0][0] == expected[0][0] and expected[0][1] in first[0][2]):
            wrong.append(f"line {expected[0][0]}: expected {expected[0][1]!r}, jaxlib says {show(first)}")
    assert not wrong, "\n".join(wrong)
    assert sum(1 for *_, e in chunks if e) >= 60


PARSE_FIXTURE = os.path.join(os.path.dirname(__file__), os.pardir, "fixtures", "mhlo_parse.mlir")


def test_the_parse_fixture_says_what_jaxlib_says(ctx: Any) -> None:
    """Each chunk of tests/fixtures/mhlo_parse.mlir (MHLO's custom forms that its parsers reject)
    gets from jaxlib exactly the errors it expects, on their lines and in full (compare's enums
    give two); and broadcheck reports each of them at jaxlib's column too."""
    from broadcheck.api import check_text

    chunks = fixture_chunks(PARSE_FIXTURE)
    wrong = []
    for start, text, expected in chunks:
        source = "\n" * (start - 1) + text
        got = oracle_verdict(ctx, source)
        if sorted((line, message) for line, _, message in got) != sorted(expected):
            wrong.append(f"chunk at line {start}: expected {expected}, jaxlib says {show(got)}")
            continue
        ours = {(d.line, d.column, d.message) for d in check_text(source, path="<case>", profile="llvm")}
        wrong += [
            f"line {line}: jaxlib says {message!r} at column {column}; broadcheck does not"
            for line, column, message in got
            if (line, column, message) not in ours
        ]
    assert not wrong, "\n".join(wrong)
    assert sum(1 for *_, e in chunks if e) >= 60
