"""``broadcheck infer`` and ``broadcheck explain`` from the shell, and the library API."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import mutually_broadcastable_shapes

import broadcheck
from broadcheck.semantics.values import ValuesError, broadcast_to
from tests.conftest import Invoke

INFER = [
    (["8x1x6x1", "7x1x5"], [], "8x7x6x5"),
    (["tensor<8x1x6x1xi32>", "tensor<7x1x5xi32>"], [], "tensor<8x7x6x5xi32>"),
    (["5x4", "1"], ["--semantics", "numpy"], "5x4"),
    (["15x3x5", "3x1"], ["--semantics", "onnx"], "15x3x5"),
    (["3", "4x3"], ["--semantics", "xla", "--dims", "1"], "4x3"),
    (["2x1", "2x3x4"], ["--semantics", "xla", "--dims", "0,2"], "2x3x4"),
    (["4", "1x2"], ["--semantics", "xla", "--dims", "0"], "4x2"),
    (["1x2", "4x3x1"], ["--semantics", "xla", "--dims", "1,2"], "4x3x2"),
    (["scalar", "2x3"], ["--semantics", "xla"], "2x3"),
    (["0", "1"], ["--semantics", "numpy"], "0"),
    (["?x3", "1"], ["--semantics", "numpy"], "?x3"),
]


@pytest.mark.parametrize(("operands", "options", "expected"), INFER)
def test_infer(operands: list[str], options: list[str], expected: str, run: Invoke) -> None:
    result = run("infer", *operands, *options)
    assert (result.code, result.out) == (0, expected + "\n")


@pytest.mark.parametrize(
    ("operands", "options", "message"),
    [
        (["3", "4"], ["--semantics", "numpy"], "Mismatch is between arg 0 with shape (3,) and arg 1 with shape (4,)."),
        (["2x1", "8x4x3"], ["--semantics", "onnx"], "[ShapeInferenceError] Incompatible dimensions"),
        (
            ["3", "4x3"],
            ["--semantics", "xla", "--dims", "0"],
            "Broadcast dimension 0 mismatch: 3 != 4; f32[3] and f32[4,3].",
        ),
        (["3", "4x3"], ["--semantics", "xla"], "Shapes must be equal rank, but are f32[3] and f32[4,3]"),
        (["15x3x5", "15x3"], [], "operands don't have broadcast-compatible shapes"),
    ],
)
def test_infer_failures(operands: list[str], options: list[str], message: str, run: Invoke) -> None:
    result = run("infer", *operands, *options)
    assert result.code == 1
    assert message in " ".join(result.out.split())  # on a terminal, the full format wraps


def test_infer_all_shows_where_semantics_disagree(run: Invoke) -> None:
    result = run("infer", "3", "4x3", "--semantics", "all")
    assert result.code == 1  # XLA needs broadcast_dimensions for different ranks
    rows = {
        line.split("│")[1].strip(): line
        for line in result.out.splitlines()
        if line.startswith("│ ") and "│" in line[2:]
    }
    assert "ok" in rows["numpy"] and "4x3" in rows["numpy"]
    assert "ok" in rows["mlir (spec)"] and "ok" in rows["mlir (llvm)"] and "ok" in rows["onnx"]
    assert "error" in rows["xla"] and "Shapes must be equal rank" in rows["xla"]
    assert run("infer", "2x1", "1x3", "--semantics", "all").code == 0


def test_infer_rejects_garbage(run: Invoke) -> None:
    result = run("infer", "tensor<3xi32", "4")
    assert result.code == 2 and "is not a type or a shape" in result.err
    assert run("infer", "3", "4", "--dims", "a,b").code == 2


EXPLAIN = """\
numpy broadcasting

8x1x6x1       8    1*     6    1*
7x1x5      (1)*     7    1*     5
         ────────────────────────
result        8     7     6     5

(1) a dimension the operand does not have (padding)
1* a size-1 dimension repeated to the result's size
"""


def test_explain_picture(run: Invoke) -> None:
    result = run("explain", "8x1x6x1", "7x1x5")
    assert (result.code, result.out) == (0, EXPLAIN)


def test_explain_marks_the_failing_column(run: Invoke) -> None:
    result = run("explain", "2x1", "8x4x3")
    assert result.code == 1
    assert "^ dimension 1 does not broadcast" in result.out
    assert "error: shape mismatch: objects cannot be broadcast to a single shape." in result.out


def test_explain_places_by_dims(run: Invoke) -> None:
    result = run("explain", "1x2", "4x3x1", "--semantics", "xla", "--dims", "1,2")
    assert result.out.splitlines()[2].split() == ["1x2", "(1)*", "1*", "2"]


def test_explain_values_like_the_xla_document(run: Invoke) -> None:
    result = run(
        "explain", "--values", "--semantics", "xla", "--dims", "0",
        "dense<[1, 2, 3, 4]> : tensor<4xi32>", "dense<[[5, 6]]> : tensor<1x2xi32>",
    )  # fmt: skip
    assert result.code == 0
    z1 = result.out.split("Z1 =\n")[1].split("\n\n")[0]
    assert z1.split("\n") == ["  |1 1|", "  |2 2|", "  |3 3|", "  |4 4|"]
    assert "Z2 =\n  |5 6|\n  |5 6|\n  |5 6|\n  |5 6|" in result.out


def test_explain_values_splat_and_errors(run: Invoke) -> None:
    result = run("explain", "--values", "dense<7> : tensor<2xi32>", "dense<[[1], [2]]> : tensor<2x1xi32>")
    assert "Z1 =\n  |7 7|\n  |7 7|" in result.out
    bad = run("explain", "--values", "dense<[1, 2]> : tensor<3xi32>", "dense<1> : tensor<1xi32>")
    assert bad.code == 2 and "have shape (2,), not (3,)" in bad.err


@given(mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3), st.data())
def test_values_agree_with_numpy_broadcast_to(shapes: object, data: st.DataObject) -> None:
    input_shapes, result_shape = shapes  # type: ignore[misc]
    for shape in input_shapes:
        array = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape) + data.draw(st.integers(0, 9))
        assert broadcast_to(array.tolist(), result_shape) == np.broadcast_to(array, result_shape).tolist()


def test_broadcast_to_refuses_what_numpy_refuses() -> None:
    with pytest.raises(ValuesError):
        broadcast_to([1, 2, 3], (2, 4))
    with pytest.raises(ValueError):
        np.broadcast_to(np.array([1, 2, 3]), (2, 4))


def test_library_api() -> None:
    assert broadcheck.broadcast_shapes((8, 1, 6, 1), (7, 1, 5)) == (8, 7, 6, 5)
    assert broadcheck.broadcast_shapes((None, 1), (3,), semantics="mlir") == (None, 3)
    assert broadcheck.broadcast_shapes((3,), (4, 3), semantics="xla", dims=[1]) == (4, 3)
    with pytest.raises(ValueError, match="Incompatible dimensions"):
        broadcheck.broadcast_shapes((3,), (4,), semantics="onnx")
    assert broadcheck.broadcast_to([[1], [2]], (2, 3)) == [[1, 1, 1], [2, 2, 2]]
    assert [
        d.code for d in broadcheck.check_text('"tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>')
    ] == ["BC101"]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["infer", "vector<4xf32>", "vector<4xf32>"],
            2,
            "a vector has no unranked form: give the result type with --result",
        ),
        (["infer", "99999999999999999999", "1"], 2, "invalid dimension"),
        (["explain", "99999999999999999999", "1"], 2, "invalid dimension"),
        (["explain", "--values", "dense<[[1,2],[3]]> : tensor<2x2xi32>", "dense<[1,2]> : tensor<2xi32>"], 2, "ragged"),
        (["explain", "vector<4xf32>", "3"], 1, "shape mismatch"),
        (["explain", "--semantics", "mlir", "--profile", "llvm", "vector<[4]xf32>", "vector<4xf32>"], 0, "result"),
        (["infer", "vector<4xf32>", "vector<1xf32>", "--result", "vector<4xf32>"], 0, "vector<4xf32>"),
        (["infer", "tensor<*xf32>", "tensor<4xf32>", "--semantics", "all"], 0, "xla"),
    ],
)
def test_user_mistakes_and_odd_types_are_not_internal_errors(
    args: list[str], code: int, message: str, run: Invoke
) -> None:
    result = run(*args)
    assert result.code == code, result.out + result.err
    assert "internal error" not in result.err
    assert message in result.out + result.err
