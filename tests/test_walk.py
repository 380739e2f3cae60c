"""What broadcheck opens: a walk checks regular files (and symbolic links to them) only, never
a FIFO, a device or a socket; a FIFO the user names is read once, as ``cat`` would; what is
read from a named configuration file is bounded. Configuration errors are located, never an
internal error. Every command runs with a time bound: a hang fails the test."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from broadcheck.inputs import NotRegular, open_regular, read_blocks
from tests.waits import HANG

BAD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"


def broadcheck(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "broadcheck", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HANG,
        input=stdin,
        check=False,
    )


@pytest.fixture
def ir(tmp_path: Path) -> Iterator[Path]:
    """A directory holding a bad file, and *.mlir entries that are not regular files."""
    (tmp_path / "ir").mkdir()
    (tmp_path / "ir" / "a.mlir").write_text(BAD)
    (tmp_path / "ir" / "zero.mlir").symlink_to("/dev/zero")
    (tmp_path / "ir" / "null.mlir").symlink_to("/dev/null")
    os.mkfifo(tmp_path / "ir" / "fifo.mlir")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "ir" / "sock.mlir"))
    yield tmp_path
    sock.close()


def test_a_walk_reads_regular_files_only(ir: Path) -> None:
    result = broadcheck("check", "--isolated", "--output-format", "concise", "ir", cwd=ir)
    assert result.returncode == 2  # nothing skipped silently: the gate fails, naming each
    assert result.stdout.splitlines() == [
        "ir/a.mlir:1:6: error: 'tosa.add' op operands don't have broadcast-compatible shapes [BC101]",
        "Found 1 error in 1 file; 4 paths could not be read.",
    ]
    assert result.stderr.splitlines() == [
        "broadcheck: error: cannot read 'ir/fifo.mlir': not a regular file (a FIFO); not read",
        "broadcheck: error: cannot read 'ir/null.mlir': not a regular file (a character device); not read",
        "broadcheck: error: cannot read 'ir/sock.mlir': not a regular file (a socket); not read",
        "broadcheck: error: cannot read 'ir/zero.mlir': not a regular file (a character device); not read",
    ]


def test_exclude_lets_a_walk_pass_over_them(ir: Path) -> None:
    result = broadcheck(
        "check", "--isolated", "--exclude", "zero.mlir", "--exclude", "null.mlir", "--exclude", "fifo.mlir",
        "--exclude", "sock.mlir", "--output-format", "concise", "ir", cwd=ir,
    )  # fmt: skip
    assert result.returncode == 1 and result.stderr == ""


def test_a_named_device_is_not_read(tmp_path: Path) -> None:
    result = broadcheck("check", "--isolated", "/dev/zero", cwd=tmp_path)
    assert result.returncode == 2
    assert "cannot read '/dev/zero': not a regular file (a character device); not read" in result.stderr


def _write_later(path: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(path, "wb") as f:  # blocks until the reader opens the FIFO
            f.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_named_fifo_is_read_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "p.mlir")
    writer = _write_later(tmp_path / "p.mlir", BAD.encode())
    result = broadcheck("check", "--isolated", "--output-format", "concise", "p.mlir", cwd=tmp_path)
    writer.join(5)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("p.mlir:1:6: error: 'tosa.add' op operands don't have broadcast")


def test_a_named_fifo_is_not_fixed_in_place(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "p.mlir")
    stale = (
        "func.func @f(%a: tensor<3xf32>, %b: tensor<1xf32>) -> tensor<3xf32> {\n"
        "  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<1xf32>) -> tensor<4xf32>\n"
        "  %1 = tosa.abs %0 : (tensor<4xf32>) -> tensor<4xf32>\n"
        "  return %a : tensor<3xf32>\n"
        "}\n"
    )
    writer = _write_later(tmp_path / "p.mlir", stale.encode())
    result = broadcheck("check", "--isolated", "--fix", "--output-format", "concise", "p.mlir", cwd=tmp_path)
    writer.join(5)
    assert result.returncode == 2
    assert "cannot write 'p.mlir': not a regular file, so --fix cannot write it back" in result.stderr
    assert "[BC102]" in result.stdout  # its problem is still reported


def test_opening_never_waits_on_a_fifo_put_in_a_files_place(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.mlir")  # no writer: a plain open() would block forever
    with pytest.raises(NotRegular):
        open_regular(str(tmp_path / "x.mlir"))
    with pytest.raises(NotRegular):
        next(read_blocks(str(tmp_path / "x.mlir")))
    with pytest.raises(NotRegular):
        open_regular("/dev/zero")


# ----------------------------------------------------------------------------- configuration


def test_a_config_that_reads_forever_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "a.mlir").write_text(BAD)
    result = broadcheck("check", "--config", "/dev/zero", "a.mlir", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "broadcheck: error: /dev/zero: cannot read: not a regular file (a character device); not read\n"
    )
    (tmp_path / "huge.toml").write_bytes(b"# " + b"x" * (5 << 20) + b"\n")
    result = broadcheck("check", "--config", "huge.toml", "a.mlir", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "broadcheck: error: huge.toml: cannot read: larger than 4 MiB; not read\n"


def test_a_config_from_a_fifo(tmp_path: Path) -> None:
    (tmp_path / "a.mlir").write_text(
        '%0 = "test.broadcastable"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>\n'
    )
    os.mkfifo(tmp_path / "c.toml")
    writer = _write_later(tmp_path / "c.toml", b'profile = "llvm"\n')
    result = broadcheck("check", "--config", "c.toml", "a.mlir", cwd=tmp_path)
    writer.join(5)
    assert result.returncode == 0, result.stderr  # the llvm profile accepts it; spec would not


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("tool = 1\n", "pyproject.toml: 'tool' must be a table (such as [tool.broadcheck]), not an integer (1)"),
        (
            'tool = "broadcheck"\n',
            "pyproject.toml: 'tool' must be a table (such as [tool.broadcheck]), not a string ('broadcheck')",
        ),
        ("[tool]\nbroadcheck = 1\n", "pyproject.toml: [tool.broadcheck] must be a table, not an integer (1)"),
        (
            "a = " + "[" * 5000 + "]" * 5000 + "\n",
            "pyproject.toml: invalid TOML: arrays or inline tables nested too deeply",
        ),
        (
            "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n",
            "pyproject.toml: invalid TOML: arrays or inline tables nested too deeply",
        ),
    ],
)
@pytest.mark.parametrize("where", ["here", "parent"])
def test_config_errors_are_located(toml: str, message: str, where: str, tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.mlir").write_text(BAD)
    (tmp_path / ("sub" if where == "here" else ".") / "pyproject.toml").write_text(toml)
    result = broadcheck("check", "a.mlir", cwd=tmp_path / "sub")
    assert result.returncode == 2
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    config = tmp_path / ("sub" if where == "here" else ".") / "pyproject.toml"
    assert result.stderr == f"broadcheck: error: {config.parent.resolve() / message}\n"
    # Named with --config, the same.
    result = broadcheck("check", "--config", str(config), "a.mlir", cwd=tmp_path / "sub")
    assert result.returncode == 2 and "internal error" not in result.stderr


# ----------------------------------------------------------------------------- walks


def test_a_walk_goes_to_any_depth(tmp_path: Path) -> None:
    deep = tmp_path / "tree"
    deep.mkdir()
    current = deep
    for _ in range(1100):  # deeper than Python's recursion limit; made one level at a time
        current = current / "d"
        current.mkdir()
    (current / "a.mlir").write_text(BAD)
    (deep / "b.mlir").write_text(BAD)
    try:
        result = broadcheck("check", "--isolated", "--output-format", "concise", "tree", cwd=tmp_path)
    finally:  # removed one level at a time: shutil.rmtree (pytest's clean-up) recurses
        (current / "a.mlir").unlink()
        while current != deep:
            current.rmdir()
            current = current.parent
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr
    assert result.stdout.count("[BC101]") == 2
    assert result.stdout.splitlines()[-1] == "Found 2 errors in 2 files."


def test_a_symlinked_directory_is_named_and_counted(tmp_path: Path) -> None:
    (tmp_path / "ir" / "real").mkdir(parents=True)
    (tmp_path / "ir" / "real" / "a.mlir").write_text(BAD)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "b.mlir").write_text(BAD)
    (tmp_path / "ir" / "link").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "ir" / "loop").symlink_to(tmp_path / "ir")
    (tmp_path / "ir" / ".hidden").symlink_to(tmp_path / "elsewhere")
    result = broadcheck("check", "--isolated", "-v", "--no-cache", "--output-format", "concise", "ir", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0].startswith("ir/real/a.mlir:1:6: error:")
    told = [line for line in result.stderr.splitlines() if "settings from" not in line and "cache" not in line]
    assert told[:2] == [
        "broadcheck: passed over 'ir/link': a symbolic link to a directory; not followed",
        "broadcheck: passed over 'ir/loop': a symbolic link to a directory; not followed",
    ]
    assert told[2].startswith("broadcheck: 1 file to check, 2 directory links not followed; ")
    quiet = broadcheck("check", "--isolated", "--no-cache", "--output-format", "concise", "ir", cwd=tmp_path)
    assert (quiet.returncode, quiet.stderr) == (1, "")  # said under -v only
    excluded = broadcheck("check", "--isolated", "-v", "--no-cache", "--exclude", "link", "ir", cwd=tmp_path)
    assert "'ir/link'" not in excluded.stderr and "1 directory link not followed" in excluded.stderr
