"""Random small modules for the value-flow campaign (issue 18, items 3 and 4).

Each case is a module of one to three ``func.func``s (and sometimes a private declaration
and a few module-level ops) with 3 to 20 ops drawn at random, besides those a kind of
mistake needs, the terminators and the constants that make operands (median 18 op lines
in all), written from the forms whose operand types MLIR's parser or verifiers check
against a value's definition:

* single trailing types: ``arith.addf %a, %b : T``, ``math.absf %x : T``, ``math.sqrt``,
  ``arith.cmpf oeq, %a, %b : T``, ``arith.select %c, %a, %b : T``, ``arith.addi``, ...;
* ``A to B`` forms: ``tensor.cast``, ``arith.extf``/``truncf``, ``arith.index_cast``,
  ``arith.bitcast``, ``arith.sitofp``, ``arith.extsi``, ``vector.shape_cast``;
* ``tensor.dim %t, %i : T``, ``arith.constant``;
* ``func.call @f(%a) : (T) -> U`` to a function of the module (itself included) or to a
  private declaration; ``return``/``func.return``;
* regions: ``scf.if`` with ``scf.yield`` (sibling regions reuse names), ``linalg.generic``
  and ``"stablehlo.all_reduce"`` whose block arguments or body may reuse the op's own
  result name (an op's results are defined after its regions are parsed);
* blocks: ``cf.br ^bb1(%x : T)`` and ``cf.cond_br %c, ^bb1(...), ^bb2(...)`` to blocks with
  arguments, written in any order after the entry block (forward references to blocks);
* module-level ops, which form a graph region (forward references are allowed there): a
  constant and up to four ops on it (trailing-type ops, casts, an ``scf.if`` yielding them)
  in any order, before the functions and after them, in a file's top level or an explicit
  ``module``; the ``graph/*`` kinds plant mistakes there (a use's type, an undeclared or
  redefined name, a value of a function's body, a value from outside the ``module``).

Types are scalars, vectors and tensors with static and dynamic (``?``) dims. The module
is valid by construction; then, unless the case's kind is ``valid``, one mistake of that
kind is planted (see :data:`KINDS`). The kind names the mistake, not the verdict: the
real tool decides what each case is (a planted mistake may leave a valid module, e.g. a
result type changed where the result is never used).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

DEFAULT_COUNT = 3000
DEFAULT_SEED = 20261218

FLOATS = ("f16", "f32", "f64")
WIDER = {"f16": ("f32", "f64"), "f32": ("f64",)}
NARROWER = {"f64": ("f32", "f16"), "f32": ("f16",)}
BITCAST = {"f32": "i32", "i32": "f32", "f64": "i64", "i64": "f64", "f16": "i16", "i16": "f16"}
SIXTEEN = ((16,), (4, 4), (2, 8), (8, 2))


@dataclass(frozen=True)
class Ty:
    """A type: a scalar (``dims`` is None), a tensor or a vector; None in dims is ``?``."""

    elem: str
    dims: tuple[int | None, ...] | None = None
    vector: bool = False

    def __str__(self) -> str:
        if self.dims is None:
            return self.elem
        body = "".join(f"{'?' if d is None else d}x" for d in self.dims) + self.elem
        return f"vector<{body}>" if self.vector else f"tensor<{body}>"

    def like(self, elem: str) -> Ty:
        return Ty(elem, self.dims, self.vector)

    @property
    def static(self) -> bool:
        return self.dims is None or None not in self.dims

    @property
    def floaty(self) -> bool:
        return self.elem in FLOATS

    @property
    def inty(self) -> bool:
        return self.elem in ("i16", "i32", "i64", "index")

    @property
    def tensor(self) -> bool:
        return self.dims is not None and not self.vector


I1 = Ty("i1")
INDEX = Ty("index")


@dataclass(eq=False)
class Ref:
    """An operand: the value's name and, where the form writes it, the type written."""

    name: str
    ty: Ty


# --- statements -----------------------------------------------------------------------


class Stmt:
    """One op; ``res`` is its result name (None when it has none), ``nres`` their count."""

    res: str | None
    nres: int = 1

    def lines(self, ind: str) -> list[str]:
        raise NotImplementedError

    def head(self) -> str:
        if self.res is None:
            return ""
        return f"{self.res}{':' + str(self.nres) if self.nres > 1 else ''} = "


@dataclass(eq=False)
class Trailing(Stmt):
    """``%r = op prefix%a, %b : T``: one type written for every operand (not the condition
    of ``arith.select``, the first of three)."""

    res: str | None
    op: str
    refs: list[Ref]
    ty: Ty
    prefix: str = ""

    def lines(self, ind: str) -> list[str]:
        return [f"{ind}{self.head()}{self.op} {self.prefix}{', '.join(r.name for r in self.refs)} : {self.ty}"]


@dataclass(eq=False)
class Cast(Stmt):
    """``%r = op %x : A to B``."""

    res: str | None
    op: str
    ref: Ref
    to: Ty

    def lines(self, ind: str) -> list[str]:
        return [f"{ind}{self.head()}{self.op} {self.ref.name} : {self.ref.ty} to {self.to}"]


@dataclass(eq=False)
class Const(Stmt):
    res: str | None
    ty: Ty

    def lines(self, ind: str) -> list[str]:
        t = self.ty
        if t == I1:
            return [f"{ind}{self.head()}arith.constant true"]
        one = "1.0" if t.floaty else ("true" if t.elem == "i1" else ("0" if t.elem == "index" else "2"))
        literal = one if t.dims is None else f"dense<{one}>"
        return [f"{ind}{self.head()}arith.constant {literal} : {t}"]


@dataclass(eq=False)
class Dim(Stmt):
    res: str | None
    ref: Ref
    index: Ref

    def lines(self, ind: str) -> list[str]:
        return [f"{ind}{self.head()}tensor.dim {self.ref.name}, {self.index.name} : {self.ref.ty}"]


def _types(tys: list[Ty]) -> str:
    return ", ".join(str(t) for t in tys)


def _results(tys: list[Ty]) -> str:
    return str(tys[0]) if len(tys) == 1 else f"({_types(tys)})"


@dataclass(eq=False)
class Call(Stmt):
    res: str | None
    callee: str
    refs: list[Ref]
    rtys: list[Ty]
    spelling: str = "func.call"

    @property
    def nres(self) -> int:  # type: ignore[override]
        return len(self.rtys)

    def lines(self, ind: str) -> list[str]:
        args = ", ".join(r.name for r in self.refs)
        types = _types([r.ty for r in self.refs])
        head = self.head() if self.rtys else ""
        return [f"{ind}{head}{self.spelling} @{self.callee}({args}) : ({types}) -> {_results(self.rtys)}"]


@dataclass(eq=False)
class Terminator(Stmt):
    """``return``, ``func.return``, ``scf.yield``, ``linalg.yield``, ``stablehlo.return``."""

    op: str
    refs: list[Ref]
    res: str | None = None

    def lines(self, ind: str) -> list[str]:
        if not self.refs:
            return [f"{ind}{self.op}"]
        return [f"{ind}{self.op} {', '.join(r.name for r in self.refs)} : {_types([r.ty for r in self.refs])}"]


@dataclass(eq=False)
class Successor:
    label: str
    refs: list[Ref]

    def text(self) -> str:
        if not self.refs:
            return self.label
        return f"{self.label}({', '.join(r.name for r in self.refs)} : {_types([r.ty for r in self.refs])})"


@dataclass(eq=False)
class Branch(Stmt):
    """``cf.br ^bb(...)`` (one successor) or ``cf.cond_br %c, ^a(...), ^b(...)``."""

    succs: list[Successor]
    cond: Ref | None = None
    res: str | None = None

    def lines(self, ind: str) -> list[str]:
        if self.cond is None:
            return [f"{ind}cf.br {self.succs[0].text()}"]
        return [f"{ind}cf.cond_br {self.cond.name}, {', '.join(s.text() for s in self.succs)}"]


@dataclass(eq=False)
class Block:
    label: str | None
    args: list[tuple[str, Ty]]
    stmts: list[Stmt] = field(default_factory=list)

    def lines(self, ind: str) -> list[str]:
        out = []
        if self.label is not None:
            args = ", ".join(f"{n}: {t}" for n, t in self.args)
            out.append(f"{ind[:-2]}{self.label}{'(' + args + ')' if self.args else ''}:")
        for stmt in self.stmts:
            out += stmt.lines(ind)
        return out


@dataclass(eq=False)
class If(Stmt):
    res: str | None
    cond: Ref
    rtys: list[Ty]
    then: Block
    orelse: Block

    @property
    def nres(self) -> int:  # type: ignore[override]
        return len(self.rtys)

    def lines(self, ind: str) -> list[str]:
        inner = ind + "  "
        return [
            f"{ind}{self.head()}scf.if {self.cond.name} -> ({_types(self.rtys)}) {{",
            *self.then.lines(inner),
            f"{ind}}} else {{",
            *self.orelse.lines(inner),
            f"{ind}}}",
        ]


@dataclass(eq=False)
class AllReduce(Stmt):
    res: str | None
    ref: Ref
    ty: Ty
    body: Block

    def lines(self, ind: str) -> list[str]:
        inner = ind + "  "
        return [
            f'{ind}{self.head()}"stablehlo.all_reduce"({self.ref.name}) ({{',
            *self.body.lines(inner),
            f"{ind}}}) {{replica_groups = dense<[[0]]> : tensor<1x1xi64>}} : ({self.ref.ty}) -> {self.ty}",
        ]


@dataclass(eq=False)
class Generic(Stmt):
    res: str | None
    ins: list[Ref]
    out: Ref
    ty: Ty
    body: Block

    def lines(self, ind: str) -> list[str]:
        assert self.ty.dims is not None
        rank = len(self.ty.dims)
        ds = ", ".join(f"d{i}" for i in range(rank))
        amap = f"affine_map<({ds}) -> ({ds})>"
        maps = ", ".join([amap] * (len(self.ins) + 1))
        its = ", ".join(['"parallel"'] * rank)
        ins = f"{', '.join(r.name for r in self.ins)} : {_types([r.ty for r in self.ins])}"
        return [
            f"{ind}{self.head()}linalg.generic {{indexing_maps = [{maps}], iterator_types = [{its}]}} "
            f"ins({ins}) outs({self.out.name} : {self.out.ty}) {{",
            *self.body.lines(ind + "  "),
            f"{ind}}} -> {self.ty}",
        ]


@dataclass(eq=False)
class Func:
    name: str
    args: list[tuple[str, Ty]]
    rtys: list[Ty]
    blocks: list[Block] = field(default_factory=list)
    private: bool = False

    def lines(self) -> list[str]:
        results = "" if not self.rtys else f" -> {_results(self.rtys)}"
        if self.private:
            return [f"func.func private @{self.name}({_types([t for _, t in self.args])}){results}"]
        args = ", ".join(f"{n}: {t}" for n, t in self.args)
        out = [f"func.func @{self.name}({args}){results} {{"]
        for block in self.blocks:
            out += block.lines("  ")
        return [*out, "}"]


# --- the record of where mistakes can be planted -------------------------------------------


@dataclass(eq=False)
class Use:
    """An operand as generated: where it is, what was visible there, and its form."""

    ref: Ref
    stmt: Stmt
    block: Block
    func: Func | None
    scope: dict[str, Ty]
    form: str
    region: Stmt | None = None
    """The region op whose body holds the operand, if any."""


@dataclass(eq=False)
class Def:
    name: str
    ty: Ty
    block: Block
    stmt: Stmt | None
    func: Func | None


@dataclass(eq=False)
class Program:
    funcs: list[Func]
    top: list[Stmt]
    wrap: bool
    tail: list[Stmt] = field(default_factory=list)
    """Module-level ops after the functions."""
    outer: list[Stmt] = field(default_factory=list)
    """Ops before the ``module {`` of a wrapped module (outside it)."""
    uses: list[Use] = field(default_factory=list)
    defs: list[Def] = field(default_factory=list)
    results: list[tuple[Stmt, Block, dict[str, Ty], Stmt | None]] = field(default_factory=list)
    """Ops with a result: (op, block, the names visible at it, its enclosing region op)."""
    regions: list[tuple[Stmt, Block, list[Block]]] = field(default_factory=list)
    """Region ops: (op, the block holding it, its bodies)."""
    features: set[str] = field(default_factory=set)
    fn_blocks: dict[int, list[Block]] = field(default_factory=dict)
    fresh: int = 0

    def text(self) -> str:
        lines: list[str] = []
        ind = "  " if self.wrap else ""
        top = [line for stmt in self.top for line in stmt.lines(ind)]
        tail = [line for stmt in self.tail for line in stmt.lines(ind)]
        body: list[str] = []
        for fn in self.funcs:
            body += fn.lines()
        if self.wrap:
            outer = [line for stmt in self.outer for line in stmt.lines("")]
            lines = [*outer, "module {", *top, *["  " + line if line else line for line in body], *tail, "}"]
        else:
            lines = [*top, *body, *tail]
        return "\n".join(lines) + "\n"

    def new_name(self, stem: str = "m") -> str:
        self.fresh += 1
        return f"%{stem}{self.fresh}"


# --- generation ------------------------------------------------------------------------


def _variant(rng: random.Random, t: Ty) -> Ty:
    """A type near ``t`` but different: a dim static <-> dynamic or resized, another element
    type, another rank."""
    if t.dims is None:
        options = {
            "f16": ("f32",),
            "f32": ("f64", "f16"),
            "f64": ("f32",),
            "i32": ("i64",),
            "i64": ("i32",),
            "i16": ("i32",),
            "index": ("i64", "i32"),
            "i1": ("i32",),
        }[t.elem]
        return Ty(rng.choice(options))
    dims = list(t.dims)
    choice = rng.randrange(4) if dims else 3
    if choice == 0 and not t.vector:  # static <-> dynamic
        i = rng.randrange(len(dims))
        dims[i] = rng.choice((2, 3, 4)) if dims[i] is None else None
    elif choice in (0, 1):
        i = rng.randrange(len(dims))
        dims[i] = (dims[i] or 2) % 5 + 1
    elif choice == 2:
        elem = {"f32": "f16", "f16": "f32", "f64": "f32", "i32": "i64", "i1": "i32"}.get(t.elem, "f32")
        return Ty(elem, t.dims, t.vector)
    else:
        dims = [*dims, rng.choice((2, 3, 4))]
    return Ty(t.elem, tuple(dims), t.vector)


def _pool(rng: random.Random) -> list[Ty]:
    """The types a module draws on: scalars, a few tensor shapes, a few vectors."""
    tys = [Ty(e) for e in ("f16", "f32", "f32", "f64", "i32", "i64", "index", "i1")]
    for _ in range(rng.randint(2, 4)):
        rank = rng.choice((0, 1, 1, 2, 2, 3))
        dims = tuple(rng.choice((2, 3, 4, None, None)) for _ in range(rank))
        tys.append(Ty(rng.choice(("f32", "f32", "f16", "i32")), dims))
    for dims in rng.sample(SIXTEEN, 2):
        tys.append(Ty("f32", dims, vector=True))
    tys.append(Ty("f16", (8,), vector=True))
    return tys


def cast_targets(op: str, src: Ty) -> list[Ty]:
    """The types ``op`` may cast ``src`` to (every one verifies)."""
    if op == "tensor.cast" and src.tensor and src.dims:
        out = []
        for i, d in enumerate(src.dims):
            for new in (None,) if d is not None else (2, 3, 4):
                dims = list(src.dims)
                dims[i] = new
                out.append(Ty(src.elem, tuple(dims)))
        if len(src.dims) > 1 and not src.static:
            out.append(Ty(src.elem, tuple(None for _ in src.dims)))
        return out
    if op == "arith.extf":
        return [src.like(e) for e in WIDER.get(src.elem, ())]
    if op == "arith.truncf":
        return [src.like(e) for e in NARROWER.get(src.elem, ())]
    if op == "arith.index_cast" and src.dims is None:
        if src.elem == "index":
            return [Ty("i32"), Ty("i64")]
        if src.elem in ("i32", "i64"):
            return [INDEX]
    if op == "arith.bitcast" and src.dims is None and src.elem in BITCAST:
        return [Ty(BITCAST[src.elem])]
    if op == "arith.sitofp" and src.elem in ("i32", "i64") and not src.vector:
        return [src.like("f32"), src.like("f64")]
    if op == "arith.extsi" and src.elem == "i32" and not src.vector:
        return [src.like("i64")]
    if op == "vector.shape_cast" and src.vector and src.dims in SIXTEEN:
        return [Ty(src.elem, d, vector=True) for d in SIXTEEN if d != src.dims]
    return []


class Ctx:
    """Where ops are being written: a block, the names visible, the enclosing region op."""

    def __init__(self, block: Block, scope: dict[str, Ty], func: Func | None, region: Stmt | None) -> None:
        self.block = block
        self.scope = scope
        self.func = func
        self.region = region


class Builder:
    def __init__(self, rng: random.Random, prog: Program, force: set[str]) -> None:
        self.rng = rng
        self.prog = prog
        self.force = force
        self.pool = _pool(rng)
        self.counter = 0
        self.budget = rng.randint(3, 20)
        """Ops to write in the module, beyond those a kind forces and the terminators."""
        self.written = 0
        self.callees: list[Func] = []

    # names and records

    def name(self) -> str:
        self.counter += 1
        return f"%{self.counter - 1}"

    def define(self, ctx: Ctx, stmt: Stmt, tys: list[Ty]) -> list[Ref]:
        """Add ``stmt`` to the block and its results to the scope; their uses."""
        ctx.block.stmts.append(stmt)
        self.written += 1
        if stmt.res is None:
            return []
        self.prog.results.append((stmt, ctx.block, dict(ctx.scope), ctx.region))
        names = [stmt.res] if len(tys) == 1 else [f"{stmt.res}#{i}" for i in range(len(tys))]
        for n, t in zip(names, tys, strict=True):
            ctx.scope[n] = t
            self.prog.defs.append(Def(n, t, ctx.block, stmt, ctx.func))
        return [Ref(n, t) for n, t in zip(names, tys, strict=True)]

    def use(self, ctx: Ctx, ref: Ref, stmt: Stmt, form: str) -> Ref:
        self.prog.uses.append(Use(ref, stmt, ctx.block, ctx.func, dict(ctx.scope), form, ctx.region))
        return ref

    # operands

    def value(self, ctx: Ctx, ty: Ty, reuse: float = 0.85) -> Ref:
        """A visible value of type ``ty``, or one made for it (a constant, maybe cast)."""
        have = [n for n, t in ctx.scope.items() if t == ty]
        if have and self.rng.random() < reuse:
            return Ref(self.rng.choice(have), ty)
        if ty.static:
            stmt = Const(self.name(), ty)
            return self.define(ctx, stmt, [ty])[0]
        assert ty.dims is not None
        static = Ty(ty.elem, tuple(d if d is not None else self.rng.choice((2, 3, 4)) for d in ty.dims))
        src = self.value(ctx, static)
        cast = Cast(self.name(), "tensor.cast", Ref(src.name, static), ty)
        self.use(ctx, cast.ref, cast, "cast")
        return self.define(ctx, cast, [ty])[0]

    def pick_type(self, ctx: Ctx, ok: Callable[[Ty], bool]) -> Ty | None:
        seen = [t for t in ctx.scope.values() if ok(t)]
        if seen and self.rng.random() < 0.7:
            return self.rng.choice(seen)
        pool = [t for t in self.pool if ok(t)]
        return self.rng.choice(pool) if pool else None

    # ops

    def trailing(self, ctx: Ctx) -> bool:
        rng = self.rng
        ty = self.pick_type(ctx, lambda t: t.floaty or (t.inty and t.elem != "index") or t.elem == "index")
        if ty is None:
            return False
        if ty.floaty:
            kind = rng.choice(("binary", "binary", "unary", "unary", "cmp", "select"))
            op = {
                "binary": rng.choice(("arith.addf", "arith.subf", "arith.mulf", "arith.maximumf")),
                "unary": rng.choice(("math.absf", "math.sqrt", "math.exp", "arith.negf")),
                "cmp": "arith.cmpf",
                "select": "arith.select",
            }[kind]
        else:
            kind = rng.choice(("binary", "binary", "cmp", "select"))
            op = {
                "binary": rng.choice(("arith.addi", "arith.muli", "arith.subi")),
                "cmp": "arith.cmpi",
                "select": "arith.select",
            }[kind]
        arity = 1 if kind == "unary" else 2
        refs = [self.value(ctx, ty) for _ in range(arity)]
        prefix = ""
        if kind == "cmp":
            prefix = rng.choice(("oeq, ", "olt, ", "une, ")) if ty.floaty else rng.choice(("slt, ", "eq, "))
        if kind == "select":
            refs.insert(0, self.value(ctx, I1))
        stmt = Trailing(self.name(), op, [Ref(r.name, r.ty) for r in refs], ty, prefix)
        for i, ref in enumerate(stmt.refs):
            self.use(ctx, ref, stmt, "select-condition" if kind == "select" and i == 0 else "trailing")
        rty = ty.like("i1") if kind == "cmp" else ty
        self.define(ctx, stmt, [rty])
        return True

    CASTS = (
        "tensor.cast",
        "arith.extf",
        "arith.truncf",
        "arith.index_cast",
        "arith.bitcast",
        "arith.sitofp",
        "arith.extsi",
        "vector.shape_cast",
    )

    def cast(self, ctx: Ctx) -> bool:
        op = self.rng.choice(self.CASTS)
        src = self.pick_type(ctx, lambda t: bool(cast_targets(op, t)))
        if src is None:
            return False
        to = self.rng.choice(cast_targets(op, src))
        ref = self.value(ctx, src)
        stmt = Cast(self.name(), op, Ref(ref.name, src), to)
        self.use(ctx, stmt.ref, stmt, "cast")
        self.define(ctx, stmt, [to])
        return True

    def dim(self, ctx: Ctx) -> bool:
        src = self.pick_type(ctx, lambda t: t.tensor and bool(t.dims))
        if src is None:
            return False
        ref = self.value(ctx, src)
        index = self.value(ctx, INDEX, reuse=0.3)
        stmt = Dim(self.name(), Ref(ref.name, src), Ref(index.name, INDEX))
        self.use(ctx, stmt.ref, stmt, "dim")
        self.use(ctx, stmt.index, stmt, "dim-index")
        self.define(ctx, stmt, [INDEX])
        return True

    def call(self, ctx: Ctx) -> bool:
        if not self.callees:
            return False
        callee = self.rng.choice(self.callees)
        refs = [self.value(ctx, t) for _, t in callee.args]
        stmt = Call(
            self.name() if callee.rtys else None,
            callee.name,
            [Ref(r.name, r.ty) for r in refs],
            list(callee.rtys),
            # `call` alone only where func is the default dialect: directly in a function
            self.rng.choice(("func.call", "call")) if ctx.region is None else "func.call",
        )
        for ref in stmt.refs:
            self.use(ctx, ref, stmt, "call")
        self.define(ctx, stmt, list(callee.rtys))
        self.prog.features.add("call-private" if callee.private else "call")
        return True

    def region_names(self, res: str) -> tuple[int, bool]:
        """Where a region's own names start: at the op's result number (reusing its name,
        legal as the results are defined after the regions) or after it."""
        reuse = self.rng.random() < 0.3
        return int(res[1:]) + (0 if reuse else 1), reuse

    def scf_if(self, ctx: Ctx, depth: int) -> bool:
        rng = self.rng
        rtys = []
        for _ in range(rng.choice((1, 1, 1, 2))):
            t = self.pick_type(ctx, lambda t: True)
            assert t is not None
            rtys.append(t)
        cond = self.value(ctx, I1)
        res = self.name()
        start, reuse = self.region_names(res)
        stmt = If(res, Ref(cond.name, I1), rtys, Block(None, []), Block(None, []))
        self.use(ctx, stmt.cond, stmt, "if-condition")
        ends = []
        for body in (stmt.then, stmt.orelse):  # siblings: each starts at the same number
            self.counter = start
            inner = Ctx(body, dict(ctx.scope), ctx.func, stmt)
            self.ops(inner, rng.randint(0, 3), depth + 1)
            refs = [self.value(inner, t) for t in rtys]
            term = Terminator("scf.yield", [Ref(r.name, r.ty) for r in refs])
            body.stmts.append(term)
            for ref in term.refs:
                self.use(inner, ref, term, "yield")
            ends.append(self.counter)
        self.counter = max([*ends, int(res[1:]) + 1])
        self.prog.regions.append((stmt, ctx.block, [stmt.then, stmt.orelse]))
        self.define(ctx, stmt, rtys)
        self.prog.features.add("scf.if" + (" reusing its result name" if reuse and self.counter > start else ""))
        return True

    def all_reduce(self, ctx: Ctx) -> bool:
        rng = self.rng
        ty = Ty("f32", tuple(rng.choice((2, 3, 4)) for _ in range(rng.randint(1, 2))))
        src = self.value(ctx, ty)
        res = self.name()
        start, reuse = self.region_names(res)
        self.counter = start
        elem = Ty("f32", ())
        a, b = self.name(), self.name()
        if reuse and rng.random() < 0.5:  # the body's result reuses the name, not an argument
            a, b = b, f"%{self.counter}"
            self.counter += 1
        body = Block("^bb0", [(a, elem), (b, elem)])
        stmt = AllReduce(res, Ref(src.name, ty), ty, body)
        self.use(ctx, stmt.ref, stmt, "all_reduce")
        inner = Ctx(body, {**ctx.scope, a: elem, b: elem}, ctx.func, stmt)
        for n in (a, b):
            self.prog.defs.append(Def(n, elem, body, None, ctx.func))
        op = rng.choice(("stablehlo.add", "stablehlo.maximum"))
        name = res if reuse and res not in (a, b) else self.name()
        add = Trailing(name, op, [Ref(a, elem), Ref(b, elem)], elem)
        for ref in add.refs:
            self.use(inner, ref, add, "trailing")
        self.define(inner, add, [elem])
        term = Terminator("stablehlo.return", [Ref(name, elem)])
        body.stmts.append(term)
        self.use(inner, term.refs[0], term, "yield")
        self.counter = max(self.counter, int(res[1:]) + 1)
        self.prog.regions.append((stmt, ctx.block, [body]))
        self.define(ctx, stmt, [ty])
        self.prog.features.add("all_reduce" + (" reusing its result name" if reuse else ""))
        return True

    def generic(self, ctx: Ctx) -> bool:
        rng = self.rng
        ty = self.pick_type(ctx, lambda t: t.tensor and bool(t.dims) and t.floaty)
        if ty is None:
            return False
        ins = [self.value(ctx, ty) for _ in range(rng.randint(1, 2))]
        out = self.value(ctx, ty)
        res = self.name()
        start, reuse = self.region_names(res)
        self.counter = start
        elem = Ty(ty.elem)
        args = [self.name() for _ in range(len(ins) + 1)]
        body = Block("^bb0", [(n, elem) for n in args])
        stmt = Generic(res, [Ref(r.name, ty) for r in ins], Ref(out.name, ty), ty, body)
        for ref in (*stmt.ins, stmt.out):
            self.use(ctx, ref, stmt, "generic")
        inner = Ctx(body, {**ctx.scope, **{n: elem for n in args}}, ctx.func, stmt)
        for n in args:
            self.prog.defs.append(Def(n, elem, body, None, ctx.func))
        add = Trailing(
            self.name(), rng.choice(("arith.addf", "arith.mulf")), [Ref(args[0], elem), Ref(args[-1], elem)], elem
        )
        for ref in add.refs:
            self.use(inner, ref, add, "trailing")
        value = self.define(inner, add, [elem])[0]
        term = Terminator("linalg.yield", [Ref(value.name, elem)])
        body.stmts.append(term)
        self.use(inner, term.refs[0], term, "yield")
        self.counter = max(self.counter, int(res[1:]) + 1)
        self.prog.regions.append((stmt, ctx.block, [body]))
        self.define(ctx, stmt, [ty])
        self.prog.features.add("linalg.generic" + (" reusing its result name" if reuse else ""))
        return True

    def ops(self, ctx: Ctx, count: int, depth: int) -> None:
        rng = self.rng
        makers: list[tuple[float, Callable[[Ctx], bool]]] = [
            (4, self.trailing),
            (3, self.cast),
            (1, self.dim),
            (2, self.call),
        ]
        if depth < 2:
            makers += [
                (1, lambda c: self.scf_if(c, depth)),
                (0.5, self.all_reduce),
                (0.5, self.generic),
            ]
        forced = {"if": lambda c: self.scf_if(c, depth), "region": self.all_reduce, "generic": self.generic}
        for want, make in forced.items():
            if want in self.force and depth == 0:
                self.force.discard(want)
                make(ctx)
        if "call" in self.force and depth == 0 and self.callees:
            self.force.discard("call")
            self.call(ctx)
        for _ in range(count):
            if self.written >= self.budget:
                break
            for _attempt in range(5):
                make = rng.choices([m for _, m in makers], [w for w, _ in makers])[0]
                if make(ctx):
                    break

    def ret(self, ctx: Ctx, fn: Func) -> None:
        refs = [self.value(ctx, t) for t in fn.rtys]
        term = Terminator(self.rng.choice(("return", "func.return")), [Ref(r.name, r.ty) for r in refs])
        ctx.block.stmts.append(term)
        for ref in term.refs:
            self.use(ctx, ref, term, "return")

    def branch_to(self, ctx: Ctx, target: Block) -> Successor:
        refs = [self.value(ctx, t) for _, t in target.args]
        succ = Successor(target.label or "", [Ref(r.name, r.ty) for r in refs])
        return succ

    def function(self, fn: Func, layout: str) -> None:
        rng = self.rng
        self.counter = 0
        entry = Block(None, [])
        fn.blocks = [entry]
        scope = dict(fn.args)
        for n, t in fn.args:
            self.prog.defs.append(Def(n, t, entry, None, fn))
        ctx = Ctx(entry, scope, fn, None)
        self.ops(ctx, rng.randint(1, 6), 0)
        if layout == "single":
            self.ret(ctx, fn)
            self.prog.fn_blocks[id(fn)] = [entry]
            return
        labels = rng.sample(("^bb1", "^bb2", "^bb3", "^exit", "^then", "^next"), 2)
        blocks = []
        for label in labels[: 1 if layout == "br" else 2]:
            args = []
            for _ in range(rng.choice((0, 1, 1, 2))):
                t = self.pick_type(ctx, lambda t: True)
                assert t is not None
                args.append((self.name(), t))
            blocks.append(Block(label, args))
        if layout == "br":
            term: Branch = Branch([])
            term.succs = [self.branch_to(ctx, blocks[0])]
        else:
            cond = self.value(ctx, I1)
            term = Branch([], Ref(cond.name, I1))
            term.succs = [self.branch_to(ctx, blocks[0]), self.branch_to(ctx, blocks[1])]
            self.use(ctx, term.cond, term, "cond_br-condition")  # type: ignore[arg-type]
        entry.stmts.append(term)
        for succ in term.succs:
            for ref in succ.refs:
                self.use(ctx, ref, term, "branch")
        after_entry = dict(ctx.scope)
        for i, block in enumerate(blocks):
            bctx = Ctx(block, {**after_entry, **dict(block.args)}, fn, None)
            for n, t in block.args:
                self.prog.defs.append(Def(n, t, block, None, fn))
            self.ops(bctx, rng.randint(0, 4), 0)
            if layout == "diamond" and i == 0:
                br = Branch([self.branch_to(bctx, blocks[1])])
                block.stmts.append(br)
                for ref in br.succs[0].refs:
                    self.use(bctx, ref, br, "branch")
            else:
                self.ret(bctx, fn)
        rng.shuffle(blocks)  # blocks after the entry in any order: forward references to blocks
        fn.blocks = [entry, *blocks]
        self.prog.fn_blocks[id(fn)] = fn.blocks
        self.prog.features.add("cf.br" if layout == "br" else "cf.cond_br")

    def graph(self) -> None:
        """Module-level ops, a graph region: a use may come before its definition. A constant
        ``%g0``, then up to four ops on the values so far (``%g1``, ...: trailing-type ops,
        casts, sometimes an ``scf.if`` whose branches yield them), written in any order, some
        before the functions and some after."""
        rng = self.rng
        ty = Ty(rng.choice(("f32", "i32")))
        ctx = Ctx(Block(None, []), {}, None, None)
        stmts: list[Stmt] = []
        const = Const("%g0", ty)
        self.define(ctx, const, [ty])
        stmts.append(const)
        for k in range(1, rng.randint(1, 4) + 1):
            name = f"%g{k}"
            t = rng.choice(list(ctx.scope.values()))
            have = [n for n, u in ctx.scope.items() if u == t]
            targets = [(op, to) for op in ("arith.extf", "arith.sitofp", "arith.index_cast", "arith.bitcast")
                       for to in cast_targets(op, t)]  # fmt: skip
            choice = rng.random()
            stmt: Stmt
            if choice < 0.15 and k > 1:
                cond = Const(f"%gc{k}", I1)
                self.define(ctx, cond, [I1])
                stmts.append(cond)
                then = Block(None, [], [Terminator("scf.yield", [Ref(rng.choice(have), t)])])
                orelse = Block(None, [], [Terminator("scf.yield", [Ref(rng.choice(have), t)])])
                stmt = If(name, Ref(cond.res or "", I1), [t], then, orelse)
                self.define(ctx, stmt, [t])
                for block in (then, orelse):
                    for ref in block.stmts[0].refs:  # type: ignore[attr-defined]
                        self.use(ctx, ref, block.stmts[0], "graph")
                self.use(ctx, stmt.cond, stmt, "graph")  # type: ignore[attr-defined]
                self.prog.features.add("scf.if in a graph region")
            elif choice < 0.45 and targets:
                op, to = rng.choice(targets)
                stmt = Cast(name, op, Ref(rng.choice(have), t), to)
                self.define(ctx, stmt, [to])
                self.use(ctx, stmt.ref, stmt, "graph")  # type: ignore[attr-defined]
            elif t.floaty or t.inty:
                op = {True: "arith.addf", False: "arith.addi"}[t.floaty]
                stmt = Trailing(name, op, [Ref(rng.choice(have), t), Ref(rng.choice(have), t)], t)
                self.define(ctx, stmt, [t])
                for ref in stmt.refs:  # type: ignore[attr-defined]
                    self.use(ctx, ref, stmt, "graph")
            else:
                continue
            stmts.append(stmt)
        order = list(stmts)
        forward = rng.random() < 0.5
        if forward:
            rng.shuffle(order)
        cut = rng.choice((len(order), len(order), rng.randint(0, len(order))))
        self.prog.top, self.prog.tail = order[:cut], order[cut:]
        self.prog.features.add("graph region" + (" with a forward reference" if forward else ""))
        if self.prog.tail:
            self.prog.features.add("graph region after the functions")


def build(rng: random.Random, force: set[str]) -> Program:
    """A valid module; ``force`` asks for features a kind of mistake needs."""
    nfuncs = rng.choice((1, 1, 2, 2, 3)) if "funcs" not in force else rng.choice((2, 3))
    prog = Program([], [], wrap=rng.random() < 0.3)
    builder = Builder(rng, prog, set(force))
    pool = builder.pool
    funcs = []
    for i in range(nfuncs):
        args = [(f"%arg{k}", rng.choice(pool)) for k in range(rng.randint(1, 3))]
        rtys = [rng.choice(pool) for _ in range(rng.choice((0, 1, 1, 1, 2)))]
        funcs.append(Func(f"f{i}", args, rtys))
    decls = []
    if rng.random() < 0.4 or "private" in force:
        decls.append(
            Func(
                "ext",
                [(f"%d{k}", rng.choice(pool)) for k in range(rng.randint(1, 2))],
                [rng.choice(pool)],
                private=True,
            )
        )
    builder.callees = funcs + decls if (rng.random() < 0.6 or force & {"call", "private"}) else []
    if "private" in force:
        builder.callees = decls + ([funcs[0]] if rng.random() < 0.3 else [])
    for fn in funcs:
        if "blocks" in force:
            layout = rng.choice(("br", "diamond"))
        else:
            layout = rng.choice(("single", "single", "single", "br", "diamond"))
        builder.function(fn, layout)
    order = funcs + decls
    rng.shuffle(order)  # a callee may come before or after its callers
    prog.funcs = order
    if rng.random() < 0.3 or "graph" in force:
        builder.graph()
    if "wrap" in force:
        prog.wrap = True
    return prog


# --- mistakes ---------------------------------------------------------------------------

Mutation = Callable[[Program, random.Random], bool]


def _pick(rng: random.Random, items: list[Use]) -> Use | None:
    return rng.choice(items) if items else None


def _visible(name: str, scope: dict[str, Ty]) -> bool:
    """``name`` means a value visible in ``scope`` (``%5`` is ``%5#0`` of several results)."""
    return name in scope or f"{name}#0" in scope or name.split("#")[0] in scope


def _insert_before(block: Block, stmt: Stmt, new: Stmt) -> None:
    block.stmts.insert(next(i for i, s in enumerate(block.stmts) if s is stmt), new)


def _differently_typed(prog: Program, rng: random.Random, use: Use) -> Ref | None:
    """A value of another type, visible at ``use`` (a constant is added when none is)."""
    names = [n for n, t in use.scope.items() if t != use.ref.ty]
    if names and rng.random() < 0.7:
        n = rng.choice(names)
        return Ref(n, use.scope[n])
    t = _variant(rng, use.ref.ty)
    if not t.static:
        return None
    name = prog.new_name()
    _insert_before(use.block, use.stmt, Const(name, t))
    return Ref(name, t)


def use_type(form: str) -> Mutation:
    """The type written for an operand differs from its value's type (a parse error)."""

    def plant(prog: Program, rng: random.Random) -> bool:
        use = _pick(rng, [u for u in prog.uses if u.form == form])
        if use is None:
            return False
        stmt = use.stmt
        if isinstance(stmt, Trailing):
            stmt.ty = _variant(rng, stmt.ty)
        else:
            use.ref.ty = _variant(rng, use.ref.ty)
        return True

    return plant


def result_type_of_cast(prog: Program, rng: random.Random) -> bool:
    """A cast to another valid type: its later uses expect the old one."""
    casts = [
        (s, t) for s, _, _, _ in prog.results if isinstance(s, Cast) for t in cast_targets(s.op, s.ref.ty) if t != s.to
    ]
    if not casts:
        return False
    stmt, to = rng.choice(casts)
    stmt.to = to
    return True


def undeclared(prog: Program, rng: random.Random) -> bool:
    use = _pick(rng, prog.uses)
    if use is None:
        return False
    use.ref.name = rng.choice(("%undefined", "%99", "%zz"))
    return True


def redefinition(where: str) -> Mutation:
    """A result (``result``), a block argument (``block-arg``) or a result inside a region
    (``region``: shadowing a visible outer name) named like a visible value."""

    def plant(prog: Program, rng: random.Random) -> bool:
        if where == "block-arg":
            blocks = [(fn, b) for fn in prog.funcs for b in fn.blocks[1:] if b.args] + [
                (None, b) for s, _, bodies in prog.regions for b in bodies if b.args
            ]
            if not blocks:
                return False
            fn, block = rng.choice(blocks)
            i = rng.randrange(len(block.args))
            if fn is not None:
                taken = [n for n, _ in fn.args] + [n for n, _ in block.args[:i]]
            else:
                taken = [n for n, _ in block.args[:i]] or ["%arg0"]
            if not taken:
                return False
            block.args[i] = (rng.choice(taken), block.args[i][1])
            return True
        results = [
            (stmt, scope) for stmt, _, scope, region in prog.results if (region is not None) == (where == "region")
        ]
        if where == "region":
            results = [
                (stmt, {n: t for n, t in scope.items() if n.split("#")[0] != (region.res or "")})
                for stmt, _, scope, region in prog.results
                if region is not None and region.res is not None
            ]
        results = [(s, sc) for s, sc in results if any("#" not in n and n != s.res for n in sc)]
        if not results:
            return False
        stmt, scope = rng.choice(results)
        stmt.res = rng.choice([n for n in scope if "#" not in n and n != stmt.res])
        return True

    return plant


def region_escape(prog: Program, rng: random.Random) -> bool:
    """A name defined inside a region, used after the region has closed."""
    outs = []
    for stmt, block, bodies in prog.regions:
        inner = {d.name: d.ty for d in prog.defs if any(d.block is b for b in bodies) and "#" not in d.name}
        for use in prog.uses:
            if use.block is block and block.stmts.index(use.stmt) > block.stmts.index(stmt):
                names = [n for n in inner if not _visible(n, use.scope)]
                if names:
                    outs.append((use, names))
    if not outs:
        return False
    use, names = rng.choice(outs)
    use.ref.name = rng.choice(names)
    return True


def own_result_in_region(prog: Program, rng: random.Random) -> bool:
    """Inside a region, the name of the region's own op (a forward reference to it)."""
    uses = [
        u
        for u in prog.uses
        if u.region is not None and u.region.res is not None and not _visible(u.region.res, u.scope)
    ]
    if not uses:
        return False
    use = rng.choice(uses)
    assert use.region is not None and use.region.res is not None
    use.ref.name = use.region.res if use.region.nres == 1 else f"{use.region.res}#0"
    return True


def sibling_ref(prog: Program, rng: random.Random) -> bool:
    """In one branch of an ``scf.if``, a name defined only in the other."""
    outs = []
    for _stmt, _, bodies in prog.regions:
        if len(bodies) != 2:
            continue
        for here, there in (bodies, bodies[::-1]):
            names = sorted({d.name for d in prog.defs if d.block is there and "#" not in d.name})
            for use in prog.uses:
                if use.block is here:
                    ok = [n for n in names if not _visible(n, use.scope)]
                    if ok:
                        outs.append((use, ok))
    if not outs:
        return False
    use, names = rng.choice(outs)
    use.ref.name = rng.choice(names)
    return True


def forward_ref(same_type: bool) -> Mutation:
    """A name defined later in the same block (of the same type, or of another)."""

    def plant(prog: Program, rng: random.Random) -> bool:
        outs = []
        for use in prog.uses:
            if use.stmt not in use.block.stmts:
                continue
            at = use.block.stmts.index(use.stmt)
            later = [
                d.name
                for d in prog.defs
                if d.block is use.block
                and d.stmt is not None
                and d.stmt in use.block.stmts
                and use.block.stmts.index(d.stmt) > at
                and (d.ty == use.ref.ty) == same_type
                and not _visible(d.name, use.scope)
            ]
            if later:
                outs.append((use, later))
        if not outs:
            return False
        use, names = rng.choice(outs)
        use.ref.name = rng.choice(names)
        return True

    return plant


def non_dominating(prog: Program, rng: random.Random) -> bool:
    """In one block of a function, a value of another block that does not dominate it."""
    outs = []
    for use in prog.uses:
        if use.func is None or use.region is not None:
            continue
        blocks = prog.fn_blocks.get(id(use.func), [])
        if use.block not in blocks:
            continue
        names = [
            d.name
            for d in prog.defs
            if d.func is use.func
            and d.block is not use.block
            and d.block in blocks[1:]
            and d.ty == use.ref.ty
            and not _visible(d.name, use.scope)
        ]
        if names:
            outs.append((use, names))
    if not outs:
        return False
    use, names = rng.choice(outs)
    use.ref.name = rng.choice(names)
    return True


def cross_function(prog: Program, rng: random.Random) -> bool:
    """A name defined only in another function's body."""
    outs = []
    for use in prog.uses:
        if use.func is None:
            continue
        mine = {d.name for d in prog.defs if d.func is use.func}
        names = sorted(
            {d.name for d in prog.defs if d.func is not None and d.func is not use.func and d.ty == use.ref.ty} - mine
        )
        if names:
            outs.append((use, names))
    if not outs:
        return False
    use, names = rng.choice(outs)
    use.ref.name = rng.choice(names)
    return True


def isolated(prog: Program, rng: random.Random) -> bool:
    """A module-level value used inside a function (func.func is isolated from above)."""
    uses = [u for u in prog.uses if u.func is not None and u.ref.ty.static]
    if not uses:
        return False
    use = rng.choice(uses)
    name = "%glob"
    const = Const(name, use.ref.ty)
    if rng.random() < 0.5:
        prog.top.insert(0, const)
    else:
        prog.top.append(const)
    use.ref.name = name
    return True


def graph_forward_type(prog: Program, rng: random.Random) -> bool:
    """At module level (a graph region), a forward reference whose definition has another type."""
    const = next((s for s in prog.top + prog.tail if isinstance(s, Const) and s.res == "%g0"), None)
    if const is None:
        return False
    for where in (prog.top, prog.tail):
        if const in where:
            where.remove(const)
    prog.tail.append(const)  # after its uses
    const.ty = _variant(rng, const.ty)
    return True


def _graph_uses(prog: Program) -> list[Use]:
    return [u for u in prog.uses if u.form == "graph"]


def graph_undeclared(prog: Program, rng: random.Random) -> bool:
    """At module level, a name defined nowhere."""
    use = _pick(rng, _graph_uses(prog))
    if use is None:
        return False
    use.ref.name = rng.choice(("%gundefined", "%99"))
    return True


def graph_redefinition(prog: Program, rng: random.Random) -> bool:
    """At module level, an op's result named like another module-level value."""
    stmts = [s for s in prog.top + prog.tail if s.res is not None and s.res.startswith("%g")]
    if len(stmts) < 2:
        return False
    stmt, other = rng.sample(stmts, 2)
    stmt.res = other.res
    return True


def graph_child_definition(prog: Program, rng: random.Random) -> bool:
    """At module level, a value defined only inside a function (before the use or after it)."""
    uses = _graph_uses(prog)
    if not uses:
        return False
    use = rng.choice(uses)
    names = sorted({d.name for d in prog.defs if d.func is not None and d.stmt is not None and "#" not in d.name
                    and d.ty == use.ref.ty and not _visible(d.name, use.scope)})  # fmt: skip
    if not names:
        return False
    use.ref.name = rng.choice(names)
    return True


def graph_outside_module(prog: Program, rng: random.Random) -> bool:
    """A value defined outside an explicit module, used by its module-level ops (a module is
    isolated from above)."""
    use = _pick(rng, _graph_uses(prog))
    if use is None or not prog.wrap:
        return False
    prog.outer = [Const("%outer", use.ref.ty)]
    use.ref.name = "%outer"
    return True


def _successors(prog: Program) -> list[tuple[Successor, dict[str, Ty], Block]]:
    """Every successor of a branch: with the names visible at the branch, and its block."""
    out = []
    for fn in prog.funcs:
        for block in fn.blocks:
            for stmt in block.stmts:
                if isinstance(stmt, Branch):
                    scope = next((u.scope for u in prog.uses if u.stmt is stmt), {})
                    for succ in stmt.succs:
                        out.append((succ, scope, block))
    return out


def branch_arg_type(prog: Program, rng: random.Random) -> bool:
    """A branch passes a value of another type than the successor's block argument."""
    uses = [u for u in prog.uses if u.form == "branch"]
    use = _pick(rng, uses)
    if use is None:
        return False
    other = _differently_typed(prog, rng, use)
    if other is None:
        return False
    use.ref.name, use.ref.ty = other.name, other.ty
    return True


def branch_count(prog: Program, rng: random.Random) -> bool:
    """A branch passes one operand too many or too few."""
    succs = _successors(prog)
    if not succs:
        return False
    succ, scope, block = rng.choice(succs)
    if succ.refs and rng.random() < 0.5:
        succ.refs.pop(rng.randrange(len(succ.refs)))
    else:
        if not scope:
            scope = {n: t for fn in prog.funcs if block in fn.blocks for n, t in fn.args}
        n = rng.choice(sorted(scope))
        succ.refs.append(Ref(n, scope[n]))
    return True


def undefined_block(prog: Program, rng: random.Random) -> bool:
    succs = _successors(prog)
    if not succs:
        return False
    rng.choice(succs)[0].label = "^missing"
    return True


def block_redefinition(prog: Program, rng: random.Random) -> bool:
    fns = [fn for fn in prog.funcs if len(fn.blocks) > 2]
    if not fns:
        return False
    fn = rng.choice(fns)
    a, b = fn.blocks[1], fn.blocks[2]
    b.label = a.label
    return True


def _calls(prog: Program) -> list[Call]:
    """Every call: those with results, and those without (found through their operands)."""
    out = [stmt for stmt, _, _, _ in prog.results if isinstance(stmt, Call)]
    seen = {id(c) for c in out}
    for use in prog.uses:
        if isinstance(use.stmt, Call) and id(use.stmt) not in seen:
            seen.add(id(use.stmt))
            out.append(use.stmt)
    return out


def call_operand_type(prog: Program, rng: random.Random) -> bool:
    """A call passes a value of another type than the callee's argument (type written right)."""
    use = _pick(rng, [u for u in prog.uses if u.form == "call"])
    if use is None:
        return False
    other = _differently_typed(prog, rng, use)
    if other is None:
        return False
    use.ref.name, use.ref.ty = other.name, other.ty
    return True


def call_operand_count(prog: Program, rng: random.Random) -> bool:
    uses = [u for u in prog.uses if u.form == "call"]
    use = _pick(rng, uses)
    if use is None:
        return False
    assert isinstance(use.stmt, Call)
    if rng.random() < 0.5:
        use.stmt.refs.remove(use.ref)
    else:
        n = rng.choice(sorted(use.scope))
        use.stmt.refs.append(Ref(n, use.scope[n]))
    return True


def call_result_type(prog: Program, rng: random.Random) -> bool:
    """A call's result type differs from the callee's (its uses follow the callee's)."""
    calls = [c for c in _calls(prog) if c.rtys]
    if not calls:
        return False
    call = rng.choice(calls)
    i = rng.randrange(len(call.rtys))
    call.rtys[i] = _variant(rng, call.rtys[i])
    return True


def call_result_count(prog: Program, rng: random.Random) -> bool:
    calls = [c for c in _calls(prog) if c.rtys]
    if not calls:
        return False
    call = rng.choice(calls)
    call.rtys.append(rng.choice((Ty("f32"), Ty("i32"), call.rtys[0])))
    return True


def call_undefined(prog: Program, rng: random.Random) -> bool:
    calls = _calls(prog)
    if not calls:
        return False
    rng.choice(calls).callee = rng.choice(("missing", "f9"))
    return True


def _terminators(prog: Program, op: str) -> list[tuple[Terminator, Block]]:
    """The functions' returns (``op`` is ``return``) or the scf.if yields, with their blocks."""
    out = []
    for fn in prog.funcs:
        for block in fn.blocks:
            for stmt in block.stmts:
                if isinstance(stmt, Terminator) and (stmt.op in ("return", "func.return")) == (op == "return"):
                    out.append((stmt, block))
    if op == "yield":
        for stmt, _, bodies in prog.regions:
            if isinstance(stmt, If):
                for body in bodies:
                    term = body.stmts[-1]
                    assert isinstance(term, Terminator)
                    out.append((term, body))
    return out


def operand_of_another_type(form: str) -> Mutation:
    """``return``/``scf.yield`` of a value of another type (its own type written)."""

    def plant(prog: Program, rng: random.Random) -> bool:
        uses = [u for u in prog.uses if u.form == form and (form != "yield" or isinstance(u.region, If))]
        use = _pick(rng, uses)
        if use is None:
            return False
        other = _differently_typed(prog, rng, use)
        if other is None:
            return False
        use.ref.name, use.ref.ty = other.name, other.ty
        return True

    return plant


def operand_count(op: str) -> Mutation:
    """``return``/``scf.yield`` with one operand too many or too few."""

    def plant(prog: Program, rng: random.Random) -> bool:
        terms = _terminators(prog, op)
        if op == "yield":
            terms = [t for t in terms if t[0].op == "scf.yield"]
        if not terms:
            return False
        term, block = rng.choice(terms)
        if term.refs and rng.random() < 0.5:
            term.refs.pop(rng.randrange(len(term.refs)))
            return True
        scope = next((u.scope for u in prog.uses if u.stmt is term), None)
        if not scope:
            names = [(n, t) for fn in prog.funcs if block in fn.blocks for n, t in fn.args]
            if not names:
                return False
            n, t = rng.choice(names)
        else:
            n = rng.choice(sorted(scope))
            t = scope[n]
        term.refs.append(Ref(n, t))
        return True

    return plant


def signature(which: str) -> Mutation:
    """A function's (or a private declaration's) argument or result type changed in its
    signature alone: its body and its callers still use the old one."""

    def plant(prog: Program, rng: random.Random) -> bool:
        fns = [fn for fn in prog.funcs if (fn.args if which == "arg" else fn.rtys)]
        if not fns:
            return False
        fn = rng.choice(fns)
        if which == "arg":
            i = rng.randrange(len(fn.args))
            fn.args[i] = (fn.args[i][0], _variant(rng, fn.args[i][1]))
        else:
            i = rng.randrange(len(fn.rtys))
            fn.rtys[i] = _variant(rng, fn.rtys[i])
        return True

    return plant


KINDS: dict[str, tuple[Mutation | None, set[str]]] = {
    # kind: (the mistake, what the module must hold for it)
    "valid": (None, set()),
    "use-type/trailing": (use_type("trailing"), set()),
    "use-type/cast": (use_type("cast"), set()),
    "use-type/dim": (use_type("dim"), set()),
    "use-type/call": (use_type("call"), {"call"}),
    "use-type/return": (use_type("return"), set()),
    "use-type/branch": (use_type("branch"), {"blocks"}),
    "use-type/yield": (use_type("yield"), {"if"}),
    "use-type/generic": (use_type("generic"), {"generic"}),
    "use-type/all_reduce": (use_type("all_reduce"), {"region"}),
    "result-type/cast": (result_type_of_cast, set()),
    "undeclared": (undeclared, set()),
    "redefinition/result": (redefinition("result"), set()),
    "redefinition/block-arg": (redefinition("block-arg"), {"blocks"}),
    "redefinition/region": (redefinition("region"), {"if"}),
    "region-escape": (region_escape, {"if"}),
    "own-result-in-region": (own_result_in_region, {"if"}),
    "sibling-region-ref": (sibling_ref, {"if"}),
    "forward-ref": (forward_ref(True), set()),
    "forward-ref/other-type": (forward_ref(False), set()),
    "non-dominating": (non_dominating, {"blocks"}),
    "cross-function": (cross_function, {"funcs"}),
    "isolated-from-above": (isolated, set()),
    "graph-forward/other-type": (graph_forward_type, {"graph"}),
    "graph/use-type": (use_type("graph"), {"graph"}),
    "graph/undeclared": (graph_undeclared, {"graph"}),
    "graph/redefinition": (graph_redefinition, {"graph"}),
    "graph/defined-in-a-function": (graph_child_definition, {"graph", "funcs"}),
    "graph/outside-the-module": (graph_outside_module, {"graph", "wrap"}),
    "branch-arg-type": (branch_arg_type, {"blocks"}),
    "branch-count": (branch_count, {"blocks"}),
    "undefined-block": (undefined_block, {"blocks"}),
    "block-redefinition": (block_redefinition, {"blocks"}),
    "call-operand-type": (call_operand_type, {"call"}),
    "call-operand-count": (call_operand_count, {"call"}),
    "call-result-type": (call_result_type, {"call"}),
    "call-result-count": (call_result_count, {"call"}),
    "call-undefined": (call_undefined, {"call"}),
    "call-private/result-type": (call_result_type, {"private", "call"}),
    "return-type": (operand_of_another_type("return"), set()),
    "return-count": (operand_count("return"), set()),
    "yield-type": (operand_of_another_type("yield"), {"if"}),
    "yield-count": (operand_count("yield"), {"if"}),
    "signature-arg": (signature("arg"), set()),
    "signature-result": (signature("result"), {"call"}),
}


@dataclass(frozen=True)
class Case:
    index: int
    kind: str
    text: str
    features: frozenset[str]


def make(rng: random.Random, kind: str) -> Program:
    """A module with one mistake of ``kind`` planted (none for ``valid``)."""
    mutation, force = KINDS[kind]
    for _ in range(200):
        prog = build(rng, force)
        if mutation is None or mutation(prog, rng):
            return prog
    raise RuntimeError(f"no module took a mistake of kind {kind!r}")


def generate(count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED) -> Iterator[Case]:
    """``count`` cases: a quarter valid, the rest spread evenly over the kinds of mistake."""
    rng = random.Random(seed)
    mistakes = [k for k in KINDS if k != "valid"]
    for index in range(count):
        kind = "valid" if index % 4 == 0 else mistakes[(index - index // 4 - 1) % len(mistakes)]
        prog = make(rng, kind)
        yield Case(index, kind, prog.text(), frozenset(prog.features))
