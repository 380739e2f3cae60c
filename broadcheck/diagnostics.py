"""The one diagnostic type: a stable code, a severity, a message and a location."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from broadcheck.ops import Frozen, Span

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Literal

    from broadcheck.messages import Severity


class Edit(Frozen):
    """Replace ``text[start:end]`` (which is at ``span``) with ``new``."""

    __slots__ = __match_args__ = ("span", "start", "end", "new")
    span: Span
    start: int
    end: int
    new: str

    def __init__(self, span: Span, start: int, end: int, new: str) -> None:
        put = object.__setattr__
        put(self, "span", span)
        put(self, "start", start)
        put(self, "end", end)
        put(self, "new", new)


class Fix(Frozen):
    """The edits that fix one function's stale types, and whether they are safe to apply."""

    __slots__ = __match_args__ = ("message", "edits", "safe")
    message: str
    edits: tuple[Edit, ...]
    safe: bool

    def __init__(self, message: str, edits: tuple[Edit, ...], safe: bool = True) -> None:
        put = object.__setattr__
        put(self, "message", message)
        put(self, "edits", edits)
        put(self, "safe", safe)


class Label(Frozen):
    """A secondary marker under part of the source, e.g. the offending result type."""

    __slots__ = __match_args__ = ("span", "text", "mlir_note")
    span: Span
    text: str
    mlir_note: bool
    """The label is a note MLIR itself attaches there (``prior use here``): under
    ``--verify-diagnostics`` it needs an ``expected-note``, as in mlir-opt."""

    def __init__(self, span: Span, text: str, mlir_note: bool = False) -> None:
        put = object.__setattr__
        put(self, "span", span)
        put(self, "text", text)
        put(self, "mlir_note", mlir_note)


class Note(Frozen):
    """An explanation attached to a diagnostic: a ``note:`` or a ``help:`` line."""

    __slots__ = __match_args__ = ("kind", "message")
    kind: Literal["note", "help"]
    message: str

    def __init__(self, kind: Literal["note", "help"], message: str) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "message", message)


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Diagnostic(Frozen):
    """A located problem, ready for any renderer."""

    __slots__ = __match_args__ = ("code", "severity", "message", "path", "span", "notes", "labels", "fix")
    code: str
    severity: Severity
    message: str
    path: str
    span: Span
    notes: tuple[Note, ...]
    labels: tuple[Label, ...]
    fix: Fix | None
    """A fix for this problem (broadcheck.fixes), where there is one."""

    def __init__(
        self,
        code: str,
        severity: Severity,
        message: str,
        path: str,
        span: Span,
        notes: tuple[Note, ...] = (),
        labels: tuple[Label, ...] = (),
        fix: Fix | None = None,
    ) -> None:
        put = object.__setattr__
        put(self, "code", code)
        put(self, "severity", severity)
        put(self, "message", message)
        put(self, "path", path)
        put(self, "span", span)
        put(self, "notes", notes)
        put(self, "labels", labels)
        put(self, "fix", fix)

    @property
    def line(self) -> int:
        return self.span.line

    @property
    def column(self) -> int:
        return self.span.column

    @property
    def end_line(self) -> int:
        return self.span.end_line

    @property
    def end_column(self) -> int:
        return self.span.end_column

    @property
    def phase(self) -> Phase:
        """When MLIR reports this problem: its parser, its verifiers, or never (:func:`phase`)."""
        return phase(self.code)

    def line_numbers(self) -> set[int]:
        """The source lines this diagnostic points at (a renderer shows them)."""
        return {n for span in (self.span, *(label.span for label in self.labels)) for n in (span.line, span.end_line)}

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.path, self.span.line, self.span.column, self.code)


if TYPE_CHECKING:
    Phase = Literal["parse", "verify", "own"]
    """When MLIR meets a problem: its parser (which stops a module, or ``--split-input-file``
    chunk, at the first it meets, before any verifier runs), its verifiers (ops, dominance, the
    symbol table), or never (broadcheck's own findings about the input and the run). (Annotations
    only: a cached run imports no ``typing``.)"""

PARSE_CODES = frozenset(
    {
        # the statement's syntax, value names and types as the parser binds them, blocks, op names
        "BC001", "BC005", "BC011", "BC014", "BC015", "BC016", "BC017", "BC018", "BC020", "BC021", "BC030",
        "BC032", "BC033",
        # literals, as the parser builds their attributes (elements literals; an attribute's own verifier)
        "BC569", "BC570", "BC1003", "BC1073", "BC1075", "BC1076", "BC1077",
        # arith.constant's literal (broadcheck.dialects.literal)
        "BC1400", "BC1401", "BC1402", "BC1403", "BC1404", "BC1405", "BC1406", "BC1407",
        # custom forms' parsers: arith.cmpi/cmpf's predicate and types, transfer ops' permutation_map,
        # tensor.from_elements/splat's result type
        "BC1354", "BC1355", "BC1357", "BC1359", "BC1361",
        # vector.from_elements: its operands against its type's element count
        "BC1367",
        # a named Linalg op's body arguments against ins and outs (parseNamedStructuredOpRegion)
        "BC1784",
        # a linalg convolution's or pooling's strides and dilations, as its custom form's parser reads them
        "BC1815",
        # custom forms' parsers: cf.switch's flag type, a shape op's type of another class
        "BC1756", "BC1759",
        # an attribute's own verifier as the parser builds it: #stablehlo.dot_algorithm's
        "BC1840", "BC1841", "BC1842", "BC1843",
        # an empty dense literal of a type with elements
        "BC1844",
        # stablehlo.convolution's dimension numbers and window clause, as its parsers read them
        "BC1866", "BC1867", "BC1868", "BC1869", "BC1870", "BC1871",
        # a StableHLO custom form's attribute dictionary entry against its ODS constraint
        "BC1872",
        # a dense literal's hex string of another size than its type's elements
        "BC1873",
        # a generic form's property of another kind than the op stores (setPropertiesFromAttr); a custom form's
        "BC564", "BC1892",
    }
)  # fmt: skip
"""The codes MLIR's parser reports (the others are its verifiers', or broadcheck's own)."""
OWN_CODES = frozenset({"BC002", "BC003", "BC004", "BC901", "BC902", "BC903", "BC904", "BC905"})
"""broadcheck's own: the input's encoding, suppressions, ``--verify-diagnostics``' failures."""


def phase(code: str) -> Phase:
    """When MLIR reports ``code``: its parser, its verifiers, or never (broadcheck's own)."""
    if code in PARSE_CODES:
        return "parse"
    return "own" if code in OWN_CODES else "verify"


def parse_first(diagnostics: Sequence[Diagnostic], chunks: Sequence[int]) -> list[Diagnostic]:
    """``diagnostics`` (in position order) in the order a user should read them: in each
    module (``--split-input-file`` chunk, first lines ``chunks``), the parser's errors before
    the rest, as mlir-opt meets them (its parser stops the module at the first, before any
    verifier runs); otherwise in position order. Nothing is dropped: the verifiers' errors
    behind a parse error are the ones mlir-opt reports once it is fixed."""
    parse_lines = {d.span.line for d in diagnostics if d.severity == "error" and d.code in PARSE_CODES}
    if not parse_lines:
        return list(diagnostics)
    from bisect import bisect_right

    failed = {bisect_right(chunks, line) for line in parse_lines}

    def key(item: tuple[int, Diagnostic]) -> tuple[int, bool, int]:
        index, d = item
        chunk = bisect_right(chunks, d.span.line)
        first = chunk not in failed or (d.severity == "error" and d.code in PARSE_CODES)
        return (chunk, not first, index)

    return [d for _, d in sorted(enumerate(diagnostics), key=key)]


UNKNOWN_OP = "not in the op table"
"""An op of a dialect broadcheck knows that has no shape rule in its table."""
NO_RULE = "no shape rule"
"""An op whose definition relates no types (its ODS declares no trait, verifier or inference
that does): nothing to check, counted apart from the ops passed over."""
UNREADABLE = "unreadable types"
"""A checked op whose types broadcheck cannot read (a dialect type such as
``!torch.vtensor<[3],f32>``, or a type list it cannot map to operands)."""


class Result:
    """The outcome for one source: its diagnostics, how many ops were checked, and the
    source lines the diagnostics point at (all a renderer needs of the file)."""

    __slots__ = __match_args__ = ("path", "diagnostics", "ops_checked", "lines", "passed_over", "annotations_not_held")

    path: str
    diagnostics: list[Diagnostic]
    ops_checked: int
    lines: dict[int, str]
    passed_over: dict[tuple[str, str], int]
    """Op statements not checked, as (op name, reason) -> count (:data:`UNKNOWN_OP`, :data:`UNREADABLE`)."""
    annotations_not_held: int
    """``--verify-diagnostics``: unmet annotations that target no op broadcheck checks."""

    def __init__(
        self,
        path: str,
        diagnostics: list[Diagnostic],
        ops_checked: int = 0,
        lines: dict[int, str] | None = None,
        passed_over: dict[tuple[str, str], int] | None = None,
        annotations_not_held: int = 0,
    ) -> None:
        self.path, self.diagnostics, self.ops_checked = path, diagnostics, ops_checked
        self.lines = {} if lines is None else lines
        self.passed_over = {} if passed_over is None else passed_over
        self.annotations_not_held = annotations_not_held

    @classmethod
    def of(cls, path: str, lines: dict[int, str], diagnostics: list[Diagnostic], ops_checked: int = 0) -> Result:
        """A result that keeps just the ``lines`` its diagnostics need."""
        wanted = {n for d in diagnostics for n in d.line_numbers()}
        return cls(path, diagnostics, ops_checked, {n: lines[n] for n in sorted(wanted) if n in lines})

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Result) and other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self.__match_args__, self._values(), strict=True))
        return f"{type(self).__qualname__}({fields})"
