"""Read a type's text into a :class:`broadcheck.ops.Type`.

The common types (``tensor<4x?xf32>``, ``vector<4xf32>``, ``f32``) are read by one
regular expression; anything else (encodings, scalable dims, dialect types, complex
element types, a missing ``>``) by the grammar, which also words what is wrong.
Both give the same types (tests/test_types.py holds them to each other).

:func:`type_problem` says what MLIR's type parser says first of a type it rejects (its element
word, its dimension list, a memref's shape and element, a tuple's types), once per distinct text:
:mod:`.written` asks it of every type a statement writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from broadcheck.ops import OpaqueType, ShapedType, Span, Type
from broadcheck.syntax.brackets import scan, stops
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import KEYWORD, SyntaxProblem

INT64_MAX = 2**63 - 1

# The grammar's BUILTIN_TYPE names.
_ELEMENTS = frozenset(
    "index none bf16 tf32 f16 f32 f64 f80 f128 f8E5M2FNUZ f8E5M2 f8E4M3FNUZ f8E4M3FN f8E4M3B11FNUZ f8E4M3 "
    "f8E3M4 f8E8M0FNU f6E2M3FN f6E3M2FN f4E2M1FN".split()
)
_INTEGER = lazy(r"[su]?i(?:0|[1-9][0-9]*)")  # (`i0` is one: MLIR reads it)
_SIMPLE = lazy(
    r"tensor<(?P<dims>(?:(?:[0-9]+|\?)x)*)(?P<element>[A-Za-z]\w*)>"
    r"|tensor<\*x(?P<unranked>[A-Za-z]\w*)>"
    r"|vector<(?P<vdims>(?:[1-9][0-9]*x)*)(?P<velement>[A-Za-z]\w*)>"
    r"|(?P<builtin>[A-Za-z]\w*)"
)

# A tensor of a dialect's element type written in full (``tensor<64x!quant.uniform<i8:f32:0,
# {0.5,...}>>``): a per-axis quantized type's scales run to tens of thousands of characters.
_DIALECT = r"![A-Za-z_][\w$]*+\.[\w$.]*+(?:<[^\"()\[\]/]*>)?"
_DIALECT_ELEMENT = lazy(
    rf"(?P<kind>tensor|vector)<(?:(?P<dims>(?:(?:[0-9]+|\?)x)*+)|(?P<unranked>\*x))(?P<element>{_DIALECT})>"
)
# A dialect's type (``!tosa.shape<3>``, ``!tf_type.resource``), its name with a dot: no alias's.
_DIALECT_TYPE = lazy(_DIALECT)

Aliases = Mapping[str, "Type | SyntaxProblem"]
_NO_ALIASES: Aliases = {}


def builtin_element(text: str) -> bool:
    """Whether ``text`` names a builtin element type (``f32``, ``i8``, ``index``, ...)."""
    return text in _ELEMENTS or _INTEGER.fullmatch(text) is not None


def _too_wide(element: str) -> bool:
    """An integer type wider than MLIR's limit (16777215 bits)."""
    return len(element) > 8 and _INTEGER.fullmatch(element) is not None and int(element.lstrip("su")[1:]) > 16777215


def simple_type(text: str) -> Type | None:
    """The type ``text`` if it is one of the common forms (no spaces, no encoding), else ``None``."""
    m = _SIMPLE.fullmatch(text)
    if m is None:
        return None
    element = m.group("element") or m.group("unranked") or m.group("velement") or m.group("builtin")
    if not builtin_element(element) or _too_wide(element):
        return None  # (an integer wider than MLIR's limit: the grammar says so)
    if m.group("builtin") is not None:
        return OpaqueType(text)
    if m.group("unranked") is not None:
        return ShapedType("tensor", None, element)
    vector = m.group("velement") is not None
    dims = (m.group("vdims") if vector else m.group("dims")).split("x")[:-1]
    shape = tuple(None if d == "?" else int(d) for d in dims)
    if any(d is not None and d > INT64_MAX for d in shape):
        return None  # the grammar says what is wrong
    return ShapedType("vector" if vector else "tensor", shape, element)


def dialect_element_type(text: str, aliases: Aliases = _NO_ALIASES) -> Type | None:
    """The type ``text`` if it is a tensor (or vector) of a dialect's element type written in
    full, brackets balanced (``tensor<4x!quant.uniform<i8:f32:0, {0.5,0.25}>>``,
    ``tensor<*x!tf_type.variant>``), read in linear time, else ``None``: the grammar would read it
    the same, token by token."""
    m = _DIALECT_ELEMENT.fullmatch(text)
    if m is None:
        return None
    e = m.group("element")
    if not _dialect_type(e, aliases):
        return None
    if m.group("unranked") is not None:
        return ShapedType("tensor", None, e) if m.group("kind") == "tensor" else None
    dims = m.group("dims").split("x")[:-1]
    shape = tuple(None if d == "?" else int(d) for d in dims)
    vector = m.group("kind") == "vector"
    if any(d is not None and d > INT64_MAX for d in shape) or (vector and (None in shape or 0 in shape)):
        return None  # the grammar says what is wrong
    return ShapedType("vector" if vector else "tensor", shape, e)


def _dialect_type(text: str, aliases: Aliases) -> bool:
    """Whether ``text``, which :data:`_DIALECT` matches, reads as that dialect's type as the
    grammar reads it: its ``<...>``'s brackets balanced (``->``, ``>=``: the grammar's to tell),
    and, without one, not an alias's name (which the grammar would resolve)."""
    at = text.find("<")
    if at < 0 or not text[at + 1 : -1].strip():  # (`!a.b<>` as `!a.b`: the grammar's soup is empty)
        return text[1 : at if at >= 0 else len(text)] not in aliases
    return "->" not in text and ">=" not in text and scan(text, at + 1, len(text)) == (len(text) - 1, ">")


def read_type(text: str, aliases: Aliases = _NO_ALIASES) -> Type:
    """The type ``text``; raises :class:`SyntaxProblem` (relative to the text) if it is not one."""
    found = simple_type(text)
    if found is not None:
        return found
    if "!" in text:  # (a dialect's type, or a tensor of one: not the grammar's to read)
        if text[0] == "!":
            if _DIALECT_TYPE.fullmatch(text) is not None and _dialect_type(text, aliases):
                return OpaqueType(text)
        else:
            found = dialect_element_type(text, aliases)
            if found is not None:
                return found
    if text.startswith("!") and text[1:] in aliases and "<" not in text:
        target = aliases[text[1:]]
        if isinstance(target, SyntaxProblem):
            raise target
        return target
    from broadcheck.syntax.parser import parse_type  # the grammar, only for what needs it

    return parse_type(text, aliases)


_BODIES = lazy(r"(?<![\w.$!#])(?:(tensor)|[!#][A-Za-z_][\w.$]*+)<")
"""Where a builtin tensor's ``<`` is (group 1), or a dialect type's or an attribute's (raw text)."""


def same_type_key(key: str) -> str:
    """The key (a type's text without blanks) ``key``, each builtin tensor's empty encoding dropped:
    MLIR reads ``tensor<4xf32, >`` as ``tensor<4xf32>`` (an encoding is optional after the ``,``),
    nested too (``tuple<tensor<4xf32,>>``); not inside a dialect's type or an attribute (``!x.y<...>``
    is its dialect's text), nor a vector's or a memref's (whose parsers reject it). Asked only of a
    key that holds ``,>`` (:func:`~.parts.type_text`): the usual spellings pay nothing."""
    drop: list[int] = []
    raw = -1  # where the dialect's or attribute's body the last `<` found opened closes
    for m in _BODIES.finditer(key):
        if m.start() < raw:
            continue  # (inside that body: its own text)
        close, mark = scan(key, m.end(), len(key))
        if mark != ">":
            continue
        if m.group(1) is None:
            raw = close
        elif key[close - 1] == "," and key[close - 2] != ",":  # (`tensor<4xf32,,>`: rejected)
            drop.append(close - 1)
    if not drop:
        return key
    return "".join(key[a + 1 : b] for a, b in zip([-1, *drop], [*drop, len(key)], strict=True))


_ALIAS = lazy(r"[ \t]*!([\w$.\-]+)\s*=\s*(.*?)[ \t\r]*$", re.S)
"""A type alias's definition: its name, ``=`` and its type (a line break between them is a blank)."""

# ---------------------------------------------------------------- types MLIR's parser rejects

_JUDGED = lazy(r"(?:tensor|vector|complex)<.*|[A-Za-z_][\w$.]*+", re.S)
"""A type whose text this module judges as MLIR's type parser does: a builtin shaped or complex
type (``tensor<4xf33>``) or a bare word (``bf17``); a dialect's type (``!x.y<...>``), an alias and
a function type are their own parsers' (or not known here)."""
_TOSA_SHAPE = lazy(r"!tosa\.shape<[ \t]*(-[0-9]+)[ \t]*>")
"""TOSA's shape type of a negative rank."""
_MEMREF = lazy(r"memref<(?P<shape>(?:(?:[0-9]+|\?)[ \t]*x[ \t]*)*+)(?P<element>[A-Za-z_][\w$.]*+)(?=[ \t]*[,>])")
"""A memref's shape and element as far as a plain element word (its layout and memory space,
after a ``,``, are attributes: not judged)."""
_KEYWORD = lazy(rf"({KEYWORD})(?![\w$.<])[ \t]*+(?!<)")
"""A builtin type's keyword not followed by its ``<`` (``tensor?x3xf32``; ``tensor2x3xf32`` is one word, no
keyword: :data:`WRONG_TOKEN`)."""
_NO_KEYWORD = lazy(rf"(?!(?:{KEYWORD})(?![\w$.]))[A-Za-z_][\w$.]*+[ \t]*+<")
"""A word no builtin type is followed by its ``<`` (``tens<4xf32>``, ``vectr<4xf32>``): no type at all to
MLIR's parser (:data:`WRONG_TOKEN` at the word)."""
WRONG_TOKEN = "expected non-function type"
"""MLIR's ``emitWrongTokenError`` at a type's first token: placed just after the text before it."""
_PROBLEMS: dict[str, tuple[str, int] | None] = {}
""":func:`type_problem`'s answer per distinct type text (a pure function's cache)."""


def type_problem(text: str) -> tuple[str, int] | None:
    """What MLIR's type parser says first of the type written ``text`` (as a statement's reader
    cut it out), and the offset in ``text`` it says it at; ``None`` if it reads, or if it is not
    a builtin type this module judges (:data:`_JUDGED`: a dialect's type, an alias, a function
    type). Asked once per distinct text: the common types are one set lookup and one match."""
    try:
        return _PROBLEMS[text]
    except KeyError:
        pass
    if "\n" in text:  # (a type over lines: to MLIR's lexer its line breaks and comments are blanks)
        from broadcheck.syntax.lexer import one_line

        return type_problem(one_line(text))
    simple = simple_type(text)
    plain = simple is not None and not (isinstance(simple, ShapedType) and simple.element == "none")
    found = None if plain else _type_problem(text)
    if "!" in text or "#" in text:  # (a dialect's type or encoding it does not define: `tensor<2x!quant.unifom<...>>`)
        from broadcheck.syntax.mnemonics import mnemonic_problem  # (only where a type names one)

        if (slip := mnemonic_problem(text)) is not None and (found is None or slip[1] < found[1]):
            found = slip
    if len(_PROBLEMS) >= 4096:
        _PROBLEMS.clear()
    _PROBLEMS[text] = found
    return found


_VECTOR_ELEMENT = "failed to verify 'elementType': VectorElementTypeInterface instance"
_NOT_HELD = lazy(r"(?:tuple<|memref<|tensor<|none(?![\w$.]))")
"""Builtin types no tensor holds (nor a vector), and but for a memref no memref holds: MLIR's
``TensorType::isValidElementType`` (a nested tensor is the grammar's to say)."""
_COMPLEX = lazy(r"complex<[ \t]*(index|none|(?:tensor|vector|memref|tuple|complex)<)")
"""A complex number of what is not an integer or a float."""
_SHAPE = lazy(r"\*[ \t]*x[ \t]*|(?:(?:[0-9]+|\?)[ \t]*x[ \t]*)*+")
"""A memref's shape before its element (ranked, or ``*x``)."""


def _type_problem(text: str) -> tuple[str, int] | None:
    keyword = _KEYWORD.match(text)
    if keyword is not None:  # (`tensor?x3xf32`: the type's parser wants its `<` after its keyword)
        return f"expected '<' in {keyword[1]} type", keyword.end(1)
    if _NO_KEYWORD.match(text) is not None:
        return WRONG_TOKEN, 0
    if text.startswith("memref<") and not text.endswith(">"):  # (`memref<) ?xf16>`: cut at a bracket)
        at = _SHAPE.match(text, len("memref<")).end()  # type: ignore[union-attr]
        following = text[at : at + 1]
        return None if following.isalpha() or following in ("!", "(") else ("expected non-function type", at)
    if text.startswith("memref<") and text.endswith(">"):
        start, shape = next(entries(text, len("memref<"), len(text) - 1), (0, ""))
        at = start + _SHAPE.match(shape).end()  # type: ignore[union-attr]
        if shape and _NOT_HELD.match(text, at) and not text.startswith("memref<", at):
            return "invalid memref element type", at
        # its shape and element are read as a tensor's (`memref<` as long as `tensor<`)
        found = type_problem(f"tensor<{shape}>") if shape else None
        if found is None or found[0] == "invalid tensor element type":
            # (a memref's elements are not a tensor's)
            rank = None if shape.startswith("*") else _SHAPE.match(shape).group().count("x")  # type: ignore[union-attr]
            return _blank_layout(text, rank) if "," in text else None
        return found[0].replace(" tensor type", " memref type"), start - len("tensor<") + found[1]
    if text.startswith("tuple<") and text.endswith(">"):
        for start, element in entries(text, len("tuple<"), len(text) - 1):
            found = type_problem(element)
            if found is not None:
                if found[1] == 0 and found[0] == WRONG_TOKEN:
                    return found[0], len(text[:start].rstrip())
                return found[0], start + found[1]
        return None
    if (m := _TOSA_SHAPE.fullmatch(text)) is not None:  # (TOSA's one type with a number: ShapeType::parse)
        return f"invalid rank (must be >= 0): {m[1]}", text.index("<")
    if _JUDGED.fullmatch(text) is None:
        return None
    try:
        read = read_type(text)
    except SyntaxProblem as problem:
        if problem.message.startswith("undefined symbol alias"):
            return None  # (an alias inside it: this reader does not know the file's)
        at = 0
        for _ in range(problem.span.line - 1):
            at = text.index("\n", at) + 1
        return problem.message, at + problem.span.column - 1
    if isinstance(read, ShapedType):  # what its element may not be; a complex element's own
        at = text.find(read.element, text.index("<") + 1 + len(read.shape or ()))
        if _NOT_HELD.match(read.element):
            return ("invalid tensor element type", at) if read.kind == "tensor" else (_VECTOR_ELEMENT, 0)
        if read.element.startswith("complex<"):
            found = type_problem(read.element)
            return None if found is None else (found[0], at + found[1])
    elif (m := _COMPLEX.match(text)) is not None:
        return "invalid element type for complex", m.start(1)
    return None


_COMMA = stops(",")
"""Where :func:`entries`' walk stops: a ``,`` outside brackets."""


_LAYOUTS = ("affine_map<", "strided<", "#")
"""How a memref's entry that may be a layout starts (an alias may name one)."""


def _blank_layout(text: str, rank: int | None) -> tuple[str, int] | None:
    """What MLIR's memref parser says of a blank entry after its element, ``memref<4xf32, >``
    (its layout and memory space are a ``,``-separated list of attributes, and unlike a tensor's
    encoding none may be empty): ``expected list element`` where the first entry is blank and the
    list ends, else ``expected attribute value`` (``memref<?xf32, , 1>``, ``memref<4xf32, 1, >``),
    both ``emitWrongTokenError``'s, just after the ``,`` before it. Only the first two entries
    (a layout, a memory space): a third follows two that MLIR may reject first (``multiple memory
    spaces``), as may a layout of an unranked memref (``cannot have affine map``, an entry that
    may be one: :data:`_LAYOUTS`); those are not judged. A strided layout as its parser reads it
    (:func:`strided_problem`), and then, as the memref's verifier, one stride a dimension of the
    ``rank`` (``None``: unranked)."""
    end, unranked, strides = len(text) - 1, rank is None, None
    at, mark = scan(text, len("memref<"), end, _COMMA)
    for index in (1, 2):
        if mark != ",":
            break
        after, mark = scan(text, at + 1, end, _COMMA)
        if not text[at + 1 : after].strip():
            if index == 1 and mark == "":
                return "expected list element", at + 1
            return "expected attribute value", at + 1
        entry = text[at + 1 : after].lstrip()
        if unranked and entry.startswith(_LAYOUTS):
            return None  # (an unranked memref's layout: MLIR's "cannot have affine map" first)
        if index == 1 and entry.startswith("strided<"):
            found = strided_problem(text, after - len(text[at + 1 : after].strip()) - _trailing(text, at + 1, after))
            if isinstance(found, tuple):
                return found
            strides = found
        at = after
    if strides is not None and rank is not None and strides != rank:
        return "expected the number of strides to match the rank", 0
    return None


def _trailing(text: str, start: int, end: int) -> int:
    """How many blanks end ``text[start:end]``."""
    piece = text[start:end]
    return len(piece) - len(piece.rstrip())


_STRIDED_TOKEN = lazy(r"[ \t\r\n]*+(-?[0-9]\w*|[A-Za-z_][\w$.]*|\S)")


def strided_problem(text: str, begin: int) -> tuple[str, int] | int:
    """What ``StridedLayoutAttr``'s parser says of the layout ``strided<[...], offset: ...>`` at
    ``text[begin]``: a stride or the offset that is not an integer or ``?`` is "expected a 64-bit
    signed integer or '?'" at that token; a missing ``]``, ``,``, ``offset``, ``:`` or ``>`` its own
    words, just after the token before (``emitWrongTokenError``). If it reads, how many strides."""
    pos = begin + len("strided<")

    def token() -> tuple[str, int, int]:
        m = _STRIDED_TOKEN.match(text, pos)
        return ("", len(text), len(text)) if m is None else (m[1], m.start(1), m.end(1))

    def after_previous(at: int) -> int:
        return len(text[:at].rstrip(" \t\r\n"))

    def number() -> tuple[str, int] | None:
        nonlocal pos
        word, start, end = token()
        if word == "?" or (word.lstrip("-").isdigit() and int(word) <= 2**63 - 1):
            pos = end
            return None
        return "expected a 64-bit signed integer or '?'", start

    word, start, end = token()
    if word != "[":
        return "expected '['", after_previous(start)
    pos, strides = end, 0
    if token()[0] != "]":
        while True:
            if (wrong := number()) is not None:
                return wrong
            strides += 1
            word, start, end = token()
            if word != ",":
                break
            pos = end
    word, start, end = token()
    if word != "]":
        return "expected ']'", after_previous(start)
    pos = end
    word, start, end = token()
    if word == ">":
        return strides
    for wanted, words in (
        (",", "expected ','"),
        ("offset", "expected 'offset' after comma"),
        (":", "expected ':' after 'offset'"),
    ):
        word, start, end = token()
        if word != wanted:
            return words, after_previous(start)
        pos = end
    if (wrong := number()) is not None:
        return wrong
    word, start, _ = token()
    return strides if word == ">" else ("expected '>'", after_previous(start))


def entries(text: str, begin: int, end: int) -> Iterator[tuple[int, str]]:
    """The entries of the ``,``-separated list ``text[begin:end]`` (commas inside brackets or
    strings are their own), each with where it starts, without the blanks around it."""
    start = begin
    while True:
        at, mark = scan(text, start, end, _COMMA)
        if mark != "," and mark != "":
            at = end  # (a string or a bracket that does not close: the rest is one entry)
        piece = text[start:at]
        stripped = piece.strip()
        if stripped:
            yield start + len(piece) - len(piece.lstrip()), stripped
        if mark != ",":
            return
        start = at + 1


TYPE_VALUES = ("tensor<", "vector<", "memref<", "complex<", "tuple<")
"""How an attribute value that is a builtin type (a ``TypeAttr``) starts."""
_TYPED_VALUE = lazy(r"[ \t\n]*+[A-Za-z_][\w$.]*+(?:<.*)?[ \t\n]*+", re.S)
"""What may follow an attribute value's top-level ``:``: a builtin type, a word (``dense<1> : T``), or a
word and its ``<...>`` that no builtin type is (``tenso<4xf32>``: no type at all to MLIR's parser)."""
_COLON = stops(":")
"""Where :func:`attribute_type`'s walk stops: a ``:`` outside brackets."""


def attribute_type(value: str) -> tuple[int, str] | None:
    """The builtin type the attribute value ``value`` writes, and where in it: the type it is, or
    the type after its top-level ``:`` (``dense<1.0> : tensor<4xf32>``, ``1 : i32``); else ``None``."""
    if value.startswith(TYPE_VALUES):
        return 0, value
    at, mark = scan(value, 0, len(value), _COLON)  # (a million-element `dense<[...]>`: a few steps)
    if mark != ":" or value.startswith("::", at) or value[at - 1 : at] == ":":
        return None  # (none, or a nested symbol's `@a::@b`)
    rest = value[at + 1 :]
    if _TYPED_VALUE.fullmatch(rest) is None:
        return None
    return at + 1 + len(rest) - len(rest.lstrip()), rest.strip()


_ENTRY_NAME = lazy(r'(?:[A-Za-z_][\w$.\-]*+|"(?:[^"\\\n]|\\.)*+")[ \t\n]*+=[ \t\n]*+')
"""An attribute dictionary's entry's ``name =`` (a unit attribute has none)."""


def dictionary_types(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """The builtin types the values of the attribute dictionary ``text[start:end]`` (its
    ``{...}``) write (:func:`attribute_type`: ``{a = dense<1.0> : tensor<4xf32>}``), a nested
    dictionary's too, in order: each where it is in ``text``, and its text."""
    for at, entry in entries(text, start + 1, end - 1):
        name = _ENTRY_NAME.match(entry)
        if name is not None:
            value = entry[name.end() :]
            if value.startswith("{") and value.endswith("}"):
                yield from dictionary_types(text, at + name.end(), at + len(entry))
            elif ":" in value or value.startswith(TYPE_VALUES):
                typed = attribute_type(value)
                if typed is not None:
                    yield at + name.end() + typed[0], typed[1]


def read_alias(text: str, aliases: Aliases, line: int = 1, column: int = 1) -> tuple[str, Type | SyntaxProblem] | None:
    """A type alias definition ``!name = type`` (at ``line:column``): its name, and its type or
    what is wrong with it; ``None`` if ``text`` is not one."""
    if "//" in text:  # (a comment after it, or between its lines: blanks, offsets kept)
        from broadcheck.syntax.lexer import strip_comments

        text = strip_comments(text)
    m = _ALIAS.match(text)
    if m is None:
        return None
    name, body = m.group(1), m.group(2)
    found = simple_type(body)
    if found is not None:
        return name, found
    wrong = type_problem(body)
    if wrong is not None:  # (MLIR's words and place: the grammar takes a memref's or a tuple's as they come)
        message, at = wrong
        at = len(text[: m.start(2)].rstrip()) if at == 0 and message == WRONG_TOKEN else m.start(2) + at
        where = (
            line + text.count("\n", 0, at),
            (column if "\n" not in text[:at] else 1) + at - (text.rfind("\n", 0, at) + 1),
        )
        return name, SyntaxProblem(message, Span(where[0], where[1], where[0], where[1] + 1))
    from broadcheck.syntax.parser import parse_alias

    try:
        return parse_alias(text.strip(), aliases, line, column)
    except SyntaxProblem as problem:  # kept for the module: without the frames of its traceback
        return name, problem.with_traceback(None)
