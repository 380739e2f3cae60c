"""The code action "Refine @f from its argument types": ``broadcheck refine`` on one function,
with ``--arg`` taken from its signature as written now, as a workspace edit.

The user edits an argument type in a function's signature; the body is stale (the check
reports mismatches). With the cursor on any line of the function's head, or on a diagnostic in
its body, the server offers this action (kind ``refactor.rewrite``: it rewrites many types of
a function, not one problem, so it is neither a ``quickfix`` nor a whole-file ``source``
action). Its edits are the engine's own (:func:`broadcheck.engine.refine_run.refine_text`, the
CLI's call), byte-exact and only where types change. A head may be written on one line or on
several (with argument and result attributes, locations and comments anywhere on it): refine
reads a head on one line only, so each head on several lines is given to it joined into one,
every line break and comment in it made as many spaces (:func:`one_line_heads`), and its edits
and lines map back unchanged. It is offered only when:

* the function has an error in the current check (on its head or in its body). An edit of the
  type of an argument that is used always makes one, since MLIR wants the same type at every
  use; a function whose body agrees with its signature is not offered one, even with ``?``
  dims: refining it from the types it has rewrites no edit, and may loosen a static type the
  file states to the ``?`` that follows from its arguments; and
* refining changes something, or stops somewhere.

When the refined function does not verify (refine writes nothing then), the action is shown
disabled, with the first error as its reason (LSP's ``disabled.reason``), or not at all for a
client that cannot show a disabled one; so is it, with the first op refine stops at as the
reason, when refining changes nothing because it stops before any type changes (a TF
``tf_executor.graph`` whose regions use the argument). When refine stops along some values (a
BC1860 warning) and changes others, the action is offered and its title names the ops it
stops at. The edit carries the document's version (``documentChanges``), so a client never
applies it to a newer text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from broadcheck.server.documents import Lines

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic
    from broadcheck.engine.options import Options
    from broadcheck.server.navigate import Index

KIND = "refactor.rewrite"
COMMAND = "broadcheck.refine"
_LONE_CR = re.compile(r"\r(?!\n)")
_HEAD = re.compile(r"^[ \t]*func\.func\b[^\n@]*@", re.MULTILINE)
"""The start of a function's head (a head on several lines is joined into one for refine)."""
_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\]|\\.)*"?|//.*')


@dataclass
class Plan:
    """What refining one function would do: its name, its header's line (0-based), the LSP text
    edits, the ops refine stops at, why the result does not verify (``None``: it does), and
    why it changes nothing (``None``: it changes something)."""

    name: str
    line: int
    edits: list[dict[str, Any]] = field(default_factory=list)
    stops: list[str] = field(default_factory=list)
    broken: str | None = None
    idle: str | None = None

    @property
    def disabled(self) -> str | None:
        """Why the action cannot be applied (``None``: it can)."""
        if self.broken is not None:
            return f"refining @{self.name} does not verify ({self.broken})"
        if self.idle is not None:
            return f"refining @{self.name} changes nothing ({self.idle})"
        return None

    @property
    def title(self) -> str:
        """The action's title: the function, and where refine stops if it does."""
        title = f"Refine @{self.name} from its argument types"
        if self.stops:
            ops = ", ".join(dict.fromkeys(self.stops))
            title += f" (stops at {len(self.stops)} op{'s' if len(self.stops) != 1 else ''}: {ops})"
        return title


def function_at(index: Index, line: int) -> tuple[int, int, int] | None:
    """The innermost function around 0-based ``line`` (its head or its body): the first and last
    lines of its head, and its last line."""
    found = None
    regions = list(index.outline)
    while regions:
        region = regions.pop()
        if region.head <= line <= region.end:
            if region.function is not None:
                found = (region.head, region.line, region.end)
            regions.extend(region.children)
    return found


def wanted(
    index: Index, diagnostics: list[Diagnostic], lines: Lines, start: dict[str, int], end: dict[str, int]
) -> tuple[int, int, int] | None:
    """The function a request at ``start``-``end`` may be offered the action for: one whose
    head (any of its lines) the cursor is on, or with an error under the cursor in its body;
    and that has an error (on its head or in its body)."""
    from broadcheck.server.documents import overlaps

    around = function_at(index, start["line"])
    if around is None:
        return None
    head, opens, last = around
    inside = [d for d in diagnostics if d.severity == "error" and head < d.line <= last + 1]
    if not inside:
        return None
    if (start["line"] <= opens and head <= end["line"]) or any(overlaps(d, lines, start, end) for d in inside):
        return around
    return None


def plan(
    path: str,
    text: str,
    options: Options,
    encoding: str,
    line: int | None = None,
    name: str | None = None,
    args: Mapping[int, str] | None = None,
) -> Plan | None:
    """Refine the function whose head is on 0-based ``line`` (or the first named ``name``) with
    its argument types as written (``args`` replace some): the plan, or ``None`` if there is no
    such function, its types do not read, or refining changes nothing and stops nowhere (if it
    changes nothing because it stops, the plan says where: :attr:`Plan.idle`). With a split
    marker, the chunk of the function is refined alone, as the check reads it."""
    from broadcheck.engine.refine import BadRequest, Request
    from broadcheck.engine.refine_read import arguments_of, read_functions
    from broadcheck.engine.refine_run import refine_text

    if "\r" in text:
        text = _LONE_CR.sub("\n", text)  # one character for one: offsets stay put
    if text.startswith("\ufeff"):
        text = " " + text[1:]  # a byte order mark, which the check skips too (and refine would not read past)
    starts = _starts(text)
    for first, stop in _chunks(text, starts, options.split_marker, line):
        chunk, read = one_line_heads(text, starts, first, stop)
        functions, reader = read_functions(chunk)
        for fn in functions:
            header, span = fn.header, reader.spans.get(fn.name)
            if header is None or span is None:
                continue
            head = _line_of(starts, starts[first] + span[0])
            if (line is not None and head != line) or (name is not None and fn.name != name):
                continue
            request = Request()
            for index, (_, written) in enumerate(arguments_of(fn)):
                request.args[fn.name, index] = written.text
            for index, new in (args or {}).items():
                if index >= len(arguments_of(fn)):
                    return None
                request.args[fn.name, index] = new
            if not request.args:
                return None
            edits: list[tuple[int, int, str]] = []
            try:
                _, diagnostics, _ = refine_text(path, chunk, request, options, edits)
            except BadRequest:
                return None
            stopped = [d for d in diagnostics if d.code == "BC1860" and "'" in d.message]
            if not edits and not stopped:
                return None
            lines = Lines(text, encoding)

            def position(offset: int) -> dict[str, int]:
                at = _line_of(starts, offset)
                return lines.position(at + 1, offset - starts[at] + 1)  # noqa: B023 (used at once)

            found = Plan(fn.name, head)
            base = starts[first]
            found.edits = [
                {"range": {"start": position(base + a), "end": position(base + b)}, "newText": new}
                for a, b, new in edits
            ]
            touched = {_line_of(starts, base + a) - first + 1 for a, _, _ in edits}
            last = _line_of(starts, base + span[1]) - first + 1
            found.stops = [d.message.split("'")[1] for d in stopped]
            if not edits:
                d = stopped[0]
                found.idle = f"line {read(d.line) + first}: {d.message} [{d.code}]"
                return found
            broken = [
                (at, d)
                for d in diagnostics
                if d.severity == "error" and (head - first + 1 <= (at := read(d.line)) <= last or at in touched)
            ]
            if broken:
                at, d = broken[0]
                found.broken = f"line {at + first}: {d.message} [{d.code}]"
            return found
        if line is not None:
            return None
    return None


def action(found: Plan, uri: str, version: int | None, versioned: bool) -> dict[str, Any]:
    """The code action of a plan (its edit; or disabled, with the reason, if it breaks or
    changes nothing)."""
    out: dict[str, Any] = {"title": found.title, "kind": KIND}
    if found.disabled is not None:
        out["disabled"] = {"reason": found.disabled}
        return out
    out["edit"] = workspace_edit(found, uri, version, versioned)
    return out


def command_action(found: Plan, uri: str, version: int | None) -> dict[str, Any]:
    """The code action of a plan as a command the server carries out (for a client whose
    edits carry no version: the server checks the version when it runs)."""
    argument = {"uri": uri, "version": version, "function": found.name, "line": found.line}
    return {
        "title": found.title,
        "kind": KIND,
        "command": {"title": found.title, "command": COMMAND, "arguments": [argument]},
    }


def workspace_edit(found: Plan, uri: str, version: int | None, versioned: bool) -> dict[str, Any]:
    """The edits of a plan: ``documentChanges`` with the document's version when the client
    takes them (it then refuses them on any other version), else ``changes``."""
    if versioned and version is not None:
        return {"documentChanges": [{"textDocument": {"uri": uri, "version": version}, "edits": found.edits}]}
    return {"changes": {uri: found.edits}}


def one_line_heads(text: str, starts: list[int], first: int, stop: int) -> tuple[str, Callable[[int], int]]:
    """The chunk of ``text`` from 0-based line ``first`` to offset ``stop``, each function head
    written on several lines joined into one, as refine reads heads (it reads no argument of a
    head on several lines): each line break in the head (``\\r\\n`` or ``\\n``) and each
    comment in it becomes as many spaces, so that every offset stays put; and a function from a
    1-based line of that text to the 1-based line of the chunk as written."""
    from broadcheck.server.navigate import head_end

    base = starts[first]
    chunk = text[base:stop]
    count = _line_of(starts, stop - 1) - first + 1 if stop > base else 0

    def line_at(number: int) -> str:
        at = first + number
        end = starts[at + 1] - 1 if at + 1 < len(starts) else len(text)
        return text[starts[at] : min(end, stop)].removesuffix("\r")

    lines = _LazyLines(line_at, count)
    blanks: list[tuple[int, int]] = []  # the spans (in the chunk) that become spaces
    done = -1
    for m in _HEAD.finditer(chunk):
        number = _line_of(starts, base + m.start()) - first
        if number <= done:
            continue
        last = head_end(lines, number)
        if last is None or last <= number:
            continue
        done = last
        for at in range(number, last + 1):
            start = starts[first + at] - base
            written = lines[at]
            comment = _comment_at(written)
            end = start + len(written)
            if comment >= 0:
                blanks.append((start + comment, end))
            if at < last:
                blanks.append((end, starts[first + at + 1] - base))
    if not blanks:
        return chunk, lambda line: line
    pieces: list[str] = []
    kept = 0
    for a, b in blanks:
        pieces += (chunk[kept:a], " " * (b - a))
        kept = b
    pieces.append(chunk[kept:])
    flat = "".join(pieces)
    flat_starts = _starts(flat)

    def read(line: int) -> int:
        if not 0 < line <= len(flat_starts):
            return line
        return _line_of(starts, base + flat_starts[line - 1]) - first + 1

    return flat, read


class _LazyLines(Sequence[str]):
    """Lines cut from a text when asked (a head is a few of them)."""

    def __init__(self, line_at: Callable[[int], str], count: int) -> None:
        self._line_at, self._count = line_at, count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return self._line_at(index)


def _comment_at(text: str) -> int:
    """Where a ``//`` comment starts on a line (strings skipped), or -1."""
    if "//" not in text:
        return -1
    for m in _STRING_OR_COMMENT.finditer(text):
        if m.group().startswith("//"):
            return m.start()
    return -1


def _starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def _line_of(starts: list[int], offset: int) -> int:
    """The 0-based line of ``offset``."""
    return bisect.bisect_right(starts, offset) - 1


def _chunks(text: str, starts: list[int], marker: str | None, line: int | None) -> list[tuple[int, int]]:
    """The chunks to look in, as (first line, end offset): the whole text without a split
    marker; else the chunk holding ``line``, or every chunk."""
    if marker is None:
        return [(0, len(text))]
    from broadcheck.text import split_marker

    cuts = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(text)
        probe = split_marker(text[start:stop].rstrip("\r\n"), marker)
        if probe is not None and probe[0]:
            cuts.append(number)
    chunks = []
    first = 0
    for cut in [*cuts, len(starts)]:
        stop = starts[cut] if cut < len(starts) else len(text)
        chunks.append((first, stop))
        first = cut + 1
    if line is not None:
        chunks = [(a, b) for a, b in chunks if a <= line and (line < len(starts) and starts[line] < b)]
    return [(a, b) for a, b in chunks if a < len(starts)]


def encode(found: Plan | None) -> bytes:
    """A plan as bytes (:mod:`marshal`), for a planner in a forked child to send back."""
    import marshal

    body = None if found is None else (found.name, found.line, found.edits, found.stops, found.broken, found.idle)
    return marshal.dumps(("ok", body))


def decode(data: bytes) -> Plan | None:
    """What :func:`encode` wrote; raises ``CheckFailed`` with the child's exception."""
    import marshal

    from broadcheck.server.isolate import CheckFailed

    found = marshal.loads(data)
    if found[0] == "error":
        raise CheckFailed(f"{found[1]}: {found[2]}")
    if found[1] is None:
        return None
    name, line, edits, stops, broken, idle = found[1]
    return Plan(name, line, edits, stops, broken, idle)
