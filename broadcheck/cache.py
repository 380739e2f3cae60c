"""The result cache: a file whose content, settings and broadcheck are unchanged is not checked again.

As ruff keeps one: each entry is the :class:`~broadcheck.diagnostics.Result` of one file, under
a key made of

* the file's content (its BLAKE2b digest, of the bytes checked),
* the path as the run names it (diagnostics carry it),
* broadcheck's version and a fingerprint of its code (the size and modification time of
  every module and the grammar, so an edited checkout never serves an old verdict),
* every setting that changes a result (:func:`settings_key`: the profile, the op table and
  ``--op`` patterns, the split marker, ``--verify-diagnostics``, the selected and ignored codes,
  ``per-file-ignores`` as they apply to the file).

Entries live in ``.broadcheck_cache/`` beside the configuration file (or in the current
directory), or in ``--cache-dir``/``BROADCHECK_CACHE_DIR``; the directory gets a
``.gitignore`` of its own and a ``CACHEDIR.TAG``. Each entry is written to a temporary file
and renamed into place, so concurrent runs and ``-j`` workers never see half an entry. An
entry is a small tagged text format, read without ``eval``, ``pickle`` or ``marshal``, and
checked against a digest of itself: a corrupt, truncated, foreign or old entry is ignored
(the file is checked and the entry written again), never trusted, never a crash. A cache
that cannot be written (a read-only directory) is simply not used.

What is never cached: standard input and FIFOs (read once), ``--fix`` and ``--diff`` (they
write or print from a fresh check), a file whose check failed (an internal error), a file
that changed while it was checked, and a result whose diagnostics name another file.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.engine.options import Options

FORMAT = "broadcheck-cache 1"
"""The first word of every entry: another format (an older broadcheck's) is not read."""
DIRECTORY = ".broadcheck_cache"
ENVIRONMENT = "BROADCHECK_CACHE_DIR"
NO_CACHE_ENVIRONMENT = "BROADCHECK_NO_CACHE"
_GITIGNORE = "# Automatically created by broadcheck.\n*\n"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by broadcheck.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)
_READ_LIMIT = 1 << 30


def _hasher() -> Any:
    """A BLAKE2b hasher; ``_blake2`` loads in a tenth of a millisecond, hashlib (OpenSSL) in milliseconds."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - another Python
        from hashlib import blake2b
    return blake2b(digest_size=20)


def digest(data: bytes) -> str:
    h = _hasher()
    h.update(data)
    return str(h.hexdigest())


def file_digest(path: str) -> str | None:
    """The digest of a regular file's bytes; None if it cannot be read as one."""
    from broadcheck.inputs import open_regular

    h = _hasher()
    try:
        with os.fdopen(open_regular(path), "rb") as f:
            while block := f.read(1 << 20):
                h.update(block)
    except (OSError, ValueError):
        return None
    return str(h.hexdigest())


class Hashing:
    """Hashes the blocks a check reads, to see that it checked the bytes the key names."""

    __slots__ = ("_h",)

    def __init__(self) -> None:
        self._h = _hasher()

    def update(self, block: bytes) -> None:
        self._h.update(block)

    def hexdigest(self) -> str:
        return str(self._h.hexdigest())


def code_fingerprint() -> str:
    """broadcheck's version and the size and modification time of each of its modules and its
    grammar: what a cached result was computed by."""
    from broadcheck import __version__

    package = os.path.dirname(os.path.abspath(__file__))
    h = _hasher()
    h.update(__version__.encode())
    stack = [package]
    while stack:
        directory = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    stack.append(entry.path)
            elif entry.name.endswith((".py", ".lark", ".txt")):
                _stamp(h, entry.path, package)
    grammar = os.path.join(os.path.dirname(package), "grammars", "mlir.lark")
    if os.path.exists(grammar):  # a source checkout reads the top-level grammar
        _stamp(h, grammar, package)
    return f"{__version__}-{h.hexdigest()[:16]}"


def _stamp(h: Any, path: str, package: str) -> None:
    try:
        info = os.stat(path)
    except OSError:
        return
    h.update(f"{os.path.relpath(path, package)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())


def settings_key(options: Options) -> str:
    """Every setting of ``options`` that changes a result, as text."""
    return "\x1f".join(
        (
            str(options.profile.value),
            repr(options.ops.written),
            repr(options.split_marker),
            repr(options.verify_diagnostics),
            repr(options.select),
            repr(options.ignore),
        )
    )


def location(explicit: str | None, root: str) -> str:
    """Where the cache lives: ``--cache-dir``, else ``BROADCHECK_CACHE_DIR``, else
    ``.broadcheck_cache`` in ``root`` (the configuration file's directory, or the current one)."""
    if explicit:
        return explicit
    from_environment = os.environ.get(ENVIRONMENT)
    if from_environment:
        return from_environment
    return os.path.join(root, DIRECTORY)


class Cache:
    """The result cache of one run (see the module docstring). Picklable, for ``-j`` workers."""

    __slots__ = ("code", "directory", "hits", "misses", "writable")

    def __init__(self, directory: str, code: str | None = None) -> None:
        self.directory = directory
        self.code = code if code is not None else code_fingerprint()
        self.writable = True
        """False once the directory could not be written: the run goes on without storing."""
        self.hits = self.misses = 0

    def key(self, path: str, content: str, options: Options) -> str:
        return digest(
            "\x1e".join((FORMAT, self.code, settings_key(options), path, content)).encode("utf-8", "surrogatepass")
        )

    def _entry(self, key: str) -> str:
        return os.path.join(self.directory, key[:2], key[2:])

    def get(self, path: str, content: str, options: Options) -> Result | None:
        """The cached result of ``path`` with this ``content`` digest and ``options``, if a sound one is stored."""
        key = self.key(path, content, options)
        try:
            with open(self._entry(key), "rb") as f:
                data = f.read(_READ_LIMIT)
        except (OSError, ValueError):
            self.misses += 1
            return None
        result = decode(data, key, path)
        if result is None:
            self.misses += 1
        else:
            self.hits += 1
        return result

    def put(self, path: str, content: str, options: Options, result: Result) -> None:
        """Store ``result`` (atomically); nothing if it cannot be stored or must not be."""
        if not self.writable:
            return
        key = self.key(path, content, options)
        data = encode(result, key, path)
        if data is None:
            return
        entry = self._entry(key)
        try:
            self._prepare(os.path.dirname(entry))
            _write_atomically(entry, data)
        except OSError:
            self.writable = False

    def _prepare(self, shard: str) -> None:
        if os.path.isdir(shard):
            return
        fresh = not os.path.isdir(self.directory)
        os.makedirs(shard, exist_ok=True)
        if fresh or not os.path.exists(os.path.join(self.directory, ".gitignore")):
            for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
                target = os.path.join(self.directory, name)
                if not os.path.exists(target):
                    _write_atomically(target, text.encode())


def _write_atomically(path: str, data: bytes) -> None:
    """Write ``path`` through a temporary file beside it and a rename: readers see all or nothing."""
    temporary = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


# ---------------------------------------------------------------- the entry format
#
# A header line, ``broadcheck-cache 1 <key> <digest of the body>``, then the body: one value
# in a tagged text form: ``n`` None, ``t``/``f`` booleans, ``i<digits>;`` an integer,
# ``s<length>:<characters>`` a string, ``l<count>:`` a list of that many values.


def _dump(value: object, out: list[str]) -> None:
    if value is None:
        out.append("n")
    elif value is True:
        out.append("t")
    elif value is False:
        out.append("f")
    elif isinstance(value, int):
        out.append(f"i{value};")
    elif isinstance(value, str):
        out.append(f"s{len(value)}:")
        out.append(value)
    elif isinstance(value, (list, tuple)):
        out.append(f"l{len(value)}:")
        for item in value:
            _dump(item, out)
    else:
        raise TypeError(f"cannot store {type(value).__name__}")


class _Reader:
    __slots__ = ("pos", "text")

    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0

    def value(self) -> Any:
        text, pos = self.text, self.pos
        tag = text[pos]
        if tag == "n":
            self.pos = pos + 1
            return None
        if tag in "tf":
            self.pos = pos + 1
            return tag == "t"
        if tag == "i":
            end = text.index(";", pos)
            self.pos = end + 1
            return int(text[pos + 1 : end])
        if tag in "sl":
            colon = text.index(":", pos)
            count = int(text[pos + 1 : colon])
            if count < 0:
                raise ValueError("a negative length")
            if tag == "s":
                end = colon + 1 + count
                if end > len(text):
                    raise ValueError("a string past the end")
                self.pos = end
                return text[colon + 1 : end]
            self.pos = colon + 1
            return [self.value() for _ in range(count)]
        raise ValueError(f"unknown tag {tag!r}")


def _span(s: Any) -> tuple[int, int, int, int]:
    return (s.line, s.column, s.end_line, s.end_column)


def encode(result: Result, key: str, path: str) -> bytes | None:
    """An entry for ``result`` (of ``path``); None if it must not be cached."""
    if result.path != path:
        return None
    diagnostics = []
    for d in result.diagnostics:
        if d.path != path:
            return None  # a diagnostic about another file: not this file's alone
        fix = None
        if d.fix is not None:
            fix = [d.fix.message, d.fix.safe, [[_span(e.span), e.start, e.end, e.new] for e in d.fix.edits]]
        diagnostics.append(
            [
                d.code,
                d.severity,
                d.message,
                _span(d.span),
                [[n.kind, n.message] for n in d.notes],
                [[_span(label.span), label.text, label.mlir_note] for label in d.labels],
                fix,
            ]
        )
    body: list[str] = []
    _dump(
        [
            diagnostics,
            result.ops_checked,
            sorted(result.lines.items()),
            sorted([name, why, n] for (name, why), n in result.passed_over.items()),
            result.annotations_not_held,
        ],
        body,
    )
    text = "".join(body).encode("utf-8", "surrogatepass")
    return f"{FORMAT} {key} {digest(text)}\n".encode() + text


def decode(data: bytes, key: str, path: str) -> Result | None:
    """The result an entry holds, if it is a sound entry for ``key``; else None."""
    newline = data.find(b"\n")
    if newline < 0:
        return None
    header, body = data[:newline], data[newline + 1 :]
    if header != f"{FORMAT} {key} {digest(body)}".encode():
        return None  # another format, another key, or a corrupt body
    try:
        reader = _Reader(body.decode("utf-8", "surrogatepass"))
        value = reader.value()
        if reader.pos != len(reader.text):
            return None
        return _result(value, path)
    except (ValueError, IndexError, TypeError, KeyError, UnicodeDecodeError, RecursionError):
        return None


def _check(condition: bool) -> None:
    if not condition:
        raise ValueError("not an entry of this form")


def _int(v: Any) -> int:
    _check(isinstance(v, int) and not isinstance(v, bool))
    return int(v)


def _str(v: Any) -> str:
    _check(isinstance(v, str))
    return str(v)


def _list(v: Any, length: int | None = None) -> list[Any]:
    _check(isinstance(v, list) and (length is None or len(v) == length))
    return list(v)


def _make_span(v: Any) -> Any:
    from broadcheck.ops import Span

    line, column, end_line, end_column = (_int(x) for x in _list(v, 4))
    return Span(line, column, end_line, end_column)


def _result(value: Any, path: str) -> Result:
    from broadcheck.diagnostics import Diagnostic, Edit, Fix, Label, Note, Result

    diagnostics_value, ops, lines, passed, not_held = _list(value, 5)
    diagnostics: list[Diagnostic] = []
    for item in _list(diagnostics_value):
        code, severity, message, span, notes, labels, fix = _list(item, 7)
        _check(severity in ("error", "warning", "note"))
        made_notes = []
        for note in _list(notes):
            kind, text = _list(note, 2)
            _check(kind in ("note", "help"))
            made_notes.append(Note(kind, _str(text)))
        made_labels = []
        for label in _list(labels):
            where, text, mlir_note = _list(label, 3)
            _check(isinstance(mlir_note, bool))
            made_labels.append(Label(_make_span(where), _str(text), mlir_note))
        made_fix = None
        if fix is not None:
            fix_message, safe, edits = _list(fix, 3)
            _check(isinstance(safe, bool))
            made_edits = []
            for edit in _list(edits):
                where, start, end, new = _list(edit, 4)
                made_edits.append(Edit(_make_span(where), _int(start), _int(end), _str(new)))
            made_fix = Fix(_str(fix_message), tuple(made_edits), safe)
        diagnostics.append(
            Diagnostic(
                _str(code),
                severity,
                _str(message),
                path,
                _make_span(span),
                tuple(made_notes),
                tuple(made_labels),
                made_fix,
            )
        )
    made_lines: dict[int, str] = {}
    for pair in _list(lines):
        number, text = _list(pair, 2)
        made_lines[_int(number)] = _str(text)
    made_passed: dict[tuple[str, str], int] = {}
    for triple in _list(passed):
        name, why, count = _list(triple, 3)
        made_passed[(_str(name), _str(why))] = _int(count)
    return Result(path, diagnostics, _int(ops), made_lines, made_passed, _int(not_held))


def cached_check(
    path: str,
    options: Options,
    cache: Cache,
    check: Callable[[Hashing], Result | Any],
) -> tuple[Result | Any, bool]:
    """``check(hashing)``'s result for the regular file ``path``, or the cached one; and whether
    it came from the cache. ``check`` feeds ``hashing`` the bytes it reads: a result is stored
    only when they are the bytes the key was made from."""
    from broadcheck.diagnostics import Result

    content = file_digest(path)
    if content is not None:
        hit = cache.get(path, content, options)
        if hit is not None:
            return hit, True
    hashing = Hashing()
    result = check(hashing)
    if content is not None and isinstance(result, Result) and hashing.hexdigest() == content:
        cache.put(path, content, options, result)
    return result, False


def entries(directory: str) -> Iterator[str]:
    """The entry files under a cache directory (for tests and ``-v``)."""
    for root, _, files in os.walk(directory):
        for name in files:
            if name not in (".gitignore", "CACHEDIR.TAG") and not name.endswith(".tmp"):
                yield os.path.join(root, name)
