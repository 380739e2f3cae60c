"""Differential test: ``tfl.custom`` against TensorFlow 2.21's TFLite importer.

Each case is a one-node TFLite model: a ``CUSTOM`` operator (custom code, custom options bytes) of 0-4
inputs, some of them absent (``-1``: the importer writes ``tfl.no_value``, a ``none`` operand), and 0-3
outputs, each tensor of rank 0-3 (``?`` and unranked included) and one of ten element types. The importer
builds ``tfl.custom`` from it and verifies it; broadcheck reads the text the importer prints (its own
output, not a reconstruction) and must give the same verdict and first error, and must check the op.

Of the five ``tfl`` ops broadcheck checked last (``tfl.if``, ``control_node``, ``custom``, ``custom_tf``,
``poly_call``), ``tfl.custom`` is the only one TensorFlow 2.21 builds from outside (an ``IF`` node
becomes ``tf.If``, and TensorFlow 2.21 cannot parse ``tfl`` text); the importer only writes tensors and
``none`` for it, which its verifier accepts, so every case is valid: the campaign holds that broadcheck
raises no false error on any of them (its rejections are in ``tests/fixtures/tfl_regions.mlir``).

Run with TensorFlow's environment (``make oracle-tf``); FAILS (never skips) when TensorFlow is missing.
Knobs: ``BROADCHECK_TFL_CUSTOM_CASES`` (default 2000), ``BROADCHECK_TFL_CUSTOM_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
from dataclasses import dataclass

import pytest

from . import common, tflmodel

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_CUSTOM_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_TFL_CUSTOM_SEED", 20261129))
SHOW = 12

ELEMENTS = ("f32", "i32", "i8", "i1", "ui8", "i64", "i16", "f16", "!tf_type.string", "complex<f32>")

T = tuple[tuple[int | None, ...] | None, str]
"""A tensor: its shape (``None``: unranked) and element type."""


@dataclass
class Custom:
    index: int
    inputs: list[T | None]
    """``None``: an absent optional input."""
    outputs: list[T]
    code: str
    options: list[int]


def model(c: Custom) -> bytes:
    """The case as a one-node TFLite model."""
    import flatbuffers  # type: ignore[import-not-found,unused-ignore]

    s = tflmodel.schema

    def tensor(name: str, t: T) -> object:
        x = s.TensorT()
        x.name, x.buffer = name.encode(), 0
        x.type = getattr(s.TensorType, tflmodel.TENSOR_TYPES[t[1]])
        shape = t[0]
        x.hasRank = shape is not None
        x.shape = [] if shape is None else [1 if d is None else d for d in shape]
        if shape is not None and None in shape:
            x.shapeSignature = [-1 if d is None else d for d in shape]
        return x

    m = s.ModelT()
    m.version, m.buffers = 3, [s.BufferT()]
    code = s.OperatorCodeT()
    code.builtinCode, code.deprecatedBuiltinCode, code.version = s.BuiltinOperator.CUSTOM, 32, 1
    code.customCode = c.code.encode()
    m.operatorCodes = [code]
    present = [t for t in c.inputs if t is not None]
    g = s.SubGraphT()
    g.name = b"main"
    g.tensors = [tensor(f"in{k}", t) for k, t in enumerate(present)] + [
        tensor(f"out{k}", t) for k, t in enumerate(c.outputs)
    ]
    g.inputs = list(range(len(present)))
    g.outputs = list(range(len(present), len(present) + len(c.outputs)))
    ins, k = [], 0
    for t in c.inputs:
        ins.append(-1 if t is None else k)
        k += t is not None
    node = s.OperatorT()
    node.opcodeIndex, node.inputs, node.outputs = 0, ins, g.outputs
    node.customOptions = c.options
    g.operators = [node]
    m.subgraphs = [g]
    builder = flatbuffers.Builder(1024)
    builder.Finish(m.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def _tensor(rng: random.Random) -> T:
    if rng.random() < 0.08:
        return None, rng.choice(ELEMENTS)
    shape = tuple(None if rng.random() < 0.1 else rng.choice((1, 2, 3, 5)) for _ in range(rng.randint(0, 3)))
    return shape, rng.choice(ELEMENTS)


def cases(seed: int, count: int) -> list[Custom]:
    rng = random.Random(seed)
    out = []
    for index in range(count):
        inputs = [None if rng.random() < 0.2 else _tensor(rng) for _ in range(rng.randint(0, 4))]
        outputs = [_tensor(rng) for _ in range(rng.randint(0, 3))]
        code = rng.choice(("MyOp", "TFLite_Detection_PostProcess", "Flex", "x"))
        options = [rng.randrange(256) for _ in range(rng.randint(0, 6))]
        out.append(Custom(index, inputs, outputs, code, options))
    return out


def _imported(data: bytes) -> str:
    from tensorflow.compiler.mlir.lite.python import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        _pywrap_converter_api as converter,
    )

    text: str = converter.FlatBufferToMlir(data, False)
    return text


def test_tfl_custom_matches_the_importer() -> None:
    """broadcheck gives the importer's verdict on every imported ``tfl.custom``, and checks it."""
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(f"TensorFlow 2.21 is needed for this campaign: {tflmodel.IMPORT_ERROR}")
    from broadcheck.api import check_text

    batch = cases(SEED, COUNT)
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    diffs = []
    for case in batch:
        data = model(case)
        want = tflmodel.first_error(data)
        outcomes[want if want == "ok" else "error"] += 1
        text = _imported(data) if want == "ok" else ""
        got = common.broadcheck_first_error(text) if text else "-"
        if want == "ok":
            assert '"tfl.custom"' in text, text
            assert not [d for d in check_text(text, path="<case>", profile="llvm") if d.code == "BC1557"]
        if want != got:
            diffs.append((case, want, got, text))
    summary = f"tfl.custom: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    print("\n" + summary)
    lines = [summary]
    for case, want, got, text in diffs[:SHOW]:
        lines += [f"--- case {case.index}", text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
