"""The "what breaks" goldens (``tests/fixtures/refine/breaks/``, ``tests/test_refine_breaks.py``)
held to iree-opt 3.13 (issue 32): for each ``stablehlo``/``tosa``/``linalg`` fixture, broadcheck's
refined text at the breaking size makes iree-opt fail with the golden's first error (line, column,
message), and at the verifying size iree-opt accepts it. The ``tf`` fixtures are held to
TensorFlow's verifier in ``test_refine_tf.py``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request, parse_arg
from broadcheck.engine.refine_run import refine_text
from tests.test_refine_breaks import FILES, commands, golden_error

pytestmark = pytest.mark.oracle

IREE_OPT = (
    os.environ.get("BROADCHECK_IREE_OPT")
    or shutil.which("iree-opt", path=str(Path(sys.executable).parent))
    or "iree-opt"
)
_ERROR = re.compile(r":(\d+):(\d+): error: (.*)")


def arg_request(args: list[str]) -> Request:
    """The request of a RUN line's ``--arg`` flags."""
    request = Request()
    for flag, value in zip(args[0::2], args[1::2], strict=True):
        assert flag == "--arg"
        name, index, text = parse_arg(value)
        request.args[name, index] = text
    return request


def refined(path: Path, args: list[str]) -> str:
    """broadcheck's refined text of the fixture under ``--arg`` ``args`` (written even when it breaks)."""
    after, _, _ = refine_text(path.name, path.read_text(), arg_request(args), Options())
    return after


def iree_first_error(text: str) -> tuple[int, int, str] | None:
    """iree-opt's first error on ``text``, or ``None`` when it verifies."""
    if shutil.which(IREE_OPT) is None and not Path(IREE_OPT).exists():
        pytest.fail("needs iree-opt (BROADCHECK_IREE_OPT): run `make oracle`", pytrace=False)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
    try:
        done = subprocess.run([IREE_OPT, handle.name, "-o", os.devnull], capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(handle.name)
    if done.returncode == 0:
        return None
    found = _ERROR.search(done.stderr)
    assert found is not None, done.stderr
    return int(found.group(1)), int(found.group(2)), found.group(3)


@pytest.mark.parametrize("path", [p for p in FILES if not p.stem.startswith("tf_")], ids=lambda p: p.stem)
def test_breaks_are_iree_opts(path: Path) -> None:
    """The golden's error is iree-opt's on the refined text; the verifying size verifies."""
    breaking, verifying = commands(path)
    assert iree_first_error(refined(path, breaking)) == golden_error(path)
    assert iree_first_error(refined(path, verifying)) is None
