"""The code action "Refine @f from its argument types": ``broadcheck refine`` on one function,
with ``--arg`` taken from its signature as written now, as a workspace edit.

The user edits an argument type in a function's signature; the body is stale (the check
reports mismatches). With the cursor on the function's head, or on a diagnostic in its body,
the server offers this action (kind ``refactor.rewrite``: it rewrites many types of a
function, not one problem, so it is neither a ``quickfix`` nor a whole-file ``source``
action). Its edits are the engine's own (:func:`broadcheck.engine.refine_run.refine_text`, the
CLI's call), byte-exact and only where types change. It is offered only when:

* the function has an error in the current check (a function whose body agrees with its
  signature is not offered one, even with ``?`` dims: there is nothing to follow), and
* refining changes something.

When the refined function does not verify (refine writes nothing then), the action is shown
disabled, with the first error as its reason (LSP's ``disabled.reason``), or not at all for a
client that cannot show a disabled one. When refine stops along some values (a BC1860
warning), the action is offered and its title names the ops it stops at. The edit carries
the document's version (``documentChanges``), so a client never applies it to a newer text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping
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


@dataclass
class Plan:
    """What refining one function would do: its name, its header's line (0-based), the LSP text
    edits, the ops refine stops at, and why the result does not verify (``None``: it does)."""

    name: str
    line: int
    edits: list[dict[str, Any]] = field(default_factory=list)
    stops: list[str] = field(default_factory=list)
    broken: str | None = None

    @property
    def title(self) -> str:
        """The action's title: the function, and where refine stops if it does."""
        title = f"Refine @{self.name} from its argument types"
        if self.stops:
            ops = ", ".join(dict.fromkeys(self.stops))
            title += f" (stops at {len(self.stops)} op{'s' if len(self.stops) != 1 else ''}: {ops})"
        return title


def function_at(index: Index, line: int) -> tuple[int, int] | None:
    """The innermost function around 0-based ``line``: its head's line and its last line."""
    from broadcheck.server.navigate import FUNCTION

    found = None
    regions = list(index.outline)
    while regions:
        region = regions.pop()
        if region.line <= line <= region.end:
            if region.kind == FUNCTION and region.symbol:
                found = (region.line, region.end)
            regions.extend(region.children)
    return found


def wanted(
    index: Index, diagnostics: list[Diagnostic], lines: Lines, start: dict[str, int], end: dict[str, int]
) -> tuple[int, int] | None:
    """The function a request at ``start``-``end`` may be offered the action for: one whose
    head the cursor is on, or with an error under the cursor in its body; and that has an error."""
    from broadcheck.server.documents import overlaps

    around = function_at(index, start["line"])
    if around is None:
        return None
    head, last = around
    inside = [d for d in diagnostics if d.severity == "error" and head < d.line <= last + 1]
    if not inside:
        return None
    if start["line"] <= head <= end["line"] or any(overlaps(d, lines, start, end) for d in inside):
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
    such function, its types do not read, or refining changes nothing. With a split marker, the
    chunk of the function is refined alone, as the check reads it."""
    from broadcheck.engine.refine import BadRequest, Request
    from broadcheck.engine.refine_read import arguments_of, read_functions
    from broadcheck.engine.refine_run import refine_text

    if "\r" in text:
        text = _LONE_CR.sub("\n", text)  # one character for one: offsets stay put
    starts = _starts(text)
    for first, stop in _chunks(text, starts, options.split_marker, line):
        chunk = text[starts[first] : stop]
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
            if not edits:
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
            found.stops = [d.message.split("'")[1] for d in diagnostics if d.code == "BC1860" and "'" in d.message]
            broken = [
                d
                for d in diagnostics
                if d.severity == "error" and (head - first + 1 <= d.line <= last or d.line in touched)
            ]
            if broken:
                d = broken[0]
                found.broken = f"line {d.line + first}: {d.message} [{d.code}]"
            return found
        if line is not None:
            return None
    return None


def action(found: Plan, uri: str, version: int | None, versioned: bool) -> dict[str, Any]:
    """The code action of a plan (its edit; or disabled, with the reason, if it breaks)."""
    out: dict[str, Any] = {"title": found.title, "kind": KIND}
    if found.broken is not None:
        out["disabled"] = {"reason": f"refining @{found.name} does not verify ({found.broken})"}
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

    body = None if found is None else (found.name, found.line, found.edits, found.stops, found.broken)
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
    name, line, edits, stops, broken = found[1]
    return Plan(name, line, edits, stops, broken)
