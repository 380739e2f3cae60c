"""Differential campaigns: what the last expected errors of llvm-project's SCF and Vector tests teach,
against iree-base-compiler 3.13.

* ``forall``: ``scf.forall`` in its custom form (and, a third of the time, its generic form) with
  shared outputs, an ``scf.forall.in_parallel`` whose ``tensor.parallel_insert_slice`` ops insert into
  an output argument or into another value (``may only insert into an output block argument``), a body
  that ends in an LLVM terminator or another op (the implied terminator), and a ``mapping`` of GPU's
  device mapping and masking attributes (``"mapping" supports at most one device masking attribute``).
* ``mask``: ``vector.mask`` over a ``vector.transfer_read``, its region written with or without its
  ``vector.yield``, which yields the masked op's result or another value of its type (``expects all
  the results from the MaskableOpInterface to match ...``), its mask and pass-through given values of
  another type than the types written after the region (the parser's ``use of value ... expects
  different type than prior uses``).

The first error's message, line and column must agree (``campaign.compare``). Knobs:
``BROADCHECK_LLVM_LAST_CASES`` (default 2200 per family) and ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import random

import pytest

from . import campaign
from .campaign import Case

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LLVM_LAST_CASES", 2200))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

OUTPUTS = ("tensor<8xf32>", "tensor<?xf32>")
MAPPING = ("#gpu.thread<x>", "#gpu.thread<y>", "#gpu.block<x>", "#gpu.block<z>", "#gpu.warp<x>", "#gpu.lane<x>")
MASKS = ("#gpu.mask<0x1>", "#gpu.mask<0x3>", "#gpu.mask<0xF0>")


def _mapping(rng: random.Random, rank: int) -> str:
    roll = rng.random()
    if roll < 0.3:
        return ""
    devices = rank if rng.random() < 0.7 else rng.randint(0, 3)
    masks = rng.choice((0, 1, 1, 2, 3))
    entries = [rng.choice(MAPPING) for _ in range(devices)] + [rng.choice(MASKS) for _ in range(masks)]
    rng.shuffle(entries)
    return f" {{mapping = [{', '.join(entries)}]}}"


def make_forall(rng: random.Random, index: int) -> Case:
    rank = rng.randint(1, 2)
    outputs = [rng.choice(OUTPUTS) for _ in range(rng.randint(0, 2))]
    generic = rng.random() < 0.3
    ivs = [f"%i{k}" for k in range(rank)]
    outs = [f"%o{k}" for k in range(len(outputs))]
    params = [("%n", "index"), ("%s", "tensor<1xf32>"), ("%t", "tensor<8xf32>"), ("%u", "tensor<?xf32>")]
    inits = ["%t" if t == "tensor<8xf32>" else "%u" for t in outputs]
    end = rng.choice(("in_parallel",) * 5 + ("none", "llvm.return", "llvm.unreachable", "vector.yield", "other"))
    if generic and end in ("none", "other"):
        end = "in_parallel"
    what = end
    inner: list[str] = []
    if end == "in_parallel":
        for k, t in enumerate(outputs):
            if rng.random() < 0.2:
                continue
            dest = outs[k]
            roll = rng.random()
            if roll < 0.25:
                dest, what = inits[k], "insert into its init"
            elif roll < 0.35 and len(outputs) == 2 and outputs[0] == outputs[1]:
                dest, what = outs[1 - k], "insert into another output"
            elif roll < 0.45:
                dest, what = ("%t" if t == "tensor<8xf32>" else "%u"), "insert into an argument"
            inner.append(f"    tensor.parallel_insert_slice %s into {dest}[{ivs[0]}] [1] [1] : tensor<1xf32> into {t}")
    body: list[str] = []
    if rng.random() < 0.3:
        body.append("  %c = arith.constant 0 : index")
    if end == "in_parallel":
        if generic:
            body += ['  "scf.forall.in_parallel"() ({', "  ^bb0:", *inner, "  }) : () -> ()"]
        else:
            body += ["  scf.forall.in_parallel {", *inner, "  }"]
    elif end == "other":
        body.append("  %z = arith.constant 1 : index")
    elif end != "none":
        body.append(f"  {end}")
    results = ", ".join(outputs)
    head_results = ("%r = " if len(outputs) == 1 else f"%r:{len(outputs)} = ") if outputs else ""
    mapping = _mapping(rng, rank)
    if generic:
        block = ", ".join([f"{iv}: index" for iv in ivs] + [f"{o}: {t}" for o, t in zip(outs, outputs, strict=True)])
        ones = ", ".join(["1"] * rank)
        props = (
            f"operandSegmentSizes = array<i32: 0, {rank}, 0, {len(outputs)}>, staticLowerBound = array<i64: "
            f"{', '.join(['0'] * rank)}>, staticStep = array<i64: {ones}>, staticUpperBound = array<i64: "
            f"{', '.join(['-9223372036854775808'] * rank)}>"
        )
        if mapping:
            props = mapping.strip()[1:-1] + ", " + props
        operands = ", ".join(["%n"] * rank + inits)
        types = ", ".join(["index"] * rank + outputs)
        lines = [f'{head_results}"scf.forall"({operands}) <{{{props}}}> ({{', f"^bb0({block}):", *body,
                 f"}}) : ({types}) -> ({results})"]  # fmt: skip
    else:
        shared = ", ".join(f"{o} = {i}" for o, i in zip(outs, inits, strict=True))
        head = f"{head_results}scf.forall ({', '.join(ivs)}) in ({', '.join(['%n'] * rank)})"
        if outputs:
            head += f" shared_outs({shared}) -> ({results})"
        lines = [head + " {", *body, "}" + mapping]
    text = campaign.module(params, lines)
    return Case(index, "forall", "scf.forall", ("generic " if generic else "custom ") + what, text)


def make_mask(rng: random.Random, index: int) -> Case:
    params = [
        ("%t", "tensor<?xf32>"), ("%i", "index"), ("%p", "f32"), ("%m", "vector<8xi1>"), ("%m4", "vector<4xi1>"),
        ("%e", "vector<8xf32>"), ("%ei", "vector<8xi32>"), ("%e4", "vector<4xf32>"),
    ]  # fmt: skip
    what = "valid"
    mask = "%m"
    if rng.random() < 0.12:
        mask, what = "%m4", "mask of another type"
    passthru = ""
    roll = rng.random()
    if roll < 0.35:
        passthru = ", %e"
    elif roll < 0.45:
        passthru, what = rng.choice((", %ei", ", %e4")), "pass-through of another type"
    read = "vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32>"
    form = rng.choice(("implicit", "yield", "yield", "yield"))
    if form == "implicit":
        region = f"{{ {read} }}"
    else:
        yielded = "%v"
        roll = rng.random()
        if roll < 0.3:
            yielded, what = "%e", "yields another value"
        elif roll < 0.4:
            yielded, what = "%w", "yields another op's value"
        lines = [f"%v = {read}"]
        if yielded == "%w":
            lines = ["%w = arith.addf %e, %e : vector<8xf32>", *lines]
        region = "{\n    " + "\n    ".join([*lines, f"vector.yield {yielded} : vector<8xf32>"]) + "\n  }"
    result_roll = rng.random()
    results = " -> vector<8xf32>"
    if result_roll < 0.05:
        results, what = " -> vector<4xf32>", "result of another type"
    body = [f"%0 = vector.mask {mask}{passthru} {region} : vector<8xi1>{results}"]
    return Case(index, "mask", "vector.mask", f"{form} {what}", campaign.module(params, body))


@pytest.mark.parametrize(("family", "make"), [("forall", make_forall), ("mask", make_mask)])
def test_llvm_last_against_iree(family: str, make: campaign.Callable[[random.Random, int], Case]) -> None:
    """Every case: broadcheck's first error (message, line, column) is iree-opt's."""
    ctx = campaign.ctx_or_fail()
    cases = campaign.generate(family, COUNT, SEED, make)
    campaign.compare(family, cases, ctx, minimum=min(COUNT, 2000), seed=SEED)
