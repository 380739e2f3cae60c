"""Real TensorFlow 2.21 exports as ``tf`` and ``tfl`` text, for measuring coverage.

``/work/tf-venv/bin/python -m bench.tf_exports [--out DIR]`` (a venv with ``tensorflow-cpu``
2.21) writes, for Keras MobileNetV2 and ResNet50 (random weights, batch 1), and a small LSTM:

* ``NAME.tf.mlir``: the frozen function through ``tf.mlir.experimental.convert_function``
  (no pass pipeline); ``NAME.tf-std.mlir``: the same through ``tf-standard-pipeline``;
* ``NAME.tfl.mlir``: the TFLite flatbuffer of the frozen function, printed by TF's flatbuffer
  importer (``wrap_converter.wrapped_flat_buffer_file_to_mlir``), which verifies on import.

The files are not kept in the repository; the cache is ``bench/.data/tf/`` (git-ignored).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "tf"


def _models() -> dict[str, Callable[[], Any]]:
    import tensorflow as tf

    def lstm() -> Any:
        inputs = tf.keras.Input((16, 8), batch_size=1)
        x = tf.keras.layers.LSTM(32, return_sequences=True)(inputs)
        x = tf.keras.layers.LSTM(16)(x)
        return tf.keras.Model(inputs, tf.keras.layers.Dense(4, activation="softmax")(x))

    return {
        "mobilenetv2": lambda: tf.keras.applications.MobileNetV2(weights=None, input_shape=(224, 224, 3)),
        "resnet50": lambda: tf.keras.applications.ResNet50(weights=None, input_shape=(224, 224, 3)),
        "lstm": lstm,
    }


def export(name: str, build: Callable[[], Any], out: Path) -> None:
    """Write ``name``'s three files under ``out``."""
    import tensorflow as tf
    from tensorflow.compiler.mlir.lite.python import wrap_converter
    from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

    model = build()
    spec = [tf.TensorSpec([1, *i.shape[1:]], i.dtype) for i in model.inputs]
    fn = tf.function(lambda *xs: model(*xs)).get_concrete_function(*spec)
    frozen = convert_variables_to_constants_v2(fn)
    for suffix, pipeline in (("tf", ""), ("tf-std", "tf-standard-pipeline")):
        text = tf.mlir.experimental.convert_function(frozen, pass_pipeline=pipeline)
        (out / f"{name}.{suffix}.mlir").write_text(text)
    converter = tf.lite.TFLiteConverter.from_concrete_functions([frozen], model)
    flatbuffer = converter.convert()
    text = wrap_converter.wrapped_flat_buffer_file_to_mlir(flatbuffer, False)
    (out / f"{name}.tfl.mlir").write_text(text if isinstance(text, str) else text.decode())


def main() -> None:
    """Write every export."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, build in _models().items():
        if not args.names or name in args.names:
            export(name, build, args.out)
            print("wrote", name, flush=True)


if __name__ == "__main__":
    main()
