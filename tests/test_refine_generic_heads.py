"""``broadcheck refine`` on generic ``func.func`` heads that are not one line of ``<{...}>`` before
the region (``docs/refine.md``, the generic form): a head broken over lines (its properties, its
``function_type`` between its types, a type itself: a new type is written whole), and the properties written after the region
as an attribute dictionary (``"func.func"() ({ ... }) {function_type = ..., sym_name = "f"} : () ->
()``, what MLIR printed before properties; iree-opt 3.13 reads it as the ``<{...}>`` form).

Each case is a golden fixture of ``tests/fixtures/refine`` in the generic form (``generic_jax_dims``:
``--dim`` through a private callee; ``callee_clone_generic``: a clone) rewritten by a small function
here: refined, it must be exactly that fixture's refined text rewritten the same way (refine edits
types only, at their places, whatever line they are on). At ``07f1a89`` none of them was read: a
usage error, "no function @main" / "no dimension variable". ``tests/oracle/test_refine_generic_heads.py``
does the same to a JAX export and has iree-opt verify the result.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from broadcheck.engine.refine_generic import unread_hint
from broadcheck.engine.refine_read import read_functions
from tests.conftest import FIXTURES, Invoke

CASES = FIXTURES / "refine"
_HEAD = re.compile(r'^(?P<indent>[ \t]*)"func\.func"\(\) <\{(?P<props>.*)\}> \(\{$')
_PROPERTY = re.compile(r", (arg_attrs|function_type|res_attrs|sym_name|sym_visibility) = ")


def broken(text: str) -> str:
    """``text`` with each generic ``func.func`` head broken over lines: before each property after
    the first and after the ``->`` of its ``function_type``."""
    out = []
    for line in text.split("\n"):
        m = _HEAD.match(line)
        if m is not None:
            indent = m["indent"]
            line = _PROPERTY.sub(rf",\n{indent}    \1 = ", line)
            line = line.replace(") -> ", f") ->\n{indent}      ", 1)
        out.append(line)
    return "\n".join(out)


def after_region(text: str) -> str:
    """``text`` with each generic ``func.func``'s properties written after its region, as an
    attribute dictionary on the line of the region's ``})``."""
    out: list[str] = []
    open_: list[tuple[str, str]] = []
    for line in text.split("\n"):
        m = _HEAD.match(line)
        if m is not None:
            open_.append((m["indent"], m["props"]))
            line = f'{m["indent"]}"func.func"() ({{'
        elif open_ and line.startswith(f"{open_[-1][0]}}}) : () -> ()"):
            indent, props = open_.pop()
            line = f"{indent}}}) {{{props}}}" + line[len(indent) + 2 :]
        out.append(line)
    assert not open_
    return "\n".join(out)


def _command(path: Path) -> list[str]:
    words = shlex.split(path.read_text().splitlines()[0].removeprefix("// RUN:"))
    assert words[:2] == ["broadcheck", "refine"]
    return words[2:]


MAIN = """\
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<?x3xf32>, %arg1: tensor<?x3xf32> loc("y")):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.add"(%arg0, %arg1) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    %2 = "stablehlo.reduce"(%1, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<?x3xf32>, tensor<f32>) -> tensor<?xf32>
    "func.return"(%2) : (tensor<?xf32>) -> ()
  }) : () -> () loc("main")
}) : () -> ()
"""


@pytest.mark.parametrize("rewrite", [broken, after_region], ids=["broken", "after_region"])
@pytest.mark.parametrize("name", ["generic_jax_dims", "callee_clone_generic"])
def test_a_rewritten_head_refines_as_the_one_line_head(
    name: str, rewrite: Callable[[str], str], run: Invoke, tmp_path: Path
) -> None:
    source = (CASES / f"{name}.mlir").read_text()
    expected = (CASES / f"{name}.expected").read_text()
    err, out = expected.split("--- stderr\n", 1)[1].split("--- stdout\n", 1)
    assert rewrite(source) != source and rewrite(out) != out
    path = tmp_path / f"{name}.mlir"
    path.write_text(rewrite(source))
    args = [str(path) if w == "%s" else w for w in _command(CASES / f"{name}.mlir")]
    result = run("refine", *args, "--output-format", "concise")
    assert (result.code, result.err) == (0, err)
    assert result.out == rewrite(out)


@pytest.mark.parametrize("rewrite", [broken, after_region], ids=["broken", "after_region"])
def test_a_main_refines_as_the_one_line_head(rewrite: Callable[[str], str], run: Invoke, tmp_path: Path) -> None:
    """A ``@main`` alone, its head broken or its properties after its region."""
    (tmp_path / "one.mlir").write_text(MAIN)
    (tmp_path / "main.mlir").write_text(rewrite(MAIN))
    args = ("--arg", "@main:0=tensor<2x3xf32>", "--arg", "@main:1=tensor<2x3xf32>", "--output-format", "concise")
    one = run("refine", str(tmp_path / "one.mlir"), *args)
    assert one.code == 0 and one.out != MAIN
    result = run("refine", str(tmp_path / "main.mlir"), *args)
    assert (result.code, result.err) == (0, one.err)
    assert result.out == rewrite(one.out) != one.out


def test_a_head_over_lines_is_read_with_its_places() -> None:
    """The function's name, arguments and ``function_type`` from a head over lines; its types'
    offsets map back to the file (a new type is written where the old one was)."""
    text = broken((CASES / "generic_jax_dims.mlir").read_text())
    functions, reader = read_functions(text)
    assert [f.name for f in functions] == ["main", "_wrapped_jax_export_main"]
    assert reader.unread_generic == 0
    callee = functions[1]
    assert callee.readable() is None  # type: ignore[attr-defined]
    assert callee.private  # type: ignore[attr-defined]
    assert callee.argument_attributes() == ['{jax.global_constant = "b"}', "{}"]  # type: ignore[attr-defined]
    assert callee.header is not None and id(callee.header) in reader.spread


@pytest.mark.parametrize(
    "tail",
    [
        # (the dictionary on a line after the region's `}`: the function's text would end before it)
        '})\n  {function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "main"} : () -> ()\n',
        # (no dictionary, or no `: () -> ()` after it: not a func.func MLIR reads)
        "}) : () -> ()\n",
        '}) {function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "main"}\n',
    ],
)
def test_properties_after_the_region_are_read_on_its_closing_line_only(tail: str) -> None:
    text = '"func.func"() ({\n^bb0(%arg0: tensor<?xf32>):\n  "func.return"(%arg0) : (tensor<?xf32>) -> ()\n' + tail
    functions, reader = read_functions(text)
    assert (functions, reader.unread_generic) == ([], 1)
    assert "or whose properties follow its region's closing line" in unread_hint(1)


def test_a_type_broken_over_lines_is_written_whole(run: Invoke, tmp_path: Path) -> None:
    """A ``function_type``'s type broken inside (``tensor<?x`` then ``3xf32>``) takes its new type
    whole, where it was: the refined text is the unbroken head's."""
    source = broken((CASES / "generic_jax_dims.mlir").read_text())
    split = source.replace(
        "type = (tensor<i32>, tensor<?x3xf32>) ->", "type = (tensor<i32>, tensor<?x\n      3xf32>) ->"
    )
    assert split.count("tensor<?x\n") == 1
    (tmp_path / "split.mlir").write_text(split)
    (tmp_path / "whole.mlir").write_text(source)
    result = run("refine", str(tmp_path / "split.mlir"), "--dim", "b=4", "--output-format", "concise")
    assert result.code == 0
    assert result.out == run("refine", str(tmp_path / "whole.mlir"), "--dim", "b=4").out
    assert "tensor<4x3xf32>) ->" in result.out
