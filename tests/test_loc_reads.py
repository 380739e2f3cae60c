"""A file with debug locations read at the cost of one without (issue 31, Build 5: a JAX export of
376k ops with ``loc(#locN)`` on every line and 17k ``#locN = loc(...)`` lines).

What it must hold, counted (never timed): a block of such a file is not searched for a metadata
dictionary's ``{-#`` unless its last lines may be one (:func:`.read._may_end_in_metadata`, which
never says no where :func:`.read._metadata` finds one); the location aliases a block starts with
are passed over in one match, not a row of the scanner each, with the same result; and a statement
of thousands of operands (the export's ``return``) is read by the fast reader with no Python step
an operand, as the token reader reads it.
"""

from __future__ import annotations

import itertools
import random

import pytest

from broadcheck.engine import read, scan
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun, check_text
from broadcheck.syntax import parts, simple
from broadcheck.syntax.statement import read_statement
from tests.steps import traced_lines

_HEAD = "module {\n  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"


def _aliases(count: int, start: int = 0) -> str:
    return "".join(f'#loc{k} = loc("model.py":{k}:{k % 7})\n' for k in range(start, start + count))


def _body(count: int) -> str:
    return "".join(
        f"    %{k} = stablehlo.add {'%arg0' if k == 0 else f'%{k - 1}'}, %arg0 : tensor<4xf32> loc(#loc{k % 50})\n"
        for k in range(count)
    )


def _file(count: int) -> str:
    return _aliases(50) + _HEAD + _body(count) + f"    return %{count - 1} : tensor<4xf32>\n  }}\n}}\n"


def _blocks(text: str, size: int = 1 << 14) -> list[str]:
    """``text`` in blocks of about ``size`` characters, each ending at a line end."""
    blocks, at = [], 0
    while at < len(text):
        cut = text.find("\n", at + size)
        cut = len(text) if cut < 0 else cut + 1
        blocks.append(text[at:cut])
        at = cut
    return blocks


def _fed(text: str) -> FileRun:
    run = FileRun("f.mlir", Options())
    blocks = _blocks(text)
    for k, block in enumerate(blocks):
        run.feed([block], k == len(blocks) - 1)
    return run


def test_a_file_with_locations_is_not_searched_for_its_metadata_block_by_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 46d4b16 each block was searched for ``{-#`` (its ``#`` found at once: ``#loc`` on every
    line), 29 ms over the 42 MB export; now only a block whose last line may be a dictionary's."""
    searched = 0
    holds = read._holds_meta_open

    def counted(text: str) -> bool:
        nonlocal searched
        searched += 1
        return holds(text)

    monkeypatch.setattr(read, "_holds_meta_open", counted)
    text = _file(4000)
    assert len(_blocks(text)) > 10
    result = _fed(text).finish()
    assert result.diagnostics == [] and result.ops_checked == 4000
    assert searched == 1  # (the last block, which ends with the module's `}`: a line a dictionary may hold)


def _scanned(run: FileRun) -> list[str]:
    """The texts ``run``'s scanner is given, from here on."""
    scanned: list[str] = []
    block = run.scanner.block

    def kept(text: str, first_line: int) -> int:
        scanned.append(text)
        return block(text, first_line)

    run.scanner.block = kept  # type: ignore[method-assign]
    return scanned


def test_a_dictionary_at_the_end_is_still_found_and_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same file ending with a metadata dictionary: it is found (its lines are blank to the
    scanner) whether the blocks end in it or after it."""
    dictionary = '{-#\n  dialect_resources: {\n    builtin: {\n      w: "0x04000000"\n    }\n  }\n#-}\n'
    text = _file(400) + dictionary
    whole = check_text("f.mlir", text, Options())
    assert whole.diagnostics == []
    for size in (8, 64, 1 << 10):
        run = FileRun("f.mlir", Options())
        blocks = [text[: len(text) - size], text[len(text) - size :]]
        cut = blocks[0].rfind("\n") + 1
        blocks = [blocks[0][:cut], blocks[0][cut:] + blocks[1]]
        scanned = _scanned(run)
        run.feed([blocks[0]], False)
        run.feed([blocks[1]], True)
        assert run.finish().diagnostics == []
        assert "".join(scanned).count("\n") == text.count("\n") and "{-#" not in "".join(scanned)


_LINES = [
    "    %1 = stablehlo.add %0, %0 : tensor<4xf32> loc(#loc1)",
    "  }",
    "}",
    "{-#",
    "  {-#",
    "#-}",
    "  #-}",
    "  dialect_resources: {",
    "    builtin: {",
    '      w: "0x0400"',
    '      w: "0x0400",',
    "    },",
    "  key: 12,",
    "  flag: true",
    "",
    "   ",
    "\t",
    "\r",
    "#loc1 = loc(unknown)",
    '      x: "' + "0" * 300 + '"',
    "  // a comment",
]


def test_the_last_line_never_says_no_where_the_search_finds_a_dictionary() -> None:
    """:func:`.read._may_end_in_metadata` against :func:`.read._metadata` on every text of up to
    four of these lines (and 20,000 random ones of up to twelve), with and without a last line end,
    at the top level or not."""
    rng = random.Random(31)
    texts = [list(c) for n in range(1, 5) for c in itertools.product(_LINES, repeat=n)]
    texts += [[rng.choice(_LINES) for _ in range(rng.randint(1, 12))] for _ in range(20_000)]
    said_no = 0
    for lines in texts:
        for ending in ("\n", ""):
            text = "\n".join(lines) + ending
            for top in (True, False):
                found = read._metadata(text, top)
                if not read._may_end_in_metadata(text):
                    said_no += 1
                    assert found is None, text
    assert said_no > 10_000  # (it does say no: most texts end with an op or a bracket)


def test_the_location_aliases_a_block_starts_with_are_one_match() -> None:
    """At 46d4b16 each ``#locN = loc(...)`` line was a row of the scanner's line-by-line pass
    (about 10 Python steps of ``Scanner._rows`` a line); now a block of them is a few steps."""
    scanner_file = scan.__file__
    run = FileRun("f.mlir", Options())
    _, steps = traced_lines(lambda: run.feed([_aliases(5000)], False), lambda code: code.co_filename == scanner_file)
    assert steps < 50
    run.feed([_HEAD + _body(10) + "    return %9 : tensor<4xf32>\n  }\n}\n"], True)
    assert run.finish().diagnostics == []


_EDGES = [
    _aliases(30),
    "#loc = loc(unknown)\n#loc1 = loc(\"a\"(#loc))\n#loc2 = loc('x')\n" + _aliases(5, 3),
    _aliases(3) + '  #loc9 = loc("indented")\n' + _aliases(3, 10),
    _aliases(3) + '#loc1 = loc("again")\n',  # (defined twice: as the lines were read)
    _aliases(3) + '#loc7 = loc("x")  \r\n#loc8 = loc("y") // c\n',
    _aliases(3) + '#loc7 = loc("unclosed\n' + _aliases(2, 20),
    "  " + _aliases(2),
    '#map = affine_map<(d0) -> (d0)>\n#loc1 = loc("a")\n',
    _aliases(4).rstrip("\n"),  # (no last line end)
]


@pytest.mark.parametrize("start", _EDGES, ids=range(len(_EDGES)))
def test_aliases_passed_over_at_once_read_as_row_by_row(start: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a file starting with location aliases (and their near misses) checks to is what
    the scanner's rows, one by one, made of it."""
    text = start + ("\n" if not start.endswith("\n") else "") + _file(20)
    results = []
    for passed in (True, False):
        with monkeypatch.context() as patch:
            if not passed:
                patch.setattr(scan, "_LOCATION_ALIASES", scan.lazy("(?!)"))
            r = check_text("f.mlir", text, Options())
            fed = _fed(text).finish()
        results.append([(x.diagnostics, x.ops_checked, x.lines, x.passed_over) for x in (r, fed)])
    assert results[0] == results[1]


def _return(count: int, generic_types: bool = False) -> str:
    types = ", ".join(f"tensor<{k % 9 + 1}x768xf32>" for k in range(count))
    return f"return {', '.join(['%_'] * count)} : {types}"


@pytest.mark.parametrize(
    "key",
    [
        _return(1),
        _return(2),
        _return(700),
        "stablehlo.return %_, %_, %_ : tensor<f32>, tensor<4xf32, #enc>, tensor<2x?xi8>",
        "%_ = stablehlo.add %_, %_ : tensor<4xf32>",
        "%_ = stablehlo.concatenate "
        + ", ".join(["%_"] * 40)
        + " : ("
        + ", ".join(["tensor<1xf32>"] * 40)
        + ") -> tensor<40xf32>",
        '%_ = "foo.bar"(' + ", ".join(["%_"] * 30) + ") : (" + ", ".join(["f32"] * 30) + ") -> f32",
        "foo.baz " + ", ".join(["%_"] * 30) + " : (" + ", ".join(["f32"] * 29) + ", tensor<f32, >) -> ()",
    ],
)
def test_many_operands_read_fast_as_the_reader_reads_them(key: str) -> None:
    fast = simple.simple_statement(key)
    assert fast is not None and fast == read_statement(key)


def test_a_return_of_thousands_of_values_is_read_with_no_python_step_a_value() -> None:
    """At 46d4b16 the fast reader made each operand's use and items in a Python loop, and each
    type in a generator (about 7 steps an operand: 57 ms for the export's return of 17k values)."""
    files = {simple.__file__, parts.__file__}
    key = _return(5000)
    statement, steps = traced_lines(lambda: simple.simple_statement(key), lambda code: code.co_filename in files)
    assert statement is not None and len(statement.operands) == 5000 and len(statement.items) == 2 * 5000
    assert steps < 100


def test_the_match_of_aliases_takes_the_lines_a_row_passes_over() -> None:
    """:data:`.scan._LOCATION_ALIASES` (one line) against what ``Scanner._rows`` passes over, a row's
    ``other`` that :data:`.scan._LOCATION_ALIAS` matches, on 30,000 random lines near such aliases."""
    from broadcheck.syntax.lines import ROW

    rng = random.Random(5)
    pieces = ["#loc1", "#l.$-2", " = ", "loc(", ")", "(", '"', '\\"', "\\", "a", ":3:4", " ", "\t", "\r", "#", "é"]
    taken = 0
    for _ in range(30_000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 9)))
        if rng.random() < 0.5:
            line = rng.choice(["", "  ", "\t"]) + "#loc7 = loc(" + line
        line = line.replace("\n", "")
        row = ROW.match(line)
        assert row is not None
        other = row.group("other") or ""
        passed = bool(other) and not (row.group("generic") or row.group("custom"))
        passed = passed and scan._LOCATION_ALIAS.match(other) is not None
        found = scan._LOCATION_ALIASES.fullmatch(line + "\n") is not None
        assert found == passed, repr(line)
        taken += found
    assert taken > 200  # (440: it does take lines, with strings, escapes and `\r` in them)
