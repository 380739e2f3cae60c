"""Differential test: the StableHLO, CHLO and MHLO ops first checked in issue 29 (hlo) against the real tools.

Two families, each at least 2,000 random cases (``BROADCHECK_LEGACY_CASES``, default 3000;
``BROADCHECK_HLO_SEED``), one op per module, in the generic form (and ``chlo.constant``'s custom
form):

* ``stablehlo``, against iree-base-compiler 3.13: ``cross-replica-sum``, ``torch_index_select``,
  ``async_done``, ``chlo.constant``, ``chlo.constant_like``;
* ``mhlo``, against jaxlib 0.10.2's MHLO: the same two ops on their way out, MHLO's ``bitcast``,
  ``trace``, ``copy``, ``domain``, ``add_dependency``, ``xla.rng_get_and_update_state``, and the
  twins of StableHLO's token and host ops (``create_token``, ``after_all``, ``replica_id``,
  ``partition_id``, ``outfeed``, ``send``, ``infeed``, ``recv``, ``rng_bit_generator``,
  ``uniform_quantize``, ``uniform_dequantize``, ``einsum``, ``optimization_barrier``), whose
  checks are StableHLO's with MHLO's token; ``rng``, ``topk``, ``minimum_broadcast_shapes`` and
  ``dynamic_iota``.

The draws mix right and wrong operand and result counts, tensor shapes and element types,
unranked tensors, tokens of either dialect, scalars, and present, absent or mistyped attributes.
Compared: the first error's message and line. Tuples and quantized types are not drawn (jaxlib's
context has no quant dialect; MHLO's ``copy`` of a tuple is passed over). Also: each chunk of
tests/fixtures/mhlo_legacy.mlir gets from jaxlib exactly the errors it expects.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

import pytest

from .hlo_campaign import Case, Draw, oracle, run
from .test_mhlo_structural import verdicts

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_LEGACY_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))

ELEMENTS = ("f32", "f16", "i32", "ui32", "ui64", "i64", "i1", "complex<f32>")
KINDS = [
    ("ods types", r"must be "),
    ("counts", r"requires (a single operand|one result|zero|attribute)|expected \d+ operands"),
    ("attributes", r"failed to satisfy constraint"),
    ("compatible", r"compatible types|same shape|non-scalar|same type for operand"),
    ("inferred", r"inferred type"),
    ("verifier", r"."),
]


class Types:
    """Random types in one dialect's words."""

    def __init__(self, draw: Draw, dialect: str) -> None:
        self.draw = draw
        self.token = f"!{dialect}.token"
        self.other_token = "!stablehlo.token" if dialect == "mhlo" else None

    def tensor(self, element: str | None = None, rank: int | None = None, unranked: float = 0.05) -> str:
        d = self.draw
        element = element or d.pick(ELEMENTS)
        if d.chance(unranked):
            return f"tensor<*x{element}>"
        rank = d.int(0, 2) if rank is None else rank
        dims = "".join(f"{d.pick(['1', '2', '2', '3', '?'])}x" for _ in range(rank))
        return f"tensor<{dims}{element}>"

    def like(self, t: str) -> str:
        """``t``, or (now and then) ``t`` changed: another shape, element type or kind."""
        d = self.draw
        if not d.chance(0.35) or not t.startswith("tensor<"):
            return t if not d.chance(0.15) else self.any()
        m = re.fullmatch(r"tensor<((?:[0-9?*]+x)*)(.+)>", t)
        assert m is not None
        dims, element = m.group(1), m.group(2)
        choice = d.int(0, 3)
        if choice == 0:
            return f"tensor<{dims}{d.pick(ELEMENTS)}>"
        if choice == 1:
            return self.tensor(element)
        if choice == 2:
            return f"tensor<{dims.replace('2', '?', 1) if '2' in dims else dims}{element}>"
        return self.any()

    def any(self) -> str:
        d = self.draw
        pick = d.int(0, 9)
        if pick == 0:
            return self.token
        if pick == 1 and self.other_token is not None:
            return self.other_token
        if pick == 2:
            return d.pick(["f32", "i32"])
        return self.tensor()


def _module(operands: list[str], op: str, results: list[str], attrs: str = "") -> str:
    names = [f"%a{i}" for i in range(len(operands))]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, operands, strict=True))
    lhs = "" if not results else ("%r = " if len(results) == 1 else f"%r:{len(results)} = ")
    res = results[0] if len(results) == 1 and not results[0].startswith("(") else f"({', '.join(results)})"
    sig = f"({', '.join(operands)}) -> {res}"
    line = f'{lhs}"{op}"({", ".join(names)}){attrs} : {sig}'
    return f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"


def _attrs(draw: Draw, spec: dict[str, tuple[str, str]]) -> str:
    """An attribute dictionary: each attribute present (mostly), right (mostly) or of another kind."""
    parts = []
    for name, (right, wrong) in spec.items():
        if draw.chance(0.08):
            continue
        parts.append(f"{name} = {right if draw.chance(0.88) else wrong}")
    return " {" + ", ".join(parts) + "}" if parts else ""


def _count(draw: Draw, n: int) -> int:
    return n if draw.chance(0.9) else max(0, n + draw.pick([-1, 1]))


I64 = ("0 : i64", "1 : i32")
GROUPS = ("dense<[[0, 1]]> : tensor<1x2xi64>", "dense<[[0, 1]]> : tensor<1x2xi32>")
STRING = ('"x"', "1 : i32")


def _unary_tensor(draw: Draw, ty: Types, op: str, attrs: dict[str, tuple[str, str]], operands: int = 1) -> str:
    base = ty.tensor()
    ops = [ty.like(base) for _ in range(_count(draw, operands))]
    results = [ty.like(base) for _ in range(_count(draw, 1))]
    return _module(ops, op, results, _attrs(draw, attrs))


def stablehlo_case(draw: Draw, i: int) -> Case:
    """A StableHLO or CHLO case of the family (iree)."""
    ty = Types(draw, "stablehlo")
    which = i % 6
    if which == 0:
        return Case(
            i,
            "stablehlo.cross-replica-sum",
            _unary_tensor(draw, ty, "stablehlo.cross-replica-sum", {"replica_groups": GROUPS}),
        )
    if which == 1:
        text = _unary_tensor(draw, ty, "stablehlo.torch_index_select", {"dim": I64, "batch_dims": I64}, operands=2)
        return Case(i, "stablehlo.torch_index_select", text)
    if which == 2:
        inner = ty.tensor(unranked=0.0)
        future = (
            f"!stablehlo.future<{inner}>"
            if draw.chance(0.85)
            else f"!stablehlo.future<{inner}, {ty.tensor(unranked=0.0)}>"
        )
        operand = future if draw.chance(0.9) else ty.any()
        result = ty.like(inner)
        return Case(i, "stablehlo.async_done", _module([operand], "stablehlo.async_done", [result]))
    if which == 3:
        element = draw.pick(["f32", "i32", "i1", "f16"])
        shape = draw.pick([[2], [1, 3], [], [3]])
        literal = {"f32": "1.5", "f16": "2.0", "i32": "3", "i1": "true"}[element]
        t = f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"
        value = f"dense<{literal}> : {t}"
        result = ty.like(t) if draw.chance(0.5) else t
        if draw.chance(0.3):
            line = f"%r = chlo.constant {value}"
            text = f"func.func @f() {{\n  {line}\n  return\n}}\n"
        else:
            attrs = f" {{value = {value}}}" if draw.chance(0.92) else ""
            text = f'func.func @f() {{\n  %r = "chlo.constant"(){attrs} : () -> {result}\n  return\n}}\n'
        return Case(i, "chlo.constant", text)
    # chlo.constant_like
    base = ty.tensor(unranked=0.1)
    operand = ty.like(base)
    m = re.search(r"x?([a-z][\w<>]*)>$", base)
    element = m.group(1) if m else "f32"
    result = ty.like(base)
    typed = {"f32": "1.0 : f32", "f16": "1.0 : f16", "i32": "1 : i32", "ui32": "1 : ui32", "i64": "1",
             "ui64": "1 : ui64", "i1": "true"}.get(element, "1.0 : f32")  # fmt: skip
    value = typed if draw.chance(0.7) else draw.pick(["1.0 : f32", "2 : i32", "1.0", "dense<1> : tensor<i32>"])
    attrs = f" {{value = {value}}}" if draw.chance(0.93) else ""
    return Case(i, "chlo.constant_like", _module([operand], "chlo.constant_like", [result], attrs))


def _channel(draw: Draw) -> str:
    """``send``'s and ``recv``'s channel handle (mostly there) and host transfer flag (now and then)."""
    parts = []
    if draw.chance(0.92):
        parts.append(f"channel_handle = #mhlo.channel_handle<handle = 1, type = {draw.pick([1, 1, 2, 3])}>")
    if draw.chance(0.3):
        parts.append(f"is_host_transfer = {draw.pick(['true', 'false'])}")
    return " {" + ", ".join(parts) + "}" if parts else ""


def _with_element(t: str, element: str) -> str:
    """``t`` (a tensor type) with another element type."""
    m = re.fullmatch(r"tensor<((?:[0-9?*]+x)*)(.+)>", t)
    return t if m is None else f"tensor<{m.group(1)}{element}>"


def _rng(draw: Draw, ty: Types) -> tuple[list[str], str, list[str], str]:
    """``mhlo.rng``: two 0-D bounds, a 1-D shape operand, its distribution (its sizes unknown: a function argument)."""
    element = draw.pick(["f32", "i32", "f16", "i1"])
    a = ty.like(f"tensor<{element}>") if draw.chance(0.8) else ty.tensor()
    b = ty.like(f"tensor<{element}>")
    n = draw.int(0, 3)
    shape = draw.pick([f"tensor<{n}xi64>", f"tensor<{n}xindex>", f"tensor<{n}xi32>", ty.tensor()])
    result = ty.tensor(element, rank=n) if draw.chance(0.7) else ty.like(ty.tensor(element))
    distribution = draw.pick(["UNIFORM", "NORMAL"])
    attrs = f" {{rng_distribution = #mhlo.rng_distribution<{distribution}>}}" if draw.chance(0.93) else ""
    return [a, b, shape], "rng", [result], attrs


def mhlo_case(draw: Draw, i: int) -> Case:
    """An MHLO case of the family (jaxlib)."""
    ty = Types(draw, "mhlo")
    t = ty.token
    ops: list[Callable[[], tuple[list[str], str, list[str], str]]] = [
        lambda: (
            [ty.like(b := ty.tensor())],
            "cross-replica-sum",
            [ty.like(b)],
            _attrs(draw, {"replica_groups": GROUPS}),
        ),
        lambda: (
            [ty.like(b := ty.tensor()) for _ in range(_count(draw, 2))],
            "torch_index_select",
            [ty.like(b)],
            _attrs(draw, {"dim": I64, "batch_dims": I64}),
        ),
        lambda: ([ty.like(ty.tensor())], "bitcast", [ty.tensor() if draw.chance(0.8) else ty.any()], ""),
        lambda: (
            [ty.like(ty.tensor())],
            "trace",
            [] if draw.chance(0.85) else [ty.tensor()],
            _attrs(draw, {"tag": STRING}),
        ),
        lambda: ([ty.like(b := draw.pick([ty.tensor(), t]))], "copy", [ty.like(b)], ""),
        lambda: (
            [ty.like(b := draw.pick([ty.tensor(), t]))],
            "domain",
            [ty.like(b)],
            _attrs(
                draw,
                {
                    "kind": ("#mhlo<kind sharding>", "#mhlo<kind sharding>"),
                    "entry_metadata": STRING,
                    "exit_metadata": STRING,
                },
            ),
        ),
        lambda: (
            [
                ty.like(b := draw.pick([ty.tensor(), t, "!stablehlo.token"])),
                draw.pick([t, t, "!stablehlo.token", ty.tensor()]),
            ],
            "add_dependency",
            [ty.like(b)],
            "",
        ),
        lambda: (
            [],
            "xla.rng_get_and_update_state",
            [draw.pick(["tensor<2xui64>", "tensor<2xui64>", ty.tensor("ui64"), ty.tensor()])],
            _attrs(draw, {"delta": I64}),
        ),
        lambda: ([], "create_token", [draw.pick([t, t, ty.any()])], ""),
        lambda: (
            [draw.pick([t, t, t, ty.any()]) for _ in range(draw.int(0, 3))],
            "after_all",
            [draw.pick([t, t, ty.any()])],
            "",
        ),
        lambda: (
            [],
            draw.pick(["replica_id", "partition_id"]),
            [draw.pick(["tensor<ui32>", "tensor<ui32>", ty.tensor("ui32"), ty.tensor()])],
            "",
        ),
        lambda: (
            [*(ty.tensor() for _ in range(draw.int(0, 2))), draw.pick([t, t, ty.any()])],
            "outfeed",
            [draw.pick([t, t, ty.any()])],
            "",
        ),
        lambda: (
            [*(ty.tensor() for _ in range(draw.int(0, 2))), draw.pick([t, t, ty.any()])],
            "send",
            [draw.pick([t, t, ty.any()])],
            _channel(draw),
        ),
        lambda: (
            [draw.pick([t, t, ty.any()])],
            "infeed",
            [*(ty.tensor() for _ in range(draw.int(0, 2))), draw.pick([t, t, ty.any()])],
            "",
        ),
        lambda: (
            [draw.pick([t, t, ty.any()])],
            "recv",
            [*(ty.tensor() for _ in range(draw.int(0, 2))), draw.pick([t, t, ty.any()])],
            _channel(draw),
        ),
        lambda: (
            [b := ty.tensor(draw.pick(["ui64", "i64", "f32"]))],
            "rng_bit_generator",
            [ty.like(b), ty.tensor(unranked=0.0)],
            _attrs(draw, {"rng_algorithm": ("#mhlo.rng_algorithm<PHILOX>", "#mhlo.rng_algorithm<DEFAULT>")}),
        ),
        lambda: ([ty.tensor()], draw.pick(["uniform_quantize", "uniform_dequantize"]), [ty.tensor()], ""),
        lambda: (
            [ty.like(b := ty.tensor()) for _ in range(_count(draw, 2))],
            "einsum",
            [ty.like(b)],
            _attrs(draw, {"einsum_config": ('"ab,bc->ac"', '"ab,bc->ac"')}),
        ),
        lambda: (
            ops_ := [draw.pick([ty.tensor(), t]) for _ in range(draw.int(1, 3))],
            "optimization_barrier",
            [ty.like(x) for x in ops_[: _count(draw, len(ops_))]],
            "",
        ),
        lambda: _rng(draw, ty),
        lambda: (
            [b := ty.like(ty.tensor(unranked=0.02))],
            "topk",
            [ty.like(b), ty.like(_with_element(b, "i32"))],
            _attrs(draw, {"k": (str(draw.int(1, 3)) + " : i64", "2 : i32")}),
        ),
        lambda: (
            [
                draw.pick(["tensor<2xindex>", "tensor<?xindex>", "tensor<1xindex>", ty.tensor()])
                for _ in range(draw.int(1, 3))
            ],
            "minimum_broadcast_shapes",
            [
                draw.pick(["tensor<?xindex>", "tensor<?xindex>", "tensor<3xindex>", ty.tensor()])
                for _ in range(draw.int(1, 3))
            ],
            "",
        ),
        lambda: (
            [draw.pick(["tensor<2xi64>", "tensor<1xindex>", "tensor<?xi32>", ty.tensor()])],
            "dynamic_iota",
            [ty.tensor()],
            f" {{iota_dimension = {draw.int(0, 2)} : i64}}" if draw.chance(0.92) else "",
        ),
    ]
    operands, name, results, attrs = ops[i % len(ops)]()
    return Case(i, f"mhlo.{name}", _module(operands, f"mhlo.{name}", results, attrs))


def _cases(maker: Callable[[Draw, int], Case], seed: int) -> list[Case]:
    draw = Draw(seed)
    return [maker(draw, i) for i in range(COUNT)]


def test_stablehlo_and_chlo_legacy_ops() -> None:
    """cross-replica-sum, torch_index_select, async_done, chlo.constant and constant_like against iree 3.13."""
    cases = _cases(stablehlo_case, SEED + 70)
    assert len(cases) >= min(COUNT, 2000)  # (2,000 at least unless BROADCHECK_LEGACY_CASES says fewer)
    run("StableHLO/CHLO legacy ops", cases, oracle(cases), KINDS, ["ok", "ods types", "inferred", "compatible"])


def test_mhlo_legacy_and_io_ops() -> None:
    """MHLO's own small ops and the twins of StableHLO's token and host ops against jaxlib 0.10.2."""
    cases = _cases(mhlo_case, SEED + 71)
    assert len(cases) >= min(COUNT, 2000)  # (2,000 at least unless BROADCHECK_LEGACY_CASES says fewer)
    run(
        "MHLO legacy and io ops",
        cases,
        verdicts(cases),
        KINDS,
        ["ok", "ods types", "attributes", "compatible", "verifier"],
    )


FIXTURE = os.path.join(os.path.dirname(__file__), os.pardir, "fixtures", "mhlo_legacy.mlir")


def test_mhlo_legacy_fixture_is_jaxlib_s() -> None:
    """Each chunk of tests/fixtures/mhlo_legacy.mlir gets from jaxlib exactly the errors it expects."""
    from jaxlib.mlir import ir

    from .test_mhlo_structural import _context

    with open(FIXTURE, encoding="utf-8") as f:
        text = f.read()
    ctx = _context()
    for chunk in text.split("// -----"):
        lines = chunk.splitlines()
        expected = []
        for n, line in enumerate(lines, 1):
            m = re.search(r"expected-error @\+(\d+) \{\{(.*)\}\}", line)
            if m:
                expected.append((n + int(m.group(1)), m.group(2)))
        got = []
        with ctx:
            try:
                ir.Module.parse(chunk)
            except ir.MLIRError as exc:
                for diag in exc.error_diagnostics:
                    loc = re.search(r":(\d+):\d+\)$", str(diag.location))
                    got.append((int(loc.group(1)) if loc else 0, str(diag.message)))
        assert sorted(got) == sorted(expected), chunk


def _quant(draw: Draw) -> str:
    storage = draw.pick(["i8", "u8", "i4", "i16", "i8"])
    expressed = draw.pick(["f32", "f32", "bf16", "f16"])
    scale = draw.pick(["1.0", "2.0", "0.5"])
    zero = draw.pick(["0", "3", "-2"]) if not storage.startswith("u") else draw.pick(["0", "3"])
    return f"!quant.uniform<{storage}:{expressed}, {scale}:{zero}>"


def quantized_case(draw: Draw, i: int) -> Case:
    """``maximum`` of per-tensor quantized tensors, every type drawn apart (now and then one shape apart)."""
    shape = draw.pick(["2x", "1x", "", "2x3x"])
    types = [f"tensor<{shape if not draw.chance(0.08) else '3x'}{_quant(draw)}>" for _ in range(3)]
    if draw.chance(0.5):
        types[1] = types[0]
    if draw.chance(0.4):
        types[2] = types[0].replace(draw.pick(["1.0", "2.0", "0.5"]), draw.pick(["1.0", "2.0", "0.5"]))
    return Case(i, "stablehlo.maximum", _module(types[:2], "stablehlo.maximum", types[2:]))


def test_mhlo_quantized_compatible_types() -> None:
    """MHLO's ``HLO_CompatibleOperandsAndResultType`` on quantized elements (``add``, ``maximum``, ...; jaxlib
    cannot parse quantized types) against the same trait in StableHLO's ``maximum`` under iree 3.13: the
    MHLO spelling of each case gets the StableHLO spelling's verdict, in MHLO's name."""
    cases = _cases(quantized_case, SEED + 72)
    assert len(cases) >= min(COUNT, 2000)
    expected = [v.replace("'stablehlo.maximum'", "'mhlo.maximum'") for v in oracle(cases)]
    mhlo = [Case(c.index, "mhlo.maximum", c.text.replace("stablehlo.maximum", "mhlo.maximum")) for c in cases]
    run("MHLO quantized compatible types", mhlo, expected, KINDS, ["ok", "compatible"])
