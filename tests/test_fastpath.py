"""The fast path gives exactly the grammar's result.

Every fixture, every example, generated benchmark-style files and fuzzed
mutations are checked twice, once with the fast path and once with every op
through the grammar, and the diagnostics must be identical, byte for byte.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broadcheck import checker
from broadcheck.checker import Options, check_chunk
from broadcheck.diagnostics import Diagnostic
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile
from broadcheck.syntax.fastpath import simple_type
from broadcheck.syntax.parser import parse_type
from broadcheck.text import Source, split_chunks
from tests.mutations import corpus, mutate

CORPUS = corpus()
OPTIONS = [
    Options(),
    Options(Profile.LLVM),
    Options(Profile.SPEC, OpTable([("*", "mlir")])),
    Options(Profile.LLVM, OpTable([("*.*", "numpy")])),
]


def both_paths(text: str, options: Options) -> tuple[list[Diagnostic | None], list[Diagnostic | None]]:
    source = Source("x.mlir", text)
    chunks, _ = split_chunks(text, options.split_marker)
    checker._CLEAN.clear()
    fast = [d for chunk in chunks for d in check_chunk(source, chunk, options, fast=True)]
    # Again, now with the verdicts of the first pass remembered.
    warm = [d for chunk in chunks for d in check_chunk(source, chunk, options, fast=True)]
    slow = [d for chunk in chunks for d in check_chunk(source, chunk, options, fast=False)]
    assert fast == warm
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
        loc = rng.choice(["", ' loc("x/y")', " loc(#loc)"])
        lines.append(f"  %{i} = {op}{head}{mid} : ({ta}, {tb}) -> {tr}{loc}")
    lines.append("}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(6))
def test_generated_files(seed: int) -> None:
    text = generated(seed, 400)
    for options in OPTIONS[:2]:
        fast, slow = both_paths(text, options)
        assert fast == slow
        assert any(d is not None for d in fast)  # the files do exercise diagnostics


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


@pytest.mark.parametrize(
    "text",
    ["tensor<2x3>", "tensor<4xf32, #enc>", "vector<[4]xf32>", "tensor<99999999999999999999xf32>", "tensor< 4xf32>"],
)
def test_other_types_are_left_to_the_grammar(text: str) -> None:
    assert simple_type(text, {}) is None
