"""Real TensorFlow exports for the benchmark and the coverage trial: ``tf`` and ``tfl`` as TF 2.21 prints them.

``python -m bench.tfexports [--out DIR] [--force]`` runs in a bench-only environment with
``tensorflow-cpu`` 2.21 (``make bench-tf`` creates ``.venv-bench-tf``). Each Keras model of
:data:`MODELS` (built with ``weights=None``: nothing is downloaded) is traced at batch 1,
frozen (``convert_variables_to_constants_v2``: weights become ``tf.Const`` ops, values are
static) and written as

* ``NAME.tf.mlir``: ``tf.mlir.experimental.convert_function(frozen, pass_pipeline='')``, the
  ``tf_executor`` graph as the importer makes it;
* ``NAME.tfstd.mlir``: the same through ``tf-standard-pipeline`` (plain ``tf`` ops in ``func.func``);
* ``NAME.tfl.mlir``: the TFLite converter's flatbuffer read back by TF's importer
  (``wrapped_flat_buffer_file_to_mlir``, which verifies on import);
* ``NAME.int8.tfl.mlir`` for the models marked ``int8``: the same, converted with
  ``Optimize.DEFAULT`` and a representative data set of random inputs, so convolutions carry
  per-channel quantized types whose scale lists run to thousands of characters.

and ``manifest.json`` (op statements per file, as :func:`bench.exports.count_ops` counts them).
Files are written again only when this script changes (its hash is in the manifest).
The cache is ``bench/.data/exports-tf/`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bench import exports

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports-tf"


@dataclass(frozen=True)
class Model:
    """A Keras model to export: its file stem, how to build it, its input shape (batch 1)."""

    name: str
    build: Callable[[], Any]
    shape: tuple[int, ...]
    int8: bool = False


def _mobilenet() -> Any:
    import tensorflow as tf

    return tf.keras.applications.MobileNetV2(weights=None, input_shape=(96, 96, 3), alpha=0.35)


def _small_cnn() -> Any:
    import tensorflow as tf

    layers = tf.keras.layers
    x = inputs = tf.keras.Input((32, 32, 3))
    for filters in (16, 32, 64):
        shortcut = layers.Conv2D(filters, 1, strides=2)(x)
        x = layers.Conv2D(filters, 3, strides=2, padding="same")(x)
        x = layers.BatchNormalization()(x)
        x = layers.ReLU(6.0)(x)
        x = layers.DepthwiseConv2D(3, padding="same")(x)
        x = layers.Add()([x, shortcut])
    x = layers.GlobalAveragePooling2D()(x)
    return tf.keras.Model(inputs, layers.Dense(10, activation="softmax")(x))


def _transformer() -> Any:
    import tensorflow as tf

    layers = tf.keras.layers
    x = inputs = tf.keras.Input((16, 64))
    for _ in range(2):
        attention = layers.MultiHeadAttention(num_heads=4, key_dim=16)(x, x)
        x = layers.LayerNormalization()(x + attention)
        hidden = layers.Dense(128, activation="gelu")(x)
        x = layers.LayerNormalization()(x + layers.Dense(64)(hidden))
    return tf.keras.Model(inputs, layers.Dense(8)(layers.GlobalAveragePooling1D()(x)))


def _lstm() -> Any:
    import tensorflow as tf

    layers = tf.keras.layers
    inputs = tf.keras.Input((12, 8), batch_size=1)
    x = layers.LSTM(32, return_sequences=True)(inputs)
    x = layers.GRU(16)(x)
    return tf.keras.Model(inputs, layers.Dense(4)(x))


MODELS = (
    Model("mobilenetv2", _mobilenet, (1, 96, 96, 3), int8=True),
    Model("small-cnn", _small_cnn, (1, 32, 32, 3), int8=True),
    Model("transformer", _transformer, (1, 16, 64)),
    Model("lstm", _lstm, (1, 12, 8)),
)


def load(out: Path = OUT) -> dict[str, Any] | None:
    """The manifest of the files written, or ``None``."""
    return exports.load(out)


def fresh(out: Path = OUT) -> bool:
    """Whether the files in ``out`` were written by this version of the script."""
    manifest = load(out)
    return manifest is not None and manifest.get("source") == exports.script_key(Path(__file__))


def _texts(model: Model) -> dict[str, str]:
    import numpy as np
    import tensorflow as tf
    from tensorflow.compiler.mlir.lite.python import wrap_converter
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    keras = model.build()
    spec = tf.TensorSpec(model.shape, tf.float32)
    function = tf.function(lambda x: keras(x, training=False)).get_concrete_function(spec)
    frozen = convert_variables_to_constants_v2(function)
    texts = {
        "tf": tf.mlir.experimental.convert_function(frozen, pass_pipeline=""),
        "tfstd": tf.mlir.experimental.convert_function(frozen, pass_pipeline="tf-standard-pipeline"),
    }

    def tfl(int8: bool) -> str:
        converter = tf.lite.TFLiteConverter.from_concrete_functions([frozen])
        if int8:
            rng = np.random.default_rng(0)
            converter.optimizations = [tf.lite.Optimize.DEFAULT]
            converter.representative_dataset = lambda: ([rng.random(model.shape, np.float32)] for _ in range(8))
        text = wrap_converter.wrapped_flat_buffer_file_to_mlir(converter.convert(), False)
        return text if isinstance(text, str) else text.decode()

    texts["tfl"] = tfl(False)
    if model.int8:
        texts["int8.tfl"] = tfl(True)
    return texts


def write_all(out: Path = OUT, force: bool = False) -> dict[str, Any]:
    """Write every model's files (unless fresh) and the manifest; return the manifest."""
    models = ((model.name, partial(_texts, model)) for model in MODELS)
    return exports.write_framework(out, Path(__file__), "TensorFlow 2.21", models, force)


def main(argv: Sequence[str] | None = None) -> int:
    """Write the exports; print where they are."""
    return exports.framework_main(argv, "python -m bench.tfexports", __doc__ or "", OUT, write_all)


if __name__ == "__main__":
    raise SystemExit(main())
