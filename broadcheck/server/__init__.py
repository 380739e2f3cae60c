"""``broadcheck server``: a language server (LSP) over standard input and output, in the
standard library alone (:mod:`broadcheck.server.rpc` frames the messages), so it starts as
fast as the command line and imports the checker only when the first document comes.

* **Diagnostics** on open, change and save: the codes, messages and severities of
  ``broadcheck check``, each label (the operand or result at fault) and note as
  ``relatedInformation``, with the project's ``[tool.broadcheck]`` (found from the file's
  directory, as the command line finds it from the current one): its profile, ``ops``,
  ``select``/``ignore``/``extend-select``, ``per-file-ignores``, ``exclude`` (an excluded
  file gets no diagnostics), ``split-input-file`` and ``verify-diagnostics``.
* **Code actions**: each problem's fix (a safe one preferred, an unsafe one marked as
  changing a signature), every safe fix at once (``source.fixAll.broadcheck``), a
  suppression comment for the line or the file, and "Refine @f from its argument types"
  (``refactor.rewrite``: ``broadcheck refine`` on a function whose signature was edited;
  :mod:`broadcheck.server.refactor`), also as the command ``broadcheck.refine``.
* **Hover** on an op (:mod:`broadcheck.server.hover`) or on a value (its type and definition);
  **definition**, **references** and **document symbols**
  (:mod:`broadcheck.server.navigate`).

It never blocks on a large file: checks run on a worker thread, a document is fed to the
engine in blocks, and a check whose document has changed since stops at the next block, so
only the newest version is checked to the end and published. Every check but the first runs
in a forked child (:mod:`broadcheck.server.isolate`), so the server's memory holds what the
checks found and nothing of what they allocated on the way. Each check reads the
document's type aliases once (the engine's), and the navigation index is built once per
version on the worker too. Documents sync incrementally (ranges in the negotiated position
encoding); ``\\n``, ``\\r\\n`` and a lone ``\\r`` all end a line, as LSP says. It fails closed:
an internal error while checking a document is published as BC906 on it (never as an empty
list), and a malformed frame is answered or skipped (:mod:`broadcheck.server.rpc`).
"""

from __future__ import annotations

import gc
import os
import queue
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from broadcheck import __version__
from broadcheck.server import isolate, refactor, rpc
from broadcheck.server.documents import (
    Lines,
    apply_change,
    diagnostic,
    fix_action,
    fix_all_action,
    overlaps,
    suppress_actions,
)

if TYPE_CHECKING:
    from broadcheck.diagnostics import Result
    from broadcheck.engine.options import Options
    from broadcheck.server.navigate import Index
    from broadcheck.server.refactor import Plan

BLOCK = 1 << 18
"""Characters fed to the engine between two looks at whether the document changed."""
QUIET = 0.15
"""Seconds a document must go unchanged before its check starts (a burst of edits is checked once)."""
PATIENCE = 0.1
"""And at least this share of its last check's seconds: a check of a large document that takes
10 s waits for a 1 s pause in typing, rather than starting (and being thrown away) at each
keystroke; each such start forks a child that copies the server's pages as both write them
(a soak's first 1,200 edits of a 2 MB text on a loaded machine: 75 s of children's CPU, and
35 s of the server's own system time, mostly page faults)."""
PLAN_WAIT = 1.0
"""Seconds a code action request waits for a refine plan (a larger function's action comes at
a later request: editors ask again as the cursor moves)."""
PENDING: Any = object()
"""A refine plan under way."""
FIX_ALL = "source.fixAll.broadcheck"
CONTENT_MODIFIED = -32801
"""LSP's error for a request about a version of a document that is no longer the newest."""
ENCODINGS = ("utf-16", "utf-8", "utf-32")
_LONE_CR = re.compile(r"\r(?!\n)")


class Cancelled(Exception):
    """The document changed while it was being checked."""


class BadParams(Exception):
    """A request's parameters are not of the shape its method takes."""


class Stale(Exception):
    """A request names a version of a document older than the newest (LSP's ContentModified)."""


class Document:
    """One open document: its newest text, and what the last finished check found."""

    __slots__ = (
        "aliases",
        "checked",
        "cost",
        "generation",
        "index",
        "lines",
        "path",
        "refined",
        "result",
        "text",
        "touched",
        "uri",
        "version",
    )

    def __init__(self, uri: str, path: str, text: str, version: int | None) -> None:
        self.uri, self.path, self.text, self.version = uri, path, text, version
        self.generation = 0
        """Counts the texts received: a check of an older one is stale."""
        self.touched = 0.0
        """When the newest text came (``time.monotonic``)."""
        self.cost = 0.0
        """How many seconds its last finished check took."""
        self.result: Result | None = None
        self.checked: int | None = None
        """The generation ``result`` is about."""
        self.aliases: dict[str, Any] = {}
        """The type aliases the last finished check read (the engine's, parsed once a version)."""
        self.index: tuple[int, Index] | None = None
        """The navigation index and the generation it is about."""
        self.lines: tuple[int, str, Lines] | None = None
        """The lines of the text of a generation, for an encoding."""
        self.refined: dict[tuple[int, int], Plan | None] = {}  # (or PENDING)
        """The refine plans of the newest generation, by (generation, head line)."""


class Settings:
    """The settings for the files of one directory (from its ``[tool.broadcheck]``)."""

    __slots__ = ("checking", "error", "excluded")

    def __init__(self, checking: Any, excluded: tuple[str, ...], error: str | None) -> None:
        self.checking, self.excluded, self.error = checking, excluded, error


class Server:
    """The open documents, the settings by directory, the check worker, and the message loop."""

    def __init__(self, reader: rpc.Reader, writer: rpc.Writer) -> None:
        self.reader, self.writer = reader, writer
        self.documents: dict[str, Document] = {}
        self.settings: dict[str, Settings] = {}
        self.lock = threading.Lock()
        self.jobs: queue.Queue[tuple[Document, int] | None] = queue.Queue()
        self.worker = threading.Thread(target=self._work, name="broadcheck-check", daemon=True)
        self.worker.start()
        self.planned = threading.Condition(self.lock)
        """Says a refine plan is done (:meth:`plan_of` waits on it)."""
        self.plans: queue.Queue[tuple[Document, tuple[int, int], Any] | None] = queue.Queue()
        self.planner = threading.Thread(target=self._plan_work, name="broadcheck-refine", daemon=True)
        self.planner.start()
        self.told: set[str] = set()
        """The configuration errors already shown to the user."""
        self.encoding = "utf-16"
        self.initialized = False
        self.shut_down = False
        self.warm = False
        """A check has run in this process (the next ones run in children: :mod:`.isolate`)."""
        self.versioned_edits = False
        """The client takes ``documentChanges`` (edits that carry the document's version)."""
        self.apply_edit = False
        """The client takes ``workspace/applyEdit`` requests."""
        self.disabled_actions = False
        """The client shows a code action's ``disabled.reason``."""
        self.sent = 0
        """Requests sent to the client (their ids)."""
        self.plan_wait = PLAN_WAIT
        """Seconds a code action request waits for a refine plan (``initializationOptions.refineWait``)."""

    # ------------------------------------------------------------ the loop

    def serve(self) -> int:
        """Answer messages until ``exit`` (0 after ``shutdown``, else 1) or the end of input (1)."""
        while True:
            message = self.reader.read()
            if message is None:
                return 0 if self.shut_down else 1
            if message.error is not None:
                self.writer.send({"id": None, "error": rpc.error(rpc.PARSE_ERROR, f"Parse error: {message.error}")})
                continue
            data = message.data
            method = data.get("method") if isinstance(data, dict) else None
            if not isinstance(method, str):
                if isinstance(data, dict) and "id" in data and ("result" in data or "error" in data):
                    continue  # a response to a request of ours
                ident = data.get("id") if isinstance(data, dict) else None
                ident = ident if isinstance(ident, (int, str)) and not isinstance(ident, bool) else None
                self.writer.send({"id": ident, "error": rpc.error(rpc.INVALID_REQUEST, "Invalid Request")})
                continue
            if method == "exit":
                return 0 if self.shut_down else 1
            params = data.get("params")
            if "id" in data:
                ident = data["id"]
                if not isinstance(ident, (int, str)) or isinstance(ident, bool):
                    self.writer.send({"id": None, "error": rpc.error(rpc.INVALID_REQUEST, "Invalid Request: bad id")})
                    continue
                self.writer.send({"id": ident, **self._answer(method, params)})
            else:
                self._notified(method, params)

    def _answer(self, method: str, params: Any) -> dict[str, Any]:
        if self.shut_down:
            return {"error": rpc.error(rpc.INVALID_REQUEST, f"{method}: the server has been shut down")}
        if method == "initialize":
            return {"result": self.initialize(params)}
        if not self.initialized:
            return {"error": rpc.error(rpc.SERVER_NOT_INITIALIZED, f"{method}: not initialized")}
        handler = self.requests().get(method)
        if handler is None:
            return {"error": rpc.error(rpc.METHOD_NOT_FOUND, f"Method not found: {method}")}
        try:
            return {"result": handler(params)}
        except BadParams as err:
            return {"error": rpc.error(rpc.INVALID_PARAMS, f"Invalid params: {err}")}
        except Stale as err:
            return {"error": rpc.error(CONTENT_MODIFIED, str(err))}
        except Exception as err:  # a bug in broadcheck: answer, and go on serving
            return {"error": rpc.error(rpc.INTERNAL_ERROR, f"internal error: {type(err).__name__}: {err}")}

    def _notified(self, method: str, params: Any) -> None:
        if self.shut_down or not self.initialized:
            return  # LSP: notifications are dropped then (but exit)
        handler = self.notifications().get(method)
        if handler is None:
            return
        try:
            handler(params)
        except BadParams as err:
            self.log(1, f"broadcheck: {method}: invalid params: {err}")
        except Exception as err:  # a bug in broadcheck: say so, and go on serving
            self.log(1, f"broadcheck: internal error in {method}: {type(err).__name__}: {err}")

    def requests(self) -> dict[str, Callable[[Any], Any]]:
        return {
            "shutdown": self.shutdown,
            "textDocument/codeAction": self.code_actions,
            "textDocument/hover": self.hover,
            "textDocument/definition": self.definition,
            "textDocument/references": self.references,
            "textDocument/documentSymbol": self.document_symbols,
            "workspace/executeCommand": self.execute_command,
        }

    def notifications(self) -> dict[str, Callable[[Any], None]]:
        return {
            "textDocument/didOpen": self.did_open,
            "textDocument/didChange": self.did_change,
            "textDocument/didSave": self.did_save,
            "textDocument/didClose": self.did_close,
            "workspace/didChangeWatchedFiles": self.did_change_watched,
        }

    def log(self, kind: int, text: str) -> None:
        self.writer.send({"method": "window/logMessage", "params": {"type": kind, "message": text}})

    # ------------------------------------------------------------ lifecycle

    def initialize(self, params: Any) -> dict[str, Any]:
        offered = _get(params, "capabilities", "general", "positionEncodings", default=None)
        if isinstance(offered, list):
            self.encoding = next((e for e in offered if e in ENCODINGS), "utf-16")
        capabilities = _get(params, "capabilities", default=None)
        self.versioned_edits = _get(capabilities, "workspace", "workspaceEdit", "documentChanges", default=0) is True
        self.apply_edit = _get(capabilities, "workspace", "applyEdit", default=False) is True
        self.disabled_actions = _get(capabilities, "textDocument", "codeAction", "disabledSupport", default=0) is True
        wait = _get(params, "initializationOptions", "refineWait", default=None)
        if isinstance(wait, (int, float)) and not isinstance(wait, bool) and wait >= 0:
            self.plan_wait = min(float(wait), 3600.0)  # (a lock's wait takes no longer)
        self.initialized = True
        return {
            "capabilities": {
                "positionEncoding": self.encoding,
                "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": True}},
                "codeActionProvider": {"codeActionKinds": ["quickfix", FIX_ALL, refactor.KIND]},
                "executeCommandProvider": {"commands": [refactor.COMMAND]},
                "hoverProvider": True,
                "definitionProvider": True,
                "referencesProvider": True,
                "documentSymbolProvider": True,
            },
            "serverInfo": {"name": "broadcheck", "version": __version__},
        }

    def shutdown(self, params: Any) -> None:
        self.shut_down = True
        self.jobs.put(None)
        self.plans.put(None)

    # ------------------------------------------------------------ documents

    def did_open(self, params: Any) -> None:
        uri = _get(params, "textDocument", "uri", kind=str)
        text = _get(params, "textDocument", "text", kind=str)
        version = _get(params, "textDocument", "version", default=None)
        with self.lock:
            doc = self.documents.get(uri)
            if doc is None:
                doc = self.documents[uri] = Document(uri, _path_of(uri), text, None)
        self.update(doc, text, version if isinstance(version, int) else None)

    def did_change(self, params: Any) -> None:
        uri = _get(params, "textDocument", "uri", kind=str)
        version = _get(params, "textDocument", "version", default=None)
        changes = _get(params, "contentChanges", kind=list)
        doc = self.documents.get(uri)
        if doc is None or not changes:
            return
        text = doc.text
        for change in changes:
            if not isinstance(change, dict) or not isinstance(change.get("text"), str):
                raise BadParams("a content change without text")
            text = apply_change(text, change, self.encoding)
        self.update(doc, text, version if isinstance(version, int) else None)

    def did_save(self, params: Any) -> None:
        uri = _get(params, "textDocument", "uri", kind=str)
        if uri.endswith("/pyproject.toml"):
            self.recheck_all()
            return
        saved = self.documents.get(uri)
        if saved is not None:
            text = params.get("text") if isinstance(params.get("text"), str) else saved.text
            if text != saved.text or saved.checked != saved.generation:
                self.update(saved, text, saved.version)

    def did_close(self, params: Any) -> None:
        uri = _get(params, "textDocument", "uri", kind=str)
        with self.lock:
            doc = self.documents.pop(uri, None)
            if doc is not None:
                doc.generation += 1  # stops a check under way
        if doc is not None:
            self.publish_raw(uri, None, [])

    def did_change_watched(self, params: Any) -> None:
        changes = _get(params, "changes", kind=list)
        if any(isinstance(c, dict) and str(c.get("uri", "")).endswith("/pyproject.toml") for c in changes):
            self.recheck_all()

    def recheck_all(self) -> None:
        with self.lock:
            self.settings.clear()
            docs = [d for d in self.documents.values() if not d.uri.endswith("/pyproject.toml")]
        for doc in docs:
            self.update(doc, doc.text, doc.version)

    def update(self, doc: Document, text: str, version: int | None) -> None:
        """Take a new text of ``doc`` and queue its check (a check under way of an older one stops)."""
        with self.lock:
            doc.text, doc.version = text, version
            doc.touched = time.monotonic()
            doc.generation += 1
            generation = doc.generation
        self.jobs.put((doc, generation))

    # ------------------------------------------------------------ checking (the worker thread)

    def _work(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            doc, generation = job
            pause = quiet_for(doc.cost)
            while doc.generation == generation and (left := doc.touched + pause - time.monotonic()) > 0:
                time.sleep(left)  # typing: wait for a pause rather than start a check each keystroke stops
            if doc.generation != generation:
                continue
            self._check_and_publish(doc, generation)

    def _check_and_publish(self, doc: Document, generation: int) -> None:
        text = doc.text
        aliases: dict[str, Any] | None = None
        result: Result | None = None
        started = time.monotonic()
        try:
            found = self._check(doc, generation, text)
            result, aliases = found if found is not None else (None, None)
            doc.cost = time.monotonic() - started
        except Cancelled:
            return
        except BaseException as err:  # a bug in broadcheck (RecursionError too): fail closed
            if isinstance(err, (KeyboardInterrupt, SystemExit)):
                raise
            detail = str(err) if isinstance(err, isolate.CheckFailed) else f"{type(err).__name__}: {err}"
            self.log(1, f"broadcheck: internal error while checking {doc.path}: {detail}")
            result = _internal_error(doc.path, detail)
        settings = self.settings_for(doc.path)
        if settings.error is not None and settings.error not in self.told:
            self.told.add(settings.error)
            self.writer.send({"method": "window/showMessage", "params": {"type": 1, "message": settings.error}})
        with self.lock:
            if doc.generation != generation or self.documents.get(doc.uri) is not doc:
                return
            if aliases is not None:
                doc.aliases = aliases
            doc.result, doc.checked = result, generation
            self.publish(doc)
        del result
        gc.collect()  # the previous text's check is garbage now: free it before the next one
        self.index_of(doc, generation, text)  # built here, off the message loop
        isolate.trim()

    def _check(self, doc: Document, generation: int, text: str) -> tuple[Result, dict[str, Any]] | None:
        """Check ``text``; None for an excluded file."""
        if doc.generation != generation:
            raise Cancelled
        settings = self.settings_for(doc.path)
        if settings.excluded and _excluded(doc.path, settings):
            return None
        options: Options = settings.checking.options_for(doc.path)

        def stale() -> bool:
            return doc.generation != generation

        if not self.warm or not isolate.available():
            found = check_blocks(doc.path, text, options, stale)
            self.warm = True  # what the first check loaded, every child inherits
            return found
        try:
            isolated = isolate.run(lambda: check_blocks(doc.path, text, options, stale), stale)
        except isolate.Stuck:  # (forked while a lock was held: checked here instead)
            return check_blocks(doc.path, text, options, stale)
        if isolated is None:
            raise Cancelled
        return isolated

    def publish(self, doc: Document) -> None:
        lines = self.lines_of(doc)
        found = doc.result.diagnostics if doc.result is not None else []
        self.publish_raw(doc.uri, doc.version, [diagnostic(d, lines, doc.uri) for d in found])

    def publish_raw(self, uri: str, version: int | None, diagnostics: list[dict[str, Any]]) -> None:
        params: dict[str, Any] = {"uri": uri, "diagnostics": diagnostics}
        if version is not None:
            params["version"] = version
        self.writer.send({"method": "textDocument/publishDiagnostics", "params": params})

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

    # ------------------------------------------------------------ requests

    def lines_of(self, doc: Document) -> Lines:
        """The lines of the document's newest text (split once a version)."""
        cached = doc.lines
        if cached is not None and cached[0] == doc.generation and cached[1] == self.encoding:
            return cached[2]
        generation = doc.generation
        lines = Lines(doc.text, self.encoding)
        doc.lines = (generation, self.encoding, lines)
        return lines

    def index_of(self, doc: Document, generation: int, text: str) -> Index | None:
        """The navigation index of ``text``, built once a version (on the worker, after its check)."""
        from broadcheck.server.navigate import Index

        cached = doc.index
        if cached is not None and cached[0] == generation:
            return cached[1]
        if doc.generation != generation:
            return None
        index = Index(Lines(text, self.encoding).lines)
        doc.index = (generation, index)
        return index

    def newest_index(self, doc: Document) -> Index:
        """For a request: the index of the newest version the worker has indexed, so that no
        request reads a large document on the message loop; built here only before the first
        (as mlir-lsp-server, it answers about the text it last read while a newer one is read)."""
        cached = doc.index
        if cached is not None:
            return cached[1]
        found = self.index_of(doc, doc.generation, doc.text)
        assert found is not None
        return found

    def _document(self, params: Any) -> Document | None:
        return self.documents.get(_get(params, "textDocument", "uri", kind=str))

    def code_actions(self, params: Any) -> list[dict[str, Any]]:
        doc = self._document(params)
        start = _position(params, "range", "start")
        end = _position(params, "range", "end")
        only = _get(params, "context", "only", default=None)
        if doc is None or doc.result is None or doc.checked != doc.generation:
            return []
        lines = self.lines_of(doc)
        wanted = [str(k) for k in only] if isinstance(only, list) and only else None
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
        if wanted is None or any(k == refactor.KIND or refactor.KIND.startswith(k + ".") for k in wanted):
            refine = self.refine_action(doc, lines, start, end)
            if refine is not None:
                actions.append(refine)
        return actions

    def refine_action(
        self, doc: Document, lines: Lines, start: dict[str, int], end: dict[str, int]
    ) -> dict[str, Any] | None:
        """The action "Refine @f from its argument types" for the function at the cursor, if offered
        (:mod:`broadcheck.server.refactor`); planned once a version and function."""
        if doc.result is None or not (self.versioned_edits or self.apply_edit):
            return None  # no way to edit only the version it was planned for
        index = self.index_of(doc, doc.generation, doc.text)  # (the worker's, unless just published)
        if index is None:
            return None
        around = refactor.wanted(index, doc.result.diagnostics, lines, start, end)
        if around is None:
            return None
        found = self.plan_of(doc, around[0])
        if found is None or (found.disabled is not None and not self.disabled_actions):
            return None
        if self.versioned_edits or found.disabled is not None:
            return refactor.action(found, doc.uri, doc.version, self.versioned_edits)
        return refactor.command_action(found, doc.uri, doc.version)

    def plan_of(self, doc: Document, line: int) -> Plan | None:
        """The refine plan of the function whose head is on ``line`` in the newest text: planned
        on the planner thread, once a version and function, and waited for ``plan_wait`` s at
        most (a function slow to refine gets its action at a later request, never blocking)."""
        deadline = time.monotonic() + self.plan_wait
        with self.planned:
            key = (doc.generation, line)
            if key not in doc.refined:
                doc.refined = {k: v for k, v in doc.refined.items() if k[0] == doc.generation}
                doc.refined[key] = PENDING
                self.plans.put((doc, key, None))
            while doc.refined.get(key) is PENDING and (left := deadline - time.monotonic()) > 0:
                self.planned.wait(left)
            found = doc.refined.get(key)
        return None if found is PENDING else found

    def execute_command(self, params: Any) -> None:
        """``broadcheck.refine`` with ``{uri, version, function[, line][, args]}``: refine that
        function (``args``: argument index -> type, in place of the written ones) on the planner
        thread, then ask the client to apply the edit; never on another version than the one named."""
        command = _get(params, "command", kind=str)
        if command != refactor.COMMAND:
            raise BadParams(f"no command {command}")
        arguments = _get(params, "arguments", kind=list)
        if len(arguments) != 1 or not isinstance(arguments[0], dict):
            raise BadParams("broadcheck.refine takes one object: {uri, version, function, line?, args?}")
        asked = arguments[0]
        uri = _get(asked, "uri", kind=str)
        name = _get(asked, "function", kind=str).removeprefix("@")
        line = _get(asked, "line", default=None)
        given = _get(asked, "args", default={})
        if not isinstance(given, dict) or not all(
            isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in given.items()
        ):
            raise BadParams("args is not an object of argument index -> type")
        doc = self.documents.get(uri)
        if doc is None:
            raise BadParams(f"{uri} is not open")
        version = _get(asked, "version", default=None)
        with self.lock:
            if version != doc.version:
                raise Stale(f"{uri} is at version {doc.version}, not {version}: nothing refined")
            at = line if isinstance(line, int) and not isinstance(line, bool) else None
            self.plans.put((doc, (doc.generation, -1), (name, at, {int(k): v for k, v in given.items()})))

    # ------------------------------------------------------------ refine plans (the planner thread)

    def _plan_work(self) -> None:
        while True:
            job = self.plans.get()
            if job is None:
                return
            doc, key, command = job
            with self.lock:
                text, generation = doc.text, doc.generation
            if generation != key[0]:
                continue  # a newer text came: nobody will ask for this plan
            name, line, args = command if command is not None else (None, key[1], None)
            try:
                found = self._plan(doc, generation, text, line, name, args)
            except Cancelled:
                continue
            except BaseException as err:  # a bug in broadcheck: no action, and say so
                if isinstance(err, (KeyboardInterrupt, SystemExit)):
                    raise
                self.log(1, f"broadcheck: internal error while refining in {doc.path}: {type(err).__name__}: {err}")
                found = None
            if command is not None:
                self._carry_out(doc, generation, command[0], found)
                continue
            with self.planned:
                if doc.generation == generation:
                    doc.refined[key] = found
                self.planned.notify_all()

    def _plan(
        self,
        doc: Document,
        generation: int,
        text: str,
        line: int | None,
        name: str | None,
        args: dict[int, str] | None,
    ) -> Plan | None:
        """Plan in a forked child when checks run in one (its memory goes with it, and a newer
        text kills it), else here; raises :class:`Cancelled` if the text is no longer the newest."""
        options = self.settings_for(doc.path).checking.options_for(doc.path)

        def work() -> Plan | None:
            return refactor.plan(doc.path, text, options, self.encoding, line, name, args)

        if not self.warm or not isolate.available():
            return work()
        import broadcheck.engine.refine_run  # noqa: F401 (loaded once here, not in each child)

        try:
            data = isolate.compute(lambda: refactor.encode(work()), lambda: doc.generation != generation)
        except isolate.Stuck:  # (forked while a lock was held: planned here instead)
            return work()
        if data is None:
            raise Cancelled
        return refactor.decode(data)

    def _carry_out(self, doc: Document, generation: int, name: str, found: Plan | None) -> None:
        """The command's end: the edit sent to the client, if the text is still the one planned."""
        with self.lock:
            version = doc.version if doc.generation == generation else None
            current = doc.generation == generation
        if not current:
            self.show(2, f"broadcheck: the document changed while @{name} was refined; nothing edited")
        elif found is None:
            self.show(3, f"broadcheck: refining @{name} changes nothing")
        elif found.broken is not None:
            self.show(1, f"broadcheck: refining @{name} does not verify ({found.broken}); nothing edited")
        elif found.idle is not None:
            self.show(3, f"broadcheck: refining @{name} changes nothing ({found.idle})")
        elif not self.apply_edit:
            self.show(1, "broadcheck: the editor does not take edits from the server (workspace/applyEdit)")
        else:
            with self.lock:
                self.sent += 1
                ident = f"broadcheck-{self.sent}"
            edit = refactor.workspace_edit(found, doc.uri, version, self.versioned_edits)
            params = {"label": found.title, "edit": edit}
            self.writer.send({"id": ident, "method": "workspace/applyEdit", "params": params})

    def show(self, kind: int, text: str) -> None:
        self.writer.send({"method": "window/showMessage", "params": {"type": kind, "message": text}})

    def hover(self, params: Any) -> dict[str, Any] | None:
        from broadcheck.server.hover import hover, value_hover
        from broadcheck.server.navigate import sigil_at

        doc = self._document(params)
        at = _position(params, "position")
        if doc is None:
            return None
        lines = self.lines_of(doc)
        column = lines.column(at["line"], at["character"])
        # Only a value's hover needs the index: an op's reads its line alone, so it never waits
        # for a large document's first index (8 s for 200,000 lines) on the message loop.
        if sigil_at(lines.line(at["line"] + 1), column - 1) == "%":
            index = self.newest_index(doc)
            token = index.token_at(at["line"], column - 1)
            if token is not None and token.kind == "%":
                text = value_hover(lines, index, token, doc.aliases)
                if text is not None:
                    return {"contents": {"kind": "markdown", "value": text}}
        settings = self.settings_for(doc.path)
        options = settings.checking.options_for(doc.path)
        found = doc.result.diagnostics if doc.result is not None and doc.checked == doc.generation else []
        text = hover(lines, at["line"], column - 1, options, found, doc.aliases)
        return None if text is None else {"contents": {"kind": "markdown", "value": text}}

    def _token(self, params: Any) -> tuple[Document, Lines, Index, Any] | None:
        doc = self._document(params)
        at = _position(params, "position")
        if doc is None:
            return None
        lines = self.lines_of(doc)
        index = self.newest_index(doc)
        token = index.token_at(at["line"], lines.column(at["line"], at["character"]) - 1)
        return None if token is None else (doc, lines, index, token)

    def definition(self, params: Any) -> list[dict[str, Any]] | None:
        found = self._token(params)
        if found is None:
            return None
        doc, lines, index, token = found
        target = index.definition(token)
        return None if target is None else [_location(doc.uri, lines, target)]

    def references(self, params: Any) -> list[dict[str, Any]] | None:
        found = self._token(params)
        if found is None:
            return None
        doc, lines, index, token = found
        declaration = _get(params, "context", "includeDeclaration", default=True) is not False
        return [_location(doc.uri, lines, t) for t in index.references(token, declaration)]

    def document_symbols(self, params: Any) -> list[dict[str, Any]]:
        doc = self._document(params)
        if doc is None:
            return []
        return self.newest_index(doc).symbols(self.lines_of(doc))


def quiet_for(cost: float) -> float:
    """How long a document must go unchanged before a check starts, after one that took ``cost`` s."""
    return max(QUIET, PATIENCE * cost)


def _location(uri: str, lines: Lines, token: Any) -> dict[str, Any]:
    return {"uri": uri, "range": lines.range(token.line + 1, token.start + 1, token.line + 1, token.end + 1)}


def _get(params: Any, *keys: str, kind: type | None = None, default: Any = BadParams) -> Any:
    """``params[k1][k2]...``, of ``kind``; BadParams (or ``default``) if it is not there."""
    value = params
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            if default is BadParams:
                raise BadParams(f"no {'.'.join(keys)}")
            return default
        value = value[key]
    if kind is not None and not isinstance(value, kind):
        raise BadParams(f"{'.'.join(keys)} is not a{'n' if kind is int else ''} {kind.__name__}")
    return value


def _position(params: Any, *keys: str) -> dict[str, int]:
    line = _get(params, *keys, "line", kind=int)
    character = _get(params, *keys, "character", kind=int)
    if isinstance(line, bool) or isinstance(character, bool) or line < 0 or character < 0:
        raise BadParams(f"{'.'.join(keys)} is not a position")
    return {"line": line, "character": character}


def _internal_error(path: str, detail: str) -> Result:
    """A result that says the document could not be checked (BC906, at its start); ``detail``
    is the exception's type and text."""
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.messages import RULES
    from broadcheck.ops import Span

    rule = RULES["BC906"]
    message = rule.format(detail=detail[:500])
    return Result(path, [Diagnostic("BC906", rule.severity, message, path, Span(1, 1, 1, 1))], 0, {}, {}, 0)


def check_blocks(path: str, text: str, options: Options, stale: Callable[[], bool]) -> tuple[Result, dict[str, Any]]:
    """Check ``text`` as the command line checks a file, fed in blocks of whole lines, and the
    type aliases it read; raises :class:`Cancelled` as soon as ``stale()`` says a newer text has
    come. A lone ``\\r`` is a line break to an editor: it is read as ``\\n`` (one character for
    one, so columns stay put), so that lines are counted as the editor counts them."""
    from broadcheck.engine.run import FileRun

    if "\r" in text:
        text = _LONE_CR.sub("\n", text)
    cache: list[str] = []

    def fetch(numbers: Any) -> dict[int, str]:
        if not cache:
            cache.extend(line.removesuffix("\r") for line in text.split("\n"))
        return {n: cache[n - 1] for n in numbers if 0 < n <= len(cache)}

    run = FileRun(path, options, lines=fetch)
    body = text.removeprefix("\ufeff")
    blocks = list(_blocks(body)) or [""]
    aliases: dict[str, Any] = {}
    for i, block in enumerate(blocks):
        if stale():
            raise Cancelled
        read = run.aliases  # (the engine starts a new dict at each split chunk's end)
        run.feed(block, final=i == len(blocks) - 1)
        aliases.update(read)
        aliases.update(run.aliases)
    read = run.aliases
    result = run.finish()
    aliases.update(read)
    if stale():
        raise Cancelled
    if any(d.severity == "error" for d in result.diagnostics):
        from broadcheck.engine.fix import with_fixes

        result.diagnostics = with_fixes(body, result.diagnostics, options)
    return result, aliases


def _blocks(text: str) -> Iterator[str]:
    start = 0
    while start < len(text):
        cut = text.find("\n", start + BLOCK)
        end = len(text) if cut < 0 else cut + 1
        yield text[start:end]
        start = end


def _path_of(uri: str) -> str:
    """The file system path of a ``file:`` URI; the URI itself for another scheme."""
    from urllib.parse import unquote, urlsplit

    try:
        parts = urlsplit(uri)
    except ValueError:
        return uri
    if parts.scheme != "file":
        return uri
    path = unquote(parts.path)
    if os.name == "nt" and re.match(r"^/[A-Za-z]:", path):
        path = path[1:]
    return path or uri


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


def main(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Serve over standard input and output until the client says ``exit``; the exit code."""
    out = stdout if stdout is not None else sys.stdout.buffer
    isolate.map_large_blocks()
    server = Server(rpc.Reader(stdin if stdin is not None else sys.stdin.buffer), rpc.Writer(out))
    sys.stdout = sys.stderr  # a stray print must never corrupt the protocol stream
    return server.serve()
