"""The type a constant op's value attribute is written with, whatever its form: ``dense<...> : T``,
``dense_resource<blob> : T`` (``__elided__`` included), ``sparse<...> : T``, ``opaque<...> : T``, or
a scalar ``1.0 : f32``. The constant ops' checks (``tf.Const``, ``tfl.pseudo_const``, ``tosa.const``,
``arith.constant``, ...) compare it with their result's type.

``arith.constant``'s value is also read as MLIR's parser reads a literal against its type
(:func:`literal_problem`), before the op's verifier: a float for an integer type, an integer out
of its type's range, ``true`` in a float literal, a dynamic shape, an uneven or mis-shaped
``dense<...>``. These are parse errors, in the parser's words, where it reports them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from broadcheck.ops import Attribute, Operation, ShapedType, Span, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.named import NamedTuple
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.types import read_type

TYPE_CHECKING = False  # not typing's: a checking run builds its records without typing (syntax.named)
if TYPE_CHECKING:
    from typing import Literal

    Kind = Literal["dense", "dense_resource", "sparse", "opaque", "array", "other"]
ELEMENTS: frozenset[Kind] = frozenset({"dense", "dense_resource", "sparse", "opaque"})
"""The forms that are MLIR ``ElementsAttr``s (``array<...>`` is a ``DenseArrayAttr``)."""

_HEAD = lazy(r"\s*(dense_resource|dense|sparse|opaque|array)<")


class Value(NamedTuple):
    """A value attribute's form and the type written after its ``:``."""

    kind: Kind
    type: Type


def _close(text: str, start: int) -> int:
    """The offset of the ``>`` closing the ``<`` before ``start`` (strings skipped); -1 if none.
    Only the quotes and angle brackets are visited (a 1M-element literal has none inside)."""
    depth, j = 1, start
    find = _ANGLE.search
    while (m := find(text, j)) is not None:
        j = m.start()
        c = text[j]
        if c == '"':
            j = text.find('"', j + 1)
            if j < 0:
                return -1
        elif c == "<":
            depth += 1
        elif text[j - 1] != "-":  # `->` in a function type
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return -1


_ANGLE = lazy(r'["<>]')


def value_type(text: str) -> Value | None:
    """The form and written type of the attribute ``text``; ``None`` when it writes no type this
    reads (``unit``, a symbol, a type that does not parse)."""
    m = _HEAD.match(text)
    kind: Kind = "other"
    rest = text
    if m is not None:
        end = _close(text, m.end())
        if end < 0:
            return None
        kind = m.group(1)  # type: ignore[assignment]
        rest = text[end + 1 :]
        if not rest.lstrip().startswith(":"):
            return None
    elif text.lstrip().startswith(("[", "{", '"', "#", "@", "(")):
        return None
    colon = rest.find(":")
    if colon < 0:
        return None
    try:
        return Value(kind, read_type(rest[colon + 1 :].strip()))
    except SyntaxProblem:
        return None


def same_type(op: Operation, profile: Profile) -> Problem | None:
    """``arith.constant``: its literal as the parser reads it (:func:`literal_problem`), then its ODS
    invariants (a ``value``, a typed one, ``AllTypesMatch<["value", "result"]>``: the type it is
    written with, or the one MLIR gives an untyped literal, the result's exactly), then
    ``ConstantOp::verify`` (:func:`_constant_verify`). The custom form writes the type once: only
    the generic form can differ in type."""
    parsed = literal_problem(op)
    if parsed is not None:
        return parsed
    if not op.generic:
        return _constant_verify(op)
    if len(op.results) != 1:
        return Problem("BC107")
    attr = op.attribute("value")
    if attr is None:
        return Problem("BC610", {"name": "value"})
    text = attr.text.strip()
    if text == "unit" or text.startswith(("[", "{")):
        return Problem("BC562", {"name": "value", "constraint": "TypedAttr instance"})
    written = value_type(text)
    typed = str(written.type) if written is not None else untyped(text)
    if typed is None or _too_wide(op.results[0].type):
        return None
    if "".join(typed.split()) != "".join(str(op.results[0].type).split()):
        return Problem("BC1068", {"names": "value, result"}, Subject("result", 0))
    return _constant_verify(op)


def _too_wide(t: Type) -> bool:
    """An integer type wider than MLIR's limit (16777215 bits): the parser's error, not read here."""
    m = _INTEGER.fullmatch(str(t).strip())
    return m is not None and int(m.group(2)) > 16777215


def untyped(text: str) -> str | None:
    """The type MLIR gives a literal written without one: ``i64`` for an integer, ``f64`` for a
    float, ``i1`` for ``true``/``false``, ``none`` for a string; None for what this does not read."""
    if text in ("true", "false"):
        return "i1"
    if text.startswith('"') and text.endswith('"'):
        return "none"
    if _SCALAR_INT.fullmatch(text) or _HEX_INT.fullmatch(text.lstrip("-")):
        return "i64"
    return "f64" if _SCALAR_FLOAT.fullmatch(text) else None


def _constant_verify(op: Operation) -> Problem | None:
    """``arith::ConstantOp::verify``: a signless integer element type, an integer, float or
    elements value, and a scalable vector only from a splat (``dense<[1, 1]>`` is one: MLIR keeps
    equal elements as a splat)."""
    if len(op.results) != 1:
        return None
    type_ = op.results[0].type
    element = type_.element if isinstance(type_, ShapedType) else str(type_).strip()
    m = _INTEGER.fullmatch(element)
    if m is not None and m.group(1) != "i":
        return Problem("BC1351")
    attr = op.attribute("value") if op.generic else next((a for a in op.attributes if a.name == ""), None)
    if attr is None:
        return None
    text = attr.text.strip()
    if text.startswith('"'):
        return Problem("BC1352")
    head = _HEAD.match(text)
    if not (isinstance(type_, ShapedType) and type_.kind == "vector" and any(type_.scalable)):
        return None
    if head is None or head.group(1) != "dense":
        return None
    end = _close(text, head.end())
    read = _read_dense(text[head.end() : end], 0) if end >= 0 else None
    if read is None or read[0] is None or isinstance(read[1], int):
        return None
    values = {_number(t) for t, _ in read[1]}
    if None in values:
        return None
    return Problem("BC1353") if len(values) > 1 else None


def _number(text: str) -> int | float | None:
    """A dense element's value, to tell a splat; None for what is not a plain number."""
    if _SCALAR_INT.fullmatch(text):
        return int(text)
    if _HEX_INT.fullmatch(text):
        return int(text, 16)
    if text in ("true", "false"):
        return int(text == "true")
    return float(text) if _SCALAR_FLOAT.fullmatch(text) else None


# ---------------------------------------------------------------- the parser's reading of a literal

_SCALAR_INT = lazy(r"[-+]?[0-9]+")
_SCALAR_FLOAT = lazy(r"[-+]?(?:[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+)")
_INTEGER = lazy(r"(i|si|ui)([0-9]+)")
_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128", "tf32"})


def _family(element: str) -> str:
    """``float``, ``integer`` or ``index`` for the element types whose literals are read, else ``other``."""
    if element in _FLOATS or element.startswith("f8E") or element.startswith(("f4E", "f6E")):
        return "float"
    if element == "index":
        return "index"
    return "integer" if _INTEGER.fullmatch(element) else "other"


def _fits(v: int, element: str) -> bool:
    """Whether ``v`` is a value of the integer type ``element`` as the parser reads it: a
    signless ``iN`` takes ``-2^(N-1)`` to ``2^N - 1`` (either reading of its bits)."""
    m = _INTEGER.fullmatch(element)
    assert m is not None
    bits = int(m.group(2))
    if m.group(1) == "ui":
        return 0 <= v < 1 << bits
    if m.group(1) == "si":
        return -(1 << (bits - 1)) <= v < 1 << (bits - 1)
    return -(1 << (bits - 1)) <= v < 1 << bits


def offset_span(attr: Attribute, offset: int, length: int) -> Span | None:
    """The span of ``offset`` in the attribute's value text (on one line), or None."""
    span = attr.span
    if span.line != span.end_line or "\n" in attr.text:
        return None
    column = span.end_column - len(attr.text) + offset
    return Span(span.line, column, span.line, column + length)


def _after_type(op: Operation, attr: Attribute) -> Span:
    """Where the parser stands once it has read a scalar literal's type: the next token. In the
    generic form, the one after the attribute (``}`` or ``,``); in the custom form, the next
    statement's first token, taken as the next line at this statement's indentation (a blank or
    comment line between is not seen here)."""
    if op.generic:
        end = attr.span
        return Span(end.end_line, end.end_column, end.end_line, end.end_column + 1)
    line = op.span.end_line + 1
    return Span(line, op.span.column, line, op.span.column + 1)


_HEX_INT = lazy(r"0x[0-9a-fA-F]+")
_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
SKIP = ("skip", False)
"""What this module does not read (a negative hex number, complex and other elements): the
literal is passed over."""


def element_problem(text: str, element: str, dense: bool) -> tuple[str, bool] | None:
    """The parser's error on one number of a literal of type ``element``, as (code, whether it
    is at the digits, after any sign; else at the whole number), :data:`SKIP`, or None."""
    family = _family(element)
    number = text.lstrip("-+")
    negative = text.startswith("-")
    if text in ("true", "false"):
        if not dense:
            return SKIP
        if family == "float":
            return "BC1401", False
        return None if element == "i1" else ("BC1404", False)
    if dense and negative and element.startswith("ui") and family == "integer":
        return "BC1405", True  # before the number is read
    if _SCALAR_FLOAT.fullmatch(text):
        if family in ("integer", "index"):
            return ("BC570", True) if dense else ("BC1400", False)
        return None if family == "float" else SKIP
    if _HEX_INT.fullmatch(number):
        value = int(number, 16)
        if family == "float":
            bits = _FLOAT_BITS.get(element)
            return SKIP if bits is None or negative else ("BC1407", False) if value >= 1 << bits else None
    elif _SCALAR_INT.fullmatch(text):
        if family == "float":
            return "BC569", True
        value = int(number)
    else:
        return SKIP
    if family == "index":  # read as a signed 64-bit integer
        element = "si64"
    elif family != "integer":
        return SKIP
    if negative and element.startswith("ui"):
        return "BC1406", True
    if not _fits(-value if negative else value, element):
        return ("BC1403" if dense else "BC1402"), True
    return None


def _scalar(op: Operation, attr: Attribute, text: str, element: str) -> Problem | None:
    """A scalar literal (``5.0 : i32``) against its type, as the parser reads it."""
    found = element_problem(text, element, dense=False)
    if found is None or found == SKIP:
        return None
    code, digits = found
    if code == "BC1400":
        return Problem(code, span=_after_type(op, attr))
    skip = len(text) - len(text.lstrip("-+")) if digits else 0
    at = offset_span(attr, len(attr.text) - len(attr.text.lstrip()) + skip, len(text) - skip)
    return None if at is None else Problem(code, span=at)


_HEX_BLOB = lazy(r'\s*+"0x([0-9a-fA-F]*+)"\s*+')
"""A hex literal's digits (one class repeated: a group repeated would keep a stack as long as the weights)."""
_FLOAT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8}


def _hex_width(element: str) -> int | None:
    """The bytes one element takes in a hex literal's buffer (an integer below 8 bits takes a
    byte), or None for an element type not read here."""
    m = _INTEGER.fullmatch(element)
    if m is not None:
        return (int(m.group(2)) + 7) // 8
    if element == "index":
        return 8
    if element.startswith("f8E"):
        return 1
    inner = element[len("complex<") : -1].strip() if element.startswith("complex<") and element.endswith(">") else None
    if inner is not None:
        part = _hex_width(inner) if inner in _FLOAT_BYTES or _INTEGER.fullmatch(inner) else None
        return None if part is None else 2 * part
    return _FLOAT_BYTES.get(element)


def hex_size_fits(size: int, type_: ShapedType) -> bool | None:
    """Whether a hex literal of ``size`` bytes fits the static ``type_`` (one element, a splat, or
    every element: ``DenseElementsAttr::isValidRawBuffer``), or None where it is not read here."""
    width = _hex_width(str(type_.element).strip())
    if width is None or type_.shape is None or None in type_.shape or type_.encoding is not None:
        return None
    count = 1
    for d in type_.shape:
        count *= d or 0
    return size in (width, width * count)


def _elements(attr: Attribute, body: str, offset: int, type_: ShapedType) -> Problem | None:
    """A ``dense<...>`` literal (``body``, at ``offset`` of the attribute's value) against its
    tensor type, in the parser's order: its nesting, a static shape, its shape, each element."""
    start = offset - len("dense<")
    if not body.strip():  # `dense<>`: the parser takes it for a type of no element only
        here = offset_span(attr, start, len("dense"))
        if here is None or type_.shape is None or None in type_.shape:
            return None if here is None else Problem("BC1003", span=here)
        return Problem("BC1844", {"type": str(type_)}, span=here) if all(type_.shape) else None
    blob = _HEX_BLOB.fullmatch(body)
    digits = blob.end(1) - blob.start(1) if blob is not None else -1
    # `dense<"0x...">`: its bytes against the type; none at all are weights the lexer elided (elide_weights)
    if digits > 0 and digits % 2 == 0:
        here = offset_span(attr, start, len("dense"))
        if here is None or type_.shape is None or None in type_.shape:
            return None if here is None else Problem("BC1003", span=here)
        fits = hex_size_fits(digits // 2, type_)  # (no copy of the weights)
        return Problem("BC1873", {"type": str(type_)}, span=here) if fits is False else None
    flat = _WHOLE_FLAT.fullmatch(body) is not None  # (one pass for the count and the lexing of a flat list)
    lit = _read_dense(body, offset, flat)
    bad = None if flat else unlexed(body)
    if bad is not None and (lit is None or not isinstance(lit[1], int) or lit[1] > offset + bad[1]):
        at = offset_span(attr, offset + bad[1], 1)  # (MLIR's lexer stops before the rest is read)
        return None if at is None else Problem("BC001", {"detail": bad[0]}, span=at)
    if lit is None:
        return None
    shape, elements = lit
    if isinstance(elements, NoElement):
        at = offset_span(attr, elements, 1)
        return None if at is None else Problem("BC001", {"detail": NO_ELEMENT}, span=at)
    if isinstance(elements, int):  # the offset of the token after the element nested differently
        at = offset_span(attr, elements, 1)
        return None if at is None else Problem("BC1075", span=at)
    here = offset_span(attr, start, len("dense"))
    if here is None:
        return None
    if type_.shape is None or None in type_.shape:
        return Problem("BC1003", span=here)
    if shape is not None and shape != type_.shape:
        args = {"literal": ", ".join(map(str, shape)), "type": ", ".join(map(str, type_.shape))}
        return Problem("BC1073", args, span=here)
    if type_.encoding is not None:
        return None
    element = str(type_.element).strip()
    if _family(element) == "float" and _FLOAT_LIST.fullmatch(body) is not None:
        return None  # a flat list of floats: each element reads (one pass, not one call an element)
    for text, at_offset in elements:
        found = element_problem(text, element, dense=True)
        if found == SKIP:
            return None
        if found is not None:
            code, digits = found
            skip = len(text) - len(text.lstrip("-+")) if digits else 0
            at = offset_span(attr, at_offset + skip, len(text) - skip)
            return None if at is None else Problem(code, span=at)
    return None


_DENSE_TOKEN = lazy(r'\s*(?:(?P<punct>[\[\](),])|(?P<string>"[^"]*")|(?P<atom>[^\s\[\](),"]+))')


class _Unread(Exception):
    """A literal :func:`_read_dense` does not read (a string, a complex element, a lone ``-``, a
    character no token takes)."""


def _dense_tokens(body: str, base: int) -> Iterator[tuple[str, str, int]]:
    """The tokens of ``body`` (text, kind, offset + ``base``), one at a time; raises
    :class:`_Unread` at a token or a character :func:`_read_dense` does not read."""
    end = 0
    for m in _DENSE_TOKEN.finditer(body):
        if m.start() != end:  # a character no token takes (an unclosed quote)
            raise _Unread
        end = m.end()
        kind = m.lastgroup or ""
        text = m.group(kind)
        if kind == "string" or text in ("(", ")", "-"):
            raise _Unread
        yield text, kind, base + m.start(kind)
    if _SPACES.fullmatch(body, end) is None:
        raise _Unread


_SPACES = lazy(r"\s*")
_ATOM = r'(?!-[\s,\]])[^\s\[\](),"]++'
_FLAT_LIST = lazy(rf"\s*+\[\s*+(?:{_ATOM}\s*+,\s*+)*+{_ATOM}\s*+\]\s*+")
"""A flat list of elements, each followed by a ``,`` (but the last): what :func:`_dense_shape` reads as
its count of elements (an element is no lone ``-``, no string and no parenthesis)."""
_FLOAT = r"[-+]?+(?:[0-9]++\.[0-9]*+(?:[eE][-+]?+[0-9]++)?+|[0-9]++[eE][-+]?+[0-9]++)"
_FLOAT_LIST = lazy(rf"\s*+\[\s*+(?:{_FLOAT}\s*+,\s*+)*+{_FLOAT}\s*+\]\s*+")
"""A flat list of floats (each as :data:`_SCALAR_FLOAT` reads it): each element of a float type reads."""


class _Atoms:
    """A read list literal's elements (text, offset), in order, read from its text when asked:
    a million elements are not kept as a million tuples (issue 31's peak RSS)."""

    __slots__ = ("base", "body")

    def __init__(self, body: str, base: int) -> None:
        self.body, self.base = body, base

    def __iter__(self) -> Iterator[tuple[str, int]]:
        base = self.base
        for m in _DENSE_TOKEN.finditer(self.body):
            if m.lastgroup == "atom":
                yield m.group("atom"), base + m.start("atom")


class NoElement(int):
    """The offset of a ``,`` or ``]`` where a list's element is wanted (``[1, ]``, ``[1,, 2]``)."""


NO_ELEMENT = "expected element literal of primitive type"
"""What MLIR's parser says there (``TensorLiteralParser::parseElement``)."""
NO_NUMBER = "expected integer or floating point literal"
"""What it says after a ``-`` that no number follows."""
NO_ELLIPSIS = "expected three consecutive dots for an ellipsis"
"""What MLIR's lexer says of a ``.`` no number holds (``1.0.0``, ``.5``), at the character after it."""

_ELEMENT = r"-?+(?:0x[0-9a-fA-F]++|[0-9]++(?:\.[0-9]*+(?:[eE][-+]?+[0-9]++)?+)?+|true|false)(?![^\s\[\](),\"])"
"""An element MLIR's lexer reads as one token (a number, ``true``, ``false``), its whole atom."""
_WHOLE_FLAT = lazy(rf"\s*+\[\s*+(?:{_ELEMENT}\s*+,\s*+)*+{_ELEMENT}\s*+\]\s*+")
"""A flat list of such elements: its count is its commas', and every element lexes whole."""
_WHOLE = lazy(rf'(?:\s++|[\[\](),]|"[^"\n]*+"|{_ELEMENT})*+')
"""A literal whose every atom lexes whole (strings and parentheses not judged here)."""
_NUMBER = lazy(r"0x[0-9a-fA-F]++|[0-9]++(?:\.[0-9]*+(?:[eE](?:[-+](?=[0-9]))?+[0-9]++)?+)?+")
"""A number as MLIR's lexer takes it (``Lexer::lexNumber``): ``1e5`` is ``1`` and then ``e5``."""


def unlexed(body: str) -> tuple[str, int] | None:
    """The first element of the literal ``body`` (inside ``dense<...>``) that MLIR's lexer does
    not read as one token, as what its parser says and where (offset in ``body``): a sign it does
    not take (``+1``, ``--1``), a word (``inf``), a number followed by more (``1e5``, ``1x``, ``1.0.0``,
    ``0x``). ``None`` if each does, or the first is not judged here (in a complex's parentheses)."""
    if _WHOLE.fullmatch(body) is not None:
        return None
    depth = parens = 0
    for m in _DENSE_TOKEN.finditer(body):
        kind = m.lastgroup
        if kind == "punct":
            c = m.group("punct")
            depth += (c == "[") - (c == "]")
            parens += (c == "(") - (c == ")")
            continue
        if kind != "atom":
            continue
        text, start = m.group("atom"), m.start("atom")
        if parens or (found := _atom_unlexed(text, depth > 0)) is SKIP:
            return None
        if found is not None:
            return found[0], start + found[1]
    return None


def _atom_unlexed(text: str, listed: bool) -> tuple[str, int] | tuple[str, bool] | None:
    """:func:`unlexed` of one atom (``listed``: in a list), :data:`SKIP` where not judged."""
    first = text[0]
    if first == "+":
        return NO_ELEMENT, 0
    if first == ".":
        return (NO_ELEMENT, 0) if text.startswith("...") else (NO_ELLIPSIS, 1)
    at = 1 if first == "-" else 0
    if at == len(text):
        return SKIP  # (a lone `-`: the next token is its number)
    c = text[at]
    if c.isalpha() or c == "_":
        if at:
            return NO_NUMBER, at
        word = _WORD.match(text)
        if word is not None and word.end() == len(text) and text in ("true", "false"):
            return None
        return NO_ELEMENT, 0
    if c == ".":
        return NO_ELLIPSIS, at + 1
    if c in "-+":
        return NO_NUMBER, at
    number = _NUMBER.match(text, at) if c.isdigit() else None
    if number is None:
        return SKIP
    end = number.end()
    if end == len(text):
        return None
    after = text[end]
    if after == ".":
        return NO_ELLIPSIS, end + 1
    if after.isalnum() or after in "_-+":
        return ("expected ']'" if listed else "expected '>'"), end
    return SKIP


_WORD = lazy(r"[A-Za-z_][\w$.]*+")


def _read_dense(
    body: str, base: int, flat: bool = False
) -> tuple[tuple[int, ...] | None, Iterable[tuple[str, int]] | int] | None:
    """The literal inside ``dense<...>`` (``body``, at offset ``base`` of the attribute's text) as
    the parser reads it: its shape (``None`` for a splat) and its elements (text, offset), or, for
    lists nested unevenly, the offset where the parser finds out; ``None`` for what is not read
    (``flat``: the caller found it a flat list of elements, :data:`_WHOLE_FLAT`)
    here (a hex string, complex elements, a lone ``-``). The tokens are read one at a time and
    the elements again when asked (:class:`_Atoms`): what it keeps is the nesting's stack."""
    if flat or _FLAT_LIST.fullmatch(body) is not None:  # `[1, 2, 3]`: one pass, not one step a token
        return (body.count(",") + 1,), _Atoms(body, base)
    tokens = _dense_tokens(body, base)
    try:
        found = _dense_shape(tokens, body, base)
        if found is not None:
            for _ in tokens:  # the rest must read too
                pass
    except _Unread:
        return None
    return found


def _dense_shape(
    tokens: Iterator[tuple[str, str, int]], body: str, base: int
) -> tuple[tuple[int, ...] | None, Iterable[tuple[str, int]] | int] | None:
    tok = next(tokens, None)
    if tok is None:
        return None
    if tok[0] != "[":
        return (None, [(tok[0], tok[2])]) if next(tokens, None) is None and tok[1] == "atom" else None
    stack: list[list[object]] = []  # per open list: [count, dims of its first element or None]
    while tok is not None:
        text, kind, offset = tok
        if text == "[":
            stack.append([0, None])
            tok = next(tokens, None)
            continue
        if text == "]":
            if not stack:
                return None
            count, first = stack.pop()
            dims = (int(count), *first) if isinstance(first, tuple) else (int(count),)  # type: ignore[call-overload]
            tok = next(tokens, None)
            if not stack:
                return (dims, _Atoms(body, base)) if tok is None else None
        elif kind == "atom" and stack:
            dims = ()
            tok = next(tokens, None)
        elif text == "," and stack:  # (`[1,, 2]`: an element wanted here)
            return (None, NoElement(offset))
        else:
            return None
        frame = stack[-1]
        if frame[1] is None:
            frame[1] = dims
        elif frame[1] != dims:
            return (None, tok[2] if tok is not None else offset + len(text))
        frame[0] = int(frame[0]) + 1  # type: ignore[call-overload]
        if tok is not None and tok[0] == ",":
            tok = next(tokens, None)
            if tok is not None and tok[0] == "]":  # (`[1, ]`: an element wanted at the `]`)
                return (None, NoElement(tok[2]))
    return None


def literal_problem(op: Operation) -> Problem | None:
    """What MLIR's parser rejects in a constant op's literal against its type (the custom form's
    literal, typed by the result; the generic form's ``value``), or None: what it cannot read is
    passed over (hex and complex values, quantized and other element types, ``i1`` below 0)."""
    if op.generic:
        attr = op.attribute("value")
        if attr is None:
            return None
        text = attr.text.strip()
        m = _HEAD.match(text)
        written = value_type(text)
        if written is None:
            return None
        type_ = written.type
        literal = text if m is not None else text.rpartition(":")[0].strip()
    else:
        attr = next((a for a in op.attributes if a.name == ""), None)
        if attr is None or len(op.results) != 1:
            return None
        text = literal = attr.text.strip()
        type_ = op.results[0].type
        m = _HEAD.match(text)
    if m is None:
        if isinstance(type_, ShapedType):
            return None
        return _scalar(op, attr, literal, str(type_).strip())
    if m.group(1) != "dense":
        return None
    end = _close(text, m.end())
    if end < 0:
        return None
    lead = len(attr.text) - len(attr.text.lstrip())
    if not isinstance(type_, ShapedType) or type_.kind not in ("tensor", "vector"):
        bad = unlexed(text[m.end() : end])  # (read before its type)
        at = None if bad is None else offset_span(attr, lead + m.end() + bad[1], 1)
        return None if bad is None or at is None else Problem("BC001", {"detail": bad[0]}, span=at)
    return _elements(attr, text[m.end() : end], lead + m.end(), type_)


def attribute_literal_problem(op: Operation) -> Problem | None:
    """What MLIR's parser rejects in a named attribute's ``dense<...> : T`` literal, whatever the
    op (``reduce_window``'s ``padding = dense<0> : tensor<?x2xi64>``): the same reading as a
    constant's literal (:func:`_elements`), of the first such attribute that is wrong. The value of
    a constant's custom form (unnamed, typed by its result) is its check's to read."""
    for attr in op.attributes:
        if not attr.name or "dense<" not in attr.text:
            continue
        text = attr.text.strip()
        m = _HEAD.match(text)
        if m is None or m.group(1) != "dense":
            continue
        written = value_type(text)
        if written is None or not isinstance(written.type, ShapedType) or written.type.kind not in ("tensor", "vector"):
            continue
        end = _close(text, m.end())
        if end < 0:
            continue
        lead = len(attr.text) - len(attr.text.lstrip())
        problem = _elements(attr, text[m.end() : end], lead + m.end(), written.type)
        if problem is not None:
            return problem
    return None
