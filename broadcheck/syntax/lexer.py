"""The lexical layer of the reader: MLIR's strings, comments and brackets, in linear time.

MLIR allows a comment (``//`` to the end of the line) wherever whitespace is, and a
string may hold any bracket or ``//``. Everything in the reader that must know where
a statement ends, whether a ``{`` opens a region, or where a comment starts asks this
module, so no other regular expression has to know about strings or comments.

Every pattern here is linear in its input: an unterminated string runs to the end of
its line (it is one token, not a retry from each quote), and nothing recurses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.named import NamedTuple

LONG_LITERAL = 256
"""How many characters of elements make a literal long: it is then one token."""


def _literal_pattern(least: int) -> str:
    """A long literal's elements as one token: the nested list of a ``dense<[...]>`` (numbers,
    booleans, complex pairs, up to four levels of brackets, balanced) and the scales of a
    per-axis quantized type (``{0.5:-1,0.25,...}``). No reader looks inside them, and a
    million elements would be a million tokens; a shorter literal is read token by token."""
    atom = r"(?:[\w.+\-,\s]++|\([\w.+\-,\s]*+\))"
    nested = rf"\[{atom}*+\]"
    for _ in range(3):
        nested = rf"\[(?:{atom}|{nested})*+\]"
    return (
        rf"(?P<literal>(?<=dense<)(?=[\w.+\-,\s\[\]()]{{{least}}}){nested}(?=>)"
        rf"|\{{(?=[0-9.eE+\-:,\s]{{{least}}})[0-9.eE+\-:,\s]++\}})"
    )


def token_pattern(least: int = LONG_LITERAL) -> re.Pattern[str]:
    """:data:`TOKEN`, with literals of at least ``least`` characters as one token (the
    tests build it with a small ``least`` to hold the readers to their token-by-token reading)."""
    return re.compile(_token_source(least))


def _token_source(least: int) -> str:
    return (
        r'(?P<string>"(?:[^"\\\n]++|\\.)*+(?:"|(?=\n)|$))'
        r"|(?P<comment>//[^\n]*+)"
        r"|(?P<arrow>->)"
        rf"|{_literal_pattern(least)}"
        r"|(?P<open>[(\[{<])"
        r"|(?P<close>[)\]}]|>(?!=))"
        r"|(?P<newline>\n)"
        r"|(?P<space>[ \t\r\f\v]++)"
        r'|(?P<word>(?:[^\s"()\[\]{}<>,:=/\-]|-(?!>)|/(?!/))++|>=)'
        r"|(?P<punct>[,:=])"
    )


# One token at a time. An unterminated string is a token up to its line's end (the
# parser then reports it), so a line of 64k escaped quotes costs one pass; a long
# literal's elements are one token (``literal``), so a million of them cost one match.
TOKEN = lazy(_token_source(LONG_LITERAL))  # compiled when first used (a file of simple lines never does)

_PAIRS = {")": "(", "]": "[", "}": "{", ">": "<"}

# A line with none of these characters is lexically trivial (no string, comment or bracket).
_SPECIAL = lazy(r'["/(){}\[\]<>]')


def comment_start(line: str) -> int:
    """The offset of the ``//`` comment of ``line`` (one line, no newline), or -1.

    A ``//`` inside a string literal does not count.
    """
    at = line.find("//")
    if at < 0:
        return -1
    quote = line.find('"')
    if quote < 0 or quote > at:
        return at
    for m in TOKEN.finditer(line, quote):
        kind = m.lastgroup
        if kind == "comment":
            return m.start()
    return -1


def strip_comments(text: str) -> str:
    """``text`` with every comment replaced by spaces, so offsets and line numbers stay put."""
    if "//" not in text:
        return text
    parts: list[str] = []
    last = 0
    for m in TOKEN.finditer(text):
        if m.lastgroup == "comment":
            parts.append(text[last : m.start()])
            parts.append(" " * (m.end() - m.start()))
            last = m.end()
    parts.append(text[last:])
    return "".join(parts)


def one_line(text: str) -> str:
    """``text`` as one line: its comments blanked, its line breaks spaces (the same offsets). To MLIR's
    lexer a line break is a blank wherever it is; the readers of one line's text read it so."""
    return strip_comments(text).replace("\n", " ")


class Depth(NamedTuple):
    """How the brackets of a piece of text stand at its end."""

    stack: str
    """The brackets still open, outermost first (``({`` for a generic op's region list)."""
    last: str
    """The last token that is not a space, comment or newline ('' for none)."""
    unterminated: bool
    """A string runs to the end of a line without its closing quote."""
    mismatch: int
    """The offset of a closing bracket that matches nothing open (-1 for none)."""
    end: int = -1
    """Where the scan stopped: the end of the text, or the ``{`` or ``}`` it was told to stop at."""
    region: int = -1
    """The offset of the ``{`` the scan stopped at (-1 for none)."""


# The tokens :func:`depth` needs (and the ones that hide brackets: strings, comments,
# ``->`` and ``>=``), each as :data:`TOKEN` cuts it.
# The characters between them are skipped in one possessive run (a regular expression
# whose alternatives start differently would try each of them at every character), with
# the ``-`` and ``/`` that start no token; only the end of the text gives an empty token.
_BRACKETS = lazy(
    r'(?:[^"/\-<>()\[\]{}]++|-(?!>)|/(?!/))*+(?:("(?:[^"\\\n]++|\\.)*+(?:"|(?=\n)|$)|//[^\n]*+|->|>=|[(\[{<)\]}>])|$)'
)


def bracket_tokens(text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
    """The brackets of ``text[pos:endpos]`` (with the strings, comments, ``->`` and ``>=`` that
    hide them), each as :data:`TOKEN` cuts it: ``m.group(1)`` is the token, ``m.start(1)`` where."""
    for m in _BRACKETS.finditer(text, pos, len(text) if endpos is None else endpos):
        if m.start(1) >= 0:  # (not m.group(1): a string of megabytes would be copied to be tested)
            yield m


_LAST = frozenset(("(", "[", "{", "<", ")", "]", "}", ">", "->", ",", ":"))


def depth(
    text: str,
    stack: str = "",
    pos: int = 0,
    endpos: int | None = None,
    region: Callable[[int, str], bool] | None = None,
    close: bool = False,
) -> Depth:
    """Scan ``text[pos:endpos]`` (given the brackets already open before it) to its end.

    ``<`` and ``>`` count as brackets, except the ``>`` of ``->``. The scan stops early, so
    that a caller reads a line once however its regions nest: with ``close``, at the first
    closing bracket that matches nothing if it is a ``}``; with ``region``, at the first ``{``
    (before any mismatch) for which ``region(offset, brackets open inside)`` is true.
    """
    end = len(text) if endpos is None else endpos
    if region is not None or close:
        return _token_depth(text, stack, pos, end, region, close)
    if _SPECIAL.search(text, pos, end) is None:
        stripped = text[pos:end].rstrip()
        return Depth(stack, stripped.split()[-1] if stripped else "", False, -1, end)
    if end - pos > 80:  # (brackets only, without tokens: a long head is a long loop)
        fast = _bracket_depth(text, stack, pos, end)
        if fast is not None:
            return fast
    return _token_depth(text, stack, pos, end)


def _bracket_depth(text: str, stack: str, pos: int = 0, endpos: int | None = None) -> Depth | None:
    """:func:`depth` from the brackets alone, or ``None`` where they cannot say: a closing
    bracket that matches nothing, or a last token that is not a bracket, ``->``, ``,`` or ``:``.
    Its tokens are read where they are, not copied: a string may be a frozen graph's weights
    (issue 31's peak RSS)."""
    end = len(text) if endpos is None else endpos
    stop = end
    while stop > pos and text[stop - 1].isspace():
        stop -= 1
    last = text[stop - 1 : stop] if stop > pos else ""
    if stop - pos >= 2 and text.startswith("->", stop - 2):
        last = "->"
    if last not in _LAST:
        return None
    opened = list(stack)
    unterminated = False
    start = finish = 0  # the last token's place (none yet: empty)
    for m in _BRACKETS.finditer(text, pos, end):
        at, after = m.span(1)
        if at < 0:
            continue
        start, finish = at, after
        first = text[at]
        if first in "([{<":
            opened.append(first)
        elif first in ")]}" or (first == ">" and after - at == 1):
            if not opened or opened[-1] != _PAIRS[first]:
                return None
            opened.pop()
        elif first == '"' and not _closed_at(text, at, after):
            unterminated = True
    if finish > start and (text[start] == '"' or text.startswith("//", start)):
        return None  # the text ends inside a string or comment, or after one
    if last not in ",:" and text[start:finish] != last:
        return None
    return Depth("".join(opened), last, unterminated, -1, end)


def _token_depth(
    text: str,
    stack: str,
    pos: int = 0,
    endpos: int | None = None,
    region: Callable[[int, str], bool] | None = None,
    close: bool = False,
) -> Depth:
    end = len(text) if endpos is None else endpos
    opened = list(stack)
    last = ""
    cut = (0, 0)  # where `last` is when it is a string or a literal: cut from the text only if it stays last
    unterminated = False
    mismatch = -1
    for m in TOKEN.finditer(text, pos, end):
        kind = m.lastgroup
        if kind in ("space", "newline", "comment"):
            continue
        if kind == "string" or kind == "literal":  # (megabytes, maybe: not copied)
            if kind == "string" and not _closed_at(text, m.start(), m.end()):
                unterminated = True
            last, cut = "", m.span()
            continue
        token = m.group()
        if kind == "open":
            if token == "{" and region is not None and mismatch < 0 and region(m.start(), "".join(opened)):
                last = last or text[cut[0] : cut[1]]
                return Depth("".join(opened), last, unterminated, mismatch, m.start(), m.start())
            opened.append(token)
        elif kind == "close":
            if opened and opened[-1] == _PAIRS[token]:
                opened.pop()
            elif mismatch < 0:
                mismatch = m.start()
                if close and token == "}":
                    last = last or text[cut[0] : cut[1]]
                    return Depth("".join(opened), last, unterminated, mismatch, mismatch)
        last = token
    return Depth("".join(opened), last or text[cut[0] : cut[1]], unterminated, mismatch, end)


def _closed_string(token: str) -> bool:
    """Whether a string token ends with its own closing quote (not an escaped one)."""
    return _closed_at(token, 0, len(token))


def _closed_at(text: str, start: int, end: int) -> bool:
    """:func:`_closed_string` of ``text[start:end]``, read in place (a string may be megabytes)."""
    if end - start < 2 or text[end - 1] != '"':
        return False
    k = end - 2
    while k >= start and text[k] == "\\":
        k -= 1
    return (end - 2 - k) % 2 == 0


WEIGHTS = 1 << 8
"""A ``tf.Const``'s hex string of this many digits or more (a frozen graph's weights, written inline)
is read as :func:`elide_weights` writes it."""

_HEX_WEIGHTS = r'value = dense<)"0x'
_NAME = r"%[\w$.\-]++"
_WEIGHTS = lazy(
    rf'(\s*+(?:{_NAME} = "tf\.Const"|{_NAME}, {_NAME} = tf_executor\.island wraps "tf\.Const")\(\) <\{{' + _HEX_WEIGHTS
)
"""A ``tf.Const``'s statement up to its value's hex digits (:func:`elide_weights`)."""
_WEIGHTS_REST = lazy(r'((?: wraps "tf\.Const"\(\))? <\{' + _HEX_WEIGHTS)
"""The same after ``"tf.Const"`` (or a ``tf_executor.island``), as the scanner's fast pass cuts a line."""
_HEX_RUN = 1 << 18
"""How many digits :func:`_hex_digits` decodes at a time (a copy of this size, not of the weights)."""


def elide_weights(key: str, rest: bool = False) -> str:
    """``key`` with a ``tf.Const``'s weights (``value = dense<"0x...">``, :data:`WEIGHTS` hex digits
    or more) written ``"0x"``: what the checks read of such a value is its form and its type, never
    its digits (``tf.Const``'s check and the ops that read a constant's value pass a hex string
    over), so the key, its statement and its attributes need not hold ten megabytes of them
    (issue 31's peak RSS). A statement that is wrong is located from its own line, which keeps them.
    ``key`` may be a statement's text too (its names as written, its indentation): what
    :func:`~broadcheck.syntax.lines.key_text` makes of the result is what it makes of the text.
    ``rest``: ``key`` is what follows a ``"tf.Const"`` (or a ``tf_executor.island``) in a line.

    The digits are not stepped through by a pattern (13 MB of them in a frozen graph took 22 ms):
    the closing quote is found by ``str.find`` (``memchr``) and the digits are checked by
    :func:`_hex_digits`, as ``"0x[0-9A-Fa-f]{256,}+"(?=>)`` would match them."""
    if len(key) < WEIGHTS:
        return key
    m = (_WEIGHTS_REST if rest else _WEIGHTS).match(key)
    if m is None:
        return key
    start = m.end()
    end = key.find('"', start)
    if end - start < WEIGHTS or not key.startswith(">", end + 1) or not _hex_digits(key, start, end):
        return key
    return f'{m.group(1)}"0x"{key[end + 1 :]}'


def _hex_digits(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is hexadecimal digits alone, read in C (``binascii``, which takes
    an ASCII string as it is) a run of :data:`_HEX_RUN` digits at a time."""
    import binascii  # (built in, and imported already for the kept patterns)

    if (end - start) & 1:  # (a digit pairs with none: checked alone)
        end -= 1
        if text[end] not in "0123456789abcdefABCDEF":
            return False
    try:
        for at in range(start, end, _HEX_RUN):
            binascii.a2b_hex(text[at : min(at + _HEX_RUN, end)])
    except ValueError:  # (binascii.Error too: a character that is not a digit, or not ASCII)
        return False
    return True


_SUSPECT = lazy(r'(?<!\{-)[%^#!](?![\w$.\-"])|,(?:[ \t\r\n]++|//[^\n]*+)*+[,:)\]}]')
"""What may be a token MLIR's lexer or parser rejects first (:func:`token_problem`); most
statements hold none, and are read in one search."""
_TOKENS = lazy(
    r'"(?:[^"\\\n]|\\.)*+"?|//[^\n]*+|(?<!\{-)(?P<sigil>[%^#!])(?![\w$.\-"])'
    r"|(?P<use>%[\w$.\-]++(?:#[0-9]++)?+(?:[ \t\r\n]++|//[^\n]*+)*+,)(?:[ \t\r\n]++|//[^\n]*+)*+[,:)\]}]"
    r"|(?P<typehole>,)(?:[ \t\r\n]++|//[^\n]*+)*+\)(?:[ \t\r\n]++|//[^\n]*+)*+->"
)
_SIGILS = {
    "%": "invalid SSA name",
    "^": "invalid block name",
    "#": "invalid attribute name",
    "!": "invalid type identifier",
}
"""What MLIR's lexer says of a sigil no name follows (``Lexer::lexPrefixedIdentifier``)."""


def token_problem(text: str, holes: bool = True) -> tuple[str, int] | None:
    """The first token of a statement's ``text`` that MLIR rejects as it lexes it, or as it wants
    an operand, whatever the op, and the offset it names: a sigil no name follows (``%a, %`` "invalid
    SSA name", ``^``, ``#``, ``!``), at the sigil; a hole in a list of operands (``%a, , %b``,
    ``%a, :``, ``(%a, )``: "expected SSA operand"; in a function type's inputs, ``(T, ) ->``: "expected
    non-function type"), just after the ``,`` before it, where
    ``emitWrongTokenError`` places it (not with ``holes`` false: where an op's own parser reads
    its operands, it may take something else after a ``,``: ``stablehlo.compare``'s type).
    Strings and comments hold none. ``None`` if there is none."""
    if _SUSPECT.search(text) is None:
        return None
    for m in _TOKENS.finditer(text):
        if m.start("sigil") >= 0:
            return _SIGILS[m["sigil"]], m.start("sigil")
        if holes and m.start("use") >= 0:
            return "expected SSA operand", m.end("use")
        if m.start("typehole") >= 0 and _after_colon(text, m.start("typehole")):
            return "expected non-function type", m.end("typehole")  # (`: (T, ) -> U`: one more input type wanted)
    return None


def _after_colon(text: str, comma: int) -> bool:
    """Whether the list whose ``,`` is at ``comma`` opened just after a ``:``: a function type's inputs
    (``: (T, ) -> U``), not a function's arguments (``@f(%a: T, ) -> U``)."""
    level = 0
    for at in range(comma - 1, -1, -1):
        ch = text[at]
        if ch == ")":
            level += 1
        elif ch == "(":
            if level == 0:
                return text[:at].rstrip().endswith(":")
            level -= 1
    return False


def token_first(text: str, at: int | None, holes: bool = True) -> tuple[str, int] | None:
    """:func:`token_problem` of ``text`` if it comes no later than offset ``at``, where a parser
    says its first problem (``None``: it says none), else ``None``: MLIR lexes a token as it takes
    the one before, so its lexer's error comes before a parser's at the same token, which
    ``emitWrongTokenError`` places just after the token before (blanks between)."""
    token = token_problem(text, holes)
    if token is None or (at is not None and token[1] > at and text[at : token[1]].strip()):
        return None
    return token
