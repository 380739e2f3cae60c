"""The error the syntax layer reports; kept apart so that using it needs no Lark."""

from __future__ import annotations

from broadcheck.ops import Span
from broadcheck.syntax.lazyre import lazy

TYPE_KEYWORDS = ("complex", "memref", "tensor", "tuple", "vector")
"""The builtin types whose keyword MLIR's type parser follows with ``<`` (its error names the keyword:
``expected '<' in tensor type``)."""
KEYWORD = "|".join(TYPE_KEYWORDS)
""":data:`TYPE_KEYWORDS` as a regular expression's alternatives."""

_ATTRIBUTE_WORDS = frozenset(
    "affine_map affine_set array dense dense_resource distinct false loc sparse strided true unit "
    "none index bf16 f16 f32 f64 f80 f128 tf32 complex memref tensor tuple vector".split()
)
"""The bare words ``Parser::parseAttribute`` reads as an attribute or a type (besides :data:`_SIZED`)."""
_SIZED = lazy(r"[su]?i[0-9]+|f[4-8]E[0-9]M[0-9]\w*")
"""Integer types and the small float types (``f8E4M3FN``), whose names take a width."""
NO_VALUE = "expected attribute value"
"""``parseAttribute``'s words where no attribute starts (a bare word it does not know: ``dens<1.0>``)."""


def attribute_word(word: str) -> bool:
    """Whether the bare word ``word`` (no ``#``, ``!``, ``@``, digit) starts an attribute or a type."""
    return word in _ATTRIBUTE_WORDS or _SIZED.fullmatch(word) is not None


NO_OP = frozenset(":,)]}>=-*")
"""What cannot start an op (``parseOperation``: "expected operation name in quotes")."""
NO_STATEMENT = frozenset("0123456789()[]<>:,=@-+*?/")
"""What starts a token MLIR's lexer reads but no statement (a character it does not read at all is
its own error, "unexpected character"): a line that starts so is no op, even where it is read as one."""

QUOTED_NAME = lazy(r'\s*(?:%[^=]*=\s*)?"(?P<generic>(?:[^"\\\n]|\\.)*)"(?P<custom>)')
"""A generic op's name whatever its characters (``"func.ret{urn"``: no reader takes it), as
``OP_NAME`` reads a name (its ``generic`` group), for what the verifier says of it."""

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
