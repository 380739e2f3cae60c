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

import os
import time
from collections.abc import Callable

from broadcheck.cache import store
from broadcheck.cache.entry import FORMAT, decode, encode
from broadcheck.cache.key import KEY_FILE, digest, hasher, key_path, load_key, mac
from broadcheck.cache.store import Cleaned, clean, entries

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any

    from broadcheck.diagnostics import Result
    from broadcheck.engine.options import Options

__all__ = [
    "FORMAT",
    "KEY_FILE",
    "Cache",
    "Cleaned",
    "clean",
    "code_fingerprint",
    "decode",
    "digest",
    "encode",
    "entries",
    "file_digest",
    "key_path",
    "load_key",
    "location",
    "mac",
]

DIRECTORY = ".broadcheck_cache"
ENVIRONMENT = "BROADCHECK_CACHE_DIR"
NO_CACHE_ENVIRONMENT = "BROADCHECK_NO_CACHE"
SIZE_BOUND = 256 << 20
"""The most a cache may hold: past it, :meth:`Cache.prune` removes the entries written longest
ago until three quarters of it remain."""
_STALE_SECONDS = 3600
"""A temporary file older than this was left by a run that was killed: pruning removes it."""


def file_digest(path: str) -> str | None:
    """The digest of a regular file's bytes; None if it cannot be read as one."""
    from broadcheck.inputs import open_regular

    h = hasher()
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
        self._h = hasher()

    def update(self, block: bytes) -> None:
        self._h.update(block)

    def hexdigest(self) -> str:
        return str(self._h.hexdigest())


def code_fingerprint() -> str:
    """broadcheck's version and the size and modification time of each of its modules, its data
    (the op names, the generated op tables) and its grammar: what a cached result was computed by."""
    from broadcheck import __version__

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # broadcheck, this package's parent
    h = hasher()
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
            elif entry.name.endswith((".py", ".lark", ".txt", ".json")):
                _stamp(h, entry.path, package, entry.path[len(package) + 1 :])  # (relpath: a tenth of a start)
    grammar = os.path.join(os.path.dirname(package), "grammars", "mlir.lark")
    if os.path.exists(grammar):  # a source checkout reads the top-level grammar
        _stamp(h, grammar, package)
    return f"{__version__}-{h.hexdigest()[:16]}"


def _stamp(h: Any, path: str, package: str, relative: str | None = None) -> None:
    try:
        info = os.stat(path)
    except OSError:
        return
    name = os.path.relpath(path, package) if relative is None else relative
    h.update(f"{name}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())


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
        data = store.read_entry(self.directory, name[:2], name[2:])
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
                shard = store.open_shard(top, name[:2])
                try:
                    store.write_atomically(name[2:], data, shard)
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
            return os.open(directory, store.DIRECTORY_FLAGS)
        except FileNotFoundError:
            pass
        os.makedirs(os.path.dirname(os.path.abspath(directory)), exist_ok=True)
        try:
            os.mkdir(directory, 0o755)
        except FileExistsError:  # another run made it: the tags are its to write
            return os.open(directory, store.DIRECTORY_FLAGS)
        fd = os.open(directory, store.DIRECTORY_FLAGS)
        for name, text in ((".gitignore", store.GITIGNORE), ("CACHEDIR.TAG", store.CACHEDIR_TAG)):
            store.write_atomically(name, text.encode(), fd, 0o644)
        return fd

    def prune(self, bound: int | None = None) -> int:
        """Keep this user's entries within ``bound`` bytes (:data:`SIZE_BOUND`), removing those
        written longest ago, and remove temporary files a killed run left; how many went."""
        if self.off is not None:
            return 0
        return store.prune(self.directory, SIZE_BOUND if bound is None else bound, time.time() - _STALE_SECONDS)


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
