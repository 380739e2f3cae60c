"""How long a test waits on a subprocess, a server or a signal before it calls it hung.

Not a speed claim: on a loaded machine a check that takes a second alone can take minutes, and
a test that waited a guessed time failed there (issue 30). So every wait in the suite is on an
event (an answer, a publication, a process's exit) and ends at :data:`HANG` only to turn a hang
into a failure; ``BROADCHECK_TEST_TIMEOUT`` raises it on a slower machine. pytest-timeout
(pyproject.toml) ends a whole test later still.
"""

from __future__ import annotations

import os

HANG = float(os.environ.get("BROADCHECK_TEST_TIMEOUT", "600"))
"""Seconds (600 unless ``BROADCHECK_TEST_TIMEOUT`` says): past this a wait is a hang."""
