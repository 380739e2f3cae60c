"""Small TOSA and Linalg/Tensor functions written twice, with a ``?`` batch and at a static batch
(the "static twin"), for the refine campaigns that have no refinement pass to run
(``tests/oracle/test_refine_tosa.py``, ``tests/oracle/test_refine_linalg.py``): broadcheck refines
the ``?`` one with ``--arg``; its output must be the twin, type for type, and verify with iree-opt.

* ``tosa``: elementwise binary ops (``add``, ``sub``, ``maximum``, ``minimum``, ``mul`` with its
  shift; same shapes, or a ``1x...xF`` weight broadcast), unary ops (``abs``, ``exp``, ``tanh``,
  ``sigmoid``, ``floor``, ``reciprocal``, ``negate`` with its zero points), ``reduce_*``,
  ``transpose`` and ``concat``.
* ``linalg``: ``linalg.matmul`` into an init argument, ``linalg.transpose`` into an init argument,
  ``tensor.concat``, ``tensor.collapse_shape``, ``tensor.extract_slice`` of static sizes,
  ``tensor.cast``.

A case is (name, text with ``?``, the static twin, {argument index: static type}).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

Dim = int | tuple[int]
"""A static size, or ``(k,)``: ``k`` times the batch."""

Case = tuple[str, str, str, dict[int, str]]


def ttext(dims: list[Dim], batch: int | None, element: str = "f32") -> str:
    """The type text of ``dims`` (``?`` for the batch when ``batch`` is ``None``)."""

    def one(d: Dim) -> str:
        if isinstance(d, tuple):
            return "?" if batch is None else str(d[0] * batch)
        return str(d)

    return "tensor<" + "".join(one(d) + "x" for d in dims) + element + ">"


@dataclass
class _Fn:
    """One function: its arguments (name, dims) and statements, each a template of the batch."""

    args: list[tuple[str, list[Dim], str]] = field(default_factory=list)
    lines: list[Callable[[int | None], str]] = field(default_factory=list)
    count: int = 0

    def arg(self, dims: list[Dim], element: str = "f32") -> str:
        name = f"%arg{len(self.args)}"
        self.args.append((name, dims, element))
        return name

    def add(self, template: Callable[[int | None], str]) -> str:
        self.count += 1
        name = f"%{self.count - 1}"
        self.lines.append(lambda b, name=name, template=template: f"    {name} = {template(b)}")  # type: ignore[misc]
        return name

    def text(self, index: int, result: tuple[str, list[Dim]], batch: int | None) -> str:
        sig = ", ".join(f"{n}: {ttext(d, batch, e)}" for n, d, e in self.args)
        rt = ttext(result[1], batch)
        body = [line(batch) for line in self.lines]
        return "\n".join([f"  func.func @f{index}({sig}) -> {rt} {{", *body, f"    return {result[0]} : {rt}", "  }"])


def _tosa(rng: random.Random, fn: _Fn, pool: list[tuple[str, list[Dim]]]) -> None:
    shift = fn.arg([1], "i8")
    zp = fn.arg([1])
    for _ in range(rng.randint(3, 9)):
        name, dims = rng.choice(pool[-3:])
        kind = rng.choice(["binary", "binary", "mul", "unary", "negate", "reduce", "transpose", "concat"])
        out: list[Dim] = dims
        if kind == "reduce":
            op = rng.choice(["sum", "max", "min", "product"])
            axis = rng.randrange(len(dims))
            out = [1 if i == axis else d for i, d in enumerate(dims)]
            new = fn.add(
                lambda b, op=op, name=name, dims=dims, out=out, axis=axis: (
                    f"tosa.reduce_{op} {name} axis({axis}) : ({ttext(dims, b)}) -> {ttext(out, b)}"
                )
            )
        elif kind == "transpose":
            perm = list(range(len(dims)))
            rng.shuffle(perm)
            out = [dims[i] for i in perm]
            new = fn.add(
                lambda b, name=name, dims=dims, out=out, perm=perm: (
                    f"tosa.transpose {name} perms({perm}) : ({ttext(dims, b)}) -> {ttext(out, b)}"
                )
            )
        elif kind == "concat":
            axis = rng.randrange(len(dims))
            d = dims[axis]
            out = list(dims)
            out[axis] = (d[0] * 2,) if isinstance(d, tuple) else d * 2
            new = fn.add(
                lambda b, name=name, dims=dims, out=out, axis=axis: (
                    f"tosa.concat {name}, {name} axis({axis}) : ({ttext(dims, b)}, {ttext(dims, b)}) -> {ttext(out, b)}"
                )
            )
        elif kind in ("binary", "mul"):
            if rng.random() < 0.5:
                other, odims = fn.arg([1] * (len(dims) - 1) + [dims[-1]]), [1] * (len(dims) - 1) + [dims[-1]]
            else:
                other, odims = rng.choice([v for v in pool if v[1] == dims])[0], dims
            op = "mul" if kind == "mul" else rng.choice(["add", "sub", "maximum", "minimum"])
            extra = f", {shift}" if op == "mul" else ""
            extra_t = ", tensor<1xi8>" if op == "mul" else ""
            new = fn.add(
                lambda b, op=op, name=name, other=other, dims=dims, odims=odims, extra=extra, extra_t=extra_t: (
                    f"tosa.{op} {name}, {other}{extra} : "
                    f"({ttext(dims, b)}, {ttext(odims, b)}{extra_t}) -> {ttext(dims, b)}"
                )
            )
        elif kind == "unary":
            op = rng.choice(["abs", "exp", "tanh", "sigmoid", "floor", "reciprocal"])
            new = fn.add(
                lambda b, op=op, name=name, dims=dims: f"tosa.{op} {name} : ({ttext(dims, b)}) -> {ttext(dims, b)}"
            )
        else:
            new = fn.add(
                lambda b, name=name, dims=dims: (
                    f"tosa.negate {name}, {zp}, {zp} : "
                    f"({ttext(dims, b)}, tensor<1xf32>, tensor<1xf32>) -> {ttext(dims, b)}"
                )
            )
        pool.append((new, out))


def _linalg(rng: random.Random, fn: _Fn, pool: list[tuple[str, list[Dim]]]) -> None:
    for _ in range(rng.randint(3, 8)):
        name, dims = rng.choice(pool[-3:])
        kind = rng.choice(["matmul", "transpose", "concat", "collapse", "slice", "cast"])
        out: list[Dim] | None = None
        if kind == "matmul" and len(dims) == 2 and isinstance(dims[1], int):
            n = rng.choice([2, 3, 5])
            w = fn.arg([dims[1], n])
            out = [dims[0], n]
            init = fn.arg(out)
            template: Callable[[int | None], str] = lambda b, name=name, w=w, init=init, dims=dims, out=out, n=n: (  # noqa: E731
                f"linalg.matmul ins({name}, {w} : {ttext(dims, b)}, {ttext([dims[1], n], b)}) "
                f"outs({init} : {ttext(out, b)}) -> {ttext(out, b)}"
            )
        elif kind == "transpose" and len(dims) >= 2:
            perm = list(range(len(dims)))
            rng.shuffle(perm)
            out = [dims[i] for i in perm]
            init = fn.arg(out)
            template = lambda b, name=name, init=init, dims=dims, out=out, perm=perm: (  # noqa: E731
                f"linalg.transpose ins({name} : {ttext(dims, b)}) outs({init} : {ttext(out, b)}) permutation = {perm}"
            )
        elif kind == "concat":
            axis = rng.randrange(len(dims))
            d = dims[axis]
            out = list(dims)
            out[axis] = (d[0] * 2,) if isinstance(d, tuple) else d * 2
            template = lambda b, name=name, dims=dims, out=out, axis=axis: (  # noqa: E731
                f"tensor.concat dim({axis}) {name}, {name} : ({ttext(dims, b)}, {ttext(dims, b)}) -> {ttext(out, b)}"
            )
        elif kind == "collapse" and len(dims) >= 2:
            groups = [[0, 1], *([[i] for i in range(2, len(dims))])]
            a, c = dims[0], dims[1]
            if isinstance(a, tuple) and isinstance(c, tuple):
                continue
            merged: Dim = (a[0] * c,) if isinstance(a, tuple) else (c[0] * a,) if isinstance(c, tuple) else a * c  # type: ignore[operator]
            out = [merged, *dims[2:]]
            template = lambda b, name=name, dims=dims, out=out, groups=groups: (  # noqa: E731
                f"tensor.collapse_shape {name} {groups} : {ttext(dims, b)} into {ttext(out, b)}"
            )
        elif kind == "slice" and all(isinstance(d, int) for d in dims[1:]):
            sizes = [1, *(max(1, d // 2) for d in dims[1:] if isinstance(d, int))]
            out = list(sizes)
            offsets = ", ".join("0" for _ in dims)
            ones = ", ".join("1" for _ in dims)
            template = lambda b, name=name, dims=dims, out=out, offsets=offsets, ones=ones, sizes=sizes: (  # noqa: E731
                f"tensor.extract_slice {name}[{offsets}] [{', '.join(map(str, sizes))}] [{ones}] : "
                f"{ttext(dims, b)} to {ttext(out, b)}"
            )
        elif kind == "cast":
            out = dims
            template = lambda b, name=name, dims=dims: f"tensor.cast {name} : {ttext(dims, b)} to {ttext(dims, b)}"  # noqa: E731
        if out is None:
            continue
        pool.append((fn.add(template), out))


def _case(rng: random.Random, index: int, family: str) -> Case:
    fn = _Fn()
    rank = rng.choice([2, 2, 3]) if family == "linalg" else rng.choice([1, 2, 3, 4])
    shape: list[Dim] = [(1,), *(rng.choice([2, 3, 4, 6]) for _ in range(rank - 1))]
    acts = [fn.arg(list(shape))]
    if rng.random() < 0.4:
        acts.append(fn.arg(list(shape)))
    pool: list[tuple[str, list[Dim]]] = [(a, list(shape)) for a in acts]
    (_tosa if family == "tosa" else _linalg)(rng, fn, pool)
    if len(pool) == len(acts):
        name, dims = pool[-1]
        pool.append(
            (fn.add(lambda b, name=name, dims=dims: f"tensor.cast {name} : {ttext(dims, b)} to {ttext(dims, b)}"), dims)
        )
    batch = rng.choice([1, 2, 3, 8, 16, 64])
    static = {i: ttext(d, batch, e) for i, (_, d, e) in enumerate(fn.args) if any(isinstance(x, tuple) for x in d)}
    return f"f{index}", fn.text(index, pool[-1], None) + "\n", fn.text(index, pool[-1], batch) + "\n", static


def generate(count: int, seed: int, family: str) -> list[Case]:
    """``count`` cases of ``family`` (``tosa`` or ``linalg``), the same for the same ``seed``."""
    rng = random.Random(seed)
    return [_case(rng, i, family) for i in range(count)]


def module(functions: list[str]) -> str:
    """The functions as one module."""
    return "module {\n" + "".join(functions) + "}\n"
