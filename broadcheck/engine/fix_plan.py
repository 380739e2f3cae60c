"""The fix stage's plan: which functions a fix starts in, and the chains that follow from them.

Takes a source's text and the lines with a fixable error; reads each module that holds one
(:mod:`.fix_read`), retypes each function with a candidate (:mod:`.fix_retype`) and, when a
function's signature changes, every call of it and what follows in the callers, all or
nothing; gives the fixes, each with the (line, column) of the ops that start it, and the
problems left without one (:attr:`Planner.unfixed`, with the note that says why).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Edit, Fix
from broadcheck.engine.fix_read import (
    UNREAD_AT,
    Paged,
    PlannedFunction,
    PlannedStatement,
    _LineCollector,
    _Lines,
    result_keys,
    scan_blocks,
)
from broadcheck.engine.fix_retype import CALLING, Retyper, edit
from broadcheck.engine.forms import Form, place_types, read_form
from broadcheck.engine.scan import Scanner

if TYPE_CHECKING:
    from broadcheck.engine.options import Options


class Planner:
    """Plans the fixes of one source's text (see the module docstring)."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.retyper = Retyper(options)
        self.unfixed: list[tuple[list[tuple[int, int]], str]] = []
        """The problems left without a fix because their chain stopped: (their ops' (line,
        column), the note that says why)."""
        self._text: str | Paged = ""
        self._lines, self._forms = _Lines(""), dict[object, Form]()
        self._range = 1, 1
        """The lines of the module being planned."""
        self.given: bytearray | None = None
        """The lines the check took whole (:attr:`.scan.Scanner.given`)."""

    prune = True
    """Whether a function with no fixable error lets its statements go as it is read (tests
    turn it off to compare with planning that keeps them all)."""

    def plan(
        self, text: str | Paged, candidates: set[int], forms: dict[object, Form] | None = None
    ) -> list[tuple[list[tuple[int, int]], Fix]]:
        """The fixes of ``text``: (the (line, column) of the ops that start each, the fix)."""
        lines = _Lines(text)
        modules = self._modules(lines)
        plans: list[tuple[list[tuple[int, int]], Fix]] = []
        self._text, self._lines, self._forms = text, lines, forms if forms is not None else {}
        for first, last in modules:
            if not any(first <= n <= last for n in candidates):
                continue
            self._range = first, last
            collect = self._read(first, last, candidates if self.prune else None)
            self.retyper.aliases = collect.aliases
            plans.extend(self._module(collect.functions, candidates))
        return plans

    def _read(self, first: int, last: int, candidates: set[int] | None) -> _LineCollector:
        """Lines ``first`` to ``last``, read into functions (those with no line of ``candidates``
        let their statements go, if it is given)."""
        lines = self._lines
        collect = _LineCollector(lines, candidates)
        scanner = Scanner(collect, self._forms, read_form)
        scanner.given = self.given
        scan_blocks(scanner, self._text, lines.starts[first - 1], lines.starts[last - 1] + len(lines[last - 1]), first)
        scanner.end()
        return collect

    def _load(self, function: PlannedFunction, functions: list[PlannedFunction]) -> None:
        """Read again the statements of ``function``, let go as it was read: its own lines, or,
        if they read otherwise alone (they hold another function's end or start), the module's."""
        again = self._read(function.first, function.last, None).functions
        found = next((f for f in again if f.name == function.name and f.first == function.first), None)
        if found is not None and len(found.statements) == function.count:
            function.statements, function.kept = found.statements, True
            return
        again = self._read(*self._range, None).functions
        for mine, whole in zip(functions, again, strict=True):
            if not mine.kept:
                mine.statements, mine.kept = whole.statements, True

    def _modules(self, lines: _Lines) -> list[tuple[int, int]]:
        """The line ranges of the split chunks (one module without ``--split-input-file``)."""
        marker = self.options.split_marker
        if marker is None:
            return [(1, len(lines))]
        from broadcheck.text import split_marker, split_probe

        ranges, first = [], 1
        for number in range(1, len(lines) + 1):
            line = lines[number - 1]
            if split_probe(marker) in line and (split_marker(line, marker) or (False, 0))[0]:
                ranges.append((first, number - 1))
                first = number + 1
        ranges.append((first, len(lines)))
        return ranges

    # ---------------------------------------------------------------- a module

    def _module(
        self, functions: list[PlannedFunction], candidates: set[int]
    ) -> list[tuple[list[tuple[int, int]], Fix]]:
        plans: list[tuple[list[tuple[int, int]], Fix]] = []
        for function in functions:
            if not function.holds(candidates):
                continue
            edits: list[Edit] = []
            roots: list[tuple[int, int, str]] = []
            unsafe = False
            # (function, values retyped on entry, whether it has roots)
            work: list[tuple[PlannedFunction, dict[str, str], bool]] = [(function, {}, True)]
            done: set[str] = set()
            broken = False
            while work:
                fn, seeds, rooted = work.pop(0)
                if fn.name in done and not seeds:
                    continue
                done.add(fn.name)
                result = self.retyper.function(fn, seeds, candidates if rooted else set())
                if result is None:
                    broken = True
                    break
                fn_edits, fn_roots, new_results = result
                edits += fn_edits
                roots += fn_roots
                if new_results is None:
                    continue
                unsafe = True
                calls = self._calls_of(fn.name, functions)
                if calls is None:
                    broken = True
                    break
                for caller, call, call_edits, caller_seeds in self._retype_calls(calls, new_results):
                    edits += call_edits
                    work.append((caller, caller_seeds, False))
                    del call
            if broken:
                stop, stopped = self.retyper.stop, self.retyper.roots
                if stop is not None and stopped:
                    self.unfixed.append(([(line, column) for line, column, _ in stopped], stop))
                self.retyper.stop, self.retyper.roots = None, []
                continue
            self.retyper.stop, self.retyper.roots = None, []
            if not edits or not roots:
                continue
            unique = sorted({(e.start, e.end): e for e in edits}.values(), key=lambda e: e.start)
            plans.append(
                (
                    [(line, column) for line, column, _ in roots],
                    Fix(_message(roots, len(unique), unsafe, function.name), tuple(unique), not unsafe),
                )
            )
        return plans

    def _calls_of(
        self, callee: str, functions: list[PlannedFunction]
    ) -> list[tuple[PlannedFunction, PlannedStatement]] | None:
        calls = []
        text, starts = self._text, self._lines.starts
        for fn in functions:
            if not fn.kept:
                end = starts[fn.last] if fn.last < len(starts) else len(text)
                if text.find(callee, starts[fn.first - 1], end) < 0:
                    continue  # (none of its statements names the callee)
                self._load(fn, functions)
            for s in fn.statements:
                if s.statement.name in CALLING - {"func.call", "call"} and any(
                    a.text.strip().strip("@").strip('"') == callee for a in s.statement.attributes
                ):
                    return None  # the function is a branch (body) whose results the op's must match
                if s.statement.name in ("func.call", "call"):
                    symbol = next((i.text for i in s.statement.items if i.kind == "symbol"), "")
                    if symbol[1:].strip('"') == callee:
                        if s.offset == UNREAD_AT:
                            return None
                        calls.append((fn, s))
        return calls

    def _retype_calls(
        self, calls: list[tuple[PlannedFunction, PlannedStatement]], new_results: dict[int, str]
    ) -> Iterable[tuple[PlannedFunction, PlannedStatement, list[Edit], dict[str, str]]]:
        """The calls of a function whose result types change: their result types, and their
        results retyped in the calling function."""
        for fn, call in calls:
            _, results = place_types(call.statement, None)
            keys = result_keys(call.statement)
            edits = []
            seeds: dict[str, str] = {}
            for index, new in new_results.items():
                written = results[index] if index < len(results) else None
                if written is None:
                    continue
                edits.append(edit(call, written, new))
                if index < len(keys):
                    seeds[keys[index]] = new
            yield fn, call, edits, seeds

    # ---------------------------------------------------------------- a function


def _message(roots: list[tuple[int, int, str]], edits: int, unsafe: bool, name: str) -> str:
    """What a fix does, in words."""
    first = roots[0][2]
    message = f"change the result type to {first}"
    if len(roots) > 1:
        message = f"change {len(roots)} result types (the first to {first})"
    more = edits - len(roots)
    if more > 0:
        message += f", and {more} later type{'s' if more != 1 else ''} that follow{'s' if more == 1 else ''} from it"
    if unsafe:
        message += f" (this changes the signature of @{name})"
    return message
