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

import io
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate, count, repeat
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Diagnostic

if TYPE_CHECKING:
    from broadcheck.checker import Options
from broadcheck.ops import Operation, Span, Type
from broadcheck.semantics import Problem, Profile, Verifier
from broadcheck.syntax.fastpath import Reading
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.ssa import Line, TypeText, read
from broadcheck.text import split_probe


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
    """Finds the fixes of one source (see the module docstring): it reads only the lines that
    can change them, found by searches in C over blocks of the text (see :meth:`plan`)."""

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
        self._source = _Source("", [], None, 1, 0)
        """The block of the text being read."""
        self._defined = 0
        """The aliases of the lines of :attr:`_source` before this offset are in :attr:`aliases`."""
        self._reading = Reading()

    def plan(
        self, lines: Iterable[str], split: str | None, candidates: Iterable[int]
    ) -> list[tuple[list[tuple[int, int, str]], Fix]]:
        """The fixes of a source given as its lines (with their line endings; an open file or
        ``io.StringIO(text, newline="")`` is read in blocks of whole lines): (the ops that
        start each, the fix).

        The plan is that of reading every line in order, but only the lines that can change it
        are read: the ``candidates`` (lines of problems that name a result type that would
        verify), the lines that use a retyped value, ``func.func`` headers, split markers, and
        the alias definitions before an op that may name one. While no function holds a change
        (:meth:`_idle`), only the next candidate and what holds at it (the last split marker
        and function header before it) matter. So planning costs searches and counts in C over
        the text, and Python per problem and per function that holds one.
        """
        numbers = sorted({n for n in candidates if n > 0})
        self._source = _Source("", numbers, split, 1, 0)
        settled = 0
        for text in _blocks(lines):
            self._leave(settled)
            before = self._source
            line, offset = before.first_line + before.line_ends, before.offset + len(before.text)
            self._source = _Source(text, numbers, split, line, offset)
            self._defined = 0
            settled = self._walk()
        self._end_function()
        return [(function.roots, fix) for function, fix in self.fixes]

    # ---------------------------------------------------------------- the walk

    def _walk(self) -> int:
        """Read the lines of the block that can change the plan; where reading stopped while idle
        (the lines after it, to the block's end, are settled only if a later block is read)."""
        source = self._source
        pos, end = 0, len(source.text)
        while pos < end:
            if self._idle():
                at = source.candidate_after(pos)
                if at >= end:
                    return pos
                self._settle(pos, at)
            else:
                at = self._next_line(pos)
                if at >= end:
                    break
            pos = self._visit(at)
        return end

    def _leave(self, settled: int) -> None:
        """Before the next block: what holds at the end of this one, where reading stopped at
        ``settled`` while idle, and its aliases, for the candidates of later blocks."""
        end = len(self._source.text)
        if self._idle():
            self._settle(settled, end)
        self._define_aliases(end)

    def _idle(self) -> bool:
        """Whether no line but a candidate (and what holds at it) can change the plan: no
        function, or one with no change yet (its other lines, and a header that does not
        start a function, change nothing)."""
        function = self.function
        return function is None or not (function.roots or function.edits or function.broken or self.retyped)

    def _next_line(self, pos: int) -> int:
        """The start of the next line from ``pos`` that may change the plan of a function
        that holds a change (the end of the block if none)."""
        source = self._source
        at = min(source.next_line_with("func.func", pos), source.candidate_after(pos))
        if source.split_probe is not None:
            at = min(at, source.next_line_with(source.split_probe, pos))
        if self._uses is not None:
            use = self._uses.search(source.text, pos, at)
            if use is not None:
                at = source.line_start(use.start())
        return at

    def _settle(self, pos: int, at: int) -> None:
        """Make the state what reading the lines from ``pos`` to ``at`` (a candidate's line, or
        the block's end) would, while idle: the last split marker between them ends the
        function and the aliases, and the last header between them that the value-flow reader
        reads as a function's starts one (or, with no body, none)."""
        source = self._source
        after = pos
        if source.split_probe is not None:
            start = source.next_line_with(source.split_probe, pos)
            while start < at:
                line, following = source.line(start)
                if _role(line, source.split) == "split":
                    self._split(following)
                    after = following
                start = source.next_line_with(source.split_probe, following)
        found = source.text.rfind("func.func", after, at)
        while found >= 0:
            start = source.line_start(found)
            line, _ = source.line(start)
            if _role(line, source.split) == "func":
                content = line.rstrip("\r\n")
                facts = read(content)
                if facts.kind == "func":
                    self._line(source.number(start), source.offset + start, content, False, facts)
                    return
            found = source.text.rfind("func.func", after, start)

    def _visit(self, start: int) -> int:
        """Read the line at ``start`` as the plan reads every line; the start of the next line."""
        source = self._source
        line, following = source.line(start)
        role = _role(line, source.split)
        if role == "split":
            self._split(following)
        elif role == "func" or (
            role == "other"
            and self.function is not None
            and (start in source.candidates or (self._uses is not None and self._uses.search(line) is not None))
        ):
            candidate = role == "other" and start in source.candidates
            self._line(source.number(start), source.offset + start, line.rstrip("\r\n"), candidate)
        return following

    def _split(self, following: int) -> None:
        """A split marker: it ends the function and the aliases."""
        self._end_function()
        self.aliases = {}
        self._defined = following

    def _define_aliases(self, end: int) -> None:
        """Read the alias definitions of the block's lines before ``end`` not read yet (none
        matters before an op that may name one is read)."""
        from broadcheck.checker import define_alias
        from broadcheck.syntax.scanner import AliasDefinition, scan_aliases

        source = self._source
        for start in source.alias_lines(self._defined, end):
            line, _ = source.line(start)
            if _role(line, source.split) == "alias":
                content = line.rstrip("\r\n")
                for definition in scan_aliases(content, 0, len(content), source.number(start)):
                    if isinstance(definition, AliasDefinition):
                        define_alias(definition, self.aliases)
        self._defined = max(self._defined, end)

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

    def _line(self, number: int, offset: int, text: str, candidate: bool, facts: Line | None = None) -> None:
        facts = read(text) if facts is None else facts
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
        original = self._problem(offset, text, [], facts, semantics)
        current = self._problem(offset, text, edits, facts, semantics) if edits else original
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
                offset, text, [*edits, *self._result_edits(number, offset, facts, new_results)], facts, semantics
            )
        if current is not None and edits:
            followed = self._followed(facts, edits)
            if followed:
                new_results = followed
                current = self._problem(
                    offset, text, [*edits, *self._result_edits(number, offset, facts, followed)], facts, semantics
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

    def _problem(self, offset: int, text: str, edits: Iterable[Edit], facts: Line, semantics: str) -> Problem | None:
        """The problem of the op on the line at ``offset`` (``text``) with ``edits`` made."""
        edited = text
        for edit in sorted(edits, key=lambda e: -e.span.column):
            start = edit.span.column - 1
            edited = edited[:start] + edit.new + edited[start + (edit.end - edit.start) :]
        begin = min([d.start for d in facts.definitions] + [facts.op_start])
        statement = edited[begin:]
        if "!" in statement:  # it may name an alias
            self._define_aliases(offset - self._source.offset)
        op = self._simple_operation(statement, begin + 1, semantics)
        if op is None:
            from broadcheck.syntax.parser import Unreadable, parse_operation  # Lark, only when an op needs it

            try:
                op = parse_operation(statement, self.aliases, 1, begin + 1)
            except (SyntaxProblem, Unreadable):
                return _UNREADABLE  # a problem with no fix
        return self.verifiers[semantics](op, self.profile)

    def _simple_operation(self, statement: str, column: int, semantics: str) -> Operation | None:
        """The op of a simple line, read without Lark as the checker reads it (the grammar's op,
        see :mod:`broadcheck.syntax.fastpath`; without its attributes where ``semantics`` reads
        none); else ``None``."""
        from broadcheck.checker import readable
        from broadcheck.semantics import attribute_free
        from broadcheck.syntax.fastpath import SIMPLE, located, simple_key, simple_operation

        m = SIMPLE.match(statement)
        simple = simple_key(statement, 0, len(statement)) if m is not None else None
        if m is None or simple is None:
            return None
        key, end, _ = simple
        name = m.group("generic") or m.group("custom")
        fast = simple_operation(name, key, self.aliases, semantics not in attribute_free(), self._reading)
        op = located(fast, statement[:end], 1, column) if fast is not None else None
        return op if op is not None and readable(op) else None

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


def _role(line: str, split: str | None) -> str:
    """What ``line`` (with its line ending) is to the plan, first match first: ``alias`` (a line
    that starts with ``!``), ``split`` (a split marker), ``func`` (names ``func.func``), ``other``."""
    from broadcheck.text import split_marker

    if "!" in line and line.lstrip().startswith("!"):
        return "alias"
    if split is not None and split_probe(split) in line and (split_marker(line.rstrip("\r\n"), split) or (False, 0))[0]:
        return "split"
    return "func" if "func.func" in line else "other"


def _blocks(lines: Iterable[str]) -> Iterator[str]:
    """The text of ``lines`` in blocks of whole lines: an open file (or ``io.StringIO``) is
    read about :data:`_READ` characters at a time, so memory stays flat."""
    if not isinstance(lines, io.TextIOBase):
        yield "".join(lines)
        return
    while block := lines.read(_READ):
        yield block if block.endswith("\n") else block + lines.readline()  # `\r\n` stays whole


_READ = 1 << 20
_LONE_CR = re.compile(r"\r(?!\n)")
_ALIAS_LINE = re.compile(r"\n\s*!")
"""A line whose first character that is not a space is ``!`` (found from the line end before it)."""
_FIRST_ALIAS_LINE = re.compile(r"[^\S\n]*!")


class _Source:
    """A block of whole lines of the text a plan reads, which starts at line ``line`` and
    offset ``offset`` of the text: its lines (a lone ``\\r`` ends one too, as it ends the
    lines of a file read with ``newline=""``), found by searches in C and numbered by
    counting line ends in C, per span of :data:`_SPAN` characters (one pass over the block).

    Every offset it takes or gives is one into the block, of a line's start (or its end).
    """

    def __init__(self, text: str, candidates: Sequence[int], split: str | None, line: int, offset: int) -> None:
        if "\r" in text:  # the same lines, offsets and contents with "\n" for a lone "\r"
            text = _LONE_CR.sub("\n", text)
        self.text, self.first_line, self.offset = text, line, offset
        self._ends = list(
            accumulate(map(text.count, repeat("\n"), range(0, len(text), _SPAN), count(_SPAN, _SPAN)), initial=0)
        )
        """The line ends before each span."""
        self.line_ends = self._ends[-1]
        self.candidates: dict[int, int] = {}
        """The starts of the candidate lines (ascending ``candidates``) in the block, and their numbers."""
        for number in candidates[bisect_left(candidates, line) :]:
            start = self._start(number - line + 1)
            if start >= len(text):
                break
            self.candidates[start] = number
        self._candidate_starts = list(self.candidates)
        self.split = split
        self.split_probe = None if split is None else split_probe(split)
        """A text every split marker's line holds (see broadcheck.text.split_probe)."""
        self._next: dict[str, int] = {}

    def _start(self, number: int) -> int:
        """Where the block's line ``number`` (from 1) starts (the end of the block if it does not)."""
        ends = number - 1
        if ends == 0:
            return 0
        span = bisect_left(self._ends, ends) - 1  # the span that holds the line end before it
        if span + 1 >= len(self._ends):
            return len(self.text)
        begin = span * _SPAN
        ends -= self._ends[span]
        pieces = self.text[begin : begin + _SPAN].split("\n", ends)
        return begin + sum(map(len, pieces[:ends])) + ends

    def number(self, start: int) -> int:
        """The number (in the text) of the line at ``start``."""
        span = start // _SPAN
        return self.first_line + self._ends[span] + self.text.count("\n", span * _SPAN, start)

    def line(self, start: int) -> tuple[str, int]:
        """The line at ``start``, with its line ending, and the start of the next."""
        end = self.text.find("\n", start) + 1 or len(self.text)
        return self.text[start:end], end

    def line_start(self, offset: int) -> int:
        """The start of the line ``offset`` is in."""
        return self.text.rfind("\n", 0, offset) + 1

    def candidate_after(self, pos: int) -> int:
        """The start of the first candidate line at or after ``pos`` (the end of the block if none)."""
        i = bisect_left(self._candidate_starts, pos)
        return self._candidate_starts[i] if i < len(self._candidate_starts) else len(self.text)

    def next_line_with(self, probe: str, pos: int) -> int:
        """The start of the first line at or after ``pos`` that holds ``probe`` (the end of the
        block if none); the answer is kept until ``pos`` passes it."""
        start = self._next.get(probe, -1)
        if start < pos:
            found = self.text.find(probe, pos)
            start = self._next[probe] = len(self.text) if found < 0 else self.line_start(found)
        return start

    def alias_lines(self, start: int, end: int) -> Iterator[int]:
        """The starts of the lines from ``start`` to ``end`` whose first character that is not a space is ``!``."""
        text = self.text
        if start == 0 and _FIRST_ALIAS_LINE.match(text, 0, end):
            yield 0
        for m in _ALIAS_LINE.finditer(text, max(start - 1, 0), end):
            yield text.rfind("\n", m.start(), m.end()) + 1


_SPAN = 1 << 12


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
