"""Differential test: ONNX MatMul and multidirectional broadcasting against ONNX's own shape inference.

The oracle is ``onnx.shape_inference.infer_shapes(model, strict_mode=True)`` (the ``onnx``
package in the oracle environment): each case is a one-node ONNX model whose inputs and
declared output have the case's shapes (``?`` as a symbolic dim, unranked as no shape), and
the same op written as onnx-mlir IR goes to broadcheck.

* ``MatMul``, ``MatMulInteger`` and ``QLinearMatMul`` (>= 2,000 cases): ranks 0-4 (1-d operands
  included), sizes 0/1/2/3/?, contracted sizes that agree or not, batch dims that broadcast or
  not, unranked operands, right and wrong results.
* Multidirectional ops with 1-6 operands (>= 2,000 cases): ``Sum``/``Max``/``Min``/``Mean``
  (1-6 operands), ``Add``/``Mul``/``Pow``/``Mod``/``Equal``/``Greater``/``And`` (2), ``Where`` (3).

For errors about the operands, broadcheck's message must be ONNX's text word for word (the
part after ``(op_type:X): ``). A wrong declared result is ONNX's ``Inferred shape and existing
shape differ ...`` and broadcheck's BC302 (its own words, since onnx-mlir's IR has no such
message); there only the verdict is compared.

Run by ``make oracle``; FAILS (never skips) when ``onnx`` is missing. Knobs:
``BROADCHECK_ONNX_CASES`` (per family, default 3000), ``BROADCHECK_ONNX_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

pytestmark = pytest.mark.oracle

try:
    import onnx
    from onnx import TensorProto, helper
except ImportError as exc:  # pragma: no cover - depends on the environment
    onnx = None  # type: ignore[assignment]
    _ONNX_IMPORT_ERROR: ImportError | None = exc
else:
    _ONNX_IMPORT_ERROR = None

COUNT = int(os.environ.get("BROADCHECK_ONNX_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_ONNX_SEED", 20260302))
SHOW = 15

Dim = int | None
Shape = tuple[Dim, ...] | None

# op -> (operand element types, result element type), as MLIR and as ONNX tensor types.
_F = ("f32", "FLOAT")
_B = ("i1", "BOOL")
_U8 = ("ui8", "UINT8")
_I32 = ("i32", "INT32")
MATMUL_OPS: dict[str, tuple[list[tuple[str, str]], tuple[str, str]]] = {
    "MatMul": ([_F, _F], _F),
    "MatMulInteger": ([_U8, _U8], _I32),
    "QLinearMatMul": ([_U8, _F, _U8, _U8, _F, _U8, _F, _U8], _U8),
}
VARIADIC = ("Sum", "Max", "Min", "Mean")
MULTI_OPS: dict[str, tuple[list[tuple[str, str]], tuple[str, str]]] = {
    "Add": ([_F, _F], _F),
    "Mul": ([_F, _F], _F),
    "Pow": ([_F, _F], _F),
    "Mod": ([_I32, _I32], _I32),  # integers: fmod 0, its default (onnx-mlir's verifier wants 1 for floats)
    "Equal": ([_F, _F], _B),
    "Greater": ([_F, _F], _B),
    "And": ([_B, _B], _B),
    "Where": ([_B, _F, _F], _F),
}


@dataclass(frozen=True, slots=True)
class Case:
    index: int
    op: str
    operands: tuple[Shape, ...]
    result: Shape
    elements: tuple[tuple[str, str], ...]
    result_element: tuple[str, str]

    @property
    def text(self) -> str:
        types = [_mlir_type(s, e[0]) for s, e in zip(self.operands, self.elements, strict=True)]
        names = [f"%a{i}" for i in range(len(types))]
        params = ", ".join(f"{n}: {t}" for n, t in zip(names, types, strict=True))
        rtype = _mlir_type(self.result, self.result_element[0])
        return (
            f"func.func @f({params}) {{\n"
            f'  %0 = "onnx.{self.op}"({", ".join(names)}) : ({", ".join(types)}) -> {rtype}\n'
            "  onnx.Return %0 : " + rtype + "\n}\n"
        )


def _mlir_type(shape: Shape, element: str) -> str:
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


class Cases:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def dim(self) -> Dim:
        return self.rng.choice((0, 1, 1, 1, 2, 2, 2, 3, 3, None, None, 4, 7))

    def near(self, dims: tuple[Dim, ...]) -> tuple[Dim, ...]:
        """Mostly the same dims; some 1, ?, or anything."""
        out: list[Dim] = []
        for d in dims:
            r = self.rng.random()
            out.append(d if r < 0.6 else 1 if r < 0.75 else None if r < 0.85 else self.dim())
        return tuple(out)

    def result(self, inferred: tuple[Dim, ...] | None, rank_hint: int) -> Shape:
        r = self.rng.random()
        if inferred is None:
            inferred = tuple(self.dim() for _ in range(rank_hint))
        if r < 0.1:
            return None
        if r < 0.55:
            return inferred
        if r < 0.7:
            return tuple(None if self.chance(0.5) else d for d in inferred)
        if r < 0.8 and inferred:
            i = self.rng.randrange(len(inferred))
            return (*inferred[:i], self.dim(), *inferred[i + 1 :])
        if r < 0.88:
            return (self.dim(), *inferred)
        if r < 0.94 and inferred:
            return inferred[1:]
        return tuple(self.dim() for _ in range(self.rng.randint(0, 4)))

    def matmul(self, index: int) -> Case:
        op = self.rng.choice(["MatMul", "MatMul", "MatMulInteger", "QLinearMatMul"])
        rank_a = self.rng.choice((0, 1, 1, 2, 2, 2, 3, 3, 4))
        rank_b = rank_a if self.chance(0.5) else self.rng.choice((0, 1, 1, 2, 2, 3, 4))
        m, k, n = self.dim(), self.dim(), self.dim()
        batch = tuple(self.dim() for _ in range(4))
        a: Shape = (k,) if rank_a == 1 else (*self.near(batch[: max(rank_a - 2, 0)]), m, k)[-rank_a:] if rank_a else ()
        k_b = k if self.chance(0.75) else self.dim()
        b: Shape = (
            (k_b,) if rank_b == 1 else (*self.near(batch[: max(rank_b - 2, 0)]), k_b, n)[-rank_b:] if rank_b else ()
        )
        if self.chance(0.05):
            a = None
        if self.chance(0.05):
            b = None
        inferred = _numpy_matmul(a, b)
        elements, relem = MATMUL_OPS[op]
        operands: list[Shape] = [a, b]
        if op == "QLinearMatMul":  # a, a_scale, a_zero_point, b, b_scale, b_zero_point, y_scale, y_zero_point
            operands = [a, (), (), b, (), (), (), ()]
        rank_hint = max(len(a or ()), len(b or ()))
        return Case(index, op, tuple(operands), self.result(inferred, rank_hint), tuple(elements), relem)

    def multidirectional(self, index: int) -> Case:
        op = self.rng.choice([*VARIADIC, *VARIADIC, *MULTI_OPS])
        if op in VARIADIC:
            count = self.rng.randint(1, 6)
            elements, relem = [_F] * count, _F
        else:
            elements, relem = MULTI_OPS[op]
            count = len(elements)
        base = tuple(self.dim() for _ in range(self.rng.randint(0, 4)))
        shapes: list[Shape] = []
        for _ in range(count):
            if self.chance(0.04):
                shapes.append(None)
                continue
            rank = len(base) if self.chance(0.6) else self.rng.randint(0, len(base))
            shapes.append(
                self.near(base[len(base) - rank :]) if self.chance(0.85) else tuple(self.dim() for _ in range(rank))
            )
        inferred = _numpy_broadcast([s for s in shapes if s is not None])
        return Case(index, op, tuple(shapes), self.result(inferred, len(base)), tuple(elements), relem)


def _numpy_broadcast(shapes: list[tuple[Dim, ...]]) -> tuple[Dim, ...] | None:
    """Only aims the generator at likely results; the verdict always comes from ONNX."""
    rank = max((len(s) for s in shapes), default=0)
    out: list[Dim] = []
    for i in range(rank):
        sizes = [s[i - rank + len(s)] for s in shapes if i - rank + len(s) >= 0]
        static = {d for d in sizes if d is not None and d != 1}
        if len(static) > 1:
            return None
        out.append(static.pop() if static else (None if None in sizes else 1))
    return tuple(out)


def _numpy_matmul(a: Shape, b: Shape) -> tuple[Dim, ...] | None:
    if not a or not b:
        return None
    left = (1, a[0]) if len(a) == 1 else a
    right = (b[0], 1) if len(b) == 1 else b
    batch = _numpy_broadcast([left[:-2], right[:-2]])
    if batch is None:
        return None
    return batch + ((left[-2],) if len(a) != 1 else ()) + ((right[-1],) if len(b) != 1 else ())


# ------------------------------------------------------------------------------------------ oracle

_OP_TYPE = re.compile(r"\(op_type:\w+(?:, node name: [^)]*)?\): (.*)")


def _value_info(name: str, shape: Shape, element: str, symbols: list[int]) -> Any:
    dims: list[Any] | None = None
    if shape is not None:
        dims = []
        for d in shape:
            if d is None:
                symbols[0] += 1
                dims.append(f"s{symbols[0]}")
            else:
                dims.append(d)
    return helper.make_tensor_value_info(name, getattr(TensorProto, element), dims)


def onnx_first_error(case: Case) -> str:
    """ONNX's shape inference on the case: ``ok``, or its first message without the ``(op_type:..)`` prefix."""
    symbols = [0]
    inputs = [
        _value_info(f"x{i}", s, e[1], symbols)
        for i, (s, e) in enumerate(zip(case.operands, case.elements, strict=True))
    ]
    result_dims: Shape = None if case.result is None else tuple(d for d in case.result)
    output = helper.make_tensor_value_info(
        "y",
        getattr(TensorProto, case.result_element[1]),
        None if result_dims is None else [d if d is not None else None for d in result_dims],
    )
    node = helper.make_node(case.op, [f"x{i}" for i in range(len(inputs))], ["y"])
    opset = 18
    model = helper.make_model(
        helper.make_graph([node], "g", inputs, [output]), opset_imports=[helper.make_opsetid("", opset)]
    )
    try:
        onnx.shape_inference.infer_shapes(model, strict_mode=True)
    except Exception as exc:
        match = _OP_TYPE.search(str(exc))
        return (match.group(1) if match else str(exc)).strip()
    return "ok"


def _broadcheck(text: str) -> tuple[str, str]:
    """broadcheck's first error on ``text`` as (code, message), or ``("ok", "ok")``."""
    from broadcheck.api import check_text

    try:
        diagnostics = check_text(text, path="<case>", profile="llvm")
    except Exception as exc:
        return "raised", f"{type(exc).__name__}: {exc}"
    errors = [d for d in diagnostics if d.severity == "error"]
    return (errors[0].code, errors[0].message) if errors else ("ok", "ok")


def kind(message: str) -> str:
    if message == "ok":
        return "ok"
    if "Inferred shape and existing shape differ" in message:
        return "result"
    if message.startswith("[ShapeInferenceError] Incompatible dimensions for matrix multiplication"):
        return "contraction"
    if message.startswith("[ShapeInferenceError] Incompatible dimensions"):
        return "broadcast"
    if message.startswith("[ShapeInferenceError] Input tensors of wrong rank"):
        return "rank 0"
    return "other"


def _agree(expected: str, got: tuple[str, str]) -> bool:
    code, message = got
    if kind(expected) == "result":
        return code == "BC302"
    return message == expected


def _check(family: str, cases: list[Case]) -> None:
    if onnx is None:
        pytest.fail(
            f"the ONNX oracle tests need the onnx package ({_ONNX_IMPORT_ERROR}); run `make oracle`", pytrace=False
        )
    assert len(cases) >= 2000
    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    for case in cases:
        expected = onnx_first_error(case)
        outcomes[kind(expected)] += 1
        got = _broadcheck(case.text)
        if not _agree(expected, got):
            diffs.append((case, expected, got))
    summary = f"{family}: {len(cases)} cases, {len(cases) - len(diffs)} agree; ONNX outcomes {dict(outcomes)}"
    print("\n" + summary)
    assert not outcomes["other"], summary
    assert outcomes["ok"] >= len(cases) // 10 and outcomes["broadcast"] and outcomes["result"], summary
    lines = [summary]
    for case, expected, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  onnx:       {expected}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)


def test_matmul_matches_onnx_shape_inference() -> None:
    """MatMul, MatMulInteger, QLinearMatMul: verdict and operand messages as ONNX's shape inference."""
    cases = Cases(SEED)
    batch = [cases.matmul(i) for i in range(COUNT)]
    assert {c.op for c in batch} == set(MATMUL_OPS)
    _check("matmul", batch)


def test_multidirectional_matches_onnx_shape_inference() -> None:
    """Ops with 1-6 operands that broadcast multidirectionally: verdict and messages as ONNX's."""
    cases = Cases(SEED + 1)
    batch = [cases.multidirectional(i) for i in range(COUNT)]
    assert {len(c.operands) for c in batch if c.op in VARIADIC} == {1, 2, 3, 4, 5, 6}
    _check("multidirectional", batch)
