"""Refine's own work on a long export (issue 32: refine no slower than check by more than 1.5x),
counted, never timed (the fifteenth stop, ``docs/refine.md``).

* A row of the scanner's one-line statements that holds a call (a JAX export's layers call their
  private helpers) is kept as the scanner's batch (:class:`.refine_read.Row`) like any other row:
  the reader makes only its calls' statements (for :func:`.refine_read.dimension_sources`), and
  refine's pass only those of the runs it takes one by one, not the whole row.
* A statement's trailing location (a 2 MB header's: none) is found by one search in C, not by a
  match tried at each ``loc`` of it.
* The check of the refined text does not scan again the location aliases a JAX export starts with
  (17,297 lines at 480 layers), which refine's reading scanned.

Each test fails on ``e3e3edd``; the outcome is held equal by ``test_refine*.py``, the golden refine
fixtures and the comparisons of the fifteenth stop.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from broadcheck.engine import refine_read, run
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_run import refine_text
from broadcheck.syntax import lines
from tests.test_refine_pass import run_request
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


def _strip_location_one_by_one(text: str) -> str:
    """``strip_location`` as ``e3e3edd`` wrote it: ``TRAILING_LOC`` tried at each ``loc`` from the left."""
    from broadcheck.syntax.lines import TRAILING_LOC

    at = text.find("loc")
    while at >= 0:
        start = at
        while start and text[start - 1] in " \t":
            start -= 1
        if TRAILING_LOC.match(text, start) is not None:
            return text[:start]
        at = text.find("loc", at + 1)
    return text


def test_a_trailing_location_is_found_by_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A header of 2,000 arguments, each with its location, and no trailing one (as ``jax.export``
    prints ``@main``: 17k of them at 480 layers): :func:`.refine_read.strip_location` finds that
    none trails by one search, not ``TRAILING_LOC`` tried in Python at each ``loc`` (2,000 times on
    ``e3e3edd``); the same text cut where that would cut it, on every kind of location."""
    arguments = ", ".join(f'%arg{i}: tensor<?x16xf32> loc("x{i}")' for i in range(2000))
    header = f"func.func public @main({arguments}) -> (tensor<?x16xf32>)"
    tried = {"match": 0}

    class Counted:
        def match(self, *args: object) -> object:
            tried["match"] += 1
            return lines.TRAILING_LOC.match(*args)

    monkeypatch.setattr(refine_read, "TRAILING_LOC", Counted(), raising=False)
    assert refine_read.strip_location(header) == header
    assert tried["match"] == 0
    monkeypatch.undo()
    texts = [
        header,
        header + " loc(#loc3)",
        '%0 = stablehlo.add %a, %b : tensor<f32> loc(fused[loc("a"), loc("b")])  ',
        '%1 = call @f(%0) : (f32) -> f32 loc(callsite(loc("a") at loc("b")))\r',
        '%2 = "x.y"() {s = "loc(1)"} : () -> () loc("n"(#loc2))',
        "%3 = x.alloc(%0) : f32",
        "%4 = x.y %0 : f32 loc(#loc) // note",
        "%5 = x.y %0 loc(((((deep))))) ",
        "loc loc\tloc (#loc9)",
    ]
    for text in texts:
        assert refine_read.strip_location(text) == _strip_location_one_by_one(text), text[-60:]


FIXTURES = Path(__file__).parent / "fixtures" / "refine"

ALIASES = [f"#loc_p{i} = loc(\"params['layers'][{i}]['b']\")" for i in range(1000)]
"""A thousand location aliases, as ``jax.export`` starts a module with them."""


def _with_aliases(path: Path) -> tuple[str, Request]:
    """The refine fixture ``path`` without its comments, after :data:`ALIASES`, a nested location
    (the scanner reads it as an alias) and more aliases; the request of its ``// RUN:`` line."""
    text = path.read_text()
    lines = text.splitlines()
    request = run_request(text)
    body = [x for x in lines if not x.startswith("//")]
    nested = ['#loc_q0 = loc("scatter-add:"(#loc_p5))', "#loc_q1 = loc(unknown)"]
    return "\n".join([*ALIASES, *nested, *body]) + "\n", request


@pytest.mark.parametrize("name", ["jax_lstm_dyn", "assertion_fails", "reshape_breaks", "callee_clone"])
def test_the_location_aliases_a_text_starts_with_are_not_scanned_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refine's check of the refined text passes the location aliases the text starts with by
    (1,000 lines here: scanned again on ``e3e3edd``), and its outcome is the whole check's (the
    refined text, the diagnostics, the ops checked; a clone's text after the last function makes
    the whole check run anyway)."""
    from broadcheck.engine import refine_replay

    text, request = _with_aliases(FIXTURES / f"{name}.mlir")
    replays: list[refine_replay.Replay] = []
    init = refine_replay.Replay.__init__

    def noted(self: refine_replay.Replay, *args: object) -> None:
        init(self, *args)  # type: ignore[arg-type]
        replays.append(self)

    with monkeypatch.context() as patched:
        patched.setattr(refine_replay.Replay, "__init__", noted)
        replayed = refine_text("aliased.mlir", text, request, Options())
    with monkeypatch.context() as patched:
        patched.setattr(Refiner, "unchanged", lambda self, edits: None)
        whole = refine_text("aliased.mlir", text, request, Options())
    assert (replayed[0], [repr(d) for d in replayed[1]], replayed[2]) == (
        whole[0],
        [repr(d) for d in whole[1]],
        whole[2],
    )
    if name != "callee_clone":
        (replay,) = replays
        assert replay.scanned <= len(text.splitlines()) - len(ALIASES)
        assert replay.passed == len(ALIASES)  # (the nested one and those after it: scanned)


def _jax_module(calls: int) -> str:
    """A JAX export's shape: ``@main`` passes the batch's size to its callee, whose helper calls each
    take it too (``jax.global_constant = "b"`` on every private function's first argument)."""
    t = ACT
    lines = [
        f"func.func public @main(%arg0: {t}) -> {t} {{",
        f"  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : ({t}) -> tensor<i32>",
        f"  %1 = call @_wrapped(%0, %arg0) : (tensor<i32>, {t}) -> {t}",
        f"  return %1 : {t}",
        "}",
        f'func.func private @_wrapped(%arg0: tensor<i32> {{jax.global_constant = "b"}}, %arg1: {t}) -> {t} {{',
    ]
    x = "%arg1"
    for i in range(calls):
        lines.append(f"  %{i} = call @relu(%arg0, {x}) : (tensor<i32>, {t}) -> {t}")
        x = f"%{i}"
    lines += [f"  return {x} : {t}", "}"]
    lines += [
        f'func.func private @relu(%arg0: tensor<i32> {{jax.global_constant = "b"}}, %arg1: {t}) -> {t} {{',
        f"  %0 = stablehlo.tanh %arg1 : {t}",
        f"  return %0 : {t}",
        "}",
    ]
    return "\n".join(lines) + "\n"


def test_dimension_sources_reads_no_call_before_a_dimension_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`.refine_read.dimension_sources` reads a call only after a ``get_dimension_size`` of an
    argument of its function (none of its operands can be one before): the callee's 500 calls of
    a helper that takes the dimension variable are not read (all on ``e3e3edd``), and the sources
    found, and the refinement, are the same."""
    text = _jax_module(500)
    functions, reader = refine_read.read_functions(text)
    read = {"statements": 0}
    reading = refine_read.read_as_named

    def counted(statement_text: str) -> object:
        read["statements"] += 1
        return reading(statement_text)

    monkeypatch.setattr(refine_read, "read_as_named", counted)
    assert refine_read.dimension_sources("b", functions, reader.noted) == [("main", 0, 0)]
    assert read["statements"] <= 3  # @main's get_dimension_size and call (e3e3edd: 502)
    monkeypatch.undo()
    after, diagnostics, _ = refine_text("jax.mlir", text, Request(dims={"b": 8}), Options())
    assert not diagnostics, diagnostics
    assert after == text.replace(ACT, "tensor<8x16xf32>")
