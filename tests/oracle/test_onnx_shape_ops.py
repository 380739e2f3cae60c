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

Run by ``make oracle``. Knobs: ``BROADCHECK_ONNX_SHAPE_CASES`` (per family, default 3000),
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
SHOW = 12

Dim = int | None
Shape = tuple[Dim, ...] | None


@dataclass
class Input:
    shape: Shape
    element: str = "f32"
    value: list[int] | None = None  # a constant's values (an initializer), else a graph input
    none: bool = False  # an absent optional input


@dataclass
class Case:
    index: int
    op: str  # onnx-mlir's name
    onnx_op: str
    inputs: list[Input]
    attrs: dict[str, Any] = field(default_factory=dict)
    result: Shape = None

    def mlir_attrs(self) -> str:
        parts = []
        for k, v in self.attrs.items():
            if isinstance(v, list):
                parts.append(f"{k} = [{', '.join(map(str, v))}]")
            elif isinstance(v, str):
                parts.append(f'{k} = "{v}"')
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
                body.append(f"  %c{i} = onnx.Constant dense<[{', '.join(map(str, x.value))}]> : {t}")
                names.append(f"%c{i}")
            else:
                params.append(f"%a{i}: {t}")
                names.append(f"%a{i}")
        r = _type(self.result, self.inputs[0].element)
        body.append(f'  %0 = "{self.op}"({", ".join(names)}){self.mlir_attrs()} : ({", ".join(types)}) -> {r}')
        return f"func.func @f({', '.join(params)}) {{\n" + "\n".join(body) + "\n  onnx.Return\n}\n"


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


# --------------------------------------------------------------------------------------- oracle


def onnx_inferred(case: Case) -> tuple[str, Any]:
    """``("error", message)`` or ``("shape", shape or None)`` from ONNX's shape inference."""
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
        element = TensorProto.INT64 if x.element == "i64" else TensorProto.FLOAT
        if x.value is not None:
            inits.append(helper.make_tensor(name, element, [len(x.value)], x.value))
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
    node = helper.make_node(case.onnx_op, names, ["y"])
    for k, v in case.attrs.items():
        kind = onnx.AttributeProto.INTS if isinstance(v, list) else None
        node.attribute.append(helper.make_attribute(k, v, attr_type=kind))
    output = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    graph = helper.make_graph([node], "g", inputs, [output], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    try:
        inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True)
    except Exception as exc:
        return "error", str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    for vi in list(inferred.graph.output) + list(inferred.graph.value_info):
        if vi.name == "y":
            t = vi.type.tensor_type
            if not t.HasField("shape"):
                return "shape", None
            return "shape", tuple(d.dim_value if d.HasField("dim_value") else None for d in t.shape.dim)
    return "shape", None


def operation(case: Case) -> Any:
    from broadcheck.ops import Attribute, Operation, Span, TypeUse
    from broadcheck.syntax.types import read_type

    span = Span(1, 1, 1, 2)
    operands = tuple(TypeUse(read_type("none" if x.none else _type(x.shape, x.element)), span) for x in case.inputs)
    constants = tuple(
        None if x.value is None else f"dense<[{', '.join(map(str, x.value))}]> : {_type(x.shape, x.element)}"
        for x in case.inputs
    )
    text = case.mlir_attrs()
    attributes = []
    for k, v in case.attrs.items():
        value = (
            f"[{', '.join(map(str, v))}]" if isinstance(v, list) else f'"{v}"' if isinstance(v, str) else f"{v} : si64"
        )
        attributes.append(Attribute(k, value, span))
    del text
    results = (TypeUse(read_type(_type(case.result, case.inputs[0].element)), span),)
    return Operation(case.op, span, span, operands, results, tuple(attributes), True, (), constants)


def _check(family: str, batch: list[Case]) -> None:
    from broadcheck.api import check_text
    from broadcheck.dialects import lookup
    from broadcheck.dialects.common import compatible
    from broadcheck.dialects.onnx.infer import infer
    from broadcheck.dialects.onnx.verify import Verifier  # noqa: F401

    outcomes: collections.Counter[str] = collections.Counter()
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
        ours = infer(op)
        if kind == "error":
            outcomes["onnx rejects"] += 1
            if not isinstance(ours, str):
                diffs.append((case, f"onnx: {payload}", f"broadcheck: {ours}"))
                continue
        else:
            outcomes["onnx infers"] += 1
            if isinstance(ours, str) or ours is None or ours[0] != payload:
                diffs.append((case, f"onnx: {payload}", f"broadcheck: {ours}"))
                continue
        warnings = [d.code for d in check_text(case.text, path="<case>", profile="llvm") if d.severity == "warning"]
        want = ["BC807"] if kind == "error" else [] if compatible(case.result, payload) else ["BC806"]
        if warnings[:1] != want:
            diffs.append((case, f"warnings wanted {want}", f"got {warnings}"))
    summary = (
        f"onnx shape ops, {family}: {len(batch)} cases; {dict(sorted(outcomes.items()))}; {len(diffs)} differences"
    )
    print("\n" + summary)
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index} ({case.onnx_op} {case.attrs})", case.text.rstrip(), f"  {want}", f"  {got}"]
    assert len(batch) >= 2000, summary
    assert not diffs, "\n".join(lines)


def test_data_ops_match_onnx_shape_inference() -> None:
    gen = Gen(SEED + 20)
    _check("data", [gen.data(i) for i in range(COUNT)])


def test_nn_ops_match_onnx_shape_inference() -> None:
    gen = Gen(SEED + 21)
    _check("nn", [gen.nn(i) for i in range(COUNT)])
