"""Where BC005 ("expected operation name in quotes") points when a module ends with a region still
open, a ``}`` closes none (on its own line, or after the ``}`` that closed the last region), a file
metadata dictionary's ``{-#`` or an alias's definition stands in a region, or a line starts no
statement: where mlir-opt's parser puts an error at a token it did not expect
(``Parser::emitWrongTokenError``). At the end of the text it moves back one character; then it
backs up over spaces, tabs and line ends, and over the comment of each line before the token's.

Every expected place below is what ``iree-opt`` 3.13 (``--allow-unregistered-dialect``, and
``--split-input-file`` for the chunks) printed for the same text.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun, check_text

OPEN = "module {\nfunc.func @f() {\n  return\n}"
"""A module whose closing ``}`` is missing: the parser meets the end (or what follows) in it."""

RESOURCES = '{-#\n  dialect_resources: {\n    builtin: {\n      b: "0x04000000"\n    }\n  }\n#-}\n'
INDENTED = "".join(f"  {line}\n" for line in RESOURCES.splitlines())

CASES = {
    # the end of the file
    "no line end": (OPEN, (3, 9)),  # (the one character back is the `}`: the line before it)
    "a line end": (OPEN + "\n", (4, 2)),
    "blank lines": (OPEN + "\n\n", (4, 2)),
    "a comment last": (OPEN + "\n// c\n", (5, 5)),  # (the last line's comment is where it backs up from)
    "a comment last, no line end": (OPEN + "\n// c", (5, 3)),
    "a comment, then a blank line": (OPEN + "\n  \n// c\n\n", (4, 2)),
    "a comment after the brace": (OPEN + " // x\n", (4, 7)),
    "two comments last": (OPEN + "\n// a\n// b\n", (6, 5)),
    "an indented comment last": (OPEN + "\n  // c  \n", (5, 7)),
    "crlf, a comment last": (OPEN.replace("\n", "\r\n") + "\r\n// c\r\n", (4, 2)),
    "crlf, a blank line": (OPEN.replace("\n", "\r\n") + " \r\n\r\n", (4, 2)),
    "a // in a string": (OPEN + '\n%0 = "t.x"() {s = "a//b"} : () -> i32\n\n', (5, 38)),
    # a file metadata dictionary after the module's last op: the parser stops at its `{-#`
    "resources": (OPEN + "\n" + RESOURCES, (4, 2)),
    "a comment, then resources": (OPEN + " // done\n\n" + RESOURCES, (4, 2)),
    # a `}` that closes nothing, at the start of its line
    "a stray brace": ("func.func @f() {\n  return\n}\n}\n", (3, 2)),
    "a stray brace after a comment": ("func.func @f() {\n  return\n}\n// c\n}\n", (3, 2)),
    "an indented stray brace": ("func.func @f() {\n  return\n}\n  \n\n   }\n", (3, 2)),
    # ... or on the line of the `}` that closed the last region (just after that one)
    "a brace after the last": ("func.func @f() {\n  return\n} }\n", (3, 2)),
    "a brace after the last two": ("module {\nfunc.func @f() {\n  return\n} } }\n", (4, 4)),
    "two after a return": ("func.func @f() {\n  return  }  }\n", (2, 12)),
    # a file metadata dictionary in a region: MLIR's lexer reads `{-#` wherever it is, its parser
    # takes it only at the top level and wanted an op there
    "resources in a module": ("module {\nfunc.func @f() {\n  return\n}\n" + INDENTED + "}\n", (4, 2)),
    "resources in a module, at the line start": (
        "module {\nfunc.func @f() {\n  return\n}\n" + RESOURCES + "}\n",
        (4, 2),
    ),
    "resources after an op": (
        'func.func @f(%a: i32) -> i32 {\n  %0 = "t.x"(%a) : (i32) -> i32 // c\n  {-# #-}\n  return %0 : i32\n}\n',
        (2, 32),
    ),
    "resources before a brace": ("func.func @f() {\n  return\n  {-# #-} }\n", (2, 9)),
    # an alias's definition in a region: aliases are defined at the top level only
    "an attribute alias in a module": (
        "module {\n  #map = affine_map<(d0) -> (d0)>\n  func.func @f() {\n    return\n  }\n}\n",
        (1, 9),
    ),
    "a type alias in a function": ("func.func @f() {\n  !t = tensor<2xf32>\n  return\n}\n", (1, 17)),
    "a location alias in a function": ('func.func @f() {\n  return\n  #loc1 = loc("b")\n}\n', (2, 9)),
    # a line that starts no statement (a value's `%` lost): the parser wanted an op's name
    "a result without its %": (
        'func.func @f(%a: tensor<2xf32>) {\n  0 = "x.op"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n',
        (1, 34),
    ),
    "a result without its %, first in the file": ('// c\n0 = "x.y"() : () -> i32\n', (2, 1)),
}
CLOSED = [
    "module { func.func @f() { return } }\n",
    "module {\nfunc.func @f() {\n  return\n} }\n",
    "func.func @f() {\n  return\n}\n" + RESOURCES + "func.func @g() {\n  return\n}\n",
    '#loc = loc("a")\nfunc.func @f() {\n  return loc(#loc)\n}\n#loc1 = loc("b")\n',
]
"""Regions closed on one line, a dictionary at the top level between two ops, a location alias
after a function: nothing to say (iree-opt accepts them)."""


@pytest.mark.parametrize("name", list(CASES))
def test_where_mlir_opt_puts_it(name: str) -> None:
    text, place = CASES[name]
    (found,) = check_text("t.mlir", text, Options()).diagnostics
    assert (found.code, found.message) == ("BC005", "expected operation name in quotes")
    assert (found.span.line, found.span.column) == place


@pytest.mark.parametrize("text", CLOSED)
def test_regions_closed_on_one_line(text: str) -> None:
    assert check_text("t.mlir", text, Options()).diagnostics == []


SPLIT = {
    "a chunk before a marker": (OPEN + "\n// -----\nfunc.func @g() {\n  return\n}\n", (4, 2)),
    "a comment before the marker": (OPEN + "\n// c\n// -----\nfunc.func @g() {\n  return\n}\n", (5, 5)),
    "blank lines before the marker": (OPEN + "\n\n// -----\n", (4, 2)),
    "a comment and a blank line before it": (OPEN + "\n// c\n\n// -----\n", (4, 2)),
}


@pytest.mark.parametrize("name", list(SPLIT))
def test_a_chunk_ends_where_its_marker_starts(name: str) -> None:
    text, place = SPLIT[name]
    (found,) = check_text("t.mlir", text, Options(split_marker="// -----")).diagnostics
    assert (found.code, (found.span.line, found.span.column)) == ("BC005", place)


@pytest.mark.parametrize("size", [7, 64, 1 << 20])
def test_the_same_in_blocks(size: int) -> None:
    """Fed in blocks (as a file is read), the lines backed over may lie in earlier blocks."""
    for name, (text, place) in CASES.items():
        lines = text.split("\n")
        run = FileRun("t.mlir", Options(), None, lambda numbers, lines=lines: _lines(lines, numbers))
        for at in range(0, len(text), size):
            run.feed(text[at : at + size], final=at + size >= len(text))
        (found,) = run.finish().diagnostics
        assert (found.span.line, found.span.column) == place, name


def test_a_long_run_of_comments_is_fetched_in_few_reads() -> None:
    # Counts work: 5,000 comment lines after the module, read in blocks of 4 KB; the lines backed
    # over that left the segment are fetched a thousand at a time, not one read each.
    text = OPEN + "\n" + "// filler\n" * 5000 + "\n"
    lines = text.split("\n")
    asked: list[list[int]] = []

    def fetch(numbers):  # type: ignore[no-untyped-def]
        asked.append(list(numbers))
        return _lines(lines, asked[-1])

    run = FileRun("t.mlir", Options(), None, fetch)
    for at in range(0, len(text), 4096):
        run.feed(text[at : at + 4096], final=at + 4096 >= len(text))
    (found,) = run.finish().diagnostics
    assert (found.span.line, found.span.column) == (4, 2)
    assert len(asked) <= 7


def _lines(lines: list[str], numbers: Iterable[int]) -> dict[int, str]:
    return {n: lines[n - 1].removesuffix("\r") for n in numbers if 0 < n <= len(lines)}
