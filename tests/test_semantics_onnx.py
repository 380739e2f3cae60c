"""ONNX broadcasting: ONNX's Broadcasting.md, the SONNX Broadcast op (seed 000), and ONNX's shape inference as the oracle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broadcheck.ops import Shape, ShapedType
from broadcheck.semantics import Profile, Subject
from broadcheck.semantics.onnx import (
    INCOMPATIBLE,
    MATMUL_CONTRACTION,
    MATMUL_RANK,
    BroadcastE1,
    IncompatibleDimensions,
    MatMulError,
    NotUnidirectional,
    broadcast,
    check_expand,
    check_matmul,
    expand,
    matmul,
    multidirectional,
    unidirectional,
    verify_broadcast,
    verify_expand,
    verify_multidirectional,
    verify_unidirectional,
)
from broadcheck.syntax.parser import parse_operation

Q = None  # an unknown size, `?`

# docs/Broadcasting.md, "Multidirectional Broadcasting".
MULTIDIRECTIONAL = [
    ((2, 3, 4, 5), (), (2, 3, 4, 5)),
    ((2, 3, 4, 5), (5,), (2, 3, 4, 5)),
    ((4, 5), (2, 3, 4, 5), (2, 3, 4, 5)),
    ((1, 4, 5), (2, 3, 1, 1), (2, 3, 4, 5)),
    ((3, 4, 5), (2, 1, 1, 1), (2, 3, 4, 5)),
    ((10, 10), (10, 1), (10, 10)),
    ((0,), (1,), (0,)),
    ((Q,), (5,), (5,)),  # a static size other than 1 wins over a symbolic one
    ((Q,), (1,), (Q,)),
]


@pytest.mark.parametrize(("a", "b", "expected"), MULTIDIRECTIONAL)
def test_multidirectional(a: Shape, b: Shape, expected: Shape) -> None:
    assert multidirectional(a, b) == expected
    assert multidirectional(b, a) == expected


@pytest.mark.parametrize(("shapes"), [[(3,), (4,)], [(2, 1), (8, 4, 3)], [(0,), (5,)], [(3,), (1,), (4,)]])
def test_multidirectional_incompatible(shapes: list[Shape]) -> None:
    with pytest.raises(IncompatibleDimensions) as err:
        multidirectional(*shapes)
    assert str(err.value) == "[ShapeInferenceError] Incompatible dimensions"


# docs/Broadcasting.md, "Unidirectional Broadcasting": B broadcasts to A, the output is A.
UNIDIRECTIONAL = [
    ((2, 3, 4, 5), ()),
    ((2, 3, 4, 5), (5,)),
    ((2, 3, 4, 5), (2, 1, 1, 5)),
    ((2, 3, 4, 5), (1, 3, 1, 5)),
    ((3, 4, 5), (3, 4, 5)),
    ((Q, 4), (7, 4)),
    ((3, 4), (Q,)),
    ((0, 4), (1, 4)),
]
NOT_UNIDIRECTIONAL = [
    ((2, 3, 1, 5), (1, 3, 4, 5), 2),  # multidirectional would give (2, 3, 4, 5)
    ((3, 4, 5), (4,), 0),
    ((2, 3, 4, 5), (1, 2, 3, 4, 5), None),
    ((4,), (0,), 0),
]


@pytest.mark.parametrize(("a", "b"), UNIDIRECTIONAL)
def test_unidirectional(a: Shape, b: Shape) -> None:
    assert unidirectional(a, b) == a


@pytest.mark.parametrize(("a", "b", "dim"), NOT_UNIDIRECTIONAL)
def test_not_unidirectional(a: Shape, b: Shape, dim: int | None) -> None:
    with pytest.raises(NotUnidirectional) as err:
        unidirectional(a, b)
    assert err.value.dim == dim


EXPAND = [
    ((2, 1, 6, 1), (7, 1, 5), 3, (2, 7, 6, 5)),
    ((3, 1), (2, 1, 6), 3, (2, 3, 6)),  # the result has more dims than `shape`...
    ((2, 3), (1,), 1, (2, 3)),  # ... or more than the input
    ((2, 1, 6, 1), None, 3, (2, Q, 6, Q)),  # unknown values: static sizes other than 1 stay
    ((3,), None, 2, (Q, 3)),
    ((3,), None, None, None),
]


@pytest.mark.parametrize(("input_shape", "values", "length", "expected"), EXPAND)
def test_expand(input_shape: Shape, values: tuple[int, ...] | None, length: int | None, expected: Shape | None) -> None:
    assert expand(input_shape, values, length) == expected


def test_expand_incompatible() -> None:
    with pytest.raises(IncompatibleDimensions, match=r"^\[ShapeInferenceError\] Incompatible dimensions$"):
        expand((2, 1, 6, 1), (3, 5), 2)


# Seed 000, `Z1, ..., ZN = Broadcast(X1, ..., XN)`: rank nY = max rank (leading dims completed with 1),
# each dim dY_i = max over inputs; E1 when an input dim is neither dY_i nor 1.
SEED_BROADCAST = [
    ([(2, 3, 4, 5)], (2, 3, 4, 5)),
    ([(2, 3, 4, 5), (5,)], (2, 3, 4, 5)),
    ([(4, 5), (2, 3, 4, 5)], (2, 3, 4, 5)),
    ([(1, 4, 5), (2, 3, 1, 1)], (2, 3, 4, 5)),
    ([(3, 1), (1, 4), (2, 1, 1)], (2, 3, 4)),
    ([(), (3,)], (3,)),
    ([(0,), (0,)], (0,)),
    ([(Q, 1), (1, 3)], (Q, 3)),
    ([(Q,), (5,)], (5,)),
    ([], ()),
]
SEED_E1 = [
    ([(3,), (4,)], 0, 0, 3, 4),
    ([(2, 3), (4, 3)], 0, 0, 2, 4),
    ([(5, 4), (3, 1, 2)], 1, 2, 2, 4),
    ([(0,), (1,)], 0, 0, 0, 1),  # the max rule: 0 is neither max(0, 1) nor 1 (NumPy gives 0)
    ([(0,), (5,)], 0, 0, 0, 5),
    ([(3,), (Q,), (5,)], 0, 0, 3, 5),
]


@pytest.mark.parametrize(("shapes", "expected"), SEED_BROADCAST)
def test_seed_broadcast_common_shape(shapes: list[Shape], expected: Shape) -> None:
    assert broadcast(*shapes) == expected


@pytest.mark.parametrize(("shapes", "index", "dim", "size", "common"), SEED_E1)
def test_seed_broadcast_e1(shapes: list[Shape], index: int, dim: int, size: int, common: int) -> None:
    with pytest.raises(BroadcastE1) as err:
        broadcast(*shapes)
    assert (err.value.index, err.value.dim, err.value.size, err.value.common) == (index, dim, size, common)


# --- ops, as onnx-mlir writes them ---------------------------------------------------------------

MULTI_OPS_PASS = [
    '%0 = "onnx.Add"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<*xf32>',
    '%0 = "onnx.Add"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<10x10xf32>',
    '%0 = "onnx.Add"(%a, %b) : (tensor<?x10xf32>, tensor<1xf32>) -> tensor<?x10xf32>',
    '%0 = "onnx.Where"(%c, %x, %y) : (tensor<3x1xi1>, tensor<4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>',
    '%0 = "onnx.Sum"(%a) : (tensor<3xf32>) -> tensor<3xf32>',
    '%0 = "onnx.Max"(%a, %b, %c) : (tensor<3x1xf32>, tensor<*xf32>, tensor<4xf32>) -> tensor<5x3x4xf32>',
]


@pytest.mark.parametrize("text", MULTI_OPS_PASS)
def test_verify_multidirectional_passes(text: str) -> None:
    assert verify_multidirectional(parse_operation(text), Profile.SPEC) is None


def test_verify_multidirectional_incompatible() -> None:
    op = parse_operation(
        '%0 = "onnx.Sum"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<*xf32>'
    )
    problem = verify_multidirectional(op, Profile.SPEC)
    assert problem is not None
    assert problem.code == "BC401"
    assert problem.subject == Subject("operand", 2)
    assert problem.notes == (
        ("broadcast-clash", {"first": 0, "first_shape": "'2x3'", "second": 2, "second_shape": "'4'", "a": 3, "b": 4}),
    )


def test_verify_multidirectional_result() -> None:
    op = parse_operation('%0 = "onnx.Mul"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<10x1xf32>')
    problem = verify_multidirectional(op, Profile.SPEC)
    assert problem is not None
    assert problem.code == "BC302"
    assert problem.args == {"index": 0, "actual": "'10x1'", "inferred": "'10x10'"}
    assert str(problem.expected) == "tensor<10x10xf32>"


UNI_OPS = [
    ('"onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<5xf32>) -> tensor<3x4x5xf32>', None),
    ('"onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<4x1xf32>) -> tensor<3x4x5xf32>', None),
    ('"onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<4xf32>) -> tensor<3x4x5xf32>', ("BC402", 1, "'4'", "'3x4x5'")),
    ('"onnx.PRelu"(%x, %s) : (tensor<3x1x5xf32>, tensor<4x5xf32>) -> tensor<3x4x5xf32>', ("BC402", 1, "'4x5'", "'3x1x5'")),
    ('"onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<5xf32>) -> tensor<3x4x1xf32>', ("BC302", 0)),
    ('"onnx.PRelu"(%x, %s) : (tensor<*xf32>, tensor<5xf32>) -> tensor<3x4x1xf32>', None),
    ('"onnx.LayerNormalization"(%x, %s, %b) {axis = -1 : si64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, none, none)', None),
    ('"onnx.LayerNormalization"(%x, %s, %b) {axis = -1 : si64} : (tensor<2x3x4xf32>, tensor<4xf32>, none) -> (tensor<2x3x4xf32>, none, none)', None),
    ('"onnx.LayerNormalization"(%x, %s, %b) {axis = -1 : si64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, none, none)', ("BC402", 2, "'3'", "'2x3x4'")),
    ('"onnx.Gemm"(%a, %b, %n) : (tensor<10x5xf32>, tensor<5x10xf32>, none) -> tensor<10x10xf32>', None),
    ('"onnx.Gemm"(%a, %b) : (tensor<10x5xf32>, tensor<5x10xf32>) -> tensor<10x10xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<10x5xf32>, tensor<5x10xf32>, tensor<10xf32>) -> tensor<10x10xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<10x5xf32>, tensor<5x7xf32>, tensor<10x1xf32>) -> tensor<10x7xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<10x5xf32>, tensor<5x7xf32>, tensor<f32>) -> tensor<10x7xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<10x5xf32>, tensor<5x7xf32>, tensor<10xf32>) -> tensor<10x7xf32>', ("BC402", 2, "'10'", "'10x7'")),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<10x5xf32>, tensor<5x7xf32>, tensor<1x10x7xf32>) -> tensor<10x7xf32>', ("BC402", 2, "'1x10x7'", "'10x7'")),
    ('"onnx.Gemm"(%a, %b, %c) {transA = 1 : si64} : (tensor<5x10xf32>, tensor<5x7xf32>, tensor<10x7xf32>) -> tensor<10x7xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) {transA = 1 : si64, transB = 1 : si64} : (tensor<5x10xf32>, tensor<7x5xf32>, tensor<7xf32>) -> tensor<10x7xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) {transB = 1 : si64} : (tensor<10x5xf32>, tensor<7x5xf32>, tensor<5xf32>) -> tensor<10x7xf32>', ("BC402", 2, "'5'", "'10x7'")),
    ('"onnx.Gemm"(%a, %b, %c) {transA = 0 : si64} : (tensor<10x5xf32>, tensor<5x7xf32>, tensor<10x7xf32>) -> tensor<7x10xf32>', ("BC302", 0)),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<*xf32>, tensor<5x7xf32>, tensor<3x7xf32>) -> tensor<10x7xf32>', None),
    ('"onnx.Gemm"(%a, %b, %c) : (tensor<*xf32>, tensor<5x7xf32>, tensor<3x6xf32>) -> tensor<10x7xf32>', ("BC402", 2, "'3x6'", "'?x7'")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), UNI_OPS)
def test_verify_unidirectional(text: str, expected: tuple[Any, ...] | None) -> None:
    problem = verify_unidirectional(parse_operation("%0 = " + text), Profile.SPEC)
    if expected is None:
        assert problem is None
        return
    assert problem is not None
    assert problem.code == expected[0]
    if problem.code == "BC402":
        _, index, shape, target = expected
        assert problem.args == {"index": index, "shape": shape, "target": target}
        assert problem.subject == Subject("operand", index)


EXPAND_OPS = [
    ("tensor<2x1x6x1xf32>, tensor<3xi64>", "tensor<2x7x6x5xf32>", None),
    ("tensor<2x1x6x1xf32>, tensor<3xi64>", "tensor<*xf32>", None),
    ("tensor<2x1x6x1xf32>, tensor<?xi64>", "tensor<9x2x7x6x5xf32>", None),  # rank unknown
    ("tensor<3x1xf32>, tensor<3xi64>", "tensor<2x3x6xf32>", None),
    ("tensor<2x1x6x1xf32>, tensor<3xi64>", "tensor<3x7x6x5xf32>", "BC302"),
    ("tensor<2x1x6x1xf32>, tensor<3xi64>", "tensor<7x6x5xf32>", "BC302"),
    ("tensor<2x1x6x1xf32>, tensor<5xi64>", "tensor<2x7x6x5xf32>", "BC302"),
]


@pytest.mark.parametrize(("operands", "result", "code"), EXPAND_OPS)
def test_verify_expand(operands: str, result: str, code: str | None) -> None:
    problem = verify_expand(parse_operation(f'%0 = "onnx.Expand"(%x, %s) : ({operands}) -> {result}'), Profile.SPEC)
    assert (problem.code if problem else None) == code


def test_check_expand_with_known_shape_values() -> None:
    op = parse_operation('%0 = "onnx.Expand"(%x, %s) : (tensor<2x1x6x1xf32>, tensor<3xi64>) -> tensor<2x7x6x5xf32>')
    operands, results = [u.type for u in op.operands], [u.type for u in op.results]
    assert check_expand(operands, results, (7, 1, 5)) is None
    problem = check_expand(operands, results, (7, 1, 4))
    assert problem is not None and problem.code == "BC302"
    assert str(problem.expected) == "tensor<2x7x6x4xf32>"
    problem = check_expand(operands, results, (7, 3, 5))
    assert problem is not None and problem.code == "BC403"
    assert problem.notes == (("expand-clash", {"input": "'2x1x6x1'", "target": "[7, 3, 5]", "a": 6, "b": 3}),)


BROADCAST_OPS = [
    ("tensor<2x1xf32>, tensor<3xi32>", "tensor<2x3xf32>, tensor<2x3xi32>", None),
    ("tensor<2x1xf32>", "tensor<2x1xf32>", None),
    ("tensor<2x1xf32>, tensor<*xi32>", "tensor<7x2x3xf32>, tensor<*xi32>", None),
    ("tensor<2x1xf32>, tensor<3xi32>", "tensor<2x3xf32>", ("BC406", {"expected": 2, "count": 1})),
    ("tensor<2x1xf32>, tensor<3xi32>", "tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>", ("BC406", {"expected": 2, "count": 3})),
    ("tensor<2x2xf32>, tensor<3xi32>", "tensor<2x3xf32>, tensor<2x3xi32>", ("BC404", {"index": 0, "dim": 1, "size": 2, "common": 3})),
    ("tensor<2x1xf32>, tensor<0xi32>", "tensor<2x0xf32>, tensor<2x0xi32>", ("BC404", {"index": 1, "dim": 0, "size": 0, "common": 1})),
    ("tensor<2x1xf32>, tensor<3xi32>", "tensor<2x3xf32>, tensor<2x3xf32>", ("BC405", {"index": 1, "actual": "f32", "expected": "i32"})),
    ("tensor<2x1xf32>, tensor<3xi32>", "tensor<2x3xf32>, tensor<3xi32>", ("BC302", {"index": 1, "actual": "'3'", "inferred": "'2x3'"})),
    ("tensor<2x1xf32>, tensor<3xi32>", "tensor<2x1xf32>, tensor<2x3xi32>", ("BC302", {"index": 0, "actual": "'2x1'", "inferred": "'2x3'"})),
]  # fmt: skip


@pytest.mark.parametrize(("operands", "results", "expected"), BROADCAST_OPS)
def test_verify_broadcast(operands: str, results: str, expected: tuple[str, dict[str, object]] | None) -> None:
    n = results.count("tensor<")
    names = ", ".join(f"%x{i}" for i in range(operands.count("tensor<")))
    op = parse_operation(f'%0:{n} = "onnx.Broadcast"({names}) : ({operands}) -> ({results})')
    problem = verify_broadcast(op, Profile.SPEC)
    assert (problem.code, dict(problem.args)) == expected if problem else expected is None


def test_verify_broadcast_c1_suggests_the_input_element_type() -> None:
    op = parse_operation(
        '%0:2 = "onnx.Broadcast"(%a, %b) : (tensor<2x1xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)'
    )
    problem = verify_broadcast(op, Profile.SPEC)
    assert problem is not None
    assert problem.subject == Subject("result", 1)
    assert problem.expected == ShapedType("tensor", (2, 3), "i32")


# --- ONNX's reference shape inference as the oracle ----------------------------------------------


def _onnx_infer(op_type: str, shapes: Sequence[Shape], initializers: Sequence[Any] = ()) -> Shape | str:
    """The output shape ONNX infers in strict mode (``None`` for a symbolic dim), or its error text."""
    import onnx
    from onnx import TensorProto, helper, shape_inference

    inputs = [helper.make_tensor_value_info(f"x{i}", TensorProto.FLOAT, list(s)) for i, s in enumerate(shapes)]
    names = [f"x{i}" for i in range(len(shapes))] + [t.name for t in initializers]
    node = helper.make_node(op_type, names, ["y"])
    graph = helper.make_graph(
        [node], "g", inputs, [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], list(initializers)
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    try:
        inferred = shape_inference.infer_shapes(model, strict_mode=True)
    except onnx.shape_inference.InferenceError as err:
        return str(err)
    dims = inferred.graph.output[0].type.tensor_type.shape.dim
    return tuple(d.dim_value if d.HasField("dim_value") else None for d in dims)


def test_oracle_message() -> None:
    assert INCOMPATIBLE in str(_onnx_infer("Add", [(3,), (4,)]))
    assert INCOMPATIBLE in str(_onnx_infer("Expand", [(2, 1, 6, 1)], [_int64s("s", (3, 5))]))


size = st.one_of(st.integers(0, 4), st.none())
shape = st.lists(size, max_size=4).map(tuple)


@settings(max_examples=100, deadline=None)
@given(st.lists(shape, min_size=1, max_size=4))
def test_multidirectional_agrees_with_onnx(shapes: list[Shape]) -> None:
    expected = _onnx_infer("Add" if len(shapes) == 2 else "Sum", shapes)
    try:
        got: Shape | str = multidirectional(*shapes)
    except IncompatibleDimensions as err:
        assert isinstance(expected, str) and str(err) in expected
        return
    assert got == expected


def _int64s(name: str, values: Sequence[int]) -> Any:
    from onnx import TensorProto, helper

    return helper.make_tensor(name, TensorProto.INT64, [len(values)], list(values))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=4).map(tuple), st.lists(st.integers(0, 3), max_size=4).map(tuple))
def test_expand_agrees_with_onnx(input_shape: Shape, values: tuple[int, ...]) -> None:
    expected = _onnx_infer("Expand", [input_shape], [_int64s("shape", values)])
    try:
        got: Shape | str | None = expand(input_shape, values, len(values))
    except IncompatibleDimensions as err:
        assert isinstance(expected, str) and str(err) in expected
        return
    assert got == expected


LEGACY = [
    ("tensor<1x64x112x112xf32>, tensor<64xf32>", "{axis = 1 : si64, broadcast = 1 : si64}", "tensor<*xf32>", None),
    ("tensor<2x3x4x5xf32>, tensor<3x4xf32>", "{axis = 1 : si64, broadcast = 1 : si64}", "tensor<2x3x4x5xf32>", None),
    ("tensor<2x3x4x5xf32>, tensor<4x5xf32>", "{axis = -2 : si64, broadcast = 1 : si64}", "tensor<2x3x4x5xf32>", None),
    ("tensor<2x3x4x5xf32>, tensor<3x4xf32>", "{axis = 2 : si64, broadcast = 1 : si64}", "tensor<*xf32>", "BC402"),
    ("tensor<2x3xf32>, tensor<2x3xf32>", "{axis = 0 : si64, broadcast = 1 : si64}", "tensor<2x4xf32>", "BC302"),
]


@pytest.mark.parametrize(("operands", "attrs", "result", "code"), LEGACY)
def test_legacy_axis_broadcast(operands: str, attrs: str, result: str, code: str | None) -> None:
    """Opset < 7: `broadcast = 1` with `axis` matches B against A from that axis (onnx-mlir keeps such ops)."""
    from broadcheck.api import check_text

    diags = check_text(f'%0 = "onnx.Mul"(%a, %b) {attrs} : ({operands}) -> {result}')
    assert [d.code for d in diags] == ([code] if code else [])


# --- MatMul: NumPy matmul as ONNX's MatMulShapeInference ---------------------------------------

MATMUL = [
    ((2, 3), (3, 4), (2, 4)),
    ((2, 1, 3, 4), (5, 4, 6), (2, 5, 3, 6)),
    ((3,), (2, 3, 4), (2, 4)),
    ((2, 3, 4), (4,), (2, 3)),
    ((3,), (3,), ()),
    ((None, None), (3, 0), (None, 0)),
    ((2, None), (3, 4), (2, 4)),
    ((0, 3), (3, 0), (0, 0)),
]


@pytest.mark.parametrize(("a", "b", "expected"), MATMUL)
def test_matmul(a: Shape, b: Shape, expected: Shape) -> None:
    assert matmul(a, b) == expected
    assert _onnx_infer("MatMul", [a, b]) == expected


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        ((2, 3), (4, 5), MATMUL_CONTRACTION),
        ((2, 3, 4), (3,), MATMUL_CONTRACTION),
        ((), (3,), MATMUL_RANK),
        ((3,), (), MATMUL_RANK),
        ((2, 3, 4), (5, 4, 6), INCOMPATIBLE),
    ],
)
def test_matmul_errors(a: Shape, b: Shape, message: str) -> None:
    with pytest.raises((MatMulError, IncompatibleDimensions)) as err:
        matmul(a, b)
    assert str(err.value) == message
    assert message in str(_onnx_infer("MatMul", [a, b]))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([0, 1, 2, 3, None]), max_size=4).map(tuple),
    st.lists(st.sampled_from([0, 1, 2, 3, None]), max_size=4).map(tuple),
)
def test_matmul_agrees_with_onnx(a: Shape, b: Shape) -> None:
    expected = _onnx_infer("MatMul", [a, b])
    try:
        got: Shape = matmul(a, b)
    except (MatMulError, IncompatibleDimensions) as err:
        assert isinstance(expected, str) and str(err) in expected
        return
    assert got == expected


MATMUL_OPS = [
    ('"onnx.MatMul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>', None),
    ('"onnx.MatMul"(%a, %b) : (tensor<*xf32>, tensor<3xf32>) -> tensor<2x2xf32>', None),
    ('"onnx.MatMul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<*xf32>', "BC408"),
    ('"onnx.MatMul"(%a, %b) : (tensor<f32>, tensor<3xf32>) -> tensor<*xf32>', "BC407"),
    ('"onnx.MatMul"(%a, %b) : (tensor<2x3x4xf32>, tensor<5x4x6xf32>) -> tensor<*xf32>', "BC401"),
    ('"onnx.MatMul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>', "BC302"),
    ('"onnx.MatMulInteger"(%a, %b, %z, %z) : (tensor<2x3xui8>, tensor<3x4xui8>, none, none) -> tensor<2x4xi32>', None),
    (
        '"onnx.QLinearMatMul"(%a, %s, %z, %b, %s, %z, %s, %z) : (tensor<2x3xui8>, tensor<f32>, tensor<ui8>, '
        "tensor<4x5xui8>, tensor<f32>, tensor<ui8>, tensor<f32>, tensor<ui8>) -> tensor<*xui8>",
        "BC408",
    ),
]


@pytest.mark.parametrize(("text", "code"), MATMUL_OPS)
def test_matmul_ops(text: str, code: str | None) -> None:
    from broadcheck.semantics.onnx import verify_matmul

    problem = verify_matmul(parse_operation("%0 = " + text), Profile.LLVM)
    assert (problem.code if problem else None) == code


def test_matmul_notes() -> None:
    problem = check_matmul([ShapedType("tensor", (2, 3), "f32"), ShapedType("tensor", (4, 5), "f32")], [])
    assert problem is not None and problem.subject == Subject("operand", 1)
    assert problem.notes == (
        (
            "matmul-contraction",
            {"first": 0, "first_shape": "'2x3'", "second": 1, "second_shape": "'4x5'", "a": 3, "b": 4},
        ),
    )


# --- Regression: a clash between operands of lower rank than a third one ----------------------

CLASH_BELOW_THE_TOP_RANK = [
    ('"onnx.Sum"(%a, %b, %c) : (tensor<2xf32>, tensor<3xf32>, tensor<1x1xf32>) -> tensor<*xf32>', 0, 1, 2, 3),
    ('"onnx.Min"(%a, %b, %c) : (tensor<2xf32>, tensor<3xf32>, tensor<1x1x1xf32>) -> tensor<*xf32>', 0, 1, 2, 3),
    ('"onnx.Max"(%a, %b, %c) : (tensor<2xf32>, tensor<1x1x3xf32>, tensor<1x1x1x1xf32>) -> tensor<*xf32>', 0, 1, 2, 3),
    ('"onnx.Where"(%c, %a, %b) : (tensor<1x1x1xi1>, tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32>', 1, 2, 2, 3),
]


@pytest.mark.parametrize(("text", "first", "second", "a", "b"), CLASH_BELOW_THE_TOP_RANK)
def test_clash_below_the_top_rank(text: str, first: int, second: int, a: int, b: int) -> None:
    """Once an IndexError in the note (the note took the rank from the two clashing shapes only)."""
    problem = verify_multidirectional(parse_operation("%0 = " + text), Profile.SPEC)
    assert problem is not None and problem.code == "BC401"
    note = dict(problem.notes[0][1])
    assert (note["first"], note["second"], note["a"], note["b"]) == (first, second, a, b)


def test_an_unranked_operand_means_nothing_is_checked() -> None:
    """As ONNX's shape inference: with one operand of unknown shape it infers and reports nothing."""
    op = parse_operation('%0 = "onnx.Sum"(%a, %b, %c) : (tensor<3xf32>, tensor<*xf32>, tensor<4xf32>) -> tensor<2xf32>')
    assert verify_multidirectional(op, Profile.SPEC) is None
