"""Differential test: where an op stands (its parent) and SCF's blocks and parsers' counts,
against iree-base-compiler 3.13.

Families (``BROADCHECK_SCF_CASES`` each, default 2000, at least 2000; ``BROADCHECK_ORACLE_SEED``):

* ``parents``: an op whose verifier reads the op that holds it (``scf.yield``, ``scf.condition``,
  ``scf.reduce``, ``scf.reduce.return``, ``tensor.yield``, ``linalg.yield``, ``linalg.index``:
  ``dialects/inner.py``'s ``PARENTS``) in the region of a function, ``scf.for``, ``scf.if``,
  ``scf.execute_region``, ``scf.while`` (either region), ``scf.parallel``, ``scf.reduce``,
  ``tensor.generate``, ``linalg.generic`` or an unregistered op, nested one or two deep, last
  in its block or before the block's own terminator;
* ``blocks``: ``scf.for`` with as many or fewer or more initial values than result types,
  ``scf.while`` with as many or fewer or more input types than operands, ``scf.while`` whose
  regions have no block, an empty block or a terminator, ``scf.reduce`` with an empty block,
  ``scf.for`` in its generic form with one or two blocks, and ``scf.forall`` of one to three loops
  whose ``mapping`` names none to three GPU block, thread or warp dims, and
  ``scf.forall.in_parallel`` ending in ``tensor.parallel_insert_slice`` or another op (only its
  last op is judged: an op before it is not generated).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from . import campaign
from .campaign import Case, module

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_SCF_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

ARGS = [("%lb", "index"), ("%x", "f32"), ("%c", "i1"), ("%t", "tensor<4xf32>")]

# the op under test: (its text, whether it is a terminator)
_INNER = {
    "scf.yield": ("scf.yield", True),
    "scf.condition": ("scf.condition(%c)", True),
    "scf.reduce": ("scf.reduce", True),
    "scf.reduce.return": ("scf.reduce.return %x : f32", True),
    "tensor.yield": ("tensor.yield %x : f32", True),
    "linalg.yield": ("linalg.yield %x : f32", True),
    "linalg.index": ("%j = linalg.index 0 : index", False),
}

# a parent: (head lines, the terminator its block ends with when the op tested is not one, tail lines)
_PARENTS: dict[str, tuple[list[str], str, list[str]]] = {
    "scf.for": (["scf.for %i = %lb to %lb step %lb {"], "", ["}"]),
    "scf.if": (["scf.if %c {"], "", ["}"]),
    "scf.execute_region": (["scf.execute_region {"], "scf.yield", ["}"]),
    "scf.while-before": (["scf.while : () -> () {"], "scf.condition(%c)", ["} do {", "  scf.yield", "}"]),
    "scf.while-after": (["scf.while : () -> () {", "  scf.condition(%c)", "} do {"], "scf.yield", ["}"]),
    "test.op": (['"test.op"() ({'], "", ["}) : () -> ()"]),
    "scf.parallel": (["scf.parallel (%i) = (%lb) to (%lb) step (%lb) {"], "", ["}"]),
    "scf.reduce": (
        [
            "%p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {",
            "  scf.reduce(%x : f32) {",
            "  ^bb0(%l: f32, %r: f32):",
        ],
        "scf.reduce.return %l : f32",
        ["  }", "}"],
    ),
    "tensor.generate": (["%g = tensor.generate {", "^bb0(%i: index):"], "tensor.yield %x : f32", ["} : tensor<4xf32>"]),
    "linalg.generic": (
        [
            '%r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}',
            "    outs(%t : tensor<4xf32>) {",
            "^bb0(%o: f32):",
        ],
        "linalg.yield %o : f32",
        ["} -> tensor<4xf32>"],
    ),
}


def _wrap(parent: str, body: list[str], terminated: bool) -> list[str]:
    head, terminator, tail = _PARENTS[parent]
    lines = [*head, *("  " + line for line in body)]
    if not terminated and terminator:
        lines.append("  " + terminator)
    return [*lines, *tail]


def parents_case(rng: random.Random, index: int) -> Case:
    name = rng.choice(sorted(_INNER))
    text, terminator = _INNER[name]
    body = [text]
    where = "func"
    if rng.random() < 0.85:
        parent = rng.choice(sorted(_PARENTS))
        if name == "linalg.yield" and parent == "test.op":
            parent = "scf.execute_region"  # (how many regions an unregistered op has, broadcheck does not know)
        where = parent
        # before the block's own terminator now and then (a non-terminator only: a terminator must end it)
        body = _wrap(parent, body, terminator)
        if rng.random() < 0.25:
            outer = rng.choice(["scf.for", "scf.if", "test.op", "scf.execute_region"])
            if name == "linalg.yield" and parent == "test.op":
                outer = "scf.for"
            body = _wrap(outer, body, False)
            where = f"{outer}/{parent}"
    if where == "func" and terminator:  # last in the function's block (before `return`, a terminator is
        # "must be the last operation in the parent block" first, for linalg.yield: not modelled)
        params = ", ".join(f"{n}: {t}" for n, t in ARGS)
        return Case(index, "parents", name, where, f"func.func @f({params}) {{\n  {text}\n}}\n")
    return Case(index, "parents", name, where, module(ARGS, body))


def _for_case(rng: random.Random) -> tuple[str, list[str]]:
    inits = rng.randint(1, 3)
    types = max(0, inits + rng.choice([0, 0, 0, -1, 1, -2, 2]))
    inits_text = ", ".join(f"%a{k} = %x" for k in range(inits))
    types_text = ", ".join(["f32"] * types)
    results = rng.choice([types, inits])
    head = f"%r:{results} = " if results > 1 else "%r = " if results == 1 else ""
    yielded = rng.choice([types, inits])
    yields = f"scf.yield {', '.join(['%x'] * yielded)} : {', '.join(['f32'] * yielded)}" if yielded else "scf.yield"
    lines = [f"{head}scf.for %i = %lb to %lb step %lb iter_args({inits_text}) -> ({types_text}) {{", f"  {yields}", "}"]
    return "scf.for", lines


def _while_case(rng: random.Random) -> tuple[str, list[str]]:
    operands = rng.randint(0, 2)
    types = max(0, operands + rng.choice([0, 0, -1, 1]))
    bindings = f"({', '.join(f'%w{k} = %x' for k in range(operands))}) " if operands else ""
    inputs = ", ".join(["f32"] * types)
    lines = [f"scf.while {bindings}: ({inputs}) -> () {{", "  scf.condition(%c)", "} do {", "  scf.yield", "}"]
    return "scf.while", lines


def _regions_case(rng: random.Random) -> tuple[str, list[str]]:
    def region(terminator: str) -> list[str]:
        roll = rng.random()
        if roll < 0.3:
            return []
        if roll < 0.55:
            return ["^bb0:"]
        if roll < 0.65:
            return ["^bb0:", f"  {terminator}"]
        return [f"  {terminator}"]

    lines = ["scf.while : () -> () {", *region("scf.condition(%c)"), "} do {", *region("scf.yield"), "}"]
    return "scf.while", lines


def _reduce_case(rng: random.Random) -> tuple[str, list[str]]:
    block = ["  ^bb0(%l: f32, %q: f32):"]
    if rng.random() < 0.5:
        block.append("    scf.reduce.return %l : f32")
    lines = [
        "%p = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {",
        "  scf.reduce(%x : f32) {",
        *block,
        "  }",
        "}",
    ]
    return "scf.reduce", lines


def _generic_for_case(rng: random.Random) -> tuple[str, list[str]]:
    blocks = ["  ^bb0(%i: index):", '    "scf.yield"() : () -> ()']
    if rng.random() < 0.5:
        blocks += ["  ^bb1:", '    "scf.yield"() : () -> ()']
    lines = ['"scf.for"(%lb, %lb, %lb) ({', *blocks, "}) : (index, index, index) -> ()"]
    return "scf.for", lines


def _forall_case(rng: random.Random) -> tuple[str, list[str]]:
    rank = rng.randint(1, 3)
    ivs = ", ".join(f"%i{k}" for k in range(rank))
    bounds = ", ".join(["%lb"] * rank)
    outs = " shared_outs(%o = %t) -> (tensor<4xf32>)" if rng.random() < 0.4 else ""
    head = "%r = " if outs else ""
    kind = rng.choice(["block", "thread", "warp"])
    count = min(3, max(0, rank + rng.choice([0, 0, -1, 1, 2])))
    mapping = ", ".join(f"#gpu.{kind}<{d}>" for d in rng.sample(["x", "y", "z"], count))
    tail = f"}} {{ mapping = [{mapping}] }}" if rng.random() < 0.9 else "}"
    return "scf.forall", [f"{head}scf.forall ({ivs}) in ({bounds}){outs} {{", tail]


def _in_parallel_case(rng: random.Random) -> tuple[str, list[str]]:
    body = ["    tensor.parallel_insert_slice %x1 into %o[%i][1][1] : tensor<1xf32> into tensor<4xf32>"]
    roll = rng.random()
    if roll < 0.4:  # (broadcheck sees the region's last op only: extra ops go last)
        body.append("    %k = arith.constant 1 : index")
    elif roll < 0.55:
        body = ["    %k = arith.constant 1 : index"]
    elif roll < 0.65:
        body = []
    lines = [
        "%r = scf.forall (%i) in (%lb) shared_outs(%o = %t) -> (tensor<4xf32>) {",
        "  %x1 = tensor.extract_slice %t[%i][1][1] : tensor<4xf32> to tensor<1xf32>",
        "  scf.forall.in_parallel {",
        *body,
        "  }",
        "}",
    ]
    return "scf.forall.in_parallel", lines


_BLOCKS = [
    _for_case,
    _for_case,
    _while_case,
    _while_case,
    _regions_case,
    _regions_case,
    _reduce_case,
    _generic_for_case,
    _forall_case,
    _forall_case,
    _in_parallel_case,
]


def blocks_case(rng: random.Random, index: int) -> Case:
    make = rng.choice(_BLOCKS)
    op, lines = make(rng)
    return Case(index, "blocks", op, make.__name__.strip("_"), module(ARGS, lines))


FAMILIES = {"parents": parents_case, "blocks": blocks_case}


@pytest.fixture(scope="module")
def ctx() -> Any:
    context = campaign.ctx_or_fail()
    context.allow_unregistered_dialects = True  # (`"test.op"` holds regions here)
    return context


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_scf_parents_and_blocks_match_iree(family: str, ctx: Any) -> None:
    """Verdict, first message, line and column equal IREE's on every case of the family."""
    cases = campaign.generate(family, COUNT, SEED, FAMILIES[family])
    campaign.compare(f"scf {family}", cases, ctx, seed=SEED)
