"""The configuration's plain TOML reader (``plaintoml.loads``): whatever it reads, it reads as
``tomllib`` does (the same values, types and key order); whatever it does not, it leaves to
``tomllib`` (None), valid or not, so an error is still tomllib's, word for word."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broadcheck import config
from broadcheck.plaintoml import loads as _plain_toml


def _same(text: str) -> str | None:
    """None when the plain reader agrees with tomllib on ``text``; else what differs."""
    plain = _plain_toml(text)
    if plain is None:
        return None
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return f"read {plain!r}; tomllib: {err}"
    # repr: the same types (True is not 1) and the same key order
    return None if repr(plain) == repr(expected) else f"read {plain!r}; tomllib {expected!r}"


# Read plainly (asserted not None), as tomllib reads them.
PLAIN = [
    "",
    "\n# only a comment\n",
    '[tool.broadcheck]\nprofile = "llvm"\n',
    '[tool.broadcheck]\nprofile = "llvm"',  # no final line end
    "[tool.broadcheck]\nselect = ['BC1', \"BC2\",]  # a comment\nignore = []\nrespect-gitignore = false\n",
    '[tool.broadcheck]\nexclude = [\n  "a/*",  # why\n  # a line of its own\n  "b",\n]\n',
    '[tool.broadcheck.ops]\n"tf.*" = "numpy"\n\'x.y\' = "none"\n',
    '[tool.broadcheck.per-file-ignores]\n"legacy/*" = ["BC1"]\n',
    '[tool.broadcheck]\nops = { "tf.*" = "numpy", a.b = "none" }\nsplit-input-file = true\n',
    "[tool.other]\nn = -0\nm = 12\nt = true\nnested = [[1, 2], ['a'], []]\n[tool.broadcheck]\n",
    "[a.b]\n[a]\nx = 1\n",
    "[a]\n[a.b]\nx = 1\n",
    "a.b = 1\na.c = 2\n[x]\n",
    "[ a . b ]\nc=1\t# tab\n",
    "a = 'C:\\path'\nb = \"\"\nc = ''\n",
    "a = {}\nb = { }\n",
    '[project]\nname = "x"\nversion = "1"\ndependencies = [\n    "click>=8.1",\n    "lark",\n]\n'
    'license = { text = "MIT" }\n[tool.broadcheck]\nprofile = "llvm"\n',
]

# Left to tomllib (None): outside the subset, valid TOML or not.
NOT_PLAIN = [
    "a = 01",
    "a = +1",
    "a = 1.5",
    "a = 1_000",
    "a = 0x10",
    "a = inf",
    "a = 1979-05-27",
    "a = truex",
    'a = """x"""',
    "a = '''x'''",
    'a = "x\\"y"',
    'a = "x',
    "a = [,]",
    "a = {b=1,}",
    "a = {b = [\n1]}",
    "[[a]]\n",
    "[a]\nb = 1\n[a]\n",
    "[a]x",
    "a b = 1",
    "= 1",
    "a =",
    "a = 1 2",
    "a = 1,",
    "a = 1\na.b = 2",
    "a.b = 1\na = 2",
    "a = {}\n[a.b]\n",
    "a = {b = 1}\na.c = 2",
    "a = [{b = 1}]\n[a.c]\n",
    "[a]\nb.c = 1\n[a.b]\n",
    "[a]\nb.c = 1\n[a.b.d]\n",  # valid TOML, but not read here
    "[a.b.c]\n[a]\nb.d = 1",
    'a = "\x01"',
    "a = 1\r\n",
    "\ufeffa = 1",
    "a = 'é'",
    "a = 1\na = 1",
    "a = [" * 40 + "]" * 40,
]


@pytest.mark.parametrize("text", PLAIN)
def test_a_plain_document_is_read_as_tomllib_reads_it(text: str) -> None:
    assert _plain_toml(text) is not None
    assert _same(text) is None


@pytest.mark.parametrize("text", NOT_PLAIN)
def test_anything_else_is_left_to_tomllib(text: str) -> None:
    assert _plain_toml(text) is None


PIECES = [
    "a",
    "b",
    "tool",
    "broadcheck",
    "1",
    "-",
    "_",
    ".",
    " ",
    "\t",
    "=",
    " = ",
    "[",
    "]",
    "[[",
    "{",
    "}",
    ",",
    "#",
    "# c",
    '"',
    "'",
    '"x"',
    "'y'",
    '""',
    "\\",
    "true",
    "false",
    "0",
    "-0",
    "01",
    "12",
    "1.5",
    "\n",
    "\n",
    "\r",
    "+",
]
LINES = [
    "[a]",
    "[a.b]",
    "[tool.broadcheck]",
    "[b]",
    "a = 1",
    "b = 'x'",
    'a.b = "y"',
    "b.c = true",
    "c = [1, 'x', [2],]",
    "d = {e = 1, f.g = [3]}",
    "e = [\n 1, # c\n 2\n]",
    "# comment",
    "",
]


@settings(max_examples=1500)
@given(st.lists(st.one_of(st.sampled_from(LINES), st.lists(st.sampled_from(PIECES), max_size=8).map("".join))))
def test_the_plain_reader_never_reads_otherwise_than_tomllib(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert _same(text) is None


@settings(max_examples=500)
@given(st.lists(st.sampled_from(LINES), min_size=1))
def test_documents_of_plain_lines_are_read(lines: list[str]) -> None:
    # The property above can see a difference: here most documents are read plainly.
    text = "\n".join(lines)
    assert _same(text) is None


def test_plain_lines_are_mostly_read_plainly() -> None:
    read = sum(_plain_toml(line) is not None for line in LINES)
    assert read == len(LINES)


def test_a_configuration_file_is_read_without_tomllib_when_plain(tmp_path: Path) -> None:
    # config._read gives what tomllib gives, plain or not; an error is tomllib's.
    for n, text in enumerate([*PLAIN, '[tool.broadcheck]\nprofile = "llvm"\nx = 1979-05-27\n']):
        path = tmp_path / f"{n}.toml"
        path.write_text(text)
        assert repr(config._read(str(path))) == repr(tomllib.loads(text))
    path = tmp_path / "bad.toml"
    path.write_text("[a]\nb = 1\n[a]\n")
    with pytest.raises(config.ConfigError, match="invalid TOML: Cannot declare"):
        config._read(str(path))
