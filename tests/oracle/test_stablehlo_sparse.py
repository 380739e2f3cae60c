"""Differential test: StableHLO's elementwise ops on ``#sparse_tensor.encoding`` tensors, against
TensorFlow 2.21.

iree-opt 3.13 does not register the ``sparse_tensor`` dialect (it stops at the encoding:
"attribute created with unregistered dialect"); TensorFlow 2.21's MLIR context does, with
StableHLO 1.13.7, so ``tf.mlir.experimental.run_pass_pipeline(text, "")`` parses and verifies these
modules (:func:`tests.oracle.test_tf_ops.tf_first_error`, the TF harness's oracle).

Cases: every op of :data:`broadcheck.semantics.stablehlo.OPS`, ranks 1-3 and
sizes 1/2/3/?, each operand and the result dense or carrying one of the sparse encodings
broadcheck reads (:mod:`broadcheck.semantics.sparse_encoding`), written in full in MLIR's
spelling or another (other dimension names, properties in another order, a zero bit width), or
through an alias (``#SV = ...``); the result's or an operand's shape changed, element types the
op takes or not, mixed element types, an unranked operand, a scalar ``select`` predicate or
``clamp`` bound; now and then the custom form (``stablehlo.add %a, %b : T``). Encodings the parser rejects (a rank other than the tensor's) are not drawn:
broadcheck does not judge them. The verdict and the first error message must agree (profile
llvm). Runs with TensorFlow (``make oracle-tf``); FAILS when it is missing. Knobs:
``BROADCHECK_SPARSE_CASES`` (default 3000), ``BROADCHECK_SPARSE_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
import re
from dataclasses import dataclass

import pytest

from broadcheck.semantics.stablehlo import OPS

from . import common
from .test_tf_ops import _require_tf, tf_first_error

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_SPARSE_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_SPARSE_SEED", 20261129))
SHOW = 15

# Each encoding as written (several spellings of some), by rank; all are valid for that rank.
ENCODINGS: dict[int, list[str]] = {
    1: [
        "#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>",
        "#sparse_tensor.encoding<{map=(i)->(i:compressed)}>",
        "#sparse_tensor.encoding<{ map = (d0) -> (d0 : dense) }>",
        "#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed(nonunique)) }>",
        "#sparse_tensor.encoding<{ map = (i) -> (i : compressed(nonordered, nonunique)) }>",
        "#sparse_tensor.encoding<{ map = (d0) -> (d0 : loose_compressed) }>",
        "#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), crdWidth = 16, posWidth = 64 }>",
        "#sparse_tensor.encoding<{ posWidth = 8, map = (d0) -> (d0 : compressed) }>",
        "#sparse_tensor.encoding<{ map = (d0) -> (d0 : dense), posWidth = 0, crdWidth = 32 }>",
    ],
    2: [
        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>",
        "#sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed) }>",
        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>",
        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton) }>",
        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)) }>",
        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : loose_compressed(nonunique), d1 : singleton(nonordered)) }>",
        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed(nonunique)), posWidth = 32 }>",
    ],
    3: [
        "#sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d2 : dense, d0 : compressed, d1 : compressed) }>",
        "#sparse_tensor.encoding<{ map = (a, b, c) -> (a : dense, b : dense, c : compressed) }>",
        "#sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d0 : dense, d1 : compressed(nonunique), d2 : singleton) }>",
    ],
}

NATURAL = {
    "not": ["i1", "i32"],
    "count_leading_zeros": ["i32", "i8"],
    "popcnt": ["i32", "i64"],
    **{n: ["i32", "i16"] for n in ("shift_left", "shift_right_arithmetic", "shift_right_logical")},
    **{n: ["i1", "i32"] for n in ("and", "or", "xor")},
    "complex": ["f32", "f64"],
    "real": ["complex<f32>", "complex<f64>"],
    "imag": ["complex<f32>", "f32"],
    "abs": ["f32", "complex<f32>", "i32"],
    "sign": ["f32", "i32", "complex<f64>"],
    "negate": ["f32", "i32"],
    **{n: ["f32", "f16"] for n in ("ceil", "floor", "round_nearest_afz", "round_nearest_even", "is_finite")},
    "reduce_precision": ["f32", "bf16"],
}
OTHER = ["f32", "f64", "i32", "i1", "complex<f32>", "ui8", "bf16"]
SIZES = ["1", "2", "3", "?"]
# The ops whose custom form is not `op %a, %b : T` (their own forms; drawn in the generic form only).
_NOT_SAME = frozenset({"compare", "complex", "is_finite", "reduce_precision", "select", "clamp"})
# What the parser says of an encoding it rejects (before any op is verified): no case draws one.
_ENCODING_ERROR = re.compile(r"dimension-rank|level|lvl|bitwidth|unregistered|SoA|explicit value")


@dataclass(frozen=True)
class Case:
    index: int
    op: str
    text: str


def _arity(name: str) -> int:
    return len(OPS[name].operands)


def _attributes(name: str) -> str:
    if name == "compare":
        return " {comparison_direction = #stablehlo<comparison_direction LT>}"
    if name == "reduce_precision":
        return " {exponent_bits = 5 : i32, mantissa_bits = 10 : i32}"
    return ""


class Cases:
    """The cases, drawn from one seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _shape(self, rank: int) -> list[str]:
        return [self.rng.choice(SIZES) for _ in range(rank)]

    def _type(self, dims: list[str], element: str, aliases: dict[str, str]) -> str:
        """A tensor type of ``dims``, now and then sparse (in full or through an alias)."""
        rng = self.rng
        head = "".join(f"{d}x" for d in dims)
        if not dims or rng.random() < 0.35:
            return f"tensor<{head}{element}>"
        encoding = rng.choice(ENCODINGS[len(dims)])
        if rng.random() < 0.3:
            name = aliases.setdefault(encoding, f"#SP{len(aliases)}")
            return f"tensor<{head}{element}, {name}>"
        return f"tensor<{head}{element}, {encoding}>"

    def case(self, index: int) -> Case:
        rng = self.rng
        name = rng.choice(sorted(OPS))
        arity = _arity(name)
        rank = rng.choice([1, 1, 2, 2, 3])
        base = self._shape(rank)
        natural = NATURAL.get(name, ["f32", "f64", "complex<f32>"])
        elem = rng.choice(natural)
        aliases: dict[str, str] = {}
        operand_elems = [elem] * arity
        operand_dims = [list(base) for _ in range(arity)]
        if name == "select":
            operand_elems[0] = "i1"
            if rng.random() < 0.3:
                operand_dims[0] = []
        if name == "clamp":
            for k in (0, 2):
                if rng.random() < 0.4:
                    operand_dims[k] = []
        if name == "complex":
            result_elem = f"complex<{elem}>"
        elif name in ("compare", "is_finite"):
            result_elem = "i1"
        elif name in ("real", "imag", "abs") and elem.startswith("complex<"):
            result_elem = elem[8:-1]
        elif name == "convert":
            result_elem = rng.choice(OTHER)
        else:
            result_elem = elem
        result_dims = list(base)
        what = rng.random()
        if what < 0.2 and rank:  # the result's shape changed
            k = rng.randrange(rank)
            result_dims[k] = rng.choice([s for s in SIZES if s != result_dims[k]])
        elif what < 0.3:  # the result's rank changed
            result_dims = self._shape(rng.choice([r for r in (1, 2, 3) if r != rank]))
        elif what < 0.42:  # an operand's shape changed
            k = rng.randrange(arity)
            operand_dims[k] = self._shape(rng.choice([1, 2, 3]))
        elif what < 0.55:  # an element type changed
            k = rng.randrange(arity + 1)
            other = rng.choice(OTHER)
            if k == arity:
                result_elem = other
            else:
                operand_elems[k] = other
        operands = [self._type(d, e, aliases) for d, e in zip(operand_dims, operand_elems, strict=True)]
        if rng.random() < 0.04:
            operands[rng.randrange(arity)] = f"tensor<*x{elem}>"
        result = self._type(result_dims, result_elem, aliases)
        custom = name not in _NOT_SAME and rng.random() < 0.12  # `stablehlo.add %a, %b : T`: one type for all
        if custom:
            operands, result = [result] * arity, result
        defs = "".join(f"{alias} = {encoding}\n" for encoding, alias in aliases.items())
        args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operands))
        uses = ", ".join(f"%a{i}" for i in range(arity))
        if custom:
            statement = f"%r = stablehlo.{name} {uses} : {result}"
        else:
            statement = f'%r = "stablehlo.{name}"({uses}){_attributes(name)} : ({", ".join(operands)}) -> {result}'
        text = f"{defs}func.func @f({args}) {{\n  {statement}\n  func.return\n}}\n"
        return Case(index, f"stablehlo.{name}", text)


def _kind(message: str) -> str:
    """The outcome a message counts as: ``ok``, ``type constraint``, or the message up to its first type."""
    if message == "ok":
        return "ok"
    if re.search(r"(operand|result) #\d+ must be ", message):
        return "type constraint"
    return re.split(r"['\[]", message.split(" op ", 1)[-1])[0].strip()


def test_elementwise_ops_on_sparse_tensors_match_tensorflow() -> None:
    """broadcheck (profile llvm) gives TensorFlow's verdict and first error on every case."""
    _require_tf()
    draw = Cases(SEED)
    cases = [draw.case(i) for i in range(COUNT)]
    assert len(cases) >= 2000
    expected = [tf_first_error(case.text) for case in cases]
    strays = [(c, e) for c, e in zip(cases, expected, strict=True) if _ENCODING_ERROR.search(e)]
    assert not strays, "cases whose encoding the parser rejects:\n" + "\n".join(
        f"{c.text}=> {e}" for c, e in strays[:5]
    )
    sparse = sum("#sparse_tensor" in c.text or "#SP" in c.text for c in cases)
    assert sparse >= len(cases) * 3 // 4
    assert {c.op for c in cases} == {f"stablehlo.{n}" for n in OPS}
    outcomes: collections.Counter[str] = collections.Counter()
    diffs = []
    for case, want in zip(cases, expected, strict=True):
        got = common.broadcheck_first_error(case.text)
        outcomes[_kind(want)] += 1
        if got != want:
            diffs.append((case, want, got))
    assert outcomes["ok"] >= len(cases) // 10, outcomes
    summary = (
        f"stablehlo sparse: {len(cases)} cases ({sparse} with a sparse type), {len(cases) - len(diffs)} agree; "
        f"oracle outcomes {dict(outcomes.most_common())}"
    )
    common.fail_on_differences(summary, diffs, lambda c: f"--- case {c.index} ({c.op})", SHOW)
