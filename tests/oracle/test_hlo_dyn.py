"""Differential test: StableHLO's dynamic-shape ops (iree-base-compiler 3.13) and MHLO's convolution
(jaxlib 0.10.2), issue 29.

Four families, each at least 2,000 random cases (``BROADCHECK_HLO_DYN_CASES``, default 2500;
``BROADCHECK_HLO_SEED``):

* ``shape ops``: ``dynamic_iota``, ``dynamic_reshape``, ``set_dimension_size``, ``dynamic_pad`` and
  ``real_dynamic_slice`` with random operand, shape-operand and result types, the shape operands
  given by a constant (read as the verifier's ``matchInts`` reads it) or by an argument;
* ``dynamic_gather``: the gather campaign's cases (test_stablehlo_gather.py) with the slice sizes
  made an operand (a constant, an argument, now and then of a wrong type or length);
* ``dynamic_conv``: the convolution campaign's generic cases (test_stablehlo_convolution.py) with the
  padding made an operand (a constant, an argument, now and then of a wrong shape);
* ``mhlo.convolution``: the convolution campaign's cases in both forms, in MHLO's words
  (``dense<[..]> : tensor<Nxi64>`` for ``array<i64: ..>``), with ranks spoilt now and then.

Constants come first, one a line, then the op. Compared: the first error's message and line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

import pytest

from .hlo_campaign import Case, Draw, oracle, run, tensor
from .test_mhlo_structural import MODELLED, verdicts
from .test_stablehlo_convolution import KINDS as CONV_KINDS
from .test_stablehlo_convolution import conv_case
from .test_stablehlo_gather import KINDS as GATHER_KINDS
from .test_stablehlo_gather import gather_case

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_HLO_DYN_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_HLO_SEED", 20261125))


def _case(index: int, op: str, args: list[str], line: str, consts: list[str]) -> Case:
    """A function of ``args`` that defines ``consts``, one a line, then holds ``line``."""
    names = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    body = "".join(f"  {c}\n" for c in [*consts, line])
    return Case(index, op, f"func.func @f({names}) {{\n{body}  return\n}}\n")


def _op_line(case: Case) -> int:
    return next(n for n, text in enumerate(case.text.splitlines(), 1) if text.lstrip().startswith(("%0 = ", "%0:")))


def compare(title: str, cases: list[Case], kinds: list[tuple[str, str]], wanted: list[str]) -> None:
    """iree-opt's first error on each case, at its op's line (below its constants), against broadcheck's."""
    lines = [_op_line(c) for c in cases]
    run(title, cases, oracle(cases, lines), kinds, wanted, lines)


def _dense(values: list[int]) -> str:
    return "dense<[" + ", ".join(map(str, values)) + "]>"


class Operands:
    """An op's operands as written: arguments, or constants of the values given."""

    def __init__(self, draw: Draw) -> None:
        self.draw = draw
        self.args: list[str] = []
        self.consts: list[str] = []
        self.names: list[str] = []
        self.types: list[str] = []

    def arg(self, t: str) -> None:
        self.names.append(f"%a{len(self.args)}")
        self.args.append(t)
        self.types.append(t)

    def ints(self, given: Sequence[int | None], t: str, constant: float = 0.6) -> None:
        """A 1-d integer operand of ``given``: a constant now and then, else an argument."""
        values = [1 if v is None else v for v in given]
        if self.draw.chance(constant) and re.fullmatch(r"tensor<\d+x(i|ui|si)\d+>|tensor<\d+xindex>", t):
            n = int(t[7 : t.index("x")])
            shown = values[:n] + [1] * (n - len(values))
            name = f"%c{len(self.consts)}"
            dense = _dense(shown) if shown else "dense<>"
            dialect = "arith" if t.endswith("xindex>") else "stablehlo"  # (stablehlo.constant takes no index)
            self.consts.append(f"{name} = {dialect}.constant {dense} : {t}")
            self.names.append(name)
            self.types.append(t)
        else:
            self.arg(t)


def _index_type(draw: Draw, n: int) -> str:
    if draw.chance(0.04):
        return draw.pick([f"tensor<{n}xf32>", "tensor<?xi64>", f"tensor<{n}x1xi64>"])
    return f"tensor<{n}x{draw.pick(['i64', 'i32', 'index'])}>"


def shape_case(draw: Draw, index: int) -> Case:
    """One of the five dynamic-shape ops, valid more often than not."""
    op = draw.pick(["dynamic_iota", "dynamic_reshape", "set_dimension_size", "dynamic_pad", "real_dynamic_slice"])
    e = draw.pick(["f32", "f32", "i32", "bf16"])
    other = "f64" if e != "f64" else "f32"
    w = Operands(draw)
    if op == "dynamic_iota":
        out = draw.shape(draw.pick([1, 2, 2, 3]), 0.3)
        sizes = [d if d is not None else draw.pick([2, 3]) for d in out]
        n = len(out) if draw.chance(0.9) else len(out) + draw.pick([1, -1])
        w.ints(draw.vary(sizes, 0.15) if draw.chance(0.9) else [-1] * n, _index_type(draw, max(n, 0)))
        dim = draw.int(0, len(out) - 1) if draw.chance(0.9) else draw.pick([len(out), -1, 5])
        rt = tensor(draw.vary(out, 0.1), e if draw.chance(0.95) else "complex<f32>")
        rt = rt if draw.chance(0.98) else f"tensor<*x{e}>"
        line = f"%0 = stablehlo.dynamic_iota {w.names[0]}, dim = {dim} : ({w.types[0]}) -> {rt}"
    elif op == "dynamic_reshape":
        operand = draw.shape(draw.pick([1, 2, 2, 3]), 0.2)
        total = 1
        for d in operand:
            total *= d if d is not None else 2
        target = draw.pick([[total], [1, total], [total, 1], [2, total // 2] if total % 2 == 0 else [total]])
        target = list(target) if draw.chance(0.85) else list(draw.vary(target, 1.0))
        target = [d if d is not None and d >= 0 else 1 for d in target]
        w.arg(tensor(operand, e) if draw.chance(0.98) else f"tensor<*x{e}>")
        n = len(target) if draw.chance(0.92) else len(target) + 1
        w.ints(target if draw.chance(0.95) else [-1] * n, _index_type(draw, n))
        shown = [d if draw.chance(0.6) else None for d in target]
        rt = tensor(draw.vary(shown, 0.12), e if draw.chance(0.95) else other)
        line = f"%0 = stablehlo.dynamic_reshape {w.names[0]}, {w.names[1]} : ({w.types[0]}, {w.types[1]}) -> {rt}"
    elif op == "set_dimension_size":
        operand = draw.shape(draw.pick([1, 2, 2, 3]), 0.2)
        dim = draw.int(0, len(operand) - 1) if draw.chance(0.92) else draw.pick([len(operand), -1])
        w.arg(tensor(operand, e))
        size_t = "tensor<i32>" if draw.chance(0.93) else draw.pick(["tensor<1xi32>", "tensor<i64>"])
        if size_t == "tensor<i32>" and draw.chance(0.4):
            bound = operand[dim] if 0 <= dim < len(operand) and operand[dim] is not None else 3
            value = bound if draw.chance(0.6) else bound - 1
            w.consts.append(f"%c0 = stablehlo.constant dense<{value}> : tensor<i32>")
            w.names.append("%c0")
            w.types.append(size_t)
        else:
            w.arg(size_t)
        out = list(operand)
        if 0 <= dim < len(out) and draw.chance(0.7):
            out[dim] = None
        rt = tensor(draw.vary(out, 0.15), e if draw.chance(0.95) else other)
        line = (
            f"%0 = stablehlo.set_dimension_size {w.names[0]}, {w.names[1]}, dim = {dim} : "
            f"({w.types[0]}, {w.types[1]}) -> {rt}"
        )
    elif op == "dynamic_pad":
        operand = draw.shape(draw.pick([1, 1, 2, 3]), 0.15)
        n = len(operand)
        lows = [draw.pick([0, 1, 2]) for _ in range(n)]
        highs = [draw.pick([0, 1, 2]) for _ in range(n)]
        mids = [draw.pick([0, 0, 1]) if draw.chance(0.95) else -1 for _ in range(n)]
        w.arg(tensor(operand, e))
        w.arg(f"tensor<{e if draw.chance(0.95) else other}>" if draw.chance(0.97) else f"tensor<1x{e}>")
        k = n if draw.chance(0.93) else n + 1
        t = f"tensor<{k}x{draw.pick(['i64', 'i32', 'index'])}>"
        for values in (lows, highs, mids):
            w.ints(values, t if draw.chance(0.97) else _index_type(draw, k))
        out = [
            None if d is None else d + lo + max(d - 1, 0) * mid + hi
            for d, lo, hi, mid in zip(operand, lows, highs, mids, strict=True)
        ]
        shown = [d if draw.chance(0.7) else None for d in out]
        rt = tensor(draw.vary(shown, 0.2), e if draw.chance(0.96) else other)
        line = f"%0 = stablehlo.dynamic_pad {', '.join(w.names)} : ({', '.join(w.types)}) -> {rt}"
    else:
        operand = draw.shape(draw.pick([1, 2, 2, 3]), 0.15)
        n = len(operand) if draw.chance(0.9) else len(operand) + draw.pick([1, -1])
        w.arg(tensor(operand, e))
        t = f"tensor<{max(n, 0)}x{draw.pick(['i64', 'i32', 'index'])}>"
        for values in ([0] * n, [1] * n, [1] * n):
            w.ints(values, t if draw.chance(0.96) else _index_type(draw, max(n, 0)))
        out = [None if draw.chance(0.6) else draw.pick([1, 2]) for _ in operand]
        rt = tensor(draw.vary(out, 0.1), e if draw.chance(0.95) else other)
        line = f"%0 = stablehlo.real_dynamic_slice {', '.join(w.names)} : ({', '.join(w.types)}) -> {rt}"
    return _case(index, op, w.args, line, w.consts)


_SLICE_SIZES = re.compile(r",\s*slice_sizes = array<i64(?::\s*([^>]*))?>")


def dynamic_gather_case(draw: Draw, index: int) -> Case:
    """A gather case with its slice sizes made the third operand."""
    made = gather_case(draw, index)
    head, line = made.text.splitlines()[:2]
    m = _SLICE_SIZES.search(line)
    assert m is not None
    sizes = [int(x) for x in (m.group(1) or "").split(",") if x.strip()]
    line = _SLICE_SIZES.sub("", line).replace(
        '"stablehlo.gather"(%a0, %a1)', '"stablehlo.dynamic_gather"(%a0, %a1, %s)'
    )
    args = re.findall(r"%a\d+: ([^,)]*(?:<[^>]*>)?)", head)
    ops = re.search(r": \((.*)\) -> ", line)
    assert ops is not None
    n = len(sizes) if draw.chance(0.95) else len(sizes) + 1
    t = (
        f"tensor<{n}x{draw.pick(['i64', 'i32'])}>"
        if draw.chance(0.96)
        else draw.pick(["tensor<?xi64>", f"tensor<{n}xf32>"])
    )
    consts: list[str] = []
    if draw.chance(0.6) and not t.startswith("tensor<?") and "f32>" not in t:
        shown = sizes + [1] * (n - len(sizes))
        consts.append(f"%s = stablehlo.constant {_dense(shown) if shown else 'dense<>'} : {t}")
    else:
        args.append(t)
        line = line.replace("%s)", f"%a{len(args) - 1})")
    line = line.replace(f"({ops.group(1)})", f"({ops.group(1)}, {t})", 1)
    line = line.replace("<{, ", "<{").replace("{, ", "{")
    return _case(index, "dynamic_gather", args, line.strip(), consts)


_PADDING = re.compile(r",\s*padding = dense<(\[.*?\]\])> : tensor<(\d+)x2xi64>")


def dynamic_conv_case(draw: Draw, index: int) -> Case:
    """A generic convolution case with its padding made the third operand (the custom form: valid
    padding of zeros)."""
    while True:
        made = conv_case(draw, index)
        line = made.text.splitlines()[1].strip()
        if line.startswith('%0 = "stablehlo.convolution"'):
            break
    args = re.findall(r"%a\d+: (tensor<[^>]*>)", made.text.splitlines()[0])
    m = _PADDING.search(line)
    spatial = line.count(",", line.index("#stablehlo.conv<["), line.index("]x[")) - 1
    rows = int(m.group(2)) if m else spatial
    pairs = m.group(1) if m else None
    line = _PADDING.sub("", line)
    if draw.chance(0.05):
        rows = draw.pick([rows + 1, max(rows - 1, 0)])
        pairs = None
    t = f"tensor<{rows}x2xi64>" if draw.chance(0.96) else draw.pick([f"tensor<{rows}x3xi64>", f"tensor<{rows}x2xf32>"])
    consts: list[str] = []
    if pairs is not None and draw.chance(0.6) and t.endswith("x2xi64>"):
        consts.append(f"%p = stablehlo.constant dense<{pairs}> : {t}")
        name = "%p"
    else:
        args.append(t)
        name = f"%a{len(args) - 1}"
    line = line.replace('"stablehlo.convolution"(%a0, %a1)', f'"stablehlo.dynamic_conv"(%a0, %a1, {name})')
    sig = re.search(r" : \((tensor<[^>]*>), (tensor<[^>]*>)\) -> ", line)
    assert sig is not None
    line = line.replace(sig.group(0), f" : ({sig.group(1)}, {sig.group(2)}, {t}) -> ")
    return _case(index, "dynamic_conv", args, line, consts)


_ARRAY = re.compile(r"array<i(64|1)(?::\s*([^>]*))?>")


def _mhlo_dense(m: re.Match[str]) -> str:
    items = [x.strip() for x in (m.group(2) or "").split(",") if x.strip()]
    t = "i64" if m.group(1) == "64" else "i1"
    return f"dense<[{', '.join(items)}]> : tensor<{len(items)}x{t}>" if items else f"dense<> : tensor<0x{t}>"


def mhlo_conv_case(draw: Draw, index: int) -> Case:
    """A convolution case in MHLO's words; its precisions mostly dropped (MHLO checks their count
    early), now and then an operand of another rank."""
    made = conv_case(draw, index)
    text = made.text
    if draw.chance(0.8):
        text = re.sub(r", precision_config = \[[^\]]*\]", "", text)
    if draw.chance(0.06):  # the kernel loses a dimension
        rhs = re.search(r"%a1: tensor<((?:[0-9?]+x)+)(\w+)>", text)
        if rhs is not None and rhs.group(1).count("x") > 1:
            shorter = rhs.group(1).split("x", 1)[1]
            text = text.replace(f"tensor<{rhs.group(1)}{rhs.group(2)}>", f"tensor<{shorter}{rhs.group(2)}>")
    text = _ARRAY.sub(_mhlo_dense, text).replace("stablehlo.", "mhlo.").replace("#stablehlo<", "#mhlo<")
    return Case(index, "mhlo.convolution", text)


_CUSTOM = re.compile(r"%0 = stablehlo\.(\w+) (.*?)(?:, dim = (-?\d+))? : (\(.*)$")
_ATTR = {"dynamic_iota": "iota_dimension", "set_dimension_size": "dimension"}


def mhlo_dynamic_case(draw: Draw, index: int) -> Case:
    """A shape-op or dynamic_gather case in MHLO's generic form and words."""
    while True:  # (MHLO's dynamic_iota has no verifier, its dynamic_pad other traits: not declared)
        made = shape_case(draw, index) if draw.chance(0.6) else dynamic_gather_case(draw, index)
        if made.op not in ("dynamic_iota", "dynamic_pad"):
            break
    lines = made.text.splitlines()
    at = _op_line(made) - 1
    m = _CUSTOM.match(lines[at].strip())
    if m is not None:
        attr = f" {{{_ATTR[m.group(1)]} = {m.group(3)} : i64}}" if m.group(3) is not None else ""
        lines[at] = f'  %0 = "stablehlo.{m.group(1)}"({m.group(2)}){attr} : {m.group(4)}'
    text = "\n".join(lines) + "\n"
    text = text.replace("stablehlo.", "mhlo.").replace("#stablehlo.", "#mhlo.")
    return Case(index, "mhlo." + made.op, text)


def norm_case(draw: Draw, index: int) -> Case:
    """A batch norm op (grad, inference, training), valid more often than not."""
    op = draw.pick(["batch_norm_grad", "batch_norm_inference", "batch_norm_training"])
    rank = draw.pick([1, 2, 3, 4])
    shape = list(draw.shape(rank, 0.15))
    feature = draw.int(0, rank - 1) if draw.chance(0.93) else draw.pick([rank, rank + 1, -1])
    count = shape[feature] if 0 <= feature < rank else 3
    e = draw.pick(["f32", "f32", "f16", "bf16"])

    def one() -> str:
        size = count if draw.chance(0.93) else draw.pick([None, (count or 2) + 1])
        if draw.chance(0.02):
            return tensor((size, 1), e)
        return tensor((size,), e if draw.chance(0.97) else draw.pick(["f64", "i32"]))

    multi = tensor(tuple(shape), e if draw.chance(0.98) else "i32")
    singles = {"batch_norm_grad": 3, "batch_norm_inference": 4, "batch_norm_training": 2}[op]
    operands = [multi, *[one() for _ in range(singles)]]
    if op == "batch_norm_grad":
        operands.append(tensor(draw.vary(shape, 0.1), e))
    if draw.chance(0.02):
        operands.pop()
    results = [tensor(draw.vary(shape, 0.08), e if draw.chance(0.97) else "f64")]
    if op != "batch_norm_inference":
        results += [tensor(draw.vary((count,), 0.08), e), tensor(draw.vary((count,), 0.08), e)]
    attrs = f"epsilon = 0.001 : f32, feature_index = {feature} : i64"
    if draw.chance(0.03):
        attrs = draw.pick([f"feature_index = {feature} : i64", "epsilon = 0.001 : f32"])
    names = ", ".join(f"%a{i}" for i in range(len(operands)))
    bind = "%0" if len(results) == 1 else f"%0:{len(results)}"
    sig = f"({', '.join(operands)}) -> " + (results[0] if len(results) == 1 else f"({', '.join(results)})")
    line = f'{bind} = "stablehlo.{op}"({names}) {{{attrs}}} : {sig}'
    return _case(index, op, operands, line, [])


NORM_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("attributes", r"failed to satisfy constraint|requires attribute"),
    ("counts", r"expected \d+ operands"),
    ("elements", r"compatible element types|have same element type"),
    ("shapes", r"operands to have compatible shapes"),
    ("feature index", r"featureIndex"),
    ("feature count", r"feature count"),
    ("inferred type", r"inferred type\(s\)"),
]


def solve_case(draw: Draw, index: int) -> Case:
    """A ``triangular_solve`` or a ``cholesky``, valid more often than not."""
    e = draw.pick(["f32", "f32", "f64", "complex<f32>"])
    batch = list(draw.shape(draw.pick([0, 0, 1, 2]), 0.1))
    n = draw.pick([1, 2, 3, 4, None])
    if draw.chance(0.5):
        a = [*batch, n, n if draw.chance(0.93) else (n or 2) + 1]
        if draw.chance(0.04):
            a = a[-1:]
        at = tensor(tuple(a), e if draw.chance(0.97) else "i32")
        rt = tensor(draw.vary(a, 0.1), e if draw.chance(0.97) else "f16")
        attrs = "lower = true" if draw.chance(0.7) else ""
        return _case(index, "cholesky", [at], f'%0 = "stablehlo.cholesky"(%a0) {{{attrs}}} : ({at}) -> {rt}', [])
    left = draw.chance(0.5)
    m = draw.pick([1, 2, 3, None])
    a = [*batch, n, n if draw.chance(0.93) else (n or 2) + 1]
    b = [*batch, n, m] if left else [*batch, m, n]
    r = draw.rng.random()
    if r < 0.05:
        b = b[1:] if len(b) > 2 else [1, *b]
    elif r < 0.1 and batch:
        b[0] = (b[0] or 1) + 1
    elif r < 0.15:
        b[-2 if left else -1] = (n or 2) + 1
    elif r < 0.18:
        a = a[-1:]
    at = tensor(tuple(a), e if draw.chance(0.97) else "i32")
    bt = tensor(tuple(b), e if draw.chance(0.97) else "f16")
    rt = tensor(draw.vary(b, 0.1), e)
    transpose = draw.pick(["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"]) if draw.chance(0.95) else "TRANSPOSE_INVALID"
    attrs = [f"left_side = {'true' if left else 'false'}", "lower = true",
             f"transpose_a = #stablehlo<transpose {transpose}>", "unit_diagonal = false"]  # fmt: skip
    if draw.chance(0.03):
        attrs.pop(draw.int(0, 3))
    line = f'%0 = "stablehlo.triangular_solve"(%a0, %a1) {{{", ".join(attrs)}}} : ({at}, {bt}) -> {rt}'
    return _case(index, "triangular_solve", [at, bt], line, [])


SOLVE_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("attributes", r"requires attribute"),
    ("elements", r"compatible element types|the same element type"),
    ("ranks", r"must have rank >= 2|must have equal rank"),
    ("dimensions", r"must be compatible|must have equal size"),
    ("transpose", r"Invalid transpose"),
    ("inferred type", r"inferred type\(s\)"),
]


def rng_case(draw: Draw, index: int) -> Case:
    """A ``stablehlo.rng`` (generic or custom form), its shape a constant now and then."""
    e = draw.pick(["f32", "f32", "i32", "bf16", "i1"])
    scalar = f"tensor<{e}>" if draw.chance(0.97) else draw.pick([f"tensor<1x{e}>", "tensor<complex<f32>>"])
    b = f"tensor<{e if draw.chance(0.96) else 'f64'}>"
    out = list(draw.shape(draw.pick([0, 1, 2, 3]), 0.0))
    w = Operands(draw)
    w.arg(scalar)
    w.arg(b)
    n = len(out) if draw.chance(0.95) else len(out) + 1
    w.ints(out if draw.chance(0.97) else [-1] * n, _index_type(draw, n), constant=0.5)
    shown = [d if draw.chance(0.6) else None for d in out]
    rt = tensor(draw.vary(shown, 0.12), e if draw.chance(0.96) else "f16")
    dist = "UNIFORM" if draw.chance(0.6) else "NORMAL"
    sig = f"({', '.join(w.types)}) -> {rt}"
    if draw.chance(0.5):
        line = f"%0 = stablehlo.rng {', '.join(w.names)}, distribution = {dist} : {sig}"
    else:
        line = f'%0 = "stablehlo.rng"({", ".join(w.names)}) {{rng_distribution = #stablehlo<rng_distribution {dist}>}} : {sig}'
    return _case(index, "rng", w.args, line, w.consts)


RNG_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("elements", r"have same element type"),
    ("normal", r"mu and sigma must be floats"),
    ("inferred type", r"inferred type\(s\)"),
]


SHAPE_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("attribute constraint", r"failed to satisfy constraint|requires attribute"),
    ("same types", r"have same (element )?type|have same rank"),
    ("iota dimension", r"iota dimension"),
    ("shape operand", r"output shape \[|output_shape is incompatible|rank equal to the number"),
    ("element count", r"number of output elements|compatible element type"),
    ("set_dimension_size", r"size operand should be|dimension attribute in range"),
    ("pad", r"padding operands size|interior_padding|expected output dimension"),
    ("slice", r"mismatched number of operand rank"),
    ("inferred type", r"inferred type\(s\)"),
]


def test_dynamic_shape_ops() -> None:
    """dynamic_iota, dynamic_reshape, set_dimension_size, dynamic_pad, real_dynamic_slice against iree-opt."""
    draw = Draw(SEED + 40)
    cases = [shape_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    compare("StableHLO dynamic shape ops", cases, SHAPE_KINDS, [k for k, _ in SHAPE_KINDS])


def test_dynamic_gather() -> None:
    """dynamic_gather against iree-opt."""
    draw = Draw(SEED + 41)
    cases = [dynamic_gather_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    # (dynamic_gather has no element type rule: a wrong element type is the inferred type's failure)
    compare("StableHLO dynamic_gather", cases, GATHER_KINDS, [k for k, _ in GATHER_KINDS if k != "element types"])


def test_dynamic_conv() -> None:
    """dynamic_conv against iree-opt."""
    draw = Draw(SEED + 42)
    cases = [dynamic_conv_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    kinds = [*CONV_KINDS, ("padding", r"expects padding to be of shape")]
    wanted = [k for k, _ in kinds if k not in ("type constraint", "inferred shape")]
    compare("StableHLO dynamic_conv", cases, kinds, wanted)


def test_batch_norm() -> None:
    """batch_norm_grad, batch_norm_inference, batch_norm_training against iree-opt."""
    draw = Draw(SEED + 45)
    cases = [norm_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    compare("StableHLO batch norm", cases, NORM_KINDS, [k for k, _ in NORM_KINDS if k != "type constraint"])


def test_mhlo_batch_norm() -> None:
    """MHLO's batch norm ops (the same cases in MHLO's words) against jaxlib; its ODS constraints
    (worded apart) are passed over."""
    draw = Draw(SEED + 46)
    cases = []
    for i in range(COUNT):
        made = norm_case(draw, i)
        cases.append(Case(i, "mhlo." + made.op, made.text.replace('"stablehlo.', '"mhlo.')))
    lines = [_op_line(c) for c in cases]
    apart = re.compile(r"#\d+ must be |failed to satisfy constraint|invalid properties")
    expected = [
        "ok" if apart.search(v) and not MODELLED.search(v) else v
        for v in (_mhlo_verdict(c, n) for c, n in zip(cases, lines, strict=True))
    ]
    run("MHLO batch norm", cases, expected, NORM_KINDS, ["shapes", "feature index", "inferred type"], lines)


def test_triangular_solve_cholesky() -> None:
    """triangular_solve and cholesky against iree-opt."""
    draw = Draw(SEED + 47)
    cases = [solve_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    compare("StableHLO triangular_solve, cholesky", cases, SOLVE_KINDS, [k for k, _ in SOLVE_KINDS])


def test_mhlo_triangular_solve_cholesky() -> None:
    """MHLO's triangular_solve and cholesky (the same cases in MHLO's words) against jaxlib; its ODS
    constraints (worded apart) are passed over."""
    draw = Draw(SEED + 48)
    cases = []
    for i in range(COUNT):
        made = solve_case(draw, i)
        text = made.text.replace('"stablehlo.', '"mhlo.').replace("#stablehlo<", "#mhlo<")
        cases.append(Case(i, "mhlo." + made.op, text))
    lines = [_op_line(c) for c in cases]
    apart = re.compile(r"#\d+ must be |failed to satisfy constraint|invalid properties")
    expected = [
        "ok" if apart.search(v) and not MODELLED.search(v) else v
        for v in (_mhlo_verdict(c, n) for c, n in zip(cases, lines, strict=True))
    ]
    run(
        "MHLO triangular_solve, cholesky", cases, expected, SOLVE_KINDS, ["ranks", "dimensions", "inferred type"], lines
    )


def test_rng() -> None:
    """rng against iree-opt."""
    draw = Draw(SEED + 49)
    cases = [rng_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    compare("StableHLO rng", cases, RNG_KINDS, [k for k, _ in RNG_KINDS])


def test_mhlo_dynamic() -> None:
    """MHLO's dynamic_reshape, set_dimension_size, real_dynamic_slice and
    dynamic_gather (generic forms) against jaxlib; its ODS constraints (worded apart) are passed over."""
    draw = Draw(SEED + 44)
    cases = [mhlo_dynamic_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    lines = [_op_line(c) for c in cases]
    expected = [_mhlo_verdict(c, n) for c, n in zip(cases, lines, strict=True)]
    apart = re.compile(r"#\d+ must be |failed to satisfy constraint|invalid properties")
    expected = ["ok" if apart.search(v) and not MODELLED.search(v) else v for v in expected]
    kinds = [("worded apart", "^$"), *SHAPE_KINDS[1:], *GATHER_KINDS[2:]]
    run("MHLO dynamic ops", cases, expected, kinds, ["shape operand", "inferred type", "slice", "slice sizes"], lines)


def _mhlo_verdict(case: Case, line: int) -> str:
    from jaxlib.mlir import ir as jax_ir

    from .test_mhlo_structural import _context

    global _MHLO_CONTEXT
    if _MHLO_CONTEXT is None:
        _MHLO_CONTEXT = _context()
    with _MHLO_CONTEXT:
        try:
            jax_ir.Module.parse(case.text)
        except jax_ir.MLIRError as exc:
            diag = exc.error_diagnostics[0]
            m = re.search(r":(\d+):\d+\)$", str(diag.location))
            return str(diag.message) if m and int(m.group(1)) == line else f"elsewhere: {diag.location}: {diag.message}"
    return "ok"


_MHLO_CONTEXT: object = None


def test_mhlo_convolution() -> None:
    """mhlo.convolution (both forms) against jaxlib's MHLO; its ODS constraints (worded apart) are passed over."""
    draw = Draw(SEED + 43)
    cases = [mhlo_conv_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    expected = verdicts(cases)
    apart = re.compile(r"#\d+ must be |failed to satisfy constraint|invalid properties")
    expected = ["ok" if apart.search(v) and not MODELLED.search(v) else v for v in expected]
    kinds = [
        ("ranks", r"convolution arguments to have|rank of convolution return-type"),
        ("dimension numbers", r"spatial-dimensions|dimension-numbers"),
        ("groups", r"group_count"),
        ("precision", r"precision config"),
        ("window", r"window dimensions|window to have positive"),
        ("inferred shape", r"inferred shape"),
    ]
    run("MHLO convolution", cases, expected, kinds, [k for k, _ in kinds])


_RANKED = re.compile(r"tensor<((?:[0-9?]+x)*)")


def _same_rank(text: str) -> bool:
    """Whether the op's operand and result have one rank: MHLO's dynamic_pad has no rank trait, and jaxlib
    reads past the shorter shape (it crashes): such cases are not drawn (broadcheck passes them over)."""
    line = next(x for x in text.splitlines() if "dynamic_pad" in x)
    types = line.rsplit(" : (", 1)[1]
    operand, result = types.split(",")[0], types.rsplit("->", 1)[1]
    first, last = _RANKED.search(operand), _RANKED.search(result)
    return first is not None and last is not None and first.group(1).count("x") == last.group(1).count("x")


def mhlo_dynamic_pad_case(draw: Draw, index: int) -> Case:
    """A ``dynamic_pad`` case of the shape-op family in MHLO's words (its custom form is StableHLO's)."""
    while True:
        made = shape_case(draw, index)
        if made.op == "dynamic_pad" and _same_rank(made.text):
            break
    text = made.text.replace("stablehlo.", "mhlo.").replace("#stablehlo.", "#mhlo.")
    if draw.chance(0.5):  # the generic form too
        text = re.sub(r"%0 = mhlo\.dynamic_pad ([^:]*) :", r'%0 = "mhlo.dynamic_pad"(\1) :', text)
    return Case(index, "mhlo.dynamic_pad", text)


def test_mhlo_dynamic_pad() -> None:
    """mhlo.dynamic_pad (both forms) against jaxlib: hlo::verifyDynamicPadOp after MHLO's traits
    (AllElementTypesMatch, AllTypesMatch); its ODS constraints (worded apart) are passed over."""
    draw = Draw(SEED + 45)
    cases = [mhlo_dynamic_pad_case(draw, i) for i in range(COUNT)]
    assert len(cases) >= 2000
    lines = [_op_line(c) for c in cases]
    expected = [_mhlo_verdict(c, n) for c, n in zip(cases, lines, strict=True)]
    apart = re.compile(r"#\d+ must be |failed to satisfy constraint|invalid properties")
    worded_apart = sum(1 for v in expected if apart.search(v))
    expected = ["ok" if apart.search(v) else v for v in expected]
    kinds = [("worded apart", "^$"), *SHAPE_KINDS[1:]]
    run("MHLO dynamic_pad", cases, expected, kinds, ["same types", "pad"], lines)
    print(f"MHLO dynamic_pad: {worded_apart} cases MHLO words apart (passed over, as required)")
