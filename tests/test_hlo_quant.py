"""StableHLO's quantized element types: the model (semantics/stablehlo.py's ``Quant``) and the
rules of dialects/stablehlo/quant.py. Expected values are iree-opt 3.13's (printed forms, which
types its ODS constraints accept); the fixture tests/fixtures/stablehlo_quant.mlir holds the
messages."""

from __future__ import annotations

import pytest

from broadcheck.dialects.stablehlo import quant
from broadcheck.semantics.stablehlo import Tensor, Unknown, element


@pytest.mark.parametrize(
    ("text", "printed", "storage", "valid"),
    [
        ("!quant.uniform<i8:f32, 1.0>", "!quant.uniform<i8:f32, 1.000000e+00>", "i8", True),
        # `u8` keeps a signless storage type (the unsigned flag is the quantized type's); `ui8` does not
        ("!quant.uniform<u8:f32, 1.0:200>", "!quant.uniform<u8:f32, 1.000000e+00:200>", "i8", True),
        ("!quant.uniform<ui8:f32, 1.0:200>", "!quant.uniform<ui8:f32, 1.000000e+00:200>", "ui8", True),
        ("!quant.uniform<si8:f32, 1.0>", "!quant.uniform<si8:f32, 1.000000e+00>", "si8", False),
        ("!quant.uniform<i8:f32, 1.0:200>", "!quant.uniform<i8:f32, 1.000000e+00:200>", "i8", False),
        ("!quant.uniform<i8<-10:10>:f32, 1.0:11>", "!quant.uniform<i8<-10:10>:f32, 1.000000e+00:11>", "i8", False),
        ("!quant.uniform<i3:f32, 1.0>", "!quant.uniform<i3:f32, 1.000000e+00>", "i3", False),
        ("!quant.uniform<i2:f32, 1.0>", "!quant.uniform<i2:f32, 1.000000e+00>", "i2", True),
        (
            "!quant.uniform<i8:f32:0, {0.1:-30, 0.5}>",
            "!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01}>",
            "i8",
            True,
        ),
    ],
)
def test_quantized_elements(text: str, printed: str, storage: str, valid: bool) -> None:
    e = element(text)
    assert e.quant is not None
    assert (e.text, e.quant.storage, e.quant.valid, bool(e.atoms)) == (printed, storage, valid, valid)


@pytest.mark.parametrize(
    "text",
    [
        "!quant.uniform<i64:f32, 1.0>",  # "illegal storage type size: 64"
        "!quant.uniform<i8:f32, 0.0>",  # "scale 0.000000e+00 out of expressed type range"
        "!quant.uniform<i8:f32, -1.0>",
        "!quant.uniform<i8<-200:0>:f32, 1.0>",  # limits outside the storage type
    ],
)
def test_types_the_parser_rejects_are_passed_over(text: str) -> None:
    with pytest.raises(Unknown):
        element(text)


def _t(shape: tuple[int, ...], elem: str) -> Tensor:
    return Tensor(shape, element(elem))


def test_per_axis_parameters_are_compared_as_stablehlo_zips_them() -> None:
    # isSameQuantPerAxisScaleZeroPoint compares its first type's count with itself: the shorter list decides.
    a = _t((1, 2, 2), "!quant.uniform<i8:f32:0, {0.1:-30}>")
    b = _t((1, 2, 2), "!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>")
    assert quant.same_params(a, b) is None
    problem = quant.transpose(a, b, (0, 2, 1))
    assert problem is not None and (problem.code, problem.args) == ("BC1442", {"operand": 0, "dim": 1, "value": 2})


def test_promotable() -> None:
    q8, q32 = "!quant.uniform<i8:f32, 2.0:15>", "!quant.uniform<i32:f32, 2.0:15>"
    assert quant.promotable("f32", "f64") is None  # not quantized: reduce.py's rule
    assert quant.promotable(q8, q32) is True
    assert quant.promotable(q32, q8) is False
    assert quant.promotable(q8, "!quant.uniform<i32:f64, 2.0:15>") is False  # another expressed type
    assert quant.promotable(q8, "i32") is False


def test_a_quantized_constant_compares_its_storage_type() -> None:
    assert str(quant.stored(_t((2,), "!quant.uniform<u8:f32, 2.0:15>"))) == "tensor<2xi8>"
    assert str(quant.stored(_t((2,), "!quant.uniform<ui8:f32, 2.0:15>"))) == "tensor<2xui8>"
    assert str(quant.stored(_t((2,), "f32"))) == "tensor<2xf32>"
