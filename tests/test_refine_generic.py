"""``broadcheck refine`` on functions in MLIR's generic form (issue 32's ``refgeneric``).

The golden fixtures ``tests/fixtures/refine/generic_jax_dims.mlir`` and ``callee_clone_generic.mlir``
hold the refined text of a ``jax.export``-style module (``--dim``, a private callee, a reduce's
region) and of a clone (``--arg``); here: ``--arg`` and ``--dim`` together, the exit codes, what
refine says of a generic function it cannot read (a usage error for ``@main``, a warning at the
call for a callee), and :mod:`broadcheck.engine.refine_generic`'s reading of a head. Each fails on
``6634fe8``, where a generic function was not read at all ("no function @main").
"""

from __future__ import annotations

from pathlib import Path

from broadcheck.engine.refine_generic import function_type, renamed, symbol_of
from broadcheck.engine.refine_read import read_functions
from tests.conftest import Invoke

HEAD = (
    '"func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {a = "x, }]"}, {jax.global_constant = "s"}], '
    "function_type = (tensor<i32>, tensor<?x3xf32>, tensor<i32>) -> tensor<?xf32>, "
    'sym_name = "_wrapped", sym_visibility = "private"}> ('
)

MAIN = """\
"func.func"() <{function_type = (tensor<?x3xf32>, tensor<?xf32>) -> (tensor<?x3xf32>, tensor<?xf32>), sym_name = "main"}> ({
^bb0(%arg0: tensor<?x3xf32> loc("x"), %arg1: tensor<?xf32> loc("y")):
  %0 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<?x3xf32>) -> tensor<i32>
  %1:2 = "func.call"(%0, %arg0, %arg1) <{callee = @f}> : (tensor<i32>, tensor<?x3xf32>, tensor<?xf32>) -> (tensor<?x3xf32>, tensor<?xf32>)
  "func.return"(%1#0, %1#1) : (tensor<?x3xf32>, tensor<?xf32>) -> ()
}) : () -> ()
"func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}, {}], function_type = (tensor<i32>, tensor<?x3xf32>, \
tensor<?xf32>) -> (tensor<?x3xf32>, tensor<?xf32>), sym_name = "f", sym_visibility = "private"}> ({
^bb0(%arg0: tensor<i32>, %arg1: tensor<?x3xf32>, %arg2: tensor<?xf32>):
  %0 = "stablehlo.add"(%arg1, %arg1) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "stablehlo.concatenate"(%arg2, %arg2) <{dimension = 0 : i64}> : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  "func.return"(%0, %1) : (tensor<?x3xf32>, tensor<?xf32>) -> ()
}) : () -> ()
"""

REFINED = """\
"func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<6xf32>), sym_name = "main"}> ({
^bb0(%arg0: tensor<2x3xf32> loc("x"), %arg1: tensor<3xf32> loc("y")):
  %0 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<2x3xf32>) -> tensor<i32>
  %1:2 = "func.call"(%0, %arg0, %arg1) <{callee = @f}> : (tensor<i32>, tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<6xf32>)
  "func.return"(%1#0, %1#1) : (tensor<2x3xf32>, tensor<6xf32>) -> ()
}) : () -> ()
"func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}, {}], function_type = (tensor<i32>, tensor<2x3xf32>, \
tensor<3xf32>) -> (tensor<2x3xf32>, tensor<6xf32>), sym_name = "f", sym_visibility = "private"}> ({
^bb0(%arg0: tensor<i32>, %arg1: tensor<2x3xf32>, %arg2: tensor<3xf32>):
  %0 = "stablehlo.add"(%arg1, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.concatenate"(%arg2, %arg2) <{dimension = 0 : i64}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<6xf32>) -> ()
}) : () -> ()
"""

BREAKS = """\
"func.func"() <{function_type = (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>, sym_name = "main"}> ({
^bb0(%arg0: tensor<?x3xf32>, %arg1: tensor<?x3xf32>):
  %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  "func.return"(%0) : (tensor<?x3xf32>) -> ()
}) : () -> ()
"""


def test_a_head_reads(tmp_path: Path) -> None:
    assert symbol_of(HEAD) == "_wrapped"
    signature = function_type(HEAD)
    assert signature is not None
    assert [HEAD[t.start : t.end] for t in signature.inputs] == ["tensor<i32>", "tensor<?x3xf32>", "tensor<i32>"]
    assert [HEAD[t.start : t.end] for t in signature.outputs] == ["tensor<?xf32>"]
    assert renamed(HEAD, "_wrapped_0") == HEAD.replace('"_wrapped"', '"_wrapped_0"')
    text = HEAD + "{\n^bb0(%arg0: tensor<i32>, %arg1: tensor<?x3xf32>, %arg2: tensor<i32>):\n}) : () -> ()\n"
    (fn,), _ = read_functions(text)
    assert fn.name == "_wrapped"
    assert fn.private  # type: ignore[attr-defined]
    assert fn.argument_attributes() == ['{jax.global_constant = "b"}', '{a = "x, }]"}', '{jax.global_constant = "s"}']  # type: ignore[attr-defined]
    assert [(n, t.text) for n, t in fn.arguments()] == [  # type: ignore[attr-defined]
        ("%arg0", "tensor<i32>"),
        ("%arg1", "tensor<?x3xf32>"),
        ("%arg2", "tensor<i32>"),
    ]
    assert fn.readable() is None  # type: ignore[attr-defined]


def test_arg_and_dim_combine(run: Invoke, tmp_path: Path) -> None:
    """``--dim`` (the callee's ``arg_attrs``, the size read in ``@main``) and ``--arg`` together:
    the entry blocks, the ``function_type`` s (arguments and results) and the ops take the types,
    every other byte as it was; the call passes them into the private callee."""
    path = tmp_path / "main.mlir"
    path.write_text(MAIN)
    result = run("refine", str(path), "--dim", "b=2", "--arg", "@main:1=tensor<3xf32>", "--output-format", "concise")
    assert (result.code, result.err) == (0, "No problems found in 1 file (3 ops checked).\n")
    assert result.out == REFINED
    arg = run("refine", str(path), "--arg", "@main:0=tensor<2x3xf32>", "--arg", "@main:1=tensor<3xf32>")
    assert (arg.code, arg.out) == (0, REFINED)


def test_a_broken_refinement_exits_1(run: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "main.mlir"
    path.write_text(BREAKS)
    result = run("refine", str(path), "--arg", "@main:0=tensor<2x3xf32>", "--arg", "@main:1=tensor<4x3xf32>")
    assert result.code == 1 and result.out == ""
    assert "main.mlir:3:" in result.err and "stablehlo.add" in result.err
    fine = run("refine", str(path), "--arg", "@main:0=tensor<2x3xf32>", "--arg", "@main:1=tensor<2x3xf32>")
    assert fine.code == 0 and fine.out == BREAKS.replace("?x3", "2x3")


def test_a_main_that_does_not_read_is_a_usage_error(run: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "main.mlir"
    path.write_text(MAIN.replace("^bb0(%arg0: tensor<?x3xf32> loc", "^bb0(%arg0: tensor<?x4xf32> loc"))
    result = run("refine", str(path), "--arg", "@main:0=tensor<2x3xf32>")
    assert result.code == 2 and result.out == ""
    assert (
        "@main is in the generic form and its entry block's arguments are not its function_type's inputs" in result.err
    )


def test_a_callee_that_does_not_read_stops_at_the_call(run: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "main.mlir"
    path.write_text(
        MAIN.replace(
            '(tensor<?x3xf32>, tensor<?xf32>), sym_name = "f"', '(tensor<?x3xf32>, tensor<?xf32>>), sym_name = "f"'
        )
    )
    result = run("refine", str(path), "--arg", "@main:0=tensor<2x3xf32>", "--output-format", "concise")
    assert result.code == 1 and result.out == ""  # (the call keeps its types: the refined text does not verify)
    assert (
        "main.mlir:4:10: warning: 'func.call' op refinement stops here: its callee @f is in the generic form "
        "and its function_type does not read [BC1860]"
    ) in result.err
    assert "BC1860" in run("refine", str(path), "--arg", "@main:0=tensor<2x3xf32>", "--output-format", "json").err


def test_a_generic_function_not_read_is_named(run: Invoke, tmp_path: Path) -> None:
    """A generic ``func.func`` whose properties follow its region (the attribute dictionary) on a
    line after its ``})`` is not read: the usage error says so (on that line, it is:
    ``tests/test_refine_generic_heads.py``)."""
    path = tmp_path / "main.mlir"
    path.write_text(
        '"func.func"() ({\n^bb0(%arg0: tensor<?xf32>):\n  "func.return"(%arg0) : (tensor<?xf32>) -> ()\n'
        '})\n  {function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "main"} : () -> ()\n'
    )
    result = run("refine", str(path), "--arg", "@main:0=tensor<2xf32>")
    assert result.code == 2 and result.out == ""
    assert (
        "no function @main in the input (its functions: none); 1 func.func in the generic form not read" in result.err
    )
