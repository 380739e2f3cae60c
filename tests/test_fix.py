"""``--fix``, ``--unsafe-fixes`` and ``--diff``: golden outputs, and the promises a tool
that writes a user's files must keep (only type text changes, atomically, permissions
kept, idempotent, nothing written on a file that changed meanwhile).

Regenerate the golden files with ``BROADCHECK_UPDATE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT, Invoke
from tests.steps import traced_lines

GOLDEN = ROOT / "tests" / "golden" / "fix"


@pytest.fixture
def stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(GOLDEN / "stale.mlir", tmp_path / "stale.mlir")
    return tmp_path / "stale.mlir"


def _golden(name: str, data: bytes) -> None:
    if os.environ.get("BROADCHECK_UPDATE_GOLDEN"):
        (GOLDEN / name).write_bytes(data)
    assert data == (GOLDEN / name).read_bytes()


def test_diff_prints_what_fix_would_write_and_writes_nothing(stale: Path, run: Invoke) -> None:
    before = stale.read_bytes()
    result = run("check", "--isolated", "--diff", "stale.mlir")
    assert result.code == 1
    _golden("stale.diff", result.out.encode())
    # the fix that changes @unsafe's signature waits for --unsafe-fixes, and the count says so
    assert result.err == "Would fix 1 problem in 1 file (1 hidden fix can be enabled with --unsafe-fixes).\n"
    assert stale.read_bytes() == before


def test_fix_rewrites_only_type_text(stale: Path, run: Invoke) -> None:
    stale.chmod(0o640)
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "stale.mlir")
    # The op whose operands do not broadcast has no fix and is still reported; the unsafe fix waits.
    assert result.code == 1
    assert result.out.splitlines() == [
        "stale.mlir:13:8: error: 'tosa.add' op result type '3x1' not broadcast compatible with broadcasted "
        "operands's shapes '3x4' [BC102]",
        "stale.mlir:19:8: error: 'tosa.add' op operands don't have broadcast-compatible shapes [BC101]",
        "Found 2 errors in 1 file.",
        "Checked 5 ops; 1 passed over (1 not in the op table); --show-skipped lists them.",
        "Fixed 1 problem in 1 file (1 hidden fix can be enabled with --unsafe-fixes).",
    ]
    _golden("stale.fixed.mlir", stale.read_bytes())
    assert stat.S_IMODE(stale.stat().st_mode) == 0o640
    assert not [p for p in stale.parent.iterdir() if p.name.startswith(".broadcheck-")]
    # Idempotent: a second run changes nothing.
    fixed = stale.read_bytes()
    again = run("check", "--isolated", "--fix", "--output-format", "concise", "stale.mlir")
    assert again.code == 1 and stale.read_bytes() == fixed
    assert "Fixed" not in again.out


def test_unsafe_fixes_change_the_signature(stale: Path, run: Invoke) -> None:
    result = run("check", "--isolated", "--fix", "--unsafe-fixes", "--output-format", "concise", "stale.mlir")
    assert result.code == 1  # the op with no fix remains
    _golden("stale.unsafe.mlir", stale.read_bytes())
    # Once the only problem left has no fix, --fix is a no-op and --diff has nothing to show.
    assert run("check", "--isolated", "--diff", "--unsafe-fixes", "stale.mlir").code == 0


def test_a_fully_fixable_file_exits_0(tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = (GOLDEN / "stale.mlir").read_text()
    Path("f.mlir").write_text(text[: text.index("// Fixing this one")])
    assert run("check", "--isolated", "--fix", "f.mlir").code == 0
    assert run("check", "--isolated", "f.mlir").code == 0
    assert run("check", "--isolated", "--fix", "f.mlir").code == 0


def test_the_rendering_says_which_fix_exists(stale: Path, run: Invoke) -> None:
    flat = " ".join(run("check", "--isolated", "stale.mlir").out.split())  # on a terminal, the full format wraps
    assert "= fix: change the result type to tensor<8x7x6x5xf32>, and 7 later types that follow from it [--fix]" in flat
    assert (
        "= fix (unsafe): change the result type to tensor<3x4xf32>, and 2 later types that follow from it "
        "(this changes the signature of @unsafe) [--fix --unsafe-fixes]"
    ) in flat
    data = json.loads(run("check", "--isolated", "--output-format", "json", "stale.mlir").out)
    fixes = [d["fix"] for d in data]
    assert [f and f["applicability"] for f in fixes] == ["safe", None, "unsafe", None]
    assert fixes[0]["edits"][0] == {
        "content": "tensor<8x7x6x5xf32>",
        "line": 4,
        "column": 92,
        "end_line": 4,
        "end_column": 111,
    }
    sarif = json.loads(run("check", "--isolated", "--output-format", "sarif", "stale.mlir").out)
    change = sarif["runs"][0]["results"][0]["fixes"][0]["artifactChanges"][0]
    assert change["artifactLocation"]["uri"].endswith("stale.mlir")
    assert change["replacements"][0]["insertedContent"] == {"text": "tensor<8x7x6x5xf32>"}


def test_fix_on_stdin_prints_the_fixed_text(run: Invoke) -> None:
    text = (GOLDEN / "stale.mlir").read_text()
    result = run("check", "--isolated", "--fix", "-", stdin=text)
    assert result.code == 1
    assert result.out == (GOLDEN / "stale.fixed.mlir").read_text()  # read_text: LF line endings, as the input
    assert "<stdin>:19:8: error: 'tosa.add' op operands don't have broadcast-compatible shapes" in result.err


def test_fix_with_verify_diagnostics_is_a_usage_error(stale: Path, run: Invoke) -> None:
    result = run("check", "--isolated", "--fix", "--verify-diagnostics", "stale.mlir")
    assert result.code == 2
    assert "--fix and --diff cannot be combined with --verify-diagnostics" in result.err


def test_a_file_changed_on_disk_is_not_overwritten(stale: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    from broadcheck import outputs

    real = outputs.snapshot

    def read_then_someone_writes(path: str, temporaries: outputs.Temporaries) -> outputs.Snapshot:
        taken = real(path, temporaries)
        Path(path).write_bytes(Path(path).read_bytes() + b"// edited meanwhile\n")
        return taken

    monkeypatch.setattr(outputs, "snapshot", read_then_someone_writes)
    result = run("check", "--isolated", "--fix", "stale.mlir")
    assert result.code == 2
    assert "changed on disk since it was read" in result.err
    assert stale.read_bytes().endswith(b"// edited meanwhile\n")


# ----------------------------------------------------------------------------- --diff

HOSTILE = (
    "func.func @f(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {\n"
    "  // \x1b]0;retitled\x07 and \x1b[2J cleared\n"
    "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32> // \x1b[31m ##[add-mask]x\n"
    "  %1 = tosa.add %0, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
    "  return %1 : tensor<3x4xf32>\n"
    "  \u3000::error file=README.md,line=1::pwned\n"
    "}\n"
)


def test_diff_escapes_what_a_terminal_or_a_ci_log_would_obey(
    tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("h.mlir").write_text(HOSTILE)
    result = run("check", "--isolated", "--diff", "h.mlir")
    assert result.code == 1
    assert result.out.splitlines() == [
        "--- h.mlir",
        "+++ h.mlir",
        "@@ -1,7 +1,7 @@",
        " func.func @f(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {",
        "   // \\x1b]0;retitled\\x07 and \\x1b[2J cleared",
        "-  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32> // \\x1b[31m \\x23#[add-mask]x",
        "-  %1 = tosa.add %0, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>",
        "+  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32> // \\x1b[31m \\x23#[add-mask]x",
        "+  %1 = tosa.add %0, %b : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>",
        "   return %1 : tensor<3x4xf32>",
        "   \u3000\\x3a:error file=README.md,line=1::pwned",
        " }",
    ]
    # What GitHub's runner obeys: `::` first once a line's blanks are trimmed, `##[` anywhere.
    assert not any(line.lstrip().startswith("::") or "##[" in line for line in result.out.splitlines())
    assert not any(0x00 <= ord(c) < 0x20 and c != "\n" for c in result.out)


def test_diff_is_difflib_byte_for_byte_where_nothing_is_escaped() -> None:
    """Where no line repeats (difflib may pair repeated lines another way, or junk them)."""
    import difflib
    import random

    from broadcheck.report.diff import unified

    chance = random.Random(30)
    for _ in range(400):
        ends = ["\n", "\r\n"]
        lines = [f"line {i}{chance.choice(ends)}" for i in range(chance.randrange(30))]
        new = [
            f"fixed {chance.randrange(10**9)}{line[len(line.rstrip()) :]}" if chance.random() < 0.2 else line
            for line in lines
        ]
        before, after = "".join(lines), "".join(new)
        expected = difflib.unified_diff(before.splitlines(True), after.splitlines(True), "a b.mlir", "a b.mlir")
        assert "".join(unified("a b.mlir", before, after)) == "".join(expected)


def test_diff_marks_a_last_line_without_a_line_feed() -> None:
    from broadcheck.report.diff import unified

    assert "".join(unified("f", "a\nb", "a\nc")) == (
        "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"
    )


def _traced_lines(work: Callable[[], object]) -> int:
    """The Python lines ``work`` runs, in every function it calls: work counted, not timed."""
    return traced_lines(work)[1]


def test_diff_work_grows_linearly_with_the_fixes() -> None:
    """4x the fixes, in a text whose lines repeat (difflib's quadratic case), is 4x the work."""
    from broadcheck.report.diff import unified

    body = (
        "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
        "  %1 = tosa.add %0, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>\n"
        "  return %1 : tensor<3x4xf32>\n"
        "}\n"
    )

    def work(fixes: int) -> int:
        # Each function's first line is its own; the rest repeat (difflib: 4x the fixes, 16x the work).
        before = "".join(
            f"func.func @f{k}(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {{\n{body}"
            for k in range(fixes)
        )
        after = before.replace("-> tensor<3x1xf32>", "-> tensor<3x4xf32>")
        return _traced_lines(lambda: "".join(unified("f.mlir", before, after)))

    small, large = work(500), work(2000)
    assert small > 500
    assert large <= 4.2 * small, (small, large)


def test_hlo_result_type_errors_name_the_result_and_have_a_fix(
    tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BC517, BC518 and BC521 of StableHLO and CHLO: a label at the result, a help line and a
    fix, as the TOSA and tf result-type errors have; iree-opt accepts what --fix writes
    (tests/oracle/test_fix_verified.py)."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(GOLDEN / "hlo.mlir", "hlo.mlir")
    data = json.loads(run("check", "--isolated", "--output-format", "json", "hlo.mlir").out)
    assert sorted({d["code"] for d in data}) == ["BC517", "BC518", "BC521"]
    for d in data:
        assert d["fix"] is not None, d
    full = run("check", "--isolated", "hlo.mlir").out
    assert full.count("result #0") == full.count("help: the result type should be") == len(data) == 9
    result = run("check", "--isolated", "--fix", "--unsafe-fixes", "--output-format", "concise", "hlo.mlir")
    assert result.code == 0
    _golden("hlo.fixed.mlir", Path("hlo.mlir").read_bytes())


_IF_BRANCH = """func.func @then(%x: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %0 = "tf.AddV2"(%x, %b) : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  func.return %0 : tensor<8x1xf32>
}
func.func @main(%c: tensor<i1>, %a: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  %1 = "tf.If"(%c, %0, %b) {then_branch = @then, else_branch = @then, is_stateless = false} : (tensor<i1>, tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  func.return %a : tensor<8x1xf32>
}
"""


def test_fix_does_not_retype_what_tf_if_passes_to_or_gets_from_its_branches(
    tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tf.If names its branches as a call names its callee: a new operand type (main's %0) would
    have to reach @then's arguments, and a new result type of @then (its %0) tf.If's results;
    TensorFlow rejects either half alone, so neither is fixed (safe or unsafe)."""
    monkeypatch.chdir(tmp_path)
    Path("if.mlir").write_text(_IF_BRANCH)
    result = run("check", "--isolated", "--fix", "--unsafe-fixes", "--output-format", "concise", "if.mlir")
    assert result.code == 1 and "Fixed" not in result.out
    assert Path("if.mlir").read_text() == _IF_BRANCH
    data = json.loads(run("check", "--isolated", "--output-format", "json", "if.mlir").out)
    assert [(d["line"], d["fix"]) for d in data] == [(2, None), (6, None)]
    assert "the call 'tf.If' (line 7) passes a value whose type the fix changes" in data[1]["notes"][-1]["message"]


def test_fix_follows_the_new_type_through_ops_that_must_agree(
    tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(GOLDEN / "follow.mlir", "follow.mlir")
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "follow.mlir")
    assert result.code == 0 and "Fixed 1 problem in 1 file." in result.out
    _golden("follow.fixed.mlir", Path("follow.mlir").read_bytes())


def test_fix_stops_before_an_op_it_cannot_make_follow_and_says_why(
    tmp_path: Path, run: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A statement on several lines is not rewritten, so its operand type would stay stale.
    The issue's case: after the fix changed %2's type, `"tf.Relu"(%2) : (tensor<8x5xf32>) ->
    tensor<8x1xf32>` was written and "Fixed 1 problem" said; TensorFlow rejects it ('tf.Relu' op
    requires the same shape for all operands and results). tf.Relu is checked now (its ODS traits),
    so the fix follows through it, as through tf.StopGradient (checked too); tf.EnsureShape is
    checked from its type constraints alone (TensorFlow's verifier relates none of its types, its
    ``shape`` is asserted when the graph runs), and stands for every op whose check says nothing of
    how its results follow its operands, and every op broadcheck does not check."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(GOLDEN / "stop.mlir", "stop.mlir")
    before = Path("stop.mlir").read_bytes()
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "stop.mlir")
    assert result.code == 1 and "Fixed" not in result.out
    assert Path("stop.mlir").read_bytes() == before
    assert run("check", "--isolated", "--diff", "stop.mlir").out == ""
    data = json.loads(run("check", "--isolated", "--output-format", "json", "stop.mlir").out)
    assert [(d["line"], d["fix"], d["notes"][-1]["message"]) for d in data] == [
        (
            8,
            None,
            "no fix: 'tf.EnsureShape' (line 9) uses a value whose type the fix changes, and broadcheck does not know "
            "which other types must follow (its verifier may reject the new operand type)",
        ),
        (
            17,
            None,
            "no fix: the call 'func.call' (line 18) passes a value whose type the fix changes, and the callee's "
            "argument types would have to follow",
        ),
        (
            23,
            None,
            "no fix: 'scf.yield' (line 24) uses a value whose type the fix changes, and broadcheck does not know "
            "which other types must follow (its verifier may reject the new operand type)",
        ),
        (31, None, "no fix: a statement the fix would change (line 32) spans lines or could not be read"),
    ]


def test_the_fix_stage_reads_a_module_in_blocks_as_in_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fix stage scans a module in blocks of whole lines (issue 31: peak memory): cut every
    few lines, it plans the same fixes as read whole."""
    from broadcheck.engine import fix_read as fix
    from broadcheck.engine.options import Options
    from broadcheck.runner import check_source

    text = (GOLDEN / "stale.mlir").read_text()
    whole = check_source("stale.mlir", text, Options())
    assert any(d.fix is not None for d in whole.diagnostics)
    for size in (1, 40, 200):
        monkeypatch.setattr(fix, "SCAN_BLOCK", size)
        assert check_source("stale.mlir", text, Options()).diagnostics == whole.diagnostics
