"""Issue 31's largest exports: one function of hundreds of thousands of one-line ops. What the
engine keeps per statement until the function ends, and how its statements reach value flow,
counted in bytes and calls (never timed)."""

from __future__ import annotations

import gc
import sys
import tracemalloc
from types import FrameType
from typing import Any

from broadcheck.engine.flow import Flow
from broadcheck.engine.generic_print import Scope, number
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun
from broadcheck.engine.scan import BATCH

_HEAD = "module {\n  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"


def _body(count: int, start: int = 0) -> str:
    """``count`` one-line ops in a row, each using the one before (as a JAX export's body)."""
    return "".join(
        f"    %{k} = stablehlo.add {'%arg0' if k == 0 else f'%{k - 1}'}, %arg0 : tensor<4xf32>\n"
        for k in range(start, start + count)
    )


def _held_per_statement(count: int) -> float:
    """Bytes the run holds per statement of a function's body, before the function ends."""
    run = FileRun("f.mlir", Options())
    run.feed([_HEAD], False)
    run.feed([_body(64)], False)  # the form is read, the tables made
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run.feed([_body(count, 64)], False)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    run.feed([f"    return %{count + 63} : tensor<4xf32>\n  }}\n}}\n"], True)
    assert run.finish().diagnostics == []
    return held / count


def test_a_statement_of_a_long_function_holds_little_until_the_function_ends() -> None:
    """Each op's value is kept to the function's end: its name, its type in value flow's table,
    its line, and for MLIR's numbering (generic_print.Scope) one more reference to its name. At
    be1e6bf the numbering kept two tuples and a pair per op: 358 bytes a statement, now 198
    (gpt2-train-l480's peak RSS 202 -> 137 MB)."""
    assert _held_per_statement(3000) < 260


def test_the_numbering_keeps_the_name_of_a_one_result_op_only() -> None:
    run = FileRun("f.mlir", Options())
    run.feed([_HEAD + _body(100)], False)
    defs = run.regions.open_regions[-1].scope.defs
    assert len(defs) == 99  # (the last line waits for the next block)
    assert all(type(entry) is str for entry in defs)


def test_a_name_entry_is_numbered_as_a_one_result_definition() -> None:
    """A name alone in ``Scope.defs`` (the fast path's entry) is numbered as ``define([name])`` was."""
    flat, grouped = Scope(None), Scope(None)
    for scope in (flat, grouped):
        scope.entry = ("%a",)
    flat.defs = ["%0", (False, (("%p", 2),)), "%1", (True, (("%q", 1),)), "%2"]
    grouped.defs = [
        (False, (("%0", 1),)),
        (False, (("%p", 2),)),
        (False, (("%1", 1),)),
        (True, (("%q", 1),)),
        (False, (("%2", 1),)),
    ]
    assert number(flat)[id(flat)] == number(grouped)[id(grouped)]
    single = Scope(None)
    single.define(["%x"])
    single.define(["%y"], [2])
    assert single.defs == ["%x", (False, (("%y", 2),))]


def test_one_line_statements_reach_the_run_in_rows() -> None:
    """The scanner hands a function's one-line ops to the run in rows of up to BATCH, not one call
    each: 1000 ops and the return are 4 calls of ``FileRun.statements``; ``FileRun.statement``
    takes the statements the slow path reads (the module, the function) and the return (a case of
    value flow's own), whatever the ops' count. (At e3e3edd the first op was the slow path's too,
    read with the function's ``{``: 1000 in rows, 4 or 5 calls, 4 one by one.)"""
    rows: list[int] = []
    singles: list[int] = []
    run = FileRun("f.mlir", Options())
    statements, statement = run.statements, run.statement
    run.statements = lambda batch: (rows.append(len(batch)), statements(batch))[1]  # type: ignore[method-assign]
    run.statement = lambda *a, **k: (singles.append(1), statement(*a, **k))[1]  # type: ignore[method-assign]
    run.scanner.statements = run.statements  # (the scanner took the bound method when the run was made)
    run.scanner.sink = run
    run.feed(["".join([_HEAD, _body(1000), "    return %999 : tensor<4xf32>\n  }\n}\n"])], True)
    assert run.finish().diagnostics == []
    assert sum(rows) == 1001  # (every op and the return)
    assert len(rows) == -(-1001 // BATCH)
    assert max(rows) <= BATCH
    assert len(singles) == 3


def test_a_nested_region_leaves_the_entry_blocks_lines_unwritten() -> None:
    """The lines of the values a function's entry block defines are written into value flow's
    table only when a use asks for one (`Flow.unwritten`): a region whose ops use only its own
    block's arguments (gpt2-train-l480's scatter, 157k values in) asks for none. At be1e6bf the
    fast path wrote them all on its first statement in the region, and the function's close
    then dropped them one by one."""
    region = (
        '    "test.region"() ({\n'
        "    ^bb0(%a: tensor<4xf32>):\n"
        "      %s = stablehlo.add %a, %a : tensor<4xf32>\n"
        '      "test.yield"(%s) : (tensor<4xf32>) -> ()\n'
        "    }) : () -> ()\n"
    )
    run = FileRun("f.mlir", Options())
    run.feed([_HEAD + _body(1000) + region + "    %z = stablehlo.add %999, %arg0 : tensor<4xf32>\n"], False)
    assert len(run.values.flow.lines) < 10
    run.feed(["    return %z : tensor<4xf32>\n  }\n}\n"], True)
    assert run.finish().diagnostics == []


def _two_functions(count: int) -> tuple[list[tuple[str, int]], int]:
    """The codes and lines found in a module of a function of ``count`` ops, then a function that
    uses the first one's last name and defines its first names again; and the Python steps of
    value flow's closing of regions (``Flow.pop``)."""
    text = "".join(
        [
            _HEAD,
            _body(count),
            f"    return %{count - 1} : tensor<4xf32>\n  }}\n",
            "  func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n",
            f"    %x = stablehlo.add %{count - 1}, %arg0 : tensor<4xf32>\n",
            _body(3),
            "    return %x : tensor<4xf32>\n  }\n}\n",
        ]
    )
    run = FileRun("f.mlir", Options())
    steps = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal steps
        steps += event == "line"
        return local

    sys.settrace(lambda frame, event, arg: local if frame.f_code is Flow.pop.__code__ else None)
    try:
        run.feed([text], True)
    finally:
        sys.settrace(None)
    assert not run.values.flow.types  # (every name went with its function)
    return [(d.code, d.span.line - count) for d in run.finish().diagnostics], steps


def test_a_long_function_s_names_go_when_it_closes() -> None:
    """A function's body of thousands of names is dropped from value flow's tables in C when it
    closes (``Flow.pop``: ``map`` of the tables' ``pop``), not a Python step a name: the next
    function finds none of them. At 6634fe8 the close took three steps a name (9072 here)."""
    found, steps = _two_functions(3000)
    assert found and found == _two_functions(20)[0]
    assert steps < 100
