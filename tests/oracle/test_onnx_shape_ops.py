"""Differential test of the ``onnx`` shape ops' inference (BC806, BC807) against ONNX's own shape
inference (``onnx.shape_inference.infer_shapes(model, strict_mode=True)``, onnx 1.23, opset 21).

Each case is one node: its inputs (``?`` a symbolic dim of its own, or unranked), its constant
inputs as initializers (a Reshape's shape, Squeeze/Unsqueeze/reduction axes, Tile's repeats) or
as graph inputs (their values unknown), its attributes. ONNX infers the output with no declared
shape; broadcheck's :func:`broadcheck.dialects.onnx.infer.infer` runs on the same op written as
onnx-mlir IR. Compared: the verdict (inference fails or not) and the inferred shape (a symbolic
dim is ``?``). Cases onnx-mlir's verifier rejects (broadcheck's errors) are counted and left out:
the warnings only speak where it accepts. End to end, broadcheck's warning on the case with a
declared result must be BC807 when ONNX fails, BC806 when the declared shape contradicts ONNX's.
Families: data (Reshape, Transpose, Concat, ...), nn (Conv, pools, reductions), more (Slice, Split,
Pad, Gather*, Range, Resize, ConvTranspose, Einsum, BatchNormalization, ...), indexing
(ScatterElements, ScatterND, TopK, Cast, CastLike), axes (ArgMax, ArgMin, Hardmax, LogSoftmax,
DepthToSpace, Shape, DequantizeLinear).

Where ONNX's inference is silent about a result (no shape: an unranked input, a ``?`` it cannot see
through, an operand whose values are not constant), onnxruntime is the second oracle: the case is made
concrete (``?`` and unranked inputs get sizes 1-3, a 1-d integer input without values gets values 0-2,
as a constant; other inputs get random data, integers 0-2), broadcheck infers on that instance, and onnxruntime runs it on random data. Compared: the
verdict (broadcheck rejects only where onnxruntime fails) and each result's shape where both accept. An
instance onnxruntime fails at run time while inference accepts it is counted, not compared: the data
(an index out of bounds), or a check only the kernel makes (Transpose's perm shorter than the rank, a
Conv output of size 0, ConvTranspose's output_shape against its input, Split's num_outputs against its
results; and ReduceXV13's ``axes`` attribute, which opset 21 ONNX models do not take), none of which
onnx-mlir's verifier or ONNX's inference rejects.

Run by ``make oracle`` (which installs onnxruntime). Knobs: ``BROADCHECK_ONNX_SHAPE_CASES`` (per family, default 3000),
``BROADCHECK_ONNX_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_ONNX_SHAPE_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_ONNX_SEED", 20260302))
SHOW = int(os.environ.get("BROADCHECK_ONNX_SHOW", 12))

Dim = int | None
Shape = tuple[Dim, ...] | None


class Elem(str):
    """A type attribute's value (Cast's ``to``): ``to = i64`` in onnx-mlir, a TensorProto enum in ONNX."""


@dataclass
class Input:
    shape: Shape
    element: str = "f32"
    value: list[Any] | None = None  # a constant's values (an initializer), else a graph input
    none: bool = False  # an absent optional input


@dataclass
class Case:
    index: int
    op: str  # onnx-mlir's name
    onnx_op: str
    inputs: list[Input]
    attrs: dict[str, Any] = field(default_factory=dict)
    result: Shape = None
    more: list[Shape | str] = field(default_factory=list)  # results after the first ("none": an absent one)
    elements: list[str] = field(default_factory=list)  # the results' element types (default: input 0's)
    opset: int = 21  # the model's ONNX opset (a versioned twin's: 13 for ReduceL1V13, ...)
    domain: str = ""  # the node's domain ("ai.onnx.ml" for the ML ops)

    def element(self, k: int) -> str:
        return self.elements[k] if k < len(self.elements) else self.inputs[0].element

    @property
    def results(self) -> list[Shape | str]:
        return [self.result, *self.more]

    def mlir_attrs(self) -> str:
        parts = []
        for k, v in self.attrs.items():
            if isinstance(v, list):
                items = (
                    f'"{x}"' if isinstance(x, str) else f"{x!r} : f32" if isinstance(x, float) else str(x) for x in v
                )
                parts.append(f"{k} = [{', '.join(items)}]")
            elif isinstance(v, Elem):
                parts.append(f"{k} = {v}")
            elif isinstance(v, str):
                parts.append(f'{k} = "{v}"')
            elif isinstance(v, float):
                parts.append(f"{k} = {v!r} : f32")
            else:
                parts.append(f"{k} = {v} : si64")
        return " {" + ", ".join(parts) + "}" if parts else ""

    @property
    def text(self) -> str:
        params, body, names, types = [], [], [], []
        for i, x in enumerate(self.inputs):
            t = "none" if x.none else _type(x.shape, x.element)
            types.append(t)
            if x.none:
                body.append(f'  %n{i} = "onnx.NoValue"() {{value}} : () -> none')
                names.append(f"%n{i}")
            elif x.value is not None:
                body.append(f"  %c{i} = onnx.Constant {_literal(x)}")
                names.append(f"%c{i}")
            else:
                params.append(f"%a{i}: {t}")
                names.append(f"%a{i}")
        rs = [_type(r, self.element(k)) if r != "none" else "none" for k, r in enumerate(self.results)]  # type: ignore[arg-type]
        r = rs[0] if len(rs) == 1 else "(" + ", ".join(rs) + ")"
        lhs = "%0" if len(rs) == 1 else f"%0:{len(rs)}"
        body.append(f'  {lhs} = "{self.op}"({", ".join(names)}){self.mlir_attrs()} : ({", ".join(types)}) -> {r}')
        return f"func.func @f({', '.join(params)}) {{\n" + "\n".join(body) + "\n  onnx.Return\n}\n"


def _literal(x: Input) -> str:
    """An ``onnx.Constant``'s value: ``dense<[1, 2]> : tensor<2xi64>``, ``dense<3> : tensor<i64>``."""
    assert x.value is not None
    items = [repr(float(v)) if x.element.startswith("f") else str(int(v)) for v in x.value]
    if x.shape == ():
        return f"dense<{items[0]}> : {_type(x.shape, x.element)}"
    for d in reversed((x.shape or ())[1:]):  # nested as the shape says
        assert d is not None and d > 0
        items = [f"[{', '.join(items[j : j + d])}]" for j in range(0, len(items), d)]
    return f"dense<[{', '.join(items)}]> : {_type(x.shape, x.element)}"


ELEMENTS = {
    "f32": "FLOAT",
    "f64": "DOUBLE",
    "f16": "FLOAT16",
    "i64": "INT64",
    "i32": "INT32",
    "i16": "INT16",
    "i8": "INT8",
    "ui8": "UINT8",
    "i1": "BOOL",
    "!onnx.String": "STRING",
}


def _type(shape: Shape, element: str) -> str:
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


# ---------------------------------------------------------------------------------------- cases


class Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def dim(self) -> Dim:
        return self.rng.choice((0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, None))

    def shape(self, low: int = 0, high: int = 4) -> Shape:
        if self.chance(0.05):
            return None
        return tuple(self.dim() for _ in range(self.rng.randint(low, high)))

    def ints(self, n: int, low: int, high: int) -> list[int]:
        return [self.rng.randint(low, high) for _ in range(n)]

    def operand(self, values: list[int]) -> Input:
        """A 1-d i64 operand: mostly a constant, sometimes a graph input."""
        return Input((len(values),), "i64", values if self.chance(0.85) else None)

    def result(self, i: int) -> Shape:
        return None if self.chance(0.3) else self.shape()

    def data(self, i: int) -> Case:
        op = self.rng.choice(
            "Reshape Reshape Transpose Transpose Concat Concat Gather Squeeze Squeeze Unsqueeze Unsqueeze Flatten "
            "Tile Softmax Identity".split()
        )
        x = self.shape()
        r = 3 if x is None else len(x)
        case = Case(i, f"onnx.{op}", op, [Input(x)], result=self.result(i))
        if op == "Reshape":
            n = self.rng.randint(0, 4)
            values = [self.rng.choice((-1, 0, 1, 2, 3, 4, 6, 8, -2)) for _ in range(n)]
            case.inputs.append(self.operand(values))
            if self.chance(0.2):
                case.attrs["allowzero"] = self.rng.randint(0, 1)
        elif op == "Transpose":
            if self.chance(0.8):
                perm = list(range(r))
                self.rng.shuffle(perm)
                if self.chance(0.15) and perm:
                    perm[self.rng.randrange(len(perm))] = self.rng.randint(-1, r)
                if self.chance(0.1):
                    perm = perm[:-1] if perm else [0]
                case.attrs["perm"] = perm
        elif op == "Concat":
            base = x if x is not None else (2, 3)
            case.inputs = [Input(base)]
            for _ in range(self.rng.randint(0, 3)):
                other = tuple(d if self.chance(0.8) else self.dim() for d in base)
                if self.chance(0.05):
                    other = other[:-1]
                case.inputs.append(Input(other))
            case.attrs["axis"] = self.rng.randint(-len(base) - 1, len(base))
        elif op == "Gather":
            case.inputs.append(Input(self.shape(0, 2), "i64"))
            case.attrs["axis"] = self.rng.randint(-r - 1, r)
        elif op == "Squeeze":
            if self.chance(0.7):
                case.inputs.append(self.operand(self.ints(self.rng.randint(0, 2), -r - 1, r)))
            elif self.chance(0.5):
                case.inputs.append(Input((1,), "i64", none=True))
        elif op == "Unsqueeze":
            n = self.rng.randint(1, 3)
            case.inputs.append(self.operand(self.ints(n, -r - n - 1, r + n)))
        elif op == "Flatten":
            if self.chance(0.8):
                case.attrs["axis"] = self.rng.randint(-r - 1, r + 1)
        elif op == "Tile":
            n = r if self.chance(0.85) else self.rng.randint(0, 4)
            case.inputs.append(self.operand(self.ints(n, 0, 3)))
        elif op == "Softmax" and self.chance(0.7):
            case.attrs["axis"] = self.rng.randint(-r - 1, r)
        return case

    def nn(self, i: int) -> Case:
        op = self.rng.choice(
            "Conv Conv Conv AveragePool MaxPoolSingleOut MaxPoolSingleOut GlobalAveragePool ReduceSum ReduceMean "
            "ReduceMax ReduceMin ReduceProd ReduceSumV11 ReduceMeanV13 ReduceMaxV13".split()
        )
        onnx_op = "MaxPool" if op == "MaxPoolSingleOut" else op.removesuffix("V11").removesuffix("V13")
        if op.startswith("Reduce"):
            x = self.shape()
            r = 3 if x is None else len(x)
            case = Case(i, f"onnx.{op}", onnx_op, [Input(x)], result=self.result(i))
            axes = self.ints(self.rng.randint(0, 2), -r - 1, r)
            if op.endswith(("V11", "V13")):
                if self.chance(0.8):
                    case.attrs["axes"] = axes
            elif self.chance(0.8):
                case.inputs.append(self.operand(axes))
            if self.chance(0.5):
                case.attrs["keepdims"] = self.rng.randint(0, 1)
            if not op.endswith(("V11", "V13")) and self.chance(0.2):
                case.attrs["noop_with_empty_axes"] = 1
            return case
        spatial = self.rng.choice((1, 2, 2, 3))
        n, c = self.rng.choice((1, 2, None)), self.rng.choice((1, 2, 3, 4, None))
        x = (n, c, *(self.rng.choice((1, 3, 4, 5, 7, 8, None)) for _ in range(spatial)))
        if self.chance(0.05):
            x = x[:2]
        case = Case(i, f"onnx.{op}", onnx_op, [Input(x)], result=self.result(i))
        if op == "GlobalAveragePool":
            return case
        kernel = [self.rng.randint(1, 4) for _ in range(spatial)]
        if op == "Conv":
            m = self.rng.choice((1, 2, 4, 6))
            w = (m, c if c is not None and self.chance(0.9) else self.rng.choice((1, 2, 3)), *kernel)
            if self.chance(0.1):
                w = tuple(None if self.chance(0.3) else d for d in w)
            case.inputs.append(Input(w))
            if self.chance(0.3):
                case.inputs.append(Input((m,)))
            if self.chance(0.3):
                case.attrs["kernel_shape"] = kernel
        else:
            case.attrs["kernel_shape"] = kernel
            if self.chance(0.3):
                case.attrs["ceil_mode"] = 1
        if self.chance(0.4):
            case.attrs["strides"] = [self.rng.randint(1, 3) for _ in range(spatial)]
        if self.chance(0.3):
            case.attrs["dilations"] = [self.rng.randint(1, 2) for _ in range(spatial)]
        pad_kind = self.rng.random()
        if pad_kind < 0.3:
            case.attrs["pads"] = [self.rng.randint(0, 2) for _ in range(2 * spatial)]
        elif pad_kind < 0.6:
            case.attrs["auto_pad"] = self.rng.choice(("SAME_UPPER", "SAME_LOWER", "VALID", "NOTSET"))
        return case

    def more(self, i: int) -> Case:
        op = self.rng.choice(
            "Slice Slice Split Split Pad Pad GatherElements GatherND GatherND Range Range ConstantOfShape Resize "
            "Resize ConvTranspose ConvTranspose Einsum Einsum BatchNormalization".split()
        )
        case: Case = getattr(self, f"_{op.lower()}")(Case(i, f"onnx.{op}", op, [], result=self.result(i)))
        return case

    def indexing(self, i: int) -> Case:
        op = self.rng.choice("ScatterElements ScatterND TopK Cast CastLike".split())
        case: Case = getattr(self, f"_{op.lower()}")(Case(i, f"onnx.{op}", op, [], result=self.result(i)))
        return case

    def _scatterelements(self, case: Case) -> Case:
        x = self.shape(1, 4) if self.chance(0.95) else ()
        r = 2 if x is None else len(x)
        near = r if self.chance(0.9) else self.rng.choice((r - 1, r + 1))
        indices: Shape = tuple(self.dim() for _ in range(max(near, 0)))
        updates: Shape = indices if self.chance(0.9) else tuple(self.dim() for _ in range(self.rng.choice((r, near))))
        e = self.rng.choice(("i64", "i64", "i32"))
        values = None
        if self.chance(0.3) and None not in indices:
            size = 1
            for d in indices:
                size *= d  # type: ignore[operator]
            if 0 < size <= 12:
                values = [self.rng.randint(-6, 6) for _ in range(size)]
        case.inputs = [Input(x), Input(indices, e, values), Input(updates)]
        if self.chance(0.7):
            case.attrs["axis"] = self.rng.randint(-r - 1, r)
        return case

    def _scatternd(self, case: Case) -> Case:
        r = self.rng.randint(1, 4) if self.chance(0.95) else 0
        x: tuple[Dim, ...] = tuple(self.dim() for _ in range(r))
        q = self.rng.randint(1, 3) if self.chance(0.95) else 0
        k = self.rng.randint(1, max(r, 1) + 1) if self.chance(0.9) else self.rng.choice((0, None))
        indices: tuple[Dim, ...] = (*(self.dim() for _ in range(max(q - 1, 0))), k) if q else ()
        kk = k if k is not None else 1
        updates: tuple[Dim, ...] = (*indices[:-1], *x[kk:])
        if self.chance(0.15):
            updates = tuple(d if self.chance(0.7) else self.dim() for d in updates)
        if self.chance(0.05):
            updates = updates[:-1] if updates else (2,)
        case.inputs = [Input(x if self.chance(0.95) else None), Input(indices, "i64"), Input(updates)]
        return case

    def _topk(self, case: Case) -> Case:
        x = self.shape(0, 4)
        r = 2 if x is None else len(x)
        k_shape: Shape = (1,) if self.chance(0.85) else self.rng.choice(((), (2,), (1, 1)))
        assert k_shape is not None
        n = 1
        for d in k_shape:
            n *= d
        k = Input(k_shape, "i64", [self.rng.randint(0, 6) for _ in range(n)] if self.chance(0.7) else None)
        case.inputs = [Input(x), k]
        if self.chance(0.7):
            case.attrs["axis"] = self.rng.randint(-r - 1, r)
        if self.chance(0.3):
            case.attrs["largest"] = self.rng.randint(0, 1)
        case.more = [case.result if self.chance(0.5) else self.shape()]
        case.elements = ["f32", "i64"]
        return case

    def _cast(self, case: Case) -> Case:
        x = self.shape(0, 4)
        to = self.rng.choice(("f32", "f16", "i64", "i32", "f64"))
        case.inputs = [Input(x)]
        case.attrs["to"] = Elem(to)
        case.elements = [to if self.chance(0.9) else self.rng.choice(("f32", "i64"))]
        return case

    def _castlike(self, case: Case) -> Case:
        x = self.shape(0, 4)
        target = self.rng.choice(("f32", "f16", "i64", "i32"))
        case.inputs = [Input(x), Input(self.shape(0, 2), target)]
        case.elements = [target if self.chance(0.9) else self.rng.choice(("f32", "i64"))]
        return case

    def axes(self, i: int) -> Case:
        op = self.rng.choice("ArgMax ArgMin Hardmax LogSoftmax DepthToSpace Shape DequantizeLinear".split())
        case = Case(i, f"onnx.{op}", op, [], result=self.result(i))
        x = self.shape(0, 4)
        r = 3 if x is None else len(x)
        if op in ("ArgMax", "ArgMin", "Hardmax", "LogSoftmax"):
            case.inputs = [Input(x)]
            if self.chance(0.8):
                case.attrs["axis"] = self.rng.randint(-r - 1, r)
            if op.startswith("Arg"):
                if self.chance(0.5):
                    case.attrs["keepdims"] = self.rng.randint(0, 1)
                case.elements = ["i64"]
        elif op == "DepthToSpace":
            if self.chance(0.9):
                x = (self.dim(), self.rng.choice((1, 3, 4, 8, 9, 12, 16, None)), self.dim(), self.dim())
            case.inputs = [Input(x)]
            case.attrs["blocksize"] = self.rng.choice((1, 2, 2, 3)) if self.chance(0.95) else 0
            if self.chance(0.5):
                case.attrs["mode"] = self.rng.choice(("DCR", "CRD"))
        elif op == "Shape":
            case.inputs = [Input(x)]
            for name in ("start", "end"):
                if self.chance(0.5):
                    case.attrs[name] = self.rng.randint(-5, 5)
            case.elements = ["i64"]
        else:
            e = self.rng.choice(("i8", "ui8", "i32"))
            axis = self.rng.randint(-r - 1, r) if self.chance(0.5) else None
            at = 1 if axis is None else axis
            size = x[at] if x is not None and -len(x) <= at < len(x) else None
            kind = self.rng.random()
            scale: Shape = (
                ()
                if kind < 0.35
                else (1,)
                if kind < 0.45
                else ((size if size is not None and self.chance(0.8) else self.rng.randint(2, 5)),)
            )
            case.inputs = [Input(x, e), Input(scale, "f32")]
            if self.chance(0.6):
                zero = scale if self.chance(0.9) else self.rng.choice(((), (1,), (3,)))
                case.inputs.append(Input(zero, e))
            if axis is not None:
                case.attrs["axis"] = axis
            case.elements = ["f32"]
        return case

    def _present(self, shape: Shape, values: list[Any], element: str = "i64") -> Input:
        return Input(shape, element, values if self.chance(0.85) else None)

    def _slice(self, case: Case) -> Case:
        x = self.shape(1, 4)
        r = 3 if x is None else len(x)
        k = self.rng.randint(1, r) if self.chance(0.9) else self.rng.randint(0, r + 1)
        e = self.rng.choice(("i64", "i64", "i32"))
        big = (-(2**31), 2**31 - 1, -(2**40), 2**40) if e == "i64" else (-(2**31), 2**31 - 1)

        def bound() -> int:
            return self.rng.choice(big) if self.chance(0.1) else self.rng.randint(-7, 7)

        starts = [bound() for _ in range(k)]
        ends = [bound() for _ in range(k if self.chance(0.95) else k + 1)]
        case.inputs = [Input(x), self._present((k,), starts, e), self._present((len(ends),), ends, e)]
        if self.chance(0.6):
            axes = self.rng.sample(range(-r, r), k) if 2 * r >= k else list(range(k))
            if self.chance(0.1) and axes:
                axes[0] = self.rng.randint(-r - 1, r)
            case.inputs.append(self._present((k,), axes, e))
        elif self.chance(0.3):
            case.inputs.append(Input((1,), e, none=True))
        if self.chance(0.5):
            if len(case.inputs) == 3:
                case.inputs.append(Input((1,), e, none=True))
            steps = [
                self.rng.choice((-2, -1, 1, 1, 2, 3, 0) if self.chance(0.1) else (-2, -1, 1, 2, 3)) for _ in range(k)
            ]
            case.inputs.append(self._present((k,), steps, e))
        return case

    def _split(self, case: Case) -> Case:
        x = self.shape(1, 4)
        r = 3 if x is None else len(x)
        n = self.rng.randint(1, 3)
        axis = self.rng.randint(-r - 1, r) if self.chance(0.9) else 0
        case.attrs["axis"] = axis
        size = None if x is None or not -r <= axis < r else x[axis]
        kind = self.rng.random()
        if kind < 0.45:
            total = size if size is not None else self.rng.randint(0, 6)
            sizes = [total // n] * n
            sizes[-1] += total - sum(sizes)
            if self.chance(0.15):
                sizes[0] += 1
            if self.chance(0.1):
                sizes = sizes[:-1] or [1, 2]
            case.inputs = [Input(x), self._present((len(sizes),), sizes)]
            if self.chance(0.05):
                case.attrs["num_outputs"] = n
        else:
            case.inputs = [Input(x), Input((1,), "i64", none=True)] if self.chance(0.5) else [Input(x)]
            if kind < 0.95:
                case.attrs["num_outputs"] = n + self.rng.choice((0, 0, 0, 1))
        case.more = [self.shape() if self.chance(0.6) else None for _ in range(n - 1)]
        if case.result is not None and x is not None and self.chance(0.5):
            case.result = x
        return case

    def _pad(self, case: Case) -> Case:
        x = self.shape(0, 4)
        r = 3 if x is None else len(x)
        n = 2 * r if self.chance(0.9) else self.rng.randint(0, 2 * r + 2)
        case.inputs = [Input(x), self._present((n,), [self.rng.choice((0, 0, 1, 2, 3, -1)) for _ in range(n)])]
        if self.chance(0.3):
            case.inputs.append(Input((), "f32") if self.chance(0.7) else Input((1,), "f32", none=True))
        if self.chance(0.3):
            case.attrs["mode"] = self.rng.choice(("constant", "reflect", "edge", "wrap"))
        return case

    def _gatherelements(self, case: Case) -> Case:
        x = self.shape(1, 4)
        r = 2 if x is None else len(x)
        case.inputs = [Input(x), Input(tuple(self.dim() for _ in range(r)), "i64")]
        if self.chance(0.7):
            case.attrs["axis"] = self.rng.randint(-r, r - 1)
        return case

    def _gathernd(self, case: Case) -> Case:
        r = self.rng.randint(1, 4)
        x: Shape = tuple(self.dim() for _ in range(r))
        assert x is not None
        b = self.rng.randint(0, min(1, r - 1))
        q = self.rng.randint(b + 1, 3)
        last = self.rng.randint(1, r - b + 1) if self.chance(0.9) else None
        indices = (*x[:b], *(self.dim() for _ in range(q - b - 1)), last)
        if self.chance(0.05):
            x = None
        case.inputs = [Input(x), Input(indices, "i64")]
        if b or self.chance(0.3):
            case.attrs["batch_dims"] = b
        return case

    def _range(self, case: Case) -> Case:
        e = self.rng.choice(("i64", "i32", "f32", "f64"))
        case.inputs = []
        for _ in range(3):
            v: Any = (
                self.rng.randint(-6, 10) if e.startswith("i") else self.rng.choice((-2.5, 0.0, 0.5, 1.0, 3.0, 7.25))
            )
            if len(case.inputs) == 2 and v == 0:
                v = 1
            shp: Shape = () if self.chance(0.9) else (1,)
            case.inputs.append(Input(shp, e, [v] if self.chance(0.9) else None))
        case.result = None if self.chance(0.3) else (self.rng.choice((None, 0, 1, 2, 3, 4, 5, 8)),)
        return case

    def _constantofshape(self, case: Case) -> Case:
        n = self.rng.randint(0, 4)
        case.inputs = [self._present((n,), [self.rng.randint(0, 5) for _ in range(n)])]
        return case

    def _resize(self, case: Case) -> Case:
        x = self.shape(1, 4)
        r = 3 if x is None else len(x)
        k = r
        if self.chance(0.25):
            k = self.rng.randint(1, r)
            case.attrs["axes"] = self.rng.sample(range(-r, r), k)
        if self.chance(0.05):
            k += 1
        case.inputs = [Input(x), Input((1,), "f32", none=True)]
        kind = self.rng.random()
        if kind < 0.45:
            scales = [self.rng.choice((0.5, 1.0, 1.5, 2.0, 3.0, 0.25, 0.7)) for _ in range(k)]
            case.inputs += [self._present((k,), scales, "f32"), Input((1,), "i64", none=True)]
        elif kind < 0.9:
            sizes = [self.rng.randint(0, 9) for _ in range(k)]
            case.inputs += [Input((1,), "f32", none=True), self._present((k,), sizes)]
            if self.chance(0.3):
                case.attrs["keep_aspect_ratio_policy"] = self.rng.choice(("stretch", "not_larger", "not_smaller"))
        else:
            case.inputs += [Input((0,), "f32", []), Input((k,), "i64", [self.rng.randint(1, 9) for _ in range(k)])]
        if self.chance(0.3):
            case.attrs["mode"] = self.rng.choice(("nearest", "linear", "cubic"))
        return case

    def _convtranspose(self, case: Case) -> Case:
        spatial = self.rng.choice((1, 2, 2, 3))
        g = self.rng.choice((1, 1, 2))
        c = self.rng.choice((2, 4, None))
        x: tuple[Dim, ...] = (
            self.rng.choice((1, 2, None)),
            c,
            *(self.rng.choice((1, 3, 4, 5, None)) for _ in range(spatial)),
        )
        kernel = [self.rng.randint(1, 4) for _ in range(spatial)]
        w: tuple[Dim, ...] = (c if c is not None else 2, self.rng.choice((1, 2, 3, None)), *kernel)
        if self.chance(0.1):
            w = tuple(None if self.chance(0.3) else d for d in w)
        case.inputs = [Input(x), Input(w)]
        if g != 1:
            case.attrs["group"] = g
        if self.chance(0.3):
            case.attrs["kernel_shape"] = kernel
        if self.chance(0.4):
            case.attrs["strides"] = [self.rng.randint(1, 3) for _ in range(spatial)]
        if self.chance(0.3):
            case.attrs["dilations"] = [self.rng.randint(1, 2) for _ in range(spatial)]
        if self.chance(0.3):
            case.attrs["output_padding"] = [self.rng.randint(0, 1) for _ in range(spatial)]
        pad_kind = self.rng.random()
        if pad_kind < 0.3:
            case.attrs["pads"] = [self.rng.randint(0, 2) for _ in range(2 * spatial)]
        elif pad_kind < 0.6:
            case.attrs["auto_pad"] = self.rng.choice(("SAME_UPPER", "SAME_LOWER", "VALID", "NOTSET"))
        elif pad_kind < 0.7 and None not in x[2:]:
            case.attrs["output_shape"] = [self.rng.randint(1, 12) for _ in range(spatial)]
        return case

    EQUATIONS = (
        "ij,jk->ik ij,jk bij,bjk->bik ii->i ij->ji ...ij,...jk->...ik i,i ij-> ij,ij->ij ab,bc->ac "
        "...i->... ...ii->...i bn,anm,bm->ba ij,kj->ik i,j->ij ...,...->... abc->cba iij->j ij ...ab,b->...a"
    ).split()

    def _einsum(self, case: Case) -> Case:
        equation = self.rng.choice(self.EQUATIONS)
        if self.chance(0.05):
            equation = equation.replace(",", " , ")
        sizes = {c: self.rng.choice((1, 2, 3, 4, None)) for c in "abcijkmn"}
        ellipsis = tuple(self.rng.choice((1, 2, 3, None)) for _ in range(self.rng.randint(0, 2)))
        left = equation.replace(" ", "").split("->")[0]
        for term in left.split(","):
            dims: list[Dim] = []
            for part in term.split("..."):
                if dims or term.startswith("..."):
                    dims.extend(d if self.chance(0.85) else self.rng.choice((1, None)) for d in ellipsis)
                dims.extend(sizes[c] if self.chance(0.9) else self.rng.choice((1, 2, 5, None)) for c in part)
            if "..." in term and term.endswith("..."):
                pass
            case.inputs.append(Input(tuple(dims)))
        case.attrs["equation"] = equation
        return case

    def _batchnormalization(self, case: Case) -> Case:
        x = self.shape(1, 4)
        channels = 1 if x is None or len(x) < 2 else x[1] if x[1] is not None else 3
        case.inputs = [Input(x)]
        for _ in range(4):
            if self.chance(0.9):
                case.inputs.append(Input((channels if self.chance(0.9) else self.rng.choice((None, 2, 5)),)))
            else:
                case.inputs.append(Input(self.shape(0, 2)))
        training = self.rng.choice((0, 0, 1))
        if training or self.chance(0.3):
            case.attrs["training_mode"] = training
        three = training == 1 if self.chance(0.9) else training == 0
        case.more = [self.shape(1, 1), self.shape(1, 1)] if three else ["none", "none"]
        if case.result is not None and x is not None and self.chance(0.5):
            case.result = x
        return case


# --------------------------------------------------------------------------------------- oracle


def onnx_inferred(case: Case) -> tuple[str, Any]:
    """``("error", message)`` or ``("shape", shape or None)`` from ONNX's shape inference."""
    import onnx

    model, outs = onnx_model(case)
    try:
        inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    except Exception as exc:
        return "error", str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    found: dict[str, Shape] = {}
    for vi in list(inferred.graph.output) + list(inferred.graph.value_info):
        t = vi.type.tensor_type
        if t.HasField("shape"):
            found[vi.name] = tuple(d.dim_value if d.HasField("dim_value") else None for d in t.shape.dim)
    return "shape", [found.get(o) for o in outs if o]


def onnx_model(case: Case) -> tuple[Any, list[str]]:
    """The case as a one-node ONNX model, and its output names (``""``: an absent output)."""
    import onnx
    from onnx import TensorProto, helper

    inputs, inits, names = [], [], []
    symbols = [0]
    for i, x in enumerate(case.inputs):
        if x.none:
            names.append("")
            continue
        name = f"x{i}"
        names.append(name)
        element = getattr(TensorProto, ELEMENTS[x.element])
        if x.value is not None:
            dims_of = [len(x.value)] if x.shape is None or len(x.shape) == 1 else list(x.shape)
            inits.append(helper.make_tensor(name, element, dims_of, x.value))
            continue
        dims: list[Any] | None = None
        if x.shape is not None:
            dims = []
            for d in x.shape:
                if d is None:
                    symbols[0] += 1
                    dims.append(f"s{symbols[0]}")
                else:
                    dims.append(d)
        inputs.append(helper.make_tensor_value_info(name, element, dims))
    while names and names[-1] == "":
        names.pop()
    outs = [f"y{k}" if r != "none" else "" for k, r in enumerate(case.results)]
    while len(outs) > 1 and outs[-1] == "":
        outs.pop()
    node = helper.make_node(case.onnx_op, names, outs, domain=case.domain)
    for k, v in case.attrs.items():
        kind = None
        if isinstance(v, list):
            floats = any(isinstance(x, float) for x in v)
            strings = any(isinstance(x, str) for x in v)
            kind = (
                onnx.AttributeProto.STRINGS
                if strings
                else onnx.AttributeProto.FLOATS
                if floats
                else onnx.AttributeProto.INTS
            )
        if isinstance(v, Elem):
            v = getattr(TensorProto, ELEMENTS[v])
        node.attribute.append(helper.make_attribute(k, v, attr_type=kind))
    elements = ["f32" if case.onnx_op == "ConstantOfShape" else case.element(k) for k in range(len(outs))]
    outputs = [
        helper.make_tensor_value_info(o, getattr(TensorProto, ELEMENTS[e]), None)
        for o, e in zip(outs, elements, strict=True)
        if o
    ]
    graph = helper.make_graph([node], "g", inputs, outputs, initializer=inits)
    opsets = [helper.make_opsetid("", case.opset if not case.domain else 21)]
    if case.domain:
        opsets.append(helper.make_opsetid(case.domain, case.opset))
    return helper.make_model(graph, opset_imports=opsets), outs


# ------------------------------------------------------------------------- onnxruntime, where ONNX is silent


def concrete(case: Case, rng: random.Random) -> Case:
    """The case with every unknown made known: a ``?`` size or an unranked input gets sizes of 1-3,
    an integer input without values gets values (0-2), so that it runs and all it depends on is
    constant (which is what broadcheck and ONNX's inference read)."""
    inputs = []
    for x in case.inputs:
        if x.none:
            inputs.append(x)
            continue
        shp = x.shape if x.shape is not None else tuple(None for _ in range(rng.randint(1, 3)))
        shp = tuple(rng.randint(1, 3) if d is None else d for d in shp)
        value = x.value
        if value is None and not x.element.startswith("f") and len(shp) == 1 and shp[0]:
            value = [rng.randint(0, 2) for _ in range(shp[0])]  # type: ignore[operator]
        inputs.append(Input(shp, x.element, value))
    return Case(
        case.index,
        case.op,
        case.onnx_op,
        inputs,
        dict(case.attrs),
        None,
        [None for _ in case.more],
        list(case.elements),
    )


def onnxruntime_ran(case: Case) -> tuple[str, Any]:
    """``("error", message)`` or ``("shape", [each output's shape])`` from running the case in onnxruntime
    on random data."""
    import numpy as np
    import onnxruntime as ort

    model, outs = onnx_model(case)
    rng = np.random.default_rng(case.index)
    feeds = {}
    for i, x in enumerate(case.inputs):
        if x.none or x.value is not None:
            continue
        if x.element == "i1":
            feeds[f"x{i}"] = rng.integers(0, 2, x.shape).astype(np.bool_)
            continue
        dtype = {"f32": np.float32, "f64": np.float64, "f16": np.float16}.get(x.element)
        data = rng.standard_normal(x.shape) if dtype is not None else rng.integers(0, 3, x.shape)
        feeds[f"x{i}"] = np.asarray(
            data, dtype=dtype or getattr(np, "u" * x.element.startswith("u") + "int" + x.element.lstrip("ui"))
        )
    options = ort.SessionOptions()
    options.log_severity_level = 4
    try:
        session = ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
        ran = session.run([o for o in outs if o], feeds)
    except Exception as exc:
        return "error", str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return "shape", [tuple(r.shape) for r in ran]


def runtime_difference(case: Case, rng: random.Random, outcomes: collections.Counter[str]) -> str | None:
    """Where ONNX's inference is silent on ``case``: broadcheck's inference on a concrete instance of it
    against onnxruntime's run of that instance (a difference, worded, or ``None``)."""
    from broadcheck.api import check_text
    from broadcheck.dialects.onnx.infer import infer

    instance = concrete(case, rng)
    if any(d.severity == "error" for d in check_text(instance.text, path="<case>", profile="llvm")):
        outcomes["onnxruntime: instance rejected by onnx-mlir's verifier"] += 1
        return None
    ours = infer(operation(instance))
    kind, ran = onnxruntime_ran(instance)
    if kind == "error":
        if isinstance(ours, str):
            outcomes["onnxruntime: both reject"] += 1
            return None
        outcomes["onnxruntime: fails at run time, inference accepts"] += 1
        return None
    if isinstance(ours, str):
        return f"onnxruntime runs it ({ran}), broadcheck rejects: {ours}\n{instance.text}"
    if ours is None:
        outcomes["onnxruntime: runs, broadcheck infers nothing"] += 1
        return None
    for k, (mine, real) in enumerate(zip(ours, ran, strict=False)):
        if mine is not None and (
            len(mine) != len(real) or any(a is not None and a != b for a, b in zip(mine, real, strict=True))
        ):
            return f"result {k}: onnxruntime {real}, broadcheck {mine}\n{instance.text}"
    outcomes["onnxruntime: runs, shapes agree"] += 1
    return None


def operation(case: Case) -> Any:
    from broadcheck.ops import Attribute, Operation, Span, TypeUse
    from broadcheck.syntax.types import read_type

    span = Span(1, 1, 1, 2)
    operands = tuple(TypeUse(read_type("none" if x.none else _type(x.shape, x.element)), span) for x in case.inputs)
    constants = tuple(None if x.value is None else _literal(x) for x in case.inputs)
    text = case.mlir_attrs()
    attributes = []
    for k, v in case.attrs.items():
        value = (
            "["
            + ", ".join(
                f'"{x}"' if isinstance(x, str) else f"{x!r} : f32" if isinstance(x, float) else str(x) for x in v
            )
            + "]"
            if isinstance(v, list)
            else f"{v!r} : f32"
            if isinstance(v, float)
            else str(v)
            if isinstance(v, Elem)
            else f'"{v}"'
            if isinstance(v, str)
            else f"{v} : si64"
        )
        attributes.append(Attribute(k, value, span))
    del text
    results = tuple(
        TypeUse(read_type("none" if r == "none" else _type(r, case.element(k))), span)  # type: ignore[arg-type]
        for k, r in enumerate(case.results)
    )
    return Operation(case.op, span, span, operands, results, tuple(attributes), True, (), constants)


def _check(family: str, batch: list[Case]) -> None:
    from broadcheck.api import check_text
    from broadcheck.dialects import lookup
    from broadcheck.dialects.common import compatible
    from broadcheck.dialects.onnx.infer import infer
    from broadcheck.dialects.onnx.verify import Verifier  # noqa: F401

    outcomes: collections.Counter[str] = collections.Counter()
    compared: collections.Counter[str] = collections.Counter()  # per op: cases ONNX judged
    rng = random.Random(SEED)
    diffs = []
    for case in batch:
        op = operation(case)
        decl = lookup(case.op)
        assert decl is not None and decl.check is not None
        got_errors = [d for d in check_text(case.text, path="<case>", profile="llvm") if d.severity == "error"]
        if got_errors:
            outcomes["onnx-mlir's verifier rejects (left out)"] += 1
            continue
        kind, payload = onnx_inferred(case)
        compared[case.onnx_op] += 1
        ours = infer(op)
        if kind == "error":
            outcomes["onnx rejects"] += 1
            if not isinstance(ours, str):
                diffs.append((case, f"onnx: {payload}", f"broadcheck: {ours}"))
                continue
        else:
            outcomes["onnx infers"] += 1
            if isinstance(ours, str) or ours is None or list(ours[: len(payload)]) != payload:
                diffs.append((case, f"onnx: {payload}", f"broadcheck: {ours}"))
                continue
            if None in payload:  # ONNX is silent about a result: onnxruntime, on an instance
                outcomes["onnx silent"] += 1
                difference = runtime_difference(case, rng, outcomes)
                if difference is not None:
                    diffs.append((case, "onnxruntime", difference))
                    continue
        warnings = [d.code for d in check_text(case.text, path="<case>", profile="llvm") if d.severity == "warning"]
        fits = kind == "error" or all(
            r == "none" or compatible(r, p)  # type: ignore[arg-type]
            for r, p in zip([r for r in case.results if r != "none"], payload, strict=False)
        )
        want = ["BC807"] if kind == "error" else [] if fits else ["BC806"]
        if warnings[:1] != want:
            diffs.append((case, f"warnings wanted {want}", f"got {warnings}"))
    summary = (
        f"onnx shape ops, {family}: {len(batch)} cases; {dict(sorted(outcomes.items()))}; {len(diffs)} differences"
    )
    print("\n" + summary + f"\n  compared per op: {dict(sorted(compared.items()))}")
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index} ({case.onnx_op} {case.attrs})", case.text.rstrip(), f"  {want}", f"  {got}"]
    assert not diffs, "\n".join(lines)
    assert len(batch) >= 2000, summary
    ran = sum(n for k, n in outcomes.items() if k.startswith("onnxruntime"))
    assert ran == outcomes["onnx silent"], summary  # every silent case went to onnxruntime


def test_data_ops_match_onnx_shape_inference() -> None:
    gen = Gen(SEED + 20)
    _check("data", [gen.data(i) for i in range(COUNT)])


def test_nn_ops_match_onnx_shape_inference() -> None:
    gen = Gen(SEED + 21)
    _check("nn", [gen.nn(i) for i in range(COUNT)])


def test_more_ops_match_onnx_shape_inference() -> None:
    gen = Gen(SEED + 22)
    _check("more", [gen.more(i) for i in range(COUNT)])


def test_axes_ops_match_onnx_shape_inference() -> None:
    """ArgMax, ArgMin, Hardmax, LogSoftmax, DepthToSpace, Shape, DequantizeLinear."""
    gen = Gen(SEED + 24)
    _check("axes", [gen.axes(i) for i in range(COUNT)])


def test_indexing_ops_match_onnx_shape_inference() -> None:
    """ScatterElements, ScatterND, TopK, Cast, CastLike."""
    gen = Gen(SEED + 23)
    _check("indexing", [gen.indexing(i) for i in range(COUNT)])
