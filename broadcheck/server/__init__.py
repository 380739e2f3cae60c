"""``broadcheck server``: a language server (LSP) over standard input and output, on pygls.

* **Diagnostics** on open, change and save: the codes, messages and severities of
  ``broadcheck check``, each label (the operand or result at fault) and note as
  ``relatedInformation``, with the project's ``[tool.broadcheck]`` (found from the file's
  directory, as the command line finds it from the current one): its profile, ``ops``,
  ``select``/``ignore``/``extend-select``, ``per-file-ignores``, ``exclude`` (an excluded
  file gets no diagnostics), ``split-input-file`` and ``verify-diagnostics`` (a file of
  ``expected-error`` annotations then shows what is unmet or unexpected, as the CLI does).
* **Code actions**: each problem's fix (a safe one preferred, an unsafe one marked as
  changing a signature), every safe fix at once (``source.fixAll.broadcheck``), and a
  suppression comment for the line or the file.
* **Hover** on an op (:mod:`broadcheck.server.hover`).

It never blocks on a large file: checks run on a worker thread, a document is fed to the
engine in blocks, and a check whose document has changed since stops at the next block, so
only the newest version is checked to the end and published. The documents are synced
whole (``TextDocumentSyncKind.Full``): lines are split as broadcheck splits them, never as a
line-splitting library would at a form feed or U+2028. An internal error on a document is
logged to the client, and the server goes on.
"""

from __future__ import annotations

import asyncio
import gc
import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification

from broadcheck import __version__
from broadcheck.server.documents import Lines, diagnostic, fix_action, fix_all_action, overlaps, suppress_actions

if TYPE_CHECKING:
    from broadcheck.diagnostics import Result
    from broadcheck.engine.options import Options

BLOCK = 1 << 18
"""Characters fed to the engine between two looks at whether the document changed."""
FIX_ALL = "source.fixAll.broadcheck"


class Cancelled(Exception):
    """The document changed while it was being checked."""


class Document:
    """One open document: its newest text, and what the last finished check found."""

    __slots__ = ("checked", "generation", "path", "result", "text", "uri", "version")

    def __init__(self, uri: str, path: str, text: str, version: int | None) -> None:
        self.uri, self.path, self.text, self.version = uri, path, text, version
        self.generation = 0
        """Counts the texts received: a check of an older one is stale."""
        self.result: Result | None = None
        self.checked: int | None = None
        """The generation ``result`` is about."""


class Settings:
    """The settings for the files of one directory (from its ``[tool.broadcheck]``)."""

    __slots__ = ("checking", "error", "excluded")

    def __init__(self, checking: Any, excluded: tuple[str, ...], error: str | None) -> None:
        self.checking, self.excluded, self.error = checking, excluded, error


class State:
    """Everything the server keeps: the open documents, the settings by directory, the worker."""

    def __init__(self, server: LanguageServer) -> None:
        self.server = server
        self.documents: dict[str, Document] = {}
        self.settings: dict[str, Settings] = {}
        self.lock = threading.Lock()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="broadcheck-check")
        self.told: set[str] = set()
        """The configuration errors already shown to the user."""
        from lsprotocol.converters import get_converter

        self.converter = get_converter()
        """lsprotocol's converter: LSP's JSON names to its types."""

    # ------------------------------------------------------------ settings

    def settings_for(self, path: str) -> Settings:
        directory = os.path.dirname(path) if os.path.isabs(path) else os.getcwd()
        with self.lock:
            found = self.settings.get(directory)
        if found is not None:
            return found
        found = _load_settings(directory)
        with self.lock:
            self.settings[directory] = found
        return found

    def forget_settings(self) -> None:
        with self.lock:
            self.settings.clear()

    # ------------------------------------------------------------ checking

    def encoding(self) -> str:
        chosen = getattr(self.server.server_capabilities, "position_encoding", None)
        return str(getattr(chosen, "value", chosen) or "utf-16")

    async def update(self, uri: str, text: str, version: int | None) -> None:
        """Take a new text of ``uri``, check it off the event loop, and publish what is found
        (unless a newer text came meanwhile)."""
        doc = self.documents.get(uri)
        if doc is None:
            doc = self.documents[uri] = Document(uri, _path_of(uri), text, version)
        doc.text, doc.version = text, version
        doc.generation += 1
        generation = doc.generation
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(self.worker, self._check, doc, generation, text)
        except Cancelled:
            return
        except Exception as err:  # a bug in broadcheck: say so, and go on serving
            self.server.window_log_message(
                types.LogMessageParams(
                    types.MessageType.Error,
                    f"broadcheck: internal error while checking {doc.path}: {type(err).__name__}: {err}",
                )
            )
            result = None
        gc.collect()  # the previous text's check is garbage now: free it before the next one
        settings = self.settings_for(doc.path)
        if settings.error is not None and settings.error not in self.told:
            self.told.add(settings.error)
            self.server.window_show_message(types.ShowMessageParams(types.MessageType.Error, settings.error))
        if doc.generation != generation or self.documents.get(uri) is not doc:
            return
        doc.result, doc.checked = result, generation
        self.publish(doc)

    def _check(self, doc: Document, generation: int, text: str) -> Result | None:
        """Check ``text`` (on the worker thread); None for an excluded file."""
        if doc.generation != generation:
            raise Cancelled
        settings = self.settings_for(doc.path)
        if settings.excluded and _excluded(doc.path, settings):
            return None
        options: Options = settings.checking.options_for(doc.path)
        return check_blocks(doc.path, text, options, lambda: doc.generation != generation)

    def publish(self, doc: Document) -> None:
        lines = Lines(doc.text, self.encoding())
        found = doc.result.diagnostics if doc.result is not None else []
        converted = [diagnostic(d, lines, doc.uri) for d in found]
        params = self.converter.structure(
            {"uri": doc.uri, "version": doc.version, "diagnostics": converted}, types.PublishDiagnosticsParams
        )
        self.server.text_document_publish_diagnostics(params)

    def close(self, uri: str) -> None:
        doc = self.documents.pop(uri, None)
        if doc is not None:
            doc.generation += 1  # stops a check under way
            self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    # ------------------------------------------------------------ requests

    def current(self, uri: str) -> Document | None:
        """The document, if what was last found is about its newest text."""
        doc = self.documents.get(uri)
        if doc is None or doc.result is None or doc.checked != doc.generation:
            return None
        return doc

    def code_actions(self, params: types.CodeActionParams) -> list[dict[str, Any]]:
        doc = self.current(params.text_document.uri)
        if doc is None or doc.result is None:
            return []
        lines = Lines(doc.text, self.encoding())
        start = {"line": params.range.start.line, "character": params.range.start.character}
        end = {"line": params.range.end.line, "character": params.range.end.character}
        only = params.context.only
        wanted = [str(getattr(k, "value", k)) for k in only] if only else None
        actions: list[dict[str, Any]] = []
        if wanted is None or any(k == "quickfix" or "quickfix".startswith(k) for k in wanted):
            here = [d for d in doc.result.diagnostics if overlaps(d, lines, start, end)]
            fixes = [a for d in here if (a := fix_action(d, lines, doc.uri, doc.version)) is not None]
            fixes.sort(key=lambda a: not a["isPreferred"])
            actions += fixes
            for d in here:
                actions += suppress_actions(d, lines, doc.uri, doc.version)
        if wanted is None or any(FIX_ALL.startswith(k) or k.startswith(FIX_ALL) for k in wanted):
            whole = fix_all_action(doc.result.diagnostics, lines, doc.uri, doc.version)
            if whole is not None:
                actions.append(whole)
        return actions

    def hover(self, params: types.HoverParams) -> str | None:
        from broadcheck.server.hover import hover

        doc = self.documents.get(params.text_document.uri)
        if doc is None:
            return None
        settings = self.settings_for(doc.path)
        options = settings.checking.options_for(doc.path)
        lines = Lines(doc.text, self.encoding())
        found = doc.result.diagnostics if doc.result is not None and doc.checked == doc.generation else []
        column = lines.column(params.position.line, params.position.character)
        return hover(lines, params.position.line, column - 1, options, found)


def check_blocks(path: str, text: str, options: Options, stale: Any) -> Result:
    """Check ``text`` as the command line checks a file, fed in blocks of whole lines; raises
    :class:`Cancelled` as soon as ``stale()`` says a newer text has come."""
    from broadcheck.engine.run import FileRun

    cache: list[str] = []

    def fetch(numbers: Any) -> dict[int, str]:
        if not cache:
            cache.extend(line.removesuffix("\r") for line in text.split("\n"))
        return {n: cache[n - 1] for n in numbers if 0 < n <= len(cache)}

    run = FileRun(path, options, lines=fetch)
    body = text.removeprefix("\ufeff")
    blocks = list(_blocks(body)) or [""]
    for i, block in enumerate(blocks):
        if stale():
            raise Cancelled
        run.feed(block, final=i == len(blocks) - 1)
    result = run.finish()
    if stale():
        raise Cancelled
    if any(d.severity == "error" for d in result.diagnostics):
        from broadcheck.engine.fix import with_fixes

        result.diagnostics = with_fixes(body, result.diagnostics, options)
    return result


def _blocks(text: str) -> Iterator[str]:
    start = 0
    while start < len(text):
        cut = text.find("\n", start + BLOCK)
        end = len(text) if cut < 0 else cut + 1
        yield text[start:end]
        start = end


def _path_of(uri: str) -> str:
    from pygls.uris import to_fs_path

    try:
        path = to_fs_path(uri)
    except Exception:
        path = None
    return path if path else uri


def _excluded(path: str, settings: Settings) -> bool:
    from pathlib import Path

    from broadcheck.runner import excluded

    root = settings.checking.root
    return excluded(path, settings.excluded, root if root is not None else Path.cwd())


def _load_settings(directory: str) -> Settings:
    """The settings of ``[tool.broadcheck]`` found from ``directory`` (the defaults, and the
    error to show, if the configuration cannot be used)."""
    from pathlib import Path

    from broadcheck import config
    from broadcheck.engine.options import Options
    from broadcheck.messages import RULES
    from broadcheck.optable import OpTable
    from broadcheck.runner import Checking
    from broadcheck.semantics import Profile, registry

    error = None
    try:
        settings = config.load(None, False, directory if os.path.isdir(directory) else os.getcwd(), registry(), RULES)
    except config.ConfigError as err:
        error, settings = f"broadcheck: {err}", config.Settings(root=os.getcwd())
    options = Options(
        Profile(settings.profile),
        OpTable(settings.ops),
        settings.split_input_file,
        settings.verify_diagnostics,
        settings.selected_codes,
        settings.ignore,
    )
    checking = Checking(options, settings.per_file_ignores, Path(settings.root))
    return Settings(checking, settings.excluded_globs, error)


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, which also answers a request it cannot read (bad parameters) with the
    JSON-RPC error, as the protocol requires, instead of leaving the client waiting."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as err:
            ident = data.get("id")
            if "method" in data and isinstance(ident, (int, str)) and not isinstance(ident, bool):
                self._send_response(ident, error=err.to_response_error())
            return JsonRPCNotification(method="$/broadcheck/unreadable", jsonrpc="2.0", params=None)


def build() -> LanguageServer:
    """The server, with its features registered."""
    server = LanguageServer(
        "broadcheck",
        __version__,
        text_document_sync_kind=types.TextDocumentSyncKind.Full,
        protocol_cls=_Protocol,
    )
    state = State(server)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        doc = params.text_document
        await state.update(doc.uri, doc.text, doc.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        if not params.content_changes:
            return
        change = params.content_changes[-1]  # full sync: the last holds the whole text
        await state.update(params.text_document.uri, change.text, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=True))
    async def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        if uri.endswith("/pyproject.toml"):
            state.forget_settings()
            for doc in list(state.documents.values()):
                if not doc.uri.endswith("/pyproject.toml"):
                    await state.update(doc.uri, doc.text, doc.version)
            return
        saved = state.documents.get(uri)
        if saved is not None:
            text = params.text if params.text is not None else saved.text
            if text != saved.text or saved.checked != saved.generation:
                await state.update(uri, text, saved.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        state.close(params.text_document.uri)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def did_change_watched(ls: LanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        if any(change.uri.endswith("/pyproject.toml") for change in params.changes):
            state.forget_settings()
            for doc in list(state.documents.values()):
                await state.update(doc.uri, doc.text, doc.version)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
    )
    def code_action(ls: LanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        actions = state.code_actions(params)
        return [state.converter.structure(a, types.CodeAction) for a in actions]

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
        text = state.hover(params)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    return server


def main() -> None:
    """Serve over standard input and output until the client says ``exit``."""
    build().start_io()
