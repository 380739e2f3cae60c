"""Differential campaign: the shape dialect (``dialects/shape.py``) against iree-base-compiler 3.13.

Each case is one function that runs one shape op, in its generic form or (where it has one) its
custom form, built valid and then, most of the time, mutated in one place: one operand's or
result's type (from a pool that holds the dialect's types, extent tensors of several lengths,
index, integers, floats, tensors, a memref), or the operand count. ``shape.reduce`` and
``shape.assuming`` also get their block arguments and yields mutated; ``shape.func`` (generic)
its entry block against its ``function_type``. Every value comes from a function argument of its
type, so a mutant is judged by the verifiers (or, in a custom form, by the parser's ``use of
value ... expects different type``, which broadcheck's value flow reports too).

Left out: ``shape.meet`` of an ``index`` and an extent tensor, in that order (``MeetOp::
inferReturnTypes`` casts the index to a tensor type: what it reports is not defined), and
``HasParent`` (broadcheck does not know a terminator's parent op).

The first error's message, line and column must agree (``campaign.compare``). Knobs:
``BROADCHECK_SHAPE_CASES`` (default 2400) and ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from . import campaign
from .campaign import Case

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_SHAPE_CASES", 2400))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261129))

S, Z, W, V = "!shape.shape", "!shape.size", "!shape.witness", "!shape.value_shape"
E2, E3, ED = "tensor<2xindex>", "tensor<3xindex>", "tensor<?xindex>"
TYPES = (S, Z, W, V, "index", E2, E3, ED, "i1", "i32", "f32", "tensor<2x3xf32>", "tensor<2xi32>", "memref<2xf32>",
         "tensor<*xf32>", "tensor<2x2xindex>")  # fmt: skip
ARGS = [(f"%a{i}", t) for i, t in enumerate(TYPES)]

SOE = (S, E2, E3, ED)
SOI = (Z, "index")
SOS = (S, Z)
ANY_SOS = (S, Z, "index", E2, E3, ED)
SHAPED = ("tensor<2x3xf32>", "tensor<2xi32>", "memref<2xf32>", "tensor<*xf32>")

# name: (operand choices per position (the last repeats when variadic), variadic count range or None,
#        result choices)
PLAIN: dict[str, tuple[tuple[tuple[str, ...], ...], tuple[int, int] | None, tuple[tuple[str, ...], ...]]] = {
    "shape.add": ((SOI, SOI), None, (SOI,)),
    "shape.mul": ((SOI, SOI), None, (SOI,)),
    "shape.div": ((SOI, SOI), None, (SOI,)),
    "shape.max": ((SOS, SOS), None, (SOS,)),
    "shape.min": ((SOS, SOS), None, (SOS,)),
    "shape.any": ((SOE,), (1, 3), (SOE,)),
    "shape.assuming_all": (((W,),), (0, 3), ((W,),)),
    "shape.broadcast": ((SOE,), (1, 3), (SOE,)),
    "shape.concat": ((SOE, SOE), None, (SOE,)),
    "shape.cstr_broadcastable": ((SOE,), (1, 3), ((W,),)),
    "shape.cstr_eq": ((SOE,), (0, 3), ((W,),)),
    "shape.cstr_require": ((("i1",),), None, ((W,),)),
    "shape.debug_print": ((SOS,), None, (SOS,)),
    "shape.dim": ((SHAPED, SOI), None, (SOI,)),
    "shape.get_extent": ((SOE, SOI), None, (SOI,)),
    "shape.from_extent_tensor": (((E2, ED),), None, ((S,),)),
    "shape.from_extents": ((SOI,), (0, 3), ((S,),)),
    "shape.index_to_size": ((("index",),), None, ((Z,),)),
    "shape.is_broadcastable": ((SOE,), (0, 3), (("i1",),)),
    "shape.meet": ((ANY_SOS, ANY_SOS), None, (ANY_SOS,)),
    "shape.num_elements": ((SOE,), None, (SOI,)),
    "shape.rank": ((SOE,), None, (SOI,)),
    "shape.shape_eq": ((SOE,), (0, 3), (("i1",),)),
    "shape.shape_of": (((*SHAPED, V),), None, (SOE,)),
    "shape.size_to_index": ((SOI,), None, (("index",),)),
    "shape.split_at": ((SOE, SOI), None, (SOE, SOE)),
    "shape.to_extent_tensor": ((SOE,), None, ((E2, E3, ED),)),
    "shape.value_as_shape": (((E2, "tensor<2xi32>", V),), None, (SOE,)),
    "shape.value_of": (((V,),), None, (("tensor<?xf32>", "tensor<2x3xf32>", "memref<2xf32>"),)),
    "shape.with_shape": (((*SHAPED, V), SOE), None, ((V,),)),
}


CLASS_CHECKED = frozenset(
    "shape.add shape.mul shape.div shape.max shape.min shape.meet shape.rank shape.num_elements shape.get_extent "
    "shape.concat shape.any shape.broadcast shape.cstr_broadcastable shape.cstr_eq shape.is_broadcastable "
    "shape.shape_eq shape.from_extents shape.with_shape shape.value_as_shape shape.shape_of shape.dim "
    "shape.from_extent_tensor shape.to_extent_tensor shape.value_of".split()
)
"""Ops whose custom forms' mutants are compared: their written types are of any class (ODS's
``AnyTypeOf``), or of a class broadcheck's check reads (``shape.dim``, ``from_extent_tensor``,
``to_extent_tensor``, ``value_of``)."""


def v(t: str) -> str:
    """The function argument of type ``t``."""
    return f"%a{TYPES.index(t)}"


def _other(rng: random.Random, t: str) -> str:
    return rng.choice([x for x in TYPES if x != t])


def _results(types: list[str]) -> str:
    return "" if not types else ("%r = " if len(types) == 1 else f"%r:{len(types)} = ")


def _generic(name: str, operands: list[str], results: list[str], attrs: str = "") -> str:
    names = ", ".join(v(t) for t in operands)
    outs = results[0] if len(results) == 1 else f"({', '.join(results)})"
    return f'{_results(results)}"{name}"({names}){attrs} : ({", ".join(operands)}) -> {outs}'


def _custom(name: str, operands: list[str], results: list[str]) -> str | None:
    """The op's custom form (None where it has none, or cannot write these types)."""
    names = ", ".join(v(t) for t in operands)
    short = name.partition(".")[2]
    head = f"{_results(results)}{name}"
    if short in ("add", "mul", "div", "max", "min", "meet", "dim", "get_extent", "concat") or short in (
        "rank",
        "num_elements",
        "to_extent_tensor",
        "value_as_shape",
        "shape_of",
    ):
        return f"{head} {names} : {', '.join(operands)} -> {', '.join(results)}"
    if short in ("broadcast", "any"):
        return f"{head} {names} : {', '.join(operands)} -> {', '.join(results)}" if operands else None
    if short in ("cstr_broadcastable", "cstr_eq", "is_broadcastable", "shape_eq", "from_extents", "with_shape"):
        return f"{head} {names} : {', '.join(operands)}" if operands else None
    if short in ("assuming_all", "index_to_size"):
        return f"{head} {names}"
    if short == "cstr_require":
        return f'{head} {names}, "m"'
    if short in ("from_extent_tensor", "size_to_index"):
        return f"{head} {names} : {', '.join(operands)}"
    if short == "value_of":
        return f"{head} {names} : {', '.join(results)}"
    return None


def _plain(rng: random.Random, index: int) -> Case:
    name = rng.choice(sorted(PLAIN))
    choices, variadic, result_choices = PLAIN[name]
    if variadic is None:
        operands = [rng.choice(c) for c in choices]
    else:
        operands = [rng.choice(choices[-1]) for _ in range(rng.randint(*variadic))]
    results = [rng.choice(c) for c in result_choices]
    roll = rng.random()
    if roll < 0.35 and operands:
        i = rng.randrange(len(operands))
        operands[i] = _other(rng, operands[i])
    elif roll < 0.6:
        i = rng.randrange(len(results))
        results[i] = _other(rng, results[i])
    if name == "shape.meet" and operands[0] == "index" and operands[1] in (E2, E3, ED):
        operands.reverse()  # (see the module's docstring)
    # A custom form's parser rejects a type of the wrong class where the op's ODS names one class
    # (`invalid kind of type specified`, at the type): broadcheck models it for the ops of
    # CLASS_CHECKED; the mutants of the others' custom forms are those whose operands' types are
    # implied (the parser's `use of value ... expects different type`).
    implied = name in ("shape.assuming_all", "shape.index_to_size", "shape.cstr_require") and roll < 0.35
    custom = (roll >= 0.6 or implied or name in CLASS_CHECKED) and rng.random() < 0.5
    text = _custom(name, operands, results) if custom else None
    form = "custom" if text is not None else "generic"
    if text is None:
        attrs = ' {msg = "m"}' if name == "shape.cstr_require" else ""
        text = _generic(name, operands, results, attrs)
    return Case(index, "shape", name, form, campaign.module(ARGS, text))


def _reduce(rng: random.Random, index: int) -> Case:
    shape = rng.choice(SOE)
    inits = [rng.choice((Z, "index", "f32", E2)) for _ in range(rng.randint(0, 2))]
    extent = Z if shape == S else "index"
    block = ["index", extent, *inits]
    yields = list(inits)
    results = list(inits)
    roll = rng.random()
    if roll < 0.15 and block:
        i = rng.randrange(len(block))
        block[i] = _other(rng, block[i])
    elif roll < 0.25:
        block.pop() if rng.random() < 0.5 else block.append(rng.choice(TYPES))
    elif roll < 0.4 and yields:
        i = rng.randrange(len(yields))
        yields[i] = _other(rng, yields[i])
    elif roll < 0.5:
        yields.pop() if yields and rng.random() < 0.5 else yields.append(rng.choice(TYPES))
    elif roll < 0.6:
        shape = _other(rng, shape)
    generic = rng.random() < 0.5
    if roll >= 0.6 and generic and rng.random() < 0.3 and results:
        i = rng.randrange(len(results))
        results[i] = _other(rng, results[i])
    args = ", ".join(f"%b{i}: {t}" for i, t in enumerate(block))
    names = ", ".join(v(t) for t in yields)
    if generic:
        body = [
            f'{_results(results)}"shape.reduce"({", ".join(v(t) for t in [shape, *inits])}) ({{',
            f"^bb0({args}):",
            f'  "shape.yield"({names}) : ({", ".join(yields)}) -> ()',
            f"}}) : ({', '.join([shape, *inits])}) -> ({', '.join(results)})",
        ]
    else:
        arrow = f" -> {', '.join(results)}" if len(results) == 1 else (f" -> ({', '.join(results)})" if results else "")
        operands = ", ".join(v(t) for t in [shape, *inits])
        yield_ = f"shape.yield {names} : {', '.join(yields)}" if yields else "shape.yield"
        body = [
            f"{_results(results)}shape.reduce({operands}) : {shape}{arrow} {{",
            f"^bb0({args}):",
            f"  {yield_}",
            "}",
        ]
    return Case(index, "shape", "shape.reduce", "generic" if generic else "custom", campaign.module(ARGS, body))


def _assuming(rng: random.Random, index: int) -> Case:
    witness = W if rng.random() < 0.85 else rng.choice(TYPES)
    results = [rng.choice(TYPES) for _ in range(rng.randint(0, 2))]
    yields = list(results)
    roll = rng.random()
    if roll < 0.3 and yields:
        i = rng.randrange(len(yields))
        yields[i] = _other(rng, yields[i])
    elif roll < 0.5:
        yields.pop() if yields and rng.random() < 0.5 else yields.append(rng.choice(TYPES))
    names = ", ".join(v(t) for t in yields)
    generic = rng.random() < 0.5
    if generic:
        outs = results[0] if len(results) == 1 else f"({', '.join(results)})"
        body = [
            f'{_results(results)}"shape.assuming"({v(witness)}) ({{',
            f'  "shape.assuming_yield"({names}) : ({", ".join(yields)}) -> ()',
            f"}}) : ({witness}) -> {outs}",
        ]
    else:
        if witness != W and rng.random() < 0.5:
            witness = W
        arrow = f" -> ({', '.join(results)})" if results else ""
        last = f"shape.assuming_yield {names} : {', '.join(yields)}" if yields else "shape.assuming_yield"
        if rng.random() < 0.1:
            last = "%k = shape.const_size 4"  # (the parser adds an empty yield)
        body = [f"{_results(results)}shape.assuming {v(witness)}{arrow} {{", f"  {last}", "}"]
    return Case(index, "shape", "shape.assuming", "generic" if generic else "custom", campaign.module(ARGS, body))


def _func(rng: random.Random, index: int) -> Case:
    inputs = [rng.choice((S, V, Z, "index")) for _ in range(rng.randint(0, 2))]
    block = list(inputs)
    roll = rng.random()
    if roll < 0.3 and block:
        i = rng.randrange(len(block))
        block[i] = _other(rng, block[i])
    elif roll < 0.5:
        block.pop() if block and rng.random() < 0.5 else block.append(rng.choice(TYPES))
    args = ", ".join(f"%x{i}: {t}" for i, t in enumerate(block))
    text = (
        '"shape.function_library"() ({\n'
        '  "shape.func"() ({\n'
        f"  ^bb0({args}):\n"
        '    "shape.return"() : () -> ()\n'
        f'  }}) {{sym_name = "fn", function_type = ({", ".join(inputs)}) -> ()}} : () -> ()\n'
        '}) {sym_name = "lib", mapping = {}} : () -> ()\n'
    )
    return Case(index, "shape", "shape.func", "generic", text)


MAKERS: dict[str, tuple[Callable[[random.Random, int], Case], int]] = {
    "plain": (_plain, 14),
    "reduce": (_reduce, 3),
    "assuming": (_assuming, 3),
    "func": (_func, 1),
}


def _make(rng: random.Random, index: int) -> Case:
    names = sorted(MAKERS)
    make = rng.choices([MAKERS[n][0] for n in names], weights=[MAKERS[n][1] for n in names])[0]
    return make(rng, index)


def test_shape_against_iree() -> None:
    """Every case: broadcheck's first error (message, line, column) is iree-opt's."""
    ctx = campaign.ctx_or_fail()
    cases = campaign.generate("shape", COUNT, SEED, _make)
    campaign.compare("shape", cases, ctx, minimum=min(COUNT, 2000), seed=SEED)
