"""Where an op stands (``engine/structure.py``; ``tests/fixtures/structure.mlir`` holds what is
reported, each annotation iree-opt 3.13's). Here: the terminators are the ODS tables' own, and the
places where MLIR's parser says something broadcheck does not word stay silent rather than wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.engine.structure import TERMINATORS

ODS = Path(__file__).resolve().parent.parent / "broadcheck" / "dialects" / "ods"


def test_the_terminators_are_the_ods_tables_ones() -> None:
    recorded = set()
    for table in ODS.glob("*.json"):
        ops = json.loads(table.read_text()).get("ops", {})
        recorded |= {name for name, traits in ops.items() if "IsTerminator" in traits}
    assert recorded, "no IsTerminator in the ODS tables"
    assert TERMINATORS - recorded == {"tosa.yield"}  # (TOSA is not read from ODS tables)
    assert recorded <= TERMINATORS


SILENT = {
    # iree-opt 3.13: 3:5 "Dialect `' not found for custom op 'return'  (tried '.return' as well)"
    "a bare return in scf.if": "func.func @f(%c: i1) {\n  scf.if %c {\n    return\n  }\n  return\n}\n",
    # iree-opt 3.13: nothing (an unregistered op is no terminator it knows)
    "an op after an unregistered one": (
        'func.func @f() {\n  "test.r"() ({\n    "test.end"() : () -> ()\n'
        '    %0 = "test.x"() : () -> i32\n  }) : () -> ()\n  return\n}\n'
    ),
}


@pytest.mark.parametrize("name", list(SILENT))
def test_what_is_not_worded_here_is_not_reported(name: str) -> None:
    found = check_text("t.mlir", SILENT[name], Options()).diagnostics
    assert [d.code for d in found if d.code in ("BC030", "BC035", "BC1620")] == []
