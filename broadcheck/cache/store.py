"""The cache on disk: entries written through directory descriptors that never follow a
link, read only when they are this user's alone, pruned within a bound, and cleaned away."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator

from broadcheck.cache.key import FILE_FLAGS, mine

GITIGNORE = "# Automatically created by broadcheck.\n*\n"
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by broadcheck.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)
_READ_LIMIT = 1 << 30
DIRECTORY_FLAGS = (
    os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
)


def prune(directory: str, limit: int, stale_before: float) -> int:
    """Keep this user's entries in ``directory`` within ``limit`` bytes, removing those written
    longest ago until three quarters of it remain, and remove temporary files older than
    ``stale_before`` (a killed run's); how many went."""
    found, left = _own_files(directory, stale_before)
    removed = 0
    for path in left:
        removed += _remove(path)
    total = sum(size for _, size, _ in found)
    if total <= limit:
        return removed
    found.sort()
    for _, size, path in found:
        if total <= limit * 3 // 4:
            break
        removed += _remove(path)
        total -= size
    return removed


class Cleaned:
    """What :func:`clean` removed: entries, their bytes, and whether the directory went too."""

    __slots__ = ("bytes", "directory_removed", "entries")

    def __init__(self) -> None:
        self.entries = self.bytes = 0
        self.directory_removed = False


def clean(directory: str) -> Cleaned:
    """Remove the cache in ``directory`` (``broadcheck clean``): this user's entries and
    temporary files, the shards left empty, the tags broadcheck wrote, and the directory if
    nothing else is in it. Nothing else is touched: a cache in a user's own directory
    (``--cache-dir .``) leaves their files. A symbolic link is not followed (ValueError)."""
    import contextlib  # (not on a run whose result is read from the cache)

    cleaned = Cleaned()
    if os.path.islink(os.path.normpath(directory)):
        raise ValueError(f"the cache directory '{directory}' is a symbolic link; not cleaned")
    if not os.path.isdir(directory):
        return cleaned
    found, left = _own_files(directory, None)
    for _, size, path in found:
        if _remove(path):
            cleaned.entries += 1
            cleaned.bytes += size
    for path in left:
        _remove(path)
    for shard in sorted({os.path.dirname(path) for _, _, path in found} | {os.path.dirname(p) for p in left}):
        with contextlib.suppress(OSError):
            os.rmdir(shard)
    for name, text in ((".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)):
        tag = os.path.join(directory, name)
        with contextlib.suppress(OSError, ValueError):
            if not os.path.islink(tag) and os.path.getsize(tag) == len(text):
                with open(tag, "rb") as f:
                    if f.read() == text.encode():
                        os.unlink(tag)
    with contextlib.suppress(OSError):
        os.rmdir(directory)
        cleaned.directory_removed = True
    return cleaned


def _own_files(directory: str, stale_before: float | None) -> tuple[list[tuple[int, int, str]], list[str]]:
    """This user's entries under ``directory`` as (modified, size, path); and its temporary
    files (those older than ``stale_before``, if given)."""
    found: list[tuple[int, int, str]] = []
    temporary: list[str] = []
    for path in entries(directory, temporary=True):
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or not mine(info):
            continue
        if path.endswith(".tmp"):
            if stale_before is None or info.st_mtime < stale_before:
                temporary.append(path)
        else:
            found.append((info.st_mtime_ns, info.st_size, path))
    return found, temporary


def _remove(path: str) -> int:
    try:
        os.unlink(path)
    except OSError:
        return 0
    return 1


def open_shard(top: int, name: str) -> int:
    import contextlib  # (not on a run whose result is read from the cache)

    with contextlib.suppress(FileExistsError):
        os.mkdir(name, 0o700, dir_fd=top)
    return os.open(name, DIRECTORY_FLAGS, dir_fd=top)


def read_entry(directory: str, shard: str, name: str) -> bytes | None:
    """An entry's bytes, if it is a regular file of this user's that no one else may write."""
    try:
        fd = os.open(os.path.join(directory, shard, name), FILE_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not mine(info) or info.st_mode & 0o022:
            return None
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(_READ_LIMIT)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_atomically(name: str, data: bytes, directory: int, mode: int = 0o600) -> None:
    """Write ``name`` in the open ``directory`` through a temporary file beside it and a rename:
    readers see all or nothing."""
    import contextlib  # (not on a run whose result is read from the cache)

    temporary = f"{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(temporary, flags, mode, dir_fd=directory)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, name, src_dir_fd=directory, dst_dir_fd=directory)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=directory)
        raise


_HEX = frozenset("0123456789abcdef")


def _is_hex(name: str, length: int) -> bool:
    return len(name) == length and _HEX.issuperset(name)


def entries(directory: str, temporary: bool = False) -> Iterator[str]:
    """The entry files under a cache directory: ``xx/`` shards holding 38-hex-digit names (and
    nothing else, so a cache in a directory of the user's never touches their files); and,
    with ``temporary``, the temporary files of entries being written."""
    try:
        shards = sorted(e.name for e in os.scandir(directory) if _is_hex(e.name, 2) and e.is_dir(follow_symlinks=False))
    except OSError:
        return
    for shard in shards:
        try:
            names = sorted(
                e.name
                for e in os.scandir(os.path.join(directory, shard))
                if _is_hex(e.name, 38) or (temporary and e.name.endswith(".tmp") and _is_hex(e.name[:38], 38))
            )
        except OSError:
            continue
        for name in names:
            yield os.path.join(directory, shard, name)
