"""Checks in a forked child process, so that the server's memory holds what checks find and
nothing of what they allocate on the way.

Checking a 2 MB document allocates some 150 MB of short-lived objects, and the diagnostics it
keeps are made among them; Python's allocator frees an arena only when all of it is free, so
each check of a document with many problems left the server larger (a soak of 3,000 edits:
145 MB after the first check, 517 MB later), though the live data grew by a tenth of that.
So every check but the server's first runs in a child forked for it, which sends back its
result in a compact form (:func:`encode`: tuples of strings and numbers, by :mod:`marshal`)
and exits: what it allocated goes with it, and the server builds only the result. The first
check runs in the server itself: it loads the dialects, grammars and tables that every later
child inherits. A check made stale by a newer text kills its child. Without ``fork`` (not
Linux) checks run in the server, as the first does.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import pickle
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Fix, Result

POLL = 0.05
"""Seconds between two looks, while a child checks, at whether its text is still the newest."""


STUCK = 10.0
"""Seconds a child may use no CPU at all before it is taken for stuck: forked while another thread
of the server held a lock it then needs (a module's import lock), it waits for ever. It is killed,
and the work is done in the server (:class:`Stuck`)."""


class CheckFailed(Exception):
    """The check raised in the child (its exception type's name and text), or the child died."""


class Stuck(CheckFailed):
    """The child used no CPU for :data:`STUCK` seconds and was killed: do the work here."""


def available() -> bool:
    """Whether checks can run in a forked child here (Linux: ``fork`` with threads is sound
    for a child that only computes and writes to a pipe)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def run(
    work: Callable[[], tuple[Result, dict[str, Any]]], stale: Callable[[], bool]
) -> tuple[Result, dict[str, Any]] | None:
    """``work()`` in a forked child: its result and aliases; ``None`` if ``stale()`` said a newer
    text came first (the child is killed). Raises :class:`CheckFailed` if it raised or died."""
    data = compute(lambda: encode(*work()), stale)
    return None if data is None else decode(data)


def compute(work: Callable[[], bytes], stale: Callable[[], bool]) -> bytes | None:
    """The bytes ``work()`` makes, made in a forked child (or, if it raised, the exception's
    type name and text, as :func:`marshal` of ``("error", name, text)``); ``None`` if
    ``stale()`` said a newer text came first. Raises :class:`CheckFailed` if the child died."""
    read, write = os.pipe()
    with warnings.catch_warnings():  # (Python 3.12 warns of fork in a process with threads)
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: compute, send, and leave without running anything of the parent's
        code = 0
        try:
            os.close(read)
            try:
                payload = work()
            except BaseException as err:  # any failure goes to the parent, RecursionError too
                payload = marshal.dumps(("error", type(err).__name__, str(err)))
            view = memoryview(payload)
            while view:
                view = view[os.write(write, view) :]
        except BaseException:  # (a broken pipe: the parent has gone or killed us)
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    try:
        data = _collect(read, pid, stale)
    finally:
        os.close(read)
    if data is None:
        return None
    if not data:
        _, status = os.waitpid(pid, 0)
        how = f"signal {-os.waitstatus_to_exitcode(status)}" if os.WIFSIGNALED(status) else "no result"
        raise CheckFailed(f"ChildProcessError: the check's process ended with {how}")
    os.waitpid(pid, 0)
    return data


def _collect(read: int, pid: int, stale: Callable[[], bool]) -> bytes | None:
    """All the child writes; ``None`` (the child killed and reaped) once ``stale()`` is true.
    Raises :class:`Stuck` (the child killed and reaped) if it used no CPU for :data:`STUCK` seconds."""
    chunks: list[bytes] = []
    used, since = _cpu(pid), time.monotonic()
    while True:
        ready, _, _ = select.select([read], [], [], POLL)
        if stale():
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return None
        if ready:
            chunk = os.read(read, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            since = time.monotonic()
            continue
        now, cpu = time.monotonic(), _cpu(pid)
        if cpu != used:
            used, since = cpu, now
        elif cpu is not None and now - since > STUCK:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise Stuck(f"the child used no CPU for {STUCK:g} s")


def _cpu(pid: int) -> int | None:
    """The CPU time process ``pid`` has used, in clock ticks (``None`` where ``/proc`` does not say)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()  # (after the command's name, which may hold spaces)
        return int(fields[11]) + int(fields[12])  # utime, stime
    except (OSError, ValueError, IndexError):
        return None


def map_large_blocks() -> None:
    """Have glibc map each block of 128 KiB or more on its own, and unmap it when freed. Else
    glibc raises that threshold to the largest block freed, so a document's texts (a new one an
    edit, 2 to 8 MB) come from the heap and stay there: a simulation of 3,000 edits of a 2 MB
    text grew 28 -> 50 MB so, and stayed at 31 MB with this (elsewhere: nothing)."""
    libc = _libc()
    if libc is not None:
        with contextlib.suppress(AttributeError):
            libc.mallopt(-3, 128 * 1024)  # M_MMAP_THRESHOLD (a fixed one also fixes the trim threshold)


def _libc() -> Any:
    """The C library, on Linux; ``None`` elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL(None)
    except OSError:
        return None


def trim() -> None:
    """Give the C heap's free pages back to the system (glibc's ``malloc_trim``; elsewhere
    nothing): a document's texts, lines and published JSON are large blocks that glibc keeps
    once freed, and the server, which holds each version for a while, would stay at its largest."""
    global _TRIM
    if _TRIM is None:
        _TRIM = False
        libc = _libc()
        if libc is not None:
            with contextlib.suppress(AttributeError):  # not glibc (musl has no malloc_trim)
                _TRIM = libc.malloc_trim
    if _TRIM:
        _TRIM(0)


_TRIM: Any = None


# ------------------------------------------------------------ the compact form


def encode(result: Result, aliases: dict[str, Any]) -> bytes:
    """``result`` and ``aliases`` as bytes: the diagnostics as tuples (:mod:`marshal`), the
    aliases (types, usually few) pickled."""
    fixes: dict[int, int] = {}  # a fix shared by several diagnostics stays one (fixes_of counts by identity)
    table: list[tuple[Any, ...]] = []
    for d in result.diagnostics:
        if d.fix is not None and id(d.fix) not in fixes:
            fixes[id(d.fix)] = len(table)
            fix = d.fix
            table.append((fix.message, tuple((_span(e.span), e.start, e.end, e.new) for e in fix.edits), fix.safe))
    body = (
        result.path,
        [_diagnostic(d, -1 if d.fix is None else fixes[id(d.fix)]) for d in result.diagnostics],
        table,
        result.ops_checked,
        result.lines,
        result.passed_over,
        result.annotations_not_held,
    )
    return marshal.dumps(("ok", body, pickle.dumps(aliases) if aliases else b""))


def decode(data: bytes) -> tuple[Result, dict[str, Any]]:
    """What :func:`encode` wrote (or raises the child's :class:`CheckFailed`)."""
    from broadcheck.diagnostics import Result

    found = marshal.loads(data)
    if found[0] == "error":
        raise CheckFailed(f"{found[1]}: {found[2]}")
    from broadcheck.diagnostics import Edit, Fix
    from broadcheck.ops import Span

    _, (path, diagnostics, table, ops_checked, lines, passed_over, not_held), aliases = found
    fixes = [
        Fix(message, tuple(Edit(Span(*where), start, end, new) for where, start, end, new in edits), safe)
        for message, edits, safe in table
    ]
    built = [_built(d, fixes) for d in diagnostics]
    return Result(path, built, ops_checked, lines, passed_over, not_held), pickle.loads(aliases) if aliases else {}


def _span(span: Any) -> tuple[int, int, int, int]:
    return (span.line, span.column, span.end_line, span.end_column)


def _diagnostic(d: Diagnostic, fix: int) -> tuple[Any, ...]:
    return (
        d.code,
        d.severity,
        d.message,
        d.path,
        _span(d.span),
        tuple((n.kind, n.message) for n in d.notes),
        tuple((_span(label.span), label.text, label.mlir_note) for label in d.labels),
        fix,
    )


def _built(data: tuple[Any, ...], fixes: list[Fix]) -> Diagnostic:
    from broadcheck.diagnostics import Diagnostic, Label, Note
    from broadcheck.ops import Span

    code, severity, message, path, span, notes, labels, fix = data
    return Diagnostic(
        code,
        severity,
        message,
        path,
        Span(*span),
        tuple(Note(kind, text) for kind, text in notes),
        tuple(Label(Span(*where), text, mlir_note) for where, text, mlir_note in labels),
        None if fix < 0 else fixes[fix],
    )
