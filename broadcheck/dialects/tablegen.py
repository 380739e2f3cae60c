"""What the op-table generators share (:mod:`.onnx.generate`, :mod:`.tfl.generate`,
:mod:`.tosa.generate`): splitting a TableGen list, and writing a table one op a line."""

from __future__ import annotations

import json
from typing import Any


def split(text: str) -> list[str]:
    """Split at the commas outside any ``<>``, ``[]`` or ``()``."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "<[("
        depth -= ch in ">])"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def op_lines(ops: dict[str, Any]) -> list[str]:
    """The ``"ops"`` object of a generated table, one op a line, so a regeneration's diff reads op by op."""
    lines = ['"ops": {']
    items = list(ops.items())
    for i, (name, op) in enumerate(items):
        comma = "," if i + 1 < len(items) else ""
        lines.append(f"{json.dumps(name)}: {json.dumps(op, separators=(',', ':'))}{comma}")
    return [*lines, "}", "}", ""]


def render(table: dict[str, Any]) -> str:
    """A table of ``source`` and ``ops`` as written to disk."""
    return "\n".join(["{", f'"source": {json.dumps(table["source"], sort_keys=True)},', *op_lines(table["ops"])])
