"""Output that survives any input: the full format never sends a control character of the
input to the terminal, never echoes a huge line whole, keeps its markers under what they
mark, and wraps long messages on a terminal only; JSON keeps the exact text. Huge literals are read as one
token, so positions still come out right."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from broadcheck.syntax.parser import LITERAL_LIMIT, collapse_literals
from tests.conftest import Invoke

BAD_OP = '"tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>'


def _marker_columns(out: str, line_number: int) -> tuple[str, str]:
    """The source row and the marker row under it, in the full format."""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if re.match(rf"^\s*{line_number} \| ", line))
    return lines[at], lines[at + 1]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_control_characters_are_escaped(run: Invoke, here: Path) -> None:
    junk = "\x07\x00\x1b[2J"  # in a string: MLIR's lexer takes any of them there
    op = '"tf.AddV2"(%a, %b) {s = "' + junk + '"} : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>'
    Path("x.mlir").write_bytes(op.encode() + b" // \xe2\x80\xae\n")
    out = run("check", "--isolated", "x.mlir").out
    assert "\x1b" not in out and "\x00" not in out and "\x07" not in out and "\u202e" not in out
    source, markers = _marker_columns(out, 1)
    assert "\\x07\\x00" in source and "\\x1b[2J" in source  # escaped (the line is cut to fit, too)
    # The operand's marker sits under its type however wide the escapes made the line.
    start = markers.index("-")
    assert source[start : start + len("tensor<2xf32>")] == "tensor<2xf32>"
    data = json.loads(run("check", "--isolated", "--output-format", "json", "x.mlir").out)
    assert data[0]["labels"][0]["column"] == op.index("tensor<2xf32>") + 1  # exact, in characters


def test_a_line_starting_with_a_control_character_is_a_syntax_error(run: Invoke, here: Path) -> None:
    Path("x.mlir").write_bytes(b"\x1b]0;pwned\x07" + BAD_OP.encode() + b"\n")
    data = json.loads(run("check", "--isolated", "--output-format", "json", "x.mlir").out)
    assert [(d["code"], d["message"], d["line"], d["column"]) for d in data] == [
        ("BC001", "unexpected character", 1, 1)
    ]


def test_tabs_keep_markers_aligned(run: Invoke, here: Path) -> None:
    Path("x.mlir").write_text('\t\t%0 = "tf.AddV2"(%a,\t%b) : (tensor<3xf32>,\ttensor<2xf32>) -> tensor<3xf32>\n')
    source, markers = _marker_columns(run("check", "--isolated", "x.mlir").out, 1)
    label = markers.index("-")
    assert source[label : label + len("tensor<2xf32>")] == "tensor<2xf32>"


def test_a_2mb_line_is_cut_around_what_is_marked(run: Invoke, here: Path) -> None:
    Path("x.mlir").write_text(
        '%0 = "tf.AddV2"(%a, %b) {s = "' + "x" * 2_000_000 + '"} : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n'
    )
    out = run("check", "--isolated", "x.mlir").out
    assert len(out) < 3000
    source, markers = _marker_columns(out, 1)
    assert "..." in source and len(source) <= 120
    assert source[markers.index("^") :].startswith('"tf.AddV2"')
    assert source[markers.index("-") :].startswith("tensor<2xf32>")


def test_long_messages_wrap_between_words_on_a_terminal_only(run: Invoke, here: Path) -> None:
    from broadcheck.api import check_text
    from broadcheck.report.full import render_diagnostic

    Path("x.mlir").write_text(f"%0 = {BAD_OP}\n")
    # On a terminal (as the renderer is asked to draw for one), messages wrap to its width.
    d = check_text(Path("x.mlir").read_text(), path="x.mlir")[0]
    shown = render_diagnostic(d, {1: f"%0 = {BAD_OP}"}, 60, wrap=True).plain.splitlines()
    assert all(len(line) <= 60 for line in shown if " | " not in line)  # the marker row's label may run on
    assert shown[1].strip() == "broadcast-compatible shapes"
    note = next(line for line in shown if "= note:" in line)
    follow = shown[shown.index(note) + 1]
    assert follow.startswith(" " * note.index("note:")) and follow.strip()  # the rest, under the text
    # Off a terminal (a pipe, a file), a message is one line, for grep; the source line is cut.
    out = run("check", "--isolated", "x.mlir", env={"COLUMNS": "40"}).out.splitlines()
    assert any("= note: operand #1" in line and line.endswith("the operands before it") for line in out)
    assert all(len(line) <= 40 for line in out if re.match(r"\d+ \| ", line))


def test_a_huge_literal_is_one_token_and_never_echoed(run: Invoke, here: Path) -> None:
    values = "1.5, " * 300_000
    Path("x.mlir").write_text(
        f'%0 = "tf.AddV2"(%a, %b) {{v = dense<[{values}2.0]> : tensor<300001xf32>}} : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n'
    )
    result = run("check", "--isolated", "--output-format", "concise", "x.mlir")
    assert (
        result.out.splitlines()[0]
        == "x.mlir:1:6: error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC101]"
    )
    assert len(run("check", "--isolated", "x.mlir").out) < 3000


@pytest.mark.parametrize(
    "text",
    [
        "[" + "1, " * 600 + "2]",
        '[["a]b", 1,\n 2], ' * 200 + "[3]",
        "[" + "x" * (LITERAL_LIMIT + 5) + "]",
    ],
)
def test_collapsed_literals_keep_every_position(text: str) -> None:
    statement = f'"x.y"() {{v = dense<{text}> : tensor<1xf32>}} : () -> ()'
    collapsed = collapse_literals(statement)
    assert len(collapsed) == len(statement)
    assert [i for i, c in enumerate(collapsed) if c == "\n"] == [i for i, c in enumerate(statement) if c == "\n"]
    assert collapsed.startswith('"x.y"() {v = dense<[') and collapsed.endswith("]> : tensor<1xf32>} : () -> ()")


def test_a_literal_the_grammar_would_reject_is_left_for_it(run: Invoke, here: Path) -> None:
    bad = "[" + '"unterminated, ' + "1, " * 600 + "2]"
    statement = f'%0 = "tf.AddV2"(%a, %b) {{v = dense<{bad}> : tensor<1xf32>}} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>'
    assert collapse_literals(statement) == statement
    Path("x.mlir").write_text(statement + "\n")
    assert "BC001" in run("check", "--isolated", "--output-format", "concise", "x.mlir").out
