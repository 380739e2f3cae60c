"""ONNX-MLIR's ODS type constraints (``constraints.json``, written by
:mod:`broadcheck.dialects.onnx.generate` from ``ONNXOps.td.inc``): what MLIR's generated verifier
checks of each operand and result before the op's own ``verify()``, in its words (BC1650)."""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any, Literal

from broadcheck.ops import OpaqueType, Operation, ShapedType, Type, TypeUse
from broadcheck.semantics import Problem, Subject


@cache
def _table() -> dict[str, Any]:
    # (a plain file read: importlib.resources imports pathlib, tempfile, zipfile, lzma and more, a third
    # of a small ONNX file's run)
    with open(os.path.join(os.path.dirname(__file__), "constraints.json"), encoding="utf-8") as f:
        table: dict[str, Any] = json.loads(f.read())
    return table


def names() -> list[str]:
    """Every op ONNX-MLIR's ODS defines (``onnx.Adagrad``, ...), sorted."""
    return list(_table()["ops"])


def _inner(t: OpaqueType, head: str) -> Type | None:
    from broadcheck.syntax.types import read_type

    try:
        return read_type(t.text[len(head) : -1].strip(), {})
    except Exception:  # (an inner type broadcheck cannot read: not judged)
        return None


def container(t: Type) -> tuple[str, Type | None] | None:
    """An ONNX sequence's or optional's kind (``seq``, ``opt``) and element type (``None``: unreadable);
    ``None`` for any other type."""
    if not isinstance(t, OpaqueType):
        return None
    text = "".join(t.text.split())
    for kind, head in (("seq", "!onnx.Seq<"), ("opt", "!onnx.Opt<")):
        if text.startswith(head):
            return kind, _inner(OpaqueType(text), head)
    return None


def meets(t: Type, tree: list[Any]) -> bool | None:
    """Whether ``t`` meets the constraint ``tree``; ``None`` when broadcheck cannot tell (an alias,
    another dialect's type)."""
    kind = tree[0]
    if kind == "any":
        return True
    if isinstance(t, OpaqueType):
        text = "".join(t.text.split())
        if text.startswith("!") and not text.startswith(("!onnx.Seq<", "!onnx.Opt<", "!onnx.String")):
            return None
    if kind == "any-of":
        verdicts = [meets(t, sub) for sub in tree[1]]
        return True if True in verdicts else (None if None in verdicts else False)
    if kind == "tensor":
        return isinstance(t, ShapedType) and t.kind == "tensor" and "".join(t.element.split()) in tree[1]
    if kind == "any-tensor":
        return isinstance(t, ShapedType) and t.kind == "tensor"
    if not isinstance(t, OpaqueType):
        return False
    text = "".join(t.text.split())
    if kind == "none":
        return text == "none"
    if kind == "any-memref":
        return text.startswith("memref<")
    if kind in ("seq", "opt"):
        found = container(t)
        if found is None or found[0] != kind:
            return False
        return None if found[1] is None else meets(found[1], tree[1])
    if kind == "tuple":
        if not text.startswith("tuple<"):
            return False
        from broadcheck.dialects.onnx.generate import _split

        items = _split(text[len("tuple<") : -1])
        return all("".join(i.split()) in tree[1] for i in items)
    return None


def _groups(uses: list[TypeUse], spec: list[list[Any]]) -> list[tuple[TypeUse, list[Any], str]] | None:
    """Each value with its constraint (tree, summary), ODS's value groups laid over the values; ``None``
    when the count does not fit (MLIR's count traits speak first; not modelled)."""
    constraints = _table()["constraints"]
    variadic = [i for i, (_, k) in enumerate(spec) if constraints[k][0][0] == "variadic"]
    if len(variadic) > 1 or (not variadic and len(uses) != len(spec)) or len(uses) < len(spec) - len(variadic):
        return None
    out = []
    position = 0
    for _, k in spec:
        tree, summary = constraints[k]
        if tree[0] == "variadic":
            n = len(uses) - (len(spec) - 1)
            out += [(u, tree[1], summary) for u in uses[position : position + n]]
            position += n
        else:
            out.append((uses[position], tree, summary))
            position += 1
    return out


def ods_problem(op: Operation) -> Problem | None:
    """The first operand, then result, whose type breaks its ODS constraint (BC1650), as
    ``verifyInvariants`` checks them."""
    spec = _table()["ops"].get(op.name)
    if spec is None:
        return None
    sides: tuple[tuple[Literal["operand", "result"], tuple[TypeUse, ...], list[list[Any]]], ...] = (
        ("operand", op.operands, spec["operands"]),
        ("result", op.results, spec["results"]),
    )
    for kind, uses, values in sides:
        laid = _groups(list(uses), values)
        if laid is None:
            continue
        for index, (use, tree, summary) in enumerate(laid):
            if meets(use.type, tree) is False:
                args = {"kind": kind, "index": index, "constraint": summary, "type": str(use.type)}
                return Problem("BC1650", args, Subject(kind, index))
    return None
