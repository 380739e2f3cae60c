"""Stage *value flow*: a value's type from its definition to every use, as MLIR's parser
keeps it (``mlir/lib/AsmParser/Parser.cpp``, ``OperationParser``).

* Names live in *isolated scopes*: the module, and the regions of an op that is
  IsolatedFromAbove (``func.func``). A region of any other op is a nested scope of
  the isolated scope around it: it sees the names defined before it, and the names
  it defines are erased when it closes.
* An op's operands are resolved, and its results defined, after its regions: so a
  region may reuse the op's result name (``%0 = "stablehlo.all_reduce"(...) ({ %0 =
  ... })``).
* A use of a name not defined yet is a *forward reference*: it stays pending in its
  isolated scope (a region closing does not drop it) until a definition resolves it,
  whose type must match (``definition of SSA value '%x#0' has type T``); one never
  resolved is ``use of undeclared SSA value name`` at the end of the module.
* A second use must have the first's type (``use of value '%x' expects different type
  than prior uses: 'T' vs 'U'``, note ``prior use here``); a name is defined once per
  isolated scope (``redefinition of SSA value '%x'``, note ``previously defined here``).

Types are compared by their text without spaces; a type holding a dialect type, an
attribute or an alias (whose spellings vary for one type) is never a mismatch, and an
unknown type (``None``: the statement does not say) matches anything.

What it finds are :class:`Finding` s (code, line, names, types): the engine locates
and words them. This module reads no text.
"""

from __future__ import annotations

from typing import NamedTuple

MISSING = object()


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


class Scope:
    """An isolated name scope (see the module docstring)."""

    __slots__ = ("nested", "placeholders", "types", "where")

    def __init__(self) -> None:
        self.types: dict[str, str | None] = {}
        """Every name visible, with result numbers above 0 as ``%x#1``: its type key."""
        self.where: dict[str, int] = {}
        """The line of each name's definition, or of a forward reference's first use."""
        self.placeholders: dict[str, tuple[int, int]] = {}
        """Forward references: name -> (line, ordinal) of its first use."""
        self.nested: list[list[str]] = [[]]
        """The names each open region defines (innermost last): erased when it closes."""


def comparable(a: str, b: str) -> bool:
    """Whether two type keys that differ are surely two types (see the module docstring)."""
    return not ("!" in a or "!" in b or "#" in a or "#" in b)


def _number(name: str) -> tuple[str, int]:
    base, _, number = name.partition("#")
    return base, int(number) if number else 0


class Flow:
    """The values of one module; :attr:`findings` is what is wrong with them."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.scopes: list[Scope] = [Scope()]
        self.lost: list[tuple[str, int, int]] = []
        """Forward references of isolated scopes that closed: (name, line, ordinal)."""

    # ---------------------------------------------------------------- scopes

    @property
    def scope(self) -> Scope:
        return self.scopes[-1]

    def push(self, isolated: bool) -> None:
        """A region opens."""
        if isolated:
            self.scopes.append(Scope())
        else:
            self.scopes[-1].nested.append([])

    def pop(self) -> None:
        """A region closes: its names are erased (an isolated scope's pending forward
        references stay unresolved for ever)."""
        scope = self.scopes[-1]
        if len(scope.nested) > 1:
            types, where = scope.types, scope.where
            for name in scope.nested.pop():
                types.pop(name, None)
                where.pop(name, None)
            return
        if len(self.scopes) > 1:
            self.scopes.pop()
            self.lost.extend((name, line, ordinal) for name, (line, ordinal) in scope.placeholders.items())

    def finish(self) -> None:
        """The end of the module: every forward reference never resolved is reported,
        in the order of their first uses."""
        while len(self.scopes) > 1 or len(self.scopes[0].nested) > 1:
            if len(self.scopes) == 1:
                self.scopes[0].nested.pop()
            else:
                self.pop()
        self.lost.extend((name, line, ordinal) for name, (line, ordinal) in self.scopes[0].placeholders.items())
        for name, line, ordinal in sorted(self.lost, key=lambda item: (item[1], item[2])):
            self.findings.append(Finding("BC014", line, name, ordinal, {}))
        self.lost = []
        self.scopes = [Scope()]

    # ---------------------------------------------------------------- values

    def define(self, name: str, count: int, types: tuple[str | None, ...], line: int, ordinal: int) -> None:
        """Define ``name`` (``count`` results, with ``types``) at ``line``."""
        scope = self.scopes[-1]
        for number in range(count):
            key = name if number == 0 else f"{name}#{number}"
            written = types[number] if number < len(types) else None
            if key in scope.types:
                if key in scope.placeholders:
                    used = scope.types[key]
                    first_line, _ = scope.placeholders.pop(key)
                    if used is not None and written is not None and used != written and comparable(used, written):
                        self.findings.append(
                            Finding(
                                "BC016", line, name, ordinal, {"number": number, "type": written, "used": used},
                                first_line, name,
                            )  # fmt: skip
                        )
                        return
                else:
                    self.findings.append(
                        Finding("BC015", line, name, ordinal, {"name": name}, scope.where.get(key, 0), name)
                    )
                    return
            scope.types[key] = written
            scope.where[key] = line
            scope.nested[-1].append(key)

    def use(self, name: str, expected: str | None, line: int, ordinal: int) -> None:
        """A use of ``name`` written with type ``expected`` (``None``: not written)."""
        scope = self.scopes[-1]
        key = name[:-2] if name.endswith("#0") else name
        found = scope.types.get(key, MISSING)
        if found is MISSING:
            base, number = _number(key)
            if number and base in scope.types and base not in scope.placeholders:
                self.findings.append(Finding("BC017", line, name, ordinal, {}))
                return
            scope.types[key] = expected
            scope.where[key] = line
            scope.placeholders[key] = (line, ordinal)
            return
        if expected is None or found is None:  # a type the text does not say: never a mismatch
            return
        if found != expected and comparable(found, expected):  # type: ignore[arg-type]
            self.findings.append(
                Finding(
                    "BC011", line, name, ordinal, {"name": key.partition("#")[0], "used": expected, "prior": found},
                    scope.where.get(key, 0), key,
                )  # fmt: skip
            )
