"""The editor's "Refine @f from its argument types" on every way a function head is written:
on one line or several (torch-mlir and TF exports, JAX's with attributes per argument), with
``attributes {...}``, ``private``/``public``, ``{jax.arg_info = ...}`` and ``loc(...)`` per
argument, comments in it, its ``{`` on a line of its own; each with ``\\n``, ``\\r\\n`` and
lone ``\\r`` line ends (and the command on a text after a byte order mark).

Each case goes through a real ``broadcheck server`` (tests/lsp_client.py): the signature's
first argument was ``tensor<?x4xf32>`` and is now ``tensor<16x4xf32>``, so the body is stale;
the action must be offered on every line of the head, its edits applied must give the refined
text, and that text must be what ``broadcheck refine`` writes for the same request, byte for
byte (for a head on several lines, on the text with the head joined into one line: the command
line reads no argument of a head on several lines)."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from broadcheck.api import check_text
from tests.conftest import Invoke
from tests.lsp_client import Client, apply_edits
from tests.test_server_refine import VERSIONED, actions, edits_of, refine_of
from tests.waits import HANG

BODY = (
    "  %0 = stablehlo.abs %arg0 : tensor<?x4xf32>\n"
    "  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0]"
    " : (tensor<?x4xf32>, tensor<4x8xf32>) -> tensor<?x8xf32>\n"
    "  return %1 : tensor<?x8xf32>\n"
    "}\n"
)

HEADS = {
    "one-line": "func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<4x8xf32>) -> tensor<?x8xf32> {\n",
    "attributes": (
        "func.func @main(%arg0: tensor<16x4xf32>, %arg1: tensor<4x8xf32>) -> tensor<?x8xf32>"
        ' attributes {tf.entry_function = {inputs = "x,w", outputs = "y"}} {\n'
    ),
    "private": "func.func private @main(%arg0: tensor<16x4xf32>, %arg1: tensor<4x8xf32>) -> tensor<?x8xf32> {\n",
    "jax-one-line": (
        'func.func public @main(%arg0: tensor<16x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}'
        ' loc("x"), %arg1: tensor<4x8xf32> {jax.arg_info = "w"} loc("w"))'
        ' -> (tensor<?x8xf32> {jax.result_info = ""}) {\n'
    ),
    "two-lines": (
        "func.func @main(%arg0: tensor<16x4xf32>,\n                %arg1: tensor<4x8xf32>) -> tensor<?x8xf32> {\n"
    ),
    "jax-multi-line": (
        "func.func public @main(\n"
        '    %arg0: tensor<16x4xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"} loc("x"),\n'
        '    %arg1: tensor<4x8xf32> {jax.arg_info = "w"} loc("w"))\n'
        '    -> (tensor<?x8xf32> {jax.result_info = ""})\n'
        "    attributes {jax.uses_shape_polymorphism = true} {\n"
    ),
    "comments-and-a-brace-alone": (
        "func.func private @main(%arg0: tensor<16x4xf32>, // the batch, was `?` ) {\n"
        '                        %arg1: tensor<4x8xf32> loc("w // (")) // weights\n'
        "    -> tensor<?x8xf32>\n"
        "{\n"
    ),
}
CASES = [(name, ends) for name in HEADS for ends in ("lf", "crlf", "cr")]
ENDS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


def text_of(name: str, ends: str) -> str:
    """The case's text, with ``\\n``, ``\\r\\n`` or ``\\r`` line ends."""
    return (HEADS[name] + BODY).replace("\n", ENDS[ends])


def refined_of(text: str) -> str:
    return text.replace("?x4", "16x4").replace("?x8", "16x8")


def joined(text: str, head_lines: int) -> str:
    """``text`` with its first ``head_lines`` lines joined into one: each line end between them,
    and each comment on them (not a ``//`` in a string), made as many spaces (what the command
    line can read)."""
    parts = re.split(r"(\r?\n)", text)
    out = []
    for i in range(0, len(parts), 2):
        line = parts[i]
        end = parts[i + 1] if i + 1 < len(parts) else ""
        if i // 2 < head_lines:
            line = re.sub(r'"(?:[^"\\]|\\.)*"|//.*', lambda m: m[0] if m[0][0] == '"' else " " * len(m[0]), line)
            if i // 2 < head_lines - 1:
                end = " " * len(end)
        out += (line, end)
    return "".join(out)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Client, Path]]:
    project = tmp_path_factory.mktemp("heads")
    (project / ".git").mkdir()  # configuration discovery stops here
    c = Client(project)
    params = {"processId": os.getpid(), "rootUri": project.as_uri(), "capabilities": VERSIONED}
    params["initializationOptions"] = {"refineWait": HANG}
    c.request("initialize", params)
    c.notify("initialized", {})
    yield c, project
    assert c.alive(), c.stderr_so_far()
    assert c.close() == 0


@pytest.mark.parametrize(("name", "ends"), CASES, ids=[f"{n}-{e}" for n, e in CASES])
def test_every_head_is_refined_from_any_of_its_lines(
    server: tuple[Client, Path], run: Invoke, name: str, ends: str
) -> None:
    client, project = server
    text = text_of(name, ends)
    head_lines = HEADS[name].count("\n")
    path = project / f"{name}-{ends}.mlir"
    uri = path.as_uri()
    client.open(uri, text, version=1)
    found = client.diagnostics(uri, 1)
    assert [(d["code"], d["range"]["start"]["line"]) for d in found] == [("BC011", head_lines)]
    every: list[list[dict[str, Any]]] = []
    lines = re.split(r"\r\n|\r|\n", text)
    for line in range(head_lines):
        for character in (0, len(lines[line])):
            (action,) = refine_of(actions(client, uri, line, character))
            assert action["title"] == "Refine @main from its argument types"
            every.append(edits_of(action, uri, 1))
    (on_error,) = refine_of(actions(client, uri, head_lines, 24))  # on `%arg0` in the body
    every.append(edits_of(on_error, uri, 1))
    assert all(e == every[0] for e in every)
    assert refine_of(actions(client, uri, head_lines + 2, 4)) == []  # `return`: no error there
    edits = every[0]
    assert all(e["newText"] in ("tensor<16x4xf32>", "tensor<16x8xf32>") for e in edits)
    after = apply_edits(text, edits)
    assert after == refined_of(text)
    # what `broadcheck refine` writes for the same request (into the file: the runner's
    # standard output reads `\r\n` as `\n`); the command line ends lines at `\n` only, so a
    # text of lone `\r`s is given to it with `\n`s
    cli = (lambda t: t.replace("\r", "\n")) if ends == "cr" else (lambda t: t)
    path.write_bytes(joined(cli(text), head_lines).encode())
    result = run("refine", str(path), "-i", "--arg", "@main:0=tensor<16x4xf32>", "--arg", "@main:1=tensor<4x8xf32>")
    assert result.code == 0, result.err
    assert path.read_bytes() == joined(cli(after), head_lines).encode()
    if head_lines == 1:
        assert path.read_bytes() == cli(after).encode()
    assert check_text(cli(after), path=path.name) == []
    client.change(uri, after, version=2)
    assert client.diagnostics(uri, 2) == []
    assert all(refine_of(actions(client, uri, line)) == [] for line in range(head_lines + 1))
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


CALLEE = (
    "module {\n"
    "  func.func @main(%arg0: tensor<16x4xf32>) -> tensor<?x4xf32> {\n"
    "    %0 = func.call @callee(%arg0) : (tensor<?x4xf32>) -> tensor<?x4xf32>\n"
    "    return %0 : tensor<?x4xf32>\n"
    "  }\n"
    "  func.func private @callee(\n"
    "      %arg0: tensor<?x4xf32>  // the batch\n"
    "  ) -> tensor<?x4xf32> {\n"
    "    %0 = stablehlo.abs %arg0 : tensor<?x4xf32>\n"
    "    return %0 : tensor<?x4xf32>\n"
    "  }\n"
    "}\n"
)


def test_a_private_callee_with_a_head_on_several_lines_is_followed(server: tuple[Client, Path]) -> None:
    """refine goes through ``func.call`` into a private callee: one whose head is on several lines too."""
    client, project = server
    uri = (project / "callee.mlir").as_uri()
    client.open(uri, CALLEE)
    assert [d["code"] for d in client.diagnostics(uri, 1)] == ["BC011"]
    (action,) = refine_of(actions(client, uri, 1, 12))
    after = apply_edits(CALLEE, edits_of(action, uri, 1))
    assert after == CALLEE.replace("?x4", "16x4")
    assert check_text(after, path="callee.mlir") == []
    assert refine_of(actions(client, uri, 6)) == []  # the callee has no error of its own
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_a_broken_refine_of_a_head_on_several_lines_names_the_line_as_written(server: tuple[Client, Path]) -> None:
    client, project = server
    text = (
        "func.func @main(\n"
        "    %arg0: tensor<5x8xf32>)\n"
        "    -> tensor<32xf32> {\n"
        "  %0 = stablehlo.abs %arg0 : tensor<4x8xf32>\n"
        "  %1 = stablehlo.reshape %0 : (tensor<4x8xf32>) -> tensor<32xf32>\n"
        "  return %1 : tensor<32xf32>\n"
        "}\n"
    )
    uri = (project / "breaks.mlir").as_uri()
    client.open(uri, text)
    client.diagnostics(uri, 1)
    (action,) = refine_of(actions(client, uri, 1, 4))
    assert action["disabled"] == {
        "reason": "refining @main does not verify (line 5: number of output elements (32) doesn't match "
        "expected number of elements (40) [BC573])"
    }
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_a_clean_function_with_a_head_on_several_lines_gets_no_action(server: tuple[Client, Path]) -> None:
    """A function whose body agrees with its signature is offered nothing, even though refine
    would write something: here the static ``3x4`` the file states, loosened to ``?x4``."""
    from broadcheck.engine.options import Options
    from broadcheck.server.refactor import plan

    client, project = server
    text = (
        "func.func @main(%arg0: tensor<?x4xf32>,\n"
        "                %arg1: tensor<?x4xf32>) -> tensor<?x4xf32> {\n"
        "  %0 = stablehlo.add %arg0, %arg1 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<3x4xf32>\n"
        "  %1 = stablehlo.abs %0 : (tensor<3x4xf32>) -> tensor<?x4xf32>\n"
        "  return %1 : tensor<?x4xf32>\n"
        "}\n"
    )
    found = plan("dyn.mlir", text, Options(), "utf-16", line=0)
    assert found is not None and {e["newText"] for e in found.edits} == {"tensor<?x4xf32>"}
    uri = (project / "dyn.mlir").as_uri()
    client.open(uri, text)
    assert client.diagnostics(uri, 1) == []
    assert all(refine_of(actions(client, uri, line, 3)) == [] for line in range(6))
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_the_command_refines_a_text_after_a_byte_order_mark(tmp_path: Path, run: Invoke) -> None:
    """A document that starts with a byte order mark (which the check skips): the command
    ``broadcheck.refine`` edits it as ``broadcheck refine`` writes the file, the mark kept."""
    (tmp_path / ".git").mkdir()
    c = Client(tmp_path)
    c.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(), "capabilities": APPLY})
    c.notify("initialized", {})
    for name in ("one-line", "jax-multi-line"):
        text = "\ufeff" + text_of(name, "lf")
        path = tmp_path / f"{name}.mlir"
        uri = path.as_uri()
        c.open(uri, text, version=1)
        assert [d["code"] for d in c.diagnostics(uri, 1)] == ["BC011"]
        before = len([m for m in c.seen if m.get("method") in ("workspace/applyEdit", "window/showMessage")])
        argument = {"uri": uri, "version": 1, "function": "main"}
        assert "error" not in c.request(
            "workspace/executeCommand", {"command": "broadcheck.refine", "arguments": [argument]}
        )
        applied = _answered(c, before)
        assert applied["method"] == "workspace/applyEdit", applied
        after = apply_edits(text, applied["params"]["edit"]["changes"][uri])
        assert after == refined_of(text)
        head_lines = HEADS[name].count("\n")
        path.write_bytes(joined(text, head_lines).encode())
        result = run("refine", str(path), "-i", "--arg", "@main:0=tensor<16x4xf32>")
        assert result.code == 0, result.err
        assert path.read_bytes() == joined(after, head_lines).encode()
    assert c.close() == 0


APPLY = {"workspace": {"applyEdit": True}}


def _answered(c: Client, before: int) -> dict[str, Any]:
    """What the server sent after the first ``before`` of its edits and messages to the user:
    an edit to apply or a message saying why there is none."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        with c.arrived:
            found = [m for m in c.seen if m.get("method") in ("workspace/applyEdit", "window/showMessage")]
            if len(found) > before:
                return found[before]
            c.arrived.wait(0.5)
    raise TimeoutError("workspace/applyEdit")
