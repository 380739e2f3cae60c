"""Fuzzing with a short budget: mutated fixtures, random bytes and random text never crash
broadcheck; every diagnostic is located inside the file; the answer is deterministic.

The long campaign is ``make fuzz`` (tests/fuzz_campaign.py), with the same mutations.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.inputs import decode
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile
from broadcheck.text import Source
from tests.mutations import corpus, mutate

CORPUS = corpus()
PROFILES = [Profile.SPEC, Profile.LLVM]


def check_is_sound(source: Source, options: Options) -> None:
    result = check_text(source.path, source.text, options)
    lines = source.text.count("\n") + 1
    for d in result.diagnostics:
        assert 1 <= d.line <= d.end_line <= lines + 1, d
        assert d.column >= 1 and d.end_column >= 1, d
        assert d.message and d.code.startswith("BC"), d
    again = check_text(source.path, source.text, options)
    assert again.diagnostics == result.diagnostics


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# A mutated corpus file is the costliest example (a whole upstream test file, checked twice): 100
# of them a run, where `make fuzz` (tests/fuzz_campaign.py) checks the same mutations by the million.
MUTATED = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@MUTATED
@given(
    st.integers(0, len(CORPUS) - 1), st.integers(0, 2**32), st.integers(1, 6), st.sampled_from(PROFILES), st.booleans()
)
def test_mutated_corpus(index: int, seed: int, edits: int, profile: Profile, split: bool) -> None:
    text = mutate(CORPUS[index], random.Random(seed), edits)
    options = Options(profile, OpTable(), "// -----" if split else None, verify_diagnostics=split)
    check_is_sound(Source("fuzz.mlir", text), options)


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes(data: bytes) -> None:
    source, problem = decode("fuzz.mlir", data)
    if problem is None:
        check_is_sound(source, Options())


@FUZZ
@given(st.text(alphabet='%"tensor<>()[]{},:=x?*0123456789 \n\t-!#^@.abcdefgilnpruvwyz', max_size=400))
def test_random_text_with_everything_checked(text: str) -> None:
    check_is_sound(Source("fuzz.mlir", text), Options(ops=OpTable([("*", "mlir")])))


# What the long campaign found, kept: each once crashed broadcheck.
FOUND = [
    # an i64 array attribute with an entry that is no integer: int() raised (stablehlo.reduce_window)
    "func.func @f(%a: tensor<4xf32>, %i: tensor<f32>) -> tensor<2xf32> {\n"
    '  %0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 2, x>}> ({\n'
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n  }) : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>\n"
    "  return %0 : tensor<2xf32>\n}\n",
    # `0x` followed by no hex digit in a float constant: int(..., 16) raised (stablehlo.constant)
    "func.func @f() {\n  %1 = stablehlo.constant dense<0xxx000000e+00> : tensor<4x5xbf16>\n  return\n}\n",
    # a function type among a tuple's elements: the type reader's SyntaxProblem escaped (stablehlo.tuple)
    "func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) {\n"
    '  %0 = "stablehlo.tuple"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tuple<tensor<2xf32>, (i32) -> i32>\n'
    "  return\n}\n",
    # a `{` that ends a line, taken for a dictionary (`duplicate` alone on the next line), then
    # judged a one-line region once the statement was whole: cut there, read again, for ever
    # a clause's `=` ending the text (`dims = `): its value empty, the `=` was not in the
    # clause's text, and `str.index` raised where the `[` was wanted after it (stablehlo.reverse,
    # and `batching_dims =` of stablehlo.dot_general, found by mutated windows of JAX exports)
    "  %3 = stablehlo.reshape %d : (tensor<?x3xf32>) -> tensor<?xf32: #stablehlo.bounds12>>\n"
    "  %4 = stablehlo.reverse %a, dims = ",
    "func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3x4xf32>) {\n  %0 = stablehlo.dot_general %a, %b, batching_dims =",
    # a use no type is placed for (`%a %a, %b[0, 0, 0]`: three uses, two types): the fast path
    # of a row of statements read the operand types past their end
    "func.func @d(%a: vector<f32>, %b: vector<4x8x16xf32>) {\n"
    "  %1 = vector.insert %a %a, %b[0, 0, 0] : vector<f32> into vector<4x8x16xf32>\n  return\n}\n",
    # a constant of fewer integers than its type holds (`dense<[1, ]> : tensor<2xi32>`) as a
    # dynamic_gather's slice sizes: the result's sizes were read past the list's end
    '"func.func"() <{function_type = (tensor<9x256xf16>, tensor<16x64xi64>) -> tensor<16x64x256xf16>, '
    'sym_name = "g"}> ({\n^bb0(%arg0: tensor<9x256xf16>, %arg1: tensor<16x64xi64>):\n'
    '  %0 = "stablehlo.constant"() <{value = dense<[1, ]> : tensor<2xi32>}> : () -> tensor<2xi32>\n'
    '  %1 = "stablehlo.dynamic_gather"(%arg0, %arg1, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], '
    "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false}> : "
    "(tensor<9x256xf16>, tensor<16x64xi64>, tensor<2xi32>) -> tensor<16x64x256xf16>\n"
    '  "func.return"(%1) : (tensor<16x64x256xf16>) -> ()\n}) : () -> ()\n',
    # a sequence or future of what is no type (`!onnx.Seq<(i32) -> i32>`): the check read the
    # inner type and the reader's SyntaxProblem escaped (onnx.SequenceEmpty, stablehlo.async_done)
    'func.func @f() -> !onnx.Seq<(i32) -> i32> {\n  %0 = "onnx.SequenceEmpty"() {dtype = 1 : si64} : '
    "() -> !onnx.Seq<(i32) -> i32>\n  return %0 : !onnx.Seq<(i32) -> i32>\n}\n",
    "func.func @f(%a: !stablehlo.future<(i32) -> i32>) -> tensor<2xf32> {\n"
    '  %0 = "stablehlo.async_done"(%a) : (!stablehlo.future<(i32) -> i32>) -> tensor<2xf32>\n'
    "  return %0 : tensor<2xf32>\n}\n",
    # an attribute alias whose dictionary is left open (`#trait = {` and a function's head in it),
    # then used by `vector.contract #trait`: reading its entries raised the reader's SyntaxProblem
    "#trait = {\n  indexing_maps = [affine_map<(i, j, k) -> (i, k)>],\n"
    "func.func @m(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) -> vector<4x7xf32> {\n"
    '  iterator_types = ["parallel", "parallel", "reduction"]\n}\n'
    "  %0 = vector.contract #trait %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>\n"
    "  return %0 : vector<4x7xf32>\n}\n",
    "func.func @transpose_17(111: vector<1x1x1xi32>) {\nduplicate\n  // expected-error @+1 {{'vector.transpose' op } position index: 0}}\n  // expected-error @+1 {{'vector.transpose' op duplicate position index: 0}} }\n  %0 = vector.transpose %v, 0, 0, 2] : vector<1x1x1xi32> to vector<1x2x1xi32>\n  return\n\n",
]


def test_what_the_campaign_found_stays_sound() -> None:
    for text in FOUND:
        for profile in PROFILES:
            check_is_sound(Source("found.mlir", text), Options(profile, OpTable()))


def test_a_value_finding_in_a_module_left_open_is_located() -> None:
    """A redefined argument in a function whose module ends with its regions still open (found by
    the mutated-corpus fuzzing: an internal error at `07f1a89`, value flow's finding had no place
    to be put at the module's end): located at the name on its line."""
    text = (
        "func.func @f(%a: tensor<4xf32>) {\n"
        "func.func @f(%a: tensor<4xf32>) -> -> tensor<5xf32> {\n"
        "  %0 = stablehlo.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>"
    )
    check_is_sound(Source("open.mlir", text), Options())
    found = check_text("open.mlir", text, Options()).diagnostics
    assert [(d.code, d.line, d.column) for d in found if d.code == "BC018"] == [("BC018", 2, 14)]


def test_a_name_redefined_after_a_lost_brace_is_reported() -> None:
    # (found by test_mutated_corpus) A function's `}` lost: the functions after it nest in its
    # region. The names its entry block defined were still unwritten (the fast path writes their
    # lines when asked) when a nested function's end dropped what was unwritten; a name of the
    # first function defined again then had no line to cite: an internal error.
    text = (
        "func.func @a() {\n  %c0 = arith.constant 0 : i32\n  %0 = tensor.from_elements %c0 : tensor<1xi32>\n"
        "  return\n\nfunc.func @b(%v : f32) {\n  %1 = tensor.splat %v : tensor<8xf32>\n  return\n}\n\n"
        "func.func @c(%v : f32) {\n  %0 = tensor.splat %v : tensor<8xf32>\n  return\n}\n"
    )
    result = check_text("lost.mlir", text, Options())
    assert ("BC015", 12) in {(d.code, d.line) for d in result.diagnostics}
