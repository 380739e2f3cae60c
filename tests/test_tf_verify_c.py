"""The tf ops of part C (broadcheck/dialects/tf/verified_c.py): what a whole file reports for the
functions they name (the campaign against TensorFlow is tests/oracle/test_tf_verify_c.py; the cases with
TensorFlow's words are tests/fixtures/tf_verify_c.mlir)."""

from __future__ import annotations

import re

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
    assert {*vc.CALLS, "tf.XlaSetDynamicDimensionSize", "tf.XlaBroadcastHelper"} <= checked
    assert set(vc.ATTRS) == set(vc.CALLS)


def _dynamic(input_type: str, index: str | None, result: str) -> list[str]:
    const = f'  %d = "tf.Const"() <{{value = dense<{index}> : tensor<i32>}}> : () -> tensor<i32>\n' if index else ""
    body = (
        f'{const}  %0 = "tf.XlaSetDynamicDimensionSize"(%x, %d, %o) : ({input_type}, tensor<i32>, tensor<i32>) '
        f"-> {result}"
    )
    return _errors(body, f"%x: {input_type}, %o: tensor<i32>" + ("" if index else ", %d: tensor<i32>"))


@pytest.mark.parametrize(
    ("input_type", "index", "result", "expected"),
    [
        ("tensor<4x5xf32>", "0", "tensor<?x5xf32>", []),
        ("tensor<4x5xf32>", "0", "tensor<4x5xf32>", []),  # cast compatible with the inferred ?x5
        ("tensor<4x5xf32>", "1", "tensor<3x?xf32>", ["BC1834 inferred 'tensor<4x?xf32>' vs 'tensor<3x?xf32>'"]),
        ("tensor<4x5xf32>", "2", "tensor<4x5xf32>", ["BC1835 dim_index (2) is out of range [0, 2)"]),
        ("tensor<4x5xf32>", None, "tensor<3x7xf32>", []),  # not a constant: every dimension dynamic
        ("tensor<4x5xf32>", None, "tensor<3xf32>", ["BC1834 inferred 'tensor<?x?xf32>' vs 'tensor<3xf32>'"]),
        ("tensor<*xf32>", "0", "tensor<*xi32>", ["BC1834 inferred 'tensor<*xf32>' vs 'tensor<*xi32>'"]),
    ],
)
def test_set_dynamic_dimension_size_infers_its_result(
    input_type: str, index: str | None, result: str, expected: list[str]
) -> None:
    found = _dynamic(input_type, index, result)
    short = [
        re.sub(r"'tf.XlaSetDynamicDimensionSize' op inferred type\(s\) (\S+) are incompatible with return type\(s\) "
               r"of operation (\S+)", r"inferred \1 vs \2", e)
        for e in found
    ]  # fmt: skip
    assert short == expected


def _helper(lhs: str, rhs: str, dims: str | None, results: str) -> list[str]:
    kind = "tensor<0xi64>" if dims == "" else f"tensor<{len(dims.split(','))}xi64>" if dims else ""
    const = f'  %d = "tf.Const"() <{{value = dense<[{dims}]> : {kind}}}> : () -> {kind}\n' if dims is not None else ""
    kind = kind or "tensor<1xi64>"
    body = f'{const}  %0:2 = "tf.XlaBroadcastHelper"(%x, %y, %d) : ({lhs}, {rhs}, {kind}) -> ({results})'
    return _errors(body, f"%x: {lhs}, %y: {rhs}" + ("" if dims is not None else f", %d: {kind}"))


@pytest.mark.parametrize(
    ("lhs", "rhs", "dims", "results", "expected"),
    [
        ("tensor<2x3xf32>", "tensor<3xf32>", "1", "tensor<2x3xf32>, tensor<1x3xf32>", []),
        ("tensor<2x3xf32>", "tensor<3xf32>", "0", "tensor<2x3xf32>, tensor<3x1xf32>", []),
        (
            "tensor<2x3xf32>", "tensor<3xf32>", "1", "tensor<2x3xf32>, tensor<3x1xf32>",
            ["BC1834 'tensor<2x3xf32>', 'tensor<1x3xf32>'"],
        ),
        ("tensor<2x3xf32>", "tensor<2x3xf32>", "1, 0", "tensor<2x3xf32>, tensor<3x2xf32>", []),  # the right one placed
        ("tensor<2x3xf32>", "tensor<3xf32>", "-1", "tensor<2x3xf32>, tensor<1x3xf32>", ["BC1836 out of range broadcast dim"]),
        ("tensor<2x3x4xf32>", "tensor<3x4xf32>", "1, 1", "tensor<2x3x4xf32>, tensor<1x3x4xf32>",
         ["BC1836 broadcast_dims has duplicates"]),
        ("tensor<2x3xf32>", "tensor<f32>", "0, 1", "tensor<2x3xf32>, tensor<f32>",
         ["BC1836 broadcast_dims must have size equal to the smaller argument rank"]),
        ("tensor<2x3xf32>", "tensor<3xf32>", "", "tensor<2x3xf32>, tensor<3xf32>",
         ["BC1836 if broadcast_dims is empty, both arguments must have equal rank or at least one argument must be a scalar"]),
        ("tensor<2x3xf32>", "tensor<3xf32>", None, "tensor<9xf32>, tensor<9xf32>", []),  # not a constant: unranked
        ("tensor<2x3xf32>", "tensor<3xf32>", "2", "tensor<9xf32>, tensor<9xf32>", []),  # the rank itself: no verdict
    ],
)  # fmt: skip
def test_broadcast_helper_infers_its_results(
    lhs: str, rhs: str, dims: str | None, results: str, expected: list[str]
) -> None:
    found = [
        re.sub(r"'tf.XlaBroadcastHelper' op inferred type\(s\) (.*) are incompatible .*", r"\1", e)
        for e in _helper(lhs, rhs, dims, results)
    ]
    assert found == expected
