"""Differential campaign: ``broadcheck refine`` on TOSA functions against upstream MLIR's
``tosa-infer-shapes`` (issue 32), as torch-mlir's Python bindings ship it (``BROADCHECK_TORCH_PYTHON``:
an interpreter with ``torch_mlir``; the test fails, naming the variable, without it).

``bench/refine_static.generate_infer`` writes TOSA functions whose arguments have ``?`` sizes
(broadcasting elementwise ops, unary ops, ``reduce_*``, ``argmax``, ``transpose``, ``concat``,
``reshape`` to a ``tosa.const_shape`` with or without a ``-1``, ``slice`` with ``-1`` sizes,
``pad``, ``tile``, ``matmul``, ``conv2d``, ``max_pool2d``/``avg_pool2d``, ``greater`` + ``select``; result
types written with ``?`` where the batch reaches, now and then all ``?`` or unranked; and ops the pass
leaves as they are: ``tosa.custom``, ``tensor.cast``). broadcheck refines them with the static argument
types; torch-mlir runs the pass on the same functions with the same static argument types
(``tests/oracle/tosa_infer_pass.py``). Every type is compared: each op's results, and each
function's results (broadcheck rewrites the signature; the pass keeps it and casts before
``func.return``, so its side is the type of the value returned).

The two MLIRs spell some TOSA ops differently in their custom forms (iree-opt 3.13's
``tosa.const_shape values(...)``, ``transpose ... perms([...])``, ``concat``/``reduce_*`` ``axis(n)``;
torch-mlir's ``{values = ...}``, ``{perms = array<...>}``, ``{axis = n : i32}``, ``tosa.clamp %x {...}``);
their generic forms agree. So the text goes between them in the generic form, which iree-opt prints
(``--mlir-print-op-generic``) after verifying it; no syntax is converted here.

Outcomes per type: equal; broadcheck static where the pass leaves ``?`` (or unranked): reported as
"broadcheck infers more", and accepted only because iree-opt and torch-mlir both verify broadcheck's
output; anything else is a difference. Every diagnostic of broadcheck's is a problem, except the
refine-stops warning (BC1860) at a ``tosa.custom`` or a ``tensor.cast`` (the ops the pass leaves).
Knobs: ``BROADCHECK_REFINE_CASES`` (default 1000), ``BROADCHECK_ORACLE_SEED``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from tests.oracle.test_refine_tosa import COUNT, IREE_OPT, ROOT, SEED

pytestmark = pytest.mark.oracle

TORCH_PYTHON = os.environ.get("BROADCHECK_TORCH_PYTHON") or sys.executable
_TENSOR = re.compile(r"tensor<(?:\*x)?((?:[0-9?]+x)*)([^<>]+)>")


def generic(text: str) -> str:
    """``text`` verified by iree-opt and printed in the generic form (the test fails if it does not verify)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
    try:
        done = subprocess.run(
            [IREE_OPT, handle.name, "--mlir-print-op-generic"], capture_output=True, text=True, timeout=1200
        )
    finally:
        os.unlink(handle.name)
    assert done.returncode == 0, f"iree-opt rejects it: {done.stderr[:2000]}"
    return done.stdout


def shape(text: str) -> tuple[list[str] | None, str]:
    """(sizes, or ``None`` unranked; element type) of a tensor type's text."""
    found = _TENSOR.fullmatch(text)
    if found is None:
        return None, text
    return (None if text.startswith("tensor<*") else found.group(1).split("x")[:-1]), found.group(2)


def compare(ours: str, theirs: str) -> str:
    """``same``, ``more`` (ours is static where the pass's is ``?`` or unranked, else equal) or ``differ``."""
    if ours == theirs:
        return "same"
    (a, ea), (b, eb) = shape(ours), shape(theirs)
    if a is None or ea != eb:
        return "differ"
    if b is None:
        return "more"
    if len(a) == len(b) and all(p == q or q == "?" for p, q in zip(a, b, strict=True)):
        return "more"
    return "differ"


def pairs(name: str, ours: dict[str, list], theirs: dict[str, list]) -> list[tuple[str, str, str]]:
    """(where, broadcheck's type, the pass's type) of every refined type of function ``name``."""
    out = [(f"{name} argument {i}", a, b) for i, (a, b) in enumerate(zip(ours["args"], theirs["args"], strict=True))]
    assert [o[0] for o in ours["ops"]] == [o[0] for o in theirs["ops"]], name
    for i, ((op, a), (_, b)) in enumerate(zip(ours["ops"], theirs["ops"], strict=True)):
        out += [(f"{name} op {i} ({op}) result {j}", x, y) for j, (x, y) in enumerate(zip(a, b, strict=True))]
    out += [
        (f"{name} result {i}", a, b) for i, (a, b) in enumerate(zip(ours["results"], theirs["returns"], strict=True))
    ]
    out += [
        (f"{name} return {i}", a, b) for i, (a, b) in enumerate(zip(ours["returns"], theirs["returns"], strict=True))
    ]
    return out


def run_pass(text: str, static: dict[str, dict[int, str]], refined: str) -> dict:
    """The records of ``tests/oracle/tosa_infer_pass.py`` for the input and broadcheck's output."""
    request = json.dumps({"input": generic(text), "static": static, "refined": generic(refined)})
    done = subprocess.run(
        [TORCH_PYTHON, str(ROOT / "tests" / "oracle" / "tosa_infer_pass.py")],
        input=request,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    if "No module named 'torch_mlir'" in done.stderr:
        pytest.fail("needs torch-mlir (set BROADCHECK_TORCH_PYTHON) to run tosa-infer-shapes", pytrace=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def campaign(count: int, seed: int) -> dict[str, list[str] | int]:
    """The campaign's counts and lists: functions, types, ``same``/``more``/``differ``, problems."""
    sys.path.insert(0, str(ROOT))
    from bench.refine_static import generate_infer, module

    cases = generate_infer(count, seed)
    text = module([c[1] for c in cases])
    request = Request({(name, i): t for name, _, static in cases for i, t in static.items()})
    after, diagnostics, _ = refine_text("tosa_infer.mlir", text, request, Options())
    lines = after.splitlines()
    problems = [
        f"broadcheck: {d.line}: {d.severity}: {d.message} [{d.code}]"
        for d in diagnostics
        if not (d.code == "BC1860" and re.search(r'"tosa\.custom"|tensor\.cast', lines[d.line - 1]))
    ]
    stops = len(diagnostics) - len(problems)
    records = run_pass(text, {name: static for name, _, static in cases}, after)
    same, more, differ, dynamic = 0, [], [], 0
    for name, _, _ in cases:
        for where, a, b in pairs(name, records["ours"][name], records["pass"][name]):
            outcome = compare(a, b)
            if outcome == "same":
                same += 1
                dynamic += "?" in a or "*" in a
            elif outcome == "more":
                more.append(f"{where}: broadcheck {a}, tosa-infer-shapes {b}")
            else:
                differ.append(f"{where}: broadcheck {a}, tosa-infer-shapes {b}")
    return {
        "functions": len(cases),
        "types": same + len(more) + len(differ),
        "same": same,
        "same_dynamic": dynamic,
        "stops": stops,
        "more": more,
        "differ": differ,
        "problems": problems,
    }


def test_tosa_infer_shapes() -> None:
    """broadcheck's refined types are tosa-infer-shapes' (or more static, and then they verify)."""
    got = campaign(COUNT, SEED)
    more, differ, problems = got["more"], got["differ"], got["problems"]
    assert isinstance(more, list) and isinstance(differ, list) and isinstance(problems, list)
    print(
        f"\nrefine TOSA against tosa-infer-shapes: {got['functions']} functions, {got['types']} types compared, "
        f"{got['same']} the same ({got['same_dynamic']} of them left dynamic by both), {len(more)} more static "
        f"in broadcheck's (its output verifies with iree-opt and torch-mlir), {len(differ)} differences; "
        f"{got['stops']} refine-stops warnings at tosa.custom and tensor.cast"
    )
    for line in more[:10]:
        print("  more:", line)
    assert not differ and not problems, "\n".join([*differ[:30], *problems[:30]])
