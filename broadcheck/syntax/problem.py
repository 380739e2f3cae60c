"""The error the syntax layer reports; kept apart so that using it needs no Lark."""

from __future__ import annotations

from dataclasses import dataclass

from broadcheck.ops import Span


@dataclass(frozen=True, slots=True)
class SyntaxProblem(Exception):
    """A statement or type that the grammar does not accept, with where and why."""

    message: str
    span: Span


class Unreadable(Exception):
    """A statement the grammar accepts whose types broadcheck cannot map to its operands
    and results (e.g. ``: T1, T2`` for an op whose type layout it does not know).

    Such an op is passed over and counted, never reported as an error.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
