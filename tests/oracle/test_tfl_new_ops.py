"""Differential test: the ``tfl`` ops declared last (``scatter_nd``, ``bitcast``, ``leaky_relu``,
``conv_3d``, ``conv_3d_transpose``, ``basic_lstm``, ``lstm``, ``unidirectional_sequence_lstm``,
``bidirectional_sequence_lstm``, ``svdf``, ``unidirectional_sequence_rnn``; the resource ops
``hashtable*``, ``var_handle``, ``read_variable``, ``assign_variable``, which check only that each
operand and result is a tensor) against TensorFlow 2.21's TFLite importer.

Each case starts from a valid one-op model of the op (the template below) and changes zero to three
of its tensors: a size changed, a dimension added or dropped, unranked, another element type, an
optional operand left out (``none``) or given; a constant operand's values (``scatter_nd``'s shape)
now and then. The first error must agree (:func:`tests.oracle.tflmodel.compare`).

Run with TensorFlow's environment (``make oracle-tf``); FAILS (never skips) when TensorFlow is
missing. Knobs: ``BROADCHECK_TFL_NEW_CASES`` (cases per family, default 2000),
``BROADCHECK_TFL_NEW_SEED``, ``BROADCHECK_TFL_NEW_DUMP`` (a path for every difference).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from . import tflmodel
from .tflmodel import Case, Tensor

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_NEW_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_TFL_NEW_SEED", 20261129))

R = "!tf_type.resource"
tflmodel.TENSOR_TYPES.setdefault(R, "RESOURCE")
ELEMENTS = ["f32", "f32", "i32", "i8", "ui8", "i16", "i64", "i1", R, *tflmodel.QUANT]
_HASHTABLE = ("HashtableOptions", {"tableId": 1, "keyDtype": 2, "valueDtype": 0})
Template = tuple[list[Tensor | None], list[Tensor], tuple[str, dict[str, Any]] | None, str]


def _t(*dims: int, e: str = "f32", values: list[int] | None = None) -> Tensor:
    return Tensor(tuple(dims), e, values)


_CONV3D = {
    "padding": 0,
    "strideD": 1,
    "strideW": 1,
    "strideH": 1,
    "fusedActivationFunction": 0,
    "dilationDFactor": 1,
    "dilationWFactor": 1,
    "dilationHFactor": 1,
}
_CONV3D_ATTRS = (
    "dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, "
    'fused_activation_function = "NONE", padding = "SAME", stride_d = 1 : i32, stride_h = 1 : i32, stride_w = 1 : i32'
)


def _lstm_inputs(first: Tensor) -> list[Tensor | None]:
    """The 24 operands of an LSTM with batch 2, input 3, cell 4, output 4 (no peephole, projection
    or layer norm)."""
    w_in = [_t(4, 3) for _ in range(4)]
    w_rec = [_t(4, 4) for _ in range(4)]
    peep: list[Tensor | None] = [None, None, None]
    bias = [_t(4) for _ in range(4)]
    proj: list[Tensor | None] = [None, None]
    states = [_t(2, 4), _t(2, 4)]
    norms: list[Tensor | None] = [None, None, None, None]
    return [first, *w_in, *w_rec, *peep, *bias, *proj, *states, *norms]


def _bidi_inputs() -> list[Tensor | None]:
    side: list[Tensor | None] = [
        *(_t(4, 3) for _ in range(4)),
        *(_t(4, 4) for _ in range(4)),
        _t(4),
        _t(4),
        _t(4),
        *(_t(4) for _ in range(4)),
        _t(4, 4),
        _t(4),
    ]
    bw = [Tensor(t.shape, t.element) if t else None for t in side]
    return [_t(5, 2, 3), *side, *bw, _t(2, 4), _t(2, 4), _t(2, 4), _t(2, 4), *([None] * 9)]


TEMPLATES: dict[str, Callable[[random.Random], Template]] = {
    "hashtable": lambda rng: ([], [_t(e=R)], _HASHTABLE, "key_dtype = i32, table_id = 1 : i32, value_dtype = f32"),
    "hashtable_find": lambda rng: ([_t(e=R), _t(3, e="i32"), _t(e="f32")], [_t(3)], None, ""),
    "hashtable_import": lambda rng: ([_t(e=R), _t(3, e="i32"), _t(3)], [], None, ""),
    "hashtable_size": lambda rng: ([_t(e=R)], [_t(e="i64")], None, ""),
    "var_handle": lambda rng: (
        [],
        [_t(e=R)],
        ("VarHandleOptions", {"container": b"", "sharedName": b"v"}),
        'container = "", shared_name = "v"',
    ),
    "read_variable": lambda rng: ([_t(e=R)], [_t(4, 5)], None, ""),
    "assign_variable": lambda rng: ([_t(e=R), _t(4, 5)], [], None, ""),
    "leaky_relu": lambda rng: (
        [_t(2, 3)],
        [_t(2, 3)],
        ("LeakyReluOptions", {"alpha": 0.2}),
        "alpha = 2.000000e-01 : f32",
    ),
    "scatter_nd": lambda rng: (
        [_t(2, 1, e="i32"), _t(2, 3), _t(2, e="i32", values=[4, 3] if rng.random() < 0.5 else None)],
        [_t(4, 3)],
        None,
        "",
    ),
    "bitcast": lambda rng: (
        [Tensor((2, rng.choice((1, 2, 4, 8))), rng.choice(("i8", "i16", "i32", "f32", "i64", "i1", "ui8")))],
        [Tensor((2, rng.choice((1, 2, 4))), rng.choice(("i8", "i16", "i32", "f32", "i64", "i1", "ui8")))],
        None,
        "",
    ),
    "conv_3d": lambda rng: (
        [_t(1, 4, 4, 4, 2), _t(2, 2, 2, 2, 3), _t(3)],
        [_t(1, 4, 4, 4, 3)],
        ("Conv3DOptions", _CONV3D),
        _CONV3D_ATTRS,
    ),
    "conv_3d_transpose": lambda rng: (
        [_t(5, e="i32", values=[1, 4, 4, 4, 3]), _t(2, 2, 2, 3, 2), _t(1, 4, 4, 4, 2), _t(2)],
        [_t(1, 4, 4, 4, 3)],
        ("Conv3DOptions", _CONV3D),
        _CONV3D_ATTRS,
    ),
    "basic_lstm": lambda rng: (
        [_t(1, 4), _t(1, 4), _t(16, 8), _t(16), _t(1, 4)],
        [_t(1, 4), _t(1, 4), _t(1, 8), _t(1, 16)],
        ("LSTMOptions", {"fusedActivationFunction": 4, "cellClip": 0.0, "projClip": 0.0, "kernelType": 1}),
        "",
    ),
    "svdf": lambda rng: (
        [_t(2, 3), _t(4, 3), _t(4, 5), _t(4), _t(2, 20)],
        [_t(2, 4)],
        ("SVDFOptions", {"rank": 1, "fusedActivationFunction": 0}),
        "",
    ),
    "unidirectional_sequence_rnn": lambda rng: (
        [_t(2, 3, 4), _t(5, 4), _t(5, 5), _t(5), _t(2, 5)],
        [_t(2, 3, 5)],
        ("SequenceRNNOptions", {"timeMajor": False, "fusedActivationFunction": 0}),
        "",
    ),
    "lstm": lambda rng: (
        _lstm_inputs(_t(2, 3)),
        [_t(2, 4)],
        ("LSTMOptions", {"fusedActivationFunction": 4, "cellClip": 0.0, "projClip": 0.0, "kernelType": 0}),
        "",
    ),
    "unidirectional_sequence_lstm": lambda rng: (
        _lstm_inputs(_t(2, 5, 3)),
        [_t(2, 5, 4)],
        ("UnidirectionalSequenceLSTMOptions", {"fusedActivationFunction": 4, "timeMajor": False}),
        "time_major = false",
    ),
    "bidirectional_sequence_lstm": lambda rng: (
        _bidi_inputs(),
        [_t(5, 2, 4), _t(5, 2, 4)],
        ("BidirectionalSequenceLSTMOptions", {"fusedActivationFunction": 4, "mergeOutputs": False, "timeMajor": True}),
        "",
    ),
}

FAMILIES = {
    "scatter_nd and bitcast": ["scatter_nd", "bitcast", "leaky_relu"],
    "conv_3d": ["conv_3d", "conv_3d_transpose"],
    "recurrent": ["basic_lstm", "svdf", "unidirectional_sequence_rnn"],
    "lstm": ["lstm", "unidirectional_sequence_lstm", "bidirectional_sequence_lstm"],
    "resource": [
        "hashtable",
        "hashtable_find",
        "hashtable_import",
        "hashtable_size",
        "var_handle",
        "read_variable",
        "assign_variable",
    ],
}


def _near(rng: random.Random, t: Tensor) -> Tensor:
    """``t`` with a size changed, a dimension added or dropped, or unranked."""
    if t.shape is None:
        return Tensor((2, 2), t.element)
    r = rng.random()
    dims = list(t.shape)
    if r < 0.08:
        return Tensor(None, t.element)
    if r < 0.6 and dims:
        dims[rng.randrange(len(dims))] = rng.choice((None, 1, 2, 3, 4, 5, 8))
    elif r < 0.8:
        dims.insert(rng.randint(0, len(dims)), rng.choice((1, 2)))
    elif dims:
        dims.pop(rng.randrange(len(dims)))
    return Tensor(tuple(dims), t.element)


def _mutate(rng: random.Random, inputs: list[Tensor | None], outputs: list[Tensor]) -> None:
    k = rng.randrange(len(inputs) + len(outputs))
    is_input = k < len(inputs)
    t = inputs[k] if is_input else outputs[k - len(inputs)]
    r = rng.random()
    if t is None:
        new: Tensor | None = _t(*rng.choice(((4,), (4, 4), (4, 3), (2,))))
    elif t.values is not None:
        if r < 0.5:
            new = Tensor(t.shape, t.element, [rng.choice((0, 1, 2, 3, 4, 5, -1)) for _ in t.values])
        else:
            new = Tensor(t.shape, t.element)
    elif r < 0.55:
        new = _near(rng, t)
    elif r < 0.85:
        new = Tensor(t.shape, rng.choice(ELEMENTS))
    elif is_input and r < 0.95:
        new = None
    else:
        new = Tensor(t.shape, "i32")
    if is_input:
        inputs[k] = new
    elif new is not None:
        outputs[k - len(inputs)] = new


def _reads_past(name: str, inputs: list[Tensor | None]) -> bool:
    """Whether ``ScatterNdOp::verify`` would read past the updates' shape on these inputs: undefined
    behaviour in the importer (it prints a garbage size such as ``updates.Dims(1) == 94829872101424``),
    so such a case has no verdict to compare (broadcheck says nothing there)."""
    if name != "scatter_nd" or len(inputs) < 3 or inputs[0] is None or inputs[1] is None:
        return False
    si, su = inputs[0].shape, inputs[1].shape
    if not si or su is None or any(d is None for d in (*si, *su)):
        return False
    outer = len(si) - 1
    if outer > len(su):
        return True
    values = inputs[2].values if inputs[2] is not None else None
    outermost = si[-1]
    assert outermost is not None
    return values is not None and any(i - outermost + outer >= len(su) for i in range(outermost, len(values)))


def cases(names: list[str], seed: int, count: int) -> list[Case]:
    """``count`` cases over the ops ``names``, each a template with up to three changes (none on which
    the importer's verifier reads out of bounds: :func:`_reads_past`)."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        name = names[index % len(names)]
        while True:
            inputs, outputs, options, attrs = TEMPLATES[name](rng)
            for _ in range(rng.choice((0, 1, 1, 1, 2, 2, 3))):
                _mutate(rng, inputs, outputs)
            if not _reads_past(name, inputs):
                break
        if name in FAMILIES["resource"] and rng.random() < 0.25:  # their only rules: tensors, and the counts
            if inputs and rng.random() < 0.7:
                inputs[rng.randrange(len(inputs))] = None
            else:
                outputs.append(_t(1))
        code = {"basic_lstm": "LSTM"}.get(name, "")
        out.append(Case(index, f"tfl.{name}", inputs, outputs, options=options, attrs=attrs, code=code))
    return out


def _require() -> None:
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(f"TensorFlow 2.21 is needed for this campaign: {tflmodel.IMPORT_ERROR}")


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_tfl_new_ops_match_the_importer(family: str) -> None:
    """broadcheck gives the TFLite dialect's verdict and first error on every case of the family."""
    _require()
    dump = os.environ.get("BROADCHECK_TFL_NEW_DUMP")
    batch = cases(FAMILIES[family], SEED + len(family), COUNT)
    tflmodel.compare(f"tfl {family}", batch, f"{dump}.{family.split()[0]}" if dump else None, 12)
