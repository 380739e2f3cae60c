"""The command line. It only wires: options -> checker -> renderer -> exit code.

Exit codes (ruff, mypy): 0 nothing found, 1 problems found, 2 usage, input or
internal error; 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import gc
import signal
import sys

# Run as the program, the package (the first of broadcheck's code to run) has already made a
# signal end the process quietly; the handler is the same function here, to be replaced below.
from broadcheck import _quit_while_starting


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


# Importing click (and, in `check`, the checker) makes thousands of objects that live as
# long as the process, and little garbage: collecting young objects meanwhile, or just after,
# is wasted work (~2 ms each time). So the collector is paused while this module imports,
# and, in the program, by main() until checking starts; what was made is then counted as old.
_collecting = gc.isenabled()
gc.disable()
try:
    import io
    from collections.abc import Sequence
    from typing import Any, NoReturn, TextIO

    import click

    from broadcheck.config import DEFAULT_SPLIT_MARKER, OUTPUT_FORMATS, PROFILES
finally:
    if _collecting:
        _age()
        gc.enable()

FORMATS = OUTPUT_FORMATS
EXIT_CLEAN, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130

_MAIN_HELP = """Verify that tensor shapes broadcast in MLIR files.

\b
Examples:
  broadcheck check model.mlir tests/           # every *.mlir under tests/
  broadcheck check --profile llvm --split-input-file --verify-diagnostics traits.mlir
  broadcheck check --op 'mydialect.*=mlir' -   # stdin; extra ops
  broadcheck infer 'tensor<8x1x6x1xi32>' 'tensor<7x1x5xi32>'
  broadcheck rules                             # every diagnostic code
"""


class _CheckCommand(click.Command):
    """Lets ``--split-input-file`` stand alone (mlir-opt style) or take ``=MARKER``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        args = [f"--split-input-file={DEFAULT_SPLIT_MARKER}" if a == "--split-input-file" else a for a in args]
        return super().parse_args(ctx, args)


_debug = False
_paused = False
"""Whether main() paused the garbage collector for the start-up (see :func:`_start_checking`)."""


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from broadcheck.versions import version_text

    click.echo(version_text(), nl=False)
    ctx.exit(0)


@click.group(help=_MAIN_HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_show_version,
    help="Show broadcheck's version and the dialect versions it follows, and exit.",
)
@click.option("--debug", is_flag=True, help="Show a traceback for an internal error (a bug in broadcheck).")
def cli(debug: bool) -> None:
    global _debug
    _debug = debug


def _fail(message: str) -> NoReturn:
    click.echo(f"broadcheck: error: {message}", err=True)
    sys.exit(EXIT_ERROR)


def _op_patterns(specs: Sequence[str]) -> list[tuple[str, str]]:
    from broadcheck.optable import OpTableError, parse_op_spec
    from broadcheck.semantics import registry

    try:
        return [parse_op_spec(spec, registry()) for spec in specs]
    except OpTableError as err:
        raise click.BadParameter(str(err), param_hint="'--op'") from None


def _codes(values: Sequence[str], option: str) -> tuple[str, ...] | None:
    """``--select BC1,BC201 --select BC3`` -> ('BC1', 'BC201', 'BC3'); ``None`` if not given."""
    if not values:
        return None
    from broadcheck.config import ConfigError, check_codes
    from broadcheck.messages import RULES

    try:
        return check_codes([c for v in values for c in v.split(",") if c.strip()], RULES, option)
    except ConfigError as err:
        raise click.BadParameter(str(err).removeprefix(f"{option}: "), param_hint=f"'{option}'") from None


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


@cli.command(cls=_CheckCommand)
# Paths are read by broadcheck itself (click's `readable` check would end the run at the first
# unreadable path): every path that cannot be read is reported and the others are checked.
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True, readable=False))
@click.option(
    "--profile",
    type=click.Choice(PROFILES),
    default=None,
    help="Rule set of the Broadcastable trait: the MLIR document (spec, default) or MLIR's C++ verifier (llvm).",
)
@click.option(
    "--op",
    "op_specs",
    multiple=True,
    metavar="PATTERN=SEMANTICS",
    help="Also check ops matching a glob, e.g. 'mydialect.*=mlir' ('none' turns checking off).",
)
@click.option(
    "--output-format",
    type=click.Choice(FORMATS),
    default=None,
    help="full (default; github under GitHub Actions), concise, json, sarif, github, junit or gitlab.",
)
@click.option(
    "--output-file",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the report to this file instead of standard output.",
)
@click.option(
    "--split-input-file",
    "split_marker",
    metavar="[=MARKER]",
    default=None,
    help=f"Check each part between marker lines ('{DEFAULT_SPLIT_MARKER}') on its own, as mlir-opt.",
)
@click.option(
    "--verify-diagnostics/--no-verify-diagnostics",
    default=None,
    help="Check diagnostics against expected-error annotations, as mlir-opt -verify-diagnostics.",
)
@click.option("--select", multiple=True, metavar="CODES", help="Report only these codes (prefixes allowed: BC1).")
@click.option("--extend-select", multiple=True, metavar="CODES", help="Report these codes too (adds to select).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Do not report these codes (prefixes allowed).")
@click.option(
    "--per-file-ignores",
    multiple=True,
    metavar="GLOB:CODES",
    help="Do not report these codes in the files a glob matches (adds to the config's).",
)
@click.option("--exclude", multiple=True, metavar="GLOB", help="Skip files matching this glob (adds to the config's).")
@click.option("--extend-exclude", multiple=True, metavar="GLOB", help="Skip files matching this glob too.")
@click.option(
    "--respect-gitignore/--no-respect-gitignore",
    default=None,
    help="Skip in directory walks what .gitignore and .ignore files say [default: respect].",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when problems are found.")
@click.option("--statistics", is_flag=True, help="Print how many problems of each code instead of each problem.")
@click.option("--fix", is_flag=True, help="Rewrite stale result types, and the types that follow from them, in place.")
@click.option("--unsafe-fixes", is_flag=True, help="Also apply fixes that change a function's signature.")
@click.option("--diff", is_flag=True, help="Print the diff of what --fix would change, and write nothing.")
@click.option(
    "--show-skipped",
    is_flag=True,
    help="List the op statements passed over (ops of known dialects with no shape rule, unreadable types).",
)
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), default=None, help="Files checked in parallel [default: all cores]."
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Read settings from this file instead of the nearest pyproject.toml.",
)
@click.option("--isolated", is_flag=True, help="Ignore configuration files.")
@click.option("--stdin-filename", default="<stdin>", show_default=True, help="The name to show for '-'.")
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False),
    envvar="BROADCHECK_CACHE_DIR",
    default=None,
    help="Where to keep the result cache [default: .broadcheck_cache beside the configuration].",
)
@click.option(
    "--no-cache",
    is_flag=True,
    envvar="BROADCHECK_NO_CACHE",
    help="Check every file, neither reading nor writing the result cache.",
)
@click.option("-q", "--quiet", count=True, help="Print the problems only (-qq: nothing, the exit code says it).")
@click.option("-v", "--verbose", is_flag=True, help="Say on stderr what is read, checked and taken from the cache.")
@click.option(
    "--color",
    type=click.Choice(("auto", "always", "never")),
    default="auto",
    show_default=True,
    help="Colour in the full format: on a terminal only (auto), always or never.",
)
@click.option("--show-settings", is_flag=True, help="Print the settings in force (and where they come from), and exit.")
@click.option("--show-files", is_flag=True, help="Print the files that would be checked, and exit.")
def check(
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
    """Check the broadcastable ops in PATHS (files, directories, '-' for stdin; '.' if none).

    \b
    Examples:
      broadcheck check
      broadcheck check model.mlir
      broadcheck check --output-format concise src/ir/
      broadcheck check -j 4 --output-format sarif --output-file broadcheck.sarif ir/
      cat op.mlir | broadcheck check - --stdin-filename op.mlir
    """
    import os

    from broadcheck import config, report, runner
    from broadcheck.engine.options import Options
    from broadcheck.messages import RULES
    from broadcheck.optable import OpTable
    from broadcheck.semantics import Profile, registry
    from broadcheck.text import check_marker

    paths = paths or (".",)  # as ruff: no path checks the current directory
    if split_marker is not None and (why := check_marker(split_marker)) is not None:
        raise click.BadParameter(why, param_hint="'--split-input-file'")
    try:
        settings = config.load(config_path, isolated, os.getcwd(), registry(), RULES)
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
        raise click.UsageError("--fix and --diff cannot be combined with --verify-diagnostics")
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
    from broadcheck.cache import Cache, location

    cache = None if no_cache else Cache(location(settings.cache_dir, settings.root))
    if cache is not None and cache.warning is not None and quiet < 2:
        click.echo(f"broadcheck: warning: {report.shown(cache.warning)}", err=True)
    if show_settings:
        click.echo(report.settings_text(settings, options, cache.directory if cache is not None else None), nl=False)
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
        jobs=jobs or runner.default_jobs(),
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
            click.echo(report.shown(name))
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
            click.echo(f"broadcheck: warning: no .mlir files found under '{report.shown(empty)}'", err=True)
        if outcome.excluded and not outcome.results and not outcome.input_errors:
            click.echo(f"broadcheck: warning: every file found ({outcome.excluded}) was excluded ('exclude')", err=True)
    # A gate must not pass by accident: a path that could not be read, or named paths
    # that hold nothing to check, is an error (files that `exclude` removes are not).
    if not written or outcome.input_errors or (not outcome.results and not outcome.excluded):
        sys.exit(EXIT_ERROR)
    sys.exit(_exit_code(outcome, exit_zero))


def _per_file(values: Sequence[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``--per-file-ignores 'tests/*:BC110,BC3'`` -> (('tests/*', ('BC110', 'BC3')),)."""
    out = []
    for value in values:
        glob, sep, codes = value.rpartition(":")
        if not sep or not glob or not codes.strip():
            raise click.BadParameter(
                f"'{value}' is not GLOB:CODES (e.g. 'tests/*:BC110')", param_hint="'--per-file-ignores'"
            )
        found = _codes([codes], "--per-file-ignores")
        out.append((glob, found or ()))
    return tuple(out)


def _tell_settings(settings: Any, cache: Any) -> None:
    """``-v``: where the settings come from, and where the cache is."""
    from broadcheck.report import shown

    click.echo(f"broadcheck: settings from {shown(settings.path) if settings.path else 'the defaults'}", err=True)
    where = "off" if cache is None else f"off ({shown(cache.off)})" if cache.off else shown(cache.directory)
    click.echo(f"broadcheck: cache {where}", err=True)


def _tell_run(outcome: Any, cache: Any, seconds: float) -> None:
    """``-v``: what was found, checked and taken from the cache, and how long it took."""
    found = len(outcome.files)
    cached = f", {outcome.cached} from the cache" if cache is not None else ""
    excluded = f", {outcome.excluded} excluded" if outcome.excluded else ""
    files = f"{found} file{'' if found == 1 else 's'}"
    from broadcheck.report import shown

    links = sum(1 for n in outcome.not_followed if n.kind == "link")
    for passed in outcome.not_followed:
        click.echo(f"broadcheck: passed over '{shown(passed.path)}': {passed.reason}", err=True)
    not_followed = f", {links} directory link{'' if links == 1 else 's'} not followed" if links else ""
    click.echo(f"broadcheck: {files} to check{excluded}{not_followed}{cached}; {seconds:.2f} s", err=True)


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
        raise click.UsageError(
            "--fix with '-' fixes standard input alone (its fixed text is printed on standard output); "
            "fix the other paths in another run"
        )
    if statistics and fmt in ("sarif", "junit", "gitlab"):
        name = {"sarif": "SARIF", "junit": "JUnit", "gitlab": "GitLab Code Quality"}[fmt]
        raise click.UsageError(f"--statistics has no {name} form; use --output-format json for counts a program reads")
    if diff and chosen in MACHINE_FORMATS:
        raise click.UsageError(f"--diff prints a unified diff on standard output, not --output-format {chosen}")
    if output_file is not None:
        clash = _input_named(output_file, paths)
        if clash is not None:
            raise click.UsageError(
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
        click.echo(f"broadcheck: error: cannot write {where}: {err.strerror or err}", err=True)
        return False
    if listing and not human:  # after a machine-readable report, on stderr so that it stays parseable
        click.echo(listing, err=True, nl=False)
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
        click.echo(f"broadcheck: {kind}{shown(bad.describe(shown(bad.path)))}", err=True)
    if any(bad.action == "check" for bad in outcome.input_errors):
        click.echo(f"This is a bug in broadcheck; the other files were checked. {_REPORT_BUG}", err=True)


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
        click.echo(report.would_fix(outcome.fixed, len(outcome.changes), hidden), err=True, nl=False)
    return EXIT_PROBLEMS if outcome.changes else EXIT_CLEAN


def _dims(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        return tuple(int(d) for d in text.replace(" ", "").split(",") if d)
    except ValueError:
        raise click.BadParameter(f"'{text}' is not a comma-separated list of integers", param_hint="'--dims'") from None


@cli.command()
@click.argument("types", nargs=-1, required=True)
@click.option(
    "--semantics",
    type=click.Choice(("mlir", "numpy", "onnx", "xla", "all")),
    default="mlir",
    show_default=True,
    help="Whose broadcasting rules; 'all' compares them side by side.",
)
@click.option(
    "--profile",
    type=click.Choice(PROFILES),
    default="spec",
    show_default=True,
    help="The rule set for --semantics mlir.",
)
@click.option("--dims", default=None, metavar="0,2", help="XLA broadcast_dimensions for the lower-rank operand.")
@click.option("--result", "result_type", default=None, metavar="TYPE", help="Also verify this result type.")
def infer(types: tuple[str, ...], semantics: str, profile: str, dims: str | None, result_type: str | None) -> None:
    """Print the type or shape that TYPES broadcast to, or why they do not.

    TYPES are MLIR types or plain shapes (8x1x6x1, ?x3, scalar).

    \b
    Examples:
      broadcheck infer 'tensor<8x1x6x1xi32>' 'tensor<7x1x5xi32>'
      broadcheck infer 8x1x6x1 7x1x5 --semantics numpy
      broadcheck infer 3 4x3 --semantics xla --dims 1
      broadcheck infer 'tensor<?xf32>' 'tensor<4xf32>' --result 'tensor<4xf32>'
      broadcheck infer 2x1 1x3 --semantics all
    """
    from broadcheck import shell
    from broadcheck.report import full
    from broadcheck.report.explain import render_verdicts
    from broadcheck.semantics import Profile

    try:
        operands = [shell.operand(t) for t in types]
        result = shell.operand(result_type) if result_type else None
        if semantics == "all":
            verdicts = shell.infer_all(operands, _dims(dims), result)
            render_verdicts(verdicts, sys.stdout)
            sys.exit(EXIT_PROBLEMS if any(v.result is not None or v.reason for v in verdicts) else EXIT_CLEAN)
        verdict = shell.infer(operands, semantics, Profile(profile), _dims(dims), result)
    except shell.BadOperand as err:
        _fail(str(err))
    if verdict.result is None:
        click.echo(verdict.text)
        sys.exit(EXIT_CLEAN)
    full.render([verdict.result], sys.stdout, with_summary=False)
    sys.exit(EXIT_PROBLEMS)


@cli.command()
@click.argument("types", nargs=-1, required=True)
@click.option("--semantics", type=click.Choice(("mlir", "numpy", "onnx", "xla")), default="numpy", show_default=True)
@click.option("--profile", type=click.Choice(PROFILES), default="spec", show_default=True)
@click.option(
    "--dims", default=None, metavar="0,2", help="XLA broadcast_dimensions: where the lower-rank operand goes."
)
@click.option("--values", is_flag=True, help="TYPES are dense literals; also print the broadcast values.")
def explain(types: tuple[str, ...], semantics: str, profile: str, dims: str | None, values: bool) -> None:
    """Draw how TYPES broadcast: padded and stretched dimensions, the result, or the failing column.

    \b
    Examples:
      broadcheck explain 8x1x6x1 7x1x5
      broadcheck explain 2x1 8x4x3
      broadcheck explain 1x2 4x3x1 --semantics xla --dims 1,2
      broadcheck explain --values 'dense<[1, 2, 3]> : tensor<3xi32>' 'dense<[[10], [20]]> : tensor<2x1xi32>'
    """
    from broadcheck import shell
    from broadcheck.report.explain import render_picture
    from broadcheck.semantics import Profile
    from broadcheck.semantics.values import ValuesError, broadcast_to

    try:
        if values:
            literals = [shell.dense_values(t) for t in types]
            operands = [typed for _, typed in literals]
        else:
            operands = [shell.operand(t) for t in types]
        pic = shell.explain(operands, semantics, Profile(profile), _dims(dims))
    except (shell.BadOperand, ValuesError) as err:
        _fail(str(err))
    shown: list[tuple[str, Any]] = []
    if values and pic.result is not None and all(d is not None for d in pic.result):
        target = tuple(d for d in pic.result if d is not None)
        for index, (vals, typed) in enumerate(literals):
            shape = typed.type.shape or ()
            placed = pic.rows[index]
            # Place by --dims: insert the padded axes, then repeat.
            reshaped: Any = vals
            if dims is not None and len(shape) < len(target):
                reshaped = _insert_axes(vals, [c.padded for c in placed])
            shown.append((f"Z{index + 1}", broadcast_to(reshaped, target)))
    render_picture(pic, sys.stdout, shown)
    sys.exit(EXIT_CLEAN if pic.result is not None else EXIT_PROBLEMS)


def _insert_axes(values: Any, padded: Sequence[bool]) -> Any:
    """Nested lists with a size-1 axis wherever ``padded`` says (XLA's broadcast_dimensions)."""
    if not padded:
        return values
    if padded[0]:
        return [_insert_axes(values, padded[1:])]
    return [_insert_axes(v, padded[1:]) for v in values]


@cli.command()
@click.argument("codes", nargs=-1)
@click.option("--no-pager", is_flag=True, help="Print straight to standard output, even on a terminal.")
def rules(codes: tuple[str, ...], no_pager: bool) -> None:
    """List the diagnostic codes, with what each means and an example.

    CODES are codes or prefixes, as --select takes them (BC1 lists BC101, BC102, ...); none
    lists every code. On a terminal the list goes through a pager ($PAGER, or less).

    \b
    Examples:
      broadcheck rules BC102
      broadcheck rules BC1 BC2
    """
    from broadcheck.messages import RULES

    wanted = [c.strip().upper() for c in codes if c.strip()]
    for code in wanted:
        if not any(r.startswith(code) for r in RULES):
            _fail(f"unknown code '{code}'; run 'broadcheck rules' for the list")
    selected = [r for r in RULES.values() if not wanted or any(r.code.startswith(c) for c in wanted)]
    lines = []
    for rule in selected:
        lines.append(f"{rule.code}  {rule.name}  ({'retired' if rule.name.startswith('retired-') else rule.severity})")
        lines.append(f"    {rule.summary}")
        lines.append(f"    message: {rule.template}")
        lines.append(f"    example: {rule.example}")
        lines.append("")
    text = "".join(line + "\n" for line in lines)
    if not no_pager and len(selected) > 1 and sys.stdout.isatty() and sys.stdin.isatty():
        click.echo_via_pager(text)
    else:
        click.echo(text, nl=False)


@cli.command()
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False),
    envvar="BROADCHECK_CACHE_DIR",
    default=None,
    help="The cache to remove [default: the one check uses here].",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Read settings from this file instead of the nearest pyproject.toml.",
)
@click.option("--isolated", is_flag=True, help="Ignore configuration files.")
def clean(cache_dir: str | None, config_path: str | None, isolated: bool) -> None:
    """Remove the result cache that `check` would use here, as `ruff clean` does.

    Only what broadcheck wrote goes: the entries, the tags it made, and the directory if
    nothing else is left in it.
    """
    import os

    from broadcheck import cache, config, report
    from broadcheck.messages import RULES
    from broadcheck.semantics import registry

    try:
        settings = config.load(config_path, isolated, os.getcwd(), registry(), RULES)
    except config.ConfigError as err:
        _fail(report.shown(str(err)))
    directory = cache.location(cache_dir or settings.cache_dir, settings.root)
    try:
        cleaned = cache.clean(directory)
    except ValueError as err:
        _fail(report.shown(str(err)))
    shown = report.shown(directory)
    if not cleaned.entries and not cleaned.directory_removed:
        click.echo(f"broadcheck: no cache to remove at '{shown}'", err=True)
    else:
        size = f"{cleaned.bytes / 1024:.1f} KiB"
        entries = f"{cleaned.entries} cache entr{'y' if cleaned.entries == 1 else 'ies'}"
        click.echo(f"broadcheck: removed {entries} ({size}) from '{shown}'", err=True)
    sys.exit(EXIT_CLEAN)


@cli.command()
@click.option(
    "--stdio", is_flag=True, help="Speak over standard input and output (the default; for clients that pass it)."
)
def server(stdio: bool) -> None:
    """Run the language server (LSP) over standard input and output, for editors.

    It needs nothing beyond broadcheck itself. See docs/editors.md for VS Code, Neovim,
    Helix and Emacs.
    """
    from broadcheck.server import main as serve

    _start_checking()  # a long-lived process: without the collector, every check's cycles stay
    sys.exit(serve())


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
    signal.default_int_handler(signum, frame)  # type: ignore[arg-type]


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """The console script. Every unexpected error is caught here, once: it is reported
    as an internal error naming the input, exit 2, with no traceback unless ``--debug``.

    Run as the program (the console script or ``python -m broadcheck``: no ``argv``, and
    ``__main__`` is what called it), it ends the process itself (see :func:`_exit`)."""
    global _paused
    program = argv is None and getattr(sys.modules.get("__main__"), "main", None) is main
    if program and gc.isenabled():
        gc.disable()  # until checking starts: what is loaded until then is not garbage
        _paused = True
    code = _main(argv)
    if program:
        _exit(code)
    sys.exit(code)


def _main(argv: Sequence[str] | None) -> int | str | None:
    """Run the command line; the exit code (or what ``sys.exit`` was given)."""
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
            cli.main(args=list(argv) if argv is not None else None, prog_name="broadcheck", standalone_mode=False)
        finally:
            _raising = False  # before the handlers below run: a signal now ends the process
    except SystemExit as done:
        return done.code
    except Interrupted as stop:
        # Ctrl-C, SIGTERM, SIGHUP: stop quietly with the shell's code for the signal (128 + 2
        # for SIGINT), never the code for "problems found".
        return 128 + stop.signum
    except (KeyboardInterrupt, click.exceptions.Abort):
        return EXIT_INTERRUPTED
    except click.exceptions.Exit as done:  # --help, --version
        return done.exit_code
    except click.ClickException as usage:  # a usage error: click's message, exit 2
        usage.show()
        return EXIT_ERROR if isinstance(usage, click.UsageError) else usage.exit_code
    except BrokenPipeError:
        # The reader went away (`broadcheck check big/ | head -1`): stop quietly,
        # with exit 1 as click and Rich do when they see it first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PROBLEMS
    except Exception as err:
        if _debug or os.environ.get("BROADCHECK_DEBUG"):
            raise
        # Checking files raises InternalError; a command that checks none never loads the runner.
        runner = sys.modules.get("broadcheck.runner")
        internal = runner is not None and isinstance(err, runner.InternalError)
        cause = err.__cause__ if internal and err.__cause__ is not None else err
        where = f" while checking '{getattr(err, 'path', '')}'" if internal else ""
        click.echo(
            f"broadcheck: internal error{where}: {type(cause).__name__}: {cause}\n"
            f"This is a bug in broadcheck. {_REPORT_BUG}",
            err=True,
        )
        return EXIT_ERROR
    return EXIT_CLEAN


def _exit(code: int | str | None) -> NoReturn:
    """End the program with ``code``, skipping the interpreter's teardown (freeing every
    object of every module loaded takes milliseconds), as mypy does: the output is
    flushed first, and the ``atexit`` callbacks run once logging (Lark's) registered one.
    When anything else is due at exit (another ``atexit`` callback, another thread, worker
    processes), or the output cannot be flushed (a reader that went away), the ordinary
    exit does it all, as it always did."""
    import atexit
    import os
    import threading

    pending = getattr(atexit, "_ncallbacks", lambda: 1)()
    if isinstance(code, int) and threading.active_count() == 1 and "concurrent.futures" not in sys.modules:
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
