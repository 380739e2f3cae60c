"""Differential test: the ``tfl`` ops checked from their ODS declaration alone
(:mod:`broadcheck.dialects.tfl.traits`: ``select``, ``reverse_v2``, ``depth_to_space``, ``range``,
``topk_v2``, ``resize_bilinear``, ``unsorted_segment_sum``, ``atan2``, ``right_shift``, ...)
against TensorFlow 2.21's TFLite importer.

Each case is one op as a one-op TFLite model (:mod:`tests.oracle.tflmodel`), which the importer
builds and verifies, and the same op as MLIR text for broadcheck; the first error must agree.
Operands of rank 0-5 (and unranked), sizes 0-4 and ``?``, element types float, integer, boolean,
complex and quantized; the result's shape an operand's or near it, its element type an operand's
or another; the operand and result counts sometimes off by one.

Each model is imported in a forked child: the importer crashes on a few (``tfl.rank`` with a
quantized result), which are counted apart, not compared.

Run with TensorFlow's environment (``make oracle-tf``); FAILS (never skips) when TensorFlow is
missing. Knobs: ``BROADCHECK_TFL_TRAITS_CASES`` (default 3000), ``BROADCHECK_TFL_TRAITS_SEED``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from broadcheck.dialects.tfl.traits import DECLARED

from . import tflmodel
from .tflmodel import Case, Shape, Tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_TRAITS_CASES", 3000))
SEED = int(os.environ.get("BROADCHECK_TFL_TRAITS_SEED", 20261129))
SHOW = 12

ELEMENTS = ["f32", "f32", "f32", "i32", "i32", "i64", "i8", "ui8", "i1", "i16", "complex<f32>", *tflmodel.QUANT]

# The builtin options the importer reads an op's attributes from (an op without them lacks a
# required attribute: not what these cases are about).
OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "depth_to_space": ("DepthToSpaceOptions", {"blockSize": 2}),
    "space_to_depth": ("SpaceToDepthOptions", {"blockSize": 2}),
    "reduce_any": ("ReducerOptions", {"keepDims": False}),
    "reduce_all": ("ReducerOptions", {"keepDims": False}),
    "fake_quant": ("FakeQuantOptions", {"min": -1.0, "max": 1.0, "numBits": 8, "narrowRange": False}),
    "random_standard_normal": ("RandomOptions", {"seed": 0, "seed2": 0}),
    "random_uniform": ("RandomOptions", {"seed": 0, "seed2": 0}),
    "multinomial": ("RandomOptions", {"seed": 0, "seed2": 0}),
    "resize_bilinear": ("ResizeBilinearOptions", {"alignCorners": False, "halfPixelCenters": False}),
    "resize_nearest_neighbor": ("ResizeNearestNeighborOptions", {"alignCorners": False, "halfPixelCenters": False}),
    "bucketize": ("BucketizeOptions", {"boundaries": [0.0, 1.0]}),
    "cumsum": ("CumsumOptions", {"exclusive": False, "reverse": False}),
    "mirror_pad": ("MirrorPadOptions", {"mode": 0}),
    "reverse_sequence": ("ReverseSequenceOptions", {"seqDim": 0, "batchDim": 0}),
    "l2_normalization": ("L2NormOptions", {"fusedActivationFunction": 0}),
    "local_response_normalization": (
        "LocalResponseNormalizationOptions",
        {"radius": 5, "bias": 1.0, "alpha": 1.0, "beta": 0.5},
    ),
}
ATTRS = {
    "depth_to_space": "block_size = 2 : i32",
    "space_to_depth": "block_size = 2 : i32",
    "reduce_any": "keep_dims = false",
    "reduce_all": "keep_dims = false",
    "fake_quant": "max = 1.000000e+00 : f32, min = -1.000000e+00 : f32, narrow_range = false, num_bits = 8 : i32",
    "random_standard_normal": "seed = 0 : i64, seed2 = 0 : i64",
    "random_uniform": "seed = 0 : i64, seed2 = 0 : i64",
    "multinomial": "seed = 0 : i64, seed2 = 0 : i64",
    "resize_bilinear": "align_corners = false, half_pixel_centers = false",
    "resize_nearest_neighbor": "align_corners = false, half_pixel_centers = false",
    "bucketize": "boundaries = [0.000000e+00 : f32, 1.000000e+00 : f32]",
    "cumsum": "exclusive = false, reverse = false",
    "mirror_pad": "mode = #tfl<mirror_pad_attr REFLECT>",
    "reverse_sequence": "batch_dim = 0 : i32, seq_dim = 0 : i32",
    "l2_normalization": 'fused_activation_function = "NONE"',
    "local_response_normalization": (
        "alpha = 1.000000e+00 : f32, beta = 5.000000e-01 : f32, bias = 1.000000e+00 : f32, radius = 5 : i32"
    ),
}


def _shape(rng: random.Random) -> Shape:
    if rng.random() < 0.05:
        return None
    return tuple(None if rng.random() < 0.1 else rng.choice((0, 1, 2, 2, 3, 4)) for _ in range(rng.randint(0, 5)))


def _near(rng: random.Random, s: Shape) -> Shape:
    """``s`` half the time; otherwise a size changed, a dimension added or dropped, unranked."""
    if s is None or rng.random() < 0.5:
        return s
    r = rng.random()
    if r < 0.1:
        return None
    dims = list(s)
    if r < 0.5 and dims:
        dims[rng.randrange(len(dims))] = rng.choice((None, 1, 5))
    elif r < 0.75:
        dims.insert(rng.randint(0, len(dims)), rng.choice((1, 2)))
    elif dims:
        dims.pop(rng.randrange(len(dims)))
    return tuple(dims)


def _count(rng: random.Random, n: int) -> int:
    """``n``, or one more now and then (a flatbuffer cannot hold fewer: the importer gives the
    missing operands as ``none``)."""
    return n if rng.random() < 0.95 else n + 1


def cases(seed: int, count: int) -> list[Case]:
    """``count`` one-op cases over every op of :data:`DECLARED`."""
    rng = random.Random(seed)
    names = sorted(DECLARED)
    out = []
    for index in range(count):
        name = names[index % len(names)]
        spec = DECLARED[name]
        operands = _count(rng, spec.operands if spec.operands is not None else rng.randint(1, 3))
        base = _shape(rng)
        e = rng.choice(ELEMENTS)
        inputs = []
        for _ in range(operands):
            s = base if rng.random() < 0.5 else _shape(rng)
            inputs.append(Tensor(s, e if rng.random() < 0.6 else rng.choice(ELEMENTS)))
        outputs = [
            Tensor(_near(rng, base), e if rng.random() < 0.6 else rng.choice(ELEMENTS))
            for _ in range(_count(rng, spec.results))
        ]
        out.append(Case(index, f"tfl.{name}", inputs, outputs, options=OPTIONS.get(name), attrs=ATTRS.get(name, "")))
    return out


def _require() -> None:
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(f"TensorFlow 2.21 is needed for this campaign: {tflmodel.IMPORT_ERROR}")


def test_tfl_declared_ops_match_the_importer() -> None:
    """broadcheck gives the TFLite dialect's verdict and first error on every case."""
    _require()
    tflmodel.compare("tfl declared ops", cases(SEED, COUNT), os.environ.get("BROADCHECK_TFL_TRAITS_DUMP"), SHOW)
