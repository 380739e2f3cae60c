"""Where a scanned statement's brackets say it stands: whether a ``{`` opens a region or a
dictionary, whether a key is a whole statement, where a second op starts on a line, and the
value names' offsets in a statement's text.

Pure functions of text (no state): the scanner's piece machine (:mod:`.scan_pieces`) asks them.
"""

from __future__ import annotations

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import TOKEN, Depth, bracket_tokens, comment_start, depth
from broadcheck.syntax.lines import RESULTS_SOURCE, TRAILING_LOC, dangles
from broadcheck.syntax.statement import REGION

_GENERIC = lazy(r'[ \t]*(?:%[\w$.\-]+(?::[0-9]+)?[ \t]*(?:,[ \t]*%[\w$.\-]+(?::[0-9]+)?[ \t]*)*=[ \t]*)?"')
"""A statement in the generic form (its op name is a string)."""
NEW_STATEMENT = lazy(
    r'[ \t]*(?:%[\w$.\-]+(?::[0-9]+)?(?:[ \t]*,[ \t]*%[\w$.\-]+(?::[0-9]+)?)*[ \t]*=[ \t]*(?:"|[A-Za-z_][\w$]*\.)'
    r'|"[\w$.\-]+"[ \t]*\(|\^|(?:func\.func|module|return|call(?:_indirect)?)\b(?![ \t]*=))'
)
"""A line that surely starts a statement: a statement still open before it is broken (not an
entry of a dictionary left open, ``module = "Top",``, whose key is such a word)."""


def without_location(body: str) -> str:
    """An op's text after its last region without the location that ends it, if that is all
    that follows the region."""
    end = body.rfind(REGION) + len(REGION)
    if end >= len(REGION) and TRAILING_LOC.fullmatch(" " + body[end:].strip()):
        return body[:end]
    return body


def second_statement(body: str) -> int | None:
    """Where a second op starts in a statement the reader cannot take, if the text before it
    is a whole op: MLIR needs no line break between two ops (``}> : (T) -> T  return %0``), and
    a line that starts with a value's name after a whole op starts the next op, whatever follows."""
    from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
    from broadcheck.syntax.statement import read_statement

    try:
        read_statement(body)
    except ReaderProblem as problem:
        at = problem.start
    else:
        return None
    if at <= 0 or at >= len(body):
        return None
    if NEW_STATEMENT.match(body, at) is None:  # a line that starts with a value's name, after a whole op,
        line = body.rfind("\n", 0, at) + 1  # starts the next op however broken it is (`%0 <= op`, `%0 := op`)
        at = line + len(body[line:at]) - len(body[line:at].lstrip())
        if line == 0 or not body.startswith("%", at):
            return None
    try:
        read_statement(body[:at].rstrip())
    except ReaderProblem:
        return None
    return at


def complete(key: str) -> bool:
    """Whether a key is a whole statement on its own: brackets closed, no region in it, not ending
    with a token no statement ends with (:func:`dangles`)."""
    state = depth(key)
    return (
        not state.stack
        and state.mismatch < 0
        and inline_region(key) is None
        and "{" not in key[-1:]
        and not dangles(key)
    )


def then_region(text: str) -> str:
    """``text`` with an elided region after it: on a line of its own where ``text`` ends in a
    comment (``(\n  // cond\n  {``), which would hide it."""
    last = text[text.rfind("\n") + 1 :]
    return text + ("\n" if comment_start(last) >= 0 else " ") + REGION


def last_brace(text: str) -> int:
    at = comment_start(text)
    body = text if at < 0 else text[:at]
    return body.rstrip().rfind("{")


def name_offsets(text: str) -> list[tuple[int, int]]:
    from broadcheck.syntax.lines import name_spans

    return name_spans(text)


def _previous_token(text: str, offset: int) -> str:
    before = text[:offset].rstrip()
    if not before:
        return ""
    if before.endswith("attributes") and (len(before) == 10 or not before[-11].isalnum()):
        return "attributes"
    return before[-1]


def region_brace(text: str, brace: int, stack: str) -> bool | None:
    """Whether the ``{`` at ``brace`` (ending its line; ``stack`` the brackets open with it)
    opens a region: ``True``, ``False`` (a dictionary), or ``None`` (the next line says)."""
    generic = _GENERIC.match(text) is not None
    if stack.endswith("({") or (len(stack) >= 2 and stack[-2] == "("):
        return generic or None
    if generic and len(stack) == 1:
        return False
    previous = _previous_token(text, brace)
    if previous == "," and len(stack) == 1 and text[:brace].rstrip()[:-1].rstrip().endswith(REGION):
        return True  # (`}, {`: a custom form's list of regions, `torch.operator "onnx.If"(%c) : ... { ... }, {`)
    if previous in ("=", "attributes", "<", ","):
        return False
    if len(stack) == 1 and _BODY_HEAD.match(text) is not None:
        return True  # (a function's or a module's body, whatever its first line: `ret` is no unit attribute)
    return None


_BODY_HEAD = lazy(r"[ \t]*+(?:func\.func|module|builtin\.module)\b")
"""The custom form of an op whose ``{`` ending a line, outside its attributes, opens its body."""


def inline_region(text: str) -> int | None:
    """The offset of the first ``{`` of ``text`` that opens a region on the same line, or ``None``."""
    if "{" not in text:
        return None
    stack: list[str] = []
    generic = _GENERIC.match(text) is not None
    for m in bracket_tokens(text):
        token = m.group(1) if m.end(1) - m.start(1) <= 2 else ""  # (longer: a string or a comment, not copied)
        if token in _OPENERS:
            if token == "{":
                inside = "".join(stack)
                start, end = m.start(1), m.end(1)
                if generic:
                    if inside == "(" and _opens_region_text(text, end):
                        return start
                elif (
                    not inside
                    and _previous_token(text, start) not in ("=", "attributes", "<", ",")
                    and (_opens_region_text(text, end, True) or _empty_region(text, 0, end, len(text)))
                ):
                    return start
            stack.append(token)
        elif token in _CLOSERS and stack:
            stack.pop()
    return None


_OPENERS = frozenset("([{<")
_CLOSERS = frozenset(")]}>")


_SIZES = lazy(r"%[\w$.\-]++(?:#[0-9]++)?(?:[ \t]*+,[ \t]*+%[\w$.\-]++(?:#[0-9]++)?)*+[ \t]*+\}")
"""Values alone up to a ``}`` after a ``{``: a type's dynamic sizes (``!stream.resource<*>{%a, %b}``),
not a region's first op."""


def _opens_region_text(text: str, after: int, custom: bool = False) -> bool:
    """Whether what follows a ``{`` on its line reads as a region's body rather than a
    dictionary's entries (``}`` alone: an empty dictionary, the same to value flow)."""
    newline = text.find("\n", after)
    return _opens_region_at(text, after, newline if newline >= 0 else len(text), custom)


def _opens_region_at(text: str, after: int, end: int, custom: bool = False) -> bool:
    """:func:`_opens_region_text` for a line ending at ``end``, reading only the first token
    after the ``{`` (a comment there is the line's end). In a custom form (``custom``), a ``{`` before
    a ``[`` or a symbol is an attribute's (``transform.structured.match ops{["linalg.matmul"]}``,
    ``flow.dispatch {@ex::@a, @ex::@b}``), and one before
    values with no ``=`` after them a type's dynamic sizes (IREE's ``!stream.resource<*>{%size}``): no
    op starts so; a generic op's ``({`` is a region whatever follows."""
    at = SPACES.match(text, after, end).end()  # type: ignore[union-attr]
    if at == end or text.startswith("//", at, end) or text.startswith("}", at, end):
        return False  # (a `{` that ends its line was decided as it was read)
    if custom and (text[at] in "[@" or (text[at] == "%" and _SIZES.match(text, at, end) is not None)):
        return False  # (`ops{["linalg.matmul"]}`, `{@ex::@f, @ex::@g}`; a type's sizes, `!stream.resource<*>{%size}`)
    return _ENTRY_AT.match(text, at, end) is None and not text.startswith(REGION[1:-1], at, end)


def _previous_token_at(text: str, start: int, offset: int) -> str:
    """:func:`_previous_token` of ``text[start:offset]``, without copying it."""
    at = offset
    while at > start and text[at - 1].isspace():
        at -= 1
    if at == start:
        return ""
    if text.endswith("attributes", start, at) and (at - start == 10 or not text[at - 11].isalnum()):
        return "attributes"
    return text[at - 1]


class RegionBrace:
    """Whether a ``{`` of a statement starting at ``start`` in ``text`` (and ending with its
    line at ``end``) opens a region on its line, as :func:`inline_region` decides it."""

    __slots__ = ("end", "function", "generic", "start", "text")

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text, self.start, self.end = text, start, end
        self.generic = _GENERIC.match(text, start, end) is not None
        self.function = not self.generic and _FUNCTION.match(text, start, end) is not None

    def __call__(self, offset: int, inside: str) -> bool:
        text = self.text
        if self.generic:
            return inside == "(" and _opens_region_at(text, offset + 1, self.end)
        return (
            not inside
            and _previous_token_at(text, self.start, offset) not in ("=", "attributes", "<", ",")
            and (
                _opens_region_at(text, offset + 1, self.end, True)
                or _empty_region(text, self.start, offset + 1, self.end)
                or (self.function and _body_follows(text, offset + 1, self.end))
            )
        )


def _body_follows(text: str, after: int, end: int) -> bool:
    """Whether an op follows a function head's ``{`` on its line (``func.func @f() {  linalg.contract``
    then its clauses on the next lines): its parser takes a ``{`` there as its body, never a dictionary
    (that is written after ``attributes``); a word alone is an op's name, not a unit attribute."""
    at = SPACES.match(text, after, end).end()  # type: ignore[union-attr]
    return at < end and not text.startswith(("//", "}"), at)


_FUNCTION = lazy(r"[ \t]*+func\.func[ \t]")
"""A function's head (``func.func``'s custom form)."""


def _empty_region(text: str, start: int, after: int, end: int) -> bool:
    """Whether the ``{}`` whose ``{`` ends at ``after``, in a statement starting at ``start``, is an
    empty region: the first ``{`` of an op whose custom form has no dictionary before its region
    (``scf.for ... {}``, ``scf.if %c {}``: the parser adds the block's terminator), not an empty
    attribute dictionary (``arith.addf %a, %b {} : f32``)."""
    return (
        text.startswith("}", SPACES.match(text, after, end).end())  # type: ignore[union-attr]
        and text.find("{", start, after - 1) < 0
        and _REGION_FIRST.match(text, start, end) is not None
    )


_REGION_FIRST = lazy(
    rf"[ \t]*+(?:{RESULTS_SOURCE}[ \t]*+=[ \t]*+)?"
    r"scf\.(?:for|forall|if|parallel|while|execute_region)[ \t]"
)
"""An op whose custom form's first ``{`` is its region's (the ``scf`` loops and conditionals)."""


SPACES = lazy(r"\s*")
NON_SPACE = lazy(r"\S")
_ENTRY_AT = lazy(r'(?:[A-Za-z_][\w$.\-]*|"(?:[^"\\\n]|\\.)*")[ \t]*(?:=|,|\}|//|$)')
""":data:`_NEXT_IS_ENTRY` at the first token after a ``{``, a comment ending the line."""


_CLOSING = {")": "(", "]": "[", "}": "{", ">": "<"}

LONG_PIECE = 4096
"""A piece this long has its brackets counted by :func:`_long_piece_depth` (a function's head of
thousands of arguments on one line: 2 MB, 100k brackets) rather than a Python step a bracket."""
_HIDING = lazy(r'"(?:[^"\\\n]++|\\.)*+(?:"|(?=\n)|$)|//[^\n]*+|->|>=')
"""The tokens of :func:`~broadcheck.syntax.lexer.bracket_tokens` that hide brackets: strings,
comments, ``->``, ``>=`` (each found where that scan finds it: it skips no ``"``, ``//``, ``->``
or ``>=``)."""
_KEPT = b'"()[]{}<>'
_DROPPED = bytes(c for c in range(256) if c not in _KEPT)
"""What :func:`_long_piece_depth` drops of a piece's bytes: all but brackets and the ``"`` that
stands for a hiding token (a character that is not ASCII is no bracket: its bytes go too)."""
_PAIRS_BYTES = (b"()", b"[]", b"{}", b"<>")
_MAY_OPEN = lazy(r'\{(?!\s*(?:$|//|\}|\.\.\.|(?:[A-Za-z_][\w$.\-]*|"(?:[^"\\\n]|\\.)*")[ \t]*(?:=|,|\}|//|$)))')
"""A ``{`` a :class:`RegionBrace` may say opens a region (what follows it on its line is no
dictionary's entry: :func:`_opens_region_at`)."""


def _hidden(piece: str) -> str:
    """``piece`` with each token that hides brackets written ``"``: by ``str.split`` where every
    string is closed and plain (no escape, no comment), else by :data:`_HIDING`."""
    if "\\" not in piece and "\n" not in piece:
        parts = piece.split('"')
        if len(parts) % 2:
            outside = '"'.join(parts[::2])
            if "//" not in outside:
                return outside.replace("->", '"').replace(">=", '"')
    return _HIDING.sub('"', piece)


def _long_piece_depth(source: str, stack: str, begin: int, stop: int, rule: RegionBrace | None) -> Depth | None:
    """:func:`piece_depth` of a long piece in a few passes in C, or ``None`` where they cannot
    say (then the scan goes token by token): a ``{`` that may open a region (with ``rule``), a
    closing bracket that matches nothing, a last token that hides brackets. The hiding tokens
    become one ``"`` each, everything else but brackets goes, and matched pairs are taken out
    (innermost first, one pass a level of nesting): what is left stays open."""
    if rule is not None and _MAY_OPEN.search(source, begin, stop) is not None:
        return None
    brackets = _hidden(source[begin:stop]).encode("utf-8", "surrogatepass").translate(None, _DROPPED)
    if brackets.endswith(b'"'):
        return None  # (a string or a comment last: the token scan says what its last token is)
    final = brackets[-1:].decode()
    brackets = brackets.replace(b'"', b"")
    while True:
        fewer = brackets
        for pair in _PAIRS_BYTES:
            fewer = fewer.replace(pair, b"")
        if len(fewer) == len(brackets):
            break
        brackets = fewer
    if any(c in brackets for c in b")]}>"):
        return None  # a mismatch: where it is, the token scan says
    if final == "{":
        at = SPACES.match(source, source.rfind("{", begin, stop) + 1, stop).end()  # type: ignore[union-attr]
        if at < stop and not source.startswith("//", at, stop):
            final = ""  # a word follows it
    return Depth(stack + brackets.decode(), final, False, -1, stop)


def piece_depth(source: str, stack: str, begin: int, stop: int, rule: RegionBrace | None, close: bool) -> Depth:
    """:func:`~broadcheck.syntax.lexer.depth` of ``source[begin:stop]``, with ``rule`` for a
    region's ``{`` and ``close`` for a ``}`` that closes one, as far as the piece machine reads
    it: the brackets open, where the scan stopped, and whether the last token is ``{`` (``last``
    is ``{`` or not, not the token). Only brackets, strings, comments, ``->`` and ``>=`` are
    matched, the words between them skipped in one run: a ``linalg.generic`` head is a hundred
    tokens and thirty brackets. A ``{`` that starts a long literal (one token to the lexer)
    sends the piece to :func:`depth`. A long piece: :func:`_long_piece_depth`, if it can say."""
    if stop - begin > LONG_PIECE and (
        source.count("(", begin, stop) > LONG_PIECE // 64 or source.count("<", begin, stop) > LONG_PIECE // 64
    ):
        # (brackets enough to be worth copies of the piece: not a literal's megabyte of digits;
        # `<` too: a JAX export's head of 17k `tensor<...>` arguments holds two `(`)
        found = _long_piece_depth(source, stack, begin, stop, rule)
        if found is not None:
            return found
    opened = list(stack)
    mismatch = -1
    final, final_end = "", begin
    for m in bracket_tokens(source, begin, stop):
        token = m.group(1)
        first = token[0]
        if first in "([{<":
            if first == "{" and rule is not None and mismatch < 0:
                at = m.start(1)
                if TOKEN.match(source, at, stop).lastgroup == "literal":  # type: ignore[union-attr]
                    return depth(source, stack, begin, stop, rule, close)
                if rule(at, "".join(opened)):
                    return Depth("".join(opened), final, False, mismatch, at, at)
            opened.append(first)
        elif first in ")]}" or token == ">":
            if opened and opened[-1] == _CLOSING[token]:
                opened.pop()
            elif mismatch < 0:
                mismatch = m.start(1)
                if close and first == "}":
                    return Depth("".join(opened), final, False, mismatch, mismatch)
        elif first == "/":
            continue  # a comment: never the last token
        final, final_end = token, m.end(1)
    if final == "{":
        at = SPACES.match(source, final_end, stop).end()  # type: ignore[union-attr]
        if at < stop and not source.startswith("//", at, stop):
            final = ""  # a word follows it
    return Depth("".join(opened), final, False, mismatch, stop)
