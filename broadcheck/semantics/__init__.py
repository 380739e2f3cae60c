"""The semantics layer: pure functions from an op's types to a problem or nothing.

A semantics never prints, reads files or formats locations: it returns a
:class:`Problem` naming a catalogue code, the message arguments and which
operand or result is at fault; :mod:`broadcheck.checker` turns that into a
located :class:`broadcheck.diagnostics.Diagnostic`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from enum import StrEnum
from types import MappingProxyType

from broadcheck.ops import Frozen, Operation, Shape, ShapedType, Span

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any, Literal


class Profile(StrEnum):
    """Which rule set of the MLIR Broadcastable trait to apply."""

    SPEC = "spec"
    """The trait as MLIR's Broadcastable document specifies it (the default)."""
    LLVM = "llvm"
    """What MLIR's C++ verifier does today (more permissive)."""


class Subject(Frozen):
    """The operand or result a problem is about."""

    __slots__ = __match_args__ = ("kind", "index")
    kind: Literal["operand", "result"]
    index: int

    def __init__(self, kind: Literal["operand", "result"], index: int) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "index", index)


class ValueRef(Frozen):
    """A message argument that names an operand's value as MLIR's ``Value::print`` does (``operand
    '<block argument> of type 'T' at index: N'``). A check knows only the operand's number (its
    verdict is shared by every statement of its key); the engine, which knows the value's name and
    where it comes from, words it when it locates the problem (the wordings are
    ``broadcheck.messages.VALUES``)."""

    __slots__ = __match_args__ = ("index",)
    index: int

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "index", index)


_NO_ARGS: Mapping[str, object] = MappingProxyType({})  # the default: each problem gets a dict of its own


class Problem(Frozen):
    """What a semantics found wrong with an op, before it is located and worded."""

    __slots__ = __match_args__ = ("code", "args", "subject", "inferred", "expected", "notes", "span")
    code: str
    args: Mapping[str, object]
    subject: Subject | None
    inferred: Shape | None
    """The shape the operands broadcast to, where it is known."""
    expected: ShapedType | None
    """The result type the op should have, where one can be suggested."""
    notes: tuple[tuple[str, Mapping[str, object]], ...]
    """Extra explanations, as (note code, arguments) for the catalogue."""
    span: Span | None
    """Where the tool reports it when not at the op's name: an attribute's or a type's span
    (the parser's errors inside an elements literal, a custom form's type)."""

    def __init__(
        self,
        code: str,
        args: Mapping[str, object] = _NO_ARGS,
        subject: Subject | None = None,
        inferred: Shape | None = None,
        expected: ShapedType | None = None,
        notes: tuple[tuple[str, Mapping[str, object]], ...] = (),
        span: Span | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "code", code)
        put(self, "args", {} if args is _NO_ARGS else args)
        put(self, "subject", subject)
        put(self, "inferred", inferred)
        put(self, "expected", expected)
        put(self, "notes", notes)
        put(self, "span", span)


Verifier = Callable[[Operation, Profile], Problem | None]

NOT_JUDGED = Problem("")
"""What a check returns when it cannot judge the op (an attribute it cannot read, a form it does
not model), instead of ``None``, which says the op is valid: the engine counts the op as passed
over (:data:`NOT_JUDGED_REASON`), not as checked, and reports nothing. Compared by identity."""
NOT_JUDGED_REASON = "not judged"
"""The reason the summary and ``--show-skipped`` give for an op whose check returned :data:`NOT_JUDGED`."""


def judged(problem: Problem | None) -> Problem | None:
    """``problem``, or ``None`` for :data:`NOT_JUDGED` (for a caller that reads "no problem found")."""
    return None if problem is NOT_JUDGED else problem


def then(first: Problem | None, rest: Callable[[], Problem | None]) -> Problem | None:
    """``first`` when it is a problem, else what ``rest`` finds: a first part that could not judge
    (:data:`NOT_JUDGED`) leaves the op not judged unless ``rest`` finds a problem."""
    if first is not None and first is not NOT_JUDGED:
        return first
    found = rest()
    return NOT_JUDGED if found is None and first is NOT_JUDGED else found


# Which module defines each semantics: a literal table, so that checking a TOSA file
# imports the TOSA rules and not StableHLO's (start-up time matters to a hook). A test
# checks it against the modules' own VERIFIERS.
PROVIDERS: Mapping[str, str] = {
    "mlir": "mlir",
    "mlir-tensor": "mlir",
    "broadcastable": "mlir",
    "tosa": "tosa",
    "tosa-unary": "tosa",
    "tosa-rescale": "tosa",
    "tf": "tf",
    "tf-compare": "tf",
    "tf-select": "tf",
    "tfl": "tf",
    "numpy": "numpy",
    "onnx": "onnx",
    "onnx-broadcast": "onnx",
    "onnx-expand": "onnx",
    "onnx-matmul": "onnx",
    "onnx-unidirectional": "onnx",
    "xla": "xla",
    "chlo-select": "xla",
    "stablehlo-broadcast-in-dim": "xla",
    "stablehlo-dynamic-broadcast-in-dim": "xla",
    "stablehlo": "stablehlo",
    "stablehlo-form": "stablehlo",
    "mhlo": "mhlo",
    "mhlo-form": "mhlo",
    "linalg-broadcast": "linalg",
    "vector-broadcast": "vector",
}


def _module(name: str) -> Any:
    import sys  # (not importlib, whose `warnings` a clean run would load for this alone)

    module = f"broadcheck.semantics.{PROVIDERS[name]}"
    __import__(module)
    return sys.modules[module]


class _Registry(Mapping[str, Verifier]):
    """Every semantics by name; a semantics' module is imported when it is first used."""

    def __init__(self) -> None:
        self._found: dict[str, Verifier] = {}

    def __getitem__(self, name: str) -> Verifier:
        try:
            return self._found[name]
        except KeyError:
            verifier: Verifier = _module(name).VERIFIERS[name]
            self._found[name] = verifier
            return verifier

    def __iter__(self) -> Iterator[str]:
        return iter(PROVIDERS)

    def __len__(self) -> int:
        return len(PROVIDERS)


def registry() -> Mapping[str, Verifier]:
    """Every semantics by the name ``--op PATTERN=SEMANTICS`` uses.

    Each semantics module lists its own in ``VERIFIERS`` (a literal dict).
    """
    return _Registry()


def modules() -> tuple[Any, ...]:
    """Every semantics module (for tests and docs)."""
    import importlib

    return tuple(importlib.import_module(f"broadcheck.semantics.{m}") for m in dict.fromkeys(PROVIDERS.values()))
