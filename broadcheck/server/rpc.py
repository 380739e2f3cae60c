"""JSON-RPC over a byte stream, as LSP frames it: a header block (``Content-Length: N``, lines
ending ``\\r\\n``, then an empty line) and N bytes of UTF-8 JSON. Standard library only.

A peer's framing mistakes never stop the reader (the spec says nothing of recovery, so it
resynchronises on the next ``Content-Length`` header):

* a header block without a usable ``Content-Length`` (missing, not a number, above
  :data:`MAX_BODY`: a 20-digit one) is skipped with what follows up to the next header;
* a body that is not JSON is answered with JSON-RPC's Parse error (id null); when a
  ``Content-Length`` header shows inside it (the body was shorter than its header said, so the
  next frame was read into it), reading starts again there, so that frame is not lost;
* JSON that is not a request or a notification is answered with Invalid Request (id null).
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any, BinaryIO

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002
REQUEST_FAILED = -32803

MAX_BODY = 1 << 30
"""The largest body read (1 GiB): a longer ``Content-Length`` is a broken header."""
MAX_HEADER = 1 << 16
"""The longest header block read before it is given up as garbage."""

_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*(\d{1,20})[ \t]*\r?$", re.IGNORECASE)
_LENGTH_ANYWHERE = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)


class Message:
    """One frame read: its parsed JSON, or why it could not be read."""

    __slots__ = ("data", "error")

    def __init__(self, data: Any = None, error: str | None = None) -> None:
        self.data, self.error = data, error


class Reader:
    """Reads frames from a binary stream, recovering from malformed ones."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.pending = b""
        """Bytes read ahead: the tail of a short frame's body, which starts the next frame."""
        self.skipped = 0
        """How many malformed header blocks were skipped (for the log)."""

    def _readline(self) -> bytes:
        if self.pending:
            cut = self.pending.find(b"\n")
            if cut >= 0:
                line, self.pending = self.pending[: cut + 1], self.pending[cut + 1 :]
                return line
            head, self.pending = self.pending, b""
            return head + self.stream.readline(MAX_HEADER)
        return self.stream.readline(MAX_HEADER)

    def _read(self, count: int) -> bytes:
        head, self.pending = self.pending[:count], self.pending[count:]
        parts = [head]
        left = count - len(head)
        while left > 0:
            chunk = self.stream.read(left)
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
        return b"".join(parts)

    def _length(self) -> int | None:
        """The body length of the next header block; None at the end of the stream."""
        while True:
            length: int | None = None
            broken = False
            seen = False
            while True:
                line = self._readline()
                if not line:
                    return None
                if line in (b"\r\n", b"\n") and seen:
                    break
                if line in (b"\r\n", b"\n"):
                    continue  # blank lines between frames
                seen = True
                found = _LENGTH_ANYWHERE.search(line)
                if found is None:
                    continue  # another header (Content-Type), or garbage before one
                match = _LENGTH.match(line, found.start())
                if match is None or int(match.group(1)) > MAX_BODY:
                    broken, length = True, None
                else:
                    broken, length = False, int(match.group(1))
            if length is not None and not broken:
                return length
            self.skipped += 1

    def read(self) -> Message | None:
        """The next message; None at the end of the stream."""
        length = self._length()
        if length is None:
            return None
        body = self._read(length)
        try:
            return Message(json.loads(body.decode("utf-8")))
        except (UnicodeDecodeError, ValueError, RecursionError) as err:
            again = _LENGTH_ANYWHERE.search(body)
            if again is not None:
                self.pending = body[again.start() :] + self.pending
            return Message(error=f"{type(err).__name__}: {err}")


class Writer:
    """Writes frames to a binary stream, one at a time (any thread may send)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()
        self.broken = False

    def send(self, message: dict[str, Any]) -> None:
        """Frame and write ``message``; a closed stream is noted, not raised."""
        body = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=True, separators=(",", ":"))
        data = body.encode("ascii")
        with self.lock:
            if self.broken:
                return
            try:
                self.stream.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
                self.stream.flush()
            except (OSError, ValueError):
                self.broken = True


def error(code: int, message: str) -> dict[str, Any]:
    """A JSON-RPC error object."""
    return {"code": code, "message": message}
