"""``--verify-diagnostics`` fails as mlir-opt fails, with mlir-opt's messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

OP = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>'
GOOD = '%0 = "tf.AddV2"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>'

CASES = [
    pytest.param(
        f"// expected-error @+1 {{{{result type}}}}\n{OP}\n",
        [
            't.mlir:1:4: error: expected error "result type" was not produced [BC901]',
            "t.mlir:2:6: error: unexpected error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC902]",
        ],
        id="wrong-text",
    ),
    pytest.param(
        f"// expected-error @+1 {{{{operands}}}}\n{GOOD}\n",
        ['t.mlir:1:4: error: expected error "operands" was not produced [BC901]'],
        id="nothing-produced",
    ),
    pytest.param(
        f"{OP}\n",
        ["t.mlir:1:6: error: unexpected error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC902]"],
        id="unexpected",
    ),
    pytest.param(
        f"// expected-warning @+1 {{{{operands}}}}\n{OP}\n",
        [
            't.mlir:1:4: error: expected warning "operands" was not produced [BC901]',
            "t.mlir:2:6: error: 'error' diagnostic emitted when expecting a 'warning' [BC903]",
        ],
        id="wrong-kind",
    ),
    pytest.param(
        f"// expected-error @+2 {{{{operands}}}}\n{OP}\n",
        # The annotation targets a line with no checked op: not held against the file.
        ["t.mlir:2:6: error: unexpected error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC902]"],
        id="wrong-line",
    ),
    pytest.param(
        f"// expected-error @+1 {{{{operands}}}}\n{OP}\n// expected-error @+1 {{{{mismatch}}}}\n{OP}\n",
        [
            't.mlir:3:4: error: expected error "mismatch" was not produced [BC901]',
            "t.mlir:4:6: error: unexpected error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC902]",
        ],
        id="checked-op-wrong-text",
    ),
    pytest.param(
        f"// expected-error-re @+1 {{{{operands {{{{[a-z+}}}}}}}}\n{OP}\n",
        [
            "t.mlir:1:4: error: invalid regex: unterminated character set [BC904]",
            "t.mlir:2:6: error: unexpected error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC902]",
        ],
        id="bad-regex",
    ),
    pytest.param(
        f"// expected-error-re @+1 {{{{operands {{{{.*}}}}\n{OP}\n",
        [
            "t.mlir:1:4: error: found start of regex with no end '}}' [BC904]",
            "t.mlir:2:6: error: unexpected error: 'tf.AddV2' op operands don't have broadcast-compatible shapes [BC902]",
        ],
        id="unterminated-regex",
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_failures(text: str, expected: list[str], run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.mlir").write_text(text)
    result = run("check", "--verify-diagnostics", "--output-format", "concise", "t.mlir")
    assert result.code == 1
    assert [line for line in result.out.splitlines() if line.startswith("t.mlir:")] == expected


def test_annotations_on_unchecked_ops_are_counted_not_failed(
    run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from broadcheck import dialects

    assert dialects.lookup("shape.frobnicate") is None  # (a name of a dialect with checks, declared nowhere)
    monkeypatch.chdir(tmp_path)
    Path("t.mlir").write_text(
        "// expected-error @+1 {{'shape.frobnicate' op has no shape rule broadcheck checks}}\n"
        '%0 = "shape.frobnicate"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n'
        "// expected-error @unknown {{anything}}\n"
        f"// expected-error @+1 {{{{operands}}}}\n{OP}\n"
    )
    result = run("check", "--verify-diagnostics", "--output-format", "concise", "t.mlir")
    assert result.code == 0, result.out
    assert result.out.splitlines() == [
        "No problems found in 1 file (1 op checked).",
        "1 op statement passed over (1 not in the op table); --show-skipped lists them.",
        "note: 2 expected-* annotations are about what broadcheck does not check; not held against the file.",
    ]


def test_split_chunks_report_file_absolute_lines(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.mlir").write_text(f"{GOOD}\n// -----\n{GOOD}\n// -----\n{OP}\n")
    result = run("check", "--split-input-file", "--output-format", "concise", "t.mlir")
    assert result.code == 1
    assert result.out.startswith("t.mlir:5:6: error: 'tf.AddV2' op operands")


def test_custom_split_marker(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # Type aliases are per chunk: the alias of chunk 1 does not exist in chunk 2.
    Path("t.mlir").write_text(f"!t = tensor<4xf32>\n{GOOD}\n#### split\n%0 = tosa.add %a, %b : (!t, !t) -> !t\n")
    result = run("check", "--split-input-file=#### split", "--output-format", "concise", "t.mlir")
    assert result.out.splitlines()[0] == "t.mlir:4:27: error: undefined symbol alias id 't' [BC001]"
    result = run("check", "--output-format", "concise", "t.mlir")
    assert result.code == 0


def test_near_miss_split_marker(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.mlir").write_text(f"{GOOD}\n// ----\n{GOOD}\n")
    result = run("check", "--split-input-file", "--output-format", "concise", "t.mlir")
    # Where mlir-opt puts it: just after the `// ---` it cut the file at.
    assert result.out.splitlines()[0] == "t.mlir:2:7: warning: near miss with file split marker [BC905]"
    assert result.code == 0


def test_a_wrong_expectation_in_the_trait_test_fails(run: Invoke, tmp_path: Path) -> None:
    from tests.conftest import FIXTURES

    text = (FIXTURES / "trait_llvm.mlir").read_text()
    text = text.replace("{{operands don't have broadcast-compatible shapes}}", "{{operands are fine}}")
    path = tmp_path / "traits.mlir"
    path.write_text(text)
    result = run("check", "--profile", "llvm", "--split-input-file", "--verify-diagnostics", str(path))
    assert result.code == 1
    assert 'expected error "operands are fine" was not produced' in result.out


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("// -----", (True, 7)),
        ("// ------------ a banner", (True, 7)),  # mlir-opt splits here too
        ("  // -----", (True, 9)),
        ("// ----", (False, 7)),
        ("// ---- next", (False, 7)),
        ("//-----", None),  # no `// ---`: neither
        ("// --", None),
        ("// -----0", (False, 7)),  # mlir-opt's check of the character after the marker
    ],
)
def test_split_markers_as_mlir_opt_cuts_them(line: str, kind: tuple[bool, int] | None) -> None:
    from broadcheck.text import split_marker

    assert split_marker(line, "// -----") == kind


def test_a_follow_up_annotation_beside_a_met_one_is_not_held(
    run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("t.mlir").write_text(
        f"// expected-error @+2 {{{{operands}}}}\n// expected-error @+1 {{{{failed to infer returned types}}}}\n{OP}\n"
    )
    result = run("check", "--verify-diagnostics", "--output-format", "concise", "t.mlir")
    assert result.code == 0, result.out
    assert "not held" not in result.out  # a follow-up is met with its line, not excused
