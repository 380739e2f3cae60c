"""Differential campaign: ``arith.constant``'s literal against its type, as MLIR's parser reads
it (``broadcheck.dialects.literal.literal_problem``), against iree-base-compiler 3.13.

Each case is one function holding one ``arith.constant`` (custom or generic form; a scalar, or a
``dense<...>`` splat or list, nested evenly or not) and the ``return`` of its value, drawn from
edge values (the ends of each integer type's range, floats, hex, ``true``/``false``) and types
(signless, signed and unsigned integers of 1 to 64 bits, ``index``, floats; static, dynamic
shapes). A case counts as about a literal when the tool's first error or broadcheck's is one of
the parser's literal messages; there the two must agree on line, column and message. The rest
(the tool accepts, or its verifier speaks: ``integer return type must be signless``) are counted.

``BROADCHECK_LITERAL_CASES`` (default 2500), ``BROADCHECK_LITERAL_SEED`` (default 29).
"""

from __future__ import annotations

import collections
import os
import random

import pytest

from .common import IREE_IMPORT_ERROR, Verdict, show, verdict
from .common import ir as _ir

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LITERAL_CASES", "2500"))
SEED = int(os.environ.get("BROADCHECK_LITERAL_SEED", "29"))

LITERAL_MESSAGES = (
    "floating point value not valid for specified type",
    "expected floating point literal",
    "integer constant out of range for attribute",
    "integer constant out of range for type",
    "expected i1 type for 'true' or 'false' values",
    "expected unsigned integer elements, but parsed negative value",
    "negative integer literal not valid for unsigned integer type",
    "hexadecimal float constant out of range for type",
    "unexpected decimal integer literal for a floating point value",
    "expected integer elements, but parsed floating-point",
    "elements literal type must have static shape",
    "inferred shape of elements literal",
    "tensor literal is invalid; ranks are not consistent between elements",
)

_INTEGERS = ["i1", "i8", "i16", "i32", "i64", "si8", "ui8", "si16", "ui16", "si32", "ui32", "ui64"]
_TYPES = [*_INTEGERS, "index", "f16", "bf16", "f32", "f64"]
_EDGES = [0, 1, 2, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32]
_EDGES += [2**63 - 1, 2**63, 2**64 - 1, 2**64]
_FLOATS = ["1.5", "0.0", "-2.5e3", "1.0e10", "3.", "2.0E-2"]
_HEX = ["0x7F", "0xFF", "0x3F800000", "0x1FFFF", "0x1", "-0x1"]


def _number(rng: random.Random, bools: bool) -> str:
    pick = rng.random()
    if pick < 0.55:
        v = rng.choice(_EDGES) + rng.choice([0, 0, 0, -1, 1])
        return str(-v if rng.random() < 0.35 else v)
    if pick < 0.85:
        return rng.choice(_FLOATS)
    if pick < 0.93 or not bools:
        return rng.choice(_HEX)
    return rng.choice(["true", "false"])


def _list(rng: random.Random, dims: list[int], ragged: bool) -> str:
    if not dims:
        return _number(rng, True)
    items = [_list(rng, dims[1:], ragged) for _ in range(dims[0])]
    if ragged and len(items) > 1 and rng.random() < 0.3:
        items[-1] = _number(rng, True) if len(dims) > 1 else f"[{_number(rng, True)}]"
    return "[" + ", ".join(items) + "]"


def case(rng: random.Random) -> str:
    """One function with one ``arith.constant`` and the return of its value."""
    generic = rng.random() < 0.35
    if rng.random() < 0.4:  # a scalar
        element = rng.choice(_TYPES)
        literal, type_ = _number(rng, False), element
    else:
        element = rng.choice(_TYPES)
        dims = [rng.randint(1, 3) for _ in range(rng.randint(0, 2))]
        written = list(dims)
        if written and rng.random() < 0.15:
            written[rng.randrange(len(written))] = rng.choice([d + 1 for d in dims])
        shape = "".join(f"{'?' if rng.random() < 0.08 else d}x" for d in written)
        kind = "vector" if dims and rng.random() < 0.15 else "tensor"
        body = _number(rng, True) if rng.random() < 0.3 else _list(rng, dims, rng.random() < 0.2)
        if not dims and body.startswith("["):
            body = _number(rng, True)
        literal, type_ = f"dense<{body}>", f"{kind}<{shape}{element}>"
    if generic:
        op = f'"arith.constant"() {{value = {literal} : {type_}}} : () -> {type_}'
    else:
        op = f"arith.constant {literal} : {type_}"
    return f"func.func @f() -> {type_} {{\n  %0 = {op}\n  return %0 : {type_}\n}}\n"


def _broadcheck(text: str) -> Verdict | str:
    from broadcheck.engine.options import Options
    from broadcheck.optable import OpTable
    from broadcheck.runner import check_source
    from broadcheck.semantics import Profile

    try:
        found = check_source("<case>", text, Options(Profile("llvm"), OpTable(()))).diagnostics
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    return tuple((d.line, d.column, d.message) for d in found if d.severity == "error")


def _literal(found: Verdict | str) -> bool:
    return not isinstance(found, str) and bool(found) and found[0][2].startswith(LITERAL_MESSAGES)


def test_arith_constant_literals_against_iree() -> None:
    """Every case where either side reads a literal error: the same first error, line and column."""
    if _ir is None:
        pytest.fail(f"the campaign needs IREE's MLIR bindings ({IREE_IMPORT_ERROR}); run `make oracle`", pytrace=False)
    ctx = _ir.Context()
    rng = random.Random(SEED)
    counts: collections.Counter[str] = collections.Counter()
    diffs: list[str] = []
    for _ in range(COUNT):
        text = case(rng)
        expected, got = verdict(ctx, text), _broadcheck(text)
        if isinstance(got, str):
            counts["raised"] += 1
            diffs.append(f"{text}  tool:       {show(expected)}\n  broadcheck: {got}")
            continue
        if not (_literal(expected) or _literal(got)):
            counts["accepted" if not expected else "not a literal error"] += 1
            continue
        if expected[:1] == got[:1]:
            counts["agree"] += 1
            counts[f"  {expected[0][2].split(' (')[0][:40]}"] += 1
            continue
        counts["differ"] += 1
        diffs.append(f"{text}  tool:       {show(expected[:1])}\n  broadcheck: {show(got[:2])}")
    summary = f"arith.constant literals vs iree-opt 3.13 (seed {SEED}, {COUNT} cases)\n" + "\n".join(
        f"{key:<52} {n:>6}" for key, n in sorted(counts.items(), key=lambda kv: (kv[0].startswith(" "), kv[0]))
    )
    print("\n" + summary)
    if diffs:
        pytest.fail(f"{summary}\nfirst of {len(diffs)} differences:\n" + "\n".join(diffs[:8]), pytrace=False)
