"""A small LSP client for the tests: it starts ``broadcheck server`` as a process and speaks
JSON-RPC to it over its standard input and output, as an editor does (``Content-Length``
headers, requests with ids, notifications), from a reader thread that sorts what comes back.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.waits import HANG


class Client:
    """A running ``broadcheck server`` and what it has sent."""

    def __init__(self, cwd: Path, env: dict[str, str] | None = None, command: list[str] | None = None) -> None:
        self.process = subprocess.Popen(
            command or [sys.executable, "-m", "broadcheck", "server"],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )
        self.next_id = 0
        self.responses: dict[int, Any] = {}
        self.notifications: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seen: list[dict[str, Any]] = []
        self.arrival: dict[Any, int] = {}
        """Per response id: how many notifications had come before it (the stream's order)."""
        self.arrived = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # ------------------------------------------------------------ the wire

    def send_bytes(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            message = json.loads(out.read(length))
            with self.arrived:
                if "id" in message and "method" not in message:
                    self.responses[message["id"]] = message
                    self.arrival[message["id"]] = len(self.seen)
                else:
                    self.notifications.put(message)
                    self.seen.append(message)
                    if "id" in message:  # a request from the server (e.g. client/registerCapability)
                        self.send({"id": message["id"], "result": None})
                self.arrived.notify_all()

    # ------------------------------------------------------------ LSP

    def request(self, method: str, params: Any, timeout: float = HANG) -> Any:
        self.next_id += 1
        number = self.next_id
        self.send({"id": number, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self.arrived:
            while number not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise TimeoutError(f"no answer to {method}: {self.stderr_so_far()}")
                self.arrived.wait(left)
            return self.responses.pop(number)

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def initialize(self, root: Path, encodings: list[str] | None = None) -> dict[str, Any]:
        capabilities: dict[str, Any] = {
            "textDocument": {
                "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "source"]}}},
            },
        }
        if encodings is not None:
            capabilities["general"] = {"positionEncodings": encodings}
        answer = self.request(
            "initialize",
            {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": capabilities},
        )
        self.notify("initialized", {})
        return dict(answer["result"])

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = HANG) -> list[dict[str, Any]]:
        """The next diagnostics published for ``uri`` (of ``version``, if given)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no diagnostics for {uri} version {version}")
            try:
                message = self.notifications.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and (version is None or params.get("version") == version):
                return list(params["diagnostics"])

    def published(self, uri: str, before: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Every publication for ``uri`` so far, oldest first; with ``before`` (a response), those
        that came before it in the stream (the reader may have read more by the time one asks)."""
        with self.arrived:
            seen = self.seen if before is None else self.seen[: self.arrival[before["id"]]]
            return [
                m["params"]
                for m in seen
                if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
            ]

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "mlir", "version": version, "text": text}},
        )

    def edit(self, uri: str, changes: list[dict[str, Any]], version: int) -> None:
        """Send ``contentChanges`` as they are (ranged ones, say)."""
        self.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}
        )

    def change(self, uri: str, text: str, version: int) -> None:
        self.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
        )

    def rss(self) -> int:
        """The server process's resident memory, in bytes (Linux's /proc)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no VmRSS")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stderr_so_far(self) -> str:
        return "" if self.alive() else (self.process.stderr.read() if self.process.stderr else b"").decode()

    def close(self) -> int:
        if self.alive():
            try:
                self.request("shutdown", None)
                self.notify("exit", None)
            except (TimeoutError, BrokenPipeError, OSError):
                pass
        try:
            return self.process.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()


def apply_edits(text: str, edits: list[dict[str, Any]]) -> str:
    """Apply LSP text edits (UTF-16 positions; ``\\n``, ``\\r\\n`` and ``\\r`` end lines) to ``text``,
    as an editor does."""
    import re

    parts = re.split(r"(\r\n|\r|\n)", text)
    lines, breaks = parts[0::2], [*parts[1::2], ""]

    def offset(position: dict[str, int]) -> int:
        before = sum(len(line) + len(brk) for line, brk in zip(lines[: position["line"]], breaks, strict=False))
        line = lines[position["line"]] if position["line"] < len(lines) else ""
        units = 0
        for i, char in enumerate(line):
            if units >= position["character"]:
                return before + i
            units += 2 if ord(char) > 0xFFFF else 1
        return before + len(line)

    spans = sorted(
        ((offset(e["range"]["start"]), offset(e["range"]["end"]), e["newText"]) for e in edits), reverse=True
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text
