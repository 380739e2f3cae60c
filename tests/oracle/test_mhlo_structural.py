"""Differential test: MHLO's mirrors of StableHLO's structural ops against jaxlib 0.10.2's MHLO.

The StableHLO campaigns' random cases, in the generic form, rewritten into MHLO: the op and
attribute names (``"mhlo.transpose"``, ``#mhlo.dot<...>``, ``#mhlo<precision HIGH>``,
``mhlo.return``) and MHLO's elements attributes for lists of dimensions (``dense<[1, 0]> :
tensor<2xi64>`` for ``array<i64: 1, 0>``); ``mhlo.constant``'s custom form as well. Three
families: data movement and constants, contractions and convolutions, reduce, gather and
scatter. Compared: the first error's message and line. MHLO words its ODS type and attribute
constraints apart from StableHLO (``must be ...``, ``failed to satisfy constraint``,
``invalid properties``): broadcheck passes such ops over, and must say nothing on them (they
are counted). ``mhlo.pad`` with paddings of different lengths is not drawn: MHLO reads past
the shorter ones, so its verdict changes from run to run. ``BROADCHECK_MHLO_CASES`` (default
3000), ``BROADCHECK_HLO_SEED``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

import pytest

from . import test_stablehlo_data as data
from .hlo_campaign import Case, Draw, run

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_MHLO_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

_ARRAY = re.compile(r"array<i64(?::\s*([^>]*))?>")
_GENERIC = re.compile(r'"stablehlo\.\w+"\(')
WORDED_APART = re.compile(r"must be |failed to satisfy constraint|invalid properties|has no custom assembly")
NON_NEGATIVE = "integer attribute whose value is non-negative"
MODELLED = re.compile(
    r"^attribute permutation must be a permutation|^'mhlo\.(constant|cholesky|batch_norm_\w+)' op (operand|result) #\d+ "
    r"must be |^'mhlo\.reshape' op result #0 must be |'precision_config' failed to satisfy|^'mhlo\.while' op operand "
    r"#\d+ must be .* but got 'tuple<|integer attribute whose value is non-negative$"
)
"""What MHLO words apart and broadcheck now says in MHLO's words (issue 29, hlomisc): compared."""


def to_mhlo(text: str) -> str | None:
    """A StableHLO case in MHLO's words, or ``None`` for a custom form MHLO does not share."""
    op_line = text.splitlines()[1]
    if not _GENERIC.search(op_line) and "stablehlo.constant dense" not in op_line:
        return None
    if "#stablehlo.bounds" in text or "!quant" in text:
        return None  # MHLO's bounds are #mhlo.type_extensions; jaxlib's context has no quant dialect
    if '"stablehlo.pad"' in op_line:
        lengths = {len((m.group(1) or "").split(",")) if m.group(1) else 0 for m in _ARRAY.finditer(op_line)}
        if len(lengths) > 1:
            return None  # MHLO's pad reads past the shorter paddings: its verdict is not stable

    def dense(m: re.Match[str]) -> str:
        items = [x.strip() for x in (m.group(1) or "").split(",") if x.strip()]
        return f"dense<[{', '.join(items)}]> : tensor<{len(items)}xi64>" if items else "dense<> : tensor<0xi64>"

    text = _ARRAY.sub(dense, text)
    return text.replace("stablehlo.", "mhlo.").replace("#stablehlo<", "#mhlo<")


def _context() -> Any:
    try:
        from jax._src.interpreters import mlir as jm
        from jaxlib.mlir.dialects import mhlo
    except ImportError as exc:  # pragma: no cover - depends on the environment
        pytest.fail(f"the MHLO campaign needs jax/jaxlib 0.10.2 ({exc}); run `make oracle`", pytrace=False)
    ctx = jm.make_ir_context()
    mhlo.register_mhlo_dialect(ctx)
    return ctx


def verdicts(cases: list[Case]) -> list[str]:
    from jaxlib.mlir import ir

    ctx = _context()
    out = []
    with ctx:
        for case in cases:
            try:
                ir.Module.parse(case.text)
            except ir.MLIRError as exc:
                diag = exc.error_diagnostics[0]
                m = re.search(r":(\d+):\d+\)$", str(diag.location))
                out.append(
                    str(diag.message) if m and m.group(1) == "2" else f"elsewhere: {diag.location}: {diag.message}"
                )
                continue
            out.append("ok")
    return out


def family(makers: list[Callable[[Draw, int], Case]], seed: int) -> list[Case]:
    draw = Draw(seed)
    cases: list[Case] = []
    i = 0
    while len(cases) < COUNT and i < COUNT * 20:
        made = makers[i % len(makers)](draw, i)
        text = to_mhlo(made.text)
        if text is not None:
            cases.append(Case(len(cases), "mhlo." + made.op, text))
        i += 1
    return cases


KINDS = [
    ("worded apart (passed over)", WORDED_APART.pattern),
    ("counts", r"operands, but found|requires a single operand|requires one result|results, but found|zero operands"),
    ("attributes", r"requires attribute|have same size"),
    ("element types", r"element type"),
    (
        "literal",
        r"elements literal|ranks are not consistent|decimal integer|integer elements|hex|out of range|i1 type|floating point|primitive",
    ),
    ("inferred", r"inferred (type|shape)"),
    ("shape rules", r"."),
]


def compare(title: str, cases: list[Case]) -> None:
    expected = verdicts(cases)
    # (MHLO words its non-negative integer attributes as StableHLO does: compared, not passed over)
    # (a float literal of more hexadecimal bits than its type is the parser's, in the same words: compared)
    apart = [i for i, v in enumerate(expected) if (WORDED_APART.search(v) and not v.endswith(NON_NEGATIVE)
             and not MODELLED.search(v)) or "hex data" in v
             or ("out of range" in v and not v.startswith("hexadecimal float constant out of range"))
             or "i1 type" in v or "floating point literal" in v or "primitive type" in v or "negative value" in v]  # fmt: skip
    for i in apart:
        expected[i] = "ok"  # broadcheck passes these over: it must say nothing
    run(title, cases, expected, KINDS, ["counts", "inferred", "shape rules"])
    print(f"{title}: {len(apart)} cases MHLO words apart (passed over, as required)")


def test_mhlo_data_and_constants() -> None:
    """MHLO's transpose, reshape, reverse, slice, iota, concatenate, dynamic_slice,
    dynamic_update_slice, pad, get_dimension_size and constant, against jaxlib."""
    makers = [data.data_case, data.constant_case]
    cases = [c for c in family(makers, SEED + 20) if c.op != "mhlo.broadcast"]
    assert len(cases) >= 2000
    compare("MHLO data movement and constants", cases)
