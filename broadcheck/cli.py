"""The command line. It only wires: options -> checker -> renderer -> exit code.

Exit codes (ruff, mypy): 0 nothing found, 1 problems found, 2 usage, input or
internal error.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import click

from broadcheck import __version__
from broadcheck.text import DEFAULT_SPLIT_MARKER

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2
PROFILES = ("spec", "llvm")

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


@click.group(help=_MAIN_HELP, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="broadcheck")
def cli() -> None:
    pass


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


def _render(results: Sequence[Any], output_format: str, out: TextIO) -> None:
    if output_format == "concise":
        from broadcheck.report import concise

        concise.render(results, out)
    else:
        from broadcheck.report import full

        full.render(results, out)


@cli.command(cls=_CheckCommand)
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "--profile",
    type=click.Choice(PROFILES),
    default="spec",
    show_default=True,
    help="Rule set of the Broadcastable trait: the MLIR document (spec) or MLIR's C++ verifier (llvm).",
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
    type=click.Choice(("full", "concise")),
    default="full",
    show_default=True,
    help="full: rendered with source and markers; concise: one line per problem.",
)
@click.option(
    "--split-input-file",
    "split_marker",
    metavar="[=MARKER]",
    default=None,
    help=f"Check each part between marker lines ('{DEFAULT_SPLIT_MARKER}') on its own, as mlir-opt.",
)
@click.option(
    "--verify-diagnostics",
    is_flag=True,
    help="Check diagnostics against expected-error annotations, as mlir-opt -verify-diagnostics.",
)
@click.option("--stdin-filename", default="<stdin>", show_default=True, help="The name to show for '-'.")
def check(
    paths: tuple[str, ...],
    profile: str,
    op_specs: tuple[str, ...],
    output_format: str,
    split_marker: str | None,
    verify_diagnostics: bool,
    stdin_filename: str,
) -> None:
    """Check the broadcastable ops in PATHS (files, directories, '-' for stdin).

    \b
    Examples:
      broadcheck check model.mlir
      broadcheck check --output-format concise src/ir/
      cat op.mlir | broadcheck check - --stdin-filename op.mlir
    """
    from broadcheck.checker import Options, Result, check_source
    from broadcheck.inputs import InputError, expand, read
    from broadcheck.optable import OpTable
    from broadcheck.semantics import Profile

    options = Options(Profile(profile), OpTable(_op_patterns(op_specs)), split_marker or None, verify_diagnostics)
    results: list[Result] = []
    input_errors: list[InputError] = []
    for path in expand(paths):
        loaded = path if isinstance(path, InputError) else read(path, stdin_filename)
        if isinstance(loaded, InputError):
            input_errors.append(loaded)
            continue
        source, decode_problem = loaded
        if decode_problem is not None:
            results.append(Result(source, [decode_problem]))
            continue
        results.append(check_source(source, options))
    _render(results, output_format, sys.stdout)
    for err in input_errors:
        click.echo(f"broadcheck: error: cannot read '{err.path}': {err.reason}", err=True)
    if input_errors:
        sys.exit(EXIT_ERROR)
    has_errors = any(d.severity == "error" for r in results for d in r.diagnostics)
    sys.exit(EXIT_PROBLEMS if has_errors else EXIT_CLEAN)


@cli.command()
@click.argument("types", nargs=-1, required=True)
@click.option("--profile", type=click.Choice(PROFILES), default="spec", show_default=True)
@click.option("--result", "result_type", default=None, metavar="TYPE", help="Also verify this result type.")
def infer(types: tuple[str, ...], profile: str, result_type: str | None) -> None:
    """Print the type that TYPES broadcast to, or why they do not.

    \b
    Examples:
      broadcheck infer 'tensor<8x1x6x1xi32>' 'tensor<7x1x5xi32>'
      broadcheck infer 'tensor<?xf32>' 'tensor<4xf32>' --result 'tensor<4xf32>'
    """
    from broadcheck import infer as infer_mod

    try:
        outcome = infer_mod.infer(types, result_type, profile)
    except infer_mod.BadType as err:
        _fail(str(err))
    if isinstance(outcome, str):
        click.echo(outcome)
        sys.exit(EXIT_CLEAN)
    from broadcheck.report import full

    full.render([outcome], sys.stdout, with_summary=False)
    sys.exit(EXIT_PROBLEMS)


@cli.command()
@click.argument("code", required=False)
def rules(code: str | None) -> None:
    """List every diagnostic code with what it means and an example."""
    from broadcheck.messages import RULES

    selected = [r for r in RULES.values() if code is None or r.code == code.upper()]
    if not selected:
        _fail(f"unknown code '{code}'; run 'broadcheck rules' for the list")
    for rule in selected:
        click.echo(f"{rule.code}  {rule.name}  ({rule.severity})")
        click.echo(f"    {rule.summary}")
        click.echo(f"    message: {rule.template}")
        click.echo(f"    example: {rule.example}")
        click.echo()


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """The console script: run the CLI; never show a traceback unless BROADCHECK_DEBUG is set."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="broadcheck", standalone_mode=True)
    except SystemExit:
        raise
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(EXIT_ERROR)
    except Exception as err:  # the one place every unexpected error is caught
        import os

        if os.environ.get("BROADCHECK_DEBUG"):
            raise
        click.echo(
            f"broadcheck: internal error: {type(err).__name__}: {err}\n"
            "This is a bug in broadcheck; please report it with the input that triggered it.",
            err=True,
        )
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_CLEAN)
