"""Issue 31, Build 5 (chk5): the work ``check`` of a JAX export's main function costs, counted in
calls and lines read (never timed): its head's brackets, and the lines read again as it closes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun
from tests.test_check_large_exports import long_head_file


def test_a_long_head_without_locations_costs_no_python_step_a_bracket() -> None:
    """A head whose arguments carry no location holds two ``(``: its brackets are counted in C
    (``scan_brace._long_piece_depth``) because of its ``<`` too. At 64436d8 (3,000 arguments):
    6,014 bracket tokens, one Python step each."""
    import broadcheck.engine.scan_brace as scan_brace

    steps = {"brackets": 0}
    tokens = scan_brace.bracket_tokens

    def counted_tokens(*args: Any) -> Iterator[Any]:
        for m in tokens(*args):
            steps["brackets"] += 1
            yield m

    scan_brace.bracket_tokens = counted_tokens  # type: ignore[assignment]
    try:
        run = FileRun("f.mlir", Options())
        run.feed(long_head_file(3000, located=False), True)
        result = run.finish()
    finally:
        scan_brace.bracket_tokens = tokens
    assert result.diagnostics == []
    assert steps["brackets"] < 50, steps


def _sliced_file(count: int) -> str:
    """A function of ``count`` ``stablehlo.slice``s (inner ops: ``dialects.inner.ASYNC_WRAPPED``)
    between adds, long enough to be fed in many blocks."""
    lines = ["module {\n", "  func.func @main(%arg0: tensor<8xf32>) -> tensor<4xf32> {\n"]
    for k in range(count):
        lines.append(f"    %a{k} = stablehlo.add %arg0, %arg0 : tensor<8xf32>\n")
        lines.append(f"    %s{k} = stablehlo.slice %a{k} [0:4] : (tensor<8xf32>) -> tensor<4xf32>\n")
    lines += [f"    return %s{count - 1} : tensor<4xf32>\n", "  }\n", "}\n"]
    return "".join(lines)


@pytest.mark.parametrize("wrong", [False, True])
def test_a_function_s_close_reads_no_line_of_its_inner_ops_again(wrong: bool) -> None:
    """A function's inner ops (its ``stablehlo.slice``s) are not placed when it closes: no check
    of ``func.func`` reads where they are. At 64436d8 the lines of those no longer in the segment
    were read again from the file (gpt2-train-l480: 1,441 lines, the whole file line by line).
    A wrong slice is reported as before (its own line, not read again)."""
    text = _sliced_file(400)
    if wrong:
        text = text.replace("%s7 = stablehlo.slice %a7 [0:4]", "%s7 = stablehlo.slice %a7 [0:5]")
    lines = text.split("\n")
    fetched: list[int] = []

    def fetch(numbers: Iterable[int]) -> Mapping[int, str]:
        numbers = list(numbers)
        fetched.extend(numbers)
        return {n: lines[n - 1] for n in numbers}

    run = FileRun("f.mlir", Options(), None, fetch)
    start = 0
    while start < len(text):  # (blocks of about 2 KB of whole lines, as the runner feeds them)
        end = text.find("\n", start + 2000) + 1 or len(text)
        run.feed(text[start:end], end == len(text))
        start = end
    result = run.finish()
    codes = [(d.code, d.span.line) for d in result.diagnostics]
    assert (codes != []) is wrong, codes
    # (64436d8: the slices' lines of the segments before the last)
    assert [n for n in fetched if "slice" in lines[n - 1]] == [], fetched[:10]
    assert len(fetched) <= 1, fetched[:10]  # (the function's head, for its own place)


def test_a_segment_s_line_ends_are_found_up_to_the_last_line_asked_for() -> None:
    """A call asks for its own line (``transfers.transfer``): the segment's line ends are found up
    to that line's (and the next), not all of them (at 64436d8 a 96 KB segment's 1,100 line ends,
    one Python step each, for each segment with a call). Every line still says what it said."""
    import random

    from broadcheck.engine.findings import Findings

    rng = random.Random(31)
    for _ in range(200):
        lines = ["".join(rng.choice("ab \r") for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(1, 30))]
        text = "\n".join(lines) + rng.choice(["", "\n"])
        whole = text.split("\n")
        findings = Findings("f.mlir", None, False)
        findings.segment(text, 10)
        for number in rng.choices(range(5, 10 + len(whole) + 5), k=12):
            i = number - 10
            expected = whole[i].removesuffix("\r") if 0 <= i < len(whole) else ""
            assert findings.line_text(number) == expected, (text, number)
    findings = Findings("f.mlir", None, False)
    findings.segment("    %0 = stablehlo.add %a, %a : tensor<f32>\n" * 1000, 1)
    assert findings.line_text(3).startswith("    %0")
    assert findings.block_starts is None  # (not made whole)
    assert findings.block_some is not None and len(findings.block_some) == 4  # lines 1 to 4
