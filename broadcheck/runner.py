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
    STDIN,
    InputError,
    NothingFound,
    decode_error,
    expand,
    is_stream,
    load_stream,
    read_blocks,
)

if TYPE_CHECKING:
    from pathlib import Path

    from broadcheck.text import Source


class Outcome:
    """Everything a run produced: a result per file checked, and the paths that failed to read."""

    __slots__ = ("changes", "excluded", "fixed", "input_errors", "nothing_found", "results", "stdin_output", "written")

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
        self.written: list[str] = []
        """``--fix``: the files written."""
        self.stdin_output: bytes | None = None
        """``--fix -``: what to print on standard output (the fixed text, or the input as it came)."""


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
    if path == STDIN or is_stream(path):  # read once, into memory
        loaded = load_stream(path, stdin_name)
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


PARALLEL_MIN_FILES = 8

_worker_options: Options | None = None
_worker_keeps_going = True


def _init_worker(options: Options, keep_going: bool = True) -> None:
    import signal

    global _worker_options, _worker_keeps_going
    _worker_options, _worker_keeps_going = options, keep_going
    # Ctrl-C reaches the whole process group: the parent alone handles it (exit 130).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in (signal.SIGTERM, signal.SIGHUP):  # the pool ends its workers with SIGTERM
        signal.signal(number, signal.SIG_DFL)


def _check_in_worker(path: str) -> Result | InputError:
    assert _worker_options is not None
    if not _worker_keeps_going:
        return check_one(path, _worker_options, "<stdin>")
    return _checked(path, _worker_options, "<stdin>", 1)


def failed(err: InternalError) -> InputError:
    """An internal error while checking one file, as the run reports it (and goes on)."""
    cause = err.__cause__ if err.__cause__ is not None else err
    text = str(cause).split("\n", 1)[0]
    return InputError(err.path, f"{type(cause).__name__}: {text[:500]}" if text else type(cause).__name__, "check")


def _checked(path: str, options: Options, stdin_name: str, jobs: int) -> Result | InputError:
    """:func:`check_one`, with an internal error given back as the file's failure."""
    try:
        return check_one(path, options, stdin_name, jobs)
    except InternalError as err:
        return failed(err)


def _results(
    files: Sequence[str], options: Options, jobs: int, stdin_name: str, keep_going: bool = True
) -> Iterator[Result | InputError]:
    check = _checked if keep_going else check_one
    disk = [f for f in files if f != STDIN]
    # A process pool costs more to start than a few small files take to check.
    if jobs <= 1 or len(disk) < PARALLEL_MIN_FILES:
        for path in files:  # a few files: each large one is split across the cores instead
            yield check(path, options, stdin_name, jobs)
        return
    if STDIN in files:  # stdin can only be read here, in the parent
        yield check(STDIN, options, stdin_name, 1)
    from concurrent.futures import ProcessPoolExecutor

    chunksize = max(1, min(64, len(disk) // (jobs * 8)))
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(options, keep_going))
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
    keep_going: bool = True,
) -> Outcome:
    """Check every file ``paths`` name; ``progress(total)`` returns a per-file tick, if given.

    ``fix`` is ``(write, unsafe)`` for ``--fix`` (write) or ``--diff``. An internal error while
    checking a file is that file's failure, and the others are still checked, unless
    ``keep_going`` is false (``--debug``: it is raised, with its traceback).
    """
    if root is None and exclude:
        from pathlib import Path

        root = Path.cwd()
    outcome = Outcome()
    files: list[str] = []
    for item in expand(tuple(paths)):
        if isinstance(item, InputError):
            if root is not None and excluded(item.path, exclude, root):
                outcome.excluded += 1  # excluded: not read, so not an error (a FIFO, say)
            else:
                outcome.input_errors.append(item)
        elif isinstance(item, NothingFound):
            outcome.nothing_found.append(item.path)
        elif root is not None and excluded(item, exclude, root):
            outcome.excluded += 1
        else:
            files.append(item)
    tick = progress(len(files)) if progress is not None else None
    if fix is not None:  # --fix and --diff read, rewrite and check each input in turn
        _fix_all(outcome, files, options, fix, max(1, jobs), stdin_name, keep_going)
        files = []
    for result in _results(files, options, max(1, jobs), stdin_name, keep_going):
        if isinstance(result, InputError):
            outcome.input_errors.append(result)
        else:
            outcome.results.append(result)
        if tick is not None:
            tick()
    outcome.results.sort(key=lambda r: r.path)
    outcome.input_errors.sort(key=lambda e: e.path)
    return outcome


def _fix_all(
    outcome: Outcome,
    files: Sequence[str],
    options: Options,
    fix: tuple[bool, bool],
    jobs: int,
    stdin_name: str,
    keep_going: bool,
) -> None:
    """``--fix`` or ``--diff`` each file in turn (broadcheck.fixing), into ``outcome``."""
    from broadcheck.fixing import fix_one

    write, unsafe = fix
    for path in files:
        try:
            done = fix_one(path, options, stdin_name, unsafe, write, jobs)
        except InternalError as err:
            if not keep_going:
                raise
            outcome.input_errors.append(failed(err))
            continue
        if isinstance(done, InputError):
            outcome.input_errors.append(done)
            continue
        outcome.results.append(done.result)
        outcome.fixed += done.fixed
        if done.failure is not None:
            outcome.input_errors.append(done.failure)
        if done.written:
            outcome.written.append(done.result.path)
        elif done.changed and done.before is not None and done.after is not None:
            outcome.changes.append((done.result.path, done.before, done.after))
        if path == STDIN:
            outcome.stdin_output = done.output


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
