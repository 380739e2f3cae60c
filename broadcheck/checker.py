"""The engine: a source in, diagnostics out.

It wires the layers together (text -> syntax -> ops -> semantics ->
diagnostics) and stamps each problem with its code, wording and location.
It never prints.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from sys import intern

from broadcheck.diagnostics import Diagnostic, Label, Note
from broadcheck.messages import RULES, note
from broadcheck.ops import Frozen, OpaqueType, Operation, Span, Type, shape_str
from broadcheck.optable import OpTable
from broadcheck.semantics import Problem, Profile, Verifier, attribute_free, registry, verdict_group
from broadcheck.syntax.fastpath import (
    SIMPLE_LINE,
    Reading,
    attributes_accepted,
    line_key,
    located,
    simple_alias,
    simple_operation,
    split_key,
    statement_key,
    typed_statement,
)
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.scanner import (
    AliasDefinition,
    Incomplete,
    Statement,
    ends_at_line_end,
    extent,
    may_define_aliases,
    scan,
    scan_aliases,
)
from broadcheck.text import Source, split_marker, split_probe
from broadcheck.valueflow import ValueFlow

Memo = tuple[str, str | None, Profile, str, int]


class Memory:
    """What one run has learnt, so that a repeated line is not checked twice: the keys of
    simple lines found valid and clean (per op, semantics, profile and type-alias
    context), the signatures found clean, and what the fast path has read. It belongs to
    the run (its :class:`Options`), never to a module, and is bounded, so memory stays flat.
    """

    __slots__ = ("alias_contexts", "clean", "clean_signatures", "reading", "unreadable")

    LIMIT = 200_000

    def __init__(self) -> None:
        self.clean: set[Memo] = set()
        self.clean_signatures: set[tuple[Hashable, str, Profile, str, int]] = set()
        self.unreadable: set[Memo] = set()
        """Statements whose types broadcheck cannot read (passed over without the grammar)."""
        self.alias_contexts: dict[tuple[tuple[str, str], ...], int] = {}
        self.reading = Reading()

    def remember(self, memo: Memo, unreadable: bool = False) -> None:
        if len(self.clean) + len(self.unreadable) >= self.LIMIT:
            self.clean.clear()
            self.clean_signatures.clear()
            self.unreadable.clear()
        (self.unreadable if unreadable else self.clean).add(memo)

    def alias_context(self, aliases: Mapping[str, Type | SyntaxProblem]) -> int:
        """A small number standing for a set of type alias definitions (0: none)."""
        if not aliases:
            return 0
        items = tuple(sorted((name, repr(value)) for name, value in aliases.items()))
        return self.alias_contexts.setdefault(items, len(self.alias_contexts) + 1)


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Options(Frozen):
    """What to check and how; the defaults are broadcheck's defaults.

    As ``@dataclass(frozen=True)`` made it: ``memory`` is neither shown nor compared.
    """

    # The fields shown, compared and hashed: all but the memory.
    __match_args__ = ("profile", "ops", "split_marker", "verify_diagnostics", "select", "ignore", "fast", "values")
    __slots__ = (*__match_args__, "memory")
    profile: Profile
    ops: OpTable
    split_marker: str | None
    verify_diagnostics: bool
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    fast: bool
    """Reuse the verdicts of simple lines (broadcheck.syntax.fastpath); off, every op
    goes through the grammar. The output is the same either way (tested)."""
    values: bool
    """Follow values from their definitions to their uses (broadcheck.valueflow)."""
    memory: Memory
    """The run's memory of verdicts (each Options is one run's)."""

    def __init__(
        self,
        profile: Profile = Profile.SPEC,
        ops: OpTable | None = None,
        split_marker: str | None = None,
        verify_diagnostics: bool = False,
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
        fast: bool = True,
        values: bool = True,
        memory: Memory | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "profile", profile)
        put(self, "ops", OpTable() if ops is None else ops)
        put(self, "split_marker", split_marker)
        put(self, "verify_diagnostics", verify_diagnostics)
        put(self, "select", select)
        put(self, "ignore", ignore)
        put(self, "fast", fast)
        put(self, "values", values)
        put(self, "memory", Memory() if memory is None else memory)


class Result:
    """The outcome for one source: its diagnostics, how many ops were checked, and
    the source lines the diagnostics point at (all a renderer needs of the file).

    A plain class (no dataclass code to generate at import) with a dataclass's
    ``__init__``, ``repr`` and ``==``.
    """

    __slots__ = __match_args__ = (
        "path",
        "diagnostics",
        "ops_checked",
        "lines",
        "passed_over",
        "annotations_not_held",
    )

    path: str
    diagnostics: list[Diagnostic]
    ops_checked: int
    lines: dict[int, str]
    passed_over: dict[tuple[str, str], int]
    """Op statements not checked, as (op name, reason) -> count; the reasons are
    :data:`UNKNOWN_OP` and :data:`UNREADABLE`."""
    annotations_not_held: int
    """``--verify-diagnostics``: unmet annotations that target no op broadcheck checks."""

    def __init__(
        self,
        path: str,
        diagnostics: list[Diagnostic],
        ops_checked: int = 0,
        lines: dict[int, str] | None = None,
        passed_over: dict[tuple[str, str], int] | None = None,
        annotations_not_held: int = 0,
    ) -> None:
        self.path, self.diagnostics, self.ops_checked = path, diagnostics, ops_checked
        self.lines = {} if lines is None else lines
        self.passed_over = {} if passed_over is None else passed_over
        self.annotations_not_held = annotations_not_held

    def _values(self) -> tuple[object, ...]:
        return (
            self.path, self.diagnostics, self.ops_checked, self.lines, self.passed_over, self.annotations_not_held
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Result) and other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self.__match_args__, self._values(), strict=True))
        return f"{type(self).__qualname__}({fields})"

    @classmethod
    def of(cls, source: Source, diagnostics: list[Diagnostic], ops_checked: int = 0) -> Result:
        """A result that keeps just the lines its diagnostics need."""
        wanted = {n for d in diagnostics for n in d.line_numbers()}
        return cls(source.path, diagnostics, ops_checked, {n: source.line(n) for n in sorted(wanted)})


def diagnose(problem: Problem, op: Operation, path: str, op_name: str | None = None) -> Diagnostic:
    """Locate and word a semantics' problem: at the op name, as mlir-opt does."""
    rule = RULES[problem.code]
    name = op_name if op_name is not None else op.name
    if problem.code == "BC110":  # a stricter rule's own message, reported as a warning
        args = dict(problem.args)
        message = RULES[str(args.pop("rule"))].format(name, **args)
    else:
        message = rule.format(name, **problem.args)
    labels: list[Label] = []
    if problem.subject is not None:
        uses = op.operands if problem.subject.kind == "operand" else op.results
        if problem.subject.index < len(uses):
            labels.append(Label(uses[problem.subject.index].span, f"{problem.subject.kind} #{problem.subject.index}"))
    notes = [Note("note", note(key, **args)) for key, args in problem.notes]
    if problem.code == "BC110":
        notes.append(Note("note", note("lint-only")))
    if problem.code == "BC103" or problem.args.get("rule") == "BC103":
        notes.append(Note("note", note("spec-rank")))
    elif problem.code == "BC104" or problem.args.get("rule") == "BC104":
        notes.append(Note("note", note("spec-dynamic")))
    if problem.inferred is not None:
        notes.append(Note("note", note("inferred", shape=f"'{shape_str(problem.inferred)}'")))
    if problem.expected is not None:
        notes.append(Note("help", note("help-result", type=problem.expected)))
    return Diagnostic(rule.code, rule.severity, message, path, op.name_span, tuple(notes), tuple(labels))


def syntax_diagnostic(problem: SyntaxProblem, path: str) -> Diagnostic:
    """A grammar rejection of a checked op, as a located BC001."""
    rule = RULES["BC001"]
    return Diagnostic(rule.code, rule.severity, rule.format(detail=problem.message), path, problem.span)


UNKNOWN_OP = "not in the op table"
"""An op of a dialect broadcheck knows that has no shape rule in its table."""
UNREADABLE = "unreadable types"
"""A checked op whose types broadcheck cannot read (a dialect type such as
``!torch.vtensor<[3],f32>``, or a type list it cannot map to operands)."""


class Part:
    """What a :class:`Stream` found in one range of a file, for the stream of the range
    before it to :meth:`Stream.merge` (``-j`` on one large file)."""

    __slots__ = (
        "checked_lines",
        "diagnostics",
        "flow_diagnostics",
        "flow_functions",
        "flow_lines",
        "line_count",
        "lines",
        "marked",
        "next_line",
        "ops",
        "passed_over",
        "seam",
    )

    seam: bool
    """Whether the range ends between statements and outside any function: then the next
    range, checked on its own, is checked exactly as if the file were read in one go."""

    def __init__(
        self,
        diagnostics: list[Diagnostic],
        lines: dict[int, str],
        marked: list[tuple[int, str]],
        ops: int,
        passed_over: dict[tuple[str, str], int],
        checked_lines: set[int] | None,
        next_line: int,
        line_count: int,
        seam: bool,
        flow_diagnostics: list[Diagnostic],
        flow_lines: dict[int, str],
        flow_functions: list[tuple[int, int]],
    ) -> None:
        self.diagnostics, self.lines, self.marked, self.ops = diagnostics, lines, marked, ops
        self.passed_over, self.checked_lines, self.next_line = passed_over, checked_lines, next_line
        self.line_count, self.seam = line_count, seam
        self.flow_diagnostics, self.flow_lines, self.flow_functions = flow_diagnostics, flow_lines, flow_functions


class Stream:
    """Checks one file fed to it block by block, so memory holds one block at a time.

    Each block must end at a line end (but the last). A statement that runs past
    a block is carried over and read again with the next one. Lines holding
    ``broadcheck:`` or ``expected-`` are kept for suppressions and
    ``--verify-diagnostics``; of the rest, only the lines diagnostics point at.
    """

    def __init__(self, path: str, options: Options):
        self.path, self.options = path, options
        self.semantics: Mapping[str, Verifier] = registry()
        self.attribute_free = attribute_free()
        self.groups: dict[str, Hashable] = {}
        self.diagnostics: list[Diagnostic] = []
        self.ops = 0
        self.lines: dict[int, str] = {}
        self.marked: list[tuple[int, str]] = []
        self.next_line = 1
        self.line_count = 0
        self.carry, self.carry_line, self.skip = "", 1, 0
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self.context: int | None = 0
        self.passed_over: dict[tuple[str, str], int] = {}
        self.checked_lines: set[int] | None = set() if options.verify_diagnostics else None
        self.flow = ValueFlow(path, options.fast) if options.values else None
        self.skimming = False
        """Read only what later text needs (line numbers, split chunks, type aliases): the
        prefix of a range that a worker checks under ``-j`` (see broadcheck.split)."""

    # ---------------------------------------------------------------- lines

    def _numbered(self, block: str, needles: tuple[str, ...]) -> Iterator[tuple[int, int, str]]:
        """(line number, offset, line) of the lines of ``block`` holding any of ``needles``."""
        hits = sorted({m for needle in needles for m in _find_all(block, needle)})
        counter = _Lines(block, self.next_line)
        last = -1
        for pos in hits:
            start = block.rfind("\n", 0, pos) + 1
            if start == last:
                continue
            last = start
            end = block.find("\n", pos)
            yield counter.at(start), start, block[start : end if end >= 0 else len(block)].removesuffix("\r")

    def _keep_lines(self, text: str, offset: int, line: int, d: Diagnostic) -> None:
        """Keep the lines a diagnostic points at; its statement starts at ``offset`` (line ``line``)."""
        start = text.rfind("\n", 0, offset) + 1
        wanted = d.line_numbers()
        number = line
        while number <= max(wanted):
            end = text.find("\n", start)
            if number in wanted:
                self.lines[number] = text[start : end if end >= 0 else len(text)].removesuffix("\r")
            if end < 0:
                break
            start, number = end + 1, number + 1

    # ---------------------------------------------------------------- blocks

    def feed(self, block: str, final: bool) -> None:
        """Check one more block of the file, step by step."""
        self._mark_lines(block)
        markers = self._split_markers(block)
        if self.flow is not None and not self.skimming:
            self._follow_values(block, markers, final)
        self._count_lines(block, final)
        self._check_segments(block, markers, final)

    def _mark_lines(self, block: str) -> None:
        """Step: keep the lines suppressions (and ``--verify-diagnostics``' annotations) need."""
        if self.skimming:
            return
        needles = ("broadcheck:", "expected-") if self.options.verify_diagnostics else ("broadcheck:",)
        for number, _, line in self._numbered(block, needles):
            self.marked.append((number, line))

    def _split_markers(self, block: str) -> list[tuple[int, int, int]]:
        """Step: the split markers of ``block``, as (line, offset of the line, offset after it);
        and mlir-opt's near misses (BC905), located where it puts them."""
        marker = self.options.split_marker
        markers: list[tuple[int, int, int]] = []
        if marker is None:
            return markers
        for number, offset, line in self._numbered(block, (split_probe(marker),)):
            kind = split_marker(line, marker)
            if kind is None:
                continue
            if kind[0]:
                end = block.find("\n", offset)
                markers.append((number, offset, end + 1 if end >= 0 else len(block)))
            elif not self.skimming:
                rule = RULES["BC905"]
                span = Span(number, kind[1], number, kind[1] + 1)
                self.diagnostics.append(Diagnostic(rule.code, rule.severity, rule.format(), self.path, span))
                self.lines[number] = line
        return markers

    def _count_lines(self, block: str, final: bool) -> None:
        self.next_line += block.count("\n")
        if final:
            self.line_count = self.next_line - 1 + (1 if block and not block.endswith("\n") else 0)

    def _check_segments(self, block: str, markers: list[tuple[int, int, int]], final: bool) -> None:
        """Step: the statements of each part of the block between split markers (each marker
        starts a new chunk, without aliases), with what the last block carried over; a statement
        that runs past the block is carried into the next one."""
        text = self.carry + block
        base = len(self.carry)
        segments: list[tuple[int, int, int, bool]] = []  # (start, end, first line, new chunk)
        start, first, new_chunk = 0, self.carry_line, False
        for number, offset, after in markers:
            segments.append((start, base + offset, first, new_chunk))
            start, first, new_chunk = base + after, number + 1, True
        segments.append((start, len(text), first, new_chunk))
        self.carry, self.skip = "", 0
        for i, (seg_start, seg_end, seg_line, seg_new_chunk) in enumerate(segments):
            if seg_new_chunk:
                self.aliases, self.context = {}, 0
            last = i == len(segments) - 1
            incomplete = self._segment(
                text, seg_start, seg_end, seg_line, final or not last, self.skip if i == 0 else 0
            )
            if incomplete is not None:
                self.carry = text[incomplete.line_start :]
                self.carry_line = incomplete.line
                self.skip = incomplete.name_start - incomplete.line_start
                return
        self.carry_line = self.next_line

    def _follow_values(self, block: str, markers: list[tuple[int, int, int]], final: bool) -> None:
        """Value flow over the lines of ``block``: each split chunk is a module of its own."""
        assert self.flow is not None
        start, first = 0, self.next_line
        for number, offset, after in markers:
            self.flow.feed(block[start:offset], first)
            self.flow.finish()
            self.flow.reset()
            start, first = after, number + 1
        self.flow.feed(block[start:], first)
        if final:
            self.flow.finish()

    def _segment(self, text: str, start: int, end: int, line: int, final: bool, skip: int) -> Incomplete | None:
        options = self.options
        # Step: type aliases. They count from their definition on, as in MLIR: a
        # definition is added before the first statement that follows it.
        found = list(scan_aliases(text, start, end, line, final)) if may_define_aliases(text, start, end) else []
        unfinished = found[-1] if found and isinstance(found[-1], Incomplete) else None
        if unfinished is not None:
            end, final = unfinished.line_start, False  # read on from the unfinished definition
        definitions = [d for d in found if isinstance(d, AliasDefinition)]
        pending = definitions[::-1]

        def define_up_to(offset: int) -> None:
            while pending and pending[-1].offset < offset:
                define_alias(pending.pop(), self.aliases, options.memory.reading)
                self.context = None

        if self.skimming:
            define_up_to(end)
            return unfinished

        # Stages (a)-(d): the simple lines of the segment, checked by distinct key; the
        # scanner reads only the rest. ``--verify-diagnostics`` needs the line of every
        # checked op, so there every line goes through the scanner.
        ranges: list[tuple[int, int, int]] | None = None
        clean: list[int] = []
        if options.fast and self.checked_lines is None:
            ranges, clean = self._batch(text, start, end, line, final, definitions, unfinished is not None)
        self.ops += len(clean)
        is_checked, known_dialect = options.ops.is_checked, options.ops.known_dialect

        def wanted(name: str) -> bool:
            if is_checked(name):
                return True
            if known_dialect(name):
                self._pass_over(name, UNKNOWN_OP)
            return False

        for statement in scan(text, start, end, line, wanted, options.fast, final, skip, ranges):
            if isinstance(statement, Incomplete):
                define_up_to(statement.line_start)  # the rest is read again with the next block
                self.ops -= len(clean) - bisect_left(clean, statement.line_start)  # and so are its simple lines
                return statement
            define_up_to(statement.offset)
            incomplete = self._statement(text, end, final, statement)
            if incomplete is not None:
                self.ops -= len(clean) - bisect_left(clean, incomplete.line_start)
                return incomplete
        define_up_to(end)
        return unfinished

    def _batch(
        self,
        text: str,
        start: int,
        end: int,
        line: int,
        final: bool,
        definitions: list[AliasDefinition],
        unfinished: bool,
    ) -> tuple[list[tuple[int, int, int]], list[int]]:
        """The batch pipeline over the simple lines of ``text[start:end]`` (line ``line``):

        (a) one regex pass (:data:`SIMPLE_LINE`) finds them and their keys; (b) each distinct
        (op, key) is (c) verified once (:meth:`_clean`); (d) the lines whose verdict is not
        clean, or that the fast pass could not read, are left to the scanner, which reads them
        through the grammar for exact diagnostics. Returns the ranges ``(start, stop, line)``
        the scanner must still read, and the offsets of the clean lines.

        A key that names a type alias is decided here only after the segment's last alias
        definition, when the aliases in scope are all known.
        """
        aliases = dict(self.aliases)
        for definition in definitions:
            define_alias(definition, aliases, self.options.memory.reading)
        ready = end if unfinished else (definitions[-1].offset + len(definitions[-1].text) if definitions else start)
        context = self.options.memory.alias_context(aliases)
        is_checked = self.options.ops.is_checked
        verdicts: dict[tuple[str, str | None], bool] = {}
        ranges: list[tuple[int, int, int]] = []
        clean: list[int] = []
        gap, cursor, cursor_line = start, start, line
        for m in SIMPLE_LINE.finditer(text, start - 1 if start else 0, end):
            generic, custom, key, single = m.group("generic", "custom", "key", "single")
            name = generic or custom
            if single is not None:  # one trailing type: the statement may go on on the next line
                key = line_key(m) if ends_at_line_end(text, m.end(), end, final) else None
            verdict = verdicts.get((name, key))
            if verdict is None:
                if key is None or not is_checked(name):
                    verdict = False
                elif "!" in key:
                    verdict = self._clean(name, key, aliases, context)
                else:
                    verdict = self._clean(name, key, _NO_ALIASES, 0)
                verdicts[name, key] = verdict
            line_start = m.start() + 1
            if not verdict or (line_start < ready and "!" in key):
                continue
            clean.append(line_start)
            if line_start > gap:
                cursor_line += text.count("\n", cursor, gap)
                ranges.append((gap, line_start, cursor_line))
                cursor = gap
            gap = m.end() + 1
        if gap < end:
            ranges.append((gap, end, cursor_line + text.count("\n", cursor, gap)))
        return ranges, clean

    def _clean(self, name: str, key: str, aliases: Mapping[str, Type | SyntaxProblem], context: int) -> bool:
        """Stage (c): whether the simple line ``name`` + ``key`` is valid and clean (decided once per run)."""
        options = self.options
        memory = options.memory
        semantics = options.ops.semantics(name)
        assert semantics is not None
        memo = (name, semantics, options.profile, key, context)
        if memo in memory.clean:
            return True
        memo = (intern(name), semantics, options.profile, key, context)  # kept: one copy of each op name
        # A semantics that ignores attributes gives one verdict per signature,
        # whatever the op's name and attributes.
        attribute_free = semantics in self.attribute_free
        parts = split_key(key) if attribute_free else None
        by_signature = None
        if parts is not None and (not parts[0] or attributes_accepted(parts[0], memory.reading)):
            group = self.groups.get(name)
            if group is None:
                group = self.groups[name] = verdict_group(semantics, name)
            by_signature = (group, semantics, options.profile, parts[1], context)
            if by_signature in memory.clean_signatures:
                memory.remember(memo)
                return True
        fast_op = simple_operation(name, key, aliases, not attribute_free, memory.reading)
        if fast_op is None or self.semantics[semantics](fast_op, options.profile) is not None:
            return False
        memory.remember(memo)
        if by_signature is not None:  # kept: one copy of each signature's text
            memory.clean_signatures.add((*by_signature[:3], intern(by_signature[3]), context))
        return True

    def _statement(self, text: str, end: int, final: bool, statement: Statement) -> Incomplete | None:
        options = self.options
        memory = options.memory
        name = options.ops.semantics(statement.name)
        assert name is not None
        uses_alias = "!" in (statement.key or statement.text)
        in_scope = self.aliases if uses_alias else _NO_ALIASES
        memo = None
        if statement.key is not None:
            if uses_alias and self.context is None:
                self.context = memory.alias_context(self.aliases)
            context = (self.context or 0) if uses_alias else 0
            memo = (statement.name, name, options.profile, statement.key, context)
            # When the fast path can read the line, the statement is exactly the
            # simple line (see broadcheck.syntax.fastpath), so no extent is needed.
            if self._clean(statement.name, statement.key, in_scope, context):
                self._checked(statement)
                return None
            # Stage (d) without the grammar: a simple line the fast path reads fully is located
            # and worded from its own text.
            keep = name not in self.attribute_free
            fast_op = simple_operation(statement.name, statement.key, in_scope, keep, memory.reading)
            op = located(fast_op, statement.simple or "", statement.line, statement.column) if fast_op else None
            if op is not None and readable(op):
                problem = self.semantics[name](op, options.profile)
                if problem is not None:
                    self._checked(statement)
                    self._report(text, statement, diagnose(problem, op, self.path))
                    return None
        statement_text = extent(text, statement, end, final)
        if isinstance(statement_text, Incomplete):
            return statement_text
        # A statement read before with other value names or location: its verdict is known.
        key = statement_key(statement_text)
        if "!" in key and self.context is None:
            self.context = memory.alias_context(self.aliases)
        seen = (statement.name, name, options.profile, key, (self.context or 0) if "!" in key else 0)
        if options.fast and seen in memory.clean:  # (without fast, every statement through the grammar)
            self._checked(statement)
            return None
        if options.fast and seen in memory.unreadable:
            self._pass_over(statement.name, UNREADABLE)
            return None
        # A one-line statement whose items the grammar has read before, with a simple signature:
        # the same attributes and form as then, and the signature's types.
        typed = typed_statement(statement.name, statement_text) if options.fast else None
        items = (statement.name, statement_key(typed[0])) if typed is not None and "!" not in typed[0] else None
        read_before = memory.reading.items.get(items) if items is not None else None
        if read_before is not None and typed is not None:
            attributes, generic = read_before
            fast_op = simple_operation(
                statement.name, typed[1], _NO_ALIASES, False, memory.reading, generic, attributes
            )
            if fast_op is not None and self.semantics[name](fast_op, options.profile) is None:
                self._checked(statement)
                memory.remember(seen)
                return None
        from broadcheck.syntax.parser import Unreadable, parse_operation  # Lark, only when a statement needs it

        try:
            op = parse_operation(statement_text, in_scope, statement.line, statement.column)
        except SyntaxProblem as bad:
            if self.checked_lines is not None:
                self.checked_lines.add(statement.line)
            self._report(text, statement, syntax_diagnostic(bad, self.path))
            return None
        except Unreadable:
            op = None
        if (
            items is not None
            and op is not None
            and readable(op)
            and not any("%" in a.text for a in op.attributes)  # a value name read into an attribute
            and len(memory.reading.items) < memory.LIMIT
        ):
            memory.reading.items[items] = (op.attributes, op.generic)
        if op is None or not readable(op):
            self._pass_over(statement.name, UNREADABLE)
            memory.remember(seen, unreadable=True)
            return None
        self._checked(statement)
        problem = self.semantics[name](op, options.profile)
        if problem is not None:
            self._report(text, statement, diagnose(problem, op, self.path))
            return None
        memory.remember(seen)
        if memo is not None and statement_text == statement.simple:
            memory.remember(memo)
        return None

    def _pass_over(self, name: str, reason: str) -> None:
        self.passed_over[name, reason] = self.passed_over.get((name, reason), 0) + 1

    def _checked(self, statement: Statement) -> None:
        self.ops += 1
        if self.checked_lines is not None:
            self.checked_lines.add(statement.line)

    def _report(self, text: str, statement: Statement, d: Diagnostic) -> None:
        self.diagnostics.append(d)
        self._keep_lines(text, statement.offset, statement.line, d)

    def part(self) -> Part:
        """What this stream found in its range of the file (see broadcheck.split)."""
        flow = self.flow
        seam = not self.carry and (flow is None or (flow.function is None and not flow.visible))
        return Part(
            self.diagnostics, self.lines, self.marked, self.ops, self.passed_over, self.checked_lines,
            self.next_line, self.line_count, seam,
            flow.diagnostics if flow else [], flow.lines if flow else {}, flow.functions if flow else [],
        )  # fmt: skip

    def merge(self, part: Part) -> None:
        """Add what another stream found in the range that follows this one's."""
        self.diagnostics.extend(part.diagnostics)
        self.lines.update(part.lines)
        self.marked.extend(part.marked)
        self.ops += part.ops
        for key, count in part.passed_over.items():
            self.passed_over[key] = self.passed_over.get(key, 0) + count
        if self.checked_lines is not None and part.checked_lines is not None:
            self.checked_lines.update(part.checked_lines)
        self.next_line, self.line_count = part.next_line, part.line_count
        if self.flow is not None:
            self.flow.diagnostics.extend(part.flow_diagnostics)
            self.flow.lines.update(part.flow_lines)
            self.flow.functions.extend(part.flow_functions)

    def finish(self) -> Result:
        """Suppressions, selection and ``--verify-diagnostics``, then the result."""

        options = self.options
        if self.flow is not None:
            self.diagnostics.extend(self.flow.diagnostics)
            self.lines.update(self.flow.lines)
            if options.verify_diagnostics:
                self.diagnostics = self.flow.after_first_error(self.diagnostics)
        diagnostics = list(self.diagnostics)
        if self.marked:
            from broadcheck import suppressions

            diagnostics = suppressions.apply(self.path, self.marked, diagnostics)
        if options.select or options.ignore:
            from broadcheck.config import selected

            diagnostics = [d for d in diagnostics if selected(d.code, options.select, options.ignore)]
        not_held = 0
        if self.checked_lines is not None:
            from broadcheck import expectations

            diagnostics, not_held = expectations.verify(
                self.path, self.marked, self.line_count, diagnostics, self.checked_lines
            )
        diagnostics.sort(key=Diagnostic.sort_key)
        known = {**dict(self.marked), **self.lines}
        wanted = {n for d in diagnostics for n in d.line_numbers()}
        lines = {n: known[n] for n in sorted(wanted) if n in known}
        return Result(self.path, diagnostics, self.ops, lines, dict(sorted(self.passed_over.items())), not_held)


_NO_ALIASES: dict[str, Type | SyntaxProblem] = {}


def readable(op: Operation) -> bool:
    """Whether broadcheck can read every operand and result type of ``op``: a
    dialect type at the top level (``!torch.vtensor<[3],f32>``) it cannot."""
    return not any(isinstance(u.type, OpaqueType) and u.type.text.startswith("!") for u in (*op.operands, *op.results))


def _find_all(text: str, needle: str) -> Iterator[int]:
    pos = text.find(needle)
    while pos >= 0:
        yield pos
        pos = text.find(needle, pos + len(needle))


class _Lines:
    """Line numbers of increasing offsets into a block."""

    def __init__(self, text: str, line: int):
        self.text, self.offset, self.line = text, 0, line

    def at(self, pos: int) -> int:
        self.line += self.text.count("\n", self.offset, pos)
        self.offset = pos
        return self.line


def define_alias(
    definition: AliasDefinition, aliases: dict[str, Type | SyntaxProblem], memory: Reading | None = None
) -> None:
    """Add one type alias definition (or the reason it cannot be read) to ``aliases``."""
    simple = simple_alias(definition.text, aliases, memory)
    if simple is not None:
        aliases[simple[0]] = simple[1]
        return
    from broadcheck.syntax.parser import parse_alias

    try:
        name, alias = parse_alias(definition.text, aliases, definition.line, definition.column)
    except SyntaxProblem as problem:
        aliases[definition.name] = problem
    else:
        aliases[name] = alias


def check_source(source: Source, options: Options) -> Result:
    """Check one source held in memory: every chunk; then suppressions, selection,
    and ``--verify-diagnostics`` if asked."""
    stream = Stream(source.path, options)
    stream.feed(source.text, final=True)
    return stream.finish()
