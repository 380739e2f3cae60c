"""``.gitignore`` and ``.ignore`` files, as git reads them, for directory walks.

A walk (:func:`broadcheck.inputs.expand`) skips what git would ignore, as ruff does:

* inside a git repository (a directory above holds ``.git``), the ``.gitignore`` of each
  directory from the repository's root down to the one walked, and ``.git/info/exclude``;
* in any directory, an ``.ignore`` file (ripgrep's and ruff's), which takes precedence over
  ``.gitignore`` in the same directory.

Patterns follow gitignore(5): ``#`` comments, ``\\`` escapes, trailing spaces dropped
unless escaped, ``!`` re-includes, a trailing ``/`` matches directories only, a ``/``
anywhere else anchors the pattern to its file's directory (else it matches a name at any
depth), ``*`` and ``?`` never match ``/``, ``[...]`` classes (``[!...]``, ``[^...]``,
``[:alpha:]``), and ``**/``, ``/**`` and ``/**/`` span directories. The last matching
pattern wins, a deeper file's over a shallower one's; a directory that is ignored is not
entered, so nothing under it can be re-included (as in git). Git's global excludes file
(``core.excludesFile``) is not read. ``tests/test_ignores.py`` holds this to
``git check-ignore`` on a table of patterns and paths.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

_CLASSES = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}


class Pattern:
    """One line of an ignore file: what it matches, relative to its file's directory."""

    __slots__ = ("anchored", "base", "directory_only", "negated", "regex", "text")

    def __init__(self, text: str, base: str, regex: re.Pattern[str] | None, negated: bool, directory_only: bool):
        self.text, self.base, self.regex = text, base, regex
        self.negated, self.directory_only = negated, directory_only
        self.anchored = False

    def matches(self, relative: str, is_dir: bool) -> bool:
        """Whether this pattern matches ``relative`` (a ``/``-separated path under ``base``)."""
        if self.regex is None or (self.directory_only and not is_dir):
            return False
        subject = relative if self.anchored else relative.rsplit("/", 1)[-1]
        return self.regex.fullmatch(as_bytes(subject)) is not None


def as_bytes(text: str) -> str:
    """``text`` as its UTF-8 bytes, one character each (git matches bytes: ``?`` is one byte)."""
    return text if text.isascii() else text.encode("utf-8", "surrogateescape").decode("latin-1")


def _bracket(pattern: str, i: int) -> tuple[str, int] | None:
    """The regex of the bracket expression starting at ``pattern[i] == '['``, and the index
    after it; None if it never closes (git's wildmatch then matches nothing)."""
    j = i + 1
    negated = j < len(pattern) and pattern[j] in "!^"
    if negated:
        j += 1
    parts: list[str] = []
    first = True
    while j < len(pattern):
        c = pattern[j]
        if c == "]" and not first:
            body = "".join(parts)
            return (f"[^/{body}]" if negated else f"[{body}]" if body else "(?!)"), j + 1
        first = False
        if c == "[" and pattern.startswith("[:", j):
            close = pattern.find(":]", j + 2)
            if close >= 0:
                name = pattern[j + 2 : close]
                if name not in _CLASSES:
                    return "(?!)", len(pattern)  # an unknown class: wildmatch matches nothing
                parts.append(_CLASSES[name])
                j = close + 2
                continue
        if c == "\\" and j + 1 < len(pattern):
            j += 1
            c = pattern[j]
        if j + 2 < len(pattern) and pattern[j + 1] == "-" and pattern[j + 2] != "]":
            end = pattern[j + 2]
            k = j + 3
            if end == "\\" and k < len(pattern):
                end, k = pattern[k], k + 1
            if ord(end) >= ord(c):
                parts.append(f"{re.escape(c)}-{re.escape(end)}")
            j = k
            continue
        parts.append(re.escape(c))
        j += 1
    return None


def translate(glob: str) -> re.Pattern[str] | None:
    """The regex git's wildmatch (with ``WM_PATHNAME``) makes of ``glob``; None if it can match nothing."""
    out: list[str] = []
    i, n = 0, len(glob)
    while i < n:
        c = glob[i]
        if c == "*":
            j = i
            while j < n and glob[j] == "*":
                j += 1
            double = j - i >= 2 and (i == 0 or glob[i - 1] == "/")
            if double and j < n and glob[j] == "/":
                out.append("(?:.*/)?")  # `**/`: zero or more directories
                i = j + 1
                continue
            if double and j == n:
                out.append(".*")  # `/**` at the end: everything inside
                i = j
                continue
            out.append("[^/]*")
            i = j
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            found = _bracket(glob, i)
            if found is None:
                return None
            out.append(found[0])
            i = found[1]
        elif c == "\\":
            if i + 1 >= n:
                return None  # a trailing backslash: wildmatch matches nothing
            out.append(re.escape(glob[i + 1]))
            i += 2
        else:
            out.append(re.escape(c))
            i += 1
    try:
        return re.compile("".join(out), re.DOTALL)
    except re.error:
        return None


def parse_line(line: str, base: str) -> Pattern | None:
    """The pattern of one line of an ignore file in directory ``base`` (relative, ``/``-separated; ``""`` for the top);
    the line's characters are its bytes (:func:`as_bytes`)."""
    line = line.removesuffix("\r")
    if not line or line.startswith("#"):
        return None
    # Trailing spaces go (not tabs), unless escaped with a backslash.
    end = len(line)
    while end > 0 and line[end - 1] == " ":
        if end >= 2 and line[end - 2] == "\\":
            break
        end -= 1
    line = line[:end]
    negated = line.startswith("!")
    if negated or line.startswith("\\!") or line.startswith("\\#"):
        line = line[1:]
    if not line:
        return None
    directory_only = line.endswith("/") and not line.endswith("\\/")
    if directory_only:
        line = line.rstrip("/")
        if not line:
            return None
    anchored = "/" in line
    glob = line[1:] if line.startswith("/") else line
    pattern = Pattern(line, base, translate(glob), negated, directory_only)
    pattern.anchored = anchored
    return pattern


def read_patterns(path: str, base: str) -> list[Pattern]:
    """The patterns of the ignore file at ``path`` (none if it cannot be read)."""
    try:
        with open(path, "rb") as f:
            data = f.read(1 << 22)
    except OSError:
        return []
    text = data.decode("latin-1")  # bytes, as git matches them (see as_bytes)
    return [p for p in (parse_line(line, base) for line in text.split("\n")) if p is not None]


class Ignores:
    """The patterns in force in one directory of a walk: those of the directories above it,
    lowest precedence first."""

    __slots__ = ("patterns",)

    def __init__(self, patterns: Sequence[Pattern] = ()) -> None:
        self.patterns = tuple(patterns)

    def ignored(self, relative: str, is_dir: bool) -> bool:
        """Whether the entry at ``relative`` (from the walk's top, ``/``-separated) is ignored;
        its parents are not looked at (a walk never enters an ignored directory)."""
        for pattern in reversed(self.patterns):
            base = pattern.base
            if base:
                if not relative.startswith(base + "/"):
                    continue
                inner = relative[len(base) + 1 :]
            else:
                inner = relative
            if pattern.matches(inner, is_dir):
                return not pattern.negated
        return False

    def entered(self, directory: str, relative: str, in_repository: bool) -> Ignores:
        """The patterns in force inside ``directory`` (at ``relative`` from the top): these,
        then its ``.gitignore`` (in a repository), then its ``.ignore``."""
        added: list[Pattern] = []
        if in_repository:
            added += read_patterns(os.path.join(directory, ".gitignore"), relative)
        added += read_patterns(os.path.join(directory, ".ignore"), relative)
        return Ignores(self.patterns + tuple(added)) if added else self


def repository_root(directory: str) -> str | None:
    """The nearest directory at or above ``directory`` that holds ``.git``, if any."""
    current = os.path.abspath(directory)
    while True:
        if os.path.lexists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def for_walk(top: str) -> tuple[Ignores, str | None]:
    """The patterns in force at the top of a walk of ``top`` (its own files' included),
    with paths relative to ``top``; and the repository root, if ``top`` is in one.

    The ignore files of the directories above ``top``, up to the repository's root, apply
    too, with their patterns re-based on ``top``: a pattern that names a path outside
    ``top`` cannot match in it.
    """
    root = repository_root(top)
    absolute = os.path.abspath(top)
    chain: list[str] = []
    if root is not None:
        current = absolute
        while True:
            chain.append(current)
            if current == root:
                break
            current = os.path.dirname(current)
        chain.reverse()
    else:
        chain = [absolute]
    patterns: list[Pattern] = []
    if root is not None:
        git = os.path.join(root, ".git")
        if os.path.isdir(git):
            patterns += _rebased(read_patterns(os.path.join(git, "info", "exclude"), ""), root, absolute)
    for directory in chain:
        found: list[Pattern] = []
        if root is not None:
            found += read_patterns(os.path.join(directory, ".gitignore"), "")
        found += read_patterns(os.path.join(directory, ".ignore"), "")
        patterns += _rebased(found, directory, absolute)
    return Ignores(patterns), root


def _rebased(patterns: list[Pattern], directory: str, top: str) -> list[Pattern]:
    """Patterns of an ignore file in ``directory`` (at or above ``top``), as seen from ``top``."""
    if directory == top:
        return patterns
    prefix = os.path.relpath(top, directory).replace(os.sep, "/")
    out: list[Pattern] = []
    for p in patterns:
        if not p.anchored:
            out.append(p)  # a name at any depth: the same from anywhere below
            continue
        out.append(_Prefixed(p, prefix))
    return out


class _Prefixed(Pattern):
    """An anchored pattern of a file above the walk's top: the path is matched with the
    top's own path (from the file's directory) in front."""

    __slots__ = ("inner", "prefix")

    def __init__(self, inner: Pattern, prefix: str) -> None:
        super().__init__(inner.text, "", inner.regex, inner.negated, inner.directory_only)
        self.anchored = True
        self.inner, self.prefix = inner, prefix

    def matches(self, relative: str, is_dir: bool) -> bool:
        return self.inner.matches(f"{self.prefix}/{relative}", is_dir)
