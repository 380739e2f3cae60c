"""Stage *read*, per distinct key: what one statement's text reads as, once per run.

A :class:`Form` is a statement read with its value names written ``%_`` (its *key*):
the op's declaration, the type of each operand and result as the declaration's layout
places them, the values it defines for its regions, and what each ``%_`` of the key
is (a result, an operand, a region argument, a successor's operand). Every line with
that key shares the form; the line brings only its names.

The check's verdict on a form is the op's verdict on every line with its key (value
names and locations do not reach a check), so it is asked once (:mod:`.verify`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from sys import intern

from broadcheck import dialects
from broadcheck.dialects.op import FUNCTIONAL, Layout, Op
from broadcheck.syntax.attributed import attributed_statement
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import depth, one_line, strip_comments, token_first
from broadcheck.syntax.lines import LABEL_AT_END, RESULTS_SOURCE, dangles
from broadcheck.syntax.simple_call import simple_call
from broadcheck.syntax.statement import (
    REGION,
    Statement,
    SyntaxProblem,
    TypeText,
    read_statement,
    simple_head,
    simple_statement,
)
from broadcheck.syntax.written import written_type_problem

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import TypeVar

    from broadcheck.semantics import Problem

    _T = TypeVar("_T", bound=tuple[object, ...])

_SPECIAL = frozenset(
    {"func.return", "return", "onnx.Return", "func.call", "call", "func.func", "scf.if", "scf.for", "tf.If", "tf.While"}
    | {"tf.PartitionedCall", "tf.StatefulPartitionedCall"}
    | {"tf.LegacyCall", "tf.TPUPartitionedCall", "tf.BatchFunction", "tf.XlaCallModule", "tf.Case"}
    | {"tf.XlaReduceWindow", "tf.XlaSelectAndScatter", "tf.XlaVariadicReduceV2", "tf.XlaVariadicSort"}
    | {"stablehlo.composite", "mhlo.composite", "func.constant", "tosa.variable_read", "tosa.variable_write"}
    | {f"stablehlo.{name}" for name in ("all_gather", "all_reduce", "reduce_scatter", "all_to_all")}
    | {"stablehlo.collective_broadcast", "stablehlo.collective_reduce"}
)
"""Ops value flow does more for than follow their values (every call-like op of
:data:`broadcheck.engine.transfers.CALL_LIKE` among them: ``tests/test_engine_stages.py`` holds it)."""

_REAL = lazy(r"complex<\s*([^<>]+?)\s*>")
"""A complex element type, whose real part is inside it."""

# What each `%_` of a key is, in text order.
RESULT, USE, ARGUMENT, SUCCESSOR = 0, 1, 2, 3


class Form:
    """What a statement's key reads as (see the module docstring). Most forms are of one-line
    ops with no region, nothing they define, no literal and no error: those fields are the
    class's defaults here, and a form that has any of them is a :class:`Rich` one (issue 31's
    peak RSS: each form of a file of distinct statements is kept, 63k of them on bench/gen2.py's
    100k ops; a slot is 8 bytes of each). Nor is a flag a slot: a fast reader's form is
    :attr:`complete` as it is read (:attr:`plain`), and a form whose statement was read again is
    of a kept class (:meth:`release`)."""

    __slots__ = (
        "_statement",
        "check",
        "complete",
        "decl",
        "key",
        "name",
        "operand_types",
        "result_types",
        "roles",
        "route",
        "split",
        "verdict",
    )

    arguments: tuple[str | None, ...] = ()
    """The type key of each value it defines for its regions."""
    successor_types: tuple[tuple[str | None, ...], ...] = ()
    regions = 0
    simple = True
    """Its names are its results, then its operands, nothing else (most lines)."""
    inner: tuple[int, Form] | None = None
    """The op it wraps (``tf_executor.island wraps ...``): where its text starts, its form."""
    literal: str | None = None
    """A constant op's value as written (``dense<[1, 2]> : tensor<2xi64>``)."""
    error: SyntaxProblem | None = None
    """Why the reader could not take the text (then nothing else is known; a :class:`Rich` form)."""

    def __init__(self, key: str, statement: Statement | None, error: SyntaxProblem | None, decl: Op | None) -> None:
        if error is not None:
            raise TypeError("a form with an error is a Rich one")  # (no slot for it here)
        self.key = key
        """The statement's text, its value names written ``%_`` (the scanner keeps its forms by
        this very string: a form holds no copy of its own)."""
        self._statement = statement
        self.decl = decl
        self.name = statement.name if statement is not None else ""
        self.check: Callable[..., Problem | None] | None = None
        self.verdict: object = _UNASKED
        """The check's problem (or ``None``), once asked (:mod:`.verify`)."""
        self.roles: tuple[int, ...] = ()
        self.operand_types: tuple[str | None, ...] = ()
        """The type key of each operand, ``None`` where the statement does not place one."""
        self.result_types: tuple[str | None, ...] = ()
        """The type key of each result (``%0:2`` counts 2)."""
        self.complete: bool | None = None
        """Its key is a whole statement on one line (the scanner's fast pass may take it); None:
        not asked yet (the fast pass asks as it first finds the form: the slow path keeps its
        forms by the same text, and a head's key may be megabytes long). True as it is read
        when a fast reader read it (:attr:`plain`)."""
        self.split = -1
        """How many of its names are results, when its names are its results then its operands,
        one result each, and nothing about it needs more than value flow and its check (most
        lines): the engine's fast path takes it. Otherwise -1."""
        self.route = 0
        """What the checks did with it last (the engine's): 0 not asked, 1 not checked, 2 passed
        over, 3 checked and clean."""

    @property
    def plain(self) -> bool:
        """Known whole: read by a fast reader (:func:`~broadcheck.syntax.statement.simple_statement`,
        :func:`~broadcheck.syntax.attributed.attributed_statement`: one whole line, its brackets
        closed, no region), or asked (:attr:`complete`): the scanner need not ask."""
        return self.complete is True

    @property
    def statement(self) -> Statement | None:
        """The statement read from :attr:`key` (``None`` when it cannot be read: :attr:`error`),
        read again if :meth:`release` let it go (and then kept: its key came back on a path
        that needs it, and the form is of the kept class of its own, whose :meth:`release` keeps)."""
        statement = self._statement
        if statement is None and self.error is None:
            statement = self._statement = _read(self.key)
            self.__class__ = _KEPT[type(self)]
        return statement

    def release(self) -> None:
        """Let the statement go once it has been used (it is read again if asked for, then
        kept): the fast path needs only the form's own fields once the checks have given a
        verdict every line of the key shares (:attr:`route`), and most keys of a file of
        distinct statements are never seen again. The statements' named tuples were most of
        the memory such a run kept (issue 31: peak RSS); a key that comes back on a path that
        needs its statement is read twice, never more."""
        if self.inner is None:
            self._statement = None


class Rich(Form):
    """A :class:`Form` with regions, values it defines, successors, an op it wraps, a literal
    or an error: the fields a :class:`Form` leaves to its class are its own."""

    __slots__ = ("arguments", "error", "inner", "literal", "regions", "simple", "successor_types")

    def __init__(self, key: str, statement: Statement | None, error: SyntaxProblem | None, decl: Op | None) -> None:
        super().__init__(key, statement, None, decl)
        self.error = error
        self.arguments = ()
        self.successor_types = ()
        self.regions = 0
        self.simple = True
        self.inner = None
        self.literal = None


class TwoOps(Rich):
    """A :class:`Rich` form of a statement read to its last type with an op after it on its line
    (:func:`trailing_op`): the scanner cuts it in two (:mod:`.scan_pieces`). It keeps its statement."""

    __slots__ = ()

    def release(self) -> None:
        pass


class _KeptForm(Form):
    """A :class:`Form` whose statement was read again (:attr:`Form.statement`): it keeps it."""

    __slots__ = ()

    def release(self) -> None:
        pass


class _KeptRich(Rich):
    """A :class:`Rich` form whose statement was read again: it keeps it."""

    __slots__ = ()

    def release(self) -> None:
        pass


_KEPT: dict[type[Form], type[Form]] = {Form: _KeptForm, Rich: _KeptRich, TwoOps: TwoOps}
"""The kept class of each class of form (a form's class is set to it, as its slots are the same)."""


FIELDS = (*Form.__slots__, *Rich.__slots__)
"""Every field of a form (a :class:`Form` holds the first, its class the others, a :class:`Rich` all)."""


class _Unasked:
    def __repr__(self) -> str:
        return "<unasked>"


_UNASKED = _Unasked()


def unasked(form: Form) -> bool:
    return form.verdict is _UNASKED


ATTRIBUTED_AFTER = 1024
"""How many keys the simple readers leave go to the token reader before the attributed reader
(:func:`~broadcheck.syntax.attributed.attributed_statement`) takes them: its patterns cost about
70 ms of CPU to compile (``re``'s compiler is Python), which a file of a few hundred such
statements does not win back (ResNet-50's forward export, 743 ops: 0.12 s with it from the first
key, 0.10 s without), while a file of thousands does (gen2's 20k ops: 1.64 s against 1.94 s).
Both readers give the same statement (``tests/test_statement_fast.py``), so this changes
no output; the count is the process's, as the compiled patterns are."""

_cold = ATTRIBUTED_AFTER
"""Keys left before :func:`_attributed` reads any."""


def _attributed(key: str) -> Statement | None:
    """What the attributed reader reads ``key`` as, once it is worth its patterns (``None`` before,
    and for a key it leaves to the token reader)."""
    global _cold
    if _cold > 0:
        _cold -= 1
        return None
    return attributed_statement(key)


def _read(key: str) -> Statement:
    """The statement ``key`` reads as; raises :class:`SyntaxProblem`."""
    return simple_statement(key) or simple_head(key) or _attributed(key) or simple_call(key) or read_statement(key)


def plain_operands(decl: Op | None, generic: bool) -> bool:
    """Whether an op's parser wants one more operand after each ``,`` of its operands (a hole there
    is "expected SSA operand": :func:`~broadcheck.syntax.lexer.token_problem`): the generic form's,
    and a known op's custom form that takes nothing else after them (no keyword, no comparison's
    type, no directive of its own: ``stablehlo.concatenate``'s ``dim``, ``stablehlo.compare``'s type)."""
    if generic:
        return True
    assembly = decl.assembly if decl is not None else None
    return decl is not None and (assembly is None or not (assembly.keyword or assembly.compare or assembly.form))


def read_form(key: str, known: Statement | None = None) -> Form:
    """Read the statement ``key`` (value names written ``%_``) into its form (``known``: what
    ``key`` reads as, when the caller has it: refine, for a statement it re-typed).

    A statement over several lines that does not read is read again as one line (its comments
    blanked, its line breaks spaces: the same offsets): to MLIR's lexer a line break is a blank
    wherever it is (``tensor<2\n  x3xf32>``, ``: tensor\n  <4xf32>``), which the readers of one
    line's text (a dimension list's blanks) do not all take; if it reads so, that is its form."""
    if " <" in key or "\n<" in key or "\t<" in key:
        key = _SPACED.sub(_glued, key)
    form = _read_form(key, known)
    if form.error is not None and "\n" in key:
        flat_form = _read_form(one_line(key), known)  # (a keyword and its `<` apart: glued above)
        if flat_form.error is None and _NEXT_OP_LINE.search(key) is None:
            return flat_form
    return form


def later_arguments(form: Form, head: str, count: int) -> tuple[tuple[int, ...], tuple[str | None, ...]]:
    """The roles and argument types a later region of an op no dialect declares names in its head
    after its earlier regions (``} count(%w: index) -> (index) {``, ``head`` its text so far, ``count``
    its names): the earlier names' roles are ``-1`` (theirs were their regions'); ``((), ())`` if it
    names none, or does not read."""
    if form.decl is not None or len(form.roles) >= count or (statement := form.statement) is None or statement.generic:
        return (), ()
    from broadcheck.syntax.lines import key_text

    whole = read_form(key_text(head))
    if whole.error is not None or len(whole.roles) != count:
        return (), ()
    earlier = len(form.roles)
    later = whole.roles[earlier:]
    own = later.count(ARGUMENT)  # (the last of its arguments' types)
    return (-1,) * earlier + tuple(later), tuple(whole.arguments[len(whole.arguments) - own :]) if own else ()


def second_op(statement: Statement, text: str, at: int = 0) -> int:
    """Where a second op starts in ``text``, whose first statement was read from ``text[at:]``, or -1:
    after its types (:func:`trailing_op`), or as the first word after a terminator whose operands may be
    none (``return return %0 : T``: MLIR's parser reads a ``return`` with no operands, then the next; an
    op that wants an operand there says "expected SSA operand" instead, its reader's to word)."""
    signature = statement.signature
    if signature is not None and at + signature.end < len(text):
        found = trailing_op(text, at + signature.end)
        if found >= 0:
            return found
    items = statement.items
    if items and not statement.generic and statement.regions == 0:
        end = at + signature.after if signature is not None else len(text)
        found = _op_after_untyped(text, at, at + items[0].start, end)
        if found >= 0:  # `linalg.reduce {arith.addf} ins(..) outs(..) dimensions = [0]  return %0 : T`
            return found
    if statement.successors and (flat := strip_comments(text).rstrip()).endswith(":"):
        label = LABEL_AT_END.search(flat, at + statement.successors[0].start - 1)
        if label is not None:  # `cf.switch ... ^bb3(%a : T)] ^bb3(%y: T):`: the next block's label
            return label.start() + 1
    if (
        items
        and items[0].kind == "word"
        and not statement.generic
        and not statement.results
        and statement.name.endswith(_OPTIONAL_OPERANDS)
        and _OP_START.match(text, at + items[0].start) is not None
        and plain_operands(dialects.lookup(statement.name), False)
    ):
        return at + items[0].start
    return -1


def _op_after_untyped(text: str, at: int, start: int, end: int) -> int:
    """Where an op starts in the items of a custom form (``text[at:]``, its items from ``start`` to
    ``end``: up to its types, if any), outside their brackets, if the text before it reads as a whole
    op; or -1. Only an op no custom form's words can be (results and their ``=``, then a name; a
    ``return``): ``stablehlo.reduce``'s ``applies stablehlo.add`` is not one. The first few places are
    tried."""
    if text.find("=", start, end) < 0 and text.find("return", start, end) < 0:
        return -1  # (most forms: two passes in C, no pattern)
    if _NAMED_OP_AFTER.search(text, start, end) is None:
        return -1
    flat = strip_comments(text)
    for tried, m in enumerate(_NAMED_OP_AFTER.finditer(flat, start, end)):
        if tried == 4:
            break
        head = text[at : m.start()]
        if (
            not depth(flat, "", start, m.start()).stack
            and not dangles(head)
            and _KEYWORD_BEFORE.search(flat, start, m.start()) is None  # (`applies return`: the op's own word)
            and read_form(head).error is None
        ):
            return m.end()
    return -1


_KEYWORD_BEFORE = lazy(r"(?<![%#@!^\w$.\-])[A-Za-z_][\w$.\-]*+[ \t]*+\Z")
"""A bare word last before a place: a custom form's keyword, which the next token belongs to."""


_OPTIONAL_OPERANDS = ("return", "yield")
"""The terminators whose custom form's operands may be none (``func.return``, ``scf.yield``, ``stablehlo.return``)."""


def trailing_op(text: str, end: int) -> int:
    """Where an op starts in ``text`` after a statement's types start to end at offset ``end`` (its
    readers take what follows them as trailing words: ``i8 into vector<5xi8>``), or -1: MLIR needs
    no line break between two ops (``... : (T) -> T   return %0 : T``)."""
    at = end
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    if at == len(text) or text.startswith("//", at):
        return -1
    flat = strip_comments(text)  # (`%3 =`, a comment's line, then its op's name)
    if _OP_START.match(flat, at) is not None or _LABEL.match(flat, at) is not None:
        return at  # (an op, or a block's label: `return %0 : T ^bb1:`)
    for tried, m in enumerate(OP_AFTER.finditer(flat, at)):
        if tried == 4:
            break
        if not depth(flat, "", at, m.start()).stack:
            return m.end()  # (outside brackets: not a dotted key of `attributes {` after a head's types)
    return -1


_OP_NAME_SOURCE = r'(?:"[\w$.\-]++"[ \t]*+\(|[A-Za-z_][\w$]*+\.[\w$.]++(?=[ \t(%\n]|$)|return\b)'
_RESULTS_EQUAL = rf"{RESULTS_SOURCE}[ \t\r\n]*+=[ \t\r\n]*+"
"""An op's results and its ``=`` (a line break between them is a blank)."""
_OP_START_SOURCE = (
    rf"(?:{_RESULTS_EQUAL}"
    rf"(?:{_OP_NAME_SOURCE}|[A-Za-z_][\w$]*+(?=[ \t(%\n]|$))|{_OP_NAME_SOURCE})"
)
_OP_START = lazy(_OP_START_SOURCE)
"""An op's start: its results and ``=``, then its name (quoted and its operands' ``(``, a dotted
word, or after results any word: ``%1 = call @f(%0)`` in a function's default dialect)."""
_LABEL = lazy(r"\^[\w$.\-]++[ \t]*+[(:]")
"""A block's label after an op's types on its line."""
_NAMED_OP_AFTER = lazy(rf"[ \t]++(?={_RESULTS_EQUAL}(?:{_OP_NAME_SOURCE})|return\b)")
"""Blanks, then an op that no custom form's words can be: results, ``=`` and an op's name; a ``return``."""
OP_AFTER = lazy(rf"[ \t]++(?={_OP_START_SOURCE})")
"""Blanks on a line, then an op's start: where a second op on a statement's line may start."""
OP_OR_LABEL_AFTER = lazy(rf"[ \t]++(?={_OP_START_SOURCE}|\^[\w$.\-]++[ \t]*+[(:])")
"""Blanks, then an op's start or what may be a block's label (``cf.br ^bb1 ^bb1:``)."""


_NEXT_OP_LINE = lazy(r"\n[ \t]*+%[\w$.\-]++(?::[0-9]++)?[ \t]*+(?!:(?!=)|[,)\]}\r\n]|$|//)")
"""A line that starts with a value's name followed by what no operand or argument list has after it
(``=``, ``:=``, ``<=``, a word): the next op (the scanner cuts the statement there), not a line of
one statement (``%b: tensor<4xf32>,``, ``%b)``)."""

_SPACED = lazy(
    r"(?<![\w$.!#])(tensor|vector|memref|complex|tuple|array|dense|dense_resource|sparse|affine_map|affine_set"
    r"|strided)((?:[ \t\r\n]++|//[^\n]*+)++)<"
)
"""A builtin type's or attribute's keyword, blanks, its ``<``: to MLIR's lexer the blanks are nothing
(``tensor <4xf32>``, ``array <i64: 1>``, a line break, a comment); the readers of one text want them
glued, so they are put before the keyword (:func:`_glued`: the same length, every other offset where it was)."""


def _glued(m: re.Match[str]) -> str:
    return f"{m[2]}{m[1]}<"


def _read_form(key: str, known: Statement | None) -> Form:
    try:
        statement = simple_statement(key)  # (the commonest forms, without tokens)
        plain = statement is not None
        if statement is None:
            statement = known or simple_head(key)
            if statement is None:
                statement = _attributed(key)
                plain = statement is not None
                if statement is None:
                    statement = simple_call(key) or read_statement(key)
    except SyntaxProblem as problem:  # kept without its traceback: its frames held the scanner's block (issue 31)
        return Rich(key, None, problem.with_traceback(None), None)
    decl = dialects.lookup(statement.name)
    typed = written_type_problem(statement, key) if statement.generic or decl is not None else None
    # (a token MLIR rejects, read all the same: `{x = #}`, a generic `(%a, )`; not in a region's head, kept whole)
    token = None if statement.regions else token_first(key, typed and typed[1], plain_operands(decl, statement.generic))
    if (wrong := token or typed) is not None:
        return Rich(key, None, SyntaxProblem(wrong[0], wrong[1], wrong[1] + 1), None)  # MLIR's parser stops there
    rich = (
        statement.regions
        or statement.definitions
        or statement.successors
        or (decl is not None and (decl.wraps or decl.literal is not None))
    )
    form: Form
    if second_op(statement, key) >= 0:
        form = TwoOps(key, statement, None, decl)
        form.complete = False  # (no line of it is whole: the scanner's slow path cuts it)
    else:
        form = Rich(key, statement, None, decl) if rich else Form(key, statement, None, decl)
        if plain:
            form.complete = True  # (one whole line: the scanner need not ask, :attr:`Form.plain`)
    operand_types, result_types = place_types(statement, decl.layout if decl is not None else None)
    operand_types = implicit(statement, decl, operand_types)
    # (list comprehensions: no generator frame per tuple)
    form.name = intern(form.name)
    form.operand_types = _shared(tuple([t.key if t is not None and t.key != "?" else None for t in operand_types]))
    form.result_types = _shared(tuple([t.key if t is not None and t.key != "?" else None for t in result_types]))
    simple = not statement.definitions and not statement.successors
    if simple:
        # the results are written before the op's name, the uses after it: no sort to make
        form.roles = _shared((RESULT,) * len(statement.results) + (USE,) * len(statement.operands))
    else:
        roles: list[tuple[int, int]] = [(r.start, RESULT) for r in statement.results]
        roles += [(u.start, USE) for u in statement.operands]
        roles += [(d.start, ARGUMENT) for d in statement.definitions]
        roles += [(u.start, SUCCESSOR) for s in statement.successors for u in s.operands]
        roles.sort()
        form.roles = _shared(tuple(role for _, role in roles))
    if isinstance(form, Rich):
        _enrich(form, statement, decl, key)
    results = len(statement.results)  # (a form that is simple has its roles in that order: see above)
    if (
        simple
        and all(r.size == 1 for r in statement.results)
        and statement.regions == 0
        and statement.name not in _SPECIAL
        and (decl is None or not decl.wraps)  # (a check that reads constants gets its names on the fast path too)
        and len(form.operand_types) == len(statement.operands)  # (`%a %a, %b[0]`: a use no type is placed for)
    ):
        form.split = results
        if "#" in key or "!" in key:  # an alias's use, maybe: the engine's slow path asks whether it is defined
            from broadcheck.syntax.aliases import alias_uses  # (here: a file that names no alias never loads it)

            form.split = -1 if alias_uses(key) else results
    return form


def _enrich(form: Rich, statement: Statement, decl: Op | None, key: str) -> None:
    """The fields of a :class:`Rich` form (:func:`read_form`, once its types are placed)."""
    form.regions = statement.regions
    form.simple = not statement.definitions and not statement.successors
    if statement.definitions:
        form.arguments = _shared(tuple([d.type.key if d.type is not None else None for d in statement.definitions]))
    if decl is not None and decl.layout.kind == "for" and form.arguments:
        # the induction variable has the bounds' type; each iteration argument its result's
        bound = form.operand_types[0] if form.operand_types else "index"
        form.arguments = (bound, *form.result_types[: len(form.arguments) - 1])
    elif decl is not None and decl.layout.kind == "paired" and form.arguments:
        # `while(%arg = %init) : T`: each region argument has its paired operand's type
        operands = form.operand_types
        form.arguments = tuple(
            a if a is not None else (operands[i] if i < len(operands) else None) for i, a in enumerate(form.arguments)
        )
    if statement.successors:
        form.successor_types = tuple(
            tuple(u.type.key if u.type is not None else None for u in s.operands) for s in statement.successors
        )
    if statement.generic and statement.successors and decl is not None and decl.successors is not None:
        groups = decl.successors(statement)  # (the generic form's successors take operands by segment)
        types = form.operand_types
        form.successor_types = () if groups is None else tuple(tuple(types[i] for i in g) for g in groups)
    if decl is not None and decl.wraps:
        word = next((i for i in statement.items if i.kind == "word" and i.text == "wraps"), None)
        if word is not None:
            start = word.end + len(key[word.end :]) - len(key[word.end :].lstrip())
            form.inner = (start, read_form(key[start:]))
    if decl is not None and decl.literal is not None:
        form.literal = literal(statement, decl.literal)


SHARED = 1 << 16
"""How many distinct tuples :func:`_shared` keeps (then it starts again)."""

_SHARING: dict[tuple[object, ...], tuple[object, ...]] = {}
"""One tuple per distinct value of the forms' roles and type keys (:func:`_shared`)."""


SHARED_KEPT = 1 << 12
""":func:`let_shared_go` keeps a table of fewer tuples than this (for the files to come)."""


def let_shared_go() -> None:
    """Forget the tuples :func:`_shared` keeps (the forms keep theirs), if there are many: the
    fix stage reads few new forms, and the table was 1.3 MB of the fix stage's peak on
    bench/gen2.py's 100k ops (issue 31). What it keeps changes no output."""
    if len(_SHARING) >= SHARED_KEPT:
        _SHARING.clear()


def _shared(values: _T) -> _T:
    """``values``, or the equal tuple a form read before holds, its strings interned: a file of
    distinct statements has a few hundred roles tuples and a few thousand types among tens of
    thousands of forms, each form held its own copies (issue 31's peak RSS: on bench/gen2.py's
    100k ops, 157k type-key strings for 9k types). What it keeps changes no output."""
    found = _SHARING.get(values)
    if found is not None:
        return found  # type: ignore[return-value]  # (equal to ``values``, so of its type)
    if len(_SHARING) >= SHARED:
        _SHARING.clear()
    kept = tuple([intern(v) if type(v) is str else v for v in values])
    _SHARING[kept] = kept
    return kept  # type: ignore[return-value]


def place_types(statement: Statement, layout: Layout | None) -> tuple[list[TypeText | None], list[TypeText | None]]:
    """The type written for each operand and each result, as the op's layout places them
    (``None`` where the statement writes none broadcheck can place)."""
    if layout is not None and layout.read is not None and not statement.generic:
        reading = layout.read(statement)
        return reading.operands, reading.results
    operands: list[TypeText | None] = [u.type for u in statement.operands]
    count = statement.result_count
    results: list[TypeText | None] = [None] * count
    sig = statement.signature
    untyped = [i for i, t in enumerate(operands) if t is None]
    kind = layout.kind if layout is not None else None
    if sig is None:
        if kind == "for" and len(untyped) == 3 and count == 0:  # `scf.for %i = %a to %b step %c {`
            return [_type("index") if t is None else t for t in operands], results
        if kind == "result" and count == 1 and len(statement.items) == 1:
            from broadcheck.dialects.literal import untyped as literal_type  # (a value written with no type)

            given = literal_type(statement.items[0].text)  # `arith.constant true`: i1; `1`: i64; `1.5`: f64
            if given is not None:
                return operands, [_type(given)]
        return operands, results
    if kind == "for" and sig.kind != "function":  # (the generic form writes a function type)
        bound = sig.inputs[0] if sig.kind == "list" and len(sig.inputs) == 1 else _bound_after(statement)
        for i in untyped[:3]:
            operands[i] = bound if bound is not None else _type("index")
        outputs = sig.outputs if sig.kind == "arrow" else ()
        if len(untyped) - 3 <= len(outputs):  # (the parser types each initial value by its result's)
            for i, t in zip(untyped[3:], outputs, strict=False):
                operands[i] = t
        return operands, list(outputs) if len(outputs) == count or not count else results  # (none bound: unnamed)
    if (
        layout is None
        and statement.items
        and statement.items[-1].start >= sig.end
        and statement.items[-1].kind == "word"
    ):
        return operands, results  # (an op not known, words after its types: `: T -> U as V`, its result is V)
    if sig.kind == "function" or (sig.kind == "arrow" and sig.inputs):
        if len(sig.inputs) == len(untyped):
            inputs = sig.inputs
            if kind == "pairs" and not statement.generic and len(inputs) % 2 == 0:
                half = len(inputs) // 2
                inputs = tuple(inputs[i // 2 + (half if i % 2 else 0)] for i in range(len(inputs)))
            for i, t in zip(untyped, inputs, strict=True):
                operands[i] = t
        # The function type says how many results the op has, whatever names bind them.
        return operands, list(sig.outputs)
    if sig.kind == "arrow":  # `-> (T, U)` alone: the results' types (an op may bind none of them)
        if len(sig.outputs) == count or not count:
            results = list(sig.outputs)
        return operands, results
    if sig.kind == "to":
        if kind in (None, "conversion", "functional") and untyped:
            operands[untyped[0]] = sig.inputs[0]
        if count == 1:
            results = [sig.outputs[0]]
        return operands, results
    types = sig.inputs  # a list
    if kind == "same" and len(types) == 1:
        for i in untyped:
            operands[i] = types[0]
        return operands, [types[0]] * count  # (no name bound: not placed, math.sincos has two results)
    if kind == "result" and len(types) == count:
        return operands, list(types)
    if kind == "complex" and len(types) == 1:
        real = _REAL.sub(r"\1", types[0].text, count=1)
        part = TypeText(real, types[0].start, types[0].end, "".join(real.split()))
        for i in untyped:
            operands[i] = part
        return operands, [types[0]] * count
    if kind == "operands" and len(types) == 1:
        for i in untyped:
            operands[i] = types[0]
        return operands, results
    if kind == "compare" and len(types) == 1:
        for i in untyped:
            operands[i] = types[0]
        return operands, [_with_i1(types[0])] * (count or 1)  # (no name binds its one result: it has it)
    if kind == "first" and len(types) == 1 and untyped:
        operands[untyped[0]] = types[0]
        return operands, results
    if kind == "select" and len(untyped) == 3 and len(types) in (1, 2):
        value = types[-1]
        if len(types) == 2:
            operands[untyped[0]] = types[0]
        operands[untyped[1]] = operands[untyped[2]] = value
        return operands, [value] * count
    if kind == "operand-list" and len(types) == len(untyped):
        for i, t in zip(untyped, types, strict=True):
            operands[i] = t
        return operands, results
    if kind == "paired" and len(types) == len(untyped) == count:
        for i, t in zip(untyped, types, strict=True):
            operands[i] = t
        return operands, list(types)
    if kind == "list" and layout is not None and len(layout.operands) == len(untyped):
        top = max((*layout.operands, *layout.results), default=-1)
        if top < len(types) and (len(layout.results) == count or not count):  # (no name binds them: placed)
            for i, at in zip(untyped, layout.operands, strict=True):
                operands[i] = types[at]
            return operands, [types[at] for at in layout.results]
    return operands, results


def _bound_after(statement: Statement) -> TypeText | None:
    """``scf.for ... iter_args(...) -> (T) : i32``: the bounds' type after the results' (an
    integer type, which the reader leaves as a word after a ``:``)."""
    items = statement.items
    for i in range(len(items) - 1):
        if items[i].kind == "punct" and items[i].text == ":" and items[i + 1].kind == "word":
            return _type(items[i + 1].text)
    return None


def _type(text: str) -> TypeText:
    return TypeText(text, 0, 0, text)


def _with_i1(t: TypeText) -> TypeText:
    """``T`` with ``i1`` elements: a comparison's result."""
    if "<" not in t.text:
        return _type("i1")
    m = _SHAPED.fullmatch(t.key)
    if m is None or "<" in m.group(2):
        return TypeText(t.text, t.start, t.end, "?")  # an element broadcheck cannot replace: unknown
    return TypeText(f"{m.group(1)}i1>", t.start, t.end, f"{m.group(1)}i1>")


_SHAPED = lazy(r"((?:tensor|vector)<(?:(?:\d+|\?|\[\d+\])x)*)([^,]+)>")
"""A shaped type's key: its head and dimensions, then its element (``index`` has an ``x`` too)."""


def implicit(statement: Statement, decl: Op | None, operands: list[TypeText | None]) -> list[TypeText | None]:
    """``operands`` with the types the op's form does not write filled in (``cf.cond_br``'s ``i1``)."""
    if decl is None or not decl.implicit:
        return operands
    filled = list(operands)
    for i, t in enumerate(decl.implicit):
        if t is not None and i < len(filled) and filled[i] is None:
            filled[i] = _type(t)
    return filled


_TYPED = lazy(r">\s*:\s*\S")
"""A literal that writes its own type (``dense<[1, 0]> : tensor<2xi32>``)."""
_NUMBER = lazy(r"-?[0-9]+")
"""An integer literal."""


def literal(statement: Statement, name: str) -> str | None:
    """A constant op's value as written (``dense<[1, 2]> : tensor<2xi64>``), or ``None``."""
    text = next((a.text for a in statement.attributes if a.name == name), None)
    if text is None:
        items = statement.items
        for i, item in enumerate(items):
            if item.kind == "word" and item.text == name and i + 1 < len(items) and items[i + 1].kind == "group":
                text = items[i + 1].text[1:-1]  # `values(dense<...> : tensor<2xindex>)`
                break
            if item.kind == "word" and item.text.startswith(("dense<", "array<", "dense_resource<")):
                text = item.text
                break
            if (
                item.kind == "word"
                and item.text in ("dense", "array", "dense_resource")
                and i + 1 < len(items)
                and items[i + 1].text.startswith("<")
            ):
                text = item.text + items[i + 1].text  # `dense <[1, 2]>`: MLIR's lexer takes spaces there
                break
    if text is None and not statement.generic and statement.attributes and statement.attributes[0].name == "":
        first = statement.attributes[0].text  # `arith.constant 0 : index`: its value comes first, unnamed
        text = first if _NUMBER.fullmatch(first) else None
    if text is None:
        return None
    if _TYPED.search(text) is None and statement.signature is not None:
        types = statement.signature.outputs or statement.signature.inputs
        if types:
            text = f"{text} : {types[-1].text}"
    return text


def synthesize(results: str, generic: str, custom: str, count: int, rest: str) -> str:
    """The key text of a fast row: its results, op and ``count`` operands written ``%_``."""
    head = f"{results} = " if results else ""
    operands = ", ".join(("%_",) * count)
    if generic:
        return f'{head}"{generic}"({operands}){rest}'
    return f"{head}{custom}{' ' + operands if count else ''}{rest}"


__all__ = [
    "FIELDS",
    "FUNCTIONAL",
    "REGION",
    "Form",
    "Rich",
    "let_shared_go",
    "place_types",
    "read_form",
    "synthesize",
    "unasked",
]
