"""The fast path and streaming give exactly the grammar's result on the whole text.

Every fixture, every example, generated benchmark-style files and fuzzed
mutations are checked with the fast path (twice: cold and with remembered
verdicts), with every op through the grammar, and fed in small blocks as
large files are read; the results must be identical.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broadcheck.checker import Memory, Options, Result, Stream, check_source
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile
from broadcheck.syntax.fastpath import simple_type
from broadcheck.syntax.parser import parse_type
from broadcheck.text import Source
from tests.mutations import corpus, mutate

CORPUS = corpus()
OPTIONS = [
    Options(),
    Options(Profile.LLVM, OpTable(), "// -----", True),
    Options(Profile.SPEC, OpTable([("*", "mlir")])),
    Options(Profile.LLVM, OpTable([("*.*", "numpy")])),
]


def blocks(text: str, size: int) -> list[str]:
    """``text`` cut into blocks of about ``size`` characters, each ending at a line end."""
    out, start = [], 0
    while start < len(text):
        cut = text.rfind("\n", start, start + size) + 1
        if cut <= start:
            cut = text.find("\n", start + size) + 1 or len(text)
        out.append(text[start:cut])
        start = cut
    return out


def streamed(text: str, options: Options, size: int) -> Result:
    stream = Stream("x.mlir", options)
    pieces = blocks(text, size) or [""]
    for i, piece in enumerate(pieces):
        stream.feed(piece, final=i == len(pieces) - 1)
    return stream.finish()


def both_paths(text: str, options: Options) -> tuple[Result, Result]:
    source = Source("x.mlir", text)
    options = replace(options, memory=Memory())  # a run of its own: nothing remembered yet
    fast = check_source(source, options)
    warm = check_source(source, options)  # with the verdicts of the first pass remembered
    slow = check_source(source, replace(options, fast=False))
    assert fast == warm
    for size in (1, 40, 300):
        assert streamed(text, options, size) == fast, f"fed in blocks of {size}"
    return fast, slow


@pytest.mark.parametrize("index", range(len(CORPUS)))
@pytest.mark.parametrize("options", OPTIONS, ids=["spec", "llvm", "all-mlir", "all-numpy"])
def test_corpus(index: int, options: Options) -> None:
    fast, slow = both_paths(CORPUS[index], options)
    assert fast == slow


def generated(seed: int, ops: int) -> str:
    """A small file in the style of bench/gen.py: repeated simple lines, attributes, locations, aliases."""
    rng = random.Random(seed)
    shapes = ["1x1", "4x1", "1x4", "4x4", "?x4", "4", "1", "", "2x?x4", "3x4", "0x4"]
    lines = ["!act = tensor<4x4xf32>", "func.func @f() {"]
    for i in range(ops):
        a, b, r = (rng.choice(shapes) for _ in range(3))
        ta, tb, tr = (f"tensor<{s}{'x' if s else ''}f32>" for s in (a, b, r))
        if rng.random() < 0.1:
            ta = "!act"
        op = rng.choice(['"tf.AddV2"', "tosa.add", '"test.broadcastable"', '"onnx.Add"', "chlo.broadcast_add"])
        head = f"({'%a'}, %b)" if op.startswith('"') else " %a, %b"
        mid = rng.choice(
            [
                "",
                ' {device = "/cpu:0"}',
                " {broadcast_dimensions = array<i64: 1>}",
                " {axis = 1 : si64, broadcast = 1 : si64}",
            ]
        )
        loc = rng.choice(
            ["", ' loc("x/y")', " loc(#loc)", ' loc(fused["Add:", "m/add_1"])', " loc(fused[])", r' loc(fused["a\\"])']
        )
        lines.append(f"  %{i} = {op}{head}{mid} : ({ta}, {tb}) -> {tr}{loc}")
    lines.append("}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(6))
def test_generated_files(seed: int) -> None:
    text = generated(seed, 400)
    for options in OPTIONS[:2]:
        fast, slow = both_paths(text, options)
        assert fast == slow
        assert fast.diagnostics  # the files do exercise diagnostics


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(1, 5), st.sampled_from(range(len(OPTIONS))))
def test_fuzzed(seed: int, edits: int, which: int) -> None:
    rng = random.Random(seed)
    text = mutate(rng.choice([*CORPUS, generated(seed % 7, 60)]), rng, edits)
    fast, slow = both_paths(text, OPTIONS[which])
    assert fast == slow


@pytest.mark.parametrize(
    "text",
    [
        "tensor<2x?x4xi32>",
        "tensor<f32>",
        "tensor<*xbf16>",
        "vector<4x8xf16>",
        "tensor<0x1xf8E4M3FN>",
        "i32",
        "index",
        "none",
    ],
)
def test_simple_types_are_the_grammars_types(text: str) -> None:
    assert simple_type(text, {}) == parse_type(text)


_ELEMENT_TEXTS = st.sampled_from(
    [
        *["f32", "i1", "si8", "ui16", "i64", "bf16", "index", "none", "f8E4M3FN", "f8E4M3", "f4E2M1FN", "tf32"],
        *["i0", "f33", "f32x", "foo", "x", "_", "9", "F32", "i", "si", "f8E4M3FNX", ""],
    ]
)
_DIMS = st.lists(st.sampled_from(["4", "0", "1", "?", "12", "x", "", "[4]", "99999999999999999999"]), max_size=3)


@given(
    st.sampled_from(["tensor<{d}{e}>", "vector<{d}{e}>", "tensor<*x{e}>", "{e}", "tensor<{d}{e}", "!a", "{d}{e}>"]),
    _DIMS.map(lambda dims: "".join(f"{d}x" for d in dims)),
    _ELEMENT_TEXTS,
)
def test_generated_types_are_the_grammars_or_left_to_it(form: str, dims: str, element: str) -> None:
    """A type text the fast path reads is the type the grammar builds; what it cannot read
    (``None``) goes to the grammar."""
    from broadcheck.syntax.parser import SyntaxProblem

    text = form.format(d=dims, e=element)
    fast = simple_type(text, {"a": parse_type("tensor<2xf32>")})
    if fast is None or text.startswith("!"):
        return
    try:
        grammar = parse_type(text)
    except SyntaxProblem:
        raise AssertionError(f"{text!r} read as {fast}, but the grammar rejects it") from None
    assert fast == grammar, text


@pytest.mark.parametrize(
    "text",
    ["tensor<2x3>", "tensor<4xf32, #enc>", "vector<[4]xf32>", "tensor<99999999999999999999xf32>", "tensor< 4xf32>"],
)
def test_other_types_are_left_to_the_grammar(text: str) -> None:
    assert simple_type(text, {}) is None


def test_an_alias_counts_from_its_definition_on() -> None:
    """As in MLIR, a type alias is known from its definition on, however the file is read."""
    text = '%0 = "tf.AddV2"(%a, %b) : (!t, !t) -> !t\n!t = tensor<4xf32>\n%1 = "tf.AddV2"(%a, %b) : (!t, !t) -> !t\n'
    fast, slow = both_paths(text, Options())
    assert fast == slow
    assert [(d.line, d.message) for d in fast.diagnostics] == [(1, "undefined symbol alias id 't'")]


@pytest.mark.parametrize(
    "text",
    [
        # Found by fuzzing: an op whose signature continues after a comment line, cut at every line.
        '%r = "test.broadcastable"(%a, %b)\n  // a comment\n  : (tensor<3xi32>, tensor<2xi32) -> tensor<?xi32>\n',
        # Found by fuzzing: an alias definition missing its `>`, so it runs on to later lines.
        "!act = tensor<1x56x56x64xf32\n\nmodule {\n%0 = tosa.add %a, %b : (!act, !act) -> !act\n}\n",
        # Found by fuzzing: a result type missing its `>` before more lines.
        "%0 = tosa.add %a, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32\nreturn %0 : tensor<3x2xf32>\n}\n",
        # Found by fuzzing: one trailing type, then a line that does not start a statement, which the
        # scanner reads as going on with it (so the line is not simple after all).
        "  %1 = tfl.add %s, %s : tensor<i32>\n  // a comment\n  3 = tfl.add %0, , %c : (tensor<4xi32>) -> tensor<4xi32>\n",
        # Found by fuzzing: a result "type" that is none (value flow's fast path took it for one).
        "func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {\n"
        '  %r = "test.broadcastable"(%x, %x) : (tensor<4xi32>, tensor<4xi32>) -> <4xi32>\n'
        "  return %r : tensor<4xi32>\n}\n",
    ],
)
def test_regressions_from_fuzzing(text: str) -> None:
    fast, slow = both_paths(text, Options())
    assert fast == slow
    assert fast.diagnostics


def test_simple_lines_are_located_as_the_grammar_locates_them() -> None:
    """A simple line with a problem is worded without the grammar: its op, located from the
    line's own text, is the grammar's (but for attributes, which no such semantics reads)."""
    from broadcheck.syntax.fastpath import SIMPLE, Reading, located, simple_key, simple_operation
    from broadcheck.syntax.parser import SyntaxProblem, Unreadable, parse_operation

    seen = 0
    for text in [*CORPUS, generated(1, 300)]:
        for number, line in enumerate(text.split("\n"), start=1):
            start = len(line) - len(line.lstrip(" \t"))
            m = SIMPLE.match(line, start)
            if m is None:
                continue
            key = simple_key(line, start, len(line))
            name = m.group("generic") or m.group("custom")
            op = simple_operation(name, key[0], {}, False, Reading()) if key else None
            if key is None or op is None:
                continue
            simple = line[start : key[1]]
            fast = located(op, simple, number, start + 1)
            try:
                grammar = parse_operation(simple, {}, number, start + 1)
            except (SyntaxProblem, Unreadable):
                continue
            assert fast is not None, line
            assert (fast.name, fast.name_span, fast.span, fast.operands, fast.results, fast.generic) == (
                grammar.name, grammar.name_span, grammar.span, grammar.operands, grammar.results, grammar.generic,
            ), line  # fmt: skip
            seen += 1
    assert seen > 500


def test_the_batch_pass_reads_simple_lines_as_the_scanner_does() -> None:
    """Stage (a) of the batch pipeline (one regex pass over a block) finds only simple lines,
    with the key, the end and the trailing-type form the scanner's reading gives them."""
    from broadcheck.syntax.fastpath import SIMPLE_LINE, line_key, simple_key

    seen = 0
    for text in [*CORPUS, generated(2, 300)]:
        text = "\n" + text
        for m in SIMPLE_LINE.finditer(text):
            start = m.start() + 1
            start += len(text[start : m.end()]) - len(text[start : m.end()].lstrip(" \t"))
            expected = simple_key(text, start, len(text))
            key = line_key(m)
            if expected is None:
                assert key is None, m.group()
                continue
            assert (key, m.end() - (len(m.group()) - len(m.group().rstrip(" \t\r")))) == expected[:2], m.group()
            assert (m.group("single") is not None) == expected[2], m.group()
            seen += 1
    assert seen > 800


_VALUES = st.sampled_from(
    ['"NONE"', '"/stem/conv18/Add"', '"a = 1, b"', '""', "1", "-3", "1.5e-3 : f32", "7 : si64", "0 : index", "true",
     "false", "unit", "array<i64: 1, 2>", "array<i64>", "array<i1: 0>", "#chlo<comparison_direction LE>",
     "#stablehlo<comparison_type FLOAT>", "#tosa<rounding DOUBLE_ROUND>", "#a<b>"]
)  # fmt: skip
_ENTRIES = st.lists(st.tuples(st.sampled_from(["axis", "device", "onnx_node_name", "x.y", "_b$"]), _VALUES), max_size=3)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_ENTRIES, st.booleans()), min_size=1, max_size=3))
def test_plain_attributes_are_read_as_the_grammar_reads_them(groups: list[tuple[list[tuple[str, str]], bool]]) -> None:
    """An attribute dictionary of plain entries is read without the grammar, for the semantics
    that read attributes: exactly the names and texts the grammar gives."""
    from broadcheck.syntax.fastpath import Reading, attributes_accepted, simple_operation
    from broadcheck.syntax.parser import SyntaxProblem, parse_operation

    mid = "".join(
        f" {'<' if props else ''}{{{', '.join(f'{k} = {v}' for k, v in entries)}}}{'>' if props else ''}"
        for entries, props in groups
    )
    key = f"{mid} : (tensor<2xf32>) -> tensor<2xf32>"
    fast = simple_operation("x.y", key, {}, True, Reading())
    try:
        grammar = parse_operation(f'%0 = "x.y"(%a){key}')
    except SyntaxProblem:  # two dictionaries, or attributes before properties
        assert fast is None, mid
        return
    assert fast is not None, mid
    assert [(a.name, a.text) for a in fast.attributes] == [(a.name, a.text) for a in grammar.attributes]
    assert attributes_accepted(mid, Reading())
