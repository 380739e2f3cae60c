"""Differential campaign: SCF's region ops (``dialects/scf``) against iree-base-compiler 3.13.

Each case is one function that runs one SCF region op, valid as built, then (most of the time)
mutated in one place: one yielded value's type or the yield's count, one iteration argument or
block argument, one result type, one operand (a bound, the condition, the selector), a region
left out, a case value repeated. The ops: ``scf.for``, ``scf.if``, ``scf.while``,
``scf.execute_region``, ``scf.index_switch`` in their custom and generic forms, ``scf.parallel``
with ``scf.reduce`` (custom), ``scf.forall`` (generic: its block's induction variables and shared
outputs). Every value of a type comes from a
function argument of that type, so that a mutant is judged by the verifiers, not stopped by the
parser's ``use of value ... expects different type`` (unless the mutant is that).

The first error's message, line and column must agree (``campaign.compare``). Knobs:
``BROADCHECK_SCF_CASES`` (default 2400) and ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from . import campaign
from .campaign import Case

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_SCF_CASES", 2800))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

TYPES = ("f32", "f16", "i32", "i64", "index", "i1", "tensor<4xf32>", "tensor<?xf32>", "tensor<4xi32>")
"""The types the function's arguments offer (``%v0`` is ``f32``, ...)."""
CARRIED = ("f32", "f16", "i32", "tensor<4xf32>", "tensor<?xf32>")
ARGS = ", ".join(f"%v{i}: {t}" for i, t in enumerate(TYPES))


def v(t: str) -> str:
    """The function argument of type ``t``."""
    return f"%v{TYPES.index(t)}"


def _other(rng: random.Random, t: str, pool: tuple[str, ...] = CARRIED) -> str:
    return rng.choice([x for x in pool if x != t])


def _types(rng: random.Random, low: int = 0, high: int = 2) -> list[str]:
    return [rng.choice(CARRIED) for _ in range(rng.randint(low, high))]


def _module(body: list[str]) -> str:
    inner = "".join(f"  {line}\n" for line in body)
    return f"func.func @f({ARGS}) {{\n{inner}  return\n}}\n"


def _results(count: int) -> str:
    if count == 0:
        return ""
    return ("%r = " if count == 1 else f"%r:{count} = ") if count else ""


def _yield(values: list[str], generic: bool, op: str = "scf.yield") -> str:
    names = ", ".join(v(t) for t in values)
    types = ", ".join(values)
    if generic:
        return f'"{op}"({names}) : ({types}) -> ()'
    return f"{op} {names} : {types}" if values else op


def _mutate(rng: random.Random, lists: dict[str, list[str]]) -> str:
    """Change one list of ``lists`` in place (a type, or its length); returns what changed."""
    name = rng.choice(sorted(lists))
    types = lists[name]
    roll = rng.random()
    if types and roll < 0.6:
        i = rng.randrange(len(types))
        types[i] = _other(rng, types[i])
        return f"{name} type"
    if types and roll < 0.8:
        types.pop(rng.randrange(len(types)))
        return f"{name} fewer"
    types.append(rng.choice(CARRIED))
    return f"{name} more"


def make_for(rng: random.Random, index: int) -> Case:
    generic = rng.random() < 0.5
    carried = _types(rng)
    bound = "index" if rng.random() < 0.8 else "i32"
    lists = {"init": list(carried), "iter_arg": list(carried), "yield": list(carried), "result": list(carried)}
    iv = bound
    what = "valid"
    if rng.random() < 0.8:
        if generic and rng.random() < 0.25:
            choice = rng.choice(["bound", "iv", "iv-none"])
            if choice == "bound":
                bound_types = [bound, bound, bound]
                bound_types[rng.randrange(3)] = rng.choice(["f32", "i64", "index", "i32"])
                what = "bound"
            elif choice == "iv":
                iv = rng.choice(["f32", "i64", "index", "i32"])
                what = "induction variable"
            else:
                iv = ""
                what = "no induction variable"
        elif generic:
            what = _mutate(rng, lists)
        else:  # the custom form ties inits, iteration arguments and results together
            what = _mutate(rng, {"yield": lists["yield"]})
    bound_types = locals().get("bound_types") or [bound, bound, bound]
    bounds = [v(t) for t in bound_types]
    if generic:
        inits = [v(t) for t in lists["init"]]
        block = ", ".join([f"%i: {iv}"] * bool(iv) + [f"%a{k}: {t}" for k, t in enumerate(lists["iter_arg"])])
        operand_types = ", ".join([*bound_types, *lists["init"]])
        results = ", ".join(lists["result"])
        body = [
            f'{_results(len(lists["result"]))}"scf.for"({", ".join([*bounds, *inits])}) ({{',
            f"^bb0({block}):" if block else "^bb0:",
            "  " + _yield(lists["yield"], True),
            f"}}) : ({operand_types}) -> ({results})",
        ]
    else:
        iter_args = ", ".join(f"%a{k} = {v(t)}" for k, t in enumerate(carried))
        head = f"{_results(len(carried))}scf.for %i = {bounds[0]} to {bounds[1]} step {bounds[2]}"
        if carried:
            head += f" iter_args({iter_args}) -> ({', '.join(carried)})"
        if bound != "index":
            head += f" : {bound}"
        body = [head + " {", "  " + _yield(lists["yield"], False), "}"]
    return Case(index, "scf", "scf.for", ("generic " if generic else "custom ") + what, _module(body))


def make_if(rng: random.Random, index: int) -> Case:
    generic = rng.random() < 0.5
    results = _types(rng)
    lists = {"then": list(results), "else": list(results), "result": list(results)}
    condition, argument, has_else = "i1", "", True
    what = "valid"
    if rng.random() < 0.8:
        roll = rng.random()
        if roll < 0.1:
            has_else, what = False, "no else"
        elif generic and roll < 0.2:
            condition, what = rng.choice(["i32", "index", "f32"]), "condition"
        elif generic and roll < 0.3:
            argument, what = f"^bb0(%q: {rng.choice(CARRIED)}):", "region argument"
        else:
            what = _mutate(rng, lists)
    if not has_else and not generic:
        lists["result"] = lists["result"] or [rng.choice(CARRIED)]
    if generic:
        other = ["  " + _yield(lists["else"], True)] if has_else else []
        body = [
            f'{_results(len(lists["result"]))}"scf.if"({v(condition)}) ({{',
            *([argument] if argument else []),
            "  " + _yield(lists["then"], True),
            "}, {",
            *other,
            f"}}) : ({condition}) -> ({', '.join(lists['result'])})",
        ]
    else:
        arrow = f" -> ({', '.join(lists['result'])})" if lists["result"] else ""
        body = [f"{_results(len(lists['result']))}scf.if {v('i1')}{arrow} {{", "  " + _yield(lists["then"], False)]
        body += ["} else {", "  " + _yield(lists["else"], False), "}"] if has_else else ["}"]
    return Case(index, "scf", "scf.if", ("generic " if generic else "custom ") + what, _module(body))


def make_while(rng: random.Random, index: int) -> Case:
    generic = rng.random() < 0.5
    carried = _types(rng, 0, 2)
    passed = _types(rng, 0, 2)
    lists = {
        "operand": list(carried),
        "before": list(carried),
        "condition": list(passed),
        "result": list(passed),
        "after": list(passed),
        "yield": list(carried),
    }
    what = "valid"
    if rng.random() < 0.8:
        keys = lists if generic else {k: lists[k] for k in ("condition", "after", "yield")}
        what = _mutate(rng, keys)
        if not generic:
            lists["result"] = list(lists["condition"]) if what.startswith("condition") else lists["result"]
    condition = f"{v('i1')}" + "".join(f", {v(t)}" for t in lists["condition"])
    condition_types = ", ".join(["i1", *lists["condition"]])
    after = ", ".join(f"%b{k}: {t}" for k, t in enumerate(lists["after"]))
    if generic:
        before = ", ".join(f"%a{k}: {t}" for k, t in enumerate(lists["before"]))
        body = [
            f'{_results(len(lists["result"]))}"scf.while"({", ".join(v(t) for t in lists["operand"])}) ({{',
            f"^bb0({before}):" if before else "^bb0:",
            f'  "scf.condition"({condition}) : ({condition_types}) -> ()',
            "}, {",
            f"^bb0({after}):" if after else "^bb0:",
            "  " + _yield(lists["yield"], True),
            f"}}) : ({', '.join(lists['operand'])}) -> ({', '.join(lists['result'])})",
        ]
    else:
        bindings = ", ".join(f"%a{k} = {v(t)}" for k, t in enumerate(carried))
        forwarded = "".join(f", {v(t)}" for t in lists["condition"])
        shown = f" {forwarded[2:]} : {', '.join(lists['condition'])}" if lists["condition"] else ""
        body = [
            f"{_results(len(lists['result']))}scf.while ({bindings}) : ({', '.join(carried)}) -> "
            f"({', '.join(lists['result'])}) {{",
            f"  scf.condition({v('i1')}){shown}",
            "} do {",
            *([f"^bb0({after}):"] if after else []),
            "  " + _yield(lists["yield"], False),
            "}",
        ]
    return Case(index, "scf", "scf.while", ("generic " if generic else "custom ") + what, _module(body))


def make_execute_region(rng: random.Random, index: int) -> Case:
    generic = rng.random() < 0.5
    results = _types(rng, 0, 2)
    lists = {"yield": list(results), "result": list(results)}
    argument, what = "", "valid"
    if rng.random() < 0.8:
        if generic and rng.random() < 0.15:
            argument, what = f"^bb0(%q: {rng.choice(CARRIED)}):", "region argument"
        else:
            what = _mutate(rng, lists if generic else {"yield": lists["yield"]})
    if generic:
        body = [
            f'{_results(len(lists["result"]))}"scf.execute_region"() ({{',
            *([argument] if argument else []),
            "  " + _yield(lists["yield"], True),
            f"}}) : () -> ({', '.join(lists['result'])})",
        ]
    else:
        arrow = f" -> ({', '.join(lists['result'])})" if lists["result"] else ""
        body = [
            f"{_results(len(lists['result']))}scf.execute_region{arrow} {{",
            "  " + _yield(lists["yield"], False),
            "}",
        ]
    return Case(index, "scf", "scf.execute_region", ("generic " if generic else "custom ") + what, _module(body))


def make_index_switch(rng: random.Random, index: int) -> Case:
    generic = rng.random() < 0.5
    results = _types(rng, 0, 2)
    cases = rng.sample(range(-2, 6), rng.randint(0, 3))
    yields = [list(results) for _ in range(len(cases) + 1)]  # the default's first
    lists = {"result": list(results), **{f"region {i}": y for i, y in enumerate(yields)}}
    selector, values, what = "index", list(cases), "valid"
    if rng.random() < 0.8:
        roll = rng.random()
        if roll < 0.1 and cases:
            values[-1] = values[0]
            what = "duplicate case"
        elif generic and roll < 0.2:
            values.append(9)
            what = "case count"
        elif generic and roll < 0.3:
            selector, what = rng.choice(["i32", "i64"]), "selector"
        else:
            what = _mutate(rng, lists if generic else {k: y for k, y in lists.items() if k != "result"})
    count = len(lists["result"])
    if generic:
        regions = ", ".join("{\n  " + _yield(y, True) + "\n}" for y in yields)
        cases_text = f"array<i64{': ' if values else ''}{', '.join(map(str, values))}>"
        body = [
            f'{_results(count)}"scf.index_switch"({v(selector)}) <{{cases = {cases_text}}}> ({regions}) '
            f": ({selector}) -> ({', '.join(lists['result'])})"
        ]
    else:
        arrow = f" -> {', '.join(lists['result'])}" if lists["result"] else ""
        body = [f"{_results(count)}scf.index_switch {v('index')}{arrow}"]
        for value, y in zip(values, yields[1:], strict=True):
            body += [f"case {value} {{", "  " + _yield(y, False), "}"]
        body += ["default {", "  " + _yield(yields[0], False), "}"]
    return Case(index, "scf", "scf.index_switch", ("generic " if generic else "custom ") + what, _module(body))


def make_parallel(rng: random.Random, index: int) -> Case:
    # (one reduction at most: a custom form's regions `}, {` after `scf.reduce(%a, %b : T, U)`
    # are misread by the scanner, a false error broadcheck had before SCF was checked)
    reduced = _types(rng, 0, 1)
    lists = {"init": list(reduced), "reduce": list(reduced), "argument": list(reduced), "return": list(reduced)}
    what = "valid"
    if rng.random() < 0.8:
        what = _mutate(rng, {k: lists[k] for k in ("reduce", "argument", "return")})
        if len(lists["reduce"]) > 1:  # (see above)
            lists["reduce"].pop()
    operands = ", ".join(v(t) for t in lists["reduce"])
    types = ", ".join(lists["reduce"])
    arrow = lists["init"][0] if len(reduced) == 1 else f"({', '.join(lists['init'])})"
    init = f" init ({', '.join(v(t) for t in lists['init'])}) -> {arrow}" if reduced else ""
    body = [
        f"{_results(len(reduced))}scf.parallel (%i) = ({v('index')}) to ({v('index')}) step ({v('index')}){init} {{"
    ]
    if lists["reduce"]:
        body.append(f"  scf.reduce({operands} : {types}) {{")
        for k, t in enumerate(lists["reduce"]):
            argument = lists["argument"][k] if k < len(lists["argument"]) else t
            returned = lists["return"][k] if k < len(lists["return"]) else t
            if k:
                body.append("  }, {")
            body += [f"  ^bb0(%l{k}: {argument}, %m{k}: {t}):", f"    scf.reduce.return {v(returned)} : {returned}"]
        body.append("  }")
    body.append("}")
    return Case(index, "scf", "scf.parallel", "custom " + what, _module(body))


def make_forall(rng: random.Random, index: int) -> Case:
    """``scf.forall`` in its generic form (the custom form's parser builds its block)."""
    loops = rng.randint(1, 2)
    outputs = [rng.choice(("tensor<4xf32>", "tensor<?xf32>", "tensor<4xi32>")) for _ in range(rng.randint(0, 2))]
    lists = {"induction": ["index"] * loops, "argument": list(outputs)}
    what = "valid"
    if rng.random() < 0.8:
        name = rng.choice(sorted(lists))
        pool = ("index", "i32", "f32") if name == "induction" else ("tensor<4xf32>", "tensor<?xf32>", "tensor<4xi32>")
        what = _mutate_in(rng, lists, name, pool)
    block = ", ".join(
        [f"%i{k}: {t}" for k, t in enumerate(lists["induction"])]
        + [f"%o{k}: {t}" for k, t in enumerate(lists["argument"])]
    )
    segments = f"array<i32: 0, {loops}, 0, {len(outputs)}>"
    bounds = f"array<i64: {', '.join(['0'] * loops)}>"
    upper = f"array<i64: {', '.join(['-9223372036854775808'] * loops)}>"
    steps = f"array<i64: {', '.join(['1'] * loops)}>"
    operands = ", ".join([v("index")] * loops + [v(t) for t in outputs])
    types = ", ".join(["index"] * loops + outputs)
    body = [
        f'{_results(len(outputs))}"scf.forall"({operands}) <{{operandSegmentSizes = {segments}, '
        f"staticLowerBound = {bounds}, staticStep = {steps}, staticUpperBound = {upper}}}> ({{",
        f"^bb0({block}):",
        '  "scf.forall.in_parallel"() ({',
        "  ^bb0:",
        "  }) : () -> ()",
        f"}}) : ({types}) -> ({', '.join(outputs)})",
    ]
    return Case(index, "scf", "scf.forall", "generic " + what, _module(body))


def _mutate_in(rng: random.Random, lists: dict[str, list[str]], name: str, pool: tuple[str, ...]) -> str:
    types = lists[name]
    roll = rng.random()
    if types and roll < 0.6:
        i = rng.randrange(len(types))
        types[i] = _other(rng, types[i], pool)
        return f"{name} type"
    if types and roll < 0.8:
        types.pop(rng.randrange(len(types)))
        return f"{name} fewer"
    types.append(rng.choice(pool))
    return f"{name} more"


MAKERS: dict[str, Callable[[random.Random, int], Case]] = {
    "forall": make_forall,
    "for": make_for,
    "if": make_if,
    "while": make_while,
    "execute_region": make_execute_region,
    "index_switch": make_index_switch,
    "parallel": make_parallel,
}


def _make(rng: random.Random, index: int) -> Case:
    return MAKERS[rng.choice(sorted(MAKERS))](rng, index)


def test_scf_against_iree() -> None:
    """Every case: broadcheck's first error (message, line, column) is iree-opt's."""
    ctx = campaign.ctx_or_fail()
    cases = campaign.generate("scf", COUNT, SEED, _make)
    campaign.compare("scf", cases, ctx, minimum=min(COUNT, 2000), seed=SEED)
