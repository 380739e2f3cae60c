"""Stage *read a statement*: what MLIR's parser says of a statement the reader cannot take, walked as
that parser reads it.

* :func:`generic_problem`: an op in the generic form, as ``Parser::parseGenericOperation`` reads it,
  ``%r:2 = "dialect.op"(%a, %b#1) [^bb1] <{p = 1 : i64}> ({...}, {...}) {a = unit} : (T, T) -> (T, T)
  loc(...)`` (its regions elided, ``{...}``), whatever the op (a check's or not: ``func.func``,
  ``builtin.module``, ``func.return`` and a region's ``}) : () -> ()`` too);
* :func:`results_problem`: the results any statement starts with (``parseOperation``);
* :func:`label_problem`: a block's label (``parseBlock``);
* :func:`signature_problem`: a custom form's types, where it reads no further;
* :func:`literal_problem`: a custom form's value that opens twice (``dense<<``);
* :func:`statement_wrong`: these and the function head's and the written types' walks, in turn.

MLIR places a token it did not expect with ``emitWrongTokenError``: just after the text before the
token (blanks, line ends and comments passed back over). Types are held to MLIR's type parser
(:func:`~.types.type_problem`). A statement a walk reads through, or a part of it the walk does not
follow (an attribute value's own syntax, a successor list, a dialect's type), is left to the other
readers: ``None``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from broadcheck.syntax.brackets import STRING, scan, stops
from broadcheck.syntax.head import Unsure
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import strip_comments
from broadcheck.syntax.parts import REGION, OpParser, SyntaxProblem
from broadcheck.syntax.problem import NO_OP, NO_VALUE
from broadcheck.syntax.value_walk import ValueWalk

_COUNT = lazy(r"[0-9]+")
_COLON = stops(":")
_VALUE = lazy(r"%(?:[A-Za-z_$.\-][\w$.\-]*|[0-9]+)")
_OPERAND = lazy(r"%(?:[A-Za-z_$.\-][\w$.\-]*|[0-9]+)(?:#[0-9]+)?")
_BLOCK = lazy(r"\^[\w$.\-]+")
_NAME = lazy(r'[A-Za-z_][\w$.\-]*|"(?:[^"\\\n]|\\.)*"')
_LOC = lazy(r"loc\s*\(")
_NO_VALUE = frozenset("<:,)]}>=")
"""What cannot start an attribute's value (``parseAttribute``: "expected attribute value")."""


def generic_problem(source: str) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``source``, a statement in the generic form, and the
    offset in ``source`` it says it at; ``None`` if the walk reads it through or cannot tell."""
    return _said(_Walk(strip_comments(source)).operation)


def before_regions_problem(source: str) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``source``, the head of a generic op whose regions follow
    (``"func.func"() <{function_type = ..., sym_name = "f"}> ({``: its name, operands and
    properties, a function type's types among them), as :func:`generic_problem` says it."""
    return _said(_Walk(strip_comments(source)).head)


def _said(walk: Callable[[], None]) -> tuple[str, int] | None:
    """What ``walk`` (a part of a walk) says: the words and offset of MLIR's first error, or
    ``None`` where it reads through or does not follow the text (function types nested thousands
    deep among it)."""
    try:
        walk()
    except SyntaxProblem as said:
        return said.message, said.start
    except (Unsure, RecursionError):
        return None
    return None


def statement_wrong(
    source: str,
    declared: bool,
    body: Callable[[int], str | None] | None = None,
    parser: OpParser | None = None,
) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``source``, a statement the reader cannot take, and the
    offset it names: a function's head (:func:`~.head.head_wrong`, ``body`` as there), a generic
    form (:func:`generic_problem`), a type written or a place the reader stops at as MLIR does
    (:func:`~.written.type_wrong`), and a custom form's value that opens twice or its types where
    it reads no further (:func:`literal_problem`, :func:`signature_problem`); a custom form's only
    if its op is ``declared`` (``parser``: what its parser says where that depends on the op, if it
    is known); a strided layout left open first where it is (:func:`~.written.open_layout`); ``None``
    if none of them tells."""
    from broadcheck.syntax.head import head_wrong
    from broadcheck.syntax.written import open_layout, type_wrong

    found = results_problem(source) or head_wrong(source, body) or generic_problem(source)
    found = found or type_wrong(source, declared, parser)
    at = source.find("strided<")
    if at >= 0 and (layout := open_layout(source)) is not None and (not found or found[1] > at):
        return layout  # (a layout's brackets left open: its parser stops inside, before what is after it)
    if found:
        return found
    return (literal_problem(source) or signature_problem(source)) if declared else None


def signature_problem(source: str) -> tuple[str, int] | None:
    """What MLIR's type parser says first of the types after the first ``:`` of ``source``, a
    statement in a custom form whose brackets do not close (``: (T) ->< T``, ``: T}``): each a
    type or a function type, ``,`` or ``->`` between; ``None`` if they read as far as they go."""
    walk = _Walk(strip_comments(source))

    def types() -> None:
        walk.skip()
        if walk.at("%"):
            walk.results()
        at, mark = scan(walk.text, walk.pos, len(walk.text), _COLON)
        if mark != ":" or walk.text.startswith("::@", at) or not _reads(source[:at]):
            raise Unsure  # (no types, or what comes before them is wrong first)
        walk.pos = at + 1
        walk.types()

    return _said(types)


def _reads(text: str) -> bool:
    """Whether the statement reader takes ``text``."""
    from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
    from broadcheck.syntax.statement import read_statement

    try:
        read_statement(text)
    except ReaderProblem:
        return False
    return True


def literal_problem(source: str) -> tuple[str, int] | None:
    """What MLIR's parser says of ``source``, a custom form whose value comes first
    (``stablehlo.constant dense<<1.0> : T``), where its elements literal opens twice: no element
    starts so (at the second ``<``); ``None`` otherwise."""
    found = _OPENED_TWICE.match(strip_comments(source))
    return None if found is None else ("expected element literal of primitive type", found.start(1))


_OPENED_TWICE = lazy(r"\s*(?:%[^=]*=\s*)?[A-Za-z_][\w$.]*[ \t]+(?:dense|dense_resource|sparse)[ \t]*<[ \t]*(<)")


def results_problem(source: str) -> tuple[str, int] | None:
    """What MLIR's parser says first of the results ``source``, a statement, starts with
    (``%a, %b:2 = ``, as ``parseOperation`` reads them) and of the token after them, which must
    start an op's name; ``None`` if they read (or there are none)."""
    walk = _Walk(strip_comments(source))
    walk.skip()
    return _said(walk.results) if walk.at("%") else None


def label_problem(text: str) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``text``, a block label and what follows it (``^bb0(%a: T,
    %b: U):``, as ``parseBlock`` reads it: its name, its arguments' names and types, its ``:``),
    and the offset in ``text`` it says it at; ``None`` if the label reads or the walk cannot tell."""
    return _said(_Walk(strip_comments(text)).label)


class _Walk(ValueWalk):
    # ---------------------------------------------------------------- the op

    def results(self) -> None:
        """``%a, %b:2 =`` at the cursor, and an op's name after it (not read)."""
        text = self.text
        while True:
            self.pos = self.value(_VALUE, "expected valid ssa identifier")
            self.skip()
            if self.at(":"):
                self.pos += 1
                self.skip()
                count = _COUNT.match(text, self.pos)
                if count is None:
                    raise self.wrong("expected integer number of results")
                self.pos = count.end()
                self.skip()
            if not self.at(","):
                break
            self.pos += 1
            self.skip()
        if self.pos >= len(text):
            raise Unsure  # (names and nothing after: a region's text the scanner cut, `op{%a, %b}`)
        self.expect("=", "expected '=' after SSA name")
        self.skip()
        if self.pos < len(text) and not (text[self.pos] == '"' or text[self.pos].isalpha() or text[self.pos] == "_"):
            raise self.wrong("expected operation name in quotes")

    def operation(self) -> None:
        text = self.text
        self.head()
        if self.at("("):
            self.pos += 1
            self.regions()
            self.skip()
        if self.at("{"):
            self.dictionary()
        self.expect(":", "expected ':' followed by operation type")
        self.skip()
        if not self.at("("):
            if self.pos < len(text) and (text[self.pos].isalpha() or self.at("!")):
                raise Unsure  # (a type that is no function type: "expected function type", not followed)
            raise self.wrong("expected non-function type")
        self.function_type()
        self.skip()
        if _LOC.match(text, self.pos):
            self.location()
        if self.pos < len(text) and text[self.pos] in NO_OP:  # the next op starts where no op starts
            raise self.wrong("expected operation name in quotes")

    def head(self) -> None:
        """What comes before a generic op's regions: its results, name, operands and properties."""
        text = self.text
        self.skip()
        if self.at("%"):
            self.results()
        name = STRING.match(text, self.pos)
        if name is None:
            raise Unsure  # (a custom form, or a name that does not end: not this walk's)
        self.pos = name.end()
        self.expect("(", "expected '(' to start operand list")
        self.operands()
        self.skip()
        if self.at("["):
            raise Unsure  # (successors: not followed)
        if self.at("<"):
            self.pos += 1
            self.skip()
            if self.pos < len(text) and text[self.pos] in _NO_VALUE:  # (`<<{`: no attribute starts so)
                raise self.wrong(NO_VALUE)
            if not self.at("{"):
                raise Unsure  # (properties that are no dictionary)
            self.dictionary()
            self.expect(">", "expected '>' to close properties")
            self.skip()

    def operands(self) -> None:
        self.skip()
        if self.at(")"):
            self.pos += 1
            return
        if not self.at("%"):
            raise self.wrong("expected ')' to end operand list")

        def operand() -> None:
            self.pos = self.value(_OPERAND)

        self.listed(operand, ")", "expected ')' to end operand list")

    def regions(self) -> None:
        def region() -> None:
            if not self.at("{"):
                raise self.wrong("expected '{' to begin a region")
            if not self.at(REGION):
                raise Unsure  # (a body written out: the scanner's, not this walk's)
            self.pos += len(REGION)

        self.listed(region, ")", "expected ')' to end region list")

    def dictionary(self) -> None:
        """An attribute dictionary at the cursor (its ``{``): names, ``=``, values (passed over,
        but a function type's, walked), ``,`` between."""
        text = self.text
        self.pos += 1
        self.skip()
        if self.at("}"):
            self.pos += 1
            return

        def entry() -> None:
            name = _NAME.match(text, self.pos)
            if name is None:
                raise self.wrong("expected attribute name")
            self.pos = name.end()
            self.skip()
            if not self.at("="):
                return
            self.pos += 1
            self.skip()
            if self.pos >= len(text) or text[self.pos] in _NO_VALUE:
                raise self.wrong(NO_VALUE)
            if self.at("("):  # a function type's value (`function_type = (T) -> T`)
                self.function_type()
                return
            self.attribute_value()

        self.listed(entry, "}", "expected '}' in attribute dictionary")

    def label(self) -> None:
        text = self.text
        self.skip()
        if not self.at("^"):
            raise Unsure
        name = _BLOCK.match(text, self.pos)
        if name is None:
            raise self.here("invalid block name")  # (its lexer's: at the `^`)
        self.pos = name.end()
        self.skip()
        if self.at("("):
            self.pos += 1
            self.skip()
            if self.at(")"):
                self.pos += 1
            else:
                self.arguments()
        self.expect(":", "expected ':' after block name")
        self.skip()
        if self.pos < len(text) and text[self.pos] in NO_OP:  # (`^bb0(...)::`: no op starts so)
            raise self.wrong("expected operation name in quotes")

    def arguments(self) -> None:
        """A block's argument list after its ``(``: ``%a: T loc(...), ...)``. A name given twice is
        the parser's "redefinition" (value flow's to say: not followed)."""
        text = self.text
        names: set[str] = set()

        def argument() -> None:
            value = self.value(_VALUE)
            if text[self.pos : value] in names:
                raise Unsure
            names.add(text[self.pos : value])
            self.pos = value
            self.skip()
            if not self.at(":"):
                raise self.wrong("expected ':' and type for SSA operand")
            self.pos += 1
            self.skip()
            self.any_type()
            self.skip()
            if _LOC.match(text, self.pos):
                self.location()

        self.listed(argument, ")", "expected ')'")

    def value(self, pattern: re.Pattern[str], expected: str = "expected SSA operand") -> int:
        """Where the value name at the cursor (``pattern``) ends: no name at a ``%`` is its lexer's
        "invalid SSA name" (at the ``%``); no ``%``, ``expected``."""
        found = pattern.match(self.text, self.pos)
        if found is not None:
            return found.end()
        raise self.here("invalid SSA name") if self.at("%") else self.wrong(expected)

    def location(self) -> None:
        """``loc(...)`` at the cursor."""
        close, mark = scan(self.text, self.text.index("(", self.pos) + 1, len(self.text))
        if mark != ")":
            raise Unsure
        self.pos = close + 1
        self.skip()


__all__ = [
    "before_regions_problem",
    "generic_problem",
    "label_problem",
    "results_problem",
    "signature_problem",
    "statement_wrong",
]
