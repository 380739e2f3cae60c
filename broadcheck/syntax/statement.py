"""Read one op statement: what it defines and uses, its attributes and its types.

This is the one reader of a statement. Checking, value flow and fixes all take what
it reads. A statement arrives as its text with its regions elided (each region is
written :data:`REGION`), so an op whose regions span a hundred lines reads like a
one-line op: ``%0 = stablehlo.reduce(%a init: %b) across dimensions = [1] :
(T, T) -> T reducer(%x: T, %y: T) {...}``.

It reads MLIR's two forms:

* the generic form, exactly (``"op"(%a) [^bb] <{props}> ({...}) {attrs} : (T) -> U``);
* a custom form as a sequence of items, with what MLIR's printers share: value uses,
  ``%a = %b`` bindings and ``%a: T`` arguments (the values an op defines for its
  regions), typed value lists (``ins(%a, %b : T, U)``, ``^bb1(%0 : T)``), ``name =
  value`` clauses, attribute dictionaries, keywords, and the types after the ``:``
  (a function type, one type or a list, ``A to B``, ``T -> U``).

Which operand a custom form's types belong to is the op's own knowledge (its
declaration's layout, :mod:`broadcheck.dialects`), not this module's. What it cannot
read is a :class:`SyntaxProblem` at the offending token; the grammar
(``grammars/mlir.lark``) words the syntax errors of checked ops.

Offsets are 0-based into the statement's text. Nothing here recurses: brackets are
matched with an explicit stack, so nesting depth costs memory, not Python's stack.

The reading is cut into its stages, each its own module; this one is the door (every
name below is importable from here) and reads a statement's results and its generic form:

* :mod:`.parts`: what a statement reads as (:class:`Statement` and its parts, :class:`SyntaxProblem`);
* :mod:`.simple`: the common forms, read by one regular expression each, without tokens;
* :mod:`.attributed`: the common forms with attributes, clauses and literals, without tokens;
* :mod:`.cursor`: the tokens and a cursor over them (types, dictionaries, value lists);
* :mod:`.custom`: a custom form's items and groups;
* :mod:`.head`: a function's head as MLIR's function parser reads it (what it rejects, in its words).
"""

from __future__ import annotations

from broadcheck.syntax.cursor import Reader, successor, tokens, trailing_location
from broadcheck.syntax.custom import custom
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import strip_comments
from broadcheck.syntax.parts import (
    REGION,
    Attribute,
    Definition,
    Item,
    Result,
    Signature,
    Statement,
    Successor,
    SyntaxProblem,
    Token,
    TypeText,
    Use,
)
from broadcheck.syntax.simple import simple_head, simple_statement

__all__ = [
    "REGION",
    "Attribute",
    "Definition",
    "Item",
    "Result",
    "Signature",
    "Statement",
    "Successor",
    "SyntaxProblem",
    "Token",
    "TypeText",
    "Use",
    "_Reader",
    "read_statement",
    "simple_head",
    "simple_statement",
    "symbol_name",
    "tokens",
]

_Reader = Reader
"""The token reader, by the name the engine's locating code imports it."""
_RESULT = lazy(r"(%[A-Za-z0-9_$.\-]+)(?::([0-9]+))?")
_OP_NAME = lazy(r"[A-Za-z_][\w$.\-]*")
_BARE_OP = lazy(r"[A-Za-z_][\w$]*(?:\.[\w$.]+)?")
_INT = lazy(r"[0-9]+")


_ESCAPE = lazy(r"\\(?:([0-9A-Fa-f]{2})|(.))")
_ESCAPED = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def symbol_name(symbol: str) -> str:
    """The name of a symbol reference as MLIR reads it: ``@f`` -> ``f``, ``@"a/b\\22"`` -> ``a/b"``."""
    if not symbol.startswith('@"'):
        return symbol[1:]
    return _ESCAPE.sub(
        lambda m: chr(int(m.group(1), 16)) if m.group(1) else _ESCAPED.get(m.group(2), m.group(2)),
        symbol[2:-1] if symbol.endswith('"') and len(symbol) > 2 else symbol[2:],
    )


def read_statement(text: str) -> Statement:
    """Read one op statement (regions elided as :data:`REGION`); raises :class:`SyntaxProblem`.
    Comments are read as the spaces they stand for: no value's text holds one."""
    if ': "' in text:
        problem = _blob_problem(text)
        if problem is not None:
            raise problem
    return read_tokens(text)


_BLOB = lazy(r"[A-Za-z_][\w$]*+(?:\.[\w$.]++)?: (?=\")")


def _blob_problem(text: str) -> SyntaxProblem | None:
    """What :func:`read_tokens` raises for a resource's entry read as a statement (``name:
    "0x0400...",``, a line of megabytes in a torch-mlir export's ``dialect_resources``), without
    cutting it into tokens: the string is where a type was expected (whatever follows it). ``None``
    for any other text."""
    m = _BLOB.match(text)
    if m is None:
        return None
    start = m.end()
    close = text.find('"', start + 1)
    if close < 0 or text.find("\\", start, close) >= 0 or text.find("\n", start, close) >= 0:
        return None  # (unterminated, an escape, over a line: the token reader's)
    return SyntaxProblem(f"expected type, found '{text[start : close + 1]}'", start, close + 1)


def read_tokens(text: str) -> Statement:
    """:func:`read_statement`, from the statement's tokens, always."""
    r = Reader(strip_comments(text))
    results: list[Result] = []
    if r.peek() is not None and r.peek().text.startswith("%"):  # type: ignore[union-attr]
        while True:
            tok = r.take()
            m = _RESULT.fullmatch(tok.text)
            if m is None:
                raise SyntaxProblem(f"expected SSA value name, found '{tok.text}'", tok.start, tok.end)
            count = 1
            if r.at(":") and r.peek(1) is not None and _INT.fullmatch(r.peek(1).text):  # type: ignore[union-attr]
                r.pos += 1
                count_tok = r.take()
                count = int(count_tok.text)
                if count < 1:  # `%0:0`
                    raise SyntaxProblem(
                        "expected named operation to have at least 1 result", count_tok.start, count_tok.end
                    )
            results.append(Result(m.group(1), count, tok.start, tok.start + len(m.group(1))))
            if r.at(","):
                r.pos += 1
                continue
            r.expect("=", "'=' after the results")
            break
    head = r.peek()
    if head is None:
        raise r.problem("expected operation name")
    if head.kind == "string":
        return _generic(r, results, head)
    if head.kind == "word" and _BARE_OP.fullmatch(head.text):
        return custom(r, results, head)
    raise r.problem("expected operation name")


def _generic(r: Reader, results: list[Result], head: Token) -> Statement:
    name = head.text[1:-1]
    if not _OP_NAME.fullmatch(name):
        raise SyntaxProblem(f"invalid operation name '{name}'", head.start, head.end)
    r.pos += 1
    close = r.group_end() if r.at("(") else -1
    if close < 0:
        raise r.problem("expected '(' to start operand list")
    r.pos += 1
    operands = r.value_list(close)
    r.pos = close + 1
    successors: list[Successor] = []
    if r.at("["):
        close = r.group_end()
        r.pos += 1
        while r.pos < close:
            successors.append(successor(r, r.take()))
            if r.pos < close:
                r.expect(",", "',' or ']'")
        r.pos = close + 1
    attributes: list[Attribute] = []
    if r.at("<") and r.at("{", 1):
        close = r.group_end()
        r.pos += 1
        r.dictionary(attributes, properties=True)
        if r.pos != close:
            raise r.problem("expected '>' to close properties")
        r.pos = close + 1
    regions = 0
    if r.at("(") and r.at("{", 1):
        close = r.group_end()
        r.pos += 1
        while r.pos < close:
            if not r.region_here():
                raise r.problem("expected region")
            r.pos += 3
            regions += 1
            if r.pos < close:
                r.expect(",", "',' or ')'")
        r.pos = close + 1
    if r.at("{"):
        r.dictionary(attributes)
    r.expect(":", "':' and the function type")
    signature = r.signature()
    if signature.kind != "function":
        raise SyntaxProblem("expected function type", signature.start, signature.end)
    end = signature.end
    trailing_location(r)
    return Statement(
        name, head.start, head.end, True, tuple(results), tuple(operands), (), tuple(successors),
        tuple(attributes), signature, regions, (), end,
    )  # fmt: skip
