"""A file's metadata dictionary (``{-#`` ... ``#-}``, where torch-mlir writes its weights as
resource blobs of megabytes a line) is not scanned: its lines reach the scanner blank, and every
output is what scanning them gave (:meth:`broadcheck.engine.read.Reader._without_metadata`)."""

from __future__ import annotations

import random
import re
from functools import partial

import pytest

from broadcheck.engine import read
from broadcheck.engine.options import Options
from broadcheck.engine.read import Reader
from broadcheck.engine.run import FileRun, check_text
from broadcheck.engine.scan import Scanner

FUNCTION = """\
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = arith.constant dense_resource<blob_0> : tensor<4xf32>
  %1 = arith.addf %a, %a : tensor<?xf32>
  return %1 : tensor<?xf32>
}
"""
BROKEN = """\
func.func @g() {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0, %0 : i64
  return
}
"""


def blobs(count: int, size: int, eol: str = "\n") -> str:
    entries = f",{eol}".join(f'      blob_{k}: "0x04000000{"AB" * size}"' for k in range(count))
    return f"{{-#{eol}  dialect_resources: {{{eol}    builtin: {{{eol}{entries}{eol}    }}{eol}  }}{eol}#-}}{eol}"


CASES = {
    "at the end": FUNCTION + blobs(3, 500),
    "CRLF": (FUNCTION + blobs(3, 50, "\r\n")).replace("\n", "\r\n").replace("\r\r", "\r"),
    "a function after it": FUNCTION + blobs(2, 50) + BROKEN,
    "in a module": "module {\n" + FUNCTION + "}\n" + blobs(2, 50),
    "external resources": FUNCTION
    + '{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: "builtin.module(x)",\n'
    + "      disable_threading: false,\n      verify_each: true\n    }\n  }\n#-}\n",
    "never closed": FUNCTION + blobs(2, 50).replace("#-}\n", ""),
    "never closed, then ops": FUNCTION + blobs(2, 50).replace("#-}\n", "") + BROKEN,
    "a blob not a string": FUNCTION + blobs(2, 50).replace('"0x04', "0x04", 1),
    "two entries a line": FUNCTION + blobs(2, 50).replace(",\n      blob_1", " blob_1"),
    "on one line": FUNCTION + '{-# dialect_resources: { builtin: { blob_0: "0x0400000000" } } #-}\n',
    "in a function": FUNCTION.replace("  return", blobs(1, 20) + "  return"),
    "an unclosed function before it": FUNCTION.removesuffix("}\n") + blobs(2, 50),
    "empty": FUNCTION + "{-#\n#-}\n" + BROKEN,
    "two": FUNCTION + blobs(1, 50) + "\n" + blobs(2, 50) + BROKEN,
    "in an unindented module": "module {\n" + FUNCTION + blobs(2, 50) + "}\n",
}
UNCLOSED = "module {\n" + FUNCTION + blobs(2, 50)
"""A module not closed before the dictionary: ``iree-opt`` says "expected operation name in
quotes"; scanned, the dictionary hid that (no diagnostic); blank, the module's end is found."""


def scanned_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Reader, "_without_metadata", lambda self, text, first: text)


def in_blocks(text: str, size: int) -> object:
    """``text`` checked as the runner checks a file, fed ``size`` characters at a time."""
    run = FileRun("t.mlir", Options(), None, lambda numbers: {})
    for at in range(0, len(text), size):
        run.feed(text[at : at + size], final=at + size >= len(text))
    return run.finish()


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("split", [False, True])
@pytest.mark.parametrize("hold", [read.HOLD, 100])
def test_every_output_is_that_of_the_scanned_metadata(
    monkeypatch: pytest.MonkeyPatch, name: str, split: bool, hold: int
) -> None:
    monkeypatch.setattr(read, "HOLD", hold)  # (100: a dictionary longer than that is scanned as it comes)
    text = CASES[name]
    options = Options(split_marker="// -----" if split else None)
    if split:
        text = text + "// -----\n" + BROKEN
    new = [check_text("t.mlir", text, options), *(in_blocks(text, n) for n in (7, 64, 1000))]
    with monkeypatch.context() as m:
        scanned_as_before(m)
        old = [check_text("t.mlir", text, options), *(in_blocks(text, n) for n in (7, 64, 1000))]
    assert new == old
    if split:  # (the marker ends the dictionary: the chunk after it is scanned)
        assert any(d.code == "BC011" for d in new[0].diagnostics)


def test_a_module_not_closed_before_the_dictionary_is_found() -> None:
    (found,) = check_text("t.mlir", UNCLOSED, Options()).diagnostics
    assert (found.code, found.message) == ("BC005", "expected operation name in quotes")
    assert "is never closed" in found.notes[0].message


def test_the_scanner_reads_no_resource_blob(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counts work: what the scanner is handed of three blobs of 100 KB each, whole and in blocks.
    handed: list[str] = []
    real = Scanner.block

    def counted(self, text, first_line):  # type: ignore[no-untyped-def]
        handed.append(text)
        return real(self, text, first_line)

    monkeypatch.setattr(Scanner, "block", counted)
    text = FUNCTION + blobs(3, 50_000)
    check_text("t.mlir", text, Options())
    in_blocks(text, 4096)
    assert sum(t.count("AB") for t in handed) == 0
    assert sum(t.count("\n") for t in handed) == 2 * text.count("\n")  # (every line, blank)


def test_refine_refines_a_file_with_resources_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    from broadcheck.engine.refine_run import Settings, refine_text, request_of

    text = FUNCTION + blobs(3, 500)
    request = request_of(Settings("t.mlir", args=["@f:0=tensor<4xf32>"]))
    new = refine_text("t.mlir", text, request, Options())
    with monkeypatch.context() as m:
        scanned_as_before(m)
        old = refine_text("t.mlir", text, request, Options())
    assert new == old
    assert "tensor<4xf32>" in new[0] and new[2] > 0


# ---------------------------------------------------------------- the dictionary's reader, against e3e3edd's patterns

_OLD_OPEN = re.compile(r"^[ \t]*\{-#[ \t]*\r?$", re.M)
_OLD_LINES = re.compile(
    r'(?:[ \t]*+(?:(?:[A-Za-z_][\w$.\-]*+|"[^"\\\n]*+")[ \t]*+:[ \t]*+'
    r'(?:\{(?:[ \t]*+\})?|"[^"\\\n]*+"|true|false|-?[0-9]++)[ \t]*+,?|\}[ \t]*+,?)?[ \t]*+\r?\n)*+'
)
_OLD_CLOSE = re.compile(r"[ \t]*#-\}[ \t]*\r?(?:\n|$)")
_OLD_END = re.compile(r"^[ \t]*#-\}[ \t]*\r?$", re.M)


def _old_metadata(text: str, top: bool) -> tuple[int, bool] | None:
    """``read._metadata`` as e3e3edd had it: every line, its megabytes of weights too, stepped
    through by one pattern (and whether the dictionary is closed, by another over the rest)."""
    at = 0
    while text.find("{-#", at) >= 0:
        opening = _OLD_OPEN.search(text, at)
        if opening is None:
            return None
        start = opening.start()
        lines = _OLD_LINES.match(text, min(opening.end() + 1, len(text)))
        end = lines.end() if lines is not None else start
        close = _OLD_CLOSE.match(text, end)
        if close is not None:
            end = close.end()
        if re.fullmatch(r"\s*+", text[end:]) is not None and (close is not None or end >= len(text)):
            if not read._after_top(text, start, top):
                return None
            return start, _OLD_END.search(text, start) is not None
        at = end + 1
    return None


def _dictionary(rng: random.Random) -> str:
    """A text ending (or not) with a metadata dictionary, of the shapes the reader tells apart."""
    string = lambda: '"0x04' + "AB" * rng.choice([2, 200, 3000]) + rng.choice(['"', '"', "\\\\n", ""])  # noqa: E731
    key = lambda: rng.choice(["blob", "torch_tensor_1.w-2", '"a key"', "blob", "9x"])  # noqa: E731
    entries = [
        lambda: f"{key()}: {{",
        lambda: f"{key()}: {{ }},",
        lambda: f"{key()}: {string()}" + rng.choice(["", ",", " ,", "  x"]),
        lambda: f"{key()}: " + rng.choice(["true", "false", "-12", "1.5", "{x"]),
        lambda: rng.choice(["}", "},", "} x", "", "  ", "}", "#-} x"]),
    ]
    lines = [rng.choice(["}", "func.func @f() {", "  return", ""]) for _ in range(rng.randrange(3))]
    lines.append(rng.choice(["{-#", "  {-#  ", "{-#", "{-# x", "{-#\r"]))
    lines += [" " * rng.randrange(8) + rng.choice(entries)() for _ in range(rng.randrange(6))]
    lines.append(rng.choice(["#-}", " #-} ", "#-}\r", "#-}", "#-} x", ""]))
    end = rng.choice(["\n", "\n\n", "", "\n", "\n  \n", "\nfunc.func @g()\n"])
    return "\n".join(lines) + end


def test_the_dictionary_s_reader_is_e3e3edd_s_on_every_shape() -> None:
    # (Its strings are passed over by str.find now; e3e3edd stepped a pattern through them.)
    rng = random.Random(20261130)
    told = 0
    for _ in range(4000):
        text = _dictionary(rng)
        cut = text[: rng.randrange(len(text) + 1)] if rng.random() < 0.3 else text  # (a block's end)
        for top in (True, False):
            expected = _old_metadata(cut, top)
            assert read._metadata(cut, top) == expected, (cut[:300], top)
            told += expected is not None
    assert told > 500  # (the shapes found a dictionary often enough to compare where it starts)


def test_a_resource_s_weights_are_not_stepped_through_by_a_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    # Counts work: the characters of a file of three resources of 100 KB each that the reader's
    # patterns step through, the file fed whole and in blocks of 4 KB (the dictionary open across
    # 75 of them): at e3e3edd one pattern (_META_LINES) stepped through every line, again in
    # each block while the dictionary was open.
    handed = [0]

    class Counted:
        def __init__(self, pattern: object) -> None:
            self.pattern = pattern

        def __getattr__(self, name: str) -> object:
            method = getattr(self.pattern, name)

            def counted(text: str, pos: int = 0, endpos: int = 1 << 62) -> object:
                found = method(text, pos, endpos)
                handed[0] += found.end() - pos if found is not None else 0  # (what it stepped through)
                return found

            return counted

    names = ("_META_OPEN", "_META_LINE", "_META_STRING", "_META_AFTER", "_META_CLOSE", "_META_LINES", "_META_END")
    for name in filter(partial(hasattr, read), names):  # (e3e3edd's patterns or today's)
        monkeypatch.setattr(read, name, Counted(getattr(read, name)))
    text = FUNCTION + blobs(3, 50_000)
    assert check_text("t.mlir", text, Options()).diagnostics == []
    in_blocks(text, 4096)
    assert handed[0] < 20_000
