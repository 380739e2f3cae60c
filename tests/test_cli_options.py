"""Every option a message names exists (issue 29): a user told to "rerun with --x" can."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest

from broadcheck import cli
from broadcheck.command import _REPORT_BUG

ROOT = Path(__file__).resolve().parent.parent / "broadcheck"
SOURCES = [ROOT / "messages.py", ROOT / "cli.py", ROOT / "command.py", *sorted((ROOT / "report").glob("*.py"))]
"""What the user reads: the catalogue, the command line's own words, the report's."""

_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def _named() -> dict[str, list[str]]:
    """Each ``--option`` word in the string literals of :data:`SOURCES`, with where."""
    found: dict[str, list[str]] = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for m in _OPTION.finditer(node.value):
                    found.setdefault(m.group(), []).append(f"{path.name}:{node.lineno}")
    return found


def _options(command: click.Command) -> set[str]:
    """The long options ``command`` takes (its help option included)."""
    params = command.get_params(click.Context(command))
    return {o for p in params for o in (*p.opts, *p.secondary_opts) if o.startswith("--")}


def _everywhere() -> set[str]:
    found = _options(cli.cli)
    for command in cli.cli.commands.values():
        found |= _options(command)
    return found


def test_the_scan_finds_the_options_messages_name() -> None:
    named = _named()
    assert "--debug" in named and "--verify-diagnostics" in named and "--show-skipped" in named


@pytest.mark.parametrize("option", sorted(_named()))
def test_every_option_a_message_names_exists(option: str) -> None:
    assert option in _everywhere(), f"{option} is named at {_named()[option]} but no command takes it"


def test_the_internal_error_s_advice_is_where_the_option_is() -> None:
    # `--debug` is the group's: the advice puts it before the command, and that runs
    assert "--debug before the command: 'broadcheck --debug check ...'" in _REPORT_BUG
    assert "--debug" in _options(cli.cli)
    for name, command in cli.cli.commands.items():
        assert "--debug" not in _options(command), f"{name} --debug would shadow the group's option"
