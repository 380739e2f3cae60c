"""Fixes: rewrite stale result types, and every type that followed from them.

When a checked op fails only because its result type is stale (the semantics
can say which type would verify), the fix changes that result type, then, in
order, like a shape-inference pass: each later use of the value (its operand
type), the result types of later checked ops that were written against the
stale type (re-verified with their new operand types), and ``return`` types.
A fix that would change a function's signature (its result types) is
*unsafe*: it is applied only with ``--unsafe-fixes``.

A fix is a list of :class:`Edit` s of type text, nothing else: not a space,
not a comment, not the order of attributes changes. The fixes of one function
form one :class:`Fix` (all or nothing, so a function is never left half
re-typed), attached to each diagnostic whose op starts the chain.

Only what the value-flow reader (:mod:`broadcheck.syntax.ssa`) reads fully is
rewritten: ops on one line. A chain that runs into anything else stops there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Diagnostic

if TYPE_CHECKING:
    from broadcheck.checker import Options
from broadcheck.ops import Span, Type
from broadcheck.semantics import Problem, Profile, Verifier
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.ssa import Line, TypeText, read


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``text[start:end]`` (which is at ``span``) with ``new``."""

    span: Span
    start: int
    end: int
    new: str


@dataclass(frozen=True, slots=True)
class Fix:
    """The edits that fix one function's stale types, and whether they are safe to apply."""

    message: str
    edits: tuple[Edit, ...]
    safe: bool = True


@dataclass
class _Function:
    name: str
    results: list[TypeText] | None
    header_line: int
    header_offset: int
    edits: list[Edit]
    roots: list[tuple[int, int, str]]
    """The ops that start a chain: (line, column of the op name, the new result type)."""
    signature_changed: bool = False
    broken: bool = False
    """The chain reached an op it could not re-type: the function gets no fix."""


class Planner:
    """Finds the fixes of one source, line by line (see the module docstring)."""

    def __init__(self, semantics_of: Callable[[str], str | None], verifiers: Mapping[str, Verifier], profile: Profile):
        self.semantics_of = semantics_of
        self.verifiers = verifiers
        self.profile = profile
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self.fixes: list[tuple[_Function, Fix]] = []
        self.function: _Function | None = None
        self.retyped: dict[str, dict[int, str]] = {}
        """Values given a new type: name -> {result index: the new type's text}."""
        self._uses: re.Pattern[str] | None = None

    def plan(
        self, lines: Iterable[str], split: str | None, candidates: Container[int]
    ) -> list[tuple[list[tuple[int, int, str]], Fix]]:
        """The fixes of a source given as its lines (with their line endings): (the ops that
        start each, the fix). Only the ``candidates`` (lines of problems that name a result
        type that would verify) and the lines that use a retyped value are read fully, so
        planning costs a few string tests per line of a file with problems."""
        from broadcheck.checker import define_alias
        from broadcheck.syntax.scanner import AliasDefinition, scan_aliases
        from broadcheck.text import split_marker

        offset = 0
        for number, line in enumerate(lines, start=1):
            # Most lines need nothing: a few tests in C, then on.
            if "!" in line and line.lstrip().startswith("!"):
                content = line.rstrip("\r\n")
                for definition in scan_aliases(content, 0, len(content), number):
                    if isinstance(definition, AliasDefinition):
                        define_alias(definition, self.aliases)
            elif split is not None and "//" in line and (split_marker(line.rstrip("\r\n"), split) or (False, 0))[0]:
                self._end_function()
                self.aliases = {}
            elif "func.func" in line:
                self._line(number, offset, line.rstrip("\r\n"), False)
            elif self.function is not None and (
                number in candidates or (self._uses is not None and self._uses.search(line) is not None)
            ):
                self._line(number, offset, line.rstrip("\r\n"), number in candidates)
            offset += len(line)
        self._end_function()
        return [(function.roots, fix) for function, fix in self.fixes]

    # ---------------------------------------------------------------- functions

    def _end_function(self) -> None:
        function, self.function = self.function, None
        self.retyped, self._uses = {}, None
        if function is None or not function.roots or function.broken:
            return
        first = function.roots[0][2]
        more = len(function.edits) - len(function.roots)
        message = f"change the result type to {first}"
        if len(function.roots) > 1:
            message = f"change {len(function.roots)} result types (the first to {first})"
        if more > 0:
            message += (
                f", and {more} later type{'s' if more != 1 else ''} that follow{'s' if more == 1 else ''} from it"
            )
        if function.signature_changed:
            message += f" (this changes the signature of @{function.name})"
        self.fixes.append((function, Fix(message, tuple(function.edits), safe=not function.signature_changed)))

    # ---------------------------------------------------------------- lines

    def _line(self, number: int, offset: int, text: str, candidate: bool) -> None:
        facts = read(text)
        if facts.kind == "func":
            self._end_function()
            if facts.opens > facts.closes:
                self.function = _Function(facts.function, facts.function_results, number, offset, [], [])
            return
        function = self.function
        if function is None:
            return
        edits: list[Edit] = []
        shared: str | None = None
        for i, use in enumerate(facts.uses):
            new = self.retyped.get(use.name, {}).get(use.index)
            if new is None or facts.operand_types is None:
                continue
            if facts.shared_type:
                shared = new
            elif facts.operand_types[i].key != "".join(new.split()):
                edits.append(self._edit(number, offset, facts.operand_types[i], new))
        if facts.kind == "return":
            self._return(number, offset, facts, edits)
            function.edits.extend(edits)
            return
        if facts.kind != "op" or facts.result_types is None:
            function.edits.extend(edits)
            return
        if shared is not None:
            edits = [self._edit(number, offset, facts.result_types[0], shared)] if facts.result_types else []
            self._retype(facts, {i: shared for i in range(len(facts.result_types))})
        semantics = self.semantics_of(facts.op)
        if semantics is not None and shared is None and (candidate or edits):
            self._reinfer(number, offset, text, facts, semantics, edits)
        function.edits.extend(edits)

    def _reinfer(self, number: int, offset: int, text: str, facts: Line, semantics: str, edits: list[Edit]) -> None:
        """Verify a checked op with its new operand types; where only its result types are
        stale, retype them (and note the op as a root if it was stale before any edit).

        The new result type is the one the semantics says would verify; where it says
        none (a same-shape rule), a result written as a retyped operand's old type
        takes that operand's new type, if the op then verifies.
        """
        function = self.function
        assert function is not None and facts.result_types is not None
        verify = self.verifiers[semantics]
        original = self._problem(text, [], facts, verify)
        current = self._problem(text, edits, facts, verify) if edits else original
        if current is None:
            return
        new_results: dict[int, str] = {}
        for _ in range(len(facts.result_types)):
            if current is None or current.expected is None or current.subject is None:
                break
            index = current.subject.index
            if current.subject.kind != "result" or index >= len(facts.result_types) or index in new_results:
                break
            new_results[index] = str(current.expected)
            current = self._problem(
                text, [*edits, *self._result_edits(number, offset, facts, new_results)], facts, verify
            )
        if current is not None and edits:
            followed = self._followed(facts, edits)
            if followed:
                new_results = followed
                current = self._problem(
                    text, [*edits, *self._result_edits(number, offset, facts, followed)], facts, verify
                )
        if current is not None or not new_results:
            if original is None:  # the chain broke an op that was valid: no fix for this function
                function.broken = True
            return
        operands_edited = bool(edits)
        edits.extend(self._result_edits(number, offset, facts, new_results))
        self._retype(facts, new_results)
        # A root: stale as written (a later op made stale by the chain is not one).
        if original is not None and not operands_edited:
            function.roots.append((number, facts.op_start + 1, new_results[min(new_results)]))

    def _result_edits(self, number: int, offset: int, facts: Line, new: dict[int, str]) -> list[Edit]:
        assert facts.result_types is not None
        return [self._edit(number, offset, facts.result_types[i], t) for i, t in sorted(new.items())]

    def _followed(self, facts: Line, edits: Sequence[Edit]) -> dict[int, str]:
        """Results written as an edited operand's old type, with that operand's new type."""
        assert facts.operand_types is not None and facts.result_types is not None
        new_of = {}
        for edit in edits:
            for written in facts.operand_types:
                if written.start == edit.span.column - 1:
                    new_of[written.key] = edit.new
        return {i: new_of[t.key] for i, t in enumerate(facts.result_types) if t.key in new_of}

    def _problem(self, text: str, edits: Iterable[Edit], facts: Line, verify: Verifier) -> Problem | None:
        from broadcheck.syntax.parser import Unreadable, parse_operation

        edited = text
        for edit in sorted(edits, key=lambda e: -e.span.column):
            start = edit.span.column - 1
            edited = edited[:start] + edit.new + edited[start + (edit.end - edit.start) :]
        begin = min([d.start for d in facts.definitions] + [facts.op_start])
        try:
            op = parse_operation(edited[begin:], self.aliases, 1, begin + 1)
        except (SyntaxProblem, Unreadable):
            return _UNREADABLE  # a problem with no fix
        return verify(op, self.profile)

    def _retype(self, facts: Line, new: dict[int, str]) -> None:
        k = 0
        for definition in facts.definitions:
            types = {i - k: t for i, t in new.items() if k <= i < k + definition.count}
            if types:
                self.retyped[definition.name] = types
            k += definition.count
        # A line uses a retyped value if it names one (`%1`, not `%10`).
        names = "|".join(re.escape(name) for name in sorted(self.retyped, key=len, reverse=True))
        self._uses = re.compile(rf"(?:{names})(?![\w$.\-])") if names else None

    def _return(self, number: int, offset: int, facts: Line, edits: list[Edit]) -> None:
        function = self.function
        assert function is not None
        if facts.operand_types is None or function.results is None:
            return
        for i, use in enumerate(facts.uses):
            new = self.retyped.get(use.name, {}).get(use.index)
            if new is None or i >= len(function.results):
                continue
            if function.results[i].key != "".join(new.split()):
                edits.append(self._edit(function.header_line, function.header_offset, function.results[i], new))
                function.signature_changed = True

    @staticmethod
    def _edit(number: int, offset: int, written: TypeText, new: str) -> Edit:
        return Edit(
            Span(number, written.start + 1, number, written.end + 1), offset + written.start, offset + written.end, new
        )


_UNREADABLE = Problem("BC001")


def attach(
    diagnostics: Sequence[Diagnostic], fixes: Sequence[tuple[list[tuple[int, int, str]], Fix]]
) -> list[Diagnostic]:
    """The diagnostics, with each fix attached to the diagnostics of the ops that start it."""
    at: dict[tuple[int, int], Fix] = {}
    for roots, fix in fixes:
        for line, column, _ in roots:
            at[line, column] = fix
    return [
        replace(d, fix=at[d.line, d.column]) if (d.line, d.column) in at and d.severity == "error" else d
        for d in diagnostics
    ]


def apply(text: str, fixes: Iterable[Fix], unsafe: bool = False) -> str:
    """``text`` with the edits of every applicable fix made (each edit once)."""
    edits = {(e.start, e.end): e.new for fix in fixes if fix.safe or unsafe for e in fix.edits}
    for (start, end), new in sorted(edits.items(), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def with_fixes(lines: Iterable[str], diagnostics: list[Diagnostic], options: Options) -> list[Diagnostic]:
    """``diagnostics`` with their fixes attached; ``lines`` are the whole source's, with their
    line endings (an open file, or ``io.StringIO(text, newline="")``)."""
    candidates = {d.line for d in diagnostics if d.severity == "error" and any(n.kind == "help" for n in d.notes)}
    if not candidates:
        return diagnostics  # no stale result type: nothing to plan
    from broadcheck.semantics import registry

    planner = Planner(options.ops.semantics, registry(), options.profile)
    return attach(diagnostics, planner.plan(lines, options.split_marker, candidates))


def fixes_of(diagnostics: Iterable[Diagnostic], unsafe: bool) -> list[Fix]:
    """The distinct fixes that would be applied (the safe ones, or all with ``unsafe``)."""
    seen: dict[int, Fix] = {}
    for d in diagnostics:
        if d.fix is not None and (d.fix.safe or unsafe):
            seen.setdefault(id(d.fix), d.fix)
    return list(seen.values())
