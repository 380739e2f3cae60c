"""Refine takes the scanner's rows of one-line statements as rows, all three ways (issue 32: refine
no slower than check by more than 1.5x), counted, never timed:

* its reader takes each row the scanner's fast pass sends (no call per statement through the
  scanner's ``_one_by_one``);
* its pass passes a row of statements that use no value it knows more of by at once (on the
  480-layer GPT-2 export, 676 rows: the optimizer's 172,934 statements, one after the other), not
  looking at each statement;
* the check of the refined text takes the statements refine replays in rows
  (:meth:`.run.FileRun.statements`), not one :meth:`.run.FileRun.statement` call each.

Each fails on ``6634fe8``, which took them one by one; the outcome is held equal to the one by one
course by ``test_refine*.py`` and the golden refine fixtures.
"""

from __future__ import annotations

from typing import Any

import pytest

from broadcheck.engine import refine_read, run, scan
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_run import refine_text

ACT = "tensor<?x16xf32>"
W = "tensor<16x16xf32>"


def training_step(layers: int, updates: int) -> str:
    """``layers`` ops on the activations (their types follow the batch), a reduce (an op with a
    region: its body is deeper), then ``updates`` ops on the weights only, as an optimizer's."""
    lines = [f"func.func @main(%arg0: {ACT}, %arg1: {W}, %arg2: {W}) -> ({ACT}, {W}, tensor<f32>) {{"]
    x = "%arg0"
    for i in range(layers):
        lines.append(f"  %a{i:04d} = stablehlo.tanh {x} : {ACT} loc(#loc{i})")
        x = f"%a{i:04d}"
    lines.append("  %zero = stablehlo.constant dense<0.0> : tensor<f32>")
    lines.append(
        f"  %sum = stablehlo.reduce(%arg1 init: %zero) across dimensions = [0, 1] : ({W}, tensor<f32>) -> tensor<f32>"
    )
    lines.append("   reducer(%p: tensor<f32>, %q: tensor<f32>)  {")
    lines.append("    %s = stablehlo.add %p, %q : tensor<f32>")
    lines.append("    stablehlo.return %s : tensor<f32>")
    lines.append("  }")
    w = "%arg1"
    for i in range(updates):
        lines.append(f"  %w{i:04d} = stablehlo.multiply {w}, %arg2 : {W} loc(#loc{i})")
        w = f"%w{i:04d}"
    lines.append(f"  return {x}, {w}, %sum : {ACT}, {W}, tensor<f32>")
    lines.append("}")
    return "\n".join(lines) + "\n"


REQUEST = Request({("main", 0): "tensor<8x16xf32>"})


def test_the_reader_takes_the_scanners_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"one_by_one": 0}
    one_by_one = scan.Scanner._one_by_one

    def counted(self: scan.Scanner, batch: Any) -> None:
        calls["one_by_one"] += 1
        one_by_one(self, batch)

    monkeypatch.setattr(scan.Scanner, "_one_by_one", counted)
    text = training_step(100, 400)
    functions, reader = refine_read.read_functions(text)
    assert calls["one_by_one"] == 0
    lazies = [s for s in refine_read.made(functions[0].statements) if type(s) is refine_read.Lazy]
    # every one-line statement: the layers, the constant, the body's two, the updates, the return (at
    # e3e3edd not the first after the header nor the reduce's first after its head: the slow path's)
    assert len(lazies) == 100 + 1 + 2 + 400 + 1
    lines = text.split("\n")
    assert all(s.text == lines[s.line - 1].strip() for s in lazies)
    # the rows noted: one-line statements of one depth, in a row of the function's statements
    # (a row at the function's top level kept as a Row, its statements made when asked)
    runs = reader.runs[id(functions[0].statements)]
    rows = [refine_read.made(functions[0].statements[at : at + size]) for at, size in runs.items()]
    assert sum(map(len, rows)) >= 400
    for row in rows:
        assert all(type(s) is refine_read.Lazy for s in row)
        assert len({reader.depths.get(id(s), 0) for s in row}) == 1
        assert [s.line for s in row] == list(range(row[0].line, row[0].line + len(row)))


class CountingDepths(dict[int, int]):
    """The reader's depths of statements, counting how often refine's pass asks one."""

    asked = 0

    def get(self, key: int, default: Any = None) -> Any:
        CountingDepths.asked += 1
        return super().get(key, default)


def test_a_row_that_uses_nothing_known_is_passed_by_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    original = refine_read.read_functions
    refiners: list[Refiner] = []

    def read(text: str, forms: Any = None) -> Any:
        functions, reader = original(text, forms)
        assert reader.depths  # (the reduce's body: refine's pass asks each statement's depth)
        reader.depths = CountingDepths(reader.depths)
        return functions, reader

    def refine(self: Refiner, text: str, request: Request) -> Any:
        refiners.append(self)
        return refine_original(self, text, request)

    refine_original = Refiner.refine
    monkeypatch.setattr("broadcheck.engine.refine.read_functions", read)
    monkeypatch.setattr(Refiner, "refine", refine)
    CountingDepths.asked = 0
    after, diagnostics, _ = refine_text("step.mlir", training_step(20, 2000), REQUEST, Options())
    assert not diagnostics, diagnostics
    assert after.count("tensor<8x16xf32>") == 1 + 20 + 2  # the argument, every layer, the return's two
    assert refiners[0].skipped >= 2000  # every update, and the statements before them that use no batch
    assert CountingDepths.asked < 300  # not one per statement passed by (6634fe8: 2,000 and more)


def test_a_row_passed_by_is_never_made_statements() -> None:
    """A row at a function's top level that refine's pass passes by whole (the optimizer's updates)
    stays the scanner's batch (:class:`.refine_read.Row`): none of its statements is made an object
    (on 64436d8 the reader made every one-line statement a :class:`.refine_read.Lazy`: 2,000 and
    more here; 377,737 at 480 layers, of which 173k in rows passed by)."""
    import gc

    refiner = Refiner(Options(), "step.mlir")
    refined = refiner.refine(training_step(20, 2000), REQUEST)
    assert len(refined.edits) == 1 + 20 + 2 and refiner.skipped >= 2000
    made = sum(type(o) is refine_read.Lazy for o in gc.get_objects())
    # the layers', and the last row's (the scanner's rows are of 256 statements here: its last
    # holds the return, which uses the batch), not the other 1,792 updates'
    assert made < 500
    del refiner, refined


def test_a_row_retyped_from_templates_is_never_made_statements() -> None:
    """A top-level row whose spans are each re-typed from a template (a layer of a model met again:
    the scanner's rows of 256 statements repeat their shape every 5 rows of 5-op layers) is re-typed
    from its batch and where each statement starts (:meth:`.refine_read.Row.starts`), its
    statements never made: of 1,000 layers' 5,000 statements, fewer than 2,000 made (all on
    64436d8; 204,863 of 377,737 at 480 layers before this, 116,859 now)."""
    import gc

    from tests.test_refine_work import layers

    refiner = Refiner(Options(), "layers.mlir")
    refined = refiner.refine(layers(1000), Request({("main", 0): "tensor<8x16xf32>"}))
    assert len(refined.edits) > 4000 and refiner.repeated + refiner.skipped == 5000 - 5
    made = sum(type(o) is refine_read.Lazy for o in gc.get_objects())
    assert made < 2000
    del refiner, refined


def test_the_check_takes_the_replayed_statements_in_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"statement": 0, "statements": 0}
    statement, statements = run.FileRun.statement, run.FileRun.statements

    def one(self: run.FileRun, *args: Any, **kwargs: Any) -> None:
        calls["statement"] += 1
        statement(self, *args, **kwargs)

    def rows(self: run.FileRun, batch: Any) -> None:
        calls["statements"] += 1
        statements(self, batch)

    monkeypatch.setattr(run.FileRun, "statement", one)
    monkeypatch.setattr(run.FileRun, "statements", rows)
    after, diagnostics, checked = refine_text("step.mlir", training_step(200, 800), REQUEST, Options())
    assert not diagnostics, diagnostics
    assert checked == 1004  # the layers, the constant, the reduce and its body's two, the updates
    assert calls["statement"] < 20  # the ops the scanner reads whole (the reduce, its body, the return)
    assert 0 < calls["statements"] < 50  # rows of statements, not one call each (6634fe8: 1,000)
    monkeypatch.undo()
    whole = run.check_text("step.mlir", after, Options())
    assert whole.ops_checked == checked and not whole.diagnostics  # the same check as of the text whole


def test_the_reader_asks_each_block_whether_its_lines_repeat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refine's reader gives the scanner the file in blocks of about a megabyte, as ``check`` reads
    it, so the scanner's keyed reading (:meth:`.scan.Scanner._keyed`) takes the blocks whose lines
    repeat. Given the whole file as one block (``80ffdec``), the scanner asked only its last lines
    (a JAX export's location aliases, all distinct) and read every line one by one."""
    calls = {"keyed": 0}
    keyed = scan.Scanner._keyed

    def counted(self: scan.Scanner, *args: Any) -> int:
        calls["keyed"] += 1
        return keyed(self, *args)

    monkeypatch.setattr(scan.Scanner, "_keyed", counted)
    aliases = "".join(f'#loc{i} = loc("layers[{i}]/tanh")\n' for i in range(3000))
    text = training_step(20000, 10) + aliases
    assert len(text) > 1 << 20 and len(aliases) > scan.SAMPLE
    functions, _ = refine_read.read_functions(text)
    assert calls["keyed"] >= 1
    lazies = [s for s in refine_read.made(functions[0].statements) if type(s) is refine_read.Lazy]
    lines = text.split("\n")
    assert len(lazies) == 20000 + 1 + 2 + 10 + 1  # (at e3e3edd the first ops after the two heads were not)
    assert all(s.text == lines[s.line - 1].strip() for s in lazies)
