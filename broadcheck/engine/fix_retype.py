"""The fix stage's retyping of one function: each statement that uses a retyped value (or is
itself stale) gets its new types, checked again by its op's check, in order, like a
shape-inference pass.

Takes a :class:`~.fix_read.PlannedFunction`, the values retyped on entry and the lines with a
fixable error; gives the function's edits, its roots (the ops that start the fix) and its new
result types, or ``None`` where the chain stops (and why, in :attr:`Retyper.stop`). Its state:
the checks, the module's aliases, and the current chain's stop and roots.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Edit
from broadcheck.dialects.terminators import by_parent
from broadcheck.engine.fix_read import UNREAD_AT, PlannedFunction, PlannedStatement, result_keys, use_key
from broadcheck.engine.forms import place_types
from broadcheck.engine.verify import Checks
from broadcheck.ops import Span, Type
from broadcheck.semantics import judged
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import TypeText

if TYPE_CHECKING:
    from broadcheck.dialects.op import Op
    from broadcheck.engine.options import Options
    from broadcheck.semantics import Problem


CALLING = frozenset({"func.call", "call", "tf.If", "tf.While", "tf.PartitionedCall", "tf.StatefulPartitionedCall"})
"""Ops that pass values to functions they name: a new operand type would have to reach the callee."""


class Retyper:
    """Retypes one function's statements at a time (see the module docstring)."""

    def __init__(self, options: Options) -> None:
        self.checks = Checks(options.profile, options.ops)
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self.stop: str | None = None
        """Why the current chain stopped (the first reason), or ``None``."""
        self.roots: list[tuple[int, int, str]] = []
        """The current chain's roots so far."""
        from broadcheck.dialects import Registry

        self._registry = Registry()

    def function(
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
            if statement.name in CALLING and uses:
                self._stopped("fix-stop-call", s)  # its callee's arguments would have to follow
                return None
            outcome = self._op(s, retyped, candidate)
            if outcome is None:
                return None
            op_edits, results, root = outcome
            edits += op_edits
            if root is not None:
                roots.append(root)
                self.roots.append(root)
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
            edits.append(edit(s, written, new))
        _, check = self.checks.check_of(statement.name)
        if new_operands and check is not None and _relates_no_types(decl):
            # Checked from its type constraints alone (tf.EnsureShape): the check says nothing of
            # how its results follow a retyped operand (EnsureShape's shape is asserted when run).
            self._stopped("fix-stop-unchecked", s)
            return None
        if check is None or check is by_parent:  # (a terminator's types its parent's check judges)
            shared = [t for t in result_types if t is not None and any(t is operand_types[i] for i in new_operands)]
            if shared:  # `op %a : T`: the one type is the result's too
                return unique(edits), {i: new_operands[min(new_operands)] for i, t in enumerate(result_types)
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
        root = (s.line, column(s), first) if original is not None and not new_operands else None
        return unique([*edits, *self._result_edits(s, result_types, new_results)]), new_results, root

    def _stopped(self, why: str, s: PlannedStatement) -> None:
        """The chain stops at ``s`` (no fix): say why (the first reason is kept)."""
        from broadcheck.messages import note

        if self.stop is None:
            name = s.statement.name if s.offset != UNREAD_AT else "?"
            self.stop = note(why, op=name, line=s.line)
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
            edits.append(edit(s, written, new))
            if results[i].key != "".join(new.split()):
                edits.append(edit(header, results[i], new))
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
        return [edit(s, results[i], t) for i, t in sorted(new.items()) if results[i] is not None]  # type: ignore[arg-type]


def edit(s: PlannedStatement, written: TypeText, new: str) -> Edit:
    """The edit that writes ``new`` over the type ``written`` in the one-line statement ``s``."""
    start = s.offset + written.start
    column = _column_of(s, written.start)
    return Edit(
        Span(s.line, column, s.line, column + written.end - written.start),
        start,
        start + written.end - written.start,
        new,
    )


def column(s: PlannedStatement) -> int:
    """The 1-based column of ``s``'s op name."""
    return _column_of(s, s.statement.name_start)


_SHAPE = lazy(r"tensor<((?:(?:\d+|\?)x)*)")


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


def unique(edits: list[Edit]) -> list[Edit]:
    return list({(e.start, e.end): e for e in edits}.values())


def _nowhere(start: int, end: int) -> Span:
    return Span(1, start + 1, 1, end + 1)


from broadcheck.dialects.op import OPERAND_LIST as _OPERAND_LIST  # noqa: E402
from broadcheck.semantics import Problem as _Problem  # noqa: E402

_STUCK = _Problem("BC001")
"""A problem with no fix: the planner cannot read the op."""


def _relates_no_types(decl: Op | None) -> bool:
    """Whether ``decl`` is checked from its operands' and results' type constraints one by one and
    nothing else (:func:`broadcheck.dialects.ods.constraints_only`): its check relates none of its
    types to another."""
    from broadcheck.dialects import ods

    if decl is None or decl.semantics != ods.SEMANTICS:
        return False
    found = ods.traits(decl.name)
    return found is not None and ods.constraints_only(found)
