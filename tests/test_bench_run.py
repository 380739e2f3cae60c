"""bench/run.py's table logic for the real model exports, and bench/exports.py's op count and cache,
on fake timings and texts: deterministic, no jax, no iree-opt, nothing timed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import exports
from bench.run import (
    Coverage,
    ExportFile,
    ExportResult,
    Run,
    export_files,
    export_table,
    export_verdicts,
    rss_ratio,
    time_target,
)


def runs(*cpus: float, rss_mb: int = 10, code: int = 0) -> list[Run]:
    # The tables show CPU seconds (issue 31); the wall time is set apart to show it is not read.
    return [Run(100 + cpu, rss_mb * 1024, code, "", cpu) for cpu in cpus]


def export(ops: int, size: int, name: str = "model") -> ExportFile:
    return ExportFile(f"{name}.mlir", name, Path(f"/nowhere/{name}.mlir"), ops, ops + 10, size, False, False)


CLEAN = Coverage(0, checked=60, passed_over=30, diagnostics=0)


@pytest.mark.parametrize(
    ("ops", "target"),
    [(5, 2.0), (9_999, 2.0), (100_000, 2.0), (249_999, 2.0), (250_000, 0.5), (376_226, 0.5)],
)
def test_time_target_by_op_count(ops: int, target: float) -> None:
    assert time_target(ops) == target


def test_a_row_gives_min_and_median_ratios_and_judges_the_median() -> None:
    # broadcheck min 1.0, median 3.0; iree-opt min 2.0, median 2.0: 0.50x / 1.50x, target 0.5x missed.
    result = ExportResult(
        export(300_000, 20_000_000), runs(1.0, 3.0, 3.0, 4.0, 5.0), runs(2.0, 2.0, 2.0, 2.0, 2.0), CLEAN
    )
    row = export_table([result])[2]
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[:8] == [
        "model",
        "300,000",
        "20.0",
        "2.00 s / 2.00 s",
        "1.00 s / 3.00 s",
        "0.50x / 1.50x",
        "<= 0.5x",
        "MISS",
    ]
    assert cells[8:] == ["10 MB", "10 MB", "1.00x", "MISS", "60 (0%)", "30", "0"]


def test_rss_target_applies_from_one_megabyte() -> None:
    small = ExportResult(export(100, 999_999), runs(0.1), runs(0.1, rss_mb=100), CLEAN)
    large = ExportResult(export(100, 1_000_000), runs(0.1, rss_mb=40), runs(0.1, rss_mb=100), CLEAN)
    assert rss_ratio(small) is None
    assert rss_ratio(large) == pytest.approx(0.4)
    assert "(< 1 MB)" in export_table([small])[2]


def test_verdicts_take_the_worst_file_of_each_band() -> None:
    fast = ExportResult(export(350_000, 9_000_000, "fast"), runs(1.0), runs(4.0, rss_mb=100), CLEAN)
    slow = ExportResult(export(300_000, 9_000_000, "slow"), runs(3.0, rss_mb=20), runs(4.0, rss_mb=100), CLEAN)
    mid = ExportResult(export(40_000, 4_000_000, "mid"), runs(0.2), runs(0.4, rss_mb=100), CLEAN)
    tiny = ExportResult(export(5, 300, "tiny"), runs(0.06), runs(0.02), CLEAN)
    verdicts = {v.measurement.split(" (")[0]: v for v in export_verdicts([fast, slow, mid, tiny])}
    big = verdicts["time on the exports of 250k ops and more"]
    assert (big.worst, big.ratio, big.met) == ("worst: slow", "0.75x", "MISS (1 of 2)")
    small = verdicts["time on the exports under 250k ops"]
    assert (small.worst, small.ratio, small.met) == ("worst: tiny", "3.00x", "MISS (1 of 2)")
    memory = verdicts["peak RSS on the exports of 1 MB and more"]
    assert (memory.worst, memory.ratio, memory.met) == ("worst: slow", "0.20x", "ok")
    assert verdicts["diagnostics on the exports"].met == "ok"


def test_a_diagnostic_or_a_failed_run_on_valid_ir_is_wrong() -> None:
    reported = Coverage(1, checked=60, passed_over=30, diagnostics=2, codes="2 BC101")
    noisy = ExportResult(export(100, 500), runs(0.1), runs(0.1), reported)
    crashed = ExportResult(export(100, 500, "crashed"), runs(0.1, code=2), runs(0.1), CLEAN)
    assert "WRONG: 2 (2 BC101), exit 1" in export_table([noisy])[2]
    verdicts = export_verdicts([noisy, crashed])
    assert verdicts[0].met == "WRONG (failed runs)"
    assert (verdicts[-1].worst, verdicts[-1].met) == ("WRONG on model", "WRONG")


def test_coverage_reads_the_statistics_object() -> None:
    output = json.dumps(
        {
            "codes": [{"code": "BC101", "name": "x", "count": 3}],
            "files_checked": 1,
            "ops_checked": 70,
            "passed_over": [{"op": "a.b", "reason": "r", "count": 4}, {"op": "a.c", "reason": "r", "count": 5}],
        }
    )
    assert Coverage.parse(Run(0.1, 1, 1, output)) == Coverage(1, 70, 9, 3, "3 BC101")
    assert Coverage.parse(Run(0.1, 1, 2, "Traceback ...")) == Coverage(2)


SAMPLE = """\
#loc1 = loc("x")
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32> loc("x")) -> (tensor<4xi32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc3)
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %1:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<4x8xf32>, tensor<4xf32>
     cond {
      %c = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %iterArg, %iterArg_0 : tensor<4x8xf32>, tensor<4xf32>
    }
    %2:2 = stablehlo.reduce(%arg0 init: %cst), (%arg0 init: %cst) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<f32>, %arg4: tensor<f32>)  {
      stablehlo.return %arg1, %arg2 : tensor<f32>, tensor<f32>
    }
    %3 = "stablehlo.reduce_window"(%arg0, %cst) <{window_dimensions = array<i64: 1, 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %4 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x4xf32>
    %5 = call @argmax(%0) : (tensor<4xf32>) -> tensor<4xi32>
    return %5 : tensor<4xi32> loc(#loc2)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
"""


def test_op_statements_are_lines_with_an_op() -> None:
    names = exports.count_ops(SAMPLE)
    assert names == {
        "builtin.module": 1,
        "func.func": 1,
        "stablehlo.constant": 2,
        "stablehlo.reduce": 2,
        "stablehlo.while": 1,
        "stablehlo.return": 4,
        "stablehlo.reduce_window": 1,
        "stablehlo.maximum": 1,
        "func.call": 1,
        "func.return": 1,
    }


def test_the_cache_is_fresh_only_for_the_current_code_and_complete_files(tmp_path: Path) -> None:
    assert not exports.fresh(tmp_path)
    names = exports._files(quick=True)
    for name in names:
        (tmp_path / name).write_text("module {}\n")
    entries = [
        {"file": n, "title": n, "ops": 1, "lines": 1, "bytes": 10, "locations": False, "quick": True} for n in names
    ]
    manifest = {"key": exports.source_key(), "files": entries}
    (tmp_path / exports.MANIFEST).write_text(json.dumps(manifest))
    assert exports.fresh(tmp_path, quick=True)
    assert not exports.fresh(tmp_path, quick=False)  # the large exports are missing
    assert [e.file for e in export_files(manifest, tmp_path, quick=True)] == sorted(names)
    (tmp_path / exports.MANIFEST).write_text(json.dumps({**manifest, "key": "older"}))
    assert not exports.fresh(tmp_path, quick=True)
    (tmp_path / names[0]).unlink()
    assert names[0] not in [e.file for e in export_files(manifest, tmp_path, quick=True)]


def test_every_bench_run_has_the_result_cache_off_unless_a_row_asks() -> None:
    """A row measures checks, never the cache, except the cache's own rows (which pass env)."""
    import sys

    from bench.run import run

    probe = [sys.executable, "-c", "import os; print(repr(os.environ.get('BROADCHECK_NO_CACHE')))"]
    assert run(probe, rss=False).output == "'1'\n"
    assert run(probe, rss=False, env={"BROADCHECK_NO_CACHE": ""}).output == "''\n"
