"""The statement reader (broadcheck/syntax/statement.py): the printed forms it must take."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest

from broadcheck.syntax.statement import Statement, read_statement, symbol_name


def test_a_type_list_then_an_arrow_is_the_operands_then_the_results() -> None:
    # CHLO's non-broadcasting binary ops print `$x, $y : type($x), type($y) -> type(results)`.
    s = read_statement("%0 = chlo.zeta %_, %_ : tensor<4xf32>, tensor<?xf32> -> tensor<4xf32>")
    assert s.signature is not None
    assert s.signature.kind == "arrow"
    assert [t.text for t in s.signature.inputs] == ["tensor<4xf32>", "tensor<?xf32>"]
    assert [t.text for t in s.signature.outputs] == ["tensor<4xf32>"]


def test_a_type_list_alone_stays_a_list() -> None:
    s = read_statement("%0 = stablehlo.select %_, %_, %_ : tensor<i1>, tensor<4xf32>")
    assert s.signature is not None
    assert s.signature.kind == "list"
    assert len(s.signature.inputs) == 2


def test_one_type_then_an_arrow_is_an_arrow() -> None:
    s = read_statement("%0 = chlo.square %_ : tensor<4xf32> -> tensor<4xf32>")
    assert s.signature is not None
    assert (s.signature.kind, len(s.signature.inputs), len(s.signature.outputs)) == ("arrow", 1, 1)


def test_a_custom_form_s_elements_literal_is_an_attribute_without_a_name() -> None:
    # StableHLO's constant prints its `value` as the literal alone.
    s = read_statement("%0 = stablehlo.constant {a} dense<[1.0, 2.0]> : tensor<2xf32>")
    assert [(a.name, a.text) for a in s.attributes] == [("a", "unit"), ("", "dense<[1.0, 2.0]>")]
    s = read_statement("%0 = tosa.maximum %_, %_ nan_mode<PROPAGATE> : (tensor<f32>, tensor<f32>) -> tensor<f32>")
    assert s.attributes == ()


def test_a_custom_form_s_bracketed_group_is_an_attribute_without_a_name() -> None:
    s = read_statement("%0 = stablehlo.slice %_ [0:1, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>")
    assert [(a.name, a.text) for a in s.attributes] == [("", "[0:1, 0:3:2]")]


def test_properties_are_told_apart_from_the_attribute_dictionary() -> None:
    s = read_statement('%0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> {a = 1} : () -> tensor<2xf32>')
    assert [(a.name, a.property) for a in s.attributes] == [("iota_dimension", True), ("a", False)]


def test_a_clause_s_dictionary_ends_before_the_op_s_own() -> None:
    # stablehlo.convolution prints `window = {...}` and then its attribute dictionary.
    s = read_statement(
        "%0 = stablehlo.convolution(%_, %_) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} "
        "{feature_group_count = 1 : i64} : (tensor<1x4x2xf32>, tensor<1x2x3xf32>) -> tensor<1x4x3xf32>"
    )
    assert [(a.name, a.text) for a in s.attributes] == [
        ("dim_numbers", "[b, 0, f]x[0, i, o]->[b, 0, f]"),
        ("window", "{stride = [1]}"),
        ("feature_group_count", "1 : i64"),
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # values used inside brackets are operands, in order
        ("%0 = tensor.extract %t[%i, %j] : tensor<4x4xf32>", ["%t", "%i", "%j"]),
        (
            "%0 = tensor.extract_slice %t[%i, 0] [%n, 4] [1, %s] : tensor<8x16xf32> to tensor<?x4xf32>",
            ["%t", "%i", "%n", "%s"],
        ),
        (
            "%0 = tensor.insert_slice %a into %t[0, %i] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>",
            ["%a", "%t", "%i"],
        ),
        ("%0 = vector.extract %v[0, %i] : f32 from vector<4x4xf32>", ["%v", "%i"]),
        # and inside a clause's brackets
        (
            "%0 = linalg.pack %a inner_dims_pos = [0] inner_tiles = [%t] into %b : tensor<8xf32> -> tensor<1x?xf32>",
            ["%a", "%t", "%b"],
        ),
        # brackets without values add nothing
        ("%0 = tensor.collapse_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<24xf32>", ["%t"]),
        # values then named attributes in one group (chlo.top_k's custom form)
        ("%0:2 = chlo.top_k(%x, k = 4) : tensor<8xf32> -> (tensor<4xf32>, tensor<4xi32>)", ["%x"]),
        ("%0:2 = chlo.top_k(%x, k = 4, is_stable = false) : tensor<8xf32> -> (tensor<4xf32>, tensor<4xi32>)", ["%x"]),
        ("%0 = test.op(%x, %y, k = 4)", ["%x", "%y"]),
        # a group of no known kind: its values are used all the same (`scf.forall (%i) in (%n, 32)`)
        ("%0 = test.op(%x, k = 4 5)", ["%x"]),
        ("%0 = scf.forall (%i) in (%n, 32) {...}", ["%n"]),
        # but those it binds: after `as`, or followed by a `:` that touches them (an argument)
        ("%0 = test.op with(%r as %c: !t.r{%s}) {...}", ["%r", "%s"]),
        ("test.decl @f(%a[%o for %n]: !t.r, %b: i32)", []),
    ],
)
def test_values_inside_brackets_are_operands(text: str, names: list[str]) -> None:
    statement = read_statement(text)
    assert [u.name for u in statement.operands] == names
    for use in statement.operands:
        assert text[use.start : use.end] == use.name


@pytest.mark.parametrize(
    ("text", "used", "defined"),
    [
        # upstream test files of dialects broadcheck does not check (IREE, Enzyme-JAX, CIRCT): which names
        # their custom forms use and which they define for their regions, as their parsers take them.
        # Names a list of arguments touches are the region's, `%ref` bound to `%init` (pcf.generic)
        (
            "%0:2 = pcf.generic scope(#s) execute(%ref = %init, %ref1)[%id: index] : (!t, !t) -> (!u, !u) {...}",
            ["%init"],
            ["%ref", "%ref1", "%id"],
        ),
        ("pcf.generic scope(#s) execute(%ref)[%id: index, %n: index] : (!t) -> (!u) {...}", [], ["%ref", "%id", "%n"]),
        # a keyword's indices before `in` (gpu.launch), bound as scf.forall's are
        (
            "%0 = gpu.launch blocks(%bx, %by) in (%sx = %n, %sy = %n) threads(%tx) in (%a = %n) {...}",
            ["%n", "%n", "%n"],
            ["%bx", "%by", "%sx", "%sy", "%tx", "%a"],
        ),
        # a name after `as` before a region; a binding `%x = ...` only where a region follows
        ("arc.sim.instantiate @dut as %model {...}", [], ["%model"]),
        ("calyx.assign %r.in = %x : i32", ["%r.in", "%x"], []),
        ("test.loop %i = %lb to %ub {...}", ["%lb", "%ub"], ["%i"]),
        # a head's ports, spaced or not; a port's value after its keyword is used
        ("hw.module @top(in %a : i4, in %b: i1, out c : i1) {...}", [], ["%a", "%b"]),
        ("hw.module @top(in %a : i4, in %b : i1) {...}", [], ["%a", "%b"]),
        ("hw.module.extern @ext<W: i32>(in %a : i4)", [], ["%a"]),
        ('%c, %s = hw.instance "h" @half(in1: %x: i1, in2: %y: i1) -> (carry: i1, sum: i1)', ["%x", "%y"], []),
        # named results after the arrow, and a variadic head's `...`
        (
            "calyx.component @A(%in: i8, %go: i1 {go}) -> (%out: i8, %done: i1 {done}) {...}",
            [],
            ["%in", "%go", "%out", "%done"],
        ),
        ("handshake.func @f(%a: i64, %b: none, ...) -> (i64, none) {...}", [], ["%a", "%b"]),
        # a name, its type, then `=` and the value it is bound to (CIRCT's pipelines)
        (
            "%0:2 = pipeline.unscheduled(%a0 : i32 = %arg0, %a1 : i32 = %arg1) clock(%clk) -> (out: i32) {...}",
            ["%arg0", "%arg1", "%clk"],
            ["%a0", "%a1"],
        ),
        # a tied result after the types' arrow (stream.async.fill)
        (
            "%r = stream.async.fill %c, %p[%o to %e for %l] : i32 -> %p as !stream.resource<constant>{%n}",
            ["%c", "%p", "%o", "%e", "%l", "%p", "%n"],
            [],
        ),
    ],
)
def test_unchecked_custom_forms_use_and_define_what_their_parsers_do(
    text: str, used: list[str], defined: list[str]
) -> None:
    statement = read_statement(text)
    assert [u.name for u in statement.operands] == used
    assert [d.name for d in statement.definitions] == defined
    # the engine reads a statement's key, every name `%_`: the same roles, by place alone
    keyed = read_statement(re.sub(r"%[\w$.\-]+", "%_", text))
    assert (len(keyed.operands), len(keyed.definitions)) == (len(used), len(defined))


def test_region_arguments_after_a_clause_are_definitions_not_uses() -> None:
    # Shardy's `sdy.manual_computation(%x) in_shardings=[...] manual_axes={"a"} (%arg1: T) {...}`
    text = (
        '%0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} '
        "(%arg1: tensor<2xf32>) {...} : (tensor<4xf32>) -> tensor<4xf32>"
    )
    statement = read_statement(text)
    assert [d.name for d in statement.definitions] == ["%arg1"]
    assert [u.name for u in statement.operands] == ["%x"]
    assert [a.name for a in statement.attributes] == ["in_shardings", "manual_axes"]


def test_a_clause_keeps_a_parenthesized_value_that_names_no_arguments() -> None:
    statement = read_statement("%0 = test.op %x window = (1, 2) : (tensor<4xf32>) -> tensor<4xf32>")
    assert not statement.definitions


# ---------------------------------------------------------------- the fast reader against the reader


def _keys() -> list[str]:
    """The keys of every line of the fixtures, the examples and both generators' output, as
    the scanner makes them (value names written ``%_``, the trailing location dropped)."""
    from bench import gen, gen2
    from broadcheck.syntax.lines import key_text, strip_tail
    from tests.conftest import EXAMPLES, FIXTURES

    texts = [p.read_text() for root in (FIXTURES, EXAMPLES) for p in sorted(root.rglob("*.mlir"))]
    texts += ["\n".join(gen.generate(3000, 7)), "\n".join(gen2.generate(3000, 7))]
    keys = {key_text(strip_tail(line.strip())) for text in texts for line in text.splitlines()}
    return sorted(k for k in keys if k and not k.startswith("//"))


KEYS = _keys()


def _held_to_the_reader(fast_reader: Callable[[str], Statement | None], keys: Iterable[str]) -> tuple[int, int]:
    """Every key a fast reader takes, it reads as :func:`read_statement` does; how many it
    took, and how many it left to the reader."""
    from broadcheck.syntax.statement import SyntaxProblem

    taken = left = 0
    for key in keys:
        fast = fast_reader(key)
        if fast is None:
            left += 1
            continue
        taken += 1
        try:
            slow = read_statement(key)
        except SyntaxProblem as problem:
            raise AssertionError(f"the fast reader takes what the reader rejects ({problem}): {key}") from None
        assert fast == slow, key
    return taken, left


def test_the_fast_reader_reads_as_the_reader_does() -> None:
    from broadcheck.syntax.statement import simple_statement

    taken, _ = _held_to_the_reader(simple_statement, KEYS)
    assert taken > 1000, taken  # it does take the common forms (generic and custom)


@pytest.mark.parametrize(
    "key",
    [
        "%_ = tosa.add %_, %_ : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)",
        "%_ = tosa.add %_,%_ : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        '%_ = "tf.AddV2"(%_, %_) {device = ""} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>',
        "%_ = stablehlo.add %_, %_ : tensor<2xf32> loc(#loc1)",
        "%_ = stablehlo.add %_, %_ : tensor<2xf32>, (f32)",
        "%_ = tosa.cast %_ : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf32>",
        "%_:2 = foo.bar %_ : (f32) -> (f32, f32)",
        '%_ = "foo.bar"(%_#1) : (f32) -> f32',
    ],
)
def test_the_fast_reader_leaves_the_rest_to_the_reader(key: str) -> None:
    from broadcheck.syntax.statement import simple_statement

    assert simple_statement(key) is None


@pytest.mark.parametrize(
    "key",
    [
        "%_ = stablehlo.add %_, %_ : tensor<2xf32>",
        "return %_, %_ : tensor<3xf32>, tensor<f32>",
        "func.return %_ : f32",
        "stablehlo.return %_ : tensor<f32>",
        "%_ = tosa.cast %_ : tensor<2xf32>",
    ],
)
def test_the_fast_reader_takes_a_list_of_types(key: str) -> None:
    from broadcheck.syntax.statement import simple_statement

    fast = simple_statement(key)
    assert fast is not None and fast == read_statement(key)


# ---------------------------------------------------------------- a function's head, fast

_ARGS = [
    "%_: tensor<3xf32>",
    "%_: f32",
    "%_: !stablehlo.token",
    '%_: tensor<4xf32> {jax.arg_info = "a[0]", mhlo.sharding = "{replicated}"}',
    "%_: tensor<4xf32> loc(\"params['b'] (x)\")",
    "%_: tensor<4xf32> loc(unknown)",
    "%_: tensor<4xf32> loc(#loc12)",
    '%_: tensor<4xf32> loc("jit(f)"(#loc3))',
    '%_: tensor<2xi1> {tf.aliasing_output = 0 : i32} loc("x")',
    # the reader's to take:
    "%_: tensor<4x!quant.uniform<i8:f32, 1.0>>",
    "%_: tensor<4xf32> {a = [1, 2]}",
    '%_: tensor<4xf32> loc(fused["a", "b"])',
    "%_: tensor<4xf32> {a = {b}}",
    "%_ : f32",
]
_RESULTS = [
    "",
    " -> tensor<f32>",
    " -> (tensor<f32>, f32)",
    " -> (tensor<f32> {jax.result_info = \"result[0]['w']\"}, i1)",
    " -> ()",
    " -> (tensor<f32> loc(unknown))",
    " -> (tensor<f32> {a = [1]})",
]


def _heads() -> list[str]:
    import itertools

    heads = []
    for visibility, (a, b), results in itertools.product(
        ["", "public ", "private "], itertools.combinations(range(len(_ARGS)), 2), _RESULTS
    ):
        heads.append(f"func.func {visibility}@f.g$1({_ARGS[a]}, {_ARGS[b]}){results} {{...}}")
        heads.append(f"func.func {visibility}@f({_ARGS[a]}){results} {{...}}")
    heads += ["func.func @f() {...}", "func.func @f(%_: f32) attributes {a} {...}", "func.func @f(%_: f32) {...} )"]
    return heads


def test_the_fast_head_reader_reads_as_the_reader_does() -> None:
    from broadcheck.syntax.statement import simple_head

    taken, left = _held_to_the_reader(simple_head, _heads())
    assert taken > 500 and left > 500, (taken, left)  # it takes the printed forms, and leaves the rest


def test_a_long_text_s_depth_is_its_tokens_depth() -> None:
    # depth() reads a long text's brackets alone; the tokens' reading is the definition.
    import random

    from broadcheck.syntax.lexer import _bracket_depth, _token_depth, depth

    pieces = ["(", ")", "[", "]", "{", "}", "<", ">", "->", ">=", ", ", ": ", " x ", '"a{("', '"b\\"', '"c\\\\"',
              '"open', "// c{", "\n", "-", "=", "%_", "tensor<3xf32>"]  # fmt: skip
    rng = random.Random(7)
    fast = 0
    for _ in range(4000):
        text = "a" * 81 + "<" + "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 40)))
        for stack in ("", "(", "{<"):
            got, want = depth(text, stack), _token_depth(text, stack)
            assert got == want, (text[81:], stack)
            fast += _bracket_depth(text, stack) is not None
    assert fast > 500, fast  # the brackets alone do say, often


def test_a_keyword_s_one_typed_operand_is_a_use_not_the_region_s_argument() -> None:
    # IREE's `iree_linalg_ext.arg_compare ... index_base(%base : index) {...}`: printed ` : `
    text = (
        "%0:2 = iree_linalg_ext.arg_compare dimension(0) ins(%x : tensor<5xf32>) "
        "outs(%v, %i : tensor<f32>, tensor<i32>) index_base(%base : index) {...} -> tensor<f32>, tensor<i32>"
    )
    statement = read_statement(text)
    assert not statement.definitions
    assert [u.name for u in statement.operands] == ["%x", "%v", "%i", "%base"]
    head = read_statement("func.func @f(%a : i32, %g : (i32) -> (i32, f32)) -> (() -> ()) {...}")
    assert [(d.name, d.type.text if d.type else None) for d in head.definitions] == [
        ("%a", "i32"),
        ("%g", "(i32) -> (i32, f32)"),
    ]
    reducer = read_statement("%0 = test.op %x reducer(%a: tensor<f32>) {...} : (tensor<4xf32>) -> tensor<f32>")
    assert [d.name for d in reducer.definitions] == ["%a"]


@pytest.mark.parametrize(
    ("text", "symbol", "name"),
    [
        ('%0 = func.call @"a/b"(%x) : (f32) -> f32', '@"a/b"', "a/b"),
        ('%0 = func.call @"x y\\"z"(%x) : (f32) -> f32', '@"x y\\"z"', 'x y"z'),
        ('%0 = func.call @"a\\22b\\\\"(%x) : (f32) -> f32', '@"a\\22b\\\\"', 'a"b\\'),
        ("%0 = func.call @f(%x) : (f32) -> f32", "@f", "f"),
    ],
)
def test_a_quoted_symbol_is_one_item_read_as_mlir_reads_its_name(text: str, symbol: str, name: str) -> None:
    statement = read_statement(text)
    symbols = [i.text for i in statement.items if i.kind == "symbol"]
    assert symbols == [symbol]
    assert symbol_name(symbols[0]) == name
