"""Refine's ops with regions: what each dialect's refinement pass carries into a region's block
arguments and out of its terminators into the op's results (see ``docs/refine.md``).

* *Loops* whose carried values are their operands (``stablehlo.while``, ``mhlo.while``,
  ``tf.WhileRegion``, ``tfl.while``; ``scf.for`` with ``iter_args``): every region's block
  arguments take the operands' new types, and the results take them too if the body then yields
  exactly them (``stablehlo-refine-shapes``' ``RefineWhileOpPattern``: the loop's result types are
  its operand types). ``scf.while`` (custom or generic form): its ``before`` region takes the operands' new
  types, its ``after`` region and its results what ``scf.condition`` forwards, if the ``after``
  region then yields the operands' types.
* *Branches* (``stablehlo.if``/``case``, ``scf.if``, ``tf.IfRegion``/``CaseRegion``, and
  ``shape.assuming``, one branch): no block arguments; the results take what every branch's
  terminator yields, when the branches agree.
* *Bodies on elements* (``reduce``, ``reduce_window``, ``sort``, ``scatter``, ``map``,
  ``linalg.generic``, ...): their block arguments are element types, which a shape does not
  change; the op is re-typed from its operands by its check, as a one-line op is, with its
  regions elided (and ``linalg``'s results following their ``outs``).

An op with regions is read as the scanner reads it: one text with each region elided as
``{...}``, whose offsets map back to the file through the pieces of lines it was joined from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from broadcheck.dialects.shaped import split_top
from broadcheck.engine.fix import UNREAD_AT, PlannedStatement, result_keys, use_key
from broadcheck.engine.refine_generic import label_arguments
from broadcheck.engine.refine_values import Refining, Scope

if TYPE_CHECKING:
    from broadcheck.engine.control import Summary
    from broadcheck.engine.scan import Piece
    from broadcheck.syntax.statement import Statement

LOOPS = frozenset({"stablehlo.while", "mhlo.while", "tf.WhileRegion", "tfl.while"})
BRANCHES = frozenset(
    {"stablehlo.if", "stablehlo.case", "mhlo.if", "mhlo.case", "scf.if", "tf.IfRegion", "tf.CaseRegion"}
    | {"shape.assuming"}
)
TERMINATORS = frozenset(
    {"stablehlo.return", "mhlo.return", "scf.yield", "tf.Yield", "tfl.yield", "linalg.yield", "tensor.yield"}
    | {"shape.assuming_yield"}
)

LOOPS_CUSTOM = {
    "stablehlo.while": (
        re.compile(r"(\s*(%[\w$.\-]+)(?::(\d+))?\s*=\s*stablehlo\.while\((.*)\)\s*:\s*)(.*?)\s*$"),
        "stablehlo.return",
    ),
    "scf.for": (
        re.compile(
            r"(\s*(%[\w$.\-]+)(?::(\d+))?\s*=\s*scf\.for\s+%[\w$.\-]+\s*=\s*\S+\s+to\s+\S+\s+step\s+\S+"
            r"(?:\s*:\s*\w+)?\s+iter_args\((.*)\)\s*->\s*\(?)(.*?)\)?\s*\{\s*$"
        ),
        "scf.yield",
    ),
}
"""The loops refined with their regions: the header of their custom form (its groups: up to the
type list, the results' name and count, the carried ``%arg = %operand`` pairs, the type list) and
the terminator of their body."""

SCF_WHILE = re.compile(
    r"(\s*(%[\w$.\-]+)(?::(\d+))?\s*=\s*scf\.while\s*\((.*)\)\s*:\s*\()(.*)(\)\s*->\s*\(?)(.*?)\)?\s*\{\s*$"
)
"""``scf.while``'s header in its custom form (groups: up to its operand types, the results' name and
count, the ``%arg = %init`` pairs, the operand types, up to the result types, the result types)."""

NOT_REFINED: dict[str, str] = {}
"""Ops with regions refine does not carry types through yet, and why."""

Spread = Callable[[int], tuple[int, int, int]]
"""An offset in a statement's joined text -> (offset in the file, line, column)."""


def spread_of(pieces: Sequence[Piece], starts: Sequence[int], line_starts: Sequence[int]) -> Spread:
    """The map of a joined text's offsets back to the file (its pieces of lines and where each
    begins in the text)."""

    def where(offset: int) -> tuple[int, int, int]:
        index = 0
        for i, begin in enumerate(starts):
            if begin > offset:
                break
            index = i
        piece = pieces[index]
        column = piece.column + offset - starts[index]
        return line_starts[piece.line - 1] + column - 1, piece.line, column

    return where


def same(a: str, b: str) -> bool:
    """Whether two type texts are the same type text (spaces aside)."""
    return "".join(a.split()) == "".join(b.split())


def refine_region_op(
    refiner: Refining, scope: Scope, s: PlannedStatement, inner: list[PlannedStatement], depth: int
) -> None:
    """Re-type one op with regions (``s``, read as one text with its regions elided) and the ops
    of its regions (``inner``), as its kind says (the module docstring)."""
    if SCF_WHILE.match(refiner.line(s)):
        _scf_while(refiner, scope, s, inner, depth)
        return
    loop = next((k for k, (head, _) in LOOPS_CUSTOM.items() if head.match(refiner.line(s))), None)
    if loop is not None:
        _custom_loop(refiner, scope, s, inner, depth, loop)
        return
    view = refiner.view(s)
    if view is None:
        refiner.stop(s, "it cannot be read as one op with its regions elided", scope.origins)
        return
    st = view.statement
    name = st.name
    if name == "scf.while":
        _scf_while_generic(refiner, scope, view, inner, depth)
    elif name in LOOPS:
        _loop(refiner, scope, view, inner, depth)
    elif name in BRANCHES:
        _branches(refiner, scope, view, inner, depth)
    else:
        _bodies(refiner, scope, view, inner, depth)


def _inside(refiner: Refining, scope: Scope, inner: list[PlannedStatement], depth: int) -> list[PlannedStatement]:
    """The statements of the op's regions at their first depth (its terminators among them)."""
    return [x for x in inner if refiner.depth(x) == depth + 1 and x.offset != UNREAD_AT]


def _loop(refiner: Refining, scope: Scope, view: PlannedStatement, inner: list[PlannedStatement], depth: int) -> None:
    st = view.statement
    operand_types, result_types = refiner.placed(st)
    if len(operand_types) != len(st.operands) or len(result_types) != len(operand_types) or None in operand_types:
        refiner.stop(view, "its operands and types cannot be paired", scope.origins)
        return
    new = [scope.types.get(use_key(u), t.text) for u, t in zip(st.operands, operand_types, strict=True) if t]
    labels = refiner.labels(view, inner, depth + 1)
    if len(labels) != st.regions or any(len(args) != len(new) for _, args in labels):
        refiner.stop(view, "its regions' block arguments are not its operands'", scope.origins)
        return
    inside = dict(scope.types)
    known = dict(scope.values)
    for label, args in labels:
        for (arg, start, end), type_text, use in zip(args, new, st.operands, strict=True):
            known.pop(arg, None)  # a carried value changes from one iteration to the next
            if not same(label.text[start:end], type_text):
                inside[arg] = type_text
                if use_key(use) in scope.origins:
                    scope.origins[arg] = scope.origins[use_key(use)]
    saved, said = len(refiner.edits), len(refiner.diagnostics)
    for label, args in labels:
        for (_, start, end), type_text in zip(args, new, strict=True):
            refiner.edit_at(label, start, end, type_text)
    refiner.block(inner, depth + 1, Scope(scope.fn, inside, known, scope.origins))
    body = _inside(refiner, scope, inner, depth)
    last = body[-1].statement if body else None
    why = None
    if last is None or last.name not in TERMINATORS or len(last.operands) != len(new):
        why = "its body does not end in a terminator of its values"
    else:
        why = _yields_other(refiner, last, inside, new, "its body")
    if why is not None:  # nothing inside is re-typed (the loop keeps its types)
        del refiner.edits[saved:]
        refiner.diagnostics = refiner.diagnostics[:said]
        refiner.stop(view, why, scope.origins)
        return
    _retype(refiner, scope, view, dict(enumerate(new)), {i: new[i] for i in range(len(new))})


def _yields_other(
    refiner: Refining, last: Statement, known: Mapping[str, str], new: Sequence[str], region: str
) -> str | None:
    """Why a loop's region does not yield its values' new types (``None``: it does)."""
    yields = refiner.placed(last)[0]
    for i, (use, written) in enumerate(zip(last.operands, yields, strict=False)):
        got = known.get(use_key(use)) or (written.text if written is not None else "?")
        if not same(got, new[i]):
            return f"{region} yields {got} for its value #{i}, not {new[i]}"
    return None


def _branches(
    refiner: Refining, scope: Scope, view: PlannedStatement, inner: list[PlannedStatement], depth: int
) -> None:
    st = view.statement
    inside = Scope(scope.fn, dict(scope.types), dict(scope.values), scope.origins)
    refiner.block(inner, depth + 1, inside)
    _, result_types = refiner.placed(st)
    ends = [x.statement for x in _inside(refiner, scope, inner, depth) if x.statement.name in TERMINATORS]
    if len(ends) != st.regions or any(len(e.operands) != len(result_types) for e in ends):
        if result_types:
            refiner.stop(view, "its regions do not each end in a terminator of its results", scope.origins)
        return
    new: dict[int, str] = {}
    for i, written in enumerate(result_types):
        if written is None:
            refiner.stop(view, "its result types cannot be placed", scope.origins)
            return
        yielded: list[str] = []
        for end in ends:
            placed = refiner.placed(end)[0]
            old = placed[i] if i < len(placed) else None
            yielded.append(inside.types.get(use_key(end.operands[i])) or (old.text if old is not None else "?"))
        if any(not same(y, yielded[0]) for y in yielded):
            refiner.stop(
                view, f"its branches yield {' and '.join(sorted(set(yielded)))} for result #{i}", scope.origins
            )
            return
        if not same(yielded[0], written.text):
            new[i] = yielded[0]
    _retype(refiner, scope, view, {}, new)


def _bodies(refiner: Refining, scope: Scope, view: PlannedStatement, inner: list[PlannedStatement], depth: int) -> None:
    if any(refiner.uses(x, scope.types) for x in inner):
        refiner.stop(view, "its regions use a value whose type changed", scope.origins)
        return
    st = view.statement
    if not any(use_key(u) in scope.types for u in st.operands):
        return
    if st.name in NOT_REFINED:
        refiner.stop(view, NOT_REFINED[st.name], scope.origins)
        return
    summaries = _summaries(refiner, view, inner, depth)
    if len(summaries) != st.regions:
        refiner.stop(view, "its regions do not each end in a terminator refine knows", scope.origins)
        return
    refiner.regions[id(view)] = summaries
    refiner.op(view, st, scope, refiner.origin_of(st, scope))


def _summaries(
    refiner: Refining, view: PlannedStatement, inner: list[PlannedStatement], depth: int
) -> tuple[Summary, ...]:
    """What the op's check knows of its regions (as the engine summarises them): each region's
    entry arguments (its label's, or the custom ``reducer(...)``'s), terminator and what it yields."""
    labels = [[label.text[a:b] for _, a, b in args] for label, args in refiner.labels(view, inner, depth + 1)]
    custom = re.search(r"\breducer(\(.*?\))\s*\{", view.text)
    if custom is not None and not labels:
        labels = [[custom.group(1)[a:b] for _, a, b in label_arguments(custom.group(1))]]
    found: list[Summary] = []
    ops = 0
    for x in inner:
        if refiner.depth(x) != depth + 1:
            continue
        ops += 1
        if x.offset == UNREAD_AT or x.statement.name not in TERMINATORS:
            continue
        yields = tuple("".join(t.text.split()) if t is not None else None for t in refiner.placed(x.statement)[0])
        k = len(found)
        arguments = tuple("".join(t.split()) for t in labels[k]) if k < len(labels) else ()
        found.append((arguments, x.statement.name, yields, None, (), 1, ops, None))
        ops = 0
    return tuple(found)


def _retype(
    refiner: Refining, scope: Scope, view: PlannedStatement, operands: dict[int, str], results: dict[int, str]
) -> None:
    """Write an op's new operand and result types (the ones that change) and carry its results'."""
    st = view.statement
    operand_types, result_types = refiner.placed(st)
    for i, new in operands.items():
        written = operand_types[i] if i < len(operand_types) else None
        if written is not None:
            refiner.edit_at(view, written.start, written.end, new)
    keys = result_keys(st)
    origin = refiner.origin_of(st, scope)
    for i, new in results.items():
        written = result_types[i] if i < len(result_types) else None
        if written is None:
            continue
        refiner.edit_at(view, written.start, written.end, new)
        if i < len(keys) and not same(new, written.text):
            scope.types[keys[i]] = new
            if origin is not None:
                scope.origins[keys[i]] = origin


def _custom_loop(
    refiner: Refining, scope: Scope, s: PlannedStatement, inner: list[PlannedStatement], depth: int, loop: str
) -> None:
    """A loop in its custom form (``stablehlo.while``, ``scf.for`` with ``iter_args``): its one
    list of types (carried operands, block arguments and results) takes its operands' new types,
    if its body then yields those types."""
    head, terminator = LOOPS_CUSTOM[loop]
    match = head.match(refiner.line(s))
    if match is None:
        refiner.stop(s, "its header is not on one line", scope.origins)
        return
    pairs = [p.strip() for p in split_top(match.group(4))]
    carried = [tuple(x.strip() for x in p.split("=", 1)) for p in pairs if "=" in p]
    written = split_top(match.group(5))
    if len(carried) != len(pairs) or len(written) != len(carried):
        refiner.stop(s, "its operands and types cannot be paired", scope.origins)
        return
    new = [scope.types.get(operand, old.strip()) for (_, operand), old in zip(carried, written, strict=True)]
    inside = dict(scope.types)
    for (arg, operand), type_text, old in zip(carried, new, written, strict=True):
        if "".join(type_text.split()) != "".join(old.split()):
            inside[arg] = type_text
            if operand in scope.origins:
                scope.origins[arg] = scope.origins[operand]
    known = {k: v for k, v in scope.values.items()}
    for arg, _ in carried:
        known.pop(arg, None)  # a carried value changes from one iteration to the next
    saved, said = len(refiner.edits), len(refiner.diagnostics)
    refiner.block(inner, depth + 1, Scope(scope.fn, inside, known, scope.origins))
    body = [x for x in inner if refiner.depth(x) == depth + 1 and x.offset != UNREAD_AT]
    last = body[-1].statement if body else None
    why = None
    if last is None or last.name != terminator or len(last.operands) != len(new):
        why = f"its body does not end in a {terminator} of its values"
    else:
        yielded = [inside.get(use_key(u)) or old.strip() for u, old in zip(last.operands, written, strict=True)]
        for i, (y, n) in enumerate(zip(yielded, new, strict=True)):
            if "".join(y.split()) != "".join(n.split()):
                why = f"its body yields {y} for {carried[i][0]}, not {n}"
                break
    if why is not None:  # nothing inside is re-typed (the loop keeps its types)
        del refiner.edits[saved:]
        refiner.diagnostics = refiner.diagnostics[:said]
        refiner.stop(s, why, scope.origins)
        return
    start = refiner.line_start(s.line) + match.end(1)
    at = start
    base = match.group(5)
    cursor = 0
    for old, type_text in zip(written, new, strict=True):
        offset = base.index(old.strip(), cursor)
        cursor = offset + len(old.strip())
        if "".join(type_text.split()) != "".join(old.split()):
            refiner.edits.append((at + offset, at + cursor, type_text))
    count = int(match.group(3) or 1)
    name = match.group(2)
    for i, type_text in enumerate(new[:count]):
        key = name if i == 0 else f"{name}#{i}"
        if "".join(type_text.split()) != "".join(written[i].split()):
            scope.types[key] = type_text
            operand = carried[i][1]
            if operand in scope.origins:
                scope.origins[key] = scope.origins[operand]


def _scf_while(refiner: Refining, scope: Scope, s: PlannedStatement, inner: list[PlannedStatement], depth: int) -> None:
    """``scf.while`` in its custom form: its ``before`` region's arguments (in its header) take its
    operands' new types, its ``after`` region's arguments and its results the types
    ``scf.condition`` forwards, if the ``after`` region then yields the operands' types (its
    verifier's rules)."""
    match = SCF_WHILE.match(refiner.line(s))
    if match is None:
        refiner.stop(s, "its header is not on one line", scope.origins)
        return
    pairs = [p.strip() for p in split_top(match.group(4))]
    carried = [tuple(x.strip() for x in p.split("=", 1)) for p in pairs if "=" in p]
    written, results = split_top(match.group(5)), split_top(match.group(7))
    labels = refiner.labels_within(s.line, inner[-1].line if inner else s.line, depth + 1)
    if len(carried) != len(pairs) or len(written) != len(carried) or len(labels) != 1:
        refiner.stop(s, "its operands, types and regions cannot be paired", scope.origins)
        return
    inits = [operand for _, operand in carried]
    new = [scope.types.get(operand, old.strip()) for operand, old in zip(inits, written, strict=True)]
    label, args = labels[0]
    before = [x for x in inner if x.line < label.line]
    after = [x for x in inner if x.line > label.line]
    forwarded = _while_regions(
        refiner, scope, s, depth, ([arg for arg, _ in carried], inits, new, results), before, (label, args, after)
    )
    if forwarded is None:
        return
    at = refiner.line_start(s.line)
    for group, olds, types in ((5, written, new), (7, results, forwarded)):
        base, cursor = match.group(group), 0
        for old, type_text in zip(olds, types, strict=True):
            offset = base.index(old.strip(), cursor)
            cursor = offset + len(old.strip())
            if not same(type_text, old):
                refiner.edits.append((at + match.start(group) + offset, at + match.start(group) + cursor, type_text))
    count, name = int(match.group(3) or 1), match.group(2)
    for i, type_text in enumerate(forwarded[:count]):
        key = name if i == 0 else f"{name}#{i}"
        if not same(type_text, results[i]):
            scope.types[key] = type_text
            init = inits[i] if i < len(inits) else None
            if init is not None and init in scope.origins:
                scope.origins[key] = scope.origins[init]


def _scf_while_generic(
    refiner: Refining, scope: Scope, view: PlannedStatement, inner: list[PlannedStatement], depth: int
) -> None:
    """``scf.while`` in the generic form (``"scf.while"(%init) ({^bb0(...): ...}, {^bb0(...):
    ...}) : (T) -> (U)``): as the custom form, its ``before`` block's label taking the operands'
    new types, and its functional type the operands' and the forwarded ones."""
    st = view.statement
    operand_types, result_types = refiner.placed(st)
    labels = refiner.labels(view, inner, depth + 1)
    if (
        len(operand_types) != len(st.operands)
        or None in operand_types
        or None in result_types
        or len(labels) != 2
        or len(labels[0][1]) != len(st.operands)
    ):
        refiner.stop(view, "its operands, types and regions cannot be paired", scope.origins)
        return
    inits = [use_key(u) for u in st.operands]
    written = [t.text for t in operand_types if t is not None]
    results = [t.text for t in result_types if t is not None]
    new = [scope.types.get(init, old) for init, old in zip(inits, written, strict=True)]
    (first, first_args), (label, args) = labels
    before = [x for x in inner if x.line < label.line]
    after = [x for x in inner if x.line > label.line]
    saved = len(refiner.edits)
    for (_, start, end), type_text in zip(first_args, new, strict=True):
        refiner.edit_at(first, start, end, type_text)
    forwarded = _while_regions(
        refiner, scope, view, depth, ([arg for arg, _, _ in first_args], inits, new, results), before,
        (label, args, after),
    )  # fmt: skip
    if forwarded is None:
        del refiner.edits[saved:]  # (its before block's label as written too)
        return
    _retype(refiner, scope, view, dict(enumerate(new)), dict(enumerate(forwarded)))


def _while_regions(
    refiner: Refining,
    scope: Scope,
    s: PlannedStatement,
    depth: int,
    loop: tuple[list[str], list[str], list[str], list[str]],
    before: list[PlannedStatement],
    after_block: tuple[PlannedStatement, list[tuple[str, int, int]], list[PlannedStatement]],
) -> list[str] | None:
    """Refine ``scf.while``'s two regions (``loop``: the ``before`` arguments, the inits, their new
    types, the written result types; the ``after`` block's label, its arguments and statements):
    the types ``scf.condition`` forwards, or ``None`` when the op stops (nothing inside re-typed)."""
    before_args, inits, new, results = loop
    label, args, after = after_block
    before_scope = Scope(scope.fn, dict(scope.types), dict(scope.values), scope.origins)
    for arg, init, type_text in zip(before_args, inits, new, strict=True):
        before_scope.values.pop(arg, None)  # a carried value changes from one iteration to the next
        if arg in before_scope.types or init in scope.types:
            before_scope.types[arg] = type_text
            if init in scope.origins:
                scope.origins[arg] = scope.origins[init]
    saved, said = len(refiner.edits), len(refiner.diagnostics)
    refiner.block(before, depth + 1, before_scope)
    ends = [x.statement for x in _inside(refiner, scope, before, depth)]
    condition = ends[-1] if ends else None
    why = None
    forwarded: list[str] = []
    if condition is None or condition.name != "scf.condition" or len(condition.operands) != len(results) + 1:
        why = "its before region does not end in an scf.condition of its results"
    else:
        for use, old in zip(condition.operands[1:], results, strict=True):
            forwarded.append(before_scope.types.get(use_key(use), old.strip()))
        if len(args) != len(forwarded):
            why = "its after region's arguments are not what the condition forwards"
    if why is None:
        after_scope = Scope(scope.fn, dict(scope.types), dict(scope.values), scope.origins)
        for (arg, start, end), type_text in zip(args, forwarded, strict=True):
            after_scope.values.pop(arg, None)
            if not same(label.text[start:end], type_text):
                after_scope.types[arg] = type_text
                refiner.edit_at(label, start, end, type_text)
        refiner.block(after, depth + 1, after_scope)
        body = _inside(refiner, scope, after, depth)
        last = body[-1].statement if body else None
        if last is None or last.name != "scf.yield" or len(last.operands) != len(new):
            why = "its after region does not end in an scf.yield of its values"
        else:
            why = _yields_other(refiner, last, after_scope.types, new, "its after region")
    if why is not None:  # nothing inside is re-typed (the loop keeps its types)
        del refiner.edits[saved:]
        refiner.diagnostics = refiner.diagnostics[:said]
        refiner.stop(s, why, scope.origins)
        return None
    return forwarded
