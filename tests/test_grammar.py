"""The grammar (grammars/mlir.lark) on every type and op form, as tables."""

from __future__ import annotations

import pytest

from broadcheck import dialects
from broadcheck.dialects.op import Layout
from broadcheck.ops import OpaqueType, ShapedType
from broadcheck.syntax.parser import SyntaxProblem, parse_operation, parse_type

Q = None

TYPES = [
    ("tensor<2x?x4xi32>", "tensor", (2, Q, 4), "i32"),
    ("tensor<? x 13 x f32>", "tensor", (Q, 13), "f32"),
    ("tensor<0xf32>", "tensor", (0,), "f32"),
    ("tensor<0x0xf32>", "tensor", (0, 0), "f32"),
    ("tensor<f32>", "tensor", (), "f32"),
    ("tensor<*xf32>", "tensor", None, "f32"),
    ("tensor<4xf32, #enc>", "tensor", (4,), "f32"),
    ("tensor<?x3xi32, #stablehlo.bounds<3, ?>>", "tensor", (Q, 3), "i32"),
    ("vector<4xf32>", "vector", (4,), "f32"),
    ("vector<[4]xf32>", "vector", (4,), "f32"),
    ("vector<2x[4]x8xf32>", "vector", (2, 4, 8), "f32"),
    ("vector<f32>", "vector", (), "f32"),
    ("tensor<2xcomplex<f32>>", "tensor", (2,), "complex<f32>"),
    ("tensor<2xvector<4xf32>>", "tensor", (2,), "vector<4xf32>"),
    ("tensor<2x!quant.uniform<i8:f32, 0.1:-3>>", "tensor", (2,), "!quant.uniform<i8:f32, 0.1:-3>"),
    ("tensor<2x!tf_type.string>", "tensor", (2,), "!tf_type.string"),
    ('tensor<1x!a.b<"x>y", [1, {2}], (3)>>', "tensor", (1,), '!a.b<"x>y", [1, {2}], (3)>'),
]
ELEMENTS = (
    "i1 i8 i64 si8 ui32 index bf16 f16 tf32 f32 f64 f80 f128 f8E5M2 f8E4M3FN f8E4M3FNUZ f8E5M2FNUZ "
    "f8E4M3B11FNUZ f8E3M4 f8E4M3 f8E8M0FNU f6E2M3FN f6E3M2FN f4E2M1FN"
).split()
OPAQUE = [
    "i32",
    "none",
    "index",
    "memref<4x?xf32, affine_map<(d0, d1) -> (d0, d1)>>",
    "tuple<i32, f32>",
    "!tosa.shape<3>",
]


@pytest.mark.parametrize(("text", "kind", "shape", "element"), TYPES)
def test_shaped_types(text: str, kind: str, shape: tuple[int | None, ...] | None, element: str) -> None:
    parsed = parse_type(text)
    assert isinstance(parsed, ShapedType)
    assert (parsed.kind, parsed.shape, parsed.element) == (kind, shape, element)


@pytest.mark.parametrize("element", ELEMENTS)
def test_every_element_type(element: str) -> None:
    parsed = parse_type(f"tensor<3x{element}>")
    assert isinstance(parsed, ShapedType) and parsed.element == element
    assert str(parsed) == f"tensor<3x{element}>"


@pytest.mark.parametrize("text", OPAQUE)
def test_other_types_are_carried(text: str) -> None:
    assert parse_type(text) == OpaqueType(text)


BAD_TYPES = [
    ("tensor<2x3>", "expected 'x' in dimension list"),  # (iree-opt 3.13: just after the `3`)
    ("tensor<2xfoo>", "expected non-function type"),
    ("tensor<*xf32, #enc>", "cannot apply encoding to unranked tensor"),  # (iree-opt 3.13: after the `>`)
    ("vector<0xf32>", "vector types must have positive constant sizes but got 0"),
    ("vector<4x[0]xf32>", "vector types must have positive constant sizes but got 4, 0"),
    ("vector<?xf32>", "expected "),
    ("tensor<2xi32", "expected '>' in tensor type"),
    ("tensor<2xi32>>", "expected end of statement, found '>'"),
    ("tensor<18446744073709551616xf32>", "invalid dimension"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TYPES)
def test_bad_types(text: str, message: str) -> None:
    with pytest.raises(SyntaxProblem) as err:
        parse_type(text)
    assert err.value.message.startswith(message)


def test_operation_spans_are_file_absolute() -> None:
    text = '%0 = "tf.AddV2"(%a, %b)\n    : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>'
    op = parse_operation(text, line=10, column=3)
    assert op.name == "tf.AddV2"
    assert (op.name_span.line, op.name_span.column) == (10, 8)
    assert (op.operands[1].span.line, op.operands[1].span.column, op.operands[1].span.end_column) == (11, 23, 36)
    assert op.results[0].span.line == 11


def test_custom_form_clauses_and_attributes() -> None:
    op = parse_operation(
        "%0 = stablehlo.broadcast_in_dim %v, dims = [2, 1] {a = 1 : i8} : (tensor<1x3xi32>) -> tensor<2x3x2xi32>"
    )
    assert not op.generic
    assert [(a.name, a.text) for a in op.attributes] == [("dims", "[2, 1]"), ("a", "1 : i8")]
    generic = parse_operation(
        '%0 = "chlo.broadcast_add"(%a, %b) <{broadcast_dimensions = array<i64: 1>}> {x} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>'
    )
    assert generic.attribute("broadcast_dimensions") is not None
    assert generic.attribute("x") is not None and generic.attribute("x").text == "unit"  # type: ignore[union-attr]


def test_multiple_results_and_regions() -> None:
    op = parse_operation(
        '%0:2 = "test.op"(%a) ({\n ^bb0(%x: tensor<f32>):\n "test.yield"(%x) : (tensor<f32>) -> ()\n}) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)'
    )
    assert len(op.results) == 2


# Op forms: (statement, operand types, result types, attributes by name).
FORMS = [
    ("%0 = tfl.add %a, %b {f = 1} : tensor<i32>", ["tensor<i32>"] * 2, ["tensor<i32>"], {"f": "1"}),
    ("%0:2 = stablehlo.add %a, %b : tensor<3xf32>", ["tensor<3xf32>"] * 2, ["tensor<3xf32>"] * 2, {}),
    ("%0, %1 = x.y %a : tensor<3xf32>", ["tensor<3xf32>"], ["tensor<3xf32>"] * 2, {}),
    ("x.y %a : tensor<3xf32>", ["tensor<3xf32>"], [], {}),
    (
        "%0 = tfl.add(%a, %b) <{f = 2}> : (tensor<1xf32>, tensor<3xf32>) -> tensor<3xf32>",
        ["tensor<1xf32>", "tensor<3xf32>"],
        ["tensor<3xf32>"],
        {"f": "2"},
    ),
    (
        "%0 = tosa.maximum %a, %b nan_mode<PROPAGATE> : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>",
        ["tensor<3xf32>"] * 2,
        ["tensor<3xf32>"],
        {},
    ),
    (
        "%0 = tosa.clamp %x min_val(0.0 : f32) max_val(6.0 : f32) : (tensor<3xf32>) -> tensor<3xf32>",
        ["tensor<3xf32>"],
        ["tensor<3xf32>"],
        {},
    ),
    (
        "%0 = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
        ["tensor<2xf32>"] * 2,
        ["tensor<2xi1>"],
        {},
    ),
    (
        "%0 = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf32>",
        ["tensor<2xi1>", "tensor<2xf32>", "tensor<2xf32>"],
        ["tensor<2xf32>"],
        {},
    ),
    ("%0 = vector.broadcast %s : f32 to vector<4xf32>", ["f32"], ["vector<4xf32>"], {}),
    (
        "%0 = linalg.broadcast ins(%x : tensor<16xf32>) outs(%i : tensor<16x64xf32>) dimensions = [1]",
        ["tensor<16xf32>", "tensor<16x64xf32>"],
        ["tensor<16x64xf32>"],
        {"dimensions": "[1]"},
    ),
    (
        "linalg.broadcast ins(%x : memref<16xf32>) outs(%i : memref<16x64xf32>) dimensions = [1]",
        ["memref<16xf32>", "memref<16x64xf32>"],
        [],
        {"dimensions": "[1]"},
    ),
    (
        "%0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0, 1], known_expanding_dimensions = [0] : "
        "(tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>",
        ["tensor<?x?xf32>", "tensor<2xindex>"],
        ["tensor<?x?xf32>"],
        {"dims": "[0, 1]", "known_expanding_dimensions": "[0]"},
    ),
    (
        '%0 = "tosa.add"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) ->\n  tensor<3xf32> loc("x.py":1:2)',
        ["tensor<3xf32>"] * 2,
        ["tensor<3xf32>"],
        {},
    ),
]


@pytest.mark.parametrize(("text", "operands", "results", "attributes"), FORMS)
def test_op_forms(text: str, operands: list[str], results: list[str], attributes: dict[str, str]) -> None:
    op = parse_operation(text, layout_of=_layout_of)
    assert [str(u.type) for u in op.operands] == operands
    assert [str(u.type) for u in op.results] == results
    assert {a.name: a.text for a in op.attributes} == attributes


def _layout_of(name: str) -> Layout | None:
    decl = dialects.lookup(name)
    return decl.layout if decl is not None else None


def test_a_type_list_is_placed_only_by_a_layout_handed_in() -> None:
    from broadcheck.syntax.parser import Unreadable

    text = "%0 = stablehlo.select %p, %a, %b : tensor<2xi1>, tensor<2xf32>"
    assert str(parse_operation(text, layout_of=_layout_of).operands[0].type) == "tensor<2xi1>"
    with pytest.raises(Unreadable):
        parse_operation(text)  # the reader sits below the dialects: it knows no layout of its own


def test_a_type_list_of_an_unknown_layout_is_unreadable_not_an_error() -> None:
    from broadcheck.syntax.parser import Unreadable

    with pytest.raises(Unreadable):
        parse_operation("%0 = arith.select %c, %a, %b : i1, tensor<3xf32>")
