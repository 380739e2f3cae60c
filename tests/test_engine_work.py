"""The engine's per-statement path counts its work, not its time: what is asked once per key
(a verdict under the module's aliases, a region's head) is asked once, and what a module's end
forgets is forgotten (issue 31)."""

from __future__ import annotations

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.engine.verify import Checks

GENERIC = """\
#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
{body}  return %a : tensor<4xf32>
}
"""
ONE = """\
  %{n} = linalg.generic {{indexing_maps = [#map, #map], iterator_types = ["parallel"]}} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %s{n} = arith.addf %in, %out : f32
    linalg.yield %s{n} : f32
  }} -> tensor<4xf32>
"""


@pytest.fixture
def verdicts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The op name of every verdict the checks are asked for."""
    asked: list[str] = []
    real = Checks.verdict

    def counted(self, form, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(form.name)
        return real(self, form, *args, **kwargs)

    monkeypatch.setattr(Checks, "verdict", counted)
    return asked


def test_a_region_op_naming_aliases_is_verified_once_per_key(verdicts: list[str]) -> None:
    text = GENERIC.replace("{body}", "".join(ONE.format(n=n) for n in range(20)))
    result = check_text("t.mlir", text, Options())
    assert result.diagnostics == []
    assert verdicts.count("linalg.generic") == 1


def test_a_new_alias_or_module_asks_again(verdicts: list[str]) -> None:
    """The verdict under ``#map`` holds until the aliases change: a second chunk whose ``#map``
    says something else is judged afresh, and its problem found."""
    good = GENERIC.replace("{body}", ONE.format(n=0))
    bad = good.replace("(d0) -> (d0)>", "(d0) -> (d0, d0)>", 1)
    result = check_text("t.mlir", f"{good}// -----\n{bad}// -----\n{good}", Options(split_marker="// -----"))
    assert verdicts.count("linalg.generic") == 3
    assert [d.line for d in result.diagnostics] == [13]


def test_a_region_head_is_scanned_by_its_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scanner finds a ``linalg.generic`` head's region ``{`` from its brackets alone: the
    lexer's token-by-token pass is not run on it."""
    from broadcheck.syntax import lexer

    passes: list[str] = []
    real = lexer._token_depth

    def counted(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        passes.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(lexer, "_token_depth", counted)
    text = GENERIC.replace("{body}", "".join(ONE.format(n=n) for n in range(5)))
    assert check_text("t.mlir", text, Options()).diagnostics == []
    assert [p for p in passes if "linalg.generic" in p] == []


_FRAGMENTS = [*'{ } ( ) [ ] < > -> >= " "a{" // x = , attributes ^bb0'.split(), " "]


def _lines() -> list[str]:
    from tests.conftest import FIXTURES

    found: list[str] = []
    for path in sorted(FIXTURES.glob("*.mlir")):
        found += [line for line in path.read_text(encoding="utf-8").splitlines() if "{" in line or "}" in line]
    return found[::7]


@pytest.mark.parametrize("stack", ["", "(", "{", "({"])
def test_the_bracket_scan_agrees_with_the_lexer(stack: str) -> None:
    """:func:`piece_depth` says what :func:`depth` says, wherever the piece machine reads it,
    on the fixtures' lines with brackets and on random runs of brackets, strings and words."""
    import random

    from broadcheck.engine.scan_brace import RegionBrace, piece_depth
    from broadcheck.syntax.lexer import depth

    rng = random.Random(31)
    lines = _lines() + ["".join(rng.choice(_FRAGMENTS) for _ in range(rng.randint(1, 30))) for _ in range(3000)]
    for line in lines:
        begin = len(line) - len(line.lstrip())
        for close in (False, True):
            rule = RegionBrace(line, begin, len(line)) if "{" in line[begin:] else None
            want = depth(line, stack, begin, len(line), rule, close)
            got = piece_depth(line, stack, begin, len(line), rule, close)
            assert (got.stack, got.region, got.mismatch, got.last == "{") == (
                want.stack, want.region, want.mismatch, want.last == "{"
            ), (line, close)  # fmt: skip


def test_lines_gone_from_the_segment_are_fetched_together(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A region's inner ops are placed when it closes; the lines of theirs the segment no longer
    holds (lines no op reads, in a region of an op in the generic form, read in blocks of 256
    bytes) come from one read of the file, not one read each."""
    from broadcheck import runner

    reads: list[list[int]] = []
    real = runner._lines_of

    def counted(path: str, numbers):  # type: ignore[no-untyped-def]
        reads.append(list(numbers))
        return real(path, reads[-1])

    monkeypatch.setattr(runner, "_lines_of", counted)
    blocks = runner.read_blocks
    monkeypatch.setattr(runner, "read_blocks", lambda path, start=0, stop=None: blocks(path, 256, start, stop))
    entries = "".join(
        f'      blob_{k}_torch.float32: "0x0400000000000000"\n' for k in range(30)
    )  # (no `,` ends them: the line after one goes on with it, and none would be left unread)
    path = tmp_path / "r.mlir"
    path.write_text(GENERIC.replace("{body}", ONE.format(n=0)) + '"test.region"() ({\n  ^bb0:\n    builtin: {\n'
                    + entries + "    }\n}) : () -> ()\n")  # fmt: skip
    fresh = runner.check_one(str(path), Options(), "<stdin>")
    assert fresh == check_text(str(path), path.read_text(), Options())
    assert 1 <= len(reads) <= 2 and sum(map(len, reads)) >= 20


def test_a_line_that_opens_a_region_goes_straight_to_the_slow_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line ending in a region's ``{`` is never a whole statement: the fast pass does not make
    its key (the slow path makes the head's, once)."""
    from broadcheck.engine import scan

    keyed: list[str] = []
    real = scan.key_text

    def counted(text: str) -> str:
        keyed.append(text)
        return real(text)

    monkeypatch.setattr(scan, "key_text", counted)
    text = GENERIC.replace("{body}", "".join(ONE.format(n=n) for n in range(5)))
    assert check_text("t.mlir", text, Options()).diagnostics == []
    assert [k for k in keyed if "ins(" in k] == []


def test_a_label_ends_where_the_tokens_say() -> None:
    """:func:`label_end` finds the label's ``:`` from the brackets alone, as a pass over every
    token finds it, on the fixtures' lines and on random runs of brackets, strings and words."""
    import random

    from broadcheck.engine.scan_labels import label_end
    from broadcheck.syntax.lexer import TOKEN

    def by_tokens(text: str, level: int) -> tuple[int, int]:
        for m in TOKEN.finditer(text):
            if m.lastgroup == "open":
                level += 1
            elif m.lastgroup == "close":
                level -= 1
            elif m.group() == ":" and level == 0:
                return m.start(), level
        return -1, level

    rng = random.Random(31)
    pieces = [*_FRAGMENTS, ":", "%a: f32", "dense<[1, 2]>"]
    lines = _lines() + ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 25))) for _ in range(5000)]
    for line in lines:
        for level in (0, 1):
            assert label_end(line, level) == by_tokens(line, level), (line, level)
