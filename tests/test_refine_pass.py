"""Refine's pass, step by step (issue 32: refine no slower than check by more than 1.5x): how many
Python calls it makes per re-typed statement, how many edits per span, what a region op walks,
how many calls a long header's reading takes. Counted, never timed.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from types import FrameType

import pytest

from broadcheck.engine import refine_header, refine_read, refine_rows
from broadcheck.engine.options import Options
from broadcheck.engine.refine import BadRequest, Refiner, Request, parse_arg, parse_dim
from tests.test_refine_work import layers

FIXTURES = Path(__file__).parent / "fixtures" / "refine"


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


def _slices(n: int) -> str:
    """``n`` layers of ``real_dynamic_slice`` whose limit is its start (unknown) plus a size (a
    constant: 4 or 2 rows, by turns), all of one form and of names as long: only the sum tells
    their results apart."""
    act, index = "tensor<?x16xf32>", "tensor<2xi64>"
    lines = [
        f"func.func @main(%arg0: {act}, %arg1: {index}) -> {act} {{",
        f"  %c1 = stablehlo.constant dense<1> : {index}",
        f"  %c4 = stablehlo.constant dense<[4, 16]> : {index}",
        f"  %c2 = stablehlo.constant dense<[2, 16]> : {index}",
    ]
    x = "%arg0"
    for k in range(n):
        size = "%c4" if k % 2 == 0 else "%c2"
        lim, y, z = f"%l{k:04d}", f"%s{k:04d}", f"%t{k:04d}"
        lines.append(f"  {lim} = stablehlo.add %arg1, {size} : {index}")
        lines.append(
            f"  {y} = stablehlo.real_dynamic_slice {x}, %arg1, {lim}, %c1 : ({act}, {index}, {index}, {index}) -> {act}"
        )
        lines.append(f"  {z} = stablehlo.tanh %arg0 : {act}")
        x = z
    lines += [f"  return {x} : {act}", "}"]
    return "\n".join(lines) + "\n"


def _refined(text: str, planned: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as patched:
        if not planned:  # every statement of a row taken one by one, as before the rows' plans
            patched.setattr(Refiner, "_plan", lambda self, form: (0, -1, False, -1, False, False, False))
        refiner = Refiner(Options(), "slices.mlir")
        found = refiner.refine(text, Request({("main", 0): "tensor<8x16xf32>"}))
    return found.edits, [repr(d) for d in found.diagnostics], found.traces, refiner.repeated


def test_a_slice_follows_its_sum_from_its_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``real_dynamic_slice`` of a row is re-typed from its memo, which holds the sum its limit
    is (the same form, types and values, another size: another result); its edits, diagnostics
    and traces are those of the statement-by-statement course."""
    text = _slices(40)
    planned = _refined(text, True, monkeypatch)
    assert planned[:3] == _refined(text, False, monkeypatch)[:3]
    news = [new for _, _, new in planned[0]]  # type: ignore[index]
    assert news.count("tensor<4x16xf32>") == 20 and news.count("tensor<2x16xf32>") == 20
    assert planned[3] > 70  # type: ignore[operator]  # (the slices and the tanh after the first of each)


def run_request(text: str) -> Request:
    """The request of a refine fixture's ``// RUN:`` line."""
    line = next(x for x in text.splitlines() if x.startswith("// RUN:"))
    words = shlex.split(line.removeprefix("// RUN:"))
    request = Request()
    for word, value in pairwise(words):
        if word == "--arg":
            name, index, type_text = parse_arg(value)
            request.args[name, index] = type_text
        elif word == "--dim":
            dim, size = parse_dim(value)
            request.dims[dim] = size
    return request


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.mlir")), ids=lambda p: p.stem)
def test_the_plans_refine_as_one_by_one(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every refine fixture: the rows' plans give the edits, diagnostics and traces (or the usage
    error) the statement-by-statement course gives."""
    text = path.read_text()
    request = run_request(text)
    found = []
    for planned in (True, False):
        with monkeypatch.context() as patched:
            if not planned:
                patched.setattr(Refiner, "_plan", lambda self, form: (0, -1, False, -1, False, False, False))
            refiner = Refiner(Options(), path.name)
            try:
                refined = refiner.refine(text, request)
            except BadRequest as problem:
                found.append(str(problem))
                continue
            found.append((refined.edits, [repr(d) for d in refined.diagnostics], refined.traces))
    assert found[0] == found[1]


def _calls(n: int) -> str:
    """``n`` layers calling a private function, by turns on the batch-sized value (re-typed) and
    on one of another shape (a second set of types: a clone, renamed at each of its calls), a
    call on the weights only (as written), and a call of two results (``%m:2``), the last's
    second returned."""
    act, other, w = "tensor<?x16xf32>", "tensor<?x4x16xf32>", "tensor<16x16xf32>"
    lines = [f"func.func @main(%arg0: {act}, %arg1: {other}, %arg2: {w}, %arg3: {act}) -> {act} {{"]
    x = "%arg0"
    for k in range(n):
        h, g, u, y, c = f"%h{k:04d}", f"%g{k:04d}", f"%u{k:04d}", f"%y{k:04d}", f"%c{k:04d}"
        lines.append(f"  {h} = func.call @f({x}) : ({act}) -> {act}")
        lines.append(f"  {c} = func.call @f(%arg3) : ({act}) -> {act}")
        lines.append(f"  %m{k:04d}:2 = call @two({x}) : ({act}) -> ({act}, {act})")
        lines.append(f"  %n{k:04d} = call @f({x}) : ({act}) -> {act}")
        lines.append(f"  {g} = func.call @g(%arg1) : ({other}) -> {other}")
        lines.append(f"  {u} = func.call @w(%arg2) : ({w}) -> {w}")
        lines.append(f"  {y} = stablehlo.tanh {h} : {act}")
        x = y
    lines += [f"  return %m{n - 1:04d}#1 : {act}", "}"]
    lines += [
        f"func.func private @two(%a: {act}) -> ({act}, {act}) {{",
        f"  %0 = stablehlo.negate %a : {act}",
        f"  return %0, %a : {act}, {act}",
        "}",
    ]
    for name, t in (("f", act), ("g", other), ("w", w)):
        lines += [
            f"func.func private @{name}(%a: {t}) -> {t} {{",
            f"  %0 = stablehlo.negate %a : {t}",
            f"  return %0 : {t}",
            "}",
        ]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "request_args",
    [
        {("main", 0): "tensor<8x16xf32>"},  # (@f's second call as written: a clone)
        {("main", 1): "tensor<8x4x16xf32>"},
        {("main", 0): "tensor<8x16xf32>", ("main", 3): "tensor<4x16xf32>"},  # (a clone re-typed)
    ],
)
def test_a_call_in_a_row_refines_as_one_by_one(
    request_args: dict[tuple[str, int], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Calls in rows re-typed from their memos give what the calls one by one give (a callee
    refined, a call as written, a call of a clone renamed)."""
    text = _calls(40)
    found = []
    for planned in (True, False):
        with monkeypatch.context() as patched:
            if not planned:
                patched.setattr(Refiner, "_plan", lambda self, form: (0, -1, False, -1, False, False, False))
            refiner = Refiner(Options(), "calls.mlir")
            refined = refiner.refine(text, Request(dict(request_args)))
            found.append((refined.edits, [repr(d) for d in refined.diagnostics], refined.traces))
    assert found[0] == found[1]
    assert len(found[0][0]) > 40  # type: ignore[arg-type]
