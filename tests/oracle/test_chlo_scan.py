"""Differential test: ``chlo.scan`` (generic form) against iree-base-compiler 3.13 (issue 29, task hlo).

Random generic forms: 0-2 inputs and 0-2 inits, a scan dimension (0 or 1), the inputs of one size there
(now and then another, a dynamic one, an unranked input, a dimension past an input's rank), a
``scan_dim_size`` now and then (equal or not), one body argument per operand of its type (an input's
without the scan dimension; now and then one more or fewer, or another element type or size), a body
returning its outputs then its carries (now and then a value fewer), results of the inferred shapes
(now and then another size, rank or element type: only shapes are compared). The custom form is passed
over (which operands are inits is not read). ``BROADCHECK_SCAN_CASES`` (default 2000),
``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os
import re

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_SCAN_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261129))

KINDS = [
    ("no values", r"at least one of inputs or outputs"),
    ("unranked", r"is not ranked"),
    ("dimension", r"out of bounds|invalid scan dimension size"),
    ("body arguments", r"arguments in the body"),
    ("argument types", r"are incompatible$"),
    ("returns", r"must return at least"),
    ("inferred", r"inferred type"),
]


def scan_case(draw: Draw, index: int) -> Case:
    """One generic ``chlo.scan`` (see the module's docstring)."""
    e = draw.pick(["f32", "i32"])
    dim = draw.pick([0, 0, 1])
    size = draw.pick([2, 3, 4])
    n_inputs, n_inits = draw.pick([0, 1, 1, 2]), draw.pick([0, 1, 1, 2])
    inputs: list[tuple[int | None, ...] | None] = []
    for _ in range(n_inputs):
        rest = list(draw.shape(draw.pick([0, 1, 1, 2]), 0.1))
        shape = [*rest[:dim], size, *rest[dim:]] if dim <= len(rest) else [size, *rest]
        r = draw.rng.random()
        if r < 0.05:
            shape[min(dim, len(shape) - 1)] = None
        elif r < 0.09:
            shape[min(dim, len(shape) - 1)] = size + 1
        elif r < 0.11:
            shape = shape[:dim]
        inputs.append(tuple(shape) if not draw.chance(0.02) else None)
    inits = [draw.shape(draw.pick([0, 1, 1, 2]), 0.1) for _ in range(n_inits)]
    elements = [e] * n_inputs + [draw.pick([e, "f32"]) for _ in range(n_inits)]
    operand_types = [tensor(s, el) for s, el in zip([*inputs, *inits], elements, strict=True)]
    args: list[str] = []
    for i, s in enumerate(inputs):
        if s is None or dim >= len(s):
            args.append(tensor((2,), e))
        else:
            args.append(tensor(s[:dim] + s[dim + 1 :], elements[i]))
    args += [tensor(s, el) for s, el in zip(inits, elements[n_inputs:], strict=True)]
    if args and draw.chance(0.08):
        i = draw.int(0, len(args) - 1)
        args[i] = draw.pick([args[i].replace(e, "f16"), tensor((7,), e)])
    if draw.chance(0.04):
        args = args[:-1] if args and draw.chance(0.5) else [*args, tensor((), e)]
    names = [f"%b{i}" for i in range(len(args))]
    n_outputs = draw.pick([0, 1, 1, 2]) if n_inputs else draw.pick([0, 1])
    returned: list[tuple[str, str]] = []
    # (an output of a rank below the scan dimension: iree inserts the size past its end, reading garbage)
    deep = [i for i, t in enumerate(args) if len(_shape_of(t)) >= dim]
    for _ in range(n_outputs if deep else 0):
        src = draw.pick(deep)
        returned.append((names[src], args[src]))
    for k in range(n_inits):
        j = n_inputs + k
        returned.append((names[j], args[j]) if j < len(args) else ("", ""))
    if any(not v for v, _ in returned) or not deep:
        returned = [(v, t) for v, t in returned if v]
        n_outputs = max(len(returned) - n_inits, 0)
    if returned and draw.chance(0.04):
        returned = returned[:-1]
    scan_size: int | None = None
    attrs = [f"dimension = {dim} : i64"]
    if draw.chance(0.15):
        scan_size = draw.pick([size, size, size + 1])
        attrs.append(f"scan_dim_size = {scan_size} : i64")
    first = next((s[dim] for s in inputs if s is not None and dim < len(s) and s[dim] is not None), None)
    out_size = scan_size if scan_size is not None else first
    results: list[str] = []
    for _, t in returned[: n_outputs if len(returned) >= n_inits else 0]:
        shape = _shape_of(t)
        results.append(tensor((*shape[:dim], out_size, *shape[dim:]) if dim <= len(shape) else shape, _el(t)))
    results += [t for _, t in returned[len(results) :]]
    if results and draw.chance(0.12):
        i = draw.int(0, len(results) - 1)
        results[i] = draw.pick([tensor((9,), "f32"), results[i].replace("f32", "i32").replace("xi32", "xf32")])
    n_res_outputs = max(len(results) - n_inits, 0)
    if len(results) < n_inits:
        results += [tensor((), e)] * (n_inits - len(results))
        n_res_outputs = 0
    attrs.append(f"operandSegmentSizes = array<i32: {n_inputs}, {n_inits}>")
    attrs.append(f"resultSegmentSizes = array<i32: {n_res_outputs}, {n_inits}>")
    operand_names = [f"%a{i}" for i in range(len(operand_types))]
    fargs = ", ".join(f"{n}: {t}" for n, t in zip(operand_names, operand_types, strict=True))
    labels = ", ".join(f"{n}: {t}" for n, t in zip(names, args, strict=True))
    ret_values = ", ".join(v for v, _ in returned)
    ret_types = ", ".join(t for _, t in returned)
    head = f"%0:{len(results)} = " if len(results) > 1 else "%0 = " if results else ""
    result_text = results[0] if len(results) == 1 else f"({', '.join(results)})"
    lines = [
        f"func.func @f({fargs}) {{",
        f'  {head}"chlo.scan"({", ".join(operand_names)}) <{{{", ".join(attrs)}}}> ({{',
        f"  ^bb0({labels}):",
        f'    "stablehlo.return"({ret_values}) : ({ret_types}) -> ()',
        f"  }}) : ({', '.join(operand_types)}) -> {result_text}",
        "  return",
        "}",
    ]
    return Case(index, "chlo.scan", "\n".join(lines) + "\n")


def _shape_of(t: str) -> tuple[int | None, ...]:
    dims = t[len("tensor<") : -1].split("x")[:-1]
    return tuple(None if d == "?" else int(d) for d in dims)


def _el(t: str) -> str:
    return t[len("tensor<") : -1].split("x")[-1]


def test_chlo_scan() -> None:
    """``chlo.scan``'s generic form against iree-base-compiler 3.13."""
    draw = Draw(SEED + 90)
    cases = [scan_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    run("chlo.scan", cases, oracle(cases), KINDS, [k for k, _ in KINDS])


def test_mhlo_scan() -> None:
    """``mhlo.scan``'s generic form (the same cases, in MHLO's words) against jaxlib 0.10.2."""
    from .test_mhlo_structural import verdicts

    draw = Draw(SEED + 91)
    cases = []
    for i in range(COUNT):
        made = scan_case(draw, i)
        text = made.text.replace('"chlo.scan"', '"mhlo.scan"').replace('"stablehlo.return"', '"mhlo.return"')
        cases.append(Case(i, "mhlo.scan", text))
    expected = verdicts(cases)
    # (MHLO words its result constraints itself: passed over, as an unranked result is)
    apart = sum(1 for v in expected if "result #" in v and "must be" in v)
    expected = ["ok" if "result #" in v and "must be" in v else v for v in expected]
    kinds = [("type constraint", r"#\d+ must be "), *KINDS]
    run("mhlo.scan", cases, expected, kinds, ["type constraint", "dimension", "body arguments", "inferred"])
    print(f"mhlo.scan: {apart} cases MHLO words apart (passed over, as required)")


_GENERIC = re.compile(
    r'"chlo\.scan"\(([^)]*)\) <\{dimension = (\d+) : i64(?:, scan_dim_size = (\d+) : i64)?, '
    r"operandSegmentSizes = array<i32: (\d+), (\d+)>, resultSegmentSizes = array<i32: \d+, \d+>\}> \(\{"
)


def to_custom(text: str) -> str:
    """A generic case in the custom form ``chlo.scan (%x) inits (%c) dimension = 0 attributes {...} {``."""
    m = _GENERIC.search(text)
    assert m is not None, text
    names = [n.strip() for n in m.group(1).split(",") if n.strip()]
    inputs = int(m.group(4))
    extra = f" attributes {{scan_dim_size = {m.group(3)} : i64}}" if m.group(3) else ""
    head = f"chlo.scan ({', '.join(names[:inputs])}) inits ({', '.join(names[inputs:])}) dimension = {m.group(2)}{extra} {{"
    return (text[: m.start()] + head + text[m.end() :]).replace("\n  }) : (", "\n  } : (")


def test_chlo_scan_custom() -> None:
    """``chlo.scan``'s custom form (the generic cases rewritten) against iree-base-compiler 3.13."""
    draw = Draw(SEED + 92)
    cases = []
    for i in range(COUNT):
        made = scan_case(draw, i)
        cases.append(Case(i, "chlo.scan", to_custom(made.text)))
    run("chlo.scan (custom form)", cases, oracle(cases), KINDS, [k for k, _ in KINDS])
