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

import re
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Diagnostic, Edit, Fix, Note
from broadcheck.dialects.terminators import by_parent
from broadcheck.engine.forms import Form, place_types, read_form
from broadcheck.engine.scan import Scanner, Text
from broadcheck.engine.verify import Checks
from broadcheck.ops import Span, Type
from broadcheck.semantics import judged
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, TypeText, Use, read_statement
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem

if TYPE_CHECKING:
    from broadcheck.dialects.op import Op
    from broadcheck.engine.options import Options
    from broadcheck.semantics import Problem


_CALLING = frozenset({"func.call", "call", "tf.If", "tf.While", "tf.PartitionedCall", "tf.StatefulPartitionedCall"})
"""Ops that pass values to functions they name: a new operand type would have to reach the callee."""


class PlannedStatement:
    """One statement of a function, on one line, as the planner needs it: its text, where it
    starts (offset in the source, line, column), and what the reader read. A statement is
    read when the planner first asks for it: most are in functions no fix reaches."""

    __slots__ = ("_offset", "_statement", "column", "line", "text")

    def __init__(self, text: str, offset: int, line: int, column: int, statement: Statement | None) -> None:
        self.text, self._offset, self.line, self.column, self._statement = text, offset, line, column, statement

    @property
    def statement(self) -> Statement:
        if self._statement is None:
            try:
                self._statement = read_statement(self.text)
            except ReaderProblem:
                self._statement, self._offset = _UNREAD, UNREAD_AT  # not rewritten
        return self._statement

    @property
    def spans_lines(self) -> bool:
        """Whether the statement is on several lines or holds regions (it is not rewritten)."""
        return self._offset == UNREAD_AT

    @property
    def offset(self) -> int:
        _ = self.statement
        return self._offset


UNREAD_AT = -1
"""The offset of a statement the planner cannot rewrite (on several lines, or unread)."""


class PlannedFunction:
    __slots__ = ("header", "name", "statements")

    def __init__(self, name: str, header: PlannedStatement | None) -> None:
        self.name, self.header = name, header
        self.statements: list[PlannedStatement] = []


class Collector:
    """Collects each function's statements (one line each; others are not rewritten)."""

    def __init__(self, lines: list[str], starts: list[int]) -> None:
        self.lines, self.starts = lines, starts
        self.functions: list[PlannedFunction] = []
        self.stack: list[PlannedFunction | None] = []
        self.aliases: dict[str, Type | SyntaxProblem] = {}

    def _one_line(self, line: int, text: Text | None, body: str) -> PlannedStatement | None:
        if text is not None:
            if len({p.line for p in text.parts}) != 1:
                return None
            piece = text.parts[0]
            raw, column = body, piece.column
        else:
            full = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            raw = full.lstrip()
            column = len(full) - len(raw) + 1
        return PlannedStatement(raw, self.starts[line - 1] + column - 1, line, column, None)

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        current = self.function()
        if current is None:
            return
        one = self._one_line(lines[0], text, body) if not regions else None
        if one is None:  # a statement on several lines, or with regions: not rewritten
            one = PlannedStatement(body, UNREAD_AT, lines[0], 1, form.statement or _UNREAD)
        current.statements.append(one)

    def function(self) -> PlannedFunction | None:
        """The function being read (its nested regions are part of it)."""
        return next((f for f in reversed(self.stack) if f is not None), None)

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        if first and form is not None and form.name == "func.func":
            header = (
                self._one_line(lines[0] if lines else head.line, head, head.text)
                if len({p.line for p in head.parts}) == 1
                else None
            )
            symbol = (
                next((i.text for i in form.statement.items if i.kind == "symbol"), "@?") if form.statement else "@?"
            )
            function = PlannedFunction(symbol[1:].strip('"'), header)
            self.functions.append(function)
            self.stack.append(function)
        else:
            self.stack.append(None)
        return False

    def closed(self, line: int) -> None:
        if self.stack:
            self.stack.pop()

    def label(self, text: Text) -> None:
        pass

    def alias(self, text: Text) -> None:
        from broadcheck.syntax.types import read_alias

        found = read_alias(text.text.strip(), self.aliases)
        if found is not None:
            self.aliases[found[0]] = found[1]

    def unbalanced(self, line: int, column: int, what: str) -> None:
        pass


_UNREAD = read_statement('"unread.unread"() : () -> ()')


class _Lines:
    """The lines of a text, each cut from it when asked for (without its ``\\r``): the fix
    stage held the whole file split into lines beside the text (issue 31's peak memory)."""

    __slots__ = ("starts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = array("q", [0])
        """Where each line starts in the text."""
        at = text.find("\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = text.find("\n", at + 1)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index: int) -> str:
        starts = self.starts
        end = starts[index + 1] - 1 if index + 1 < len(starts) else len(self.text)
        return self.text[starts[index] : end].removesuffix("\r")


class _LineCollector(Collector):
    """:class:`Collector` over :class:`_Lines`, not a list of the lines."""

    def __init__(self, lines: _Lines) -> None:
        super().__init__([], [])
        self.source = lines

    def _one_line(self, line: int, text: Text | None, body: str) -> PlannedStatement | None:
        source = self.source
        if text is not None:
            if len({p.line for p in text.parts}) != 1:
                return None
            raw, column = body, text.parts[0].column
        else:
            full = source[line - 1] if 0 < line <= len(source) else ""
            raw = full.lstrip()
            column = len(full) - len(raw) + 1
        return PlannedStatement(raw, source.starts[line - 1] + column - 1, line, column, None)


SCAN_BLOCK = 1 << 20
"""The fix stage reads a module in blocks of about this many characters, as the check reads a
file: its scanner's rows of a whole 12 MB module were most of the fix stage's peak memory
(issue 31)."""


def scan_blocks(scanner: Scanner, text: str, start: int, stop: int, line: int) -> None:
    """Scan the whole lines of ``text[start:stop]`` (the first is ``line``), then a line end,
    in blocks of whole lines."""
    while stop - start > SCAN_BLOCK:
        cut = text.rfind("\n", start, start + SCAN_BLOCK)
        if cut < 0:
            cut = text.find("\n", start + SCAN_BLOCK, stop)
            if cut < 0:
                break
        line = scanner.block(text[start : cut + 1], line)
        start = cut + 1
    scanner.block(text[start:stop] + "\n", line)


class Planner:
    """Plans the fixes of one source's text (see the module docstring)."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.checks = Checks(options.profile, options.ops)
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self.unfixed: list[tuple[list[tuple[int, int]], str]] = []
        """The problems left without a fix because their chain stopped: (their ops' (line,
        column), the note that says why)."""
        self._stop: str | None = None
        self._roots: list[tuple[int, int, str]] = []
        from broadcheck.dialects import Registry

        self._registry = Registry()

    def plan(
        self, text: str, candidates: set[int], forms: dict[object, Form] | None = None
    ) -> list[tuple[list[tuple[int, int]], Fix]]:
        """The fixes of ``text``: (the (line, column) of the ops that start each, the fix)."""
        lines = _Lines(text)
        modules = self._modules(lines)
        plans: list[tuple[list[tuple[int, int]], Fix]] = []
        for first, last in modules:
            if not any(first <= n <= last for n in candidates):
                continue
            collect = _LineCollector(lines)
            scanner = Scanner(collect, forms if forms is not None else {}, read_form)
            scan_blocks(scanner, text, lines.starts[first - 1], lines.starts[last - 1] + len(lines[last - 1]), first)
            scanner.end()
            self.aliases = collect.aliases
            plans.extend(self._module(collect.functions, candidates))
        return plans

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
            if not any(s.line in candidates for s in function.statements):
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
                result = self._function(fn, seeds, candidates if rooted else set())
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
                if self._stop is not None and self._roots:
                    self.unfixed.append(([(line, column) for line, column, _ in self._roots], self._stop))
                self._stop, self._roots = None, []
                continue
            self._stop, self._roots = None, []
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
        for fn in functions:
            for s in fn.statements:
                if s.statement.name in _CALLING - {"func.call", "call"} and any(
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
                edits.append(self._edit(call, written, new))
                if index < len(keys):
                    seeds[keys[index]] = new
            yield fn, call, edits, seeds

    # ---------------------------------------------------------------- a function

    def _function(
        self, fn: PlannedFunction, seeds: dict[str, str], candidates: set[int]
    ) -> tuple[list[Edit], list[tuple[int, int, str]], dict[int, str] | None] | None:
        """Edits of one function's statements, its roots (line, column, new type), and its new
        result types (``None`` if its signature stays); ``None`` when the chain breaks."""
        retyped: dict[str, str] = dict(seeds)
        edits: list[Edit] = []
        roots: list[tuple[int, int, str]] = []
        new_results: dict[int, str] = {}
        names = {key.partition("#")[0] for key in retyped}
        for s in fn.statements:
            candidate = s.line in candidates
            if not candidate and not any(name in s.text for name in names):
                continue  # (read only the statements that may use a retyped value)
            if s.spans_lines and _mentions(s.text, names):
                # A statement on several lines (or with regions), not rewritten, that uses a
                # retyped value: its operand type would stay stale (its form's operands are
                # the form's, not its own, so only its text says).
                self._stopped("fix-stop-unread", s)
                return None
            statement = s.statement
            uses = [u for u in statement.operands if use_key(u) in retyped]
            if not uses and not candidate:
                continue
            if s.offset == UNREAD_AT:
                self._stopped("fix-stop-unread", s)  # a statement the planner cannot rewrite
                return None
            if statement.name in ("func.return", "return"):
                returned = self._return(fn, s, retyped, edits)
                if returned is None:
                    return None
                new_results.update(returned)
                continue
            if statement.name in _CALLING and uses:
                self._stopped("fix-stop-call", s)  # its callee's arguments would have to follow
                return None
            outcome = self._op(s, retyped, candidate)
            if outcome is None:
                return None
            op_edits, results, root = outcome
            edits += op_edits
            if root is not None:
                roots.append(root)
                self._roots.append(root)
            keys = result_keys(statement)
            for i, new in results.items():
                if i < len(keys):
                    retyped[keys[i]] = new
                    names.add(keys[i].partition("#")[0])
        return edits, roots, (new_results or None)

    def _op(
        self, s: PlannedStatement, retyped: dict[str, str], candidate: bool
    ) -> tuple[list[Edit], dict[int, str], tuple[int, int, str] | None] | None:
        """An op with retyped operands, or stale itself: its edits, its new result types."""
        statement = s.statement
        from broadcheck import dialects

        decl = dialects.lookup(statement.name)
        operand_types, result_types = place_types(statement, decl.layout if decl is not None else None)
        edits: list[Edit] = []
        new_operands: dict[int, str] = {}
        for i, use in enumerate(statement.operands):
            new = retyped.get(use_key(use))
            if new is None:
                continue
            written = operand_types[i] if i < len(operand_types) else None
            if written is None:
                return None
            if any(j != i and operand_types[j] is written for j in range(len(operand_types))) and any(
                retyped.get(use_key(statement.operands[j])) != new
                for j in range(len(operand_types))
                if operand_types[j] is written
            ):
                return None  # one written type for operands that would differ
            new_operands[i] = new
            edits.append(self._edit(s, written, new))
        _, check = self.checks.check_of(statement.name)
        if new_operands and check is not None and _relates_no_types(decl):
            # Checked from its type constraints alone (tf.EnsureShape): the check says nothing of
            # how its results follow a retyped operand (EnsureShape's shape is asserted when run).
            self._stopped("fix-stop-unchecked", s)
            return None
        if check is None or check is by_parent:  # (a terminator's types its parent's check judges)
            shared = [t for t in result_types if t is not None and any(t is operand_types[i] for i in new_operands)]
            if shared:  # `op %a : T`: the one type is the result's too
                return _unique(edits), {i: new_operands[min(new_operands)] for i, t in enumerate(result_types)
                                        if t in shared}, None  # fmt: skip
            if new_operands and self._verified(statement.name):
                # A real verifier checks this op, and broadcheck does not know how its results
                # (tf.Relu's must have its operand's type) or its parent's (scf.yield's) follow
                # its operands: retyping only the operand could leave IR the verifier rejects.
                self._stopped("fix-stop-unchecked", s)
                return None
            return edits, {}, None
        original = self._problem(s, [])
        current = self._problem(s, edits) if edits else original
        if current is None:
            return edits, {}, None
        new_results: dict[int, str] = {}
        for _ in range(len(result_types)):
            if current is None or current.expected is None or current.subject is None:
                break
            index = current.subject.index
            written = result_types[index] if index < len(result_types) else None
            if current.subject.kind != "result" or written is None or index in new_results:
                break
            new_results[index] = str(current.expected)
            current = self._problem(s, [*edits, *self._result_edits(s, result_types, new_results)])
        if current is not None and new_operands:
            followed = {
                i: new_operands[j]
                for i, t in enumerate(result_types)
                for j in new_operands
                if t is not None and operand_types[j] is not None and t.key == operand_types[j].key  # type: ignore[union-attr]
            }
            if followed:
                new_results = followed
                current = self._problem(s, [*edits, *self._result_edits(s, result_types, followed)])
        if current is not None and new_operands:
            # A cast (tf.Cast, tosa.cast): a result written with an operand's old shape takes its
            # new shape and keeps its element type; the op's check says whether that verifies.
            shaped = {
                i: reshaped
                for i, t in enumerate(result_types)
                for j in new_operands
                if t is not None
                and operand_types[j] is not None
                and (reshaped := _reshaped(t.key, operand_types[j].key, new_operands[j])) is not None  # type: ignore[union-attr]
            }
            if shaped:
                new_results = shaped
                current = self._problem(s, [*edits, *self._result_edits(s, result_types, shaped)])
        if current is not None or not new_results:
            # No result type makes it verify: a chain that broke a valid op has no fix; an op stale
            # for another reason keeps its problem (and the edits of its operands).
            if original is None:
                self._stopped("fix-stop-invalid", s)
                return None
            return edits, {}, None
        first = new_results[min(new_results)]
        root = (s.line, self._column(s), first) if original is not None and not new_operands else None
        return _unique([*edits, *self._result_edits(s, result_types, new_results)]), new_results, root

    def _stopped(self, why: str, s: PlannedStatement) -> None:
        """The chain stops at ``s`` (no fix): say why (the first reason is kept)."""
        from broadcheck.messages import note

        if self._stop is None:
            name = s.statement.name if s.offset != UNREAD_AT else "?"
            self._stop = note(why, op=name, line=s.line)
        return None

    def _verified(self, name: str) -> bool:
        """Whether op ``name`` is one a real tool verifies: its dialect's list names it (an op
        of a dialect no tool registers is accepted only unverified, as ``test.op`` is)."""
        dialect = name.partition(".")[0]
        names = self._registry.names(dialect)
        return names is not None and name in names.names

    def _return(
        self, fn: PlannedFunction, s: PlannedStatement, retyped: dict[str, str], edits: list[Edit]
    ) -> dict[int, str] | None:
        """A ``return`` of retyped values: its types, and the function's result types if they change."""
        header = fn.header
        statement = s.statement
        operand_types, _ = place_types(statement, _OPERAND_LIST)
        sig = header.statement.signature if header is not None else None
        results = sig.outputs if sig is not None else ()
        changed: dict[int, str] = {}
        for i, use in enumerate(statement.operands):
            new = retyped.get(use_key(use))
            if new is None:
                continue
            written = operand_types[i] if i < len(operand_types) else None
            if written is None or header is None or i >= len(results):
                return None
            edits.append(self._edit(s, written, new))
            if results[i].key != "".join(new.split()):
                edits.append(self._edit(header, results[i], new))
                changed[i] = new
        return changed

    def _problem(self, s: PlannedStatement, edits: Sequence[Edit]) -> Problem | None:
        """The problem of ``s``'s op with ``edits`` made, or ``None``."""
        text = s.text
        for edit in sorted(edits, key=lambda e: -e.start):
            if s.offset <= edit.start < s.offset + len(text) + 1:
                a, b = edit.start - s.offset, edit.end - s.offset
                text = text[:a] + edit.new + text[b:]
        found = self.checks.retyped(text, _nowhere, self.aliases)
        if found is None:
            return _STUCK
        return judged(found[0])  # (no check, or a check that cannot judge: as before, no problem)

    def _result_edits(self, s: PlannedStatement, results: Sequence[TypeText | None], new: dict[int, str]) -> list[Edit]:
        return [self._edit(s, results[i], t) for i, t in sorted(new.items()) if results[i] is not None]  # type: ignore[arg-type]

    @staticmethod
    def _edit(s: PlannedStatement, written: TypeText, new: str) -> Edit:
        start = s.offset + written.start
        column = _column_of(s, written.start)
        return Edit(
            Span(s.line, column, s.line, column + written.end - written.start),
            start,
            start + written.end - written.start,
            new,
        )

    @staticmethod
    def _column(s: PlannedStatement) -> int:
        return _column_of(s, s.statement.name_start)


_SHAPE = re.compile(r"tensor<((?:(?:\d+|\?)x)*)")


def _reshaped(result: str, operand: str, new: str) -> str | None:
    """``result`` with ``new``'s shape, where it had ``operand``'s (written without spaces)."""
    was, now, own = _SHAPE.match(operand), _SHAPE.match("".join(new.split())), _SHAPE.match(result)
    if was is None or now is None or own is None or own.group(1) != was.group(1) or was.group(1) == now.group(1):
        return None
    return "tensor<" + now.group(1) + result[own.end() :]


def _mentions(text: str, names: set[str]) -> bool:
    """Whether ``text`` holds one of the value ``names`` as a whole name."""
    return any(re.search(re.escape(name) + r"(?![\w$.\-])", text) for name in names if name in text)


def _column_of(s: PlannedStatement, relative: int) -> int:
    """The 1-based column of an offset in a one-line statement."""
    return s.column + relative


def result_keys(statement: Statement) -> list[str]:
    """The value-flow key of each result: ``%0``, or ``%0``, ``%0#1`` for ``%0:2``."""
    return [r.name if k == 0 else f"{r.name}#{k}" for r in statement.results for k in range(r.size)]


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


def _unique(edits: list[Edit]) -> list[Edit]:
    return list({(e.start, e.end): e for e in edits}.values())


def use_key(use: Use) -> str:
    """The value-flow key of a use: ``%0``, or ``%0#1``."""
    return use.name if use.number == 0 else f"{use.name}#{use.number}"


def _nowhere(start: int, end: int) -> Span:
    return Span(1, start + 1, 1, end + 1)


from broadcheck.dialects.op import OPERAND_LIST as _OPERAND_LIST  # noqa: E402
from broadcheck.semantics import Problem as _Problem  # noqa: E402

_STUCK = _Problem("BC001")
"""A problem with no fix: the planner cannot read the op."""


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
    text: str, diagnostics: list[Diagnostic], options: Options, forms: dict[object, Form] | None = None
) -> list[Diagnostic]:
    """``diagnostics`` with their fixes attached (``text``: the whole source; ``forms``: what
    the check of it read, so that no statement is read twice)."""
    candidates = {d.line for d in diagnostics if d.severity == "error" and any(n.kind == "help" for n in d.notes)}
    if not candidates:
        return diagnostics
    planner = Planner(options)
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


__all__ = ["Planner", "apply", "attach", "fixes_of", "with_fixes"]


def _relates_no_types(decl: Op | None) -> bool:
    """Whether ``decl`` is checked from its operands' and results' type constraints one by one and
    nothing else (:func:`broadcheck.dialects.ods.constraints_only`): its check relates none of its
    types to another."""
    from broadcheck.dialects import ods

    if decl is None or decl.semantics != ods.SEMANTICS:
        return False
    found = ods.traits(decl.name)
    return found is not None and ods.constraints_only(found)
