"""What ``broadcheck --version`` says: broadcheck's version and the dialect versions it follows.

The versions come from the first line of each dialect's op-name list
(``broadcheck/dialects/opnames/<dialect>.txt``), which names the tool and version its names
and rules were taken from; nothing here lists a version twice.
"""

from __future__ import annotations

import re

_TOOL = re.compile(
    r"(iree-base-compiler [0-9][\w.]*|jax/jaxlib [0-9][\w.]*|tensorflow-cpu [0-9][\w.]*"
    r"|onnx/onnx-mlir \w+ at [0-9a-f]+)"
)
CHECKED = ("chlo", "linalg", "mhlo", "onnx", "stablehlo", "tensor", "tf", "tfl", "tosa", "vector")
"""The dialects whose ops broadcheck verifies (besides MLIR's ``test.broadcastable``)."""


def followed() -> dict[str, list[str]]:
    """Tool and version -> the dialects taken from it."""
    from importlib.resources import files

    tools: dict[str, list[str]] = {}
    for dialect in CHECKED:
        try:
            first = (files("broadcheck.dialects") / "opnames" / f"{dialect}.txt").read_text(encoding="utf-8")
        except OSError:
            continue
        m = _TOOL.search(first.split("\n", 1)[0])
        tools.setdefault(m.group(1) if m else "unknown", []).append(dialect)
    return tools


def version_text() -> str:
    """The ``--version`` text."""
    from broadcheck import __version__

    lines = [f"broadcheck, version {__version__}", "dialects as these tools define and verify them:"]
    for tool, dialects in followed().items():
        lines.append(f"  {', '.join(dialects)}: {tool}")
    lines.append(
        "  test.broadcastable: MLIR's Broadcastable trait (--profile spec: the document; llvm: the C++ verifier)"
    )
    return "\n".join(lines) + "\n"
