"""bench/readme.py puts a bench run's tables into the README between its markers, and only
there; bench/copies.py renames each copy's symbols. No timing, no iree-opt."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import copies, readme

RUN = (
    "broadcheck benchmark: broadcheck 0.1.0 (commit abc1234); load average 9.00\n"
    "Files:\n"
    "  gen.py 100k ops\n"
    "| # | measurement | result |\n"
    "|---|---|---|\n"
    "| #1 | iree-opt | 1.00 s / 1.10 s |\n"
    "\n"
    "Peak RSS is ru_maxrss.\n"
)
README = "# x\n\nbefore\n\n<!-- bench: start -->\n\nold table\n\n<!-- bench: end -->\n\nafter\n"


def test_the_run_replaces_what_stands_between_the_markers() -> None:
    out = readme.replace(README, RUN)
    assert out.startswith("# x\n\nbefore\n\n<!-- bench: start -->\n\n- broadcheck benchmark: ")
    assert "old table" not in out and out.endswith("Peak RSS is ru_maxrss.\n\n<!-- bench: end -->\n\nafter\n")
    assert "- Files:\n- gen.py 100k ops\n\n| # | measurement | result |\n" in out
    assert readme.replace(out, RUN) == out  # a second run with the same output changes nothing


def test_the_readme_names_programs_not_the_paths_of_the_machine_that_ran_them() -> None:
    run = (
        "broadcheck benchmark: broadcheck 0.1.0 via `/tmp/venv/bin/broadcheck`; Python 3.11\n"
        "iree-opt: /opt/env/lib/iree/compiler/_mlir_libs/iree-opt --emit-bytecode -o /dev/null\n" + RUN
    )
    out = readme.replace(README, run)
    assert "via `broadcheck`; Python 3.11" in out and "- iree-opt: iree-opt --emit-bytecode -o /dev/null" in out
    assert "/tmp/venv" not in out and "/opt/env" not in out


@pytest.mark.parametrize(("text", "run"), [("no markers\n", RUN), (README, "no table here\n")])
def test_no_markers_or_no_table_is_refused(text: str, run: str) -> None:
    with pytest.raises(ValueError):
        readme.replace(text, run)


def test_the_command_writes_the_readme_in_place(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(README)
    (tmp_path / "run.md").write_text(RUN)
    assert readme.main([str(tmp_path / "run.md"), "--readme", str(tmp_path / "README.md")]) == 0
    assert "| #1 | iree-opt |" in (tmp_path / "README.md").read_text()
    assert readme.main([str(tmp_path / "missing.md"), "--readme", str(tmp_path / "README.md")]) == 1


SOURCE = (
    "#map = affine_map<(d0) -> (d0)>\n"
    "module {\n"
    "  func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %0 = call @helper(%arg0) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    return %0 : tensor<4xf32>\n"
    "  }\n"
    "  func.func private @helper(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    '    return %arg0 {note = "@main"} : tensor<4xf32>\n'
    "  }\n"
    "}\n"
    "\n"
    "{-#\n#-}\n"
)


def test_copies_rename_each_copys_functions_and_keep_the_rest_once() -> None:
    text = copies.copies(SOURCE, 3)
    assert text.count("#map = ") == 1 and text.count("{-#") == 1 and text.count("module {") == 1
    for i in range(3):
        assert f"func.func @main_{i}(" in text and f"call @helper_{i}(" in text
        assert f"func.func private @helper_{i}(" in text
    assert "@main(" not in text and "@helper(" not in text


def test_a_run_in_parts_is_taken_together_in_the_run_s_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # make bench BENCH_ROWS=...: each part is its own run's output; the README holds them in
    # the full run's order, and a complete run newer than every part wins.
    parts = tmp_path / "parts"
    parts.mkdir()
    (parts / "exports.md").write_text(RUN.replace("iree-opt", "part-exports"))
    (parts / "startup+gen.md").write_text(RUN.replace("iree-opt", "part-startup"))
    monkeypatch.setattr(readme, "PARTS", parts)
    monkeypatch.setattr(readme, "LAST_RUN", tmp_path / "last-run.md")
    assert readme.default_runs() == [parts / "startup+gen.md", parts / "exports.md"]
    (tmp_path / "README.md").write_text(README)
    assert readme.main(["--readme", str(tmp_path / "README.md")]) == 0
    text = (tmp_path / "README.md").read_text()
    assert "old table" not in text
    assert 0 < text.index("| #1 | part-startup |") < text.index("| #1 | part-exports |")
    (tmp_path / "last-run.md").write_text(RUN)
    assert readme.default_runs() == [tmp_path / "last-run.md"]


def test_notes_stand_above_the_tables() -> None:
    out = readme.replace(README, RUN, notes=["not reached: gen2"])
    assert "<!-- bench: start -->\n\n- not reached: gen2\n\n- broadcheck benchmark: " in out
