"""Temporary files and signals (broadcheck/outputs.py's :class:`~broadcheck.outputs.Temporaries`):
a signal that the command line turns into an exception (SIGTERM, SIGHUP, Ctrl-C) never comes
between making a temporary file and listing it for removal, so none is left behind however the
run ends. ``test_fix_writer.py`` sends real signals to a real ``--fix`` at random moments; this
test sends one at the one moment that left a file (seen once in that test, under load)."""

from __future__ import annotations

import os
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest

from broadcheck import outputs


class Stopped(Exception):
    """What the command line's handler raises for SIGTERM (here, this test's)."""


def _stop(number: int, frame: Any) -> None:
    raise Stopped


def test_a_signal_just_as_a_temporary_file_is_made_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[tuple[int, str]] = []
    real = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        fd, path = real(*args, **kwargs)
        made.append((fd, path))
        signal.pthread_kill(threading.get_ident(), signal.SIGTERM)  # due at Python's next step
        return fd, path

    monkeypatch.setattr(outputs.tempfile, "mkstemp", mkstemp)
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        with pytest.raises(Stopped), outputs.Temporaries() as temporaries:
            temporaries.new(str(tmp_path / "model.mlir"))
    finally:
        signal.signal(signal.SIGTERM, previous)
        for fd, _ in made:
            os.close(fd)
    assert made
    assert [p.name for p in tmp_path.iterdir()] == []
