"""Differential test: StableHLO's collectives whose ``replica_groups`` are mesh axes
(``#stablehlo.replica_group_mesh_axes<mesh = @m, axes = [...]>``) against iree-base-compiler 3.13
(issue 29: ops_stablehlo.mlir's ``all_gather_with_mesh_axes_replica_group`` was passed over).

The cases of test_hlo_collectives.py (all_reduce, reduce_scatter, all_gather, all_to_all,
collective_broadcast; collective_permute has no groups and is left out) with their dense groups
replaced by mesh axes (integers or ``#stablehlo.axis_ref``): the verifiers then check no group, the rest as before; the mesh is a
function of the module, or now and then no symbol at all (``verifySymbolUses``, once the module
verified). Compared: the first error's message and line. ``BROADCHECK_MESH_CASES`` (default 2000),
``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os
import re

import pytest

from .hlo_campaign import Case, Draw, oracle, run
from .test_hlo_collectives import (
    KINDS,
    all_gather_case,
    all_reduce_case,
    all_to_all_case,
    collective_broadcast_case,
    reduce_scatter_case,
)

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_MESH_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))

_GROUPS = re.compile(r"replica_groups = dense<[^>]*> : tensor<[^>]*>")
MAKERS = [all_reduce_case, reduce_scatter_case, all_gather_case, all_to_all_case, collective_broadcast_case]


def mesh_case(draw: Draw, index: int) -> Case:
    made = MAKERS[index % len(MAKERS)](draw, index)
    if draw.chance(0.3):
        axes = ", ".join(f'#stablehlo.axis_ref<name = "{draw.pick(["x", "y"])}">' for _ in range(draw.int(1, 2)))
    else:
        axes = ", ".join(f"{draw.int(0, 2)} : i64" for _ in range(draw.int(0, 2)))
    name = draw.pick(["mesh", "mesh", "grid"])
    text = _GROUPS.sub(
        f"replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @{name}, axes = [{axes}]>", made.text
    )
    assert text != made.text, made.text
    if not draw.chance(0.1):
        text += f"func.func private @{name}()\n"
    return Case(made.index, made.op, text)


def test_mesh_axes_against_iree() -> None:
    draw = Draw(SEED + 1845)
    cases = [mesh_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    kinds = [("mesh", r"mesh symbol"), *KINDS]
    run("stablehlo collectives with mesh axes", cases, oracle(cases), kinds, ["mesh", "inferred", "shape rules"])
