"""The engine's per-statement path counts its work, not its time: what is asked once per key
(a verdict under the module's aliases, a region's head) is asked once, and what a module's end
forgets is forgotten (issue 31)."""

from __future__ import annotations

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.engine.verify import Checks

GENERIC = """\
#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
{body}  return %a : tensor<4xf32>
}
"""
ONE = """\
  %{n} = linalg.generic {{indexing_maps = [#map, #map], iterator_types = ["parallel"]}} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %s{n} = arith.addf %in, %out : f32
    linalg.yield %s{n} : f32
  }} -> tensor<4xf32>
"""


@pytest.fixture
def verdicts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The op name of every verdict the checks are asked for."""
    asked: list[str] = []
    real = Checks.verdict

    def counted(self, form, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(form.name)
        return real(self, form, *args, **kwargs)

    monkeypatch.setattr(Checks, "verdict", counted)
    return asked


def test_a_region_op_naming_aliases_is_verified_once_per_key(verdicts: list[str]) -> None:
    text = GENERIC.replace("{body}", "".join(ONE.format(n=n) for n in range(20)))
    result = check_text("t.mlir", text, Options())
    assert result.diagnostics == []
    assert verdicts.count("linalg.generic") == 1


def test_a_new_alias_or_module_asks_again(verdicts: list[str]) -> None:
    """The verdict under ``#map`` holds until the aliases change: a second chunk whose ``#map``
    says something else is judged afresh, and its problem found."""
    good = GENERIC.replace("{body}", ONE.format(n=0))
    bad = good.replace("(d0) -> (d0)>", "(d0) -> (d0, d0)>", 1)
    result = check_text("t.mlir", f"{good}// -----\n{bad}// -----\n{good}", Options(split_marker="// -----"))
    assert verdicts.count("linalg.generic") == 3
    assert [d.line for d in result.diagnostics] == [13]
