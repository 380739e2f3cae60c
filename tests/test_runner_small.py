"""A run over files small in all, with ``-j`` not given, starts no process pool: the workers'
start and their second reading of what the files share cost more CPU than they save
(``runner.SMALL_RUN``); an explicit ``-j N``, or files large in all, still get the pool."""

from __future__ import annotations

import concurrent.futures
from pathlib import Path

import pytest

from broadcheck import runner
from tests.conftest import Invoke

BAD = '%0 = "tosa.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n'


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ``max_workers`` of every process pool started (the pools still run)."""
    started: list[int] = []
    real = concurrent.futures.ProcessPoolExecutor

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(kwargs.get("max_workers", 0))
        return real(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counted)
    monkeypatch.setattr(runner, "default_jobs", lambda: 4)
    return started


def _files(folder: Path) -> list[str]:
    folder.mkdir()
    for i in range(runner.PARALLEL_MIN_FILES + 2):
        (folder / f"f{i:02d}.mlir").write_text(BAD if i % 2 else BAD.replace("tensor<3xf32>", "tensor<2xf32>"))
    return [str(folder)]


def test_small_files_with_no_jobs_given_are_checked_in_this_process(
    run: Invoke, tmp_path: Path, pools: list[int]
) -> None:
    done = run("check", "--no-cache", "--isolated", "--output-format", "concise", *_files(tmp_path / "ir"))
    assert done.code == 1
    assert sum(": error:" in line for line in done.out.splitlines()) == (runner.PARALLEL_MIN_FILES + 2) // 2
    assert pools == []


def test_an_explicit_jobs_or_large_files_start_the_pool(
    run: Invoke, tmp_path: Path, pools: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _files(tmp_path / "ir")
    serial = run("check", "--no-cache", "--isolated", "--output-format", "concise", *paths)
    explicit = run("check", "--no-cache", "--isolated", "-j", "2", "--output-format", "concise", *paths)
    assert pools == [2]
    monkeypatch.setattr(runner, "SMALL_RUN", len(BAD))  # every file's bytes count: two are "large"
    large = run("check", "--no-cache", "--isolated", "--output-format", "concise", *paths)
    assert pools == [2, 4]
    assert serial == explicit == large


def test_lines_read_again_drop_a_byte_order_mark_without_its_codec(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # `_lines_of` reads as UTF-8 and drops the mark itself: `utf-8-sig` is a codec module to import
    # (0.3-0.4 ms of a large export's run, issue 31), and a mark is only ever at the file's start.
    import subprocess
    import sys

    path = tmp_path / "bom.mlir"
    path.write_bytes("\ufeffline one\r\n\ufeffline two\nline three".encode())
    script = (
        "import sys; from broadcheck.runner import _lines_of; "
        "print(repr(_lines_of(sys.argv[1], [1, 2, 3]))); print('encodings.utf_8_sig' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True)
    lines, loaded = done.stdout.splitlines()
    assert lines == repr({1: "line one", 2: "\ufeffline two", 3: "line three"}) and loaded == "False"
