"""Issue 31's peak RSS: what a check holds while it reads a long line, counted in bytes
(``tracemalloc``), not time; and the segment's lines read by offset as they were by splitting."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from broadcheck.engine.findings import Findings
from broadcheck.engine.fix_read import PlannedFunction
from broadcheck.engine.options import Options
from broadcheck.engine.run import Memory
from broadcheck.runner import check_one

SEGMENTS = [
    "a\nb\n",
    "  x = 1\r\n\ty wraps   z\r\n",
    "no line end",
    "\n\n  wraps\n",
    '%0 = tf_executor.island wraps "tf.Const"() : () -> tensor<f32>\nlast',
]


@pytest.mark.parametrize("text", SEGMENTS)
@pytest.mark.parametrize("first", [1, 7])
def test_lines_of_a_segment_read_by_offset_as_by_splitting(text: str, first: int) -> None:
    findings = Findings("f.mlir", None, False)
    findings.segment(text, first)
    split = text.split("\n")
    for number in range(first - 2, first + len(split) + 2):
        i = number - first
        line = split[i].removesuffix("\r") if 0 <= i < len(split) else ""
        assert findings.line_text(number) == line
        stripped = line.lstrip()
        want = len(stripped) - len(stripped[stripped.find("wraps") + 5 :].lstrip()) if "wraps" in stripped else None
        assert findings.after_word(number, "wraps") == want


def test_a_long_weight_line_is_held_a_bounded_number_of_times(tmp_path: Path) -> None:
    """A frozen graph's weights on one line of an island: the check's peak is a bounded number
    of copies of that line: 13.0 before this stop's cuts, 12.0 after (most of the rest are the
    reader's: the key, the synthesized statement, the statement's items and attributes)."""
    size = 1 << 21
    hex_digits = "3C" * (size // 2)
    line = (
        '    %outputs, %control = tf_executor.island wraps "tf.Const"() '
        f'<{{value = dense<"0x{hex_digits}"> : tensor<{size // 8}xf32>}}> : () -> tensor<{size // 8}xf32>\n'
    )
    path = tmp_path / "weights.mlir"
    path.write_text("func.func @main() {\n  tf_executor.graph {\n" + line + "    tf_executor.fetch\n  }\n  return\n}\n")
    check_one(str(path), Options(), "-")  # imports and tables first: they are not the line's
    tracemalloc.start()
    try:
        result = check_one(str(path), Options(), "-")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert not isinstance(result, Exception)
    assert peak < 12.5 * size, f"{peak / size:.1f} copies of the line at the peak"


def test_a_statement_that_does_not_read_keeps_no_frames(tmp_path: Path) -> None:
    """A form whose statement does not read keeps its problem, not the problem's traceback: its
    frames held the scanner's block (the rows of a whole block, the block's text) to the end of
    the run, about half the peak of bench/gen.py's 100k ops (issue 31)."""
    import gc

    from broadcheck.engine.forms import read_form
    from broadcheck.engine.scan import Scanner
    from broadcheck.syntax.types import read_alias

    assert read_form('%_ = "t.op"(%_ : () -> ()').error is not None
    assert read_form('%_ = "t.op"(%_ : () -> ()').error.__traceback__ is None  # type: ignore[union-attr]
    alias = read_alias("!a = tensor<4x", {})
    assert alias is not None and isinstance(alias[1], Exception) and alias[1].__traceback__ is None
    path = tmp_path / "broken.mlir"
    path.write_text(
        "!bad = tensor<4x\n"
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %0 = t.op %a : : tensor<4xf32>\n"
        "  %1 = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %1 : tensor<4xf32>\n}\n"
    )
    memory = Memory()  # what a run keeps from file to file: its forms
    result = check_one(str(path), Options(), "-", memory=memory)
    assert not isinstance(result, Exception)
    assert [form for form in memory.forms.values() if form.error is not None]
    gc.collect()
    block = Scanner.block.__code__
    assert not [f for f in gc.get_objects() if type(f).__name__ == "frame" and f.f_code is block]  # type: ignore[attr-defined]


def _module(functions: int, stale: str) -> str:
    """``functions`` valid functions of a few ops, each calling ``@callee``, then ``stale``."""
    body = []
    for i in range(functions):
        body.append(
            f"func.func @f{i}(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {{\n"
            "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
            "  %1 = func.call @callee(%a, %b) : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
            "  %2 = tosa.abs %1 : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
            "  %3 = tosa.add %2, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
            "  return %3 : tensor<3x4xf32>\n}\n"
        )
    return "".join(body) + stale


CALLEE = (  # its result type is stale; the fix changes its signature, and so every call of it
    "func.func @callee(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x1xf32> {\n"
    "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
    "  return %0 : tensor<3x1xf32>\n}\n"
)
VALID_CALLEE = (
    "func.func @callee(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x1xf32> {\n"
    "  %0 = tosa.abs %a : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
    "  return %0 : tensor<3x1xf32>\n}\n"
)
STALE = (  # stale, and its fix stays inside it
    "func.func @stale(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {\n"
    "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
    "  %1 = tosa.abs %0 : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
    "  %2 = tosa.add %1, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
    "  return %2 : tensor<3x4xf32>\n}\n"
)


def test_the_fix_stage_keeps_the_statements_of_the_functions_with_a_fixable_error_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31's peak RSS: planning 98 fixes in bench/gen.py's 100k ops held every statement
    of the module; a function with no fixable error lets its statements go as it closes. Counted
    in statements held when the planning starts, not in time or bytes."""
    from broadcheck.engine import fix_plan
    from broadcheck.runner import check_source

    held: list[int] = []
    plan_module = fix_plan.Planner._module

    def counting(self: fix_plan.Planner, functions: list[PlannedFunction], candidates: set[int]) -> object:
        held.append(sum(len(f.statements) for f in functions))
        return plan_module(self, functions, candidates)

    monkeypatch.setattr(fix_plan.Planner, "_module", counting)
    text = _module(200, VALID_CALLEE + STALE)
    result = check_source("many.mlir", text, Options())
    assert [d.fix is not None for d in result.diagnostics] == [True]
    assert held == [4]  # @stale's four statements, not the other 200 functions' 1,000


@pytest.mark.parametrize(
    "stale", [VALID_CALLEE + STALE, CALLEE, CALLEE + STALE, STALE + "// @callee named in a comment\n" + CALLEE]
)
def test_a_chain_that_reaches_functions_let_go_plans_as_if_all_were_kept(
    monkeypatch: pytest.MonkeyPatch, stale: str
) -> None:
    """A signature that changes retypes every call of it: the functions let go that name the
    callee are read again, and the fixes are the same as planned with every statement kept."""
    from broadcheck.engine import fix_plan
    from broadcheck.runner import check_source

    text = _module(30, stale) + "func.func @last() {\n  return\n} func.func @g() { return }\n"
    pruned = check_source("chain.mlir", text, Options()).diagnostics
    monkeypatch.setattr(fix_plan.Planner, "prune", False)
    kept = check_source("chain.mlir", text, Options()).diagnostics
    assert pruned == kept
    assert any(d.fix is not None for d in pruned)
    if stale is CALLEE:
        fix = next(d.fix for d in pruned if d.fix is not None)
        assert not fix.safe and len(fix.edits) > 30  # every call retyped


LINE_TEXTS = [
    STALE,
    STALE.replace("\n", "\r\n"),
    "func.func @f(%a: tensor<3xf32>) -> tensor<3xf32> {\n\t  %0 = tosa.abs %a : (tensor<3xf32>) -> tensor<3xf32>"
    "  // a comment\n\x0c%1 = tosa.abs %0 : (tensor<3xf32>) -> tensor<3xf32>\r\n  return %1 : tensor<3xf32>\n}",
    'module {\n  func.func @g() {\n    %0 = "t.op"() : () -> (tensor<2xi8>)\n    return\n  }\n}\n',
]


@pytest.mark.parametrize("text", LINE_TEXTS)
def test_a_planned_line_is_cut_from_the_source_as_it_was_copied(text: str) -> None:
    """The fix stage's statement of one line keeps offsets into the source, not a copy of its line
    (issue 31's peak memory): its text, offset, line and column are those of the copy."""
    from broadcheck.engine.fix_read import Collector, _LineCollector, _Lines, scan_blocks
    from broadcheck.engine.forms import read_form
    from broadcheck.engine.scan import Scanner

    lines = _Lines(text)
    cut = _LineCollector(lines)
    scanner = Scanner(cut, {}, read_form)
    scan_blocks(scanner, text, 0, len(text), 1)
    scanner.end()
    split = [line.removesuffix("\r") for line in text.split("\n")]
    copied = Collector(split, list(lines.starts))
    scanner = Scanner(copied, {}, read_form)
    scan_blocks(scanner, text, 0, len(text), 1)
    scanner.end()

    def seen(collector: Collector) -> list[tuple[str, int, int, int]]:
        return [(s.text, s.offset, s.line, s.column) for f in collector.functions for s in f.statements]

    assert seen(cut) == seen(copied) and seen(cut)


def test_the_planned_lines_hold_no_copy_of_their_text() -> None:
    """Counted in objects: of a module's statements, only those the scanner's slow path read (here
    the first of each function, after its ``{``) hold a string of their own; every other refers
    to the source alone (issue 31's peak memory: a copy of each line was about a quarter of the
    fix stage's memory on bench/gen.py's 100k ops)."""
    import gc

    from broadcheck.engine.fix_read import _LineCollector, _Lines, scan_blocks
    from broadcheck.engine.forms import read_form
    from broadcheck.engine.scan import Scanner

    text = _module(50, VALID_CALLEE + STALE)
    collect = _LineCollector(_Lines(text))
    scanner = Scanner(collect, {}, read_form)
    scan_blocks(scanner, text, 0, len(text), 1)
    scanner.end()
    statements = [s for f in collect.functions for s in f.statements]
    own = [s for s in statements if [r for r in gc.get_referents(s) if isinstance(r, str)] != [text]]
    assert len(statements) == 50 * 5 + 2 + 4
    assert len(own) <= len(collect.functions)
