"""Stage *verify*: the op's check on a statement, once per distinct key.

A checked op's statement becomes a :class:`broadcheck.ops.Operation` (its types read,
placed by the op's layout) and goes to its check, a pure function. The verdict depends
only on the key (value names and locations reach no check), so a form is verified
once per run; only a statement whose verdict is a problem is read again from its own
text, to locate the problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from broadcheck import dialects
from broadcheck.dialects.assembly import custom_bind_problem, statement_problem
from broadcheck.dialects.region_shapes import problem as region_problem
from broadcheck.dialects.shaped import split_top
from broadcheck.engine.forms import Form, place_types
from broadcheck.ops import Attribute, OpaqueType, Operation, Region, ShapedType, Span, Type, TypeUse
from broadcheck.semantics import Problem, Profile, judged, registry
from broadcheck.syntax.lexer import one_line
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText, read_statement
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
from broadcheck.syntax.types import read_type

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from broadcheck.dialects.op import Op
    from broadcheck.engine.control import Summary, Where
    from broadcheck.optable import OpTable

Locate = Callable[[int, int], Span]
"""Offsets in a statement's text -> where they are in the file."""


_TOKENS = frozenset({"!stablehlo.token", "!mhlo.token"})
"""The HLO token: a check of an op that takes tensors only rejects it as the op's verifier
does; no check judges an op with one valid (they pass it over), see :meth:`Checks.verdict`."""


def _unknown(t: Type) -> bool:
    """A type broadcheck cannot judge (an alias it could not resolve, a dialect's type), but
    TOSA's shape type and the shape dialect's types, which their checks read, and the HLO token
    (:data:`_TOKENS`)."""
    return (
        isinstance(t, OpaqueType)
        and t.text.startswith("!")
        and not t.text.startswith(("!tosa.shape<", "!shape."))
        and t.text not in _TOKENS
    )


_FLOW_TYPES = {
    "onnx.Return": ("!onnx.Seq<", "!onnx.Opt<"),
    "onnx.SplitToSequence": ("!onnx.Seq<",),
    "onnx.SequenceInsert": ("!onnx.Seq<",),
    "onnx.SequenceEmpty": ("!onnx.Seq<",),
    # the onnx ops declared last, whose ODS type constraints (dialects/onnx/constraints.py) read these, and
    # If (its verifier judges what its branches yield, onnx.Yield by its parent), Identity (its ODS constraints)
    **dict.fromkeys(
        "onnx.ConcatFromSequence onnx.Identity onnx.If onnx.Loop onnx.Optional onnx.OptionalGetElement "
        "onnx.OptionalHasElement onnx.SequenceAt onnx.SequenceConstruct onnx.SequenceErase onnx.SequenceLength "
        "onnx.SequenceMap onnx.Yield onnx.ZipMap".split(),
        ("!onnx.Seq<", "!onnx.Opt<"),
    ),
    "stablehlo.async_done": ("!stablehlo.future<",),
    "stablehlo.async_start": ("!stablehlo.future<",),
    "stablehlo.custom_call": ("!stablehlo.future<",),
    "tfl.control_node": ("!tfl.control",),
}
"""Dialect types that value flow judges on an op (``onnx.Return``'s against its function's results), or
that its check reads itself (the sequences of ``onnx.SplitToSequence``, ``SequenceInsert``, ``SequenceEmpty``;
the future ``stablehlo.async_done`` takes and ``stablehlo.async_start`` gives, ``stablehlo.custom_call``'s
futures; ``tfl.control_node``'s control tokens)."""


_PASSING = ("scf.", "cf.", "func.")
"""The dialects whose ops pass values along (loops, branches, calls, returns) and hold each type to
another's: a dialect's type (``!quantum.bit``, ``!stream.resource<*>``) is judged on them. Two equal
texts are one type; two that differ are two types if one has no parameters and names another type
(``!quantum.bit``, ``!quantum.reg``), or if one is a builtin type, and are not told apart otherwise: a
dialect may spell one type two ways (``!llvm.ptr`` and ``!llvm.ptr<0>``; ``scf.common.edge``)."""


def _judged(name: str, t: Type) -> bool:
    return isinstance(t, OpaqueType) and (
        t.text.startswith(_FLOW_TYPES.get(name, ()))
        or (dialects.BARE.get(name, name).startswith(_PASSING) and _DIALECT_TYPE.match(t.text) is not None)
    )


_DIALECT_TYPE = re.compile(r"![A-Za-z_][\w$]*\.[\w$.]+(?:<|$)")


def _token(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.text in _TOKENS


def _spelled(statement: Statement, aliases: Mapping[str, Type | SyntaxProblem]) -> Statement:
    """``statement`` with each type of its signature that is an alias of a shaped type written as that
    type: a form that derives a type from a written one (an element type, ``tensor.extract``'s result)
    reads the text, which an alias's name hides."""
    signature = statement.signature
    assert signature is not None

    def spell(t: TypeText) -> TypeText:
        if t.text[:1] == "!" and "<" not in t.text:
            target = aliases.get(t.text[1:])
            if isinstance(target, ShapedType) or (isinstance(target, OpaqueType) and target.text.startswith("memref<")):
                text = str(target)
                return TypeText(text, t.start, t.end, "".join(text.split()))
        return t

    inputs, outputs = tuple(map(spell, signature.inputs)), tuple(map(spell, signature.outputs))
    if inputs == signature.inputs and outputs == signature.outputs:
        return statement
    return statement._replace(signature=signature._replace(inputs=inputs, outputs=outputs))


_SINGLE_BLOCK = frozenset({"BC1785", "BC1788"})
"""What ``SingleBlock`` says of a region (more blocks than one, a block with no op)."""
_OPERAND_COUNTS = frozenset({"BC609", "BC623"})
"""``NOperands``' and ``AtLeastNOperands``' words: traits a Linalg op lists before ``SingleBlock``."""


class Unreadable(Exception):
    """A statement whose types broadcheck cannot read or place: its op is passed over."""


class UnknownTypes(Unreadable):
    """:class:`Unreadable`: its types are placed, but one is of a kind no check judges (a dialect's
    own, ``!gpu.mma_matrix<16x16xf16, "COp">``, or a token). The reader took the statement, so its
    syntax has nothing to say of it."""


def relative(start: int, end: int) -> Span:
    """A statement's own offsets, as a span on its first line (for verdicts, which no span reaches)."""
    return Span(1, start + 1, 1, end + 1)


class Checks:
    """Which ops a run checks, and with what (its op table over the declarations)."""

    def __init__(self, profile: Profile, table: OpTable) -> None:
        self.profile = profile
        self.table = table
        self._checks: dict[str, tuple[str | None, Callable[..., Problem | None] | None]] = {}
        self._known: dict[str, bool] = {}
        self.types: dict[str, Type] = {}

    def check_of(self, name: str) -> tuple[str | None, Callable[..., Problem | None] | None]:
        """The semantics name and check of op ``name`` (``(None, None)``: not checked)."""
        found = self._checks.get(name)
        if found is None:
            semantics = self.table.override(name)
            if semantics is not None:
                found = (None, None) if semantics == "none" else (semantics, registry()[semantics])
            else:
                decl = dialects.lookup(name)
                found = (decl.semantics, decl.check) if decl is not None and decl.check is not None else (None, None)
            self._checks[name] = found
        return found

    def known_dialect(self, name: str) -> bool:
        """Whether ``name``'s dialect has checked ops (its other ops are counted as passed over)."""
        dialect = name.partition(".")[0]
        known = self._known.get(dialect)
        if known is None:
            known = dialects.has_checks(dialect)  # (a dialect declared in parts: from its index)
            self._known[dialect] = known
        return known

    # ---------------------------------------------------------------- operations

    def type(self, text: str, aliases: Mapping[str, Type | SyntaxProblem]) -> Type:
        if ("!" in text or "#" in text) and aliases:  # (an alias's meaning is the module's)
            return read_type(text, aliases)
        found = self.types.get(text)
        if found is None:
            found = read_type(text, aliases)
            if len(self.types) < 100_000:
                self.types[text] = found
        return found

    def operation(
        self,
        statement: Statement,
        decl: Op | None,
        locate: Locate,
        aliases: Mapping[str, Type | SyntaxProblem],
        regions: tuple[Summary, ...] = (),
        constants: tuple[str | None, ...] = (),
    ) -> Operation:
        """The op as its check sees it; raises :class:`Unreadable` or :class:`SyntaxProblem`."""
        wrong = statement_problem(statement)
        if decl is not None and decl.assembly is not None and not statement.generic:
            custom = decl.assembly.problem(statement)
            if custom is not None and (wrong is None or custom[1] < wrong[1]):  # the first the parser meets
                wrong = custom
        wrong = wrong or custom_bind_problem(statement)  # (once the op is read)
        if wrong is not None:  # the parser stops here, before any verifier
            also = tuple(SyntaxProblem(m, locate(at, at + 1)) for m, at in getattr(wrong, "then", ()))
            raise SyntaxProblem(wrong[0], locate(wrong[1], wrong[1] + 1), also)
        if aliases and statement.signature is not None:
            statement = _spelled(statement, aliases)  # (`tensor.extract %t[%i] : !storage`: its element type)
        operand_texts, result_texts = place_types(statement, decl.layout if decl is not None else None)
        if any(t is None for t in operand_texts) or any(t is None for t in result_texts):
            raise Unreadable(statement.name)
        operands = tuple(self._use(t, locate, aliases) for t in operand_texts if t is not None)
        results = tuple(self._use(t, locate, aliases) for t in result_texts if t is not None)
        if any(_unknown(u.type) and not _judged(statement.name, u.type) for u in (*operands, *results)):
            raise UnknownTypes(statement.name)
        written = statement.attributes
        if decl is not None and decl.layout.read is not None and not statement.generic:
            written += decl.layout.read(statement).properties  # what its custom form writes bare
        if any(k.startswith("#") for k in aliases):
            written = unaliased(statement, written, aliases)
        attributes = tuple(Attribute(a.name, a.text, locate(a.start, a.end), a.property) for a in written)
        name_span = locate(statement.name_start, statement.name_end)
        start = statement.results[0].start if statement.results else statement.name_start
        summaries = tuple(
            Region(
                self._types(arguments, aliases), terminator, self._types(yields, aliases), _span(at),
                tuple((name, key, _span(where)) for name, key, where in inner), blocks, ops, sources,
            )
            for arguments, terminator, yields, at, inner, blocks, ops, sources in regions
        )  # fmt: skip
        brace = None if statement.generic else next((i.start for i in statement.items if i.kind == "dict"), None)
        return Operation(
            statement.name, name_span, locate(start, statement.end), operands, results, attributes,
            statement.generic, summaries, constants, None if brace is None else locate(brace, brace + 1),
        )  # fmt: skip

    def retyped(
        self,
        text: str,
        locate: Locate,
        aliases: Mapping[str, Type | SyntaxProblem],
        constants: Callable[[Statement, list[TypeText | None]], tuple[str | None, ...]] | None = None,
        regions: tuple[Summary, ...] = (),
    ) -> tuple[Problem | None, Operation | None] | None:
        """The check's verdict on one statement's ``text`` with new types written in (``--fix``,
        ``refine``): its problem and the op it judged; ``(None, None)`` when the op has no check;
        ``None`` when there is no verdict (the text or its types cannot be read). ``constants``
        gives the constants that define its operands (from the statement and its operand types);
        ``regions`` summarises its regions (elided from ``text`` as ``{...}``)."""
        try:
            statement = read_statement(text)
        except ReaderProblem:
            return None
        _, check = self.check_of(statement.name)
        if check is None:
            return None, None
        decl = dialects.lookup(statement.name)
        folded: tuple[str | None, ...] = ()
        if constants is not None:
            folded = constants(statement, place_types(statement, decl.layout if decl is not None else None)[0])
        try:
            op = self.operation(statement, decl, locate, aliases, regions, folded)
        except (Unreadable, SyntaxProblem):
            return None
        return check(op, self.profile), op

    def judge(self, op: Operation, check: Callable[..., Problem | None], text: str) -> Problem | None:
        """``check``'s verdict on ``op`` (written ``text``), after what the parser rejects in its
        attributes' literals (it reads them before any verifier runs)."""
        if "dense<" in text:
            from broadcheck.dialects.literal import attribute_literal_problem

            problem = attribute_literal_problem(op)
            if problem is not None:
                return problem
        if op.regions or op.generic:
            found = region_problem(op)
            if found is not None:
                if found.code in _SINGLE_BLOCK and op.name.startswith("linalg."):
                    own = check(op, self.profile)  # (its operand count's trait comes before SingleBlock)
                    if own is not None and own.code in _OPERAND_COUNTS:
                        return own
                return found
        return check(op, self.profile)

    def _types(self, keys: tuple[str | None, ...], aliases: Mapping[str, Type | SyntaxProblem]) -> tuple[Type, ...]:
        """The types of a region's summary; an unknown one reads as ``OpaqueType('?')``."""
        out: list[Type] = []
        for key in keys:
            try:
                out.append(self.type(key, aliases) if key is not None else OpaqueType("?"))
            except SyntaxProblem:
                out.append(OpaqueType(key or "?"))
        return tuple(out)

    def _use(self, t: TypeText, locate: Locate, aliases: Mapping[str, Type | SyntaxProblem]) -> TypeUse:
        text = t.text
        if "\n" in text:  # (a type over lines: its line breaks and comments are blanks, its offsets the same)
            text = one_line(text)
        try:
            type_ = self.type(text, aliases)
        except SyntaxProblem as problem:
            span = locate(t.start + problem.span.column - 1, t.start + problem.span.end_column - 1)
            raise SyntaxProblem(problem.message, span) from None
        return TypeUse(type_, locate(t.start, t.end))

    def verdict(
        self,
        form: Form,
        aliases: Mapping[str, Type | SyntaxProblem],
        regions: tuple[Summary, ...] = (),
        constants: tuple[str | None, ...] = (),
    ) -> Problem | None:
        """The check's verdict on ``form`` (its statement must be read); raises :class:`Unreadable`
        or :class:`SyntaxProblem`."""
        statement = form.statement
        assert statement is not None
        _, check = self.check_of(statement.name)
        assert check is not None
        op = self.operation(statement, form.decl, relative, aliases, regions, constants)
        problem = self.judge(op, check, form.key)
        judges_tokens = form.decl is not None and form.decl.tokens
        if judged(problem) is None and not judges_tokens and any(_token(u.type) for u in (*op.operands, *op.results)):
            # a check that cannot judge a type returns None too: with a token, "valid" is not
            # told apart from "not judged" (custom_call, if, case, while do not judge tokens)
            raise UnknownTypes(statement.name)
        return problem


def _span(at: Where | None) -> Span | None:
    return None if at is None else Span(at.line, at.column, at.line, at.end)


def unaliased(
    statement: Statement, written: tuple[Property, ...], aliases: Mapping[str, Type | SyntaxProblem]
) -> tuple[Property, ...]:
    """The attributes with attribute aliases (``#name = ...``) written out: a bare ``#trait``
    naming a dictionary gives its entries (``vector.contract #trait %a, ...``)."""

    def text(value: str) -> str:
        for _ in range(4):  # an alias may name another (`indexing_maps = #accesses`)
            found = aliases.get(value.strip())
            if not isinstance(found, OpaqueType):
                break
            value = found.text
        return value

    out: list[Property] = []
    for item in statement.items:
        found = aliases.get(item.text) if item.kind == "word" and item.text.startswith("#") else None
        if isinstance(found, OpaqueType) and found.text.startswith("{"):
            try:
                entries = read_statement(f"x.x {found.text}").attributes
            except ReaderProblem:  # (a dictionary left open: its definition is the parser's error)
                continue
            out += [Property(a.name, a.text, item.start, item.end, a.property) for a in entries]
    out += written

    def listed(value: str) -> str:  # `[#map0, #map1]`: each entry an alias (a clause may run on: `] ins`)
        head, _, tail = value.strip().rpartition("]")
        inner = head[1:]
        return "[" + ", ".join(text(v) for v in split_top(inner)) + "]" + tail if inner.strip() else value

    return tuple(
        a._replace(text=text(a.text))
        if a.text.startswith("#")
        else a._replace(text=listed(a.text))
        if a.text.startswith("[#") and "]" in a.text
        else a
        for a in out
    )
