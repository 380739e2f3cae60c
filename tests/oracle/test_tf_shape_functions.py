"""Differential test of broadcheck's ``tf`` shape-function warnings (BC783, BC784) against
TensorFlow 2.21's own shape functions.

TensorFlow's MLIR verifiers leave most shapes to the ops' shape functions (the C++ functions
``REGISTER_OP(...).SetShapeFn(...)`` in ``tensorflow/core/ops``, which ``tf-shape-inference``
runs): ``MatMul``'s contracted sizes, ``BroadcastTo``'s shapes, ``ExpandDims``' axis, the
reductions' axes, the pools' and convolutions' output sizes... broadcheck warns where the shape
function rejects the operands (BC784, with its message) or infers a result shape that the
written one contradicts (BC783, with the shape inferred).

The oracle is the shape function itself: each case of :mod:`tests.oracle.test_tf_shape_ops`
that TensorFlow's verifier accepts is built as a graph node (``tf.Const`` operands as constants,
the others as placeholders of the operand's shape), which runs the op's shape function; it
either raises (the first line of its message, before `` for '{{node``, is the verdict) or gives
each output's shape.

Must hold: every warning broadcheck gives is the shape function's (the same message, or a
result the inferred shape contradicts, printed the same); no warning where the shape function
accepts the written result. Counted and printed: what the shape function rejects or infers that
broadcheck does not model. Cases whose element types a graph cannot hold (references, ``i2``)
are left out and counted.

Run by ``make oracle-tf``. Knobs: ``BROADCHECK_TF_SHAPE_FN_CASES`` (per family, default 3000),
``BROADCHECK_TF_SHAPE_FN_DUMP`` (a file to write the cases broadcheck does not model to).
"""

from __future__ import annotations

import collections
import os
import re
from typing import Any

import pytest

from .test_tf_shape_ops import DATA, OTHERS, SEED, Case, cases, tf_first_error

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TF_SHAPE_FN_CASES", 3000))
CODES = ("BC783", "BC784")

_TYPE = re.compile(r"tensor<(\*x|(?:(?:\?|\d+)x)*)(.+)>")
_DTYPES = {
    "f32": "float32",
    "f16": "float16",
    "bf16": "bfloat16",
    "f64": "float64",
    "i32": "int32",
    "i64": "int64",
    "i8": "int8",
    "i16": "int16",
    "ui8": "uint8",
    "i1": "bool",
    "complex<f32>": "complex64",
    "!tf_type.string": "string",
    "!tf_type.qint8": "qint8",
    "f8E4M3FN": "float8_e4m3fn",
}


def _type(text: str) -> tuple[str, tuple[int | None, ...] | None]:
    m = _TYPE.fullmatch(text)
    assert m is not None, text
    dims = m.group(1)
    if dims == "*x":
        return m.group(2), None
    return m.group(2), tuple(None if d == "?" else int(d) for d in dims.split("x")[:-1])


def _attr(text: str) -> Any:
    text = re.sub(r"\s*:\s*i\d+$", "", text.strip())
    if text in ("true", "false"):
        return text == "true"
    if text.startswith('"'):
        return text[1:-1]
    if text.startswith("["):
        inner = text[1:-1].strip()
        return [int(v) for v in inner.split(",")] if inner else []
    return int(text)


def shape_function(case: Case) -> tuple[str, Any]:
    """``("error", message)``, ``("shapes", [shape or None per output])``, ``("skip", why)``, or
    ``("crash", None)``: run in a child process (TensorFlow aborts on some constants' types)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        try:
            message = repr(_shape_function(case))
        except Exception as exc:
            message = repr(("skip", f"{type(exc).__name__}: {exc}"))
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
    kind, payload = eval(data.decode())  # our own repr of a tuple of str and lists
    return kind, payload


def _shape_function(case: Case) -> tuple[str, Any]:
    import numpy as np
    import tensorflow as tf  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from tensorflow.python.framework import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        op_def_library,
        op_def_registry,
    )

    name = case.op.split(".", 1)[1]
    opdef = op_def_registry.get(name)
    graph = tf.Graph()
    with graph.as_default():
        tensors = []
        for operand in case.operands:
            element, shape = _type(operand.type)
            if element not in _DTYPES:
                return "skip", f"element {element}"
            dtype = tf.dtypes.as_dtype(_DTYPES[element])
            if operand.value is not None and "!tf_type" not in operand.type:
                values = [float(v) if "." in v else int(v) for v in re.findall(r"-?\d+(?:\.\d+)?", operand.value)]
                array = np.array(values if shape != () else values[0])
                if shape is not None and shape != () and array.size != int(np.prod(shape)):
                    if array.size != 1:  # a splat
                        return "skip", "literal"
                    array = np.full(shape, values[0])
                tensors.append(tf.constant(array.reshape(shape or ()), dtype=dtype))
            else:
                tensors.append(tf.compat.v1.placeholder(dtype, shape=shape))
        results = [_type(r) for r in case.results]
        if any(e not in _DTYPES for e, _ in results):
            return "skip", "result element"
        args: dict[str, Any] = {}
        i = 0
        for arg in opdef.input_arg:
            if arg.number_attr or arg.type_list_attr:
                n = len(tensors) - (len(opdef.input_arg) - 1)
                args[arg.name] = tensors[i : i + n]
                i += n
            else:
                args[arg.name] = tensors[i]
                i += 1
        for text in case.attrs:
            key, value = text.split(" = ", 1)
            args[key] = _attr(value)
        if name in ("Split", "SplitV"):
            args["num_split"] = len(case.results)
        if name == "Unpack":
            args["num"] = len(case.results)
        if name == "Cast":
            args["DstT"] = tf.dtypes.as_dtype(_DTYPES[results[0][0]])
        if name == "BatchMatMulV3":
            args["Tout"] = tf.dtypes.as_dtype(_DTYPES[results[0][0]])
        inferred = {a.type_attr for a in opdef.input_arg} | {a.number_attr for a in opdef.input_arg}
        inferred |= {a.type_list_attr for a in opdef.input_arg}
        for attr in opdef.attr:
            if attr.name in args or attr.name in inferred or not attr.HasField("default_value"):
                continue
            d = attr.default_value
            defaults = {"bool": d.b, "int": d.i, "string": d.s.decode(), "float": d.f, "list(int)": list(d.list.i)}
            if attr.type == "type":
                args[attr.name] = tf.dtypes.as_dtype(d.type)
            elif attr.type in defaults:
                args[attr.name] = defaults[attr.type]
        try:
            _, _, op, _ = op_def_library._apply_op_helper(name, **args)
        except (ValueError, tf.errors.InvalidArgumentError) as exc:
            message = str(exc).split(" for '{{node", 1)[0].splitlines()[0]
            if message.startswith(("List argument '", "Attr '")):  # the op's definition, not its shape function
                return "skip", message
            return "error", message
        except TypeError as exc:  # an attribute or type the graph does not take
            return "skip", f"TypeError {exc}"
        return "shapes", [None if o.shape.rank is None else tuple(o.shape.as_list()) for o in op.outputs]


def _compatible(a: tuple[int | None, ...] | None, b: tuple[int | None, ...] | None) -> bool:
    if a is None or b is None:
        return True
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True))


def _text(shape: tuple[int | None, ...], element: str) -> str:
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in shape) + element + ">"


def expected(case: Case, verdict: tuple[str, Any]) -> list[str]:
    """The warnings the shape function's verdict calls for, as broadcheck words them."""
    kind, payload = verdict
    prefix = f"'{case.op}' op "
    if kind == "error":
        return [f"{prefix}TensorFlow's shape function rejects these operands: {payload}"]
    out = []
    for index, (text, inferred) in enumerate(zip(case.results, payload, strict=False)):
        element, written = _type(text)
        if not _compatible(written, inferred):
            assert inferred is not None
            out.append(
                f"{prefix}result #{index} is '{text}', but TensorFlow's shape function infers "
                f"'{_text(inferred, element)}'"
            )
    return out[:1]


def _warnings(text: str) -> list[str]:
    from broadcheck.api import check_text

    return [d.message for d in check_text(text, path="<case>", profile="llvm") if d.code in CODES]


def _run(family: str, table: Any, seed: int) -> None:
    from .test_tf_ops import _require_tf

    _require_tf()
    outcomes: collections.Counter[str] = collections.Counter()
    false, missed = [], []
    judged = skipped = 0
    for case in cases(table, seed, COUNT):
        if tf_first_error(case.text) != "ok":
            continue
        verdict = shape_function(case)
        if verdict[0] in ("skip", "crash"):
            skipped += 1
            outcomes[verdict[0]] += 1
            continue
        judged += 1
        want, got = expected(case, verdict), _warnings(case.text)
        if got and got[:1] != want:
            false.append((case, want, got))
            outcomes["false"] += 1
        elif want and not got:
            missed.append((case, want))
            outcomes[f"not modelled ({verdict[0]})"] += 1
        else:
            outcomes["warned" if got else "silent, rightly"] += 1
    summary = (
        f"tf shape functions, {family}: {judged} cases the verifier accepts, judged by TensorFlow's shape "
        f"functions ({skipped} left out: element types a graph cannot hold, TensorFlow aborting); {dict(sorted(outcomes.items()))}"
    )
    print("\n" + summary)
    by_op = collections.Counter(case.op for case, _ in missed)
    print(f"  not modelled, per op: {dict(sorted(by_op.items()))}")
    dump = os.environ.get("BROADCHECK_TF_SHAPE_FN_DUMP")
    if dump:
        with open(dump, "a") as out:
            for case, want in missed:
                out.write(f"--- {case.op}\n{case.text}  want: {want}\n")
            for case, want, got in false:
                out.write(f"--- FALSE {case.op}\n{case.text}  want: {want}\n  got:  {got}\n")
    assert judged >= 1000, summary
    lines = [summary] + [f"{c.text}  shape function: {w}\n  broadcheck:     {g}" for c, w, g in false[:10]]
    assert not false, "\n".join(lines)


def test_tf_data_warnings_match_the_shape_functions() -> None:
    _run("data", DATA, SEED + 7)


def test_tf_other_warnings_match_the_shape_functions() -> None:
    _run("others", OTHERS, SEED + 8)
