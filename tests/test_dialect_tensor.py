"""The tensor dialect's declarations: what its custom forms read as, and the checks that the
fixtures cannot reach yet (region bodies: ``Operation.regions``, built here by hand)."""

from __future__ import annotations

import pytest

from broadcheck.dialects import lookup
from broadcheck.dialects.tensor import checks
from broadcheck.engine.forms import place_types
from broadcheck.engine.verify import relative
from broadcheck.ops import Attribute, OpaqueType, Operation, Region, TypeUse
from broadcheck.semantics import Profile
from broadcheck.syntax.statement import read_statement
from broadcheck.syntax.types import read_type


@pytest.mark.parametrize(
    ("text", "operands", "results", "properties"),
    [
        ("%0 = tensor.extract %t[%i, %j] : tensor<4x?xf32>", ["tensor<4x?xf32>", "index", "index"], ["f32"], {}),
        (
            "%0 = tensor.insert %f into %t[%i] : tensor<4xi8>",
            ["i8", "tensor<4xi8>", "index"],
            ["tensor<4xi8>"],
            {},
        ),
        ("%0 = tensor.from_elements %a, %b : tensor<2xf16>", ["f16", "f16"], ["tensor<2xf16>"], {}),
        ("%0 = tensor.splat %v[%d] : tensor<?xf32>", ["f32", "index"], ["tensor<?xf32>"], {}),
        ("%0 = tensor.empty(%d, %e) : tensor<?x?xf32>", ["index", "index"], ["tensor<?x?xf32>"], {}),
        ("%0 = tensor.dim %t, %c : tensor<4xf32>", ["tensor<4xf32>", "index"], ["index"], {}),
        (
            "%0 = tensor.extract_slice %t[%i, 0] [4, %n] [1, 1] : tensor<8x16xf32> to tensor<4x?xf32>",
            ["tensor<8x16xf32>", "index", "index"],
            ["tensor<4x?xf32>"],
            {
                "static_offsets": "array<i64: -9223372036854775808, 0>",
                "static_sizes": "array<i64: 4, -9223372036854775808>",
                "static_strides": "array<i64: 1, 1>",
                "operandSegmentSizes": "array<i32: 1, 1, 1, 0>",
            },
        ),
        (
            "%0 = tensor.insert_slice %s into %t[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>",
            ["tensor<4x4xf32>", "tensor<8x16xf32>"],
            ["tensor<8x16xf32>"],
            {"operandSegmentSizes": "array<i32: 1, 1, 0, 0, 0>"},
        ),
        (
            "%0 = tensor.expand_shape %t [[0, 1]] output_shape [%d, 4] : tensor<?xf32> into tensor<?x4xf32>",
            ["tensor<?xf32>", "index"],
            ["tensor<?x4xf32>"],
            {"reassociation": "[[0, 1]]", "static_output_shape": "array<i64: -9223372036854775808, 4>"},
        ),
        (
            "%0 = tensor.pad %t nofold low[%l, 1] high[2, 3] {...} : tensor<?x4xf32> to tensor<?x8xf32>",
            ["tensor<?x4xf32>", "index"],
            ["tensor<?x8xf32>"],
            {"static_low": "array<i64: -9223372036854775808, 1>", "nofold": "unit"},
        ),
        (
            "%0 = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>",
            ["tensor<2x3xf32>", "tensor<2x4xf32>"],
            ["tensor<2x7xf32>"],
            {"dim": "1"},
        ),
        (
            "%0 = tensor.gather %s[%x] gather_dims([0, 2]) unique : (tensor<4x5x6xf32>, tensor<3x2xindex>) "
            "-> tensor<3x5xf32>",
            ["tensor<4x5x6xf32>", "tensor<3x2xindex>"],
            ["tensor<3x5xf32>"],
            {"gather_dims": "array<i64: 0, 2>", "unique": "unit"},
        ),
    ],
)
def test_custom_forms_read_as_the_generic_form(
    text: str, operands: list[str], results: list[str], properties: dict[str, str]
) -> None:
    statement = read_statement(text)
    decl = lookup(statement.name)
    assert decl is not None and decl.layout.read is not None
    placed_operands, placed_results = place_types(statement, decl.layout)
    assert [t.text if t else None for t in placed_operands] == operands
    assert [t.text if t else None for t in placed_results] == results
    read = {p.name: p.text for p in decl.layout.read(statement).properties}
    for name, value in properties.items():
        assert read[name] == value


def test_an_unexpected_form_places_no_type() -> None:
    statement = read_statement("%0 = tensor.extract_slice %t[0] : tensor<8xf32> to tensor<4xf32>")
    decl = lookup("tensor.extract_slice")
    assert decl is not None
    operands, results = place_types(statement, decl.layout)
    assert operands == [None] and results == [None]


def _op(name: str, operands: list[str], results: list[str], attributes: dict[str, str], region: Region) -> Operation:
    span = relative(0, 1)
    return Operation(
        name,
        span,
        span,
        tuple(TypeUse(read_type(t), span) for t in operands),
        tuple(TypeUse(read_type(t), span) for t in results),
        tuple(Attribute(k, v, span) for k, v in attributes.items()),
        generic=False,
        regions=(region,),
    )


def _pad(region: Region, result: str = "tensor<10x10xf32>") -> Operation:
    attributes = {
        "static_low": "array<i64: 1, 2>",
        "static_high": "array<i64: 3, 4>",
        "operandSegmentSizes": "array<i32: 1, 0, 0>",
    }
    return _op("tensor.pad", ["tensor<6x4xf32>"], [result], attributes, region)


INDEX, F32, I32 = OpaqueType("index"), OpaqueType("f32"), OpaqueType("i32")


@pytest.mark.parametrize(
    ("region", "result", "code", "args"),
    [
        (Region((INDEX, INDEX), "tensor.yield", (F32,)), "tensor<10x10xf32>", None, {}),
        (Region((INDEX,), "tensor.yield", (F32,)), "tensor<10x10xf32>", "BC642", {"rank": 2}),
        (Region((INDEX, I32), "tensor.yield", (F32,)), "tensor<10x10xf32>", "BC643", {"index": 2}),
        (Region((INDEX, INDEX), "tensor.yield", (F32,)), "tensor<10x10xf16>", "BC644", {}),
        # the result's shape is judged first
        (Region((INDEX,), "tensor.yield", (F32,)), "tensor<10x11xf32>", "BC641", None),
    ],
)
def test_pad_body(region: Region, result: str, code: str | None, args: dict[str, object] | None) -> None:
    problem = checks.check_pad(_pad(region, result), Profile.LLVM)
    assert (problem.code if problem else None) == code
    if problem is not None and args is not None:
        assert dict(problem.args) == args


@pytest.mark.parametrize(
    ("region", "code"),
    [
        (Region((INDEX, INDEX), "tensor.yield", (F32,)), None),
        (Region((INDEX,), "tensor.yield", (F32,)), "BC656"),
        (Region((INDEX, I32), "tensor.yield", (F32,)), "BC657"),
        (Region((INDEX, INDEX), "tensor.yield", (I32,)), "BC658"),
    ],
)
def test_generate_body(region: Region, code: str | None) -> None:
    op = _op("tensor.generate", ["index"], ["tensor<?x3xf32>"], {}, region)
    problem = checks.check_generate(op, Profile.LLVM)
    assert (problem.code if problem else None) == code
