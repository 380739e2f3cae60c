"""Stage *refine*: a module re-typed under new argument types (``broadcheck refine``).

The design is in ``docs/refine.md``. In short: the functions are read with the fix stage's
reader (:mod:`.refine_read`), the new argument types are seeds, and each op, in the order of its
function (dominance order: a value is defined before its uses), gets its new operand types
and the result types its own check says would verify (the check's ``expected`` type, asked
with a result type that cannot be right). Integer shape values are followed too
(:mod:`.refine_fold`), so that a ``dynamic_broadcast_in_dim`` whose shape operand is now known
gets a static result, as ``stablehlo-refine-shapes`` gives it. Ops with regions are refined with
their regions (:mod:`.refine_regions`). ``func.call`` carries the types (and the shape values)
into a private callee, and the callee's ``func.return`` gives the call's result types; a callee
called with a second set of types is cloned. What cannot be inferred stops along its values
only, with a warning (BC1860). The edits are of type text only (and a clone's text after the
last function), applied by :func:`.refine_run.edited`. This module is the driver: the functions,
calls and clones, one op's re-typing, the edits.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, compress
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, cast

from broadcheck.diagnostics import Diagnostic, Note
from broadcheck.dialects.op import Layout
from broadcheck.engine.fix import UNREAD_AT, PlannedFunction, PlannedStatement, result_keys, use_key
from broadcheck.engine.forms import RESULT, USE, Form, place_types
from broadcheck.engine.options import Options
from broadcheck.engine.refine_fold import (
    SHAPE_OPS,
    assertion,
    dimension_size,
    fold_values,
    shape_result,
    tensor_dim,
    tensor_empty,
)
from broadcheck.engine.refine_generic import GenericFunction, is_private, label_arguments, renamed, unread_hint
from broadcheck.engine.refine_read import Lazy, Row, arguments_of, dimension_sources, read_functions
from broadcheck.engine.refine_regions import Spread, refine_region_op, spread_of
from broadcheck.engine.refine_rows import open_tosa, open_tosa_text, passed_by, uses
from broadcheck.engine.refine_spans import (
    FORM,
    LINE_OF,
    Shape,
    Template,
    key_of,
    known_of,
    outside,
    places_of,
    shape_of,
    template_of,
)
from broadcheck.engine.refine_values import (
    CALLS,
    PROBE,
    SHAPES,
    Scope,
    Values,
    callee_of,
    const_shape,
    dims_of,
    int_literal,
    literal,
    probe,
    with_shape,
)
from broadcheck.engine.scan import Piece
from broadcheck.engine.verify import Checks
from broadcheck.ops import Operation, Span, Type
from broadcheck.semantics import NOT_JUDGED, Problem
from broadcheck.semantics.tosa import elementwise
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, TypeText, read_statement
from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
from broadcheck.syntax.types import read_type

if TYPE_CHECKING:
    from broadcheck.engine.control import Summary
    from broadcheck.engine.refine_replay import Replayed

_STATIC_SIZES = frozenset({"tensor.expand_shape"})
"""Ops whose dynamic sizes the canonicalizer writes as constants once their operands are known."""

_CONSTANTS = frozenset(
    {"stablehlo.constant", "arith.constant", "tf.Const", "onnx.Constant", "tosa.const", "shape.const_shape"}
    | {"tosa.const_shape"}
)
_RETURNS = frozenset({"func.return", "return"})
_NOT_REPEATED = frozenset({"stablehlo.custom_call", "stablehlo.real_dynamic_slice"}) | SHAPES | _STATIC_SIZES
"""Ops whose re-typing depends on more than their operands' types (:meth:`Refiner._repeat`)."""
_READ_ANYWAY = _CONSTANTS | CALLS | {"tensor.dim", "tensor.empty", "stablehlo.get_dimension_size"}
"""Ops :meth:`Refiner.block` reads whether or not they use a value it knows more of."""


_Written = tuple[tuple[tuple[int, int, str], ...], tuple[tuple[int, str], ...]]
"""What one op's re-typing wrote: its edits (offsets in its text, the new type), its results' new types."""
_Retyping = tuple[tuple[tuple[int, int, str], ...], tuple[tuple[int, str], ...], Values | None]
"""One statement's re-typing: its edits (offsets in its text, the new type), its results' new
types, and its result's integer contents if they became known."""


class BadRequest(Exception):
    """A request refine cannot carry out on this module (an unknown function, argument or
    dimension name, a type that does not parse): a usage error, exit 2."""


@dataclass
class Request:
    """What to refine: new argument types by (function, index), and symbolic dimension sizes by name."""

    args: dict[tuple[str, int], str] = field(default_factory=dict)
    dims: dict[str, int] = field(default_factory=dict)


@dataclass
class Refined:
    """The outcome of refining one text: its edits (``(start, end, new)``, ordered), refine's own
    diagnostics, and which lines were re-typed from which argument (for the trace notes)."""

    edits: list[tuple[int, int, str]]
    diagnostics: list[Diagnostic]
    traces: dict[int, str]


def parse_arg(spec: str) -> tuple[str, int, str]:
    """``@fn:N=TYPE`` as (function name, argument index, type text); raises :class:`BadRequest`."""
    match = re.fullmatch(r"\s*@?([\w$.\-]+|\"[^\"]*\"):(\d+)\s*=\s*(.+?)\s*", spec)
    if match is None:
        raise BadRequest(f"'{spec}' is not @FUNCTION:INDEX=TYPE (e.g. @main:0=tensor<16x128xi32>)")
    name, index, text = match.group(1).strip('"'), int(match.group(2)), match.group(3)
    try:
        read_type(text)
    except SyntaxProblem as problem:
        raise BadRequest(f"'{text}' is not a type: {problem.message}") from None
    return name, index, text


def parse_dim(spec: str) -> tuple[str, int]:
    """``NAME=SIZE`` as (name, size); raises :class:`BadRequest`."""
    match = re.fullmatch(r"\s*([A-Za-z_][\w]*)\s*=\s*(\d+)\s*", spec)
    if match is None:
        raise BadRequest(f"'{spec}' is not NAME=SIZE (e.g. b=16)")
    return match.group(1), int(match.group(2))


class Refiner:
    """Refines the functions of one text (see the module docstring)."""

    def __init__(self, options: Options, path: str) -> None:
        self.options = options
        self.path = path
        self.checks = Checks(options.profile, options.ops)
        self.edits: list[tuple[int, int, str]] = []
        """The edits in the order they were written, ``(start, end, new)``: the last one written at
        a span is the one made (:func:`_ordered`); a step undone takes off those after its start."""
        self.diagnostics: list[Diagnostic] = []
        self.traces: dict[int, str] = {}
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self._functions: dict[str, PlannedFunction] = {}
        self._depths: dict[int, int] = {}
        self._runs: dict[int, dict[int, int]] = {}
        self._spread: dict[int, Spread] = {}
        self._labels: list[tuple[int, int, PlannedStatement, tuple[list[Piece], list[int]]]] = []
        self._verdicts: dict[object, tuple[Problem | None, Operation | None] | None] = {}
        self._lines: Sequence[str] = []
        self._starts: list[int] = []
        self._rows: list[list[tuple[Form, list[str], int]]] = []
        self._done: dict[str, tuple[object, dict[int, str]]] = {}
        self._warned: set[tuple[int, str]] = set()
        self._views: list[PlannedStatement] = []
        self._text = ""
        self._spans: dict[str, tuple[int, int]] = {}
        self._clones: dict[tuple[str, object], str] = {}
        self._appended: list[str] = []
        """The clones of functions refined with a second set of types, written after the last function."""
        self.regions: dict[int, tuple[Summary, ...]] = {}
        """An op with regions (its view): what its check knows of them."""
        self.forms: dict[object, Form] = {}
        """The forms of the statements read (by key): the check of the refined text takes them
        for every statement refine left as it was."""
        self.skipped = 0
        """Statements passed by unread: they use no value refine knows more of."""
        self.repeated = 0
        """Statements re-typed as an earlier one of the same form was (:meth:`_repeat`), unread."""
        self._memo: dict[object, _Retyping] = {}
        """How a statement of one form was re-typed: by (form, its names' lengths, its operands' new types)."""
        self._recording = False
        self._recorded: _Written | None = None
        self._results: dict[Form, int] = {}
        self._plans: dict[Form, tuple[int, int, bool, int, bool, bool, bool]] = {}
        """How :meth:`block` takes a one-line statement of a form in a row (:meth:`_plan`)."""
        self._shapes: dict[tuple[tuple[Form, ...], tuple[int, ...]], Shape] = {}
        """How :meth:`block` takes a row of these forms and names' counts (:func:`.refine_spans.shape_of`)."""
        self._templates: dict[object, Template] = {}
        """What a span of a row did, by its shape (:func:`.refine_spans.key_of`)."""
        self.handed: list[tuple[Template, list[int], int, int]] = []
        """Each span re-typed from a template: (the template, its statements' offsets, the line of
        its row's first statement, where it starts in the row): :func:`.refine_replay.unchanged`
        takes their new forms from the template where their edits are the template's."""

    # ---------------------------------------------------------------- entry

    def refine(self, text: str, request: Request) -> Refined:
        """The edits that re-type ``text`` under ``request``; raises :class:`BadRequest`."""
        functions, reader = read_functions(text, self.forms)
        self.aliases = reader.aliases
        self._depths = reader.depths
        self._runs = reader.runs
        self._spread = {
            key: spread_of(pieces, starts, reader.starts) for key, (pieces, starts) in reader.spread.items()
        }
        self._labels = reader.labels
        for _, _, label, (pieces, starts) in reader.labels:
            self._spread[id(label)] = spread_of(pieces, starts, reader.starts)
        self._lines, self._starts, self._rows = reader.lines, reader.starts, reader.rows
        self._functions = {f.name: f for f in functions}
        self._text, self._spans = text, reader.spans
        seeds: dict[str, dict[int, str]] = {}
        for (name, index), type_text in request.args.items():
            fn = self._functions.get(name)
            if fn is None:
                known = ", ".join("@" + f.name for f in functions) or "none"
                raise BadRequest(
                    f"no function @{name} in the input (its functions: {known}){unread_hint(reader.unread_generic)}"
                )
            _readable(fn)
            arguments = arguments_of(fn)
            if index >= len(arguments):
                raise BadRequest(f"@{name} has {len(arguments)} arguments: there is no argument {index}")
            seeds.setdefault(name, {})[index] = type_text
        for name, size in request.dims.items():
            found = dimension_sources(name, functions, reader.noted)
            if not found:
                raise BadRequest(
                    f"no dimension variable '{name}' in the input (jax.export names them in "
                    f"'jax.global_constant' argument attributes){unread_hint(reader.unread_generic)}"
                )
            for fn_name, index, dim in found:
                fn = self._functions[fn_name]
                _readable(fn)
                arguments = arguments_of(fn)
                written = seeds.get(fn_name, {}).get(index, arguments[index][1].text)
                dims = dims_of(written)
                if dims is None or dim >= len(dims):
                    raise BadRequest(f"@{fn_name}'s argument {index} has no dimension {dim}")
                dims[dim] = size
                new = with_shape(written, dims)
                assert new is not None
                seeds.setdefault(fn_name, {})[index] = new
        for name, retyped in seeds.items():
            self._function(self._functions[name], retyped, {})
        if self._appended and self._spans:
            at = max(end for _, end in self._spans.values())
            self.edits.append((at, at, "".join("\n" + text for text in self._appended)))
        edits = _ordered(self.edits)
        return Refined(edits, self.diagnostics, self.traces)

    def unchanged(self, edits: Sequence[tuple[int, int, str]]) -> Replayed | None:
        """The reader's rows of one-line statements (form, names, line), in line order, each
        statement with the form ``edits`` give it (:func:`.refine_replay.unchanged`)."""
        from broadcheck.engine.refine_replay import unchanged

        return unchanged(self._rows, edits, self._starts, self._text, self.handed)

    def retyped_heads(
        self, edits: Sequence[tuple[int, int, str]], lines: dict[int, tuple[str, Form, list[str]]] | None = None
    ) -> dict[str, Form]:
        """The head forms of the functions whose headers ``edits`` re-type, by their new keys
        (:meth:`.refine_read.Header.retyped`): the check of the refined text finds them there.
        ``lines``, if given, receives each such header's new text, head form and names by its line,
        and those of every other header refine's reading read, as they were
        (:class:`.refine_replay.Replay` opens its region from them, not scanning the line again)."""
        from broadcheck.engine.refine_read import Header

        heads: dict[str, Form] = {}
        for fn in self._functions.values():
            header = fn.header
            if type(header) is not Header:
                continue  # (a header refine did not read as one: the check scans it)
            start = header.offset
            end = start + len(header.text)
            # (ordered: the edits within a header are a run of them, from the first at `start` or
            # after to the last at `end` or before: found by bisection of the edits themselves)
            inside = [e for e in edits[bisect_left(edits, (start,)) : bisect_left(edits, (end + 1,))] if e[1] <= end]
            if not inside:
                if lines is not None and header.form.error is None:  # (as it was: opened from the form read)
                    lines[header.line] = (header.text, header.form, header.names)
                continue
            form = header.retyped(inside)
            if form is not None:
                heads[form.key] = form
                if lines is not None:
                    pieces: list[str] = []
                    cut = start
                    for a, b, written in inside:
                        pieces += (self._text[cut:a], written)
                        cut = b
                    pieces.append(self._text[cut:end])
                    lines[header.line] = ("".join(pieces), form, header.names)
        return heads

    def _function(
        self, fn: PlannedFunction, retyped_args: dict[int, str], known_args: dict[int, Values]
    ) -> tuple[str, dict[int, str]] | None:
        """Refine ``fn`` with these argument types and values: the name of the function that has
        them (``fn``, or a clone of it when ``fn`` was refined with others) and its new result
        types (index -> type); ``None`` if it cannot be cloned."""
        key = tuple(sorted(retyped_args.items())) + tuple(
            (i, ",".join(map(str, v))) for i, v in sorted(known_args.items())
        )
        done = self._done.get(fn.name)
        if done is not None:
            if done[0] == key:
                return fn.name, done[1]
            clone = self._clones.get((fn.name, key))
            if clone is not None:
                return clone, self._done[clone][1]
            return self._clone(fn, retyped_args, known_args, key)
        self._done[fn.name] = (key, {})
        results = self._refine_function(fn, retyped_args, known_args)
        self._done[fn.name] = (key, results)
        return fn.name, results

    def _refine_function(
        self, fn: PlannedFunction, retyped_args: dict[int, str], known_args: dict[int, Values]
    ) -> dict[int, str]:
        types: dict[str, str] = {}
        values: dict[str, Values] = {}
        origins: dict[str, str] = {}
        header = fn.header
        arguments = arguments_of(fn)
        generic = fn.type if type(fn) is GenericFunction else None
        for index, new in retyped_args.items():
            name, written = arguments[index]
            if "".join(new.split()) != written.key and header is not None:
                if type(fn) is GenericFunction:  # (its entry block's label and its function_type)
                    assert fn.entry is not None and generic is not None  # (read: `_readable`, `_call`)
                    self._edit(fn.entry, written, new)
                    self._edit(header, generic.inputs[index], new)
                else:
                    self._edit(header, written, new)
            types[name] = new
            origins[name] = f"@{fn.name}'s argument #{index} (now {new}, was {written.text})"
        for index, known in known_args.items():
            values[arguments[index][0]] = known
        return self.block(fn.statements, 0, Scope(fn, types, values, origins))

    def _clone(
        self, fn: PlannedFunction, retyped_args: dict[int, str], known_args: dict[int, Values], key: object
    ) -> tuple[str, dict[int, str]] | None:
        """A copy of ``fn`` refined with other argument types, named as MLIR's symbol table
        renames a clashing symbol (``@f_0``, ``@f_1``, ...), written after the module's last
        function: a function takes one set of types, so a second set needs its own function."""
        span = self._spans.get(fn.name)
        header = fn.header
        if span is None or header is None or any(d < 0 for d in span):
            return None
        start, end = span
        n = 0
        while f"{fn.name}_{n}" in self._functions or f"{fn.name}_{n}" in self._done:
            n += 1
        name = f"{fn.name}_{n}"
        saved = self.edits
        self.edits = []
        self._done[name] = (key, {})
        try:
            results = self._refine_function(fn, retyped_args, known_args)
        finally:
            written = {(a, b): new for a, b, new in self.edits}
            inside = {k: v for k, v in written.items() if start <= k[0] and k[1] <= end}
            saved += [(a, b, new) for (a, b), new in written.items() if (a, b) not in inside]
            self.edits = saved
        self._done[name] = (key, results)
        self._clones[fn.name, key] = name
        text = self._text[start:end]
        for (a, b), new in sorted(inside.items(), reverse=True):
            text = text[: a - start] + new + text[b - start :]
        if type(fn) is GenericFunction:
            found = renamed(text, name)  # (its `sym_name`)
            if found is None:
                return None
            self._appended.append(found)
            return name, results
        symbol = re.search(r"@(?:[\w$.\-]+|\"[^\"]*\")", text[header.offset - start :])
        if symbol is None:
            return None
        at = header.offset - start + symbol.start()
        text = text[:at] + "@" + name + text[at + symbol.end() - symbol.start() :]
        self._appended.append(text)
        return name, results

    def block(
        self,
        statements: list[PlannedStatement],
        depth: int,
        scope: Scope,
    ) -> dict[int, str]:
        """Refine the statements of one nesting ``depth`` in order (an op's regions with the op);
        the function's new result types if its ``return`` is among them.

        The reader's rows of one-line statements (:attr:`.refine_read.Reader.runs`: all
        :class:`Lazy`, of one depth) are passed by whole where none uses a value refine knows more of
        (:func:`.refine_rows.passed_by`); else a span of one is re-typed as an earlier span of the
        same shape was, from its template (:mod:`.refine_spans`), and each other statement is
        taken on its form's plan (:meth:`_plan`): most are re-typed as an earlier statement of
        their memo was, inline (the first span of a shape so, and its template noted)."""
        results: dict[int, str] = {}
        types, values = scope.types, scope.values
        origins, traces = scope.origins, self.traces
        depths = self._depths
        value_names = values.keys()
        types_get, values_get = types.get, values.get
        memos, plans = self._memo, self._plans
        edit_list = self.edits  # (the same list for the whole block: a clone's is swapped back)
        append = edit_list.append
        templates, shapes, handed, plan_of = self._templates, self._shapes, self.handed, self._plan
        read_anyway = _READ_ANYWAY
        skipped = repeated = 0  # (added to the refiner's at the end: not an attribute's write per statement)
        rows = self._runs.get(id(statements), {})  # the reader's rows of one-line statements, in order
        at = 0
        for row_at, row_size in (*rows.items(), (len(statements), 0)):
            for position in range(at, row_at):  # (between rows: one statement at a time)
                s = statements[position]
                if depths and depths.get(id(s), 0) != depth:
                    continue  # inside an op's regions: refined with that op
                if type(s) is not Lazy:
                    found = self._general(s, position, statements, depth, scope)
                    if found is not None:
                        results = found
                    continue
                found = self._one_line(s, depth, position, statements, scope)
                if found is _SKIPPED:
                    skipped += 1
                elif found is not None:
                    results = found
            at = row_at + row_size
            if not row_size:
                break
            row = statements[row_at:at]
            kept: object = row[0]  # (a statement, or a Row: its statements not made yet)
            if depths and depths.get(id(kept), 0) != depth:
                continue  # (a row is of one depth) inside an op's regions: refined with that op
            listing, base = statements, row_at  # (the list of the row's statements, where it starts there)
            if type(kept) is Row:  # (its statements not made yet: its forms and names are its batch's)
                batch = kept.batch
                row_size = len(batch)
                name_lists = list(map(_BATCH_NAMES, batch))
                forms = tuple(map(_BATCH_FORM, batch))
            else:
                name_lists = list(map(_ROW_NAMES, row))
                forms = tuple(map(FORM, row))
            flat = list(chain.from_iterable(name_lists))
            joined = "".join(flat)
            hashed = "#" in joined  # (`%0#1`: rare)
            shape = shape_of(forms, tuple(map(len, name_lists)), plans, plan_of, read_anyway, shapes)
            if not hashed and passed_by(shape.passable, list(compress(flat, shape.uses)), types, values):
                skipped += row_size  # every statement of the row would be passed by, one by one
                continue
            held = kept if type(kept) is Row else None
            line_of_row = batch[0][2] if held is not None else row[0].line
            starts_of: list[int] | None = None  # (a Row not made: where each of its statements starts)
            if held is not None:
                starts_of = held.starts()
                if starts_of is None:  # (its lines' indents differ: its statements made now)
                    row = listing = cast("list[PlannedStatement]", held.statements())
                    base = 0
            whole = hashed or ":" in joined or not shape.spanned  # (statement by statement)
            spans = ((0, row_size, -1, -1, 0),) if whole else shape.spans
            places = places_of(flat) if spans is shape.spans else ()  # (which names are the same: the spans' keys)
            for first, last, names_at, names_end, span_id in spans:
                if names_at >= 0:  # a span, re-typed from a template if one is known (:mod:`.refine_spans`)
                    span_names = flat[names_at:names_end]
                    span_places = places[names_at:names_end]
                    span_uses = shape.uses[names_at:names_end]
                    key = key_of(span_id, span_names, span_places, names_at, span_uses, scope)
                    template = templates.get(key)
                    if template is not None:
                        if starts_of is not None:  # (a Row's span: its batch and starts are enough)
                            offsets = starts_of[first:last]
                            handed.append((template, offsets, batch[0][2], first))
                            template.apply(batch[first:last], span_names, offsets, scope, edit_list, traces, LINE_OF)
                        else:
                            span = row[first:last]
                            offsets = list(map(_AT, span))
                            handed.append((template, offsets, line_of_row, first))
                            template.apply(span, span_names, offsets, scope, edit_list, traces)
                        repeated += template.taken
                        skipped += template.passed
                        continue
                if held is not None and starts_of is not None:
                    # (a Row's run taken on its own: its statements made, the rest of the row not)
                    run = cast("list[PlannedStatement]", held.some(first, last))
                    listing, base = run, -first
                else:
                    run = row[first:last]
                if names_at >= 0:  # (a span of a shape not met before: taken statement by statement, noted)
                    span = run
                    before = (len(edit_list), repeated, skipped)
                    known_before = known_of(span_names, scope)
                    sums_before = list(map(scope.sums.get, span_names))
                    traces_before = [traces.get(s.line) for s in span]
                for position, s in enumerate(run, base + first):
                    form = s.form  # type: ignore[attr-defined]  # (a row's statements are Lazy)
                    plan = plans.get(form)
                    if plan is None:
                        plan = self._plan(form)
                    split, count, colon, size, add, sliced, call = plan
                    names = s.names  # type: ignore[attr-defined]
                    if len(names) != size or hashed:  # (a form not planned: its `size` is -1)
                        found = self._one_line(s, depth, position, listing, scope)  # type: ignore[arg-type]
                        if found is _SKIPPED:
                            skipped += 1
                        elif found is not None:
                            results = found
                        continue
                    used = names[split:]
                    retyped = tuple(map(types_get, used))
                    no_values = value_names.isdisjoint(used)
                    if no_values and not any(retyped) and not call:
                        skipped += 1
                        continue  # it uses no value refine knows more of: not read
                    if colon and any(":" in n for n in names[:count]):
                        count = -1  # (`%0:2`: two values)
                    if count < 0 or (call and no_values and not any(retyped)):  # (a call as written: marked)
                        found = self._general(s, position, listing, depth, scope)
                        if found is not None:
                            results = found
                        continue
                    memo: tuple[object, ...] = (
                        form,
                        tuple(map(len, names)),
                        retyped,
                        # (no value known: `()` for its operands' values, never a tuple of one)
                        () if no_values else tuple(map(values_get, used)),
                    )
                    if sliced:  # (a `real_dynamic_slice` also follows the sum its limit may be)
                        memo = (*memo, _slice_sum(used, scope))
                    done = memos.get(memo)
                    if done is None:
                        record = self._record_call if call else self._record
                        if not record(s, memo, scope):  # type: ignore[arg-type]
                            found = self._general(s, position, listing, depth, scope)
                            if found is not None:
                                results = found
                        continue
                    # Re-typed as the last statement of its memo was (:meth:`_repeat`, inline: most
                    # re-typed statements of an export)
                    repeated += 1
                    edits, new_results, value = done
                    origin = None
                    for n in used:
                        if n in origins:
                            origin = origins[n]
                            break
                    if origin is not None:
                        traces[s.line] = origin
                    if add and len(used) == 2:  # (as fold_values notes it)
                        scope.sums[names[0]] = (used[0], used[1])
                    if value is not None:
                        values[names[0]] = value
                    offset = s._offset  # (`Lazy.at`)
                    for start, end, new in edits:
                        append((offset + start, offset + end, new))
                    for index, new in new_results:
                        if index < count:
                            types[names[index]] = new
                            if origin is not None:
                                origins[names[index]] = origin
                if names_at >= 0 and repeated - before[1] + skipped - before[2] == last - first:
                    made = template_of(
                        span,
                        span_names,
                        outside(span_names, span_places, span_uses, names_at),
                        known_before,
                        edit_list[before[0] :],
                        sums_before,
                        scope,
                        traces,
                        traces_before,
                        repeated - before[1],
                        skipped - before[2],
                    )
                    if made is not None:
                        templates[key] = made
                        handed.append((made, list(map(_AT, span)), line_of_row, first))
        self.skipped += skipped
        self.repeated += repeated
        return results

    def _plan(self, form: Form) -> tuple[int, int, bool, int, bool, bool, bool]:
        """How :meth:`block` takes a one-line statement of ``form`` in a row, asked once per form:
        (where its operands' names start, how many results it has (-1: not re-typed from a memo),
        whether a result's name may say ``:N`` (then not), how many names it has, whether it is a
        ``stablehlo.add``, whether a ``real_dynamic_slice`` of four operands, whose memo also
        holds :func:`_slice_sum`, whether a call, re-typed from its memo only where it uses a value
        refine knows more of, :meth:`_record_call`). Planned: its names are its results then its operands, and it is
        re-typed from its memo (:meth:`_repeat`) if it uses a value refine knows more of. Any other
        (its names' count -1: no statement has that many) is taken by :meth:`_one_line`."""
        name, roles, split = form.name, form.roles, form.split
        plan: tuple[int, int, bool, int, bool, bool, bool] = (0, -1, False, -1, False, False, False)
        call = name in CALLS
        if (call or name not in _READ_ANYWAY) and name[:5] != "tosa.":
            results = roles.count(RESULT)
            if split >= 0:
                plan = (split, split, False, len(roles), name == "stablehlo.add", False, call)
            elif roles == (RESULT,) * results + (USE,) * (len(roles) - results):
                count = self._results_of(form)
                plan = (results, count, count > 0, len(roles), name == "stablehlo.add", False, call)
            if name == "stablehlo.real_dynamic_slice" and plan[3] - plan[0] == 4 and plan[1] == 1:
                plan = (*plan[:5], True, False)  # (its result follows its operands' types and values, and a sum)
            elif name in _NOT_REPEATED and plan[3] >= 0:
                plan = (plan[0], -1, False, len(roles), False, False, False)
            elif call and plan[3] >= 0 and len(form.result_types) != plan[1]:
                plan = (plan[0], -1, False, len(roles), False, False, True)  # (`%0:3 = call`: one name, three values)
        self._plans[form] = plan
        return plan

    def _one_line(
        self, s: Lazy, depth: int, position: int, statements: list[PlannedStatement], scope: Scope
    ) -> dict[int, str] | None:
        """One statement on one line at ``depth`` (:meth:`block`'s course for it, asked on its form
        and names first): ``_SKIPPED`` if passed by unread, a function's new result types if it
        is its ``return``, else ``None``."""
        types, values = scope.types, scope.values
        form = s.form
        name = form.name
        if name not in _READ_ANYWAY:
            row_names = s.names
            split = form.split
            if split >= 0 and len(form.roles) == len(row_names):  # (Lazy.operand_names, inlined)
                used_names: list[str] | None = row_names[split:]
                if "#" in "".join(used_names):  # type: ignore[arg-type]
                    used_names = s.operand_names()
            else:
                used_names = s.operand_names()
            if used_names is not None:
                no_types = types.keys().isdisjoint(used_names)
                no_values = values.keys().isdisjoint(used_names)
                # (a TOSA op whose result says less than a static shape is inferred anyway,
                # as tosa-infer-shapes does, on the full course below)
                tosa_open = name[:5] == "tosa." and open_tosa_text(name, s.text)
                if no_types and no_values and not tosa_open:
                    return _SKIPPED  # it uses no value refine knows more of: not read
                count = split if split >= 0 else self._single_results(s)
                if not tosa_open and count >= 0 and name not in _NOT_REPEATED:
                    memo = (
                        form,
                        tuple(map(len, row_names)),
                        tuple(map(types.get, used_names)),
                        # (no value known: `()` for its operands' values, never a tuple of one)
                        () if no_values else tuple(map(values.get, used_names)),
                    )
                    done = self._memo.get(memo)
                    if done is not None:
                        self._repeat(s, done, used_names, scope, count)
                        return None
                    if self._record(s, memo, scope):
                        return None
        return self._general(s, position, statements, depth, scope)

    def _general(
        self, s: PlannedStatement, position: int, statements: list[PlannedStatement], depth: int, scope: Scope
    ) -> dict[int, str] | None:
        """One statement at ``depth`` read and refined (:meth:`block`'s course for those it does
        not pass by nor re-type from a memo): a function's new result types if it is its ``return``."""
        if s.offset == UNREAD_AT:
            inner = []
            for back in range(position - 1, -1, -1):
                if self._depths.get(id(statements[back]), 0) <= depth:
                    break
                inner.append(statements[back])
            inner.reverse()
            if any(uses(t.text, scope.types, scope.values) for t in [s, *inner]):
                refine_region_op(self, scope, s, inner, depth)
            return None
        st = s.statement
        if st.name in _CONSTANTS:
            literal = next((a.text for a in st.attributes if a.name in ("value", "values") and ":" in a.text), None)
            text = literal if literal is not None else _after_name(s.text, st)
            found = int_literal(text) if text is not None else None
            if st.name == "shape.const_shape" and text is not None:
                found = const_shape(text)
            if st.name == "tosa.const_shape" and found is None and text is not None:  # `values(dense<...>)`
                shaped = re.match(r"\s*values\((dense<.*>\s*:\s*tensor<[^>]*>)\)", text)
                found = int_literal(shaped.group(1)) if shaped is not None else None
            if found is not None and st.results:
                scope.values[st.results[0].name] = found
            return None
        used = [u for u in st.operands if use_key(u) in scope.types or use_key(u) in scope.values]
        if st.name == "tensor.dim" and len(st.operands) == 2 and st.results:
            tensor_dim(self, s, st, scope)
            return None
        if st.name == "tensor.empty":
            tensor_empty(self, s, st, scope)
            return None
        if st.name == "stablehlo.get_dimension_size" and st.operands and st.results:
            dimension_size(self, s, st, scope)
            return None
        if not used and st.name not in CALLS:
            if open_tosa(s.text, st):
                self.op(s, st, scope, None, quiet=True)
            return None
        origin = next((scope.origins[use_key(u)] for u in st.operands if use_key(u) in scope.origins), None)
        if origin is not None:
            self.traces[s.line] = origin
        if st.name in _RETURNS:
            return self._return(scope.fn, s, st, scope.types)
        if st.name in CALLS:
            self._call(s, st, scope, origin)
            return None
        if st.name == "stablehlo.custom_call" and callee_of(st) == "shape_assertion":
            assertion(self, s, st, scope.values)
            return None
        fold_values(self, s, st, scope)
        retyped = any(use_key(u) in scope.types for u in st.operands)
        if not retyped and st.name not in SHAPE_OPS:
            if open_tosa(s.text, st):
                self.op(s, st, scope, None, quiet=True)
            return None
        self.op(s, st, scope, origin, quiet=not retyped and st.name.startswith("tosa."))
        return None

    def _single_results(self, s: Lazy) -> int:
        """How many results ``s`` has, if its names are its results (one value each) then its
        operands and it has no regions (as :attr:`.forms.Form.split`, but also for ops whose
        check reads constants); -1 otherwise."""
        form = s.form
        if form.split >= 0:
            return form.split
        known = self._results_of(form)
        if known > 0 and any(":" in n for n in s.names[:known]):
            return -1  # `%0:2`: two values
        return known

    def _results_of(self, form: Form) -> int:
        """:meth:`_single_results` of a statement of ``form`` whose names say no ``:N``."""
        known = self._results.get(form)
        if known is None:
            roles = form.roles
            count = roles.count(RESULT)
            plain = form.simple and not form.regions and roles == (RESULT,) * count + (USE,) * (len(roles) - count)
            plain = plain and count > 0 and form.inner is None and form.name not in _RETURNS
            known = self._results[form] = count if plain else -1
        return known

    def _record(self, s: Lazy, memo: object, scope: Scope) -> bool:
        """Re-type ``s`` (an op of one result each, that takes its operands' types and values
        only: :meth:`block`'s course for it) and keep what it did for the next statement of its
        memo (:meth:`_repeat`), if it said nothing; ``False`` if it does not read."""
        st = s.statement
        if s.offset == UNREAD_AT:
            return False
        name = s.names[0] if self._single_results(s) else None
        values = scope.values
        before = values.get(name) if name is not None else None
        marks = len(self.diagnostics), len(self._warned)
        origin = self.origin_of(st, scope)
        if origin is not None:
            self.traces[s.line] = origin
        fold_values(self, s, st, scope)
        self._recorded = None
        if any(use_key(u) in scope.types for u in st.operands) or st.name in SHAPE_OPS:
            self._recording = True
            try:
                self.op(s, st, scope, origin)
            finally:
                self._recording = False
            if self._recorded is None:
                return True  # (it stopped before its types were written)
        after = values.get(name) if name is not None else None
        if marks == (len(self.diagnostics), len(self._warned)):
            edits, results = self._recorded or ((), ())
            self._memo[memo] = (edits, results, after if after is not before else None)
        return True

    def _record_call(self, s: Lazy, memo: object, scope: Scope) -> bool:
        """Re-type ``s``, a call of one result each (:meth:`_general`'s course for it), and keep what
        it did for the next call of its memo (:meth:`_repeat`), if it said nothing and called its
        callee as refined before (not a clone); ``False`` if it does not read."""
        if s.offset == UNREAD_AT:
            return False
        st = s.statement
        marks = len(self.diagnostics), len(self._warned)
        origin = self.origin_of(st, scope)
        if origin is not None:
            self.traces[s.line] = origin
        self._recorded = None
        try:
            self._call(s, st, scope, origin, record=True)
        finally:
            self._recording = False
        if self._recorded is not None and marks == (len(self.diagnostics), len(self._warned)):
            self._memo[memo] = (*self._recorded, None)
        return True

    def _repeat(self, s: Lazy, done: _Retyping, used: list[str], scope: Scope, count: int) -> None:
        """Re-type ``s`` as the last statement of its form, with names as long and operands as
        re-typed, was re-typed (``done``: its edits are at the same offsets of its text; it said
        nothing, no stop, no error); ``count``: its results (:meth:`_single_results`)."""
        self.repeated += 1
        edits, new_results, value = done
        origins = scope.origins
        origin = None
        for n in used:
            if n in origins:
                origin = origins[n]
                break
        if origin is not None:
            self.traces[s.line] = origin
        names = s.names
        if len(used) == 2 and s.form.name == "stablehlo.add":  # (as fold_values notes it)
            scope.sums[names[0]] = (used[0], used[1])
        if value is not None:
            scope.values[names[0]] = value
        at = s._offset  # (`Lazy.at`)
        append = self.edits.append
        for start, end, new in edits:
            append((at + start, at + end, new))
        types = scope.types
        for index, new in new_results:
            if index < count:
                types[names[index]] = new
                if origin is not None:
                    origins[names[index]] = origin

    def line_start(self, line: int) -> int:
        """Where line ``line`` (1-based) starts in the text."""
        return self._starts[line - 1]

    def line(self, s: PlannedStatement) -> str:
        """The first line of a statement (an op with regions: its header)."""
        return self._lines[s.line - 1] if 0 < s.line <= len(self._lines) else ""

    def op(
        self,
        s: PlannedStatement,
        st: Statement,
        scope: Scope,
        origin: str | None,
        quiet: bool = False,
    ) -> None:
        """Re-type one op: its operands' types written anew, its results' inferred (``quiet``: an op
        none of whose operands is re-typed, whose results are inferred where its check says them,
        with no warning where it does not)."""
        layout = self._layout(st.name)
        operand_types, result_types = place_types(st, layout)
        edits: dict[tuple[int, int], str] = {}
        for i, use in enumerate(st.operands):
            new = scope.types.get(use_key(use))
            if new is None:
                continue
            written = operand_types[i] if i < len(operand_types) else None
            if written is None:
                self.stop(s, "its operand types cannot be placed", scope.origins)
                return
            if (written.start, written.end) in edits and edits[written.start, written.end] != new:
                self.stop(s, "one written type stands for operands whose new types differ", scope.origins)
                return
            edits[written.start, written.end] = new
        if st.name in _STATIC_SIZES:  # known index operands written as the constants they fold to
            for use in st.operands[1:]:
                known = scope.values.get(use_key(use))
                if known is not None and len(known) == 1 and known[0] >= 0:
                    edits[use.start, use.end] = str(known[0])
        for i, use in enumerate(st.operands):  # a written type shared with an unchanged operand
            written = operand_types[i] if i < len(operand_types) and not (i and st.name in _STATIC_SIZES) else None
            if (
                use_key(use) not in scope.types
                and written is not None
                and (written.start, written.end) in edits
                and "".join(edits[written.start, written.end].split()) != written.key
            ):
                self.stop(s, "one written type stands for operands whose new types differ", scope.origins)
                return
        keys = result_keys(st)
        shared = [
            i for i, t in enumerate(result_types) if t is not None and (t.start, t.end) in edits
        ]  # `op %a : T`: the one type is the result's too
        new_results: dict[int, str] = {i: edits[result_types[i].start, result_types[i].end] for i in shared}  # type: ignore[union-attr]
        shape = shape_result(self, st, scope, result_types)
        if shape is not None:
            new_results.update(shape)
        if st.name.startswith("linalg.") and len(st.operands) >= len(result_types):
            # a linalg op's results are its outs' types (the last operands)
            outs = st.operands[len(st.operands) - len(result_types) :]
            new_results.update({i: scope.types[use_key(u)] for i, u in enumerate(outs) if use_key(u) in scope.types})
        _, check = self.checks.check_of(st.name)
        if check is None:
            dynamic = any(None in (dims_of(t.text) or []) for t in result_types if t is not None)
            if dynamic and len(new_results) < len(result_types) and not quiet:
                self.stop(s, "broadcheck has no check of it to infer its results", scope.origins)
            self._commit(s, edits, result_types, new_results, keys, scope, origin)
            return
        judged = self._judged(s, edits, result_types, new_results, scope.values)
        if judged is not None and judged[0] is not None and not _about_result(judged[0]):
            # The op does not verify with its new operand types, whatever its results: an error
            # in its check's words; its results keep their types (they follow no further).
            self._broken(s, edits, result_types, new_results, scope.values)
            self._commit(s, edits, result_types, _only(new_results, shared), keys, scope, origin)
            return
        asked = dict(new_results)
        for index, t in enumerate(result_types):
            if index in new_results or t is None:
                continue
            probed = probe(t.text, index)
            if probed is None and st.name.startswith("tosa."):  # unranked: probed at an operand's rank
                probed = _unranked_probe(t.text, st, scope.types, operand_types, index)
            if probed is None:
                continue
            found = self._problem(s, edits, result_types, {**new_results, index: probed}, scope.values)
            if found is None or found is _STUCK or not _about_result(found) or found.subject.index != index:  # type: ignore[union-attr]
                # A check that verifies its result's shape without inferring it (compare, a
                # cast): a result written with an operand's old shape takes its new shape, and
                # keeps its element type, if the check then accepts it.
                followed = self._followed(t, st, operand_types, scope.types)
                if (
                    followed is not None
                    and self._problem(s, edits, result_types, {**new_results, index: followed}, scope.values) is None
                    and self._problem(s, edits, result_types, {**new_results, index: probed}, scope.values) is not None
                ):
                    new_results[index] = followed
                    continue
                unranked = st.name.startswith("tosa.") and "".join(t.text.split()).startswith("tensor<*")
                if not quiet and (None in (dims_of(t.text) or []) or unranked):
                    self.stop(s, "its check does not say which result type it infers", scope.origins)
                continue
            inferred = str(found.expected)
            dims = dims_of(inferred)
            if dims is not None and PROBE + index in dims:
                # the check fills a size it does not infer from the written (probed) result: unknown
                unknown = with_shape(inferred, [None if d == PROBE + index else d for d in dims])
                inferred = unknown if unknown is not None else inferred
            if "".join(inferred.split()) != t.key:
                new_results[index] = inferred
        final = judged if new_results == asked else self._judged(s, edits, result_types, new_results, scope.values)
        if final is None or final[0] is not None:
            if final is not None and final[0] is not None:
                self._broken(s, edits, result_types, new_results, scope.values)
            new_results = _only(new_results, shared)
        self._commit(s, edits, result_types, new_results, keys, scope, origin)

    @staticmethod
    def _followed(
        result: TypeText, st: Statement, operand_types: Sequence[TypeText | None], types: Mapping[str, str]
    ) -> str | None:
        """``result`` with the new shape of an operand whose old shape it has."""
        own = dims_of(result.text)
        for i, use in enumerate(st.operands):
            new = types.get(use_key(use))
            written = operand_types[i] if i < len(operand_types) else None
            if new is None or written is None or own is None:
                continue
            if dims_of(written.text) == own:
                now = dims_of(new)
                if now is not None and now != own:
                    return with_shape(result.text, now)
        # (else, for a TOSA elementwise op, whose tosa-infer-shapes the campaign compares: a result
        # written with less than an operand's new shape says, `?` for a size or unranked; the caller
        # takes it only if the check accepts it and rejects the probe. Not for other ops: a lax check,
        # a conv2d's of an input of unknown sizes, would accept its weight's shape.)
        for i, use in enumerate(st.operands if st.name.startswith("tosa.") and elementwise(st.name) else ()):
            written = operand_types[i] if i < len(operand_types) else None
            if written is None:
                continue
            now = dims_of(types.get(use_key(use)) or written.text)
            if now is None:
                continue
            if own is None or (
                len(own) == len(now) and all(a is None or a == b for a, b in zip(own, now, strict=True))
            ):
                found = with_shape(result.text, now)
                if found is not None and now != own:
                    return found
        return None

    def _broken(
        self,
        s: PlannedStatement,
        edits: Mapping[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: Mapping[int, str],
        values: Mapping[str, Values],
    ) -> None:
        """An op that no longer verifies: its check's problem, at the op, in its words."""
        from broadcheck.engine.diagnose import diagnose

        found = self._judged(s, edits, result_types, new_results, values, located=True)
        if found is not None and found[0] is not None and found[1] is not None:
            self.diagnostics.append(diagnose(found[0], found[1], self.path))

    def _commit(
        self,
        s: PlannedStatement,
        edits: dict[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: dict[int, str],
        keys: list[str],
        scope: Scope,
        origin: str | None,
    ) -> None:
        if self._recording:  # (the op :meth:`block` keeps the re-typing of, for its form)
            self._recording = False
            wrote = [*edits.items()]
            wrote += [((t.start, t.end), new) for i, new in new_results.items() if (t := result_types[i]) is not None]
            text = s.text
            # (as :meth:`edit_at` makes them, in order: a span written twice, `op %a : T` whose one
            # type is its operand's and its result's, is one edit)
            made = {(a, b): new for (a, b), new in wrote if "".join(new.split()) != "".join(text[a:b].split())}
            self._recorded = (tuple((a, b, new) for (a, b), new in made.items()), tuple(new_results.items()))
        for (start, end), new in edits.items():
            self.edit_at(s, start, end, new)
        for index, new in new_results.items():
            written = result_types[index]
            if written is not None and edits.get((written.start, written.end)) != new:  # (not twice)
                self.edit_at(s, written.start, written.end, new)
            if index < len(keys):
                scope.types[keys[index]] = new
                if origin is not None:
                    scope.origins[keys[index]] = origin

    def _call(self, s: PlannedStatement, st: Statement, scope: Scope, origin: str | None, record: bool = False) -> None:
        """Re-type a call (``record``: keep what its own types' writing wrote, :meth:`_record_call`,
        if it calls its callee by its name, not a clone's)."""
        callee = callee_of(st)
        fn = self._functions.get(callee or "")
        operand_types, result_types = place_types(st, self._layout(st.name))
        retyped = {i: scope.types[use_key(u)] for i, u in enumerate(st.operands) if use_key(u) in scope.types}
        known = {i: scope.values[use_key(u)] for i, u in enumerate(st.operands) if use_key(u) in scope.values}
        if fn is None or fn.header is None or not is_private(fn):
            if retyped:
                self.stop(s, f"its callee @{callee} is not a private function of this module", scope.origins)
            return
        unread = fn.readable() if type(fn) is GenericFunction else None
        if unread is not None and (retyped or known):
            self.stop(s, f"its callee @{callee} is in the generic form and {unread}", scope.origins)
            return
        if not retyped and not known and fn.name not in self._done:
            self._done[fn.name] = ((), {})  # called as written: a later call with new types takes a clone
            return
        if len(arguments_of(fn)) != len(st.operands):  # (a header that does not read: its syntax error is the check's)
            self.stop(s, f"the header of its callee @{callee} cannot be read", scope.origins)
            return
        found = self._function(fn, retyped, known)
        self._recorded = None  # (what the callee's own ops recorded is not the call's: a clone's call keeps none)
        if found is None:
            self.stop(s, f"@{callee} is called with other argument types elsewhere", scope.origins)
            return
        name, new = found
        edits = {}
        for i, t in retyped.items():
            written = operand_types[i] if i < len(operand_types) else None
            if written is None:
                self.stop(s, "its operand types cannot be placed", scope.origins)
                return
            edits[written.start, written.end] = t
        if record and name == fn.name:
            self._recording = True  # (after the callee's own refining: its ops' commits are not the call's)
        if name != fn.name:
            symbol = re.search(r"@(?:[\w$.\-]+|\"[^\"]*\")", s.text[st.name_end :])
            if symbol is not None:
                at = st.name_end + symbol.start()
                self.edit_at(s, at, at + symbol.end() - symbol.start(), "@" + name)
        self._commit(s, edits, result_types, new, result_keys(st), scope, origin)

    def _return(self, fn: PlannedFunction, s: PlannedStatement, st: Statement, types: dict[str, str]) -> dict[int, str]:
        from broadcheck.dialects.op import OPERAND_LIST

        operand_types, _ = place_types(st, OPERAND_LIST)
        header = fn.header
        if type(fn) is GenericFunction:
            signature = fn.type  # (its function_type)
        else:
            signature = header.statement.signature if header is not None else None
        outputs = signature.outputs if signature is not None else ()
        changed: dict[int, str] = {}
        for i, use in enumerate(st.operands):
            new = types.get(use_key(use))
            if new is None:
                continue
            written = operand_types[i] if i < len(operand_types) else None
            if written is None or header is None or i >= len(outputs):
                self.stop(s, "its types cannot be placed", {})
                return changed
            self._edit(s, written, new)
            if outputs[i].key != "".join(new.split()):
                self._edit(header, outputs[i], new)
            changed[i] = new
        return changed

    def _layout(self, name: str) -> Layout | None:
        from broadcheck import dialects

        decl = dialects.lookup(name)
        return decl.layout if decl is not None else None

    def _problem(
        self,
        s: PlannedStatement,
        edits: Mapping[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: Mapping[int, str],
        values: Mapping[str, Values] | None = None,
    ) -> Problem | None:
        """The check's problem with ``s`` once these types are written (and the known integer
        operands folded to constants, as the refinement passes fold them)."""
        found = self._judged(s, edits, result_types, new_results, values)
        return found[0] if found is not None else _STUCK

    def _judged(
        self,
        s: PlannedStatement,
        edits: Mapping[tuple[int, int], str],
        result_types: Sequence[TypeText | None],
        new_results: Mapping[int, str],
        values: Mapping[str, Values] | None = None,
        located: bool = False,
    ) -> tuple[Problem | None, Operation | None] | None:
        """The check's verdict on ``s`` with these types, and the op it judged when ``located``
        (a verdict depends on the text but for value names and location: it is kept per key)."""
        changes = dict(edits)
        for index, new in new_results.items():
            written = result_types[index]
            if written is not None:
                changes[written.start, written.end] = new
        text = s.text
        for (start, end), new in sorted(changes.items(), reverse=True):
            text = text[:start] + new + text[end:]
        key = None
        if not located and id(s) not in self.regions:  # (an op's regions are not in its key)
            bare = text.rstrip()
            at = bare.rfind(" loc(")
            if at > 0 and bare.endswith(")"):
                bare = bare[:at]
            known = tuple(values.get(use_key(u)) for u in s.statement.operands) if values else ()
            key = (_NAMES.sub("%", bare), known)
            if key in self._verdicts:
                return self._verdicts[key]
        found = self._judge(s, text, values)
        if key is not None and len(self._verdicts) < 200_000:
            self._verdicts[key] = None if found is None else (found[0], None)
        return found

    def _judge(
        self, s: PlannedStatement, text: str, values: Mapping[str, Values] | None
    ) -> tuple[Problem | None, Operation] | None:
        """The check's verdict on ``s`` written as ``text`` (no check: no verdict)."""

        def locate(start: int, end: int) -> Span:
            line, column = self.where(s, start)
            return Span(line, column, line, column + end - start)

        def constants(statement: Statement, operand_types: list[TypeText | None]) -> tuple[str | None, ...]:
            assert values
            return tuple(
                literal(values[use_key(u)], operand_types[i])
                if use_key(u) in values and i < len(operand_types)
                else None
                for i, u in enumerate(statement.operands)
            )

        regions = self.regions.get(id(s), ())
        found = self.checks.retyped(text, locate, self.aliases, constants if values else None, regions)
        if found is None or found[1] is None or found[0] is NOT_JUDGED:
            return None
        return found[0], found[1]

    def _edit(self, s: PlannedStatement, written: TypeText, new: str) -> None:
        self.edit_at(s, written.start, written.end, new)

    def edit_at(self, s: PlannedStatement, start: int, end: int, new: str) -> None:
        """Write ``new`` over ``s.text[start:end]`` (a type text), unless it is the same."""
        if "".join(new.split()) == "".join(s.text[start:end].split()):
            return
        spread = self._spread.get(id(s))
        at = s.offset + start if spread is None else spread(start)[0]
        self.edits.append((at, at + end - start, new))

    def where(self, s: PlannedStatement, start: int) -> tuple[int, int]:
        """The line and column of offset ``start`` of ``s``'s text."""
        spread = self._spread.get(id(s))
        if spread is None:
            return s.line, s.column + start
        _, line, column = spread(start)
        return line, column

    def view(self, s: PlannedStatement) -> PlannedStatement | None:
        """An op on several lines or with regions as one statement (its regions elided), whose
        offsets map back to the file; ``None`` if it does not read."""
        spread = self._spread.get(id(s))
        if spread is None:
            return None
        try:
            statement = read_statement(s.text)
        except ReaderProblem:
            return None
        view = PlannedStatement(s.text, 0, s.line, s.column, statement)
        self._spread[id(view)] = spread
        self._views.append(view)  # (its id stays its own while refining)
        return view

    def placed(self, st: Statement) -> tuple[list[TypeText | None], list[TypeText | None]]:
        """Where ``st``'s operand and result types are written, by its op's layout."""
        return place_types(st, self._layout(st.name))

    def labels(
        self, view: PlannedStatement, inner: Sequence[PlannedStatement], depth: int
    ) -> list[tuple[PlannedStatement, list[tuple[str, int, int]]]]:
        """The block labels at ``depth`` within the op of ``view`` (its regions' entry blocks)."""
        first = inner[0].line if inner else view.line
        spread = self._spread.get(id(view))
        last = spread(len(view.text))[1] if spread is not None else view.line
        return [
            (label, label_arguments(label.text))
            for line, at, label, _ in self._labels
            if at == depth and view.line <= line <= last and line >= min(first, view.line)
        ]

    def labels_within(
        self, first: int, last: int, depth: int
    ) -> list[tuple[PlannedStatement, list[tuple[str, int, int]]]]:
        """The block labels at ``depth`` on lines ``first`` to ``last``."""
        return [
            (label, label_arguments(label.text))
            for line, at, label, _ in self._labels
            if at == depth and first <= line <= last
        ]

    def depth(self, s: PlannedStatement) -> int:
        """How deep in regions ``s`` is, in its function."""
        return self._depths.get(id(s), 0)

    def uses(self, s: PlannedStatement, *known: Container[str]) -> bool:
        """Whether ``s``'s text names a value of any of ``known``."""
        return uses(s.text, *known)

    def origin_of(self, st: Statement, scope: Scope) -> str | None:
        """The argument the new types of ``st``'s operands follow from."""
        return next((scope.origins[use_key(u)] for u in st.operands if use_key(u) in scope.origins), None)

    def stop(self, s: PlannedStatement, why: str, origins: Mapping[str, str]) -> None:
        """Refinement stops along the values of ``s``: a warning naming the op."""
        from broadcheck.messages import RULES

        name = s.statement.name if s.offset != UNREAD_AT else s.text.split("=")[-1].split("(")[0].strip().strip('"')
        if s.offset == UNREAD_AT:
            match = re.search(r"(?:^|=\s*)\"?([a-z_][\w]*\.[\w.]+)", s.text)
            name = match.group(1) if match else name
        if (s.line, why) in self._warned:
            return
        self._warned.add((s.line, why))
        rule = RULES["BC1860"]
        line = s.line
        if s.offset != UNREAD_AT:
            line, column = self.where(s, s.statement.name_start)
        else:  # the op's name on its first line
            line_text = self.line(s)
            at = line_text.find(name)
            column = at + 1 if at >= 0 else 1 + len(line_text) - len(line_text.lstrip())
        span = Span(line, column, line, column + len(name))
        self.diagnostics.append(Diagnostic(rule.code, rule.severity, rule.format(name, reason=why), self.path, span))


def _ordered(edits: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``edits`` (in the order written) ordered, the last written at each span the one kept."""
    ordered = sorted(edits)
    starts = list(map(itemgetter(0), ordered))
    if len(set(starts)) == len(starts):
        return ordered  # (no span written twice: most often)
    kept = {(start, end): new for start, end, new in edits}
    return sorted((start, end, new) for (start, end), new in kept.items())


def _readable(fn: PlannedFunction) -> None:
    """Raise :class:`BadRequest` if ``fn`` is in the generic form and refine cannot read it."""
    why = fn.readable() if type(fn) is GenericFunction else None
    if why is not None:
        raise BadRequest(f"@{fn.name} is in the generic form and {why}")


def _unranked_probe(
    text: str, st: Statement, types: Mapping[str, str], operand_types: Sequence[TypeText | None], index: int
) -> str | None:
    """An unranked result's probe, at the rank of ``st``'s first operand whose (new) type is ranked."""
    for i, use in enumerate(st.operands):
        written = operand_types[i] if i < len(operand_types) else None
        dims = dims_of(types.get(use_key(use)) or (written.text if written is not None else ""))
        if dims is not None:
            ranked = with_shape(text, [None] * len(dims))
            return None if ranked is None else probe(ranked, index)
    return None


def _about_result(problem: Problem) -> bool:
    """Whether ``problem`` is only that a result type is not the one the check infers."""
    return problem.expected is not None and problem.subject is not None and problem.subject.kind == "result"


def _only(new: Mapping[int, str], keep: Sequence[int]) -> dict[int, str]:
    return {i: v for i, v in new.items() if i in keep}


def _after_name(text: str, st: Statement) -> str | None:
    rest = text[st.name_end :].strip()
    rest = re.sub(r"\s+loc\(.*\)\s*$", "", rest)
    return rest or None


_NAMES = re.compile(r"%[\w$.\-]+")
"""A value name (``%0``, ``%arg1``, ``%iterArg_2``): no check reads one."""

_ROW_NAMES = attrgetter("names")
_BATCH_FORM, _BATCH_NAMES = itemgetter(0), itemgetter(1)
"""(:meth:`Refiner.block`: the forms and names of a :class:`.refine_read.Row`'s batch)"""
_AT = attrgetter("_offset")


_NO_SUM = ("(no sum)",)


def _slice_sum(used: list[str], scope: Scope) -> object:
    """What a ``real_dynamic_slice`` (operands ``used``) takes of a sum beside its operands' types
    and values (:func:`.refine_fold.shape_result`): the known contents of the value its limit adds
    to its start, if its limit is such a sum."""
    start, limit = used[1], used[2]
    pair = scope.sums.get(limit)
    if pair is None or start not in pair:
        return _NO_SUM
    return scope.values.get(pair[1] if pair[0] == start else pair[0])


_SKIPPED: dict[int, str] = {}
"""(:meth:`Refiner._one_line`: the statement was passed by; told by its identity.)"""

_STUCK = Problem("BC001")
"""The op cannot be read with the new types (no inference from it)."""


def trace(diagnostics: Sequence[Diagnostic], traces: Mapping[int, str]) -> list[Diagnostic]:
    """The errors at re-typed ops, each with a note naming the argument its new types follow from."""
    from dataclasses import replace

    from broadcheck.messages import note

    return [
        replace(d, notes=(*d.notes, Note("note", note("refine-trace", origin=traces[d.line]))))
        if d.severity == "error" and d.line in traces and d.code != "BC1861"
        else d
        for d in diagnostics
    ]


__all__ = ["BadRequest", "Refined", "Refiner", "Request", "parse_arg", "parse_dim", "trace", "with_shape"]
