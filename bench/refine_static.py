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


# ---- tosa-infer: TOSA functions for the campaign against tosa-infer-shapes ---------------------
#
# ``tests/oracle/test_refine_tosa_infer.py`` refines these with broadcheck and runs the same
# functions, with the same static argument types, through upstream MLIR's ``tosa-infer-shapes``
# (torch-mlir's bindings). No twin is written: the pass is the oracle. A value is known here by its
# real sizes (at the case's batch) and by which sizes its input type writes as ``?``.


@dataclass
class _Value:
    """A value of a tosa-infer function: its name, real sizes, the sizes written ``?``, element type."""

    name: str
    dims: list[int]
    open: list[bool]
    element: str = "f32"
    unranked: bool = False

    def text(self) -> str:
        """Its type as the input writes it."""
        if self.unranked:
            return f"tensor<*x{self.element}>"
        return (
            "tensor<"
            + "".join(("?" if o else str(d)) + "x" for d, o in zip(self.dims, self.open, strict=True))
            + f"{self.element}>"
        )

    def static(self) -> str:
        """Its type at the case's batch."""
        return "tensor<" + "".join(f"{d}x" for d in self.dims) + f"{self.element}>"


@dataclass
class _InferFn:
    """A tosa-infer function being written: arguments (value, static type or ``None``) and statements."""

    rng: random.Random
    args: list[tuple[_Value, bool]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    count: int = 0
    shapes: int = 0

    def arg(self, dims: list[int], open_: list[bool] | None = None, element: str = "f32") -> _Value:
        """A new argument (refined to its real sizes when some are written ``?``)."""
        value = _Value(f"%arg{len(self.args)}", list(dims), list(open_ or [False] * len(dims)), element)
        self.args.append((value, any(value.open)))
        return value

    def result(self, dims: list[int], open_: list[bool], element: str = "f32") -> _Value:
        """A new op result, its input type written as torch-mlir's exports do (``?`` where the batch
        reaches) or, now and then, with every size ``?`` or unranked."""
        self.count += 1
        value = _Value(f"%{self.count - 1}", list(dims), list(open_), element)
        spelling = self.rng.random()
        if spelling < 0.15:
            value.open = [True] * len(dims)
        elif spelling < 0.2:
            value.unranked = True
        return value

    def const_shape(self, values: list[int]) -> str:
        """A ``tosa.const_shape`` of ``values``, its name."""
        self.shapes += 1
        name = f"%s{self.shapes}"
        self.lines.append(
            f"    {name} = tosa.const_shape values(dense<{values}> : tensor<{len(values)}xindex>) : "
            f"() -> !tosa.shape<{len(values)}>"
        )
        return name

    def emit(self, value: _Value, text: str) -> _Value:
        """The statement ``value = text``."""
        self.lines.append(f"    {value.name} = {text}")
        return value


def _bcast_other(fn: _InferFn, x: _Value) -> _Value:
    """An argument that broadcasts against ``x``: some sizes 1 (written ``?`` now and then, refined to 1)."""
    dims = list(x.dims)
    open_ = list(x.open)
    for i in range(len(dims)):
        if fn.rng.random() < 0.4:
            dims[i] = 1
            open_[i] = fn.rng.random() < 0.3
    return fn.arg(dims, open_, x.element)


def _window(rng: random.Random, size: int, kernel: int, pool: bool) -> tuple[int, int, int] | None:
    """(stride, pad before, pad after) for a window of ``kernel`` over ``size`` that divides evenly
    (a pool's pads less than its kernel)."""
    stride = rng.choice([1, 1, 2])
    most = kernel - 1 if pool else 1
    before = rng.choice([0, min(1, most)])
    for after in range(min(stride, most + 1)):
        span = size - 1 + before + after - (kernel - 1)
        if span >= 0 and span % stride == 0:
            return stride, before, after
    return None


def _tosa_infer_op(fn: _InferFn, pool: list[_Value], kind: str) -> _Value | None:
    """One statement of ``kind`` on a recent value of ``pool``; its result, or ``None`` when the
    value does not suit ``kind``."""
    rng = fn.rng
    x = rng.choice(pool[-3:])
    rank = len(x.dims)
    floats = x.element == "f32"
    if kind == "binary":
        same = [v for v in pool if v.dims == x.dims and v.element == x.element]
        # (an unranked operand says nothing the verifier could broadcast a 1 of the other against)
        other = rng.choice(same) if x.unranked else rng.choice([*same, _bcast_other(fn, x)])
        a, b = (x, other) if rng.random() < 0.5 else (other, x)
        dims = [max(p, q) for p, q in zip(a.dims, b.dims, strict=True)]
        open_ = [p or q for p, q in zip(a.open, b.open, strict=True)]
        out = fn.result(dims, open_, x.element)
        op = rng.choice(["add", "sub", "maximum", "minimum", "mul"])
        if op == "mul":
            shift = fn.arg([1], element="i8")
            return fn.emit(
                out,
                f"tosa.mul {a.name}, {b.name}, {shift.name} : "
                f"({a.text()}, {b.text()}, {shift.static()}) -> {out.text()}",
            )
        return fn.emit(out, f"tosa.{op} {a.name}, {b.name} : ({a.text()}, {b.text()}) -> {out.text()}")
    if kind == "unary" and floats:
        out = fn.result(x.dims, x.open)
        op = rng.choice(["abs", "exp", "tanh", "sigmoid", "floor", "reciprocal", "negate", "clamp", "cast"])
        if op == "negate":
            zp = fn.arg([1])
            return fn.emit(
                out,
                f"tosa.negate {x.name}, {zp.name}, {zp.name} : "
                f"({x.text()}, {zp.static()}, {zp.static()}) -> {out.text()}",
            )
        if op == "clamp":
            return fn.emit(
                out,
                f'"tosa.clamp"({x.name}) <{{min_val = 0.0 : f32, max_val = 6.0 : f32}}> : ({x.text()}) -> {out.text()}',
            )
        if op == "cast":
            out.element = "f16"
            return fn.emit(out, f"tosa.cast {x.name} : ({x.text()}) -> {out.text()}")
        return fn.emit(out, f"tosa.{op} {x.name} : ({x.text()}) -> {out.text()}")
    if kind == "reduce":
        axis = rng.randrange(rank)
        out = fn.result(
            [1 if i == axis else d for i, d in enumerate(x.dims)],
            [o and i != axis for i, o in enumerate(x.open)],
            x.element,
        )
        op = rng.choice(["sum", "max", "min", "product"])
        return fn.emit(out, f"tosa.reduce_{op} {x.name} axis({axis}) : ({x.text()}) -> {out.text()}")
    if kind == "argmax" and floats and rank >= 2:
        axis = rng.randrange(rank)
        out = fn.result(
            [d for i, d in enumerate(x.dims) if i != axis], [o for i, o in enumerate(x.open) if i != axis], "i32"
        )
        return fn.emit(out, f'"tosa.argmax"({x.name}) <{{axis = {axis} : i32}}> : ({x.text()}) -> {out.text()}')
    if kind == "transpose":
        perm = list(range(rank))
        rng.shuffle(perm)
        out = fn.result([x.dims[i] for i in perm], [x.open[i] for i in perm], x.element)
        return fn.emit(out, f"tosa.transpose {x.name} perms({perm}) : ({x.text()}) -> {out.text()}")
    if kind == "concat":
        axis = rng.randrange(rank)
        dims = list(x.dims)
        dims[axis] = rng.choice([1, 2, 3])
        other = x if rng.random() < 0.5 else fn.arg(dims, [o and i != axis for i, o in enumerate(x.open)], x.element)
        dims = list(x.dims)
        dims[axis] += other.dims[axis]
        out = fn.result(dims, [o or p for o, p in zip(x.open, other.open, strict=True)], x.element)
        return fn.emit(
            out, f"tosa.concat {x.name}, {other.name} axis({axis}) : ({x.text()}, {other.text()}) -> {out.text()}"
        )
    if kind == "reshape":
        total = 1
        for d in x.dims:
            total *= d
        factors = [f for f in range(2, 7) if total % f == 0]
        dims = [total] if not factors or rng.random() < 0.3 else [total // (f := rng.choice(factors)), f]
        if len(dims) == 2 and rng.random() < 0.5:
            dims.reverse()
        if rng.random() < 0.3:
            dims = [1, *dims]
        wild = rng.randrange(len(dims)) if rng.random() < 0.8 else None
        values = [-1 if i == wild else d for i, d in enumerate(dims)]
        shape = fn.const_shape(values)
        out = fn.result(dims, [i == wild and any(x.open) for i in range(len(dims))], x.element)
        return fn.emit(out, f"tosa.reshape {x.name}, {shape} : ({x.text()}, !tosa.shape<{len(dims)}>) -> {out.text()}")
    if kind == "slice":
        starts, sizes, dims, open_ = [], [], [], []
        for d, o in zip(x.dims, x.open, strict=True):
            start = rng.randrange(d) if rng.random() < 0.5 else 0
            size = -1 if rng.random() < 0.4 else rng.randint(1, d - start)
            starts.append(start)
            sizes.append(size)
            dims.append(d - start if size == -1 else size)
            open_.append(o and size == -1)
        s, z = fn.const_shape(starts), fn.const_shape(sizes)
        out = fn.result(dims, open_, x.element)
        return fn.emit(
            out,
            f"tosa.slice {x.name}, {s}, {z} : ({x.text()}, !tosa.shape<{rank}>, !tosa.shape<{rank}>) -> {out.text()}",
        )
    if kind == "pad" and floats:
        pads = [rng.choice([0, 0, 1, 2]) for _ in range(2 * rank)]
        shape = fn.const_shape(pads)
        fn.shapes += 1
        pad_const = f"%p{fn.shapes}"
        fn.lines.append(
            f'    {pad_const} = "tosa.const"() <{{values = dense<0.0> : tensor<1xf32>}}> : () -> tensor<1xf32>'
        )
        out = fn.result([d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(x.dims)], x.open)
        return fn.emit(
            out,
            f"tosa.pad {x.name}, {shape}, {pad_const} : "
            f"({x.text()}, !tosa.shape<{2 * rank}>, tensor<1xf32>) -> {out.text()}",
        )
    if kind == "tile":
        multiples = [rng.choice([1, 1, 2, 3]) for _ in range(rank)]
        shape = fn.const_shape(multiples)
        out = fn.result([d * m for d, m in zip(x.dims, multiples, strict=True)], x.open, x.element)
        return fn.emit(out, f"tosa.tile {x.name}, {shape} : ({x.text()}, !tosa.shape<{rank}>) -> {out.text()}")
    if kind == "matmul" and floats and rank == 3:
        w = rng.choice([2, 3, 5])
        b = fn.arg([x.dims[0], x.dims[2], w], [x.open[0], False, False])
        zp = fn.arg([1])
        out = fn.result([x.dims[0], x.dims[1], w], [x.open[0] or b.open[0], x.open[1], False])
        return fn.emit(
            out,
            f"tosa.matmul {x.name}, {b.name}, {zp.name}, {zp.name} : "
            f"({x.text()}, {b.text()}, {zp.static()}, {zp.static()}) -> {out.text()}",
        )
    if kind in ("conv2d", "pool") and floats and rank == 4:
        kh, kw = rng.choice([1, 2, 3]), rng.choice([1, 2, 3])
        hy, wx = _window(rng, x.dims[1], kh, kind == "pool"), _window(rng, x.dims[2], kw, kind == "pool")
        if hy is None or wx is None:
            return None
        attrs = f"pad = array<i64: {hy[1]}, {hy[2]}, {wx[1]}, {wx[2]}>, stride = array<i64: {hy[0]}, {wx[0]}>"
        oh = (x.dims[1] - 1 + hy[1] + hy[2] - (kh - 1)) // hy[0] + 1
        ow = (x.dims[2] - 1 + wx[1] + wx[2] - (kw - 1)) // wx[0] + 1
        if kind == "pool":
            out = fn.result([x.dims[0], oh, ow, x.dims[3]], x.open)
            if kh > x.dims[1] + hy[1] + hy[2] or kw > x.dims[2] + wx[1] + wx[2]:
                return None
            if rng.random() < 0.5:
                return fn.emit(
                    out,
                    f'"tosa.max_pool2d"({x.name}) <{{kernel = array<i64: {kh}, {kw}>, {attrs}}}> : '
                    f"({x.text()}) -> {out.text()}",
                )
            zp = fn.arg([1])
            return fn.emit(
                out,
                f'"tosa.avg_pool2d"({x.name}, {zp.name}, {zp.name}) '
                f"<{{acc_type = f32, kernel = array<i64: {kh}, {kw}>, {attrs}}}> : "
                f"({x.text()}, {zp.static()}, {zp.static()}) -> {out.text()}",
            )
        o = rng.choice([2, 3, 4])
        weight = fn.arg([o, kh, kw, x.dims[3]])
        bias = fn.arg([rng.choice([1, o])])
        zp = fn.arg([1])
        out = fn.result([x.dims[0], oh, ow, o], [x.open[0], x.open[1], x.open[2], False])
        return fn.emit(
            out,
            f'"tosa.conv2d"({x.name}, {weight.name}, {bias.name}, {zp.name}, {zp.name}) '
            f"<{{acc_type = f32, dilation = array<i64: 1, 1>, {attrs}}}> : "
            f"({x.text()}, {weight.static()}, {bias.static()}, {zp.static()}, {zp.static()}) -> {out.text()}",
        )
    if kind == "select" and floats:
        y = rng.choice([v for v in pool if v.dims == x.dims and v.element == x.element])
        cond = fn.result(x.dims, [p or q for p, q in zip(x.open, y.open, strict=True)], "i1")
        fn.emit(cond, f"tosa.greater {x.name}, {y.name} : ({x.text()}, {y.text()}) -> {cond.text()}")
        out = fn.result(x.dims, cond.open if not cond.unranked else [True] * rank)
        return fn.emit(
            out,
            f"tosa.select {cond.name}, {x.name}, {y.name} : ({cond.text()}, {x.text()}, {y.text()}) -> {out.text()}",
        )
    if kind == "stop":
        # Ops tosa-infer-shapes leaves as they are: tosa.custom (no inference) and tensor.cast (not TOSA).
        out = fn.result(x.dims, [True] * rank, x.element)
        out.unranked = False
        if rng.random() < 0.5:
            return fn.emit(
                out,
                f'"tosa.custom"({x.name}) '
                f'<{{domain_name = "bc", implementation_attrs = "", operator_name = "opaque"}}> : '
                f"({x.text()}) -> {out.text()}",
            )
        return fn.emit(out, f"tensor.cast {x.name} : {x.text()} to {out.text()}")
    return None


_INFER_KINDS = [
    "binary", "binary", "binary", "unary", "unary", "reduce", "argmax", "transpose", "concat", "reshape", "reshape",
    "slice", "pad", "tile", "matmul", "matmul", "conv2d", "conv2d", "pool", "select", "stop",
]  # fmt: skip


def _tosa_infer_case(rng: random.Random, index: int) -> tuple[str, str, dict[int, str]]:
    """(name, text with ``?``, {argument index: static type}) of one tosa-infer function."""
    fn = _InferFn(rng)
    batch = rng.choice([1, 2, 3, 8, 16, 64])
    rank = rng.choice([1, 2, 3, 3, 4, 4])
    dims = [batch, *(rng.choice([2, 3, 4, 5, 6, 8]) for _ in range(rank - 1))]
    open_ = [True, *(rng.random() < 0.15 for _ in range(rank - 1))]
    pool = [fn.arg(dims, open_)]
    if rng.random() < 0.4:
        pool.append(fn.arg(dims, open_))
    made = 0
    for _ in range(40):
        if made >= rng.randint(3, 10):
            break
        kind = rng.choice(_INFER_KINDS)
        value = _tosa_infer_op(fn, pool, kind)
        if value is not None:
            made += 1
            if kind != "stop":  # (what follows an op no refinement infers is not compared: docs/refine.md)
                pool.append(value)
    last = pool[-1]
    sig = ", ".join(f"{v.name}: {v.text()}" for v, _ in fn.args)
    text = "\n".join(
        [
            f"  func.func @f{index}({sig}) -> {last.text()} {{",
            *fn.lines,
            f"    return {last.name} : {last.text()}",
            "  }",
        ]
    )
    static = {i: v.static() for i, (v, refined) in enumerate(fn.args) if refined}
    return f"f{index}", text + "\n", static


def generate_infer(count: int, seed: int) -> list[tuple[str, str, dict[int, str]]]:
    """``count`` tosa-infer cases (name, text with ``?``, {argument index: static type}), the same
    for the same ``seed``."""
    rng = random.Random(seed)
    return [_tosa_infer_case(rng, i) for i in range(count)]
