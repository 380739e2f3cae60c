"""Stage *value flow*, its last rule: every use is dominated by its definition.

MLIR's verifier checks it once every op verified (``verifyDominanceOfContainedRegions``):
in a region of SSACFG kind, a value defined by an op must come before its use in the same
block, or in a block that dominates the use's block in the region's control-flow graph; a use
in a nested region is judged by its ancestor op in the value's region; an op's own results
never dominate the ops in its regions; a block's arguments dominate every op of their block
and of the blocks it dominates. Graph regions (those of ops broadcheck does not know as
registered, and of ``tf_executor.graph``) are not checked.

What the engine tells this stage, as it reads: regions opening and closing, block labels,
branches, and the uses it could not settle on the spot (a value defined in another block, or
a forward reference resolved later). At the end of a function, :meth:`Dominance.judge` says
which of them break the rule, with MLIR's note on where the operand is defined.

Blocks are found by line: a region's entry block starts just after the line of its ``{``, a
labelled block at its label, and the block around a region resumes just after the region's
closing line. Lines that hold two blocks (a region written on one line) are judged as the
outer block: at worst a use goes unjudged, never a false error.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import repeat

from broadcheck.syntax.named import NamedTuple


class Broken(NamedTuple):
    """A use its definition does not dominate."""

    line: int
    """The line of the using op."""
    operand: int
    """The operand's number in the op (``operand #k``)."""
    note: str
    """MLIR's note on the definition."""
    note_line: int
    """The line of the op the note is at: the defining op, or the op that owns the block of
    a block argument."""


class _Use(NamedTuple):
    line: int  # the using op's line
    operand: int
    use_line: int  # the operand's own line
    definition: int  # the line of the definition
    block: int  # the definition's block if it is a block argument, else -1
    forward: bool  # defined after the use


class _Region:
    __slots__ = ("blocks", "graph", "labels", "line", "parent")

    def __init__(self, parent: int, line: int, graph: bool) -> None:
        self.parent, self.line, self.graph = parent, line, graph
        self.blocks: list[int] = []
        self.labels: dict[str, int] = {}


class _Block:
    __slots__ = ("index", "region", "successors")

    def __init__(self, region: int, index: int) -> None:
        self.region, self.index = region, index
        self.successors: list[str] = []


class Dominance:
    """The blocks and regions of one function, and the uses left to judge (see the module
    docstring)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.regions: list[_Region] = []
        self.blocks: list[_Block] = []
        self.at: list[float] = []
        """Where blocks start or resume (a half line: just after that line)."""
        self.which: list[int] = []
        """The block starting or resuming at each of :attr:`at`."""
        self.open: list[int] = []
        """The current block of each open region, innermost last."""
        self.starts: list[int] = []
        """The line each of :attr:`open` started at: a value defined on it or later is in it."""
        self.uses: list[_Use] = []
        self.arguments: dict[str, tuple[int, int]] = {}
        """The block arguments visible: name -> (line, block)."""
        self.entry = False
        """In the entry block of the function's body, outside any nested region: every value
        visible there that is neither a forward reference nor from outside the function
        dominates its uses (its block arguments, and the ops before the use)."""

    @property
    def start(self) -> int:
        """The first line of the current block (values defined before it are judged later)."""
        return self.starts[-1] if self.starts else 0

    @property
    def block(self) -> int:
        return self.open[-1] if self.open else -1

    # ---------------------------------------------------------------- reading

    def region(self, line: int, begins: int, graph: bool) -> None:
        """A region opens on line ``begins``; its op starts at ``line``."""
        region = len(self.regions)
        self.regions.append(_Region(self.block, line, graph))
        self.open.append(self._new_block(region, begins + 0.5))
        self.starts.append(line)
        self.entry = len(self.open) == 1

    def label(self, name: str, line: int, entry: bool) -> None:
        """A block label at ``line``; ``entry``: nothing came before it in its region."""
        if not self.open:
            return
        block = self.open[-1]
        region = self.regions[self.blocks[block].region]
        if not entry:
            block = self._new_block(self.blocks[block].region, line)
            self.open[-1] = block
            self.starts[-1] = line
            self.entry = False
        region.labels.setdefault(name, block)

    def edge(self, label: str) -> None:
        """The current block branches to ``label``."""
        if self.open:
            self.blocks[self.open[-1]].successors.append(label)

    def close(self, line: int) -> None:
        """The innermost region closes at ``line``."""
        if not self.open:
            return
        self.open.pop()
        self.starts.pop()
        self.entry = len(self.open) == 1 and self.blocks[self.open[0]].index == 0
        if self.open:
            self.at.append(line + 0.5)
            self.which.append(self.open[-1])

    def argument(self, name: str, line: int) -> None:
        """A block argument of the current block."""
        self.arguments[name] = (line, self.block)

    def arguments_at(self, names: list[str], lines: list[int]) -> None:
        """:meth:`argument` of each of ``names``, the ``k``-th at ``lines[k]``, in one dict update."""
        self.arguments.update(zip(names, zip(lines, repeat(self.block)), strict=True))

    def use(self, name: str, line: int, operand: int, use_line: int, definition: int, forward: bool) -> None:
        """A use to judge: of a value defined at line ``definition`` (``forward``: after it)."""
        argument = self.arguments.get(name)
        block = argument[1] if argument is not None and argument[0] == definition else -1
        self.uses.append(_Use(line, operand, use_line, definition, block, forward))

    def _new_block(self, region: int, at: float) -> int:
        block = len(self.blocks)
        owner = self.regions[region]
        self.blocks.append(_Block(region, len(owner.blocks)))
        owner.blocks.append(block)
        self.at.append(at)
        self.which.append(block)
        return block

    def _block_at(self, line: int) -> int:
        i = bisect_right(self.at, line) - 1
        return self.which[i] if i >= 0 else -1

    # ---------------------------------------------------------------- judging

    def judge(self) -> list[Broken]:
        """The uses recorded that their definitions do not dominate, in the order of the uses
        (one per op)."""
        broken: list[Broken] = []
        dominators: dict[int, dict[int, set[int] | None]] = {}
        for use in sorted(self.uses, key=lambda u: (u.line, u.operand)):
            if broken and broken[-1].line == use.line:
                continue  # the verifier stops at an op's first operand that is not dominated
            found = self._judge(use, dominators)
            if found is not None:
                broken.append(found)
        self.uses = []
        return broken

    def _judge(self, use: _Use, dominators: dict[int, dict[int, set[int] | None]]) -> Broken | None:
        user = self._block_at(use.use_line)
        defined = use.block if use.block >= 0 else self._block_at(use.definition)
        if user < 0 or defined < 0:
            return None
        if self.regions[self.blocks[user].region].graph:
            return None  # the ops of a graph region are not checked
        region = self.blocks[defined].region
        if self.regions[region].graph:
            return None
        # the ancestor of the use in the definition's region, and the op that holds the use there
        ancestor, holder = user, -1
        while ancestor >= 0 and self.blocks[ancestor].region != region:
            owner = self.regions[self.blocks[ancestor].region]
            holder, ancestor = owner.line, owner.parent
        if ancestor < 0:
            return self._broken(use, user, defined)  # defined neither around the use nor before it
        if use.block >= 0:  # a block argument dominates its block and the blocks it dominates
            if ancestor == defined or self._dominates(defined, ancestor, region, dominators):
                return None
            return self._broken(use, user, defined)
        if ancestor == defined:
            if holder < 0:
                return self._broken(use, user, defined) if use.forward else None
            before = use.definition < holder or (use.definition == holder and not use.forward)
            return None if before else self._broken(use, user, defined)
        if self._dominates(defined, ancestor, region, dominators):
            return None
        return self._broken(use, user, defined)

    def _dominates(self, a: int, b: int, region: int, cache: dict[int, dict[int, set[int] | None]]) -> bool:
        """Whether block ``a`` dominates block ``b`` (both of ``region``); an unreachable ``b``
        is dominated by every block, as in MLIR."""
        table = cache.get(region)
        if table is None:
            table = cache[region] = self._dominator_sets(region)
        found = table.get(b)
        return True if found is None else a in found

    def _dominator_sets(self, region: int) -> dict[int, set[int] | None]:
        """Each reachable block's dominators (the simple iterative data-flow algorithm: regions
        are small); ``None`` for unreachable blocks."""
        owner = self.regions[region]
        blocks = owner.blocks
        successors = {b: [owner.labels[s] for s in self.blocks[b].successors if s in owner.labels] for b in blocks}
        entry = blocks[0]
        reachable, stack = {entry}, [entry]
        while stack:
            for s in successors[stack.pop()]:
                if s not in reachable:
                    reachable.add(s)
                    stack.append(s)
        predecessors: dict[int, list[int]] = {b: [] for b in blocks}
        for b in blocks:
            if b in reachable:
                for s in successors[b]:
                    predecessors[s].append(b)
        everything = set(reachable)
        sets: dict[int, set[int]] = {b: ({b} if b == entry else set(everything)) for b in reachable}
        changed = True
        while changed:
            changed = False
            for b in blocks:
                if b == entry or b not in reachable:
                    continue
                incoming = [sets[p] for p in predecessors[b]]
                new = set.intersection(*incoming) | {b} if incoming else {b}
                if new != sets[b]:
                    sets[b], changed = new, True
        return {b: (sets[b] if b in reachable else None) for b in blocks}

    def _broken(self, use: _Use, user: int, defined: int) -> Broken:
        """MLIR's error and note for ``use`` (``diagnoseInvalidOperandDominance``)."""
        use_region, def_region = self.blocks[user].region, self.blocks[defined].region
        if use.block >= 0:
            index = self.blocks[defined].index
            where = self._relation(use_region, def_region, "in the same region", "in a parent region",
                                   "in a child region", "neither in a parent nor in a child region")  # fmt: skip
            note = f"operand defined as a block argument (block #{index} {where})"
            return Broken(use.line, use.operand, note, self.regions[def_region].line)
        if user == defined:
            where = "op in the same block"
        else:
            where = self._relation(
                use_region, def_region, "op in the same region", "op in a parent region", "op in a child region",
                "op is neither in a parent nor in a child region",
            )  # fmt: skip
        return Broken(use.line, use.operand, f"operand defined here ({where})", use.definition)

    def _relation(self, use: int, definition: int, same: str, parent: str, child: str, neither: str) -> str:
        if use == definition:
            return same
        if self._encloses(definition, use):
            return parent
        if self._encloses(use, definition):
            return child
        return neither

    def _encloses(self, outer: int, inner: int) -> bool:
        """Whether region ``outer`` is a proper ancestor of region ``inner``."""
        while True:
            parent = self.regions[inner].parent
            if parent < 0:
                return False
            inner = self.blocks[parent].region
            if inner == outer:
                return True
