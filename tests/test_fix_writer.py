"""``--fix`` and the user's files: the same inode (owner, mode, hard links kept), read-only
files refused, the final check and replacement atomic against other programs (a write lease),
no temporary file left on any signal, edits made in one linear pass, a write failure worded
as one with the file's problems still reported, ``--fix -`` printing standard input's source
alone, and ``--output-file`` never overwriting an input.

The property tests run the real command line on a generated file of about 470 KB while another
"editor" process changes it, or a signal arrives, at a random moment (0 to 2.5 s in: a quiet
machine's run takes about 2 s, so the moments fall in its start-up, check, write and after it;
a 2 MB file, 7 s of CPU a run, put nearly all of them in the check and cost the suite 140 s)."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import broadcheck
from bench import gen
from broadcheck import outputs
from broadcheck.diagnostics import Edit, Fix
from broadcheck.engine.fix import apply, apply_stream, edits_of, fixes_of, with_fixes
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from broadcheck.ops import Span
from tests.conftest import ROOT, Invoke
from tests.waits import HANG

PACKAGE = os.path.dirname(os.path.realpath(broadcheck.__file__)) + os.sep

STALE = (ROOT / "tests" / "golden" / "fix" / "stale.mlir").read_bytes()
FIXED = (ROOT / "tests" / "golden" / "fix" / "stale.fixed.mlir").read_bytes()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.mlir").write_bytes(STALE)
    return tmp_path


def _temporaries(*directories: Path) -> list[str]:
    return [p.name for d in directories for p in d.iterdir() if "broadcheck-" in p.name]


def test_the_same_inode_keeps_owner_mode_and_hard_links(run: Invoke, here: Path) -> None:
    os.link("s.mlir", "other-name.mlir")
    os.chmod("s.mlir", 0o640)
    if os.geteuid() == 0:
        os.chown("s.mlir", 1234, 4321)
    before = os.stat("s.mlir")
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "s.mlir")
    assert (
        result.code == 1
        and "Fixed 1 problem in 1 file (1 hidden fix can be enabled with --unsafe-fixes)." in result.out
    )
    after = os.stat("s.mlir")
    assert (after.st_ino, after.st_uid, after.st_gid, stat.S_IMODE(after.st_mode)) == (
        before.st_ino,
        before.st_uid,
        before.st_gid,
        0o640,
    )
    assert Path("s.mlir").read_bytes() == FIXED
    assert Path("other-name.mlir").read_bytes() == FIXED  # the other name sees the fix
    assert _temporaries(here) == []


def test_a_symbolic_link_stays_one(run: Invoke, here: Path) -> None:
    os.symlink("s.mlir", "link.mlir")
    assert run("check", "--isolated", "--fix", "link.mlir").code == 1
    assert os.path.islink("link.mlir") and Path("s.mlir").read_bytes() == FIXED


def test_a_read_only_file_is_refused_and_its_problems_reported(run: Invoke, here: Path) -> None:
    os.chmod("s.mlir", 0o444)  # even root, who could write it, leaves it alone
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "s.mlir")
    assert result.code == 2
    assert result.err == "broadcheck: error: cannot write 's.mlir': read-only (mode 0444); not written\n"
    assert result.out.splitlines()[-3:] == [
        "Found 4 errors in 1 file; 1 file could not be written.",
        "Checked 5 ops; 1 passed over (1 not in the op table); --show-skipped lists them.",
        "No fixes applied (1 hidden fix can be enabled with --unsafe-fixes).",
    ]
    assert Path("s.mlir").read_bytes() == STALE and _temporaries(here) == []


def test_a_write_failure_is_worded_as_one(run: Invoke, here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*_: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(outputs, "replace", fail)
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "s.mlir")
    assert result.code == 2
    assert result.err == "broadcheck: error: cannot write 's.mlir': Read-only file system\n"
    assert "Found 4 errors in 1 file; 1 file could not be written." in result.out  # the errors are all there
    assert "cannot read" not in result.err + result.out
    assert Path("s.mlir").read_bytes() == STALE and _temporaries(here) == []


def test_a_disk_that_fills_while_writing_leaves_the_file_as_it_was(
    run: Invoke, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = outputs._copy_into
    calls = []

    def half_then_full(fd: int, new: str) -> int:
        calls.append(new)
        if len(calls) == 1:  # the fixed text: half of it lands, then the disk is full
            os.pwrite(fd, Path(new).read_bytes()[:500], 0)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, new)  # putting the old text back

    monkeypatch.setattr(outputs, "_copy_into", half_then_full)
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "s.mlir")
    assert result.code == 2
    assert result.err == "broadcheck: error: cannot write 's.mlir': No space left on device\n"
    assert Path("s.mlir").read_bytes() == STALE and _temporaries(here) == []


def test_a_file_in_a_directory_that_cannot_be_written(
    run: Invoke, here: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    elsewhere = tmp_path_factory.mktemp("tmp")
    real = outputs.tempfile.mkstemp

    def mkstemp(prefix: str, suffix: str, dir: str | None = None) -> tuple[int, str]:
        if dir is not None:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(prefix=prefix, suffix=suffix, dir=str(elsewhere))

    monkeypatch.setattr(outputs.tempfile, "mkstemp", mkstemp)
    result = run("check", "--isolated", "--fix", "--output-format", "concise", "s.mlir")
    assert result.code == 1, result.err
    assert Path("s.mlir").read_bytes() == FIXED
    assert _temporaries(here, elsewhere) == []


def test_a_file_another_program_holds_open_is_not_written(
    run: Invoke, here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs, "LEASE_TRIES", 2)
    with open("s.mlir", "rb"):  # an editor or a `tail -f` that keeps it open: no lease
        result = run("check", "--isolated", "--fix", "--output-format", "concise", "s.mlir")
    assert result.code == 2
    assert "cannot write 's.mlir': open in another program, so it cannot be locked" in result.err
    assert Path("s.mlir").read_bytes() == STALE and _temporaries(here) == []


def test_fix_on_stdin_prints_its_source_alone(run: Invoke) -> None:
    clean = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
    result = run("check", "--isolated", "--fix", "-", stdin=clean)
    assert (result.code, result.out, result.err) == (0, clean, "No problems found in 1 file (1 op checked).\n")
    bad = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
    result = run("check", "--isolated", "--fix", "-", stdin=bad)
    assert (result.code, result.out) == (1, bad)  # nothing to fix: the buffer comes back as it was
    assert "<stdin>:1:6: error: 'tosa.add' op operands" in result.err
    command = [sys.executable, "-m", "broadcheck", "check", "--isolated", "--fix", "--output-format", "json", "-"]
    done = subprocess.run(command, input=STALE, capture_output=True, timeout=HANG)
    assert done.stdout == FIXED  # the fixed text alone, byte for byte (CRLF kept); the report on stderr
    assert b'"code": "BC101"' in done.stderr


def test_fix_on_stdin_gives_back_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    data = b"%0 = tosa.add \xff\n"
    result = subprocess.run(
        [sys.executable, "-m", "broadcheck", "check", "--isolated", "--fix", "-"],
        input=data,
        capture_output=True,
        timeout=HANG,
    )
    assert (result.returncode, result.stdout) == (1, data)
    assert b"invalid UTF-8: byte 0xff cannot be decoded [BC002]" in result.stderr


def test_fix_on_stdin_with_other_paths_is_a_usage_error(run: Invoke, here: Path) -> None:
    """Issue 30: `--fix - a.mlir` must never print another file's text as standard input's fix.
    A usage error (exit 2) in any order, before anything is read or written; `--diff` with `-`
    and files prints a diff per input, each under its own name."""
    for paths in (["-", "s.mlir"], ["s.mlir", "-"], ["-", "-"], ["-", "."]):
        result = run("check", "--isolated", "--fix", *paths, stdin="x\n")
        assert result.code == 2 and result.out == "", paths
        assert "--fix with '-' fixes standard input alone" in result.err
    assert Path("s.mlir").read_bytes() == STALE
    clean = "func.func @g() {\n  return\n}\n"
    result = run("check", "--isolated", "--diff", "-", "s.mlir", stdin=clean)
    assert result.code == 1 and result.out.startswith("--- s.mlir\n+++ s.mlir\n@@ ")
    assert "<stdin>" not in result.out and Path("s.mlir").read_bytes() == STALE


def test_output_file_never_overwrites_an_input(run: Invoke, here: Path) -> None:
    os.link("s.mlir", "hard.mlir")
    os.symlink("s.mlir", "soft.txt")
    Path("d").mkdir()
    Path("d/in.mlir").write_bytes(STALE)
    for target, paths in [
        ("s.mlir", ["s.mlir"]),
        ("hard.mlir", ["s.mlir"]),
        ("soft.txt", ["s.mlir"]),
        ("d/in.mlir", ["d"]),
    ]:
        for fix in ([], ["--fix"]):
            result = run("check", "--isolated", *fix, "--output-file", target, *paths)
            assert result.code == 2, (target, fix)
            assert "the report would overwrite it" in result.err
    with open("s.mlir", "rb") as standard_input:  # `broadcheck check - --output-file s.mlir < s.mlir`
        command = [sys.executable, "-m", "broadcheck", "check", "--isolated", "--output-file", "s.mlir", "-"]
        done = subprocess.run(command, stdin=standard_input, capture_output=True, timeout=HANG)
    assert done.returncode == 2 and b"is the file standard input reads" in done.stderr
    assert Path("s.mlir").read_bytes() == STALE and Path("d/in.mlir").read_bytes() == STALE
    assert run("check", "--isolated", "--output-file", "report.txt", "s.mlir").code == 1


def test_output_file_that_cannot_be_written(run: Invoke, here: Path) -> None:
    result = run("check", "--isolated", "--output-file", "/dev/full", "s.mlir")
    assert result.code == 2
    assert result.err == "broadcheck: error: cannot write '/dev/full': No space left on device\n"


# ----------------------------------------------------------------------------- one pass


def test_apply_is_one_linear_pass() -> None:
    line = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
    text = line * 200_000  # 15 MB, an edit on every line
    at = line.index("tensor<4xf32>\n")
    edits = tuple(
        Edit(Span(1, 1, 1, 1), i * len(line) + at, i * len(line) + at + 13, "tensor<5xf32>") for i in range(200_000)
    )
    fixed = apply(text, [Fix("m", edits)])  # copying the text per edit took hours (pytest-timeout ends that)
    assert fixed == text.replace("tensor<4xf32>\n", "tensor<5xf32>\n")
    # The work counted, not timed: each character of the text is written once, in at most two
    # pieces per edit (the text before it, its new text) and one after the last.
    pieces: list[int] = []
    chunks = [text[i : i + 65_536] for i in range(0, len(text), 65_536)]
    apply_stream(chunks, edits_of([Fix("m", edits)]), lambda piece: pieces.append(len(piece)))
    assert sum(pieces) == len(fixed)
    assert len(pieces) <= 2 * len(edits) + len(chunks) + 1


# ----------------------------------------------------------------------------- properties

EDITOR = r"""
import os, sys, time
path, how, delay, marker = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4].encode()
time.sleep(delay)
if how == "append":
    with open(path, "ab") as f:
        f.write(marker)
elif how == "rewrite":  # as `cat > file` or an editor that saves in place
    data = open(path, "rb").read()
    with open(path, "wb") as f:
        f.write(marker + data)
else:  # as an editor that saves a new file and renames it over the old one
    data = open(path, "rb").read()
    with open(path + ".new", "wb") as f:
        f.write(marker + data)
    os.replace(path + ".new", path)
"""


class Generated:
    """A generated file of about 470 KB with stale result types, and what --fix makes of it
    (a class, so that Hypothesis does not print megabytes when it reports an example)."""

    def __init__(self) -> None:
        generator = gen.Generator(4_000, seed=3, error_rate=0.01)
        text = "".join(line + "\n" for line in generator.lines())
        options = Options()
        result = check_text("g.mlir", text, options)
        diagnostics = with_fixes(text, result.diagnostics, options)
        fixed = apply(text, fixes_of(diagnostics, False))
        assert fixed != text
        self.original, self.fixed = text.encode(), fixed.encode()

    def __repr__(self) -> str:
        return "Generated()"


@pytest.fixture(scope="module")
def generated() -> Generated:
    return Generated()


def _start_fix(path: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "broadcheck",
            "check",
            "--isolated",
            "-j",
            "1",
            "--fix",
            "--output-format",
            "concise",
            path.name,
        ],
        cwd=path.parent,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )


@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(["append", "rewrite", "rename"]), delay=st.floats(0.0, 2.5))
def test_an_edit_made_during_fix_is_never_lost(
    how: str, delay: float, generated: Generated, tmp_path_factory: pytest.TempPathFactory
) -> None:
    original, fixed = generated.original, generated.fixed
    directory = tmp_path_factory.mktemp("edit")
    path = directory / "g.mlir"
    path.write_bytes(original)
    marker = f"// an edit made {delay:.3f} s in, by {how}\n"
    env = {**os.environ, "TMPDIR": str(directory)}
    fixing = _start_fix(path, env)
    editor = subprocess.run(
        [sys.executable, "-c", EDITOR, str(path), how, str(delay), marker], timeout=HANG, check=True
    )
    assert editor.returncode == 0
    _, err = fixing.communicate(timeout=HANG)
    final = path.read_bytes()
    ours = marker.encode()
    if how == "append":
        assert final in (original + ours, fixed + ours), (fixing.returncode, err)
    else:
        assert final in (ours + original, ours + fixed), (fixing.returncode, err)
    assert fixing.returncode in (0, 1, 2), err
    if fixing.returncode == 2:
        assert b"cannot write 'g.mlir'" in err and b"Traceback" not in err
    assert _temporaries(directory) == []


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.sampled_from([signal.SIGTERM, signal.SIGHUP, signal.SIGINT]), delay=st.floats(0.05, 2.5))
def test_a_signal_during_fix_leaves_no_temporary_file_and_no_half_written_file(
    number: int, delay: float, generated: Generated, tmp_path_factory: pytest.TempPathFactory
) -> None:
    original, fixed = generated.original, generated.fixed
    directory = tmp_path_factory.mktemp("signal")
    path = directory / "g.mlir"
    path.write_bytes(original)
    fixing = _start_fix(path, {**os.environ, "TMPDIR": str(directory)})
    time.sleep(delay)
    fixing.send_signal(number)
    _, err = fixing.communicate(timeout=HANG)
    # Before the command line is up (Python's start-up), or once the command is done (the file
    # written, the handlers gone), the signal's default action ends it: never half a file.
    assert fixing.returncode in (0, 1, 128 + number, -number), err
    assert b"Traceback" not in err or _interpreter_start_up(err), err
    assert path.read_bytes() in (original, fixed)
    assert _temporaries(directory) == []


def _interpreter_start_up(err: bytes) -> bool:
    """A signal that came while Python itself was starting (``site``, the standard streams, ``runpy``
    finding the module), before the first line of broadcheck's package ran (it installs quiet handlers
    first thing): the interpreter's own KeyboardInterrupt report, in any of its forms ("Could not
    import runpy module", "Fatal Python error: init_import_site", "Exception ignored in"), with no
    frame in broadcheck's code."""
    text = err.decode(errors="replace")
    frames = [line.strip() for line in text.splitlines() if line.lstrip().startswith('File "')]
    return "KeyboardInterrupt" in text and not any(line.startswith(f'File "{PACKAGE}') for line in frames)
