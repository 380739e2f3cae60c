"""``--diff``: what ``--fix`` would change, as a unified diff, in time linear in the text.

A fix changes type text inside lines and never adds or removes one, so the lines of the text
before and after pair up one to one: the changed lines are found by comparing each pair, and
each run of them becomes a hunk with three lines of context (hunks whose context would touch
are one), as ``diff -u`` and :func:`difflib.unified_diff` print them, byte for byte. difflib
matches every line against every other, which is quadratic where lines repeat. Should the line
counts differ, the lines between the common head and tail are one changed block.

Source text is escaped as every other output escapes it (:data:`broadcheck.report.UNSAFE`),
and so is what GitHub's runner would read as a workflow command in a CI log: a line whose
text starts with ``::`` after its leading blanks (as a context line's does), and ``##[``
anywhere. A line without a final line feed is followed by ``\\ No newline at end of file``, as
``diff`` and ``git diff`` print it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from broadcheck.report import escape_char, shown

CONTEXT = 3
"""The lines of context around each change."""

_NO_NEWLINE = "\n\\ No newline at end of file\n"
# What the runner reads as a command: `::name ...::data` once the line's leading blanks are
# trimmed (ActionCommand.TryParseV2), and the legacy `##[name]data` anywhere (TryParse).
_LEGACY = re.compile(r"#(?=#\[)")


def unified(name: str, before: str, after: str, context: int = CONTEXT) -> Iterator[str]:
    """The unified diff of ``before`` and ``after``, both named ``name``: its lines, each
    with its line ending."""
    old, new = _lines(before), _lines(after)
    blocks = _blocks(old, new)
    if not blocks:
        return
    label = shown(name)
    yield _safe(f"--- {label}") + "\n"
    yield _safe(f"+++ {label}") + "\n"
    for group in _hunks(blocks, 2 * context):
        first, last = group[0], group[-1]
        i1, j1 = max(0, first[0] - context), max(0, first[2] - context)
        i2, j2 = min(len(old), last[1] + context), min(len(new), last[3] + context)
        yield f"@@ -{_range(i1, i2)} +{_range(j1, j2)} @@\n"
        at = i1
        for a1, a2, b1, b2 in group:
            for i in range(at, a1):
                yield _line(" ", old[i])
            for i in range(a1, a2):
                yield _line("-", old[i])
            for j in range(b1, b2):
                yield _line("+", new[j])
            at = a2
        for i in range(at, i2):
            yield _line(" ", old[i])


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each but perhaps the last ending in a line feed."""
    lines = text.split("\n")
    last = lines.pop()
    lines = [line + "\n" for line in lines]
    if last:
        lines.append(last)
    return lines


def _blocks(old: list[str], new: list[str]) -> list[tuple[int, int, int, int]]:
    """The changed blocks ``(i1, i2, j1, j2)``: ``old[i1:i2]`` became ``new[j1:j2]``, in order,
    with equal lines between them."""
    if len(old) == len(new):
        blocks: list[tuple[int, int, int, int]] = []
        for i in [i for i, pair in enumerate(zip(old, new, strict=True)) if pair[0] != pair[1]]:
            if blocks and blocks[-1][1] == i:
                blocks[-1] = (blocks[-1][0], i + 1, blocks[-1][2], i + 1)
            else:
                blocks.append((i, i + 1, i, i + 1))
        return blocks
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return [(head, len(old) - tail, head, len(new) - tail)]


def _hunks(blocks: list[tuple[int, int, int, int]], gap: int) -> Iterator[list[tuple[int, int, int, int]]]:
    """The blocks grouped into hunks: blocks at most ``gap`` equal lines apart share one."""
    group = [blocks[0]]
    for block in blocks[1:]:
        if block[0] - group[-1][1] > gap:
            yield group
            group = []
        group.append(block)
    yield group


def _range(start: int, stop: int) -> str:
    """A hunk header's range, as ``diff -u`` writes it (``3``, ``3,4``, ``2,0``)."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start if not length else start + 1},{length}"


def _line(mark: str, line: str) -> str:
    """One line of a hunk: the mark, the line's text escaped, and its line ending."""
    if line.endswith("\r\n"):
        text, end = line[:-2], "\r\n"
    elif line.endswith("\n"):
        text, end = line[:-1], "\n"
    else:
        text, end = line, _NO_NEWLINE
    return _safe(mark + shown(text)) + end


def _safe(text: str) -> str:
    """``text`` (escaped already) with nothing GitHub's runner reads as a workflow command."""
    if "::" in text:
        stripped = text.lstrip()
        if stripped.startswith("::"):
            at = len(text) - len(stripped)
            text = text[:at] + escape_char(":") + text[at + 1 :]
    if "##[" in text:
        text = _LEGACY.sub(lambda m: escape_char("#"), text)
    return text
