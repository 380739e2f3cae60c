"""The per-user key that seals cache entries, and the BLAKE2b digests made with it or without.

The key is 32 random bytes (hex) in ``$XDG_CONFIG_HOME/broadcheck/cache-key`` (else
``~/.config/broadcheck/cache-key``), made 0600 on first use; it is trusted only as a regular
file of this user's that no one else may read or write."""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False  # not typing's: a run whose result is cached imports no typing (start-up)
if TYPE_CHECKING:
    from typing import Any

KEY_FILE = "cache-key"
"""The per-user secret that authenticates entries: ``$XDG_CONFIG_HOME/broadcheck/cache-key``."""
_KEY_BYTES = 32
FILE_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
"""How a file of the cache's is opened: never through a link, never waiting on a FIFO."""


def hasher(key: bytes = b"") -> Any:
    """A BLAKE2b hasher (keyed with ``key``, a MAC); ``_blake2`` loads in a tenth of a millisecond,
    hashlib (OpenSSL) in milliseconds."""
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - another Python
        from hashlib import blake2b
    return blake2b(digest_size=20, key=key)


def digest(data: bytes) -> str:
    h = hasher()
    h.update(data)
    return str(h.hexdigest())


def mac(secret: bytes, data: bytes) -> str:
    """The keyed BLAKE2b of ``data`` under ``secret`` (RFC 7693's MAC mode: no HMAC wrapper needed)."""
    h = hasher(secret)
    h.update(data)
    return str(h.hexdigest())


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


def mine(info: os.stat_result) -> bool:
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
    import contextlib  # (not when the key is there, as on every run but the first)

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
    fd = os.open(path, FILE_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Untrusted(f"the cache key '{path}' is not a regular file")
        if not mine(info):
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
