"""Real JAX exports for the coverage trial and the mutation campaign: StableHLO/CHLO as jax 0.10.2 prints it.

``python -m bench.jaxexports [--out DIR] [--force]`` runs in the bench-only environment with
``jax``/``jaxlib`` 0.10.2 for CPU (``.venv-bench``, which ``make exports`` creates). Each model of
:data:`MODELS` (in :mod:`bench.jaxmodels2`: T5-style encoder-decoder, UNet and its training
step, a mixture of experts with ``lax.top_k`` routing, an LSTM through ``lax.scan``,
``lax.cond``/``switch``, ``fori_loop``/``while_loop``, ``reduce_window`` poolings, ViT) is
written as

* ``NAME.jit.mlir``: ``jax.jit(f).lower(*args).as_text()``, no locations;
* ``NAME.generic.mlir``: the same module in MLIR's generic form (``get_asm(print_generic_op_form=True)``:
  ``"stablehlo.add"(%0, %1) : (tensor<...>, tensor<...>) -> tensor<...>``, a type for each operand, so
  that a mutant can retype a result at all its uses and reach the op's verifier);
* ``NAME.loc.mlir`` for the models marked ``locations``: the same module printed with its
  locations (``get_asm(enable_debug_info=True)``: ``loc(#locN)`` on every op, the aliases at the end);

and each model of :data:`DYNAMIC` (an MLP, a decoder block, an LSTM and a ViT over symbolic
dimensions) as ``NAME.export.mlir``: ``jax.export.export(jax.jit(f))(...)`` with arguments whose
shapes are ``jax.export.symbolic_shape(...)`` (``tensor<?x...>``, ``dynamic_broadcast_in_dim``,
``dynamic_reshape``, ``dynamic_iota``, ``get_dimension_size``, ``shape_assertion`` custom calls),
``exported.mlir_module()`` (with its locations, as JAX prints it), and ``NAME.export.generic.mlir``,
the same in the generic form.

``manifest.json`` gives op statements per file (as :func:`bench.exports.count_ops` counts them).
Files are written again only when this script or :mod:`bench.jaxmodels2` changes (a hash of both
is in the manifest). The functions are only lowered, never run. The cache is
``bench/.data/exports-jax/`` (git-ignored).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import exports

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports-jax"
SOURCES = (HERE / "jaxexports.py", HERE / "jaxmodels2.py")


@dataclass(frozen=True)
class Model:
    """A model to lower: its file stem, the name of its builder in :mod:`bench.jaxmodels2`, and
    whether to write it with locations too."""

    name: str
    builder: str
    locations: bool = False


MODELS = (
    Model("t5", "t5", locations=True),
    Model("unet", "unet"),
    Model("unet-train", "unet_train"),
    Model("moe", "moe", locations=True),
    Model("lstm-scan", "lstm"),
    Model("control", "control", locations=True),
    Model("loops", "loops"),
    Model("pooling", "pooling"),
    Model("vit", "vit"),
)
DYNAMIC = (
    Model("mlp-dyn", "mlp_dynamic"),
    Model("decoder-dyn", "transformer_dynamic"),
    Model("lstm-dyn", "lstm_dynamic"),
    Model("vit-dyn", "vit_dynamic"),
)


def source_key() -> str:
    """A hash of the code that decides the files (this script and :mod:`bench.jaxmodels2`)."""
    digest = hashlib.sha256()
    for path in SOURCES:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def load(out: Path = OUT) -> dict[str, Any] | None:
    """The manifest of the files written, or ``None``."""
    return exports.load(out)


def fresh(out: Path = OUT) -> bool:
    """Whether the files in ``out`` were written by this version of the scripts."""
    manifest = load(out)
    return manifest is not None and manifest.get("source") == source_key()


def _jit_texts(model: Model) -> dict[str, str]:
    import jax

    from bench import jaxmodels2

    function, args = getattr(jaxmodels2, model.builder)()
    lowered = jax.jit(function).lower(*args)
    module: Any = lowered.compiler_ir("stablehlo")
    texts = {"jit": lowered.as_text(), "generic": module.operation.get_asm(print_generic_op_form=True)}
    if model.locations:
        texts["loc"] = module.operation.get_asm(enable_debug_info=True)
    return texts


def _export_texts(model: Model) -> dict[str, str]:
    import jax
    from jax import export
    from jax._src.interpreters import mlir
    from jax._src.lib.mlir import ir

    from bench import jaxmodels2

    function, static, shapes = getattr(jaxmodels2, model.builder)()
    scope = export.SymbolicScope()
    symbolic = [jaxmodels2.spec(tuple(export.symbolic_shape(shape, scope=scope)), dtype) for shape, dtype in shapes]
    exported = export.export(jax.jit(function))(*static, *symbolic)
    text = exported.mlir_module()
    with mlir.make_ir_context():
        generic = ir.Module.parse(text).operation.get_asm(print_generic_op_form=True, enable_debug_info=True)
    return {"export": text, "export.generic": generic}


def _models() -> Iterator[tuple[str, Callable[[], dict[str, str]]]]:
    for model in MODELS:
        yield model.name, lambda m=model: _jit_texts(m)  # type: ignore[misc]
    for model in DYNAMIC:
        yield model.name, lambda m=model: _export_texts(m)  # type: ignore[misc]


def write_all(out: Path = OUT, force: bool = False) -> dict[str, Any]:
    """Write every model's files (unless fresh) and the manifest; return the manifest."""
    import jax

    manifest = load(out)
    if not force and manifest is not None and manifest.get("source") == source_key():
        return manifest
    manifest = exports.write_framework(out, SOURCES[0], f"JAX {jax.__version__}", _models(), True)
    # The cache depends on the models too: key it by both files.
    manifest["source"] = source_key()
    (out / exports.MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


def main(argv: Sequence[str] | None = None) -> int:
    """Write the exports; print where they are."""
    return exports.framework_main(argv, "python -m bench.jaxexports", __doc__ or "", OUT, write_all)


if __name__ == "__main__":
    raise SystemExit(main())
