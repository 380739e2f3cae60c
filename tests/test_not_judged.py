"""A check that cannot judge an op returns :data:`broadcheck.semantics.NOT_JUDGED`: the op is counted
as passed over ("not judged"), not as checked, and nothing is reported (issue 29: "checked" overstated)."""

from __future__ import annotations

from broadcheck.engine.options import Options
from broadcheck.optable import OpTable
from broadcheck.report import coverage, skipped, summary
from broadcheck.runner import check_source
from broadcheck.semantics import NOT_JUDGED_REASON, Profile

TEXT = """\
func.func @f(%a: tensor<2xf32>, %x: tensor<2x!my.alias>, %y: tensor<3x!my.alias>, %q: tensor<2x!quant.uniform<i8:f32, 0.5>>, %s: tensor<1xindex>) {
  %0 = "stablehlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "stablehlo.add"(%x, %y) : (tensor<2x!my.alias>, tensor<3x!my.alias>) -> tensor<2x!my.alias>
  %2 = "mhlo.dynamic_broadcast_in_dim"(%q, %s) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<1xindex>) -> tensor<2x!quant.uniform<i8:f32:0, {0.5,0.5}>>
  return
}
"""


def _check(text: str, verify: bool = False):  # type: ignore[no-untyped-def]
    options = Options(Profile("llvm"), OpTable(()), verify_diagnostics=verify)
    return check_source("<case>", text, options)


def test_an_op_its_check_cannot_judge_is_passed_over_not_checked() -> None:
    """The two ops the checks cannot judge are passed over, the plain add checked; no diagnostic."""
    result = _check(TEXT)
    assert result.diagnostics == []
    assert result.passed_over == {
        ("mhlo.dynamic_broadcast_in_dim", NOT_JUDGED_REASON): 1,
        ("stablehlo.add", NOT_JUDGED_REASON): 1,
    }
    assert result.ops_checked == 1  # the plain add
    assert "2 op statements passed over (2 not judged)" in summary([result])
    assert "mhlo.dynamic_broadcast_in_dim" in skipped([result]) and NOT_JUDGED_REASON in skipped([result])
    data = coverage([result])
    assert data["ops_checked"] == 1
    assert {"op": "stablehlo.add", "reason": NOT_JUDGED_REASON, "count": 1} in data["passed_over"]  # type: ignore[operator]


def test_an_expected_error_on_an_op_not_judged_is_still_held() -> None:
    """Under --verify-diagnostics an annotation on such an op is held as before (nothing unmet is hidden)."""
    text = TEXT.replace("  %1 =", "  // expected-error @+1 {{some error}}\n  %1 =")
    result = _check(text, verify=True)
    assert [d.code for d in result.diagnostics] == ["BC901"]
    assert result.annotations_not_held == 0
