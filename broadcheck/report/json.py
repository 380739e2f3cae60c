"""``--output-format json``: a stable list of objects, one per diagnostic.

Each object has, in this order: ``code``, ``severity``, ``message``, ``path``,
``line``, ``column``, ``end_line``, ``end_column`` (1-based; ``end_column`` is one
past the last character), ``notes`` (a list of ``{"kind", "message"}``) and
``labels`` (secondary markers: ``{"message", "line", "column", "end_line",
"end_column"}``) and ``fix`` (``null``, or ``{"applicability": "safe" | "unsafe",
"message", "edits": [{"content", "line", "column", "end_line", "end_column"}]}``:
replace each span with its content). Keys are only ever added, never renamed or removed.

The output is UTF-8. A file name that is not UTF-8 keeps its bytes: each byte that is not
is written as a lone surrogate escape (``"\\udcff"`` for 0xff, as Python's surrogateescape
reads it), which ``os.fsencode(json.loads(...))`` turns back into the name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from broadcheck.report import json_text

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.inputs import InputError


def as_dict(d: Diagnostic) -> dict[str, Any]:
    """One diagnostic as the JSON object documented above."""
    return {
        "code": d.code,
        "severity": d.severity,
        "message": d.message,
        "path": d.path,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "notes": [{"kind": n.kind, "message": n.message} for n in d.notes],
        "labels": [
            {
                "message": label.text,
                "line": label.span.line,
                "column": label.span.column,
                "end_line": label.span.end_line,
                "end_column": label.span.end_column,
            }
            for label in d.labels
        ],
        "fix": None if d.fix is None else {
            "applicability": "safe" if d.fix.safe else "unsafe",
            "message": d.fix.message,
            "edits": [
                {
                    "content": e.new,
                    "line": e.span.line,
                    "column": e.span.column,
                    "end_line": e.span.end_line,
                    "end_column": e.span.end_column,
                }
                for e in d.fix.edits
            ],
        },
    }  # fmt: skip


def render(results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """Every diagnostic of every result, as one JSON array (paths that could not be read
    are reported on stderr and by the exit code, 2)."""
    text = json.dumps([as_dict(d) for r in results for d in r.diagnostics], indent=2, ensure_ascii=False)
    out.write(json_text(text) + "\n")
