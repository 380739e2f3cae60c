"""Check many files: expand paths, honour ``exclude``, run serially or in parallel.

The output never depends on scheduling: results come back ordered by path, so
``-j 1`` and ``-j N`` print the same bytes.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator, Sequence

from broadcheck.diagnostics import Diagnostic, Result
from broadcheck.engine.options import Options
from broadcheck.inputs import (
    STDIN,
    InputError,
    InternalError,
    NotFollowed,
    NothingFound,
    decode_error,
    expand,
    is_stream,
    load_stream,
    read_blocks,
)

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from multiprocessing.context import BaseContext
    from pathlib import Path

    from broadcheck.cache import Cache, Hashing
    from broadcheck.engine.forms import Form
    from broadcheck.engine.run import FileRun, Memory
    from broadcheck.text import Source

Reading = Callable[[str, int], "Callable[[int], None] | None"]
"""``reading(path, size)``: a callback to advance by the bytes read of ``path`` as it is
checked (a progress bar for one large file), or None."""


class Outcome:
    """Everything a run produced: a result per file checked, and the paths that failed to read."""

    __slots__ = (
        "cached",
        "changes",
        "excluded",
        "files",
        "fixed",
        "input_errors",
        "not_followed",
        "nothing_found",
        "results",
        "stdin_output",
        "written",
    )

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
        self.cached = 0
        """How many results came from the cache."""
        self.files: list[str] = []
        """The files to check, in the order they were found (``--show-files``)."""
        self.not_followed: list[NotFollowed] = []
        """What walks did not go into: directory symlinks, ignore files not read (``-v``)."""


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


def check_one(
    path: str,
    options: Options,
    stdin_name: str,
    jobs: int = 1,
    hashing: Hashing | None = None,
    advance: Callable[[int], None] | None = None,
    memory: Memory | None = None,
) -> Result | InputError:
    """Read, decode and check one path; a file is read in blocks, so memory stays flat.
    ``hashing`` gets the bytes of a file as they are read (for the cache), ``advance`` their count;
    ``memory`` is what the run has read so far (its files share their statements' forms)."""
    if path == STDIN or is_stream(path):  # read once, into memory
        loaded = load_stream(path, stdin_name)
        if isinstance(loaded, InputError):
            return loaded
        source, decode_problem = loaded
        if decode_problem is not None:
            return _of(source, [decode_problem])
        try:
            return check_source(source.path, source.text, options, memory)
        except Exception as err:
            raise InternalError(source.path) from err
    from broadcheck.engine.run import FileRun  # not on a cached file's run

    stream = FileRun(path, options, memory, lines=lambda numbers: _lines_of(path, numbers))
    try:
        failed = feed(stream, path, 0, None, final=True, hashing=hashing, advance=advance)
    except OSError as err:
        return InputError(path, err.strerror or str(err))
    except Exception as err:
        raise InternalError(path) from err
    if failed is not None:
        return failed
    try:
        result = stream.finish()
        forms, taken = stream.memory.forms, stream.scanner.taken
        vars(stream).clear()  # (its stages go before the fix stage reads: 1 MB of gen 100k's peak, issue 31)
        if result.diagnostics and any(d.severity == "error" for d in result.diagnostics):
            result.diagnostics = _with_fixes(path, result.diagnostics, options, forms, taken)
        return result
    except Exception as err:
        raise InternalError(path) from err


def check_source(path: str, text: str, options: Options, memory: Memory | None = None) -> Result:
    """Check one source held in memory as :func:`check_one` checks a file: with its fixes, and
    each module's parse errors first (the engine orders them)."""
    from broadcheck.engine.run import FileRun, Memory

    memory = memory if memory is not None else Memory()
    lines = text.split("\n")
    run = FileRun(
        path,
        options,
        memory,
        lambda numbers: {n: lines[n - 1].removesuffix("\r") for n in numbers if 0 < n <= len(lines)},
    )
    run.feed(text, final=True)
    result = run.finish()
    if any(d.severity == "error" for d in result.diagnostics):
        from broadcheck.engine.fix import with_fixes

        result.diagnostics = with_fixes(text, result.diagnostics, options, memory.forms, run.scanner.taken)
    return result


def _of(source: Source, diagnostics: list[Diagnostic]) -> Result:
    return Result.of(source.path, dict(enumerate(source.lines, 1)), diagnostics)


def _lines_of(path: str, numbers: Iterable[int]) -> dict[int, str]:
    """Lines of a file, read again (for a note that points at a line read long before)."""
    wanted = set(numbers)
    found: dict[int, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace", newline="") as f:  # (not utf-8-sig: its codec's import)
            for number, line in enumerate(f, 1):
                if number in wanted:
                    found[number] = line.rstrip("\r\n").removeprefix("\ufeff" if number == 1 else "")
                    if len(found) == len(wanted):
                        break
    except OSError:
        pass
    return found


def feed(
    stream: FileRun,
    path: str,
    start: int,
    stop: int | None,
    final: bool,
    hashing: Hashing | None = None,
    advance: Callable[[int], None] | None = None,
) -> Result | None:
    """Feed ``[start, stop)`` of ``path`` to ``stream``; a result if a block is not UTF-8."""
    blocks: Iterator[bytes] = read_blocks(path, start=start, stop=stop)
    if hashing is not None or advance is not None:
        blocks = _watched(blocks, hashing, advance)
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
        block = b""  # the bytes go before the block is checked (a frozen graph's line is 10 MB)
        given, text = [text], ""  # and the text is the reader's alone (it lets it go once it is cut)
        stream.feed(given, final=final and following is None)
        if following is None:
            return None
        block = following


def _watched(
    blocks: Iterator[bytes], hashing: Hashing | None, advance: Callable[[int], None] | None
) -> Iterator[bytes]:
    for block in blocks:
        if hashing is not None:
            hashing.update(block)
        if advance is not None:
            advance(len(block))
        yield block


def _with_fixes(
    path: str, diagnostics: list[Diagnostic], options: Options, forms: dict[object, Form], taken: bytearray
) -> list[Diagnostic]:
    """Attach fixes: the file is read again only when a problem has a fix to plan, a page at a
    time, never whole (its statements' forms are the check's, ``taken`` the lines it took whole)."""
    from broadcheck.engine.fix import Paged, with_fixes
    from broadcheck.engine.forms import let_shared_go

    let_shared_go()  # (the check's end: its table goes before the fix stage's peak)
    try:
        return with_fixes(Paged(path), diagnostics, options, forms, taken)
    except (OSError, UnicodeDecodeError):
        return diagnostics


PARALLEL_MIN_FILES = 8

NO_CODE = "-"
"""A ``select`` prefix no code starts with: what is left when per-file ignores cover every selected prefix."""


class Checking:
    """How each file of a run is checked: the options, the ``per-file-ignores`` that extend them
    for some files, the cache. Sent once to each ``-j`` worker."""

    __slots__ = ("_memory", "cache", "keep_going", "options", "per_file", "root", "stdin_name")

    def __init__(
        self,
        options: Options,
        per_file: Sequence[tuple[str, tuple[str, ...]]] = (),
        root: Path | None = None,
        cache: Cache | None = None,
        stdin_name: str = "<stdin>",
        keep_going: bool = True,
    ) -> None:
        self.options, self.per_file, self.root, self.cache = options, tuple(per_file), root, cache
        self.stdin_name, self.keep_going = stdin_name, keep_going
        self._memory: Memory | None = None

    @property
    def memory(self) -> Memory:
        """What this process has read in the run (each ``-j`` worker has its own)."""
        if self._memory is None:
            from broadcheck.engine.run import Memory

            self._memory = Memory()
        self._memory.trim()
        return self._memory

    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.__slots__ if name != "_memory"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._memory = None

    def options_for(self, path: str) -> Options:
        """The options for ``path``: the run's, with the codes of each ``per-file-ignores``
        pattern that matches it added to ``ignore``. As in ruff, a per-file ignore wins over any
        ``select``, however specific: the selected prefixes it covers are dropped (``select =
        ["BC2", "BC101"]`` with ``"legacy/*" = ["BC1"]`` reports only BC2 codes there)."""
        if not self.per_file or path == STDIN:
            return self.options
        from pathlib import Path

        root = self.root if self.root is not None else Path.cwd()
        extra = tuple(c for pattern, codes in self.per_file if excluded(path, (pattern,), root) for c in codes)
        if not extra:
            return self.options
        from dataclasses import replace

        select = self.options.select
        if select:
            kept = tuple(p for p in select if not p.startswith(extra))
            select = kept or (NO_CODE,)
        return replace(self.options, select=select, ignore=(*self.options.ignore, *extra))

    def check(
        self, path: str, jobs: int = 1, advance: Callable[[int], None] | None = None
    ) -> tuple[Result | InputError, bool]:
        """:func:`check_one` through the cache (for a regular file); and whether the result
        came from it. An internal error is the file's failure, unless not ``keep_going``."""
        options = self.options_for(path)
        try:
            if self.cache is None or path == STDIN or is_stream(path):
                return check_one(path, options, self.stdin_name, jobs, advance=advance, memory=self.memory), False
            from broadcheck.cache import cached_check

            def fresh(hashing: Hashing) -> Result | InputError:
                return check_one(path, options, self.stdin_name, jobs, hashing, advance, self.memory)

            return cached_check(path, options, self.cache, fresh)
        except InternalError as err:
            if not self.keep_going:
                raise
            return failed(err), False


_worker: Checking | None = None


def _init_worker(checking: Checking) -> None:
    import signal

    global _worker
    _worker = checking
    # Ctrl-C reaches the whole process group: the parent alone handles it (exit 130).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in (signal.SIGTERM, signal.SIGHUP):  # the pool ends its workers with SIGTERM
        signal.signal(number, signal.SIG_DFL)


def _check_in_worker(path: str) -> tuple[Result | InputError, bool]:
    assert _worker is not None
    return _worker.check(path)


def _pool_context() -> BaseContext:
    """How the ``-j`` workers start: the platform's way, but never ``fork`` from a process with
    other threads (a test runner's, an editor's, a program calling the API from a thread): a
    lock one of them holds at the fork stays held in the child for ever."""
    import multiprocessing
    import threading

    method = multiprocessing.get_start_method()
    if method == "fork" and threading.active_count() > 1:
        method = "forkserver"
    return multiprocessing.get_context(method)


def failed(err: InternalError) -> InputError:
    """An internal error while checking one file, as the run reports it (and goes on)."""
    cause = err.__cause__ if err.__cause__ is not None else err
    text = str(cause).split("\n", 1)[0]
    return InputError(err.path, f"{type(cause).__name__}: {text[:500]}" if text else type(cause).__name__, "check")


LARGE = 8 << 20
"""A file this large gets a progress bar of its own, by bytes read (``reading``)."""

SMALL_RUN = 1 << 20
"""Files this small in all are checked in this process when ``-j`` is not given: a pool's
workers cost CPU of their own (their start, the forms and dialects the files share read again
in each, every result sent back), about a third more CPU than checking bench/testfiles.py's 80
test files (550 KB, 852 parts) in one process. An explicit ``-j N`` always gets its workers."""


def _small(files: Sequence[str]) -> bool:
    """Whether the regular files among ``files`` hold less than :data:`SMALL_RUN` bytes in all."""
    total = 0
    for path in files:
        if path == STDIN:
            continue
        try:
            total += os.stat(path).st_size
        except (OSError, ValueError):
            continue
        if total >= SMALL_RUN:
            return False
    return True


def _results(
    files: Sequence[str], checking: Checking, jobs: int, reading: Reading | None = None
) -> Iterator[tuple[Result | InputError, bool]]:
    disk = [f for f in files if f != STDIN]
    # A process pool costs more to start than a few small files take to check.
    if jobs <= 1 or len(disk) < PARALLEL_MIN_FILES:
        for path in files:  # a few files: each large one is split across the cores instead
            yield checking.check(path, jobs, _reader(path, reading))
        return
    if STDIN in files:  # stdin can only be read here, in the parent
        yield checking.check(STDIN, 1)
    from concurrent.futures import ProcessPoolExecutor

    chunksize = max(1, min(64, len(disk) // (jobs * 8)))
    pool = ProcessPoolExecutor(
        max_workers=jobs, mp_context=_pool_context(), initializer=_init_worker, initargs=(checking,)
    )
    try:
        yield from pool.map(_check_in_worker, disk, chunksize=chunksize)
    except BaseException:  # Ctrl-C or an internal error: do not wait for the files still queued
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _reader(path: str, reading: Reading | None) -> Callable[[int], None] | None:
    """A byte counter for a large regular file, if ``reading`` wants one."""
    if reading is None or path == STDIN:
        return None
    try:
        size = os.stat(path).st_size
    except (OSError, ValueError):
        return None
    return reading(path, size) if size >= LARGE else None


def run(
    paths: Sequence[str],
    options: Options,
    exclude: Sequence[str] = (),
    root: Path | None = None,
    jobs: int | None = 1,
    stdin_name: str = "<stdin>",
    progress: Callable[[int], Callable[[], None] | None] | None = None,
    fix: tuple[bool, bool] | None = None,
    keep_going: bool = True,
    cache: Cache | None = None,
    per_file_ignores: Sequence[tuple[str, tuple[str, ...]]] = (),
    respect_ignores: bool = True,
    reading: Reading | None = None,
    list_only: bool = False,
) -> Outcome:
    """Check every file ``paths`` name; ``progress(total)`` returns a per-file tick, if given,
    and ``reading`` a byte counter for a large file. ``jobs`` None: every core, unless the
    files are small in all (:data:`SMALL_RUN`).

    ``fix`` is ``(write, unsafe)`` for ``--fix`` (write) or ``--diff``. An internal error while
    checking a file is that file's failure, and the others are still checked, unless
    ``keep_going`` is false (``--debug``: it is raised, with its traceback). ``cache`` serves
    and keeps results (never for ``--fix``, ``--diff`` or standard input); ``per_file_ignores``
    adds codes to ``ignore`` for the files a glob matches; ``respect_ignores`` skips in walks
    what ``.gitignore`` and ``.ignore`` files say. With ``list_only``, files are found and
    nothing is checked (``--show-files``).
    """
    if root is None and (exclude or per_file_ignores):
        from pathlib import Path

        root = Path.cwd()
    outcome = Outcome()
    files: list[str] = []
    for item in expand(tuple(paths), respect_ignores):
        if isinstance(item, InputError):
            if root is not None and excluded(item.path, exclude, root):
                outcome.excluded += 1  # excluded: not read, so not an error (a FIFO, say)
            else:
                outcome.input_errors.append(item)
        elif isinstance(item, NothingFound):
            outcome.nothing_found.append(item.path)
        elif isinstance(item, NotFollowed):
            if root is None or not excluded(item.path, exclude, root):
                outcome.not_followed.append(item)
        elif root is not None and excluded(item, exclude, root):
            outcome.excluded += 1
        else:
            files.append(item)
    outcome.files = list(files)
    if list_only:
        return outcome
    if jobs is None:
        jobs = 1 if _small(files) else default_jobs()
    checking = Checking(options, per_file_ignores, root, cache if fix is None else None, stdin_name, keep_going)
    tick = progress(len(files)) if progress is not None else None
    if fix is not None:  # --fix and --diff read, rewrite and check each input in turn
        _fix_all(outcome, files, checking, fix, max(1, jobs))
        files = []
    for result, from_cache in _results(files, checking, max(1, jobs), reading if tick is None else None):
        if isinstance(result, InputError):
            outcome.input_errors.append(result)
        else:
            outcome.results.append(result)
        outcome.cached += from_cache
        if tick is not None:
            tick()
    outcome.results.sort(key=lambda r: r.path)
    outcome.input_errors.sort(key=lambda e: e.path)
    return outcome


def _fix_all(outcome: Outcome, files: Sequence[str], checking: Checking, fix: tuple[bool, bool], jobs: int) -> None:
    """``--fix`` or ``--diff`` each file in turn (broadcheck.fixing), into ``outcome``."""
    from broadcheck.fixing import fix_one

    write, unsafe = fix
    for path in files:
        try:
            done = fix_one(path, checking.options_for(path), checking.stdin_name, unsafe, write, check_one, jobs)
        except InternalError as err:
            if not checking.keep_going:
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
