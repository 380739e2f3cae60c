"""Forms of keys seen once, forgotten (issue 31's peak RSS on files of distinct statements,
gen2rss: bench/gen2.py's 100k ops read 63k keys, 49k of them once): counted in forms and
reads, never timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from broadcheck.engine import fix_plan, run, scan
from broadcheck.engine.forms import Form, read_form
from broadcheck.engine.options import Options
from broadcheck.engine.run import Memory
from broadcheck.runner import check_one

_STALE = (
    "func.func @stale(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {\n"
    "  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>\n"
    "  %1 = tosa.abs %0 : (tensor<3x1xf32>) -> tensor<3x1xf32>\n"
    "  return %1 : tensor<3x1xf32>\n}\n"
)
"""A function with a fixable error (its add's result type), for the fix stage."""


def _distinct(count: int, again: int = 0) -> str:
    """A function of ``count`` distinct one-line ops (each key seen once), then the first
    ``again`` of them once more."""
    rows = [f"  %v{i} = stablehlo.add %a, %a {{n = {i} : i64}} : tensor<4xf32>\n" for i in range(count)]
    rows += [f"  %w{i} = stablehlo.add %a, %a {{n = {i} : i64}} : tensor<4xf32>\n" for i in range(again)]
    return f"func.func @f(%a: tensor<4xf32>) {{\n{''.join(rows)}  return\n}}\n"


def _counted(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """The keys the scanner of ``module``'s runs reads into forms from here on, in order."""
    reads: list[str] = []

    def counted(key: str, known: object = None) -> Form:
        reads.append(key)
        return read_form(key)

    monkeypatch.setattr(module, "read_form", counted)
    return reads


def _adds(memory: Memory) -> list[str]:
    return [key for key in memory.forms if isinstance(key, str) and key.startswith("%_ = stablehlo.add")]


def test_a_key_seen_once_is_forgotten_after_twice_young_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """400 distinct one-line ops, each seen once: the run keeps at most 2 * YOUNG of their forms
    (all 400 at f830a58); the keys that come back within the window are kept for the run."""
    monkeypatch.setattr(scan, "YOUNG", 32)
    path = tmp_path / "distinct.mlir"
    path.write_text(_distinct(400))
    memory = Memory()
    result = check_one(str(path), Options(), "-", memory=memory)
    assert not isinstance(result, Exception) and result.diagnostics == []
    assert 32 <= len(_adds(memory)) <= 64
    path.write_text(_distinct(40, again=40))  # (each key twice, 40 apart)
    memory = Memory()
    check_one(str(path), Options(), "-", memory=memory)
    assert len(_adds(memory)) == 40


def test_a_forgotten_key_that_comes_back_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """300 distinct ops, then the first 20 again: with a window of 32 their forms were forgotten,
    so each is read a second time (and then kept); without a window, once. (The first op, after
    the function's head, is the fast pass's as the others, forgotten too: at e3e3edd it was the slow
    path's, kept for the run, 300 + 19.)"""
    path = tmp_path / "again.mlir"
    path.write_text(_distinct(300, again=20))
    reads = _counted(monkeypatch, run)
    check_one(str(path), Options(), "-", memory=Memory())
    assert len([k for k in reads if k.startswith("%_ = stablehlo.add")]) == 300
    reads.clear()
    monkeypatch.setattr(scan, "YOUNG", 32)
    memory = Memory()
    check_one(str(path), Options(), "-", memory=memory)
    assert len([k for k in reads if k.startswith("%_ = stablehlo.add")]) == 300 + 20
    assert len(_adds(memory)) <= 64 + 20


def test_forgetting_changes_no_output_and_the_fix_stage_reads_no_form_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fix stage scans the module again: the lines the check took whole are taken whole
    again without their forgotten forms (:attr:`.scan.Scanner.given`), so it reads none of the
    300 keys again; the diagnostics and their fixes are those of a run that forgets nothing."""
    path = tmp_path / "fixes.mlir"
    path.write_text(_distinct(300, again=20) + _STALE)
    kept = check_one(str(path), Options(), "-", memory=Memory())
    monkeypatch.setattr(scan, "YOUNG", 32)
    reads = _counted(monkeypatch, fix_plan)
    memory = Memory()
    forgot = check_one(str(path), Options(), "-", memory=memory)
    assert not isinstance(kept, Exception) and not isinstance(forgot, Exception)
    assert any(d.fix is not None for d in forgot.diagnostics)
    assert forgot.diagnostics == kept.diagnostics
    assert len(_adds(memory)) <= 64 + 20
    assert [k for k in reads if k.startswith("%_ = stablehlo.add")] == []
