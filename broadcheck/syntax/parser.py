"""Run the Lark grammar over one statement or type and build the ops model.

Parse errors never escape as Lark exceptions: they become :class:`SyntaxProblem`
with a located, MLIR-style message ("expected '>' in tensor type").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from broadcheck.ops import Attribute, OpaqueType, Operation, ShapedType, Span, Type, TypeUse
from broadcheck.syntax.grammar import parser
from broadcheck.syntax.lexer import strip_comments
from broadcheck.syntax.problem import KEYWORD, TYPE_KEYWORDS, UNKNOWN_CUSTOM_OP, SyntaxProblem, Unreadable


class TypeLayout(Protocol):
    """What the reader needs of an op's declared layout (:class:`broadcheck.dialects.op.Layout`):
    for a form that lists its types (``kind == "list"``), which type each operand and result has."""

    @property
    def kind(self) -> str: ...
    @property
    def operands(self) -> Sequence[int]: ...
    @property
    def results(self) -> Sequence[int]: ...


LayoutOf = Callable[[str], TypeLayout | None]
"""An op name's declared layout, if any."""

__all__ = ["SyntaxProblem", "Unreadable", "parse_alias", "parse_operation", "parse_type"]

INT64_MAX = 2**63 - 1

_Tree = Tree[Token]


# How the grammar's terminals read in "expected ..." messages.
_TERMINAL_WORDS = {
    "MORETHAN": "'>'",
    "LESSTHAN": "'<'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "COMMA": "','",
    "COLON": "':'",
    "EQUAL": "'='",
    "ARROW": "'->'",
    "VALUE_ID": "an SSA value",
    "OP_STRING": "an operation name",
    "OP_BARE": "an operation name",
    "CLAUSE_ID": "a keyword",
    "DIM_LIST": "a dimension",
    "VECTOR_DIM_LIST": "a dimension",
    "UNRANKED": "'*x'",
    "INT": "an integer",
    "INS_OUTS": "'ins' or 'outs'",
    "TO": "'to'",
    "LOC": "'loc'",
    "STRING": "a string",
    "ATOM": "a value",
    "$END": "end of statement",
}
_TYPE_TERMINALS = {"BUILTIN_TYPE", "DIALECT_TYPE_ID", "TENSOR", "VECTOR", "COMPLEX", "MEMREF", "TUPLE"}
_DIMENSIONS = frozenset({"DIM_LIST", "VECTOR_DIM_LIST", "UNRANKED"})
"""A shaped type's dimensions: optional where its element type may come (``tensor<-1xf32>``,
``vector<?xf32>``: MLIR reads no dimension, then wants a type there)."""


def _describe_expected(expected: set[str]) -> str:
    words: list[str] = []
    if expected & _TYPE_TERMINALS:
        words.append("type")
    for name in sorted(expected - _TYPE_TERMINALS):
        word = _TERMINAL_WORDS.get(name, name.lower())
        if word not in words:
            words.append(word)
    if not words:
        return "end of statement"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _open_shaped_type(text: str, pos: int) -> str | None:
    """``tensor``/``vector``/``complex`` if the innermost bracket open at ``pos`` is their ``<``
    (MLIR's parser wants its ``>`` there: "expected '>' in complex type")."""
    depth = 0
    i = pos - 1
    while i >= 0:
        ch = text[i]
        if ch in ">)]}" and not (ch == ">" and i > 0 and text[i - 1] == "-"):
            depth += 1
        elif ch in "<([{":
            if depth == 0:
                if ch != "<":
                    return None
                head = text[:i].rstrip()
                for word in ("tensor", "vector", "complex"):
                    if head.endswith(word):
                        return word
                return None
            depth -= 1
        i -= 1
    return None


def _syntax_problem(err: UnexpectedInput, text: str) -> SyntaxProblem:
    line, column = err.line, err.column
    at_end = isinstance(err, UnexpectedEOF) or line < 1
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        at_end = True
    if at_end:
        # Point just past the last character of the statement.
        last = text.rstrip()
        line = last.count("\n") + 1
        column = len(last) - (last.rfind("\n") + 1) + 1
        expected = set(getattr(err, "expected", ()) or ())
        if "MORETHAN" in expected and (kind := _open_shaped_type(text, len(last))) is not None:
            return SyntaxProblem(f"expected '>' in {kind} type", Span(line, column, line, column + 1))
        keyword = _KEYWORD_BEFORE.search(text, 0, len(last)) if "LESSTHAN" in expected else None
        if keyword is not None:
            return SyntaxProblem(f"expected '<' in {keyword[1]} type", Span(line, column, line, column + 1))
        words = _mlir_words(expected, text, len(last), "")
        if words is not None:
            line, column = _line_column(text, words[1])
            return SyntaxProblem(words[0], Span(line, column, line, column + 1))
        if _describe_expected(expected - _DIMENSIONS) == "type":  # (`tensor<` cut at a `)`: MLIR's parseType there)
            return SyntaxProblem("expected non-function type", Span(line, column, line, column + 1))
        return SyntaxProblem(
            f"expected {_describe_expected(expected)}, found end of statement",
            Span(line, column, line, column + 1),
        )
    pos = err.pos_in_stream or 0
    if isinstance(err, UnexpectedToken):
        expected = set(err.expected)
        found = str(err.token)
        width = max(len(found), 1)
        found_text = f"'{found}'"
    else:
        assert isinstance(err, UnexpectedCharacters)
        expected = set(err.allowed or ())
        found_text = f"'{text[pos]}'" if pos < len(text) else "end of statement"
        width = 1
    kind = _open_shaped_type(text, pos) if "MORETHAN" in expected else None
    words = _mlir_words(expected, text, pos, found_text) if kind is None else None
    glued = _glued_keyword(text, pos) if "LESSTHAN" in expected else None
    keyword = _KEYWORD_BEFORE.search(text, 0, pos) if "LESSTHAN" in expected and glued is None else None
    if glued is not None:  # (`tensor2x3xf32`: MLIR's lexer reads one identifier, no type's keyword)
        message, (line, column), width = "expected non-function type", _after_previous(text, glued), 1
    elif keyword is not None:  # (`tensor?x3xf32`: the type's parser wants its `<` after its keyword)
        message, (line, column), width = f"expected '<' in {keyword[1]} type", _after_previous(text, pos), 1
    elif kind is not None:  # (`parseToken`: just after the token before)
        message, (line, column), width = f"expected '>' in {kind} type", _after_previous(text, pos), 1
    elif words is not None:
        message, (line, column), width = words[0], _line_column(text, words[1]), 1
    elif (shaped := _dimension_last(expected, text, pos)) or (
        _describe_expected(expected - _DIMENSIONS) == "type" and found_text != "'('"
    ):
        # MLIR's parseType at a token no type starts with; its emitWrongTokenError puts it just
        # after the token before (a number ending a dimension list wants its `x` there)
        message = "expected 'x' in dimension list" if shaped else "expected non-function type"
        line, column = _after_previous(text, pos + shaped if shaped else pos)
        width = 1
    else:
        message = f"expected {_describe_expected(expected)}, found {found_text}"
    return SyntaxProblem(message, Span(line, column, line, column + width))


_GENERIC = re.compile(r'\s*(?:%[^=]*=\s*)?"[^"]*"\s*$')
"""What comes before a generic op's operand list: its results, its quoted name."""
_BARE = re.compile(r"[A-Za-z_][\w$]*")
_VALUE_STARTS = {"ATOM", "STRING", "LSQB", "LBRACE", "LESSTHAN", "VALUE_ID", "LPAR"}
"""Tokens an attribute value may start with (in the grammar's names)."""


def _mlir_words(expected: set[str], text: str, pos: int, found: str) -> tuple[str, int] | None:
    """MLIR's own message for a grammar failure at ``pos`` (the token ``found`` there, ``""``
    at the end), and the offset it puts it at, where MLIR's parser fails at that point too:

    * a type list ``(T, U)`` not followed by ``->``: ``expected '->' in function type``, just
      after the list; a generic op's type that is no function type: ``expected function type``
      at the type;
    * a generic op's operand list not closed: ``expected ')' to end operand list``;
    * an attribute name with ``=`` and no value: ``expected attribute value``.

    Each ``expected`` error of MLIR's parser (``emitWrongTokenError``) is just after the token
    before the one it found."""
    before = text[:pos].rstrip(" \t\r\n")
    if "ARROW" in expected and expected <= {"ARROW", "LOC", "$END"}:
        if before.endswith(")"):
            return "expected '->' in function type", len(before)
        opened = _open_bracket(text, pos)
        colon = _top_colon(text, pos)
        if opened is None and colon is not None and _GENERIC.match(text[: _operand_list(text, colon) or 0]):
            start = colon + 1 + len(text[colon + 1 :]) - len(text[colon + 1 :].lstrip())
            return "expected function type", start
        return None
    if "LOC" in expected and _BARE.fullmatch(found[1:-1]):  # the op is complete: a word starts the next
        return UNKNOWN_CUSTOM_OP.format(name=found[1:-1]), pos
    if {"COMMA", "RPAR"} <= expected <= _AFTER_ELEMENT:
        # an element of a parenthesized list read whole (a type, an argument, an operand), and then
        # neither `,` nor `)`: parseCommaSeparatedList's words, but for a generic op's operand list
        opened = _open_bracket(text, pos)
        if opened is None or text[opened] != "(":
            return None
        if _GENERIC.match(text[:opened]):
            return ("expected ')' to end operand list", len(before)) if expected == {"COMMA", "RPAR"} else None
        return "expected ')'", len(before)
    if before.endswith("=") and expected & _VALUE_STARTS and found in ("'}'", "','", ""):
        opened = _open_bracket(text, pos)
        if opened is not None and text[opened] == "{":
            return "expected attribute value", len(before)
    return None


_AFTER_ELEMENT = frozenset({"COMMA", "RPAR", "ARROW", "LOC", "MORETHAN", "TO"})
"""What the grammar may want after a list's element: the list's `,` or `)`, or more of a type that may
go on (a function type's `->`, a location, a dialect type's `>`, a `to`)."""


def _open_bracket(text: str, pos: int) -> int | None:
    """Where the innermost ``(``, ``[`` or ``{`` still open at ``pos`` is."""
    depth = 0
    for i in range(pos - 1, -1, -1):
        ch = text[i]
        if ch in ")]}":
            depth += 1
        elif ch in "([{":
            if depth == 0:
                return i
            depth -= 1
    return None


def _top_colon(text: str, pos: int) -> int | None:
    """The last ``:`` outside brackets before ``pos`` (where an op's types begin)."""
    depth = 0
    found = None
    for i, ch in enumerate(text[:pos]):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>" and not (ch == ">" and i > 0 and text[i - 1] == "-"):
            depth -= 1
        elif ch == ":" and depth == 0:
            found = i
    return found


def _operand_list(text: str, colon: int) -> int | None:
    """Where the ``(`` of the operand list closed by the last ``)`` before ``colon`` is."""
    end = text[:colon].rstrip()
    if not end.endswith(")"):
        return None
    return _open_bracket(text, len(end) - 1)


_TYPE_KEYWORDS = frozenset(TYPE_KEYWORDS)
_KEYWORD_BEFORE = re.compile(rf"(?<![\w$.!#])({KEYWORD})[ \t\r\n]*$")
"""A builtin type's keyword just before a point (blanks between): its parser's ``<`` is wanted there."""
_WORD_BEFORE = re.compile(r"[A-Za-z_][\w$.]*$")


def _glued_keyword(text: str, pos: int) -> int | None:
    """Where a type's keyword starts that the token at ``pos`` follows with no blank (``tensor1xi32``):
    the grammar reads the keyword, MLIR's lexer one bare identifier that names no type."""
    m = _WORD_BEFORE.search(text, max(0, pos - 16), pos)
    if (
        m is None
        or m.group() not in _TYPE_KEYWORDS
        or pos >= len(text)
        or not (text[pos].isalnum() or text[pos] in "_$.")
    ):
        return None
    return m.start()


def _trailing_type(text: str) -> int | None:
    """Where the types a statement ends with start, written without their ``:`` (``%a, %b  tensor<4xf32>``,
    ``... (T, U) -> V``): a word or a bracket group at the top level, back over ``->`` and ``,`` between
    types; ``None`` where it ends otherwise (an attribute dictionary, a value)."""
    i, depth, start = len(text.rstrip()), 0, None
    while i > 0:
        ch = text[i - 1]
        if ch in ">)]}" and not (ch == ">" and text[i - 2 : i] == "->"):
            depth += 1
        elif ch in "<([{":
            depth -= 1
        elif depth == 0 and ch in " \t\n":
            word = text[i:].lstrip()
            before = text[:i].rstrip()
            if not before.endswith(("->", ",")) and not word.startswith(("->", ",")):
                start = i + len(text[i:]) - len(word)
                break
        i -= 1
    if start is None or not (text[start].isalpha() or text[start] in "!("):
        return None
    return start


def _line_column(text: str, at: int) -> tuple[int, int]:
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def _dimension_last(expected: set[str], text: str, pos: int) -> int:
    """How long the size is (``2``, ``?``, a vector's ``[4]``) that stands where a shaped type wants
    its element type, with no ``x`` after it (0: none): MLIR's lexer reads ``3i32`` as ``3`` and
    ``i32``, and its dimension list wants an ``x`` just after the size."""
    kind = _open_shaped_type(text, pos) if expected & _TYPE_TERMINALS else None
    if kind is None:
        return 0
    m = (_SCALABLE_SIZE if kind == "vector" else _SIZE).match(text, pos)
    if m is None or _X_AFTER.match(text, m.end()) is not None:
        return 0
    return m.end() - pos


_SIZE = re.compile(r"[0-9]+|\?")
_SCALABLE_SIZE = re.compile(r"[0-9]+|\?|\[[ \t]*[0-9]+[ \t]*\]")
_X_AFTER = re.compile(r"[ \t\r\n]*x")


def _after_previous(text: str, pos: int) -> tuple[int, int]:
    """Where MLIR's ``emitWrongTokenError`` puts an error about the token at ``pos``: just
    after the text before it, across blanks and line ends (as a line and column of ``text``)."""
    before = text[:pos].rstrip(" \t\r\n")
    at = len(before) if before else pos
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


_TENSORS = ("tensor_type", "unranked_tensor_type")
_SHAPED = (*_TENSORS, "vector_type")
_NOT_A_VECTOR_ELEMENT = "failed to verify 'elementType': VectorElementTypeInterface instance"
_WIDE_INTEGER = re.compile(r"[su]?i(\d{8,})")  # MLIR's IntegerType::kMaxWidth is 16777215


def _shaped_element(tree: _Tree) -> _Tree | None:
    """The element of shaped type ``tree`` if it is a shaped type too, else None."""
    trees = [c for c in tree.children if isinstance(c, Tree)]
    return trees[0] if trees and trees[0].data in _SHAPED else None


class _Builder:
    """Turns one parse tree into the ops model; knows the file's type aliases.

    The tree's positions are relative to the statement; ``line`` and ``column``
    say where the statement starts in its file.
    """

    def __init__(
        self,
        text: str,
        aliases: Mapping[str, Type | SyntaxProblem],
        line: int,
        column: int,
        layout_of: LayoutOf | None = None,
    ):
        self.text = text
        self.aliases = aliases
        self.line = line
        self.column = column
        self.layout_of = layout_of

    def span(self, meta: object) -> Span:
        relative = Span(meta.line, meta.column, meta.end_line, meta.end_column)  # type: ignore[attr-defined]
        return relative.shifted(self.line, self.column)

    def token_span(self, tok: Token) -> Span:
        return self.span(tok)

    def source(self, meta: object) -> str:
        return self.text[meta.start_pos : meta.end_pos]  # type: ignore[attr-defined]

    def dims(self, tok: Token, vector: Span | None) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
        """The sizes of dimension list ``tok``; ``vector``: where its vector type starts (where
        MLIR's parser says that sizes are not positive), ``None`` for a tensor's."""
        shape: list[int | None] = []
        scalable: list[bool] = []
        for part in tok.split("x")[:-1]:
            part = part.strip()
            if part == "?":
                shape.append(None)
                scalable.append(False)
                continue
            is_scalable = part.startswith("[")
            size = int(part.strip("[] \t"))
            if size > INT64_MAX:
                raise SyntaxProblem("invalid dimension", self.token_span(tok))
            shape.append(size)
            scalable.append(is_scalable)
        if vector is not None and 0 in shape:
            sizes = ", ".join(str(d) for d in shape)
            raise SyntaxProblem(f"vector types must have positive constant sizes but got {sizes}", vector)
        return tuple(shape), tuple(scalable) if vector is not None and any(scalable) else ()

    def element(self, tree: _Tree, parent: _Tree | None = None) -> str:
        if parent is not None and tree.data in _SHAPED:
            # A tensor holds no tensor, a vector no shaped type. MLIR's recursive parser reads
            # the innermost type first, so it rejects the deepest such nesting; found here by a
            # loop, so that 600 nested `tensor<` cost no stack.
            chain = [parent, tree]
            while (below := _shaped_element(chain[-1])) is not None:
                chain.append(below)
            for outer, inner in zip(reversed(chain[:-1]), reversed(chain[1:]), strict=True):
                if outer.data in _TENSORS and inner.data in _TENSORS:
                    raise SyntaxProblem("invalid tensor element type", self.span(inner.meta))
                if outer.data == "vector_type":
                    raise SyntaxProblem(_NOT_A_VECTOR_ELEMENT, self.span(outer.meta))
        self.type(tree)  # resolves and checks aliases used as element types
        return self.source(tree.meta).strip()

    def type(self, tree: _Tree) -> Type:
        kind = tree.data
        tokens = [c for c in tree.children if isinstance(c, Token)]
        trees = [c for c in tree.children if isinstance(c, Tree)]
        if kind in ("tensor_type", "vector_type"):
            vector = kind == "vector_type"
            shape: tuple[int | None, ...] = ()
            scalable: tuple[bool, ...] = ()
            if tokens:
                shape, scalable = self.dims(tokens[0], self.span(tree.meta) if vector else None)
            encoding = None
            if len(trees) > 1 and trees[1].children:  # (`tensor<4xf32, >`: none)
                encoding = self.source(trees[1].meta).lstrip(",").strip()
                aliased = self.aliases.get(encoding)  # `#SV`: a sparse encoding's alias, written out
                if isinstance(aliased, OpaqueType) and aliased.text.startswith("#sparse_tensor.encoding<"):
                    encoding = aliased.text
            element = self.element(trees[0], tree)
            return ShapedType("vector" if vector else "tensor", shape, element, encoding, scalable)
        if kind == "unranked_tensor_type":
            if len(trees) > 1 and trees[1].children:  # (`tensor<*xf32, >`: none, as MLIR reads it)
                meta = tree.meta  # (MLIR says it at the token after the type's `>`)
                raise SyntaxProblem(
                    "cannot apply encoding to unranked tensor",
                    Span(meta.end_line, meta.end_column, meta.end_line, meta.end_column + 1),
                )
            return ShapedType("tensor", None, self.element(trees[0], tree))
        if kind == "dialect_type":
            name_tok = tokens[0]
            name = name_tok[1:]
            if not trees and len(tree.children) == 1 and name in self.aliases:
                target = self.aliases[name]
                if isinstance(target, SyntaxProblem):
                    raise target
                return target
            if "." not in name:  # (MLIR: just after the alias's name)
                end = self.token_span(name_tok)
                after = Span(end.end_line, end.end_column, end.end_line, end.end_column + 1)
                raise SyntaxProblem(f"undefined symbol alias id '{name}'", after)
        if kind == "builtin_type" and (wide := _WIDE_INTEGER.fullmatch(tokens[0])) and int(wide[1]) > 16777215:
            # (a width that is no 32-bit unsigned integer: the lexer's own words, before the limit's)
            words = (
                "invalid integer width" if int(wide[1]) > 0xFFFFFFFF else "integer bitwidth is limited to 16777215 bits"
            )
            raise SyntaxProblem(words, self.token_span(tokens[0]))
        for child in trees:  # complex<...>: check what is inside
            self.type(child)
        return OpaqueType(self.source(tree.meta).strip())

    def type_uses(self, group: _Tree) -> tuple[TypeUse, ...]:
        return tuple(TypeUse(self.type(t), self.span(t.meta)) for t in group.children if isinstance(t, Tree))

    def attributes(self, tree: _Tree, property: bool = False) -> list[Attribute]:
        attrs = []
        for entry in tree.children:
            assert isinstance(entry, Tree)
            name_node = entry.children[0]
            assert isinstance(name_node, Tree)
            name = self.source(name_node.meta).strip('"')
            value = self.source(entry.children[1].meta) if len(entry.children) > 1 else "unit"  # type: ignore[union-attr]
            attrs.append(Attribute(name, value, self.span(entry.meta), property))
        return attrs

    def operation(self, tree: _Tree) -> Operation:
        body = next(c for c in tree.children if isinstance(c, Tree) and c.data in ("generic_op", "custom_op"))
        results_tree = next((c for c in tree.children if isinstance(c, Tree) and c.data == "result_list"), None)
        for group in results_tree.children if results_tree is not None else ():
            if _result_count(group) < 1:  # `%0:0`
                count = group.children[1]  # type: ignore[union-attr]
                assert isinstance(count, Token)
                raise SyntaxProblem("expected named operation to have at least 1 result", self.token_span(count))
        result_count = 0 if results_tree is None else sum(_result_count(r) for r in results_tree.children)
        name_tok = body.children[0]
        assert isinstance(name_tok, Token)
        generic = body.data == "generic_op"
        name = name_tok.strip('"')
        attrs: list[Attribute] = []
        values = 0
        operands: tuple[TypeUse, ...] = ()
        results: tuple[TypeUse, ...] = ()
        ins_outs: list[tuple[str, tuple[TypeUse, ...]]] = []
        signature: _Tree | None = None
        arrow: _Tree | None = None
        for child in body.children[1:]:
            if isinstance(child, Token):
                values += child.type == "VALUE_ID"
                continue
            if child.data == "properties":
                attrs.extend(self.attributes(child.children[0], property=True))  # type: ignore[arg-type]
            elif child.data == "attr_dict":
                attrs.extend(self.attributes(child))
            elif child.data == "value_uses":
                values += len(child.children)
            elif child.data == "custom_clause":  # `name = value`
                key, value = child.children
                attrs.append(Attribute(str(key), self.source(value.meta), self.span(child.meta)))  # type: ignore[union-attr]
            elif child.data == "ins_outs":
                which = str(child.children[0])
                ins_outs.append((which, self.type_uses(child)))
            elif child.data in ("function_type", "custom_signature"):
                signature = child
            elif child.data == "arrow_results":
                arrow = child
        if signature is not None:
            operands, results = self.signature(name, signature, values, result_count)
        elif ins_outs or (values == 0 and attrs):
            # linalg's `ins(%x : T) outs(%y : T)`: the results are the tensor outs. With no
            # operands and no types at all (`linalg.broadcast dimensions = [1]`), the op has
            # none: its verifier says what is missing.
            operands = tuple(use for _, uses in ins_outs for use in uses)
            outs = [use for which, uses in ins_outs if which == "outs" for use in uses]
            results = tuple(u for u in outs if isinstance(u.type, ShapedType) and u.type.kind == "tensor")
            if arrow is not None:  # `-> T`: the results as written
                results = self.type_uses(arrow)
            if result_count and not results and results_tree is not None and _REGION not in self.text:
                # mlir-opt's parser (not where a region was elided, `{...}`: its results may be its terminator's)
                raise SyntaxProblem("cannot name an operation with no results", self.span(results_tree.meta))
        else:
            start = _trailing_type(self.text)  # (the types written without their `:`: MLIR stops at them)
            end = self.text[:start].rstrip() if start is not None else self.text.rstrip()
            line = end.count("\n") + 1
            column = len(end) - (end.rfind("\n") + 1) + 1
            raise SyntaxProblem(
                "expected ':'",  # (where MLIR's custom parsers stop: their types after a `:`)
                Span(line, column, line, column + 1).shifted(self.line, self.column),
            )
        return Operation(
            name=name,
            name_span=self.token_span(name_tok),
            span=self.span(tree.meta),
            operands=operands,
            results=results,
            attributes=tuple(attrs),
            generic=generic,
        )

    def signature(
        self, name: str, tree: _Tree, values: int, result_count: int
    ) -> tuple[tuple[TypeUse, ...], tuple[TypeUse, ...]]:
        """Operand and result types from an op's signature, however its dialect prints it."""
        form = tree if tree.data == "function_type" else tree.children[0]
        assert isinstance(form, Tree)
        if form.data == "function_type":
            inputs, _arrow, outputs = form.children
            return self.type_uses(inputs), self.type_uses(outputs)  # type: ignore[arg-type]
        uses = self.type_uses(form)
        if form.data == "conversion":  # `T1 to T2`
            return uses[:1] * max(values, 1), uses[1:] * result_count
        if len(uses) == 1:  # SameOperandsAndResultType: one type for all
            return uses * values, uses * result_count
        layout = self.layout_of(name) if self.layout_of is not None else None  # the op's declared layout
        if (
            layout is None
            or layout.kind != "list"
            or len(uses) != 1 + max(layout.operands)
            or values != len(layout.operands)
        ):
            raise Unreadable(f"'{name}' lists {len(uses)} types; broadcheck does not know how they map to its operands")
        return tuple(uses[i] for i in layout.operands), tuple(uses[i] for i in layout.results)


def _result_count(result: _Tree | Token) -> int:
    """How many results `%r` (1) or `%r:N` (N) stands for."""
    assert isinstance(result, Tree)
    return int(str(result.children[1])) if len(result.children) > 1 else 1


_NO_ALIASES: Mapping[str, Type | SyntaxProblem] = {}


# A `[...]` group longer than this (a dense literal's payload, a long array) is read
# as one token: the grammar only ever takes `[...]` as a balanced token soup, whose
# text is kept, so nothing is lost, and a 1M-element literal costs one token, not 2M.
LITERAL_LIMIT = 1024
_GROUP_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|->|[\[\]()<>{}]|"')
# Possessive, so that a 10 MB literal needs no backtracking stack.
_SOUP_SAFE = re.compile(r'(?:[^"\[\](){}<>]++|"(?:[^"\\\n]++|\\.)*+")*+')
_CLOSE = {"]": "[", ")": "(", ">": "<", "}": "{"}


def collapse_literals(text: str) -> str:
    """``text`` with the inside of each long ``[...]`` group replaced by a run of ``0``
    of the same length (line breaks kept), so that positions do not move; a group
    whose inside the grammar would reject (an unterminated string, unbalanced
    brackets) is left as it is, for the grammar to report."""
    if len(text) <= LITERAL_LIMIT or "[" not in text:
        return text
    opened: list[tuple[str, int]] = []
    cuts: list[tuple[int, int]] = []
    for m in _GROUP_TOKEN.finditer(text):
        token = m.group()
        if token == "->" or token[0] == '"':
            continue
        if token in "[(<{":
            opened.append((token, m.start()))
        elif token in _CLOSE:
            if not opened or opened[-1][0] != _CLOSE[token]:
                return text  # unbalanced: the grammar will say where
            kind, begin = opened.pop()
            if kind == "[" and m.start() - begin > LITERAL_LIMIT and (not cuts or cuts[-1][0] < begin):
                cuts = [c for c in cuts if c[0] < begin]
                cuts.append((begin + 1, m.start()))
    if not cuts:
        return text
    parts: list[str] = []
    last = 0
    for begin, end in cuts:
        inner = text[begin:end]
        if not _SOUP_SAFE.fullmatch(_INNER_BRACKETS.sub("", inner)):
            continue
        parts.append(text[last:begin])
        parts.append("\n".join("0" * len(piece) for piece in inner.split("\n")))
        last = end
    parts.append(text[last:])
    return "".join(parts)


_INNER_BRACKETS = re.compile(r"[\[\]]")


def _parse(text: str, start: str, line: int, column: int) -> _Tree:
    try:
        return parser().parse(collapse_literals(text), start=start)
    except UnexpectedInput as err:
        problem = _syntax_problem(err, text)
        raise SyntaxProblem(problem.message, problem.span.shifted(line, column)) from None


_REGION = "{...}"
"""A region the scanner elided (``broadcheck.syntax.parts.REGION``; that module reads types with this one)."""
_BOUND = re.compile(r"\s*(?:%[^=\"]*=\s*)?(?:scf|affine)\.(?:for|parallel)\s")
"""The loops whose custom form starts by binding their induction variables (``scf.for %i = %lb to ...``,
``affine.for %i = 0``, ``scf.parallel (%i) = (%a) to ...``), which the grammar does not read."""
_BINDING = re.compile(r"\s*(?:%[^=]*=\s*)?[A-Za-z_][\w$.]*\s*\(\s*%[\w$.\-]+\s*=")
"""A custom form whose ``(...)`` binds values, ``stablehlo.while(%a = %x) : T cond {...}``:
not the generic form with a bare name (``tfl.add(%a, %b) : ...``) the grammar reads ``name(`` as."""


def parse_operation(
    text: str,
    aliases: Mapping[str, Type | SyntaxProblem] = _NO_ALIASES,
    line: int = 1,
    column: int = 1,
    layout_of: LayoutOf | None = None,
) -> Operation:
    """Parse one op statement that starts at ``line:column`` of its file. A custom form that
    lists its types (``tosa.mul %a, %b, %s : T1, T2, T3, T4``) is placed by ``layout_of(op
    name)``, the op's declared layout (the reader sits below the dialects, so a caller hands
    it in); without one, such a form is :class:`Unreadable`."""
    text = strip_comments(text)  # comments are whitespace, and "end of statement" is before them
    if _BINDING.match(text):
        raise Unreadable("a custom form binding values in its '(...)'")
    if _BOUND.match(text):
        raise Unreadable("a loop's custom form, which binds its induction variables: '%i = %lb'")
    tree = _parse(text, "operation", line, column)
    return _Builder(text, aliases, line, column, layout_of).operation(tree)


def parse_type(text: str, aliases: Mapping[str, Type | SyntaxProblem] = _NO_ALIASES) -> Type:
    """Parse one type, e.g. ``tensor<2x?xf32>``."""
    return _Builder(text, aliases, 1, 1).type(_parse(text, "type", 1, 1))


def parse_alias(
    text: str, aliases: Mapping[str, Type | SyntaxProblem], line: int = 1, column: int = 1
) -> tuple[str, Type]:
    """Parse ``!name = type``; ``aliases`` holds the ones defined before it."""
    tree = _parse(text, "alias_def", line, column)
    name_tok, type_tree = tree.children
    assert isinstance(type_tree, Tree)
    return str(name_tok)[1:], _Builder(text, aliases, line, column).type(type_tree)
