"""The server's checks in a forked child (broadcheck/server/isolate.py): what comes back is the
result the check made, field for field, and a child that fails, dies or goes stale is told apart."""

from __future__ import annotations

import os
import signal
import time
from dataclasses import replace

import pytest

from broadcheck.diagnostics import Result
from broadcheck.engine.fix import fixes_of
from broadcheck.engine.options import Options
from broadcheck.server import check_blocks, isolate

# Errors with labels, notes and a fix shared by two diagnostics (one function's chain), a
# warning, a syntax error.
TEXT = """\
!t = tensor<3x1xf32>
func.func @f(%a: !t, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tosa.add %a, %b : (!t, tensor<1x4xf32>) -> tensor<3x1xf32>
  %1 = tosa.add %0, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>
  return %1 : tensor<3x4xf32>
}
func.func @g(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.AddV2"(%a, %a) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = tosa.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> {
  return %0 : tensor<2xf32>
}
"""

pytestmark = pytest.mark.skipif(not isolate.available(), reason="checks run in a child on Linux only")


def _result() -> Result:
    found, _ = check_blocks("a.mlir", TEXT, Options(), lambda: False)  # the server's check, fixes too
    return Result("a.mlir", found.diagnostics, 7, {2: "line two"}, {("x.y", "not in the op table"): 2}, 1)


def test_the_compact_form_gives_back_the_same_result() -> None:
    result = _result()
    assert any(d.labels for d in result.diagnostics) and any(d.notes for d in result.diagnostics)
    assert any(d.fix is not None for d in result.diagnostics)
    back, aliases = isolate.decode(isolate.encode(result, {"!t": "a type"}))
    assert back == result
    assert aliases == {"!t": "a type"}
    # a fix shared by several diagnostics is still one (fixes_of, and so fix-all, counts by identity)
    first, second, *rest = result.diagnostics
    shared = Result("a.mlir", [first, replace(second, fix=first.fix), *rest])
    back, _ = isolate.decode(isolate.encode(shared, {}))
    assert back == shared
    assert back.diagnostics[0].fix is back.diagnostics[1].fix
    assert len(fixes_of(back.diagnostics, True)) == len(fixes_of(shared.diagnostics, True)) == 1


def test_a_check_in_a_child_returns_its_result() -> None:
    result = _result()
    assert isolate.run(lambda: (result, {}), lambda: False) == (result, {})


def test_a_child_that_raises_is_a_check_failed_with_its_exception() -> None:
    def work() -> tuple[Result, dict[str, object]]:
        raise RecursionError("maximum recursion depth exceeded")

    with pytest.raises(isolate.CheckFailed, match=r"^RecursionError: maximum recursion depth exceeded$"):
        isolate.run(work, lambda: False)


def test_a_child_that_dies_is_a_check_failed() -> None:
    def work() -> tuple[Result, dict[str, object]]:
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("unreachable")

    with pytest.raises(isolate.CheckFailed, match="ended with signal 9"):
        isolate.run(work, lambda: False)


def test_a_stale_check_kills_its_child() -> None:
    def work() -> tuple[Result, dict[str, object]]:
        time.sleep(600)
        raise AssertionError("unreachable")

    asked = []

    def stale() -> bool:
        asked.append(1)
        return len(asked) > 2

    assert isolate.run(work, stale) is None  # (it returns at the third look, not after 600 s)


def test_a_child_that_uses_no_cpu_is_stuck_and_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child forked while another thread of the server held a lock it needs waits for ever, using
    no CPU (a test run under load once saw a refine command that never answered): it is killed and
    the caller told, so that the work is done in the server. A sleep stands for the lock here."""
    monkeypatch.setattr(isolate, "STUCK", 0.3)
    children: list[int] = []
    fork = os.fork

    def counted_fork() -> int:
        pid = fork()
        if pid:
            children.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", counted_fork)

    def work() -> tuple[Result, dict[str, object]]:
        time.sleep(600)
        raise AssertionError("unreachable")

    with pytest.raises(isolate.Stuck):
        isolate.run(work, lambda: False)  # (it returns once the child used no CPU for 0.3 s, not after 600 s)
    assert len(children) == 1
    with pytest.raises(ChildProcessError):
        os.waitpid(children[0], os.WNOHANG)  # killed and reaped: no process, no zombie left
    assert issubclass(isolate.Stuck, isolate.CheckFailed)  # (where nothing does the work again, a failed check)
