"""The editor's "Refine @f from its argument types" (``refactor.rewrite``) and the command
``broadcheck.refine``, end to end: a real ``broadcheck server`` spoken to over the protocol
(tests/lsp_client.py). Each test edits a signature as a user would, asks for the code actions
at the function's head or on a diagnostic in its body, and applies what the server gives."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from broadcheck.api import check_text
from tests.lsp_client import Client, apply_edits
from tests.waits import HANG

TITLE = "Refine @main from its argument types"

# A signature whose first argument was `tensor<?x4xf32>`, now `tensor<16x4xf32>`: the body is stale.
HLO = (
    "func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<4x8xf32>) -> tensor<?x8xf32> {\n"
    "  %0 = stablehlo.abs %arg0 : tensor<?x4xf32>\n"
    "  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0]"
    " : (tensor<?x4xf32>, tensor<4x8xf32>) -> tensor<?x8xf32>\n"
    "  %2 = stablehlo.tanh %1 : tensor<?x8xf32>\n"
    "  return %2 : tensor<?x8xf32>\n"
    "}\n"
)
HLO_REFINED = HLO.replace("?x", "16x")
TF = (
    "func.func @main(%arg0: tensor<8x3xf32>, %arg1: tensor<3xf32>) -> tensor<?x3xf32> {\n"
    '  %0 = "tf.Relu"(%arg0) : (tensor<?x3xf32>) -> tensor<?x3xf32>\n'
    '  %1 = "tf.AddV2"(%0, %arg1) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>\n'
    "  func.return %1 : tensor<?x3xf32>\n"
    "}\n"
)
LINALG = (
    "func.func @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x4xf32>, %arg2: tensor<8x4xf32>) -> tensor<?x4xf32> {\n"
    "  %0 = linalg.matmul ins(%arg0, %arg1 : tensor<?x16xf32>, tensor<16x4xf32>)"
    " outs(%arg2 : tensor<?x4xf32>) -> tensor<?x4xf32>\n"
    "  return %0 : tensor<?x4xf32>\n"
    "}\n"
)
# The reshape's static 32 elements no longer match 5x8 (refine writes nothing: the action is disabled).
BREAKS = (
    "func.func @main(%arg0: tensor<5x8xf32>) -> tensor<32xf32> {\n"
    "  %0 = stablehlo.abs %arg0 : tensor<4x8xf32>\n"
    "  %1 = stablehlo.reshape %0 : (tensor<4x8xf32>) -> tensor<32xf32>\n"
    "  return %1 : tensor<32xf32>\n"
    "}\n"
)
# broadcheck has no check of the custom call: refine gives it its new operand and stops there.
STOPS = (
    "func.func @main(%arg0: tensor<16x4xf32>) -> tensor<?x4xf32> {\n"
    "  %0 = stablehlo.abs %arg0 : tensor<?x4xf32>\n"
    "  %1 = stablehlo.custom_call @mystery(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>\n"
    "  return %1 : tensor<?x4xf32>\n"
    "}\n"
)
# `?` dims, a signature that agrees with its body: clean, and no action (even though refine
# would write the static result of %0 as `?`).
DYNAMIC = (
    "func.func @main(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xf32>) -> tensor<?x4xf32> {\n"
    "  %0 = stablehlo.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<3x4xf32>\n"
    "  %1 = stablehlo.abs %0 : (tensor<3x4xf32>) -> tensor<?x4xf32>\n"
    "  return %1 : tensor<?x4xf32>\n"
    "}\n"
)

VERSIONED = {
    "workspace": {"applyEdit": True, "workspaceEdit": {"documentChanges": True}},
    "textDocument": {
        "codeAction": {
            "disabledSupport": True,
            "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "refactor"]}},
        }
    },
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()  # configuration discovery stops here
    return tmp_path


def start(project: Path, capabilities: dict[str, Any], wait: float = HANG) -> Client:
    """A server initialized with these client capabilities."""
    c = Client(project)
    params = {"processId": os.getpid(), "rootUri": project.as_uri(), "capabilities": capabilities}
    # a code action waits for its refine plan as long as a test waits for anything: the
    # answers are then the same on a loaded machine (the default, 1 s, is tested below)
    params["initializationOptions"] = {"refineWait": wait}
    answer = c.request("initialize", params)
    c.notify("initialized", {})
    provider = answer["result"]["capabilities"]
    assert "refactor.rewrite" in provider["codeActionProvider"]["codeActionKinds"]
    assert provider["executeCommandProvider"] == {"commands": ["broadcheck.refine"]}
    return c


@pytest.fixture
def client(project: Path) -> Iterator[Client]:
    c = start(project, VERSIONED)
    yield c
    assert c.alive(), c.stderr_so_far()
    assert c.close() == 0


def actions(
    client: Client, uri: str, line: int, character: int = 0, only: list[str] | None = None
) -> list[dict[str, Any]]:
    """The code actions at a cursor (0-based line and character)."""
    at = {"line": line, "character": character}
    context: dict[str, Any] = {"diagnostics": []}
    if only is not None:
        context["only"] = only
    params = {"textDocument": {"uri": uri}, "range": {"start": at, "end": at}, "context": context}
    return list(client.request("textDocument/codeAction", params)["result"])


def refine_of(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [a for a in found if a["kind"] == "refactor.rewrite"]


def edits_of(action: dict[str, Any], uri: str, version: int) -> list[dict[str, Any]]:
    """The edits of a versioned workspace edit of ``uri`` (checking the version it names)."""
    (change,) = action["edit"]["documentChanges"]
    assert change["textDocument"] == {"uri": uri, "version": version}
    return list(change["edits"])


def span(line: int, start: int, end: int) -> dict[str, Any]:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def test_a_stale_stablehlo_body_is_refined_from_the_signature(client: Client, project: Path) -> None:
    uri = (project / "hlo.mlir").as_uri()
    client.open(uri, HLO.replace("tensor<16x4xf32>,", "tensor<?x4xf32>,", 1), version=1)
    assert client.diagnostics(uri, 1) == []
    assert refine_of(actions(client, uri, 0)) == []  # as it was exported: nothing to refine
    client.change(uri, HLO, version=2)  # the user makes the batch static
    assert [d["code"] for d in client.diagnostics(uri, 2)] == ["BC011"]
    (action,) = refine_of(actions(client, uri, 0, 10))  # the cursor on the head
    assert action["title"] == TITLE and "disabled" not in action
    edits = edits_of(action, uri, 2)
    # Byte-exact edits of the type texts that change, and nothing else: the result type in the
    # signature, then each op's, in order.
    assert edits == [
        {"range": span(0, 68, 83), "newText": "tensor<16x8xf32>"},
        {"range": span(1, 29, 44), "newText": "tensor<16x4xf32>"},
        {"range": span(2, 72, 87), "newText": "tensor<16x4xf32>"},
        {"range": span(2, 109, 124), "newText": "tensor<16x8xf32>"},
        {"range": span(3, 27, 42), "newText": "tensor<16x8xf32>"},
        {"range": span(4, 14, 29), "newText": "tensor<16x8xf32>"},
    ]
    refined = apply_edits(HLO, edits)
    assert refined == HLO_REFINED
    # what `broadcheck refine --arg` writes (the same engine call)
    from broadcheck.engine.options import Options
    from broadcheck.engine.refine import Request
    from broadcheck.engine.refine_run import refine_text

    request = Request({("main", 0): "tensor<16x4xf32>", ("main", 1): "tensor<4x8xf32>"})
    assert refine_text("hlo.mlir", HLO, request, Options())[0] == refined
    client.change(uri, refined, version=3)
    assert client.diagnostics(uri, 3) == []  # clean
    assert refine_of(actions(client, uri, 0)) == []  # and nothing left to refine


@pytest.mark.parametrize(
    ("name", "text", "line", "character", "refined"),
    [
        ("tf.mlir", TF, 1, 18, TF.replace("?x3", "8x3")),  # on the use-def error in the body
        ("linalg.mlir", LINALG, 1, 85, LINALG.replace("?x16", "8x16").replace("?x4", "8x4")),
    ],
)
def test_tf_and_linalg_from_a_diagnostic_in_the_body(
    client: Client, project: Path, name: str, text: str, line: int, character: int, refined: str
) -> None:
    uri = (project / name).as_uri()
    client.open(uri, text, version=7)
    found = client.diagnostics(uri, 7)
    assert found and all(d["code"] == "BC011" for d in found)
    (action,) = refine_of(actions(client, uri, line, character))
    edits = edits_of(action, uri, 7)
    assert all(e["range"]["start"]["line"] == e["range"]["end"]["line"] for e in edits)
    assert {e["newText"] for e in edits} <= {"tensor<8x3xf32>", "tensor<8x16xf32>", "tensor<8x4xf32>"}
    after = apply_edits(text, edits)
    assert after == refined
    assert check_text(after, path=name) == []
    client.change(uri, after, version=8)
    assert client.diagnostics(uri, 8) == []
    # the action is only offered at the head or on a diagnostic in the body: elsewhere, none
    client.change(uri, text, version=9)
    client.diagnostics(uri, 9)
    assert refine_of(actions(client, uri, len(text.splitlines()) - 2, 2)) == []  # on `return`, no error there


def test_only_refactor_kinds_are_honoured(client: Client, project: Path) -> None:
    uri = (project / "hlo.mlir").as_uri()
    client.open(uri, HLO)
    client.diagnostics(uri, 1)
    assert len(refine_of(actions(client, uri, 0, only=["refactor"]))) == 1
    assert len(refine_of(actions(client, uri, 0, only=["refactor.rewrite"]))) == 1
    assert refine_of(actions(client, uri, 0, only=["quickfix"])) == []
    assert refine_of(actions(client, uri, 0, only=["refactor.extract"])) == []


def test_dynamic_dims_and_an_unchanged_signature_get_no_action(client: Client, project: Path) -> None:
    uri = (project / "dyn.mlir").as_uri()
    client.open(uri, DYNAMIC)
    assert client.diagnostics(uri, 1) == []
    for line in range(5):
        assert refine_of(actions(client, uri, line, 5)) == []


def test_an_edit_is_for_its_version_only_and_a_stale_command_edits_nothing(client: Client, project: Path) -> None:
    uri = (project / "hlo.mlir").as_uri()
    client.open(uri, HLO, version=4)
    client.diagnostics(uri, 4)
    (old,) = refine_of(actions(client, uri, 0))
    assert old["edit"]["documentChanges"][0]["textDocument"]["version"] == 4
    newer = HLO.replace("%arg1: tensor<4x8xf32>", "%arg1: tensor<4x8xf32> ")
    client.change(uri, newer, version=5)  # the user types on: the old edit names version 4
    client.diagnostics(uri, 5)
    (new,) = refine_of(actions(client, uri, 0))
    assert new["edit"]["documentChanges"][0]["textDocument"]["version"] == 5
    assert apply_edits(newer, edits_of(new, uri, 5)) == HLO_REFINED.replace("tensor<4x8xf32>", "tensor<4x8xf32> ", 1)
    # the command names the version it was planned for: on any other, an error and no edit
    argument = {"uri": uri, "version": 4, "function": "main", "line": 0}
    answer = client.request("workspace/executeCommand", {"command": "broadcheck.refine", "arguments": [argument]})
    assert answer["error"]["code"] == -32801  # ContentModified
    assert "version 5, not 4" in answer["error"]["message"]
    assert not [m for m in client.seen if m.get("method") == "workspace/applyEdit"]


def test_when_refine_breaks_the_action_is_disabled_with_the_verifiers_words(client: Client, project: Path) -> None:
    uri = (project / "breaks.mlir").as_uri()
    client.open(uri, BREAKS)
    assert [d["code"] for d in client.diagnostics(uri, 1)] == ["BC011"]
    (action,) = refine_of(actions(client, uri, 1, 22))
    assert "edit" not in action
    assert action["disabled"] == {
        "reason": "refining @main does not verify (line 3: number of output elements (32) doesn't match "
        "expected number of elements (40) [BC573])"
    }


def test_when_refine_stops_the_title_names_the_op(client: Client, project: Path) -> None:
    uri = (project / "stops.mlir").as_uri()
    client.open(uri, STOPS)
    client.diagnostics(uri, 1)
    (action,) = refine_of(actions(client, uri, 0))
    assert action["title"] == TITLE + " (stops at 1 op: stablehlo.custom_call)"
    after = apply_edits(STOPS, edits_of(action, uri, 1))
    # the custom call takes its new operand; its result (nothing infers it) stays as written
    assert after.splitlines()[2] == "  %1 = stablehlo.custom_call @mystery(%0) : (tensor<16x4xf32>) -> tensor<?x4xf32>"
    assert check_text(after, path="stops.mlir") == []


def test_a_client_without_disabled_support_is_not_offered_a_broken_refine(project: Path) -> None:
    capabilities = {"workspace": {"workspaceEdit": {"documentChanges": True}}}
    c = start(project, capabilities)
    uri = (project / "breaks.mlir").as_uri()
    c.open(uri, BREAKS)
    c.diagnostics(uri, 1)
    assert refine_of(actions(c, uri, 0)) == []
    assert c.close() == 0


def test_without_versioned_edits_the_server_runs_the_command_and_checks_the_version(project: Path) -> None:
    c = start(project, {"workspace": {"applyEdit": True}})
    uri = (project / "hlo.mlir").as_uri()
    c.open(uri, HLO, version=2)
    c.diagnostics(uri, 2)
    (action,) = refine_of(actions(c, uri, 0))
    assert "edit" not in action
    command = action["command"]
    assert command["command"] == "broadcheck.refine"
    assert command["arguments"] == [{"uri": uri, "version": 2, "function": "main", "line": 0}]
    answer = c.request("workspace/executeCommand", {"command": command["command"], "arguments": command["arguments"]})
    assert "error" not in answer and answer["result"] is None
    applied = _wait_for(c, "workspace/applyEdit")
    assert applied["params"]["label"] == TITLE
    assert apply_edits(HLO, applied["params"]["edit"]["changes"][uri]) == HLO_REFINED
    # explicit argument types (as `refine --arg`): the batch at 2 instead
    argument = {"uri": uri, "version": 2, "function": "@main", "args": {"0": "tensor<2x4xf32>"}}
    c.request("workspace/executeCommand", {"command": "broadcheck.refine", "arguments": [argument]})
    applied = _wait_for(c, "workspace/applyEdit", after=applied)
    assert apply_edits(HLO, applied["params"]["edit"]["changes"][uri]) == HLO.replace("16x", "2x").replace("?x", "2x")
    bad = c.request("workspace/executeCommand", {"command": "broadcheck.refine", "arguments": [{"uri": uri}]})
    assert bad["error"]["code"] == -32602
    assert c.close() == 0


def _wait_for(c: Client, method: str, after: dict[str, Any] | None = None) -> dict[str, Any]:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        with c.arrived:
            found = [m for m in c.seen if m.get("method") == method]
            if after is not None:
                found = found[found.index(after) + 1 :] if after in found else found
            if found:
                return found[0]
            c.arrived.wait(0.5)
    seen = [(m.get("method", "response"), (m.get("params") or {}).get("message")) for m in c.seen]
    raise TimeoutError(f"no {method} in {HANG:g} s; what came instead (method, message): {seen}")


def test_split_input_file_refines_the_chunk_of_the_function(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.broadcheck]\nsplit-input-file = true\n")
    c = start(project, VERSIONED)
    uri = (project / "split.mlir").as_uri()
    text = DYNAMIC + "\n// -----\n\n" + HLO
    c.open(uri, text)
    assert [d["range"]["start"]["line"] for d in c.diagnostics(uri, 1)] == [9]
    head = text.splitlines().index(HLO.splitlines()[0])
    (action,) = refine_of(actions(c, uri, head))
    assert apply_edits(text, edits_of(action, uri, 1)) == DYNAMIC + "\n// -----\n\n" + HLO_REFINED
    assert c.close() == 0


def test_a_plan_not_ready_in_time_comes_at_a_later_request(project: Path) -> None:
    """A code action request waits for a refine plan ``refineWait`` s at most (here none): it is
    answered without the action, which a later request gets once the plan is done."""
    c = start(project, VERSIONED, wait=0)
    uri = (project / "hlo.mlir").as_uri()
    c.open(uri, HLO)
    c.diagnostics(uri, 1)
    found: list[dict[str, Any]] = []
    for _ in range(int(HANG * 10)):
        found = refine_of(actions(c, uri, 0))
        if found:
            break
        time.sleep(0.1)
    (action,) = found
    assert apply_edits(HLO, edits_of(action, uri, 1)) == HLO_REFINED
    assert c.close() == 0


def test_a_broken_refine_by_command_edits_nothing_and_says_why(project: Path) -> None:
    c = start(project, {"workspace": {"applyEdit": True}})
    uri = (project / "breaks.mlir").as_uri()
    c.open(uri, BREAKS, version=1)
    c.diagnostics(uri, 1)
    argument = {"uri": uri, "version": 1, "function": "main"}
    assert "error" not in c.request(
        "workspace/executeCommand", {"command": "broadcheck.refine", "arguments": [argument]}
    )
    shown = _wait_for(c, "window/showMessage")
    assert shown["params"] == {
        "type": 1,
        "message": "broadcheck: refining @main does not verify (line 3: number of output elements (32) doesn't "
        "match expected number of elements (40) [BC573]); nothing edited",
    }
    assert not [m for m in c.seen if m.get("method") == "workspace/applyEdit"]
    assert c.close() == 0


def test_edits_are_in_the_agreed_code_units() -> None:
    """A character outside the BMP before a type on its line: two UTF-16 units, four UTF-8 ones."""
    from broadcheck.engine.options import Options
    from broadcheck.server.refactor import plan

    text = STOPS.replace("@mystery(%0)", '@mystery(%0) {backend_config = "\U0001d54f"}')
    at = text.splitlines()[2].index("(tensor<?x4xf32>)") + 1
    for encoding, extra in (("utf-32", 0), ("utf-16", 1), ("utf-8", 3)):
        found = plan("u.mlir", text, Options(), encoding, line=0)
        assert found is not None
        edit = next(e for e in found.edits if e["range"]["start"]["line"] == 2)
        assert edit["range"]["start"]["character"] == at + extra
        assert edit["newText"] == "tensor<16x4xf32>"


# A TF graph: refine does not enter a `tf_executor.graph` whose regions use a changed value, so
# it changes nothing; the user who edited the batch is told why rather than shown nothing.
GRAPH = (
    'func.func @main(%arg0: tensor<4x3xf32>) -> tensor<*xf32> attributes {tf.entry_function = {inputs = "x"}} {\n'
    "  %0 = tf_executor.graph {\n"
    '    %outputs, %control = tf_executor.island wraps "tf.Relu"(%arg0) {device = ""}'
    " : (tensor<1x3xf32>) -> tensor<*xf32>\n"
    "    tf_executor.fetch %outputs : tensor<*xf32>\n"
    "  }\n"
    "  return %0 : tensor<*xf32>\n"
    "}\n"
)
GRAPH_REASON = (
    "refining @main changes nothing (line 2: 'tf_executor.graph' op refinement stops here: its regions use a "
    "value whose type changed [BC1860])"
)


def test_when_refine_stops_before_changing_anything_the_action_is_disabled_with_where(
    client: Client, project: Path
) -> None:
    uri = (project / "graph.mlir").as_uri()
    client.open(uri, GRAPH)
    assert [d["code"] for d in client.diagnostics(uri, 1)] == ["BC011"]
    for line, character in ((0, 3), (2, 61)):  # the head, the error
        (action,) = refine_of(actions(client, uri, line, character))
        assert action == {
            "title": TITLE + " (stops at 1 op: tf_executor.graph)",
            "kind": "refactor.rewrite",
            "disabled": {"reason": GRAPH_REASON},
        }


def test_when_refine_stops_before_changing_anything_the_command_says_where(project: Path) -> None:
    c = start(project, {"workspace": {"applyEdit": True}})
    uri = (project / "graph.mlir").as_uri()
    c.open(uri, GRAPH, version=1)
    c.diagnostics(uri, 1)
    assert refine_of(actions(c, uri, 0)) == []  # (no disabled action for this client)
    argument = {"uri": uri, "version": 1, "function": "main"}
    c.request("workspace/executeCommand", {"command": "broadcheck.refine", "arguments": [argument]})
    shown = _wait_for(c, "window/showMessage")
    assert shown["params"] == {"type": 3, "message": f"broadcheck: {GRAPH_REASON}"}
    assert not [m for m in c.seen if m.get("method") == "workspace/applyEdit"]
    assert c.close() == 0
