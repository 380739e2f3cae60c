"""Fix campaign: ``--fix --unsafe-fixes`` where a function's signature changes and its call
sites must follow (issue 18, item 4).

Each case is a module whose first function ``@f0`` chains TOSA elementwise ops, one of them
with a stale result type (a broadcast dim written as 1), with every later type written as
inferred from the stale one, the function's result types included. Later functions call
earlier ones (``%r = func.call @f0(...) : (...) -> T``, ``call``, several results), use the
results in TOSA ops, and often return something that follows from them, so a fixed result
type of ``@f0`` reaches their signatures and their own callers in turn. Every type is
written as the stale world infers it; the tool rejects the file (at the stale op).

``broadcheck check --fix --unsafe-fixes`` runs once over a temporary directory holding every
case as a file of its own; then each fixed file goes to the real tool (iree-base-compiler
3.13's ``iree.compiler.ir``), which must accept it, and only type text may have changed.
Each case also has its right types (every type inferred with the stale op's true result
type); the tool accepts them (checked), and the summary counts the fixes that write exactly
those. Cases where the right types do not verify either (a later op's operands then do not
broadcast) are not generated: there, no fix can pass the tool.

Today ``--fix --unsafe-fixes`` rewrites ``@f0``'s signature and leaves the call sites stale,
which the tool rejects with ``'func.call' op result type mismatch at index 0``.

Knobs: ``BROADCHECK_FIX_CASES`` (default 1000), ``BROADCHECK_FIX_SEED``. Run by ``make
oracle``; without IREE it fails, never skips.
"""

from __future__ import annotations

import collections
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR, kind
from .common import ir as _ir

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_FIX_CASES", 1000))
SEED = int(os.environ.get("BROADCHECK_FIX_SEED", 20261219))
SHOW = 10

BINARY = ("tosa.add", "tosa.sub", "tosa.maximum", "tosa.minimum")
_TYPE = re.compile(r"tensor<[^>]*>")
_LOC = re.compile(r":(\d+):(\d+)\)$")
MESSAGES = (
    ("call result type", r"^'func.call' op result type mismatch at index \d+$"),
    ("call operand type", r"^'func.call' op operand type mismatch"),
    ("return type", r"^type of return operand \d+"),
    ("use type", r"^use of value '.*' expects different type than prior uses"),
    ("broadcast", r"^'tosa\.\w+' op (result type|operands don't)"),
)

Shape = tuple[int, ...]


@dataclass
class Op:
    kind: str  # "binary", "abs" or "call"
    name: str  # the op name, or the callee's index for a call
    operands: list[int]  # indices into the function's values
    stale_dim: int | None = None  # the planted op: this dim of its result is written 1


@dataclass
class Fn:
    index: int
    args: list[Shape]
    ops: list[Op] = field(default_factory=list)
    returns: list[int] = field(default_factory=list)
    spelling: str = "func.call"


def _t(shape: Shape) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def _compatible(a: Shape, b: Shape) -> bool:
    return all(x == y or 1 in (x, y) for x, y in zip(a, b, strict=True))


def _broadcast(a: Shape, b: Shape) -> Shape:
    return tuple(max(x, y) for x, y in zip(a, b, strict=True))


def _infer(fns: list[Fn], stale: bool) -> list[list[Shape]] | None:
    """Every value's shape in every function, as the stale or the right world infers them
    (None when an op's operands do not broadcast in that world, or a call's operands are not
    of its callee's argument types)."""
    worlds: list[list[Shape]] = []
    for fn in fns:
        shapes = list(fn.args)
        for op in fn.ops:
            if op.kind == "call":
                callee = fns[int(op.name)]
                if [shapes[i] for i in op.operands] != callee.args:
                    return None  # an argument's type is the callee's, not inferred
                shapes += [worlds[callee.index][i] for i in callee.returns]
                continue
            ins = [shapes[i] for i in op.operands]
            if len(ins) == 2 and not _compatible(*ins):
                return None
            out = ins[0] if len(ins) == 1 else _broadcast(*ins)
            if stale and op.stale_dim is not None:
                out = (*out[: op.stale_dim], 1, *out[op.stale_dim + 1 :])
            shapes.append(out)
        worlds.append(shapes)
    return worlds


def _render(fns: list[Fn], worlds: list[list[Shape]]) -> str:
    lines = []
    for fn in fns:
        shapes = worlds[fn.index]
        names = [f"%arg{k}" for k in range(len(fn.args))]
        body = []
        for n, op in enumerate(fn.ops):
            if op.kind == "call":
                callee = fns[int(op.name)]
                count = len(callee.returns)
                first = len(names)
                names += [f"%{n}"] if count == 1 else [f"%{n}#{j}" for j in range(count)]
                args = ", ".join(names[i] for i in op.operands)
                arg_types = ", ".join(_t(shapes[i]) for i in op.operands)
                results = [_t(shapes[first + j]) for j in range(count)]
                result = results[0] if count == 1 else "(" + ", ".join(results) + ")"
                head = f"%{n}" if count == 1 else f"%{n}:{count}"
                body.append(f"  {head} = {fn.spelling} @f{callee.index}({args}) : ({arg_types}) -> {result}")
                continue
            operands = ", ".join(names[i] for i in op.operands)
            types = ", ".join(_t(shapes[i]) for i in op.operands)
            names.append(f"%{n}")
            body.append(f"  %{n} = {op.name} {operands} : ({types}) -> {_t(shapes[len(names) - 1])}")
        header = ", ".join(f"%arg{k}: {_t(s)}" for k, s in enumerate(fn.args))
        results = [_t(shapes[i]) for i in fn.returns]
        result = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
        returned = ", ".join(names[i] for i in fn.returns)
        lines += [
            f"func.func @f{fn.index}({header}) -> {result} {{",
            *body,
            f"  return {returned} : {', '.join(results)}",
            "}",
        ]
    return "\n".join(lines) + "\n"


def _ops(rng: random.Random, fn: Fn, shapes: list[Shape], count: int) -> None:
    """``count`` TOSA ops on compatible values of ``shapes`` (the stale world's)."""
    for _ in range(count):
        a = rng.randrange(len(shapes))
        if rng.random() < 0.25:
            fn.ops.append(Op("abs", "tosa.abs", [a]))
            shapes.append(shapes[a])
            continue
        b = rng.choice([k for k, s in enumerate(shapes) if _compatible(shapes[a], s)])
        fn.ops.append(Op("binary", rng.choice(BINARY), [a, b]))
        shapes.append(_broadcast(shapes[a], shapes[b]))


def _module(rng: random.Random) -> tuple[list[Fn], str]:
    """Functions with one stale result type in ``@f0``; and the case's kind."""
    rank = rng.randint(1, 3)
    args = [tuple(rng.choice((1, 1, 2, 3, 4)) for _ in range(rank)) for _ in range(rng.randint(2, 3))]
    f0 = Fn(0, args)
    shapes: list[Shape] = list(args)
    _ops(rng, f0, shapes, rng.randint(0, 2))
    # The planted op: a binary op whose broadcast has a dim > 1, written as 1.
    pairs = [(a, b) for a in range(len(shapes)) for b in range(len(shapes)) if _compatible(shapes[a], shapes[b])]
    wide = [(a, b) for a, b in pairs if any(d > 1 for d in _broadcast(shapes[a], shapes[b]))]
    if not wide:
        raise ValueError("nothing to plant")
    a, b = rng.choice(wide)
    out = _broadcast(shapes[a], shapes[b])
    dim = rng.choice([j for j, d in enumerate(out) if d > 1])
    f0.ops.append(Op("binary", rng.choice(BINARY), [a, b], stale_dim=dim))
    shapes.append((*out[:dim], 1, *out[dim + 1 :]))
    planted = len(shapes) - 1
    _ops(rng, f0, shapes, rng.randint(0, 2))
    later = [planted, *range(planted + 1, len(shapes))]
    f0.returns = [rng.choice(later)] if rng.random() < 0.85 else [rng.randrange(len(shapes))]
    if rng.random() < 0.25:
        f0.returns.append(rng.randrange(len(shapes)))
    fns = [f0]
    worlds = _infer(fns, stale=True)
    assert worlds is not None
    for index in range(1, rng.randint(2, 4)):
        fn = Fn(index, list(args), spelling=rng.choice(("func.call", "call")))
        shapes = list(fn.args)
        for _ in range(rng.randint(1, 2)):
            callee = fns[rng.randrange(len(fns))]
            operands = [rng.choice([k for k, s in enumerate(shapes) if s == want]) for want in callee.args]
            fn.ops.append(Op("call", str(callee.index), operands))
            shapes += [worlds[callee.index][i] for i in callee.returns]
        results = list(range(len(fn.args), len(shapes)))
        _ops(rng, fn, shapes, rng.randint(0, 3))
        derived = [*results, *range(len(fn.args) + len(results), len(shapes))]
        fn.returns = [rng.choice(derived) if rng.random() < 0.8 else rng.randrange(len(fn.args))]
        fns.append(fn)
        worlds = _infer(fns, stale=True)
        assert worlds is not None
    right = _infer(fns, stale=False)
    changes = right is not None and [right[0][i] for i in f0.returns] != [worlds[0][i] for i in f0.returns]
    cascades = right is not None and any(
        [right[fn.index][i] for i in fn.returns] != [worlds[fn.index][i] for i in fn.returns] for fn in fns[1:]
    )
    what = (
        "signature of @f0 unchanged" if not changes else ("callers' signatures too" if cascades else "call sites only")
    )
    return fns, what


@dataclass
class FixCase:
    index: int
    kind: str
    text: str
    right: str


KINDS = ("signature of @f0 unchanged", "call sites only", "callers' signatures too")


def generate(count: int, seed: int) -> list[FixCase]:
    """``count`` cases whose right types verify (the stale ones never do): a fifth where the
    fix leaves ``@f0``'s signature alone, the rest split between the two others."""
    rng = random.Random(seed)
    out: list[FixCase] = []
    while len(out) < count:
        want = KINDS[0] if len(out) % 5 == 0 else KINDS[1 + len(out) % 2]
        try:
            fns, what = _module(rng)
        except ValueError:
            continue
        stale, right = _infer(fns, stale=True), _infer(fns, stale=False)
        if stale is None or right is None or what != want:
            continue
        out.append(FixCase(len(out), what, _render(fns, stale), _render(fns, right)))
    return out


def _loc(location: Any) -> tuple[int, int]:
    m = _LOC.search(str(location))
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def _first_error(ctx: Any, text: str) -> str | None:
    assert _ir is not None
    try:
        _ir.Module.parse(text, ctx)
    except _ir.MLIRError as err:
        located = sorted((_loc(d.location), d.message) for d in err.error_diagnostics)
        (line, col), message = located[0]
        return f"{line}:{col}: {message}"
    return None


def test_fixed_call_sites_pass_the_tool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if _ir is None:
        pytest.fail(f"the campaign needs IREE's MLIR bindings ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    from tests.conftest import invoke

    ctx = _ir.Context()
    cases = generate(COUNT, SEED)
    for case in cases:  # the generator's promise: the stale types fail, the right ones pass
        assert _first_error(ctx, case.text) is not None, f"case {case.index}: the tool accepts\n{case.text}"
        assert _first_error(ctx, case.right) is None, f"case {case.index}: right types rejected\n{case.right}"
        (tmp_path / f"case{case.index:05}.mlir").write_text(case.text)
    monkeypatch.chdir(tmp_path)
    run = invoke("check", "--isolated", "--fix", "--unsafe-fixes", "--output-format", "concise", ".")
    assert run.code in (0, 1), run.out + run.err

    table: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    failures = []
    exact = 0
    for case in cases:
        after = (tmp_path / f"case{case.index:05}.mlir").read_text()
        error = _first_error(ctx, after)
        if after == case.text:
            result = "unchanged, rejected"
        elif any(
            _TYPE.sub("T", old) != _TYPE.sub("T", new)
            for old, new in zip(case.text.split("\n"), after.split("\n"), strict=False)
        ) or after.count("\n") != case.text.count("\n"):
            result = "more than types changed"
        elif error is None:
            result = "accepted"
            exact += after == case.right
        else:
            result = "rejected: " + kind(error.split(": ", 1)[1], MESSAGES)
        table[case.kind][result] += 1
        if result != "accepted":
            failures.append((case, after, error, result))

    columns = sorted({r for counts in table.values() for r in counts})
    width = max(len(k) for k in table)
    lines = [
        f"fix campaign: {len(cases)} modules (seed {SEED}) with a stale result type in @f0 and call sites "
        f"that use it; after `--fix --unsafe-fixes`: {len(cases) - len(failures)} accepted by the tool "
        f"({exact} with exactly the right types), {len(failures)} not",
        f"{'case':<{width}}  " + "  ".join(columns),
        *(
            f"{name:<{width}}  " + "  ".join(f"{counts[c]:>{len(c)}}" for c in columns)
            for name, counts in sorted(table.items())
        ),
    ]
    summary = "\n".join(lines)
    print(summary)
    if not failures:
        return
    report = [summary, f"\nfirst {min(SHOW, len(failures))} of {len(failures)}:"]
    for case, after, error, result in failures[:SHOW]:
        report += [
            f"--- case {case.index}, {case.kind}: {result}",
            case.text.rstrip(),
            "  after --fix:",
            after.rstrip(),
        ]
        report += [f"  mlir: {error or 'ok'}", "  right types:", case.right.rstrip()]
    pytest.fail("\n".join(report), pytrace=False)
