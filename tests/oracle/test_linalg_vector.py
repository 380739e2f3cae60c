"""Differential test: ``linalg.broadcast`` and ``vector.broadcast`` against IREE's build of MLIR.

The oracle is ``iree.compiler.ir`` (``pip install iree-base-compiler==3.13.0``): ``Module.parse``
parses and verifies; a failure raises ``ir.MLIRError`` with the exact MLIR messages and locations.
Each random case is one ``func.func`` holding one op, in the generic form or the pretty form
(``linalg.broadcast ins(..) outs(..) dimensions = [..]``, ``vector.broadcast %s : T to U``).

broadcheck reads the same text through :func:`broadcheck.api.check_text`; verdict, message text,
line and column must all agree.

What is generated (a fixed seed; ``BROADCHECK_ORACLE_SEED``, ``BROADCHECK_LINALG_VECTOR_CASES``
per family, default 3000, at least 2000):

* linalg.broadcast: ranked tensors and memrefs (with strided layouts and memory spaces), ranks
  0-3 plus 0-3 added dims, sizes 0-8 and ``?``; mutations, one or two at a time: a mapped size
  changed (static, ``?``, 0), the dims list too long or short, a dim out of range or negative,
  a duplicate, another init element type, memref/tensor mixes, operands that are vectors,
  unranked tensors or memrefs, or scalars; in the generic form also results missing, doubled, of
  another type or a memref, the dimensions property missing, ``[..]`` or ``array<i32: ..>``, one
  or three operands. Generic regions are well formed (they yield the init's block argument when
  the element types differ), since broadcheck does not see regions.
* vector.broadcast: scalar sources (float, int, index, i1), vectors of rank 0-3 with scalable
  dims, tensor and memref sources; results derived from the source (kept, stretched 1s, fixed 1
  to scalable, extra leading dims) with mutations (sizes, scalability, rank, element type), a few
  non-vector results, and in the generic form zero or two operands or results.

Not generated: size-0 vectors (``vector<0xf32>`` is a parse error in MLIR: ``vector types must
have positive constant sizes but got 0``), a generic ``linalg.broadcast`` without a region
(``requires one region``: broadcheck does not see regions), and attribute-dictionary
(``{dimensions = [1]}``) spellings, whose message differs from the property form's.
"""

from __future__ import annotations

import collections
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from .common import IREE_IMPORT_ERROR as _IREE_IMPORT_ERROR
from .common import Verdict, fail_on_differences, show, verdict
from .common import ir as _ir

pytestmark = pytest.mark.oracle


COUNT = int(os.environ.get("BROADCHECK_LINALG_VECTOR_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20240611))
SHOW = 20

Dim = int | None

_LOC = re.compile(r":(\d+):(\d+)\)$")

ELEMENTS = ["f32", "f16", "bf16", "i32", "i8", "i1", "index"]


@dataclass(frozen=True)
class Case:
    """One op in one module, in the generic or the pretty form."""

    index: int
    family: str
    form: str
    text: str


def _dims_text(shape: tuple[Dim, ...]) -> str:
    return "".join(f"{'?' if d is None else d}x" for d in shape)


def _module(args: list[tuple[str, str]], statement: str) -> str:
    params = ", ".join(f"{name}: {t}" for name, t in args)
    return f"func.func @f({params}) {{\n  {statement}\n  return\n}}\n"


# ---------------------------------------------------------------------------- linalg.broadcast


def _size(rng: random.Random) -> Dim:
    roll = rng.random()
    if roll < 0.12:
        return None
    if roll < 0.17:
        return 0
    return rng.choice([1, 2, 3, 4, 5, 8])


def _other_size(rng: random.Random, d: Dim) -> Dim:
    while True:
        new = _size(rng) if rng.random() < 0.7 else rng.choice([None, 0, 7])
        if new != d:
            return new


def _buffer(kind: str, shape: tuple[Dim, ...], element: str, rng: random.Random) -> str:
    if kind == "tensor":
        return f"tensor<{_dims_text(shape)}{element}>"
    layout = ""
    roll = rng.random()
    if roll < 0.15:
        layout = ", 1"
    elif roll < 0.3:
        strides = ", ".join("?" if rng.random() < 0.5 else str(rng.randint(1, 9)) for _ in shape)
        layout = f", strided<[{strides}], offset: ?>"
    return f"memref<{_dims_text(shape)}{element}{layout}>"


def _element_of(t: str) -> str | None:
    """The element type of a tensor/memref/vector text this generator wrote, or the scalar itself."""
    m = re.fullmatch(r"(?:tensor|memref|vector)<(?:\*x)?(?:(?:\d+|\?|\[\d+\])x)*([a-z0-9]+)(?:,.*)?>", t)
    if m:
        return m.group(1)
    return t if re.fullmatch(r"[a-z0-9]+", t) else None


LINALG_MUTATIONS = [
    "size",
    "size",
    "rank",
    "range",
    "dup",
    "element",
    "memref",
    "mixed",
    "operand-type",
    "results",
    "attr",
    "count",
]
GENERIC_ONLY = {"results", "attr", "count"}


def linalg_case(rng: random.Random, index: int) -> Case:
    """A random ``linalg.broadcast`` case."""
    input_rank, added = rng.randint(0, 3), rng.randint(0, 3)
    init_rank = input_rank + added
    dims = rng.sample(range(init_rank), added)
    if rng.random() < 0.6:
        dims.sort()
    input_shape = [_size(rng) for _ in range(input_rank)]
    init_shape: list[Dim] = []
    mapped = iter(input_shape)
    for d in range(init_rank):
        init_shape.append(_size(rng) if d in dims else next(mapped))
    in_elt = init_elt = rng.choice(ELEMENTS)
    in_kind = init_kind = "tensor"
    in_type = init_type = ""
    results: list[str] | None = None  # None: the init's type for a tensor init, none for a memref
    attr: str | None = None
    operands = 2

    roll = rng.random()
    mutations = [] if roll < 0.2 else rng.sample(LINALG_MUTATIONS, 1 if roll < 0.75 else 2)
    mutations.sort(key=lambda m: m != "size")  # sizes first, while the dims still map input to init
    form = "generic" if set(mutations) & GENERIC_ONLY or rng.random() < 0.6 else "pretty"
    for m in mutations:
        if m == "size" and init_rank > added:
            mapped_dims = [d for d in range(init_rank) if d not in dims]
            d = rng.choice(mapped_dims)
            if rng.random() < 0.5:
                init_shape[d] = _other_size(rng, init_shape[d])
            else:
                i = mapped_dims.index(d)
                input_shape[i] = _other_size(rng, input_shape[i])
        elif m == "rank":
            if dims and rng.random() < 0.5:
                dims.pop(rng.randrange(len(dims)))
            elif rng.random() < 0.5:
                dims.append(rng.randrange(init_rank + 1))
            else:
                init_shape.insert(rng.randrange(init_rank + 1), _size(rng))
        elif m == "range" and dims:
            dims[rng.randrange(len(dims))] = rng.choice([len(init_shape), len(init_shape) + 3, -1, -4])
        elif m == "dup" and dims:
            dims.insert(rng.randrange(len(dims) + 1), rng.choice(dims))
            if rng.random() < 0.7:  # keep the rank right so the duplicate check is reached
                init_shape.insert(rng.randrange(len(init_shape) + 1), _size(rng))
        elif m == "element":
            init_elt = rng.choice([e for e in ELEMENTS if e != in_elt])
        elif m == "memref":
            in_kind = init_kind = "memref"
        elif m == "mixed":
            in_kind, init_kind = rng.choice([("memref", "tensor"), ("tensor", "memref")])
        elif m == "operand-type":
            bad = rng.choice(
                [f"vector<4x{in_elt}>", f"tensor<*x{in_elt}>", f"memref<*x{in_elt}>", in_elt, f"vector<{in_elt}>"]
            )
            if rng.random() < 0.5:
                in_type = bad
            else:
                init_type = bad
        elif m == "results":
            choice = rng.choice(["none", "two", "other", "memref", "elt", "unranked"])
            base = f"tensor<{_dims_text(tuple(init_shape))}{init_elt}>"
            results = {
                "none": [],
                "two": [base, base],
                "other": [f"tensor<{_dims_text(tuple(init_shape))}7x{init_elt}>"],
                "memref": [f"memref<{_dims_text(tuple(init_shape))}{init_elt}>"],
                "elt": [f"tensor<{_dims_text(tuple(init_shape))}{'f64' if init_elt != 'f64' else 'i64'}>"],
                "unranked": [f"tensor<*x{init_elt}>"],
            }[choice]
        elif m == "attr":
            attr = rng.choice(["missing", "list", "i32"])
        elif m == "count":
            operands = rng.choice([1, 3])

    in_type = in_type or _buffer(in_kind, tuple(input_shape), in_elt, rng)
    init_type = init_type or _buffer(init_kind, tuple(init_shape), init_elt, rng)
    if results is None:
        results = [init_type] if init_type.startswith("tensor<") and "*" not in init_type else []
    dims_list = ", ".join(map(str, dims))

    args = [("%x", in_type), ("%y", init_type)]
    names, types = ["%x", "%y"], [in_type, init_type]
    if operands == 1:
        names, types = names[:1], types[:1]
    elif operands == 3:
        names, types = [*names, "%x"], [*types, in_type]
    props = {
        None: f" <{{dimensions = array<i64{': ' + dims_list if dims else ''}>}}>",
        "missing": "",
        "list": f" <{{dimensions = [{dims_list}]}}>",
        "i32": f" <{{dimensions = array<i32{': ' + dims_list if dims else ''}>}}>",
    }[attr]
    a = _element_of(in_type) or "f32"
    b = _element_of(init_type) or "f32"
    region = f' ({{\n  ^bb0(%a: {a}, %b: {b}):\n    "linalg.yield"({"%a" if a == b else "%b"}) : ({b}) -> ()\n  }})'
    lhs = "" if not results else ("%r = " if len(results) == 1 else f"%r:{len(results)} = ")
    statement = (
        f'{lhs}"linalg.broadcast"({", ".join(names)}){props}{region} : ({", ".join(types)}) -> ({", ".join(results)})'
    )
    if form == "generic":
        return Case(index, "linalg", form, _module(args, statement))
    pretty = f"{lhs}linalg.broadcast ins(%x : {in_type}) outs(%y : {init_type}) dimensions = [{dims_list}]"
    return Case(index, "linalg", form, _module(args, pretty))


# ---------------------------------------------------------------------------- vector.broadcast

SCALARS = ["f32", "f16", "bf16", "i32", "i8", "i1", "index", "i64"]


def _vector(shape: list[int], scalable: list[bool], element: str) -> str:
    dims = "".join(f"[{d}]x" if s else f"{d}x" for d, s in zip(shape, scalable, strict=True))
    return f"vector<{dims}{element}>"


def _vsize(rng: random.Random) -> int:
    return rng.choice([1, 1, 2, 3, 4, 8])


def vector_case(rng: random.Random, index: int) -> Case:
    """A random ``vector.broadcast`` case."""
    elt = rng.choice(SCALARS)
    src_rank = rng.randint(0, 3)
    src_shape = [_vsize(rng) for _ in range(src_rank)]
    src_scal = [rng.random() < 0.25 for _ in range(src_rank)]
    # The result: extra leading dims, then each source dim kept or stretched from 1.
    lead = rng.choice([0, 0, 1, 2])
    dst_shape = [_vsize(rng) for _ in range(lead)]
    dst_scal = [rng.random() < 0.15 for _ in range(lead)]
    for d, s in zip(src_shape, src_scal, strict=True):
        if d == 1 and rng.random() < 0.5:
            dst_shape.append(_vsize(rng))
            dst_scal.append(s if rng.random() < 0.6 else not s)
        else:
            dst_shape.append(d)
            dst_scal.append(s)
    mutation = rng.choice(["none", "none", "none", "size", "scalable", "rank", "element", "source", "result", "count"])
    if mutation == "size" and dst_shape:
        i = rng.randrange(len(dst_shape))
        dst_shape[i] = rng.choice([d for d in (1, 2, 3, 4, 5, 8) if d != dst_shape[i]])
    elif mutation == "scalable" and dst_shape:
        i = rng.randrange(len(dst_shape))
        if rng.random() < 0.5 or not src_shape:
            dst_scal[i] = not dst_scal[i]
        else:
            j = rng.randrange(len(src_shape))
            src_scal[j] = not src_scal[j]
    elif mutation == "rank" and dst_shape:
        keep = rng.randrange(len(dst_shape))
        dst_shape, dst_scal = dst_shape[len(dst_shape) - keep :], dst_scal[len(dst_scal) - keep :]
        if keep == 0:
            dst_shape, dst_scal = [], []
    dst_elt = elt if mutation != "element" else rng.choice([e for e in SCALARS if e != elt])
    kind = rng.choices(["scalar", "vector"], [0.3, 0.7])[0]
    src = elt if kind == "scalar" else _vector(src_shape, src_scal, elt)
    if mutation == "source":
        src = rng.choice([f"tensor<4x{elt}>", f"tensor<*x{elt}>", f"memref<2x{elt}>", f"memref<*x{elt}>"])
        if rng.random() < 0.3:
            src = src.replace(elt, rng.choice([e for e in SCALARS if e != elt]))
    dst = _vector(dst_shape, dst_scal, dst_elt)
    if mutation == "result":
        dst = rng.choice([f"tensor<4x{dst_elt}>", dst_elt, f"memref<4x{dst_elt}>"])
    operands, results = ["%s"], [dst]
    if mutation == "count":
        if rng.random() < 0.5:
            operands = rng.choice([[], ["%s", "%s"]])
        else:
            results = rng.choice([[], [dst, dst]])
    lhs = "" if not results else ("%0 = " if len(results) == 1 else "%0:2 = ")
    statement = (
        f'{lhs}"vector.broadcast"({", ".join(operands)}) : '
        f"({', '.join(src for _ in operands)}) -> ({', '.join(results)})"
    )
    args = [("%s", src)]
    if mutation not in ("result", "count") and rng.random() < 0.35:
        pretty = f"%0 = vector.broadcast %s : {src} to {dst}"
        return Case(index, "vector", "pretty", _module(args, pretty))
    return Case(index, "vector", "generic", _module(args, statement))


def generate(family: str, count: int, seed: int) -> list[Case]:
    """``count`` cases of one family, reproducible from ``seed``."""
    rng = random.Random(f"{family}:{seed}")
    make = linalg_case if family == "linalg" else vector_case
    return [make(rng, i) for i in range(count)]


# ---------------------------------------------------------------------------- the two sides


def _oracle_verdict(ctx: Any, text: str) -> Verdict:
    return verdict(ctx, text)


def _check_text() -> Callable[..., Any]:
    try:
        from broadcheck.api import check_text
    except ImportError as exc:
        pytest.fail(f"cannot import broadcheck.api.check_text: {exc}", pytrace=False)
    return check_text


def _broadcheck_verdict(check_text: Callable[..., Any], case: Case) -> Verdict | str:
    """What broadcheck says about ``case`` (a string when it raised)."""
    try:
        diags = check_text(case.text, path="<case>", profile="llvm")
    except Exception as exc:
        return f"raised {type(exc).__name__}: {exc}"
    return tuple((d.line, d.column, d.message) for d in diags)


# Every message the generated cases may get; anything else is a case outside what is compared.
_KINDS = {
    name: re.compile(pattern)
    for name, pattern in {
        "linalg rank": r".* op input rank plus added dimensions does not match init rank\..*",
        "linalg range": r".* op dimension \d+ is out of range\..*",
        "linalg duplicates": r".* op dimensions should not contain duplicates",
        "linalg dim": r".* op input dim \d+ should match init dim \d+\..*",
        "linalg yield element": r"'linalg.yield' op type of yield operand .*",
        "linalg tensor results": r".* op expected the number of tensor results .*",
        "linalg result type": r".* op expected type of operand #1 .*",
        "linalg mixed": r".* op expected to have pure tensor or buffer semantics",
        "operand count": r".* op expected \d+ operands, but found \d+",
        "missing attribute": r".* op requires attribute 'dimensions'",
        "invalid property": r"invalid properties .*",
        "type constraint": r".* op (operand|result) #\d+ must be .*",
        "vector rank": r".* op source rank higher than destination rank",
        "vector dim": r".* op dimension mismatch \(.*\)",
        "vector source": r".* op source type is not a vector",
        "vector element": r".* op failed to verify that source operand and result have same element type",
        "single operand": r".* op requires a single operand",
        "one result": r".* op requires one result",
    }.items()
}


FAMILY_KINDS = {
    "linalg": [k for k in _KINDS if k.startswith(("linalg", "operand count", "missing", "invalid", "type"))],
    "vector": [k for k in _KINDS if k.startswith(("vector", "single", "one", "type"))],
}


def _kind(verdict: Verdict) -> str:
    if not verdict:
        return "ok"
    if len(verdict) != 1:
        return "several diagnostics"
    return next((name for name, p in _KINDS.items() if p.fullmatch(verdict[0][2])), "other: " + verdict[0][2])


def _show(verdict: Verdict | str) -> str:
    return show(verdict)


@pytest.fixture(scope="module")
def ctx() -> Any:
    if _ir is None:
        pytest.fail(
            "the oracle tests need IREE's MLIR bindings, which are not importable "
            f"({_IREE_IMPORT_ERROR}); run `make oracle`, or `pip install iree-base-compiler==3.13.0`",
            pytrace=False,
        )
    return _ir.Context()


@pytest.mark.parametrize("family", ["linalg", "vector"])
def test_broadcheck_matches_mlir(family: str, ctx: Any) -> None:
    """Verdict, message, line and column equal IREE's on every case of the family."""
    assert COUNT >= 2000, f"only {COUNT} cases; the point is to compare at least 2000 per family"
    cases = generate(family, COUNT, SEED)
    oracle = [_oracle_verdict(ctx, c.text) for c in cases]
    strays = [(c, v) for c, v in zip(cases, oracle, strict=True) if _kind(v).startswith(("other", "several"))]
    assert not strays, f"{len(strays)} cases outside the compared rules, e.g.\n" + "\n".join(
        f"{c.text}=> {_show(v)}" for c, v in strays[:5]
    )
    check_text = _check_text()
    diffs = []
    for case, expected in zip(cases, oracle, strict=True):
        got = _broadcheck_verdict(check_text, case)
        if got != expected:
            diffs.append((case, expected, got))
    verdict_diffs = sum(1 for _, e, g in diffs if isinstance(g, str) or bool(g) != bool(e))
    forms = collections.Counter(c.form for c in cases)
    counts = collections.Counter(_kind(v) for v in oracle)
    summary = (
        f"{family}: compared {len(cases)} cases (seed {SEED}; {dict(forms)}); oracle verdicts: "
        f"{', '.join(f'{k}: {n}' for k, n in counts.most_common())}; differences: {len(diffs)} "
        f"({verdict_diffs} in verdict)"
    )
    fail_on_differences(summary, diffs, lambda case: f"--- case {case.index} ({case.form})", SHOW)
    thin = {k: counts[k] for k in ("ok", *FAMILY_KINDS[family]) if counts[k] < len(cases) // 100}
    assert not thin, f"verdicts too rare (< 1%): {thin}; all: {dict(counts)}"
    if family == "vector":
        scalable = sum(1 for v in oracle if v and "[" in v[0][2])
        assert scalable >= len(cases) // 100, f"only {scalable} scalable-dim mismatches"
