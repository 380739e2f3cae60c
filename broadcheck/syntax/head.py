"""Stage *read a statement*: a function's head as MLIR's function parser reads it.

``func.func [visibility] @name(%a: T {attrs} loc(...), ...) -> (T {attrs}, ...) attributes
{...} {...}``: the token reader (:mod:`.custom`) takes a head as a sequence of items and
would take a broken one too (``(%a tensor<4xf32>)`` as a group of words), so a head it reads
is first walked here, in the order ``function_interface_impl::parseFunctionOp`` reads it.
What that parser rejects is a :class:`SyntaxProblem` in its words and at its place (a
``parseToken`` error just after the text before the token; a ``emitError`` at the token):
``tests/fixtures/function_head_syntax.mlir`` holds each case to ``mlir-opt``'s (``iree-opt``)
words. A head it accepts gives ``None`` (the token reader reads it as before).

A type is held to MLIR's type parser (:func:`~.types.type_problem`: its shape, its element type)
unless it is an alias or a dialect's type (``!name``, whose meaning the reader does not know);
an attribute dictionary and a location only need their brackets closed.
"""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.syntax.brackets import CLOSER, STRING, scan, stops
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import strip_comments
from broadcheck.syntax.parts import REGION, SyntaxProblem
from broadcheck.syntax.problem import KEYWORD, NO_OP, UNKNOWN_CUSTOM_OP

FUNCTION_HEADS = frozenset({"func.func"})
"""The ops whose head this module reads (the ones ``parseFunctionOp`` parses)."""

_HEAD_START = lazy(r"\s*func\.func\s")
_SPACE = lazy(r"\s*")
_WORD = lazy(r"[A-Za-z_][\w$.]*")
_VALUE = lazy(r"%(?:[A-Za-z_$.\-][\w$.\-]*|[0-9]+)")
_SYMBOL = lazy(r'@(?:[A-Za-z_$.\-][\w$.\-]*|"(?:[^"\\\n]|\\.)*")')
_ALIAS = lazy(r"![\w$.\-]+")
_LOC = lazy(r"loc\s*\(")
_PLAIN_TYPE = lazy(r"!?[A-Za-z_][\w.$]*+(?:<[^<>()\[\]{}\"]*+(?<!-)>)?(?=[\s,){]|$)")
"""A type without brackets inside its ``<...>``, where a type ends (:meth:`_Head.type`'s extent)."""
_FLAT_DICT = lazy(r'\{(?:[^{}()\[\]<>"\\]++|"[^"\\\n]*+")*+\}')
"""An attribute dictionary without brackets inside (:meth:`_Head.group`'s extent)."""
_VISIBILITY = ("public", "private", "nested")
_TYPE_END = stops(r"[,{\s]|->")
_SPACED_KEYWORD = lazy(rf"({KEYWORD})[ \t]+(?=<)")
_OPEN_TENSOR = lazy(r"tensor<[^<>()\[\]{}\"%,]*,[ \t]*(%)")
"""A tensor type whose ``>`` is missing before the next argument (``tensor<4xf32, %b``)."""
"""Where a type in a head ends (:meth:`_Head.type`): a ``,``, ``{``, blank or ``->`` outside its brackets."""


def head_problem(text: str, body: str | None = None) -> SyntaxProblem | None:
    """What MLIR's parser says first of the function head ``text`` (``func.func ...``, its
    body elided or not), at an offset of ``text``; ``None`` if it reads. ``body``, if known, is
    the first line of an elided body (``{...}``) that holds a token: an argument list left
    open reads the body's ``{`` as the argument's attribute dictionary, and its first token
    decides what the parser says."""
    try:
        _Head(strip_comments(text), body).read()
    except SyntaxProblem as problem:
        return problem
    except Unsure:
        return None
    return None


def head_wrong(source: str, body: Callable[[int], str | None] | None = None) -> tuple[str, int] | None:
    """What MLIR's parser says first of ``source``, the text of a statement the reader could not
    take, and the offset it names, if it is a function's head that parser rejects; else ``None``.
    ``body``, given the offset of an elided body's ``{``, gives the body's first line that holds
    a token (:func:`head_problem`)."""
    if _HEAD_START.match(source) is None:
        return None
    plain = strip_comments(source)
    brace = plain.rfind(REGION)
    first = body(brace) if body is not None and brace >= 0 and _elided_body(plain, brace) else None
    problem = head_problem(source, first)
    return None if problem is None else (problem.message, problem.start)


def _dialect_body(text: str, at: int) -> None:
    """A dialect's type's body from its ``<`` at ``at``, as MLIR's ``parseDialectSymbolBody`` walks
    it: each bracket closed by its own kind (``->`` is no ``>``, strings whole). A closer of another
    kind is "unbalanced '<' character in pretty dialect name", at the ``<`` (naming the innermost
    bracket open); the end of ``text`` first is not known here (the walk would go on past it)."""
    opened: list[str] = []
    body = at
    search = _PUNCTUATION.search
    while (found := search(text, at)) is not None:
        mark, at = found.group(), found.end()
        if mark in CLOSER:
            opened.append(mark)
        elif mark == '"':
            string = STRING.match(text, found.start())
            if string is None:
                raise Unsure
            at = string.end()
        elif mark != "->":
            if CLOSER[opened[-1]] != mark:
                raise SyntaxProblem(f"unbalanced '{opened[-1]}' character in pretty dialect name", body, body + 1)
            opened.pop()
            if not opened:
                return
    raise Unsure


def _elided_body(text: str, at: int) -> bool:
    """Whether ``text`` ends with an elided body (``{...}``, then blanks) at offset ``at``."""
    return text.startswith(REGION, at) and not text[at + len(REGION) :].strip()


_PUNCTUATION = lazy(r'[<>\[\](){}"]|->')


class Unsure(Exception):
    """A part of the text a walk does not follow (a function type as an argument's): the other
    readers' to say."""


class Walk:
    """A cursor over a statement's text (comments blanked), for a walk in the order one of MLIR's
    parsers reads it: this module's of a function's head, :mod:`.generic_form`'s of the others."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip(self) -> None:
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def at(self, s: str) -> bool:
        return self.text.startswith(s, self.pos)

    def after(self, message: str) -> SyntaxProblem:
        """``emitWrongTokenError``: just after the text before the token at the cursor."""
        at = len(self.text[: self.pos].rstrip())
        return SyntaxProblem(message, at, at + 1)

    def here(self, message: str) -> SyntaxProblem:
        """``emitError`` at the token at the cursor."""
        return SyntaxProblem(message, self.pos, self.pos + 1)


class _Head(Walk):
    def __init__(self, text: str, body: str | None = None) -> None:
        super().__init__(text)
        self.body = body
        self.listed = False
        """Whether the type being read is an entry of a list in parentheses (:meth:`_list`)."""

    # ---------------------------------------------------------------- the head

    def read(self) -> None:
        text = self.text
        self.skip()
        self.pos += len("func.func")
        self.skip()
        m = _WORD.match(text, self.pos)
        if m is not None and m.group() in _VISIBILITY:
            self.pos = m.end()
            self.skip()
        m = _SYMBOL.match(text, self.pos)
        if m is None:
            raise self.here("custom op 'func.func' expected valid '@'-identifier for symbol name")
        self.pos = m.end()
        self.skip()
        if not self.at("("):
            raise self.after("expected '('")
        self.arguments()
        self.skip()
        if self.at("->"):
            self.pos += 2
            self.skip()
            self.results()
            self.skip()
        m = _WORD.match(text, self.pos)
        if m is not None and m.group() == "attributes":
            self.pos = m.end()
            self.skip()
            if not self.at("{"):
                raise self.after("expected '{' in attribute dictionary")
            self.group()
            self.skip()
        if self.pos >= len(text) or self.at("{") or self.at("loc"):
            return  # its body (or none: a declaration), or its location
        m = _WORD.match(text, self.pos)
        if m is not None and "." not in m.group():  # the op ends: a bare word starts the next one
            message = UNKNOWN_CUSTOM_OP.format(name=m.group())  # (tried in the module's dialect)
            raise SyntaxProblem(f"{message} (tried 'builtin.{m.group()}' as well)", self.pos, m.end())
        if text[self.pos] in NO_OP:  # the next op starts at a token no op starts with
            raise self.after("expected operation name in quotes")

    def arguments(self) -> None:
        named: list[bool] = []  # (whether the arguments are named, once the first says)

        def argument() -> None:
            m = _VALUE.match(self.text, self.pos)
            if m is not None:
                if named == [False]:
                    raise self.here("custom op 'func.func' expected type instead of SSA identifier")
                named[:] = [True]
                self.pos = m.end()
                self.skip()
                if not self.at(":"):
                    raise self.after("expected ':'")
                self.pos += 1
                self.skip()
            elif named == [True]:
                raise self.here("custom op 'func.func' expected SSA identifier")
            else:
                named[:] = [False]
            self.type()

        self._list(argument, locations=True)

    def results(self) -> None:
        if not self.at("("):
            self.type()
            return
        self._list(self.type, locations=False)

    def _list(self, item: Callable[[], None], locations: bool) -> None:
        """A list in parentheses at the cursor (on its ``(``): each entry ``item``, then its
        attribute dictionary (and, for ``locations``, its ``loc(...)``) if written; ``,`` between."""
        self.pos += 1
        self.skip()
        if self.at(")"):
            self.pos += 1
            return
        while True:
            self.listed = True
            item()
            self.listed = False
            self.skip()
            if self.at("{"):
                start = self.pos
                if self.body is not None and _elided_body(self.text, start):
                    self._body_as_dictionary()
                self.group()
                self._read_values(start)
                self.skip()
            if locations and _LOC.match(self.text, self.pos):
                self.pos = self.text.index("(", self.pos)
                self.group()
                self.skip()
            if self.at(","):
                self.pos += 1
                self.skip()
                continue
            if self.at(")"):
                self.pos += 1
                return
            raise self.after("expected ')'")

    def _body_as_dictionary(self) -> None:
        """The body's ``{`` (the cursor) read as an attribute dictionary, as the parser reads it
        where the argument list is left open: a first token that is no attribute's name (a
        value defined, a block's label) is "expected attribute name", just after the ``{``. (A
        name: what follows it on the body's line decides; not followed here.)"""
        assert self.body is not None
        if self.body.lstrip()[:1] in ("%", "^"):
            self.pos += 1
            raise self.after("expected attribute name")

    def type(self) -> None:
        """One type at the cursor: its extent is up to a `,`, `)`, `{` or space outside its
        brackets (or a bracket that closes none of its own)."""
        text, start = self.text, self.pos
        spaced = _SPACED_KEYWORD.match(text, start)
        if spaced is not None:  # (`tensor <4xf32>`: blanks between a builtin type's tokens, as anywhere)
            end = scan(text, spaced.end(), len(text), _TYPE_END)[0]
            self.pos = end
            self._read_type(spaced[1] + text[spaced.end() : end], start)
            return
        m = _PLAIN_TYPE.match(text, start)
        if m is not None:  # (most types: a word and one `<...>` without brackets inside)
            self.pos = m.end()
            if text[start] != "!" or not _ALIAS.fullmatch(text, start, m.end()):
                self._read_type(text[start : m.end()], start)
            return
        open_tensor = _OPEN_TENSOR.match(text, start)
        if open_tensor is not None:  # (`tensor<4xf32, %b: ...`: its encoding is no value; `>` wanted after the `,`)
            self.pos = open_tensor.start(1)
            raise self.after("expected '>' in tensor type")
        i = scan(text, start, len(text), _TYPE_END)[0]
        written = text[start:i].rstrip()
        if not written:
            raise self.after("expected non-function type")
        if written[0] == "(":
            inner = _BLANKS.match(text, start + 1).end()  # type: ignore[union-attr]
            if text.startswith("%", inner) or (inner < len(text) and not _TYPE_OR_CLOSE.match(text, inner)):
                self.pos = inner  # (`( (%a: T`, `(<4xf32>)`: a function type's first type, and no type starts so)
                raise self.after("expected non-function type")
            close, mark = scan(text, start + 1, len(text))  # (the `)` of its inputs)
            if mark == ")" and not text.startswith("->", _BLANKS.match(text, close + 1).end()):  # type: ignore[union-attr]
                self.pos = close + 1  # (`(tensor<4xf32>) {`: its inputs, and no `->`)
                raise self.after("expected '->' in function type")
            raise Unsure
        if not written[0].isalpha() and written[0] != "!":  # (`%a:: T`: no type starts so)
            self.pos = start
            raise self.after("expected non-function type")
        self.pos = start + len(written)
        if (named := _BARE_NAME.match(written)) is not None:  # (`a0: T`: a name without its `%`, read as a type)
            self.pos = start + named.end(1)
            self._read_type(named[1], start)
            return
        if _ALIAS.fullmatch(written):
            return  # an alias: the reader does not know what it names
        if written[0] == "!" and (name := _ALIAS.match(written)) is not None and written.startswith("<", name.end()):
            _dialect_body(text, start + name.end())
        self._read_type(written, start)

    def _read_type(self, written: str, start: int) -> None:
        from broadcheck.syntax.types import WRONG_TOKEN, type_problem

        found = type_problem(written)
        if found is None:
            return
        message, at = found
        if at == 0 and message == WRONG_TOKEN:  # (no type starts so: just after the text before it)
            self.pos = start
            raise self.after(message)
        whole = written[:at].rstrip()
        if (
            self.listed
            and at > 0
            and whole.endswith(">")
            and self.pos == start + len(written)
            and not type_problem(whole)
        ):
            # (`(%a: tensor<4xf32>0`, `tensor<4xf32>>`: a whole type, then a token no type goes on
            # with: the type is read, and what follows it is its list's to say, "expected ')'")
            self.pos = start + len(whole)
            return
        raise SyntaxProblem(message, start + at, start + at + 1)

    def _read_values(self, start: int) -> None:
        """The types the values of the attribute dictionary at ``start`` (up to the cursor) write
        (``{a = dense<1.0> : tensor<4xf33>}``), held to MLIR's type parser where they stand."""
        text = self.text
        if text.find(":", start, self.pos) < 0 and text.find("<", start, self.pos) < 0:
            return  # (no typed value, no type: `{jax.result_info = "result"}`)
        from broadcheck.syntax.types import dictionary_types

        for at, typed in dictionary_types(text, start, self.pos):
            self._read_type(typed, at)

    def group(self) -> None:
        """Pass over the bracket group at the cursor (an attribute dictionary, a location's
        `(...)`); a bracket that closes it wrongly, or none, is MLIR's error of its kind."""
        text = self.text
        m = _FLAT_DICT.match(text, self.pos)
        if m is not None:  # (most dictionaries: no bracket inside, strings without escapes)
            self.pos = m.end()
            return
        opener = text[self.pos]
        if opener == "{":
            first = _BLANKS.match(text, self.pos + 1).end()  # type: ignore[union-attr]
            if first < len(text) and text[first] != "}" and _ENTRY_NAME.match(text, first) is None:
                self.pos = first  # (`{ )`, `{ , %b`: its parser wants an entry's name first)
                raise self.after("expected attribute name")
        i, mark = scan(text, self.pos + 1, len(text), None, True)  # (`a > b` in an affine map: no bracket)
        if mark != CLOSER[opener]:
            self.pos = i
            word = "attribute dictionary" if opener == "{" else "location"
            raise self.after(f"expected '{CLOSER[opener]}' in {word}")
        self.pos = i + 1


_BARE_NAME = lazy(r"([A-Za-z_][\w$.]*+):")
"""A word and a ``:`` where a type is wanted: MLIR's type parser reads the word alone."""
_BLANKS = lazy(r"\s*+")
_TYPE_OR_CLOSE = lazy(r"[A-Za-z_!()]")
"""What a function type's first input may start with: a type (a word, a dialect's ``!``, a function
type's ``(``), or the ``)`` of no inputs."""


_ENTRY_NAME = lazy(r'[A-Za-z_]|"')
"""What an attribute dictionary's entry starts with: its name, a bare identifier or a string."""


__all__ = ["FUNCTION_HEADS", "Unsure", "Walk", "head_problem", "head_wrong"]
