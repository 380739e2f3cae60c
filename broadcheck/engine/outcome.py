"""Stages *suppress*, *select* and *expect*: a file's diagnostics in, what it reports out.

Every stage before this one reports all it finds. Here the file's diagnostics become what
MLIR's tools would say of it: less what only repeats an earlier error (a cascade), less what
an ignore comment suppresses or ``--select``/``--ignore`` leaves out; under
``--verify-diagnostics``, only what mlir-opt reports of each chunk (its parser stops at the
first parse error, its verifiers at each function's first error), held against the file's
annotations. The :class:`~broadcheck.diagnostics.Result` keeps the lines they show, in the
order MLIR meets them (:func:`_walk_order`): by position, except that what MLIR verifies only
once an op's regions (or a module's ops) verified comes after their errors, so the report's
first error is the one the real tool stops at.
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.diagnostics import Diagnostic, Result, parse_first
from broadcheck.engine.control import SYMBOL_CODES
from broadcheck.engine.findings import PARSE, PARSE_FLOW, Findings
from broadcheck.engine.options import Options
from broadcheck.engine.read import Reader


def outcome(findings: Findings, reader: Reader, function_spans: Sequence[tuple[int, int]], options: Options) -> Result:
    """Suppressions, selection and ``--verify-diagnostics``, then the file's result."""
    diagnostics = _without_cascades(findings.diagnostics, reader.chunks)
    if options.split_marker is None and findings.fetch is not None:
        diagnostics = [_split_hint(d, findings) if d.code == "BC034" else d for d in diagnostics]
    if reader.marked:
        from broadcheck import suppressions

        diagnostics = suppressions.apply(findings.path, reader.marked, diagnostics)
    if options.select or options.ignore:
        from broadcheck.config import selected

        diagnostics = [d for d in diagnostics if selected(d.code, options.select, options.ignore)]
    not_held = 0
    if findings.checked_lines is not None:
        from broadcheck import expectations

        line_count = reader.next_line - 1
        # An annotated error on an op broadcheck does not check still stops mlir-opt there.
        annotated, _ = expectations.parse_annotations(findings.path, reader.marked, line_count)
        expected = [e.line for e in annotated if e.kind == "error" and e.line is not None]
        diagnostics = _as_mlir_opt(
            diagnostics,
            reader.chunks,
            function_spans,
            expected,
        )
        diagnostics, not_held = expectations.verify(
            findings.path, reader.marked, line_count, diagnostics, findings.checked_lines
        )
    diagnostics = parse_first(_walk_order(diagnostics), reader.chunks)
    known = {**dict(reader.marked), **findings.lines}
    wanted = {n for d in diagnostics for n in d.line_numbers()}
    lines = {n: known[n] for n in sorted(wanted) if n in known}
    return Result(findings.path, diagnostics, findings.ops, lines, dict(sorted(findings.passed_over.items())), not_held)


_SYMBOLS = SYMBOL_CODES
"""What its symbol table reports, once every op verified: only the first."""
_LATE = PARSE | _SYMBOLS | {"BC029"}
"""Not the ops' own verifiers: the parser, the symbol table, the dominance rule."""
_OUTSIDE = frozenset({"BC002", "BC003", "BC905"})
"""broadcheck's own: not MLIR's."""


_PLACE = frozenset({"BC035", "BC1620", "BC1621"})
"""An op's place in its parent (``engine/structure.py``): verified after the parent's own verifier."""
_FLOW_VERIFIER = frozenset({"BC012", "BC013", "BC019", "BC022", "BC023", "BC028"})
"""The verifiers' checks of values across ops: after a parse error they would only repeat it."""


def _without_cascades(diagnostics: list[Diagnostic], chunks: list[int]) -> list[Diagnostic]:
    """Less what only repeats an earlier error, as MLIR never reports it: a verifier's check
    of values on a statement the parser rejected (a branch, yield or return of a value used
    with the wrong type), a use's type on a line whose statement the parser rejects before it
    resolves its operands (the types it read are not the op's), the symbol checks of calls
    in a module with such errors, and the check of a terminator's values where the terminator is
    not last in its block (its IsTerminator trait is verified first, and stops its verifier)."""
    from bisect import bisect_right

    misplaced = {(d.line, d.column) for d in diagnostics if d.code in _PLACE}
    if misplaced:
        diagnostics = [d for d in diagnostics if not (d.code in _FLOW_VERIFIER and (d.line, d.column) in misplaced)]
    parse_lines = {d.line for d in diagnostics if d.code in PARSE}
    # a forward reference's definition of another type: the use (its note's line) took the wrong type
    parse_lines.update(label.span.line for d in diagnostics if d.code == "BC016" for label in d.labels)
    if not parse_lines and not any(d.code in _FLOW_VERIFIER for d in diagnostics):
        return list(diagnostics)
    syntax_lines = {d.line for d in diagnostics if d.code in PARSE and d.code not in PARSE_FLOW}
    kept = [
        d for d in diagnostics
        if not (d.code in _FLOW_VERIFIER and d.line_numbers() & parse_lines)
        and not (d.code == "BC011" and d.line in syntax_lines)
    ]  # fmt: skip
    troubled = {bisect_right(chunks, d.line) for d in kept if d.code in PARSE or d.code in _FLOW_VERIFIER}
    return [d for d in kept if d.code not in _SYMBOLS or bisect_right(chunks, d.line) not in troubled]


def _split_hint(redefined: Diagnostic, findings: Findings) -> Diagnostic:
    """A symbol defined again after a ``// -----`` line, in a file read whole (a test file written
    for ``mlir-opt -split-input-file``): with a help line saying how to read each part on its own."""
    from broadcheck.diagnostics import Note
    from broadcheck.messages import note

    first = redefined.labels[0].span.line if redefined.labels else redefined.span.line
    assert findings.fetch is not None
    between = findings.fetch(range(first + 1, redefined.span.line))
    if not any(text.lstrip().startswith("// -----") for text in between.values()):
        return redefined
    notes = (*redefined.notes, Note("help", note("split-parts")))
    return Diagnostic(redefined.code, redefined.severity, redefined.message, redefined.path, redefined.span, notes,
                      redefined.labels)  # fmt: skip


def _first_per_function(
    errors: list[Diagnostic], functions: Sequence[tuple[int, int]], expected: Sequence[int] = ()
) -> list[Diagnostic]:
    """The verifier's errors as mlir-opt reports them: it verifies each function on its own
    and stops at the first op that fails (an op before the ops in its regions), so a
    function has one error at most, its first by position; an error annotated on an earlier
    line (on an op broadcheck does not check) stops it there too. Warnings are broadcheck's."""
    from bisect import bisect_right

    starts = [first for first, _ in functions]

    def function_of(line: int) -> int:
        i = bisect_right(starts, line) - 1
        return i if i >= 0 and functions[i][0] <= line <= functions[i][1] else -1

    stops: dict[int, int] = {}
    for line in expected:
        i = function_of(line)
        if i >= 0:
            stops[i] = min(stops.get(i, line), line)
    kept: list[Diagnostic] = []
    seen: set[int] = set()
    for d in _walk_order(errors):
        i = function_of(d.line)
        if d.severity == "error" and i >= 0:
            if i in seen or stops.get(i, d.line) < d.line:
                continue
            seen.add(i)
        kept.append(d)
    return kept


AFTER_REGIONS = frozenset(
    {"BC255", "BC521", "BC723", "BC1110", "BC1147", "BC1169"}
    | {"BC1767", "BC1768", "BC1769", "BC1770", "BC1778"}  # stablehlo.async_start's inferReturnTypes
)
"""Codes of what MLIR verifies after the ops in an op's regions: the inferred result types
(``InferTypeOpInterface``'s ``verifyRegionTrait``), which a region op (``case``, ``reduce``,
``async_start``) infers from its regions."""
_AFTER = AFTER_REGIONS | _SYMBOLS
"""What MLIR verifies after ops that stand after it: a region op's inferred types (after its
regions' ops), the symbol table's checks of the uses (after every op of their module)."""


def _walk_order(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` (as found) in the order the verifier meets them: by position, except that
    an error of :data:`_AFTER` comes after the errors on later lines found before it. Those are
    in its op's regions (an op with regions is checked once they close) or, for a symbol's use,
    in its module (the symbol table is checked when the module closes), and MLIR verifies them
    first: where one fails, it never gets to this one. With no such error, the order is by
    position (byte-identical reports)."""
    keys: list[tuple[tuple[str, int, int, str], int]] = []
    last: tuple[str, int, int, str] | None = None  # the greatest key of an error so far
    for found, d in enumerate(diagnostics):
        key = d.sort_key()
        if d.code in _SYMBOLS:  # at one place, after the op's own verifier's (the module checks symbols last)
            key = (*key[:3], "~" + key[3])
        elif d.code in _PLACE:  # at one place, after the verifier of the op that holds it (which runs first)
            key = (*key[:3], "|" + key[3])
        if d.severity == "error":
            if d.code in _AFTER and last is not None and last[1] > key[1]:
                key = last
            last = key if last is None or key > last else last
        keys.append((key, found))
    return [diagnostics[i] for _, i in sorted(keys)]


def _as_mlir_opt(
    diagnostics: list[Diagnostic],
    chunks: list[int],
    functions: Sequence[tuple[int, int]] = (),
    expected: Sequence[int] = (),
) -> list[Diagnostic]:
    """What mlir-opt reports of each chunk (``--verify-diagnostics``): its parser stops at the
    first parse error (an undeclared name is reported at the chunk's end, so any other parse
    error comes first); the verifiers run only on IR that parsed, and the symbol table only on
    IR that verified, reporting its first problem."""
    from bisect import bisect_right

    by_chunk: dict[int, list[Diagnostic]] = {}
    for d in diagnostics:
        by_chunk.setdefault(bisect_right(chunks, d.line), []).append(d)
    kept: list[Diagnostic] = []
    for group in by_chunk.values():
        ours = [d for d in group if d.code in _OUTSIDE]
        parse = sorted((d for d in group if d.code in PARSE), key=_parse_order)
        symbols = [d for d in group if d.code in _SYMBOLS]  # as found: a nested module's before its parent's
        dominance = [d for d in group if d.code == "BC029"]  # in the order of the walk: the ops'
        verifier = [d for d in group if d.code not in _LATE and d.code not in _OUTSIDE]
        if parse:
            early = [d for d in parse if d.code not in ("BC014", "BC033")]
            first = early[:1] if early else [d for d in parse if d.code != "BC033"]
            if early and early[0].code == "BC001":  # and what the same failure emits next
                first += [d for d in parse if d.code == "BC033" and d.line == early[0].line]
            kept += ours + first
        elif any(d.severity == "error" for d in verifier):
            kept += ours + _first_per_function(verifier, sorted(functions), expected)
        else:
            kept += ours + verifier + (symbols[:1] or dominance[:1])
    return kept


def _parse_order(d: Diagnostic) -> tuple[str, int, int, int, str]:
    """The order MLIR's parser meets the parse errors of a chunk in: by line, and on one line
    (one statement) what the op's own parser rejects first, then value flow's errors, which
    come when it resolves the operands and binds the results, once their types are read."""
    return (d.path, d.span.line, d.code in PARSE_FLOW, d.span.column, d.code)
