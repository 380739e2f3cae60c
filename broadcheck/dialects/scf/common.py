"""What the SCF verifiers share: type tests in ODS's words, a step that fails with the tool's
message, and ``RegionBranchOpInterface``'s edges (what a region's terminator passes against what
the next region or the op takes), as iree-base-compiler 3.13's MLIR words them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import wraps

from broadcheck.dialects.terminators import is_terminator
from broadcheck.ops import OpaqueType, Operation, Region, Span, Type
from broadcheck.semantics import Problem, Profile


class Reject(Exception):
    """A step of the verifier failed: :attr:`problem` is what the tool reports."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem


class Unknown(Exception):
    """The op depends on something broadcheck did not read (a type, an empty region): no verdict."""


def checked(step: Callable[[Operation], None]) -> Callable[[Operation, Profile], Problem | None]:
    """A verifier written as steps that raise :class:`Reject` or :class:`Unknown`, as a check."""

    @wraps(step)
    def check(op: Operation, profile: Profile) -> Problem | None:
        try:
            step(op)
        except Reject as reject:
            return reject.problem
        except Unknown:
            return None
        return None

    return check


def fail(code: str, note: tuple[str, Span | None] | None = None, span: Span | None = None, **args: object) -> Reject:
    """A failed step: ``code`` with ``args``; ``note``: MLIR's note (its catalogue key, where it is)."""
    notes: tuple[tuple[str, dict[str, object]], ...] = ()
    if note is not None and note[1] is not None:
        notes = ((note[0], {**args, "at": note[1]}),)
    return Reject(Problem(code, args, notes=notes, span=span))


def key(t: Type) -> str:
    """A type as a comparable key (its text without spaces)."""
    return "".join(str(t).split())


def text(t: Type) -> str:
    """A type as MLIR prints it in a message."""
    return str(t)


def unknown(t: Type) -> bool:
    """A type broadcheck did not read (``?``)."""
    return isinstance(t, OpaqueType) and t.text in ("?", "")


def known(types: Sequence[Type]) -> Sequence[Type]:
    """``types``, or :class:`Unknown` if one of them was not read."""
    if any(isinstance(t, OpaqueType) and t.text in ("?", "") for t in types):
        raise Unknown("a type broadcheck did not read")
    return types


_SIGNLESS = re.compile(r"i[1-9][0-9]*")


def signless_or_index(t: Type) -> bool:
    """ODS's ``AnySignlessIntegerOrIndex``."""
    return isinstance(t, OpaqueType) and (t.text == "index" or _SIGNLESS.fullmatch(t.text) is not None)


def is_index(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.text == "index"


def operand_types(op: Operation) -> list[Type]:
    return [u.type for u in op.operands]


def result_types(op: Operation) -> list[Type]:
    return [u.type for u in op.results]


def constraint(index: int, words: str, t: Type, kind: str = "operand") -> Reject:
    """ODS's ``operand #i must be ..., but got 'T'`` (BC109)."""
    return fail("BC109", kind=kind, index=index, constraint=words, type=text(t))


def edge(source: str, target: str, given: Sequence[Type], wanted: Sequence[Type], at: Span | None) -> None:
    """One control flow edge of ``RegionBranchOpInterface`` (``verifyTypesAlongControlFlowEdges``):
    the values ``source`` passes against the inputs ``target`` takes; the note is at ``at`` (the
    terminator, or the op for an edge from the parent)."""
    head = f"along control flow edge from {source} to {target}: "
    note = ("mlir-region-branch-point", at)
    if len(given) != len(wanted):
        detail = f"region branch point has {len(given)} operands, but region successor needs {len(wanted)} inputs"
        raise fail("BC028", note, detail=head + detail)
    for i, (a, b) in enumerate(zip(given, wanted, strict=True)):
        if unknown(a) or unknown(b) or _spelled_apart(a, b):
            continue
        if key(a) != key(b):
            detail = f"successor operand type #{i} '{text(a)}' should match successor input type #{i} '{text(b)}'"
            raise fail("BC028", note, detail=head + detail)


def _spelled_apart(a: Type, b: Type) -> bool:
    """Whether ``a`` and ``b`` may be one dialect type spelled two ways: one of them with parameters
    (``!llvm.ptr<0>`` is ``!llvm.ptr``; ``!quant.uniform<i8:f32, 0.1>`` is ``<i8:f32, 1.000000e-01>``),
    the other of the same name: broadcheck reads neither a dialect's defaults nor its parameters."""
    if not (isinstance(a, OpaqueType) and isinstance(b, OpaqueType) and a.text[:1] == b.text[:1] == "!"):
        return False
    (name_a, _, rest_a), (name_b, _, rest_b) = a.text.partition("<"), b.text.partition("<")
    return name_a.strip() == name_b.strip() and bool(rest_a or rest_b)


def full_name(name: str) -> str:
    """An op's name as MLIR prints it in a message (``return`` is ``func.return``)."""
    from broadcheck.dialects import BARE

    return BARE.get(name, name)


def misplaced(region: Region, parent: str) -> bool:
    """Whether the op that ends ``region`` of op ``parent`` fails its own parent rule
    (``dialects.inner.PARENTS``): its verifier runs before ``parent``'s ``verifyRegions``, which then
    never runs."""
    from broadcheck.dialects.inner import parent_problem

    return bool(region.terminator) and parent_problem(full_name(region.terminator), parent) is not None


def terminated(region: Region) -> Region:
    """A region whose last op broadcheck read (an empty region, or a block without ops, it does
    not tell apart: MLIR words them differently)."""
    if not region.terminator:
        raise Unknown("an empty region")
    return region


def _registered(name: str) -> bool:
    """Whether op ``name`` is one broadcheck declares (an op of an unregistered dialect may be a
    terminator: MLIR's block verifier lets it end a block)."""
    from broadcheck import dialects

    return dialects.lookup(full_name(name)) is not None


def implied(op: Operation, region: Region, expected: str) -> Region:
    """``region`` as the custom form's parser leaves it (``SingleBlockImplicitTerminator``'s
    ``ensureTerminator``): a block written with no op, or ending in an op known not to be a terminator,
    ends with ``expected`` yielding nothing, at the op's place."""
    if op.generic or region.blocks > 1 or region.terminator == expected:
        return region
    if region.terminator and is_terminator(region.terminator) is not False:
        return region  # (another terminator, or an op not known: as written)
    return Region(region.arguments, expected, (), op.name_span, region.inner, 1, region.ops + 1)


def implicit_terminator(op: Operation, region: Region, expected: str) -> None:
    """``SingleBlockImplicitTerminator<expected>``: the region's block ends with ``expected``. The
    custom form's parser adds it where the block ends otherwise, so only the generic form fails
    here (a custom form ending in another op is not judged: whether that op is a terminator is
    not known)."""
    if region.terminator == expected:
        return
    if not op.generic:
        raise Unknown("a custom form ending in another op")
    if is_terminator(region.terminator) is False or (  # (the block's verifier first: 'block with no terminator')
        is_terminator(region.terminator) is None and _registered(region.terminator)
    ):
        raise Unknown("a block that ends in an op not known to be a terminator")
    note = ("mlir-implied-terminator", op.name_span)
    raise fail("BC913", note, expected=expected, found=full_name(region.terminator))


def no_arguments(op: Operation) -> None:
    """``NoRegionArguments``: no region has an entry argument."""
    for index, region in enumerate(op.regions):
        if region.arguments:
            raise fail("BC914", index=index)
