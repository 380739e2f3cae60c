"""Real PyTorch exports through torch-mlir: Linalg, TOSA and StableHLO as its FX importer prints them.

``python -m bench.torchexports [--out DIR] [--force]`` runs in a bench-only environment with
``torch`` and ``torch-mlir`` (``make bench-torch`` creates ``.venv-bench-torch``). Each model of
:data:`MODELS` (random weights: nothing is downloaded) goes through
``torch_mlir.fx.export_and_import(model, *inputs, output_type=...)`` once per output type and is
written as

* ``NAME.linalg.mlir``: ``linalg-on-tensors``: ``linalg.generic`` with ``^bb0`` bodies,
  ``linalg.yield``, ``arith``/``math``/``tensor`` ops, region-heavy text;
* ``NAME.tosa.mlir`` and ``NAME.tosa.generic.mlir``: TOSA in torch-mlir's custom forms (an
  older syntax than iree-opt 3.13 reads in places) and in the generic form;
* ``NAME.stablehlo.mlir``: StableHLO;

and ``manifest.json`` (op statements per file, as :func:`bench.exports.count_ops` counts them).
Files are written again only when this script changes. The cache is
``bench/.data/exports-torch/`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bench import exports

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports-torch"
OUTPUT_TYPES = ("linalg-on-tensors", "tosa", "stablehlo")


@dataclass(frozen=True)
class Model:
    """A model to export: its file stem and how to build (module, example inputs)."""

    name: str
    build: Callable[[], tuple[Any, tuple[Any, ...]]]


def _encoder() -> tuple[Any, tuple[Any, ...]]:
    import torch

    layer = torch.nn.TransformerEncoderLayer(d_model=128, nhead=4, dim_feedforward=256, batch_first=True)
    model = torch.nn.Sequential(torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False))
    return model.eval(), (torch.randn(2, 16, 128),)


def _cnn() -> tuple[Any, tuple[Any, ...]]:
    import torch

    nn = torch.nn

    class Block(nn.Module):  # type: ignore[misc]
        def __init__(self, cin: int, cout: int) -> None:
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride=2, padding=1)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
            self.bn2 = nn.BatchNorm2d(cout)
            self.down = nn.Conv2d(cin, cout, 1, stride=2)

        def forward(self, x: Any) -> Any:
            y = torch.relu(self.bn1(self.conv1(x)))
            return torch.relu(self.bn2(self.conv2(y)) + self.down(x))

    model = nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), Block(16, 32), Block(32, 64), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        nn.Linear(64, 10),
    )  # fmt: skip
    return model.eval(), (torch.randn(1, 3, 32, 32),)


def _gru() -> tuple[Any, tuple[Any, ...]]:
    import torch

    class Recurrent(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.gru = torch.nn.GRU(8, 32, batch_first=True)
            self.head = torch.nn.Linear(32, 4)

        def forward(self, x: Any) -> Any:
            out, _ = self.gru(x)
            return self.head(out[:, -1])

    return Recurrent().eval(), (torch.randn(1, 12, 8),)


def _mlp() -> tuple[Any, tuple[Any, ...]]:
    import torch

    nn = torch.nn
    model = nn.Sequential(nn.Linear(64, 256), nn.GELU(), nn.LayerNorm(256), nn.Linear(256, 64), nn.Softmax(-1))
    return model.eval(), (torch.randn(4, 64),)


MODELS = (Model("encoder", _encoder), Model("cnn", _cnn), Model("gru", _gru), Model("mlp", _mlp))


def load(out: Path = OUT) -> dict[str, Any] | None:
    """The manifest of the files written, or ``None``."""
    return exports.load(out)


def fresh(out: Path = OUT) -> bool:
    """Whether the files in ``out`` were written by this version of the script."""
    manifest = load(out)
    return manifest is not None and manifest.get("source") == exports.script_key(Path(__file__))


def _texts(model: Model) -> dict[str, str]:
    import torch
    from torch_mlir import fx

    module, inputs = model.build()
    texts: dict[str, str] = {}
    with torch.no_grad():
        for output_type in OUTPUT_TYPES:
            imported = fx.export_and_import(module, *inputs, output_type=output_type)
            kind = output_type.split("-")[0]
            texts[kind] = str(imported)
            if kind == "tosa":
                texts["tosa.generic"] = imported.operation.get_asm(print_generic_op_form=True)
    return texts


def write_all(out: Path = OUT, force: bool = False) -> dict[str, Any]:
    """Write every model's files (unless fresh) and the manifest; return the manifest."""
    models = ((model.name, partial(_texts, model)) for model in MODELS)
    return exports.write_framework(out, Path(__file__), "torch-mlir", models, force)


def main(argv: Sequence[str] | None = None) -> int:
    """Write the exports; print where they are."""
    return exports.framework_main(argv, "python -m bench.torchexports", __doc__ or "", OUT, write_all)


if __name__ == "__main__":
    raise SystemExit(main())
