"""The fast path: simple op lines read without Lark, with exactly the grammar's result.

Real IR repeats itself: a model uses a few hundred tensor types, and most op
statements are printed on one line in MLIR's canonical spacing. For such a
*simple line* (:data:`SIMPLE`) broadcheck reads the name, attributes and
signature with regular expressions that accept a strict subset of what
``grammars/mlir.lark`` accepts, and builds the same types (and, for plain
attribute dictionaries, the same attributes) the grammar's builder would; a
simple line with a problem is located from its own text (:func:`located`).
Anything outside that subset goes through the grammar, once per distinct
statement (:func:`statement_key`) or, for a custom form, once per distinct
items (:func:`typed_statement`), so diagnostics are unchanged. The test suite
checks the two paths against each other on every fixture, the examples,
generated files and fuzzed inputs (tests/test_fastpath.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from broadcheck.ops import Attribute, OpaqueType, Operation, ShapedType, Span, Type, TypeUse

INT64_MAX = 2**63 - 1

_ID = r"%[A-Za-z0-9_$.\-]+(?:#[0-9]+)?"  # the grammar's VALUE_ID


@cache
def _simple() -> re.Pattern[str]:
    """:data:`SIMPLE`, compiled when first used: a clean run's batch stage (:data:`SIMPLE_LINE`)
    reads most simple lines without it."""
    return re.compile(
        rf"(?P<result>{_ID} = )?"
        rf'(?:"(?P<generic>[A-Za-z_][\w$.\-]*)"\((?:{_ID}(?:, {_ID})*)?\)'
        rf"|(?P<custom>[A-Za-z_][\w$]*\.[\w$.]+)(?P<operands> {_ID}(?:, {_ID})*)?)"
        r"(?P<mid>(?: <?\{[^{}\n]*\}>?)*) : (?P<sig>\([^()\n]*\) -> [^\n]*"
        # The custom form of an op whose operands and results share one type: `: T`.
        r"|(?(custom)(?P<single>[^\s(][^\n]*)|(?!)))"
    )


if TYPE_CHECKING:
    SIMPLE: re.Pattern[str]
    """A simple line: one op in MLIR's canonical spacing (:func:`_simple`)."""
else:

    def __getattr__(name: str) -> object:
        if name == "SIMPLE":
            return _simple()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The grammar's BUILTIN_TYPE: the element types a simple type may have. The pattern takes any
# word there and :func:`_element` tests it (a pattern that spells out the names takes 1.3 ms
# more to compile, at every start-up).
_ELEMENTS = frozenset(
    "index none bf16 tf32 f16 f32 f64 f80 f128 f8E5M2FNUZ f8E5M2 f8E4M3FNUZ f8E4M3FN f8E4M3B11FNUZ f8E4M3 "
    "f8E3M4 f8E8M0FNU f6E2M3FN f6E3M2FN f4E2M1FN".split()
)
_INTEGER = re.compile(r"[su]?i[1-9][0-9]*")
_SIMPLE_TYPE = re.compile(
    r"tensor<(?P<dims>(?:(?:[0-9]+|\?)x)*)(?P<element>[A-Za-z]\w*)>"
    r"|tensor<\*x(?P<unranked>[A-Za-z]\w*)>"
    r"|vector<(?P<vdims>(?:[1-9][0-9]*x)*)(?P<velement>[A-Za-z]\w*)>"
    r"|!(?P<alias>[A-Za-z_][\w$\-]*)"
    r"|(?P<builtin>[A-Za-z]\w*)"
)


def _element(text: str) -> bool:
    """Whether ``text`` is a BUILTIN_TYPE of the grammar."""
    return text in _ELEMENTS or _INTEGER.fullmatch(text) is not None


# Stage (a) of the batch pipeline: every simple line of a block, found by one regex pass in C
# (``finditer`` from the ``\n`` before each line). It accepts a strict subset of :data:`SIMPLE`
# (so its key is exactly :func:`simple_key`'s): one result without ``#``, no second quoted op
# name in the line (which the scanner would take for another op), no comment, a result type
# without spaces, and only a plain ``loc("...")`` after it. Any other line is left to the scanner.
_IDS = rf"{_ID}(?:, {_ID})*"
# A fused location of plain strings, as TFLite's exporter writes them: `loc(fused["Add:", "m/add"])`.
_FUSED = r'fused\[(?:"[^"\\\n]*+"(?:, "[^"\\\n]*+")*+)?\]'
SIMPLE_LINE = re.compile(
    r"\n[ \t]*+(?P<result>%[A-Za-z0-9_$.\-]++ = )?"
    rf'(?:"(?P<generic>[A-Za-z_][\w$.\-]*+)"\((?:{_IDS})?\)|(?P<custom>[A-Za-z_][\w$]*\.[\w$.]+)(?P<operands> {_IDS})?)'
    r'(?P<key>(?P<mid>(?: <?\{(?:[^{}\n"]++|"[^"\\\n{}]*+"(?![ \t]*\())*+\}>?)*+) : '
    r'(?:\([^()\n"/]*+\) -> (?:\([^()\n"/]*+\)|[^\s()"/]++)|(?(custom)(?P<single>[^\s("/][^\s"/]*+)|(?!))))'
    rf'(?: loc\((?:"[^"\\\n]*+"|#[\w$.\-]++|{_FUSED})\))?[ \t\r]*+(?=\n|\Z)'
)


def line_key(m: re.Match[str]) -> str | None:
    """The key of a line :data:`SIMPLE_LINE` found: :func:`simple_key`'s, without reading it again."""
    single = m.group("single")
    if single is None:
        return m.group("key")
    if simple_type(single, _NO_ALIASES_SEEN) is None and not single.startswith("!"):
        return None
    operands = m.group("operands")
    count = operands.count("%") if operands else 0
    result = f" -> {single}" if m.group("result") else " -> ()"
    return f"{m.group('mid')} : ({', '.join([single] * count)}){result}"


_NOWHERE = Span(0, 0, 0, 0)
_NO_ALIASES_SEEN: Mapping[str, object] = {}
_MID = re.compile(r"((?: <?\{[^{}\n]*\}>?)*) : ")


def simple_key(text: str, start: int, end: int) -> tuple[str, int, bool] | None:
    """The key (attributes and signature) of the simple line at ``start``, where it ends,
    and whether it is the custom form's one trailing type (whose statement may go on on the
    next line, which the scanner decides).

    A trailing ``loc("...")`` with a plain string, ``loc(#alias)`` or a fused location of
    plain strings, is left out of the
    key: it never changes whether the statement is valid or its verdict.
    """
    m = _simple().match(text, start, end)
    if m is None:
        return None
    stop = m.end()
    while text[stop - 1] in " \t\r":
        stop -= 1
    key_end = stop
    if text.endswith('")', 0, stop):
        at = text.rfind(' loc("', m.start("sig"), stop)
        if at > 0 and text.find('"', at + 6, stop - 2) < 0 and text.find("\\", at + 6, stop - 2) < 0:
            key_end = at
    elif text.endswith("])", 0, stop):
        at = text.rfind(" loc(fused[", m.start("sig"), stop)
        if at > 0 and _patterns().fused.fullmatch(text, at + 5, stop - 1):
            key_end = at
    elif text.endswith(")", 0, stop):
        at = text.rfind(" loc(#", m.start("sig"), stop)
        if at > 0 and _patterns().loc_alias.fullmatch(text, at + 6, stop - 1):
            key_end = at
    if m.start("single") >= 0:
        # `: T` stands for `(T, ..., T) -> T`: that is the key, so the verdict is shared with
        # the functional form. A trailing type that is not simple is left to the grammar.
        single = text[m.start("single") : key_end]
        if simple_type(single, _NO_ALIASES_SEEN) is None and not single.startswith("!"):
            return None
        operands = m.group("operands")
        count = operands.count("%") if operands else 0
        result = f" -> {single}" if m.start("result") >= 0 else " -> ()"
        return f"{m.group('mid')} : ({', '.join([single] * count)}){result}", stop, True
    # mid (attributes) and sig, as written: " {...} : (T, T) -> T"
    return text[m.start("mid") : key_end], stop, False


class Reading:
    """What a run has read already: type texts, and whether the grammar accepts an
    attribute text (a run's memory, never a module's; bounded)."""

    __slots__ = ("attributes", "groups", "items", "types")

    def __init__(self, types: dict[str, TypeUse | None] | None = None, attributes: dict[str, bool] | None = None):
        self.types: dict[str, TypeUse | None] = {} if types is None else types
        """Type texts read (:func:`simple_type`), as types written nowhere (``None``: not simple)."""
        self.attributes: dict[str, bool] = {} if attributes is None else attributes
        self.groups: dict[str, tuple[TypeUse, ...] | None] = {}
        """Type groups without aliases, as read (:func:`_group`)."""
        self.items: dict[tuple[str, str], tuple[tuple[Attribute, ...], bool]] = {}
        """(op, :func:`statement_key` of what precedes the signature) of one-line statements the
        grammar has read with a simple functional signature, and what it read there: the
        attributes and whether the form is generic (see :func:`typed_statement`)."""


# Ops that print their types as a list, `: T1, T2`, with which listed type each operand and
# each result has (StableHLO's `custom<SelectOpType>`: `pred_type, result_type`). The grammar's
# builder (broadcheck.syntax.parser) maps a type list by this table too.
TYPE_LIST_LAYOUTS: Mapping[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "stablehlo.select": ((0, 1, 1), (1,)),
    "mhlo.select": ((0, 1, 1), (1,)),
}


def typed_statement(name: str, text: str) -> tuple[str, str] | None:
    """A one-line statement of op ``name`` as (what precedes its signature, the signature as
    ``" : (T, T) -> T"``) when that signature is simple (a functional type, or a type list of
    :data:`TYPE_LIST_LAYOUTS`, mapped as the grammar's builder maps it) and all that follows it
    is a plain location; else ``None``.

    The grammar reads the two parts apart (the items of a custom form, then the type), so once
    it has read a statement with given items, it reads the same attributes and form from them
    with any simple signature, and the types are the signature's alone.
    """
    colon = text.rfind(" : ")
    if colon < 0 or "\n" in text:
        return None
    patterns = _patterns()
    m = patterns.typed_tail.fullmatch(text, colon)
    if m is not None:
        return text[:colon], text[colon : m.end(1)]
    layout = TYPE_LIST_LAYOUTS.get(name)
    m = patterns.type_list_tail.fullmatch(text, colon) if layout is not None else None
    if layout is None or m is None:
        return None
    types = m.group(1).split(", ")
    if len(types) != 1 + max(layout[0]):
        return None
    operands, results = (", ".join(types[i] for i in layout[0]), ", ".join(types[i] for i in layout[1]))
    return text[:colon], f" : ({operands}) -> ({results})"


def _dims(text: str) -> tuple[int | None, ...] | None:
    dims = tuple(None if d == "?" else int(d) for d in text.split("x")[:-1])
    return None if any(d is not None and d > INT64_MAX for d in dims) else dims


def simple_type(text: str, aliases: Mapping[str, object], memory: Reading | None = None) -> Type | None:
    """The type ``text`` as the grammar would build it, if it is simple; else ``None``."""
    use = _simple_use(text, aliases, memory)
    return None if use is None else use.type


def _simple_use(text: str, aliases: Mapping[str, object], memory: Reading | None) -> TypeUse | None:
    """:func:`simple_type`'s type as written nowhere: one per distinct text in a run, shared by
    every signature that writes it (it is immutable), so a run's memory holds each once."""
    if memory is not None and text in memory.types:
        return memory.types[text]
    m = _SIMPLE_TYPE.fullmatch(text)
    if m is None:
        return None
    if m.group("alias") is not None:  # its type depends on the aliases in scope: not kept
        target = aliases.get(m.group("alias"))
        return TypeUse(target, _NOWHERE) if isinstance(target, ShapedType | OpaqueType) else None
    parsed: Type | None
    element = m.group("element") or m.group("unranked") or m.group("velement") or m.group("builtin")
    if not _element(element):
        parsed = None
    elif m.group("element") is not None:
        dims = _dims(m.group("dims"))
        parsed = None if dims is None else ShapedType("tensor", dims, element)
    elif m.group("unranked") is not None:
        parsed = ShapedType("tensor", None, element)
    elif m.group("velement") is not None:
        dims = _dims(m.group("vdims"))
        parsed = None if dims is None else ShapedType("vector", dims, element)
    else:
        parsed = OpaqueType(text)
    use = None if parsed is None else TypeUse(parsed, _NOWHERE)
    if memory is not None and len(memory.types) < 100_000:
        memory.types[text] = use
    return use


def _group(text: str, aliases: Mapping[str, object], memory: Reading | None) -> tuple[TypeUse, ...] | None:
    """The types of a type group (``(T, U)`` or ``T``), read once per run where no alias
    is named (real IR repeats its signatures); ``None`` if one is not simple."""
    if memory is None or "!" in text:
        return _read_group(text, aliases, memory)
    groups = memory.groups
    try:
        return groups[text]
    except KeyError:
        pass
    uses = _read_group(text, aliases, memory)
    if len(groups) < 100_000:  # a run's memory, bounded
        groups[text] = uses
    return uses


def _read_group(text: str, aliases: Mapping[str, object], memory: Reading | None) -> tuple[TypeUse, ...] | None:
    if text.startswith("("):
        if not text.endswith(")"):
            return None
        text = text[1:-1]
        if not text:
            return ()
    uses = []
    for part in text.split(", "):
        use = _simple_use(part, aliases, memory)
        if use is None:
            return None
        uses.append(use)
    return tuple(uses)


# Attribute dictionaries of plain entries (`name = "text"`, numbers with an optional builtin
# type, booleans, `unit`, `array<i64: 1, 2>`, and a dialect's enum attribute of words such as
# `#chlo<comparison_direction LE>`), which the grammar surely accepts: most real
# attribute texts (`onnx_node_name`, `device`, `fused_activation_function`) are unique per
# line, and asking the grammar about each would cost a parse per line.
_VALUE = (
    r'(?:"[^"\\\n{}]*"'
    r"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?(?: : (?:[su]?i[1-9][0-9]*|index|bf16|f16|f32|f64))?"
    r"|true|false|unit|array<i(?:1|8|16|32|64)(?:: -?[0-9]+(?:, -?[0-9]+)*)?>"
    r"|#[A-Za-z_][\w$]*<[A-Za-z_]\w*(?: [A-Za-z_]\w*)*>)"
)
_ENTRY = rf"[A-Za-z_][\w$.]* = {_VALUE}"
_ENTRIES = rf"(?:{_ENTRY}(?:, {_ENTRY})*)?"
# At most properties then attributes, in that order: what the generic form accepts, and so both.


class _Patterns(NamedTuple):
    """The patterns only some runs need, compiled on first use (constants, not run data)."""

    plain_attributes: re.Pattern[str]
    plain_entry: re.Pattern[str]
    names: re.Pattern[str]
    trailing_loc: re.Pattern[str]
    loc_alias: re.Pattern[str]
    fused: re.Pattern[str]
    typed_tail: re.Pattern[str]
    type_list_tail: re.Pattern[str]


@cache
def _patterns() -> _Patterns:
    return _Patterns(
        re.compile(rf"(?: <\{{{_ENTRIES}\}}>)?(?: \{{{_ENTRIES}\}})?"),
        re.compile(rf"([A-Za-z_][\w$.]*) = ({_VALUE})"),
        re.compile(r'"(?:[^"\\\n]|\\.)*"|%[A-Za-z0-9_$.\-]+'),
        re.compile(rf'[ \t]*loc\((?:#[\w$.\-]+|"[^"\\\n]*"(?::[0-9]+:[0-9]+)?|{_FUSED})\)[ \t\r]*\Z'),
        re.compile(r"[\w$.\-]+"),
        re.compile(_FUSED),
        re.compile(
            r' : (\([^()\n"/!]*\) -> (?:\([^()\n"/!]*\)|[^\s()"/!]+))'
            rf'(?: loc\((?:"[^"\\\n]*"|#[\w$.\-]+|{_FUSED})\))?[ \t\r]*'
        ),
        re.compile(
            r' : ([^\s()"/!,]+(?:, [^\s()"/!,]+)+)'
            rf'(?: loc\((?:"[^"\\\n]*"|#[\w$.\-]+|{_FUSED})\))?[ \t\r]*'
        ),
    )


def attributes_accepted(mid: str, memory: Reading) -> bool:
    """Whether the grammar accepts this attribute text (`` {...}`` or `` <{...}>``); asked once per text."""
    if _patterns().plain_attributes.fullmatch(mid) is not None:
        return True
    known = memory.attributes
    if mid in known:
        return known[mid]
    from broadcheck.syntax.parser import SyntaxProblem, parse_operation

    try:
        parse_operation(f'"x.y"(){mid} : () -> ()')
    except SyntaxProblem:
        accepted = False
    else:
        accepted = True
    if len(known) < 100_000:
        known[mid] = accepted
    return accepted


# A statement's key (for one the fast path cannot read): its text with every value name
# outside strings made one name, and without a trailing location the grammar surely accepts.
# A verdict never depends on either: the grammar's VALUE_ID is any `%[A-Za-z0-9_$.\-]+`, no
# rule reads a name or a location, and only the count and `#N`/`:N` parts of names matter.


def _one_name(m: re.Match[str]) -> str:
    text = m.group()
    return text if text[0] == '"' else "%v"


def statement_key(text: str) -> str:
    """The key under which a run remembers the verdict of a statement the grammar has read
    (``"\0"`` first, so it never equals a simple line's key)."""
    patterns = _patterns()
    loc = patterns.trailing_loc.search(text)
    if loc is not None:
        text = text[: loc.start()]
    return "\0" + patterns.names.sub(_one_name, text)


def split_key(key: str) -> tuple[str, str] | None:
    """A simple line's key as (attributes, signature)."""
    split = _MID.match(key)
    return None if split is None else (split.group(1), key[split.end() :])


def simple_operation(
    name: str,
    key: str,
    aliases: Mapping[str, object],
    keep_attributes: bool,
    memory: Reading,
    generic: bool = True,
    attributes: tuple[Attribute, ...] = (),
) -> Operation | None:
    """The op of a simple line, for its verdict only: it has no locations, and no
    attributes unless ``keep_attributes`` (a semantics that reads them), which only
    attribute dictionaries of plain entries give.

    ``None`` if the line is outside the simple subset: then the grammar reads it.
    """
    parts = split_key(key)
    if parts is None:
        return None
    mid, sig = parts
    if mid and keep_attributes:
        if _patterns().plain_attributes.fullmatch(mid) is None:
            return None
        properties = mid.find("}>") if mid.startswith(" <{") else -1  # where `<{...}>` ends
        attributes = tuple(
            Attribute(m.group(1), m.group(2), _NOWHERE, m.start() < properties)
            for m in _patterns().plain_entry.finditer(mid)
        )
    elif mid and not attributes_accepted(mid, memory):
        return None
    inputs, arrow, output = sig.partition(") -> ")
    if not arrow:
        return None
    operands = _group(inputs + ")", aliases, memory)
    results = _group(output, aliases, memory)
    if operands is None or results is None:
        return None
    return Operation(name, _NOWHERE, _NOWHERE, operands, results, attributes, generic)


def located(op: Operation, simple: str, line: int, column: int) -> Operation | None:
    """``op`` (:func:`simple_operation`'s, from the simple line ``simple``, which starts at
    ``line``:``column``) with the locations the grammar gives it: the name with its quotes,
    each type where it is written (the one trailing type for all), the statement with its
    location. So a simple line with a problem is worded without the grammar (but for one
    with attributes, whose locations only the grammar gives)."""
    m = _simple().match(simple) if not op.attributes else None
    if m is None:
        return None

    def span(start: int, end: int) -> Span:
        return Span(line, column + start, line, column + end)

    generic = m.start("generic") >= 0
    name = span(m.start("generic") - 1, m.end("generic") + 1) if generic else span(*m.span("custom"))
    if m.start("single") >= 0:
        start = m.start("single")
        end = simple.find(" ", start)
        one = span(start, end if end >= 0 else len(simple))
        operands, results = [one] * len(op.operands), [one] * len(op.results)
    else:
        operands, results = [], []
        close = simple.index(") -> ", m.start("sig"))
        operands = _spans(simple, m.start("sig") + 1, close, span)
        start = close + 5
        if simple.startswith("(", start):
            results = _spans(simple, start + 1, simple.index(")", start), span)
        else:
            end = simple.find(" ", start)
            results = [span(start, end if end >= 0 else len(simple))]
    if len(operands) != len(op.operands) or len(results) != len(op.results):
        return None
    return Operation(
        op.name,
        name,
        span(0, len(simple)),
        tuple(TypeUse(u.type, where) for u, where in zip(op.operands, operands, strict=True)),
        tuple(TypeUse(u.type, where) for u, where in zip(op.results, results, strict=True)),
        (),
        generic,
    )


def _spans(text: str, start: int, end: int, span: Callable[[int, int], Span]) -> list[Span]:
    """The spans of the ``, ``-separated simple types of ``text[start:end]``."""
    spans = []
    while start < end:
        stop = text.find(", ", start, end)
        stop = end if stop < 0 else stop
        spans.append(span(start, stop))
        start = stop + 2
    return spans


@cache
def _alias() -> re.Pattern[str]:
    return re.compile(r"!(?P<name>[A-Za-z_][\w$.]*) = (?P<type>\S+)")


def simple_alias(text: str, aliases: Mapping[str, object], memory: Reading | None = None) -> tuple[str, Type] | None:
    """``!name = type`` read without Lark when the type is simple (as the grammar reads it)."""
    m = _alias().fullmatch(text.rstrip())
    if m is None:
        return None
    parsed = simple_type(m.group("type"), aliases, memory)
    return None if parsed is None else (m.group("name"), parsed)
