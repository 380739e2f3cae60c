"""Differential test: ``vector.mask`` (its region, ``vector.yield``) and ``vector.scan`` against
IREE's build of MLIR (``iree.compiler.ir``, iree-base-compiler 3.13).

Each random case is one ``func.func`` holding one op; broadcheck reads the same text through
:func:`broadcheck.api.check_text`. Its first error (line, column, message) must equal the real
tool's first, and a case the tool accepts must have none.

What is generated (a fixed seed; ``BROADCHECK_ORACLE_SEED``, ``BROADCHECK_MASK_CASES`` per family,
default 2500, at least 2000):

* mask: a mask of i1 vectors (ranks 0-3, scalable dims, now and then i8 elements), with or without
  a pass-through, over one maskable op valid on its own (``transfer_read``/``transfer_write`` on a
  memref or a tensor, with identity, transposed or broadcast permutation maps; ``reduction``,
  ``multi_reduction``, ``contract`` with inline maps, ``outerproduct`` and its AXPY form,
  ``gather``), with the yield written or left to the parser, or over an op that is not maskable,
  two ops, or nothing; the mask's result types derived from the op, then mutated (another type,
  one more or one fewer).
* scan: the custom form (``reduction_dim = d, inclusive = b``) on sources of rank 1-3 with an
  initial value of the right or a wrong rank or shape, a combining kind against i32/f32; and the
  generic form with a mismatched result.

Not generated: an op that is not maskable followed by ``vector.yield`` (broadcheck sees only the
maskable ops and the terminator of a region, so it cannot tell it from an empty mask), a yield
of a value the masked op does not define (it compares types, not names), and the unnamed
``vector.gather`` (its ``into`` form is not read without a result name).
"""

from __future__ import annotations

import collections
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR as _IREE_IMPORT_ERROR
from .common import Verdict, fail_on_differences, show, verdict
from .common import ir as _ir

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_MASK_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))
SHOW = 20


@dataclass(frozen=True)
class Case:
    """One op in one module."""

    index: int
    family: str
    form: str
    text: str


def _vec(shape: list[int], element: str, scalable: list[bool] | None = None) -> str:
    scalable = scalable or [False] * len(shape)
    dims = "".join(f"[{d}]x" if s else f"{d}x" for d, s in zip(shape, scalable, strict=True))
    return f"vector<{dims}{element}>"


def _func(args: list[tuple[str, str]], body: str) -> str:
    params = ", ".join(f"%{n}: {t}" for n, t in args)
    return f"func.func @f({params}) {{\n{body}\n  return\n}}\n"


# ---------------------------------------------------------------------------- vector.mask


def _maskable(rng: random.Random, args: list[tuple[str, str]]) -> tuple[str, list[str], str, str]:
    """A maskable op valid on its own: its text (results unnamed), its result types, the mask
    type it expects, its kind."""
    kind = rng.choice(["read", "read", "write", "reduction", "multi", "contract", "outer", "axpy"])
    el = rng.choice(["f32", "f32", "i32"])
    if kind in ("read", "write"):
        rank = rng.choice([1, 2])
        shape = [rng.choice([2, 4, 8]) for _ in range(rank)]
        scalable = [rng.random() < 0.2 for _ in range(rank)]
        src = rng.choice(["memref", "tensor"])
        source = f"{src}<{'x'.join('?' for _ in range(rank))}x{el}>"
        args += [("src", source), ("i", "index"), ("pad", el), ("val", _vec(shape, el, scalable))]
        idx = ", ".join("%i" for _ in range(rank))
        perm, mask_shape, mask_scal = "", list(shape), list(scalable)
        roll = rng.random()
        if rank == 2 and roll < 0.3:
            perm = " {permutation_map = affine_map<(d0, d1) -> (d1, d0)>}"
            mask_shape, mask_scal = shape[::-1], scalable[::-1]
        elif rank == 2 and roll < 0.5 and kind == "read":
            perm = " {permutation_map = affine_map<(d0, d1) -> (0, d1)>}"
            mask_shape, mask_scal = shape[1:], scalable[1:]
        mask = _vec(mask_shape, "i1", mask_scal)
        if kind == "read":
            text = f"vector.transfer_read %src[{idx}], %pad{perm} : {source}, {_vec(shape, el, scalable)}"
            return text, [_vec(shape, el, scalable)], mask, kind
        text = f"vector.transfer_write %val, %src[{idx}]{perm} : {_vec(shape, el, scalable)}, {source}"
        return text, [source] if src == "tensor" else [], mask, kind
    if kind == "reduction":
        n = rng.choice([4, 8, 16])
        sc = rng.random() < 0.2
        args.append(("a", _vec([n], el, [sc])))
        return f"vector.reduction <add>, %a : {_vec([n], el, [sc])} into {el}", [el], _vec([n], "i1", [sc]), kind
    if kind == "multi":
        shape = [rng.choice([2, 4]), rng.choice([3, 8])]
        dim = rng.choice([0, 1])
        rest = [shape[1 - dim]]
        args += [("a", _vec(shape, el)), ("acc", _vec(rest, el))]
        text = f"vector.multi_reduction <add>, %a, %acc [{dim}] : {_vec(shape, el)} to {_vec(rest, el)}"
        return text, [_vec(rest, el)], _vec(shape, "i1"), kind
    if kind == "contract":
        m, n, k = rng.choice([2, 4]), rng.choice([3, 5]), rng.choice([6, 8])
        args += [("a", _vec([m, k], el)), ("b", _vec([k, n], el)), ("c", _vec([m, n], el))]
        maps = "[affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]"
        text = (
            f'vector.contract {{indexing_maps = {maps}, iterator_types = ["parallel", "parallel", "reduction"], '
            f"kind = #vector.kind<add>}} %a, %b, %c : {_vec([m, k], el)}, {_vec([k, n], el)} into {_vec([m, n], el)}"
        )
        return text, [_vec([m, n], el)], _vec([m, n, k], "i1"), kind
    m, n = rng.choice([2, 4]), rng.choice([3, 8])
    if kind == "outer":
        args += [("a", _vec([m], el)), ("b", _vec([n], el))]
        text = f"vector.outerproduct %a, %b : {_vec([m], el)}, {_vec([n], el)}"
        return text, [_vec([m, n], el)], _vec([m, n], "i1"), kind
    args += [("a", _vec([m], el)), ("s", el)]
    return f"vector.outerproduct %a, %s : {_vec([m], el)}, {el}", [_vec([m], el)], _vec([m], "i1"), kind


def _other_mask(rng: random.Random, mask: str) -> str:
    roll = rng.random()
    if roll < 0.15:
        return "vector<i1>"
    if roll < 0.25:
        return mask.replace("i1>", "i8>")
    while True:
        rank = rng.choice([1, 1, 2, 3])
        shape = [rng.choice([2, 3, 4, 5, 8, 16]) for _ in range(rank)]
        other = _vec(shape, "i1", [rng.random() < 0.15 for _ in range(rank)])
        if other != mask:
            return other


def _mask_case(rng: random.Random, index: int) -> Case:
    args: list[tuple[str, str]] = []
    roll = rng.random()
    if roll < 0.08:  # nothing to mask
        mask = _vec([rng.choice([4, 8])], "i1")
        results = rng.choice([[], [], ["vector<8xf32>"]])
        body, form = "{ }", "empty"
        op_results: list[str] = []
        want_mask = mask
    elif roll < 0.15:  # an op that is not maskable
        t = _vec([rng.choice([4, 8])], "f32")
        args += [("a", t)]
        want_mask = _vec([rng.choice([4, 8])], "i1")
        body, form, op_results = f"{{ arith.addf %a, %a : {t} }}", "not maskable", [t]
        results = [t]
    elif roll < 0.22:  # two maskable ops
        text, op_results, want_mask, _ = _maskable(rng, args)
        body, form = f"{{\n    {text}\n    {text}\n  }}", "two ops"
        results = []
    else:
        text, op_results, want_mask, kind = _maskable(rng, args)
        form = kind
        if rng.random() < 0.3 and op_results:  # the yield written
            body = f"{{\n    %r = {text}\n    vector.yield %r : {op_results[0]}\n  }}"
            form += " yield"
        else:
            body = f"{{ {text} }}"
        results = list(op_results)
    mask = want_mask if rng.random() < 0.55 else _other_mask(rng, want_mask)
    if not any(n == "mk" for n, _ in args):
        args.append(("mk", mask))
    passthru = rng.random() < 0.25
    roll = rng.random()
    if roll < 0.12:
        results = [*results, "vector<8xf32>"]
    elif roll < 0.2 and results:
        results = results[:-1]
    elif roll < 0.32 and results:
        results = [rng.choice(["vector<8xf32>", "f32", "vector<4x3xi32>", "i32"])]
    if passthru and not results:
        passthru = rng.random() < 0.3  # (the parser's error: few of them)
    operands = "%mk" + (", %pt" if passthru else "")
    if passthru:
        args.append(("pt", results[0] if results else "vector<8xf32>"))
    if len(results) == 1:
        sig = f" -> {results[0]}"
    elif results:
        sig = f" -> ({', '.join(results)})"
    else:
        sig = ""
    names = "" if not results else ("%0 = " if len(results) == 1 else f"%0:{len(results)} = ")
    line = f"  {names}vector.mask {operands} {body} : {mask}{sig}"
    return Case(index, "mask", form + (" passthru" if passthru else ""), _func(args, line))


# ---------------------------------------------------------------------------- vector.scan


def _scan_case(rng: random.Random, index: int) -> Case:
    el = rng.choice(["i32", "f32"])
    rank = rng.choice([1, 2, 2, 3])
    shape = [rng.choice([2, 3, 4]) for _ in range(rank)]
    dim = rng.choice([*range(rank), rank, rank + 2]) if rng.random() < 0.2 else rng.randrange(rank)
    init = [d for k, d in enumerate(shape) if k != dim]
    roll = rng.random()
    if roll < 0.12:
        init = [*init, 2]
    elif roll < 0.2 and init:
        init = init[1:]
    elif roll < 0.3 and init:
        init = [init[0] + 1, *init[1:]]
    source, initial = _vec(shape, el), _vec(init, el)
    kind = rng.choice(["add", "add", "mul", "xor", "maxnumf", "minsi", "maxui"])
    inclusive = rng.choice(["true", "false"])
    args = [("a", source), ("b", initial)]
    if rng.random() < 0.15:
        res0 = source if rng.random() < 0.5 else _vec(shape, "i64" if el == "i32" else "f16")
        res1 = initial if res0 != source else _vec(init, "i64")
        line = (
            f'  %0:2 = "vector.scan"(%a, %b) <{{kind = #vector.kind<{kind}>, reduction_dim = {dim} : i64, '
            f"inclusive = {inclusive}}}> : ({source}, {initial}) -> ({res0}, {res1})"
        )
        return Case(index, "scan", "generic", _func(args, line))
    line = f"  %0:2 = vector.scan <{kind}>, %a, %b reduction_dim = {dim}, inclusive = {inclusive} : {source}, {initial}"
    return Case(index, "scan", "custom", _func(args, line))


FAMILIES: dict[str, Callable[[random.Random, int], Case]] = {"mask": _mask_case, "scan": _scan_case}


def generate(family: str, count: int, seed: int) -> list[Case]:
    """``count`` cases of ``family`` from ``seed``."""
    rng = random.Random(f"{seed}-{family}")
    return [FAMILIES[family](rng, i) for i in range(count)]


def _first(v: Verdict | str) -> tuple[int, int, str] | str | None:
    if isinstance(v, str):
        return v
    return v[0] if v else None


@pytest.fixture(scope="module")
def ctx() -> Any:
    if _ir is None:
        pytest.skip(f"iree-base-compiler is not installed: {_IREE_IMPORT_ERROR}")
    return _ir.Context()


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_broadcheck_matches_mlir(family: str, ctx: Any) -> None:
    """The first error (line, column, message) equals IREE's on every case; a clean case is clean."""
    assert COUNT >= 2000, f"only {COUNT} cases; the point is to compare at least 2000 per family"
    from broadcheck.api import check_text

    cases = generate(family, COUNT, SEED)
    diffs = []
    counts: collections.Counter[str] = collections.Counter()
    for case in cases:
        expected = verdict(ctx, case.text)
        try:
            found = tuple(
                (d.line, d.column, d.message)
                for d in check_text(case.text, path="<case>", profile="llvm")
                if d.severity == "error"
            )
            got: Verdict | str = found
        except Exception as exc:  # a traceback is a difference
            got = f"raised {type(exc).__name__}: {exc}"
        first = _first(expected)
        counts["ok" if first is None else str(first[2]).split(" for ")[0][:60]] += 1  # type: ignore[index]
        if _first(got) != first:
            diffs.append((case, expected, got))
    forms = collections.Counter(c.form for c in cases)
    verdict_diffs = sum(1 for _, e, g in diffs if isinstance(g, str) or bool(g) != bool(e))
    summary = (
        f"{family}: compared {len(cases)} cases (seed {SEED}; {len(forms)} forms); oracle first errors: "
        f"{', '.join(f'{k}: {n}' for k, n in counts.most_common())}; differences: {len(diffs)} "
        f"({verdict_diffs} in verdict)"
    )
    fail_on_differences(summary, diffs, lambda case: f"--- case {case.index} ({case.form})", SHOW)
    assert counts["ok"] >= len(cases) // 20, f"too few valid cases: {dict(counts)}"


__all__ = ["generate", "show"]
