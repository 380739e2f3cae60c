"""Writing a user's file back: only when asked (``--fix``), only if it changed, atomically.

The new text goes to a temporary file in the same directory, which then
replaces the original by rename, so a reader never sees half a file and a
failure leaves the original as it was. The file keeps its permissions (and its
line endings and byte order mark, which fixes never touch). A file that changed
on disk since broadcheck read it is not overwritten.
"""

from __future__ import annotations

import os
import stat
import tempfile


class ChangedOnDisk(OSError):
    """The file is not what broadcheck read: someone else wrote it meanwhile."""


def write_if_unchanged(path: str, original: bytes, new: bytes) -> None:
    """Replace the file at ``path``, which must still hold ``original``, with ``new``."""
    target = os.path.realpath(path)  # a symlink stays a symlink: its target is rewritten
    with open(target, "rb") as f:
        if f.read() != original:
            raise ChangedOnDisk(f"'{path}' changed on disk since it was read; not written")
    mode = stat.S_IMODE(os.stat(target).st_mode)
    directory = os.path.dirname(target) or "."
    fd, temporary = tempfile.mkstemp(prefix=".broadcheck-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(new)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
