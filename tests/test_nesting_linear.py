"""Regions nested on one line cost work linear in the line (issue 30): counted, not timed.

The work counted is the characters the bracket scans (the lexer's ``depth``: its token and
bracket loops; the scanner's ``piece_depth``) read: from where each is started to where it stops (a scan may stop early, at the ``{``
or ``}`` it was told to). A line of ``n`` generic ops, each holding the next in its region, was
read with a scan of the rest of the line at each level (the scanner, broadcheck/engine/scan.py,
handed ``depth`` the line's tail after each region it opened, then that tail up to its first
unmatched ``}``): n times the line, quadratic. The scanner now stops each scan at the region's
``{`` or at the ``}`` that closes one, and cuts the line by offsets. The count stops the run once
it passes :data:`BUDGET` times the line, so a regression fails in seconds rather than in hours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bench.linear import nested
from broadcheck.api import check_text
from broadcheck.engine import scan_pieces
from broadcheck.syntax import lexer

BUDGET = 10
"""Characters scanned per character of the line: a linear reading stays far below it."""


class WorkExceeded(Exception):
    """The lexer was handed more than :data:`BUDGET` times the line."""


@contextmanager
def counted(limit: int) -> Iterator[list[int]]:
    """Count the characters handed to the lexer's scans (``work[0]``); raise past ``limit``."""
    work = [0]
    token_depth, bracket_depth = lexer._token_depth, lexer._bracket_depth
    piece_depth = scan_pieces.piece_depth

    def counting(scan: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(text: str, stack: str, pos: int = 0, endpos: int | None = None, *rest: Any) -> Any:
            end = len(text) if endpos is None else endpos
            state = scan(text, stack, pos, end, *rest)
            work[0] += (end if state is None else state.end) - pos
            if work[0] > limit:
                raise WorkExceeded(f"{work[0]} characters scanned, over {limit}")
            return state

        return wrapper

    lexer._token_depth, lexer._bracket_depth = counting(token_depth), counting(bracket_depth)  # type: ignore[assignment]
    scan_pieces.piece_depth = counting(piece_depth)  # the scanner's own scan of a piece's brackets
    try:
        yield work
    finally:
        lexer._token_depth, lexer._bracket_depth = token_depth, bracket_depth
        scan_pieces.piece_depth = piece_depth


def test_the_count_sees_a_shallow_nesting() -> None:
    # The counter is wired where the scans are: a small nesting is counted, and its findings are none.
    text = nested(50)
    with counted(10**9) as work:
        assert check_text(text, path="n.mlir") == []
    assert len(text) < work[0] < 10**9


def test_nested_regions_on_one_line_are_linear_work() -> None:
    works = []
    for n in (10_000, 20_000, 40_000):
        text = nested(n)
        with counted(BUDGET * len(text)) as work:
            assert check_text(text, path="n.mlir") == []
        works.append(work[0])
    assert works[1] <= 2.2 * works[0] and works[2] <= 2.2 * works[1], works


def _custom_nested(n: int) -> str:
    """``n`` custom-form ops on one line, each holding the next in its region (the ``{`` is decided
    by the piece after it, not by the generic form's ``({``)."""
    line = "scf.execute_region { " * n + "scf.yield" + " }" * n
    return "func.func @f() {\n  " + line + "\n  return\n}\n"


def test_custom_form_regions_nested_on_one_line_are_linear_work() -> None:
    works = []
    for n in (5_000, 10_000):
        text = _custom_nested(n)
        with counted(BUDGET * len(text)) as work:
            assert check_text(text, path="n.mlir") == []
        works.append(work[0])
    assert works[1] <= 2.2 * works[0], works


@pytest.mark.parametrize(
    ("text", "pos", "endpos"),
    [
        ('"a"() ({ "b"() : () -> () }) : () -> ()', 0, None),
        ('"a"() ({ "b"() : () -> () }) : () -> ()', 8, None),
        ('"a"() ({ "b"() : () -> () }) : () -> ()', 8, 27),
        ('x = "}" // { ( <', 2, None),
        ("  %0 = op(%a) : (tensor<2x" + "3x" * 40 + "f32>) -> ", 3, None),
        ("  %0 = op(%a) : (tensor<2x" + "3x" * 40 + "f32>) -> tensor<2xf32> ]", 2, 60),
        ("plain words only", 6, 11),
    ],
)
def test_depth_of_a_range_is_depth_of_its_slice(text: str, pos: int, endpos: int | None) -> None:
    # The scanner hands the lexer a line and offsets rather than a copy of the rest of the line.
    whole = lexer.depth(text[pos:endpos])
    ranged = lexer.depth(text, "", pos, endpos)
    assert ranged[:3] == whole[:3]
    assert ranged.mismatch == (whole.mismatch + pos if whole.mismatch >= 0 else -1)  # (offsets in ``text``)
    assert ranged.end == (len(text) if endpos is None else endpos)


def test_a_scan_stops_at_the_region_or_the_closing_brace_it_is_told_to() -> None:
    text = '"a"() ({ "b"() ({ "c"() : () -> () }) : () -> () }) : () -> () } tail'
    first = text.index("{")
    state = lexer.depth(text, "", 0, None, lambda offset, inside: inside == "(")
    assert (state.region, state.end, state.stack) == (first, first, "(")
    closing = [i for i, c in enumerate(text) if c == "}"][1]  # (the first closes the inner region)
    state = lexer.depth(text, "", first + 1, None, None, True)
    assert (state.mismatch, state.end, state.stack) == (closing, closing, "")
