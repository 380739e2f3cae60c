"""torch-mlir exports with a dynamic batch, for the refine campaign on real exports
(``tests/oracle/test_refine_exports.py``).

``python -m bench.refine_torch [--out DIR]`` runs with ``torch`` and ``torch-mlir`` (the torch venv).
A small MLP (two ``Linear`` layers, ReLU, softmax; seeded random weights: nothing is downloaded)
goes through ``torch_mlir.fx.export_and_import`` with ``dynamic_shapes={"x": {0: Dim("b")}}`` once
per output type (``NAME.dyn.{stablehlo,linalg-on-tensors,tosa}.mlir``: ``@main`` takes
``tensor<?x20xf32>``) and at each static batch of :data:`BATCHES` (``NAME.b{N}.{kind}.mlir``, the
static twin a refinement should reach). The cache is ``bench/.data/exports-refine-torch/``
(git-ignored).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / ".data" / "exports-refine-torch"
KINDS = ("stablehlo", "linalg-on-tensors", "tosa")
BATCHES = (1, 8, 64)


def _mlp() -> Any:
    import torch

    class MLP(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.a = torch.nn.Linear(20, 32)
            self.b = torch.nn.Linear(32, 10)

        def forward(self, x: Any) -> Any:
            return torch.softmax(self.b(torch.relu(self.a(x))), dim=-1)

    torch.manual_seed(0)
    return MLP().eval()


def write_all(out: Path = OUT) -> list[Path]:
    """The exports in ``out``, written when missing."""
    import torch
    from torch.export import Dim
    from torch_mlir import fx

    out.mkdir(parents=True, exist_ok=True)
    model = _mlp()
    written = []
    for kind in KINDS:
        path = out / f"mlp.dyn.{kind}.mlir"
        if not path.exists():
            x = torch.randn(4, 20)
            path.write_text(str(fx.export_and_import(model, x, output_type=kind, dynamic_shapes={"x": {0: Dim("b")}})))
        written.append(path)
        for batch in BATCHES:
            twin = out / f"mlp.b{batch}.{kind}.mlir"
            if not twin.exists():
                twin.write_text(str(fx.export_and_import(model, torch.randn(batch, 20), output_type=kind)))
            written.append(twin)
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
