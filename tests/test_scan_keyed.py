"""The scanner's keyed reading (:meth:`.scan.Scanner._keyed`): a block whose lines repeat is read
as keys (each line with its names written ``\\0``), so that a line seen before costs the scanner
a dictionary look-up and a slice of the block's names, not a Python step over its text.

What it must hold: the same result as the line-by-line reading on every input (every fixture and
golden input, read both ways), and the work it saves, counted in Python line events (never timed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from broadcheck.engine import scan
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun, check_text
from broadcheck.engine.scan import Scanner
from tests.steps import traced_lines

_TESTS = Path(__file__).parent
INPUTS = sorted({*(_TESTS / "fixtures").rglob("*.mlir"), *(_TESTS / "golden").rglob("*.mlir")})


def read_as_keys(patch: pytest.MonkeyPatch, keyed: bool) -> None:
    """Every block the scanner is given read as keys (``keyed``) or line by line, under ``patch``."""
    if keyed:
        patch.setattr(scan, "KEYED_TEXT", 0)
        block = Scanner.block

        def always(self: Scanner, text: str, first_line: int) -> int:
            self.keyed = True
            return block(self, text, first_line)

        patch.setattr(Scanner, "block", always)
    else:
        patch.setattr(scan, "KEYED_TEXT", 1 << 62)


def _result(path: Path, keyed: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """``path`` checked with every block read as keys (``keyed``) or line by line."""
    with monkeypatch.context() as patch:
        read_as_keys(patch, keyed)
        text = path.read_text()
        result = check_text(str(path), text, Options())
        doubled = check_text(str(path), text + "\n" + text, Options())  # (its lines seen twice)
    return tuple(
        (r.diagnostics, r.ops_checked, r.lines, r.passed_over, r.annotations_not_held) for r in (result, doubled)
    )


def test_there_are_inputs() -> None:
    assert len(INPUTS) >= 100


@pytest.mark.parametrize("path", INPUTS, ids=lambda p: str(p.relative_to(_TESTS)))
def test_keys_read_what_lines_read(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _result(path, True, monkeypatch) == _result(path, False, monkeypatch)


def test_names_in_strings_comments_and_locations_keep_their_lines_apart() -> None:
    """Lines of one key whose strings, comments or location aliases differ in a name."""
    text = (
        "module {\n  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
        + "".join(
            f'    %{k} = stablehlo.add %arg0, %arg0 {{s = "%x{k % 3}"}} : tensor<4xf32> loc(#loc{k % 2})\n'
            f"    %b{k} = stablehlo.add %{k}, %arg0 : tensor<4xf32> // %c{k}\n"
            f"    %c{k} = stablehlo.add %b{k}, %arg0 : tensor<4xf32> loc(fused[#loc{k}, loc(#l{k})])\n"
            f'    %d{k} = "foo.bar"(%c{k}) {{x = loc(#a{k % 2})}} : (tensor<4xf32>) -> tensor<4xf32>\n'
            for k in range(1500)
        )
        + '    return %d1499 : tensor<4xf32>\n  }\n}\n#loc0 = loc("a")\n#loc1 = loc("b")\n'
    )
    path = Path("strings.mlir")
    results = []
    for keyed_text in (0, 1 << 62):
        scan_text = scan.KEYED_TEXT
        scan.KEYED_TEXT = keyed_text
        try:
            r = check_text(str(path), text, Options())
        finally:
            scan.KEYED_TEXT = scan_text
        results.append((r.diagnostics, r.ops_checked, r.lines, r.passed_over))
    assert results[0] == results[1]


_HEAD = "module {\n  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"


def _body(count: int, start: int = 0) -> str:
    return "".join(
        f"    %{k} = stablehlo.add {'%arg0' if k == 0 else f'%{k - 1}'}, %arg0 : tensor<4xf32> loc(#loc{k})\n"
        f"    %c{k} = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
        for k in range(start, start + count)
    )


def _scanner_steps(count: int) -> float:
    """Python line events in the scanner's module per line of a function of ``count`` x 2 ops."""
    scanner_file = scan.__file__
    run = FileRun("f.mlir", Options())
    run.feed([_HEAD + _body(200)], False)  # (forms read, the run's tables made)
    text = _body(count, 200)
    _, steps = traced_lines(lambda: run.feed([text], False), lambda code: code.co_filename == scanner_file)
    run.feed([f"    return %{count + 199} : tensor<4xf32>\n  }}\n}}\n"], True)
    assert run.finish().diagnostics == []
    return steps / (2 * count)


def test_a_line_seen_before_is_a_few_steps_of_the_scanner() -> None:
    """At 6634fe8 each such line was 36 Python steps of ``Scanner.block`` (its row cut, its key
    built from five pieces, its location stripped, its names split, the next row looked at);
    read as keys it is 14 (its shape, the next line's, a slice of the block's names)."""
    assert _scanner_steps(4000) < 20


def _keyed_lines(text: str) -> int:
    """How many lines of ``text``, checked in blocks of about 1 MB, were read as keys."""
    keyed = 0
    run = FileRun("f.mlir", Options())
    scanner = run.scanner
    read_keyed = scanner._keyed

    def counted(text: str, first_line: int, keys: list[str], tokens: list[str]) -> int:
        nonlocal keyed
        keyed += len(keys)
        return read_keyed(text, first_line, keys, tokens)

    scanner._keyed = counted  # type: ignore[method-assign]
    lines = text.splitlines(keepends=True)
    block: list[str] = []
    size = 0
    for line in lines:
        block.append(line)
        size += len(line)
        if size >= 1 << 20:
            run.feed(["".join(block)], False)
            block, size = [], 0
    run.feed(["".join(block)], True)
    run.finish()
    return keyed


def test_only_blocks_whose_lines_repeat_are_read_as_keys() -> None:
    """A function of distinct statements is read line by line (its blocks' last lines, keyed,
    tell); one whose lines repeat is read as keys from its second block on."""
    distinct = _HEAD + "".join(f"    %{k} = stablehlo.constant dense<{k}.5> : tensor<4xf32>\n" for k in range(24000))
    assert _keyed_lines(distinct + "    return %arg0 : tensor<4xf32>\n  }\n}\n") == 0
    repeated = _HEAD + _body(20000)
    assert _keyed_lines(repeated + "    return %19999 : tensor<4xf32>\n  }\n}\n") > 30000
