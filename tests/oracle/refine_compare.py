"""Comparing two printings of the same functions type by type, for the refine campaigns
(``test_refine_{tf,onnx,tosa,linalg,exports}.py``): each function's signature types and, statement
by statement, the types written after the statement's last `` : `` (its function type, or a
``return``'s types). Names, attribute spelling (``{...}`` or ``<{...}>``) and constant names differ
between the printings; the statements and their order do not.
"""

from __future__ import annotations

import re

_FUNC = re.compile(r"func\.func (?:public |private )?@([\w$.]+)\((.*)$")
_TYPE = re.compile(r"(?:tensor|memref|vector)<[^<>]*(?:<[^<>]*>[^<>]*)*>|\b[if]\d+\b|\bindex\b")


def functions(text: str) -> dict[str, list[str]]:
    """Each function's type lists: its signature's, then one per statement of its body."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        found = _FUNC.search(line)
        if found is not None:
            current = out.setdefault(found.group(1), [])
            current.append(" ".join(_TYPE.findall(_strip_attrs(found.group(2)))))
            continue
        if current is None:
            continue
        stripped = line.strip()
        if not stripped or stripped == "}" or stripped.startswith("//"):
            continue
        current.append(statement_types(stripped))
    return out


def _strip_attrs(signature: str) -> str:
    """A signature without its argument attributes (``{...}``) and locations."""
    signature = re.sub(r"loc\([^)]*\)", "", signature)
    depth = 0
    kept = []
    for ch in signature:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            kept.append(ch)
    return "".join(kept)


def statement_types(line: str) -> str:
    """The types written at the end of one statement (after its last top-level `` : ``)."""
    line = re.sub(r"\s*loc\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$", "", line)
    depth = 0
    cut = -1
    for i, ch in enumerate(line):
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]" and depth > 0 and not (ch == ">" and line[i - 1] == "-"):
            depth -= 1
        elif ch == ":" and depth == 0 and line[i - 1 : i + 2] == " : ":
            cut = i
    tail = line[cut + 1 :] if cut >= 0 else ""
    return " ".join(_TYPE.findall(tail))


def differences(name: str, ours: list[str], theirs: list[str]) -> list[str]:
    """Where two functions' type lists differ."""
    if len(ours) != len(theirs):
        return [f"{name}: {len(ours)} statements in broadcheck's output, {len(theirs)} in the tool's"]
    return [
        f"{name} statement {i}: broadcheck {a!r}, the tool {b!r}"
        for i, (a, b) in enumerate(zip(ours, theirs, strict=True))
        if a != b
    ]


def count_types(lists: list[str]) -> int:
    """How many types the lists hold."""
    return sum(len(_TYPE.findall(x)) for x in lists)
