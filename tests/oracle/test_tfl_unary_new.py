"""Differential test: the ``tfl`` ops of one operand (``tfl.logistic``, ``neg``, ``tanh``, the
``relu`` family, ``quantize``, ``dequantize``, ...) against TensorFlow 2.21's TFLite importer.

Each case is one op as a one-op TFLite model (:mod:`tests.oracle.tflmodel`), which the importer
builds and verifies, and the same op as MLIR text for broadcheck; the first error must agree.
Shapes of rank 0-4 with sizes 0-8 and ``?``, the result's shape the operand's or near it (a size
changed, a dimension added or dropped), element types float, integer, boolean and quantized, the
result's element type the operand's or another.

Run with TensorFlow's environment (``make oracle-tf``); FAILS (never skips) when TensorFlow is
missing. Knobs: ``BROADCHECK_TFL_UNARY_CASES`` (default 2500), ``BROADCHECK_TFL_UNARY_SEED``.
"""

from __future__ import annotations

import os
import random

import pytest

from broadcheck.dialects.tfl.unary import UNARY

from . import tflmodel
from .tflmodel import Case, Shape, Tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_UNARY_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_TFL_UNARY_SEED", 20261129))
SHOW = 12

ELEMENTS = ["f32", "f32", "f32", "i32", "i64", "i8", "ui8", "i1", "i16", "f16", *tflmodel.QUANT]
CODES = {"relu_n1_to_1": "RELU_N1_TO_1"}


def _shape(rng: random.Random) -> Shape:
    if rng.random() < 0.05:
        return None
    return tuple(None if rng.random() < 0.1 else rng.choice((0, 1, 1, 2, 3, 4, 8)) for _ in range(rng.randint(0, 4)))


def _near(rng: random.Random, s: Shape) -> Shape:
    """``s`` half the time; otherwise a size changed, made dynamic, a dimension added or dropped, unranked."""
    if s is None or rng.random() < 0.5:
        return s
    r = rng.random()
    if r < 0.1:
        return None
    dims = list(s)
    if r < 0.5 and dims:
        i = rng.randrange(len(dims))
        dims[i] = None if rng.random() < 0.3 else rng.choice((0, 1, 2, 5, 7))
    elif r < 0.75:
        dims.insert(rng.randint(0, len(dims)), rng.choice((1, 2, 3)))
    elif dims:
        dims.pop(rng.randrange(len(dims)))
    return tuple(dims)


def cases(seed: int, count: int) -> list[Case]:
    """``count`` one-op cases over every op of :data:`UNARY`."""
    rng = random.Random(seed)
    names = sorted(UNARY)
    out = []
    for index in range(count):
        name = names[index % len(names)]
        shape = _shape(rng)
        e = rng.choice(ELEMENTS)
        result_e = e if rng.random() < 0.6 else rng.choice(ELEMENTS)
        out.append(
            Case(
                index,
                f"tfl.{name}",
                [Tensor(shape, e)],
                [Tensor(_near(rng, shape), result_e)],
                code=CODES.get(name, ""),
            )
        )
    return out


def _require() -> None:
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(f"TensorFlow 2.21 is needed for this campaign: {tflmodel.IMPORT_ERROR}")


def test_tfl_unary_ops_match_the_importer() -> None:
    """broadcheck gives the TFLite dialect's verdict and first error on every one-operand case."""
    _require()
    tflmodel.compare("tfl unary", cases(SEED, COUNT), os.environ.get("BROADCHECK_TFL_UNARY_DUMP"), SHOW)
