"""Refine's spans (issue 32: refine no slower than check by more than 1.5x): a layer like an
earlier one is re-typed from the earlier one's template (:mod:`broadcheck.engine.refine_spans`),
its statements' new forms handed to the check of the refined text, with the same outcome as
statement by statement. Counted, never timed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from broadcheck.diagnostics import Diagnostic
from broadcheck.engine import refine_read, refine_spans
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_run import refine_text
from tests.conftest import Invoke
from tests.steps import traced_lines
from tests.test_refine import CASES, FILES, _command, _golden
from tests.test_refine_work import ACT, Layers, W


def model(layers: int, breaking: bool = False) -> str:
    """A function of ``layers`` layers, each a row of one-line statements (as the scanner sends
    them; a reduce, an op with a region, ends it): eight of :class:`.test_refine_work.Layers`'
    layers (ops on the activations, whose types follow the batch, a sum of two of them, ops on
    the weights only), and with ``breaking`` a reshape to a static shape that fails at any batch
    but 1, in a row of its own."""
    function = Layers()
    lines = function.lines
    x, w = "%arg0", "%arg1"
    for _ in range(layers):
        for _ in range(8):
            x, w = function.layer(x, w)
        for last in (False, True) if breaking else (True,):
            z, s = function.name(), function.name()
            lines.append(f"  {z} = stablehlo.constant dense<0.0> : tensor<f32>")
            lines.append(
                f"  {s} = stablehlo.reduce({w} init: {z}) across dimensions = [0, 1] : ({W}, tensor<f32>) -> tensor<f32>"
            )
            lines.append("   reducer(%p: tensor<f32>, %q: tensor<f32>)  {")
            lines.append("    %r = stablehlo.add %p, %q : tensor<f32>")
            lines.append("    stablehlo.return %r : tensor<f32>")
            lines.append("  }")
            if not last:  # (its own row, between two reduces)
                lines.append(f"  {function.name()} = stablehlo.reshape {x} : ({ACT}) -> tensor<16xf32>")
    return function.text(x, w)


REQUEST = Request({("main", 0): "tensor<8x16xf32>"})


@pytest.fixture
def refiners(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Refiner]]:
    """Every refiner made while the test runs."""
    made: list[Refiner] = []
    original = Refiner.__init__

    def init(self: Refiner, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Refiner, "__init__", init)
    yield made


def _pass_lines(layers: int) -> tuple[Refiner, int]:
    """Refine's pass over :func:`model` of ``layers`` layers: the refiner, and the Python lines
    :meth:`.Refiner.block` ran (its own, not those of what it calls)."""
    refiner = Refiner(Options(), "model.mlir")
    text = model(layers)
    _, lines = traced_lines(lambda: refiner.refine(text, REQUEST), lambda code: code is Refiner.block.__code__)
    return refiner, lines


def test_a_layer_like_an_earlier_one_is_retyped_from_its_template_with_no_step_per_statement() -> None:
    """Ten more layers (400 more statements, 240 of them re-typed) are ten spans re-typed from one
    template: a few dozen lines of :meth:`.Refiner.block` each (623 for the ten), not a few per
    statement (on ``ea872ef``, statement by statement: 12,289)."""
    small, small_lines = _pass_lines(3)
    large, large_lines = _pass_lines(13)
    assert large.repeated - small.repeated == 10 * 24
    assert len(large.handed) - len(small.handed) == 10
    assert large_lines - small_lines < 10 * 100


def _refined(text: str, monkeypatch: pytest.MonkeyPatch, spans: bool) -> tuple[str, list[Diagnostic], int]:
    if not spans:
        monkeypatch.setattr(refine_spans, "SPAN", 10**9)  # no span: statement by statement
    found = refine_text("model.mlir", text, REQUEST, Options())
    monkeypatch.setattr(refine_spans, "SPAN", refine_spans.SPAN if spans else 8)
    return found


@pytest.mark.parametrize("breaking", [False, True])
def test_spans_refine_as_statement_by_statement(
    breaking: bool, monkeypatch: pytest.MonkeyPatch, refiners: list[Refiner]
) -> None:
    """The refined text, the diagnostics (each with its note tracing the batch back to the argument)
    and the ops checked are the same with spans as statement by statement, and the check of the
    refined text takes every span's forms from its template."""
    text = model(12, breaking)
    with_spans = _refined(text, monkeypatch, True)
    without = _refined(text, monkeypatch, False)
    assert with_spans == without
    assert len(refiners[0].handed) >= 11 and not refiners[1].handed  # (no span: statement by statement)
    if breaking:
        assert len(with_spans[1]) == 12  # every layer's reshape, at b = 8
        assert all("argument #0" in d.notes[-1].message for d in with_spans[1])
    else:
        assert not with_spans[1]
        assert with_spans[0].count("tensor<8x16xf32>") == 12 * 8 * 4 + 3  # ops, argument, result, return


def test_a_span_whose_edits_changed_after_its_template_is_not_handed_over(refiners: list[Refiner]) -> None:
    """Where a span's edits in the end are not its template's (here one taken away, as a region op's
    undo would), the check of the refined text does not take the span's forms from the template:
    that span's lines are looked at one by one, the others' are not."""
    refiner = Refiner(Options(), "model.mlir")
    text = model(6)
    refined = refiner.refine(text, REQUEST)
    spans = len(refiner.handed)
    whole = Refiner(Options(), "model.mlir")
    replayed = whole.unchanged(whole.refine(text, REQUEST).edits)
    assert replayed is not None and replayed.templated == spans >= 5  # (as refined: every span)
    template, offsets, _, _ = refiner.handed[3]
    statements, starts, _, _ = template.edits  # (its first edit: its statement, where it starts there)
    cut = offsets[statements[0]] + starts[0]
    edits = [e for e in refined.edits if e[0] != cut]
    assert len(edits) == len(refined.edits) - 1
    replayed = refiner.unchanged(edits)
    assert replayed is not None and replayed.templated == spans - 1
    # the statement whose edit went keeps its form: the line is the input's
    line = text.count("\n", 0, cut) + 1
    row = next(row for row in replayed.rows if row[0][2] <= line <= row[-1][2])
    form = next(entry[0] for entry in row if entry[2] == line)
    assert "tensor<?x16xf32>" in form.key


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_fixture_refines_to_its_golden_file_with_the_smallest_spans(
    path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each refine fixture gives its golden output (``tests/test_refine.py``) with every row of two
    statements or more taken by spans of two or more: the templates, and their forms handed to the
    check of the refined text, refine as statement by statement does."""
    monkeypatch.setattr(refine_read, "RUN", 2)
    monkeypatch.setattr(refine_spans, "SPAN", 2)
    monkeypatch.chdir(CASES)
    _, args = _command(path)
    result = run("refine", *args, "--output-format", "concise")
    assert _golden(result.code, result.err, result.out) == path.with_suffix(".expected").read_text()
