"""Probe: MLIR's ``block with no terminator, has <op>`` (``Verifier.cpp``), as iree-base-compiler 3.13
words it (llvm ``Linalg/invalid.mlir`` expects it, issue 29). Not implemented in broadcheck yet; these
cases pin down what an implementation must reproduce:

* where: at the last op of the block (its name), not at the op that holds the region;
* the op is printed in MLIR's generic form, its properties in ``<{...}>`` sorted by name, default
  values too (``fastmath = #arith.fastmath<none>``), enums as MLIR stores them (``arith.cmpf``'s
  ``predicate = 4 : i64``), floats as MLIR prints them (``1.000000e+00``);
* the values are numbered by ``AsmState`` from the function (the nearest op isolated from above):
  all the values of one region first (entry block arguments ``%argN``; op results, one number per op
  (``%0#1``), and later blocks' arguments ``%N``, in order), the values defined *after* the op too,
  then the nested regions from a stack (the last op's regions first, a region's own nested regions
  before its earlier siblings), the counters never going back: sibling regions do not start over
  (``siblings``: the later body is numbered first, so the earlier one's ``%o`` is ``%arg3``);
* the verifier stops at the first body it rejects in a function.

So the message can be made only once the whole function is read (``broadcheck.engine.generic_print``;
code BC1813).
"""

from __future__ import annotations

import pytest

from . import campaign
from .campaign import Case
from .common import verdict

pytestmark = pytest.mark.oracle

_GENERIC = """linalg.generic {{indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}}
      outs(%m : memref<?xf32>) {{
    ^bb(%o: f32):
{body}
  }}"""


def _generic(*body: str) -> str:
    return _GENERIC.format(body="\n".join(f"      {line}" for line in body))


CASES: list[tuple[str, str, tuple[int, int, str]]] = [
    (
        "upstream",  # Linalg/invalid.mlir:325
        f"""func.func @f(%m: memref<?xf32>) {{
  {_generic("%1 = arith.addf %o, %o : f32")}
  return
}}""",
        (
            5,
            12,
            'block with no terminator, has %0 = "arith.addf"(%arg1, %arg1) '
            "<{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32",
        ),
    ),
    (
        "values-after-count",
        f"""func.func @f(%m: memref<?xf32>, %x: i32) -> i32 {{
  %c = arith.constant 1 : i32
  %d = arith.addi %c, %x : i32
  {
            _generic(
                "%q = arith.constant 2.0 : f32",
                "%1 = arith.addf %o, %q fastmath<fast> : f32",
                "%2 = arith.mulf %1, %1 : f32",
            )
        }
  %e = arith.addi %d, %x : i32
  return %e : i32
}}""",
        (
            9,
            12,
            'block with no terminator, has %5 = "arith.mulf"(%4, %4) '
            "<{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32",
        ),
    ),
    (
        "non-default-property",
        f"""func.func @f(%m: memref<?xf32>, %x: f32) {{
  {_generic("%1 = arith.addf %o, %x fastmath<fast> : f32")}
  return
}}""",
        (
            5,
            12,
            'block with no terminator, has %0 = "arith.addf"(%arg2, %arg1) '
            "<{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32",
        ),
    ),
    (
        "enum-as-integer",
        f"""func.func @f(%m: memref<?xf32>, %x: f32) {{
  {_generic("%1 = arith.cmpf olt, %o, %x : f32")}
  return
}}""",
        (
            5,
            12,
            'block with no terminator, has %0 = "arith.cmpf"(%arg2, %arg1) '
            "<{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1",
        ),
    ),
    (
        "nested-and-later-blocks",
        f"""func.func @f(%m: memref<?xf32>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {{
    %v = memref.load %m[%i] : memref<?xf32>
    {_generic("%s = arith.subf %o, %v : f32")}
    %w = memref.load %m[%c0] : memref<?xf32>
  }}
  %z = arith.constant 3 : index
  cf.br ^bb1(%z : index)
^bb1(%q: index):
  %y = arith.addi %q, %q : index
  return
}}""",
        (
            9,
            12,
            'block with no terminator, has %7 = "arith.subf"(%arg3, %5) '
            "<{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32",
        ),
    ),
    (
        "result-group",
        f"""func.func @f(%m: memref<?xf32>, %x: i32) {{
  %a:2 = arith.addui_extended %x, %x : i32, i1
  {_generic("%s = arith.select %a#1, %o, %o : f32")}
  return
}}""",
        (6, 12, 'block with no terminator, has %1 = "arith.select"(%0#1, %arg2, %arg2) : (i1, f32, f32) -> f32'),
    ),
    (
        "siblings",
        f"""func.func @f(%m: memref<?xf32>, %x: f32) {{
  {_generic("%1 = arith.maximumf %x, %o fastmath<nnan> : f32")}
  {_generic("%1 = arith.addf %x, %o : f32")}
  return
}}""",
        (
            5,
            12,
            'block with no terminator, has %1 = "arith.maximumf"(%arg1, %arg3) '
            "<{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32",
        ),
    ),
]

IDS = [name for name, _, _ in CASES]


@pytest.mark.parametrize(("name", "text", "expected"), CASES, ids=IDS)
def test_tool_words_it_so(name: str, text: str, expected: tuple[int, int, str]) -> None:
    """iree-opt's first error for each case is the one the module docstring explains."""
    found = verdict(campaign.ctx_or_fail(), text)
    assert found[:1] == (expected,), (name, found)


@pytest.mark.parametrize(("name", "text", "expected"), CASES, ids=IDS)
def test_broadcheck_agrees(name: str, text: str, expected: tuple[int, int, str]) -> None:
    """broadcheck's first error is the tool's."""
    found = campaign.broadcheck_verdict(Case(0, "no-terminator", "linalg.generic", "custom", text))
    assert found == (expected,) or (isinstance(found, tuple) and found[:1] == (expected,)), (name, found)
