"""``check`` without click: its body, the process's exit and signals, and the fast command line.

``broadcheck check FILE...`` is the common path, and importing click alone cost as much CPU
as four ``python -c pass`` (issue 31). So the program's entry point (``broadcheck.__main__``)
reads the plain forms of ``check``'s command line itself (:func:`parse_check`, held to the
click command's declarations by ``tests/test_fast_cli.py``) and runs :func:`run_check` here;
every other command line (another command, ``--help``, an option or form it does not take,
a usage error) goes to the click command in ``broadcheck.cli`` unchanged. click is imported
here only to word a usage error or print a message, as the click command would.
"""

from __future__ import annotations

import _signal as signal  # type: ignore[import-not-found]  # built in: signal.py's enums cost 0.1x a start
import gc
import io
import sys
from collections.abc import Callable, Iterator, Sequence

# Run as the program, the package (the first of broadcheck's code to run) has already made a
# signal end the process quietly; the handler is the same function here, to be replaced below.
from broadcheck import _quit_while_starting
from broadcheck.config import DEFAULT_SPLIT_MARKER, OUTPUT_FORMATS, PROFILES

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any, NoReturn, TextIO

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130


def _started_as_program() -> bool:
    """Whether this process is broadcheck itself (the console script or ``python -m``), not a
    program that imports it (the tests): only then are its signal handlers broadcheck's."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    return getattr(spec, "name", None) == "broadcheck.__main__" or (
        str(getattr(main, "__file__", "")).replace("\\", "/").rsplit("/", 1)[-1] in ("broadcheck", "broadcheck.exe")
    )


_program = _started_as_program()
if _program:
    for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
        _number = getattr(signal, _name, None)
        if _number is not None and signal.getsignal(_number) in (signal.SIG_DFL, signal.default_int_handler):
            signal.signal(_number, _quit_while_starting)


def _age() -> None:
    """Count every object made so far as old, without a collection: gc.freeze() then
    gc.unfreeze() moves them all to the oldest generation, which is collected least often.
    Not when the process has frozen objects of its own (unfreeze would release them)."""
    if not gc.get_freeze_count():
        gc.freeze()
        gc.unfreeze()


_debug = False
"""The group's ``--debug`` (set by ``broadcheck.cli``): an internal error shows its traceback."""
_paused = False
"""Whether main() paused the garbage collector for the start-up (see :func:`_start_checking`)."""


def _echo(message: str | None = None, err: bool = False, nl: bool = True) -> None:
    """``click.echo``, as the click command printed it (click is loaded only when something is said)."""
    import click

    click.echo(message, err=err, nl=nl)


def _bad_parameter(message: str, hint: str) -> Exception:
    """click's ``BadParameter``: the click command words it (see :func:`run_program`)."""
    import click

    return click.BadParameter(message, param_hint=hint)


def _usage_error(message: str) -> Exception:
    """click's ``UsageError``: the click command words it (see :func:`run_program`)."""
    import click

    return click.UsageError(message)


# ---------------------------------------------------------------- the fast command line

FLAG, SWITCH, VALUE, MANY, COUNT, JOBS = "flag", "switch", "value", "many", "count", "jobs"
"""How an option of ``check`` is read: a flag (True when given), one of a pair of switches
(``--verify-diagnostics``, ``--no-verify-diagnostics``: its value when given), a value (the last
given), a value given any number of times (a tuple), a count (``-q``), a number of jobs (an
integer >= 1)."""

FAST_OPTIONS: dict[str, tuple[str, str, tuple[str, ...] | bool | None]] = {
    "--profile": ("profile", VALUE, PROFILES),
    "--op": ("op_specs", MANY, None),
    "--output-format": ("output_format", VALUE, OUTPUT_FORMATS),
    "--split-input-file": ("split_marker", VALUE, None),
    "--verify-diagnostics": ("verify_diagnostics", SWITCH, True),
    "--no-verify-diagnostics": ("verify_diagnostics", SWITCH, False),
    "--select": ("select", MANY, None),
    "--extend-select": ("extend_select", MANY, None),
    "--ignore": ("ignore", MANY, None),
    "--per-file-ignores": ("per_file_ignores", MANY, None),
    "--exclude": ("exclude", MANY, None),
    "--extend-exclude": ("extend_exclude", MANY, None),
    "--respect-gitignore": ("respect_gitignore", SWITCH, True),
    "--no-respect-gitignore": ("respect_gitignore", SWITCH, False),
    "--exit-zero": ("exit_zero", FLAG, True),
    "--statistics": ("statistics", FLAG, True),
    "--fix": ("fix", FLAG, True),
    "--unsafe-fixes": ("unsafe_fixes", FLAG, True),
    "--diff": ("diff", FLAG, True),
    "--show-skipped": ("show_skipped", FLAG, True),
    "-j": ("jobs", JOBS, None),
    "--jobs": ("jobs", JOBS, None),
    "--isolated": ("isolated", FLAG, True),
    "--stdin-filename": ("stdin_filename", VALUE, None),
    "--no-cache": ("no_cache", FLAG, True),
    "-q": ("quiet", COUNT, None),
    "--quiet": ("quiet", COUNT, None),
    "-v": ("verbose", FLAG, True),
    "--verbose": ("verbose", FLAG, True),
    "--color": ("color", VALUE, ("auto", "always", "never")),
    "--show-settings": ("show_settings", FLAG, True),
    "--show-files": ("show_files", FLAG, True),
}
"""The options of ``check`` read here, each with its parameter, its kind and its choices (a
value) or the value it gives (a flag or switch). ``broadcheck.cli``'s ``check`` declares them;
``tests/test_fast_cli.py`` holds this table to those declarations, option by option."""

CLICK_ONLY = ("--output-file", "--config", "--cache-dir", "-h", "--help")
"""``check``'s options left to click: paths it checks as it reads them (a directory given as
``--output-file``, ...), and the help."""

DEFAULTS: dict[str, object] = {
    "paths": (),
    "profile": None,
    "op_specs": (),
    "output_format": None,
    "output_file": None,
    "split_marker": None,
    "verify_diagnostics": None,
    "select": (),
    "extend_select": (),
    "ignore": (),
    "per_file_ignores": (),
    "exclude": (),
    "extend_exclude": (),
    "respect_gitignore": None,
    "exit_zero": False,
    "statistics": False,
    "fix": False,
    "unsafe_fixes": False,
    "diff": False,
    "show_skipped": False,
    "jobs": None,
    "config_path": None,
    "isolated": False,
    "stdin_filename": "<stdin>",
    "cache_dir": None,
    "no_cache": False,
    "quiet": 0,
    "verbose": False,
    "color": "auto",
    "show_settings": False,
    "show_files": False,
}
"""What the click command gives ``check`` for an option not given (held to it by the tests)."""

REFINE_OPTIONS: dict[str, tuple[str, str, tuple[str, ...] | bool | None]] = {
    "--arg": ("args", MANY, None),
    "--dim": ("dims", MANY, None),
    "-i": ("in_place", FLAG, True),
    "--in-place": ("in_place", FLAG, True),
    "--diff": ("diff", FLAG, True),
    "--profile": ("profile", VALUE, PROFILES),
    "--output-format": ("output_format", VALUE, OUTPUT_FORMATS),
    "--stdin-filename": ("stdin_filename", VALUE, None),
    "-q": ("quiet", COUNT, None),
    "--quiet": ("quiet", COUNT, None),
    "--color": ("color", VALUE, ("auto", "always", "never")),
}
"""The options of ``refine`` read here (as :data:`FAST_OPTIONS` are ``check``'s), held to
``broadcheck.cli``'s ``refine`` by ``tests/test_fast_cli.py``."""

REFINE_CLICK_ONLY = ("--output-file", "-h", "--help")
"""``refine``'s options left to click (a path it checks as it reads it, and the help)."""

REFINE_DEFAULTS: dict[str, object] = {
    "path": None,
    "args": (),
    "dims": (),
    "in_place": False,
    "diff": False,
    "profile": "spec",
    "output_format": "full",
    "output_file": None,
    "stdin_filename": "<stdin>",
    "quiet": 0,
    "color": "auto",
}
"""What the click command gives ``refine`` for an option not given (held to it by the tests)."""

ENVVARS = ("BROADCHECK_CACHE_DIR", "BROADCHECK_NO_CACHE")
"""The variables ``check``'s options read (``--cache-dir``, ``--no-cache``), read here as click reads them."""

COMPLETION = "_BROADCHECK_COMPLETE"
"""Set by a shell asking click to complete a word: the click command answers."""

TRUE, FALSE = ("1", "true", "t", "yes", "y", "on"), ("0", "false", "f", "no", "n", "off")
"""The words click's boolean type reads (stripped, in any case) from a variable."""


def parse_check(argv: Sequence[str], environ: dict[str, str] | None = None) -> dict[str, Any] | None:
    """``check``'s parameters from ``argv`` (the arguments after the program's name), as the click
    command would pass them; ``None`` for every command line this does not read exactly (another
    command, an option or form it does not take, a value click would refuse, ``--help``), which
    then goes to the click command."""
    import os

    env = os.environ if environ is None else environ
    if not argv or argv[0] != "check" or env.get(COMPLETION):
        return None
    params: dict[str, Any] = dict(DEFAULTS)
    paths = _read_options(argv[1:], FAST_OPTIONS, params)
    if paths is None:
        return None
    params["paths"] = tuple(paths)
    # The variables, where the option is not given (click reads them only then).
    no_cache = env.get("BROADCHECK_NO_CACHE")
    if no_cache and not params["no_cache"]:  # an empty variable is no variable
        word = no_cache.strip().lower()
        if word not in TRUE and word not in FALSE:
            return None  # click's error
        params["no_cache"] = word in TRUE
    cache_dir = env.get("BROADCHECK_CACHE_DIR")
    if cache_dir:  # (--cache-dir is left to click)
        if _a_file(cache_dir):
            return None  # click's error: the cache directory is a file
        params["cache_dir"] = cache_dir
    return params


def parse_refine(argv: Sequence[str], environ: dict[str, str] | None = None) -> dict[str, Any] | None:
    """``refine``'s parameters from ``argv``, as the click command would pass them, or ``None``
    (as :func:`parse_check`): one ``FILE`` and the options of :data:`REFINE_OPTIONS`."""
    import os

    env = os.environ if environ is None else environ
    if not argv or argv[0] != "refine" or env.get(COMPLETION):
        return None
    params: dict[str, Any] = dict(REFINE_DEFAULTS)
    paths = _read_options(argv[1:], REFINE_OPTIONS, params)
    if paths is None or len(paths) != 1:
        return None  # (no FILE, or more than one: click's error)
    params["path"] = paths[0]
    return params


def _read_options(
    args: Sequence[str], table: dict[str, tuple[str, str, tuple[str, ...] | bool | None]], params: dict[str, Any]
) -> list[str] | None:
    """Read the options of ``table`` in ``args`` into ``params`` as click would; the other words
    (the paths), or ``None`` for a command line click must read (see :func:`parse_check`)."""
    paths: list[str] = []
    many: dict[str, list[str]] = {}
    index = 0
    while index < len(args):
        arg = args[index]
        index += 1
        if arg == "-" or not arg.startswith("-"):
            if not arg:
                return None  # click's Path takes it; its meaning is click's to say
            paths.append(arg)
            continue
        name, eq, value = arg.partition("=")
        if len(arg) > 2 and arg[0] == "-" and arg[1] == "q" and arg[1:] == "q" * (len(arg) - 1):
            params["quiet"] += len(arg) - 1  # -q, -qq
            continue
        spec = table.get(name)
        if spec is None or (name == "-q" and eq):
            return None
        param, kind, extra = spec
        if kind in (FLAG, SWITCH, COUNT):
            if eq:
                return None  # `--fix=1`: click's error
            params[param] = params[param] + 1 if kind == COUNT else extra
            continue
        if not eq:
            if name == "--split-input-file":
                value = DEFAULT_SPLIT_MARKER  # bare: the default marker (the next word is a path)
            elif index < len(args):
                value = args[index]
                index += 1
            else:
                return None  # a missing value: click's error
        if (not eq and value.startswith("-")) or value == "":
            return None  # a value that looks like an option, or is empty: click's to judge
        if kind == MANY:
            many.setdefault(param, []).append(value)
        elif kind == JOBS:
            if not (value.isascii() and value.isdigit()) or int(value) < 1:
                return None
            params[param] = int(value)
        else:
            if isinstance(extra, tuple) and value not in extra:
                return None
            params[param] = value
    for param, values in many.items():
        params[param] = tuple(values)
    return paths


def _a_file(path: str) -> bool:
    """Whether ``path`` is a file (where a directory is wanted: click's ``Path(file_okay=False)``)."""
    import os
    import stat

    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


class _Redo(BaseException):
    """The fast path met what only the click command words (a usage error): nothing has been
    printed yet, and the click command is to read the same command line."""


def run_program(
    params: dict[str, Any], run: Callable[..., object] | None = None, collecting: bool | None = None
) -> None:
    """Run ``check`` (or ``run``: :func:`run_refine`) with ``params`` as the program and end the
    process; return (having printed nothing) only when the click command must run the command
    line instead. ``collecting``: whether the garbage collector was on when the program started
    (``broadcheck.__main__`` pauses it from its first line; by default, whether it is on now)."""
    global _paused
    if gc.isenabled() if collecting is None else collecting:
        gc.disable()  # until checking starts: what is loaded until then is not garbage
        _paused = True
    try:
        code = guarded(lambda: _fast_check(params, run or run_check), lambda err: None)
    except _Redo:
        return
    _exit(code)


def _fast_check(params: dict[str, Any], run: Callable[..., object]) -> None:
    """:func:`run_check` (or ``run``), with what click's ``main`` does around a command: a usage
    error goes back to the click command (:class:`_Redo`), Ctrl-C or end of input is an abort (a
    blank line on stderr, exit 130), a reader that went away ends quietly with exit 1."""
    import errno

    try:
        run(**params)
    except (EOFError, KeyboardInterrupt):
        _echo(err=True)
        raise SystemExit(EXIT_INTERRUPTED) from None
    except OSError as err:
        if err.errno != errno.EPIPE:
            raise
        from click.utils import _PacifyFlushWrapper

        sys.stdout = _PacifyFlushWrapper(sys.stdout)
        sys.stderr = _PacifyFlushWrapper(sys.stderr)
        raise SystemExit(EXIT_PROBLEMS) from None
    except Exception as err:
        click = sys.modules.get("click")
        if click is not None and isinstance(err, click.ClickException):
            raise _Redo from None
        raise


def guarded(invoke: Callable[[], object], translate: Callable[[Exception], int | None]) -> int | str | None:
    """Run a command (``invoke``); the exit code (or what ``sys.exit`` was given). Every
    unexpected error is caught here, once: it is reported as an internal error naming the
    input, exit 2, with no traceback unless ``--debug``. ``translate`` gives the code of an
    error the caller words itself (click's), or ``None``."""
    import os

    global _raising
    for stream in (sys.stdout, sys.stderr):
        # An output that cannot encode a character (PYTHONIOENCODING=ascii, a C locale)
        # gets it escaped (`\u2500`), never an error; renderers pick ASCII glyphs there.
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")
    # SIGTERM and SIGHUP end the run as Ctrl-C does, so that temporary files go (unless the
    # caller chose to ignore them, as nohup does). Before and after the command runs, a
    # signal ends the process at once, quietly (see _interrupted).
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        handler = signal.getsignal(number) if number is not None else None
        if number is not None and (name == "SIGINT" or handler in (signal.SIG_DFL, _quit_while_starting)):
            signal.signal(number, _interrupted)
    try:
        try:
            _raising = True
            invoke()
        finally:
            _raising = False  # before the handlers below run: a signal now ends the process
    except SystemExit as done:
        return done.code
    except Interrupted as stop:
        # Ctrl-C, SIGTERM, SIGHUP: stop quietly with the shell's code for the signal (128 + 2
        # for SIGINT), never the code for "problems found".
        return 128 + stop.signum
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`broadcheck check big/ | head -1`): stop quietly,
        # with exit 1 as click and Rich do when they see it first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PROBLEMS
    except Exception as err:
        code = translate(err)
        if code is not None:
            return code
        if _debug or os.environ.get("BROADCHECK_DEBUG"):
            raise
        # Checking files raises InternalError; a command that checks none never loads the runner.
        runner = sys.modules.get("broadcheck.runner")
        internal = runner is not None and isinstance(err, runner.InternalError)
        cause = err.__cause__ if internal and err.__cause__ is not None else err
        where = f" while checking '{getattr(err, 'path', '')}'" if internal else ""
        _echo(
            f"broadcheck: internal error{where}: {type(cause).__name__}: {cause}\n"
            f"This is a bug in broadcheck. {_REPORT_BUG}",
            err=True,
        )
        return EXIT_ERROR
    return EXIT_CLEAN


# ---------------------------------------------------------------- check


def run_check(
    paths: tuple[str, ...],
    profile: str | None,
    op_specs: tuple[str, ...],
    output_format: str | None,
    output_file: str | None,
    split_marker: str | None,
    verify_diagnostics: bool | None,
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    per_file_ignores: tuple[str, ...],
    exclude: tuple[str, ...],
    extend_exclude: tuple[str, ...],
    respect_gitignore: bool | None,
    exit_zero: bool,
    statistics: bool,
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    show_skipped: bool,
    jobs: int | None,
    config_path: str | None,
    isolated: bool,
    stdin_filename: str,
    cache_dir: str | None,
    no_cache: bool,
    quiet: int,
    verbose: bool,
    color: str,
    show_settings: bool,
    show_files: bool,
) -> None:
    """``check``: check PATHS with the options given (the click command's parameters, see :data:`DEFAULTS`)."""
    import os

    from broadcheck import config, report, runner
    from broadcheck.engine.options import Options
    from broadcheck.optable import OpTable
    from broadcheck.semantics import Profile, registry
    from broadcheck.text import check_marker

    paths = paths or (".",)  # as ruff: no path checks the current directory
    if split_marker is not None and (why := check_marker(split_marker)) is not None:
        raise _bad_parameter(why, "'--split-input-file'")
    try:
        settings = config.load(config_path, isolated, os.getcwd(), registry(), _Codes())
    except config.ConfigError as err:
        _fail(report.shown(str(err)))
    settings = settings.merged(
        profile=profile,
        output_format=output_format,
        split_input_file=split_marker,
        verify_diagnostics=verify_diagnostics,
        select=_codes(select, "--select"),
        ignore=_codes(ignore, "--ignore"),
        respect_gitignore=respect_gitignore,
        cache_dir=cache_dir,
    )
    more_select = _codes(extend_select, "--extend-select")
    more_ignores = _per_file(per_file_ignores)
    settings = settings.merged(
        extend_select=(*settings.extend_select, *more_select) if more_select else None,
        extend_exclude=(*settings.extend_exclude, *exclude, *extend_exclude) if exclude or extend_exclude else None,
        per_file_ignores=(*settings.per_file_ignores, *more_ignores) if more_ignores else None,
    )
    if (fix or diff) and settings.verify_diagnostics:
        raise _usage_error("--fix and --diff cannot be combined with --verify-diagnostics")
    fmt = settings.output_format or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "full")
    _usage_of_outputs(paths, fmt, settings.output_format, fix and not diff, diff, statistics, output_file)
    fix_stdin = fix and not diff and STDIN in paths
    options = Options(
        Profile(settings.profile),
        OpTable([*settings.ops, *_op_patterns(op_specs)]),
        settings.split_input_file,
        settings.verify_diagnostics,
        settings.selected_codes,
        settings.ignore,
    )
    cache = None
    if not no_cache:
        from broadcheck.cache import Cache, location

        cache = Cache(location(settings.cache_dir, settings.root))
    if cache is not None and cache.warning is not None and quiet < 2:
        _echo(f"broadcheck: warning: {report.shown(cache.warning)}", err=True)
    if show_settings:
        _echo(report.settings_text(settings, options, cache.directory if cache is not None else None), nl=False)
        sys.exit(EXIT_CLEAN)
    _start_checking(CHECK_YOUNG)
    patterns = list(settings.excluded_globs)
    root = None
    if patterns or settings.per_file_ignores:  # only globs need the root they are anchored at
        from pathlib import Path

        root = Path(settings.root)
    watched = fmt in ("full", "concise") and not fix_stdin and quiet < 2
    if verbose:
        _tell_settings(settings, cache)
    import time

    started = time.perf_counter()
    outcome = runner.run(
        paths,
        options,
        exclude=patterns,
        root=root,
        jobs=jobs,
        stdin_name=stdin_filename,
        progress=_progress(watched and not show_files),
        fix=(fix and not diff, unsafe_fixes) if fix or diff else None,
        keep_going=not _debug,
        cache=cache,
        per_file_ignores=settings.per_file_ignores,
        respect_ignores=settings.respect_gitignore,
        reading=_reading(watched and not show_files),
        list_only=show_files,
    )
    if show_files:
        for name in outcome.files:
            _echo(report.shown(name))
        _tell_input_errors(outcome)
        sys.exit(EXIT_ERROR if outcome.input_errors else EXIT_CLEAN)
    if cache is not None and not (fix or diff) and len(outcome.files) > outcome.cached:
        cache.prune()  # entries were written: keep the cache within its bound
    if verbose:
        _tell_run(outcome, cache, time.perf_counter() - started)
    if diff:
        sys.exit(_print_diffs(outcome, unsafe_fixes, quiet))
    if fix_stdin:
        # An editor's `broadcheck check --fix - < buf > buf.new`: standard output holds the
        # (possibly unchanged) source alone; the report goes to --output-file or stderr.
        if outcome.stdin_output is not None:
            _write_stdout_bytes(outcome.stdin_output)
        fmt = settings.output_format or "concise"
    text_out = sys.stderr if fix_stdin else sys.stdout
    painted = {"always": True, "never": False}.get(color)
    written = (
        _write_report(outcome, fmt, output_file, text_out, statistics, show_skipped, fix, unsafe_fixes, quiet, painted)
        if quiet < 2
        else True
    )
    _tell_input_errors(outcome)
    if quiet < 2:
        for empty in outcome.nothing_found:
            _echo(f"broadcheck: warning: no .mlir files found under '{report.shown(empty)}'", err=True)
        if outcome.excluded and not outcome.results and not outcome.input_errors:
            _echo(f"broadcheck: warning: every file found ({outcome.excluded}) was excluded ('exclude')", err=True)
    # A gate must not pass by accident: a path that could not be read, or named paths
    # that hold nothing to check, is an error (files that `exclude` removes are not).
    if not written or outcome.input_errors or (not outcome.results and not outcome.excluded):
        sys.exit(EXIT_ERROR)
    sys.exit(_exit_code(outcome, exit_zero))


def _fail(message: str) -> NoReturn:
    _echo(f"broadcheck: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _op_patterns(specs: Sequence[str]) -> list[tuple[str, str]]:
    from broadcheck.optable import OpTableError, parse_op_spec
    from broadcheck.semantics import registry

    try:
        return [parse_op_spec(spec, registry()) for spec in specs]
    except OpTableError as err:
        raise _bad_parameter(str(err), "'--op'") from None


class _Codes:
    """The catalogue's codes, imported only if a configuration names codes to check (the
    catalogue is the largest module of a clean run, and a clean run words no message)."""

    def __iter__(self) -> Iterator[str]:
        from broadcheck.messages import RULES

        return iter(RULES)


def _codes(values: Sequence[str], option: str) -> tuple[str, ...] | None:
    """``--select BC1,BC201 --select BC3`` -> ('BC1', 'BC201', 'BC3'); ``None`` if not given."""
    if not values:
        return None
    from broadcheck.config import ConfigError, check_codes
    from broadcheck.messages import RULES

    try:
        return check_codes([c for v in values for c in v.split(",") if c.strip()], RULES, option)
    except ConfigError as err:
        raise _bad_parameter(str(err).removeprefix(f"{option}: "), f"'{option}'") from None


def _watched(enabled: bool) -> bool:
    """Whether a person watches stderr: a terminal, not CI."""
    import os

    return enabled and sys.stderr.isatty() and not os.environ.get("CI")


def _reading(enabled: bool) -> Any:
    """A Rich progress bar on stderr, by bytes read, for one large file at a terminal (never on a pipe)."""
    import os

    if not _watched(enabled):
        return None

    def start(path: str, size: int) -> Any:
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

        from broadcheck.report import shown

        bar = Progress(
            TextColumn("checking {task.description}"),
            BarColumn(),
            DownloadColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        bar.start()
        task = bar.add_task(shown(os.path.basename(path)), total=size)
        done = 0

        def advance(count: int) -> None:
            nonlocal done
            done += count
            bar.update(task, completed=done)
            if done >= size:
                bar.stop()

        return advance

    return start


def _progress(enabled: bool) -> Any:
    """A Rich progress bar on stderr, only for a person watching a terminal."""
    if not _watched(enabled):
        return None

    def start(total: int) -> Any:
        if total < 50:
            return None
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(console=Console(stderr=True), transient=True)
        bar.start()
        task = bar.add_task("checking", total=total)

        def tick() -> None:
            bar.advance(task)
            if bar.finished:
                bar.stop()

        return tick

    return start


def _per_file(values: Sequence[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``--per-file-ignores 'tests/*:BC110,BC3'`` -> (('tests/*', ('BC110', 'BC3')),)."""
    out = []
    for value in values:
        glob, sep, codes = value.rpartition(":")
        if not sep or not glob or not codes.strip():
            raise _bad_parameter(f"'{value}' is not GLOB:CODES (e.g. 'tests/*:BC110')", "'--per-file-ignores'")
        found = _codes([codes], "--per-file-ignores")
        out.append((glob, found or ()))
    return tuple(out)


def _tell_settings(settings: Any, cache: Any) -> None:
    """``-v``: where the settings come from, and where the cache is."""
    from broadcheck.report import shown

    _echo(f"broadcheck: settings from {shown(settings.path) if settings.path else 'the defaults'}", err=True)
    where = "off" if cache is None else f"off ({shown(cache.off)})" if cache.off else shown(cache.directory)
    _echo(f"broadcheck: cache {where}", err=True)


def _tell_run(outcome: Any, cache: Any, seconds: float) -> None:
    """``-v``: what was found, checked and taken from the cache, and how long it took."""
    found = len(outcome.files)
    cached = f", {outcome.cached} from the cache" if cache is not None else ""
    excluded = f", {outcome.excluded} excluded" if outcome.excluded else ""
    files = f"{found} file{'' if found == 1 else 's'}"
    from broadcheck.report import shown

    links = sum(1 for n in outcome.not_followed if n.kind == "link")
    for passed in outcome.not_followed:
        _echo(f"broadcheck: passed over '{shown(passed.path)}': {passed.reason}", err=True)
    not_followed = f", {links} directory link{'' if links == 1 else 's'} not followed" if links else ""
    _echo(f"broadcheck: {files} to check{excluded}{not_followed}{cached}; {seconds:.2f} s", err=True)


STDIN = "-"


def _usage_of_outputs(
    paths: Sequence[str],
    fmt: str,
    chosen: str | None,
    fix: bool,
    diff: bool,
    statistics: bool,
    output_file: str | None,
) -> None:
    """The combinations of inputs and outputs that are usage errors (exit 2)."""
    from broadcheck.report import MACHINE_FORMATS, shown

    if fix and STDIN in paths and len(paths) > 1:
        # As ruff: standard input is fixed alone, since its fixed text is what stdout holds.
        raise _usage_error(
            "--fix with '-' fixes standard input alone (its fixed text is printed on standard output); "
            "fix the other paths in another run"
        )
    if statistics and fmt in ("sarif", "junit", "gitlab"):
        name = {"sarif": "SARIF", "junit": "JUnit", "gitlab": "GitLab Code Quality"}[fmt]
        raise _usage_error(f"--statistics has no {name} form; use --output-format json for counts a program reads")
    if diff and chosen in MACHINE_FORMATS:
        raise _usage_error(f"--diff prints a unified diff on standard output, not --output-format {chosen}")
    if output_file is not None:
        clash = _input_named(output_file, paths)
        if clash is not None:
            raise _usage_error(
                f"--output-file '{shown(output_file)}' is {clash}; the report would overwrite it"
                + (" (or what --fix writes)" if fix else "")
            )


def _input_named(output_file: str, paths: Sequence[str]) -> str | None:
    """How ``output_file`` is one of the inputs (a path named or found, or what standard input
    reads), if it is: the same file, by device and inode (so also through a link)."""
    import os
    import stat

    from broadcheck.inputs import InputError, NotFollowed, NothingFound, expand
    from broadcheck.report import shown

    try:
        info = os.stat(output_file)
    except (OSError, ValueError):
        return None  # not there yet: nothing to overwrite
    if not stat.S_ISREG(info.st_mode):
        return None  # a terminal, a pipe, /dev/null: writing it overwrites no file
    target = (info.st_dev, info.st_ino)
    if STDIN in paths:
        try:
            standard = os.fstat(sys.stdin.fileno())
            if (standard.st_dev, standard.st_ino) == target:
                return "the file standard input reads"
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass
    for found in expand(tuple(p for p in paths if p != STDIN)):
        if isinstance(found, (InputError, NothingFound, NotFollowed)):
            continue
        try:
            other = os.stat(found)
        except (OSError, ValueError):
            continue
        if (other.st_dev, other.st_ino) == target:
            return "an input" if found == output_file else f"the input '{shown(found)}'"
    return None


def _write_stdout_bytes(data: bytes) -> None:
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _write_report(
    outcome: Any,
    fmt: str,
    output_file: str | None,
    out: TextIO,
    statistics: bool,
    show_skipped: bool,
    fix: bool,
    unsafe_fixes: bool = False,
    quiet: int = 0,
    color: bool | None = None,
) -> bool:
    """Write the report to ``output_file`` or ``out``; whether it could be written (if not, the
    reason is on stderr). A machine-readable format is written alone: whatever else the run
    has to say goes to stderr."""
    from broadcheck import report

    target: TextIO = io.StringIO() if output_file is not None else out
    human = fmt in ("full", "concise")
    try:
        if statistics:
            target.write(
                report.statistics(
                    outcome.results, as_json=fmt == "json", as_github=fmt == "github", unread=outcome.input_errors
                )
            )
        else:
            report.render(outcome.results, fmt, target, outcome.input_errors, with_summary=not quiet, color=color)
        hidden = 0 if unsafe_fixes else report.hidden_fixes(outcome.results)
        if fix and human and not quiet:
            target.write(report.fixed(outcome.fixed, len(outcome.written) + len(outcome.changes), hidden))
        listing = report.skipped(outcome.results) if show_skipped else ""
        if listing and human:
            target.write(listing)
        if output_file is not None:
            assert isinstance(target, io.StringIO)
            with open(output_file, "w", encoding="utf-8", errors="backslashreplace") as f:
                f.write(target.getvalue())
        else:
            target.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        where = f"'{report.shown(output_file)}'" if output_file is not None else "the report to standard output"
        _echo(f"broadcheck: error: cannot write {where}: {err.strerror or err}", err=True)
        return False
    if listing and not human:  # after a machine-readable report, on stderr so that it stays parseable
        _echo(listing, err=True, nl=False)
    return True


_REPORT_BUG = (
    "Please report it with the input that triggered it (for a traceback, rerun with --debug before "
    "the command: 'broadcheck --debug check ...')."
)
"""What an internal error asks of the user: ``--debug`` is the group's option, so it goes before
the command (``broadcheck check --debug`` is a usage error)."""


def _tell_input_errors(outcome: Any) -> None:
    """Each path that could not be read or written, and each internal error, on stderr."""
    from broadcheck.report import shown

    for bad in outcome.input_errors:
        kind = "" if bad.action == "check" else "error: "
        _echo(f"broadcheck: {kind}{shown(bad.describe(shown(bad.path)))}", err=True)
    if any(bad.action == "check" for bad in outcome.input_errors):
        _echo(f"This is a bug in broadcheck; the other files were checked. {_REPORT_BUG}", err=True)


CHECK_YOUNG = 1_000_000
"""How many new objects ``check`` lets pass between two collections of the young ones: a bound
on the cyclic garbage it may hold, which none of the runs measured made (peak RSS unchanged
on every file below). With 10,000, bench/gen2.py's 20k-op file spent 0.28-0.38 s of CPU in
39 collections (6% of the run) and its 100k-op file 1.35-1.62 s in 184 (6%), each pass
retracing the objects the run keeps; with 1,000,000, none on 20k ops, one of 0.72 s on 100k,
and none on the 41 llvm-project test files (was 0.09 s, 3%). Exports (torch-mlir, TF) spent
under 10 ms either way."""


def _start_checking(young: int = 10_000) -> None:
    """The start-up is over: collect garbage again, the objects made so far (modules,
    classes, tables) counted as old, and young objects only every ``young`` new ones (not
    700). Checking keeps many small objects (the run's caches, the values in scope) and
    makes almost no cycles, so each collection finds little and costs a pass over every
    object that survived: see :data:`CHECK_YOUNG`. The server keeps 10,000, as mypy does
    for its runs, and collects after each check besides."""
    global _paused
    if _paused:
        _paused = False
        _age()
        gc.set_threshold(young, 30, 30)
        gc.enable()


def run_refine(
    path: str,
    args: tuple[str, ...],
    dims: tuple[str, ...],
    in_place: bool,
    diff: bool,
    profile: str,
    output_format: str,
    output_file: str | None,
    stdin_filename: str,
    quiet: int,
    color: str,
) -> NoReturn:
    """``refine`` (see ``broadcheck.cli``'s ``refine``): the refined text on standard output, the
    diagnostics on standard error (or ``output_file``), exit 0, 1 or 2."""
    from broadcheck import report
    from broadcheck.engine.options import Options
    from broadcheck.engine.refine_run import Settings, run
    from broadcheck.semantics import Profile

    colors = {"always": True, "never": False}
    settings = Settings(
        path, args, dims, in_place, diff, output_format, output_file, stdin_filename, quiet, colors.get(color)
    )
    outcome = run(settings, Options(Profile(profile)))
    if outcome.diff is not None and quiet < 2:
        from broadcheck.report.diff import unified

        sys.stdout.writelines(unified(*outcome.diff))
    if outcome.output is not None:
        sys.stdout.flush()
        sys.stdout.buffer.writelines(outcome.output)
        sys.stdout.flush()
    if outcome.results and quiet < 2:
        if output_file is not None:
            with open(output_file, "w", encoding="utf-8") as out:
                report.render(outcome.results, output_format, out, with_summary=not quiet, color=False)
        else:
            report.render(outcome.results, output_format, sys.stderr, with_summary=not quiet, color=colors.get(color))
    if outcome.usage is not None:
        _fail(outcome.usage)
    sys.exit(outcome.code)


def _exit_code(outcome: Any, exit_zero: bool) -> int:
    has_errors = any(d.severity == "error" for r in outcome.results for d in r.diagnostics)
    return EXIT_PROBLEMS if has_errors and not exit_zero else EXIT_CLEAN


def _print_diffs(outcome: Any, unsafe_fixes: bool = False, quiet: int = 0) -> int:
    """``--diff``: the unified diff of each change on stdout, a count on stderr; exit 1 if any."""
    from broadcheck import report
    from broadcheck.report.diff import unified

    if quiet < 2:
        for path, before, after in outcome.changes:
            sys.stdout.writelines(unified(path, before, after))
    _tell_input_errors(outcome)
    if outcome.input_errors:
        return EXIT_ERROR

    hidden = 0 if unsafe_fixes else report.hidden_fixes(outcome.results)
    if not quiet:
        _echo(report.would_fix(outcome.fixed, len(outcome.changes), hidden), err=True, nl=False)
    return EXIT_PROBLEMS if outcome.changes else EXIT_CLEAN


class Interrupted(BaseException):
    """Ctrl-C, raised by our SIGINT handler: click turns KeyboardInterrupt into
    ``Aborted!`` and exit 1, which a gate would read as "problems found". SIGTERM and
    SIGHUP raise it too, so that temporary files go (see broadcheck.outputs)."""

    def __init__(self, signum: int = 2) -> None:
        super().__init__(signum)
        self.signum = signum


_raising = False
"""Whether a signal raises :class:`Interrupted` now (while a command runs, so that ``finally``
blocks remove temporary files); else it ends the process at once (the program), or raises
KeyboardInterrupt (a program that imported broadcheck)."""


def _interrupted(signum: int, frame: object) -> None:
    global _raising
    if _raising:
        _raising = False  # once: a second signal, while the first unwinds, ends the process
        raise Interrupted(signum)
    if _program:
        import os

        os._exit(128 + signum)
    signal.default_int_handler(signum, frame)


def _exit(code: int | str | None) -> NoReturn:
    """End the program with ``code``, skipping the interpreter's teardown (freeing every
    object of every module loaded takes milliseconds), as mypy does: the output is
    flushed first, and the ``atexit`` callbacks run once logging (Lark's) registered one.
    When anything else is due at exit (another ``atexit`` callback, another thread, worker
    processes), or the output cannot be flushed (a reader that went away), the ordinary
    exit does it all, as it always did."""
    import atexit
    import os

    recache = sys.modules.get("broadcheck.recache")
    if recache is not None:
        recache.save()  # the patterns this run compiled, for the next (the program's only)
    pending = getattr(atexit, "_ncallbacks", lambda: 1)()
    # No thread but this one: none was started if threading was never imported.
    threading = sys.modules.get("threading")
    alone = threading is None or threading.active_count() == 1
    if isinstance(code, int) and alone and "concurrent.futures" not in sys.modules:
        if pending and "logging" in sys.modules and hasattr(atexit, "_run_exitfuncs"):
            # Lark imports logging, which registers its shutdown at exit. The callbacks are
            # run here, first, as the teardown would run them, rather than taking the whole
            # teardown for them: its last full collection was 7% of the CPU of gen2.py's
            # 20k-op file.
            atexit._run_exitfuncs()
            pending = 0
        if not pending:
            try:
                for stream in (sys.stdout, sys.stderr):
                    if stream is not None:
                        stream.flush()
            except (OSError, ValueError):
                pass
            else:
                os._exit(code)
    sys.exit(code)
