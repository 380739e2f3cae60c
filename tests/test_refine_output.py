"""Refine's output written in slices (the sixteenth stop, ``docs/refine.md``): the bytes of the
whole refined text (49 MB at 480 layers, all of them fresh pages: 12k page faults) are never made,
each slice of it is encoded as it is written (:func:`.refine_run.encoded`).

The counts fail on ``130bc9d`` (the output one ``bytes`` of the whole text); the bytes written are
held equal by ``test_refine*.py``, ``test_output_streams.py`` and the comparisons of the
sixteenth stop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.engine import refine_run
from broadcheck.engine.options import Options
from broadcheck.engine.refine_run import Settings, encoded, refine_text
from broadcheck.inputs import BOM
from tests.test_refine_work import layers


def _refined(tmp_path: Path, data: bytes, **asked: object) -> tuple[Settings, str]:
    path = tmp_path / "layers.mlir"
    path.write_bytes(data)
    settings = Settings(str(path), args=("@main:0=tensor<8x16xf32>",), **asked)  # type: ignore[arg-type]
    text = data.removeprefix(BOM).decode()
    expected, diagnostics, _ = refine_text(str(path), text, refine_run.request_of(settings), Options())
    assert not diagnostics
    return settings, expected


@pytest.mark.parametrize("bom", [b"", BOM])
def test_refine_writes_its_output_in_slices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bom: bytes) -> None:
    """``refine``'s output (the command writes it with ``writelines``) is the refined text's bytes
    in slices of ``BLOCK_SIZE`` characters, the BOM first if the input had one: no bytes object
    of the whole text is made (on ``130bc9d``: one, of 137 KB here: 34 slices now)."""
    settings, expected = _refined(tmp_path, bom + layers(300).encode())
    monkeypatch.setattr(refine_run, "BLOCK_SIZE", 4096)
    outcome = refine_run.run(settings, Options())
    assert outcome.code == 0 and outcome.output is not None
    output = list(outcome.output)
    assert all(isinstance(piece, bytes) for piece in output)
    assert b"".join(output) == bom + expected.encode()
    assert len(expected) > 30 * 4096
    assert max(map(len, output)) <= 4096


def test_refine_in_place_writes_the_same_bytes_in_slices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--in-place`` writes the file in the same slices, with its BOM: the bytes ``refine`` prints."""
    settings, expected = _refined(tmp_path, BOM + layers(40).encode(), in_place=True)
    written: list[int] = []
    real = refine_run.encoded

    def counted(bom: bytes, text: str) -> object:
        for piece in real(bom, text):
            written.append(len(piece))
            yield piece

    monkeypatch.setattr(refine_run, "BLOCK_SIZE", 1000)
    monkeypatch.setattr(refine_run, "encoded", counted)
    outcome = refine_run.run(settings, Options())
    assert outcome.code == 0 and outcome.output is None
    assert Path(settings.path).read_bytes() == BOM + expected.encode()
    assert len(written) > 10 and max(written) <= 1000


@pytest.mark.parametrize("size", [1, 3, 7, 4096])
def test_the_slices_are_the_text(size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The slices joined are the text's bytes: a character of several bytes is never cut (slices
    are of characters, each encoded whole)."""
    monkeypatch.setattr(refine_run, "BLOCK_SIZE", size)
    text = "é∀😀x\n" * 100
    assert b"".join(encoded(BOM, text)) == BOM + text.encode()
    assert all(len(piece.decode()) <= size for piece in encoded(b"", text))
    assert list(encoded(b"", "")) == []
