"""jaxlib's shape refinement, run in an interpreter that has jax (the oracle venv): a helper the
refine campaigns start as a subprocess (``python refine_jaxlib.py < jobs.json > outcomes.json``).

Each job is ``{"text": module, "static": {"index": type}}``: the module's public ``@main`` is
renamed ``@_orig_main`` (private) and called from a new ``@main`` whose arguments have the static
types (a ``stablehlo.convert`` to the old type for each argument named in ``static``, as a
caller of a symbolic export passes static values); then ``_jax.mlir.refine_polymorphic_shapes``
(what ``jax._src.interpreters.mlir.refine_polymorphic_shapes`` calls, with shape assertions on
and static shapes required) refines it, and its output is printed without locations. Each
outcome is ``{"ok": true, "text": ...}`` or ``{"ok": false, "error": ...}``.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any


def wrap(text: str, static: dict[int, str]) -> str:
    """``text`` with its ``@main`` called from a new ``@main`` taking the ``static`` types."""
    match = re.search(r"func\.func public @main\((.*?)\) -> (\(.*?\)|tensor<[^>]*>) \{", text)
    assert match is not None, "no public @main"
    args = re.findall(r"%arg(\d+): (tensor<[^>]*>)", match.group(1))
    results = re.findall(r"(tensor<[^>]*>)", match.group(2))
    types = [static.get(int(i), t) for i, t in args]
    renamed = text.replace("func.func public @main(", "func.func private @_orig_main(", 1)
    body = f"  func.func public @main({', '.join(f'%a{i}: {t}' for i, t in enumerate(types))}) -> ({', '.join(results)}) {{\n"
    passed = []
    for i, t in enumerate(types):
        if i in static:
            body += f"    %c{i} = stablehlo.convert %a{i} : ({t}) -> {args[i][1]}\n"
            passed.append(f"%c{i}")
        else:
            passed.append(f"%a{i}")
    olds = ", ".join(a[1] for a in args)
    body += f"    %r:{len(results)} = func.call @_orig_main({', '.join(passed)}) : ({olds}) -> ({', '.join(results)})\n"
    body += f"    return {', '.join(f'%r#{i}' for i in range(len(results)))} : {', '.join(results)}\n  }}\n"
    end = renamed.rindex("}")
    return renamed[:end] + body + renamed[end:]


def main() -> None:
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib import _jax
    from jax._src.lib.mlir import ir

    jobs: list[dict[str, Any]] = json.load(sys.stdin)
    outcomes = []
    for job in jobs:
        try:
            text = wrap(job["text"], {int(k): v for k, v in job["static"].items()})
            out = _jax.mlir.refine_polymorphic_shapes(
                mlir_module=text.encode(),
                enable_shape_assertions=True,
                validate_static_shapes=True,
                enable_shardy=False,
            )
            with jax_mlir.make_ir_context():
                printed = ir.Module.parse(out).operation.get_asm(enable_debug_info=False)
            outcomes.append({"ok": True, "text": printed})
        except Exception as err:  # the refinement's own error is the outcome
            outcomes.append({"ok": False, "error": str(err)})
    json.dump(outcomes, sys.stdout)


if __name__ == "__main__":
    main()
