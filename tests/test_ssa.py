"""The value-flow reader's fast path reads a simple line exactly as its general path does.

:func:`broadcheck.syntax.ssa.read` takes a one-line op in canonical spacing
through one regex (``SIMPLE``) and everything else through a tokenizer. For
every line of the fixtures, the examples and a generated model, both must give
the same facts; the only allowed difference is brace counting inside attribute
dictionaries, where the fast path counts none and the general path counts as
many ``}`` as ``{`` (the same scopes either way).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench import gen2
from bench.gen import generate
from broadcheck.syntax import ssa
from tests.mutations import corpus

LINES = sorted(
    {
        line
        for text in [*corpus(), "\n".join(generate(3000, seed=5)), "\n".join(gen2.generate(3000, seed=5))]
        for line in text.split("\n")
    }
    | {
        '    "test.terminator"(%7) : (tensor<32x128xf32>) -> ()',
        '  "tf.Yield"(%a, %b#1) {device = ""} : (tensor<2xf32>, tensor<f32>) -> ()',
        "  tosa.yield %a : (tensor<2xf32>) -> ()",
        '  %0 = stablehlo.add %a, %b {x = "%c:"} : tensor<4xf32>',
        "  %0 = arith.constant 1 : tensor<4xf32>",
        "  %0:2 = stablehlo.add %a, %b : tensor<4xf32> loc(#loc3)",
        "  %0 = stablehlo.add %a, %b : tensor<4xf32>> loc(#loc3)",
        '    "stablehlo.return"() : () -> ()',
    }
)
SIMPLE_LINES = [line for line in LINES if ssa.SIMPLE.match(line)]


def slow(line: str, monkeypatch: pytest.MonkeyPatch) -> ssa.Line:
    with monkeypatch.context() as patch:
        patch.setattr(ssa, "SIMPLE", re.compile(r"(?!)"))
        return ssa.read(line)


def test_there_are_many_simple_lines() -> None:
    assert len(SIMPLE_LINES) > 1000
    assert any(ssa.SIMPLE.match(line).group("results") is None for line in SIMPLE_LINES)  # type: ignore[union-attr]


def test_fast_and_general_paths_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    differ = []
    for line in SIMPLE_LINES:
        fast, general = ssa.read(line), slow(line, monkeypatch)
        if fast.opens == fast.closes and general.opens == general.closes:
            general.opens, general.closes = fast.opens, fast.closes
        if fast != general:
            differ.append((line, fast, general))
    assert not differ, differ[:3]


SIGNATURES = [
    "(tensor<4xi32>, tensor<i32>) -> tensor<4xi32>",
    "(tensor<4xi32>) -> <4xi32>",
    "(tensor<f32>, tensor<1x1xf32>) -> tensor<?x4xf3][962>",
    "(vector<[4]xf32>) -> vector<[4]xf32>",
    '(tensor<a"b>) -> tensor<a"b>',
    "() -> (tensor<2xf32>, f32)",
    "(tensor<4x1x3xf32>) -> tensor<1x3x4xf32->",
]


@given(
    st.lists(
        st.sampled_from(
            ["tensor<", "vector<", ">", "<", "[", "]", "{", "}", "x", "?", "4", "f32", ", ", '"', "!", "#"]
        ),
        max_size=12,
    ).map("".join),
    st.lists(st.sampled_from(["tensor<4xf32>", "f32", "<4xi32>", "tensor<?x4xf3][9>", "(", ")"]), max_size=3),
)
def test_the_plain_reader_agrees_with_the_general_one(result: str, operands: list[str]) -> None:
    for sig in [*SIGNATURES, f"({', '.join(operands)}) -> {result}"]:
        m = ssa.SIMPLE.match(f'%r = "a.b"() : {sig}')
        plain = ssa._plain_keys(sig)
        if m is None or m.group("sig") != sig or plain is None:  # only what the fast path sees
            continue
        parsed = ssa._signature(sig)
        assert parsed is not None, sig
        assert plain == (tuple(t[3] for t in parsed[0]), tuple(t[3] for t in parsed[1])), sig


_ITEM_TOKENS = [
    "dims",
    " = ",
    "[",
    "]",
    "(",
    ")",
    "<",
    ">",
    "1",
    ", ",
    ",",
    " ",
    ":",
    " : ",
    "->",
    "-",
    "%a",
    '"',
    "x",
    "{",
    "}",
]


@given(
    st.sampled_from(
        ["stablehlo.compare", "tosa.clamp", "stablehlo.constant", "arith.constant", "stablehlo.add", "tensor.empty()"]
    ),
    st.sampled_from(["", " NE,", "  LT,"]),
    st.sampled_from(["", " %a", " %a, %b", "  %a, %b#1"]),
    st.lists(st.sampled_from(_ITEM_TOKENS), max_size=10).map("".join),
    st.sampled_from(
        [
            "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>",
            "(tensor<4xf32>) -> tensor<4xf32>",
            "tensor<4xf32>",
            "tensor<?x4xf32> -> tensor<2xindex>",
            "() -> tensor<1xi32>",
        ]
    ),
    st.sampled_from(["", " loc(#loc3)"]),
)
def test_custom_items_are_read_as_the_general_reader_reads_them(
    op: str, word: str, operands: str, items: str, sig: str, loc: str
) -> None:
    """The custom form's items (`dims = [1]`, `round(false)`, `values(dense<1> : tensor<i32>)`)
    between the operands and the type: wherever SIMPLE reads a line, it reads it as the
    general reader does."""
    line = f"    %r = {op}{word}{operands}{items} : {sig}{loc}"
    if ssa.SIMPLE.match(line) is None:
        return
    fast = ssa.read(line)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ssa, "SIMPLE", re.compile(r"(?!)"))
        general = ssa.read(line)
    if fast.opens == fast.closes and general.opens == general.closes:
        general.opens, general.closes = fast.opens, fast.closes
    assert fast == general, line


HEADERS = [line for line in LINES if ssa._FUNC.match(line) or ssa._BLOCK.match(line)]


def general_arguments(line: str, monkeypatch: pytest.MonkeyPatch) -> ssa.Line:
    with monkeypatch.context() as patch:
        patch.setattr(ssa, "_PLAIN_ARGUMENTS", re.compile(r"(?!)"))
        return ssa.read(line)


def test_plain_arguments_are_read_as_the_general_reader_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Function headers and block labels whose arguments are plain (`%a: tensor<4xf32>`) are
    read by one regex; every such line of the fixtures and generated models reads the same."""
    plain = [line for line in HEADERS if ssa._PLAIN_ARGUMENTS.search(line)]
    assert len(plain) > 100
    differ = [line for line in HEADERS if ssa.read(line) != general_arguments(line, monkeypatch)]
    assert not differ, differ[:3]


_PLAIN_ARGUMENT = st.tuples(
    st.sampled_from(["%a", "%b_1", "%arg0", "%x.y"]),
    st.just(": "),
    st.sampled_from(["tensor<4xf32>", "tensor<?x4xi8>", "tensor<f32>", "f32", "i1", "index", "vector<4xf32>"]),
).map("".join)
_ANY_ARGUMENT = st.tuples(
    st.sampled_from(["%a", "%b_1", "%arg0", "a", ""]),
    st.sampled_from([": ", ": ", ":", " : ", " "]),
    st.sampled_from(
        [
            *["tensor<4xf32>", "tensor<?x4xi8>", "tensor<f32>", "f32", "i1", "index", "vector<4xf32>"],
            *["tensor<*xi8>", "vector<[4]xf32>", "!alias", "tensor<4xf32, #enc>", "tensor<4x!q.t<i8>>"],
            *["tensor<4xf32> {a.b = 1}", 'f32 loc("x")', "tensor<4xf32", "f32)", "(f32", "tensor<-1xf32>", ""],
        ]
    ),
).map("".join)


@given(
    st.sampled_from(["  func.func @f(", "  func.func private @f(", "  ^bb0(", "    ^bb12("]),
    st.lists(st.one_of(_PLAIN_ARGUMENT, _PLAIN_ARGUMENT, _PLAIN_ARGUMENT, _ANY_ARGUMENT), max_size=5),
    st.sampled_from([", ", ", ", ",", " , "]),
    st.sampled_from(["", ")", ") -> tensor<4xf32> {", ") -> (f32, i1) {", "):", ") {", ") loc(#l)"]),
)
def test_generated_arguments_are_read_as_the_general_reader_reads_them(
    head: str, arguments: list[str], comma: str, tail: str
) -> None:
    line = head + comma.join(arguments) + tail
    fast = ssa.read(line)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ssa, "_PLAIN_ARGUMENTS", re.compile(r"(?!)"))
        general = ssa.read(line)
    assert fast == general, line
