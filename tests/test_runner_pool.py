"""The ``-j`` workers never start by ``fork`` from a process with other threads (a test runner's,
an editor's): a lock another thread holds at the fork would stay held in the worker for ever."""

from __future__ import annotations

import multiprocessing
import sys
import threading
from pathlib import Path

import pytest

from broadcheck import runner
from tests.conftest import Invoke

BAD = '%0 = "tosa.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n'


def _with_a_thread(work):  # type: ignore[no-untyped-def]
    """``work()`` while a second thread of this process waits (holding a lock)."""
    held, release = threading.Lock(), threading.Event()

    def hold() -> None:
        with held:
            release.wait(60)

    other = threading.Thread(target=hold, daemon=True)
    other.start()
    try:
        return work()
    finally:
        release.set()
        other.join()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is the default start method on Linux only")
def test_workers_fork_only_from_a_process_of_one_thread() -> None:
    alone = runner._pool_context().get_start_method() if threading.active_count() == 1 else "fork"
    assert alone == multiprocessing.get_start_method() == "fork"
    assert _with_a_thread(lambda: runner._pool_context().get_start_method()) == "forkserver"


def test_a_parallel_run_beside_another_thread_finishes(run: Invoke, tmp_path: Path) -> None:
    files = []
    for i in range(runner.PARALLEL_MIN_FILES + 2):
        path = tmp_path / f"f{i}.mlir"
        path.write_text(BAD if i % 2 else BAD.replace("tensor<3xf32>", "tensor<2xf32>"))
        files.append(str(path))
    done = _with_a_thread(
        lambda: run("check", "--no-cache", "--isolated", "-j", "2", "--output-format", "concise", *files)
    )
    assert done.code == 1
    assert sum(": error:" in line for line in done.out.splitlines()) == (runner.PARALLEL_MIN_FILES + 2) // 2
