"""Differential campaign: ``broadcheck refine`` on Linalg/Tensor functions against their static
twins and iree-opt 3.13 (issue 32): ``linalg.matmul``/``linalg.transpose`` into init arguments,
``tensor.concat``, ``tensor.collapse_shape``, ``tensor.extract_slice``, ``tensor.cast``
(``bench/refine_static.py``); the comparison is ``test_refine_tosa.campaign``'s.
"""

from __future__ import annotations

import pytest

from tests.oracle.test_refine_tosa import campaign

pytestmark = pytest.mark.oracle


def test_generated_linalg_functions() -> None:
    """Linalg/Tensor: broadcheck's refined output is the static twin and verifies."""
    count, types, problems = campaign("linalg")
    print(f"\nrefine Linalg/Tensor campaign: {count} functions, {types} types compared, {len(problems)} differences")
    assert not problems, "\n".join(problems[:30])
