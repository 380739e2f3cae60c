"""Check many files: expand paths, honour ``exclude``, run serially or in parallel.

The output never depends on scheduling: results come back ordered by path, so
``-j 1`` and ``-j N`` print the same bytes.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Diagnostic, Result
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun, check_text
from broadcheck.inputs import (
    BOM,
    STDIN,
    InputError,
    NothingFound,
    decode,
    decode_error,
    expand,
    read_blocks,
    read_bytes,
    read_stdin,
)
from broadcheck.text import Source

if TYPE_CHECKING:
    from pathlib import Path


class Outcome:
    """Everything a run produced: a result per file checked, and the paths that failed to read."""

    __slots__ = ("changes", "excluded", "fixed", "input_errors", "nothing_found", "results")

    def __init__(self) -> None:
        self.results: list[Result] = []
        self.input_errors: list[InputError] = []
        self.nothing_found: list[str] = []
        """Directories named that hold no ``*.mlir`` file."""
        self.excluded = 0
        """Files found (or named) that ``exclude`` removed."""
        self.changes: list[tuple[str, str, str]] = []
        """``--fix``/``--diff``: (path, text before, text after) of each input the fixes change."""
        self.fixed = 0
        """``--fix``/``--diff``: how many problems the fixes remove."""


def excluded(path: str, patterns: Sequence[str], root: Path) -> bool:
    """Whether ``path`` or one of its parent directories matches an ``exclude`` glob.

    Globs match the path relative to ``root`` (the config file's directory) or any
    single component of it: ``build``, ``legacy/*.mlir`` and ``*.gen.mlir`` all work.
    """
    if not patterns or path == STDIN:
        return False
    from pathlib import Path

    absolute = Path(path).absolute()
    try:
        relative = absolute.relative_to(root).as_posix()
    except ValueError:
        relative = Path(path).as_posix()
    parts = relative.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    for pattern in patterns:
        pattern = pattern.rstrip("/")
        if any(fnmatch.fnmatch(p, pattern) for p in prefixes) or any(fnmatch.fnmatch(p, pattern) for p in parts):
            return True
    return False


class InternalError(Exception):
    """An unexpected failure (a bug) while checking ``path``; the cause is chained."""

    def __init__(self, path: str):
        super().__init__(path)
        self.path = path


def check_one(path: str, options: Options, stdin_name: str, jobs: int = 1) -> Result | InputError:
    """Read, decode and check one path; a file is read in blocks, so memory stays flat."""
    if path == STDIN:
        loaded = read_stdin(stdin_name)
        if isinstance(loaded, InputError):
            return loaded
        source, decode_problem = loaded
        if decode_problem is not None:
            return _of(source, [decode_problem])
        try:
            result = check_text(source.path, source.text, options)
            if any(d.severity == "error" for d in result.diagnostics):
                from broadcheck.engine.fix import with_fixes

                result.diagnostics = with_fixes(source.text, result.diagnostics, options)
            return result
        except Exception as err:
            raise InternalError(source.path) from err
    stream = FileRun(path, options, lines=lambda numbers: _lines_of(path, numbers))
    try:
        failed = feed(stream, path, 0, None, final=True)
    except OSError as err:
        return InputError(path, err.strerror or str(err))
    except Exception as err:
        raise InternalError(path) from err
    if failed is not None:
        return failed
    try:
        result = stream.finish()
        if result.diagnostics and any(d.severity == "error" for d in result.diagnostics):
            result.diagnostics = _with_fixes(path, result.diagnostics, options)
        return result
    except Exception as err:
        raise InternalError(path) from err


def _of(source: Source, diagnostics: list[Diagnostic]) -> Result:
    return Result.of(source.path, dict(enumerate(source.lines, 1)), diagnostics)


def _lines_of(path: str, numbers: Iterable[int]) -> dict[int, str]:
    """Lines of a file, read again (for a note that points at a line read long before)."""
    wanted = set(numbers)
    found: dict[int, str] = {}
    try:
        with open(path, encoding="utf-8-sig", errors="replace", newline="") as f:
            for number, line in enumerate(f, 1):
                if number in wanted:
                    found[number] = line.rstrip("\r\n")
                    if len(found) == len(wanted):
                        break
    except OSError:
        pass
    return found


SPLIT_MIN_BYTES = 4 << 20
"""With ``-j``, files at least this large are cut into ranges (broadcheck.split); below it,
forking and the workers' reading of the file's beginning cost more than they save."""


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def feed(stream: FileRun, path: str, start: int, stop: int | None, final: bool) -> Result | None:
    """Feed ``[start, stop)`` of ``path`` to ``stream``; a result if a block is not UTF-8."""
    blocks: Iterator[bytes] = read_blocks(path, start=start, stop=stop)
    block = next(blocks, b"")
    if start == 0 and block.startswith(b"\xef\xbb\xbf"):
        block = block[3:]
    while True:
        following = next(blocks, None)
        try:
            text = block.decode("utf-8")
        except UnicodeDecodeError as err:
            diag, line = decode_error(path, block, err, stream.block_line)
            return Result(path, [diag], 0, {diag.line: line})
        stream.feed(text, final=final and following is None)
        if following is None:
            return None
        block = following


def _with_fixes(path: str, diagnostics: list[Diagnostic], options: Options) -> list[Diagnostic]:
    """Attach fixes: the file is read again, line by line, only when it has problems."""
    from broadcheck.engine.fix import with_fixes

    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            return with_fixes(f.read(), diagnostics, options)
    except (OSError, UnicodeDecodeError):
        return diagnostics


class Fixed:
    """What ``--fix`` or ``--diff`` did to one input."""

    __slots__ = ("after", "before", "fixed", "result")

    def __init__(self, result: Result, before: str, after: str, fixed: int) -> None:
        self.result = result
        """The problems that remain (after the fixes, if they were written)."""
        self.before, self.after = before, after
        self.fixed = fixed
        """How many diagnostics the applied fixes removed."""


def fix_one(path: str, options: Options, stdin_name: str, unsafe: bool, write: bool) -> Fixed | Result | InputError:
    """``--fix`` (``write``) or ``--diff`` one input: plan, apply, write atomically, check again.

    A file that cannot be decoded, or has nothing to fix, gives its plain result.
    """
    from broadcheck.engine.fix import apply, fixes_of, with_fixes
    from broadcheck.outputs import ChangedOnDisk, write_if_unchanged

    if path == STDIN:
        loaded = read_stdin(stdin_name)
        if isinstance(loaded, InputError):
            return loaded
        source, problem = loaded
        data = source.text.encode("utf-8")
        if problem is not None:
            return _of(source, [problem])
    else:
        try:
            data = read_bytes(path)
        except OSError as err:
            return InputError(path, err.strerror or str(err))
        source, problem = decode(path, data)
        if problem is not None:
            return _of(source, [problem])
    try:
        result = check_text(source.path, source.text, options)
        result.diagnostics = with_fixes(source.text, result.diagnostics, options)
        fixes = fixes_of(result.diagnostics, unsafe)
        after = apply(source.text, fixes, unsafe)
        if after == source.text:
            return Fixed(result, source.text, after, 0)
        remaining = check_text(path if path != STDIN else source.path, after, options)
        # What remains may still have a fix (an unsafe one, without --unsafe-fixes): say so.
        remaining.diagnostics = with_fixes(after, remaining.diagnostics, options)
    except Exception as err:
        raise InternalError(source.path) from err
    errors = sum(1 for d in result.diagnostics if d.severity == "error")
    fixed = max(0, errors - sum(1 for d in remaining.diagnostics if d.severity == "error"))
    if write and path != STDIN:
        bom = BOM if data.startswith(BOM) else b""
        try:
            write_if_unchanged(path, data, bom + after.encode("utf-8"))
        except ChangedOnDisk as err:
            return InputError(path, str(err).split("; ", 1)[-1] + ": changed on disk since it was read")
        except OSError as err:
            return InputError(path, f"cannot write: {err.strerror or err}")
    return Fixed(remaining if write else result, source.text, after, fixed)


PARALLEL_MIN_FILES = 8

_worker_options: Options | None = None


def _init_worker(options: Options) -> None:
    import signal

    global _worker_options
    _worker_options = options
    # Ctrl-C reaches the whole process group: the parent alone handles it (exit 130).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _check_in_worker(path: str) -> Result | InputError:
    assert _worker_options is not None
    return check_one(path, _worker_options, "<stdin>")


def _results(files: Sequence[str], options: Options, jobs: int, stdin_name: str) -> Iterator[Result | InputError]:
    disk = [f for f in files if f != STDIN]
    # A process pool costs more to start than a few small files take to check.
    if jobs <= 1 or len(disk) < PARALLEL_MIN_FILES:
        for path in files:  # a few files: each large one is split across the cores instead
            yield check_one(path, options, stdin_name, jobs)
        return
    if STDIN in files:  # stdin can only be read here, in the parent
        yield check_one(STDIN, options, stdin_name)
    from concurrent.futures import ProcessPoolExecutor

    chunksize = max(1, min(64, len(disk) // (jobs * 8)))
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(options,))
    try:
        yield from pool.map(_check_in_worker, disk, chunksize=chunksize)
    except BaseException:  # Ctrl-C or an internal error: do not wait for the files still queued
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def run(
    paths: Sequence[str],
    options: Options,
    exclude: Sequence[str] = (),
    root: Path | None = None,
    jobs: int = 1,
    stdin_name: str = "<stdin>",
    progress: Callable[[int], Callable[[], None]] | None = None,
    fix: tuple[bool, bool] | None = None,
) -> Outcome:
    """Check every file ``paths`` name; ``progress(total)`` returns a per-file tick, if given.

    ``fix`` is ``(write, unsafe)`` for ``--fix`` (write) or ``--diff``.
    """
    if root is None and exclude:
        from pathlib import Path

        root = Path.cwd()
    outcome = Outcome()
    files: list[str] = []
    for item in expand(tuple(paths)):
        if isinstance(item, InputError):
            outcome.input_errors.append(item)
        elif isinstance(item, NothingFound):
            outcome.nothing_found.append(item.path)
        elif root is not None and excluded(item, exclude, root):
            outcome.excluded += 1
        else:
            files.append(item)
    tick = progress(len(files)) if progress is not None else None
    if fix is not None:  # --fix and --diff read, rewrite and check each input in turn
        write, unsafe = fix
        for path in files:
            done = fix_one(path, options, stdin_name, unsafe, write)
            if isinstance(done, Fixed):
                outcome.results.append(done.result)
                outcome.fixed += done.fixed
                if done.after != done.before:
                    outcome.changes.append((done.result.path, done.before, done.after))
            elif isinstance(done, InputError):
                outcome.input_errors.append(done)
            else:
                outcome.results.append(done)
        files = []
    for result in _results(files, options, max(1, jobs), stdin_name):
        if isinstance(result, InputError):
            outcome.input_errors.append(result)
        else:
            outcome.results.append(result)
        if tick is not None:
            tick()
    outcome.results.sort(key=lambda r: r.path)
    outcome.input_errors.sort(key=lambda e: e.path)
    return outcome


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
