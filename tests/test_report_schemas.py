"""``--output-format gitlab`` and ``junit`` validated against their formats' schemas
(tests/schemas/), on every example and fixture, on hostile names and on unreadable paths;
and what each says, compared with the JSON report."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
import xmlschema

from tests.conftest import EXAMPLES, FIXTURES, Invoke

SCHEMAS = Path(__file__).parent / "schemas"
GITLAB = json.loads((SCHEMAS / "gitlab-codequality.schema.json").read_text())
JUNIT = xmlschema.XMLSchema(str(SCHEMAS / "junit.xsd"))
INPUTS = [EXAMPLES, *sorted(FIXTURES.glob("*.mlir"))[:30]]


def test_the_gitlab_schema_rejects_what_gitlab_rejects() -> None:
    good = {
        "description": "d",
        "check_name": "c",
        "fingerprint": "f",
        "severity": "major",
        "location": {"path": "a", "lines": {"begin": 1}},
    }
    jsonschema.validate([good], GITLAB)
    for broken in (
        {**good, "severity": "error"},
        {k: v for k, v in good.items() if k != "fingerprint"},
        {**good, "location": {"path": "a"}},
        {**good, "location": {"path": "a", "lines": {"begin": 0}}},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate([broken], GITLAB)


def test_the_junit_schema_rejects_what_junit_readers_reject() -> None:
    good = '<testsuites><testsuite name="a" tests="1" failures="1" errors="0"><testcase name="t" classname="a"><failure message="m" type="BC101">x</failure></testcase></testsuite></testsuites>'
    JUNIT.validate(good)
    for broken in (
        good.replace(' name="t"', ""),  # a test case without a name
        good.replace('failures="1"', 'failures="one"'),  # counts are integers
        good.replace('errors="0"', ""),  # a suite says its errors
        good.replace("<failure", "<failed").replace("</failure>", "</failed>"),  # no such element
        good.replace("<testsuites>", "<testsuites><testcase/>"),  # test cases live in suites
    ):
        assert not JUNIT.is_valid(broken), broken


@pytest.mark.parametrize("where", INPUTS, ids=lambda p: p.name)
def test_gitlab_output_is_valid_and_says_what_json_says(run: Invoke, where: Path) -> None:
    report = run("check", "--isolated", "--output-format", "gitlab", str(where))
    issues = json.loads(report.out)
    jsonschema.validate(issues, GITLAB)
    plain = json.loads(run("check", "--isolated", "--output-format", "json", str(where)).out)
    assert [(i["check_name"], i["location"]["positions"]["begin"]["line"]) for i in issues] == [
        (d["code"], d["line"]) for d in plain
    ]
    assert [i["description"].split("\n")[0] for i in issues] == [d["message"] for d in plain]
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    severity = {"error": "major", "warning": "minor"}
    assert [i["severity"] for i in issues] == [severity[d["severity"]] for d in plain]


@pytest.mark.parametrize("where", INPUTS, ids=lambda p: p.name)
def test_junit_output_is_valid_and_says_what_json_says(run: Invoke, where: Path) -> None:
    report = run("check", "--isolated", "--output-format", "junit", str(where))
    JUNIT.validate(report.out)
    plain = json.loads(run("check", "--isolated", "--output-format", "json", str(where)).out)
    document = JUNIT.to_dict(report.out)
    failures = sum(int(s["@failures"]) for s in document.get("testsuite", []))
    assert failures == sum(1 for d in plain if d["severity"] == "error") == int(document["@failures"])


def test_hostile_names_and_unreadable_paths(run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bad = b"%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
    for name in (b"x\n]]><evil>&amp;\x1b.mlir", b"bad\xff.mlir", b"q\"'<>.mlir"):
        with open(os.path.join(os.fsencode(tmp_path), name), "wb") as f:
            f.write(bad)
    (tmp_path / "dangling.mlir").symlink_to(tmp_path / "gone")
    junit = run("check", "--isolated", "--output-format", "junit", ".")
    assert junit.code == 2
    JUNIT.validate(junit.out)
    assert '<error message="cannot read' in junit.out and "&lt;evil&gt;" not in junit.out.split("<testsuite")[0]
    gitlab = run("check", "--isolated", "--output-format", "gitlab", ".")
    assert gitlab.code == 2
    issues = json.loads(gitlab.out)
    jsonschema.validate(issues, GITLAB)
    assert [i["severity"] for i in issues].count("blocker") == 1
    assert len(issues) == 4


def test_gitlab_paths_are_relative_to_the_repository(
    run: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "ir").mkdir()
    (tmp_path / "ir" / "a.mlir").write_text("%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n")
    monkeypatch.chdir(tmp_path / "ir")
    [issue] = json.loads(run("check", "--isolated", "--output-format", "gitlab", "a.mlir").out)
    assert issue["location"]["path"] == "ir/a.mlir"
