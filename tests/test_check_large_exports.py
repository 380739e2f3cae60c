"""Issue 31, Build 5: ``check`` of the largest exports (chkfast). The work a statement whose check
reads constants costs, and the work a long function head costs, counted in calls (never timed)."""

from __future__ import annotations

from typing import Any

from broadcheck.engine.forms import Form, read_form
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun

_DYNAMIC = (
    "    %{n} = stablehlo.dynamic_broadcast_in_dim %arg0, %{shape}, dims = [1]"
    " : (tensor<4xf32>, tensor<2xi64>) -> tensor<3x4xf32>\n"
)


def _dynamic_file(count: int, wrong: int) -> str:
    """A function of ``count`` ``dynamic_broadcast_in_dim``s whose shape is a constant; the
    ``wrong``-th's constant says another shape than its result's."""
    lines = [
        "module {\n",
        "  func.func @main(%arg0: tensor<4xf32>) -> tensor<3x4xf32> {\n",
        "    %c0 = stablehlo.constant dense<[3, 4]> : tensor<2xi64>\n",
        "    %c1 = stablehlo.constant dense<[3, 5]> : tensor<2xi64>\n",
    ]
    lines += [_DYNAMIC.format(n=k, shape="c1" if k == wrong else "c0") for k in range(count)]
    lines += [f"    return %{count - 1} : tensor<3x4xf32>\n", "  }\n", "}\n"]
    return "".join(lines)


def _slow_statements(text: str) -> tuple[list[str], list[tuple[str, int]]]:
    """The ops of the statements a run of ``text`` takes one by one (:meth:`FileRun.statement`)
    rather than in the scanner's rows, and its diagnostics (code, line)."""
    run = FileRun("f.mlir", Options())
    calls: list[str] = []
    slow = run.statement

    def counted(form: Form, *args: Any, **kwargs: Any) -> None:
        calls.append(form.name)
        slow(form, *args, **kwargs)

    run.statement = counted  # type: ignore[method-assign]
    run.feed(text, True)
    result = run.finish()
    return calls, [(d.code, d.span.line) for d in result.diagnostics]


def test_an_op_whose_check_reads_constants_takes_the_fast_path() -> None:
    """``dynamic_broadcast_in_dim``, ``dynamic_reshape``, ``real_dynamic_slice`` read their shape
    operand's constant: the fast path hands the check the statement's names as the slow path did,
    so their forms are split (at f830a58 they were not: 28,840 + 7,205 + 1,440 statements of
    gpt2-train-l480-dyn one by one)."""
    form = read_form(_DYNAMIC.format(n="_", shape="_").strip())
    assert form.decl is not None and form.decl.constants and form.split == 1
    calls, found = _slow_statements(_dynamic_file(200, wrong=150))
    assert found == [("BC1240", 5 + 150)]  # (the constant that says [3, 5] still reaches the check)
    # (the ops of regions at their `}`, the return, the first op after the head, from its pieces;
    # at f830a58 also the 199 other `dynamic_broadcast_in_dim`s)
    assert sorted(calls) == ["func.func", "module", "return", "stablehlo.constant"]
