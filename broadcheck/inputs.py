"""Turn the paths a user names into sources: files, directories, stdin."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterator

from broadcheck.ops import Frozen
from broadcheck.text import Source

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic
    from broadcheck.ignores import Ignores, Unread

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


class NotFollowed(Frozen):
    """Something a walk met and did not go into, said under ``-v``: a symbolic link to a
    directory (``kind`` ``link``), or an ignore file that was not read (``ignore-file``)."""

    __slots__ = __match_args__ = ("path", "kind", "reason")
    path: str
    kind: str
    reason: str

    def __init__(self, path: str, kind: str, reason: str) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "reason", reason)


Found = str | InputError | NothingFound | NotFollowed


def expand(paths: tuple[str, ...], respect_ignores: bool = True) -> Iterator[Found]:
    """Files to check, in the order named; directories give their ``*.mlir`` files, sorted.

    With ``respect_ignores``, a walk skips what ``.gitignore`` and ``.ignore`` files say
    (:mod:`broadcheck.ignores`), as git and ruff do, but never a file git tracks (``git
    ls-files``: git never ignores a tracked file); a file named is always checked.

    The walk is iterative (any depth). Hidden directories are skipped and directory symlinks
    are not followed, so a symlink loop cannot trap the walk; each one is a
    :class:`NotFollowed`, as is an ignore file that was not read. A path that cannot be read,
    named or met while walking (a directory without permission), is an :class:`InputError`:
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
            yield from _walk(path, respect_ignores)
        else:
            yield InputError(path, f"not a regular file ({_KINDS.get(stat.S_IFMT(mode), 'unknown')}); not read")


def _walk(top: str, respect_ignores: bool) -> Iterator[Found]:
    """The ``*.mlir`` files under the directory ``top`` (sorted), then what could not be read
    and what was not followed."""
    found: list[str] = []
    unreadable: list[InputError] = []
    passed: list[NotFollowed] = []
    rules = _Rules(top) if respect_ignores else None
    # (directory, its path from the top, its ignore rules, inside an ignored directory)
    stack: list[tuple[str, str, Ignores | None, bool]] = [(top, "", rules.first if rules else None, False)]
    while stack:
        directory, relative, ignores, inside_ignored = stack.pop()
        try:
            with os.scandir(directory) as scan:
                entries = list(scan)  # the order found: what is yielded is sorted
        except OSError as err:
            unreadable.append(InputError(err.filename or directory, err.strerror or str(err)))
            continue
        for entry in entries:
            name = entry.name
            inner = f"{relative}/{name}" if relative else name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_link = not is_dir and entry.is_symlink()
            except OSError:
                is_dir = is_link = False
            if is_dir:
                if name.startswith("."):
                    continue
                skipped = inside_ignored or (ignores is not None and ignores.ignored(inner, True))
                if skipped and (rules is None or not rules.holds_tracked(inner)):
                    continue
                below = rules.entered(entry.path, inner, ignores) if rules is not None and ignores is not None else None
                stack.append((entry.path, inner, below, skipped))
                continue
            link_to_directory = is_link and _points_at_directory(entry)
            if link_to_directory and name.startswith("."):
                continue  # hidden, as a hidden directory is
            if not link_to_directory and not name.endswith(".mlir"):
                continue
            skipped = inside_ignored or (ignores is not None and ignores.ignored(inner, False))
            if skipped and (rules is None or not rules.is_tracked(inner)):
                continue
            if link_to_directory:
                passed.append(NotFollowed(entry.path, "link", "a symbolic link to a directory; not followed"))
                continue
            kind = _kind_at(entry.path)
            if isinstance(kind, InputError):
                unreadable.append(kind)
            elif kind is None:
                found.append(entry.path)
            else:
                unreadable.append(InputError(entry.path, f"not a regular file ({kind}); not read"))
    if rules is not None:
        passed += (NotFollowed(u.path, "ignore-file", f"ignore file not read ({u.reason})") for u in rules.unread)
    yield from sorted(found)
    yield from sorted(unreadable, key=lambda e: e.path)
    yield from sorted(passed, key=lambda e: e.path)
    if not found and not unreadable:
        yield NothingFound(top)


def _points_at_directory(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


class _Rules:
    """The ignore rules of one walk: those in force at its top, the ignore files not read, and
    (asked of git only once something is ignored) the files git tracks under the top."""

    def __init__(self, top: str) -> None:
        from broadcheck.ignores import for_walk

        self.top = top
        self.unread: list[Unread] = []
        self.first, root = for_walk(top, self.unread)
        self.in_repository = root is not None
        self._tracked: frozenset[str] | None = None
        self._holding: frozenset[str] | None = None

    def entered(self, directory: str, relative: str, ignores: Ignores) -> Ignores:
        """The rules in force inside ``directory``."""
        return ignores.entered(directory, relative, self.in_repository, self.unread)

    def _ask_git(self) -> None:
        if self._tracked is not None:
            return
        from broadcheck.ignores import tracked

        self._tracked = tracked(self.top) or frozenset()
        holding: set[str] = set()
        for path in self._tracked:
            cut = path.rfind("/")
            while cut > 0 and path[:cut] not in holding:
                holding.add(path[:cut])
                cut = path.rfind("/", 0, cut)
        self._holding = frozenset(holding)

    def is_tracked(self, relative: str) -> bool:
        """Whether git tracks the file at ``relative`` (from the top)."""
        if not self.in_repository:
            return False
        self._ask_git()
        return self._tracked is not None and relative in self._tracked

    def holds_tracked(self, relative: str) -> bool:
        """Whether a file git tracks lies under the directory at ``relative``."""
        if not self.in_repository:
            return False
        self._ask_git()
        return self._holding is not None and relative in self._holding


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
"""The check reads a file in blocks of about this many bytes; a file past :data:`LARGE` bytes
in blocks of :data:`LARGE_BLOCK`."""

LARGE_BLOCK = 96 << 10
"""The blocks of a file past :data:`LARGE` bytes: the scanner's rows of a block of a megabyte
(about 4 MB) and the block's copies were 4.5 MB of bench/gen.py's 100k ops' peak (issue 31). Under
the 128 KB from which ``malloc`` maps a block on its own (:func:`long_lines`): blocks of 256 KB
were each mapped, touched and unmapped, +0.12 s of system time on the 35 MB
``gpt2-train-l480`` (+7%); these come from its heap, one after the other. A file of a few
megabytes peaked higher with small blocks (a 2 MB torch-mlir export: 1.3 MB more, not
explained)."""

LONG_LINE = 1 << 20
"""A line longer than this has its copies mapped on their own (:func:`long_lines`), whatever
the blocks' size (a 2 MB torch-mlir export's line of 0.4 MB: the mappings cost 8% of its CPU)."""

LARGE = 8 << 20
"""A file read past this many bytes has its large blocks mapped on their own (:func:`long_lines`):
bench/gen.py's and gen2.py's 100k ops (12 MB) peaked 1.4 and 3 MB higher without it, glibc's heap
keeping the blocks freed; a file of a few megabytes pays more for the mappings (a 2 MB torch-mlir
export: 8% of its CPU) than it keeps."""


def read_blocks(path: str, size: int | None = None, start: int = 0, stop: int | None = None) -> Iterator[bytes]:
    """A file's bytes in blocks of about ``size`` (by default :data:`BLOCK_SIZE`, or
    :data:`LARGE_BLOCK` for a file past :data:`LARGE` bytes), each ending at a newline (but the
    last); only those of ``[start, stop)`` if given. Past :data:`LARGE` bytes (a file whose peak
    memory counts), ``malloc`` maps large blocks on their own (:func:`long_lines`). A line
    longer than a block is joined once from its pieces, not copied again at each block."""
    with os.fdopen(open_regular(path), "rb") as f:
        if size is None:
            size = LARGE_BLOCK if os.fstat(f.fileno()).st_size > LARGE else BLOCK_SIZE
        f.seek(start)
        left = stop - start if stop is not None else -1
        rest: list[bytes] = []  # (what follows the last newline so far: no newline in it)
        held = seen = 0
        step = size
        while data := f.read(step if left < 0 else min(step, left)):
            left -= len(data)
            seen += len(data)
            if seen > LARGE:
                long_lines()
            cut = data.rfind(b"\n") + 1
            if cut:
                yield b"".join([*rest, memoryview(data)[:cut]]) if rest else data[:cut]
                rest = [data[cut:]] if cut < len(data) else []
                held, step = len(data) - cut, size
            else:
                rest.append(data)
                held += len(data)
                if held > LONG_LINE:
                    long_lines()
                step = max(size, LONG_LINE)  # (a long line's pieces: each mapped on its own, freed whole)
        if rest:
            yield b"".join(rest)


_LONG_LINES: list[bool] = []


def long_lines() -> None:
    """A line longer than a block is being read (a frozen graph's weights: 10 MB): from now on,
    glibc's ``malloc`` gives every block of 128 KiB or more its own mapping and returns it when
    it is freed. Left to itself it raises that threshold to the largest block freed so far, and
    the copies of such a line, taken from its heap and freed, stay in the process's RSS (issue
    31: 4 MiB of the TF exports' peak). Once a process; nothing elsewhere (``mallopt`` is glibc's)."""
    if _LONG_LINES:
        return
    _LONG_LINES.append(True)
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None).mallopt(-3, 128 * 1024)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError):
        pass


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
