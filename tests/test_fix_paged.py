"""Issue 31's peak RSS, the fix stage and the forms (tenth stop, fixmem): what is held or read,
counted in objects, reads and characters, never in time.

* The runner's fix stage reads the file a page at a time (:class:`~broadcheck.engine.fix_read.Paged`),
  not into one string, and plans the same fixes as from the text in memory.
* It makes the statements of a function only when the planner asks for them: those of the
  function it retypes, not one per line of the module.
* A fast row's form does not hold its key text beside the scanner's key, and the forms share
  their roles and type-key tuples.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from broadcheck.engine.fix_read import Paged, _Lines
from broadcheck.engine.options import Options
from broadcheck.engine.run import Memory
from broadcheck.runner import check_one, check_source

GOLDEN = Path(__file__).resolve().parent / "golden" / "fix"

TEXTS = [
    "",
    "one line, no end",
    "a\nb\n",
    "\ufeffbom first\r\nthen crlf\r\n\r\nlast",
    "caf\u00e9 \u4e2d\u6587\n" * 40 + "x" * 300 + "\n\u00e9" * 30,
    "\n\n\n",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("page", [1, 7, 64, 1 << 20])
def test_a_paged_file_reads_as_its_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, page: int) -> None:
    """Slices, finds and line starts of a file's pages are those of its decoded text (utf-8-sig,
    line ends as written), however the pages fall (a line longer than a page is one page)."""
    monkeypatch.setattr(Paged, "PAGE", page)
    path = tmp_path / "t.mlir"
    path.write_bytes(text.encode("utf-8"))
    decoded = text.removeprefix("\ufeff")
    paged = Paged(str(path))
    lines, whole = _Lines(paged), _Lines(decoded)
    assert len(paged) == len(decoded)
    assert list(lines.starts) == list(whole.starts)
    assert [lines[i] for i in range(len(lines))] == [whole[i] for i in range(len(whole))]
    size = len(decoded)
    for start in range(0, size + 1, max(1, size // 17)):
        for stop in (start, start + 1, start + 5, start + 70, size):
            assert paged[start:stop] == decoded[start:stop]
            for sub in ("\n", "e", "\u4e2d", "zz"):
                assert paged.find(sub, start, stop) == decoded.find(sub, start, stop)
                assert paged.rfind(sub, start, stop) == decoded.rfind(sub, start, stop)
    for line in range(1, len(lines) + 1):
        a, b = lines.statement(line), whole.statement(line)
        assert (a.text, a.offset, a.line, a.column) == (b.text, b.offset, b.line, b.column)


def _stale_file(tmp_path: Path, prefix: str) -> tuple[Path, str]:
    text = prefix + (GOLDEN / "stale.mlir").read_text()
    path = tmp_path / "stale.mlir"
    path.write_bytes(text.encode("utf-8"))
    return path, text.removeprefix("\ufeff")


@pytest.mark.parametrize("prefix", ["", "\ufeff// caf\u00e9 \u4e2d\u6587\r\n"])
def test_the_runner_plans_the_fixes_of_a_file_by_pages_as_of_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prefix: str
) -> None:
    """The runner's fix stage (a file on disk, read again by pages of a few hundred bytes)
    attaches the same fixes, with the same offsets, as planned from the text in memory, and
    reads no page larger than a page and its longest line."""
    path, text = _stale_file(tmp_path, prefix)
    whole = check_source(str(path), text, Options())
    assert any(d.fix is not None for d in whole.diagnostics)
    monkeypatch.setattr(Paged, "PAGE", 300)
    pages: list[int] = []
    page = Paged.page

    def counted(self: Paged, number: int) -> str:
        found = page(self, number)
        pages.append(len(found))
        return found

    monkeypatch.setattr(Paged, "page", counted)
    result = check_one(str(path), Options(), "-")
    assert not isinstance(result, Exception)
    assert result.diagnostics == whole.diagnostics
    longest = max(len(line) for line in text.split("\n"))
    assert pages and max(pages) <= 300 + longest + 1


def test_a_file_with_no_fix_to_plan_is_not_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Errors without a fix: once checked (read in blocks), the file is not opened again for the
    fix stage (6634fe8 read it whole into one string before it knew there was nothing to plan)."""
    import builtins

    path = tmp_path / "typo.mlir"
    path.write_text("func.func @f() {\n  %0 = tosa.nope : () -> tensor<2xf32>\n  return\n}\n")
    opened: list[object] = []
    real_open = builtins.open

    def counted(file: object, *args: object, **kwargs: object) -> object:
        opened.append(file)
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", counted)
    result = check_one(str(path), Options(), "-")
    assert not isinstance(result, Exception)
    assert any(d.severity == "error" for d in result.diagnostics)
    assert all(d.fix is None for d in result.diagnostics)
    assert str(path) not in opened


def _functions(count: int) -> str:
    body = [
        f"func.func @f{i}(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {{\n"
        "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
        "  %1 = tosa.abs %0 : (tensor<3x4xf32>) -> tensor<3x4xf32>\n"
        "  %2 = tosa.abs %1 : (tensor<3x4xf32>) -> tensor<3x4xf32>\n"
        "  return %2 : tensor<3x4xf32>\n}\n"
        for i in range(count)
    ]
    stale = (
        "func.func @stale(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {\n"
        "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
        "  %1 = tosa.abs %0 : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
        "  %2 = tosa.add %1, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
        "  return %2 : tensor<3x4xf32>\n}\n"
    )
    return "".join(body[: count // 2]) + stale + "".join(body[count // 2 :])


def test_the_fix_stage_makes_the_statements_of_the_function_it_retypes_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted in statement objects made: planning one fix in a module of 300 functions makes the
    statements of the function with the fixable error (once for each time the planner reads
    them), not one per line of the module (6634fe8 made 1,505, one per statement, and held those
    of every function with a fixable error until the planning ended: 65k on bench/gen.py's 100k
    ops, issue 31)."""
    from broadcheck.engine import fix_read

    made: list[int] = []
    init = fix_read.PlannedStatement.__init__

    def counting(self: fix_read.PlannedStatement, *args: object) -> None:
        made.append(1)
        init(self, *args)  # type: ignore[arg-type]

    line_init = fix_read._LineStatement.__init__

    def line_counting(self: fix_read._LineStatement, *args: object) -> None:
        made.append(1)
        line_init(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(fix_read.PlannedStatement, "__init__", counting)
    monkeypatch.setattr(fix_read._LineStatement, "__init__", line_counting)
    path = tmp_path / "many.mlir"
    path.write_text(_functions(300))
    result = check_one(str(path), Options(), "-")
    assert not isinstance(result, Exception)
    assert [d.fix is not None for d in result.diagnostics if d.severity == "error"] == [True]
    # each function's header and its first statement (the scanner's slow path reads it, after
    # the `{`), and @stale's 4 statements, read by the retyper: not the other 900 statements
    assert len(made) <= 2 * 301 + 2 * 4


def test_a_fast_rows_form_holds_no_copy_of_its_key_and_shares_its_tuples(tmp_path: Path) -> None:
    """Counted in objects: the forms of one-line statements hold no key text of their own (the
    scanner keeps each form by its key, the very string the form holds: one string a form, no
    tuple), and forms of different statements with equal roles and operand types share one
    tuple of each, and one string per type."""
    from broadcheck.engine.forms import Form

    memory = Memory()
    path = tmp_path / "f.mlir"
    path.write_text(
        "func.func @g(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) {\n"
        "  %c = tosa.abs %a : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
        "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
        "  %1 = tosa.sub %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
        "  %2 = tosa.abs %0 : (tensor<3x4xf32>) -> tensor<3x4xf32>\n"
        "  return\n}\n"
    )
    check_one(str(path), Options(), "-", memory=memory)
    assert not [key for key in memory.forms if not isinstance(key, str)]
    keys = {form.key: form for form in memory.forms.values()}
    assert len(keys) >= 3
    for key, form in memory.forms.items():
        assert isinstance(form, Form)
        assert form.key is key  # (one string, the dict's and the form's)
        held = [r for r in gc.get_referents(form) if isinstance(r, str) and r is not form.name and r is not key]
        assert key not in held
    add = keys["%_ = tosa.add %_, %_ : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>"]
    sub = keys["%_ = tosa.sub %_, %_ : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>"]
    after = keys["%_ = tosa.abs %_ : (tensor<3x4xf32>) -> tensor<3x4xf32>"]
    assert add.roles is sub.roles and add.operand_types is sub.operand_types
    assert add.result_types[0] is after.operand_types[0]
