"""Differential test: ONNX Gemm against ONNX's own shape inference (issue 29).

The oracle is ``onnx.shape_inference.infer_shapes(model, strict_mode=True)``: each case is a
one-node Gemm model (``transA``/``transB`` as the case says) whose inputs and declared output
have the case's shapes (``?`` as a symbolic dim), and the same op written as onnx-mlir IR goes
to broadcheck. Cases: A and B of rank 1-3 (mostly 2), sizes 1/2/3/5/?, contracted sizes that
agree or not, C absent or of a shape that broadcasts one way to (M, N), right and wrong results.

For A and B, broadcheck's message (a warning, BC811/BC812: onnx-mlir's verifier accepts what
ONNX's inference rejects there) must be ONNX's text word for word (after the
``(op_type:Gemm): `` prefix, without the `` in node ...`` that names the model's node). A
wrong declared result is ONNX's ``Inferred shape and existing shape differ ...`` and
broadcheck's BC302; there only the verdict is compared.

C that does not broadcast to (M, N) is left out: ONNX's inference does not look at C (and
onnxruntime builds a session for it; it fails only when run), while broadcheck reports BC402,
the ONNX specification's rule.

Run by ``make oracle``; FAILS (never skips) when ``onnx`` is missing. Knobs:
``BROADCHECK_ONNX_CASES`` (default 3000), ``BROADCHECK_ONNX_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
import re
from dataclasses import dataclass

import pytest

from tests.oracle.test_onnx_ops import _OP_TYPE, _mlir_type, _value_info

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
SEED = int(os.environ.get("BROADCHECK_ONNX_SEED", 20261128))
SHOW = 15

Dim = int | None
Shape = tuple[Dim, ...]


@dataclass(frozen=True, slots=True)
class Gemm:
    index: int
    a: Shape
    b: Shape
    c: Shape | None
    result: Shape
    trans_a: int
    trans_b: int

    @property
    def operands(self) -> list[Shape]:
        return [self.a, self.b] if self.c is None else [self.a, self.b, self.c]

    @property
    def text(self) -> str:
        types = [_mlir_type(s, "f32") for s in self.operands]
        names = [f"%a{i}" for i in range(len(types))]
        params = ", ".join(f"{n}: {t}" for n, t in zip(names, types, strict=True))
        rtype = _mlir_type(self.result, "f32")
        attrs = f"{{transA = {self.trans_a} : si64, transB = {self.trans_b} : si64}}"
        return (
            f"func.func @f({params}) {{\n"
            f'  %0 = "onnx.Gemm"({", ".join(names)}) {attrs} : ({", ".join(types)}) -> {rtype}\n'
            "  onnx.Return %0 : " + rtype + "\n}\n"
        )


class Cases:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def dim(self) -> Dim:
        return self.rng.choice((1, 2, 2, 3, 3, 5, None))

    def case(self, index: int) -> Gemm:
        rng = self.rng
        m, k, n = self.dim(), self.dim(), self.dim()
        trans_a, trans_b = rng.randint(0, 1), rng.randint(0, 1)
        k_b = k if rng.random() < 0.65 else self.dim()
        a: Shape = (k, m) if trans_a else (m, k)
        b: Shape = (n, k_b) if trans_b else (k_b, n)
        if rng.random() < 0.08:
            a = tuple(self.dim() for _ in range(rng.choice((1, 3))))
        if rng.random() < 0.08:
            b = tuple(self.dim() for _ in range(rng.choice((1, 3))))
        c = rng.choice([None, (), (1,), (n,), (1, n), (m, 1), (m, n), (1, 1)])
        r = rng.random()
        result: Shape = (m, n)
        if r < 0.15:
            result = (m, self.dim())
        elif r < 0.3:
            result = (self.dim(), n)
        elif r < 0.35:
            result = (m, n, 1)
        elif r < 0.5:
            result = (None, None)
        return Gemm(index, a, b, c, result, trans_a, trans_b)


_NODE = re.compile(r" in node [^.]*\.$")


def onnx_first_error(case: Gemm) -> str:
    """ONNX's shape inference on the case: ``ok``, or its first message without the
    ``(op_type:Gemm)`` prefix and the node's name."""
    symbols = [0]
    inputs = [_value_info(f"x{i}", s, "FLOAT", symbols) for i, s in enumerate(case.operands)]
    output = helper.make_tensor_value_info("y", TensorProto.FLOAT, list(case.result))
    node = helper.make_node(
        "Gemm", [f"x{i}" for i in range(len(inputs))], ["y"], transA=case.trans_a, transB=case.trans_b
    )
    model = helper.make_model(
        helper.make_graph([node], "g", inputs, [output]), opset_imports=[helper.make_opsetid("", 18)]
    )
    try:
        onnx.shape_inference.infer_shapes(model, strict_mode=True)
    except Exception as exc:
        match = _OP_TYPE.search(str(exc))
        return _NODE.sub("", (match.group(1) if match else str(exc)).strip())
    return "ok"


def _broadcheck(text: str) -> tuple[str, str]:
    """broadcheck's first problem on ``text`` as (code, message), or ``("ok", "ok")``: an
    error, or one of Gemm's operand warnings (BC811, BC812: onnx-mlir's verifier accepts what
    ONNX's inference rejects there)."""
    from broadcheck.api import check_text

    try:
        diagnostics = check_text(text, path="<case>", profile="llvm")
    except Exception as exc:
        return "raised", f"{type(exc).__name__}: {exc}"
    found = [d for d in diagnostics if d.severity == "error" or d.code in ("BC811", "BC812")]
    return (found[0].code, found[0].message) if found else ("ok", "ok")


def kind(message: str) -> str:
    if message == "ok":
        return "ok"
    if "Inferred shape and existing shape differ" in message:
        return "result"
    if message.startswith("[ShapeInferenceError] Dimension mismatch in unification"):
        return "contraction"
    if re.match(r"\[ShapeInferenceError\] Input \d expected to have rank 2", message):
        return "rank"
    return "other"


def test_gemm_matches_onnx_shape_inference() -> None:
    """Gemm: verdict, and ONNX's words for A and B."""
    if onnx is None:
        pytest.fail(
            f"the ONNX oracle tests need the onnx package ({_ONNX_IMPORT_ERROR}); run `make oracle`", pytrace=False
        )
    cases = Cases(SEED)
    batch = [cases.case(i) for i in range(COUNT)]
    assert len(batch) >= 2000
    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    for case in batch:
        expected = onnx_first_error(case)
        outcomes[kind(expected)] += 1
        code, message = _broadcheck(case.text)
        agree = code == "BC302" if kind(expected) == "result" else message == expected
        if not agree:
            diffs.append((case, expected, (code, message)))
    summary = f"gemm: {len(batch)} cases, {len(batch) - len(diffs)} agree; ONNX outcomes {dict(outcomes)}"
    print("\n" + summary)
    assert not outcomes["other"], summary
    assert all(outcomes[k] >= len(batch) // 20 for k in ("ok", "result", "contraction", "rank")), summary
    lines = [summary]
    for case, expected, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  onnx:       {expected}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
