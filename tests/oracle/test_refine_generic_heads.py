"""``broadcheck refine`` on a JAX export in MLIR's generic form whose ``func.func`` heads are broken
over lines (``tests/test_refine_generic_heads.py``'s ``broken``): at b = 1 and 8 it must say
nothing, and iree-opt 3.13 must verify it and print it (``--mlir-print-op-generic``) as the same
text as the custom-form twin refined (``bench/.data/exports-jax/mlp-dyn.export.mlir``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.oracle.test_refine_generic_jax import EXPORTS, IREE_OPT, _printed, _refined
from tests.test_refine_generic_heads import broken

pytestmark = pytest.mark.oracle


@pytest.mark.parametrize("batch", [1, 8])
def test_a_broken_head_export_refines_as_its_custom_twin(batch: int, tmp_path: Path) -> None:
    if shutil.which(IREE_OPT) is None and not Path(IREE_OPT).exists():
        pytest.fail("needs iree-opt (BROADCHECK_IREE_OPT): run `make oracle`", pytrace=False)
    generic = EXPORTS / "mlp-dyn.export.generic.mlir"
    custom = EXPORTS / "mlp-dyn.export.mlir"
    assert generic.exists() and custom.exists(), "needs the JAX exports: `make exports`"
    path = tmp_path / "mlp-broken.mlir"
    path.write_text(broken(generic.read_text()))
    assert path.read_text().count(",\n      sym_name = ") == 4
    ours = _refined(path, {"b": batch})
    assert _printed(ours) == _printed(_refined(custom, {"b": batch}))
