"""Generate realistic MLIR for benchmarking broadcheck.

The output looks like a lowered model rather than one line repeated:

* a pool of a few hundred tensor shapes (ranks 0-5, static sizes and ``?``),
  drawn once per seed; every function works on a dozen of them, and each shape
  has a few fixed broadcast variants (sizes set to 1, sometimes to ``?``, and,
  for the NumPy-style ops, leading dims dropped), so types repeat as in a real
  model while the file still holds a thousand or more distinct signatures;
* ``func.func``\\ s of about 1000 ops with named arguments inside one ``module``,
  plus a few type aliases (``!act3 = tensor<...>``) used for some of the types;
* checked ops: TOSA elementwise ops in custom form (``tosa.add``, ``sub``,
  ``maximum``, ``minimum``, ``pow``, ``greater``, ``select`` with an ``i1``
  mask, and unary ``abs``/``exp``/...) and in generic form, all with equal
  ranks and ``f32`` (as TOSA requires); ``"tf.AddV2"`` and
  ``"test.broadcastable"`` in generic form with NumPy-style unequal ranks,
  attributes and ``loc(...)``;
* unchecked ops: ``"tosa.const"`` with properties and ``dense<...>`` values,
  ``"tf.Identity"``, ``arith.constant``, ``scf.for`` loops whose region holds
  checked ops, ``tensor.empty`` + multi-line ``linalg.generic``, an unregistered
  ``"test.region_op"`` with a region, comments, and ``return``.

Every op is valid: result types are the correct broadcast of the operands, and
values are defined before use with the type they are used at. Operand sizes
broadcast without ambiguity (a static size only meets 1, itself or ``?``), so
broadcheck's ``spec`` and ``llvm`` profiles, MLIR's C++ verifier and NumPy all
agree. About 0.1% of the ops (``error_rate``) are deliberately wrong: a
``tf.AddV2`` or ``test.broadcastable`` whose result has one static size off by
one. Only these unregistered ops are wrong, so ``iree-opt
--allow-unregistered-dialect`` accepts the whole file (it does not know their
traits) while broadcheck must report exactly those ops (BC102).

``ops`` counts op statements inside functions: checked and unchecked ops, ops
nested in regions, constants; not ``func.func`` and not terminators
(``return``, ``scf.yield``, ``linalg.yield``, ``"test.terminator"``). The same
``ops`` and ``seed`` give the same file, byte for byte.

Usage::

    python -m bench.gen --ops 100000 --seed 1 -o /tmp/model.mlir

or, from Python (the lines stream, so a 1M-op file never sits in memory)::

    from bench.gen import generate
    with open("model.mlir", "w") as f:
        f.writelines(line + "\\n" for line in generate(100_000, seed=1))
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

VERSION = 1
"""Bumped whenever the output for a given (ops, seed) changes; part of the cache key in bench.run."""

Dim = int | None
Shape = tuple[Dim, ...]

OPS_PER_FUNCTION = 1000
DEFAULT_ERROR_RATE = 0.001
POOL_SIZE = 300

_SIZES = (1, 1, 2, 3, 4, 7, 8, 14, 16, 28, 32, 49, 56, 64, 96, 112, 128, 192, 256, 384, 512, 768, 1024, 2048, 3072)
_RANK_WEIGHTS = (3, 12, 25, 20, 30, 10)  # ranks 0..5
_TOSA_BINARY = ("add", "add", "add", "sub", "maximum", "minimum", "pow")
_TOSA_UNARY = ("abs", "exp", "sigmoid", "tanh", "floor", "ceil", "reciprocal")
_ARG_NAMES = ("input", "x", "bias", "scale", "weight", "residual", "gamma", "beta", "state", "hidden", "skip")
_SCOPES = ("encoder", "decoder", "block", "attention", "mlp", "norm", "head", "stem")
_ARITH = ("arith.addf", "arith.mulf", "arith.subf", "arith.maximumf")


@dataclass
class Stats:
    """What one generated file holds; ``wrong_lines`` are the 1-based lines of the deliberate errors."""

    ops: int = 0
    checked: int = 0
    wrong: int = 0
    lines: int = 0
    functions: int = 0
    distinct_signatures: int = 0
    wrong_lines: list[int] = field(default_factory=list)


def type_str(shape: Shape, element: str = "f32") -> str:
    """``tensor<2x?x3xf32>``; ``tensor<f32>`` for rank 0."""
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}{element}>"


def _is_static(shape: Shape) -> bool:
    return all(d is not None for d in shape)


class _Function:
    """One function being built: its body lines, arguments and the values in scope."""

    def __init__(self, name: str, indent: str) -> None:
        self.name = name
        self.body: list[str] = []
        self.args: list[tuple[str, str]] = []
        self.arg_names: dict[str, int] = {}
        self.frames: list[dict[str, list[str]]] = [{}]  # type -> values, innermost frame last
        self.next_value = 0
        self.next_const = 0
        self.indent = indent
        self.wrong_at: list[int] = []  # indexes into body
        self.index_consts: dict[int, str] = {}
        self.last: tuple[str, str] | None = None  # the last top-level result: (value, type)

    def fresh(self) -> str:
        name = f"%{self.next_value}"
        self.next_value += 1
        return name

    def fresh_const(self) -> str:
        name = "%cst" if self.next_const == 0 else f"%cst_{self.next_const - 1}"
        self.next_const += 1
        return name

    def emit(self, text: str) -> None:
        self.body.append(self.indent + text)

    def define(self, value: str, typ: str) -> None:
        self.frames[-1].setdefault(typ, []).append(value)

    def lookup(self, typ: str) -> list[str]:
        found: list[str] = []
        for frame in self.frames:
            found.extend(frame.get(typ, ()))
        return found

    def add_arg(self, base: str, typ: str) -> str:
        count = self.arg_names.get(base, 0)
        self.arg_names[base] = count + 1
        name = f"%{base}" if count == 0 else f"%{base}_{count}"
        self.args.append((name, typ))
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
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.signatures: set[str] = set()
        self.pool = self._pool()
        self.variants = {shape: self._variants(shape) for shape in self.pool}
        self.suffixes = {shape: self._suffixes(shape) for shape in self.pool}
        statics = [s for s in self.pool if _is_static(s) and len(s) >= 3]
        self.aliases = {shape: f"!act{i}" for i, shape in enumerate(self.rng.sample(statics, min(6, len(statics))))}
        self.alias_of = {type_str(shape): alias for shape, alias in self.aliases.items()}
        self.fn: _Function = _Function("", "")
        self.budget = 0
        # The deliberate errors form a Poisson process over the op count: error_rate per op on average.
        self.next_wrong = self.rng.expovariate(error_rate) if error_rate > 0 else float("inf")

    # --- shapes ---------------------------------------------------------

    def _pool(self) -> list[Shape]:
        rng = self.rng
        pool: dict[Shape, None] = {}
        while len(pool) < POOL_SIZE:
            rank = rng.choices(range(6), _RANK_WEIGHTS)[0]
            shape: list[Dim] = []
            for i in range(rank):
                dynamic = rng.random() < (0.3 if i == 0 else 0.06)
                shape.append(None if dynamic else rng.choice(_SIZES))
            pool[tuple(shape)] = None
        return list(pool)

    def _variant(self, shape: Shape) -> Shape:
        """The shape with some sizes set to 1 (and a few static sizes to ``?``): it broadcasts to ``shape``."""
        return broadcast_variant(self.rng, shape, (0.35, 0.45, 0.50))

    def _variants(self, shape: Shape) -> list[Shape]:
        return [self._variant(shape) for _ in range(3)]

    def _suffixes(self, shape: Shape) -> list[Shape]:
        """Lower-rank operands for the NumPy-style ops (leading dims dropped); empty for rank 0."""
        if not shape:
            return []
        out = []
        for _ in range(2):
            drop = self.rng.randint(1, len(shape))
            out.append(self._variant(shape)[drop:])
        return out

    # --- types and values -----------------------------------------------

    def ty(self, shape: Shape, element: str = "f32") -> str:
        """The printed type: sometimes an alias, as printers do for frequent types."""
        if element == "f32" and shape in self.aliases and self.rng.random() < 0.5:
            return self.aliases[shape]
        return type_str(shape, element)

    def value(self, shape: Shape, element: str = "f32") -> str:
        """A value of this type in scope, defining one (constant, mask or argument) if needed."""
        fn, rng = self.fn, self.rng
        key = type_str(shape, element)
        found = fn.lookup(key)
        if found:
            if rng.random() < 0.6:
                return found[-1]
            return rng.choice(found[-8:])
        if self.budget > 0 and element == "f32" and _is_static(shape) and rng.random() < 0.75:
            return self.const(shape)
        if self.budget > 2 and element == "i1" and rng.random() < 0.8:
            return self.greater(shape)
        base = "mask" if element == "i1" else rng.choice(_ARG_NAMES)
        return fn.add_arg(base, key)

    def count(self, checked: bool) -> None:
        self.budget -= 1
        self.stats.ops += 1
        if checked:
            self.stats.checked += 1

    def result(self, value: str, shape: Shape, element: str = "f32") -> None:
        self.fn.define(value, type_str(shape, element))
        if len(self.fn.frames) == 1 and element == "f32":
            self.fn.last = (value, type_str(shape))

    def signature(self, operands: list[str], result: str) -> str:
        sig = f"({', '.join(operands)}) -> {result}"
        self.signatures.add(sig)
        return sig

    # --- ops --------------------------------------------------------------

    def const(self, shape: Shape) -> str:
        name = self.fn.fresh_const()
        rng = self.rng
        if rng.random() < 0.85:
            literal = rng.choice(("0.000000e+00", "1.000000e+00", "5.000000e-01", "-1.000000e+00", "1.000000e-05"))
        else:
            literal = f"{rng.uniform(-4, 4):.6e}"
        t = self.ty(shape)
        self.fn.emit(f'{name} = "tosa.const"() <{{values = dense<{literal}> : {t}}}> : () -> {t}')
        self.count(checked=False)
        self.result(name, shape)
        return name

    def greater(self, shape: Shape) -> str:
        """``tosa.greater``: an ``i1`` mask for ``tosa.select``."""
        other = self.rng.choice([shape, *self.variants.get(shape, [])])
        self.budget -= 1  # reserve this op before its operands
        a, b = self.value(shape), self.value(other)
        self.budget += 1
        name = self.fn.fresh()
        sig = self.signature([self.ty(shape), self.ty(other)], self.ty(shape, "i1"))
        self.fn.emit(f"{name} = tosa.greater {a}, {b} : {sig}")
        self.count(checked=True)
        self.result(name, shape, "i1")
        return name

    def _spell(self, typ: str) -> str:
        """A canonical type as printed: an alias where one is defined, half of the time."""
        alias = self.alias_of.get(typ)
        return alias if alias is not None and self.rng.random() < 0.5 else typ

    def operands_for(self, shape: Shape, count: int, numpy_style: bool) -> list[tuple[str, str]]:
        """``count`` operands (value, printed type) that broadcast exactly to ``shape``; one has ``shape`` itself."""
        rng = self.rng
        shapes: list[Shape] = []
        full = rng.randrange(count)
        for i in range(count):
            if i == full or rng.random() < 0.3:
                shapes.append(shape)
            elif numpy_style and self.suffixes.get(shape) and rng.random() < 0.6:
                shapes.append(rng.choice(self.suffixes[shape]))
            else:
                shapes.append(rng.choice(self.variants.get(shape) or [shape]))
        self.budget -= 1  # reserve the op itself
        values = [self.value(s) for s in shapes]
        self.budget += 1
        return [(v, self.ty(s)) for v, s in zip(values, shapes, strict=True)]

    def tosa_binary(self, shape: Shape, generic: bool) -> None:
        op = self.rng.choice(_TOSA_BINARY)
        (a, ta), (b, tb) = self.operands_for(shape, 2, numpy_style=False)
        name = self.fn.fresh()
        sig = self.signature([ta, tb], self.ty(shape))
        if generic:
            self.fn.emit(f'{name} = "tosa.{op}"({a}, {b}) : {sig}')
        else:
            self.fn.emit(f"{name} = tosa.{op} {a}, {b} : {sig}")
        self.count(checked=True)
        self.result(name, shape)

    def tosa_unary(self, shape: Shape) -> None:
        op = self.rng.choice(_TOSA_UNARY)
        self.budget -= 1
        a = self.value(shape)
        self.budget += 1
        t = self.ty(shape)
        name = self.fn.fresh()
        self.fn.emit(f"{name} = tosa.{op} {a} : {self.signature([t], t)}")
        self.count(checked=True)
        self.result(name, shape)

    def tosa_select(self, shape: Shape) -> None:
        rng = self.rng
        mask_shape = rng.choice([shape, *self.variants.get(shape, [])])
        self.budget -= 1
        mask = self.value(mask_shape, "i1")
        self.budget += 1
        (a, ta), (b, tb) = self.operands_for(shape, 2, numpy_style=False)
        name = self.fn.fresh()
        sig = self.signature([self.ty(mask_shape, "i1"), ta, tb], self.ty(shape))
        self.fn.emit(f"{name} = tosa.select {mask}, {a}, {b} : {sig}")
        self.count(checked=True)
        self.result(name, shape)

    def numpy_op(self, shape: Shape, wrong: bool = False) -> None:
        """``"tf.AddV2"`` or ``"test.broadcastable"``: unequal ranks allowed; ``wrong`` makes the result type wrong."""
        rng = self.rng
        is_tf = rng.random() < 0.65
        count = 2 if is_tf else rng.choice((1, 2, 2, 2, 3))
        operands = self.operands_for(shape, count, numpy_style=True)
        result_shape = shape
        if wrong:
            static = [i for i, d in enumerate(shape) if d is not None]
            i = rng.choice(static)
            size = shape[i]
            assert size is not None
            result_shape = (*shape[:i], size + 1, *shape[i + 1 :])
        name = self.fn.fresh()
        values = ", ".join(v for v, _ in operands)
        sig = self.signature([t for _, t in operands], self.ty(result_shape))
        if is_tf:
            attrs = rng.choice(('{device = ""}', '{device = "/job:localhost/replica:0/task:0/device:CPU:0"}', ""))
            loc = f' loc("{rng.choice(_SCOPES)}_{rng.randrange(48)}/add")' if rng.random() < 0.4 else ""
            self.fn.emit(f'{name} = "tf.AddV2"({values}) {attrs}{" " if attrs else ""}: {sig}{loc}')
        else:
            self.fn.emit(f'{name} = "test.broadcastable"({values}) : {sig}')
        self.count(checked=True)
        if wrong:
            self.fn.wrong_at.append(len(self.fn.body) - 1)
            self.stats.wrong += 1
        else:
            self.result(name, shape)

    def identity(self, shape: Shape) -> None:
        self.budget -= 1
        a = self.value(shape)
        self.budget += 1
        t = self.ty(shape)
        name = self.fn.fresh()
        self.fn.emit(f'{name} = "tf.Identity"({a}) {{device = ""}} : ({t}) -> {t}')
        self.count(checked=False)
        self.result(name, shape)

    def index_const(self, n: int) -> str:
        fn = self.fn
        if n not in fn.index_consts:
            fn.index_consts[n] = f"%c{n}"
            fn.emit(f"%c{n} = arith.constant {n} : index")
            self.count(checked=False)
        return fn.index_consts[n]

    def scf_for(self, shape: Shape) -> None:
        """``scf.for`` carrying a tensor; its body chains a few checked ops on the loop-carried value."""
        rng, fn = self.rng, self.fn
        lb, ub, step = self.index_const(0), self.index_const(rng.choice((4, 8, 16))), self.index_const(1)
        self.budget -= 1
        init = self.value(shape)
        self.budget += 1
        k = fn.next_value
        iv, acc = f"%iv_{k}", f"%acc_{k}"
        name = fn.fresh()
        t = self.ty(shape)
        fn.emit(f"{name} = scf.for {iv} = {lb} to {ub} step {step} iter_args({acc} = {init}) -> ({t}) {{")
        self.count(checked=False)
        fn.indent += "  "
        fn.frames.append({type_str(shape): [acc]})
        for _ in range(rng.randint(2, 6)):
            if self.budget < 2:
                break
            self.simple_op(shape)
        last = fn.frames[-1][type_str(shape)][-1]
        fn.emit(f"scf.yield {last} : {self.ty(shape)}")
        fn.frames.pop()
        fn.indent = fn.indent[:-2]
        fn.emit("}")
        self.result(name, shape)

    def linalg_generic(self, shape: Shape) -> None:
        """``tensor.empty`` and an elementwise ``linalg.generic`` over two inputs (identity maps, multi-line)."""
        rng, fn = self.rng, self.fn
        self.budget -= 3
        a, b = self.value(shape), self.value(shape)
        self.budget += 3
        t = self.ty(shape)
        empty = fn.fresh()
        fn.emit(f"{empty} = tensor.empty() : {t}")
        self.count(checked=False)
        dims = ", ".join(f"d{i}" for i in range(len(shape)))
        amap = f"affine_map<({dims}) -> ({dims})>"
        iterators = ", ".join('"parallel"' for _ in shape)
        name = fn.fresh()
        fn.emit(
            f"{name} = linalg.generic {{indexing_maps = [{amap}, {amap}, {amap}], iterator_types = [{iterators}]}}"
            f" ins({a}, {b} : {t}, {t}) outs({empty} : {t}) {{"
        )
        fn.emit("^bb0(%in: f32, %in_0: f32, %out: f32):")
        inner = fn.fresh()
        fn.emit(f"  {inner} = {rng.choice(_ARITH)} %in, %in_0 : f32")
        fn.emit(f"  linalg.yield {inner} : f32")
        fn.emit(f"}} -> {t}")
        self.count(checked=False)
        self.count(checked=False)
        self.result(name, shape)

    def region_op(self, shape: Shape) -> None:
        """An unregistered op with an attribute and a region of checked ops, in generic form."""
        fn = self.fn
        self.budget -= 1
        a = self.value(shape)
        self.budget += 1
        t = self.ty(shape)
        name = fn.fresh()
        k = fn.next_value
        arg = f"%blockarg_{k}"
        fn.emit(f'{name} = "test.region_op"({a}) ({{')
        self.count(checked=False)
        fn.emit(f"^bb0({arg}: {t}):")
        fn.indent += "  "
        fn.frames.append({type_str(shape): [arg]})
        for _ in range(self.rng.randint(1, 4)):
            if self.budget < 2:
                break
            self.simple_op(shape)
        last = fn.frames[-1][type_str(shape)][-1]
        fn.emit(f'"test.terminator"({last}) : ({self.ty(shape)}) -> ()')
        fn.frames.pop()
        fn.indent = fn.indent[:-2]
        fn.emit(f"}}) {{test.tile = {self.rng.choice((4, 8, 16))} : i64}} : ({t}) -> {t}")
        self.result(name, shape)

    def simple_op(self, shape: Shape) -> None:
        """One checked op producing ``shape`` (plus any constants or masks it needs)."""
        r = self.rng.random()
        if r < 0.55:
            self.tosa_binary(shape, generic=r < 0.05)
        elif r < 0.62:
            self.tosa_unary(shape)
        elif r < 0.69:
            self.tosa_select(shape)
        elif r < 0.73:
            self.greater(shape)
        else:
            self.numpy_op(shape)

    def step(self, shape: Shape) -> None:
        """One top-level step of a function body."""
        rng = self.rng
        if self.stats.ops >= self.next_wrong and any(d is not None for d in shape):
            self.numpy_op(shape, wrong=True)
            self.next_wrong += rng.expovariate(self.error_rate) if self.error_rate > 0 else float("inf")
            return
        r = rng.random()
        if self.budget >= 30:
            if r < 0.02:
                self.scf_for(shape)
                return
            if r < 0.035 and shape and _is_static(shape):
                self.linalg_generic(shape)
                return
            if r < 0.045:
                self.region_op(shape)
                return
        if self.budget >= 4:
            if r < 0.08:
                self.identity(shape)
                return
            if r < 0.11 and _is_static(shape):
                self.const(shape)
                return
        self.simple_op(shape)

    # --- functions and the file -----------------------------------------

    def function(self, index: int, ops: int) -> list[str]:
        """The lines of one function with ``ops`` ops (ops are counted exactly)."""
        rng = self.rng
        self.fn = _Function(f"@{rng.choice(_SCOPES)}_{index}", "    ")
        self.budget = ops
        working = rng.sample(self.pool, rng.randint(8, 16))
        shape = rng.choice(working)
        steps = 0
        while self.budget > 0:
            if rng.random() < 0.3:
                shape = rng.choice(working)
            if steps and rng.random() < 0.01:
                self.fn.emit(f"// {rng.choice(_SCOPES)} {steps}")
            self.step(shape)
            steps += 1
        fn = self.fn
        if fn.last is None:
            fn.last = (fn.args[0][0], fn.args[0][1]) if fn.args else ("", "")
        value, typ = fn.last
        args = ", ".join(f"{n}: {self._spell(t)}" for n, t in fn.args)
        header = f"  func.func {fn.name}({args}) -> {typ} {{"
        body = fn.body
        base = self.stats.lines + 1  # the header's line number
        self.stats.wrong_lines.extend(base + 1 + i for i in fn.wrong_at)
        return [header, *body, f"    return {value} : {typ}", "  }"]

    def lines(self) -> Iterator[str]:
        """The file, line by line (without newlines)."""
        head = [f"// Generated by bench.gen (version {VERSION}): {self.total} ops, seed {self.seed}."]
        head += [f"{alias} = {type_str(shape)}" for shape, alias in self.aliases.items()]
        head.append('module attributes {bench.generator = "bench.gen"} {')
        for line in head:
            self.stats.lines += 1
            yield line
        index = 0
        while self.stats.ops < self.total:
            remaining = self.total - self.stats.ops
            size = remaining if remaining < 1.5 * OPS_PER_FUNCTION else self.rng.randint(800, 1200)
            for line in self.function(index, size):
                self.stats.lines += 1
                yield line
            self.stats.functions += 1
            index += 1
        self.stats.distinct_signatures = len(self.signatures)
        self.stats.lines += 1
        yield "}"


def broadcast_variant(rng: random.Random, shape: Shape, odds: tuple[float, float, float]) -> Shape:
    """``shape`` with some sizes set to 1 and a few static ones to ``?``, so that it broadcasts to
    ``shape``: a ``?`` becomes 1 with the first odds, a static size 1 with the second, ``?`` below
    the third."""
    one_if_dynamic, one, dynamic = odds
    out: list[Dim] = []
    for d in shape:
        r = rng.random()
        if d is None:
            out.append(1 if r < one_if_dynamic else None)
        elif d == 1 or r < one:
            out.append(1)
        elif r < dynamic:
            out.append(None)
        else:
            out.append(d)
    return tuple(out)


def generate(ops: int, seed: int, error_rate: float = DEFAULT_ERROR_RATE) -> Iterator[str]:
    """The lines (without newlines) of a file with ``ops`` ops; see the module docstring."""
    return Generator(ops, seed, error_rate).lines()


def write(path: str, ops: int, seed: int, error_rate: float = DEFAULT_ERROR_RATE) -> Stats:
    """Write a generated file and return its statistics."""
    gen = Generator(ops, seed, error_rate)
    write_lines(path, gen.lines())
    return gen.stats


def write_lines(path: str, lines: Iterator[str]) -> None:
    """Write streamed lines to ``path`` in batches, so a 1M-op file never sits in memory."""
    with open(path, "w", encoding="utf-8") as f:
        buffer: list[str] = []
        for line in lines:
            buffer.append(line)
            if len(buffer) >= 4096:
                f.write("\n".join(buffer) + "\n")
                buffer.clear()
        if buffer:
            f.write("\n".join(buffer) + "\n")


class _Generates(Protocol):
    stats: Any

    def lines(self) -> Iterator[str]: ...


def generator_cli(
    prog: str,
    doc: str,
    make: Callable[[int, int, float], _Generates],
    error_rate: float,
    argv: list[str] | None,
    more: Callable[[argparse.ArgumentParser], object] | None = None,
) -> tuple[argparse.Namespace, Any]:
    """The command line both generators share: parse ``argv`` (with the options ``more`` adds),
    write the file (or standard output), and return the arguments and the file's statistics."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    parser.add_argument("--ops", type=int, required=True, help="number of ops (see the module docstring)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--error-rate", type=float, default=error_rate, help="share of deliberately wrong ops")
    parser.add_argument("-o", "--output", required=True, help="output file ('-' for stdout)")
    if more is not None:
        more(parser)
    parser.add_argument("--stats", action="store_true", help="print the file's statistics as JSON on stderr")
    args = parser.parse_args(argv)
    gen = make(args.ops, args.seed, args.error_rate)
    if args.output == "-":
        for line in gen.lines():
            sys.stdout.write(line + "\n")
    else:
        write_lines(args.output, gen.lines())
    return args, gen.stats


def main(argv: list[str] | None = None) -> int:
    args, stats = generator_cli("python -m bench.gen", __doc__ or "", Generator, DEFAULT_ERROR_RATE, argv)
    if args.stats:
        print(json.dumps(asdict(stats) | {"wrong_lines": stats.wrong_lines[:20]}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
