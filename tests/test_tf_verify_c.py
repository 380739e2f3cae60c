"""The tf ops of part C (broadcheck/dialects/tf/verified_c.py): what a whole file reports for the
functions they name (the campaign against TensorFlow is tests/oracle/test_tf_verify_c.py; the cases with
TensorFlow's words are tests/fixtures/tf_verify_c.mlir)."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.dialects.tf import verified_c as vc

FUNCTIONS = "func.func private @g(tensor<f32>) -> tensor<f32>\n"


def _errors(body: str, args: str = "%x: tensor<f32>, %o: tensor<i32>") -> list[str]:
    text = f"{FUNCTIONS}func.func @main({args}) {{\n{body}\n  return\n}}\n"
    return [f"{d.code} {d.message}" for d in check_text(text, path="<t>") if d.severity == "error"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('  %0 = "tf.LegacyCall"(%x) {f = @g} : (tensor<f32>) -> tensor<i32>', []),  # results not compared
        (
            '  %0 = "tf.LegacyCall"(%x, %x) {f = @g} : (tensor<f32>, tensor<f32>) -> tensor<f32>',
            ["BC1831 argument count mismatch: 'args' has 2 argument(s), but 'g' expects 1"],
        ),
        (
            '  %0 = "tf.LegacyCall"(%x) {f = @g::@h} : (tensor<f32>) -> tensor<f32>',
            ["BC562 'tf.LegacyCall' op attribute 'f' failed to satisfy constraint: flat symbol reference attribute"],
        ),
        (
            '  %0 = "tf.TPUPartitionedCall"(%x, %x, %o) {f = @g} : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<f32>',
            ["BC1832 argument count mismatch: 'args' has 2 arguments, but '@g' expects 1"],
        ),
        (
            '  %0 = "tf.TPUPartitionedCall"(%x, %o) {f = @g::@h} : (tensor<f32>, tensor<i32>) -> tensor<f32>',
            ["BC1830 'f' attribute refers to an undefined function: @g::@h"],
        ),
        (
            '  %0 = "tf.BatchFunction"(%x) {f = @g::@k, batch_timeout_micros = 1 : i64, max_batch_size = 2 : i64, '
            "num_batch_threads = 1 : i64, operandSegmentSizes = array<i32: 1, 0>} : (tensor<f32>) -> tensor<f32>",
            [],  # the root is looked up, and it is defined
        ),
        (
            '  %0 = "tf.BatchFunction"(%x) {f = @nope::@k, batch_timeout_micros = 1 : i64, max_batch_size = 2 : i64, '
            "num_batch_threads = 1 : i64, operandSegmentSizes = array<i32: 1, 0>} : (tensor<f32>) -> tensor<f32>",
            ["BC1830 'f' attribute refers to an undefined function: nope"],
        ),
        (
            '  %0 = "tf.BatchFunction"(%x) {f = @g, batch_timeout_micros = 1 : i64, max_batch_size = 2 : i64, '
            "num_batch_threads = 1 : i64} : (tensor<f32>) -> tensor<f32>",
            [
                "BC1734 'tf.BatchFunction' op operand count (1) does not match with the total size (0) specified "
                "in attribute 'operandSegmentSizes'"
            ],
        ),
        (
            '  %0 = "tf.XlaCallModule"(%x) {Sout = [], module = "", version = 5 : i64, function_list = [@g, @a, @b]}'
            " : (tensor<f32>) -> tensor<f32>",
            ["BC1833 'tf.XlaCallModule' op refers to an undefined function: @a"],
        ),
        (
            '  %0 = "tf.XlaCallModule"(%x) {Sout = true, module = "", version = 5 : i64, function_list = [@a]}'
            " : (tensor<f32>) -> tensor<f32>",
            [
                "BC562 'tf.XlaCallModule' op attribute 'Sout' failed to satisfy constraint: tensorflow shape "
                "attribute array"
            ],  # the op's own problem, not the function it names
        ),
    ],
)
def test_what_a_file_reports(body: str, expected: list[str]) -> None:
    assert _errors(body) == expected


def test_a_call_after_another_op_is_held_to_its_function() -> None:
    # (a call-like op's form is its own: once it was shared with the op before and never looked up)
    body = (
        '  %0 = "tf.Identity"(%x) : (tensor<f32>) -> tensor<f32>\n'
        '  %1 = "tf.LegacyCall"(%x) {f = @nope} : (tensor<f32>) -> tensor<f32>'
    )
    assert _errors(body) == ["BC1830 'f' attribute refers to an undefined function: nope"]


def test_every_op_of_part_c_is_declared_checked() -> None:
    from broadcheck import dialects

    checked = {op.name for op in dialects.every() if op.checked}
    assert set(vc.CALLS) <= checked
    assert set(vc.ATTRS) == set(vc.CALLS)
