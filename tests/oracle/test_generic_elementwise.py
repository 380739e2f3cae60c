"""Campaign (issue 32): ``refine`` and ``--fix`` of elementwise arith and math ops written in
MLIR's generic form, judged by iree-opt's parser and verifiers (iree-base-compiler 3.13's
``iree.compiler.ir``).

Each case is a function of one static shape whose two arguments are written with some of its
sizes ``?`` (each its own pattern: ``tensor<?x3xf32>``, ``tensor<4x?xf32>``), and a chain of
random generic-form ops over them: unary (``"math.exp"(%a) : (T) -> T``), binary
(``"arith.addf"``), and ``arith.cmpf`` + ``arith.select``; every result type is written as the
tool infers it from those types (the first operand's; i1 of its shape for ``arith.cmpf``).

* refine: ``broadcheck refine`` with each function's arguments made static must write the
  function with every type static (exactly), and the tool must accept it.
* fix: the static function with one op's result written with a size ``?`` (the tool rejects
  it: ``inferred type(s) ... are incompatible``) and each later type as inferred from it;
  ``check --fix`` must write something the tool accepts, and the summary counts the fixes that
  write exactly the static function.

Knobs: ``BROADCHECK_GENERIC_CASES`` (default 240), ``BROADCHECK_GENERIC_SEED``. Run by ``make
oracle``; without IREE it fails, never skips.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from .common import IREE_IMPORT_ERROR, verdict
from .common import ir as _ir

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_GENERIC_CASES", 240))
SEED = int(os.environ.get("BROADCHECK_GENERIC_SEED", 20261129))

UNARY = ("math.exp", "math.tanh", "math.absf", "math.sqrt", "math.sin", "math.cos", "math.floor", "arith.negf")
BINARY = ("arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf")
_DIMS = re.compile(r"tensor<((?:(?:\d+|\?)x)*)(\w+)>")

Dims = tuple[int | None, ...]


def _t(dims: Dims, element: str) -> str:
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in dims) + element + ">"


def _static(text: str, shape: tuple[int, ...]) -> str:
    """``text`` with every tensor type of the function's shape."""
    return _DIMS.sub(lambda m: _t(shape, m.group(2)), text)


def _case(rng: random.Random, index: int, stale: int | None = None) -> tuple[str, tuple[int, ...]]:
    """A function (``@f<index>``) and its static shape; ``stale``: the op whose result is written
    with a size ``?`` (the static function otherwise: its arguments' types are static)."""
    rank = rng.randint(1, 3)
    shape = tuple(rng.randint(1, 6) for _ in range(rank))
    element = rng.choice(("f32", "f32", "f16"))
    args: list[Dims] = [tuple(None if rng.random() < 0.5 else d for d in shape) for _ in range(2)]
    if all(None not in a for a in args):
        args[0] = (None, *shape[1:])
    if stale is not None:
        args = [shape, shape]
    values: list[tuple[str, Dims, str]] = [("%a0", args[0], element), ("%a1", args[1], element)]
    lines = []
    for k in range(rng.randint(2, 7)):
        floats = [v for v in values if v[2] == element]
        name = f"%{k}"
        choice = rng.random()
        if choice < 0.45:
            op, (a, dims, _) = rng.choice(UNARY), rng.choice(floats)
            head, operands, result = f'"{op}"({a})', _t(dims, element), (dims, element)
        elif choice < 0.85 or k == 0:
            op = rng.choice(BINARY)
            (a, dims, _), (b, other, _) = rng.choice(floats), rng.choice(floats)
            head, operands = f'"{op}"({a}, {b})', f"{_t(dims, element)}, {_t(other, element)}"
            result = (dims, element)
        else:  # a comparison selects between two values of one type
            a, dims, _ = rng.choice(floats)
            same = [v for v in floats if v[1] == dims]
            b = rng.choice(same)[0]
            lines.append(
                f'  %c{k} = "arith.cmpf"({a}, {b}) <{{predicate = 2 : i64}}> : '
                f"({_t(dims, element)}, {_t(dims, element)}) -> {_t(dims, 'i1')}"
            )
            c = rng.choice(same)[0]
            head = f'"arith.select"(%c{k}, {a}, {c})'
            operands = f"{_t(dims, 'i1')}, {_t(dims, element)}, {_t(dims, element)}"
            result = (dims, element)
        if stale == k:
            result = (tuple(None if i == 0 else d for i, d in enumerate(result[0])), element)
        lines.append(f"  {name} = {head} : ({operands}) -> {_t(*result)}")
        values.append((name, *result))
    last = values[-1]
    returned = _t(shape, element) if stale is not None else _t(last[1], element)
    signature = f"(%a0: {_t(args[0], element)}, %a1: {_t(args[1], element)}) -> {returned}"
    body = "\n".join(lines)
    text = f"func.func @f{index}{signature} {{\n{body}\n  return {last[0]} : {_t(last[1], element)}\n}}\n"
    return text, shape


def _tool_errors(texts: list[str]) -> list[tuple[int, str]]:
    if _ir is None:
        raise AssertionError(f"iree.compiler is needed: {IREE_IMPORT_ERROR}")
    errors = []
    with _ir.Context() as ctx:
        for i, text in enumerate(texts):
            found = verdict(ctx, text)
            if found:
                errors.append((i, found[0][2]))
    return errors


def _functions(text: str) -> list[str]:
    return ["func.func" + part for part in text.split("func.func")[1:]]


def test_refine_writes_static_generic_functions_the_tool_accepts(tmp_path: Path) -> None:
    from tests.conftest import invoke

    rng = random.Random(SEED)
    cases = [_case(rng, i) for i in range(COUNT)]
    texts = [t for t, _ in cases]
    assert not _tool_errors(texts), "a generated case is invalid"
    source = tmp_path / "cases.mlir"
    source.write_text("\n".join(texts))
    elements = [t[t.index("f", t.index(": tensor<")) : t.index(">", t.index(": tensor<"))] for t in texts]
    args = [f"--arg=@f{i}:{j}={_t(shape, elements[i])}" for i, (_, shape) in enumerate(cases) for j in (0, 1)]
    result = invoke("refine", str(source), *args)
    assert result.code == 0, result.err
    refined = _functions(result.out)
    assert len(refined) == COUNT
    errors = _tool_errors(refined)
    exact = sum(1 for got, (t, shape) in zip(refined, cases, strict=True) if got.strip() == _static(t, shape).strip())
    print(f"\nrefine: {COUNT} generic functions, {COUNT - len(errors)} accepted by the tool, {exact} exactly static")
    assert not errors, errors[:5]
    assert exact == COUNT


def test_fix_writes_generic_functions_the_tool_accepts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.conftest import invoke

    rng = random.Random(SEED + 1)
    stale, right = [], []
    for i in range(COUNT):
        text, shape = _case(rng, i, stale=0)
        stale.append(text)
        right.append(_static(text, shape))
    rejected = _tool_errors(stale)
    assert len(rejected) == COUNT, "a stale case verifies"
    assert all("are incompatible with return type(s)" in m for _, m in rejected), rejected[:3]
    assert not _tool_errors(right)
    for i, text in enumerate(stale):
        (tmp_path / f"f{i}.mlir").write_text(text)
    monkeypatch.chdir(tmp_path)
    result = invoke("check", "--isolated", "--fix", "--output-format", "concise", ".")
    fixed = [(tmp_path / f"f{i}.mlir").read_text() for i in range(COUNT)]
    errors = _tool_errors(fixed)
    changed = sum(1 for a, b in zip(fixed, stale, strict=True) if a != b)
    exact = sum(1 for a, b in zip(fixed, right, strict=True) if a == b)
    print(f"\nfix: {COUNT} stale generic functions, {changed} fixed, {COUNT - len(errors)} accepted, {exact} exact")
    assert result.code == 0, result.out[-2000:]
    assert not errors, errors[:5]
    assert exact == COUNT
