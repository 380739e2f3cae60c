"""A collective's mesh symbol (issue 29, hlo): a symbol other ops define counts as found.

iree 3.13 has no ``sdy`` dialect, so these cases are not in the fixture that iree-opt passes
(tests/fixtures/stablehlo_mesh.mlir); ``lookupNearestSymbolFrom`` finds any symbol, so an
``sdy.mesh`` in either form defines the mesh, and only a name nothing defines is reported.
"""

from __future__ import annotations

import pytest

from broadcheck.api import check_text

GATHER = (
    '%r = "stablehlo.all_gather"(%x) {{all_gather_dim = 1 : i64, replica_groups = '
    '#stablehlo.replica_group_mesh_axes<mesh = @{mesh}, axes = [#stablehlo.axis_ref<name = "x">]>}} '
    ": (tensor<4x2xf32>) -> tensor<4x4xf32>"
)


def _module(definition: str, mesh: str) -> str:
    line = GATHER.format(mesh=mesh)
    return f"{definition}\nfunc.func @f(%x: tensor<4x2xf32>) -> tensor<4x4xf32> {{\n  {line}\n  return %r : tensor<4x4xf32>\n}}\n"


@pytest.mark.parametrize(
    ("definition", "mesh", "codes"),
    [
        ('sdy.mesh @grid = <["x"=2]>', "grid", []),
        ('"sdy.mesh"() <{sym_name = "grid", mesh = #sdy.mesh<["x"=2]>}> : () -> ()', "grid", []),
        ('sdy.mesh @grid = <["x"=2]>', "other", ["BC1477"]),
        ("func.func private @grid()", "grid", []),
        ("", "grid", ["BC1477"]),
    ],
)
def test_a_mesh_is_any_symbol(definition: str, mesh: str, codes: list[str]) -> None:
    found = [d.code for d in check_text(_module(definition, mesh), path="m.mlir") if d.severity == "error"]
    assert found == codes
