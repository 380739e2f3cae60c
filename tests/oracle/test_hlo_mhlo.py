"""Differential test: the MHLO ops that share StableHLO's checks against jaxlib 0.10.2's MHLO (issue 29).

mlir-hlo's ``hlo_ops.cc`` verifies ``while``, ``case``, ``if``, ``reduce_window``, ``sort``, ``map``,
``dot_general``, ``reduce``, ``gather`` and ``scatter`` with the ``hlo::verify*``/``hlo::infer*``
functions of StableHLO's ``TypeInference.cpp``, in the same words; broadcheck declares them from
StableHLO's declarations (``dialects/stablehlo/__init__.py``). Two families, each at least 2,000
cases (``BROADCHECK_MHLO_CASES``, default 3000; ``BROADCHECK_HLO_SEED``):

* ``regions``: the region cases of ``test_regions.py`` (``while`` in both forms, ``case``, ``if``,
  ``reduce_window``, ``sort``, ``map``: block arguments, what the bodies return, window attributes,
  results) rewritten into MHLO (op names, ``mhlo.return``, ``dense<[...]> : tensor<Nxi64>`` for
  ``array<i64: ...>``);
* ``structural``: the StableHLO campaigns' ``dot_general``, ``reduce``, ``gather`` and ``scatter``
  cases in their generic form, rewritten the same way (``test_mhlo_structural.to_mhlo``).

Compared: the first error's message and line (MHLO's ODS type and attribute constraints, worded
apart from StableHLO's, are passed over and must give nothing, as in test_mhlo_structural.py).
"""

from __future__ import annotations

import random
import re

import pytest

from . import test_regions as regions
from . import test_stablehlo_contract_reduce as contract
from . import test_stablehlo_gather as gather
from . import test_stablehlo_scatter as scatter
from .hlo_campaign import Case, Draw, run
from .test_mhlo_structural import COUNT, KINDS, MODELLED, SEED, family, to_mhlo, verdicts

pytestmark = pytest.mark.oracle

_ARRAY = re.compile(r"array<i64(?::\s*([^>]*))?>")
# What MHLO's own ODS words apart from StableHLO's (its type and attribute constraints, its
# properties): broadcheck passes such ops over. Narrower than test_mhlo_structural's pattern,
# which also blanks the shared verifiers' own "must be" sentences (scatter's update rank, sort's
# dimension, map's computation arguments).
APART = re.compile(r"#\d+ must be |failed to satisfy constraint|invalid properties|has no custom assembly")


def compare(title: str, cases: list[Case]) -> None:
    """jaxlib's first error on each case against broadcheck's; MHLO's own wordings must give nothing."""
    expected = verdicts(cases)
    apart = [i for i, v in enumerate(expected) if APART.search(v) and not MODELLED.search(v)]
    for i in apart:
        expected[i] = "ok"
    kinds = [("worded apart (passed over)", APART.pattern), *KINDS[1:]]
    run(title, cases, expected, kinds, ["inferred", "shape rules"])
    print(f"{title}: {len(apart)} cases MHLO words apart (passed over, as required)")


def _dense(m: re.Match[str]) -> str:
    items = [x.strip() for x in (m.group(1) or "").split(",") if x.strip()]
    return f"dense<[{', '.join(items)}]> : tensor<{len(items)}xi64>" if items else "dense<> : tensor<0xi64>"


def region_cases(count: int, seed: int) -> list[Case]:
    """``count`` region cases of test_regions.py in MHLO's words (custom ``while`` included)."""
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        made = regions._hlo(rng, i)
        text = _ARRAY.sub(_dense, made.text).replace("stablehlo.", "mhlo.").replace("#stablehlo<", "#mhlo<")
        cases.append(Case(i, made.op.replace("stablehlo.", "mhlo."), text))
    return cases


def test_mhlo_regions() -> None:
    """MHLO's while (both forms), case, if, reduce_window, sort and map, against jaxlib."""
    cases = region_cases(COUNT, SEED + 40)
    assert len(cases) >= 2000
    compare("MHLO regions", cases)


def test_mhlo_contract_gather_scatter_reduce() -> None:
    """MHLO's dot_general, reduce, gather and scatter (generic forms), against jaxlib."""
    makers = [contract.dot_general_case, contract.reduce_case, gather.gather_case, scatter.scatter_case]
    cases = family(makers, SEED + 50)
    assert len(cases) >= 2000
    assert {c.op for c in cases} >= {"mhlo.dot_general", "mhlo.reduce", "mhlo.gather", "mhlo.scatter"}
    compare("MHLO dot_general, reduce, gather, scatter", cases)


__all__ = ["region_cases", "to_mhlo"]


_CUSTOM_DOT = re.compile(r"stablehlo\.dot %a0, %a1(?:, precision = \[([A-Z, ]*)\])? : ")


def _generic_dot_case(draw: Draw, index: int) -> Case:
    """StableHLO's dot case (its custom form) in the generic form MHLO shares."""
    made = contract.dot_case(draw, index)

    def generic(m: re.Match[str]) -> str:
        config = ""
        if m.group(1):
            items = ", ".join(f"#stablehlo<precision {p.strip()}>" for p in m.group(1).split(","))
            config = f" {{precision_config = [{items}]}}"
        return f'"stablehlo.dot"(%a0, %a1){config} : '

    return Case(made.index, made.op, _CUSTOM_DOT.sub(generic, made.text))


def test_mhlo_dot() -> None:
    """MHLO's dot (generic form), against jaxlib: ``DotOp::verify`` is StableHLO's ``hlo::verifyDotOp``."""
    cases = family([_generic_dot_case], SEED + 60)
    assert len(cases) >= 2000
    assert {c.op for c in cases} == {"mhlo.dot"}
    compare("MHLO dot", cases)
