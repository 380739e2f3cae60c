"""Work counted, not timed: the Python lines a piece of work runs (``sys.settrace``'s line events),
in every function it calls or in those ``where`` picks (by their code)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import CodeType, FrameType
from typing import Any, TypeVar

T = TypeVar("T")


def traced_lines(work: Callable[[], T], where: Callable[[CodeType], bool] | None = None) -> tuple[T, int]:
    """``work()``'s answer, and the line events it ran (in the functions whose code ``where`` picks)."""
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        return local if where is None or where(frame.f_code) else None

    sys.settrace(tracer)
    try:
        answer = work()
    finally:
        sys.settrace(None)
    return answer, count
