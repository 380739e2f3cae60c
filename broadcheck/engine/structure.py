"""Where an op stands: in, each op of the traits below as :class:`~.run.FileRun` meets it, and each
region's opening, block ends and closing; out, what MLIR's parser and verifiers say of its place.

* ``HasParent``/``ParentOneOf`` (:data:`~broadcheck.dialects.inner.PARENTS`): the op that holds it.
* ``IsTerminator`` (:data:`TERMINATORS`): "must be the last operation in the parent block".
* A bare ``return``: the parser reads it in the default dialect of the nearest op around it in the
  custom form (``func`` in a function's body; ``builtin`` at a module's level, where it is unknown;
  an op in the generic form names none), as ``OpAsmOpInterface::getDefaultDialect`` gives it.
"""

from __future__ import annotations

from broadcheck.dialects.inner import PARENTS, parent_problem
from broadcheck.engine.control import Found
from broadcheck.engine.findings import OP_NAME, Findings
from broadcheck.engine.forms import USE, Form
from broadcheck.engine.open_region import OpenRegion
from broadcheck.engine.scan import Text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.lines import blank

TERMINATORS = frozenset(
    {
        "cf.br", "cf.cond_br", "cf.switch", "func.return", "linalg.yield", "mhlo.return", "scf.condition",
        "scf.forall.in_parallel", "scf.reduce", "scf.reduce.return", "scf.yield", "shape.assuming_yield",
        "shape.return", "shape.yield", "stablehlo.return", "tensor.yield", "tf.Yield", "tosa.yield", "vector.yield",
    }
)  # fmt: skip
"""The ops with the ``IsTerminator`` trait that broadcheck reads (the ODS tables' and ``tosa.yield``;
``tests/test_structure.py`` holds them to the tables)."""
_BRANCHES = frozenset({"cf.br", "cf.cond_br", "cf.switch"})
"""Terminators with block successors: MLIR's verifier words their place before their trait's."""
_BARE = frozenset(
    {"func.return", "linalg.yield", "mhlo.return", "scf.yield", "shape.assuming_yield", "shape.return", "shape.yield",
     "stablehlo.return", "tosa.yield", "vector.yield"}
)  # fmt: skip
"""Terminators whose custom form ends with a list of operands it may leave out: written without
one, their parser takes the names of the next line for theirs."""
ROUTED = frozenset(PARENTS) | TERMINATORS | {"return"}
"""The ops :meth:`Structure.op` is told of."""
_RESULTS = lazy(r"[ \t]*%[\w$.\-]+(?:[ \t]*,[ \t]*%[\w$.\-]+)*[ \t]*(?==)")
"""A line's results up to its ``=``."""
_NUMBERED = lazy(r"[ \t]*%[\w$.\-]+(?:[ \t]*,[ \t]*%[\w$.\-]+)*:(?=[0-9])")
"""A line's results up to the count of the last (``%0, %1:2``), after its ``:``."""
_DEFAULT = {"func.func": "func", "module": "builtin", "builtin.module": "builtin"}
"""The default dialect the custom form of these ops names for their regions (any other: none known here)."""


class Structure:
    """One file's places of ops: the default dialects of the regions open, each block's terminator."""

    def __init__(self, findings: Findings, regions: list[OpenRegion], chunks: list[int]) -> None:
        self.findings = findings
        self.chunks = chunks
        """The first line of each module read (:attr:`.read.Reader.chunks`), the last the one being read."""
        self.regions = regions
        """The regions open (:attr:`.regions.Regions.open_regions`, the innermost last)."""
        self.dialects: list[str | None] = []
        """For each region open: the default dialect of the ops in it (``None``: not known here)."""
        self.ended: dict[int, tuple[int, str, int, Text | None, bool, bool, OpenRegion]] = {}
        """For a region (by ``id``; held, so that no other takes its ``id``) whose block so far holds
        a terminator: how many ops the region held with it, its name and line, its text, whether it
        could take the next line's names, whether its parent is one it may have."""

    def opened(self, form: Form | None, head: Text) -> None:
        """A region of the op ``form`` opens (its text so far ``head``)."""
        statement = form.statement if form is not None else None
        if statement is not None and not statement.generic:
            self.dialects.append(_DEFAULT.get(statement.name))
        elif statement is not None or ((named := OP_NAME.match(head.text)) is not None and named["generic"]):
            # (an op in the generic form names no default dialect: its parent's)
            self.dialects.append(self.dialects[-1] if self.dialects else "builtin")
        else:
            self.dialects.append(None)  # (a head not read: the parser stopped in it)

    def default_dialect(self) -> str | None:
        """The default dialect of the ops of the innermost region open (``None``: not known here)."""
        return self.dialects[-1] if self.dialects else "builtin"

    def op(self, form: Form, line: int, text: Text | None) -> None:
        """An op of :data:`ROUTED` at ``line``: where it stands."""
        name = form.name
        if name == "return":
            dialect = self.default_dialect()
            if dialect == "builtin":  # (no dialect of `return` at a module's level)
                self.findings.at_op(line, text, "BC030", {"name": name, "tried": " (tried 'builtin.return' as well)"})
                return
            if dialect != "func":  # (another op's default dialect: what the parser says is not known here)
                return
            name = "func.return"
        regions = self.regions
        problem = parent_problem(name, regions[-1].op if regions else "builtin.module")
        if problem is not None:
            where = self.findings.op_where(line, None, text)
            if where is not None:
                self.findings.control([Found(problem[0], where, problem[1], op=name)])
        if name in TERMINATORS and regions:
            region = regions[-1]
            statement = form.statement
            bare = name in _BARE and statement is not None and not statement.generic and USE not in form.roles
            # (a parent's problem: its verifier stops at that trait, before IsTerminator)
            self.ended.setdefault(id(region), (region.ops, name, line, text, bare, problem is None, region))

    def block_ends(self) -> None:
        """The innermost region's block ends (a label follows, or the region closes)."""
        if not self.regions:
            return
        region = self.regions[-1]
        ended = self.ended.pop(id(region), None)
        if ended is None or ended[0] == region.ops:
            return
        _, name, line, text, bare, verified, _ = ended
        if (bare and self._names_follow(line if text is None else text.parts[-1].line)) or not verified:
            return
        where = self.findings.op_where(line, None, text)
        if where is not None:
            self.findings.control([Found("BC036" if name in _BRANCHES else "BC035", where, {}, op=name)])

    def closed(self) -> None:
        """The innermost region closes."""
        self.block_ends()
        if self.dialects:
            self.dialects.pop()

    def _names_follow(self, line: int) -> bool:
        """Whether the first line after ``line`` that is not blank starts with a value's name: the
        terminator's parser takes the names for its operands. Where they are results (``%0 = ...``),
        it wants their types at the ``=`` (or a type at the count of ``%0:2``), and says so (BC001)."""
        for number in range(line + 1, line + 1000):
            text = self.findings.fetch_line(number)
            if not blank(text):
                if not text.lstrip().startswith("%"):
                    return False
                results = _RESULTS.match(text)
                if results is not None:
                    self.findings.wrong_token(number, results.end() + 1, self.chunks[-1], "expected ':'")
                elif (numbered := _NUMBERED.match(text)) is not None:  # (`%0:2 = ...`: a type wanted at the `2`)
                    self.findings.wrong_token(number, numbered.end() + 1, self.chunks[-1], "expected non-function type")
                return True
        return False
