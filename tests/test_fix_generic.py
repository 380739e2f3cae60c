"""``--fix`` of elementwise arith and math ops in MLIR's generic form (issue 32): their traits
fix the result's type, so a wrong one has a fix, and the fix follows through the generic ops
that use it. iree-opt accepts what it writes (``tests/oracle/test_generic_elementwise.py``)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, Invoke

GOLDEN = ROOT / "tests" / "golden" / "fix"


def test_generic_elementwise_results_have_a_help_and_a_fix(
    tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(GOLDEN / "generic.mlir", "generic.mlir")
    data = json.loads(run("check", "--isolated", "--output-format", "json", "generic.mlir").out)
    assert [(d["line"], d["code"]) for d in data] == [
        (6, "BC1169"),
        (7, "BC1169"),
        (8, "BC1168"),
        (9, "BC1168"),
        (10, "BC1150"),
        (17, "BC1169"),
        (20, "BC1169"),
    ]
    # Fixed only as the chain of another fix reaches them: arith.select once its condition (arith.cmpf's
    # result) is; the last arith.addf infers its first operand's `tensor<?xf32>`, which `return` rejects,
    # until math.absf's fix makes that operand static.
    assert [d["line"] for d in data if d["fix"] is None] == [9, 20]
    full = run("check", "--isolated", "generic.mlir").out
    assert "help: the result type should be tensor<4x3xi1>" in full
    assert full.count("result #0") == 6
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "generic.mlir")
    assert result.code == 0, result.out
    fixed = Path("generic.mlir").read_bytes()
    if os.environ.get("BROADCHECK_UPDATE_GOLDEN"):
        (GOLDEN / "generic.fixed.mlir").write_bytes(fixed)
    assert fixed == (GOLDEN / "generic.fixed.mlir").read_bytes()
    assert run("check", "--isolated", "generic.mlir").code == 0


@pytest.mark.parametrize(
    ("line", "help_type"),
    [
        ('"arith.negf"(%a) : (tensor<2x?xf32>) -> tensor<2x7xf32>', "tensor<2x?xf32>"),
        ('"math.exp"(%a) : (tensor<2x?xf32>) -> tensor<2x?xf16>', "tensor<2x?xf32>"),
    ],
)
def test_the_inferred_type_is_the_operands_exactly(run: Invoke, line: str, help_type: str) -> None:
    """``InferTypeOpInterface`` wants the first operand's type exactly, a `?` included."""
    text = f"func.func @f(%a: tensor<2x?xf32>) {{\n  %0 = {line}\n  return\n}}\n"
    full = run("check", "--isolated", "-", stdin=text).out
    assert f"help: the result type should be {help_type}" in full


def test_no_help_when_the_operands_disagree(run: Invoke) -> None:
    """The operands' own mismatch is no result's fault: no type makes the op verify."""
    text = (
        "func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) {\n"
        '  %0 = "arith.addf"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n'
        "  return\n}\n"
    )
    data = json.loads(run("check", "--isolated", "--output-format", "json", "-", stdin=text).out)
    assert [(d["code"], d["fix"]) for d in data] == [("BC1150", None)]
    assert "help" not in run("check", "--isolated", "-", stdin=text).out


@pytest.mark.parametrize(
    ("steps", "operands", "result", "wanted"),
    [
        # InferTypeOpInterface: the first operand's type exactly, even where the second knows more
        (
            ("SameOperandsAndResultType", "Elementwise", "InferTypeOpInterface"),
            ["tensor<?xf32>", "tensor<8xf32>"],
            "tensor<3xf32>",
            "tensor<?xf32>",
        ),
        # the trait alone: any compatible type; the most static the operands give
        (("SameOperandsAndResultType",), ["tensor<?x2xf32>", "tensor<4x?xf32>"], "tensor<?x3xf32>", "tensor<4x2xf32>"),
        # the shape is fixed, the element type is not: the result keeps its own
        (("SameOperandsAndResultShape",), ["vector<4xf32>"], "vector<2xf16>", "vector<4xf16>"),
        (("SameOperandsAndResultShape",), ["vector<[4]xi32>"], "vector<4xi8>", "vector<[4]xi8>"),
        # the element type is fixed, the shape is not
        (("SameOperandsAndResultElementType",), ["tensor<4xf32>"], "tensor<2xf16>", "tensor<2xf32>"),
        # a result that knows a size its operands do not keeps it
        (("Elementwise",), ["tensor<?x3xf32>"], "tensor<5x?xi1>", "tensor<5x3xi1>"),
        (
            ("pred=result type has i1 element type and same shape as operands@o0,r0",),
            ["vector<4xf32>"],
            "vector<2xi1>",
            "vector<4xi1>",
        ),
        (
            ("pred=all of {true_value, false_value, result} have same type@o1,o2,r0",),
            ["i1", "tensor<2xf32>", "tensor<2xf32>"],
            "tensor<?xf32>",
            "tensor<2xf32>",
        ),
        # nothing shaped to take it from
        (("SameOperandsAndResultShape",), ["f32"], "tensor<2xf32>", None),
    ],
)
def test_the_type_each_trait_determines(
    steps: tuple[str, ...], operands: list[str], result: str, wanted: str | None
) -> None:
    from broadcheck.dialects.ods.traits import determined_result
    from broadcheck.syntax.parser import parse_type

    infers = "InferTypeOpInterface" in steps
    got = determined_result(steps, [parse_type(t) for t in operands], parse_type(result), infers)
    assert (None if got is None else str(got)) == wanted
