"""Stage *value flow*, across control flow: blocks and branches, calls, region yields.

Values reach a block through its branches, a function through its calls, an op's results
through its regions' terminators. MLIR checks these after parsing (its verifiers and the
symbol table), and broadcheck the same, in their words:

* a branch's operands against its successor block's arguments: ``branch has N operands for
  successor #j, but target block has M``, ``type mismatch for bb argument #i of successor #j``;
  a branch to a block its region does not define is the parser's ``reference to an undefined
  block``; a label defined twice, ``redefinition of block '^bb1'``;
* a call against its callee's signature (``func.func`` in the same module): ``'func.call' op
  'f' does not reference a valid function``, ``incorrect number of operands for callee``,
  ``operand type mismatch``, ``incorrect number of results for callee``, ``result type mismatch
  at index i`` (with the two type lists as notes);
* a call-like op naming functions (``tf.If``'s branches, ``tf.While``'s ``cond`` and ``body``,
  ``tf.PartitionedCall``'s ``f``) against their signatures, by the rule its dialect gives (:data:`SymbolRule`), in the
  same walk as the calls.

What a region op's regions yield its own check judges, from their summaries (:data:`Summary`;
``broadcheck.dialects.scf``).

Types are type keys (text without spaces); a dialect type, attribute or alias is never a
mismatch, nor is a type the text does not say (``None``). This module reads no lines: the
engine gives it what the statements said (:func:`signature_of`, :func:`written_types`) and
locates what it finds.
"""

from __future__ import annotations

from operator import attrgetter

from broadcheck.dialects.op import SymbolRule, Texts
from broadcheck.engine.flow import distinct
from broadcheck.engine.forms import Form, place_types
from broadcheck.syntax.named import NamedTuple
from broadcheck.syntax.statement import Statement, TypeText


class Where(NamedTuple):
    """A place in the file: (line, column, end column)."""

    line: int
    column: int
    end: int


Inner = tuple[tuple[str, str, Where | None], ...]
"""The ops of a region named in :data:`~broadcheck.dialects.inner.INNER`: name, statement key, where the name is."""

Sources = tuple[tuple[int, int] | None, ...] | None
"""For each value a region's terminator yields, the op of the region that defines it: (its ordinal
among the region's ops, the result's), ``None`` where none does; ``None`` where not followed
(regions of ops outside :data:`~broadcheck.dialects.inner.SOURCES`)."""

Summary = tuple[tuple[str | None, ...], str, tuple[str | None, ...], Where | None, Inner, int, int, Sources]
"""A closed region as a check sees it (type keys): its entry arguments' types, its terminator's
name, what it yields, where the terminator's name is, its :data:`~broadcheck.dialects.inner.INNER` ops,
how many blocks it has (0, 1, or 2 for more), how many op statements it holds, and where what it
yields comes from (:data:`Sources`)."""


class Found(NamedTuple):
    """A problem found here: its code, where, its message's arguments, MLIR's notes (text, where)."""

    code: str
    where: Where
    args: dict[str, object]
    notes: tuple[tuple[str, Where], ...] = ()
    op: str | None = None
    """The op it is reported on, when not the one the caller names."""


def _differ(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a != b and distinct(a, b)


def entry_block(
    inputs: tuple[str | None, ...],
    texts: tuple[str, ...],
    where: Where,
    keys: tuple[str | None, ...],
    written: list[str],
) -> Found | None:
    """A function's entry block takes arguments of types ``keys`` (``written`` so): as many as its
    type has ``inputs`` (``texts`` as written), of those types (``function_interface_impl::verifyTrait``;
    only a generic form's can differ). Reported on the function's op, at ``where``."""
    if len(keys) != len(inputs):
        return Found("BC1751", where, {"count": len(inputs)}, op="func.func")
    for index, (key, wanted) in enumerate(zip(keys, inputs, strict=True)):
        if _differ(key, wanted):
            return Found(
                "BC1752", where, {"index": index, "type": written[index], "signature": texts[index]}, op="func.func"
            )
    return None


class _Branch(NamedTuple):
    label: str
    successor: int
    types: tuple[str | None, ...] | None
    """The values it passes, ``None`` if not known (an op no dialect declares, whose successor
    operands are not written ``^bb1(%a : T)``: ``pipeline.stage ^bb1 regs(%a : i32)``)."""
    op: Where
    label_at: Where


class Blocks:
    """The blocks of one region: their arguments, and the branches between them."""

    __slots__ = ("branches", "broken", "defined")

    def __init__(self) -> None:
        self.defined: dict[str, tuple[str | None, ...]] = {}
        self.branches: list[_Branch] = []
        self.broken = False
        """A label was defined twice: the parser stopped there, and checks no branch."""

    def label(self, name: str, arguments: tuple[str | None, ...], where: Where) -> Found | None:
        """A block label; a problem if the region defines it already."""
        if name in self.defined:
            self.broken = True
            return Found("BC020", where, {"label": name})
        self.defined[name] = arguments
        return None

    def branch(
        self, label: str, successor: int, types: tuple[str | None, ...] | None, op: Where, label_at: Where
    ) -> None:
        self.branches.append(_Branch(label, successor, types, op, label_at))

    def close(self) -> list[Found]:
        """The region ends: every branch against its target."""
        found: list[Found] = []
        if self.broken:
            return found
        undefined = [b for b in self.branches if b.label not in self.defined]
        if undefined:  # the parser stops at the first, in the order of the references
            first = min(undefined, key=lambda b: (b.label_at.line, b.label_at.column))
            return [Found("BC021", first.label_at, {})]
        for b in self.branches:
            arguments = self.defined[b.label]
            if b.types is None:
                continue
            if len(b.types) != len(arguments):
                found.append(
                    Found("BC022", b.op, {"count": len(b.types), "successor": b.successor, "expected": len(arguments)})
                )
                continue
            for i, (written, expected) in enumerate(zip(b.types, arguments, strict=True)):
                if _differ(written, expected):
                    found.append(Found("BC023", b.op, {"index": i, "successor": b.successor}))
                    break
        return found


class Signature(NamedTuple):
    inputs: tuple[str | None, ...]
    outputs: tuple[str | None, ...]
    texts: tuple[tuple[str, ...], tuple[str, ...]]
    """The types as written (inputs, outputs), for messages."""


SYMBOL_CODES = frozenset(
    {"BC024", "BC025", "BC026", "BC027", "BC034", "BC1307", "BC1308", "BC1309", "BC1310", "BC1311", "BC1313", "BC1314"}
    | {"BC1141", "BC1142", "BC1143", "BC1144"}  # stablehlo.composite's (dialects/stablehlo/io.py)
    | {"BC1477"}  # a collective's mesh (dialects/stablehlo/collectives.py)
    | {"BC1757", "BC1758"}  # func.constant's function (dialects/func.py)
    | {"BC1800", "BC1801", "BC1802"}  # a tosa.variable_read/_write's variable (dialects/tosa/variables.py)
    | {"BC1739"}  # the functions an Xla tf op names (dialects/tf/verified_b.py)
    | {"BC1830", "BC1831", "BC1832", "BC1833"}  # the last tf call-like ops' functions (dialects/tf/verified_c.py)
)
"""What the symbol table's verification reports (a symbol defined twice, the calls', then the call-like
ops' codes)."""


class _Call(NamedTuple):
    callee: str
    inputs: tuple[str | None, ...]
    outputs: tuple[str | None, ...]
    texts: Texts
    op: Where
    regions: tuple[int, ...] = ()
    """The numbers of the regions around it (in the order they opened), outermost first."""
    rule: tuple[str, tuple[str, ...], SymbolRule] | None = None
    """A call-like op's: its name, the functions it names, its rule."""


def walk_order(call: _Call) -> tuple[tuple[int, ...], ...]:
    """Where ``call`` comes in the walk of MLIR's symbol table verifier (``walkSymbolTable``):
    a region's ops in order, then the regions of its ops, the last first (a stack)."""
    return (*((1, -number) for number in call.regions[1:]), (0, call.op.line, call.op.column))


class Calls:
    """The functions of one module and the calls to them."""

    __slots__ = ("calls", "defined", "depth", "functions", "redefined", "symbols")

    def __init__(self, depth: int = 0) -> None:
        self.depth = depth
        """The depth of the module's own region (0: the top level)."""
        self.functions: dict[str, Signature] = {}
        self.calls: list[_Call] = []
        self.symbols: dict[str, Texts] = {}
        """The symbols other ops define (``sdy.mesh @mesh``): a call-like rule finds them, typeless but for
        those whose op says what they hold (``tosa.variable @v : tensor<2xf32>``)."""
        self.defined: dict[str, Where] = {}
        """Where each symbol an op of the module's own region defines is first defined."""
        self.redefined: Found | None = None
        """The first op of the module's own region that defines a symbol defined before it."""

    def define(self, name: str, where: Where | None, depth: int) -> None:
        """An op at ``depth`` (at ``where``) defines symbol ``name``: each once in the table of the module
        whose own region holds it (``verifySymbolTable``; a nested module has a table of its own)."""
        if where is None or depth != self.depth:
            return
        first = self.defined.setdefault(name, where)
        if first is not where and self.redefined is None:
            self.redefined = Found("BC034", where, {"name": name}, (("see existing symbol definition here", first),))

    def symbol(self, name: str, texts: Texts = ((), ())) -> None:
        self.symbols.setdefault(name, texts)

    def function(self, name: str, signature: Signature) -> None:
        self.functions.setdefault(name, signature)

    def call(
        self,
        callee: str,
        inputs: tuple[str | None, ...],
        outputs: tuple[str | None, ...],
        texts: tuple[tuple[str, ...], tuple[str, ...]],
        op: Where,
        regions: tuple[int, ...] = (),
    ) -> None:
        self.calls.append(_Call(callee, inputs, outputs, texts, op, regions))

    def call_like(
        self, name: str, callees: tuple[str, ...], rule: SymbolRule, texts: Texts, op: Where, regions: tuple[int, ...]
    ) -> None:
        """An op ``name`` that names the functions ``callees``, checked by ``rule`` when the module ends."""
        self.calls.append(_Call("", (), (), texts, op, regions, (name, callees, rule)))

    def close(self) -> list[Found]:
        """The module ends: a symbol defined twice (MLIR's symbol table checks nothing else then),
        else every call against its callee (``func.call``'s verifySymbolUses); the verifier stops
        at the first that fails, in the order of its walk."""
        if self.redefined is not None:
            return [self.redefined]
        for call in sorted(self.calls, key=walk_order):
            problem = self._check(call)
            if problem is not None:
                return [problem]
        return []

    def _check(self, call: _Call) -> Found | None:
        if call.rule is not None:
            name, callees, rule = call.rule
            found = tuple(self.functions.get(c) for c in callees)
            texts = tuple(
                f.texts if f is not None else self.symbols.get(c) for c, f in zip(callees, found, strict=True)
            )
            problem = rule(texts, call.texts)
            return None if problem is None else Found(problem[0], call.op, problem[1], op=name)
        callee = self.functions.get(call.callee)
        if callee is None:
            return Found("BC024", call.op, {"callee": call.callee})
        if len(call.inputs) != len(callee.inputs):
            return Found(
                "BC025", call.op, {"what": "operands", "expected": len(callee.inputs), "got": len(call.inputs)}
            )
        for i, (written, expected) in enumerate(zip(call.inputs, callee.inputs, strict=True)):
            if _differ(written, expected):
                return Found(
                    "BC026", call.op,
                    {"expected": callee.texts[0][i], "provided": call.texts[0][i], "index": i},
                )  # fmt: skip
        if len(call.outputs) != len(callee.outputs):
            return Found(
                "BC025", call.op, {"what": "results", "expected": len(callee.outputs), "got": len(call.outputs)}
            )
        for i, (written, expected) in enumerate(zip(call.outputs, callee.outputs, strict=True)):
            if _differ(written, expected):
                ours = ", ".join(f"'{t}'" for t in call.texts[1])
                theirs = ", ".join(f"'{t}'" for t in callee.texts[1])
                notes = ((f"    op result types: {ours}", call.op), (f"callee result types: {theirs}", call.op))
                return Found("BC027", call.op, {"index": i}, notes)
        return None


def written_types(statement: Statement, form: Form) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The operand and result types as written (for messages)."""
    operands, results = place_types(statement, form.decl.layout if form.decl is not None else None)
    return tuple(t.text if t else "?" for t in operands), tuple(t.text if t else "?" for t in results)


def generic_function(head: str) -> tuple[str, Signature, tuple[TypeText, ...]] | None:
    """The head of a generic-form function, ``"func.func"() <{function_type = (T) -> U, sym_name =
    "f"}> ({``: its symbol (``@"f"``), its type and its results' types as written; None when either
    property is missing or does not read."""
    import re

    from broadcheck.syntax.statement import SyntaxProblem, _Reader

    name = re.search(r'\bsym_name\s*=\s*("(?:[^"\\]|\\.)*")', head)
    type_ = re.search(r"\bfunction_type\s*=\s*", head)
    if name is None or type_ is None:
        return None
    try:
        sig = _Reader(head[type_.end() :]).signature()
    except SyntaxProblem:
        return None
    if sig.kind != "function":
        return None
    keys = (tuple(t.key for t in sig.inputs), tuple(t.key for t in sig.outputs))
    texts = (tuple(t.text for t in sig.inputs), tuple(t.text for t in sig.outputs))
    return "@" + name.group(1), Signature(*keys, texts), sig.outputs


def generic_callee(statement: Statement) -> str | None:
    """A generic-form ``"func.call"(...) <{callee = @f}>``'s callee, as written."""
    return next((a.text.strip() for a in statement.attributes if a.name == "callee"), None)


def signature_of(statement: Statement) -> Signature | None:
    """A ``func.func``'s type: its arguments' (or declared inputs') and its results'."""
    from broadcheck.syntax.statement import SyntaxProblem, _Reader

    if statement.definitions:  # (by `map`: a JAX export's head of 17k arguments and results)
        inputs = list(map(_TYPE, statement.definitions))
        if None in inputs:
            return None
        input_texts, input_keys = tuple(map(_TEXT, inputs)), tuple(map(_KEY, inputs))
    else:
        group = next((i for i in statement.items if i.kind in ("group", "values")), None)
        if group is None:
            return None
        try:
            types = _Reader(group.text).paren_types()
        except SyntaxProblem:
            return None
        input_texts, input_keys = tuple(t.text for t in types), tuple(t.key for t in types)
    outputs = statement.signature.outputs if statement.signature is not None else ()
    return Signature(input_keys, tuple(map(_KEY, outputs)), (input_texts, tuple(map(_TEXT, outputs))))


_TYPE, _TEXT, _KEY = attrgetter("type"), attrgetter("text"), attrgetter("key")
