"""The error the syntax layer reports; kept apart so that using it needs no Lark."""

from __future__ import annotations

from dataclasses import dataclass

from broadcheck.ops import Span


@dataclass(frozen=True, slots=True)
class SyntaxProblem(Exception):
    """A statement or type that the grammar does not accept, with where and why."""

    message: str
    span: Span
