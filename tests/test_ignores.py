"""Walks skip what ``.gitignore`` says, exactly as git does: each case is a repository whose
files a walk must find just as ``git ls-files --others --exclude-standard`` lists them (the
untracked files git does not ignore), from the top and from subdirectories."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from broadcheck.ignores import parse_line, translate
from broadcheck.inputs import expand
from tests.waits import HANG

GIT = shutil.which("git")
pytestmark = pytest.mark.skipif(GIT is None, reason="git is not installed")

FILES = [
    "a.mlir",
    "b.mlir",
    "x/a.mlir",
    "x/b.mlir",
    "x/y/a.mlir",
    "x/y/z/b.mlir",
    "build/a.mlir",
    "build/sub/c.mlir",
    "src/build/d.mlir",
    "src/x/build.mlir",
    "src/x/y/e.mlir",
    "doc/frotz/e.mlir",
    "a/frotz/f.mlir",
    "foo/bar/g.mlir",
    "foo/baz/bar/h.mlir",
    "foo/bar.mlir",
    "abc/i.mlir",
    "Build/upper.mlir",
    "sp ace.mlir",
    "#hash.mlir",
    "!bang.mlir",
    "[br].mlir",
    "q?.mlir",
    "star*.mlir",
    "trail .mlir",
    "deep/a/b/c/d.mlir",
    "c.mlir",
    "-.mlir",
    "x.mlir.mlir",
    "é.mlir",
]

# (name, {ignore file: content}); every content is also tried with CRLF line endings.
CASES: list[tuple[str, dict[str, str]]] = [
    ("a name at any depth", {".gitignore": "build\n"}),
    ("a directory name", {".gitignore": "build/\n"}),
    ("anchored at the top", {".gitignore": "/build\n"}),
    ("anchored directory", {".gitignore": "/build/\n"}),
    ("every file, one back", {".gitignore": "*.mlir\n!a.mlir\n"}),
    ("a path with a slash", {".gitignore": "x/y\n"}),
    ("a middle double star", {".gitignore": "x/**/b.mlir\n"}),
    ("a leading double star", {".gitignore": "**/build\n"}),
    ("double stars around", {".gitignore": "**/build/**\n"}),
    ("a trailing double star", {".gitignore": "build/**\n"}),
    ("re-include under a double star", {".gitignore": "build/**\n!build/sub/\n"}),
    ("re-include in an ignored directory", {".gitignore": "build/\n!build/a.mlir\n"}),
    ("a star in a name", {".gitignore": "a*.mlir\n"}),
    ("a question mark", {".gitignore": "?.mlir\n"}),
    ("a class", {".gitignore": "[ab].mlir\n"}),
    ("a negated class", {".gitignore": "[!a].mlir\n"}),
    ("a caret class", {".gitignore": "[^ab].mlir\n"}),
    ("a range", {".gitignore": "[a-c].mlir\n"}),
    ("a named class", {".gitignore": "[[:alpha:]].mlir\n"}),
    ("a digit class", {".gitignore": "[[:digit:]].mlir\n[[:punct:]].mlir\n"}),
    ("a bracket first in a class", {".gitignore": "[]b[].mlir\n"}),
    ("an escaped hash", {".gitignore": "\\#hash.mlir\n"}),
    ("a comment", {".gitignore": "#hash.mlir\n"}),
    ("an escaped bang", {".gitignore": "\\!bang.mlir\n"}),
    ("a space inside", {".gitignore": "sp ace.mlir\n"}),
    ("trailing spaces dropped, not tabs", {".gitignore": "b.mlir   \nc.mlir\t\n"}),
    ("an escaped trailing space", {".gitignore": "trail\\ \ntrail\\ .mlir\n"}),
    ("a nested directory path", {".gitignore": "doc/frotz/\n"}),
    ("a directory name at any depth", {".gitignore": "frotz/\n"}),
    ("double star between", {".gitignore": "foo/**/bar\n"}),
    ("a star directory", {".gitignore": "*/a.mlir\n"}),
    ("everything in a directory, one back", {".gitignore": "x/*\n!x/y/\n"}),
    ("case matters", {".gitignore": "Build\n"}),
    ("a trailing backslash", {".gitignore": "abc\\\n"}),
    ("an unclosed class", {".gitignore": "[ab\nc.mlir\n"}),
    ("a deep double star", {".gitignore": "deep/**/d.mlir\n"}),
    ("everything", {".gitignore": "**\n"}),
    ("everything but mlir files", {".gitignore": "*\n!*/\n!*.mlir\n"}),
    ("an escaped star", {".gitignore": "star\\*.mlir\n"}),
    ("an escaped question mark", {".gitignore": "q\\?.mlir\n"}),
    ("a literal bracket", {".gitignore": "\\[br\\].mlir\n"}),
    ("a non-ASCII name", {".gitignore": "é.mlir\n"}),
    ("a double extension", {".gitignore": "*.mlir.mlir\n"}),
    ("a dash", {".gitignore": "-.mlir\n"}),
    ("stars of three", {".gitignore": "***/b.mlir\n"}),
    ("a double star inside a name", {".gitignore": "x/**b.mlir\n"}),
    ("a leading slash and a star", {".gitignore": "/*.mlir\n"}),
    ("a blank line and comments", {".gitignore": "\n# build\n\n   \nfoo\n"}),
    ("a lone bang", {".gitignore": "!\nbuild\n"}),
    ("a lone slash", {".gitignore": "/\n"}),
    ("nested files", {".gitignore": "*.mlir\n", "x/.gitignore": "!b.mlir\n", "x/y/.gitignore": "!*.mlir\n"}),
    ("a nested anchored pattern", {"x/.gitignore": "/a.mlir\ny/z\n"}),
    ("a nested name", {"src/.gitignore": "build\n"}),
    ("a deeper file wins", {".gitignore": "!a.mlir\n", "x/.gitignore": "a.mlir\n"}),
    ("the repository's exclude file", {".git/info/exclude": "abc/\n*.mlir.mlir\n"}),
    ("exclude file and gitignore", {".git/info/exclude": "a.mlir\n", ".gitignore": "!x/a.mlir\n"}),
    ("a range of symbols", {".gitignore": "[!-#].mlir\n"}),
    ("a class with an escaped bracket", {".gitignore": "[\\]a].mlir\n"}),
    ("an unknown named class", {".gitignore": "[[:nope:]].mlir\nb.mlir\n"}),
]


def _git(cwd: Path, *args: str, stdin: str | None = None) -> str:
    home = cwd.parent / "home"
    home.mkdir(exist_ok=True)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "LC_ALL": "C",
    }
    data = None if stdin is None else stdin.encode("utf-8", "surrogateescape")
    done = subprocess.run([GIT or "git", *args], cwd=cwd, env=env, capture_output=True, check=True, input=data)
    return done.stdout.decode("utf-8", "surrogateescape")


def _repository(tmp_path: Path, ignores: dict[str, str]) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    for name in FILES:
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("// x\n")
    for name, content in ignores.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(content, newline="")
    return repo


def _untracked(repo: Path, top: str) -> set[str]:
    """What git lists as untracked and not ignored under ``top``: ``*.mlir`` files, relative to the repository."""
    listed = _git(repo / top, "ls-files", "-z", "--others", "--exclude-standard", "--full-name")
    return {p for p in listed.split("\0") if p.endswith(".mlir")}


def _ignored(repo: Path, paths: tuple[str, ...]) -> set[str]:
    """Which of ``paths`` git's rules ignore (whether or not something under them is tracked)."""
    try:
        listed = _git(repo, "check-ignore", "-z", "--stdin", "--no-index", stdin="\0".join(paths) + "\0")
        return {p for p in listed.split("\0") if p}
    except subprocess.CalledProcessError:  # exit 1: none is
        return set()


def _walked(repo: Path, top: str) -> set[str]:
    previous = os.getcwd()
    os.chdir(repo)
    try:
        found = [p for p in expand((top,)) if isinstance(p, str)]
    finally:
        os.chdir(previous)
    return {os.path.normpath(p).replace(os.sep, "/") for p in found}


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize(("name", "ignores"), CASES, ids=[c[0] for c in CASES])
def test_a_walk_finds_what_git_does_not_ignore(tmp_path: Path, name: str, ignores: dict[str, str], crlf: bool) -> None:
    if crlf:
        ignores = {k: v.replace("\n", "\r\n") for k, v in ignores.items()}
    repo = _repository(tmp_path, ignores)
    tops = ("x", "src", "build", "foo")
    ignored = _ignored(repo, tops)
    for top in (".", *tops):
        if top in ignored:
            # A directory named on the command line is walked even if it is itself ignored,
            # as ruff does (git lists nothing in it): test_a_named_ignored_directory_is_walked.
            continue
        want = _untracked(repo, top)
        got = _walked(repo, top)
        assert got == want, (name, top, sorted(got ^ want))


def test_a_named_ignored_directory_is_walked(tmp_path: Path) -> None:
    repo = _repository(tmp_path, {".gitignore": "build/\n*.tmp.mlir\n"})
    (repo / "build" / "x.tmp.mlir").write_text("// x\n")
    assert _walked(repo, "build") == {"build/a.mlir", "build/sub/c.mlir"}
    assert _walked(repo, ".") == _untracked(repo, ".")


def test_gitignore_outside_a_repository_is_not_read(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("*.mlir\n")
    (tmp_path / "a.mlir").write_text("// x\n")
    assert _walked(tmp_path, ".") == {"a.mlir"}


def test_an_ignore_file_applies_anywhere_and_wins_over_gitignore(tmp_path: Path) -> None:
    (tmp_path / ".ignore").write_text("*.mlir\n!keep.mlir\n")
    for name in ("a.mlir", "keep.mlir", "sub/b.mlir"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("// x\n")
    assert _walked(tmp_path, ".") == {"keep.mlir"}
    (tmp_path / "r").mkdir()
    repo = _repository(tmp_path / "r", {".gitignore": "!a.mlir\n", ".ignore": "a.mlir\n"})
    assert "a.mlir" not in _walked(repo, ".")
    assert "x/a.mlir" not in _walked(repo, ".")


def test_without_respecting_ignores_every_file_is_found(tmp_path: Path) -> None:
    repo = _repository(tmp_path, {".gitignore": "*\n"})
    previous = os.getcwd()
    os.chdir(repo)
    try:
        found = {os.path.normpath(p) for p in expand((".",), respect_ignores=False) if isinstance(p, str)}
    finally:
        os.chdir(previous)
    assert found == set(FILES)


@pytest.mark.parametrize(
    ("line", "is_dir", "path", "matched"),
    [
        ("foo", False, "a/foo", True),
        ("foo/", False, "foo", False),
        ("foo/", True, "foo", True),
        ("/foo", False, "a/foo", False),
        ("a/*/c", False, "a/b/c", True),
        ("a/*/c", False, "a/b/x/c", False),
        ("a/**/c", False, "a/b/x/c", True),
        ("a/**/c", False, "a/c", True),
    ],
)
def test_one_pattern(line: str, is_dir: bool, path: str, matched: bool) -> None:
    pattern = parse_line(line, "")
    assert pattern is not None
    assert pattern.matches(path, is_dir) is matched


def test_a_pattern_that_cannot_match() -> None:
    assert translate("[ab") is None
    assert translate("ab\\") is None


# ----------------------------------------------------------------------------- tracked files

TRACKED = ["build/a.mlir", "x/y/a.mlir", "a.mlir", "foo/bar/g.mlir", "deep/a/b/c/d.mlir", "é.mlir", "x.mlir.mlir"]


def _listed(repo: Path, top: str) -> set[str]:
    """What git lists under ``top`` as tracked, or untracked and not ignored: ``*.mlir`` files."""
    listed = _git(repo / top, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--full-name")
    return {p for p in listed.split("\0") if p.endswith(".mlir")}


@pytest.mark.parametrize(("name", "ignores"), CASES, ids=[c[0] for c in CASES])
def test_a_walk_never_skips_a_tracked_file(tmp_path: Path, name: str, ignores: dict[str, str]) -> None:
    repo = _repository(tmp_path, ignores)
    _git(repo, "add", "-f", "--", *TRACKED)  # `git add -f`: tracked though ignored
    tops = ("x", "src", "build", "foo")
    ignored = _ignored(repo, tops)
    for top in (".", *tops):
        if top in ignored:
            continue  # a named ignored directory is walked whole: test_a_named_ignored_directory_is_walked
        want = _listed(repo, top)
        got = _walked(repo, top)
        assert got == want, (name, top, sorted(got ^ want))


def test_a_tracked_file_in_an_ignored_directory_is_checked(tmp_path: Path) -> None:
    repo = _repository(tmp_path, {".gitignore": "build/\n*.mlir\n!keep/\n"})
    bad = "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
    (repo / "build" / "sub" / "bad.mlir").write_text(bad)
    (repo / "build" / "sub" / "untracked.mlir").write_text(bad)
    _git(repo, "add", "-f", "build/sub/bad.mlir")
    assert _walked(repo, ".") == {"build/sub/bad.mlir"}
    done = subprocess.run(
        [sys.executable, "-m", "broadcheck", "check", "--output-format", "concise", "."],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.startswith("./build/sub/bad.mlir:1:6: error:")
    assert "untracked" not in done.stdout


def test_without_git_the_ignore_rules_still_hold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _repository(tmp_path, {".gitignore": "build/\n"})
    _git(repo, "add", "-f", "build/a.mlir")
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))  # no git to ask: today's rules
    assert not any(p.startswith("build/") for p in _walked(repo, "."))


# ----------------------------------------------------------------------------- ignore files git does not read


@pytest.mark.parametrize("where", [".gitignore", "x/.gitignore", ".ignore", ".git/info/exclude"])
@pytest.mark.parametrize("what", ["symlink", "fifo", "dev-zero"])
def test_an_ignore_file_that_is_not_a_regular_file(tmp_path: Path, where: str, what: str) -> None:
    repo = _repository(tmp_path, {})
    (repo / "real").write_text("*.mlir\n")
    place = repo / where
    place.parent.mkdir(parents=True, exist_ok=True)
    if place.exists():
        place.unlink()
    if what == "symlink":
        place.symlink_to(repo / "real")
    elif what == "fifo":
        os.mkfifo(place)  # git would wait on it for ever; a walk must not
    else:
        place.symlink_to("/dev/zero")
    got = _walked(repo, ".")
    if what == "symlink" and where == ".git/info/exclude":
        assert got == set()  # git follows a link there (and only there)
    else:
        assert got == set(FILES)
    if what == "symlink" and where != ".ignore":  # git itself, where it does not hang
        assert got == _untracked(repo, ".")


def test_an_ignore_file_over_the_bound_is_not_read(tmp_path: Path) -> None:
    from broadcheck import ignores
    from broadcheck.inputs import NotFollowed

    repo = _repository(tmp_path, {".gitignore": "#" * (ignores.READ_LIMIT + 1) + "\n*.mlir\n"})
    (repo / "x" / ".ignore").symlink_to("/dev/zero")
    previous = os.getcwd()
    os.chdir(repo)
    try:
        walked = list(expand((".",)))
    finally:
        os.chdir(previous)
    assert {os.path.normpath(p) for p in walked if isinstance(p, str)} == set(FILES)
    assert [(p.path, p.reason) for p in walked if isinstance(p, NotFollowed)] == [
        ("./.gitignore", "ignore file not read (larger than 4 MiB)"),
        ("./x/.ignore", "ignore file not read (a symbolic link)"),
    ]


# ----------------------------------------------------------------------------- linear matching


def _count_matching(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    from broadcheck import ignores

    counts = {"match": 0, "compile": 0}
    best, init = ignores._Kind.best, ignores._Kind.__init__

    def counted_best(self: Any, subject: str) -> int:
        counts["match"] += 1
        return best(self, subject)

    def counted_init(self: Any, lines: Any) -> None:
        counts["compile"] += 1
        init(self, lines)

    monkeypatch.setattr(ignores._Kind, "best", counted_best)
    monkeypatch.setattr(ignores._Kind, "__init__", counted_init)
    return counts


@pytest.mark.parametrize("kind", ["literal", "glob"])
def test_matching_is_linear_in_files_and_patterns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """Work counted, never timed: each entry asks each ignore file's compiled matchers once,
    however many patterns there are; each file's patterns are compiled once, however many entries."""
    counts = _count_matching(monkeypatch)

    def work(patterns: int, files: int) -> tuple[int, int, set[str]]:
        top = tmp_path / f"{patterns}-{files}"
        (top / "d").mkdir(parents=True)
        lines = [(f"p{i}.mlir" if kind == "literal" else f"p{i}*.mlir") for i in range(patterns)]
        (top / ".ignore").write_text("\n".join(lines) + "\n")
        for i in range(files):
            (top / "d" / f"f{i}.mlir").write_text("")
        counts.update(match=0, compile=0)
        found = {p for p in expand((str(top),)) if isinstance(p, str)}
        return counts["match"], counts["compile"], found

    base, compiled, found = work(100, 100)
    assert len(found) == 100 and compiled <= 4
    assert work(4000, 100)[:2] == (base, compiled)  # 40 times the patterns: the same work
    more, compiled_more, _ = work(100, 400)
    assert compiled_more == compiled and more <= 4 * base + 4  # 4 times the files: 4 times the work
    assert base <= 2 * (100 + 1)  # one or two matchers per entry (files, and directories)


# ----------------------------------------------------------------------------- random trees against git

NAMES = ["a", "b", "build", "x", "sp ace", "é", "Build", "[c]"]
PIECES = ["a", "b", "build", "x", "*", "?", "**", "[ab]", "é", "Build", "*.mlir", "a.mlir", "[c].mlir", "\\[c\\].mlir"]


def _random_pattern(rng: random.Random) -> str:
    parts = [rng.choice(PIECES) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    line = "/".join(parts)
    if rng.random() < 0.2:
        line = "/" + line
    if rng.random() < 0.2:
        line += "/"
    if rng.random() < 0.25:
        line = "!" + line
    return line


def _random_tree(repo: Path, rng: random.Random) -> list[str]:
    """Directories, ``*.mlir`` files, ignore files and directory links at random; the files."""
    directories = [""]
    for _ in range(rng.randint(1, 8)):
        parent = rng.choice(directories)
        if parent.count("/") < 3:
            directories.append(f"{parent}/{rng.choice(NAMES)}".lstrip("/"))
    files = []
    for directory in directories:
        (repo / directory).mkdir(parents=True, exist_ok=True)
        for _ in range(rng.randint(0, 3)):
            name = f"{directory}/{rng.choice(NAMES)}.mlir".lstrip("/")
            if not (repo / name).is_dir():
                (repo / name).write_text("// x\n")
                files.append(name)
        if rng.random() < 0.4:
            lines = [_random_pattern(rng) for _ in range(rng.randint(1, 4))]
            (repo / directory / ".gitignore").write_text("\n".join(lines) + "\n")
        if rng.random() < 0.15:
            link = repo / directory / "link"
            if not os.path.lexists(link):
                link.symlink_to(repo / rng.choice(directories))
    if rng.random() < 0.3:
        (repo / ".git" / "info").mkdir(parents=True, exist_ok=True)
        (repo / ".git" / "info" / "exclude").write_text(_random_pattern(rng) + "\n")
    return sorted(set(files))


TREES = int(os.environ.get("BROADCHECK_WALK_TREES", "60"))


@pytest.mark.parametrize("seed", range(TREES))
def test_random_trees_walk_as_git_lists(tmp_path: Path, seed: int) -> None:
    """Random trees, ignore files and tracked files: a walk finds the ``*.mlir`` files git lists
    as tracked, or untracked and not ignored (``BROADCHECK_WALK_TREES=700`` for a campaign)."""
    rng = random.Random(seed)
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    files = _random_tree(repo, rng)
    tracked = [f for f in files if rng.random() < 0.3]
    if tracked:
        _git(repo, "add", "-f", "--", *tracked)
    tops = sorted({str(Path(f).parent) for f in files} | {"."})
    above = {str(p) for t in tops for p in Path(t).parents if str(p) != "."}
    ignored = _ignored(repo, tuple(sorted((set(tops) | above) - {"."})))
    for top in tops:
        if top in ignored or any(top.startswith(i + "/") for i in ignored):
            continue  # named, an ignored directory is walked whole (as ruff does)
        want = _listed(repo, top)
        got = _walked(repo, top)
        assert got == want, (seed, top, sorted(got ^ want))
