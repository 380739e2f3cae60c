"""``stablehlo.constant``: the elements literal against its type, as MLIR's parser reads it,
then the op's verifier (a statically shaped result of the literal's type).

``%0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>`` gives its literal and type
together (the type is the result's); the generic form ``"stablehlo.constant"() {value =
dense<...> : T} : () -> U`` and ``stablehlo.constant() <{value = ...}> : () -> U`` give the
literal's type and the result's apart. The parser's errors are located in the literal:

* its lists nested unevenly (``tensor literal is invalid; ranks are not consistent between
  elements``, at the token after the element that differs);
* its shape against its type (``inferred shape of elements literal ([2]) does not match type
  ([3])``; a single element is a splat and fits any shape);
* a decimal integer where the type is a float, a float where it is an integer or ``index``,
  ``true`` or ``false`` where it is not ``i1``, an integer out of its type's range, a float
  written as more hex bits than its type has (at the element).

Not modelled (the op is passed over): hex blobs of a size that does not fit, complex literals
that are not pairs,
quantized and sub-byte types, ``sparse`` literals; of a ``dense_resource`` literal (in either
form) only its type is read, against the result's.
"""

from __future__ import annotations

import re

from broadcheck.dialects.literal import NO_ELEMENT, SKIP, element_problem, hex_size_fits, unlexed, value_type
from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    Reject,
    Unknown,
    checked,
    counts,
    fail,
    kind,
    ods_results,
    tensors,
)
from broadcheck.ops import Attribute, Operation, ShapedType, Span
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import element, tensor
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.types import read_type

STATIC = kind("F", "B", "I", "C", "QT", "QA", shape="static")
CHLO_STATIC = kind("F", "B", "I", "C", "QT", shape="static")
"""``chlo.constant``'s ``HLO_StaticShapeTensor`` (no per-axis quantized types)."""

_TOKEN = lazy(r'\s*(?:(?P<punct>[\[\](),])|(?P<string>"[^"]*")|(?P<atom>[^\s\[\](),"]+))')
_INT = lazy(r"[-+]?(?:0x[0-9a-fA-F]+|[0-9]+)")
_FLOAT = lazy(r"[-+]?(?:[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+)")
_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "i1": 1}


class Literal:
    """A dense literal as MLIR's parser reads it: its shape (``None`` for a splat), its elements
    (text and offset), or the offset of the uneven nesting."""

    def __init__(self, shape: tuple[int, ...] | None, elements: list[tuple[str, int]], hex_bytes: int | None) -> None:
        self.shape = shape
        self.elements = elements
        self.hex_bytes = hex_bytes


class Ragged(Exception):
    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


class NoElement(Ragged):
    """A ``,`` or ``]`` where a list's element is wanted (``[1, ]``, ``[1,, 2]``), at ``offset``."""


def read_literal(body: str, base: int) -> Literal:
    """The literal inside ``dense<...>`` (``body``, at offset ``base`` of the attribute's text)."""
    tokens = [
        (m.group(m.lastgroup or ""), m.lastgroup, base + m.start(m.lastgroup or "")) for m in _TOKEN.finditer(body)
    ]
    if "".join(t for t, _, _ in tokens).replace(" ", "") != "".join(body.split()):
        raise Unknown(body)
    if not tokens:
        raise Unknown("an empty literal")
    if tokens[0][1] == "string":
        text = tokens[0][0][1:-1]
        if len(tokens) != 1 or not re.fullmatch(r"0x(?:[0-9a-fA-F]{2})*", text):
            raise Unknown(body)
        return Literal(None, [], (len(text) - 2) // 2)
    elements: list[tuple[str, int]] = []
    pos = 0

    def element_at(i: int) -> int:
        """Read one element from token ``i``; the index after it."""
        text, kind_, offset = tokens[i]
        if text == "(":  # a complex element: `(re, im)`
            if i + 4 >= len(tokens) + 1 or [t for t, _, _ in tokens[i : i + 5]][2::2] != [",", ")"]:
                raise Unknown(body)
            parts = (tokens[i + 1][0], tokens[i + 3][0])
            elements.append(("()" if all(_FLOAT.fullmatch(x) for x in parts) else f"({parts[0]},{parts[1]})", offset))
            return i + 5
        if kind_ != "atom":
            raise Unknown(body)
        if text == "-" and i + 1 < len(tokens):  # `- 1`: the lexer's minus then the number
            raise Unknown(body)
        elements.append((text, offset))
        return i + 1

    if tokens[0][0] != "[":
        pos = element_at(0)
        if pos != len(tokens):
            raise Unknown(body)
        return Literal(None, elements, None)
    # Lists, with an explicit stack: each frame is [count, dims of its first element or None].
    stack: list[list[object]] = []
    i = 0
    while i < len(tokens):
        text, _, offset = tokens[i]
        if text == "[":
            stack.append([0, None])
            i += 1
            continue
        if text == "]":
            if not stack:
                raise Unknown(body)
            count, first = stack.pop()
            dims = (int(count), *first) if isinstance(first, tuple) else (int(count),)  # type: ignore[call-overload]
            i += 1
            if not stack:
                if i != len(tokens):
                    raise Unknown(body)
                return Literal(dims, elements, None)
            _add(stack[-1], dims, tokens[i][2] if i < len(tokens) else offset + 1)
        else:
            if not stack:
                raise Unknown(body)
            if text == ",":
                raise NoElement(offset)
            i = element_at(i)
            _add(stack[-1], (), tokens[i][2] if i < len(tokens) else offset + len(text))
        if i < len(tokens) and tokens[i][0] == ",":
            i += 1
            if i < len(tokens) and tokens[i][0] == "]":
                raise NoElement(tokens[i][2])
    raise Unknown(body)


def _ragged_before(body: str, base: int, at: int) -> bool:
    """Whether the parser finds the literal's lists nested unevenly, or an element missing, before offset ``at``."""
    try:
        read_literal(body, base)
    except Ragged as ragged:
        return ragged.offset < at
    except Unknown:
        pass
    return False


def _add(frame: list[object], dims: tuple[int, ...], after: int) -> None:
    """Count an element of a list, checking its dims against the first element's."""
    count, first = frame
    if first is None:
        frame[1] = dims
    elif first != dims:
        raise Ragged(after)
    frame[0] = int(count) + 1  # type: ignore[call-overload]


def _literal_parts(attr: Attribute, generic: bool) -> tuple[str, int, str | None]:
    """The literal's body, its offset in the attribute's text, and its type's text (generic form)."""
    text = attr.text
    m = re.match(r"dense<", text)
    if m is None:
        raise Unknown(text)
    depth, j, end = 1, m.end(), -1
    while j < len(text):
        c = text[j]
        if c == '"':
            close = text.find('"', j + 1)
            if close < 0:
                raise Unknown(text)
            j = close
        elif c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
            if depth == 0:
                end = j
                break
        j += 1
    if end < 0:
        raise Unknown(text)
    rest = text[end + 1 :].strip()
    if generic:
        if not rest.startswith(":"):
            raise Unknown(text)
        return text[m.end() : end], m.end(), rest[1:].strip()
    if rest:
        raise Unknown(text)
    return text[m.end() : end], m.end(), None


def _at(attr: Attribute, offset: int, length: int, generic: bool) -> Span:
    """The span of ``offset`` in the attribute's value."""
    span = attr.span
    if span.line != span.end_line or "\n" in attr.text:
        raise Unknown("a literal over several lines")
    column = span.end_column - len(attr.text) + offset
    return Span(span.line, column, span.line, column + length)


def _literal_type(text: str) -> ShapedType:
    try:
        t = read_type(text)
    except SyntaxProblem:
        raise Unknown(text) from None
    if not isinstance(t, ShapedType) or t.kind != "tensor" or t.shape is None:
        raise Unknown(text)
    return t


_HEX = lazy(r"0x[0-9a-fA-F]+")


def _elements_fit(lit: Literal, t: ShapedType, attr: Attribute, generic: bool) -> None:
    """Each element against the type's element (the parser's conversion), or pass over."""
    elem = t.element.strip()
    if lit.hex_bytes is not None:
        if not hex_size_fits(lit.hex_bytes, t):  # (one that does not fit is the caller's)
            raise Unknown("a hex literal")
        return
    kind_ = element(elem)
    for text, offset in lit.elements:
        if text.startswith("+"):  # (the lexer's '+' before the number: "expected element literal ...")
            raise Unknown(text)
        if kind_.family == "float":
            if text in ("true", "false"):
                raise Reject(Problem("BC1401", span=_at(attr, offset, len(text), generic)))
            if text.startswith("("):
                raise Unknown(text)
            if _INT.fullmatch(text) and not text.lstrip("-+").startswith("0x"):
                sign = len(text) - len(text.lstrip("-+"))  # (at the digits)
                raise Reject(Problem("BC569", span=_at(attr, offset + sign, len(text) - sign, generic)))
            if (
                text.startswith("0x")
                and _HEX.fullmatch(text)
                and elem in _BYTES
                and int(text, 16) >= 1 << (8 * _BYTES[elem])
            ):
                raise Reject(Problem("BC1407", span=_at(attr, offset, len(text), generic)))  # more bits than the type
            if text.startswith("0x") and (not _HEX.fullmatch(text) or int(text, 16) >= 1 << (8 * _BYTES.get(elem, 0))):
                raise Unknown(text)  # not a hexadecimal number, or a width not known here
            if not (_FLOAT.fullmatch(text) or _INT.fullmatch(text)):
                raise Unknown(text)
        elif kind_.family in ("sint", "uint", "bool") or elem == "index":
            found = element_problem(text, elem, dense=True)  # (as arith.constant's literal)
            if found == SKIP:
                raise Unknown(text)
            if found is not None:
                code, digits = found
                sign = len(text) - len(text.lstrip("-+")) if digits else 0
                raise Reject(Problem(code, span=_at(attr, offset + sign, len(text) - sign, generic)))
        elif kind_.family == "complex":
            if text != "()" and not _hex_pair(text, elem):
                raise Unknown(text)  # a complex literal that is not a pair of floats
        else:
            raise Unknown(elem)  # quantized and other element types


def _hex_pair(text: str, elem: str) -> bool:
    """A complex element ``(re,im)`` of floats and hexadecimal bit patterns that fit the part's
    type (JAX prints a NaN part as ``0x7FC00000``)."""
    part = re.fullmatch(r"complex<(\w+)>", elem)
    width = _BYTES.get(part.group(1)) if part else None
    parts = text[1:-1].split(",")
    return width is not None and all(
        _FLOAT.fullmatch(x) or (_HEX.fullmatch(x) and int(x, 16) < 1 << (8 * width)) for x in parts
    )


def _shape_text(shape: tuple[int, ...] | tuple[int | None, ...]) -> str:
    return ", ".join(str(d) for d in shape)


@checked
def constant(op: Operation) -> None:
    """``stablehlo.constant``: the literal as the parser reads it, then the verifier."""
    generic = op.generic or op.attribute("value") is not None
    attr = op.attribute("value") if generic else next((a for a in op.attributes if a.name == ""), None)
    if attr is None:
        if not op.generic:
            raise Unknown("a literal broadcheck cannot find")
        if op.operands:
            raise Unknown("operands")
        counts(op, operands=0)
        raise fail("BC1070", name="value")
    if attr.text.startswith("dense_resource<") and not generic:
        # the parser gives the result the literal's type; the blob is not read (nor is it by the verifier)
        if len(op.results) != 1 or not isinstance(op.results[0].type, ShapedType):
            raise Unknown("the result")
        _verify(op, op.results[0].type)
        return
    if attr.text.startswith("dense_resource<"):
        written = value_type(attr.text)  # the blob is not read: its type is all there is
        if written is None or not isinstance(written.type, ShapedType) or written.type.kind != "tensor":
            raise Unknown(attr.text)
        if written.type.shape is None or written.type.encoding is not None:
            raise Unknown(attr.text)
        _verify(op, written.type)
        return
    if not attr.text.startswith("dense<"):
        raise Unknown(attr.text)
    body, offset, type_text = _literal_parts(attr, generic)
    bad = unlexed(body)  # (MLIR's lexer: before the literal's type and elements, after any nesting read before)
    if bad is not None and not _ragged_before(body, offset, offset + bad[1]):
        raise Reject(Problem("BC001", {"detail": bad[0]}, span=_at(attr, offset + bad[1], 1, generic)))
    if generic:
        assert type_text is not None
        literal_type = _literal_type(type_text)
    else:
        if len(op.results) != 1 or not isinstance(op.results[0].type, ShapedType):
            raise Unknown("the result")
        literal_type = op.results[0].type
        if literal_type.kind != "tensor" or literal_type.shape is None:
            raise Unknown("the literal's type")
    start = offset - len("dense<")
    here = _at(attr, start, len("dense"), generic)
    empty = not body.strip()  # `dense<>`: the parser takes it for a type of no element only
    try:
        lit = Literal(None, [], None) if empty else read_literal(body, offset)
    except NoElement as missing:
        raise Reject(Problem("BC001", {"detail": NO_ELEMENT}, span=_at(attr, missing.offset, 1, generic))) from None
    except Ragged as ragged:
        raise Reject(Problem("BC1075", span=_at(attr, ragged.offset, 1, generic))) from None
    if literal_type.shape is None or None in literal_type.shape:
        raise Reject(Problem("BC1003", span=here))
    if empty and all(literal_type.shape):
        raise Reject(Problem("BC1844", {"type": str(tensor(literal_type))}, span=here))
    if empty:
        lit = Literal(tuple(d or 0 for d in literal_type.shape), [], None)  # (static: no None)
    if lit.shape is not None and lit.shape != literal_type.shape:
        args = {"literal": _shape_text(lit.shape), "type": _shape_text(literal_type.shape)}
        raise Reject(Problem("BC1073", args, span=here))
    if literal_type.encoding is not None:
        raise Unknown(literal_type.encoding)
    if lit.hex_bytes is not None and hex_size_fits(lit.hex_bytes, literal_type) is False:
        raise Reject(Problem("BC1873", {"type": str(tensor(literal_type))}, span=here))
    _elements_fit(lit, literal_type, attr, generic)
    _verify(op, literal_type)


def _verify(op: Operation, literal_type: ShapedType) -> None:
    """The op's verifier, once the literal is read: no operands, a static result, the literal's type."""
    if op.operands:
        raise Unknown("operands")
    counts(op, operands=0)
    ods_results(op, [CHLO_STATIC if op.name == "chlo.constant" else STATIC])
    _, (result,) = tensors(op)
    literal = tensor(literal_type)
    if str(literal) != str(quant.stored(result)):  # hloquant: a quantized result is its storage type's
        args = {"inferred": str(literal), "actual": str(result)}
        expected = ShapedType("tensor", literal_type.shape, literal_type.element)
        raise Reject(Problem("BC521", args, Subject("result", 0), expected=expected))
