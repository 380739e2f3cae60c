"""``refine``'s folds of TensorFlow's kernels at their edges, against TF 2.21's ``tf-shape-inference``
(issue 32): each case is a function whose ``tf.Reshape`` takes a shape computed by the op under
test; broadcheck's refined types must be TensorFlow's statement by statement, where TensorFlow
folds (``tf.FloorDiv``/``FloorMod`` round down, also on negatives) and where its kernel fails and
it folds nothing (a ``tf.GatherV2`` index out of range, a division by zero: the reshape stays
``?``). broadcheck's output must verify with TensorFlow too. Runs in the TensorFlow venv.
"""

from __future__ import annotations

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.oracle.refine_compare import differences, functions
from tests.oracle.test_refine_tf import tf_refine, tf_verifies, with_arguments

pytestmark = pytest.mark.oracle

HEADER = "module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1987 : i32}} {"
I32 = "tensor<i32>"


def _const(name: str, value: int) -> str:
    return f'    {name} = "tf.Const"() {{value = dense<{value}> : tensor<i32>}} : () -> tensor<i32>\n'


def _case(first: str, body: str, result: str) -> str:
    """A function reshaping ``%arg0`` (``?x6``) to ``[first, 6]``, ``first`` computed by ``body``
    (to ``[first, first, 6]`` if ``result`` is of rank 3: a value TensorFlow leaves unknown then
    leaves the reshape's first two sizes unknown, which the element count cannot fill in)."""
    twice = result.count("x") == 3
    parts = f"{first}, {first}, %c6" if twice else f"{first}, %c6"
    n = 3 if twice else 2
    return (
        f"  func.func @main(%arg0: tensor<?x6xf32>) -> {result} {{\n"
        + _const("%c6", 6)
        + body
        + f'    %p = "tf.Pack"({parts}) {{axis = 0 : i64}} : ({", ".join([I32] * n)}) -> tensor<{n}xi32>\n'
        + f'    %r = "tf.Reshape"(%arg0, %p) : (tensor<?x6xf32>, tensor<{n}xi32>) -> {result}\n'
        + f"    return %r : {result}\n  }}\n"
    )


def _binary(op: str, a: int, b: int) -> str:
    return _const("%a", a) + _const("%b", b) + f'    %v = "tf.{op}"(%a, %b) : ({I32}, {I32}) -> {I32}\n'


_SHAPE = '    %s = "tf.Shape"(%arg0) : (tensor<?x6xf32>) -> tensor<2xi32>\n'
_GATHER = '    %v = "tf.GatherV2"(%s, %i, %z) {batch_dims = 0 : i64} : (tensor<2xi32>, tensor<i32>, tensor<i32>) -> tensor<i32>\n'

CASES = {
    # -1 // 2 is -1 rounding down (0 truncating): the batch is inferred
    "floordiv_negative": _case("%v", _binary("FloorDiv", -1, 2), "tensor<?x6xf32>"),
    "floordiv_both_negative": _case("%v", _binary("FloorDiv", -3, -3), "tensor<?x6xf32>"),
    # -1 mod 5 is 4 rounding down: [4, 6]
    "floormod_negative": _case("%v", _binary("FloorMod", -1, 5), "tensor<?x6xf32>"),
    "floordiv_by_zero": _case("%v", _binary("FloorDiv", 4, 0), "tensor<?x?x6xf32>"),
    "gather_in_range": _case("%v", _SHAPE + _const("%i", 0) + _const("%z", 0) + _GATHER, "tensor<?x6xf32>"),
    "gather_negative_index": _case("%v", _SHAPE + _const("%i", -1) + _const("%z", 0) + _GATHER, "tensor<?x?x6xf32>"),
    "gather_out_of_range": _case("%v", _SHAPE + _const("%i", 2) + _const("%z", 0) + _GATHER, "tensor<?x?x6xf32>"),
    "size_floordiv": _case(
        "%v",
        '    %n = "tf.Size"(%arg0) : (tensor<?x6xf32>) -> tensor<i32>\n'
        + f'    %v = "tf.FloorDiv"(%n, %c6) : ({I32}, {I32}) -> {I32}\n',
        "tensor<?x6xf32>",
    ),
}


@pytest.mark.parametrize("batch", [1, 4])
@pytest.mark.parametrize("case", sorted(CASES))
def test_fold_edges_are_tensorflows(case: str, batch: int) -> None:
    """broadcheck's refined types are TensorFlow's, folded or not; its output verifies."""
    pytest.importorskip("tensorflow")
    function = CASES[case]
    new = {0: f"tensor<{batch}x6xf32>"}
    after, _, _ = refine_text("case.mlir", HEADER + "\n" + function + "}\n", Request({("main", 0): new[0]}), Options())
    theirs_text = tf_refine(HEADER + "\n" + with_arguments(function, new) + "}\n")
    complaint = tf_verifies(after)
    assert complaint is None, complaint
    ours, theirs = functions(after)["main"], functions(theirs_text)["main"]
    problems = differences("main", ours, [theirs[0], *theirs[2:]])
    assert not problems, "\n".join(problems)


def test_shape_chain_fixture_is_tensorflows() -> None:
    """The ``tf_shape_chain`` fixture (a Keras Dense on a 3-D input): broadcheck's refined types
    are TensorFlow's, with no ``?`` left, and TensorFlow verifies the output."""
    pytest.importorskip("tensorflow")
    from tests.conftest import FIXTURES

    text = (FIXTURES / "refine" / "tf_shape_chain.mlir").read_text()
    function = "".join(f"  {line}\n" for line in text.splitlines() if not line.startswith("//"))
    new = {0: "tensor<8x16x64xf32>"}
    after, said, _ = refine_text(
        "chain.mlir", HEADER + "\n" + function + "}\n", Request({("main", 0): new[0]}), Options()
    )
    assert not said and "?" not in after
    assert tf_verifies(after) is None
    theirs_text = tf_refine(HEADER + "\n" + with_arguments(function, new) + "}\n")
    ours, theirs = functions(after)["main"], functions(theirs_text)["main"]
    assert not differences("main", ours, [theirs[0], *theirs[2:]])
