"""``python -m bench.refine_phases`` (issue 32's measuring tool) runs refine's phases as
``refine_run.refine_text`` does: every phase timed, the refined text the command's."""

from __future__ import annotations

from pathlib import Path

from bench import refine_phases
from tests.test_refine_work import layers


def test_every_phase_of_refine_is_timed(tmp_path: Path) -> None:
    path = tmp_path / "layers.mlir"
    path.write_text(layers(4))
    found = refine_phases.phases(str(path), [], ["@main:0=tensor<8x16xf32>"])
    assert list(found) == [
        "reading the file",
        "refine's reading",
        "refine's pass",
        "unchanged",
        "the re-typed headers",
        "letting the reading go",
        "the refined text",
        "the check of the refined text",
    ]  # (no `--dim`: `dimension_sources` is not asked)
    assert all(seconds >= 0 for seconds, _ in found.values())
