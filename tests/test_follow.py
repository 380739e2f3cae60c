"""The stage that follows values by name (``engine/follow.py``) and the rules that read it
(``dialects/inner.py``): ``InParallelOp::verify``'s destinations, ``MaskOp::verify``'s yielded values."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.dialects.inner import destination_problem

FORALL = ("%i", "%o")  # an scf.forall's block: its induction variable, then its one output


@pytest.mark.parametrize(
    ("operands", "parent", "holder", "arguments", "results", "code"),
    [
        (["%s", "%o", "%i"], "scf.forall.in_parallel", "scf.forall", FORALL, 1, None),
        (["%s", "%out", "%i"], "scf.forall.in_parallel", "scf.forall", FORALL, 1, "BC1811"),
        (["%s", "%i", "%i"], "scf.forall.in_parallel", "scf.forall", FORALL, 1, "BC1811"),  # not an output
        (["%s", "%o", "%i"], "scf.forall.in_parallel", "scf.forall", FORALL, 0, "BC1811"),  # no outputs at all
        (["%s", "%o", "%i"], "scf.forall.in_parallel", "scf.forall", FORALL, -1, None),  # (generic: not known)
        (["%s", "%out", "%i"], "scf.forall.in_parallel", "scf.forall", FORALL, -1, "BC1811"),
        (["%s", "%out", "%i"], "scf.forall.in_parallel", "func.func", FORALL, 1, None),  # another rule's
        (["%s", "%out", "%i"], "scf.if", "scf.forall", FORALL, 1, None),
        (["%s"], "scf.forall.in_parallel", "scf.forall", FORALL, 1, None),  # not read
    ],
)
def test_destination_rule(
    operands: list[str], parent: str, holder: str, arguments: tuple[str, ...], results: int, code: str | None
) -> None:
    found = destination_problem("tensor.parallel_insert_slice", operands, parent, holder, arguments, results)
    assert found == code


MASK = """func.func @f(%t: tensor<?xf32>, %i: index, %m: vector<8xi1>, %e: vector<8xf32>) -> vector<8xf32> {{
  %p = arith.constant 0.0 : f32
  %0 = vector.mask %m {{
    %1 = vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32>
    vector.yield {yielded} : vector<8xf32>
  }} : vector<8xi1> -> vector<8xf32>
  return %0 : vector<8xf32>
}}
"""


@pytest.mark.parametrize(("yielded", "codes"), [("%1", []), ("%e", ["BC1812"])])
def test_mask_yields_its_ops_results(yielded: str, codes: list[str]) -> None:
    found = check_text(MASK.format(yielded=yielded), path="<mask>", profile="llvm")
    assert [d.code for d in found if d.severity == "error"] == codes
