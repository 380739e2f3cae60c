"""Differential test: onnx.Constant and the unary elementwise ops against ONNX's own shape inference
(issue 29; ``broadcheck/dialects/onnx/tail.py``).

The oracle is ``onnx.shape_inference.infer_shapes(model, strict_mode=True)`` on a one-node model
whose declared output has the case's result type (``?`` as a symbolic dim, unranked as no shape),
and the same op written as onnx-mlir IR goes to broadcheck:

* ``Constant``: a ``value`` tensor (or ``value_ints``, ``value_floats``, ``value_int``,
  ``value_float``) of rank 0-3, ten element types; in IR the generic form or the attribute
  dictionary form (``onnx.Constant {value = ...} : T``).
* the unary ops (Relu, Sigmoid, Sqrt, Erf, Gelu, Not, BitwiseNot, IsInf, IsNaN, ...; opset 20) and Clip (its
  min and max absent or scalars): an input of an element type the op takes, ranked or not, sizes
  known or not.

Each result is right, or wrong in one way (a size, the rank, the element type), or less specific
(``?``, unranked). broadcheck's message (BC1260-BC1262, warnings: onnx-mlir's verifiers accept
these) must be ONNX's word for word, after its ``(op_type:X): `` prefix.

Run by ``make oracle``; FAILS (never skips) when ``onnx`` is missing. Knobs:
``BROADCHECK_ONNX_CASES`` (default 3000 per family), ``BROADCHECK_ONNX_SEED``.
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

from tests.oracle.test_onnx_ops import _OP_TYPE, _mlir_type, _value_info

pytestmark = pytest.mark.oracle

try:
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper
except ImportError as exc:  # pragma: no cover - depends on the environment
    onnx = None  # type: ignore[assignment]
    _ONNX_IMPORT_ERROR: ImportError | None = exc
else:
    _ONNX_IMPORT_ERROR = None

COUNT = int(os.environ.get("BROADCHECK_ONNX_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_ONNX_SEED", 20261129))
SHOW = 15
OPSET = 20

Dim = int | None
Shape = tuple[Dim, ...] | None

ELEMENTS = {
    "f32": ("FLOAT", "float32"),
    "f16": ("FLOAT16", "float16"),
    "f64": ("DOUBLE", "float64"),
    "i8": ("INT8", "int8"),
    "i16": ("INT16", "int16"),
    "i32": ("INT32", "int32"),
    "i64": ("INT64", "int64"),
    "ui8": ("UINT8", "uint8"),
    "ui16": ("UINT16", "uint16"),
    "i1": ("BOOL", "bool"),
}
"""An MLIR element type -> its ONNX TensorProto name and numpy dtype."""

FLOATS = ("f32", "f16", "f64")
SIGNED = ("f32", "f16", "f64", "i8", "i16", "i32", "i64")
INTEGERS = ("i8", "i16", "i32", "i64", "ui8", "ui16")
UNARY: dict[str, tuple[str, ...]] = {
    **{
        name: FLOATS
        for name in (
            "Acos Acosh Asin Asinh Atan Atanh Ceil Celu Cos Cosh Elu Erf Exp Floor Gelu HardSigmoid HardSwish "
            "LeakyRelu Log Mish Reciprocal Round Selu Sigmoid Sin Sinh Softplus Softsign Sqrt Tan Tanh "
            "ThresholdedRelu"
        ).split()
    },
    "Abs": (*SIGNED, "ui8", "ui16"),
    "Neg": SIGNED,
    "Sign": (*SIGNED, "ui8", "ui16"),
    "Relu": ("f32", "f16", "f64", "i8", "i16", "i32", "i64"),
    "Shrink": (*SIGNED, "ui8", "ui16"),
    "Not": ("i1",),
    "BitwiseNot": INTEGERS,
    "Clip": (*SIGNED, "ui8", "ui16"),
    "IsInf": FLOATS,
    "IsNaN": FLOATS,
}
"""Each unary op and the input element types its ONNX schema takes (of :data:`ELEMENTS`)."""
CELU_F32 = ("Celu",)  # (ONNX's Celu takes float only)


@dataclass(frozen=True, slots=True)
class Case:
    index: int
    family: str
    text: str
    model: Any


def _dense(shape: tuple[int, ...], element: str) -> str:
    splat = "true" if element == "i1" else ("1.0" if element in FLOATS else "1")
    return f"dense<{splat}> : {_mlir_type(shape, element)}"


def _model(node: Any, inputs: list[Any], result: Shape, element: str) -> Any:
    output = helper.make_tensor_value_info("y", getattr(TensorProto, ELEMENTS[element][0]), _dims(result))
    graph = helper.make_graph([node], "g", inputs, [output])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])


def _dims(shape: Shape) -> list[Any] | None:
    if shape is None:
        return None
    return [f"r{i}" if d is None else d for i, d in enumerate(shape)]


class Cases:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def shape(self) -> tuple[int, ...]:
        return tuple(self.rng.choice((1, 2, 3, 4)) for _ in range(self.rng.choice((0, 1, 1, 2, 2, 3))))

    def result(self, shape: tuple[int, ...] | None, element: str, elements: tuple[str, ...]) -> tuple[Shape, str]:
        """The declared result: right, less specific, or wrong in one way."""
        rng = self.rng
        r = rng.random()
        if shape is None:
            return (self.shape() if r < 0.5 else None), element
        if r < 0.25:
            return shape, element
        if r < 0.35:
            return None, element
        if r < 0.45 and shape:
            return tuple(None if rng.random() < 0.5 else d for d in shape), element
        if r < 0.65 and shape:
            i = rng.randrange(len(shape))
            return tuple(d + rng.choice((1, 2)) if j == i else d for j, d in enumerate(shape)), element
        if r < 0.8:
            return ((*shape, 1) if rng.random() < 0.5 or not shape else shape[:-1]), element
        others = [e for e in elements if e != element]
        return shape, rng.choice(others) if others else element

    def constant(self, index: int) -> Case:
        rng = self.rng
        kind = rng.choice(("value", "value", "value", "value", "dict", "value_ints", "value_floats", "value_int"))
        if kind in ("value", "dict"):
            element = rng.choice(tuple(ELEMENTS))
            shape = self.shape()
            array = np.ones(shape, dtype=ELEMENTS[element][1])
            node = helper.make_node("Constant", [], ["y"], value=numpy_helper.from_array(array))
            attrs = f"{{value = {_dense(shape, element)}}}"
        elif kind in ("value_ints", "value_floats"):
            element = "i64" if kind == "value_ints" else "f32"
            n = rng.choice((1, 2, 3, 4))
            values = list(range(1, n + 1))
            shape = (n,)
            if kind == "value_ints":
                node = helper.make_node("Constant", [], ["y"], value_ints=values)
                attrs = "{value_ints = [" + ", ".join(map(str, values)) + "]}"
            else:
                node = helper.make_node("Constant", [], ["y"], value_floats=[float(v) for v in values])
                attrs = "{value_floats = [" + ", ".join(f"{v}.0 : f32" for v in values) + "]}"
        else:
            element, shape = "i64", ()
            node = helper.make_node("Constant", [], ["y"], value_int=7)
            attrs = "{value_int = 7 : si64}"
        result, relement = self.result(shape, element, tuple(ELEMENTS))
        rtype = _mlir_type(result, relement)
        if kind == "dict":
            line = f"  %0 = onnx.Constant {attrs} : {rtype}"
        else:
            line = f'  %0 = "onnx.Constant"() {attrs} : () -> {rtype}'
        text = f"func.func @f() {{\n{line}\n  onnx.Return %0 : {rtype}\n}}\n"
        return Case(index, "Constant", text, _model(node, [], result, relement))

    def unary(self, index: int) -> Case:
        rng = self.rng
        name = rng.choice(tuple(UNARY))
        elements = ("f32",) if name in CELU_F32 else UNARY[name]
        element = rng.choice(elements)
        shape: tuple[int, ...] | None = self.shape()
        written: Shape = shape
        if rng.random() < 0.1:
            shape = written = None
        elif rng.random() < 0.2 and shape:
            written = tuple(None if rng.random() < 0.5 else d for d in shape)
        if name in ("IsInf", "IsNaN"):  # (a bool result)
            result, relement = self.result(None if written is None else shape, "i1", ("i1", "f32", "i32"))
        else:
            result, relement = self.result(None if written is None else shape, element, elements)
        itype, rtype = _mlir_type(written, element), _mlir_type(result, relement)
        text = (
            f"func.func @f(%x: {itype}) {{\n"
            f'  %0 = "onnx.{name}"(%x) : ({itype}) -> {rtype}\n'
            f"  onnx.Return %0 : {rtype}\n}}\n"
        )
        symbols = [0]
        inputs = [_value_info("x", written, ELEMENTS[element][0], symbols)]
        node = helper.make_node(name, ["x"], ["y"])
        if name == "Clip":  # min and max: absent, or scalars of the input's element type
            bounds = [rng.choice(("", "lo")) for _ in range(2)]
            while bounds and not bounds[-1]:
                bounds.pop()
            names = ", ".join(["%x", *("%lo" if b else "%n" for b in bounds)])
            types = ", ".join([itype, *(f"tensor<{element}>" if b else "none" for b in bounds)])
            text = (
                f"func.func @f(%x: {itype}, %lo: tensor<{element}>, %n: none) {{\n"
                f'  %0 = "onnx.Clip"({names}) : ({types}) -> {rtype}\n'
                f"  onnx.Return %0 : {rtype}\n}}\n"
            )
            if "lo" in bounds:
                inputs.append(_value_info("lo", (), ELEMENTS[element][0], symbols))
            node = helper.make_node(name, ["x", *bounds], ["y"])
        return Case(index, name, text, _model(node, inputs, result, relement))


_NODE = re.compile(r" in node [^.]*\.$")


def onnx_first_error(case: Case) -> str:
    """ONNX's strict shape inference on the case: ``ok``, or its first message without the
    ``(op_type:X)`` prefix."""
    try:
        onnx.shape_inference.infer_shapes(case.model, strict_mode=True)
    except Exception as exc:
        match = _OP_TYPE.search(str(exc))
        return _NODE.sub("", (match.group(1) if match else str(exc)).strip())
    return "ok"


def _broadcheck(text: str) -> tuple[str, str]:
    """broadcheck's first error or BC1260-BC1262 warning on ``text``, or ``("ok", "ok")``."""
    from broadcheck.api import check_text

    try:
        diagnostics = check_text(text, path="<case>", profile="llvm")
    except Exception as exc:
        return "raised", f"{type(exc).__name__}: {exc}"
    found = [d for d in diagnostics if d.severity == "error" or d.code in ("BC1260", "BC1261", "BC1262")]
    return (found[0].code, found[0].message) if found else ("ok", "ok")


def kind(message: str) -> str:
    if message == "ok":
        return "ok"
    if "differ in rank" in message:
        return "rank"
    if "differ in dimension" in message:
        return "dimension"
    if "Inferred elem type differs" in message:
        return "element"
    return "other"


def _campaign(family: str, make: Callable[[Cases, int], Case]) -> None:
    if onnx is None:
        pytest.fail(
            f"the ONNX oracle tests need the onnx package ({_ONNX_IMPORT_ERROR}); run `make oracle`", pytrace=False
        )
    cases = Cases(SEED + len(family))
    batch = [make(cases, i) for i in range(COUNT)]
    assert len(batch) >= min(COUNT, 2000)
    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    for case in batch:
        expected = onnx_first_error(case)
        outcomes[kind(expected)] += 1
        _, message = _broadcheck(case.text)
        if message != expected:
            diffs.append((case, expected, message))
    summary = f"{family}: {len(batch)} cases, {len(batch) - len(diffs)} agree; ONNX outcomes {dict(outcomes)}"
    print("\n" + summary)
    assert not outcomes["other"], summary
    assert all(outcomes[k] >= len(batch) // 20 for k in ("ok", "rank", "dimension", "element")), summary
    lines = [summary]
    for case, expected, got in diffs[:SHOW]:
        lines += [f"--- case {case.index} ({case.family})", case.text.rstrip(), f"  onnx:       {expected}"]
        lines.append(f"  broadcheck: {got}")
    assert not diffs, "\n".join(lines)


def test_constant_matches_onnx_shape_inference() -> None:
    """onnx.Constant: its value's type against the declared result, in ONNX's words."""
    _campaign("constant", Cases.constant)


def test_unary_matches_onnx_shape_inference() -> None:
    """The unary elementwise ops: the input's type against the declared result, in ONNX's words."""
    _campaign("unary", Cases.unary)


def _v11_case(cases: Cases, index: int) -> Case:
    """SqueezeV11 or UnsqueezeV11 (opset 11: ``axes`` an attribute), right or wrong axes and results."""
    rng = cases.rng
    name = rng.choice(("SqueezeV11", "UnsqueezeV11"))
    shape = tuple(rng.choice((1, 1, 2, 3)) for _ in range(rng.choice((1, 2, 3, 4))))
    written: Shape = tuple(None if rng.random() < 0.15 else d for d in shape)
    if rng.random() < 0.05:
        written = None
    r = len(shape)
    if name == "SqueezeV11":
        ones = [i for i, d in enumerate(shape) if d == 1] or [0]
        axes = rng.sample(ones, rng.randint(1, len(ones)))
        if rng.random() < 0.2:
            axes.append(rng.randrange(-r - 1, r + 1))
        axes = [a - r if rng.random() < 0.3 and a >= 0 else a for a in axes]
        kept = [d for i, d in enumerate(shape) if i not in {a % r if -r <= a < r else None for a in axes}]
        right: tuple[int, ...] = tuple(kept)
    else:
        out = r + rng.choice((1, 1, 2))
        axes = rng.sample(range(out), out - r)
        if rng.random() < 0.15:
            axes.append(rng.choice((axes[0], out, -out - 1)))
        rest = iter(shape)
        right = tuple(1 if i in axes else next(rest, 1) for i in range(out))
    result: Shape = right
    p = rng.random()
    if p < 0.25 and right:
        i = rng.randrange(len(right))
        result = tuple(d + 1 if j == i else d for j, d in enumerate(right))
    elif p < 0.35:
        result = (*right, 1)
    elif p < 0.45:
        result = None
    itype, rtype = _mlir_type(written, "f32"), _mlir_type(result, "f32")
    attrs = "{axes = [" + ", ".join(map(str, axes)) + "]}"
    text = (
        f"func.func @f(%x: {itype}) {{\n"
        f'  %0 = "onnx.{name}"(%x) {attrs} : ({itype}) -> {rtype}\n'
        f"  onnx.Return %0 : {rtype}\n}}\n"
    )
    symbols = [0]
    node = helper.make_node(name.removesuffix("V11"), ["x"], ["y"], axes=axes)
    output = helper.make_tensor_value_info("y", TensorProto.FLOAT, _dims(result))
    graph = helper.make_graph([node], "g", [_value_info("x", written, "FLOAT", symbols)], [output])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    return Case(index, name, text, model)


def test_squeeze_unsqueeze_v11_match_onnx_shape_inference() -> None:
    """SqueezeV11 and UnsqueezeV11 (BC806, BC807: broadcheck's words): ONNX opset 11's verdict."""
    if onnx is None:
        pytest.fail(
            f"the ONNX oracle tests need the onnx package ({_ONNX_IMPORT_ERROR}); run `make oracle`", pytrace=False
        )
    cases = Cases(SEED + 11)
    batch = [_v11_case(cases, i) for i in range(COUNT)]
    assert len(batch) >= min(COUNT, 2000)
    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    for case in batch:
        expected = "ok" if onnx_first_error(case) == "ok" else "rejects"
        outcomes[expected] += 1
        from broadcheck.api import check_text

        found = [
            d
            for d in check_text(case.text, path="<case>", profile="llvm")
            if d.severity == "error" or d.code in ("BC806", "BC807")
        ]
        got = "rejects" if found else "ok"
        if got != expected:
            diffs.append((case, onnx_first_error(case), [d.message for d in found]))
    summary = f"squeeze/unsqueeze v11: {len(batch)} cases, {len(batch) - len(diffs)} agree; ONNX {dict(outcomes)}"
    print("\n" + summary)
    assert all(outcomes[k] >= len(batch) // 10 for k in ("ok", "rejects")), summary
    lines = [summary]
    for case, expected, got in diffs[:SHOW]:
        lines += [f"--- case {case.index} ({case.family})", case.text.rstrip(), f"  onnx:       {expected}"]
        lines.append(f"  broadcheck: {got}")
    assert not diffs, "\n".join(lines)


def _split_case(cases: Cases, index: int) -> Case:
    """SplitV11 (opset 11: ``split`` an attribute): one to three results, right or wrong sizes."""
    rng = cases.rng
    shape = tuple(rng.choice((1, 2, 3, 4, 6)) for _ in range(rng.choice((1, 2, 3))))
    written: Shape = tuple(None if rng.random() < 0.1 else d for d in shape)
    r = len(shape)
    axis = rng.randrange(-r, r) if rng.random() < 0.95 else rng.choice((r, -r - 1))
    n = rng.choice((1, 2, 2, 3))
    size = shape[axis] if -r <= axis < r else 1
    split: list[int] | None = None
    if rng.random() < 0.5:
        split = [size // n] * (n - 1) + [size - size // n * (n - 1)]
        if rng.random() < 0.2:
            split[0] += 1
        if rng.random() < 0.1:
            split = split[:-1] or [size]
    parts = split if split is not None and len(split) == n else [size // n] * n
    results: list[Shape] = []
    for part in parts:
        out = list(shape)
        if -r <= axis < r:
            out[axis] = part
        res: Shape = tuple(out)
        if rng.random() < 0.1:
            res = None
        elif rng.random() < 0.1 and res:
            res = (*res[:-1], res[-1] + 1)
        results.append(res)
    itype = _mlir_type(written, "f32")
    rtypes = [_mlir_type(x, "f32") for x in results]
    attrs = (
        f"{{axis = {axis} : si64" + ("" if split is None else ", split = [" + ", ".join(map(str, split)) + "]") + "}"
    )
    names = ", ".join(f"%{i}" for i in range(n))
    text = (
        f"func.func @f(%x: {itype}) {{\n"
        f'  {names.replace("%", "%r")} = "onnx.SplitV11"(%x) {attrs} : ({itype}) -> ({", ".join(rtypes)})\n'
        "  onnx.Return\n}\n"
    )
    symbols = [0]
    kwargs: dict[str, Any] = {"axis": axis} if split is None else {"axis": axis, "split": split}
    node = helper.make_node("Split", ["x"], [f"y{i}" for i in range(n)], **kwargs)
    outputs = [helper.make_tensor_value_info(f"y{i}", TensorProto.FLOAT, _dims(x)) for i, x in enumerate(results)]
    graph = helper.make_graph([node], "g", [_value_info("x", written, "FLOAT", symbols)], outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 11)])
    return Case(index, "SplitV11", text, model)


def test_split_v11_matches_onnx_shape_inference() -> None:
    """SplitV11 (BC806, BC807: broadcheck's words): ONNX opset 11's verdict."""
    if onnx is None:
        pytest.fail(
            f"the ONNX oracle tests need the onnx package ({_ONNX_IMPORT_ERROR}); run `make oracle`", pytrace=False
        )
    from broadcheck.api import check_text

    cases = Cases(SEED + 12)
    batch = [_split_case(cases, i) for i in range(COUNT)]
    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    for case in batch:
        first = onnx_first_error(case)
        expected = "ok" if first == "ok" else "rejects"
        outcomes[expected] += 1
        diagnostics = check_text(case.text, path="<case>", profile="llvm")
        found = [d for d in diagnostics if d.severity == "error" or d.code in ("BC806", "BC807")]
        if ("rejects" if found else "ok") != expected:
            diffs.append((case, first, [d.message for d in found]))
    summary = f"split v11: {len(batch)} cases, {len(batch) - len(diffs)} agree; ONNX {dict(outcomes)}"
    print("\n" + summary)
    assert all(outcomes[k] >= len(batch) // 10 for k in ("ok", "rejects")), summary
    lines = [summary]
    for case, expected, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  onnx:       {expected}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
