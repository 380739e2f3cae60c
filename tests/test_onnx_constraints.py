"""ONNX-MLIR's ODS type constraints (broadcheck/dialects/onnx/constraints.json): the generator's reading of
the ``.td`` forms, the table current, and the check's value groups."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from broadcheck.api import check_text
from broadcheck.dialects.onnx import constraints, generate

TABLE = Path(generate.__file__).parent / "constraints.json"


@pytest.mark.parametrize(
    ("text", "tree", "summary"),
    [
        ("TensorOf<[F32]>", ["tensor", ["f32"]], "tensor of 32-bit float values"),
        (
            "AnyTypeOf<[TensorOf<[StringType]>, TensorOf<[I64]>]>",
            ["any-of", [["tensor", ["!onnx.String"]], ["tensor", ["i64"]]]],
            "tensor of string type values or tensor of 64-bit signless integer values",
        ),
        ("TensorOf<[F16, F32]>", ["tensor", ["f16", "f32"]], "tensor of 16-bit float or 32-bit float values"),
        (
            "Variadic<AnyTypeOf<[AnyTensor, NoneType]>>",
            ["variadic", ["any-of", [["any-tensor"], ["none"]]]],
            "variadic of tensor of any type values or none type",
        ),
        (
            "SeqOf<[TensorOf<[UI8]>]>",
            ["seq", ["any-of", [["tensor", ["ui8"]]]]],
            "SeqType of tensor of 8-bit unsigned integer values values",
        ),
        (
            "OptOf<TensorOf<[I1]>>",
            ["opt", ["tensor", ["i1"]]],
            "OptType of tensor of 1-bit signless integer values values",
        ),
        (
            "TupleOf<[I64, F32]>",
            ["tuple", ["i64", "f32"]],
            "tuple with any combination of 64-bit signless integer or 32-bit float values",
        ),
        (
            "TensorOf<[Complex<F32>]>",
            ["tensor", ["complex<f32>"]],
            "tensor of complex type with 32-bit float elements values",
        ),
    ],
)
def test_the_generator_reads_each_form(text: str, tree: list[object], summary: str) -> None:
    assert generate.parse(text) == (tree, summary)


def test_an_unknown_form_stops_the_generator() -> None:
    with pytest.raises(ValueError, match="does not know"):
        generate.parse("MemRefOf<[F32]>")


def test_the_generator_skips_attributes_and_numbers_constraints_once() -> None:
    td = (
        'def ONNXFooOp:ONNX_Op<"Foo",\n  [Pure]> {\n'
        '  let arguments = (ins TensorOf<[F32]>:$X, DefaultValuedAttr<SI64Attr, "1">:$axis,\n'
        "    Variadic<TensorOf<[F32]>>:$rest);\n"
        "  let results = (outs TensorOf<[F32]>:$Y);\n}\n"
    )
    table = generate.read_ops(td)
    assert table["ops"] == {"onnx.Foo": {"operands": [["X", 0], ["rest", 1]], "results": [["Y", 0]]}}
    assert [c[1] for c in table["constraints"]] == [
        "tensor of 32-bit float values",
        "variadic of tensor of 32-bit float values",
    ]


def test_the_table_is_the_generator_s_rendering() -> None:
    text = TABLE.read_text(encoding="utf-8")
    table = json.loads(text)
    assert generate.render(table) == text
    assert len(table["ops"]) == 260  # every op ONNX-MLIR defines (ONNXOps.td.inc, AdditionalONNXOps.td)
    assert all(len(f["sha256"]) == 64 for f in table["source"]["files"])


def _messages(text: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in check_text(text, path="t.mlir", profile="llvm")]


def test_a_variadic_group_is_laid_over_the_values_between_the_fixed_ones() -> None:
    # Adagrad: R, T, then variadic inputs; the third input is operand #4
    text = (
        "func.func @f(%r: tensor<f32>, %t: tensor<i64>, %a: tensor<2xf32>, %b: tensor<2xf32>, %c: tensor<2xi32>) {\n"
        '  %0:3 = "onnx.Adagrad"(%r, %t, %a, %b, %c) : (tensor<f32>, tensor<i64>, tensor<2xf32>, tensor<2xf32>, '
        "tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)\n"
        "  onnx.Return\n}\n"
    )
    assert _messages(text) == [
        (
            "BC1650",
            "'onnx.Adagrad' op operand #4 must be variadic of tensor of 32-bit float values or tensor of 64-bit "
            "float values, but got 'tensor<2xi32>'",
        )
    ]


def test_sequences_and_optionals_are_read_inside() -> None:
    ok = (
        "func.func @f(%s: !onnx.Seq<tensor<*xf32>>, %o: !onnx.Opt<!onnx.Seq<tensor<2xi64>>>) {\n"
        '  %0 = "onnx.SequenceLength"(%s) : (!onnx.Seq<tensor<*xf32>>) -> tensor<i64>\n'
        '  %1 = "onnx.OptionalHasElement"(%o) : (!onnx.Opt<!onnx.Seq<tensor<2xi64>>>) -> tensor<i1>\n'
        "  onnx.Return\n}\n"
    )
    assert _messages(ok) == []
    bad = ok.replace("tensor<*xf32>", "tensor<*xsi32>")
    assert [c for c, _ in _messages(bad)] == ["BC1650"]


def test_a_type_broadcheck_cannot_read_is_not_judged() -> None:
    t = constraints.meets
    from broadcheck.ops import OpaqueType

    assert t(OpaqueType("!my.type"), ["tensor", ["f32"]]) is None
    assert t(OpaqueType("none"), ["any-of", [["tensor", ["f32"]], ["none"]]]) is True
    assert t(OpaqueType("i32"), ["any-of", [["tensor", ["f32"]], ["none"]]]) is False


def test_entry_point_relates_no_types() -> None:
    # onnx.EntryPoint (AdditionalONNXOps.td): a `func` symbol, no operand, no result, no verifier: no shape rule
    from broadcheck import dialects

    table = json.loads(TABLE.read_text(encoding="utf-8"))
    assert table["ops"]["onnx.EntryPoint"] == {"operands": [], "results": []}
    decl = dialects.lookup("onnx.EntryPoint")
    assert decl is not None and decl.shapeless and decl.check is None
