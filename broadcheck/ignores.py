"""``.gitignore`` and ``.ignore`` files, as git reads them, for directory walks.

A walk (:func:`broadcheck.inputs.expand`) skips what git would ignore, as ruff does:

* inside a git repository (a directory above holds ``.git``), the ``.gitignore`` of each
  directory from the repository's root down to the one walked, and ``.git/info/exclude``;
* in any directory, an ``.ignore`` file (ripgrep's and ruff's), which takes precedence over
  ``.gitignore`` in the same directory.

A file git tracks is never skipped (git never ignores a tracked file, ``git add -f``): once a
rule ignores something, the walk asks ``git ls-files`` (:func:`tracked`) once, and enters an
ignored directory that holds tracked files to take those alone. Without git, or where git
refuses the repository, the rules alone decide.

Patterns follow gitignore(5): ``#`` comments, ``\\`` escapes, trailing spaces dropped
unless escaped, ``!`` re-includes, a trailing ``/`` matches directories only, a ``/``
anywhere else anchors the pattern to its file's directory (else it matches a name at any
depth), ``*`` and ``?`` never match ``/``, ``[...]`` classes (``[!...]``, ``[^...]``,
``[:alpha:]``), and ``**/``, ``/**`` and ``/**/`` span directories. The last matching
pattern wins, a deeper file's over a shallower one's; a directory that is ignored is not
entered, so nothing under it can be re-included (as in git). Git's global excludes file
(``core.excludesFile``) is not read. ``tests/test_ignores.py`` holds this to
``git check-ignore`` and ``git ls-files`` on a table of patterns and paths.

An ignore file is read only if it is a regular file of at most 4 MiB (:data:`READ_LIMIT`),
opened without blocking: a FIFO, a device or a larger file is not read (:class:`Unread`, said
under ``-v``), and an in-tree symbolic link is not followed, as git does not follow one
(``.git/info/exclude`` may be a link, as git allows). Each ignore file's patterns are compiled
once, into a dict of its literal lines and one regex of the others (:class:`_File`), so a
walk's matching costs files + patterns, not files x patterns.
"""

from __future__ import annotations

import os
import re
import stat
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

    __slots__ = ("_regex", "anchored", "base", "directory_only", "negated", "source", "text")

    def __init__(self, text: str, base: str, source: str | None, negated: bool, directory_only: bool):
        self.text, self.base, self.source = text, base, source
        self.negated, self.directory_only = negated, directory_only
        self.anchored = False
        self._regex: re.Pattern[str] | None = None

    @property
    def regex(self) -> re.Pattern[str] | None:
        """The pattern's own regex (compiled when first asked: a walk compiles a file's lines together)."""
        if self._regex is None and self.source is not None:
            self._regex = _compiled(self.source)
            if self._regex is None:
                self.source = None
        return self._regex

    def matches(self, relative: str, is_dir: bool) -> bool:
        """Whether this pattern matches ``relative`` (a ``/``-separated path under ``base``)."""
        regex = self.regex
        if regex is None or (self.directory_only and not is_dir):
            return False
        subject = relative if self.anchored else relative.rsplit("/", 1)[-1]
        return regex.fullmatch(as_bytes(subject)) is not None


def _compiled(source: str) -> re.Pattern[str] | None:
    try:
        return re.compile(source, re.DOTALL)
    except re.error:
        return None


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
    source = translated(glob)
    return None if source is None else _compiled(source)


def translated(glob: str) -> str | None:
    """The source of :func:`translate`'s regex, not compiled; None if it can match nothing."""
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
    return "".join(out)


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
    pattern = Pattern(line, base, translated(glob), negated, directory_only)
    pattern.anchored = anchored
    return pattern


READ_LIMIT = 4 << 20
"""The largest ignore file read (4 MiB); a larger one is not read at all (:class:`Unread`)."""
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


class Unread(Exception):
    """An ignore file that is there but not read: a symbolic link (git does not follow one in
    the tree), a FIFO, a device, or a file over :data:`READ_LIMIT`."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(path, reason)
        self.path, self.reason = path, reason


def read_patterns(path: str, base: str, follow: bool = False, unread: list[Unread] | None = None) -> list[Pattern]:
    """The patterns of the ignore file at ``path`` (none if there is none, or it cannot be
    read). Only a regular file is read, opened without blocking and checked on its descriptor,
    and a symbolic link is followed only with ``follow`` (git follows ``.git/info/exclude``, not
    an in-tree ``.gitignore``); a file that is there but not read is added to ``unread``."""
    why = None
    data = b""
    try:
        fd = os.open(path, _FLAGS | (0 if follow else getattr(os, "O_NOFOLLOW", 0)))
    except OSError as err:
        if os.path.islink(path) and not follow:
            why = "a symbolic link"
        elif not isinstance(err, FileNotFoundError | NotADirectoryError):
            why = err.strerror or str(err)
    else:
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                why = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            elif info.st_size > READ_LIMIT:
                why = f"larger than {READ_LIMIT >> 20} MiB"
            else:
                os.set_blocking(fd, True)
                with os.fdopen(os.dup(fd), "rb") as f:
                    data = f.read(READ_LIMIT + 1)
                if len(data) > READ_LIMIT:
                    why, data = f"larger than {READ_LIMIT >> 20} MiB", b""
        except OSError as err:
            why = err.strerror or str(err)
        finally:
            os.close(fd)
    if why is not None:
        if unread is not None:
            unread.append(Unread(path, why))
        return []
    text = data.decode("latin-1")  # bytes, as git matches them (see as_bytes)
    return [p for p in (parse_line(line, base) for line in text.split("\n")) if p is not None]


_KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device"}
_SPECIAL = frozenset("*?[\\")


class _Kind:
    """The patterns of one ignore file matched against one subject (the path, or its last
    name), for files or for directories: literal ones in a dict, the rest as one regex whose
    alternatives run from the last line to the first, so the first to match is the winner."""

    __slots__ = ("literal", "regex", "where")

    def __init__(self, lines: list[tuple[int, Pattern]]) -> None:
        self.literal: dict[str, int] = {}
        globs: list[tuple[int, str]] = []
        for index, pattern in lines:
            glob = pattern.text[1:] if pattern.text.startswith("/") else pattern.text
            if _SPECIAL.isdisjoint(glob):
                self.literal[glob] = index  # a later line overwrites: the last one wins
            elif pattern.source is not None:
                globs.append((index, pattern.source))
        globs.reverse()
        regex = _compiled("|".join(f"({g})" for _, g in globs)) if globs else None
        if regex is None and globs:  # a line whose regex does not compile matches nothing
            globs = [(index, g) for index, g in globs if _compiled(g) is not None]
            regex = _compiled("|".join(f"({g})" for _, g in globs)) if globs else None
        self.where = [index for index, _ in globs]
        self.regex = regex

    def best(self, subject: str) -> int:
        """The index of the last line that matches ``subject``; -1 if none."""
        found = self.literal.get(subject, -1)
        if self.regex is not None:
            m = self.regex.fullmatch(subject)
            if m is not None and m.lastindex is not None:
                found = max(found, self.where[m.lastindex - 1])
        return found


class _File:
    """The patterns of one ignore file, compiled once: at most four matchers (path or name, for
    files or directories)."""

    __slots__ = ("base", "kinds", "negated", "prefix")

    def __init__(self, patterns: Sequence[Pattern], base: str, prefix: str = "") -> None:
        self.base, self.prefix = base, prefix
        self.negated = [p.negated for p in patterns]
        groups: dict[tuple[bool, bool], list[tuple[int, Pattern]]] = {}
        for index, p in enumerate(patterns):
            if p.source is not None:
                groups.setdefault((p.anchored, p.directory_only), []).append((index, p))
        self.kinds = {key: _Kind(lines) for key, lines in groups.items()}

    def verdict(self, relative: str, name: str, is_dir: bool) -> bool | None:
        """True (ignored), False (re-included) or None (no line matches) for the entry at
        ``relative`` from the walk's top, whose last name is ``name`` (both as bytes)."""
        base = self.base
        if base:
            if not relative.startswith(base) or relative[len(base) : len(base) + 1] != "/":
                return None
            inner = relative[len(base) + 1 :]
        else:
            inner = relative
        if self.prefix:
            inner = f"{self.prefix}/{inner}"
        best = -1
        for (anchored, directory_only), kind in self.kinds.items():
            if directory_only and not is_dir:
                continue
            best = max(best, kind.best(inner if anchored else name))
        return None if best < 0 else not self.negated[best]


class Ignores:
    """The patterns in force in one directory of a walk: those of the directories above it,
    one compiled :class:`_File` per ignore file, lowest precedence first."""

    __slots__ = ("files",)

    def __init__(self, files: Sequence[_File] = ()) -> None:
        self.files = tuple(files)

    def ignored(self, relative: str, is_dir: bool) -> bool:
        """Whether the entry at ``relative`` (from the walk's top, ``/``-separated) is ignored;
        its parents are not looked at (a walk never enters an ignored directory)."""
        subject = as_bytes(relative)
        name = subject.rsplit("/", 1)[-1]
        for file in reversed(self.files):
            verdict = file.verdict(subject, name, is_dir)
            if verdict is not None:
                return verdict
        return False

    def entered(
        self, directory: str, relative: str, in_repository: bool, unread: list[Unread] | None = None
    ) -> Ignores:
        """The patterns in force inside ``directory`` (at ``relative`` from the top): these,
        then its ``.gitignore`` (in a repository), then its ``.ignore``."""
        added: list[_File] = []
        names = (".gitignore", ".ignore") if in_repository else (".ignore",)
        base = as_bytes(relative)
        for name in names:
            patterns = read_patterns(os.path.join(directory, name), relative, unread=unread)
            if patterns:
                added.append(_File(patterns, base))
        return Ignores(self.files + tuple(added)) if added else self


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


def for_walk(top: str, unread: list[Unread] | None = None) -> tuple[Ignores, str | None]:
    """The patterns in force at the top of a walk of ``top`` (its own files' included),
    with paths relative to ``top``; and the repository root, if ``top`` is in one.

    The ignore files of the directories above ``top``, up to the repository's root, apply
    too, with their anchored patterns matched against ``top``'s path from their directory:
    a pattern that names a path outside ``top`` cannot match in it.
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
    files: list[_File] = []
    if root is not None:
        git = os.path.join(root, ".git")
        if os.path.isdir(git):
            exclude = read_patterns(os.path.join(git, "info", "exclude"), "", follow=True, unread=unread)
            if exclude:
                files.append(_File(exclude, "", _prefix(root, absolute)))
    for directory in chain:
        named = top if directory == absolute else directory  # as the user named it
        for name in (".gitignore", ".ignore") if root is not None else (".ignore",):
            patterns = read_patterns(os.path.join(named, name), "", unread=unread)
            if patterns:
                files.append(_File(patterns, "", _prefix(directory, absolute)))
    return Ignores(files), root


def _prefix(directory: str, top: str) -> str:
    """``top``'s path from ``directory`` (at or above it), as bytes; empty for the same."""
    return "" if directory == top else as_bytes(os.path.relpath(top, directory).replace(os.sep, "/"))


def tracked(top: str) -> frozenset[str] | None:
    """The files git tracks under the directory ``top``, ``/``-separated from it (as
    ``os.scandir`` names them), from ``git ls-files``; None if git cannot say (no git, not a
    repository git accepts)."""
    import subprocess

    command = ["git", "-c", "core.fsmonitor=false", "-C", top, "ls-files", "-z", "--cached", "--"]
    try:
        done = subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL, check=False, timeout=300)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return frozenset(os.fsdecode(p) for p in done.stdout.split(b"\0") if p)
