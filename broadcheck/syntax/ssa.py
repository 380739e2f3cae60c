"""Read the SSA facts of one line: which values it defines and uses, with their types.

This is the syntax the value-flow pass (:mod:`broadcheck.valueflow`) and the
fixer (:mod:`broadcheck.fixes`) need of *every* op, checked or not, so it is
read with a few regular expressions per line rather than the grammar: one line,
one statement, in the forms MLIR prints (generic form, custom form with a
functional type or one trailing type, ``func.func`` headers, ``^bb`` labels,
``return``). A line it cannot read fully yields the names it may define and
nothing else, so a value it cannot type stays unknown: never an error.
"""

from __future__ import annotations

import re
from functools import cache
from sys import intern
from typing import NamedTuple

from broadcheck.ops import Frozen

ID = r"%[A-Za-z0-9_$.\-]+"
_USE = re.compile(rf"({ID})(?:#([0-9]+))?")


# Compiled when first used: a clean run's lines need none of these.
@cache
def _result() -> re.Pattern[str]:
    return re.compile(rf"({ID})(?::([0-9]+))?")


@cache
def _head() -> re.Pattern[str]:
    return re.compile(
        rf"^(?P<indent>[ \t]*)(?:(?P<results>{ID}(?::[0-9]+)?(?:[ \t]*,[ \t]*{ID}(?::[0-9]+)?)*)[ \t]*=[ \t]*)?"
        r'(?:"(?P<generic>[A-Za-z_][\w$.\-]*)"[ \t]*\(|(?P<custom>[A-Za-z_][\w$]*(?:\.[\w$.]+)?)(?=[ \t(<{]|$))'
    )


@cache
def _defines() -> re.Pattern[str]:
    return re.compile(rf"({ID})[ \t]*(?:=(?!=)|:(?![0-9]))")


_FUNC = re.compile(
    r"^[ \t]*func\.func[ \t]+(?:(?:private|public|nested)[ \t]+)?@(?P<name>[\w$.\-]+|\"[^\"]*\")[ \t]*\("
)
_BLOCK = re.compile(r"^[ \t]*\^[\w$.\-]+[ \t]*\(")
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|->|//|[<>()\[\]{}:,]')
_OPEN = {"(": ")", "[": "]", "<": ">", "{": "}"}


class TypeText(NamedTuple):
    """A type as written, and where it is (offsets into the line); make one with :func:`type_text`."""

    text: str
    start: int
    end: int
    key: str
    """The type with its spacing removed: two spellings of one type compare equal."""


def type_text(text: str, start: int, end: int) -> TypeText:
    """The :class:`TypeText` of ``text``, with its key."""
    return TypeText(text, start, end, "".join(text.split()))


class Use(Frozen):
    """An operand: the value's name, which result of it (``%0#1``), and its column."""

    __slots__ = __match_args__ = ("name", "index", "start", "end")
    name: str
    index: int
    start: int
    end: int

    def __init__(self, name: str, index: int, start: int, end: int) -> None:
        put = object.__setattr__
        put(self, "name", name)
        put(self, "index", index)
        put(self, "start", start)
        put(self, "end", end)


class Definition(Frozen):
    """A value a line defines: ``%0`` (or ``%0:2``, ``count`` results), at a column."""

    __slots__ = __match_args__ = ("name", "count", "start", "end")
    name: str
    count: int
    start: int
    end: int

    def __init__(self, name: str, count: int, start: int, end: int) -> None:
        put = object.__setattr__
        put(self, "name", name)
        put(self, "count", count)
        put(self, "start", start)
        put(self, "end", end)


class Line:
    """What one line says about values (offsets are 0-based into the line).

    A plain class (no dataclass code to generate at import) with a dataclass's
    ``__init__``, ``repr`` and ``==``.
    """

    __slots__ = __match_args__ = (
        "kind",
        "op",
        "op_start",
        "definitions",
        "uses",
        "operand_types",
        "result_types",
        "shared_type",
        "maybe_defined",
        "function",
        "function_results",
        "opens",
        "closes",
    )
    kind: str
    """``op``, ``func``, ``block``, ``return`` or ``other``."""
    op: str
    op_start: int
    definitions: list[Definition]
    uses: list[Use]
    operand_types: list[TypeText] | None
    """One per use, where the line writes them; ``None`` when it does not."""
    result_types: list[TypeText] | None
    """One per defined result (``%0:2`` counts 2); ``None`` when unknown."""
    shared_type: bool
    """The custom form's one trailing type, shared by every operand and result."""
    maybe_defined: list[str]
    """Names the line may define but that it cannot read (region arguments, ...)."""
    function: str
    function_results: list[TypeText] | None
    opens: int
    closes: int

    def __init__(
        self,
        kind: str = "other",
        op: str = "",
        op_start: int = 0,
        definitions: list[Definition] | None = None,
        uses: list[Use] | None = None,
        operand_types: list[TypeText] | None = None,
        result_types: list[TypeText] | None = None,
        shared_type: bool = False,
        maybe_defined: list[str] | None = None,
        function: str = "",
        function_results: list[TypeText] | None = None,
        opens: int = 0,
        closes: int = 0,
    ) -> None:
        self.kind, self.op, self.op_start = kind, op, op_start
        self.definitions = [] if definitions is None else definitions
        self.uses = [] if uses is None else uses
        self.operand_types, self.result_types, self.shared_type = operand_types, result_types, shared_type
        self.maybe_defined = [] if maybe_defined is None else maybe_defined
        self.function, self.function_results = function, function_results
        self.opens, self.closes = opens, closes

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Line) and other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"


def _strip_comment(line: str) -> str:
    if "//" not in line:
        return line
    for m in _TOKEN.finditer(line):
        if m.group() == "//":
            return line[: m.start()]
    return line


def _matching(text: str, pos: int) -> int:
    """The offset just past the bracket group that opens at ``pos``; -1 if it does not close."""
    stack: list[str] = []
    for m in _TOKEN.finditer(text, pos):
        token = m.group()
        if token in _OPEN:
            stack.append(_OPEN[token])
        elif token in ")]}>":
            if not stack or stack.pop() != token:
                return -1
            if not stack:
                return m.end()
    return -1


def _split_top(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The comma-separated parts of ``text[start:end]`` at bracket depth 0, trimmed."""
    parts: list[tuple[int, int]] = []
    depth = 0
    begin = start
    for m in _TOKEN.finditer(text, start, end):
        token = m.group()
        if token in _OPEN:
            depth += 1
        elif token in ")]}>":
            depth -= 1
        elif token == "," and depth == 0:
            parts.append((begin, m.start()))
            begin = m.end()
    parts.append((begin, end))
    trimmed = []
    for a, b in parts:
        while a < b and text[a] in " \t":
            a += 1
        while b > a and text[b - 1] in " \t":
            b -= 1
        trimmed.append((a, b))
    return trimmed


def _types(text: str, start: int, end: int) -> list[TypeText] | None:
    """The types of a comma-separated list; a type may be followed by its attributes
    (``tensor<4xf32> {onnx.name = "y"}`` in a function's results), which are left out."""
    parts = _split_top(text, start, end)
    if len(parts) == 1 and parts[0][0] == parts[0][1]:
        return []
    types = []
    for a, b in parts:
        type_end = _type_end(text, a)
        if type_end < 0 or type_end > b:
            return None
        if text[type_end:b].strip() and not text[type_end:b].lstrip().startswith("{"):
            return None
        types.append(type_text(text[a:type_end], a, type_end))
    return types


def _top_level(text: str, start: int, char: str, end: int | None = None) -> int:
    """The first ``char`` (``:`` or ``{``) at depth 0 from ``start`` (before ``end``, read as
    the text's end); -1 if none."""
    depth = 0
    for m in _TOKEN.finditer(text, start, len(text) if end is None else end):
        token = m.group()
        if token == char and depth == 0:
            return m.start()
        if token in _OPEN:
            depth += 1
        elif token in ")]}>":
            depth -= 1
    return -1


_WORD = re.compile(r"[^\s,()<>{}]+")


def _type_end(text: str, pos: int) -> int:
    """The end of the one type that starts at ``pos``; -1 if there is none."""
    m = _WORD.match(text, pos)
    if m is None:
        return -1
    end = m.end()
    while text.startswith("<", end):  # tensor<...>, !quant.uniform<...>
        end = _matching(text, end)
        if end < 0:
            return -1
    return end


def _group(text: str, pos: int) -> tuple[list[TypeText] | None, int]:
    """A type group at ``pos``: ``(T, T)`` or one type; and where it ends."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if text.startswith("(", pos):
        end = _matching(text, pos)
        if end < 0:
            return None, -1
        return _types(text, pos + 1, end - 1), end
    end = _type_end(text, pos)
    if end < 0:
        return None, -1
    return [type_text(text[pos:end], pos, end)], end


def _trailing_end(text: str, pos: int) -> bool:
    """Whether only spaces and an optional ``loc(...)`` follow ``pos``."""
    rest = text[pos:].strip()
    if not rest:
        return True
    if rest.startswith("loc(") or rest.startswith("loc ("):
        at = text.find("(", text.find("loc", pos))
        return _matching(text, at) >= 0 and not text[_matching(text, at) :].strip()
    return False


# The fast path: one op on one line in MLIR's canonical spacing, with a functional type or
# one trailing type (most lines of real IR). Its signature is read once per distinct text. No brace outside
# the attribute dictionaries: the general reader counts those as regions opening or closing.
# The custom form's items after its operands, which name no value: `dims = [1, 2]`,
# `round(false)`, `values(dense<[1, 2]> : tensor<2xi32>)`, `rounding_mode<DOUBLE_ROUND>`.
# Words at depth 0 (no `:`), and bracket groups nested up to three deep with no `%`, quote,
# brace or `->` anywhere: the general reader's depth count and top-level `:` agree with them.
# Not `= ...` right after an operand: the general reader takes `%a = ` as a definition. And
# `tensor.empty() : T`: no operands in the parentheses.
# The general reader counts depth over every kind of bracket alike (it never pairs them
# inside the items), so one class of openers and one of closers per level is exact, and keeps
# the pattern small enough to compile in a few milliseconds.
_IN = r'[^%"{}()\[\]<>\n\-]|-(?!>)'
_NESTED = _IN
for _ in range(3):
    _NESTED = rf"{_IN}|[(\[<](?:{_NESTED})*+[)\]>]"
_ITEMS = rf'(?:,? +(?:[^\s%"{{}}()\[\]<>:,\-]|-(?!>)|[(\[<](?:{_NESTED})*+[)\]>])++)*+'
_SIMPLE_TEXT = (
    rf"[ \t]*(?:(?P<results>{ID}(?::[0-9]+)?(?:, {ID}(?::[0-9]+)?)*) = )?"
    rf'(?:"(?P<generic>[A-Za-z_][\w$.\-]*)"\((?P<gops>{ID}(?:#[0-9]+)?(?:, {ID}(?:#[0-9]+)?)*)?\)'
    # the custom form: `stablehlo.compare GT, %a, %b, FLOAT`, `tensor.empty()`
    rf"|(?P<custom>[A-Za-z_][\w$]*\.[\w$.]+)(?:\(\))?(?= )(?: +[A-Za-z_]\w*,)?"
    rf"(?P<cops>(?: +{ID}(?:#[0-9]+)?(?:, {ID}(?:#[0-9]+)?)*)?)(?! +=)(?:{_ITEMS}))"
    r'(?P<mid>(?: <?\{(?:[^{}\n"]++|"[^"\\\n]*+")*+\}>?)*) : '
    r"(?:(?P<sig>\([^(){}\n]*\) -> [^\s(){},]+|\([^(){}\n]*\) -> \([^(){}\n]*\)"
    # `shape.shape_of %a : tensor<?x4xf32> -> tensor<2xindex>`
    r'|[^\s(){},"]+ -> [^\s(){},]+)'
    # or the custom form's one trailing type (`stablehlo.add %a, %b : tensor<4xf32>`)
    r'|(?(custom)(?P<single>[^\s(){},"]+)|(?!)))'
    r'(?: loc\((?:"[^"\n]*"(?::[0-9]+:[0-9]+)?|#[\w$.\-]+|fused\[(?:"[^"\\\n]*"(?:, "[^"\\\n]*")*)?\])\))?[ \t\r]*$'
)
# Found at every line start of a whole block at once (value flow), or matched on one line
# (:func:`read`; there `^` and `$` are the line's start and end). A test replaces SIMPLE
# to take the general reader.
SIMPLE_LINES = re.compile("^" + _SIMPLE_TEXT, re.M)
SIMPLE = SIMPLE_LINES
Parsed = tuple[tuple[tuple[str, int, int, str], ...], tuple[tuple[str, int, int, str], ...]]
Keys = tuple[tuple[str, ...], tuple[str, ...]]


def _signature(sig: str) -> Parsed | None:
    """A functional type's operand and result types, as (text, start, end, key) relative to it."""
    inputs, end = _group(sig, 0)
    if inputs is None:
        return None
    outputs, out_end = _group(sig, sig.find("->", end) + 2)
    if outputs is None or out_end != len(sig):
        return None
    return (
        tuple((t.text, t.start, t.end, t.key) for t in inputs),
        tuple((t.text, t.start, t.end, t.key) for t in outputs),
    )


# No bracket, brace, quote or `-` (`->` hides a `>`) inside: `vector<[4]xf32>` and worse go to
# the general reader.
_PLAIN_TYPE = r'(?:tensor<[^<>,()!#\[\]{}" \-]*>|vector<[^<>,()!#\[\]{}" \-]*>|\w+)'
_PLAIN = re.compile(rf"\((?:{_PLAIN_TYPE}(?:, {_PLAIN_TYPE})*)?\) -> ")
_PLAIN_TYPES = re.compile(rf"(?:{_PLAIN_TYPE}(?:, {_PLAIN_TYPE})*)?")


def _plain_keys(sig: str) -> Keys | None:
    """The common case read by splitting: builtin tensors, vectors and scalars, no commas inside."""
    head = _PLAIN.match(sig)
    if head is None:
        return None
    inputs = sig[1 : head.end() - 5]
    outputs = sig[head.end() :]
    if outputs.startswith("("):
        if not outputs.endswith(")"):
            return None
        outputs = outputs[1:-1]
    if _PLAIN_TYPES.fullmatch(outputs) is None:  # `-> <4xi32>` is no type: the general reader decides
        return None
    out_types = tuple(outputs.split(", ")) if outputs else ()
    return (tuple(inputs.split(", ")) if inputs else ()), out_types


def signature_keys(sig: str, cache: dict[str, Keys | None]) -> Keys | None:
    """A simple line's signature as the spacing-free texts of its operand and result types;
    ``cache`` (a run's) holds the signatures read so far: real IR repeats a few hundred."""
    try:
        return cache[sig]
    except KeyError:
        keys = _plain_keys(sig)
        if keys is None:
            parsed = _signature(sig)
            keys = None if parsed is None else (tuple(t[3] for t in parsed[0]), tuple(t[3] for t in parsed[1]))
        if keys is not None:  # one copy of each type's text, however many signatures hold it
            keys = (tuple(map(intern, keys[0])), tuple(map(intern, keys[1])))
        if len(cache) < 50_000:
            cache[intern(sig)] = keys
        return keys


def single_keys(op: str, single: str, operands: int, results: int) -> Keys | None:
    """The type keys of ``op %a, %b : T`` (``operands`` uses, ``results`` results), as the general
    reader takes them: ``T`` for every operand and result of an op that shares one type, ``T``
    for the one result of an op whose trailing type is its result's (operands unread, ``()``),
    else ``None``. ``single`` is the type as written, one type without spaces."""
    if _type_end(single, 0) != len(single):
        return None
    if results == 1 and op in RESULT_TYPE_OPS:
        return (), (single,)
    if shares_one_type(op):
        return (single,) * operands, (single,) * results
    return None


def _simple(text: str, m: re.Match[str]) -> Line | None:
    if m.start("single") >= 0:
        return _single(text, m)
    parsed = _signature(m.group("sig"))
    if parsed is None:
        return None
    inputs, outputs = parsed
    generic = m.start("generic") >= 0
    ops_start = m.start("gops") if generic else m.start("cops")
    uses = [] if ops_start < 0 else _uses(text, ops_start, m.end("gops" if generic else "cops"))
    definitions, count = _results(m)
    if len(inputs) != len(uses) or len(outputs) != count:
        return None
    at = m.start("sig")
    line = Line("op", m.group("generic") or m.group("custom"), m.start("generic") - 1 if generic else m.start("custom"))
    line.definitions = definitions
    line.uses = uses
    line.operand_types = [TypeText(t, a + at, b + at, k) for t, a, b, k in inputs]
    line.result_types = [TypeText(t, a + at, b + at, k) for t, a, b, k in outputs]
    return line


def _uses(text: str, start: int, end: int) -> list[Use]:
    return [Use(u.group(1), int(u.group(2) or 0), u.start(), u.end()) for u in _USE.finditer(text, start, end)]


def _results(m: re.Match[str]) -> tuple[list[Definition], int]:
    """A simple line's definitions and how many results they name (``%0:2`` names 2)."""
    definitions = []
    count = 0
    base = m.start("results")
    for r in _result().finditer(m.group("results") or ""):
        n = int(r.group(2)) if r.group(2) else 1
        count += n
        definitions.append(Definition(r.group(1), n, base + r.start(1), base + r.end(1)))
    return definitions, count


def _single(text: str, m: re.Match[str]) -> Line | None:
    """A simple line with one trailing type (see :func:`single_keys`)."""
    if "%" in text[m.end("cops") : m.start("single")]:  # a value name in the attributes: the general reader
        return None
    op = m.group("custom")
    uses = _uses(text, *m.span("cops"))
    definitions, count = _results(m)
    if single_keys(op, m.group("single"), len(uses), count) is None:
        return None
    one = type_text(m.group("single"), *m.span("single"))
    line = Line("op", op, m.start("custom"))
    line.definitions = definitions
    if count == 1 and op in RESULT_TYPE_OPS:  # the one type is the result's; the operands are not read
        line.result_types = [one]
    else:
        line.uses = uses
        line.operand_types = [one] * len(uses)
        line.result_types = [one] * count
        line.shared_type = True
    return line


def read(line: str) -> Line:
    """What ``line`` defines and uses, and the types it writes for them."""
    # SIMPLE's literal " : " first: many lines read here (headers, labels) have no match.
    if "%" in line and " : " in line and "//" not in line:
        simple = SIMPLE.match(line)
        fast = _simple(line, simple) if simple is not None else None
        if fast is not None:
            return fast
    text = _strip_comment(line)
    out = Line()
    if "{" in text or "}" in text:
        stripped = re.sub(r'"(?:[^"\\\n]|\\.)*"', "", text)
        out.opens, out.closes = stripped.count("{"), stripped.count("}")
    func = _FUNC.match(text)
    if func is not None:
        return _function(text, func, out)
    if "%" not in text:
        if text.lstrip().startswith(("return", "func.return")):
            out.kind = "return"
            out.op_start = len(text) - len(text.lstrip())
            out.operand_types = []
        return out
    if _BLOCK.match(text):
        return _block(text, out)
    stripped = text.lstrip()
    if stripped.startswith(("return ", "func.return ")):
        return _return(text, out)
    head = _head().match(text)
    if head is None:
        out.maybe_defined = [m.group(1) for m in _defines().finditer(text)]
        return out
    return _operation(text, head, out)


def _function(text: str, m: re.Match[str], out: Line) -> Line:
    out.kind = "func"
    out.function = m.group("name").strip('"')
    out.op_start = text.find("func.func")
    args_open = m.end() - 1
    args_close = _plain_arguments(text, args_open, out)
    if args_close < 0:
        args_close = _matching(text, args_open)
        if args_close < 0:  # arguments over several lines: not read
            out.maybe_defined = [d.group(1) for d in _defines().finditer(text)]
            out.kind = "other"
            return out
        _function_arguments(text, args_open, args_close, out)
    rest = text[args_close:].lstrip()
    if rest.startswith("->"):
        arrow = text.find("->", args_close)
        results, _ = _group(text, arrow + 2)
        out.function_results = results
    else:
        out.function_results = []
    return out


def _function_arguments(text: str, args_open: int, args_close: int, out: Line) -> None:
    """A function's arguments, read by the general reader (attributes, locations, any type)."""
    out.result_types = []
    for a, b in _split_top(text, args_open + 1, args_close - 1):
        arg = re.match(rf"({ID})[ \t]*:[ \t]*", text[a:b])
        if arg is None:
            continue
        type_start = a + arg.end()
        type_end = _top_level(text, type_start, "{", b)  # `%a: T {attrs}`
        type_end = b if type_end < 0 else type_end
        one = _type_end(text, type_start)
        if 0 < one < type_end and text[one:type_end].lstrip().startswith("loc("):  # `%a: T loc("a")`
            type_end = one
        while type_end > type_start and text[type_end - 1] in " \t":
            type_end -= 1
        out.definitions.append(Definition(arg.group(1), 1, a, a + len(arg.group(1))))
        out.result_types.append(type_text(text[type_start:type_end], type_start, type_end))


# Arguments in the form MLIR prints most (`%a: tensor<4xf32>, %b: f32`): plain types, no
# attributes or locations. The general reader reads them the same way, one token at a time.
_PLAIN_ARGUMENT = rf"{ID}: {_PLAIN_TYPE}"
_PLAIN_ARGUMENTS = re.compile(rf"{_PLAIN_ARGUMENT}(?:, {_PLAIN_ARGUMENT})*\)")  # `()`: the general reader
_ARGUMENT = re.compile(rf"({ID}): ({_PLAIN_TYPE})")


def _plain_arguments(text: str, open_at: int, out: Line) -> int:
    """Read the arguments in the parentheses that open at ``open_at`` if they are all plain
    (into ``out``'s definitions and result types); the offset past the ``)``, or -1."""
    plain = _PLAIN_ARGUMENTS.match(text, open_at + 1)
    if plain is None:
        return -1
    definitions, types = out.definitions, []
    for arg in _ARGUMENT.finditer(text, open_at + 1, plain.end()):
        definitions.append(Definition(arg.group(1), 1, arg.start(1), arg.end(1)))
        written = arg.group(2)  # no spaces: the key is the text
        types.append(TypeText(written, arg.start(2), arg.end(2), written))
    out.result_types = types
    return plain.end()


def _block(text: str, out: Line) -> Line:
    out.kind = "block"
    open_at = text.find("(")
    if _plain_arguments(text, open_at, out) >= 0:
        return out
    close = _matching(text, open_at)
    if close < 0:
        out.maybe_defined = [d.group(1) for d in _defines().finditer(text)]
        return out
    out.result_types = []
    for a, b in _split_top(text, open_at + 1, close - 1):
        arg = re.match(rf"({ID})[ \t]*:[ \t]*", text[a:b])
        if arg is None:
            out.result_types = None
            continue
        out.definitions.append(Definition(arg.group(1), 1, a, a + len(arg.group(1))))
        if out.result_types is not None:
            type_end = b
            loc = text.find(" loc(", a, b)
            type_end = loc if loc >= 0 else b
            out.result_types.append(type_text(text[a + arg.end() : type_end], a + arg.end(), type_end))
    return out


def _return(text: str, out: Line) -> Line:
    out.kind = "return"
    out.op_start = len(text) - len(text.lstrip())
    colon = _top_level(text, out.op_start, ":")
    operands_end = colon if colon >= 0 else len(text)
    out.uses = [
        Use(m.group(1), int(m.group(2) or 0), m.start(), m.end())
        for m in _USE.finditer(text, out.op_start, operands_end)
    ]
    if colon >= 0:
        types = _types(text, colon + 1, len(text.rstrip()))
        if types is not None and len(types) == len(out.uses):
            out.operand_types = types
    return out


def _operation(text: str, head: re.Match[str], out: Line) -> Line:
    results = head.group("results")
    region = out.opens != out.closes  # a region opens (or closes) here: read no further
    if results is not None:
        start = head.start("results")
        for m in _result().finditer(results):
            count = int(m.group(2)) if m.group(2) else 1
            out.definitions.append(Definition(m.group(1), count, start + m.start(1), start + m.end(1)))
    generic = head.group("generic") is not None
    out.op = head.group("generic") or head.group("custom")
    out.op_start = head.start("generic") - 1 if generic else head.start("custom")
    out.kind = "op"
    if region:
        return _unread(text, out)
    if generic:
        args_open = head.end() - 1
        args_close = _matching(text, args_open)
        if args_close < 0:
            return _unread(text, out)
        inside = text[args_open + 1 : args_close - 1]
        if inside.strip() and not re.fullmatch(
            rf"[ \t]*{ID}(?:#[0-9]+)?(?:[ \t]*,[ \t]*{ID}(?:#[0-9]+)?)*[ \t]*", inside
        ):
            return _unread(text, out)
        out.uses = [
            Use(m.group(1), int(m.group(2) or 0), m.start(), m.end())
            for m in _USE.finditer(text, args_open, args_close)
        ]
        body_end = args_close
    else:
        body_end = head.end()
    colon = _top_level(text, body_end, ":")
    if colon < 0:
        return _unread(text, out)
    if not generic:
        if re.search(rf"{ID}[ \t]*(?:=|:)", text[body_end:colon]):  # `scf.for %i = ...`: defines values
            return _unread(text, out)
        out.uses = _depth0_uses(text, body_end, colon)
    elif "({" in text[body_end:colon]:  # regions on one line: their values are not read
        return _unread(text, out)
    result_count = sum(d.count for d in out.definitions)
    group, end = _group(text, colon + 1)
    if group is None:
        return _unread(text, out)
    rest = text[end:].lstrip()
    if rest.startswith("->"):
        outputs, out_end = _group(text, text.find("->", end) + 2)
        if outputs is None or not _trailing_end(text, out_end) or len(group) != len(out.uses):
            return _unread(text, out)
        if len(outputs) != result_count:
            return _unread(text, out)
        out.operand_types, out.result_types = group, outputs
        return out
    if not generic and len(group) == 1 and result_count == 1 and _trailing_end(text, end) and out.op in RESULT_TYPE_OPS:
        out.result_types, out.uses = group, []  # the one type is the result's
        return out
    if not generic and len(group) == 1 and _trailing_end(text, end) and shares_one_type(out.op):
        out.operand_types = group * len(out.uses)
        out.result_types = group * result_count
        out.shared_type = True
        return out
    return _unread(text, out)


# The ops whose custom form `op %a, %b : T` gives every operand and result the type T
# (SameOperandsAndResultType). Elsewhere a single trailing type may be the result's
# alone (`stablehlo.tuple`, `stablehlo.complex`) or the operands' alone (`arith.cmpf`).
_ELEMENTWISE = (
    "add subtract multiply divide remainder maximum minimum power atan2 and or xor not shift_left "
    "shift_right_arithmetic shift_right_logical abs negate exponential exponential_minus_one log log_plus_one "
    "sqrt rsqrt cbrt tanh tan logistic sine cosine floor ceil round_nearest_afz round_nearest_even sign popcnt "
    "count_leading_zeros clamp"
).split()
_TFL_ELEMENTWISE = (
    "add sub mul div maximum minimum pow squared_difference floor_div floor_mod abs exp log neg sqrt rsqrt tanh "
    "logistic sin cos floor ceil round sign square relu relu6 relu_n1_to_1 leaky_relu hard_swish elu"
).split()
_NOT_SHARED = frozenset(
    f"arith.{op}"
    for op in "cmpf cmpi select constant index_cast index_castui bitcast extf extsi extui truncf trunci".split()
)
SHARED_TYPE_OPS = frozenset(
    {
        *(f"{dialect}.{op}" for dialect in ("stablehlo", "mhlo") for op in _ELEMENTWISE),
        *(f"tfl.{op}" for op in _TFL_ELEMENTWISE),
    }
)


# Ops whose custom form's one trailing type is their result's (`tensor.empty() : T`).
RESULT_TYPE_OPS = frozenset(
    {"tensor.empty", "arith.constant", "stablehlo.constant", "mhlo.constant", "stablehlo.iota", "tosa.const"}
)


def shares_one_type(op: str) -> bool:
    """Whether ``op``'s custom form ``op %a, %b : T`` gives every operand and result type T."""
    if op in SHARED_TYPE_OPS:
        return True
    return op.partition(".")[0] in ("arith", "math") and op not in _NOT_SHARED


def _depth0_uses(text: str, start: int, end: int) -> list[Use]:
    uses: list[Use] = []
    depth = 0
    pos = start
    for m in _TOKEN.finditer(text, start, end):
        if depth == 0:
            uses.extend(
                Use(u.group(1), int(u.group(2) or 0), u.start(), u.end()) for u in _USE.finditer(text, pos, m.start())
            )
        token = m.group()
        if token in _OPEN:
            depth += 1
        elif token in ")]}>":
            depth -= 1
        pos = m.end()
    if depth == 0:
        uses.extend(Use(u.group(1), int(u.group(2) or 0), u.start(), u.end()) for u in _USE.finditer(text, pos, end))
    return uses


def _unread(text: str, out: Line) -> Line:
    """A statement not read fully: its results are defined with unknown types, its uses
    are not checked, and names it may define (region arguments) are noted."""
    out.uses = []
    out.operand_types = None
    out.result_types = None
    defined = {d.name for d in out.definitions}
    out.maybe_defined = [m.group(1) for m in _defines().finditer(text) if m.group(1) not in defined]
    return out
