"""The error the syntax layer reports; kept apart so that using it needs no Lark."""

from __future__ import annotations

from broadcheck.ops import Span

TYPE_KEYWORDS = ("complex", "memref", "tensor", "tuple", "vector")
"""The builtin types whose keyword MLIR's type parser follows with ``<`` (its error names the keyword:
``expected '<' in tensor type``)."""
KEYWORD = "|".join(TYPE_KEYWORDS)
""":data:`TYPE_KEYWORDS` as a regular expression's alternatives."""

UNKNOWN_CUSTOM_OP = "custom op '{name}' is unknown"
"""A bare word where an op starts (after a complete op on its line): an op name without a
dialect, unknown. Which default dialect the parser tried it in depends on the op around it:
the engine says so (or keeps quiet where it does not know)."""


class SyntaxProblem(Exception):
    """A statement or type that the grammar does not accept, with where and why.

    A plain exception class (a frozen dataclass cannot take the traceback Python
    sets on an exception that passes through a ``with`` or a generator).
    """

    def __init__(self, message: str, span: Span, also: tuple[SyntaxProblem, ...] = ()):
        super().__init__(message)
        self.message, self.span = message, span
        self.also = also
        """The errors MLIR's parser emits after this one for the same failure (an enum
        attribute's ``failed to parse ... parameter``), in order."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SyntaxProblem) and (self.message, self.span) == (other.message, other.span)

    def __hash__(self) -> int:
        return hash((self.message, self.span))

    def __repr__(self) -> str:
        return f"SyntaxProblem({self.message!r}, {self.span!r})"


class Unreadable(Exception):
    """A statement the grammar accepts whose types broadcheck cannot map to its operands
    and results (e.g. ``: T1, T2`` for an op whose type layout it does not know).

    Such an op is passed over and counted, never reported as an error.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason
