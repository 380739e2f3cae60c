"""Stage *value flow*: a value's type from its definition to every use, as MLIR's parser
keeps it (``mlir/lib/AsmParser/Parser.cpp``, ``OperationParser``), and the verifier's
isolation check.

* A module's names live in one name scope; each region is a nested scope of it: it
  sees the names defined before it, and the names it defines are erased when it closes.
  A function's body is such a region too (``func.func`` parses it without name
  shadowing): that the body uses nothing from outside is the verifier's isolation check
  (``'op' op using value defined outside the region``), not the parser's.
* An op's operands are resolved, and its results defined, after its regions: so a
  region may reuse the op's result name (``%0 = "stablehlo.all_reduce"(...) ({ %0 =
  ... })``).
* A use of a name not defined yet is a *forward reference*: it stays pending in the
  module (a region closing does not drop it, unless the region defined the name: MLIR then
  erases all its entries, so ``%4#1`` pending when a region's ``%4`` goes is never
  resolved) until a definition resolves it, whose type must match (``definition of SSA
  value '%x#0' has type T``); one never resolved is ``use of undeclared SSA value name`` at
  the end of the module.
* The module's own body (a file's top level, a ``module``'s region, each
  ``--split-input-file`` chunk) is a graph region: its ops may use what comes later; a
  forward reference from there resolved inside a region nested in it (a function's body)
  is not dominated by its definition, which the verifier reports (:attr:`Flow.unreached`).
  A module with no function and no module in it is a *snippet*: the names it never defines
  are its inputs (no ``undeclared`` error, no type agreement between their uses), and it
  may define a name again; those findings are held until the module's end decides.
* A second use must have the first's type (``use of value '%x' expects different type
  than prior uses: 'T' vs 'U'``, note ``prior use here``); a name is defined once while
  it is visible (``redefinition of SSA value '%x'``, note ``previously defined here``);
  a region's entry argument may not reuse a name referenced before (``region entry
  argument '%x' is already in use``, note ``previously referenced here``).

Types are compared by their text without spaces; a type holding a dialect type, an
attribute or an alias (whose spellings vary for one type) is never a mismatch, except the
dialect types of one spelling (:func:`distinct`: ``!tosa.shape<3>``, ``!tf_type.variant<...>``),
and an unknown type (``None``: the statement does not say) matches anything.

What it finds are :class:`Finding` s (code, line, names, types): the engine locates and
words them. This module reads no text.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from itertools import repeat

from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.named import NamedTuple

MISSING = object()

_drain: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend
"""Runs an iterator to its end in C (``map`` of a table's ``pop`` over a region's names)."""


class Finding(NamedTuple):
    """A value-flow problem, before it is located: ``line`` is where it is found, ``name``
    the value, ``ordinal`` which of the statement's names it is (-1: not a name of it)."""

    code: str
    line: int
    name: str
    ordinal: int
    args: dict[str, object]
    other_line: int = 0
    """The line of the definition or first use it refers to (0: none)."""
    other_name: str = ""
    other_ordinal: int = -1
    """Which of that line's statement's names it is, where known (a forward reference's)."""
    held: bool = False
    """Reported after its statement (its place is among :attr:`Flow.fresh`'s)."""


def comparable(a: str, b: str) -> bool:
    """Whether two type keys that differ are surely two types (see the module docstring)."""
    return not ("!" in a or "!" in b or "#" in a or "#" in b)


_ONE_SPELLING = lazy(
    r"!tosa\.shape<\d+>|!tf_type\.\w+|!tf_executor\.(?:control|token)|!shape\.(?:shape|size|witness|value_shape)\b"
)

"""Dialect types the parser prints and reads one way only: TOSA's shape values (``!tosa.shape<3>``),
TensorFlow's types (``!tf_type.variant``, whose subtypes, ``<tensor<*xf32>>``, are builtin types),
its executor's tokens and the shape dialect's four types. Value flow compares them as the parser
does, by identity."""


def _spelled_once(key: str) -> bool:
    if "!" not in key and "#" not in key:
        return True
    rest = _ONE_SPELLING.sub("", key)
    return "!" not in rest and "#" not in rest


def distinct(a: str, b: str) -> bool:
    """Whether two type keys that differ are surely two types for the parser: as
    :func:`comparable`, and also where they hold only dialect types of one spelling."""
    return _spelled_once(a) and _spelled_once(b)


def _number(name: str) -> tuple[str, int]:
    base, _, number = name.partition("#")
    return base, int(number) if number else 0


class Flow:
    """The values of one module; :attr:`findings` is what is wrong with them."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.reset()

    def reset(self) -> None:
        """A new module."""
        self.types: dict[str, str | None] = {}
        """Every name visible, with result numbers above 0 as ``%x#1``: its type key."""
        self.lines: dict[str, int] = {}
        """:attr:`where`, but for the lines :attr:`unwritten` still holds."""
        self.unwritten: tuple[list[str], list[int]] = ([], [])
        """Names the engine's fast path defined in a function's entry block, and their lines,
        not yet in :attr:`lines`: written there when anything asks :attr:`where` (most
        functions never do), dropped with their region (:attr:`unwritten_marks`)."""
        self.unwritten_marks: list[int] = []
        """For each open region, how many of :attr:`unwritten` were there when it opened (its
        enclosing entry blocks'): its end drops only what follows."""
        self.placeholders: dict[str, tuple[int, int]] = {}
        """Forward references: name -> (line, ordinal) of its first use."""
        self.home: dict[str, int] = {}
        """The number of the isolated region a forward reference was made in (0: none)."""
        self.nested: list[list[str]] = [[]]
        """The names each open region defines (innermost last): erased when it closes."""
        self.shadowed: list[list[tuple[str, str | None, int | None, int | None]] | None] = [None]
        """Per open region of an op broadcheck does not know: the outer names its arguments hid (restored as
        it closes)."""
        self.graph: list[bool] = [True]
        """Whether each open region is a graph region (the module's body, first, is one)."""
        self.serials: list[int] = [0]
        """Each open region's number, in the order regions opened."""
        self.opened = 0
        self.origins: dict[str, tuple[int, ...]] = {}
        """Forward references made outside functions (only modules around): name -> the
        numbers of the regions open at the use, outermost first."""
        self.unreached: list[tuple[tuple[int, int], int, str]] = []
        """Forward references from outside functions whose definition does not dominate the
        use: (the use's site, the line of the definition, where it is, in MLIR's words)."""
        self.orphans: list[tuple[tuple[int, int], str]] = []
        """Forward references never to be resolved: a region defined their name and closed,
        which erases every entry of the name (``%4#1`` after a region's ``%4``)."""
        self.holds: list[tuple[int, int]] = []
        """Findings held (see :attr:`Finding.held`) since the engine last looked: (line,
        ordinal)."""
        self.isolated: list[tuple[int, int, frozenset[str]]] = []
        """The open regions whose op is IsolatedFromAbove, innermost last: (depth, number, the
        names defined outside it when it opened)."""
        self.outside: frozenset[str] = frozenset()
        """The names defined outside the innermost isolated region (none, most often)."""
        self.regions = 0
        """How many isolated regions have opened (their numbers)."""
        self.escapes: list[tuple[int, int, str, int]] = []
        """Uses of a value from outside their isolated region: (line, ordinal, name, the number of
        the isolated region the use is in)."""
        self.fresh: list[tuple[int, int]] = []
        """The forward references made since the engine last looked: (line, ordinal)."""
        self.sites: dict[str, tuple[int, int]] = {}
        """Forward references: name -> (the line of the op using it, the operand's number)."""
        self.redefined: list[Finding] = []
        """Redefinitions before the module's first function or module, until its end (a
        snippet may define a name again)."""
        self.doubts: dict[str, list[Finding]] = {}
        """Uses of a forward reference with another type than its first use, until the name is
        defined (then they are reported) or the module ends (reported unless a snippet)."""
        self.resolved: list[tuple[str, tuple[int, int], int, int]] = []
        """Forward references resolved since the engine last looked: (name, its site, the line of
        its first use, the line of its definition), for the dominance rule."""
        self.arguments: dict[str, int] = {}
        """The block arguments visible: name -> its index among its block's arguments (what
        MLIR's ``BlockArgument::getArgNumber`` gives, and ``Value::print`` prints)."""
        self.nested_arguments: list[list[str]] = [[]]
        """The block arguments each open region defines (innermost last)."""

    @property
    def where(self) -> dict[str, int]:
        """The line of each name's definition, or of a forward reference's first use."""
        names, lines = self.unwritten
        if names:
            self.lines.update(zip(names, lines, strict=True))
            names.clear()
            lines.clear()
            self.unwritten_marks = [0] * len(self.unwritten_marks)
        return self.lines

    # ---------------------------------------------------------------- scopes

    def push(self, isolated: bool, graph: bool = False, unknown: bool = False) -> None:
        """A region opens (``graph``: a graph region, whose ops may use what comes after; ``unknown``: of an
        op broadcheck does not know, which may be isolated from above, so that its arguments may hide names)."""
        self.unwritten_marks.append(len(self.unwritten[0]))
        self.nested.append([])
        self.shadowed.append([] if unknown else None)
        self.nested_arguments.append([])
        self.graph.append(graph)
        self.opened += 1
        self.serials.append(self.opened)
        if isolated:
            self.regions += 1
            self.outside = frozenset(k for k in self.types if k not in self.placeholders)
            self.isolated.append((len(self.nested) - 1, self.regions, self.outside))

    def pop(self) -> None:
        """A region closes: its names are erased (forward references stay pending)."""
        if len(self.nested) <= 1:
            return
        if self.isolated and self.isolated[-1][0] == len(self.nested) - 1:
            self.isolated.pop()
            self.outside = self.isolated[-1][2] if self.isolated else frozenset()
        names, lines = self.unwritten
        mark = self.unwritten_marks.pop() if self.unwritten_marks else 0
        if len(names) > mark:  # its own go with it; an enclosing entry block's stay unwritten
            del names[mark:], lines[mark:]
        types, where = self.types, self.lines  # (what is still unwritten belongs to a region around)
        self.graph.pop()
        self.serials.pop()
        popped = self.nested.pop()
        hidden = self.shadowed.pop()
        if not self.placeholders and not any(self.nested):
            # every name visible is a placeholder's or one an open region defined: none is left
            # (a function's body of 394k names, its tables let go at once)
            types.clear()
            where.clear()
        else:
            _drain(map(types.pop, popped, repeat(None)))  # (in C, not a Python step a name)
            _drain(map(where.pop, popped, repeat(None)))
        arguments = self.arguments
        for name in self.nested_arguments.pop():
            arguments.pop(name, None)
        for name, type_, line, index in hidden or ():
            types[name] = type_
            if line is not None:
                where[name] = line
            if index is not None:
                arguments[name] = index
        if self.placeholders:  # MLIR erases every entry of a name the region defined
            bases = {name.partition("#")[0] for name in popped}
            for key in [k for k in self.placeholders if k.partition("#")[0] in bases]:
                self.orphans.append((self.placeholders.pop(key), key))
                for table in (types, where, self.sites, self.home, self.origins):
                    table.pop(key, None)

    def finish(self) -> None:
        """The end of the module: every forward reference never resolved is reported, in
        the order of their first uses (with the uses of another type than the first, held
        until now), unless the module is a snippet: then they are its inputs."""
        if not self.snippet:
            self.findings.extend(self.redefined)
            self.findings.extend(f for doubts in self.doubts.values() for f in doubts)
            never = [(at, name) for name, at in self.placeholders.items()] + self.orphans
            for (line, ordinal), name in sorted(never):
                self.findings.append(Finding("BC014", line, name, ordinal, {}))
        self.reset()

    @property
    def snippet(self) -> bool:
        """Whether the module holds no function nor module (no region isolated from above):
        ops written as in documentation, whose names never defined are their inputs."""
        return self.regions == 0

    # ---------------------------------------------------------------- values

    def define(
        self, name: str, count: int, types: tuple[str | None, ...], line: int, ordinal: int, argument: bool = False
    ) -> None:
        """Define ``name`` (``count`` results, with ``types``) at ``line`` (``argument``: a
        block argument)."""
        redefined = False
        for number in range(count):
            key = name if number == 0 else f"{name}#{number}"
            written = types[number] if number < len(types) else None
            if key in self.types:
                self.where  # noqa: B018 (what is unwritten is written first: this name may be among it)
                if key in self.placeholders:
                    used = self.types[key]
                    first_line, first_ordinal = self.placeholders.pop(key)
                    if key in self.doubts:
                        self.findings.extend(self.doubts.pop(key))
                    site = self.sites.pop(key, None)
                    used_in = self.home.pop(key, 0)
                    mismatch = used is not None and written is not None and used != written
                    origin = self.origins.pop(key, None)
                    escape = used_in != 0 and all(used_in != n for _, n, _ in self.isolated)
                    if site is None or (mismatch and distinct(used, written)):  # type: ignore[arg-type]
                        pass  # (a parse error ends all)
                    elif origin is None:
                        self.resolved.append((key, site, first_line, line))
                    else:
                        self._dominance(key, origin, site, first_line, line, argument or escape)
                    if mismatch and distinct(used, written):  # type: ignore[arg-type]
                        self.findings.append(
                            Finding(
                                "BC016",
                                line,
                                name,
                                ordinal,
                                {"name": name, "number": number, "type": written, "used": used},
                                first_line,
                                name,
                                first_ordinal,
                            )
                        )
                    elif escape:  # used in one isolated region (closed), defined outside it
                        self.escapes.append((first_line, first_ordinal, key, used_in))
                else:
                    if not redefined:  # (once: the parser stops at the name's first result)
                        redefined = True
                        finding = Finding("BC015", line, name, ordinal, {"name": name}, self.where[key], key)
                        if self.regions:
                            self.findings.append(finding)
                        else:  # a snippet may define a name again: known at the module's end
                            self.redefined.append(finding._replace(held=True))
                            self.fresh.append((line, ordinal))
                            self.holds.append((line, ordinal))
                    if key not in self.nested[-1]:
                        continue  # the definition around the region stays; this one is reported, and gone
                    # in the same region the later definition stands: no cascade of errors after it
                self.arguments.pop(key, None)
            self.types[key] = written
            self.lines[key] = line  # (a name still unwritten was written above)
            self.nested[-1].append(key)

    def _dominance(
        self, key: str, origin: tuple[int, ...], site: tuple[int, int], first: int, line: int, quiet: bool
    ) -> None:
        """A forward reference from outside functions resolved at ``line``: whether the
        definition dominates the use, by where the two are (``quiet``: say nothing here)."""
        here, n = tuple(self.serials), len(origin)
        if here[:n] == origin:  # defined in the use's region, or in a region nested in it
            if not self.graph[n - 1]:
                self.resolved.append((key, site, first, line))
            elif len(here) > n and not quiet:
                self.unreached.append((site, line, "op in a child region"))
        elif origin[: len(here)] == here:  # defined in a region around the use's
            if not self.graph[-1]:
                self.resolved.append((key, site, first, line))
        elif not quiet:
            self.unreached.append((site, line, "op is neither in a parent nor in a child region"))

    def argument(self, name: str, type_: str | None, line: int, ordinal: int, index: int = -1) -> None:
        """A region's entry argument, named by its op's custom form (``scf.for %i = ...``,
        ``func.func @f(%a: T)``), the ``index``-th of its block's (-1: not known)."""
        hides = self.shadowed[-1]
        if name in self.types and hides is not None and name not in self.placeholders:
            hides.append((name, self.types.pop(name), self.where.pop(name, None), self.arguments.pop(name, None)))
        elif name in self.types:
            other = self.placeholders[name][0] if name in self.placeholders else self.where[name]
            first = self.placeholders[name][1] if name in self.placeholders else -1
            self.findings.append(Finding("BC018", line, name, ordinal, {"name": name}, other, name, first))
            self.placeholders.pop(name, None)  # reported once: no cascade of errors after it
            self.types.pop(name, None)
        self.define(name, 1, (type_,), line, ordinal, argument=True)
        if index >= 0 and self.lines.get(name) == line:  # (define wrote it there)
            self.arguments[name] = index
            self.nested_arguments[-1].append(name)

    def fresh_arguments(self, names: list[str], types: tuple[str | None, ...], lines: list[int]) -> None:
        """:meth:`argument` of each of ``names`` (the ``k``-th of type ``types[k]``, at ``lines[k]``,
        the ``k``-th of its block), none of them visible and no two the same."""
        count = len(names)
        self.types.update(zip(names, [*types[:count], *[None] * (count - len(types))], strict=True))
        self.lines.update(zip(names, lines, strict=True))
        self.nested[-1].extend(names)
        self.arguments.update(zip(names, range(count), strict=True))
        self.nested_arguments[-1].extend(names)

    def block_argument(self, name: str, type_: str | None, line: int, ordinal: int) -> None:
        """The ``ordinal``-th argument of a block's label (``^bb1(%a: T, %b: U):``)."""
        self.define(name, 1, (type_,), line, ordinal, argument=True)
        if self.lines.get(name) == line and name not in self.placeholders:  # (not a redefinition's loser)
            self.arguments[name] = ordinal
            self.nested_arguments[-1].append(name)

    def origin(self, name: str) -> tuple[str, int] | None:
        """Where the value ``name`` visible here comes from: ``("argument", its index in its
        block)``, ``("result", the line of its op)``, or ``None`` (not defined yet, or unknown)."""
        key = name[:-2] if name.endswith("#0") else name
        if key not in self.types or key in self.placeholders:
            return None
        index = self.arguments.get(key)
        if index is not None:
            return ("argument", index)
        line = self.where.get(key)
        return None if line is None else ("result", line)

    def use(
        self, name: str, expected: str | None, line: int, ordinal: int, site: tuple[int, int] | None = None
    ) -> None:
        """A use of ``name`` written with type ``expected`` (``None``: not written); ``site``:
        the line of the op and the operand's number, kept if it is a forward reference."""
        key = name[:-2] if name.endswith("#0") else name
        found = self.types.get(key, MISSING)
        if found is MISSING:
            base, number = _number(key)
            if number and base in self.types and base not in self.placeholders:
                self.findings.append(Finding("BC017", line, name, ordinal, {}))
                return
            self.types[key] = expected
            self.lines[key] = line  # (not defined yet: nothing unwritten)
            self.home[key] = self.isolated[-1][1] if self.isolated else 0
            self.placeholders[key] = (line, ordinal)
            if all(self.graph[depth] for depth, _, _ in self.isolated):  # (outside functions)
                self.origins[key] = tuple(self.serials)
            self.fresh.append((line, ordinal))
            if site is not None:
                self.sites[key] = site
            return
        if key in self.outside:
            self.escapes.append((line, ordinal, key, self.isolated[-1][1]))
        if expected is None or found is None:  # a type the text does not say: never a mismatch
            return
        if found != expected and distinct(found, expected):  # type: ignore[arg-type]
            finding = Finding(
                "BC011",
                line,
                name,
                ordinal,
                {"name": key.partition("#")[0], "used": expected, "prior": found},
                self.where.get(key, 0),
                key,
            )
            if key in self.placeholders:  # (a snippet's input, if the name is never defined)
                self.doubts.setdefault(key, []).append(finding._replace(held=True))
                self.fresh.append((line, ordinal))
                self.holds.append((line, ordinal))
            else:
                self.findings.append(finding)
