"""Differential test of broadcheck's ``tfl`` kernel warnings (BC762, BC763) against the TFLite
interpreter of tensorflow-cpu 2.21.

The ``tfl`` verifier leaves much to the TFLite kernels: ``broadcast_to``'s shapes, ``squeeze``'s,
``tile``'s, the pools' output sizes, a depthwise filter's channels... broadcheck warns where the
kernel's ``Prepare`` would reject the operands (BC763) or compute another result shape (BC762).
The oracle is the kernel itself: each case that the importer verifies (the campaign's cases of
:mod:`tests.oracle.test_tfl_shape_ops`, static shapes only, every shape-like operand a constant)
is run through ``tf.lite.Interpreter(...).allocate_tensors()`` in a child process (the
interpreter aborts the process on some models), which either rejects it or computes each
output's shape.

Must hold: no warning where the kernel accepts the op with the result written (a false
warning). Counted and printed: what the kernel rejects that broadcheck does not model (element
types the kernel lacks, quantization parameters, delegate failures, ...).

Run by ``make oracle-tf``. Knobs: ``BROADCHECK_TFL_KERNEL_CASES`` (per family, default 3000).
"""

from __future__ import annotations

import collections
import os
from typing import Any

import pytest

from . import tflmodel
from .test_tfl_shape_ops import DATA, NN, SEED, cases

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_KERNEL_CASES", 3000))

# Operands whose values the kernel reads to size the result: without them it cannot say.
SHAPE_OPERANDS = {
    "tfl.broadcast_to": [1],
    "tfl.broadcast_args": [0, 1],
    "tfl.pad": [1],
    "tfl.padv2": [1],
    "tfl.fill": [0],
    "tfl.tile": [1],
    "tfl.expand_dims": [1],
    "tfl.one_hot": [1],
    "tfl.reshape": [1],
    "tfl.slice": [1, 2],
    "tfl.strided_slice": [1, 2, 3],
    "tfl.transpose": [1],
    "tfl.split": [0],
    "tfl.split_v": [1, 2],
    "tfl.transpose_conv": [0],
    **{f"tfl.{name}": [1] for name in "mean sum reduce_max reduce_min reduce_prod".split()},
}


def interpret(model: bytes) -> tuple[str, Any]:
    """``("ok", output shapes)``, ``("reject", message)`` or ``("crash", None)``, from a child process."""
    import tensorflow as tf  # type: ignore[import-untyped,import-not-found,unused-ignore]

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        try:
            interpreter = tf.lite.Interpreter(model_content=model)
            interpreter.allocate_tensors()
            shapes = [tuple(int(x) for x in d["shape"]) for d in interpreter.get_output_details()]
            message = repr(("ok", shapes))
        except Exception as exc:
            message = repr(("reject", str(exc).splitlines()[0][:300]))
        os.write(write, message.encode())
        os._exit(0)
    os.close(write)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    os.waitpid(pid, 0)
    if not data:
        return "crash", None
    kind, payload = eval(data.decode())  # our own repr of a tuple of str and tuples
    return kind, payload


def _warnings(text: str) -> list[Any]:
    from broadcheck.api import check_text

    return [d for d in check_text(text, path="<case>", profile="llvm") if d.code in ("BC762", "BC763")]


def _run(family: str, table: Any, seed: int) -> None:
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(f"the tfl oracle needs tensorflow-cpu 2.21 ({tflmodel.IMPORT_ERROR})", pytrace=False)
    batch, _ = cases(table, seed, COUNT)
    outcomes: collections.Counter[tuple[str, str]] = collections.Counter()
    false, missed = [], []
    judged = 0
    for case in batch:
        inputs = [t for t in case.inputs if t is not None]
        if any(t.shape is None or None in t.shape for t in [*inputs, *case.outputs]):
            continue
        if any(case.inputs[i] is not None and case.inputs[i].values is None for i in SHAPE_OPERANDS.get(case.op, [])):  # type: ignore[union-attr]
            continue
        model = tflmodel.model(case)
        if tflmodel.first_error(model) != "ok":
            continue
        judged += 1
        warned = _warnings(case.text)
        kind, payload = interpret(model)
        if kind == "ok":
            kind = "ok" if payload == [tuple(t.shape or ()) for t in case.outputs] else "other shape"
        outcomes[(kind, warned[0].code if warned else "-")] += 1
        if warned and kind == "ok":
            false.append((case, warned[0].message))
        elif not warned and kind in ("reject", "other shape"):
            missed.append((case, kind, payload))
    summary = (
        f"tfl kernels, {family}: {judged} cases the verifier accepts, judged by the interpreter; "
        f"(kernel verdict, broadcheck) {dict(sorted(outcomes.items()))}; {len(false)} false warnings, "
        f"{len(missed)} kernel verdicts broadcheck does not model"
    )
    print("\n" + summary)
    for case, kind, payload in missed[:5]:
        print(f"  not modelled: {case.op} {kind}: {payload}")
    assert judged >= 500, summary
    assert not false, "\n".join([summary] + [f"{c.text}  broadcheck: {m}" for c, m in false[:10]])


def test_tfl_data_warnings_match_the_kernels() -> None:
    _run("data", DATA, SEED + 7)


def test_tfl_nn_warnings_match_the_kernels() -> None:
    _run("nn", NN, SEED + 8)
