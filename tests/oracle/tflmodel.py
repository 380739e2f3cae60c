"""One-op TFLite models, and what TensorFlow 2.21's TFLite importer says of them.

The importer (``_pywrap_converter_api.FlatBufferToMlir``) builds ``tfl`` ops from a
``.tflite`` flatbuffer and verifies them, printing the verifier's errors to stderr. A
:class:`Case` describes one op: its input tensors (shape, element type, constant values or
``None`` for a graph input, quantization), its outputs and its builtin options; :func:`model`
writes the flatbuffer with TFLite's own schema and :func:`text` the same op as MLIR text (the
constants as ``tfl.pseudo_const``, the options as the attributes the importer gives them).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Dim = int | None
Shape = tuple[Dim, ...] | None

try:
    import flatbuffers  # type: ignore[import-not-found,unused-ignore]
    import numpy as np
    from tensorflow.compiler.mlir.lite.python import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        _pywrap_converter_api as converter,
    )
    from tensorflow.lite.python import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        schema_py_generated as schema,
    )
except ImportError as exc:  # pragma: no cover - depends on the environment
    schema = None
    IMPORT_ERROR: ImportError | None = exc
else:
    IMPORT_ERROR = None

# MLIR element type -> TFLite tensor type.
TENSOR_TYPES = {
    "f32": "FLOAT32",
    "f16": "FLOAT16",
    "f64": "FLOAT64",
    "i32": "INT32",
    "i64": "INT64",
    "i16": "INT16",
    "i8": "INT8",
    "i4": "INT4",
    "ui8": "UINT8",
    "ui16": "UINT16",
    "ui32": "UINT32",
    "i1": "BOOL",
    "complex<f32>": "COMPLEX64",
    "!tf_type.string": "STRING",
}
_NUMPY = {"i32": "int32", "i64": "int64", "i16": "int16", "i8": "int8", "ui8": "uint8", "f32": "float32", "i1": "bool"}

# Quantized element types: MLIR text -> (TFLite type, scale, zero point).
QUANT = {
    "!quant.uniform<i8:f32, 5.000000e-01:1>": ("INT8", 0.5, 1),
    "!quant.uniform<i8:f32, 2.500000e-01:-3>": ("INT8", 0.25, -3),
    "!quant.uniform<u8:f32, 5.000000e-01:128>": ("UINT8", 0.5, 128),
    "!quant.uniform<u8:f32, 2.500000e-01:100>": ("UINT8", 0.25, 100),
    "!quant.uniform<i16:f32, 5.000000e-01>": ("INT16", 0.5, 0),
}


# Builtin operator versions the TFLite interpreter wants (the importer takes any).
VERSIONS = {"tfl.broadcast_to": 2}


@dataclass
class Tensor:
    shape: Shape
    element: str = "f32"
    values: list[int] | None = None
    """A constant's values (flat), or ``None`` for a graph input."""
    values_shape: tuple[int, ...] | None = None
    """The constant's shape when ``shape`` is not static (unused otherwise)."""


@dataclass
class Case:
    index: int
    op: str
    inputs: list[Tensor | None]
    """``None``: an absent optional input (``none`` in MLIR)."""
    outputs: list[Tensor]
    options: tuple[str, dict[str, Any]] | None = None
    """The builtin options table's name and its fields (schema names)."""
    attrs: str = ""
    """The attributes as MLIR text, without the braces."""
    code: str = ""
    """The builtin operator's name; the op's name upper-cased by default."""
    notes: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return text(self)


def _type(t: Tensor | None) -> str:
    if t is None:
        return "none"
    if t.shape is None:
        return f"tensor<*x{t.element}>"
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in t.shape) + t.element + ">"


def _dense(t: Tensor) -> str:
    assert t.values is not None
    if t.shape is not None and len(t.shape) == 0:
        body = str(t.values[0])
    else:
        body = (
            "[" + ", ".join(str(v).lower() for v in t.values) + "]"
            if t.shape is not None and len(t.shape) == 1
            else None
        )
        if body is None:
            body = _nested(t.values, [d or 0 for d in (t.shape or ())])
    return f"dense<{body}> : {_type(t)}"


def _nested(values: list[int], dims: list[int]) -> str:
    if not dims:
        return str(values[0])
    if len(dims) == 1:
        return "[" + ", ".join(str(v) for v in values) + "]"
    step = len(values) // dims[0] if dims[0] else 0
    return "[" + ", ".join(_nested(values[i * step : (i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"


def text(case: Case) -> str:
    """The case as an MLIR function: graph inputs as arguments, constants as ``tfl.pseudo_const``."""
    params: list[str] = []
    body: list[str] = []
    names: list[str] = []
    for i, t in enumerate(case.inputs):
        if t is None:
            body.append(f'  %n{i} = "tfl.no_value"() <{{value}}> : () -> none')
            names.append(f"%n{i}")
        elif t.values is not None:
            body.append(f'  %c{i} = "tfl.pseudo_const"() <{{value = {_dense(t)}}}> : () -> {_type(t)}')
            names.append(f"%c{i}")
        else:
            params.append(f"%a{i}: {_type(t)}")
            names.append(f"%a{i}")
    results = [_type(t) for t in case.outputs]
    head = "%0 = " if len(results) == 1 else f"%0:{len(results)} = " if results else ""
    rtext = results[0] if len(results) == 1 else f"({', '.join(results)})"
    attrs = f" <{{{case.attrs}}}>" if case.attrs else ""
    types = ", ".join(_type(t) for t in case.inputs)
    body.append(f'  {head}"{case.op}"({", ".join(names)}){attrs} : ({types}) -> {rtext}')
    return f"func.func @main({', '.join(params)}) {{\n" + "\n".join(body) + "\n  func.return\n}\n"


def model(case: Case) -> bytes:
    """The case as a one-op TFLite flatbuffer."""
    s = schema
    m = s.ModelT()
    m.version = 3
    m.description = b"broadcheck"
    m.buffers = [s.BufferT()]
    code = getattr(s.BuiltinOperator, case.code or case.op.removeprefix("tfl.").upper())
    oc = s.OperatorCodeT()
    oc.builtinCode = code
    oc.deprecatedBuiltinCode = min(code, 127)
    oc.version = VERSIONS.get(case.op, 1)
    m.operatorCodes = [oc]
    graph = s.SubGraphT()
    graph.name = b"main"
    tensors = []
    node_inputs: list[int] = []
    graph_inputs: list[int] = []
    outputs: list[int] = []
    for position, t in enumerate([*case.inputs, *case.outputs]):
        is_input = position < len(case.inputs)
        if t is None:
            node_inputs.append(-1)
            continue
        tensor = s.TensorT()
        tensor.name = f"t{position}".encode()
        tensor.buffer = 0
        quant = QUANT.get(t.element)
        if quant is not None:
            tensor.type = getattr(s.TensorType, quant[0])
            q = s.QuantizationParametersT()
            q.scale, q.zeroPoint = [quant[1]], [quant[2]]
            tensor.quantization = q
        else:
            tensor.type = getattr(s.TensorType, TENSOR_TYPES[t.element])
        if t.shape is not None:
            tensor.hasRank = True
            tensor.shape = [1 if d is None else d for d in t.shape]
            if None in t.shape:
                tensor.shapeSignature = [-1 if d is None else d for d in t.shape]
        if t.values is not None and is_input:
            buffer = s.BufferT()
            buffer.data = np.asarray(t.values, dtype=_NUMPY[t.element]).tobytes()
            m.buffers.append(buffer)
            tensor.buffer = len(m.buffers) - 1
        index = len(tensors)
        tensors.append(tensor)
        if is_input:
            node_inputs.append(index)
            if t.values is None:
                graph_inputs.append(index)
        else:
            outputs.append(index)
    graph.tensors = tensors
    node = s.OperatorT()
    node.opcodeIndex = 0
    node.inputs = node_inputs
    node.outputs = outputs
    if case.options is not None:
        name, fields = case.options
        node.builtinOptionsType = getattr(s.BuiltinOptions, name)
        options = getattr(s, name + "T")()
        for key, v in fields.items():
            setattr(options, key, v)
        node.builtinOptions = options
    graph.operators = [node]
    graph.inputs = graph_inputs
    graph.outputs = outputs
    m.subgraphs = [graph]
    builder = flatbuffers.Builder(1024)
    builder.Finish(m.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


SILENT = "<the verifier fails without a message>"


def first_error(data: bytes) -> str:
    """The TFLite dialect's first error on importing ``data``: its message, ``ok``, or :data:`SILENT`
    when verification failed without one (only the exporter's follow-up is printed)."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            converter.FlatBufferToMlir(data, False)
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        lines = [line for line in log.read().decode(errors="replace").splitlines() if ": error: " in line]
    errors = [line.split(": error: ", 1)[1] for line in lines]
    real = [e for e in errors if not e.startswith("Failed VHLO")]
    if real:
        return real[0]
    return SILENT if errors else "ok"


CRASHED = "<the importer crashed>"


def first_error_isolated(data: bytes) -> str:
    """:func:`first_error` in a forked child, so that an importer that crashes on a model (it
    segfaults constant-folding ``tfl.rank`` into a quantized result) ends the child, not the
    campaign: :data:`CRASHED` then."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        try:
            answer = first_error(data).encode()
        except BaseException:
            os._exit(3)
        os.write(write, answer)
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return CRASHED
    return b"".join(chunks).decode()


def compare(label: str, batch: Sequence[Case], dump: str | None, show: int = 12) -> None:
    """The importer (:func:`first_error_isolated`) and broadcheck on every case of ``batch``: the
    same first error, or both ``ok``; a case the importer crashes on is counted apart. Prints a
    summary, writes every difference to ``dump`` (a path, if given) and fails on the first ``show``."""
    from . import common

    assert len(batch) >= 2000
    outcomes: Counter[str] = Counter()
    diffs = []
    for case in batch:
        want = first_error_isolated(model(case))
        if want == CRASHED:
            outcomes["importer crashed"] += 1  # no verdict to compare with
            continue
        got = common.broadcheck_first_error(case.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        if want != got:
            diffs.append((case, want, got))
    summary = f"{label}: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    print("\n" + summary)
    lines = [summary]
    for case, want, got in diffs[:show]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    if dump:
        with open(dump, "w") as out:
            for case, want, got in diffs:
                out.write(f"--- case {case.index}\n{case.text}  tool:       {want}\n  broadcheck: {got}\n")
    assert not diffs, "\n".join(lines)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes
