"""Stage *value flow*, across control flow: blocks and branches, calls, region yields.

Values reach a block through its branches, a function through its calls, an op's results
through its regions' terminators. MLIR checks these after parsing (its verifiers and the
symbol table), and broadcheck the same, in their words:

* a branch's operands against its successor block's arguments: ``branch has N operands for
  successor #j, but target block has M``, ``type mismatch for bb argument #i of successor #j``;
  a branch to a block its region does not define is the parser's ``reference to an undefined
  block``; a label defined twice, ``redefinition of block '^bb1'``;
* a call against its callee's signature (``func.func`` in the same module): ``'func.call' op
  'f' does not reference a valid function``, ``incorrect number of operands for callee``,
  ``operand type mismatch``, ``incorrect number of results for callee``, ``result type mismatch
  at index i`` (with the two type lists as notes);
* ``scf.if``'s and ``scf.for``'s results against what their regions yield (``along control
  flow edge from Operation scf.yield to Operation scf.if: ...``).

Types are type keys (text without spaces); a dialect type, attribute or alias is never a
mismatch, nor is a type the text does not say (``None``). This module reads no text: the
engine gives it what the statements said and locates what it finds.
"""

from __future__ import annotations

from typing import NamedTuple

from broadcheck.engine.flow import comparable


class Where(NamedTuple):
    """A place in the file: (line, column, end column)."""

    line: int
    column: int
    end: int


Inner = tuple[tuple[str, str, Where | None], ...]
"""The ops of a region named in :data:`INNER`: name, statement key, where the name is."""

Summary = tuple[tuple[str | None, ...], str, tuple[str | None, ...], Where | None, Inner]
"""A closed region as a check sees it (type keys): its entry arguments' types, its terminator's
name, what it yields, where the terminator's name is, its :data:`INNER` ops."""

INNER = frozenset({"linalg.index"})
"""Ops whose verifiers read the op that holds their region (``linalg.index``'s dim against its
loops): the engine hands them to that op's check, in its region's summary."""


class Found(NamedTuple):
    """A problem found here: its code, where, its message's arguments, MLIR's notes (text, where)."""

    code: str
    where: Where
    args: dict[str, object]
    notes: tuple[tuple[str, Where], ...] = ()


def _differ(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a != b and comparable(a, b)


class _Branch(NamedTuple):
    label: str
    successor: int
    types: tuple[str | None, ...]
    op: Where
    label_at: Where


class Blocks:
    """The blocks of one region: their arguments, and the branches between them."""

    __slots__ = ("branches", "broken", "defined")

    def __init__(self) -> None:
        self.defined: dict[str, tuple[str | None, ...]] = {}
        self.branches: list[_Branch] = []
        self.broken = False
        """A label was defined twice: the parser stopped there, and checks no branch."""

    def label(self, name: str, arguments: tuple[str | None, ...], where: Where) -> Found | None:
        """A block label; a problem if the region defines it already."""
        if name in self.defined:
            self.broken = True
            return Found("BC020", where, {"label": name})
        self.defined[name] = arguments
        return None

    def branch(self, label: str, successor: int, types: tuple[str | None, ...], op: Where, label_at: Where) -> None:
        self.branches.append(_Branch(label, successor, types, op, label_at))

    def close(self) -> list[Found]:
        """The region ends: every branch against its target."""
        found: list[Found] = []
        if self.broken:
            return found
        undefined = [b for b in self.branches if b.label not in self.defined]
        if undefined:  # the parser stops at the first, in the order of the references
            first = min(undefined, key=lambda b: (b.label_at.line, b.label_at.column))
            return [Found("BC021", first.label_at, {})]
        for b in self.branches:
            arguments = self.defined[b.label]
            if len(b.types) != len(arguments):
                found.append(
                    Found("BC022", b.op, {"count": len(b.types), "successor": b.successor, "expected": len(arguments)})
                )
                continue
            for i, (written, expected) in enumerate(zip(b.types, arguments, strict=True)):
                if _differ(written, expected):
                    found.append(Found("BC023", b.op, {"index": i, "successor": b.successor}))
                    break
        return found


class Signature(NamedTuple):
    inputs: tuple[str | None, ...]
    outputs: tuple[str | None, ...]
    texts: tuple[tuple[str, ...], tuple[str, ...]]
    """The types as written (inputs, outputs), for messages."""


class _Call(NamedTuple):
    callee: str
    inputs: tuple[str | None, ...]
    outputs: tuple[str | None, ...]
    texts: tuple[tuple[str, ...], tuple[str, ...]]
    op: Where
    regions: tuple[int, ...] = ()
    """The numbers of the regions around it (in the order they opened), outermost first."""


def walk_order(call: _Call) -> tuple[tuple[int, ...], ...]:
    """Where ``call`` comes in the walk of MLIR's symbol table verifier (``walkSymbolTable``):
    a region's ops in order, then the regions of its ops, the last first (a stack)."""
    return (*((1, -number) for number in call.regions[1:]), (0, call.op.line, call.op.column))


class Calls:
    """The functions of one module and the calls to them."""

    __slots__ = ("calls", "functions")

    def __init__(self) -> None:
        self.functions: dict[str, Signature] = {}
        self.calls: list[_Call] = []

    def function(self, name: str, signature: Signature) -> None:
        self.functions.setdefault(name, signature)

    def call(
        self,
        callee: str,
        inputs: tuple[str | None, ...],
        outputs: tuple[str | None, ...],
        texts: tuple[tuple[str, ...], tuple[str, ...]],
        op: Where,
        regions: tuple[int, ...] = (),
    ) -> None:
        self.calls.append(_Call(callee, inputs, outputs, texts, op, regions))

    def close(self) -> list[Found]:
        """The module ends: every call against its callee (``func.call``'s verifySymbolUses);
        the verifier stops at the first that fails, in the order of its walk."""
        for call in sorted(self.calls, key=walk_order):
            problem = self._check(call)
            if problem is not None:
                return [problem]
        return []

    def _check(self, call: _Call) -> Found | None:
        callee = self.functions.get(call.callee)
        if callee is None:
            return Found("BC024", call.op, {"callee": call.callee})
        if len(call.inputs) != len(callee.inputs):
            return Found(
                "BC025", call.op, {"what": "operands", "expected": len(callee.inputs), "got": len(call.inputs)}
            )
        for i, (written, expected) in enumerate(zip(call.inputs, callee.inputs, strict=True)):
            if _differ(written, expected):
                return Found(
                    "BC026", call.op,
                    {"expected": callee.texts[0][i], "provided": call.texts[0][i], "index": i},
                )  # fmt: skip
        if len(call.outputs) != len(callee.outputs):
            return Found(
                "BC025", call.op, {"what": "results", "expected": len(callee.outputs), "got": len(call.outputs)}
            )
        for i, (written, expected) in enumerate(zip(call.outputs, callee.outputs, strict=True)):
            if _differ(written, expected):
                ours = ", ".join(f"'{t}'" for t in call.texts[1])
                theirs = ", ".join(f"'{t}'" for t in callee.texts[1])
                notes = ((f"    op result types: {ours}", call.op), (f"callee result types: {theirs}", call.op))
                return Found("BC027", call.op, {"index": i}, notes)
        return None


def yields(
    op: str,
    results: tuple[str | None, ...],
    texts: tuple[str, ...],
    regions: list[tuple[str, tuple[str | None, ...], tuple[str, ...], Where | None]],
    where: Where,
) -> Found | None:
    """What an ``scf.if``/``scf.for`` region yields against the op's results (its
    RegionBranchOpInterface verifier): the first edge that does not fit."""
    for terminator, yielded, yielded_texts, at in regions:
        if terminator != "scf.yield" or at is None:
            continue
        edge = f"along control flow edge from Operation scf.yield to Operation {op}: "
        notes = (("region branch point", at),)
        if len(yielded) != len(results):
            detail = (
                f"region branch point has {len(yielded)} operands, but region successor needs {len(results)} inputs"
            )
            return Found("BC028", where, {"detail": edge + detail}, notes)
        for i, (given, wanted) in enumerate(zip(yielded, results, strict=True)):
            if _differ(given, wanted):
                detail = (
                    f"successor operand type #{i} '{yielded_texts[i]}' should match successor input type #{i} "
                    f"'{texts[i]}'"
                )
                return Found("BC028", where, {"detail": edge + detail}, notes)
    return None
