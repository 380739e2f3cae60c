"""``refine`` scans its input once (issue 32: refine no slower than check by more than 1.5x): the
check of the refined text takes the statements refine's reader scanned (:mod:`.refine_replay`),
and a function's header, and a long statement, are read once, from the form the scanner read them
as (:mod:`.refine_header`). Work is counted (lines scanned, texts read), never timed; and the
outcome is the whole check's, with and without the replay, on every refine fixture.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from broadcheck.engine import forms, refine_read, refine_values, run, scan
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Refiner, Request
from broadcheck.engine.refine_replay import Replay
from broadcheck.engine.refine_run import refine_text
from broadcheck.syntax import statement
from tests.steps import traced_lines
from tests.test_refine_pass import run_request
from tests.test_refine_work import layers

FIXTURES = Path(__file__).parent / "fixtures" / "refine"


class Seen:
    def __init__(self) -> None:
        self.lines = 0
        """Lines handed to a scanner (:meth:`.scan.Scanner.block`)."""
        self.headers = 0
        """Texts of a ``func.func`` header read (tokenized by the statement reader, or read as a
        region's head without tokens), whoever asks."""


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    found = Seen()
    block = scan.Scanner.block

    def scanned(self: scan.Scanner, text: str, first_line: int) -> int:
        found.lines += text.count("\n") + (0 if text.endswith("\n") else 1)
        return block(self, text, first_line)

    def reading(function: Callable[[str], object]) -> Callable[[str], object]:
        def read(text: str) -> object:
            if text.startswith("func.func"):
                found.headers += 1
            return function(text)

        return read

    monkeypatch.setattr(scan.Scanner, "block", scanned)
    monkeypatch.setattr(statement, "tokens", reading(statement.tokens))  # (every statement read whole)
    monkeypatch.setattr(forms, "simple_head", reading(forms.simple_head))  # (a region's head, without tokens)
    refine_values._READ.clear()  # (the templates read by earlier tests)
    yield found


def _wide(n: int, arguments: int = 300) -> str:
    """:func:`layers` with a header of many arguments (as an export's: every parameter of the model)."""
    text = layers(n)
    header, _, rest = text.partition("\n")
    extra = "".join(f', %w{i}: tensor<16x16xf32> {{jax.arg_info = "w[{i}]"}} loc(unknown)' for i in range(arguments))
    header = header.replace("%arg2: tensor<16x16xf32>", "%arg2: tensor<16x16xf32>" + extra)
    header = header.replace("-> (tensor<?x16xf32>, ", '-> (tensor<?x16xf32> {jax.result_info = "result[0]"}, ')
    return header + "\n" + rest


def test_the_input_is_scanned_once(seen: Seen) -> None:
    text = _wide(20)
    lines = text.count("\n")
    after, diagnostics, _ = refine_text("layers.mlir", text, Request({("main", 0): "tensor<8x16xf32>"}), Options())
    assert not diagnostics and "?" not in after
    # refine's reader scans every line; the check of the refined text only the lines that are
    # not statements of one line in a function (the header, the `}`): 830c51f scanned all twice.
    assert lines <= seen.lines <= lines + 3


def test_a_header_is_read_once(seen: Seen) -> None:
    text = _wide(5)
    assert len(text.partition("\n")[0]) > 4096  # (refine_read.LONG: a long header)
    refine_text("layers.mlir", text, Request({("main", 0): "tensor<8x16xf32>"}), Options())
    # the head form, in refine's reading; its arguments, and the re-typed header the check of the
    # refined text reads, are made from it (830c51f read it 7 times: for the scanners' fast pass,
    # as a head form, for refine's arguments, in refine's reading and in the check's)
    assert seen.headers == 1


def _outcome(path: Path, replay: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    text = path.read_text()
    request = run_request(text)
    with monkeypatch.context() as patched:
        if not replay:
            patched.setattr(Refiner, "unchanged", lambda self, edits: None)
            patched.setattr(Refiner, "retyped_heads", lambda self, edits: {})
            patched.setattr(refine_read, "LONG", 1 << 62)  # (every statement read as it was)
            patched.setattr(refine_read, "read_fast_pass", forms.read_form)
        after, diagnostics, checked = refine_text(path.name, text, request, Options())
    return after, [repr(d) for d in diagnostics], checked


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.mlir")), ids=lambda p: p.stem)
def test_the_replay_is_the_whole_check(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _outcome(path, True, monkeypatch) == _outcome(path, False, monkeypatch)


def _replays(monkeypatch: pytest.MonkeyPatch) -> list[Replay]:
    """The replays (:class:`.refine_replay.Replay`) the checks of refined texts make from now on."""
    from broadcheck.engine import refine_replay

    replays: list[Replay] = []
    original = refine_replay.Replay.__init__

    def init(self: Replay, *args: object) -> None:
        original(self, *args)  # type: ignore[arg-type]
        replays.append(self)

    monkeypatch.setattr(refine_replay.Replay, "__init__", init)
    return replays


def test_statements_are_replayed(monkeypatch: pytest.MonkeyPatch) -> None:

    replays = _replays(monkeypatch)
    refine_text("layers.mlir", layers(10), Request({("main", 0): "tensor<8x16xf32>"}), Options())
    (replay,) = replays
    # every op's line (the first after the header too, the scanner's fast pass) and the return; the header, `}`
    assert replay.replayed == 10 * 5 + 1 and replay.scanned <= 2
    assert run.FileRun  # (the check's own run takes them: run.FileRun.statement)


def _header_scans(monkeypatch: pytest.MonkeyPatch, shortest: int = 0) -> list[str]:
    """What the scanner's slow path cut names from (``name_offsets``) or made a key of
    (``key_text``) of a function's header ``shortest`` characters long or more, in order."""
    from broadcheck.engine import scan_pieces

    scanned: list[str] = []

    def counting(function: Callable[[str], object]) -> Callable[[str], object]:
        def count(text: str) -> object:
            if len(text) >= shortest and text.lstrip().startswith("func.func"):
                scanned.append(function.__name__)
            return function(text)

        return count

    monkeypatch.setattr(scan_pieces, "name_offsets", counting(scan_pieces.name_offsets))
    monkeypatch.setattr(scan_pieces, "key_text", counting(scan_pieces.key_text))
    return scanned


def test_a_retyped_header_is_scanned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = _header_scans(monkeypatch)
    replays = _replays(monkeypatch)
    text = _wide(5)
    after, diagnostics, _ = refine_text("layers.mlir", text, Request({("main", 0): "tensor<8x16xf32>"}), Options())
    assert not diagnostics and after.startswith("func.func @main(%arg0: tensor<8x16xf32>")
    # refine's reading: the head when its region opens, once (its `}` closes it with that key and
    # those names); the check of the refined text opens and closes the re-typed header from its
    # form and names, made from those (be1e6bf: 4 of each, at the head and at the `}` in both)
    assert sorted(scanned) == ["key_text", "name_offsets"]
    (replay,) = replays
    assert replay.opened == 1


def test_every_header_in_a_module_is_opened_from_its_form(monkeypatch: pytest.MonkeyPatch) -> None:
    from broadcheck.engine import scan_pieces

    scanned: list[str] = []  # (the headers the scanner's slow path made a key of)

    def key_text(text: str) -> str:
        if text.lstrip().startswith("func.func"):
            scanned.append(text.split("(")[0].strip())
        return scan_pieces.key_text.__wrapped__(text)  # type: ignore[attr-defined]

    key_text.__wrapped__ = scan_pieces.key_text  # type: ignore[attr-defined]
    monkeypatch.setattr(scan_pieces, "key_text", key_text)
    replays = _replays(monkeypatch)
    other = "func.func private @other(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n"
    body = _wide(3).replace("\n", "\n  ").rstrip()
    text = f"module attributes {{jax.uses_shape_polymorphism = true}} {{\n  {body}\n  {other.replace(chr(10), chr(10) + '  ')}}}\n"
    after, diagnostics, _ = refine_text("layers.mlir", text, Request({("main", 0): "tensor<8x16xf32>"}), Options())
    assert not diagnostics and "tensor<8x16xf32>" in after and "?" not in after.split("@other")[0]
    # Each header's key made once, by refine's reading: the check of the refined text opens the
    # re-typed one and the one left as it was from their forms, the first after the module's
    # line-ending `{` (f830a58: @main's scanned again there, and @other's)
    assert sorted(scanned) == ["func.func @main", "func.func private @other"]
    (replay,) = replays
    assert replay.opened == 2


def test_a_long_header_is_closed_from_its_form(monkeypatch: pytest.MonkeyPatch) -> None:
    scanned = _header_scans(monkeypatch, shortest=1 << 16)
    replays = _replays(monkeypatch)
    # A header of 64 KB or more (a JAX export's, every parameter of the model) whose `}` is
    # followed by a location, then another function, as `jax.export` prints @main
    body = _wide(3, arguments=1200).rstrip().removesuffix("}") + "} loc(#loc)"
    other = "func.func private @other(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n"
    text = f"module {{\n{body}\n{other}}}\n#loc = loc(unknown)\n"
    assert len(text.partition("\n")[2].partition("\n")[0]) >= 1 << 16
    after, diagnostics, _ = refine_text("layers.mlir", text, Request({("main", 0): "tensor<8x16xf32>"}), Options())
    assert not diagnostics and "tensor<8x16xf32>" in after
    # The head read once, by refine's reading (its names and its key, when its region opens); the
    # check of the refined text opens it from its form and closes it, location and all, with that
    # key and those names, as the check's own scanner closes a long head it opened (64436d8: the
    # head's text cut into names and made a key again at its `} loc(#loc)`)
    assert sorted(scanned) == ["key_text", "name_offsets"]
    (replay,) = replays
    assert replay.opened == 2


def test_refines_reader_goes_without_a_collection() -> None:
    import gc
    import weakref

    enabled = gc.isenabled()
    gc.disable()  # (as the command line runs: a cycle would keep every statement read until the end)
    try:
        functions, reader = refine_read.read_functions(_wide(3))
        assert functions and reader.pieces is None
        gone = weakref.ref(reader)
        del functions, reader
        assert gone() is None
    finally:
        if enabled:
            gc.enable()


def _replay_steps(n: int, retyped: bool) -> tuple[int, int]:
    """Python lines run in :mod:`.refine_replay` (the replay's bookkeeping: :func:`.unchanged` and
    :meth:`.Replay.block`, not what they call elsewhere) while refine re-types ``layers(n)``, and
    the statements it replayed."""
    from broadcheck.engine import refine_replay

    code = {refine_replay.unchanged.__code__, refine_replay.Replay.block.__code__}
    request = Request({("main", 0): "tensor<8x16xf32>"}) if retyped else Request({("main", 1): "tensor<16x16xf32>"})
    with pytest.MonkeyPatch.context() as patched:
        replays = _replays(patched)
        _, steps = traced_lines(lambda: refine_text("layers.mlir", layers(n), request, Options()), code.__contains__)
    (replay,) = replays
    return steps, replay.replayed


@pytest.mark.parametrize("retyped", [True, False], ids=["retyped", "as-written"])
def test_the_replay_takes_rows_not_statements(retyped: bool) -> None:
    """The check of the refined text takes the rows refine's reader kept whole: the replay's own
    Python steps grow with the lines the edits touch (about 26 steps each), not with every
    statement: `07f1a89` ran about 17 a statement whatever the edits (377,737 statements at 480
    layers): 45,612 and 25,512 steps here for 300 layers, against 23,208 and 96 now. The
    re-typed layers' edits touch 3 lines of 5 (`dot_general`, `tanh`, `add` on the new batch; the
    weights' two ops as written); the other request re-types no statement."""
    small, replayed_small = _replay_steps(100, retyped)
    large, replayed_large = _replay_steps(400, retyped)
    assert replayed_large - replayed_small == 300 * 5  # (every op's line replayed)
    touched = 300 * 3 if retyped else 0  # (the lines the edits touch: looked at once each)
    assert large - small <= 30 * touched + 200


def test_the_refined_text_is_joined_as_the_fix_stage_joins_it() -> None:
    """:func:`.refine_run.edited` (the pieces between the edits joined in C) makes what
    :func:`.fix.apply_stream` makes, on random texts and edits: apart, touching, insertions
    (at the start and the end too) and overlapping ones (where it hands them to apply_stream)."""
    import random

    from broadcheck.engine.fix import apply_stream
    from broadcheck.engine.refine_run import edited

    rng = random.Random(7)
    for _ in range(2000):
        text = "".join(rng.choice("ab\n%<>") for _ in range(rng.randrange(0, 40)))
        edits = []
        for _ in range(rng.randrange(0, 6)):
            start = rng.randrange(0, len(text) + 1)
            end = min(len(text), start + rng.randrange(0, 4))
            edits.append((start, end, rng.choice(["", "X", "tensor<8xf32>"])))
        edits.sort()
        pieces: list[str] = []
        apply_stream([text], edits, pieces.append)
        assert edited(text, edits) == "".join(pieces), (text, edits)


def test_a_row_on_the_last_line_without_a_line_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text that ends inside a function, on a statement of a row, with no line end after it: the
    replay finds where the line after the row would start (the end of the text), and says what the
    whole check says (an internal error at a draft of this stop)."""
    text = layers(3).removesuffix("\n").rsplit("\n", 2)[0]  # (no `return`, no `}`, no last `\n`)
    request = Request({("main", 0): "tensor<8x16xf32>"})
    replayed = refine_text("layers.mlir", text, request, Options())
    with monkeypatch.context() as patched:
        patched.setattr(Refiner, "unchanged", lambda self, edits: None)
        whole = refine_text("layers.mlir", text, request, Options())
    assert replayed == whole
    assert any(d.code == "BC005" for d in replayed[1])
