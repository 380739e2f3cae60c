"""Where things are defined and used in a document, for ``definition``, ``references``,
``documentSymbol`` and the hover on a value: SSA values (``%x``, ``%x#1``), block labels
(``^bb0``), symbols (``@f``) and type aliases (``!t``).

One pass over the lines, with a lexer that skips strings and comments, built once per
document version on the check worker (the engine's value flow drops a function's definitions
when the function closes, so it cannot be asked afterwards). Values and labels are scoped by
the function (the symbol-defining op with a region) they are in, as MLIR scopes them by
isolated region; within one, a use names the nearest definition before it (sibling regions
may reuse a name). Definitions are results (``%a, %b:2 = ...``), arguments written
``%x: type`` (functions, blocks, regions), and ``%x = ...`` inside a head (``scf.for %i =``,
``iter_args(%acc = %init)``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broadcheck.server.documents import Lines

_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"?'
    r"|//.*"
    r'|(?P<sigil>[%^@!])(?P<name>[A-Za-z_$.][\w$.\-]*|\d+|"(?:[^"\\]|\\.)*")(?:#(?P<number>\d+))?'
    r"|(?P<brace>[{}])"
)
_RESULTS = re.compile(r"^\s*%[\w$.\-]+(?::\d+)?(?:\s*,\s*%[\w$.\-]+(?::\d+)?)*\s*=(?!=)")
_PACK = re.compile(r"%([\w$.\-]+)(?::(\d+))?")
_SYMBOL_DEF = re.compile(r"^\s*[A-Za-z_][\w.$\-]*(?:\s+[A-Za-z_]\w*)*\s+@")
_OP_NAME = re.compile(r'^\s*(?:%[^=]*=(?!=)\s*)?("[^"]*"|[A-Za-z_][\w.$\-]*)')
_ASSIGNED = re.compile(r"\s*=(?!=)")
_ARGUMENT = re.compile(r":(?!\d)")
_HEAD_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|//.*|[(\[{]|[)\]}]')
_HEAD_GOES_ON = re.compile(r"\s*(?:->|attributes\b|loc\(|\{)")
"""What a line that goes on with a head whose parentheses are closed starts with."""

FUNCTION, MODULE, OPERATOR = 12, 2, 25
"""LSP's SymbolKind for a function, a module and another op with regions."""


class Token:
    """One name in the text: its sigil, name, place (0-based line, columns in characters)."""

    __slots__ = ("defines", "end", "kind", "line", "name", "number", "result", "scope", "start")

    def __init__(self, kind: str, name: str, line: int, start: int, end: int, number: int | None) -> None:
        self.kind, self.name, self.line, self.start, self.end, self.number = kind, name, line, start, end, number
        self.scope = 0
        self.defines = False
        self.result = 0
        """For a result it defines: the number of its first result among the op's."""

    def key(self) -> tuple[str, int, str]:
        return (self.kind, self.scope if self.kind in "%^" else 0, self.name)

    def place(self) -> tuple[int, int]:
        return (self.line, self.start)


class _Region:
    """An op with regions, for the outline."""

    __slots__ = ("children", "end", "function", "head", "kind", "line", "name", "selection", "symbol")

    def __init__(self, name: str, kind: int, line: int, selection: tuple[int, int], symbol: bool) -> None:
        self.name, self.kind, self.line, self.selection, self.symbol = name, kind, line, selection, symbol
        self.end = line
        self.children: list[_Region] = []
        self.head = line
        """The line its head starts on: the line its region opens on but for a head written on
        several lines (the outline still starts there: it reads one-line heads)."""
        self.function: str | None = name if symbol and kind == FUNCTION else None
        """The symbol of a function (one-line head or not)."""


class Index:
    """The names of one version of a document."""

    def __init__(self, lines: list[str]) -> None:
        self.by_line: dict[int, list[Token]] = {}
        self.uses: dict[tuple[str, int, str], list[Token]] = {}
        self.definitions: dict[tuple[str, int, str], list[Token]] = {}
        self.outline: list[_Region] = []
        self._read(lines)

    def _read(self, lines: list[str]) -> None:
        scopes = 0
        stack: list[tuple[_Region | None, int]] = []  # per open brace: the op it opens, the scope inside
        heads: dict[int, tuple[int, str]] = {}  # a head on several lines: its last line -> its first, symbol
        for number, text in enumerate(lines):
            if not any(c in text for c in "%^@!{}"):
                continue
            scope = stack[-1][1] if stack else 0
            found: list[Token] = []
            braces: list[tuple[str, int]] = []
            for m in _TOKEN.finditer(text):
                if m.group("brace"):
                    braces.append((m.group("brace"), m.start()))
                elif m.group("sigil"):
                    name = m.group("name")
                    digits = m.group("number")
                    found.append(
                        Token(m.group("sigil"), name, number, m.start(), m.end(), int(digits) if digits else None)
                    )
            region: _Region | None = None
            opens = bool(braces) and braces[-1][0] == "{" and _ends_with(text, braces[-1][1])
            symbol_def = _SYMBOL_DEF.match(text)
            if opens:
                op = _OP_NAME.match(text)
                name = op.group(1).strip('"') if op else "region"
                at = symbol_def.end() - 1 if symbol_def else -1
                symbol = next((t for t in found if t.kind == "@" and t.start == at), None)
                if symbol is not None:
                    kind = MODULE if name.endswith("module") else FUNCTION
                    region = _Region(symbol.name, kind, number, (symbol.start, symbol.end), True)
                    scopes += 1
                    scope = scopes
                else:
                    span = (op.start(1), op.end(1)) if op else (0, 0)
                    region = _Region(name, MODULE if name.endswith("module") else OPERATOR, number, span, False)
                    if number in heads:
                        region.head, region.function = heads.pop(number)
            elif symbol_def is not None:
                at = symbol_def.end() - 1
                symbol = next((t for t in found if t.kind == "@" and t.start == at), None)
                last = head_end(lines, number) if symbol is not None else None
                if symbol is not None and last is not None and last > number:
                    heads[last] = (number, symbol.name)
            self._define(text, found, scope, symbol_def)
            for token in found:
                self.by_line.setdefault(number, []).append(token)
                self.uses.setdefault(token.key(), []).append(token)
            self._braces(braces, stack, region, scope, number)

    def _define(self, text: str, found: list[Token], scope: int, symbol_def: re.Match[str] | None) -> None:
        results = _RESULTS.match(text)
        if results is not None:
            first = 0
            for m in _PACK.finditer(text, 0, results.end()):
                for token in found:
                    if token.kind == "%" and token.start == m.start():
                        token.defines, token.result = True, first
                first += int(m.group(2)) if m.group(2) else 1
        for token in found:
            token.scope = scope
            if token.defines:
                pass
            elif token.kind == "%":
                after = text[token.end : token.end + 2]
                token.defines = bool(_ASSIGNED.match(text, token.end)) or bool(_ARGUMENT.match(after))
            elif token.kind == "^":
                token.defines = not text[: token.start].strip() and text[token.end : token.end + 1] in ("(", ":")
            elif token.kind == "@":
                token.defines = symbol_def is not None and token.start == symbol_def.end() - 1
            elif token.kind == "!":
                token.defines = token.start == 0 and bool(_ASSIGNED.match(text, token.end))
            if token.defines:
                self.definitions.setdefault(token.key(), []).append(token)

    def _braces(
        self,
        braces: list[tuple[str, int]],
        stack: list[tuple[_Region | None, int]],
        region: _Region | None,
        scope: int,
        number: int,
    ) -> None:
        closed: _Region | None = None
        for i, (brace, _) in enumerate(braces):
            last = i == len(braces) - 1
            if brace == "{":
                if last and region is not None:
                    if closed is not None and not region.symbol:  # `}, {` or `} else {`: the same op
                        region = closed
                        closed = None
                    else:
                        parent = next((r for r, _ in reversed(stack) if r is not None), None)
                        (parent.children if parent is not None else self.outline).append(region)
                    stack.append((region, scope))
                else:
                    stack.append((None, stack[-1][1] if stack else 0))
            elif stack:
                done, _ = stack.pop()
                if done is not None:
                    done.end = number
                    closed = done

    # ------------------------------------------------------------ queries

    def token_at(self, line: int, column: int) -> Token | None:
        """The name at 0-based ``line`` and character ``column`` (or just after it)."""
        for token in self.by_line.get(line, ()):
            if token.start <= column <= token.end:
                return token
        return None

    def definition(self, token: Token) -> Token | None:
        """Where ``token``'s name is defined: the nearest definition before it in its scope."""
        if token.defines:
            return token
        candidates = self.definitions.get(token.key())
        if not candidates:
            return None
        if token.kind not in "%^":
            return candidates[0]
        places = [c.place() for c in candidates]
        at = bisect.bisect_right(places, token.place())
        return candidates[at - 1] if at else candidates[0]

    def references(self, token: Token, declaration: bool = True) -> list[Token]:
        """Every mention of what ``token`` names (its definition too, if ``declaration``)."""
        target = self.definition(token)
        same = self.uses.get(token.key(), [])
        if target is None:
            return [t for t in same if declaration or not t.defines]
        found = [t for t in same if self.definition(t) is target]
        return [t for t in found if declaration or t is not target]

    def symbols(self, lines: Lines) -> list[dict[str, Any]]:
        """The outline: functions and other ops with regions, nested as they are."""

        def symbol(region: _Region) -> dict[str, Any]:
            end_text = lines.lines[region.end] if region.end < len(lines.lines) else ""
            start, stop = region.selection
            return {
                "name": region.name or "region",
                "kind": region.kind,
                "range": lines.range(region.line + 1, 1, region.end + 1, len(end_text) + 1),
                "selectionRange": lines.range(region.line + 1, start + 1, region.line + 1, stop + 1),
                "children": [symbol(r) for r in region.children],
            }

        return [symbol(r) for r in self.outline]


def sigil_at(text: str, column: int) -> str | None:
    """The sigil of the name at ``column`` of one line (or just after it), as :meth:`Index.token_at`
    finds it (lines are read alone there too), without reading any other line."""
    for m in _TOKEN.finditer(text):
        if m.group("sigil") and m.start() <= column <= m.end():
            return m.group("sigil")
    return None


def head_end(lines: Sequence[str], first: int) -> int | None:
    """The last line of the head of an op whose symbol is defined on 0-based line ``first``
    (``func.func @f(%a: t,`` then ``%b: t) -> t {`` on the next), if its region opens where the
    head ends: on a line whose brackets are all closed but for its last ``{``; ``None`` if the
    head ends without one (a declaration) or does not end before the next op with a symbol.
    Strings and comments are skipped; after a line whose brackets are all closed, the head goes
    on only on a line that starts with ``->``, ``attributes``, ``loc(`` or ``{``."""
    depth = 0
    number = first
    while number < len(lines):
        text = lines[number]
        if number > first and _SYMBOL_DEF.match(text):
            return None  # the next op with a symbol: this head never ended (a file being typed)
        last = -1
        for m in _HEAD_TOKEN.finditer(text):
            char = m.group()
            if char in "([{":
                depth += 1
                last = m.start() if char == "{" and depth == 1 else -1
            elif char in ")]}":
                depth -= 1
                last = -1
        if depth == 1 and last >= 0 and _ends_with(text, last):
            return number
        if depth < 0:
            return None
        if depth == 0:
            following = lines[number + 1] if number + 1 < len(lines) else ""
            if not _HEAD_GOES_ON.match(following):
                return None
        number += 1
    return None


def _ends_with(text: str, column: int) -> bool:
    """Whether nothing but spaces and a comment follows ``column`` on the line."""
    rest = text[column + 1 :].strip()
    return not rest or rest.startswith("//")
