"""broadcheck ships ``py.typed`` (PEP 561): a user's type checker reads its annotations, so a
wrong call to the documented library API is a type error in the user's code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.waits import HANG


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "user.py").write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "user.py"],
        cwd=tmp_path,  # no project configuration: as in a user's repository
        capture_output=True,
        text=True,
        timeout=HANG,
    )


def test_the_package_is_marked_typed() -> None:
    assert (ROOT / "broadcheck" / "py.typed").is_file()


def test_a_users_type_checker_reads_the_library_api(tmp_path: Path) -> None:
    right = mypy(
        tmp_path,
        "import broadcheck\n"
        "shape = broadcheck.broadcast_shapes((8, 1, 6, 1), (7, 1, 5))\n"
        "for d in broadcheck.check_text('', path='m.mlir'):\n"
        "    line: int = d.line\n"
        "    code: str = d.code\n",
    )
    assert right.returncode == 0, right.stdout
    wrong = mypy(tmp_path, "import broadcheck\nfor d in broadcheck.check_text(3):\n    name: int = d.code\n")
    assert wrong.returncode == 1
    assert 'Argument 1 to "check_text" has incompatible type "int"' in wrong.stdout
    assert 'Incompatible types in assignment (expression has type "str", variable has type "int")' in wrong.stdout
    assert "missing library stubs or py.typed marker" not in wrong.stdout
