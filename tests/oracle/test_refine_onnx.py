"""Differential campaign: ``broadcheck refine`` on onnx-mlir functions against ONNX's
``onnx.shape_inference.infer_shapes`` on the same graph built as an ONNX model (issue 32).

``bench/refine_onnx.py`` writes each graph twice: as onnx-mlir text with a ``?`` batch (every
result written with ``?`` where the batch is) and as nodes this test builds into a model with
``onnx.helper`` (opset 21), its inputs at a random static batch, its constants as ``Constant``
nodes. broadcheck refines the text with ``--arg`` (the activations at that batch); ONNX infers the
model's shapes (``strict_mode=True``). Every node's output type (element type and dimensions) must
be the same as broadcheck's type of the op's result, and the function's result type the graph
output's; broadcheck's refined text must have no dynamic dimension and no diagnostic.

Knobs: ``BROADCHECK_REFINE_CASES`` (default 1000) and ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text

pytestmark = pytest.mark.oracle

ROOT = Path(__file__).resolve().parents[2]
COUNT = int(os.environ.get("BROADCHECK_REFINE_CASES", 1000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))
CHUNK = 100
OPSET = 21
_RESULT = re.compile(r"^\s*%(\w+) = .*[>:] (tensor<[^>]*>)\s*$")
_ELEMENT = {1: "f32", 7: "i64"}


def _model(nodes: list[Any], inputs: list[tuple[str, list[int | None]]], output: str) -> Any:
    from onnx import TensorProto, helper

    made = []
    for op, ins, out, attrs in nodes:
        if op == "Constant":
            tensor = helper.make_tensor(out + "_t", TensorProto.INT64, [len(attrs["ints"])], attrs["ints"])
            made.append(helper.make_node("Constant", [], [out], value=tensor))
        else:
            made.append(helper.make_node(op, ins, [out], **attrs))
    graph = helper.make_graph(
        made,
        "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, dims) for n, dims in inputs],
        [helper.make_tensor_value_info(output, TensorProto.FLOAT, None)],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])


def onnx_types(nodes: list[Any], inputs: list[tuple[str, list[int | None]]], output: str) -> dict[str, str]:
    """Each node output's inferred type, written as MLIR writes it."""
    import onnx

    inferred = onnx.shape_inference.infer_shapes(_model(nodes, inputs, output), strict_mode=True)
    out: dict[str, str] = {}
    for info in [*inferred.graph.value_info, *inferred.graph.output]:
        tt = info.type.tensor_type
        if not tt.HasField("shape"):
            out[info.name] = "unranked"
            continue
        dims = ["?" if not d.HasField("dim_value") else str(d.dim_value) for d in tt.shape.dim]
        out[info.name] = "tensor<" + "".join(d + "x" for d in dims) + _ELEMENT.get(tt.elem_type, "?") + ">"
    return out


def test_generated_onnx_graphs() -> None:
    """The generated campaign: 0 differences in every refined type."""
    pytest.importorskip("onnx")
    sys.path.insert(0, str(ROOT))
    from bench.refine_onnx import generate, module

    cases = generate(COUNT, SEED)
    problems: list[str] = []
    types = 0
    for start in range(0, len(cases), CHUNK):
        chunk = cases[start : start + CHUNK]
        text = module([body for _, body, _, _, _ in chunk])
        request = Request({(name, i): t for name, _, _, _, static in chunk for i, t in static.items()})
        after, diagnostics, _ = refine_text("chunk.mlir", text, request, Options())
        problems += [f"broadcheck: {d.line}: {d.severity}: {d.message} [{d.code}]" for d in diagnostics]
        ours: dict[str, dict[str, str]] = {}
        current: dict[str, str] = {}
        for line in after.splitlines():
            head = re.match(r"\s*func\.func @(\w+)\(.*\) -> (tensor<[^>]*>) \{", line)
            if head is not None:
                current = ours.setdefault(head.group(1), {"@result": head.group(2)})
            found = _RESULT.match(line)
            if found is not None:
                current[found.group(1)] = found.group(2)
        for name, _, nodes, inputs, _ in chunk:
            output = next((n[2] for n in reversed(nodes) if n[0] != "Constant"), inputs[0][0])
            try:
                theirs = onnx_types(nodes, inputs, output)
            except Exception as err:  # the inference's own error is the outcome
                problems.append(f"{name}: ONNX rejects the graph: {str(err)[:300]}")
                continue
            mine = ours[name]
            for key, value in theirs.items():
                got = mine["@result"] if key == output and key not in mine else mine.get(key)
                if got != value:
                    problems.append(f"{name} %{key}: broadcheck {got}, ONNX {value}")
                types += 1
        left = [m.group(0) for m in re.finditer(r"tensor<(?:[^>]*x)?\?[^>]*>", after)]
        problems += [f"a dynamic type is left: {t}" for t in left[:3]]
    print(f"\nrefine ONNX campaign: {len(cases)} graphs, {types} types compared, {len(problems)} differences")
    assert not problems, "\n".join(problems[:30])
