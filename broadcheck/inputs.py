"""Turn the paths a user names into sources: files, directories, stdin."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from broadcheck.ops import Frozen
from broadcheck.text import Source

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic

STDIN = "-"


class InputError(Frozen):
    """A path that could not be read: a usage/IO problem, reported on stderr (exit 2)."""

    __slots__ = __match_args__ = ("path", "reason")
    path: str
    reason: str

    def __init__(self, path: str, reason: str) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "reason", reason)


class NothingFound(Frozen):
    """A directory named on the command line that holds no ``*.mlir`` file."""

    __slots__ = __match_args__ = ("path",)
    path: str

    def __init__(self, path: str) -> None:
        object.__setattr__(self, "path", path)


def expand(paths: tuple[str, ...]) -> Iterator[str | InputError | NothingFound]:
    """Files to check, in the order named; directories give their ``*.mlir`` files, sorted.

    Hidden directories are skipped and directory symlinks are not followed, so a
    symlink loop cannot trap the walk. A path that cannot be read, named or met
    while walking (a directory without permission), is an :class:`InputError`:
    nothing is skipped silently.
    """
    for path in paths:
        if path == STDIN:
            yield path
            continue
        try:
            mode = os.stat(path).st_mode
        except OSError as err:
            if os.path.islink(path) and not isinstance(err, PermissionError):
                yield InputError(path, "broken symbolic link")
            else:
                yield InputError(path, err.strerror or str(err))
            continue
        if stat.S_ISREG(mode):
            yield path
        elif stat.S_ISDIR(mode):
            found: list[str] = []
            unreadable: list[InputError] = []

            def walk_error(err: OSError, unreadable: list[InputError] = unreadable, top: str = path) -> None:
                unreadable.append(InputError(err.filename or top, err.strerror or str(err)))

            for root, dirs, files in os.walk(path, onerror=walk_error):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(os.path.join(root, f) for f in files if f.endswith(".mlir"))
            yield from sorted(found)
            yield from unreadable
            if not found and not unreadable:
                yield NothingFound(path)
        else:
            yield InputError(path, "not a regular file or directory")


BOM = b"\xef\xbb\xbf"


def read_bytes(path: str) -> bytes:
    """A whole file's bytes."""
    with open(path, "rb") as f:
        return f.read()


def decode(path: str, data: bytes) -> tuple[Source, Diagnostic | None]:
    """The text of a file; invalid UTF-8 gives a diagnostic at the first bad byte."""
    data = data.removeprefix(BOM)
    try:
        return Source(path, data.decode("utf-8")), None
    except UnicodeDecodeError as err:
        diag, _ = decode_error(path, data, err, 1)
        return Source(path, data.decode("utf-8", errors="replace")), diag


BLOCK_SIZE = 1 << 20


def read_blocks(path: str, size: int = BLOCK_SIZE, start: int = 0, stop: int | None = None) -> Iterator[bytes]:
    """A file's bytes in blocks of about ``size``, each ending at a newline (but the last);
    only those of ``[start, stop)`` if given."""
    with open(path, "rb") as f:
        f.seek(start)
        left = stop - start if stop is not None else -1
        rest = b""
        while data := f.read(size if left < 0 else min(size, left)):
            left -= len(data)
            data = rest + data
            cut = data.rfind(b"\n") + 1
            if cut:
                yield data[:cut]
                rest = data[cut:]
            else:
                rest = data
        if rest:
            yield rest


def decode_error(path: str, data: bytes, err: UnicodeDecodeError, first_line: int) -> tuple[Diagnostic, str]:
    """BC002 at the first byte of ``data`` (a block starting at ``first_line``) that is not UTF-8, and its line."""
    from broadcheck.diagnostics import Diagnostic
    from broadcheck.messages import RULES
    from broadcheck.ops import Span

    good = data[: err.start].decode("utf-8")
    line = first_line + good.count("\n")
    line_start = good.rfind("\n") + 1
    column = len(good) - line_start + 1
    rule = RULES["BC002"]
    message = rule.format(byte=data[err.start])
    end = data.find(b"\n", err.start)
    text = good[line_start:] + data[err.start : end if end >= 0 else len(data)].decode("utf-8", "replace")
    return Diagnostic(rule.code, rule.severity, message, path, Span(line, column, line, column + 1)), text


def read_stdin(stdin_name: str) -> tuple[Source, Diagnostic | None] | InputError:
    """Read and decode standard input, shown as ``stdin_name`` (files are read in blocks)."""
    try:
        if sys.stdin is None or sys.stdin.closed:
            return InputError(stdin_name, "standard input is closed")
        return decode(stdin_name, sys.stdin.buffer.read())
    except OSError as err:
        return InputError(stdin_name, err.strerror or str(err))
