"""The outer layer's share of the fuzz campaign (``make fuzz``): the real command line, as a
process with a time bound, on what surrounds the checking.

Three kinds of scenario, in rotation:

* **walk**: a directory of random ``*.mlir`` entries: mutated files (some with names that
  are not UTF-8, or that hold control characters, line feeds and ``::error file=...``),
  FIFOs with no writer, symbolic links to ``/dev/zero``, ``/dev/null`` and
  ``/dev/urandom``, dangling links, sockets and directories named ``*.mlir``, checked in a
  random output format with ``-j 1`` or ``-j 2``;
* **signal**: ``--fix`` on a file with stale result types (a fixture's or a generated one of
  up to 2 MB, under a random name), with SIGTERM, SIGHUP or SIGINT sent at a random moment;
* **edit**: ``--fix`` while another process edits the file at a random moment (appends to
  it, rewrites it in place, or renames a new file over it).

Each must end within its bound (a hang fails), print no traceback and no internal error,
write valid UTF-8 (and JSON that parses), change no input byte it was not asked to (a walk
changes nothing; ``--fix`` leaves the file as it was or as fixed, never half written),
lose no edit, and leave no temporary file.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from broadcheck.engine.fix import apply, fixes_of, with_fixes
from broadcheck.engine.options import Options
from broadcheck.engine.run import check_text
from tests.mutations import corpus, mutate

FORMATS = ("full", "concise", "json", "sarif", "github")
BOUND = 120.0
"""Seconds a scenario may take before it counts as a hang."""
_ODD_NAMES = [
    b"bad\xff.mlir",
    b"\xc3(.mlir",
    b"x\n::error file=README.md,line=1::pwned\n.mlir",
    b"e\x1b]0;title\x07\x1b[2J.mlir",
    b"nul\x01\x02\x7f.mlir",
    b"bidi\xe2\x80\xae.mlir",
    b"100%25.mlir",
    b"sp ace,comma:colon.mlir",
]


class Failure(Exception):
    """A scenario that broke a promise."""


def _run(command: list[str], cwd: Path, env: dict[str, str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, timeout=BOUND, check=False, **kwargs)  # type: ignore[call-overload,no-any-return]
    except subprocess.TimeoutExpired:
        raise Failure(f"hang: {command} did not end within {BOUND:.0f} s") from None


def _environment(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "FORCE_COLOR", "COLUMNS")}
    env["TMPDIR"] = str(tmp)
    return env


def _sound(result: subprocess.CompletedProcess[bytes], fmt: str, allowed: tuple[int, ...]) -> None:
    if result.returncode not in allowed:
        raise Failure(f"exit {result.returncode}: {result.stderr[-2000:]!r}")
    if b"Traceback" in result.stderr or b"internal error" in result.stderr:
        raise Failure(f"traceback or internal error: {result.stderr[-2000:]!r}")
    try:
        out = result.stdout.decode("utf-8")
        result.stderr.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Failure(f"output not UTF-8: {err}") from None
    if fmt in ("json", "sarif") and result.returncode in (0, 1, 2) and out:
        json.loads(out)
    for raw in ("\x1b", "\x07", "\x00"):
        if raw in out:
            raise Failure(f"{raw!r} reached the output")
    if fmt == "github" and any(line.startswith("::error file=README.md") for line in out.splitlines()):
        raise Failure("a file name became a workflow command")


def _leftovers(*directories: Path) -> list[str]:
    return [p.name for d in directories for p in d.iterdir() if "broadcheck-" in p.name]


def walk(rng: random.Random, files: list[str], tmp: Path, env: dict[str, str]) -> None:
    """A directory of random entries, checked: nothing hangs, nothing changes."""
    root = tmp / "walk"
    root.mkdir()
    regular: dict[Path, bytes] = {}
    holders: list[socket.socket] = []
    try:
        for i in range(rng.randint(1, 12)):
            kind = rng.randrange(10)
            name = rng.choice(_ODD_NAMES) if rng.random() < 0.4 else f"f{i}.mlir".encode()
            path = root / os.fsdecode(name.replace(b".mlir", f"{i}.mlir".encode()))
            if kind <= 4:
                data = mutate(rng.choice(files), rng, rng.randint(0, 4)).encode()
                path.write_bytes(data)
                regular[path] = data
            elif kind == 5:
                os.mkfifo(path)
            elif kind == 6:
                path.symlink_to(rng.choice(["/dev/zero", "/dev/null", "/dev/urandom"]))
            elif kind == 7:
                path.symlink_to(root / "nowhere")
            elif kind == 8 and len(str(path)) < 100:
                holder = socket.socket(socket.AF_UNIX)
                holder.bind(str(path))
                holders.append(holder)
            else:
                path.mkdir()
        fmt = rng.choice(FORMATS)
        command = [sys.executable, "-m", "broadcheck", "check", "--isolated", "-j", rng.choice(["1", "2"])]
        result = _run([*command, "--output-format", fmt, "walk"], cwd=tmp, env=env, stdin=subprocess.DEVNULL)
        _sound(result, fmt, (0, 1, 2))
        for path, data in regular.items():
            if path.read_bytes() != data:
                raise Failure(f"{path.name!r} changed")
        if _leftovers(root, tmp):
            raise Failure(f"files left: {_leftovers(root, tmp)}")
    finally:
        for holder in holders:
            holder.close()
        shutil.rmtree(root, ignore_errors=True)


def _stale_text(rng: random.Random, generated: list[str]) -> str:
    if generated and rng.random() < 0.5:
        return rng.choice(generated)
    return (Path(__file__).parent / "golden" / "fix" / "stale.mlir").read_text() * rng.randint(1, 200)


def _fixed(text: str) -> str:
    options = Options()
    result = check_text("x.mlir", text, options)
    return apply(text, fixes_of(with_fixes(text, result.diagnostics, options), False))


def fix_with_a_signal(rng: random.Random, generated: list[str], tmp: Path, env: dict[str, str]) -> bool:
    """--fix, with a signal at a random moment: the file as it was, or fixed; no temporary file.
    Whether the signal came while Python itself was starting, before broadcheck's first line."""
    text = _stale_text(rng, generated)
    original, fixed = text.encode(), _fixed(text).encode()
    name = os.fsdecode(rng.choice([b"g.mlir", *_ODD_NAMES]))
    path = tmp / name
    path.write_bytes(original)
    number = rng.choice([signal.SIGTERM, signal.SIGHUP, signal.SIGINT, 0])
    process = subprocess.Popen(
        [sys.executable, "-m", "broadcheck", "check", "--isolated", "--fix", "--output-format", "concise", name],
        cwd=tmp,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    if number:
        time.sleep(rng.uniform(0.0, 3.0))
        process.send_signal(number)
    try:
        _, err = process.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        process.kill()
        raise Failure("hang: --fix did not end") from None
    finally:
        final = path.read_bytes()
        path.unlink()
    code = process.returncode
    # Before broadcheck's first line runs, the signal meets Python's own start-up (its
    # KeyboardInterrupt traceback names no module of broadcheck): not broadcheck's to handle.
    starting = code in (1, -number) and b"KeyboardInterrupt" in err and b"broadcheck" not in err
    if not starting and (code not in (0, 1, 128 + number, -number) or b"Traceback" in err or b"internal error" in err):
        raise Failure(f"--fix with signal {number}: exit {code}: {err[-2000:]!r}")
    if starting:
        code = -number
    if final != fixed and not (final == original and code in (128 + number, -number)):
        raise Failure(f"--fix with signal {number}, exit {code}: the file is neither as it was nor as fixed")
    if _leftovers(tmp):
        raise Failure(f"temporary files left: {_leftovers(tmp)}")
    return starting


_EDITOR = r"""
import os, sys, time
path, how, delay, marker = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4].encode()
time.sleep(delay)
if how == "append":
    with open(path, "ab") as f:
        f.write(marker)
else:
    data = open(path, "rb").read()
    if how == "rewrite":
        with open(path, "wb") as f:
            f.write(marker + data)
    else:
        with open(path + ".new", "wb") as f:
            f.write(marker + data)
        os.replace(path + ".new", path)
"""


def fix_with_an_edit(rng: random.Random, generated: list[str], tmp: Path, env: dict[str, str]) -> None:
    """--fix while another program edits the file: the edit is never lost."""
    text = _stale_text(rng, generated)
    original, fixed = text.encode(), _fixed(text).encode()
    path = tmp / "e.mlir"
    path.write_bytes(original)
    how = rng.choice(["append", "rewrite", "rename"])
    marker = f"// edit {rng.random()}\n".encode()
    process = subprocess.Popen(
        [sys.executable, "-m", "broadcheck", "check", "--isolated", "--fix", "--output-format", "concise", "e.mlir"],
        cwd=tmp,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    editor = [sys.executable, "-c", _EDITOR, str(path), how, str(rng.uniform(0.0, 3.0)), marker.decode()]
    _run(editor, cwd=tmp, env=env)
    try:
        _, err = process.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        process.kill()
        raise Failure("hang: --fix did not end") from None
    final = path.read_bytes()
    path.unlink()
    allowed = (original + marker, fixed + marker) if how == "append" else (marker + original, marker + fixed)
    if final not in allowed:
        raise Failure(f"an edit ({how}) was lost or the file mangled; --fix said {err[-1000:]!r}")
    if process.returncode not in (0, 1, 2) or b"Traceback" in err or b"internal error" in err:
        raise Failure(f"--fix with an edit: exit {process.returncode}: {err[-2000:]!r}")
    if _leftovers(tmp):
        raise Failure(f"temporary files left: {_leftovers(tmp)}")


def _generated(rng: random.Random) -> list[str]:
    """A few generated files of 0.2 to 2 MB with stale result types."""
    from bench import gen

    texts = []
    for ops in (2_000, 18_000):
        generator = gen.Generator(ops, seed=rng.randrange(1000), error_rate=0.01)
        texts.append("".join(line + "\n" for line in generator.lines()))
    return texts


def campaign(seed: int, seconds: float) -> tuple[dict[str, int], float, str | None]:
    """Run scenarios for ``seconds``; (how many of each kind, seconds, the failure or None).
    ``python start-up`` counts the signals that came before broadcheck's first line ran."""
    rng = random.Random(seed)
    files = corpus()
    generated = _generated(rng)
    counts = {"walk": 0, "signal": 0, "edit": 0, "python start-up": 0}
    start = time.monotonic()
    kinds: list[tuple[str, Callable[[random.Random, list[str], Path, dict[str, str]], object]]] = [
        ("walk", walk),
        ("signal", fix_with_a_signal),
        ("edit", fix_with_an_edit),
    ]
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        env = _environment(tmp)
        n = 0
        while time.monotonic() - start < seconds:
            label, scenario = kinds[n % len(kinds)]
            try:
                if scenario(rng, files if label == "walk" else generated, tmp, env):
                    counts["python start-up"] += 1
            except Exception as err:
                detail = err if isinstance(err, Failure) else f"{type(err).__name__}: {err}"
                return counts, time.monotonic() - start, f"seed {seed}, {label} scenario {counts[label]}: {detail}"
            counts[label] += 1
            n += 1
    return counts, time.monotonic() - start, None
