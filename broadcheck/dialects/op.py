"""What an op declaration is: everything broadcheck knows about one op, in one place.

A dialect module (``broadcheck/dialects/<dialect>.py``) lists its ops in ``OPS``, a
tuple of :class:`Op`. The op table, the docs (``docs/ops.md``), value flow's
knowledge of the op's printed form and the checks all come from these
declarations: nothing lists an op a second time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from broadcheck.dialects.assembly import Assembly as Assembly
from broadcheck.ops import Frozen
from broadcheck.syntax.named import NamedTuple
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText

Texts = tuple[tuple[str, ...], tuple[str, ...]]
"""An op's operand and result types as written."""

SymbolRule = Callable[[tuple[Texts | None, ...], Texts], tuple[str, dict[str, object]] | None]
"""A call-like op's ``verifySymbolUses``, which the engine's symbol table runs once the module is
read: given the type of each symbol it names as written (inputs, results; ``None``: the module
defines none of that name) and its own types as written, the code and arguments of the first
problem, or ``None`` (``symbol_uses`` in :mod:`.func`, :mod:`.tf.calls`, :mod:`.tosa.variables`, ...)."""

Read = Callable[[Statement], "Reading"]

TYPE_CHECKING = False  # not typing's: a checking run builds its records without typing (syntax.named)
if TYPE_CHECKING:  # (the aliases no module imports: for annotations only, not built at every start)
    from typing import Literal

    from broadcheck.ops import Operation
    from broadcheck.semantics import Problem, Profile

    Check = Callable[[Operation, Profile], Problem | None]
    Terminated = Callable[[str, tuple[str | None, ...]], tuple[str | None, ...] | None]
    """An op's result types (keys) from its region's terminator's name and operand types (None: not
    its terminator; :attr:`Op.terminated`)."""
    Successors = Callable[[Statement], tuple[tuple[int, ...], ...] | None]
    """Which operands of an op's generic form go to each of its successors (None: not known)."""

    LayoutKind = Literal[
        "functional",
        "same",
        "result",
        "operands",
        "conversion",
        "list",
        "operand-list",
        "paired",
        "pairs",
        "complex",
        "first",
        "select",
        "compare",
        "for",
        "custom",
        "none",
    ]


class Layout(Frozen):
    """Which operand and result each type of a custom form's signature belongs to.

    The generic form always writes a function type, and so does a custom form whose
    signature is one (``: (T, U) -> V``): then the types go to the operands and
    results in order, whatever the layout says. The layout tells the rest:

    * ``same``: one type for every operand and result (``stablehlo.add %a, %b : T``);
    * ``result``: the one type is the result's (``stablehlo.constant dense<0> : T``);
    * ``operands``: the one type is every operand's (``arith.cmpf oeq, %a, %b : f32``);
    * ``conversion``: ``A to B``, the first operand's type and the result's;
    * ``list``: a type list mapped by index (``stablehlo.select %p, %a, %b : T, U``
      maps operands to types 0, 1, 1 and the result to type 1);
    * ``operand-list``: one type per operand, in order (``return %a, %b : T, U``);
    * ``paired``: type ``i`` is operand ``i``'s and result ``i``'s (``stablehlo.while``);
    * ``pairs``: a function type whose operands the form writes in pairs, ``(%a init: %b),
      (%c init: %d)``, while the type lists ``a, c, b, d`` (``stablehlo.reduce``);
    * ``complex``: the one type is the result's, and each operand's is its real part
      (``stablehlo.complex %re, %im : tensor<4xcomplex<f32>>``);
    * ``first``: the one type is the first operand's (``tensor.dim %t, %i : tensor<?xf32>``);
    * ``select``: ``arith.select %c, %a, %b : T`` (or ``: C, T``): the values and the result
      are ``T``;
    * ``compare``: ``arith.cmpf oeq, %a, %b : T``: the operands are ``T``, the result ``T`` with
      ``i1`` elements;
    * ``for``: ``scf.for %i = %lb to %ub step %s iter_args(%x = %init) -> (T)``: the bounds are
      ``index`` (or the type after a ``:``), the initial values and results ``T``;
    * ``custom``: the op's own reader of its custom form, ``read`` (see :class:`Reading`): for
      the forms that derive types (``tensor.extract %t[%i] : tensor<4xf32>``: the index is
      ``index``, the result ``f32``) or write properties outside any dictionary
      (``[0, %i] [4, 4] [1, 1]``: ``static_offsets``, ...);
    * ``none``: the form writes no type broadcheck can place.
    """

    __slots__ = __match_args__ = ("kind", "operands", "results", "read")
    kind: LayoutKind
    operands: tuple[int, ...]
    results: tuple[int, ...]
    read: Read | None

    def __init__(
        self, kind: LayoutKind, operands: Sequence[int] = (), results: Sequence[int] = (), read: Read | None = None
    ) -> None:
        put = object.__setattr__
        put(self, "kind", kind)
        put(self, "operands", tuple(operands))
        put(self, "results", tuple(results))
        put(self, "read", read)


class Reading(NamedTuple):
    """What a ``custom`` layout reads from a custom form: the type of each operand and each
    result (``None`` where it cannot tell), and the properties the form writes outside an
    attribute dictionary, named and written as the generic form would hold them
    (``static_offsets`` = ``array<i64: 0, -9223372036854775808>``)."""

    operands: list[TypeText | None]
    results: list[TypeText | None]
    properties: tuple[Property, ...] = ()


def custom(read: Read) -> Layout:
    """The layout of a custom form that its op's own ``read`` places (see :class:`Reading`)."""
    return Layout("custom", read=read)


FUNCTIONAL = Layout("functional")
SAME = Layout("same")
RESULT = Layout("result")
OPERANDS = Layout("operands")
CONVERSION = Layout("conversion")
OPERAND_LIST = Layout("operand-list")
PAIRED = Layout("paired")
PAIRS = Layout("pairs")
COMPLEX = Layout("complex")
FIRST = Layout("first")
SELECT = Layout("select")
COMPARE = Layout("compare")
FOR = Layout("for")
NONE = Layout("none")


class Op(Frozen):
    """One op: its name, its printed form, and its check.

    ``check`` is a pure function from the op as read (:class:`broadcheck.ops.Operation`)
    and the profile to the first problem, in the verifier's order and words, or ``None``;
    an op without a check is known for its form only (value flow reads it). ``semantics``
    names the rule family it shares with other ops (what ``--op PATTERN=SEMANTICS``
    and the docs call it). ``isolated`` is MLIR's IsolatedFromAbove: its regions see no
    value from outside. ``region_arguments`` says which of its regions its custom form's
    arguments (``%i = ...``, ``(%x: T)``) belong to: ``first``, ``all`` or ``none`` (its head
    only names them: ``tosa.cond_if``). ``wraps``: its custom form holds another op after the
    word ``wraps`` (``tf_executor.island wraps "tf.AddV2"(...)``), which is checked as that
    op. ``literal`` names the attribute that holds
    a constant op's value (``value`` of ``arith.constant``; its custom form writes it first):
    the engine hands it to the checks of the ops that use the constant and say
    ``constants=True`` (their checks read ``op.constant(i)``). ``implicit`` gives the types of
    operands the form does not write (``cf.cond_br``'s condition is an ``i1``). ``assembly``:
    what its custom parser checks before the verifier (:class:`Assembly`). ``terminated``: its
    results are typed by its region's terminator, which its custom parser reads first
    (``tf_executor.graph``'s are its ``fetch``'s operands): their types from the terminator's.
    ``tokens``: its check judges HLO tokens (``!stablehlo.token``), so a clean verdict on an op
    with a token is a verdict, not a pass-over. ``shapeless``: its definition relates no types (no
    type trait, no verifier, no inference; the real tool, given unrelated types, accepts them), so
    it has no check and is counted as "no shape rule", not as passed over. ``successors``: which
    operands of its generic form each successor block receives (``cf.cond_br``'s segments), for
    value flow's check of a branch against its target block. ``late_uses``: its custom parser
    resolves the operands its head names only after its regions, with the types written after
    them (``vector.mask``'s mask and passthru).
    """

    __slots__ = __match_args__ = (
        "name",
        "layout",
        "check",
        "semantics",
        "isolated",
        "region_arguments",
        "wraps",
        "literal",
        "constants",
        "implicit",
        "assembly",
        "summary",
        "terminated",
        "tokens",
        "shapeless",
        "successors",
        "late_uses",
    )
    name: str
    layout: Layout
    check: Check | None
    semantics: str | None
    isolated: bool
    region_arguments: Literal["first", "all", "none"]
    wraps: bool
    literal: str | None
    constants: bool
    implicit: tuple[str | None, ...]
    assembly: Assembly | None
    summary: str
    terminated: Terminated | None
    tokens: bool
    shapeless: bool
    successors: Successors | None
    late_uses: bool

    def __init__(
        self,
        name: str,
        layout: Layout = FUNCTIONAL,
        check: Check | None = None,
        semantics: str | None = None,
        isolated: bool = False,
        region_arguments: Literal["first", "all", "none"] = "first",
        wraps: bool = False,
        literal: str | None = None,
        constants: bool = False,
        implicit: tuple[str | None, ...] = (),
        assembly: Assembly | None = None,
        summary: str = "",
        terminated: Terminated | None = None,
        tokens: bool = False,
        shapeless: bool = False,
        successors: Successors | None = None,
        late_uses: bool = False,
    ) -> None:
        if shapeless and check is not None:
            raise ValueError(f"{name} has a check and is declared shapeless")
        put = object.__setattr__
        put(self, "name", name)
        put(self, "layout", layout)
        put(self, "check", check)
        put(self, "semantics", semantics)
        put(self, "isolated", isolated)
        put(self, "region_arguments", region_arguments)
        put(self, "wraps", wraps)
        put(self, "literal", literal)
        put(self, "constants", constants)
        put(self, "implicit", implicit)
        put(self, "assembly", assembly)
        put(self, "summary", summary)
        put(self, "terminated", terminated)
        put(self, "tokens", tokens)
        put(self, "shapeless", shapeless)
        put(self, "successors", successors)
        put(self, "late_uses", late_uses)

    @property
    def checked(self) -> bool:
        return self.check is not None


def ops(*declared: Op | Sequence[Op]) -> dict[str, Op]:
    """A dialect's ``OPS``: its declarations by name (each name once)."""
    table: dict[str, Op] = {}
    for item in declared:
        for op in (item,) if isinstance(item, Op) else item:
            if op.name in table:
                raise ValueError(f"{op.name} is declared twice")
            table[op.name] = op
    return table


def family(semantics: str) -> Check:
    """The check of a rule family by its name (``tosa``, ``stablehlo``, ``mlir``, ...)."""
    from broadcheck.semantics import registry

    return registry()[semantics]
