"""Differential campaign: the cf dialect (``dialects/cf.py`` and value flow's branch checks) against
iree-base-compiler 3.13.

Each case is one function whose entry block ends in one branch (``cf.br``, ``cf.cond_br``,
``cf.switch``) or runs one ``cf.assert``, in the custom or the generic form, with up to three
successor blocks that take arguments. Built valid, then, most of the time, mutated in one place:
a successor operand's type or count, a block argument's type, a type written in a successor's
list against its value's definition, the condition's or the flag's type, the case values' type,
how many case values there are (generic), the case operand segments (generic). Every value is a
function argument of its type.

Left out: a generic ``cf.switch`` with case destinations and no ``case_values`` (iree 3.13's
``SwitchOp::verify`` dereferences the missing attribute and crashes); a custom ``cf.switch``'s
successors against their blocks (broadcheck's statement reader does not read its bracketed
successor list as successors: it checks the flag and each operand's written type only).

The first error's message, line and column must agree (``campaign.compare``). Knobs:
``BROADCHECK_CF_CASES`` (default 2400) and ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import random

import pytest

from . import campaign
from .campaign import Case

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_CF_CASES", 2400))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

TYPES = ("f32", "f16", "i1", "i8", "i32", "i64", "index", "tensor<4xf32>", "tensor<?xf32>", "tensor<4xi32>")
CARRIED = ("f32", "i32", "index", "tensor<4xf32>", "tensor<?xf32>", "tensor<4xi32>")
FLAGS = ("i32", "i64", "i8")
ARGS = ", ".join(f"%v{i}: {t}" for i, t in enumerate(TYPES))


def v(t: str) -> str:
    """The function argument of type ``t``."""
    return f"%v{TYPES.index(t)}"


def _other(rng: random.Random, t: str, pool: tuple[str, ...] = CARRIED) -> str:
    return rng.choice([x for x in pool if x != t])


def _list(label: str, types: list[str], written: list[str]) -> str:
    if not types:
        return label
    return f"{label}({', '.join(v(t) for t in types)} : {', '.join(written)})"


def _make(rng: random.Random, index: int) -> Case:
    op = rng.choice(("cf.br", "cf.cond_br", "cf.switch", "cf.switch", "cf.assert"))
    generic = rng.random() < 0.5
    count = {"cf.br": 1, "cf.cond_br": 2, "cf.switch": 3, "cf.assert": 0}[op]
    blocks = [[rng.choice(CARRIED) for _ in range(rng.randint(0, 2))] for _ in range(count)]
    passed = [list(b) for b in blocks]
    written = [list(b) for b in blocks]
    cond = "i1"
    flag = rng.choice(FLAGS)
    case_type = flag
    case_count = 2
    segments_off = 0
    roll = rng.random()
    if count and roll < 0.45:
        j = rng.randrange(count)
        what = rng.random()
        if what < 0.35 and passed[j]:
            i = rng.randrange(len(passed[j]))
            passed[j][i] = written[j][i] = _other(rng, passed[j][i])
        elif what < 0.55 and blocks[j]:
            i = rng.randrange(len(blocks[j]))
            blocks[j][i] = _other(rng, blocks[j][i])
        elif what < 0.75:
            if passed[j] and rng.random() < 0.5:
                passed[j].pop()
                written[j].pop()
            else:
                t = rng.choice(CARRIED)
                passed[j].append(t)
                written[j].append(t)
        elif passed[j] and not generic:
            i = rng.randrange(len(passed[j]))
            written[j][i] = _other(rng, written[j][i])  # (the list writes another type than its value's)
    elif roll < 0.6:
        if op in ("cf.cond_br", "cf.assert"):
            cond = _other(rng, "i1", TYPES)
        elif op == "cf.switch":
            choice = rng.random()
            if choice < 0.4:
                flag = rng.choice(("i16", "f32", "index"))
                case_type = flag if flag == "i16" else "i32"
            elif choice < 0.7:
                case_type = _other(rng, flag, ("i8", "i16", "i32", "i64"))
            elif generic and choice < 0.85:
                case_count = rng.choice((1, 3))
            elif generic:
                segments_off = rng.choice((-1, 1))
    flag_value = v(flag) if flag in TYPES else "%v_flag"
    args = ARGS + (", %v_flag: i16" if flag == "i16" else "")
    if op == "cf.assert":
        c = v(cond)
        line = f'"cf.assert"({c}) {{msg = "m"}} : ({cond}) -> ()' if generic else f'cf.assert {c}, "m"'
        text = f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"
        return Case(index, "cf", op, "generic" if generic else "custom", text)
    labels = [f"^bb{j + 1}" for j in range(count)]
    if not generic:
        lists = [_list(labels[j], passed[j], written[j]) for j in range(count)]
        if op == "cf.br":
            line = f"cf.br {lists[0]}"
        elif op == "cf.cond_br":
            line = f"cf.cond_br {v(cond)}, {lists[0]}, {lists[1]}"
        else:
            # (a custom switch's successors are not compared with their blocks: see the docstring)
            blocks = [list(p) for p in passed]
            line = f"cf.switch {flag_value} : {flag}, [default: {lists[0]}, 1: {lists[1]}, 2: {lists[2]}]"
    else:
        values = [x for p in passed for x in p]
        if op == "cf.br":
            head, types, props = [], [], ""
        elif op == "cf.cond_br":
            head, types = [v(cond)], [cond]
            props = f" <{{operandSegmentSizes = array<i32: 1, {len(passed[0])}, {len(passed[1])}>}}>"
        else:
            head, types = [flag_value], [flag]
            cases = ", ".join(str(k + 1) for k in range(case_count))
            sizes = [len(passed[1]), len(passed[2])]
            sizes[0] = max(0, sizes[0] + segments_off) if segments_off < 0 or sizes[0] else sizes[0] + segments_off
            props = (
                f" <{{case_operand_segments = array<i32: {sizes[0]}, {sizes[1]}>, case_values = dense<[{cases}]> : "
                f"tensor<{case_count}x{case_type}>, operandSegmentSizes = array<i32: 1, {len(passed[0])}, "
                f"{len(passed[1]) + len(passed[2])}>}}>"
            )
        operands = ", ".join([*head, *(v(t) for t in values)])
        line = f'"{op}"({operands})[{", ".join(labels)}]{props} : ({", ".join([*types, *values])}) -> ()'
    body = [f"func.func @f({args}) {{", f"  {line}"]
    for j in range(count):
        arguments = ", ".join(f"%b{j}_{i}: {t}" for i, t in enumerate(blocks[j]))
        body.append(f"^bb{j + 1}({arguments}):" if arguments else f"^bb{j + 1}:")
        body.append("  return")
    body.append("}")
    return Case(index, "cf", op, "generic" if generic else "custom", "\n".join(body) + "\n")


def test_cf_against_iree() -> None:
    """Every case: broadcheck's first error (message, line, column) is iree-opt's."""
    ctx = campaign.ctx_or_fail()
    cases = campaign.generate("cf", COUNT, SEED, _make)
    campaign.compare("cf", cases, ctx, minimum=min(COUNT, 2000), seed=SEED)
