"""``stablehlo.convolution``'s dimension numbers and window clause, as StableHLO's parsers read
them (``parseConvolutionDimensions``, ``ConvDimensionNumbersAttr::parse`` and
``parseWindowAttributes`` in StablehloOps.cpp, checked with iree-opt 3.13).

The compact form ``[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`` is the custom form's ``dim_numbers``
and the body of the generic form's ``#stablehlo.conv<...>``. Its parser rejects a letter out of
place or twice, a negative or repeated spatial index, a side that leaves out a letter or a spatial
index below its largest, and a token it does not expect; the custom form's parser also reads
``window = {stride = [...], pad = [[l, h], ...], lhs_dilate = [...], rhs_dilate = [...], reverse =
[...]}``, rejecting an unknown or repeated key and a padding entry that is not a pair. These are
parse errors: the module stops there, at the parser's place, and no verifier runs. The custom
form's parser words its own errors after ``custom op 'stablehlo.convolution'``; a missing ``[``,
``]``, ``->`` or ``=`` is the generic token error, unprefixed, at the end of the token before it.

Not modelled (passed over): MHLO's forms, an integer beyond 64 bits or a spatial index too large
to list, the long form's errors (``#stablehlo.conv<raw ...>``: two errors at once), a clause over
several lines that is wrong, and a place outside the clause's text that is not known (before the
custom ``dim_numbers``' first token; after its last, unless ``, window`` follows as printed).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from broadcheck.dialects.literal import offset_span
from broadcheck.dialects.stablehlo.common import Reject, Unknown, dialect_of, is_mhlo
from broadcheck.ops import Attribute, Operation, Span
from broadcheck.semantics import Problem
from broadcheck.syntax.lazyre import lazy

_TOKEN = lazy(
    r"\s*(?:(->)|(\d+\.\d*(?:[eE][-+]?\d+)?)|(0x[0-9a-fA-F]+|\d+)|([A-Za-z_][A-Za-z0-9_$.]*)|"
    r"([-\[\],<>(){}=?:*+])|(\"[^\"\\\n]*\"))"
)
"""MLIR's tokens as far as these clauses meet them: an arrow, a float, an integer, a bare
identifier (a keyword to the parser), punctuation, a string; other text is passed over."""
_KINDS = ("arrow", "float", "integer", "word", "punct", "string")
_WORD_INTEGERS = {"true": -1, "false": 0}
"""The parser reads ``true`` and ``false`` as integers (a 1-bit value, sign-extended to 64)."""
_LIMIT = 1 << 63
_MOST_SPATIAL = 1024
"""A larger spatial index is passed over (the parser sizes a vector by it)."""
_SIDES = (("b", "f"), ("i", "o"), ("b", "f"))
_WINDOW_KEYS = ("stride", "pad", "lhs_dilate", "rhs_dilate", "reverse")


class _Stop(Exception):
    """The parser's error: a code, its arguments, and its offset in the clause's text."""

    def __init__(self, code: str, offset: int, **args: object) -> None:
        super().__init__(code)
        self.code, self.offset, self.words = code, offset, args


class _Tokens:
    """A clause's text as tokens (kind, text, start, end), and the parser's place among them."""

    def __init__(self, text: str, start: int, prefix: str) -> None:
        if "//" in text:
            raise Unknown(text)
        self.text, self.prefix, self.at = text, prefix, 0
        self.next_adjacent = True
        """Whether the token after the clause starts where its text ends (the parser's place past it)."""
        self.items: list[tuple[str, str, int, int]] = []
        pos = start
        while text[pos:].strip():
            m = _TOKEN.match(text, pos)
            if m is None:
                raise Unknown(text)  # a character whose lexer error is not modelled
            kind = _KINDS[m.lastindex - 1]  # type: ignore[operator]
            self.items.append((kind, m.group(m.lastindex), m.start(m.lastindex), m.end()))  # type: ignore[arg-type]
            pos = m.end()

    def peek(self) -> tuple[str, str]:
        """The current token's kind and text (``("", "")`` past the clause's end)."""
        return self.items[self.at][:2] if self.at < len(self.items) else ("", "")

    def here(self) -> int:
        """Where the current token starts: the parser's place for its own errors."""
        if self.at < len(self.items):
            return self.items[self.at][2]
        if not self.next_adjacent:
            raise Unknown("the token after the clause")  # (its text ends at its last token)
        return len(self.text)

    def after(self) -> int:
        """Where the token before the current one ends: the place of MLIR's wrong-token errors."""
        if self.at == 0:
            raise Unknown("a token error before the clause")  # its place is outside the text
        return self.items[self.at - 1][3]

    def take(self, text: str) -> bool:
        """Consume the current token if it is ``text``."""
        if self.peek()[1] == text:
            self.at += 1
            return True
        return False

    def expect(self, text: str) -> None:
        """Consume ``text``, or stop with the generic ``expected '...'`` (unprefixed)."""
        if not self.take(text):
            raise _Stop("BC001", self.after(), detail=f"expected '{text}'")

    def own(self, code: str, offset: int, **args: object) -> _Stop:
        """The custom parser's own error (prefixed in the custom form)."""
        return _Stop(code, offset, prefix=self.prefix, **args)

    def integer(self) -> int | None:
        """``parseOptionalInteger`` to 64 bits: the value, or ``None`` when no integer is here."""
        kind, text = self.peek()
        if text in _WORD_INTEGERS:
            self.at += 1
            return _WORD_INTEGERS[text]
        if kind != "integer" and text != "-":
            return None
        negative = self.take("-")
        kind, text = self.peek()
        if kind != "integer":
            raise _Stop("BC001", self.after(), detail="expected integer value")
        self.at += 1
        got = int(text, 16) if text.startswith("0x") else int(text)
        got = -got if negative else got
        if not -_LIMIT <= got < _LIMIT:
            raise Unknown(text)  # "integer value too large": not compared with iree-opt at its edges
        return got


def _side(t: _Tokens, letters: tuple[str, str]) -> tuple[int, int, tuple[int, ...]]:
    """One ``[...]`` of dimension numbers: the two letters' positions and the spatial ones'."""
    t.expect("[")
    spatial: dict[int, int] = {}
    found: dict[str, int] = {}
    index = 0
    while True:
        start = t.here()
        number = t.integer()
        if number is not None:
            if number < 0:
                raise t.own("BC1866", start, dimension=number, expecting="")
            if number in spatial:
                raise t.own("BC1867", start, dimension=number)
            if number > _MOST_SPATIAL:
                raise Unknown("a spatial index too large")
            spatial[number] = index
        else:
            kind, word = t.peek()
            if kind != "word":
                raise _Stop("BC001", start, detail=f"{t.prefix}expected valid keyword")
            t.at += 1
            left = [x for x in letters if x not in found]
            if len(word) != 1 or not left:
                raise t.own("BC1868", start, keyword=word)
            if word not in left:
                raise t.own("BC1866", start, dimension=word, expecting=", expecting " + ", ".join(left))
            found[word] = index
        index += 1
        if not t.take(","):
            break
    left = [x for x in letters if x not in found]
    if left:
        raise t.own("BC1869", t.here(), dimensions=", ".join(left))
    t.expect("]")
    missing = [d for d in range(max(spatial, default=-1) + 1) if d not in spatial]
    if missing:
        raise t.own("BC1870", t.here(), dimensions=", ".join(map(str, missing[:10])))
    return found[letters[0]], found[letters[1]], tuple(spatial[d] for d in range(len(spatial)))


class Numbers:
    """Convolution dimension numbers: batch, feature and spatial dimensions of each side."""

    input: tuple[int, int, tuple[int, ...]]
    kernel: tuple[int, int, tuple[int, ...]]
    output: tuple[int, int, tuple[int, ...]]

    def __init__(self, t: _Tokens) -> None:
        self.input = _side(t, _SIDES[0])
        if not t.take("x"):
            raise _Stop("BC001", t.here(), detail=f"{t.prefix}expected 'x'")
        self.kernel = _side(t, _SIDES[1])
        t.expect("->")
        self.output = _side(t, _SIDES[2])


class RawNumbers(Numbers):
    """The long form: ``#stablehlo.conv<raw input_batch_dimension = 0, ...>`` (it may name a
    dimension twice, or one out of range, which the compact form cannot print)."""

    _FIELDS = (
        "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
        "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
        "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions",
    )  # fmt: skip

    def __init__(self, text: str) -> None:  # (the parser's errors come two at once: passed over)
        fields: dict[str, object] = {}
        for m in re.finditer(r"(\w+)\s*=\s*(\[[^\]]*\]|-?\d+)", text):
            if m.group(1) in fields:
                raise Unknown(text)
            v = m.group(2)
            fields[m.group(1)] = _int_list(v) if v.startswith("[") else int(v)
        if set(fields) - set(self._FIELDS):
            raise Unknown(text)
        for name in self._FIELDS:  # a field left out is 0, or no dimensions (checked with jaxlib 0.10.2)
            fields.setdefault(name, () if name.endswith("dimensions") else 0)

        def one(name: str) -> int:
            got = fields[name]
            if not isinstance(got, int):
                raise Unknown(text)
            return got

        def many(name: str) -> tuple[int, ...]:
            got = fields[name]
            if not isinstance(got, tuple):
                raise Unknown(text)
            return got

        self.input = (one("input_batch_dimension"), one("input_feature_dimension"), many("input_spatial_dimensions"))
        self.kernel = (one("kernel_input_feature_dimension"), one("kernel_output_feature_dimension"),
                       many("kernel_spatial_dimensions"))  # fmt: skip
        self.output = (one("output_batch_dimension"), one("output_feature_dimension"),
                       many("output_spatial_dimensions"))  # fmt: skip


def _int_list(text: str) -> tuple[int, ...]:
    items = [t.strip() for t in text.strip()[1:-1].split(",") if t.strip()]
    try:
        return tuple(int(t) for t in items)
    except ValueError:
        raise Unknown(text) from None


def _rejected(op: Operation, attr: Attribute, stop: _Stop) -> Exception:
    """The parser's error at its place in ``attr``'s text (MHLO's parser is not compared: passed over)."""
    span = offset_span(attr, stop.offset, 1)
    if span is None or is_mhlo(op):
        return Unknown(attr.text)
    return Reject(Problem(stop.code, stop.words, span=span))


def numbers(op: Operation) -> Numbers | None:
    """The dimension numbers as the parser reads them (``None``: not given)."""
    attr = op.attribute("dimension_numbers")
    if attr is not None:
        head = f"#{dialect_of(op)}.conv<"
        text = attr.text.strip()
        if not text.startswith(head) or attr.text != text:
            raise Unknown(attr.text)
        if re.match(r"raw\b", text[len(head) :].lstrip()):
            return RawNumbers(text[len(head) : -1].lstrip()[3:])
        t = _Tokens(text, len(head) - 1, "")
        t.at = 1  # the '<'
    else:
        attr = op.attribute("dim_numbers")
        if attr is None or op.generic:
            return None
        t = _Tokens(attr.text, 0, f"custom op '{op.name}' ")
        window = op.attribute("window")  # `, window`: the ',' is where the text ends if printed so
        t.next_adjacent = (
            window is not None and window.span.line == attr.span.end_line
            and window.span.column == attr.span.end_column + len(", ")
        )  # fmt: skip
    try:
        got = Numbers(t)
        if attr.name == "dimension_numbers":
            t.expect(">")
        elif t.at < len(t.items):  # the custom form's next token is the ',' before `window`
            t.expect(",")
    except _Stop as stop:
        raise _rejected(op, attr, stop) from None
    if t.at < len(t.items):
        raise Unknown(attr.text)
    return got


def window_clause(op: Operation) -> dict[str, tuple[int, ...]] | None:
    """The custom form's ``window = {...}`` as ``parseWindowAttributes`` reads it: known keys, each
    once, ``= [...]`` of integers, and pairs in ``pad``. Each key's integers (``pad``'s flattened,
    ``reverse``'s flags as the integers they are written as); ``None`` when not given."""
    attr = op.attribute("window")
    if op.generic:
        return None
    if attr is None:  # the clause is not optional: `, window = {...}` must follow the dimension numbers
        numbers = op.attribute("dim_numbers")
        if numbers is None or is_mhlo(op):
            raise Unknown("no window clause")
        end = numbers.span
        at = Span(end.end_line, end.end_column, end.end_line, end.end_column + 1)
        raise Reject(Problem("BC001", {"detail": "expected ','"}, span=at))
    text = attr.text
    if not (text.startswith("{") and text.endswith("}")):
        raise Unknown(text)
    t = _Tokens(text, 0, f"custom op '{op.name}' ")
    t.at = 1
    given: dict[str, tuple[int, ...]] = {}
    try:
        while t.peek()[0] == "word":
            key = t.peek()[1]
            t.at += 1
            if key not in _WINDOW_KEYS or key in given:
                raise t.own("BC1868", t.here(), keyword=key)
            t.expect("=")
            values: list[int] = []
            _list(t, partial(_pair if key == "pad" else _integer, t, values))
            given[key] = tuple(values)
            if not t.take(","):
                break
        t.expect("}")
    except _Stop as stop:
        raise _rejected(op, attr, stop) from None
    if t.at != len(t.items):
        raise Unknown(text)
    return given


def _list(t: _Tokens, element: Callable[[], None]) -> int:
    """``parseCommaSeparatedList`` in square brackets (empty allowed): how many elements."""
    t.expect("[")
    if t.take("]"):
        return 0
    count = 0
    while True:
        element()
        count += 1
        if not t.take(","):
            break
    t.expect("]")
    return count


def _integer(t: _Tokens, values: list[int]) -> None:
    """``parseInteger``: the custom parser's error when no integer is here."""
    got = t.integer()
    if got is None:
        raise _Stop("BC001", t.here(), detail=f"{t.prefix}expected integer value")
    values.append(got)


def _pair(t: _Tokens, values: list[int]) -> None:
    """One padding entry, ``[low, high]``."""
    count = _list(t, lambda: _integer(t, values))
    if count != 2:
        raise t.own("BC1871", t.here(), count=count)
