"""MLIR's generic form of a few one-line ops, with their values numbered as ``AsmState`` does.

MLIR's verifier words ``block with no terminator, has <op>`` with the op in its generic form
(iree-opt 3.13, ``tests/oracle/test_no_terminator_probe.py``). The numbering runs over the
function: a region's values first (entry block arguments ``%argN``, then each op with results
one number, later blocks' arguments plain numbers), then its ops' regions from a stack (the last
first, a region's own nested regions before its earlier siblings), the counters never going back
(iree-opt 3.13 numbers a diagnostic's op so: two sibling ``linalg.generic`` bodies get different
``%argN``). Only ops whose generic form is known exactly are printed (``arith``'s binary ops and
integer constants, :func:`generic_text`; the ops of :data:`_WITHOUT_PROPERTIES` written without attributes,
:func:`form_text`); for any other, ``None`` (no message rather than a wrong one).
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.engine import diagnose
from broadcheck.engine.control import Found
from broadcheck.engine.findings import PARSE, Findings
from broadcheck.engine.forms import RESULT, USE, Form
from broadcheck.ops import Span
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem

Numbered = dict[str, tuple[int, int, int]]
"""A value's name -> (its number, its index among its op's results, how many results the op has)."""
_ENTRY = -1
"""The number of an entry block argument (``%argN``): the index holds N."""

_FASTMATH = frozenset({"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"})
_OVERFLOW = frozenset({"addi", "subi", "muli"})
_PLAIN = frozenset({"andi", "ori", "xori", "divsi", "divui", "remsi", "remui", "maxsi", "maxui", "minsi", "minui"})
_CMPF = ("false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true").split()
_FLAGS = frozenset({"none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"})
_SCALAR = r"(?:i\d+|index|f16|bf16|f32|f64)"
_VALUE = r"%[\w$.\-]+(?:#\d+)?"
_STATEMENT = lazy(
    rf"\s*(?P<result>%[\w$.\-]+)\s*=\s*arith\.(?P<op>\w+)\s+(?:(?P<pred>[a-z]+)\s*,\s*)?"
    rf"(?P<a>{_VALUE})\s*,\s*(?P<b>{_VALUE})(?:\s*,\s*(?P<c>{_VALUE}))?"
    rf"(?:\s+fastmath\s*<(?P<fm>\w+)>)?\s*:\s*(?P<type>{_SCALAR})\s*(?://.*)?$"
)

_STABLEHLO_PLAIN = (
    "abs add after_all and atan2 bitcast_convert cbrt ceil clamp complex convert cosine "
    "count_leading_zeros create_token divide dynamic_pad dynamic_reshape dynamic_update_slice exponential "
    "exponential_minus_one floor imag is_finite log log_plus_one logistic maximum minimum multiply negate "
    "not or partition_id popcnt power real real_dynamic_slice remainder replica_id reshape "
    "round_nearest_afz round_nearest_even rsqrt select shift_left shift_right_arithmetic "
    "shift_right_logical sign sine sqrt subtract tan tanh uniform_dequantize uniform_quantize xor"
)
_TOSA_PLAIN = (
    "abs add bitwise_and bitwise_not bitwise_or bitwise_xor cast ceil clz cos equal erf exp floor gather "
    "greater greater_equal identity intdiv log logical_and logical_left_shift logical_not logical_or "
    "logical_right_shift logical_xor matmul mul negate pad pow reciprocal reshape rsqrt scatter select "
    "sigmoid sin slice sub table tanh tile"
)
_WITHOUT_PROPERTIES = frozenset(
    [
        *("stablehlo." + n for n in _STABLEHLO_PLAIN.split()),
        *("tosa." + n for n in _TOSA_PLAIN.split()),
        *("math." + n for n in "absi ctlz ctpop cttz ipowi".split()),
    ]
)
"""Ops of one result and no region whose generic form holds nothing but their operands and types when
none of their attributes is written: their parsers set no default property (iree-opt 3.13
``--mlir-print-op-generic`` of the JAX, torch-mlir and TensorFlow exports and the fixtures: no
instance of these printed a ``<{...}>`` or ``{...}`` it was not written with)."""
_FASTMATH_OPS = frozenset(
    [
        *("arith." + n for n in (*_FASTMATH, "negf")),
        *(
            "math." + n
            for n in (
                "absf acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh erf erfc exp exp2 expm1 "
                "floor log log10 log1p log2 powf round roundeven rsqrt sin sinh sqrt tan tanh trunc"
            ).split()
        ),
    ]
)
"""Ops of one result, their operands' type, whose parser sets their ``fastmath`` property (``none``
unless written: ``math.sin %a fastmath<fast> : f32``), which their generic form prints."""
_CONSTANT = lazy(
    r"\s*(?P<result>%[\w$.\-]+)\s*=\s*arith\.constant\s+(?:(?P<int>-?\d+)\s*:\s*(?P<type>i\d+|index)|"
    r"(?P<bool>true|false))\s*(?://.*)?$"
)
_FLAG_WORD = lazy(r"\bfastmath\s*<([^>]*)>")
_OVERFLOW_OPS = frozenset("arith." + n for n in _OVERFLOW)
_PROPERTY = lazy(r"fastmath = #arith\.fastmath<(?P<flags>\w+)>|overflowFlags = (?P<overflow>#arith\.overflow<none>)")
"""The property of a generic form (``<{fastmath = #arith.fastmath<none>}>``) that MLIR prints as written."""
_NAME = lazy(r"%[\w$.\-]+(?:#\d+)?")
_PRINTED_TYPE = lazy(r"[\w<>?.!]+")
"""A type key MLIR prints as it is (no blank it drops, no number it spells otherwise)."""


class Scope:
    """One region's values for numbering: its entry arguments, then per op or later block the names it defines."""

    __slots__ = ("children", "defs", "entry", "parent", "unread")

    def __init__(self, parent: Scope | None) -> None:
        self.parent = parent
        self.entry: tuple[str, ...] = ()
        self.defs: list[str | tuple[bool, tuple[tuple[str, int], ...]]] = []
        """In order: an op's one name of one result (most ops: the engine's fast path appends it
        here itself, one reference per op kept to the function's end), or (a later block's
        arguments?, the names with their result counts)."""
        self.children: list[Scope] = []
        """The regions of its ops, in the order of the text."""
        self.unread = False
        """It holds a statement the reader could not take (what it defines is not counted)."""

    def nest(self, parent: Scope | None, entry: tuple[str, ...]) -> None:
        """It is a region of an op in ``parent`` (``None``: of an isolated op); its head names ``entry``."""
        self.parent, self.entry = parent, entry
        if parent is not None:
            parent.children.append(self)

    def define(self, names: Sequence[str], sizes: Sequence[int] = ()) -> None:
        """An op defines ``names`` (``sizes``: how many results each stands for; 1 if not said)."""
        if len(names) == 1 and (not sizes or sizes[0] == 1):
            self.defs.append(names[0])
        elif names:
            self.defs.append((False, tuple((n, sizes[k] if k < len(sizes) else 1) for k, n in enumerate(names))))

    def label(self, entry: bool, names: tuple[str, ...]) -> None:
        """A block label with arguments ``names`` (``entry``: its entry block's, unless its head named them)."""
        if not entry:
            self.defs.append((True, tuple((n, 1) for n in names)))
        elif not self.entry:
            self.entry = names


def number(root: Scope) -> dict[int, Numbered]:
    """Each scope's names (by ``id``) numbered as MLIR's ``SSANameState`` numbers them."""
    table: dict[int, Numbered] = {}
    stack = [root]
    value = argument = 0  # (for a diagnostic MLIR numbers uniquely: the counters go on from sibling to sibling)
    while stack:
        scope = stack.pop()
        names: Numbered = {}
        for name in scope.entry:
            names[name] = (_ENTRY, argument, 1)
            argument += 1
        for entry in scope.defs:
            if isinstance(entry, str):
                names[entry] = (value, 0, 1)
                value += 1
                continue
            block, defined = entry
            if block:
                for name, _ in defined:
                    names[name] = (value, 0, 1)
                    value += 1
                continue
            total = sum(size for _, size in defined)
            if not total:
                continue
            offset = 0
            for name, size in defined:
                names[name] = (value, offset, total)
                offset += size
            value += 1
        table[id(scope)] = names
        stack.extend(scope.children)
    return table


def printed(name: str, scope: Scope, table: dict[int, Numbered]) -> str | None:
    """How MLIR prints the value ``name`` (``%a#1`` too) used in ``scope``, or ``None`` if not known."""
    base, _, index = name.partition("#")
    at: Scope | None = scope
    while at is not None:
        found = table.get(id(at), {}).get(base)
        if found is not None:
            number_, offset, total = found
            if number_ == _ENTRY:
                return f"%arg{offset}" if not index else None
            k = offset + (int(index) if index else 0)
            return f"%{number_}" if total == 1 else f"%{number_}#{k}"
        at = at.parent
    return None


def generic_text(line: str, scope: Scope, table: dict[int, Numbered]) -> str | None:
    """The generic form of the one-line op statement ``line`` as MLIR prints it, or ``None``."""
    m = _STATEMENT.match(line)
    if m is None:
        return _constant_text(line, scope, table)
    op, kind, pred, flags = m["op"], m["type"], m["pred"], m["fm"] or "none"
    result = printed(m["result"], scope, table)
    values = [printed(v, scope, table) for v in (m["a"], m["b"], m["c"]) if v is not None]
    if result is None or None in values or flags not in _FLAGS:
        return None
    three = m["c"] is not None
    properties = ""
    operand_types: Sequence[str] = (kind, kind)
    result_type = kind
    if op == "select" and three and pred is None and m["fm"] is None:
        operand_types = ("i1", kind, kind)
    elif three or (pred is not None) != (op == "cmpf"):
        return None
    elif op == "cmpf" and pred in _CMPF and kind.startswith(("f", "bf")):
        properties = f"<{{fastmath = #arith.fastmath<{flags}>, predicate = {_CMPF.index(pred)} : i64}}> "
        result_type = "i1"
    elif op in _FASTMATH and kind.startswith(("f", "bf")):
        properties = f"<{{fastmath = #arith.fastmath<{flags}>}}> "
    elif op in _OVERFLOW and m["fm"] is None and not kind.startswith(("f", "bf")):
        properties = "<{overflowFlags = #arith.overflow<none>}> "
    elif not (op in _PLAIN and m["fm"] is None and not kind.startswith(("f", "bf"))):
        return None
    return (
        f'{result} = "arith.{op}"({", ".join(v for v in values if v is not None)}) {properties}'
        f": ({', '.join(operand_types)}) -> {result_type}"
    )


def _constant_text(line: str, scope: Scope, table: dict[int, Numbered]) -> str | None:
    """``arith.constant`` of a decimal integer or a boolean (``%c = arith.constant -3 : index``), as
    MLIR prints it: its value a property; ``None`` for any other."""
    m = _CONSTANT.match(line)
    result = printed(m["result"], scope, table) if m is not None else None
    if m is None or result is None or m["int"] in ("-0",):
        return None
    value, kind = (f"{int(m['int'])} : {m['type']}", m["type"]) if m["int"] is not None else (m["bool"], "i1")
    return f'{result} = "arith.constant"() <{{value = {value}}}> : () -> {kind}'


def form_text(form: Form, line: str, scope: Scope, table: dict[int, Numbered]) -> str | None:
    """The generic form of the one-line statement ``line`` of ``form`` (an op of
    :data:`_WITHOUT_PROPERTIES` written with no attribute) as MLIR prints it, or ``None``."""
    statement = form.statement
    printable = form.name in _WITHOUT_PROPERTIES or form.name in _FASTMATH_OPS or form.name in _OVERFLOW_OPS
    if not printable or statement is None or len(form.result_types) != 1:
        return None
    properties = ""
    if statement.attributes:  # (only the one property a generic form writes as MLIR prints it)
        written = statement.attributes[0]
        kind = _PROPERTY.fullmatch(f"{written.name} = {written.text}") if statement.generic else None
        if len(statement.attributes) > 1 or not written.property or kind is None:
            return None
        if (form.name in _FASTMATH_OPS) != (kind["flags"] in _FLAGS) or (form.name in _OVERFLOW_OPS) != bool(
            kind["overflow"]
        ):
            return None
        properties = f"<{{{written.name} = {written.text}}}> "
    elif form.name in _OVERFLOW_OPS:
        return None  # (generic_text prints the custom form's)
    elif form.name in _FASTMATH_OPS:
        flag = _FLAG_WORD.search(line)
        flags = flag.group(1).strip() if flag is not None else "none"
        if flags not in _FLAGS:
            return None
        properties = f"<{{fastmath = #arith.fastmath<{flags}>}}> "
    names = _NAME.findall(line.split("//", 1)[0])  # (not a trailing comment's)
    if len(names) != len(form.roles):
        return None
    results = [printed(n, scope, table) for n, r in zip(names, form.roles, strict=True) if r == RESULT]
    values = [printed(n, scope, table) for n, r in zip(names, form.roles, strict=True) if r == USE]
    types = (*form.operand_types, *form.result_types)
    if None in results or None in values or len(values) != len(form.operand_types) or len(results) != 1:
        return None
    if not all(t is not None and _PRINTED_TYPE.fullmatch(t) for t in types):
        return None
    operands = ", ".join(v for v in values if v is not None)
    operand_types = ", ".join(t for t in form.operand_types if t is not None)
    return f'{results[0]} = "{form.name}"({operands}) {properties}: ({operand_types}) -> {form.result_types[0]}'


HOLDERS = {
    "linalg": "linalg.yield",
    "shape.func": "shape.return",
    "stablehlo.case": "stablehlo.return",
    "stablehlo.if": "stablehlo.return",
    "stablehlo.map": "stablehlo.return",
    "tensor.generate": "tensor.yield",
    "tensor.pad": "tensor.yield",
    "tosa.cond_if": "tosa.yield",
    "tosa.while_loop": "tosa.yield",
}
"""The ops whose regions' blocks MLIR's verifier finds unterminated, their own verifier silent on it,
with the terminator each ends with (``linalg``: every op of the dialect with a region). Probed with
iree-opt 3.13, each region's terminator removed; ``stablehlo.while``, ``reduce``, ``sort`` and the
collectives, ``vector.mask`` say it in their own verifiers' words first."""

GENERIC_HOLDERS = frozenset(
    "scf.execute_region scf.for scf.forall scf.if scf.index_switch scf.parallel scf.while".split()
)
"""The same, in the generic form only (the custom form's parser adds the terminator), whatever ends their
blocks: a block whose last op is none (:func:`_printable`) is unterminated; one whose last op is another
terminator, the op's own verifier's (``expects regions to end with 'scf.yield'``)."""


def holds_terminated(op: str, generic: bool) -> str | None:
    """The terminator that ends a block of op ``op``'s regions, if it is one of :data:`HOLDERS` (``''``:
    one of :data:`GENERIC_HOLDERS`, written ``generic``; ``None``: neither)."""
    if generic and op in GENERIC_HOLDERS:
        return ""
    return HOLDERS.get("linalg" if op.startswith("linalg.") else op)


class Unterminated:
    """The bodies of :data:`HOLDERS`'s ops and the function bodies of the function being read that
    end without a terminator."""

    def __init__(self) -> None:
        self.found: list[tuple[Scope, int, Form]] = []
        """(its scope, its last op's line, that op's form)."""

    def add(self, scope: Scope, last: Form | None, several: bool, line: int, terminator: str | None = None) -> None:
        """A body closes (``terminator``: what ends its op's blocks; ``None``: the function's own, ``''``:
        any terminator): ``last`` is its last statement's form (``None``: none), ``several``: it has more
        blocks."""
        if last is None or several or (last.name == terminator if terminator else not _printable(last.name)):
            return
        self.found.append((scope, line, last))

    def report(self, findings: Findings) -> None:
        """The function closes: MLIR's verifier stops at the first body, reported where its op can be printed."""
        if not self.found:
            return
        scope, line, form = min(self.found, key=lambda f: f[1])
        root = scope
        while root.parent is not None:
            root = root.parent
        self.found.clear()
        if _unread(root):  # (the numbers are not known)
            return
        if any(d.span.line == line and d.code in PARSE for d in findings.diagnostics):
            return  # (the parser stopped at that op: no verifier ran)
        raw, table = findings.fetch_line(line), number(root)
        text = generic_text(raw, scope, table) or form_text(form, raw, scope, table)
        where = findings.op_where(line)
        if text is not None and where is not None:
            findings.control([Found("BC1813", where, {"printed": text}, op=text.split('"')[1])])

    def clear(self) -> None:
        """The module ends."""
        self.found.clear()


def _printable(name: str) -> bool:
    """Whether an op may be printed here (none is a terminator)."""
    return name.startswith("arith.") or name in _WITHOUT_PROPERTIES or name in _FASTMATH_OPS


def empty_body(findings: Findings, arguments: bool, generic: bool, line: int) -> None:
    """The function at ``line`` has a body with no op in it: an empty block if it has
    ``arguments`` (from its head or its label); in the custom form with none, no body read."""
    where = findings.op_where(line)
    if where is None:
        return
    if arguments:
        findings.control([Found("BC1814", where, {})])
    elif not generic:  # (its `{` ends its head's line, or it is not said)
        text = findings.fetch_line(line).split("//", 1)[0].rstrip()  # (not a trailing comment)
        if text.endswith("{"):
            span = Span(line, len(text), line, len(text) + 1)
            problem = SyntaxProblem("custom op 'func.func' expected non-empty function body", span)
            findings.add(diagnose.syntax(problem, findings.path), None)


def _unread(root: Scope) -> bool:
    """Whether a region in ``root`` holds a statement the reader could not take."""
    stack = [root]
    while stack:
        scope = stack.pop()
        if scope.unread:
            return True
        stack.extend(scope.children)
    return False
