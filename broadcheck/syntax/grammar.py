"""Load the Lark grammar once, lazily, and cache the built parser."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Lark

GRAMMAR_NAME = "mlir.lark"
START_SYMBOLS = ["operation", "type", "alias_def"]


def grammar_path() -> Path:
    """Where ``mlir.lark`` is: inside the installed package, or the source tree's ``grammars/``."""
    here = Path(__file__).resolve().parent.parent
    # A wheel ships the grammar as broadcheck/grammars/; an editable install or a
    # source checkout reads the top-level grammars/ folder directly.
    for candidate in (here / "grammars" / GRAMMAR_NAME, here.parent / "grammars" / GRAMMAR_NAME):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"broadcheck's grammar {GRAMMAR_NAME} is missing from {here}")


@functools.cache
def parser() -> Lark:
    """The LALR parser for ``grammars/mlir.lark``, built on first use.

    Lark's own cache keeps the built tables in the temporary directory, keyed by
    the grammar's hash, so later processes skip the table construction.
    """
    from lark import Lark

    return Lark.open(
        str(grammar_path()),
        parser="lalr",
        lexer="contextual",
        start=START_SYMBOLS,
        propagate_positions=True,
        cache=True,
    )
