"""Small ``tf`` functions with a ``?`` batch, for the refine campaign against TensorFlow's
``tf-shape-inference`` (``tests/oracle/test_refine_tf.py``).

Each function ``@fN`` takes one or two activations whose first dimension is ``?`` (a Keras ``None``
batch) and some static weights; its body is a random chain of the ``tf`` ops broadcheck infers:
elementwise binary ops (same shape, or a weight broadcast along the last dimension), ``BiasAdd``,
unary ops, ``Softmax``, ``MatMul`` (also ``transpose_b``), ``BatchMatMulV2`` with a 2-D weight,
``Conv2D`` (``SAME``/``VALID``, stride 1 or 2), ``Reshape`` to a constant shape with ``-1`` for the
batch, ``Transpose`` with a constant permutation, ``ConcatV2`` with a constant axis, ``Pad`` with
constant paddings, ``Mean``/``Sum``/``Max`` over a constant axis (``keep_dims`` or not) and
``ExpandDims``, and ``Reshape`` to a shape computed from ``tf.Shape`` (or ``tf.Size``) of its input,
as Keras exports compute them: ``GatherV2``, ``Prod``, ``Pack``, ``ConcatV2``, ``StridedSlice``
(one element, or the rest with ``end_mask``), ``Slice``, ``ExpandDims``, ``Cast`` of an ``i64``
shape, and integer ``Mul``/``AddV2``/``Sub``/``FloorDiv`` (:func:`_chain`). Every result is written
with ``?`` where the batch is, as an export with a ``None`` batch writes it. Each case is (name,
text, {argument index: static type}) with a random batch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

Dim = int | tuple[int]
"""A static size, or ``(k,)``: ``k`` times the batch."""

HEADER = "module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1987 : i32}} {"


def ttext(dims: list[Dim], element: str = "f32", batch: int | None = None) -> str:
    """The type text of ``dims`` (``?`` for the batch, or ``k * batch`` when it is given)."""

    def one(d: Dim) -> str:
        if isinstance(d, tuple):
            return "?" if batch is None else str(d[0] * batch)
        return str(d)

    return "tensor<" + "".join(one(d) + "x" for d in dims) + element + ">"


def _ints(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


@dataclass
class _Body:
    lines: list[str] = field(default_factory=list)
    count: int = 0

    def add(self, text: str) -> str:
        self.count += 1
        name = f"%{self.count - 1}"
        self.lines.append(f"    {name} = {text}")
        return name

    def const(self, values: list[int] | list[list[int]], shape: str) -> str:
        self.count += 1
        name = f"%c{self.count - 1}"
        literal = str(values).replace(" ", "") if shape != "tensor<i32>" else str(values[0])
        self.lines.append(f'    {name} = "tf.Const"() {{value = dense<{literal}> : {shape}}} : () -> {shape}')
        return name


def reshape_rest(dims: list[Dim], rng: random.Random) -> list[int]:
    """The static sizes after the batch of a reshape of ``dims`` (batch first, the rest static):
    all in one, or split in two."""
    rest = [d for d in dims[1:] if isinstance(d, int)]
    size = 1
    for d in rest:
        size *= d
    if len(dims) >= 3 and rng.random() < 0.6:
        return [size]
    return [2, size // 2] if size % 2 == 0 else [size, 1]


def _conv_size(size: int, kernel: int, stride: int, padding: str) -> int:
    if padding == "SAME":
        return -(-size // stride)
    return (size - kernel) // stride + 1


_SLICE = "begin_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64"


def _chain(body: _Body, value: str, dims: list[Dim], rng: random.Random) -> tuple[str, list[Dim]]:
    """A reshape shape computed from ``tf.Shape`` of ``value`` (batch first, the rest static), as
    Keras exports compute them (``GatherV2``, ``Prod``, ``Pack``, ``ConcatV2``, ``StridedSlice``,
    ``Slice``, ``Size``, integer ``Mul``/``AddV2``/``Sub``/``FloorDiv``, ``Cast``, ``ExpandDims``):
    (the shape value's name, the reshape's result dims)."""
    rank = len(dims)
    batch = dims[0]
    assert isinstance(batch, tuple)
    rest = [d for d in dims[1:] if isinstance(d, int)]
    t = ttext(dims)

    def vec(n: int) -> str:
        return f"tensor<{n}xi32>"

    scalar = "tensor<i32>"
    if rng.random() < 0.3:  # the shape as i64, cast to i32
        wide = body.add(f'"tf.Shape"({value}) : ({t}) -> tensor<{rank}xi64>')
        shape = body.add(f'"tf.Cast"({wide}) {{Truncate = false}} : (tensor<{rank}xi64>) -> {vec(rank)}')
    else:
        shape = body.add(f'"tf.Shape"({value}) : ({t}) -> {vec(rank)}')
    zero = body.const([0], scalar)

    def gather(indices: list[int]) -> str:
        at = body.const(indices, vec(len(indices)))
        return body.add(
            f'"tf.GatherV2"({shape}, {at}, {zero}) {{batch_dims = 0 : i64}} : '
            f"({vec(rank)}, {vec(len(indices))}, {scalar}) -> {vec(len(indices))}"
        )

    def prod(vector: str, n: int) -> str:
        axis = body.const([0], vec(1))
        return body.add(f'"tf.Prod"({vector}, {axis}) {{keep_dims = false}} : ({vec(n)}, {vec(1)}) -> {scalar}')

    def element(i: int, shrink: bool = True) -> str:
        b, e, one = body.const([i], vec(1)), body.const([i + 1], vec(1)), body.const([1], vec(1))
        result = scalar if shrink else vec(1)
        return body.add(
            f'"tf.StridedSlice"({shape}, {b}, {e}, {one}) {{{_SLICE}, end_mask = 0 : i64, '
            f"shrink_axis_mask = {1 if shrink else 0} : i64}} : ({vec(rank)}, {vec(1)}, {vec(1)}, {vec(1)}) -> {result}"
        )

    def pack(parts: list[str]) -> str:
        types = ", ".join([scalar] * len(parts))
        return body.add(f'"tf.Pack"({", ".join(parts)}) {{axis = 0 : i64}} : ({types}) -> {vec(len(parts))}')

    def concat(parts: list[tuple[str, int]]) -> str:
        n = sum(k for _, k in parts)
        names = ", ".join(p for p, _ in parts)
        types = ", ".join(vec(k) for _, k in parts)
        return body.add(f'"tf.ConcatV2"({names}, {zero}) : ({types}, {scalar}) -> {vec(n)}')

    def product(values: list[int]) -> int:
        out = 1
        for v in values:
            out *= v
        return out

    kinds = (
        ["keep", "size", "sub"] + (["flatten", "merge"] if rank >= 3 else []) + (["split"] if rest[-1] % 2 == 0 else [])
    )
    kind = rng.choice(kinds)
    if kind == "flatten":  # Keras Dense on a 3-D input: [prod(leading), last]
        lead = gather(list(range(rank - 1)))
        last = prod(gather([rank - 1]), 1)
        return pack([prod(lead, rank - 1), last]), [(batch[0] * product(rest[:-1]),), rest[-1]]
    if kind == "keep":  # [batch, prod(rest)], the rest by tf.Slice or tf.StridedSlice
        if rng.random() < 0.5:
            begin, size = body.const([1], vec(1)), body.const([-1], vec(1))
            tail = body.add(
                f'"tf.Slice"({shape}, {begin}, {size}) : ({vec(rank)}, {vec(1)}, {vec(1)}) -> {vec(rank - 1)}'
            )
        else:
            b, e, one = body.const([1], vec(1)), body.const([0], vec(1)), body.const([1], vec(1))
            tail = body.add(
                f'"tf.StridedSlice"({shape}, {b}, {e}, {one}) '
                f"{{{_SLICE}, end_mask = 1 : i64, shrink_axis_mask = 0 : i64}} : "
                f"({vec(rank)}, {vec(1)}, {vec(1)}, {vec(1)}) -> {vec(rank - 1)}"
            )
        return pack([element(0), prod(tail, rank - 1)]), [batch, product(rest)]
    if kind == "split":  # the last dimension in two: [..., 2, last / 2]
        lead = gather(list(range(rank - 1)))
        at = body.const([rank - 1], scalar)
        last = body.add(
            f'"tf.GatherV2"({shape}, {at}, {zero}) {{batch_dims = 0 : i64}} : '
            f"({vec(rank)}, {scalar}, {scalar}) -> {scalar}"
        )
        two = body.const([2], scalar)
        half = body.add(f'"tf.FloorDiv"({last}, {two}) : ({scalar}, {scalar}) -> {scalar}')
        return concat([(lead, rank - 1), (pack([two, half]), 2)]), [*dims[:-1], 2, rest[-1] // 2]
    if kind == "merge":  # the batch times the next: [batch * d1, d2, ...]
        m = body.add(f'"tf.Mul"({element(0)}, {element(1)}) : ({scalar}, {scalar}) -> {scalar}')
        axis = body.const([0], scalar)
        merged = body.add(f'"tf.ExpandDims"({m}, {axis}) : ({scalar}, {scalar}) -> {vec(1)}')
        tail = gather(list(range(2, rank)))
        return concat([(merged, 1), (tail, rank - 2)]), [(batch[0] * rest[0],), *rest[1:]]
    if kind == "size":  # [size / last, last]
        size = body.add(f'"tf.Size"({value}) : ({t}) -> {scalar}')
        last = body.const([rest[-1]], scalar)
        q = body.add(f'"tf.FloorDiv"({size}, {last}) : ({scalar}, {scalar}) -> {scalar}')
        return pack([q, last]), [(batch[0] * product(rest[:-1]),), rest[-1]]
    # "sub": the batch through integer arithmetic that gives it back, then the rest as one
    one = body.const([1], scalar)
    b = body.add(f'"tf.Sub"({element(0)}, {one}) : ({scalar}, {scalar}) -> {scalar}')
    b = body.add(f'"tf.AddV2"({b}, {one}) : ({scalar}, {scalar}) -> {scalar}')
    flat = body.const([product(rest)], vec(1))
    return concat([(body.add(f'"tf.ExpandDims"({b}, {zero}) : ({scalar}, {scalar}) -> {vec(1)}'), 1), (flat, 1)]), [
        batch,
        product(rest),
    ]


def _case(rng: random.Random, index: int) -> tuple[str, str, dict[int, str]]:
    body = _Body()
    rank = rng.choice([2, 2, 3, 4])
    if rank == 2:
        shape: list[Dim] = [(1,), rng.choice([2, 3, 4, 6, 8])]
    elif rank == 3:
        shape = [(1,), rng.choice([2, 3, 5]), rng.choice([2, 4, 6])]
    else:
        shape = [(1,), rng.choice([4, 5, 8]), rng.choice([4, 6, 7]), rng.choice([1, 2, 3])]
    second = rng.random() < 0.4
    acts = [list(shape)] * (2 if second else 1)
    weights: list[list[int]] = []
    pool: list[tuple[str, list[Dim]]] = [(f"%arg{i}", list(a)) for i, a in enumerate(acts)]

    def weight(dims: list[int]) -> str:
        weights.append(dims)
        return f"%arg{len(acts) + len(weights) - 1}"

    for _ in range(rng.randint(3, 9)):
        name, dims = rng.choice(pool[-3:])
        t = ttext(dims)
        rank = len(dims)
        last = dims[-1]
        kind = rng.choice(
            ["binary", "bias", "unary", "softmax", "matmul", "bmm", "conv", "reshape", "transpose", "concat",
             "pad", "reduce", "expand", "chain", "chain"]
        )  # fmt: skip
        out: list[Dim] | None = None
        text = ""
        if kind == "binary":
            op = rng.choice(["AddV2", "Mul", "Sub", "Maximum", "Minimum", "Add"])
            if rng.random() < 0.5 and isinstance(last, int):
                other, ot = weight([last]), ttext([last])
            else:
                other, ot = rng.choice([v for v in pool if v[1] == dims])[0], t
            out = dims
            text = f'"tf.{op}"({name}, {other}) : ({t}, {ot}) -> {t}'
        elif kind == "bias" and rank >= 2 and isinstance(last, int):
            w = weight([last])
            out = dims
            text = f'"tf.BiasAdd"({name}, {w}) {{data_format = "NHWC"}} : ({t}, {ttext([last])}) -> {t}'
        elif kind == "unary":
            op = rng.choice(["Relu", "Relu6", "Tanh", "Sigmoid", "Exp", "Neg", "Abs", "Square", "Identity"])
            out = dims
            text = f'"tf.{op}"({name}) : ({t}) -> {t}'
        elif kind == "softmax":
            op = rng.choice(["Softmax", "LogSoftmax"])
            out = dims
            text = f'"tf.{op}"({name}) : ({t}) -> {t}'
        elif kind == "matmul" and rank == 2 and isinstance(last, int) and isinstance(dims[0], tuple):
            n = rng.choice([2, 3, 5])
            tb = rng.random() < 0.3
            w = weight([n, last] if tb else [last, n])
            out = [dims[0], n]
            wt = ttext([n, last] if tb else [last, n])
            flags = f"transpose_a = false, transpose_b = {'true' if tb else 'false'}"
            text = f'"tf.MatMul"({name}, {w}) {{{flags}}} : ({t}, {wt}) -> {ttext(out)}'
        elif kind == "bmm" and rank == 3 and isinstance(last, int):
            n = rng.choice([2, 3, 5])
            w = weight([last, n])
            out = [*dims[:-1], n]
            text = (
                f'"tf.BatchMatMulV2"({name}, {w}) {{adj_x = false, adj_y = false}} : '
                f"({t}, {ttext([last, n])}) -> {ttext(out)}"
            )
        elif kind == "conv" and rank == 4 and all(isinstance(d, int) for d in dims[1:]):
            h, w_, c = dims[1], dims[2], dims[3]
            assert isinstance(h, int) and isinstance(w_, int) and isinstance(c, int)
            k = rng.choice([1, 2, 3])
            if k > min(h, w_):
                continue
            s = rng.choice([1, 2])
            pad = rng.choice(["SAME", "VALID"])
            o = rng.choice([1, 2, 4])
            f = weight([k, k, c, o])
            out = [dims[0], _conv_size(h, k, s, pad), _conv_size(w_, k, s, pad), o]
            text = (
                f'"tf.Conv2D"({name}, {f}) {{data_format = "NHWC", dilations = [1, 1, 1, 1], '
                f'explicit_paddings = [], padding = "{pad}", strides = [1, {s}, {s}, 1], use_cudnn_on_gpu = true}} : '
                f"({t}, {ttext([k, k, c, o])}) -> {ttext(out)}"
            )
        elif kind == "reshape" and isinstance(dims[0], tuple) and all(isinstance(d, int) for d in dims[1:]):
            new_rest = reshape_rest(dims, rng)
            shape_const = body.const([-1, *new_rest], f"tensor<{1 + len(new_rest)}xi32>")
            out = [dims[0], *new_rest]
            text = f'"tf.Reshape"({name}, {shape_const}) : ({t}, tensor<{1 + len(new_rest)}xi32>) -> {ttext(out)}'
        elif kind == "chain" and rank >= 2 and isinstance(dims[0], tuple) and all(isinstance(d, int) for d in dims[1:]):
            shape_value, out = _chain(body, name, dims, rng)
            n = len(out)
            text = f'"tf.Reshape"({name}, {shape_value}) : ({t}, tensor<{n}xi32>) -> {ttext(out)}'
        elif kind == "transpose" and rank >= 2:
            perm = list(range(rank))
            rng.shuffle(perm)
            p = body.const(perm, f"tensor<{rank}xi32>")
            out = [dims[i] for i in perm]
            text = f'"tf.Transpose"({name}, {p}) : ({t}, tensor<{rank}xi32>) -> {ttext(out)}'
        elif kind == "concat":
            axis = rng.randrange(rank)
            a = body.const([axis if rng.random() < 0.7 else axis - rank], "tensor<i32>")
            d = dims[axis]
            out = list(dims)
            out[axis] = (d[0] * 2,) if isinstance(d, tuple) else d * 2
            text = f'"tf.ConcatV2"({name}, {name}, {a}) : ({t}, {t}, tensor<i32>) -> {ttext(out)}'
        elif kind == "pad":
            pads = [[0, 0] if isinstance(d, tuple) else [rng.randint(0, 2), rng.randint(0, 2)] for d in dims]
            p = body.const(pads, f"tensor<{rank}x2xi32>")  # type: ignore[arg-type]
            out = [d if isinstance(d, tuple) else d + lo + hi for d, (lo, hi) in zip(dims, pads, strict=True)]
            text = f'"tf.Pad"({name}, {p}) : ({t}, tensor<{rank}x2xi32>) -> {ttext(out)}'
        elif kind == "reduce" and rank >= 2:
            op = rng.choice(["Mean", "Sum", "Max"])
            axis = rng.randrange(1, rank)
            keep = rng.random() < 0.5
            a = body.const([axis], "tensor<1xi32>")
            out = [1 if i == axis else d for i, d in enumerate(dims)] if keep else dims[:axis] + dims[axis + 1 :]
            flag = "true" if keep else "false"
            text = f'"tf.{op}"({name}, {a}) {{keep_dims = {flag}}} : ({t}, tensor<1xi32>) -> {ttext(out)}'
        elif kind == "expand" and rank <= 3:
            axis = rng.randrange(1, rank + 1)
            a = body.const([axis], "tensor<i32>")
            out = [*dims[:axis], 1, *dims[axis:]]
            text = f'"tf.ExpandDims"({name}, {a}) : ({t}, tensor<i32>) -> {ttext(out)}'
        if out is None:
            continue
        pool.append((body.add(text), out))
    result, rdims = pool[-1]
    rt = ttext(rdims)
    args = [*(ttext(a) for a in acts), *(ttext(list(w)) for w in weights)]  # type: ignore[arg-type]
    sig = ", ".join(f"%arg{i}: {a}" for i, a in enumerate(args))
    lines = [f"  func.func @f{index}({sig}) -> {rt} {{", *body.lines, f"    return {result} : {rt}", "  }"]
    batch = rng.choice([1, 2, 3, 8, 16, 64])
    static = {i: ttext(a, batch=batch) for i, a in enumerate(acts)}
    return f"f{index}", "\n".join(lines) + "\n", static


def generate(count: int, seed: int) -> list[tuple[str, str, dict[int, str]]]:
    """``count`` functions (name, the function's text, its new argument types), the same for ``seed``."""
    rng = random.Random(seed)
    return [_case(rng, i) for i in range(count)]


def module(functions: list[str]) -> str:
    """The functions as one module."""
    return HEADER + "\n" + "".join(functions) + "}\n"
