"""Differential test: value flow and ``--fix`` against the real MLIR parser and verifiers.

Random functions of chained TOSA ops (equal ranks, broadcasting shapes) are written
with their correct types, then one of two faults is planted:

* **a stale result type**: one op's result type misses a broadcast (a dim is 1), and
  every later type is written as inferred from the stale one. The real tool rejects
  that op; broadcheck must report the same first error (message, line, column), and
  after ``--fix --unsafe-fixes`` the real tool must accept the file, and the diff must
  touch nothing but type text.
* **a use-def mismatch**: one operand's written type differs from its value's type.
  The real tool's parse error (``use of value '%v' expects different type than prior
  uses: ...``, line and column) must be broadcheck's first BC011.

The oracle is ``iree.compiler.ir`` from ``iree-base-compiler`` 3.13 (``make oracle``).
Knobs: ``BROADCHECK_ORACLE_CASES`` (functions per fault kind, default 2000) and
``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import os
import random
import re

import pytest

from broadcheck.engine.fix import apply, fixes_of, with_fixes
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.semantics import Profile

pytestmark = pytest.mark.oracle

try:
    from iree.compiler import ir
except ImportError:  # pragma: no cover - the test must fail, not skip, without its oracle
    ir = None

COUNT = int(os.environ.get("BROADCHECK_ORACLE_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_ORACLE_SEED", 20261122))
BINARY = ("tosa.add", "tosa.sub", "tosa.maximum", "tosa.minimum")
_LOC = re.compile(r'loc\("-":(\d+):(\d+)\)')
_TYPE = re.compile(r"tensor<[^>]*>")


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def _broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(max(x, y) for x, y in zip(a, b, strict=True))


def _compatible(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x == y or 1 in (x, y) for x, y in zip(a, b, strict=True))


def _program(rng: random.Random, stale: bool) -> tuple[str, str | None]:
    """A function, and the function as it should be: with ``stale``, one op's result type
    misses a broadcast and every later type follows from it; the second text is ``None``
    when the right types cannot be written (an operand pair then does not broadcast)."""
    rank = rng.randint(1, 3)
    args = [tuple(rng.choice((1, 1, 2, 3, 4)) for _ in range(rank)) for _ in range(rng.randint(2, 4))]
    ops = rng.randint(2, 6)
    # Choose the ops in the stale world: (kind, operand indices), and the shapes they give.
    stale_shapes: list[tuple[int, ...]] = list(args)
    chosen: list[tuple[str, tuple[int, ...]]] = []
    planted = rng.randrange(ops) if stale else -1
    for i in range(ops):
        a = rng.randrange(len(stale_shapes))
        if rng.random() < 0.2:
            chosen.append(("tosa.abs", (a,)))
            stale_shapes.append(stale_shapes[a])
            continue
        b = rng.choice([k for k, v in enumerate(stale_shapes) if _compatible(stale_shapes[a], v)])
        shape = _broadcast(stale_shapes[a], stale_shapes[b])
        if i == planted:
            wide = [j for j, d in enumerate(shape) if d > 1]
            if wide:
                j = rng.choice(wide)
                shape = (*shape[:j], 1, *shape[j + 1 :])
        chosen.append((rng.choice(BINARY), (a, b)))
        stale_shapes.append(shape)

    def render(shapes: list[tuple[int, ...]]) -> str:
        body = []
        for i, (op, operands) in enumerate(chosen):
            names = ", ".join(f"%arg{k}" if k < len(args) else f"%{k - len(args)}" for k in operands)
            types = ", ".join(_t(shapes[k]) for k in operands)
            body.append(f"  %{i} = {op} {names} : ({types}) -> {_t(shapes[len(args) + i])}")
        header = "func.func @f(" + ", ".join(f"%arg{k}: {_t(s)}" for k, s in enumerate(args))
        last = shapes[-1]
        return "\n".join([f"{header}) -> {_t(last)} {{", *body, f"  return %{ops - 1} : {_t(last)}", "}", ""])

    right: list[tuple[int, ...]] | None = list(args)
    for _op, operands in chosen:
        shapes = [right[k] for k in operands]
        if len(shapes) == 2 and not _compatible(*shapes):
            right = None
            break
        right.append(shapes[0] if len(shapes) == 1 else _broadcast(*shapes))
    return render(stale_shapes), (render(right) if right is not None else None)


def _oracle(text: str) -> tuple[int, int, str] | None:
    assert ir is not None, "iree-base-compiler is missing: run `make oracle`"
    ctx = ir.Context()
    try:
        ir.Module.parse(text, ctx)
    except ir.MLIRError as err:
        d = err.error_diagnostics[0]
        m = _LOC.search(str(d.location))
        assert m is not None
        return int(m.group(1)), int(m.group(2)), d.message
    return None


def _check(text: str) -> list[tuple[int, int, str, str]]:
    options = Options(Profile.LLVM)
    result = check_text("f.mlir", text, options)
    return [(d.line, d.column, d.message, d.code) for d in result.diagnostics]


def test_stale_result_types_are_found_and_fixed() -> None:
    rng = random.Random(SEED)
    planted = fixed = unfixable = 0
    for case in range(COUNT):
        text, right = _program(rng, stale=True)
        expected = _oracle(text)
        ours = _check(text)
        if expected is None:  # the plant changed nothing the verifier sees
            assert not [d for d in ours if d[3] != "BC110"], f"case {case}: the tool accepts\n{text}\n{ours}"
            continue
        planted += 1
        assert (expected[0], expected[1], expected[2]) == ours[0][:3], f"case {case}:\n{text}\n{expected}\n{ours}"
        options = Options(Profile.LLVM)
        found = check_text("f.mlir", text, options).diagnostics
        diagnostics = with_fixes(text, found, options)
        after = apply(text, fixes_of(diagnostics, unsafe=True), unsafe=True)
        if right is None:  # the right types do not verify either: no fix, nothing written
            unfixable += 1
            assert after == text, f"case {case}: a fix where none verifies\n{text}\n{after}"
            continue
        fixed += 1
        assert after == right, f"case {case}: the fix is not the right types\n{text}\n{after}\n{right}"
        assert _oracle(after) is None, f"case {case}: the fixed file is rejected\n{after}\n{_oracle(after)}"
        for old, new in zip(text.split("\n"), after.split("\n"), strict=True):
            assert _TYPE.sub("T", old) == _TYPE.sub("T", new), f"case {case}: more than types changed\n{old}\n{new}"
    print(
        f"stale result types: {COUNT} functions, {planted} rejected by the tool: {fixed} fixed to exactly the "
        f"right types and accepted, {unfixable} with no fix (the right types do not verify either)"
    )
    assert planted > COUNT // 3


def test_use_def_mismatches_match_the_parser() -> None:
    rng = random.Random(SEED + 1)
    compared = 0
    for case in range(COUNT):
        text, _ = _program(rng, stale=False)
        lines = text.split("\n")
        candidates = [i for i, line in enumerate(lines) if " : (" in line and "tosa." in line]
        i = rng.choice(candidates)
        types = list(_TYPE.finditer(lines[i].split(" : ", 1)[1]))
        offset = lines[i].index(" : ") + 3
        target = rng.choice(types[:-1])  # an operand's type
        wrong = "tensor<7x" + target.group()[len("tensor<") :]
        lines[i] = lines[i][: offset + target.start()] + wrong + lines[i][offset + target.end() :]
        planted = "\n".join(lines)
        expected = _oracle(planted)
        assert expected is not None and "expects different type than prior uses" in expected[2]
        ours = [d for d in _check(planted) if d[3] == "BC011"]
        assert ours and ours[0][:3] == expected, f"case {case}:\n{planted}\n{expected}\n{ours}"
        compared += 1
    print(f"use-def mismatches: {compared} planted, {compared} agree with the parser (message, line, column)")
