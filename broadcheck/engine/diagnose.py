"""Stage *diagnose*: a located problem, worded from the catalogue, becomes a :class:`Diagnostic`."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from broadcheck.diagnostics import Diagnostic, Label, Note
from broadcheck.ops import Operation, Span, shape_str
from broadcheck.semantics import Problem, ValueRef
from broadcheck.syntax.problem import SyntaxProblem

Origin = Callable[[int], tuple[str, int | str] | None]
"""Where operand ``i``'s value comes from, as the engine knows it at the statement: ``("argument",
its index in its block)``, ``("result", its defining op as printed)``, or ``None``."""


def _values(args: Mapping[str, object], op: Operation, origin: Origin | None) -> Mapping[str, object]:
    """``args`` with each :class:`ValueRef` worded (see ``broadcheck.messages.VALUES``)."""
    if not any(isinstance(v, ValueRef) for v in args.values()):
        return args
    from broadcheck.messages import value as value_text  # the catalogue is imported when a problem is worded

    out = dict(args)
    for key, ref in args.items():
        if isinstance(ref, ValueRef):
            type_ = op.operands[ref.index].type if ref.index < len(op.operands) else "?"
            found = origin(ref.index) if origin is not None else None
            if found is not None and found[0] == "argument":
                out[key] = value_text("argument", type=type_, index=found[1])
            elif found is not None and found[0] == "result":
                out[key] = found[1]
            else:
                out[key] = value_text("operand", type=type_, index=ref.index)
    return out


def diagnose(
    problem: Problem, op: Operation, path: str, op_name: str | None = None, origin: Origin | None = None
) -> Diagnostic:
    """A check's problem about ``op``, at the op's name, as mlir-opt puts it (``op_name``:
    the name to word it with, if not the op's own; ``""`` for none; ``origin``: where its
    operands' values come from, to name them)."""
    from broadcheck.messages import RULES, note

    rule = RULES[problem.code]
    name = op.name if op_name is None else op_name
    args = _values(problem.args, op, origin)
    if problem.code == "BC110":  # a stricter rule's own message, reported as a warning
        args = dict(args)
        message = RULES[str(args.pop("rule"))].format(name, **args)
    else:
        message = rule.format(name, **args)
    labels: list[Label] = []
    if problem.subject is not None:
        uses = op.operands if problem.subject.kind == "operand" else op.results
        if problem.subject.index < len(uses):
            labels.append(Label(uses[problem.subject.index].span, f"{problem.subject.kind} #{problem.subject.index}"))
    notes: list[Note] = []
    for key, note_args in problem.notes:
        at = note_args.get("at")
        if isinstance(at, Span):  # MLIR's own note, at its place (``expected-note`` holds it)
            labels.append(Label(at, note(key, **note_args), mlir_note=True))
        else:
            notes.append(Note("note", note(key, **note_args)))
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
    span = op.name_span if problem.span is None else problem.span
    return Diagnostic(rule.code, rule.severity, message, path, span, tuple(notes), tuple(labels))


def syntax(problem: SyntaxProblem, path: str) -> Diagnostic:
    """A rejection by the grammar, as a located BC001."""
    from broadcheck.messages import RULES

    rule = RULES["BC001"]
    return Diagnostic(rule.code, rule.severity, rule.format(detail=problem.message), path, problem.span)


def value(
    code: str,
    path: str,
    span: Span,
    labels: tuple[Label, ...] = (),
    notes: tuple[Note, ...] = (),
    op: str | None = None,
    args: Mapping[str, object] | None = None,
) -> Diagnostic:
    """A problem of the parser's or of value flow (BC005, BC011-BC032), worded with ``args``."""
    from broadcheck.messages import RULES

    rule = RULES[code]
    return Diagnostic(code, rule.severity, rule.format(op, **(args or {})), path, span, notes, labels)
