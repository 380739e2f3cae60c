"""Differential test: ``stablehlo.async_start`` and ``stablehlo.async_done`` against iree-base-compiler 3.13
(issue 29, task hlo: ``!stablehlo.future<...>`` read; 3.13 has no ``async_update``).

Random generic forms: ``async_start`` wrapping a ``slice``, an ``all_reduce`` or an ``all_gather`` (each
valid, of the region argument's type), now and then another op after it, or an ``abs`` instead; one operand (now and then two), region
arguments of the operands' types (now and then one more, one fewer, or another type: a dynamic size or
another element type), a return of one value (now and then none or two), and a result that is the
future of what is returned (now and then another shape, element type, a future of two types, a tensor,
or two results). Every other valid ``async_start`` is followed by an ``async_done`` of its future, whose
result is now and then another type (after an invalid one it is not drawn: MLIR verifies the ops of a
block before an op's type inference that reads its region, so the ``async_done`` would be reported first,
an ordering of the verifier's walk that broadcheck does not model).

Compared: the first error's message and line. A region whose one op is none that ``async_start`` may wrap
(``abs``, ``add``, ``negate``) is checked too ("must contain a collective or slice operation"): the engine
names an op of the region it could not read as ``''`` in ``Region.inner``, so an op read and not one it may
wrap is told apart from one not read (passed over). ``BROADCHECK_ASYNC_CASES`` (default 2000),
``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os
import re

import pytest

from .hlo_campaign import Case, Draw, run, tensor
from .hlo_campaign import oracle as iree

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_ASYNC_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))
_SIZE = re.compile(r"<\d+")

KINDS = [
    ("regions", r"requires one region"),
    ("type constraint", r"must be "),
    ("counts", r"requires one result|operands, but found"),
    ("one op", r"exactly one operation"),
    ("wrapped op", r"collective or slice operation"),
    ("arguments", r"number of region arguments"),
    ("argument type", r"must match region argument type"),
    ("returns", r"must return exactly one value"),
    ("inferred", r"inferred type"),
]


def _wrapped(draw: Draw, e: str, n: int | None, arg: str) -> tuple[list[str], str]:
    """The op lines of a region over ``%b0`` (``tensor<nxe>``) and the type of the value they leave in ``%r``."""
    kind = draw.pick(["slice", "slice", "all_reduce", "all_gather"])
    if kind == "slice":
        out = tensor((1,), e)
        lines = [
            f'%r = "stablehlo.slice"(%b0) {{start_indices = array<i64: 0>, limit_indices = array<i64: 1>, '
            f"strides = array<i64: 1>}} : ({arg}) -> {out}"
        ]
    elif kind == "all_reduce":
        out = arg
        lines = [
            '%r = "stablehlo.all_reduce"(%b0) ({',
            f"  ^bb1(%x: tensor<{e}>, %y: tensor<{e}>):",
            f'    %s = "stablehlo.add"(%x, %y) : (tensor<{e}>, tensor<{e}>) -> tensor<{e}>',
            f'    "stablehlo.return"(%s) : (tensor<{e}>) -> ()',
            f"  }}) {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : ({arg}) -> {out}",
        ]
    else:
        out = tensor((None if n is None else 2 * n,), e)
        lines = [
            f'%r = "stablehlo.all_gather"(%b0) {{all_gather_dim = 0 : i64, '
            f"replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}} : ({arg}) -> {out}"
        ]
    return lines, out


def async_case(draw: Draw, index: int) -> Case:
    """One ``async_start`` (and now and then ``async_done``) case (see the module's docstring)."""
    e = draw.pick(["f32", "i32", "bf16"])
    n = draw.pick([2, 3, 4])
    arg = tensor((n,), e)
    operands = [arg] if draw.chance(0.92) else [arg, tensor((n,), e)]
    block_args = [arg]
    valid = len(operands) == 1
    r = draw.rng.random()
    be, bn = e, n
    if r < 0.05:
        block_args, valid = [arg, tensor((2,), "i64")], False
    elif r < 0.12:
        be, bn = draw.pick([(e, None), ("f16", n), (e, n + 1)])
        block_args, valid = [tensor((bn,), be)], False
    body, out = _wrapped(draw, be, bn, block_args[0])
    if draw.chance(0.05):
        other = draw.pick(["abs", "negate", "add"])
        uses = "%b0, %b0" if other == "add" else "%b0"
        types = ", ".join([block_args[0]] * (2 if other == "add" else 1))
        body = [f'%r = "stablehlo.{other}"({uses}) : ({types}) -> {block_args[0]}']
        out = block_args[0]
        valid = False
    if draw.chance(0.06):
        body.append(f'%z = "stablehlo.abs"(%r) : ({out}) -> {out}')
        valid = False
    returned = ["%r"]
    r = draw.rng.random()
    if r < 0.04:
        returned, valid = [], False
    elif r < 0.08:
        returned, valid = ["%r", "%r"], False
    ret = f'"stablehlo.return"({", ".join(returned)}) : ({", ".join([out] * len(returned))}) -> ()'
    future = f"!stablehlo.future<{out}>"
    r = draw.rng.random()
    if r < 0.06:
        future = f"!stablehlo.future<{tensor((7,), e)}>"
    elif r < 0.1:
        dynamic = _SIZE.sub("<?", out)
        future = f"!stablehlo.future<{dynamic}>"
    elif r < 0.13:
        future = f"!stablehlo.future<{out.replace(e, 'f64')}>"
    elif r < 0.15:
        future = f"!stablehlo.future<{out}, {out}>"
    elif r < 0.17:
        future = out
    valid = valid and future == f"!stablehlo.future<{out}>"
    results = [future] if draw.chance(0.97) else [future, future]
    names = [f"%a{i}" for i in range(len(operands))]
    args = ", ".join(f"{m}: {t}" for m, t in zip(names, operands, strict=True))
    labels = ", ".join(f"%b{i}: {t}" for i, t in enumerate(block_args))
    head = "%0 = " if len(results) == 1 else "%0:2 = "
    result_text = results[0] if len(results) == 1 else f"({', '.join(results)})"
    lines = [
        f"func.func @f({args}) {{",
        f'  {head}"stablehlo.async_start"({", ".join(names)}) ({{',
        f"  ^bb0({labels}):",
        *(f"    {x}" for x in body),
        f"    {ret}",
        f"  }}) : ({', '.join(operands)}) -> {result_text}",
    ]
    # (an async_done after an async_start whose verdict is an error: MLIR verifies the async_done first,
    # with the ops of the block, before the async_start's type inference, which reads its region)
    if valid and len(results) == 1 and draw.chance(0.5):
        inner = results[0][len("!stablehlo.future<") : -1]
        done = inner if draw.chance(0.85) else draw.pick([tensor((9,), e), inner.replace(e, "f64")])
        lines.append(f'  %d = "stablehlo.async_done"(%0) : ({results[0]}) -> {done}')
    lines += ["  return", "}"]
    if draw.chance(0.03):  # no region at all (OneRegion)
        head_line = f'  {head}"stablehlo.async_start"({", ".join(names)}) : ({", ".join(operands)}) -> {result_text}'
        lines = [lines[0], head_line, "  return", "}"]
    return Case(index, "stablehlo.async_start", "\n".join(lines) + "\n")


def test_stablehlo_async() -> None:
    """``stablehlo.async_start`` (and ``async_done``) against iree-base-compiler 3.13."""
    draw = Draw(SEED + 80)
    cases = [async_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    expected = iree(cases)
    # (an async_done's error is on its own line: its line is the one compared there)
    lines = [2] * len(cases)
    for i, (case, verdict) in enumerate(zip(cases, expected, strict=True)):
        if verdict.startswith("elsewhere") and "async_done" in verdict:
            lines[i] = next(n for n, x in enumerate(case.text.splitlines(), 1) if "async_done" in x)
    redo = [i for i, line in enumerate(lines) if line != 2]
    if redo:
        again = iree([cases[i] for i in redo], [lines[i] for i in redo])
        for i, verdict in zip(redo, again, strict=True):
            expected[i] = verdict
    run("stablehlo.async_start/async_done", cases, expected, KINDS, [k for k, _ in KINDS], lines)
