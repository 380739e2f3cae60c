"""Refine's spans: a run of a row's statements re-typed at once, as a run of the same shape was.

An export repeats itself: each layer of a model is the same rows of the same forms, on other
names. :meth:`.refine.Refiner.block` takes a row (of one-line statements,
:attr:`.refine_read.Reader.runs`) by its shape (:func:`shape_of`: its forms and each one's names'
count), cut into spans: runs of statements each of which it re-types from its memo or passes by,
and the rest. The first time it meets a span of some kind it takes it statement by statement and
notes what that did (:func:`template_of`: the edits, from each statement's start; the types, values,
origins and sums it gave names, by their place among the span's names; the traces of its lines). A
later span of the same kind (:func:`key_of`: its shape, its names' lengths, which of its names are
the same, and what refine knows of each name that comes from outside it) does the same: the template
is applied in columns, with no Python step per statement (:meth:`Template.apply`).
:func:`.refine_replay.unchanged` takes the span's new forms from the template too
(:attr:`Template.forms`), where the edits the span has in the end are the template's.

In: a row of :class:`~.refine_read.Lazy` statements and the refiner's plans of their forms, the
:class:`~.refine_values.Scope` before and after a span. Out: shapes, keys, templates.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import compress, count, groupby, repeat
from operator import add, and_, attrgetter, eq, itemgetter, lt, or_
from typing import TYPE_CHECKING, Any

from broadcheck.engine.forms import USE

if TYPE_CHECKING:
    from broadcheck.engine.fix import PlannedStatement
    from broadcheck.engine.forms import Form
    from broadcheck.engine.refine_values import Scope, Values

SPAN = 8
"""A run of a row's statements this long is taken as a span (shorter ones: statement by statement)."""

Span = tuple[int, int, int, int, int]
"""(first, last: the span's statements in the row; where its names start and end in the row's
names, -1 for a run taken statement by statement; the span's number, part of its templates' keys)."""

Plan = tuple[int, int, bool, int, bool, bool, bool]
"""How :meth:`.refine.Refiner.block` takes a statement of one form (:meth:`.refine.Refiner._plan`)."""

NAMES, FORM, AT, LINE = attrgetter("names"), attrgetter("form"), attrgetter("_offset"), attrgetter("line")
LINE_OF = itemgetter(2)
"""The line of an entry of a row as the scanner sent it (form, names, line): :meth:`Template.apply`
of a :class:`.refine_read.Row`'s span, whose statements are not made."""


class Template:
    """What re-typing a span did, to be done again for a span of the same shape (module docstring),
    in columns, so that :meth:`apply` takes no Python step per statement or name."""

    __slots__ = ("edits", "forms", "given", "passed", "sums", "taken", "traces")

    def __init__(
        self,
        edits: list[tuple[int, int, int, str]],
        given: tuple[list[tuple[int, Any]], list[tuple[int, Any]], list[tuple[int, Any]]],
        sums: list[tuple[int, int, int]],
        traces: list[tuple[int, str]],
        taken: int,
        passed: int,
    ) -> None:
        self.edits = _columns(edits, 4)
        """Each edit (its statement, start and end from the statement's start, new text), in columns."""
        self.given = tuple(_columns(pairs, 2) for pairs in given)
        """The types, values and origins it gave names: (the names' places in the span's names, what
        each was given), in columns."""
        self.sums = _columns(sums, 3)
        """The sums it noted (a ``stablehlo.add``): each name's place, its two terms' places."""
        self.traces = _columns(traces, 2)
        """The traces of its lines: each statement's place, the argument its new type follows from."""
        self.taken, self.passed = taken, passed
        """How many of its statements were re-typed, and passed by."""
        self.forms: list[tuple[int, Form]] | None = None
        """Each re-typed statement's new form (its place, the form), made once by
        :func:`.refine_replay.unchanged`; empty where one cannot be made."""

    def apply(
        self,
        span: Sequence[PlannedStatement] | Sequence[tuple[Form, list[str], int]],
        names: list[str],
        offsets: list[int],
        scope: Scope,
        edits: list[tuple[int, int, str]],
        traces: dict[int, str],
        line: Callable[[Any], int] = LINE,
    ) -> None:
        """Do to ``span`` (its ``names`` and its statements' ``offsets``) what the template's span
        did: its edits appended to ``edits``, its names given their types, values, origins and sums
        in ``scope``, its lines' traces noted in ``traces`` (``line``: the line of an item of
        ``span``, a statement or, :data:`LINE_OF`, an entry of a row as the scanner sent it)."""
        at, starts, ends, news = self.edits
        if at:
            moved = list(map(offsets.__getitem__, at))
            edits += zip(map(add, moved, starts), map(add, moved, ends), news, strict=True)
        name = names.__getitem__
        knowns: tuple[dict[str, Any], ...] = (scope.types, scope.values, scope.origins)
        for known, (places, given) in zip(knowns, self.given, strict=True):
            if places:
                known.update(zip(map(name, places), given, strict=True))
        places, firsts, seconds = self.sums
        if places:
            scope.sums.update(
                zip(map(name, places), zip(map(name, firsts), map(name, seconds), strict=True), strict=True)
            )
        places, origins = self.traces
        if places:
            traces.update(zip(map(line, map(span.__getitem__, places)), origins, strict=True))


def _columns(rows: list[tuple[Any, ...]], width: int) -> tuple[tuple[Any, ...], ...]:
    """``rows`` (each ``width`` long) as ``width`` columns."""
    return tuple(zip(*rows, strict=True)) if rows else ((),) * width


class Shape:
    """A row's shape (its forms and each one's names' count) as :meth:`.refine.Refiner.block`
    takes it, told once per shape (:func:`shape_of`)."""

    __slots__ = ("passable", "spanned", "spans", "uses")

    def __init__(self, spans: tuple[Span, ...], uses: tuple[bool, ...], passable: bool) -> None:
        self.spans = spans
        """Its spans (:data:`Span`), in order, covering the row."""
        self.spanned = any(span[2] >= 0 for span in spans)
        """Whether a span of it may be re-typed from a template."""
        self.uses = uses
        """For each of the row's names (in order), whether its statement uses it (not a result)."""
        self.passable = passable
        """Whether the row may be passed by at once (:func:`.refine_rows.passed_by`): each form
        says which of its names it uses, and none is an op refine reads anyway, nor a TOSA op."""


def shape_of(
    forms: tuple[Form, ...],
    sizes: tuple[int, ...],
    plans: dict[Form, Plan],
    plan_of: Callable[[Form], Plan],
    read_anyway: frozenset[str],
    known: dict[tuple[tuple[Form, ...], tuple[int, ...]], Shape],
) -> Shape:
    """The shape of a row of one-line statements (:class:`Shape`: their ``forms`` and each one's
    names' count, ``sizes``), from ``known`` if told before. A span is a run of at least
    :data:`SPAN` statements that are each re-typed from their memo or passed by on their plan
    (their names as many as their form's, a count of results, not a call nor a
    ``real_dynamic_slice``); the rest is taken statement by statement."""
    found = known.get((forms, sizes))
    if found is not None:
        return found
    whole: list[bool] = []
    uses: list[bool] = []
    passable = True
    for form, size in zip(forms, sizes, strict=True):
        _, results, _, planned, _, sliced, call = plans.get(form) or plan_of(form)
        whole.append(size == planned and results >= 0 and not sliced and not call)
        roles = form.roles
        if len(roles) == size:
            uses += map(eq, roles, repeat(USE))
        else:
            uses += [True] * size
            passable = False
        if form.name in read_anyway or form.name[:5] == "tosa.":
            passable = False
    spans: list[Span] = []
    at = names_at = 0
    for taken, group in groupby(whole):
        size = len(list(group))
        names_end = names_at + sum(sizes[at : at + size])
        if taken and size >= SPAN:
            spans.append((at, at + size, names_at, names_end, len(known) * 4096 + len(spans)))
        elif spans and spans[-1][2] < 0:
            spans[-1] = (spans[-1][0], at + size, -1, -1, 0)  # (statement by statement: one run)
        else:
            spans.append((at, at + size, -1, -1, 0))
        at, names_at = at + size, names_end
    found = known[forms, sizes] = Shape(tuple(spans), tuple(uses), passable)
    return found


def places_of(names: list[str]) -> tuple[int, ...]:
    """Each name's first place among ``names``: which of them are the same. In C."""
    size = len(names)
    first = dict(zip(reversed(names), range(size - 1, -1, -1), strict=True))
    return tuple(map(first.__getitem__, names))


def outside(names: list[str], places: Sequence[int], uses: Sequence[bool], start: int = 0) -> list[str]:
    """The names of a run of a row's statements (``names``, in order; ``places``: each one's first
    place in the row, :func:`places_of`, the run's first name at ``start``; ``uses``: whether each
    is used, not a result) that come from outside the run: each name first seen before the run,
    or first in it as a use. Refine knows nothing of the others before the run: each is a result
    of the run, defined there (a name is defined once). In C, no step per name."""
    at = range(start, start + len(names))
    firsts = map(or_, map(lt, places, repeat(start)), map(and_, map(eq, places, at), uses))
    return list(map(names.__getitem__, compress(range(len(names)), firsts)))


def key_of(
    span_id: int, names: list[str], places: tuple[int, ...], start: int, uses: Sequence[bool], scope: Scope
) -> tuple[object, ...]:
    """What a span's template is found by: its number (its forms), its names' lengths, which of its
    names are the same (``places``: each one's first place in the row; the span's first name is at
    ``start``), and what refine knows of each name that comes from outside it (:func:`outside`:
    type, value, origin)."""
    names_from = outside(names, places, uses, start)
    return (
        span_id,
        tuple(map(len, names)),
        places,
        tuple(map(scope.types.get, names_from)),
        tuple(map(scope.values.get, names_from)),
        tuple(map(scope.origins.get, names_from)),
    )


def known_of(names: list[str], scope: Scope) -> tuple[list[str | None], list[Values | None], list[str | None]]:
    """What refine knows of each of ``names`` (type, value, origin), for :func:`template_of`."""
    return (
        list(map(scope.types.get, names)),
        list(map(scope.values.get, names)),
        list(map(scope.origins.get, names)),
    )


def template_of(
    span: Sequence[PlannedStatement],
    names: list[str],
    names_from: list[str],
    before: tuple[list[str | None], list[Values | None], list[str | None]],
    edits: list[tuple[int, int, str]],
    sums: list[tuple[str, str] | None],
    scope: Scope,
    noted: dict[int, str],
    traces: list[str | None],
    taken: int,
    passed: int,
) -> Template | None:
    """What a span did (:class:`Template`), told from refine's state before (``before``: types,
    values and origins of its ``names``, :func:`known_of`, those of ``names_from`` its key's;
    ``sums``: their sums; ``traces``: its lines' traces) and after it (``scope``, ``noted``: the
    traces; ``edits``: the edits it wrote); ``None`` where refine knew something of a name the span
    defines (a template is found by what is known of the names from outside only), where it touched
    a name outside the span (a sum of two names not in it) or wrote before its first statement."""
    defined = set(names) - set(names_from)
    if [i for known in before for i, name in enumerate(names) if name in defined and known[i] is not None]:
        return None  # (a list, not a generator: no Python call per name)
    offsets = list(map(AT, span))
    made = []
    for a, b, new in edits:
        j = bisect_right(offsets, a) - 1
        if j < 0:
            return None
        made.append((j, a - offsets[j], b - offsets[j], new))
    where = dict(zip(names, count()))
    places = where.values()  # (each name once: its last place)
    now: tuple[dict[str, Any], ...] = (scope.types, scope.values, scope.origins)
    was: tuple[list[Any], ...] = before
    types, values, origins = (
        [(i, after[names[i]]) for i in places if after.get(names[i]) != prior[i]]
        for after, prior in zip(now, was, strict=True)
    )
    told_sums = []
    for i in places:
        pair = scope.sums.get(names[i])
        if pair is not None and pair != sums[i]:
            if pair[0] not in where or pair[1] not in where:
                return None
            told_sums.append((i, where[pair[0]], where[pair[1]]))
    lines = [s.line for s in span]
    traced = [(j, noted[line]) for j, line in enumerate(lines) if noted.get(line) != traces[j]]
    return Template(made, (types, values, origins), told_sums, traced, taken, passed)
