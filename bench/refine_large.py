"""The large export ``refine`` is timed on: GPT-2's training step (:mod:`bench.jaxmodels`) with a
symbolic batch, as ``jax.export`` writes it.

``python -m bench.refine_large [--layers N] [--out DIR] [--force]`` (in an environment with
``jax``/``jaxlib`` 0.10.2, ``.venv-bench``) writes ``gpt2-train-lN-dyn.mlir``: the same function as
:mod:`bench.exports`' ``gpt2-train-lN`` (AdamW over every parameter), exported with
``jax.export.export`` over token arrays of shape ``(b, 128)``, ``b`` symbolic (so its types carry
``?`` for the batch, with the ``get_dimension_size``/``shape_assertion`` prologue JAX writes), and
printed as ``exported.mlir_module()`` prints it (with its locations). ``broadcheck refine FILE
--dim b=8`` then re-types it at batch 8. The function is only lowered, never run. The cache is
``bench/.data/exports-refine/`` (git-ignored), written again only when missing or ``--force``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports-refine"
LAYERS = 480


def name_of(layers: int) -> str:
    """The file name of the export with ``layers`` layers."""
    return f"gpt2-train-l{layers}-dyn.mlir"


def export_text(layers: int) -> str:
    """The training step of a ``layers``-layer GPT-2 over a symbolic batch ``b``, as JAX exports it."""
    import jax
    import jax.numpy as jnp
    from jax import export

    from bench import jaxmodels as m

    cfg = m.GPT(layers=layers)
    p = cfg.params()
    (b,) = export.symbolic_shape("b")
    tokens = jax.ShapeDtypeStruct((b, cfg.seq), jnp.int32)
    step = jax.ShapeDtypeStruct((), jnp.int32)
    exported = export.export(jax.jit(m.gpt_train_step(cfg)))(p, p, p, step, tokens, tokens)
    return exported.mlir_module()


def chain(ops: int = 20_000, width: int = 64) -> str:
    """A function of ``ops`` StableHLO ops over a ``tensor<?xWIDTHxf32>`` argument, each op using the
    one before (elementwise binary and unary ops, a ``dot_general`` with a weight every 16th op): all
    of it re-typed by ``refine --arg @main:0=tensor<8xWIDTHxf32>``."""
    t = f"tensor<?x{width}xf32>"
    w = f"tensor<{width}x{width}xf32>"
    lines = [f"func.func @main(%arg0: {t}, %arg1: {t}, %arg2: {w}) -> {t} {{"]
    prev = "%arg0"
    for i in range(ops - 1):
        kind = i % 16
        if kind == 15:
            body = f"stablehlo.dot_general {prev}, %arg2, contracting_dims = [1] x [0] : ({t}, {w}) -> {t}"
        elif kind % 4 == 0:
            body = f"stablehlo.add {prev}, %arg1 : {t}"
        elif kind % 4 == 1:
            body = f"stablehlo.tanh {prev} : {t}"
        elif kind % 4 == 2:
            body = f"stablehlo.multiply {prev}, %arg0 : {t}"
        else:
            body = f"stablehlo.exponential {prev} : {t}"
        lines.append(f"  %{i} = {body}")
        prev = f"%{i}"
    lines.append(f"  return {prev} : {t}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write(layers: int = LAYERS, out: Path = OUT, force: bool = False) -> Path:
    """Write the export (unless it is there) and return its path."""
    path = out / name_of(layers)
    if path.exists() and not force:
        return path
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    text = export_text(layers)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(path)
    print(f"{path}: {len(text) / 1e6:.1f} MB in {time.monotonic() - start:.0f} s", file=sys.stderr)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Write the export; print where it is."""
    parser = argparse.ArgumentParser(prog="python -m bench.refine_large", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--layers", type=int, default=LAYERS)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--force", action="store_true", help="write the file even if it is there")
    args = parser.parse_args(argv)
    print(write(args.layers, args.out, args.force))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
