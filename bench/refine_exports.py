"""Real TensorFlow exports with a ``None`` batch, for the refine campaign on real exports
(``tests/oracle/test_refine_exports.py``).

``python -m bench.refine_exports [--out DIR]`` runs with ``tensorflow-cpu`` 2.21 (the TF venv). Each
Keras model of :data:`MODELS` (built with ``weights=None``: nothing is downloaded) is traced with
a ``None`` batch (``tf.TensorSpec((None, ...))``), frozen (weights become ``tf.Const`` ops) and
written through ``tf-standard-pipeline`` (plain ``tf`` ops in ``func.func``) as
``NAME.dyn.tfstd.mlir``: its ``@main`` takes ``tensor<?x...>``. The cache is
``bench/.data/exports-refine/`` (git-ignored).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports-refine"


def _mlp() -> Any:
    import tensorflow as tf

    layers = tf.keras.layers
    x = inputs = tf.keras.Input((20,))
    for width in (64, 32):
        x = layers.Dense(width, activation="relu")(x)
    return tf.keras.Model(inputs, layers.Dense(10, activation="softmax")(x))


def _models() -> dict[str, tuple[Callable[[], Any], tuple[int, ...]]]:
    from bench.tfexports import _mobilenet, _small_cnn, _transformer

    return {
        "mlp": (_mlp, (20,)),
        "small-cnn": (_small_cnn, (32, 32, 3)),
        "transformer": (_transformer, (16, 64)),
        "mobilenetv2": (_mobilenet, (96, 96, 3)),
    }


def export(build: Callable[[], Any], shape: tuple[int, ...]) -> str:
    """The model traced with a ``None`` batch, frozen, through ``tf-standard-pipeline``."""
    import tensorflow as tf
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    keras = build()
    spec = tf.TensorSpec((None, *shape), tf.float32)
    function = tf.function(lambda x: keras(x, training=False)).get_concrete_function(spec)
    frozen = convert_variables_to_constants_v2(function)
    text: str = tf.mlir.experimental.convert_function(frozen, pass_pipeline="tf-standard-pipeline")
    return text


def write_all(out: Path = OUT) -> list[Path]:
    """Each model's export in ``out``, written when missing."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (build, shape) in _models().items():
        path = out / f"{name}.dyn.tfstd.mlir"
        if not path.exists():
            path.write_text(export(build, shape))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Write the exports (``--out DIR``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[args.index("--out") + 1]) if "--out" in args else OUT
    for path in write_all(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
