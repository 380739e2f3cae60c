"""The result cache: a warm run prints what a cold run prints, byte for byte; anything that
could change a result (the file, a setting, broadcheck itself) makes a recheck; a corrupt or
foreign entry is never trusted; concurrent runs and ``-j`` never see half an entry."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from broadcheck import cache
from tests.conftest import EXAMPLES, FIXTURES, Invoke
from tests.waits import HANG

BAD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
GOOD = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
FORMATS = ["full", "concise", "json", "sarif", "github", "junit", "gitlab"]


def from_cache(result_err: str) -> tuple[int, int]:
    """(files to check, from the cache), as ``-v`` says them."""
    line = next(line for line in result_err.splitlines() if " to check" in line)
    files = int(line.split("broadcheck: ")[1].split(" ")[0])
    cached = int(line.split(", ")[-1].split(" from the cache")[0]) if "from the cache" in line else 0
    return files, cached


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    shutil.copytree(FIXTURES, tmp_path / "fixtures")
    return tmp_path


def test_a_warm_run_prints_what_a_cold_run_prints(run: Invoke, tree: Path) -> None:
    for fmt in FORMATS:
        args = ("check", "--output-format", fmt, "--show-skipped", "examples", "fixtures")
        fresh = run(*args, "--no-cache")
        cold = run(*args, "-v")
        warm = run(*args, "-v")
        assert (cold.code, cold.out) == (fresh.code, fresh.out) == (warm.code, warm.out), fmt
        files, cached = from_cache(warm.err)
        assert files > 30 and cached == files, fmt
    statistics = [run("check", "--statistics", "examples", *extra).out for extra in ((), ("--no-cache",))]
    assert statistics[0] == statistics[1]


@pytest.mark.parametrize("split", [[], ["--split-input-file"]])
def test_verify_diagnostics_runs_are_cached_apart(run: Invoke, tree: Path, split: list[str]) -> None:
    fixtures = sorted(str(p.relative_to(tree)) for p in (tree / "fixtures").glob("*.mlir"))[:40]
    for _ in range(2):
        for verify in (["--verify-diagnostics"], ["--no-verify-diagnostics"]):
            fresh = run("check", "--output-format", "concise", *split, *verify, *fixtures, "--no-cache")
            used = run("check", "--output-format", "concise", *split, *verify, *fixtures)
            assert (used.code, used.out) == (fresh.code, fresh.out)


def test_a_changed_file_is_checked_again(run: Invoke, tree: Path) -> None:
    Path("a.mlir").write_text(BAD)
    first = run("check", "-v", "a.mlir")
    assert (first.code, from_cache(first.err)) == (1, (1, 0))
    Path("a.mlir").write_text(GOOD)
    second = run("check", "-v", "a.mlir")
    assert (second.code, from_cache(second.err)) == (0, (1, 0))
    third = run("check", "-v", "a.mlir")
    assert (third.code, from_cache(third.err)) == (0, (1, 1))
    Path("a.mlir").write_text(BAD)  # back: the first entry serves again
    assert (run("check", "-v", "a.mlir").code, from_cache(run("check", "-v", "a.mlir").err)) == (1, (1, 1))


@pytest.mark.parametrize(
    "setting",
    [
        ["--profile", "llvm"],
        ["--select", "BC1"],
        ["--ignore", "BC101"],
        ["--per-file-ignores", "a.mlir:BC101"],
        ["--op", "tosa.*=none"],
        ["--split-input-file"],
        ["--verify-diagnostics"],
    ],
)
def test_a_changed_setting_is_a_recheck(run: Invoke, tree: Path, setting: list[str]) -> None:
    Path("a.mlir").write_text(BAD + "// -----\n" + BAD)
    assert from_cache(run("check", "-v", "a.mlir").err) == (1, 0)
    assert from_cache(run("check", "-v", "a.mlir").err) == (1, 1)
    changed = run("check", "-v", *setting, "a.mlir")
    assert from_cache(changed.err) == (1, 0)
    assert changed.out == run("check", "--no-cache", *setting, "a.mlir").out
    assert from_cache(run("check", "-v", *setting, "a.mlir").err) == (1, 1)


def test_extend_select_is_a_recheck(run: Invoke, tree: Path) -> None:
    Path("a.mlir").write_text(BAD)
    assert run("check", "--select", "BC3", "a.mlir").code == 0
    assert from_cache(run("check", "-v", "--select", "BC3", "a.mlir").err) == (1, 1)
    more = run("check", "-v", "--output-format", "concise", "--select", "BC3", "--extend-select", "BC1", "a.mlir")
    assert (more.code, from_cache(more.err)) == (1, (1, 0))
    assert "[BC101]" in more.out


def test_a_changed_configuration_is_a_recheck(run: Invoke, tree: Path) -> None:
    Path("a.mlir").write_text(BAD)
    assert run("check", "a.mlir").code == 1
    Path("pyproject.toml").write_text('[tool.broadcheck]\nignore = ["BC101"]\n')
    result = run("check", "-v", "a.mlir")
    assert (result.code, from_cache(result.err)) == (0, (1, 0))


def test_a_new_broadcheck_is_a_recheck(run: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import broadcheck

    Path("a.mlir").write_text(BAD)
    run("check", "a.mlir")
    assert from_cache(run("check", "-v", "a.mlir").err) == (1, 1)
    monkeypatch.setattr(broadcheck, "__version__", "99.0")
    assert from_cache(run("check", "-v", "a.mlir").err) == (1, 0)
    monkeypatch.undo()
    # An edited module or op table (a checkout between two versions) changes the fingerprint too.
    before = cache.code_fingerprint()
    package = Path(broadcheck.__file__).parent
    for edited in (Path(cache.__file__), package / "dialects" / "ods" / "tf_constraints.json"):
        stamp = edited.stat()
        try:
            os.utime(edited, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))
            assert cache.code_fingerprint() != before, edited
        finally:
            os.utime(edited, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        assert cache.code_fingerprint() == before


def _secret() -> bytes:
    """This test's user's cache key."""
    where = cache.key_path()
    assert where is not None
    key = cache.load_key(where)
    assert isinstance(key, bytes)
    return key


def _entries() -> list[Path]:
    return sorted(Path(p) for p in cache.entries(os.environ["BROADCHECK_CACHE_DIR"]))


@pytest.mark.parametrize(
    "damage",
    ["empty", "truncated", "flipped", "garbage", "foreign", "old-format", "directory", "huge-count", "deep"],
)
def test_a_corrupt_entry_is_never_trusted(run: Invoke, tree: Path, damage: str) -> None:
    Path("a.mlir").write_text(BAD)
    Path("b.mlir").write_text(BAD.replace("2xf32", "1xf32"))
    reference = run("check", "--no-cache", "--output-format", "json", "a.mlir").out
    run("check", "a.mlir", "b.mlir")
    entries = _entries()
    assert len(entries) == 2
    a_entry = next(p for p in entries if b"operands don't have" in p.read_bytes())
    other = next(p for p in entries if p != a_entry)
    data = a_entry.read_bytes()
    header, body = data.split(b"\n", 1)
    if damage == "empty":
        a_entry.write_bytes(b"")
    elif damage == "truncated":
        a_entry.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":  # one character of the body changed: the digest no longer matches
        a_entry.write_bytes(header + b"\n" + body.replace(b"BC101", b"BC102", 1))
    elif damage == "garbage":
        a_entry.write_bytes(os.urandom(4096))
    elif damage == "foreign":  # another file's entry under this key's name
        a_entry.write_bytes(other.read_bytes())
    elif damage == "old-format":
        a_entry.write_bytes(data.replace(b"broadcheck-cache 2", b"broadcheck-cache 1", 1))
    elif damage == "directory":
        a_entry.unlink()
        a_entry.mkdir()
    elif damage in ("huge-count", "deep"):  # a sound seal over a body that is not an entry
        bad = b"l99999999999:" if damage == "huge-count" else b"l1:" * 100_000 + b"n"
        sealed = b"broadcheck-cache 2 " + cache.mac(b"s", b"k\x00" + bad).encode() + b"\n" + bad
        assert cache.decode(sealed, "k", "a.mlir", b"s") is None
        a_entry.write_bytes(header + b"\n" + bad)
    result = run("check", "-v", "--output-format", "json", "a.mlir")
    assert result.out == reference
    assert from_cache(result.err) == (1, 0)
    if damage != "directory":
        again = run("check", "-v", "--output-format", "json", "a.mlir")  # rewritten, and trusted again
        assert (again.out, from_cache(again.err)) == (reference, (1, 1))


def test_every_result_part_comes_back(tree: Path) -> None:
    """An entry keeps everything a result holds: notes, labels, fixes, lines, what was passed over."""
    from broadcheck.api import check_text
    from broadcheck.diagnostics import Result
    from broadcheck.engine.fix import with_fixes
    from broadcheck.engine.options import Options
    from broadcheck.engine.run import check_text as check_source

    for path in sorted(EXAMPLES.rglob("*.mlir")) + sorted(FIXTURES.glob("*.mlir"))[:60]:
        text = path.read_text(encoding="utf-8", errors="replace")
        result = check_source(str(path), text, Options())
        result.diagnostics = with_fixes(text, result.diagnostics, Options())
        data = cache.encode(result, "k", str(path), b"secret")
        assert data is not None
        back = cache.decode(data, "k", str(path), b"secret")
        assert isinstance(back, Result)
        assert back == result, path
        assert cache.decode(data, "other", str(path), b"secret") is None
        assert cache.decode(data, "k", str(path), b"another user's secret") is None
    assert check_text  # the library's function is the same engine


def test_standard_input_and_fix_are_never_cached(run: Invoke, tree: Path) -> None:
    assert run("check", "-", stdin=BAD).code == 1
    assert _entries() == []
    stale = (Path(__file__).parent / "golden" / "fix" / "stale.mlir").read_bytes()
    Path("s.mlir").write_bytes(stale)
    before = run("check", "--output-format", "concise", "s.mlir")
    assert len(_entries()) == 1
    fixed = run("check", "--fix", "--output-format", "concise", "s.mlir")
    assert "Fixed 1 problem" in fixed.out and fixed.out != before.out
    assert len(_entries()) == 1  # --fix neither read nor wrote an entry
    assert Path("s.mlir").read_bytes() == (Path(__file__).parent / "golden" / "fix" / "stale.fixed.mlir").read_bytes()
    after = run("check", "--output-format", "concise", "s.mlir")
    assert after.out == run("check", "--no-cache", "--output-format", "concise", "s.mlir").out


def test_where_the_cache_lives(run: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BROADCHECK_CACHE_DIR")
    Path("a.mlir").write_text(BAD)
    run("check", "a.mlir")
    assert (tree / ".broadcheck_cache" / ".gitignore").read_text() == "# Automatically created by broadcheck.\n*\n"
    assert (
        (tree / ".broadcheck_cache" / "CACHEDIR.TAG")
        .read_text()
        .startswith("Signature: 8a477f597d28d172789f06886806bc55")
    )
    # beside the configuration file when there is one, whatever the current directory
    Path("pyproject.toml").write_text('[tool.broadcheck]\nprofile = "llvm"\n')
    Path("sub").mkdir()
    monkeypatch.chdir(tree / "sub")
    run("check", "../a.mlir")
    assert not (tree / "sub" / ".broadcheck_cache").exists()
    run("check", "--cache-dir", str(tree / "elsewhere"), "../a.mlir")
    assert len(list(cache.entries(str(tree / "elsewhere")))) == 1
    monkeypatch.setenv("BROADCHECK_CACHE_DIR", str(tree / "env"))
    run("check", "../a.mlir")
    assert len(list(cache.entries(str(tree / "env")))) == 1
    Path("../pyproject.toml").write_text('[tool.broadcheck]\ncache-dir = "from-config"\n')
    monkeypatch.delenv("BROADCHECK_CACHE_DIR")
    run("check", "../a.mlir")
    assert len(list(cache.entries(str(tree / "from-config")))) == 1
    monkeypatch.setenv("BROADCHECK_NO_CACHE", "1")
    run("check", "-v", "../a.mlir")
    assert "cache off" in run("check", "-v", "../a.mlir").err


def test_a_cache_that_cannot_be_written_is_not_used(run: Invoke, tree: Path) -> None:
    if os.geteuid() == 0:
        blocked = tree / "blocked"
        blocked.write_text("a file where the directory would go\n")
    else:
        blocked = tree / "ro"
        blocked.mkdir(mode=0o500)
    Path("a.mlir").write_text(BAD)
    result = run("check", "--cache-dir", str(blocked / "c"), "--output-format", "concise", "a.mlir")
    assert result.code == 1 and result.err == ""
    assert result.out == run("check", "--no-cache", "--output-format", "concise", "a.mlir").out


def test_concurrent_runs_and_workers_share_the_cache_safely(tree: Path) -> None:
    work = tree / "many"
    work.mkdir()
    for i in range(60):
        (work / f"f{i:02d}.mlir").write_text((BAD if i % 3 else GOOD) * (i % 5 + 1))
    env = {**os.environ, "BROADCHECK_CACHE_DIR": str(tree / "shared")}
    command = [sys.executable, "-m", "broadcheck", "check", "--output-format", "concise", "-j", "2", "many"]
    runs = [
        subprocess.Popen(command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)
    ]
    outputs = [p.communicate(timeout=HANG) for p in runs]
    reference = subprocess.run([*command, "--no-cache"], cwd=tree, env=env, capture_output=True, check=False)
    assert all(out == (reference.stdout, b"") for out in outputs)
    assert all(p.returncode == 1 for p in runs)
    entries = list(cache.entries(str(tree / "shared")))
    assert len(entries) == 60
    assert not [p for p in (tree / "shared").rglob("*.tmp")]
    warm = subprocess.run([*command, "-v"], cwd=tree, env=env, capture_output=True, check=False, text=True)
    assert warm.stdout == reference.stdout.decode()
    assert from_cache(warm.stderr) == (60, 60)


# ----------------------------------------------------------------------------- trust


def _plant(path: str, secret: bytes, result_of: str = "a.mlir") -> Path:
    """A "no problems" entry for ``path`` under this user's entry name, sealed with ``secret``:
    what someone who knows everything but this user's key could write."""
    from broadcheck.diagnostics import Result
    from broadcheck.engine.options import Options

    ours = cache.Cache(os.environ["BROADCHECK_CACHE_DIR"], secret=_secret())
    name = ours.name(path, Options())
    about = ours.key(path, cache.file_digest(result_of) or "", Options())
    data = cache.encode(Result(path, [], 1, {}, {}, 0), about, path, secret)
    assert data is not None
    entry = Path(os.environ["BROADCHECK_CACHE_DIR"]) / name[:2] / name[2:]
    assert entry.exists()  # the run before wrote this file's entry there: the name is right
    entry.write_bytes(data)
    return entry


def test_a_planted_entry_with_another_key_is_a_miss(run: Invoke, tree: Path) -> None:
    Path("a.mlir").write_text(BAD)
    assert run("check", "a.mlir").code == 1
    _plant("a.mlir", b"x" * 32)  # the planter's own key
    result = run("check", "-v", "a.mlir")
    assert (result.code, from_cache(result.err)) == (1, (1, 0))
    # The same entry sealed with this user's key is believed: the seal is what was wrong.
    _plant("a.mlir", _secret())
    result = run("check", "-v", "a.mlir")
    assert (result.code, from_cache(result.err)) == (0, (1, 1))


@pytest.mark.parametrize("how", ["group-writable", "world-writable", "another-owner", "symlink"])
def test_an_entry_others_could_write_is_a_miss(run: Invoke, tree: Path, how: str) -> None:
    Path("a.mlir").write_text(BAD)
    assert run("check", "a.mlir").code == 1
    entry = _plant("a.mlir", _secret())  # even a right seal: the file could have been swapped
    if how == "group-writable":
        entry.chmod(0o620)
    elif how == "world-writable":
        entry.chmod(0o602)
    elif how == "another-owner":
        if os.geteuid() != 0:
            pytest.skip("only root can give a file to another user")
        os.chown(entry, 12345, 12345)
    else:
        moved = entry.with_name("elsewhere")
        entry.rename(moved)
        entry.symlink_to(moved)
    result = run("check", "-v", "a.mlir")
    assert (result.code, from_cache(result.err)) == (1, (1, 0))


def test_entries_are_written_for_their_owner_alone(run: Invoke, tree: Path) -> None:
    Path("a.mlir").write_text(BAD)
    run("check", "a.mlir")
    (entry,) = _entries()
    assert entry.stat().st_mode & 0o777 == 0o600
    assert entry.parent.stat().st_mode & 0o777 == 0o700


def test_the_key_is_made_once_for_the_user_alone(run: Invoke, tree: Path) -> None:
    where = Path(os.environ["XDG_CONFIG_HOME"]) / "broadcheck" / "cache-key"
    assert not where.exists()
    Path("a.mlir").write_text(BAD)
    run("check", "a.mlir")
    assert where.stat().st_mode & 0o777 == 0o600
    key = where.read_bytes()
    assert len(bytes.fromhex(key.decode())) == 32
    run("check", "a.mlir")
    assert where.read_bytes() == key
    assert not str(where).startswith(os.environ["BROADCHECK_CACHE_DIR"])


@pytest.mark.parametrize("how", ["readable", "symlink", "garbage"])
def test_a_key_others_could_read_turns_the_cache_off(run: Invoke, tree: Path, how: str) -> None:
    where = Path(os.environ["XDG_CONFIG_HOME"]) / "broadcheck" / "cache-key"
    where.parent.mkdir(parents=True)
    if how == "readable":
        where.write_text("ab" * 32 + "\n")
        where.chmod(0o644)
    elif how == "symlink":
        (tree / "k").write_text("ab" * 32 + "\n")
        (tree / "k").chmod(0o600)
        where.symlink_to(tree / "k")
    else:
        where.write_text("not a key\n")
        where.chmod(0o600)
    Path("a.mlir").write_text(BAD)
    result = run("check", "-v", "--output-format", "concise", "a.mlir")
    assert result.code == 1
    assert result.out == run("check", "--no-cache", "--output-format", "concise", "a.mlir").out
    assert "broadcheck: warning: the cache key" in result.err
    assert "broadcheck: cache off (the cache key" in result.err
    assert _entries() == []
    assert run("check", "-qq", "a.mlir").err == ""


def test_a_symlinked_cache_directory_is_never_written(run: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BROADCHECK_CACHE_DIR")
    target = tree / "target"
    target.mkdir()
    (tree / ".broadcheck_cache").symlink_to(target)
    Path("a.mlir").write_text(BAD)
    result = run("check", "--output-format", "concise", "a.mlir")
    assert result.code == 1
    link = tree / ".broadcheck_cache"
    assert result.err == f"broadcheck: warning: the cache directory '{link}' is a symbolic link; not used\n"
    assert list(target.iterdir()) == []
    for explicit in ("--cache-dir", str(tree / ".broadcheck_cache")), ("--cache-dir", ".broadcheck_cache/"), ():
        monkeypatch.setenv("BROADCHECK_CACHE_DIR", str(tree / ".broadcheck_cache"))
        assert run("check", *explicit, "a.mlir").code == 1
        assert list(target.iterdir()) == []


def test_tags_go_only_into_a_directory_broadcheck_made(run: Invoke, tree: Path) -> None:
    mine = tree / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("the user's own\n")
    Path("a.mlir").write_text(BAD)
    assert run("check", "--cache-dir", str(mine), "a.mlir").code == 1
    assert sorted(p.name for p in mine.iterdir() if not p.is_dir()) == ["notes.txt"]
    assert len(list(cache.entries(str(mine)))) == 1  # a cache all the same
    assert run("check", "--cache-dir", str(tree / "fresh" / "c"), "a.mlir").code == 1
    assert sorted(p.name for p in (tree / "fresh" / "c").iterdir() if not p.is_dir()) == [".gitignore", "CACHEDIR.TAG"]


# ----------------------------------------------------------------------------- pruning


def test_a_file_keeps_only_its_latest_entry(run: Invoke, tree: Path) -> None:
    for i in range(8):  # eight edits: one entry, the last
        Path("a.mlir").write_text(BAD * (i + 1))
        assert run("check", "a.mlir").code == 1
    assert len(_entries()) == 1
    result = run("check", "-v", "a.mlir")
    assert (result.code, from_cache(result.err)) == (1, (1, 1))
    run("check", "--select", "BC1", "a.mlir")  # other settings: an entry of their own, as ruff keeps
    assert len(_entries()) == 2


def test_the_cache_stays_within_its_bound(run: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Path("many").mkdir()
    for i in range(30):
        Path(f"many/f{i:02d}.mlir").write_text(BAD * (i + 1))
    run("check", "-j", "1", "many")
    sizes = {p: p.stat().st_size for p in _entries()}
    assert len(sizes) == 30
    bound = sum(sizes.values()) // 2
    monkeypatch.setattr(cache, "SIZE_BOUND", bound)
    Path("new.mlir").write_text(BAD)
    before = set(sizes)
    for p in sorted(before):  # the entries of the first run, oldest first by name
        os.utime(p, ns=(0, 10**9 * (1 + sorted(before).index(p))))
    run("check", "new.mlir")
    after = _entries()
    assert sum(p.stat().st_size for p in after) <= bound * 3 // 4
    assert set(after) - before  # the new entry stayed
    kept = sorted(before & set(after))
    gone = sorted(before - set(after))
    assert gone and kept and max(gone) < min(kept)  # those written longest ago went first
    assert run("check", "new.mlir").code == 1
    assert len(_entries()) == len(after)  # a run that wrote nothing prunes nothing


def test_a_killed_runs_temporary_files_are_pruned(run: Invoke, tree: Path) -> None:
    Path("a.mlir").write_text(BAD)
    run("check", "a.mlir")
    (entry,) = _entries()
    old = entry.with_name(entry.name + ".123.abcd.tmp")
    fresh = entry.with_name(entry.name + ".124.abcd.tmp")
    old.write_text("half")
    fresh.write_text("half")  # maybe a run writing now
    os.utime(old, (0, 0))
    Path("b.mlir").write_text(BAD)
    run("check", "b.mlir")
    assert not old.exists() and fresh.exists()


def test_clean_removes_the_cache(run: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BROADCHECK_CACHE_DIR")
    Path("a.mlir").write_text(BAD)
    Path("b.mlir").write_text(GOOD)
    run("check", "a.mlir", "b.mlir")
    assert (tree / ".broadcheck_cache" / "CACHEDIR.TAG").exists()
    result = run("clean")
    assert result.code == 0 and result.out == ""
    assert result.err.startswith("broadcheck: removed 2 cache entries (")
    assert not (tree / ".broadcheck_cache").exists()
    again = run("clean")
    assert (again.code, again.err) == (0, f"broadcheck: no cache to remove at '{tree / '.broadcheck_cache'}'\n")
    # where the configuration puts it
    Path("pyproject.toml").write_text('[tool.broadcheck]\ncache-dir = "c"\n')
    run("check", "a.mlir")
    assert len(list(cache.entries(str(tree / "c")))) == 1
    assert run("clean").code == 0 and not (tree / "c").exists()


def test_clean_leaves_what_broadcheck_did_not_write(run: Invoke, tree: Path) -> None:
    mine = tree / "mine"
    (mine / "ab").mkdir(parents=True)
    (mine / "ab" / "notes.txt").write_text("the user's own\n")
    (mine / "notes.txt").write_text("the user's own\n")
    (mine / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n# the user's own tag\n")
    Path("a.mlir").write_text(BAD)
    run("check", "--cache-dir", str(mine), "a.mlir")
    result = run("clean", "--cache-dir", str(mine))
    assert result.err.startswith("broadcheck: removed 1 cache entry (")
    left = sorted(str(p.relative_to(mine)) for p in mine.rglob("*"))
    assert left == ["CACHEDIR.TAG", "ab", "ab/notes.txt", "notes.txt"]


def test_clean_never_follows_a_symlink(run: Invoke, tree: Path) -> None:
    target = tree / "target"
    run("check", "--cache-dir", str(target), "examples")
    count = len(list(cache.entries(str(target))))
    assert count > 5
    (tree / "link").symlink_to(target)
    result = run("clean", "--cache-dir", str(tree / "link"))
    assert (result.code, result.err) == (
        2,
        f"broadcheck: error: the cache directory '{tree / 'link'}' is a symbolic link; not cleaned\n",
    )
    assert run("clean", "--cache-dir", f"{tree / 'link'}/").code == 2
    assert len(list(cache.entries(str(target)))) == count
