"""Turn the paths a user names into sources: files, directories, stdin."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from broadcheck.diagnostics import Diagnostic
from broadcheck.messages import RULES
from broadcheck.ops import Span
from broadcheck.text import Source

STDIN = "-"


@dataclass(frozen=True, slots=True)
class InputError:
    """A path that could not be read: a usage/IO problem, reported on stderr (exit 2)."""

    path: str
    reason: str


def expand(paths: tuple[str, ...]) -> Iterator[str | InputError]:
    """Files to check, in the order named; directories give their ``*.mlir`` files, sorted.

    Hidden directories are skipped and directory symlinks are not followed, so a
    symlink loop cannot trap the walk.
    """
    for path in paths:
        if path == STDIN or os.path.isfile(path):
            yield path
        elif os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(os.path.join(root, f) for f in files if f.endswith(".mlir"))
            yield from sorted(found)
        elif os.path.islink(path):
            yield InputError(path, "broken symbolic link")
        elif os.path.lexists(path):
            yield InputError(path, "not a regular file or directory")
        else:
            yield InputError(path, "No such file or directory")


def decode(path: str, data: bytes) -> tuple[Source, Diagnostic | None]:
    """The text of a file; invalid UTF-8 gives a diagnostic at the first bad byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return Source(path, data.decode("utf-8")), None
    except UnicodeDecodeError as err:
        good = data[: err.start].decode("utf-8")
        line = good.count("\n") + 1
        column = len(good) - (good.rfind("\n") + 1) + 1
        rule = RULES["BC002"]
        message = rule.format(byte=data[err.start])
        diag = Diagnostic(rule.code, rule.severity, message, path, Span(line, column, line, column + 1))
        return Source(path, data.decode("utf-8", errors="replace")), diag


def read_bytes(path: str) -> bytes:
    """The bytes of a file; broadcheck only ever opens the files it checks for reading."""
    with open(path, "rb") as f:
        return f.read()


def read(path: str, stdin_name: str) -> tuple[Source, Diagnostic | None] | InputError:
    """Read and decode one path (``-`` is stdin, shown as ``stdin_name``)."""
    try:
        if path == STDIN:
            if sys.stdin is None or sys.stdin.closed:
                return InputError(stdin_name, "standard input is closed")
            return decode(stdin_name, sys.stdin.buffer.read())
        return decode(path, read_bytes(path))
    except OSError as err:
        return InputError(path, err.strerror or str(err))
