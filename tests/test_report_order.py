"""The default report lists errors in the order MLIR's verifier meets them (issue 29, the JAX
campaign's "found later"): a region op's inferred types after the errors of the ops in its
regions, a call's symbol check after every op of its module, so that the report's first error is
the one the real tool stops at. A file with no such case keeps position order.

Each case records iree-opt 3.13's first error (line, message; ``tests/oracle/test_stablehlo_report_order.py``
holds them to the tool) and broadcheck's whole report, in order, as (line, code)."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text

CASE = """\
func.func @case_nested_first(%i: tensor<i32>, %x: tensor<8x24xf32>) -> tensor<8x24xf16> {
  %0 = "stablehlo.case"(%i) ({
    %1 = stablehlo.negate %x : tensor<8x24xf32>
    %2 = stablehlo.convert %1 : (tensor<8x24xf32>) -> tensor<8xf16>
    stablehlo.return %2 : tensor<8xf16>
  }, {
    %1 = stablehlo.convert %x : (tensor<8x24xf32>) -> tensor<8x24xf16>
    stablehlo.return %1 : tensor<8x24xf16>
  }) : (tensor<i32>) -> tensor<8x24xf16>
  return %0 : tensor<8x24xf16>
}
"""

CALL = """\
func.func @main(%a: tensor<4xf32>) -> tensor<4xi32> {
  %0 = func.call @take(%a) : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func private @take(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %a : (tensor<4xf32>) -> tensor<4xi32>
  %1 = stablehlo.convert %0 : (tensor<4xi32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
"""

NESTED = """\
module {
  func.func private @f(tensor<2xf32>) -> tensor<2xf32>
  func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
    %0 = func.call @f(%a) : (tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
  module @inner {
    func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = func.call @g(%a) : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }
  }
  func.func @after(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.abs %a : (tensor<2xf32>) -> tensor<3xf32>
    return %a : tensor<2xf32>
  }
}
"""

PLAIN = """\
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %a : (tensor<4xf32>) -> tensor<5xf32>
  %1 = func.call @g(%a) : (tensor<4xf32>) -> tensor<5xf32>
  %2 = stablehlo.negate %a : (tensor<4xf32>) -> tensor<4xi32>
  return %a : tensor<4xf32>
}
"""

ABS_INFERRED = (
    "'stablehlo.abs' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation "
    "'tensor<4xi32>'"
)

CASES: tuple[tuple[str, str, tuple[int, str], tuple[tuple[int, str], ...]], ...] = (
    (
        "a case branch's op before the case's branch types",
        CASE,
        (4, "'stablehlo.convert' op requires the same shape for all operands and results"),
        ((4, "BC518"), (2, "BC1110")),
    ),
    (
        "a callee's op before the call's symbol check",
        CALL,
        (6, ABS_INFERRED),
        ((6, "BC521"), (2, "BC027")),
    ),
    (
        "a nested module's symbols before its parent's later ops, the parent's symbols last",
        NESTED,
        (9, "'func.call' op 'g' does not reference a valid function"),
        ((9, "BC024"), (14, "BC520"), (4, "BC026")),
    ),
    (
        "a call's symbol check after its module's later ops",
        PLAIN,
        (5, "'stablehlo.abs' op all non-scalar operands/results must have the same shape and base type"),
        ((5, "BC520"), (7, "BC517"), (6, "BC027")),
    ),
    (
        "no error after a call's symbol error: position order",
        PLAIN.replace("tensor<4xi32>", "tensor<4xf32>"),
        (5, "'stablehlo.abs' op all non-scalar operands/results must have the same shape and base type"),
        ((5, "BC520"), (6, "BC027")),
    ),
)
"""name, text, iree-opt's first error (by position), broadcheck's report (line, code) in order."""


@pytest.mark.parametrize(("name", "text", "tool", "report"), CASES, ids=[c[0] for c in CASES])
def test_the_report_follows_mlirs_walk(
    name: str, text: str, tool: tuple[int, str], report: tuple[tuple[int, str], ...]
) -> None:
    """broadcheck's errors come in the recorded order, and the first is the tool's."""
    errors = [d for d in check_text(text, path="<case>", profile="llvm") if d.severity == "error"]
    assert tuple((d.line, d.code) for d in errors) == report
    assert (errors[0].line, errors[0].message) == tool
