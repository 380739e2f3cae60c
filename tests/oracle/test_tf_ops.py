"""Differential test: the ``tf`` and ``tfl`` ops broadcheck checks, against tensorflow-cpu 2.21.

Oracles (both inside the ``tensorflow-cpu==2.21.0`` wheel):

* ``tf``: ``tf.mlir.experimental.run_pass_pipeline(text, "")`` parses and verifies a module with
  TensorFlow's MLIR dialects and raises with the exact message
  (``-:2:8: error: 'tf.Sub' op operands don't have broadcast-compatible shapes``).
* ``tfl``: TF 2.21's MLIR context for ``run_pass_pipeline`` has no ``tfl`` dialect, but its
  TFLite flatbuffer importer (``_pywrap_converter_api.FlatBufferToMlir``) builds ``tfl`` ops
  from a ``.tflite`` model and verifies them, printing the verifier's message to stderr. Each
  ``tfl`` case is a one-op model built with TFLite's own schema (element types are the TFLite
  tensor types, quantized ones as ``!quant.uniform``; dynamic sizes through ``shape_signature``;
  unranked tensors), and the same op written as MLIR text goes to broadcheck.

Cases: every op of :data:`broadcheck.semantics.tf.TF_OPS`, ``tf.Select`` and
:data:`broadcheck.semantics.tf.TFL_OPS`; ranks 0-4, sizes 0/1/2/3/? (now and then larger),
unranked operands and results, results that are right, relaxed, wrong, or carry extra leading
dims; element types the op takes and ones it does not (refs, strings, variants, ``i2``,
``index``, quantized types), mixed element types, vectors and builtin scalars (``tf`` only),
``incompatible_shape_error`` true/false/absent/ill-typed, and now and then an operand or a
result too many. The verdict and the first error message must agree (profile llvm; broadcheck's
warnings are not compared).

This needs TensorFlow, which is too heavy for broadcheck's own environment: ``make oracle-tf``
installs it in an environment of its own (``.venv-tf``) and runs this module from there with the
checkout on ``PYTHONPATH``. It FAILS (never skips) when TensorFlow is missing. Knobs:
``BROADCHECK_TF_CASES`` (default 3000), ``BROADCHECK_TFL_CASES`` (default 2500),
``BROADCHECK_TF_SEED``.
"""

from __future__ import annotations

import collections
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from typing import Any

import pytest

from broadcheck.semantics.tf import TF_OPS, TFL_OPS

from . import common
from .gen import Dim, Generator, Shape

pytestmark = pytest.mark.oracle

try:
    import flatbuffers  # type: ignore[import-not-found,unused-ignore]
    import tensorflow as tf  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from tensorflow.compiler.mlir.lite.python import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        _pywrap_converter_api as tfl_converter,
    )
    from tensorflow.lite.python import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        schema_py_generated as tfl_schema,
    )
except ImportError as exc:  # pragma: no cover - depends on the environment
    tf = None
    _TF_IMPORT_ERROR: ImportError | None = exc
else:
    _TF_IMPORT_ERROR = None

TF_COUNT = int(os.environ.get("BROADCHECK_TF_CASES", 3000))
TFL_COUNT = int(os.environ.get("BROADCHECK_TFL_CASES", 2500))
SEED = int(os.environ.get("BROADCHECK_TF_SEED", 20260301))
SHOW = 15

# ------------------------------------------------------------------------------------------ generation

TF_ELEMENTS = [
    *(
        "f32 f32 f32 f64 f16 bf16 f8E4M3FN i1 i1 i4 i8 i16 i32 i32 i64 ui8 ui16 ui32 ui64 ui4 "
        "complex<f32> complex<f64> !tf_type.string !tf_type.qint8 !tf_type.quint8 !tf_type.variant "
        "!tf_type.resource !tf_type.f32ref !tf_type.int32ref !tf_type.halfref !tf_type.boolref i2 si32 tf32 index"
    ).split(),
    "!tf_type.variant<tensor<f32>>",
]


def _natural(op: str) -> tuple[list[str], str]:
    """Element types an op takes: a random pick from its operand and result constraints."""
    spec = TF_OPS.get(op)
    if op == "tf.Select" or spec is None:
        return ["i1", "f32", "f32"], "f32"
    operands = [sorted(c.elements)[0] for c in spec.operands]
    return operands, sorted(spec.result.elements)[0]


class Shapes(Generator):
    """gen.py's shapes, with size 0 now and then."""

    def dim(self) -> Dim:
        if self.rng.random() < 0.04:
            return 0
        return super().dim()


def tensor(shape: Shape, element: str, kind: str = "tensor") -> str:
    if shape is None:
        return f"{kind}<*x{element}>"
    return f"{kind}<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + element + ">"


def _vector(shape: Shape) -> Shape:
    """A vector shape near ``shape``: vectors take only positive static sizes."""
    return tuple(d if d else 2 for d in shape) if shape is not None else (3,)


@dataclass(frozen=True, slots=True)
class Case:
    index: int
    op: str
    text: str
    model: bytes | None = None
    """The same op as a one-op TFLite model (``tfl`` cases)."""


class TfCases:
    def __init__(self, seed: int) -> None:
        self.shapes = Shapes(seed)
        self.rng = self.shapes.rng

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def elements(self, op: str) -> tuple[list[str], str]:
        operands, result = _natural(op)
        spec = TF_OPS.get(op)
        if spec is not None and self.chance(0.7):
            pick = self.rng.choice(sorted(spec.operands[-1].elements))
            operands = [o if len(spec.operands[i].elements) == 1 else pick for i, o in enumerate(operands)]
            if spec.result.elements == spec.operands[-1].elements:
                result = pick
        if op == "tf.Select" and self.chance(0.5):
            operands[1] = operands[2] = result = self.rng.choice(TF_ELEMENTS)
        if self.chance(0.12):
            operands[self.rng.randrange(len(operands))] = self.rng.choice(TF_ELEMENTS)
        if self.chance(0.08):
            result = self.rng.choice(TF_ELEMENTS)
        return operands, result

    def case(self, index: int) -> Case:
        ops = [*TF_OPS, "tf.Select"]
        op = self.rng.choice(ops)
        arity = 3 if op in ("tf.SelectV2", "tf.Select") else 2
        shapes = list(self.shapes.operands(arity))
        if op == "tf.Select" and self.chance(0.5):  # conditions of rank 0 or 1 are what Select is about
            shapes[0] = self.rng.choice([(), (self.shapes.dim(),)])
            shapes[2] = shapes[1] if self.chance(0.7) else shapes[2]
        result = self.shapes.result(tuple(shapes))
        elements, relem = self.elements(op)
        types = [tensor(s, e) for s, e in zip(shapes, elements, strict=True)]
        rtypes = [tensor(result, relem)]
        if self.chance(0.04):
            i = self.rng.randrange(len(types))
            element = elements[i] if re.fullmatch(r"[a-z]+\d+", elements[i]) else "f32"
            types[i] = tensor(_vector(shapes[i]), element, "vector") if self.chance(0.6) else element
        if self.chance(0.02):
            rtypes[0] = tensor(_vector(result), relem if re.fullmatch(r"[a-z]+\d+", relem) else "f32", "vector")
        if self.chance(0.02):
            types.append(types[-1])
        elif self.chance(0.02):
            types.pop()
        if self.chance(0.015):
            rtypes.append(rtypes[0])
        attrs = ""
        if op in ("tf.Equal", "tf.NotEqual"):
            attrs = self.rng.choice(
                ["", "", " {incompatible_shape_error = true}", " {incompatible_shape_error = false}"]
                + [" {incompatible_shape_error = false}"] * 2
                + [" {incompatible_shape_error = 1 : i64}"]
            )
        names = [f"%a{i}" for i in range(len(types))]
        params = ", ".join(f"{n}: {t}" for n, t in zip(names, types, strict=True))
        results = "%0 = " if len(rtypes) == 1 else f"%0:{len(rtypes)} = "
        rtext = rtypes[0] if len(rtypes) == 1 else f"({', '.join(rtypes)})"
        text = (
            f"func.func @f({params}) {{\n"
            f'  {results}"{op}"({", ".join(names)}){attrs} : ({", ".join(types)}) -> {rtext}\n'
            "  func.return\n}\n"
        )
        return Case(index, op, text)


# TFLite tensor types and the element type the importer gives them; (type, scale, zero point) for quantized.
TFL_ELEMENTS: list[tuple[str, tuple[str, float, int] | None]] = [
    ("f32", None),
    ("f32", None),
    ("f32", None),
    ("i32", None),
    ("i32", None),
    ("i64", None),
    ("i16", None),
    ("i8", None),
    ("ui8", None),
    ("ui32", None),
    ("i1", None),
    ("i1", None),
    ("f16", None),
    ("f64", None),
    ("complex<f32>", None),
    ("!tf_type.string", None),
    ("!quant.uniform<i8:f32, 5.000000e-01:1>", ("INT8", 0.5, 1)),
    ("!quant.uniform<i8:f32, 2.500000e-01:-3>", ("INT8", 0.25, -3)),
    ("!quant.uniform<u8:f32, 5.000000e-01:128>", ("UINT8", 0.5, 128)),
    ("!quant.uniform<i16:f32, 5.000000e-01>", ("INT16", 0.5, 0)),
]
_TFL_TYPE = {
    "f32": "FLOAT32",
    "i32": "INT32",
    "i64": "INT64",
    "i16": "INT16",
    "i8": "INT8",
    "ui8": "UINT8",
    "ui32": "UINT32",
    "i1": "BOOL",
    "f16": "FLOAT16",
    "f64": "FLOAT64",
    "complex<f32>": "COMPLEX64",
    "!tf_type.string": "STRING",
}
_TFL_NATURAL = {
    "tfl.logical_and": (["i1", "i1"], "i1"),
    "tfl.logical_or": (["i1", "i1"], "i1"),
    "tfl.select_v2": (["i1", "f32", "f32"], "f32"),
    "tfl.bitwise_xor": (["i32", "i32"], "i32"),
    **{f"tfl.{n}": (["f32", "f32"], "i1") for n in "less greater less_equal greater_equal equal not_equal".split()},
}
# The builtin options each op needs (the importer crashes on a missing one).
_TFL_OPTIONS = {"add": "AddOptions", "sub": "SubOptions", "mul": "MulOptions", "div": "DivOptions"}
# ActivationFunctionType values and the strings the importer gives them (9 is out of range).
_TFL_ACTIVATION = {0: "NONE", 1: "RELU", 3: "RELU6"}


class TflCases(TfCases):
    def __init__(self, seed: int, template: bytes) -> None:
        super().__init__(seed)
        self.template = template

    def element(self) -> tuple[str, tuple[str, float, int] | None]:
        return self.rng.choice(TFL_ELEMENTS)

    def case(self, index: int) -> Case:
        op = self.rng.choice(sorted(TFL_OPS))
        arity = len(TFL_OPS[op].summaries)
        shapes = list(self.shapes.operands(arity))
        if self.chance(0.08):  # ranks the runtime limits (4/5/6) and beyond
            rank = self.rng.randint(4, 7)
            base = tuple(self.rng.choice((1, 2, 3)) for _ in range(rank))
            shapes = [base if self.chance(0.5) else tuple(self.rng.choice((1, d)) for d in base) for _ in shapes]
        if op == "tfl.prelu" and self.chance(0.6) and shapes[0]:
            shapes[1] = tuple(self.rng.choice((1, d)) for d in shapes[0][1:])
        result = self.shapes.result(tuple(shapes))
        natural, rnatural = _TFL_NATURAL.get(op, (["f32"] * arity, "f32"))
        pick = self.element()
        elements: list[tuple[str, tuple[str, float, int] | None]] = [(e, None) for e in natural]
        relem: tuple[str, tuple[str, float, int] | None] = (rnatural, None)
        if self.chance(0.6):
            start = 1 if op == "tfl.select_v2" else 0
            elements = elements[:start] + [pick] * (arity - start)
            if rnatural != "i1":
                relem = pick
        if self.chance(0.25):
            elements[self.rng.randrange(arity)] = self.element()
        if self.chance(0.15):
            relem = self.element()
        types = [tensor(s, e[0]) for s, e in zip(shapes, elements, strict=True)]
        rtype = tensor(result, relem[0])
        names = [f"%a{i}" for i in range(arity)]
        params = ", ".join(f"{n}: {t}" for n, t in zip(names, types, strict=True))
        # The fused activation (an attribute of add, sub, mul, div): now and then one the enum has not
        # (the importer writes an out-of-range value as "").
        activation = None
        attrs = ""
        if op.removeprefix("tfl.") in _TFL_OPTIONS and self.chance(0.3):
            activation = self.rng.choice((0, 1, 3, 9))
            attrs = f' {{fused_activation_function = "{_TFL_ACTIVATION.get(activation, "")}"}}'
        text = (
            f"func.func @main({params}) {{\n"
            f'  %0 = "{op}"({", ".join(names)}){attrs} : ({", ".join(types)}) -> {rtype}\n'
            "  func.return\n}\n"
        )
        model = self.model(op, list(zip(shapes, elements, strict=True)), (result, relem), activation)
        return Case(index, op, text, model)

    def model(
        self,
        op: str,
        operands: list[tuple[Shape, tuple[str, tuple[str, float, int] | None]]],
        result: tuple[Shape, tuple[str, tuple[str, float, int] | None]],
        activation: int | None = None,
    ) -> bytes:
        s = tfl_schema
        m = s.ModelT.InitFromPackedBuf(self.template, 0)
        name = op.removeprefix("tfl.").upper()
        code = getattr(s.BuiltinOperator, name)
        m.operatorCodes[0].builtinCode = code
        m.operatorCodes[0].deprecatedBuiltinCode = min(code, 127)
        graph = m.subgraphs[0]
        buffer = graph.tensors[0].buffer
        tensors = []
        for i, (shape, (element, quant)) in enumerate([*operands, result]):
            t = s.TensorT()
            t.name, t.buffer = f"t{i}".encode(), buffer
            if quant is not None:
                t.type = getattr(s.TensorType, quant[0])
                q = s.QuantizationParametersT()
                q.scale, q.zeroPoint = [quant[1]], [quant[2]]
                t.quantization = q
            else:
                t.type = getattr(s.TensorType, _TFL_TYPE[element])
            if shape is not None:
                t.hasRank = True
                t.shape = [1 if d is None else d for d in shape]
                if None in shape:
                    t.shapeSignature = [-1 if d is None else d for d in shape]
            tensors.append(t)
        graph.tensors = tensors
        node = graph.operators[0]
        node.inputs = list(range(len(operands)))
        node.outputs = [len(operands)]
        options = _TFL_OPTIONS.get(op.removeprefix("tfl."))
        if options:
            node.builtinOptionsType = getattr(s.BuiltinOptions, options)
            node.builtinOptions = getattr(s, options + "T")()
            if activation is not None:
                node.builtinOptions.fusedActivationFunction = activation
        else:
            node.builtinOptionsType, node.builtinOptions = 0, None
        graph.inputs, graph.outputs = node.inputs, node.outputs
        builder = flatbuffers.Builder(1024)
        builder.Finish(m.Pack(builder), file_identifier=b"TFL3")
        return bytes(builder.Output())


# ------------------------------------------------------------------------------------------ oracles

_ERROR = re.compile(r"^(?:-|loc\(.*?\)):?\d*:?\d*:? error: (.*)$")


def tf_first_error(text: str) -> str:
    """The TF dialect's first error on ``text``, or ``ok``."""
    try:
        tf.mlir.experimental.run_pass_pipeline(text, "", show_debug_info=False)
    except Exception as exc:  # the binding raises a plain Exception with the diagnostics as text
        for line in str(exc).splitlines():
            if ": error: " in line:
                return line.split(": error: ", 1)[1]
        return "unreadable: " + str(exc)[:200]
    return "ok"


def tfl_first_error(model: bytes) -> str:
    """The TFLite dialect's first error on importing ``model``, or ``ok`` (the importer prints errors to stderr)."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            tfl_converter.FlatBufferToMlir(model, False)
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        errors = [
            line.split(": error: ", 1)[1]
            for line in log.read().decode(errors="replace").splitlines()
            if ": error: " in line
        ]
    errors = [e for e in errors if not e.startswith("Failed VHLO")]  # the exporter's follow-up
    return errors[0] if errors else "ok"


def _template() -> bytes:
    """A real one-op TFLite model from TF's converter; cases swap in their own op and tensors."""

    @tf.function(  # type: ignore[untyped-decorator,unused-ignore]
        input_signature=[tf.TensorSpec([2, 3], tf.float32), tf.TensorSpec([3], tf.float32)]
    )
    def f(a: Any, b: Any) -> Any:
        return tf.math.squared_difference(a, b)

    converter = tf.lite.TFLiteConverter.from_concrete_functions([f.get_concrete_function()], f)
    return bytes(converter.convert())


def _broadcheck(text: str) -> str:
    return common.broadcheck_first_error(text)


_KINDS = [
    ("type constraint", r"(operand|result) #\d+ must be "),
    ("result count", r"requires one result"),
    ("operand count", r"operands, but found"),
    ("bool attribute", r"failed to satisfy constraint: bool attribute"),
    ("activation attribute", r"attribute 'fused_activation_function' failed to satisfy constraint"),
    ("operands broadcast", r"op operands don't have broadcast-compatible shapes"),
    ("result broadcast", r"result type '.*' not broadcast compatible"),
    ("tf element types", r"requires compatible element types"),
    ("tfl element predicate", r"failed to verify that .* element type"),
    ("same element type", r"requires the same element type"),
    ("select", r"requires t and e|requires that"),
    ("prelu", r"'alpha'|'input' and 'output'"),
    ("same scale", r"violate the same scale constraint"),
]


def kind(message: str) -> str:
    return common.kind(message, _KINDS)


def _require_tf() -> None:
    if tf is None:
        pytest.fail(
            f"the tf oracle tests need tensorflow-cpu 2.21 ({_TF_IMPORT_ERROR}); see this module's docstring",
            pytrace=False,
        )


@pytest.fixture(scope="module")
def tf_cases() -> list[Case]:
    cases = TfCases(SEED)
    return [cases.case(i) for i in range(TF_COUNT)]


@pytest.fixture(scope="module")
def tfl_cases() -> list[Case]:
    _require_tf()
    cases = TflCases(SEED + 1, _template())
    return [cases.case(i) for i in range(TFL_COUNT)]


def _compare(cases: list[Case], expected: list[str], family: str) -> None:
    diffs = []
    outcomes: collections.Counter[str] = collections.Counter()
    for case, want in zip(cases, expected, strict=True):
        got = _broadcheck(case.text)
        outcomes[kind(want)] += 1
        if got != want:
            diffs.append((case, want, got))
    summary = f"{family}: {len(cases)} cases, {len(cases) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    print("\n" + summary)
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)


def test_tf_ops_match_tensorflow(tf_cases: list[Case]) -> None:
    """broadcheck (profile llvm) gives TensorFlow's verdict and first error on every ``tf`` case."""
    _require_tf()
    expected = [tf_first_error(case.text) for case in tf_cases]
    assert len(tf_cases) >= 2000
    strays = [(c, e) for c, e in zip(tf_cases, expected, strict=True) if e != "ok" and not e.startswith(f"'{c.op}'")]
    assert not strays, "cases rejected before the op's verifier:\n" + "\n".join(
        f"{c.text}=> {e}" for c, e in strays[:5]
    )
    assert {c.op for c in tf_cases} == {*TF_OPS, "tf.Select"}
    kinds = collections.Counter(kind(e) for e in expected)
    assert kinds["ok"] >= len(tf_cases) // 10 and kinds["operands broadcast"] and kinds["result broadcast"], kinds
    _compare(tf_cases, expected, "tf")


def test_tfl_ops_match_the_tflite_importer(tfl_cases: list[Case]) -> None:
    """broadcheck (profile llvm) gives the TFLite dialect's verdict and first error on every ``tfl`` case."""
    expected = [tfl_first_error(case.model) for case in tfl_cases if case.model is not None]
    assert len(tfl_cases) >= 2000
    assert {c.op for c in tfl_cases} == set(TFL_OPS)
    kinds = collections.Counter(kind(e) for e in expected)
    assert kinds["ok"] >= len(tfl_cases) // 10 and kinds["operands broadcast"] and kinds["result broadcast"], kinds
    assert not kinds["other"], [e for e in expected if kind(e) == "other"][:5]
    _compare(tfl_cases, expected, "tfl")
