"""The audit of issue 29 in every dialect but StableHLO/MHLO/CHLO/TOSA: each path of their checks that cannot read what it must judge returns
``NOT_JUDGED`` (the op is passed over as "not judged", not counted as checked, and nothing is
reported), and the same op written readably is still judged (checked).

One row per path: the op, a statement the path cannot judge, and one it judges.
"""

from __future__ import annotations

import pytest

from broadcheck.api import OpTable, Options, Profile, check_source
from broadcheck.diagnostics import Result
from broadcheck.semantics import NOT_JUDGED_REASON


def _func(args: str, body: str) -> str:
    return f"func.func @f({args}) {{\n{body}\n  return\n}}\n"


def _unary(op: str, t: str, attrs: str = "") -> str:
    return _func(f"%a: {t}", f'  %0 = "{op}"(%a){attrs} : ({t}) -> {t}')


_IF = (
    '  %0 = "tf.IfRegion"(%p) ({{\n    {then}\n  }}, {{\n    "tf.Yield"(%a) : (tensor<2xf32>) -> ()\n'
    "  }}) {{is_stateless = true}} : (tensor<i1>) -> tensor<2xf32>"
)
_WHILE = (
    '  %0 = "tfl.while"(%a) ({{\n  ^bb0(%x: tensor<i32>):\n    %c = "tfl.less"(%x, %x) : (tensor<i32>, tensor<i32>) '
    '-> tensor<i1>\n    "tfl.yield"(%c, %x) : (tensor<i1>, tensor<i32>) -> ()\n  }}{more}) : (tensor<i32>) -> tensor<i32>'
)
_BODY = ', {\n  ^bb0(%x: tensor<i32>):\n    "tfl.yield"(%x) : (tensor<i32>) -> ()\n  }'
_LEGACY = '  %0 = "tf.LegacyCall"(%a) {{f = @g}} : ({t}) -> {t}'
_G = "func.func private @g(%x: tensor<2xf32>) -> tensor<2xf32>\n"
_DEQUANTIZE = (
    '  %0 = "tf.UniformDequantize"(%a, %s, %z) {{quantization_axis = -1 : i64, quantization_min_val = -128 : i64, '
    "quantization_max_val = 127 : i64}} : ({t}, tensor<f32>, tensor<i32>) -> tensor<2xf32>"
)
_SEGMENTS = (
    '  %0 = "tf.GeneratorDatasetRegion"(%a) ({\n  ^bb0(%x: tensor<2xf32>):\n    "tf.Yield"() : () -> ()\n  }, {\n'
    '    "tf.Yield"() : () -> ()\n  }, {\n    "tf.Yield"() : () -> ()\n  }) {operandSegmentSizes = SIZES, '
    "output_shapes = [#tf_type.shape<>], output_types = [f32]} : (tensor<2xf32>) -> tensor<!tf_type.variant>"
)

CASES = [
    # (what, op, a statement it cannot judge, the same op judged)
    (
        "generated traits (ods.traits.check_of): a custom form that names no result",
        "arith.addf",
        _func(
            "%m: vector<4xi1>, %a: vector<4xf32>",
            "  %0 = vector.mask %m { arith.addf %a, %a : vector<4xf32> } : vector<4xi1> -> vector<4xf32>",
        ),
        _func("%a: vector<4xf32>", "  %0 = arith.addf %a, %a : vector<4xf32>"),
    ),
    (
        "generated traits of math (math._kin): a memref",
        "math.sin",
        _unary("math.sin", "memref<2xf32>"),
        _unary("math.sin", "tensor<2xf32>"),
    ),
    (
        "generated traits of tf (dialects.merge_traits): a memref",
        "tf.Relu",
        _unary("tf.Relu", "memref<2xf32>"),
        _unary("tf.Relu", "tensor<2xf32>"),
    ),
    (
        "tfl unary verifier (tfl.unary.Unary.check): not tensors",
        "tfl.tanh",
        _unary("tfl.tanh", "memref<2xf32>"),
        _unary("tfl.tanh", "tensor<2xf32>"),
    ),
    (
        "tfl broadcasting verifier (semantics.tf._verify_tfl): a result that is not a tensor",
        "tfl.add",
        _func(
            "%a: tensor<2xf32>",
            '  %0 = "tfl.add"(%a, %a) {fused_activation_function = "NONE"} : (tensor<2xf32>, tensor<2xf32>) '
            "-> memref<2xf32>",
        ),
        _func(
            "%a: tensor<2xf32>",
            '  %0 = "tfl.add"(%a, %a) {fused_activation_function = "NONE"} : (tensor<2xf32>, tensor<2xf32>) '
            "-> tensor<2xf32>",
        ),
    ),
    (
        "tfl.while (tfl.regions.verify): not two regions",
        "tfl.while",
        _func("%a: tensor<i32>", _WHILE.format(more="")),
        _func("%a: tensor<i32>", _WHILE.format(more=_BODY)),
    ),
    (
        "tf.IfRegion (tf.regions._regions): a branch not ended by tf.Yield",
        "tf.IfRegion",
        _func("%p: tensor<i1>, %a: tensor<2xf32>", _IF.format(then='"tf.NoOp"() : () -> ()')),
        _func("%p: tensor<i1>, %a: tensor<2xf32>", _IF.format(then='"tf.Yield"(%a) : (tensor<2xf32>) -> ()')),
    ),
    (
        "tf ops checked by traits then verify() (tf._after_traits): a memref",
        "tf.DataFormatVecPermute",
        _unary("tf.DataFormatVecPermute", "memref<2xi32>"),
        _unary("tf.DataFormatVecPermute", "tensor<4xi32>"),
    ),
    (
        "tf ops of verified_a (traits, then verify()): a memref",
        "tf.BiasAddGrad",
        _func("%a: memref<2x3xf32>", '  %0 = "tf.BiasAddGrad"(%a) : (memref<2x3xf32>) -> memref<3xf32>'),
        _func("%a: tensor<2x3xf32>", '  %0 = "tf.BiasAddGrad"(%a) : (tensor<2x3xf32>) -> tensor<3xf32>'),
    ),
    (
        "tf ops of verified_b (counts, attributes, traits, verify()): a memref",
        "tf.UniformDequantize",
        _func("%a: memref<2xf32>, %s: tensor<f32>, %z: tensor<i32>", _DEQUANTIZE.format(t="memref<2xf32>")),
        _func(
            "%a: tensor<2x!tf_type.qint8>, %s: tensor<f32>, %z: tensor<i32>",
            _DEQUANTIZE.format(t="tensor<2x!tf_type.qint8>"),
        ),
    ),
    (
        "tfl ops declared by their traits (tfl.traits.Declared.check): not tensors",
        "tfl.shape",
        _func("%a: memref<2x3xf32>", '  %0 = "tfl.shape"(%a) : (memref<2x3xf32>) -> tensor<2xi32>'),
        _func("%a: tensor<2x3xf32>", '  %0 = "tfl.shape"(%a) : (tensor<2x3xf32>) -> tensor<2xi32>'),
    ),
    (
        "tf ops of verified_c (_check): a memref argument",
        "tf.LegacyCall",
        _G + _func("%a: memref<2xf32>", _LEGACY.format(t="memref<2xf32>")),
        _G + _func("%a: tensor<2xf32>", _LEGACY.format(t="tensor<2xf32>")),
    ),
    (
        "vector.mask (vector.mask.check_mask): an empty mask or an op not seen",
        "vector.mask",
        _func(
            "%m: vector<16xi1>, %a: vector<16xf32>",
            "  %0 = vector.mask %m { vector.yield %a : vector<16xf32> } : vector<16xi1> -> vector<16xf32>",
        ),
        _func(
            "%m: vector<16xi1>, %a: vector<16xf32>",
            "  vector.mask %m { vector.yield %a : vector<16xf32> } : vector<16xi1>",
        ),
    ),
    (
        "tfl.control_node (tfl.regions.control_node): its short form",
        "tfl.control_node",
        _func(
            "%a: tensor<2xf32>",
            '  %0, %c = tfl.control_node controls "tfl.add"(%a, %a) {fused_activation_function = "NONE"} : '
            "(tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
        _func(
            "%a: tensor<2xf32>",
            '  %0:2 = "tfl.control_node"() ({\n    %1 = "tfl.add"(%a, %a) {fused_activation_function = "NONE"} : '
            '(tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n    "tfl.yield"(%1) : (tensor<2xf32>) -> ()\n  }) : '
            "() -> (tensor<2xf32>, !tfl.control)",
        ),
    ),
    (
        "shape.assuming (shape._assuming): a last op not known as a terminator",
        "shape.assuming",
        _func(
            "%w: !shape.witness, %a: tensor<2xf32>",
            '  %0 = shape.assuming %w -> (tensor<2xf32>) {\n    "foo.bar"() : () -> ()\n  }',
        ),
        _func(
            "%w: !shape.witness, %a: tensor<2xf32>",
            "  %0 = shape.assuming %w -> (tensor<2xf32>) {\n    shape.assuming_yield %a : tensor<2xf32>\n  }",
        ),
    ),
    (
        "tf.Const (tf.checks.const): a value whose type is not read",
        "tf.Const",
        _func("", '  %0 = "tf.Const"() {value = #my.blob<"0x00">} : () -> tensor<2xi32>'),
        _func("", '  %0 = "tf.Const"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>'),
    ),
    (
        "tf.GeneratorDatasetRegion: operandSegmentSizes not read",
        "tf.GeneratorDatasetRegion",
        _func("%a: tensor<2xf32>", _SEGMENTS.replace("SIZES", "dense<[1, 0, 0]> : vector<3xi32>")),
        _func("%a: tensor<2xf32>", _SEGMENTS.replace("SIZES", "array<i32: 1, 0, 0>")),
    ),
]


def _check(text: str) -> Result:
    return check_source("<case>", text, Options(Profile("llvm"), OpTable(()), None, False))


@pytest.mark.parametrize(("what", "op", "unjudged", "judged"), CASES, ids=[c[0] for c in CASES])
def test_unreadable_input_is_not_judged_and_readable_input_is(what: str, op: str, unjudged: str, judged: str) -> None:
    """The path passes the op over as not judged, reporting nothing; the readable op is checked."""
    found = _check(unjudged)
    assert found.passed_over.get((op, NOT_JUDGED_REASON)) == 1, (what, found.passed_over)
    assert not [d for d in found.diagnostics if op in d.message], found.diagnostics
    checked = _check(judged)
    assert (op, NOT_JUDGED_REASON) not in checked.passed_over, (what, checked.passed_over)
    assert not any(name == op for name, _ in checked.passed_over), checked.passed_over
    assert checked.ops_checked >= 1
