"""Refine's own work on a long export (issue 32: refine no slower than check by more than 1.5x),
counted, never timed (the fifteenth stop, ``docs/refine.md``).

* A row of the scanner's one-line statements that holds a call (a JAX export's layers call their
  private helpers) is kept as the scanner's batch (:class:`.refine_read.Row`) like any other row:
  the reader makes only its calls' statements (for :func:`.refine_read.dimension_sources`), and
  refine's pass only those of the runs it takes one by one, not the whole row.

Each test fails on ``e3e3edd``; the outcome is held equal by ``test_refine*.py``, the golden refine
fixtures and the comparisons of the fifteenth stop.
"""

from __future__ import annotations

import gc

from broadcheck.engine import refine_read, run
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_run import refine_text
from tests.test_refine_work import ACT, Layers


class CallingLayers(Layers):
    """:class:`.test_refine_work.Layers` whose every third layer also calls a private function on
    its activations, as a JAX export's layers call ``@relu`` or ``@_where``."""

    def layer(self, x: str, w: str) -> tuple[str, str]:
        y, u = super().layer(x, w)
        self.layers = getattr(self, "layers", 0) + 1
        if self.layers % 3:
            return y, u
        c = self.name()
        self.lines.append(f"  {c} = call @act({y}) : ({ACT}) -> {ACT} loc(#loc{self.count + 5})")
        return c, u

    def text(self, x: str, w: str) -> str:
        callee = [
            f"func.func private @act(%arg0: {ACT}) -> {ACT} {{",
            f"  %0 = stablehlo.tanh %arg0 : {ACT}",
            f"  return %0 : {ACT}",
            "}",
        ]
        return super().text(x, w) + "\n".join(callee) + "\n"


def calling_layers(n: int) -> str:
    function = CallingLayers()
    x, w = "%arg0", "%arg1"
    for _ in range(n):
        x, w = function.layer(x, w)
    return function.text(x, w)


REQUEST = Request({("main", 0): "tensor<8x16xf32>"})


def test_a_row_with_a_call_is_not_made_statements_whole() -> None:
    """2,000 layers of 5 statements, a call every third (a row's shape repeats every 16
    statements): the scanner's rows (256 statements) each hold calls, so on ``e3e3edd`` the reader
    made every statement of them (10,667); now the calls (666: :func:`.refine_read.dimension_sources`
    may read them) and the runs refine's pass takes one by one (the calls, the first row's spans),
    the spans between the calls re-typed from their templates unmade."""
    text = calling_layers(2000)
    refiner = Refiner(Options(), "calls.mlir")
    refined = refiner.refine(text, REQUEST)
    assert len(refined.edits) > 9000 and refiner.repeated + refiner.skipped > 10000
    made = sum(type(o) is refine_read.Lazy for o in gc.get_objects())
    assert 666 <= made < 2000
    del refiner, refined


def test_a_row_with_a_call_refines_as_it_did() -> None:
    """The refined text and the diagnostics are those of the statements taken one by one (the
    layers and their calls at batch 8, the callee once, no diagnostic), its check replayed."""
    text = calling_layers(600)
    after, diagnostics, checked = refine_text("calls.mlir", text, REQUEST, Options())
    assert not diagnostics, diagnostics
    assert after == text.replace(ACT, "tensor<8x16xf32>")
    whole = run.check_text("calls.mlir", after, Options())
    assert whole.ops_checked == checked and not whole.diagnostics  # the same check as of the text whole
