"""Writing a user's file back (``--fix``): only when asked, only if it changed, into the same
file, and never over an edit made meanwhile.

* **A snapshot first.** The file is copied, once, to a private temporary file while its
  SHA-256 is taken; checking, planning and applying the fixes all read that copy, so they
  see one consistent text even if the file changes meanwhile.
* **The same inode.** The fixed text is copied into the file itself (not renamed over it),
  so the file keeps its owner, group, mode, ACLs and hard links, and a symbolic link's
  target is what is written.
* **Read-only files are refused** (no write permission for the owner, as ``chmod a-w``
  leaves it): a ``0444`` file is protected on purpose, even from root.
* **The final check and the replacement are atomic against other programs.** Before the
  file is touched, broadcheck takes a Linux *write lease* on it (``fcntl(F_SETLEASE)``):
  the kernel grants it only while no other process has the file open, and while it is held
  any other ``open`` or ``truncate`` of the file waits (up to ``/proc/sys/fs/lease-break-time``
  seconds, 45 by default) until broadcheck has checked that the file still holds the
  snapshot's bytes, written the new text and released the lease. An editor that saves by
  renaming a new file over the path never touches the old inode; broadcheck sees the path
  moved to another file afterwards and says its fix was not kept. Where a lease cannot be
  had (another process holds the file open, a file system or system without leases, a file
  the user does not own, without root), broadcheck cannot be sure, and does not write.
* **Signals.** SIGINT, SIGTERM and SIGHUP are held off while the file is being replaced (a
  file is never left half written by them) and delivered right after; at any other moment
  they remove broadcheck's temporary files before it exits.
"""

from __future__ import annotations

import errno
import hashlib
import os
import signal
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

from broadcheck.inputs import open_regular

BLOCK = 1 << 20
LEASE_TRIES = 20
"""How often a lease is asked for (every 0.1 s) while another process has the file open."""


class ChangedOnDisk(OSError):
    """The file is not what broadcheck read: someone else wrote it meanwhile."""


class NotWritten(OSError):
    """broadcheck will not write the file (read-only, in use, no lease): the reason says why."""


class Snapshot:
    """A private copy of a file, and what the file was when it was taken."""

    __slots__ = ("device", "digest", "inode", "path", "size")

    def __init__(self, path: str, digest: bytes, size: int, device: int, inode: int) -> None:
        self.path, self.digest, self.size, self.device, self.inode = path, digest, size, device, inode


class Temporaries:
    """Temporary files of this process, removed when the ``with`` block ends, however it ends
    (an exception, Ctrl-C, or SIGTERM and SIGHUP, which the command line turns into
    exceptions); a forked worker that inherits the list never removes them."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.owner = os.getpid()

    def new(self, near: str) -> tuple[int, str]:
        """A new temporary file, open for writing: beside ``near`` (on its file system), or,
        where that directory cannot be written, in the system's temporary directory."""
        directory = os.path.dirname(os.path.abspath(near))
        with _held_signals():  # (a signal between making the file and listing it would leave it)
            try:
                fd, path = tempfile.mkstemp(prefix=".broadcheck-", suffix=".tmp", dir=directory)
            except OSError:
                fd, path = tempfile.mkstemp(prefix="broadcheck-", suffix=".tmp")
            self.paths.append(path)
        return fd, path

    def remove(self, path: str) -> None:
        if path in self.paths:
            with _held_signals():
                _unlink(path)
                self.paths.remove(path)

    def __enter__(self) -> Temporaries:
        return self

    def __exit__(self, *exc: object) -> None:
        if os.getpid() == self.owner:
            with _held_signals():
                for path in self.paths:
                    _unlink(path)
        self.paths = []


def _unlink(path: str) -> None:
    with suppress(OSError):
        os.unlink(path)


def snapshot(path: str, temporaries: Temporaries) -> Snapshot:
    """Copy the regular file at ``path`` to a new temporary file, taking its SHA-256."""
    digest = hashlib.sha256()
    size = 0
    with os.fdopen(open_regular(path), "rb") as source:
        info = os.fstat(source.fileno())
        fd, copy = temporaries.new(path)
        with os.fdopen(fd, "wb") as target:
            while data := source.read(BLOCK):
                digest.update(data)
                target.write(data)
                size += len(data)
    return Snapshot(copy, digest.digest(), size, info.st_dev, info.st_ino)


def replace(path: str, before: Snapshot, new: str, temporaries: Temporaries | None = None) -> None:
    """Make the file at ``path``, which must still hold ``before``'s bytes, hold those of the
    file ``new``, in the same inode (see the module docstring). Raises :class:`ChangedOnDisk`
    or :class:`NotWritten` when it does not write, and OSError when writing fails."""
    _refuse_read_only(os.stat(path).st_mode)  # before opening it for writing, which would say only EACCES
    flags = os.O_RDWR | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotWritten(errno.EINVAL, "no longer a regular file; not written")
        if (info.st_dev, info.st_ino) != (before.device, before.inode):
            raise ChangedOnDisk(errno.EAGAIN, "replaced by another file since it was read; not written")
        _refuse_read_only(info.st_mode)
        os.set_blocking(fd, True)
        with _lease(fd), _held_signals():
            if _digest(fd) != (before.digest, before.size):
                raise ChangedOnDisk(errno.EAGAIN, "changed on disk since it was read; not written")
            try:
                _fill(fd, new)
            except OSError as err:  # a full disk as the text grew, say: put the old text back
                _restore(fd, before, err, temporaries)
                raise
        moved = _identity(path) != (info.st_dev, info.st_ino)
    finally:
        os.close(fd)
    if moved:
        raise ChangedOnDisk(errno.EAGAIN, "replaced by another file while it was written; the fix was not kept")


def _fill(fd: int, source: str) -> None:
    """Make the file open at ``fd`` hold exactly the bytes of the file ``source``, on disk."""
    size = _copy_into(fd, source)
    os.ftruncate(fd, size)
    os.fsync(fd)


def _restore(fd: int, before: Snapshot, failure: OSError, temporaries: Temporaries | None) -> None:
    """After a failed write, put the snapshot's bytes back; if even that fails, keep the
    snapshot (it is no longer temporary) and say where it is."""
    try:
        os.ftruncate(fd, before.size)
        _fill(fd, before.path)
    except OSError:
        if temporaries is not None and before.path in temporaries.paths:
            temporaries.paths.remove(before.path)
        failure.strerror = (
            f"{failure.strerror or failure}; the file may be half written: its text before is in '{before.path}'"
        )


def _refuse_read_only(mode: int) -> None:
    if stat.S_ISREG(mode) and not mode & stat.S_IWUSR:
        raise NotWritten(errno.EACCES, f"read-only (mode {stat.S_IMODE(mode):04o}); not written")


def _identity(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


@contextmanager
def _lease(fd: int) -> Iterator[None]:
    """A write lease on ``fd`` for the ``with`` block (see the module docstring)."""
    try:
        import fcntl

        setlease, wrlck, unlck = fcntl.F_SETLEASE, fcntl.F_WRLCK, fcntl.F_UNLCK
    except (ImportError, AttributeError):
        raise NotWritten(errno.ENOSYS, "cannot lock it against concurrent edits on this system; not written") from None
    # Another process opening the file breaks the lease: the kernel tells the holder with
    # SIGIO, whose default action would end broadcheck. The lease is released right after
    # the write in any case, so the signal is ignored meanwhile.
    previous = signal.signal(signal.SIGIO, signal.SIG_IGN)
    try:
        for attempt in range(LEASE_TRIES):
            try:
                fcntl.fcntl(fd, setlease, wrlck)
                break
            except OSError as err:
                if err.errno == errno.EAGAIN and attempt < LEASE_TRIES - 1:
                    time.sleep(0.1)
                    continue
                raise NotWritten(err.errno, _lease_refused(err)) from None
        try:
            yield
        finally:
            with suppress(OSError):
                fcntl.fcntl(fd, setlease, unlck)
    finally:
        signal.signal(signal.SIGIO, previous)


def _lease_refused(err: OSError) -> str:
    if err.errno == errno.EAGAIN:
        return "open in another program, so it cannot be locked against concurrent edits; not written"
    if err.errno == errno.EACCES:
        return "only its owner (or root) can lock it against concurrent edits; not written"
    return f"cannot lock it against concurrent edits ({err.strerror or err}); not written"


@contextmanager
def _held_signals() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the ``with`` block is over (then they act)."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _digest(fd: int) -> tuple[bytes, int]:
    digest = hashlib.sha256()
    size = 0
    offset = 0
    while data := os.pread(fd, BLOCK, offset):
        digest.update(data)
        size += len(data)
        offset += len(data)
    return digest.digest(), size


def _copy_into(fd: int, new: str) -> int:
    """Copy the file ``new`` over the start of ``fd``; its size."""
    offset = 0
    with open(new, "rb") as source:
        while data := source.read(BLOCK):
            view = memoryview(data)
            while view:
                written = os.pwrite(fd, view, offset)
                offset += written
                view = view[written:]
    return offset


def write_new(path: str, write: Callable[[Callable[[bytes], object]], None], temporaries: Temporaries) -> str:
    """A new temporary file (beside ``path``) filled by ``write(put)``; its name."""
    fd, name = temporaries.new(path)
    with os.fdopen(fd, "wb") as out:
        write(out.write)
    return name
