"""Linalg-on-tensors exports for measuring coverage of region-heavy IR: JAX models of
:mod:`bench.jaxmodels` lowered to StableHLO, then to Linalg by iree-base-compiler's own input
pipeline (``iree-opt --iree-stablehlo-input-transformation-pipeline``), which prints mostly
``linalg.generic`` with ``^bb0(...)`` bodies, ``linalg.yield``, ``linalg.index``, ``tensor`` and
``arith`` ops, as torch-mlir's ``linalg-on-tensors`` output does.

``python -m bench.linalg_export [--out DIR]``, in an environment with ``jax``/``jaxlib`` 0.10.2
and ``iree-base-compiler`` 3.13 (the oracle tests'); writes ``NAME.stablehlo.mlir`` and
``NAME.linalg.mlir`` for each model (the cache ``bench/.data/linalg/``, git-ignored).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "linalg"
PIPELINE = "--iree-stablehlo-input-transformation-pipeline"


def _iree_opt() -> str:
    found = shutil.which("iree-opt") or str(Path(sys.executable).with_name("iree-opt"))
    if not Path(found).exists():
        raise SystemExit("iree-opt (iree-base-compiler 3.13) is not installed in this environment")
    return found


def models() -> dict[str, tuple[object, tuple[object, ...]]]:
    """The functions and their argument shapes: a small GPT-2 forward, its decoding loop (a
    ``lax.scan``: a while loop), and a small ResNet."""
    from bench import jaxmodels as jm

    gpt = jm.GPT(layers=2, width=128, heads=4, vocab=1000, context=128, batch=2, seq=32)
    resnet = jm.ResNet(stages=(1, 1), width=16, classes=10, batch=2, size=32)
    return {
        "gpt-forward": (jm.gpt_forward(gpt), (gpt.params(), jm._spec((gpt.batch, gpt.seq), jm.jnp.int32))),
        "gpt-decode": (jm.gpt_decode(gpt, steps=4, scan=True), jm.gpt_decode_args(gpt)),
        "resnet": jm.resnet_inference(resnet),
    }


def main(argv: list[str] | None = None) -> int:
    """Write each model's StableHLO and Linalg text."""
    import jax

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    tool = _iree_opt()
    for name, (fn, fn_args) in models().items():
        text = jax.jit(fn).lower(*fn_args).as_text()  # type: ignore[arg-type]
        hlo = args.out / f"{name}.stablehlo.mlir"
        hlo.write_text(text)
        linalg = args.out / f"{name}.linalg.mlir"
        subprocess.run([tool, PIPELINE, str(hlo), "-o", str(linalg)], check=True)
        print(f"{linalg}: {len(linalg.read_text().splitlines())} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
