"""The trait's pure functions: case tables from MLIR, and NumPy as the oracle."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from broadcheck.api import check_text
from broadcheck.ops import Shape
from broadcheck.semantics import Profile
from broadcheck.semantics.mlir import (
    IncompatibleDims,
    IncompatibleOperands,
    expand_rank,
    infer_dim,
    infer_result_shape,
    infer_shape,
)

Q = None  # a dynamic dimension, `?`
PROFILES = [Profile.SPEC, Profile.LLVM]

# The InferDim table of the Broadcastable document, both orders.
INFER_DIM = [
    (Q, Q, Q),
    (Q, 1, Q),
    (Q, 5, 5),
    (1, 1, 1),
    (1, 5, 5),
    (5, 5, 5),
]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("d0", "d1", "inferred"), INFER_DIM)
def test_infer_dim_table(d0: int | None, d1: int | None, inferred: int | None, profile: Profile) -> None:
    assert infer_dim(d0, d1, profile) == inferred
    assert infer_dim(d1, d0, profile) == inferred


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("d0", "d1"), [(2, 3), (5, 4), (0, 5), (3, 0)])
def test_infer_dim_static_mismatch(d0: int, d1: int, profile: Profile) -> None:
    with pytest.raises(IncompatibleDims):
        infer_dim(d0, d1, profile)


# Size 0: a static size other than 1. Only `0 & ?` differs between the profiles.
@pytest.mark.parametrize(
    ("d0", "d1", "spec", "llvm"),
    [(0, 1, 0, 0), (1, 0, 0, 0), (0, 0, 0, 0), (0, Q, 0, Q), (Q, 0, 0, Q)],
)
def test_size_zero(d0: int | None, d1: int | None, spec: int | None, llvm: int | None) -> None:
    assert infer_dim(d0, d1, Profile.SPEC) == spec
    assert infer_dim(d0, d1, Profile.LLVM) == llvm


def test_expand_rank() -> None:
    assert expand_rank((4,), 3) == (1, 1, 4)
    assert expand_rank((2, 3), 2) == (2, 3)
    assert expand_rank((), 2) == (1, 1)


# MLIR's C++ unit test (mlir/unittests/Dialect/BroadcastShapeTest.cpp).
BROADCAST_SHAPE_OK = [
    ((), (), ()),
    ((), (4,), (4,)),
    ((), (3, 5, 4), (3, 5, 4)),
    ((1, 7, 8, 9), (8, 9), (1, 7, 8, 9)),
    ((8, 1, 2, 1, 4), (5, 1, 7, 1), (8, 5, 2, 7, 4)),
    ((1, 2, Q, Q, Q), (Q, Q, Q, 4, 1), (Q, 2, Q, 4, Q)),
]
BROADCAST_SHAPE_FAIL = [((4, 3, 5, 5), (3, 5, 4)), ((4, 3, 5, 5), (3, 7, 5)), ((3, 5, 5), (4, 5, 5))]


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("a", "b", "expected"), BROADCAST_SHAPE_OK)
def test_broadcast_shape_unit_cases(a: Shape, b: Shape, expected: Shape, profile: Profile) -> None:
    assert infer_shape(a, b, profile) == expected


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("a", "b"), BROADCAST_SHAPE_FAIL)
def test_broadcast_shape_unit_failures(a: Shape, b: Shape, profile: Profile) -> None:
    with pytest.raises(IncompatibleDims):
        infer_shape(a, b, profile)


def test_infer_result_shape_skips_unranked_and_names_the_operand() -> None:
    assert infer_result_shape([None, None]) is None
    assert infer_result_shape([None, (4,), (3, 1)]) == (3, 4)
    with pytest.raises(IncompatibleOperands) as err:
        infer_result_shape([(4, 3, 2), None, (3, 3)])
    assert err.value.index == 2


# Verdicts of the real C++ verifier (IREE / TensorFlow builds of MLIR), via tf.AddV2.
LLVM_VERDICTS = [
    ("tensor<1xi32>, tensor<1xi32>", "tensor<5xi32>", "result type '5' not broadcast compatible with broadcasted operands's shapes '1'"),
    ("tensor<?xi32>, tensor<1xi32>", "tensor<5xi32>", None),
    ("tensor<?xi32>, tensor<?xi32>", "tensor<2xi32>", None),
    ("tensor<3x2xi32>, tensor<3x2xi32>, tensor<*xi32>", "tensor<4x3x2xi32>", None),
    ("tensor<2xi32>, tensor<2xi32>", "tensor<4x2xi32>", None),
    ("tensor<?xi32>, tensor<0xi32>", "tensor<7xi32>", None),
    ("tensor<3x2xi32>, tensor<*xi32>", "tensor<2xi32>", "result type '2' not broadcast compatible with broadcasted operands's shapes '3x2'"),
    ("tensor<4x3x2xi32>, tensor<3x1xi32>", "tensor<4x3x3xi32>", "result type '4x3x3' not broadcast compatible with broadcasted operands's shapes '4x3x2'"),
    ("tensor<8x1x6x1xi32>, tensor<7x1x5xi32>", "tensor<8x7x6x1xi32>", "result type '8x7x6x1' not broadcast compatible with broadcasted operands's shapes '8x7x6x5'"),
    ("tensor<4x3x2xi32>, tensor<3x3xi32>", "tensor<4x3x2xi32>", "operands don't have broadcast-compatible shapes"),
    ("tensor<2xf32>, tensor<2xf32>", "tensor<f32>", "result type '' not broadcast compatible with broadcasted operands's shapes '2'"),
    ("vector<4xf32>, tensor<4xf32>", "tensor<4xf32>", "cannot broadcast vector with tensor"),
    ("vector<4xf32>, vector<3xf32>", "vector<7xf32>", None),
]  # fmt: skip


@pytest.mark.parametrize(("operands", "result", "message"), LLVM_VERDICTS)
def test_llvm_profile_matches_the_cpp_verifier(operands: str, result: str, message: str | None) -> None:
    # An op with the trait and nothing else (tf.AddV2 also has TensorFlow's type constraints).
    names = ", ".join(f"%v{i}" for i in range(len(operands.split(", "))))  # (as many as types: the parser counts)
    text = f'%0 = "trait.op"({names}) : ({operands}) -> {result}'
    diags = check_text(text, profile="llvm", ops=[("trait.op", "mlir")])
    if message is None:
        assert diags == []
    else:
        prefix = "" if message.startswith("cannot") else "'trait.op' op "
        assert [d.message for d in diags] == [prefix + message]


# Property: on static shapes, both profiles agree with NumPy, failing exactly when it fails.
shapes = st.lists(st.lists(st.integers(0, 4), max_size=5).map(tuple), min_size=1, max_size=4)


@given(shapes)
def test_infer_agrees_with_numpy(operand_shapes: list[Shape]) -> None:
    try:
        expected: Shape | None = tuple(np.broadcast_shapes(*operand_shapes))
    except ValueError:
        expected = None
    for profile in PROFILES:
        try:
            got: Shape | None = infer_result_shape(operand_shapes, profile)
        except IncompatibleOperands:
            got = None
        assert got == expected, (profile, operand_shapes)


@given(shapes)
def test_infer_command_agrees_with_numpy(operand_shapes: list[Shape]) -> None:
    from broadcheck.shell import infer, operand

    operands = [operand(f"tensor<{''.join(f'{d}x' for d in s)}f32>") for s in operand_shapes]
    try:
        expected = np.broadcast_shapes(*operand_shapes)
    except ValueError:
        expected = None
    for profile in PROFILES:
        verdict = infer(operands, "mlir", profile)
        if expected is None:
            assert verdict.result is not None
            assert verdict.result.diagnostics[0].code == "BC101"
        else:
            assert verdict.text == f"tensor<{''.join(f'{d}x' for d in expected)}f32>"
