"""The tf ops of :mod:`broadcheck.dialects.tf.verified_a`: each declared once and checked, their helpers
as MLIR/TensorFlow compute and print, and a few verdicts copied from tensorflow-cpu 2.21 (the full
differential campaign is ``tests/oracle/test_tf_verify_a.py``)."""

from __future__ import annotations

import pytest

from broadcheck import dialects
from broadcheck.api import check_text
from broadcheck.dialects.tf import verified_a


def test_every_op_is_declared_once_and_checked() -> None:
    found = [d for d in dialects.every() if d.name in verified_a.VERIFIERS]
    assert sorted(d.name for d in found) == sorted(verified_a.VERIFIERS)
    assert all(d.checked and not d.shapeless for d in found)


@pytest.mark.parametrize(
    ("a", "b", "joined"),
    [
        ((2, 1), (3,), [2, 3]),
        ((2, 3), (4,), None),
        ((None, 1), (1, 5), [None, 5]),
        ((None,), (3,), [3]),
        ((1,), (None,), [None]),
        ((), (2, 2), [2, 2]),
    ],
)
def test_broadcast_shape(a: tuple[int | None, ...], b: tuple[int | None, ...], joined: list[int | None] | None) -> None:
    assert verified_a._broadcast(a, b) == joined


def _first_error(text: str) -> str | None:
    errors = [d for d in check_text(text, path="<case>", profile="llvm") if d.severity == "error"]
    return f"{errors[0].line}:{errors[0].column}: {errors[0].message}" if errors else None


CASES = [
    (
        'func.func @f(%a0: tensor<2x4x4x3xf32>, %a1: tensor<1x1x3x8xf32>) {\n  %s = "tf.Const"() <{value = '
        'dense<[2, 4, 4, 3]> : tensor<4xi32>}> : () -> tensor<4xi32>\n  %r = "tf.Conv2DBackpropInput"(%s, %a1, '
        '%a0) {strides = [1, 1, 1], padding = "SAME"} : (tensor<4xi32>, tensor<1x1x3x8xf32>, tensor<2x4x4x3xf32>) '
        "-> tensor<2x4x4x3xf32>\n  return\n}\n",
        "3:8: requires strides attribute length to be 4",
    ),
    (
        'func.func @f(%a0: tensor<1x2x2x3xf32>) {\n  %c = "tf.Const"() <{value = dense<[[0, -1], [0, 0]]> : '
        'tensor<2x2xi32>}> : () -> tensor<2x2xi32>\n  %r = "tf.BatchToSpace"(%a0, %c) {block_size = 2 : i64} : '
        "(tensor<1x2x2x3xf32>, tensor<2x2xi32>) -> tensor<1x4x4x3xf32>\n  return\n}\n",
        "3:8: 'tf.BatchToSpace' op requires input batch (dimension 0) to be evenly divisible by (block_size * "
        "block_size), but got input batch 1 and block_size 2",
    ),
    (
        'func.func @f(%a: tensor<2xi32>) -> tensor<2xi8> {\n  %r = "tf.Bitcast"(%a) : (tensor<2xi32>) -> '
        "tensor<2xi8>\n  return %r : tensor<2xi8>\n}\n",
        "2:8: 'tf.Bitcast' op rank of input tensor is 1. rank of output tensor is expected to be 2, instead of 1.",
    ),
    (
        "func.func private @b0(tensor<2xf32>) -> tensor<2xf32>\nfunc.func @f(%i: tensor<i32>, %x: tensor<2xf32>) {\n"
        '  %r = "tf.Case"(%i, %x) {branches = [@b0, @b1], is_stateless = false} : (tensor<i32>, tensor<2xf32>) '
        "-> tensor<2xf32>\n  return\n}\n",
        "3:8: 'tf.Case' op expects branch #1 (@b1) to point to a defined function",
    ),
    (
        'func.func @f(%a: tensor<3xi32>) {\n  %r = "tf.InvertPermutation"(%a) : (tensor<3xi32>) -> tensor<3xi32>\n'
        "  return\n}\n",
        None,
    ),
]


@pytest.mark.parametrize(("text", "error"), CASES)
def test_first_error_is_tensorflows(text: str, error: str | None) -> None:
    assert _first_error(text) == error
