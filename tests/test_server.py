"""``broadcheck server`` end to end: a real process spoken to over its standard input and
output by an LSP client (tests/lsp_client.py), as an editor speaks to it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from broadcheck.api import check_text
from tests.lsp_client import Client, apply_edits
from tests.waits import HANG

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
        for i in range(50_000)
    )
    client.open(uri, body, version=1)
    time.sleep(0.2)  # (a chance for the first check to start; dropped before or during, it holds)
    client.change(uri, BAD, version=2)
    answer = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}}
    )
    assert "tosa.add" in answer["result"]["contents"]["value"]
    assert [d["code"] for d in client.diagnostics(uri, 2)] == ["BC101"]
    # One worker checks the versions in turn, so a publication of the first would have come
    # before the second's: no wait for a late one.
    assert [p["version"] for p in client.published(uri)] == [2]  # the first text's check was dropped


def test_a_hover_is_answered_before_a_large_check_ends(client: Client, project: Path) -> None:
    uri = uri_of(project, "large.mlir")
    body = "".join(
        f"%v{i} = tosa.add %a, %b : (tensor<{i % 7 + 1}xf32>, tensor<{i % 7 + 1}xf32>) -> tensor<{i % 7 + 1}xf32>\n"
        for i in range(50_000)
    )
    client.open(uri, body, version=1)
    answer = client.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}}
    )
    # The order of the messages, not a time: a server that checked before it answered would
    # publish the check's diagnostics first (an op's hover reads its line; the check reads 50,000
    # ops). Only what came before the answer counts: by the time the test looks, the reader
    # thread may have read the publication that followed it.
    assert client.published(uri, before=answer) == []
    assert "tosa.add" in answer["result"]["contents"]["value"]
    assert client.diagnostics(uri, 1) == []


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
    assert client.diagnostics(uri, 1)  # it has errors: their fixes are computed too
    first = client.rss()
    for version in range(2, 8):
        client.change(uri, text + f"// edit {version}\n", version=version)
        client.diagnostics(uri, version)
    grown = client.rss() - first
    assert grown < 30 * 2**20, f"grew by {grown / 2**20:.0f} MB over 6 edits"


CRASHING = (
    "import sys\n"
    "import broadcheck.engine.run as run\n"
    "feed = run.FileRun.feed\n"
    "def failing(self, block, final):\n"
    "    if 'crash-me' in block:\n"
    "        raise RecursionError('maximum recursion depth exceeded')\n"
    "    return feed(self, block, final)\n"
    "run.FileRun.feed = failing\n"
    "from broadcheck.cli import main\n"
    "sys.argv = ['broadcheck', 'server']\n"
    "main()\n"
)


def test_an_internal_error_is_published_never_an_empty_list(project: Path) -> None:
    """A check that raises (here a RecursionError planted in the engine) publishes BC906 on the
    document, so the BC101 found before does not vanish into "no problems"."""
    import sys

    client = Client(project, command=[sys.executable, "-c", CRASHING])
    try:
        client.initialize(project)
        uri = uri_of(project, "a.mlir")
        client.open(uri, BAD, version=1)
        assert [d["code"] for d in client.diagnostics(uri, 1)] == ["BC101"]
        client.change(uri, BAD + "// crash-me\n", version=2)
        [found] = client.diagnostics(uri, 2)
        assert (found["code"], found["severity"]) == ("BC906", 1)
        assert "could not check this file: internal error (RecursionError" in found["message"]
        logged = [m["params"]["message"] for m in client.seen if m.get("method") == "window/logMessage"]
        assert any("internal error while checking" in m for m in logged)
        client.change(uri, BAD, version=3)  # and it goes on serving
        assert [d["code"] for d in client.diagnostics(uri, 3)] == ["BC101"]
    finally:
        assert client.close() == 0


@pytest.mark.parametrize(
    "frame",
    [
        pytest.param(b"Content-Length: abc\r\n\r\n{}", id="length-not-a-number"),
        pytest.param(b"Content-Type: application/json\r\n\r\n{}", id="no-length"),
        pytest.param(b'{"jsonrpc": "2.0", "method": "x"}', id="no-header"),
        pytest.param(b'Content-Length: 200\r\n\r\n{"jsonrpc": "2.0"}', id="body-shorter-than-said"),
        pytest.param(b'Content-Length: 5\r\n\r\n{"jsonrpc": "2.0", "id": 99}', id="body-longer-than-said"),
        pytest.param(b"Content-Length: 99999999999999999999\r\n\r\n{}", id="twenty-digits"),
        pytest.param(b"Content-Length: 4\r\n\r\n\xff\xfe\x00]", id="not-utf8"),
        pytest.param(b"Content-Length: 2\r\n\r\n[]", id="a-batch"),
        pytest.param(b"Content-Length: 3\r\n\r\n123", id="not-an-object"),
    ],
)
def test_a_malformed_frame_is_answered_or_skipped_and_it_keeps_serving(
    client: Client, project: Path, frame: bytes
) -> None:
    uri = uri_of(project, "a.mlir")
    client.open(uri, BAD)
    assert client.diagnostics(uri, 1)
    client.send_bytes(frame)
    for _ in range(3):  # each request after it is answered (the first may have been read into it)
        answer = client.request(
            "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}}
        )
        assert "tosa.add" in answer["result"]["contents"]["value"]
    client.change(uri, GOOD, version=2)
    assert client.diagnostics(uri, 2) == []


def test_a_parse_error_and_an_invalid_request_get_the_json_rpc_errors(client: Client) -> None:
    client.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    client.send_bytes(b"Content-Length: 3\r\n\r\n123")
    client.request("broadcheck/nothing", {})  # (its answer comes after theirs)
    with client.arrived:
        errors = client.responses.pop(None, None)
    assert errors is not None and errors["error"]["code"] in (-32700, -32600)


def test_a_request_after_shutdown_gets_invalid_request(project: Path) -> None:
    client = Client(project)
    client.initialize(project)
    assert client.request("shutdown", None)["result"] is None
    answer = client.request(
        "textDocument/hover", {"textDocument": {"uri": "file:///x"}, "position": {"line": 0, "character": 0}}
    )
    assert answer["error"]["code"] == -32600
    client.notify("exit", None)
    assert client.process.wait(timeout=HANG) == 0


def test_exit_without_shutdown_exits_1(project: Path) -> None:
    client = Client(project)
    client.initialize(project)
    client.notify("exit", None)
    assert client.process.wait(timeout=HANG) == 1


def test_ranged_edits_apply_as_ranges(project: Path) -> None:
    client = Client(project)
    try:
        sync = client.initialize(project)["capabilities"]["textDocumentSync"]
        assert sync["change"] == 2  # incremental
        uri = uri_of(project, "a.mlir")
        text = '// "😀" first\n' + BAD + GOOD.replace("%0", "%1")
        client.open(uri, text, version=1)
        assert [d["range"]["start"]["line"] for d in client.diagnostics(uri, 1)] == [1]
        at = BAD.index("tensor<2xf32>") + len("tensor<")
        fix = {"range": {"start": {"line": 1, "character": at}, "end": {"line": 1, "character": at + 1}}, "text": "3"}
        # a ranged change after the emoji line (UTF-16: it is two units) and a second one on top of it
        insert = {"range": {"start": {"line": 0, "character": 4}, "end": {"line": 0, "character": 6}}, "text": "x"}
        client.edit(uri, [fix, insert], version=2)
        assert client.diagnostics(uri, 2) == []
        hover = client.request(
            "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 6}}
        )
        assert "| operand #1 | `tensor<3xf32>` |" in hover["result"]["contents"]["value"]
        client.edit(
            uri, [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": BAD}], 3
        )
        assert [d["range"]["start"]["line"] for d in client.diagnostics(uri, 3)] == [0]
    finally:
        assert client.close() == 0


def _mixed(text: str) -> str:
    """``text`` with its line breaks LF, CRLF and lone CR in turn."""
    lines = text.replace("\r\n", "\n").split("\n")
    breaks = ["\n", "\r", "\r\n"]  # (a lone CR never before an LF: that would be one CRLF)
    return "".join(line + breaks[i % 3] for i, line in enumerate(lines[:-1])) + lines[-1]


def test_cr_lf_and_crlf_all_end_lines_for_diagnostics_and_fixes(client: Client, project: Path) -> None:
    uri = uri_of(project, "cr.mlir")
    client.open(uri, "// one\r// two\r\n" + BAD)
    assert [d["range"]["start"]["line"] for d in client.diagnostics(uri, 1)] == [2]
    mixed = _mixed(STALE)
    client.change(uri, mixed, version=2)
    found = client.diagnostics(uri, 2)
    plain = check_text(STALE, path="stale.mlir")
    assert [(d["range"]["start"]["line"] + 1, d["code"]) for d in found] == [(d.line, d.code) for d in plain]
    answer = client.request(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": found[0]["range"], "context": {"diagnostics": []}},
    )["result"]
    whole = next(a for a in answer if a["kind"] == "source.fixAll.broadcheck")
    golden = (ROOT / "tests" / "golden" / "fix" / "stale.fixed.mlir").read_bytes().decode()
    assert apply_edits(mixed, whole["edit"]["changes"][uri]) == _mixed(golden)


def test_hover_reads_the_aliases_the_check_read_and_parses_none(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In process: after the check, hovers parse no alias (they use the check's), however many."""
    import io

    from broadcheck.server import Server, rpc
    from broadcheck.syntax import parser

    text = "".join(f"!t{i} = tensor<{i % 5 + 1}xf32>\n" for i in range(2_000))
    text += "%0 = tosa.add %a, %b : (!t2, !t1) -> !t2\n"
    server = Server(rpc.Reader(io.BytesIO(b"")), rpc.Writer(io.BytesIO()))
    server.initialize({})
    uri = uri_of(project, "aliases.mlir")
    server.did_open({"textDocument": {"uri": uri, "text": text, "version": 1}})
    doc = server.documents[uri]
    deadline = time.monotonic() + HANG
    while doc.checked != doc.generation and time.monotonic() < deadline:
        time.sleep(0.05)
    assert doc.checked == doc.generation and len(doc.aliases) == 2_000
    calls: list[str] = []
    real = parser.parse_alias
    monkeypatch.setattr(parser, "parse_alias", lambda *a, **k: calls.append("x") or real(*a, **k))
    for _ in range(50):
        answer = server.hover({"textDocument": {"uri": uri}, "position": {"line": 2_000, "character": 6}})
        assert answer is not None and "| operand #0 | `tensor<3xf32>` |" in answer["contents"]["value"]
    assert calls == []


def test_start_up_imports_no_checker_before_a_document_comes() -> None:
    """Serving ``initialize`` needs neither the engine nor the grammar (lark) nor rich: they are
    imported when the first document is checked."""
    import subprocess
    import sys

    probe = (
        "import io, sys\n"
        "from broadcheck.cli import main\n"
        "from broadcheck.server import Server, rpc\n"
        "s = Server(rpc.Reader(io.BytesIO(b'')), rpc.Writer(io.BytesIO()))\n"
        "s.initialize({})\n"
        "heavy = ('lark', 'rich', 'broadcheck.engine', 'broadcheck.semantics', 'broadcheck.syntax', 'pygls')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


NAVIGATE = """\
!t = tensor<3xf32>
func.func @g(%x: !t) -> !t {
  return %x : !t
}
func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = func.call @g(%0) : (tensor<3xf32>) -> tensor<3xf32>
  cf.br ^bb1(%1 : tensor<3xf32>)
^bb1(%0: tensor<3xf32>):
  %r:2 = "test.two"(%0) : (tensor<3xf32>) -> (tensor<3xf32>, tensor<2xi8>)
  return %r#1 : tensor<2xi8>
}
"""


def _at(text: str, line: int, needle: str, nth: int = 0) -> dict[str, int]:
    row = text.split("\n")[line]
    at = -1
    for _ in range(nth + 1):
        at = row.index(needle, at + 1)
    return {"line": line, "character": at + 1}


@pytest.mark.parametrize(
    ("line", "needle", "nth", "target"),
    [
        (6, "%0", 0, (5, "%0")),  # a result
        (5, "%a", 0, (4, "%a")),  # a function argument
        (6, "@g", 0, (1, "@g")),  # a symbol
        (2, "!t", 0, (0, "!t")),  # a type alias
        (7, "^bb1", 0, (8, "^bb1")),  # a block label
        (9, "%0", 0, (8, "%0")),  # a block argument that reuses a name: the nearest before
        (10, "%r#1", 0, (9, "%r")),  # a result of a pack
        (2, "%x", 0, (1, "%x")),  # scoped by function
    ],
)
def test_definition(client: Client, project: Path, line: int, needle: str, nth: int, target: tuple[int, str]) -> None:
    uri = uri_of(project, "n.mlir")
    client.open(uri, NAVIGATE)
    client.diagnostics(uri, 1)
    answer = client.request(
        "textDocument/definition", {"textDocument": {"uri": uri}, "position": _at(NAVIGATE, line, needle, nth)}
    )
    [place] = answer["result"]
    row = NAVIGATE.split("\n")[target[0]]
    start = row.index(target[1])
    assert place["uri"] == uri
    assert place["range"] == {
        "start": {"line": target[0], "character": start},
        "end": {"line": target[0], "character": start + len(target[1])},
    }


def test_references_symbols_and_value_hover(client: Client, project: Path) -> None:
    uri = uri_of(project, "n.mlir")
    client.open(uri, NAVIGATE)
    client.diagnostics(uri, 1)

    def refs(line: int, needle: str, declaration: bool = True) -> list[tuple[int, int]]:
        answer = client.request(
            "textDocument/references",
            {
                "textDocument": {"uri": uri},
                "position": _at(NAVIGATE, line, needle),
                "context": {"includeDeclaration": declaration},
            },
        )
        return [(r["range"]["start"]["line"], r["range"]["start"]["character"]) for r in answer["result"]]

    assert refs(5, "%0") == [(5, 2), (6, 20)]  # not the block argument %0 that reuses the name
    assert refs(5, "%0", declaration=False) == [(6, 20)]
    assert refs(1, "@g") == [(1, 10), (6, 17)]
    assert [line for line, _ in refs(0, "!t")] == [0, 1, 1, 2]
    assert refs(8, "^bb1") == [(7, 8), (8, 0)]
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    assert [(s["name"], s["kind"], s["range"]["start"]["line"], s["range"]["end"]["line"]) for s in symbols] == [
        ("g", 12, 1, 3),
        ("f", 12, 4, 11),
    ]
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(NAVIGATE, 6, "%0")})
    text = hover["result"]["contents"]["value"]
    assert text.startswith("**`%0`**: `tensor<3xf32>`") and "defined on line 6" in text and "tosa.add" in text
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(NAVIGATE, 2, "%x")})
    assert hover["result"]["contents"]["value"].startswith("**`%x`**: `!t`")
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": _at(NAVIGATE, 10, "%r#1")})
    assert hover["result"]["contents"]["value"].startswith("**`%r#1`**: `tensor<2xi8>`")


def test_document_symbols_nest_ops_with_regions(client: Client, project: Path) -> None:
    text = (
        "module @m {\n"
        "  func.func @f(%p: tensor<i1>, %a: tensor<3xf32>) -> tensor<3xf32> {\n"
        '    %0 = "stablehlo.if"(%p) ({\n'
        "      stablehlo.return %a : tensor<3xf32>\n"
        "    }, {\n"
        "      stablehlo.return %a : tensor<3xf32>\n"
        "    }) : (tensor<i1>) -> tensor<3xf32>\n"
        "    return %0 : tensor<3xf32>\n"
        "  }\n"
        "}\n"
    )
    uri = uri_of(project, "m.mlir")
    client.open(uri, text)
    client.diagnostics(uri, 1)
    [module] = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    assert (module["name"], module["kind"]) == ("m", 2)
    [function] = module["children"]
    assert (function["name"], function["kind"], function["range"]["end"]["line"]) == ("f", 12, 8)
    [branch] = function["children"]
    assert (branch["name"], branch["kind"], branch["range"]["start"]["line"], branch["range"]["end"]["line"]) == (
        "stablehlo.if",
        25,
        2,
        6,
    )


def test_a_short_soak_holds() -> None:
    """tests/fuzz_server.py, small: 150 random edits (ranged and whole, CR/CRLF mixes), hostile
    frames and requests; every request answered, the last diagnostics those of the client's
    text, memory within bounds (``make fuzz`` runs 10,000 edits of a 2 MB document)."""
    from tests.fuzz_server import soak

    assert soak(edits=150, ops=300, seed=3, memory_mb=50, every=50, quiet=True) == 0


def test_the_line_alone_says_whether_a_hover_is_on_a_value_as_the_index_does() -> None:
    """An op's hover reads its line alone (no index of the document on the message loop): on the
    lines of the examples and fixtures, around every name and sigil, the line's sigil is the index's."""
    from broadcheck.server.navigate import Index, sigil_at

    lines = [
        line
        for path in sorted([*(ROOT / "examples").glob("*.mlir"), *(ROOT / "tests" / "fixtures").glob("*.mlir")])
        for line in path.read_text(errors="replace").splitlines()
    ]
    index = Index(lines)
    compared = 0
    for number, line in enumerate(lines):
        # each sigil character (in a string or a comment too), each name's ends and their neighbours
        columns = {0, len(line), *(i for i, c in enumerate(line) if c in "%^@!")}
        for token in index.by_line.get(number, ()):
            columns |= {token.start - 1, token.end, token.end + 1, (token.start + token.end) // 2}
        for column in columns:
            token = index.token_at(number, column)
            assert sigil_at(line, column) == (token.kind if token else None), (line, column)
            compared += token is not None
    assert compared > 10_000


def test_a_check_waits_for_a_longer_pause_in_a_document_slow_to_check() -> None:
    """A burst of edits is checked once: after QUIET s without an edit, or a tenth of the last
    check's time if longer (a 10 s check does not start, and die, at each keystroke)."""
    from broadcheck.server import QUIET, quiet_for

    assert quiet_for(0.0) == quiet_for(1.0) == QUIET
    assert quiet_for(10.0) == pytest.approx(1.0) and quiet_for(60.0) == pytest.approx(6.0)
