"""Oracle probe: every ``tf`` op counted "no shape rule" (``broadcheck/dialects/ods/tf_probed.json``)
is accepted by tensorflow-cpu 2.21 with unrelated types, as ``tests/oracle/ods_probe.py`` found.

Each op is written with operands and results of random, unrelated shapes (ranks 0-3), three times
for each of twelve element types (the attributes it requires from ``tf_attrs.json``): at least one
case must be accepted, and no case rejected by anything but its single-position type constraints
(``operand #0 must be tensor of ...``) or an attribute. ``BROADCHECK_SHAPELESS_OPS`` (comma-separated)
limits it to some ops; the tool runs through ``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from broadcheck.dialects import ods
from tests.oracle import ods_probe
from tests.oracle.test_ods_traits import tool_verdicts

pytestmark = pytest.mark.oracle


def test_no_shape_rule_ops_take_unrelated_types() -> None:
    confirmed = json.loads(ods_probe.OUT.read_text(encoding="utf-8"))["confirmed"]
    only = os.environ.get("BROADCHECK_SHAPELESS_OPS")
    names = frozenset(only.split(",") if only else confirmed)
    made = ods_probe.cases(only=names)
    found = [re.sub(r"^(\d+:\d+): ", r"-:\1: error: ", v) for v in tool_verdicts("tf", [t for _, t in made])]
    result = ods_probe.judge([n for n, _ in made], found)
    assert {n for n, _ in made} == names & {n for n in names if ods.declared_shapeless(n)}
    assert not result["related"], result["related"]
    assert not result["never-accepted"], result["never-accepted"]
    print(f"no shape rule: {len(made)} cases over {len(names)} ops, each accepted, none rejected for its types")
