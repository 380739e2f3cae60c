"""One large file across cores (``-j N``): ranges checked by forked workers.

The file is cut into ``N`` newline-aligned byte ranges at *seams*: the start of a
top-level ``func.func`` right after the ``}`` that closes the function before it
(or, with ``--split-input-file``, the line after a split marker). Functions are
isolated from above, so a worker can check its range on its own once it has the
context a range needs, which it reads from the file's prefix without checking it
(:attr:`broadcheck.checker.Stream.skimming`): the line number the range starts at,
the split chunk, and the type aliases in scope. Each worker sends back only its
:class:`~broadcheck.checker.Part` (diagnostics, the lines they point at, counts);
the parent checks the first range itself, merges the parts in order and finishes
as for a file read in one go, so serial and parallel output are byte-identical.

Each range also says whether it really ended at a seam (no statement open, no
function open, no value in scope). If one did not, or a worker failed, the file
is checked again serially: the output never depends on where the cuts fell.
"""

from __future__ import annotations

import os
import re
import signal

from broadcheck.checker import Options, Part, Stream
from broadcheck.runner import feed
from broadcheck.text import split_probe

RANGE_MIN_BYTES = 2 << 20
"""No range is smaller than this."""
WINDOW = 1 << 20
"""How far past a cut's target a seam is looked for."""

_SEAM = re.compile(rb"\n[ \t]*\}[ \t]*\r?\n(?:[ \t]*\r?\n)*(?=[ \t]*func\.func\b)")


def cuts(path: str, size: int, parts: int, marker: str | None) -> list[int]:
    """The offsets ``0 < c1 < ... < size`` where ranges start (at most ``parts - 1``)."""
    found: list[int] = []
    pattern = _SEAM if marker is None else re.compile(rb"\n" + re.escape(split_probe(marker).encode()) + rb"[^\n]*\n")
    with open(path, "rb") as f:
        for k in range(1, parts):
            target = max(size * k // parts, (found[-1] if found else 0) + RANGE_MIN_BYTES)
            if target >= size - RANGE_MIN_BYTES:
                break
            f.seek(target)
            window = f.read(WINDOW)
            for m in pattern.finditer(window):
                if marker is None or _is_marker(m.group()[1:], marker):
                    found.append(target + m.end())
                    break
    return found


def _is_marker(line: bytes, marker: str) -> bool:
    from broadcheck.text import split_marker

    try:
        kind = split_marker(line.decode("utf-8").rstrip("\r\n"), marker)
    except UnicodeDecodeError:
        return False
    return kind is not None and kind[0]


def check_split(path: str, options: Options, jobs: int) -> Stream | None:
    """Check ``path`` in up to ``jobs`` ranges at once: the stream of its first range with
    the others merged, ready to finish; ``None`` when it is not worth it, a range did not end
    at a seam, or anything failed (then the caller checks the file in one go)."""
    try:
        size = os.stat(path).st_size
    except OSError:
        return None
    if jobs <= 1:
        return None
    try:
        starts = cuts(path, size, min(jobs, size // RANGE_MIN_BYTES), options.split_marker)
    except OSError:
        return None
    if not starts:
        return None
    bounds = [0, *starts, size]
    children: dict[int, int] = {}
    try:
        for k in range(1, len(bounds) - 1):
            pid, fd = _fork(path, options, bounds, k)
            children[pid] = fd
        stream = Stream(path, options)
        first = feed(stream, path, 0, bounds[1], final=False)
        parts = []
        for pid in list(children):
            parts.append(_receive(pid, children.pop(pid)))
    except Exception:  # a bug: the serial check reports it, with its path
        return None
    finally:
        for pid, fd in children.items():  # interrupted or failed: the workers go too
            os.close(fd)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    if first is not None or not stream.part().seam:
        return None
    for index, part in enumerate(parts):
        if part is None or (index < len(parts) - 1 and not part.seam):
            return None
        stream.merge(part)
    return stream


def _fork(path: str, options: Options, bounds: list[int], k: int) -> tuple[int, int]:
    import pickle

    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    # The worker: the parent alone answers Ctrl-C (and kills its workers).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.close(read)
    try:
        data = pickle.dumps(_part(path, options, bounds, k), protocol=pickle.HIGHEST_PROTOCOL)
    except BaseException:  # any failure: the parent checks the file serially
        data = pickle.dumps(None)
    try:
        with os.fdopen(write, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def _part(path: str, options: Options, bounds: list[int], k: int) -> Part | None:
    stream = Stream(path, options)
    stream.skimming = True
    if feed(stream, path, 0, bounds[k], final=False) is not None or stream.carry:
        return None
    stream.skimming = False
    last = k == len(bounds) - 2
    if feed(stream, path, bounds[k], bounds[k + 1], final=last) is not None:
        return None
    return stream.part()


def _receive(pid: int, fd: int) -> Part | None:
    import pickle

    with os.fdopen(fd, "rb") as f:
        data = f.read()
    os.waitpid(pid, 0)
    try:
        part: Part | None = pickle.loads(data)
    except Exception:  # a worker that died mid-write
        return None
    return part
