"""Small ONNX graphs with a ``?`` batch, each written twice, for the refine campaign against
``onnx.shape_inference.infer_shapes`` (``tests/oracle/test_refine_onnx.py``): as onnx-mlir text
(``onnx.*`` ops as broadcheck reads them, every result written with ``?`` where the batch is) and
as a description of the same graph that ``tests/oracle/test_refine_onnx.py`` builds into an ONNX
model with ``onnx.helper`` (the inputs at the new static batch).

The ops: elementwise binary ops (same shape, or a weight broadcast along the last dimension),
unary ops, ``Softmax``, ``MatMul`` with a 2-D weight, ``Gemm`` (``transB`` or not), ``Conv``
(NCHW, pads, strides), ``MaxPool``/``AveragePool``, ``GlobalAveragePool``, ``Reshape`` to a
constant shape with ``-1``, ``Transpose``, ``Concat``, ``Pad`` with constant pads, ``ReduceMean``/
``ReduceSum`` with constant axes, ``Unsqueeze``, ``Flatten``.

A case is (name, text, nodes, inputs, new types): ``nodes`` are (op type, input names, output name,
attributes) with constants as ``("Constant", [], name, {"ints": [...]})``; ``inputs`` are (name,
dims with ``None`` for the batch); the new types are ``{argument index: static type}``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bench.refine_tf import Dim, reshape_rest, ttext

Node = tuple[str, list[str], str, dict[str, Any]]
Case = tuple[str, str, list[Node], list[tuple[str, list[int | None]]], dict[int, str]]
"""(name, onnx-mlir text, the graph's nodes, the model's inputs, the new argument types)."""


def _out(size: int, kernel: int, stride: int, lo: int, hi: int) -> int:
    return (size + lo + hi - kernel) // stride + 1


@dataclass
class _Graph:
    lines: list[str] = field(default_factory=list)
    nodes: list[Node] = field(default_factory=list)
    count: int = 0

    def const(self, values: list[int]) -> str:
        self.count += 1
        name = f"c{self.count}"
        self.lines.append(f"    %{name} = onnx.Constant dense<{values}> : tensor<{len(values)}xi64>")
        self.nodes.append(("Constant", [], name, {"ints": values}))
        return name

    def add(self, op: str, inputs: list[str], attrs: dict[str, Any], mlir_op: str, mlir_attrs: str, sig: str) -> str:
        self.count += 1
        name = f"v{self.count}"
        operands = ", ".join("%" + i if i != "none" else "%none" for i in inputs)
        if "none" in inputs and not any(line.startswith("    %none ") for line in self.lines):
            self.lines.insert(0, '    %none = "onnx.NoValue"() {value} : () -> none')
        attributes = f" {{{mlir_attrs}}}" if mlir_attrs else ""
        self.lines.append(f'    %{name} = "onnx.{mlir_op}"({operands}){attributes} : {sig}')
        self.nodes.append((op, [i for i in inputs if i != "none"], name, attrs))
        return name


def _case(
    rng: random.Random, index: int
) -> tuple[str, str, list[Node], list[tuple[str, list[int | None]]], dict[int, str]]:
    g = _Graph()
    rank = rng.choice([2, 2, 3, 4])
    if rank == 2:
        shape: list[Dim] = [(1,), rng.choice([2, 3, 4, 6, 8])]
    elif rank == 3:
        shape = [(1,), rng.choice([2, 3, 5]), rng.choice([2, 4, 6])]
    else:
        shape = [(1,), rng.choice([1, 2, 3]), rng.choice([4, 5, 8]), rng.choice([4, 6, 7])]
    second = rng.random() < 0.4
    acts = [list(shape)] * (2 if second else 1)
    inputs: list[tuple[str, list[Dim]]] = [(f"x{i}", list(a)) for i, a in enumerate(acts)]
    pool: list[tuple[str, list[Dim]]] = list(inputs)

    def weight(dims: list[int]) -> str:
        inputs.append((f"w{len(inputs)}", list(dims)))
        return inputs[-1][0]

    for _ in range(rng.randint(3, 9)):
        name, dims = rng.choice(pool[-3:])
        t = ttext(dims)
        rank = len(dims)
        last = dims[-1]
        kind = rng.choice(
            ["binary", "unary", "softmax", "matmul", "gemm", "conv", "pool", "gpool", "reshape", "transpose",
             "concat", "pad", "reduce", "unsqueeze", "flatten"]
        )  # fmt: skip
        out: list[Dim] | None = None
        if kind == "binary":
            op = rng.choice(["Add", "Mul", "Sub", "Max", "Min"])
            if rng.random() < 0.5 and isinstance(last, int):
                other, ot = weight([last]), ttext([last])
            else:
                other, ot = rng.choice([v for v in pool if v[1] == dims])[0], t
            out = dims
            new = g.add(op, [name, other], {}, op, "", f"({t}, {ot}) -> {t}")
        elif kind == "unary":
            op = rng.choice(["Relu", "Tanh", "Sigmoid", "Exp", "Neg", "Abs", "Identity"])
            out = dims
            new = g.add(op, [name], {}, op, "", f"({t}) -> {t}")
        elif kind == "softmax":
            op = rng.choice(["Softmax", "LogSoftmax"])
            out = dims
            new = g.add(op, [name], {"axis": -1}, op, "axis = -1 : si64", f"({t}) -> {t}")
        elif kind == "matmul" and rank in (2, 3) and isinstance(last, int):
            n = rng.choice([2, 3, 5])
            w = weight([last, n])
            out = [*dims[:-1], n]
            new = g.add("MatMul", [name, w], {}, "MatMul", "", f"({t}, {ttext([last, n])}) -> {ttext(out)}")
        elif kind == "gemm" and rank == 2 and isinstance(last, int) and isinstance(dims[0], tuple):
            n = rng.choice([2, 3, 5])
            tb = int(rng.random() < 0.4)
            w = weight([n, last] if tb else [last, n])
            c = weight([n])
            out = [dims[0], n]
            wt = ttext([n, last] if tb else [last, n])
            new = g.add(
                "Gemm", [name, w, c], {"transB": tb}, "Gemm",
                f"alpha = 1.000000e+00 : f32, beta = 1.000000e+00 : f32, transA = 0 : si64, transB = {tb} : si64",
                f"({t}, {wt}, {ttext([n])}) -> {ttext(out)}",
            )  # fmt: skip
        elif kind in ("conv", "pool") and rank == 4 and all(isinstance(d, int) for d in dims[1:]):
            c, h, w_ = (d for d in dims[1:] if isinstance(d, int))
            k = rng.choice([1, 2, 3])
            if k > min(h, w_):
                continue
            s = rng.choice([1, 2])
            p = [rng.randint(0, k - 1) for _ in range(4)]
            out_hw = [_out(h, k, s, p[0], p[2]), _out(w_, k, s, p[1], p[3])]
            common = {"kernel_shape": [k, k], "strides": [s, s], "pads": p}
            mlir_common = f"kernel_shape = [{k}, {k}], pads = {p}, strides = [{s}, {s}]"
            if kind == "conv":
                o = rng.choice([1, 2, 4])
                f = weight([o, c, k, k])
                out = [dims[0], o, *out_hw]
                new = g.add(
                    "Conv", [name, f, "none"], common, "Conv",
                    f'auto_pad = "NOTSET", group = 1 : si64, {mlir_common}',
                    f"({t}, {ttext([o, c, k, k])}, none) -> {ttext(out)}",
                )  # fmt: skip
            else:
                op = rng.choice(["MaxPool", "AveragePool"])
                out = [dims[0], c, *out_hw]
                mlir = "MaxPoolSingleOut" if op == "MaxPool" else op
                new = g.add(op, [name], common, mlir, f'auto_pad = "NOTSET", {mlir_common}', f"({t}) -> {ttext(out)}")
        elif kind == "gpool" and rank >= 3:
            out = [*dims[:2], *([1] * (rank - 2))]
            new = g.add("GlobalAveragePool", [name], {}, "GlobalAveragePool", "", f"({t}) -> {ttext(out)}")
        elif kind == "reshape" and isinstance(dims[0], tuple) and all(isinstance(d, int) for d in dims[1:]):
            new_rest = reshape_rest(dims, rng)
            shape_const = g.const([-1, *new_rest])
            out = [dims[0], *new_rest]
            new = g.add(
                "Reshape", [name, shape_const], {}, "Reshape", "allowzero = 0 : si64",
                f"({t}, tensor<{1 + len(new_rest)}xi64>) -> {ttext(out)}",
            )  # fmt: skip
        elif kind == "transpose" and rank >= 2:
            perm = list(range(rank))
            rng.shuffle(perm)
            out = [dims[i] for i in perm]
            new = g.add("Transpose", [name], {"perm": perm}, "Transpose", f"perm = {perm}", f"({t}) -> {ttext(out)}")
        elif kind == "concat":
            axis = rng.randrange(rank)
            written = axis if rng.random() < 0.7 else axis - rank
            d = dims[axis]
            out = list(dims)
            out[axis] = (d[0] * 2,) if isinstance(d, tuple) else d * 2
            new = g.add(
                "Concat", [name, name], {"axis": written}, "Concat", f"axis = {written} : si64",
                f"({t}, {t}) -> {ttext(out)}",
            )  # fmt: skip
        elif kind == "pad":
            lo = [0 if isinstance(d, tuple) else rng.randint(0, 2) for d in dims]
            hi = [0 if isinstance(d, tuple) else rng.randint(0, 2) for d in dims]
            p = g.const([*lo, *hi])
            out = [d if isinstance(d, tuple) else d + a + b for d, a, b in zip(dims, lo, hi, strict=True)]
            new = g.add(
                "Pad", [name, p, "none", "none"], {"mode": "constant"}, "Pad", 'mode = "constant"',
                f"({t}, tensor<{2 * rank}xi64>, none, none) -> {ttext(out)}",
            )  # fmt: skip
        elif kind == "reduce" and rank >= 2:
            op = rng.choice(["ReduceMean", "ReduceSum"])
            axis = rng.randrange(1, rank)
            keep = int(rng.random() < 0.5)
            a = g.const([axis])
            out = [1 if i == axis else d for i, d in enumerate(dims)] if keep else dims[:axis] + dims[axis + 1 :]
            new = g.add(
                op, [name, a], {"keepdims": keep}, op, f"keepdims = {keep} : si64, noop_with_empty_axes = 0 : si64",
                f"({t}, tensor<1xi64>) -> {ttext(out)}",
            )  # fmt: skip
        elif kind == "unsqueeze" and rank <= 3:
            axis = rng.randrange(1, rank + 1)
            a = g.const([axis])
            out = [*dims[:axis], 1, *dims[axis:]]
            new = g.add("Unsqueeze", [name, a], {}, "Unsqueeze", "", f"({t}, tensor<1xi64>) -> {ttext(out)}")
        elif (
            kind == "flatten" and rank >= 3 and isinstance(dims[0], tuple) and all(isinstance(d, int) for d in dims[1:])
        ):
            size = 1
            for d in dims[1:]:
                assert isinstance(d, int)
                size *= d
            out = [dims[0], size]
            new = g.add("Flatten", [name], {"axis": 1}, "Flatten", "axis = 1 : si64", f"({t}) -> {ttext(out)}")
        if out is None:
            continue
        pool.append((new, out))
    if len(pool) == len(acts):  # (no op was drawn: the graph's output is an op's, not an input)
        name, dims = pool[-1]
        pool.append((g.add("Relu", [name], {}, "Relu", "", f"({ttext(dims)}) -> {ttext(dims)}"), dims))
    result, rdims = pool[-1]
    rt = ttext(rdims)
    sig = ", ".join(f"%{n}: {ttext(d)}" for n, d in inputs)
    text = "\n".join(
        [f"  func.func @g{index}({sig}) -> {rt} {{", *g.lines, f"    return %{result} : {rt}", "  }"]
    )  # fmt: skip
    batch = rng.choice([1, 2, 3, 8, 16, 64])
    static = {i: ttext(a, batch=batch) for i, a in enumerate(acts)}
    model_inputs: list[tuple[str, list[int | None]]] = [
        (n, [d[0] * batch if isinstance(d, tuple) else d for d in dims]) for n, dims in inputs
    ]
    return f"g{index}", text + "\n", g.nodes, model_inputs, static


def generate(
    count: int, seed: int
) -> list[tuple[str, str, list[Node], list[tuple[str, list[int | None]]], dict[int, str]]]:
    """``count`` cases, the same for the same ``seed``."""
    rng = random.Random(seed)
    return [_case(rng, i) for i in range(count)]


def module(functions: list[str]) -> str:
    """The functions as one module."""
    return "module {\n" + "".join(functions) + "}\n"
