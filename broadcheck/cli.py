"""The command line. It only wires: options -> checker -> renderer -> exit code.

Exit codes (ruff, mypy): 0 nothing found, 1 problems found, 2 usage, input or
internal error; 130 interrupted (Ctrl-C).

``check``'s body, the process's exit and its signals are in ``broadcheck.command``, which
imports no click: the program's entry point (``broadcheck.__main__``) runs the plain forms of
``check`` there without this module, and hands every other command line to :func:`main`.
"""

from __future__ import annotations

import gc
import sys

from broadcheck import command
from broadcheck.command import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_PROBLEMS,
    _age,
    _exit,
    _fail,
    _start_checking,
)

# Importing click (and, in `check`, the checker) makes thousands of objects that live as
# long as the process, and little garbage: collecting young objects meanwhile, or just after,
# is wasted work (~2 ms each time). So the collector is paused while this module imports,
# and, in the program, by main() until checking starts; what was made is then counted as old.
_collecting = gc.isenabled()
gc.disable()
try:
    from collections.abc import Sequence
    from typing import Any, NoReturn

    import click

    from broadcheck.config import DEFAULT_SPLIT_MARKER, OUTPUT_FORMATS, PROFILES
finally:
    if _collecting:
        _age()
        gc.enable()

FORMATS = OUTPUT_FORMATS

# The options several commands share, each declared once (a click option decorator makes a new
# parameter each time it is applied).
_CONFIG = click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Read settings from this file instead of the nearest pyproject.toml.",
)
_ISOLATED = click.option("--isolated", is_flag=True, help="Ignore configuration files.")
_STDIN_FILENAME = click.option(
    "--stdin-filename", default="<stdin>", show_default=True, help="The name to show for '-'."
)
_QUIET = click.option(
    "-q", "--quiet", count=True, help="Print the problems only (-qq: nothing, the exit code says it)."
)
_COLOR = click.option(
    "--color",
    type=click.Choice(("auto", "always", "never")),
    default="auto",
    show_default=True,
    help="Colour in the full format: on a terminal only (auto), always or never.",
)

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
    command._debug = debug


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
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Files checked in parallel [default: all cores; one for files under 1 MiB in all].",
)
@_CONFIG
@_ISOLATED
@_STDIN_FILENAME
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
@_QUIET
@click.option("-v", "--verbose", is_flag=True, help="Say on stderr what is read, checked and taken from the cache.")
@_COLOR
@click.option("--show-settings", is_flag=True, help="Print the settings in force (and where they come from), and exit.")
@click.option("--show-files", is_flag=True, help="Print the files that would be checked, and exit.")
def check(**params: Any) -> None:
    """Check the broadcastable ops in PATHS (files, directories, '-' for stdin; '.' if none).

    \b
    Examples:
      broadcheck check
      broadcheck check model.mlir
      broadcheck check --output-format concise src/ir/
      broadcheck check -j 4 --output-format sarif --output-file broadcheck.sarif ir/
      cat op.mlir | broadcheck check - --stdin-filename op.mlir
    """
    command.run_check(**params)


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
@_CONFIG
@_ISOLATED
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
@click.argument("path", metavar="FILE", type=click.Path(allow_dash=True, readable=False))
@click.option(
    "--arg",
    "args",
    multiple=True,
    metavar="@FN:N=TYPE",
    help="The new type of argument N of function FN, e.g. '@main:0=tensor<16x128xi32>' (repeatable).",
)
@click.option(
    "--dim",
    "dims",
    multiple=True,
    metavar="NAME=SIZE",
    help="The size of a symbolic dimension jax.export named, e.g. 'b=16' (repeatable).",
)
@click.option("-i", "--in-place", is_flag=True, help="Write the refined text back into FILE (only if it verifies).")
@click.option("--diff", is_flag=True, help="Print the diff of what refine would change, and write nothing.")
@click.option(
    "--profile",
    type=click.Choice(PROFILES),
    default="spec",
    show_default=True,
    help="Rule set of the Broadcastable trait, as for check.",
)
@click.option(
    "--output-format",
    type=click.Choice(FORMATS),
    default="full",
    show_default=True,
    help="How the diagnostics are written (on standard error): full, concise, json, sarif, ...",
)
@click.option(
    "--output-file",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the diagnostics to this file instead of standard error.",
)
@_STDIN_FILENAME
@_QUIET
@_COLOR
def refine(
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
) -> None:
    """Re-infer every type of FILE ('-' for stdin) under new argument types, and say what breaks.

    The refined text goes to standard output (or back into FILE with --in-place), the
    diagnostics to standard error. Exit 0: refined, and it verifies; 1: something breaks
    (nothing is written); 2: a bad option, function or type.

    \b
    Examples:
      broadcheck refine model.mlir --arg '@main:0=tensor<16x128xi32>'
      broadcheck refine export.mlir --dim b=16 > export-b16.mlir
      broadcheck refine export.mlir --dim b=16 --diff
      broadcheck refine export.mlir --dim b=16 --in-place
    """
    command.run_refine(
        path, args, dims, in_place, diff, profile, output_format, output_file, stdin_filename, quiet, color
    )


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


def main(argv: Sequence[str] | None = None, program: bool | None = None) -> NoReturn:
    """The console script's click command line. Every unexpected error is caught here, once:
    it is reported as an internal error naming the input, exit 2, with no traceback unless
    ``--debug``.

    Run as the program (``program``; by default, when there is no ``argv`` and ``__main__`` is
    what called it), it ends the process itself (see :func:`broadcheck.command._exit`)."""
    if program is None:
        program = argv is None and getattr(sys.modules.get("__main__"), "main", None) is main
    if program and gc.isenabled():
        gc.disable()  # until checking starts: what is loaded until then is not garbage
        command._paused = True
    code = _main(argv)
    if program:
        _exit(code)
    sys.exit(code)


def _said_by_click(err: Exception) -> int | None:
    """The exit code of click's own outcomes (its message printed), or ``None`` for another error."""
    if isinstance(err, click.exceptions.Abort):
        return EXIT_INTERRUPTED
    if isinstance(err, click.exceptions.Exit):  # --help, --version
        return err.exit_code
    if isinstance(err, click.ClickException):  # a usage error: click's message, exit 2
        err.show()
        return EXIT_ERROR if isinstance(err, click.UsageError) else err.exit_code
    return None


def _main(argv: Sequence[str] | None) -> int | str | None:
    """Run the command line; the exit code (or what ``sys.exit`` was given)."""
    return command.guarded(
        lambda: cli.main(args=list(argv) if argv is not None else None, prog_name="broadcheck", standalone_mode=False),
        _said_by_click,
    )
