"""``chlo.top_k`` as iree-base-compiler 3.13 verifies it (``ChloOps.td``: ``InferTensorType``;
``inferTopKOp`` in TypeInference.cpp): the operand of rank 1 or more, its last dimension at least
``k``, and the results the operand's shape with ``k`` last, of its element type and ``i32``.

Its custom form, ``chlo.top_k(%x, k = 4, is_stable = false) : T -> (V, I)``, writes ``k`` and
``is_stable`` inside the operand list (:func:`read`).
"""

from __future__ import annotations

import re

from broadcheck.dialects.op import Reading
from broadcheck.dialects.stablehlo.common import Reject, Tensor, Unknown, checked, fail, require, shaped, tensors
from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import element, hlo_compatible
from broadcheck.syntax.statement import Attribute, Statement

_NAMED = re.compile(r"([A-Za-z_]\w*)\s*=\s*([^,)]+)")


def read(statement: Statement) -> Reading:
    """``chlo.top_k(%x, k = 4) : T -> (V, I)``: the operand's and results' types, and ``k`` and
    ``is_stable`` as the properties the parser makes of them."""
    sig = statement.signature
    group = next((i for i in statement.items if i.kind == "values"), None)
    if sig is None or len(sig.inputs) != 1 or len(statement.operands) != 1 or group is None:
        return Reading([None] * len(statement.operands), [None] * statement.result_count)
    properties = []
    for m in _NAMED.finditer(group.text):
        text = m.group(2).strip()
        typed = f"{text} : i64" if m.group(1) == "k" and re.fullmatch(r"-?\d+", text) else text
        start = group.start + m.start()
        properties.append(Attribute(m.group(1), typed, start, group.start + m.end(), True))
    return Reading([sig.inputs[0]], list(sig.outputs), tuple(properties))


def _k(op: Operation) -> int:
    attr = op.attribute("k")
    m = re.fullmatch(r"\s*(-?\d+)\s*(?::\s*i64\s*)?", attr.text) if attr is not None else None
    if m is None:
        raise Unknown("k")
    return int(m.group(1))


@checked
def top_k(op: Operation) -> None:
    """``chlo.top_k``: its inferred types against its results."""
    if len(op.operands) != 1 or len(op.results) != 2:
        raise Unknown("counts")
    require(op, "k")
    k = _k(op)
    (operand,), results = tensors(op)
    if operand.shape is None or operand.bounds is not None or any(t.bounds is not None for t in results):
        raise Unknown("unranked or bounded")
    if len(operand.shape) < 1:
        raise fail("BC1113")
    last = operand.shape[-1]
    if last is not None and last < k:
        raise fail("BC1114", k=k)
    shape = (*operand.shape[:-1], k)
    inferred = [Tensor(shape, operand.element), Tensor(shape, element("i32"))]
    if all(hlo_compatible(a, b) for a, b in zip(inferred, results, strict=True)):
        return
    wrong = [i for i, (a, b) in enumerate(zip(inferred, results, strict=True)) if not hlo_compatible(a, b)]
    args = {"inferred": "', '".join(map(str, inferred)), "actual": "', '".join(map(str, results))}
    expected = shaped(inferred[wrong[0]]) if len(wrong) == 1 else None
    subject = Subject("result", wrong[0]) if len(wrong) == 1 else None
    raise Reject(Problem("BC521", args, subject, expected=expected))
