"""One large file across cores: -j N on one file gives exactly the result of -j 1.

The thresholds are lowered so that small files are cut into many ranges; each
case checks that the file really was split (or, where a range cannot end at a
seam, that broadcheck fell back to reading it in one go) and that the result is
the serial one, diagnostic for diagnostic and line for line.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from bench.gen import generate
from broadcheck import runner, split
from broadcheck.checker import Memory, Options
from broadcheck.optable import OpTable
from broadcheck.runner import check_one
from broadcheck.semantics import Profile

OPTIONS = {
    "default": Options(),
    "llvm": Options(Profile.LLVM),
    "verify": Options(Profile.LLVM, OpTable(), None, True),
    "no-values": Options(values=False),
}


@pytest.fixture(autouse=True)
def small_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "SPLIT_MIN_BYTES", 0)
    monkeypatch.setattr(split, "RANGE_MIN_BYTES", 500)
    monkeypatch.setattr(split, "WINDOW", 1 << 20)


def same_as_serial(path: Path, options: Options, jobs: int) -> bool:
    """Check ``path`` with ``jobs`` and serially; assert equal results; whether it was split."""
    fresh = replace(options, memory=Memory())
    was_split = split.check_split(str(path), fresh, jobs) is not None
    parallel = check_one(str(path), replace(options, memory=Memory()), "<stdin>", jobs)
    serial = check_one(str(path), replace(options, memory=Memory()), "<stdin>", 1)
    assert parallel == serial
    return was_split


def functions(count: int, body: str) -> str:
    return "".join(
        f"func.func @f{i}(%a: tensor<{i + 1}x1xf32>, %b: tensor<4xf32>) -> tensor<{i + 1}x4xf32> {{\n{body}}}\n"
        for i in range(count)
    )


@pytest.mark.parametrize("jobs", [2, 3, 7])
@pytest.mark.parametrize("name", list(OPTIONS))
def test_generated_file(tmp_path: Path, jobs: int, name: str) -> None:
    path = tmp_path / "model.mlir"
    path.write_text("".join(line + "\n" for line in generate(3000, seed=jobs, error_rate=0.01)))
    assert same_as_serial(path, OPTIONS[name], jobs)


def test_problems_next_to_every_seam(tmp_path: Path) -> None:
    body = (
        "  %0 = tosa.add %a, %b : (tensor<{n}x1xf32>, tensor<4xf32>) -> tensor<{n}x5xf32>\n"
        "  %1 = tosa.add %a, %c : (tensor<{n}x1xf32>, tensor<4xf32>) -> tensor<{n}x4xf32>\n"
        "  return %1 : tensor<{n}x3xf32>\n"
    )
    text = "!t = tensor<4xf32>\n" + "".join(
        functions(1, body.replace("{n}", str(i + 1))).replace("@f0", f"@g{i}") for i in range(400)
    )
    path = tmp_path / "errors.mlir"
    path.write_text(text)
    for jobs in (2, 5):
        assert same_as_serial(path, Options(), jobs)


def test_aliases_defined_between_functions(tmp_path: Path) -> None:
    body = "  %0 = tosa.add %a, %b : (tensor<{n}x1xf32>, !t) -> tensor<{n}x4xf32>\n  return %0 : tensor<{n}x4xf32>\n"
    parts = []
    for i in range(300):
        if i % 50 == 0:  # a new alias, and a redefinition (an error MLIR reports) further down
            parts.append(f"!t = tensor<{4 if i % 100 == 0 else 5}xf32>\n")
        parts.append(functions(1, body.replace("{n}", str(i + 1))).replace("@f0", f"@g{i}"))
    path = tmp_path / "aliases.mlir"
    path.write_text("".join(parts))
    assert same_as_serial(path, Options(), 4)


def test_split_input_file_cuts_at_markers(tmp_path: Path) -> None:
    chunk = (
        "!t = tensor<4xf32>\n"
        "func.func @f(%a: tensor<2x1xf32>, %b: !t) -> tensor<2x4xf32> {{\n"
        "  // expected-error @+1 {{{{'tosa.add' op result type '{bad}' not broadcast compatible with broadcasted "
        "operands's shapes '2x4'}}}}\n"
        "  %0 = tosa.add %a, %b : (tensor<2x1xf32>, !t) -> tensor<{bad}xf32>\n"
        "  return %0 : tensor<2x4xf32>\n"
        "}}\n"
    )
    text = "// -----\n".join(chunk.format(bad=f"2x{5 + i % 3}") for i in range(300))
    path = tmp_path / "split.mlir"
    path.write_text(text)
    assert same_as_serial(path, Options(Profile.LLVM, OpTable(), "// -----", True), 3)
    assert same_as_serial(path, replace(Options(Profile.LLVM), split_marker="// -----"), 3)


def test_a_statement_open_across_a_seam_falls_back(tmp_path: Path) -> None:
    # A region op at the top level whose region holds whole functions: no range may end inside it.
    inner = functions(200, "  %0 = tosa.add %a, %b : (tensor<1x1xf32>, tensor<4xf32>) -> tensor<1x4xf32>\n")
    text = '%r = "test.broadcastable"(%x, %y) ({\n' + inner + "}) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n"
    path = tmp_path / "open.mlir"
    path.write_text(text)
    assert not same_as_serial(path, Options(), 3)


def test_a_file_that_is_not_utf8_falls_back(tmp_path: Path) -> None:
    body = (
        "  %0 = tosa.add %a, %b : (tensor<1x1xf32>, tensor<4xf32>) -> tensor<1x4xf32>\n  return %0 : tensor<1x4xf32>\n"
    )
    data = functions(300, body).encode()
    cut = len(data) * 3 // 4
    path = tmp_path / "latin1.mlir"
    path.write_bytes(data[:cut] + b"// caf\xe9\n" + data[cut:])
    assert not same_as_serial(path, Options(), 2)


STATEMENTS = [
    "  %{n} = tosa.add %a, %b : (tensor<{d}x1xf32>, tensor<4xf32>) -> tensor<{d}x4xf32>\n",
    "  %{n} = tosa.add %a, %b : (tensor<{d}x1xf32>, tensor<4xf32>) -> tensor<{d}x5xf32>\n",  # BC102
    '  %{n} = "tf.AddV2"(%a, %b) {{device = ""}} : (tensor<{d}x1xf32>, tensor<4xf32>) -> tensor<{d}x4xf32>\n',
    "  %{n} = stablehlo.add %b, %b : tensor<4xf32>\n",
    "  %{n} = tosa.add %a, %c : (tensor<{d}x1xf32>, tensor<4xf32>) -> tensor<{d}x4xf32>\n",  # BC014
    "  %{n} = tosa.add %a, %b : (tensor<{d}x1xf32>, !t) -> tensor<{d}x4xf32>\n",
    "  // broadcheck: ignore[BC102]\n  %{n} = tosa.add %a, %b : (tensor<{d}x1xf32>, tensor<4xf32>) -> tensor<{d}x6xf32>\n",
    '  %{n} = "test.region"(%a) ({{\n  ^bb0(%x: tensor<4xf32>):\n    "test.yield"(%x) : (tensor<4xf32>) -> ()\n'
    "  }}) : (tensor<{d}x1xf32>) -> tensor<4xf32>\n",
    "  %{n} = tosa.add %a, %b : (tensor<{d}x1xf32>,\n      tensor<4xf32>) -> tensor<{d}x4xf32>\n",
]


def test_random_files(tmp_path: Path) -> None:
    """Files of random functions (problems, aliases, suppressions, regions, statements over
    two lines) cut into 2-5 ranges: each gives the serial result, and most are cut."""
    rng = random.Random(12)
    splits = []
    for case in range(25):
        parts = ["!t = tensor<4xf32>\n"]
        for i in range(rng.randint(2, 60)):
            parts.append(f"func.func @f{i}(%a: tensor<{i + 1}x1xf32>, %b: tensor<4xf32>) {{\n")
            body = [rng.randrange(len(STATEMENTS)) for _ in range(rng.randint(0, 6))]
            parts.extend(STATEMENTS[s].format(n=k, d=i + 1) for k, s in enumerate(body))
            parts.append("  return\n}\n")
        path = tmp_path / f"random-{case}.mlir"
        path.write_text("".join(parts) * 3)
        splits.append(same_as_serial(path, Options(), rng.randint(2, 5)))
    assert sum(splits) >= len(splits) // 2, splits
