"""The engine: a source in, diagnostics out.

It wires the layers together (text -> syntax -> ops -> semantics ->
diagnostics) and stamps each problem with its code, wording and location.
It never prints.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from broadcheck.diagnostics import Diagnostic, Label, Note
from broadcheck.messages import RULES, note
from broadcheck.ops import Operation, Span, Type, shape_str
from broadcheck.optable import OpTable
from broadcheck.semantics import Problem, Profile, Verifier, registry
from broadcheck.syntax.fastpath import simple_alias, simple_operation
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.scanner import extent, scan, scan_aliases
from broadcheck.text import Chunk, Source, split_chunks


@dataclass(frozen=True)
class Options:
    """What to check and how; the defaults are broadcheck's defaults."""

    profile: Profile = Profile.SPEC
    ops: OpTable = field(default_factory=OpTable)
    split_marker: str | None = None
    verify_diagnostics: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


@dataclass
class Result:
    """The outcome for one source: its diagnostics, how many ops were checked, and
    the source lines the diagnostics point at (all a renderer needs of the file)."""

    path: str
    diagnostics: list[Diagnostic]
    ops_checked: int = 0
    lines: dict[int, str] = field(default_factory=dict)

    @classmethod
    def of(cls, source: Source, diagnostics: list[Diagnostic], ops_checked: int = 0) -> Result:
        """A result that keeps just the lines its diagnostics need."""
        wanted = {
            n
            for d in diagnostics
            for span in (d.span, *(label.span for label in d.labels))
            for n in (span.line, span.end_line)
        }
        return cls(source.path, diagnostics, ops_checked, {n: source.line(n) for n in sorted(wanted)})


def diagnose(problem: Problem, op: Operation, path: str, op_name: str | None = None) -> Diagnostic:
    """Locate and word a semantics' problem: at the op name, as mlir-opt does."""
    rule = RULES[problem.code]
    message = rule.format(op_name if op_name is not None else op.name, **problem.args)
    labels: list[Label] = []
    if problem.subject is not None:
        uses = op.operands if problem.subject.kind == "operand" else op.results
        if problem.subject.index < len(uses):
            labels.append(Label(uses[problem.subject.index].span, f"{problem.subject.kind} #{problem.subject.index}"))
    notes = [Note("note", note(key, **args)) for key, args in problem.notes]
    if problem.code == "BC103":
        notes.append(Note("note", note("spec-rank")))
    elif problem.code == "BC104":
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


def _aliases(source: Source, chunk: Chunk) -> dict[str, Type | SyntaxProblem]:
    aliases: dict[str, Type | SyntaxProblem] = {}
    for definition in scan_aliases(source.text, chunk.start, chunk.end, chunk.line):
        simple = simple_alias(definition.text, aliases)
        if simple is not None:
            aliases[simple[0]] = simple[1]
            continue
        from broadcheck.syntax.parser import parse_alias

        try:
            name, alias = parse_alias(definition.text, aliases, definition.line, definition.column)
        except SyntaxProblem as problem:
            aliases[definition.name] = problem
        else:
            aliases[name] = alias
    return aliases


# Keys of simple lines (see broadcheck.syntax.scanner.SIMPLE) already found
# valid and clean, per semantics, profile and type-alias context: a line with a
# known key needs no parse and no verification. Bounded, so memory stays flat.
_CLEAN: set[tuple[str, Profile, str, int]] = set()
_CLEAN_LIMIT = 200_000
_ALIAS_CONTEXTS: dict[tuple[tuple[str, str], ...], int] = {}
# Semantics whose verdict never reads an op's attributes.
ATTRIBUTE_FREE = frozenset({"mlir", "mlir-tensor", "tosa", "tosa-unary", "numpy"})


def _alias_context(aliases: Mapping[str, Type | SyntaxProblem]) -> int:
    """A small number standing for a set of type alias definitions."""
    items = tuple(sorted((name, repr(value)) for name, value in aliases.items()))
    return _ALIAS_CONTEXTS.setdefault(items, len(_ALIAS_CONTEXTS))


def check_chunk(source: Source, chunk: Chunk, options: Options, fast: bool = True) -> Iterator[Diagnostic | None]:
    """One ``None`` per checked op of a chunk, or the op's diagnostic.

    ``fast`` reuses the verdict of a simple line whose key was seen clean
    before; ``fast=False`` parses and verifies every op, and gives the same
    output (the test suite compares the two).
    """
    semantics: Mapping[str, Verifier] = registry()
    text = source.text
    no_aliases: dict[str, Type | SyntaxProblem] = {}
    aliases: dict[str, Type | SyntaxProblem] | None = None  # read when a statement first uses one
    context = 0
    for statement in scan(text, chunk.start, chunk.end, chunk.line, options.ops.is_checked, fast):
        name = options.ops.semantics(statement.name)
        assert name is not None
        uses_alias = "!" in (statement.key or statement.text)
        if uses_alias and aliases is None:
            aliases = _aliases(source, chunk)
            context = _alias_context(aliases) if aliases else 0
        in_scope = aliases if uses_alias and aliases is not None else no_aliases
        memo = None
        if statement.key is not None:
            memo = (name, options.profile, statement.key, context if uses_alias else 0)
            if memo in _CLEAN:
                yield None
                continue
        statement_text = extent(text, statement, chunk.end)
        if memo is not None and statement_text == statement.simple:
            fast_op = simple_operation(statement.key or "", in_scope, name not in ATTRIBUTE_FREE)
            if fast_op is not None and semantics[name](fast_op, options.profile) is None:
                _remember(memo)
                yield None
                continue
        from broadcheck.syntax.parser import parse_operation  # Lark, only when a statement needs it

        try:
            op = parse_operation(statement_text, in_scope, statement.line, statement.column)
        except SyntaxProblem as bad:
            yield syntax_diagnostic(bad, source.path)
            continue
        problem = semantics[name](op, options.profile)
        if problem is not None:
            yield diagnose(problem, op, source.path)
            continue
        yield None
        if memo is not None and statement_text == statement.simple:
            _remember(memo)


def _remember(memo: tuple[str, Profile, str, int]) -> None:
    if len(_CLEAN) >= _CLEAN_LIMIT:
        _CLEAN.clear()
    _CLEAN.add(memo)


def check_source(source: Source, options: Options) -> Result:
    """Check one source: every chunk; then suppressions, selection, and
    ``--verify-diagnostics`` if asked."""
    from broadcheck import expectations, suppressions
    from broadcheck.config import selected

    chunks, near_misses = split_chunks(source.text, options.split_marker)
    diagnostics: list[Diagnostic] = []
    ops_checked = 0
    rule = RULES["BC905"]
    for line in near_misses:
        span = Span(line, 1, line, len(source.line(line)) + 1)
        diagnostics.append(Diagnostic(rule.code, rule.severity, rule.format(), source.path, span))
    for chunk in chunks:
        for item in check_chunk(source, chunk, options):
            if item is None:
                ops_checked += 1
            else:
                diagnostics.append(item)
    diagnostics = suppressions.apply(source, diagnostics)
    if options.select or options.ignore:
        diagnostics = [d for d in diagnostics if selected(d.code, options.select, options.ignore)]
    if options.verify_diagnostics:
        diagnostics = expectations.verify(source, diagnostics)
    diagnostics.sort(key=Diagnostic.sort_key)
    return Result.of(source, diagnostics, ops_checked)
