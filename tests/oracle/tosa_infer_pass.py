"""Run with torch-mlir's interpreter (``BROADCHECK_TORCH_PYTHON``) by
``tests/oracle/test_refine_tosa_infer.py``: reads a JSON object on stdin (``input``: a module in
MLIR's generic form, its functions' arguments written with ``?``; ``static``: {function: {argument
index: static type}}; ``refined``: broadcheck's refinement of it, generic too) and writes one JSON
object: each module's types per function, after torch-mlir parsed and verified it, the input's
once its arguments took the static types and upstream MLIR's ``tosa-infer-shapes`` ran on it.

A function's record: ``args`` (argument types), ``results`` (its signature's result types), ``ops``
([name, [result types]] of each op of the input, in order; the ``tensor.cast`` ops the pass inserts
before a user it does not refine, a ``func.return``, are left out) and ``returns`` (the types
``func.return`` is handed, through those inserted casts: the types the pass gave the values).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from torch_mlir import ir, passmanager  # type: ignore[import-not-found]

TAG = "bc.index"
"""The attribute each op of the input is tagged with, so that the ops the pass inserts are known."""


def _ops(func: Any) -> list[Any]:
    return list(func.regions[0].blocks[0].operations)


def _record(func: Any) -> dict[str, Any]:
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    ops, returns = [], []
    for op in _ops(func):
        name = op.operation.name
        if name == "func.return":
            for value in op.operation.operands:
                owner = getattr(value.owner, "operation", None)  # (None: a block argument)
                if owner is not None and owner.name == "tensor.cast" and TAG not in owner.attributes:
                    value = owner.operands[0]
                returns.append(str(value.type))
        elif TAG in op.operation.attributes:
            ops.append([name, [str(r.type) for r in op.operation.results]])
    return {
        "args": [str(t) for t in ftype.inputs],
        "results": [str(t) for t in ftype.results],
        "ops": ops,
        "returns": returns,
    }


def _tag(module: Any) -> None:
    for func in module.body.operations:
        for i, op in enumerate(_ops(func)):
            op.operation.attributes[TAG] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), i)


def _records(module: Any) -> dict[str, Any]:
    return {ir.StringAttr(f.attributes["sym_name"]).value: _record(f) for f in module.body.operations}


def _make_static(module: Any, static: dict[str, dict[str, str]]) -> None:
    """Each function's arguments take their static types (the body's uses see them)."""
    for func in module.body.operations:
        name = ir.StringAttr(func.attributes["sym_name"]).value
        block = func.regions[0].blocks[0]
        new = dict(static.get(name, {}))
        for index, text in new.items():
            block.arguments[int(index)].set_type(ir.Type.parse(text))
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        inputs = [a.type for a in block.arguments]
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, ftype.results))


def main() -> int:
    """Refine with ``tosa-infer-shapes`` and read both modules; the JSON on stdout."""
    request = json.load(sys.stdin)
    out: dict[str, Any] = {}
    with ir.Context() as context:
        context.load_all_available_dialects()
        module = ir.Module.parse(request["input"])
        _tag(module)
        _make_static(module, request["static"])
        if not module.operation.verify():
            raise SystemExit("the input with static arguments does not verify")
        passmanager.PassManager.parse("builtin.module(func.func(tosa-infer-shapes))").run(module.operation)
        if not module.operation.verify():
            raise SystemExit("tosa-infer-shapes' output does not verify")
        out["pass"] = _records(module)
        out["pass_text"] = str(module)
        refined = ir.Module.parse(request["refined"])
        _tag(refined)
        if not refined.operation.verify():
            raise SystemExit("broadcheck's output does not verify")
        out["ours"] = _records(refined)
    json.dump(out, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
