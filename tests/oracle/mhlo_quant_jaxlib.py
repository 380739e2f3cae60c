"""jaxlib 0.10.2's MHLO parser and verifier, with the ``quant`` dialect loaded, on a list of texts.

jaxlib registers ``mhlo`` but not ``quant`` (``!quant.uniform`` is "created with unregistered
dialect"), yet links it in: running the ``vhlo-legalize-to-stablehlo`` pass once, on an empty
module, loads its dependent dialects, ``quant`` among them, into the context. MHLO's verifiers
then run on quantized types as mlir-hlo's ``mhlo_quantized.mlir`` expects.

Reads a JSON list of texts on stdin; writes one JSON verdict a line, as it goes, each a list of
[line, column, message] (empty: the text parses and verifies), so that a caller sees where jaxlib
crashed (it does, on some quantized ``dynamic_broadcast_in_dim``) and can go on after that text. Run
in an interpreter with jax and jaxlib 0.10.2 (``BROADCHECK_JAX_PYTHON``).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

_LOC = re.compile(r":(\d+):(\d+)\)$")


def context() -> Any:
    """jaxlib's MLIR context with ``mhlo`` registered and ``quant`` loaded."""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir, passmanager
    from jaxlib.mlir._mlir_libs import _stablehlo
    from jaxlib.mlir.dialects import mhlo

    _stablehlo.register_stablehlo_passes()
    ctx = jax_mlir.make_ir_context()
    mhlo.register_mhlo_dialect(ctx)
    with ctx:
        empty = ir.Module.parse("module {}")
        passmanager.PassManager.parse("builtin.module(vhlo-legalize-to-stablehlo)").run(empty.operation)
        ir.Module.parse("func.func private @probe(tensor<!quant.uniform<i8:f32, 1.0>>)")  # (fails if not loaded)
    return ctx


def verdict(ctx: Any, text: str) -> list[list[Any]]:
    """The error diagnostics of parsing and verifying ``text`` as [line, column, message]."""
    from jaxlib.mlir import ir

    with ctx:
        try:
            ir.Module.parse(text)
        except ir.MLIRError as err:
            out: list[list[Any]] = []
            for diag in err.error_diagnostics:
                m = _LOC.search(str(diag.location))
                out.append([int(m.group(1)), int(m.group(2)), diag.message] if m else [0, 0, diag.message])
            return out
    return []


def main() -> None:
    """Verdicts of the texts on stdin, as JSON lines on stdout."""
    texts = json.load(sys.stdin)
    ctx = context()
    for text in texts:
        print(json.dumps(verdict(ctx, text)), flush=True)


if __name__ == "__main__":
    main()
