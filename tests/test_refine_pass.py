"""Refine's pass, step by step (issue 32: refine no slower than check by more than 1.5x): how many
Python calls it makes per re-typed statement, how many edits per span, what a region op walks,
how many calls a long header's reading takes. Counted, never timed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from types import FrameType

from broadcheck.engine import refine_header, refine_read, refine_rows
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from tests.test_refine_work import layers


def _python_calls(action: Callable[[], object]) -> int:
    """How many Python functions ``action`` calls (the profiler's ``call`` events: no builtin)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return count


def _pass(n: int) -> tuple[int, Refiner]:
    """The Python calls of refine's pass over :func:`.test_refine_work.layers` of ``n`` layers (the
    text read beforehand: its reading is not counted), and the refiner."""
    text = layers(n)
    read = refine_read.read_functions(text, {})
    refiner = Refiner(Options(), "layers.mlir")
    original = refine_read.read_functions

    def read_again(text: str, forms: object = None) -> object:
        return read

    from broadcheck.engine import refine

    refine.read_functions = read_again  # type: ignore[assignment]
    try:
        calls = _python_calls(lambda: refiner.refine(text, Request({("main", 0): "tensor<8x16xf32>"})))
    finally:
        refine.read_functions = original
    return calls, refiner


def test_a_row_is_retyped_without_a_call_per_statement() -> None:
    """A row of the reader's one-line statements is re-typed from the statements' memos inline:
    30 more layers (90 more re-typed statements, 60 more passed by) make no more calls than a few
    per row, not one or more per statement (on ``07f1a89``: ``Refiner._repeat`` for each, 210 more
    calls; here none more)."""
    _pass(10)  # (what a first run does once: patterns compiled, forms read)
    small, small_refiner = _pass(10)
    large, large_refiner = _pass(40)
    assert large_refiner.repeated - small_refiner.repeated == 30 * 3
    assert large_refiner.skipped - small_refiner.skipped == 30 * 2
    assert large - small < 30


def test_a_span_is_written_once() -> None:
    """An op whose one written type is its operand's and its result's (``stablehlo.tanh %h :
    T``) writes that span once, in its memo and in the edits made (on ``07f1a89``, twice each:
    46,604 of 209,072 edits at 480 layers)."""
    _, refiner = _pass(10)
    assert refiner._memo
    for edits, _, _ in refiner._memo.values():
        assert len({(start, end) for start, end, _ in edits}) == len(edits)
    spans = [(start, end) for start, end, _ in refiner.edits]
    assert len(set(spans)) == len(spans)


class _Known(dict[str, str]):
    """What refine knows of values, which must be asked by name, never walked."""

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("the known names walked")


def test_a_region_op_looks_up_its_names() -> None:
    """Whether an op with regions uses a value refine knows: its text's names are looked up among
    the known ones (about 190k names at 480 layers, walked for every region op on ``07f1a89``)."""
    known = _Known({"%x": "tensor<8xf32>", "%5#1": "tensor<8xf32>"})
    text = '%r = "stablehlo.while"(%a) ({ ^bb0(%i: tensor<f32>): %s = stablehlo.add %i, %x : tensor<f32> }) : () -> ()'
    assert refine_rows.uses(text, _Known(), known)
    assert not refine_rows.uses(text.replace("%x", "%xy"), known)
    assert refine_rows.uses("%5#1", known) and refine_rows.uses("%x#1", known)
    assert not refine_rows.uses("%5#12", known) and not refine_rows.uses("%5#1.0", known)


def test_a_long_header_is_moved_in_c() -> None:
    """A header of 2,000 arguments is read from its head form (:func:`.refine_header.from_head`)
    in a number of Python calls that does not grow with its arguments (on ``07f1a89``, five or
    more per argument: about 10,000)."""

    def header(n: int) -> tuple[int, object]:
        arguments = ", ".join(f"%arg{i}: tensor<?x{i + 1}xf32> {{jax.arg = {i}}}" for i in range(n))
        text = f"func.func @main({arguments}) -> (tensor<?x1xf32>) {{"
        functions, _ = refine_read.read_functions(text + "\n  return %arg0 : tensor<?x1xf32>\n}\n", {})
        found = functions[0].header
        assert type(found) is refine_read.Header
        form, names, line = found.form, found.names, found.text
        assert form.statement is not None
        result: list[object] = []
        calls = _python_calls(lambda: result.append(refine_header.from_head(form.statement, form.key, line, names)))
        assert result[0] is not None
        return calls, result[0]

    header(100)  # (what a first run does once)
    small, _ = header(100)
    large, statement = header(2_000)
    assert large - small < 50
    assert [d.name for d in statement.definitions][-1] == "%arg1999"  # type: ignore[attr-defined]
