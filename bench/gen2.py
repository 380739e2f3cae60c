"""Generate a second style of realistic MLIR for benchmarking broadcheck: exported models.

:mod:`bench.gen` writes one TOSA-heavy style (``f32``, equal ranks, named
arguments, type aliases). This generator writes what model exporters print,
one exporter per function, mixed in one ``module``:

* **jax** (about 40% of the functions): StableHLO and CHLO as JAX exports
  them: ``func.func public @main_3(%arg0: ... {mhlo.layout_mode = "default"})
  -> (... {jax.result_info = ""})``, ``%cst``/``%c`` constants,
  ``stablehlo.add %a, %b : tensor<...>`` (and a few in generic form), unary
  ops, ``stablehlo.compare  GT, ...,  FLOAT`` (the old two-space spelling and
  the current one), ``select`` with a scalar or a full mask, ``clamp``,
  ``convert``, ``broadcast_in_dim`` in custom (``dims = [...]``) and generic
  (``<{broadcast_dimensions = array<i64: ...>}>``) form, and for shapes with
  ``?`` ``shape.shape_of`` + ``stablehlo.dynamic_broadcast_in_dim``;
  ``chlo.broadcast_*`` NumPy-style and XLA-style (``{broadcast_dimensions =
  array<i64: 1>}`` mapping a lower-rank operand onto inner dimensions),
  ``broadcast_compare`` and ``broadcast_select``; unchecked ``dot_general``,
  ``transpose``, ``reshape``, ``iota``, ``custom_call``,
  ``get_dimension_size``, ``stablehlo.reduce`` (compact and with a
  multi-line ``reducer`` region holding checked ops), ``"stablehlo.if"`` with
  two regions of checked ops, ``call`` of small private functions (``@gelu_3``,
  written after the caller); every op ends in ``loc(#locN)`` and the ``#locN =
  loc(...)`` table closes the file (function arguments carry no ``loc``: see
  the note below);
* **tosa** (25%): TOSA 1.0 as ``iree-opt`` prints it, with integer types:
  ``i32``/``i16``/``i8`` and float ``add``, ``intdiv``, bitwise and shift ops
  (``arithmetic_right_shift ... round(false)``), ``tosa.mul`` with its
  ``tensor<1xi8>`` shift operand (``i16 x i16 -> i32`` too), comparisons,
  ``logical_*`` on ``i1``, ``select``, unary ops, ``negate`` with its zero
  points, ``clamp ... min_val(0 : i32) max_val(127 : i32)``, ``cast``,
  ``rescale`` between ``i32`` and ``i8``, generic forms with ``nan_mode``;
  unchecked ``tosa.const  values(...)``, ``const_shape`` + ``reshape``,
  ``transpose ... perms([...])``, ``reduce_sum``/``reduce_max``;
* **onnx** (20%): onnx-mlir's generic ops with ``onnx_node_name``:
  ``"onnx.Add"``, ``Mul``, ``Sub``, ``Div``, ``Pow``, ``Max``/``Min``/``Sum``/
  ``Mean`` with 2-4 operands, ``Where``, ``Equal``/``Less``/``Greater``,
  ``And``/``Or``, ``MatMul`` (batched), ``Gemm`` (``transB = 1``), ``PRelu``;
  unchecked ``onnx.Constant``, ``Relu``, ``Sigmoid``, ``Softmax``, ``Cast``,
  ``Transpose``, ``Reshape``; ``i64`` and ``f16`` besides ``f32``;
* **tflite** (15%): ``"tfl.add"`` and friends with
  ``fused_activation_function = "NONE"``/``"RELU"``/``"RELU6"`` (as properties
  ``<{...}>`` or, in older files, an attribute dictionary), comparisons,
  ``select_v2``, ``logical_and``/``or``, ``squared_difference``;
  ``"tfl.pseudo_const"`` or ``arith.constant``, ``tfl.reshape``,
  ``tfl.relu``...; ``loc("...")`` and ``loc(fused["Add:", "..."])``; ranks up
  to 4 (the TFLite runtime broadcasts no further).

Shapes come from a pool of 400 (ranks 0-6; small batch sizes first, spatial
and sequence sizes in the middle, feature sizes up to 50257 last; ``?`` in
almost half of the leading dimensions and in a quarter of the second ones);
the NumPy-style ops (chlo, onnx, tfl) broadcast across ranks, TOSA across
equal ranks, and each function works on a dozen types.

Every op is valid for ``iree-opt --allow-unregistered-dialect`` (3.13) and for
broadcheck, except the deliberately wrong ones: about ``error_rate`` of all
ops (0.1%, so about 100 in a 100k-op file). They are all in unregistered ops
(onnx and tfl), which iree-opt accepts without knowing their rules, so the
whole file verifies, while broadcheck must report each of them with one code:

* ``"onnx.*"`` with an operand whose static size is one more than the
  result's (``BC401``), or with a result whose static size is one off
  (``BC302``);
* ``"tfl.*"`` the same way (``BC101``, ``BC102``).

Not generated, on purpose: ``loc(...)`` after a function argument's type
(``%arg0: tensor<4xf32> loc("x")``, as ``--mlir-print-debuginfo`` prints it):
broadcheck's value flow reads the location as part of the type and reports a
false BC011 at every use, which would swamp the timing with diagnostics.

The generator records each planted error's line and code
(:attr:`Stats.wrong_lines`, :attr:`Stats.expected_codes`; ``--expected FILE``
writes them as JSON). ``ops`` counts op statements inside functions, nested
ones included, as :mod:`bench.gen` does; the same ``ops`` and ``seed`` give
the same file, byte for byte.

Usage::

    python -m bench.gen2 --ops 100000 --seed 1 -o /tmp/model2.mlir --expected /tmp/model2.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field

from bench.gen import broadcast_variant, generator_cli, write_lines

VERSION = 1
"""Bumped whenever the output for a given (ops, seed) changes; part of the cache key in bench.run."""

Dim = int | None
Shape = tuple[Dim, ...]

DEFAULT_ERROR_RATE = 0.001
POOL_SIZE = 400

STYLES = ("jax", "tosa", "onnx", "tflite")
_STYLE_WEIGHTS = (40, 25, 20, 15)
_FUNCTION_OPS = {"jax": (150, 1400), "tosa": (400, 1200), "onnx": (300, 900), "tflite": (100, 600)}
_ERROR_STYLES = ("onnx", "tflite")


def _error_share() -> float:
    """The expected share of all ops that are in functions of the styles that hold the planted errors."""
    sizes = {s: (lo + hi) / 2 * w for (s, (lo, hi)), w in zip(_FUNCTION_OPS.items(), _STYLE_WEIGHTS, strict=True)}
    return sum(sizes[s] for s in _ERROR_STYLES) / sum(sizes.values())


_ERROR_SHARE = _error_share()

# Sizes by position: a batch (the first of three or more dims), spatial or sequence dims, features (the last).
_BATCH_SIZES = (1, 1, 1, 2, 4, 8, 16, 32, 64)
_MIDDLE_SIZES = (1, 1, 1, 2, 3, 4, 7, 8, 12, 14, 16, 28, 32, 56, 64, 77, 112, 128, 196, 197, 224, 256, 512, 1024, 2048)
_FEATURE_SIZES = (
    *(1, 1, 3, 4, 16, 32, 64, 80, 96, 128, 256, 320, 384, 512, 640, 768, 1000, 1024, 1280, 2048),
    *(3072, 4096, 5120, 32000, 50257),
)
_RANK_WEIGHTS = (2, 10, 22, 28, 25, 9, 4)  # ranks 0..6
_ELEMENTS = {
    "jax": (("f32", 45), ("bf16", 20), ("i32", 20), ("f16", 5), ("i64", 5), ("i8", 5)),
    "tosa": (("i32", 35), ("f32", 30), ("i16", 10), ("i8", 10), ("f16", 10), ("bf16", 5)),
    "onnx": (("f32", 60), ("i64", 25), ("f16", 10), ("i32", 5)),
    "tflite": (("f32", 75), ("i32", 20), ("i64", 5)),
}
_FLOATS = ("f32", "f16", "bf16")

# StableHLO / CHLO
_HLO_FLOAT_BINARY = (
    *("add",) * 5,
    *("multiply",) * 4,
    *("subtract", "subtract", "divide", "maximum", "minimum", "power", "remainder", "atan2"),
)
_HLO_INT_BINARY = (
    *("add",) * 4,
    *("multiply", "multiply", "subtract", "divide", "maximum", "minimum", "remainder"),
    *("and", "or", "xor", "shift_left", "shift_right_arithmetic", "shift_right_logical"),
)
_HLO_FLOAT_UNARY = (
    *("exponential", "tanh", "logistic", "rsqrt", "sqrt", "log", "negate", "abs", "sine", "cosine"),
    *("floor", "exponential_minus_one", "log_plus_one"),
)
_HLO_INT_UNARY = ("negate", "abs", "not", "popcnt")
_CHLO_FLOAT = ("add", "add", "add", "multiply", "multiply", "subtract", "divide", "maximum", "minimum", "power")
_CHLO_INT = ("add", "add", "multiply", "subtract", "maximum", "minimum", "and", "or", "xor", "remainder")
_DIRECTIONS = ("EQ", "NE", "LT", "LE", "GT", "GE")
_JAX_PRIMS = ("add", "mul", "sub", "max", "div", "select_n", "broadcast_in_dim", "convert_element_type", "dot_general")
_JAX_SCOPES = ("attention", "mlp", "layer_norm", "embed", "decoder", "encoder", "head", "rope")

# TOSA
_TOSA_FLOAT_BINARY = ("add", "add", "add", "sub", "maximum", "minimum", "pow")
_TOSA_SHIFTS = ("logical_left_shift", "logical_right_shift", "arithmetic_right_shift")
_TOSA_I32_BINARY = (
    "add",
    "add",
    "add",
    "sub",
    "maximum",
    "minimum",
    "intdiv",
    "bitwise_and",
    "bitwise_or",
    *_TOSA_SHIFTS,
)
_TOSA_SMALL_INT_BINARY = ("bitwise_and", "bitwise_or", "bitwise_xor", *_TOSA_SHIFTS)
_TOSA_FLOAT_UNARY = ("exp", "tanh", "sigmoid", "reciprocal", "rsqrt", "floor", "ceil", "log", "erf", "abs")
_TOSA_INT_UNARY = ("bitwise_not", "abs")

# ONNX
_ONNX_BINARY = (*("Add",) * 6, *("Mul",) * 4, "Sub", "Sub", "Div", "Div")
_ONNX_SCOPES = ("/encoder/layer.{}/attention", "/encoder/layer.{}/intermediate", "/decoder/block.{}", "/stem/conv{}")

# TFLite
_TFL_BINARY = (*("add",) * 5, *("mul",) * 3, "sub", "sub", "div", "maximum", "minimum", "squared_difference", "pow")
_TFL_FLOAT_ONLY = ("div", "squared_difference", "pow")
_TFL_I64_OK = ("add", "mul", "sub", "maximum", "minimum")
_TFL_COMPARE = ("less", "greater", "equal", "not_equal", "greater_equal", "less_equal")
_TFL_SCOPES = ("model/block_{}", "model/stage{}/conv", "sequential/dense_{}", "model/tf.math.add_{}")


@dataclass
class Stats:
    """What one generated file holds.

    ``wrong_lines`` are the 1-based lines of the planted errors and ``expected_codes`` the code broadcheck
    must report at each (the same order); ``styles`` counts the ops of each exporter style.
    """

    ops: int = 0
    checked: int = 0
    wrong: int = 0
    lines: int = 0
    functions: int = 0
    distinct_signatures: int = 0
    wrong_lines: list[int] = field(default_factory=list)
    expected_codes: list[str] = field(default_factory=list)
    styles: dict[str, int] = field(default_factory=dict)

    def expected(self) -> list[tuple[int, str]]:
        """The planted errors as (line, code), in file order."""
        return list(zip(self.wrong_lines, self.expected_codes, strict=True))


def type_str(shape: Shape, element: str) -> str:
    """``tensor<2x?x3xi32>``; ``tensor<i32>`` for rank 0."""
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}{element}>"


def _is_static(shape: Shape) -> bool:
    return all(d is not None for d in shape)


def _dims(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _array(values: list[int]) -> str:
    return "array<i64" + "".join((": " if i == 0 else ", ") + str(v) for i, v in enumerate(values)) + ">"


def _is_float(element: str) -> bool:
    return element in _FLOATS


def _literal(rng: random.Random, element: str) -> str:
    if element == "i1":
        return rng.choice(("true", "false"))
    if _is_float(element):
        return rng.choice(("0.000000e+00", "1.000000e+00", "-1.000000e+00", "5.000000e-01", "9.99999974E-6"))
    return rng.choice(("0", "1", "1", "-1", "2", "127"))


class _Function:
    """One function being built: its body lines, arguments, values in scope and planted errors."""

    def __init__(self, style: str, name: str) -> None:
        self.style = style
        self.name = name
        self.body: list[str] = []
        self.args: list[str] = []  # types, in order: %arg0, %arg1, ...
        self.frames: list[dict[str, list[str]]] = [{}]  # key (a type, or a cache key) -> values
        self.next_value = 0
        self.next_float_const = 0
        self.next_int_const = 0
        self.indent = "    "
        self.wrong_at: list[tuple[int, str]] = []  # (index into body, code)
        self.last: list[tuple[str, str]] = []  # the last top-level results: (value, type)

    def fresh(self) -> str:
        name = f"%{self.next_value}"
        self.next_value += 1
        return name

    def fresh_const(self, element: str) -> str:
        """JAX's names: ``%cst``, ``%cst_0``, ... for floats, ``%c``, ``%c_0``, ... for the rest."""
        if _is_float(element):
            n, self.next_float_const = self.next_float_const, self.next_float_const + 1
            return "%cst" if n == 0 else f"%cst_{n - 1}"
        n, self.next_int_const = self.next_int_const, self.next_int_const + 1
        return "%c" if n == 0 else f"%c_{n - 1}"

    def emit(self, text: str) -> None:
        self.body.append(self.indent + text)

    def define(self, key: str, value: str) -> None:
        self.frames[-1].setdefault(key, []).append(value)

    def lookup(self, key: str) -> list[str]:
        found: list[str] = []
        for frame in self.frames:
            found.extend(frame.get(key, ()))
        return found

    def add_arg(self, typ: str) -> str:
        name = f"%arg{len(self.args)}"
        self.args.append(typ)
        self.frames[0].setdefault(typ, []).append(name)
        return name


class Generator:
    """Streams the lines of one generated file; :attr:`stats` is complete once the lines are exhausted."""

    def __init__(self, ops: int, seed: int, error_rate: float = DEFAULT_ERROR_RATE) -> None:
        if ops < 1:
            raise ValueError("ops must be at least 1")
        self.total = ops
        self.seed = seed
        self.error_rate = error_rate
        self.rng = random.Random(f"bench.gen2:{seed}")
        self.stats = Stats(styles={s: 0 for s in STYLES})
        self.signatures: set[str] = set()
        self.pool = self._pool()
        self.variants: dict[Shape, list[Shape]] = {}
        self.suffixes: dict[Shape, list[Shape]] = {}
        self.fn = _Function("jax", "")
        self.budget = 0
        self.helpers: dict[str, str] = {}  # type -> a private function from it to it (gelu_3, ...)
        self.pending: list[str] = []  # the lines of helpers made while a function is built, written after it
        self.locs = [self._loc(i) for i in range(64)]
        # The planted errors form a Poisson process over the ops of the onnx and tflite functions, at a rate
        # that makes error_rate of all ops wrong on average.
        self.error_ops = 0
        self.next_wrong = self._gap()

    def _gap(self) -> float:
        return self.rng.expovariate(self.error_rate / _ERROR_SHARE) if self.error_rate > 0 else float("inf")

    def _loc(self, i: int) -> str:
        rng = self.rng
        scope = f"{rng.choice(_JAX_SCOPES)}_{rng.randrange(24)}"
        line, col = rng.randrange(20, 900), rng.choice((4, 8, 11, 12, 15, 16))
        return f'#loc{i + 1} = loc("jit(forward)/jit(main)/{scope}/{rng.choice(_JAX_PRIMS)}"("model.py":{line}:{col}))'

    # --- shapes ---------------------------------------------------------

    def _pool(self) -> list[Shape]:
        rng = self.rng
        pool: dict[Shape, None] = {}
        while len(pool) < POOL_SIZE:
            rank = rng.choices(range(7), _RANK_WEIGHTS)[0]
            shape: list[Dim] = []
            for i in range(rank):
                dynamic = rng.random() < (0.45 if i == 0 else 0.25 if i == 1 else 0.08)
                sizes: tuple[int, ...]
                if i == rank - 1:
                    sizes = _FEATURE_SIZES
                elif i == 0 and rank >= 3:
                    sizes = _BATCH_SIZES
                else:
                    sizes = _MIDDLE_SIZES
                shape.append(None if dynamic else rng.choice(sizes))
            pool[tuple(shape)] = None
        return list(pool)

    def _variant(self, shape: Shape) -> Shape:
        """The shape with some sizes set to 1 (and a few static ones to ``?``): it broadcasts to ``shape``."""
        return broadcast_variant(self.rng, shape, (0.3, 0.4, 0.46))

    def variant(self, shape: Shape) -> Shape:
        """One of the shape's four fixed equal-rank broadcast variants (so types repeat)."""
        if shape not in self.variants:
            self.variants[shape] = [self._variant(shape) for _ in range(4)]
        return self.rng.choice(self.variants[shape])

    def suffix(self, shape: Shape) -> Shape:
        """One of the shape's fixed lower-rank broadcast variants (leading dims dropped); the shape for rank 0."""
        if not shape:
            return shape
        if shape not in self.suffixes:
            self.suffixes[shape] = [self._variant(shape)[self.rng.randint(1, len(shape)) :] for _ in range(3)]
        return self.rng.choice(self.suffixes[shape])

    # --- types and values -----------------------------------------------

    def value(self, shape: Shape, element: str) -> str:
        """A value of this type in scope, defining one (constant, mask or argument) if needed."""
        fn, rng = self.fn, self.rng
        key = type_str(shape, element)
        found = fn.lookup(key)
        if found:
            return found[-1] if rng.random() < 0.6 else rng.choice(found[-8:])
        if self.budget > 0 and _is_static(shape) and rng.random() < 0.6:
            return self.constant(shape, element, _literal(rng, element))
        if self.budget > 2 and element == "i1" and rng.random() < 0.8:
            return self.mask(shape)
        return fn.add_arg(key)

    def aux(self, typ: str, literal: str) -> str:
        """A small constant operand (a shift, a zero point, a multiplier): one per function, else an argument."""
        key = f"const {typ} {literal}"
        found = self.fn.lookup(key)
        if found:
            return found[-1]
        if self.budget <= 0:
            return self.fn.add_arg(typ)
        name = self.fn.fresh()
        self.fn.emit(f"{name} = tosa.const  values(dense<{literal}> : {typ}) : () -> {typ}")
        self.count(checked=False)
        self.fn.define(key, name)
        return name

    def constant(self, shape: Shape, element: str, literal: str) -> str:
        """A splat constant in the function's style."""
        fn, style = self.fn, self.fn.style
        t = type_str(shape, element)
        if style == "jax":
            name = fn.fresh_const(element)
            fn.emit(f"{name} = stablehlo.constant dense<{literal}> : {t}{self.loc()}")
        elif style == "tosa":
            name = fn.fresh()
            fn.emit(f"{name} = tosa.const  values(dense<{literal}> : {t}) : () -> {t}")
        elif style == "onnx":
            name = fn.fresh()
            fn.emit(f'{name} = "onnx.Constant"() {{value = dense<{literal}> : {t}}} : () -> {t}')
        else:
            name = fn.fresh_const("f32")
            if self.tfl_arith_consts:
                fn.emit(f"{name} = arith.constant dense<{literal}> : {t}")
            else:
                fn.emit(f'{name} = "tfl.pseudo_const"() <{{value = dense<{literal}> : {t}}}> : () -> {t}')
        self.count(checked=False)
        fn.define(t, name)
        return name

    def operands(self, shape: Shape, element: str, count: int, mode: str) -> list[tuple[str, Shape]]:
        """``count`` operands that broadcast exactly to ``shape`` (one has ``shape`` itself).

        ``mode``: ``same`` (all ``shape``), ``rank`` (equal ranks) or ``numpy`` (lower ranks too).
        """
        rng = self.rng
        full = rng.randrange(count)
        shapes: list[Shape] = []
        for i in range(count):
            if mode == "same" or i == full or rng.random() < 0.3:
                shapes.append(shape)
            elif mode == "numpy" and shape and rng.random() < 0.45:
                shapes.append(self.suffix(shape))
            else:
                shapes.append(self.variant(shape))
        self.budget -= 1  # reserve the op itself
        values = [(self.value(s, element), s) for s in shapes]
        self.budget += 1
        return values

    def count(self, checked: bool) -> None:
        self.budget -= 1
        self.stats.ops += 1
        self.stats.styles[self.fn.style] += 1
        if self.fn.style in _ERROR_STYLES:
            self.error_ops += 1
        if checked:
            self.stats.checked += 1

    def result(self, value: str, shape: Shape, element: str) -> None:
        t = type_str(shape, element)
        self.fn.define(t, value)
        if len(self.fn.frames) == 1 and element != "i1":
            self.fn.last = [*self.fn.last[-1:], (value, t)]

    def signature(self, operands: list[str], result: str) -> str:
        sig = f"({', '.join(operands)}) -> {result}"
        self.signatures.add(sig)
        return sig

    def loc(self) -> str:
        """A JAX-style location reference (the table closes the file)."""
        return f" loc(#loc{self.rng.randrange(len(self.locs)) + 1})"

    def mask(self, shape: Shape) -> str:
        """An ``i1`` value of this shape made by a comparison in the function's style."""
        rng, fn, style = self.rng, self.fn, self.fn.style
        element = "f32" if style != "tosa" else rng.choice(("i32", "f32"))
        self.budget -= 1
        a, b = self.value(shape, element), self.value(shape, element)
        self.budget += 1
        t, r = type_str(shape, element), type_str(shape, "i1")
        name = fn.fresh()
        if style == "jax":
            fn.emit(
                f"{name} = stablehlo.compare {rng.choice(_DIRECTIONS)}, {a}, {b}, FLOAT : ({t}, {t}) -> {r}{self.loc()}"
            )
        elif style == "tosa":
            fn.emit(f"{name} = tosa.greater {a}, {b} : {self.signature([t, t], r)}")
        elif style == "onnx":
            fn.emit(f'{name} = "onnx.{rng.choice(("Less", "Greater"))}"({a}, {b}) : {self.signature([t, t], r)}')
        else:
            fn.emit(f'{name} = "tfl.{rng.choice(("less", "greater"))}"({a}, {b}) : {self.signature([t, t], r)}')
        self.count(checked=True)
        self.result(name, shape, "i1")
        return name

    # --- jax: StableHLO and CHLO -------------------------------------------

    def hlo_binary(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        op = rng.choice(_HLO_FLOAT_BINARY if _is_float(element) else _HLO_INT_BINARY)
        (a, _), (b, _) = self.operands(shape, element, 2, "same")
        t = type_str(shape, element)
        name = fn.fresh()
        if rng.random() < 0.06:
            fn.emit(f'{name} = "stablehlo.{op}"({a}, {b}) : {self.signature([t, t], t)}{self.loc()}')
        else:
            fn.emit(f"{name} = stablehlo.{op} {a}, {b} : {t}{self.loc()}")
        self.count(checked=True)
        self.result(name, shape, element)

    def hlo_unary(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        op = rng.choice(_HLO_FLOAT_UNARY if _is_float(element) else _HLO_INT_UNARY)
        self.budget -= 1
        a = self.value(shape, element)
        self.budget += 1
        name = fn.fresh()
        fn.emit(f"{name} = stablehlo.{op} {a} : {type_str(shape, element)}{self.loc()}")
        self.count(checked=True)
        self.result(name, shape, element)

    def hlo_compare(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        (a, _), (b, _) = self.operands(shape, element, 2, "same")
        t, r = type_str(shape, element), type_str(shape, "i1")
        kind = "FLOAT" if _is_float(element) else "SIGNED"
        direction = rng.choice(_DIRECTIONS)
        name = fn.fresh()
        r_ = rng.random()
        if r_ < 0.4:  # JAX's older printer
            fn.emit(f"{name} = stablehlo.compare  {direction}, {a}, {b},  {kind} : ({t}, {t}) -> {r}{self.loc()}")
        elif r_ < 0.85:
            fn.emit(f"{name} = stablehlo.compare {direction}, {a}, {b}, {kind} : ({t}, {t}) -> {r}{self.loc()}")
        else:
            fn.emit(f"{name} = stablehlo.compare {direction}, {a}, {b} : ({t}, {t}) -> {r}{self.loc()}")
        self.signatures.add(f"({t}, {t}) -> {r}")
        self.count(checked=True)
        self.result(name, shape, "i1")

    def hlo_select(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        scalar = bool(shape) and rng.random() < 0.25
        self.budget -= 1
        pred = self.value(() if scalar else shape, "i1")
        self.budget += 1
        (a, _), (b, _) = self.operands(shape, element, 2, "same")
        t, p = type_str(shape, element), type_str(() if scalar else shape, "i1")
        name = fn.fresh()
        fn.emit(f"{name} = stablehlo.select {pred}, {a}, {b} : {p}, {t}{self.loc()}")
        self.signatures.add(f"({p}, {t}, {t}) -> {t}")
        self.count(checked=True)
        self.result(name, shape, element)

    def hlo_clamp(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        bounds: Shape = () if rng.random() < 0.7 else shape
        self.budget -= 1
        lo, x, hi = self.value(bounds, element), self.value(shape, element), self.value(bounds, element)
        self.budget += 1
        t, s = type_str(shape, element), type_str(bounds, element)
        name = fn.fresh()
        if bounds == shape:
            fn.emit(f"{name} = stablehlo.clamp {lo}, {x}, {hi} : {t}{self.loc()}")
        else:
            fn.emit(f"{name} = stablehlo.clamp {lo}, {x}, {hi} : {self.signature([s, t, s], t)}{self.loc()}")
        self.count(checked=True)
        self.result(name, shape, element)

    def hlo_convert(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        source = rng.choice([e for e in ("f32", "bf16", "i32", "f16") if e != element])
        self.budget -= 1
        a = self.value(shape, source)
        self.budget += 1
        name = fn.fresh()
        t, s = type_str(shape, element), type_str(shape, source)
        fn.emit(f"{name} = stablehlo.convert {a} : {self.signature([s], t)}{self.loc()}")
        self.count(checked=True)
        self.result(name, shape, element)

    def hlo_broadcast(self, shape: Shape, element: str) -> None:
        """``broadcast_in_dim`` to a static shape; ``shape_of`` + ``dynamic_broadcast_in_dim`` otherwise."""
        rng, fn = self.rng, self.fn
        rank = len(shape)
        r = rng.randint(0, max(0, rank - 1)) if rank else 0
        dims = sorted(rng.sample(range(rank), r))
        operand = tuple(1 if rng.random() < 0.3 else shape[d] for d in dims)
        t, s = type_str(shape, element), type_str(operand, element)
        if _is_static(shape):
            self.budget -= 1
            x = self.value(operand, element)
            self.budget += 1
            name = fn.fresh()
            if rng.random() < 0.15:
                attr = f"<{{broadcast_dimensions = {_array(dims)}}}>"
                fn.emit(f'{name} = "stablehlo.broadcast_in_dim"({x}) {attr} : {self.signature([s], t)}{self.loc()}')
            else:
                sig = self.signature([s], t)
                fn.emit(f"{name} = stablehlo.broadcast_in_dim {x}, dims = {_dims(dims)} : {sig}{self.loc()}")
        else:
            self.budget -= 2
            full, x = self.value(shape, element), self.value(operand, element)
            self.budget += 2
            key = f"shape_of {full}"
            known = fn.lookup(key)
            extent = f"tensor<{rank}xindex>"
            if known:
                shape_value = known[-1]
            else:
                shape_value = fn.fresh()
                fn.emit(f"{shape_value} = shape.shape_of {full} : {t} -> {extent}{self.loc()}")
                self.count(checked=False)
                fn.define(key, shape_value)
            name = fn.fresh()
            sig = self.signature([s, extent], t)
            head = f"{name} = stablehlo.dynamic_broadcast_in_dim {x}, {shape_value}, dims = {_dims(dims)}"
            fn.emit(f"{head} : {sig}{self.loc()}")
        self.count(checked=True)
        self.result(name, shape, element)

    def chlo(self, shape: Shape, element: str) -> None:
        """``chlo.broadcast_*``: NumPy-style, or XLA-style with ``broadcast_dimensions`` for a lower-rank operand."""
        rng, fn = self.rng, self.fn
        rank = len(shape)
        kind = rng.random()
        op = (
            "compare"
            if kind < 0.12
            else "select"
            if kind < 0.2
            else rng.choice(_CHLO_FLOAT if _is_float(element) else _CHLO_INT)
        )
        operands: list[tuple[str, Shape]]
        dims: list[int] | None = None
        if op != "select" and rank >= 2 and rng.random() < 0.3:
            # XLA style: a lower-rank operand mapped onto some (not only the trailing) dimensions.
            dims = sorted(rng.sample(range(rank), rng.randint(1, rank - 1)))
            varied = self.variant(shape)
            small = tuple(varied[d] for d in dims)
            self.budget -= 1
            operands = [(self.value(shape, element), shape), (self.value(small, element), small)]
            self.budget += 1
            if rng.random() < 0.5:
                operands.reverse()
        else:
            operands = self.operands(shape, element, 2, "numpy")
            low = min(len(s) for _, s in operands)
            if op != "select" and 0 < low < rank and rng.random() < 0.5:
                dims = list(range(rank - low, rank))
        types = [type_str(s, element) for _, s in operands]
        attrs: list[str] = []
        if dims is not None:
            attrs.append(f"broadcast_dimensions = {_array(dims)}")
        result_element = element
        if op == "compare":
            attrs.append(f"comparison_direction = #chlo<comparison_direction {rng.choice(_DIRECTIONS)}>")
            if rng.random() < 0.3:
                attrs.append(f"compare_type = #chlo<comparison_type {'FLOAT' if _is_float(element) else 'SIGNED'}>")
            result_element = "i1"
        elif op == "select":
            mask_shape = rng.choice((shape, self.variant(shape), self.suffix(shape)))
            self.budget -= 1
            pred = self.value(mask_shape, "i1")
            self.budget += 1
            operands = [(pred, mask_shape), *operands]
            types = [type_str(mask_shape, "i1"), *types]
        values = ", ".join(v for v, _ in operands)
        attr = f" {{{', '.join(attrs)}}}" if attrs else ""
        name = fn.fresh()
        sig = self.signature(types, type_str(shape, result_element))
        fn.emit(f"{name} = chlo.broadcast_{op} {values}{attr} : {sig}{self.loc()}")
        self.count(checked=True)
        self.result(name, shape, result_element)

    def hlo_unchecked(self, shape: Shape, element: str) -> None:
        """An op broadcheck passes over: dot_general, transpose, reshape, iota, custom_call, get_dimension_size."""
        rng, fn = self.rng, self.fn
        t = type_str(shape, element)
        r = rng.random()
        rank = len(shape)
        name = fn.fresh()
        if r < 0.3 and rank in (2, 3):
            k = rng.choice((64, 128, 256, 768, 1024))
            lhs: Shape
            rhs: Shape
            if rank == 2:
                lhs, rhs = (shape[0], k), (k, shape[1])
                spec = "contracting_dims = [1] x [0]"
            else:
                lhs, rhs = (shape[0], shape[1], k), (shape[0], k, shape[2])
                spec = "batching_dims = [0] x [0], contracting_dims = [2] x [1]"
            self.budget -= 1
            a, b = self.value(lhs, element), self.value(rhs, element)
            self.budget += 1
            ta, tb = type_str(lhs, element), type_str(rhs, element)
            fn.emit(f"{name} = stablehlo.dot_general {a}, {b}, {spec} : ({ta}, {tb}) -> {t}{self.loc()}")
            self.count(checked=False)
            self.result(name, shape, element)
            return
        if r < 0.45 and rank >= 1 and _is_static(shape) and not _is_float(element) and element != "i8":
            fn.emit(f"{name} = stablehlo.iota dim = {rng.randrange(rank)} : {t}{self.loc()}")
            self.count(checked=False)
            self.result(name, shape, element)
            return
        self.budget -= 1
        x = self.value(shape, element)
        self.budget += 1
        if r < 0.6 and rank >= 2:
            perm = list(range(rank))
            i = rng.randrange(rank - 1)
            perm[i], perm[i + 1] = perm[i + 1], perm[i]
            out = type_str(tuple(shape[p] for p in perm), element)
            fn.emit(f"{name} = stablehlo.transpose {x}, dims = {_dims(perm)} : ({t}) -> {out}{self.loc()}")
            fn.define(out, name)
        elif r < 0.75 and rank >= 1 and _is_static(shape):
            size = 1
            for d in shape:
                assert d is not None
                size *= d
            out = type_str((size,), element)
            fn.emit(f"{name} = stablehlo.reshape {x} : ({t}) -> {out}{self.loc()}")
            fn.define(out, name)
        elif r < 0.9:
            fn.emit(
                f'{name} = stablehlo.custom_call @Sharding({x}) {{mhlo.sharding = "{{replicated}}"}} : ({t}) -> {t}'
                + self.loc()
            )
            self.result(name, shape, element)
        else:
            dim = rng.randrange(rank) if rank else 0
            if rank:
                fn.emit(f"{name} = stablehlo.get_dimension_size {x}, dim = {dim} : ({t}) -> tensor<i32>{self.loc()}")
                fn.define("tensor<i32>", name)
            else:
                fn.emit(f"{name} = stablehlo.negate {x} : {t}{self.loc()}")
                self.count(checked=True)
                self.result(name, shape, element)
                return
        self.count(checked=False)

    def hlo_reduce(self, shape: Shape, element: str) -> None:
        """``stablehlo.reduce`` to ``shape`` over an inserted dimension: compact, or with a ``reducer`` region."""
        rng, fn = self.rng, self.fn
        k = rng.randint(0, len(shape))
        source = (*shape[:k], rng.choice((8, 16, 64, 128, 512, None)), *shape[k:])
        scalar = type_str((), element)
        self.budget -= 3
        x = self.value(source, element)
        init = self.value((), element)
        self.budget += 3
        t, s = type_str(shape, element), type_str(source, element)
        name = fn.fresh()
        combiner = "add" if rng.random() < 0.6 else "maximum" if _is_float(element) else "or"
        head = f"{name} = stablehlo.reduce({x} init: {init})"
        if rng.random() < 0.5 or self.budget < 3:
            fn.emit(
                f"{head} applies stablehlo.{combiner} across dimensions = [{k}] : ({s}, {scalar}) -> {t}{self.loc()}"
            )
            self.count(checked=False)
        else:
            fn.emit(f"{head} across dimensions = [{k}] : ({s}, {scalar}) -> {t}")
            self.count(checked=False)
            n = fn.next_value
            lhs, rhs = f"%lhs_{n}", f"%rhs_{n}"
            fn.body.append(f"{fn.indent} reducer({lhs}: {scalar}, {rhs}: {scalar})  {{")
            inner = fn.indent
            fn.indent += "  "
            first = fn.fresh()
            fn.emit(f"{first} = stablehlo.{combiner} {lhs}, {rhs} : {scalar}{self.loc()}")
            self.count(checked=True)
            last = first
            if self.budget > 0 and rng.random() < 0.5:
                last = fn.fresh()
                op = "maximum" if _is_float(element) else "xor"
                fn.emit(f"{last} = stablehlo.{op} {first}, {lhs} : {scalar}{self.loc()}")
                self.count(checked=True)
            fn.emit(f"stablehlo.return {last} : {scalar}{self.loc()}")
            fn.indent = inner
            fn.emit("}" + self.loc())
        self.result(name, shape, element)

    def hlo_if(self, shape: Shape, element: str) -> None:
        """``"stablehlo.if"`` with two regions of checked ops (a ``jax.lax.cond``)."""
        fn, rng = self.fn, self.rng
        self.budget -= 1
        pred = self.value((), "i1")
        self.budget += 1
        t = type_str(shape, element)
        name = fn.fresh()
        fn.emit(f'{name} = "stablehlo.if"({pred}) ({{')
        self.count(checked=False)
        for branch in range(2):
            if branch:
                fn.emit("}, {")
            fn.indent += "  "
            fn.frames.append({})
            for _ in range(rng.randint(1, 3)):
                if self.budget < 2:
                    break
                self.hlo_binary(shape, element)
            fn.emit(f"stablehlo.return {self.value(shape, element)} : {t}{self.loc()}")
            fn.frames.pop()
            fn.indent = fn.indent[:-2]
        fn.emit(f"}}) : (tensor<i1>) -> {t}{self.loc()}")
        self.result(name, shape, element)

    def hlo_call(self, shape: Shape, element: str) -> bool:
        """``call`` of a small private function (an activation, say) from this type to itself; made on first use."""
        fn, t = self.fn, type_str(shape, element)
        callee = self.helpers.get(t)
        if callee is None:
            if self.budget < 8:
                return False
            callee = self.helper(shape, element)
        self.budget -= 1
        x = self.value(shape, element)
        self.budget += 1
        name = fn.fresh()
        fn.emit(f"{name} = call @{callee}({x}) : ({t}) -> {t}{self.loc()}")
        self.count(checked=False)
        self.result(name, shape, element)
        return True

    def helper(self, shape: Shape, element: str) -> str:
        """A ``func.func private`` of a few elementwise ops on its one argument; its ops come out of the budget."""
        outer, budget, rng = self.fn, self.budget, self.rng
        size = rng.randint(2, min(8, budget - 4))
        base = rng.choice(("gelu", "silu", "relu", "_norm", "_activation", "_where", "_residual"))
        self.fn = inner = _Function("jax", f"{base}_{len(self.helpers)}")
        t = type_str(shape, element)
        inner.add_arg(t)
        self.budget = size
        while self.budget > 0:
            if rng.random() < 0.5:
                self.hlo_unary(shape, element)
            else:
                self.hlo_binary(shape, element)
        value = inner.last[-1][0] if inner.last else "%arg0"
        self.pending += [
            f"  func.func private @{inner.name}(%arg0: {t}) -> {t} {{",
            *inner.body,
            f"    return {value} : {t}{self.loc()}",
            "  }",
        ]
        self.fn, self.budget = outer, budget - size
        self.helpers[t] = inner.name
        return inner.name

    def jax_step(self, shape: Shape, element: str) -> None:
        r = self.rng.random()
        if r < 0.30:
            self.hlo_binary(shape, element)
        elif r < 0.38:
            self.hlo_unary(shape, element)
        elif r < 0.50:
            if self.budget >= 4 and shape:
                self.hlo_broadcast(shape, element)
            else:
                self.hlo_binary(shape, element)
        elif r < 0.64:
            self.chlo(shape, element)
        elif r < 0.69:
            self.hlo_compare(shape, element)
        elif r < 0.74:
            self.hlo_select(shape, element)
        elif r < 0.76:
            self.hlo_clamp(shape, element)
        elif r < 0.79:
            self.hlo_convert(shape, element)
        elif r < 0.86:
            self.hlo_unchecked(shape, element)
        elif r < 0.88 and self.budget >= 6:
            self.hlo_reduce(shape, element)
        elif r < 0.895 and self.budget >= 12:
            self.hlo_if(shape, element)
        elif r < 0.905 and self.hlo_call(shape, element):
            pass
        else:
            self.hlo_binary(shape, element)

    # --- tosa ---------------------------------------------------------------

    def tosa_binary(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        if _is_float(element):
            op = rng.choice(_TOSA_FLOAT_BINARY)
        elif element == "i32":
            op = rng.choice(_TOSA_I32_BINARY)
        else:
            op = rng.choice(_TOSA_SMALL_INT_BINARY)
        (a, sa), (b, sb) = self.operands(shape, element, 2, "rank")
        sig = self.signature([type_str(sa, element), type_str(sb, element)], type_str(shape, element))
        name = fn.fresh()
        if op == "arithmetic_right_shift":
            if rng.random() < 0.3:
                fn.emit(f'{name} = "tosa.{op}"({a}, {b}) <{{round = false}}> : {sig}')
            else:
                fn.emit(f"{name} = tosa.{op} {a}, {b} round({rng.choice(('false', 'true'))}) : {sig}")
        elif op in ("maximum", "minimum") and rng.random() < 0.2:
            fn.emit(f'{name} = "tosa.{op}"({a}, {b}) <{{nan_mode = #tosa.nan_mode<PROPAGATE>}}> : {sig}')
        elif rng.random() < 0.04:
            fn.emit(f'{name} = "tosa.{op}"({a}, {b}) : {sig}')
        else:
            fn.emit(f"{name} = tosa.{op} {a}, {b} : {sig}")
        self.count(checked=True)
        self.result(name, shape, element)

    def tosa_mul(self, shape: Shape, element: str) -> None:
        """``tosa.mul`` with its shift operand; ``i16 x i16 -> i32`` and ``i8 x i8 -> i32`` too."""
        rng, fn = self.rng, self.fn
        source = element
        if element == "i32" and rng.random() < 0.3:
            source = rng.choice(("i16", "i8"))
        elif element in ("i16", "i8"):
            self.tosa_binary(shape, element)
            return
        self.budget -= 1
        shift = self.aux("tensor<1xi8>", "0")
        self.budget += 1
        (a, sa), (b, sb) = self.operands(shape, source, 2, "rank")
        sig = self.signature([type_str(sa, source), type_str(sb, source), "tensor<1xi8>"], type_str(shape, element))
        name = fn.fresh()
        fn.emit(f"{name} = tosa.mul {a}, {b}, {shift} : {sig}")
        self.count(checked=True)
        self.result(name, shape, element)

    def tosa_compare(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        source = element if element in ("i32", *_FLOATS) else "i32"
        op = rng.choice(("equal", "greater", "greater", "greater_equal"))
        (a, sa), (b, sb) = self.operands(shape, source, 2, "rank")
        sig = self.signature([type_str(sa, source), type_str(sb, source)], type_str(shape, "i1"))
        name = fn.fresh()
        fn.emit(f"{name} = tosa.{op} {a}, {b} : {sig}")
        self.count(checked=True)
        self.result(name, shape, "i1")

    def tosa_logical(self, shape: Shape) -> None:
        rng, fn = self.rng, self.fn
        op = rng.choice(("logical_and", "logical_or", "logical_xor"))
        (a, sa), (b, sb) = self.operands(shape, "i1", 2, "rank")
        sig = self.signature([type_str(sa, "i1"), type_str(sb, "i1")], type_str(shape, "i1"))
        name = fn.fresh()
        fn.emit(f"{name} = tosa.{op} {a}, {b} : {sig}")
        self.count(checked=True)
        self.result(name, shape, "i1")

    def tosa_select(self, shape: Shape, element: str) -> None:
        fn = self.fn
        mask_shape = self.rng.choice((shape, self.variant(shape)))
        self.budget -= 1
        mask = self.value(mask_shape, "i1")
        self.budget += 1
        (a, sa), (b, sb) = self.operands(shape, element, 2, "rank")
        types = [type_str(mask_shape, "i1"), type_str(sa, element), type_str(sb, element)]
        name = fn.fresh()
        fn.emit(f"{name} = tosa.select {mask}, {a}, {b} : {self.signature(types, type_str(shape, element))}")
        self.count(checked=True)
        self.result(name, shape, element)

    def tosa_unary(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        t = type_str(shape, element)
        r = rng.random()
        name = fn.fresh()
        if r < 0.25:  # clamp
            self.budget -= 1
            x = self.value(shape, element)
            self.budget += 1
            if _is_float(element):
                bounds = f"min_val(0.000000e+00 : {element}) max_val(6.000000e+00 : {element})"
            else:
                lo, hi = {"i8": (-128, 127), "i16": (-32768, 32767)}.get(element, (0, 2147483647))
                bounds = f"min_val({lo} : {element}) max_val({hi} : {element})"
            fn.emit(f"{name} = tosa.clamp {x} {bounds} : {self.signature([t], t)}")
        elif r < 0.4:  # negate with its zero points
            zero = "0.000000e+00" if _is_float(element) else "0"
            self.budget -= 1
            zp = self.aux(f"tensor<1x{element}>", zero)
            x = self.value(shape, element)
            self.budget += 1
            z = f"tensor<1x{element}>"
            fn.emit(f"{name} = tosa.negate {x}, {zp}, {zp} : {self.signature([t, z, z], t)}")
        elif r < 0.55:  # cast
            source = rng.choice([e for e in ("i32", "f32", "i8", "f16") if e != element])
            self.budget -= 1
            x = self.value(shape, source)
            self.budget += 1
            fn.emit(f"{name} = tosa.cast {x} : {self.signature([type_str(shape, source)], t)}")
        else:
            op = rng.choice(_TOSA_FLOAT_UNARY if _is_float(element) else _TOSA_INT_UNARY)
            if op == "abs" and element in ("i8", "i16"):
                op = "bitwise_not"
            self.budget -= 1
            x = self.value(shape, element)
            self.budget += 1
            fn.emit(f"{name} = tosa.{op} {x} : {self.signature([t], t)}")
        self.count(checked=True)
        self.result(name, shape, element)

    def tosa_rescale(self, shape: Shape, element: str) -> None:
        """``tosa.rescale`` between ``i32`` and ``i8`` (per tensor), with its four constant operands."""
        rng, fn = self.rng, self.fn
        source = "i32" if element == "i8" else "i8"
        self.budget -= 5
        multiplier = self.aux("tensor<1xi32>", rng.choice(("1073741824", "1518500250", "2039655736")))
        shift = self.aux("tensor<1xi8>", rng.choice(("30", "31", "38")))
        in_zp = self.aux(f"tensor<1x{source}>", "0")
        out_zp = self.aux(f"tensor<1x{element}>", "0" if element == "i32" else "-128")
        x = self.value(shape, source)
        self.budget += 5
        t, s = type_str(shape, element), type_str(shape, source)
        types = [s, "tensor<1xi32>", "tensor<1xi8>", f"tensor<1x{source}>", f"tensor<1x{element}>"]
        sig = self.signature(types, t)
        name = fn.fresh()
        fn.emit(
            f"{name} = tosa.rescale {x}, {multiplier}, {shift}, {in_zp}, {out_zp} scale32(true)"
            f" rounding_mode<{rng.choice(('SINGLE_ROUND', 'DOUBLE_ROUND'))}> per_channel(false)"
            f" input_unsigned(false) output_unsigned(false) : {sig}"
        )
        self.count(checked=True)
        self.result(name, shape, element)

    def tosa_unchecked(self, shape: Shape, element: str) -> None:
        """Ops broadcheck passes over: const_shape + reshape, transpose, reduce_sum / reduce_max."""
        rng, fn = self.rng, self.fn
        rank = len(shape)
        t = type_str(shape, element)
        r = rng.random()
        ones = [i for i, d in enumerate(shape) if d == 1]
        if r < 0.4 and ones:
            k = rng.choice(ones)
            source = (*shape[:k], rng.choice((8, 16, 64, None)), *shape[k + 1 :])
            self.budget -= 1
            x = self.value(source, element)
            self.budget += 1
            op = "reduce_sum" if element in ("i32", *_FLOATS) and rng.random() < 0.6 else "reduce_max"
            name = fn.fresh()
            fn.emit(f"{name} = tosa.{op} {x} axis({k}) : ({type_str(source, element)}) -> {t}")
            self.count(checked=False)
            self.result(name, shape, element)
            return
        if r < 0.7 and rank >= 2 and _is_static(shape) and self.budget >= 3:
            source = (shape[-1], *shape[:-1])
            self.budget -= 2
            x = self.value(source, element)
            self.budget += 2
            dims = ", ".join(str(d) for d in shape)
            shape_value = fn.fresh()
            fn.emit(
                f"{shape_value} = tosa.const_shape  values(dense<[{dims}]> : tensor<{rank}xindex>)"
                f" : () -> !tosa.shape<{rank}>"
            )
            self.count(checked=False)
            name = fn.fresh()
            fn.emit(
                f"{name} = tosa.reshape {x}, {shape_value} : ({type_str(source, element)}, !tosa.shape<{rank}>) -> {t}"
            )
            self.count(checked=False)
            self.result(name, shape, element)
            return
        if rank >= 2:
            perm = list(range(rank))
            i = rng.randrange(rank - 1)
            perm[i], perm[i + 1] = perm[i + 1], perm[i]
            source = tuple(shape[p] for p in perm)  # the permutation swaps two dims: its own inverse
            self.budget -= 1
            x = self.value(source, element)
            self.budget += 1
            name = fn.fresh()
            fn.emit(f"{name} = tosa.transpose {x} perms({_dims(perm)}) : ({type_str(source, element)}) -> {t}")
            self.count(checked=False)
            self.result(name, shape, element)
            return
        self.tosa_binary(shape, element)

    def tosa_step(self, shape: Shape, element: str) -> None:
        r = self.rng.random()
        if r < 0.42:
            self.tosa_binary(shape, element)
        elif r < 0.52:
            self.tosa_mul(shape, element)
        elif r < 0.57:
            self.tosa_compare(shape, element)
        elif r < 0.59:
            self.tosa_logical(shape)
        elif r < 0.65:
            self.tosa_select(shape, element)
        elif r < 0.80:
            self.tosa_unary(shape, element)
        elif r < 0.84 and element in ("i8", "i32") and self.budget >= 6:
            self.tosa_rescale(shape, element)
        elif r < 0.92:
            self.tosa_unchecked(shape, element)
        else:
            self.tosa_binary(shape, element)

    # --- onnx -----------------------------------------------------------------

    def onnx_attrs(self, op: str) -> str:
        rng = self.rng
        if rng.random() < 0.3:
            return ""
        scope = rng.choice(_ONNX_SCOPES).format(rng.randrange(24))
        suffix = f"_{rng.randrange(8)}" if rng.random() < 0.5 else ""
        return f' {{onnx_node_name = "{scope}/{op}{suffix}"}}'

    def onnx_elementwise(self, shape: Shape, element: str, wrong: bool = False) -> None:
        """A multidirectional-broadcasting op; ``wrong`` plants an error (BC401 or BC302)."""
        rng, fn = self.rng, self.fn
        r = rng.random()
        result_element = element
        count = 2
        if r < 0.62:
            op = rng.choice(_ONNX_BINARY)
            if op == "Div" and element == "i64":
                op = "Mul"
        elif r < 0.70:
            op = rng.choice(("Max", "Min", "Sum", "Mean") if _is_float(element) else ("Max", "Min", "Sum"))
            count = rng.choice((2, 2, 3, 4))
        elif r < 0.76 and _is_float(element):
            op = "Pow"
        elif r < 0.86:
            op = rng.choice(("Equal", "Less", "Greater"))
            result_element = "i1"
        else:
            op = "Where"
        operands = self.operands(shape, element, count, "numpy")
        types = [type_str(s, element) for _, s in operands]
        if op == "Where":
            mask_shape = rng.choice((shape, self.variant(shape), self.suffix(shape)))
            self.budget -= 1
            mask = self.value(mask_shape, "i1")
            self.budget += 1
            operands = [(mask, mask_shape), *operands]
            types = [type_str(mask_shape, "i1"), *types]
        result_shape, code = shape, ""
        if wrong:
            result_shape, code = self._plant(shape, element, operands, types, "BC401", "BC302")
        values = ", ".join(v for v, _ in operands)
        name = fn.fresh()
        sig = self.signature(types, type_str(result_shape, result_element))
        fn.emit(f'{name} = "onnx.{op}"({values}){self.onnx_attrs(op)} : {sig}')
        self.count(checked=True)
        if code:
            fn.wrong_at.append((len(fn.body) - 1, code))
            self.stats.wrong += 1
        else:
            self.result(name, shape, result_element)

    def _plant(
        self,
        shape: Shape,
        element: str,
        operands: list[tuple[str, Shape]],
        types: list[str],
        clash_code: str,
        result_code: str,
    ) -> tuple[Shape, str]:
        """Make an op wrong; the result shape to print and the code broadcheck must report.

        Half of the time (when ``shape`` has a static size other than 1) the last operand gets that size
        plus one while the one before it has ``shape`` itself: the operands clash (``clash_code``).
        Otherwise a static size of the result is one off (``result_code``). ``shape`` has a static size.
        """
        rng = self.rng
        wide = [i for i, d in enumerate(shape) if d is not None and d != 1]
        if wide and rng.random() < 0.5:
            i = rng.choice(wide)
            size = shape[i]
            assert size is not None
            bad = (*shape[:i], size + 1, *shape[i + 1 :])
            self.budget -= 1
            operands[-2] = (self.value(shape, element), shape)
            operands[-1] = (self.value(bad, element), bad)
            self.budget += 1
            types[-2], types[-1] = type_str(shape, element), type_str(bad, element)
            return shape, clash_code
        i = rng.choice([i for i, d in enumerate(shape) if d is not None])
        size = shape[i]
        assert size is not None
        return (*shape[:i], size + 1, *shape[i + 1 :]), result_code

    def onnx_matmul(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        if len(shape) < 2 or element not in ("f32", "f16", "i32", "i64"):
            self.onnx_elementwise(shape, element)
            return
        k = rng.choice((64, 128, 256, 768, 1024, 3072))
        lhs = (*shape[:-1], k)
        batch = shape[:-2]
        rhs: Shape = (k, shape[-1]) if rng.random() < 0.6 or not batch else (*self.variant(batch), k, shape[-1])
        self.budget -= 1
        a, b = self.value(lhs, element), self.value(rhs, element)
        self.budget += 1
        name = fn.fresh()
        sig = self.signature([type_str(lhs, element), type_str(rhs, element)], type_str(shape, element))
        fn.emit(f'{name} = "onnx.MatMul"({a}, {b}){self.onnx_attrs("MatMul")} : {sig}')
        self.count(checked=True)
        self.result(name, shape, element)

    def onnx_gemm(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        if len(shape) != 2 or element != "f32":
            self.onnx_matmul(shape, element)
            return
        m, n = shape
        k = rng.choice((128, 512, 768, 2048))
        c_shape: Shape = rng.choice(((n,), (1, n), (m, n), (1, 1)))
        self.budget -= 1
        a, b, c = self.value((m, k), element), self.value((n, k), element), self.value(c_shape, element)
        self.budget += 1
        types = [type_str((m, k), element), type_str((n, k), element), type_str(c_shape, element)]
        name = fn.fresh()
        attrs = "{alpha = 1.000000e+00 : f32, beta = 1.000000e+00 : f32, transA = 0 : si64, transB = 1 : si64}"
        fn.emit(f'{name} = "onnx.Gemm"({a}, {b}, {c}) {attrs} : {self.signature(types, type_str(shape, element))}')
        self.count(checked=True)
        self.result(name, shape, element)

    def onnx_prelu(self, shape: Shape, element: str) -> None:
        fn = self.fn
        if not shape or not _is_float(element):
            self.onnx_elementwise(shape, element)
            return
        slope = tuple(d if d is not None else 1 for d in self.suffix(shape))
        self.budget -= 1
        x, s = self.value(shape, element), self.value(slope, element)
        self.budget += 1
        t = type_str(shape, element)
        name = fn.fresh()
        sig = self.signature([t, type_str(slope, element)], t)
        fn.emit(f'{name} = "onnx.PRelu"({x}, {s}){self.onnx_attrs("PRelu")} : {sig}')
        self.count(checked=True)
        self.result(name, shape, element)

    def onnx_unchecked(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        t = type_str(shape, element)
        r = rng.random()
        name = fn.fresh()
        if r < 0.25 and element != "f32":
            self.budget -= 1
            x = self.value(shape, "f32")
            self.budget += 1
            fn.emit(
                f'{name} = "onnx.Cast"({x}) {{saturate = 1 : si64, to = {element}}} : ({type_str(shape, "f32")}) -> {t}'
            )
            self.count(checked=False)
            self.result(name, shape, element)
            return
        if r < 0.45 and len(shape) >= 2 and _is_static(shape) and self.budget >= 3:
            source = (shape[-1], *shape[:-1])
            self.budget -= 2
            x = self.value(source, element)
            self.budget += 2
            dims = ", ".join(str(d) for d in shape)
            const = fn.fresh()
            shape_type = f"tensor<{len(shape)}xi64>"
            fn.emit(f'{const} = "onnx.Constant"() {{value = dense<[{dims}]> : {shape_type}}} : () -> {shape_type}')
            self.count(checked=False)
            name = fn.fresh()
            fn.emit(
                f'{name} = "onnx.Reshape"({x}, {const}) {{allowzero = 0 : si64}}'
                f" : ({type_str(source, element)}, {shape_type}) -> {t}"
            )
            self.count(checked=False)
            self.result(name, shape, element)
            return
        self.budget -= 1
        x = self.value(shape, element)
        self.budget += 1
        if _is_float(element):
            op = rng.choice(("Relu", "Relu", "Sigmoid", "Tanh", "Sqrt", "Erf", "Softmax", "Identity"))
        else:
            op = rng.choice(("Identity", "Neg", "Abs"))
        attrs = " {axis = -1 : si64}" if op == "Softmax" else self.onnx_attrs(op)
        fn.emit(f'{name} = "onnx.{op}"({x}){attrs} : ({t}) -> {t}')
        self.count(checked=False)
        self.result(name, shape, element)

    def onnx_step(self, shape: Shape, element: str, wrong: bool) -> None:
        if wrong:
            self.onnx_elementwise(shape, element, wrong)
            return
        r = self.rng.random()
        if r < 0.62:
            self.onnx_elementwise(shape, element)
        elif r < 0.66:
            self.onnx_logical(shape)
        elif r < 0.74:
            self.onnx_matmul(shape, element)
        elif r < 0.76:
            self.onnx_gemm(shape, element)
        elif r < 0.78:
            self.onnx_prelu(shape, element)
        else:
            self.onnx_unchecked(shape, element)

    def onnx_logical(self, shape: Shape) -> None:
        fn = self.fn
        op = self.rng.choice(("And", "Or"))
        operands = self.operands(shape, "i1", 2, "numpy")
        types = [type_str(s, "i1") for _, s in operands]
        name = fn.fresh()
        values = ", ".join(v for v, _ in operands)
        fn.emit(f'{name} = "onnx.{op}"({values}){self.onnx_attrs(op)} : {self.signature(types, type_str(shape, "i1"))}')
        self.count(checked=True)
        self.result(name, shape, "i1")

    # --- tflite ---------------------------------------------------------------

    tfl_properties = True
    tfl_arith_consts = False

    def tfl_loc(self, op: str) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.5:
            return ""
        scope = rng.choice(_TFL_SCOPES).format(rng.randrange(16))
        if r < 0.8:
            return f' loc("{scope}/{op}")'
        return f' loc(fused["{op.capitalize()}:", "{scope}/{op}_{rng.randrange(9)}"])'

    def tfl_elementwise(self, shape: Shape, element: str, wrong: bool = False) -> None:
        """A tfl op that broadcasts; ``wrong`` plants an error (BC101 or BC102)."""
        rng, fn = self.rng, self.fn
        r = rng.random()
        result_element = element
        count = 2
        if r < 0.72:
            op = rng.choice(_TFL_BINARY)
            if (op in _TFL_FLOAT_ONLY and element != "f32") or (element == "i64" and op not in _TFL_I64_OK):
                op = "add"
        elif r < 0.88:
            op = rng.choice(_TFL_COMPARE)
            result_element = "i1"
        else:
            op, count = "select_v2", 3
        operands = self.operands(shape, element, 2, "numpy")
        types = [type_str(s, element) for _, s in operands]
        if count == 3:
            self.budget -= 1
            mask_shape = rng.choice((shape, self.variant(shape), self.suffix(shape)))
            mask = self.value(mask_shape, "i1")
            self.budget += 1
            operands = [(mask, mask_shape), *operands]
            types = [type_str(mask_shape, "i1"), *types]
        result_shape, code = shape, ""
        if wrong:
            result_shape, code = self._plant(shape, element, operands, types, "BC101", "BC102")
        attrs = ""
        if op in ("add", "sub", "mul", "div"):
            act = rng.choice(("NONE",) * 7 + ("RELU", "RELU", "RELU6"))
            attrs = (
                f' <{{fused_activation_function = "{act}"}}>'
                if self.tfl_properties
                else f' {{fused_activation_function = "{act}"}}'
            )
        values = ", ".join(v for v, _ in operands)
        name = fn.fresh()
        sig = self.signature(types, type_str(result_shape, result_element))
        fn.emit(f'{name} = "tfl.{op}"({values}){attrs} : {sig}{self.tfl_loc(op)}')
        self.count(checked=True)
        if code:
            fn.wrong_at.append((len(fn.body) - 1, code))
            self.stats.wrong += 1
        else:
            self.result(name, shape, result_element)

    def tfl_logical(self, shape: Shape) -> None:
        fn = self.fn
        op = self.rng.choice(("logical_and", "logical_or"))
        operands = self.operands(shape, "i1", 2, "numpy")
        types = [type_str(s, "i1") for _, s in operands]
        name = fn.fresh()
        values = ", ".join(v for v, _ in operands)
        fn.emit(f'{name} = "tfl.{op}"({values}) : {self.signature(types, type_str(shape, "i1"))}{self.tfl_loc(op)}')
        self.count(checked=True)
        self.result(name, shape, "i1")

    def tfl_unchecked(self, shape: Shape, element: str) -> None:
        rng, fn = self.rng, self.fn
        t = type_str(shape, element)
        if len(shape) >= 2 and _is_static(shape) and self.budget >= 3 and rng.random() < 0.4:
            source = (shape[-1], *shape[:-1])
            self.budget -= 2
            x = self.value(source, element)
            self.budget += 2
            dims = ", ".join(str(d) for d in shape)
            shape_type = f"tensor<{len(shape)}xi32>"
            const = fn.fresh_const("f32")
            if self.tfl_arith_consts:
                fn.emit(f"{const} = arith.constant dense<[{dims}]> : {shape_type}")
            else:
                fn.emit(
                    f'{const} = "tfl.pseudo_const"() <{{value = dense<[{dims}]> : {shape_type}}}> : () -> {shape_type}'
                )
            self.count(checked=False)
            name = fn.fresh()
            fn.emit(f'{name} = "tfl.reshape"({x}, {const}) : ({type_str(source, element)}, {shape_type}) -> {t}')
            self.count(checked=False)
            self.result(name, shape, element)
            return
        self.budget -= 1
        x = self.value(shape, element)
        self.budget += 1
        op = rng.choice(("relu", "relu6", "logistic", "tanh")) if element == "f32" else "abs"
        name = fn.fresh()
        fn.emit(f'{name} = "tfl.{op}"({x}) : ({t}) -> {t}{self.tfl_loc(op)}')
        self.count(checked=False)
        self.result(name, shape, element)

    def tfl_step(self, shape: Shape, element: str, wrong: bool) -> None:
        if wrong:
            self.tfl_elementwise(shape, element, wrong)
            return
        r = self.rng.random()
        if r < 0.78:
            self.tfl_elementwise(shape, element)
        elif r < 0.82:
            self.tfl_logical(shape)
        else:
            self.tfl_unchecked(shape, element)

    # --- functions and the file -----------------------------------------

    def step(self, shape: Shape, element: str) -> None:
        style = self.fn.style
        wrong = style in _ERROR_STYLES and self.error_ops >= self.next_wrong and any(d is not None for d in shape)
        if wrong:
            self.next_wrong += self._gap()
        if style == "jax":
            self.jax_step(shape, element)
        elif style == "tosa":
            self.tosa_step(shape, element)
        elif style == "onnx":
            self.onnx_step(shape, element, wrong)
        else:
            self.tfl_step(shape, element, wrong)

    def function(self, index: int, style: str, ops: int) -> list[str]:
        """The lines of one function of ``style`` with ``ops`` ops (counted exactly)."""
        rng = self.rng
        private = style == "jax" and rng.random() < 0.5
        names = {"jax": "_fn" if private else "main", "tosa": "forward", "onnx": "main_graph", "tflite": "serving"}
        self.fn = fn = _Function(style, f"{names[style]}_{index}")
        self.tfl_properties = rng.random() < 0.6
        self.tfl_arith_consts = rng.random() < 0.4
        self.budget = ops
        shapes = [s for s in self.pool if style != "tflite" or len(s) <= 4]
        elements = [e for e, _ in _ELEMENTS[style]]
        weights = [w for _, w in _ELEMENTS[style]]
        working = [(shape, rng.choices(elements, weights)[0]) for shape in rng.sample(shapes, rng.randint(8, 16))]
        shape, element = rng.choice(working)
        while self.budget > 0:
            if rng.random() < 0.3:
                shape, element = rng.choice(working)
            self.step(shape, element)
        results = list(fn.last)
        if not results:  # no result to return (a function of masks only, or of no op): return an argument
            t = fn.args[0] if fn.args else type_str(shape, element)
            results = [("%arg0" if fn.args else fn.add_arg(t), t)]
        if style in ("onnx", "tosa", "tflite") or rng.random() < 0.5:
            results = results[-1:]
        header = self._header(fn, style, private, results)
        values = ", ".join(v for v, _ in results)
        types = ", ".join(t for _, t in results)
        ret = f"    return {values} : {types}" + (self.loc() if style == "jax" else "")
        base = self.stats.lines + 1  # the header's line number
        for i, code in fn.wrong_at:
            self.stats.wrong_lines.append(base + 1 + i)
            self.stats.expected_codes.append(code)
        return [header, *fn.body, ret, "  }"]

    def _header(self, fn: _Function, style: str, private: bool, results: list[tuple[str, str]]) -> str:
        if style == "jax":
            attr = ' {mhlo.layout_mode = "default"}' if not private else ""
            args = ", ".join(f"%arg{i}: {t}{attr}" for i, t in enumerate(fn.args))
            if private:
                outs = ", ".join(t for _, t in results)
                outs = f"({outs})" if len(results) > 1 else outs
                return f"  func.func private @{fn.name}({args}) -> {outs} {{"
            outs = ", ".join(f'{t} {{jax.result_info = "[{i}]"}}' for i, (_, t) in enumerate(results))
            return f"  func.func public @{fn.name}({args}) -> ({outs}) {{"
        if style == "onnx":
            args = ", ".join(f'%arg{i}: {t} {{onnx.name = "input_{i}"}}' for i, t in enumerate(fn.args))
            return f'  func.func @{fn.name}({args}) -> ({results[0][1]} {{onnx.name = "output_0"}}) {{'
        args = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(fn.args))
        if style == "tflite":
            inputs = ",".join(f"serving_default_x{i}:0" for i in range(len(fn.args)))
            entry = f'attributes {{tf.entry_function = {{inputs = "{inputs}", outputs = "Identity:0"}}}}'
            return f"  func.func @{fn.name}({args}) -> {results[0][1]} {entry} {{"
        return f"  func.func @{fn.name}({args}) -> {results[0][1]} {{"

    def lines(self) -> Iterator[str]:
        """The file, line by line (without newlines)."""
        head = [
            f"// Generated by bench.gen2 (version {VERSION}): {self.total} ops, seed {self.seed}.",
            "module @jit_bench2 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {",
        ]
        for line in head:
            self.stats.lines += 1
            yield line
        index = 0
        while self.stats.ops < self.total:
            style = self.rng.choices(STYLES, _STYLE_WEIGHTS)[0]
            lo, hi = _FUNCTION_OPS[style]
            remaining = self.total - self.stats.ops
            size = remaining if remaining < 1.5 * lo else min(remaining, self.rng.randint(lo, hi))
            for line in self.function(index, style, size):
                self.stats.lines += 1
                yield line
            self.stats.functions += 1
            index += 1
            for line in self.pending:
                self.stats.lines += 1
                yield line
                self.stats.functions += line.startswith("  func.func")
            self.pending.clear()
        self.stats.distinct_signatures = len(self.signatures)
        for line in ["}", *self.locs]:
            self.stats.lines += 1
            yield line


def generate(ops: int, seed: int, error_rate: float = DEFAULT_ERROR_RATE) -> Iterator[str]:
    """The lines (without newlines) of a file with ``ops`` ops; see the module docstring."""
    return Generator(ops, seed, error_rate).lines()


def write(path: str, ops: int, seed: int, error_rate: float = DEFAULT_ERROR_RATE) -> Stats:
    """Write a generated file and return its statistics (with the planted errors' lines and codes)."""
    gen = Generator(ops, seed, error_rate)
    write_lines(path, gen.lines())
    return gen.stats


def expected_json(stats: Stats, ops: int, seed: int, error_rate: float) -> str:
    """The sidecar: the generator's identity and the diagnostics broadcheck must report, as ``[line, code]``."""
    document = {
        "generator": "bench.gen2",
        "version": VERSION,
        "ops": ops,
        "seed": seed,
        "error_rate": error_rate,
        "diagnostics": [[line, code] for line, code in stats.expected()],
        "stats": asdict(stats),
    }
    return json.dumps(document, indent=1)


def main(argv: list[str] | None = None) -> int:
    def expected(parser: argparse.ArgumentParser) -> object:
        return parser.add_argument(
            "--expected", metavar="FILE", help="write the planted errors ([line, code]) as JSON here"
        )

    args, stats = generator_cli("python -m bench.gen2", __doc__ or "", Generator, DEFAULT_ERROR_RATE, argv, expected)
    if args.expected:
        with open(args.expected, "w", encoding="utf-8") as f:
            f.write(expected_json(stats, args.ops, args.seed, args.error_rate) + "\n")
    if args.stats:
        summary = asdict(stats) | {"wrong_lines": stats.wrong_lines[:20], "expected_codes": stats.expected_codes[:20]}
        print(json.dumps(summary), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
