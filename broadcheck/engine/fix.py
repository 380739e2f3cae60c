"""Stage *fix*: rewrite stale result types, and every type that followed from them.

When a checked op fails only because its result type is stale (its check says which type
would verify), the fix changes that result type, then, in order, like a shape-inference
pass: each later use of the value (its operand type), the result types of later checked
ops written against the stale type (verified again with their new operand types), and
``return`` types. A fix that changes a function's signature (its result types) is
*unsafe* (applied only with ``--unsafe-fixes``), and it retypes every call of the function
in the module, and what follows from those calls in their functions, or it is not made.

A fix is a list of :class:`Edit` s of type text, nothing else: not a space, not a comment,
not the order of attributes changes. The fixes that hang together (a function, and the
functions whose calls follow its signature) form one :class:`Fix`, all or nothing, attached
to the diagnostics of the ops that start it. A chain that reaches an op it cannot retype
(one whose types it cannot place, an unchecked op's result, a call's operand) makes no fix.

It reads the text with the engine's reader (:mod:`.scan`, :mod:`broadcheck.syntax.statement`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Diagnostic, Fix, Note
from broadcheck.engine.fix_plan import Planner
from broadcheck.engine.fix_read import (  # (the refine stages' names, importable from here as before)
    UNREAD_AT,
    Collector,
    Paged,
    PlannedFunction,
    PlannedStatement,
    result_keys,
    use_key,
)
from broadcheck.engine.forms import Form

if TYPE_CHECKING:
    from broadcheck.engine.options import Options


def attach(diagnostics: Sequence[Diagnostic], fixes: Sequence[tuple[list[tuple[int, int]], Fix]]) -> list[Diagnostic]:
    """The diagnostics, with each fix attached to the diagnostics of the ops that start it."""
    at: dict[tuple[int, int], Fix] = {}
    for roots, fix in fixes:
        for line, column in roots:
            at[line, column] = fix
    return [
        replace(d, fix=at[d.line, d.column]) if (d.line, d.column) in at and d.severity == "error" else d
        for d in diagnostics
    ]


def with_fixes(
    text: str | Paged,
    diagnostics: list[Diagnostic],
    options: Options,
    forms: dict[object, Form] | None = None,
    taken: bytearray | None = None,
) -> list[Diagnostic]:
    """``diagnostics`` with their fixes attached (``text``: the whole source, or a file's
    :class:`~.fix_read.Paged` text, read only if a problem has a fix to plan; ``forms``: what
    the check of it read, so that no statement is read twice; ``taken``: the lines its scanner
    took whole, :attr:`.scan.Scanner.taken`, whose forms it may have let go)."""
    candidates = {d.line for d in diagnostics if d.severity == "error" and any(n.kind == "help" for n in d.notes)}
    if not candidates:
        return diagnostics
    planner = Planner(options)
    planner.given = taken
    fixed = attach(diagnostics, planner.plan(text, candidates, forms))
    return _say_unfixed(fixed, planner.unfixed) if planner.unfixed else fixed


def _say_unfixed(
    diagnostics: list[Diagnostic], unfixed: Sequence[tuple[list[tuple[int, int]], str]]
) -> list[Diagnostic]:
    """The diagnostics, each problem whose fix was not made with a note that says why."""
    why = {at: text for roots, text in unfixed for at in roots}
    return [
        replace(d, notes=(*d.notes, Note("note", why[d.line, d.column])))
        if (d.line, d.column) in why and d.severity == "error" and d.fix is None
        else d
        for d in diagnostics
    ]


def apply(text: str, fixes: Iterable[Fix], unsafe: bool = False) -> str:
    """``text`` with the edits of every applicable fix made (each edit once), in one pass."""
    pieces: list[str] = []
    apply_stream([text], edits_of(fixes, unsafe), pieces.append)
    return "".join(pieces)


def edits_of(fixes: Iterable[Fix], unsafe: bool = False) -> list[tuple[int, int, str]]:
    """The edits of every applicable fix as ``(start, end, new)``, in order: each span once
    (the last fix's text for it), and none that overlaps one before it."""
    spans = {(e.start, e.end): e.new for fix in fixes if fix.safe or unsafe for e in fix.edits}
    ordered: list[tuple[int, int, str]] = []
    for (start, end), new in sorted(spans.items()):
        if ordered and start < ordered[-1][1]:
            continue  # overlaps the edit before it (never planned): the first one stands
        ordered.append((start, end, new))
    return ordered


def apply_stream(chunks: Iterable[str], edits: Sequence[tuple[int, int, str]], write: Callable[[str], object]) -> None:
    """Write the text that ``chunks`` hold, in order, with ``edits`` (from :func:`edits_of`:
    character offsets into the whole text) made: one linear pass, each character of the text
    looked at once, whatever the number of edits or where the chunks end."""
    k, count = 0, len(edits)
    base = 0  # the offset of the chunk's first character in the whole text
    done = 0  # the text before this offset is written (or replaced)
    for chunk in chunks:
        top = base + len(chunk)
        while done < top:
            if k < count and edits[k][0] < top:
                start, end, new = edits[k]
                if start > done:
                    write(chunk[done - base : start - base])
                write(new)
                done, k = max(end, start), k + 1
            else:
                write(chunk[done - base :])
                done = top
        base = top
    while k < count and edits[k][0] <= base:  # insertions at the very end
        write(edits[k][2])
        k += 1


def fixes_of(diagnostics: Iterable[Diagnostic], unsafe: bool) -> list[Fix]:
    """The distinct fixes that would be applied (the safe ones, or all with ``unsafe``)."""
    seen: dict[int, Fix] = {}
    for d in diagnostics:
        if d.fix is not None and (d.fix.safe or unsafe):
            seen.setdefault(id(d.fix), d.fix)
    return list(seen.values())


__all__ = [
    "UNREAD_AT",
    "Collector",
    "Paged",
    "PlannedFunction",
    "PlannedStatement",
    "Planner",
    "apply",
    "apply_stream",
    "attach",
    "edits_of",
    "fixes_of",
    "result_keys",
    "use_key",
    "with_fixes",
]
