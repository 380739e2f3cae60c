"""``broadcheck server`` end to end: a real process spoken to over its standard input and
output by an LSP client (tests/lsp_client.py), as an editor speaks to it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from broadcheck.api import check_text
from tests.lsp_client import Client, apply_edits

ROOT = Path(__file__).resolve().parent.parent
STALE = (ROOT / "tests" / "golden" / "fix" / "stale.mlir").read_bytes().decode()
BAD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
GOOD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()  # configuration discovery stops here
    return tmp_path


@pytest.fixture
def client(project: Path) -> Iterator[Client]:
    c = Client(project)
    c.initialize(project)
    yield c
    assert c.alive(), c.stderr_so_far()
    assert c.close() == 0


def uri_of(project: Path, name: str) -> str:
    return (project / name).as_uri()


def test_open_then_edit_publish_the_diagnostics_of_each_version(client: Client, project: Path) -> None:
    uri = uri_of(project, "a.mlir")
    client.open(uri, BAD, version=1)
    first = client.diagnostics(uri, 1)
    assert [(d["code"], d["severity"], d["source"]) for d in first] == [("BC101", 1, "broadcheck")]
    assert first[0]["message"] == "'tosa.add' op operands don't have broadcast-compatible shapes"
    assert first[0]["range"] == {"start": {"line": 0, "character": 5}, "end": {"line": 0, "character": 13}}
    client.change(uri, GOOD, version=2)
    assert client.diagnostics(uri, 2) == []
    client.change(uri, BAD + BAD.replace("%0", "%1"), version=3)
    assert [d["range"]["start"]["line"] for d in client.diagnostics(uri, 3)] == [0, 1]


def test_the_diagnostics_are_the_command_lines(client: Client, project: Path) -> None:
    """Each diagnostic says what `broadcheck check` says: code, severity, message, place; the
    labels and notes are related information."""
    text = (ROOT / "examples" / "every_error.mlir").read_text()
    uri = uri_of(project, "every_error.mlir")
    client.open(uri, text)
    got = client.diagnostics(uri, 1)
    expected = check_text(text, path="every_error.mlir")
    assert len(got) == len(expected) > 10
    severities = {"error": 1, "warning": 2}
    for d, e in zip(got, expected, strict=True):
        assert (d["code"], d["severity"], d["message"]) == (e.code, severities[e.severity], e.message)
        assert (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) == (e.line, e.column)
        related = [r["message"] for r in d.get("relatedInformation", [])]
        assert related[: len(e.labels)] == [label.text for label in e.labels]
        assert [m for m in related if m.startswith(("note: ", "help: "))] == [f"{n.kind}: {n.message}" for n in e.notes]


def test_a_fix_applied_gives_the_command_lines_text_byte_for_byte(client: Client, project: Path) -> None:
    uri = uri_of(project, "stale.mlir")
    client.open(uri, STALE)
    found = client.diagnostics(uri, 1)
    stale = next(d for d in found if d["code"] == "BC102")
    answer = client.request(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": stale["range"], "context": {"diagnostics": [stale]}},
    )["result"]
    fix = next(a for a in answer if a["title"].startswith("Fix:"))
    assert fix["kind"] == "quickfix" and fix["isPreferred"] is True
    fixed = apply_edits(STALE, fix["edit"]["changes"][uri])
    golden = (ROOT / "tests" / "golden" / "fix" / "stale.fixed.mlir").read_bytes().decode()
    assert fixed == golden  # what `broadcheck check --fix` writes
    whole = next(a for a in answer if a["kind"] == "source.fixAll.broadcheck")
    assert apply_edits(STALE, whole["edit"]["changes"][uri]) == golden
    # the unsafe fix (it changes @unsafe's signature) is offered, marked, and not preferred
    unsafe_line = next(
        d for d in found if d["code"] == "BC102" and d["range"]["start"]["line"] > stale["range"]["start"]["line"]
    )
    answer = client.request(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": unsafe_line["range"], "context": {"diagnostics": [unsafe_line]}},
    )["result"]
    unsafe = next(a for a in answer if a["title"].startswith("Fix (unsafe"))
    assert unsafe["isPreferred"] is False
    client.change(uri, fixed, version=2)
    assert [d["code"] for d in client.diagnostics(uri, 2)] == [d.code for d in check_text(fixed, path="s.mlir")]


def test_a_suppression_added_by_a_code_action_silences_the_problem(client: Client, project: Path) -> None:
    uri = uri_of(project, "a.mlir")
    client.open(uri, BAD)
    [d] = client.diagnostics(uri, 1)
    answer = client.request(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}},
    )["result"]
    line = next(a for a in answer if a["title"] == "Suppress BC101 on this line")
    text = apply_edits(BAD, line["edit"]["changes"][uri])
    assert text == BAD.rstrip("\n") + "  // broadcheck: ignore[BC101]\n"
    client.change(uri, text, version=2)
    assert client.diagnostics(uri, 2) == []
    whole = next(a for a in answer if a["title"] == "Suppress BC101 in this file")
    text = apply_edits(BAD, whole["edit"]["changes"][uri])
    assert text == "// broadcheck: file-ignore[BC101]\n" + BAD
    client.change(uri, text, version=3)
    assert client.diagnostics(uri, 3) == []


def test_a_suppression_joins_one_already_on_the_line(client: Client, project: Path) -> None:
    uri = uri_of(project, "a.mlir")
    text = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>  // broadcheck: ignore[BC102]\n"
    client.open(uri, text)
    found = client.diagnostics(uri, 1)
    assert sorted(d["code"] for d in found) == ["BC003", "BC101"]  # BC102 is not there: unused
    target = next(d for d in found if d["code"] == "BC101")
    answer = client.request(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": target["range"], "context": {"diagnostics": [target]}},
    )["result"]
    line = next(a for a in answer if a["title"] == f"Suppress {target['code']} on this line")
    joined = apply_edits(text, line["edit"]["changes"][uri])
    assert joined == text.replace("ignore[BC102]", "ignore[BC102, BC101]")


def test_hover_shows_the_inferred_type_and_the_explain_picture(client: Client, project: Path) -> None:
    uri = uri_of(project, "stale.mlir")
    client.open(uri, STALE)
    client.diagnostics(uri, 1)
    line = next(i for i, t in enumerate(STALE.split("\n")) if '"tf.AddV2"' in t)
    answer = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 12}}
    )["result"]
    text = answer["contents"]["value"]
    assert answer["contents"]["kind"] == "markdown"
    assert "**`tf.AddV2`** · checked as `tf`" in text
    assert "inferred result type: `tensor<8x7x6x5xf32>` (written: `tensor<8x7x6x1xf32>`)" in text
    assert "result                    8     7     6     5" in text  # the picture `broadcheck explain` draws
    assert "error[BC102]: 'tf.AddV2' op result type '8x7x6x1'" in text
    nothing = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
    )
    assert nothing["result"] is None  # a comment


def test_the_projects_configuration_is_honoured(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.broadcheck]\nignore = ["BC101"]\nper-file-ignores = { "legacy/*" = ["BC102"] }\nexclude = ["gen"]\n'
    )
    (project / "legacy").mkdir()
    (project / "gen").mkdir()
    stale = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<4xf32>\n'
    client = Client(project)
    try:
        client.initialize(project)
        client.open(uri_of(project, "a.mlir"), BAD + stale)
        assert [d["code"] for d in client.diagnostics(uri_of(project, "a.mlir"), 1)] == ["BC102"]
        client.open(uri_of(project, "legacy/b.mlir"), BAD + stale)
        assert client.diagnostics(uri_of(project, "legacy/b.mlir"), 1) == []
        client.open(uri_of(project, "gen/c.mlir"), BAD + stale)
        assert client.diagnostics(uri_of(project, "gen/c.mlir"), 1) == []
    finally:
        assert client.close() == 0


def test_verify_diagnostics_files_as_the_command_line_checks_them(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.broadcheck]\nverify-diagnostics = true\nsplit-input-file = true\n")
    text = "// expected-error @+1 {{operands don't have broadcast-compatible shapes}}\n" + BAD + "\n// -----\n" + BAD
    client = Client(project)
    try:
        client.initialize(project)
        uri = uri_of(project, "t.mlir")
        client.open(uri, text)
        found = client.diagnostics(uri, 1)
        # the first error was expected; the second, in its own split chunk, was not
        assert [(d["range"]["start"]["line"], d["message"].split(":")[0]) for d in found] == [(4, "unexpected error")]
    finally:
        assert client.close() == 0


def test_a_large_file_never_blocks_and_only_the_newest_version_is_published(client: Client, project: Path) -> None:
    uri = uri_of(project, "big.mlir")
    body = "".join(
        f"%v{i} = tosa.add %a, %b : (tensor<{i % 7 + 1}xf32>, tensor<{i % 7 + 1}xf32>) -> tensor<{i % 7 + 1}xf32>\n"
        for i in range(200_000)
    )
    client.open(uri, body, version=1)
    time.sleep(0.2)
    client.change(uri, BAD, version=2)
    started = time.monotonic()
    answer = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}}
    )
    assert time.monotonic() - started < 5  # answered while the large text is (or was) being checked
    assert "tosa.add" in answer["result"]["contents"]["value"]
    assert [d["code"] for d in client.diagnostics(uri, 2, timeout=120)] == ["BC101"]
    time.sleep(1)
    assert [p["version"] for p in client.published(uri)] == [2]  # the first text's check was dropped


def test_hostile_bytes_and_a_malformed_request_leave_it_running(client: Client, project: Path) -> None:
    uri = uri_of(project, "h.mlir")
    hostile = "\x00\x1b[2J\u2028\u202e\ufeff\udcff" + BAD + "\x0c%1 = tosa.add 😀 \n" + "[" * 50_000 + "\n"
    client.open(uri, hostile)
    found = client.diagnostics(uri, 1)
    assert all(d["source"] == "broadcheck" for d in found)
    # JSON that does not parse, a request for a method it does not know, bad parameters
    client.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    assert "error" in client.request("broadcheck/nothing", {})
    assert "error" in client.request("textDocument/hover", {"textDocument": 3})
    client.send_bytes(b"Content-Length: 2\r\n\r\n[]")
    # still serving
    client.change(uri, BAD, version=2)
    assert [d["code"] for d in client.diagnostics(uri, 2)] == ["BC101"]
    answer = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}}
    )
    assert "tosa.add" in answer["result"]["contents"]["value"]


def test_positions_are_in_utf16_units_unless_the_client_agrees_on_another(project: Path) -> None:
    text = '%0 = tosa.add %a, %b {n = "😀"} : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n'
    starts = {}
    for encoding in ("utf-16", "utf-8", "utf-32"):
        client = Client(project)
        try:
            assert client.initialize(project, [encoding])["capabilities"]["positionEncoding"] == encoding
            uri = uri_of(project, "u.mlir")
            client.open(uri, text)
            [d] = client.diagnostics(uri, 1)
            starts[encoding] = d["relatedInformation"][0]["location"]["range"]["start"]["character"]
        finally:
            assert client.close() == 0
    column = text.index("tensor<2xf32>")
    assert starts == {"utf-32": column, "utf-16": column + 1, "utf-8": column + 3}


def test_closing_a_document_clears_its_diagnostics(client: Client, project: Path) -> None:
    uri = uri_of(project, "a.mlir")
    client.open(uri, BAD)
    assert client.diagnostics(uri, 1)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.diagnostics(uri) == []


def test_saving_checks_the_saved_text_and_a_saved_configuration_rechecks(client: Client, project: Path) -> None:
    uri = uri_of(project, "a.mlir")
    client.open(uri, GOOD, version=1)
    assert client.diagnostics(uri, 1) == []
    # a save that carries the text (includeText): the saved text is what is checked
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}, "text": BAD})
    assert [d["code"] for d in client.diagnostics(uri)] == ["BC101"]
    # a saved pyproject.toml: every open document is checked again with it
    config = project / "pyproject.toml"
    config.write_text('[tool.broadcheck]\nignore = ["BC101"]\n')
    client.notify("textDocument/didSave", {"textDocument": {"uri": config.as_uri()}})
    assert client.diagnostics(uri) == []
    config.write_text("[tool.broadcheck]\n")
    client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": config.as_uri(), "type": 2}]})
    assert [d["code"] for d in client.diagnostics(uri)] == ["BC101"]


def test_a_bad_configuration_is_shown_once_and_the_defaults_used(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.broadcheck]\nprofil = "llvm"\n')
    client = Client(project)
    try:
        client.initialize(project)
        for name in ("a.mlir", "b.mlir"):
            client.open(uri_of(project, name), BAD)
            assert [d["code"] for d in client.diagnostics(uri_of(project, name), 1)] == ["BC101"]
        shown = [m["params"] for m in client.seen if m.get("method") == "window/showMessage"]
        assert len(shown) == 1 and "unknown key 'profil'" in shown[0]["message"] and shown[0]["type"] == 1
    finally:
        assert client.close() == 0


def test_the_server_command_says_what_it_needs(tmp_path: Path) -> None:
    from tests.conftest import invoke

    assert "language server" in invoke("server", "--help").out
    assert "needs nothing beyond broadcheck" in invoke("server", "--help").out


def test_memory_stays_flat_over_many_edits(client: Client, project: Path) -> None:
    """The collector runs in the server, and each check's garbage goes before the next: after
    the first check the process grows by a bounded amount however many edits come. Counted in
    resident memory, not time: with the collector off this 350 KB export grew ~17 MB an edit."""
    from bench.gen2 import generate

    text = "".join(line + "\n" for line in generate(3_000, 1))
    uri = uri_of(project, "big.mlir")
    client.open(uri, text, version=1)
    assert client.diagnostics(uri, 1, timeout=120)  # it has errors: their fixes are computed too
    first = client.rss()
    for version in range(2, 8):
        client.change(uri, text + f"// edit {version}\n", version=version)
        client.diagnostics(uri, version, timeout=120)
    grown = client.rss() - first
    assert grown < 30 * 2**20, f"grew by {grown / 2**20:.0f} MB over 6 edits"
