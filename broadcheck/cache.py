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
directory), or in ``--cache-dir``/``BROADCHECK_CACHE_DIR``. A directory broadcheck makes gets
a ``.gitignore`` of its own and a ``CACHEDIR.TAG``; one that was there already (``--cache-dir
.``) gets neither. Each entry is written to a temporary file and renamed into place, so
concurrent runs and ``-j`` workers never see half an entry. An entry is a small tagged text
format, read without ``eval``, ``pickle`` or ``marshal``.

Trust: an entry is believed only if it is a regular file owned by the user running
broadcheck that no one else may write (not group- or world-writable), and if its seal, a
keyed BLAKE2b (a MAC, RFC 7693) of the key and the body under a secret of this user's, is
right. The secret is 32 random bytes in ``$XDG_CONFIG_HOME/broadcheck/cache-key`` (else
``~/.config/broadcheck/cache-key``), made 0600 on first use, outside every cache directory so
a shared ``BROADCHECK_CACHE_DIR`` never holds it; a key file that is not this user's alone
turns the cache off (with a warning), as does a cache directory that is a symbolic link
(writing there would write where the link points). An entry's file name is keyed too: one
per path and settings, so a file's new entry replaces its old one. A corrupt, truncated,
foreign, planted or old entry is a miss (the file is checked and the entry written again),
never trusted, never a crash. A cache that cannot be written (a read-only directory) is
simply not used.

What is never cached: standard input and FIFOs (read once), ``--fix`` and ``--diff`` (they
write or print from a fresh check), a file whose check failed (an internal error), a file
that changed while it was checked, and a result whose diagnostics name another file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.engine.options import Options

FORMAT = "broadcheck-cache 2"
"""The first word of every entry: another format (an older broadcheck's) is not read."""
DIRECTORY = ".broadcheck_cache"
ENVIRONMENT = "BROADCHECK_CACHE_DIR"
NO_CACHE_ENVIRONMENT = "BROADCHECK_NO_CACHE"
KEY_FILE = "cache-key"
"""The per-user secret that authenticates entries: ``$XDG_CONFIG_HOME/broadcheck/cache-key``."""
_GITIGNORE = "# Automatically created by broadcheck.\n*\n"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by broadcheck.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)
_READ_LIMIT = 1 << 30
SIZE_BOUND = 256 << 20
"""The most a cache may hold: past it, :meth:`Cache.prune` removes the entries written longest
ago until three quarters of it remain."""
_STALE_SECONDS = 3600
"""A temporary file older than this was left by a run that was killed: pruning removes it."""
_KEY_BYTES = 32
_DIRECTORY_FLAGS = (
    os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
)
_FILE_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def _hasher(key: bytes = b"") -> Any:
    """A BLAKE2b hasher (keyed with ``key``, a MAC); ``_blake2`` loads in a tenth of a millisecond,
    hashlib (OpenSSL) in milliseconds."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - another Python
        from hashlib import blake2b
    return blake2b(digest_size=20, key=key)


def digest(data: bytes) -> str:
    h = _hasher()
    h.update(data)
    return str(h.hexdigest())


def mac(secret: bytes, data: bytes) -> str:
    """The keyed BLAKE2b of ``data`` under ``secret`` (RFC 7693's MAC mode: no HMAC wrapper needed)."""
    h = _hasher(secret)
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


# ---------------------------------------------------------------- the per-user key


def key_path() -> str | None:
    """Where this user's cache key lives: ``$XDG_CONFIG_HOME/broadcheck/cache-key``, else
    ``~/.config/broadcheck/cache-key``; None without a home (a relative ``XDG_CONFIG_HOME`` is
    ignored, as the XDG specification says)."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".config")
    return os.path.join(base, "broadcheck", KEY_FILE)


def _mine(info: os.stat_result) -> bool:
    """Whether a file is this user's (where owners exist)."""
    return not hasattr(os, "geteuid") or info.st_uid == os.geteuid()


def load_key(path: str) -> bytes | str:
    """This user's cache key at ``path`` (made, 0600, if there is none); or why it cannot be trusted."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError as err:
        return _unsafe_key(path, err)
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        temporary = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(os.urandom(_KEY_BYTES).hex().encode() + b"\n")
            with contextlib.suppress(FileExistsError):  # another run made it first: use theirs
                os.link(temporary, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        return _read_key(path)
    except OSError as err:
        return _unsafe_key(path, err)


def _unsafe_key(path: str, err: OSError) -> str:
    if isinstance(err, _Untrusted):
        return str(err)
    return f"the cache key '{path}' cannot be read or made ({err.strerror or err})"


class _Untrusted(OSError):
    """A key file or entry that is not this user's alone."""


def _read_key(path: str) -> bytes:
    fd = os.open(path, _FILE_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Untrusted(f"the cache key '{path}' is not a regular file")
        if not _mine(info):
            raise _Untrusted(f"the cache key '{path}' belongs to another user")
        if info.st_mode & 0o077:
            raise _Untrusted(f"the cache key '{path}' can be read or written by other users (chmod 600 it)")
        data = os.read(fd, 4 * _KEY_BYTES)
    finally:
        os.close(fd)
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) != _KEY_BYTES:
        raise _Untrusted(f"the cache key '{path}' is not a key broadcheck wrote (delete it to make a new one)")
    return key


# ---------------------------------------------------------------- the cache


class Cache:
    """The result cache of one run (see the module docstring). Picklable, for ``-j`` workers.

    ``off`` says why it is not used (a symbolic link, no key): every lookup is then a miss and
    nothing is stored; ``warning`` is that reason when the user should hear it."""

    __slots__ = ("code", "directory", "hits", "misses", "off", "secret", "warning", "writable")

    def __init__(self, directory: str, code: str | None = None, secret: bytes | None = None) -> None:
        self.directory = directory
        self.code = code if code is not None else code_fingerprint()
        self.writable = True
        """False once the directory could not be written: the run goes on without storing."""
        self.hits = self.misses = 0
        self.off: str | None = None
        self.warning: str | None = None
        self.secret = b""
        if os.path.islink(os.path.normpath(directory)):  # normpath: `link/` would follow the link
            self.off = self.warning = f"the cache directory '{directory}' is a symbolic link; not used"
            return
        if secret is None:
            where = key_path()
            found: bytes | str = load_key(where) if where is not None else "no home directory for the cache key"
            if isinstance(found, str):
                self.off = found
                self.warning = found if where is not None and os.path.lexists(where) else None
                return
            secret = found
        self.secret = secret

    def key(self, path: str, content: str, options: Options) -> str:
        """What an entry for ``path`` must be about: the content digest, code and settings."""
        return "\x1e".join((FORMAT, self.code, settings_key(options), path, content))

    def name(self, path: str, options: Options) -> str:
        """The entry's file name: one per path and settings (so a new entry replaces the old), keyed
        so no one without the key can tell which file an entry is about."""
        text = "\x1e".join((FORMAT, settings_key(options), path))
        return mac(self.secret, text.encode("utf-8", "surrogatepass"))

    def get(self, path: str, content: str, options: Options) -> Result | None:
        """The cached result of ``path`` with this ``content`` digest and ``options``, if a sound one is stored."""
        if self.off is not None:
            self.misses += 1
            return None
        name = self.name(path, options)
        data = _read_entry(self.directory, name[:2], name[2:])
        result = None if data is None else decode(data, self.key(path, content, options), path, self.secret)
        if result is None:
            self.misses += 1
        else:
            self.hits += 1
        return result

    def put(self, path: str, content: str, options: Options, result: Result) -> None:
        """Store ``result`` (atomically); nothing if it cannot be stored or must not be."""
        if not self.writable or self.off is not None:
            return
        data = encode(result, self.key(path, content, options), path, self.secret)
        if data is None:
            return
        name = self.name(path, options)
        try:
            top = self._open_directory()
            try:
                shard = _open_shard(top, name[:2])
                try:
                    _write_atomically(name[2:], data, shard)
                finally:
                    os.close(shard)
            finally:
                os.close(top)
        except OSError:
            self.writable = False

    def _open_directory(self) -> int:
        """The cache directory, opened without following a symbolic link; made (with its
        ``.gitignore`` and ``CACHEDIR.TAG``) if there is none."""
        directory = os.path.normpath(self.directory)  # a trailing `/` would follow a link
        try:
            return os.open(directory, _DIRECTORY_FLAGS)
        except FileNotFoundError:
            pass
        os.makedirs(os.path.dirname(os.path.abspath(directory)), exist_ok=True)
        try:
            os.mkdir(directory, 0o755)
        except FileExistsError:  # another run made it: the tags are its to write
            return os.open(directory, _DIRECTORY_FLAGS)
        fd = os.open(directory, _DIRECTORY_FLAGS)
        for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
            _write_atomically(name, text.encode(), fd, 0o644)
        return fd

    def prune(self, bound: int | None = None) -> int:
        """Keep this user's entries within ``bound`` bytes (:data:`SIZE_BOUND`), removing those
        written longest ago, and remove temporary files a killed run left; how many went."""
        if self.off is not None:
            return 0
        limit = SIZE_BOUND if bound is None else bound
        found, left = _own_files(self.directory, time.time() - _STALE_SECONDS)
        removed = 0
        for path in left:
            removed += _remove(path)
        total = sum(size for _, size, _ in found)
        if total <= limit:
            return removed
        found.sort()
        for _, size, path in found:
            if total <= limit * 3 // 4:
                break
            removed += _remove(path)
            total -= size
        return removed


class Cleaned:
    """What :func:`clean` removed: entries, their bytes, and whether the directory went too."""

    __slots__ = ("bytes", "directory_removed", "entries")

    def __init__(self) -> None:
        self.entries = self.bytes = 0
        self.directory_removed = False


def clean(directory: str) -> Cleaned:
    """Remove the cache in ``directory`` (``broadcheck clean``): this user's entries and
    temporary files, the shards left empty, the tags broadcheck wrote, and the directory if
    nothing else is in it. Nothing else is touched: a cache in a user's own directory
    (``--cache-dir .``) leaves their files. A symbolic link is not followed (ValueError)."""
    cleaned = Cleaned()
    if os.path.islink(os.path.normpath(directory)):
        raise ValueError(f"the cache directory '{directory}' is a symbolic link; not cleaned")
    if not os.path.isdir(directory):
        return cleaned
    found, left = _own_files(directory, None)
    for _, size, path in found:
        if _remove(path):
            cleaned.entries += 1
            cleaned.bytes += size
    for path in left:
        _remove(path)
    for shard in sorted({os.path.dirname(path) for _, _, path in found} | {os.path.dirname(p) for p in left}):
        with contextlib.suppress(OSError):
            os.rmdir(shard)
    for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
        tag = os.path.join(directory, name)
        with contextlib.suppress(OSError, ValueError):
            if not os.path.islink(tag) and os.path.getsize(tag) == len(text):
                with open(tag, "rb") as f:
                    if f.read() == text.encode():
                        os.unlink(tag)
    with contextlib.suppress(OSError):
        os.rmdir(directory)
        cleaned.directory_removed = True
    return cleaned


def _own_files(directory: str, stale_before: float | None) -> tuple[list[tuple[int, int, str]], list[str]]:
    """This user's entries under ``directory`` as (modified, size, path); and its temporary
    files (those older than ``stale_before``, if given)."""
    found: list[tuple[int, int, str]] = []
    temporary: list[str] = []
    for path in entries(directory, temporary=True):
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or not _mine(info):
            continue
        if path.endswith(".tmp"):
            if stale_before is None or info.st_mtime < stale_before:
                temporary.append(path)
        else:
            found.append((info.st_mtime_ns, info.st_size, path))
    return found, temporary


def _remove(path: str) -> int:
    try:
        os.unlink(path)
    except OSError:
        return 0
    return 1


def _open_shard(top: int, name: str) -> int:
    with contextlib.suppress(FileExistsError):
        os.mkdir(name, 0o700, dir_fd=top)
    return os.open(name, _DIRECTORY_FLAGS, dir_fd=top)


def _read_entry(directory: str, shard: str, name: str) -> bytes | None:
    """An entry's bytes, if it is a regular file of this user's that no one else may write."""
    try:
        fd = os.open(os.path.join(directory, shard, name), _FILE_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _mine(info) or info.st_mode & 0o022:
            return None
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(_READ_LIMIT)
    except OSError:
        return None
    finally:
        os.close(fd)


def _write_atomically(name: str, data: bytes, directory: int, mode: int = 0o600) -> None:
    """Write ``name`` in the open ``directory`` through a temporary file beside it and a rename:
    readers see all or nothing."""
    temporary = f"{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(temporary, flags, mode, dir_fd=directory)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, name, src_dir_fd=directory, dst_dir_fd=directory)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=directory)
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


def encode(result: Result, key: str, path: str, secret: bytes) -> bytes | None:
    """An entry for ``result`` (of ``path``, about ``key``), sealed with ``secret``; None if it must not be cached."""
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
    return f"{FORMAT} {_seal(secret, key, text)}\n".encode() + text


def _seal(secret: bytes, key: str, body: bytes) -> str:
    return mac(secret, key.encode("utf-8", "surrogatepass") + b"\x00" + body)


def decode(data: bytes, key: str, path: str, secret: bytes) -> Result | None:
    """The result an entry holds, if it is an entry about ``key`` sealed with ``secret``; else None."""
    newline = data.find(b"\n")
    if newline < 0:
        return None
    header, body = data[:newline], data[newline + 1 :]
    # The key names the content, code and settings and the seal needs the secret: another
    # format, another file's entry, a corrupt body or one someone else wrote all fail here.
    if header != f"{FORMAT} {_seal(secret, key, body)}".encode():
        return None
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


_HEX = frozenset("0123456789abcdef")


def _is_hex(name: str, length: int) -> bool:
    return len(name) == length and _HEX.issuperset(name)


def entries(directory: str, temporary: bool = False) -> Iterator[str]:
    """The entry files under a cache directory: ``xx/`` shards holding 38-hex-digit names (and
    nothing else, so a cache in a directory of the user's never touches their files); and,
    with ``temporary``, the temporary files of entries being written."""
    try:
        shards = sorted(e.name for e in os.scandir(directory) if _is_hex(e.name, 2) and e.is_dir(follow_symlinks=False))
    except OSError:
        return
    for shard in shards:
        try:
            names = sorted(
                e.name
                for e in os.scandir(os.path.join(directory, shard))
                if _is_hex(e.name, 38) or (temporary and e.name.endswith(".tmp") and _is_hex(e.name[:38], 38))
            )
        except OSError:
            continue
        for name in names:
            yield os.path.join(directory, shard, name)
