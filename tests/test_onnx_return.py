"""``ONNXReturnOp::verify`` (``broadcheck.dialects.onnx.tail.return_problem``): what onnx-mlir's
``typeIsSameOrMoreSpecific`` accepts, as a table read from ``ONNXOps/Additional/Return.cpp``. Value
flow does not call it yet (the engine's return check knows only ``func.return``); these cases hold
the rule until it does."""

from __future__ import annotations

import pytest

from broadcheck.dialects.onnx.tail import return_problem
from broadcheck.syntax.types import read_type

CASES = [
    # (returned, declared, verdict)
    ("tensor<3xf32>", "tensor<3xf32>", None),
    ("tensor<3xf32>", "tensor<?xf32>", None),
    ("tensor<3xf32>", "tensor<*xf32>", None),
    ("tensor<*xf32>", "tensor<*xf32>", None),
    ("tensor<?x4xf32>", "tensor<?x?xf32>", None),
    ("tensor<?xf32>", "tensor<3xf32>", "BC1264"),
    ("tensor<*xf32>", "tensor<3xf32>", "BC1264"),
    ("tensor<3xf32>", "tensor<3x1xf32>", "BC1264"),
    ("tensor<3xf32>", "tensor<4xf32>", "BC1264"),
    ("tensor<3xf32>", "tensor<3xf16>", "BC1264"),
    ("tensor<3xf32>", "f32", "BC1264"),
    ("f32", "f32", None),
    ("i32", "f32", "BC1264"),
    ("none", "none", None),
    # ONNX's sequence and optional types: equal, or not (not shaped: no "more specific")
    ("!onnx.Seq<tensor<*xf32>>", "!onnx.Seq<tensor<*xf32>>", None),
    ("!onnx.Seq< tensor<*xf32> >", "!onnx.Seq<tensor<*xf32>>", None),
    ("!onnx.Opt<!onnx.Seq<tensor<2xf32>>>", "!onnx.Opt<!onnx.Seq<tensor<2xf32>>>", None),
    ("!onnx.Seq<tensor<2xf32>>", "!onnx.Seq<tensor<*xf32>>", "BC1264"),
    ("!onnx.Opt<tensor<2xf32>>", "tensor<2xf32>", "BC1264"),
    ("tensor<2xf32>", "!onnx.Opt<tensor<2xf32>>", "BC1264"),
    ("none", "!onnx.Opt<tensor<2xf32>>", "BC1264"),
    ("!onnx.Seq<tensor<2xf32>>", "!onnx.Opt<tensor<2xf32>>", "BC1264"),
    ("!my.type", "tensor<2xf32>", None),
]


@pytest.mark.parametrize(("returned", "declared", "verdict"), CASES)
def test_return_types(returned: str, declared: str, verdict: str | None) -> None:
    problem = return_problem([read_type(returned)], [read_type(declared)], "f")
    assert (problem.code if problem else None) == verdict


def test_return_words() -> None:
    from broadcheck.messages import RULES

    problem = return_problem([read_type("tensor<?xf32>")], [read_type("tensor<3xf32>")], "main_graph")
    assert problem is not None
    assert RULES[problem.code].format("onnx.Return", **problem.args) == (
        "type of return operand 0 (tensor<?xf32>) is incompatible with function result type (tensor<3xf32>) in "
        "function @main_graph"
    )


def test_return_count() -> None:
    from broadcheck.messages import RULES

    problem = return_problem([read_type("tensor<3xf32>")], [read_type("tensor<3xf32>")] * 2, "f")
    assert problem is not None and problem.code == "BC1263"
    assert RULES["BC1263"].format("onnx.Return", **problem.args) == (
        "'onnx.Return' op has 1 operands, but enclosing function (@f) returns 2"
    )
