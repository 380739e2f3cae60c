"""The fast pass of the reader: every line of a block in one regular-expression pass.

Real IR repeats itself: a 150k-op export has a few hundred distinct statements once
value names and locations are set aside. So a line is cut, in C, into its results,
its op name, its operand names and the rest (:data:`ROW`), and the rest, with value
names written ``%_`` and the trailing location dropped, is the line's *key*
(:func:`key_text`). What the statement reader (:mod:`broadcheck.syntax.statement`)
makes of a key is read once per run and shared by every line with that key; a line
only brings its own names.

Every pattern here is linear in the line.
"""

from __future__ import annotations

import re

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lexer import comment_start

VALUE = r"%[A-Za-z0-9_$.\-]+"
_USE = rf"{VALUE}(?:#[0-9]+)?"
_USES = rf"{_USE}(?:, {_USE})*+"
_RESULTS = rf"{VALUE}(?::[0-9]+)?(?:, {VALUE}(?::[0-9]+)?)*+"

ROW = lazy(
    rf"^[ \t]*+(?:"
    rf"(?:(?P<results>{_RESULTS}) = )?"
    rf'(?:"(?P<generic>[A-Za-z_][\w$.\-]*+)"\((?P<generic_operands>{_USES})?\)'
    rf"|(?P<custom>[A-Za-z_][\w$]*+\.[\w$.]++|return|module|call_indirect|call)"
    rf"(?P<custom_operands>(?: {_USES})?)(?![\w$.%#\-]))"
    r"(?P<rest>[^\n]*+)"
    r"|(?P<other>[^\n]*+))$",
    re.M,
)
"""One row per line: ``(results, generic, generic_operands, custom, custom_operands, rest,
other)``, with ``other`` the whole line when it does not start with an op (``}``, ``^bb0``,
an alias definition, a comment, a blank line). ``findall`` gives the rows of a block in order."""

_NAME = lazy(_USE)
# A value name in the rest of a line (group 1); a string is matched whole, so a name inside
# one is kept, and so is a comment (to MLIR's lexer a comment is a blank: a name in a
# `// CHECK-SAME: with(%[[A]] as %b` line inside a statement of several lines is no name);
# what lies between them is skipped in one possessive run.
_NAME_OR_STRING_SKIP = lazy(rf'[^"%/]*+(?:"(?:[^"\\\n]++|\\.)*+"?|//[^\n]*+|({_USE})|[%/]|$)')
_NO_PERCENT_IN_STRINGS = lazy(r'(?:[^"]++|"[^"\\\n%]*+(?:\\[^\n%][^"\\\n%]*+)*+")*+')
"""A text whose strings are all closed on their line and hold no ``%`` (``loc("params[0]")``
of a function's head of thousands of arguments): its names are every name in it, found in C,
not by a Python step a string and a name (:data:`_NAME_OR_STRING_SKIP`)."""


def _plain(text: str) -> bool:
    """Whether ``text`` has no string, or none that could hold a value name (no ``%`` after its
    first quote, found in C: a frozen graph's weights are a string of megabytes), and no comment
    that could (no ``%`` after its first ``//``)."""
    slash = text.find("//")
    if slash >= 0 and text.find("%", slash) >= 0:
        return False
    quote = text.find('"')
    return quote < 0 or text.find("%", quote) < 0 or _NO_PERCENT_IN_STRINGS.fullmatch(text) is not None


def name_spans(text: str) -> list[tuple[int, int]]:
    """Where each value name of ``text`` (not inside strings) starts and ends, in order."""
    if _plain(text):
        return [m.span() for m in _NAME.finditer(text)]
    return [m.span(1) for m in _NAME_OR_STRING_SKIP.finditer(text) if m.group(1)]


def names(rest: str) -> list[str]:
    """The value names in ``rest`` (not inside strings), in order."""
    if _plain(rest):
        return _NAME.findall(rest)
    return [name for name in _NAME_OR_STRING_SKIP.findall(rest) if name]


def _keep_strings_skip(m: re.Match[str]) -> str:
    if m.group(1) is None:
        return m.group()
    return m.string[m.start() : m.start(1)] + "%_"


def key_text(rest: str) -> str:
    """``rest`` with each value name written ``%_`` (strings kept as they are)."""
    if _plain(rest):
        return _NAME.sub("%_", rest)
    return _NAME_OR_STRING_SKIP.sub(_keep_strings_skip, rest)


# A trailing location: `loc(#loc3)`, `loc("file.py":3:4)`, `loc(unknown)`, and nested ones
# (`loc(fused[loc("a"), loc("b")])`, `loc("name"(#loc2))`) up to three levels deep.
_LOC_INNER = r'(?:[^()"\n]++|"(?:[^"\\\n]++|\\.)*+")'
_LOC_DEPTH = _LOC_INNER
for _ in range(3):
    _LOC_DEPTH = rf"(?:{_LOC_INNER}|\((?:{_LOC_DEPTH})*+\))"
_ALIAS_TAIL = lazy(r"[\w$.\-]++\)$")
RESULTS_SOURCE = r"%[\w$.\-]++(?::[0-9]++)?(?:[ \t]*+,[ \t]*+%[\w$.\-]++(?::[0-9]++)?)*+"
"""An op's result names as they are written before its ``=`` (``%0``, ``%0:2, %1``): a pattern's text."""
LABEL_AT_END = lazy(r"[ \t]\^[\w$.\-]++[ \t]*+(?:\([^()\n]*+(?:\([^()\n]*+\)[^()\n]*+)*+\)[ \t]*+)?:\Z")
"""A block's label at the end of a line, after blanks (``cf.br ^bb1 ^bb1:``, ``^bb1(%x: T):``; its
arguments' parentheses may hold a function type's): MLIR reads it as the next block's label."""
TRAILING_LOC = lazy(rf"[ \t]*+loc[ \t]*+\((?:{_LOC_DEPTH})*+\)[ \t\r]*+$")


def strip_tail(rest: str) -> str:
    """``rest`` without its trailing comment and location (and trailing spaces)."""
    if "//" in rest:
        at = comment_start(rest)
        if at >= 0:
            rest = rest[:at]
    rest = rest.rstrip()
    if rest.endswith(")"):
        at = rest.rfind(" loc(#")
        if at >= 0 and _ALIAS_TAIL.match(rest, at + 6):  # `loc(#loc12)`, most often
            return rest[:at].rstrip()
        at = rest.rfind("loc(")
        if at >= 0:
            m = TRAILING_LOC.match(rest, at - 1 if at and rest[at - 1] == " " else at)
            if m is None:
                m = TRAILING_LOC.search(rest)
            if m is not None:
                rest = rest[: m.start()]
    return rest


# A line that cannot continue the statement before it: it starts a statement (an op's name, or
# its results and `=`: `%b {...}` and `%b, %c) : ...` continue one), a block, an alias
# definition, closes a region, or is blank.
_NAMES = r"%[\w$.\-]++(?::\d+)?(?:[ \t]*,[ \t]*%[\w$.\-]++(?::\d+)?)*[ \t]*"
"""Value names alone, a pattern's text: an op's results before their ``=``, or operands on a line of their own."""
_STARTS = lazy(
    r'[ \t]*+(?:$|"(?![^"\n]*+"[ \t]*+(?:$|//))|[\^}#!]|\{-#|//'
    r"|[A-Za-z_][\w$]*+\.[\w$.]++(?![\w$.])|return\b|module\b|call(?:_indirect)?\b"
    r"|(?:rewrite|replace|erase)[ \t]++%|apply_native_(?:constraint|rewrite)[ \t]++\""
    rf"|{_NAMES}(?:=(?!=)|,?+[ \t]*+(?:$|//)))"
)
"""What starts a statement: an op's name (a string alone on its line is a custom form's word:
`iree_codegen.ukernel.generic {...}` then `"iree_uk_mmt4d"`), its results and `=` (or its results alone:
the `=` may be on the next line, to MLIR's lexer a line break is a blank), a label, a closer, an alias.
In a `pdl.pattern` the ops that define no value are written without their dialect (`rewrite %root
with "rewriter"(%attr : !pdl.attribute)`, `erase %op`): no custom form goes on with those words."""


_VALUES_ALONE = lazy(rf"[ \t]*+{_NAMES},?+[ \t]*+(?:$|//)")


def values_alone(line: str) -> bool:
    """Whether ``line`` holds value names alone (``%input, %scale, %zp``), which :func:`starts_statement`
    reads as an op's results whose ``=`` is on the next line; a caller that knows the statement before
    it may find them its operands instead (:func:`ends_with_name`)."""
    return _VALUES_ALONE.match(line) is not None


def starts_on_its_own(line: str) -> bool:
    """Whether ``line`` starts a statement whatever came before it: :func:`starts_statement`, but not
    value names alone (which the statement before may take as its operands: the slow path tells)."""
    return starts_statement(line) and not values_alone(line)


def ends_with_name(before: str) -> bool:
    """Whether the statement ``before`` ends with its op's name, nothing after it on its last line
    (``%out = torch.quantized_decomposed.dequantize_per_tensor``): a custom form's operands come next."""
    row = ROW.match(before[before.rfind("\n") + 1 :])
    if row is None or not row.group("custom") or row.group("custom_operands"):
        return False
    rest = row.group("rest").lstrip()
    return not rest or rest.startswith("//")


def starts_statement(line: str) -> bool:
    """Whether ``line`` (a whole line) starts something new rather than continuing the
    statement on the line before it (``reducer(%a: T) {``, ``cond {`` and ``attributes {...}``
    continue one). A blank or comment line starts nothing; callers look past it."""
    return _STARTS.match(line) is not None


def blank(line: str) -> bool:
    """Whether ``line`` holds nothing but spaces and a comment."""
    stripped = line.lstrip()
    return not stripped or stripped.startswith("//")


def dangles(source: str, begin: int = 0, stop: int = -1) -> bool:
    """Whether ``source[begin:stop]`` (a statement's last line) ends with a token no statement ends
    with (``,``, ``=``, ``:``, ``->``, a keyword a type follows; a comment after it passed over): its
    next line goes on with it, whatever it starts with (``cf.cond_br %c,`` then ``^bb1, ^bb2``; to
    MLIR's lexer a line break is a blank). Not a block's label's ``:`` (``cf.br ^bb1 ^bb1:``)."""
    k = len(source) if stop < 0 else stop
    if source.find("//", begin, k) >= 0 and (at := comment_start(source[begin:k])) >= 0:
        k = begin + at
    while k > begin and source[k - 1] in " \t\r\n":
        k -= 1
    last = source[k - 1] if k > begin else ""
    if last == ">":
        return source.startswith("->", k - 2)
    if last == ":" and LABEL_AT_END.search(source, begin, k) is not None:
        return False  # (a block's label after an op that writes no types: `cf.br ^bb1 ^bb1:`)
    if last == "o" or last == "m":  # `: vector<4xf32> into` then `f32`: a type must follow
        return any(source.startswith(word, k - len(word)) and k - len(word) > begin for word in _DANGLING_WORDS)
    return last in _DANGLING and not source.startswith(">=", k - 2)


_DANGLING_WORDS = (" into", "\tinto", " to", "\tto", " from", "\tfrom")
"""The keywords a custom form writes between two of its types (``tensor.cast``'s ``to``,
``vector.reduction``'s and ``tensor.expand_shape``'s ``into``, ``vector.extract``'s ``from``) or
before an operand (``scf.for``'s ``to``): no statement ends with one."""


_DANGLING = frozenset(",=:")
