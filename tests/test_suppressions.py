"""Suppressions are comments: never found inside a string literal, and a malformed one is a
located error of its own (BC004), never a blanket ignore. Property tests hold the comment
finder to a character-by-character lexer, and the suppressions to a reference grammar: no
random text in a string, and no random comment, suppresses more than the grammar says."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broadcheck.api import check_text
from broadcheck.text import _COMMENT, comment_start

OP = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>'  # BC101 at 1:6
OP_WITH = '%0 = "tf.AddV2"(%a, %b) {{s = "{}"}} : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>'


def codes(text: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.code) for d in check_text(text, path="x.mlir")]


def _reference_comment_start(line: str) -> int:
    """MLIR's lexer, one character at a time."""
    i, n = 0, len(line)
    while i < n:
        if line[i] == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            if i >= n:
                return -1
            i += 1
        elif line.startswith("//", i):
            return i
        else:
            i += 1
    return -1


@settings(max_examples=2000, deadline=None)
@given(st.text('"\\/ ab', max_size=30))
def test_comment_start_is_the_lexers(line: str) -> None:
    assert comment_start(line) == _reference_comment_start(line)


@pytest.mark.parametrize(
    "line",
    [
        '"\\"' * 300_000 + "//",
        '"' + "\\\\" * 500_000 + "//",
        "/ " * 500_000 + "//",
        '"a"' * 300_000 + "//",
        '" " /' * 300_000 + "//",
    ],
)
def test_comment_start_is_right_on_megabyte_lines(line: str) -> None:
    assert comment_start(line) == _reference_comment_start(line)  # its time: bench/linear.py (`make bench`)


def _repeats(pattern: object) -> list[str]:
    """The name of every repeat in a parsed regular expression, nested ones included."""
    found: list[str] = []
    for op, arg in pattern:  # type: ignore[attr-defined]
        if str(op).endswith("REPEAT"):
            found.append(str(op))
        for part in arg if isinstance(arg, (list, tuple)) else [arg]:
            if isinstance(part, re._parser.SubPattern):  # type: ignore[attr-defined]
                found += _repeats(part)
            elif isinstance(part, (list, tuple)):
                for inner in part:
                    if isinstance(inner, re._parser.SubPattern):  # type: ignore[attr-defined]
                        found += _repeats(inner)
    return found


def test_comment_start_never_backtracks() -> None:
    # Linear in the line because every repeat of its one regular expression is possessive
    # (it never gives back what it took), so each character is looked at a bounded number of
    # times: counted in the compiled program rather than timed (a timing fails on a loaded machine).
    repeats = _repeats(re._parser.parse(_COMMENT.pattern, _COMMENT.flags))  # type: ignore[attr-defined]
    assert repeats and set(repeats) == {"POSSESSIVE_REPEAT"}, repeats
    assert set(_repeats(re._parser.parse('(?:a|"(?:b)*")*//'))) == {"MAX_REPEAT"}  # the walk sees greedy ones


def test_a_directive_inside_a_string_is_text() -> None:
    text = '"foo.doc"() {text = "see // broadcheck: file-ignore"} : () -> ()\n' + OP + "\n"
    assert codes(text) == [(2, 6, "BC101")]
    text = OP_WITH.format("x // broadcheck: ignore") + "\n"
    assert codes(text) == [(1, 6, "BC101")]
    text = OP_WITH.format('q\\" // broadcheck: ignore') + "\n"  # an escaped quote does not end the string
    assert codes(text) == [(1, 6, "BC101")]
    # After the string, a comment is a comment.
    text = OP_WITH.format("// x") + "  // broadcheck: ignore[BC101]\n"
    assert codes(text) == []


@pytest.mark.parametrize(
    ("comment", "reason"),
    [
        ("// broadcheck: ignore[BC101", "expected ']' after the codes"),
        ("// broadcheck: ignore BC101", "the codes go in brackets, as in 'ignore[BC101]'"),
        ("// broadcheck: ignore(BC101)", "the codes go in brackets, as in 'ignore[BC101]'"),
        ("// broadcheck: ignore:BC101", "the codes go in brackets, as in 'ignore[BC101]'"),
        ("// broadcheck: file-ignore BC101", "the codes go in brackets, as in 'file-ignore[BC101]'"),
        ("// broadcheck: ignore[]", "an empty list of codes (a bare 'ignore' covers every code)"),
        ("// broadcheck: ignore[BC1]", "'BC1' is not a code such as BC101"),
        ("// broadcheck: ignore[BC101 BC102]", "'BC101 BC102' is not a code such as BC101"),
        ("// broadcheck: ignored", "expected 'ignore' or 'file-ignore' after 'broadcheck:'"),
        ("// broadcheck:", "expected 'ignore' or 'file-ignore' after 'broadcheck:'"),
        ("// broadcheck: ignore[BC101] because", "unexpected text after the directive"),
    ],
)
def test_a_malformed_directive_is_a_located_error_and_suppresses_nothing(comment: str, reason: str) -> None:
    for text, line, column in ((f"{OP}  {comment}\n", 1, len(OP) + 3), (f"{comment}\n{OP}\n", 1, 1)):
        found = check_text(text, path="x.mlir")
        op_line = 2 if text.startswith("//") else 1
        assert [(d.code, d.line) for d in found if d.code == "BC101"] == [("BC101", op_line)]
        bad = [d for d in found if d.code == "BC004"]
        assert len(bad) == 1
        assert (bad[0].line, bad[0].column, bad[0].severity) == (line, column, "error")
        assert bad[0].message.startswith(f"malformed suppression '{comment.rstrip()}': {reason}")


def test_a_file_wide_malformed_directive_hides_nothing() -> None:
    text = "// broadcheck: file-ignore BC101\n" + OP + "\n" + OP + "\n"
    assert [c for *_, c in codes(text)] == ["BC004", "BC101", "BC101"]


def test_well_formed_directives() -> None:
    assert codes(f"{OP}  // broadcheck: ignore[BC101]\n") == []
    assert codes(f"{OP}  // broadcheck: ignore [ bc101 , ]\n") == []
    assert codes(f"{OP}  // stale // broadcheck: ignore[BC101] // why\n") == []
    assert codes(f"// broadcheck: ignore\n{OP}\n") == []
    assert codes(f"{OP}\n// broadcheck: file-ignore[BC101]\n{OP}\n") == []
    # `// CHECK:` and `// RUN:` lines that mention it are not directives.
    assert codes(f"// CHECK: broadcheck: ignore\n{OP}\n") == [(2, 6, "BC101")]
    assert codes(f"{OP}  // broadcheck: ignore[BC102]\n") == [(1, 6, "BC101"), (1, len(OP) + 3, "BC003")]


# ----------------------------------------------------------------------------- properties

_FRAGMENTS = [
    "//",
    " ",
    "\t",
    "broadcheck:",
    "broadcheck",
    ":",
    "ignore",
    "file-ignore",
    "[",
    "]",
    ",",
    "BC101",
    "bc101",
    "BC102",
    "BC1",
    "(",
    ")",
    '"',
    "\\",
    "x",
    "-",
]
_CODE = r"[Bb][Cc][0-9]{3}"
_LIST = rf"\[(?:[ \t]*,)*[ \t]*{_CODE}(?:[ \t]*,(?:[ \t]*,)*[ \t]*{_CODE})*(?:[ \t]*,)*[ \t]*\]"
# A directive, as the README states it: `//`, blanks, `broadcheck:`, blanks, `ignore` or
# `file-ignore`, optionally a bracketed list of codes, then blanks, and the end of the line
# or another `//`.
_DIRECTIVE = re.compile(rf"//[ \t]*broadcheck:[ \t]*(ignore|file-ignore)(?:[ \t]*({_LIST}))?[ \t]*(?=//|$)")


def _covers(comment: str, code: str) -> bool:
    """Whether the comment (the text from the line's `//` on) holds a directive covering ``code``."""
    for m in re.finditer(r"//", comment):
        directive = _DIRECTIVE.match(comment, m.start())
        if directive is None:
            continue
        listed = directive.group(2)
        if listed is None or code in re.findall(_CODE, listed.upper()):
            return True
    return False


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=12))
def test_text_in_a_string_never_suppresses(fragments: list[str]) -> None:
    inside = "".join(fragments)
    found = codes(OP_WITH.format(_escaped(inside)) + "\n")
    assert found == [(1, 6, "BC101")]


@st.composite
def _near_directives(draw: st.DrawFn) -> list[str]:
    """A well-formed directive's pieces with a few random edits (most comments are near misses)."""
    kind = draw(st.sampled_from(["ignore", "file-ignore"]))
    listed = draw(
        st.sampled_from([[], ["[", "BC101", "]"], ["[", "BC102", ",", " ", "BC101", "]"], ["[", "BC102", "]"]])
    )
    pieces = [" ", "broadcheck:", " ", kind, *listed]
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(pieces)))
        what = draw(st.sampled_from(["insert", "delete", "replace"]))
        fragment = draw(st.sampled_from(_FRAGMENTS))
        if what == "insert" or not pieces:
            pieces.insert(at, fragment)
        elif what == "delete":
            del pieces[min(at, len(pieces) - 1)]
        else:
            pieces[min(at, len(pieces) - 1)] = fragment
    return pieces


@settings(max_examples=1500, deadline=None)
@given(st.one_of(st.lists(st.sampled_from(_FRAGMENTS), max_size=14), _near_directives()), st.booleans())
def test_a_comment_suppresses_no_more_than_the_grammar_says(fragments: list[str], above: bool) -> None:
    # The comment runs to the end of the line: quotes in it are text.
    comment = "//" + "".join(fragments)
    text = f"{comment}\n{OP}\n" if above else f"{OP}  {comment}\n"
    found = codes(text)
    suppressed = (2 if above else 1, 6, "BC101") not in found
    assert suppressed == _covers(comment, "BC101"), (comment, found)
    # A comment that starts like a directive but is not one is reported, never silent.
    starts = [m.start() for m in re.finditer(r"//[ \t]*broadcheck:", comment)]
    malformed = sum(1 for s in starts if _DIRECTIVE.match(comment, s) is None)
    assert sum(1 for *_, c in found if c == "BC004") == malformed, (comment, found)
