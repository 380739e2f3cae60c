"""The refined text in blocks (the sixteenth stop, ``docs/refine.md``): refine checks the refined
text block by block, as ``check`` reads a file, and writes it out block by block, never making it
whole (:class:`.refine_run.Refined`). At 480 layers the whole refined text was a second 49 MB
string and its output bytes a third, each of fresh pages (12k page faults apiece), beside the
49 MB of pieces it was joined from.

The counts fail on ``130bc9d`` (the text made whole once, its bytes written in one piece); the
outcome is held equal to the whole text's check here, by ``test_refine*.py``, the golden refine
fixtures and the comparisons of the sixteenth stop.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from broadcheck.engine import refine_run
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_run import Refined, Settings, edited, refine_text
from tests.test_refine_own import FIXTURES, _with_aliases
from tests.test_refine_work import layers


def _edits(text: str, rng: random.Random, count: int) -> list[tuple[int, int, str]]:
    """``count`` ordered edits of ``text`` that never overlap: insertions (at a line's start, at
    the text's end), replacements within a line, some across a line end."""
    points = sorted(rng.sample(range(len(text) + 1), 2 * count))
    edits = []
    for start, end in zip(points[0::2], points[1::2], strict=True):
        end = start if rng.random() < 0.3 else min(end, start + rng.randrange(1, 12))
        edits.append((start, end, rng.choice(["", "x", "tensor<8x?xf32>", "%v1, %v2"])))
    return edits


@pytest.mark.parametrize("seed", range(40))
def test_the_blocks_are_the_refined_text(seed: int) -> None:
    """Joined, the blocks are the refined text (:func:`.refine_run.edited`), whatever the size of a
    block; each but the last ends at a line end, and no edit is cut between two."""
    rng = random.Random(seed)
    text = "".join(rng.choice(["%0 = op %1 : t\n", "  x\n", "\n", "loc(#a)\r\n", "y"]) for _ in range(200))
    edits = _edits(text, rng, rng.randrange(0, 60))
    if seed % 10 == 0:
        edits.append((len(text), len(text), "\n// after the last line\n"))  # (a clone written at the end)
    whole = edited(text, edits)
    for size in (1, 7, 40, 500, 10**6):
        blocks = list(Refined(text, edits).blocks(size))
        assert "".join(blocks) == whole
        assert all(block.endswith("\n") for block in blocks[:-1])
        if size >= len(text):
            assert len(blocks) == 1


def test_overlapping_edits_make_one_block() -> None:
    text = "abc\ndef\nghi\n"
    edits = [(1, 6, "X"), (5, 9, "Y")]  # (`--fix`'s order of overlapping edits: applied one by one)
    assert list(Refined(text, edits).blocks(1)) == [edited(text, edits)]


def _cases() -> list[tuple[str, str, Request]]:
    from tests.test_refine_pass import run_request

    cases = []
    for name in ["jax_lstm_dyn", "assertion_fails", "reshape_breaks", "broadcast_breaks", "dot_breaks", "callee_clone"]:
        cases.append((f"{name} after aliases", *_with_aliases(FIXTURES / f"{name}.mlir")))
        text = (FIXTURES / f"{name}.mlir").read_text()
        cases.append((name, text, run_request(text)))
    request = Request()
    request.args["main", 0] = "tensor<8x16xf32>"
    cases.append(("layers", layers(60), request))  # (rows of refine's reader, re-typed from templates)
    return cases


@pytest.mark.parametrize(("name", "text", "request_"), _cases(), ids=lambda case: case if isinstance(case, str) else "")
def test_the_refined_text_checked_in_blocks_is_checked_as_whole(
    name: str, text: str, request_: Request, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check of the refined text, fed in blocks of a few lines (the replay of refine's rows cut
    across them), finds what the check of the whole refined text finds: the same diagnostics, the
    same ops checked."""
    from broadcheck.engine.run import FileRun

    fed: list[int] = []
    real = FileRun.feed

    def counted(self: FileRun, block: str | list[str], final: bool) -> None:
        fed.append(len(block[0]) if isinstance(block, list) else len(block))
        real(self, block, final)

    with monkeypatch.context() as patched:
        patched.setattr(refine_run, "BLOCK_SIZE", 64)
        patched.setattr(FileRun, "feed", counted)
        blocks = refine_text("blocks.mlir", text, request_, Options())
    with monkeypatch.context() as patched:
        patched.setattr(Refiner, "unchanged", lambda self, edits: None)
        whole = refine_text("blocks.mlir", text, request_, Options())
    assert (blocks[0], [repr(d) for d in blocks[1]], blocks[2]) == (whole[0], [repr(d) for d in whole[1]], whole[2])
    if not name.startswith("callee_clone"):  # (a clone's text after the last function: the whole check)
        assert len(fed) >= 3


def test_refine_never_makes_the_refined_text_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``refine`` (the command's run) checks the refined text and gives its output in blocks: the
    whole refined text is never made (on ``130bc9d``: once, and its bytes written in one piece),
    and the blocks are its bytes."""
    path = tmp_path / "layers.mlir"
    path.write_text(layers(300))
    settings = Settings(str(path), dims=(), args=("@main:0=tensor<8x16xf32>",))
    expected, diagnostics, _ = refine_text(str(path), path.read_text(), refine_run.request_of(settings), Options())
    assert not diagnostics
    made: list[int] = []
    real = refine_run.edited

    def counted(text: str, edits: list[tuple[int, int, str]]) -> str:
        made.append(len(text))
        return real(text, edits)

    with monkeypatch.context() as patched:
        patched.setattr(refine_run, "BLOCK_SIZE", 4096)
        patched.setattr(refine_run, "edited", counted)
        outcome = refine_run.run(settings, Options())
        assert outcome.code == 0 and outcome.output is not None
        output = list(outcome.output)
    assert made == []
    assert b"".join(output) == expected.encode()
    assert len(expected) > 20 * 4096
    assert max(map(len, output)) < 2 * 4096
