"""The tf verifiers of part B (broadcheck/dialects/tf/verified_b.py): the readings their checks rest on,
and what a whole file reports (the campaign against TensorFlow is tests/oracle/test_tf_verify_b.py; the
cases with TensorFlow's words are tests/fixtures/tf_verify_b.mlir)."""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.dialects.tf import verified_b as vb


@pytest.mark.parametrize(
    ("value", "int32"),
    [(-1, -1), (0, 0), (4294967295, -1), (2**31, -(2**31)), (2**32 + 3, 3)],
)
def test_the_quantization_axis_is_read_as_cpp_truncates_it(value: int, int32: int) -> None:
    assert vb._int32(value) == int32


@pytest.mark.parametrize(
    ("kind", "text", "holds"),
    [
        ("strs", '["a", "b,c"]', True),
        ("strs", "[]", True),
        ("strs", '["a", 1]', False),
        ("i32s", "[0 : i32, 2 : i32]", True),
        ("i32s", "[0, 2]", False),  # an untyped integer is an i64
        ("i64s", "[0, 2]", True),
        ("symref", "@g", True),
        ("i64", "1 : i32", False),
    ],
)
def test_attribute_kinds(kind: str, text: str, holds: bool) -> None:
    assert vb._holds(kind, text) is holds


def _errors(text: str) -> list[str]:
    return [f"{d.code} {d.message}" for d in check_text(text, path="<t>") if d.severity == "error"]


FUNCTION = "func.func private @g(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n"


def _sort(comparator: str, dimension: str) -> str:
    return (
        "func.func @f(%x: tensor<2xf32>) {\n"
        f'  %d = "tf.Const"() <{{value = dense<1> : {dimension}}}> : () -> {dimension}\n'
        f'  %r = "tf.XlaVariadicSort"(%x, %d) {{comparator = {comparator}, is_stable = false}} : '
        f"(tensor<2xf32>, {dimension}) -> tensor<2xf32>\n"
        "  return\n}\n" + FUNCTION
    )


def test_a_missing_function_is_reported_after_the_op_s_own_problem() -> None:
    both = _errors(_sort("@missing", "tensor<1xi32>"))
    assert both[0] == "BC1728 'tf.XlaVariadicSort' op dimension must be a scalar"
    assert _errors(_sort("@missing", "tensor<i32>")) == ["BC1739 'tf.XlaVariadicSort' op No comparator"]
    assert _errors(_sort("@g", "tensor<i32>")) == []


def test_a_function_attribute_of_the_wrong_kind_names_no_function() -> None:
    errors = _errors(_sort('"g"', "tensor<i32>"))
    assert errors == [
        "BC562 'tf.XlaVariadicSort' op attribute 'comparator' failed to satisfy constraint: symbol reference attribute"
    ]


def test_every_op_of_part_b_is_declared_checked() -> None:
    from broadcheck import dialects

    checked = {op.name for op in dialects.every() if op.checked}
    assert {f"tf.{name}" for name in vb.SPECS} <= checked
    assert len(vb.SPECS) == 21
