"""Affine maps as Linalg's verifiers use them: ``affine_map<(d0, d1)[s0] -> (d0 * 2 + d1, 0)>``
read into a small tree, evaluated on integers, and printed as MLIR prints pure dims."""

from __future__ import annotations

from functools import lru_cache

from broadcheck.ops import Frozen
from broadcheck.syntax.lazyre import lazy

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import Any

    Expr = tuple[Any, ...]
else:
    Expr = tuple
"""``("dim", i)``, ``("sym", i)``, ``("const", c)``, or ``(op, left, right)`` for ``+ * floordiv
ceildiv mod`` (``-`` is ``+`` of a ``* -1``)."""


class AffineMap(Frozen):
    """An affine map read: its dims' and symbols' counts and its result expressions. (A
    :class:`~broadcheck.ops.Frozen`, as ``@dataclass(frozen=True, slots=True)`` made it: the
    dataclass's code was generated at each run's import, about 0.8 ms.)"""

    __slots__ = __match_args__ = ("dims", "symbols", "results")
    dims: int
    symbols: int
    results: tuple[Expr, ...]

    def __init__(self, dims: int, symbols: int, results: tuple[Expr, ...]) -> None:
        put = object.__setattr__
        put(self, "dims", dims)
        put(self, "symbols", symbols)
        put(self, "results", results)

    def pure_dim(self, k: int) -> int | None:
        """The loop a result is exactly (``d2``), or ``None`` for any other expression."""
        e = self.results[k]
        return int(e[1]) if e[0] == "dim" else None

    def evaluate(self, values: list[int]) -> list[int] | None:
        """Each result at dims ``values`` (``None`` if a symbol is used)."""
        out = []
        for e in self.results:
            v = _eval(e, values)
            if v is None:
                return None
            out.append(v)
        return out


_TOKEN = lazy(r"\s*(?:(floordiv\b|ceildiv\b|mod\b)|([A-Za-z_][\w$]*)|(\d+)|(->|[-+*()\[\],]))")
_KEYWORDS = ("floordiv", "ceildiv", "mod")


class _Bad(Exception):
    pass


class _Undeclared(_Bad):
    """A bare identifier that names no dim or symbol of the map (token ``index``)."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index
        self.negations = 0
        """The unary minuses whose operand it is in (each then says "missing operand of negation")."""


def _tokens(text: str, offsets: list[int] | None = None) -> list[str]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _Bad
        out.append(next(g for g in m.groups() if g is not None))
        if offsets is not None:
            offsets.append(m.start(m.lastindex or 0))
        pos = m.end()
    return out


def undeclared(text: str) -> tuple[int, int, int, int] | None:
    """Where MLIR's parser says "use of undeclared identifier" first in the map written
    ``affine_map<...>`` (``text``): just after the token before an identifier that names no dim or
    symbol (that offset, the identifier's offset and length, and how many unary minuses then say
    "missing operand of negation" at it), where the map reads up to it; ``None`` if there is none,
    or if something else fails first."""
    head = len(text) - len(text.lstrip())
    body = text.strip()
    if not (body.startswith("affine_map<") and body.endswith(">")):
        return None
    start = head + len("affine_map<")
    offsets: list[int] = []
    try:
        toks = _tokens(body[len("affine_map<") : -1], offsets)
        _Parser(toks).map()
    except _Undeclared as found:
        before = found.index - 1  # (the map's `(` at least)
        after = start + offsets[before] + len(toks[before])
        return after, start + offsets[found.index], len(toks[found.index]), found.negations
    except (_Bad, IndexError, RecursionError):
        return None
    return None


@lru_cache(maxsize=1024)
def parse(text: str) -> AffineMap | None:
    """The map written ``affine_map<...>`` (or its inside), or ``None`` if it cannot be read."""
    text = text.strip()
    if text.startswith("affine_map<") and text.endswith(">"):
        text = text[len("affine_map<") : -1]
    try:
        toks = _tokens(text)
        return _Parser(toks).map()
    except (_Bad, IndexError, RecursionError):
        return None


class _Parser:
    def __init__(self, toks: list[str]) -> None:
        self.toks, self.pos, self.depth = toks, 0, 0
        self.dims: dict[str, int] = {}
        self.syms: dict[str, int] = {}

    def take(self, want: str | None = None) -> str:
        tok = self.toks[self.pos]
        if want is not None and tok != want:
            raise _Bad
        self.pos += 1
        return tok

    def at(self, tok: str) -> bool:
        return self.pos < len(self.toks) and self.toks[self.pos] == tok

    def names(self, close: str, into: dict[str, int]) -> None:
        """Dims or symbols: any bare identifiers (``(i, j)[n]``), each used by its name."""
        while not self.at(close):
            name = self.take()
            if not (name[0].isalpha() or name[0] == "_") or name in _KEYWORDS or name in self.dims or name in into:
                raise _Bad
            into[name] = len(into)
            if not self.at(close):
                self.take(",")
        self.take(close)

    def map(self) -> AffineMap:
        self.take("(")
        self.names(")", self.dims)
        if self.at("["):
            self.take("[")
            self.names("]", self.syms)
        self.take("->")
        self.take("(")
        results: list[Expr] = []
        while not self.at(")"):
            results.append(self.expr())
            if not self.at(")"):
                self.take(",")
        self.take(")")
        if self.pos != len(self.toks):
            raise _Bad
        return AffineMap(len(self.dims), len(self.syms), tuple(_folded(e) for e in results))

    def expr(self) -> Expr:
        self.depth += 1
        if self.depth > 50:
            raise _Bad
        left = self.term()
        while self.at("+") or self.at("-"):
            op = self.take()
            right = self.term()
            left = _binary("+", left, right if op == "+" else _binary("*", right, ("const", -1)))
        self.depth -= 1
        return left

    def term(self) -> Expr:
        left = self.factor()
        while self.at("*") or self.at("floordiv") or self.at("ceildiv") or self.at("mod"):
            op = self.take()
            left = _binary(op, left, self.factor())
        return left

    def factor(self) -> Expr:
        tok = self.take()
        if tok == "(":
            e = self.expr()
            self.take(")")
            return e
        if tok == "-":
            try:
                return _binary("*", self.factor(), ("const", -1))
            except _Undeclared as found:
                found.negations += 1
                raise
        if tok in self.dims:
            return ("dim", self.dims[tok])
        if tok in self.syms:
            return ("sym", self.syms[tok])
        if tok.isdigit():
            return ("const", int(tok))
        if (tok[0].isalpha() or tok[0] == "_") and tok not in _KEYWORDS:
            raise _Undeclared(self.pos - 1)
        raise _Bad


def _binary(op: str, left: Expr, right: Expr) -> Expr:
    """``left op right``, a constant where both are (MLIR folds them as it builds the expression:
    ``d0 * -1`` is a dim times the constant -1, not times ``1 * -1``)."""
    if left[0] == "const" and right[0] == "const":
        value = _eval((op, left, right), [])
        if value is not None:
            return ("const", value)
    return (op, left, right)


def _folded(e: Expr) -> Expr:
    """``e`` as MLIR folds it where it is a lone dim or a constant (``d0 - 0``, ``d0 - d0``): which
    results are pure dims decides the loop ranges."""
    terms: dict[int, int] = {}
    constant = _linear(e, 1, terms)
    if constant is None:
        return e
    live = {d: c for d, c in terms.items() if c}
    if not live:
        return ("const", constant)
    if constant == 0 and list(live.values()) == [1]:
        return ("dim", next(iter(live)))
    return e


def _eval(e: Expr, values: list[int]) -> int | None:
    kind = e[0]
    if kind == "dim":
        found: int = values[e[1]]
        return found
    if kind == "const":
        constant: int = e[1]
        return constant
    if kind == "sym":
        return None
    a = _eval(e[1], values)
    b = _eval(e[2], values)
    if a is None or b is None:
        return None
    if kind == "+":
        return a + b
    if kind == "*":
        return a * b
    if b == 0:
        return None
    if kind == "floordiv":
        return a // b
    if kind == "ceildiv":
        return -((-a) // b)
    return a % b


def printed_map(m: AffineMap) -> str | None:
    """The whole map as MLIR prints it (``(d0) -> (-d0 + 3)``), where each result is a sum of dims
    times constants and a constant, the dims in order (its simplified form: each dim once, the
    constant last); ``None`` for anything else (``-(d0 - 1)``, ``d1 + d0``)."""
    parts = []
    for e in m.results:
        terms: dict[int, int] = {}
        constant = _linear(e, 1, terms)
        if constant is None or list(terms) != sorted(terms):
            return None  # (MLIR orders `d1 + d0`, not `d1 - d0 * 2`: not followed here)
        parts.append(_linear_text(terms, constant))
    dims = ", ".join(f"d{i}" for i in range(m.dims))
    symbols = f"[{', '.join(f's{i}' for i in range(m.symbols))}]" if m.symbols else ""
    return f"({dims}){symbols} -> ({', '.join(parts)})"


def _linear(e: Expr, scale: int, terms: dict[int, int]) -> int | None:
    """Adds ``scale * e`` to ``terms`` (dim: coefficient); its constant part, or None if not linear."""
    kind = e[0]
    c = _constant(e)
    if c is not None:
        return scale * c
    if kind == "dim":
        terms[e[1]] = terms.get(e[1], 0) + scale  # (MLIR folds `d0 - d0` to 0)
        return 0
    if kind == "+":
        left = _linear(e[1], scale, terms)
        right = _linear(e[2], scale, terms) if left is not None else None
        return None if right is None or left is None else left + right
    if kind == "*":
        for factor, other in ((e[2], e[1]), (e[1], e[2])):
            c = _constant(factor)
            if c is not None and _scaled_dim(other):  # (a product of a sum MLIR keeps: `-(d0 - 1)`)
                return _linear(other, scale * c, terms)
    return None


def _constant(e: Expr) -> int | None:
    """The value of an expression of constants alone (``2 * -1``), else None."""
    if e[0] == "const":
        return int(e[1])
    if e[0] in ("+", "*"):
        a, b = _constant(e[1]), _constant(e[2])
        if a is not None and b is not None:
            return a + b if e[0] == "+" else a * b
    return None


def _scaled_dim(e: Expr) -> bool:
    """A dim, or a dim times constants (which MLIR folds into one product)."""
    if e[0] == "dim":
        return True
    if e[0] == "*":
        return (_constant(e[2]) is not None and _scaled_dim(e[1])) or (
            _constant(e[1]) is not None and _scaled_dim(e[2])
        )
    return False


def _linear_text(terms: dict[int, int], constant: int) -> str:
    text = ""
    for d, c in terms.items():
        if c == 0:
            continue
        if not text:
            text = f"d{d}" if c == 1 else f"-d{d}" if c == -1 else f"d{d} * {c}"
        elif c > 0:
            text += f" + d{d}" if c == 1 else f" + d{d} * {c}"
        else:
            text += f" - d{d}" if c == -1 else f" - d{d} * {-c}"
    if not text:
        return str(constant)
    if constant:
        text += f" + {constant}" if constant > 0 else f" - {-constant}"
    return text


def identity(rank: int) -> AffineMap:
    return AffineMap(rank, 0, tuple(("dim", i) for i in range(rank)))


def of(dims: int, results: list[int]) -> AffineMap:
    """A map of pure dims: ``of(3, [0, 2])`` is ``(d0, d1, d2) -> (d0, d2)``."""
    return AffineMap(dims, 0, tuple(("dim", i) for i in results))


def printed_results(m: AffineMap) -> str | None:
    """The results as MLIR prints them, for dims, constants, sums and products by a constant
    (``d0 + 1``, ``d0 - 1``, ``d0 * 2 + d1``); ``None`` for anything else."""
    parts = []
    for e in m.results:
        text = _printed(e)
        if text is None:
            return None
        parts.append(text)
    return ", ".join(parts)


def _printed(e: Expr) -> str | None:
    kind = e[0]
    if kind == "dim":
        return f"d{e[1]}"
    if kind == "const":
        return str(e[1])
    if kind == "*" and e[2][0] == "const" and e[1][0] in ("dim", "sym"):
        left = _printed(e[1])
        return None if left is None else f"{left} * {e[2][1]}"
    if kind == "+":
        left, right = _printed(e[1]), e[2]
        if left is None:
            return None
        if right[0] == "const":
            c = right[1]
            return f"{left} - {-c}" if c < 0 else f"{left} + {c}"
        text = _printed(right)
        return None if text is None else f"{left} + {text}"
    return None
