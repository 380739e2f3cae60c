"""Turn the paths a user names into sources: files, directories, stdin."""

from __future__ import annotations

import errno
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
    """A path that could not be read (or, with ``--fix``, written back), or a file whose check
    failed: reported on stderr and in the machine-readable reports, and the run exits 2."""

    __slots__ = __match_args__ = ("path", "reason", "action")
    path: str
    reason: str
    action: str
    """What failed: ``read`` (the default), ``write`` (``--fix``), or ``check`` (an internal error)."""

    def __init__(self, path: str, reason: str, action: str = "read") -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "action", action)

    def describe(self, path: str | None = None) -> str:
        """``cannot read 'x': why``, ``cannot write 'x': why`` or ``internal error while checking
        'x': why``; ``path`` is the path as it is to be shown (escaped for a terminal, say)."""
        shown = self.path if path is None else path
        if self.action == "check":
            return f"internal error while checking '{shown}': {self.reason}"
        return f"cannot {self.action} '{shown}': {self.reason}"


class InternalError(Exception):
    """An unexpected failure (a bug) while checking ``path``; the cause is chained."""

    def __init__(self, path: str):
        super().__init__(path)
        self.path = path


class NothingFound(Frozen):
    """A directory named on the command line that holds no ``*.mlir`` file."""

    __slots__ = __match_args__ = ("path",)
    path: str

    def __init__(self, path: str) -> None:
        object.__setattr__(self, "path", path)


def expand(paths: tuple[str, ...], respect_ignores: bool = True) -> Iterator[str | InputError | NothingFound]:
    """Files to check, in the order named; directories give their ``*.mlir`` files, sorted.

    With ``respect_ignores``, a walk skips what ``.gitignore`` and ``.ignore`` files say
    (:mod:`broadcheck.ignores`), as git and ruff do; a file named is always checked.

    Hidden directories are skipped and directory symlinks are not followed, so a
    symlink loop cannot trap the walk. A path that cannot be read, named or met
    while walking (a directory without permission), is an :class:`InputError`:
    nothing is skipped silently.

    A walk checks regular files and symbolic links to them only: a ``*.mlir`` entry that is
    (or points at) a FIFO, a device or a socket is never opened (``ln -s /dev/zero x.mlir``
    would read forever; a FIFO would block), and is reported as not read. A FIFO the user
    names (``-``, ``/dev/stdin``, ``<(cmd)``) is read to its end, as ``cat`` would; a named
    device or socket is not read.
    """
    for path in paths:
        if path == STDIN:
            yield path
            continue
        try:
            mode = os.stat(path).st_mode
        except (OSError, ValueError) as err:
            yield _stat_error(path, err)
            continue
        if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
            yield path
        elif stat.S_ISDIR(mode):
            found: list[str] = []
            unreadable: list[InputError] = []

            def walk_error(err: OSError, unreadable: list[InputError] = unreadable, top: str = path) -> None:
                unreadable.append(InputError(err.filename or top, err.strerror or str(err)))

            rules = _Rules(path) if respect_ignores else None
            for root, dirs, files in os.walk(path, onerror=walk_error):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                if rules is not None:
                    dirs[:] = [d for d in dirs if not rules.ignored(root, d, True)]
                for name in files:
                    if name.endswith(".mlir"):
                        if rules is not None and rules.ignored(root, name, False):
                            continue
                        entry = os.path.join(root, name)
                        kind = _kind_at(entry)
                        if isinstance(kind, InputError):
                            unreadable.append(kind)
                        elif kind is None:
                            found.append(entry)
                        else:
                            unreadable.append(InputError(entry, f"not a regular file ({kind}); not read"))
            yield from sorted(found)
            yield from sorted(unreadable, key=lambda e: e.path)
            if not found and not unreadable:
                yield NothingFound(path)
        else:
            yield InputError(path, f"not a regular file ({_KINDS.get(stat.S_IFMT(mode), 'unknown')}); not read")


class _Rules:
    """The ignore files in force during one walk, per directory (read when first entered)."""

    def __init__(self, top: str) -> None:
        from broadcheck.ignores import for_walk

        self.top = top
        first, root = for_walk(top)
        self.in_repository = root is not None
        self.by_directory = {os.path.normpath(top): first}

    def ignored(self, directory: str, name: str, is_dir: bool) -> bool:
        relative = os.path.relpath(os.path.join(directory, name), self.top).replace(os.sep, "/")
        directory = os.path.normpath(directory)
        rules = self.by_directory.get(directory)
        if rules is None:  # os.walk goes top-down: the parent's rules are known
            parent = os.path.normpath(os.path.dirname(directory))
            inner = os.path.relpath(directory, self.top).replace(os.sep, "/")
            rules = self.by_directory[parent].entered(directory, inner, self.in_repository)
            self.by_directory[directory] = rules
        return rules.ignored(relative, is_dir)


_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a directory",
}


def _stat_error(path: str, err: OSError | ValueError) -> InputError:
    if isinstance(err, ValueError):  # an embedded NUL
        return InputError(path, "not a valid path")
    if os.path.islink(path) and not isinstance(err, PermissionError):
        return InputError(path, "broken symbolic link")
    return InputError(path, err.strerror or str(err))


def _kind_at(path: str) -> str | InputError | None:
    """None for a regular file (or a symbolic link to one); else what it is, or why it cannot be known."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as err:
        return _stat_error(path, err)
    return None if stat.S_ISREG(mode) else _KINDS.get(stat.S_IFMT(mode), "not a regular file")


class NotRegular(OSError):
    """A path that is not a regular file where one is needed (checked by the open descriptor)."""


def open_regular(path: str, streams: bool = False) -> int:
    """A descriptor open for reading ``path``, which must be a regular file (or, with
    ``streams``, a FIFO). A file is opened without blocking and checked on the descriptor
    itself, so a FIFO or a device put in a file's place after the walk is never read (nor
    waited on). A FIFO the user named is opened as ``cat`` opens it: waiting for its writer."""
    flags = os.O_RDONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    if streams and stat.S_ISFIFO(os.stat(path).st_mode):
        fd = os.open(path, flags)
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            os.close(fd)
            raise NotRegular(0, "not a regular file or FIFO; not read")
        return fd
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(0, f"not a regular file ({_KINDS.get(stat.S_IFMT(mode), 'unknown')}); not read")
        _blocking(fd)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _blocking(fd: int) -> None:
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)


def is_stream(path: str) -> bool:
    """Whether ``path`` (not ``-``) is a FIFO, read once to its end like standard input."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_limited(path: str, limit: int) -> bytes:
    """The bytes of a regular file or FIFO, which must not be longer than ``limit``."""
    with os.fdopen(open_regular(path, streams=True), "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit >> 20} MiB; not read")
    return data


BOM = b"\xef\xbb\xbf"


def read_bytes(path: str) -> bytes:
    """A whole regular file's bytes."""
    with os.fdopen(open_regular(path), "rb") as f:
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
    with os.fdopen(open_regular(path), "rb") as f:
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
    loaded = read_stream(STDIN, stdin_name)
    return loaded if isinstance(loaded, InputError) else decode(stdin_name, loaded)


def load_stream(path: str, stdin_name: str) -> tuple[Source, Diagnostic | None] | InputError:
    """Read and decode standard input (``-``, shown as ``stdin_name``) or a FIFO the user named."""
    if path == STDIN:
        return read_stdin(stdin_name)
    loaded = read_stream(path)
    return loaded if isinstance(loaded, InputError) else decode(path, loaded)


def read_stream(path: str, name: str | None = None) -> bytes | InputError:
    """All the bytes of standard input (``-``) or of a FIFO the user named, read once."""
    shown = name if name is not None else path
    try:
        if path != STDIN:
            with os.fdopen(open_regular(path, streams=True), "rb") as f:
                return f.read()
        if sys.stdin is None or sys.stdin.closed:
            return InputError(shown, "standard input is closed")
        return sys.stdin.buffer.read()
    except OSError as err:
        return InputError(shown, err.strerror or str(err))
