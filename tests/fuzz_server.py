"""The language server's soak: ``python -m tests.fuzz_server`` (``make fuzz`` runs it).

A real ``broadcheck server`` process, spoken to over its standard input and output
(tests/lsp_client.py), gets ``--edits`` random edits of one large document (2 MB by default:
an export from bench/gen2.py): ranged edits (insertions, deletions, replacements, some holding
``\\r``, ``\\r\\n`` or non-ASCII text, positions in UTF-16 units) and now and then the whole
text; between them, requests (hover, definition, references, document symbols, code actions)
and hostile frames (a bad, missing, short, long or 20-digit ``Content-Length``, bytes that
are not UTF-8, JSON that is not a request). Every few hundred edits it waits for that
version's diagnostics. It fails (exit 1) unless:

* every request is answered;
* the last version's diagnostics are those ``broadcheck check`` finds in the text the
  client holds (so every ranged edit was applied where the client meant it);
* the server's resident memory at the end is within ``--memory-mb`` (50) of what it was
  after the first check. When it is not, it also says what a fresh server holds after one
  check of the last text: random edits can turn a few problems into thousands (an
  unclosed ``"``), and those diagnostics are live data, not a leak.

It prints the numbers. The suite makes a short run (150 edits of 300 ops: test_server.py).
A full run at nice 10 on a shared 2-core machine (load 13-24): 10,000 edits (9,909 ranged,
91 whole), 188 hostile frames, 993 requests all answered, RSS 144.5 MB after the first check
and 150.2 MB at the end (189 MB the highest sampled, during a check), the last version's
24,886 diagnostics equal to ``broadcheck check``'s; 56 min.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.lsp_client import Client
from tests.waits import HANG

HOSTILE = [
    b"Content-Length: abc\r\n\r\n{}",
    b"Content-Type: application/json\r\n\r\n{}",
    b'{"jsonrpc": "2.0", "method": "x"}',
    b'Content-Length: 300\r\n\r\n{"jsonrpc": "2.0"}',
    b'Content-Length: 5\r\n\r\n{"jsonrpc": "2.0", "id": "x"}',
    b"Content-Length: 99999999999999999999\r\n\r\n{}",
    b"Content-Length: 4\r\n\r\n\xff\xfe\x00]",
    b"Content-Length: 2\r\n\r\n[]",
    b"Content-Length: 3\r\n\r\n123",
    b'Content-Length: 40\r\n\r\n{"jsonrpc": "2.0", "id": true, "method":1}',
]
PIECES = [
    "",
    " ",
    "\n",
    "\r",
    "\r\n",
    "x",
    "%",
    "// é 😀\r\n",
    "tensor<3xf32>",
    "%9 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n",
    "}",
    "{",
    '"',
]


def document(ops: int, seed: int) -> str:
    """A generated export of ``ops`` ops (about 120 bytes an op)."""
    from bench.gen2 import generate

    return "".join(line + "\n" for line in generate(ops, seed))


def _breaks(text: str, end: int) -> int:
    """How many line breaks (``\\n``, ``\\r\\n``, a lone ``\\r``) ``text[:end]`` holds, for an ``end``
    that splits no ``\\r\\n``: three counts in C, where a regular expression over the 2 MB text
    cost the harness 28 ms an edit (it was most of the soak's time on a loaded machine)."""
    return text.count("\n", 0, end) + text.count("\r", 0, end) - text.count("\r\n", 0, end)


def _position(text: str, offset: int) -> dict[str, int]:
    """The LSP position (UTF-16) of ``offset`` in ``text`` (an offset that splits no ``\\r\\n``)."""
    start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    units = len(text[start:offset].encode("utf-16-le", "surrogatepass")) // 2
    return {"line": _breaks(text, offset), "character": units}


def _boundary(text: str, offset: int) -> int:
    """``offset`` moved off the middle of a ``\\r\\n`` (an editor's positions never split one)."""
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        return offset - 1
    return offset


def soak(edits: int, ops: int, seed: int, memory_mb: int, every: int, quiet: bool = False) -> int:
    """Run the soak; 0 if it held, 1 if not."""
    rng = random.Random(seed)
    text = document(ops, seed)
    root = Path(tempfile.mkdtemp(prefix="broadcheck-soak-"))
    (root / ".git").mkdir()
    uri = (root / "soak.mlir").as_uri()
    client = Client(root)
    failures: list[str] = []
    started = time.monotonic()
    try:
        client.initialize(root)
        client.open(uri, text, version=1)
        client.diagnostics(uri, 1)
        first = client.rss()
        if not quiet:
            print(f"soak: first check of {len(text) / 2**20:.1f} MB done, RSS {first / 2**20:.1f} MB", flush=True)
        asked: list[int] = []
        hostile = full = ranged = 0
        version = synced = 1
        found: list[dict[str, Any]] = []
        for n in range(edits):
            version += 1
            if rng.random() < 0.01:
                cut = rng.randrange(len(text) + 1)
                text = text[:cut] + rng.choice(PIECES) + text[cut:]
                client.change(uri, text, version)
                full += 1
            else:
                changes: list[dict[str, Any]] = []
                for _ in range(rng.choice((1, 1, 1, 2, 3))):
                    a = _boundary(text, rng.randrange(len(text) + 1))
                    b = _boundary(text, min(len(text), a + rng.choice((0, 0, 1, 2, 5, 40))))
                    change = {
                        "range": {"start": _position(text, a), "end": _position(text, b)},
                        "text": rng.choice(PIECES),
                    }
                    changes.append(change)
                    text = text[:a] + change["text"] + text[b:]
                client.edit(uri, changes, version)
                ranged += 1
            if rng.random() < 0.02:
                client.send_bytes(rng.choice(HOSTILE))
                hostile += 1
            if rng.random() < 0.1:
                asked.append(_ask(client, rng, uri, _breaks(text, len(text)) + 1))
            if every and n % every == every - 1:
                found = client.diagnostics(uri, version)
                synced = version
                if not quiet:
                    time.sleep(1)  # (the server indexes the version after publishing it)
                    print(
                        f"soak: {n + 1} edits, RSS {client.rss() / 2**20:.1f} MB, {time.monotonic() - started:.0f} s",
                        flush=True,
                    )
        if synced != version:
            found = client.diagnostics(uri, version)
        deadline = time.monotonic() + HANG
        with client.arrived:
            while any(i not in client.responses for i in asked) and time.monotonic() < deadline:
                client.arrived.wait(1)
            unanswered = [i for i in asked if i not in client.responses]
        time.sleep(2)  # the end: the server idle (its collection after the last check done)
        last = client.rss()
        if unanswered:
            failures.append(f"{len(unanswered)} of {len(asked)} requests unanswered")
        if not client.alive():
            failures.append("the server died")
        expected = _expected(text)
        got = [(d["range"]["start"]["line"], d["code"]) for d in found]
        if got != expected:
            failures.append(f"the last diagnostics differ from the client's text's: {got[:5]} vs {expected[:5]}")
        grown = (last - first) / 2**20
        if grown > memory_mb:
            fresh = _fresh_rss(root, text) / 2**20
            failures.append(
                f"RSS grew by {grown:.1f} MB (more than {memory_mb}); a fresh server that checks the last text "
                f"holds {fresh:.1f} MB, so {last / 2**20 - fresh:+.1f} MB of the end's RSS is not that text's "
                f"(its {len(found)} diagnostics against the first text's)"
            )
        if not quiet:
            print(
                f"soak: {edits} edits ({ranged} ranged, {full} whole) of a {len(text) / 2**20:.1f} MB document, "
                f"{hostile} hostile frames, {len(asked)} requests ({len(asked) - len(unanswered)} answered); "
                f"RSS after the first check {first / 2**20:.1f} MB, at the end {last / 2**20:.1f} MB "
                f"({grown:+.1f} MB); last version's {len(found)} diagnostics "
                f"{'match' if got == expected else 'DIFFER'}; {time.monotonic() - started:.0f} s"
            )
    finally:
        code = client.close()
        if code != 0 and not failures:
            failures.append(f"exit code {code} after shutdown")
    for failure in failures:
        print(f"soak FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


def _fresh_rss(root: Path, text: str) -> int:
    """The RSS of a new server after it checks ``text`` once: what that text alone costs."""
    client = Client(root)
    try:
        client.initialize(root)
        uri = (root / "fresh.mlir").as_uri()
        client.open(uri, text, version=1)
        client.diagnostics(uri, 1)
        time.sleep(2)
        return client.rss()
    finally:
        client.close()


def _ask(client: Client, rng: random.Random, uri: str, lines: int) -> int:
    """Send one request without waiting; its id."""
    where = {"line": rng.randrange(lines), "character": rng.randrange(80)}
    method = rng.choice(
        [
            "textDocument/hover",
            "textDocument/definition",
            "textDocument/references",
            "textDocument/documentSymbol",
            "textDocument/codeAction",
        ]
    )
    params: dict[str, Any] = {"textDocument": {"uri": uri}, "position": where}
    if method == "textDocument/references":
        params["context"] = {"includeDeclaration": True}
    if method == "textDocument/codeAction":
        params = {"textDocument": {"uri": uri}, "range": {"start": where, "end": where}, "context": {"diagnostics": []}}
    client.next_id += 1
    client.send({"id": client.next_id, "method": method, "params": params})
    return client.next_id


def _expected(text: str) -> list[tuple[int, str]]:
    """What ``broadcheck check`` finds in ``text`` (lines as the editor counts them)."""
    from broadcheck.api import check_text

    normal = re.sub(r"\r(?!\n)", "\n", text)
    return [(d.line - 1, d.code) for d in check_text(normal, path="soak.mlir")]


def main(argv: list[str] | None = None) -> int:
    """The command line of the soak."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=10_000)
    parser.add_argument("--ops", type=int, default=18_000, help="size of the document (18,000 ops: 2.0 MB)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--memory-mb", type=int, default=50)
    parser.add_argument("--every", type=int, default=1000, help="wait for the diagnostics every N edits")
    args = parser.parse_args(argv)
    return soak(args.edits, args.ops, args.seed, args.memory_mb, args.every)


if __name__ == "__main__":
    sys.exit(main())
