"""What is open while a file is read, in; the records :mod:`.regions` keeps, out: each open
function (:class:`Function`) and each open region (:class:`OpenRegion`), read by the stages after
it (:mod:`.structure`, :mod:`.follow`)."""

from __future__ import annotations

from broadcheck.dialects.inner import SOURCES
from broadcheck.engine.control import Where
from broadcheck.engine.forms import Form
from broadcheck.engine.generic_print import Scope


class Function:
    """An open function: its symbol, its results' types (keys and texts), its depth, its line."""

    __slots__ = ("depth", "line", "name", "results")

    def __init__(self, name: str, results: tuple[str, ...] | None, texts: tuple[str, ...], depth: int, line: int):
        self.name, self.results, self.depth, self.line = name, (results, texts), depth, line


class OpenRegion:
    """What is known so far of a region being read."""

    __slots__ = ("arguments", "generic", "inner", "labelled", "names", "op", "ops", "results", "scope", "several",
                 "signature", "texts", "uses", "values", "where")  # fmt: skip

    def __init__(
        self, arguments: tuple[str | None, ...], op: str = "", names: tuple[str, ...] = (), results: int = 0
    ) -> None:
        self.arguments = arguments
        self.op = op
        """The name of the op that holds it (``dialects.inner.PARENTS``' checks read it)."""
        self.generic = False
        """Whether that op is written in the generic form (its parser adds no terminator)."""
        self.inner: list[tuple[Form, int]] = []
        """Its ops named in ``control.INNER``, and those not read (name ``''`` if not even that), with their lines."""
        self.labelled = False
        self.several = False
        """It has a block after its entry block (its last op ends the last block only)."""
        self.where = 0
        """The line of the last statement."""
        self.ops = 0
        """How many op statements it holds (in all its blocks, its terminator too)."""
        self.texts: Form | None = None
        """The last statement's form (its terminator, if nothing follows)."""
        self.names = names
        """Its entry block's arguments by name (where the head or the entry label names them)."""
        self.results = results
        """How many results the op that holds it has (``dialects.inner.DESTINATIONS`` reads it; -1
        where its head does not say: a generic form writes its types after its regions)."""
        self.values: dict[str, tuple[int, int]] | None = {} if op in SOURCES else None
        """For an op of :data:`~broadcheck.dialects.inner.SOURCES`: each value its ops define, by
        name: (the op's ordinal in the region, the result's)."""
        self.uses: tuple[str, ...] = ()
        """For those: the value names its last statement uses."""
        self.scope = Scope(None)  # (its values, as MLIR numbers them: :mod:`.generic_print`)
        self.signature: tuple[tuple[str | None, ...], tuple[str, ...], Where] | None = None
        """A generic-form function's body, until its entry block's arguments are read: the
        function's input types (keys and as written) and where its op is (``FunctionOpInterface`` compares them)."""
