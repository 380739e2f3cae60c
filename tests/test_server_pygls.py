"""``broadcheck server`` as an independent LSP client speaks to it: pygls's ``BaseLanguageClient``.

The other server tests use :mod:`tests.lsp_client`, written beside the server; this one holds
the server to a client that neither was written from: the protocol's own framing, initialize,
full and ranged changes, diagnostics, hover, shutdown and exit, as pygls implements them.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest

pygls_client = pytest.importorskip("pygls.lsp.client", reason="pygls is in the test extra")
types = pytest.importorskip("lsprotocol.types")

URI = "file:///tmp/pygls-client/model.mlir"
TEXT = (
    "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x3xf32> {\n"
    '  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n'
    "  return %0 : tensor<2x3xf32>\n"
    "}\n"
)


async def _started() -> tuple[Any, asyncio.Queue[list[str]]]:
    """A pygls client speaking to a new ``broadcheck server``, and the queue of the codes it publishes."""
    client = pygls_client.BaseLanguageClient("broadcheck-test", "1")
    published: asyncio.Queue[list[str]] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.put_nowait([str(d.code) for d in params.diagnostics])

    await client.start_io(sys.executable, "-m", "broadcheck", "server")
    return client, published


async def _session() -> tuple[list[list[str]], str, int | None]:
    client, published = await _started()
    capabilities = types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16])
    )
    await client.initialize_async(types.InitializeParams(capabilities=capabilities, process_id=None, root_uri=None))
    client.initialized(types.InitializedParams())
    item = types.TextDocumentItem(uri=URI, language_id="mlir", version=1, text=TEXT)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    seen = [await asyncio.wait_for(published.get(), 60)]
    changes = []  # ranged edits: each 4x3 (the head's and the op's) becomes 2x3
    for number, line in enumerate(TEXT.splitlines()):
        at = line.find("4x3")
        if at >= 0:
            where = types.Range(start=types.Position(line=number, character=at),
                                end=types.Position(line=number, character=at + 3))  # fmt: skip
            changes.append(types.TextDocumentContentChangePartial(range=where, text="2x3"))
    assert len(changes) == 2
    document = types.VersionedTextDocumentIdentifier(uri=URI, version=2)
    client.text_document_did_change(types.DidChangeTextDocumentParams(text_document=document, content_changes=changes))
    seen.append(await asyncio.wait_for(published.get(), 60))
    where = types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=types.Position(line=1, character=3)
    )
    hover = await client.text_document_hover_async(where)
    shown = ""
    if hover is not None and isinstance(hover.contents, types.MarkupContent):
        shown = hover.contents.value
    elif hover is not None:
        shown = str(hover.contents)
    await client.shutdown_async(None)
    client.exit(None)
    server = client._server  # (pygls keeps the process it started here)
    code = await asyncio.wait_for(server.wait(), 30) if server is not None else None
    await client.stop()
    return seen, shown, code


def test_a_pygls_client_gets_diagnostics_hover_and_a_clean_exit() -> None:
    seen, shown, code = asyncio.run(_session())
    assert seen[0] == ["BC101"]  # the operands do not broadcast
    assert seen[1] == []  # fixed by the edit: the diagnostic goes
    assert "tensor<2x3xf32>" in shown  # the hover on %0 shows its type
    assert code == 0  # exit after shutdown: 0, as LSP says


STALE = (  # the signature's first argument was tensor<?x4xf32>: the body is stale
    "func.func @main(%arg0: tensor<16x4xf32>) -> tensor<?x4xf32> {\n"
    "  %0 = stablehlo.abs %arg0 : tensor<?x4xf32>\n"
    "  return %0 : tensor<?x4xf32>\n"
    "}\n"
)


async def _refine_session() -> tuple[list[str], Any, list[list[str]]]:
    client, published = await _started()
    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True)
        ),
        text_document=types.TextDocumentClientCapabilities(
            code_action=types.CodeActionClientCapabilities(disabled_support=True)
        ),
    )
    init = types.InitializeParams(
        capabilities=capabilities, process_id=None, root_uri=None, initialization_options={"refineWait": 60}
    )
    await client.initialize_async(init)
    client.initialized(types.InitializedParams())
    item = types.TextDocumentItem(uri=URI, language_id="mlir", version=3, text=STALE)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    seen = [await asyncio.wait_for(published.get(), 60)]
    at = types.Position(line=0, character=5)
    asked = types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=at, end=at),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Refactor]),
    )
    answer = await client.text_document_code_action_async(asked)
    titles = [a.title for a in answer or [] if isinstance(a, types.CodeAction)]
    action = next(a for a in answer or [] if isinstance(a, types.CodeAction))
    assert action.edit is not None and action.edit.document_changes is not None
    (change,) = action.edit.document_changes
    assert isinstance(change, types.TextDocumentEdit) and change.text_document.version == 3
    lines = STALE.split("\n")
    for edit in sorted(change.edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert isinstance(edit, types.TextEdit) and edit.range.start.line == edit.range.end.line
        line = lines[edit.range.start.line]
        lines[edit.range.start.line] = (
            line[: edit.range.start.character] + edit.new_text + line[edit.range.end.character :]
        )
    refined = "\n".join(lines)
    document = types.VersionedTextDocumentIdentifier(uri=URI, version=4)
    whole = types.TextDocumentContentChangeWholeDocument(text=refined)
    client.text_document_did_change(types.DidChangeTextDocumentParams(text_document=document, content_changes=[whole]))
    seen.append(await asyncio.wait_for(published.get(), 60))
    await client.shutdown_async(None)
    client.exit(None)
    server = client._server
    if server is not None:
        await asyncio.wait_for(server.wait(), 30)
    await client.stop()
    return titles, refined, seen


def test_a_pygls_client_takes_the_refine_action_and_the_document_checks_clean() -> None:
    titles, refined, seen = asyncio.run(_refine_session())
    assert titles == ["Refine @main from its argument types"]
    assert refined == STALE.replace("?x4", "16x4")
    assert seen == [["BC011"], []]  # stale (a use-def mismatch), then clean
